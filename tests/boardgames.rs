//! The board games by mail, end to end: a game is created from a players file, moves are
//! mailed to `arbitre mail` as players would send them (in turn, out of turn, illegal), and
//! the relayed boards and the winner are read from the outbox.

use crate::support;

use arbitre::dice::{Dice, Seed};
use std::path::Path;
use support::table::*;
use support::*;

fn create(tmp: &Tmp, variant: &str, players: &[Player], options: &str) -> std::path::PathBuf {
    create_seeded(tmp, variant, players, options, SEED)
}

fn create_seeded(tmp: &Tmp, variant: &str, players: &[Player], options: &str, seed: &str) -> std::path::PathBuf {
    let mut text = format!(
        "game: table\nvariant: {variant}\nreferee: {{name: Arbitre, email: arbitre@table.example}}\nseed: {seed}\n{options}players:\n"
    );
    for p in players {
        text += &format!(
            "  - {{name: {}, email: {}, role: {}, password: pw-{}}}\n",
            p.name, p.email, p.role, p.role
        );
    }
    let file = tmp.file("players.yaml", &text);
    let dir = tmp.path("game");
    support::create(&dir, &file, NOW);
    dir
}

const DIAM: [Player; 2] = ann_and_ben("Red-Orange", "Brown-Black");

#[test]
fn a_game_of_diam_by_mail_to_a_win() {
    let tmp = Tmp::new();
    let dir = create(&tmp, "diam", &DIAM, "");
    let welcome = &outbox(&dir)["welcome-brown-black.eml"];
    assert!(
        welcome.text.contains("PLACE"),
        "the notation is in the welcome: {}",
        welcome.text
    );
    let [ann, ben] = &DIAM;
    // Out of turn, and illegal: refused with the reason, nothing changes.
    let r = send(&dir, ben, "b0", "PLACE BROWN 5");
    assert!(r.contains("it is not your turn: Red-Orange is to move"), "{r}");
    let r = send(&dir, ann, "a0", "PLACE RED 9");
    assert!(r.contains("cell 9 does not exist"), "{r}");
    assert!(!outbox(&dir).keys().any(|n| n.contains("-move")), "no move relayed");
    // The game of the DIAM module's own test, through the mail.
    let moves = DIAM_TO_A_WIN.map(|(seat, m)| ([ann, ben][seat], m));
    for (k, (p, m)) in moves.iter().enumerate() {
        let r = send(&dir, p, &format!("m{k}"), m);
        assert!(r.contains(&format!("move {} accepted", k + 1)), "{m}: {r}");
        if k == 0 {
            // Whose turn it is, said once (issue #24: the board said it too).
            assert_eq!(r.to_lowercase().matches("to move").count(), 1, "{r}");
        }
    }
    let out = outbox(&dir);
    // Every accepted move is relayed to both players, with the board.
    let relays: Vec<&String> = out.keys().filter(|n| n.contains("-move")).collect();
    assert_eq!(relays.len(), 2 * moves.len());
    let last = out
        .values()
        .find(|m| m.subject.contains("move 9:") && m.to == ["ben@table.example"])
        .expect("the last move relayed to Ben");
    assert!(
        last.text
            .contains("DIAM! red on cells 1 and 5 at level 3: Red-Orange wins"),
        "{}",
        last.text
    );
    // Each relayed move carries the board's picture (a PNG beside the text), the same for
    // both players; the replies do not.
    let pictured = |m: &Sent| String::from_utf8_lossy(&m.raw).contains("Content-Type: image/png");
    assert!(out
        .iter()
        .filter(|(n, _)| n.contains("-move"))
        .all(|(_, m)| pictured(m)));
    assert!(!out
        .iter()
        .filter(|(n, _)| n.contains("reply"))
        .any(|(_, m)| pictured(m)));
    let finals: Vec<&Sent> = out.values().filter(|m| m.subject.contains("final report")).collect();
    assert_eq!(finals.len(), 2);
    assert!(finals[0].text.contains("Winners: Red-Orange."), "{}", finals[0].text);
    assert!(finals[0].text.contains(SEED), "the seed is revealed");
    // GET MAP answers with the board as text and as a picture.
    send(&dir, ben, "map", "GET MAP");
    let out = outbox(&dir);
    let map = out
        .iter()
        .find(|(n, _)| n.contains("-map-brown-black"))
        .map(|(_, m)| m)
        .expect("the answer to GET MAP");
    assert!(pictured(map), "GET MAP carries the board's picture");
    // After the end, a move is refused.
    let r = send(&dir, ben, "late", "PLACE BROWN 3");
    assert!(r.contains("over"), "{r}");
    let status = ok(&["status", dir.to_str().unwrap(), "--yaml"], None);
    assert!(status.contains("winners: Red-Orange"), "{status}");
}

