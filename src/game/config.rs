//! The players file (input of `arbitre new`) and the game's configuration kept in its folder.
//!
//! Read in two steps: serde reads the raw keys (unknown keys are refused with their line),
//! then [`PlayersFile::validate`] checks every value and says what to fix.
//!
//! Passwords (their hashes, checked and upgraded) are in `password.rs`, durations
//! (`72h`, `1d12h`) in `duration.rs`; both are re-exported here, where callers find them.

use crate::dice::Seed;
use crate::game::calendar::Calendar;
use crate::game::error::GameError;
use crate::game::kind::{house_rules_in_force, Kind, Kinds};
use crate::game::role::{Role, Roles};
pub use crate::lang::Lang;
use crate::yaml::FileError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use super::duration::{parse_duration, DurationError};
pub use super::password::{
    check_new_password, check_password, fresh_password, hash_password, is_password_hash, needs_upgrade, new_salt,
    store_password_hash, ARGON2_LANES, ARGON2_MEMORY_KIB, ARGON2_PASSES,
};
pub use crate::report::Person;

/// `deadlines:` as written: each phase kind's (a duration, `72h`, or days and a time in the
/// game's zone, `Fri 23:59`), and the least length of a phase on the calendar. Read by
/// [`crate::game::calendar::Calendar::read`].
#[derive(Deserialize, Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Deadlines {
    pub movement: String,
    pub retreat: String,
    pub adjustment: String,
    /// A phase on the calendar ends at least this long after it opens
    /// ([`crate::game::calendar::MIN_PHASE`] when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_phase: Option<String>,
}

impl Default for Deadlines {
    fn default() -> Deadlines {
        Deadlines {
            movement: "72h".into(),
            retreat: "24h".into(),
            adjustment: "24h".into(),
            min_phase: None,
        }
    }
}

#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct RawPlayer {
    pub name: String,
    pub email: String,
    pub role: String,
    /// The password, in clear; or give `password_hash` instead; or neither, and arbitre
    /// makes one and sends it to the player alone, in the welcome.
    #[serde(default)]
    pub password: String,
    /// A hash printed by `arbitre password`, so that the file need not hold the password.
    #[serde(default)]
    pub password_hash: Option<String>,
    /// This player's language, when not the game's.
    #[serde(default)]
    pub language: Option<Lang>,
    /// This player's time zone (`America/Montreal`), when not the game's.
    #[serde(default)]
    pub timezone: Option<String>,
}

/// The referee as the players file names them: the password, or its hash, signs the
/// referee's desk commands by mail (`SIGNON Referee <game> <password>`); without one the
/// desk is on the command line only.
#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct RawReferee {
    pub name: String,
    pub email: String,
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub password_hash: Option<String>,
}

impl RawReferee {
    pub fn person(&self) -> Person {
        Person {
            name: self.name.clone(),
            email: self.email.clone(),
        }
    }
}

/// The players file as written.
#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlayersFile {
    pub game: String,
    #[serde(default = "standard")]
    pub variant: String,
    pub referee: RawReferee,
    #[serde(default = "utc")]
    pub timezone: String,
    /// The language of every player who sets none (`en` by default).
    #[serde(default)]
    pub language: Lang,
    /// Anyone may `OBSERVE` the game's public reports (off by default).
    #[serde(default)]
    pub observers: bool,
    /// The press players may send one another: `white` (by default), `grey` or `none`.
    #[serde(default)]
    pub press: PressRule,
    /// Every player's name and address hidden from the other players (off by default).
    #[serde(default)]
    pub anonymous: bool,
    /// Diplomacy only (board games wait for each move).
    #[serde(default)]
    pub deadlines: Deadlines,
    /// The first deadline: Diplomacy only.
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub seed: Option<String>,
    /// Hours before a deadline at which players with missing orders are reminded.
    #[serde(default)]
    pub reminder: Option<String>,
    pub players: Vec<RawPlayer>,
    /// Options of the board games (`cannonballs: 4`).
    #[serde(default)]
    pub options: BTreeMap<String, serde_yaml::Value>,
    /// Named departures from the game's text (`[forgiving-first-acts]`); none by default.
    #[serde(default)]
    pub house_rules: Vec<String>,
    /// What one message, and one sender in a day, may cost the game (optional).
    #[serde(default)]
    pub limits: Limits,
    /// The referee's copies of the reports (issue #13): public on, private and divine off.
    #[serde(default)]
    pub referee_copies: RefereeCopies,
    /// How long after a deadline orders are still taken, marked late (`6h`); none by default.
    #[serde(default)]
    pub grace: Option<String>,
    /// After how many phases in a row without orders the referee is asked what to do with
    /// a power (2 by default).
    #[serde(default)]
    pub nmr_before_asking: Option<u32>,
    /// Refuse the messages the referee's receiving server found forged (off by default).
    #[serde(default)]
    pub require_authentication: Option<RequireAuthentication>,
    /// Open for sign-up by `JOIN` mails until a time: `players:` may then be short.
    #[serde(default)]
    pub open: Option<RawOpen>,
}

