//! A game of DIAM drawn (issue #15): the ring of 8 cells, each cell's stack of up to 4
//! pieces, the last move and any DIAM, and a legend.
//!
//! The input is a typed [`DiamView`], built by the game itself
//! (`Game::view`); this module knows nothing of the game's rules, and draws with the
//! board games' shared strokes (`crate::picture::board`). The
//! drawing depends only on the view (no clock, no hashing order, numbers with one
//! decimal), so that the same position always gives the same bytes.
//!
//! The ring is drawn as the players see it from above, cell 1 at the top and the cells
//! clockwise; each cell is a column of its 4 levels, the ground at the bottom. Colours
//! follow the pieces' own (red, orange, brown, black) in tones that stay apart for
//! colour-blind readers (vermillion and orange of Okabe–Ito, a dark brown, black); no fact
//! rests on colour alone: one team's pieces are discs and the other's squares, and each
//! piece carries its letter (R, O, B, K).

use super::colour::COLOURS;
use crate::lang::Lang;
use crate::picture::board::{arrow, badge, escape, open, toward, wrap, INK, N, ON, PALETTE};
use crate::picture::Pt;
use std::fmt::Write;

/// The colour of a piece. Red and orange are one team's, brown and black the other's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Red,
    Orange,
    Brown,
    Black,
}

impl Piece {
    /// Every colour, in the order of [`DiamView::reserve`].
    pub const ALL: [Piece; 4] = [Piece::Red, Piece::Orange, Piece::Brown, Piece::Black];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        ["red", "orange", "brown", "black"][self.index()]
    }

    pub fn letter(self) -> char {
        ['R', 'O', 'B', 'K'][self.index()]
    }

    /// The colour's word in `lang`, as the board's text writes it (`3 rouges`).
    fn word(self, lang: Lang, plural: bool) -> String {
        match lang {
            Lang::En => self.name().to_string(),
            Lang::Fr => super::refused::fr(COLOURS[self.index()], plural),
        }
    }

    /// 0 for red and orange, 1 for brown and black.
    pub fn team(self) -> usize {
        self.index() / 2
    }

    fn fill(self) -> &'static str {
        match self {
            Piece::Red => PALETTE[4],
            Piece::Orange => PALETTE[2],
            Piece::Brown => "#7b4a22",
            Piece::Black => "#000",
        }
    }

    fn ink(self) -> &'static str {
        match self {
            Piece::Red => ON[4],
            Piece::Orange => ON[2],
            Piece::Brown | Piece::Black => "#fff",
        }
    }
}

/// One side of the game: its name and the colours of its reserve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiamSide {
    pub name: String,
    pub colours: Vec<Piece>,
}

/// The move that made the position. Cells and levels count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiamLast {
    /// `side` placed `piece` on `cell`, where it stands at `level`.
    Place {
        side: usize,
        piece: Piece,
        cell: usize,
        level: usize,
    },
    /// `side` moved the piece at `from`/`level` to `to`, where it landed at `landing`;
    /// `carried` pieces moved in all (the piece and those above it).
    Move {
        side: usize,
        from: usize,
        level: usize,
        to: usize,
        landing: usize,
        carried: usize,
    },
}

/// A DIAM on the board: `piece` at `level` on `cell` (0 to 3) and `cell + 4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiamPair {
    pub piece: Piece,
    pub cell: usize,
    pub level: usize,
}

/// What a picture of DIAM shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiamView {
    /// Each cell's stack, bottom first; cell 1 is index 0.
    pub cells: [Vec<Piece>; 8],
    /// The sides in seat order.
    pub sides: Vec<DiamSide>,
    /// Pieces left in reserve, by [`Piece::index`].
    pub reserve: [u8; 4],
    /// The side whose move is awaited; `None` once over.
    pub to_move: Option<usize>,
    pub moves: usize,
    pub move_limit: Option<usize>,
    pub last: Option<DiamLast>,
    /// The DIAMs on the board (the one that ended the game).
    pub diams: Vec<DiamPair>,
    /// How the game ended, once it has.
    pub result: Option<String>,
}

