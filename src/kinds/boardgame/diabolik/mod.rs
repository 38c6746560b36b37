//! Diabolik Fleet, a free naval game without luck published on the Tric Trac forum
//! (2016): two fleets of eight ships on an 8×8 board, or three or four fleets on 12×12
//! ("Mega Diabolik Fleet"). The French rules, as an OCR copy, are
//! `shared/seeds/004_bd13feff185d43ee.txt`; this module follows them, in our own words
//! below, with every reading we had to make listed at the end.
//!
//! # The game as implemented
//!
//! **Board.** Squares are named as in chess from one fixed point of view: files A to H
//! (A to L on 12×12) from left to right, rows 1 to 8 (1 to 12) from bottom to top. Headings
//! are compass points on that fixed board: N points towards the highest row, E towards the
//! last file. Every fleet is named after its board edge: South sits along row 1, North
//! along the top row, West along file A, East along the last file. A fleet's *first row*
//! is the line of squares on its own edge, its *second row* the line next to it, its *far
//! row* the first row of the opposite edge.
//!
//! **Fleets.** Each fleet has 8 ships, set out on its second row (on 12×12, on the 8 middle
//! squares of it, C to J or 3 to 10). Each ship points one of 8 ways, through a side or a
//! corner of its square. Before the first turn each fleet in turn order chooses its
//! headings (`deploy`), unless the option `headings: forward` points every ship at the
//! opposite edge.
//!
//! **A turn** is a series of acts, paid from a budget of cannonballs (4 unless agreed
//! otherwise). Ships are *neighbours* when their squares touch by a side or a corner; an
//! *enemy* is a ship of any other fleet.
//!
//! | act | cost |
//! | --- | --- |
//! | move a ship one square straight ahead | 1; 2 if the ship, on the square it leaves, has an enemy neighbour |
//! | turn a ship to another heading, on its square | 1; 2 with one enemy neighbour; 3 with two or more |
//! | sink an enemy ship | 0 |
//! | rebuild a sunk ship of one's own | 3 |
//!
//! Acts come in any order and number, the same ship may act again, and a turn may leave
//! cannonballs unspent. A move goes to the square the bow points at, which must be on the
//! board, empty, and not on the mover's own first row. A sinking needs two of the player's
//! ships neighbouring the target, each showing it a flank (its bow at right angles to the
//! line towards the target); the target's heading does not matter; the target is removed
//! and nothing takes its place. A rebuilt ship goes on an empty square of its fleet's
//! second row with no enemy neighbour, any heading, and may act at once.
//!
//! A turn must move a ship in its first or second act; it may sink only once a ship of
//! the player has moved in it (turning is not moving; once is enough for any number of
//! sinkings); and when it ends no two ships of the player may stand *in file*: on
//! neighbouring squares of one row, file or diagonal, both pointing along that line (same
//! or opposite ways).
//!
//! **Bonus turn.** A player who sinks in a normal turn may play one more turn straight
//! after it, a complete turn with all the rules above (its budget is the option
//! `bonus-cannonballs`), or decline it with `pass`. Sinking in a bonus turn earns nothing.
//!
//! **Frozen ships.** A ship that reaches its far row stays there in the heading it arrived
//! with: it can no longer move, turn or be sunk, but it still helps to sink and counts as
//! a ship for every other rule (neighbours, costs, ships in file, counts).
//!
//! **Winning.** The first player to reach one of these wins at once:
//! - `arrivals` of his ships (3 unless agreed; the text allows 2, 3 or 4) on his far row;
//! - the enemy fleet down to fewer than `min-fleet` ships (3 unless agreed; 2, 3 or 4);
//! - the enemy *blocked*: when his turn comes he has no legal turn, which above all means
//!   he cannot move a ship in his first or second act.
//!
//! **Stopping early.** A game stops before a win when every player still in writes `stop`
//! with no turn played in between, or when the option `turns` is reached (every player
//! has played that many normal turns). Then the most ships on the far row wins; if equal,
//! the most ships in the enemy half of the board (the far row included); if equal, the
//! most ships afloat; if still equal, a draw. `resign` gives up.
//!
//! **Three or four players** (12×12, 8 ships each, the same 4 cannonballs): seats South,
//! West, North, East, playing in that order (clockwise) from the fleet drawn to begin; with three, the East edge stays
//! empty. Each fleet's far row is the opposite edge. A fleet that falls below `min-fleet`
//! ships (2 to 6 here) when one of its ships is sunk, or that is blocked when its turn
//! comes, is eliminated at once and all its ships leave the board. The first to bring
//! `arrivals` ships to his far row wins; otherwise the last fleet left wins. With the
//! option `joint-sinking: yes`, a sinking may use one of the player's ships and one ship of
//! a third fleet that lends him its ships: each player says to whom with `allies West
//! North` (or `allies none`), at any time.
//!
//! # Options
//!
//! | option | default | allowed |
//! | --- | --- | --- |
//! | `cannonballs` | 4 | 2 to 6 |
//! | `bonus-cannonballs` | as `cannonballs` | 2 to `cannonballs` |
//! | `arrivals` | 3 | 2 to 4 |
//! | `min-fleet` | 3 | 2 to 4 (2 to 6 with three or four players) |
//! | `turns` | none | 1 or more: the game stops after that many normal turns each |
//! | `headings` | `choose` | `choose` (each fleet sends `deploy`) or `forward` |
//! | `joint-sinking` | `no` | `yes` or `no`, three or four players only |
//!
//! An underscore may replace a dash in an option's name; an unknown option is an error.
//!
//! # Notation
//!
//! See [`NOTATION`]: one line is one whole turn, its acts separated by `;`, e.g.
//! `B2-B3; B3 turn NE; C3-C4; sink D5`. If any act is illegal, or the turn breaks a rule
//! at its end, the whole turn is refused and nothing changes.
//!
//! # Readings and decisions
//!
//! Where the text is silent, damaged or open to two readings:
//! - **Flank.** "lui offrant chacun un de leurs flancs (par côté ou coins de case)": a ship
//!   shows a flank to the two neighbouring squares at right angles to its heading, which
//!   are reached through sides of its square when it points through a side, through
//!   corners when it points through a corner. Bow and stern quarters are not flanks.
//! - **In file.** "en file indienne (quel que soit leurs directions respectives identiques
//!   ou opposées)": one directly behind the other, on neighbouring squares of a line, both
//!   headed along that line. Ships side by side, or with a square between them, are not in
//!   file. The rule also binds the headings chosen at the start ("ne peuvent jamais").
//! - **Move costs.** The damaged cost table reads "2 si navire voisin sur sa case de départ
//!   à 1 ou + navire adverses": the move costs 2 when the ship has an enemy neighbour on
//!   the square it leaves; where it arrives does not matter.
//! - **First two acts.** "sinon l'adversaire est vainqueur": as the text says, a turn
//!   whose first two acts are legal but move no ship loses the game (with several players,
//!   the fleet is eliminated, as rule 3° does to one that cannot move in its first two
//!   acts). With the house rule `forgiving-first-acts` such a turn is refused instead and
//!   may be written again, so that a slip of the pen does not lose a game by mail. Either
//!   way the loss is also applied when a player has no legal turn at all, checked as his
//!   turn begins. A
//!   player who can move but could only end with ships in file is blocked too: no turn
//!   "as the rule requires" is open to him. The referee finds out by trying every series
//!   of acts the budget allows (each position once; sinkings, free and never harmful to
//!   the sinker, are all made as soon as they can be), so the verdict is exact.
//! - **When a win is seen.** Conditions are checked once the whole turn has been found
//!   legal, at its end (nothing a player does can undo them within his turn).
//! - **First player.** "tiré au sort": the only draw of the game, with its [`Dice`] (see
//!   `crate::dice`), at the start: `below(players)` gives the seat that moves first (0
//!   South, then West, North, East as the sides are listed). Headings are chosen and turns
//!   played round the table from that seat, each fleet seeing the headings chosen before
//!   it.
//! - **Turning to the same heading** is refused: it would spend cannonballs on nothing.
//! - **Diagonal moves** between two occupied squares are allowed: no rule forbids them.
//! - **Rebuilding** needs a ship of one's own sunk earlier (fewer than 8 afloat); it goes
//!   on the squares where the fleet started (the whole second row on 8×8).
//! - **Bonus turn.** It is optional ("a le droit (pas obligé)"), so a player who has no
//!   legal bonus turn simply loses it; he is not beaten as blocked. Its budget is
//!   `bonus-cannonballs` (the footnote allows 2 or 3 instead of 4).
//! - **Defaults.** The text fixes the far-row and fleet numbers "en début de partie" among
//!   2, 3 or 4 without a default: we take 3 for both.
//! - **Budget option.** "4 boulets" unless agreed: 2 to 6 are accepted (the text speaks of
//!   no other number; beyond 6 the search for a blocked player would grow for nothing).
//! - **Resigning** is ours (a game by mail needs it): in a duel the other side wins; with
//!   several players the fleet leaves the board as if eliminated.
//! - **Stopping.** "Si la partie cesse avant" does not say how a game stops: by agreement
//!   (`stop` from everyone) or after the agreed `turns`. A `stop` lapses as soon as anyone
//!   plays or resigns, since the agreement is about the position. In the tie-breaks, "la moitié
//!   adverse" is the half of the board on the enemy side, far row included.
//! - **Several players: what the text leaves out.** How three sit (we leave the East edge
//!   empty, so West aims at an empty edge); the turn order (clockwise from the fleet drawn); how the
//!   game is won other than by the far row (the last fleet left); when "moins de 2 à 6
//!   navires" is checked (on each sinking, so an elimination can happen in the middle of a
//!   turn, and its ships stop counting at once); what a frozen ship of an eliminated fleet
//!   does (it leaves with the others); whether a ship may enter another fleet's first row
//!   (yes: only one's own is forbidden) and whether it freezes there (no: only on the far
//!   row). Ties after the tie-breaks between some of the players still in are shared
//!   wins; a tie between all of them is a draw.
//! - **Joint sinking.** The text lets "alliés" sink together by prior agreement; a
//!   referee by mail cannot ask the ally each time, so the ally's consent is his `allies`
//!   line. Costs still count every other fleet's ships as enemies, allies included.
//! - The text's "Copyright 2016-2917", the stray "Tric Trac" inside the cost table and the
//!   "()" footnote marks are OCR leftovers; the footnote itself is the bonus budget.
//!
//! # The files
//!
//! This file holds the setup (options, sides, the draw), the game's values, the board's
//! geometry and the [`BoardGame`] face. The acts of a turn are in `acts.rs`, the search for
//! a legal turn in `search.rs`, what each command does to the game and how it ends in
//! `turns.rs`, and the board as text in `text.rs`; `notation.rs` reads what players write,
//! `refused.rs` and `told.rs` word what the referee answers, `view.rs` and `position.rs`
//! hand the board to the picture and read a game from a position file.