#[test]
fn a_game_of_diabolik_fleet_by_mail_to_a_win() {
    let tmp = Tmp::new();
    let players = ann_and_ben("South", "North");
    let dir = create_seeded(
        &tmp,
        "diabolik-fleet",
        &players,
        "options: {arrivals: 2}\n",
        SOUTH_FIRST,
    );
    // The duel the module's own tests replay, sent turn by turn, each turn on one line; a
    // sinking earns the same player a bonus turn.
    let duel =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("turns/diabolik-fleet/duel.txt")).unwrap();
    let game: Vec<(usize, &str)> = duel
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (side, turn) = l.split_once(": ").unwrap();
            (usize::from(side == "North"), turn)
        })
        .collect();
    assert_eq!(game.len(), 27);
    for (k, (side, turn)) in game.iter().enumerate() {
        if k == 4 {
            // A move out of turn and an illegal turn: refused, nothing changes.
            let r = send(&dir, &players[1], "early", "D5-D4");
            assert!(r.contains("it is not your turn: South is to move"), "{r}");
            let r = send(&dir, &players[0], "bad", "C2-C3; C3-C4; C4-C5; C5-C6; C6-C7");
            assert!(r.contains("budget is 4"), "{r}");
        }
        let r = send(&dir, &players[*side], &format!("t{k}"), turn);
        assert!(r.contains(&format!("move {} accepted", k + 1)), "{turn}: {r}");
    }
    let out = outbox(&dir);
    assert_eq!(out.keys().filter(|n| n.contains("-move")).count(), 2 * game.len());
    let finals: Vec<&Sent> = out.values().filter(|m| m.subject.contains("final report")).collect();
    assert_eq!(finals.len(), 2);
    assert!(
        finals[0]
            .text
            .contains("South has 2 ships on its far row (row 8) and wins."),
        "{}",
        finals[0].text
    );
    assert!(finals[0].text.contains("Winners: South."), "{}", finals[0].text);
}

#[test]
fn the_dice_of_les_belligerants_are_announced_and_recomputable_from_the_seed() {
    let tmp = Tmp::new();
    let players = ann_and_ben("Yellow", "Pink");
    let dir = create(&tmp, "belligerants", &players, "");
    let out = outbox(&dir);
    let welcome = &out["welcome-yellow.eml"].text;
    assert!(welcome.contains("SHA-256"), "{welcome}");
    // The README's rule: who begins is below(2), then each die below(6), 0-4 being 1-5.
    let mut dice = Dice::new(Seed::from_hex(SEED).unwrap());
    let first = dice.below(2) as usize;
    let die = dice.below(6);
    let face = if die == 5 {
        "DEVIL".to_string()
    } else {
        (die + 1).to_string()
    };
    assert!(welcome.contains(players[first].role), "{welcome}");
    // The announcement itself, whole: a lone digit is in the welcome's hash anyway.
    let role = players[first].role;
    let announced = if face == "DEVIL" {
        format!("Die for {role}, turn 1: the DEVIL.")
    } else {
        format!("Die for {role}, turn 1: {face}.")
    };
    assert!(
        welcome.contains(&announced),
        "the first die is announced as `{announced}`: {welcome}"
    );
    // A move by the wrong side is refused; by the right one, relayed with the next die.
    let other = &players[1 - first];
    let r = send(&dir, other, "x", "MOVE A1-A2");
    assert!(r.contains("not your turn"), "{r}");
    let mover = &players[first];
    let points = if face == "DEVIL" { "3 " } else { "" };
    let r = send(&dir, mover, "y", &format!("MOVE {points}infantry forward"));
    assert!(r.contains("move 1 accepted"), "{r}");
}

#[test]
fn the_readme_documents_every_notation() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    for k in arbitre::kinds::BOARD_GAMES {
        assert!(
            readme.contains(k.notation),
            "README.md lacks the notation of {} (copy `Kind::notation` into its section)",
            k.title
        );
        assert!(readme.contains(&format!("`variant: {}`", k.variant)), "{}", k.variant);
    }
}

