//! The codes French players write for the provinces of the standard map (`Bou`, `Man`,
//! `MdN`), where they differ from the English codes. Each is made of letters of the
//! province's French name, in their order (a test checks it); `docs/orders.md` lists them.
//!
//! Only the standard map has them: a code is used only when the map has a province of that
//! English code whose French name it is drawn from, so another map is read as before.

use crate::lang::Lang;
use crate::map::{fold, Map, ProvId};

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
