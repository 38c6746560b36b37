//! Geography: provinces, coasts, who may move where, supply centres and names.
//!
//! A [`Map`] is loaded from a YAML file in `maps/` (the standard map is built into the
//! binary as tables, `standard.rs`). It knows nothing of orders or of judging: it answers
//! "is there a border", "what is this name", "whose home centre is this".

mod names;
// Written by a test from maps/standard.yaml (see tables.rs), not by hand.
#[rustfmt::skip]
mod standard;
mod tables;

use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::OnceLock;

use crate::yaml::Ordered;

pub(crate) use names::{deaccent, SHORT};
pub use names::{deaccent_upper, fold, french_names, standard_french_names, NameError};

/// Index of a province in its map. `u32`: generated maps go past 65,536 provinces (see
/// `benches/scaling.rs`).
pub type ProvId = u32;

/// One of the seven (or, on other maps, n) powers, as an index into [`Map::powers`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Power(pub u8);

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnitType {
    Army,
    Fleet,
}

impl UnitType {
    pub fn letter(self) -> char {
        match self {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        }
    }
}

/// What a province is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Inland: armies only.
    Land,
    /// Land touching the sea: armies and fleets.
    Coast,
    /// Water: fleets only; fleets here may convoy.
    Sea,
    /// Nobody may enter (Switzerland).
    Impassable,
}

/// A named coast of a split province.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
pub enum Coast {
    NC,
    SC,
    EC,
    WC,
}

impl Coast {
    pub fn code(self) -> &'static str {
        match self {
            Coast::NC => "NC",
            Coast::SC => "SC",
            Coast::EC => "EC",
            Coast::WC => "WC",
        }
    }
}

/// A place a unit can stand: a province, and for a fleet in a split province, its coast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc {
    pub prov: ProvId,
    pub coast: Option<Coast>,
}

impl Loc {
    pub fn new(prov: ProvId) -> Loc {
        Loc { prov, coast: None }
    }
}

/// Supply centre status of a province.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Center {
    Neutral,
    Home(Power),
}

#[derive(Clone, Debug)]
pub struct Province {
    pub code: String,
    pub kind: Kind,
    pub name: String,
    pub french: String,
    pub aliases: Vec<String>,
    pub center: Option<Center>,
    pub coasts: Vec<Coast>,
}

#[derive(Clone, Debug)]
pub struct PowerInfo {
    pub name: String,
    pub adjective: String,
    pub french: String,
}

/// A game board's geography.
#[derive(Debug)]
pub struct Map {
    pub name: String,
    pub powers: Vec<PowerInfo>,
    pub provinces: Vec<Province>,
    army_borders: Lists<ProvId>,
    /// The places a fleet reaches from a province without coasts (empty for a province with
    /// coasts), and from each named coast.
    fleet_borders: Lists<Loc>,
    coast_borders: HashMap<Loc, Vec<Loc>>,
    /// Provinces a fleet can reach from any coast of a province, whatever the coast.
    fleet_prov_borders: Lists<ProvId>,
    pub starting_units: Vec<(Power, UnitType, Loc)>,
    names: names::NameIndex,
    /// The province codes side by side, in province order (`code_end[p]` ends the code of
    /// province `p`): writing the code of a province and of its neighbours reads one small
    /// stretch of memory, not a string allocated somewhere for each.
    codes: String,
    code_end: Vec<u32>,
    /// Each province's kind, one byte each, for the same reason.
    kinds: Vec<Kind>,
    /// Every power's name, adjective and French name, folded, in power order.
    power_names: Vec<(String, Power)>,
    /// Whether `A` and `F`, the unit types' letters, are also a power's name (DATC 4.C.5:
    /// then `S A BER` may be read with `A` as a nationality); asked for every support and
    /// convoy read, so known once.
    letter_is_power: [bool; 2],
}

/// One list per province, the lists side by side in one array (`end[p]` ends the list of
/// province `p`): on a large map, the borders of neighbouring provinces are near each other
/// in memory instead of in an allocation each.
#[derive(Debug)]
struct Lists<T> {
    items: Vec<T>,
    end: Vec<u32>,
}

