//! Compact copies of `game.yaml` and `state.yaml`, read in place of the YAML by the mail
//! path (issue #27).
//!
//! Reading the two files with the YAML reader was a third of what an accepted message costs
//! beyond starting the program (about 300 instructions a byte). Beside each file, a hidden
//! copy (`.game.yaml.compact`, `.state.yaml.compact`) holds the same value as JSON, which
//! serde_json reads in a fraction of that. The YAML stays the one truth: a copy is used only
//! when it says it was made from exactly the bytes the YAML file holds now, by this build of
//! arbitre, and is whole:
//!
//! - its first line is `arbitre compact STAMP YAML-LENGTH JSON-LENGTH CHECKSUM`, STAMP the
//!   hash of the sources and crate versions this program was built from (`build.rs`), so a
//!   copy made by another build, whose types may read differently, is not used;
//! - then the YAML file's bytes, compared with the file read now: a file edited by hand, or
//!   rewritten by any program, no longer matches, and is read as YAML again;
//! - then the JSON, and the checksum (FNV-1a) is over both: a copy cut short or mixed by two
//!   writers is not used.
//!
//! A copy that is missing, stale or unreadable is the YAML read as before, and the copy is
//! made again (written in place and not waited for: a copy cut short or lost is made again
//! by the next reader).
//! A debug build (every test, and every `arbitre` a test starts) reads the YAML as well each
//! time a copy is used, and panics unless the two values are equal.

use crate::store;
use crate::yaml::FileError;
use std::fmt::Debug;
use std::fs;
use std::path::{Path, PathBuf};

/// A value kept in a compact copy: read from its YAML file, and to and from its JSON.
pub trait Compact: PartialEq + Debug + Sized {
    /// The value of the YAML file's bytes (`origin` names it in errors).
    fn from_yaml(text: &str, origin: &str) -> Result<Self, FileError>;
    /// The value as JSON; none when it cannot be written.
    fn to_json(&self) -> Option<Vec<u8>>;
    /// The value of a copy's JSON; none when it does not read.
    fn from_json(json: &[u8]) -> Option<Self>;
}

/// `game.yaml`: its serde types, as the YAML reader reads them.
impl Compact for super::state::GameConfig {
    fn from_yaml(text: &str, origin: &str) -> Result<Self, FileError> {
        crate::yaml::from_str(text, origin)
    }
    fn to_json(&self) -> Option<Vec<u8>> {
        serde_json::to_vec(self).ok()
    }
    fn from_json(json: &[u8]) -> Option<Self> {
        serde_json::from_slice(json).ok()
    }
}

/// `state.yaml`: read and written with the installed kind's keys in their place, as
/// [`super::state::State::read`] reads the YAML.
impl Compact for super::state::State {
    fn from_yaml(text: &str, origin: &str) -> Result<Self, FileError> {
        super::state::State::read(text, origin)
    }
    fn to_json(&self) -> Option<Vec<u8>> {
        self.to_json()
    }
    fn from_json(json: &[u8]) -> Option<Self> {
        super::state::State::from_json(json)
    }
}

/// The start of a copy's first line, with the build it was made by.
const STAMP: &str = concat!("arbitre compact ", env!("ARBITRE_SOURCE_HASH"));

/// The copy of the file at `source`: beside it, hidden.
fn copy_of(source: &Path) -> PathBuf {
    let name = source.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    source.with_file_name(format!(".{name}.compact"))
}

