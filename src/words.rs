//! The words of the judge's results: each [`Cause`] put into a sentence a player reads, by
//! one template per language (`templates/causes.en.txt`), for the position file and the
//! reports alike.
//!
//! The judge gives causes as values and never writes a reason: the words are made here, only
//! when someone reads them, and never parsed back. A cause goes to the template as a map of
//! `kind` (its name in snake case) and its fields, units, provinces and powers already
//! named from the map (`{kind: bounced, with: A MUN}`).
//!
//! Why a template and not a table of words in Rust: the wording sits where a translation
//! will go (one template per language), and its cost does not touch adjudication. Rendering
//! through tera costs about 4.5 µs per reason (31 µs for a random mid-game phase of 34
//! results, 7 of them with a reason, which the judge adjudicates in 6.5 µs; measured
//! 2026-11-25); it is done only for the results that have a reason, all of an outcome's in
//! one rendering, and only when a position file or a report is written.

use crate::judge::{Cause, OrderResult, Then, Unit};
use crate::lang::{Lang, Worded};
use crate::map::{Loc, Map};
use crate::order::Unreadable;
use crate::phase::{Phase, PhaseKind, Season};
use chrono::{DateTime, Datelike, FixedOffset, TimeZone, Timelike};
use std::sync::OnceLock;
use tera::{Context, Tera, Value};

/// Between two reasons in one rendering: a control character, which a reason holds only
/// when a parse error quotes it from what a player wrote ([`reasons`] then renders one at a
/// time).
const SEP: char = '\u{1e}';

/// The templates, parsed once per run.
fn tera() -> &'static Tera {
    static TERA: OnceLock<Tera> = OnceLock::new();
    TERA.get_or_init(|| {
        let mut t = Tera::default();
        t.register_filter("fr", crate::map::standard_french_names().clone());
        t.add_raw_templates([
            ("causes.en.txt", include_str!("../templates/causes.en.txt")),
            ("causes.fr.txt", include_str!("../templates/causes.fr.txt")),
            (
                "reasons.en",
                "{% import \"causes.en.txt\" as causes %}\
                 {% for r in results %}{{ causes::reason(r=r) }}\u{1e}{% endfor %}",
            ),
            (
                "reasons.fr",
                "{% import \"causes.fr.txt\" as causes %}\
                 {% for r in results %}{{ causes::reason(r=r) }}\u{1e}{% endfor %}",
            ),
            (
                "unreadable.fr",
                "{% import \"causes.fr.txt\" as causes %}{{ causes::unreadable(w=w) }}",
            ),
        ])
        .expect("the built-in templates of the causes parse (a test checks it)");
        t
    })
}

/// The reason of one result in words: its cause and its dislodgement, or `""`.
pub fn reason(map: &Map, lang: Lang, r: &OrderResult) -> String {
    reasons(map, lang, std::slice::from_ref(r)).pop().unwrap_or_default()
}

/// The reasons of `results` in words, one per result, in one rendering; the units and
/// places they name in the notation of a reader of `lang` ([`Reason::in_notation`]), as the
/// orders beside them in the report.
pub fn reasons(map: &Map, lang: Lang, results: &[OrderResult]) -> Vec<String> {
    let said: Vec<Value> = results
        .iter()
        .filter(|r| has_words(r))
        .map(|r| Reason::in_notation(map, r, lang).0)
        .collect();
    let text = render(lang, &said);
    let mut words: Vec<String> = text.split_terminator(SEP).map(str::to_string).collect();
    if words.len() != said.len() {
        // A reason held the separator (a parse error quotes what was written): one at a time.
        words = said
            .iter()
            .map(|v| {
                let one = render(lang, std::slice::from_ref(v));
                one.strip_suffix(SEP).unwrap_or(&one).to_string()
            })
            .collect();
    }
    let mut words = words.into_iter();
    results
        .iter()
        .map(|r| match has_words(r) {
            true => words.next().unwrap_or_default(),
            false => String::new(),
        })
        .collect()
}

/// The reason of one result, named from the map but not yet in words: what a reply keeps
/// of a void order until it knows its reader's language ([`Reason::words`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Reason(Value);

