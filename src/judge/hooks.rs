//! The seam through which a variant changes the judge's decisions.
//!
//! The judge computes every strength and decision by the DATC rules, then hands the value
//! to a [`Hooks`] method, which may return another. The default methods return the value
//! unchanged, so `&Standard` is plain Diplomacy. The judge never knows which variant is
//! behind the trait.
//!
//! Hooks must be pure: the resolver re-runs decisions under different guesses (DATC 5.F),
//! so a hook may be called many times for the same question and must answer the same way
//! each time for the same state of the [`Probe`].

use super::{Act, UnitId};
use crate::map::{Power, ProvId};

/// A strength in DATC terms. [`UNBEATABLE`] is larger than any sum of supports.
pub type Strength = u32;

/// A strength nothing on the board can equal.
pub const UNBEATABLE: Strength = u32::MAX / 4;

/// What a hook may ask the judge about the phase being resolved.
pub trait Probe {
    /// The power owning a unit.
    fn power(&self, unit: UnitId) -> Power;
    /// The unit's order as the judge reads it (after validation: a void order is `Hold`).
    fn act(&self, unit: UnitId) -> Act;
    /// The province a unit stands in.
    fn province(&self, unit: UnitId) -> ProvId;
    /// Is a unit of another power ordered to move into this unit's province, with a route
    /// that holds (for a convoyed army, its convoy)? The same notion as for cutting support.
    fn attacked_by_other_power(&mut self, unit: UnitId) -> bool;
}

/// A variant's changes to movement, retreat and adjustment rules. Every method has the
/// standard answer as its default.
pub trait Hooks: Sync {
    /// Hold strength of a unit's province (DATC 5.B.5), `base` by the standard rules.
    fn hold_strength(&self, _p: &mut dyn Probe, _unit: UnitId, base: Strength) -> Strength {
        base
    }
    /// Attack strength of a move, compared against the strength of `opposing` (the unit in
    /// the destination, the head-to-head opponent, or another unit moving to the same
    /// province; `None` for an empty destination). Only called when the move has a route.
    fn attack_strength(
        &self,
        _p: &mut dyn Probe,
        _mover: UnitId,
        _opposing: Option<UnitId>,
        base: Strength,
    ) -> Strength {
        base
    }
    /// Defend strength of a move in a head-to-head battle against `attacker`.
    fn defend_strength(&self, _p: &mut dyn Probe, _mover: UnitId, _attacker: UnitId, base: Strength) -> Strength {
        base
    }
    /// Prevent strength of a move against `attacker`, another unit moving to the same place.
    fn prevent_strength(&self, _p: &mut dyn Probe, _mover: UnitId, _attacker: UnitId, base: Strength) -> Strength {
        base
    }
    /// Does this move count at all as an attack (cutting support, preventing others)?
    fn move_has_effect(&self, _p: &mut dyn Probe, _mover: UnitId) -> bool {
        true
    }
    /// Is this support cut? `base` is the standard answer.
    fn support_cut(&self, _p: &mut dyn Probe, _supporter: UnitId, base: bool) -> bool {
        base
    }
    /// Does this convoy fail whatever happens to the fleet?
    fn convoy_fails(&self, _p: &mut dyn Probe, _fleet: UnitId) -> bool {
        false
    }
    /// May this unit, dislodged in the movement phase being resolved, retreat to this
    /// province (besides the standard conditions)? The answer travels to the retreat phase
    /// in the dislodged unit's list of retreats.
    fn may_retreat_to(&self, _unit: UnitId, _to: ProvId) -> bool {
        true
    }
    /// Builds allowed beyond the supply-centre count in an adjustment phase (negative: fewer).
    fn extra_builds(&self, _power: Power) -> i32 {
        0
    }
}

/// The standard rules: every hook answers with the standard value.
pub struct Standard;

impl Hooks for Standard {}