const W: f64 = 760.0;
const CX: f64 = 380.0;
const CY: f64 = 300.0;
/// The ring's radius: the cells' columns stand on it.
const R: f64 = 215.0;
const SLOT_W: f64 = 44.0;
const SLOT_H: f64 = 28.0;
const LEVELS: usize = 4;
/// Where the legend begins.
const BOARD_H: f64 = 612.0;
const PAPER: &str = "#fbf8f1";
const RING: &str = "#efe5cf";
const RING_EDGE: &str = "#b9ab8f";
const GREY: &str = "#8a8174";

/// The middle of cell `cell`'s column (cell 1 at the top, then clockwise).
fn cell_at(cell: usize) -> Pt {
    let a = (cell as f64 * 45.0 - 90.0).to_radians();
    Pt::new(CX + R * a.cos(), CY + R * a.sin())
}

/// The middle of the place at `level` of `cell`.
fn slot(cell: usize, level: usize) -> Pt {
    let c = cell_at(cell);
    let half = SLOT_H * LEVELS as f64 / 2.0;
    Pt::new(c.x, c.y + half - SLOT_H * (level as f64 + 0.5))
}

/// The picture of a game of DIAM, as SVG, its words in `lang` (the view's names and result
/// are already the reader's).
pub fn draw_in(view: &DiamView, lang: Lang) -> String {
    let mut o = String::with_capacity(24 * 1024);
    let legend = legend_lines(view, lang);
    let h = BOARD_H + legend.height();
    let title = match lang {
        Lang::En => format!(
            "DIAM after {} move{}",
            view.moves,
            if view.moves == 1 { "" } else { "s" }
        ),
        Lang::Fr => format!(
            "DIAM après {} coup{}",
            view.moves,
            if view.moves > 1 { "s" } else { "" }
        ),
    };
    open(&mut o, W, h, &title);
    let _ = writeln!(o, "<rect width=\"{W}\" height=\"{}\" fill=\"{PAPER}\"/>", N(h));
    ring(&mut o);
    for cell in 0..8 {
        column(&mut o, view, cell);
    }
    if let Some(last) = view.last {
        last_move(&mut o, last);
    }
    for d in &view.diams {
        diam(&mut o, d, lang);
    }
    legend.write(&mut o, view, lang);
    o.push_str("</svg>\n");
    o
}

fn ring(o: &mut String) {
    let _ = writeln!(
        o,
        "<circle cx=\"{CX}\" cy=\"{CY}\" r=\"{R}\" fill=\"none\" stroke=\"{RING_EDGE}\" stroke-width=\"70\"/><circle cx=\"{CX}\" cy=\"{CY}\" r=\"{R}\" fill=\"none\" stroke=\"{RING}\" stroke-width=\"67\"/>"
    );
    // Facing cells, across the ring: the pairs a DIAM is made on.
    o.push_str("<g stroke=\"#b0a48c\" stroke-width=\"1.2\" stroke-dasharray=\"5 5\">\n");
    for cell in 0..4 {
        let (a, b) = (cell_at(cell), cell_at(cell + 4));
        let (a, b) = (toward(a, b, 62.0), toward(b, a, 62.0));
        let _ = writeln!(o, "<path d=\"M{},{}L{},{}\"/>", N(a.x), N(a.y), N(b.x), N(b.y));
    }
    o.push_str("</g>\n");
}

fn piece(o: &mut String, p: Piece, at: Pt) {
    if p.team() == 0 {
        let _ = write!(
            o,
            "<circle cx=\"{}\" cy=\"{}\" r=\"12\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.3\"/>",
            N(at.x),
            N(at.y),
            p.fill()
        );
    } else {
        let _ = write!(
            o,
            "<rect x=\"{}\" y=\"{}\" width=\"23\" height=\"23\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.3\"/>",
            N(at.x - 11.5),
            N(at.y - 11.5),
            p.fill()
        );
    }
    let _ = writeln!(
        o,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
        N(at.x),
        N(at.y + 4.3),
        p.ink(),
        p.letter()
    );
}

