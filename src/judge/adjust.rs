//! Adjustment phases: builds in owned vacant home centres, removals, waives, and civil
//! disorder for removals not ordered (2023 rule, DATC 4.D.8).

use super::hooks::Hooks;
use super::{read_order, skip_to_next, Board, Cause, OrderResult, Outcome, Read, Submitted, Unit, UnitName, Verdict};
use crate::map::{Center, Kind, Loc, Map, Power, ProvId, UnitType};
use crate::order::{Order, UnitRef};
use crate::phase::Phase;
use std::collections::{BTreeMap, VecDeque};

/// How many units a power must build (positive) or remove (negative) this winter.
pub fn adjustment(board: &Board, hooks: &dyn Hooks, power: Power) -> i32 {
    let centers = board.centers.values().filter(|&&p| p == power).count() as i32;
    let units = board.units.iter().filter(|u| u.power == power).count() as i32;
    centers - units + hooks.extra_builds(power)
}

/// Owned home centres of a power with no unit in them.
pub fn vacant_homes(map: &Map, board: &Board, power: Power) -> Vec<ProvId> {
    map.home_centers(power)
        .filter(|p| board.centers.get(p) == Some(&power) && board.unit_at(*p).is_none())
        .collect()
}

/// Has any power something to do this winter: a removal, or a build it has room for?
pub fn any_adjustment_due(map: &Map, board: &Board, hooks: &dyn Hooks) -> bool {
    map.all_powers().any(|p| {
        let n = adjustment(board, hooks, p);
        n < 0 || (n > 0 && !vacant_homes(map, board, p).is_empty())
    })
}

/// Resolves an adjustment phase. Orders are taken in the order given: the first legal
/// builds or removals count, the rest are void (DATC 4.D.4, 4.D.5, 4.D.6).
pub fn adjudicate(map: &Map, phase: Phase, board: &Board, orders: &[Submitted], hooks: &dyn Hooks) -> Outcome {
    let mut results = Vec::new();
    let mut next = Board {
        units: board.units.clone(),
        centers: board.centers.clone(),
        ..Board::default()
    };
    let mut removed = vec![false; board.units.len()];
    let mut built: Vec<Unit> = Vec::new();
    let mut waived = BTreeMap::new();

    let at = super::index_by_province(map, &board.units);
    let mut powers: Vec<Power> = map.all_powers().collect();
    powers.retain(|p| adjustment(board, hooks, *p) != 0 || orders.iter().any(|o| o.power == *p));
    for power in powers {
        let due = adjustment(board, hooks, power);
        let mut used = 0;
        // The builds made: of the builds due, the rest are waived.
        let mut made = 0;
        let mut reader = crate::order::Reader::default();
        for (i, sub) in orders.iter().enumerate().filter(|(_, o)| o.power == power) {
            let read = read_order(map, &board.units, &at, &mut reader, sub);
            let before = results.len();
            let mut result = |verdict: Verdict, order: String, cause: Option<Cause>| {
                results.push(OrderResult {
                    cause,
                    ..super::result(power, order, verdict, None)
                });
            };
            match read {
                Read::Void(r) => results.push(*r),
                Read::Free(Order::Waive) => {
                    if due > used {
                        used += 1;
                        result(Verdict::Succeeds, "WAIVE".into(), None);
                    } else {
                        result(Verdict::Void, "WAIVE".into(), Some(no_more(power, due)));
                    }
                }
                Read::Free(Order::Build(u)) => {
                    let text = build_text(map, &u);
                    if due <= used {
                        result(Verdict::Void, text, Some(no_more(power, due)));
                    } else {
                        match check_build(map, board, &built, power, &u) {
                            Ok(unit) => {
                                used += 1;
                                made += 1;
                                built.push(unit);
                                result(Verdict::Succeeds, format!("BUILD {}", UnitName(map, unit)), None);
                            }
                            Err(e) => result(Verdict::Void, text, Some(e)),
                        }
                    }
                }
                Read::Free(o) => result(Verdict::Void, o.to_text(map), Some(Cause::NotAnAdjustment)),
                Read::Unit {
                    unit,
                    order: Order::Disband(_),
                    ..
                } => {
                    let text = format!("REMOVE {}", UnitName(map, board.units[unit]));
                    if -due <= used {
                        result(Verdict::Void, text, Some(no_more(power, due)));
                    } else if removed[unit] {
                        // DATC 6.J.2: removing the same unit twice removes it once.
                        result(Verdict::Void, text, Some(Cause::AlreadyRemoved));
                    } else {
                        used += 1;
                        removed[unit] = true;
                        result(Verdict::Succeeds, text, None);
                    }
                }
                Read::Unit { order, .. } => result(Verdict::Void, order.to_text(map), Some(Cause::RemoveOnly)),
            }
            // One result per order, which says which order it answers.
            debug_assert_eq!(results.len(), before + 1);
            results[before].given = Some(i);
        }
        if due > made {
            waived.insert(power, (due - made) as u32);
        }
        // Civil disorder: removals not ordered are made by distance (DATC 4.D.8, 2023 rules).
        if due < 0 {
            let missing = (-due - used) as usize;
            let candidates: Vec<usize> = civil_disorder_order(map, board, power)
                .into_iter()
                .filter(|&u| !removed[u])
                .collect();
            for u in candidates.into_iter().take(missing) {
                removed[u] = true;
                results.push(OrderResult {
                    cause: Some(Cause::CivilDisorder),
                    ..super::result(
                        power,
                        format!("REMOVE {}", UnitName(map, board.units[u])),
                        Verdict::Succeeds,
                        None,
                    )
                });
            }
        }
    }
    next.units = board
        .units
        .iter()
        .zip(&removed)
        .filter(|(_, r)| !**r)
        .map(|(u, _)| *u)
        .collect();
    next.units.extend(built);
    let next_phase = skip_to_next(map, phase, &mut next, hooks);
    Outcome {
        phase,
        results,
        next_phase,
        next,
        waived,
    }
}

