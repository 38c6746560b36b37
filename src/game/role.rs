//! Who acts in a game: a power, a role named by the game's kind (a ruleset's extra role such
//! as God, a board game's side such as Blue), the referee or an observer.
//!
//! A role's name is read once, where it enters: the players file ([`Roles::parse`], against
//! the game's kind), `game.yaml` and `state.yaml` (serde, through [`Role::from_name`]), the
//! SIGNON line ([`Roles::signon`]). It is written once, as the files and the letters spell
//! it ([`Role::text`]: `France`, `God`, `Devil`, `Blue`, `Referee`). The mail game plays
//! Diplomacy on the standard map, whose power names these are.
//!
//! A role a kind names ([`Role::Named`]) is the kind's: the kind lists it with what the mail
//! game asks of it ([`NamedRole`], [`RoleInfo`]: may it give orders, send or receive press,
//! is its player secret, which section of HELP it reads), and the mail game asks the kind
//! ([`crate::game::kind::Kind::role_info`]). Nothing here names one.

use crate::map::{Map, Power};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;

/// A role in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// One of the map's powers.
    Power(Power),
    /// A role by the name its kind gives it: a ruleset's extra role (`God`, `Devil`) or a
    /// board game's side (`Blue`, `South`). Only made from a kind's list of its roles
    /// ([`crate::game::kind::Kind::named_roles`]), so never a name no game has.
    Named(&'static str),
    /// The game's referee (who enters turn files, and signs on to the desk by mail).
    Referee,
    /// Someone who reads the game and plays no role.
    Observer,
}

/// How the referee's role is spelt: in a SIGNON line (any case), and as the key of the
/// referee's sign-on failures in `state.yaml`.
pub const REFEREE: &str = "Referee";

/// What the mail game asks of a role: may it give orders, send press, be written to; is
/// who plays it a secret; which part of HELP it reads. A kind answers for its own roles
/// ([`crate::game::kind::Kind::role_info`]); every other role is a [`RoleInfo::PLAYER`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoleInfo {
    /// It gives orders (or moves): a role that does not is never missing orders (NMR).
    pub gives_orders: bool,
    /// It may send press.
    pub sends_press: bool,
    /// Press may be addressed to it (HELP lists it among those a player may write to).
    pub receives_press: bool,
    /// Who plays it is a secret: its welcome says so, and the referee chooses apart
    /// whether to be copied its letters.
    pub secret: bool,
    /// The section of the HELP letter it reads (`power`; a kind's own, `god`).
    pub help: &'static str,
}

impl RoleInfo {
    /// A player as the mail game has them by default: orders, press both ways, known.
    pub const PLAYER: RoleInfo = RoleInfo {
        gives_orders: true,
        sends_press: true,
        receives_press: true,
        secret: false,
        help: "power",
    };
}

/// A role a kind names ([`Role::Named`]): its name as the files and letters write it, its
/// French name when a SIGNON line may write that instead (`Bon Dieu`), and what the mail
/// game asks of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedRole {
    pub name: &'static str,
    pub french: Option<&'static str>,
    pub info: RoleInfo,
}

impl NamedRole {
    /// A board game's side: a player like any other, named alike in both languages.
    pub const fn side(name: &'static str) -> NamedRole {
        NamedRole {
            name,
            french: None,
            info: RoleInfo::PLAYER,
        }
    }

    /// The role it is.
    pub const fn role(&self) -> Role {
        Role::Named(self.name)
    }
}

/// The roles that are neither powers nor named by a kind, with their names.
/// The first role, a power of the standard map first and then a role a kind names, whose
/// English name and French name (if any) satisfy `spelt`: the one search behind the readers
/// of a role by its names ([`Role::from_french`], [`Role::from_two_words`]).
fn by_names(spelt: impl Fn(&str, Option<&str>) -> bool) -> Option<Role> {
    if let Some(p) = Map::standard_powers()
        .iter()
        .position(|i| spelt(&i.name, Some(&i.french)))
    {
        return Some(Role::Power(Power(p as u8)));
    }
    all_named()
        .iter()
        .find(|n| spelt(n.name, n.french))
        .map(NamedRole::role)
}

const NAMED: [(Role, &str); 2] = [(Role::Referee, REFEREE), (Role::Observer, "observer")];

impl Role {
    /// Reads a role's name, in any case: a power of `map` (by any of its names), a role a
    /// kind names (God, Devil, a side), referee, observer.
    pub fn parse(map: &Map, text: &str) -> Option<Role> {
        let text = text.trim();
        if let Some(p) = map.power_by_name(text) {
            return Some(Role::Power(p));
        }
        named(text).or_else(|| by_kind_name(text))
    }

