//! What varies between games of Diplomacy: the rules a position is judged by.
//!
//! Each variant is one module here. A variant changes the judge's decisions only through
//! [`crate::judge::Hooks`]; the judge never names a variant.

pub mod diable;

use crate::judge::{self, Outcome, Standard};
use crate::map::Map;
use crate::position::{DivineReport, Position};

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
