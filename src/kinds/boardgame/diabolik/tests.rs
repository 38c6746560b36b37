//! One test per rule, each with an allowed and a refused case. Positions are written as
//! `square side+heading`, e.g. `D4 sN` for a South ship on D4 heading N.

use super::notation::Act;
use super::*;
use crate::dice::Seed;
use crate::kinds::board_game as kind;
use crate::kinds::boardgame::replay;
use std::collections::HashSet;

fn dice() -> Dice {
    Dice::new(Seed([0; 32]))
}

/// A game of `players` with these options, only these ships on the board, `to_move` to
/// play a normal turn.
fn position(players: usize, options: &[(&str, &str)], to_move: usize, ships: &[&str]) -> Diabolik {
    let options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let mut game = Diabolik::new(players, 0, &options, &mut Vec::new()).unwrap();
    game.cells = vec![None; game.cells.len()];
    for spec in ships {
        let (square, ship) = spec.split_once(' ').unwrap();
        let sq = Sq::parse(square).unwrap();
        let letter = ship.chars().next().unwrap();
        let side = game
            .fleets
            .iter()
            .position(|f| f.name.to_lowercase().starts_with(letter))
            .unwrap();
        let facing = Dir::parse(&ship[1..]).unwrap();
        assert!(game.at(sq).is_none(), "{spec}: two ships on one square");
        game.put(sq, Some(Ship { side, facing }));
    }
    game.phase = Phase::Turn {
        side: to_move,
        bonus: false,
    };
    game
}

/// Two players, default options, South to move.
fn duel(ships: &[&str]) -> Diabolik {
    position(2, &[], 0, ships)
}

fn play(game: &mut Diabolik, side: usize, text: &str) -> Result<Played, crate::kinds::boardgame::Refused> {
    game.play(side, text, &mut dice())
}

fn ok(game: &mut Diabolik, side: usize, text: &str) -> Played {
    play(game, side, text).unwrap_or_else(|e| panic!("`{text}` refused: {e}"))
}

/// Plays a move that must be refused, checks that nothing changed, returns the reason.
fn refused(game: &mut Diabolik, side: usize, text: &str) -> String {
    let (board, to_move) = (game.board(Lang::En), game.to_move());
    let reason = play(game, side, text).map(|p| p.summary).expect_err(text).to_string();
    assert_eq!(game.board(Lang::En), board, "`{text}` changed the board");
    assert_eq!(game.to_move(), to_move, "`{text}` changed the turn");
    reason
}

fn cost(played: &Played) -> String {
    let summary = played.summary.to_string();
    let open = summary.rfind('(').unwrap();
    summary[open..].to_string()
}

#[test]
fn each_act_costs_what_the_table_says_within_the_budget() {
    let ships = ["A2 sN", "D4 sN", "C5 nS", "E5 nS", "H7 nS"];
    // Moving: 1, or 2 from beside an enemy.
    assert_eq!(cost(&ok(&mut duel(&ships), 0, "A2-A3")), "(1 cannonball)");
    assert_eq!(cost(&ok(&mut duel(&ships), 0, "D4-D5")), "(2 cannonballs)");
    // Turning: 1 alone, 2 beside one enemy, 3 beside two or more.
    assert_eq!(cost(&ok(&mut duel(&ships), 0, "A2-A3; A3 turn NE")), "(2 cannonballs)");
    let one = ["A2 sN", "B4 sN", "C5 nS", "H7 nS"];
    assert_eq!(cost(&ok(&mut duel(&one), 0, "A2-A3; B4 turn E")), "(3 cannonballs)");
    let played = ok(&mut duel(&ships), 0, "A2-A3; D4 turn NE");
    assert_eq!(played.summary.to_string(), "South: A2-A3, D4 turns NE (4 cannonballs)");
    // Sinking is free and rebuilding costs 3: see their own tests.
    // A fifth cannonball is refused, naming the act and the sums.
    let e = refused(&mut duel(&ships), 0, "A2-A3; D4 turn NE; A3-A4");
    assert!(e.starts_with("act 3 \"A3-A4\":"), "{e}");
    assert!(e.contains("the turn would cost 5 cannonballs, the budget is 4"), "{e}");
    // Unless the players agreed on five.
    let mut five = position(2, &[("cannonballs", "5")], 0, &ships);
    assert_eq!(cost(&ok(&mut five, 0, "A2-A3; D4 turn NE; A3-A4")), "(5 cannonballs)");
}

#[test]
fn enemies_are_neighbours_by_a_side_or_a_corner() {
    // An enemy by a side or by a corner doubles the cost of a move; two squares off, or
    // a ship of one's own, does not.
    for (other, expected) in [
        ("C4 nS", "(2 cannonballs)"),
        ("E5 nS", "(2 cannonballs)"),
        ("D6 nS", "(1 cannonball)"),
        ("F4 nS", "(1 cannonball)"),
        ("C3 sE", "(1 cannonball)"),
    ] {
        let played = ok(&mut duel(&["D4 sN", other, "H7 nS"]), 0, "D4-D5");
        assert_eq!(cost(&played), expected, "with {other}");
    }
}

