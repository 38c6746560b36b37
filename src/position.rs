//! The position file (`docs/position-file.md`): one phase of a game, read from YAML,
//! adjudicated, and written back as YAML with the results and the next position.
//!
//! Reading happens in two steps, as ripgrep does with its flags: serde reads the raw keys
//! (unknown keys are refused, with the line), then [`Position::from_raw`] checks every
//! name against the map and says where a bad one is.

use crate::judge::{self, Board, Dislodged, OrderResult, Outcome, Submitted, Unit};
use crate::map::{Loc, Map, Power, ProvId, UnitType};
use crate::order::{parse_order, Order};
use crate::phase::{Phase, PhaseKind};
use crate::yaml::{FileError, Ordered, Writer};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A position file that cannot be read, with the place and the fix.
pub type PositionError = FileError;

/// The variants a position file may name, and the keys each allows beyond the standard ones
/// (`divine:`). The layer that knows the game kinds gives it ([`crate::kinds::VARIANTS`]),
/// so that reading a position names none.
pub trait Variants {
    /// Every variant's name (lower case), in the order an error lists them.
    fn names(&self) -> Vec<&'static str>;

    /// The keys beyond the standard ones a position of `variant` may carry; `None` when
    /// there is no such variant.
    fn extra_keys(&self, variant: &str) -> Option<&'static [&'static str]>;

    /// The first variant whose positions may carry `key`, if one may.
    fn owner_of_key(&self, key: &str) -> Option<&'static str> {
        self.names()
            .into_iter()
            .find(|v| self.extra_keys(v).is_some_and(|keys| keys.contains(&key)))
    }
}

/// The keys of a position file, as written.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct RawPosition {
    #[serde(default)]
    pub variant: Option<String>,
    pub phase: String,
    #[serde(default)]
    pub units: Ordered<Vec<String>>,
    #[serde(default)]
    pub dislodged: Ordered<Vec<RawDislodged>>,
    #[serde(default)]
    pub contested: Vec<String>,
    #[serde(default)]
    pub supply_centers: Option<Ordered<Vec<String>>>,
    #[serde(default)]
    pub orders: Ordered<Vec<String>>,
    #[serde(default)]
    pub divine: Option<RawDivine>,
    /// The expected outcome, for test data; `arbitre adjudicate` ignores it.
    #[serde(default)]
    pub expect: Option<serde_yaml::Value>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawDislodged {
    pub unit: String,
    #[serde(default)]
    pub attacker_from: Option<String>,
    #[serde(default)]
    pub retreats: Option<Vec<String>>,
}

/// The `divine:` keys, for a ruleset whose position files carry casts
/// ([`crate::kinds::diplomacy::Ruleset::position_keys`]).
#[derive(Deserialize, Clone, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct RawDivine {
    #[serde(default)]
    pub blessing: Option<String>,
    #[serde(default)]
    pub curse: Option<String>,
    #[serde(default)]
    pub adjustment_blessing: Option<String>,
}

impl RawPosition {
    /// Reads the keys of a position file (or a turn file), not yet checked against a map.
    pub fn parse(text: &str, origin: &str) -> Result<RawPosition, FileError> {
        crate::yaml::from_str(text, origin).map_err(|mut e| {
            if let Some(message) = fix_hint(&e.message) {
                // The position's own words say what to write; the YAML reader's hint is not needed.
                e.message = message.into();
                e.hint = None;
            }
            e
        })
    }
}

/// A position read and checked against the map.
#[derive(Clone, Debug)]
pub struct Position {
    pub variant: String,
    pub phase: Phase,
    pub board: Board,
    pub orders: Vec<Submitted>,
    pub divine: Option<RawDivine>,
}

impl Position {
    /// Reads a position file's text, of one of `variants`. `origin` names it in errors.
    pub fn parse(map: &Map, variants: &dyn Variants, text: &str, origin: &str) -> Result<Position, PositionError> {
        if text.trim().is_empty() {
            let message = "the file is empty: a position needs at least \"phase:\" and \"units:\"";
            return Err(FileError::new(origin, message));
        }
        Position::from_raw(map, variants, RawPosition::parse(text, origin)?, text, origin)
    }

