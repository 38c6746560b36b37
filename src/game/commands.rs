//! The mail command language of `shared/spec/game-and-mail.md`: one command per line,
//! keywords in any case. Anything that is not a keyword is an order for the current phase.

use crate::game::role::Role;
use crate::game::said::{Hint, PhaseForm, Refusal, SettingProblem};
use crate::lang::Worded;
use crate::mail::incoming::CommandLine;

/// Who a press message goes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PressTo {
    All,
    /// Role names as written (checked by the game).
    Powers(Vec<String>),
}

/// Where a press ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PressEnd {
    /// At its line `ENDPRESS` (`FIN PRESSE`).
    Line,
    /// At the end of the message: no end line was found. Its lines as numbered, for the
    /// game to check before sending it that none of them reads as an order or a command
    /// ([`first_instruction`]): a player who forgets ENDPRESS and writes orders below the
    /// press would otherwise have them sent to other players as press, and not acted on.
    Message(Vec<CommandLine>),
}

/// One command of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Signon {
        role: String,
        game: String,
        password: String,
    },
    /// An order in the position-file notation, as written.
    Order(String),
    Clear,
    /// A verb of a game kind ([`crate::game::kind::Verb`]: `BLESS A PAR`): the verb as
    /// its kind spells it in English, and the rest of the line, for the kind to read.
    Verb {
        verb: &'static str,
        text: String,
    },
    Press {
        to: PressTo,
        lines: Vec<String>,
        /// `PRESS TO … GREY`: relayed without the sender's name, where the game allows it.
        grey: bool,
        /// Where it ends: at its end line, or at the end of the message.
        end: PressEnd,
    },
    VoteDraw,
    VoteContinue,
    Status,
    /// A player's question (`HELP`, `LIST`…): answered to the sender alone, changes nothing.
    Question(Question),
    /// A player's setting (`SET …`, `RESIGN`): changes the player's own entry only.
    Setting(Setting),
    /// `OBSERVE <game>` (`on`) or `UNOBSERVE <game>`, from anyone, without SIGNON.
    Observe {
        game: String,
        on: bool,
    },
    /// `JOIN <game> <password> [<preferences>]` | `REJOINDRE …`, from anyone, without
    /// SIGNON: a sign-up for a game open for it ([`crate::game::join`]). The preferences
    /// are role names as written, and `*` for any other.
    Join {
        game: String,
        password: String,
        preferences: Vec<String>,
        /// Written `REJOINDRE`: the sign-up is answered in French.
        french: bool,
    },
    /// `CONFIRM <game> <code>`, without SIGNON: the code mailed to a new address (`SET
    /// ADDRESS`) or to a would-be observer, coming back from it.
    Confirm {
        game: String,
        code: String,
    },
    /// `SET ABSENCE <from> <to>`: days the player cannot play (the referee's desk).
    SetAbsence {
        from: String,
        to: String,
    },
}

/// What a player may ask of the game. Each is answered by a letter of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// `HELP` | `AIDE`: the commands this role may use, the order syntax, the house rules.
    Help,
    /// `LIST` | `LISTE`: the phase, its deadline, who has orders on file.
    List,
    /// `HISTORY [<phase>|ALL]` | `HISTORIQUE`, `GET REPORT <phase>` | `RAPPORT <phase>`.
    History(Past),
    /// `GET RULES` | `REGLES`.
    Rules,
    /// `GET MAP` | `CARTE`.
    Map,
    /// `WHOAMI` | `QUISUISJE`.
    WhoAmI,
}

/// Which past reports `HISTORY` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Past {
    /// The last phase reported.
    Last,
    /// Every report so far.
    All,
    /// One phase, as its code (`S1901M`).
    Phase(String),
}

/// What a player may change of their own entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `SET PASSWORD <new>` | `CHANGER MOTDEPASSE <new>`; the archive keeps only
    /// `********` of it (see [`crate::mail::incoming::redacted`]).
    Password(String),
    /// `SET ADDRESS <new>` | `CHANGER ADRESSE <new>`: done once the code mailed there
    /// comes back (`CONFIRM`).
    Address(String),
    /// `SET TIMEZONE <IANA zone>` | `CHANGER FUSEAU <zone>`.
    Timezone(String),
    /// `SET LANGUAGE en|fr` | `CHANGER LANGUE en|fr`.
    Language(crate::lang::Lang),
    /// `RESIGN` | `DEMISSION` (`confirm: false`), then `RESIGN CONFIRM` | `DEMISSION
    /// CONFIRMER`.
    Resign { confirm: bool },
    /// `SET WAIT` | `CHANGER ATTENTE` (`true`), `SET NOWAIT` | `CHANGER SANSATTENTE`
    /// (`false`): while any player waits, the phase is not processed before its deadline
    /// when every order is in.
    Wait(bool),
}

/// A command with the body line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered {
    pub line: usize,
    /// The line as written, for the reply when the command is refused.
    pub text: String,
    pub command: Command,
}

/// A line that could not be read as a command, or a command not done, with why (in words
/// once the reader's language is known).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LineError {
    pub line: usize,
    pub text: String,
    pub message: Refusal,
}

impl LineError {
    /// The line as its reader reads it in `lang`, for a letter's view.
    pub fn words(&self, lang: crate::lang::Lang) -> crate::report::views::LineWords {
        crate::report::views::LineWords {
            line: self.line,
            text: self.text.clone(),
            message: self.message.words(lang),
        }
    }
}

/// The line of the first SIGNON of a message's commands (0 when there is none): only what
/// follows it is acted on.
pub fn signon_line(commands: &[Numbered]) -> usize {
    commands
        .iter()
        .find(|c| matches!(c.command, Command::Signon { .. }))
        .map_or(0, |c| c.line)
}

/// The first SIGNON line of a message's commands: its role, game and password, as written.
pub fn first_signon(commands: &[Numbered]) -> Option<(&str, &str, &str)> {
    commands.iter().find_map(|c| match &c.command {
        Command::Signon { role, game, password } => Some((role.as_str(), game.as_str(), password.as_str())),
        _ => None,
    })
}

