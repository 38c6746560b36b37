//! The standard map (`maps/standard.yaml`) as the library loads it, checked against facts
//! of the 1971 board that are written out here by hand: the counts, the split coasts, the
//! opening position, and the borders people most often get wrong.

use arbitre::map::{Center, Coast, Kind, Loc, Map, Power, ProvId, UnitType};
use std::collections::BTreeSet;

fn map() -> &'static Map {
    Map::standard()
}

/// The province with this code; panics (failing the test) when there is none.
fn prov(code: &str) -> ProvId {
    map()
        .by_code(code)
        .unwrap_or_else(|| panic!("no province `{code}` on the standard map"))
}

/// `KIE` or `STP/NC` as a place a fleet can stand.
fn loc(text: &str) -> Loc {
    match text.split_once('/') {
        None => Loc::new(prov(text)),
        Some((p, c)) => Loc {
            prov: prov(p),
            coast: Some(coast(c)),
        },
    }
}

fn coast(c: &str) -> Coast {
    match c {
        "NC" => Coast::NC,
        "SC" => Coast::SC,
        "EC" => Coast::EC,
        "WC" => Coast::WC,
        _ => panic!("no coast `{c}`"),
    }
}

fn power(name: &str) -> Power {
    map().power_by_name(name).unwrap_or_else(|| panic!("no power `{name}`"))
}

