//! An army ordered with a coast (`A MAR - SPA/SC`, `A GAS S A MAR - ESP/CN`): read as a move
//! to the province, as the judge plays it (DATC 6.B.12, 4.B.6), and the reply says so in
//! the reader's language: the echo and the orders on file name the province alone, and a
//! note says the coast was dropped because an army moves to a province, not to a coast. An
//! army's build written with a coast a fleet could be built on (`BUILD A STP/NC`) could be
//! either build, and is refused with both. A standard game in English, then in French;
//! mail goes in with `arbitre mail`, the replies are read from the outbox.

use crate::french::send;
use crate::orders_by_mail::new_game;
use crate::support;

use std::path::Path;
use support::*;

const EVENING: &str = "2026-11-30T19:00:00+01:00";
const START: &str = "2026-12-01T20:00:00+01:00";
const FALL_EVENING: &str = "2026-12-03T19:00:00+01:00";
const FALL_DEADLINE: &str = "2026-12-04T20:00:00+01:00";
const WINTER_EVENING: &str = "2026-12-04T21:00:00+01:00";

const FRANCE: usize = 0;
const GERMANY: usize = 2;
const RUSSIA: usize = 5;

/// `power`'s units on the board, as the state writes them.
fn units(dir: &Path, power: &str) -> Vec<String> {
    state(dir)["board"]["units"][power]
        .as_sequence()
        .map(|s| s.iter().map(|u| u.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// What one language's game is sent and must answer.
struct Lines {
    lang: &'static str,
    /// Spring: Marseilles to Spain's south coast, the same with the north coast (the same
    /// order again), then a hold instead.
    spring: [&'static str; 3],
    spring_reply: [&'static str; 3],
    /// Fall: Gascony supports Marseilles to Spain's north coast, the Mid-Atlantic fleet
    /// supports it too, Marseilles moves.
    fall: [&'static str; 3],
    fall_reply: [&'static str; 3],
    /// Winter: Russia builds an army on St Petersburg's north coast (refused), then an army.
    winter: [&'static str; 2],
    winter_reply: [&'static str; 2],
    /// A retreat: the army dislodged from Gascony (a fleet took its place) to Spain's
    /// north coast.
    retreat: &'static str,
    retreat_reply: &'static str,
    /// Words no reply of this language may hold: an army's move to a coast, the other
    /// language's words.
    never: &'static [&'static str],
}

const ENGLISH: Lines = Lines {
    lang: "en",
    spring: ["A MAR - SPA/SC", "A Mar - Spain (north coast)", "A MAR H"],
    spring_reply: [
        "line 2: A MAR - SPA: on file (the coast is dropped, SPA/SC read as SPA: an army moves to a province, not to a coast)",
        "line 3: A MAR - SPA: on file (the coast is dropped, SPA/NC read as SPA: an army moves to a province, not to a coast)",
        "line 4: A MAR H: on file, in place of A MAR - SPA",
    ],
    fall: ["A GAS S A MAR - SPA/NC", "F MAO supports A MAR - SPA/SC", "A MAR - SPA/NC"],
    fall_reply: [
        "line 2: A GAS S A MAR - SPA: on file (the coast is dropped, SPA/NC read as SPA: an army moves to a province, not to a coast)",
        "line 3: F MAO S A MAR - SPA: on file (the coast is dropped, SPA/SC read as SPA: an army moves to a province, not to a coast)",
        "line 4: A MAR - SPA: on file (the coast is dropped, SPA/NC read as SPA",
    ],
    winter: ["BUILD A STP/NC", "BUILD A STP"],
    winter_reply: [
        "line 2: BUILD A STP/NC\n      STP/NC: an army is built in a province, not on a coast, and a coast is for a fleet: \
         write \"BUILD A STP\" for an army, or \"BUILD F STP/NC\" for a fleet",
        "line 3: BUILD A STP: on file",
    ],
    retreat: "A GAS - SPA/NC",
    retreat_reply: "line 2: A GAS - SPA: on file (the coast is dropped, SPA/NC read as SPA: an army moves to a province, not to a coast)",
    never: &["A MAR - SPA/", "côte", "enregistré"],
};

const FRENCH: Lines = Lines {
    lang: "fr",
    spring: ["A MAR - ESP/CS", "A Mar - Espagne côte nord", "A MAR tient"],
    spring_reply: [
        "ligne 2 : A MAR - ESP : enregistré (côte retirée, ESP/CS lu comme ESP, car une armée se rend dans une province, pas sur une côte)",
        "ligne 3 : A MAR - ESP : enregistré (côte retirée, ESP/CN lu comme ESP, car une armée se rend dans une province, pas sur une côte)",
        "ligne 4 : A MAR tient : enregistré, à la place de A MAR - ESP",
    ],
    fall: ["A GAS S A MAR - ESP/CN", "F AMO soutient A MAR - ESP/CS", "A MAR - ESP/CN"],
    fall_reply: [
        "ligne 2 : A GAS soutient A MAR - ESP : enregistré (côte retirée, ESP/CN lu comme ESP, car une armée se rend dans une province, pas sur une côte)",
        "ligne 3 : F AMO soutient A MAR - ESP : enregistré (côte retirée, ESP/CS lu comme ESP",
        "ligne 4 : A MAR - ESP : enregistré (côte retirée, ESP/CN lu comme ESP",
    ],
    winter: ["mobiliser A STP/CN", "mobiliser A STP"],
    winter_reply: [
        "ligne 2 : mobiliser A STP/CN\n      STP/CN : une armée est mobilisée dans une province, pas sur une côte, et une côte \
         est pour une flotte : écrivez « mobiliser A STP » pour une armée, ou « mobiliser F STP/CN » pour une flotte",
        "ligne 3 : mobiliser A STP : enregistré",
    ],
    retreat: "A GAS - ESP/CN",
    retreat_reply: "ligne 2 : A GAS - ESP : enregistré (côte retirée, ESP/CN lu comme ESP, car une armée se rend dans une province, pas sur une côte)",
    never: &["A MAR - ESP/", "SPA", " coast", "on file", "read as", "army"],
};

/// The whole story in one language: spring, fall and winter, each reply and the board.
fn played(lines: &Lines) {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, lines.lang);
    let d = dir.to_str().unwrap();
    let check = |reply: &str, wanted: &[&str]| {
        has(reply, wanted);
        lacks(reply, lines.never);
    };
    let reply = send(&dir, FRANCE, "s-1", &lines.spring[..2].join("\n"), EVENING);
    check(&reply, &lines.spring_reply[..2]);
    // The second is the same order as the first: none replaces the other.
    lacks(&reply, &["in place of", "à la place de"]);
    let reply = send(
        &dir,
        FRANCE,
        "s-2",
        &format!("A PAR - GAS\nF BRE - MAO\n{}", lines.spring[2]),
        EVENING,
    );
    check(&reply, &[lines.spring_reply[2]]);
    send(&dir, RUSSIA, "s-3", "F STP/SC - BOT\nA MOS - UKR", EVENING);
    ok(&["process", d, "--now", START], None);

    let reply = send(&dir, FRANCE, "f-1", &lines.fall.join("\n"), FALL_EVENING);
    check(&reply, &lines.fall_reply);
    send(&dir, RUSSIA, "f-2", "A UKR - RUM", FALL_EVENING);
    ok(&["process", d, "--now", FALL_DEADLINE], None);
    // The army went to Spain, the province: no coast on the board.
    assert!(
        units(&dir, "France").contains(&"A SPA".to_string()),
        "{:?}",
        units(&dir, "France")
    );
    assert_eq!(state(&dir)["phase"].as_str(), Some("Winter 1901 Adjustment"));

    let reply = send(&dir, RUSSIA, "w-1", &lines.winter.join("\n"), WINTER_EVENING);
    check(&reply, &lines.winter_reply);
}

#[test]
fn an_armys_coast_is_dropped_and_said_so_in_english() {
    played(&ENGLISH);
}

#[test]
fn an_armys_coast_is_dropped_and_said_so_in_french() {
    played(&FRENCH);
}

/// A retreat: the army the reply speaks of is the dislodged one, not the fleet that took
/// its province (whose move to a coast would keep it). France's army of Gascony is
/// dislodged by a German fleet from the Mid-Atlantic, and retreats to Spain with a coast.
fn retreated(lines: &Lines) {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, lines.lang);
    let d = dir.to_str().unwrap();
    let path = dir.join("state.yaml");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("- A PAR\n", "- A GAS\n")
        .replace("- F KIE\n", "- F MAO\n")
        .replace("- A MUN\n", "- A BUR\n");
    std::fs::write(&path, text).unwrap();
    send(&dir, GERMANY, "r-1", "F MAO - GAS\nA BUR S F MAO - GAS", EVENING);
    ok(&["process", d, "--now", START], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Spring 1901 Retreat"));
    assert!(
        units(&dir, "Germany").contains(&"F GAS".to_string()),
        "{:?}",
        units(&dir, "Germany")
    );
    let reply = send(&dir, FRANCE, "r-2", lines.retreat, "2026-12-02T10:00:00+01:00");
    has(&reply, &[lines.retreat_reply]);
    lacks(&reply, lines.never);
    ok(&["process", d, "--now", "2026-12-02T20:00:00+01:00"], None);
    assert!(
        units(&dir, "France").contains(&"A SPA".to_string()),
        "{:?}",
        units(&dir, "France")
    );
}

#[test]
fn a_dislodged_armys_coast_is_dropped_and_said_so_in_english() {
    retreated(&ENGLISH);
}

#[test]
fn a_dislodged_armys_coast_is_dropped_and_said_so_in_french() {
    retreated(&FRENCH);
}

/// A fleet's coast the province does not have (`F BRE - MAO/NC`) is dropped too (DATC
/// 4.B.6), with why; a coast the province has stays (`F STP/SC - BOT`).
#[test]
fn a_coast_the_province_does_not_have_is_dropped_for_a_fleet_too() {
    for (lang, order, wanted) in [
        (
            "en",
            "F BRE - MAO/NC",
            "F BRE - MAO: on file (the coast is dropped, MAO/NC read as MAO: MAO has no such coast)",
        ),
        ("fr", "F BRE - MAO/CN", "n'a pas cette côte"),
    ] {
        let tmp = Tmp::new();
        let dir = new_game(&tmp, lang);
        let reply = send(&dir, FRANCE, "c-1", order, EVENING);
        has(&reply, &[wanted]);
        lacks(&reply, &["an army", "une armée"]);
        assert_eq!(
            state(&dir)["orders"]["France"][0].as_str(),
            Some("F BRE - MAO"),
            "{reply}"
        );
        let reply = send(&dir, RUSSIA, "c-2", "F STP/SC - BOT", EVENING);
        lacks(&reply, &["dropped", "retirée"]);
    }
}

/// A fleet written on the other coast of its province (`F STP/NC - BOT` for Russia's fleet
/// on the south coast) is the fleet there (DATC 4.B.5): put on file on its own coast, and
/// the reply says so, in English and French.
#[test]
fn a_fleet_written_on_its_provinces_other_coast_is_the_fleet_there_and_said_so() {
    for (lang, order, wanted) in [
        (
            "en",
            "F STP/NC - BOT",
            "F STP/SC - BOT: on file (the fleet is on STP/SC, not STP/NC)",
        ),
        ("fr", "F STP/CN - BOT", "la flotte est en "),
    ] {
        let tmp = Tmp::new();
        let dir = new_game(&tmp, lang);
        let reply = send(&dir, RUSSIA, "o-1", order, EVENING);
        has(&reply, &[wanted]);
        assert_eq!(
            state(&dir)["orders"]["Russia"][0].as_str(),
            Some("F STP/SC - BOT"),
            "{reply}"
        );
        // The fleet supported, written on the other coast: the same note.
        let reply = send(
            &dir,
            RUSSIA,
            "o-3",
            &order.replace(" - BOT", " H").replacen("F ", "A MOS S F ", 1),
            EVENING,
        );
        has(
            &reply,
            &[if lang == "en" {
                "(the fleet is on STP/SC, not STP/NC)"
            } else {
                "la flotte est en "
            }],
        );
        // Written on its own coast, or with none: nothing to say.
        let reply = send(&dir, RUSSIA, "o-2", "F STP/SC - BOT\nF SEV - BLA", EVENING);
        lacks(&reply, &["the fleet is on", "la flotte est en"]);
    }
}