fn column(o: &mut String, view: &DiamView, cell: usize) {
    let c = cell_at(cell);
    let half = SLOT_H * LEVELS as f64 / 2.0;
    let _ = writeln!(
        o,
        "<rect x=\"{}\" y=\"{}\" width=\"{SLOT_W}\" height=\"{}\" rx=\"4\" fill=\"#fff\" stroke=\"{RING_EDGE}\" stroke-width=\"1.2\"/>",
        N(c.x - SLOT_W / 2.0),
        N(c.y - half),
        N(2.0 * half)
    );
    for level in 0..LEVELS {
        let at = slot(cell, level);
        let _ = write!(
            o,
            "<text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"end\" fill=\"{GREY}\">{}</text>",
            N(c.x - SLOT_W / 2.0 - 3.0),
            N(at.y + 3.0),
            level + 1
        );
        if level > 0 {
            let y = at.y + SLOT_H / 2.0;
            let _ = write!(
                o,
                "<path d=\"M{},{}h{}\" stroke=\"#e4dccb\"/>",
                N(c.x - SLOT_W / 2.0 + 3.0),
                N(y),
                N(SLOT_W - 6.0)
            );
        }
        match view.cells[cell].get(level) {
            Some(&p) => piece(o, p, at),
            None => o.push('\n'),
        }
    }
    let b = Pt::new(c.x, c.y + half + 15.0);
    let _ = writeln!(
        o,
        "<circle cx=\"{}\" cy=\"{}\" r=\"10\" fill=\"#5c5244\"/><text x=\"{}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
        N(b.x),
        N(b.y),
        N(b.x),
        N(b.y + 4.2),
        cell + 1
    );
}

/// A frame round the places `levels` of `cell`: solid for pieces, dashed for places
/// left empty.
fn frame(o: &mut String, cell: usize, levels: std::ops::Range<usize>, dashed: bool) {
    let top = slot(cell, levels.end - 1);
    let bottom = slot(cell, levels.start);
    let (x, y) = (top.x - SLOT_W / 2.0 - 2.0, top.y - SLOT_H / 2.0 - 1.0);
    let h = bottom.y - top.y + SLOT_H + 2.0;
    let dash = if dashed { " stroke-dasharray=\"4 3\"" } else { "" };
    let _ = writeln!(
        o,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"none\" stroke=\"#fff\" stroke-width=\"5\"/><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"2.6\"{dash}/>",
        N(x),
        N(y),
        N(SLOT_W + 4.0),
        N(h),
        N(x),
        N(y),
        N(SLOT_W + 4.0),
        N(h)
    );
}

fn last_move(o: &mut String, last: DiamLast) {
    match last {
        DiamLast::Place { cell, level, .. } => {
            frame(o, cell, level..level + 1, false);
            let at = slot(cell, level);
            badge(o, Pt::new(at.x + SLOT_W / 2.0 + 4.0, at.y - SLOT_H / 2.0), 8.0, "+");
        }
        DiamLast::Move {
            from,
            level,
            to,
            landing,
            carried,
            ..
        } => {
            let carried = carried.max(1);
            let left = level..(level + carried).min(LEVELS);
            let landed = landing..(landing + carried).min(LEVELS);
            frame(o, from, left.clone(), true);
            frame(o, to, landed.clone(), false);
            let mid = |cell: usize, r: std::ops::Range<usize>| {
                let (a, b) = (slot(cell, r.start), slot(cell, r.end - 1));
                Pt::new(a.x, (a.y + b.y) / 2.0)
            };
            let (a, b) = (mid(from, left), mid(to, landed));
            arrow(
                o,
                toward(a, b, SLOT_W / 2.0 + 6.0),
                toward(b, a, SLOT_W / 2.0 + 6.0),
                INK,
                3.0,
            );
        }
    }
}

