//! Each archived message acted on: taken in order from `mail/`, its sender signed on,
//! its commands carried out (press among them) and its reply written.

use super::{archived_after, ask, commands, desk, intake, io_err, said, Archived, Effects, Game, GameError, Now};
use crate::game::commands::{is_chatter, parse_commands, Command, LineError, Numbered, PressEnd, PressTo};
use crate::game::intake::Verdict;
use crate::game::kind::Play;
use crate::game::role::Role;
use crate::game::said::NotActedOn;
use crate::lang::fr::Form;
use crate::lang::Worded;
use crate::mail::incoming::{Incoming, Received};
use crate::report::{views, Letter};
use std::fs;

impl Game {
    /// Acts on every archived message not yet acted on, in arrival order (the spool first
    /// moved into the archive: [`intake::absorb_spool`]); then writes the digests of failed
    /// sign-ons that are due. The caller holds the game's lock.
    pub fn ingest(&mut self, now: Now) -> Result<usize, GameError> {
        intake::absorb_spool(&self.dir)?;
        let waiting = archived_after(&self.dir.join("mail"), self.state.handled)?;
        self.act_on(waiting, None, now)
    }

    /// [`Game::ingest`] for the one message the caller has just archived, `bytes` as they
    /// were written, when the archive held no other message not yet acted on and the spool
    /// none: that message is all there is to act on, and neither the archive is listed
    /// again nor the message read back from it.
    pub(super) fn ingest_archived(&mut self, archived: Archived, bytes: Vec<u8>, now: Now) -> Result<usize, GameError> {
        if archived.0 != self.state.handled + 1 {
            return self.ingest(now);
        }
        self.act_on(vec![archived], Some(bytes), now)
    }

    /// Acts on `waiting`, the archived messages not yet acted on, in their order; then on
    /// the digests of failed sign-ons that are due. `first`: the first one's bytes, when
    /// the caller has them (it has just written them); the others are read from the archive.
    fn act_on(&mut self, waiting: Vec<Archived>, mut first: Option<Vec<u8>>, now: Now) -> Result<usize, GameError> {
        let mut done = 0;
        for (n, arrived, path, redacted) in waiting {
            let raw = match first.take() {
                Some(bytes) => bytes,
                None => fs::read(&path).map_err(io_err(&path))?,
            };
            let before = self.state.clone();
            let (verdict, raw) = if redacted {
                intake::split(&raw)
            } else {
                (None, raw.as_slice())
            };
            let effects = match self.handle(raw, verdict, n, arrived.unwrap_or(now)) {
                Ok(e) => e,
                Err(e) => {
                    self.state = before;
                    return Err(GameError::Message {
                        path,
                        source: Box::new(e),
                    });
                }
            };
            self.state.handled = n;
            self.commit(effects, now)?;
            done += 1;
        }
        let digests = self.due_digests(now);
        if !digests.is_empty() {
            self.commit(
                Effects {
                    letters: digests,
                    ..Default::default()
                },
                now,
            )?;
        }
        Ok(done)
    }