impl<T> Lists<T> {
    fn new(lists: Vec<Vec<T>>) -> Lists<T> {
        let mut items = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        let mut end = Vec::with_capacity(lists.len());
        for list in lists {
            items.extend(list);
            end.push(items.len() as u32);
        }
        Lists { items, end }
    }

    fn get(&self, p: ProvId) -> &[T] {
        let p = p as usize;
        let start = if p == 0 { 0 } else { self.end[p - 1] as usize };
        &self.items[start..self.end[p] as usize]
    }
}

/// A problem in a map file, with where it is.
#[derive(Debug, thiserror::Error)]
pub enum MapError {
    /// The file, and what is wrong in it, in words.
    #[error("{0}")]
    File(String),
    /// The province names, which players must be able to tell apart.
    #[error("{origin}: {error}")]
    Names { origin: String, error: NameError },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    name: String,
    powers: Ordered<RawPower>,
    provinces: Ordered<RawProvince>,
    armies: BTreeMap<String, Vec<String>>,
    fleets: BTreeMap<String, Vec<String>>,
    starting_units: Ordered<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPower {
    adjective: String,
    french: String,
}

impl RawPower {
    /// The power named `name`, as the map holds it.
    fn info((name, p): (String, RawPower)) -> PowerInfo {
        PowerInfo {
            name,
            adjective: p.adjective,
            french: p.french,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProvince {
    kind: Kind,
    name: String,
    french: String,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    center: Option<String>,
    #[serde(default)]
    coasts: Vec<Coast>,
}

static STANDARD: OnceLock<Map> = OnceLock::new();

impl Map {
    /// The standard Diplomacy map, from `maps/standard.yaml`: copied from the tables a test
    /// wrote from it (`src/map/standard.rs`, see `tables.rs`), without reading or checking
    /// the file again in every process.
    pub fn standard() -> &'static Map {
        STANDARD.get_or_init(|| Map::from_tables(&standard::STANDARD))
    }

    /// The standard map's powers alone, for what needs only their names and number (a role
    /// read from `game.yaml` or `state.yaml`), without building the board, which a message
    /// that is refused never needs.
    pub fn standard_powers() -> &'static [PowerInfo] {
        static POWERS: OnceLock<Vec<PowerInfo>> = OnceLock::new();
        POWERS.get_or_init(|| match STANDARD.get() {
            Some(map) => map.powers.clone(),
            None => standard::STANDARD.powers(),
        })
    }

    /// Reads a map file. `origin` names the file in error messages.
    pub fn from_yaml(text: &str, origin: &str) -> Result<Map, MapError> {
        let raw: RawMap = serde_yaml::from_str(text).map_err(|e| MapError::File(format!("{origin}: {e}")))?;
        Map::from_raw(raw, origin)
    }

    /// Builds a map from its file's data; `origin` names the file in error messages.
    fn from_raw(raw: RawMap, origin: &str) -> Result<Map, MapError> {
        let err = |msg: String| MapError::File(format!("{origin}: {msg}"));

        let powers: Vec<PowerInfo> = raw.powers.0.into_iter().map(RawPower::info).collect();
        let power_of = |name: &str| -> Result<Power, MapError> {
            powers
                .iter()
                .position(|p| p.name == name)
                .map(|i| Power(i as u8))
                .ok_or_else(|| err(format!("unknown power \"{name}\"")))
        };

        let mut provinces = Vec::new();
        let mut code_index: HashMap<String, ProvId> = HashMap::new();
        for (code, p) in raw.provinces.0 {
            let center = match p.center.as_deref() {
                None => None,
                Some("neutral") => Some(Center::Neutral),
                Some(power) => Some(Center::Home(power_of(power)?)),
            };
            if code_index.insert(code.clone(), provinces.len() as ProvId).is_some() {
                return Err(err(format!("province \"{code}\" is listed twice")));
            }
            provinces.push(Province {
                code,
                kind: p.kind,
                name: p.name,
                french: p.french,
                aliases: p.aliases,
                center,
                coasts: p.coasts,
            });
        }
        let prov = |code: &str, ctx: &str| -> Result<ProvId, MapError> {
            code_index
                .get(code)
                .copied()
                .ok_or_else(|| err(format!("{ctx}: unknown province \"{code}\"")))
        };
        let loc = |text: &str, ctx: &str| -> Result<Loc, MapError> {
            let (p, c) = match text.split_once('/') {
                Some((p, c)) => (p, Some(c)),
                None => (text, None),
            };
            let id = prov(p, ctx)?;
            let coast = match c {
                None => None,
                Some(c) => {
                    let coast = provinces[id as usize]
                        .coasts
                        .iter()
                        .copied()
                        .find(|k| k.code() == c)
                        .ok_or_else(|| err(format!("{ctx}: \"{text}\" is not a coast of {p}")))?;
                    Some(coast)
                }
            };
            Ok(Loc { prov: id, coast })
        };

        let n = provinces.len();
        let mut army_borders = vec![Vec::new(); n];
        for (from, tos) in &raw.armies {
            let f = prov(from, "armies")?;
            if !matches!(provinces[f as usize].kind, Kind::Land | Kind::Coast) {
                return Err(err(format!("armies: {from} is not land")));
            }
            for to in tos {
                let t = prov(to, &format!("armies: {from}"))?;
                if !matches!(provinces[t as usize].kind, Kind::Land | Kind::Coast) {
                    return Err(err(format!("armies: {from} lists {to}, which is not land")));
                }
                army_borders[f as usize].push(t);
            }
        }
        let mut fleet_borders: HashMap<Loc, Vec<Loc>> = HashMap::new();
        for (from, tos) in &raw.fleets {
            let f = loc(from, "fleets")?;
            let kind = provinces[f.prov as usize].kind;
            if !matches!(kind, Kind::Sea | Kind::Coast) {
                return Err(err(format!("fleets: {from} is not water or coast")));
            }
            if f.coast.is_none() && !provinces[f.prov as usize].coasts.is_empty() {
                return Err(err(format!("fleets: {from} has coasts; list each coast")));
            }
            let mut list = Vec::new();
            for to in tos {
                let t = loc(to, &format!("fleets: {from}"))?;
                if t.coast.is_none() && !provinces[t.prov as usize].coasts.is_empty() {
                    return Err(err(format!("fleets: {from} lists {to}: name the coast")));
                }
                list.push(t);
            }
            fleet_borders.insert(f, list);
        }
        // Borders are symmetric; a one-way border is a typo in the file.
        for (f, tos) in army_borders.iter().enumerate() {
            for &t in tos {
                if !army_borders[t as usize].contains(&(f as ProvId)) {
                    return Err(err(format!(
                        "armies: {} lists {} but not the other way round",
                        provinces[f].code, provinces[t as usize].code
                    )));
                }
            }
        }
        for (f, tos) in &fleet_borders {
            for t in tos {
                if !fleet_borders.get(t).is_some_and(|b| b.contains(f)) {
                    return Err(err(format!(
                        "fleets: {} lists {} but not the other way round",
                        loc_text(&provinces, *f),
                        loc_text(&provinces, *t)
                    )));
                }
            }
        }
        let mut fleet_prov_borders: Vec<Vec<ProvId>> = vec![Vec::new(); n];
        for (f, tos) in &fleet_borders {
            for t in tos {
                let list: &mut Vec<ProvId> = &mut fleet_prov_borders[f.prov as usize];
                if !list.contains(&t.prov) {
                    list.push(t.prov);
                }
            }
        }
        for list in &mut fleet_prov_borders {
            list.sort();
        }
        for list in &mut army_borders {
            list.sort();
        }

        let mut starting_units = Vec::new();
        for (power, units) in raw.starting_units.0 {
            let pw = power_of(&power)?;
            for u in units {
                let (t, l) = u
                    .split_once(' ')
                    .ok_or_else(|| err(format!("starting_units: \"{u}\" is not like \"A PAR\"")))?;
                let kind = match t {
                    "A" => UnitType::Army,
                    "F" => UnitType::Fleet,
                    _ => return Err(err(format!("starting_units: \"{u}\": unit type is A or F"))),
                };
                starting_units.push((pw, kind, loc(l, "starting_units")?));
            }
        }

        let names = names::NameIndex::build(&provinces).map_err(|error| MapError::Names {
            origin: origin.to_string(),
            error,
        })?;
        let mut plain: Vec<Vec<Loc>> = vec![Vec::new(); n];
        let mut coast_borders = HashMap::new();
        for (f, tos) in fleet_borders {
            match f.coast {
                None => plain[f.prov as usize] = tos,
                Some(_) => {
                    coast_borders.insert(f, tos);
                }
            }
        }
        let borders = tables::Borders {
            army: Lists::new(army_borders),
            fleet: Lists::new(plain),
            coast: coast_borders,
            fleet_prov: Lists::new(fleet_prov_borders),
        };
        Ok(Map::assemble(
            raw.name,
            powers,
            provinces,
            borders,
            starting_units,
            names,
        ))
    }

    /// The map of these parts, with what is derived from them (the codes and kinds side by
    /// side, the powers' folded names).
    fn assemble(
        name: String,
        powers: Vec<PowerInfo>,
        provinces: Vec<Province>,
        borders: tables::Borders,
        starting_units: Vec<(Power, UnitType, Loc)>,
        names: names::NameIndex,
    ) -> Map {
        let power_names: Vec<(String, Power)> = powers
            .iter()
            .enumerate()
            .flat_map(|(i, p)| [&p.name, &p.adjective, &p.french].map(|n| (fold(n), Power(i as u8))))
            .collect();
        let letter_is_power = [UnitType::Army, UnitType::Fleet].map(|k| {
            power_names
                .iter()
                .any(|(n, _)| n.len() == 1 && n.starts_with(k.letter()))
        });
        let kinds = provinces.iter().map(|p| p.kind).collect();
        let mut codes = String::new();
        let mut code_end = Vec::with_capacity(provinces.len());
        for p in &provinces {
            codes.push_str(&p.code);
            code_end.push(codes.len() as u32);
        }
        Map {
            name,
            powers,
            provinces,
            army_borders: borders.army,
            fleet_borders: borders.fleet,
            coast_borders: borders.coast,
            fleet_prov_borders: borders.fleet_prov,
            starting_units,
            names,
            codes,
            code_end,
            kinds,
            power_names,
            letter_is_power,
        }
    }

    pub fn province(&self, id: ProvId) -> &Province {
        &self.provinces[id as usize]
    }

    /// The province with this canonical code (upper case), if any.
    pub fn by_code(&self, code: &str) -> Option<ProvId> {
        self.provinces.iter().position(|p| p.code == code).map(|i| i as ProvId)
    }

    /// The province a name, code or alias refers to (any case, accents optional).
    pub fn lookup(&self, name: &str) -> Option<ProvId> {
        self.names.get(&fold(name))
    }

    /// Names as sequences of folded words, for the order parser's longest match.
    pub(crate) fn name_index(&self) -> &names::NameIndex {
        &self.names
    }

    pub fn power_name(&self, p: Power) -> &str {
        &self.powers[p.0 as usize].name
    }

    /// The power with this name or adjective (English or French), any case.
    pub fn power_by_name(&self, name: &str) -> Option<Power> {
        self.power_by_folded_name(&fold(name))
    }

    /// The power with this name, already folded ([`fold`]).
    pub fn power_by_folded_name(&self, folded: &str) -> Option<Power> {
        self.power_names.iter().find(|(n, _)| n == folded).map(|&(_, p)| p)
    }

    /// Is the letter of this unit type (`A`, `F`) also the name of a power?
    pub fn letter_is_power(&self, kind: UnitType) -> bool {
        self.letter_is_power[kind as usize]
    }

    pub fn all_powers(&self) -> impl Iterator<Item = Power> + '_ {
        (0..self.powers.len()).map(|i| Power(i as u8))
    }

