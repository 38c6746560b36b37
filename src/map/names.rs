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

/// Why a map's province names cannot be read, with the province and what to change.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("province {province}: a name of it has no letter or digit ({field} \"{name}\"): give it one")]
    Empty {
        province: String,
        /// `code`, `name`, `french` or `aliases`.
        field: &'static str,
        name: String,
    },
    #[error(
        "the name \"{name}\" is used by both {first} and {second}: players could not tell them apart; \
         remove it from one of them (names are compared without case, accents or punctuation)"
    )]
    Shared {
        name: String,
        first: String,
        second: String,
    },
}

/// Every way of naming a province, folded, to its id; and the first words of every name of
/// two or more words (`SAINT`, `SAINT PETERSBOURG` of `SAINT PETERSBOURG COTE SUD`), so
/// that the parser stops reading words as soon as no longer name starts with them. One
/// table for both, so that each run of words read costs one lookup: the value is the
/// province id plus one (0 for none), and [`LONGER`] for the first words of a longer name.
///
/// The keys of at most eight bytes (every code, and most short names) are also in a second
/// table keyed by the bytes themselves as one `u64` ([`ShortTable`]): most orders name
/// their places by code, and a lookup there is a multiplication and one comparison, where
/// the string table hashes byte by byte and compares strings.
#[derive(Debug, Default)]
pub struct NameIndex {
    table: StrTable,
    short: ShortTable,
    /// The most words any name has: the parser tries no more than this many.
    pub max_words: usize,
}

/// The bit of a [`NameIndex`] value saying that a longer name starts with these words.
const LONGER: u32 = 1 << 31;

/// The longest key kept in a [`ShortTable`].
pub(crate) const SHORT: usize = 8;

/// The bytes of a key of at most [`SHORT`] bytes as one number, the first byte lowest. No
/// byte of a folded name is zero, so keys of different lengths give different numbers.
#[inline]
pub(crate) fn pack(key: &[u8]) -> u64 {
    debug_assert!(key.len() <= SHORT);
    let mut v = 0u64;
    for (i, &b) in key.iter().enumerate() {
        v |= (b as u64) << (8 * i);
    }
    v
}

/// Keys of at most [`SHORT`] bytes, [`pack`]ed, each with a `u32` value: open addressing with
/// linear probing, the packed key and its value side by side. `0` marks an empty slot.
#[derive(Debug, Default)]
struct ShortTable {
    slots: Vec<(u64, u32)>,
    /// `64 - log2(slots.len())`: a hash's top bits pick the slot.
    shift: u32,
}

impl ShortTable {
    #[inline]
    fn start(&self, key: u64) -> usize {
        // Fibonacci hashing: the multiplication mixes every byte into the top bits.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    #[inline]
    fn get(&self, key: u64) -> u32 {
        if self.slots.is_empty() {
            return 0;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.start(key);
        loop {
            let (k, v) = self.slots[i];
            if k == key {
                return v;
            }
            if k == 0 {
                return 0;
            }
            i = (i + 1) & mask;
        }
    }

    /// Built once from every key of `table` short enough.
    fn of(table: &StrTable) -> ShortTable {
        let keys: Vec<(u64, u32)> = table
            .slots
            .iter()
            .filter(|s| s.2 != StrTable::EMPTY && s.2 as usize <= SHORT && s.2 > 0)
            .map(|s| (pack(table.key(s).as_bytes()), s.3))
            .collect();
        let size = (keys.len() * 2).next_power_of_two().max(16);
        let mut t = ShortTable {
            slots: vec![(0, 0); size],
            shift: 64 - size.trailing_zeros(),
        };
        let mask = size - 1;
        for (k, v) in keys {
            let mut i = t.start(k);
            while t.slots[i].0 != 0 {
                i = (i + 1) & mask;
            }
            t.slots[i] = (k, v);
        }
        t
    }
}

/// A [`NameIndex`] as static tables: the standard map's, written once into
/// `src/map/standard.rs` ([`NameIndex::rust`]) so that a process does not build it again.
pub(crate) struct StaticNames {
    pub slots: &'static [(u32, u32, u32, u32)],
    pub text: &'static str,
    pub len: usize,
    pub short: &'static [(u64, u32)],
    pub shift: u32,
    pub max_words: usize,
}

impl NameIndex {
    pub fn build(provinces: &[Province]) -> Result<NameIndex, NameError> {
        let mut idx = NameIndex::default();
        assert!(provinces.len() < (LONGER - 1) as usize, "too many provinces");
        for (i, p) in provinces.iter().enumerate() {
            let all = [("code", &p.code), ("name", &p.name), ("french", &p.french)]
                .into_iter()
                .chain(p.aliases.iter().map(|a| ("aliases", a)));
            for (field, name) in all {
                let key = fold(name);
                if key.is_empty() {
                    return Err(NameError::Empty {
                        province: p.code.clone(),
                        field,
                        name: name.clone(),
                    });
                }
                let v = idx.table.entry(&key);
                let other = *v & !LONGER;
                if other != 0 && other as usize != i + 1 {
                    return Err(NameError::Shared {
                        name: name.clone(),
                        first: provinces[other as usize - 1].code.clone(),
                        second: p.code.clone(),
                    });
                }
                *v |= i as u32 + 1;
                idx.max_words = idx.max_words.max(key.split(' ').count());
                for (at, _) in key.match_indices(' ') {
                    *idx.table.entry(&key[..at]) |= LONGER;
                }
            }
        }
        idx.short = ShortTable::of(&idx.table);
        Ok(idx)
    }

    /// The index whose tables [`NameIndex::rust`] wrote: the tables copied, nothing hashed.
    pub(crate) fn from_static(t: &StaticNames) -> NameIndex {
        NameIndex {
            table: StrTable {
                slots: t.slots.to_vec(),
                text: t.text.to_string(),
                len: t.len,
            },
            short: ShortTable {
                slots: t.short.to_vec(),
                shift: t.shift,
            },
            max_words: t.max_words,
        }
    }

    /// This index as the Rust expression of a [`StaticNames`].
    #[cfg(test)]
    pub(crate) fn rust(&self) -> String {
        format!(
            "StaticNames {{\n        slots: &{:?},\n        text: {:?},\n        len: {},\n        short: &{:?},\n        shift: {},\n        max_words: {},\n    }}",
            self.table.slots, self.table.text, self.table.len, self.short.slots, self.short.shift, self.max_words
        )
    }

    /// The province named by these words (folded), and whether a longer name starts with
    /// them.
    #[inline]
    pub fn find(&self, folded: &str) -> Found {
        let v = match folded.len() {
            1..=SHORT => self.short.get(pack(folded.as_bytes())),
            _ => self.table.get(folded).unwrap_or(0),
        };
        found(v)
    }

    /// [`NameIndex::find`] for a word already [`pack`]ed (of 1 to [`SHORT`] bytes).
    #[inline]
    pub(crate) fn find_packed(&self, packed: u64) -> Found {
        found(self.short.get(packed))
    }

    pub fn get(&self, folded: &str) -> Option<ProvId> {
        self.find(folded).province
    }
}

#[inline]
fn found(v: u32) -> Found {
    let id = v & !LONGER;
    Found {
        province: (id != 0).then(|| (id - 1) as ProvId),
        longer: v & LONGER != 0,
    }
}

/// The French names of a map's powers (and of the roles God, Devil), each read from its
/// English or its French name, for French sentences ([`crate::lang::fr`]): `England` is
/// `l'Angleterre`, `de l'Angleterre`.
pub fn french_names(powers: &[super::PowerInfo]) -> crate::lang::fr::Names {
    crate::lang::fr::Names::of_countries(powers.iter().map(|p| (p.name.as_str(), p.french.as_str())))
}

/// [`french_names`] of the standard map, made once.
pub fn standard_french_names() -> &'static crate::lang::fr::Names {
    static NAMES: std::sync::OnceLock<crate::lang::fr::Names> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| french_names(super::Map::standard_powers()))
}

