//! A game of DIAM in progress: whose turn it is, the legal moves, playing one, and how the
//! game ends.
//!
//! # The board
//!
//! [`BoardGame::board`] is a table: one column per cell 1–8, one row per level from 4
//! down to 1, the letters R (red), O (orange), B (brown), K (black) and `.` for an empty
//! place; then the reserves, the moves played and whose turn it is. DIAM uses no dice.

use super::colour::{Colour, COLOURS};
use super::diams::{diams, left_of, right_of, verdict, Verdict};
use super::ending::{Draw, Ending};
use super::notation::{cell_index, level_index, read, Way, Written};
use super::refused::Refused;
use super::seats::Table;
use super::told::{Side, Told};
use super::{CELLS, HEIGHT, PER_COLOUR};
use crate::dice::Dice;
use crate::kinds::boardgame::{self, BoardGame, Finish, Lang, Played};
use crate::lang::Worded;
use std::collections::HashMap;

/// A legal move; cells and levels count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Action {
    Place { colour: Colour, cell: usize },
    Move { from: usize, level: usize, to: usize },
}

/// The stacks, the reserves and the place in the turn cycle: what a repetition compares.
pub(super) type Position = ([Vec<Colour>; CELLS], [u8; 4], usize);

/// A game of DIAM in progress.
#[derive(Clone)]
pub struct Game {
    pub(super) table: &'static Table,
    /// Index into `table.order` of the turn being awaited.
    pub(super) turn: usize,
    /// Each cell's stack, bottom first.
    pub(super) cells: [Vec<Colour>; CELLS],
    /// Pieces left in reserve, by colour.
    pub(super) reserve: [u8; 4],
    /// Moves accepted.
    pub(super) moves: usize,
    pub(super) move_limit: Option<usize>,
    /// How often each position has come up after a move (and at the start).
    pub(super) seen: HashMap<Position, u32>,
    pub(super) over: Option<Ending>,
    /// The last move accepted, by whom, and the level (from 0) where the piece placed or
    /// moved stands after it: for the picture.
    pub(super) last: Option<(usize, Action, usize)>,
}

impl Game {
    pub(super) fn new(table: &'static Table, move_limit: Option<usize>) -> Game {
        let mut game = Game {
            table,
            turn: 0,
            cells: Default::default(),
            reserve: [PER_COLOUR; 4],
            moves: 0,
            move_limit,
            seen: HashMap::new(),
            over: None,
            last: None,
        };
        game.seen.insert(game.position(), 1);
        game
    }

    pub(super) fn position(&self) -> Position {
        (self.cells.clone(), self.reserve, self.turn)
    }

