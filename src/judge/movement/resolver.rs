//! The resolver (DATC 5.F) over the DATC equations (DATC 5.B): Kruijswijk's guess and
//! check, with the backup rule for cycles (DATC 5.B.9), and the tables of who acts on whom
//! that the decisions walk. The decisions themselves are in [`super::decision`], the
//! strengths in [`super::strength`].

use super::{Act, Spare, NONE};
use crate::judge::hooks::{Hooks, Probe};
use crate::judge::{ProvIndex, Unit, UnitId};
use crate::map::{Map, Power, ProvId};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// Who acts on whom: the units moving into each province, and the units supporting or
/// convoying each unit. Each is a singly linked list threaded through these arrays, in unit
/// order, built once; the resolver walks them while it recurses ([`Walk`]), without copying
/// a list and without one allocation per province or per unit. The head of each list of
/// movers is kept per province in the [`ProvIndex`] ([`ProvIndex::first_mover`]).
pub(super) struct Links {
    /// Per unit: its place in the lists, and its decision.
    pub(super) unit: Vec<UnitLinks>,
}

#[derive(Clone, Copy)]
pub(super) struct UnitLinks {
    /// The next unit moving to the same province as this one.
    pub(super) next_mover: u32,
    /// The first unit supporting this one, and the next unit supporting the same as this one.
    pub(super) first_supporter: u32,
    pub(super) next_supporter: u32,
    /// The first fleet convoying this army, and the next fleet convoying the same army.
    pub(super) first_convoyer: u32,
    pub(super) next_convoyer: u32,
    /// The decision of this unit's order, kept beside its links (one table per unit).
    pub(super) dec: Decision,
}

#[derive(Clone, Copy)]
pub(super) enum List {
    Movers,
    Supporters,
    Convoyers,
}

/// A position in one of the lists of [`Links`]: `Copy`, so a walk does not borrow the
/// resolver (`let mut w = r.movers_into(p); while let Some(m) = r.step(&mut w) { .. }`).
#[derive(Clone, Copy)]
pub(super) struct Walk {
    pub(super) list: List,
    pub(super) next: u32,
}

impl Links {
    /// The lists of `acts`, in `buf` (a spare buffer, its contents dropped); the heads of
    /// the lists of movers go into `at`.
    pub(super) fn new(at: &mut ProvIndex, acts: &[Act], mut buf: Vec<UnitLinks>) -> Links {
        assert!(acts.len() < NONE as usize, "too many units");
        let empty = UnitLinks {
            next_mover: NONE,
            first_supporter: NONE,
            next_supporter: NONE,
            first_convoyer: NONE,
            next_convoyer: NONE,
            dec: Decision {
                state: State::Unresolved,
                res: false,
                in_deps: false,
                szykman: false,
                path: PathKnown::No,
            },
        };
        buf.clear();
        buf.resize(acts.len(), empty);
        let mut l = Links { unit: buf };
        // Last unit first, each put at the head of its list: the lists are in unit order.
        for u in (0..acts.len()).rev() {
            let id = u as u32;
            match acts[u] {
                Act::Move { dest, .. } => {
                    l.unit[u].next_mover = at.first_mover(dest.prov);
                    at.set_first_mover(dest.prov, id);
                }
                Act::Support { target, .. } => {
                    l.unit[u].next_supporter = l.unit[target].first_supporter;
                    l.unit[target].first_supporter = id;
                }
                Act::Convoy { army, .. } => {
                    l.unit[u].next_convoyer = l.unit[army].first_convoyer;
                    l.unit[army].first_convoyer = id;
                }
                Act::Hold => {}
            }
        }
        l
    }
}

/// The state of one order's decision in the resolver.
#[derive(Clone, Copy)]
pub(super) struct Decision {
    pub(super) state: State,
    /// The decision, or the current guess while `state` is `Guessing`.
    pub(super) res: bool,
    /// The order is in `deps` (kept here so that the check is constant-time).
    pub(super) in_deps: bool,
    /// A convoy failed by the Szykman rule (for the result's reason).
    pub(super) szykman: bool,
    /// A convoyed move's PATH, once it rests only on decisions resolved for good.
    pub(super) path: PathKnown,
}

