//! The mail path as procmail runs it: one `arbitre mail ROOT` process per incoming message,
//! the release binary, on a folder of N generated games (issue #17). Reports, per message,
//! the CPU time of the whole process (user + system, from `wait4`'s resource usage: start,
//! routing, reading, the password check, the archive (or the spool) with its `fsync`s,
//! acting on the message, the reply, `state.yaml`) and the peak resident memory.
//!
//! Three processes, in turns, the two messages each to a different game of the folder:
//!
//! - **accepted**: France's SIGNON line with the right password from the right address,
//!   and one order: the sign-on succeeds, the order is put on file, the reply lists what is
//!   on file, `state.yaml` is written. The Argon2id check of the password (OWASP's
//!   parameters, made slow on purpose) is part of it; the table also gives it less one
//!   check: the check alone is timed as the first check of a fresh child process, once a
//!   turn, and its median subtracted (a check repeated in one process costs 2 to 3 ms less
//!   than a message's one, which takes its 19 MiB from the system and runs cold).
//! - **refused**: the same message signing on as `Prussia`, a role no game has: routed,
//!   read, redacted, archived, the game opened and a refusal written, all as above; only the password is never checked (there is no hash to check it against),
//!   and the order is not acted on.
//! - **start-up floor**: `arbitre --help`, which starts the program, prints the help and
//!   exits: the least a process per message can cost.
//!
//! Each timed process comes after an untimed `--help` of its binary, so that none follows
//! an Argon2id check directly (its 19 MiB leave the caches cold for whatever runs next).
//!
//! Then the ratios the goals are written in (#27): each message against the floor,
//! and each message at the largest folder against the smallest (CPU and peak memory).
//!
//! The index of games is built by a first message, untimed, and checked and stamped by a
//! second one two seconds later (`route::SETTLED`), as in a folder that has not just changed.
//!
//! `cargo bench --bench mail_path`; `BENCH_DIR` where the folders are made (default: the
//! system's temporary folder); `BENCH_GAMES=10,1000` (the default) picks the folder
//! sizes, `BENCH_MESSAGES=n` the messages of each kind per size (default 30),
//! `ARBITRE_BIN=path[:path…]` other `arbitre` binaries to time beside this build's (older
//! builds, for comparison; they take turns message by message, on the same folders, made by
//! this build's library). `cargo bench --profile dist --bench mail_path` times the installed
//! binary's profile (fat LTO) instead of the release profile's. As a test (`cargo test --benches`), two games
//! and two messages, untimed.

mod common;

use arbitre::game::config::{check_password, hash_password, new_salt, PlayersFile};
use arbitre::game::password::REPORT_CHECKS_VAR;
use arbitre::game::Game;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const CREATED: &str = "2026-11-28T10:00:00Z";
const EVENING: &str = "2026-11-30T18:00:00Z";

const ROLES: [(&str, &str); 7] = [
    ("France", "s3cret-france"),
    ("England", "pb-england"),
    ("Germany", "pc-germany"),
    ("Italy", "pd-italy"),
    ("Austria", "pe-austria"),
    ("Russia", "pf-russia"),
    ("Turkey", "pg-turkey"),
];

/// A players file for game `name`, the passwords given as their hashes (made once: nine
/// Argon2id hashes per game would make a folder of 1,000 games take minutes).
fn players(name: &str, hashes: &[String]) -> String {
    let mut s = format!(
        "game: {name}\nvariant: standard\nreferee: {{name: Arbitre, email: arbitre@bench.example}}\n\
         timezone: UTC\nstart: 2026-12-01T20:00:00Z\nplayers:\n"
    );
    for (k, ((role, _), hash)) in ROLES.iter().zip(hashes).enumerate() {
        s += &format!("  - {{name: P{k}, email: p{k}@bench.example, role: {role}, password_hash: '{hash}'}}\n");
    }
    s
}

fn game_name(k: usize) -> String {
    format!("g{k:04}")
}

