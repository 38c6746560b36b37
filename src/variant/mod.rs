//! What varies between games of Diplomacy: the rules a position is judged by.
//!
//! Each variant is one module here. A variant changes the judge's decisions only through
//! [`crate::judge::Hooks`]; the judge never names a variant.

pub mod diable;

use crate::judge::{self, OrderResult, Outcome, Standard, Unit};
use crate::map::Map;
use crate::phase::PhaseKind;
use crate::position::{DivineReport, Position};

/// What a variant's rule did to an order: a cause the judge carries
/// ([`crate::judge::Cause::Variant`]) but never gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantCause {
    /// Diable et Bon Dieu: what the Devil's curse did to the cursed unit's order.
    Cursed(diable::Cursed),
}

/// Adjudicates a position by the rules of its variant. The second value is the variant's
/// own report (the `divine:` block for Diable et Bon Dieu).
pub fn adjudicate(map: &Map, position: &Position) -> (Outcome, Option<DivineReport>) {
    match position.variant.as_str() {
        "diable-et-bon-dieu" => {
            let casts = diable::Casts::from_raw(position.divine.clone().unwrap_or_default());
            let (outcome, report) = diable::adjudicate(map, position.phase, &position.board, &position.orders, &casts);
            (outcome, Some(report))
        }
        _ => (
            judge::adjudicate(map, position.phase, &position.board, &position.orders, &Standard),
            None,
        ),
    }
}

/// A retreat phase skipped by [`skip_empty_retreat`].
pub struct Skipped {
    /// The retreat phase's results: one disband per unit.
    pub results: Vec<OrderResult>,
    /// The units disbanded (`next.disbanded` of the position file).
    pub disbanded: Vec<Unit>,
}

/// A retreat phase in which no dislodged unit has anywhere to go decides nothing: it is
/// judged at once with no orders (every dislodged unit is disbanded) and `outcome` goes on
/// to the phase after it, as a running game does instead of waiting a retreat deadline for
/// nothing. `None` when the retreat phase has something to decide (or there is none).
pub fn skip_empty_retreat(map: &Map, variant: &str, outcome: &mut Outcome) -> Option<Skipped> {
    let nowhere = |d: &judge::Dislodged| d.retreats.as_ref().is_some_and(|r| r.is_empty());
    if outcome.next_phase.kind != PhaseKind::Retreat || !outcome.next.dislodged.iter().all(nowhere) {
        return None;
    }
    let disbanded = outcome.next.dislodged.iter().map(|d| d.unit).collect();
    let retreat = Position {
        variant: variant.to_string(),
        phase: outcome.next_phase,
        board: outcome.next.clone(),
        orders: Vec::new(),
        divine: None,
    };
    let (judged, _) = adjudicate(map, &retreat);
    outcome.next_phase = judged.next_phase;
    outcome.next = judged.next;
    Some(Skipped {
        results: judged.results,
        disbanded,
    })
}
