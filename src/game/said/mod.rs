//! What each line of a player's message came to, as values: [`Said`] for a command done,
//! [`Refusal`] for one not done and why. The game and the parser decide these without a
//! word of any language; the words are made here, one function per language ([`en`] and
//! [`fr`] for what was done, [`refused_en`] and [`refused_fr`] for why not), only once the
//! reader's language is known, and never parsed back.
//!
//! What stays as written in every language: orders, units, provinces, powers (`A PAR`,
//! `France`), the commands a player may write (`SET TIMEZONE Europe/Paris`, `BLESS NONE`)
//! and what the player wrote. The words of a few refusals not yet translated (the referee's
//! desk, a problem of the game's files) come as [`Refusal::Words`], in English. An outcome or a refusal
//! of the game's kind (a ruleset's cast, a board game's move refused by its engine) is
//! [`Said::OfTheKind`] or [`Refusal::OfTheKind`], worded by the kind in each language
//! ([`crate::game::kind::KindWords`]): nothing here names a kind's verbs or roles.

use super::role::Role;
use crate::lang::fr::{of_place, Form};
use crate::lang::{Lang, Worded};
use crate::order::CoastOf;
use crate::report::views::Answered;
use crate::words::Reason;

mod en;
mod fr;
pub(crate) mod not_acted_on;
pub use en::{en, refused_en};
pub use fr::{capital, fr, fr_name, fr_phase, refused_fr};
pub use not_acted_on::NotActedOn;
use serde::{Serialize, Serializer};

/// A command done: what the reply says of it, after `line N:`.
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    /// An order put on file (`A PAR - BUR: on file`).
    OnFile {
        order: String,
    },
    /// An order put on file in place of the earlier order for the same unit or build.
    Replaces {
        order: String,
        old: String,
    },
    /// `CLEAR` from a power: its orders withdrawn.
    Cleared,
    /// `STATUS`: the reply shows what is on file.
    Status,
    /// A press sent to these roles; none named: to all.
    PressSent {
        to: Vec<Role>,
    },
    /// `VOTE DRAW` (`draw`) or `VOTE CONTINUE`.
    Voted {
        draw: bool,
    },
    /// A move of a board game, accepted.
    MoveAccepted {
        number: usize,
        summary: String,
    },
    /// A question (`HELP`, as written), answered by a letter of its own.
    Answered {
        command: String,
    },
    PasswordChanged,
    TimezoneSet {
        zone: String,
    },
    LanguageSet {
        lang: Lang,
    },
    /// `SET ADDRESS`: a code went to the new address.
    AddressCodeSent {
        address: String,
    },
    ResignAsked,
    ResignConfirmed,
    /// `SET WAIT` (`on`) or `SET NOWAIT`.
    Wait {
        on: bool,
    },
    /// A grey press (`PRESS TO … GREY`) sent to these roles without the sender's name.
    GreyPressSent {
        to: Vec<Role>,
    },
    /// Put on file after the deadline, within the grace period: marked late.
    Late(Box<Said>),
    /// A press sent that had no end line: the end of the message ended it, none of its
    /// lines reading as an order or a command.
    ToTheEnd(Box<Said>),
    /// What the referee entered for the role from a turn file.
    ByReferee(Box<Said>),
    /// `SET ABSENCE`: the days noted, the allowance of days a year a deadline may be moved
    /// for the player, and what became of the current deadline, shown in the game's `zone`.
    AbsenceNoted {
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
        allowance: u32,
        deadline: AbsenceDeadline,
        zone: chrono_tz::Tz,
    },
    /// An outcome of the game's kind (a ruleset's cast), worded by the kind in each
    /// language.
    OfTheKind(crate::game::kind::KindWords),
    /// An order done, and what the reader assumed to read it (issue #24): the names read,
    /// so that a wrong guess shows at once.
    ReadAs {
        said: Box<Said>,
        assumed: Vec<ReadAs>,
    },
}