mod acts;
mod notation;
mod picture;
pub(crate) mod refused;
pub(crate) mod told;
pub use refused::{ActRefused, InFile, Line, Refused, Spend};
pub use told::{Block, Deed, Leaves, Measure, Stop, Told};
pub mod position;
mod search;
#[cfg(test)]
mod tests;
mod text;
mod turns;
mod view;

use self::notation::{file_letter, parse_command, Command, Dir, Sq};
use super::{BoardGame, Finish, HouseRule, Kind, Lang, Played, Setup, SetupError, Started, Wanted};
use crate::dice::Dice;
use std::collections::BTreeMap;

pub const KIND: Kind = Kind {
    variant: "diabolik-fleet",
    title: "Diabolik Fleet",
    sides,
    start,
    notation: NOTATION,
    notation_fr: NOTATION_FR,
    rules: include_str!("rules.txt"),
    rules_fr: include_str!("rules.fr.txt"),
    sides_fr: &SIDES_FR,
    house_rules: &HOUSE_RULES,
    positions: Some(position::from_position),
    #[cfg(test)]
    word_samples,
};

/// The fleets as a French player names them: the points of the compass their edges face.
const SIDES_FR: [(&str, &str); 4] = [("South", "Sud"), ("West", "Ouest"), ("North", "Nord"), ("East", "Est")];

