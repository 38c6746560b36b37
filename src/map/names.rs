//! Province names as players write them: codes, aliases, English and French names, any
//! case, with or without accents, with spaces, hyphens or dots between the words.

use super::{ProvId, Province};
use std::collections::HashMap;

/// Upper case, accents removed, every run of non-alphanumeric characters made one space.
/// `"Saint-Pétersbourg"` and `"saint petersbourg"` both fold to `"SAINT PETERSBOURG"`.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for ch in s.chars().flat_map(char::to_uppercase) {
        let plain = match deaccent(ch) {
            Some(p) => p,
            None if ch.is_ascii_alphanumeric() => {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                out.push(ch);
                continue;
            }
            None => {
                space = true;
                continue;
            }
        };
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push_str(plain);
    }
    out
}

/// The plain ASCII letters and digits of an upper-case string (`"É"` gives `"E"`); other
/// characters are dropped.
pub fn deaccent_upper(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match deaccent(c) {
            Some(p) => out.push_str(p),
            None if c.is_ascii_alphanumeric() => out.push(c),
            None => {}
        }
    }
    out
}

/// The unaccented form of an accented upper-case letter (Latin-1 and French ligatures).
pub(crate) fn deaccent(c: char) -> Option<&'static str> {
    Some(match c {
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => "A",
        'Ç' => "C",
        'È' | 'É' | 'Ê' | 'Ë' => "E",
        'Ì' | 'Í' | 'Î' | 'Ï' => "I",
        'Ñ' => "N",
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' => "O",
        'Ù' | 'Ú' | 'Û' | 'Ü' => "U",
        'Ý' | 'Ÿ' => "Y",
        'Œ' => "OE",
        'Æ' => "AE",
        'ß' => "SS",
        _ => return None,
    })
}

/// FNV-1a: a fast hash for the short, fixed keys of a [`NameIndex`]. The table never
/// grows from what players write (they only look names up), so its probe lengths are set
/// by the map's own names.
#[derive(Clone, Copy, Default)]
pub struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type FnvMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<Fnv>>;

/// Every way of naming a province, folded, to its id.
#[derive(Debug, Default)]
pub struct NameIndex {
    by_name: FnvMap<String, ProvId>,
    /// The first words of every name of two or more words (`SAINT`, `SAINT PETERSBOURG` of
    /// `SAINT PETERSBOURG COTE SUD`): words read that are neither a name nor one of these
    /// cannot start a longer name, and the parser stops there.
    prefixes: FnvMap<String, ()>,
    /// The most words any name has: the parser tries no more than this many.
    pub max_words: usize,
}

impl NameIndex {
    pub fn build(provinces: &[Province]) -> Result<NameIndex, String> {
        let mut idx = NameIndex::default();
        for (i, p) in provinces.iter().enumerate() {
            let all = [&p.code, &p.name, &p.french].into_iter().chain(p.aliases.iter());
            for name in all {
                let key = fold(name);
                if key.is_empty() {
                    return Err(format!("province {}: empty name", p.code));
                }
                if let Some(&other) = idx.by_name.get(&key) {
                    if other as usize != i {
                        return Err(format!(
                            "the name `{name}` is used by both {} and {}",
                            provinces[other as usize].code, p.code
                        ));
                    }
                }
                idx.max_words = idx.max_words.max(key.split(' ').count());
                for (at, _) in key.match_indices(' ') {
                    idx.prefixes.insert(key[..at].to_string(), ());
                }
                idx.by_name.insert(key, i as ProvId);
            }
        }
        Ok(idx)
    }

    pub fn get(&self, folded: &str) -> Option<ProvId> {
        self.by_name.get(folded).copied()
    }

    /// Are these words (folded) the first words of a longer name?
    pub fn is_prefix(&self, folded: &str) -> bool {
        self.prefixes.contains_key(folded)
    }
}

#[cfg(test)]
mod tests {
    use super::fold;

    #[test]
    fn folding_ignores_case_accents_and_punctuation() {
        assert_eq!(fold("Saint-Pétersbourg"), "SAINT PETERSBOURG");
        assert_eq!(fold("  st. petersburg "), "ST PETERSBURG");
        assert_eq!(fold("Mer d'Irlande"), "MER D IRLANDE");
        assert_eq!(fold("Mid-Atlantic Ocean"), "MID ATLANTIC OCEAN");
        assert_eq!(fold("Bohême"), "BOHEME");
    }
}
