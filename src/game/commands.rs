//! The mail command language of `shared/spec/game-and-mail.md`: one command per line,
//! keywords in any case. Anything that is not a keyword is an order for the current phase.

use crate::mail::incoming::CommandLine;

/// Who a press message goes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PressTo {
    All,
    /// Role names as written (checked by the game).
    Powers(Vec<String>),
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
    /// `BLESS <unit>` or, in a blessing autumn, `BLESS <power>`.
    Bless(String),
    Curse(String),
    Press {
        to: PressTo,
        lines: Vec<String>,
    },
    VoteDraw,
    VoteContinue,
    Status,
    /// `SET ABSENCE <from> <to>`: days the player cannot play (the referee's desk).
    SetAbsence {
        from: String,
        to: String,
    },
}

/// A command with the body line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbered {
    pub line: usize,
    /// The line as written, for the reply when the command is refused.
    pub text: String,
    pub command: Command,
}

/// A line that could not be read as a command, with why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LineError {
    pub line: usize,
    pub text: String,
    pub message: String,
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
        let rest = || {
            text[text.find(char::is_whitespace).unwrap_or(text.len())..]
                .trim()
                .to_string()
        };
        let error = |message: &str| LineError {
            line: *number,
            text: text.clone(),
            message: message.into(),
        };
        let command = match keyword.as_str() {
            "SIGNON" => match words.as_slice() {
                [_, role, game, password] => Command::Signon {
                    role: role.to_string(),
                    game: game.to_string(),
                    password: password.to_string(),
                },
                _ => {
                    errors.push(error("write SIGNON <role> <game> <password>"));
                    continue;
                }
            },
            "CLEAR" if words.len() == 1 => Command::Clear,
            "STATUS" if words.len() == 1 => Command::Status,
            "BLESS" | "CURSE" => {
                if words.len() < 2 {
                    errors.push(error("name a unit, like `BLESS A PAR`"));
                    continue;
                }
                if keyword == "BLESS" {
                    Command::Bless(rest())
                } else {
                    Command::Curse(rest())
                }
            }
            "VOTE" => match words.get(1).map(|w| w.to_ascii_uppercase()).as_deref() {
                Some("DRAW") if words.len() == 2 => Command::VoteDraw,
                Some("CONTINUE") if words.len() == 2 => Command::VoteContinue,
                _ => {
                    errors.push(error("write VOTE DRAW or VOTE CONTINUE"));
                    continue;
                }
            },
            "PRESS" => {
                let to = match words.get(1).map(|w| w.to_ascii_uppercase()).as_deref() {
                    Some("TO") if words.len() >= 3 => {
                        if words.len() == 3 && words[2].eq_ignore_ascii_case("ALL") {
                            PressTo::All
                        } else {
                            PressTo::Powers(words[2..].iter().map(|w| w.trim_matches(',').to_string()).collect())
                        }
                    }
                    _ => {
                        errors.push(error("write PRESS TO ALL or PRESS TO <power> [<power> …]"));
                        continue;
                    }
                };
                let mut body: Vec<String> = Vec::new();
                let mut closed = false;
                let mut previous = *number;
                while i < lines.len() {
                    let l = &lines[i];
                    i += 1;
                    if l.text.trim().eq_ignore_ascii_case("ENDPRESS") {
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
                if !closed {
                    errors.push(error("this press has no ENDPRESS line; it was not sent"));
                    continue;
                }
                Command::Press { to, lines: body }
            }
            "SET" if words.get(1).is_some_and(|w| w.eq_ignore_ascii_case("ABSENCE")) => match words.as_slice() {
                [_, _, from, to] => Command::SetAbsence {
                    from: from.to_string(),
                    to: to.to_string(),
                },
                _ => {
                    errors.push(error("write SET ABSENCE <from> <to>, with dates like 2026-12-20"));
                    continue;
                }
            },
            "ENDPRESS" => {
                errors.push(error("ENDPRESS without PRESS"));
                continue;
            }
            _ => Command::Order(text.clone()),
        };
        out.push(Numbered {
            line: *number,
            text: text.clone(),
            command,
        });
    }
    (out, errors)
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

    #[test]
    fn reads_every_command_in_any_case() {
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
                Command::Bless("A PAR".into()),
                Command::Curse("f kie".into()),
                Command::VoteDraw,
                Command::VoteContinue,
                Command::Status,
            ]
        );
    }

    #[test]
    fn press_keeps_its_paragraphs() {
        let c = commands("PRESS TO ALL\nFirst.\n\nSecond.\nENDPRESS");
        assert_eq!(
            c,
            vec![Command::Press {
                to: PressTo::All,
                lines: vec!["First.".into(), "".into(), "Second.".into()]
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
                    lines: vec!["Hello world.".into(), "Signed, France".into()]
                },
                Command::Press {
                    to: PressTo::Powers(vec!["Germany".into(), "Italy".into()]),
                    lines: vec!["Alliance?".into()]
                },
            ]
        );
    }

    #[test]
    fn mistakes_are_reported_with_their_line_and_the_rest_is_read() {
        let (c, e) = parse_commands(&lines(
            "SIGNON France vopaliec\nA PAR - BUR\nVOTE maybe\nPRESS TO ALL\nno end",
        ));
        assert_eq!(
            c,
            vec![Numbered {
                line: 2,
                text: "A PAR - BUR".into(),
                command: Command::Order("A PAR - BUR".into())
            }]
        );
        let where_: Vec<usize> = e.iter().map(|x| x.line).collect();
        assert_eq!(where_, [1, 3, 4]);
        assert!(e[0].message.contains("SIGNON <role> <game> <password>"));
        assert!(e[2].message.contains("ENDPRESS"));
    }
}