    pub(super) fn name(&self, side: usize) -> &'static str {
        self.table.seats[side].name
    }

    pub(super) fn team_of(&self, side: usize) -> usize {
        self.table.seats[side].places[0].team()
    }

    /// The colours `side` may move: its team's.
    pub(super) fn movable(&self, side: usize) -> Vec<Colour> {
        let team = self.team_of(side);
        COLOURS.into_iter().filter(|c| c.team() == team).collect()
    }

    /// The side whose reserve holds `colour`.
    pub(super) fn owner(&self, colour: Colour) -> usize {
        self.table
            .seats
            .iter()
            .position(|s| s.places.contains(&colour))
            .unwrap_or(0)
    }

    /// The sides of a team.
    pub(super) fn team_sides(&self, team: usize) -> Vec<String> {
        (0..self.table.seats.len())
            .filter(|&s| self.team_of(s) == team)
            .map(|s| self.name(s).to_string())
            .collect()
    }

    /// Every legal move of `side` in the position.
    pub(super) fn legal(&self, side: usize) -> Vec<Action> {
        let mut out = Vec::new();
        for &colour in self.table.seats[side].places {
            if self.reserve[colour.index()] > 0 {
                for cell in (0..CELLS).filter(|&c| self.cells[c].len() < HEIGHT) {
                    out.push(Action::Place { colour, cell });
                }
            }
        }
        let movable = self.movable(side);
        for from in 0..CELLS {
            let stack = &self.cells[from];
            for level in (0..stack.len()).filter(|&l| movable.contains(&stack[l])) {
                for to in [left_of(from), right_of(from)] {
                    if self.cells[to].len() + stack.len() - level <= HEIGHT {
                        out.push(Action::Move { from, level, to });
                    }
                }
            }
        }
        out
    }

    /// The colour `side` places when it writes `colour` (or none).
    pub(super) fn placing(&self, side: usize, colour: Option<Colour>, cell: usize) -> Result<Colour, Refused> {
        let own = self.table.seats[side].places;
        match colour {
            Some(c) if own.contains(&c) => Ok(c),
            Some(c) => {
                let owner = self.owner(c);
                if self.team_of(owner) == self.team_of(side) {
                    Err(Refused::PartnersReserve {
                        colour: c,
                        owner: self.name(owner).to_string(),
                        own: own.to_vec(),
                    })
                } else {
                    Err(Refused::NotYourColour {
                        colour: c,
                        owner: self.name(owner).to_string(),
                        own: own.to_vec(),
                    })
                }
            }
            None if own.len() == 1 => Ok(own[0]),
            None => {
                let left: Vec<Colour> = own.iter().copied().filter(|c| self.reserve[c.index()] > 0).collect();
                match left.as_slice() {
                    [] => Err(Refused::ReservesEmpty),
                    [c] => Ok(*c),
                    _ => Err(Refused::WhichColour {
                        own: own.to_vec(),
                        cell: cell as u32 + 1,
                    }),
                }
            }
        }
    }

    /// Checks a written move of `side` against the board.
    pub(super) fn check(&self, side: usize, written: Written) -> Result<Action, Refused> {
        match written {
            Written::Place { colour, cell } => {
                let cell = cell_index(cell)?;
                let colour = self.placing(side, colour, cell)?;
                if self.reserve[colour.index()] == 0 {
                    let others: Vec<Colour> = (self.table.seats[side].places.iter().copied())
                        .filter(|c| self.reserve[c.index()] > 0)
                        .collect();
                    return Err(Refused::ReserveEmpty { colour, others });
                }
                if self.cells[cell].len() >= HEIGHT {
                    return Err(Refused::CellFull { cell: cell as u32 + 1 });
                }
                Ok(Action::Place { colour, cell })
            }
            Written::Move { cell, level, way } => {
                let from = cell_index(cell)?;
                let movable = self.movable(side);
                let stack = &self.cells[from];
                let level = match level {
                    Some(level) => {
                        let level = level_index(level)?;
                        if level >= stack.len() {
                            return Err(Refused::NoPieceAt {
                                cell,
                                level: level as u32 + 1,
                                holds: stack.len(),
                            });
                        }
                        level
                    }
                    None => {
                        let yours: Vec<usize> = (0..stack.len()).filter(|&l| movable.contains(&stack[l])).collect();
                        match yours.as_slice() {
                            [l] => *l,
                            [] if stack.is_empty() => return Err(Refused::CellEmpty { cell }),
                            [] => return Err(Refused::NoneToMove { cell, movable }),
                            many => {
                                return Err(Refused::WhichLevel {
                                    cell,
                                    levels: many.iter().map(|&l| l as u32 + 1).collect(),
                                })
                            }
                        }
                    }
                };
                let colour = stack[level];
                if !movable.contains(&colour) {
                    return Err(Refused::NotYours {
                        cell,
                        level: level as u32 + 1,
                        colour,
                        movable,
                    });
                }
                let to = match way {
                    Way::Right => right_of(from),
                    Way::Left => left_of(from),
                    Way::To(n) => {
                        let to = cell_index(n)?;
                        if to != right_of(from) && to != left_of(from) {
                            return Err(Refused::NotNext {
                                cell,
                                to: n,
                                left: left_of(from) as u32 + 1,
                                right: right_of(from) as u32 + 1,
                            });
                        }
                        to
                    }
                };
                let carried = stack.len() - level;
                let there = self.cells[to].len();
                if there + carried > HEIGHT {
                    return Err(Refused::TooHigh {
                        to: to as u32 + 1,
                        there,
                        carried,
                    });
                }
                Ok(Action::Move { from, level, to })
            }
        }
    }

    /// Plays a legal action and says what was done.
    pub(super) fn apply(&mut self, side: usize, action: Action) -> Told {
        let side = self.name(side).to_string();
        match action {
            Action::Place { colour, cell } => {
                self.reserve[colour.index()] -= 1;
                self.cells[cell].push(colour);
                Told::Placed {
                    side,
                    colour,
                    cell,
                    level: self.cells[cell].len() - 1,
                }
            }
            Action::Move { from, level, to } => {
                let moving = self.cells[from].split_off(level);
                let landing = self.cells[to].len();
                let told = Told::Moved {
                    side,
                    colour: moving[0],
                    from,
                    level,
                    way: if to == right_of(from) { Side::Right } else { Side::Left },
                    to,
                    landing,
                    carried: moving[1..].to_vec(),
                };
                self.cells[to].extend(moving);
                told
            }
        }
    }

    /// Ends the game on the DIAMs on the board, if any; `side` made the last move.
    pub(super) fn judge(&mut self, side: usize, notes: &mut Vec<Told>) {
        let found = diams(&self.cells);
        let Some(verdict) = verdict(&found) else {
            return;
        };
        if found.len() > 1 {
            notes.push(Told::Diams { found: found.clone() });
        }
        match verdict {
            Verdict::Win(diam) => {
                let team = diam.colour.team();
                let by = (team != self.team_of(side)).then(|| self.name(side).to_string());
                notes.push(Told::Won {
                    diam,
                    winners: self.team_sides(team),
                    by,
                });
                self.over = Some(Ending::Diam {
                    winners: self.team_sides(team),
                    colour: diam.colour,
                    level: diam.level,
                    cell: diam.cell,
                    by: (team != self.team_of(side)).then(|| self.name(side).to_string()),
                });
            }
            Verdict::Tie(level) => self.draw(notes, Draw::Tie { level }),
        }
    }

    pub(super) fn draw(&mut self, notes: &mut Vec<Told>, why: Draw) {
        notes.push(Told::Drawn(why.clone()));
        self.over = Some(Ending::Drawn(why));
    }

    /// Hands the turn on, past any player who can do nothing.
    pub(super) fn advance(&mut self, notes: &mut Vec<Told>) {
        for _ in 0..self.table.order.len() {
            self.turn = (self.turn + 1) % self.table.order.len();
            let side = self.table.order[self.turn];
            if !self.legal(side).is_empty() {
                return;
            }
            notes.push(Told::Passes {
                side: self.name(side).to_string(),
            });
        }
        self.draw(notes, Draw::Stuck);
    }

    /// Draws the game on a third repetition or at the move limit.
    pub(super) fn check_draws(&mut self, notes: &mut Vec<Told>) {
        let count = self.seen.entry(self.position()).or_insert(0);
        *count += 1;
        if *count >= 3 {
            self.draw(notes, Draw::Repetition);
        } else if self.move_limit.is_some_and(|limit| self.moves >= limit) {
            self.draw(notes, Draw::MoveLimit { moves: self.moves });
        }
    }
}

