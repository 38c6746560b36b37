//! Two jobs before the crate is compiled:
//!
//! 1. **The standard map as JSON.** `maps/standard.yaml` stays the one file a person reads
//!    and edits; this script writes the same data as JSON to `OUT_DIR/standard.json`, which
//!    `Map::standard()` embeds and reads. Every process that needs the board (every message
//!    of the mail path) reads it once: from YAML that was about 5.8 million instructions
//!    (the YAML scanner), two thirds of a refused message; from JSON, a small fraction
//!    (BENCHMARKS.md, "One message, one process"). The YAML is read as a YAML value (its
//!    mappings keep their order, which the map reader relies on) and written as JSON; its
//!    powers alone also go to `OUT_DIR/standard-powers.json`, for what needs only their
//!    names (reading a role from a file), so that a refused message builds no board.
//!
//! 2. **A position-dependent program.** Links the `arbitre` program as a position-dependent
//!    executable on Linux.
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
    println!("cargo:rerun-if-changed=maps/standard.yaml");
    let yaml = std::fs::read_to_string("maps/standard.yaml").expect("maps/standard.yaml is readable");
    let value: serde_yaml::Value =
        serde_yaml::from_str(&yaml).unwrap_or_else(|e| panic!("maps/standard.yaml is not YAML: {e}"));
    let json = serde_json::to_string(&value).expect("a YAML value of plain keys writes as JSON");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("standard.json");
    std::fs::write(&out, json).expect("OUT_DIR is writable");
    // The powers alone, for what needs only their names (a role read from a file).
    let mut powers = serde_yaml::Mapping::new();
    powers.insert("powers".into(), value["powers"].clone());
    let json = serde_json::to_string(&powers).expect("a YAML value of plain keys writes as JSON");
    std::fs::write(out.with_file_name("standard-powers.json"), json).expect("OUT_DIR is writable");

    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let pie_asked = std::env::var("ARBITRE_PIE").is_ok_and(|v| v == "1");
    if linux && !pie_asked {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
