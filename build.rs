//! Links the `arbitre` program as a position-dependent executable on Linux. (This script
//! once also turned `maps/standard.yaml` into JSON for the program to read; the standard map
//! is now compiled in as Rust tables, `src/map/tables.rs`.)
//!
//! Why: the mail path starts one process per message (procmail), and a position-independent
//! executable spends a third of its start-up on the dynamic loader: 42,000 relative
//! relocations, each page of `.data.rel.ro` written and copied before `main` (BENCHMARKS.md,
//! "One message, one process"). Linked at a fixed address the loader has nothing to relocate:
//! measured, 0.9 ms of CPU less per message (4.4 → 3.5 ms), 525 → 168 page faults. The code
//! itself is the same (compiled position-independent as always); only the program's own image
//! loses address randomisation (the stack, the heap, libc and every mapping keep theirs).
//!
//! `ARBITRE_PIE=1 cargo build --release` keeps the default (a position-independent
//! executable) for a referee who prefers that to the speed.

fn main() {
    println!("cargo:rerun-if-env-changed=ARBITRE_PIE");
    println!("cargo:rerun-if-changed=build.rs");
    source_hash();
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let pie_asked = std::env::var("ARBITRE_PIE").is_ok_and(|v| v == "1");
    if linux && !pie_asked {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}

/// `ARBITRE_SOURCE_HASH`: a hash of the program's sources (`src/`) and of the versions of the
/// crates it is built with (`Cargo.lock`). The compact copies of `game.yaml` and
/// `state.yaml` (`src/game/compact.rs`) are stamped with it, so that a copy made by another
/// build of arbitre, whose types may read differently, is never used.
fn source_hash() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.lock");
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                files(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut all = vec![std::path::PathBuf::from("Cargo.lock")];
    files(std::path::Path::new("src"), &mut all);
    all.sort();
    // FNV-1a over each file's path and bytes: enough to tell two builds' sources apart.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in &all {
        let bytes = std::fs::read(p).unwrap_or_default();
        for b in p.to_string_lossy().bytes().chain([0]).chain(bytes).chain([0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=ARBITRE_SOURCE_HASH={h:016x}");
}
