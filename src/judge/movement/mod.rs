//! Movement phases: validating the orders, then resolving them with Kruijswijk's
//! guess-and-check algorithm (DATC 5.F) over the DATC decisions: MOVE, SUPPORT, CONVOY and
//! PATH, with ATTACK, HOLD, DEFEND and PREVENT strength (DATC 5.B).
//!
//! Rule choices are the DATC v3 preferences (2023 rules); the branches that exist because of
//! one cite its number.
//!
//! The work is split along its jobs:
//! - [`validate`]: which orders are legal (DATC 4.E.1), and which supports and convoys match;
//! - [`convoy`]: the fleets at sea and the convoy routes they make, for validation;
//! - [`resolver`]: the guess-and-check resolver (DATC 5.F) and its tables of who acts on whom;
//! - [`strength`]: PATH and the strengths (DATC 5.B.4 to 5.B.8);
//! - [`decision`]: MOVE, SUPPORT and CONVOY (DATC 5.B.1 to 5.B.3), and the causes of failures.
//!
//! This module runs them in turn and builds the board after the phase.

mod convoy;
mod decision;
mod resolver;
mod strength;
mod validate;

use super::hooks::Hooks;
use super::{skip_to_next, Board, Dislodged, Outcome, Submitted, Unit, UnitId, Verdict};
use crate::map::{Loc, Map, ProvId, UnitType};
use crate::phase::Phase;
use resolver::Resolver;
use std::cell::Cell;
pub use validate::read_acts;
use validate::validate;

/// "No unit" in the resolver's linked lists and the groups of fleets.
const NONE: u32 = super::NO_UNIT;

/// A unit's order as the judge reads it, after validation. A void order, or a support or
/// convoy that does not match, is `Hold`: the unit holds and may receive support to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Hold,
    /// `convoyed`: the army goes by convoy (a route of fleets is needed; no land fallback).
    Move {
        dest: Loc,
        convoyed: bool,
    },
    /// `dest` is `None` for a support to hold.
    Support {
        target: UnitId,
        dest: Option<ProvId>,
    },
    Convoy {
        army: UnitId,
        dest: ProvId,
    },
}

impl Act {
    fn dest(self) -> Option<ProvId> {
        match self {
            Act::Move { dest, .. } => Some(dest.prov),
            _ => None,
        }
    }
}

/// The buffers of a movement phase's working tables: the unit in each province, the legal
/// orders, the order kept per unit, the acts, the resolver's lists and stacks. Between
/// phases they are kept for the next phase on the same thread (as the order reader keeps
/// its own), so that a phase allocates only what it returns: without them, these eight
/// allocations were a tenth of the time of a DATC case of a few units.
#[derive(Default)]
struct Spare {
    at: Vec<[u32; 2]>,
    legal: Vec<(usize, UnitId, validate::Legal)>,
    chosen: Vec<Option<(usize, validate::Legal)>>,
    acts: Vec<Act>,
    links: Vec<resolver::UnitLinks>,
    deps: Vec<UnitId>,
    scratch: Vec<u32>,
}

thread_local! {
    /// The buffers of the last movement phase resolved on this thread.
    static SPARE: Cell<Option<Spare>> = const { Cell::new(None) };
}

/// Buffers longer than this (a very large board) are not kept for the next phase.
const KEEP_AT_MOST: usize = 1 << 16;

impl Spare {
    fn take() -> Spare {
        SPARE.try_with(Cell::take).ok().flatten().unwrap_or_default()
    }

    fn keep(self) {
        let most = [
            self.at.capacity(),
            self.legal.capacity(),
            self.chosen.capacity(),
            self.acts.capacity(),
            self.links.capacity(),
            self.deps.capacity(),
            self.scratch.capacity(),
        ];
        if most.iter().all(|&c| c <= KEEP_AT_MOST) {
            // During the thread's teardown there is nowhere to keep them: they are freed.
            let _ = SPARE.try_with(|s| s.set(Some(self)));
        }
    }
}

