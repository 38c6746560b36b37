//! A game of Diabolik Fleet drawn (issue #15): the sea grid, every ship with its heading,
//! the last turn's acts (moves, turns, sinkings with their broadsides, rebuilds), the
//! ships it sank, and a legend.
//!
//! The input is a typed [`FleetView`], built by the game itself
//! (`boardgame::diabolik::Diabolik::view`); this module knows nothing of the rules. The
//! drawing depends only on the view, so the same position always gives the same bytes.
//!
//! A ship is an arrow-shaped hull whose bow points along its heading, in its fleet's
//! colour (Okabe–Ito: South blue, West bluish green, North orange, East reddish purple)
//! with its fleet's initial; each fleet's edge of the board is banded in its colour. The
//! last turn's acts carry their number in order; a sinking is certain once two flanks bear
//! on the target, so the game has no missed shot: the picture shows the broadsides that
//! sank a ship and the wreck where it was.

use crate::lang::Lang;
use crate::picture::board::{arrow, badge, escape, open, toward, wrap, INK, N, ON, PALETTE};
use crate::picture::Pt;
use std::fmt::{self, Write};

/// A square of the board: `file` from 0 (A), `row` from 0 (row 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    pub file: u8,
    pub row: u8,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.file), u32::from(self.row) + 1)
    }
}

/// The edge a fleet starts from (and names it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    South,
    West,
    North,
    East,
}

impl Edge {
    fn colour(self) -> (&'static str, &'static str) {
        let i = match self {
            Edge::South => 0,
            Edge::West => 3,
            Edge::North => 2,
            Edge::East => 5,
        };
        (PALETTE[i], ON[i])
    }

    /// Where the fleet sails: its heading towards the opposite edge, in eighths.
    fn forward(self) -> u8 {
        match self {
            Edge::South => 0,
            Edge::West => 2,
            Edge::North => 4,
            Edge::East => 6,
        }
    }
}

/// A heading's name: `eighths` of a turn clockwise from N.
fn heading_name(eighths: u8) -> &'static str {
    ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][usize::from(eighths % 8)]
}

/// One fleet and its counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fleet {
    pub name: String,
    pub edge: Edge,
    /// Eliminated or resigned.
    pub out: bool,
    pub afloat: usize,
    /// Enemy ships it sank, and ships of its own lost.
    pub sank: u32,
    pub lost: u32,
    /// Ships on its far row.
    pub arrived: usize,
    /// Has asked to stop the game here.
    pub stop: bool,
}

/// A ship on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ship {
    pub at: Square,
    /// Index into [`FleetView::fleets`].
    pub fleet: usize,
    /// Where its bow points: eighths of a turn clockwise from N (towards the top row).
    pub heading: u8,
    /// On its far row for good.
    pub frozen: bool,
}

/// One act of the last turn, as done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    Move {
        from: Square,
        to: Square,
        heading: u8,
    },
    Turn {
        at: Square,
        heading: u8,
    },
    /// The ship of `fleet` that was on `at`, sunk by the broadsides of `guns`.
    Sink {
        at: Square,
        fleet: usize,
        heading: u8,
        guns: Vec<Square>,
    },
    Build {
        at: Square,
        heading: u8,
    },
}

/// The last turn played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub fleet: usize,
    pub bonus: bool,
    /// Cannonballs spent, of `budget`.
    pub spent: u32,
    pub budget: u32,
    pub acts: Vec<Act>,
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The fleet chooses its headings before the first turn.
    Deploying(usize),
    /// The fleet plays its normal turn number `turn`, or its bonus turn.
    ToMove {
        fleet: usize,
        bonus: bool,
        turn: u32,
        budget: u32,
    },
    /// How the game ended.
    Over(String),
}

/// What a picture of Diabolik Fleet shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetView {
    /// 8 or 12 squares a side.
    pub size: u8,
    pub fleets: Vec<Fleet>,
    pub ships: Vec<Ship>,
    pub status: Status,
    pub last: Option<Turn>,
    /// Ships on the far row that win, and the fleet size below which a fleet is beaten.
    pub arrivals: usize,
    pub min_fleet: usize,
}