impl BoardGame for Game {
    fn to_move(&self) -> Option<usize> {
        match self.over {
            Some(_) => None,
            None => Some(self.table.order[self.turn]),
        }
    }

    fn play(&mut self, side: usize, text: &str, _dice: &mut Dice) -> Result<Played, boardgame::Refused> {
        if let Some(ending) = &self.over {
            return Err(Refused::GameOver { ending: ending.clone() }.into());
        }
        let mover = self.table.order[self.turn];
        if side != mover {
            return Err(Refused::NotYourTurn {
                mover: self.name(mover).to_string(),
            }
            .into());
        }
        let action = self.check(side, read(text)?)?;
        let lands = match action {
            Action::Place { cell: to, .. } | Action::Move { to, .. } => self.cells[to].len(),
        };
        let summary = self.apply(side, action);
        self.last = Some((side, action, lands));
        self.moves += 1;
        let mut notes = Vec::new();
        self.judge(side, &mut notes);
        if self.over.is_none() {
            self.advance(&mut notes);
        }
        if self.over.is_none() {
            self.check_draws(&mut notes);
        }
        Ok(Played {
            summary: summary.into(),
            notes: notes.into_iter().map(Told::into).collect(),
        })
    }

    fn board(&self, lang: Lang) -> String {
        let fr = lang == Lang::Fr;
        // The drawing: its headings in the reader's words, one column per cell either way.
        let (cell_word, level_word) = if fr {
            ("case     ", "niveau")
        } else {
            ("cell    ", "level")
        };
        let mut out = String::from(cell_word);
        for cell in 1..=CELLS {
            out.push_str(&format!("  {cell}"));
        }
        out.push('\n');
        for level in (0..HEIGHT).rev() {
            out.push_str(&format!("{level_word} {} ", level + 1));
            for stack in &self.cells {
                out.push_str("  ");
                out.push(stack.get(level).map_or('.', |c| c.letter()));
            }
            out.push('\n');
        }
        out.push_str(if fr {
            "R rouge, O orange, B marron, K noir. La case N fait face à la case N+4 ; la case 8 touche la case 1.\n"
        } else {
            "R red, O orange, B brown, K black. Cell N faces cell N+4; cell 8 is next to cell 1.\n"
        });
        let reserves: Vec<String> = (self.table.seats.iter())
            .map(|s| {
                let each: Vec<String> = s
                    .places
                    .iter()
                    .map(|&c| {
                        let n = self.reserve[c.index()];
                        match lang {
                            Lang::En => format!("{n} {}", c.name()),
                            Lang::Fr => format!("{n} {}", super::refused::fr(c, n > 1)),
                        }
                    })
                    .collect();
                format!("{} {}", super::KIND.side_in(s.name, lang), each.join(", "))
            })
            .collect();
        match lang {
            Lang::En => {
                out.push_str(&format!("Reserves: {}.\n", reserves.join("; ")));
                match self.move_limit {
                    Some(limit) => out.push_str(&format!("Moves played: {} (drawn at {limit}).\n", self.moves)),
                    None => out.push_str(&format!("Moves played: {}.\n", self.moves)),
                }
                // Who is to move is said by the letter that shows the board, once.
                if let Some(ending) = &self.over {
                    out.push_str(&format!("Game over: {ending}.\n"));
                }
            }
            Lang::Fr => {
                out.push_str(&format!("Réserves : {}.\n", reserves.join(" ; ")));
                match self.move_limit {
                    Some(limit) => out.push_str(&format!("Coups joués : {} (partie nulle à {limit}).\n", self.moves)),
                    None => out.push_str(&format!("Coups joués : {}.\n", self.moves)),
                }
                if let Some(ending) = &self.over {
                    out.push_str(&format!("Partie terminée : {}.\n", ending.words(Lang::Fr)));
                }
            }
        }
        out
    }

