//! The decisions MOVE, SUPPORT and CONVOY (DATC 5.B.1 to 5.B.3), who dislodged whom, the
//! standoffs, and why an order failed ([`Cause`]).

use super::resolver::Resolver;
use super::{Act, NONE};
use crate::judge::{Cause, UnitId, Verdict};
use crate::map::ProvId;

impl Resolver<'_> {
    /// MOVE (DATC 5.B.1).
    pub(super) fn move_succeeds(&mut self, m: UnitId) -> bool {
        self.move_failure(m).is_none()
    }

    /// Why the move fails, or `None` if it succeeds.
    pub(super) fn move_failure(&mut self, m: UnitId) -> Option<Failure> {
        let dest = self.acts[m].dest().expect("a move");
        if !self.path(m) {
            return Some(Failure::NoPath);
        }
        let base = self.attack_base(m);
        if let Some(o) = self.head_to_head(m) {
            let attack = self.attack_against(m, base, Some(o));
            if attack <= self.defend_strength(o, m) {
                return Some(Failure::Beaten(o, attack == 0 && self.power_of(o) == self.power_of(m)));
            }
        } else {
            let occ = self.occupant.get(dest);
            let attack = self.attack_against(m, base, occ);
            if attack <= self.hold_strength(dest) {
                return Some(match occ {
                    Some(o) => Failure::Beaten(o, self.power_of(o) == self.power_of(m) && base == 0),
                    None => Failure::Forced,
                });
            }
        }
        let mut w = self.movers_into(dest);
        while let Some(other) = self.step(&mut w) {
            if other == m {
                continue;
            }
            let attack = self.attack_against(m, base, Some(other));
            if attack <= self.prevent_strength(other, m) {
                return Some(Failure::Beaten(other, false));
            }
        }
        None
    }

    /// SUPPORT (DATC 5.B.2): cut by a move of another power with a path, unless it comes
    /// from the province the support goes into and does not dislodge the supporter.
    pub(super) fn support_cut(&mut self, s: UnitId) -> bool {
        let base = self.cutter(s).is_some();
        let hooks = self.hooks;
        hooks.support_cut(self, s, base)
    }

    /// The unit cutting a support, if any, before the hook has its say.
    pub(super) fn cutter(&mut self, s: UnitId) -> Option<UnitId> {
        let Act::Support { dest, .. } = self.acts[s] else {
            return None;
        };
        let here = self.origin(s);
        let mut w = self.movers_into(here);
        while let Some(m) = self.step(&mut w) {
            if self.power_of(m) == self.power_of(s) || !self.path(m) {
                continue;
            }
            let hooks = self.hooks;
            if !hooks.move_has_effect(self, m) {
                continue;
            }
            if dest == Some(self.origin(m)) {
                // An attack from where the support goes cuts only by dislodging (DATC 6.D.15,
                // 6.D.17); "from" is the army's own province even when convoyed (DATC 4.A.4).
                if self.resolve(m) {
                    return Some(m);
                }
                continue;
            }
            return Some(m);
        }
        None
    }

    /// CONVOY (DATC 5.B.3): the convoy fails when the fleet is dislodged. The attackers'
    /// moves are adjudicated, not resolved, so that paradox cycles stay single (DATC 5.D).
    pub(super) fn convoy_broken(&mut self, c: UnitId) -> bool {
        let hooks = self.hooks;
        if hooks.convoy_fails(self, c) {
            return true;
        }
        let here = self.origin(c);
        let mut w = self.movers_into(here);
        while let Some(m) = self.step(&mut w) {
            if self.move_succeeds(m) {
                return true;
            }
        }
        false
    }

    /// The unit that dislodged `u`, if it was dislodged.
    pub(super) fn dislodged_by(&mut self, u: UnitId) -> Option<UnitId> {
        if matches!(self.acts[u], Act::Move { .. }) && self.resolve(u) {
            return None;
        }
        let here = self.origin(u);
        let mut w = self.movers_into(here);
        while let Some(m) = self.step(&mut w) {
            if self.resolve(m) {
                return Some(m);
            }
        }
        None
    }

    /// Provinces left empty by a standoff: empty after the phase (`taken[p]` is false), with
    /// two or more moves into them that failed although they had a route and counted.
    pub(super) fn contested(&mut self, taken: &[bool]) -> Vec<ProvId> {
        let mut out = Vec::new();
        for (p, &taken) in taken.iter().enumerate() {
            let first = self.occupant.first_mover(p as ProvId);
            if first == NONE || self.links.unit[first as usize].next_mover == NONE || taken {
                continue;
            }
            let mut failed = 0;
            let mut w = self.movers_into(p as ProvId);
            while let Some(m) = self.step(&mut w) {
                let hooks = self.hooks;
                if !self.resolve(m) && self.path(m) && hooks.move_has_effect(self, m) {
                    failed += 1;
                }
            }
            if failed >= 2 {
                out.push(p as ProvId);
            }
        }
        out
    }

    /// The verdict and the cause of unit `u`'s (valid) order, once everything is resolved.
    pub(super) fn explain(&mut self, u: UnitId) -> (Verdict, Option<Cause>) {
        match self.acts[u] {
            Act::Hold => (Verdict::Succeeds, None),
            Act::Move { .. } => {
                if self.resolve(u) {
                    return (Verdict::Succeeds, None);
                }
                let cause = match self.move_failure(u) {
                    Some(Failure::NoPath) => Some(Cause::NoConvoyRoute {
                        ordered: self.links.unit[u].first_convoyer != NONE,
                    }),
                    Some(Failure::Beaten(o, true)) => Some(Cause::OwnUnit { unit: self.units[o] }),
                    Some(Failure::Beaten(o, false)) => Some(Cause::Bounced { with: self.units[o] }),
                    Some(Failure::Forced) | None => None,
                };
                (Verdict::Fails, cause)
            }
            Act::Support { .. } => {
                if self.resolve(u) {
                    return (Verdict::Succeeds, None);
                }
                let by = self.cutter(u).map(|m| self.units[m]);
                (Verdict::Fails, Some(Cause::SupportCut { by }))
            }
            Act::Convoy { .. } => {
                if self.resolve(u) {
                    return (Verdict::Succeeds, None);
                }
                if self.links.unit[u].dec.szykman {
                    return (Verdict::Fails, Some(Cause::ConvoyParadox));
                }
                (Verdict::Fails, None)
            }
        }
    }
}

/// Why a move failed.
pub(super) enum Failure {
    NoPath,
    /// Beaten by this unit's strength; `true` when it is a unit of the mover's own power
    /// that would have been dislodged.
    Beaten(UnitId, bool),
    /// A variant's hook decided.
    Forced,
}