const W: f64 = 600.0;
const BOARD: f64 = 432.0;
const OX: f64 = 84.0;
const OY: f64 = 56.0;
const BOARD_H: f64 = 548.0;
const PAPER: &str = "#fbf8f1";
const SEA: [&str; 2] = ["#d7e8f3", "#c4dbea"];
const GRID: &str = "#8fb0c6";

struct Frame {
    size: u8,
    /// A square's side.
    s: f64,
}

impl Frame {
    /// The middle of `sq` (row 1 at the bottom).
    fn at(&self, sq: Square) -> Pt {
        let n = f64::from(self.size);
        Pt::new(
            OX + self.s * (f64::from(sq.file) + 0.5),
            OY + self.s * (n - f64::from(sq.row) - 0.5),
        )
    }
}

/// The picture of a game of Diabolik Fleet, as SVG, its words in `lang` (the view's fleet
/// names and result are already the reader's).
pub fn draw_in(view: &FleetView, lang: Lang) -> String {
    let size = view.size.max(1);
    let f = Frame {
        size,
        s: BOARD / f64::from(size),
    };
    let legend = Legend::of(view, lang);
    let h = BOARD_H + legend.height();
    let mut o = String::with_capacity(32 * 1024);
    open(&mut o, W, h, &format!("Diabolik Fleet — {}", status_line(view, lang)));
    let _ = writeln!(o, "<rect width=\"{W}\" height=\"{}\" fill=\"{PAPER}\"/>", N(h));
    sea(&mut o, &f, view, lang);
    if let Some(turn) = &view.last {
        under(&mut o, &f, view, turn);
    }
    for ship in &view.ships {
        hull(&mut o, &f, view, ship);
    }
    if let Some(turn) = &view.last {
        over(&mut o, &f, view, turn);
    }
    legend.write(&mut o, view, lang);
    o.push_str("</svg>\n");
    o
}

fn fleet_colour(view: &FleetView, fleet: usize) -> (&'static str, &'static str) {
    view.fleets.get(fleet).map_or(("#888", "#000"), |f| f.edge.colour())
}

fn fleet_name(view: &FleetView, fleet: usize) -> &str {
    view.fleets.get(fleet).map_or("?", |f| f.name.as_str())
}

