//! The players file (input of `arbitre new`) and the game's configuration kept in its folder.
//!
//! Read in two steps: serde reads the raw keys (unknown keys are refused with their line),
//! then [`PlayersFile::validate`] checks every value and says what to fix.
//!
//! The file checked is in `checked.rs`; passwords (their hashes, checked and upgraded) in
//! `password.rs`, durations
//! (`72h`, `1d12h`) in `duration.rs`; both are re-exported here, where callers find them.

use crate::game::error::GameError;
use crate::game::role::Role;
pub use crate::lang::Lang;
use crate::yaml::FileError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use super::checked::{option_text, Checked};
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

/// The address `address` is already played from by one of `taken` (any case): one address
/// for two roles would tie the roles together in every header. The one check of `new`,
/// `replace` and `JOIN`.
pub fn address_in_use<'a>(mut taken: impl Iterator<Item = &'a str>, address: &str) -> bool {
    let address = address.to_lowercase();
    taken.any(|t| t.to_lowercase() == address)
}

/// `press:` in the players file and `game.yaml`: the press the players may send one
/// another. The referee's own letters go whatever it says.
#[derive(Serialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum PressRule {
    /// Press names its sender's role (as every game had it before `press:`).
    #[default]
    White,
    /// Besides white press, `PRESS TO … GREY`: relayed without the sender's role; the
    /// referee gets a copy that names it.
    Grey,
    /// No press between players (a gunboat game): every `PRESS` is refused.
    None,
}

impl PressRule {
    pub fn is_default(&self) -> bool {
        *self == PressRule::White
    }
}

/// `press:` read in any case (`grey` also `gray`); another word is refused in the referee's
/// words, not serde's "unknown variant".
impl<'de> Deserialize<'de> for PressRule {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PressRule, D::Error> {
        crate::yaml::from_word(d, "white, grey or none", |written: &str| {
            match written.trim().to_lowercase().as_str() {
                "white" => Ok(PressRule::White),
                "grey" | "gray" => Ok(PressRule::Grey),
                "none" => Ok(PressRule::None),
                _ => Err(format!("{written:?} is not a kind of press: write white, grey or none")),
            }
        })
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
        assert!(e.to_string().contains("\"Mars/Olympus\" is not a time zone"), "{e}");
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
                .contains("authserv_id: \"mx example\" is not a server's name"),
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
            ("until: Monday", "open: until: \"Monday\": write a time like"),
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
        assert!(e.message.contains("\"Ottoman\" is not a role"), "{e}");
        assert!(!e.message.contains("did you mean"), "{e}");
        // A slip gets what it may be for (issue #24).
        let e = check(&GOOD.replace("role: Turkey", "role: Turkye")).unwrap_err();
        assert!(
            e.message
                .contains("\"Turkye\" is not a role of this game (did you mean Turkey?): use England,"),
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
                .starts_with("deadlines: retreat: \"quotidien 20h60\": \"20h60\" is not a time of day"),
            "{e}"
        );
        let e = check(&text.replace("min_phase: 36h", "min_phase: 36")).unwrap_err();
        assert_eq!((e.line, e.token.as_deref()), (Some(9), Some("36")), "{e}");
        assert!(
            e.message.starts_with("deadlines: min_phase: \"36\": write a duration"),
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
            "players.yaml:5: house_rules: \"x\": JOMINI has no house rules; remove \"house_rules:\" to play it as written"
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
