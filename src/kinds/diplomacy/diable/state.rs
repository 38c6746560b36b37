//! What Diable et Bon Dieu keeps in `state.yaml`: the casts on file for the phase, the
//! adjustment blessing named for the winter, the protected powers and every cast that fell
//! on a unit. Four keys between the mail game's `orders` and `history`
//! ([`crate::game::state_file`]), written in every Diplomacy game (`divine: {}` and
//! `casts: []` when empty) and in every board game's too, as the files always had them.

use crate::game::role::Role;
use crate::game::state_file::{put, KindKeys};
use crate::lang::Lang;
use crate::map::{Map, Power};
use crate::order::{canonical_unit, unit_text_in, UnitRef};
use serde::de::MapAccess;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;

/// Diable et Bon Dieu's keys of `state.yaml`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DivineState {
    /// `divine`: God's and the Devil's casts on file for the phase.
    pub divine: DivineOnFile,
    /// `adjustment_blessing`: the power God named in a blessing autumn for the coming
    /// winter, or `none`.
    pub adjustment_blessing: Option<PowerBlessing>,
    /// `protected`: which power each divine player protects (`God: France`, `Devil: Turkey`).
    pub protected: BTreeMap<Role, Power>,
    /// `casts`: every blessing and curse that fell on a unit, for the per-year rule.
    pub casts: Vec<CastRow>,
}

/// The state of a game that has none yet (a standard game, a board game): what a reader
/// of the keys gets when the game's state holds none of them.
pub static EMPTY: DivineState = DivineState {
    divine: DivineOnFile {
        blessing: None,
        curse: None,
        adjustment_blessing: None,
    },
    adjustment_blessing: None,
    protected: BTreeMap::new(),
    casts: Vec::new(),
};

impl KindKeys for DivineState {
    const KEYS: &'static [&'static str] = &["divine", "adjustment_blessing", "protected", "casts"];

    fn read_key<'de, A: MapAccess<'de>>(&mut self, key: usize, map: &mut A) -> Result<(), A::Error> {
        match key {
            0 => self.divine = map.next_value()?,
            1 => self.adjustment_blessing = map.next_value()?,
            2 => self.protected = map.next_value::<ByName>()?.0,
            _ => self.casts = map.next_value()?,
        }
        Ok(())
    }

    fn write_keys<S: SerializeStruct>(&self, out: &mut S) -> Result<(), S::Error> {
        put(out, "divine", &self.divine, true)?;
        let blessing = &self.adjustment_blessing;
        put(out, "adjustment_blessing", blessing, blessing.is_some())?;
        put(out, "protected", &Names(&self.protected), !self.protected.is_empty())?;
        put(out, "casts", &self.casts, true)
    }

    /// The casts on file for the phase (the adjustment blessing God names for the winter is
    /// not counted: as before the kind's keys were its own).
    fn same_on_file(&self, other: &DivineState) -> bool {
        self.divine == other.divine
    }
}

/// The casts on file for the phase: each a unit, or declined.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DivineOnFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blessing: Option<OnFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub curse: Option<OnFile>,
    /// Read and written back as it stands: files from before the winter's blessing had its
    /// own key may hold it here. The power God names is `adjustment_blessing` beside
    /// `divine`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjustment_blessing: Option<String>,
}

/// The word kept on file when a divine player declines to cast.
pub const NONE: &str = "none";

/// A blessing or a curse on file for the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnFile {
    /// `BLESS NONE`, `CURSE NONE`: `none` on file.
    Declined,
    /// On this unit of the board, checked when it was cast: the unit in the judge's
    /// notation on file (`A PAR`, `F STP/SC`).
    Unit(UnitRef),
}

impl Serialize for OnFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            OnFile::Declined => s.serialize_str(NONE),
            OnFile::Unit(u) => s.serialize_str(&unit_text_in(Map::standard(), u, Lang::En)),
        }
    }
}

impl<'de> Deserialize<'de> for OnFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OnFile, D::Error> {
        crate::yaml::from_word(d, "a unit or none", |text: &str| {
            if text == NONE {
                return Ok(OnFile::Declined);
            }
            match canonical_unit(Map::standard(), text) {
                Some(u) if u.kind.is_some() => Ok(OnFile::Unit(u)),
                _ => Err(format!(
                    "\"{text}\" is not a unit: write one in the judge's notation (A PAR, F STP/SC), or none"
                )),
            }
        })
    }
}

/// The power God names for the coming winter's adjustment blessing, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerBlessing {
    /// `BLESS POWER NONE`: `none` on file.
    Declined,
    /// This power, by its name on file (`Russia`).
    Power(Power),
}

impl Serialize for PowerBlessing {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PowerBlessing::Declined => s.serialize_str(NONE),
            PowerBlessing::Power(p) => s.serialize_str(Map::standard().power_name(*p)),
        }
    }
}

impl<'de> Deserialize<'de> for PowerBlessing {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PowerBlessing, D::Error> {
        crate::yaml::from_word(d, "a power or none", |text: &str| {
            if text == NONE {
                return Ok(PowerBlessing::Declined);
            }
            power_by_name(text).map(PowerBlessing::Power)
        })
    }
}

/// A blessing or a curse that fell on a unit of a power, in a phase.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CastRow {
    pub phase: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blessed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cursed: Option<String>,
}

/// The protected powers, written by the powers' names (`God: France`).
struct Names<'a>(&'a BTreeMap<Role, Power>);

