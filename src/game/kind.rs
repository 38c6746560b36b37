//! What a game kind is to the mail game: the one trait a kind implements ([`Kind`]), and the
//! list of kinds a process knows ([`Kinds`]), which the layer of kinds fills in once
//! (`crate::kinds::REGISTRY`) and whoever calls from above passes down.
//!
//! A game resolves its kind once, when it is opened or created ([`Kinds::find`] on its
//! `variant:`), and keeps it ([`crate::game::Game::kind`]): from then on the mail game asks
//! the kind, and never branches on a name. Nothing here names a ruleset or a board game.
//!
//! A kind is played one of two ways ([`Play`]): in phases with deadlines, every order
//! judged at once at the end of the phase ([`Phases`], Diplomacy and its rulesets); or move
//! by move, each move relayed to every player as it comes ([`Moves`], the board games). The
//! referee's verbs of phases and deadlines are for the first kind only.

use super::commands::{LineError, Numbered};
use super::role::{NamedRole, Role, RoleInfo};
use super::state::Finished;
use super::{Effects, Game, GameError, Now};
use crate::lang::Lang;
use crate::phase::Phase;
use crate::report::views::WelcomePart;
use crate::report::Letter;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A game kind: every `variant:` a players file may name is one. Each method answers what
/// the mail game asks of a game of this kind.
pub trait Kind: Sync {
    /// The `variant:` naming it (`standard`, `jomini`), lower case.
    fn name(&self) -> &'static str;

    /// Its name in subjects and reports (`Diplomacy`, `JOMINI`).
    fn title(&self) -> &'static str;

    /// The roles of a game for `players` players, in the game's own order (the map's
    /// powers then the ruleset's extra roles; or the sides, in seat order). The error says
    /// which counts of players the kind is played by.
    fn roles(&self, players: usize) -> Result<Vec<Role>, String>;

    /// Every role of its own naming ([`Role::Named`]) a game of this kind may seat,
    /// whatever its number of players (a ruleset's extra roles, a board game's sides), with
    /// what the mail game asks of each: what `game.yaml` and `state.yaml` are read against.
    fn named_roles(&self) -> Vec<NamedRole> {
        Vec::new()
    }

    /// What the mail game asks of `role` in a game of this kind: the kind's answer for a
    /// role of its own naming, [`RoleInfo::PLAYER`] for any other.
    fn role_info(&self, role: Role) -> RoleInfo {
        match role {
            Role::Named(name) => self
                .named_roles()
                .iter()
                .find(|n| n.name == name)
                .map_or(RoleInfo::PLAYER, |n| n.info),
            _ => RoleInfo::PLAYER,
        }
    }

