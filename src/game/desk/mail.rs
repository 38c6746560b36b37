//! The desk by mail: a message that signs on as `SIGNON Referee <game> <password>` from the
//! referee's address, then one desk verb per line (`DEADLINE +2d`, `PAUSE <why>`, `RESUME
//! [<when>]`, `PREVIEW`, `FORCE`, `ROLLBACK`, `ROLLBACK REDO`, `REPLACE <role> <name>
//! <address>`, `DISORDER <power>`, `STATUS`). The sign-on is checked as any other (the
//! intake's verdict, the address, the throttle; a failure gets the same refusal), and the
//! same limits apply. Each verb calls the same function as the command line; the reply to
//! the referee says what each line did, or why it did nothing.

use super::journal::Who;
use super::{Account, Act, DeskError, Outcome, Verb, REFEREE};
use crate::game::commands::{Command, LineError, Numbered};
use crate::game::role::Role;
use crate::game::said::Refusal;
use crate::game::{Effects, Game, GameError, Now, MAX_COMMANDS};
use crate::lang::{Lang, Worded};
use crate::report::views::DeskReply;

/// A line of the referee's message, as read: a desk verb, done as the command line does
/// it, or `STATUS`, which the reply answers once every line is done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Verb(Verb),
    Status,
}

/// A line of the referee's message that is no desk verb, or one written wrongly: the
/// verb (or the word) at fault, and how to write it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerbError {
    /// A verb without what it needs, or with too much: `usage` is how to write it.
    #[error("write {usage}")]
    Usage { verb: &'static str, usage: &'static str },
    /// A verb that takes nothing, with something after it.
    #[error("{verb} takes nothing after it: write {verb} alone")]
    TakesNothing { verb: &'static str },
    /// A word that is no desk verb.
    #[error(
        "\"{word}\" is not a desk verb: write DEADLINE, PAUSE, RESUME, PREVIEW, FORCE, ROLLBACK, \
         ROLLBACK REDO, REPLACE, DISORDER or STATUS"
    )]
    NotAVerb { word: String },
    /// A second sign-on in the message.
    #[error("only one SIGNON per message: this one is ignored")]
    SecondSignon,
    /// A player's command (`PRESS`, `BLESS`…) in a message signed on as the referee.
    #[error("the referee's desk takes no player commands")]
    PlayerCommand,
}

/// How to write a verb that was written wrongly, for a French referee (the verbs and their
/// examples stay the words the desk reads).
fn usage_fr(verb: &str, usage: &str) -> String {
    match verb {
        "DEADLINE" => "DEADLINE <quand> : +2d, +36h, une heure RFC 3339, ou 2026-12-03 20:00".into(),
        "PAUSE" => "PAUSE <raison> : les joueurs la reçoivent".into(),
        "REPLACE" => "REPLACE <rôle> <nom> <adresse>".into(),
        "DISORDER" => "DISORDER <puissance>".into(),
        "ROLLBACK" => "ROLLBACK, ou ROLLBACK REDO".into(),
        _ => usage.into(),
    }
}

/// What is wrong with the line, in `lang`.
impl Worded for VerbError {
    fn words(&self, lang: Lang) -> String {
        match (lang, self) {
            (Lang::En, _) => self.to_string(),
            (Lang::Fr, VerbError::Usage { verb, usage }) => format!("écrivez {}", usage_fr(verb, usage)),
            (Lang::Fr, VerbError::TakesNothing { verb }) => {
                format!("{verb} ne prend rien après lui : écrivez {verb} seul")
            }
            (Lang::Fr, VerbError::NotAVerb { word }) => format!(
                "« {word} » n'est pas une commande du bureau : écrivez DEADLINE, PAUSE, RESUME, PREVIEW, \
                 FORCE, ROLLBACK, ROLLBACK REDO, REPLACE, DISORDER ou STATUS"
            ),
            (Lang::Fr, VerbError::SecondSignon) => "une seule ligne SIGNON par message : celle-ci est ignorée".into(),
            (Lang::Fr, VerbError::PlayerCommand) => "le bureau de l'arbitre ne prend pas de commandes de joueur".into(),
        }
    }
}