/// Resolves a movement phase.
pub fn adjudicate(map: &Map, phase: Phase, board: &Board, orders: &[Submitted], hooks: &dyn Hooks) -> Outcome {
    let mut spare = Spare::take();
    let at = super::index_by_province_in(map, &board.units, std::mem::take(&mut spare.at));
    let v = validate(map, board, &at, orders, &mut spare);
    let mut r = Resolver::new(map, &board.units, &v.acts, at, hooks, &mut spare);
    resolve_all(&mut r);
    let mut results = v.results;
    for res in results.iter_mut() {
        if res.verdict == Verdict::Void {
            continue;
        }
        if let Some(u) = res.unit {
            let (verdict, cause) = r.explain(u);
            res.verdict = verdict;
            res.cause = cause;
        }
    }
    // Who dislodged each unit (`NONE` for none), asked once per unit, in the resolver's
    // spare buffer.
    let mut dislodger = std::mem::take(&mut r.scratch);
    dislodger.clear();
    dislodger.extend((0..board.units.len()).map(|u| r.dislodged_by(u).map_or(NONE, |m| m as u32)));
    let dislodged_by = |u: UnitId| (dislodger[u] != NONE).then_some(dislodger[u] as UnitId);
    // Dislodged units: say so in the result of their order, void or not.
    for res in results.iter_mut() {
        if let Some(u) = res.unit {
            if let Some(by) = dislodged_by(u) {
                if res.verdict == Verdict::Succeeds {
                    // A unit that was to hold, and did not, failed.
                    res.verdict = Verdict::Fails;
                }
                res.dislodged_by = Some(board.units[by]);
            }
        }
    }

    let mut next = Board {
        units: Vec::with_capacity(board.units.len()),
        dislodged: Vec::new(),
        contested: Vec::new(),
        centers: board.centers.clone(),
    };
    let mut any_dislodged = false;
    for (u, unit) in board.units.iter().enumerate() {
        if dislodged_by(u).is_some() {
            any_dislodged = true;
            continue;
        }
        let mut unit = *unit;
        if let Act::Move { dest, .. } = v.acts[u] {
            if r.resolve(u) {
                unit.loc = dest;
            }
        }
        next.units.push(unit);
    }
    // Standoffs and retreats matter only to a retreat phase, which follows only when a unit
    // is dislodged (everything is resolved by now: skipping this changes no decision).
    if any_dislodged {
        let mut taken = taken(map, &next);
        next.contested = r.contested(&taken);
        // The contested provinces are taken too.
        for &p in &next.contested {
            taken[p as usize] = true;
        }
        for u in 0..board.units.len() {
            let Some(by) = dislodged_by(u) else { continue };
            let attacker_from = match v.acts[by] {
                Act::Move { convoyed: true, .. } => None,
                _ => Some(board.units[by].loc.prov),
            };
            let unit = board.units[u];
            let retreats = retreat_options(map, &taken, unit, attacker_from, |to| hooks.may_retreat_to(u, to));
            next.dislodged.push(Dislodged {
                unit,
                attacker_from,
                retreats: Some(retreats),
            });
        }
    }
    r.scratch = dislodger;
    r.into_spare(&mut spare);
    spare.acts = v.acts;
    spare.keep();
    let next_phase = skip_to_next(map, phase, &mut next, hooks);
    if next_phase.kind != crate::phase::PhaseKind::Retreat {
        next.dislodged.clear();
        next.contested.clear();
    }
    Outcome {
        phase,
        results,
        next_phase,
        next,
        waived: Default::default(),
    }
}

/// Resolves every order. The resolver recurses along chains of dependent orders, so a large
/// board is resolved on a thread whose stack grows with the number of units.
fn resolve_all(r: &mut Resolver<'_>) {
    let n = r.units.len();
    if n <= 2_000 {
        for u in 0..n {
            r.resolve(u);
        }
        return;
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(64 * 1024 * 1024 + n * 16 * 1024)
            .spawn_scoped(s, || {
                for u in 0..n {
                    r.resolve(u);
                }
            })
            .expect("a thread for the resolver")
            .join()
            .expect("the resolver does not panic");
    });
}