fn diam(o: &mut String, d: &DiamPair, lang: Lang) {
    let (a, b) = (slot(d.cell, d.level), slot(d.cell + 4, d.level));
    let (a2, b2) = (toward(a, b, 15.0), toward(b, a, 15.0));
    let _ = writeln!(
        o,
        "<path d=\"M{},{}L{},{}\" stroke=\"#fff\" stroke-width=\"8\"/><path d=\"M{},{}L{},{}\" stroke=\"{INK}\" stroke-width=\"4\"/>",
        N(a2.x),
        N(a2.y),
        N(b2.x),
        N(b2.y),
        N(a2.x),
        N(a2.y),
        N(b2.x),
        N(b2.y)
    );
    let m = Pt::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    let _ = writeln!(
        o,
        "<rect x=\"{}\" y=\"{}\" width=\"112\" height=\"22\" rx=\"4\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.5\"/><text x=\"{}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">DIAM, {} {}</text>",
        N(m.x - 56.0),
        N(m.y - 11.0),
        d.piece.fill(),
        N(m.x),
        N(m.y + 4.3),
        d.piece.ink(),
        match lang {
            Lang::En => "level",
            Lang::Fr => "niveau",
        },
        d.level + 1
    );
}

/// The legend's lines of text, measured before the picture's height is known.
struct Legend {
    status: Vec<String>,
    last: Vec<String>,
    key: Vec<String>,
}

const KEY_FR: &str = "disque : rouge, orange (une équipe) · carré : marron, noir (l'autre) · lettre : couleur \
                      (K noir) · nombres à gauche d'une case : ses niveaux · tirets : la case N fait face à la case \
                      N+4 · cadre et flèche : le dernier coup (cadre en tirets : d'où il part ; + : un pion posé)";

const KEY: &str = "disc: red, orange (one team) · square: brown, black (the other) · letter: colour (K black) · \
                   numbers left of a cell: its levels · dashed lines: cell N faces cell N+4 · frame and arrow: \
                   the last move (dashed frame: where it left; +: a piece placed)";

impl Legend {
    fn height(&self) -> f64 {
        // The title and the sides (to the first line at 80), the last move and the status,
        // the key, a margin.
        81.0 + 16.0 * (self.last.len() + self.status.len()) as f64 + 13.0 * self.key.len() as f64
    }

    fn write(&self, o: &mut String, view: &DiamView, lang: Lang) {
        let fr = lang == Lang::Fr;
        let top = BOARD_H;
        let _ = writeln!(
            o,
            "<g font-size=\"12\" fill=\"{INK}\"><path d=\"M0,{}H{W}\" stroke=\"{RING_EDGE}\"/>",
            N(top)
        );
        let limit = match (view.move_limit, fr) {
            (Some(l), false) => format!(" (drawn at {l})"),
            (Some(l), true) => format!(" (partie nulle à {l})"),
            (None, _) => String::new(),
        };
        let _ = writeln!(
            o,
            "<text x=\"12\" y=\"{}\" font-size=\"15\" font-weight=\"bold\">DIAM · {}</text>",
            N(top + 20.0),
            escape(&match (fr, view.moves) {
                (false, 1) => format!("{} players · 1 move played{limit}", view.sides.len()),
                (false, n) => format!("{} players · {n} moves played{limit}", view.sides.len()),
                (true, n) => format!(
                    "{} joueurs · {n} coup{s} joué{s}{limit}",
                    view.sides.len(),
                    s = if n > 1 { "s" } else { "" }
                ),
            })
        );
        let step = (W - 24.0) / view.sides.len().max(1) as f64;
        for (i, side) in view.sides.iter().enumerate() {
            let x = 12.0 + step * i as f64;
            let y = top + 44.0;
            for (k, &p) in side.colours.iter().enumerate() {
                piece(o, p, Pt::new(x + 12.0 + 27.0 * k as f64, y - 4.0));
            }
            let tx = x + 6.0 + 27.0 * side.colours.len() as f64;
            let turn = match (view.to_move == Some(i), fr) {
                (true, false) => " ◀ to move",
                (true, true) => " ◀ à jouer",
                (false, _) => "",
            };
            let _ = writeln!(
                o,
                "<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}{turn}</text>",
                N(tx),
                N(y),
                escape(&side.name)
            );
            let reserve: Vec<String> = side
                .colours
                .iter()
                .map(|p| {
                    let n = view.reserve[p.index()];
                    format!("{n} {}", p.word(lang, n > 1))
                })
                .collect();
            let _ = writeln!(
                o,
                "<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>",
                N(tx),
                N(y + 15.0),
                escape(&match lang {
                    Lang::En => format!("reserve: {}", reserve.join(", ")),
                    Lang::Fr => format!("réserve : {}", reserve.join(", ")),
                })
            );
        }
        let mut y = top + 80.0;
        for line in self.last.iter().chain(&self.status) {
            let _ = writeln!(o, "<text x=\"12\" y=\"{}\">{}</text>", N(y), escape(line));
            y += 16.0;
        }
        for (k, line) in self.key.iter().enumerate() {
            let _ = writeln!(
                o,
                "<text x=\"12\" y=\"{}\" font-size=\"10.5\" fill=\"#4a4238\">{}</text>",
                N(y + 4.0 + 13.0 * k as f64),
                escape(line)
            );
        }
        o.push_str("</g>\n");
    }
}

