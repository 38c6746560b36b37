//! How adjudication time grows with the board: generated grid maps of about 100 to 100,000
//! provinces with a unit in most of them, and a movement phase in which every unit has an
//! order: circular movements, moves with supports from several powers (and supports cut),
//! and armies convoyed through channels of sea by chains of fleets.
//!
//! `cargo bench --bench scaling` prints, per size, the time to load the map (YAML to
//! `Map`, once) and the time of one adjudication (`judge::adjudicate` from the orders as
//! text, median of `BENCH_ROUNDS` runs, default 9), with the time per unit: linear growth
//! keeps the time per unit flat. `BENCH_SIZES=100,1000` picks the sizes.
//!
//! `BENCH_ONCE=1` adjudicates each board once, untimed, in [`adjudicate_once`], for counting
//! instructions with `valgrind --tool=callgrind --toggle-collect='*adjudicate_once*'`
//! (see BENCHMARKS.md): a count that the load of the machine does not change.
//!
//! The map: a grid, 4-connected. Every sixth column is a channel of sea; the land cells
//! beside a channel are coasts. Armies move between land cells; fleets move along a channel,
//! between a channel and its coasts, and along a coast.

mod common;

use arbitre::judge::{self, Board, Standard, Submitted, Unit};
use arbitre::map::{Loc, Map, Power, ProvId, UnitType};
use arbitre::phase::Phase;
use common::{choose_support, fmt_int, fmt_time, legal_orders, Plan};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write;
use std::hint::black_box;

const POWERS: [&str; 7] = ["Red", "Blue", "Green", "Gold", "Grey", "Black", "White"];

/// A grid of `rows` × `cols` cells; every sixth column (5, 11, ...) is sea.
#[derive(Clone, Copy)]
struct Grid {
    rows: usize,
    cols: usize,
}

#[derive(Clone, Copy, PartialEq)]
enum Cell {
    Land,
    Coast,
    Sea,
}

impl Grid {
    /// The grid with about `n` cells: rows a multiple of 4, columns of 6, nearly square.
    fn about(n: usize) -> Grid {
        let side = (n as f64).sqrt();
        let rows = ((side / 4.0).floor() as usize).max(2) * 4;
        let cols = (((n as f64 / rows as f64) / 6.0).round() as usize).max(2) * 6;
        Grid { rows, cols }
    }

    fn len(self) -> usize {
        self.rows * self.cols
    }

    fn id(self, r: usize, c: usize) -> ProvId {
        (r * self.cols + c) as ProvId
    }

    fn code(r: usize, c: usize) -> String {
        format!("R{r}C{c}")
    }

    fn cell(self, r: usize, c: usize) -> Cell {
        let _ = r;
        if c % 6 == 5 {
            Cell::Sea
        } else if c % 6 == 4 || (c.is_multiple_of(6) && c > 0) {
            Cell::Coast
        } else {
            Cell::Land
        }
    }

    fn neighbours(self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .filter_map(move |(dr, dc)| {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                (nr >= 0 && nr < rows && nc >= 0 && nc < cols).then_some((nr as usize, nc as usize))
            })
    }

    /// Can a fleet move between these two neighbouring cells? Along a channel, between a
    /// channel and its coast, and along a coast (both cells on the same channel's side).
    fn fleet_border(self, a: (usize, usize), b: (usize, usize)) -> bool {
        match (self.cell(a.0, a.1), self.cell(b.0, b.1)) {
            (Cell::Sea, Cell::Sea) | (Cell::Sea, Cell::Coast) | (Cell::Coast, Cell::Sea) => true,
            (Cell::Coast, Cell::Coast) => a.1 == b.1,
            _ => false,
        }
    }

    /// The map file.
    fn yaml(self) -> String {
        let mut y = String::with_capacity(self.len() * 120);
        let _ = writeln!(y, "name: grid-{}x{}\npowers:", self.rows, self.cols);
        for p in POWERS {
            let _ = writeln!(y, "  {p}: {{adjective: {p}, french: {p}}}");
        }
        y.push_str("provinces:\n");
        for r in 0..self.rows {
            for c in 0..self.cols {
                let kind = match self.cell(r, c) {
                    Cell::Land => "land",
                    Cell::Coast => "coast",
                    Cell::Sea => "sea",
                };
                let code = Grid::code(r, c);
                let _ = writeln!(y, "  {code}: {{kind: {kind}, name: {code}, french: {code}}}");
            }
        }
        y.push_str("armies:\n");
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.cell(r, c) == Cell::Sea {
                    continue;
                }
                let list: Vec<String> = self
                    .neighbours(r, c)
                    .filter(|&(nr, nc)| self.cell(nr, nc) != Cell::Sea)
                    .map(|(nr, nc)| Grid::code(nr, nc))
                    .collect();
                let _ = writeln!(y, "  {}: [{}]", Grid::code(r, c), list.join(", "));
            }
        }
        y.push_str("fleets:\n");
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.cell(r, c) == Cell::Land {
                    continue;
                }
                let list: Vec<String> = self
                    .neighbours(r, c)
                    .filter(|&n| self.fleet_border((r, c), n))
                    .map(|(nr, nc)| Grid::code(nr, nc))
                    .collect();
                let _ = writeln!(y, "  {}: [{}]", Grid::code(r, c), list.join(", "));
            }
        }
        y.push_str("starting_units: {}\n");
        y
    }
}