/// One thing the order reader assumed (`crate::order::Assumed`), with the province's name
/// in both languages.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadAs {
    /// A word read as a province one slip away from its name (`Bourgone`, `Yorkshir`). A
    /// French code (`Bou`) is the name a French player writes, and goes without saying.
    Name { written: String, en: String, fr: String },
    /// A unit named by its province alone, found there.
    Unit { army: bool, en: String, fr: String },
    /// A unit written as the other type (`A NAP` where Naples holds a fleet): read as the
    /// unit there (DATC 4.C.2); `army` is the type found.
    OtherType { army: bool, en: String, fr: String },
    /// A route given: the army goes by convoy.
    Convoy,
    /// A coast written for an army, or one the province does not have, dropped
    /// (`crate::order::CoastDropped`): the place as written and as read, `[written, read]`,
    /// in English (`SPA/SC`, `SPA`) and in French notation (`ESP/CS`, `ESP`), and why (the
    /// army goes there or stands there, or the province has no such coast).
    CoastDropped {
        at: crate::order::CoastOf,
        en: [String; 2],
        fr: [String; 2],
    },
    /// A fleet written on the other coast of its province (`F STP/NC` for the fleet on
    /// STP/SC): read as the fleet there, on its own coast (DATC 4.B.5); `[written, there]`
    /// in English and in French notation.
    OtherCoast { en: [String; 2], fr: [String; 2] },
}

impl ReadAs {
    pub(crate) fn en(&self) -> String {
        match self {
            ReadAs::Name { written, en, .. } => format!("\"{written}\" read as {en}"),
            ReadAs::Unit { army, en, .. } => format!("the {} in {en}", if *army { "army" } else { "fleet" }),
            ReadAs::OtherType { army: true, en, .. } => format!("there is an army in {en}, not a fleet"),
            ReadAs::OtherType { en, .. } => format!("there is a fleet in {en}, not an army"),
            ReadAs::OtherCoast {
                en: [written, there], ..
            } => format!("the fleet is on {there}, not {written}"),
            ReadAs::Convoy => "by convoy, as a route was given".into(),
            ReadAs::CoastDropped {
                at,
                en: [written, read],
                ..
            } => format!(
                "the coast is dropped, {written} read as {read}: {}",
                match at {
                    CoastOf::Destination => "an army moves to a province, not to a coast".to_string(),
                    CoastOf::Place => "an army stands in a province, not on a coast".to_string(),
                    CoastOf::NotOfProvince => format!("{read} has no such coast"),
                }
            ),
        }
    }

    pub(crate) fn fr(&self) -> String {
        match self {
            ReadAs::Name { written, fr, .. } => format!("« {written} » lu comme {fr}"),
            ReadAs::Unit { army: true, fr, .. } => format!("il s'agit de l'armée {}", of_place(fr)),
            ReadAs::Unit { fr, .. } => format!("il s'agit de la flotte {}", of_place(fr)),
            ReadAs::OtherType { army: true, fr, .. } => {
                format!("l'unité {} est une armée, pas une flotte", of_place(fr))
            }
            ReadAs::OtherType { fr, .. } => format!("l'unité {} est une flotte, pas une armée", of_place(fr)),
            ReadAs::OtherCoast {
                fr: [written, there], ..
            } => format!("la flotte est en {there}, pas en {written}"),
            ReadAs::Convoy => "par convoi, puisqu'un chemin est donné".into(),
            // No colon inside, as for the others: the line has one already.
            ReadAs::CoastDropped {
                at,
                fr: [written, read],
                ..
            } => format!(
                "côte retirée, {written} lu comme {read}, car {}",
                match at {
                    CoastOf::Destination => "une armée se rend dans une province, pas sur une côte".to_string(),
                    CoastOf::Place => "une armée occupe une province, pas une côte".to_string(),
                    CoastOf::NotOfProvince => format!("{read} n'a pas cette côte"),
                }
            ),
        }
    }
}

/// What an absence did to the current deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbsenceDeadline {
    /// Nothing: it does not fall in the absence (or there is none running).
    Untouched,
    /// It fell in the absence and moved to this time, after it.
    Moved(chrono::DateTime<chrono::FixedOffset>),
    /// It falls in the absence and stays: moving it would use more days than the player's
    /// allowance has left.
    Kept(chrono::DateTime<chrono::FixedOffset>),
}

