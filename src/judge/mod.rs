//! The judge: from a board and the written orders of one phase to the results and the
//! board after the phase, exactly as the DATC (v3, 2023 rules) prefers.
//!
//! - [`movement`]: order validation and the guess-and-check resolver (DATC section 5).
//! - [`retreat`]: retreats, with contested provinces and the attacker's origin.
//! - [`adjust`]: builds, removals, waives and civil disorder (2023 distance rule).
//! - [`hooks`]: the one seam through which a variant changes a decision.
//! - [`cause`]: why an order failed or is void, as a value ([`Cause`]); the words are made
//!   from it elsewhere ([`crate::words`]).
//!
//! The judge knows nothing of any variant and nothing of files or mail.

pub mod adjust;
pub mod cause;
pub mod hooks;
pub mod movement;
pub mod retreat;
mod text;

use crate::map::{Loc, Map, Power, ProvId, UnitType};
use crate::order::{push_unit_text, Order, Reader, UnitRef};
use crate::phase::{Phase, PhaseKind, Season};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

pub use cause::{Cause, NoRetreat, Then, VariantCause};
pub use hooks::{Hooks, Probe, Standard, Strength, UNBEATABLE};
pub use movement::Act;
pub use text::OrderText;

/// Index of a unit in [`Board::units`].
pub type UnitId = usize;

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Unit {
    pub power: Power,
    pub kind: UnitType,
    pub loc: Loc,
}

impl Unit {
    /// `A PAR`, `F STP/SC`.
    pub fn text(&self, map: &Map) -> String {
        let mut out = String::with_capacity(9);
        self.push_text(map, &mut out);
        out
    }

    /// The unit as an order names it: its type and place (`A PAR`).
    pub fn unit_ref(&self) -> UnitRef {
        UnitRef {
            kind: Some(self.kind),
            loc: self.loc,
        }
    }

    /// Appends `A PAR`, `F STP/SC` to `out`.
    pub fn push_text(&self, map: &Map, out: &mut String) {
        // Writing to a `String` cannot fail.
        let _ = self.write_text(map, out);
    }

    /// Writes `A PAR`, `F STP/SC` to `out` (a `String`, or a formatter for [`UnitName`]).
    fn write_text(&self, map: &Map, out: &mut impl fmt::Write) -> fmt::Result {
        out.write_char(self.kind.letter())?;
        out.write_char(' ')?;
        map.write_loc(out, self.loc)
    }
}

/// A unit's text for a message, written only if the message is (`{name}` in `format!`).
pub(crate) struct UnitName<'a>(pub &'a Map, pub Unit);

impl fmt::Display for UnitName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Piece by piece rather than through `write!`: it is in most results' orders.
        self.1.write_text(self.0, f)
    }
}

/// A unit dislodged in the movement phase, waiting for its retreat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dislodged {
    pub unit: Unit,
    /// Where the dislodging unit came from; `None` when it came by convoy (DATC 4.A.5).
    pub attacker_from: Option<ProvId>,
    /// The places it may retreat to, when already known (the judge computes them after a
    /// movement phase; a position file may restrict them).
    pub retreats: Option<Vec<Loc>>,
}

/// Everything on the board at the start of a phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pub units: Vec<Unit>,
    /// Retreat phases only.
    pub dislodged: Vec<Dislodged>,
    /// Retreat phases only: provinces left empty by a standoff.
    pub contested: Vec<ProvId>,
    /// Owner of each owned supply centre. Shared: the centres change only when an autumn
    /// ends, so the boards of the phases in between share one copy (change them with
    /// `Arc::make_mut`, which copies only when another board still holds them).
    pub centers: Arc<BTreeMap<ProvId, Power>>,
}

impl Board {
    pub fn unit_at(&self, prov: ProvId) -> Option<UnitId> {
        self.units.iter().position(|u| u.loc.prov == prov)
    }

    /// Every unit of the board, the dislodged ones awaiting their retreat included: until the
    /// retreat phase is resolved they still belong to their power.
    pub fn all_units(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().chain(self.dislodged.iter().map(|d| &d.unit))
    }

