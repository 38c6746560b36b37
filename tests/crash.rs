//! Crash safety: `arbitre mail` and `arbitre process` are killed at every step of their
//! writing (`ARBITRE_CRASH_AT=N` aborts the process at the N-th step: a temporary file
//! written, or a file put in place), then run again as the mail system or cron would. The
//! game must end exactly as after an uninterrupted run: the same state, the same outbox and
//! pages, every message kept, none written twice.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::*;

const NOW: &str = "2026-11-30T19:00:00+01:00";
const LATER: &str = "2026-12-01T20:00:00+01:00";

fn mail(from: &str, name: &str, id: &str, body: &str) -> Vec<u8> {
    format!("From: {name} <{from}>\r\nSubject: orders\r\nMessage-ID: <{id}@crash.example>\r\n\r\n{body}\r\n")
        .into_bytes()
}

/// One step of the referee's day: a command, with the message it reads on stdin.
struct Step {
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
}

fn run(step: &Step, dir: &Path, crash_at: Option<u64>) -> bool {
    let mut cmd = Command::new(BIN);
    cmd.args(step.args.iter().map(|a| a.replace("{DIR}", dir.to_str().unwrap())));
    cmd.env_remove("ARBITRE_CRASH_AT");
    if let Some(n) = crash_at {
        cmd.env("ARBITRE_CRASH_AT", n.to_string());
    }
    cmd.stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let mut child = cmd.spawn().unwrap();
    if let Some(bytes) = &step.stdin {
        use std::io::Write;
        let _ = child.stdin.take().unwrap().write_all(bytes);
    }
    drop(child.stdin.take());
    child.wait().unwrap().success()
}

/// What must come out the same: every file of outbox/ and pages/, and state.yaml with the
/// count of archived messages left out (a redelivered message is kept twice, acted on once).
fn observable(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for sub in ["outbox", "pages"] {
        let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        for e in entries {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if !name.starts_with('.') {
                out.insert(format!("{sub}/{name}"), std::fs::read(&p).unwrap());
            }
        }
    }
    let state = std::fs::read_to_string(dir.join("state.yaml")).unwrap();
    // Not compared: `handled`, and the throttle of failed sign-ons, which counts every
    // password check, so a refused message delivered again after a crash counts twice
    // (the digest and the refusal do not repeat it).
    let mut in_throttle = false;
    let state: String = state
        .lines()
        .filter(|l| {
            if !l.starts_with(' ') && !l.starts_with('-') {
                in_throttle = l.starts_with("throttle:");
            }
            !l.starts_with("handled:") && !in_throttle
        })
        .map(|l| format!("{l}\n"))
        .collect();
    out.insert("state.yaml".into(), state.into_bytes());
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let target = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_dir(&p, &target);
        } else {
            std::fs::copy(&p, &target).unwrap();
        }
    }
}

/// The temporary files of atomic writes (`.NAME.tmp-PID`) anywhere under `dir`.
fn leftovers(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(leftovers(&p));
        } else if p.file_name().unwrap().to_string_lossy().contains(".tmp-") {
            out.push(p);
        }
    }
    out
}

fn archived(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("mail")).map(|d| d.count()).unwrap_or(0)
}