#[cfg(test)]
mod tests {
    use super::{fold, pack, NameError, NameIndex, StrTable, SHORT};
    use crate::map::{Kind, Map, Province};

    fn province(code: &str, name: &str, aliases: &[&str]) -> Province {
        Province {
            code: code.into(),
            kind: Kind::Land,
            name: name.into(),
            french: name.into(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            center: None,
            coasts: Vec::new(),
        }
    }

    /// A name two provinces share, or one with nothing to read in it, is refused with the
    /// provinces named (a typed error, not words to parse back).
    #[test]
    fn names_that_players_could_not_use_are_refused_with_the_place() {
        let e = NameIndex::build(&[province("PAR", "Paris", &[]), province("PIC", "Picardy", &["paris"])]).unwrap_err();
        assert_eq!(
            e,
            NameError::Shared {
                name: "paris".into(),
                first: "PAR".into(),
                second: "PIC".into()
            }
        );
        assert!(e.to_string().contains("remove it from one of them"), "{e}");
        let e = NameIndex::build(&[province("PAR", "Paris", &["--"])]).unwrap_err();
        assert_eq!(
            e,
            NameError::Empty {
                province: "PAR".into(),
                field: "aliases",
                name: "--".into()
            }
        );
        assert!(e.to_string().starts_with("province PAR: "), "{e}");
        let yaml = include_str!("../../maps/standard.yaml").replace("name: Picardy", "name: Paris");
        let e = Map::from_yaml(&yaml, "maps/x.yaml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("maps/x.yaml: the name \"Paris\" is used by both"),
            "{e}"
        );
    }

    /// The table of short keys answers as the string table does, for every name of the
    /// standard map, the first words of its longer names, and words that are neither.
    #[test]
    fn short_keys_are_found_as_in_the_string_table() {
        let map = Map::standard();
        let idx = map.name_index();
        let mut keys: Vec<String> = ["", "X", "ZZZ", "PARI", "SAINT", "MID", "ABCDEFGH", "ABCDEFGHI"]
            .map(String::from)
            .to_vec();
        for p in &map.provinces {
            for n in [&p.code, &p.name, &p.french].into_iter().chain(&p.aliases) {
                let f = fold(n);
                keys.extend(f.match_indices(' ').map(|(at, _)| f[..at].to_string()));
                keys.push(f);
            }
        }
        let mut short = 0;
        for k in &keys {
            let v = idx.table.get(k).unwrap_or(0);
            assert_eq!(idx.find(k), super::found(v), "{k}");
            if (1..=SHORT).contains(&k.len()) {
                assert_eq!(idx.find_packed(pack(k.as_bytes())), super::found(v), "{k}");
                short += 1;
            }
        }
        assert!(short > 100, "{short}");
    }

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