/// Why a command was not done (or a line not read).
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    // ---- the game ------------------------------------------------------------------------
    /// Arrived after the deadline (`deadline` in RFC 3339, the game's `zone`, `phase` as
    /// the state writes it).
    TooLate {
        deadline: String,
        zone: String,
        phase: String,
    },
    /// A second SIGNON line in one message.
    OneSignon,
    /// A line above the SIGNON line.
    BeforeSignon,
    /// The end of a message too long: the line of the first command not read, how many
    /// command lines follow it, and the most a message may hold.
    Unread {
        line: usize,
        after: usize,
        most: usize,
    },
    /// The judge found no order in the line.
    NotAnOrder {
        text: String,
    },
    /// Orders headed by another power's name (`France: A PAR - BUR` from England).
    AnotherPowersOrders {
        named: String,
        yours: String,
    },
    /// The judge voids the order: why.
    Void(Reason),
    /// A refused order that wrote the other type of unit than the one there (`A NAP - TUN`
    /// with a fleet in Naples): the refusal, and which unit it is (DATC 4.C.2).
    OtherType {
        refusal: Box<Refusal>,
        unit: ReadAs,
    },
    /// `BUILD A STP/NC`: an army's build written with a coast a fleet could be built on,
    /// which could be either build (`crate::order::CoastRefused`). The place as written and
    /// the two orders it could mean, in the reader's notation (`STP/NC`, `BUILD A STP`,
    /// `BUILD F STP/NC`; `STP/CN`, `mobiliser A STP`, `mobiliser F STP/CN`).
    ArmyBuiltOnCoast {
        written: String,
        army: String,
        fleet: String,
    },
    /// A verb of another kind of game (`BLESS` in a standard game).
    VerbOfAnotherGame {
        verb: String,
        owner: String,
    },
    /// A verb this ruleset has not.
    NotAVerbHere {
        verb: String,
    },
    /// A press to a name that is no power (or a divine name) of the game.
    PressNotAPower {
        name: String,
    },
    /// A press to a name that is no side of the board game.
    PressNotASide {
        name: String,
        sides: Vec<String>,
    },
    /// A private press to nobody but its sender.
    NameAnotherPlayer,
    OnlyPowersVote,
    /// A power with neither centre nor unit: it votes no more, and is blessed no more.
    OutOfTheGame {
        power: String,
    },
    /// A question or setting that reached the game (never: they are taken apart).
    AnsweredApart,
    // ---- board games ----------------------------------------------------------------------
    NotYourTurn {
        to_move: String,
    },
    GameIsOver,
    /// A move written once the game is over.
    MoveAfterTheEnd {
        text: String,
    },
    /// A Diplomacy command in a board game.
    NotACommandOf {
        title: String,
    },
    // ---- how to write a command (the parser) ----------------------------------------------
    WriteSignon,
    WriteVote,
    WritePress,
    /// A press with no end line, not sent: its line `line` (`text`) reads as an order or a
    /// command, which the player most likely meant to write below the press.
    PressNotEnded {
        line: usize,
        text: String,
    },
    /// A press with no text (no line, or blank lines only), with or without its end line:
    /// nothing is sent.
    PressEmpty,
    /// `SET ABSENCE` without its two days; `french`: written `CHANGER ABSENCE`.
    WriteAbsence {
        french: bool,
    },
    EndpressWithoutPress,
    /// `LIST extra`: `form` is the keyword written.
    TakesNothing {
        form: String,
    },
    /// A command word with an argument no command takes.
    NotUnderstood {
        text: String,
        hint: Hint,
    },
    /// A `SET`/`CHANGER` with a wrong or missing argument; `french` when the player wrote
    /// `CHANGER` (the example is then the French form).
    Setting {
        problem: SettingProblem,
        french: bool,
    },
    /// `RESIGN extra`: the keyword written.
    ResignForm {
        keyword: String,
    },
    ObserveForm {
        keyword: String,
    },
    /// `JOIN` or `REJOINDRE` without a game and a password.
    JoinForm {
        keyword: String,
    },
    ConfirmForm {
        keyword: String,
    },
    /// A phase missing after `HISTORY`, `GET REPORT`, `RAPPORT`.
    NameAPhase {
        form: PhaseForm,
    },
    /// A phase that does not read: the text, the parser's English words, how to write it.
    NotAPhase {
        text: String,
        english: String,
        form: PhaseForm,
    },
    // ---- the players' settings ------------------------------------------------------------
    OnePasswordPerMessage,
    ObserveAsPlayer,
    ConfirmApart,
    /// `JOIN` in a signed-on message: it is sent alone, without SIGNON.
    JoinApart,
    NotAQuestion,
    PasswordUnread,
    Password(PasswordProblem),
    NotAMailAddress {
        address: String,
    },
    AlreadyYourAddress {
        address: String,
    },
    ResignConfirmedAlready,
    ResignFirst,
    /// `SET WAIT` in a game played move by move: there is no deadline to wait for.
    WaitNeedsDeadlines,
    /// Press between players in a game without press (`press: none`, gunboat).
    NoPressInThisGame,
    /// `PRESS TO … GREY` in a game whose press is white (`press: white`).
    NoGreyPress,
    /// A line of chatter, listed as not understood.
    Chatter,
    /// `SET ABSENCE` with days that cannot be noted.
    Absence(super::desk::absence::AbsenceError),
    /// Words made elsewhere, in English (the referee's desk, a board game's engine, a
    /// problem of the game's files).
    Words(String),
    /// A refusal of the game's kind (a board game's move refused by its engine), worded by
    /// the kind in each language.
    OfTheKind(crate::game::kind::KindWords),
}

