//! What the data-driven suites (DATC, Diable et Bon Dieu) share: units grouped by power.

use arbitre::judge::Outcome;
use arbitre::map::Map;
use std::collections::BTreeMap;

/// `power -> sorted unit texts`.
pub type Units = BTreeMap<String, Vec<String>>;

/// Units by power from a YAML mapping of lists (an `expect:` entry).
pub fn units_of(v: Option<&serde_yaml::Value>) -> Units {
    let mut out = Units::new();
    if let Some(serde_yaml::Value::Mapping(m)) = v {
        for (k, list) in m {
            let mut l: Vec<String> = list
                .as_sequence()
                .map(|s| s.iter().map(|x| x.as_str().unwrap().to_uppercase()).collect())
                .unwrap_or_default();
            l.sort();
            if !l.is_empty() {
                out.insert(k.as_str().unwrap().to_string(), l);
            }
        }
    }
    out
}

/// The units on the board after the phase, and the dislodged ones, by power.
pub fn units_after(map: &Map, o: &Outcome) -> (Units, Units) {
    let mut units = Units::new();
    for u in &o.next.units {
        units
            .entry(map.power_name(u.power).to_string())
            .or_default()
            .push(u.text(map));
    }
    let mut dislodged = Units::new();
    for d in &o.next.dislodged {
        dislodged
            .entry(map.power_name(d.unit.power).to_string())
            .or_default()
            .push(d.unit.text(map));
    }
    for l in units.values_mut().chain(dislodged.values_mut()) {
        l.sort();
    }
    (units, dislodged)
}
