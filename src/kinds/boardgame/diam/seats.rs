//! The sides of a game and the turn cycle, and a new game from the players file.
//!
//! # Sides and turns
//!
//! | players | sides, in seat order | reserves | turn order |
//! | --- | --- | --- | --- |
//! | 2 | `Red-Orange`, `Brown-Black` | 4 red + 4 orange; 4 brown + 4 black | Red-Orange, Brown-Black, … |
//! | 3 | `Red-Orange`, `Brown`, `Black` | 4 red + 4 orange; 4 brown; 4 black | Red-Orange, Brown, Red-Orange, Black, … |
//! | 4 | `Red`, `Brown`, `Orange`, `Black` | 4 of its own colour each | Red, Brown, Orange, Black, … |
//!
//! In 4-player games the rules call the players 1 to 4 with team 1 = players 1 and 2 and
//! the order 1, 3, 2, 4; we name each player by colour (player 1 Red, 2 Orange, 3 Brown,
//! 4 Black) and list the sides in that order of play, so seat order is turn order. In
//! 3-player games the lone player (the rules' player 1, who plays every other turn) holds
//! red and orange against the Brown and Black partners.

use super::colour::Colour::{self, Black, Brown, Orange, Red};
use super::game::Game;
use crate::dice::Dice;
use crate::kinds::boardgame::{Setup, SetupError, Started, Told, Wanted};

/// One side: its name in the players file and the colours of its reserve.
pub(super) struct Seat {
    pub(super) name: &'static str,
    pub(super) places: &'static [Colour],
}

/// The sides of a game in seat order, and the turn cycle as indexes into them.
pub(super) struct Table {
    pub(super) seats: &'static [Seat],
    pub(super) order: &'static [usize],
}

pub(super) const TWO: Table = Table {
    seats: &[
        Seat {
            name: "Red-Orange",
            places: &[Red, Orange],
        },
        Seat {
            name: "Brown-Black",
            places: &[Brown, Black],
        },
    ],
    order: &[0, 1],
};

pub(super) const THREE: Table = Table {
    seats: &[
        Seat {
            name: "Red-Orange",
            places: &[Red, Orange],
        },
        Seat {
            name: "Brown",
            places: &[Brown],
        },
        Seat {
            name: "Black",
            places: &[Black],
        },
    ],
    order: &[0, 1, 0, 2],
};

pub(super) const FOUR: Table = Table {
    seats: &[
        Seat {
            name: "Red",
            places: &[Red],
        },
        Seat {
            name: "Brown",
            places: &[Brown],
        },
        Seat {
            name: "Orange",
            places: &[Orange],
        },
        Seat {
            name: "Black",
            places: &[Black],
        },
    ],
    order: &[0, 1, 2, 3],
};

pub(super) fn table(players: usize) -> Result<&'static Table, SetupError> {
    match players {
        2 => Ok(&TWO),
        3 => Ok(&THREE),
        4 => Ok(&FOUR),
        n => Err(SetupError::Players {
            title: super::KIND.title,
            played_by: "for 2, 3 or 4 players",
            given: n,
        }),
    }
}

pub(super) fn sides(players: usize) -> Result<Vec<&'static str>, SetupError> {
    Ok(table(players)?.seats.iter().map(|s| s.name).collect())
}

pub(super) fn start(setup: &Setup, _dice: &mut Dice) -> Started {
    let (game, notes) = begin(setup)?;
    Ok((Box::new(game), notes))
}

