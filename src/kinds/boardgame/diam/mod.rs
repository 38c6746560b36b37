//! DIAM (Alain Couchot and Bernard Klein, Ferti 2003), for 2, 3 or 4 players by mail.
//! The rules are `shared/seeds/002_67f4d21da8514b43.txt` (French); this is our reading.
//!
//! # The game as we run it
//!
//! - The board is a ring of 8 cells, numbered 1 to 8; cell 8 is next to cell 1. Cell N
//!   faces cell N+4 across the ring (1–5, 2–6, 3–7, 4–8). A cell holds a stack of at most
//!   4 pieces; levels are counted from 1 (the ground) to 4.
//! - There are 16 pieces, 4 of each colour: red, orange, brown and black. Red and orange
//!   are one team's, brown and black the other's. At the start every piece is in its
//!   owner's reserve and the board is empty.
//! - On a turn a player does one of two things:
//!   - **place** a piece from their own reserve on an empty cell or on top of a stack of
//!     fewer than 4;
//!   - **move** a piece of their team on the board one cell to either neighbour, taking
//!     along every piece stacked above it (whoever's they are). The moved pieces keep their
//!     order and land on top of the stack already there. A move that would leave more than
//!     4 pieces on the arrival cell is refused.
//! - A **DIAM** is two pieces of the same colour on facing cells (N and N+4) at the same
//!   level, any level but the ground. The team whose colour makes the DIAM wins at once.
//!
//! # Decisions where the text is silent
//!
//! - **Whose pieces a player may move.** Placing is from the player's own reserve only (in
//!   team games, never from the partner's). Moving is of any piece of the player's team
//!   colours: both of one's own colours in a 2-player game or for the lone player, one's
//!   own and the partner's colour in team play (the text allows moving the partner's
//!   pieces). The piece chosen must be of those colours; the pieces carried above it may be
//!   anyone's.
//! - **A DIAM belongs to its colour, not to the mover.** The text says the player with the
//!   highest DIAM wins; so a move that makes only the opponents' DIAM (by carrying their
//!   piece) makes them win, and a move that makes DIAMs of both teams is won by the higher
//!   one, whoever moved.
//! - **Two DIAMs at the same height.** Every DIAM a move makes uses the arrival cell (the
//!   pieces below the moved one do not change level, and the game ends at the first DIAM),
//!   and at one level the arrival cell has only one facing cell: so one move makes at most
//!   one DIAM per level and the highest is always unique. Were two teams ever to have
//!   DIAMs at the same highest level, the game would be drawn.
//! - **A player who can do nothing.** A player with nothing left to place (or no room to
//!   place it) and no legal move passes; the turn goes to the next player, and everyone is
//!   told. If nobody at all could play the game would be drawn; this cannot happen (a
//!   player with a reserve can always place, and with all 16 pieces on the board the top
//!   piece of some stack can always step to a neighbour with room), it is a guard.
//! - **No DIAM and no more pieces to place.** Play goes on with moves only. The game is
//!   drawn when the same position (stacks, reserves and the same turn of the cycle) comes
//!   up for the third time after a move, and, if the players file sets the option
//!   `move-limit: "N"`, when N moves have been played without a DIAM. There is no limit
//!   unless it is set.
//!
//! # Options
//!
//! - `move-limit`: a whole number of moves (all players together) after which a game
//!   without a DIAM is drawn. Any other option is refused, so that a misspelt one is not
//!   silently ignored.
//!
//! # Where each part lives
//!
//! - `colour`: the four colours and their names; `seats`: the sides, the turn cycle and a
//!   new game from the players file; `notation`: reading a line of notation.
//! - `diams`: the ring (neighbours, facing cells) and the DIAMs on it.
//! - `game`: the game in progress: legal moves, playing one, the endings, the board.
//! - `position`: a game written to and read from a position file.
//! - `view`: the game as its picture sees it (`picture.rs`).

mod colour;
mod diams;
pub(crate) mod ending;
mod game;
mod notation;
mod picture;
mod position;
pub(crate) mod refused;
mod seats;
#[cfg(test)]
mod test_support;
pub(crate) mod told;
mod view;

use super::{Kind, Lang};
use seats::{sides, start};

pub use ending::{Draw, Ending};
pub use game::Game;
pub use notation::{NOTATION, NOTATION_FR};
pub(crate) use position::from_position;
pub use refused::Refused;
pub use told::{Side, Told};

/// DIAM in the registry of board games.
pub const KIND: Kind = Kind {
    variant: "diam",
    title: "DIAM",
    sides,
    start,
    notation: NOTATION,
    notation_fr: NOTATION_FR,
    rules: include_str!("rules.txt"),
    rules_fr: include_str!("rules.fr.txt"),
    sides_fr: &SIDES_FR,
    house_rules: &[],
    positions: Some(from_position),
    #[cfg(test)]
    word_samples,
};

/// The sides as a French player says them: the colours of their pieces, as in the French
/// text's teams (« rouge et orange », « marron et noir »): one word, `Marron`, for the
/// brown pieces and the side that plays them.
const SIDES_FR: [(&str, &str); 6] = [
    ("Red-Orange", "Rouge-Orange"),
    ("Brown-Black", "Marron-Noir"),
    ("Red", "Rouge"),
    ("Brown", "Marron"),
    ("Orange", "Orange"),
    ("Black", "Noir"),
];

/// A side's name in French letters; any other text as it is.
pub(super) fn side_fr(side: &str) -> &str {
    KIND.side_in(side, Lang::Fr)
}

/// The game's worded values, one of each variant, for the shared test of words.
#[cfg(test)]
fn word_samples() -> Vec<(&'static str, Vec<crate::lang::Sample>)> {
    use crate::lang::samples_shown;
    vec![
        ("diam::Told", samples_shown(&told::tests::every())),
        ("diam::Refused", samples_shown(&refused::tests::every())),
        ("diam::Ending", samples_shown(&ending::tests::every())),
    ]
}

const CELLS: usize = 8;
const HEIGHT: usize = 4;
const PER_COLOUR: u8 = 4;
