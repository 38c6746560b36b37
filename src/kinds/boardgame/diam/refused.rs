//! Why a DIAM move is refused, as a value: the cell, the level, the colours at fault. The
//! English words are its `Display` (the words the position files and the tests know); the
//! French are made by [`Refused::words`] for a French reader.

use super::colour::Colour;
use super::ending::Ending;
use super::notation::HOW;
use crate::lang::{Lang, Worded};

/// A DIAM move not played, and why. Cells and levels are as the player writes them (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    // ---- the line cannot be read ---------------------------------------------------------
    /// A character the notation does not know.
    #[error("cannot read \"{c}\" in \"{text}\": {HOW}")]
    Character { c: char, text: String },
    /// An empty line.
    #[error("no move on this line: {HOW}")]
    NoMove,
    /// A line that starts with neither a verb, a colour nor a cell.
    #[error("cannot read \"{text}\": {HOW}")]
    Unreadable { text: String },
    /// A placement naming two colours.
    #[error("one colour only, in \"{text}\": e.g. PLACE RED 3")]
    TwoColours { text: String },
    /// A word in a placement that is not a colour.
    #[error(
        "\"{word}\" is not a colour: the colours are RED (R), ORANGE (O), BROWN (B) and BLACK (K); e.g. PLACE RED 3"
    )]
    NotAColour { word: String },
    /// A placement naming two cells.
    #[error("one cell only, in \"{text}\": e.g. PLACE RED 3")]
    TwoCells { text: String },
    /// A placement with something else than a colour and a cell.
    #[error("cannot read \"{text}\": a placement is written PLACE RED 3")]
    BadPlacement { text: String },
    /// A placement without a cell.
    #[error("say on which cell to place, in \"{text}\": e.g. PLACE RED 3")]
    NoCell { text: String },
    /// A move without the piece's cell.
    #[error("say which piece to move, in \"{text}\": e.g. MOVE 3/2 RIGHT (cell 3, level 2)")]
    NoPiece { text: String },
    /// `TO` without a cell.
    #[error("say to which cell, in \"{text}\": e.g. MOVE 3/2 TO 4")]
    NoTarget { text: String },
    /// A move without a way.
    #[error("say which way, in \"{text}\": e.g. MOVE 3/2 LEFT or MOVE 3/2 RIGHT (or name the cell: MOVE 3/2 TO 4)")]
    NoWay { text: String },
    /// A move with something else than a piece and a way.
    #[error("cannot read \"{text}\": a move is written MOVE 3/2 RIGHT or MOVE 3/2 LEFT")]
    BadMove { text: String },
    /// A cell outside 1 to 8.
    #[error("cell {cell} does not exist: cells are 1 to 8")]
    NoSuchCell { cell: u32 },
    /// A level outside 1 to 4.
    #[error("level {level} does not exist: levels are 1 (the ground) to 4")]
    NoSuchLevel { level: u32 },

    // ---- the board refuses it ------------------------------------------------------------
    /// The game has ended (`ending`: how).
    #[error("the game is over: {ending}")]
    GameOver { ending: Ending },
    /// Another side is to move.
    #[error("it is not your turn: {mover} is to move")]
    NotYourTurn { mover: String },
    /// A colour of the partner's reserve (`own`: the colours the player places).
    #[error("you may not place from your partner's reserve: {} is {owner}'s; you place {}", .colour.name(), either_en(.own))]
    PartnersReserve {
        colour: Colour,
        owner: String,
        own: Vec<Colour>,
    },
    /// A colour of the other team.
    #[error("{} is {owner}'s colour: you place {}", .colour.name(), either_en(.own))]
    NotYourColour {
        colour: Colour,
        owner: String,
        own: Vec<Colour>,
    },
    /// No colour written, and no piece left to place.
    #[error("your reserves are empty: move a piece instead, e.g. MOVE 3/1 RIGHT")]
    ReservesEmpty,
    /// No colour written, and two could be placed on `cell`.
    #[error("say which colour: {}", which_en(.own, *.cell))]
    WhichColour { own: Vec<Colour>, cell: u32 },
    /// The reserve of that colour is empty (`others`: the colours still in reserve).
    #[error("your {} reserve is empty: {}", .colour.name(), empty_en(.others))]
    ReserveEmpty { colour: Colour, others: Vec<Colour> },
    /// The cell already holds four pieces.
    #[error("cell {cell} is full: a cell holds at most 4 pieces")]
    CellFull { cell: u32 },
    /// No piece at that level (`holds`: the pieces on the cell).
    #[error("there is no piece at {cell}/{level}: cell {cell} {}", holds_en(*.holds))]
    NoPieceAt { cell: u32, level: u32, holds: usize },
    /// No level written, and the cell is empty.
    #[error("cell {cell} is empty")]
    CellEmpty { cell: u32 },
    /// No level written, and none of the pieces on the cell may be moved by the player.
    #[error("cell {cell} holds none of the pieces you may move ({})", either_en(.movable))]
    NoneToMove { cell: u32, movable: Vec<Colour> },
    /// No level written, and several pieces on the cell may be moved.
    #[error("cell {cell} holds pieces you may move at levels {}: say which, e.g. MOVE {cell}/{} RIGHT", and(.levels), .levels[0])]
    WhichLevel { cell: u32, levels: Vec<u32> },
    /// The piece is of a colour the player may not move.
    #[error("the piece at {cell}/{level} is {}: you may move {} pieces", .colour.name(), either_en(.movable))]
    NotYours {
        cell: u32,
        level: u32,
        colour: Colour,
        movable: Vec<Colour>,
    },
    /// The cell named after `TO` is not next to the piece's (`left`, `right`: the two that are).
    #[error("cell {to} is not next to cell {cell}: a piece moves one cell, to {left} or {right}")]
    NotNext { cell: u32, to: u32, left: u32, right: u32 },
    /// The move would stack more than four pieces on `to`.
    #[error("cell {to} would hold {} pieces ({there} there and {carried} moved): a cell holds at most 4", .there + .carried)]
    TooHigh { to: u32, there: usize, carried: usize },
}