/// The note beside an order on file: what a support or a convoy needs from the unit it
/// supports or convoys (from the order and the board alone), or that the order will be void.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// A support to hold: counts unless the unit moves.
    Holds { unit: String },
    /// A support of a move: counts if the unit is ordered there.
    MovesTo { unit: String, to: String },
    /// A convoy: counts if the army is ordered there by convoy.
    Convoyed { unit: String, to: String },
    /// The judge voids the order as it stands: why.
    WillBeVoid(Reason),
}

impl Worded for Note {
    /// The note in `lang`.
    fn words(&self, lang: Lang) -> String {
        match (self, lang) {
            (Note::Holds { unit }, Lang::En) => format!("counts unless {unit} is ordered to move"),
            (Note::Holds { unit }, Lang::Fr) => format!("compte sauf si {unit} reçoit l'ordre de bouger"),
            (Note::MovesTo { unit, to }, Lang::En) => format!("counts if {unit} is ordered to {to}"),
            (Note::MovesTo { unit, to }, Lang::Fr) => format!("compte si {unit} reçoit l'ordre d'aller en {to}"),
            (Note::Convoyed { unit, to }, Lang::En) => format!("counts if {unit} is ordered to {to} by convoy"),
            (Note::Convoyed { unit, to }, Lang::Fr) => {
                format!("compte si {unit} reçoit l'ordre d'aller en {to} par convoi")
            }
            (Note::WillBeVoid(r), Lang::En) => format!("will be void: {}", r.words(Lang::En)),
            (Note::WillBeVoid(r), Lang::Fr) => format!("sera nul : {}", r.words(Lang::Fr)),
        }
    }
}

/// What a command word not understood is followed by, for the hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    Get,
    Set {
        french: bool,
    },
    /// The word is one slip from this one command (`LSITE`): its English and French forms,
    /// the reader is offered the one of their language.
    Near {
        en: &'static str,
        fr: &'static str,
    },
}

/// What is wrong with a `SET` line's argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingProblem {
    PasswordForm,
    AddressForm,
    NotATimezone { zone: String },
    NameATimezone,
    NotALanguage { code: String },
    NameALanguage,
}

/// How a past report is asked for, for the example.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhaseForm {
    /// `HISTORY` or `HISTORIQUE`, as written.
    History {
        keyword: String,
    },
    GetReport,
    Rapport,
}

/// Why a new password is not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasswordProblem {
    /// It is the archive's mask.
    Redacted,
    TooShort {
        min: usize,
    },
    ControlCharacter,
    /// It holds a space: a password is one word of a SIGNON line.
    Blank,
}

impl PasswordProblem {
    /// The word the intake's header carries for it (`X-Arbitre-New-Password: 3 no short`).
    pub fn code(self) -> &'static str {
        match self {
            PasswordProblem::Redacted => "redacted",
            PasswordProblem::TooShort { .. } => "short",
            PasswordProblem::ControlCharacter => "control",
            PasswordProblem::Blank => "blank",
        }
    }

    /// The problem of a header's word.
    pub fn from_code(code: &str, min: usize) -> Option<PasswordProblem> {
        match code {
            "redacted" => Some(PasswordProblem::Redacted),
            "short" => Some(PasswordProblem::TooShort { min }),
            "control" => Some(PasswordProblem::ControlCharacter),
            "blank" => Some(PasswordProblem::Blank),
            _ => None,
        }
    }
}

