//! JOMINI (V2): battles of the horse-and-musket era on a hex cloth, fought with special dice.
//!
//! # What arbitre does
//!
//! We have the first chapter only: the aim, the notion of support, the sequence of play and
//! the faces of the combat dice. The units, their moves, ranges and the terrain are in the
//! other chapters, so arbitre does not judge: it keeps the sequence of play, relays what each
//! player does, and throws the dice.
//!
//! - The sides are **Blue** (first seat) and **Red** (second seat); the rules name none.
//! - A turn is each player's action in succession. The first chapter does not say who
//!   begins (a scenario would): Blue does, unless the players file's option `first: red`
//!   says so. The turn number counts rounds: it goes up when the first player begins again.
//! - Each player goes through four phases in order: command (`COMMAND <text>`: the troops
//!   activated, an order of command), movement (`MOVE <text>`, as many lines as needed, and
//!   `MANOEUVRE <text>`, the order of manoeuvre, « un et un seul par tour »: a second one in
//!   the same turn is refused), combat (`COMBAT <text>`: one line per combat, the target, the dice
//!   announced, an order of attack) and end of turn (`END TURN`). Phases only go forward: a
//!   player may skip one (moving nothing, fighting nothing), never go back to one, and `NEXT`
//!   passes to the next phase; `NEXT` in the combat phase ends the turn.
//! - `ROLL n` throws n combat dice (1 to 20), in one's combat phase. The attacked player may
//!   also throw during the other's combat phase, out of turn: the rules have it give an
//!   order of defence and return fire when supported, so `ROLL n` and `DEFEND <text>` are
//!   accepted from it then, and only then. `DEFEND` answers the last `COMBAT` announced,
//!   once (« un ordre de défense et un seul par combat »): before any combat, or a second
//!   time for the same combat, it is refused. `ROLL n D6` throws n ordinary dice, which the
//!   rules use "for special uses": in any phase of one's own turn, or as the attacked side
//!   during the other's combat phase.
//! - `ELIMINATED <unit>` records an enemy unit eliminated by the writer (in any phase of its
//!   turn, or as the attacked side during the other's combat phase). The usual aim is to be
//!   the first to eliminate a set number of enemy units (often a third of the enemy's units
//!   at the start): with the option `victory: 4`, the side that first reaches 4 wins, and it
//!   is declared at the end of the turn, as the rules check victory in the end-of-turn
//!   phase. Without the option (a scenario's objectives), no count decides.
//! - `VICTORY <why>` ends one's turn claiming victory (objectives taken, units eliminated);
//!   the other answers `AGREE` (the claimant wins) or `REFUSE` (the claim is dropped and the
//!   other's turn begins, as after the end of turn). `CONCEDE` (or `RESIGN`), by either
//!   player at any time, gives the game to the other.
//!
//! # What the text leaves out
//!
//! Who begins, how many dice a unit throws, what each face does to which unit, the order
//! tokens and what they buy, and the scenarios' victory conditions are not in our chapter;
//! the players apply them and say so in their lines.
//!
//! # The draws
//!
//! With the game's [`Dice`] (see `crate::dice` for how anyone recomputes a draw from the
//! revealed seed). Nothing is drawn at the start. `ROLL n` draws `below(6)` n times, one per
//! die, read in the order the rules list the faces: 0 hit on infantry, 1 hit on cavalry,
//! 2 hit on artillery, 3 retreat flag, 4 order letter, 5 tactical advantage. `ROLL n D6`
//! draws `below(6)` n times: 0 to 5 are 1 to 6. The dice are announced in the order drawn.
//! Nothing else draws, and a refused line draws nothing.

pub(crate) mod refused;
pub(crate) mod told;

pub use refused::{Refused, Relayed};
use told::enemy_units;
pub use told::{Line as Relay, Told};

use super::{split_word, BoardGame, Finish, Kind, Lang, Played, Setup, SetupError, Started, Wanted};
use crate::dice::Dice;
use crate::lang::Worded;

/// The sides, in seat order.
pub const SIDES: [&str; 2] = ["Blue", "Red"];

/// The most dice one `ROLL` throws.
pub const MAX_DICE: u32 = 20;

/// How many entries of the log the board shows.
const LOG_SHOWN: usize = 10;

pub const KIND: Kind = Kind {
    variant: "jomini",
    title: "JOMINI",
    sides,
    start,
    notation: NOTATION,
    notation_fr: NOTATION_FR,
    rules: include_str!("rules.txt"),
    rules_fr: include_str!("rules.fr.txt"),
    sides_fr: &SIDES_FR,
    house_rules: &[],
    positions: None,
    #[cfg(test)]
    word_samples,
};

/// The sides as a French player names them.
const SIDES_FR: [(&str, &str); 2] = [("Blue", "Bleu"), ("Red", "Rouge")];

/// A side's name in French letters; any other text as it is.
pub(super) fn side_fr(side: &str) -> &str {
    KIND.side_in(side, Lang::Fr)
}

/// The game's worded values, one of each variant, for the shared test of words.
#[cfg(test)]
fn word_samples() -> Vec<(&'static str, Vec<crate::lang::Sample>)> {
    use crate::lang::samples_shown;
    vec![
        ("jomini::Told", samples_shown(&told::tests::every())),
        ("jomini::Refused", samples_shown(&refused::tests::every())),
    ]
}