#[test]
fn a_sinking_takes_two_ships_each_showing_a_flank() {
    // C5 heading N shows its east flank to D5, E5 heading S its west flank.
    let ships = ["A2 sN", "C5 sN", "E5 sS", "D5 nS", "H7 nS"];
    let played = ok(&mut duel(&ships), 0, "A2-A3; sink D5");
    assert_eq!(played.summary.to_string(), "South: A2-A3, sinks D5 (1 cannonball)");
    assert!(
        played.notes[0].to_string().contains("broadsides from C5, E5"),
        "{:?}",
        played.notes
    );
    // Flanks through corners: C6 and E4 heading NE show D5 a flank; the target's own
    // heading does not matter.
    ok(
        &mut duel(&["A2 sN", "C6 sNE", "E4 sNE", "D5 nE", "H7 nS"]),
        0,
        "A2-A3; sink D5",
    );
    // A bow, a stern or a quarter is not a flank.
    for e5 in ["E5 sW", "E5 sE", "E5 sNE"] {
        let mut game = duel(&["A2 sN", "C5 sN", e5, "D5 nS", "H7 nS"]);
        let e = refused(&mut game, 0, "A2-A3; sink D5");
        assert!(
            e.starts_with("act 2 \"sink D5\": sinking D5 takes two of your ships"),
            "{e}"
        );
        assert!(e.ends_with("only C5 does"), "{e}");
    }
    // The enemy's own flanks do not help.
    let e = refused(
        &mut duel(&["A2 sN", "C5 sN", "E5 nS", "D5 nS", "H7 nS"]),
        0,
        "A2-A3; sink D5",
    );
    assert!(e.ends_with("only C5 does"), "{e}");
    // Nor can one sink one's own ship, or an empty square.
    assert!(refused(&mut duel(&ships), 0, "A2-A3; sink C5").contains("your own"));
    assert!(refused(&mut duel(&ships), 0, "A2-A3; sink D6").contains("no ship on D6"));
}

/// Two North ships to sink, D5 and D3, each between two South broadsides.
const TWO_TARGETS: [&str; 10] = [
    "A2 sN", "C5 sN", "E5 sS", "D5 nS", "C3 sN", "E3 sS", "D3 nN", "H7 nS", "A7 nS", "B7 nS",
];

#[test]
fn sinking_needs_a_move_earlier_in_the_turn_and_one_is_enough() {
    let ships = TWO_TARGETS;
    let e = refused(&mut duel(&ships), 0, "sink D5; A2-A3");
    assert_eq!(
        e,
        "act 1 \"sink D5\": you must move a ship before sinking (turning is not moving)"
    );
    let e = refused(&mut duel(&ships), 0, "A2 turn NE; sink D5; A2-B3");
    assert!(e.starts_with("act 2 \"sink D5\": you must move a ship"), "{e}");
    // One move, then any number of sinkings.
    let mut game = duel(&ships);
    let played = ok(&mut game, 0, "A2-A3; sink D5; sink D3");
    assert_eq!(
        played.summary.to_string(),
        "South: A2-A3, sinks D5, sinks D3 (1 cannonball)"
    );
    assert_eq!(game.afloat(1), 3);
}

#[test]
fn a_ship_must_move_in_the_first_or_the_second_act() {
    // « sinon l'adversaire est vainqueur »: as written, such a turn loses the game.
    let ships = ["A2 sN", "C2 sN", "H7 nS"];
    ok(&mut duel(&ships), 0, "A2 turn NE; A2-B3");
    for (turn, acts) in [
        ("A2 turn NE; C2 turn NW; A2-B3", "A2 turns NE, C2 turns NW"),
        ("A2 turn NE", "A2 turns NE"),
    ] {
        let mut game = duel(&ships);
        let played = ok(&mut game, 0, turn);
        assert_eq!(
            played.summary.to_string(),
            format!("South moved no ship in its first or second act ({acts})")
        );
        let finish = game.finish().expect("the game is over");
        assert_eq!(finish.winners, vec!["North".to_string()]);
        assert_eq!(
            finish.summary.to_string(),
            format!("South moved no ship in its first or second act ({acts}): North wins.")
        );
        // The acts are void: the board is as it was.
        assert!(game
            .at(Sq::parse("A2").unwrap())
            .is_some_and(|s| s.facing == Dir::parse("N").unwrap()));
    }
    // An illegal act among the first two is refused as usual, not a loss.
    let e = refused(&mut duel(&ships), 0, "A2 turn N; A2-A3");
    assert!(e.starts_with("act 1 \"A2 turn N\""), "{e}");

    // With the house rule forgiving-first-acts, the turn is refused and may be rewritten.
    let forgiving = || {
        let mut game = duel(&ships);
        game.rules.forgiving_first_acts = true;
        game
    };
    let e = refused(&mut forgiving(), 0, "A2 turn NE; C2 turn NW; A2-B3");
    assert!(e.starts_with("act 3 \"A2-B3\": no ship moved in acts 1 and 2"), "{e}");
    let e = refused(&mut forgiving(), 0, "A2 turn NE");
    assert_eq!(e, "the turn moves no ship: a ship must move in act 1 or 2");
}

#[test]
fn with_several_players_a_turn_without_a_move_in_its_first_two_acts_eliminates_the_fleet() {
    let mut game = position(
        3,
        &[],
        0,
        &[
            "A2 sN", "C2 sN", "E2 sN", "B6 wE", "B7 wE", "B8 wE", "F11 nS", "G11 nS", "H11 nS",
        ],
    );
    let played = ok(&mut game, 0, "A2 turn NE; C2 turn NW");
    assert!(
        played.notes[0]
            .to_string()
            .starts_with("South moved no ship in its first or second act (A2 turns NE, C2 turns NW) and is eliminated"),
        "{:?}",
        played.notes
    );
    assert_eq!(game.afloat(0), 0);
    assert_eq!(game.to_move(), Some(1), "West plays next");
    assert!(game.finish().is_none());
}

#[test]
fn no_ship_moves_onto_its_own_first_row() {
    let ships = ["B2 sSW", "C2 sS", "E3 sS", "H7 nS"];
    let e = refused(&mut duel(&ships), 0, "C2-C1");
    assert_eq!(
        e,
        "act 1 \"C2-C1\": C1 is on your own first row (row 1): your ships never move there"
    );
    assert!(refused(&mut duel(&ships), 0, "B2-A1").contains("own first row"));
    ok(&mut duel(&ships), 0, "E3-E2");
    // North's first row is row 8.
    let mut north = position(2, &[], 1, &["D7 nN", "H7 nS", "A2 sN"]);
    assert!(refused(&mut north, 1, "D7-D8").contains("(row 8)"));
    ok(&mut north, 1, "H7-H6");
}

