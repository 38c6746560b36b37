//! What varies between games of Diplomacy: the rules a position is judged by, and what a
//! ruleset adds to the mail game.
//!
//! Each ruleset is one value implementing [`Ruleset`], listed once in [`crate::kinds::KINDS`].
//! A ruleset changes the judge's decisions only through [`crate::judge::Hooks`]; the judge
//! never names a ruleset. The mail game ([`mail`], played as the game kind [`Diplomacy`]) keeps the flow (orders,
//! phases, deadlines, press, votes) and asks the ruleset for the rest: its extra roles, the
//! casts they send, the variant's part of the reports and private letters. [`STANDARD`]
//! adds nothing; Diable et Bon Dieu is [`diable`].

pub mod diable;
mod kind;
pub mod mail;
mod order_line;
pub mod pages;
pub mod process;
pub mod victory;

pub use kind::Diplomacy;

use crate::game::kind::Verb;
use crate::game::role::{NamedRole, Role};
use crate::game::said::{Refusal, Said};
use crate::game::Game;
use crate::judge::{self, adjust, Board, OrderResult, Outcome, Standard, Unit};
use crate::lang::Lang;
use crate::map::{Map, Power};
use crate::phase::{Phase, PhaseKind};
use crate::picture::PictureView;
use crate::position::{DivineReport, Position, RawDivine, RawPosition};
use crate::report::views::{Report, ReportPart, Revealed, WelcomePart};
use crate::report::Letter;
use crate::yaml::Writer;
use victory::{Protected, Standing};

/// What a processed phase hands a ruleset for its own letters.
pub struct Judged<'a> {
    /// The phase just judged, and the one the game goes on to.
    pub phase: Phase,
    pub next_phase: Phase,
    /// The board of `next_phase`.
    pub next: &'a Board,
    /// The public report, as every template sees it.
    pub report: &'a Report,
    /// The ruleset's own part of the judge's results.
    pub divine: Option<&'a DivineReport>,
    /// Where the game stood before this phase, and where it stands now.
    pub before: &'a Standing,
    pub standing: &'a Standing,
    /// The game ends with this phase.
    pub finished: bool,
}

/// A line of the mail game's flow that an extra role may be barred from
/// ([`Ruleset::barred`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Barred {
    /// An order, from a role that gives none.
    Orders,
    /// A press, from a role that sends none.
    Press,
    /// A press to the role, which none may reach.
    PressTo,
}

impl Barred {
    /// What is barred, in a plain English phrase (the default words).
    fn what(self) -> &'static str {
        match self {
            Barred::Orders => "orders",
            Barred::Press => "press",
            Barred::PressTo => "press to it",
        }
    }
}

/// A cast written in a turn file, as a mail command of its role.
pub struct TurnCast {
    pub role: Role,
    /// The mail command it stands for (`BLESS`).
    pub verb: &'static str,
    /// What follows the verb (`A PAR`, `POWER France`).
    pub text: String,
    /// Where it was written, for errors: the block and the key (`divine`, `blessing`).
    pub block: &'static str,
    pub key: &'static str,
}

/// A kind of Diplomacy: what it adds to the standard judge and to the mail game. Every
/// method has the standard game's answer as its default, so a ruleset writes only what it
/// changes.
pub trait Ruleset: Sync {
    /// The `variant:` of a players file or a position file (`standard`).
    fn name(&self) -> &'static str;

    /// The game's name in subjects and reports (`Diplomacy`).
    fn title(&self) -> &'static str;

    /// Judges a position by these rules. The second value is the ruleset's own report
    /// (the `divine:` block of Diable et Bon Dieu).
    fn adjudicate(&self, map: &Map, position: &Position) -> (Outcome, Option<DivineReport>) {
        let outcome = judge::adjudicate(map, position.phase, &position.board, &position.orders, &Standard);
        (outcome, None)
    }

