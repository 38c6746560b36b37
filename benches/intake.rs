//! The mail intake under a hostile message: 8 MiB of bogus order lines, signed on with the
//! right password from the right address, fed through the whole mail path (routing, the
//! password check, redaction, the spool, the archive, the commands, the reply written to
//! the outbox) as `arbitre mail` does it. Reports the CPU time of this process per message
//! (`cpu_now`), the median of a few rounds, each on a fresh game folder; and the same
//! message refused at the default size limit of 1 MiB.
//!
//! `cargo bench --bench intake`; as a test (`cargo test --benches`), one small message.

mod common;

use arbitre::game::config::PlayersFile;
use arbitre::game::intake::{deliver, Delivered};
use arbitre::game::Game;
use std::path::{Path, PathBuf};
use std::time::Duration;

const PLAYERS: &str = "game: bench
variant: standard
referee: {name: Arbitre, email: arbitre@bench.example}
timezone: UTC
start: 2026-12-01T20:00:00Z
seed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04
LIMITS
players:
  - {name: A, email: a@bench.example, role: France, password: s3cret-france}
  - {name: B, email: b@bench.example, role: England, password: pb-england}
  - {name: C, email: c@bench.example, role: Germany, password: pc-germany}
  - {name: D, email: d@bench.example, role: Italy, password: pd-italy}
  - {name: E, email: e@bench.example, role: Austria, password: pe-austria}
  - {name: F, email: f@bench.example, role: Russia, password: pf-russia}
  - {name: G, email: g@bench.example, role: Turkey, password: pg-turkey}
";

fn now() -> arbitre::game::Now {
    chrono::DateTime::parse_from_rfc3339("2026-11-30T18:00:00Z").unwrap()
}

fn new_game(root: &Path, limits: &str) -> PathBuf {
    let text = PLAYERS.replace("LIMITS", limits);
    let checked = PlayersFile::parse(&text, "players.yaml")
        .and_then(|f| f.validate(&arbitre::kinds::REGISTRY, &text, "players.yaml"))
        .unwrap();
    let _ = std::fs::remove_dir_all(root);
    Game::create(
        root,
        checked,
        chrono::DateTime::parse_from_rfc3339("2026-11-28T10:00:00Z").unwrap(),
    )
    .unwrap();
    root.to_path_buf()
}

/// A message of about `bytes` bytes: the SIGNON line, then bogus order lines.
fn message(bytes: usize) -> Vec<u8> {
    let mut m = String::from(
        "From: A <a@bench.example>\r\nTo: arbitre@bench.example\r\nSubject: orders\r\n\
         Message-ID: <big@bench.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
         SIGNON France bench s3cret-france\r\n",
    );
    let mut k = 0;
    while m.len() < bytes {
        m.push_str(&format!("A XYZ{k} - QQQ{k} VIA NOWHERE\r\n"));
        k += 1;
    }
    m.into_bytes()
}

/// CPU time of one delivery of `raw` to a fresh game with `limits`.
fn once(dir: &Path, limits: &str, raw: &[u8]) -> (Duration, String) {
    new_game(dir, limits);
    let start = common::cpu_now();
    let delivered = deliver(dir, raw, now(), now(), &arbitre::kinds::REGISTRY).expect("kept");
    let took = common::cpu_now() - start;
    let what = match delivered {
        Delivered::Game { acted: Ok(()), .. } => "acted on, reply written".to_string(),
        Delivered::Game { acted: Err(e), .. } => panic!("not acted on: {e}"),
        Delivered::TooLarge(_) => "refused (too large), kept in rejected/".to_string(),
        Delivered::Unmatched(_) => panic!("unmatched"),
        Delivered::Unauthenticated(..) => panic!("no authentication is required here"),
    };
    let outbox = std::fs::read_dir(dir.join("outbox")).unwrap().count();
    assert!(outbox >= 8, "the welcomes and the reply");
    (took, what)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let dir = std::env::temp_dir().join(format!("arbitre-bench-intake-{}", std::process::id()));
    let (size, rounds) = if common::is_bench() {
        (8 << 20, 5)
    } else {
        (64 << 10, 1)
    };
    let raw = message(size);
    println!("# The mail intake against one hostile message");
    println!();
    println!("machine: {}", common::machine());
    println!(
        "message: {} bytes, {} bogus order lines",
        raw.len(),
        raw.split(|&b| b == b'\n').count() - 8
    );
    println!();
    println!("| case | what happened | CPU time (median of {rounds}) |");
    println!("| --- | --- | ---: |");
    for (case, limits) in [
        (
            "limit raised to 16 MiB: read in full",
            "limits: {message_bytes: 16777216}",
        ),
        ("default limit (1 MiB)", ""),
    ] {
        let mut times = Vec::new();
        let mut what = String::new();
        for _ in 0..rounds {
            let (t, w) = once(&dir, limits, &raw);
            times.push(t);
            what = w;
        }
        println!(
            "| {case} | {what} | {} |",
            common::fmt_time(median(times).as_secs_f64())
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    flood(rounds);
}

/// A message of nothing but SIGNON lines, each with another password, redacted for the
/// archive: linear in the lines, not quadratic. Four times the lines should take about four
/// times as long (a ratio of two timings in one run, so that the machine's load, which slows
/// both, does not decide); the best of `rounds` for each.
fn flood(rounds: usize) {
    let time = |lines: usize| {
        let body: String = (0..lines)
            .map(|k| format!("SIGNON France vopaliec pw{k}\r\n"))
            .collect();
        let raw = format!("From: a@example.org\r\n\r\n{body}");
        (0..rounds.max(3))
            .map(|_| {
                let start = std::time::Instant::now();
                let out = arbitre::mail::incoming::redacted(raw.as_bytes(), "X: y").unwrap();
                let took = start.elapsed();
                assert!(!String::from_utf8(out).unwrap().contains(&format!("pw{}", lines - 1)));
                took
            })
            .min()
            .unwrap()
    };
    let (small, large) = if common::is_bench() {
        (10_000, 40_000)
    } else {
        (1_000, 4_000)
    };
    let (a, b) = (time(small), time(large));
    println!();
    println!("| a flood of SIGNON lines redacted | {small} lines | {large} lines | ratio (linear: about 4) |");
    println!("| --- | ---: | ---: | ---: |");
    println!(
        "| best of {} | {} | {} | {:.1} |",
        rounds.max(3),
        common::fmt_time(a.as_secs_f64()),
        common::fmt_time(b.as_secs_f64()),
        b.as_secs_f64() / a.as_secs_f64()
    );
}
