//! Validation: which orders are legal (DATC 4.E.1), and which supports and convoys match.
//! An illegal order is void and its unit holds; the result says why ([`Cause`]).

use super::convoy::{fleet_needed, LazySeas};
use super::{Act, Spare};
use crate::judge::{
    number_given, one_order_per_unit_in, push_ref_text, read_order, result, void, Board, Cause, OrderResult, OrderText,
    ProvIndex, Read, Submitted, Then, Unit, UnitId, Verdict,
};
use crate::map::{Coast, Loc, Map, Power, ProvId, UnitType};
use crate::order::{Order, UnitRef};
use std::cell::OnceCell;

/// How the judge reads each unit's order in a movement phase, before resolving anything:
/// `Hold` for units with no order or a void one. A variant uses it to see who moves where.
pub fn read_acts(map: &Map, board: &Board, orders: &[Submitted]) -> Vec<Act> {
    let at = crate::judge::index_by_province(map, &board.units);
    validate(map, board, &at, orders, &mut Spare::default()).acts
}

pub(super) struct Validated {
    pub(super) acts: Vec<Act>,
    pub(super) results: Vec<OrderResult>,
}

/// A legal order before matching.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Legal {
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

/// The orders read, checked and matched. `at`: the unit in each province. The lists made on
/// the way are made in `spare`'s buffers, and left there.
pub(super) fn validate(map: &Map, board: &Board, at: &ProvIndex, orders: &[Submitted], spare: &mut Spare) -> Validated {
    let units = &board.units;
    let seas = LazySeas {
        map,
        units,
        cell: OnceCell::new(),
    };
    // Every result is first a blank one, then filled in where it stands: a result made
    // whole and then moved into the list was copied a piece at a time, each copy waiting
    // on the writes of the last (a fifth of a Spring 1901 phase).
    let mut results: Vec<OrderResult> =
        vec![result(Power(0), OrderText::new(""), Verdict::Succeeds, None); orders.len()];
    // (result index, unit, legal order)
    let mut legal = std::mem::take(&mut spare.legal);
    legal.clear();
    let mut reader = crate::order::Reader::default();
    // The normalised text of an order not written so, made here before it is copied into
    // its result (no allocation until one is).
    let mut written = String::new();
    for (idx, sub) in orders.iter().enumerate() {
        let res = &mut results[idx];
        match read_order(map, units, at, &mut reader, sub) {
            Read::Void(r) => *res = *r,
            Read::Free(order) => *res = void(sub.power, order.to_text(map), None, Cause::BuildOutsideAdjustment),
            Read::Unit {
                unit,
                order,
                as_written,
            } => {
                res.power = sub.power;
                res.unit = Some(unit);
                match as_written && normal_as_written(map, units, at, &order, &sub.text) {
                    // Copying the text is cheaper than writing it again from its parts.
                    true => res.order.set(&sub.text),
                    false => {
                        written.clear();
                        push_order_text(map, units, at, &order, &mut written);
                        res.order.set(&written);
                    }
                };
                debug_assert_eq!(res.order, order_text(map, units, at, &order));
                match check(map, units, at, &seas, unit, &order) {
                    Ok(l) => legal.push((idx, unit, l)),
                    Err(cause) => {
                        res.verdict = Verdict::Void;
                        res.cause = Some(cause);
                    }
                }
            }
        }
    }

    number_given(&mut results, orders.len());

    // Several legal orders for one unit: DATC 4.D.3, choice c.
    let chosen = one_order_per_unit_in(
        units,
        &legal,
        &mut results,
        Then::Holds,
        std::mem::take(&mut spare.chosen),
    );
    spare.legal = legal;

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
    let mut acts = std::mem::take(&mut spare.acts);
    acts.clear();
    acts.resize(units.len(), Act::Hold);
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
    spare.chosen = chosen;
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

/// Is `written`, read in the normalised notation with the order's own unit as on the board
/// ([`Read::Unit`]'s `as_written`), already what [`order_text`] would write? Yes, unless it
/// is a hold written without `H`, or a support or convoy whose other unit or destination
/// the judge writes otherwise.
fn normal_as_written(map: &Map, units: &[Unit], at: &ProvIndex, order: &Order, written: &str) -> bool {
    // The other unit as written is the board's own (or there is none to write instead).
    let same = |r: &UnitRef| {
        at.get(r.prov())
            .is_none_or(|t| r.kind == Some(units[t].kind) && r.loc == units[t].loc)
    };
    match order {
        // `A PAR H`, not `A PAR` (on a map with a province `H`, `A H` is a hold too).
        Order::Hold(_) => written.ends_with(" H") && written.split(' ').count() == 3,
        // An irrelevant coast is not written back (DATC 4.B.6, 6.B.12).
        Order::Move { unit, dest, .. } => !irrelevant_coast(map, units, at, unit, *dest),
        Order::Support { target, dest, .. } => {
            let kind = kind_of(units, at, target);
            same(target) && dest.is_none_or(|d| d.coast == map.coast_that_counts(kind, d))
        }
        Order::Convoy { army, dest, .. } => same(army) && dest.coast.is_none(),
        _ => false,
    }
}

/// The normalised notation, with the other units' types filled in from the board (`at`: the
/// unit in each province).
fn order_text(map: &Map, units: &[Unit], at: &ProvIndex, order: &Order) -> String {
    let mut out = String::new();
    push_order_text(map, units, at, order, &mut out);
    out
}

/// Appends [`order_text`] to `out`.
fn push_order_text(map: &Map, units: &[Unit], at: &ProvIndex, order: &Order, out: &mut String) {
    let push_ref = |r: &UnitRef, out: &mut String| push_ref_text(map, units, at, r, out);
    match order {
        Order::Support { unit, target, dest } => {
            push_ref(unit, out);
            out.push_str(" S ");
            push_ref(target, out);
            if let Some(d) = dest {
                // An irrelevant coast is not written back (DATC 4.B.6): one the province
                // does not have, or any on a supported army's destination.
                let coast = map.coast_that_counts(kind_of(units, at, target), *d);
                out.push_str(" - ");
                map.push_loc(out, Loc { prov: d.prov, coast });
            }
        }
        // An army moves to a province, and a fleet cannot go to a coast the province does
        // not have: such a coast is not written back (DATC 4.B.6, 6.B.12; the move is
        // attempted to the province).
        &Order::Move { unit, dest, via_convoy } if irrelevant_coast(map, units, at, &unit, dest) => Order::Move {
            unit,
            dest: Loc { coast: None, ..dest },
            via_convoy,
        }
        .push_text(map, out),
        Order::Convoy { unit, army, dest } => {
            push_ref(unit, out);
            out.push_str(" C ");
            push_ref(army, out);
            out.push_str(" - ");
            out.push_str(map.code(dest.prov));
        }
        o => o.push_text(map, out),
    }
}

/// The type of the unit an order names, as the board has it (DATC 4.C.2: the board's
/// type, not the one written); a fleet where there is none.
fn kind_of(units: &[Unit], at: &ProvIndex, r: &UnitRef) -> UnitType {
    at.get(r.prov()).map_or(UnitType::Fleet, |t| units[t].kind)
}

/// Is the coast written for a move's destination one that does not matter (DATC 4.B.6): any
/// coast for an army, a coast the province does not have for a fleet?
fn irrelevant_coast(map: &Map, units: &[Unit], at: &ProvIndex, unit: &UnitRef, dest: Loc) -> bool {
    dest.coast != map.coast_that_counts(kind_of(units, at, unit), dest)
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
                    if let Some(c) = map.coast_that_counts(UnitType::Fleet, d) {
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
                Some(d) => map.coast_that_counts(target_unit.kind, d),
                None => None,
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
            // The coasts of `to` the fleet can reach (`Map::fleet_dest_coasts`), counted in
            // one pass without a list: how many, the first, and whether the written one is.
            let written = map.coast_that_counts(UnitType::Fleet, dest);
            let (mut reachable, mut first, mut written_reachable) = (0, None, false);
            for l in map.fleet_borders(unit.loc).iter().filter(|l| l.prov == to) {
                if reachable == 0 {
                    first = l.coast;
                }
                reachable += 1;
                written_reachable |= written.is_some() && l.coast == written;
            }
            if reachable == 0 {
                // DATC 6.A.1, 6.A.3, 6.A.9.
                return Err(Cause::CannotReach { unit, to: Loc::new(to) });
            }
            let coast = match written {
                // DATC 4.B.3: a coast that cannot be reached makes the order illegal.
                Some(c) if !written_reachable => {
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
                None if reachable == 1 => first,
                None => return Err(Cause::CoastNotNamed { unit, prov: to }),
            };
            Ok((Loc { prov: to, coast }, false))
        }
    }
}
