//! The game's web pages and its zine: a phase's page, the index of phases, the whole game
//! as one printable document.

use super::Report;
use serde::Serialize;

/// `page.html`: the public report as a web page, with its map, the phase's public press, and
/// the links to the phases before and after it and to the index.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Page {
    /// The game's name.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    /// The report.
    pub report: Report,
    /// The map's file beside the page (`S1901M.svg`); empty for a map without a picture.
    pub picture: String,
    /// The phase before, when there is one.
    pub previous: Option<PhaseLink>,
    /// The phase after, once it has been processed.
    pub next: Option<PhaseLink>,
    /// Always true: the report's template shows a page's links.
    pub nav: bool,
    /// The public press of the phase, as the archive keeps it (the zine shows the same).
    pub press: Vec<PublicPress>,
}

/// A link of the index page to a phase's page.
#[derive(Serialize, Clone, Debug, Default)]
pub struct PhaseLink {
    /// The phase's code, the page's file name without `.html`.
    pub code: String,
    /// The phase in words.
    pub name: String,
}

/// One power's supply centres at the end of each year, in the index.
#[derive(Serialize, Clone, Debug, Default)]
pub struct CentreCounts {
    /// The power's name.
    pub power: String,
    /// Its centres at the end of each year of [`Index::years`].
    pub counts: Vec<usize>,
}

/// `index.html`: every phase processed with a link to its page, the board now, and the
/// supply centres of each power year by year.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Index {
    /// The game's name.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    /// The phases processed, in order.
    pub phases: Vec<PhaseLink>,
    /// How the game ended, empty while it goes on.
    pub over: String,
    /// The board now, as SVG drawn by arbitre (shown as it is); empty without a picture.
    pub map: String,
    /// The years played so far (`1901`).
    pub years: Vec<String>,
    /// Each power's centres at the end of each year.
    pub centres: Vec<CentreCounts>,
}

/// Public press as the archive keeps it: who sent it (as its readers were told) and its
/// lines.
#[derive(Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct PublicPress {
    pub from: String,
    pub lines: Vec<String>,
    /// Grey press: `from` is empty, as its readers were not told who sent it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub grey: bool,
}

/// One phase of the zine: its public report, its map and the public press of the phase.
#[derive(Serialize, Clone, Debug, Default)]
pub struct ZinePhase {
    pub report: Report,
    /// The phase's public map as SVG drawn by arbitre (shown as it is); empty without one.
    pub map: String,
    pub press: Vec<PublicPress>,
}

/// `zine.html`: the whole game so far as one printable document, a page per phase.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Zine {
    /// The game's name.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    pub phases: Vec<ZinePhase>,
    /// The board now, as on the index; empty without a picture.
    pub map: String,
    /// The years played and each power's centres at their end, as on the index.
    pub years: Vec<String>,
    pub centres: Vec<CentreCounts>,
    /// How the game ended, empty while it goes on.
    pub over: String,
}

/// `published.html`: the first page of what `arbitre publish` writes, listing the games.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Published {
    /// The games, by name.
    pub games: Vec<PublishedGame>,
}

/// One game of [`Published`].
#[derive(Serialize, Clone, Debug, Default)]
pub struct PublishedGame {
    /// The game's name, which is also its folder beside the list.
    pub game: String,
    /// The kind of game, in words.
    pub title: String,
    /// Where the game is, as a subject names it (a Diplomacy phase, in the page's
    /// language); empty once the game is over.
    pub phase: String,
    /// How the game ended, in the game's language; empty while it goes on.
    pub over: String,
    /// Whether the game has a first page of its own (`GAME/index.html`).
    pub index: bool,
    /// Whether the game has a zine (`GAME/zine.html`).
    pub zine: bool,
}