    /// Is a power still in the game: has it a unit (dislodged or not) or a supply centre?
    pub fn in_game(&self, power: Power) -> bool {
        self.all_units().any(|u| u.power == power) || self.centers.values().any(|&o| o == power)
    }

    /// The board at the start of a standard game.
    pub fn starting(map: &Map) -> Board {
        let units = map
            .starting_units
            .iter()
            .map(|&(power, kind, loc)| Unit { power, kind, loc })
            .collect();
        Board {
            units,
            centers: Arc::new(home_centers(map)),
            ..Board::default()
        }
    }
}

/// Every home centre owned by its home power.
pub fn home_centers(map: &Map) -> BTreeMap<ProvId, Power> {
    map.centers()
        .filter_map(|p| match map.center(p) {
            Some(crate::map::Center::Home(pw)) => Some((p, pw)),
            _ => None,
        })
        .collect()
}

/// An order as a power submitted it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submitted {
    pub power: Power,
    pub text: String,
}

/// What became of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Succeeds,
    Fails,
    /// Unreadable or illegal: ignored, the unit holds (DATC 4.E.1).
    Void,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Succeeds => "succeeds",
            Verdict::Fails => "fails",
            Verdict::Void => "void",
        }
    }
}

/// The result of one order, with its cause as a value (put into words by
/// [`crate::words`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderResult {
    pub power: Power,
    /// The order in normalised notation, or as written when it could not be read.
    pub order: OrderText,
    pub verdict: Verdict,
    /// Why the order failed or is void, or what the judge decided for the unit (a disband
    /// for want of a retreat, a removal in civil disorder); `None` when nothing needs saying.
    pub cause: Option<Cause>,
    /// Movement phases: the unit the order was for was dislodged, by this unit.
    pub dislodged_by: Option<Unit>,
    /// The unit the order was for, when it names one on the board.
    pub unit: Option<UnitId>,
    /// The order this result answers: its index in the orders submitted. `None` for what
    /// the judge decides when nothing was ordered (a removal in civil disorder, a dislodged
    /// unit disbanded for want of a retreat).
    pub given: Option<usize>,
}

/// The outcome of a phase.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub phase: Phase,
    pub results: Vec<OrderResult>,
    /// The next phase that has something to do, and the board at its start.
    pub next_phase: Phase,
    pub next: Board,
    /// Adjustment phases: each power's builds not made, which are waived: a `WAIVE`, a
    /// build that was void, or a build not ordered at all (in civil disorder too). A power
    /// that made every build it had, or had none, is absent; empty in the other phases.
    pub waived: BTreeMap<Power, u32>,
}

/// A result with nothing to say yet: `verdict`, no cause.
pub(crate) fn result(power: Power, order: impl Into<OrderText>, verdict: Verdict, unit: Option<UnitId>) -> OrderResult {
    OrderResult {
        power,
        order: order.into(),
        verdict,
        cause: None,
        dislodged_by: None,
        unit,
        given: None,
    }
}

/// The result of a void written order, with why.
pub(crate) fn void(power: Power, order: impl Into<OrderText>, unit: Option<UnitId>, cause: Cause) -> OrderResult {
    OrderResult {
        cause: Some(cause),
        ..result(power, order, Verdict::Void, unit)
    }
}

/// Numbers the results of the orders submitted, which the judge gives first, one per order
/// and in the order submitted (see [`OrderResult::given`]).
pub(crate) fn number_given(results: &mut [OrderResult], orders: usize) {
    debug_assert!(results.len() >= orders);
    for (i, r) in results.iter_mut().take(orders).enumerate() {
        r.given = Some(i);
    }
}