#[test]
fn a_crash_at_any_write_is_finished_by_the_next_run() {
    let tmp = Tmp::new();
    let players = tmp.file(
        "players.yaml",
        "game: crash\nvariant: diable-et-bon-dieu\nreferee: {name: R, email: r@crash.example}\n\
         start: 2026-12-01T20:00:00+01:00\ndeadlines: {movement: 72h, retreat: 24h, adjustment: 24h}\n\
         seed: 0101010101010101010101010101010101010101010101010101010101010101\nplayers:\n\
         - {name: A, email: a@crash.example, role: England, password: pass-a}\n\
         - {name: B, email: b@crash.example, role: France, password: pass-b}\n\
         - {name: C, email: c@crash.example, role: Germany, password: pass-c}\n\
         - {name: D, email: d@crash.example, role: Italy, password: pass-d}\n\
         - {name: E, email: e@crash.example, role: Austria, password: pass-e}\n\
         - {name: F, email: f@crash.example, role: Russia, password: pass-f}\n\
         - {name: G, email: g@crash.example, role: Turkey, password: pass-g}\n\
         - {name: H, email: h@crash.example, role: God, password: pass-h}\n\
         - {name: I, email: i@crash.example, role: Devil, password: pass-i}\n",
    );
    let reference = tmp.path("reference");
    create(&reference, &players, NOW);

    let mail_step = |raw: Vec<u8>| Step {
        args: vec!["mail".into(), "{DIR}".into(), "--now".into(), NOW.into()],
        stdin: Some(raw),
    };
    let steps = [
        mail_step(mail(
            "b@crash.example",
            "B",
            "france",
            "SIGNON France crash pass-b\nA PAR - BUR\nA MAR - SPA\nPRESS TO ALL\nHello all.\nENDPRESS",
        )),
        mail_step(mail(
            "h@crash.example",
            "H",
            "god",
            "SIGNON God crash pass-h\nBLESS A PAR",
        )),
        mail_step(mail(
            "x@elsewhere.example",
            "X",
            "forged",
            "SIGNON England crash pass-a\nF LON - ENG",
        )),
        Step {
            args: vec!["process".into(), "{DIR}".into(), "--now".into(), LATER.into()],
            stdin: None,
        },
    ];
    // The uninterrupted run, with the folder before and after every step.
    let mut snapshots: Vec<PathBuf> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let snap = tmp.path(&format!("before-{i}"));
        copy_dir(&reference, &snap);
        snapshots.push(snap);
        assert!(run(step, &reference, None), "step {i} fails without a crash");
    }
    snapshots.push(reference.clone());

    let mut crashes = 0;
    for (i, step) in steps.iter().enumerate() {
        let want = observable(&snapshots[i + 1]);
        for n in 1.. {
            let dir = tmp.path(&format!("crash-{i}-{n}"));
            copy_dir(&snapshots[i], &dir);
            if run(step, &dir, Some(n)) {
                // The step has fewer than n writes: every crash point was tried.
                assert!(n > 2, "step {i} wrote almost nothing");
                std::fs::remove_dir_all(&dir).unwrap();
                break;
            }
            crashes += 1;
            // The mail system retries a failed delivery; cron runs process again.
            assert!(
                run(step, &dir, None),
                "step {i}: the run after a crash at write {n} fails"
            );
            let got = observable(&dir);
            let missing: Vec<&String> = want.keys().filter(|k| !got.contains_key(*k)).collect();
            let extra: Vec<&String> = got.keys().filter(|k| !want.contains_key(*k)).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "step {i}, crash at {n}: missing {missing:?}, extra {extra:?}"
            );
            for (k, v) in &want {
                assert!(got[k] == *v, "step {i}, crash at {n}: {k} differs");
            }
            assert!(
                archived(&dir) >= archived(&snapshots[i + 1]),
                "step {i}, crash at {n}: a message was lost"
            );
            let left = leftovers(&dir);
            assert!(left.is_empty(), "step {i}, crash at {n}: left half-written: {left:?}");
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
    assert!(crashes > 40, "only {crashes} crash points were tried");
}

/// `kill -9` of `arbitre mail` and of `arbitre process` while a temporary file is written
/// and not yet in place: the file is there after the kill, and the next run removes it (the
/// killed process is gone) and leaves none of its own.
#[cfg(unix)]
#[test]
fn a_run_killed_in_the_middle_of_a_write_leaves_nothing_after_the_next_run() {
    let tmp = Tmp::new();
    let players = seven_players(&tmp.0);
    let dir = tmp.path("game");
    create(&dir, &players, NOW);
    let d = dir.to_str().unwrap().to_string();
    let steps = [
        Step {
            args: vec!["mail".into(), d.clone(), "--now".into(), NOW.into()],
            stdin: Some(mail(
                "bruno@example.net",
                "Bruno",
                "m1",
                "SIGNON France g1 pass-b\nA PAR - BUR",
            )),
        },
        Step {
            args: vec!["process".into(), d.clone(), "--now".into(), LATER.into()],
            stdin: None,
        },
    ];
    for (i, step) in steps.iter().enumerate() {
        // Step 1 of a run is its first temporary file written, not yet renamed.
        let mut cmd = Command::new(BIN);
        cmd.args(&step.args)
            .env("ARBITRE_CRASH_AT", "1")
            .env("ARBITRE_CRASH_HOLD", "1")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        let mut child = cmd.spawn().unwrap();
        if let Some(bytes) = &step.stdin {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(bytes).unwrap();
        }
        drop(child.stdin.take());
        let start = std::time::Instant::now();
        let half = loop {
            let left = leftovers(&dir);
            if !left.is_empty() {
                break left;
            }
            assert!(
                start.elapsed() < std::time::Duration::from_secs(60),
                "step {i}: no temporary file appeared"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        // Held at its crash point: the file is whole on disk, so the kill is mid-write.
        std::thread::sleep(std::time::Duration::from_millis(100));
        child.kill().unwrap(); // SIGKILL
        let status = child.wait().unwrap();
        assert!(!status.success(), "step {i}: the run was not killed");
        assert_eq!(leftovers(&dir), half, "step {i}: the kill left its temporary file");
        assert!(run(step, &dir, None), "step {i}: the run after the kill fails");
        assert_eq!(
            leftovers(&dir),
            Vec::<PathBuf>::new(),
            "step {i}: left after the next run"
        );
    }
    // The killed delivery kept nothing; the one after it kept the message once.
    assert_eq!(archived(&dir), 1);
}