/// Why a password breaks the one rule, in a sentence (the players file, `SET PASSWORD` and
/// `JOIN` all say it so).
impl Worded for PasswordProblem {
    fn words(&self, lang: Lang) -> String {
        use PasswordProblem as P;
        match (self, lang) {
            (P::TooShort { min }, Lang::En) => format!("the password has fewer than {min} characters"),
            (P::TooShort { min }, Lang::Fr) => format!("le mot de passe a moins de {min} caractères"),
            (P::Blank, Lang::En) => "the password holds a space (it is one word of a SIGNON line)".into(),
            (P::Blank, Lang::Fr) => "le mot de passe contient une espace (c'est un seul mot de la ligne SIGNON)".into(),
            (P::ControlCharacter, Lang::En) => "the password holds a control character".into(),
            (P::ControlCharacter, Lang::Fr) => "le mot de passe contient un caractère de contrôle".into(),
            (P::Redacted, Lang::En) => "\"********\" is the archive's mask, not a password".into(),
            (P::Redacted, Lang::Fr) => "« ******** » est le masque de l'archive, pas un mot de passe".into(),
        }
    }
}

impl Worded for Said {
    /// The words of what was done, in `lang`.
    fn words(&self, lang: Lang) -> String {
        match lang {
            Lang::En => en(self),
            Lang::Fr => fr(self),
        }
    }
}

impl Worded for Refusal {
    /// The words of why not, in `lang`.
    fn words(&self, lang: Lang) -> String {
        match lang {
            Lang::En => refused_en(self),
            Lang::Fr => refused_fr(self),
        }
    }
}

impl From<super::GameError> for Refusal {
    fn from(e: super::GameError) -> Refusal {
        Refusal::Words(e.to_string())
    }
}

/// A refusal written into a view that is not a player's (the referee's desk) is in English.
impl Serialize for Refusal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.words(Lang::En))
    }
}

/// A done line as the reply shows it: `line 3: A PAR - BUR: on file` (without a line for
/// what the referee entered).
pub fn done_line(line: Option<usize>, said: &Said, lang: Lang) -> String {
    match (line, lang) {
        (Some(line), Lang::En) => format!("line {line}: {}", en(said)),
        (Some(line), Lang::Fr) => format!("ligne {line} : {}", fr(said)),
        (None, _) => said.words(lang),
    }
}

/// What a reply says of the commands of a message, in `lang`: each one done and each one
/// refused in words, in the order given (the caller sorts them by line).
pub fn answered(done: &[(Option<usize>, Said)], errors: &[super::commands::LineError], lang: Lang) -> Answered {
    Answered {
        done: done
            .iter()
            .map(|(line, said)| (*line, done_line(*line, said, lang)))
            .collect(),
        errors: errors.iter().map(|e| e.words(lang)).collect(),
        ..Answered::default()
    }
}