#[test]
fn a_sunk_ship_is_rebuilt_on_the_second_row_away_from_enemies() {
    let ships = ["A3 sN", "B2 sN", "F3 nS", "H7 nS"];
    let played = ok(&mut duel(&ships), 0, "A3-A4; build D2 N");
    assert_eq!(
        played.summary.to_string(),
        "South: A3-A4, rebuilds D2 heading N (4 cannonballs)"
    );
    // The new ship may act at once, even as the turn's move.
    ok(&mut duel(&ships), 0, "build D2 N; D2-D3");
    let e = refused(&mut duel(&ships), 0, "A3-A4; build D3 N");
    assert!(e.contains("D3 is not one of your building squares: A2 to H2"), "{e}");
    let e = refused(&mut duel(&ships), 0, "A3-A4; build E2 N");
    assert!(e.contains("E2 neighbours North's ship on F3"), "{e}");
    let e = refused(&mut duel(&ships), 0, "A3-A4; build B2 N");
    assert!(e.contains("B2 is occupied"), "{e}");
    // Only sunk ships come back.
    let full = [
        "A2 sN", "B2 sN", "C2 sN", "D2 sN", "E2 sN", "F2 sN", "G2 sN", "H2 sN", "H7 nS",
    ];
    let e = refused(&mut duel(&full), 0, "A2-A3; build A2 N");
    assert!(e.ends_with("you have no sunk ship to rebuild"), "{e}");
}

#[test]
fn no_two_ships_stand_in_file_when_a_turn_ends() {
    let ships = ["B2 sN", "B4 sN", "H7 nS"];
    let e = refused(&mut duel(&ships), 0, "B2-B3");
    assert!(e.starts_with("the turn ends with two of your ships in file: B3 (N) and B4 (N) are in file on file B"));
    // In file in the middle of the turn is fine if the turn ends untangled.
    ok(&mut duel(&ships), 0, "B2-B3; B3 turn NE");
    // Opposite headings, back to back, and diagonals count too.
    let e = refused(&mut duel(&["A2 sN", "C3 sS", "C4 sE", "H7 nS"]), 0, "A2-A3; C4 turn N");
    assert!(e.contains("C3 (S) and C4 (N) are in file on file C"), "{e}");
    let e = refused(&mut duel(&["C2 sNE", "E4 sSW", "H7 nS"]), 0, "C2-D3");
    assert!(e.contains("D3 (NE) and E4 (SW) are in file on a diagonal"), "{e}");
    // Side by side, or with a square between, is not in file; nor are enemy ships.
    ok(&mut duel(&["B2 sN", "C3 sN", "H7 nS"]), 0, "B2-B3");
    ok(&mut duel(&["B2 sN", "B5 sN", "H7 nS"]), 0, "B2-B3");
    ok(&mut duel(&["A2 sN", "D6 nS", "D5 nS", "H7 nS"]), 0, "A2-A3");
}

#[test]
fn a_ship_on_its_far_row_is_frozen_but_still_sinks() {
    // E8 (heading NE) and G7 (heading N) both show F7 a flank.
    let ships = ["D7 sN", "E8 sNE", "G7 sN", "F7 nS", "A7 nS"];
    let played = ok(&mut duel(&ships), 0, "D7-D8; sink F7");
    assert_eq!(
        played.notes[0],
        "South's ship reaches row 8 on D8 and stays there heading N (2 of 3 needed)."
    );
    assert!(
        played.notes[1].to_string().contains("broadsides from E8, G7"),
        "{:?}",
        played.notes
    );
    let mut game = duel(&ships);
    let e = refused(&mut game, 0, "E8-F9");
    assert_eq!(
        e,
        "act 1 \"E8-F9\": the ship on E8 has reached row 8 and can no longer move"
    );
    let e = refused(&mut game, 0, "D7-D8; E8 turn N");
    assert!(
        e.ends_with("the ship on E8 has reached row 8 and keeps its heading NE for good"),
        "{e}"
    );
    // North cannot sink it, though E7 and F7 show it their flanks.
    let mut north = position(2, &[], 1, &["E8 sNE", "A2 sN", "E7 nE", "F7 nNE", "A7 nS"]);
    let e = refused(&mut north, 1, "A7-A6; sink E8");
    assert!(
        e.ends_with("South's ship on E8 has reached its far row (row 8) and can no longer be sunk"),
        "{e}"
    );
    // It still counts as an enemy neighbour: turning E7 beside it costs 2.
    assert_eq!(cost(&ok(&mut north, 1, "A7-A6; E7 turn S")), "(3 cannonballs)");
    assert!(north.board(Lang::En).contains("sNE*"));
}

#[test]
fn a_sinking_in_a_normal_turn_earns_one_bonus_turn() {
    let ships = TWO_TARGETS;
    let mut game = duel(&ships);
    let played = ok(&mut game, 0, "A2-A3; sink D5");
    assert!(played
        .notes
        .iter()
        .any(|n| n.to_string().contains("may play a bonus turn")));
    assert_eq!(game.to_move(), Some(0));
    assert!(game
        .board(Lang::En)
        .contains("South to play its bonus turn (4 cannonballs) or \"pass\"."));
    // The bonus turn is a whole turn: it must move before sinking.
    refused(&mut game, 0, "sink D3");
    let played = ok(&mut game, 0, "A3-A4; sink D3");
    assert!(played
        .summary
        .to_string()
        .starts_with("South (bonus turn): A3-A4, sinks D3"));
    // Sinking in the bonus turn earns nothing: North plays.
    assert_eq!(game.to_move(), Some(1));

    // The bonus may be declined, and only a bonus turn may be.
    let mut game = duel(&ships);
    ok(&mut game, 0, "A2-A3; sink D5");
    assert_eq!(ok(&mut game, 0, "pass").summary, "South declines its bonus turn");
    assert_eq!(game.to_move(), Some(1));
    let e = refused(&mut game, 1, "pass");
    assert!(e.contains("declines a bonus turn"), "{e}");
    // No sinking, no bonus.
    let mut game = duel(&ships);
    ok(&mut game, 0, "A2-A3");
    assert_eq!(game.to_move(), Some(1));

    // The bonus budget may be agreed lower.
    let mut game = position(2, &[("bonus-cannonballs", "2")], 0, &ships);
    ok(&mut game, 0, "A2-A3; sink D5");
    let e = refused(&mut game, 0, "A3-A4; A4-A5; A5-A6");
    assert!(e.contains("the budget is 2"), "{e}");
    ok(&mut game, 0, "A3-A4; A4-A5");
}