fn no_more(power: Power, due: i32) -> Cause {
    Cause::NoMoreAdjustments { power, due }
}

fn build_text(map: &Map, u: &UnitRef) -> String {
    format!("BUILD {}", crate::order::unit_text(map, u))
}

/// A build is legal in a vacant home centre the power owns, once per province, with a unit
/// that can stand there (DATC 6.I, 4.B.7, 4.C.3, 4.C.4).
fn check_build(map: &Map, board: &Board, built: &[Unit], power: Power, u: &UnitRef) -> Result<Unit, Cause> {
    let p = u.loc.prov;
    if map.center(p) != Some(Center::Home(power)) {
        return Err(Cause::NotHomeCentre { prov: p, power });
    }
    if board.centers.get(&p) != Some(&power) {
        return Err(Cause::NotOwned { prov: p, power });
    }
    if board.unit_at(p).is_some() || built.iter().any(|b| b.loc.prov == p) {
        return Err(Cause::NotVacant { prov: p });
    }
    let kind_of = map.province(p).kind;
    let coast = u.loc.coast.filter(|c| map.coasts(p).contains(c));
    let kind = match u.kind {
        Some(k) => k,
        None if kind_of == Kind::Land => UnitType::Army,
        None if u.loc.coast.is_some() => UnitType::Fleet,
        None => return Err(Cause::BuildWhichType { prov: p }),
    };
    let loc = match kind {
        UnitType::Army => Loc::new(p),
        UnitType::Fleet => {
            if kind_of != Kind::Coast {
                return Err(Cause::FleetInland { prov: p });
            }
            if map.coasts(p).is_empty() {
                Loc::new(p)
            } else {
                match coast {
                    Some(c) => Loc {
                        prov: p,
                        coast: Some(c),
                    },
                    None => return Err(Cause::BuildWhichCoast { prov: p }),
                }
            }
        }
    };
    Ok(Unit { power, kind, loc })
}

