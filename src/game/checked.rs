//! The players file checked ([`PlayersFile::validate`]): every value valid, every role of
//! the game's kind taken once, each error with its line, its key and how to fix it. The
//! file's keys themselves are in `config.rs`.

use super::config::*;
use crate::dice::Seed;
use crate::game::calendar::Calendar;
use crate::game::kind::{house_rules_in_force, Kind, Kinds};
use crate::game::role::{Role, Roles};
use std::collections::BTreeMap;

/// A players file checked: every value valid, every Diplomacy role taken exactly once.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The game's kind, found among those the file was checked against.
    pub kind: &'static dyn Kind,
    pub file: PlayersFile,
    pub timezone: chrono_tz::Tz,
    /// The first deadline (Diplomacy).
    pub start: Option<chrono::DateTime<chrono::FixedOffset>>,
    pub seed: Option<Seed>,
    /// The role of each player, in the file's order, read against the game's kind.
    pub roles: Vec<Role>,
    /// The sign-up, when the game is open for it.
    pub open: Option<Open>,
}

impl PlayersFile {
    /// The file's keys read. A mistake inside one player's entry is said of that entry as a
    /// person counts and knows it (`players, 1st entry (Alice Martin, France): …`), not by
    /// the YAML reader's index from 0 (`players[0]`).
    pub fn parse(text: &str, origin: &str) -> Result<PlayersFile, ConfigError> {
        crate::yaml::from_str(text, origin).map_err(|mut e| {
            if let Some((i, rest)) = entry_of(&e.message) {
                e.message = format!("players, {} entry{}: {rest}", ordinal(i + 1), who(text, i));
            }
            e
        })
    }