#[test]
fn three_ships_on_the_far_row_win() {
    let ships = ["B8 sN", "D8 sN", "F7 sN", "A5 nS", "C5 nS", "H5 nS"];
    let mut game = duel(&ships);
    let played = ok(&mut game, 0, "F7-F8");
    assert_eq!(
        played.notes.last().unwrap(),
        "South has 3 ships on its far row (row 8) and wins."
    );
    assert_eq!(
        game.finish().map(|f| (f.winners, f.summary.to_string())),
        Some((
            vec!["South".to_string()],
            "South has 3 ships on its far row (row 8) and wins.".to_string(),
        ))
    );
    // With four agreed, three are not enough.
    let mut game = position(2, &[("arrivals", "4")], 0, &ships);
    ok(&mut game, 0, "F7-F8");
    assert_eq!(game.finish(), None);
    assert_eq!(game.to_move(), Some(1));
}

#[test]
fn a_fleet_below_the_agreed_size_loses() {
    let ships = ["A2 sN", "C5 sN", "E5 sS", "D5 nS", "H7 nS", "A7 nS"];
    let mut game = duel(&ships);
    ok(&mut game, 0, "A2-A3; sink D5");
    let finish = game.finish().unwrap();
    assert_eq!(finish.winners, vec!["South".to_string()]);
    assert_eq!(
        finish.summary.to_string(),
        "North has only 2 ships afloat, fewer than 3: South wins."
    );
    // With two agreed, two ships are still enough; South has its bonus turn.
    let mut game = position(2, &[("min-fleet", "2")], 0, &ships);
    ok(&mut game, 0, "A2-A3; sink D5");
    assert_eq!(game.finish(), None);
    assert_eq!(game.to_move(), Some(0));
}

#[test]
fn a_player_who_cannot_move_in_his_first_two_acts_loses() {
    // North's A7 points at its own first row; turning it (2, beside B6) and moving it (2)
    // is beyond 3 cannonballs, and so is rebuilding (3) then moving; H1 is frozen.
    let ships = ["E2 sN", "B6 sN", "A7 nN", "H1 nS"];
    let mut game = position(2, &[("cannonballs", "3"), ("min-fleet", "2")], 0, &ships);
    ok(&mut game, 0, "E2-E3");
    assert_eq!(game.to_move(), None);
    assert_eq!(
        game.finish().unwrap().summary.to_string(),
        "North is blocked: it cannot move a ship in its first or second act. South wins."
    );
    // With 4 cannonballs North can turn A7 and move it.
    let mut game = position(2, &[("min-fleet", "2")], 0, &ships);
    ok(&mut game, 0, "E2-E3");
    assert_eq!(game.to_move(), Some(1));
    ok(&mut game, 1, "A7 turn S; A7-A6");
}

#[test]
fn a_player_who_can_only_end_in_file_is_blocked_too() {
    // On 2 cannonballs North's only move, D7-D6 (2, beside the frozen C8), leaves D6 and
    // D5 in file with nothing left to untangle them.
    let ships = ["H2 sN", "C8 sN", "D4 sE", "D7 nS", "D5 nS"];
    let options = [("cannonballs", "2"), ("min-fleet", "2")];
    let mut game = position(2, &options, 0, &ships);
    ok(&mut game, 0, "H2-H3");
    assert_eq!(
        game.finish().unwrap().summary.to_string(),
        "North is blocked: it can move a ship but cannot end a turn without two of its ships in file. South wins."
    );
    // With 3 cannonballs it moves and turns.
    let mut game = position(2, &[("cannonballs", "3"), ("min-fleet", "2")], 0, &ships);
    ok(&mut game, 0, "H2-H3");
    assert_eq!(game.to_move(), Some(1));
}

fn stopped(ships: &[&str]) -> Finish {
    let mut game = duel(ships);
    ok(&mut game, 0, "stop");
    assert_eq!(game.finish(), None);
    ok(&mut game, 1, "stop");
    assert_eq!(game.to_move(), None);
    game.finish().unwrap()
}

#[test]
fn a_game_stopped_early_goes_to_the_tie_breaks_in_order() {
    // First the far row...
    let finish = stopped(&["B8 sN", "A2 sN", "H7 nS", "G7 nS", "F7 nS"]);
    assert_eq!(finish.winners, vec!["South".to_string()]);
    assert_eq!(
        finish.summary.to_string(),
        "Every fleet agrees to stop the game here. Ships on the far row: South 1, North 0. South wins."
    );
    // ...then the enemy half, though North has more ships...
    let finish = stopped(&["A5 sN", "B6 sN", "H4 nS", "G7 nS", "F7 nS", "E7 nS"]);
    assert_eq!(finish.winners, vec!["South".to_string()]);
    assert!(finish
        .summary
        .to_string()
        .contains("ships in the enemy half: South 2, North 1. South wins."));
    // ...then the ships afloat...
    let finish = stopped(&["A2 sN", "B2 sN", "G7 nS", "H7 nS", "F7 nS"]);
    assert_eq!(finish.winners, vec!["North".to_string()]);
    assert!(finish
        .summary
        .to_string()
        .ends_with("ships afloat: South 2, North 3. North wins."));
    // ...and if all are equal, a draw.
    let finish = stopped(&["A2 sN", "H7 nS"]);
    assert!(finish.winners.is_empty());
    assert!(finish.summary.to_string().ends_with("A draw."));
}