    /// Checks raw keys against the map and `variants`.
    pub fn from_raw(
        map: &Map,
        variants: &dyn Variants,
        raw: RawPosition,
        text: &str,
        origin: &str,
    ) -> Result<Position, PositionError> {
        let err = |needle: &str, key: &str, message: String| FileError::at(origin, text, key, needle, message);
        let variant = raw.variant.clone().unwrap_or_else(|| "standard".into()).to_lowercase();
        let Some(extra_keys) = variants.extra_keys(&variant) else {
            return Err(err(
                &variant,
                "variant",
                format!(
                    "unknown variant \"{variant}\": use one of {}",
                    variants.names().join(", ")
                ),
            ));
        };
        let phase = Phase::parse(&raw.phase).map_err(|e| err(&raw.phase, "phase", e.to_string()))?;
        let power = |name: &str, key: &str| -> Result<Power, PositionError> {
            map.power_by_name(name).ok_or_else(|| {
                err(
                    name,
                    key,
                    format!("\"{name}\" is not a power: use one of {}", power_list(map)),
                )
            })
        };

        let mut board = Board::default();
        for (pname, units) in &raw.units.0 {
            let pw = power(pname, "units")?;
            for u in units {
                let unit =
                    read_unit(map, pw, u).map_err(|e| err(u, "units", format!("units: {pname}: \"{u}\": {e}")))?;
                if let Some(other) = board.units.iter().find(|x| x.loc.prov == unit.loc.prov) {
                    let code = map.code(unit.loc.prov);
                    let mut e = err(
                        u,
                        "units",
                        format!("units: two units in {code}: {} and {u}", other.text(map)),
                    );
                    // Point at the second of the two mentions of the province.
                    e.line = line_after(text, e.line, code).or(e.line);
                    return Err(e);
                }
                board.units.push(unit);
            }
        }
        for (pname, list) in &raw.dislodged.0 {
            let pw = power(pname, "dislodged")?;
            if phase.kind != PhaseKind::Retreat && !list.is_empty() {
                return Err(err(
                    pname,
                    "dislodged",
                    "dislodged units belong to retreat phases only".into(),
                ));
            }
            for d in list {
                let unit = read_unit(map, pw, &d.unit)
                    .map_err(|e| err(&d.unit, "dislodged", format!("dislodged: {pname}: \"{}\": {e}", d.unit)))?;
                let attacker_from = match &d.attacker_from {
                    None => None,
                    Some(a) => {
                        Some(province(map, a).map_err(|e| err(a, "attacker_from", format!("attacker_from: {e}")))?)
                    }
                };
                let retreats = match &d.retreats {
                    None => None,
                    Some(list) => Some(
                        list.iter()
                            .map(|r| read_loc(map, r).map_err(|e| err(r, "retreats", format!("retreats: {e}"))))
                            .collect::<Result<Vec<Loc>, _>>()?,
                    ),
                };
                board.dislodged.push(Dislodged {
                    unit,
                    attacker_from,
                    retreats,
                });
            }
        }
        for c in &raw.contested {
            board
                .contested
                .push(province(map, c).map_err(|e| err(c, "contested", format!("contested: {e}")))?);
        }
        match &raw.supply_centers {
            Some(sc) => {
                for (pname, list) in &sc.0 {
                    let pw = power(pname, "supply_centers")?;
                    for c in list {
                        let p =
                            province(map, c).map_err(|e| err(c, "supply_centers", format!("supply_centers: {e}")))?;
                        if !map.is_center(p) {
                            return Err(err(
                                c,
                                "supply_centers",
                                format!("supply_centers: {} is not a supply centre", map.code(p)),
                            ));
                        }
                        if let Some(prev) = Arc::make_mut(&mut board.centers).insert(p, pw) {
                            if prev != pw {
                                return Err(err(
                                    c,
                                    "supply_centers",
                                    format!("supply_centers: {} is listed for two powers", map.code(p)),
                                ));
                            }
                        }
                    }
                }
            }
            None if phase.kind == PhaseKind::Adjustment => {
                return Err(err(
                    "phase",
                    "phase",
                    "an adjustment phase needs \"supply_centers:\" (power -> centres owned)".into(),
                ))
            }
            // Not given: every home centre belongs to its home power, as at the start.
            None => board.centers = Arc::new(judge::home_centers(map)),
        }

        let mut orders = Vec::new();
        for (pname, list) in &raw.orders.0 {
            let pw = match map.power_by_name(pname) {
                Some(p) => p,
                // A misspelt power (`Germnay`) is read as the one power it can only mean.
                None => match nearest_power(map, pname) {
                    Some(p) => {
                        eprintln!(
                            "{origin}: note: orders for \"{pname}\" are read as {}",
                            map.power_name(p)
                        );
                        p
                    }
                    None => {
                        return Err(err(
                            pname,
                            "orders",
                            format!("orders: \"{pname}\" is not a power: use one of {}", power_list(map)),
                        ))
                    }
                },
            };
            for o in list {
                orders.push(Submitted {
                    power: pw,
                    text: o.clone(),
                });
            }
        }
        if raw.divine.is_some() && !extra_keys.contains(&"divine") {
            let owner = variants.owner_of_key("divine").unwrap_or("another");
            return Err(err(
                "divine",
                "divine",
                format!("\"divine:\" belongs to the {owner} variant: add \"variant: {owner}\""),
            ));
        }
        Ok(Position {
            variant,
            phase,
            board,
            orders,
            divine: raw.divine,
        })
    }
}