/// A fleet's name in French letters; any other text as it is.
pub(super) fn side_fr(side: &str) -> &str {
    KIND.side_in(side, Lang::Fr)
}

/// A fleet's name in `lang`'s letters.
pub(super) fn side_in(side: &str, lang: Lang) -> &str {
    KIND.side_in(side, lang)
}

/// The game's worded values, one of each variant, for the shared test of words.
#[cfg(test)]
fn word_samples() -> Vec<(&'static str, Vec<crate::lang::Sample>)> {
    use crate::lang::samples_shown;
    vec![
        ("diabolik::Told", samples_shown(&told::tests::every())),
        ("diabolik::Refused", samples_shown(&refused::tests::every())),
    ]
}

/// The departures from the text a game may choose.
pub const HOUSE_RULES: [HouseRule; 1] = [HouseRule {
    name: "forgiving-first-acts",
    changes: "« Il faut déplacer au moins 1 quelconque de ses navires à son 1° ou son 2° acte de jeu : \
              sinon l'adversaire est vainqueur »",
    description: "a turn that moves no ship in its first or second act is refused and may be written again, \
                  instead of losing the game",
    description_fr: "un tour qui ne déplace aucun navire à son 1er ou 2e acte est refusé et peut être récrit, \
                     au lieu de perdre la partie",
}];