#[test]
fn a_request_to_stop_lapses_when_a_turn_is_played() {
    let mut game = duel(&["A2 sN", "F7 nS", "G7 nS", "H7 nS"]);
    let played = ok(&mut game, 0, "stop");
    assert_eq!(
        played.notes,
        vec!["The game stops here once North also writes \"stop\", unless someone plays first."]
    );
    assert!(game.out_of_turn(1, "stop"));
    let played = ok(&mut game, 0, "A2-A3");
    assert!(played
        .notes
        .iter()
        .any(|n| n.to_string().contains("requests to stop lapse")));
    ok(&mut game, 1, "stop");
    assert_eq!(game.finish(), None);
}

#[test]
fn the_agreed_number_of_turns_stops_the_game() {
    let setup = Setup {
        house_rules: Vec::new(),
        sides: vec!["South".into(), "North".into()],
        options: [
            ("turns".to_string(), "1".to_string()),
            ("headings".into(), "forward".into()),
        ]
        .into(),
    };
    let (mut game, notes) = (KIND.start)(&setup, &mut dice()).unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.to_string().contains("stops after 1 normal turn each")),
        "{notes:?}"
    );
    game.play(0, "A2-A3; A3-A4; A4-A5", &mut dice()).unwrap();
    assert_eq!(game.finish(), None);
    game.play(1, "H7-H6", &mut dice()).unwrap();
    let finish = game.finish().unwrap();
    assert_eq!(finish.winners, vec!["South".to_string()]);
    assert!(finish
        .summary
        .to_string()
        .starts_with("The game stops after 1 normal turn each."));
}

#[test]
fn three_or_four_players_sit_on_the_edges_of_a_12x12_board() {
    assert_eq!(sides(2), Ok(vec!["South", "North"]));
    assert_eq!(sides(3), Ok(vec!["South", "West", "North"]));
    assert_eq!(sides(4), Ok(vec!["South", "West", "North", "East"]));
    assert!(sides(1).is_err() && sides(5).is_err());
    let game = Diabolik::new(4, 0, &BTreeMap::new(), &mut Vec::new()).unwrap();
    let list = |squares: Vec<Sq>| squares.iter().map(Sq::to_string).collect::<Vec<_>>().join(", ");
    let homes: Vec<String> = (0..4).map(|s| list(game.home(s))).collect();
    assert_eq!(homes[0], "C2, D2, E2, F2, G2, H2, I2, J2");
    assert_eq!(homes[1], "B3, B4, B5, B6, B7, B8, B9, B10");
    assert_eq!(homes[2], "C11, D11, E11, F11, G11, H11, I11, J11");
    assert_eq!(homes[3], "K3, K4, K5, K6, K7, K8, K9, K10");
    let board = game.board(Lang::En);
    assert!(
        board.contains(" 11 .    .    nS   nS   nS   nS   nS   nS   nS   nS   .    .    11"),
        "{board}"
    );
    assert!(
        board.contains("    A    B    C    D    E    F    G    H    I    J    K    L"),
        "{board}"
    );
    // Rebuilding uses the squares the fleet started on.
    let mut game = position(4, &[], 0, &["E4 sN", "H11 nS", "B8 wE", "K8 eW"]);
    let e = refused(&mut game, 0, "E4-E5; build B2 N");
    assert!(e.contains("C2 to J2"), "{e}");
    ok(&mut game, 0, "E4-E5; build C2 N");
    // A ship may enter another fleet's first row, and does not freeze there.
    let mut game = position(3, &[], 0, &["B5 sW", "H11 nS", "B9 wE"]);
    ok(&mut game, 0, "B5-A5");
    assert!(game.board(Lang::En).contains("sW   "), "{}", game.board(Lang::En));
    assert!(!game.frozen(0, Sq::new(0, 4)));
}

#[test]
fn with_several_players_a_fleet_below_the_agreed_size_is_eliminated_at_once() {
    let ships = ["K3 sN", "C5 sN", "E5 sS", "D5 wE", "B8 wE", "B9 wE", "H11 nS", "J11 nS"];
    let mut game = position(3, &[], 0, &ships);
    let played = ok(&mut game, 0, "K3-K4; sink D5");
    assert_eq!(
        played.summary.to_string(),
        "South: K3-K4, sinks West's D5 (1 cannonball)"
    );
    assert!(played
        .notes
        .iter()
        .any(|n| n == "West falls below 3 ships and is eliminated; its 2 ships leave the board."));
    assert!(!game.board(Lang::En).contains("wE"));
    assert!(game.board(Lang::En).contains("West: out of the game"));
    // South still has its bonus turn; then North, not West, plays.
    assert_eq!(game.to_move(), Some(0));
    ok(&mut game, 0, "pass");
    assert_eq!(game.to_move(), Some(2));
    assert!(refused(&mut game, 1, "B8-C8").contains("out of the game"));
    // With a minimum of 2 agreed, West stays in.
    let mut game = position(3, &[("min-fleet", "2")], 0, &ships);
    ok(&mut game, 0, "K3-K4; sink D5");
    assert!(!game.fleets[1].out);
}

#[test]
fn with_several_players_a_blocked_fleet_is_eliminated_and_the_next_plays() {
    // West's ships point at their own first row, file A; each has enemy neighbours, so
    // turning then moving costs 4, beyond 3 cannonballs.
    let ships = ["K3 sN", "C5 sE", "C6 sW", "B5 wW", "B6 wW", "B7 wW", "H11 nS", "J11 nS"];
    let mut game = position(3, &[("cannonballs", "3")], 0, &ships);
    let played = ok(&mut game, 0, "K3-K4");
    assert!(played.notes.iter().any(|n| n
        == "West is blocked (it cannot move a ship in its first or second act) and is eliminated; its 3 ships leave the board."));
    assert_eq!(game.to_move(), Some(2));
    // With 4 cannonballs West plays.
    let mut game = position(3, &[], 0, &ships);
    ok(&mut game, 0, "K3-K4");
    assert_eq!(game.to_move(), Some(1));
}

