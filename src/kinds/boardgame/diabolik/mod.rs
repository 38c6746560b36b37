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

mod notation;
pub(crate) mod refused;
pub(crate) mod told;
pub use refused::{ActRefused, InFile, Line, Refused, Spend};
pub use told::{Block, Deed, Leaves, Measure, Stop, Told};
pub mod position;
#[cfg(test)]
mod tests;
mod view;

use self::notation::{file_letter, parse_command, Act, Command, Dir, Sq};
use super::{BoardGame, Finish, HouseRule, Kind, Lang, Played, Setup, SetupError, Started, Wanted};
use crate::dice::Dice;
use crate::lang::Worded;
use std::collections::{BTreeMap, HashSet};

pub const KIND: Kind = Kind {
    variant: "diabolik-fleet",
    title: "Diabolik Fleet",
    sides,
    start,
    notation: NOTATION,
    notation_fr: NOTATION_FR,
    house_rules: &HOUSE_RULES,
    positions: Some(position::from_position),
};

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
Diabolik Fleet: one line is your whole turn, its acts in order, separated by `;`.
Squares: files A-H (A-L on 12x12) from left to right, rows 1-8 (1-12) from South's edge up.
Headings: N NE E SE S SW W NW on that board (N points to the top row).
  B2-B3           move the ship on B2 one square ahead (also `B2` or `move B2`)
  B3 turn NE      turn the ship on B3 to NE (also `B3 NE` or `B3=NE`)
  sink C4         sink the enemy ship on C4 (two of your ships show it a flank)
  build D2 N      rebuild a sunk ship on D2, heading N
Example turn:  B2-B3; B3 turn NE; C3-C4; sink D5
Before the first turn:  deploy N N NE N N NW N N  (one heading per ship, in order of
  file, or of row for West and East), or `deploy N` for all.
Other lines: `pass` (decline a bonus turn), `stop` (agree to stop here and let the
  tie-breaks decide), `resign`, `allies West North` / `allies none` (joint sinking).
French words work too: coule C4, tourne B3 NO, reconstruit D2 N.";

/// The notation explained in French: the words to write are the same (or their French forms).
pub const NOTATION_FR: &str = "\
Diabolik Fleet : une ligne est votre tour entier, ses actes dans l'ordre, séparés par `;`.
Cases : colonnes A-H (A-L en 12x12) de gauche à droite, rangées 1-8 (1-12) depuis le bord de South.
Orientations : N NE E SE S SW W NW sur ce plateau (N pointe vers la rangée du haut ; NO pour NW).
  B2-B3           avancer le navire de B2 d'une case (aussi `B2` ou `move B2`)
  B3 turn NE      réorienter le navire de B3 vers NE (aussi `tourne B3 NE`, `B3 NE` ou `B3=NE`)
  sink C4         couler le navire ennemi de C4 (deux de vos navires lui offrent un flanc ; aussi `coule C4`)
  build D2 N      reconstruire un navire coulé en D2, orienté N (aussi `reconstruit D2 N`)
Exemple de tour :  B2-B3; B3 turn NE; C3-C4; sink D5
Avant le premier tour :  deploy N N NE N N NW N N  (une orientation par navire, dans l'ordre des
  colonnes, ou des rangées pour West et East), ou `deploy N` pour tous.