fn sea(o: &mut String, f: &Frame, view: &FleetView, lang: Lang) {
    let n = f.size;
    o.push_str("<g>\n");
    for row in 0..n {
        for file in 0..n {
            let c = f.at(Square { file, row });
            let _ = write!(
                o,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>",
                N(c.x - f.s / 2.0),
                N(c.y - f.s / 2.0),
                N(f.s),
                N(f.s),
                SEA[usize::from((file + row) % 2)]
            );
        }
        o.push('\n');
    }
    let _ = writeln!(
        o,
        "<rect x=\"{OX}\" y=\"{OY}\" width=\"{BOARD}\" height=\"{BOARD}\" fill=\"none\" stroke=\"{GRID}\" stroke-width=\"1.5\"/>"
    );
    o.push_str("</g>\n");
    // Each fleet's edge, banded in its colour and named; a fleet out of the game in grey.
    for fleet in &view.fleets {
        let (c, _) = fleet.edge.colour();
        let c = if fleet.out { "#b5b0a6" } else { c };
        let (x, y, w, h) = match fleet.edge {
            Edge::South => (OX, OY + BOARD + 3.0, BOARD, 6.0),
            Edge::North => (OX, OY - 9.0, BOARD, 6.0),
            Edge::West => (OX - 9.0, OY, 6.0, BOARD),
            Edge::East => (OX + BOARD + 3.0, OY, 6.0, BOARD),
        };
        let _ = writeln!(
            o,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{c}\" stroke=\"{INK}\" stroke-width=\"0.6\"/>",
            N(x),
            N(y),
            N(w),
            N(h)
        );
        let mid = BOARD / 2.0;
        let heading = heading_name(fleet.edge.forward());
        let label = match (lang, fleet.out) {
            (Lang::En, out) => format!("{}{}, sails {heading}", fleet.name, if out { " (out)" } else { "" }),
            (Lang::Fr, out) => format!("{}{}, cap {heading}", fleet.name, if out { " (hors jeu)" } else { "" }),
        };
        let (tx, ty, rot) = match fleet.edge {
            Edge::South => (OX + mid, OY + BOARD + 44.0, 0),
            Edge::North => (OX + mid, OY - 32.0, 0),
            Edge::West => (OX - 44.0, OY + mid, -90),
            Edge::East => (OX + BOARD + 44.0, OY + mid, 90),
        };
        let _ = writeln!(
            o,
            "<text transform=\"translate({},{}) rotate({rot})\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{INK}\">{}</text>",
            N(tx),
            N(ty + 4.0),
            escape(&label)
        );
    }
    // Files and rows, on all four sides.
    o.push_str("<g font-size=\"11\" text-anchor=\"middle\" fill=\"#3b4f5e\">\n");
    for k in 0..n {
        let c = f.at(Square { file: k, row: k });
        let letter = char::from(b'A' + k);
        for y in [OY - 15.0, OY + BOARD + 23.0] {
            let _ = write!(o, "<text x=\"{}\" y=\"{}\">{letter}</text>", N(c.x), N(y));
        }
        for x in [OX - 20.0, OX + BOARD + 20.0] {
            let _ = write!(o, "<text x=\"{}\" y=\"{}\">{}</text>", N(x), N(c.y + 4.0), k + 1);
        }
        o.push('\n');
    }
    o.push_str("</g>\n");
}

/// A hull's outline pointing N, in squares from the middle of its square.
const HULL: [(f64, f64); 5] = [(0.0, -0.43), (0.21, -0.12), (0.19, 0.36), (-0.19, 0.36), (-0.21, -0.12)];

fn hull_path(o: &mut String, f: &Frame, at: Pt, heading: u8, style: &str) {
    o.push_str("<path d=\"");
    for (i, (x, y)) in HULL.iter().enumerate() {
        o.push(if i == 0 { 'M' } else { 'L' });
        let _ = write!(o, "{},{}", N(x * f.s), N(y * f.s));
    }
    let _ = write!(
        o,
        "Z\" transform=\"translate({},{}) rotate({})\" {style}/>",
        N(at.x),
        N(at.y),
        u32::from(heading % 8) * 45
    );
}

fn hull(o: &mut String, f: &Frame, view: &FleetView, ship: &Ship) {
    let at = f.at(ship.at);
    let (c, ink) = fleet_colour(view, ship.fleet);
    if ship.frozen {
        let _ = write!(
            o,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"3\"/>",
            N(at.x - f.s / 2.0 + 2.5),
            N(at.y - f.s / 2.0 + 2.5),
            N(f.s - 5.0),
            N(f.s - 5.0)
        );
    }
    hull_path(
        o,
        f,
        at,
        ship.heading,
        &format!("fill=\"{c}\" stroke=\"{INK}\" stroke-width=\"1.3\" stroke-linejoin=\"round\""),
    );
    let letter = fleet_name(view, ship.fleet).chars().next().unwrap_or('?');
    let size = (f.s * 0.3).max(10.0);
    let _ = writeln!(
        o,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
        N(at.x),
        N(at.y + size * 0.36),
        N(size),
        escape(&letter.to_string())
    );
}

fn occupied(view: &FleetView, sq: Square) -> bool {
    view.ships.iter().any(|s| s.at == sq)
}