/// A folder of `n` games `g0001` … made with the library's `Game::create`, as `arbitre new` does.
fn folder(root: &Path, n: usize, hashes: &[String]) {
    let _ = std::fs::remove_dir_all(root);
    std::fs::create_dir_all(root).unwrap();
    let created = chrono::DateTime::parse_from_rfc3339(CREATED).unwrap();
    for k in 1..=n {
        let name = game_name(k);
        let text = players(&name, hashes);
        let checked = PlayersFile::parse(&text, "players.yaml")
            .and_then(|f| f.validate(&arbitre::kinds::REGISTRY, &text, "players.yaml"))
            .unwrap();
        Game::create(&root.join(&name), checked, created).unwrap();
    }
}

fn message(game: &str, role: &str, password: &str, id: &str) -> Vec<u8> {
    format!(
        "From: P0 <p0@bench.example>\r\nTo: arbitre@bench.example\r\nSubject: orders\r\n\
         Date: Mon, 30 Nov 2026 17:00:00 +0000\r\nMessage-ID: <{id}@bench.example>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nSIGNON {role} {game} {password}\r\nA PAR - BUR\r\n"
    )
    .into_bytes()
}

/// One `arbitre mail ROOT` with `raw` on its standard input: its CPU time (user + system)
/// and peak resident set, from the kernel's accounting of that child, and the CPU time it
/// spent checking passwords, as it reports it ([`REPORT_CHECKS_VAR`]).
fn deliver(bin: &Path, root: &Path, raw: &[u8]) -> Run {
    run(bin, &["mail", root.to_str().unwrap(), "--now", EVENING], raw)
}

/// `arbitre --help`: start, print the help, exit. The floor of a process per message.
fn floor(bin: &Path) -> Run {
    run(bin, &["--help"], b"")
}

/// What one process cost: its CPU time, its peak resident set (KiB), and the CPU time of its
/// password checks as it told it (none told: zero).
struct Run {
    cpu: Duration,
    rss: u64,
    checks: Duration,
}

/// One `arbitre ARGS…` with `raw` on its standard input: its CPU time (user + system) and
/// peak resident set (KiB), from the kernel's accounting of that child.
#[allow(clippy::zombie_processes)] // reaped by `wait4` below, which also gives its usage
fn run(bin: &Path, args: &[&str], raw: &[u8]) -> Run {
    // Its standard error goes to a file, read once it has ended (a pipe could fill and stop it).
    let err_path = std::env::temp_dir().join(format!("arbitre-bench-mail-path-{}.err", std::process::id()));
    let err = std::fs::File::create(&err_path).unwrap();
    let mut child = Command::new(bin)
        .args(args)
        .env(REPORT_CHECKS_VAR, "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(err)
        .spawn()
        .expect("run arbitre");
    child.stdin.take().unwrap().write_all(raw).unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to overwrite.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pid is our own child's, not yet waited for; both pointers are valid.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t, "wait4");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "arbitre {} failed",
        args[0]
    );
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let told = std::fs::read_to_string(&err_path).unwrap_or_default();
    let checks = told
        .lines()
        .find_map(|l| {
            l.strip_prefix("arbitre: password checks: ")?
                .strip_suffix(" ns of CPU")?
                .parse()
                .ok()
        })
        .map_or(Duration::ZERO, Duration::from_nanos);
    Run {
        cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
        rss: usage.ru_maxrss as u64,
        checks,
    }
}