impl Reason {
    /// The reason of `r` (its cause and its dislodgement), units and places named in the
    /// notation of a reader of `lang` (`F MAN` for a French reader, `crate::order::french`):
    /// for a reply that echoes his orders so (issue #24), and for a report in his language.
    pub fn in_notation(map: &Map, r: &OrderResult, lang: Lang) -> Reason {
        let mut m = tera::Map::new();
        m.insert(
            "cause".into(),
            r.cause.as_ref().map_or(Value::Null, |c| view(map, c, lang)),
        );
        m.insert(
            "dislodged_by".into(),
            r.dislodged_by.map_or(Value::Null, |u| unit_in(map, &u, lang)),
        );
        Reason(Value::Object(m))
    }
}

impl Worded for Reason {
    /// The reason in `lang`, as [`reason`] words it.
    fn words(&self, lang: Lang) -> String {
        let text = render(lang, std::slice::from_ref(&self.0));
        text.strip_suffix(SEP).unwrap_or(&text).to_string()
    }
}

/// The reasons of `said` (the views of [`reasons`]) in one text, each followed by [`SEP`].
fn render(lang: Lang, said: &[Value]) -> String {
    if said.is_empty() {
        return String::new();
    }
    let mut c = Context::new();
    c.insert("results", said);
    let name = match lang {
        Lang::En => "reasons.en",
        Lang::Fr => "reasons.fr",
    };
    tera()
        .render(name, &c)
        .unwrap_or_else(|e| panic!("the built-in template {name} renders every cause: {e:?}"))
}

/// Why an order could not be read, without its column, in `lang` (`` `XYZ` is not a
/// province of the standard map ``).
pub fn unreadable_words(e: &crate::order::ParseError, lang: Lang) -> String {
    match lang {
        Lang::En => e.message.clone(),
        Lang::Fr => {
            let mut c = Context::new();
            c.insert("w", &unreadable(&e.what));
            tera()
                .render("unreadable.fr", &c)
                .unwrap_or_else(|e| panic!("the built-in template unreadable.fr renders every case: {e:?}"))
        }
    }
}

/// One of two wordings, by the reader's language: for the short texts made in code (a
/// subject, a row's note) where a template would be heavier than the words.
pub fn pick(lang: Lang, en: &str, fr: &str) -> String {
    match lang {
        Lang::En => en.to_string(),
        Lang::Fr => fr.to_string(),
    }
}

/// A phase in words: `Spring 1901 Movement`, `printemps 1901, mouvements`. French writes
/// the season in lower case, as running text does; a heading that opens with it capitalises
/// it itself ([`crate::lang::fr::capitalised`]).
pub fn phase(phase: Phase, lang: Lang) -> String {
    match lang {
        Lang::En => phase.to_string(),
        Lang::Fr => {
            let season = match phase.season {
                Season::Spring => "printemps",
                Season::Fall => "automne",
                Season::Winter => "hiver",
            };
            let kind = match phase.kind {
                PhaseKind::Movement => "mouvements",
                PhaseKind::Retreat => "retraites",
                PhaseKind::Adjustment => "ajustements",
            };
            format!("{season} {}, {kind}", phase.year)
        }
    }
}

/// A phase as the state writes it (`Spring 1901 Movement`) in words; any other text (a
/// board game's `play`) as it is.
pub fn phase_text(text: &str, lang: Lang) -> String {
    match Phase::parse(text) {
        Ok(p) if lang != Lang::En => phase(p, lang),
        _ => text.to_string(),
    }
}

/// A moment as a reader reads it: in the reader's time zone, then in UTC, which everyone
/// shares (`Tuesday 1 December 2026, 20:00 CET (19:00 UTC)`; French `mardi 1er décembre
/// 2026, 20 h 00 CET (19 h 00 UTC)`). In UTC already: once. The UTC part names its day when
/// it is another day than the reader's.
pub fn moment(t: DateTime<FixedOffset>, zone: chrono_tz::Tz, lang: Lang) -> String {
    let local = t.with_timezone(&zone);
    let utc = t.with_timezone(&chrono::Utc);
    let abbreviation = local.format("%Z").to_string();
    let mut s = format!("{}, {} {abbreviation}", date(&local, lang, true), clock(&local, lang));
    if abbreviation != "UTC" {
        let day = if utc.date_naive() == local.date_naive() {
            String::new()
        } else {
            format!("{}, ", date(&utc, lang, false))
        };
        s += &format!(" ({day}{} UTC)", clock(&utc, lang));
    }
    s
}