    /// Acts on one message that arrived at `arrived`: authenticates it, then hands its
    /// commands to the game. `verdict` is the intake's check of the password; `None` for a
    /// message archived before the intake kept verdicts, whose password is checked here.
    fn handle(&mut self, raw: &[u8], verdict: Option<Verdict>, n: u64, arrived: Now) -> Result<Effects, GameError> {
        let mut fx = Effects::default();
        let stem = format!("m{n:05}");
        // The archived message read once: what it says, and whether a machine sent it.
        let received = Received::read(raw);
        let automatic = received.automatic();
        let mut mail = match received.into_mail() {
            Ok(m) => m,
            Err(e) => {
                fx.log.push(format!("message {n:05} kept but not read: {e}"));
                return Ok(fx);
            }
        };
        if automatic {
            // An auto-reply or a bounce: answering it could start a mail loop (RFC 3834).
            fx.log.push(format!(
                "message {n:05} is automatic (auto-reply or bounce): kept, not answered"
            ));
            return Ok(fx);
        }
        clean_sender(&mut mail);
        let redacted_archive = verdict.is_some();
        let verdict = verdict.unwrap_or_else(|| Verdict::of(&self.config, &mail));
        let id = intake::message_key(&mail);
        let (commands, errors) = parse_commands(&mail.lines);
        // Only the intake writes its header lines into an archived message (redaction
        // drops any the sender wrote): read them only from such a message.
        let from_intake = if redacted_archive {
            ask::FromIntake::read(raw)
        } else {
            ask::FromIntake::default()
        };
        let joined = if redacted_archive {
            super::join::read_header(raw)
        } else {
            None
        };
        if commands::first_signon(&commands).is_none()
            && self.without_signon(&mail, &commands, &id, &stem, arrived, joined, &mut fx)?
        {
            return Ok(fx);
        }
        let decision = self.sign_on(&mail, &commands, &errors, verdict, &stem, arrived, &mut fx);
        let (letter, failure) = match decision {
            SignOn::Role(role) => {
                return self.signed_on(role, mail, id, commands, errors, &stem, arrived, &from_intake, fx)
            }
            SignOn::Referee => return desk::mail::act(self, id, commands, errors, &stem, arrived, fx),
            SignOn::Refused(letter, failure) => (letter, failure),
            SignOn::Ignored(failure) => (None, Some(failure)),
        };
        // The same refused message again (the mail system delivering it twice after a
        // crash) is neither answered nor listed again. Refused messages are told apart by
        // their sender's address, so that a stranger who sends a copy of a genuine
        // Message-ID first does not make the genuine message be ignored (that one signs
        // on). Its password was checked again, though, and the throttle counts every
        // check: a guesser who repeats a Message-ID gains no uncounted guesses.
        let key = format!("<{}>", mail.from_address);
        let seen = self.state.seen_by.entry(key).or_default();
        let again = seen.contains(&id);
        if !again {
            seen.push(id.clone());
            if seen.len() > REFUSED_IDS {
                seen.remove(0);
            }
        }
        if let Some((role, ignored)) = failure {
            self.failed_signon(role, &mail.from_address, arrived, ignored, !again);
        }
        if again {
            fx.log.push(format!(
                "message {n:05} <{id}> was refused before: kept, not answered again"
            ));
            return Ok(fx);
        }
        // The sender's budget, by address: a forger spends the budget of the address it
        // forges, never the budget of the role it names.
        if self.spend(&mail.from_address, arrived) {
            fx.letters.extend(letter);
        } else if letter.is_some() {
            fx.log.push(format!(
                "{stem}: over the daily budget of <{}>: not answered",
                mail.from_address
            ));
        }
        Ok(fx)
    }