#[test]
fn with_several_players_the_last_fleet_afloat_wins() {
    let mut game = position(3, &[], 0, &["K3 sN", "C5 sN", "E5 sS", "D5 nS", "H11 nS", "J11 nS"]);
    game.fleets[1].out = true;
    let played = ok(&mut game, 0, "K3-K4; sink D5");
    assert_eq!(played.notes.last().unwrap(), "South is the last fleet afloat and wins.");
    assert_eq!(game.finish().unwrap().winners, vec!["South".to_string()]);
    assert_eq!(game.to_move(), None);
}

#[test]
fn joint_sinking_needs_the_option_and_the_lender_s_word() {
    // South's C5 and North's E5 both flank West's D5.
    let ships = ["K3 sN", "C5 sN", "E5 nS", "D5 wE", "B8 wE", "B9 wE", "B10 wE", "H11 nS"];
    let mut game = position(3, &[("joint-sinking", "yes")], 0, &ships);
    let e = refused(&mut game, 0, "K3-K4; sink D5");
    assert!(e.contains("(or one of yours and one lent by an ally)"), "{e}");
    assert!(game.out_of_turn(2, "allies South"));
    assert_eq!(
        ok(&mut game, 2, "allies South").summary,
        "North lends its ships to South for sinking"
    );
    assert!(game.board(Lang::En).contains("Lends its ships to South."));
    let played = ok(&mut game, 0, "K3-K4; sink D5");
    assert!(
        played.notes[0].to_string().contains("broadsides from C5, E5"),
        "{:?}",
        played.notes
    );
    // Withdrawn, the loan is over.
    let mut game = position(3, &[("joint-sinking", "yes")], 0, &ships);
    ok(&mut game, 2, "allies South");
    ok(&mut game, 2, "allies none");
    refused(&mut game, 0, "K3-K4; sink D5");
    // Without the option there is no lending at all.
    let mut game = position(3, &[], 0, &ships);
    assert!(refused(&mut game, 2, "allies South").contains("joint-sinking"));
    assert!(refused(&mut game, 0, "K3-K4; sink D5").ends_with("only C5 does"));
}

#[test]
fn an_illegal_turn_changes_nothing() {
    let ships = ["A2 sN", "C5 sN", "E5 sS", "D5 nS", "B4 sSW", "H7 nS"];
    let mut game = duel(&ships);
    // Two good acts then a bad one: the move and the sinking are undone.
    let e = refused(&mut game, 0, "A2-A3; sink D5; E5 turn S");
    assert_eq!(e, "act 3 \"E5 turn S\": the ship on E5 already heads S");
    assert_eq!(game.afloat(1), 2);
    // Every act good, but the turn ends with A3 and B4 in file.
    let e = refused(&mut game, 0, "A2-A3; sink D5; A3 turn NE");
    assert!(e.contains("A3 (NE) and B4 (SW) are in file on a diagonal"), "{e}");
    assert_eq!(game.afloat(1), 2);
    // The same turn, tidy, plays.
    ok(&mut game, 0, "A2-A3; sink D5");
    assert_eq!(game.afloat(1), 1);
}

#[test]
fn unreadable_or_impossible_notation_gets_a_clear_error() {
    let ships = ["D4 sN", "H7 nS"];
    let e = refused(&mut duel(&ships), 0, "D4 jump");
    assert!(
        e.starts_with("act 1 \"D4 jump\": cannot read \"jump\": a heading is N, NE"),
        "{e}"
    );
    let e = refused(&mut duel(&ships), 0, "D4-D5; fire at will");
    assert!(e.starts_with("act 2 \"fire at will\":"), "{e}");
    assert!(refused(&mut duel(&ships), 0, "").contains("empty"));
    assert_eq!(
        refused(&mut duel(&ships), 0, "Z9-Z10"),
        "act 1 \"Z9-Z10\": Z9 is off the board (A1 to H8)"
    );
    assert_eq!(
        refused(&mut duel(&ships), 0, "D4-D6"),
        "act 1 \"D4-D6\": the ship on D4 heads N: it can only move to D5 (a ship moves one square straight ahead)"
    );
    assert_eq!(
        refused(&mut duel(&ships), 0, "C4-C5"),
        "act 1 \"C4-C5\": there is no ship on C4"
    );
    assert_eq!(
        refused(&mut duel(&ships), 0, "H7-H6"),
        "act 1 \"H7-H6\": the ship on H7 is North's, not yours"
    );
    let e = refused(&mut duel(&["D4 sN", "D5 nS", "H7 nS"]), 0, "D4-D5");
    assert_eq!(e, "act 1 \"D4-D5\": D5 is occupied by North's ship");
    assert_eq!(refused(&mut duel(&ships), 1, "H7-H6"), "it is South's turn");
    // The forgiving spellings.
    ok(&mut duel(&ships), 0, "d4 > d5 ; d5 = ne");
    ok(&mut duel(&ships), 0, "move D4, D5 turn NO");
}