    fn finish(&self) -> Option<Finish> {
        self.over.as_ref().map(Ending::finish)
    }

    fn picture_in(&self, lang: Lang) -> Option<String> {
        Some(super::picture::draw_in(&self.view_in(lang), lang))
    }
}

#[cfg(test)]
mod tests {
    use super::super::seats::start;
    use super::super::test_support::*;
    use super::super::KIND;
    use super::*;
    use crate::dice::Seed;
    use crate::kinds::boardgame::replay;
    use std::collections::BTreeSet;

    #[test]
    fn board_is_a_table_of_levels_by_cell() {
        let mut game = new_game(2);
        play(&mut game, 0, "PLACE RED 1").unwrap();
        play(&mut game, 1, "PLACE BROWN 1").unwrap();
        let expected = "\
cell      1  2  3  4  5  6  7  8
level 4   .  .  .  .  .  .  .  .
level 3   .  .  .  .  .  .  .  .
level 2   B  .  .  .  .  .  .  .
level 1   R  .  .  .  .  .  .  .
R red, O orange, B brown, K black. Cell N faces cell N+4; cell 8 is next to cell 1.
Reserves: Red-Orange 3 red, 4 orange; Brown-Black 3 brown, 4 black.
Moves played: 2.
";
        assert_eq!(game.board(Lang::En), expected);
    }

    #[test]
    fn place_on_an_empty_cell_and_on_a_stack() {
        let mut game = new_game(2);
        let played = play(&mut game, 0, "PLACE RED 3").unwrap();
        assert_eq!(played.summary.to_string(), "Red-Orange places red on cell 3 (level 1)");
        assert!(played.notes.is_empty());
        let played = play(&mut game, 1, "PLACE BROWN 3").unwrap();
        assert_eq!(
            played.summary.to_string(),
            "Brown-Black places brown on cell 3 (level 2)"
        );
        assert_eq!(stack(&game, 3), "RB");
        assert_eq!(game.reserve, [3, 4, 3, 4]);
    }

