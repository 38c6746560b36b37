//! What the referee receives of a game without asking (issue #13): copies of the reports
//! (`referee_copies:` in `game.yaml`) and one digest per processing run.
//!
//! - A copy is a letter of its own to the referee's address, never a second recipient of
//!   a player's letter: a player's message has one To: and nothing in it says who else
//!   reads it.
//! - The public report is copied in the game's language and zone (default on); a phase's
//!   private letters to the powers (a blessing told to its power) only with `private:
//!   true`; God's and the Devil's letters only with `divine: true`, whatever `private` says.
//! - The digest is written by a run of `process` that judged the phase or sent reminders,
//!   and only when it has something to say: orders missing or late, powers that sent
//!   nothing, who was reminded, the powers the referee must decide about, resignations
//!   waiting, failed sign-ons, deliveries that failed since the last digest. Failed
//!   deliveries are counted and pointed to (each has its own digest from `arbitre send`),
//!   not listed again.

use super::REFEREE;
use crate::game::role::Role;
use crate::game::Game;
use crate::lang::Lang;
use crate::report::views::{self, Count, DeskDigest, Missed, Report, Waiting};
use crate::report::{Kind, Letter, View};
use crate::words::pick;

/// What the referee's letters can use: the game, the referee as the reader.
fn common(game: &Game) -> views::Common {
    views::Common {
        role: REFEREE.to_string(),
        name: game.config.referee.name.clone(),
        ..game.common(Role::Referee)
    }
}

/// The referee's copies of a phase's letters, as `referee_copies:` asks: the public report
/// `report` (in the game's words), the final report when the game ends, and the private
/// letters among `letters` (each one copied as it is, in its reader's words).
pub fn copies(game: &Game, code: &str, report: &Report, letters: &[Letter]) -> Vec<Letter> {
    let want = game.config.referee_copies;
    let lang = game.config.language;
    let mut out = Vec::new();
    if want.public {
        let view = views::ReportLetter {
            common: common(game),
            report: report.clone(),
        };
        let subject = pick(lang, "results (the referee's copy)", "résultats (copie de l'arbitre)");
        // With the public picture the players' reports carry (every report has the same).
        let picture = letters
            .iter()
            .find(|l| matches!(l.view, View::Report(_)))
            .and_then(|l| l.picture.clone());
        let mut copy = game.letter(format!("{code}-report-referee"), Role::Referee, &subject, view);
        copy.picture = picture;
        out.push(copy);
        if let Some(View::Final(f)) = letters.iter().map(|l| &l.view).find(|v| matches!(v, View::Final(_))) {
            let view = views::Final {
                common: common(game),
                report: report.clone(),
                ..(**f).clone()
            };
            let subject = pick(
                lang,
                "the final report (the referee's copy)",
                "le rapport final (copie de l'arbitre)",
            );
            out.push(game.letter("final-referee".into(), Role::Referee, &subject, view));
        }
    }
    for letter in letters {
        if matches!(letter.view, View::Report(_) | View::Final(_)) {
            continue;
        }
        let Some(role) = game
            .config
            .players
            .iter()
            .find(|p| p.email.eq_ignore_ascii_case(&letter.to.email))
            .map(|p| p.role)
        else {
            continue;
        };
        let divine = game.kind().role_info(role).secret;
        if (divine && !want.divine) || (!divine && !want.private) {
            continue;
        }
        let mut copy = letter.clone();
        copy.stem = format!("{}-copy-referee", letter.stem);
        copy.to = game.config.referee.clone();
        copy.subject = match lang {
            Lang::En => format!("{} (copy of the letter to {role})", letter.subject),
            Lang::Fr => format!(
                "{} (copie de la lettre {})",
                letter.subject,
                role.fr(crate::lang::fr::Form::To)
            ),
        };
        copy.in_reply_to = None;
        copy.kind = Kind::Own;
        out.push(copy);
    }
    out
}

/// What one run of `process` did, for the referee's digest: taken before the phase is
/// judged (which clears the orders on file).
pub struct Run {
    /// The phase's code (`S1901M`), for the letter's name, and the phase.
    code: String,
    phase: String,
    did: Did,
    /// The roles with something on file that still owed more, and whether it came late.
    missing: Vec<(Role, bool)>,
    /// The powers with nothing on file (NMR).
    nmr: Vec<Role>,
    reminded: Vec<Role>,
    /// The powers that missed too many phases in a row, and how many.
    ask: Vec<(Role, u32)>,
    /// The roles whose orders came in the grace period.
    late: Vec<Role>,
}

impl Run {
    /// A run that judges the phase: `waiting` owed something; `ask` keep missing theirs.
    pub fn judging(game: &Game, did: Did, waiting: &[Role], ask: Vec<(Role, u32)>) -> Run {
        let late = game.state.desk.late.clone();
        let nothing = |role: &Role| game.state.orders.get(role).is_none_or(|o| o.is_empty());
        let (nmr, missing): (Vec<Role>, Vec<Role>) = waiting
            .iter()
            .copied()
            .partition(|r| game.kind().role_info(*r).gives_orders && nothing(r));
        Run {
            code: code(game),
            phase: game.state.phase.clone(),
            did,
            missing: missing.into_iter().map(|r| (r, late.contains(&r))).collect(),
            nmr,
            reminded: Vec::new(),
            ask,
            late,
        }
    }