/// `taken[p]`: after the movement, a unit stands in province `p` or `p` was left empty by a
/// standoff (`board.contested`).
pub fn taken(map: &Map, board: &Board) -> Vec<bool> {
    let mut taken = vec![false; map.provinces.len()];
    for u in &board.units {
        taken[u.loc.prov as usize] = true;
    }
    for &p in &board.contested {
        taken[p as usize] = true;
    }
    taken
}

/// Where a dislodged unit may go: an adjacent place not [`taken`] after the movement (empty,
/// and not left empty by a standoff), and not the province the attacker came from (unless
/// it came by convoy, DATC 4.A.5).
pub fn retreat_options(
    map: &Map,
    taken: &[bool],
    unit: Unit,
    attacker_from: Option<ProvId>,
    allowed: impl Fn(ProvId) -> bool,
) -> Vec<Loc> {
    let candidates: Vec<Loc> = match unit.kind {
        UnitType::Army => map.army_borders(unit.loc.prov).iter().map(|&p| Loc::new(p)).collect(),
        UnitType::Fleet => map.fleet_borders(unit.loc).to_vec(),
    };
    let mut out: Vec<Loc> = candidates
        .into_iter()
        .filter(|l| Some(l.prov) != attacker_from && !taken[l.prov as usize] && allowed(l.prov))
        .collect();
    out.sort_by(|a, b| (map.code(a.prov), a.coast).cmp(&(map.code(b.prov), b.coast)));
    out
}

#[cfg(test)]
mod tests {
    use crate::map::Map;
    use crate::position::Position;

    /// DATC 4.B.6: the coast on a supported army's destination is dropped, in the result's
    /// text as in the judgement.
    #[test]
    fn an_irrelevant_coast_in_a_support_is_not_written_back() {
        let map = Map::standard();
        let text = "phase: Spring 1901 Movement\nunits:\n  France: [A GAS, A MAR, F MAO]\norders:\n  France:\n    \
                    - A GAS - SPA\n    - A MAR S A GAS - SPA/NC\n    - F MAO S A GAS - SPA/SC\n";
        let p = Position::parse(map, &crate::kinds::VARIANTS, text, "t").unwrap();
        let o = crate::kinds::diplomacy::adjudicate(map, &p).0;
        let orders: Vec<&str> = o.results.iter().map(|r| r.order.as_str()).collect();
        assert_eq!(orders, ["A GAS - SPA", "A MAR S A GAS - SPA", "F MAO S A GAS - SPA"]);
    }

    /// DATC 6.B.12, 4.B.6: an army's move written with a coast is attempted to the province,
    /// and its result names the province alone, as the mail's reply does, whatever letter is
    /// written for the board's army (DATC 4.C.2); a fleet's keeps a coast of the province,
    /// and loses one the province does not have.
    #[test]
    fn an_armys_coast_is_not_written_back() {
        let map = Map::standard();
        let text = "phase: Spring 1901 Movement\nunits:\n  France: [A GAS, F MAO, A BUR]\n  England: [F LON]\norders:\n  France:\n    \
                    - A GAS - SPA/NC\n    - F MAO - SPA/SC\n    - F BUR - MAR/SC\n  England:\n    - F LON - NTH/NC\n";
        let p = Position::parse(map, &crate::kinds::VARIANTS, text, "t").unwrap();
        let o = crate::kinds::diplomacy::adjudicate(map, &p).0;
        let orders: Vec<&str> = o.results.iter().map(|r| r.order.as_str()).collect();
        assert_eq!(orders, ["A GAS - SPA", "F MAO - SPA/SC", "A BUR - MAR", "F LON - NTH"]);
    }
}
