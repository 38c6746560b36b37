//! Les Belligérants (Diamino): two armies cross a battlefield of coloured squares, one die
//! with faces 1 to 5 and the DEVIL deciding how far each move goes.
//!
//! # What arbitre does
//!
//! The rules we have lost the board's layout and part of the table of pieces, so arbitre
//! does not judge the moves. It is the trusted hand that throws the die, keeps the turn, and
//! keeps the ledger the score is made of:
//!
//! - The sides are the colours of the two camps: **Yellow** (first seat) and **Pink**
//!   (second seat). Each player moves the pieces of the camp's colour; two teams play as two
//!   players.
//! - Who begins is drawn by lot at the start, and the die of every move is thrown *before*
//!   the move is due and announced to both players: `start` announces the first player's
//!   die, each accepted move announces the next one.
//! - A move is `MOVE <free text>`, relayed as written; it is the player's word that one
//!   piece went as far as the die says. A line that is not a command is refused, so a stray
//!   line of a mail (a signature, a quoted line) is never taken for a move.
//! - The DEVIL: the player chooses the points, 1 to 5, and writes them first
//!   (`MOVE 4 tank c3 to c7`); then plays again at once, with a new die thrown and announced.
//!   A DEVIL on that die gives yet another move; the rules set no limit, so neither do we.
//!   What else the DEVIL allows (taking material in good order, freeing a piece from the grey
//!   or white squares) is told in the move's text.
//! - Captures and pieces home are recorded by the players: `CAPTURE <piece>` (an enemy
//!   piece taken prisoner), `HOME <piece>` (one of the writer's pieces entered the enemy's
//!   camp for good), `CANCEL CAPTURE <piece>` / `CANCEL HOME <piece>` to strike out a record
//!   made by mistake. They may be written before the move on one's own turn, or after it
//!   until the opponent has moved. Material taken in good order (on a DEVIL) is no prisoner
//!   and is not recorded. An ambulance is taken by no piece, so it cannot be recorded as a
//!   prisoner.
//! - The ledger never accounts for more pieces than the game has (« Quarante-deux pions »:
//!   fifteen combat pieces a side and six flat ones each). Every combat piece is recorded
//!   at most once, since a piece home « ne peut plus ressortir, ni être pris » and no rule
//!   frees a prisoner: so at most 30 records in all. A record of a kind that is never
//!   taken in good order (État-Major, Officier, Ambulance, Espion, Patrouille, Sentinelle,
//!   Soldats) is of the army it names: `HOME` the writer's own, `CAPTURE` the enemy's. A
//!   record of a good-order kind (Bombardier, Avion de chasse, D.C.A., Canon,
//!   Mitrailleuse, Tank) may be of the other army: `HOME` of enemy material the writer
//!   brought home under one of his six flats (the flat stays on a piece that cannot leave,
//!   so at most six), `CAPTURE` of the writer's own material retaken on an ordinary point
//!   (« Repris à la suite d'un point ordinaire il sera fait prisonnier »). A record is
//!   refused, with the count that it breaks, when no such reading keeps both armies
//!   within fifteen pieces.
//! - The end: the battle ends when one player has every piece home or taken prisoner. The
//!   player to move declares it with `END`; the other answers `AGREE` (the game ends and is
//!   scored) or `REFUSE` (the battle goes on, the declarer still to move with the same die).
//!   Each side scores the values of its pieces home counted double, plus the values of its
//!   prisoners; the higher total wins, by the difference. Equal totals: the rules name no
//!   winner, so it is a draw.
//! - The armistice: the text sets no moment for it, so either player may ask for one
//!   (`ARMISTICE`) at any time while the battle is under way, on his turn or not (with the
//!   house rule `armistice-on-own-turn`, only the player to move may); the other names the
//!   indemnity (`TERMS 2000`, in points) or refuses; the asker `AGREE`s (the game ends: the
//!   one who named the terms wins, by the indemnity; terms of 0 are a draw) or `REFUSE`s
//!   (hostilities resume: the player who was to move is to move, with the same die).
//! - `RESIGN` (or `CONCEDE`), by either player at any time, gives the game to the other. The
//!   rules have no resignation; a game by mail needs one.
//!
//! # Values of the pieces
//!
//! From the table of pieces: État-Major 1000, Bombardier 700, Avion de chasse 600, D.C.A.
//! 600, Mitrailleuse 500, Canon 500, Tank 400, Officier 400, Ambulance 300, Espion 300,
//! Patrouille 200, Sentinelle 200, Soldats 100. The scan prints the bombardier's value as
//! 200, but the rules' own example says it is worth more than the D.C.A.'s 600: 700.
//!
//! # What the text leaves out
//!
//! The board (which squares are which colour, where the 18 crossroads are) and the number of
//! pieces of each kind (15 per army, 13 kinds) are missing from our copy. So arbitre checks
//! no move, no capture against the table of precedence, and not how many pieces of a kind an
//! army has: the players do, and the ledger is what they record.
//!
//! # The draws
//!
//! With the game's [`Dice`] (see `crate::dice` for how anyone recomputes a draw from the
//! revealed seed), in this order:
//! 1. at the start, `below(2)`: 0 means Yellow begins, 1 Pink;
//! 2. then the first player's die, `below(6)`: 0 to 4 are the faces 1 to 5, 5 is the DEVIL;
//! 3. after each accepted `MOVE`, one die `below(6)` the same way, for whoever moves next
//!    (the same player after a DEVIL, else the other).
//!
//! Nothing else draws: records, declarations, refusals and refused lines draw nothing.

pub(crate) mod refused;
pub(crate) mod told;

pub use refused::{LedgerFault, Refused};
pub use told::{Refusing, Told};

use super::{split_word, BoardGame, Finish, HouseRule, Kind, Lang, Played, Setup, SetupError, Started};
use crate::dice::Dice;
use crate::lang::Worded;
use std::fmt;

/// The sides, in seat order: the colours of the two camps.
pub const SIDES: [&str; 2] = ["Yellow", "Pink"];

/// The same as the French text names them (« JAUNE et ROSE »), for French letters.
const SIDES_FR: [&str; 2] = ["Jaune", "Rose"];

/// A side's name in French letters; any other text as it is.
pub(super) fn side_fr(side: &str) -> &str {
    KIND.side_in(side, Lang::Fr)
}

/// How many entries of the log the board shows.
const LOG_SHOWN: usize = 8;

/// The largest indemnity one may ask (more than both armies are worth, doubled).
const MAX_INDEMNITY: u32 = 100_000;

pub const KIND: Kind = Kind {
    variant: "belligerants",
    title: "Les Belligérants",
    sides,
    start,
    notation: NOTATION,
    notation_fr: NOTATION_FR,
    rules: include_str!("rules.txt"),
    rules_fr: include_str!("rules.fr.txt"),
    sides_fr: &[(SIDES[0], SIDES_FR[0]), (SIDES[1], SIDES_FR[1])],
    house_rules: &HOUSE_RULES,
    positions: None,
    #[cfg(test)]
    word_samples,
};