    #[test]
    fn placing_on_a_full_stack_is_refused() {
        let mut game = at(2, ["", "", "RBOK", "", "", "", "", ""], 0);
        assert_eq!(
            err(play(&mut game, 0, "PLACE RED 3")),
            "cell 3 is full: a cell holds at most 4 pieces"
        );
        assert_eq!(stack(&game, 3), "RBOK");
    }

    #[test]
    fn a_move_carries_the_pieces_above() {
        let mut game = at(2, ["", "", "BRO", "K", "", "", "", ""], 0);
        let played = play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        assert_eq!(
            played.summary.to_string(),
            "Red-Orange moves red from 3/2 right to cell 4 (level 2), carrying orange above it"
        );
        assert_eq!(stack(&game, 3), "B");
        assert_eq!(stack(&game, 4), "KRO");
        // Brown-Black's black piece carries Red-Orange's two pieces back.
        play(&mut game, 1, "MOVE 4/1 LEFT").unwrap();
        assert_eq!(stack(&game, 3), "BKRO");
        assert_eq!(stack(&game, 4), "");
    }

    #[test]
    fn moves_wrap_around_between_8_and_1() {
        let mut game = at(2, ["", "", "", "", "", "", "", "R"], 0);
        let played = play(&mut game, 0, "MOVE 8/1 RIGHT").unwrap();
        assert_eq!(
            played.summary.to_string(),
            "Red-Orange moves red from 8/1 right to cell 1 (level 1)"
        );
        assert_eq!((stack(&game, 1).as_str(), stack(&game, 8).as_str()), ("R", ""));
        play(&mut game, 1, "PLACE BLACK 1").unwrap();
        play(&mut game, 0, "MOVE 1/1 LEFT").unwrap();
        assert_eq!(stack(&game, 8), "RK");
        play(&mut game, 1, "MOVE 8/2 TO 1").unwrap();
        assert_eq!(stack(&game, 1), "K");
        assert_eq!(
            err(play(&mut game, 0, "MOVE 8/1 TO 6")),
            "cell 6 is not next to cell 8: a piece moves one cell, to 7 or 1"
        );
    }

    #[test]
    fn an_arrival_over_4_pieces_is_refused() {
        let mut game = at(2, ["", "", "RO", "BKB", "", "", "", ""], 0);
        assert_eq!(
            err(play(&mut game, 0, "MOVE 3/1 RIGHT")),
            "cell 4 would hold 5 pieces (3 there and 2 moved): a cell holds at most 4"
        );
        play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        assert_eq!(stack(&game, 4), "BKBO");
    }

    #[test]
    fn partners_may_not_place_from_each_other_but_move_each_others_pieces() {
        let mut game = new_game(4);
        assert_eq!(
            err(play(&mut game, 0, "PLACE ORANGE 1")),
            "you may not place from your partner's reserve: orange is Orange's; you place red"
        );
        assert!(err(play(&mut game, 0, "PLACE BROWN 1")).starts_with("brown is Brown's colour"));
        play(&mut game, 0, "PLACE 1").unwrap();
        play(&mut game, 1, "PLACE BROWN 3").unwrap();
        // Orange moves Red's piece; Black moves Brown's.
        let played = play(&mut game, 2, "MOVE 1/1 RIGHT").unwrap();
        assert_eq!(
            played.summary.to_string(),
            "Orange moves red from 1/1 right to cell 2 (level 1)"
        );
        assert_eq!(
            err(play(&mut game, 3, "MOVE 2/1 RIGHT")),
            "the piece at 2/1 is red: you may move brown or black pieces"
        );
        play(&mut game, 3, "MOVE 3 LEFT").unwrap();
        assert_eq!(stack(&game, 2), "RB");

        let mut game = new_game(3);
        play(&mut game, 0, "PLACE RED 1").unwrap();
        assert!(err(play(&mut game, 1, "PLACE BLACK 2")).starts_with("you may not place from your partner's reserve"));
        play(&mut game, 1, "PLACE 2").unwrap();
        assert_eq!(
            err(play(&mut game, 0, "PLACE BROWN 3")),
            "brown is Brown's colour: you place red or orange"
        );
        play(&mut game, 0, "PLACE ORANGE 3").unwrap();
        play(&mut game, 2, "MOVE 2/1 LEFT").unwrap();
        assert_eq!(stack(&game, 1), "RB");
    }

