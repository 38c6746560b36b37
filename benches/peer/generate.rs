//! Positions on the standard map beyond the DATC: common openings for all seven powers, and
//! large random legal positions (34 units, every unit ordered, long support and convoy
//! chains), all from fixed seeds.

use crate::common::{choose_support, legal_orders, Plan};
use arbitre::judge::{self, Board, Submitted, Unit};
use arbitre::map::{Loc, Map, Power, ProvId, UnitType};
use arbitre::phase::Phase;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A named position: the board and the orders as written.
pub struct Generated {
    pub name: String,
    pub board: Board,
    pub orders: Vec<Submitted>,
}

/// Three usual Spring 1901 openings for each power, in the map's power order.
const OPENINGS: [&[&[&str]]; 7] = [
    // England: Northern, Southern, Edinburgh.
    &[
        &["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
        &["F LON - ENG", "F EDI - NTH", "A LVP - YOR"],
        &["F LON - NTH", "F EDI - NWG", "A LVP - EDI"],
    ],
    // France: Classical, Picardy, supported Burgundy.
    &[
        &["F BRE - MAO", "A PAR - BUR", "A MAR - SPA"],
        &["F BRE - MAO", "A PAR - PIC", "A MAR - BUR"],
        &["F BRE - ENG", "A PAR - BUR", "A MAR S A PAR - BUR"],
    ],
    // Germany: Danish Blitz, Burgundy, Silesia.
    &[
        &["F KIE - DEN", "A BER - KIE", "A MUN - RUH"],
        &["F KIE - HOL", "A BER - KIE", "A MUN - BUR"],
        &["F KIE - DEN", "A BER - KIE", "A MUN - SIL"],
    ],
    // Italy: Lepanto, Tyrolia, Piedmont.
    &[
        &["F NAP - ION", "A ROM - APU", "A VEN H"],
        &["F NAP - ION", "A ROM - VEN", "A VEN - TYR"],
        &["F NAP - TYS", "A ROM - APU", "A VEN - PIE"],
    ],
    // Austria: Balkan Gambit, Hedgehog, Rumania.
    &[
        &["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
        &["A VIE - TRI", "A BUD - SER", "F TRI - ALB"],
        &["A VIE - GAL", "A BUD - RUM", "F TRI - VEN"],
    ],
    // Russia: Southern, Sevastopol, Northern.
    &[
        &["A MOS - UKR", "A WAR - GAL", "F SEV - BLA", "F STP/SC - BOT"],
        &["A MOS - SEV", "A WAR - UKR", "F SEV - RUM", "F STP/SC - BOT"],
        &["A MOS - LVN", "A WAR - GAL", "F SEV - BLA", "F STP/SC - FIN"],
    ],
    // Turkey: Russian Attack, Armenia with the fleet home, Armenia.
    &[
        &["F ANK - BLA", "A CON - BUL", "A SMY - CON"],
        &["F ANK - CON", "A CON - BUL", "A SMY - ARM"],
        &["F ANK - BLA", "A CON - BUL", "A SMY - ARM"],
    ],
];

/// `count` distinct combinations of the openings (one per power), from a fixed seed.
pub fn openings(map: &Map, count: usize) -> Vec<Generated> {
    let mut rng = ChaCha8Rng::seed_from_u64(1901);
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    while out.len() < count {
        let pick: Vec<usize> = (0..7).map(|_| rng.random_range(0..3)).collect();
        if !seen.insert(pick.clone()) {
            continue;
        }
        let mut orders = Vec::new();
        for (p, &i) in pick.iter().enumerate() {
            for text in OPENINGS[p][i] {
                orders.push(Submitted {
                    power: Power(p as u8),
                    text: text.to_string(),
                });
            }
        }
        let name = format!(
            "opening {}",
            pick.iter().map(|i| (b'a' + *i as u8) as char).collect::<String>()
        );
        out.push(Generated {
            name,
            board: Board::starting(map),
            orders,
        });
    }
    out
}

/// A random legal mid-game position on the standard map: 34 units of seven powers, two or
/// three armies convoyed along chains of two to five fleets, and every other unit moving,
/// supporting a neighbour's move or hold, or holding. Orders that arbitre finds void are
/// turned into holds (and the supports of them, in turn) until none is: every order is legal.
pub fn random_position(map: &Map, seed: u64) -> Generated {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = map.provinces.len();
    let mut occupied = vec![false; n];
    let mut units: Vec<Unit> = Vec::new();
    let mut plans: Vec<Plan> = Vec::new();
    let seas: Vec<ProvId> = (0..n as ProvId).filter(|&p| map.is_sea(p)).collect();
    let power = |rng: &mut ChaCha8Rng| Power(rng.random_range(0..7));

    // Convoy chains: a walk through empty seas with a fleet in each, from a coast to a coast.
    let chains = rng.random_range(2..=3);
    let mut tries = 0;
    let mut made = 0;
    while made < chains && tries < 200 {
        tries += 1;
        let len = rng.random_range(2..=5);
        let mut walk = vec![*seas.choose(&mut rng).unwrap()];
        if occupied[walk[0] as usize] {
            continue;
        }
        while walk.len() < len {
            let last = *walk.last().unwrap();
            let next: Vec<ProvId> = map
                .fleet_reach_any_coast(last)
                .iter()
                .copied()
                .filter(|&q| map.is_sea(q) && !occupied[q as usize] && !walk.contains(&q))
                // No shortcut: the new sea touches no sea of the walk but the last.
                .filter(|&q| {
                    walk[..walk.len() - 1]
                        .iter()
                        .all(|&w| !map.fleet_reach_any_coast(w).contains(&q))
                })
                .collect();
            match next.choose(&mut rng) {
                Some(&q) => walk.push(q),
                None => break,
            }
        }
        if walk.len() < 2 {
            continue;
        }
        let coasts = |s: ProvId| -> Vec<ProvId> {
            map.fleet_reach_any_coast(s)
                .iter()
                .copied()
                .filter(|&c| map.is_coastal(c) && !occupied[c as usize])
                .collect()
        };
        // The army starts on a coast of the first sea that touches no other sea of the walk.
        let starts: Vec<ProvId> = coasts(walk[0])
            .into_iter()
            .filter(|&c| walk[1..].iter().all(|&w| !map.fleet_reach_any_coast(w).contains(&c)))
            .collect();
        let ends: Vec<ProvId> = coasts(*walk.last().unwrap())
            .into_iter()
            .filter(|&c| {
                walk[..walk.len() - 1]
                    .iter()
                    .all(|&w| !map.fleet_reach_any_coast(w).contains(&c))
            })
            .collect();
        let (Some(&from), Some(&to)) = (starts.choose(&mut rng), ends.choose(&mut rng)) else {
            continue;
        };
        if from == to {
            continue;
        }
        let adjacent = map.army_borders(from).contains(&to);
        let army = units.len();
        let pw = power(&mut rng);
        units.push(Unit {
            power: pw,
            kind: UnitType::Army,
            loc: Loc::new(from),
        });
        plans.push(Plan::Move(Loc::new(to), adjacent));
        occupied[from as usize] = true;
        for &s in &walk {
            // Mostly the army's own power, sometimes another's.
            let fp = if rng.random_bool(0.7) { pw } else { power(&mut rng) };
            units.push(Unit {
                power: fp,
                kind: UnitType::Fleet,
                loc: Loc::new(s),
            });
            plans.push(Plan::Convoy(army, to));
            occupied[s as usize] = true;
        }
        made += 1;
    }

    // The other units, up to 34, anywhere a unit can stand.
    let mut free: Vec<ProvId> = (0..n as ProvId)
        .filter(|&p| !occupied[p as usize] && (map.is_land(p) || map.is_sea(p)))
        .collect();
    free.shuffle(&mut rng);
    for p in free {
        if units.len() >= 34 {
            break;
        }
        let (kind, coast) = if map.is_sea(p) {
            (UnitType::Fleet, None)
        } else if map.is_coastal(p) && rng.random_bool(0.4) {
            (UnitType::Fleet, map.coasts(p).choose(&mut rng).copied())
        } else {
            (UnitType::Army, None)
        };
        units.push(Unit {
            power: power(&mut rng),
            kind,
            loc: Loc { prov: p, coast },
        });
        plans.push(Plan::Undecided);
    }

    // First moves (about half the free units), then supports of what was decided.
    let moves_of = |u: &Unit| -> Vec<Loc> {
        match u.kind {
            UnitType::Army => map.army_borders(u.loc.prov).iter().map(|&p| Loc::new(p)).collect(),
            UnitType::Fleet => map.fleet_borders(u.loc).to_vec(),
        }
    };
    for u in 0..units.len() {
        if plans[u] == Plan::Undecided && rng.random_bool(0.5) {
            if let Some(&d) = moves_of(&units[u]).choose(&mut rng) {
                plans[u] = Plan::Move(d, false);
            }
        }
    }
    let mut order: Vec<usize> = (0..units.len()).collect();
    order.shuffle(&mut rng);
    for u in order {
        if plans[u] != Plan::Undecided {
            continue;
        }
        let me = units[u];
        let mut move_supports = Vec::new();
        let mut hold_supports = Vec::new();
        for (t, tu) in units.iter().enumerate() {
            if t == u {
                continue;
            }
            match plans[t] {
                Plan::Move(d, _) if d.prov != me.loc.prov && map.can_reach(me.kind, me.loc, d.prov) => {
                    move_supports.push(Plan::SupportMove(t, d.prov))
                }
                Plan::Move(..) => {}
                _ if map.can_reach(me.kind, me.loc, tu.loc.prov) => hold_supports.push(Plan::SupportHold(t)),
                _ => {}
            }
        }
        plans[u] = choose_support(&mut rng, &move_supports, &hold_supports);
    }

    let board = Board {
        units: units.clone(),
        centers: std::sync::Arc::new(judge::home_centers(map)),
        ..Board::default()
    };
    let phase = Phase::parse("Fall 1905 Movement").expect("a phase");
    let orders = legal_orders(map, phase, &board, &mut plans);
    Generated {
        name: format!("random seed {seed}"),
        board,
        orders,
    }
}