    /// Acts on the commands of a message signed on as `role`.
    #[allow(clippy::too_many_arguments)]
    fn signed_on(
        &mut self,
        who: Role,
        mail: Incoming,
        id: String,
        commands: Vec<Numbered>,
        errors: Vec<LineError>,
        stem: &str,
        arrived: Now,
        from_intake: &ask::FromIntake,
        mut fx: Effects,
    ) -> Result<Effects, GameError> {
        let n = &stem[1..];
        let role = who.text();
        // The same message delivered again (the mail system retrying after a crash) is not
        // counted against the role's budget a second time.
        let again = self.state.seen.iter().any(|s| s == &id)
            || self
                .state
                .seen_by
                .get(role)
                .is_some_and(|seen| seen.iter().any(|s| s == &id));
        if !again && !self.spend(&format!("role:{role}"), arrived) {
            fx.log.push(format!(
                "{stem}: {role} is over the daily budget of messages: kept, not acted on"
            ));
            return Ok(fx);
        }
        // A Message-ID is a duplicate only among the messages of the same role, once
        // authenticated: a stranger cannot have a genuine message ignored by sending its
        // Message-ID first.
        if self.seen_before(role, &id) {
            fx.log
                .push(format!("message {n:05} <{id}> was seen before: kept, not acted on"));
            return Ok(fx);
        }
        // A listed player of a game still open for sign-up: nothing to act on yet.
        if self.config.open.is_some() {
            fx.letters.push(self.not_started(who, stem, mail.message_id.clone()));
            return Ok(fx);
        }
        // Only what follows the SIGNON line is acted on; lines before it are listed as
        // ignored, so that an order written above the SIGNON is not lost without a word.
        let first = commands::signon_line(&commands);
        let mut errors: Vec<LineError> = errors.into_iter().filter(|e| e.line > first).collect();
        for c in commands.iter().filter(|c| c.line < first) {
            errors.push(LineError {
                line: c.line,
                text: c.text.clone(),
                message: said::Refusal::BeforeSignon,
            });
        }
        // A line the game's kind says can be no order is chatter (issue #24).
        let boardgame = matches!(self.kind.play(), Play::Moves(_));
        let chatter_line = |t: &str| is_chatter(t) || !self.kind.may_be_an_order(t);
        // A press with no end line ran to the end of the message. It is sent only when
        // none of its lines reads as an order or a command (each read as the message's
        // other lines are): else the player most likely forgot ENDPRESS above orders, which
        // would go to other players as press and not be acted on. Such a press is not sent,
        // and its lines are not acted on either: the reply names the line.
        let mut ended = Vec::with_capacity(commands.len());
        for c in commands.into_iter().filter(|c| c.line > first) {
            if let Command::Press {
                end: PressEnd::Message(lines),
                ..
            } = &c.command
            {
                let lang = self.config.reader(who).lang;
                let order = |t: &str| !is_chatter(t) && self.kind.reads_as_an_order(t, lang);
                if let Some(l) = commands::first_instruction(lines, order) {
                    errors.push(LineError {
                        line: c.line,
                        text: c.text.clone(),
                        message: said::Refusal::PressNotEnded {
                            line: l.number,
                            text: l.text.clone(),
                        },
                    });
                    continue;
                }
            }
            ended.push(c);
        }
        let (chatter, commands): (Vec<Numbered>, Vec<Numbered>) = ended
            .into_iter()
            .partition(|c| matches!(&c.command, Command::Order(t) if chatter_line(t)));
        // Bounded work: a player has a few dozen units; checking each of a flood of order
        // lines costs far more than reading them.
        let mut commands = commands;
        let unread = if commands.len() > MAX_COMMANDS {
            let rest = commands.split_off(MAX_COMMANDS);
            Some(said::Refusal::Unread {
                line: rest[0].line,
                after: rest.len() - 1,
                most: MAX_COMMANDS,
            })
        } else {
            None
        };
        let blocks = commands
            .iter()
            .filter(|c| matches!(c.command, Command::Press { .. }))
            .count();
        if blocks > self.config.limits.press_blocks {
            let reason = NotActedOn::TooManyPress {
                blocks,
                most: self.config.limits.press_blocks,
            };
            let mut letter = intake::refusal(self, &mail, format!("{stem}-reply-{}", who.lowercase()), &reason);
            letter.to = self.person(who).unwrap_or(letter.to);
            fx.letters.push(letter);
            return Ok(fx);
        }
        // The players' questions and settings are taken apart, and answered once the game
        // has acted on the rest (so that LIST counts the orders of the same message).
        let (questions, commands) = ask::split(commands, boardgame);
        let mut letters = if self.state.finished.is_some() {
            vec![self.game_over_reply(who, stem)]
        } else {
            self.kind.act(self, who, commands, errors, stem, arrived, &mut fx.log)?
        };
        let asked = self.ask(who, questions, &id, stem, arrived, from_intake)?;
        for l in letters
            .iter_mut()
            .filter(|l| l.stem.ends_with(&format!("reply-{}", who.lowercase())))
        {
            // The message's own Message-ID: a message without one is answered without
            // In-Reply-To (its key is a digest, no Message-ID anyone could thread on).
            l.in_reply_to = mail.message_id.clone();
            l.kind = crate::report::Kind::Reply;
            let lang = l.lang;
            let Some(answered) = l.view.answered() else {
                continue;
            };
            // The answers to questions join the reply's lines, each in the reader's words.
            answered.errors.extend(asked.errors.iter().map(|e| e.words(lang)));
            answered.errors.sort_by_key(|e| e.line);
            answered.done.extend(
                asked
                    .done
                    .iter()
                    .map(|(line, d)| (Some(*line), said::done_line(Some(*line), d, lang))),
            );
            answered.done.sort_by_key(|(line, _)| line.unwrap_or(usize::MAX));
            answered.cap(QUOTED_ERRORS);
            let chatter: Vec<views::LineWords> = chatter
                .iter()
                .map(|c| views::LineWords {
                    line: c.line,
                    text: c.text.clone(),
                    message: said::Refusal::Chatter.words(lang),
                })
                .collect();
            answered.not_understood = chatter;
            answered.unread = unread.as_ref().map(|u| u.words(lang)).unwrap_or_default();
        }
        fx.letters.append(&mut letters);
        // The answers to questions are replies too, threaded on the message's own
        // Message-ID (none for a message without one); a letter to another address (a
        // code sent to a new address) is not.
        fx.letters
            .extend(asked.letters.into_iter().map(|l| match l.in_reply_to {
                Some(_) => l.replying_to(mail.message_id.clone()),
                None => l,
            }));
        Ok(fx)
    }