/// The game's worded values, one of each variant, for the shared test of words.
#[cfg(test)]
fn word_samples() -> Vec<(&'static str, Vec<crate::lang::Sample>)> {
    use crate::lang::samples_shown;
    vec![
        ("belligerants::Told", samples_shown(&told::tests::every())),
        ("belligerants::Refused", samples_shown(&refused::tests::every())),
    ]
}

/// The departures from the text a game may choose.
pub const HOUSE_RULES: [HouseRule; 1] = [HouseRule {
    name: "armistice-on-own-turn",
    changes: "ARMISTICE: « a la faculté de demander un armistice », at no moment the text sets",
    description: "only the player to move may ask for an armistice (by the text, either player may, at any time)",
    description_fr: "seul le joueur qui a le trait peut demander un armistice (selon le texte, chaque joueur le peut, \
                     à tout moment)",
}];

const NOTATION: &str = "\
Les Belligérants: arbitre throws the die and keeps the turn and the score; it does not check moves.
Sides: Yellow and Pink. Who begins is drawn by lot. Your die is announced before your move.
  MOVE <text>           your move, relayed as written:          MOVE tank c3 to c7
  MOVE <1-5> <text>     after the DEVIL, the points you choose:  MOVE 4 tank c3 to c7
                        (then you play again with a new die)
  CAPTURE <piece>       you took an enemy piece prisoner:        CAPTURE Tank
  HOME <piece>          one of your pieces entered the enemy camp: HOME Officier
  CANCEL CAPTURE <piece> / CANCEL HOME <piece>   strike out a record made by mistake
                        (records go before your move, or after it until your opponent moves)
  END                   every piece of one army is home or prisoner; the other answers AGREE or REFUSE
  ARMISTICE             ask for an armistice; the other answers TERMS <points> or REFUSE,
                        then you answer AGREE or REFUSE:        TERMS 2000
  RESIGN                give the game to your opponent (at any time)
Pieces: Etat-Major 1000, Bombardier 700, Chasse 600, DCA 600, Mitrailleuse 500, Canon 500, Tank 400,
Officier 400, Ambulance 300, Espion 300, Patrouille 200, Sentinelle 200, Soldats 100.
Score: pieces home count double, plus prisoners; the higher total wins by the difference.";

fn sides(players: usize) -> Result<Vec<&'static str>, SetupError> {
    if players == 2 {
        Ok(SIDES.to_vec())
    } else {
        Err(SetupError::Players {
            title: KIND.title,
            played_by: "played by two players (a team plays as one)",
            given: players,
        })
    }
}

fn start(setup: &Setup, dice: &mut Dice) -> Started {
    let (game, notes) = Belligerants::begin(setup, dice)?;
    Ok((Box::new(game), notes))
}

/// The notation explained in French, in the words of the rules: the words to write are the same.
const NOTATION_FR: &str = "\
Les Belligérants : arbitre jette le dé, tient le tour et le score ; il ne vérifie pas les coups.
Camps : Jaune et Rose. Qui commence est tiré au sort. Votre dé est annoncé avant votre coup.
  MOVE <texte>           votre coup, transmis tel quel :               MOVE tank c3 to c7
  MOVE <1-5> <texte>     après le DIABLE, les points que vous choisissez : MOVE 4 tank c3 to c7
                         (puis vous rejouez avec un nouveau dé)
  CAPTURE <pion>         vous avez fait prisonnier un pion ennemi :    CAPTURE Tank
  HOME <pion>            un de vos pions est rentré dans le camp ennemi : HOME Officier
  CANCEL CAPTURE <pion> / CANCEL HOME <pion>   rayer une inscription faite par erreur
                         (avant votre coup, ou après jusqu'à ce que votre adversaire joue)
  END                    toute une armée est rentrée ou prisonnière ; l'autre répond AGREE ou REFUSE
  ARMISTICE              demander un armistice ; l'autre répond TERMS <points> ou REFUSE,
                         puis vous répondez AGREE (accepter) ou REFUSE (refuser) : TERMS 2000
  RESIGN                 abandonner la partie à votre adversaire (à tout moment)
Pions : Etat-Major 1000, Bombardier 700, Chasse 600, DCA 600, Mitrailleuse 500, Canon 500, Tank 400,
Officier 400, Ambulance 300, Espion 300, Patrouille 200, Sentinelle 200, Soldats 100.
Score : les pions rentrés comptent double, plus les prisonniers ; le plus fort total gagne, de la différence.";

/// One throw of the die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Die {
    /// A face from 1 to 5.
    Points(u32),
    Devil,
}

impl Die {
    /// One draw `below(6)`: 0 to 4 are the faces 1 to 5, 5 is the DEVIL.
    pub fn throw(dice: &mut Dice) -> Die {
        match dice.below(6) {
            5 => Die::Devil,
            n => Die::Points(n + 1),
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Die::Points(n) => write!(f, "{n}"),
            Die::Devil => write!(f, "DEVIL"),
        }
    }
}

/// The kinds of pieces of an army, in the order of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    EtatMajor,
    Bombardier,
    Chasse,
    Dca,
    Mitrailleuse,
    Canon,
    Tank,
    Officier,
    Ambulance,
    Espion,
    Patrouille,
    Sentinelle,
    Soldats,
}

/// Each piece: its name, its value, and the names a player may write for it (folded: lower
/// case, no accents, letters and digits only).
const PIECES: [(Piece, &str, u32, &[&str]); 13] = [
    (Piece::EtatMajor, "État-Major", 1000, &["etatmajor", "staff", "hq"]),
    (Piece::Bombardier, "Bombardier", 700, &["bombardier", "bomber"]),
    (
        Piece::Chasse,
        "Avion de chasse",
        600,
        &["aviondechasse", "chasse", "fighter"],
    ),
    (Piece::Dca, "D.C.A.", 600, &["dca", "flak"]),
    (
        Piece::Mitrailleuse,
        "Mitrailleuse",
        500,
        &["mitrailleuse", "machinegun"],
    ),
    (Piece::Canon, "Canon", 500, &["canon", "cannon", "gun"]),
    (Piece::Tank, "Tank", 400, &["tank"]),
    (Piece::Officier, "Officier", 400, &["officier", "officer"]),
    (Piece::Ambulance, "Ambulance", 300, &["ambulance"]),
    (Piece::Espion, "Espion", 300, &["espion", "spy"]),
    (Piece::Patrouille, "Patrouille", 200, &["patrouille", "patrol"]),
    (
        Piece::Sentinelle,
        "Sentinelle",
        200,
        &["sentinelle", "sentry", "sentinel"],
    ),
    (
        Piece::Soldats,
        "Soldats",
        100,
        &["soldats", "soldat", "soldiers", "soldier"],
    ),
];

