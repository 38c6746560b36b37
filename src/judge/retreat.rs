//! Retreat phases: each dislodged unit retreats to a free place or is disbanded.

use super::hooks::Hooks;
use super::movement::{retreat_options, taken};
use super::{
    one_order_per_unit, read_order, result, skip_to_next, void, Board, Cause, OrderResult, Outcome, Read, Submitted,
    Then, Unit, UnitName, Verdict,
};
use crate::map::{Loc, Map};
use crate::order::{parse_order, Order};
use crate::phase::{Phase, PhaseKind};

/// Resolves a retreat phase. Units not dislodged take no orders; a dislodged unit without a
/// valid retreat is disbanded, and so are units retreating to the same province.
pub fn adjudicate(map: &Map, phase: Phase, board: &Board, orders: &[Submitted], hooks: &dyn Hooks) -> Outcome {
    let retreating: Vec<Unit> = board.dislodged.iter().map(|d| d.unit).collect();
    let taken = taken(map, board);
    // The places each dislodged unit may go: those the judge finds, narrowed to the list
    // given with the position if there is one.
    let options: Vec<Vec<Loc>> = board
        .dislodged
        .iter()
        .map(|d| {
            // A variant's limits (Hooks::may_retreat_to) were applied when the unit was
            // dislodged; they reach this phase through the `retreats` list.
            let found = retreat_options(map, &taken, d.unit, d.attacker_from, |_| true);
            match &d.retreats {
                Some(given) => found
                    .into_iter()
                    .filter(|l| given.iter().any(|g| g.prov == l.prov))
                    .collect(),
                None => found,
            }
        })
        .collect();

    let at = super::index_by_province(map, &retreating);
    let mut results: Vec<OrderResult> = Vec::new();
    // (result index, dislodged unit, destination or None for a disband)
    let mut given: Vec<(usize, usize, Option<Loc>)> = Vec::new();
    let mut reader = crate::order::Reader::default();
    for sub in orders {
        let idx = results.len();
        let read = read_order(map, &retreating, &at, &mut reader, sub);
        let (unit, order) = match read {
            Read::Unit { unit, order, .. } => (unit, order),
            Read::Free(order) => {
                results.push(void(sub.power, order.to_text(map), None, Cause::BuildOutsideAdjustment));
                continue;
            }
            Read::Void(mut r) => {
                if let Ok(o) = parse_order(map, &sub.text) {
                    if let Some(u) = o.unit().and_then(|u| board.unit_at(u.prov())) {
                        r.cause = Some(Cause::NotDislodged { unit: board.units[u] });
                    }
                }
                results.push(*r);
                continue;
            }
        };
        let name = retreating[unit].text(map);
        let text = order.to_text(map);
        let dest = match order {
            Order::Move { dest, .. } => {
                // An irrelevant coast is ignored (DATC 4.B.6, preferred choice b): any coast
                // on an army's retreat, and a coast the province does not have.
                let written = map.coast_that_counts(retreating[unit].kind, dest);
                let fits: Vec<Loc> = options[unit]
                    .iter()
                    .copied()
                    .filter(|l| l.prov == dest.prov && (written.is_none() || l.coast == written))
                    .collect();
                match fits.len() {
                    1 => Some(fits[0]),
                    0 => {
                        results.push(void(
                            sub.power,
                            text,
                            None,
                            Cause::CannotRetreat {
                                unit: retreating[unit],
                                to: dest,
                                why: no_retreat(board, unit, dest),
                            },
                        ));
                        continue;
                    }
                    _ => {
                        results.push(void(
                            sub.power,
                            text,
                            None,
                            Cause::RetreatCoastNotNamed {
                                unit: retreating[unit],
                                prov: dest.prov,
                            },
                        ));
                        continue;
                    }
                }
            }
            Order::Disband(_) => None,
            _ => {
                // DATC 6.H.1, 6.H.2, 6.H.3: no holds, supports or convoys in a retreat phase.
                results.push(void(sub.power, text, None, Cause::RetreatOrDisbandOnly));
                continue;
            }
        };
        let text = match dest {
            Some(l) => format!("{name} - {}", map.loc_text(l)),
            None => format!("{name} D"),
        };
        results.push(result(sub.power, text, Verdict::Succeeds, None));
        given.push((idx, unit, dest));
    }
    super::number_given(&mut results, orders.len());
    let chosen = one_order_per_unit(&retreating, &given, &mut results, Then::IsDisbanded);

    let mut next = Board {
        units: board.units.clone(),
        centers: board.centers.clone(),
        ..Board::default()
    };
    for (u, c) in chosen.iter().enumerate() {
        match c {
            Some((idx, Some(dest))) => {
                let rivals: Vec<usize> = chosen
                    .iter()
                    .enumerate()
                    .filter(|(v, c)| *v != u && matches!(c, Some((_, Some(d)))if d.prov == dest.prov))
                    .map(|(v, _)| v)
                    .collect();
                if rivals.is_empty() {
                    next.units.push(Unit {
                        loc: *dest,
                        ..retreating[u]
                    });
                } else {
                    // Two retreats to one place: both units are disbanded.
                    results[*idx].verdict = Verdict::Fails;
                    results[*idx].cause = Some(Cause::RetreatBounced {
                        with: rivals.iter().map(|&v| retreating[v]).collect(),
                    });
                }
            }
            Some((_, None)) => {}
            None => results.push(OrderResult {
                cause: Some(if options[u].is_empty() {
                    Cause::NowhereToRetreat
                } else {
                    Cause::NoRetreatOrdered
                }),
                ..result(
                    retreating[u].power,
                    format!("{} D", UnitName(map, retreating[u])),
                    Verdict::Succeeds,
                    None,
                )
            }),
        }
    }
    let next_phase = skip_to_next(map, phase, &mut next, hooks);
    debug_assert!(next_phase.kind != PhaseKind::Retreat);
    Outcome {
        phase,
        results,
        next_phase,
        next,
        waived: Default::default(),
    }
}