/// Under the ships: where moved ships were, the wrecks, and the wakes of the moves.
fn under(o: &mut String, f: &Frame, view: &FleetView, turn: &Turn) {
    let (c, _) = fleet_colour(view, turn.fleet);
    for act in &turn.acts {
        match act {
            Act::Move { from, heading, .. } if !occupied(view, *from) => hull_path(
                o,
                f,
                f.at(*from),
                *heading,
                &format!(
                    "fill=\"#fff\" fill-opacity=\"0.5\" stroke=\"{c}\" stroke-width=\"1.8\" stroke-dasharray=\"4 3\""
                ),
            ),
            Act::Sink { at, fleet, heading, .. } => {
                let (wc, _) = fleet_colour(view, *fleet);
                let p = f.at(*at);
                hull_path(
                    o,
                    f,
                    p,
                    *heading,
                    &format!(
                        "fill=\"{wc}\" fill-opacity=\"0.35\" stroke=\"{INK}\" stroke-width=\"1\" stroke-dasharray=\"3 2\""
                    ),
                );
                let d = f.s * 0.3;
                let _ = writeln!(
                    o,
                    "<path d=\"M{0},{1}L{2},{3}M{0},{3}L{2},{1}\" stroke=\"#fff\" stroke-width=\"6\" stroke-linecap=\"round\"/><path d=\"M{0},{1}L{2},{3}M{0},{3}L{2},{1}\" stroke=\"{INK}\" stroke-width=\"3\" stroke-linecap=\"round\"/>",
                    N(p.x - d),
                    N(p.y - d),
                    N(p.x + d),
                    N(p.y + d)
                );
            }
            _ => {}
        }
    }
    for act in &turn.acts {
        if let Act::Move { from, to, .. } = act {
            let (a, b) = (f.at(*from), f.at(*to));
            let _ = writeln!(
                o,
                "<path d=\"M{},{}L{},{}\" stroke=\"{INK}\" stroke-width=\"2\" stroke-dasharray=\"2 3\"/>",
                N(a.x),
                N(a.y),
                N(b.x),
                N(b.y)
            );
        }
    }
}

/// Over the ships: the broadsides and the acts' numbers.
fn over(o: &mut String, f: &Frame, view: &FleetView, turn: &Turn) {
    let (c, _) = fleet_colour(view, turn.fleet);
    for act in &turn.acts {
        if let Act::Sink { at, guns, .. } = act {
            let t = f.at(*at);
            for g in guns {
                let from = toward(f.at(*g), t, f.s * 0.2);
                arrow(o, from, toward(t, from, f.s * 0.2), c, 2.5);
            }
        }
    }
    let r = (f.s * 0.17).max(8.0);
    let mut used: Vec<Pt> = Vec::new();
    for (k, act) in turn.acts.iter().enumerate() {
        let corner = |sq: &Square, dx: f64| {
            let p = f.at(*sq);
            Pt::new(p.x + dx * f.s, p.y - 0.32 * f.s)
        };
        let mut at = match act {
            Act::Move { from, to, .. } => {
                let (a, b) = (f.at(*from), f.at(*to));
                Pt::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
            }
            Act::Turn { at, .. } | Act::Build { at, .. } => corner(at, -0.32),
            Act::Sink { at, .. } => corner(at, 0.32),
        };
        // Two acts at one place (a ship turned twice) side by side.
        while used
            .iter()
            .any(|u| (u.x - at.x).abs() < 1.0 && (u.y - at.y).abs() < 1.0)
        {
            at.x += 2.0 * r + 1.0;
        }
        used.push(at);
        let mark = match act {
            Act::Build { .. } => format!("{}+", k + 1),
            _ => (k + 1).to_string(),
        };
        badge(o, at, r, &mark);
    }
}

/// An act in the reader's language, in the words of the turn's summary in it.
fn act_text(view: &FleetView, act: &Act, lang: Lang) -> String {
    match (act, lang) {
        (Act::Move { from, to, .. }, _) => format!("{from}-{to}"),
        (Act::Turn { at, heading }, Lang::En) => format!("{at} turns {}", heading_name(*heading)),
        (Act::Turn { at, heading }, Lang::Fr) => format!("{at} se réoriente {}", heading_name(*heading)),
        (Act::Sink { at, fleet, guns, .. }, _) => {
            let guns: Vec<String> = guns.iter().map(Square::to_string).collect();
            let (fleet, guns) = (fleet_name(view, *fleet), guns.join(", "));
            match lang {
                Lang::En => format!("sinks {fleet}'s {at} (broadsides from {guns})"),
                Lang::Fr => format!("coule {at} de {fleet} (flancs de {guns})"),
            }
        }
        (Act::Build { at, heading }, Lang::En) => format!("rebuilds {at} heading {}", heading_name(*heading)),
        (Act::Build { at, heading }, Lang::Fr) => format!("reconstruit {at} orienté {}", heading_name(*heading)),
    }
}