/// A moment in one zone only, without the UTC [`moment`] adds: `Friday 4 December 2026,
/// 20:00 CET`, `vendredi 4 décembre 2026, 20 h 00 CET` (the LIST answer gives both zones on
/// lines of their own).
pub fn moment_in(t: DateTime<FixedOffset>, zone: chrono_tz::Tz, lang: Lang) -> String {
    let local = t.with_timezone(&zone);
    format!(
        "{}, {} {}",
        date(&local, lang, true),
        clock(&local, lang),
        local.format("%Z")
    )
}

/// [`moment`] of an RFC 3339 time; the text itself when it does not read as one.
pub fn moment_text(time: &str, zone: chrono_tz::Tz, lang: Lang) -> String {
    match DateTime::parse_from_rfc3339(time) {
        Ok(t) => moment(t, zone, lang),
        Err(_) => time.to_string(),
    }
}

/// `Tuesday 1 December 2026`, `mardi 1er décembre 2026` (without the year: `Tuesday 1
/// December`).
fn date<Z: TimeZone>(t: &DateTime<Z>, lang: Lang, year: bool) -> String {
    let weekday = t.weekday().num_days_from_monday() as usize;
    let month = t.month0() as usize;
    let day = t.day();
    let year = if year { format!(" {}", t.year()) } else { String::new() };
    match lang {
        Lang::En => {
            const DAYS: [&str; 7] = [
                "Monday",
                "Tuesday",
                "Wednesday",
                "Thursday",
                "Friday",
                "Saturday",
                "Sunday",
            ];
            const MONTHS: [&str; 12] = [
                "January",
                "February",
                "March",
                "April",
                "May",
                "June",
                "July",
                "August",
                "September",
                "October",
                "November",
                "December",
            ];
            format!("{} {day} {}{year}", DAYS[weekday], MONTHS[month])
        }
        Lang::Fr => {
            const DAYS: [&str; 7] = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"];
            const MONTHS: [&str; 12] = [
                "janvier",
                "février",
                "mars",
                "avril",
                "mai",
                "juin",
                "juillet",
                "août",
                "septembre",
                "octobre",
                "novembre",
                "décembre",
            ];
            let day = if day == 1 { "1er".to_string() } else { day.to_string() };
            format!("{} {day} {}{year}", DAYS[weekday], MONTHS[month])
        }
    }
}

/// `20:00`, `20 h 00`.
fn clock<Z: TimeZone>(t: &DateTime<Z>, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{:02}:{:02}", t.hour(), t.minute()),
        Lang::Fr => format!("{} h {:02}", t.hour(), t.minute()),
    }
}

fn has_words(r: &OrderResult) -> bool {
    r.cause.is_some() || r.dislodged_by.is_some()
}

/// What made an order unreadable, as the template sees it: `kind`, and the word `found` or
/// the `expected` part (its key in snake case).
fn unreadable(what: &Unreadable) -> Value {
    let mut m = tera::Map::new();
    let mut put = |k: &str, v: &str| m.insert(k.into(), Value::String(v.to_string()));
    match what {
        Unreadable::Character(c) => {
            put("kind", "character");
            put("found", &c.to_string());
        }
        Unreadable::Unexpected { found, expected } => {
            put("kind", "unexpected");
            put("found", found);
            put("expected", expected.key());
        }
        Unreadable::StopsShort { expected } => {
            put("kind", "stops_short");
            put("expected", expected.key());
        }
        Unreadable::NotAProvince {
            word,
            suggestions,
            reach,
        } => {
            put("kind", "not_a_province");
            put("found", word);
            let names: Vec<&str> = suggestions.iter().map(|s| s.french.as_str()).collect();
            put("suggest_fr", &crate::order::or_list(&names, "ou"));
            if let Some((from, to)) = reach.as_deref() {
                // In the French codes the reader writes and his replies echo, where the
                // standard map has the code (any other map's code as it is).
                let map = Map::standard();
                let fr = |code: &str| match map.by_code(code) {
                    Some(p) => crate::order::french::code(map, p).to_string(),
                    None => code.to_string(),
                };
                let mut codes: Vec<String> = to.iter().map(|c| fr(c)).collect();
                codes.sort_unstable();
                let codes: Vec<&str> = codes.iter().map(String::as_str).collect();
                put("from_fr", &fr(from));
                put("reach_fr", &crate::order::or_list(&codes, "ou"));
            }
        }
        Unreadable::NotACoast { word } => {
            put("kind", "not_a_coast");
            put("found", word);
        }
        Unreadable::Empty => {
            put("kind", "empty");
        }
    }
    Value::Object(m)
}