/// Reads the command lines of a message. Errors are collected, never fatal: the reply lists
/// them with their lines and the rest of the message is still acted on.
pub fn parse_commands(lines: &[CommandLine]) -> (Vec<Numbered>, Vec<LineError>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let CommandLine { number, text } = &lines[i];
        i += 1;
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(first) = words.first() else { continue };
        let keyword = first.to_ascii_uppercase();
        // The keyword without accents, for the French forms (`ÉTAT`, `état` and `ETAT`).
        let plain = crate::map::fold(first);
        let rest = || {
            text[text.find(char::is_whitespace).unwrap_or(text.len())..]
                .trim()
                .to_string()
        };
        let error = |message: Refusal| LineError {
            line: *number,
            text: text.clone(),
            message,
        };
        let command = match keyword.as_str() {
            "SIGNON" => match words.as_slice() {
                [_, role, game, password] => Command::Signon {
                    role: role.to_string(),
                    game: game.to_string(),
                    password: password.to_string(),
                },
                // A role of two words (`SIGNON Bon Dieu vopaliec …`): a game's name is one.
                [_, first, second, game, password] if Role::from_two_words(first, second).is_some() => {
                    Command::Signon {
                        role: format!("{first} {second}"),
                        game: game.to_string(),
                        password: password.to_string(),
                    }
                }
                _ => {
                    errors.push(error(Refusal::WriteSignon));
                    continue;
                }
            },
            "CLEAR" if words.len() == 1 => Command::Clear,
            "STATUS" if words.len() == 1 => Command::Status,
            _ if words.len() == 1 && plain == "EFFACER" => Command::Clear,
            _ if words.len() == 1 && plain == "ETAT" => Command::Status,
            // The kinds' verbs, in English or French: « BÉNIR A Mar », « MAUDIRE F Kie ».
            k if crate::game::kind::known_verb(k).is_some() => {
                let Some(verb) = crate::game::kind::known_verb(k) else {
                    continue;
                };
                if words.len() < 2 {
                    errors.push(error(Refusal::OfTheKind(verb.alone())));
                    continue;
                }
                Command::Verb {
                    verb: verb.word,
                    text: rest(),
                }
            }
            // `VOTE NULLE` (`NUL`), `VOTE CONTINUER`: the French forms.
            "VOTE" => match words.get(1).map(|w| crate::map::fold(w)).as_deref() {
                Some("DRAW" | "NULLE" | "NUL") if words.len() == 2 => Command::VoteDraw,
                Some("CONTINUE" | "CONTINUER") if words.len() == 2 => Command::VoteContinue,
                _ => {
                    errors.push(error(Refusal::WriteVote));
                    continue;
                }
            },
            _ if matches!(plain.as_str(), "PRESS" | "PRESSE") => {
                // `GREY` after the recipients (`GRAY`, the French `GRIS`, `GRISE` too).
                let grey = words.len() >= 4
                    && words
                        .last()
                        .is_some_and(|w| matches!(w.to_uppercase().as_str(), "GREY" | "GRAY" | "GRIS" | "GRISE"));
                let named = &words[..words.len() - usize::from(grey)];
                // `PRESS TO ALL`, `PRESS TO Germany Italy`; in French `PRESSE À TOUS`,
                // `PRESSE À Allemagne, Italie` (`A` for `À`), each language's words together.
                let (to, all) = if plain == "PRESS" { ("TO", "ALL") } else { ("A", "TOUS") };
                let to = match named.get(1).map(|w| crate::map::fold(w)) {
                    Some(t) if t == to && named.len() >= 3 => {
                        if named.len() == 3 && crate::map::fold(named[2]) == all {
                            PressTo::All
                        } else {
                            PressTo::Powers(named[2..].iter().map(|w| w.trim_matches(',').to_string()).collect())
                        }
                    }
                    _ => {
                        // Its text is not sent, nor read as orders: up to the press's end,
                        // where one follows, the lines are passed over.
                        if let Some(end) = lines[i..].iter().position(|l| is_press_end(&l.text)) {
                            i += end + 1;
                        }
                        errors.push(error(Refusal::WritePress));
                        continue;
                    }
                };
                let mut body: Vec<String> = Vec::new();
                let mut closed = false;
                let mut previous = *number;
                let start = i;
                while i < lines.len() {
                    let l = &lines[i];
                    i += 1;
                    if is_press_end(&l.text) {
                        closed = true;
                        break;
                    }
                    // Blank lines are not command lines: a gap in the numbers was a
                    // paragraph break, and the press keeps it.
                    if l.number > previous + 1 && !body.is_empty() {
                        body.push(String::new());
                    }
                    previous = l.number;
                    body.push(l.text.clone());
                }
                // With no end line, the end of the message ends it, and the game decides
                // whether it may be sent (`PressEnd::Message`).
                let end = if closed {
                    PressEnd::Line
                } else {
                    PressEnd::Message(lines[start..].to_vec())
                };
                Command::Press {
                    to,
                    lines: body,
                    grey,
                    end,
                }
            }
            "SET" | "CHANGER" if words.get(1).is_some_and(|w| w.eq_ignore_ascii_case("ABSENCE")) => {
                match words.as_slice() {
                    [_, _, from, to] => Command::SetAbsence {
                        from: from.to_string(),
                        to: to.to_string(),
                    },
                    _ => {
                        errors.push(error(Refusal::WriteAbsence {
                            french: keyword == "CHANGER",
                        }));
                        continue;
                    }
                }
            }
            _ if keyword == "ENDPRESS" || is_press_end(text) => {
                errors.push(error(Refusal::EndpressWithoutPress));
                continue;
            }
            _ => match player_command(&first.to_uppercase(), &words) {
                Some(Ok(command)) => command,
                Some(Err(message)) => {
                    errors.push(error(message));
                    continue;
                }
                None => {
                    // A command word mistyped (`LSITE`) is told the command it may be.
                    if let Some((en, fr)) = near_command(text) {
                        errors.push(error(Refusal::NotUnderstood {
                            text: text.trim().to_string(),
                            hint: Hint::Near { en, fr },
                        }));
                        continue;
                    }
                    // Several orders on one line (`A PAR-BUR, A MAR-SPA`) are several orders.
                    let mut parts = crate::order::split_orders(crate::map::Map::standard(), text);
                    let last = parts.pop().unwrap_or_default();
                    for part in parts {
                        out.push(Numbered {
                            line: *number,
                            text: part.clone(),
                            command: Command::Order(part),
                        });
                    }
                    Command::Order(last)
                }
            },
        };
        out.push(Numbered {
            line: *number,
            text: text.clone(),
            command,
        });
    }
    (out, errors)
}

