//! The codes French players write for the provinces of the standard map (`Bou`, `Man`,
//! `MdN`), where they differ from the English codes. Each is made of letters of the
//! province's French name, in their order (a test checks it); `docs/orders.md` lists them.
//!
//! Only the standard map has them: a code is used only when the map has a province of that
//! English code whose French name it is drawn from, so another map is read as before.
//!
//! The French notation ([`order_text`]) is how a French reader's letters echo his orders
//! (issue #24): these codes, the French coasts and order words, each read back by the
//! order reader in a French game as the same order (a test reads every one back).

use super::{Order, UnitRef};
use crate::lang::Lang;
use crate::map::{fold, Coast, Loc, Map, ProvId};

/// `(French code, English code)`, the French code folded (upper case).
pub const CODES: &[(&str, &str)] = &[
    // Seas.
    ("EGE", "AEG"),
    ("NOI", "BLA"),
    ("MOR", "EAS"),
    ("MAN", "ENG"),
    ("IRL", "IRI"),
    ("LIO", "LYO"),
    ("AMO", "MAO"),
    ("ANO", "NAO"),
    ("MDN", "NTH"),
    ("MNV", "NWG"),
    ("MOC", "WES"),
    // Coasts.
    ("DAN", "DEN"),
    ("LIV", "LVN"),
    ("AFN", "NAF"),
    ("ROU", "RUM"),
    ("SEB", "SEV"),
    ("ESP", "SPA"),
    ("SUE", "SWE"),
    ("TOS", "TUS"),
    ("GLS", "WAL"),
    ("PDG", "WAL"),
    // Inland.
    ("BOU", "BUR"),
    ("VAR", "WAR"),
];

/// The French codes that are another province's name on the standard map
/// ([`collisions`], checked by a test): where the reader's language decides. None: `GAL`,
/// Galicia's code and the first letters of Galles, is Galicia for every reader (French
/// players write the English codes too), and Wales is `Gls` or `PdG`.
pub const COLLIDING: &[&str] = &[];

/// The province a French code names on `map`, if it has one.
fn lookup(map: &Map, folded: &str) -> Option<ProvId> {
    let (_, english) = CODES.iter().find(|(f, _)| *f == folded)?;
    let p = map.by_code(english)?;
    let prov = map.province(p);
    let mut names = std::iter::once(&prov.french).chain(&prov.aliases);
    names.any(|n| drawn_from(folded, &fold(n))).then_some(p)
}

/// The province this folded word names as a French code, for a reader of `lang`: a code that
/// is also a name of another province (`GAL`, Galicia's code and the first letters of
/// Galles) is the French code for a French reader only; for others the map's own name wins,
/// and the caller looks the word up there first.
pub fn province(map: &Map, folded: &str, lang: Lang) -> Option<ProvId> {
    let p = lookup(map, folded)?;
    match map.name_index().get(folded) {
        Some(other) if other != p && lang != Lang::Fr => None,
        _ => Some(p),
    }
}

/// The code a French player writes for `p`: its French code where the French players' code
/// differs (`BOU` for Burgundy, the first one where there are two: `GLS` for Wales), the
/// map's own code otherwise (`PAR`), upper case as the English echo is.
pub fn code(map: &Map, p: ProvId) -> &str {
    let english = map.code(p);
    CODES
        .iter()
        .find(|&&(f, e)| e == english && lookup(map, f) == Some(p))
        .map_or(english, |&(f, _)| f)
}

/// A coast as a French reader writes it: `CN`, `CS`, `CE`, `CO` (côte nord, sud, est,
/// ouest), which the reader reads after a slash.
pub fn coast(c: Coast) -> &'static str {
    match c {
        Coast::NC => "CN",
        Coast::SC => "CS",
        Coast::EC => "CE",
        Coast::WC => "CO",
    }
}

/// Appends a place in French notation to `out`: `BOU`, `ESP/CS`.
pub fn push_loc(map: &Map, out: &mut String, l: Loc) {
    out.push_str(code(map, l.prov));
    if let Some(c) = l.coast {
        out.push('/');
        out.push_str(coast(c));
    }
}

/// Appends a unit in French notation to `out`: `A BOU`, `F ESP/CS`, `BOU` when the type
/// was not written. The letters are the French ones too: A for armée, F for flotte.
pub fn push_unit(map: &Map, out: &mut String, u: &UnitRef) {
    if let Some(k) = u.kind {
        out.push(k.letter());
        out.push(' ');
    }
    push_loc(map, out, u.loc);
}

