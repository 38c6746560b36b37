//! PATH and the strengths of the DATC equations (DATC 5.B.4 to 5.B.8), each handed to the
//! variant's hook before it counts.

use super::resolver::{PathKnown, Resolver, State};
use super::Act;
use crate::judge::hooks::Strength;
use crate::judge::UnitId;
use crate::map::{Power, ProvId};

impl Resolver<'_> {
    /// PATH (DATC 5.B.4): over land, or a chain of fleets with successful convoys.
    pub(super) fn path(&mut self, m: UnitId) -> bool {
        if !self.convoyed(m) {
            return true;
        }
        if let PathKnown::Settled(path) = self.links.unit[m].dec.path {
            return path;
        }
        let from = self.origin(m);
        let Some(to) = self.acts[m].dest() else { return false };
        // In `scratch` from `base`: the fleets ordered to convoy `m` (with `SEEN` once put on
        // the stack), then the stack of fleets to visit, as indices into them. Visited in the
        // same order as with lists of their own, without allocating any.
        const SEEN: u32 = 1 << 31;
        let base = self.scratch.len();
        let mut w = self.convoyers_of(m);
        while let Some(f) = self.step(&mut w) {
            debug_assert!((f as u32) < SEEN);
            self.scratch.push(f as u32);
        }
        let n = self.scratch.len() - base;
        for i in 0..n {
            let f = self.scratch[base + i] as UnitId;
            if self.map.fleet_reach_any_coast(self.origin(f)).contains(&from) {
                self.scratch[base + i] |= SEEN;
                self.scratch.push(i as u32);
            }
        }
        let mut found = false;
        // Every convoy the answer rests on is resolved for good: it is kept, and asked again
        // it is given without walking the fleets (resolving them again would only read
        // their decisions, with no effect).
        let mut settled = true;
        while self.scratch.len() > base + n {
            let i = self.scratch.pop().expect("the stack is not empty") as usize;
            let f = (self.scratch[base + i] & !SEEN) as UnitId;
            // Resolving works above the stack and leaves it as it was.
            let convoys = self.resolve(f);
            settled &= self.links.unit[f].dec.state == State::Resolved;
            if !convoys {
                continue;
            }
            let here = self.origin(f);
            if self.map.fleet_reach_any_coast(here).contains(&to) {
                found = true;
                break;
            }
            for j in 0..n {
                let g = self.scratch[base + j];
                if g & SEEN == 0 && self.map.fleet_reach_any_coast(here).contains(&self.origin(g as UnitId)) {
                    self.scratch[base + j] |= SEEN;
                    self.scratch.push(j as u32);
                }
            }
        }
        self.scratch.truncate(base);
        if settled {
            self.links.unit[m].dec.path = PathKnown::Settled(found);
        }
        found
    }

    /// Successful supports of `u`'s order, leaving out supporters of power `except`.
    pub(super) fn support_count(&mut self, u: UnitId, except: Option<Power>) -> Strength {
        let mut n = 0;
        let mut w = self.supporters_of(u);
        while let Some(s) = self.step(&mut w) {
            if Some(self.power_of(s)) != except && self.resolve(s) {
                n += 1;
            }
        }
        n
    }

    /// HOLD STRENGTH of a province (DATC 5.B.5).
    pub(super) fn hold_strength(&mut self, prov: ProvId) -> Strength {
        let Some(o) = self.occupant.get(prov) else {
            return 0;
        };
        let base = match self.acts[o] {
            Act::Move { .. } => {
                if self.resolve(o) {
                    0
                } else {
                    1
                }
            }
            _ => 1 + self.support_count(o, None),
        };
        let hooks = self.hooks;
        hooks.hold_strength(self, o, base)
    }

    /// ATTACK STRENGTH (DATC 5.B.8) before the hook; 0 when there is no path.
    pub(super) fn attack_base(&mut self, m: UnitId) -> Strength {
        if !self.path(m) {
            return 0;
        }
        let dest = self.acts[m].dest().expect("a move");
        let Some(o) = self.occupant.get(dest) else {
            return 1 + self.support_count(m, None);
        };
        let moving_away = matches!(self.acts[o], Act::Move { .. }) && self.head_to_head(m) != Some(o);
        if moving_away && self.resolve(o) {
            return 1 + self.support_count(m, None);
        }
        if self.power_of(o) == self.power_of(m) {
            // A unit is never dislodged by its own power.
            return 0;
        }
        // Supports of the defender's own power do not help dislodge it.
        let except = Some(self.power_of(o));
        1 + self.support_count(m, except)
    }

    pub(super) fn attack_against(&mut self, m: UnitId, base: Strength, opposing: Option<UnitId>) -> Strength {
        if base == 0 {
            return 0;
        }
        let hooks = self.hooks;
        hooks.attack_strength(self, m, opposing, base)
    }

    /// DEFEND STRENGTH (DATC 5.B.7) of `m` against `attacker`.
    pub(super) fn defend_strength(&mut self, m: UnitId, attacker: UnitId) -> Strength {
        let base = 1 + self.support_count(m, None);
        let hooks = self.hooks;
        hooks.defend_strength(self, m, attacker, base)
    }

    /// PREVENT STRENGTH (DATC 5.B.6) of `m` against `attacker` moving to the same province.
    pub(super) fn prevent_strength(&mut self, m: UnitId, attacker: UnitId) -> Strength {
        if !self.path(m) {
            return 0;
        }
        let hooks = self.hooks;
        if !hooks.move_has_effect(self, m) {
            return 0;
        }
        // A unit that loses its head-to-head battle has no effect where its opponent came
        // from (DATC 4.A.7, choice b: only in a head-to-head battle).
        if let Some(o) = self.head_to_head(m) {
            if self.resolve(o) {
                return 0;
            }
        }
        let base = 1 + self.support_count(m, None);
        hooks.prevent_strength(self, m, attacker, base)
    }
}
