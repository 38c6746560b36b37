//! Who acts in a game: a power, one of a ruleset's extra roles (God, the Devil), a board
//! game's side, the referee or an observer.
//!
//! A role's name is read once, where it enters: the players file ([`Roles::parse`], against
//! the game's kind), `game.yaml` and `state.yaml` (serde, through [`Role::from_name`]), the
//! SIGNON line ([`Roles::signon`]). It is written once, as the files and the letters spell
//! it ([`Role::text`]: `France`, `God`, `Devil`, `Blue`, `Referee`). The mail game plays
//! Diplomacy on the standard map, whose power names these are.

use crate::map::{Map, Power};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;

/// A role in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// One of the map's powers.
    Power(Power),
    /// God, an extra role of a ruleset (`variant/diable/`): blesses units, protects a power.
    God,
    /// The Devil, an extra role of a ruleset: curses units, protects a power.
    Devil,
    /// A side of a board game, by the name its kind gives it (`Blue`, `South`): only made
    /// from a kind's list of sides, so never a name no game has.
    Side(&'static str),
    /// The game's referee (who enters turn files, and signs on to the desk by mail).
    Referee,
    /// Someone who reads the game and plays no role.
    Observer,
}

/// How the referee's role is spelt: in a SIGNON line (any case), and as the key of the
/// referee's sign-on failures in `state.yaml`.
pub const REFEREE: &str = "Referee";

/// The roles that are neither powers nor sides, with their names.
const NAMED: [(Role, &str); 4] = [
    (Role::God, "God"),
    (Role::Devil, "Devil"),
    (Role::Referee, REFEREE),
    (Role::Observer, "observer"),
];

impl Role {
    /// Reads a role's name, in any case: a power of `map` (by any of its names), or God,
    /// Devil, referee, observer.
    pub fn parse(map: &Map, text: &str) -> Option<Role> {
        let text = text.trim();
        if let Some(p) = map.power_by_name(text) {
            return Some(Role::Power(p));
        }
        named(text)
    }

    /// The role spelt `text` (any case) in any game arbitre runs: a power of the standard
    /// map, God, the Devil, the referee, an observer, or a side of one of the board games.
    /// This is how `game.yaml` and `state.yaml` are read; whether the role belongs to the
    /// game is checked against its kind ([`Roles`]).
    pub fn from_name(text: &str) -> Option<Role> {
        let text = text.trim();
        if let Some(p) = Map::standard_powers()
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(text))
        {
            return Some(Role::Power(Power(p as u8)));
        }
        named(text).or_else(|| {
            all_sides()
                .iter()
                .find(|s| s.eq_ignore_ascii_case(text))
                .map(|&s| Role::Side(s))
        })
    }

    /// A role written by its French name, in any case, with or without accents: `Italie`,
    /// `Angleterre`, `Diable`, `BonDieu`.
    pub fn from_french(text: &str) -> Option<Role> {
        let folded = crate::map::fold(text).replace(' ', "");
        if let Some(p) = Map::standard_powers()
            .iter()
            .position(|i| crate::map::fold(&i.french).replace(' ', "") == folded)
        {
            return Some(Role::Power(Power(p as u8)));
        }
        match folded.as_str() {
            "BONDIEU" => Some(Role::God),
            "DIABLE" => Some(Role::Devil),
            _ => None,
        }
    }

    /// The role's name in a French sentence, in `form`: `la France`, `de l'Angleterre`,
    /// `le Bon Dieu` (a board game's side as it is).
    pub fn fr(self, form: crate::lang::fr::Form) -> String {
        crate::map::standard_french_names().say(self.text(), form)
    }

    /// Roles named in a French sentence, each in `form`, joined with `et`: `à la France et
    /// à l'Italie`.
    pub fn fr_list(roles: &[Role], form: crate::lang::fr::Form) -> String {
        let texts: Vec<&str> = roles.iter().map(|r| r.text()).collect();
        crate::map::standard_french_names().list(&texts, form)
    }

    /// The role's name as written on file and in letters.
    pub fn name(self, map: &Map) -> &str {
        match self {
            Role::Power(p) => map.power_name(p),
            other => other.text(),
        }
    }

    /// The role's name in the mail game (whose powers are the standard map's), as the
    /// files and the letters spell it.
    pub fn text(self) -> &'static str {
        match self {
            Role::Power(p) => &Map::standard_powers()[p.0 as usize].name,
            Role::Side(s) => s,
            other => NAMED.iter().find(|(r, _)| *r == other).map_or("", |(_, n)| n),
        }
    }

    /// The name in lower case, as the names of the letters' files spell it
    /// (`welcome-france`, `m00003-reply-god`).
    pub fn lowercase(self) -> String {
        self.text().to_lowercase()
    }

    /// The power played, for a power.
    pub fn power(self) -> Option<Power> {
        match self {
            Role::Power(p) => Some(p),
            _ => None,
        }
    }

    /// God or the Devil: gives no orders, sends and receives no press, does not vote.
    pub fn is_divine(self) -> bool {
        matches!(self, Role::God | Role::Devil)
    }
}