    /// `LON`, `STP/SC`.
    pub fn loc_text(&self, l: Loc) -> String {
        let mut out = String::with_capacity(8);
        self.push_loc(&mut out, l);
        out
    }

    /// Appends `LON`, `STP/SC` to `out`.
    pub fn push_loc(&self, out: &mut String, l: Loc) {
        // Writing to a `String` cannot fail.
        let _ = self.write_loc(out, l);
    }

    /// Writes `LON`, `STP/SC` to `out` (a `String`, or a formatter for a `Display`).
    pub fn write_loc(&self, out: &mut impl fmt::Write, l: Loc) -> fmt::Result {
        write_loc(out, self.code(l.prov), l.coast)
    }

    pub fn code(&self, p: ProvId) -> &str {
        let start = match p {
            0 => 0,
            _ => self.code_end[p as usize - 1] as usize,
        };
        &self.codes[start..self.code_end[p as usize] as usize]
    }

    pub fn is_sea(&self, p: ProvId) -> bool {
        self.kinds[p as usize] == Kind::Sea
    }

    pub fn is_land(&self, p: ProvId) -> bool {
        matches!(self.kinds[p as usize], Kind::Land | Kind::Coast)
    }

    pub fn is_coastal(&self, p: ProvId) -> bool {
        self.kinds[p as usize] == Kind::Coast
    }