/// The order words of the French notation: the French forms the players' documents show
/// (`docs/mail-commands.md`), each one read by the order reader
/// (`src/order/parse/vocabulary.rs`) and making a line an order of a mail
/// ([`super::looks_like_an_order`]: `renonce` alone is one; `renoncer` alone, which the
/// order reader reads too, is not one today).
mod word {
    pub const HOLD: &str = "tient";
    pub const SUPPORT: &str = "soutient";
    pub const CONVOY: &str = "convoie";
    pub const VIA_CONVOY: &str = "par convoi";
    // The zine's pair for the winter (« mobilisations » in every letter): `mobiliser`,
    // `démobiliser`; a unit dislodged and not retreated is « dissoute ».
    pub const BUILD: &str = "mobiliser";
    pub const REMOVE: &str = "démobiliser";
    pub const DISBAND: &str = "dissoudre";
    pub const WAIVE: &str = "renoncer";
}

/// An order in the French notation, as a French reader's letters echo it: `A MAR soutient
/// A PAR - BOU`, `F MAN convoie A LON - BRE`, `A PAR tient`, `A LON - BRE par convoi`,
/// `mobiliser F STP/CN`, `démobiliser A MUN` (a removal: `in_winter`), `dissoudre A MUN` (a
/// disband in a retreat), `renoncer`. Read back by a French player's reader, it is the same
/// order.
pub fn order_text(map: &Map, order: &Order, in_winter: bool) -> String {
    let mut out = String::with_capacity(32);
    let unit = |u: &UnitRef, out: &mut String| push_unit(map, out, u);
    let word = |w: &str, out: &mut String| {
        out.push(' ');
        out.push_str(w);
        out.push(' ');
    };
    match order {
        Order::Hold(u) => {
            unit(u, &mut out);
            out.push(' ');
            out.push_str(word::HOLD);
        }
        Order::Move {
            unit: u,
            dest,
            via_convoy,
        } => {
            unit(u, &mut out);
            out.push_str(" - ");
            push_loc(map, &mut out, *dest);
            if *via_convoy {
                out.push(' ');
                out.push_str(word::VIA_CONVOY);
            }
        }
        Order::Support { unit: u, target, dest } => {
            unit(u, &mut out);
            word(word::SUPPORT, &mut out);
            unit(target, &mut out);
            if let Some(d) = dest {
                out.push_str(" - ");
                push_loc(map, &mut out, *d);
            }
        }
        Order::Convoy { unit: u, army, dest } => {
            unit(u, &mut out);
            word(word::CONVOY, &mut out);
            unit(army, &mut out);
            out.push_str(" - ");
            out.push_str(code(map, dest.prov));
        }
        Order::Disband(u) => {
            out.push_str(if in_winter { word::REMOVE } else { word::DISBAND });
            out.push(' ');
            unit(u, &mut out);
        }
        Order::Build(u) => {
            out.push_str(word::BUILD);
            out.push(' ');
            unit(u, &mut out);
        }
        Order::Waive => out.push_str(word::WAIVE),
    }
    out
}

/// Is `code` made of letters of `name` in their order, the first one starting a word?
pub fn drawn_from(code: &str, name: &str) -> bool {
    let mut letters = code.chars();
    let Some(first) = letters.next() else { return false };
    // Each place in the name where a word starts with the code's first letter.
    name.match_indices(' ')
        .map(|(at, _)| at + 1)
        .chain([0])
        .filter(|&at| name[at..].starts_with(first))
        .any(|at| {
            let mut rest = name[at + first.len_utf8()..].chars();
            letters.clone().all(|c| rest.any(|l| l == c))
        })
}