/// A cause as the template sees it.
/// A unit named in the notation of a reader of `lang` (see [`Reason::in_notation`]).
fn unit_in(map: &Map, u: &Unit, lang: Lang) -> Value {
    Value::String(match lang {
        Lang::En => u.text(map),
        Lang::Fr => crate::order::unit_text_in(map, &u.unit_ref(), lang),
    })
}

fn view(map: &Map, cause: &Cause, lang: Lang) -> Value {
    let unit = |u: &Unit| unit_in(map, u, lang);
    let prov = |p: &crate::map::ProvId| Value::String(crate::order::province_text_in(map, *p, lang).to_string());
    let loc = |l: &Loc| Value::String(crate::order::loc_text_in(map, *l, lang));
    let power = |p: &crate::map::Power| Value::String(map.power_name(*p).to_string());
    let text = |s: &str| Value::String(s.to_string());
    use Cause as C;
    let (kind, fields): (&str, Vec<(&str, Value)>) = match cause {
        C::Unreadable(e) => (
            "unreadable",
            vec![
                ("column", Value::from(e.column)),
                ("message", text(&e.message)),
                ("what", unreadable(&e.what)),
            ],
        ),
        C::NoUnit { prov: p } => ("no_unit", vec![("prov", prov(p))]),
        C::NotYours { unit: u } => ("not_yours", vec![("unit", unit(u)), ("power", power(&u.power))]),
        C::SameOrderTwice => ("same_order_twice", vec![]),
        C::DifferentOrders { unit: u, then } => (
            "different_orders",
            vec![
                ("unit", unit(u)),
                (
                    "then",
                    text(match then {
                        Then::Holds => "holds",
                        Then::IsDisbanded => "is_disbanded",
                    }),
                ),
            ],
        ),
        C::BuildOutsideAdjustment => ("build_outside_adjustment", vec![]),
        C::DisbandInMovement => ("disband_in_movement", vec![]),
        C::MoveToOwnProvince { unit: u } => ("move_to_own_province", vec![("unit", unit(u))]),
        C::ArmyToSea { prov: p } => ("army_to_sea", vec![("prov", prov(p))]),
        C::CannotReach { unit: u, to } => ("cannot_reach", vec![("unit", unit(u)), ("to", loc(to))]),
        C::NoLandOrSeaRoute { unit: u, to } => ("no_land_or_sea_route", vec![("unit", unit(u)), ("to", prov(to))]),
        C::CoastNotNamed { unit: u, prov: p } => ("coast_not_named", vec![("unit", unit(u)), ("prov", prov(p))]),
        C::NoUnitToSupport { prov: p } => ("no_unit_to_support", vec![("prov", prov(p))]),
        C::SupportsItself { unit: u } => ("supports_itself", vec![("unit", unit(u))]),
        C::SupportedMoveImpossible(why) => ("supported_move_impossible", vec![("why", view(map, why, lang))]),
        C::OnlyFleetsAtSeaConvoy { unit: u } => ("only_fleets_at_sea_convoy", vec![("unit", unit(u))]),
        C::NoUnitToConvoy { prov: p } => ("no_unit_to_convoy", vec![("prov", prov(p))]),
        C::FleetConvoyed { unit: u } => ("fleet_convoyed", vec![("unit", unit(u))]),
        C::NoConvoyCanCarry { army, to } => ("no_convoy_can_carry", vec![("army", unit(army)), ("to", prov(to))]),
        C::NotOnConvoyRoute { fleet, from, to } => (
            "not_on_convoy_route",
            vec![("fleet", unit(fleet)), ("from", prov(from)), ("to", prov(to))],
        ),
        C::DoesNotMatch { unit: u, moves_to } => (
            "does_not_match",
            vec![
                ("unit", unit(u)),
                ("moves_to", moves_to.as_ref().map_or(Value::Null, loc)),
            ],
        ),
        C::MovesOverLand { army } => ("moves_over_land", vec![("army", unit(army))]),
        C::Bounced { with } => ("bounced", vec![("with", unit(with))]),
        C::OwnUnit { unit: u } => ("own_unit", vec![("unit", unit(u))]),
        C::NoConvoyRoute { ordered } => ("no_convoy_route", vec![("ordered", Value::Bool(*ordered))]),
        C::SupportCut { by } => ("support_cut", vec![("by", by.as_ref().map_or(Value::Null, unit))]),
        C::ConvoyParadox => ("convoy_paradox", vec![]),
        C::NotDislodged { unit: u } => ("not_dislodged", vec![("unit", unit(u))]),
        C::CannotRetreat { unit: u, to, why } => {
            let why = why.map(|w| match w {
                crate::judge::NoRetreat::Standoff => "standoff",
                crate::judge::NoRetreat::Attacker => "attacker",
                crate::judge::NoRetreat::Occupied => "occupied",
            });
            (
                "cannot_retreat",
                vec![
                    ("unit", unit(u)),
                    ("to", loc(to)),
                    ("why", why.map_or(Value::Null, |w| Value::String(w.into()))),
                ],
            )
        }
        C::RetreatCoastNotNamed { unit: u, prov: p } => {
            ("retreat_coast_not_named", vec![("unit", unit(u)), ("prov", prov(p))])
        }
        C::RetreatOrDisbandOnly => ("retreat_or_disband_only", vec![]),
        C::RetreatBounced { with } => (
            "retreat_bounced",
            vec![("with", Value::Array(with.iter().map(unit).collect()))],
        ),
        C::NowhereToRetreat => ("nowhere_to_retreat", vec![]),
        C::NoRetreatOrdered => ("no_retreat_ordered", vec![]),
        C::NoMoreAdjustments { power: p, due } => (
            "no_more_adjustments",
            vec![
                ("power", power(p)),
                ("due", Value::from(*due)),
                ("count", Value::from(due.unsigned_abs())),
            ],
        ),
        C::NotAnAdjustment => ("not_an_adjustment", vec![]),
        C::RemoveOnly => ("remove_only", vec![]),
        C::AlreadyRemoved => ("already_removed", vec![]),
        C::NotHomeCentre { prov: p, power: w } => ("not_home_centre", vec![("prov", prov(p)), ("power", power(w))]),
        C::NotOwned { prov: p, power: w } => ("not_owned", vec![("prov", prov(p)), ("power", power(w))]),
        C::NotVacant { prov: p } => ("not_vacant", vec![("prov", prov(p))]),
        C::BuildWhichType { prov: p } => ("build_which_type", vec![("prov", prov(p))]),
        C::FleetInland { prov: p } => ("fleet_inland", vec![("prov", prov(p))]),
        C::BuildWhichCoast { prov: p } => ("build_which_coast", vec![("prov", prov(p))]),
        C::CivilDisorder => ("civil_disorder", vec![]),
        C::Variant(v) => (v.kind, vec![("effect", text(v.effect))]),
    };
    let mut m = tera::Map::new();
    m.insert("kind".into(), text(kind));
    for (k, v) in fields {
        m.insert(k.into(), v);
    }
    Value::Object(m)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::judge::Verdict;
    use crate::map::{Power, UnitType};
    use crate::order::ParseError;

    fn unit(map: &Map, kind: UnitType, at: &str) -> Unit {
        Unit {
            power: Power(0),
            kind,
            loc: Loc::new(map.lookup(at).unwrap()),
        }
    }

    pub(crate) fn with(cause: Option<Cause>, dislodged_by: Option<Unit>) -> OrderResult {
        OrderResult {
            power: Power(0),
            order: "A PAR H".into(),
            verdict: Verdict::Fails,
            cause,
            dislodged_by,
            unit: None,
            given: None,
        }
    }

    /// Every cause the judge gives, with a variant of each shape.
    pub(crate) fn every_cause(map: &Map) -> Vec<Cause> {
        let a = unit(map, UnitType::Army, "par");
        let f = unit(map, UnitType::Fleet, "nth");
        let p = map.lookup("bur").unwrap();
        let all = [
            Cause::Unreadable(Box::new(ParseError {
                column: 3,
                message: "m".into(),
                what: Unreadable::Empty,
            })),
            Cause::NoUnit { prov: p },
            Cause::NotYours { unit: a },
            Cause::SameOrderTwice,
            Cause::DifferentOrders {
                unit: a,
                then: Then::Holds,
            },
            Cause::DifferentOrders {
                unit: a,
                then: Then::IsDisbanded,
            },
            Cause::BuildOutsideAdjustment,
            Cause::DisbandInMovement,
            Cause::MoveToOwnProvince { unit: a },
            Cause::ArmyToSea { prov: p },
            Cause::CannotReach {
                unit: a,
                to: Loc::new(p),
            },
            Cause::NoLandOrSeaRoute { unit: a, to: p },
            Cause::CoastNotNamed { unit: f, prov: p },
            Cause::NoUnitToSupport { prov: p },
            Cause::SupportsItself { unit: a },
            Cause::SupportedMoveImpossible(Box::new(Cause::ArmyToSea { prov: p })),
            Cause::OnlyFleetsAtSeaConvoy { unit: a },
            Cause::NoUnitToConvoy { prov: p },
            Cause::FleetConvoyed { unit: f },
            Cause::NoConvoyCanCarry { army: a, to: p },
            Cause::NotOnConvoyRoute {
                fleet: f,
                from: p,
                to: p,
            },
            Cause::DoesNotMatch {
                unit: a,
                moves_to: Some(Loc::new(p)),
            },
            Cause::DoesNotMatch {
                unit: a,
                moves_to: None,
            },
            Cause::MovesOverLand { army: a },
            Cause::Bounced { with: a },
            Cause::OwnUnit { unit: a },
            Cause::NoConvoyRoute { ordered: true },
            Cause::NoConvoyRoute { ordered: false },
            Cause::SupportCut { by: Some(a) },
            Cause::SupportCut { by: None },
            Cause::ConvoyParadox,
            Cause::NotDislodged { unit: a },
            Cause::CannotRetreat {
                unit: a,
                to: Loc::new(p),
                why: None,
            },
            Cause::RetreatCoastNotNamed { unit: f, prov: p },
            Cause::RetreatOrDisbandOnly,
            Cause::RetreatBounced { with: vec![a, f] },
            Cause::NowhereToRetreat,
            Cause::NoRetreatOrdered,
            Cause::NoMoreAdjustments {
                power: Power(0),
                due: 0,
            },
            Cause::NoMoreAdjustments {
                power: Power(0),
                due: 2,
            },
            Cause::NoMoreAdjustments {
                power: Power(0),
                due: -2,
            },
            Cause::NotAnAdjustment,
            Cause::RemoveOnly,
            Cause::AlreadyRemoved,
            Cause::NotHomeCentre {
                prov: p,
                power: Power(0),
            },
            Cause::NotOwned {
                prov: p,
                power: Power(0),
            },
            Cause::NotVacant { prov: p },
            Cause::BuildWhichType { prov: p },
            Cause::FleetInland { prov: p },
            Cause::BuildWhichCoast { prov: p },
            Cause::CivilDisorder,
            // Why a retreat is refused, where the board says it (issue #24).
            Cause::CannotRetreat {
                unit: a,
                to: Loc::new(p),
                why: Some(crate::judge::NoRetreat::Standoff),
            },
            Cause::CannotRetreat {
                unit: a,
                to: Loc::new(p),
                why: Some(crate::judge::NoRetreat::Attacker),
            },
            Cause::CannotRetreat {
                unit: a,
                to: Loc::new(p),
                why: Some(crate::judge::NoRetreat::Occupied),
            },
        ];
        all.into_iter()
            .chain(
                crate::kinds::diplomacy::variant_causes()
                    .into_iter()
                    .map(Cause::Variant),
            )
            .collect()
    }

    /// The words of every cause in `lang`, each checked: not empty, no template left over,
    /// and no two causes alike.
    fn words_of_every_cause(map: &Map, lang: Lang) -> Vec<String> {
        let all = every_cause(map);
        let results: Vec<OrderResult> = all.iter().map(|c| with(Some(c.clone()), None)).collect();
        let words = reasons(map, lang, &results);
        assert_eq!(words.len(), all.len());
        for (c, w) in all.iter().zip(&words) {
            assert!(!w.is_empty() && !w.contains('{') && w.trim() == w, "{c:?}: `{w}`");
        }
        let distinct: std::collections::BTreeSet<&String> = words.iter().collect();
        assert_eq!(distinct.len(), all.len(), "two causes have the same words: {words:#?}");
        words
    }

    /// Every cause has words in English, none left empty by a kind the template misses.
    #[test]
    fn every_cause_has_words() {
        let map = Map::standard();
        let words = words_of_every_cause(map, Lang::En);
        assert_eq!(words[0], "cannot read the order: column 3: m");
        assert_eq!(words[24], "bounced with A PAR");
        assert_eq!(words[22], "does not match: A PAR does not move there");
        assert_eq!(words[40], "England must remove 2, and removals are what it may order");
    }

    /// The French words of causes, as the French rules say them (that every cause has
    /// French words, not the English ones, is the shared test's, `src/kinds/words_tests.rs`).
    #[test]
    fn the_french_words_of_causes() {
        let map = Map::standard();
        let fr = words_of_every_cause(map, Lang::Fr);
        assert_eq!(fr[24], "rebondit sur A PAR");
        assert_eq!(fr[28], "soutien coupé par A PAR");
        assert_eq!(
            fr[40],
            "L'Angleterre doit démobiliser 2 unités, et ne peut ordonner que des démobilisations"
        );
        let mun = unit(map, UnitType::Army, "mun");
        let r = |c| reason(map, Lang::Fr, &with(c, Some(mun)));
        assert_eq!(
            r(Some(Cause::SupportCut { by: Some(mun) })),
            "coupé : délogée par A MUN"
        );
        assert_eq!(r(None), "délogée par A MUN");
    }

    /// Why an order does not read, in French: every part the parser expects has its own
    /// French words, and the English words stay the parser's.
    #[test]
    fn an_unreadable_order_is_told_in_french() {
        use crate::order::Expected as E;
        let every = [
            E::UnitToBuild,
            E::UnitToRemove,
            E::Unit,
            E::Destination,
            E::UnitSupported,
            E::SupportedDestination,
            E::SupportTail,
            E::ArmyConvoyed,
            E::ConvoyedDestination,
            E::ConvoyTail,
            E::Coast,
            E::CloseAfterCoast,
            E::End,
            E::OrderKind,
        ];
        let words: std::collections::BTreeSet<String> = every
            .iter()
            .map(|&expected| {
                let e = ParseError {
                    column: 1,
                    message: format!("the order stops short: expected {}", expected.text()),
                    what: Unreadable::StopsShort { expected },
                };
                assert_eq!(unreadable_words(&e, Lang::En), e.message);
                unreadable_words(&e, Lang::Fr)
            })
            .collect();
        assert_eq!(words.len(), every.len(), "{words:#?}");
        let map = Map::standard();
        // A destination that names no province, near no name: where the unit can go,
        // in the French codes (BOU for Burgundy).
        let e = crate::order::parse_order(map, "A PAR - XYZ").unwrap_err();
        assert_eq!(
            unreadable_words(&e, Lang::Fr),
            "« XYZ » n'est pas une province de la carte ; depuis PAR, l'unité peut aller en BOU, BRE, GAS ou PIC"
        );
        assert!(
            e.message
                .ends_with("\"XYZ\" is not a province of the standard map; from PAR it can go to BRE, BUR, GAS or PIC"),
            "{}",
            e.message
        );
        // A fleet's reach is the fleet's (the seas and coasts), a word near a name keeps
        // its "did you mean", and a unit's own place that names nothing says nothing more.
        let e = crate::order::parse_order(map, "F BRE - XYZ").unwrap_err();
        assert!(
            e.message.ends_with("from BRE it can go to ENG, GAS, MAO or PIC"),
            "{}",
            e.message
        );
        let e = crate::order::parse_order(map, "A PAR - Burgoyne").unwrap_err();
        assert!(
            e.message.contains("did you mean") && !e.message.contains("it can go"),
            "{}",
            e.message
        );
        let e = crate::order::parse_order(map, "A XYZ - BUR").unwrap_err();
        assert!(!e.message.contains("it can go"), "{}", e.message);
        let e = crate::order::parse_order(map, "A PAR # BUR").unwrap_err();
        assert_eq!(unreadable_words(&e, Lang::Fr), "caractère inattendu « # »");
    }

    /// Phases and deadlines in words, in both languages: the reader's zone, then UTC.
    #[test]
    fn phases_and_moments_in_words() {
        let p = Phase::parse("F1901R").unwrap();
        assert_eq!(phase(p, Lang::En), "Fall 1901 Retreat");
        // Lower case, as running French text writes a season.
        assert_eq!(phase(p, Lang::Fr), "automne 1901, retraites");
        assert_eq!(
            phase_text("Winter 1902 Adjustment", Lang::Fr),
            "hiver 1902, ajustements"
        );
        assert_eq!(phase_text("play", Lang::Fr), "play");
        let paris: chrono_tz::Tz = "Europe/Paris".parse().unwrap();
        let t = "2026-12-01T20:00:00+01:00";
        assert_eq!(
            moment_text(t, paris, Lang::En),
            "Tuesday 1 December 2026, 20:00 CET (19:00 UTC)"
        );
        assert_eq!(
            moment_text(t, paris, Lang::Fr),
            "mardi 1er décembre 2026, 20 h 00 CET (19 h 00 UTC)"
        );
        assert_eq!(
            moment_text(t, chrono_tz::UTC, Lang::En),
            "Tuesday 1 December 2026, 19:00 UTC"
        );
        // Another day in UTC: the UTC part names it.
        let tokyo: chrono_tz::Tz = "Asia/Tokyo".parse().unwrap();
        assert_eq!(
            moment_text("2026-12-02T08:30:00+09:00", tokyo, Lang::En),
            "Wednesday 2 December 2026, 08:30 JST (Tuesday 1 December, 23:30 UTC)"
        );
        assert_eq!(moment_text("soon", tokyo, Lang::En), "soon");
    }

    /// A support cut by the unit that dislodged it says so once; any other cause is
    /// followed by the dislodgement; no cause and no dislodgement is no words.
    #[test]
    fn the_dislodgement_follows_the_cause_unless_it_is_the_cut() {
        let map = Map::standard();
        let mun = unit(map, UnitType::Army, "mun");
        let bur = unit(map, UnitType::Army, "bur");
        let r = |c, d| reason(map, Lang::En, &with(c, d));
        assert_eq!(
            r(Some(Cause::SupportCut { by: Some(mun) }), Some(mun)),
            "cut: dislodged by A MUN"
        );
        assert_eq!(
            r(Some(Cause::SupportCut { by: Some(bur) }), Some(mun)),
            "support cut by A BUR; dislodged by A MUN"
        );
        assert_eq!(
            r(Some(Cause::Bounced { with: bur }), Some(mun)),
            "bounced with A BUR; dislodged by A MUN"
        );
        assert_eq!(r(None, Some(mun)), "dislodged by A MUN");
        assert_eq!(r(None, None), "");
    }

    /// A reason that holds the separator of one rendering (a parse error quotes what was
    /// written) does not shift the others.
    #[test]
    fn a_reason_holding_the_separator_keeps_its_place() {
        let map = Map::standard();
        let odd = Cause::Unreadable(Box::new(ParseError {
            column: 1,
            message: format!("unexpected `{SEP}`"),
            what: Unreadable::Character(SEP),
        }));
        let bur = unit(map, UnitType::Army, "bur");
        let results = [
            with(Some(odd), None),
            with(None, None),
            with(Some(Cause::Bounced { with: bur }), None),
        ];
        let words = reasons(map, Lang::En, &results);
        assert_eq!(
            words,
            [
                format!("cannot read the order: column 1: unexpected `{SEP}`"),
                String::new(),
                "bounced with A BUR".to_string()
            ]
        );
    }
}