    pub fn coasts(&self, p: ProvId) -> &[Coast] {
        &self.provinces[p as usize].coasts
    }

    /// The coast written at `loc` that counts for a unit of `kind` (DATC 4.B.6): a fleet's
    /// coast of the province as written; none for an army (it is in a province, never on a
    /// coast), nor for a coast the province does not have. The one rule the order reader
    /// and the judge both drop an irrelevant coast by.
    pub fn coast_that_counts(&self, kind: UnitType, loc: Loc) -> Option<Coast> {
        loc.coast
            .filter(|c| kind == UnitType::Fleet && self.coasts(loc.prov).contains(c))
    }

    pub fn center(&self, p: ProvId) -> Option<Center> {
        self.provinces[p as usize].center
    }

    pub fn is_center(&self, p: ProvId) -> bool {
        self.provinces[p as usize].center.is_some()
    }

    pub fn home_centers(&self, power: Power) -> impl Iterator<Item = ProvId> + '_ {
        self.provinces
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.center == Some(Center::Home(power)))
            .map(|(i, _)| i as ProvId)
    }

    pub fn centers(&self) -> impl Iterator<Item = ProvId> + '_ {
        self.provinces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.center.is_some())
            .map(|(i, _)| i as ProvId)
    }

    /// Provinces an army in `p` can move to directly.
    pub fn army_borders(&self, p: ProvId) -> &[ProvId] {
        self.army_borders.get(p)
    }

    /// Places a fleet at `l` can move to directly (with their coasts).
    pub fn fleet_borders(&self, l: Loc) -> &[Loc] {
        match l.coast {
            None => self.fleet_borders.get(l.prov),
            Some(_) => self.coast_borders.get(&l).map(|v| v.as_slice()).unwrap_or(&[]),
        }
    }

    /// Provinces a fleet can reach from some coast of `p` (whatever coast it is on).
    pub fn fleet_reach_any_coast(&self, p: ProvId) -> &[ProvId] {
        self.fleet_prov_borders.get(p)
    }

    /// Can a unit of this type standing at `from` move straight to province `to`?
    /// Coasts of the destination are not considered (see [`Map::fleet_dest_coasts`]).
    pub fn can_reach(&self, kind: UnitType, from: Loc, to: ProvId) -> bool {
        match kind {
            UnitType::Army => self.army_borders(from.prov).contains(&to),
            UnitType::Fleet => self.fleet_borders(from).iter().any(|l| l.prov == to),
        }
    }

    /// The coasts of `to` (or `None` for a single-coast province) a fleet at `from` can reach.
    pub fn fleet_dest_coasts(&self, from: Loc, to: ProvId) -> Vec<Option<Coast>> {
        self.fleet_borders(from)
            .iter()
            .filter(|l| l.prov == to)
            .map(|l| l.coast)
            .collect()
    }

    /// Is `l` a place a unit of this type may stand?
    pub fn can_stand(&self, kind: UnitType, l: Loc) -> bool {
        let p = self.province(l.prov);
        match kind {
            UnitType::Army => l.coast.is_none() && matches!(p.kind, Kind::Land | Kind::Coast),
            UnitType::Fleet => match p.kind {
                Kind::Sea => l.coast.is_none(),
                Kind::Coast => {
                    if p.coasts.is_empty() {
                        l.coast.is_none()
                    } else {
                        l.coast.is_some_and(|c| p.coasts.contains(&c))
                    }
                }
                _ => false,
            },
        }
    }

    /// Provinces adjacent to `p` for anyone (armies or fleets), as used for distances.
    pub fn any_borders(&self, p: ProvId) -> impl Iterator<Item = ProvId> + '_ {
        let a = self.army_borders(p).iter().copied();
        let f = self.fleet_reach_any_coast(p).iter().copied();
        a.chain(f.filter(move |x| !self.army_borders(p).contains(x)))
    }
}