/// Why the dislodged unit `unit` may not retreat to `to`, where the board says it: a
/// standoff there (DATC 6.H.6), its attacker's origin (DATC 6.H.5), a unit there. `None`
/// for any other reason (not a neighbour, a variant's rule).
fn no_retreat(board: &Board, unit: usize, to: Loc) -> Option<crate::judge::NoRetreat> {
    use crate::judge::NoRetreat;
    let dislodged = &board.dislodged[unit];
    if board.contested.contains(&to.prov) {
        Some(NoRetreat::Standoff)
    } else if dislodged.attacker_from == Some(to.prov) {
        Some(NoRetreat::Attacker)
    } else if board.unit_at(to.prov).is_some() {
        Some(NoRetreat::Occupied)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::judge::{Cause, NoRetreat, Submitted, Verdict};
    use crate::map::Map;
    use crate::position::Position;

    fn retreat(orders: &[&str]) -> crate::judge::Outcome {
        let map = Map::standard();
        let text = "phase: Spring 1901 Retreat\nunits:\n  Germany: [A TYR]\ndislodged:\n  Austria:\n    - {unit: A VIE, attacker_from: TYR}\n";
        let mut p = Position::parse(map, &crate::kinds::VARIANTS, text, "t").unwrap();
        let austria = map.power_by_name("Austria").unwrap();
        p.orders = orders
            .iter()
            .map(|o| Submitted {
                power: austria,
                text: o.to_string(),
            })
            .collect();
        crate::kinds::diplomacy::adjudicate(map, &p).0
    }

    #[test]
    fn a_unit_given_two_different_retreats_is_disbanded() {
        let o = retreat(&["A VIE - BOH", "A VIE - GAL"]);
        let verdicts: Vec<Verdict> = o.results.iter().take(2).map(|r| r.verdict).collect();
        assert_eq!(verdicts, [Verdict::Void, Verdict::Void]);
        assert!(
            matches!(o.results[0].cause, Some(Cause::DifferentOrders { .. })),
            "{:?}",
            o.results
        );
        assert_eq!(o.next.units.len(), 1, "only A TYR is left");
    }

    #[test]
    fn the_same_retreat_twice_counts_once() {
        let o = retreat(&["A VIE - BOH", "A VIE - BOH"]);
        assert_eq!(o.results[0].verdict, Verdict::Succeeds);
        assert_eq!(o.results[1].verdict, Verdict::Void);
        assert_eq!(o.next.units.len(), 2);
    }

    #[test]
    fn a_retreat_to_the_attackers_province_is_void() {
        let o = retreat(&["A VIE - TYR"]);
        assert_eq!(o.results[0].verdict, Verdict::Void);
        assert!(o
            .next
            .units
            .iter()
            .all(|u| u.power != Map::standard().power_by_name("Austria").unwrap()));
    }

    /// A refusal says why (issue #24): a standoff took place there (DATC 6.H.6), the
    /// attack came from there (DATC 6.H.5), a unit stands there; in both languages.
    #[test]
    fn a_retreat_refused_says_why() {
        let map = Map::standard();
        let text = "phase: Spring 1901 Retreat\nunits:\n  Russia: [A RUM, A UKR]\n  Turkey: [A GAL]\n\
                    dislodged:\n  Austria:\n    - {unit: A BUD, attacker_from: GAL}\ncontested: [VIE]\n";
        let mut p = Position::parse(map, &crate::kinds::VARIANTS, text, "t").unwrap();
        let austria = map.power_by_name("Austria").unwrap();
        let causes = |order: &str, p: &mut Position| {
            p.orders = vec![Submitted {
                power: austria,
                text: order.to_string(),
            }];
            let o = crate::kinds::diplomacy::adjudicate(map, p).0;
            assert_eq!(o.results[0].verdict, Verdict::Void);
            let r = &o.results[0];
            (
                r.cause.clone(),
                crate::words::reason(map, crate::lang::Lang::En, r),
                crate::words::reason(map, crate::lang::Lang::Fr, r),
            )
        };
        let (cause, en, fr) = causes("A BUD - VIE", &mut p);
        assert!(
            matches!(
                cause,
                Some(Cause::CannotRetreat {
                    why: Some(NoRetreat::Standoff),
                    ..
                })
            ),
            "{cause:?}"
        );
        assert!(
            en.ends_with("cannot retreat to VIE: a standoff took place there"),
            "{en}"
        );
        assert!(
            fr.ends_with("ne peut pas retraiter en VIE : des unités s'y sont heurtées sans vainqueur"),
            "{fr}"
        );
        let (_, en, fr) = causes("A BUD - GAL", &mut p);
        assert!(
            en.ends_with("cannot retreat to GAL: the attack came from there"),
            "{en}"
        );
        assert!(fr.ends_with(": l'attaque est venue de là"), "{fr}");
        let (_, en, _) = causes("A BUD - RUM", &mut p);
        assert!(en.ends_with("cannot retreat to RUM: a unit stands there"), "{en}");
        // Not a neighbour: nothing more to say than the board shows.
        let (_, en, _) = causes("A BUD - BER", &mut p);
        assert!(en.ends_with("cannot retreat to BER"), "{en}");
    }
}