impl Piece {
    fn entry(self) -> &'static (Piece, &'static str, u32, &'static [&'static str]) {
        PIECES
            .iter()
            .find(|e| e.0 == self)
            .expect("every piece is in the table")
    }

    pub fn name(self) -> &'static str {
        self.entry().1
    }

    pub fn value(self) -> u32 {
        self.entry().2
    }

    /// A piece as a player writes it: `Tank`, `état-major`, `D.C.A.`, `avion de chasse`.
    pub fn parse(text: &str) -> Result<Piece, Refused> {
        let folded = fold(text);
        PIECES
            .iter()
            .find(|e| e.3.contains(&folded.as_str()))
            .map(|e| e.0)
            .ok_or_else(|| {
                if text.trim().is_empty() {
                    Refused::WhichPiece
                } else {
                    Refused::NoSuchPiece {
                        text: text.trim().to_string(),
                    }
                }
            })
    }
}

impl Piece {
    /// Material the DEVIL takes "en bon état" (bombardier, fighter, D.C.A., cannon, machine
    /// gun, tank): the taker may turn it against its own army under one of his flat pieces.
    pub fn good_order(self) -> bool {
        matches!(
            self,
            Piece::Bombardier | Piece::Chasse | Piece::Dca | Piece::Canon | Piece::Mitrailleuse | Piece::Tank
        )
    }
}

/// The combat pieces of each army (« ses quinze pions de combat »).
pub const COMBAT_PIECES: usize = 15;

/// The flat pieces of each side (« les six pions plats »), laid on enemy material taken in
/// good order; 2 × 15 + 2 × 6 = the game's « quarante-deux pions ».
pub const FLATS: usize = 6;

/// Lower case, accents dropped, letters and digits only: `État-Major` is `etatmajor`.
fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            'à' | 'â' | 'ä' => Some('a'),
            'é' | 'è' | 'ê' | 'ë' => Some('e'),
            'î' | 'ï' => Some('i'),
            'ô' | 'ö' => Some('o'),
            'ù' | 'û' | 'ü' => Some('u'),
            'ç' => Some('c'),
            c if c.is_ascii_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// Which record of the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// An enemy piece taken prisoner (`CAPTURE`).
    Capture,
    /// A piece home in the enemy camp (`HOME`).
    Home,
}

/// One line a player writes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Line {
    Move(String),
    Record(Record, Piece),
    Cancel(Record, Piece),
    End,
    Armistice,
    Terms(u32),
    Agree,
    Refuse,
    Resign,
}

impl Line {
    fn parse(text: &str) -> Result<Line, Refused> {
        let (word, rest) = split_word(text);
        let bare = |command: Line| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(Refused::Bare {
                    command: word.to_uppercase(),
                    rest: rest.to_string(),
                })
            }
        };
        match word.to_uppercase().as_str() {
            "MOVE" if rest.is_empty() => Err(Refused::NoMove),
            "MOVE" => Ok(Line::Move(rest.to_string())),
            "CAPTURE" => Ok(Line::Record(Record::Capture, Piece::parse(rest)?)),
            "HOME" => Ok(Line::Record(Record::Home, Piece::parse(rest)?)),
            "CANCEL" => {
                let (what, piece) = split_word(rest);
                match what.to_uppercase().as_str() {
                    "CAPTURE" => Ok(Line::Cancel(Record::Capture, Piece::parse(piece)?)),
                    "HOME" => Ok(Line::Cancel(Record::Home, Piece::parse(piece)?)),
                    _ => Err(Refused::CancelWhat),
                }
            }
            "END" => bare(Line::End),
            "ARMISTICE" => bare(Line::Armistice),
            "TERMS" => match rest.parse::<u32>() {
                Ok(n) if n <= MAX_INDEMNITY => Ok(Line::Terms(n)),
                _ => Err(Refused::NoIndemnity),
            },
            "AGREE" => bare(Line::Agree),
            "REFUSE" => bare(Line::Refuse),
            "RESIGN" | "CONCEDE" => bare(Line::Resign),
            "" => Err(Refused::EmptyLine),
            _ => Err(Refused::NotACommand { word: word.to_string() }),
        }
    }
}

/// Where the game stands. The player to move (`Belligerants::mover`) is the one who made any
/// declaration, so the states need not name it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// The mover is to move, with the die thrown.
    Moving,
    /// The mover declared the end; the other is to AGREE or REFUSE.
    EndDeclared,
    /// This side asked for an armistice; the other is to name its TERMS or REFUSE.
    ArmisticeAsked(usize),
    /// The side that asked for the armistice is offered these terms; it is to AGREE or
    /// REFUSE.
    Terms {
        asker: usize,
        indemnity: u32,
    },
    Over(Finish),
}

/// A game of Les Belligérants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Belligerants {
    /// The side that began (drawn).
    first: usize,
    /// The side whose move is due (or who made the declaration under way).
    mover: usize,
    /// The die thrown for that move.
    die: Die,
    /// The turn: it passes to the other side after a move on a die of 1 to 5.
    turn: u32,
    state: State,
    /// The side that has just moved and passed the turn, who may still record the move's
    /// captures and pieces home until the other side moves.
    late: Option<usize>,
    /// The enemy pieces each side took prisoner.
    prisoners: [Vec<Piece>; 2],
    /// Each side's pieces home in the enemy camp.
    home: [Vec<Piece>; 2],
    /// Every accepted move, as the board lists them, with the turn it was played in.
    log: Vec<(u32, Told)>,
    /// The house rule `armistice-on-own-turn`: only the player to move may ask for one.
    armistice_on_own_turn: bool,
}

impl Belligerants {
    /// A new game: draws who begins, then that player's die.
    pub fn begin(setup: &Setup, dice: &mut Dice) -> Result<(Belligerants, Vec<super::Told>), SetupError> {
        sides(setup.sides.len())?;
        if let Some(key) = setup.options.keys().next() {
            return Err(SetupError::UnknownOption {
                title: KIND.title,
                key: key.clone(),
                known: &[],
            });
        }
        let first = dice.below(2) as usize;
        let die = Die::throw(dice);
        let game = Belligerants {
            first,
            mover: first,
            die,
            turn: 1,
            state: State::Moving,
            late: None,
            prisoners: [Vec::new(), Vec::new()],
            home: [Vec::new(), Vec::new()],
            log: Vec::new(),
            armistice_on_own_turn: setup.house_rule("armistice-on-own-turn"),
        };
        let notes = vec![
            Told::Begins {
                side: SIDES[first].to_string(),
            }
            .into(),
            game.die_note().into(),
        ];
        Ok((game, notes))
    }

    /// The announcement of the die thrown for the move due.
    fn die_note(&self) -> Told {
        Told::Die {
            side: SIDES[self.mover].to_string(),
            turn: self.turn,
            die: self.die,
        }
    }

    fn record_list(&self, record: Record, side: usize) -> &Vec<Piece> {
        match record {
            Record::Capture => &self.prisoners[side],
            Record::Home => &self.home[side],
        }
    }