/// `open:` in the players file: the game fills by `JOIN <game> <password> [<preferences>]`
/// mails until `until`; with `password:` (or its hash), only those who know that sign-up
/// password may join, and each gets a password made by arbitre in the welcome.
#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct RawOpen {
    /// The end of the sign-up, RFC 3339 (`2026-11-30T20:00:00+01:00`).
    pub until: String,
    /// The sign-up password, in clear; or give `password_hash`; or neither (anyone joins).
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub password_hash: Option<String>,
}

/// `open:` in `game.yaml`: the game is open for sign-up (removed when it starts).
#[derive(Deserialize, Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Open {
    /// The end of the sign-up, RFC 3339.
    pub until: String,
    /// The sign-up password's hash, when the sign-up is private.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_hash: Option<String>,
    /// The first deadline the players file asked for (`start:`), RFC 3339: the game's
    /// first deadline when the game starts before it (see docs/referee.md).
    pub start: String,
}

/// What a password of the players file that breaks the rule ([`check_new_password`]) does
/// wrong, for the referee.
fn rule_broken(why: crate::game::said::PasswordProblem) -> String {
    use crate::game::said::PasswordProblem as P;
    match why {
        P::TooShort { min } => format!("the password has fewer than {min} characters"),
        P::Blank => "the password holds a space (it is one word of a SIGNON line)".into(),
        P::ControlCharacter => "the password holds a control character".into(),
        P::Redacted => "`********` is the archive's mask: choose another password".into(),
    }
}

/// The address `address` is already played from by one of `taken` (any case): one address
/// for two roles would tie the roles together in every header. The one check of `new`,
/// `replace` and `JOIN`.
pub fn address_in_use<'a>(mut taken: impl Iterator<Item = &'a str>, address: &str) -> bool {
    let address = address.to_lowercase();
    taken.any(|t| t.to_lowercase() == address)
}

/// `press:` in the players file and `game.yaml`: the press the players may send one
/// another. The referee's own letters go whatever it says.
#[derive(Deserialize, Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PressRule {
    /// Press names its sender's role (as every game had it before `press:`).
    #[default]
    White,
    /// Besides white press, `PRESS TO … GREY`: relayed without the sender's role; the
    /// referee gets a copy that names it.
    #[serde(alias = "gray")]
    Grey,
    /// No press between players (a gunboat game): every `PRESS` is refused.
    None,
}

impl PressRule {
    pub fn is_default(&self) -> bool {
        *self == PressRule::White
    }
}

/// `require_authentication:` in the players file and `game.yaml`: a message whose sender
/// the referee's own receiving server could not authenticate (its `Authentication-Results`
/// say `dmarc=fail`, or `spf=fail` and `dkim=fail`, for the `From:` domain) is kept in
/// `rejected/` and refused, and the referee is told ([`crate::mail::authres`]).
#[derive(Deserialize, Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RequireAuthentication {
    /// The authserv-id that server writes first in its `Authentication-Results` fields
    /// (`mx.example.org`); the fields of any other are ignored, as anyone can write them.
    pub authserv_id: String,
}