#[test]
fn headings_are_chosen_in_seat_order_before_the_first_turn() {
    let setup = Setup {
        house_rules: Vec::new(),
        sides: vec!["South".into(), "North".into()],
        options: BTreeMap::new(),
    };
    let (mut game, notes) = (KIND.start)(&setup, &mut dice()).unwrap();
    assert!(
        notes
            .iter()
            .any(|n| n.to_string().contains("South first chooses the headings")),
        "{notes:?}"
    );
    assert_eq!(game.to_move(), Some(0));
    let mut d = dice();
    assert!(game
        .play(0, "A2-A3", &mut d)
        .unwrap_err()
        .to_string()
        .starts_with("first choose the headings"));
    assert_eq!(
        game.play(1, "deploy S", &mut d).unwrap_err().to_string(),
        "South is choosing its headings"
    );
    let e = game.play(0, "deploy E", &mut d).unwrap_err().to_string();
    assert!(e.starts_with("deploy: A2 (E) and B2 (E) are in file on row 2"), "{e}");
    assert!(game
        .play(0, "deploy N NE", &mut d)
        .unwrap_err()
        .to_string()
        .contains("not 2"));
    let played = game.play(0, "deploy N N NE N N NW N N", &mut d).unwrap();
    assert_eq!(
        played.summary.to_string(),
        "South sets its headings: A2 N, B2 N, C2 NE, D2 N, E2 N, F2 NW, G2 N, H2 N"
    );
    assert_eq!(game.to_move(), Some(1));
    game.play(1, "deploy S", &mut d).unwrap();
    assert_eq!(game.to_move(), Some(0));
    assert!(game
        .play(0, "deploy N", &mut d)
        .unwrap_err()
        .to_string()
        .contains("once"));
    assert!(
        game.board(Lang::En)
            .contains("  2 sN   sN   sNE  sN   sN   sNW  sN   sN   2"),
        "{}",
        game.board(Lang::En)
    );
    // West's and East's ships are listed by row.
    let mut four = Diabolik::new(4, 0, &BTreeMap::new(), &mut Vec::new()).unwrap();
    four.play(0, "deploy N", &mut d).unwrap();
    let played = four.play(1, "deploy E E E E E E E NE", &mut d).unwrap();
    assert!(
        played.summary.to_string().ends_with("B9 E, B10 NE"),
        "{}",
        played.summary
    );
}

#[test]
fn the_game_is_registered_and_checks_its_options() {
    let k = kind("diabolik-fleet").expect("registered");
    assert_eq!(k.title, "Diabolik Fleet");
    assert!(k.notation.contains("B2-B3; B3 turn NE"));
    let setup = |sides: &[&str], options: &[(&str, &str)]| Setup {
        house_rules: Vec::new(),
        sides: sides.iter().map(|s| s.to_string()).collect(),
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
    };
    let start = |s: Setup| (KIND.start)(&s, &mut dice()).map(|_| ()).map_err(|e| e.to_string());
    assert_eq!(start(setup(&["south", "north"], &[])), Ok(()));
    assert!(start(setup(&["North", "South"], &[]))
        .unwrap_err()
        .to_string()
        .contains("South, North"));
    assert!(start(setup(&["South"], &[])).is_err());
    assert!(start(setup(&["South", "North"], &[("canonballs", "4")]))
        .unwrap_err()
        .to_string()
        .contains("no option \"canonballs\""));
    assert!(start(setup(&["South", "North"], &[("cannonballs", "9")]))
        .unwrap_err()
        .to_string()
        .contains("the option \"cannonballs\" is a number from"));
    assert!(start(setup(
        &["South", "North"],
        &[("cannonballs", "3"), ("bonus-cannonballs", "4")]
    ))
    .is_err());
    assert_eq!(start(setup(&["South", "North"], &[("bonus_cannonballs", "2")])), Ok(()));
    assert!(start(setup(&["South", "North"], &[("arrivals", "5")])).is_err());
    assert!(start(setup(&["South", "North"], &[("min-fleet", "5")])).is_err());
    assert_eq!(start(setup(&["South", "West", "North"], &[("min-fleet", "6")])), Ok(()));
    assert!(start(setup(&["South", "North"], &[("joint-sinking", "yes")]))
        .unwrap_err()
        .to_string()
        .contains("the option \"joint-sinking\" is only for three or four players"));
    assert!(start(setup(&["South", "West", "North"], &[("joint-sinking", "maybe")]))
        .unwrap_err()
        .to_string()
        .contains("the option \"joint-sinking\" is \"yes\" or \"no\", not \"maybe\""));
    assert!(start(setup(&["South", "North"], &[("headings", "random")]))
        .unwrap_err()
        .to_string()
        .contains("the option \"headings\" is \"choose\" or \"forward\", not \"random\""));
}

#[test]
fn a_player_may_resign() {
    let mut game = duel(&["A2 sN", "H7 nS"]);
    assert!(game.out_of_turn(1, "resign"));
    assert!(!game.out_of_turn(1, "H7-H6"));
    ok(&mut game, 1, "resign");
    assert_eq!(game.finish().unwrap().summary.to_string(), "North resigns. South wins.");
    // With several players, the resigning fleet leaves and the next plays.
    let mut game = position(3, &[], 1, &["C3 sN", "B8 wE", "H11 nS"]);
    ok(&mut game, 1, "resign");
    assert_eq!(game.to_move(), Some(2));
    assert!(!game.board(Lang::En).contains("wE"));
}

/// A whole game by mail, as the game folder keeps it: deployment, sinkings on both sides, a
/// bonus turn declined and three played, a ship frozen on row 8, and South's second
/// arrival (the players agreed on 2) in a bonus turn.
/// A whole game, as the game folder keeps it (`turns/diabolik-fleet/duel.txt`).
const DUEL: &str = include_str!("../../../../turns/diabolik-fleet/duel.txt");

/// The duel's turns: (side, turn), side 0 South and 1 North.
fn game_turns() -> Vec<(usize, &'static str)> {
    DUEL.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (side, turn) = l.split_once(": ").expect("`Side: turn`");
            (usize::from(side == "North"), turn)
        })
        .collect()
}

fn game_setup() -> Setup {
    Setup {
        house_rules: Vec::new(),
        sides: vec!["South".into(), "North".into()],
        options: [("arrivals".to_string(), "2".to_string())].into(),
    }
}

fn moves(n: usize) -> Vec<(usize, String)> {
    game_turns()[..n].iter().map(|&(s, t)| (s, t.to_string())).collect()
}