    /// The mail commands beyond orders that its roles write (`BLESS`): read by the mail
    /// game's parser as [`crate::game::commands::Command::Verb`], acted on by the kind.
    fn verbs(&self) -> &'static [Verb] {
        &[]
    }

    /// The keys a game of this kind keeps in `state.yaml` beyond the mail game's, as an empty
    /// value of the kind's own type ([`crate::game::state_file`]); none by default. The
    /// first a process's kinds give is the one every `state.yaml` is read with
    /// ([`Kinds::install`]).
    fn state(&self) -> Option<super::state::KindState> {
        None
    }

    /// Does the game have divine players (God, the Devil), who give no orders, send and
    /// receive no private press and cast instead? The letters and the rules say so.
    fn has_divine_players(&self) -> bool {
        false
    }

    /// The departures from its text the players may choose (`house_rules:`).
    fn house_rules(&self) -> &'static [HouseRule] {
        &[]
    }

    /// What a players file must say of a game of this kind, and may not.
    fn players_file(&self) -> PlayersFileRules;

    /// Checks a players file's `options:` (and house rules) by starting a game of
    /// `players` players on any seed, so that a mistake is named with its line rather than
    /// by [`Game::create`]. The error is in the words of `options: …`.
    fn check_options(
        &self,
        _players: usize,
        _options: BTreeMap<String, String>,
        _house_rules: &[String],
    ) -> Result<(), String> {
        Ok(())
    }

    /// Sets up a new game and writes the welcomes. `first_deadline` is the players file's
    /// `start:` (a kind played in phases requires one).
    fn start(&self, game: &mut Game, first_deadline: Option<Now>) -> Result<Effects, GameError>;

    /// Acts on the commands of an authenticated message signed on as `role` (its questions
    /// and settings already taken apart): the reply first, then whatever else the commands
    /// send. `log` takes the referee's lines.
    #[allow(clippy::too_many_arguments)]
    fn act(
        &self,
        game: &mut Game,
        role: Role,
        commands: Vec<Numbered>,
        errors: Vec<LineError>,
        stem: &str,
        arrived: Now,
        log: &mut Vec<String>,
    ) -> Result<Vec<Letter>, GameError>;

    /// How the game ended, in `lang` (`f` is what `state.yaml` says of it).
    fn ending(&self, game: &Game, f: &Finished, lang: Lang) -> String;

    /// What a subject names after the game: the phase, or the game's title.
    fn phase_label(&self, game: &Game) -> String;

    /// The position now as text in `lang`, for `GET MAP`.
    fn position_text(&self, game: &Game, lang: Lang) -> Result<String, GameError>;

    /// The picture `GET MAP` sends `role` with the position: what it may see, as a PNG.
    /// None for a kind without pictures, or when it cannot be drawn.
    fn picture_now(&self, game: &Game, role: Role) -> Option<Arc<[u8]>>;

    /// The game's rules in players' words and in `lang`, for `GET RULES`; empty when the
    /// letter's templates hold them.
    fn players_rules(&self, lang: Lang) -> String;

    /// The referee's view of the game, as YAML (`arbitre status --yaml`).
    fn status(&self, game: &Game) -> Result<String, GameError>;

    /// The game's public archive as one page (`arbitre zine`): none by default.
    fn zine(&self, game: &Game) -> Result<String, GameError> {
        Err(GameError::NoZine {
            dir: game.dir.clone(),
            title: self.title().to_string(),
        })
    }

    /// The game's public archive, for `arbitre publish` to put where a web server reads it:
    /// each file's name (a plain name, no folder) and its bytes, an allow-list made from what
    /// the game keeps public (its pages and their maps, its zine), never from its state, its
    /// mail or its secrets. A file named `index.html`, when there is one, is the game's first
    /// page. None by default: a kind without public pages is only listed.
    fn public_archive(&self, _game: &Game) -> Result<Vec<(String, Vec<u8>)>, GameError> {
        Ok(Vec::new())
    }

    /// How a game of this kind is played: in phases, or move by move.
    fn play(&self) -> Play<'_>;

    /// Could `line` (a line that is no command) be an order or a move of this kind? A line
    /// that could not (no unit, no province, no order word) is chatter: listed once as not
    /// understood, never counted as an error. Every line may be one by default.
    fn may_be_an_order(&self, _line: &str) -> bool {
        true
    }

    /// Does `line` read as an order or a move of this kind, in the words of a reader of
    /// `lang`? Stricter than [`Kind::may_be_an_order`]: prose that names a province ("I will
    /// support you into Munich") may be an order but does not read as one. A press with no
    /// end line is held back for a line that does (the player most likely forgot ENDPRESS
    /// above orders). By default, [`Kind::may_be_an_order`].
    fn reads_as_an_order(&self, line: &str, _lang: crate::lang::Lang) -> bool {
        self.may_be_an_order(line)
    }

    /// The kind as a value of its own type, for the kind's own code to find itself again in
    /// a game it is given ([`Game::kind`]).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A kind is shown by its name (in a checked players file's debug output).
impl std::fmt::Debug for dyn Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a players file must say of a game of some kind, and may not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayersFileRules {
    /// `start:`, the first deadline, is required.
    pub needs_start: bool,
    /// Every role must be played (a board game may leave seats empty).
    pub every_role_played: bool,
    /// Why the kind takes no `options:`, when it takes none (`are for the board games;
    /// Diplomacy has none`).
    pub no_options: Option<&'static str>,
    /// What a name that is none of the roles is (`is not a side of JOMINI`).
    pub not_a_role: String,
}