fn files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let bench = common::is_bench();
    let sizes: Vec<usize> = match std::env::var("BENCH_GAMES") {
        Ok(s) => s
            .split(',')
            .map(|n| n.trim().parse().expect("BENCH_GAMES: numbers"))
            .collect(),
        Err(_) if bench => vec![10, 1000],
        Err(_) => vec![2],
    };
    let per_size: usize = std::env::var("BENCH_MESSAGES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if bench { 30 } else { 1 });
    // This build's binary, and any other named by ARBITRE_BIN (paths separated by `:`):
    // they take turns, message by message, so that the load of the machine falls on all.
    let mut bins = vec![PathBuf::from(env!("CARGO_BIN_EXE_arbitre"))];
    if let Some(others) = std::env::var_os("ARBITRE_BIN") {
        bins.extend(std::env::split_paths(&others));
    }
    // The folders are made by a child process: a process started by this one counts this
    // one's peak memory as its own (Linux carries it over `exec`), so this one stays small.
    let args: Vec<String> = std::env::args().collect();
    if let [flag, hash] = &args[1..] {
        if flag == "--time-check" {
            // The first check of a fresh process, as a message's process makes it: its memory
            // (19 MiB) taken from the system, touched and given back, and its code run for the
            // first time. A second check in the same process costs 2 to 3 ms less.
            let start = common::cpu_now();
            assert!(check_password(ROLES[0].1, hash));
            println!("{}", (common::cpu_now() - start).as_nanos());
            return;
        }
    }
    if let [flag] = &args[1..] {
        if flag == "--make-hash" {
            println!("{}", hash_password(ROLES[0].1, &new_salt()));
            return;
        }
    }
    if let [flag, root, n] = &args[1..] {
        if flag == "--make-folder" {
            let hashes: Vec<String> = ROLES.iter().map(|(_, p)| hash_password(p, &new_salt())).collect();
            folder(Path::new(root), n.parse().unwrap(), &hashes);
            return;
        }
    }
    // BENCH_DIR: where the folders are made (the system's temporary folder by default). On
    // ext4 without a journal a new file costs more for minutes after many files were removed
    // nearby (the previous run's folders, say): BENCHMARKS.md, session 10.
    let work = std::env::var_os("BENCH_DIR")
        .map_or_else(std::env::temp_dir, PathBuf::from)
        .join(format!("arbitre-bench-mail-path-{}", std::process::id()));

    // Each binary is timed from a fresh copy of its file, as an installed binary is (`cargo
    // install` copies it): the same binary as the linker left it, its pages laid otherwise in
    // the page cache, was seen to cost up to 16 % more CPU per process (BENCHMARKS.md).
    std::fs::create_dir_all(&work).unwrap();
    let bins: Vec<PathBuf> = bins
        .iter()
        .enumerate()
        .map(|(b, bin)| {
            let copy = work.join(format!("arbitre-{}", b + 1));
            std::fs::copy(bin, &copy).expect("a copy of the binary");
            copy
        })
        .collect();
    let shown: Vec<PathBuf> = std::iter::once(PathBuf::from(env!("CARGO_BIN_EXE_arbitre")))
        .chain(std::env::var_os("ARBITRE_BIN").map_or_else(Vec::new, |o| std::env::split_paths(&o).collect()))
        .collect();

    println!("# The mail path: one `arbitre mail` process per message");
    println!();
    println!("machine: {}", common::machine());
    for (b, bin) in shown.iter().enumerate() {
        println!("binary {}: {} (timed from a fresh copy)", b + 1, bin.display());
    }
    // The check alone, each time in a fresh child process (timed in turns with the messages
    // below): what the accepted message spends on it.
    // Made by a child, so that this process stays small (above).
    let hash = {
        let out = Command::new(std::env::current_exe().unwrap())
            .arg("--make-hash")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let time_check = || {
        let out = Command::new(std::env::current_exe().unwrap())
            .args(["--time-check", &hash])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        Duration::from_nanos(text.trim().parse().expect("the check's time"))
    };

    // (games, binary, kind) → (median CPU, less the check, peak RSS in KiB)
    let mut table: Vec<(usize, usize, Kind, Option<Duration>, Duration, u64)> = Vec::new();
    for &n in &sizes {
        // One folder per binary: a build reads only the compact copies of `game.yaml` and
        // `state.yaml` made by itself (src/game/compact.rs), so that a game whose state another
        // build wrote last would be read from its YAML, which is not the steady state of either.
        let roots: Vec<PathBuf> = (0..bins.len()).map(|b| work.join(format!("{n}-{b}"))).collect();
        for (bin, root) in bins.iter().zip(&roots) {
            let made = Command::new(std::env::current_exe().unwrap())
                .args(["--make-folder", root.to_str().unwrap(), &n.to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .unwrap();
            assert!(made.success(), "the folder of games");
            // The first message after the folder was made by hand builds the index: not timed.
            deliver(bin, root, &message(&game_name(1), "France", ROLES[0].1, "warm"));
        }
        // A second one, once ROOT's time has settled (two seconds), checks the index against
        // the listing and stamps it: the steady state of a folder where no game has just
        // been added, removed or renamed (the two seconds after such a change, each message
        // lists ROOT, as every message did before the stamp). Then each game's files are
        // read once by the binary that will be timed on them (`arbitre status`), as every
        // game of a running folder has been, which makes the copies of this build.
        std::thread::sleep(arbitre::game::route::SETTLED + Duration::from_millis(100));
        for (bin, root) in bins.iter().zip(&roots) {
            deliver(bin, root, &message(&game_name(1), "Prussia", "guess", "settled"));
            for k in 2..=n {
                let shown = Command::new(bin)
                    .args(["status", root.join(game_name(k)).to_str().unwrap()])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .unwrap();
                assert!(shown.success(), "arbitre status");
            }
        }
        let mut times = vec![[Vec::new(), Vec::new(), Vec::new()]; bins.len()];
        let mut rss = vec![[0u64; 3]; bins.len()];
        // Each accepted message less its own check, as it told it (a build that does not tell
        // it leaves this empty).
        let mut own = vec![Vec::new(); bins.len()];
        let mut checks = Vec::new();
        let turns = per_size * bins.len();
        for k in 0..turns {
            // Games spread over the folder (each once when there are enough), the first
            // one left out; the binaries take turns.
            let b = k % bins.len();
            let root = &roots[b];
            let g = 2 + (k * (n - 1) / turns.max(1)) % (n - 1).max(1);
            let name = game_name(g.min(n));
            let game = root.join(&name);
            let before = files(&game.join("mail"));
            // Each timed process comes after an untimed `--help` of the same binary: a process
            // that follows an Argon2id check (the accepted message's, or the check timed
            // alone) finds the caches full of the check's 19 MiB and was seen to cost up to
            // 12 % more, which would fall on whichever binary or message came next.
            let runs = [
                {
                    floor(&bins[b]);
                    floor(&bins[b])
                },
                {
                    floor(&bins[b]);
                    deliver(&bins[b], root, &message(&name, "France", ROLES[0].1, &format!("s{k}")))
                },
                {
                    floor(&bins[b]);
                    deliver(&bins[b], root, &message(&name, "Prussia", "guess", &format!("u{k}")))
                },
            ];
            if runs[Kind::Accepted as usize].checks > Duration::ZERO {
                let r = &runs[Kind::Accepted as usize];
                own[b].push(r.cpu.saturating_sub(r.checks));
            }
            for (kind, r) in runs.into_iter().enumerate() {
                times[b][kind].push(r.cpu);
                rss[b][kind] = rss[b][kind].max(r.rss);
            }
            if b == 0 {
                checks.push(time_check());
            }
            assert_eq!(files(&game.join("mail")), before + 2, "both kept in {name}");
            let state = std::fs::read_to_string(game.join("state.yaml")).unwrap();
            assert!(state.contains("PAR - BUR"), "the order is on file in {name}");
        }
        for root in &roots {
            assert!(!root.join("unmatched").exists(), "every message found its game");
        }
        let check = median(checks.clone());
        println!();
        println!(
            "{n} games: one Argon2id password check, the first of a fresh process: {} (median of {}, in turns with the messages)",
            ms(check),
            checks.len()
        );
        println!();
        println!(
            "| games | binary | process | runs | CPU (median) | fastest | slowest | less its own check | less the check (median) | peak RSS |"
        );
        println!("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (b, (times, rss)) in times.iter().zip(&rss).enumerate() {
            for kind in Kind::ALL {
                let t = &times[kind as usize];
                let (lo, hi) = (*t.iter().min().unwrap(), *t.iter().max().unwrap());
                let m = median(t.clone());
                // The accepted message less one check: each message less the CPU of its own
                // check, as it told it (the median of those), exact to the message; beside it,
                // its median less the median check of a fresh child of this build, which
                // carries the noise of both. A build that does not tell its checks (older than
                // the telling) checks otherwise than this one: neither applies to it.
                let by_own = (!own[b].is_empty()).then(|| median(own[b].clone()));
                let net = match kind {
                    Kind::Accepted => by_own,
                    _ => Some(m),
                };
                let (less_own, less_median) = match (kind, by_own) {
                    (Kind::Accepted, Some(own)) => (ms(own), ms(m.saturating_sub(check))),
                    (Kind::Accepted, None) => ("not told".into(), "—".into()),
                    _ => (String::new(), String::new()),
                };
                println!(
                    "| {n} | {} | {} | {} | {} | {} | {} | {less_own} | {less_median} | {:.1} MiB |",
                    b + 1,
                    kind.name(),
                    t.len(),
                    ms(m),
                    ms(lo),
                    ms(hi),
                    rss[kind as usize] as f64 / 1024.0
                );
                table.push((n, b, kind, net, m, rss[kind as usize]));
            }
        }
    }
    // Removed at the end only: a file system that has just freed thousands of files makes the
    // next files made cost more for minutes (ext4 passes over recently freed inodes), which
    // the folders timed next would pay and a running folder of games does not.
    let _ = std::fs::remove_dir_all(&work);

    // The ratios of issue #27: an accepted message (less the check) at most twice the floor,
    // and a message at the largest folder within 10 % of the smallest, in CPU and memory.
    println!();
    println!("| games | binary | accepted / floor | refused / floor |");
    println!("| ---: | ---: | ---: | ---: |");
    // (less the check where told, else nothing; CPU; peak RSS)
    let get = |n: usize, b: usize, kind: Kind| {
        table
            .iter()
            .find(|r| r.0 == n && r.1 == b && r.2 == kind)
            .map(|r| (r.3, r.4, r.5))
            .unwrap()
    };
    let ratio = |a: f64, b: f64| format!("{:.2}", a / b.max(f64::MIN_POSITIVE));
    for &n in &sizes {
        for b in 0..bins.len() {
            let f = get(n, b, Kind::Floor).1.as_secs_f64();
            let accepted = get(n, b, Kind::Accepted).0;
            println!(
                "| {n} | {} | {} | {} |",
                b + 1,
                accepted.map_or("—".into(), |a| ratio(a.as_secs_f64(), f)),
                ratio(get(n, b, Kind::Refused).1.as_secs_f64(), f)
            );
        }
    }
    if let (Some(&small), Some(&large)) = (sizes.iter().min(), sizes.iter().max()) {
        if small != large {
            println!();
            println!(
                "| binary | process | CPU, {large} games / {small} (the accepted message less its check where told) | peak RSS, {large} games / {small} |"
            );
            println!("| ---: | --- | ---: | ---: |");
            for b in 0..bins.len() {
                for kind in Kind::ALL {
                    let (ns, ts, rs) = get(small, b, kind);
                    let (nl, tl, rl) = get(large, b, kind);
                    let (ts, tl) = match (ns, nl) {
                        (Some(ns), Some(nl)) => (ns, nl),
                        _ => (ts, tl),
                    };
                    println!(
                        "| {} | {} | {} | {} |",
                        b + 1,
                        kind.name(),
                        ratio(tl.as_secs_f64(), ts.as_secs_f64()),
                        ratio(rl as f64, rs as f64)
                    );
                }
            }
        }
    }
}

/// The three processes timed, in the order they run in each turn.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Floor,
    Accepted,
    Refused,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::Floor, Kind::Accepted, Kind::Refused];

    fn name(self) -> &'static str {
        match self {
            Kind::Floor => "start-up floor (`--help`)",
            Kind::Accepted => "accepted (signs on, one order)",
            Kind::Refused => "refused (a role no game has)",
        }
    }
}