#[test]
fn a_whole_game_replays_from_its_moves_to_a_win() {
    let game = replay(&KIND, &game_setup(), &mut dice(), &moves(game_turns().len())).unwrap();
    let finish = game.finish().unwrap();
    assert_eq!(finish.winners, vec!["South".to_string()]);
    assert_eq!(
        finish.summary.to_string(),
        "South has 2 ships on its far row (row 8) and wins."
    );
    let board = game.board(Lang::En);
    assert!(
        board.contains("  8 .    sN*  sNW* .    .    .    .    .    8"),
        "{board}"
    );
    assert!(board.contains("South: 6 afloat (below 3 loses), 2 to rebuild; sank 5, lost 2; on row 8: 2 of 2."));
    assert!(board.contains("North: 3 afloat (below 3 loses), 5 to rebuild; sank 2, lost 5; on row 1: 0 of 2."));
    // The same moves always give the same game.
    let again = replay(&KIND, &game_setup(), &mut dice(), &moves(game_turns().len())).unwrap();
    assert_eq!(again.board(Lang::En), board);
    // A move edited by hand no longer plays, and replay says which.
    let mut edited = moves(game_turns().len());
    edited[5].1 = "F7-F6; sink E5".into();
    let e = replay(&KIND, &game_setup(), &mut dice(), &edited).err().unwrap();
    assert!(
        matches!(&e, crate::kinds::boardgame::ReplayError::Move { n: 6, text, .. } if text == "F7-F6; sink E5"),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .starts_with("move 6 (\"F7-F6; sink E5\") no longer plays: act 2"),
        "{e}"
    );
    let f = e.in_files();
    assert_eq!(
        (f.file.as_str(), f.key.as_deref(), f.token.as_deref()),
        ("state.yaml", Some("moves"), Some("F7-F6; sink E5"))
    );
}

#[test]
fn the_game_finishes_only_at_its_end() {
    for (n, &(side, _)) in game_turns().iter().enumerate() {
        let game = replay(&KIND, &game_setup(), &mut dice(), &moves(n)).unwrap();
        assert_eq!(game.finish(), None, "after {n} moves");
        assert_eq!(game.to_move(), Some(side), "after {n} moves");
    }
    let mut game = replay(&KIND, &game_setup(), &mut dice(), &moves(game_turns().len())).unwrap();
    assert!(game.finish().is_some());
    assert_eq!(game.to_move(), None);
    assert!(game.board(Lang::En).contains("Game over. South has 2 ships"));
    assert_eq!(
        game.play(1, "E4-E3", &mut dice()).unwrap_err().to_string(),
        "the game is over"
    );
    assert!(!game.out_of_turn(1, "stop"));
}

/// Pseudo-random positions (a fixed linear congruential stream), each fleet's ships not in
/// file, as they are whenever a turn begins.
fn random_positions(count: usize) -> Vec<(Diabolik, u32)> {
    let mut seed: u64 = 12345;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut out = Vec::new();
    while out.len() < count {
        let players = [2, 3, 4][next(3) as usize];
        let budget = 2 + next(5) as u32;
        let mut game = position(players, &[("cannonballs", &budget.to_string())], 0, &[]);
        let size = game.size as u64;
        for side in 0..players {
            for _ in 0..3 + next(6) {
                let sq = Sq::new(next(size) as i32, next(size) as i32);
                if game.at(sq).is_none() {
                    let facing = Dir::ALL[next(8) as usize];
                    game.put(sq, Some(Ship { side, facing }));
                }
            }
        }
        if (0..players).all(|side| game.files(side).is_empty()) {
            out.push((game, budget));
        }
    }
    out
}

#[test]
fn the_search_for_a_legal_turn_agrees_with_the_rules_and_is_quick() {
    let mut found = 0;
    for (n, (game, budget)) in random_positions(400).into_iter().enumerate() {
        for side in 0..game.fleets.len() {
            let started = std::time::Instant::now();
            let turn = game.find_turn(side, budget, true);
            assert!(
                started.elapsed().as_secs() < 2,
                "position {n}, side {side}: slow\n{}",
                game.board(Lang::En)
            );
            let Some(acts) = turn else { continue };
            found += 1;
            // The turn the search found is one the referee accepts.
            let text: Vec<String> = acts.iter().map(Act::to_string).collect();
            let mut g = game.clone();
            g.phase = Phase::Turn { side, bonus: false };
            if let Err(e) = play(&mut g, side, &text.join("; ")) {
                panic!(
                    "position {n}, side {side}: `{}` refused: {e}\n{}",
                    text.join("; "),
                    game.board(Lang::En)
                );
            }
        }
    }
    assert!(found > 500, "{found}");
}

#[test]
fn the_first_player_is_drawn_by_lot() {
    // "Le 1° est tiré au sort": one draw `below(players)` at the start; deployment and
    // turns then go round the table from the fleet drawn.
    for players in [2, 3, 4] {
        let names = sides(players).unwrap();
        let setup = Setup {
            house_rules: Vec::new(),
            sides: names.iter().map(|s| s.to_string()).collect(),
            options: BTreeMap::new(),
        };
        let mut drawn = HashSet::new();
        for k in 0..=255u8 {
            let first = Dice::new(Seed([k; 32])).below(players as u32) as usize;
            let (mut game, notes) = (KIND.start)(&setup, &mut Dice::new(Seed([k; 32]))).unwrap();
            assert_eq!(game.to_move(), Some(first), "seed {k}, {players} players");
            assert!(notes
                .iter()
                .any(|n| *n == format!("{} moves first (drawn by lot).", names[first])));
            let mut d = dice();
            for k in 0..players {
                let side = (first + k) % players;
                assert_eq!(game.to_move(), Some(side), "{players} players: deploying in turn order");
                let ahead = Edge::of(names[side]).forward();
                game.play(side, &format!("deploy {ahead}"), &mut d).unwrap();
            }
            assert_eq!(
                game.to_move(),
                Some(first),
                "{players} players: the first fleet drawn plays first"
            );
            drawn.insert(first);
            if drawn.len() == players {
                break;
            }
        }
        assert_eq!(drawn.len(), players, "every fleet may be drawn to begin");
    }
}