    #[test]
    fn an_empty_reserve_and_an_omitted_colour() {
        let mut game = at(2, ["R", "R", "R", "R", "", "", "", ""], 0);
        assert_eq!(
            err(play(&mut game, 0, "PLACE RED 6")),
            "your red reserve is empty: place orange, or move a piece"
        );
        let played = play(&mut game, 0, "PLACE 6").unwrap();
        assert_eq!(
            played.summary.to_string(),
            "Red-Orange places orange on cell 6 (level 1)"
        );
        assert_eq!(
            err(play(&mut game, 1, "PLACE 6")),
            "say which colour: PLACE BROWN 6 or PLACE BLACK 6"
        );
    }

    #[test]
    fn the_level_may_be_left_out_only_when_one_piece_fits() {
        let mut game = at(2, ["", "", "RBO", "BR", "", "K", "", ""], 0);
        assert_eq!(
            err(play(&mut game, 0, "MOVE 3 RIGHT")),
            "cell 3 holds pieces you may move at levels 1 and 3: say which, e.g. MOVE 3/1 RIGHT"
        );
        assert_eq!(err(play(&mut game, 0, "MOVE 5 RIGHT")), "cell 5 is empty");
        assert_eq!(
            err(play(&mut game, 0, "MOVE 3/4 RIGHT")),
            "there is no piece at 3/4: cell 3 holds 3 pieces"
        );
        play(&mut game, 0, "MOVE 4 LEFT").unwrap();
        assert_eq!(stack(&game, 3), "RBOR");
        // Brown-Black's only piece on cell 3 is at level 2.
        let played = play(&mut game, 1, "MOVE 3 RIGHT").unwrap();
        assert!(
            played
                .summary
                .to_string()
                .starts_with("Brown-Black moves brown from 3/2 right"),
            "{}",
            played.summary
        );
        assert_eq!(
            err(play(&mut game, 0, "MOVE 6 RIGHT")),
            "cell 6 holds none of the pieces you may move (red or orange)"
        );
    }

    #[test]
    fn illegal_moves_change_nothing() {
        let mut game = at(2, ["", "", "RO", "BKB", "", "", "", "RBOK"], 0);
        let before = game.board(Lang::En);
        let seen = game.seen.clone();
        let refused = [
            "PLACE RED 8",
            "PLACE BROWN 1",
            "PLACE RED 9",
            "MOVE 3/1 RIGHT",
            "MOVE 4/1 LEFT",
            "MOVE 8/2 LEFT",
            "MOVE 3/2 TO 6",
            "MOVE 6/1 RIGHT",
            "MOVE 3/2",
            "what now",
        ];
        for text in refused {
            assert!(play(&mut game, 0, text).is_err(), "`{text}` should be refused");
            assert!(play(&mut game, 1, "PLACE BROWN 1").is_err(), "not Brown-Black's turn");
            assert_eq!(game.board(Lang::En), before, "`{text}` changed the board");
            assert_eq!(game.seen, seen);
            assert_eq!((game.moves, game.turn), (0, 0));
        }
        // The game goes on as if nothing had been tried.
        let mut fresh = at(2, ["", "", "RO", "BKB", "", "", "", "RBOK"], 0);
        let a = play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        let b = play(&mut fresh, 0, "MOVE 3/2 RIGHT").unwrap();
        assert_eq!((a, game.board(Lang::En)), (b, fresh.board(Lang::En)));
    }

