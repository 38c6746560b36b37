//! Pictures of the board games (issue #15): DIAM and Diabolik Fleet drawn from their own
//! state, through `BoardGame::picture` and `arbitre picture POSITION.yaml`.
//!
//! The golden pictures are drawn from position files of tests/boardgame-positions/ after
//! their moves; `UPDATE_GOLDEN=1 cargo test --test it board_pictures::` writes them again
//! (look at them, and at their diff, before committing).

use crate::support;

use arbitre::dice::{Dice, Seed};
use arbitre::kinds::boardgame::{self, replay, Setup};
use arbitre::lang::Lang;
use arbitre::picture;
use std::path::PathBuf;
use support::*;

/// `tests/boardgame-positions/NAME.yaml` drawn after its moves is `tests/golden/pictures/NAME.svg`.
const GOLDEN: [&str; 6] = [
    "diam-opening",
    "diam-midgame",
    "diam-four-opponents",
    "diabolik-midgame",
    "diabolik-four",
    "diabolik-below-minimum",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn position_file(name: &str) -> PathBuf {
    root().join("tests/boardgame-positions").join(format!("{name}.yaml"))
}

/// The same drawn for a French reader: `tests/golden/pictures/NAME.fr.svg` (issue #24).
const GOLDEN_FR: [&str; 4] = [
    "diam-midgame",
    "diam-four-opponents",
    "diabolik-midgame",
    "diabolik-four",
];

/// A position file's game after its moves.
fn played_out(name: &str) -> Box<dyn boardgame::BoardGame> {
    let path = position_file(name);
    let text = std::fs::read_to_string(&path).unwrap();
    arbitre::kinds::play_out_board(&text, &path.display().to_string())
        .expect("a board game's position")
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A position file's game after its moves, drawn.
fn drawn(name: &str) -> String {
    played_out(name).picture().expect("the game has a picture")
}

/// The same drawn for a French reader.
fn drawn_fr(name: &str) -> String {
    played_out(name).picture_in(Lang::Fr).expect("the game has a picture")
}

#[test]
fn pictures_of_the_golden_positions_are_their_svg_files() {
    let update = std::env::var("UPDATE_GOLDEN").as_deref() == Ok("1");
    let mut differ = Vec::new();
    let english = GOLDEN.iter().map(|name| (name.to_string(), drawn(name)));
    let french = (GOLDEN_FR.iter()).map(|name| (format!("{name}.fr"), drawn_fr(name)));
    for (name, svg) in english.chain(french) {
        let path = root().join(format!("tests/golden/pictures/{name}.svg"));
        if update {
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
        if want != svg {
            differ.push(name);
        }
    }
    assert!(
        differ.is_empty(),
        "pictures differ from tests/golden/pictures/{differ:?}.svg (UPDATE_GOLDEN=1 writes them again)"
    );
}

/// A board picture goes into mail: its PNG stays under 200 KB.
#[test]
fn every_golden_board_picture_rasterises_under_200_kb() {
    for name in GOLDEN {
        let png = picture::png(&drawn(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{name}: not a PNG");
        assert!(png.len() < 200 * 1024, "{name}: {} bytes", png.len());
    }
}

fn game(
    variant: &str,
    sides: &[&str],
    options: &[(&str, &str)],
    moves: &[(usize, &str)],
) -> Box<dyn boardgame::BoardGame> {
    let kind = arbitre::kinds::board_game(variant).unwrap();
    let setup = Setup {
        sides: sides.iter().map(|s| s.to_string()).collect(),
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        house_rules: Vec::new(),
    };
    let moves: Vec<(usize, String)> = moves.iter().map(|(s, m)| (*s, m.to_string())).collect();
    replay(kind, &setup, &mut Dice::new(Seed([7; 32])), &moves).unwrap_or_else(|e| panic!("{e}"))
}

/// The picture of a game by mail follows its moves: the last one is shown and named, and
/// the picture changes with the position.
#[test]
fn a_diam_game_s_picture_shows_its_last_move() {
    let start = game("diam", &["Red-Orange", "Brown-Black"], &[], &[]);
    let svg = start.picture().unwrap();
    assert!(svg.contains("Last move: none shown."));
    assert!(svg.contains("Red-Orange ◀ to move"));

    let played = game(
        "diam",
        &["Red-Orange", "Brown-Black"],
        &[],
        &[(0, "PLACE RED 3"), (1, "PLACE BROWN 3"), (0, "MOVE 3/1 RIGHT")],
    );
    let svg = played.picture().unwrap();
    assert!(
        svg.contains("Last move: Red-Orange moved red from 3/1 to cell 4 (level 1), carrying 1 piece above it."),
        "{svg}"
    );
    assert!(svg.contains("Brown-Black ◀ to move"));
    assert!(svg.contains("reserve: 3 red, 4 orange"));
    // The vacated places are framed dashed, the pieces landed solid.
    assert_eq!(svg.matches("stroke-dasharray=\"4 3\"").count(), 1);
}

/// A DIAM game that Red-Orange wins: red on 1 at level 2, facing the red on 5 at level 2.
fn diam_won_by_a_diam() -> Box<dyn boardgame::BoardGame> {
    game(
        "diam",
        &["Red-Orange", "Brown-Black"],
        &[],
        &[
            (0, "PLACE ORANGE 2"),
            (1, "PLACE BROWN 5"),
            (0, "PLACE RED 5"),
            (1, "PLACE BLACK 1"),
            (0, "PLACE RED 1"),
        ],
    )
}

#[test]
fn a_diam_game_won_by_a_diam_shows_it_and_the_result() {
    let won = diam_won_by_a_diam();
    assert!(won.finish().is_some());
    let svg = won.picture().unwrap();
    assert!(svg.contains(">DIAM, level 2</text>"), "{svg}");
    assert!(svg.contains("Game over: Red-Orange wins with a DIAM in red at level 2 on cells 1 and 5."));
    assert!(!svg.contains("◀ to move"));
}

#[test]
fn a_diabolik_fleet_game_s_picture_shows_its_last_turn() {
    let sides = ["South", "North"];
    let opts = [("headings", "forward")];
    let start = game("diabolik-fleet", &sides, &opts, &[]);
    let first = start.to_move().unwrap();
    let svg = start.picture().unwrap();
    assert!(svg.contains("Last turn: none shown."));
    // Every ship of both fleets is on the board, each a hull with its fleet's initial.
    assert_eq!(
        svg.matches(">S</text>").count(),
        8 + 1,
        "eight ships and the legend's sample"
    );
    assert_eq!(svg.matches(">N</text>").count(), 8 + 1);

    let turn = if first == 0 { "B2-B3; D2-D3" } else { "B7-B6; D7-D6" };
    let played = game("diabolik-fleet", &sides, &opts, &[(first, turn)]);
    let svg = played.picture().unwrap();
    let mover = sides[first];
    let acts = if first == 0 {
        "1. B2-B3 · 2. D2-D3"
    } else {
        "1. B7-B6 · 2. D7-D6"
    };
    assert!(
        svg.contains(&format!("Last turn: {mover}, 2 of 4 cannonballs: {acts}.")),
        "{svg}"
    );
    assert!(svg.contains(&format!("{} to move: its turn 1 (4 cannonballs).", sides[1 - first])));
    // Where the two ships were: dashed hulls.
    assert_eq!(svg.matches("stroke-dasharray=\"4 3\"").count(), 2);
}

#[test]
fn a_diabolik_fleet_sinking_shows_the_wreck_and_the_broadsides() {
    let svg = drawn("diabolik-midgame");
    // (The legend wraps the line after D6.)
    assert!(svg.contains("2. sinks North's E6 (broadsides from D6,"));
    assert!(svg.contains("South to play its bonus turn (4 cannonballs) or"));
    // The wreck is drawn faded where the ship was: North's colour, dashed.
    assert_eq!(svg.matches("fill-opacity=\"0.35\"").count(), 1);
    assert!(svg.contains("North</tspan> 5 afloat"));
}

/// The games without a picture of their own say so.
#[test]
fn only_diam_and_diabolik_fleet_have_pictures() {
    let mut dice = Dice::new(Seed([1; 32]));
    for kind in arbitre::kinds::BOARD_GAMES {
        let sides = (kind.sides)(2).unwrap();
        let setup = Setup {
            sides: sides.iter().map(|s| s.to_string()).collect(),
            ..Setup::default()
        };
        let (game, _) = (kind.start)(&setup, &mut dice).unwrap();
        let drawn = game.picture().is_some();
        assert_eq!(
            drawn,
            ["diam", "diabolik-fleet"].contains(&kind.variant),
            "{}",
            kind.variant
        );
    }
}

#[test]
fn arbitre_picture_draws_a_board_game_s_position_file() {
    let file = position_file("diam-midgame");
    let svg = ok(&["picture", file.to_str().unwrap()], None);
    assert_eq!(svg, drawn("diam-midgame"));

    let dir = std::env::temp_dir().join(format!("arbitre-board-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("fleet.png");
    let file = position_file("diabolik-four");
    ok(&["picture", file.to_str().unwrap(), "-o", out.to_str().unwrap()], None);
    let png = std::fs::read(&out).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn arbitre_picture_refuses_a_board_position_it_cannot_read_and_says_where() {
    let text = "variant: diam\ncells:\n  1: [red, red, red, red, red]\nto_move: Red-Orange\n";
    let out = arbitre(&["picture", "-"], Some(text.as_bytes()));
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("<stdin>:3: cells: cell 1 holds 5 pieces: a cell holds at most 4"),
        "{err}"
    );

    let out = arbitre(&["picture", "-"], Some(b"variant: belligerants\n"));
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("arbitre judges no position of Les Belligérants"), "{err}");
}

/// Does `text` hold `word` as a whole word (`Red` in `Red-Orange`, not in `RED`)?
fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic()).any(|w| w == word)
}

/// The words of a picture's text: what is between its tags.
fn texts(svg: &str) -> String {
    svg.split('<')
        .filter_map(|part| part.split_once('>').map(|(_, text)| text))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A French reader's picture is drawn in French: the legend, the sides' names, who is to
/// move, the last move and the result (issue #24).
#[test]
fn a_french_reader_s_board_picture_has_no_english_word() {
    const ENGLISH: &[&str] = &[
        "to move",
        "Last move",
        "Last turn",
        "reserve:",
        "played",
        "players",
        "Game over",
        "level",
        "placed",
        "moved",
        "carrying",
        "sails",
        "afloat",
        "cannonballs",
        "sinks",
        "broadsides",
        "disc",
        "square:",
        "hull",
        "frozen",
        "wins",
        "out of the game",
        "after",
    ];
    const SIDES: &[&str] = &["Red", "Brown", "Black", "South", "West", "North", "East"];
    let won = diam_won_by_a_diam();
    let svg = won.picture_in(Lang::Fr).unwrap();
    assert!(svg.contains(">DIAM, niveau 2</text>"), "{svg}");
    assert!(
        svg.contains("Partie terminée : Rouge-Orange gagne avec un DIAM rouge au niveau 2 sur les cases 1 et 5."),
        "{svg}"
    );
    let moved = game(
        "diam",
        &["Red-Orange", "Brown-Black"],
        &[],
        &[(0, "PLACE RED 3"), (1, "PLACE BROWN 3"), (0, "MOVE 3/1 RIGHT")],
    );
    let fr = moved.picture_in(Lang::Fr).unwrap();
    assert!(
        fr.contains(
            "Dernier coup : Rouge-Orange a déplacé le pion rouge de 3/1 sur la case 4 (niveau 1), avec 1 pion au-dessus."
        ),
        "{fr}"
    );
    assert!(fr.contains("Marron-Noir ◀ à jouer"), "{fr}");
    assert!(fr.contains("réserve : 3 rouges, 4 oranges"), "{fr}");
    let sinking = drawn_fr("diabolik-midgame");
    assert!(sinking.contains("2. coule E6 de Nord (flancs de D6,"), "{sinking}");
    assert!(sinking.contains("Nord</tspan> 5 à flot"), "{sinking}");
    let mut pictures: Vec<(String, String)> = GOLDEN_FR.iter().map(|n| (n.to_string(), drawn_fr(n))).collect();
    pictures.extend([
        ("won".to_string(), svg),
        ("moved".to_string(), fr),
        ("four".to_string(), drawn_fr("diabolik-four")),
    ]);
    for (name, svg) in &pictures {
        let text = texts(svg);
        for word in ENGLISH {
            assert!(!text.contains(word), "{name}: English {word:?} in:\n{text}");
        }
        for side in SIDES {
            assert!(!has_word(&text, side), "{name}: the English side {side:?} in:\n{text}");
        }
    }
    // The English picture is drawn as before.
    assert_eq!(moved.picture(), moved.picture_in(Lang::En));
}