fn codes(ids: impl IntoIterator<Item = ProvId>) -> BTreeSet<String> {
    ids.into_iter().map(|p| map().code(p).to_string()).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Every place a fleet can stand: each sea, each single-coast province, each named coast.
fn fleet_places() -> Vec<Loc> {
    let m = map();
    let mut out = Vec::new();
    for (i, p) in m.provinces.iter().enumerate() {
        let id = i as ProvId;
        if !matches!(p.kind, Kind::Sea | Kind::Coast) {
            continue;
        }
        if p.coasts.is_empty() {
            out.push(Loc::new(id));
        } else {
            out.extend(p.coasts.iter().map(|&c| Loc {
                prov: id,
                coast: Some(c),
            }));
        }
    }
    out
}

/// Is there an army border between `a` and `b`, checked both ways?
fn army_border(a: &str, b: &str) -> bool {
    let m = map();
    let ab = m.can_reach(UnitType::Army, loc(a), prov(b));
    let ba = m.can_reach(UnitType::Army, loc(b), prov(a));
    assert_eq!(ab, ba, "army border {a}-{b} is one-way");
    ab
}

/// Is there a fleet border between `a` and `b` (either may name a coast), checked both ways?
/// A named destination coast must be among the coasts the fleet reaches.
fn fleet_border(a: &str, b: &str) -> bool {
    let m = map();
    let one_way = |from: &str, to: &str| -> bool {
        let dest = loc(to);
        m.can_reach(UnitType::Fleet, loc(from), dest.prov)
            && m.fleet_dest_coasts(loc(from), dest.prov).contains(&dest.coast)
    };
    let ab = one_way(a, b);
    assert_eq!(ab, one_way(b, a), "fleet border {a}-{b} is one-way");
    ab
}

// ---- provinces ----

#[test]
fn there_are_75_provinces_plus_switzerland() {
    assert_eq!(map().provinces.len(), 76);
}

#[test]
fn province_kinds_are_19_sea_14_land_42_coast_1_impassable() {
    let count = |k: Kind| map().provinces.iter().filter(|p| p.kind == k).count();
    assert_eq!(count(Kind::Sea), 19, "seas");
    assert_eq!(count(Kind::Land), 14, "inland");
    assert_eq!(count(Kind::Coast), 42, "coastal");
    assert_eq!(count(Kind::Impassable), 1, "impassable");
}

#[test]
fn switzerland_is_impassable_and_borders_nothing() {
    let m = map();
    let swi = prov("SWI");
    assert_eq!(m.province(swi).kind, Kind::Impassable);
    assert!(m.army_borders(swi).is_empty());
    assert!(m.fleet_borders(Loc::new(swi)).is_empty());
    for p in 0..m.provinces.len() as ProvId {
        assert!(!m.army_borders(p).contains(&swi), "{} borders SWI", m.code(p));
    }
    assert!(!m.can_stand(UnitType::Army, Loc::new(swi)));
}

#[test]
fn the_inland_provinces_are_the_usual_fourteen() {
    let inland = (0..map().provinces.len() as ProvId).filter(|&p| map().province(p).kind == Kind::Land);
    assert_eq!(
        codes(inland),
        set(&["BOH", "BUD", "BUR", "GAL", "MOS", "MUN", "PAR", "RUH", "SER", "SIL", "TYR", "UKR", "VIE", "WAR"])
    );
}

#[test]
fn the_seas_are_the_usual_nineteen() {
    let seas = (0..map().provinces.len() as ProvId).filter(|&p| map().is_sea(p));
    assert_eq!(
        codes(seas),
        set(&[
            "ADR", "AEG", "BAL", "BAR", "BLA", "BOT", "EAS", "ENG", "HEL", "ION", "IRI", "LYO", "MAO", "NAO", "NTH",
            "NWG", "SKA", "TYS", "WES"
        ])
    );
}

// ---- supply centres ----

#[test]
fn there_are_34_supply_centres() {
    assert_eq!(map().centers().count(), 34);
}

#[test]
fn there_are_22_home_centres_three_each_and_four_for_russia() {
    let m = map();
    let mut total = 0;
    for p in m.all_powers() {
        let n = m.home_centers(p).count();
        let want = if m.power_name(p) == "Russia" { 4 } else { 3 };
        assert_eq!(n, want, "{}", m.power_name(p));
        total += n;
    }
    assert_eq!(total, 22);
}

#[test]
fn home_centres_are_the_usual_ones() {
    let cases: [(&str, &[&str]); 7] = [
        ("England", &["EDI", "LON", "LVP"]),
        ("France", &["BRE", "MAR", "PAR"]),
        ("Germany", &["BER", "KIE", "MUN"]),
        ("Italy", &["NAP", "ROM", "VEN"]),
        ("Austria", &["BUD", "TRI", "VIE"]),
        ("Russia", &["MOS", "SEV", "STP", "WAR"]),
        ("Turkey", &["ANK", "CON", "SMY"]),
    ];
    for (name, centres) in cases {
        assert_eq!(codes(map().home_centers(power(name))), set(centres), "{name}");
    }
}

#[test]
fn there_are_12_neutral_centres() {
    let m = map();
    let neutral = m.centers().filter(|&p| m.center(p) == Some(Center::Neutral));
    assert_eq!(
        codes(neutral),
        set(&["BEL", "BUL", "DEN", "GRE", "HOL", "NWY", "POR", "RUM", "SER", "SPA", "SWE", "TUN"])
    );
}

// ---- coasts ----

#[test]
fn exactly_three_provinces_have_two_coasts() {
    let m = map();
    let split: BTreeSet<(String, BTreeSet<Coast>)> = m
        .provinces
        .iter()
        .filter(|p| !p.coasts.is_empty())
        .map(|p| (p.code.clone(), p.coasts.iter().copied().collect()))
        .collect();
    let want: BTreeSet<(String, BTreeSet<Coast>)> = [
        ("BUL", [Coast::EC, Coast::SC]),
        ("SPA", [Coast::NC, Coast::SC]),
        ("STP", [Coast::NC, Coast::SC]),
    ]
    .into_iter()
    .map(|(p, c)| (p.to_string(), c.into_iter().collect()))
    .collect();
    assert_eq!(split, want);
}

#[test]
fn each_coast_reaches_exactly_its_neighbours() {
    let cases: [(&str, &[&str]); 6] = [
        ("STP/NC", &["BAR", "NWY"]),
        ("STP/SC", &["BOT", "FIN", "LVN"]),
        ("SPA/NC", &["GAS", "MAO", "POR"]),
        ("SPA/SC", &["LYO", "MAO", "MAR", "POR", "WES"]),
        ("BUL/EC", &["BLA", "CON", "RUM"]),
        ("BUL/SC", &["AEG", "CON", "GRE"]),
    ];
    for (from, want) in cases {
        let got: BTreeSet<String> = map()
            .fleet_borders(loc(from))
            .iter()
            .map(|&l| map().loc_text(l))
            .collect();
        assert_eq!(got, set(want), "{from}");
    }
}

#[test]
fn a_split_province_without_a_coast_is_no_fleet_place() {
    let m = map();
    for code in ["STP", "SPA", "BUL"] {
        assert!(m.fleet_borders(loc(code)).is_empty(), "{code}");
        assert!(!m.can_stand(UnitType::Fleet, loc(code)), "{code}");
        assert!(m.can_stand(UnitType::Army, loc(code)), "{code}");
    }
}

#[test]
fn fleets_reach_the_right_coasts_of_split_provinces() {
    let m = map();
    let cases: [(&str, &str, &[Option<Coast>]); 12] = [
        ("MAO", "SPA", &[Some(Coast::NC), Some(Coast::SC)]),
        ("POR", "SPA", &[Some(Coast::NC), Some(Coast::SC)]),
        ("GAS", "SPA", &[Some(Coast::NC)]),
        ("MAR", "SPA", &[Some(Coast::SC)]),
        ("WES", "SPA", &[Some(Coast::SC)]),
        ("LYO", "SPA", &[Some(Coast::SC)]),
        ("CON", "BUL", &[Some(Coast::EC), Some(Coast::SC)]),
        ("BLA", "BUL", &[Some(Coast::EC)]),
        ("AEG", "BUL", &[Some(Coast::SC)]),
        ("NWY", "STP", &[Some(Coast::NC)]),
        ("BOT", "STP", &[Some(Coast::SC)]),
        ("FIN", "STP", &[Some(Coast::SC)]),
    ];
    for (from, to, want) in cases {
        let got: BTreeSet<Option<Coast>> = m.fleet_dest_coasts(loc(from), prov(to)).into_iter().collect();
        let want: BTreeSet<Option<Coast>> = want.iter().copied().collect();
        assert_eq!(got, want, "F {from} - {to}");
    }
}

// ---- starting position ----

#[test]
fn the_game_starts_with_22_units_in_the_standard_opening() {
    let m = map();
    let got: BTreeSet<(String, String)> = m
        .starting_units
        .iter()
        .map(|&(p, k, l)| (m.power_name(p).to_string(), format!("{} {}", k.letter(), m.loc_text(l))))
        .collect();
    let want: BTreeSet<(String, String)> = [
        ("England", &["F LON", "F EDI", "A LVP"][..]),
        ("France", &["F BRE", "A PAR", "A MAR"]),
        ("Germany", &["F KIE", "A BER", "A MUN"]),
        ("Italy", &["F NAP", "A ROM", "A VEN"]),
        ("Austria", &["A VIE", "A BUD", "F TRI"]),
        ("Russia", &["A MOS", "A WAR", "F SEV", "F STP/SC"]),
        ("Turkey", &["F ANK", "A CON", "A SMY"]),
    ]
    .iter()
    .flat_map(|(p, us)| us.iter().map(move |u| (p.to_string(), u.to_string())))
    .collect();
    assert_eq!(m.starting_units.len(), 22);
    assert_eq!(got, want);
}

#[test]
fn every_starting_unit_stands_on_one_of_its_home_centres() {
    let m = map();
    for &(p, k, l) in &m.starting_units {
        assert!(m.can_stand(k, l), "{}", m.loc_text(l));
        assert_eq!(m.center(l.prov), Some(Center::Home(p)), "{}", m.loc_text(l));
    }
}

// ---- borders ----

#[test]
fn there_are_111_army_borders() {
    let m = map();
    let mut pairs = BTreeSet::new();
    for p in 0..m.provinces.len() as ProvId {
        for &q in m.army_borders(p) {
            assert!(m.army_borders(q).contains(&p), "{}-{} is one-way", m.code(p), m.code(q));
            pairs.insert((p.min(q), p.max(q)));
        }
    }
    assert_eq!(pairs.len(), 111);
}

#[test]
fn there_are_141_fleet_borders_counted_coast_by_coast() {
    let m = map();
    let mut pairs = BTreeSet::new();
    for from in fleet_places() {
        for &to in m.fleet_borders(from) {
            assert!(
                m.fleet_borders(to).contains(&from),
                "{}-{} is one-way",
                m.loc_text(from),
                m.loc_text(to)
            );
            pairs.insert((from.min(to), from.max(to)));
        }
    }
    assert_eq!(pairs.len(), 141);
}

#[test]
fn armies_never_border_seas_and_fleets_never_border_inland() {
    let m = map();
    for p in 0..m.provinces.len() as ProvId {
        for &q in m.army_borders(p) {
            assert!(m.is_land(q), "army {}-{}", m.code(p), m.code(q));
        }
    }
    for from in fleet_places() {
        for &to in m.fleet_borders(from) {
            let k = m.province(to.prov).kind;
            assert!(
                matches!(k, Kind::Sea | Kind::Coast),
                "fleet {}-{}",
                m.loc_text(from),
                m.loc_text(to)
            );
        }
    }
}

/// Borders that exist; many are ones that hand-made maps get wrong.
#[test]
fn known_borders_exist() {
    let army = [
        ("ROM", "APU"),
        ("FIN", "NWY"),
        ("SYR", "SMY"),
        ("SYR", "ARM"),
        ("DEN", "SWE"),
        ("DEN", "KIE"),
        ("STP", "NWY"),
        ("STP", "FIN"),
        ("STP", "LVN"),
        ("BUL", "RUM"),
        ("BUL", "SER"),
        ("ALB", "SER"),
        ("TYR", "PIE"),
        ("GAL", "RUM"),
        ("NAF", "TUN"),
        ("MAR", "PIE"),
        ("EDI", "LVP"),
        ("CON", "SMY"),
        ("PRU", "LVN"),
        ("ROM", "VEN"),
    ];
    let fleet = [
        ("ROM", "TYS"),
        ("KIE", "BAL"),
        ("KIE", "HEL"),
        ("CON", "BLA"),
        ("CON", "AEG"),
        ("CON", "BUL/EC"),
        ("CON", "BUL/SC"),
        ("SYR", "EAS"),
        ("DEN", "SWE"),
        ("BOT", "STP/SC"),
        ("NWY", "STP/NC"),
        ("BAR", "STP/NC"),
        ("SPA/NC", "MAO"),
        ("SPA/SC", "MAO"),
        ("SPA/NC", "POR"),
        ("SPA/SC", "WES"),
        ("BUL/EC", "BLA"),
        ("BUL/SC", "AEG"),
        ("NAF", "MAO"),
        ("TUN", "ION"),
        ("NWG", "CLY"),
        ("ENG", "WAL"),
        ("SKA", "SWE"),
        ("BAL", "LVN"),
        ("ANK", "ARM"),
        ("MAR", "PIE"),
    ];
    for (a, b) in army {
        assert!(army_border(a, b), "army {a}-{b} should be a border");
    }
    for (a, b) in fleet {
        assert!(fleet_border(a, b), "fleet {a}-{b} should be a border");
    }
}

/// Borders that do not exist, though they are often thought to.
#[test]
fn known_non_borders_do_not_exist() {
    let army = [
        ("KIE", "SWE"),
        ("NAF", "SPA"),
        ("GAL", "SER"),
        ("LVP", "LON"),
        ("MUN", "SWI"),
        ("SEV", "STP"),
        ("BOH", "BER"),
    ];
    let fleet = [
        ("ROM", "APU"),
        ("ROM", "VEN"),
        ("BUL/EC", "AEG"),
        ("BUL/SC", "BLA"),
        ("FIN", "NWY"),
        ("SPA/NC", "MAR"),
        ("SPA/NC", "WES"),
        ("SPA/SC", "GAS"),
        ("STP/NC", "BOT"),
        ("STP/SC", "BAR"),
        ("STP/SC", "NWY"),
        ("SYR", "ARM"),
        ("ANK", "SMY"),
        ("EDI", "LVP"),
        ("NTH", "BAL"),
        ("HEL", "BAL"),
        ("NAF", "SPA/SC"),
        ("APU", "TYS"),
        ("BEL", "HEL"),
    ];
    for (a, b) in army {
        assert!(!army_border(a, b), "army {a}-{b} should not be a border");
    }
    for (a, b) in fleet {
        assert!(!fleet_border(a, b), "fleet {a}-{b} should not be a border");
    }
}

// ---- names ----

#[test]
fn province_names_aliases_and_french_names_are_found() {
    let cases = [
        ("mid", "MAO"),
        ("MAO", "MAO"),
        ("Mid-Atlantic Ocean", "MAO"),
        ("nat", "NAO"),
        ("nao", "NAO"),
        ("nrg", "NWG"),
        ("nwg", "NWG"),
        ("gol", "LYO"),
        ("lyo", "LYO"),
        ("English Channel", "ENG"),
        ("Manche", "ENG"),
        ("Mer du Nord", "NTH"),
        ("Bourgogne", "BUR"),
        ("Londres", "LON"),
        ("saint-petersbourg", "STP"),
        ("Saint-Pétersbourg", "STP"),
        ("St. Petersburg", "STP"),
        ("stp", "STP"),
    ];
    for (name, code) in cases {
        assert_eq!(map().lookup(name), Some(prov(code)), "`{name}` should be {code}");
    }
}

#[test]
fn unknown_names_are_not_found() {
    for name in ["", "XYZ", "Atlantis", "STP/NC", "Mid Sea"] {
        assert_eq!(map().lookup(name), None, "`{name}`");
    }
}

#[test]
fn by_code_takes_only_the_upper_case_code() {
    assert_eq!(map().by_code("LON").map(|p| map().code(p)), Some("LON"));
    assert_eq!(map().by_code("MID"), None);
}

#[test]
fn powers_are_found_by_english_name_adjective_and_french_name() {
    let cases = [
        ("England", ["england", "English", "Angleterre"]),
        ("France", ["FRANCE", "French", "france"]),
        ("Germany", ["germany", "German", "Allemagne"]),
        ("Italy", ["Italy", "italian", "Italie"]),
        ("Austria", ["Austria", "Austrian", "Autriche"]),
        ("Russia", ["russia", "Russian", "Russie"]),
        ("Turkey", ["TURKEY", "Turkish", "Turquie"]),
    ];
    for (name, spellings) in cases {
        let p = map().power_by_name(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(map().power_name(p), name);
        for s in spellings {
            assert_eq!(map().power_by_name(s), Some(p), "`{s}` should be {name}");
        }
    }
}

#[test]
fn there_are_seven_powers_and_no_others() {
    assert_eq!(map().all_powers().count(), 7);
    for s in ["Prussia", "Switzerland", "", "Eng"] {
        assert_eq!(map().power_by_name(s), None, "`{s}`");
    }
}
