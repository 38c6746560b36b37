//! arbitre beside the `diplomacy` crate (crates.io), on the same positions in the same run.
//!
//! `cargo bench --bench peer` prints, per group of positions, the orders adjudicated per
//! second by each, the ratio of their total times, and the worst per-position ratio; then
//! every position where the two disagree on the end state (units after the phase and units
//! dislodged).
//!
//! What is timed, per position:
//! - arbitre: `judge::adjudicate` from the written orders (text), which reads every order,
//!   validates it, resolves, gives each result its cause (a value, not words), and builds
//!   the next board with the dislodged units' retreat options;
//! - the peer from text: its parser on the same orders in its notation (`England: F lon ->
//!   nth`), then `Submission::new` (its order validation) and `adjudicate` with its 2023
//!   rulebook, without its retreat start. This is the like-for-like comparison, and the
//!   ratio the tables lead with;
//! - the peer from values: the same without its parser (orders built as values, cloned
//!   before the clock starts), shown beside it.
//!
//! Groups: the DATC movement positions of `tests/datc`, common openings for all seven
//! powers, and random legal mid-game positions (`generate.rs`). `BENCH_ROUNDS` sets the
//! rounds of alternation per position (default 9); `BENCH_VERBOSE=1` prints every position;
//! `BENCH_PROFILE=DATC` (or `openings`, `random`) runs only arbitre on that group, for a
//! profiler.

#[path = "../common/mod.rs"]
mod common;
mod generate;
mod translate;

use arbitre::judge::{self, Board, Standard, Submitted};
use arbitre::map::Map;
use arbitre::phase::{Phase, PhaseKind};
use arbitre::position::Position;
use common::{fmt_int, fmt_time};
use diplomacy::judge::Rulebook;
use std::hint::black_box;
use std::path::Path;
use translate::{arbitre_end_state, peer_adjudicate, peer_adjudicate_text, peer_end_state, to_peer, PeerPosition};

/// DATC cases where the peer is known to differ, with why: those its own DATC suite marks
/// as not expressible or disagreed with (its words), and one found here. They are still
/// run and compared.
const KNOWN: &[(&str, &str)] = &[
    ("6.B.7", "peer: 'region-level precision is the caller's responsibility'"),
    ("6.B.8", "peer: 'region-level precision is the caller's responsibility'"),
    (
        "6.B.15",
        "peer: 'region-level precision is the caller's responsibility'",
    ),
    (
        "6.G.19",
        "peer: 'DATC claims this should fail, but relies on an odd definition of convoy legality'",
    ),
    (
        "6.G.11",
        "the peer lets an army ordered to an adjacent province take the land route whenever \
         the order does not say VIA CONVOY, even when a fleet of its own power is ordered to \
         convoy it; under the 2023 rules (DATC 4.A.3) the army then goes by convoy, with no \
         land route to fall back on (DATC 6.G.8), and 6.G.11 expects it to fail with its convoy",
    ),
];

struct Case {
    name: String,
    phase: Phase,
    board: Board,
    orders: Vec<Submitted>,
    peer: PeerPosition,
}

struct Timed {
    name: String,
    orders: usize,
    arbitre: f64,
    /// The peer from text.
    peer: f64,
    /// The peer from values.
    peer_values: f64,
}

impl Timed {
    fn ratio(&self) -> f64 {
        self.peer / self.arbitre
    }
    fn ratio_values(&self) -> f64 {
        self.peer_values / self.arbitre
    }
}

fn datc_cases(map: &Map, skipped: &mut Vec<String>) -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/datc");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/datc")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).expect("a DATC file");
        let pos = Position::parse(map, &arbitre::kinds::VARIANTS, &text, &name).expect("DATC files are valid");
        if pos.phase.kind != PhaseKind::Movement {
            skipped.push(format!(
                "{name}: a {:?} phase (the peer's main phase only)",
                pos.phase.kind
            ));
            continue;
        }
        if pos.variant != "standard" {
            skipped.push(format!("{name}: variant {}", pos.variant));
            continue;
        }
        let peer = to_peer(map, &pos.board, &pos.orders);
        out.push(Case {
            name,
            phase: pos.phase,
            board: pos.board,
            orders: pos.orders,
            peer,
        });
    }
    out
}

fn generated(map: &Map, list: Vec<generate::Generated>, phase: &str) -> Vec<Case> {
    let phase = Phase::parse(phase).expect("a phase");
    list.into_iter()
        .map(|g| {
            let peer = to_peer(map, &g.board, &g.orders);
            Case {
                name: g.name,
                phase,
                board: g.board,
                orders: g.orders,
                peer,
            }
        })
        .collect()
}