/// An order read and matched to a unit of the board, or the void result explaining why not.
pub(crate) enum Read {
    /// `as_written`: the order was written in the normalised notation, with its own unit
    /// as it is on the board (its text may serve as the result's, see
    /// `movement::validate`).
    Unit {
        unit: UnitId,
        order: Order,
        as_written: bool,
    },
    /// An order that names no unit (`BUILD`, `WAIVE`).
    Free(Order),
    /// Boxed: the other two are read for nearly every order, and small.
    Void(Box<OrderResult>),
}

/// Per province: which unit stands there, and, for the movement resolver, the first unit
/// ordered to move there (`NO_UNIT` for none). Two `u32` per province, in one table, so
/// that building it for every phase stays cheap.
pub(crate) struct ProvIndex(Vec<[u32; 2]>);

pub(crate) const NO_UNIT: u32 = u32::MAX;

impl ProvIndex {
    /// The unit standing in `p`.
    pub(crate) fn get(&self, p: ProvId) -> Option<UnitId> {
        match self.0[p as usize][0] {
            NO_UNIT => None,
            u => Some(u as UnitId),
        }
    }

    /// The head of the list of units moving into `p`, threaded through the resolver's
    /// per-unit table (`NO_UNIT` when none); set by the resolver.
    pub(crate) fn first_mover(&self, p: ProvId) -> u32 {
        self.0[p as usize][1]
    }

    pub(crate) fn set_first_mover(&mut self, p: ProvId, u: u32) {
        self.0[p as usize][1] = u;
    }

    /// The table, to keep as a spare buffer.
    pub(crate) fn into_buffer(self) -> Vec<[u32; 2]> {
        self.0
    }
}

/// The [`ProvIndex`] of `units`.
pub(crate) fn index_by_province(map: &Map, units: &[Unit]) -> ProvIndex {
    index_by_province_in(map, units, Vec::new())
}

/// [`index_by_province`] in `buf` (a spare buffer, its contents dropped).
pub(crate) fn index_by_province_in(map: &Map, units: &[Unit], mut buf: Vec<[u32; 2]>) -> ProvIndex {
    assert!(units.len() < NO_UNIT as usize, "too many units");
    buf.clear();
    buf.resize(map.provinces.len(), [NO_UNIT; 2]);
    for (i, u) in units.iter().enumerate() {
        buf[u.loc.prov as usize][0] = i as u32;
    }
    ProvIndex(buf)
}

/// Parses a submitted order and finds the unit it is for among `units` (`at`: their
/// [`ProvIndex`]), with `reader`'s buffers. The unit type and coast written are not checked: a wrong type or coast is
/// ignored (DATC 4.C.2, 4.B.5).
#[inline(always)]
pub(crate) fn read_order(map: &Map, units: &[Unit], at: &ProvIndex, reader: &mut Reader, sub: &Submitted) -> Read {
    let order = match reader.parse(map, &sub.text) {
        Ok(o) => o,
        Err(e) => {
            return Read::Void(Box::new(void(
                sub.power,
                sub.text.trim(),
                None,
                Cause::Unreadable(Box::new(e)),
            )))
        }
    };
    let Some(uref) = order.unit().copied() else {
        return Read::Free(order);
    };
    let Some(id) = at.get(uref.prov()) else {
        return Read::Void(Box::new(void(
            sub.power,
            order.to_text(map),
            None,
            Cause::NoUnit { prov: uref.prov() },
        )));
    };
    let unit = units[id];
    if unit.power != sub.power {
        return Read::Void(Box::new(void(
            sub.power,
            order.to_text(map),
            None,
            Cause::NotYours { unit },
        )));
    }
    let as_written = reader.canonical() && uref.kind == Some(unit.kind) && uref.loc == unit.loc;
    Read::Unit {
        unit: id,
        order: with_unit(order, unit),
        as_written,
    }
}

/// The order with its own unit written as it really is on the board.
fn with_unit(mut order: Order, unit: Unit) -> Order {
    // In place: rebuilding the order cost more than reading it.
    if let Some(u) = order.unit_mut() {
        *u = UnitRef {
            kind: Some(unit.kind),
            loc: unit.loc,
        };
    }
    order
}

