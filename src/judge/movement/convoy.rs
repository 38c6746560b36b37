//! The fleets at sea and the convoy routes they make: what validation needs to know whether
//! an army can be convoyed and whether a fleet is needed on its route (DATC 6.G.19, 6.D.31).

use super::NONE;
use crate::judge::Unit;
use crate::map::{Map, ProvId, UnitType};
use std::cell::OnceCell;

/// The fleets at sea, which may convoy, in groups: fleets in seas next to each other are in
/// one group, and an army on a coast can be carried to another coast when one group touches
/// both. The groups are found once, so that checking a convoyed move or a support of one
/// costs no search.
pub(super) struct Seas {
    /// `fleet[p]`: a fleet stands in sea `p`.
    fleet: Vec<bool>,
    /// The group of the fleet in sea `p`, `NONE` where there is none.
    group: Vec<u32>,
}

impl Seas {
    fn new(map: &Map, units: &[Unit]) -> Seas {
        let np = map.provinces.len();
        let mut fleet = vec![false; np];
        for u in units {
            if u.kind == UnitType::Fleet && map.is_sea(u.loc.prov) {
                fleet[u.loc.prov as usize] = true;
            }
        }
        let mut group = vec![NONE; np];
        let mut groups = 0;
        let mut stack: Vec<ProvId> = Vec::new();
        for p in 0..np {
            if !fleet[p] || group[p] != NONE {
                continue;
            }
            group[p] = groups;
            stack.push(p as ProvId);
            while let Some(q) = stack.pop() {
                for &r in map.fleet_reach_any_coast(q) {
                    if fleet[r as usize] && group[r as usize] == NONE {
                        group[r as usize] = groups;
                        stack.push(r);
                    }
                }
            }
            groups += 1;
        }
        Seas { fleet, group }
    }

    /// Could the fleets carry an army from coast `from` to coast `to`, without the fleet in
    /// `without` if there is one (DATC 6.D.31)?
    pub(super) fn route(&self, map: &Map, from: ProvId, to: ProvId, without: Option<ProvId>) -> bool {
        if let Some(w) = without.filter(|&w| self.fleet[w as usize]) {
            // Leaving a fleet out may split its group: search.
            return convoy_route_exists(map, &self.fleet, from, to, Some(w));
        }
        map.fleet_reach_any_coast(from).iter().any(|&a| {
            let g = self.group[a as usize];
            g != NONE
                && map
                    .fleet_reach_any_coast(to)
                    .iter()
                    .any(|&b| self.group[b as usize] == g)
        })
    }
}

/// [`Seas`], found on the first order that needs them.
pub(super) struct LazySeas<'a> {
    pub(super) map: &'a Map,
    pub(super) units: &'a [Unit],
    pub(super) cell: OnceCell<Seas>,
}

impl LazySeas<'_> {
    pub(super) fn get(&self) -> &Seas {
        self.cell.get_or_init(|| Seas::new(self.map, self.units))
    }
}

/// Could fleets at sea (`seas[p]`), leaving out the one in `skip`, carry an army from `from`
/// to `to`?
fn convoy_route_exists(map: &Map, seas: &[bool], from: ProvId, to: ProvId, skip: Option<ProvId>) -> bool {
    let at_sea = |p: ProvId| seas[p as usize] && Some(p) != skip;
    let mut seen = vec![false; seas.len()];
    let mut stack: Vec<ProvId> = map
        .fleet_reach_any_coast(from)
        .iter()
        .copied()
        .filter(|&p| at_sea(p))
        .collect();
    for &p in &stack {
        seen[p as usize] = true;
    }
    while let Some(p) = stack.pop() {
        let next = map.fleet_reach_any_coast(p);
        if next.contains(&to) {
            return true;
        }
        for &q in next {
            if at_sea(q) && !seen[q as usize] {
                seen[q as usize] = true;
                stack.push(q);
            }
        }
    }
    false
}

/// Is the fleet at `fleet` needed on some convoy route from `from` to `to`: a route of
/// fleets at sea with no shortcut (no fleet of it can be left out)? DATC 6.G.19. Only routes
/// in the fleet's own group of fleets ([`Seas`]) can pass through it: the search starts
/// there, and not at all if that group does not touch both coasts.
pub(super) fn fleet_needed(sea_groups: &Seas, map: &Map, from: ProvId, to: ProvId, fleet: ProvId) -> bool {
    let seas = &sea_groups.fleet;
    let group = sea_groups.group[fleet as usize];
    let touches = |coast: ProvId| {
        map.fleet_reach_any_coast(coast)
            .iter()
            .any(|&p| sea_groups.group[p as usize] == group)
    };
    if group == NONE || !touches(from) || !touches(to) {
        return false;
    }
    let mut search = RouteSearch {
        map,
        seas,
        from,
        to,
        fleet,
        path: Vec::new(),
        budget: 200_000,
    };
    for &first in map.fleet_reach_any_coast(from) {
        if !seas[first as usize] || sea_groups.group[first as usize] != group {
            continue;
        }
        search.path.clear();
        search.path.push(first);
        match search.extend() {
            Some(true) => return true,
            Some(false) => {}
            // Too many routes to try them all: accept any fleet that lies on some route.
            None => {
                return convoy_route_exists(map, seas, from, fleet, None)
                    && convoy_route_exists(map, seas, fleet, to, None)
            }
        }
    }
    false
}

/// A depth-first search for shortcut-free convoy routes through one fleet.
struct RouteSearch<'a> {
    map: &'a Map,
    seas: &'a [bool],
    from: ProvId,
    to: ProvId,
    fleet: ProvId,
    path: Vec<ProvId>,
    budget: u32,
}

impl RouteSearch<'_> {
    fn adj(&self, a: ProvId, b: ProvId) -> bool {
        self.map.fleet_reach_any_coast(a).contains(&b)
    }

    /// `Some(found)`, or `None` when the budget ran out.
    fn extend(&mut self) -> Option<bool> {
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let last = *self.path.last().expect("a route starts with a fleet");
        if self.adj(last, self.to) {
            return Some(self.path.contains(&self.fleet));
        }
        for &q in self.map.fleet_reach_any_coast(last) {
            if !self.seas[q as usize] || self.path.contains(&q) {
                continue;
            }
            // No shortcut: the new fleet touches neither the start nor any fleet but the last.
            if self.adj(q, self.from) || self.path[..self.path.len() - 1].iter().any(|&p| self.adj(p, q)) {
                continue;
            }
            self.path.push(q);
            let found = self.extend();
            self.path.pop();
            if found != Some(false) {
                return found;
            }
        }
        Some(false)
    }
}