    /// Why the ledger accounts for more pieces than the game has, if it does.
    ///
    /// Each of the 30 combat pieces is recorded at most once: a piece home stays home and
    /// cannot be taken (« Une fois rentré, un pion ne peut plus ressortir, ni être pris »),
    /// and the rules free no prisoner. A record of a kind never taken in good order is of
    /// the army it names (`HOME` the writer's, `CAPTURE` the enemy's). A record of a
    /// good-order kind may be of the other army: a `HOME` of enemy material the writer used
    /// under one of his flats (the flat stays on it, so at most [`FLATS`] of them), a
    /// `CAPTURE` of the writer's own material retaken on an ordinary point (« Repris à la
    /// suite d'un point ordinaire il sera fait prisonnier »). The ledger is refused only
    /// when no such reading keeps both armies within fifteen pieces.
    fn ledger_fault(&self) -> Option<LedgerFault> {
        let count = |pieces: &[Piece], good: bool| pieces.iter().filter(|p| p.good_order() == good).count();
        let total: usize = (0..2).map(|s| self.home[s].len() + self.prisoners[s].len()).sum();
        if total > 2 * COMBAT_PIECES {
            return Some(LedgerFault::Total { total });
        }
        for (army, name) in SIDES.iter().enumerate() {
            let enemy = 1 - army;
            let home = self.home[army].len();
            let taken = self.prisoners[enemy].len();
            // The fewest of this army's pieces the records can be: every good-order piece
            // home that a flat could cover counted as enemy material, every good-order
            // prisoner taken by this army's enemy counted as the enemy's own, retaken.
            let least = count(&self.home[army], false)
                + count(&self.home[army], true).saturating_sub(FLATS)
                + count(&self.prisoners[enemy], false);
            if least > COMBAT_PIECES {
                return Some(LedgerFault::Army {
                    army: name.to_string(),
                    enemy: SIDES[enemy].to_string(),
                    least,
                    home,
                    taken,
                });
            }
        }
        None
    }

    /// A side's total: its pieces home counted double, plus its prisoners.
    pub fn total(&self, side: usize) -> u32 {
        2 * self.home[side].iter().map(|p| p.value()).sum::<u32>()
            + self.prisoners[side].iter().map(|p| p.value()).sum::<u32>()
    }

    /// The score of one side in a line: `Yellow: home Tank (800); prisoners Soldats (100); total 900`.
    fn score_line(&self, side: usize) -> Told {
        Told::Score {
            side: SIDES[side].to_string(),
            home: self.home[side].clone(),
            prisoners: self.prisoners[side].clone(),
        }
    }

    /// The end of the battle, scored.
    fn scored(&self) -> Finish {
        let (a, b) = (self.total(0), self.total(1));
        let (winners, summary) = if a == b {
            (Vec::new(), Told::BattleDrawn { points: a })
        } else {
            let w = if a > b { 0 } else { 1 };
            (
                vec![SIDES[w].to_string()],
                Told::BattleWon {
                    winner: SIDES[w].to_string(),
                    points: self.total(w),
                    against: self.total(1 - w),
                },
            )
        };
        Finish {
            winners,
            summary: summary.into(),
        }
    }

    /// Whether `side` may play `command` now; the reason if not.
    fn allowed(&self, side: usize, command: &Line) -> Result<(), Refused> {
        let other = 1 - self.mover;
        let name = |side: usize| SIDES[side].to_string();
        match (&self.state, command) {
            (State::Over(_), _) => Err(Refused::GameOver),
            (_, Line::Resign) => Ok(()),
            (State::Moving, Line::Record(..) | Line::Cancel(..)) if side == self.mover || self.late == Some(side) => {
                Ok(())
            }
            // The text sets no moment for an armistice: either player, at any time.
            (State::Moving, Line::Armistice) if side == self.mover || !self.armistice_on_own_turn => Ok(()),
            (State::Moving, Line::Armistice) => Err(Refused::ArmisticeOnOwnTurn {
                mover: name(self.mover),
            }),
            (State::Moving, _) if side != self.mover => Err(Refused::NotYourMove {
                mover: name(self.mover),
            }),
            (State::Moving, Line::Move(_) | Line::End) => Ok(()),
            (State::Moving, _) => Err(Refused::NothingToAnswer { mover: name(side) }),
            (State::EndDeclared, Line::Agree | Line::Refuse) if side == other => Ok(()),
            (State::EndDeclared, _) => Err(Refused::EndDeclared {
                declarer: name(self.mover),
                answerer: name(other),
            }),
            (State::ArmisticeAsked(asker), Line::Terms(_) | Line::Refuse) if side != *asker => Ok(()),
            (State::ArmisticeAsked(asker), _) => Err(Refused::ArmisticeAsked {
                asker: name(*asker),
                answerer: name(1 - asker),
            }),
            (State::Terms { asker, .. }, Line::Agree | Line::Refuse) if side == *asker => Ok(()),
            (State::Terms { asker, indemnity }, _) => Err(Refused::TermsNamed {
                by: name(1 - asker),
                indemnity: *indemnity,
                asker: name(*asker),
            }),
        }
    }

    /// A line accepted as it is, into the log under the turn it was played in.
    fn relay(&mut self, summary: Told) -> Played {
        self.log.push((self.turn, summary.clone()));
        Played {
            summary: summary.into(),
            notes: Vec::new(),
        }
    }

    /// The move itself: relayed, then the next die thrown.
    fn play_move(&mut self, side: usize, text: &str, dice: &mut Dice) -> Result<Played, Refused> {
        let me = SIDES[side].to_string();
        let (points, text, again) = match self.die {
            Die::Points(n) => (n, text, false),
            Die::Devil => {
                let (points, rest) = split_word(text);
                let points = match points.parse::<u32>() {
                    Ok(p) if (1..=5).contains(&p) && !rest.is_empty() => p,
                    _ => return Err(Refused::DevilPoints { text: text.to_string() }),
                };
                (points, rest, true)
            }
        };
        // The move is accepted: from here on, change the state and throw the next die.
        let mut played = self.relay(Told::Moved {
            side: me.clone(),
            points,
            devil: again,
            text: text.to_string(),
        });
        let notes = &mut played.notes;
        if again {
            notes.push(Told::Again { side: me }.into());
            self.late = None;
        } else {
            self.mover = 1 - side;
            self.turn += 1;
            self.late = Some(side);
        }
        self.die = Die::throw(dice);
        played.notes.push(self.die_note().into());
        Ok(played)
    }
}

impl BoardGame for Belligerants {
    fn to_move(&self) -> Option<usize> {
        match self.state {
            State::Moving => Some(self.mover),
            State::Terms { asker, .. } => Some(asker),
            State::ArmisticeAsked(asker) => Some(1 - asker),
            State::EndDeclared => Some(1 - self.mover),
            State::Over(_) => None,
        }
    }

    fn out_of_turn(&self, side: usize, text: &str) -> bool {
        side < 2
            && self.to_move() != Some(side)
            && Line::parse(text).is_ok_and(|command| self.allowed(side, &command).is_ok())
    }