Autres lignes : `pass` (renoncer à un tour bonus), `stop` (accepter d'arrêter ici et de laisser
  décider les critères de départage), `resign` (abandonner), `allies West North` / `allies none`
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

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
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

    /// The side's own ship on `sq`, or why not.
    fn own_ship(&self, side: usize, sq: Sq) -> Result<Ship, ActRefused> {
        if !self.on_board(sq) {
            return Err(ActRefused::OffBoard {
                sq,
                last: self.last_square(),
            });
        }
        match self.at(sq) {
            None => Err(ActRefused::NoShip { sq }),
            Some(s) if s.side != side => Err(ActRefused::NotYourShip {
                sq,
                owner: self.fleets[s.side].name.to_string(),
            }),
            Some(s) => Ok(s),
        }
    }

    fn pay(&self, t: &mut TurnState, cost: u32, what: Spend) -> Result<(), ActRefused> {
        let left = t.budget - t.spent;
        if cost > left {
            return Err(ActRefused::TooDear {
                what,
                cost,
                left,
                spent: t.spent,
                budget: t.budget,
            });
        }
        t.spent += cost;
        Ok(())
    }

    /// Plays one act on this position (a copy, while a turn is checked).
    fn apply(&mut self, side: usize, act: Act, t: &mut TurnState) -> Result<Done, ActRefused> {
        let done = match act {
            Act::Move { from, to } => self.act_move(side, from, to, t)?,
            Act::Turn { at, to } => self.act_turn(side, at, to, t)?,
            Act::Sink { at } => self.act_sink(side, at, t)?,
            Act::Build { at, facing } => self.act_build(side, at, facing, t)?,
        };
        t.acts += 1;
        Ok(done)
    }

    fn act_move(&mut self, side: usize, from: Sq, to: Option<Sq>, t: &mut TurnState) -> Result<Done, ActRefused> {
        let ship = self.own_ship(side, from)?;
        if self.frozen(side, from) {
            return Err(ActRefused::Arrived {
                sq: from,
                far: self.far_row(side),
            });
        }
        let dest = from.step(ship.facing);
        if !self.on_board(dest) {
            return Err(ActRefused::AheadOffBoard {
                sq: from,
                facing: ship.facing,
            });
        }
        if let Some(to) = to {
            if to != dest {
                return Err(ActRefused::NotAhead {
                    sq: from,
                    facing: ship.facing,
                    ahead: dest,
                });
            }
        }
        if let Some(other) = self.at(dest) {
            return Err(ActRefused::Occupied {
                sq: dest,
                owner: (other.side != side).then(|| self.fleets[other.side].name.to_string()),
            });
        }
        if self.rank(side, dest) == 0 {
            return Err(ActRefused::FirstRow {
                sq: dest,
                line: self.line(side, 0),
            });
        }
        let enemies = self.enemy_neighbours(side, from);
        let cost = if enemies.is_empty() { 1 } else { 2 };
        self.pay(t, cost, Spend::Moving { from, enemies })?;
        self.put(from, None);
        self.put(dest, Some(ship));
        t.moved = true;
        let mut notes = Vec::new();
        if self.frozen(side, dest) {
            notes.push(Told::Arrived {
                fleet: self.fleets[side].name.to_string(),
                far: self.far_row(side),
                sq: dest,
                facing: ship.facing,
                arrived: self.arrived(side),
                arrivals: self.rules.arrivals,
            });
        }
        Ok(Done {
            deed: Deed::Moved { from, to: dest },
            notes,
            did: Did::Move {
                from,
                to: dest,
                facing: ship.facing,
            },
        })
    }

    fn act_turn(&mut self, side: usize, at: Sq, to: Dir, t: &mut TurnState) -> Result<Done, ActRefused> {
        let ship = self.own_ship(side, at)?;
        if self.frozen(side, at) {
            return Err(ActRefused::KeepsHeading {
                sq: at,
                far: self.far_row(side),
                facing: ship.facing,
            });
        }
        if ship.facing == to {
            return Err(ActRefused::AlreadyHeads { sq: at, facing: to });
        }
        let enemies = self.enemy_neighbours(side, at);
        let cost = 1 + enemies.len().min(2) as u32;
        self.pay(t, cost, Spend::Turning { at, enemies })?;
        self.put(at, Some(Ship { side, facing: to }));
        Ok(Done {
            deed: Deed::Turned { at, to },
            notes: Vec::new(),
            did: Did::Turn { at, to },
        })
    }

    fn act_sink(&mut self, side: usize, at: Sq, t: &mut TurnState) -> Result<Done, ActRefused> {
        if !t.moved {
            return Err(ActRefused::MoveBeforeSinking);
        }
        if !self.on_board(at) {
            return Err(ActRefused::OffBoard {
                sq: at,
                last: self.last_square(),
            });
        }
        let target = self.at(at).ok_or(ActRefused::NoShip { sq: at })?;
        if target.side == side {
            return Err(ActRefused::OwnShip { sq: at });
        }
        let owner = target.side;
        let owner_name = self.fleets[owner].name;
        if self.frozen(owner, at) {
            return Err(ActRefused::Unsinkable {
                owner: owner_name.to_string(),
                sq: at,
                far: self.far_row(owner),
            });
        }
        let flankers = self.flankers(at);
        let own: Vec<Sq> = flankers
            .iter()
            .copied()
            .filter(|&f| self.at(f).is_some_and(|s| s.side == side))
            .collect();
        let lent: Vec<Sq> = flankers
            .iter()
            .copied()
            .filter(|&f| {
                self.at(f).is_some_and(|s| {
                    self.rules.joint_sinking && s.side != side && s.side != owner && self.fleets[s.side].lends[side]
                })
            })
            .collect();
        let mut guns: Vec<Sq> = if own.len() >= 2 {
            own.clone()
        } else if own.len() == 1 && !lent.is_empty() {
            vec![own[0], lent[0]]
        } else {
            return Err(ActRefused::NoBroadsides {
                sq: at,
                one: own.first().copied(),
                joint: self.rules.joint_sinking,
            });
        };
        guns.sort();
        self.put(at, None);
        self.fleets[owner].lost += 1;
        self.fleets[side].sank += 1;
        t.sank += 1;
        let left = self.afloat(owner);
        let mut notes = vec![Told::Sunk {
            owner: owner_name.to_string(),
            sq: at,
            by: self.fleets[side].name.to_string(),
            guns: guns.clone(),
            left,
        }];
        if !self.two_players() && left < self.rules.min_fleet {
            let why = Leaves::Below {
                min: self.rules.min_fleet,
            };
            notes.push(self.eliminate(owner, why));
        }
        Ok(Done {
            deed: Deed::Sank {
                at,
                owner: (!self.two_players()).then(|| owner_name.to_string()),
            },
            notes,
            did: Did::Sink { at, ship: target, guns },
        })
    }

    fn act_build(&mut self, side: usize, at: Sq, facing: Dir, t: &mut TurnState) -> Result<Done, ActRefused> {
        if self.afloat(side) >= SHIPS {
            return Err(ActRefused::NothingToRebuild);
        }
        let home = self.home(side);
        if !home.contains(&at) {
            return Err(ActRefused::NotHome {
                sq: at,
                first: home[0],
                last: home[home.len() - 1],
            });
        }
        if let Some(other) = self.at(at) {
            return Err(ActRefused::Occupied {
                sq: at,
                owner: Some(self.fleets[other.side].name.to_string()),
            });
        }
        let enemies = self.enemy_neighbours(side, at);
        if let Some(&e) = enemies.first() {
            return Err(ActRefused::NearEnemy {
                sq: at,
                owner: self.at(e).map(|s| self.fleets[s.side].name.to_string()),
                enemy: e,
            });
        }
        self.pay(t, 3, Spend::Rebuilding { at })?;
        self.put(at, Some(Ship { side, facing }));
        Ok(Done {
            deed: Deed::Rebuilt { at, facing },
            notes: Vec::new(),
            did: Did::Build { at, facing },
        })
    }

    /// Takes a fleet out of the game; its ships leave the board. The announcement.
    fn eliminate(&mut self, side: usize, why: Leaves) -> Told {
        let ships = self.afloat(side);
        for cell in self.cells.iter_mut() {
            if cell.is_some_and(|s| s.side == side) {
                *cell = None;
            }
        }
        let fleet = &mut self.fleets[side];
        fleet.out = true;
        fleet.stop = false;
        Told::Eliminated {
            fleet: fleet.name.to_string(),
            why,
            ships,
        }
    }

    fn still_in(&self) -> Vec<usize> {
        (0..self.fleets.len()).filter(|&s| !self.fleets[s].out).collect()
    }

    /// The next fleet still in after `side`, in seat order.
    fn next_side(&self, side: usize) -> usize {
        let n = self.fleets.len();
        (1..=n)
            .map(|k| (side + k) % n)
            .find(|&s| !self.fleets[s].out)
            .unwrap_or(side)
    }

    /// Can `side` play a legal turn on this budget? With `tidy` false, only: can it move a
    /// ship in its first two acts (ignoring ships in file at the end)?
    fn legal_turn_exists(&self, side: usize, budget: u32, tidy: bool) -> bool {
        self.find_turn(side, budget, tidy).is_some()
    }

    /// A legal turn of `side` on this budget, if there is one: a search through every
    /// series of acts the budget allows, each position once.
    fn find_turn(&self, side: usize, budget: u32, tidy: bool) -> Option<Vec<Act>> {
        let mut seen = HashSet::new();
        self.search(side, TurnState::new(budget), tidy, &mut seen)
    }

    fn search(&self, side: usize, t: TurnState, tidy: bool, seen: &mut HashSet<Vec<u8>>) -> Option<Vec<Act>> {
        let done = |game: &Diabolik, t: &TurnState| t.moved && (!tidy || game.files(side).is_empty());
        if done(self, &t) {
            return Some(Vec::new());
        }
        if !t.moved && t.acts >= 2 {
            return None;
        }
        let mine = self.ships_of(side);
        let mut acts: Vec<Act> = mine.iter().map(|&from| Act::Move { from, to: None }).collect();
        for &at in &mine {
            acts.extend(Dir::ALL.iter().map(|&to| Act::Turn { at, to }));
        }
        if self.afloat(side) < SHIPS {
            for at in self.home(side) {
                acts.extend(Dir::ALL.iter().map(|&facing| Act::Build { at, facing }));
            }
        }
        // Every position one act away is looked at before any is searched further: most
        // turns are found at once.
        let mut children = Vec::new();
        for act in acts {
            let mut next = self.clone();
            let mut nt = t;
            if next.apply(side, act, &mut nt).is_err() {
                continue;
            }
            let mut path = vec![act];
            if nt.moved {
                // Sinking is free and removing an enemy ship never closes a door (it only
                // frees squares and lowers costs), so the search sinks all it can.
                path.extend(next.sink_everything(side, &mut nt));
            }
            if done(&next, &nt) {
                return Some(path);
            }
            if seen.insert(next.key(&nt)) {
                children.push((next, nt, path));
            }
        }
        children.into_iter().find_map(|(next, nt, mut path)| {
            let rest = next.search(side, nt, tidy, seen)?;
            path.extend(rest);
            Some(path)
        })
    }

    /// Sinks every enemy ship it can, again and again; the sinkings made.
    fn sink_everything(&mut self, side: usize, t: &mut TurnState) -> Vec<Act> {
        let mut sunk = Vec::new();
        loop {
            let targets: Vec<Sq> = self
                .squares()
                .filter(|&sq| self.at(sq).is_some_and(|s| s.side != side))
                .collect();
            match targets
                .into_iter()
                .find(|&at| self.apply(side, Act::Sink { at }, t).is_ok())
            {
                Some(at) => sunk.push(Act::Sink { at }),
                None => return sunk,
            }
        }
    }

    /// The position and what the turn has spent, as bytes, to search each once.
    fn key(&self, t: &TurnState) -> Vec<u8> {
        let mut key: Vec<u8> = self
            .cells
            .iter()
            .map(|c| c.map_or(0, |s| 1 + (s.side * 8 + s.facing.index()) as u8))
            .collect();
        key.push(t.spent as u8);
        key.push(if t.moved { 255 } else { t.acts as u8 });
        key
    }

    /// After `side` has deployed (or left while deploying): the next fleet still in chooses
    /// its headings, or, once all have, the first fleet still in (in turn order) begins.
    fn after_deploy(&mut self, side: usize, notes: &mut Vec<Told>) {
        let n = self.fleets.len();
        // Seats in turn order: the drawn first one, then round the table.
        let order = |k: usize| (self.first + k) % n;
        let done = (side + n - self.first) % n;
        match (done + 1..n).map(order).find(|&s| !self.fleets[s].out) {
            Some(s) => self.phase = Phase::Deploy(s),
            None => {
                let first = (0..n).map(order).find(|&s| !self.fleets[s].out).unwrap_or(side);
                self.begin_turn(first, notes);
            }
        }
    }

    /// The turn of `side` begins, or the game stops or ends first.
    fn begin_turn(&mut self, side: usize, notes: &mut Vec<Told>) {
        let mut side = side;
        loop {
            if let Some(limit) = self.rules.turns {
                if self.fleets[side].normal_turns >= limit {
                    let finish = self.tie_break(Stop::Turns { turns: limit });
                    self.end(finish, notes);
                    return;
                }
            }
            if self.legal_turn_exists(side, self.rules.cannonballs, true) {
                self.phase = Phase::Turn { side, bonus: false };
                return;
            }
            let name = self.fleets[side].name;
            let reason = if self.legal_turn_exists(side, self.rules.cannonballs, false) {
                Block::InFile
            } else {
                Block::NoMove
            };
            if self.two_players() {
                let winner = self.fleets[1 - side].name;
                let finish = Finish {
                    winners: vec![winner.to_string()],
                    summary: Told::Lost {
                        fleet: name.to_string(),
                        why: Leaves::Blocked(reason),
                        winner: winner.to_string(),
                    }
                    .into(),
                };
                self.end(finish, notes);
                return;
            }
            notes.push(self.eliminate(side, Leaves::Blocked(reason)));
            if let Some(finish) = self.last_fleet() {
                self.end(finish, notes);
                return;
            }
            side = self.next_side(side);
        }
    }

    fn end(&mut self, finish: Finish, notes: &mut Vec<Told>) {
        if let crate::kinds::boardgame::Told::Diabolik(told) = &finish.summary {
            notes.push(told.clone());
        }
        self.phase = Phase::Over(finish);
    }

    /// With several players, the win of the last fleet left.
    fn last_fleet(&self) -> Option<Finish> {
        match self.still_in().as_slice() {
            [last] => {
                let name = self.fleets[*last].name;
                Some(Finish {
                    winners: vec![name.to_string()],
                    summary: Told::LastAfloat {
                        fleet: name.to_string(),
                    }
                    .into(),
                })
            }
            _ => None,
        }
    }

    /// A win by `side` at the end of its turn.
    fn victory(&self, side: usize) -> Option<Finish> {
        let name = self.fleets[side].name;
        let arrived = self.arrived(side);
        if arrived >= self.rules.arrivals {
            return Some(Finish {
                winners: vec![name.to_string()],
                summary: Told::FarRowWin {
                    fleet: name.to_string(),
                    arrived,
                    far: self.far_row(side),
                }
                .into(),
            });
        }
        if self.two_players() {
            let enemy = 1 - side;
            let left = self.afloat(enemy);
            if left < self.rules.min_fleet {
                return Some(Finish {
                    winners: vec![name.to_string()],
                    summary: Told::Destroyed {
                        enemy: self.fleets[enemy].name.to_string(),
                        left,
                        min: self.rules.min_fleet,
                        fleet: name.to_string(),
                    }
                    .into(),
                });
            }
            return None;
        }
        self.last_fleet()
    }

    /// The tie-breaks of a game stopped early.
    fn tie_break(&self, why: Stop) -> Finish {
        let everyone = self.still_in();
        let mut field = everyone.clone();
        let measures: [(Measure, Counter); 3] = [
            (Measure::FarRow, Diabolik::arrived),
            (Measure::EnemyHalf, Diabolik::in_enemy_half),
            (Measure::Afloat, Diabolik::afloat),
        ];
        let mut counted = Vec::new();
        for (what, measure) in measures {
            let counts: Vec<(usize, usize)> = field.iter().map(|&s| (s, measure(self, s))).collect();
            let best = counts.iter().map(|&(_, c)| c).max().unwrap_or(0);
            let shown: Vec<(String, usize)> = counts
                .iter()
                .map(|&(s, c)| (self.fleets[s].name.to_string(), c))
                .collect();
            counted.push((what, shown));
            field.retain(|&s| measure(self, s) == best);
            if field.len() == 1 {
                break;
            }
        }
        let names: Vec<&str> = field.iter().map(|&s| self.fleets[s].name).collect();
        let winners = if field.len() > 1 && field.len() == everyone.len() {
            Vec::new()
        } else {
            owned(&names)
        };
        Finish {
            winners: winners.clone(),
            summary: Told::TieBreak { why, counted, winners }.into(),
        }
    }

    /// The turn of `side` is over: a win, a bonus turn, or the next fleet.
    fn after_turn(&mut self, side: usize, bonus: bool, sank: bool, notes: &mut Vec<Told>) {
        if let Some(finish) = self.victory(side) {
            self.end(finish, notes);
            return;
        }
        let name = self.fleets[side].name;
        if !bonus && sank {
            if self.legal_turn_exists(side, self.rules.bonus_cannonballs, true) {
                self.phase = Phase::Turn { side, bonus: true };
                notes.push(Told::Bonus {
                    fleet: name.to_string(),
                    cannonballs: self.rules.bonus_cannonballs,
                });
                return;
            }
            notes.push(Told::NoBonus {
                fleet: name.to_string(),
            });
        }
        let next = self.next_side(side);
        self.begin_turn(next, notes);
    }

    fn whose_turn(&self, side: usize) -> Result<bool, Refused> {
        match &self.phase {
            Phase::Turn { side: s, bonus } if *s == side => Ok(*bonus),
            Phase::Turn { side: s, .. } => Err(Refused::NotYourTurn {
                mover: self.fleets[*s].name.to_string(),
            }),
            Phase::Deploy(s) if *s == side => Err(Refused::DeployFirst),
            Phase::Deploy(s) => Err(Refused::Deploying {
                fleet: self.fleets[*s].name.to_string(),
            }),
            Phase::Over(_) => Err(Refused::GameOver),
        }
    }

    /// Any turn played withdraws the requests to stop.
    fn withdraw_stops(&mut self, notes: &mut Vec<Told>) {
        if self.fleets.iter().any(|f| f.stop) {
            notes.push(Told::StopsLapse);
            for f in &mut self.fleets {
                f.stop = false;
            }
        }
    }

    fn play_turn(&mut self, side: usize, acts: &[(String, Act)]) -> Result<Played, Refused> {
        let bonus = self.whose_turn(side)?;
        if acts.is_empty() {
            return Err(Refused::EmptyTurn);
        }
        let budget = if bonus {
            self.rules.bonus_cannonballs
        } else {
            self.rules.cannonballs
        };
        let mut next = self.clone();
        let mut t = TurnState::new(budget);
        let mut done_deeds = Vec::new();
        let mut dids = Vec::new();
        let mut notes = Vec::new();
        for (n, (written, act)) in acts.iter().enumerate() {
            if !t.moved && t.acts >= 2 {
                if !self.rules.forgiving_first_acts {
                    return Ok(self.lose_first_acts(side, done_deeds));
                }
                return Err(Refused::NoMoveInTwo {
                    n: n + 1,
                    written: written.clone(),
                });
            }
            let done = next.apply(side, *act, &mut t).map_err(|why| Refused::Act {
                n: n + 1,
                written: written.clone(),
                why,
            })?;
            done_deeds.push(done.deed);
            notes.extend(done.notes);
            dids.push(done.did);
        }
        if !t.moved {
            if !self.rules.forgiving_first_acts {
                return Ok(self.lose_first_acts(side, done_deeds));
            }
            return Err(Refused::NoShipMoved);
        }
        let files = next.files(side);
        if let Some(&pair) = files.first() {
            return Err(Refused::EndsInFile {
                file: next.describe_file(pair),
            });
        }
        let name = self.fleets[side].name;
        let summary = Told::Turn {
            fleet: name.to_string(),
            bonus,
            deeds: done_deeds,
            spent: t.spent,
        };
        next.withdraw_stops(&mut notes);
        if !bonus {
            next.fleets[side].normal_turns += 1;
        }
        next.last = Some(std::sync::Arc::new(LastTurn {
            side,
            bonus,
            spent: t.spent,
            budget,
            acts: dids,
        }));
        next.after_turn(side, bonus, t.sank > 0, &mut notes);
        *self = next;
        Ok(played(summary, notes))
    }

    /// `side` leaves the game for `why`: in a duel the other side wins (`duel` writes the
    /// summary from the winner's name); with several players its fleet is eliminated, and
    /// the game ends when one fleet is left. Returns whether the game goes on, for the
    /// caller to say who plays next.
    fn leave(&mut self, side: usize, why: Leaves, notes: &mut Vec<Told>) -> bool {
        self.withdraw_stops(notes);
        if self.two_players() {
            let winner = self.fleets[1 - side].name;
            let finish = Finish {
                winners: vec![winner.to_string()],
                summary: Told::Lost {
                    fleet: self.fleets[side].name.to_string(),
                    why,
                    winner: winner.to_string(),
                }
                .into(),
            };
            self.end(finish, notes);
            return false;
        }
        notes.push(self.eliminate(side, why));
        match self.last_fleet() {
            Some(finish) => {
                self.end(finish, notes);
                false
            }
            None => true,
        }
    }

    /// « sinon l'adversaire est vainqueur »: `side` wrote a turn whose first two acts (legal,
    /// done as `acts`) move no ship. In a duel the other side wins; with several players the
    /// fleet is eliminated, as one that cannot move in its first two acts (rule 3° of the
    /// variant). The acts themselves are void.
    fn lose_first_acts(&mut self, side: usize, acts: Vec<Deed>) -> Played {
        let name = self.fleets[side].name;
        let mut notes = Vec::new();
        self.last = None;
        if self.leave(side, Leaves::FirstActs { acts: acts.clone() }, &mut notes) {
            let next = self.next_side(side);
            self.begin_turn(next, &mut notes);
        }
        played(
            Told::FirstActs {
                fleet: name.to_string(),
                acts,
            },
            notes,
        )
    }

    fn deploy(&mut self, side: usize, dirs: &[Dir]) -> Result<Played, Refused> {
        match self.phase {
            Phase::Deploy(s) if s == side => {}
            Phase::Deploy(s) => {
                return Err(Refused::Deploying {
                    fleet: self.fleets[s].name.to_string(),
                })
            }
            _ => return Err(Refused::DeployedAlready),
        }
        let home = self.home(side);
        let headings: Vec<Dir> = match dirs {
            [one] => vec![*one; SHIPS],
            _ if dirs.len() == SHIPS => dirs.to_vec(),
            _ => {
                return Err(Refused::DeployCount {
                    ships: SHIPS,
                    first: home[0],
                    last: home[SHIPS - 1],
                    given: dirs.len(),
                })
            }
        };
        let mut next = self.clone();
        for (&sq, &facing) in home.iter().zip(&headings) {
            next.put(sq, Some(Ship { side, facing }));
        }
        if let Some(&pair) = next.files(side).first() {
            return Err(Refused::DeployInFile {
                file: next.describe_file(pair),
            });
        }
        let summary = Told::Deployed {
            fleet: self.fleets[side].name.to_string(),
            headings: home.iter().copied().zip(headings.iter().copied()).collect(),
        };
        let mut notes = Vec::new();
        next.last = None;
        next.withdraw_stops(&mut notes);
        next.after_deploy(side, &mut notes);
        *self = next;
        Ok(played(summary, notes))
    }

    fn pass(&mut self, side: usize) -> Result<Played, Refused> {
        if !self.whose_turn(side)? {
            return Err(Refused::NoBonusToPass);
        }
        let mut notes = Vec::new();
        self.withdraw_stops(&mut notes);
        let next = self.next_side(side);
        self.begin_turn(next, &mut notes);
        let summary = Told::Declines {
            fleet: self.fleets[side].name.to_string(),
        };
        Ok(played(summary, notes))
    }

    fn stop(&mut self, side: usize) -> Result<Played, Refused> {
        let name = self.fleets[side].name;
        self.fleets[side].stop = true;
        let waiting: Vec<&str> = self
            .still_in()
            .into_iter()
            .filter(|&s| !self.fleets[s].stop)
            .map(|s| self.fleets[s].name)
            .collect();
        let mut notes = Vec::new();
        if waiting.is_empty() {
            let finish = self.tie_break(Stop::Agreed);
            self.end(finish, &mut notes);
        } else {
            notes.push(Told::StopsOnce {
                waiting: owned(&waiting),
            });
        }
        let summary = Told::AsksStop {
            fleet: name.to_string(),
        };
        Ok(played(summary, notes))
    }

    fn resign(&mut self, side: usize) -> Result<Played, Refused> {
        let name = self.fleets[side].name;
        let mut notes = Vec::new();
        self.last = None;
        if self.leave(side, Leaves::Resigns, &mut notes) {
            match self.phase {
                Phase::Turn { side: s, .. } if s == side => {
                    let next = self.next_side(side);
                    self.begin_turn(next, &mut notes);
                }
                Phase::Deploy(s) if s == side => self.after_deploy(side, &mut notes),
                _ => {}
            }
        }
        let summary = Told::Resigns {
            fleet: name.to_string(),
        };
        Ok(played(summary, notes))
    }

    fn allies(&mut self, side: usize, names: &[String]) -> Result<Played, Refused> {
        if !self.rules.joint_sinking {
            return Err(Refused::NoJointSinking);
        }
        let mut lends = vec![false; self.fleets.len()];
        for name in names {
            let found = self.fleets.iter().position(|f| f.name.eq_ignore_ascii_case(name));
            match found {
                Some(s) if s == side => return Err(Refused::AllyOfItself),
                Some(s) => lends[s] = true,
                None => {
                    return Err(Refused::NoSuchFleet {
                        name: name.clone(),
                        fleets: self.fleets.iter().map(|f| f.name.to_string()).collect(),
                    });
                }
            }
        }
        self.fleets[side].lends = lends;
        let name = self.fleets[side].name;
        let to: Vec<&str> = self.lent_to(side);
        let summary = Told::Lends {
            fleet: name.to_string(),
            to: owned(&to),
        };
        Ok(played(summary, Vec::new()))
    }

    fn lent_to(&self, side: usize) -> Vec<&'static str> {
        (0..self.fleets.len())
            .filter(|&s| self.fleets[side].lends[s])
            .map(|s| self.fleets[s].name)
            .collect()
    }

    fn status(&self, lang: Lang) -> String {
        match (&self.phase, lang) {
            (Phase::Deploy(s), Lang::En) => format!("{} to choose its headings (`deploy`).", self.fleets[*s].name),
            (Phase::Deploy(s), Lang::Fr) => {
                format!(
                    "À {} de choisir l'orientation de ses navires (`deploy`).",
                    self.fleets[*s].name
                )
            }
            (Phase::Turn { side, bonus: false }, Lang::En) => format!(
                "{} to move: its turn {} ({} cannonballs).",
                self.fleets[*side].name,
                self.fleets[*side].normal_turns + 1,
                self.rules.cannonballs
            ),
            (Phase::Turn { side, bonus: false }, Lang::Fr) => format!(
                "À {} de jouer : son tour {} ({} boulets).",
                self.fleets[*side].name,
                self.fleets[*side].normal_turns + 1,
                self.rules.cannonballs
            ),
            (Phase::Turn { side, bonus: true }, Lang::En) => format!(
                "{} to play its bonus turn ({} cannonballs) or `pass`.",
                self.fleets[*side].name, self.rules.bonus_cannonballs
            ),
            (Phase::Turn { side, bonus: true }, Lang::Fr) => format!(
                "À {} de jouer son tour bonus ({} boulets) ou `pass`.",
                self.fleets[*side].name, self.rules.bonus_cannonballs
            ),
            (Phase::Over(finish), Lang::En) => format!("Game over. {}", finish.summary),
            (Phase::Over(finish), Lang::Fr) => format!("Partie terminée. {}", finish.summary.words(Lang::Fr)),
        }
    }

    fn grid(&self) -> Vec<String> {
        let letters: String = (0..self.size).map(|x| format!("{:<5}", file_letter(x))).collect();
        let header = format!("    {}", letters.trim_end());
        let mut lines = vec![header.clone()];
        for y in (0..self.size).rev() {
            let mut line = format!("{:>3} ", y + 1);
            for x in 0..self.size {
                let sq = Sq::new(x, y);
                let cell = match self.at(sq) {
                    None => ".".to_string(),
                    Some(s) => {
                        let letter = self.fleets[s.side]
                            .name
                            .chars()
                            .next()
                            .unwrap_or('?')
                            .to_ascii_lowercase();
                        let frozen = if self.frozen(s.side, sq) { "*" } else { "" };
                        format!("{letter}{}{frozen}", s.facing)
                    }
                };
                line.push_str(&format!("{cell:<5}"));
            }
            line.push_str(&format!("{}", y + 1));
            lines.push(line);
        }
        lines.push(header);
        lines
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
        if lang == Lang::Fr {
            return self.board_fr();
        }
        let mut out = vec![format!("Diabolik Fleet. {}", self.status(lang)), String::new()];
        out.extend(self.grid());
        out.push(String::new());
        let letters: Vec<String> = self
            .fleets
            .iter()
            .map(|f| {
                format!(
                    "{} = {}",
                    f.name.chars().next().unwrap_or('?').to_ascii_lowercase(),
                    f.name
                )
            })
            .collect();
        out.push(format!(
            "{}; then the heading (N points to row {}); * = frozen on its far row.",
            letters.join(", "),
            self.size
        ));
        for (side, f) in self.fleets.iter().enumerate() {
            if f.out {
                out.push(format!("{}: out of the game; sank {}.", f.name, f.sank));
                continue;
            }
            let afloat = self.afloat(side);
            let mut line = format!(
                "{}: {} afloat (below {} {}), {} to rebuild; sank {}, lost {}; on {}: {} of {}.",
                f.name,
                afloat,
                self.rules.min_fleet,
                if self.two_players() { "loses" } else { "is out" },
                SHIPS - afloat,
                f.sank,
                f.lost,
                self.far_row(side),
                self.arrived(side),
                self.rules.arrivals
            );
            if f.stop {
                line.push_str(" Asks to stop.");
            }
            if self.rules.joint_sinking {
                let to = self.lent_to(side);
                if !to.is_empty() {
                    line.push_str(&format!(" Lends its ships to {}.", and_list(&to)));
                }
            }
            out.push(line);
        }
        let (arrivals, min_fleet) = (self.rules.arrivals, self.rules.min_fleet);
        out.push(if self.two_players() {
            format!(
                "Wins: {arrivals} ships on the far row; or the enemy below {min_fleet} ships; \
                 or the enemy blocked (no ship can move in its first two acts)."
            )
        } else {
            format!(
                "Wins: {arrivals} ships on the far row, or the last fleet left; a fleet below {min_fleet} ships \
                 or blocked (no ship can move in its first two acts) is eliminated."
            )
        });
        if let Some(limit) = self.rules.turns {
            out.push(format!(
                "The game stops after {} each (tie-breaks).",
                plural(limit as usize, "normal turn", "normal turns")
            ));
        }
        out.iter()
            .map(|l| l.trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    }

    fn finish(&self) -> Option<Finish> {
        match &self.phase {
            Phase::Over(finish) => Some(finish.clone()),
            _ => None,
        }
    }

    fn picture(&self) -> Option<String> {
        Some(crate::picture::diabolik::draw(&self.view()))
    }
}