    /// Checks the values. `text` is the file's text, to point at lines. The game is played on
    /// the standard map, whose powers are the roles of a Diplomacy game.
    /// Checks the file against the game `kinds`: its `variant:` is one of them, and what it
    /// says is what a game of that kind takes.
    pub fn validate(self, kinds: &Kinds, text: &str, origin: &str) -> Result<Checked, ConfigError> {
        kinds.install();
        let err = |key: &str, needle: &str, message: String| ConfigError::at(origin, text, key, needle, message);
        let l = &self.limits;
        for (key, value, least) in [
            ("message_bytes", l.message_bytes, 1024),
            ("press_blocks", l.press_blocks as u64, 1),
            ("messages_per_day", u64::from(l.messages_per_day), 1),
        ] {
            if value < least {
                return Err(err(
                    "limits",
                    key,
                    format!(
                        "limits: {key}: {value} is too small; write at least {least}, or leave it out for the default"
                    ),
                ));
            }
        }
        if let Some(r) = &self.require_authentication {
            let id = r.authserv_id.trim();
            if id.is_empty() || id.contains(|c: char| c.is_whitespace() || c == ';' || c == '(') {
                return Err(err(
                    "require_authentication",
                    "authserv_id",
                    format!(
                        "require_authentication: authserv_id: \"{}\" is not a server's name; write the \
                         authserv-id that your receiving server puts first in its Authentication-Results \
                         lines, such as \"mx.example.org\"",
                        r.authserv_id
                    ),
                ));
            }
        }
        if self.game.is_empty()
            || !self
                .game
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(err(
                "game",
                "",
                format!(
                    "game: \"{}\": use letters, digits, \"-\" or \"_\" (it is typed in SIGNON lines)",
                    self.game
                ),
            ));
        }
        let Some(kind) = kinds.find(&self.variant) else {
            return Err(err(
                "variant",
                "",
                format!(
                    "variant: \"{}\" is not one of {}",
                    self.variant,
                    kinds.names().join(", ")
                ),
            ));
        };
        let rules = kind.players_file();
        let timezone: chrono_tz::Tz = self.timezone.parse().map_err(|_| {
            err(
                "timezone",
                "",
                format!(
                    "timezone: \"{}\" is not a time zone name like \"Europe/Paris\"",
                    self.timezone
                ),
            )
        })?;
        if let Err(e) = Calendar::read(&self.deadlines) {
            // The line of the key; the token is the text at fault.
            let mut at = err("deadlines", e.key, e.to_string());
            at.token = Some(e.text.as_str().into());
            return Err(at);
        }
        if let Some(r) = &self.reminder {
            parse_duration(r).map_err(|e| err("reminder", "", format!("reminder: {e}")))?;
        }
        if let Some(g) = &self.grace {
            parse_duration(g).map_err(|e| err("grace", "", format!("grace: {e}")))?;
        }
        if self.nmr_before_asking == Some(0) {
            return Err(err(
                "nmr_before_asking",
                "",
                "nmr_before_asking: 0 would ask before any phase was missed; write 1 or more, or leave it out for 2"
                    .into(),
            ));
        }
        let start = match &self.start {
            Some(text) => Some(chrono::DateTime::parse_from_rfc3339(text).map_err(|_| {
                err(
                    "start",
                    "",
                    format!("start: \"{text}\": write a time like \"2026-12-01T20:00:00+01:00\""),
                )
            })?),
            None if rules.needs_start => {
                return Err(err(
                    "game",
                    "",
                    "missing \"start:\", the first deadline (e.g. \"start: 2026-12-01T20:00:00+01:00\")".into(),
                ))
            }
            None => None,
        };
        let seed = match &self.seed {
            Some(s) => Some(Seed::from_hex(s).map_err(|e| err("seed", "", format!("seed: {e}")))?),
            None => None,
        };
        let open = match &self.open {
            Some(o) => Some(self.check_open(o, rules.every_role_played, start, &err)?),
            None => None,
        };
        // A line break in a name or an address would write headers of its own into every
        // message (`Bcc:` to a stranger); other control characters have no place there either.
        let people = std::iter::once(("referee", None, &self.referee.name, &self.referee.email)).chain(
            self.players
                .iter()
                .enumerate()
                .map(|(i, p)| ("players", Some((i, p)), &p.name, &p.email)),
        );
        for (key, player, name, email) in people {
            for (field, value) in [("name", name), ("email", email)] {
                let Some(bad) = value.chars().find(|c| c.is_control()) else {
                    continue;
                };
                let clean = |v: &str| !v.is_empty() && !v.contains(|c: char| c.is_control());
                let before: &str = value.split(|c: char| c.is_control()).next().unwrap_or_default();
                let needle = [before, email.as_str(), name.as_str()]
                    .into_iter()
                    .find(|v| clean(v) && v.len() > 1)
                    .or(player.map(|(_, p)| p.role.as_str()))
                    .unwrap_or_default();
                let whose = match player {
                    Some((i, _)) => format!("players: player {}", i + 1),
                    None => "referee".to_string(),
                };
                return Err(err(
                    key,
                    needle,
                    format!(
                        "{whose}: the {field} {value:?} holds a control character ({}): \
                         write it on one line, without line breaks or tabs",
                        control_name(bad)
                    ),
                ));
            }
        }
        match (&self.referee.password, &self.referee.password_hash) {
            (Some(_), Some(_)) => {
                return Err(err(
                    "referee",
                    "password",
                    "referee: give password or password_hash, not both".into(),
                ))
            }
            (Some(p), None) if p.trim().is_empty() => {
                return Err(err(
                    "referee",
                    "password",
                    "referee: the password is empty; write one, or leave the key out (no desk by mail)".into(),
                ))
            }
            (None, Some(hash)) if !is_password_hash(hash) => {
                return Err(err(
                    "referee",
                    "password_hash",
                    "referee: password_hash is not a hash this program reads; make one with \"arbitre password\""
                        .into(),
                ))
            }
            _ => {}
        }
        if !valid_email(&self.referee.email) {
            return Err(err(
                "referee",
                &self.referee.email,
                format!("referee: \"{}\" is not an email address", self.referee.email),
            ));
        }
        let mut seen_emails: Vec<String> = Vec::new();
        for p in &self.players {
            if !valid_email(&p.email) {
                return Err(err(
                    "players",
                    &p.email,
                    format!("players: \"{}\" is not an email address", p.email),
                ));
            }
            match &p.password_hash {
                // arbitre makes one, sent to the player alone in the welcome.
                None if p.password.is_empty() => {}
                None => {
                    if let Err(why) = check_new_password(&p.password) {
                        return Err(err(
                            "players",
                            &p.email,
                            format!(
                                "players: {}: {} (the rule of every player's password: docs/mail-commands.md); \
                                 or leave \"password:\" out and arbitre makes one",
                                p.name,
                                crate::lang::Worded::words(&why, Lang::En)
                            ),
                        ));
                    }
                }
                Some(_) if !p.password.is_empty() => {
                    return Err(err(
                        "players",
                        &p.email,
                        format!("players: {}: give password or password_hash, not both", p.name),
                    ))
                }
                Some(hash) if !is_password_hash(hash) => {
                    return Err(err(
                        "players",
                        &p.email,
                        format!(
                        "players: {}: password_hash is not a hash this program reads; make one with \"arbitre password\"",
                        p.name
                    ),
                    ))
                }
                Some(_) => {}
            }
            if let Some(zone) = &p.timezone {
                if zone.parse::<chrono_tz::Tz>().is_err() {
                    return Err(err(
                        "players",
                        zone,
                        format!(
                            "players: {}: timezone \"{zone}\" is not a time zone name like \"America/Montreal\"",
                            p.name
                        ),
                    ));
                }
            }
            if address_in_use(seen_emails.iter().map(String::as_str), &p.email) {
                return Err(err(
                    "players",
                    &p.email,
                    format!("players: {} plays two roles; give each role its own address", p.email),
                ));
            }
            seen_emails.push(p.email.clone());
        }
        // Each player's role, read once against the game's kind: a power or an extra role
        // of the ruleset, each played exactly once; or a side of the board game, at most once.
        let game_roles =
            Roles::of(kind, self.players.len()).map_err(|e| err("players", "", format!("players: {e}")))?;
        let mut roles: Vec<Role> = Vec::new();
        for p in &self.players {
            let Some(role) = game_roles.parse(&p.role) else {
                let r = &p.role;
                return Err(err(
                    "players",
                    r,
                    format!(
                        "players: \"{r}\" {}{}: use {}",
                        rules.not_a_role,
                        game_roles.did_you_mean(r),
                        game_roles.names()
                    ),
                ));
            };
            roles.push(role);
        }
        for &r in game_roles.list() {
            match roles.iter().filter(|&&x| x == r).count() {
                // An open game fills its free roles by JOIN.
                0 if rules.every_role_played && open.is_none() => {
                    return Err(err("players", "", format!("players: nobody plays {r}")))
                }
                0 | 1 => {}
                _ => return Err(err("players", r.text(), format!("players: {r} is listed twice"))),
            }
        }
        if open.is_some() && game_roles.list().iter().all(|r| roles.contains(r)) {
            return Err(err(
                "open",
                "",
                "open: every role is already played by the players file: leave \"open:\" out".into(),
            ));
        }
        if let (Some(why), false) = (rules.no_options, self.options.is_empty()) {
            return Err(err("options", "", format!("options: {why}")));
        }
        for (k, v) in &self.options {
            if option_text(v).is_none() {
                return Err(err(
                    "options",
                    k,
                    format!("options: {k}: write a number, a word or true/false"),
                ));
            }
        }
        if let Err(e) = house_rules_in_force(kind.house_rules(), kind.title(), &self.house_rules) {
            return Err(err("house_rules", e.name(), format!("house_rules: {e}")));
        }
        if let Err(e) = kind.check_options(self.players.len(), self.options_text(), &self.house_rules) {
            return Err(err("options", "", format!("options: {e}")));
        }
        Ok(Checked {
            kind,
            file: self,
            timezone,
            start,
            seed,
            roles,
            open,
        })
    }

    /// Checks `open:`: a game whose every role is played (its roles do not depend on its
    /// number of players), a closing time, and a sign-up password that follows the rule.
    fn check_open(
        &self,
        o: &RawOpen,
        every_role_played: bool,
        start: Option<chrono::DateTime<chrono::FixedOffset>>,
        err: &dyn Fn(&str, &str, String) -> ConfigError,
    ) -> Result<Open, ConfigError> {
        if !every_role_played {
            return Err(err(
                "open",
                "",
                "open: a board game is seated by its players file (its sides depend on how many play); \
                 sign-up by JOIN is for the Diplomacy games"
                    .into(),
            ));
        }
        let until = chrono::DateTime::parse_from_rfc3339(&o.until).map_err(|_| {
            err(
                "open",
                "until",
                format!(
                    "open: until: \"{}\": write a time like \"2026-11-30T20:00:00+01:00\"",
                    o.until
                ),
            )
        })?;
        let password_hash = match (&o.password, &o.password_hash) {
            (Some(_), Some(_)) => {
                return Err(err(
                    "open",
                    "password",
                    "open: give password or password_hash, not both".into(),
                ))
            }
            (Some(p), None) => {
                if let Err(why) = check_new_password(p) {
                    return Err(err(
                        "open",
                        "password",
                        format!("open: password: {}", crate::lang::Worded::words(&why, Lang::En)),
                    ));
                }
                Some(hash_password(p, &new_salt()))
            }
            (None, Some(h)) if !is_password_hash(h) => {
                return Err(err(
                    "open",
                    "password_hash",
                    "open: password_hash is not a hash this program reads; make one with \"arbitre password\"".into(),
                ))
            }
            (None, h) => h.clone(),
        };
        let start = start.ok_or_else(|| err("game", "", "missing \"start:\", the first deadline".into()))?;
        Ok(Open {
            until: until.to_rfc3339(),
            password_hash,
            start: start.to_rfc3339(),
        })
    }
}