    /// Has `who` (a role, or the referee) sent the message `id` before? Notes it when not. A
    /// Message-ID is a duplicate only among the messages of one signed-on sender.
    pub(crate) fn seen_before(&mut self, who: &str, id: &str) -> bool {
        let legacy = self.state.seen.iter().any(|s| s == id);
        let seen = self.state.seen_by.entry(who.to_string()).or_default();
        if legacy || seen.iter().any(|s| s == id) {
            return true;
        }
        seen.push(id.to_string());
        false
    }

    /// Checks the SIGNON line: the role, the game, the password (as `verdict` found it)
    /// and the sender's address. Changes nothing: a refusal says the same whatever did not
    /// match, and a failure for a role of the game comes back for [`Game::handle`] to note
    /// for the throttle and its player's digest.
    #[allow(clippy::too_many_arguments)]
    fn sign_on(
        &self,
        mail: &Incoming,
        commands: &[Numbered],
        errors: &[LineError],
        verdict: Verdict,
        stem: &str,
        arrived: Now,
        fx: &mut Effects,
    ) -> SignOn {
        let signon = commands.iter().find_map(|c| match &c.command {
            Command::Signon { role, game, .. } => Some((role, game)),
            _ => None,
        });
        let refuse = |game: &Game, reason: &NotActedOn, fx: &mut Effects| {
            fx.log.push(format!(
                "{stem}: SIGNON refused for <{}>: {}",
                mail.from_address,
                reason.words(crate::lang::Lang::En)
            ));
            if mail.from_address.is_empty() {
                return None;
            }
            Some(intake::refusal(game, mail, intake::refusal_stem(mail), reason))
        };
        let Some((role, game)) = signon else {
            let why = intake::no_signon(errors);
            return SignOn::Refused(refuse(self, &why, fx), None);
        };
        // The role is read once, against the game's kind: one of its roles, or the referee.
        let ours = game.eq_ignore_ascii_case(&self.config.game);
        let named = self.config.roles(self.kind).ok().and_then(|r| r.signon(role));
        // The referee's desk by mail: the same checks, the same refusal.
        if named == Some(Role::Referee) && ours && self.config.referee_password_hash.is_some() {
            if self.throttled(Role::Referee, arrived) {
                fx.log.push(format!(
                    "{stem}: SIGNON as the referee ignored: too many failures within the hour"
                ));
                return SignOn::Ignored((Role::Referee, true));
            }
            let address_ok = self.config.referee.email.eq_ignore_ascii_case(&mail.from_address);
            if verdict != Verdict::Matches || !address_ok {
                fx.log.push(format!("{stem}: SIGNON as the referee refused"));
                return SignOn::Refused(refuse(self, &NotActedOn::NoMatch, fx), Some((Role::Referee, false)));
            }
            return SignOn::Referee;
        }
        let player = named.and_then(|r| self.config.player(r)).filter(|_| ours).cloned();
        let Some(player) = player else {
            // The referee's log may say what the sender may have meant; the sender is told
            // nothing of the game's roles.
            let near = match (ours, named) {
                (true, None) => self
                    .config
                    .roles(self.kind)
                    .map(|r| r.did_you_mean(role))
                    .unwrap_or_default(),
                _ => String::new(),
            };
            fx.log
                .push(format!("{stem}: no such game or role: {game} {role}{near}"));
            return SignOn::Refused(refuse(self, &NotActedOn::NoMatch, fx), None);
        };
        if self.throttled(player.role, arrived) {
            fx.log.push(format!(
                "{stem}: SIGNON as {} ignored: too many failures within the hour",
                player.role
            ));
            return SignOn::Ignored((player.role, true));
        }
        let address_ok = player.email.eq_ignore_ascii_case(&mail.from_address);
        if verdict != Verdict::Matches || !address_ok {
            fx.log.push(format!(
                "{stem}: SIGNON as {}: password {}, address {}",
                player.role,
                if verdict == Verdict::Matches { "right" } else { "wrong" },
                if address_ok { "right" } else { "wrong" }
            ));
            return SignOn::Refused(refuse(self, &NotActedOn::NoMatch, fx), Some((player.role, false)));
        }
        SignOn::Role(player.role)
    }