/// Which reports the referee gets a copy of (`referee_copies:` in the players file and in
/// `game.yaml`; every key optional). Each copy is a letter of its own to the referee.
#[derive(Deserialize, Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct RefereeCopies {
    /// The public report of every phase, and the final report.
    pub public: bool,
    /// The private letters of a phase to the powers (a blessing told to its power).
    pub private: bool,
    /// The private letters of God and the Devil: only when asked for by name.
    pub divine: bool,
}

impl Default for RefereeCopies {
    fn default() -> RefereeCopies {
        RefereeCopies {
            public: true,
            private: false,
            divine: false,
        }
    }
}

impl RefereeCopies {
    pub fn is_default(&self) -> bool {
        *self == RefereeCopies::default()
    }
}

/// After how many phases in a row without orders the referee is asked, when the game does
/// not say (`nmr_before_asking:`).
pub const NMR_BEFORE_ASKING: u32 = 2;

/// The bounds on the work incoming mail may cause (`limits:` in the players file and in
/// `game.yaml`; every key optional).
#[derive(Deserialize, Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// A larger message is refused with a short reply and kept under `rejected/`.
    pub message_bytes: u64,
    /// At most this many PRESS blocks in one message; more and the message is refused.
    pub press_blocks: usize,
    /// Messages acted on or answered per sender address and day (UTC); the rest are kept
    /// but neither acted on nor answered.
    pub messages_per_day: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            message_bytes: 1024 * 1024,
            press_blocks: 20,
            messages_per_day: 50,
        }
    }
}

impl Limits {
    pub fn is_default(&self) -> bool {
        *self == Limits::default()
    }
}

fn standard() -> String {
    "standard".into()
}
fn utc() -> String {
    "UTC".into()
}

/// A problem in a players file: where, and how to fix it.
pub type ConfigError = FileError;

/// A player as the game folder keeps them: the password only as a salted hash.
#[derive(Deserialize, Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub name: String,
    pub email: String,
    /// Read and written by its name (`France`, `God`, `Blue`).
    pub role: Role,
    pub password_hash: String,
    /// The player's own language, when not the game's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<Lang>,
    /// The player's own time zone, when not the game's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
}