    /// The role spelt `text` (any case) in any game arbitre runs: a power of the standard
    /// map, a role one of the kinds names (God, the Devil, a board game's side), the
    /// referee or an observer.
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
        named(text).or_else(|| by_kind_name(text))
    }

    /// A role written by its French name, in any case, with or without accents: `Italie`,
    /// `Angleterre`, or the French name a kind gives one of its roles (`Diable`, `BonDieu`).
    pub fn from_french(text: &str) -> Option<Role> {
        let folded = crate::map::fold(text).replace(' ', "");
        by_names(|_, french| french.is_some_and(|f| crate::map::fold(f).replace(' ', "") == folded))
    }

    /// The role whose name, in English or French, is the two words `first second` (`Bon
    /// Dieu`), in any case, with or without accents. A SIGNON line asks it to know where the
    /// role's name ends: `SIGNON Bon Dieu <game> <password>` (game names are one word).
    pub fn from_two_words(first: &str, second: &str) -> Option<Role> {
        let folded = crate::map::fold(&format!("{first} {second}"));
        let spelt = |name: &str| name.contains(' ') && crate::map::fold(name) == folded;
        by_names(|name, french| spelt(name) || french.is_some_and(spelt))
    }

    /// The role's name in a French sentence, in `form`: `la France`, `de l'Angleterre`,
    /// `le Bon Dieu` (a board game's side as it is).
    pub fn fr(self, form: crate::lang::fr::Form) -> String {
        crate::map::standard_french_names().say(self.fr_text(), form)
    }

    /// Roles named in a French sentence, each in `form`, joined with `et`: `à la France et
    /// à l'Italie`.
    pub fn fr_list(roles: &[Role], form: crate::lang::fr::Form) -> String {
        let texts: Vec<&str> = roles.iter().map(|r| r.fr_text()).collect();
        crate::map::standard_french_names().list(&texts, form)
    }

    /// The role's name in `lang`'s letters: as the files write it, but for a kind's role
    /// that the French names do not know and whose kind gives it a French name (a board
    /// game's side: `Jaune`), which a French player may also sign on as.
    pub fn name_in(self, lang: crate::lang::Lang) -> &'static str {
        match lang {
            crate::lang::Lang::En => self.text(),
            crate::lang::Lang::Fr => self.fr_text(),
        }
    }

    /// What the French names are asked for: the role's text, or, for a kind's role they do
    /// not know, the French name its kind gives it (a board game's side: `Jaune`).
    fn fr_text(self) -> &'static str {
        match self {
            Role::Named(name) if !crate::map::standard_french_names().knows(name) => all_named()
                .iter()
                .find(|n| n.name == name)
                .and_then(|n| n.french)
                .unwrap_or(name),
            other => other.text(),
        }
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
            Role::Named(s) => s,
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

    /// What the kind that named it says of a role of some kind ([`Role::Named`]), from the
    /// roles made known to the process ([`crate::game::kind::Kinds::install`]); None for
    /// any other role. For a name read without its game; within a game, ask its kind
    /// ([`crate::game::kind::Kind::role_info`]).
    pub fn named_info(self) -> Option<RoleInfo> {
        match self {
            Role::Named(name) => all_named().iter().find(|n| n.name == name).map(|n| n.info),
            _ => None,
        }
    }
}

/// Every role every kind names, listed once (`state.yaml` is read for every message): made
/// known by the kinds a process is given ([`crate::game::kind::Kinds::install`]), since
/// serde reads a role without context. Empty until then.
fn all_named() -> &'static [NamedRole] {
    KIND_ROLES.get().map_or(&[], Vec::as_slice)
}

static KIND_ROLES: std::sync::OnceLock<Vec<NamedRole>> = std::sync::OnceLock::new();

/// Makes the roles `all` lists known to [`Role::from_name`], once per process.
pub(crate) fn know_roles(all: impl FnOnce() -> Vec<NamedRole>) {
    KIND_ROLES.get_or_init(all);
}

/// A role some kind names, by its name in any case.
fn by_kind_name(text: &str) -> Option<Role> {
    all_named()
        .iter()
        .find(|n| n.name.eq_ignore_ascii_case(text))
        .map(NamedRole::role)
}

