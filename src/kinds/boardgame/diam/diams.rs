//! The ring of cells (each cell's neighbours and the cell it faces) and the DIAMs on it.

use super::colour::Colour;
use super::{CELLS, HEIGHT};

pub(super) fn right_of(cell: usize) -> usize {
    (cell + 1) % CELLS
}

pub(super) fn left_of(cell: usize) -> usize {
    (cell + CELLS - 1) % CELLS
}

/// Two pieces of `colour` at `level` (from 0; never 0) on cells `cell` and `cell + 4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diam {
    pub colour: Colour,
    pub cell: usize,
    pub level: usize,
}

/// Every DIAM on the board.
pub(super) fn diams(cells: &[Vec<Colour>; CELLS]) -> Vec<Diam> {
    let mut found = Vec::new();
    for level in 1..HEIGHT {
        for cell in 0..CELLS / 2 {
            if let (Some(a), Some(b)) = (cells[cell].get(level), cells[cell + CELLS / 2].get(level)) {
                if a == b {
                    found.push(Diam {
                        colour: *a,
                        cell,
                        level,
                    });
                }
            }
        }
    }
    found
}

/// What the DIAMs on the board decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The highest DIAM wins for its colour's team.
    Win(Diam),
    /// Both teams have a DIAM at the highest level (a level counted from 0).
    Tie(usize),
}

pub(super) fn verdict(found: &[Diam]) -> Option<Verdict> {
    let top = found.iter().map(|d| d.level).max()?;
    let highest: Vec<&Diam> = found.iter().filter(|d| d.level == top).collect();
    if highest.iter().all(|d| d.colour.team() == highest[0].colour.team()) {
        Some(Verdict::Win(*highest[0]))
    } else {
        Some(Verdict::Tie(top))
    }
}

#[cfg(test)]
mod tests {
    use super::super::colour::Colour::{Black, Brown, Orange, Red};
    use super::super::test_support::*;
    use super::*;
    use crate::kinds::boardgame::BoardGame;

    #[test]
    fn a_facing_pair_on_the_ground_is_not_a_diam() {
        let mut game = at(2, ["", "", "", "", "R", "", "", ""], 0);
        let played = play(&mut game, 0, "PLACE RED 1").unwrap();
        assert!(played.notes.is_empty());
        assert_eq!(game.finish(), None);
        assert_eq!(game.to_move(), Some(1));
    }

    #[test]
    fn diam_at_level_2() {
        let mut game = at(2, ["K", "", "", "", "BR", "", "", ""], 0);
        let played = play(&mut game, 0, "PLACE RED 1").unwrap();
        assert_eq!(played.notes, ["DIAM! red on cells 1 and 5 at level 2: Red-Orange wins"]);
        let finish = game.finish().unwrap();
        assert_eq!(finish.winners, ["Red-Orange"]);
        assert_eq!(
            finish.summary.to_string(),
            "Red-Orange wins with a DIAM in red at level 2 on cells 1 and 5"
        );
    }

    #[test]
    fn diam_at_level_3() {
        let mut game = at(2, ["", "", "BOK", "", "", "", "RB", ""], 1);
        let played = play(&mut game, 1, "PLACE BLACK 7").unwrap();
        assert_eq!(
            played.notes,
            ["DIAM! black on cells 3 and 7 at level 3: Brown-Black wins"]
        );
        assert_eq!(game.finish().unwrap().winners, ["Brown-Black"]);
    }

    #[test]
    fn diam_at_level_4() {
        let mut game = at(2, ["", "", "", "KBK", "", "", "", "BKBO"], 0);
        let played = play(&mut game, 0, "PLACE ORANGE 4").unwrap();
        assert_eq!(
            played.notes,
            ["DIAM! orange on cells 4 and 8 at level 4: Red-Orange wins"]
        );
        assert_eq!(game.to_move(), None);
    }

    #[test]
    fn of_two_diams_made_by_one_move_the_higher_wins() {
        // Red-Orange's stack lands on cell 1: black facing black at level 2, red facing red at 3.
        let mut game = at(2, ["", "", "", "", "BKR", "", "", "OKR"], 0);
        let played = play(&mut game, 0, "MOVE 8/1 RIGHT").unwrap();
        assert_eq!(
            played.notes,
            [
                "This move makes 2 DIAMs: black on cells 1 and 5 at level 2; red on cells 1 and 5 at level 3. \
                 The highest decides.",
                "DIAM! red on cells 1 and 5 at level 3: Red-Orange wins",
            ]
        );
        assert_eq!(game.finish().unwrap().winners, ["Red-Orange"]);

        // The same with the colours the other way up: the mover loses to the higher DIAM.
        let mut game = at(2, ["", "", "", "", "BRK", "", "", "ORK"], 0);
        let played = play(&mut game, 0, "MOVE 8/1 RIGHT").unwrap();
        assert_eq!(
            played.notes.last().unwrap(),
            "DIAM! black on cells 1 and 5 at level 3: Brown-Black wins (made by Red-Orange's move)"
        );
        assert_eq!(game.finish().unwrap().winners, ["Brown-Black"]);
    }

    #[test]
    fn a_move_that_makes_only_the_opponents_diam_loses() {
        let mut game = at(2, ["", "", "", "", "BK", "", "", "RK"], 0);
        let played = play(&mut game, 0, "MOVE 8/1 RIGHT").unwrap();
        assert_eq!(
            played.notes,
            ["DIAM! black on cells 1 and 5 at level 2: Brown-Black wins (made by Red-Orange's move)"]
        );
        let finish = game.finish().unwrap();
        assert_eq!(finish.winners, ["Brown-Black"]);
        assert!(finish.summary.to_string().ends_with("(made by Red-Orange's move)"));
    }

    #[test]
    fn diams_of_both_teams_at_the_highest_level_draw() {
        let mut cells: [Vec<Colour>; CELLS] = Default::default();
        cells[0] = vec![Black, Red];
        cells[4] = vec![Brown, Red];
        cells[1] = vec![Black, Brown];
        cells[5] = vec![Red, Brown];
        let found = diams(&cells);
        assert_eq!(found.len(), 2);
        assert_eq!(verdict(&found), Some(Verdict::Tie(1)));
        // A higher DIAM of one team settles it.
        cells[1].push(Orange);
        cells[5].push(Orange);
        assert_eq!(
            verdict(&diams(&cells)),
            Some(Verdict::Win(Diam {
                colour: Orange,
                cell: 1,
                level: 2
            }))
        );
        assert_eq!(verdict(&[]), None);
    }
}