/// Sent with the welcome and with every refusal.
pub const NOTATION: &str = "\
Diabolik Fleet: one line is your whole turn, its acts in order, separated by \";\".
Squares: files A-H (A-L on 12x12) from left to right, rows 1-8 (1-12) from South's edge up.
Headings: N NE E SE S SW W NW on that board (N points to the top row).
  B2-B3           move the ship on B2 one square ahead (also \"B2\" or \"move B2\")
  B3 turn NE      turn the ship on B3 to NE (also \"B3 NE\" or \"B3=NE\")
  sink C4         sink the enemy ship on C4 (two of your ships show it a flank)
  build D2 N      rebuild a sunk ship on D2, heading N
Example turn:  B2-B3; B3 turn NE; C3-C4; sink D5
Before the first turn:  deploy N N NE N N NW N N  (one heading per ship, in order of
  file, or of row for West and East), or \"deploy N\" for all.
Other lines: \"pass\" (decline a bonus turn), \"stop\" (agree to stop here and let the
  tie-breaks decide), \"resign\", \"allies West North\" / \"allies none\" (joint sinking).
French words work too: coule C4, tourne B3 NO, reconstruit D2 N.";

/// The notation explained in French: the words to write are the same (or their French forms).
pub const NOTATION_FR: &str = "\
Diabolik Fleet : une ligne est votre tour entier, ses actes dans l'ordre, séparés par « ; ».
Cases : colonnes A-H (A-L en 12x12) de gauche à droite, rangées 1-8 (1-12) depuis le bord de Sud.
Orientations : N NE E SE S SW W NW sur ce plateau (N pointe vers la rangée du haut ; NO pour NW).
  B2-B3           avancer le navire de B2 d'une case (aussi « B2 » ou « move B2 »)
  B3 turn NE      réorienter le navire de B3 vers NE (aussi « tourne B3 NE », « B3 NE » ou « B3=NE »)
  sink C4         couler le navire ennemi de C4 (deux de vos navires lui offrent un flanc ; aussi « coule C4 »)
  build D2 N      reconstruire un navire coulé en D2, orienté N (aussi « reconstruit D2 N »)
Exemple de tour :  B2-B3; B3 turn NE; C3-C4; sink D5
Avant le premier tour :  deploy N N NE N N NW N N  (une orientation par navire, dans l'ordre des
  colonnes, ou des rangées pour Ouest et Est), ou « deploy N » pour tous.
Autres lignes : « pass » (renoncer à un tour bonus), « stop » (accepter d'arrêter ici et de laisser
  décider les critères de départage), « resign » (abandonner), « allies Ouest Nord » / « allies none »
  (couler en collaboration).";

const SHIPS: usize = 8;

fn sides(players: usize) -> Result<Vec<&'static str>, SetupError> {
    match players {
        2 => Ok(vec!["South", "North"]),
        3 => Ok(vec!["South", "West", "North"]),
        4 => Ok(vec!["South", "West", "North", "East"]),
        n => Err(SetupError::Players {
            title: KIND.title,
            played_by: "for 2 players (8x8 board) or 3 or 4 players (12x12)",
            given: n,
        }),
    }
}