#[test]
fn a_french_player_reads_a_refused_move_in_french() {
    let tmp = Tmp::new();
    let [ann, ben] = &DIAM;
    let text = format!(
        "game: table\nvariant: diam\nreferee: {{name: Arbitre, email: arbitre@table.example}}\nseed: {SEED}\nplayers:\n\
         \x20 - {{name: {}, email: {}, role: {}, password: pw-{}}}\n\
         \x20 - {{name: {}, email: {}, role: {}, password: pw-{}, language: fr}}\n",
        ann.name, ann.email, ann.role, ann.role, ben.name, ben.email, ben.role, ben.role
    );
    let file = tmp.file("players.yaml", &text);
    let dir = tmp.path("game");
    support::create(&dir, &file, NOW);

    // Out of turn: the French player reads why in French, the side named as a French
    // player says it.
    let r = send(&dir, ben, "b1", "P B1");
    assert!(
        r.contains("ce n'est pas votre tour : c'est à Rouge-Orange de jouer"),
        "{r}"
    );
    assert!(!r.contains("it is not your turn"), "{r}");
    // The English player reads an illegal move in English.
    let r = send(&dir, ann, "a1", "P R9");
    assert!(r.contains("cell 9 does not exist: cells are 1 to 8"), "{r}");
    assert!(send(&dir, ann, "a2", "P R1").contains("Red-Orange places"));
    // A piece of the other team: the facts (cell, level, colours) in French words.
    let r = send(&dir, ben, "b2", "MOVE 1/1 RIGHT");
    assert!(
        r.contains("le pion en 1/1 est rouge : vous pouvez déplacer les pions marrons ou noirs"),
        "{r}"
    );
}

/// A game of `variant` whose players read French; its folder.
fn create_french(tmp: &Tmp, variant: &str, players: &[Player]) -> std::path::PathBuf {
    let mut text = format!(
        "game: table\nvariant: {variant}\nreferee: {{name: Arbitre, email: arbitre@table.example}}\nseed: {SEED}\nplayers:\n"
    );
    for p in players {
        text += &format!(
            "  - {{name: {}, email: {}, role: {}, password: pw-{}, language: fr}}\n",
            p.name, p.email, p.role, p.role
        );
    }
    let file = tmp.file("players.yaml", &text);
    let dir = tmp.path("game");
    support::create(&dir, &file, NOW);
    dir
}

#[test]
fn a_french_player_of_les_belligerants_reads_a_refused_line_in_french() {
    let tmp = Tmp::new();
    let players = ann_and_ben("Yellow", "Pink");
    let dir = create_french(&tmp, "belligerants", &players);
    // Who begins is the seed's first draw, below(2).
    let first = &players[Dice::new(Seed::from_hex(SEED).unwrap()).below(2) as usize];
    let r = send(&dir, first, "f1", "CAPTURE Zeppelin");
    assert!(
        r.contains("« Zeppelin » n'est pas un pion des Belligérants : État-Major, Bombardier"),
        "{r}"
    );
    assert!(!r.contains("is no piece"), "{r}");
    let r = send(&dir, first, "f2", "CANCEL HOME Tank");
    assert!(
        r.contains(&format!(
            "{} n'a aucun pion Tank inscrit parmi ses pions rentrés",
            // The side as the French text names it (« JAUNE et ROSE »).
            if first.role == "Yellow" { "Jaune" } else { "Rose" }
        )),
        "{r}"
    );
}

#[test]
fn a_french_player_of_jomini_reads_a_refused_line_in_french() {
    let tmp = Tmp::new();
    let players = ann_and_ben("Blue", "Red");
    let dir = create_french(&tmp, "jomini", &players);
    // Blue begins, in its command phase: combat dice are not thrown yet.
    let r = send(&dir, &players[0], "f1", "ROLL 3");
    assert!(
        r.contains(
            "les dés de combat se lancent pendant la phase de combat, et Bleu est dans sa phase de commandement"
        ),
        "{r}"
    );
    assert!(!r.contains("combat dice are thrown"), "{r}");
    let r = send(&dir, &players[0], "f2", "COMBAT hussars charge E7\r\nMOVE hussars back");
    assert!(r.contains("la phase de déplacement est passée"), "{r}");
}
