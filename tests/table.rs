//! The Judge's table manners (issue #26): `SET WAIT` holding a phase past all orders in,
//! the press a game allows (`press: white | grey | none`), and an anonymous game
//! (`anonymous: true`), end to end: mail goes in with `arbitre mail`, phases are processed
//! with `arbitre process`, and what the players get is read from the outbox and `pages/`.

use crate::support;

use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const LATER: &str = "2026-11-30T22:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";
const REFEREE: &str = "arbitre@vopaliec.example";

/// The standard game's powers, in VOPALIEC's order, each with every unit holding.
const HOLDS: [&str; 7] = [
    "A PAR H\nA MAR H\nF BRE H",
    "F LON H\nF EDI H\nA LVP H",
    "A BER H\nA MUN H\nF KIE H",
    "A ROM H\nA VEN H\nF NAP H",
    "A VIE H\nA BUD H\nF TRI H",
    "A MOS H\nF SEV H\nF STP/SC H\nA WAR H",
    "F ANK H\nA CON H\nA SMY H",
];

/// A standard game of the seven first players of VOPALIEC; `extra` goes before the players.
fn players_file(extra: &str) -> String {
    let mut s = format!(
        "game: vopaliec\nvariant: standard\nreferee: {{name: Arbitre de Vopaliec, email: {REFEREE}}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\n{extra}players:\n"
    );
    for (role, name, email, password) in &VOPALIEC[..7] {
        let own = if *role == "Germany" { ", language: fr" } else { "" };
        s += &format!("  - {{name: {name}, email: {email}, role: {role}, password: {password}{own}}}\n");
    }
    s
}

/// A new game in `tmp/g`; its welcomes stay in the outbox.
fn new_game(tmp: &Tmp, extra: &str) -> PathBuf {
    let players = tmp.file("players.yaml", &players_file(extra));
    let dir = tmp.path("g");
    create(&dir, &players, CREATED);
    dir
}

/// Mails `lines` under the SIGNON of VOPALIEC[who], from that player's address.
fn send(dir: &Path, who: usize, id: &str, lines: &str, now: &str) {
    let (role, name, email, password) = VOPALIEC[who];
    let raw = format!(
        "From: {name} <{email}>\r\nTo: {REFEREE}\r\nSubject: orders\r\nDate: Mon, 30 Nov 2026 18:00:00 +0100\r\n\
         Message-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\nSIGNON {role} vopaliec {password}\r\n{lines}\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", now], Some(raw.as_bytes()));
}

fn process(dir: &Path, now: &str) -> String {
    ok(&["process", dir.to_str().unwrap(), "--now", now], None)
}

/// The referee's journal of the game (`journal.yaml`), as text.
fn journal(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("journal.yaml")).unwrap()
}

fn phase(dir: &Path) -> String {
    state(dir)["phase"].as_str().unwrap().to_string()
}

// ---- WAIT ---------------------------------------------------------------------------------

#[test]
fn wait_holds_a_phase_with_every_order_in_until_nowait_releases_it() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "");
    send(&dir, 0, "fr-wait", &format!("SET WAIT\n{}", HOLDS[0]), EVENING);
    has(
        &answer(&dir, "reply", "France").text,
        &["SET WAIT: this phase waits for its deadline, even once every order is in"],
    );
    has(
        &answer(&dir, "wait", "France").text,
        &["vopaliec will not process Spring 1901 Movement before its deadline"],
    );
    for (who, orders) in HOLDS.iter().enumerate().skip(1) {
        send(&dir, who, &format!("orders-{who}"), orders, EVENING);
    }
    // Every order is in, and France waits: the phase is not processed early.
    process(&dir, LATER);
    assert_eq!(phase(&dir), "Spring 1901 Movement");
    // The others see that the phase waits, not who asked; France sees it in WHOAMI.
    send(&dir, 1, "en-list", "LIST", LATER);
    let list = answer(&dir, "list", "England").text;
    has(&list, &["A player asked the phase to wait for its deadline (SET WAIT)"]);
    lacks(&list, &["France asked", "Alice"]);
    send(&dir, 2, "de-list", "LISTE", LATER);
    has(
        &answer(&dir, "list", "Germany").text,
        &["Un joueur a demandé que la phase attende son échéance"],
    );
    send(&dir, 0, "fr-who", "WHOAMI", LATER);
    has(
        &answer(&dir, "whoami", "France").text,
        &["You ask this phase to wait for its deadline (SET WAIT)"],
    );
    // NOWAIT releases it: the next run processes the phase, every order being in.
    send(&dir, 0, "fr-nowait", "SET NOWAIT", LATER);
    has(
        &answer(&dir, "reply", "France").text,
        &["SET NOWAIT: this phase may be processed as soon as every order is in"],
    );
    let out = process(&dir, LATER);
    assert_eq!(phase(&dir), "Fall 1901 Movement", "{out}");
    has(&journal(&dir), &["S1901M adjudicated (all orders in)"]);
}