impl Serialize for Names<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let map = Map::standard();
        s.collect_map(self.0.iter().map(|(role, &p)| (role, map.power_name(p))))
    }
}

/// The protected powers, read by the powers' names.
struct ByName(BTreeMap<Role, Power>);

impl<'de> Deserialize<'de> for ByName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ByName, D::Error> {
        let named = BTreeMap::<Role, PowerByName>::deserialize(d)?;
        Ok(ByName(named.into_iter().map(|(role, p)| (role, p.0)).collect()))
    }
}

/// A power read by its name, so that a name that is none is refused where it stands.
struct PowerByName(Power);

impl<'de> Deserialize<'de> for PowerByName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PowerByName, D::Error> {
        crate::yaml::from_word(d, "a power", power_by_name).map(PowerByName)
    }
}

/// A power of the standard map by its name, or an error that lists the names.
fn power_by_name(text: &str) -> Result<Power, String> {
    let map = Map::standard();
    map.power_by_name(text).ok_or_else(|| {
        format!(
            "\"{text}\" is not a power: write one of the map's ({})",
            map.powers
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::State;

    fn read(text: &str) -> Result<State, crate::yaml::FileError> {
        crate::kinds::REGISTRY.install();
        State::read(text, "state.yaml")
    }

    #[test]
    fn the_registry_reads_every_state_with_these_keys() {
        crate::kinds::REGISTRY.install();
        assert_eq!(State::default().kind.get::<DivineState>(), Some(&EMPTY));
        let written = State::default().to_yaml().unwrap();
        assert!(
            written.contains("orders: {}\ndivine: {}\ncasts: []\nhistory: []\n"),
            "{written}"
        );
    }

    #[test]
    fn a_protected_power_is_read_by_its_name_with_its_line() {
        let e = read("phase: play\nprotected:\n  God: Prussia\n").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(
            e.message
                .contains("\"Prussia\" is not a power: write one of the map's (England,"),
            "{e}"
        );
        let e = read("phase: play\nprotected:\n  Prussia: France\n").unwrap_err();
        assert!(e.line.is_some_and(|l| (2..=3).contains(&l)), "{e}");
        assert!(e.message.starts_with("protected"), "{e}");
        assert!(
            e.message.contains("\"Prussia\" is not a role: write a power (France)"),
            "{e}"
        );
        let state = read("phase: play\nprotected:\n  Devil: Turkey\n  God: France\n").unwrap();
        let keys = state.kind.get::<DivineState>().unwrap();
        let map = Map::standard();
        assert_eq!(keys.protected[&super::super::GOD], map.power_by_name("France").unwrap());
        let written = state.to_yaml().unwrap();
        assert!(
            written.contains("protected:\n  Devil: Turkey\n  God: France\n"),
            "{written}"
        );
    }

    /// A cast on file is a unit of the map or `none`, and the winter's blessing a power or
    /// `none`: anything else is refused at its line, saying what to write.
    #[test]
    fn a_cast_that_names_no_unit_or_power_is_refused_at_its_line() {
        let e = read("phase: play\ndivine:\n  blessing: Paris\n").unwrap_err();
        assert!(e.line.is_some_and(|l| (2..=3).contains(&l)), "{e}");
        assert!(
            e.message
                .contains("\"Paris\" is not a unit: write one in the judge's notation (A PAR, F STP/SC), or none"),
            "{e}"
        );
        let e = read("phase: play\nadjustment_blessing: Prussia\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(
            e.message
                .starts_with("adjustment_blessing: \"Prussia\" is not a power: write one of the map's"),
            "{e}"
        );
        let state = read("phase: play\ndivine:\n  curse: F STP/SC\nadjustment_blessing: none\n").unwrap();
        let keys = state.kind.get::<DivineState>().unwrap();
        assert_eq!(keys.adjustment_blessing, Some(PowerBlessing::Declined));
        let written = state.to_yaml().unwrap();
        assert!(
            written.contains("divine:\n  curse: F STP/SC\nadjustment_blessing: none\n"),
            "{written}"
        );
    }

    #[test]
    fn every_key_is_written_back_as_it_was_read() {
        let text = "phase: Fall 1902 Movement\nreminded: true\nhandled: 12\norders: {}\n\
                    divine:\n  blessing: A PAR\n  curse: none\nadjustment_blessing: Russia\n\
                    protected:\n  Devil: Turkey\n  God: France\ncasts:\n- phase: Spring 1901 Movement\n  \
                    blessed: France\n- phase: Fall 1901 Movement\n  blessed: Italy\n  cursed: England\n\
                    history: []\nvotes: {}\nentries: 0\nmoves: []\n";
        let state = read(text).unwrap();
        let keys = state.kind.get::<DivineState>().unwrap();
        assert_eq!(keys.divine.curse, Some(OnFile::Declined));
        let map = Map::standard();
        let paris = canonical_unit(map, "A PAR").unwrap();
        assert_eq!(keys.divine.blessing, Some(OnFile::Unit(paris)));
        let russia = map.power_by_name("Russia").unwrap();
        assert_eq!(keys.adjustment_blessing, Some(PowerBlessing::Power(russia)));
        assert_eq!(keys.casts[1].cursed.as_deref(), Some("England"));
        assert_eq!(state.to_yaml().unwrap(), text);
        let e = read("phase: play\ndivine: {blessing: A PAR, bless: A MAR}\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.starts_with("divine: unknown field `bless`"), "{e}");
    }
}
