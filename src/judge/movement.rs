//! Movement phases: validating the orders, then resolving them with Kruijswijk's
//! guess-and-check algorithm (DATC 5.F) over the DATC decisions: MOVE, SUPPORT, CONVOY and
//! PATH, with ATTACK, HOLD, DEFEND and PREVENT strength (DATC 5.B).
//!
//! Rule choices are the DATC v3 preferences (2023 rules); the branches that exist because of
//! one cite its number.

use super::hooks::{Hooks, Probe, Strength};
use super::{
    one_order_per_unit, push_ref_text, read_order, result, skip_to_next, void, Board, Cause, Dislodged, OrderResult,
    Outcome, ProvIndex, Read, Submitted, Then, Unit, UnitId, Verdict,
};
use crate::map::{Coast, Loc, Map, Power, ProvId, UnitType};
use crate::order::{Order, UnitRef};
use crate::phase::Phase;
use std::cell::OnceCell;

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

/// Resolves a movement phase.
pub fn adjudicate(map: &Map, phase: Phase, board: &Board, orders: &[Submitted], hooks: &dyn Hooks) -> Outcome {
    let at = super::index_by_province(map, &board.units);
    let v = validate(map, board, &at, orders);
    let mut r = Resolver::new(map, &board.units, &v.acts, at, hooks);
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
    // Dislodged units: say so in the result of their order, void or not. (`dislodged_by` is
    // asked again below rather than kept: it only walks the few moves into the unit's
    // province.)
    for res in results.iter_mut() {
        if let Some(u) = res.unit {
            if let Some(by) = r.dislodged_by(u) {
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
        if r.dislodged_by(u).is_some() {
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
            let Some(by) = r.dislodged_by(u) else { continue };
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

// ---------------------------------------------------------------------------------------
// Validation: which orders are legal (DATC 4.E.1), and which supports and convoys match.
// ---------------------------------------------------------------------------------------

/// How the judge reads each unit's order in a movement phase, before resolving anything:
/// `Hold` for units with no order or a void one. A variant uses it to see who moves where.
pub fn read_acts(map: &Map, board: &Board, orders: &[Submitted]) -> Vec<Act> {
    validate(map, board, &super::index_by_province(map, &board.units), orders).acts
}

struct Validated {
    acts: Vec<Act>,
    results: Vec<OrderResult>,
}

/// A legal order before matching.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Legal {
    Hold,
    Move {
        dest: Loc,
        via_convoy: bool,
        needs_convoy: bool,
    },
    /// `coast`: the coast written for a supported fleet's destination, which must then be
    /// the one the fleet moves to (DATC 6.B.9; omitting it is fine, DATC 6.B.15).
    Support {
        target: UnitId,
        dest: Option<ProvId>,
        coast: Option<Coast>,
    },
    Convoy {
        army: UnitId,
        dest: ProvId,
    },
}

/// The orders read, checked and matched. `at`: the unit in each province.
fn validate(map: &Map, board: &Board, at: &ProvIndex, orders: &[Submitted]) -> Validated {
    let units = &board.units;
    let seas = LazySeas {
        map,
        units,
        cell: OnceCell::new(),
    };
    let mut results: Vec<OrderResult> = Vec::with_capacity(orders.len());
    // (result index, unit, legal order)
    let mut legal: Vec<(usize, UnitId, Legal)> = Vec::new();
    let mut reader = crate::order::Reader::default();
    for sub in orders {
        let idx = results.len();
        match read_order(map, units, at, &mut reader, sub) {
            Read::Void(r) => results.push(r),
            Read::Free(order) => results.push(void(sub.power, order.to_text(map), None, Cause::BuildOutsideAdjustment)),
            Read::Unit { unit, order } => {
                let text = order_text(map, units, at, &order);
                match check(map, units, at, &seas, unit, &order) {
                    Ok(l) => {
                        results.push(result(sub.power, text, Verdict::Succeeds, Some(unit)));
                        legal.push((idx, unit, l));
                    }
                    Err(cause) => results.push(void(sub.power, text, Some(unit), cause)),
                }
            }
        }
    }

    super::number_given(&mut results, orders.len());

    // Several legal orders for one unit: DATC 4.D.3, choice c.
    let chosen = one_order_per_unit(units, &legal, &mut results, Then::Holds);

    // Does an army go by convoy? Always when not adjacent; when adjacent, only with `VIA
    // CONVOY` or when a fleet of its own power is legally ordered to convoy it (DATC 4.A.3,
    // 2023 rules; no fallback to the land route, DATC 6.G.8).
    // The armies a fleet of their own power is ordered to convoy where they move (left
    // empty, without an allocation, when there is none).
    let mut own_convoyed: Vec<bool> = Vec::new();
    for (f, c) in chosen.iter().enumerate() {
        if let Some((_, Legal::Convoy { army, dest })) = *c {
            let moves_there = matches!(chosen[army], Some((_, Legal::Move { dest: d, .. })) if d.prov == dest);
            if units[f].power == units[army].power && moves_there {
                own_convoyed.resize(units.len(), false);
                own_convoyed[army] = true;
            }
        }
    }
    let mut acts = vec![Act::Hold; units.len()];
    for u in 0..units.len() {
        if let Some((
            _,
            Legal::Move {
                dest,
                via_convoy,
                needs_convoy,
            },
        )) = chosen[u]
        {
            let convoyed =
                units[u].kind == UnitType::Army && (needs_convoy || via_convoy || own_convoyed.get(u) == Some(&true));
            acts[u] = Act::Move { dest, convoyed };
        }
    }
    // Supports and convoys must match the order of the unit they are for.
    for u in 0..units.len() {
        let Some((idx, l)) = chosen[u] else { continue };
        match l {
            Legal::Support { target, dest, coast } => {
                let ok = match (dest, acts[target]) {
                    (None, Act::Move { .. }) => false,
                    (None, _) => true,
                    (Some(d), Act::Move { dest, .. }) => dest.prov == d && (coast.is_none() || coast == dest.coast),
                    (Some(_), _) => false,
                };
                if ok {
                    acts[u] = Act::Support { target, dest };
                } else {
                    results[idx].verdict = Verdict::Void;
                    results[idx].cause = Some(does_not_match(units, &acts, target));
                }
            }
            Legal::Convoy { army, dest } => match acts[army] {
                Act::Move {
                    dest: d,
                    convoyed: true,
                } if d.prov == dest => acts[u] = Act::Convoy { army, dest },
                Act::Move {
                    dest: d,
                    convoyed: false,
                } if d.prov == dest => {
                    results[idx].verdict = Verdict::Void;
                    results[idx].cause = Some(Cause::MovesOverLand { army: units[army] });
                }
                _ => {
                    results[idx].verdict = Verdict::Void;
                    results[idx].cause = Some(does_not_match(units, &acts, army));
                }
            },
            _ => {}
        }
    }
    Validated { acts, results }
}

/// A support or convoy that does not match what unit `u` does.
fn does_not_match(units: &[Unit], acts: &[Act], u: UnitId) -> Cause {
    Cause::DoesNotMatch {
        unit: units[u],
        moves_to: match acts[u] {
            Act::Move { dest, .. } => Some(dest),
            _ => None,
        },
    }
}

/// The normalised notation, with the other units' types filled in from the board (`at`: the
/// unit in each province).
fn order_text(map: &Map, units: &[Unit], at: &ProvIndex, order: &Order) -> String {
    let mut out = String::new();
    let push_ref = |r: &UnitRef, out: &mut String| push_ref_text(map, units, at, r, out);
    match order {
        Order::Support { unit, target, dest } => {
            out.reserve(24);
            push_ref(unit, &mut out);
            out.push_str(" S ");
            push_ref(target, &mut out);
            if let Some(d) = dest {
                // An irrelevant coast is not written back (DATC 4.B.6): one the province
                // does not have, or any on a supported army's destination.
                let army = at.get(target.prov()).is_some_and(|t| units[t].kind == UnitType::Army);
                let coast = d.coast.filter(|c| !army && map.coasts(d.prov).contains(c));
                out.push_str(" - ");
                map.push_loc(&mut out, Loc { prov: d.prov, coast });
            }
        }
        Order::Convoy { unit, army, dest } => {
            out.reserve(24);
            push_ref(unit, &mut out);
            out.push_str(" C ");
            push_ref(army, &mut out);
            out.push_str(" - ");
            out.push_str(map.code(dest.prov));
        }
        o => return o.to_text(map),
    }
    out
}

/// The legality of one order, not knowing the others (DATC 4.E.1).
fn check(
    map: &Map,
    units: &[Unit],
    at: &ProvIndex,
    seas: &LazySeas<'_>,
    u: UnitId,
    order: &Order,
) -> Result<Legal, Cause> {
    let unit = units[u];
    match *order {
        Order::Hold(_) => Ok(Legal::Hold),
        Order::Move { dest, via_convoy, .. } => {
            let (dest, needs_convoy) = check_move(map, seas, unit, dest, via_convoy, None)?;
            Ok(Legal::Move {
                dest,
                via_convoy,
                needs_convoy,
            })
        }
        Order::Support { target, dest, .. } => {
            let Some(t) = at.get(target.prov()) else {
                return Err(Cause::NoUnitToSupport { prov: target.prov() });
            };
            if t == u {
                // DATC 6.A.8: a unit cannot support itself.
                return Err(Cause::SupportsItself { unit });
            }
            let target_unit = units[t];
            let to = dest.map(|d| d.prov).unwrap_or(target_unit.loc.prov);
            // DATC 6.A.10: the supporter must be able to reach the place it supports into.
            if !map.can_reach(unit.kind, unit.loc, to) {
                return Err(Cause::CannotReach { unit, to: Loc::new(to) });
            }
            if let Some(d) = dest {
                if d.prov == target_unit.loc.prov {
                    return Err(Cause::MoveToOwnProvince { unit: target_unit });
                }
                // The supported move must be possible, with a convoy route that does not need
                // the supporter (DATC 6.D.31). A written coast is not required (DATC 6.B.15).
                if target_unit.kind == UnitType::Fleet {
                    if !map.can_reach(UnitType::Fleet, target_unit.loc, d.prov) {
                        return Err(Cause::SupportedMoveImpossible(Box::new(Cause::CannotReach {
                            unit: target_unit,
                            to: Loc::new(d.prov),
                        })));
                    }
                    // A coast written in a support must be one the fleet can reach (DATC 4.B.4).
                    if let Some(c) = d.coast.filter(|c| map.coasts(d.prov).contains(c)) {
                        if !map.fleet_dest_coasts(target_unit.loc, d.prov).contains(&Some(c)) {
                            return Err(Cause::SupportedMoveImpossible(Box::new(Cause::CannotReach {
                                unit: target_unit,
                                to: Loc {
                                    prov: d.prov,
                                    coast: Some(c),
                                },
                            })));
                        }
                    }
                } else {
                    check_move(map, seas, target_unit, Loc::new(d.prov), false, Some(unit.loc.prov))
                        .map_err(|e| Cause::SupportedMoveImpossible(Box::new(e)))?;
                }
            }
            let coast = match dest {
                Some(d) if target_unit.kind == UnitType::Fleet => d.coast.filter(|c| map.coasts(d.prov).contains(c)),
                _ => None,
            };
            Ok(Legal::Support {
                target: t,
                dest: dest.map(|d| d.prov),
                coast,
            })
        }
        Order::Convoy { army, dest, .. } => {
            if unit.kind != UnitType::Fleet || !map.is_sea(unit.loc.prov) {
                return Err(Cause::OnlyFleetsAtSeaConvoy { unit });
            }
            let Some(a) = at.get(army.prov()) else {
                return Err(Cause::NoUnitToConvoy { prov: army.prov() });
            };
            let army_unit = units[a];
            if army_unit.kind != UnitType::Army {
                // DATC 6.A.7: only armies can be convoyed.
                return Err(Cause::FleetConvoyed { unit: army_unit });
            }
            if dest.prov == army_unit.loc.prov {
                // DATC 6.A.5: a move to its own province is no move.
                return Err(Cause::MoveToOwnProvince { unit: army_unit });
            }
            if !map.is_coastal(army_unit.loc.prov) || !map.is_coastal(dest.prov) {
                return Err(Cause::NoConvoyCanCarry {
                    army: army_unit,
                    to: dest.prov,
                });
            }
            // DATC 6.G.19 and 4.E.1: a convoy is legal only if this fleet is needed on some route.
            if !fleet_needed(seas.get(), map, army_unit.loc.prov, dest.prov, unit.loc.prov) {
                return Err(Cause::NotOnConvoyRoute {
                    fleet: unit,
                    from: army_unit.loc.prov,
                    to: dest.prov,
                });
            }
            Ok(Legal::Convoy {
                army: a,
                dest: dest.prov,
            })
        }
        Order::Disband(_) => Err(Cause::DisbandInMovement),
        Order::Build(_) | Order::Waive => Err(Cause::BuildOutsideAdjustment),
    }
}

/// Checks a move and settles its destination coast. Returns the destination and whether an
/// army needs a convoy to get there. `without` is a province whose fleet may not take part
/// in the convoy (the supporter's, DATC 6.D.31).
fn check_move(
    map: &Map,
    seas: &LazySeas<'_>,
    unit: Unit,
    dest: Loc,
    via_convoy: bool,
    without: Option<ProvId>,
) -> Result<(Loc, bool), Cause> {
    let to = dest.prov;
    if to == unit.loc.prov {
        // DATC 6.A.4.
        return Err(Cause::MoveToOwnProvince { unit });
    }
    match unit.kind {
        UnitType::Army => {
            if !map.is_land(to) {
                // DATC 6.A.2.
                return Err(Cause::ArmyToSea { prov: to });
            }
            // A coast on an army's destination is ignored (DATC 4.B.6).
            let dest = Loc::new(to);
            let adjacent = map.can_reach(UnitType::Army, unit.loc, to);
            if adjacent && !via_convoy {
                return Ok((dest, false));
            }
            if map.is_coastal(unit.loc.prov) && map.is_coastal(to) && seas.get().route(map, unit.loc.prov, to, without)
            {
                return Ok((dest, !adjacent));
            }
            if adjacent {
                // `VIA CONVOY` with no fleet that could carry it: the move is still legal and
                // fails for want of a convoy (DATC 6.G.8: no fallback to the land route).
                return Ok((dest, false));
            }
            Err(Cause::NoLandOrSeaRoute { unit, to })
        }
        UnitType::Fleet => {
            if !map.can_reach(UnitType::Fleet, unit.loc, to) {
                // DATC 6.A.1, 6.A.3, 6.A.9.
                return Err(Cause::CannotReach { unit, to: Loc::new(to) });
            }
            let reachable: Vec<Option<Coast>> = map.fleet_dest_coasts(unit.loc, to);
            let written = dest.coast.filter(|c| map.coasts(to).contains(c));
            let coast = match written {
                // DATC 4.B.3: a coast that cannot be reached makes the order illegal.
                Some(c) if !reachable.contains(&Some(c)) => {
                    return Err(Cause::CannotReach {
                        unit,
                        to: Loc {
                            prov: to,
                            coast: Some(c),
                        },
                    })
                }
                Some(c) => Some(c),
                // DATC 4.B.2: one possible coast is taken; 4.B.1: two is ambiguous.
                None if reachable.len() == 1 => reachable[0],
                None => return Err(Cause::CoastNotNamed { unit, prov: to }),
            };
            Ok((Loc { prov: to, coast }, false))
        }
    }
}

/// The fleets at sea, which may convoy, in groups: fleets in seas next to each other are in
/// one group, and an army on a coast can be carried to another coast when one group touches
/// both. The groups are found once, so that checking a convoyed move or a support of one
/// costs no search.
struct Seas {
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
    fn route(&self, map: &Map, from: ProvId, to: ProvId, without: Option<ProvId>) -> bool {
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
struct LazySeas<'a> {
    map: &'a Map,
    units: &'a [Unit],
    cell: OnceCell<Seas>,
}

impl LazySeas<'_> {
    fn get(&self) -> &Seas {
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
fn fleet_needed(sea_groups: &Seas, map: &Map, from: ProvId, to: ProvId, fleet: ProvId) -> bool {
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

// ---------------------------------------------------------------------------------------
// The resolver (DATC 5.F) over the DATC equations (DATC 5.B).
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// "No unit" in the linked lists of [`Links`].
const NONE: u32 = super::NO_UNIT;

/// Who acts on whom: the units moving into each province, and the units supporting or
/// convoying each unit. Each is a singly linked list threaded through these arrays, in unit
/// order, built once; the resolver walks them while it recurses ([`Walk`]), without copying
/// a list and without one allocation per province or per unit. The head of each list of
/// movers is kept per province in the [`ProvIndex`] ([`ProvIndex::first_mover`]).
struct Links {
    /// Per unit: its place in the lists, and its decision.
    unit: Vec<UnitLinks>,
}

#[derive(Clone, Copy)]
struct UnitLinks {
    /// The next unit moving to the same province as this one.
    next_mover: u32,
    /// The first unit supporting this one, and the next unit supporting the same as this one.
    first_supporter: u32,
    next_supporter: u32,
    /// The first fleet convoying this army, and the next fleet convoying the same army.
    first_convoyer: u32,
    next_convoyer: u32,
    /// The decision of this unit's order, kept beside its links (one table per unit).
    dec: Decision,
}

#[derive(Clone, Copy)]
enum List {
    Movers,
    Supporters,
    Convoyers,
}

/// A position in one of the lists of [`Links`]: `Copy`, so a walk does not borrow the
/// resolver (`let mut w = r.movers_into(p); while let Some(m) = r.step(&mut w) { .. }`).
#[derive(Clone, Copy)]
struct Walk {
    list: List,
    next: u32,
}

impl Links {
    /// The lists of `acts`; the heads of the lists of movers go into `at`.
    fn new(at: &mut ProvIndex, acts: &[Act]) -> Links {
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
            },
        };
        let mut l = Links {
            unit: vec![empty; acts.len()],
        };
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
struct Decision {
    state: State,
    /// The decision, or the current guess while `state` is `Guessing`.
    res: bool,
    /// The order is in `deps` (kept here so that the check is constant-time).
    in_deps: bool,
    /// A convoy failed by the Szykman rule (for the result's reason).
    szykman: bool,
}

struct Resolver<'a> {
    map: &'a Map,
    units: &'a [Unit],
    acts: &'a [Act],
    hooks: &'a dyn Hooks,
    /// The unit in each province, and the first unit moving there.
    occupant: ProvIndex,
    links: Links,
    deps: Vec<UnitId>,
}

impl<'a> Resolver<'a> {
    /// `occupant`: the unit in each province ([`super::index_by_province`]).
    fn new(
        map: &'a Map,
        units: &'a [Unit],
        acts: &'a [Act],
        mut occupant: ProvIndex,
        hooks: &'a dyn Hooks,
    ) -> Resolver<'a> {
        let links = Links::new(&mut occupant, acts);
        Resolver {
            map,
            units,
            acts,
            hooks,
            occupant,
            links,
            deps: Vec::new(),
        }
    }

    fn movers_into(&self, p: ProvId) -> Walk {
        Walk {
            list: List::Movers,
            next: self.occupant.first_mover(p),
        }
    }

    fn supporters_of(&self, u: UnitId) -> Walk {
        Walk {
            list: List::Supporters,
            next: self.links.unit[u].first_supporter,
        }
    }

    fn convoyers_of(&self, u: UnitId) -> Walk {
        Walk {
            list: List::Convoyers,
            next: self.links.unit[u].first_convoyer,
        }
    }

    /// The next unit of a walk.
    fn step(&self, w: &mut Walk) -> Option<UnitId> {
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
    fn resolve(&mut self, u: UnitId) -> bool {
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

    fn push_dep(&mut self, u: UnitId) {
        if !self.links.unit[u].dec.in_deps {
            self.links.unit[u].dec.in_deps = true;
            self.deps.push(u);
        }
    }

    /// Forgets the guesses from `deps[old..]`, leaving those orders in `state`.
    fn truncate_deps(&mut self, old: usize, state: State) {
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
    fn backup_rule(&mut self, old: usize) {
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

    fn adjudicate(&mut self, u: UnitId) -> bool {
        match self.acts[u] {
            Act::Move { .. } => self.move_succeeds(u),
            Act::Support { .. } => !self.support_cut(u),
            Act::Convoy { .. } => !self.convoy_broken(u),
            Act::Hold => true,
        }
    }

    fn origin(&self, u: UnitId) -> ProvId {
        self.units[u].loc.prov
    }

    fn power_of(&self, u: UnitId) -> Power {
        self.units[u].power
    }

    fn convoyed(&self, u: UnitId) -> bool {
        matches!(self.acts[u], Act::Move { convoyed: true, .. })
    }

    /// The unit in `m`'s destination moving to `m`'s province, both over land: a
    /// head-to-head battle.
    fn head_to_head(&self, m: UnitId) -> Option<UnitId> {
        let dest = self.acts[m].dest()?;
        let o = self.occupant.get(dest)?;
        (self.acts[o].dest() == Some(self.origin(m)) && !self.convoyed(m) && !self.convoyed(o)).then_some(o)
    }

    /// PATH (DATC 5.B.4): over land, or a chain of fleets with successful convoys.
    fn path(&mut self, m: UnitId) -> bool {
        if !self.convoyed(m) {
            return true;
        }
        let from = self.origin(m);
        let Some(to) = self.acts[m].dest() else { return false };
        let mut fleets: Vec<UnitId> = Vec::new();
        let mut w = self.convoyers_of(m);
        while let Some(f) = self.step(&mut w) {
            fleets.push(f);
        }
        let mut seen = vec![false; fleets.len()];
        let mut stack: Vec<usize> = Vec::new();
        for (i, &f) in fleets.iter().enumerate() {
            if self.map.fleet_reach_any_coast(self.origin(f)).contains(&from) {
                seen[i] = true;
                stack.push(i);
            }
        }
        while let Some(i) = stack.pop() {
            let f = fleets[i];
            if !self.resolve(f) {
                continue;
            }
            let here = self.origin(f);
            if self.map.fleet_reach_any_coast(here).contains(&to) {
                return true;
            }
            for (j, &g) in fleets.iter().enumerate() {
                if !seen[j] && self.map.fleet_reach_any_coast(here).contains(&self.origin(g)) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        false
    }

    /// Successful supports of `u`'s order, leaving out supporters of power `except`.
    fn support_count(&mut self, u: UnitId, except: Option<Power>) -> Strength {
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
    fn hold_strength(&mut self, prov: ProvId) -> Strength {
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
    fn attack_base(&mut self, m: UnitId) -> Strength {
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

    fn attack_against(&mut self, m: UnitId, base: Strength, opposing: Option<UnitId>) -> Strength {
        if base == 0 {
            return 0;
        }
        let hooks = self.hooks;
        hooks.attack_strength(self, m, opposing, base)
    }

    /// DEFEND STRENGTH (DATC 5.B.7) of `m` against `attacker`.
    fn defend_strength(&mut self, m: UnitId, attacker: UnitId) -> Strength {
        let base = 1 + self.support_count(m, None);
        let hooks = self.hooks;
        hooks.defend_strength(self, m, attacker, base)
    }

    /// PREVENT STRENGTH (DATC 5.B.6) of `m` against `attacker` moving to the same province.
    fn prevent_strength(&mut self, m: UnitId, attacker: UnitId) -> Strength {
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

    /// MOVE (DATC 5.B.1).
    fn move_succeeds(&mut self, m: UnitId) -> bool {
        self.move_failure(m).is_none()
    }

    /// Why the move fails, or `None` if it succeeds.
    fn move_failure(&mut self, m: UnitId) -> Option<Failure> {
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
    fn support_cut(&mut self, s: UnitId) -> bool {
        let base = self.cutter(s).is_some();
        let hooks = self.hooks;
        hooks.support_cut(self, s, base)
    }

    /// The unit cutting a support, if any, before the hook has its say.
    fn cutter(&mut self, s: UnitId) -> Option<UnitId> {
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
    fn convoy_broken(&mut self, c: UnitId) -> bool {
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
    fn dislodged_by(&mut self, u: UnitId) -> Option<UnitId> {
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
    fn contested(&mut self, taken: &[bool]) -> Vec<ProvId> {
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
    fn explain(&mut self, u: UnitId) -> (Verdict, Option<Cause>) {
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
enum Failure {
    NoPath,
    /// Beaten by this unit's strength; `true` when it is a unit of the mover's own power
    /// that would have been dislodged.
    Beaten(UnitId, bool),
    /// A variant's hook decided.
    Forced,
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
        let p = Position::parse(map, text, "t").unwrap();
        let o = crate::variant::adjudicate(map, &p).0;
        let orders: Vec<&str> = o.results.iter().map(|r| r.order.as_str()).collect();
        assert_eq!(orders, ["A GAS - SPA", "A MAR S A GAS - SPA", "F MAO S A GAS - SPA"]);
    }
}