/// A movement phase on the grid, from a fixed seed. Per block of 4 rows × 6 columns:
/// - four armies of one power going round a 2×2 square (a circular movement, DATC 6.C.1);
/// - an army beside the channel convoyed along it by a chain of 2 to 4 fleets to a coast
///   on the other side (some fleets of another power), with gaps between chains;
/// - every other land cell, nine in ten, holds an army of a random power: half of them move
///   to a neighbour, the others support a neighbour's move or hold, or hold.
///
/// Orders arbitre finds void become holds until none is.
fn phase(map: &Map, g: Grid, seed: u64) -> (Board, Vec<Submitted>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut units: Vec<Unit> = Vec::new();
    let mut plans: Vec<Plan> = Vec::new();
    let mut at: Vec<Option<usize>> = vec![None; g.len()];
    let place =
        |units: &mut Vec<Unit>, plans: &mut Vec<Plan>, at: &mut Vec<Option<usize>>, p: ProvId, kind, power, plan| {
            at[p as usize] = Some(units.len());
            units.push(Unit {
                power,
                kind,
                loc: Loc::new(p),
            });
            plans.push(plan);
        };
    let power = |rng: &mut ChaCha8Rng| Power(rng.random_range(0..POWERS.len() as u8));

    for r0 in (0..g.rows).step_by(4) {
        for c0 in (0..g.cols).step_by(6) {
            // The circle: (r0,c0+1) -> (r0,c0+2) -> (r0+1,c0+2) -> (r0+1,c0+1) -> back.
            let ring = [
                g.id(r0, c0 + 1),
                g.id(r0, c0 + 2),
                g.id(r0 + 1, c0 + 2),
                g.id(r0 + 1, c0 + 1),
            ];
            let pw = power(&mut rng);
            for i in 0..4 {
                place(
                    &mut units,
                    &mut plans,
                    &mut at,
                    ring[i],
                    UnitType::Army,
                    pw,
                    Plan::Move(Loc::new(ring[(i + 1) % 4]), false),
                );
            }
            // The convoy: an army on the west coast of the channel, carried down it.
            let sea = c0 + 5;
            if sea + 1 < g.cols {
                let k = rng.random_range(2..=3usize);
                let r = r0 + rng.random_range(0..=(3 - k));
                let to = g.id(r + k - 1, sea + 1);
                let army = units.len();
                let pw = power(&mut rng);
                let from = g.id(r, sea - 1);
                place(
                    &mut units,
                    &mut plans,
                    &mut at,
                    from,
                    UnitType::Army,
                    pw,
                    Plan::Move(Loc::new(to), false),
                );
                for i in 0..k {
                    let fp = if rng.random_bool(0.75) { pw } else { power(&mut rng) };
                    place(
                        &mut units,
                        &mut plans,
                        &mut at,
                        g.id(r + i, sea),
                        UnitType::Fleet,
                        fp,
                        Plan::Convoy(army, to),
                    );
                }
            }
        }
    }
    // Most other land cells: a unit, not yet ordered.
    for r in 0..g.rows {
        for c in 0..g.cols {
            let p = g.id(r, c);
            if at[p as usize].is_some() || g.cell(r, c) == Cell::Sea || !rng.random_bool(0.9) {
                continue;
            }
            let kind = if g.cell(r, c) == Cell::Coast && rng.random_bool(0.2) {
                UnitType::Fleet
            } else {
                UnitType::Army
            };
            let pw = power(&mut rng);
            place(&mut units, &mut plans, &mut at, p, kind, pw, Plan::Undecided);
        }
    }
    // Half of them move; then supports of what neighbours do.
    let moves_of = |u: &Unit| -> Vec<ProvId> {
        match u.kind {
            UnitType::Army => map.army_borders(u.loc.prov).to_vec(),
            UnitType::Fleet => map.fleet_borders(u.loc).iter().map(|l| l.prov).collect(),
        }
    };
    for u in 0..units.len() {
        if plans[u] == Plan::Undecided && rng.random_bool(0.5) {
            if let Some(&d) = moves_of(&units[u]).choose(&mut rng) {
                plans[u] = Plan::Move(Loc::new(d), false);
            }
        }
    }
    // Who moves where, to find supports without looking at every unit.
    let mut movers_into: Vec<Vec<usize>> = vec![Vec::new(); g.len()];
    for (u, p) in plans.iter().enumerate() {
        if let Plan::Move(d, _) = *p {
            movers_into[d.prov as usize].push(u);
        }
    }
    for u in 0..units.len() {
        if plans[u] != Plan::Undecided {
            continue;
        }
        let me = units[u];
        let mut move_supports = Vec::new();
        let mut hold_supports = Vec::new();
        for q in moves_of(&me) {
            for &t in &movers_into[q as usize] {
                if t != u {
                    move_supports.push(Plan::SupportMove(t, q));
                }
            }
            if let Some(t) = at[q as usize] {
                if !matches!(plans[t], Plan::Move(..)) {
                    hold_supports.push(Plan::SupportHold(t));
                }
            }
        }
        plans[u] = choose_support(&mut rng, &move_supports, &hold_supports);
    }

    let board = Board {
        units: units.clone(),
        ..Board::default()
    };
    let phase = Phase::parse("Spring 1901 Movement").expect("a phase");
    let orders = legal_orders(map, phase, &board, &mut plans);
    (board, orders)
}