/// One order per unit (DATC 4.D.3): `given` lists `(result index, unit, order)` for every
/// legal order. The same order twice counts once; a unit given different orders gets none
/// (`then` says what it does then: it holds, it is disbanded). Returns, per unit, the order
/// kept and its result index; marks the others void in `results`.
pub(crate) fn one_order_per_unit<T: Copy + PartialEq>(
    units: &[Unit],
    given: &[(usize, UnitId, T)],
    results: &mut [OrderResult],
    then: Then,
) -> Vec<Option<(usize, T)>> {
    one_order_per_unit_in(units, given, results, then, Vec::new())
}

/// [`one_order_per_unit`] in `chosen` (a spare buffer, its contents dropped).
pub(crate) fn one_order_per_unit_in<T: Copy + PartialEq>(
    units: &[Unit],
    given: &[(usize, UnitId, T)],
    results: &mut [OrderResult],
    then: Then,
    mut chosen: Vec<Option<(usize, T)>>,
) -> Vec<Option<(usize, T)>> {
    chosen.clear();
    chosen.resize(units.len(), None);
    // The units given different orders (allocated only when there is one).
    let mut different: Vec<bool> = Vec::new();
    for &(idx, u, order) in given {
        match chosen[u] {
            None if different.get(u) == Some(&true) => {}
            None => chosen[u] = Some((idx, order)),
            Some((_, prev)) if prev == order => {
                results[idx].verdict = Verdict::Void;
                results[idx].cause = Some(Cause::SameOrderTwice);
            }
            Some(_) => {
                different.resize(units.len(), false);
                different[u] = true;
                chosen[u] = None;
            }
        }
    }
    if !different.is_empty() {
        for &(idx, u, _) in given {
            if different[u] {
                results[idx].verdict = Verdict::Void;
                results[idx].cause = Some(Cause::DifferentOrders { unit: units[u], then });
            }
        }
    }
    chosen
}

/// Resolves one phase of any kind.
pub fn adjudicate(map: &Map, phase: Phase, board: &Board, orders: &[Submitted], hooks: &dyn Hooks) -> Outcome {
    match phase.kind {
        PhaseKind::Movement => movement::adjudicate(map, phase, board, orders, hooks),
        PhaseKind::Retreat => retreat::adjudicate(map, phase, board, orders, hooks),
        PhaseKind::Adjustment => adjust::adjudicate(map, phase, board, orders, hooks),
    }
}

/// After autumn, every supply centre with a unit in it belongs to that unit's power.
pub(crate) fn update_centers(map: &Map, board: &mut Board) {
    for u in &board.units {
        if map.is_center(u.loc.prov) && board.centers.get(&u.loc.prov) != Some(&u.power) {
            Arc::make_mut(&mut board.centers).insert(u.loc.prov, u.power);
        }
    }
}

/// The first phase from `phase` on that has something to do on `board`: retreat phases
/// need dislodged units, adjustment phases need a power whose units and centres differ.
/// Centres are updated when an autumn phase is left behind.
pub(crate) fn skip_to_next(map: &Map, mut phase: Phase, board: &mut Board, hooks: &dyn Hooks) -> Phase {
    loop {
        let from = phase;
        phase = phase.next();
        if from.season == Season::Fall && phase.season == Season::Winter {
            update_centers(map, board);
        }
        let busy = match phase.kind {
            PhaseKind::Movement => true,
            PhaseKind::Retreat => !board.dislodged.is_empty(),
            PhaseKind::Adjustment => adjust::any_adjustment_due(map, board, hooks),
        };
        if busy {
            return phase;
        }
    }
}

/// Appends `A PAR` for a unit reference that may lack its type, filled in from the board
/// (`at`: the unit in each province).
pub(crate) fn push_ref_text(map: &Map, units: &[Unit], at: &ProvIndex, r: &UnitRef, out: &mut String) {
    match at.get(r.prov()) {
        Some(u) => units[u].push_text(map, out),
        None => push_unit_text(map, r, out),
    }
}