/// Where the game stands, in the reader's language, as the board's text in it says it.
fn status_line(view: &FleetView, lang: Lang) -> String {
    match &view.status {
        Status::Deploying(s) => {
            let who = fleet_name(view, *s);
            match lang {
                Lang::En => format!("{who} to choose its headings."),
                Lang::Fr => format!("À {who} de choisir l'orientation de ses navires."),
            }
        }
        Status::ToMove {
            fleet,
            bonus: false,
            turn,
            budget,
        } => {
            let who = fleet_name(view, *fleet);
            match lang {
                Lang::En => format!("{who} to move: its turn {turn} ({budget} cannonballs)."),
                Lang::Fr => format!("À {who} de jouer : son tour {turn} ({budget} boulets)."),
            }
        }
        Status::ToMove {
            fleet,
            bonus: true,
            budget,
            ..
        } => {
            let who = fleet_name(view, *fleet);
            match lang {
                Lang::En => format!("{who} to play its bonus turn ({budget} cannonballs) or pass."),
                Lang::Fr => format!("À {who} de jouer son tour bonus ({budget} boulets) ou pass."),
            }
        }
        Status::Over(summary) => match lang {
            Lang::En => format!("Game over. {summary}"),
            Lang::Fr => format!("Partie terminée. {summary}"),
        },
    }
}

const KEY: &str = "hull: a ship, its bow the heading · letter and colour: its fleet · framed square: frozen on \
                   its far row · numbers: the last turn's acts in order (on a move's wake; + a rebuild) · dashed \
                   hull: where a ship was · X: a ship sunk, the arrows the broadsides that sank it";

const KEY_FR: &str = "coque : un navire, sa proue selon son orientation · lettre et couleur : sa flotte · case \
                      encadrée : figé sur son bord adverse · nombres : les actes du dernier tour dans l'ordre (sur le \
                      sillage d'un déplacement, avec + pour une reconstruction) · coque en tirets : où était un navire · X : un \
                      navire coulé, les flèches les flancs qui l'ont coulé";

struct Legend {
    fleets: usize,
    status: Vec<String>,
    last: Vec<String>,
    key: Vec<String>,
}

impl Legend {
    fn of(view: &FleetView, lang: Lang) -> Legend {
        let status = format!("Diabolik Fleet, {0}×{0} · {1}", view.size, status_line(view, lang));
        let last = match (&view.last, lang) {
            (None, Lang::En) => "Last turn: none shown.".to_string(),
            (None, Lang::Fr) => "Dernier tour : aucun.".to_string(),
            (Some(turn), _) => {
                let acts: Vec<String> = (turn.acts.iter().enumerate())
                    .map(|(k, a)| format!("{}. {}", k + 1, act_text(view, a, lang)))
                    .collect();
                match lang {
                    Lang::En => format!(
                        "Last turn{}: {}, {} of {} cannonballs: {}.",
                        if turn.bonus { " (a bonus turn)" } else { "" },
                        fleet_name(view, turn.fleet),
                        turn.spent,
                        turn.budget,
                        acts.join(" · ")
                    ),
                    Lang::Fr => format!(
                        "Dernier tour{} : {}, {} boulets sur {} : {}.",
                        if turn.bonus { " (tour bonus)" } else { "" },
                        fleet_name(view, turn.fleet),
                        turn.spent,
                        turn.budget,
                        acts.join(" · ")
                    ),
                }
            }
        };
        Legend {
            fleets: view.fleets.len(),
            status: wrap(&status, 74),
            last: wrap(&last, 92),
            key: wrap(
                match lang {
                    Lang::En => KEY,
                    Lang::Fr => KEY_FR,
                },
                104,
            ),
        }
    }