    fn play(&mut self, side: usize, text: &str, dice: &mut Dice) -> Result<Played, crate::kinds::boardgame::Refused> {
        let mut play = || -> Result<Played, Refused> {
            if side > 1 {
                return Err(Refused::NoSide { side });
            }
            let command = Line::parse(text)?;
            self.allowed(side, &command)?;
            let me = SIDES[side].to_string();
            let other = SIDES[1 - side].to_string();
            match command {
                Line::Move(text) => self.play_move(side, &text, dice),
                Line::Record(record, piece) => {
                    if record == Record::Capture && piece == Piece::Ambulance {
                        return Err(Refused::AmbulancePrisoner);
                    }
                    let mut after = self.clone();
                    match record {
                        Record::Capture => after.prisoners[side].push(piece),
                        Record::Home => after.home[side].push(piece),
                    }
                    if let Some(fault) = after.ledger_fault() {
                        return Err(Refused::Ledger { record, piece, fault });
                    }
                    match record {
                        Record::Capture => self.prisoners[side].push(piece),
                        Record::Home => self.home[side].push(piece),
                    }
                    Ok(self.relay(Told::Recorded {
                        side: me,
                        other,
                        record,
                        piece,
                    }))
                }
                Line::Cancel(record, piece) => {
                    let Some(at) = self.record_list(record, side).iter().rposition(|&p| p == piece) else {
                        return Err(Refused::NoRecord {
                            side: me,
                            record,
                            piece,
                        });
                    };
                    match record {
                        Record::Capture => self.prisoners[side].remove(at),
                        Record::Home => self.home[side].remove(at),
                    };
                    Ok(self.relay(Told::StruckOut {
                        side: me,
                        record,
                        piece,
                    }))
                }
                Line::End => {
                    self.state = State::EndDeclared;
                    let mut played = self.relay(Told::EndDeclared { side: me, other });
                    played.notes = vec![self.score_line(0).into(), self.score_line(1).into()];
                    Ok(played)
                }
                Line::Armistice => {
                    self.state = State::ArmisticeAsked(side);
                    Ok(self.relay(Told::ArmisticeAsked { side: me, other }))
                }
                Line::Terms(n) => {
                    self.state = State::Terms {
                        asker: 1 - side,
                        indemnity: n,
                    };
                    Ok(self.relay(Told::Terms {
                        side: me,
                        other,
                        indemnity: n,
                    }))
                }
                Line::Agree => {
                    let finish = match self.state {
                        State::Terms { indemnity: 0, .. } => Finish {
                            winners: Vec::new(),
                            summary: Told::ArmisticeDrawn {
                                side: me.clone(),
                                other,
                            }
                            .into(),
                        },
                        State::Terms { indemnity, .. } => Finish {
                            winners: vec![other.clone()],
                            summary: Told::Armistice {
                                payer: me.clone(),
                                to: other,
                                indemnity,
                            }
                            .into(),
                        },
                        _ => self.scored(),
                    };
                    let Some(ending) = finish.summary.of_game::<Told>().cloned() else {
                        unreachable!("a game of Les Belligérants ends in its own words")
                    };
                    self.state = State::Over(finish);
                    Ok(self.relay(Told::Agrees {
                        side: me,
                        ending: Box::new(ending),
                    }))
                }
                Line::Refuse => {
                    let what = match self.state {
                        State::EndDeclared => Refusing::End,
                        State::ArmisticeAsked(_) => Refusing::Armistice,
                        _ => Refusing::Terms,
                    };
                    self.state = State::Moving;
                    let mut played = self.relay(Told::Refuses { side: me, what });
                    played.notes.push(self.die_note().into());
                    Ok(played)
                }
                Line::Resign => {
                    let told = Told::Resigns {
                        side: me,
                        winner: other.clone(),
                    };
                    self.state = State::Over(Finish {
                        winners: vec![other],
                        summary: told.clone().into(),
                    });
                    Ok(self.relay(told))
                }
            }
        };
        play().map_err(crate::kinds::boardgame::Refused::from)
    }

    fn board(&self, lang: Lang) -> String {
        if lang == Lang::Fr {
            return self.board_fr();
        }
        let mover = SIDES[self.mover];
        let other = SIDES[1 - self.mover];
        let status = match &self.state {
            State::Moving => format!("{mover} to move, die {}", self.die),
            State::EndDeclared => format!("{mover} declared the end; {other} to AGREE or REFUSE"),
            State::ArmisticeAsked(asker) => format!(
                "{} asks for an armistice; {} to name its TERMS or REFUSE",
                SIDES[*asker],
                SIDES[1 - asker]
            ),
            State::Terms { asker, indemnity } => format!(
                "{} asks an indemnity of {indemnity} points; {} to AGREE or REFUSE",
                SIDES[1 - asker],
                SIDES[*asker]
            ),
            State::Over(finish) => format!("over: {}", finish.summary),
        };
        let mut out = format!("Les Belligérants, turn {}: {status}\n", self.turn);
        out += &format!("{} began (drawn by lot).\n", SIDES[self.first]);
        out += "Score as recorded (pieces home count double, plus prisoners):\n";
        for side in 0..2 {
            out += &format!("  {}\n", self.score_line(side));
        }
        let entry = |(turn, told): &(u32, Told)| format!("turn {turn}, {}", told.logged(Lang::En));
        super::push_log_tail(&mut out, &self.log, LOG_SHOWN, entry, "Last moves:", "No move yet.");
        out
    }

    fn finish(&self) -> Option<Finish> {
        match &self.state {
            State::Over(finish) => Some(finish.clone()),
            _ => None,
        }
    }
}