const NOTATION: &str = "\
JOMINI: arbitre keeps the sequence of play and throws the dice; it does not check moves or combats.
Sides: Blue and Red. Each turn goes command, movement, combat, end of turn; a phase may be skipped,
never gone back to.
  COMMAND <text>     command phase: troops activated, order:   COMMAND activate 1st brigade, order: forced march
  MOVE <text>        movement phase (one line per move):       MOVE hussars C4 to D6
  MANOEUVRE <text>   movement phase, your order of manoeuvre (one per turn): MANOEUVRE oblique march
  COMBAT <text>      combat phase (one line per combat):       COMBAT line infantry D6 fires on Red guns E7, 3 dice
  ROLL <n>           n combat dice, 1 to 20, in your combat:   ROLL 4
  ROLL <n> D6        n ordinary dice, 1 to 20:                 ROLL 1 D6
  DEFEND <text>      the attacked side's order of defence, one per combat: DEFEND square
                     (it may also ROLL then, for its return fire)
  ELIMINATED <unit>  an enemy unit you eliminated:              ELIMINATED Red hussars
  NEXT               on to the next phase (after combat: end of turn)
  END TURN           end of turn: the other side begins its turn
  VICTORY <why>      end your turn claiming victory; the other answers AGREE or REFUSE
  CONCEDE            give the game to your opponent (at any time)
Combat dice: INF (hit on infantry), CAV (hit on cavalry), ART (hit on artillery), FLAG (retreat),
ORDER (order letter), ADV (tactical advantage).";

/// The notation explained in French, in the words of the rules: the words to write are the same.
const NOTATION_FR: &str = "\
JOMINI : arbitre tient la séquence de jeu et jette les dés ; il ne vérifie ni les mouvements ni les combats.
Camps : Bleu et Rouge. Chaque tour : commandement, déplacement, combats, fin de tour ;
une phase peut être sautée, jamais reprise.
  COMMAND <texte>    phase de commandement : troupes activées, ordre : COMMAND active la 1re brigade
  MOVE <texte>       phase de déplacement (une ligne par mouvement) : MOVE hussards de C4 en D6
  MANOEUVRE <texte>  phase de déplacement, votre ordre de manœuvre (un seul par tour) : MANOEUVRE marche oblique
  COMBAT <texte>     phase de combats (une ligne par combat) : COMBAT infanterie de ligne en D6 tire sur E7, 3 dés
  ROLL <n>           n dés de combat, de 1 à 20, dans votre combat : ROLL 4
  ROLL <n> D6        n dés ordinaires, de 1 à 20 :                 ROLL 1 D6
  DEFEND <texte>     l'ordre de défense du camp attaqué, un par combat : DEFEND carré
                     (il peut aussi lancer ROLL alors, pour son tir de riposte)
  ELIMINATED <unité> une unité ennemie que vous avez éliminée :    ELIMINATED hussards de Rouge
  NEXT               passer à la phase suivante (après les combats : fin de tour)
  END TURN           fin de tour : l'autre camp commence son tour
  VICTORY <pourquoi> finir votre tour en revendiquant la victoire ; l'autre répond AGREE ou REFUSE
  CONCEDE            abandonner la partie à votre adversaire (à tout moment)
Dés de combat : INF (coup touché sur infanterie), CAV (sur cavalerie), ART (sur artillerie),
FLAG (drapeau de repli), ORDER (lettre d'ordre), ADV (avantage tactique).";

fn sides(players: usize) -> Result<Vec<&'static str>, SetupError> {
    if players == 2 {
        Ok(SIDES.to_vec())
    } else {
        Err(SetupError::Players {
            title: KIND.title,
            played_by: "played by two players",
            given: players,
        })
    }
}

fn start(setup: &Setup, dice: &mut Dice) -> Started {
    let (game, notes) = Jomini::begin(setup, dice)?;
    Ok((Box::new(game), notes))
}

/// The faces of a combat die, in the order the rules list them (and `below(6)` reads them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Infantry,
    Cavalry,
    Artillery,
    Flag,
    Order,
    Advantage,
}

impl Face {
    pub const ALL: [Face; 6] = [
        Face::Infantry,
        Face::Cavalry,
        Face::Artillery,
        Face::Flag,
        Face::Order,
        Face::Advantage,
    ];

    /// One draw `below(6)`, as the face it reads.
    pub fn throw(dice: &mut Dice) -> Face {
        Face::ALL[dice.below(6) as usize]
    }

    /// The short name announced.
    pub fn short(self) -> &'static str {
        match self {
            Face::Infantry => "INF",
            Face::Cavalry => "CAV",
            Face::Artillery => "ART",
            Face::Flag => "FLAG",
            Face::Order => "ORDER",
            Face::Advantage => "ADV",
        }
    }
}

/// The phases of a player's turn before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    Command,
    Movement,
    Combat,
}

impl Phase {
    fn name(self) -> &'static str {
        match self {
            Phase::Command => "command",
            Phase::Movement => "movement",
            Phase::Combat => "combat",
        }
    }
}

/// Which dice a `ROLL` throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DiceKind {
    Combat,
    D6,
}

/// One line a player writes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Line {
    Command(String),
    Move(String),
    Manoeuvre(String),
    Combat(String),
    Defend(String),
    Roll(u32, DiceKind),
    Eliminated(String),
    Next,
    EndTurn,
    Victory(String),
    Agree,
    Refuse,
    Concede,
}

impl Line {
    fn parse(text: &str) -> Result<Line, Refused> {
        let (word, rest) = split_word(text);
        let word = word.to_uppercase();
        let relayed = |make: fn(String) -> Line, what: Relayed| {
            if rest.is_empty() {
                Err(Refused::NeedsText {
                    word: word.clone(),
                    what,
                })
            } else {
                Ok(make(rest.to_string()))
            }
        };
        let bare = |command: Line, name: &str| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(Refused::Bare {
                    command: name.to_string(),
                    rest: rest.to_string(),
                })
            }
        };
        match word.as_str() {
            "COMMAND" => relayed(Line::Command, Relayed::Command),
            "MOVE" => relayed(Line::Move, Relayed::Move),
            "MANOEUVRE" | "MANŒUVRE" | "MANEUVER" => relayed(Line::Manoeuvre, Relayed::Manoeuvre),
            "COMBAT" => relayed(Line::Combat, Relayed::Combat),
            "DEFEND" => relayed(Line::Defend, Relayed::Defend),
            "ELIMINATED" => relayed(Line::Eliminated, Relayed::Eliminated),
            "VICTORY" => relayed(Line::Victory, Relayed::Victory),
            "ROLL" => parse_roll(rest),
            "NEXT" => bare(Line::Next, &word),
            "END" if rest.eq_ignore_ascii_case("TURN") => Ok(Line::EndTurn),
            "END" => bare(Line::EndTurn, "END TURN"),
            "AGREE" => bare(Line::Agree, &word),
            "REFUSE" => bare(Line::Refuse, &word),
            "CONCEDE" | "RESIGN" => bare(Line::Concede, &word),
            "" => Err(Refused::EmptyLine),
            _ => Err(Refused::NotACommand { word: word.clone() }),
        }
    }
}

