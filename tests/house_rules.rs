//! House rules end to end: the players file's `house_rules:` is checked by `arbitre new`,
//! kept in the game's settings, listed in the welcome, and changes the game it names; a
//! game without the key is played as the text says.

use crate::support;

use std::path::{Path, PathBuf};
use support::*;

const NOW: &str = "2026-12-01T20:00:00+01:00";
/// A seed whose first draw, `below(2)`, is 0: South begins a Diabolik Fleet duel, Yellow a
/// battle of Les Belligérants.
const FIRST_SEAT: &str = "0000000000000000000000000000000000000000000000000000000000000000";

fn players_file(variant: &str, roles: &[&str], extra: &str) -> String {
    let mut text = format!(
        "game: table\nvariant: {variant}\nreferee: {{name: Arbitre, email: arbitre@table.example}}\n\
         seed: {FIRST_SEAT}\n{extra}players:\n"
    );
    for role in roles {
        let low = role.to_lowercase();
        text += &format!("  - {{name: P{low}, email: {low}@table.example, role: {role}, password: pw-{low}}}\n");
    }
    text
}

fn create(tmp: &Tmp, variant: &str, roles: &[&str], extra: &str) -> PathBuf {
    let file = tmp.file("players.yaml", &players_file(variant, roles, extra));
    let dir = tmp.path("game");
    support::create(&dir, &file, NOW);
    dir
}

/// `arbitre new` must refuse: its error text.
fn refused_new(tmp: &Tmp, variant: &str, roles: &[&str], extra: &str) -> String {
    let file = tmp.file("players.yaml", &players_file(variant, roles, extra));
    let dir = tmp.path("game");
    let out = arbitre(
        &[
            "new",
            dir.to_str().unwrap(),
            "--players",
            file.to_str().unwrap(),
            "--now",
            NOW,
        ],
        None,
    );
    assert!(!out.status.success(), "`new` accepted {extra}");
    assert!(!dir.join("game.yaml").exists());
    String::from_utf8_lossy(&out.stderr).to_string()
}

/// Mails `lines` from `role`; returns the reply's text.
fn send(dir: &Path, role: &str, id: &str, lines: &str) -> String {
    let low = role.to_lowercase();
    let raw = format!(
        "From: P{low} <{low}@table.example>\r\nTo: arbitre@table.example\r\nSubject: move\r\n\
         Message-ID: <{id}@t.example>\r\n\r\nSIGNON {role} table pw-{low}\r\n{lines}\r\n"
    );
    ok(&["mail", dir.to_str().unwrap(), "--now", NOW], Some(raw.as_bytes()));
    outbox(dir)
        .into_iter()
        .filter(|(n, m)| n.contains("reply") && m.to == [format!("{low}@table.example")])
        .max_by_key(|(n, _)| n.clone())
        .expect("a reply")
        .1
        .text
}

const DUEL: [&str; 2] = ["South", "North"];

#[test]
fn as_written_a_diabolik_turn_without_a_move_in_its_first_two_acts_loses() {
    let tmp = Tmp::new();
    let dir = create(&tmp, "diabolik-fleet", &DUEL, "options: {headings: forward}\n");
    let welcome = &outbox(&dir)["welcome-south.eml"].text;
    assert!(
        welcome.contains("No house rules: the game follows the rules of its variant."),
        "{welcome}"
    );
    let game_yaml = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
    assert!(!game_yaml.contains("house_rules"), "{game_yaml}");

    let r = send(&dir, "South", "t1", "B2 turn NE");
    assert!(
        r.contains("move 1 accepted: South moved no ship in its first or second act"),
        "{r}"
    );
    let out = outbox(&dir);
    let finals: Vec<&Sent> = out.values().filter(|m| m.subject.contains("final report")).collect();
    assert_eq!(finals.len(), 2);
    assert!(finals[0].text.contains("Winners: North."), "{}", finals[0].text);
}

#[test]
fn forgiving_first_acts_refuses_such_a_turn_instead() {
    let tmp = Tmp::new();
    let dir = create(
        &tmp,
        "diabolik-fleet",
        &DUEL,
        "options: {headings: forward}\nhouse_rules: [forgiving-first-acts]\n",
    );
    let welcome = &outbox(&dir)["welcome-north.eml"].text;
    assert!(welcome.contains("House rules in force"), "{welcome}");
    assert!(
        welcome.contains("forgiving-first-acts: a turn that moves no ship in its first or second act is refused"),
        "{welcome}"
    );
    let game_yaml = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
    assert!(
        game_yaml.contains("house_rules:\n- forgiving-first-acts"),
        "{game_yaml}"
    );
    let status = ok(&["status", dir.to_str().unwrap(), "--yaml"], None);
    assert!(status.contains("house_rules: [forgiving-first-acts]"), "{status}");

    let r = send(&dir, "South", "t1", "B2 turn NE");
    assert!(
        r.contains("the turn moves no ship: a ship must move in act 1 or 2"),
        "{r}"
    );
    assert!(!outbox(&dir).values().any(|m| m.subject.contains("final report")));
    // Written again, the turn plays.
    let r = send(&dir, "South", "t2", "B2-B3; B3 turn NE");
    assert!(r.contains("move 1 accepted"), "{r}");
}