/// `LON`, `STP/SC` while the map is being read (before [`Map::loc_text`] can be used).
fn loc_text(provinces: &[Province], l: Loc) -> String {
    let mut out = String::new();
    let _ = write_loc(&mut out, &provinces[l.prov as usize].code, l.coast);
    out
}

/// A province's code, and `/` and the coast if there is one: the one place a location is
/// written.
fn write_loc(out: &mut impl fmt::Write, code: &str, coast: Option<Coast>) -> fmt::Result {
    out.write_str(code)?;
    if let Some(c) = coast {
        out.write_char('/')?;
        out.write_str(c.code())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// DATC 4.B.6: a coast counts only for a fleet, and only when the province has it.
    #[test]
    fn a_coast_counts_only_for_a_fleet_and_only_where_the_province_has_it() {
        let map = Map::standard();
        let loc = |text: &str| crate::order::canonical_unit(map, &format!("F {text}")).unwrap().loc;
        assert_eq!(map.coast_that_counts(UnitType::Fleet, loc("SPA/NC")), Some(Coast::NC));
        assert_eq!(map.coast_that_counts(UnitType::Army, loc("SPA/NC")), None);
        assert_eq!(map.coast_that_counts(UnitType::Fleet, loc("MAO/NC")), None);
        assert_eq!(map.coast_that_counts(UnitType::Fleet, loc("SPA")), None);
    }

    /// The map the program builds in (the tables of `standard.rs`) is `maps/standard.yaml`:
    /// the same powers, provinces, borders and starting units as the YAML file read directly.
    #[test]
    fn the_built_in_standard_map_is_the_yaml_file() {
        let yaml = Map::from_yaml(include_str!("../../maps/standard.yaml"), "maps/standard.yaml").unwrap();
        let json = Map::standard();
        assert_eq!(format!("{:?}", yaml.powers), format!("{:?}", json.powers));
        assert_eq!(format!("{:?}", yaml.provinces), format!("{:?}", json.provinces));
        assert_eq!(yaml.starting_units, json.starting_units);
        for (p, province) in yaml.provinces.iter().enumerate() {
            let p = p as ProvId;
            assert_eq!(yaml.army_borders(p), json.army_borders(p), "{}", province.code);
            let coasts = province.coasts.iter().map(|&c| Loc {
                prov: p,
                coast: Some(c),
            });
            for l in std::iter::once(Loc::new(p)).chain(coasts) {
                assert_eq!(yaml.fleet_borders(l), json.fleet_borders(l), "{l:?}");
            }
            assert_eq!(json.lookup(&province.name), Some(p), "{}", province.name);
        }
        assert_eq!(format!("{:?}", yaml.powers), format!("{:?}", Map::standard_powers()));
    }
}