    #[test]
    fn a_player_who_can_do_nothing_passes() {
        // Four players. Brown's four pieces lie under stacks too high to move onto their
        // neighbours, and Brown's reserve is empty; Black still has a reserve.
        let mut game = at(4, ["BBRR", "BBOO", "RO", "", "", "", "", "RO"], 0);
        let played = play(&mut game, 0, "MOVE 1/4 LEFT").unwrap();
        assert_eq!(stack(&game, 8), "ROR");
        assert_eq!(
            played.notes,
            ["Brown has nothing to place and no legal move, and passes."]
        );
        assert_eq!(game.to_move(), Some(2));
        assert_eq!(
            err(play(&mut game, 1, "MOVE 1/1 LEFT")),
            "it is not your turn: Orange is to move"
        );
        // Orange frees Brown by moving off cell 8; Brown plays again in turn.
        let played = play(&mut game, 2, "MOVE 8/2 LEFT").unwrap();
        assert!(played.notes.is_empty(), "{:?}", played.notes);
        assert_eq!(stack(&game, 8), "R");
        play(&mut game, 3, "PLACE 5").unwrap();
        let played = play(&mut game, 0, "MOVE 3/2 RIGHT").unwrap();
        assert!(played.notes.is_empty(), "{:?}", played.notes);
        assert_eq!(game.to_move(), Some(1));
        play(&mut game, 1, "MOVE 1/2 LEFT").unwrap();
        assert_eq!(stack(&game, 8), "RBR");
    }

    #[test]
    fn nobody_able_to_play_is_a_draw() {
        // Cannot arise in play (some stack always has a neighbour with room); the guard
        // still ends the game rather than looping.
        let mut game = new_game(2);
        game.reserve = [0; 4];
        let mut notes = Vec::new();
        game.advance(&mut notes);
        assert_eq!(game.to_move(), None);
        assert_eq!(game.finish().unwrap().winners, Vec::<String>::new());
        assert_eq!(notes.last().unwrap().to_string(), "Drawn: nobody can place or move.");
    }

    #[test]
    fn a_third_repetition_draws() {
        let shuffle = ["MOVE 1/1 RIGHT", "MOVE 5/1 RIGHT", "MOVE 2/1 LEFT", "MOVE 6/1 LEFT"];
        let mut texts = vec!["PLACE RED 1", "PLACE BROWN 5"];
        texts.extend(shuffle);
        let moves: Vec<(usize, String)> = texts.iter().enumerate().map(|(n, t)| (n % 2, t.to_string())).collect();
        let game = replay(&KIND, &setup(2), &mut dice(), &moves).unwrap();
        assert_eq!(game.finish(), None, "a second occurrence does not draw");
        texts.extend(shuffle);
        let moves: Vec<(usize, String)> = texts.iter().enumerate().map(|(n, t)| (n % 2, t.to_string())).collect();
        let game = replay(&KIND, &setup(2), &mut dice(), &moves).unwrap();
        let finish = game.finish().expect("the third occurrence draws");
        assert!(finish.winners.is_empty());
        assert!(finish.summary.to_string().contains("three times"), "{}", finish.summary);
        assert_eq!(game.to_move(), None);
    }

    #[test]
    fn the_move_limit_option_draws() {
        let mut s = setup(2);
        s.options.insert("move-limit".into(), "3".into());
        let (mut game, _) = start(&s, &mut dice()).unwrap();
        game.play(0, "P R1", &mut dice()).unwrap();
        game.play(1, "P B2", &mut dice()).unwrap();
        assert!(game.finish().is_none());
        assert!(game.board(Lang::En).contains("Moves played: 2 (drawn at 3)."));
        let played = game.play(0, "P R3", &mut dice()).unwrap();
        assert_eq!(
            played.notes,
            ["Drawn: 3 moves have been played without a DIAM (the move limit)."]
        );
        assert!(game.finish().unwrap().winners.is_empty());
    }