/// Changes `DIR/game.yaml` by `change` and writes it anew, atomically: the desk's and the
/// players' settings (an address, a language, a replacement player). The caller holds the
/// game's lock. Returns the configuration as written.
pub fn update_game_config(
    dir: &std::path::Path,
    change: impl FnOnce(&mut crate::game::state::GameConfig) -> Result<(), GameError>,
) -> Result<crate::game::state::GameConfig, GameError> {
    use crate::game::state::GameConfig;
    let path = dir.join("game.yaml");
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(GameError::io(&path))?;
    let mut config: GameConfig = crate::yaml::from_str(&text, &origin)?;
    change(&mut config)?;
    let new_text = serde_yaml::to_string(&config)?;
    crate::store::write_atomic(&path, new_text.as_bytes()).map_err(GameError::io(&path))?;
    Ok(config)
}

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
    pub fn parse(text: &str, origin: &str) -> Result<PlayersFile, ConfigError> {
        crate::yaml::from_str(text, origin)
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
                        "require_authentication: authserv_id: `{}` is not a server's name; write the \
                         authserv-id that your receiving server puts first in its Authentication-Results \
                         lines, such as `mx.example.org`",
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
                    "game: `{}`: use letters, digits, `-` or `_` (it is typed in SIGNON lines)",
                    self.game
                ),
            ));
        }
        let Some(kind) = kinds.find(&self.variant) else {
            return Err(err(
                "variant",
                "",
                format!("variant: `{}` is not one of {}", self.variant, kinds.names().join(", ")),
            ));
        };
        let rules = kind.players_file();
        let timezone: chrono_tz::Tz = self.timezone.parse().map_err(|_| {
            err(
                "timezone",
                "",
                format!(
                    "timezone: `{}` is not a time zone name like `Europe/Paris`",
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
                    format!("start: `{text}`: write a time like `2026-12-01T20:00:00+01:00`"),
                )
            })?),
            None if rules.needs_start => {
                return Err(err(
                    "game",
                    "",
                    "missing `start:`, the first deadline (e.g. `start: 2026-12-01T20:00:00+01:00`)".into(),
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
                    "referee: password_hash is not a hash this program reads; make one with `arbitre password`".into(),
                ))
            }
            _ => {}
        }
        if !valid_email(&self.referee.email) {
            return Err(err(
                "referee",
                &self.referee.email,
                format!("referee: `{}` is not an email address", self.referee.email),
            ));
        }
        let mut seen_emails: Vec<String> = Vec::new();
        for p in &self.players {
            if !valid_email(&p.email) {
                return Err(err(
                    "players",
                    &p.email,
                    format!("players: `{}` is not an email address", p.email),
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
                                 or leave `password:` out and arbitre makes one",
                                p.name,
                                rule_broken(why)
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
                        "players: {}: password_hash is not a hash this program reads; make one with `arbitre password`",
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
                            "players: {}: timezone `{zone}` is not a time zone name like `America/Montreal`",
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
                        "players: `{r}` {}{}: use {}",
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
                "open: every role is already played by the players file: leave `open:` out".into(),
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
                    "open: until: `{}`: write a time like `2026-11-30T20:00:00+01:00`",
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
                    return Err(err("open", "password", format!("open: password: {}", rule_broken(why))));
                }
                Some(hash_password(p, &new_salt()))
            }
            (None, Some(h)) if !is_password_hash(h) => {
                return Err(err(
                    "open",
                    "password_hash",
                    "open: password_hash is not a hash this program reads; make one with `arbitre password`".into(),
                ))
            }
            (None, h) => h.clone(),
        };
        let start = start.ok_or_else(|| err("game", "", "missing `start:`, the first deadline".into()))?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::REGISTRY;

    const GOOD: &str = "\
game: vopaliec
variant: standard
referee: {name: Arbitre, email: arbitre@example.org}
timezone: Europe/Paris
deadlines: {movement: 72h, retreat: 24h, adjustment: 1d}
start: 2026-12-01T20:00:00+01:00
players:
  - {name: A, email: a@example.org, role: England, password: pass-a}
  - {name: B, email: b@example.org, role: France, password: pass-b}
  - {name: C, email: c@example.org, role: Germany, password: pass-c}
  - {name: D, email: d@example.org, role: Italy, password: pass-d}
  - {name: E, email: e@example.org, role: Austria, password: pass-e}
  - {name: F, email: f@example.org, role: Russia, password: pass-f}
  - {name: G, email: g@example.org, role: Turkey, password: pass-g}
";

    fn check(text: &str) -> Result<Checked, ConfigError> {
        PlayersFile::parse(text, "players.yaml")?.validate(&REGISTRY, text, "players.yaml")
    }

    #[test]
    fn language_time_zones_observers_and_the_referee_password_are_read() {
        let text = GOOD
            .replace(
                "referee: {name: Arbitre, email: arbitre@example.org}",
                "referee: {name: Arbitre, email: arbitre@example.org, password: t0p}\nlanguage: fr\nobservers: true",
            )
            .replace(
                "role: France, password: pass-b}",
                "role: France, password: pass-b, language: en, timezone: America/Montreal}",
            );
        let c = check(&text).unwrap();
        assert_eq!(c.file.language, Lang::Fr);
        assert!(c.file.observers);
        assert_eq!(c.file.referee.password.as_deref(), Some("t0p"));
        assert_eq!(c.file.players[1].language, Some(Lang::En));
        let bad = text.replace("America/Montreal", "Mars/Olympus");
        let e = check(&bad).unwrap_err();
        assert!(e.to_string().contains("`Mars/Olympus` is not a time zone"), "{e}");
        let both = text.replace("password: t0p", "password: t0p, password_hash: x");
        assert!(check(&both).unwrap_err().to_string().contains("not both"));
        assert!(check(&text.replace("language: fr", "language: de")).is_err());
    }

    #[test]
    fn require_authentication_names_the_receiving_server() {
        let c = check(GOOD).unwrap();
        assert_eq!(c.file.require_authentication, None, "off by default");
        let on = format!("{GOOD}\nrequire_authentication: {{authserv_id: mx.example.org}}\n");
        let c = check(&on).unwrap();
        let id = c.file.require_authentication.map(|r| r.authserv_id);
        assert_eq!(id.as_deref(), Some("mx.example.org"));
        let e = check(&on.replace("mx.example.org", "\"mx example\"")).unwrap_err();
        assert!(
            e.to_string()
                .contains("authserv_id: `mx example` is not a server's name"),
            "{e}"
        );
        // A bare `true` says nothing of which server to trust.
        assert!(check(&format!("{GOOD}\nrequire_authentication: true\n")).is_err());
    }

    #[test]
    fn press_and_anonymity_are_read_and_default_to_white_and_named() {
        let c = check(GOOD).unwrap();
        assert_eq!((c.file.press, c.file.anonymous), (PressRule::White, false));
        for (written, rule) in [
            ("white", PressRule::White),
            ("grey", PressRule::Grey),
            ("gray", PressRule::Grey),
            ("none", PressRule::None),
        ] {
            let c = check(&format!("{GOOD}press: {written}\nanonymous: true\n")).unwrap();
            assert_eq!((c.file.press, c.file.anonymous), (rule, true), "press: {written}");
        }
        let e = check(&format!("{GOOD}press: loud\n")).unwrap_err();
        assert!(e.to_string().contains("loud"), "{e}");
        assert_eq!(e.line, Some(15), "{e}");
    }

    #[test]
    fn an_open_game_may_leave_roles_free_and_its_sign_up_is_checked() {
        let short = GOOD.replace(
            "  - {name: G, email: g@example.org, role: Turkey, password: pass-g}\n",
            "",
        );
        let open = |o: &str| short.replacen("players:", &format!("open: {{{o}}}\nplayers:"), 1);
        let c = check(&open("until: 2026-11-30T20:00:00+01:00")).unwrap();
        let o = c.open.unwrap();
        assert_eq!((o.until.as_str(), o.password_hash), ("2026-11-30T20:00:00+01:00", None));
        assert_eq!(o.start, "2026-12-01T20:00:00+01:00");
        let private = check(&open("until: 2026-11-30T20:00:00+01:00, password: club-s3cret")).unwrap();
        assert!(check_password(
            "club-s3cret",
            &private.open.unwrap().password_hash.unwrap()
        ));
        for (o, says) in [
            ("until: Monday", "open: until: `Monday`: write a time like"),
            (
                "until: 2026-11-30T20:00:00Z, password: club",
                "open: password: the password has fewer than 6",
            ),
        ] {
            let e = check(&open(o)).unwrap_err();
            assert!(e.message.starts_with(says), "{e}");
        }
        let full = GOOD.replacen("players:", "open: {until: 2026-11-30T20:00:00Z}\nplayers:", 1);
        assert!(check(&full)
            .unwrap_err()
            .message
            .contains("every role is already played"));
        let jomini = "game: j\nvariant: jomini\nreferee: {name: R, email: r@example.org}\n\
                      open: {until: 2026-11-30T20:00:00Z}\nplayers: []\n";
        let e = check(jomini).unwrap_err();
        assert!(e.message.contains("sign-up by JOIN is for the Diplomacy games"), "{e}");
    }

    #[test]
    fn a_players_password_follows_the_one_rule_or_is_made_by_arbitre() {
        let e = check(&GOOD.replace("password: pass-c", "password: pc")).unwrap_err();
        assert_eq!(e.line, Some(10), "{e}");
        assert!(e.message.contains("C: the password has fewer than 6 characters"), "{e}");
        let e = check(&GOOD.replace("password: pass-c", "password: \"two words\"")).unwrap_err();
        assert!(e.message.contains("C: the password holds a space"), "{e}");
        // Left out: arbitre makes one (`Game::create`).
        assert!(check(&GOOD.replace(", password: pass-c", "")).is_ok());
    }

    #[test]
    fn a_good_players_file_is_accepted() {
        let c = check(GOOD).unwrap();
        assert_eq!(c.file.players.len(), 7);
        assert_eq!(c.timezone, chrono_tz::Europe::Paris);
    }

    #[test]
    fn mistakes_are_named_with_their_line() {
        let e = check(&GOOD.replace("Europe/Paris", "Europe/Pariss")).unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        let e = check(&GOOD.replace("role: Turkey", "role: Ottoman")).unwrap_err();
        assert!(e.message.contains("`Ottoman` is not a role"), "{e}");
        assert!(!e.message.contains("did you mean"), "{e}");
        // A slip gets what it may be for (issue #24).
        let e = check(&GOOD.replace("role: Turkey", "role: Turkye")).unwrap_err();
        assert!(
            e.message
                .contains("`Turkye` is not a role of this game (did you mean Turkey?): use England,"),
            "{e}"
        );
        let e = check(&GOOD.replace("72h", "72 hours")).unwrap_err();
        assert!(e.message.contains("write a duration"), "{e}");
        let e = check(&GOOD.replace("g@example.org", "a@example.org")).unwrap_err();
        assert!(e.message.contains("two roles"), "{e}");
        let e = check(&GOOD.replace("referee:", "referees:")).unwrap_err();
        assert!(e.message.contains("unknown field"), "{e}");
        let e = check(&GOOD.replace(
            "  - {name: G, email: g@example.org, role: Turkey, password: pass-g}\n",
            "",
        ))
        .unwrap_err();
        assert!(e.message.contains("nobody plays Turkey"), "{e}");
    }

    #[test]
    fn deadlines_on_the_calendar_are_read_and_a_mistake_names_its_key_line_and_token() {
        let calendar = "deadlines:\n  movement: Fri 23:59\n  retreat: quotidien 20h00\n  \
                        adjustment: \"lundi,jeudi 20:00\"\n  min_phase: 36h\n";
        let text = GOOD.replace("deadlines: {movement: 72h, retreat: 24h, adjustment: 1d}\n", calendar);
        let c = check(&text).unwrap();
        assert_eq!(c.file.deadlines.min_phase.as_deref(), Some("36h"));
        assert_eq!(c.file.deadlines.retreat, "quotidien 20h00");
        let e = check(&text.replace("quotidien 20h00", "quotidien 20h60")).unwrap_err();
        assert_eq!(
            (e.line, e.key.as_deref(), e.token.as_deref()),
            (Some(7), Some("deadlines"), Some("quotidien 20h60")),
            "{e}"
        );
        assert!(
            e.message
                .starts_with("deadlines: retreat: `quotidien 20h60`: `20h60` is not a time of day"),
            "{e}"
        );
        let e = check(&text.replace("min_phase: 36h", "min_phase: 36")).unwrap_err();
        assert_eq!((e.line, e.token.as_deref()), (Some(9), Some("36")), "{e}");
        assert!(
            e.message.starts_with("deadlines: min_phase: `36`: write a duration"),
            "{e}"
        );
        let e = check(&text.replace("Fri 23:59", "Fri")).unwrap_err();
        assert!(e.message.contains("or days and a time in the game's zone"), "{e}");
        // Without min_phase, the default; game.yaml keeps no key it was not given.
        let c = check(&text.replace("  min_phase: 36h\n", "")).unwrap();
        assert_eq!(c.file.deadlines.min_phase, None);
        assert!(!serde_yaml::to_string(&c.file.deadlines).unwrap().contains("min_phase"));
    }

    #[test]
    fn a_comment_does_not_take_the_line_of_a_mistake() {
        // The example players file opens with such comments.
        let text = format!(
            "# The players file of the example game: a game of Diplomacy\n# (timezone: Paris)\n{}",
            GOOD.replace("game: vopaliec", "game: my game")
        );
        let e = check(&text).unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        let text = format!(
            "# timezone: where the deadlines are\n{}",
            GOOD.replace("Europe/Paris", "Europe/Pariss")
        );
        assert_eq!(check(&text).unwrap_err().line, Some(5));
        let e = check(&GOOD.replace("b@example.org, role: France", "b@example.org, role: Frnace")).unwrap_err();
        assert_eq!(e.line, Some(9), "{e}");
    }

    #[test]
    fn a_board_game_s_options_are_checked_with_their_line() {
        let jomini = "\
game: duel
variant: jomini
referee: {name: Arbitre, email: arbitre@example.org}
options: {first: blue, victory: 3}
players:
  - {name: A, email: a@example.org, role: Blue, password: pass-a}
  - {name: B, email: b@example.org, role: Red, password: pass-b}
";
        assert!(check(jomini).is_ok());
        for (bad, says) in [("first: blue", "frist: blue"), ("first: blue", "first: green")] {
            let e = check(&jomini.replace(bad, says)).unwrap_err();
            assert_eq!((e.file.as_str(), e.line), ("players.yaml", Some(4)), "{e}");
            assert!(e.message.starts_with("options: "), "{e}");
        }
    }

    #[test]
    fn a_house_rule_refused_is_named_as_the_token_at_its_own_line() {
        let jomini = "game: j\nvariant: jomini\nreferee: {name: R, email: r@example.org}\nhouse_rules:\n  - x\n  - y\n\
                      players:\n  - {name: A, email: a@example.org, role: Blue, password: pass-a}\n\
                      \x20 - {name: B, email: b@example.org, role: Red, password: pass-b}\n";
        let e = check(jomini).unwrap_err();
        assert_eq!(
            (e.line, e.key.as_deref(), e.token.as_deref()),
            (Some(5), Some("house_rules"), Some("x")),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "players.yaml:5: house_rules: `x`: JOMINI has no house rules; remove `house_rules:` to play it as written"
        );
    }

    #[test]
    fn control_characters_in_names_and_addresses_are_refused_with_their_line() {
        let cases = [
            (
                "{name: B, email: b@example.org",
                "{name: \"B\\r\\nBcc: x@evil.example\", email: b@example.org",
                9,
                "CR",
            ),
            (
                "{name: C, email: c@example.org",
                "{name: C, email: \"c@example.org\\n\"",
                10,
                "LF",
            ),
            (
                "{name: D, email: d@example.org",
                "{name: \"\\0\", email: d@example.org",
                11,
                "NUL",
            ),
            (
                "{name: Arbitre, email:",
                "{name: \"Arbitre\\x1b[2J\", email:",
                3,
                "U+001B",
            ),
        ];
        for (good, bad, line, says) in cases {
            let text = GOOD.replace(good, bad);
            assert_ne!(text, GOOD);
            let e = check(&text).unwrap_err();
            assert_eq!(e.line, Some(line), "{bad}: {e}");
            assert!(
                e.message.contains("control character") && e.message.contains(says),
                "{e}"
            );
        }
    }

    #[test]
    fn limits_are_optional_and_checked() {
        let file = |extra: &str| {
            let text = GOOD.replacen("players:", &format!("{extra}players:"), 1);
            PlayersFile::parse(&text, "p.yaml").and_then(|f| f.validate(&REGISTRY, &text, "p.yaml"))
        };
        assert_eq!(file("").unwrap().file.limits, Limits::default());
        let set = file("limits: {press_blocks: 5}\n").unwrap().file.limits;
        assert_eq!((set.press_blocks, set.message_bytes), (5, 1024 * 1024));
        let e = file("limits: {messages_per_day: 0}\n").unwrap_err();
        assert!(e.message.contains("messages_per_day: 0 is too small"), "{}", e.message);
        assert!(file("limits: {press: 5}\n").is_err(), "an unknown key is refused");
    }
}
