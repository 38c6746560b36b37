//! The four colours of DIAM, the team of each, and how they are written.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Red,
    Orange,
    Brown,
    Black,
}

use Colour::{Black, Brown, Orange, Red};

pub(super) const COLOURS: [Colour; 4] = [Red, Orange, Brown, Black];

impl Colour {
    pub(super) fn index(self) -> usize {
        self as usize
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Red => "red",
            Orange => "orange",
            Brown => "brown",
            Black => "black",
        }
    }

    pub(super) fn letter(self) -> char {
        match self {
            Red => 'R',
            Orange => 'O',
            Brown => 'B',
            Black => 'K',
        }
    }

    /// Team 0 is red and orange, team 1 brown and black.
    pub(super) fn team(self) -> usize {
        self.index() / 2
    }

    /// A colour as written (lower case).
    pub(super) fn read(word: &str) -> Option<Colour> {
        match word {
            "red" | "r" | "rouge" => Some(Red),
            "orange" | "o" => Some(Orange),
            "brown" | "b" | "marron" | "brun" => Some(Brown),
            "black" | "k" | "noir" => Some(Black),
            _ => None,
        }
    }
}

/// Colours as a choice: `red`, `red or orange`.
pub(super) fn either(colours: &[Colour]) -> String {
    colours.iter().map(|c| c.name()).collect::<Vec<_>>().join(" or ")
}