/// Referee or observer, by name in any case.
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
            // The roles the kinds name (God, the Devil, the board games' sides), as the
            // registry made them known: the mail game names none itself.
            let named: Vec<&str> = all_named().iter().map(|n| n.name).collect();
            let others = match named.is_empty() {
                true => String::new(),
                false => format!(", or a role a game names ({})", named.join(", ")),
            };
            serde::de::Error::custom(format!("\"{text}\" is not a role: write a power (France){others}"))
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

    /// God and the Devil, as `game.yaml` and `state.yaml` write them (Diable et Bon Dieu's).
    const GOD: Role = Role::Named("God");
    const DEVIL: Role = Role::Named("Devil");

    #[test]
    fn a_signon_reads_a_role_by_its_french_name() {
        let kinds = &crate::kinds::REGISTRY;
        kinds.install();
        let roles = Roles::of(kinds.find("diable-et-bon-dieu").unwrap(), 9).unwrap();
        let italy = Role::from_name("Italy");
        assert_eq!(roles.signon("Italie"), italy);
        assert_eq!(roles.signon("ITALIE"), italy);
        assert_eq!(roles.signon("Angleterre"), Role::from_name("England"));
        assert_eq!(roles.signon("diable"), Some(DEVIL));
        assert_eq!(roles.signon("Bon-Dieu"), Some(GOD));
        assert_eq!(roles.signon("Prusse"), None);
        // A standard game has no Devil, in either language.
        let standard = Roles::of(kinds.find("standard").unwrap(), 7).unwrap();
        assert_eq!(standard.signon("Diable"), None);
        assert_eq!(standard.signon("Autriche"), Role::from_name("Austria"));
    }

    /// `Bon Dieu` is one role of two words, in any case and with or without accents; two
    /// words that only spell a name of one word together are not (`Ang leterre`).
    #[test]
    fn a_role_of_two_words_is_known_by_both() {
        crate::kinds::REGISTRY.install();
        assert_eq!(Role::from_two_words("Bon", "Dieu"), Some(GOD));
        assert_eq!(Role::from_two_words("BON", "dieu"), Some(GOD));
        assert_eq!(Role::from_two_words("Dieu", "Bon"), None);
        assert_eq!(Role::from_two_words("Ang", "leterre"), None);
        assert_eq!(Role::from_two_words("Grand", "Turc"), None);
    }

    #[test]
    fn a_role_reads_in_any_case_and_writes_as_on_file() {
        crate::kinds::REGISTRY.install();
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
        assert_eq!(format!("[{:<8}]", GOD), "[God     ]");
    }

    #[test]
    fn a_kind_says_what_its_roles_may_do_and_only_powers_have_a_power() {
        let kinds = &crate::kinds::REGISTRY;
        kinds.install();
        let map = Map::standard();
        let france = Role::parse(map, "France").unwrap();
        let divine = kinds.find("diable-et-bon-dieu").unwrap();
        assert_eq!(divine.role_info(france), RoleInfo::PLAYER);
        assert!(france.power().is_some() && france.named_info().is_none());
        for role in [GOD, DEVIL] {
            let info = divine.role_info(role);
            assert!(
                !info.gives_orders && !info.sends_press && !info.receives_press && info.secret,
                "{role}"
            );
            assert_eq!(role.named_info(), Some(info));
        }
        assert_eq!(divine.role_info(GOD).help, "god");
        assert_eq!(divine.role_info(DEVIL).help, "devil");
        let jomini = kinds.find("jomini").unwrap();
        assert_eq!(jomini.role_info(Role::Named("Blue")), RoleInfo::PLAYER);
        assert!(Role::Observer.power().is_none() && Role::Named("Blue").power().is_none());
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
        assert_eq!(divine.parse("devil"), Some(DEVIL));
        let standard = Roles::of(kinds.find("standard").unwrap(), 7).unwrap();
        assert_eq!(standard.parse("God"), None, "no divine players in the standard game");
        assert_eq!(standard.parse("French"), None, "a name, not an adjective");
        assert_eq!(standard.signon("REFEREE"), Some(Role::Referee));
        assert_eq!(standard.signon("observer"), None, "nobody signs on as an observer");
        let jomini = Roles::of(kinds.find("jomini").unwrap(), 2).unwrap();
        assert_eq!(jomini.list(), [Role::Named("Blue"), Role::Named("Red")]);
        assert_eq!(jomini.parse("red"), Some(Role::Named("Red")));
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
        all.extend(all_named().iter().map(NamedRole::role));
        assert!(all.contains(&Role::Named("Blue")) && all.contains(&Role::Named("South")));
        assert!(all.contains(&GOD) && all.contains(&DEVIL));
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
        let map = std::collections::BTreeMap::from([(Role::Referee, 1), (Role::Named("Blue"), 2), (GOD, 3)]);
        let text = serde_yaml::to_string(&map).unwrap();
        assert_eq!(text, "Blue: 2\nGod: 3\nReferee: 1\n");
        let back: std::collections::BTreeMap<Role, u32> = serde_yaml::from_str(&text).unwrap();
        assert_eq!(back, map);
        let e = serde_yaml::from_str::<Role>("Prussia").unwrap_err().to_string();
        assert!(e.contains("\"Prussia\" is not a role"), "{e}");
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
