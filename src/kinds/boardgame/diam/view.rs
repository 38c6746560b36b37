//! The game as the picture sees it (`picture.rs`): read only.

use super::colour::Colour;
use super::diams::diams;
use super::game::{Action, Game};
use super::picture::{DiamLast, DiamPair, DiamSide, DiamView, Piece};
use crate::lang::{Lang, Worded};

fn piece(c: Colour) -> Piece {
    Piece::ALL[c.index()]
}

impl Game {
    /// What a picture of the game shows, in English.
    pub fn view(&self) -> DiamView {
        self.view_in(Lang::En)
    }

    /// What a picture of the game shows: the stacks, the sides and their reserves, whose
    /// turn it is, the last move and the DIAMs on the board; the sides' names and the
    /// result in `lang`.
    pub fn view_in(&self, lang: Lang) -> DiamView {
        let last = self.last.map(|(side, action, lands)| match action {
            Action::Place { colour, cell } => DiamLast::Place {
                side,
                piece: piece(colour),
                cell,
                level: lands,
            },
            Action::Move { from, level, to } => DiamLast::Move {
                side,
                from,
                level,
                to,
                landing: lands,
                carried: self.cells[to].len().saturating_sub(lands),
            },
        });
        DiamView {
            cells: self.cells.clone().map(|stack| stack.into_iter().map(piece).collect()),
            sides: (self.table.seats.iter())
                .map(|s| DiamSide {
                    name: super::KIND.side_in(s.name, lang).to_string(),
                    colours: s.places.iter().map(|&c| piece(c)).collect(),
                })
                .collect(),
            reserve: self.reserve,
            to_move: crate::kinds::boardgame::BoardGame::to_move(self),
            moves: self.moves,
            move_limit: self.move_limit,
            last,
            diams: diams(&self.cells)
                .into_iter()
                .map(|d| DiamPair {
                    piece: piece(d.colour),
                    cell: d.cell,
                    level: d.level,
                })
                .collect(),
            result: self.over.as_ref().map(|e| e.words(lang)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn the_view_has_the_last_move_with_where_it_landed_and_what_it_carried() {
        let mut game = at(2, ["", "", "BRO", "K", "", "", "", ""], 0);
        assert_eq!(game.view().last, None);
        play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        let view = game.view();
        assert_eq!(
            view.last,
            Some(DiamLast::Move {
                side: 0,
                from: 2,
                level: 1,
                to: 3,
                landing: 1,
                carried: 2
            })
        );
        assert_eq!(view.cells[3], [Piece::Black, Piece::Red, Piece::Orange]);
        assert_eq!(view.to_move, Some(1));
        play(&mut game, 1, "PLACE BLACK 3").unwrap();
        assert_eq!(
            game.view().last,
            Some(DiamLast::Place {
                side: 1,
                piece: Piece::Black,
                cell: 2,
                level: 1
            })
        );
        // A refused move changes nothing, the last move included.
        assert!(play(&mut game, 0, "PLACE RED 9").is_err());
        assert!(matches!(game.view().last, Some(DiamLast::Place { side: 1, .. })));
    }

    #[test]
    fn the_view_has_the_diam_that_ended_the_game() {
        let mut game = at(2, ["K", "", "", "", "BR", "", "", ""], 0);
        play(&mut game, 0, "PLACE RED 1").unwrap();
        let view = game.view();
        assert_eq!(
            view.diams,
            [DiamPair {
                piece: Piece::Red,
                cell: 0,
                level: 1
            }]
        );
        assert_eq!(view.to_move, None);
        assert!(view.result.unwrap().starts_with("Red-Orange wins with a DIAM"));
    }
}
