//! Every integration test of arbitre, in one test crate (issue #27): one binary to link
//! instead of one per file. Each file of `tests/` is a module here, run as before with
//! `cargo test --test it NAME::` (e.g. `cargo test --test it crash::`). A file of `tests/`
//! that is not listed below is not compiled at all: `every_test_file_is_a_module` fails on
//! it.

mod by_mail;
mod common;
mod support;

mod army_coast;
mod board_pictures;
mod board_positions;
mod boardgames;
mod boardgames_fr;
mod calendar;
mod cli;
mod crash;
mod datc;
mod desk;
mod diable;
mod files;
mod french;
mod french_echo;
mod fuzz_targets;
mod game;
mod hostile;
mod house_rules;
mod imap;
mod join;
mod large_map;
mod layers;
mod mail_vs_adjudicate;
mod map;
mod order_reader;
mod orders_by_mail;
mod pictures;
mod pictures_in_mail;
mod player_commands;
mod press_end;
mod publish;
mod real_game;
mod reports;
mod routing;
mod signon;
mod smtp;
mod table;
mod winter_by_mail;
mod zine;

/// Cargo builds only this crate (`autotests = false`), so a test file forgotten here would
/// never run: this test reads `tests/` and names any such file.
#[test]
fn every_test_file_is_a_module() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = std::fs::read_to_string(here.join("main.rs")).unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&here).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(".rs") {
            if stem != "main" && !main.lines().any(|l| l == format!("mod {stem};")) {
                missing.push(name);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "tests/{missing:?} not compiled: add `mod NAME;` for each to tests/main.rs"
    );
}