fn fix_hint(message: &str) -> Option<&'static str> {
    // The whole file of the wrong kind (a list, a line of words): no key before the words.
    if message.starts_with("write a mapping") {
        Some("a position file is a mapping of keys such as \"phase:\", \"units:\" and \"orders:\"")
    } else if message.contains("missing \"phase:\"") {
        Some("missing \"phase:\" (e.g. \"phase: Spring 1901 Movement\")")
    } else {
        None
    }
}

fn power_list(map: &Map) -> String {
    map.powers
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The power whose name is within two typing slips of `name`, if exactly one is.
fn nearest_power(map: &Map, name: &str) -> Option<Power> {
    let n = name.to_lowercase();
    let close: Vec<Power> = map
        .all_powers()
        .filter(|&p| edit_distance(&n, &map.power_name(p).to_lowercase()) <= 2)
        .collect();
    (close.len() == 1).then(|| close[0])
}

/// Levenshtein distance with adjacent transpositions.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The first line after line `from` that mentions `needle` (an upper-case code), any case.
fn line_after(text: &str, from: Option<usize>, needle: &str) -> Option<usize> {
    let from = from?;
    text.lines()
        .enumerate()
        .skip(from)
        .find(|(_, l)| l.to_uppercase().contains(needle))
        .map(|(i, _)| i + 1)
}

/// A unit or a place of a position file that the map cannot have: what is wrong, the word
/// at fault, and how to write it. The position's reader puts it in a [`FileError`] with
/// the file, the line and the key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// A name that is no province of the map.
    #[error("\"{name}\" is not a province of the {map} map")]
    NotAProvince { name: String, map: String },
    /// A unit or an order where a place was expected.
    #[error("\"{text}\" is not a place")]
    NotAPlace { text: String },
    /// What the order reader found wrong, in its words (without the column).
    #[error("{}", .0.message)]
    Unreadable(crate::order::ParseError),
    /// An order where a unit was expected.
    #[error("write a unit as \"A PAR\" or \"F STP/SC\"")]
    NotAUnit { text: String },
    /// A unit without its type.
    #[error("say A (army) or F (fleet)")]
    NoType { text: String },
    /// A fleet in a province of two coasts, without its coast.
    #[error("name the coast of {province} (e.g. {province}/{coast})")]
    NoCoast { province: String, coast: String },
    /// A unit where its kind cannot stand (an army at sea, a fleet inland).
    #[error("{} cannot stand in {place}", match kind { UnitType::Army => "an army", UnitType::Fleet => "a fleet" })]
    CannotStand { kind: UnitType, place: String },
}

fn province(map: &Map, name: &str) -> Result<ProvId, PlaceError> {
    map.lookup(name).ok_or_else(|| PlaceError::NotAProvince {
        name: name.to_string(),
        map: map.name.to_string(),
    })
}

fn read_loc(map: &Map, text: &str) -> Result<Loc, PlaceError> {
    match parse_order(map, &format!("A {text}")) {
        Ok(Order::Hold(u)) => Ok(u.loc),
        Ok(_) => Err(PlaceError::NotAPlace { text: text.to_string() }),
        Err(e) => Err(PlaceError::Unreadable(e)),
    }
}