    /// The keys a position file of this ruleset may carry beyond the standard ones.
    fn position_keys(&self) -> &'static [&'static str] {
        &[]
    }

    /// The roles beyond the map's powers, in report order, with what the mail game asks
    /// of each ([`Role::Named`]).
    fn extra_roles(&self) -> &'static [NamedRole] {
        &[]
    }

    /// Does the game have divine players (God, the Devil), who give no orders, send and
    /// receive no private press and cast instead? The letters and the rules say so.
    fn has_divine_players(&self) -> bool {
        self.extra_roles().iter().any(|r| !r.info.gives_orders)
    }

    /// The keys the ruleset keeps in `state.yaml`, empty ([`crate::game::kind::Kind::state`]).
    fn state(&self) -> Option<crate::game::state::KindState> {
        None
    }

    /// The mail commands beyond orders that this ruleset's roles write (`BLESS`), with
    /// their words.
    fn verbs(&self) -> &'static [Verb] {
        &[]
    }

    /// Sets up what the ruleset keeps in the game at its start (drawn from the seed).
    fn start(&self, _game: &mut Game) -> Result<(), crate::game::GameError> {
        Ok(())
    }

    /// The ruleset's part of a welcome.
    fn welcome(&self, _game: &Game, _role: Role) -> WelcomePart {
        WelcomePart::default()
    }

    /// The ruleset's part of the position the current phase is judged from; `with_casts`
    /// is false when a player's orders are checked alone.
    fn position_extras(&self, _game: &Game, _phase: Phase, _with_casts: bool) -> Option<RawDivine> {
        None
    }

    /// Builds (+) or removals (−) `power` is due in the adjustment `phase`.
    fn adjustment(&self, _game: &Game, board: &Board, _phase: Phase, power: Power) -> i32 {
        adjust::adjustment(board, &Standard, power)
    }

    /// Does an extra role have everything on file for the phase?
    fn extra_role_ready(&self, _game: &Game, _role: Role, _phase: Phase) -> bool {
        true
    }

    /// What an extra role still owes for the phase, in words of `lang`.
    fn extra_role_missing(&self, _game: &Game, _role: Role, _phase: Phase, _lang: Lang) -> Vec<String> {
        Vec::new()
    }

    /// The casts a role has on file, in words of `lang`, for its reply.
    fn on_file(&self, _game: &Game, _role: Role, _lang: Lang) -> Vec<String> {
        Vec::new()
    }

    /// `CLEAR` from an extra role: what it withdrew. `None` for a power.
    fn clear(&self, _game: &mut Game, _role: Role) -> Option<Said> {
        None
    }

    /// Why a line of the mail game's flow that an extra role may not write is refused, in
    /// the ruleset's words: orders from a role that gives none, press from one that sends
    /// none, press to one that none may reach ([`crate::game::role::RoleInfo`]).
    fn barred(&self, role: Role, line: Barred) -> Refusal {
        Refusal::Words(format!("{role} may not write {}", line.what()))
    }

    /// One of [`Ruleset::verbs`] from `role`: what was put on file, or why not.
    fn cast(&self, _game: &mut Game, _role: Role, verb: &str, _text: &str) -> Result<Said, Refusal> {
        Err(Refusal::NotAVerbHere { verb: verb.to_string() })
    }

    /// The casts of a turn file's own keys of this ruleset, in the order they are entered.
    fn turn_casts(&self, _raw: &RawPosition) -> Vec<TurnCast> {
        Vec::new()
    }

    /// Keeps what the game must remember of a phase just judged.
    fn judged(&self, _game: &mut Game, _position: &Position, _report: Option<&DivineReport>) {}

    /// The powers the extra roles protect, for the victory facts.
    fn protected(&self, _game: &Game) -> Option<Protected> {
        None
    }

    /// The phase the game goes on to after `phase`, given the judge's `next_phase`.
    fn coming_phase(&self, _game: &Game, _phase: Phase, _next: &Board, next_phase: Phase) -> Phase {
        next_phase
    }

    /// The ruleset's part of the public report of `phase`, in `lang`: the same for every
    /// reader of that language.
    fn report_part(&self, _report: Option<&DivineReport>, _phase: Phase, _lang: crate::lang::Lang) -> ReportPart {
        ReportPart::default()
    }

    /// The private letters of a processed phase, after the public reports.
    fn letters(&self, _game: &Game, _judged: &Judged) -> Vec<Letter> {
        Vec::new()
    }

    /// The extra roles among the winners.
    fn winners(&self, _standing: &Standing) -> Vec<String> {
        Vec::new()
    }

    /// What the final letters may show of the ruleset's secrets, once the game is over.
    fn revealed(&self, _game: &Game) -> Option<Revealed> {
        None
    }

    /// Clears what the ruleset kept for `phase`, as the game goes on to `next_phase`.
    fn phase_over(&self, _game: &mut Game, _phase: Phase, _next_phase: Phase) {}

    /// The ruleset's keys in the referee's status.
    fn status(&self, _game: &Game, _w: &mut Writer) {}

    /// The game's secrets that a picture shows to those entitled to them
    /// ([`crate::picture::Reader::told`]); with the casts on file for the phase when
    /// `with_casts` (before its report announces them). None when the game has none.
    fn picture_secrets(&self, _game: &Game, _with_casts: bool) -> Option<crate::picture::Secrets> {
        None
    }
}