/// The first line of a press with no end line (`lines`, [`PressEnd::Message`]) that reads
/// as a command or, by `order` (the game's kind's reader, [`crate::game::kind::Kind::reads_as_an_order`]),
/// as an order; `None` when every line is prose. Each line is read alone as any line of a
/// message is ([`parse_commands`]): a line taken as an order is one when `order` says so,
/// and a kind's verb is one; a line taken as a command, or refused as one written wrong, is
/// one when it is written as a command: its first word in capitals (`VOTE DRAW`, `VOTE
/// maybe`), or a bare line of a few words (`vote draw`, `clear`); a sentence that begins
/// with a command's word is prose (`Help me take Munich.`, `Set up a meeting with Italy`).
pub fn first_instruction(lines: &[CommandLine], order: impl Fn(&str) -> bool) -> Option<&CommandLine> {
    // Written as a command: its first word in capitals, or the line a bare command of a few
    // words with no sentence's punctuation (`vote draw`, `clear`), not a sentence.
    let as_a_command = |text: &str| {
        let word = text.split_whitespace().next().unwrap_or("");
        let capitals = word.chars().any(char::is_alphabetic) && !word.chars().any(char::is_lowercase);
        let bare = text.split_whitespace().count() <= 3 && !text.contains(['.', '!', '?', ',']);
        capitals || bare
    };
    lines.iter().find(|l| {
        let (commands, errors) = parse_commands(std::slice::from_ref(*l));
        (!errors.is_empty() && as_a_command(&l.text))
            || commands.iter().any(|c| match &c.command {
                Command::Order(text) => order(text),
                // A kind's verb names a unit (`bénir A Mar`): no sentence begins so.
                Command::Verb { .. } => true,
                _ => as_a_command(&l.text),
            })
    })
}

/// The command words, each command's English and French forms (as the reader of each
/// language is offered it) and every word a line may begin with to mean it, folded. What
/// the suggestions offer ([`near_command`]). It lists again the words of the reader's
/// match arms, which compare them in three ways and under conditions on the other words
/// (see the tests): two tests hold the two lists together, one each way
/// (`every_word_offered_as_a_command_is_read_as_one`,
/// `every_word_read_as_a_command_is_one_the_suggestions_may_offer`).
const COMMAND_WORDS: [(&str, &str, &[&str]); 21] = [
    ("HELP", "AIDE", &["HELP", "AIDE"]),
    ("LIST", "LISTE", &["LIST", "LISTE"]),
    ("WHOAMI", "QUISUISJE", &["WHOAMI", "QUISUISJE"]),
    ("HISTORY", "HISTORIQUE", &["HISTORY", "HISTORIQUE"]),
    ("GET REPORT", "RAPPORT", &["RAPPORT"]),
    ("GET RULES", "RÈGLES", &["REGLES"]),
    ("GET MAP", "CARTE", &["CARTE"]),
    ("GET", "GET", &["GET"]),
    ("SET", "CHANGER", &["SET", "CHANGER"]),
    ("STATUS", "ÉTAT", &["STATUS", "ETAT"]),
    ("CLEAR", "EFFACER", &["CLEAR", "EFFACER"]),
    ("RESIGN", "DÉMISSION", &["RESIGN", "DEMISSION"]),
    ("OBSERVE", "OBSERVER", &["OBSERVE", "OBSERVER"]),
    ("UNOBSERVE", "NEPLUSOBSERVER", &["UNOBSERVE", "NEPLUSOBSERVER"]),
    ("JOIN", "REJOINDRE", &["JOIN", "REJOINDRE"]),
    ("CONFIRM", "CONFIRMER", &["CONFIRM", "CONFIRMER"]),
    ("SIGNON", "SIGNON", &["SIGNON"]),
    ("PRESS", "PRESSE", &["PRESS", "PRESSE"]),
    ("ENDPRESS", "FIN PRESSE", &["ENDPRESS", "FINPRESSE"]),
    ("VOTE", "VOTE", &["VOTE"]),
    ("SIGNOFF", "SIGNOFF", &["SIGNOFF"]),
];

/// Words shorter than this are never taken for a command mistyped: one slip from a short
/// word makes too many others (`SETS`, `NOTE`).
const NEAR_FROM: usize = 4;

/// The one command (its English and French forms) whose word the first word of `line` is
/// one slip from (a letter added, dropped, changed, or two swapped, as for the names of
/// provinces: [`crate::order::distance`]): `LSITE` for LIST. Only for a word of four
/// letters or more written in capitals, as commands are shown in every letter (a name
/// such as `John` is no JOIN), in a line that reads neither as an order nor as chatter;
/// `None` when no command, or more than one, is that near.
pub fn near_command(line: &str) -> Option<(&'static str, &'static str)> {
    let first = line.split_whitespace().next()?;
    if first.chars().count() < NEAR_FROM
        || first.chars().any(char::is_lowercase)
        || !first.chars().all(char::is_alphabetic)
        || is_chatter(line)
        || crate::order::looks_like_an_order(crate::map::Map::standard(), line)
    {
        return None;
    }
    let word = crate::map::fold(first);
    let verbs = crate::game::kind::known_verbs()
        .iter()
        .map(|v| (v.word, v.french.first().copied().unwrap_or(v.word), v.french));
    let mut found = None;
    for (en, fr, words) in COMMAND_WORDS.into_iter().chain(verbs) {
        let near = std::iter::once(en)
            .chain(words.iter().copied())
            .any(|w| crate::order::distance(&word, &crate::map::fold(w), 1) == Some(1));
        match found {
            _ if !near => {}
            // A verb of two kinds is one command.
            Some((known, _)) if known == en => {}
            // Two commands as near: neither is offered.
            Some(_) => return None,
            None => found = Some((en, fr)),
        }
    }
    found
}

/// Is this line the end of a press: `ENDPRESS`, or in French `FIN PRESSE`, `FIN DE PRESSE`,
/// `FINPRESSE` (any case, with or without accents or a final stop).
fn is_press_end(text: &str) -> bool {
    let text = text.trim();
    // Every French end starts with FIN: only such a line is folded (an order line is not).
    text.eq_ignore_ascii_case("ENDPRESS")
        || text.get(..3).is_some_and(|w| w.eq_ignore_ascii_case("FIN"))
            && matches!(
                crate::map::fold(text).as_str(),
                "FIN PRESSE" | "FIN DE PRESSE" | "FINPRESSE"
            )
}