/// A new game on the players file's sides and options; the notes of the welcome.
pub(super) fn begin(setup: &Setup) -> Result<(Game, Vec<Told>), SetupError> {
    let table = table(setup.sides.len())?;
    if !(setup.sides.iter().zip(table.seats)).all(|(given, seat)| given.eq_ignore_ascii_case(seat.name)) {
        return Err(SetupError::Sides {
            title: super::KIND.title,
            sides: table.seats.iter().map(|s| s.name).collect(),
            given: setup.sides.clone(),
        });
    }
    let mut move_limit = None;
    for (key, value) in &setup.options {
        match key.as_str() {
            "move-limit" => match value.trim().parse::<usize>() {
                Ok(n) if n > 0 => move_limit = Some(n),
                _ => {
                    return Err(SetupError::BadOption {
                        key: "move-limit",
                        value: value.clone(),
                        wanted: Wanted::Count { what: "moves" },
                    })
                }
            },
            _ => {
                return Err(SetupError::UnknownOption {
                    title: super::KIND.title,
                    key: key.clone(),
                    known: &["move-limit"],
                })
            }
        }
    }
    let game = Game::new(table, move_limit);
    let mut notes: Vec<Told> = vec![Told::of(super::Told::Begins {
        seats: (table.seats.iter())
            .map(|s| (s.name.to_string(), s.places.to_vec()))
            .collect(),
        first: table.seats[table.order[0]].name.to_string(),
    })];
    if let Some(n) = move_limit {
        notes.push(Told::of(super::Told::MoveLimit { moves: n }));
    }
    Ok((game, notes))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::kinds::board_game as kind;
    use crate::kinds::boardgame::BoardGame;

    #[test]
    fn sides_for_two_three_and_four_players() {
        assert_eq!(sides(2).unwrap(), ["Red-Orange", "Brown-Black"]);
        assert_eq!(sides(3).unwrap(), ["Red-Orange", "Brown", "Black"]);
        assert_eq!(sides(4).unwrap(), ["Red", "Brown", "Orange", "Black"]);
        assert_eq!(
            sides(5).unwrap_err().to_string(),
            "DIAM is for 2, 3 or 4 players, not 5"
        );
        assert!(sides(1).is_err());
        let diam = kind("diam").expect("DIAM is registered");
        assert_eq!(diam.title, "DIAM");
    }

    #[test]
    fn start_checks_sides_and_options() {
        let mut s = setup(2);
        s.sides = vec!["red-orange".into(), "BROWN-BLACK".into()];
        assert!(start(&s, &mut dice()).is_ok(), "side names are read in any case");
        s.sides = vec!["White".into(), "Black".into()];
        assert!(start_err(&s).contains("Red-Orange, Brown-Black"));
        let mut s = setup(2);
        s.options.insert("movelimit".into(), "10".into());
        assert!(start_err(&s).contains("no option \"movelimit\""));
        let mut s = setup(2);
        s.options.insert("move-limit".into(), "ten".into());
        assert!(start_err(&s).contains("not \"ten\""));
        let mut s = setup(2);
        s.options.insert("move-limit".into(), "10".into());
        let (game, notes) = start(&s, &mut dice()).unwrap();
        assert_eq!(game.to_move(), Some(0));
        assert!(notes.iter().any(|n| n.to_string().contains("drawn after 10 moves")));
    }

    #[test]
    fn two_players_alternate() {
        let mut game = new_game(2);
        assert_eq!(game.to_move(), Some(0));
        play(&mut game, 0, "P R1").unwrap();
        assert_eq!(game.to_move(), Some(1));
        assert_eq!(
            err(play(&mut game, 0, "P O2")),
            "it is not your turn: Brown-Black is to move"
        );
        play(&mut game, 1, "P B2").unwrap();
        assert_eq!(game.to_move(), Some(0));
    }

    #[test]
    fn three_players_go_lone_player_then_each_partner() {
        let mut game = new_game(3);
        let texts = ["P R1", "P 2", "P O3", "P 4", "P R5", "P 7"];
        let mut seen = vec![game.to_move().unwrap()];
        for text in texts {
            let side = game.to_move().unwrap();
            play(&mut game, side, text).unwrap();
            seen.push(game.to_move().unwrap());
        }
        assert_eq!(seen, [0, 1, 0, 2, 0, 1, 0]);
        assert_eq!(stack(&game, 2), "B");
        assert_eq!(stack(&game, 4), "K");
    }

    #[test]
    fn four_players_go_red_brown_orange_black() {
        let mut game = new_game(4);
        let mut seen = vec![game.to_move().unwrap()];
        for cell in 1..=5 {
            let side = game.to_move().unwrap();
            play(&mut game, side, &format!("PLACE {cell}")).unwrap();
            seen.push(game.to_move().unwrap());
        }
        assert_eq!(seen, [0, 1, 2, 3, 0, 1]);
        assert_eq!((1..=5).map(|c| stack(&game, c)).collect::<String>(), "RBOKR");
    }
}
