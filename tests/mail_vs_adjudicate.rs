//! Whole games by mail against the position file: random legal orders, drawn from a seeded
//! RNG, are mailed for every power through the `arbitre` binary; after each phase the same
//! orders are adjudicated from a position file built from the board before the phase (the
//! path of `arbitre adjudicate`), and the two must agree on the next phase, the units, the
//! dislodged units with their retreats, and the supply centres. Movement, retreat and
//! adjustment phases are all played, with builds and removals of several powers in a winter
//! and powers that send nothing (civil disorder).
//!
//! One reading is shared by both sides: a retreat phase in which no dislodged unit can go
//! anywhere is not played by mail (its units are disbanded at once); on the position side
//! it is judged with no orders, which disbands them too.

use crate::by_mail;

use arbitre::judge::{Board, Outcome, Standard};
use arbitre::map::{Loc, Map, UnitType};
use arbitre::phase::PhaseKind;
use arbitre::position::Position;
use by_mail::{MailGame, POWERS};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_yaml::{Mapping, Value};
use std::collections::BTreeMap;

/// What both sides must agree on after a phase.
#[derive(Debug, PartialEq, Eq)]
struct After {
    phase: String,
    units: BTreeMap<String, Vec<String>>,
    /// `unit (from ATTACKER): retreats` by power.
    dislodged: BTreeMap<String, Vec<String>>,
    centers: BTreeMap<String, Vec<String>>,
}