/// The players' commands of `shared/spec/game-and-mail.md` ("Players' questions and
/// settings"), English and French: `None` when `keyword` is none of them (the line is then
/// an order), else the command or how to write it.
fn player_command(keyword: &str, words: &[&str]) -> Option<Result<Command, Refusal>> {
    let arg = |i: usize| words.get(i).map(|w| w.to_string());
    let upper = |i: usize| words.get(i).map(|w| w.to_uppercase());
    let rest = |i: usize| words.get(i..).map(|w| w.join(" ")).unwrap_or_default();
    let alone = |command: Command, form: &str| {
        if words.len() == 1 {
            Ok(command)
        } else {
            Err(Refusal::TakesNothing { form: form.to_string() })
        }
    };
    let question = Command::Question;
    Some(match keyword {
        "HELP" | "AIDE" => Ok(question(Question::Help)),
        "LIST" | "LISTE" => alone(question(Question::List), keyword),
        "WHOAMI" | "QUISUISJE" => alone(question(Question::WhoAmI), keyword),
        "HISTORY" | "HISTORIQUE" => past(&rest(1), keyword).map(|p| question(Question::History(p))),
        "RAPPORT" => past_phase(&rest(1), PhaseForm::Rapport).map(|p| question(Question::History(p))),
        "REGLES" | "RÈGLES" => alone(question(Question::Rules), keyword),
        "CARTE" => alone(question(Question::Map), keyword),
        "GET" => match upper(1).as_deref() {
            Some("REPORT") => past_phase(&rest(2), PhaseForm::GetReport).map(|p| question(Question::History(p))),
            Some("RULES") if words.len() == 2 => Ok(question(Question::Rules)),
            Some("MAP") if words.len() == 2 => Ok(question(Question::Map)),
            // "Get Outlook for Android", the phone's signature: no command (issue #24).
            Some(_) if upper(2).as_deref() == Some("FOR") => return None,
            _ => Err(Refusal::NotUnderstood {
                text: words.join(" "),
                hint: Hint::Get,
            }),
        },
        "SET" | "CHANGER" => {
            let fr = keyword == "CHANGER";
            let what = upper(1).unwrap_or_default();
            let value = arg(2);
            let extra = words.len() > 3;
            let problem = |problem: SettingProblem| Refusal::Setting { problem, french: fr };
            match (what.as_str(), value) {
                ("PASSWORD" | "MOTDEPASSE", Some(v)) if !extra => Ok(Command::Setting(Setting::Password(v))),
                ("PASSWORD" | "MOTDEPASSE", _) => Err(problem(SettingProblem::PasswordForm)),
                ("ADDRESS" | "ADRESSE", Some(v)) if !extra => Ok(Command::Setting(Setting::Address(v))),
                ("ADDRESS" | "ADRESSE", _) => Err(problem(SettingProblem::AddressForm)),
                ("TIMEZONE" | "FUSEAU", Some(v)) if !extra => match chrono_tz::TZ_VARIANTS
                    .iter()
                    .find(|z| z.name().eq_ignore_ascii_case(&v))
                {
                    Some(z) => Ok(Command::Setting(Setting::Timezone(z.name().to_string()))),
                    None => Err(problem(SettingProblem::NotATimezone { zone: v })),
                },
                ("TIMEZONE" | "FUSEAU", _) => Err(problem(SettingProblem::NameATimezone)),
                ("LANGUAGE" | "LANGUE", Some(v)) if !extra => match crate::lang::Lang::from_code(&v) {
                    Some(l) => Ok(Command::Setting(Setting::Language(l))),
                    None => Err(problem(SettingProblem::NotALanguage { code: v })),
                },
                ("LANGUAGE" | "LANGUE", _) => Err(problem(SettingProblem::NameALanguage)),
                ("WAIT" | "ATTENTE" | "NOWAIT" | "SANSATTENTE", None) => Ok(Command::Setting(Setting::Wait(matches!(
                    what.as_str(),
                    "WAIT" | "ATTENTE"
                )))),
                ("WAIT" | "ATTENTE" | "NOWAIT" | "SANSATTENTE", Some(_)) => Err(Refusal::TakesNothing {
                    form: format!("{keyword} {what}"),
                }),
                _ => Err(Refusal::NotUnderstood {
                    text: words.join(" "),
                    hint: Hint::Set { french: fr },
                }),
            }
        }
        "RESIGN" | "DEMISSION" | "DÉMISSION" => match upper(1).as_deref() {
            None => Ok(Command::Setting(Setting::Resign { confirm: false })),
            Some("CONFIRM" | "CONFIRMER") if words.len() == 2 => {
                Ok(Command::Setting(Setting::Resign { confirm: true }))
            }
            _ => Err(Refusal::ResignForm {
                keyword: keyword.to_string(),
            }),
        },
        "OBSERVE" | "OBSERVER" | "UNOBSERVE" | "NEPLUSOBSERVER" => match words {
            [_, game] => Ok(Command::Observe {
                game: game.to_string(),
                on: matches!(keyword, "OBSERVE" | "OBSERVER"),
            }),
            _ => Err(Refusal::ObserveForm {
                keyword: keyword.to_string(),
            }),
        },
        "JOIN" | "REJOINDRE" => match words {
            [_, game, password, preferences @ ..] => Ok(Command::Join {
                game: game.to_string(),
                password: password.to_string(),
                preferences: preferences.iter().map(|p| p.trim_matches(',').to_string()).collect(),
                french: keyword == "REJOINDRE",
            }),
            _ => Err(Refusal::JoinForm {
                keyword: keyword.to_string(),
            }),
        },
        "CONFIRM" | "CONFIRMER" => match words {
            [_, game, code] => Ok(Command::Confirm {
                game: game.to_string(),
                code: code.to_string(),
            }),
            _ => Err(Refusal::ConfirmForm {
                keyword: keyword.to_string(),
            }),
        },
        _ => return None,
    })
}

/// The argument of `HISTORY`: nothing (the last report), `ALL` | `TOUT`, or a phase.
fn past(arg: &str, keyword: &str) -> Result<Past, Refusal> {
    match arg.to_uppercase().as_str() {
        "" => Ok(Past::Last),
        "ALL" | "TOUT" | "TOUS" => Ok(Past::All),
        _ => past_phase(
            arg,
            PhaseForm::History {
                keyword: keyword.to_string(),
            },
        ),
    }
}

/// A phase named by a player: `S1901M`, `Spring 1901 Movement`, or `Spring 1901` (its
/// movement phase; `Winter 1901` its adjustments).
fn past_phase(arg: &str, form: PhaseForm) -> Result<Past, Refusal> {
    if arg.trim().is_empty() {
        return Err(Refusal::NameAPhase { form });
    }
    let words: Vec<&str> = arg.split_whitespace().collect();
    let text = match words.as_slice() {
        [season, year] => {
            let kind = if matches!(season.to_lowercase().as_str(), "winter" | "hiver") {
                "adjustment"
            } else {
                "movement"
            };
            format!("{season} {year} {kind}")
        }
        _ => arg.to_string(),
    };
    crate::phase::Phase::parse(&text)
        .map(|p| Past::Phase(p.code()))
        .map_err(|e| Refusal::NotAPhase {
            text: arg.trim().to_string(),
            english: e.to_string(),
            form,
        })
}