/// An option's value as text (`4`, `true`, `short`); `None` for a list or a mapping.
pub fn option_text(v: &serde_yaml::Value) -> Option<String> {
    match v {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        serde_yaml::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

impl PlayersFile {
    /// The options as text, keys in lower case.
    pub fn options_text(&self) -> BTreeMap<String, String> {
        self.options
            .iter()
            .filter_map(|(k, v)| Some((k.to_lowercase(), option_text(v)?)))
            .collect()
    }
}

/// The index and the rest of a message of the YAML reader about one entry of `players:`
/// (`players[0].language: …`, `players[2]: missing …`).
fn entry_of(message: &str) -> Option<(usize, &str)> {
    let (index, rest) = message.strip_prefix("players[")?.split_once(']')?;
    let rest = rest.strip_prefix('.').or_else(|| rest.strip_prefix(": "))?;
    Some((index.parse().ok()?, rest))
}

/// `1st`, `2nd`, `3rd`, `4th`… `11th`, `21st`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// ` (Alice Martin, France)`: the name and the role of the `i`th entry (from 0) of
/// `players:` in `text`, those it has; nothing when it has neither.
fn who(text: &str, i: usize) -> String {
    let Ok(file) = serde_yaml::from_str::<serde_yaml::Value>(text) else {
        return String::new();
    };
    let entry = &file["players"][i];
    let known: Vec<&str> = ["name", "role"].iter().filter_map(|k| entry[*k].as_str()).collect();
    if known.is_empty() {
        String::new()
    } else {
        format!(" ({})", known.join(", "))
    }
}

/// How a control character is called in an error message.
fn control_name(c: char) -> String {
    match c {
        '\r' => "CR, a carriage return".into(),
        '\n' => "LF, a line feed".into(),
        '\0' => "NUL".into(),
        '\t' => "a tab".into(),
        c => format!("U+{:04X}", c as u32),
    }
}

fn valid_email(e: &str) -> bool {
    let Some((local, domain)) = e.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !e.contains(|c: char| c.is_whitespace() || c == '<' || c == '>' || c == ',')
        // and one mail can really be sent to (`a..b@c.org` is not).
        && e.parse::<lettre::Address>().is_ok()
}