/// `4` or `4 D6` (or `4D6`).
fn parse_roll(rest: &str) -> Result<Line, Refused> {
    let upper = rest.to_uppercase();
    let (count, kind) = match upper.strip_suffix("D6") {
        Some(count) => (count.trim(), DiceKind::D6),
        None => (upper.trim(), DiceKind::Combat),
    };
    match count.parse::<u32>() {
        Ok(n) if (1..=MAX_DICE).contains(&n) => Ok(Line::Roll(n, kind)),
        _ => Err(Refused::RollCount),
    }
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// The active side is in this phase of its turn.
    Playing(Phase),
    /// The active side ended its turn claiming victory; the other is to AGREE or REFUSE.
    Claim(String),
    Over(Finish),
}

/// A game of JOMINI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jomini {
    /// The side that plays first in each turn.
    first: usize,
    /// The side whose turn it is.
    active: usize,
    /// The turn: both players' action in succession.
    turn: u32,
    state: State,
    /// The option `victory`: how many enemy units to eliminate to win.
    victory: Option<usize>,
    /// The enemy units each side reports eliminated, in order.
    eliminated: [Vec<String>; 2],
    /// The first side to reach `victory` eliminations.
    reached: Option<usize>,
    /// The last throw, as announced.
    last_roll: Option<Told>,
    /// The combats the active side has announced in this turn.
    combats: usize,
    /// The combat (its number in the turn) the attacked side gave its order of defence for.
    defended: Option<usize>,
    /// The active side gave its order of manoeuvre in this turn.
    manoeuvred: bool,
    /// Every accepted line, as the board lists them, with the turn it was played in.
    log: Vec<(u32, Told)>,
}

impl Jomini {
    /// A new game; it draws nothing.
    pub fn begin(setup: &Setup, _dice: &mut Dice) -> Result<(Jomini, Vec<crate::kinds::boardgame::Told>), SetupError> {
        sides(setup.sides.len())?;
        let mut first = 0;
        let mut victory = None;
        for (key, value) in &setup.options {
            match key.as_str() {
                "first" => {
                    first = SIDES
                        .iter()
                        .position(|s| s.eq_ignore_ascii_case(value.trim()))
                        .ok_or_else(|| SetupError::BadOption {
                            key: "first",
                            value: value.clone(),
                            wanted: Wanted::OneOf(&SIDES),
                        })?;
                }
                "victory" => match value.trim().parse::<usize>() {
                    Ok(n) if n > 0 => victory = Some(n),
                    _ => {
                        return Err(SetupError::BadOption {
                            key: "victory",
                            value: value.clone(),
                            wanted: Wanted::Count {
                                what: "enemy units to eliminate",
                            },
                        })
                    }
                },
                _ => {
                    return Err(SetupError::UnknownOption {
                        title: KIND.title,
                        key: key.clone(),
                        known: &["first", "victory"],
                    })
                }
            }
        }
        let game = Jomini {
            first,
            active: first,
            turn: 1,
            state: State::Playing(Phase::Command),
            victory,
            eliminated: [Vec::new(), Vec::new()],
            reached: None,
            last_roll: None,
            combats: 0,
            defended: None,
            manoeuvred: false,
            log: Vec::new(),
        };
        let mut notes = vec![Told::Begins {
            first: SIDES[first].to_string(),
        }
        .into()];
        if let Some(n) = victory {
            notes.push(Told::VictoryAt { units: n }.into());
        }
        Ok((game, notes))
    }

    /// Whether `side` may play `command` now; the reason if not.
    fn allowed(&self, side: usize, command: &Line) -> Result<(), Refused> {
        let active = SIDES[self.active].to_string();
        let other = 1 - self.active;
        let phase = match &self.state {
            State::Over(_) => return Err(Refused::GameOver),
            _ if *command == Line::Concede => return Ok(()),
            State::Claim(_) => {
                return match command {
                    Line::Agree | Line::Refuse if side == other => Ok(()),
                    _ => Err(Refused::ClaimPending {
                        claimant: active,
                        answerer: SIDES[other].to_string(),
                    }),
                }
            }
            State::Playing(phase) => *phase,
        };
        if side != self.active {
            return match command {
                // « un ordre de défense et un seul par combat »
                Line::Defend(_) if phase == Phase::Combat && self.combats == 0 => Err(Refused::NoCombatYet { active }),
                Line::Defend(_) if phase == Phase::Combat && self.defended == Some(self.combats) => {
                    Err(Refused::DefendedAlready {
                        side: SIDES[side].to_string(),
                    })
                }
                Line::Roll(..) | Line::Defend(_) | Line::Eliminated(_) if phase == Phase::Combat => Ok(()),
                Line::Roll(..) | Line::Defend(_) => Err(Refused::NotInCombat { active, phase }),
                _ => Err(Refused::NotYourTurn { active, phase }),
            };
        }
        match command {
            Line::Command(_) if phase > Phase::Command => Err(Refused::PhaseOver {
                active,
                phase,
                to: Phase::Command,
            }),
            Line::Move(_) | Line::Manoeuvre(_) if phase > Phase::Movement => Err(Refused::PhaseOver {
                active,
                phase,
                to: Phase::Movement,
            }),
            // « un ordre de manœuvre et un seul par tour »
            Line::Manoeuvre(_) if self.manoeuvred => Err(Refused::ManoeuvredAlready { active }),
            Line::Roll(_, DiceKind::Combat) if phase != Phase::Combat => {
                Err(Refused::CombatDiceTooSoon { active, phase })
            }
            Line::Defend(_) => Err(Refused::DefendOwnTurn),
            Line::Agree | Line::Refuse => Err(Refused::NoClaim),
            _ => Ok(()),
        }
    }

