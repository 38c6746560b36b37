//! The fuzz targets (`fuzz/`, a workspace of their own, run with cargo-fuzz: FUZZING.md)
//! are not built by `cargo test`, so a change to the library could break them unseen until
//! the next fuzzing run. This test type-checks them against the library as it is.

use std::path::Path;
use std::process::Command;

#[test]
fn the_fuzz_targets_build_against_the_library() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["check", "--bins", "--locked", "--quiet", "--manifest-path"])
        .arg(top.join("fuzz/Cargo.toml"))
        // Its own target folder, inside ours: kept between runs, and never locked by the
        // `cargo test` that runs this.
        .env("CARGO_TARGET_DIR", top.join("target/fuzz-check"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "the fuzz targets in fuzz/fuzz_targets/ no longer build; fix them with the library \
         change:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