/// Compares the end states; returns a description of the difference, if any, and whether
/// the peer under its 1971 rulebook agrees with arbitre (see [`CONVOY_RULE`]).
fn compare(map: &Map, c: &Case) -> Option<(String, bool)> {
    let ours = arbitre_end_state(map, &judge::adjudicate(map, c.phase, &c.board, &c.orders, &Standard));
    let theirs = peer_end_state(&c.peer, Rulebook::edition_2023());
    if ours == theirs {
        return None;
    }
    let agrees_1971 = peer_end_state(&c.peer, Rulebook::edition_1971()) == ours;
    let diff = |label: &str, a: &std::collections::BTreeSet<String>, b: &std::collections::BTreeSet<String>| {
        let only_a: Vec<&String> = a.difference(b).collect();
        let only_b: Vec<&String> = b.difference(a).collect();
        if only_a.is_empty() && only_b.is_empty() {
            String::new()
        } else {
            format!(" {label}: arbitre only {only_a:?}, peer only {only_b:?};")
        }
    };
    let text = format!(
        "{}{}",
        diff("units", &ours.units, &theirs.units),
        diff("dislodged", &ours.dislodged, &theirs.dislodged)
    );
    Some((text, agrees_1971))
}

/// What a mismatch that the peer's 1971 rulebook does not have comes from.
const CONVOY_RULE: &str = "the peer's 2023 rulebook lets an army use a convoy route only if \
    the order says VIA CONVOY or a fleet of the army's own power is on the route, even when \
    the army cannot reach its destination by land (DATC 6.D.16, 6.F.11, 6.F.13 expect it \
    convoyed by foreign fleets) and without counting an own fleet's convoy order off the \
    route as intent (DATC 6.G.6); with its 1971 rulebook the peer agrees with arbitre here";

fn time_case(map: &Map, c: &Case, rounds: usize) -> Timed {
    let mut a = |iters: u64| {
        let start = common::cpu_now();
        for _ in 0..iters {
            black_box(judge::adjudicate(
                map,
                c.phase,
                black_box(&c.board),
                black_box(&c.orders),
                &Standard,
            ));
        }
        common::cpu_now() - start
    };
    let mut b = |iters: u64| {
        let start = common::cpu_now();
        for _ in 0..iters {
            black_box(peer_adjudicate_text(black_box(&c.peer)));
        }
        common::cpu_now() - start
    };
    let mut v = |iters: u64| {
        // The peer takes its orders by value: clone them before the clock starts.
        let inputs: Vec<_> = (0..iters).map(|_| c.peer.orders.clone()).collect();
        let start = common::cpu_now();
        for orders in inputs {
            black_box(peer_adjudicate(&c.peer, black_box(orders)));
        }
        common::cpu_now() - start
    };
    let t = common::interleaved(&mut [&mut a, &mut b, &mut v], rounds);
    Timed {
        name: c.name.clone(),
        orders: c.orders.len(),
        arbitre: t[0],
        peer: t[1],
        peer_values: t[2],
    }
}