fn start(setup: &Setup, dice: &mut Dice) -> Started {
    let expected = sides(setup.sides.len())?;
    let same = setup
        .sides
        .iter()
        .zip(&expected)
        .all(|(a, b)| a.eq_ignore_ascii_case(b));
    if !same {
        return Err(SetupError::Sides {
            title: KIND.title,
            sides: expected,
            given: setup.sides.clone(),
        });
    }
    let mut notes = Vec::new();
    let first = dice.below(expected.len() as u32) as usize;
    notes.push(Told::First {
        fleet: expected[first].to_string(),
    });
    let mut game = Diabolik::new(setup.sides.len(), first, &setup.options, &mut notes)?;
    game.rules.forgiving_first_acts = setup.house_rule("forgiving-first-acts");
    Ok((Box::new(game), notes.into_iter().map(Told::into).collect()))
}

/// The edge of the board a fleet starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    South,
    West,
    North,
    East,
}

impl Edge {
    fn of(name: &str) -> Edge {
        match name {
            "South" => Edge::South,
            "West" => Edge::West,
            "North" => Edge::North,
            _ => Edge::East,
        }
    }

    /// How far `sq` lies from this edge: 0 on the edge's first row.
    fn rank(self, sq: Sq, size: i32) -> i32 {
        match self {
            Edge::South => sq.y,
            Edge::North => size - 1 - sq.y,
            Edge::West => sq.x,
            Edge::East => size - 1 - sq.x,
        }
    }

    /// The square at `rank` from this edge and `along` it (file or row from A or 1).
    fn square(self, rank: i32, along: i32, size: i32) -> Sq {
        match self {
            Edge::South => Sq::new(along, rank),
            Edge::North => Sq::new(along, size - 1 - rank),
            Edge::West => Sq::new(rank, along),
            Edge::East => Sq::new(size - 1 - rank, along),
        }
    }

    /// Towards the opposite edge.
    fn forward(self) -> Dir {
        match self {
            Edge::South => Dir::N,
            Edge::West => Dir::E,
            Edge::North => Dir::S,
            Edge::East => Dir::W,
        }
    }

    /// The name of the line at `rank` from this edge: `row 8`, `file B`.
    fn line(self, rank: i32, size: i32) -> Line {
        match self {
            Edge::South => Line::Row(rank + 1),
            Edge::North => Line::Row(size - rank),
            Edge::West => Line::File(file_letter(rank)),
            Edge::East => Line::File(file_letter(size - 1 - rank)),
        }
    }
}

/// The numbers fixed at the start, from the players file's options.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Rules {
    cannonballs: u32,
    bonus_cannonballs: u32,
    arrivals: usize,
    min_fleet: usize,
    turns: Option<u32>,
    choose_headings: bool,
    joint_sinking: bool,
    /// The house rule `forgiving-first-acts`: a turn without a move in its first two acts
    /// is refused rather than lost.
    forgiving_first_acts: bool,
}