/// The power's units in the order civil disorder removes them: farthest from an owned
/// supply centre first (moving over land and sea alike), fleets before armies, then by
/// the province's English name.
pub fn civil_disorder_order(map: &Map, board: &Board, power: Power) -> Vec<usize> {
    let n = map.provinces.len();
    let mut dist = vec![u32::MAX; n];
    let mut queue = VecDeque::new();
    for (&p, &owner) in board.centers.iter() {
        if owner == power {
            dist[p as usize] = 0;
            queue.push_back(p);
        }
    }
    while let Some(p) = queue.pop_front() {
        for q in map.any_borders(p) {
            if dist[q as usize] == u32::MAX {
                dist[q as usize] = dist[p as usize] + 1;
                queue.push_back(q);
            }
        }
    }
    let mut ids: Vec<usize> = (0..board.units.len())
        .filter(|&u| board.units[u].power == power)
        .collect();
    ids.sort_by(|&a, &b| {
        let (ua, ub) = (board.units[a], board.units[b]);
        dist[ub.loc.prov as usize]
            .cmp(&dist[ua.loc.prov as usize])
            .then((ua.kind == UnitType::Army).cmp(&(ub.kind == UnitType::Army)))
            .then(
                map.province(ua.loc.prov)
                    .name
                    .to_lowercase()
                    .cmp(&map.province(ub.loc.prov).name.to_lowercase()),
            )
    });
    ids
}

#[cfg(test)]
mod tests {
    use crate::judge::Verdict;
    use crate::map::Map;
    use crate::position::Position;

    /// Russia (earlier in the list of powers) owes a removal and sends nothing; Turkey's
    /// build is the only order: its result says so, whatever comes before it.
    #[test]
    fn each_result_names_the_order_it_answers() {
        let map = Map::standard();
        let text = "phase: Winter 1901 Adjustment\nunits:\n  Russia: [F BLA, A MOS, A WAR, F STP/SC]\n  \
                    Turkey: [F ANK, A CON, A SEV]\nsupply_centers:\n  Russia: [MOS, WAR, STP]\n  \
                    Turkey: [ANK, CON, SMY, SEV]\norders:\n  Turkey: [BUILD A SMY]\n";
        let p = Position::parse(map, &crate::kinds::VARIANTS, text, "t").unwrap();
        let o = crate::kinds::diplomacy::adjudicate(map, &p).0;
        let turkey = map.power_by_name("Turkey").unwrap();
        let build = o.results.iter().find(|r| r.given == Some(0)).unwrap();
        assert_eq!((build.power, build.order.as_str()), (turkey, "BUILD A SMY"));
        assert_eq!(build.verdict, Verdict::Succeeds);
        let disorder: Vec<_> = o.results.iter().filter(|r| r.given.is_none()).collect();
        assert_eq!(disorder.len(), 1, "{:?}", o.results);
        assert_eq!(disorder[0].cause, Some(crate::judge::Cause::CivilDisorder));
    }

    /// Every build not made is waived, whatever the reason: France orders one good build
    /// and one void one of three, Germany writes WAIVE, Austria sends nothing, Italy has no
    /// vacant home centre to build in. Turkey builds all it may and Russia owes a removal:
    /// neither waives anything.
    #[test]
    fn the_builds_not_made_are_waived_whatever_the_reason() {
        let map = Map::standard();
        let text = "phase: Winter 1901 Adjustment\nunits:\n  France: [A BEL, F POR, A SPA]\n  \
                    Germany: [F HOL, A BER, A MUN]\n  Austria: [A SER, A VIE, F TRI]\n  \
                    Italy: [A VEN, A ROM, F NAP]\n  Turkey: [F ANK, A CON, A SEV]\n  \
                    Russia: [F BLA, A MOS, A WAR, F STP/SC]\nsupply_centers:\n  \
                    France: [PAR, MAR, BRE, BEL, POR, SPA]\n  Germany: [BER, MUN, KIE, HOL]\n  \
                    Austria: [VIE, BUD, TRI, SER]\n  Italy: [VEN, ROM, NAP, TUN]\n  \
                    Turkey: [ANK, CON, SMY, SEV]\n  Russia: [MOS, WAR, STP]\n\
                    orders:\n  France: [BUILD A PAR, BUILD A KIE]\n  Germany: [WAIVE]\n  \
                    Turkey: [BUILD A SMY]\n";
        let p = Position::parse(map, &crate::kinds::VARIANTS, text, "t").unwrap();
        let o = crate::kinds::diplomacy::adjudicate(map, &p).0;
        let waived: Vec<(&str, u32)> = o.waived.iter().map(|(&p, &n)| (map.power_name(p), n)).collect();
        let mut want = vec![("France", 2), ("Germany", 1), ("Austria", 1), ("Italy", 1)];
        want.sort_by_key(|(name, _)| map.power_by_name(name).unwrap());
        assert_eq!(waived, want);
    }
}
