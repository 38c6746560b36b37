//! The English words of the mail game's outcomes and refusals ([`super::Said`],
//! [`super::Refusal`]): one file per language, as the templates are.

use super::*;

/// What was done, in English.
pub fn en(said: &Said) -> String {
    use Said as S;
    match said {
        S::OnFile { order } => format!("{order}: on file"),
        S::Replaces { order, old } => format!("{order}: on file, in place of {old}"),
        S::Cleared => "CLEAR: every order of the phase is withdrawn".into(),
        S::Status => "STATUS: see below".into(),
        S::PressSent { to } if to.is_empty() => "press to all sent".into(),
        S::PressSent { to } => format!("press to {} sent", names(to)),
        S::Voted { draw } => format!("your vote: {}", if *draw { "draw" } else { "continue" }),
        S::MoveAccepted { number, summary } => format!("move {number} accepted: {summary}"),
        S::Answered { command } => format!("{command}: answered in a letter of its own"),
        S::PasswordChanged => "SET PASSWORD: changed; a confirmation goes to your address".into(),
        S::TimezoneSet { zone } => format!("SET TIMEZONE: deadlines are shown to you in {zone}"),
        S::LanguageSet { lang } => format!("SET LANGUAGE: {}", lang.code()),
        S::AddressCodeSent { address } => {
            format!("SET ADDRESS: a code was sent to {address}; the change is made when it comes back from there")
        }
        S::ResignAsked => "RESIGN: asked; write RESIGN CONFIRM to confirm it".into(),
        S::ResignConfirmed => "RESIGN CONFIRM: the referee has been told, and decides".into(),
        S::Wait { on: true } => {
            "SET WAIT: this phase waits for its deadline, even once every order is in; SET NOWAIT lifts it".into()
        }
        S::Wait { on: false } => {
            "SET NOWAIT: this phase may be processed as soon as every order is in, unless another player waits".into()
        }
        S::GreyPressSent { to } if to.is_empty() => "grey press to all sent, without your name".into(),
        S::GreyPressSent { to } => format!("grey press to {} sent, without your name", names(to)),
        S::ByReferee(said) => format!("entered by the referee: {}", en(said)),
        S::Late(said) => format!("{} (late: after the deadline, within the grace period)", en(said)),
        S::ToTheEnd(said) => format!(
            "{} (no ENDPRESS line was found: the press ran to the end of your message)",
            en(said)
        ),
        S::ReadAs { said, assumed } => {
            let read: Vec<String> = assumed.iter().map(ReadAs::en).collect();
            format!("{} ({})", en(said), read.join("; "))
        }
        S::AbsenceNoted {
            from,
            to,
            allowance,
            deadline,
            zone,
        } => {
            let days = Lang::En.count(*allowance as usize, "day", "days");
            let noted = format!(
                "absence from {from} to {to} noted: a deadline falling in it is moved after it, within {days} a year"
            );
            let at = |t: &chrono::DateTime<chrono::FixedOffset>| crate::game::desk::both_zones_of(*t, *zone);
            match deadline {
                AbsenceDeadline::Moved(due) => format!("{noted}; the deadline moves to {}", at(due)),
                AbsenceDeadline::Kept(due) => format!(
                    "{noted}; the current deadline, {}, falls in it but stays: moving it past the absence \
                     would take more days than your allowance has left",
                    at(due)
                ),
                AbsenceDeadline::Untouched => noted,
            }
        }
        S::OfTheKind(w) => w.words(Lang::En),
    }
}

/// How to write a `SET` line, in the form the player used.
pub(super) fn example_en(french: bool, en: &str, fr: &str) -> String {
    if french {
        format!("write it like \"CHANGER {fr}\"")
    } else {
        format!("write it like \"SET {en}\"")
    }
}