impl Rules {
    fn from_options(players: usize, options: &BTreeMap<String, String>) -> Result<Rules, SetupError> {
        let mut given: BTreeMap<String, String> = BTreeMap::new();
        for (key, value) in options {
            given.insert(key.trim().to_lowercase().replace('_', "-"), value.trim().to_lowercase());
        }
        const KNOWN: &[&str] = &[
            "cannonballs",
            "bonus-cannonballs",
            "arrivals",
            "min-fleet",
            "turns",
            "headings",
            "joint-sinking",
        ];
        if let Some(unknown) = given.keys().find(|k| !KNOWN.contains(&k.as_str())) {
            return Err(SetupError::UnknownOption {
                title: KIND.title,
                key: unknown.clone(),
                known: KNOWN,
            });
        }
        let number = |key: &'static str, low: u32, high: u32, default: u32| -> Result<u32, SetupError> {
            match given.get(key) {
                None => Ok(default),
                Some(v) => match v.parse::<u32>() {
                    Ok(n) if (low..=high).contains(&n) => Ok(n),
                    _ => Err(SetupError::BadOption {
                        key,
                        value: v.clone(),
                        wanted: Wanted::Range { low, high },
                    }),
                },
            }
        };
        let joint_sinking = match given.get("joint-sinking").map(String::as_str) {
            None | Some("no" | "false") => false,
            Some("yes" | "true") => true,
            Some(v) => {
                return Err(SetupError::BadOption {
                    key: "joint-sinking",
                    value: v.to_string(),
                    wanted: Wanted::OneOf(&["yes", "no"]),
                })
            }
        };
        let choose_headings = match given.get("headings").map(String::as_str) {
            None | Some("choose") => true,
            Some("forward") => false,
            Some(v) => {
                return Err(SetupError::BadOption {
                    key: "headings",
                    value: v.to_string(),
                    wanted: Wanted::OneOf(&["choose", "forward"]),
                })
            }
        };
        let cannonballs = number("cannonballs", 2, 6, 4)?;
        let max_fleet = if players == 2 { 4 } else { 6 };
        if joint_sinking && players == 2 {
            return Err(SetupError::OptionPlayers {
                key: "joint-sinking",
                players: "three or four players",
            });
        }
        Ok(Rules {
            cannonballs,
            bonus_cannonballs: number("bonus-cannonballs", 2, cannonballs, cannonballs)?,
            arrivals: number("arrivals", 2, 4, 3)? as usize,
            min_fleet: number("min-fleet", 2, max_fleet, 3)? as usize,
            turns: match given.get("turns") {
                None => None,
                Some(_) => Some(number("turns", 1, 10_000, 0)?),
            },
            choose_headings,
            joint_sinking,
            forgiving_first_acts: false,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ship {
    side: usize,
    facing: Dir,
}

#[derive(Clone, Debug)]
struct Fleet {
    name: &'static str,
    edge: Edge,
    /// Eliminated (several players) or resigned.
    out: bool,
    normal_turns: u32,
    /// Ships of this fleet sunk so far, and enemy ships it sank.
    lost: u32,
    sank: u32,
    /// Has asked to stop the game at this position.
    stop: bool,
    /// `lends[other]`: `other` may use this fleet's ships to sink (joint sinking).
    lends: Vec<bool>,
}

#[derive(Clone, Debug)]
enum Phase {
    /// This fleet is to choose its headings.
    Deploy(usize),
    Turn {
        side: usize,
        bonus: bool,
    },
    Over(Finish),
}

/// What one turn has done so far.
#[derive(Clone, Copy, Debug)]
struct TurnState {
    budget: u32,
    spent: u32,
    moved: bool,
    acts: usize,
    sank: usize,
}

impl TurnState {
    fn new(budget: u32) -> TurnState {
        TurnState {
            budget,
            spent: 0,
            moved: false,
            acts: 0,
            sank: 0,
        }
    }
}

/// A count the tie-breaks compare, for one fleet.
type Counter = fn(&Diabolik, usize) -> usize;

/// A move accepted: what it did and what everyone must hear, as the game's own values.
fn played(summary: Told, notes: Vec<Told>) -> Played {
    Played {
        summary: summary.into(),
        notes: notes.into_iter().map(Told::into).collect(),
    }
}

/// One act done: its words for the summary, anything to announce, and what it did.
struct Done {
    deed: Deed,
    notes: Vec<Told>,
    did: Did,
}

/// An act as done, for the picture of the last turn (`view`).
#[derive(Clone, Debug)]
enum Did {
    Move {
        from: Sq,
        to: Sq,
        facing: Dir,
    },
    Turn {
        at: Sq,
        to: Dir,
    },
    /// The ship sunk, where it was, and the ships whose broadsides sank it.
    Sink {
        at: Sq,
        ship: Ship,
        guns: Vec<Sq>,
    },
    Build {
        at: Sq,
        facing: Dir,
    },
}

/// The last turn played, act by act, for the picture.
#[derive(Clone, Debug)]
struct LastTurn {
    side: usize,
    bonus: bool,
    spent: u32,
    budget: u32,
    acts: Vec<Did>,
}

/// A game of Diabolik Fleet.
#[derive(Clone, Debug)]
pub struct Diabolik {
    size: i32,
    cells: Vec<Option<Ship>>,
    fleets: Vec<Fleet>,
    rules: Rules,
    /// The seat drawn to play first: deployment and turns go round from it.
    first: usize,
    phase: Phase,
    /// The last turn played (shared: the search for a legal turn clones the game often).
    last: Option<std::sync::Arc<LastTurn>>,
}

fn owned(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

impl Diabolik {
    /// A game of `players` in which the fleet in seat `first` (drawn by lot) plays first.
    fn new(
        players: usize,
        first: usize,
        options: &BTreeMap<String, String>,
        notes: &mut Vec<Told>,
    ) -> Result<Diabolik, SetupError> {
        let names = sides(players)?;
        let rules = Rules::from_options(players, options)?;
        let size = if players == 2 { 8 } else { 12 };
        let fleets = names
            .iter()
            .map(|name| Fleet {
                name,
                edge: Edge::of(name),
                out: false,
                normal_turns: 0,
                lost: 0,
                sank: 0,
                stop: false,
                lends: vec![false; players],
            })
            .collect();
        let mut game = Diabolik {
            size,
            cells: vec![None; (size * size) as usize],
            fleets,
            rules,
            first,
            phase: Phase::Deploy(first),
            last: None,
        };
        for side in 0..players {
            let facing = game.fleets[side].edge.forward();
            for sq in game.home(side) {
                game.put(sq, Some(Ship { side, facing }));
            }
        }
        let r = &game.rules;
        notes.push(Told::Rules {
            size,
            cannonballs: r.cannonballs,
            bonus: r.bonus_cannonballs,
            arrivals: r.arrivals,
            min_fleet: r.min_fleet,
            duel: players == 2,
        });
        if let Some(turns) = r.turns {
            notes.push(Told::TurnLimit { turns });
        }
        if game.rules.choose_headings {
            notes.push(Told::DeployFirst {
                fleet: game.fleets[first].name.to_string(),
            });
        } else {
            game.begin_turn(first, notes);
        }
        Ok(game)
    }

    fn two_players(&self) -> bool {
        self.fleets.len() == 2
    }

    fn on_board(&self, sq: Sq) -> bool {
        (0..self.size).contains(&sq.x) && (0..self.size).contains(&sq.y)
    }

    fn at(&self, sq: Sq) -> Option<Ship> {
        if self.on_board(sq) {
            self.cells[(sq.y * self.size + sq.x) as usize]
        } else {
            None
        }
    }

    fn put(&mut self, sq: Sq, ship: Option<Ship>) {
        let i = (sq.y * self.size + sq.x) as usize;
        self.cells[i] = ship;
    }

    fn last_square(&self) -> Sq {
        Sq::new(self.size - 1, self.size - 1)
    }

    /// Every square, row 1 first, A first in each row.
    fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.size).flat_map(move |y| (0..self.size).map(move |x| Sq::new(x, y)))
    }

    fn ships_of(&self, side: usize) -> Vec<Sq> {
        self.squares()
            .filter(|&sq| self.at(sq).is_some_and(|s| s.side == side))
            .collect()
    }

    fn afloat(&self, side: usize) -> usize {
        self.cells.iter().flatten().filter(|s| s.side == side).count()
    }

    fn rank(&self, side: usize, sq: Sq) -> i32 {
        self.fleets[side].edge.rank(sq, self.size)
    }

    /// On its far row: frozen.
    fn frozen(&self, side: usize, sq: Sq) -> bool {
        self.rank(side, sq) == self.size - 1
    }

    fn arrived(&self, side: usize) -> usize {
        self.ships_of(side)
            .into_iter()
            .filter(|&sq| self.frozen(side, sq))
            .count()
    }

    fn in_enemy_half(&self, side: usize) -> usize {
        self.ships_of(side)
            .into_iter()
            .filter(|&sq| self.rank(side, sq) >= self.size / 2)
            .count()
    }

    fn line(&self, side: usize, rank: i32) -> Line {
        self.fleets[side].edge.line(rank, self.size)
    }

    fn far_row(&self, side: usize) -> Line {
        self.line(side, self.size - 1)
    }

    /// Where the fleet starts and rebuilds.
    fn home(&self, side: usize) -> Vec<Sq> {
        let offset = (self.size - SHIPS as i32) / 2;
        let edge = self.fleets[side].edge;
        (offset..offset + SHIPS as i32)
            .map(|a| edge.square(1, a, self.size))
            .collect()
    }

    fn enemy_neighbours(&self, side: usize, sq: Sq) -> Vec<Sq> {
        Dir::ALL
            .iter()
            .map(|&d| sq.step(d))
            .filter(|&n| self.at(n).is_some_and(|s| s.side != side))
            .collect()
    }

    /// The ships showing a flank to `target`, of any fleet.
    fn flankers(&self, target: Sq) -> Vec<Sq> {
        Dir::ALL
            .iter()
            .filter_map(|&d| {
                let n = target.step(d);
                let ship = self.at(n)?;
                ship.facing.flanks().contains(&d.turned(4)).then_some(n)
            })
            .collect()
    }

    /// Pairs of the side's ships in file, each pair once.
    fn files(&self, side: usize) -> Vec<(Sq, Sq)> {
        let mut pairs = Vec::new();
        for p in self.ships_of(side) {
            let facing = self.at(p).map(|s| s.facing).unwrap_or(Dir::N);
            for d in [facing, facing.turned(4)] {
                let q = p.step(d);
                if q > p && self.at(q).is_some_and(|s| s.side == side && s.facing.parallel(facing)) {
                    pairs.push((p, q));
                }
            }
        }
        pairs
    }

    fn describe_file(&self, (p, q): (Sq, Sq)) -> InFile {
        let heading = |sq: Sq| self.at(sq).map(|s| s.facing);
        let on = if p.x == q.x {
            Some(Line::File(file_letter(p.x)))
        } else if p.y == q.y {
            Some(Line::Row(p.y + 1))
        } else {
            None
        };
        InFile {
            p,
            p_facing: heading(p),
            q,
            q_facing: heading(q),
            on,
        }
    }
}

impl BoardGame for Diabolik {
    fn to_move(&self) -> Option<usize> {
        match self.phase {
            Phase::Deploy(side) | Phase::Turn { side, .. } => Some(side),
            Phase::Over(_) => None,
        }
    }

    fn out_of_turn(&self, side: usize, text: &str) -> bool {
        let playing = !matches!(self.phase, Phase::Over(_)) && self.fleets.get(side).is_some_and(|f| !f.out);
        playing
            && matches!(
                parse_command(text),
                Ok(Command::Stop | Command::Resign | Command::Allies(_))
            )
    }

    fn play(&mut self, side: usize, text: &str, _dice: &mut Dice) -> Result<Played, crate::kinds::boardgame::Refused> {
        let Some(fleet) = self.fleets.get(side) else {
            return Err(Refused::NoSide { side }.into());
        };
        if let Phase::Over(_) = self.phase {
            return Err(Refused::GameOver.into());
        }
        if fleet.out {
            return Err(Refused::Out {
                fleet: fleet.name.to_string(),
            }
            .into());
        }
        let played = match parse_command(text).map_err(Refused::Unread)? {
            Command::Turn(acts) => self.play_turn(side, &acts),
            Command::Deploy(dirs) => self.deploy(side, &dirs),
            Command::Pass => self.pass(side),
            Command::Stop => self.stop(side),
            Command::Resign => self.resign(side),
            Command::Allies(names) => self.allies(side, &names),
        };
        Ok(played?)
    }

    fn board(&self, lang: Lang) -> String {
        self.board_text(lang)
    }

    fn finish(&self) -> Option<Finish> {
        match &self.phase {
            Phase::Over(finish) => Some(finish.clone()),
            _ => None,
        }
    }

    fn picture_in(&self, lang: Lang) -> Option<String> {
        Some(picture::draw_in(&self.view_in(lang), lang))
    }
}