/// `A PAR`, `F STP/SC`: a unit of a position, which must be able to stand where it is.
fn read_unit(map: &Map, power: Power, text: &str) -> Result<Unit, PlaceError> {
    let order = parse_order(map, text).map_err(PlaceError::Unreadable)?;
    let Order::Hold(u) = order else {
        return Err(PlaceError::NotAUnit { text: text.to_string() });
    };
    let kind = u.kind.ok_or_else(|| PlaceError::NoType { text: text.to_string() })?;
    let mut loc = u.loc;
    if kind == UnitType::Army {
        loc.coast = None;
    }
    if kind == UnitType::Fleet && loc.coast.is_none() && !map.coasts(loc.prov).is_empty() {
        return Err(PlaceError::NoCoast {
            province: map.code(loc.prov).to_string(),
            coast: map.coasts(loc.prov)[0].code().to_string(),
        });
    }
    if !map.can_stand(kind, loc) {
        return Err(PlaceError::CannotStand {
            kind,
            place: map.loc_text(loc).to_string(),
        });
    }
    Ok(Unit { power, kind, loc })
}

/// The `divine:` block of the output, written by a variant: what each cast did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DivineReport {
    pub entries: Vec<DivineEntry>,
}

/// `blessing: {unit: A PAR, effect: applied}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivineEntry {
    /// Which cast: the key of the `divine:` block.
    pub key: CastKey,
    /// The target as the position file writes it: the unit (`A PAR`) or the power, or the
    /// text as given when it names neither.
    pub target: String,
    /// What the cast fell on: the unit of the board, or the power named; none when it was
    /// void (a cast that fell on nothing counts for nothing).
    pub on: Option<CastOn>,
    pub effect: CastEffect,
    /// Why it did nothing, in the position file's English and in French (for the reports
    /// of French readers); empty when it applied.
    pub reason: Reason,
}

/// The casts a variant reports in the `divine:` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastKey {
    Blessing,
    Curse,
    AdjustmentBlessing,
}

impl CastKey {
    /// The key as the position file writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            CastKey::Blessing => "blessing",
            CastKey::Curse => "curse",
            CastKey::AdjustmentBlessing => "adjustment_blessing",
        }
    }

    /// The field that names its target: `unit`, or `power` for the adjustment blessing.
    pub fn target_field(self) -> &'static str {
        match self {
            CastKey::Blessing | CastKey::Curse => "unit",
            CastKey::AdjustmentBlessing => "power",
        }
    }
}

impl std::fmt::Display for CastKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a cast fell on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOn {
    /// A unit of the board (a blessing or a curse).
    Unit(Unit),
    /// A power (the adjustment blessing).
    Power(Power),
}

impl CastOn {
    /// The power the cast fell on: the unit's owner, or the power named.
    pub fn power(self) -> Power {
        match self {
            CastOn::Unit(u) => u.power,
            CastOn::Power(p) => p,
        }
    }
}

/// What a cast did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastEffect {
    /// It took effect.
    Applied,
    /// It fell on a unit but was cancelled by the other (the same unit, or two units
    /// opposing each other).
    Cancelled,
    /// It fell on nothing: no such unit, or not a phase for it.
    Void,
}

impl CastEffect {
    /// The effect as the position file writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            CastEffect::Applied => "applied",
            CastEffect::Cancelled => "cancelled",
            CastEffect::Void => "void",
        }
    }
}

impl std::fmt::Display for CastEffect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A reason in both languages a reader may read: made where the typed fact is known (a
/// cast's target that is not a unit, a phase without casts), so that no reader's words
/// are parsed back from another's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reason {
    pub en: String,
    pub fr: String,
}