    /// Throws `n` dice and says what they show.
    fn throw(&mut self, side: usize, n: u32, kind: DiceKind, dice: &mut Dice) -> Told {
        let side = SIDES[side].to_string();
        let text = match kind {
            DiceKind::Combat => Told::CombatDice {
                side,
                faces: (0..n).map(|_| Face::throw(dice)).collect(),
            },
            DiceKind::D6 => Told::D6 {
                side,
                shown: (0..n).map(|_| dice.below(6) + 1).collect(),
            },
        };
        self.last_roll = Some(text.clone());
        text
    }

    /// The end-of-turn phase: victory if a side has reached the count, else the other's turn.
    fn end_turn(&mut self) -> Played {
        let me = SIDES[self.active].to_string();
        if let Some(winner) = self.reached {
            let won = Told::FirstToEliminate {
                winner: SIDES[winner].to_string(),
                units: self.victory.unwrap_or_default(),
            };
            let finish = Finish {
                winners: vec![SIDES[winner].to_string()],
                summary: won.clone().into(),
            };
            self.state = State::Over(finish);
            return self.relay(Told::EndsTurn {
                side: me,
                won: Some(Box::new(won)),
            });
        }
        let mut played = self.relay(Told::EndsTurn { side: me, won: None });
        played.notes.push(self.pass_turn().into());
        played
    }

    /// The other side begins its turn; the announcement.
    fn pass_turn(&mut self) -> Told {
        self.active = 1 - self.active;
        if self.active == self.first {
            self.turn += 1;
        }
        self.state = State::Playing(Phase::Command);
        self.combats = 0;
        self.defended = None;
        self.manoeuvred = false;
        Told::TurnBegins {
            turn: self.turn,
            side: SIDES[self.active].to_string(),
        }
    }

    /// A line relayed as it is, into the log.
    fn relay(&mut self, summary: Told) -> Played {
        self.log.push((self.turn, summary.clone()));
        Played {
            summary: summary.into(),
            notes: Vec::new(),
        }
    }
}