/// One adjudication, kept out of line so that callgrind can count it alone.
#[inline(never)]
fn adjudicate_once(map: &Map, phase: Phase, board: &Board, orders: &[Submitted]) -> usize {
    judge::adjudicate(map, phase, board, orders, &Standard).results.len()
}

fn sizes() -> Vec<usize> {
    if !common::is_bench() {
        // As a test: one small board, to check that it runs.
        return vec![100];
    }
    std::env::var("BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .filter(|v: &Vec<usize>| !v.is_empty())
        .unwrap_or_else(|| vec![100, 1_000, 10_000, 100_000])
}

fn main() {
    let rounds = common::rounds();
    println!("# Adjudication time against board size (grid maps)");
    println!();
    println!("machine: {}", common::machine());
    println!("rounds per size: {rounds}");
    println!();
    println!("| provinces | units | moves / supports / convoys | map load | adjudication | per unit | units/s | reading the orders alone, per unit |");
    println!("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
    let mut per_unit = Vec::new();
    for n in sizes() {
        let g = Grid::about(n);
        let yaml = g.yaml();
        let (map, load) = common::once(|| Map::from_yaml(&yaml, "grid").expect("the grid map is valid"));
        assert_eq!(map.provinces.len(), g.len());
        assert_eq!(
            map.code(g.id(g.rows - 1, g.cols - 1)),
            Grid::code(g.rows - 1, g.cols - 1)
        );
        let (board, orders) = phase(&map, g, n as u64);
        let phase = Phase::parse("Spring 1901 Movement").expect("a phase");
        let acts = arbitre::judge::movement::read_acts(&map, &board, &orders);
        let count = |f: fn(&arbitre::judge::Act) -> bool| acts.iter().filter(|a| f(a)).count();
        let moves = count(|a| matches!(a, arbitre::judge::Act::Move { .. }));
        let supports = count(|a| matches!(a, arbitre::judge::Act::Support { .. }));
        let convoys = count(|a| matches!(a, arbitre::judge::Act::Convoy { .. }));
        if std::env::var("BENCH_ONCE").is_ok_and(|v| v == "1") {
            let n = adjudicate_once(&map, phase, &board, &orders);
            println!(
                "| {} | {} | adjudicated once ({n} results) |",
                fmt_int(g.len() as u64),
                fmt_int(board.units.len() as u64)
            );
            continue;
        }
        let mut side = |iters: u64| {
            let start = common::cpu_now();
            for _ in 0..iters {
                black_box(judge::adjudicate(
                    &map,
                    phase,
                    black_box(&board),
                    black_box(&orders),
                    &Standard,
                ));
            }
            common::cpu_now() - start
        };
        let t = common::single(&mut side, rounds);
        // Reading the orders alone (the parser and its name lookups), for comparison.
        let mut read = |iters: u64| {
            let start = common::cpu_now();
            for _ in 0..iters {
                for o in &orders {
                    let _ = black_box(arbitre::order::parse_order(&map, black_box(&o.text)));
                }
            }
            common::cpu_now() - start
        };
        let t_read = common::single(&mut read, rounds);
        let units = board.units.len();
        per_unit.push(t / units as f64);
        println!(
            "| {} | {} | {} / {} / {} | {} | {} | {} | {} | {} |",
            fmt_int(g.len() as u64),
            fmt_int(units as u64),
            fmt_int(moves as u64),
            fmt_int(supports as u64),
            fmt_int(convoys as u64),
            fmt_time(load.as_secs_f64()),
            fmt_time(t),
            fmt_time(t / units as f64),
            fmt_int((units as f64 / t) as u64),
            fmt_time(t_read / units as f64),
        );
    }
    if per_unit.len() > 1 {
        let first = per_unit[0];
        let last = *per_unit.last().expect("a size");
        println!();
        println!(
            "time per unit, largest board / smallest: {:.2} (1.00 is exactly linear)",
            last / first
        );
    }
    println!();
    println!("load average at end: {}", common::loadavg());
}