fn side_name(view: &DiamView, side: usize) -> &str {
    view.sides.get(side).map_or("?", |s| s.name.as_str())
}

/// The legend's lines in the reader's language, in the words of the board's text in it: the
/// last move, whose turn it is or how the game ended, and the key.
fn legend_lines(view: &DiamView, lang: Lang) -> Legend {
    let last = match view.last {
        None => match lang {
            Lang::En => "Last move: none shown.".to_string(),
            Lang::Fr => "Dernier coup : aucun.".to_string(),
        },
        Some(DiamLast::Place {
            side,
            piece,
            cell,
            level,
        }) => {
            let (who, cell, level) = (side_name(view, side), cell + 1, level + 1);
            match lang {
                Lang::En => format!(
                    "Last move: {who} placed {} on cell {cell} (level {level}).",
                    piece.name()
                ),
                Lang::Fr => format!(
                    "Dernier coup : {who} a posé un pion {} sur la case {cell} (niveau {level}).",
                    piece.word(Lang::Fr, false)
                ),
            }
        }
        Some(DiamLast::Move {
            side,
            from,
            level,
            to,
            landing,
            carried,
        }) => {
            let piece = view.cells[to].get(landing);
            let who = side_name(view, side);
            let (from, level, cell, landing) = (from + 1, level + 1, to + 1, landing + 1);
            let above = carried.saturating_sub(1);
            match lang {
                Lang::En => {
                    let moved = piece.map_or("a piece", |p| p.name());
                    let above = match above {
                        0 => String::new(),
                        1 => ", carrying 1 piece above it".to_string(),
                        n => format!(", carrying {n} pieces above it"),
                    };
                    format!(
                        "Last move: {who} moved {moved} from {from}/{level} to cell {cell} (level {landing}){above}."
                    )
                }
                Lang::Fr => {
                    let moved = piece.map_or("un pion".to_string(), |p| {
                        format!("le pion {}", p.word(Lang::Fr, false))
                    });
                    let above = match above {
                        0 => String::new(),
                        1 => ", avec 1 pion au-dessus".to_string(),
                        n => format!(", avec {n} pions au-dessus"),
                    };
                    format!(
                        "Dernier coup : {who} a déplacé {moved} de {from}/{level} sur la case {cell} (niveau {landing}){above}."
                    )
                }
            }
        }
    };
    let status = match (&view.result, view.to_move, lang) {
        (Some(result), _, Lang::En) => format!("Game over: {result}."),
        (Some(result), _, Lang::Fr) => format!("Partie terminée : {result}."),
        (None, Some(s), Lang::En) => format!("{} to move.", side_name(view, s)),
        (None, Some(s), Lang::Fr) => format!("À {} de jouer.", side_name(view, s)),
        (None, None, _) => String::new(),
    };
    let key = match lang {
        Lang::En => KEY,
        Lang::Fr => KEY_FR,
    };
    Legend {
        last: wrap(&last, 110),
        status: wrap(&status, 110),
        key: wrap(key, 124),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_cuts_at_spaces_within_the_width() {
        assert_eq!(wrap("one two three four", 9), ["one two", "three", "four"]);
        assert_eq!(wrap("a-very-long-word here", 5), ["a-very-long-word", "here"]);
        assert!(wrap("   ", 10).is_empty());
    }

    #[test]
    fn numbers_have_one_decimal_and_no_minus_zero() {
        assert_eq!(
            format!("{} {} {} {}", N(1.25), N(-0.04), N(3.0), N(-2.36)),
            "1.3 0 3 -2.4"
        );
    }
}