/// Every side of every kind, listed once (`state.yaml` is read for every message): made
/// known by the kinds a process is given ([`crate::game::kind::Kinds::install`]), since
/// serde reads a role without context. Empty until then.
fn all_sides() -> &'static [&'static str] {
    SIDES.get().map_or(&[], Vec::as_slice)
}

static SIDES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();

/// Makes the sides `all` lists known to [`Role::from_name`], once per process.
pub(crate) fn know_sides(all: impl FnOnce() -> Vec<&'static str>) {
    SIDES.get_or_init(all);
}

/// God, Devil, referee or observer, by name in any case.
fn named(text: &str) -> Option<Role> {
    NAMED
        .iter()
        .find(|(_, name)| name.eq_ignore_ascii_case(text))
        .map(|&(role, _)| role)
}

/// The role's name; a width pads it (`{role:<8}`, the status's columns).
impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.text())
    }
}

/// By name, as the maps of `state.yaml` keyed by role have always been ordered.
impl Ord for Role {
    fn cmp(&self, other: &Role) -> Ordering {
        self.text().cmp(other.text())
    }
}

impl PartialOrd for Role {
    fn partial_cmp(&self, other: &Role) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.text())
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Role, D::Error> {
        let text = String::deserialize(d)?;
        Role::from_name(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{text}` is not a role: write a power (France), God, Devil or a board game's side"
            ))
        })
    }
}

/// The roles of one game, in the game's own order (the map's powers then the ruleset's
/// extra roles; or the board game's sides, in seat order): what a name in its players
/// file or a SIGNON line is read against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roles(Vec<Role>);

/// Why a game of some kind has no roles.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RolesError {
    /// The kind is not played by so many (or so few) players: the kind's words.
    #[error("{0}")]
    Players(String),
}

impl Roles {
    /// The roles of a game of `kind` for `players` players.
    pub fn of(kind: &dyn crate::game::kind::Kind, players: usize) -> Result<Roles, RolesError> {
        kind.roles(players).map(Roles).map_err(RolesError::Players)
    }

    /// The roles, in the game's order.
    pub fn list(&self) -> &[Role] {
        &self.0
    }

    /// Is `role` one of the game's?
    pub fn contains(&self, role: Role) -> bool {
        self.0.contains(&role)
    }

    /// The role of the game spelt `text`, in any case (exactly its name: not an adjective).
    pub fn parse(&self, text: &str) -> Option<Role> {
        let text = text.trim();
        self.0.iter().copied().find(|r| r.text().eq_ignore_ascii_case(text))
    }

    /// The role a SIGNON line names: one of the game's, or the referee.
    pub fn signon(&self, text: &str) -> Option<Role> {
        self.parse(text)
            .or_else(|| self.parse_french(text))
            .or_else(|| Some(Role::Referee).filter(|_| REFEREE.eq_ignore_ascii_case(text.trim())))
    }

    /// The role of the game written by its French name, in any case, with or without
    /// accents: `Italie`, `Angleterre`, `Diable`, `BonDieu` (a SIGNON is read alike in both
    /// languages).
    fn parse_french(&self, text: &str) -> Option<Role> {
        Role::from_french(text).filter(|r| self.contains(*r))
    }

    /// The names, joined by `, ` (for an error that lists them).
    pub fn names(&self) -> String {
        self.0.iter().map(|r| r.text()).collect::<Vec<_>>().join(", ")
    }

    /// The roles `text` may be a slip for (two slips at most, in any case, by the English or
    /// the French name), nearest first, at most three: what a "did you mean" offers.
    pub fn near(&self, text: &str) -> Vec<Role> {
        let text = text.trim().to_lowercase();
        let mut close: Vec<(usize, Role)> = self
            .0
            .iter()
            .filter_map(|&r| {
                let french = crate::lang::fr::role(r.text())
                    .map(|n| n.word().to_string())
                    .or_else(|| Some(r.fr(crate::lang::fr::Form::Bare)).filter(|f| f != r.text()));
                [Some(r.text().to_string()), french]
                    .into_iter()
                    .flatten()
                    .filter_map(|name| crate::order::distance(&text, &name.to_lowercase(), 2))
                    .min()
                    .map(|d| (d, r))
            })
            .collect();
        close.sort_by_key(|&(d, _)| d);
        close.into_iter().take(3).map(|(_, r)| r).collect()
    }

    /// ` (did you mean England?)` for a role `text` is a slip for; nothing when none is near.
    pub fn did_you_mean(&self, text: &str) -> String {
        let near: Vec<&str> = self.near(text).iter().map(|r| r.text()).collect();
        match near.is_empty() {
            true => String::new(),
            false => format!(" (did you mean {}?)", crate::order::or_list(&near, "or")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signon_reads_a_role_by_its_french_name() {
        let kinds = &crate::kinds::REGISTRY;
        let roles = Roles::of(kinds.find("diable-et-bon-dieu").unwrap(), 9).unwrap();
        let italy = Role::from_name("Italy");
        assert_eq!(roles.signon("Italie"), italy);
        assert_eq!(roles.signon("ITALIE"), italy);
        assert_eq!(roles.signon("Angleterre"), Role::from_name("England"));
        assert_eq!(roles.signon("diable"), Some(Role::Devil));
        assert_eq!(roles.signon("Bon-Dieu"), Some(Role::God));
        assert_eq!(roles.signon("Prusse"), None);
        // A standard game has no Devil, in either language.
        let standard = Roles::of(kinds.find("standard").unwrap(), 7).unwrap();
        assert_eq!(standard.signon("Diable"), None);
        assert_eq!(standard.signon("Autriche"), Role::from_name("Austria"));
    }

    #[test]
    fn a_role_reads_in_any_case_and_writes_as_on_file() {
        let map = Map::standard();
        for text in ["France", "france", "GOD", "devil", "Referee", "observer"] {
            let role = Role::parse(map, text).unwrap();
            assert!(role.name(map).eq_ignore_ascii_case(text), "{text}");
            assert_eq!(Role::parse(map, role.name(map)), Some(role));
            assert_eq!(Role::from_name(text), Some(role));
        }
        assert_eq!(Role::parse(map, "god").unwrap().name(map), "God");
        assert_eq!(Role::parse(map, "Prussia"), None);
        assert_eq!(Role::from_name("Prussia"), None);
        // state.yaml has always keyed the referee's failures `Referee`.
        assert_eq!(Role::Referee.to_string(), "Referee");
        assert_eq!(format!("[{:<8}]", Role::God), "[God     ]");
    }

    #[test]
    fn only_god_and_the_devil_are_divine_and_only_powers_have_a_power() {
        let map = Map::standard();
        let france = Role::parse(map, "France").unwrap();
        assert!(!france.is_divine() && france.power().is_some());
        assert!(Role::God.is_divine() && Role::Devil.is_divine());
        assert!(!Role::Referee.is_divine() && Role::Observer.power().is_none());
        assert!(!Role::Side("Blue").is_divine() && Role::Side("Blue").power().is_none());
    }

    #[test]
    fn a_game_s_roles_are_its_kind_s() {
        // The ruleset with divine players, whichever it is.
        let kinds = &crate::kinds::REGISTRY;
        let with_divine = kinds.all().find(|k| k.has_divine_players()).unwrap();
        let divine = Roles::of(with_divine, 9).unwrap();
        assert_eq!(
            divine.names(),
            "England, France, Germany, Italy, Austria, Russia, Turkey, God, Devil"
        );
        assert_eq!(divine.parse("devil"), Some(Role::Devil));
        let standard = Roles::of(kinds.find("standard").unwrap(), 7).unwrap();
        assert_eq!(standard.parse("God"), None, "no divine players in the standard game");
        assert_eq!(standard.parse("French"), None, "a name, not an adjective");
        assert_eq!(standard.signon("REFEREE"), Some(Role::Referee));
        assert_eq!(standard.signon("observer"), None, "nobody signs on as an observer");
        let jomini = Roles::of(kinds.find("jomini").unwrap(), 2).unwrap();
        assert_eq!(jomini.list(), [Role::Side("Blue"), Role::Side("Red")]);
        assert_eq!(jomini.parse("red"), Some(Role::Side("Red")));
        assert_eq!(jomini.parse("France"), None);
        assert!(matches!(
            Roles::of(kinds.find("jomini").unwrap(), 3),
            Err(RolesError::Players(_))
        ));
    }

    #[test]
    fn every_name_is_one_role_and_roles_are_ordered_by_name() {
        // A side named as a power, or two roles spelt alike, would be read as the wrong one.
        crate::kinds::REGISTRY.install();
        let mut all: Vec<Role> = Map::standard().all_powers().map(Role::Power).collect();
        all.extend(NAMED.iter().map(|&(r, _)| r));
        all.extend(all_sides().iter().map(|&s| Role::Side(s)));
        assert!(all.contains(&Role::Side("Blue")) && all.contains(&Role::Side("South")));
        for r in &all {
            assert_eq!(Role::from_name(r.text()), Some(*r), "{r}");
            assert_eq!(Role::from_name(&r.text().to_lowercase()), Some(*r), "{r}");
        }
        let mut sorted = all.clone();
        sorted.sort();
        let names: Vec<&str> = sorted.iter().map(|r| r.text()).collect();
        let mut by_text = names.clone();
        by_text.sort();
        assert_eq!(names, by_text);
    }

    #[test]
    fn a_role_is_written_and_read_by_its_name() {
        crate::kinds::REGISTRY.install();
        let map = std::collections::BTreeMap::from([(Role::Referee, 1), (Role::Side("Blue"), 2), (Role::God, 3)]);
        let text = serde_yaml::to_string(&map).unwrap();
        assert_eq!(text, "Blue: 2\nGod: 3\nReferee: 1\n");
        let back: std::collections::BTreeMap<Role, u32> = serde_yaml::from_str(&text).unwrap();
        assert_eq!(back, map);
        let e = serde_yaml::from_str::<Role>("Prussia").unwrap_err().to_string();
        assert!(e.contains("`Prussia` is not a role"), "{e}");
    }

    /// A misspelt role gets "did you mean" (issue #24): by its English or French name, in
    /// any case, nearest first; nothing for a word near no role.
    #[test]
    fn a_misspelt_role_is_offered_the_roles_it_is_near() {
        let powers = [
            "England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey", "God", "Devil",
        ];
        let roles = Roles(powers.iter().map(|p| Role::from_name(p).unwrap()).collect());
        assert_eq!(roles.did_you_mean("Englnd"), " (did you mean England?)");
        assert_eq!(roles.did_you_mean("allemange"), " (did you mean Germany?)");
        assert_eq!(roles.did_you_mean("Devl"), " (did you mean Devil?)");
        assert_eq!(roles.did_you_mean("Prussia"), " (did you mean Russia?)");
        assert_eq!(roles.did_you_mean("Atlantis"), "");
        assert_eq!(roles.near("Itali"), [Role::from_name("Italy").unwrap()]);
    }
}
