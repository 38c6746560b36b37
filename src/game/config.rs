//! The players file (input of `arbitre new`) and the game's configuration kept in its folder.
//!
//! Read in two steps: serde reads the raw keys (unknown keys are refused with their line),
//! then [`PlayersFile::validate`] checks every value and says what to fix.

use crate::dice::{hex, unhex, Seed};
use crate::map::Map;
use crate::yaml::FileError;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The variants a game may be played in.
pub const GAME_VARIANTS: &[&str] = &[
    "standard",
    "diable-et-bon-dieu",
    "diam",
    "diabolik-fleet",
    "belligerants",
    "jomini",
];

pub use crate::report::Person;

#[derive(Deserialize, Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Deadlines {
    pub movement: String,
    pub retreat: String,
    pub adjustment: String,
}

impl Default for Deadlines {
    fn default() -> Deadlines {
        Deadlines {
            movement: "72h".into(),
            retreat: "24h".into(),
            adjustment: "24h".into(),
        }
    }
}

#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct RawPlayer {
    pub name: String,
    pub email: String,
    pub role: String,
    pub password: String,
}

/// The players file as written.
#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlayersFile {
    pub game: String,
    #[serde(default = "standard")]
    pub variant: String,
    pub referee: Person,
    #[serde(default = "utc")]
    pub timezone: String,
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
    /// What one message, and one sender in a day, may cost the game (optional).
    #[serde(default)]
    pub limits: Limits,
}

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
    pub role: String,
    pub password_hash: String,
}

/// A duration written `72h`, `3d`, `90m` or `1d12h`.
pub fn parse_duration(text: &str) -> Result<chrono::Duration, String> {
    let t = text.trim().to_ascii_lowercase();
    let mut total = chrono::Duration::zero();
    let mut number = String::new();
    let mut any = false;
    for c in t.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        if c.is_whitespace() {
            continue;
        }
        let n: i64 = number
            .parse()
            .map_err(|_| format!("`{text}`: write a duration like `72h`, `3d` or `1d12h`"))?;
        number.clear();
        total += match c {
            'd' => chrono::Duration::days(n),
            'h' => chrono::Duration::hours(n),
            'm' => chrono::Duration::minutes(n),
            _ => return Err(format!("`{text}`: unknown unit `{c}` (use d, h or m)")),
        };
        any = true;
    }
    if !number.is_empty() || !any || total <= chrono::Duration::zero() {
        return Err(format!("`{text}`: write a duration like `72h`, `3d` or `1d12h`"));
    }
    Ok(total)
}

/// Rounds of the password hash: enough to make guessing slow, little for one check.
const HASH_ROUNDS: u32 = 20_000;

/// `sha256i$<rounds>$<salt hex>$<hash hex>`: SHA-256 of salt and password, then re-hashed
/// with the salt `rounds` times.
pub fn hash_password(password: &str, salt: &[u8; 16]) -> String {
    let digest = stretch(password, salt, HASH_ROUNDS);
    format!("sha256i${HASH_ROUNDS}${}${}", hex(salt), hex(&digest))
}

fn stretch(password: &str, salt: &[u8], rounds: u32) -> [u8; 32] {
    let mut h: [u8; 32] = Sha256::new()
        .chain_update(salt)
        .chain_update(password.as_bytes())
        .finalize()
        .into();
    for _ in 0..rounds {
        h = Sha256::new().chain_update(h).chain_update(salt).finalize().into();
    }
    h
}