#[test]
fn wait_lasts_to_the_deadline_and_ends_with_its_phase() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "");
    // In French, from Germany; every order in.
    send(&dir, 2, "de-wait", &format!("CHANGER ATTENTE\n{}", HOLDS[2]), EVENING);
    has(
        &answer(&dir, "reply", "Germany").text,
        &["attente : cette phase attend son échéance"],
    );
    has(
        &answer(&dir, "wait", "Germany").text,
        &["vopaliec, printemps 1901, mouvements : la phase ne sera pas jouée avant son échéance"],
    );
    for (who, orders) in HOLDS.iter().enumerate() {
        if who != 2 {
            send(&dir, who, &format!("orders-{who}"), orders, EVENING);
        }
    }
    process(&dir, LATER);
    assert_eq!(phase(&dir), "Spring 1901 Movement");
    assert_eq!(state(&dir)["wait"][0].as_str(), Some("Germany"));
    // The referee sees who waits.
    has(
        &ok(&["status", dir.to_str().unwrap()], None),
        &["complete (waits for the deadline (SET WAIT))"],
    );
    has(
        &ok(&["status", dir.to_str().unwrap(), "--yaml"], None),
        &["\nwait: [Germany]\n"],
    );
    // At the deadline the phase goes; the wait was for that phase only.
    let out = process(&dir, DEADLINE);
    assert_eq!(phase(&dir), "Fall 1901 Movement", "{out}");
    has(&journal(&dir), &["S1901M adjudicated (at the deadline)"]);
    assert!(state(&dir).get("wait").is_none(), "the wait ends with its phase");
    for (who, orders) in HOLDS.iter().enumerate() {
        send(&dir, who, &format!("fall-{who}"), orders, "2026-12-02T10:00:00+01:00");
    }
    // Every order in again and nobody waits: processed at once (no winter: nothing to adjust).
    process(&dir, "2026-12-02T11:00:00+01:00");
    assert_eq!(phase(&dir), "Spring 1902 Movement");
}

#[test]
fn wait_is_refused_in_a_game_played_move_by_move() {
    let tmp = Tmp::new();
    let players = tmp.file(
        "diam.yaml",
        &format!(
            "game: table\nvariant: diam\nreferee: {{name: Arbitre, email: {REFEREE}}}\n\
             players:\n  - {{name: Ann, email: ann@t.example, role: Red-Orange, password: pw-Red-Orange}}\n  \
             - {{name: Bob, email: bob@t.example, role: Brown-Black, password: pw-Brown-Black}}\n"
        ),
    );
    let dir = tmp.path("diam");
    create(&dir, &players, CREATED);
    let p = support::table::Player {
        name: "Ann",
        email: "ann@t.example",
        role: "Red-Orange",
    };
    let reply = support::table::send(&dir, &p, "w", "SET WAIT");
    has(
        &reply,
        &["this game waits for each move and has no deadline to wait for"],
    );
}

// ---- press: white, grey, none --------------------------------------------------------------

/// Who England is, in every form a letter could name him.
const ENGLAND: [&str; 4] = ["England", "Angleterre", "Bob Smith", "bob@vopaliec.example"];