/// How a game of some kind is played.
pub enum Play<'a> {
    /// In phases with deadlines.
    Phases(&'a dyn Phases),
    /// Move by move, each relayed as it comes.
    Moves(&'a dyn Moves),
}

/// How `process` comes to a game played in phases: at its deadline (or once every order
/// is in), or forced by the referee before it (`arbitre process DIR --force`, `FORCE` by
/// mail).
pub enum Run {
    Due,
    Forced(super::desk::Act),
}

/// What the mail game asks of a kind played in phases with deadlines.
pub trait Phases: Sync {
    /// Does `role` have everything on file for the phase?
    fn ready(&self, game: &Game, role: Role) -> Result<bool, GameError>;

    /// The deadline of `phase` opened at `opened` (by its `deadlines:` entry: a length, or
    /// the game's calendar, [`crate::game::calendar`]).
    fn due(&self, game: &Game, phase: Phase, opened: Now) -> Result<Now, GameError>;

    /// What `process` does to the game now: nothing, reminders, or the phase judged.
    fn process(&self, game: &mut Game, now: Now, run: Run) -> Result<Option<Effects>, GameError>;

    /// The phase judged as if its deadline had passed, for `arbitre preview` (the caller
    /// puts the state back).
    fn preview(&self, game: &mut Game, now: Now) -> Result<Effects, GameError>;

    /// A turn file of `arbitre turn` entered: the letters it sends, or every problem.
    fn record_turn(&self, game: &mut Game, text: &str, origin: &str) -> Result<Vec<Letter>, Vec<String>>;

    /// The kind's part of a welcome to `role` (a newcomer the referee seats).
    fn welcome(&self, game: &Game, role: Role) -> WelcomePart;
}

/// What the mail game asks of a kind played move by move.
pub trait Moves: Sync {
    /// The side whose move is awaited, empty when none is.
    fn to_move(&self, game: &Game) -> Result<String, GameError>;

    /// The move notation with examples, in `lang`: sent with the welcome, a refusal, HELP
    /// and the rules.
    fn notation(&self, lang: Lang) -> &'static str;
}

/// The game kinds a process knows, in the order errors list them: the one list, filled in
/// by the layer of kinds (`crate::kinds::REGISTRY`) and passed down to whatever opens or
/// creates a game.
pub struct Kinds(pub &'static [&'static dyn Kind]);

impl Kinds {
    /// The kind named `name` (as written in `variant:`, lower case).
    pub fn find(&self, name: &str) -> Option<&'static dyn Kind> {
        self.0.iter().copied().find(|k| k.name() == name)
    }

    /// The names of every kind, for an error that lists them.
    pub fn names(&self) -> Vec<&'static str> {
        self.0.iter().map(|k| k.name()).collect()
    }

    /// Every kind, in order.
    pub fn all(&self) -> impl Iterator<Item = &'static dyn Kind> + '_ {
        self.0.iter().copied()
    }

    /// Makes the roles every kind names known to the readers of `game.yaml` and
    /// `state.yaml` ([`Role::from_name`]), which serde calls without context, and to a
    /// SIGNON line's French names; and the keys the kinds keep in `state.yaml` (the first
    /// kind's that keeps some, [`Kind::state`]) known to its reader. Done by every entry
    /// that is given the kinds (opening, creating, checking a players file, delivering,
    /// routing); the first one given wins, and a process knows one list. A name two kinds
    /// give is the first one's.
    pub fn install(&self) {
        super::state_file::install(|| self.0.iter().find_map(|k| k.state()));
        VERBS.get_or_init(|| {
            let mut all: Vec<Verb> = Vec::new();
            for verb in self.0.iter().flat_map(|k| k.verbs()) {
                if !all.iter().any(|v| v.word == verb.word) {
                    all.push(*verb);
                }
            }
            all
        });
        super::role::know_roles(|| {
            let mut all: Vec<NamedRole> = Vec::new();
            for named in self.0.iter().flat_map(|k| k.named_roles()) {
                if !all.iter().any(|n| n.name == named.name) {
                    all.push(named);
                }
            }
            all
        });
    }
}

/// A verb of a kind: a mail command beyond orders that only games of that kind act on
/// (`BLESS`). The mail game reads a line that starts with one as
/// [`crate::game::commands::Command::Verb`], whichever game it is sent to (so that a verb of
/// another kind is refused as such), and hands the rest of the line to the kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verb {
    /// The word a line starts with, as the kind spells it, in upper case (`BLESS`).
    pub word: &'static str,
    /// Its French words, in upper case as a line's first word is compared (`BÉNIR`, and
    /// `BENIR` for a player who writes no accent); none if written alike.
    pub french: &'static [&'static str],
    /// What a line of the verb alone is told, in English and in French (`name a unit,
    /// like `BLESS A PAR``).
    pub alone: (&'static str, &'static str),
}

impl Verb {
    /// Why a line of the verb alone is not done, in the kind's words.
    pub fn alone(&self) -> KindWords {
        KindWords {
            en: self.alone.0.to_string(),
            fr: self.alone.1.to_string(),
        }
    }
}

