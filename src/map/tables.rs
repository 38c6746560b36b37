//! The standard map as Rust tables, compiled into the program.
//!
//! `maps/standard.yaml` stays the file a person reads and edits. Reading it (or a JSON copy of
//! it) and building the board from it, with its checks and its index of names, cost every
//! process that needs the board about 2.2 million instructions: a fifth of a message that
//! acts on one order (BENCHMARKS.md, "An accepted message nearer the floor"). So the board
//! built from the YAML is written out once, as the Rust tables of `src/map/standard.rs`, and a
//! process copies those tables instead: the borders, the coasts and the index of names as
//! they are once built, nothing parsed, checked or hashed again.
//!
//! The tables are written by [`rust`] from [`Map::from_yaml`]'s map, and a test checks that
//! `src/map/standard.rs` is exactly what it writes today: after a change to
//! `maps/standard.yaml` (or to how a map is built), the test fails and says how to write the
//! file again (`ARBITRE_WRITE_MAP=1 cargo test --lib map::tables`).

use super::names::{NameIndex, StaticNames};
use super::{Center, Coast, Kind, Lists, Loc, Map, Power, PowerInfo, ProvId, Province, UnitType};
use std::collections::HashMap;
#[cfg(test)]
use std::fmt::Write;

/// A map's data as `'static` tables: what [`Map::from_tables`] copies.
pub(super) struct Tables {
    pub name: &'static str,
    /// Name, adjective, French name.
    pub powers: &'static [(&'static str, &'static str, &'static str)],
    pub provinces: &'static [StaticProvince],
    /// Each list as its items side by side and where each province's ends ([`Lists`]).
    pub army_borders: (&'static [ProvId], &'static [u32]),
    pub fleet_borders: (&'static [Loc], &'static [u32]),
    pub coast_borders: &'static [(Loc, &'static [Loc])],
    pub fleet_prov_borders: (&'static [ProvId], &'static [u32]),
    pub starting_units: &'static [(Power, UnitType, Loc)],
    pub names: StaticNames,
}

/// A [`Province`] as a table row.
pub(super) struct StaticProvince {
    pub code: &'static str,
    pub kind: Kind,
    pub name: &'static str,
    pub french: &'static str,
    pub aliases: &'static [&'static str],
    pub center: Option<Center>,
    pub coasts: &'static [Coast],
}

impl Tables {
    /// The powers alone.
    pub(super) fn powers(&self) -> Vec<PowerInfo> {
        self.powers
            .iter()
            .map(|&(name, adjective, french)| PowerInfo {
                name: name.to_string(),
                adjective: adjective.to_string(),
                french: french.to_string(),
            })
            .collect()
    }
}

impl Map {
    /// The map whose tables [`rust`] wrote.
    pub(super) fn from_tables(t: &Tables) -> Map {
        let powers = t.powers();
        let provinces = t
            .provinces
            .iter()
            .map(|p| Province {
                code: p.code.to_string(),
                kind: p.kind,
                name: p.name.to_string(),
                french: p.french.to_string(),
                aliases: p.aliases.iter().map(|a| a.to_string()).collect(),
                center: p.center,
                coasts: p.coasts.to_vec(),
            })
            .collect();
        let lists = |(items, end): (&[ProvId], &[u32])| Lists {
            items: items.to_vec(),
            end: end.to_vec(),
        };
        Map::assemble(
            t.name.to_string(),
            powers,
            provinces,
            Borders {
                army: lists(t.army_borders),
                fleet: Lists {
                    items: t.fleet_borders.0.to_vec(),
                    end: t.fleet_borders.1.to_vec(),
                },
                coast: t.coast_borders.iter().map(|&(l, tos)| (l, tos.to_vec())).collect(),
                fleet_prov: lists(t.fleet_prov_borders),
            },
            t.starting_units.to_vec(),
            NameIndex::from_static(&t.names),
        )
    }
}

/// A map's borders, as [`Map`] keeps them.
pub(super) struct Borders {
    pub army: Lists<ProvId>,
    pub fleet: Lists<Loc>,
    pub coast: HashMap<Loc, Vec<Loc>>,
    pub fleet_prov: Lists<ProvId>,
}