    /// A run that reminds `reminded`.
    pub fn reminding(game: &Game, reminded: &[Role]) -> Run {
        Run {
            code: code(game),
            phase: game.state.phase.clone(),
            did: Did::Reminders,
            missing: Vec::new(),
            nmr: Vec::new(),
            reminded: reminded.to_vec(),
            ask: Vec::new(),
            late: Vec::new(),
        }
    }
}

/// The roles' names, for the digest's view.
fn names(roles: &[Role]) -> Vec<String> {
    roles.iter().map(|r| r.to_string()).collect()
}

fn code(game: &Game) -> String {
    crate::phase::Phase::parse(&game.state.phase)
        .map(|p| p.code())
        .unwrap_or_else(|_| game.state.phase.clone())
}

/// What a run of `process` did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Did {
    /// The phase was judged at its deadline (or the end of its grace period).
    Deadline,
    /// Every order was in before the deadline.
    AllIn,
    /// The referee forced it.
    Forced,
    /// Reminders were sent.
    Reminders,
}

impl Did {
    fn kind(self) -> &'static str {
        match self {
            Did::Deadline => "deadline",
            Did::AllIn => "all_in",
            Did::Forced => "forced",
            Did::Reminders => "reminders",
        }
    }
}

/// The referee's digest of a run, when it has something to say. Forgets the failed
/// sign-ons it tells, and remembers how many failed deliveries it counted.
pub fn digest(game: &mut Game, run: Run) -> Option<Letter> {
    let lang = game.config.language;
    let tz = game.config.game_reader().timezone;
    let failed = crate::mail::smtp::read_failed(&game.dir).map(|f| f.len()).unwrap_or(0);
    let failed_new = failed as u32 > game.state.desk.failed_told;
    let view = DeskDigest {
        game: game.config.game.clone(),
        title: game.title().to_string(),
        referee: game.config.referee.name.clone(),
        phase: crate::words::phase_text(&run.phase, lang),
        now: crate::words::phase_text(&game.state.phase, lang),
        kind: run.did.kind().to_string(),
        missing: run
            .missing
            .iter()
            .map(|(role, late)| Waiting {
                role: role.to_string(),
                late: *late,
            })
            .collect(),
        nmr: names(&run.nmr),
        late: names(&run.late),
        reminded: names(&run.reminded),
        ask: run
            .ask
            .iter()
            .map(|(power, phases)| Missed {
                power: power.to_string(),
                phases: *phases,
            })
            .collect(),
        resignations: game
            .state
            .resignations
            .iter()
            .filter_map(|(role, r)| {
                Some(views::Resigned {
                    role: role.to_string(),
                    confirmed: crate::words::moment_text(r.confirmed.as_deref()?, tz, lang),
                })
            })
            .collect(),
        signons: game
            .state
            .desk
            .signon_failures
            .iter()
            .map(|(role, &count)| Count {
                role: role.to_string(),
                count,
            })
            .collect(),
        failed: if failed_new { failed } else { 0 },
        disorder: names(&game.state.desk.disorder),
        signups: game.state.signup.untold.iter().map(|t| t.line(lang)).collect(),
    };
    let something = !(view.missing.is_empty()
        && view.nmr.is_empty()
        && view.late.is_empty()
        && view.reminded.is_empty()
        && view.ask.is_empty()
        && view.resignations.is_empty()
        && view.signons.is_empty()
        && view.signups.is_empty()
        && view.failed == 0);
    if !something {
        return None;
    }
    game.state.desk.signon_failures.clear();
    game.state.signup.untold.clear();
    game.state.desk.failed_told = failed as u32;
    let subject = match (lang, view.ask.is_empty() && view.resignations.is_empty()) {
        (Lang::En, true) => "the referee's digest".to_string(),
        (Lang::En, false) => "the referee's digest: your decision is needed".to_string(),
        (Lang::Fr, true) => "le relevé de l'arbitre".to_string(),
        (Lang::Fr, false) => "le relevé de l'arbitre, votre décision est attendue".to_string(),
    };
    let stem = match run.did {
        Did::Reminders => format!("{}-digest-reminders-referee", run.code),
        _ => format!("{}-digest-referee", run.code),
    };
    let mut letter = game.letter(stem, Role::Referee, &subject, view);
    if crate::phase::Phase::parse(&run.phase).is_ok() {
        // The subject names the phase the digest tells of, as its first line does, not
        // the one the game has moved on to.
        letter.subject = crate::game::subject_of(&game.config.game, &run.phase, &subject, lang);
    }
    Some(letter)
}