fn either_en(colours: &[Colour]) -> String {
    super::colour::either(colours)
}

fn which_en(own: &[Colour], cell: u32) -> String {
    (own.iter())
        .map(|c| format!("PLACE {} {cell}", c.name().to_uppercase()))
        .collect::<Vec<_>>()
        .join(" or ")
}

fn empty_en(others: &[Colour]) -> String {
    match others {
        [] => "move a piece instead".to_string(),
        _ => format!("place {}, or move a piece", either_en(others)),
    }
}

fn holds_en(holds: usize) -> String {
    match holds {
        0 => "is empty".to_string(),
        1 => "holds 1 piece".to_string(),
        n => format!("holds {n} pieces"),
    }
}

fn and(levels: &[u32]) -> String {
    levels.iter().map(u32::to_string).collect::<Vec<_>>().join(" and ")
}

/// A colour in French, as a piece's (`pion rouge`, `pions noirs`).
pub(super) fn fr(colour: Colour, plural: bool) -> String {
    let word = match colour {
        Colour::Red => "rouge",
        Colour::Orange => "orange",
        Colour::Brown => "marron",
        Colour::Black => "noir",
    };
    if plural {
        format!("{word}s")
    } else {
        word.to_string()
    }
}

fn either_fr(colours: &[Colour], plural: bool) -> String {
    colours.iter().map(|&c| fr(c, plural)).collect::<Vec<_>>().join(" ou ")
}

/// How to write a move, in French (the notation's words stay English: they are what is read).
const HOW_FR: &str =
    "écrivez PLACE <couleur> <case> (p. ex. PLACE RED 3) ou MOVE <case>/<niveau> LEFT ou RIGHT (p. ex. MOVE 3/2 RIGHT)";

