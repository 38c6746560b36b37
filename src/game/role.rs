//! Who acts in a game of Diplomacy: a power, one of a ruleset's extra roles (God, the
//! Devil), the referee or an observer. A role's name is read once, where it enters the
//! Diplomacy game ([`Role::parse`]), and written once ([`Role::name`]), as the players file,
//! `state.yaml` and the letters spell it (`France`, `God`, `Devil`).

use crate::map::{Map, Power};

/// A role in a game of Diplomacy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// One of the map's powers.
    Power(Power),
    /// God, an extra role of a ruleset (`variant/diable/`): blesses units, protects a power.
    God,
    /// The Devil, an extra role of a ruleset: curses units, protects a power.
    Devil,
    /// The game's referee (who enters turn files).
    Referee,
    /// Someone who reads the game and plays no role.
    Observer,
}

/// The roles that are not powers, with their names.
const NAMED: [(Role, &str); 4] = [
    (Role::God, "God"),
    (Role::Devil, "Devil"),
    (Role::Referee, "referee"),
    (Role::Observer, "observer"),
];

impl Role {
    /// Reads a role's name, in any case: a power of `map`, or God, Devil, referee, observer.
    pub fn parse(map: &Map, text: &str) -> Option<Role> {
        let text = text.trim();
        if let Some(p) = map.power_by_name(text) {
            return Some(Role::Power(p));
        }
        NAMED
            .iter()
            .find(|(_, name)| name.eq_ignore_ascii_case(text))
            .map(|&(role, _)| role)
    }

    /// The role's name as written on file and in letters.
    pub fn name(self, map: &Map) -> &str {
        match self {
            Role::Power(p) => map.power_name(p),
            other => NAMED.iter().find(|(r, _)| *r == other).map_or("", |(_, n)| n),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_role_reads_in_any_case_and_writes_as_on_file() {
        let map = Map::standard();
        for text in ["France", "france", "GOD", "devil", "Referee", "observer"] {
            let role = Role::parse(map, text).unwrap();
            assert!(role.name(map).eq_ignore_ascii_case(text), "{text}");
            assert_eq!(Role::parse(map, role.name(map)), Some(role));
        }
        assert_eq!(Role::parse(map, "god").unwrap().name(map), "God");
        assert_eq!(Role::parse(map, "Prussia"), None);
    }

    #[test]
    fn only_god_and_the_devil_are_divine_and_only_powers_have_a_power() {
        let map = Map::standard();
        let france = Role::parse(map, "France").unwrap();
        assert!(!france.is_divine() && france.power().is_some());
        assert!(Role::God.is_divine() && Role::Devil.is_divine());
        assert!(!Role::Referee.is_divine() && Role::Observer.power().is_none());
    }
}