/// What is known of a convoyed move's PATH ([`Resolver::path`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PathKnown {
    No,
    Settled(bool),
}

pub(super) struct Resolver<'a> {
    pub(super) map: &'a Map,
    pub(super) units: &'a [Unit],
    pub(super) acts: &'a [Act],
    pub(super) hooks: &'a dyn Hooks,
    /// The unit in each province, and the first unit moving there.
    pub(super) occupant: ProvIndex,
    pub(super) links: Links,
    pub(super) deps: Vec<UnitId>,
    /// Room for [`Resolver::path`]'s work lists, used as a stack across its recursion: each
    /// call works above what its callers left and gives it back before it returns.
    pub(super) scratch: Vec<u32>,
}

impl<'a> Resolver<'a> {
    /// `occupant`: the unit in each province ([`super::index_by_province`]). Its tables are
    /// made in `spare`'s buffers ([`Resolver::into_spare`] gives them back).
    pub(super) fn new(
        map: &'a Map,
        units: &'a [Unit],
        acts: &'a [Act],
        mut occupant: ProvIndex,
        hooks: &'a dyn Hooks,
        spare: &mut Spare,
    ) -> Resolver<'a> {
        let links = Links::new(&mut occupant, acts, std::mem::take(&mut spare.links));
        let (mut deps, mut scratch) = (std::mem::take(&mut spare.deps), std::mem::take(&mut spare.scratch));
        deps.clear();
        scratch.clear();
        Resolver {
            map,
            units,
            acts,
            hooks,
            occupant,
            links,
            deps,
            scratch,
        }
    }

    /// Gives the resolver's tables back to `spare`.
    pub(super) fn into_spare(self, spare: &mut Spare) {
        spare.at = self.occupant.into_buffer();
        spare.links = self.links.unit;
        spare.deps = self.deps;
        spare.scratch = self.scratch;
    }

    pub(super) fn movers_into(&self, p: ProvId) -> Walk {
        Walk {
            list: List::Movers,
            next: self.occupant.first_mover(p),
        }
    }

    pub(super) fn supporters_of(&self, u: UnitId) -> Walk {
        Walk {
            list: List::Supporters,
            next: self.links.unit[u].first_supporter,
        }
    }

    pub(super) fn convoyers_of(&self, u: UnitId) -> Walk {
        Walk {
            list: List::Convoyers,
            next: self.links.unit[u].first_convoyer,
        }
    }

    /// The next unit of a walk.
    pub(super) fn step(&self, w: &mut Walk) -> Option<UnitId> {
        if w.next == NONE {
            return None;
        }
        let u = w.next as usize;
        let l = &self.links.unit[u];
        w.next = match w.list {
            List::Movers => l.next_mover,
            List::Supporters => l.next_supporter,
            List::Convoyers => l.next_convoyer,
        };
        Some(u)
    }

    /// The decision of unit `u`'s order: the move succeeds, the support is given (not cut),
    /// the convoy holds (the fleet is not dislodged). Holding units have no decision.
    pub(super) fn resolve(&mut self, u: UnitId) -> bool {
        match self.links.unit[u].dec.state {
            State::Resolved => return self.links.unit[u].dec.res,
            State::Guessing => {
                self.push_dep(u);
                return self.links.unit[u].dec.res;
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.links.unit[u].dec.res = false;
        self.links.unit[u].dec.state = State::Guessing;
        let first = self.adjudicate(u);
        if self.deps.len() == old {
            // Not dependent on any guess.
            if self.links.unit[u].dec.state != State::Resolved {
                self.links.unit[u].dec.res = first;
                self.links.unit[u].dec.state = State::Resolved;
            }
            return first;
        }
        if self.deps[old] != u {
            // Dependent on a guess made further up: keep guessing.
            self.push_dep(u);
            self.links.unit[u].dec.res = first;
            return first;
        }
        // This order starts a cycle: try the other guess.
        self.truncate_deps(old, State::Unresolved);
        self.links.unit[u].dec.res = true;
        self.links.unit[u].dec.state = State::Guessing;
        let second = self.adjudicate(u);
        if first == second {
            // One consistent resolution.
            self.truncate_deps(old, State::Unresolved);
            self.links.unit[u].dec.res = first;
            self.links.unit[u].dec.state = State::Resolved;
            return first;
        }
        // No or two resolutions: a circular movement or a paradox.
        self.backup_rule(old);
        self.resolve(u)
    }

    pub(super) fn push_dep(&mut self, u: UnitId) {
        if !self.links.unit[u].dec.in_deps {
            self.links.unit[u].dec.in_deps = true;
            self.deps.push(u);
        }
    }

    /// Forgets the guesses from `deps[old..]`, leaving those orders in `state`.
    pub(super) fn truncate_deps(&mut self, old: usize, state: State) {
        for i in old..self.deps.len() {
            let d = self.deps[i];
            self.links.unit[d].dec.state = state;
            self.links.unit[d].dec.in_deps = false;
        }
        self.deps.truncate(old);
    }

    /// DATC 5.B.9: a cycle of moves only is a circular movement, and all of them succeed;
    /// a cycle with convoys is a convoy paradox, and by the Szykman rule (DATC 4.A.2) the
    /// convoys in it fail. Any other cycle (possible only with variant hooks) fails whole.
    pub(super) fn backup_rule(&mut self, old: usize) {
        let cycle: Vec<UnitId> = self.deps.split_off(old);
        for &d in &cycle {
            self.links.unit[d].dec.in_deps = false;
        }
        let has_convoy = cycle.iter().any(|&d| matches!(self.acts[d], Act::Convoy { .. }));
        let all_moves = cycle.iter().all(|&d| matches!(self.acts[d], Act::Move { .. }));
        for &d in &cycle {
            match self.acts[d] {
                Act::Convoy { .. } if has_convoy => {
                    self.links.unit[d].dec.res = false;
                    self.links.unit[d].dec.state = State::Resolved;
                    self.links.unit[d].dec.szykman = true;
                }
                Act::Move { .. } if !has_convoy && all_moves => {
                    self.links.unit[d].dec.res = true;
                    self.links.unit[d].dec.state = State::Resolved;
                }
                _ if has_convoy => self.links.unit[d].dec.state = State::Unresolved,
                _ => {
                    self.links.unit[d].dec.res = false;
                    self.links.unit[d].dec.state = State::Resolved;
                }
            }
        }
    }

    pub(super) fn adjudicate(&mut self, u: UnitId) -> bool {
        match self.acts[u] {
            Act::Move { .. } => self.move_succeeds(u),
            Act::Support { .. } => !self.support_cut(u),
            Act::Convoy { .. } => !self.convoy_broken(u),
            Act::Hold => true,
        }
    }

    pub(super) fn origin(&self, u: UnitId) -> ProvId {
        self.units[u].loc.prov
    }

    pub(super) fn power_of(&self, u: UnitId) -> Power {
        self.units[u].power
    }

    pub(super) fn convoyed(&self, u: UnitId) -> bool {
        matches!(self.acts[u], Act::Move { convoyed: true, .. })
    }

    /// The unit in `m`'s destination moving to `m`'s province, both over land: a
    /// head-to-head battle.
    pub(super) fn head_to_head(&self, m: UnitId) -> Option<UnitId> {
        let dest = self.acts[m].dest()?;
        let o = self.occupant.get(dest)?;
        (self.acts[o].dest() == Some(self.origin(m)) && !self.convoyed(m) && !self.convoyed(o)).then_some(o)
    }
}

impl Probe for Resolver<'_> {
    fn power(&self, unit: UnitId) -> Power {
        self.units[unit].power
    }
    fn act(&self, unit: UnitId) -> Act {
        self.acts[unit]
    }
    fn province(&self, unit: UnitId) -> ProvId {
        self.units[unit].loc.prov
    }
    fn attacked_by_other_power(&mut self, unit: UnitId) -> bool {
        let here = self.origin(unit);
        let power = self.power_of(unit);
        let mut w = self.movers_into(here);
        while let Some(m) = self.step(&mut w) {
            if self.power_of(m) != power && self.path(m) {
                return true;
            }
        }
        false
    }
}