/// Diplomacy as the rulebook has it.
pub struct StandardRules;

impl Ruleset for StandardRules {
    fn name(&self) -> &'static str {
        "standard"
    }

    fn title(&self) -> &'static str {
        "Diplomacy"
    }
}

/// The standard ruleset's value, as listed in [`crate::kinds::KINDS`].
pub static STANDARD: StandardRules = StandardRules;

/// The standard game by mail, as the registry lists it ([`crate::kinds::REGISTRY`]).
pub static STANDARD_GAME: Diplomacy = Diplomacy(&STANDARD);

/// The ruleset of a position's variant (the standard one for a name no kind has).
pub fn rules_of(variant: &str) -> &'static dyn Ruleset {
    crate::kinds::rules(variant).unwrap_or(&STANDARD)
}

/// Every cause a variant gives, for the tests that each has its words.
pub fn variant_causes() -> Vec<crate::judge::VariantCause> {
    diable::Cursed::ALL.iter().map(|&c| c.cause()).collect()
}

/// Adjudicates a position by the rules of its variant. The second value is the variant's
/// own report (the `divine:` block for Diable et Bon Dieu).
pub fn adjudicate(map: &Map, position: &Position) -> (Outcome, Option<DivineReport>) {
    rules_of(&position.variant).adjudicate(map, position)
}

/// The picture of a position's phase as adjudicated, with what its variant's report
/// announces (Diable et Bon Dieu's blessing and curse, from the `divine:` report of
/// [`adjudicate`]); its title names the variant (`Diplomacy`), which a game names itself
/// instead ([`PictureView::named`]).
pub fn picture(map: &Map, position: &Position, outcome: &Outcome, report: Option<&DivineReport>) -> PictureView {
    let view = PictureView::outcome(map, &position.board, &position.orders, outcome)
        .named(rules_of(&position.variant).title());
    match report {
        Some(report) => diable::picture::with_casts(view, report),
        None => view,
    }
}

/// A retreat phase skipped by [`skip_empty_retreat`].
pub struct Skipped {
    /// The retreat phase's results: one disband per unit.
    pub results: Vec<OrderResult>,
    /// The units disbanded (`next.disbanded` of the position file).
    pub disbanded: Vec<Unit>,
}

/// A retreat phase in which no dislodged unit has anywhere to go decides nothing: it is
/// judged at once with no orders (every dislodged unit is disbanded) and `outcome` goes on
/// to the phase after it, as a running game does instead of waiting a retreat deadline for
/// nothing. `None` when the retreat phase has something to decide (or there is none).
pub fn skip_empty_retreat(map: &Map, variant: &str, outcome: &mut Outcome) -> Option<Skipped> {
    let nowhere = |d: &judge::Dislodged| d.retreats.as_ref().is_some_and(|r| r.is_empty());
    if outcome.next_phase.kind != PhaseKind::Retreat || !outcome.next.dislodged.iter().all(nowhere) {
        return None;
    }
    let disbanded = outcome.next.dislodged.iter().map(|d| d.unit).collect();
    let retreat = Position {
        variant: variant.to_string(),
        phase: outcome.next_phase,
        board: outcome.next.clone(),
        orders: Vec::new(),
        divine: None,
    };
    let (judged, _) = adjudicate(map, &retreat);
    outcome.next_phase = judged.next_phase;
    outcome.next = judged.next;
    Some(Skipped {
        results: judged.results,
        disbanded,
    })
}