fn strings(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_sequence()
        .map(|s| s.iter().map(|x| x.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    out.sort();
    out
}

fn by_power(v: &Value) -> BTreeMap<String, Vec<String>> {
    v.as_mapping()
        .map(|m| {
            m.iter()
                .map(|(k, l)| (k.as_str().unwrap().to_string(), strings(l)))
                .filter(|(_, l)| !l.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

fn dislodged_row(unit: &str, from: Option<&str>, mut retreats: Vec<String>) -> String {
    retreats.sort();
    format!("{unit} (from {}): {}", from.unwrap_or("convoy"), retreats.join(" "))
}

/// The mail game's board, from its `state.yaml`.
fn after_mail(g: &MailGame) -> After {
    let s = by_mail::state(&g.dir);
    let b = &s["board"];
    let mut dislodged: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if let Some(m) = b["dislodged"].as_mapping() {
        for (p, rows) in m {
            for r in rows.as_sequence().unwrap() {
                dislodged
                    .entry(p.as_str().unwrap().into())
                    .or_default()
                    .push(dislodged_row(
                        r["unit"].as_str().unwrap(),
                        r["attacker_from"].as_str(),
                        strings(&r["retreats"]),
                    ));
            }
        }
    }
    for l in dislodged.values_mut() {
        l.sort();
    }
    After {
        phase: s["phase"].as_str().unwrap().into(),
        units: by_power(&b["units"]),
        dislodged,
        centers: by_power(&b["supply_centers"]),
    }
}

/// The board after the position side's outcome.
fn after_outcome(map: &Map, o: &Outcome) -> After {
    let name = |p| map.power_name(p).to_string();
    let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for u in &o.next.units {
        units.entry(name(u.power)).or_default().push(u.text(map));
    }
    let mut dislodged: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for d in &o.next.dislodged {
        let retreats = d.retreats.iter().flatten().map(|l| map.loc_text(*l)).collect();
        let from = d.attacker_from.map(|p| map.code(p));
        dislodged
            .entry(name(d.unit.power))
            .or_default()
            .push(dislodged_row(&d.unit.text(map), from, retreats));
    }
    let mut centers: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (&c, &p) in o.next.centers.iter() {
        centers.entry(name(p)).or_default().push(map.code(c).to_string());
    }
    for l in units
        .values_mut()
        .chain(dislodged.values_mut())
        .chain(centers.values_mut())
    {
        l.sort();
    }
    After {
        phase: o.next_phase.to_string(),
        units,
        dislodged,
        centers,
    }
}

/// The position file of the mail game's current phase, with `orders`.
fn position_text(g: &MailGame, orders: &BTreeMap<String, Vec<String>>) -> String {
    let s = by_mail::state(&g.dir);
    let mut m = Mapping::new();
    m.insert("variant".into(), "standard".into());
    m.insert("phase".into(), s["phase"].clone());
    if let Some(board) = s["board"].as_mapping() {
        for (k, v) in board {
            m.insert(k.clone(), v.clone());
        }
    }
    let mut o = Mapping::new();
    for (p, list) in orders {
        o.insert(
            p.as_str().into(),
            list.iter().map(|x| Value::from(x.as_str())).collect(),
        );
    }
    m.insert("orders".into(), Value::Mapping(o));
    serde_yaml::to_string(&Value::Mapping(m)).unwrap()
}

/// A place written as an order writes it, sometimes with a coast that does not matter
/// (DATC 4.B.6: an army's destination or retreat naming a coast).
fn place(map: &Map, kind: UnitType, l: Loc, rng: &mut ChaCha8Rng) -> String {
    let coasts = map.coasts(l.prov);
    if kind == UnitType::Army && !coasts.is_empty() && rng.random_bool(0.3) {
        return map.loc_text(Loc {
            prov: l.prov,
            coast: coasts.choose(rng).copied(),
        });
    }
    map.loc_text(l)
}

/// Where a unit can move directly, as places a move of its may name.
fn moves(map: &Map, kind: UnitType, at: Loc) -> Vec<Loc> {
    match kind {
        UnitType::Army => map.army_borders(at.prov).iter().map(|&p| Loc::new(p)).collect(),
        UnitType::Fleet => map.fleet_borders(at).to_vec(),
    }
}

/// Random legal movement orders for `power`'s units: convoys, moves (often into a province
/// another power holds), supports of those moves (the coast of a fleet's destination
/// sometimes left out, as the rules allow), supports of any unit next door, and holds.
fn movement_orders(map: &Map, board: &Board, power: &str, rng: &mut ChaCha8Rng) -> Vec<String> {
    let me = map.power_by_name(power).unwrap();
    let units = &board.units;
    let mine: Vec<usize> = (0..units.len()).filter(|&i| units[i].power == me).collect();
    let mut order: Vec<Option<String>> = vec![None; units.len()];
    // The moves ordered so far: (unit, destination).
    let mut moving: Vec<(usize, Loc)> = Vec::new();
    // A convoy: a fleet at sea carries an army of its power from one shore to another.
    for &f in &mine {
        let u = units[f];
        if u.kind != UnitType::Fleet || !map.is_sea(u.loc.prov) || !rng.random_bool(0.3) {
            continue;
        }
        let shores: Vec<_> = map
            .fleet_reach_any_coast(u.loc.prov)
            .iter()
            .copied()
            .filter(|&p| map.is_land(p))
            .collect();
        let armies: Vec<usize> = mine
            .iter()
            .copied()
            .filter(|&a| units[a].kind == UnitType::Army && shores.contains(&units[a].loc.prov) && order[a].is_none())
            .collect();
        let Some(&a) = armies.choose(rng) else { continue };
        let to: Vec<_> = shores.iter().copied().filter(|&p| p != units[a].loc.prov).collect();
        let Some(&d) = to.choose(rng) else { continue };
        let army = units[a].text(map);
        order[f] = Some(format!("{} C {army} - {}", u.text(map), map.code(d)));
        order[a] = Some(format!("{army} - {} VIA CONVOY", map.code(d)));
        moving.push((a, Loc::new(d)));
    }
    // Moves and holds; the rest support, once the moves are known.
    let mut supporters = Vec::new();
    for &i in &mine {
        if order[i].is_some() {
            continue;
        }
        let u = units[i];
        let roll = rng.random_range(0..100);
        if roll < 10 {
            order[i] = Some(format!("{} H", u.text(map)));
        } else if roll < 55 {
            let to = moves(map, u.kind, u.loc);
            let foreign: Vec<Loc> = to
                .iter()
                .copied()
                .filter(|l| board.unit_at(l.prov).is_some_and(|o| units[o].power != me))
                .collect();
            let pick = if !foreign.is_empty() && rng.random_bool(0.8) {
                foreign.choose(rng)
            } else {
                to.choose(rng)
            };
            order[i] = Some(match pick {
                Some(&l) => {
                    moving.push((i, l));
                    format!("{} - {}", u.text(map), place(map, u.kind, l, rng))
                }
                None => format!("{} H", u.text(map)),
            });
        } else {
            supporters.push(i);
        }
    }
    for i in supporters {
        let u = units[i];
        let name = u.text(map);
        let mut help: Vec<(usize, Loc)> = moving
            .iter()
            .copied()
            .filter(|(t, l)| *t != i && l.prov != u.loc.prov && map.can_reach(u.kind, u.loc, l.prov))
            .collect();
        // Attacks first.
        let attacks: Vec<(usize, Loc)> = help
            .iter()
            .copied()
            .filter(|(_, l)| board.unit_at(l.prov).is_some_and(|o| units[o].power != me))
            .collect();
        if !attacks.is_empty() && rng.random_bool(0.8) {
            help = attacks;
        }
        let next_door: Vec<usize> = (0..units.len())
            .filter(|&j| j != i && map.can_reach(u.kind, u.loc, units[j].loc.prov))
            .collect();
        order[i] = Some(match help.choose(rng) {
            Some(&(t, l)) if rng.random_bool(0.8) => {
                let tu = units[t];
                // The supported fleet's coast, named or left out as the rules allow.
                let dest = if tu.kind == UnitType::Fleet && rng.random_bool(0.5) {
                    map.loc_text(l)
                } else {
                    place(map, tu.kind, Loc::new(l.prov), rng)
                };
                format!("{name} S {} - {dest}", tu.text(map))
            }
            _ => match next_door.choose(rng) {
                Some(&j) => {
                    // Another unit next door: to hold, or to a move it could make.
                    let tu = units[j];
                    let into: Vec<Loc> = moves(map, tu.kind, tu.loc)
                        .into_iter()
                        .filter(|l| l.prov != u.loc.prov && map.can_reach(u.kind, u.loc, l.prov))
                        .collect();
                    match into.choose(rng) {
                        Some(&l) if rng.random_bool(0.5) => {
                            let dest = place(map, tu.kind, Loc::new(l.prov), rng);
                            format!("{name} S {} - {dest}", tu.text(map))
                        }
                        _ => format!("{name} S {}", tu.text(map)),
                    }
                }
                None => format!("{name} H"),
            },
        });
    }
    mine.iter().filter_map(|&i| order[i].clone()).collect()
}

fn retreat_orders(map: &Map, board: &Board, power: &str, rng: &mut ChaCha8Rng) -> Vec<String> {
    let me = map.power_by_name(power).unwrap();
    board
        .dislodged
        .iter()
        .filter(|d| d.unit.power == me)
        .map(|d| {
            let name = d.unit.text(map);
            let options = d.retreats.clone().unwrap_or_default();
            match options.choose(rng) {
                Some(&l) if rng.random_bool(0.8) => format!("{name} - {}", place(map, d.unit.kind, l, rng)),
                _ => format!("{name} D"),
            }
        })
        .collect()
}

/// Builds (armies and fleets, a coast named where needed; sometimes a WAIVE or fewer than
/// due) or removals (sometimes fewer than due: the rest in civil disorder).
fn adjustment_orders(map: &Map, board: &Board, power: &str, rng: &mut ChaCha8Rng) -> Vec<String> {
    let me = map.power_by_name(power).unwrap();
    let centers = board.centers.values().filter(|&&p| p == me).count() as i32;
    let mine: Vec<_> = board.units.iter().filter(|u| u.power == me).collect();
    let due = centers - mine.len() as i32;
    let mut out = Vec::new();
    if due > 0 {
        let mut homes: Vec<_> = map
            .home_centers(me)
            .filter(|p| board.centers.get(p) == Some(&me) && board.unit_at(*p).is_none())
            .collect();
        homes.shuffle(rng);
        for &h in homes.iter().take(due as usize) {
            let fleet = map.coasts(h).choose(rng).map(|&c| Loc {
                prov: h,
                coast: Some(c),
            });
            let fleet = fleet.unwrap_or(Loc::new(h));
            match rng.random_range(0..10) {
                0 => out.push("WAIVE".into()),
                1 => {}
                n if n < 5 && map.can_stand(UnitType::Fleet, fleet) => {
                    out.push(format!("BUILD F {}", map.loc_text(fleet)))
                }
                _ => out.push(format!("BUILD A {}", map.code(h))),
            }
        }
    } else if due < 0 {
        let mut units = mine.clone();
        units.shuffle(rng);
        let n = if rng.random_bool(0.7) {
            -due
        } else {
            rng.random_range(0..-due)
        };
        for u in units.iter().take(n as usize) {
            out.push(format!("REMOVE {}", u.text(map)));
        }
    }
    out
}

/// What kinds of phase a game went through, to be sure the comparison covered them.
#[derive(Default, Debug)]
struct Seen {
    movement: usize,
    retreat: usize,
    /// Retreat phases skipped for want of anywhere to go.
    skipped_retreat: usize,
    adjustment: usize,
    /// Winters with builds of one power and removals of another.
    both_ways: usize,
    /// Winters where two powers or more remove units.
    several_removing: usize,
}

/// Plays `years` game years by mail from `seed`, comparing every phase.
fn play(seed: u64, years: i32) -> Seen {
    let map = Map::standard();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = MailGame::new();
    let mut seen = Seen::default();
    let mut phases = 0;
    while phases < 100 {
        phases += 1;
        let before = position_text(&g, &BTreeMap::new());
        let start = Position::parse(map, &arbitre::kinds::VARIANTS, &before, "before").unwrap();
        if start.phase.year >= 1901 + years {
            break;
        }
        let mut orders: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for power in POWERS {
            // Now and then a power sends nothing at all.
            if rng.random_bool(0.1) {
                continue;
            }
            let list = match start.phase.kind {
                PhaseKind::Movement => movement_orders(map, &start.board, power, &mut rng),
                PhaseKind::Retreat => retreat_orders(map, &start.board, power, &mut rng),
                PhaseKind::Adjustment => adjustment_orders(map, &start.board, power, &mut rng),
            };
            if !list.is_empty() {
                orders.insert(power.to_string(), list);
            }
        }
        match start.phase.kind {
            PhaseKind::Movement => seen.movement += 1,
            PhaseKind::Retreat => seen.retreat += 1,
            PhaseKind::Adjustment => {
                seen.adjustment += 1;
                let dues: Vec<i32> = map
                    .all_powers()
                    .map(|p| {
                        let c = start.board.centers.values().filter(|&&o| o == p).count() as i32;
                        c - start.board.units.iter().filter(|u| u.power == p).count() as i32
                    })
                    .collect();
                if dues.iter().any(|&d| d > 0) && dues.iter().any(|&d| d < 0) {
                    seen.both_ways += 1;
                }
                if dues.iter().filter(|&&d| d < 0).count() >= 2 {
                    seen.several_removing += 1;
                }
            }
        }
        // By mail: one message per power, every line of it accepted.
        let mails: Vec<(String, String)> = orders.iter().map(|(p, l)| (p.clone(), l.join("\n"))).collect();
        for (role, reply) in g.send_all_in_process(&mails) {
            assert_eq!(
                reply.subject.rsplit(": ").next(),
                Some("received"),
                "seed {seed}, {}: {role}'s legal orders were refused:\n{}",
                start.phase,
                reply.text
            );
        }
        g.process_in_process();
        let mail = after_mail(&g);

        // The same orders in a position file.
        let text = position_text_with(&before, &orders);
        let pos = Position::parse(map, &arbitre::kinds::VARIANTS, &text, "position").unwrap();
        let (mut outcome, _) = arbitre::kinds::diplomacy::adjudicate(map, &pos);
        if outcome.next_phase.kind == PhaseKind::Retreat
            && outcome
                .next
                .dislodged
                .iter()
                .all(|d| d.retreats.as_ref().is_some_and(|r| r.is_empty()))
        {
            seen.skipped_retreat += 1;
            outcome = arbitre::judge::adjudicate(map, outcome.next_phase, &outcome.next, &[], &Standard);
        }
        let want = after_outcome(map, &outcome);
        assert_eq!(
            mail, want,
            "seed {seed}: after {}, the game by mail and the position file differ\nposition:\n{text}",
            start.phase
        );
    }
    seen
}

/// `before` (a position without orders) with `orders` added.
fn position_text_with(before: &str, orders: &BTreeMap<String, Vec<String>>) -> String {
    let mut v: Value = serde_yaml::from_str(before).unwrap();
    let mut o = Mapping::new();
    for (p, list) in orders {
        o.insert(
            p.as_str().into(),
            list.iter().map(|x| Value::from(x.as_str())).collect(),
        );
    }
    v.as_mapping_mut().unwrap().insert("orders".into(), Value::Mapping(o));
    serde_yaml::to_string(&v).unwrap()
}

/// The seeds below were picked so that each game has every kind of phase, a retreat phase
/// skipped for want of anywhere to go, and winters where one power builds while another
/// removes, and where two powers remove.
fn check_coverage(seed: u64, seen: &Seen) {
    assert!(seen.movement >= 10, "seed {seed}: {seen:?}");
    assert!(seen.retreat >= 1, "seed {seed}: {seen:?}");
    assert!(seen.skipped_retreat >= 1, "seed {seed}: {seen:?}");
    assert!(seen.adjustment >= 4, "seed {seed}: {seen:?}");
    assert!(seen.both_ways >= 1, "seed {seed}: {seen:?}");
    assert!(seen.several_removing >= 1, "seed {seed}: {seen:?}");
}

#[test]
fn a_game_by_mail_agrees_with_the_position_file_phase_by_phase_seed_4() {
    check_coverage(4, &play(4, 6));
}

#[test]
fn a_game_by_mail_agrees_with_the_position_file_phase_by_phase_seed_8() {
    check_coverage(8, &play(8, 6));
}
