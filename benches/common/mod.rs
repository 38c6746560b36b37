//! What the benchmarks share: interleaved timing, number formatting, and turning the plans
//! of generated positions into legal orders.
//!
//! The benchmarks use their own small harness (`harness = false`) rather than criterion:
//! what they report is a *ratio* between two adjudicators on the same position, measured
//! in the same run, and a table per group. Each side is timed in batches long enough for
//! the clock (at least [`MIN_BATCH`]), the sides take turns (A B, then B A, ...) so that
//! load from other processes falls on both, and the median batch of each side is kept.
//!
//! Times are the CPU time of this process ([`cpu_now`]), not the wall clock: on a machine
//! shared with other work, time spent waiting for a core is not counted (what the other
//! work does to the caches still is).

#![allow(dead_code)]

use arbitre::judge::{self, Board, Standard, Submitted, Verdict};
use arbitre::map::{Loc, Map, ProvId};
use arbitre::phase::Phase;
use std::time::Duration;

/// CPU time used by this process so far, all threads (the resolver may run on a thread of
/// its own for large boards).
pub fn cpu_now() -> Duration {
    arbitre::clock::process_cpu().expect("the process's CPU clock (Linux)")
}

/// The shortest batch worth timing.
pub const MIN_BATCH: Duration = Duration::from_millis(2);

/// Run by `cargo bench` (which passes `--bench`), not as a test by `cargo test --benches`
/// or `--all-targets`: then the benchmarks only check that they run, on a little data.
pub fn is_bench() -> bool {
    std::env::args().any(|a| a == "--bench")
}

/// Rounds of alternation per measurement: `BENCH_ROUNDS` in the environment, default 9.
pub fn rounds() -> usize {
    std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(9)
}

/// A side of a measurement: runs `iters` iterations (its setup, if any, outside the clock)
/// and returns the time they took.
pub type Side<'a> = dyn FnMut(u64) -> Duration + 'a;

/// How many iterations make a batch of at least [`MIN_BATCH`], and the time of one.
fn calibrate(side: &mut Side<'_>) -> u64 {
    let mut iters = 1;
    loop {
        let t = side(iters);
        if t >= MIN_BATCH || iters >= 1 << 20 {
            return iters;
        }
        // Aim a little past the minimum from what one batch took.
        let per = t.as_secs_f64() / iters as f64;
        let want = (MIN_BATCH.as_secs_f64() * 1.2 / per.max(1e-9)).ceil() as u64;
        iters = want.clamp(iters * 2, iters * 100);
    }
}

/// Seconds per iteration of each side: the median over `rounds` batches, the sides taking
/// turns (each round starts with the next side), so that load from other processes falls on
/// all of them alike.
pub fn interleaved(sides: &mut [&mut Side<'_>], rounds: usize) -> Vec<f64> {
    let iters: Vec<u64> = sides.iter_mut().map(|s| calibrate(*s)).collect();
    let n = sides.len();
    let mut times: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds); n];
    for r in 0..rounds {
        for k in 0..n {
            let i = (r + k) % n;
            times[i].push(sides[i](iters[i]).as_secs_f64() / iters[i] as f64);
        }
    }
    times.iter_mut().map(|t| median(t)).collect()
}

/// Seconds per iteration of one side: the median over `rounds` batches.
pub fn single(a: &mut Side<'_>, rounds: usize) -> f64 {
    let ia = calibrate(a);
    let mut ts: Vec<f64> = (0..rounds).map(|_| a(ia).as_secs_f64() / ia as f64).collect();
    median(&mut ts)
}

/// Times `f` once (CPU time).
pub fn once<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = cpu_now();
    let out = f();
    (out, cpu_now() - start)
}

pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|x, y| x.total_cmp(y));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// `12.3 µs`, `4.56 ms`, `1.23 s`.
pub fn fmt_time(secs: f64) -> String {
    if secs < 1e-6 {
        format!("{:.0} ns", secs * 1e9)
    } else if secs < 1e-3 {
        format!("{:.1} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{secs:.2} s")
    }
}

/// `1,234,567` with thousands separators.
pub fn fmt_int(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The machine and the load on it, printed at the top of each benchmark's output.
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    format!("{cpu}, {cores} cores; load average at start: {load}")
}

pub fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// What a unit of a generated position is to do (`Undecided` while the generator is still
/// choosing).
#[derive(Clone, Copy, PartialEq)]
pub enum Plan {
    Undecided,
    Hold,
    /// The destination, and whether the order says `VIA CONVOY`.
    Move(Loc, bool),
    SupportHold(usize),
    SupportMove(usize, ProvId),
    Convoy(usize, ProvId),
}

/// What a unit that could support does: a neighbour's move (four times in five, when there
/// is one), else a neighbour's hold (seven times in ten), else it holds.
pub fn choose_support(rng: &mut impl rand::Rng, move_supports: &[Plan], hold_supports: &[Plan]) -> Plan {
    use rand::seq::IndexedRandom;
    if !move_supports.is_empty() && rng.random_bool(0.8) {
        *move_supports.choose(rng).unwrap()
    } else if !hold_supports.is_empty() && rng.random_bool(0.7) {
        *hold_supports.choose(rng).unwrap()
    } else {
        Plan::Hold
    }
}

/// The orders of `plans` (one per unit of `board`), with every order arbitre finds void
/// turned into a hold, and again (a support of an order made a hold may now be void) until
/// none is: every order returned is legal.
pub fn legal_orders(map: &Map, phase: Phase, board: &Board, plans: &mut [Plan]) -> Vec<Submitted> {
    let units = &board.units;
    let text = |u: usize, plan: Plan| -> String {
        let me = units[u].text(map);
        match plan {
            Plan::Undecided | Plan::Hold => format!("{me} H"),
            Plan::Move(d, via) => {
                let via = if via { " VIA CONVOY" } else { "" };
                format!("{me} - {}{via}", map.loc_text(d))
            }
            Plan::SupportHold(t) => format!("{me} S {}", units[t].text(map)),
            Plan::SupportMove(t, d) => format!("{me} S {} - {}", units[t].text(map), map.code(d)),
            Plan::Convoy(a, d) => format!("{me} C {} - {}", units[a].text(map), map.code(d)),
        }
    };
    loop {
        let orders: Vec<Submitted> = (0..units.len())
            .map(|u| Submitted {
                power: units[u].power,
                text: text(u, plans[u]),
            })
            .collect();
        let outcome = judge::adjudicate(map, phase, board, &orders, &Standard);
        let mut changed = false;
        for (u, r) in outcome.results.iter().enumerate() {
            if r.verdict == Verdict::Void {
                plans[u] = Plan::Hold;
                changed = true;
            }
        }
        if !changed {
            return orders;
        }
    }
}
