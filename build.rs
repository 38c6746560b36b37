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
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let pie_asked = std::env::var("ARBITRE_PIE").is_ok_and(|v| v == "1");
    if linux && !pie_asked {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