#[test]
fn grey_press_reaches_its_recipients_without_the_sender_and_the_referee_with_him() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "press: grey\n");
    send(
        &dir,
        1,
        "en-grey",
        "PRESS TO France Italy GREY\nWho am I?\nENDPRESS",
        EVENING,
    );
    has(
        &answer(&dir, "reply", "England").text,
        &["grey press to France, Italy sent, without your name"],
    );
    let (france, italy) = (
        answer(&dir, "press", "France").text,
        answer(&dir, "press", "Italy").text,
    );
    // Byte for byte what each recipient reads: the recipients, never the sender.
    let expected = "Grey press to France, Italy (its sender is not named):\n\nWho am I?\n\n";
    assert_eq!(france.as_bytes(), expected.as_bytes());
    assert_eq!(italy.as_bytes(), expected.as_bytes());
    for copy in [&answer(&dir, "press", "France"), &answer(&dir, "press", "Italy")] {
        lacks(&String::from_utf8_lossy(&copy.raw), &ENGLAND);
        assert_eq!(
            copy.subject,
            "vopaliec, Spring 1901 Movement: grey press to France, Italy"
        );
    }
    // The referee's copy names him.
    let referee = answer(&dir, "press", "referee");
    assert_eq!(referee.to, [REFEREE]);
    has(
        &referee.text,
        &["Grey press from England to France, Italy of vopaliec (your copy as referee"],
    );
    assert_eq!(
        referee.subject,
        "vopaliec, Spring 1901 Movement: grey press from England to France, Italy"
    );

    // Grey press to all, from a French reader: in the public record without its sender.
    send(&dir, 2, "de-grey", "PRESS TO ALL GRISE\nDevinez.\nENDPRESS", EVENING);
    has(
        &answer(&dir, "reply", "Germany").text,
        &["presse grise envoyée à tous, sans votre nom"],
    );
    let germany = ["Germany", "Allemagne", "Dieter", "dieter@vopaliec.example"];
    let letters = last_letters(&dir);
    for (name, m) in &letters {
        // Every player's copy but Germany's own, and the referee's.
        if name.contains("-press-") && !name.ends_with("-referee.eml") && !name.ends_with("-germany.eml") {
            lacks(&String::from_utf8_lossy(&m.raw), &germany);
            has(&m.text, &["Devinez."]);
        }
    }
    has(
        &answer(&dir, "press", "Germany").text,
        &["Presse grise à tous les joueurs de vopaliec (son auteur n'est pas nommé)"],
    );
    let press = &state(&dir)["press"][0];
    assert_eq!(
        (press["from"].as_str(), press["grey"].as_bool()),
        (Some(""), Some(true))
    );
}

#[test]
fn grey_press_is_refused_where_the_press_is_white_and_all_press_in_a_gunboat_game() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "");
    send(
        &dir,
        1,
        "en-grey",
        "PRESS TO France GREY\nWho am I?\nENDPRESS\nF LON H",
        EVENING,
    );
    let reply = answer(&dir, "reply", "England").text;
    has(
        &reply,
        &[
            "this game has no grey press: write PRESS TO without GREY",
            "F LON H: on file",
        ],
    );
    assert!(!last_letters(&dir).keys().any(|n| n.contains("-press-")));

    let tmp = Tmp::new();
    let dir = new_game(&tmp, "press: none\n");
    send(
        &dir,
        1,
        "en-none",
        "PRESS TO ALL\nHello.\nENDPRESS\nPRESS TO France\nPsst.\nENDPRESS\nF LON H",
        EVENING,
    );
    let reply = answer(&dir, "reply", "England").text;
    has(&reply, &["F LON H: on file"]);
    assert_eq!(
        reply
            .matches("this game has no press between players (a gunboat game); this press was not sent")
            .count(),
        2,
        "{reply}"
    );
    assert!(!last_letters(&dir).keys().any(|n| n.contains("-press-")));
    send(&dir, 2, "de-none", "PRESS TO ALL GREY\nHallo.\nENDPRESS", EVENING);
    has(
        &answer(&dir, "reply", "Germany").text,
        &["cette partie n'a pas de presse entre joueurs (une partie muette)"],
    );
    // The rule is kept in the game's file.
    let game = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
    has(&game, &["press: none"]);
}

// ---- anonymous games ------------------------------------------------------------------------