impl BoardGame for Jomini {
    fn to_move(&self) -> Option<usize> {
        match self.state {
            State::Playing(_) => Some(self.active),
            State::Claim(_) => Some(1 - self.active),
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
            let relayed = |line, text| Told::Relayed {
                side: SIDES[side].to_string(),
                line,
                text,
            };
            match command {
                Line::Command(text) => Ok(self.relay(relayed(Relay::Command, text))),
                Line::Move(text) => {
                    self.state = State::Playing(Phase::Movement);
                    Ok(self.relay(relayed(Relay::Movement, text)))
                }
                Line::Manoeuvre(text) => {
                    self.state = State::Playing(Phase::Movement);
                    self.manoeuvred = true;
                    Ok(self.relay(relayed(Relay::Manoeuvre, text)))
                }
                Line::Combat(text) => {
                    self.state = State::Playing(Phase::Combat);
                    self.combats += 1;
                    Ok(self.relay(relayed(Relay::Combat, text)))
                }
                Line::Defend(text) => {
                    self.defended = Some(self.combats);
                    Ok(self.relay(relayed(Relay::Defending, text)))
                }
                Line::Roll(n, kind) => {
                    let summary = self.throw(side, n, kind, dice);
                    Ok(self.relay(summary))
                }
                Line::Eliminated(unit) => {
                    self.eliminated[side].push(unit.clone());
                    let count = self.eliminated[side].len();
                    let mut played = self.relay(Told::Eliminated {
                        side: me.clone(),
                        unit,
                        count,
                    });
                    if self.reached.is_none() && self.victory.is_some_and(|n| count >= n) {
                        self.reached = Some(side);
                        played.notes.push(Told::VictoryReached { side: me, count }.into());
                    }
                    Ok(played)
                }
                Line::Next => match self.state {
                    State::Playing(Phase::Command) => {
                        self.state = State::Playing(Phase::Movement);
                        Ok(self.relay(Told::NextPhase {
                            side: me,
                            phase: Phase::Movement,
                        }))
                    }
                    State::Playing(Phase::Movement) => {
                        self.state = State::Playing(Phase::Combat);
                        Ok(self.relay(Told::NextPhase {
                            side: me,
                            phase: Phase::Combat,
                        }))
                    }
                    _ => Ok(self.end_turn()),
                },
                Line::EndTurn => Ok(self.end_turn()),
                Line::Victory(why) => {
                    if self.reached.is_some() {
                        // The end-of-turn check decides before any claim.
                        return Ok(self.end_turn());
                    }
                    self.state = State::Claim(why.clone());
                    Ok(self.relay(Told::Claims { side: me, why, other }))
                }
                Line::Agree => {
                    let State::Claim(why) = &self.state else {
                        return Err(Refused::NoClaim);
                    };
                    let told = Told::ClaimAgreed {
                        winner: other.clone(),
                        by: me,
                        why: why.clone(),
                    };
                    self.state = State::Over(Finish {
                        winners: vec![other],
                        summary: told.clone().into(),
                    });
                    Ok(self.relay(told))
                }
                Line::Refuse => {
                    let mut played = self.relay(Told::RefusesClaim {
                        side: me,
                        claimant: other,
                    });
                    played.notes.push(self.pass_turn().into());
                    Ok(played)
                }
                Line::Concede => {
                    let told = Told::Concedes {
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
        match lang {
            Lang::En => self.board_en(),
            Lang::Fr => self.board_fr(),
        }
    }

    fn finish(&self) -> Option<Finish> {
        match &self.state {
            State::Over(finish) => Some(finish.clone()),
            _ => None,
        }
    }
}

impl Jomini {
    fn board_en(&self) -> String {
        let active = SIDES[self.active];
        let status = match &self.state {
            State::Playing(phase) => format!("{active} to play, {} phase", phase.name()),
            State::Claim(why) => format!(
                "{active} claims victory ({why}); {} to AGREE or REFUSE",
                SIDES[1 - self.active]
            ),
            State::Over(finish) => format!("over: {}", finish.summary),
        };
        let mut out = format!("JOMINI, turn {}: {status}\n", self.turn);
        out += &format!(
            "Order of play: {} then {}. Victory: {}.\n",
            SIDES[self.first],
            SIDES[1 - self.first],
            match self.victory {
                Some(n) => format!(
                    "the first to eliminate {}, or a claim agreed, or a concession",
                    enemy_units(n, Lang::En)
                ),
                None => "a claim agreed, or a concession".to_string(),
            }
        );
        for (name, units) in SIDES.iter().zip(&self.eliminated) {
            out += &format!("{name} has eliminated {}", units.len());
            if !units.is_empty() {
                out += &format!(": {}", units.join("; "));
            }
            out += "\n";
        }
        if let Some(roll) = &self.last_roll {
            out += &format!("Last roll: {roll}\n");
        }
        let entry = |(turn, told): &(u32, Told)| format!("turn {turn}, {told}");
        super::push_log_tail(
            &mut out,
            &self.log,
            LOG_SHOWN,
            entry,
            "Last lines:",
            "Nothing played yet.",
        );
        out
    }

    /// The board in French, in the words of the rules.
    fn board_fr(&self) -> String {
        let active = side_fr(SIDES[self.active]);
        let status = match &self.state {
            State::Playing(phase) => format!("à {active} de jouer, phase de {}", phase.fr()),
            State::Claim(why) => format!(
                "{active} revendique la victoire ({why}) ; à {} d'accepter (AGREE) ou de refuser (REFUSE)",
                side_fr(SIDES[1 - self.active])
            ),
            State::Over(finish) => format!("terminée : {}", finish.summary.words(Lang::Fr)),
        };
        let mut out = format!("JOMINI, tour {} : {status}\n", self.turn);
        out += &format!(
            "Ordre de jeu : {} puis {}. Victoire : {}.\n",
            side_fr(SIDES[self.first]),
            side_fr(SIDES[1 - self.first]),
            match self.victory {
                Some(n) => format!(
                    "le premier à éliminer {}, ou une revendication acceptée, ou un abandon",
                    enemy_units(n, Lang::Fr)
                ),
                None => "une revendication acceptée, ou un abandon".to_string(),
            }
        );
        for (name, units) in SIDES.iter().zip(&self.eliminated) {
            out += &format!("{} a éliminé {}", side_fr(name), units.len());
            if !units.is_empty() {
                out += &format!(" : {}", units.join(" ; "));
            }
            out += "\n";
        }
        if let Some(roll) = &self.last_roll {
            out += &format!("Dernier jet : {}\n", roll.words(Lang::Fr));
        }
        let entry = |(turn, told): &(u32, Told)| format!("tour {turn}, {}", told.words(Lang::Fr));
        super::push_log_tail(
            &mut out,
            &self.log,
            LOG_SHOWN,
            entry,
            "Dernières lignes :",
            "Rien de joué pour l'instant.",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Seed;
    use crate::kinds::boardgame::replay;

    const BLUE: usize = 0;
    const RED: usize = 1;

    fn setup(options: &[(&str, &str)]) -> Setup {
        Setup {
            house_rules: Vec::new(),
            sides: SIDES.iter().map(|s| s.to_string()).collect(),
            options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        }
    }

    fn new_game(options: &[(&str, &str)]) -> (Jomini, Dice) {
        let mut dice = Dice::new(Seed([11; 32]));
        let (game, _) = Jomini::begin(&setup(options), &mut dice).unwrap();
        (game, dice)
    }

    /// Plays lines that must be accepted.
    fn play(game: &mut Jomini, dice: &mut Dice, side: usize, lines: &[&str]) {
        for line in lines {
            if let Err(e) = game.play(side, line, dice) {
                panic!("{} `{line}` refused: {e}", SIDES[side]);
            }
        }
    }

    /// A refused line: the game and the dice as they were.
    fn refused(game: &mut Jomini, dice: &mut Dice, side: usize, line: &str) -> String {
        let before = game.clone();
        let words = dice.words;
        let err = game.play(side, line, dice).expect_err(line).to_string();
        assert_eq!(*game, before, "`{line}` changed the game");
        assert_eq!(dice.words, words, "`{line}` drew dice");
        err
    }

    #[test]
    fn the_phases_go_in_order_and_the_sides_alternate() {
        let (mut game, mut dice) = new_game(&[]);
        assert_eq!((game.to_move(), game.turn), (Some(BLUE), 1));
        assert_eq!(game.state, State::Playing(Phase::Command));
        play(&mut game, &mut dice, BLUE, &["COMMAND activate 1st brigade"]);
        assert_eq!(game.state, State::Playing(Phase::Command));
        play(
            &mut game,
            &mut dice,
            BLUE,
            &["MOVE hussars C4 to D6", "move line infantry B2 to B3"],
        );
        assert_eq!(game.state, State::Playing(Phase::Movement));
        play(&mut game, &mut dice, BLUE, &["COMBAT hussars charge Red guns E7"]);
        assert_eq!(game.state, State::Playing(Phase::Combat));
        assert!(
            game.board(Lang::En)
                .starts_with("JOMINI, turn 1: Blue to play, combat phase\n"),
            "{}",
            game.board(Lang::En)
        );
        let played = game.play(BLUE, "END TURN", &mut dice).unwrap();
        assert_eq!(played.summary.to_string(), "Blue ends its turn");
        assert_eq!(played.notes, vec!["Turn 1: Red's command phase."]);
        assert_eq!((game.to_move(), game.turn), (Some(RED), 1));

        // NEXT walks Red through its phases, and from combat ends the turn.
        play(&mut game, &mut dice, RED, &["NEXT"]);
        assert_eq!(game.state, State::Playing(Phase::Movement));
        play(&mut game, &mut dice, RED, &["NEXT"]);
        assert_eq!(game.state, State::Playing(Phase::Combat));
        let played = game.play(RED, "next", &mut dice).unwrap();
        assert_eq!(played.notes, vec!["Turn 2: Blue's command phase."]);
        assert_eq!((game.to_move(), game.turn), (Some(BLUE), 2));
        // A phase may be skipped: Blue goes straight to combat, then ends with a bare END.
        play(&mut game, &mut dice, BLUE, &["COMBAT guns fire on E7", "END"]);
        assert_eq!((game.to_move(), game.turn), (Some(RED), 2));
        assert!(game.board(Lang::En).contains("turn 2, Blue, combat: guns fire on E7"));
    }

    #[test]
    fn a_phase_out_of_order_is_refused() {
        let (mut game, mut dice) = new_game(&[]);
        let err = refused(&mut game, &mut dice, BLUE, "ROLL 3");
        assert!(err.starts_with("combat dice are thrown in the combat phase"), "{err}");
        play(&mut game, &mut dice, BLUE, &["MOVE hussars C4 to D6"]);
        let err = refused(&mut game, &mut dice, BLUE, "COMMAND activate the guard");
        assert!(err.contains("the command phase is over"), "{err}");
        play(&mut game, &mut dice, BLUE, &["COMBAT hussars charge E7"]);
        let err = refused(&mut game, &mut dice, BLUE, "MOVE hussars back to C4");
        assert!(err.contains("the movement phase is over"), "{err}");
        refused(&mut game, &mut dice, BLUE, "COMMAND too late");
        refused(&mut game, &mut dice, BLUE, "DEFEND myself");
        refused(&mut game, &mut dice, BLUE, "AGREE");
        // Red may not play Blue's phases.
        let err = refused(&mut game, &mut dice, RED, "MOVE dragoons F2 to F3");
        assert_eq!(err, "it is Blue's turn (combat phase)");
        refused(&mut game, &mut dice, RED, "END TURN");
        refused(&mut game, &mut dice, RED, "NEXT");
    }

    #[test]
    fn roll_counts_and_limits() {
        let (mut game, mut dice) = new_game(&[]);
        play(&mut game, &mut dice, BLUE, &["COMBAT line infantry fires on E7"]);
        for line in [
            "ROLL",
            "ROLL 0",
            "ROLL 21",
            "ROLL -1",
            "ROLL four",
            "ROLL 4 D8",
            "ROLL 4 dice",
        ] {
            let err = refused(&mut game, &mut dice, BLUE, line);
            assert_eq!(
                err, "ROLL needs a number from 1 to 20: ROLL 4 (combat dice) or ROLL 1 D6",
                "{line}"
            );
        }
        let played = game.play(BLUE, "ROLL 20", &mut dice).unwrap();
        let summary = played.summary.to_string();
        let faces = summary.split(": ").nth(1).unwrap().split(" (").next().unwrap();
        assert_eq!(faces.split(' ').count(), 20, "{}", played.summary);
        assert!(dice.words >= 20);
        let played = game.play(BLUE, "ROLL 1", &mut dice).unwrap();
        assert!(
            played.summary.to_string().starts_with("Blue rolls 1 combat die: "),
            "{}",
            played.summary
        );
        for line in ["ROLL 3 D6", "roll 3d6"] {
            let played = game.play(BLUE, line, &mut dice).unwrap();
            let numbers: Vec<u32> = played
                .summary
                .to_string()
                .strip_prefix("Blue rolls 3 D6: ")
                .unwrap()
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect();
            assert_eq!(numbers.len(), 3);
            assert!(numbers.iter().all(|n| (1..=6).contains(n)), "{numbers:?}");
        }
        assert!(game.board(Lang::En).contains("Last roll: Blue rolls 3 D6: "));
        // Ordinary dice in any phase of one's turn.
        play(&mut game, &mut dice, BLUE, &["END TURN"]);
        play(&mut game, &mut dice, RED, &["ROLL 1 D6"]);
        assert_eq!(game.state, State::Playing(Phase::Command));
        refused(&mut game, &mut dice, BLUE, "ROLL 1 D6");
    }

    #[test]
    fn the_attacked_side_rolls_only_during_the_others_combat() {
        let (mut game, mut dice) = new_game(&[]);
        assert!(!game.out_of_turn(RED, "ROLL 2"));
        let err = refused(&mut game, &mut dice, RED, "ROLL 2");
        assert!(
            err.starts_with("the attacked side rolls or defends during the other's combat phase"),
            "{err}"
        );
        play(&mut game, &mut dice, BLUE, &["MOVE hussars C4 to D6"]);
        assert!(!game.out_of_turn(RED, "DEFEND square"));
        play(
            &mut game,
            &mut dice,
            BLUE,
            &["COMBAT hussars charge Red infantry E7, 3 dice", "ROLL 3"],
        );
        for line in [
            "ROLL 2",
            "DEFEND order of defence: square",
            "ELIMINATED Blue hussars",
            "ROLL 1 D6",
            "CONCEDE",
        ] {
            assert!(game.out_of_turn(RED, line), "{line}");
        }
        for line in [
            "MOVE infantry E7 to E8",
            "NEXT",
            "END TURN",
            "ROLL 25",
            "COMBAT riposte",
        ] {
            assert!(!game.out_of_turn(RED, line), "{line}");
        }
        assert!(
            !game.out_of_turn(BLUE, "ROLL 2"),
            "Blue is to move: in turn, not out of it"
        );
        play(
            &mut game,
            &mut dice,
            RED,
            &["DEFEND order of defence: square", "ROLL 2"],
        );
        assert!(game
            .last_roll
            .as_ref()
            .unwrap()
            .to_string()
            .starts_with("Red rolls 2 combat dice: "));
        assert_eq!(game.to_move(), Some(BLUE), "the defender's roll does not take the turn");
        play(&mut game, &mut dice, BLUE, &["END TURN"]);
        assert!(!game.out_of_turn(BLUE, "ROLL 2"), "Red is in its command phase");
    }

    #[test]
    fn one_order_of_defence_per_combat_and_one_of_manoeuvre_per_turn() {
        let (mut game, mut dice) = new_game(&[]);
        play(
            &mut game,
            &mut dice,
            BLUE,
            &["MANOEUVRE oblique march", "MOVE hussars C4 to D6"],
        );
        let err = refused(&mut game, &mut dice, BLUE, "MANOEUVRE forced march");
        assert!(err.contains("one order of manoeuvre per turn"), "{err}");
        play(&mut game, &mut dice, BLUE, &["NEXT"]);
        // No combat announced yet: nothing to defend against.
        let err = refused(&mut game, &mut dice, RED, "DEFEND square");
        assert!(err.contains("announced no combat yet"), "{err}");
        play(
            &mut game,
            &mut dice,
            BLUE,
            &["COMBAT hussars charge Red infantry E7, 3 dice"],
        );
        play(&mut game, &mut dice, RED, &["DEFEND square"]);
        assert!(!game.out_of_turn(RED, "DEFEND square again"));
        let err = refused(&mut game, &mut dice, RED, "DEFEND square again");
        assert!(err.contains("one order of defence per combat"), "{err}");
        // A new combat, a new order of defence.
        play(
            &mut game,
            &mut dice,
            BLUE,
            &["ROLL 3", "COMBAT guns fire on Red infantry E8, 2 dice"],
        );
        play(&mut game, &mut dice, RED, &["DEFEND counter-battery"]);
        play(&mut game, &mut dice, BLUE, &["END TURN"]);
        // Red's turn: its own order of manoeuvre is due afresh.
        play(&mut game, &mut dice, RED, &["MANOEUVRE wheel left"]);
        assert!(
            game.board(Lang::En).contains("Red, order of manoeuvre: wheel left"),
            "{}",
            game.board(Lang::En)
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_dice_and_they_recompute_by_hand() {
        let seed = Seed::from_hex("00112233445566778899aabbccddeeff0f1e2d3c4b5a69788796a5b4c3d2e1f0").unwrap();
        let lines = [
            (BLUE, "COMBAT guns fire"),
            (BLUE, "ROLL 5"),
            (RED, "ROLL 3"),
            (BLUE, "ROLL 2 D6"),
        ];
        let rolls_of = |seed| {
            let mut dice = Dice::new(seed);
            let (mut game, _) = Jomini::begin(&setup(&[]), &mut dice).unwrap();
            lines
                .iter()
                .map(|&(side, line)| game.play(side, line, &mut dice).unwrap().summary)
                .collect::<Vec<_>>()
        };
        let rolls = rolls_of(seed);
        assert_eq!(rolls, rolls_of(seed));
        assert_ne!(rolls, rolls_of(Seed([0; 32])));

        // By hand: one below(6) per die, 0 INF, 1 CAV, 2 ART, 3 FLAG, 4 ORDER, 5 ADV; D6 is below(6) + 1.
        let names = ["INF", "CAV", "ART", "FLAG", "ORDER", "ADV"];
        let mut hand = Dice::new(seed);
        let mut faces = |n: usize| {
            (0..n)
                .map(|_| names[hand.below(6) as usize])
                .collect::<Vec<_>>()
                .join(" ")
        };
        let blue = faces(5);
        let red = faces(3);
        assert!(
            rolls[1]
                .to_string()
                .starts_with(&format!("Blue rolls 5 combat dice: {blue} (")),
            "{} / {blue}",
            rolls[1]
        );
        assert!(
            rolls[2]
                .to_string()
                .starts_with(&format!("Red rolls 3 combat dice: {red} (")),
            "{} / {red}",
            rolls[2]
        );
        let d6 = format!("{} {}", hand.below(6) + 1, hand.below(6) + 1);
        assert_eq!(rolls[3], format!("Blue rolls 2 D6: {d6}"));
    }

    #[test]
    fn combat_dice_are_counted_by_face() {
        // Two dice whose faces are known from the hand rule: the count says the same.
        let mut hand = Dice::new(Seed([11; 32]));
        let (a, b) = (Face::ALL[hand.below(6) as usize], Face::ALL[hand.below(6) as usize]);
        let (mut game, mut dice) = new_game(&[]);
        play(&mut game, &mut dice, BLUE, &["COMBAT guns fire"]);
        let summary = game.play(BLUE, "ROLL 2", &mut dice).unwrap().summary;
        let counted = if a == b {
            a.counted(2, Lang::En)
        } else {
            let (x, y) = if Face::ALL.iter().position(|&f| f == a) < Face::ALL.iter().position(|&f| f == b) {
                (a, b)
            } else {
                (b, a)
            };
            format!("{}, {}", x.counted(1, Lang::En), y.counted(1, Lang::En))
        };
        assert_eq!(
            summary,
            format!("Blue rolls 2 combat dice: {} {} ({counted})", a.short(), b.short())
        );
    }

    #[test]
    fn a_refused_line_changes_nothing_and_draws_nothing() {
        let (mut game, mut dice) = new_game(&[]);
        play(&mut game, &mut dice, BLUE, &["COMBAT guns fire", "ROLL 2"]);
        for (side, line) in [
            (BLUE, ""),
            (BLUE, "hussars charge"),
            (BLUE, "MOVE"),
            (BLUE, "COMBAT"),
            (BLUE, "ROLL 99"),
            (BLUE, "END GAME"),
            (BLUE, "NEXT please"),
            (BLUE, "REFUSE"),
            (RED, "COMMAND activate"),
            (RED, "VICTORY now"),
            (2, "ROLL 2"),
        ] {
            refused(&mut game, &mut dice, side, line);
        }
    }

    #[test]
    fn eliminations_give_victory_at_the_end_of_the_turn() {
        let (mut game, mut dice) = new_game(&[("victory", "2")]);
        play(
            &mut game,
            &mut dice,
            BLUE,
            &["COMBAT hussars charge E7", "ROLL 3", "ELIMINATED Red infantry E7"],
        );
        // The attacked side reports its own kill from the return fire.
        play(&mut game, &mut dice, RED, &["ROLL 2", "ELIMINATED Blue hussars"]);
        let played = game.play(BLUE, "ELIMINATED Red guns E8", &mut dice).unwrap();
        assert_eq!(played.summary.to_string(), "Blue eliminated Red guns E8 (2 so far)");
        assert_eq!(played.notes.len(), 1, "the count is reached: {played:?}");
        // Red reaches 2 too, but second: Blue was first.
        play(&mut game, &mut dice, RED, &["ELIMINATED Blue dragoons"]);
        assert_eq!(game.finish(), None, "victory waits for the end of the turn");
        assert!(game
            .board(Lang::En)
            .contains("Blue has eliminated 2: Red infantry E7; Red guns E8"));
        let played = game.play(BLUE, "END TURN", &mut dice).unwrap();
        assert_eq!(
            played.summary.to_string(),
            "Blue ends its turn; Blue is the first to eliminate 2 enemy units: victory"
        );
        assert_eq!(
            game.finish().map(|f| (f.winners, f.summary.to_string())),
            Some((
                vec!["Blue".to_string()],
                "Blue is the first to eliminate 2 enemy units: victory".to_string()
            ))
        );
        assert_eq!(game.to_move(), None);
        refused(&mut game, &mut dice, RED, "COMMAND revenge");
    }

    #[test]
    fn a_claim_is_agreed_or_refused_and_either_side_may_concede() {
        let (mut game, mut dice) = new_game(&[]);
        play(&mut game, &mut dice, BLUE, &["VICTORY the bridge at F5 is taken"]);
        assert_eq!(game.to_move(), Some(RED));
        refused(&mut game, &mut dice, BLUE, "AGREE");
        refused(&mut game, &mut dice, RED, "COMMAND activate");
        let played = game.play(RED, "REFUSE", &mut dice).unwrap();
        assert_eq!(played.notes, vec!["Turn 1: Red's command phase."]);
        assert_eq!(game.to_move(), Some(RED));
        play(&mut game, &mut dice, RED, &["VICTORY Blue's guard is broken"]);
        play(&mut game, &mut dice, BLUE, &["AGREE"]);
        assert_eq!(
            game.finish().map(|f| (f.winners, f.summary.to_string())),
            Some((
                vec!["Red".to_string()],
                "Red wins, as Blue agrees: Blue's guard is broken".to_string()
            ))
        );

        let (mut game, mut dice) = new_game(&[]);
        assert!(game.out_of_turn(RED, "CONCEDE"));
        play(&mut game, &mut dice, RED, &["CONCEDE"]);
        assert_eq!(game.finish().unwrap().winners, vec!["Blue".to_string()]);
    }

    #[test]
    fn the_options_say_who_begins_and_how_many_units_win() {
        let (game, _) = new_game(&[("first", "red"), ("victory", "4")]);
        assert_eq!((game.to_move(), game.victory), (Some(RED), Some(4)));
        let mut dice = Dice::new(Seed([0; 32]));
        for options in [[("first", "green")], [("victory", "0")], [("cannonballs", "4")]] {
            assert!(Jomini::begin(&setup(&options), &mut dice).is_err(), "{options:?}");
        }
        assert_eq!((KIND.sides)(2).unwrap(), vec!["Blue", "Red"]);
        assert!((KIND.sides)(1).is_err());
        assert_eq!(dice.words, 0, "the start draws nothing");
    }

    #[test]
    fn a_short_game_replays_to_its_end() {
        let setup = setup(&[("victory", "1"), ("first", "Red")]);
        let moves: Vec<(usize, String)> = [
            (RED, "COMMAND activate the cuirassiers"),
            (RED, "MOVE cuirassiers D8 to D6"),
            (RED, "COMBAT cuirassiers charge Blue infantry D5, 4 dice"),
            (BLUE, "DEFEND order of defence: square"),
            (RED, "ROLL 4"),
            (BLUE, "ROLL 2"),
            (RED, "NEXT"),
            (BLUE, "COMMAND activate the guns"),
            (BLUE, "NEXT"),
            (BLUE, "COMBAT guns C3 fire on cuirassiers D6, 3 dice"),
            (BLUE, "ROLL 3"),
            (BLUE, "ELIMINATED Red cuirassiers"),
            (BLUE, "END TURN"),
        ]
        .iter()
        .map(|&(side, line)| (side, line.to_string()))
        .collect();
        let seed = Seed([21; 32]);
        let game = replay(&KIND, &setup, &mut Dice::new(seed), &moves).unwrap();
        assert_eq!(game.to_move(), None);
        assert_eq!(
            game.finish().map(|f| (f.winners, f.summary.to_string())),
            Some((
                vec!["Blue".to_string()],
                "Blue is the first to eliminate 1 enemy unit: victory".to_string()
            ))
        );
        // The same moves on the same seed: the same board, rolls included.
        let again = replay(&KIND, &setup, &mut Dice::new(seed), &moves).unwrap();
        assert_eq!(again.board(Lang::En), game.board(Lang::En));
        assert!(
            game.board(Lang::En).contains("Last roll: Blue rolls 3 combat dice: "),
            "{}",
            game.board(Lang::En)
        );
    }
}
