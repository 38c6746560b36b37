//! Province names as players write them: codes, aliases, English and French names, any
//! case, with or without accents, with spaces, hyphens or dots between the words.

use super::{ProvId, Province};

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

/// FNV-1a, 64 bits: a fast hash for the short, fixed keys of a [`NameIndex`].
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A set of strings, each with a `u32` value, looked up by `&str`: open addressing with linear
/// probing over one array of small slots, the strings themselves side by side in one
/// buffer in the order they were added. On a map of 100,000 provinces a lookup then costs
/// about two cache misses (the slot, the string, near those of the neighbouring provinces),
/// where a `HashMap<String, _>` costs three or four. The table never grows from what
/// players write: they only look names up, so probe lengths are set by the map's names.
#[derive(Debug, Default)]
struct StrTable {
    /// `(hash >> 32, start, len, value)`; `len == u32::MAX` marks an empty slot.
    slots: Vec<(u32, u32, u32, u32)>,
    text: String,
    len: usize,
}

impl StrTable {
    const EMPTY: u32 = u32::MAX;

    fn slot(&self, key: &str) -> (usize, u32) {
        let h = fnv(key.as_bytes());
        let mask = self.slots.len() - 1;
        ((h as usize) & mask, (h >> 32) as u32)
    }

    fn key(&self, slot: &(u32, u32, u32, u32)) -> &str {
        &self.text[slot.1 as usize..(slot.1 + slot.2) as usize]
    }

    fn get(&self, key: &str) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let (mut i, tag) = self.slot(key);
        let mask = self.slots.len() - 1;
        loop {
            let s = &self.slots[i];
            if s.2 == Self::EMPTY {
                return None;
            }
            if s.0 == tag && self.key(s) == key {
                return Some(s.3);
            }
            i = (i + 1) & mask;
        }
    }

    /// The value of `key`, added with the value 0 if it is not there yet.
    fn entry(&mut self, key: &str) -> &mut u32 {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let (mut i, tag) = self.slot(key);
        let mask = self.slots.len() - 1;
        loop {
            let s = self.slots[i];
            if s.2 == Self::EMPTY {
                let start = self.text.len() as u32;
                self.text.push_str(key);
                self.slots[i] = (tag, start, key.len() as u32, 0);
                self.len += 1;
                return &mut self.slots[i].3;
            }
            if s.0 == tag && self.key(&s) == key {
                return &mut self.slots[i].3;
            }
            i = (i + 1) & mask;
        }
    }

    /// Twice the slots (at least 64), every key put back in its new place.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![(0, 0, Self::EMPTY, 0); (old.len() * 2).max(64)];
        let mask = self.slots.len() - 1;
        for s in old.into_iter().filter(|s| s.2 != Self::EMPTY) {
            let mut i = (fnv(self.key(&s).as_bytes()) as usize) & mask;
            while self.slots[i].2 != Self::EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = s;
        }
    }
}

/// What a run of words (folded) is: the name of a province, and whether a longer name
/// starts with these words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub province: Option<ProvId>,
    pub longer: bool,
}

/// Every way of naming a province, folded, to its id; and the first words of every name of
/// two or more words (`SAINT`, `SAINT PETERSBOURG` of `SAINT PETERSBOURG COTE SUD`), so
/// that the parser stops reading words as soon as no longer name starts with them. One
/// table for both, so that each run of words read costs one lookup: the value is the
/// province id plus one (0 for none), and [`LONGER`] for the first words of a longer name.
#[derive(Debug, Default)]
pub struct NameIndex {
    table: StrTable,
    /// The most words any name has: the parser tries no more than this many.
    pub max_words: usize,
}

/// The bit of a [`NameIndex`] value saying that a longer name starts with these words.
const LONGER: u32 = 1 << 31;

impl NameIndex {
    pub fn build(provinces: &[Province]) -> Result<NameIndex, String> {
        let mut idx = NameIndex::default();
        assert!(provinces.len() < (LONGER - 1) as usize, "too many provinces");
        for (i, p) in provinces.iter().enumerate() {
            let all = [&p.code, &p.name, &p.french].into_iter().chain(p.aliases.iter());
            for name in all {
                let key = fold(name);
                if key.is_empty() {
                    return Err(format!("province {}: empty name", p.code));
                }
                let v = idx.table.entry(&key);
                let other = *v & !LONGER;
                if other != 0 && other as usize != i + 1 {
                    return Err(format!(
                        "the name `{name}` is used by both {} and {}",
                        provinces[other as usize - 1].code,
                        p.code
                    ));
                }
                *v |= i as u32 + 1;
                idx.max_words = idx.max_words.max(key.split(' ').count());
                for (at, _) in key.match_indices(' ') {
                    *idx.table.entry(&key[..at]) |= LONGER;
                }
            }
        }
        Ok(idx)
    }

    /// The province named by these words (folded), and whether a longer name starts with
    /// them.
    pub fn find(&self, folded: &str) -> Found {
        let v = self.table.get(folded).unwrap_or(0);
        let id = v & !LONGER;
        Found {
            province: (id != 0).then(|| (id - 1) as ProvId),
            longer: v & LONGER != 0,
        }
    }

    pub fn get(&self, folded: &str) -> Option<ProvId> {
        self.find(folded).province
    }
}

#[cfg(test)]
mod tests {
    use super::{fold, StrTable};

    #[test]
    fn the_string_table_finds_every_key_and_no_other() {
        let mut t = StrTable::default();
        assert_eq!(t.get("A"), None);
        for i in 0..5000u32 {
            let v = t.entry(&format!("P{i}"));
            assert_eq!(*v, 0, "a new key starts at 0");
            *v = i;
        }
        assert_eq!(*t.entry("P17"), 17, "a key added twice keeps its value");
        for i in 0..5000u32 {
            assert_eq!(t.get(&format!("P{i}")), Some(i));
        }
        assert_eq!(t.get("P5000"), None);
        assert_eq!(t.get(""), None);
    }

    #[test]
    fn folding_ignores_case_accents_and_punctuation() {
        assert_eq!(fold("Saint-Pétersbourg"), "SAINT PETERSBOURG");
        assert_eq!(fold("  st. petersburg "), "ST PETERSBURG");
        assert_eq!(fold("Mer d'Irlande"), "MER D IRLANDE");
        assert_eq!(fold("Mid-Atlantic Ocean"), "MID ATLANTIC OCEAN");
        assert_eq!(fold("Bohême"), "BOHEME");
    }
}