    /// The letters of one `PRESS` command from `from`: one per recipient. `resolve` turns
    /// each name written after `PRESS TO` into a role of the game, or says why it cannot
    /// be written to. Grey press (`grey`) names no sender to its recipients, and the
    /// referee gets a copy that does. The game's `press:` decides what may be sent: none at
    /// all in a gunboat game, grey only where it says `grey`. Returns what the reply says
    /// (that the press ran to the end of the message, when `end` says it had no end line),
    /// and the letters.
    #[allow(clippy::too_many_arguments)]
    pub fn press(
        &self,
        from: Role,
        to: &PressTo,
        lines: &[String],
        grey: bool,
        end: &PressEnd,
        stem: &str,
        resolve: impl Fn(&str) -> Result<Role, said::Refusal>,
    ) -> Result<(said::Said, Vec<Letter>), said::Refusal> {
        use crate::game::config::PressRule;
        match self.config.press {
            PressRule::None => return Err(said::Refusal::NoPressInThisGame),
            PressRule::White if grey => return Err(said::Refusal::NoGreyPress),
            _ => {}
        }
        // A press line left at the foot of a message, or one whose only lines were a quote
        // or a signature (taken off before reading), sends nothing.
        if lines.iter().all(|l| l.trim().is_empty()) {
            return Err(said::Refusal::PressEmpty);
        }
        let recipients: Vec<Role> = match to {
            PressTo::All => self.roles(),
            PressTo::Powers(names) => {
                let mut out: Vec<Role> = Vec::new();
                for n in names {
                    let role = resolve(n)?;
                    if role != from && !out.contains(&role) {
                        out.push(role);
                    }
                }
                if out.is_empty() {
                    return Err(said::Refusal::NameAnotherPlayer);
                }
                out
            }
        };
        let public = matches!(to, PressTo::All);
        let shown_to = if public {
            "all".to_string()
        } else {
            recipients.iter().map(|r| r.text()).collect::<Vec<_>>().join(", ")
        };
        // What a reader is told of the sender: nothing, for grey press.
        let sender = if grey { String::new() } else { from.to_string() };
        let view = |common: views::Common, sender: String| views::Press {
            common,
            from: sender,
            to: shown_to.clone(),
            public,
            grey,
            referee_copy: false,
            lines: lines.to_vec(),
        };
        let subject = |lang: crate::lang::Lang, named: bool| match lang {
            crate::lang::Lang::En if grey && !named => format!("grey press to {shown_to}"),
            crate::lang::Lang::En if grey => format!("grey press from {from} to {shown_to}"),
            crate::lang::Lang::En => format!("press from {from} to {shown_to}"),
            crate::lang::Lang::Fr => {
                let by = if grey && !named {
                    String::new()
                } else {
                    format!(" {}", from.fr(Form::Of))
                };
                let kind = if grey { "presse grise" } else { "presse" };
                if public {
                    format!("{kind}{by} à tous")
                } else {
                    format!("{kind}{by} {}", Role::fr_list(&recipients, Form::To))
                }
            }
        };
        let mut letters: Vec<Letter> = recipients
            .iter()
            .map(|&r| {
                let letter = self.letter(
                    format!("{stem}-press-{}", r.lowercase()),
                    r,
                    &subject(self.config.reader(r).lang, false),
                    view(self.common(r), sender.clone()),
                );
                // Public press is one of the game's broadcasts; private press is not.
                if public {
                    letter.broadcast(&self.config.game)
                } else {
                    letter
                }
            })
            .collect();
        if public {
            letters.extend(self.to_observers(
                &format!("{stem}-press"),
                &subject(self.config.language, false),
                |common| view(common, sender.clone()),
            ));
        }
        if grey {
            // The referee's copy names the sender: grey press hides him from the players
            // only.
            let common = views::Common {
                role: Role::Referee.to_string(),
                name: self.config.referee.name.clone(),
                ..self.common(Role::Referee)
            };
            letters.push(self.letter(
                format!("{stem}-press-referee"),
                Role::Referee,
                &subject(self.config.language, true),
                views::Press {
                    referee_copy: true,
                    ..view(common, from.to_string())
                },
            ));
        }
        let to = if public { Vec::new() } else { recipients };
        let sent = if grey {
            said::Said::GreyPressSent { to }
        } else {
            said::Said::PressSent { to }
        };
        Ok((
            match end {
                PressEnd::Line => sent,
                PressEnd::Message(_) => said::Said::ToTheEnd(Box::new(sent)),
            },
            letters,
        ))
    }
}