impl Refused {
    fn french(&self) -> String {
        use Refused as R;
        match self {
            R::Character { c, text } => format!("impossible de lire « {c} » dans « {text} » : {HOW_FR}"),
            R::NoMove => format!("aucun coup sur cette ligne : {HOW_FR}"),
            R::Unreadable { text } => format!("impossible de lire « {text} » : {HOW_FR}"),
            R::TwoColours { text } => format!("une seule couleur, dans « {text} » : p. ex. PLACE RED 3"),
            R::NotAColour { word } => format!(
                "« {word} » n'est pas une couleur : les couleurs sont RED (R), ORANGE (O), BROWN (B) et BLACK (K) ; \
                 p. ex. PLACE RED 3"
            ),
            R::TwoCells { text } => format!("une seule case, dans « {text} » : p. ex. PLACE RED 3"),
            R::BadPlacement { text } => format!("impossible de lire « {text} » : une pose s'écrit PLACE RED 3"),
            R::NoCell { text } => format!("dites sur quelle case poser, dans « {text} » : p. ex. PLACE RED 3"),
            R::NoPiece { text } => format!(
                "dites quel pion déplacer, dans « {text} » : p. ex. MOVE 3/2 RIGHT (case 3, niveau 2)"
            ),
            R::NoTarget { text } => format!("dites vers quelle case, dans « {text} » : p. ex. MOVE 3/2 TO 4"),
            R::NoWay { text } => format!(
                "dites dans quel sens, dans « {text} » : p. ex. MOVE 3/2 LEFT ou MOVE 3/2 RIGHT \
                 (ou nommez la case : MOVE 3/2 TO 4)"
            ),
            R::BadMove { text } => {
                format!("impossible de lire « {text} » : un déplacement s'écrit MOVE 3/2 RIGHT ou MOVE 3/2 LEFT")
            }
            R::NoSuchCell { cell } => format!("la case {cell} n'existe pas : les cases vont de 1 à 8"),
            R::NoSuchLevel { level } => {
                format!("le niveau {level} n'existe pas : les niveaux vont de 1 (le sol) à 4")
            }
            R::GameOver { ending } => format!("la partie est terminée : {}", ending.words(Lang::Fr)),
            R::NotYourTurn { mover } => {
                format!("ce n'est pas votre tour : c'est à {} de jouer", super::side_fr(mover))
            }
            R::PartnersReserve { colour, owner, own } => format!(
                "vous ne pouvez pas poser un pion de la réserve de votre partenaire : les pions {} sont à {} ; \
                 vous posez les pions {}",
                fr(*colour, true),
                super::side_fr(owner),
                either_fr(own, true)
            ),
            R::NotYourColour { colour, owner, own } => format!(
                "les pions {} sont à {} : vous posez les pions {}",
                fr(*colour, true),
                super::side_fr(owner),
                either_fr(own, true)
            ),
            R::ReservesEmpty => {
                "vos réserves sont vides : déplacez plutôt un pion, p. ex. MOVE 3/1 RIGHT".to_string()
            }
            R::WhichColour { own, cell } => format!(
                "dites quelle couleur : {}",
                (own.iter())
                    .map(|c| format!("PLACE {} {cell}", c.name().to_uppercase()))
                    .collect::<Vec<_>>()
                    .join(" ou ")
            ),
            R::ReserveEmpty { colour, others } => match others.as_slice() {
                [] => format!(
                    "vous n'avez plus de pion {} en réserve : déplacez plutôt un pion",
                    fr(*colour, false)
                ),
                _ => format!(
                    "vous n'avez plus de pion {} en réserve : posez un pion {}, ou déplacez un pion",
                    fr(*colour, false),
                    either_fr(others, false)
                ),
            },
            R::CellFull { cell } => format!("la case {cell} est pleine : une case contient au plus 4 pions"),
            R::NoPieceAt { cell, level, holds } => format!(
                "il n'y a pas de pion en {cell}/{level} : la case {cell} {}",
                match holds {
                    0 => "est vide".to_string(),
                    1 => "contient 1 pion".to_string(),
                    n => format!("contient {n} pions"),
                }
            ),
            R::CellEmpty { cell } => format!("la case {cell} est vide"),
            R::NoneToMove { cell, movable } => format!(
                "la case {cell} ne contient aucun des pions que vous pouvez déplacer ({})",
                either_fr(movable, true)
            ),
            R::WhichLevel { cell, levels } => format!(
                "la case {cell} contient des pions que vous pouvez déplacer aux niveaux {} : dites lequel, \
                 p. ex. MOVE {cell}/{} RIGHT",
                levels.iter().map(u32::to_string).collect::<Vec<_>>().join(" et "),
                levels[0]
            ),
            R::NotYours { cell, level, colour, movable } => format!(
                "le pion en {cell}/{level} est {} : vous pouvez déplacer les pions {}",
                fr(*colour, false),
                either_fr(movable, true)
            ),
            R::NotNext { cell, to, left, right } => format!(
                "la case {to} n'est pas voisine de la case {cell} : un pion se déplace d'une case, vers {left} ou {right}"
            ),
            R::TooHigh { to, there, carried } => format!(
                "la case {to} contiendrait {} pions ({there} déjà là et {carried} déplacés) : une case contient au plus 4 pions",
                there + carried
            ),
        }
    }
}

impl Worded for Refused {
    /// The words of the refusal in `lang`.
    fn words(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Fr => self.french(),
        }
    }
}