#[test]
fn new_refuses_an_unknown_house_rule_naming_the_ones_that_exist() {
    let tmp = Tmp::new();
    let e = refused_new(&tmp, "diabolik-fleet", &DUEL, "house_rules: [forgiving-first-act]\n");
    assert!(
        e.contains("house_rules: \"forgiving-first-act\" is not a house rule of Diabolik Fleet: its house rules are forgiving-first-acts"),
        "{e}"
    );
    assert!(
        e.contains("players.yaml:5: house_rules:"),
        "the error names the line: {e}"
    );
    // A rule of another game is no rule of this one.
    let e = refused_new(
        &tmp,
        "belligerants",
        &["Yellow", "Pink"],
        "house_rules: [forgiving-first-acts]\n",
    );
    assert!(e.contains("its house rules are armistice-on-own-turn"), "{e}");
    let e = refused_new(
        &tmp,
        "jomini",
        &["Blue", "Red"],
        "house_rules: [armistice-on-own-turn]\n",
    );
    assert!(e.contains("JOMINI has no house rules"), "{e}");
    let e = refused_new(
        &tmp,
        "diabolik-fleet",
        &DUEL,
        "house_rules: [forgiving-first-acts, forgiving-first-acts]\n",
    );
    assert!(e.contains("listed twice"), "{e}");
}

#[test]
fn diplomacy_has_no_house_rules() {
    let tmp = Tmp::new();
    let roles = ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"];
    let e = refused_new(
        &tmp,
        "standard",
        &roles,
        "start: 2026-12-01T20:00:00+01:00\nhouse_rules: [forgiving-first-acts]\n",
    );
    assert!(
        e.contains("\"forgiving-first-acts\": Diplomacy has no house rules"),
        "{e}"
    );
    let e = refused_new(
        &tmp,
        "diable-et-bon-dieu",
        &[&roles[..], &["God", "Devil"]].concat(),
        "start: 2026-12-01T20:00:00+01:00\nhouse_rules: [armistice-on-own-turn]\n",
    );
    assert!(e.contains("Diable et Bon Dieu has no house rules"), "{e}");
}

#[test]
fn les_belligerants_armistice_is_asked_at_any_time_unless_on_own_turn_is_chosen() {
    // The seed makes Yellow begin: Pink waits, and may still ask for an armistice.
    let tmp = Tmp::new();
    let dir = create(&tmp, "belligerants", &["Yellow", "Pink"], "");
    let r = send(&dir, "Pink", "a1", "ARMISTICE");
    assert!(r.contains("move 1 accepted: Pink asks for an armistice"), "{r}");
    let r = send(&dir, "Yellow", "a2", "TERMS 500");
    assert!(r.contains("move 2 accepted"), "{r}");

    let tmp = Tmp::new();
    let dir = create(
        &tmp,
        "belligerants",
        &["Yellow", "Pink"],
        "house_rules: [armistice-on-own-turn]\n",
    );
    let welcome = &outbox(&dir)["welcome-pink.eml"].text;
    assert!(
        welcome.contains("armistice-on-own-turn: only the player to move"),
        "{welcome}"
    );
    let r = send(&dir, "Pink", "a1", "ARMISTICE");
    assert!(r.contains("it is not your turn: Yellow is to move"), "{r}");
    let r = send(&dir, "Yellow", "a2", "ARMISTICE");
    assert!(r.contains("move 1 accepted: Yellow asks for an armistice"), "{r}");
}

#[test]
fn les_belligerants_refuses_a_record_beyond_the_pieces_of_the_game() {
    let tmp = Tmp::new();
    let dir = create(&tmp, "belligerants", &["Yellow", "Pink"], "");
    let fifteen = vec!["HOME Soldats"; 15].join("\r\n");
    let r = send(&dir, "Yellow", "h1", &fifteen);
    assert!(r.contains("move 15 accepted"), "{r}");
    let r = send(&dir, "Yellow", "h2", "HOME Patrouille");
    assert!(
        r.contains("HOME Patrouille: Yellow's army has 15 combat pieces, and the ledger would account for 16"),
        "{r}"
    );
}

#[test]
fn every_house_rule_is_documented_in_the_readme_and_docs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let docs = std::fs::read_to_string(root.join("docs/house-rules.md")).unwrap();
    for kind in arbitre::kinds::BOARD_GAMES {
        for rule in kind.house_rules {
            assert!(
                readme.contains(&format!("`{}`", rule.name)),
                "README.md lacks {}",
                rule.name
            );
            assert!(
                docs.contains(&format!("### `{}`", rule.name)),
                "docs/house-rules.md lacks {}",
                rule.name
            );
        }
    }
}
