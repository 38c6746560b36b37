//! A French reader's replies echo his orders in French notation (issue #24): the French
//! players' codes (`BOU`, `MAN`, `SEB`), the French coasts (`STP/CS`) and order words
//! (`soutient`, `tient`, `construire`, `renonce`), in every line that quotes an order: what
//! was done, the orders on file, what is still missing. Each echo, sent back as it is, is
//! the same order. The game is tests/french.rs's (Diable et Bon Dieu, in French); mail goes
//! in with `arbitre mail`, the replies are read from the outbox.

use crate::french::{new_game, send};
use crate::support;

use support::*;

const EVENING: &str = "2026-11-30T19:00:00+01:00";
const START: &str = "2026-12-01T20:00:00+01:00";
const FALL_EVENING: &str = "2026-12-03T19:00:00+01:00";
const FALL_DEADLINE: &str = "2026-12-04T20:00:00+01:00";
const WINTER_EVENING: &str = "2026-12-04T21:00:00+01:00";

/// The cast's index of a power.
fn who(power: &str) -> usize {
    support::VOPALIEC
        .iter()
        .position(|(role, ..)| *role == power)
        .unwrap_or_else(|| panic!("{power} is not in the cast"))
}

/// France's orders as French players write them, echoed in French notation, in what was
/// done, in the orders on file and in the refusals' reasons; sent back as echoed, each is
/// the same order again.
#[test]
fn a_french_reply_echoes_the_orders_in_french_notation_and_the_echo_reads_back() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let france = who("France");
    let reply = send(
        &dir,
        france,
        "e-1",
        "A Mar soutient A Par - Bou\nF Bre - Man\nA Par - Bourgone\nA PAR H\nF Sev - Mos\nF Bre - Bourgogne",
        EVENING,
    );
    let echoes = ["A MAR soutient A PAR - BOU", "F BRE - MAN", "A PAR tient"];
    has(
        &reply,
        &[
            // A French code goes without a note; a slip is told how it was read.
            "ligne 2 : A MAR soutient A PAR - BOU : enregistré\n",
            "ligne 3 : F BRE - MAN : enregistré\n",
            "ligne 4 : A PAR - BOU : enregistré (« Bourgone » lu comme Bourgogne)",
            "ligne 5 : A PAR tient : enregistré, à la place de A PAR - BOU",
            // A refusal names the units and places in French notation too.
            "ligne 6 : F Sev - Mos\n      F SEB appartient à la Russie",
            "ligne 7 : F Bre - Bourgogne\n      F BRE ne peut pas atteindre BOU",
            "Ordres de la France enregistrés au printemps 1901, mouvements :\n  A MAR soutient A PAR - BOU",
            "\n  F BRE - MAN\n",
            "\n  A PAR tient\n",
        ],
    );
    lacks(&reply, &["BUR", "ENG", " S ", " H\n"]);
    // The echoes sent back as they are: the same orders, put on file again, none replaced.
    let reply = send(&dir, france, "e-2", &echoes.join("\n"), EVENING);
    for (i, echo) in echoes.iter().enumerate() {
        has(&reply, &[&format!("ligne {} : {echo} : enregistré", i + 2)]);
    }
    lacks(&reply, &["à la place de", "Pas fait"]);
}

/// What is still missing names the units in French notation: Russia's fleets of Sevastopol
/// and of St Petersburg's south coast, its army of Warsaw.
#[test]
fn what_is_missing_names_the_units_in_french_notation() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let reply = send(&dir, who("Russia"), "e-3", "A Mos - Ukr", EVENING);
    has(
        &reply,
        &[
            "ligne 2 : A MOS - UKR : enregistré",
            "Il manque encore :",
            "  un ordre pour F SEB\n",
            "  un ordre pour F STP/CS\n",
            "  un ordre pour A VAR\n",
        ],
    );
}

/// A winter: the build echoed as the French reader writes it, and the builds still owed
/// suggested in the same words (« mobiliser A BRE, ou renoncer »).
#[test]
fn a_french_winter_echoes_builds_and_waives_in_french() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp);
    let d = dir.to_str().unwrap();
    let france = who("France");
    send(&dir, france, "w-1", "A PAR - BUR\nA MAR - SPA\nF BRE - MAO", EVENING);
    ok(&["process", d, "--now", START], None);
    send(&dir, france, "w-2", "A BUR - BEL\nF MAO - POR\nA SPA H", FALL_EVENING);
    ok(&["process", d, "--now", FALL_DEADLINE], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Winter 1901 Adjustment"));
    let reply = send(&dir, france, "w-3", "mobiliser A Par", WINTER_EVENING);
    has(
        &reply,
        &[
            "ligne 2 : mobiliser A PAR : enregistré",
            "Il manque encore :\n  mobilisations : 2 (mobiliser A BRE, ou renoncer)",
        ],
    );
    lacks(&reply, &["BUILD", "WAIVE"]);
    let reply = send(&dir, france, "w-4", "renonce\nmobiliser F MAR", WINTER_EVENING);
    has(
        &reply,
        &[
            "ligne 2 : renoncer : enregistré",
            "ligne 3 : mobiliser F MAR : enregistré",
            "Vos ordres sont complets.",
        ],
    );
}