/// Does `password` match a hash made by [`hash_password`]? Compared in constant time.
pub fn check_password(password: &str, stored: &str) -> bool {
    let parts: Vec<&str> = stored.split('$').collect();
    let [kind, rounds, salt, hash] = parts.as_slice() else {
        return false;
    };
    if *kind != "sha256i" {
        return false;
    }
    let (Ok(rounds), Some(salt), Some(hash)) = (rounds.parse::<u32>(), unhex(salt), unhex(hash)) else {
        return false;
    };
    let digest = stretch(password, &salt, rounds);
    digest.len() == hash.len() && digest.iter().zip(&hash).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// The roles of a game of this variant, in report order.
pub fn roles_of(map: &Map, variant: &str) -> Vec<String> {
    let mut roles: Vec<String> = map.powers.iter().map(|p| p.name.clone()).collect();
    if variant == "diable-et-bon-dieu" {
        roles.push("God".into());
        roles.push("Devil".into());
    }
    roles
}

/// A players file checked: every value valid, every Diplomacy role taken exactly once.
#[derive(Clone, Debug)]
pub struct Checked {
    pub file: PlayersFile,
    pub timezone: chrono_tz::Tz,
    /// The first deadline (Diplomacy).
    pub start: Option<chrono::DateTime<chrono::FixedOffset>>,
    pub seed: Option<Seed>,
}

impl PlayersFile {
    pub fn parse(text: &str, origin: &str) -> Result<PlayersFile, ConfigError> {
        crate::yaml::from_str(text, origin)
    }

    /// Checks the values. `text` is the file's text, to point at lines.
    pub fn validate(self, map: &Map, text: &str, origin: &str) -> Result<Checked, ConfigError> {
        let err = |key: &str, needle: &str, message: String| ConfigError {
            origin: origin.into(),
            line: crate::yaml::line_of(text, key, needle),
            message,
        };
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
        if !GAME_VARIANTS.contains(&self.variant.as_str()) {
            return Err(err(
                "variant",
                "",
                format!("variant: `{}` is not one of {}", self.variant, GAME_VARIANTS.join(", ")),
            ));
        }
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
        for (key, value) in [
            ("movement", &self.deadlines.movement),
            ("retreat", &self.deadlines.retreat),
            ("adjustment", &self.deadlines.adjustment),
        ] {
            parse_duration(value).map_err(|e| err("deadlines", key, format!("deadlines: {key}: {e}")))?;
        }
        if let Some(r) = &self.reminder {
            parse_duration(r).map_err(|e| err("reminder", "", format!("reminder: {e}")))?;
        }
        let start = match &self.start {
            Some(text) => Some(chrono::DateTime::parse_from_rfc3339(text).map_err(|_| {
                err(
                    "start",
                    "",
                    format!("start: `{text}`: write a time like `2026-12-01T20:00:00+01:00`"),
                )
            })?),
            None if crate::boardgame::kind(&self.variant).is_none() => {
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
        if !valid_email(&self.referee.email) {
            return Err(err(
                "referee",
                &self.referee.email,
                format!("referee: `{}` is not an email address", self.referee.email),
            ));
        }
        let mut seen_emails: Vec<String> = Vec::new();
        let mut seen_roles: Vec<String> = Vec::new();
        for p in &self.players {
            if !valid_email(&p.email) {
                return Err(err(
                    "players",
                    &p.email,
                    format!("players: `{}` is not an email address", p.email),
                ));
            }
            if p.password.trim().is_empty() {
                return Err(err("players", &p.email, format!("players: {} has no password", p.name)));
            }
            let email = p.email.to_lowercase();
            if seen_emails.contains(&email) {
                // One address for two roles would tie the roles together in every header.
                return Err(err(
                    "players",
                    &p.email,
                    format!("players: {} plays two roles; give each role its own address", p.email),
                ));
            }
            seen_emails.push(email);
            seen_roles.push(p.role.clone());
        }
        if matches!(self.variant.as_str(), "standard" | "diable-et-bon-dieu") {
            let roles = roles_of(map, &self.variant);
            for r in &seen_roles {
                if !roles.iter().any(|x| x.eq_ignore_ascii_case(r)) {
                    return Err(err(
                        "players",
                        r,
                        format!("players: `{r}` is not a role of this game: use {}", roles.join(", ")),
                    ));
                }
            }
            for r in &roles {
                match seen_roles.iter().filter(|x| x.eq_ignore_ascii_case(r)).count() {
                    1 => {}
                    0 => return Err(err("players", "", format!("players: nobody plays {r}"))),
                    _ => return Err(err("players", r, format!("players: {r} is listed twice"))),
                }
            }
        }
        if let Some(kind) = crate::boardgame::kind(&self.variant) {
            let sides = (kind.sides)(self.players.len()).map_err(|e| err("players", "", format!("players: {e}")))?;
            for r in &seen_roles {
                if !sides.iter().any(|s| s.eq_ignore_ascii_case(r)) {
                    return Err(err(
                        "players",
                        r,
                        format!(
                            "players: `{r}` is not a side of {}: use {}",
                            kind.title,
                            sides.join(", ")
                        ),
                    ));
                }
            }
            for s in &sides {
                if seen_roles.iter().filter(|x| x.eq_ignore_ascii_case(s)).count() > 1 {
                    return Err(err("players", s, format!("players: {s} is listed twice")));
                }
            }
        } else if !self.options.is_empty() {
            return Err(err(
                "options",
                "",
                "options: are for the board games; Diplomacy has none".into(),
            ));
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
        if let Some(kind) = crate::boardgame::kind(&self.variant) {
            // The game checks its own options when it starts: start one now, on any seed,
            // so that a mistake is named here with its line rather than by `Game::create`.
            let setup = crate::boardgame::Setup {
                sides: (kind.sides)(self.players.len())
                    .unwrap_or_default()
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                options: self.options_text(),
            };
            if let Err(e) = (kind.start)(&setup, &mut crate::dice::Dice::new(Seed([0; 32]))) {
                return Err(err("options", "", format!("options: {e}")));
            }
        }
        Ok(Checked {
            file: self,
            timezone,
            start,
            seed,
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

    const GOOD: &str = "\
game: vopaliec
variant: standard
referee: {name: Arbitre, email: arbitre@example.org}
timezone: Europe/Paris
deadlines: {movement: 72h, retreat: 24h, adjustment: 1d}
start: 2026-12-01T20:00:00+01:00
players:
  - {name: A, email: a@example.org, role: England, password: pa}
  - {name: B, email: b@example.org, role: France, password: pb}
  - {name: C, email: c@example.org, role: Germany, password: pc}
  - {name: D, email: d@example.org, role: Italy, password: pd}
  - {name: E, email: e@example.org, role: Austria, password: pe}
  - {name: F, email: f@example.org, role: Russia, password: pf}
  - {name: G, email: g@example.org, role: Turkey, password: pg}
";

    fn check(text: &str) -> Result<Checked, ConfigError> {
        PlayersFile::parse(text, "players.yaml")?.validate(Map::standard(), text, "players.yaml")
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
        let e = check(&GOOD.replace("72h", "72 hours")).unwrap_err();
        assert!(e.message.contains("write a duration"), "{e}");
        let e = check(&GOOD.replace("g@example.org", "a@example.org")).unwrap_err();
        assert!(e.message.contains("two roles"), "{e}");
        let e = check(&GOOD.replace("referee:", "referees:")).unwrap_err();
        assert!(e.message.contains("unknown field"), "{e}");
        let e =
            check(&GOOD.replace("  - {name: G, email: g@example.org, role: Turkey, password: pg}\n", "")).unwrap_err();
        assert!(e.message.contains("nobody plays Turkey"), "{e}");
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
  - {name: A, email: a@example.org, role: Blue, password: pa}
  - {name: B, email: b@example.org, role: Red, password: pb}
";
        assert!(check(jomini).is_ok());
        for (bad, says) in [("first: blue", "frist: blue"), ("first: blue", "first: green")] {
            let e = check(&jomini.replace(bad, says)).unwrap_err();
            assert_eq!((e.origin.as_str(), e.line), ("players.yaml", Some(4)), "{e}");
            assert!(e.message.starts_with("options: "), "{e}");
        }
    }

    #[test]
    fn durations_read_days_hours_and_minutes() {
        assert_eq!(parse_duration("72h").unwrap(), chrono::Duration::hours(72));
        assert_eq!(parse_duration("1d12h").unwrap(), chrono::Duration::hours(36));
        assert_eq!(parse_duration("90m").unwrap(), chrono::Duration::minutes(90));
        assert!(parse_duration("72").is_err());
        assert!(parse_duration("0h").is_err());
    }

    #[test]
    fn limits_are_optional_and_checked() {
        let file = |extra: &str| {
            let text = GOOD.replacen("players:", &format!("{extra}players:"), 1);
            PlayersFile::parse(&text, "p.yaml").and_then(|f| f.validate(Map::standard(), &text, "p.yaml"))
        };
        assert_eq!(file("").unwrap().file.limits, Limits::default());
        let set = file("limits: {press_blocks: 5}\n").unwrap().file.limits;
        assert_eq!((set.press_blocks, set.message_bytes), (5, 1024 * 1024));
        let e = file("limits: {messages_per_day: 0}\n").unwrap_err();
        assert!(e.message.contains("messages_per_day: 0 is too small"), "{}", e.message);
        assert!(file("limits: {press: 5}\n").is_err(), "an unknown key is refused");
    }

    #[test]
    fn passwords_are_kept_only_as_salted_hashes() {
        let h = hash_password("s3cret", &[1; 16]);
        assert!(!h.contains("s3cret"));
        assert!(check_password("s3cret", &h));
        assert!(!check_password("s3cret ", &h));
        assert_ne!(h, hash_password("s3cret", &[2; 16]), "the salt changes the hash");
        assert!(!check_password("s3cret", "garbage"));
    }
}