impl Belligerants {
    /// The board in French, in the words of the rules.
    fn board_fr(&self) -> String {
        let mover = SIDES_FR[self.mover];
        let other = SIDES_FR[1 - self.mover];
        let die = match self.die {
            Die::Points(n) => n.to_string(),
            Die::Devil => "le DIABLE".to_string(),
        };
        let status = match &self.state {
            State::Moving => format!("à {mover} de jouer, dé {die}"),
            State::EndDeclared => {
                format!("{mover} a déclaré la fin ; à {other} d'accepter (AGREE) ou de refuser (REFUSE)")
            }
            State::ArmisticeAsked(asker) => format!(
                "{} demande un armistice ; à {} de faire connaître ses conditions (TERMS) ou de refuser (REFUSE)",
                SIDES_FR[*asker],
                SIDES_FR[1 - asker]
            ),
            State::Terms { asker, indemnity } => format!(
                "{} exige une indemnité de {indemnity} points ; à {} d'accepter (AGREE) ou de refuser (REFUSE)",
                SIDES_FR[1 - asker],
                SIDES_FR[*asker]
            ),
            State::Over(finish) => format!("terminée : {}", finish.summary.words(Lang::Fr)),
        };
        let mut out = format!("Les Belligérants, tour {} : {status}\n", self.turn);
        out += &format!("{} a commencé (tiré au sort).\n", SIDES_FR[self.first]);
        out += "Score inscrit (les pions rentrés comptent double, plus les prisonniers) :\n";
        for side in 0..2 {
            out += &format!("  {}\n", self.score_line(side).words(Lang::Fr));
        }
        let entry = |(turn, told): &(u32, Told)| format!("tour {turn}, {}", told.logged(Lang::Fr));
        super::push_log_tail(
            &mut out,
            &self.log,
            LOG_SHOWN,
            entry,
            "Derniers coups :",
            "Aucun coup encore.",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Seed;
    use crate::kinds::boardgame::replay;

    fn setup() -> Setup {
        Setup {
            house_rules: Vec::new(),
            sides: SIDES.iter().map(|s| s.to_string()).collect(),
            options: Default::default(),
        }
    }

    /// The first seed `[k; 32]` whose draws satisfy `wanted`.
    fn seed_where(wanted: impl Fn(&mut Dice) -> bool) -> Seed {
        (0..=255u8)
            .map(|k| Seed([k; 32]))
            .find(|&seed| wanted(&mut Dice::new(seed)))
            .expect("some seed fits")
    }

    fn new_game(seed: Seed) -> (Belligerants, Vec<String>, Dice) {
        let mut dice = Dice::new(seed);
        let (game, notes) = Belligerants::begin(&setup(), &mut dice).unwrap();
        (game, notes.iter().map(|n| n.to_string()).collect(), dice)
    }

    /// The die as the rules recompute it: one `below(6)`, 0–4 the faces 1–5, 5 the DEVIL.
    fn by_hand(draw: u32) -> Die {
        if draw == 5 {
            Die::Devil
        } else {
            Die::Points(draw + 1)
        }
    }

    #[test]
    fn the_turn_alternates_and_each_die_is_announced_before_the_move() {
        // No DEVIL in the first four dice: the turn passes at every move.
        let seed = seed_where(|d| {
            d.below(2);
            (0..4).all(|_| d.below(6) != 5)
        });
        let (mut game, notes, mut dice) = new_game(seed);
        let first = game.first;
        assert_eq!(game.to_move(), Some(first));
        assert_eq!(notes[0], format!("{} begins (drawn by lot).", SIDES[first]));
        assert_eq!(notes[1], format!("Die for {}, turn 1: {}.", SIDES[first], game.die));
        for turn in 1..=3u32 {
            let side = game.to_move().unwrap();
            assert_eq!(side, (first + turn as usize - 1) % 2);
            let die = game.die;
            let played = game.play(side, "MOVE soldats b2 to b4", &mut dice).unwrap();
            assert_eq!(
                played.summary.to_string(),
                format!("{} moves (die {die}): soldats b2 to b4", SIDES[side])
            );
            assert_eq!(game.to_move(), Some(1 - side));
            assert_eq!(
                played.notes,
                vec![format!("Die for {}, turn {}: {}.", SIDES[1 - side], turn + 1, game.die)]
            );
            // The other side may not move now.
            assert!(game.play(side, "MOVE again", &mut dice).is_err());
            assert!(!game.out_of_turn(side, "MOVE again"));
        }
        assert!(game
            .board(Lang::En)
            .contains(&format!("turn 4: {} to move, die {}", SIDES[game.mover], game.die)));
    }

    #[test]
    fn the_same_seed_gives_the_same_dice_and_they_recompute_by_hand() {
        // A DEVIL among the first five dice, so the hand count must keep the mover once.
        let seed = seed_where(|d| {
            d.below(2);
            (0..5).any(|_| d.below(6) == 5)
        });
        let lines = [
            "MOVE 2 tank",
            "MOVE 3 canon",
            "MOVE 1 espion",
            "MOVE 5 soldats",
            "MOVE 4 officier",
        ];
        let dice_of = |seed| {
            let (mut game, _, mut dice) = new_game(seed);
            let mut seen = vec![(game.first, game.mover, game.die)];
            for line in lines {
                game.play(game.to_move().unwrap(), line, &mut dice).unwrap();
                seen.push((game.first, game.mover, game.die));
            }
            seen
        };
        let seen = dice_of(seed);
        assert_eq!(seen, dice_of(seed));

        // By hand: below(2) for who begins, then one below(6) per die.
        let mut hand = Dice::new(seed);
        let first = hand.below(2) as usize;
        let mut mover = first;
        for &(f, m, die) in &seen {
            assert_eq!((f, m), (first, mover));
            let expected = by_hand(hand.below(6));
            assert_eq!(die, expected);
            if expected != Die::Devil {
                mover = 1 - mover;
            }
        }
    }

    #[test]
    fn the_devil_asks_for_points_and_gives_a_second_move() {
        // The first die is the DEVIL, the second is not.
        let seed = seed_where(|d| {
            d.below(2);
            d.below(6) == 5 && d.below(6) != 5
        });
        let (mut game, notes, mut dice) = new_game(seed);
        let side = game.first;
        assert_eq!(game.die, Die::Devil);
        assert!(notes[1].to_string().contains("the DEVIL"), "{notes:?}");

        // Without the points, or with points out of 1..=5, the move is refused.
        let words = dice.words;
        for line in ["MOVE tank c3 to c7", "MOVE 6 tank c3", "MOVE 0 tank c3", "MOVE 4"] {
            let before = game.clone();
            let err = game.play(side, line, &mut dice).unwrap_err().to_string();
            assert!(err.contains("1 to 5"), "{line}: {err}");
            assert_eq!(game, before);
            assert_eq!(dice.words, words);
        }

        let played = game.play(side, "MOVE 4 tank c3 to c7", &mut dice).unwrap();
        assert_eq!(
            played.summary.to_string(),
            format!("{} moves (DEVIL, chooses 4): tank c3 to c7", SIDES[side])
        );
        assert_eq!(
            played.notes[0],
            format!("{} threw the DEVIL and plays again.", SIDES[side])
        );
        // The same player, the same turn, a new die announced.
        assert_eq!(game.to_move(), Some(side));
        assert_eq!(game.turn, 1);
        assert_ne!(game.die, Die::Devil);
        assert_eq!(
            played.notes[1],
            format!("Die for {}, turn 1: {}.", SIDES[side], game.die)
        );
        assert!(game.log[0].1.logged(Lang::En).contains("DEVIL, chose 4"));

        // The second move passes the turn.
        game.play(side, "MOVE canon d1 to d3", &mut dice).unwrap();
        assert_eq!(game.to_move(), Some(1 - side));
        assert_eq!(game.turn, 2);
    }

    #[test]
    fn captures_and_pieces_home_make_the_final_score() {
        let (mut game, _, mut dice) = new_game(Seed([1; 32]));
        let a = game.to_move().unwrap();
        let b = 1 - a;
        // A's records before its move, on its turn.
        game.play(a, "CAPTURE Tank", &mut dice).unwrap();
        game.play(a, "MOVE 2 officier takes the tank", &mut dice).unwrap();
        // Until B moves, A may still record its move's outcome.
        while game.to_move() == Some(a) {
            game.play(a, "MOVE 1 soldats", &mut dice).unwrap();
        }
        assert!(game.out_of_turn(a, "HOME état-major"));
        assert!(!game.out_of_turn(a, "MOVE 1 soldats"));
        assert!(!game.out_of_turn(b, "HOME Tank"), "B is to move: not out of turn");
        game.play(a, "HOME état-major", &mut dice).unwrap();
        game.play(a, "CAPTURE d.c.a.", &mut dice).unwrap();
        game.play(a, "CAPTURE soldats", &mut dice).unwrap();
        game.play(a, "CANCEL CAPTURE Soldats", &mut dice).unwrap();
        assert!(game.play(a, "CANCEL HOME Tank", &mut dice).is_err());
        assert!(game
            .play(a, "CAPTURE Ambulance", &mut dice)
            .unwrap_err()
            .to_string()
            .contains("ambulance"));
        // B records and moves; then A may no longer record late.
        game.play(b, "CAPTURE Espion", &mut dice).unwrap();
        game.play(b, "HOME Bombardier", &mut dice).unwrap();
        game.play(b, "MOVE 3 mitrailleuse", &mut dice).unwrap();
        // B's move closed A's window: A records again only on its own turn.
        assert_ne!(game.late, Some(a));
        if game.to_move() == Some(b) {
            assert!(!game.out_of_turn(a, "CAPTURE Tank"));
        }

        // A: home 1000 x2, prisoners Tank 400 + DCA 600 = 3000. B: home 700 x2, Espion 300 = 1700.
        assert_eq!(game.total(a), 3000);
        assert_eq!(game.total(b), 1700);
        assert!(game.board(Lang::En).contains("total 3000"), "{}", game.board(Lang::En));

        let mover = game.to_move().unwrap();
        let played = game.play(mover, "END", &mut dice).unwrap();
        assert_eq!(played.notes.len(), 2);
        assert_eq!(game.to_move(), Some(1 - mover));
        game.play(1 - mover, "AGREE", &mut dice).unwrap();
        assert_eq!(
            game.finish().map(|f| (f.winners, f.summary.to_string())),
            Some((
                vec![SIDES[a].to_string()],
                format!("{} wins the battle, 3000 points to 1700: a gain of 1300", SIDES[a]),
            ))
        );
        assert_eq!(game.to_move(), None);
        assert!(game.play(a, "MOVE 1 x", &mut dice).is_err());
    }

    /// Records `line` for `side` as if it were that side's move (records go on one's turn).
    fn record(
        game: &mut Belligerants,
        dice: &mut Dice,
        side: usize,
        line: &str,
    ) -> Result<Played, crate::kinds::boardgame::Refused> {
        game.mover = side;
        game.play(side, line, dice)
    }

    #[test]
    fn the_ledger_accounts_for_no_more_pieces_than_the_armies_have() {
        let (mut game, _, mut dice) = new_game(Seed([6; 32]));
        // Fifteen combat pieces a side: Yellow's fifteen soldiers home, then no sixteenth.
        for _ in 0..COMBAT_PIECES {
            record(&mut game, &mut dice, 0, "HOME Soldats").unwrap();
        }
        let before = game.clone();
        let err = record(&mut game, &mut dice, 0, "HOME Soldats").unwrap_err().to_string();
        assert!(
            err.starts_with("HOME Soldats: Yellow's army has 15 combat pieces"),
            "{err}"
        );
        assert!(err.contains("home 16, prisoners of Pink 0"), "{err}");
        // Nor may Pink take one of them prisoner: a piece home cannot be taken.
        let err = record(&mut game, &mut dice, 1, "CAPTURE Soldats")
            .unwrap_err()
            .to_string();
        assert!(err.contains("Yellow's army has 15 combat pieces"), "{err}");
        assert_eq!(game.home, before.home);
        assert_eq!(game.prisoners, before.prisoners);

        // Enemy material taken in good order may go home under a flat: six flats a side.
        for _ in 0..FLATS {
            record(&mut game, &mut dice, 0, "HOME Tank").unwrap();
        }
        let err = record(&mut game, &mut dice, 0, "HOME Tank").unwrap_err().to_string();
        assert!(err.contains("Yellow's army has 15 combat pieces"), "{err}");
        // A prisoner of a good-order kind may be Pink's own material retaken, but a soldier
        // taken from Yellow cannot be.
        record(&mut game, &mut dice, 1, "CAPTURE Canon").unwrap();
        assert!(record(&mut game, &mut dice, 1, "CAPTURE Officier").is_err());

        // 22 records so far; Pink's army can take 8 more, then the 31st is refused.
        for _ in 0..8 {
            record(&mut game, &mut dice, 1, "HOME Soldats").unwrap();
        }
        let err = record(&mut game, &mut dice, 1, "HOME Soldats").unwrap_err().to_string();
        assert!(err.contains("31 pieces home or prisoner"), "{err}");
        assert!(err.contains("30 combat pieces between them"), "{err}");
        // A record struck out makes room again.
        record(&mut game, &mut dice, 1, "CANCEL HOME Soldats").unwrap();
        record(&mut game, &mut dice, 1, "HOME Soldats").unwrap();
    }

    #[test]
    fn equal_totals_are_a_draw_and_a_refused_end_resumes_the_battle() {
        let (mut game, _, mut dice) = new_game(Seed([2; 32]));
        let a = game.to_move().unwrap();
        let die = game.die;
        game.play(a, "END", &mut dice).unwrap();
        assert!(
            game.play(a, "AGREE", &mut dice).is_err(),
            "the declarer does not confirm itself"
        );
        assert!(game.play(1 - a, "MOVE 1 x", &mut dice).is_err());
        game.play(1 - a, "REFUSE", &mut dice).unwrap();
        assert_eq!((game.to_move(), game.die), (Some(a), die));
        game.play(a, "END", &mut dice).unwrap();
        game.play(1 - a, "AGREE", &mut dice).unwrap();
        let finish = game.finish().unwrap();
        assert!(finish.winners.is_empty());
        assert_eq!(finish.summary.to_string(), "the battle is over: a draw, 0 points each");
    }

    #[test]
    fn an_armistice_is_asked_answered_and_agreed() {
        let (mut game, _, mut dice) = new_game(Seed([3; 32]));
        let a = game.to_move().unwrap();
        let die = game.die;
        game.play(a, "ARMISTICE", &mut dice).unwrap();
        assert_eq!(game.to_move(), Some(1 - a));
        assert!(game
            .play(1 - a, "TERMS lots", &mut dice)
            .unwrap_err()
            .to_string()
            .contains("TERMS 2000"));
        game.play(1 - a, "TERMS 2500", &mut dice).unwrap();
        assert_eq!(game.to_move(), Some(a));
        // Refused: hostilities resume with the same die.
        game.play(a, "REFUSE", &mut dice).unwrap();
        assert_eq!((game.to_move(), game.die), (Some(a), die));
        game.play(a, "ARMISTICE", &mut dice).unwrap();
        game.play(1 - a, "TERMS 1500", &mut dice).unwrap();
        game.play(a, "AGREE", &mut dice).unwrap();
        assert_eq!(
            game.finish().map(|f| (f.winners, f.summary.to_string())),
            Some((
                vec![SIDES[1 - a].to_string()],
                format!(
                    "armistice: {} pays {} an indemnity of 1500 points",
                    SIDES[a],
                    SIDES[1 - a]
                ),
            ))
        );
    }

    #[test]
    fn either_side_may_ask_for_an_armistice_unless_the_house_rule_says_on_its_turn() {
        // The text sets no moment: the player waiting may ask too.
        let (mut game, _, mut dice) = new_game(Seed([3; 32]));
        let a = game.to_move().unwrap();
        let die = game.die;
        assert!(game.out_of_turn(1 - a, "ARMISTICE"));
        game.play(1 - a, "ARMISTICE", &mut dice).unwrap();
        assert_eq!(game.to_move(), Some(a), "the player to move names the terms");
        game.play(a, "TERMS 800", &mut dice).unwrap();
        assert_eq!(game.to_move(), Some(1 - a));
        game.play(1 - a, "REFUSE", &mut dice).unwrap();
        // Hostilities resume: the player who was to move, with the same die.
        assert_eq!((game.to_move(), game.die), (Some(a), die));
        game.play(1 - a, "ARMISTICE", &mut dice).unwrap();
        game.play(a, "TERMS 800", &mut dice).unwrap();
        game.play(1 - a, "AGREE", &mut dice).unwrap();
        assert_eq!(game.finish().unwrap().winners, vec![SIDES[a].to_string()]);

        // armistice-on-own-turn: only the player to move.
        let mut setup = setup();
        setup.house_rules = vec!["armistice-on-own-turn".into()];
        let mut dice = Dice::new(Seed([3; 32]));
        let (mut game, _) = Belligerants::begin(&setup, &mut dice).unwrap();
        assert!(!game.out_of_turn(1 - a, "ARMISTICE"));
        let err = game.play(1 - a, "ARMISTICE", &mut dice).unwrap_err().to_string();
        assert!(err.contains("house rule armistice-on-own-turn"), "{err}");
        game.play(a, "ARMISTICE", &mut dice).unwrap();
    }

    #[test]
    fn either_side_may_resign_at_any_time() {
        let (mut game, _, mut dice) = new_game(Seed([4; 32]));
        let waiting = 1 - game.to_move().unwrap();
        assert!(game.out_of_turn(waiting, "RESIGN"));
        game.play(waiting, "resign", &mut dice).unwrap();
        assert_eq!(game.finish().unwrap().winners, vec![SIDES[1 - waiting].to_string()]);
    }

    #[test]
    fn a_refused_line_changes_nothing_and_draws_nothing() {
        let (mut game, _, mut dice) = new_game(Seed([5; 32]));
        let side = game.to_move().unwrap();
        game.play(side, "CAPTURE Tank", &mut dice).unwrap();
        let before = game.clone();
        let words = dice.words;
        for (who, line) in [
            (side, "tank c3 to c7"),
            (side, ""),
            (side, "MOVE"),
            (side, "CAPTURE Zeppelin"),
            (side, "HOME"),
            (side, "CANCEL Tank"),
            (side, "TERMS 100"),
            (side, "AGREE"),
            (side, "END now"),
            (1 - side, "MOVE 2 tank"),
            (1 - side, "CAPTURE Tank"),
            (2, "MOVE 2 tank"),
        ] {
            assert!(game.play(who, line, &mut dice).is_err(), "`{line}` was accepted");
            assert_eq!(game, before, "`{line}` changed the game");
            assert_eq!(dice.words, words, "`{line}` drew dice");
        }
        let err = game.play(side, "CAPTURE Zeppelin", &mut dice).unwrap_err().to_string();
        assert!(err.starts_with("\"Zeppelin\" is no piece"), "{err}");
    }

    #[test]
    fn pieces_read_in_french_or_english() {
        assert_eq!(Piece::parse("État-Major"), Ok(Piece::EtatMajor));
        assert_eq!(Piece::parse("avion de chasse"), Ok(Piece::Chasse));
        assert_eq!(Piece::parse("D.C.A."), Ok(Piece::Dca));
        assert_eq!(Piece::parse("SOLDIERS"), Ok(Piece::Soldats));
        assert_eq!(Piece::Bombardier.value(), 700);
        assert!(Piece::parse("avion").is_err());
    }

    #[test]
    fn only_two_players_and_no_options() {
        assert_eq!((KIND.sides)(2).unwrap(), vec!["Yellow", "Pink"]);
        assert!((KIND.sides)(3).is_err());
        let mut setup = setup();
        setup.options.insert("cannonballs".into(), "4".into());
        assert!((KIND.start)(&setup, &mut Dice::new(Seed([0; 32]))).is_err());
    }

    #[test]
    fn a_short_game_replays_to_its_end() {
        let seed = Seed([9; 32]);
        // Play a short battle, choosing each line from whoever is to move.
        let (mut game, _, mut dice) = new_game(seed);
        let mut moves: Vec<(usize, String)> = Vec::new();
        let mut play = |game: &mut Belligerants, dice: &mut Dice, side: usize, line: &str| {
            game.play(side, line, dice).unwrap();
            moves.push((side, line.to_string()));
        };
        let a = game.to_move().unwrap();
        let b = 1 - a;
        play(&mut game, &mut dice, a, "MOVE 3 tank e1 to e4");
        while game.to_move() == Some(a) {
            play(&mut game, &mut dice, a, "MOVE 1 soldats a1 to a2");
        }
        play(&mut game, &mut dice, b, "CAPTURE Tank");
        play(&mut game, &mut dice, b, "MOVE 2 canon takes tank at e4");
        while game.to_move() == Some(b) {
            play(&mut game, &mut dice, b, "MOVE 1 soldats h1 to h2");
        }
        play(&mut game, &mut dice, a, "HOME Espion");
        play(&mut game, &mut dice, a, "MOVE 5 officier into the camp");
        let mover = game.to_move().unwrap();
        play(&mut game, &mut dice, mover, "END");
        play(&mut game, &mut dice, 1 - mover, "AGREE");
        let finish = game.finish().unwrap();
        // a: Espion home 300 x2 = 600; b: Tank prisoner 400.
        assert_eq!(finish.winners, vec![SIDES[a].to_string()]);
        assert!(
            finish.summary.to_string().contains("600 points to 400: a gain of 200"),
            "{}",
            finish.summary
        );

        // The same moves on the same seed give the same game, ended, board and all.
        let replayed = replay(&KIND, &setup(), &mut Dice::new(seed), &moves).unwrap();
        assert_eq!(replayed.finish(), Some(finish));
        assert_eq!(replayed.board(Lang::En), game.board(Lang::En));
        assert_eq!(replayed.to_move(), None);
    }
}
