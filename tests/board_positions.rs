//! `arbitre adjudicate` on position files of DIAM and Diabolik Fleet: the results of the
//! moves, the end of the game, and a `next:` position that reads back. The position files
//! are in tests/boardgame-positions/, each saying in a comment what it shows.

use crate::support;

use serde_yaml::Value;
use std::path::PathBuf;
use support::*;

fn file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/boardgame-positions")
        .join(name)
}

/// Adjudicates a position file of the test folder; the output, read as YAML.
fn judge(name: &str) -> Value {
    let out = ok(&["adjudicate", file(name).to_str().unwrap()], None);
    serde_yaml::from_str(&out).unwrap_or_else(|e| panic!("{name}: the output is not YAML ({e}):\n{out}"))
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("not text: {v:?}"))
}

/// Each result as `side: result`, e.g. `South: accepted`.
fn results(out: &Value) -> Vec<String> {
    out["results"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|r| format!("{}: {}", r["side"].as_str().unwrap_or("-"), text(&r["result"])))
        .collect()
}

fn winners(out: &Value) -> Vec<&str> {
    out["finish"]["winners"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(text)
        .collect()
}

#[test]
fn diabolik_fleet_is_won_by_blocking_the_opponent() {
    let out = judge("diabolik-blocked.yaml");
    assert_eq!(results(&out), ["South: accepted"]);
    assert_eq!(winners(&out), ["South"]);
    assert_eq!(
        text(&out["finish"]["summary"]),
        "North is blocked: it cannot move a ship in its first or second act. South wins."
    );
    assert_eq!(out["next"]["over"], out["finish"]);
    assert!(out["next"].get("to_move").is_none());
}

#[test]
fn diabolik_fleet_is_won_by_reducing_the_enemy_below_the_agreed_minimum() {
    let out = judge("diabolik-below-minimum.yaml");
    // Sinking before any move is refused; moving first, it is allowed; then it is over.
    assert_eq!(results(&out), ["South: refused", "South: accepted", "North: refused"]);
    let first = &out["results"][0];
    assert!(text(&first["reason"]).contains("move"), "{first:?}");
    assert_eq!(text(&out["results"][2]["reason"]), "the game is over");
    assert_eq!(winners(&out), ["South"]);
    assert_eq!(
        text(&out["finish"]["summary"]),
        "North has only 2 ships afloat, fewer than 3: South wins."
    );
    let north: Vec<&str> = out["next"]["ships"]["North"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(text)
        .collect();
    assert_eq!(north, ["A7 S", "H7 S"]);
}

#[test]
fn diam_four_players_win_with_a_partner_s_piece() {
    let out = judge("diam-four-partner.yaml");
    assert_eq!(results(&out), ["Red: accepted", "-: refused"]);
    assert_eq!(winners(&out), ["Red", "Orange"]);
    assert_eq!(
        text(&out["finish"]["summary"]),
        "Red and Orange win with a DIAM in orange at level 2 on cells 1 and 5"
    );
    assert!(text(&out["results"][1]["reason"]).contains("the game is over"));
}

#[test]
fn diam_four_players_a_move_that_makes_the_opponents_diam_loses() {
    let out = judge("diam-four-opponents.yaml");
    assert_eq!(results(&out), ["Brown: accepted"]);
    assert_eq!(winners(&out), ["Red", "Orange"]);
    assert!(
        text(&out["finish"]["summary"]).ends_with("(made by Brown's move)"),
        "{:?}",
        out["finish"]
    );
}

#[test]
fn diam_four_players_are_drawn_at_the_move_limit() {
    let out = judge("diam-four-move-limit.yaml");
    assert_eq!(results(&out), ["Black: accepted"]);
    assert!(winners(&out).is_empty());
    assert_eq!(
        text(&out["finish"]["summary"]),
        "Drawn: 10 moves have been played without a DIAM (the move limit)"
    );
}

#[test]
fn diam_three_players_then_says_which_turn_of_the_lone_player() {
    let out = judge("diam-three-then.yaml");
    assert_eq!(
        results(&out),
        [
            "Red-Orange: accepted",
            "Black: accepted",
            "Red-Orange: accepted",
            "Brown: accepted"
        ]
    );
    assert_eq!(text(&out["next"]["to_move"]), "Red-Orange");
    assert_eq!(text(&out["next"]["then"]), "Black");
}

/// The `next:` of one run, with moves, judged again: the position reads back.
#[test]
fn the_next_position_reads_back() {
    let tmp = Tmp::new();
    for (name, moves) in [
        ("diam-three-then.yaml", "[PLACE RED 6]"),
        ("diabolik-below-minimum.yaml", "[]"),
    ] {
        let out = judge(name);
        let mut next = serde_yaml::to_string(&out["next"]).unwrap();
        if out["next"].get("over").is_none() {
            next += &format!("moves: {moves}\n");
        }
        let again = tmp.file("again.yaml", &next);
        let out2: Value = serde_yaml::from_str(&ok(&["adjudicate", again.to_str().unwrap()], None)).unwrap();
        if name == "diam-three-then.yaml" {
            assert_eq!(results(&out2), ["Red-Orange: accepted"]);
            assert_eq!(text(&out2["next"]["to_move"]), "Black");
            assert_eq!(out2["next"]["cells"][6][0], "red");
        } else {
            assert_eq!(out2["next"]["ships"], out["next"]["ships"]);
            assert_eq!(out2["finish"], out["finish"]);
        }
    }
}

#[test]
fn a_position_that_is_not_one_is_named_with_its_line() {
    let tmp = Tmp::new();
    for (text, says) in [
        (
            "variant: diabolik-fleet\nships:\n  South: [A2 N, Z9 N]\n  North: [H7 S]\nto_move: South\n",
            ":3: ships: South: \"Z9 N\": \"Z9\" is no square of the 8x8 board",
        ),
        (
            "variant: diabolik-fleet\nships:\n  South: [A2 N]\n  North: [H7 S]\nto_move: West\n",
            ":5: to_move: \"West\" is not a side of this game: the sides are South, North",
        ),
        (
            "variant: diam\ncells:\n  1: [red, purple]\nto_move: Red-Orange\n",
            ":3: cells: cell 1: \"purple\" is no colour",
        ),
        (
            "variant: diam\ncells:\n  1: [red, brown]\n  5: [black, brown]\nto_move: Red-Orange\n",
            "the position already has a DIAM",
        ),
        (
            "variant: diam\nships:\n  South: [A2 N]\nto_move: Red-Orange\n",
            ":2: \"ships:\" is a key of Diabolik Fleet positions, not of DIAM",
        ),
        (
            "variant: diam\nhouse_rules: [forgiving-first-acts]\nto_move: Red-Orange\n",
            "DIAM has no house rules",
        ),
        (
            "variant: belligerants\nto_move: Yellow\n",
            "arbitre judges no position of Les Belligérants",
        ),
        (
            // The option at fault is pointed at on its own line, not at `options:`.
            "variant: diabolik-fleet\noptions:\n  arrivals: 3\n  cannonballs: 9\nships:\n  South: [A2 N]\n  North: [H7 S]\nto_move: South\n",
            ":4: options: the option \"cannonballs\" is a number from 2 to 6, not \"9\"",
        ),
        (
            "variant: diam\nplayers: 5\nto_move: Red\n",
            ":2: players: DIAM is for 2, 3 or 4 players, not 5",
        ),
    ] {
        let f = tmp.file("bad.yaml", text);
        let out = arbitre(&["adjudicate", f.to_str().unwrap()], None);
        assert!(!out.status.success(), "{text}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{text}\n{err}");
        assert!(err.contains("bad.yaml"), "{err}");
    }
}

#[test]
fn a_house_rule_in_a_position_changes_the_judgement() {
    let tmp = Tmp::new();
    let position = "variant: diabolik-fleet\nships:\n  South: [A2 N, C2 N]\n  North: [H7 S, D7 S, E7 S]\n\
                    to_move: South\nmoves: [A2 turn NE]\n";
    let f = tmp.file("text.yaml", position);
    let out: Value = serde_yaml::from_str(&ok(&["adjudicate", f.to_str().unwrap()], None)).unwrap();
    assert_eq!(winners(&out), ["North"]);
    let f = tmp.file(
        "forgiving.yaml",
        &format!("house_rules: [forgiving-first-acts]\n{position}"),
    );
    let out: Value = serde_yaml::from_str(&ok(&["adjudicate", f.to_str().unwrap()], None)).unwrap();
    assert_eq!(results(&out), ["South: refused"]);
    assert!(out.get("finish").is_none());
    assert_eq!(out["next"]["house_rules"][0], "forgiving-first-acts");
}