fn main() {
    let map = Map::standard();
    let rounds = common::rounds();
    let verbose = std::env::var("BENCH_VERBOSE").is_ok_and(|v| v == "1");
    println!("# arbitre beside the diplomacy crate (0.2.0, Rulebook::edition_2023)");
    println!();
    println!("machine: {}", common::machine());
    println!("rounds per position: {rounds}");
    println!();
    let differences = &translate::peer_map(map).1;
    println!(
        "The peer's standard map differs from arbitre's on {} borders: {}. The peer is given \
         its own provinces and regions with arbitre's borders, so that both judge the same board.",
        differences.len(),
        differences.join(", ")
    );
    println!();

    let mut skipped = Vec::new();
    let groups: Vec<(&str, Vec<Case>)> = vec![
        ("DATC movement positions", datc_cases(map, &mut skipped)),
        (
            "openings (Spring 1901, 7 powers)",
            generated(map, generate::openings(map, 60), "Spring 1901 Movement"),
        ),
        (
            "random mid-game (34 units, chains)",
            generated(
                map,
                (1..=100).map(|s| generate::random_position(map, s)).collect(),
                "Fall 1905 Movement",
            ),
        ),
    ];

    if let Ok(which) = std::env::var("BENCH_PROFILE") {
        // For a profiler (perf, callgrind): only arbitre's adjudications of one group (its
        // first word: `DATC`, `openings`, `random`), `BENCH_PROFILE_ITERS` times over, no
        // peer and no timing.
        let iters: usize = std::env::var("BENCH_PROFILE_ITERS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1000);
        let (label, cases) = groups
            .iter()
            .find(|(l, _)| l.starts_with(which.as_str()))
            .expect("BENCH_PROFILE: DATC, openings or random");
        for _ in 0..iters {
            for c in cases {
                black_box(judge::adjudicate(
                    map,
                    c.phase,
                    black_box(&c.board),
                    black_box(&c.orders),
                    &Standard,
                ));
            }
        }
        println!("profiled: {label}, {iters} times over");
        return;
    }

    if !common::is_bench() {
        // As a test: the translation and the comparison run on every position; no timing.
        let n: usize = groups.iter().map(|(_, c)| c.len()).sum();
        let differ = groups
            .iter()
            .flat_map(|(_, cases)| cases)
            .filter(|c| compare(map, c).is_some())
            .count();
        println!("{n} positions compared, {differ} with different end states (see `cargo bench --bench peer`)");
        return;
    }

    let mut mismatches = Vec::new();
    for (label, cases) in &groups {
        for c in cases {
            if let Some((d, agrees_1971)) = compare(map, c) {
                let known = KNOWN.iter().find(|(n, _)| c.name == *n).map(|(_, why)| *why);
                let known = known.or(agrees_1971.then_some("the peer's 2023 convoy rule (below)"));
                mismatches.push((c.name.clone(), label.to_string(), d, known));
            }
        }
    }

    let mut all: Vec<(String, Timed)> = Vec::new();
    let mut rows = Vec::new();
    for (label, cases) in &groups {
        let timed: Vec<Timed> = cases.iter().map(|c| time_case(map, c, rounds)).collect();
        let orders: usize = timed.iter().map(|t| t.orders).sum();
        let ta: f64 = timed.iter().map(|t| t.arbitre).sum();
        let tb: f64 = timed.iter().map(|t| t.peer).sum();
        let tv: f64 = timed.iter().map(|t| t.peer_values).sum();
        let worst = timed
            .iter()
            .min_by(|x, y| x.ratio().total_cmp(&y.ratio()))
            .expect("a position");
        let worst_v = timed
            .iter()
            .min_by(|x, y| x.ratio_values().total_cmp(&y.ratio_values()))
            .expect("a position");
        let per_sec = |t: f64| fmt_int((orders as f64 / t) as u64);
        rows.push((
            format!(
                "| {label} | {} | {} | {} | {} | {:.1}× | {} ({:.1}×) |",
                timed.len(),
                fmt_int(orders as u64),
                per_sec(ta),
                per_sec(tb),
                tb / ta,
                worst.name,
                worst.ratio(),
            ),
            format!(
                "| {label} | {} | {} | {:.1}× | {} ({:.1}×) |",
                per_sec(ta),
                per_sec(tv),
                tv / ta,
                worst_v.name,
                worst_v.ratio_values(),
            ),
        ));
        all.extend(timed.into_iter().map(|t| (label.to_string(), t)));
    }
    println!("Both from the orders as text:");
    println!();
    println!("| group | positions | orders | arbitre orders/s | peer orders/s | ratio (total time) | worst position (ratio) |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
    for (r, _) in &rows {
        println!("{r}");
    }
    println!();
    println!("The peer from orders built as values (its parser not timed), arbitre still from text:");
    println!();
    println!("| group | arbitre orders/s | peer orders/s | ratio (total time) | worst position (ratio) |");
    println!("| --- | ---: | ---: | ---: | --- |");
    for (_, r) in &rows {
        println!("{r}");
    }
    println!();

    let mut sorted: Vec<&(String, Timed)> = all.iter().collect();
    sorted.sort_by(|x, y| x.1.ratio().total_cmp(&y.1.ratio()));
    let shown = if verbose { sorted.len() } else { 10.min(sorted.len()) };
    println!("Lowest ratios (peer time / arbitre time, both from text), per position:");
    println!();
    println!("| position | group | orders | arbitre | peer from text | ratio | peer from values | ratio |");
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (label, t) in sorted.iter().take(shown) {
        println!(
            "| {} | {label} | {} | {} | {} | {:.1}× | {} | {:.1}× |",
            t.name,
            t.orders,
            fmt_time(t.arbitre),
            fmt_time(t.peer),
            t.ratio(),
            fmt_time(t.peer_values),
            t.ratio_values(),
        );
    }
    let count = |f: &dyn Fn(&Timed) -> bool| all.iter().filter(|(_, t)| f(t)).count();
    println!();
    println!(
        "Positions where arbitre is slower: {} from text, {} from values; less than 3× faster: {} from text, {} from values (of {}).",
        count(&|t| t.ratio() <= 1.0),
        count(&|t| t.ratio_values() <= 1.0),
        count(&|t| t.ratio() < 3.0),
        count(&|t| t.ratio_values() < 3.0),
        all.len()
    );
    println!();

    println!("Positions where the end states differ ({}):", mismatches.len());
    println!();
    for (name, label, d, known) in &mismatches {
        match known {
            Some(why) => println!("- {name} ({label}), explained — {why}:{d}"),
            None => println!("- {name} ({label}), unexplained:{d}"),
        }
    }
    println!();
    println!("The peer's 2023 convoy rule: {CONVOY_RULE}.");
    println!();
    println!("DATC cases not run ({}): {}", skipped.len(), skipped.join("; "));
    println!();
    println!("load average at end: {}", common::loadavg());
}