/// Is this line, which is no keyword, plainly chatter rather than a mistyped order: a
/// greeting, thanks or a sign-off (`Thanks!`, `Good luck all`, `Cheers,`), or a sentence
/// of words without a digit ending in `!` or `?`. Such lines are listed once as not
/// understood, without turning the reply into an error report. A line that begins with a
/// unit type (`A`, `F`, `Army`, `Fleet`) is never chatter.
pub fn is_chatter(text: &str) -> bool {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let Some(first) = words.first() else {
        return false;
    };
    let first = first.trim_matches(|c: char| !c.is_alphanumeric());
    if matches!(first, "a" | "f" | "army" | "fleet") {
        return false;
    }
    const OPENINGS: [&str; 24] = [
        "thanks",
        "thank",
        "thx",
        "cheers",
        "hi",
        "hello",
        "hey",
        "dear",
        "regards",
        "best",
        "bye",
        "goodbye",
        "sincerely",
        "love",
        "merci",
        "bonjour",
        "salut",
        "cordialement",
        "amitiés",
        "bonne",
        "ciao",
        "danke",
        "greetings",
        "yours",
    ];
    const PHRASES: [&str; 5] = ["good luck", "have fun", "see you", "kind regards", "best wishes"];
    if OPENINGS.contains(&first) || PHRASES.iter().any(|p| lower.starts_with(p)) {
        return true;
    }
    words.len() >= 2 && (lower.ends_with('!') || lower.ends_with('?')) && !lower.chars().any(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<CommandLine> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| CommandLine {
                number: i + 1,
                text: l.trim().to_string(),
            })
            .collect()
    }

    fn commands(text: &str) -> Vec<Command> {
        let (c, e) = parse_commands(&lines(text));
        assert!(e.is_empty(), "{e:?}");
        c.into_iter().map(|n| n.command).collect()
    }

    /// Every word the suggestions offer (COMMAND_WORDS) is one the reader reads as a
    /// command: alone on its line it is taken as that command, or refused with how to write
    /// it, never as an order or a line not understood. So the table cannot offer a word the
    /// reader does not know.
    #[test]
    fn every_word_offered_as_a_command_is_read_as_one() {
        crate::kinds::REGISTRY.install();
        for (en, fr, words) in COMMAND_WORDS {
            for word in std::iter::once(en)
                .chain(std::iter::once(fr))
                .chain(words.iter().copied())
            {
                if matches!(word, "SIGNOFF" | "ENDPRESS" | "FIN PRESSE" | "FINPRESSE") {
                    continue; // cut from the body before it is read, or an end with no press
                }
                let (c, e) = parse_commands(&lines(word));
                // Not understood only with how to write that command (`GET`: GET MAP…), never
                // as a slip from another.
                let taken = c.iter().all(|n| !matches!(n.command, Command::Order(_)))
                    && e.iter().all(|e| {
                        !matches!(
                            e.message,
                            Refusal::NotUnderstood {
                                hint: Hint::Near { .. },
                                ..
                            }
                        )
                    });
                assert!(taken && !(c.is_empty() && e.is_empty()), "{word}: {c:?} {e:?}");
            }
        }
    }

    /// The other direction of the test above: every word the reader reads as a command,
    /// in either language, is one the suggestions may offer (COMMAND_WORDS), or one of the
    /// exceptions below, each with its reason. The reader's words are not one list: they
    /// are the string literals of its match arms, compared in three ways (ASCII upper case
    /// for SIGNON, CLEAR, STATUS, VOTE, SET and ENDPRESS; folded for EFFACER, ÉTAT, PRESS and
    /// PRESSE; Unicode upper case for the players' commands) and under conditions on the
    /// other words (CLEAR alone, SET ABSENCE, GET REPORT). So this test reads them from the
    /// reader's own source: every literal in capitals that, alone or followed by up to three
    /// words, the reader takes as a command or refuses as one written wrong. A keyword added
    /// to the reader and not to the table fails here. (The kinds' verbs are read and offered
    /// from one list, `game::kind::known_verbs`.)
    #[test]
    fn every_word_read_as_a_command_is_one_the_suggestions_may_offer() {
        crate::kinds::REGISTRY.install();
        // Spellings the reader takes that the table need not offer, and why.
        const EXCEPTIONS: [(&str, &str); 1] = [(
            "FIN DE PRESSE",
            "a second French spelling of the end of a press (`is_press_end`), offered as FIN PRESSE",
        )];
        let source = include_str!("commands.rs");
        let reader = &source[..source.find("#[cfg(test)]").expect("the tests' module")];
        // The string literals of the reader, in capitals (words of the commands, not the
        // chatter's words or the format strings).
        let literals: Vec<&str> = reader
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|l| {
                l.chars().any(char::is_alphabetic)
                    && l.chars().all(|c| c == ' ' || c.is_alphabetic() && !c.is_lowercase())
            })
            .collect();
        // The scan finds the reader's words in each of its three ways of comparing them.
        for known in ["SIGNON", "EFFACER", "HELP", "RÈGLES", "ENDPRESS"] {
            assert!(literals.contains(&known), "{known} not found in {literals:?}");
        }
        let offered: Vec<String> = COMMAND_WORDS
            .iter()
            .flat_map(|(en, fr, words)| [*en, *fr].into_iter().chain(words.iter().copied()))
            .map(crate::map::fold)
            .collect();
        let mut read = Vec::new();
        for literal in literals {
            let as_command = ["", " x", " x y", " x y z"].iter().any(|args| {
                let (c, e) = parse_commands(&lines(&format!("{literal}{args}")));
                c.iter().any(|n| !matches!(n.command, Command::Order(_)))
                    || e.iter().any(|e| {
                        !matches!(
                            e.message,
                            Refusal::NotUnderstood {
                                hint: Hint::Near { .. },
                                ..
                            }
                        )
                    })
            });
            if !as_command {
                continue; // a word of a command's arguments (`DRAW`, `TO`), or none
            }
            read.push(literal);
            assert!(
                offered.contains(&crate::map::fold(literal)) || EXCEPTIONS.iter().any(|(w, _)| *w == literal),
                "`{literal}` is read as a command, but COMMAND_WORDS does not offer it"
            );
        }
        // An exception is one only while the reader reads it.
        for (word, _) in EXCEPTIONS {
            assert!(read.contains(&word), "{word} is no longer read as a command: {read:?}");
        }
    }

    #[test]
    fn a_command_word_one_slip_away_is_the_command_it_may_be() {
        for (line, near) in [
            ("LSITE", Some(("LIST", "LISTE"))),
            ("LIS", None),
            ("HEPL", Some(("HELP", "AIDE"))),
            ("AIED", Some(("HELP", "AIDE"))),
            ("OBSERV vopaliec", Some(("OBSERVE", "OBSERVER"))),
            ("ETTA", Some(("STATUS", "ÉTAT"))),
            // Two commands one slip away: GET and SET.
            ("GSET", None),
            // Not in capitals, an order, chatter, a number.
            ("Lsite", None),
            ("John", None),
            ("A PAR - BUR", None),
            ("LIST F PAR - BUR", None),
            ("THANKS!", None),
            ("LIST2", None),
        ] {
            assert_eq!(near_command(line), near, "{line}");
        }
        let (_, errors) = parse_commands(&lines("HEPL\nFROBNICATE"));
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            errors[0].message,
            Refusal::NotUnderstood {
                text: "HEPL".into(),
                hint: Hint::Near { en: "HELP", fr: "AIDE" }
            }
        );
    }

    #[test]
    fn chatter_is_told_from_mistyped_orders() {
        for line in [
            "Thanks!",
            "Good luck all",
            "Cheers,",
            "Merci",
            "Who wants to ally with me?",
            "hi all",
        ] {
            assert!(is_chatter(line), "{line}");
        }
        for line in [
            "A PAR - BUR",
            "F BRE - MAO!",
            "PAR - BUR",
            "a mar s a par - bur",
            "A PAR - GAS?",
            "B2-C3!",
        ] {
            assert!(!is_chatter(line), "{line}");
        }
    }

    /// The divine verbs in French (issue #24), in any case, with or without the accent.
    #[test]
    fn reads_the_french_divine_verbs() {
        crate::kinds::REGISTRY.install();
        let verb = |verb, text: &str| Command::Verb {
            verb,
            text: text.into(),
        };
        assert_eq!(
            commands("Bénir A Mar\nBENIR A PAR\nmaudire F Kie\nBÉNIR aucune"),
            vec![
                verb("BLESS", "A Mar"),
                verb("BLESS", "A PAR"),
                verb("CURSE", "F Kie"),
                verb("BLESS", "aucune"),
            ]
        );
    }

    #[test]
    fn reads_every_command_in_any_case() {
        // The kinds' verbs (BLESS, CURSE) are known once the registry is installed.
        crate::kinds::REGISTRY.install();
        let c = commands(
            "signon France vopaliec s3cret\nA PAR - BUR\nclear\nBless A PAR\ncurse f kie\nvote draw\nVOTE continue\nstatus",
        );
        assert_eq!(
            c,
            vec![
                Command::Signon {
                    role: "France".into(),
                    game: "vopaliec".into(),
                    password: "s3cret".into()
                },
                Command::Order("A PAR - BUR".into()),
                Command::Clear,
                Command::Verb {
                    verb: "BLESS",
                    text: "A PAR".into()
                },
                Command::Verb {
                    verb: "CURSE",
                    text: "f kie".into()
                },
                Command::VoteDraw,
                Command::VoteContinue,
                Command::Status,
            ]
        );
    }

    #[test]
    fn a_kind_s_verb_is_read_whatever_the_game_and_refused_alone_in_the_kind_s_words() {
        crate::kinds::REGISTRY.install();
        let (c, e) = parse_commands(&lines("BLESS\ncurse a par\nSMITE A PAR"));
        let c: Vec<Command> = c.into_iter().map(|n| n.command).collect();
        assert_eq!(
            c,
            [
                Command::Verb {
                    verb: "CURSE",
                    text: "a par".into()
                },
                Command::Order("SMITE A PAR".into())
            ]
        );
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].line, 1);
        let Refusal::OfTheKind(words) = &e[0].message else {
            panic!("{e:?}")
        };
        assert!(
            words.en.contains("BLESS A PAR") && words.fr.contains("BÉNIR A PAR"),
            "{words:?}"
        );
    }

    #[test]
    fn reads_the_players_commands_in_english_and_french() {
        use crate::lang::Lang;
        let c = commands(
            "HELP\naide\nLIST\nliste\nHISTORY\nHISTORY ALL\nhistorique s1901m\nHISTORY Spring 1901\n\
             GET REPORT F1901M\nrapport Winter 1901\nGET RULES\nrègles\nGET MAP\ncarte\nWHOAMI\nquisuisje\n\
             SET PASSWORD n3w-s3cret\nchanger motdepasse autre-m0t\nSET ADDRESS a@b.example\n\
             SET TIMEZONE europe/paris\nchanger fuseau America/Montreal\nSET LANGUAGE fr\nchanger langue EN\n\
             RESIGN\nresign confirm\ndémission confirmer\nOBSERVE vopaliec\nneplusobserver vopaliec\n\
             CONFIRM vopaliec 12AB34CD",
        );
        use Command::{Question as Q, Setting as S};
        assert_eq!(
            c,
            vec![
                Q(Question::Help),
                Q(Question::Help),
                Q(Question::List),
                Q(Question::List),
                Q(Question::History(Past::Last)),
                Q(Question::History(Past::All)),
                Q(Question::History(Past::Phase("S1901M".into()))),
                Q(Question::History(Past::Phase("S1901M".into()))),
                Q(Question::History(Past::Phase("F1901M".into()))),
                Q(Question::History(Past::Phase("W1901A".into()))),
                Q(Question::Rules),
                Q(Question::Rules),
                Q(Question::Map),
                Q(Question::Map),
                Q(Question::WhoAmI),
                Q(Question::WhoAmI),
                S(Setting::Password("n3w-s3cret".into())),
                S(Setting::Password("autre-m0t".into())),
                S(Setting::Address("a@b.example".into())),
                S(Setting::Timezone("Europe/Paris".into())),
                S(Setting::Timezone("America/Montreal".into())),
                S(Setting::Language(Lang::Fr)),
                S(Setting::Language(Lang::En)),
                S(Setting::Resign { confirm: false }),
                S(Setting::Resign { confirm: true }),
                S(Setting::Resign { confirm: true }),
                Command::Observe {
                    game: "vopaliec".into(),
                    on: true
                },
                Command::Observe {
                    game: "vopaliec".into(),
                    on: false
                },
                Command::Confirm {
                    game: "vopaliec".into(),
                    code: "12AB34CD".into()
                },
            ]
        );
    }

    /// A command with a missing or wrong argument says how to write it, with an example.
    #[test]
    fn a_wrong_argument_is_answered_with_the_right_form() {
        let (c, e) = parse_commands(&lines(
            "SET TIMEZONE Paris\nSET LANGUAGE de\nSET PASSWORD\nGET REPORT\nHISTORY 1901\nSET COLOUR red\nGET LOST\nOBSERVE\nLIST ALL",
        ));
        assert!(c.is_empty(), "{c:?}");
        let m: Vec<String> = e.iter().map(|e| e.message.words(crate::lang::Lang::En)).collect();
        assert!(
            m[0].contains("IANA") && m[0].contains("SET TIMEZONE Europe/Paris"),
            "{}",
            m[0]
        );
        assert!(
            m[1].contains("en and fr") && m[1].contains("SET LANGUAGE fr"),
            "{}",
            m[1]
        );
        assert!(m[2].contains("SET PASSWORD n3w-s3cret"), "{}", m[2]);
        assert!(m[3].contains("GET REPORT S1901M"), "{}", m[3]);
        assert!(m[4].contains("HISTORY S1901M"), "{}", m[4]);
        assert!(m[5].starts_with("not understood") && m[5].contains("HELP"), "{}", m[5]);
        assert!(m[6].starts_with("not understood") && m[6].contains("HELP"), "{}", m[6]);
        assert!(m[7].contains("OBSERVE vopaliec"), "{}", m[7]);
        assert!(m[8].contains("alone"), "{}", m[8]);
    }

    #[test]
    fn press_keeps_its_paragraphs() {
        let c = commands("PRESS TO ALL\nFirst.\n\nSecond.\nENDPRESS");
        assert_eq!(
            c,
            vec![Command::Press {
                to: PressTo::All,
                lines: vec!["First.".into(), "".into(), "Second.".into()],
                grey: false,
                end: PressEnd::Line
            }]
        );
    }

    #[test]
    fn press_runs_to_endpress() {
        let c = commands(
            "PRESS TO ALL\nHello world.\nSigned, France\nENDPRESS\nPRESS TO Germany, Italy\nAlliance?\nendpress",
        );
        assert_eq!(
            c,
            vec![
                Command::Press {
                    to: PressTo::All,
                    lines: vec!["Hello world.".into(), "Signed, France".into()],
                    grey: false,
                    end: PressEnd::Line
                },
                Command::Press {
                    to: PressTo::Powers(vec!["Germany".into(), "Italy".into()]),
                    lines: vec!["Alliance?".into()],
                    grey: false,
                    end: PressEnd::Line
                },
            ]
        );
    }

    #[test]
    fn mistakes_are_reported_with_their_line_and_the_rest_is_read() {
        let (c, e) = parse_commands(&lines(
            "SIGNON France vopaliec\nA PAR - BUR\nVOTE maybe\nPRESS TO ALL\nno end",
        ));
        // The press with no end line is read to the end of the message; whether it is sent
        // is the game's to decide (`first_instruction`).
        assert_eq!(
            c,
            vec![
                Numbered {
                    line: 2,
                    text: "A PAR - BUR".into(),
                    command: Command::Order("A PAR - BUR".into())
                },
                Numbered {
                    line: 4,
                    text: "PRESS TO ALL".into(),
                    command: Command::Press {
                        to: PressTo::All,
                        lines: vec!["no end".into()],
                        grey: false,
                        end: PressEnd::Message(lines("\n\n\n\nno end")),
                    }
                }
            ]
        );
        let where_: Vec<usize> = e.iter().map(|x| x.line).collect();
        assert_eq!(where_, [1, 3]);
        let m = |i: usize| e[i].message.words(crate::lang::Lang::En);
        assert!(m(0).contains("SIGNON <role> <game> <password>"));
    }

    /// A press with no end line runs to the end of the message, its lines kept with their
    /// numbers; the first of them that reads as a command, or as an order by the game's
    /// test, is found, and prose is none.
    #[test]
    fn the_first_order_or_command_of_a_press_with_no_end_is_found() {
        crate::kinds::REGISTRY.install();
        // What the Diplomacy kind counts as an order (`Kind::reads_as_an_order`), for a
        // reader of either language.
        let diplomacy = crate::kinds::REGISTRY
            .all()
            .find(|k| k.name() == "standard")
            .expect("the standard game in the registry");
        let order = |t: &str| {
            !is_chatter(t)
                && [crate::lang::Lang::En, crate::lang::Lang::Fr]
                    .into_iter()
                    .any(|lang| diplomacy.reads_as_an_order(t, lang))
        };
        let unended = |text: &str| match commands(text).pop() {
            Some(Command::Press {
                end: PressEnd::Message(lines),
                ..
            }) => lines,
            other => panic!("{other:?}"),
        };
        let first = |text: &str| first_instruction(&unended(text), order).map(|l| (l.number, l.text.clone()));
        // Prose, thanks and questions naming provinces are none.
        assert_eq!(
            first("PRESS TO ALL\nHello all.\n\nWho takes Belgium this year?\nThanks!"),
            None
        );
        assert_eq!(first("PRESSE À TOUS\nVive la France !\nÀ bientôt"), None);
        // Diplomacy's prose names provinces and speaks of supports, holds and attacks: it
        // is not an order the reader reads, nor is a sentence that begins with a command
        // word not in capitals.
        assert_eq!(
            first(
                "PRESS TO ALL\nI will support you into Belgium\nI hold Burgundy this turn\n\
                 Help me take Munich.\nSet up a meeting with Italy"
            ),
            None
        );
        assert_eq!(
            first(
                "PRESSE À TOUS\nJe soutiendrai ton attaque sur Munich.\nOn se partage la Belgique et la Hollande\n\
                 Rendez-vous en Bourgogne\nA demain - Alice"
            ),
            None
        );
        // Orders, and commands whether well written or not, in either language.
        for (text, found) in [
            ("PRESS TO ALL\nHello.\nA PAR - BUR\nF BRE - MAO", (3, "A PAR - BUR")),
            ("PRESS TO Germany\nPeace?\n\nVOTE DRAW", (4, "VOTE DRAW")),
            ("PRESSE À TOUS\nSalut.\nÉTAT", (3, "ÉTAT")),
            ("PRESS TO ALL\nx\nVOTE maybe", (3, "VOTE maybe")),
            ("PRESS TO ALL\nPeace?\nvote draw", (3, "vote draw")),
            ("PRESSE À TOUS\nSalut.\neffacer", (3, "effacer")),
            ("PRESS TO ALL\nx\nPRESS TO France\nsecret", (3, "PRESS TO France")),
            ("PRESSE À TOUS\nx\nBÉNIR A Mar", (3, "BÉNIR A Mar")),
            (
                "PRESS TO ALL\nx\nBUILD A PAR, BUILD F BRE",
                (3, "BUILD A PAR, BUILD F BRE"),
            ),
        ] {
            assert_eq!(first(text), Some((found.0, found.1.to_string())), "{text}");
        }
        // A press that ends at its line is no such press.
        assert!(matches!(
            commands("PRESS TO ALL\nA PAR - BUR\nENDPRESS").pop(),
            Some(Command::Press {
                end: PressEnd::Line,
                ..
            })
        ));
    }

    #[test]
    fn reads_wait_and_absence_in_english_and_french() {
        let c = commands(
            "SET WAIT\nset nowait\nchanger attente\nCHANGER SANSATTENTE\nchanger absence 2026-12-20 2026-12-27",
        );
        assert_eq!(
            c,
            vec![
                Command::Setting(Setting::Wait(true)),
                Command::Setting(Setting::Wait(false)),
                Command::Setting(Setting::Wait(true)),
                Command::Setting(Setting::Wait(false)),
                Command::SetAbsence {
                    from: "2026-12-20".into(),
                    to: "2026-12-27".into()
                },
            ]
        );
        let (c, e) = parse_commands(&lines("SET WAIT please"));
        assert!(c.is_empty());
        assert_eq!(
            e[0].message,
            Refusal::TakesNothing {
                form: "SET WAIT".into()
            }
        );
    }

    /// The French forms of the Diplomacy commands (a French zine's player): with or
    /// without accents, in any case; the English forms are read as before.
    #[test]
    fn reads_the_french_forms_of_the_game_commands() {
        let c = commands(
            "ÉTAT
etat
Etat
EFFACER
effacer
VOTE NULLE
vote nul
Vote Continuer
             PRESSE À TOUS
Vive la France !
FIN PRESSE
presse a Allemagne, Italie gris
Psst.
fin de presse
             Presse À Angleterre
x
FinPresse.
PRESSE A TOUS
y
ENDPRESS
PRESS TO ALL
z
fin presse",
        );
        let press = |to: PressTo, text: &str, grey: bool| Command::Press {
            to,
            lines: vec![text.into()],
            grey,
            end: PressEnd::Line,
        };
        let powers = |p: &[&str]| PressTo::Powers(p.iter().map(|p| p.to_string()).collect());
        assert_eq!(
            c,
            vec![
                Command::Status,
                Command::Status,
                Command::Status,
                Command::Clear,
                Command::Clear,
                Command::VoteDraw,
                Command::VoteDraw,
                Command::VoteContinue,
                press(PressTo::All, "Vive la France !", false),
                press(powers(&["Allemagne", "Italie"]), "Psst.", true),
                press(powers(&["Angleterre"]), "x", false),
                press(PressTo::All, "y", false),
                press(PressTo::All, "z", false),
            ]
        );
    }

    /// The French players' phase codes (P, A, H) after HISTORIQUE, RAPPORT, and the
    /// English commands too: the phase is kept by its one code.
    #[test]
    fn reads_the_french_phase_codes() {
        let h = |code: &str| Command::Question(Question::History(Past::Phase(code.into())));
        assert_eq!(
            commands(
                "HISTORIQUE P1901M
rapport a1901r
HISTORY H1901A
GET REPORT p1902m
historique Printemps 1901"
            ),
            [h("S1901M"), h("F1901R"), h("W1901A"), h("S1902M"), h("S1901M")]
        );
        let (_, e) = parse_commands(&lines("HISTORIQUE 19"));
        let fr = e[0].message.words(crate::lang::Lang::Fr);
        assert!(fr.contains("« HISTORIQUE P1901M »"), "{fr}");
    }

    /// A press whose first line does not read is refused, and its lines up to its end are
    /// neither sent nor read as orders; an end with no press before it is refused; the
    /// languages' words are not mixed on a first line (`PRESSE TO ALL`).
    #[test]
    fn a_press_that_does_not_read_is_told_and_its_text_passed_over() {
        let (c, e) = parse_commands(&lines(
            "PRESSE POUR TOUS
A MAR - BUR
FIN PRESSE
A PAR - BUR
FIN PRESSE
PRESSE TO ALL
PRESS À TOUS
PRESS TO
EFFACER tout",
        ));
        let c: Vec<Command> = c.into_iter().map(|n| n.command).collect();
        assert_eq!(
            c,
            [
                Command::Order("A PAR - BUR".into()),
                Command::Order("EFFACER tout".into())
            ]
        );
        let refused: Vec<(usize, &Refusal)> = e.iter().map(|e| (e.line, &e.message)).collect();
        assert_eq!(
            refused,
            [
                (1, &Refusal::WritePress),
                (5, &Refusal::EndpressWithoutPress),
                (6, &Refusal::WritePress),
                (7, &Refusal::WritePress),
                (8, &Refusal::WritePress),
            ]
        );
        let fr = Refusal::WritePress.words(crate::lang::Lang::Fr);
        assert!(fr.contains("PRESSE À TOUS") && fr.contains("pas été envoyée"), "{fr}");
        let fr = Refusal::WriteVote.words(crate::lang::Lang::Fr);
        assert!(fr.contains("VOTE NULLE") && fr.contains("VOTE CONTINUER"), "{fr}");
    }

    #[test]
    fn grey_press_is_read_after_its_recipients() {
        let c = commands("PRESS TO ALL GREY\nHush.\nENDPRESS\nPRESS TO Germany, Italy gris\nPsst.\nENDPRESS");
        assert_eq!(
            c,
            vec![
                Command::Press {
                    to: PressTo::All,
                    lines: vec!["Hush.".into()],
                    grey: true,
                    end: PressEnd::Line
                },
                Command::Press {
                    to: PressTo::Powers(vec!["Germany".into(), "Italy".into()]),
                    lines: vec!["Psst.".into()],
                    grey: true,
                    end: PressEnd::Line
                },
            ]
        );
        // `PRESS TO GREY` names a recipient called Grey, as it always did.
        assert_eq!(
            commands("PRESS TO Grey\nx\nENDPRESS"),
            vec![Command::Press {
                to: PressTo::Powers(vec!["Grey".into()]),
                lines: vec!["x".into()],
                grey: false,
                end: PressEnd::Line
            }]
        );
    }
}