/// The Rust source of `src/map/standard.rs` for `map`: a `static STANDARD: Tables`.
#[cfg(test)]
pub(super) fn rust(map: &Map, origin: &str) -> String {
    let mut s = format!(
        "//! `{origin}` as Rust tables, written by `ARBITRE_WRITE_MAP=1 cargo test --lib map::tables`\n\
         //! (src/map/tables.rs): do not edit by hand; a test checks that it is the map file's.\n\n\
         use super::names::StaticNames;\n\
         use super::tables::{{StaticProvince, Tables}};\n\
         use super::{{Center, Coast, Kind, Loc, Power, UnitType}};\n\n\
         pub(super) static STANDARD: Tables = Tables {{\n    name: {:?},\n    powers: &[\n",
        map.name
    );
    for p in &map.powers {
        let _ = writeln!(s, "        ({:?}, {:?}, {:?}),", p.name, p.adjective, p.french);
    }
    s += "    ],\n    provinces: &[\n";
    for p in &map.provinces {
        let center = match p.center {
            None => "None".to_string(),
            Some(Center::Neutral) => "Some(Center::Neutral)".to_string(),
            Some(Center::Home(Power(n))) => format!("Some(Center::Home(Power({n})))"),
        };
        let coasts: Vec<String> = p.coasts.iter().map(|c| format!("Coast::{c:?}")).collect();
        let _ = writeln!(
            s,
            "        StaticProvince {{ code: {:?}, kind: Kind::{:?}, name: {:?}, french: {:?}, aliases: &{:?}, center: {center}, coasts: &[{}] }},",
            p.code,
            p.kind,
            p.name,
            p.french,
            p.aliases,
            coasts.join(", ")
        );
    }
    s += "    ],\n";
    let _ = writeln!(
        s,
        "    army_borders: (&{:?}, &{:?}),",
        map.army_borders.items, map.army_borders.end
    );
    let fleet: Vec<String> = map.fleet_borders.items.iter().map(|&l| loc(l)).collect();
    let _ = writeln!(
        s,
        "    fleet_borders: (&[{}], &{:?}),",
        fleet.join(", "),
        map.fleet_borders.end
    );
    // The coasts in order, so that the same map always writes the same file.
    let mut coast: Vec<(&Loc, &Vec<Loc>)> = map.coast_borders.iter().collect();
    coast.sort();
    s += "    coast_borders: &[\n";
    for (from, tos) in coast {
        let tos: Vec<String> = tos.iter().map(|&l| loc(l)).collect();
        let _ = writeln!(s, "        ({}, &[{}]),", loc(*from), tos.join(", "));
    }
    s += "    ],\n";
    let _ = writeln!(
        s,
        "    fleet_prov_borders: (&{:?}, &{:?}),",
        map.fleet_prov_borders.items, map.fleet_prov_borders.end
    );
    let units: Vec<String> = map
        .starting_units
        .iter()
        .map(|&(p, k, l)| format!("({p:?}, UnitType::{k:?}, {})", loc(l)))
        .collect();
    let _ = writeln!(s, "    starting_units: &[{}],", units.join(", "));
    let _ = writeln!(s, "    names: {},", map.names.rust());
    s += "};\n";
    s
}

/// A [`Loc`] as a Rust expression.
#[cfg(test)]
fn loc(l: Loc) -> String {
    match l.coast {
        None => format!("Loc {{ prov: {}, coast: None }}", l.prov),
        Some(c) => format!("Loc {{ prov: {}, coast: Some(Coast::{c:?}) }}", l.prov),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIGIN: &str = "maps/standard.yaml";

    /// `src/map/standard.rs` is what `maps/standard.yaml` builds today, table for table.
    #[test]
    fn the_standard_tables_are_the_map_file() {
        let map = Map::from_yaml(include_str!("../../maps/standard.yaml"), ORIGIN).unwrap();
        let written = rust(&map, ORIGIN);
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/map/standard.rs");
        if std::env::var_os("ARBITRE_WRITE_MAP").is_some() {
            std::fs::write(&path, &written).unwrap();
        }
        let file = std::fs::read_to_string(&path).unwrap();
        assert!(
            file == written,
            "src/map/standard.rs is not what {ORIGIN} builds: write it again with \
             `ARBITRE_WRITE_MAP=1 cargo test --lib map::tables`"
        );
    }

    /// The map copied from the tables is the map they were written from: written out again,
    /// it gives the same tables (every border, coast, name and starting unit).
    #[test]
    fn the_map_from_the_tables_writes_the_same_tables() {
        let yaml = Map::from_yaml(include_str!("../../maps/standard.yaml"), ORIGIN).unwrap();
        assert_eq!(rust(Map::standard(), ORIGIN), rust(&yaml, ORIGIN));
        let derived = |m: &Map| {
            format!(
                "{:?}",
                (&m.codes, &m.code_end, &m.kinds, &m.power_names, m.letter_is_power)
            )
        };
        assert_eq!(derived(Map::standard()), derived(&yaml));
    }
}