/// What [`Game::sign_on`] decided.
enum SignOn {
    /// Signed on as this role.
    Role(Role),
    /// Signed on as the referee, for the desk's verbs.
    Referee,
    /// Refused, with the refusal to write (none when the sender has no address), and the
    /// failure to note for a role of the game or the referee (the role, not checked).
    Refused(Option<Letter>, Option<(Role, bool)>),
    /// Not even checked: the role's sign-ons are throttled. Nothing is written.
    Ignored((Role, bool)),
}

/// The most Message-IDs of refused messages kept per sender address.
pub(super) const REFUSED_IDS: usize = 100;

/// The most commands of one message that are acted on.
pub const MAX_COMMANDS: usize = 500;

/// The most lines not understood that a reply quotes; the rest are counted.
pub const QUOTED_ERRORS: usize = 20;

/// Makes a sender fit to be written to: an address mail cannot go to (`x@`, `a..b@c`)
/// becomes empty, and the name loses control characters (a header injection) or goes
/// when nothing is left of it.
pub(super) fn clean_sender(mail: &mut Incoming) {
    if mail.from_address.parse::<lettre::Address>().is_err() {
        mail.from_address.clear();
    }
    mail.from_name = mail
        .from_name
        .take()
        .map(|n| n.chars().filter(|c| !c.is_control()).collect::<String>())
        .filter(|n| !n.trim().is_empty());
}