impl Reason {
    pub fn new(en: impl Into<String>, fr: impl Into<String>) -> Reason {
        Reason {
            en: en.into(),
            fr: fr.into(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.en.is_empty()
    }
}

impl crate::lang::Worded for Reason {
    /// The words of `lang`.
    fn words(&self, lang: crate::lang::Lang) -> String {
        match lang {
            crate::lang::Lang::En => self.en.clone(),
            crate::lang::Lang::Fr => self.fr.clone(),
        }
    }
}

/// Writes the result of a position as the YAML of the spec. `disbanded` are the units of a
/// retreat phase that was skipped because none of them had anywhere to go
/// ([`crate::kinds::diplomacy::skip_empty_retreat`]): `next.disbanded`.
pub fn write_outcome(map: &Map, outcome: &Outcome, divine: Option<&DivineReport>, disbanded: &[Unit]) -> String {
    let mut w = Writer::default();
    w.key(0, "phase", &outcome.phase.to_string());
    if outcome.results.is_empty() {
        w.raw(0, "results: []");
    } else {
        w.raw(0, "results:");
        let reasons = crate::words::reasons(map, crate::lang::Lang::En, &outcome.results);
        for (r, reason) in outcome.results.iter().zip(&reasons) {
            write_result(&mut w, map, r, reason);
        }
    }
    if let Some(d) = divine {
        if d.entries.is_empty() {
            w.raw(0, "divine: {}");
        } else {
            w.raw(0, "divine:");
            for e in &d.entries {
                let mut fields = vec![
                    (e.key.target_field(), e.target.clone()),
                    ("effect", e.effect.as_str().to_string()),
                ];
                if !e.reason.is_empty() {
                    fields.push(("reason", e.reason.en.clone()));
                }
                w.flow_map(1, e.key.as_str(), &fields);
            }
        }
    }
    w.raw(0, "next:");
    write_board(&mut w, map, 1, outcome.next_phase, &outcome.next);
    if !disbanded.is_empty() {
        w.raw(1, "disbanded:");
        for (p, list) in &units_by_power(map, disbanded) {
            w.flow_list(2, map.power_name(*p), list);
        }
    }
    w.finish()
}

/// One result; `reason`: its cause in words.
fn write_result(w: &mut Writer, map: &Map, r: &OrderResult, reason: &str) {
    w.item_key(1, "power", map.power_name(r.power));
    w.key(2, "order", &r.order);
    w.key(2, "result", r.verdict.as_str());
    w.key(2, "reason", reason);
}

/// Units as the position file lists them: by power, each written `A PAR`.
fn units_by_power(map: &Map, units: &[Unit]) -> BTreeMap<Power, Vec<String>> {
    let mut m: BTreeMap<Power, Vec<String>> = BTreeMap::new();
    for u in units {
        m.entry(u.power).or_default().push(u.text(map));
    }
    m
}

/// Writes a board in the position-file schema, at `indent`.
pub fn write_board(w: &mut Writer, map: &Map, indent: usize, phase: Phase, board: &Board) {
    w.key(indent, "phase", &phase.to_string());
    let units = units_by_power(map, &board.units);
    if units.is_empty() {
        w.raw(indent, "units: {}");
    } else {
        w.raw(indent, "units:");
        for (p, list) in &units {
            w.flow_list(indent + 1, map.power_name(*p), list);
        }
    }
    if phase.kind == PhaseKind::Retreat {
        if board.dislodged.is_empty() {
            w.raw(indent, "dislodged: {}");
        } else {
            w.raw(indent, "dislodged:");
            let mut powers: Vec<Power> = board.dislodged.iter().map(|d| d.unit.power).collect();
            powers.sort();
            powers.dedup();
            for p in powers {
                w.raw(indent + 1, &format!("{}:", map.power_name(p)));
                for d in board.dislodged.iter().filter(|d| d.unit.power == p) {
                    let mut fields = vec![("unit", d.unit.text(map))];
                    if let Some(a) = d.attacker_from {
                        fields.push(("attacker_from", map.code(a).to_string()));
                    }
                    let retreats: Vec<String> = d.retreats.iter().flatten().map(|l| map.loc_text(*l)).collect();
                    w.flow_item(indent + 2, &fields, Some(("retreats", &retreats)));
                }
            }
        }
        let contested: Vec<String> = board.contested.iter().map(|&p| map.code(p).to_string()).collect();
        w.flow_list(indent, "contested", &contested);
    }
    let mut centers: BTreeMap<Power, Vec<String>> = BTreeMap::new();
    for (&p, &owner) in board.centers.iter() {
        centers.entry(owner).or_default().push(map.code(p).to_string());
    }
    if centers.is_empty() {
        w.raw(indent, "supply_centers: {}");
    } else {
        w.raw(indent, "supply_centers:");
        for (p, mut list) in centers {
            list.sort();
            w.flow_list(indent + 1, map.power_name(p), &list);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelt_power_names_in_orders_are_read_when_unambiguous() {
        let map = Map::standard();
        assert_eq!(nearest_power(map, "Germnay"), map.power_by_name("Germany"));
        assert_eq!(nearest_power(map, "Xyz"), None);
    }

    /// Fuzzing (`fuzz/`): this position was accepted, and adjudicating it overflowed the
    /// year (Winter 2147483647 is followed by Spring 2147483648). It is now refused.
    #[test]
    fn a_year_without_a_next_is_refused() {
        let map = Map::standard();
        let e = Position::parse(
            map,
            &crate::kinds::VARIANTS,
            "phase: W2147483647A\nsupply_centers: {}\n",
            "p.yaml",
        )
        .unwrap_err();
        assert!(e.message.contains("the year must be from 1 to 9999"), "{e}");
        assert_eq!(e.line, Some(1), "{e}");
        let p = Position::parse(
            map,
            &crate::kinds::VARIANTS,
            "phase: W9999A\nsupply_centers: {}\n",
            "p.yaml",
        )
        .unwrap();
        let (outcome, _) = crate::kinds::diplomacy::adjudicate(map, &p);
        assert_eq!(outcome.next_phase.to_string(), "Spring 10000 Movement");
    }

    #[test]
    fn errors_name_the_line() {
        let map = Map::standard();
        let text = "phase: Spring 1901 Movement\nunits:\n  England: [F LON, A XYZ]\n";
        let e = Position::parse(map, &crate::kinds::VARIANTS, text, "p.yaml").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.message.contains("\"XYZ\" is not a province"), "{e}");
        let e = Position::parse(
            map,
            &crate::kinds::VARIANTS,
            "phase: Spring 1901 Movement\nunit:\n  England: [F LON]\n",
            "p.yaml",
        )
        .unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.contains("unknown field `unit`"), "{e}");
        let e = Position::parse(map, &crate::kinds::VARIANTS, "phase: Summer 1901\n", "p.yaml").unwrap_err();
        assert_eq!(e.line, Some(1), "{e}");
        let e = Position::parse(
            map,
            &crate::kinds::VARIANTS,
            "variant: chess\nphase: S1901M\n",
            "p.yaml",
        )
        .unwrap_err();
        assert!(e.message.contains("unknown variant"), "{e}");
    }

    /// Each unit or place the map cannot have is said with the word at fault and how to
    /// write it, in the words of before the errors were typed.
    #[test]
    fn a_unit_or_place_the_map_cannot_have_says_how_to_write_it() {
        let map = Map::standard();
        let unit = |text: &str| read_unit(map, map.power_by_name("France").unwrap(), text).unwrap_err();
        assert_eq!(unit("F STP").to_string(), "name the coast of STP (e.g. STP/NC)");
        assert_eq!(unit("A NTH").to_string(), "an army cannot stand in NTH");
        assert_eq!(unit("F MUN").to_string(), "a fleet cannot stand in MUN");
        assert_eq!(unit("PAR").to_string(), "say A (army) or F (fleet)");
        assert_eq!(
            unit("A PAR - BUR").to_string(),
            "write a unit as \"A PAR\" or \"F STP/SC\""
        );
        assert!(matches!(unit("A XYZ"), PlaceError::Unreadable(_)));
        assert_eq!(
            province(map, "Atlantis").unwrap_err(),
            PlaceError::NotAProvince {
                name: "Atlantis".into(),
                map: "standard".into()
            }
        );
        assert_eq!(
            province(map, "Atlantis").unwrap_err().to_string(),
            "\"Atlantis\" is not a province of the standard map"
        );
        assert_eq!(
            read_loc(map, "PAR - BUR").unwrap_err().to_string(),
            "\"PAR - BUR\" is not a place"
        );
        // In a file: the key, the line and the token, around the same words.
        let text = "phase: Spring 1901 Movement\nunits:\n  Russia: [A MOS, F STP]\n";
        let e = Position::parse(map, &crate::kinds::VARIANTS, text, "p.yaml").unwrap_err();
        assert_eq!(
            (e.line, e.key.as_deref(), e.token.as_deref()),
            (Some(3), Some("units"), Some("F STP"))
        );
        assert_eq!(
            e.to_string(),
            "p.yaml:3: units: Russia: \"F STP\": name the coast of STP (e.g. STP/NC)"
        );
    }
}