pub(super) fn phase_form_en(form: &PhaseForm) -> String {
    match form {
        PhaseForm::History { keyword: k } => format!("{k} [<phase>|ALL], like \"{k} S1901M\" or \"{k} ALL\""),
        PhaseForm::GetReport => "GET REPORT <phase>, like \"GET REPORT S1901M\"".into(),
        PhaseForm::Rapport => "RAPPORT <phase>, like \"RAPPORT S1901M\"".into(),
    }
}

/// Why not, in English.
pub fn refused_en(r: &Refusal) -> String {
    use Refusal as R;
    match r {
        R::TooLate { deadline, zone, phase } => format!(
            "too late: the deadline was {}; {phase} is judged with what was on file then",
            crate::game::show_time(deadline, zone)
        ),
        R::OneSignon => "only one SIGNON per message: this one is ignored".into(),
        R::BeforeSignon => "ignored: it comes before the SIGNON line".into(),
        R::Unread { line, after, most } => format!(
            "line {line} and the {after} command {lines} after it were not read: one message may hold at most {most} commands",
            lines = if *after == 1 { "line" } else { "lines" }
        ),
        R::NotAnOrder { text } => format!("\"{text}\" is not an order"),
        R::AnotherPowersOrders { named, yours } => {
            format!("these orders are headed \"{named}\", and you play {yours}: write your own orders, or none before them")
        }
        R::Void(reason) => reason.words(Lang::En),
        R::OtherType { refusal, unit } => format!("{} ({})", refusal.words(Lang::En), unit.en()),
        R::ArmyBuiltOnCoast { written, army, fleet } => format!(
            "{written}: an army is built in a province, not on a coast, and a coast is for a fleet: \
             write \"{army}\" for an army, or \"{fleet}\" for a fleet"
        ),
        R::VerbOfAnotherGame { verb, owner } => format!("{verb} belongs to {owner}, not to this game"),
        R::NotAVerbHere { verb } => format!("{verb} is not a command of this game"),
        R::PressNotAPower { name } => format!("\"{name}\" is not a power; this press was not sent"),
        R::PressNotASide { name, sides } => format!("\"{name}\" is not a side; the sides are {}", sides.join(", ")),
        R::NameAnotherPlayer => "name at least one other player".into(),
        R::OnlyPowersVote => "only the powers vote".into(),
        R::OutOfTheGame { power } => format!("{power} is out of the game"),
        R::AnsweredApart => "answered apart".into(),
        R::NotYourTurn { to_move } => format!("it is not your turn: {to_move} is to move"),
        R::GameIsOver => "the game is over".into(),
        R::MoveAfterTheEnd { text } => format!("\"{text}\": the game is over"),
        R::NotACommandOf { title } => format!("not a command of {title}"),
        R::WriteSignon => "write SIGNON <role> <game> <password>".into(),
        R::WriteVote => "write VOTE DRAW or VOTE CONTINUE".into(),
        R::WritePress => "write PRESS TO ALL or PRESS TO <power> [<power> …]; this press was not sent".into(),
        R::PressNotEnded { line, text } => format!(
            "this press has no ENDPRESS line, and line {line} of your message, in the press, reads as an order or a command: \"{text}\"; \
             the press was not sent and none of its lines was acted on: put ENDPRESS where the press ends, \
             and send again"
        ),
        R::PressEmpty => "this press has no text: nothing was sent (write its lines between PRESS and ENDPRESS)".into(),
        R::WriteAbsence { french } => format!(
            "write {} ABSENCE <from> <to>, with dates like 2026-12-20",
            if *french { "CHANGER" } else { "SET" }
        ),
        R::EndpressWithoutPress => "ENDPRESS without PRESS".into(),
        R::TakesNothing { form } => format!("{form} takes nothing after it: write \"{form}\" alone"),
        R::NotUnderstood { text, hint } => format!(
            "not understood: \"{text}\"; {} (HELP lists every command)",
            match hint {
                Hint::Get => "write GET REPORT <phase>, GET RULES or GET MAP".into(),
                Hint::Set { french: true } => "write CHANGER MOTDEPASSE, ADRESSE, FUSEAU or LANGUE".into(),
                Hint::Set { french: false } => "write SET PASSWORD, SET ADDRESS, SET TIMEZONE or SET LANGUAGE".into(),
                Hint::Near { en, .. } => format!("did you mean {en}?"),
            }
        ),
        R::Setting { problem, french } => {
            let ex = |en: &str, fr: &str| example_en(*french, en, fr);
            match problem {
                SettingProblem::PasswordForm => format!(
                    "one word, the new password: {}",
                    ex("PASSWORD n3w-s3cret", "MOTDEPASSE n3w-s3cret")
                ),
                SettingProblem::AddressForm => format!(
                    "name the new address: {}",
                    ex("ADDRESS ann@example.org", "ADRESSE ann@example.org")
                ),
                SettingProblem::NotATimezone { zone } => format!(
                    "\"{zone}\" is not a time zone of the IANA list: {}",
                    ex("TIMEZONE Europe/Paris", "FUSEAU Europe/Paris")
                ),
                SettingProblem::NameATimezone => format!(
                    "name a time zone of the IANA list: {}",
                    ex("TIMEZONE America/Montreal", "FUSEAU America/Montreal")
                ),
                SettingProblem::NotALanguage { code } => {
                    format!("\"{code}\": the languages are en and fr: {}", ex("LANGUAGE fr", "LANGUE fr"))
                }
                SettingProblem::NameALanguage => format!("name en or fr: {}", ex("LANGUAGE fr", "LANGUE en")),
            }
        }
        R::ResignForm { keyword } => format!("write \"{keyword}\", then \"{keyword} CONFIRM\" to confirm it"),
        R::ObserveForm { keyword } => format!("name the game: write it like \"{keyword} vopaliec\""),
        R::JoinForm { keyword } => format!(
            "name the game and a password: write it like \"{keyword} vopaliec my-s3cret France Italy *\""
        ),
        R::ConfirmForm { keyword } => format!(
            "write \"{keyword} <game> <code>\", with the code you were sent, like \"{keyword} vopaliec 5F2C9A1B\""
        ),
        R::NameAPhase { form } => format!("name a phase: write {}", phase_form_en(form)),
        R::NotAPhase { english, form, .. } => format!("{english}; write {}", phase_form_en(form)),
        R::OnePasswordPerMessage => "one SET PASSWORD per message: this one is ignored".into(),
        R::ObserveAsPlayer => {
            "OBSERVE is for those who do not play: as a player you receive every public report already".into()
        }
        R::JoinApart => "send JOIN in a message of its own, without a SIGNON line".into(),
        R::ConfirmApart => "send CONFIRM from the new address, in a message of its own without a SIGNON line".into(),
        R::NotAQuestion => "not a question or a setting".into(),
        R::PasswordUnread => "the new password could not be read: send SET PASSWORD again".into(),
        R::Password(problem) => format!("{}: write it like \"SET PASSWORD n3w-s3cret\"", problem.words(Lang::En)),
        R::NotAMailAddress { address } => {
            format!("\"{address}\" is not a mail address: write it like \"SET ADDRESS ann@example.org\"")
        }
        R::AlreadyYourAddress { address } => format!("{address} is already your address"),
        R::ResignConfirmedAlready => "your resignation is confirmed already; the referee decides".into(),
        R::ResignFirst => "write RESIGN first, then RESIGN CONFIRM".into(),
        R::WaitNeedsDeadlines => "this game waits for each move and has no deadline to wait for".into(),
        R::NoPressInThisGame => {
            "this game has no press between players (a gunboat game); this press was not sent".into()
        }
        R::NoGreyPress => {
            "this game has no grey press: write PRESS TO without GREY, and your name goes with it; this press was not sent"
                .into()
        }
        R::Chatter => "not understood".into(),
        R::Absence(problem) => problem.to_string(),
        R::Words(w) => w.clone(),
        R::OfTheKind(r) => r.words(Lang::En),
    }
}