/// FNV-1a, 64 bits: a torn or mixed copy's check, not a defence against a forger (who could
/// as well edit the YAML).
fn checksum(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// The value of the copy of `source`, when it was made by this build from exactly `text`
/// and is whole.
fn read<T: Compact>(source: &Path, text: &str) -> Option<T> {
    let bytes = fs::read(copy_of(source)).ok()?;
    let end = bytes.iter().position(|&b| b == b'\n')?;
    let head = std::str::from_utf8(&bytes[..end]).ok()?;
    let rest = head.strip_prefix(STAMP)?.strip_prefix(' ')?;
    let mut words = rest.split(' ');
    let yaml_len: usize = words.next()?.parse().ok()?;
    let json_len: usize = words.next()?.parse().ok()?;
    let sum = u64::from_str_radix(words.next()?, 16).ok()?;
    if words.next().is_some() {
        return None;
    }
    let body = &bytes[end + 1..];
    if body.len() != yaml_len.checked_add(json_len)? {
        return None;
    }
    let (yaml, json) = body.split_at(yaml_len);
    if yaml != text.as_bytes() || checksum(&[yaml, json]) != sum {
        return None;
    }
    T::from_json(json)
}

/// Makes the copy of `source` (whose bytes are `text`) holding `value`, read from them.
/// A copy that cannot be made is not made: the YAML is read next time.
pub fn write<T: Compact>(source: &Path, text: &str, value: &T) {
    let Some(json) = value.to_json() else { return };
    let sum = checksum(&[text.as_bytes(), &json]);
    let mut bytes = format!("{STAMP} {} {} {sum:016x}\n", text.len(), json.len()).into_bytes();
    bytes.reserve(text.len() + json.len());
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(&json);
    let _ = store::write_unsynced(&copy_of(source), &bytes);
}

/// The value of the YAML file at `source`, whose bytes are `text` (`origin` names it in
/// errors): from its copy when the copy was made from these bytes, else read as YAML (and
/// the copy made).
pub fn parse<T: Compact>(source: &Path, text: &str, origin: &str) -> Result<T, FileError> {
    if let Some(value) = read::<T>(source, text) {
        if cfg!(debug_assertions) {
            let yaml = T::from_yaml(text, origin)?;
            assert_eq!(value, yaml, "the compact copy of {origin} reads as the YAML does");
        }
        return Ok(value);
    }
    let value = T::from_yaml(text, origin)?;
    write(source, text, &value);
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::state::State;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("arbitre-compact-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    const STATE: &str = "phase: Spring 1901 Movement\nhandled: 3\norders:\n  France:\n  - A PAR - BUR\n";

    #[test]
    fn a_copy_is_used_only_for_the_bytes_it_was_made_from() {
        let d = dir("bytes");
        let source = d.join("state.yaml");
        fs::write(&source, STATE).unwrap();
        let first: State = parse(&source, STATE, "state.yaml").unwrap();
        assert_eq!(first.handled, 3);
        assert_eq!(read::<State>(&source, STATE), Some(first.clone()), "the copy is made");
        // The YAML edited by hand: the copy no longer matches, the YAML is read.
        let edited = STATE.replace("handled: 3", "handled: 4");
        assert_eq!(read::<State>(&source, &edited), None);
        let second: State = parse(&source, &edited, "state.yaml").unwrap();
        assert_eq!(second.handled, 4);
        assert_eq!(read::<State>(&source, &edited), Some(second));
        assert_eq!(read::<State>(&source, STATE), None, "made again for the new bytes");
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn a_copy_cut_short_changed_or_of_another_build_is_not_used() {
        let d = dir("torn");
        let source = d.join("state.yaml");
        let value = State::read(STATE, "state.yaml").unwrap();
        write(&source, STATE, &value);
        let whole = fs::read(copy_of(&source)).unwrap();
        assert!(read::<State>(&source, STATE).is_some());
        // Cut short.
        fs::write(copy_of(&source), &whole[..whole.len() - 1]).unwrap();
        assert_eq!(read::<State>(&source, STATE), None);
        // A byte of the JSON changed (`3` to `4`): the checksum no longer holds.
        let mut changed = whole.clone();
        let at = changed.len() - whole.rsplitn(2, |&b| b == b'3').next().unwrap().len() - 1;
        assert_eq!(changed[at], b'3');
        changed[at] = b'4';
        fs::write(copy_of(&source), &changed).unwrap();
        assert_eq!(read::<State>(&source, STATE), None);
        // Made by another build.
        let other = String::from_utf8(whole.clone())
            .unwrap()
            .replacen(STAMP, "arbitre compact 0000000000000000", 1);
        fs::write(copy_of(&source), other).unwrap();
        assert_eq!(read::<State>(&source, STATE), None);
        // Whole again.
        fs::write(copy_of(&source), &whole).unwrap();
        assert_eq!(read::<State>(&source, STATE), Some(value));
        let _ = fs::remove_dir_all(&d);
    }

    #[test]
    fn a_yaml_that_does_not_read_makes_no_copy() {
        let d = dir("bad");
        let source = d.join("state.yaml");
        assert!(parse::<State>(&source, "phase: [\n", "state.yaml").is_err());
        assert!(!copy_of(&source).exists());
        let _ = fs::remove_dir_all(&d);
    }
}