impl Diabolik {
    /// The board in French: the same drawing, its legend and the fleets' lines in the words
    /// of the rules.
    fn board_fr(&self) -> String {
        let mut out = vec![format!("Diabolik Fleet. {}", self.status(Lang::Fr)), String::new()];
        out.extend(self.grid());
        out.push(String::new());
        let letters: Vec<String> = self
            .fleets
            .iter()
            .map(|f| {
                format!(
                    "{} = {}",
                    f.name.chars().next().unwrap_or('?').to_ascii_lowercase(),
                    f.name
                )
            })
            .collect();
        out.push(format!(
            "{} ; puis l'orientation (N pointe vers la rangée {}) ; * = figé sur son bord adverse.",
            letters.join(", "),
            self.size
        ));
        let and_fr = |names: &[&str]| match names {
            [] => String::new(),
            [one] => one.to_string(),
            [init @ .., last] => format!("{} et {last}", init.join(", ")),
        };
        for (side, f) in self.fleets.iter().enumerate() {
            if f.out {
                out.push(format!("{} : hors jeu ; a coulé {}.", f.name, f.sank));
                continue;
            }
            let afloat = self.afloat(side);
            let mut line = format!(
                "{} : {} à flot (sous {} elle {}), {} à reconstruire ; a coulé {}, a perdu {} ; sur la {} : {} sur {}.",
                f.name,
                afloat,
                self.rules.min_fleet,
                if self.two_players() { "perd" } else { "est éliminée" },
                SHIPS - afloat,
                f.sank,
                f.lost,
                self.far_row(side).fr(),
                self.arrived(side),
                self.rules.arrivals
            );
            if f.stop {
                line.push_str(" Demande l'arrêt.");
            }
            if self.rules.joint_sinking {
                let to = self.lent_to(side);
                if !to.is_empty() {
                    line.push_str(&format!(" Prête ses navires à {}.", and_fr(&to)));
                }
            }
            out.push(line);
        }
        let (arrivals, min_fleet) = (self.rules.arrivals, self.rules.min_fleet);
        out.push(if self.two_players() {
            format!(
                "Victoire : {arrivals} navires sur le bord adverse ; ou l'ennemi sous {min_fleet} navires ; \
                 ou l'ennemi bloqué (aucun navire ne peut se déplacer à ses deux premiers actes)."
            )
        } else {
            format!(
                "Victoire : {arrivals} navires sur le bord adverse, ou la dernière flotte restante ; une flotte \
                 sous {min_fleet} navires ou bloquée (aucun navire ne peut se déplacer à ses deux premiers actes) \
                 est éliminée."
            )
        });
        if let Some(limit) = self.rules.turns {
            out.push(format!(
                "La partie s'arrête après {} chacun (critères de départage).",
                plural(limit as usize, "tour normal", "tours normaux")
            ));
        }
        out.iter()
            .map(|l| l.trim_end().to_string())
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    }
}