/// A refusal of DIAM, as the board games' mail game carries it.
impl From<Refused> for crate::kinds::boardgame::Refused {
    fn from(r: Refused) -> crate::kinds::boardgame::Refused {
        crate::kinds::boardgame::Refused::of(r)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::Refused as R;
    use super::*;
    use Colour::{Black, Brown, Orange, Red};

    /// One of each variant (the match makes a new variant fail to compile until it is here).
    pub(crate) fn every() -> Vec<Refused> {
        let t = || "MOVE 3/2".to_string();
        let all = vec![
            R::Character { c: '#', text: t() },
            R::NoMove,
            R::Unreadable { text: t() },
            R::TwoColours { text: t() },
            R::NotAColour { word: "green".into() },
            R::TwoCells { text: t() },
            R::BadPlacement { text: t() },
            R::NoCell { text: t() },
            R::NoPiece { text: t() },
            R::NoTarget { text: t() },
            R::NoWay { text: t() },
            R::BadMove { text: t() },
            R::NoSuchCell { cell: 9 },
            R::NoSuchLevel { level: 5 },
            R::GameOver {
                ending: Ending::Diam {
                    winners: vec!["Red".into()],
                    colour: Red,
                    level: 1,
                    cell: 0,
                    by: None,
                },
            },
            R::NotYourTurn { mover: "Brown".into() },
            R::PartnersReserve {
                colour: Orange,
                owner: "Orange".into(),
                own: vec![Red],
            },
            R::NotYourColour {
                colour: Black,
                owner: "Black".into(),
                own: vec![Red, Orange],
            },
            R::ReservesEmpty,
            R::WhichColour {
                own: vec![Red, Orange],
                cell: 3,
            },
            R::ReserveEmpty {
                colour: Red,
                others: vec![],
            },
            R::ReserveEmpty {
                colour: Red,
                others: vec![Orange],
            },
            R::CellFull { cell: 2 },
            R::NoPieceAt {
                cell: 2,
                level: 3,
                holds: 0,
            },
            R::NoPieceAt {
                cell: 2,
                level: 3,
                holds: 1,
            },
            R::NoPieceAt {
                cell: 2,
                level: 3,
                holds: 2,
            },
            R::CellEmpty { cell: 4 },
            R::NoneToMove {
                cell: 4,
                movable: vec![Brown, Black],
            },
            R::WhichLevel {
                cell: 4,
                levels: vec![1, 3],
            },
            R::NotYours {
                cell: 4,
                level: 1,
                colour: Red,
                movable: vec![Brown],
            },
            R::NotNext {
                cell: 1,
                to: 5,
                left: 8,
                right: 2,
            },
            R::TooHigh {
                to: 3,
                there: 3,
                carried: 2,
            },
        ];
        for r in &all {
            match r {
                R::Character { .. }
                | R::NoMove
                | R::Unreadable { .. }
                | R::TwoColours { .. }
                | R::NotAColour { .. }
                | R::TwoCells { .. }
                | R::BadPlacement { .. }
                | R::NoCell { .. }
                | R::NoPiece { .. }
                | R::NoTarget { .. }
                | R::NoWay { .. }
                | R::BadMove { .. }
                | R::NoSuchCell { .. }
                | R::NoSuchLevel { .. }
                | R::GameOver { .. }
                | R::NotYourTurn { .. }
                | R::PartnersReserve { .. }
                | R::NotYourColour { .. }
                | R::ReservesEmpty
                | R::WhichColour { .. }
                | R::ReserveEmpty { .. }
                | R::CellFull { .. }
                | R::NoPieceAt { .. }
                | R::CellEmpty { .. }
                | R::NoneToMove { .. }
                | R::WhichLevel { .. }
                | R::NotYours { .. }
                | R::NotNext { .. }
                | R::TooHigh { .. } => {}
            }
        }
        all
    }

    #[test]
    fn the_french_names_the_facts() {
        assert_eq!(
            R::TooHigh {
                to: 3,
                there: 3,
                carried: 2
            }
            .words(Lang::Fr),
            "la case 3 contiendrait 5 pions (3 déjà là et 2 déplacés) : une case contient au plus 4 pions"
        );
        assert_eq!(
            R::NotYourColour {
                colour: Black,
                owner: "Black".into(),
                own: vec![Red, Orange]
            }
            .words(Lang::Fr),
            "les pions noirs sont à Noir : vous posez les pions rouges ou oranges"
        );
        assert_eq!(
            R::NoPieceAt {
                cell: 2,
                level: 3,
                holds: 1
            }
            .to_string(),
            "there is no piece at 2/3: cell 2 holds 1 piece"
        );
    }

    #[test]
    fn no_french_refusal_quotes_with_backticks() {
        // French typography quotes with « »; a backtick is Markdown, which letters are not.
        for r in every() {
            let fr = r.words(Lang::Fr);
            assert!(!fr.contains('`'), "{r:?}: {fr}");
        }
    }
}