/// The French codes that are also a name of another province of `map` (where the reader's
/// language decides): `(French code, the French code's province, the other province)`.
pub fn collisions(map: &Map) -> Vec<(&'static str, ProvId, ProvId)> {
    CODES
        .iter()
        .filter_map(|(f, _)| {
            let p = lookup(map, f)?;
            let other = map.name_index().get(f)?;
            (other != p).then_some((*f, p, other))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::UnitType;
    use crate::order::{looks_like_an_order, parse_order, Reader};

    /// Every place of `map`: each province, and each coast of a split one.
    fn places(map: &Map) -> Vec<Loc> {
        let mut out = Vec::new();
        for p in 0..map.provinces.len() as ProvId {
            out.push(Loc { prov: p, coast: None });
            out.extend(map.coasts(p).iter().map(|&c| Loc {
                prov: p,
                coast: Some(c),
            }));
        }
        out
    }

    /// The law of the echo: an order on file (its normal notation, as the judge writes it),
    /// written in the French notation and read back as a French player's line, is the same
    /// order. Orders of every kind, between every pair of places of the standard map (its
    /// coasts too), with and without the unit's type. The echo also reads as an order line
    /// of a mail (not as chatter).
    #[test]
    fn a_french_echo_reads_back_as_the_same_order() {
        let map = Map::standard();
        let places = places(map);
        let kinds = [Some(UnitType::Army), Some(UnitType::Fleet), None];
        let mut reader = Reader::default();
        let mut checked = 0;
        for (i, &a) in places.iter().enumerate() {
            for (j, &b) in places.iter().enumerate() {
                let unit = UnitRef {
                    kind: kinds[(i + j) % 3],
                    loc: a,
                };
                let other = UnitRef {
                    kind: kinds[(i + 2 * j) % 3],
                    loc: b,
                };
                let third = places[(7 * i + j) % places.len()];
                let mut orders = vec![
                    Order::Move {
                        unit,
                        dest: b,
                        via_convoy: (i + j) % 2 == 0,
                    },
                    Order::Support {
                        unit,
                        target: other,
                        dest: None,
                    },
                    Order::Support {
                        unit,
                        target: other,
                        dest: Some(third),
                    },
                    Order::Convoy {
                        unit,
                        army: other,
                        dest: third,
                    },
                ];
                if j == 0 {
                    orders.extend([Order::Hold(unit), Order::Disband(unit), Order::Build(unit)]);
                }
                if i == 0 && j == 0 {
                    orders.push(Order::Waive);
                }
                for order in orders {
                    // As it is on file: the judge's text of it.
                    let on_file = parse_order(map, &order.to_text(map)).expect("the notation reads");
                    for in_winter in [false, true] {
                        let echo = order_text(map, &on_file, in_winter);
                        let read = reader.read(map, Lang::Fr, &echo);
                        assert_eq!(
                            read.as_ref().map(|r| &r.order),
                            Ok(&on_file),
                            "`{}` echoed as `{echo}`",
                            on_file.to_text(map)
                        );
                        assert!(looks_like_an_order(map, &echo), "`{echo}` is taken for chatter");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    /// The echo's words and codes, as a French reader reads them.
    #[test]
    fn the_french_notation() {
        let map = Map::standard();
        let fr = |text: &str| order_text(map, &parse_order(map, text).unwrap(), false);
        let winter = |text: &str| order_text(map, &parse_order(map, text).unwrap(), true);
        assert_eq!(fr("A MAR S A PAR - BUR"), "A MAR soutient A PAR - BOU");
        assert_eq!(fr("A MAR S A PAR"), "A MAR soutient A PAR");
        assert_eq!(fr("F ENG C A LON - BRE"), "F MAN convoie A LON - BRE");
        assert_eq!(fr("A LON - BRE VIA CONVOY"), "A LON - BRE par convoi");
        assert_eq!(fr("F NTH H"), "F MDN tient");
        assert_eq!(fr("F MAO - SPA/NC"), "F AMO - ESP/CN");
        assert_eq!(fr("F WAL - LON"), "F GLS - LON");
        assert_eq!(fr("A MUN D"), "dissoudre A MUN");
        assert_eq!(winter("REMOVE A MUN"), "démobiliser A MUN");
        assert_eq!(winter("BUILD F STP/SC"), "mobiliser F STP/CS");
        assert_eq!(winter("WAIVE"), "renoncer");
        // Galicia keeps its code: `GAL` is not a French code.
        assert_eq!(fr("A GAL - RUM"), "A GAL - ROU");
    }

    /// Every French code is drawn from its province's French name (or a French alias), and
    /// is not its English code already.
    #[test]
    fn every_french_code_comes_from_the_french_name() {
        let map = Map::standard();
        for (f, en) in CODES {
            let p = map.by_code(en).unwrap_or_else(|| panic!("{en}"));
            assert!(
                lookup(map, f) == Some(p),
                "{f} is not drawn from {}",
                map.province(p).french
            );
            assert_ne!(f, en);
        }
    }

    /// No French code is another province's name: `GAL` stays Galicia for a French reader
    /// too, and Wales has codes of its own.
    #[test]
    fn the_language_decides_a_code_both_languages_use() {
        let map = Map::standard();
        assert!(collisions(map).is_empty(), "{:?}", collisions(map));
        assert!(COLLIDING.is_empty());
        let (wal, gal) = (map.by_code("WAL").unwrap(), map.by_code("GAL").unwrap());
        assert_eq!(province(map, "GAL", Lang::Fr), None);
        assert_eq!(map.name_index().get("GAL"), Some(gal));
        assert_eq!(province(map, "GLS", Lang::Fr), Some(wal));
        assert_eq!(province(map, "PDG", Lang::En), Some(wal));
        assert_eq!(province(map, "BOU", Lang::En), map.by_code("BUR"));
        assert_eq!(province(map, "MDN", Lang::Fr), map.by_code("NTH"));
        assert!(drawn_from("MDN", "MER DU NORD"));
        assert!(!drawn_from("MDX", "MER DU NORD"));
    }
}