/// Why a line of the referee's message did nothing: the line itself, what the desk said of
/// the verb, or a line past the most one message may hold. The reply words it in the
/// referee's language.
#[derive(Debug, thiserror::Error)]
pub enum LineFault {
    #[error(transparent)]
    Verb(#[from] VerbError),
    #[error(transparent)]
    Desk(#[from] DeskError),
    /// The first line not read, with `after` more after it.
    #[error("this line and the {after} after it were not read: one message may hold at most {MAX_COMMANDS} commands")]
    Unread { after: usize },
}

impl Worded for LineFault {
    fn words(&self, lang: Lang) -> String {
        match (lang, self) {
            (_, LineFault::Verb(e)) => e.words(lang),
            (_, LineFault::Desk(e)) => e.words(lang),
            (Lang::En, LineFault::Unread { .. }) => self.to_string(),
            (Lang::Fr, LineFault::Unread { after }) => format!(
                "cette ligne et {} à sa suite n'ont pas été lues : un message contient au plus \
                 {MAX_COMMANDS} commandes",
                Lang::Fr.count(*after, "ligne", "lignes")
            ),
        }
    }
}

/// What a line did, in French, from the game as it is after it.
fn said_fr(game: &Game, line: &Line) -> String {
    use crate::lang::fr::Form;
    let tz = game.config.game_reader().timezone;
    let deadline = || {
        game.state
            .deadline
            .as_deref()
            .map(|d| crate::words::moment_text(d, tz, Lang::Fr))
            .unwrap_or_default()
    };
    let phase =
        || crate::map::standard_french_names().say(&crate::words::phase_text(&game.state.phase, Lang::Fr), Form::Bare);
    let role = |name: &str| {
        super::role_named(game, name)
            .map(|r| r.fr(Form::The))
            .unwrap_or(name.to_string())
    };
    let verb = match line {
        Line::Status => return "STATUS : voir ci-dessous".into(),
        Line::Verb(verb) => verb,
    };
    match verb {
        Verb::Deadline(_) => format!("échéance déplacée au {}", deadline()),
        Verb::Pause(why) => format!("partie suspendue : {why}"),
        Verb::Resume(_) => format!("partie reprise ; échéance le {}", deadline()),
        Verb::Preview => "le rapport qu'aurait la phase est ci-dessous".into(),
        Verb::Force => format!("phase résolue ; la partie en est à la phase {}", phase()),
        Verb::Rollback => format!("partie ramenée au début de la phase {}", phase()),
        Verb::Redo => format!("retour en arrière annulé ; la partie en est à la phase {}", phase()),
        Verb::Replace { role: r, name, address } => format!("{} est confiée à {name} <{address}>", role(r)),
        Verb::Disorder(p) => format!("{} est en désordre civil", role(p)),
        // The mail reads no PLAYER (see `parse`); worded as the journal words it.
        Verb::Player { role: r, change } => {
            let of = super::role_named(game, r)
                .map(|r| r.fr(Form::Of))
                .unwrap_or_else(|_| format!("de {r}"));
            match change {
                Account::Address(a) => format!("adresse {of} changée en {a}"),
                Account::NewPassword => format!("nouveau mot de passe {of} envoyé"),
            }
        }
    }
}

/// Reads one line of the referee's message: every desk verb but the command line's
/// `player`, which no line of a message says (`PLAYER` is [`VerbError::NotAVerb`]).
pub fn parse(text: &str) -> Result<Line, VerbError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let rest = |n: usize| words.get(n..).map(|w| w.join(" ")).unwrap_or_default();
    let keyword = words.first().map(|w| w.to_ascii_uppercase()).unwrap_or_default();
    let usage = |verb, usage| Err(VerbError::Usage { verb, usage });
    let verb = |v| Ok(Line::Verb(v));
    match (keyword.as_str(), words.len()) {
        ("DEADLINE", n) if n >= 2 => verb(Verb::Deadline(rest(1))),
        ("DEADLINE", _) => usage(
            "DEADLINE",
            "DEADLINE <when>: +2d, +36h, an RFC 3339 time, or 2026-12-03 20:00",
        ),
        ("PAUSE", n) if n >= 2 => verb(Verb::Pause(rest(1))),
        ("PAUSE", _) => usage("PAUSE", "PAUSE <why>: the players are told the reason"),
        ("RESUME", 1) => verb(Verb::Resume(None)),
        ("RESUME", _) => verb(Verb::Resume(Some(rest(1)))),
        ("PREVIEW", 1) => verb(Verb::Preview),
        ("FORCE", 1) => verb(Verb::Force),
        ("ROLLBACK", 1) => verb(Verb::Rollback),
        ("ROLLBACK", 2) if words[1].eq_ignore_ascii_case("REDO") => verb(Verb::Redo),
        ("REPLACE", n) if n >= 4 => verb(Verb::Replace {
            role: words[1].to_string(),
            name: words[2..n - 1].join(" "),
            address: words[n - 1].to_string(),
        }),
        ("REPLACE", _) => usage("REPLACE", "REPLACE <role> <name> <address>"),
        ("DISORDER", 2) => verb(Verb::Disorder(words[1].to_string())),
        ("DISORDER", _) => usage("DISORDER", "DISORDER <power>"),
        ("STATUS", 1) => Ok(Line::Status),
        ("PREVIEW", _) => Err(VerbError::TakesNothing { verb: "PREVIEW" }),
        ("FORCE", _) => Err(VerbError::TakesNothing { verb: "FORCE" }),
        ("STATUS", _) => Err(VerbError::TakesNothing { verb: "STATUS" }),
        ("ROLLBACK", _) => usage("ROLLBACK", "ROLLBACK, or ROLLBACK REDO"),
        _ => Err(VerbError::NotAVerb {
            word: words.first().copied().unwrap_or_default().to_string(),
        }),
    }
}

/// What one line did: effects to commit, and a line for the reply.
fn run(
    game: &mut Game,
    act: &Act,
    line: Line,
    status: &mut bool,
    preview: &mut String,
) -> Result<(Effects, String), DeskError> {
    let verb = match line {
        Line::Verb(verb) => verb,
        Line::Status => {
            // Written once every line is done, so that it shows what they did.
            *status = true;
            return Ok((Effects::default(), "STATUS: see below".into()));
        }
    };
    match verb.act(game, act)? {
        Outcome::Previewed(mut p) => {
            *preview = std::mem::take(&mut p.report);
            let said = p.entry.detail.clone();
            Ok((Outcome::Previewed(p).into_effects(), said))
        }
        Outcome::Changed(fx) => {
            let said = fx
                .journal
                .iter()
                .map(|e| e.detail.clone())
                .collect::<Vec<_>>()
                .join("; ");
            Ok((fx, said))
        }
    }
}

/// Acts on the desk verbs of a message signed on as the referee (the sign-on checked), and
/// answers the referee.
#[allow(clippy::too_many_arguments)]
pub fn act(
    game: &mut Game,
    id: String,
    commands: Vec<Numbered>,
    errors: Vec<LineError>,
    stem: &str,
    arrived: Now,
    mut fx: Effects,
) -> Result<Effects, GameError> {
    if !game.spend(&format!("role:{REFEREE}"), arrived) {
        fx.log.push(format!(
            "{stem}: the referee is over the daily budget of messages: kept, not acted on"
        ));
        return Ok(fx);
    }
    if game.seen_before(REFEREE, &id) {
        fx.log
            .push(format!("{stem} <{id}> was seen before: kept, not acted on"));
        return Ok(fx);
    }
    let first = crate::game::commands::signon_line(&commands);
    let mut errors: Vec<LineError> = errors.into_iter().filter(|e| e.line > first).collect();
    let mut done = Vec::new();
    let (mut status, mut preview) = (false, String::new());
    let lang = game.config.reader(Role::Referee).lang;
    let act = Act {
        who: Who::Referee,
        why: String::new(),
        now: arrived,
    };
    let mut lines: Vec<Numbered> = commands.into_iter().filter(|c| c.line > first).collect();
    if lines.len() > MAX_COMMANDS {
        let rest = lines.split_off(MAX_COMMANDS);
        let fault = LineFault::Unread { after: rest.len() - 1 };
        errors.push(LineError {
            line: rest[0].line,
            text: rest[0].text.clone(),
            message: Refusal::Words(fault.words(lang)),
        });
    }
    for Numbered { line, text, command } in lines {
        let verb = match command {
            Command::Order(_) | Command::Status | Command::Clear => parse(&text),
            Command::Signon { .. } => Err(VerbError::SecondSignon),
            _ => Err(VerbError::PlayerCommand),
        };
        let result = verb.map_err(LineFault::from).and_then(|v| {
            let before = game.state.clone();
            let said = v.clone();
            run(game, &act, v, &mut status, &mut preview)
                .map(|(effects, en)| match lang {
                    Lang::En => (effects, format!("line {line}: {en}")),
                    Lang::Fr => (effects, format!("ligne {line} : {}", said_fr(game, &said))),
                })
                .map_err(|e| {
                    game.state = before;
                    LineFault::from(e)
                })
        });
        match result {
            Ok((effects, said)) => {
                done.push(said);
                fx.letters.extend(effects.letters);
                fx.pages.extend(effects.pages);
                fx.log.extend(effects.log);
                fx.journal.extend(effects.journal);
            }
            // Worded here, in the referee's language: the reply is the referee's alone.
            Err(fault) => errors.push(LineError {
                line,
                text,
                message: Refusal::Words(fault.words(lang)),
            }),
        }
    }
    errors.sort_by_key(|e| e.line);
    let status = match status {
        // What the message's verbs did counts, though it is written only once the message
        // is committed: the status is asked for to see it.
        true => {
            let pending = super::status::Pending {
                journal: &fx.journal,
                letters: fx.letters.len(),
            };
            super::status::text_in(game, lang, pending).unwrap_or_else(|e| e.to_string())
        }
        false => String::new(),
    };
    let subject = crate::game::received_in(errors.len(), lang);
    let view = DeskReply {
        game: game.config.game.clone(),
        referee: game.config.referee.name.clone(),
        phase: crate::words::phase_text(&game.state.phase, lang),
        done,
        // The desk's words are in the referee's language, as its lines done are.
        errors: errors.iter().map(|e| e.words(lang)).collect(),
        status,
        preview,
    };
    let mut reply = game.letter(format!("{stem}-reply-referee"), Role::Referee, &subject, view);
    reply.to = game.config.referee.clone();
    reply.in_reply_to = Some(id);
    fx.letters.insert(0, reply);
    Ok(fx)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One of each fault of a line, for the shared test of words.
    pub(crate) fn every_line_fault() -> Vec<LineFault> {
        let mut all: Vec<LineFault> = [
            "DEADLINE",
            "PAUSE",
            "REPLACE France x",
            "DISORDER",
            "ROLLBACK twice",
            "FORCE now",
            "FLY AWAY",
        ]
        .iter()
        .map(|line| parse(line).unwrap_err().into())
        .collect();
        all.extend([
            VerbError::SecondSignon.into(),
            VerbError::PlayerCommand.into(),
            LineFault::Unread { after: 3 },
        ]);
        all.extend(super::super::tests::every_desk_error().into_iter().map(LineFault::Desk));
        all
    }

    #[test]
    fn a_french_referee_reads_a_wrong_line_in_french() {
        assert_eq!(
            parse("deadline").unwrap_err().words(Lang::Fr),
            "écrivez DEADLINE <quand> : +2d, +36h, une heure RFC 3339, ou 2026-12-03 20:00"
        );
        assert_eq!(
            LineFault::Unread { after: 1 }.words(Lang::Fr),
            "cette ligne et 1 ligne à sa suite n'ont pas été lues : un message contient au plus 500 commandes"
        );
        // The English is the Display, unchanged.
        let unread = LineFault::Unread { after: 2 };
        assert_eq!(
            unread.words(Lang::En),
            "this line and the 2 after it were not read: one message may hold at most 500 commands"
        );
    }

    #[test]
    fn the_desk_verbs_are_read_in_any_case() {
        let read = |v| Ok(Line::Verb(v));
        assert_eq!(parse("deadline +2d"), read(Verb::Deadline("+2d".into())));
        assert_eq!(
            parse("DEADLINE 2026-12-03 20:00"),
            read(Verb::Deadline("2026-12-03 20:00".into()))
        );
        assert_eq!(
            parse("Pause  Noël en famille"),
            read(Verb::Pause("Noël en famille".into()))
        );
        assert_eq!(parse("RESUME"), read(Verb::Resume(None)));
        assert_eq!(parse("RESUME +3d"), read(Verb::Resume(Some("+3d".into()))));
        assert_eq!(parse("rollback redo"), read(Verb::Redo));
        assert_eq!(
            parse("REPLACE France Nina Dupont nina@example.org"),
            read(Verb::Replace {
                role: "France".into(),
                name: "Nina Dupont".into(),
                address: "nina@example.org".into()
            })
        );
        assert_eq!(parse("DISORDER italy"), read(Verb::Disorder("italy".into())));
        assert_eq!(parse("status"), Ok(Line::Status));
        // The command line's `player` is no verb by mail.
        assert_eq!(
            parse("PLAYER France --new-password"),
            Err(VerbError::NotAVerb { word: "PLAYER".into() })
        );
        for bad in [
            "DEADLINE",
            "PAUSE",
            "FORCE now",
            "ROLLBACK twice",
            "REPLACE France x",
            "A PAR - BUR",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_wrong_line_names_the_verb_and_how_to_write_it() {
        assert_eq!(
            parse("DEADLINE"),
            Err(VerbError::Usage {
                verb: "DEADLINE",
                usage: "DEADLINE <when>: +2d, +36h, an RFC 3339 time, or 2026-12-03 20:00"
            })
        );
        assert_eq!(
            parse("deadline").unwrap_err().to_string(),
            "write DEADLINE <when>: +2d, +36h, an RFC 3339 time, or 2026-12-03 20:00"
        );
        assert_eq!(
            parse("REPLACE France x").unwrap_err().to_string(),
            "write REPLACE <role> <name> <address>"
        );
        assert_eq!(
            parse("force now").unwrap_err().to_string(),
            "FORCE takes nothing after it: write FORCE alone"
        );
        assert_eq!(
            parse("ROLLBACK twice").unwrap_err().to_string(),
            "write ROLLBACK, or ROLLBACK REDO"
        );
        let e = parse("FLY AWAY").unwrap_err();
        assert_eq!(e, VerbError::NotAVerb { word: "FLY".into() });
        assert!(
            e.to_string()
                .starts_with("\"FLY\" is not a desk verb: write DEADLINE, PAUSE"),
            "{e}"
        );
    }
}