    #[test]
    fn a_whole_two_player_game_replayed_to_a_win() {
        let texts = [
            "PLACE RED 5",    // 5: R
            "PLACE BROWN 5",  // 5: R B
            "P R5",           // 5: R B R
            "PLACE BLACK 1",  // 1: K
            "place red 8",    // 8: R
            "P K8",           // 8: R K
            "P O2",           // 2: O
            "P K1",           // 1: K K
            "MOVE 8/1 RIGHT", // 1: K K R K; red faces red at level 3
        ];
        let moves: Vec<(usize, String)> = texts.iter().enumerate().map(|(n, t)| (n % 2, t.to_string())).collect();
        let before = replay(&KIND, &setup(2), &mut dice(), &moves[..8]).unwrap();
        assert_eq!(before.finish(), None);
        assert_eq!(before.to_move(), Some(0));

        let mut game = replay(&KIND, &setup(2), &mut dice(), &moves[..8]).unwrap();
        let played = game.play(0, &moves[8].1, &mut dice()).unwrap();
        assert_eq!(
            played.summary.to_string(),
            "Red-Orange moves red from 8/1 right to cell 1 (level 3), carrying black above it"
        );
        assert_eq!(played.notes, ["DIAM! red on cells 1 and 5 at level 3: Red-Orange wins"]);

        let game = replay(&KIND, &setup(2), &mut dice(), &moves).unwrap();
        let finish = game.finish().expect("the game is over");
        assert_eq!(finish.winners, ["Red-Orange"]);
        assert_eq!(game.to_move(), None);
        assert!(game
            .board(Lang::En)
            .ends_with("Game over: Red-Orange wins with a DIAM in red at level 3 on cells 1 and 5.\n"));
        let mut game = game;
        let refused = game.play(1, "P B3", &mut dice()).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "the game is over: Red-Orange wins with a DIAM in red at level 3 on cells 1 and 5"
        );
        // A French reader reads how the game ended in French too.
        assert_eq!(
            refused.words(crate::lang::Lang::Fr),
            "la partie est terminée : Rouge-Orange gagne avec un DIAM rouge au niveau 3 sur les cases 1 et 5"
        );
    }

    /// Random games by the rules: every legal move is read back from its notation, the
    /// checker and the move list agree, pieces are neither lost nor made, no stack grows
    /// over 4, a game goes on only without a DIAM, and a replay gives the same board.
    /// Half the games avoid making any DIAM while they can, to reach the end of the
    /// reserves, passes and repetitions.
    #[test]
    fn random_games_keep_the_rules() {
        for round in 0..30u8 {
            let players = 2 + usize::from(round % 3);
            let careful = round % 2 == 1;
            let mut pick = Dice::new(Seed([round; 32]));
            let mut game = new_game(players);
            let mut moves = Vec::new();
            while let Some(side) = game.to_move() {
                if moves.len() == 150 {
                    break;
                }
                let legal: BTreeSet<String> = game.legal(side).into_iter().map(write).collect();
                assert!(!legal.is_empty(), "the side to move can always play");
                let mut checked = BTreeSet::new();
                for cell in 1..=8 {
                    for colour in COLOURS {
                        let text = format!("PLACE {} {cell}", colour.name());
                        if let Ok(action) = read(&text).and_then(|w| game.check(side, w)) {
                            checked.insert(write(action));
                        }
                    }
                    for level in 1..=4 {
                        for way in ["LEFT", "RIGHT"] {
                            let text = format!("MOVE {cell}/{level} {way}");
                            if let Ok(action) = read(&text).and_then(|w| game.check(side, w)) {
                                checked.insert(write(action));
                            }
                        }
                    }
                }
                assert_eq!(legal, checked);
                let mut legal: Vec<String> = legal.into_iter().collect();
                if careful {
                    let quiet: Vec<String> = (legal.iter())
                        .filter(|text| {
                            let mut trial = game.clone();
                            trial.play(side, text, &mut dice()).unwrap();
                            diams(&trial.cells).is_empty()
                        })
                        .cloned()
                        .collect();
                    if !quiet.is_empty() {
                        legal = quiet;
                    }
                }
                let text = legal[pick.below(legal.len() as u32) as usize].clone();
                game.play(side, &text, &mut dice()).unwrap();
                moves.push((side, text));
                for colour in COLOURS {
                    let on_board = game.cells.iter().flatten().filter(|&&c| c == colour).count();
                    assert_eq!(on_board + usize::from(game.reserve[colour.index()]), 4);
                }
                assert!(game.cells.iter().all(|s| s.len() <= HEIGHT));
                let found = diams(&game.cells);
                match game.finish() {
                    None => assert!(found.is_empty()),
                    // One move makes at most one DIAM per level (the module docs rely on it).
                    Some(_) => assert!(found
                        .iter()
                        .all(|d| found.iter().filter(|e| e.level == d.level).count() == 1)),
                }
            }
            let again = replay(&KIND, &setup(players), &mut dice(), &moves).unwrap();
            assert_eq!(again.board(Lang::En), game.board(Lang::En));
        }
    }
}