    /// As [`Legend::write`] goes down: the last baseline, and a margin under it.
    fn height(&self) -> f64 {
        let lines = |n: usize, step: f64| n as f64 * step;
        20.0 + lines(self.status.len(), 18.0)
            + 6.0
            + lines(self.fleets, 18.0)
            + 2.0
            + lines(self.last.len(), 16.0)
            + 2.0
            + lines(self.key.len(), 13.0)
            - 5.0
    }

    fn write(&self, o: &mut String, view: &FleetView, lang: Lang) {
        let _ = writeln!(
            o,
            "<g font-size=\"12\" fill=\"{INK}\"><path d=\"M0,{BOARD_H}H{W}\" stroke=\"#b9ab8f\"/>"
        );
        let mut y = BOARD_H + 20.0;
        for line in &self.status {
            let _ = writeln!(
                o,
                "<text x=\"12\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
                N(y),
                escape(line)
            );
            y += 18.0;
        }
        y += 6.0;
        let small = Frame { size: 8, s: 26.0 };
        for (i, fleet) in view.fleets.iter().enumerate() {
            let ship = Ship {
                at: Square { file: 0, row: 0 },
                fleet: i,
                heading: 0,
                frozen: false,
            };
            // A sample hull, drawn at the legend's line through a frame of its own.
            let at = Pt::new(24.0, y - 4.0);
            let (c, ink) = fleet.edge.colour();
            hull_path(
                o,
                &small,
                at,
                ship.heading,
                &format!("fill=\"{c}\" stroke=\"{INK}\" stroke-width=\"1\""),
            );
            let _ = write!(
                o,
                "<text x=\"24\" y=\"{}\" font-size=\"9\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                N(y - 0.5),
                escape(&fleet.name.chars().next().unwrap_or('?').to_string())
            );
            let counts = counts(view, fleet, lang);
            let _ = writeln!(
                o,
                "<text x=\"42\" y=\"{}\"><tspan font-weight=\"bold\">{}</tspan> {}</text>",
                N(y),
                escape(&fleet.name),
                escape(&counts)
            );
            y += 18.0;
        }
        y += 2.0;
        for line in &self.last {
            let _ = writeln!(o, "<text x=\"12\" y=\"{}\">{}</text>", N(y), escape(line));
            y += 16.0;
        }
        y += 2.0;
        for line in &self.key {
            let _ = writeln!(
                o,
                "<text x=\"12\" y=\"{}\" font-size=\"10.5\" fill=\"#4a4238\">{}</text>",
                N(y),
                escape(line)
            );
            y += 13.0;
        }
        o.push_str("</g>\n");
    }
}

/// A fleet's counts in the legend, in the words of the board's text in the reader's language.
fn counts(view: &FleetView, fleet: &Fleet, lang: Lang) -> String {
    match (lang, fleet.out) {
        (Lang::En, true) => format!("out of the game · sank {}", fleet.sank),
        (Lang::Fr, true) => format!("hors jeu · a coulé {}", fleet.sank),
        (Lang::En, false) => format!(
            "{} afloat (beaten below {}) · sank {} · lost {} · on its far row {} of {}{}",
            fleet.afloat,
            view.min_fleet,
            fleet.sank,
            fleet.lost,
            fleet.arrived,
            view.arrivals,
            if fleet.stop { " · asks to stop" } else { "" }
        ),
        (Lang::Fr, false) => format!(
            "{} à flot (battue sous {}) · a coulé {} · a perdu {} · sur son bord adverse {} sur {}{}",
            fleet.afloat,
            view.min_fleet,
            fleet.sank,
            fleet.lost,
            fleet.arrived,
            view.arrivals,
            if fleet.stop { " · demande l'arrêt" } else { "" }
        ),
    }
}