/// Roles by name, joined by `, `.
fn names(roles: &[Role]) -> String {
    roles.iter().map(|r| r.text()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::game::desk::absence::AbsenceError;

    /// One value of every kind of refusal, for the checks below.
    pub(crate) fn every_refusal() -> Vec<Refusal> {
        use Refusal as R;
        let s = |t: &str| t.to_string();
        let mut all = vec![
            R::TooLate {
                deadline: s("2026-12-01T20:00:00+01:00"),
                zone: s("Europe/Paris"),
                phase: s("Spring 1901 Movement"),
            },
            R::OneSignon,
            R::BeforeSignon,
            R::Unread {
                line: 501,
                after: 3,
                most: 500,
            },
            R::NotAnOrder { text: s("HELLO") },
            R::AnotherPowersOrders {
                named: s("France"),
                yours: s("England"),
            },
            R::OtherType {
                refusal: Box::new(R::NotAnOrder { text: s("A NAP - TUN") }),
                unit: ReadAs::OtherType {
                    army: false,
                    en: s("Naples"),
                    fr: s("Naples"),
                },
            },
            R::ArmyBuiltOnCoast {
                written: s("STP/NC"),
                army: s("BUILD A STP"),
                fleet: s("BUILD F STP/NC"),
            },
            R::VerbOfAnotherGame {
                verb: s("BLESS"),
                owner: s("Diable et Bon Dieu"),
            },
            R::NotAVerbHere { verb: s("BLESS") },
            R::PressNotAPower { name: s("Narnia") },
            R::PressNotASide {
                name: s("x"),
                sides: vec![s("Blanc"), s("Noir")],
            },
            R::NameAnotherPlayer,
            R::OnlyPowersVote,
            R::OutOfTheGame { power: s("Italy") },
            R::AnsweredApart,
            R::NotYourTurn { to_move: s("Noir") },
            R::GameIsOver,
            R::MoveAfterTheEnd { text: s("e4") },
            R::NotACommandOf { title: s("DIAM") },
            R::WriteSignon,
            R::WriteVote,
            R::WritePress,
            R::PressNotEnded {
                line: 5,
                text: s("A PAR - BUR"),
            },
            R::PressEmpty,
            R::WriteAbsence { french: false },
            R::WriteAbsence { french: true },
            R::EndpressWithoutPress,
            R::TakesNothing { form: s("LIST") },
            R::NotUnderstood {
                text: s("GET LOST"),
                hint: Hint::Get,
            },
            R::NotUnderstood {
                text: s("SET COLOUR red"),
                hint: Hint::Set { french: false },
            },
            R::NotUnderstood {
                text: s("LSITE"),
                hint: Hint::Near {
                    en: "LIST",
                    fr: "LISTE",
                },
            },
            R::ResignForm { keyword: s("RESIGN") },
            R::ObserveForm { keyword: s("OBSERVE") },
            R::ConfirmForm { keyword: s("CONFIRM") },
            R::JoinForm { keyword: s("JOIN") },
            R::NameAPhase {
                form: PhaseForm::GetReport,
            },
            R::NotAPhase {
                text: s("S19"),
                english: s("\"S19\" is not a phase"),
                form: PhaseForm::History { keyword: s("HISTORY") },
            },
            R::OnePasswordPerMessage,
            R::ObserveAsPlayer,
            R::ConfirmApart,
            R::JoinApart,
            R::NotAQuestion,
            R::PasswordUnread,
            R::Password(PasswordProblem::Redacted),
            R::Password(PasswordProblem::TooShort { min: 8 }),
            R::Password(PasswordProblem::ControlCharacter),
            R::Password(PasswordProblem::Blank),
            R::NotAMailAddress { address: s("x@") },
            R::AlreadyYourAddress { address: s("a@b.c") },
            R::ResignConfirmedAlready,
            R::ResignFirst,
            R::WaitNeedsDeadlines,
            R::NoPressInThisGame,
            R::NoGreyPress,
            R::Chatter,
        ];
        let day = |t: &str| chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d").unwrap();
        for problem in [
            AbsenceError::NotADate { text: s("soon") },
            AbsenceError::EndsBeforeItBegins {
                first: day("2026-12-09"),
                last: day("2026-12-07"),
            },
            AbsenceError::Over {
                last: day("2026-11-02"),
            },
            AbsenceError::TooMany,
        ] {
            all.push(R::Absence(problem));
        }
        for problem in [
            SettingProblem::PasswordForm,
            SettingProblem::AddressForm,
            SettingProblem::NotATimezone { zone: s("Paris") },
            SettingProblem::NameATimezone,
            SettingProblem::NotALanguage { code: s("de") },
            SettingProblem::NameALanguage,
        ] {
            all.push(R::Setting { problem, french: false });
        }
        all
    }

    pub(crate) fn every_said() -> Vec<Said> {
        use Said as S;
        let s = |t: &str| t.to_string();
        let day = |t: &str| chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d").unwrap();
        vec![
            S::OnFile {
                order: s("A PAR - BUR"),
            },
            S::Replaces {
                order: s("A PAR - BUR"),
                old: s("A PAR H"),
            },
            S::Cleared,
            S::Status,
            S::PressSent { to: vec![] },
            S::PressSent {
                to: ["France", "Italy"].into_iter().filter_map(Role::from_name).collect(),
            },
            S::Voted { draw: true },
            S::Voted { draw: false },
            S::MoveAccepted {
                number: 3,
                summary: s("e4"),
            },
            S::Answered { command: s("HELP") },
            S::PasswordChanged,
            S::TimezoneSet { zone: s("Asia/Tokyo") },
            S::LanguageSet { lang: Lang::Fr },
            S::AddressCodeSent { address: s("a@b.c") },
            S::ResignAsked,
            S::ResignConfirmed,
            S::Wait { on: true },
            S::Wait { on: false },
            S::GreyPressSent { to: vec![] },
            S::GreyPressSent {
                to: ["France", "Italy"].into_iter().filter_map(Role::from_name).collect(),
            },
            S::ByReferee(Box::new(S::Cleared)),
            S::Late(Box::new(S::Cleared)),
            S::ToTheEnd(Box::new(S::PressSent { to: vec![] })),
            S::AbsenceNoted {
                from: day("2026-11-30"),
                to: day("2026-12-02"),
                allowance: 14,
                deadline: AbsenceDeadline::Untouched,
                zone: chrono_tz::Europe::Paris,
            },
            S::AbsenceNoted {
                from: day("2026-11-30"),
                to: day("2026-12-02"),
                allowance: 1,
                deadline: AbsenceDeadline::Moved(
                    chrono::DateTime::parse_from_rfc3339("2026-12-03T20:00:00+01:00").unwrap(),
                ),
                zone: chrono_tz::Europe::Paris,
            },
            S::AbsenceNoted {
                from: day("2026-11-30"),
                to: day("2027-03-02"),
                allowance: 14,
                deadline: AbsenceDeadline::Kept(
                    chrono::DateTime::parse_from_rfc3339("2026-12-01T20:00:00+01:00").unwrap(),
                ),
                zone: chrono_tz::Europe::Paris,
            },
            S::ReadAs {
                said: Box::new(S::OnFile {
                    order: s("A BUR - PAR"),
                }),
                assumed: vec![ReadAs::Name {
                    written: s("Bourgone"),
                    en: s("Burgundy"),
                    fr: s("Bourgogne"),
                }],
            },
            S::ReadAs {
                said: Box::new(S::OnFile {
                    order: s("A MAR - SPA"),
                }),
                assumed: vec![ReadAs::CoastDropped {
                    at: CoastOf::Destination,
                    en: [s("SPA/SC"), s("SPA")],
                    fr: [s("ESP/CS"), s("ESP")],
                }],
            },
            S::ReadAs {
                said: Box::new(S::OnFile {
                    order: s("A SPA - GAS"),
                }),
                assumed: vec![ReadAs::CoastDropped {
                    at: CoastOf::Place,
                    en: [s("SPA/NC"), s("SPA")],
                    fr: [s("ESP/CN"), s("ESP")],
                }],
            },
            S::ReadAs {
                said: Box::new(S::OnFile {
                    order: s("F STP/SC - BOT"),
                }),
                assumed: vec![ReadAs::OtherCoast {
                    en: [s("STP/NC"), s("STP/SC")],
                    fr: [s("STP/CN"), s("STP/CS")],
                }],
            },
            S::ReadAs {
                said: Box::new(S::OnFile {
                    order: s("F BRE - MAO"),
                }),
                assumed: vec![ReadAs::CoastDropped {
                    at: CoastOf::NotOfProvince,
                    en: [s("MAO/NC"), s("MAO")],
                    fr: [s("MAO/CN"), s("MAO")],
                }],
            },
        ]
    }

    /// No two kinds of line read alike, in either language (that each has English and
    /// different French words is the shared test's, `src/kinds/words_tests.rs`).
    #[test]
    fn no_two_lines_read_alike() {
        let en: Vec<String> = every_refusal().iter().map(|r| r.words(Lang::En)).collect();
        let fr: Vec<String> = every_refusal().iter().map(|r| r.words(Lang::Fr)).collect();
        let en_done: Vec<String> = every_said().iter().map(|s| s.words(Lang::En)).collect();
        let fr_done: Vec<String> = every_said().iter().map(|s| s.words(Lang::Fr)).collect();
        for words in [&en, &fr, &en_done, &fr_done] {
            let distinct: std::collections::BTreeSet<&String> = words.iter().collect();
            assert_eq!(distinct.len(), words.len(), "two lines read alike: {words:#?}");
        }
    }

    /// An English line quotes in English: no « » (`like « HISTORY S1901M »`), and a word
    /// read as a province is said once, without Markdown (not `read: `Yorkshir` read as`).
    #[test]
    fn english_lines_quote_in_english() {
        let en: Vec<String> = every_refusal()
            .iter()
            .map(|r| r.words(Lang::En))
            .chain(every_said().iter().map(|s| s.words(Lang::En)))
            .collect();
        for line in &en {
            assert!(!line.contains('«') && !line.contains('»'), "{line}");
            assert!(!line.contains("(read: "), "{line}");
            // A mail client shows Markdown's backticks as they are: English quotes.
            assert!(!line.contains('`'), "{line}");
        }
        assert!(
            en.iter().any(|l| l.ends_with("(\"Bourgone\" read as Burgundy)")),
            "{en:#?}"
        );
    }

    /// The English words are the ones the replies always had (tests and goldens pin them).
    #[test]
    fn the_english_words_are_the_old_ones() {
        assert_eq!(
            done_line(
                Some(2),
                &Said::OnFile {
                    order: "A VEN - TYR".into()
                },
                Lang::En
            ),
            "line 2: A VEN - TYR: on file"
        );
        assert_eq!(
            Refusal::Setting {
                problem: SettingProblem::NotATimezone { zone: "Paris".into() },
                french: false
            }
            .words(Lang::En),
            "\"Paris\" is not a time zone of the IANA list: write it like \"SET TIMEZONE Europe/Paris\""
        );
        assert_eq!(
            Refusal::Unread {
                line: 502,
                after: 7,
                most: 500
            }
            .words(Lang::En),
            "line 502 and the 7 command lines after it were not read: one message may hold at most 500 commands"
        );
        assert_eq!(
            Refusal::Unread {
                line: 501,
                after: 1,
                most: 500
            }
            .words(Lang::En),
            "line 501 and the 1 command line after it were not read: one message may hold at most 500 commands"
        );
        assert_eq!(
            Refusal::TooLate {
                deadline: "2026-12-01T20:00:00+01:00".into(),
                zone: "Europe/Paris".into(),
                phase: "Spring 1901 Movement".into()
            }
            .words(Lang::En),
            "too late: the deadline was Tuesday 1 December 2026, 20:00 CET; Spring 1901 Movement is judged with what was on file then"
        );
    }

    /// The French words: phases and deadlines in French too, the example in the form the
    /// player wrote.
    #[test]
    fn the_french_words() {
        assert_eq!(
            done_line(
                Some(2),
                &Said::OnFile {
                    order: "A VEN - TYR".into()
                },
                Lang::Fr
            ),
            "ligne 2 : A VEN - TYR : enregistré"
        );
        assert_eq!(
            Refusal::TooLate {
                deadline: "2026-12-01T20:00:00+01:00".into(),
                zone: "Europe/Paris".into(),
                phase: "Spring 1901 Movement".into()
            }
            .words(Lang::Fr),
            "trop tard : l'échéance était mardi 1er décembre 2026, 20 h 00 CET (19 h 00 UTC) ; \
             la phase du printemps 1901, mouvements est jugée avec ce qui était enregistré alors"
        );
        let tz = |french| Refusal::Setting {
            problem: SettingProblem::NotATimezone { zone: "Paris".into() },
            french,
        };
        assert_eq!(
            tz(true).words(Lang::Fr),
            "« Paris » n'est pas un fuseau horaire de la liste IANA : écrivez par exemple « CHANGER FUSEAU Europe/Paris »"
        );
        assert!(tz(false).words(Lang::Fr).ends_with("« SET TIMEZONE Europe/Paris »"));
        // Powers and phases take their article; no backtick in a French letter.
        assert_eq!(
            Refusal::OutOfTheGame {
                power: "Austria".into()
            }
            .words(Lang::Fr),
            "L'Autriche est hors jeu"
        );
        assert_eq!(
            Said::PressSent {
                to: ["France", "Italy"].into_iter().filter_map(Role::from_name).collect()
            }
            .words(Lang::Fr),
            "presse envoyée à la France et à l'Italie"
        );
        assert_eq!(
            Refusal::PressNotAPower { name: "Narnia".into() }.words(Lang::Fr),
            "« Narnia » n'est pas une puissance ; cette presse n'a pas été envoyée"
        );
    }

    #[test]
    fn a_password_problem_goes_through_the_intakes_header_as_a_word() {
        for p in [
            PasswordProblem::Redacted,
            PasswordProblem::TooShort { min: 8 },
            PasswordProblem::ControlCharacter,
            PasswordProblem::Blank,
        ] {
            assert_eq!(PasswordProblem::from_code(p.code(), 8), Some(p));
        }
        assert_eq!(PasswordProblem::from_code("the new password …", 8), None);
    }
}