/// Every verb of every kind, made known by [`Kinds::install`] to the parser of commands,
/// which reads a message before (and whatever) its game is known. Empty until then.
static VERBS: std::sync::OnceLock<Vec<Verb>> = std::sync::OnceLock::new();

/// Every verb of every kind (none before [`Kinds::install`]).
pub fn known_verbs() -> &'static [Verb] {
    VERBS.get().map_or(&[], Vec::as_slice)
}

/// The verb of some kind that a line's first word (in upper case) is, in English or French.
pub fn known_verb(keyword: &str) -> Option<Verb> {
    VERBS
        .get()?
        .iter()
        .find(|v| v.word == keyword || v.french.contains(&keyword))
        .copied()
}

/// What a game kind says in its own words, already worded in each language: an outcome or a
/// refusal of the kind's own ([`crate::game::said::Said::OfTheKind`],
/// [`crate::game::said::Refusal::OfTheKind`]), which the mail game passes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindWords {
    pub en: String,
    pub fr: String,
}

impl KindWords {
    /// The words of a kind's own worded value, in each language.
    pub fn of(value: &impl crate::lang::Worded) -> KindWords {
        KindWords {
            en: value.words(Lang::En),
            fr: value.words(Lang::Fr),
        }
    }
}

impl crate::lang::Worded for KindWords {
    fn words(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.en.clone(),
            Lang::Fr => self.fr.clone(),
        }
    }
}

/// A named departure from a game's text, which the players may choose in the players
/// file's `house_rules:`. docs/house-rules.md lists them all, with why a referee may want
/// each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HouseRule {
    /// The name written in `house_rules:` (`forgiving-first-acts`).
    pub name: &'static str,
    /// The rule of the text it changes.
    pub changes: &'static str,
    /// What it does instead, in one line (shown in the welcome and by HELP).
    pub description: &'static str,
    /// The same in French.
    pub description_fr: &'static str,
}

impl HouseRule {
    /// What it does instead, in `lang`.
    pub fn description_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.description,
            Lang::Fr => self.description_fr,
        }
    }
}

/// A `house_rules:` entry that cannot be played: the name as written, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HouseRuleError {
    /// The game is played only as written.
    #[error("\"{name}\": {title} has no house rules; remove \"house_rules:\" to play it as written")]
    NoneInGame { name: String, title: &'static str },
    /// Not one of the game's house rules (a slip, or another game's).
    #[error("\"{name}\" is not a house rule of {title}: its house rules are {}", known.join(", "))]
    Unknown {
        name: String,
        title: &'static str,
        known: Vec<&'static str>,
    },
    /// The same house rule twice.
    #[error("\"{name}\" is listed twice")]
    Twice { name: String },
}

impl HouseRuleError {
    /// The entry at fault, as written in the file.
    pub fn name(&self) -> &str {
        match self {
            HouseRuleError::NoneInGame { name, .. }
            | HouseRuleError::Unknown { name, .. }
            | HouseRuleError::Twice { name } => name,
        }
    }
}

/// The house rules named, checked against the `known` ones of the game titled `title`, in
/// the order written; an error names the first unknown or repeated one and the ones that
/// exist.
pub fn house_rules_in_force(
    known: &'static [HouseRule],
    title: &'static str,
    names: &[String],
) -> Result<Vec<&'static HouseRule>, HouseRuleError> {
    let mut rules: Vec<&'static HouseRule> = Vec::new();
    for name in names {
        let Some(rule) = known.iter().find(|r| r.name == name.trim()) else {
            let name = name.clone();
            return Err(if known.is_empty() {
                HouseRuleError::NoneInGame { name, title }
            } else {
                HouseRuleError::Unknown {
                    name,
                    title,
                    known: known.iter().map(|r| r.name).collect(),
                }
            });
        };
        if rules.contains(&rule) {
            return Err(HouseRuleError::Twice { name: name.clone() });
        }
        rules.push(rule);
    }
    Ok(rules)
}

impl Game {
    /// The house rules in force in this game, as the players file chose them: what the
    /// welcome lists, and what HELP is to list.
    pub fn house_rules(&self) -> Result<Vec<&'static HouseRule>, HouseRuleError> {
        house_rules_in_force(self.kind.house_rules(), self.kind.title(), &self.config.house_rules)
    }
}