#[test]
fn an_anonymous_game_tells_no_player_another_players_name_or_address() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "anonymous: true\npress: grey\n");
    // Everything a player may do or ask, with press of every kind and a draw voted by all.
    for (who, orders) in HOLDS.iter().enumerate() {
        let next = VOPALIEC[(who + 1) % 7].0;
        send(
            &dir,
            who,
            &format!("all-{who}"),
            &format!(
                "{orders}\nVOTE DRAW\nPRESS TO ALL\nGreetings.\nENDPRESS\nPRESS TO {next}\nA word.\nENDPRESS\n\
                 PRESS TO {next} GREY\nGuess.\nENDPRESS\nLIST\nWHOAMI\nHELP\nGET MAP\nGET RULES\nSTATUS\nSET WAIT\nSET NOWAIT"
            ),
            EVENING,
        );
    }
    process(&dir, LATER);
    assert!(state(&dir).get("finished").is_some(), "the draw ends the game");
    for who in 0..7 {
        send(&dir, who, &format!("history-{who}"), "HISTORY ALL\nLIST", LATER);
    }
    let zine = tmp.path("zine.html");
    ok(&["zine", dir.to_str().unwrap(), "-o", zine.to_str().unwrap()], None);

    let people: Vec<(&str, &str)> = VOPALIEC[..7].iter().map(|(_, n, e, _)| (*n, *e)).collect();
    let letters = outbox(&dir);
    let mut to_players = 0;
    for (file, m) in &letters {
        let to = m.to[0].as_str();
        if to == REFEREE {
            continue;
        }
        to_players += 1;
        let raw = String::from_utf8_lossy(&m.raw);
        for (name, email) in people.iter().filter(|(_, e)| *e != to) {
            for text in [&*raw, &m.text] {
                assert!(!text.contains(name), "{file} to {to} names {name}:\n{text}");
                assert!(!text.contains(email), "{file} to {to} shows {email}:\n{text}");
            }
        }
    }
    assert!(to_players > 7 * 10, "{to_players} letters to players");
    // The final report says why it names nobody.
    has(
        &letters
            .iter()
            .find(|(n, _)| n.starts_with("final-france"))
            .expect("France's final report")
            .1
            .text,
        &["The game was anonymous: who played what stays with the referee."],
    );
    // Pages and the zine are anyone's: they name nobody at all.
    let mut public = every_file(&dir.join("pages"));
    assert!(!public.is_empty());
    public.push((zine.clone(), std::fs::read(&zine).unwrap()));
    for (path, bytes) in &public {
        let text = String::from_utf8_lossy(bytes);
        for (name, email) in &people {
            assert!(
                !text.contains(name) && !text.contains(email),
                "{} names {name}",
                path.display()
            );
        }
    }
    // The referee still sees who plays.
    let status = ok(&["status", dir.to_str().unwrap()], None);
    has(&status, &["Alice Martin", "bob@vopaliec.example"]);
}

// ---- HELP -----------------------------------------------------------------------------------

#[test]
fn help_lists_wait_absence_and_the_press_the_game_allows() {
    for (extra, en, fr) in [
        (
            "",
            "PRESS TO Germany Italy        private press to those powers",
            "PRESSE À Allemagne, Italie    presse privée à ces puissances",
        ),
        (
            "press: grey\n",
            "PRESS TO Germany GREY         grey press: the same without your name",
            "PRESSE À Allemagne GRIS       presse grise : la même sans votre nom",
        ),
        (
            "press: none\n",
            "This game has no press between players (a gunboat game).",
            "Cette partie n'a pas de presse entre joueurs (une partie muette).",
        ),
    ] {
        let tmp = Tmp::new();
        let dir = new_game(&tmp, extra);
        send(&dir, 0, "fr-help", "HELP", EVENING);
        let help = answer(&dir, "help", "France").text;
        has(
            &help,
            &[
                en,
                "SET WAIT  ",
                "SET NOWAIT lifts it",
                "SET ABSENCE 2026-12-20 2026-12-27",
            ],
        );
        send(&dir, 2, "de-help", "AIDE", EVENING);
        let aide = answer(&dir, "help", "Germany").text;
        has(
            &aide,
            &[fr, "CHANGER ATTENTE  ", "CHANGER ABSENCE 2026-12-20 2026-12-27"],
        );
        if extra == "press: none\n" {
            lacks(&help, &["PRESS TO ALL"]);
            lacks(&aide, &["PRESS TO ALL", "PRESSE À TOUS"]);
        } else if extra.is_empty() {
            lacks(&help, &["GREY"]);
        }
    }
}
