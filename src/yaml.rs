//! Small YAML helpers: mappings read in file order, and a writer that produces the
//! compact, readable layout of the spec (flow lists for units, one result per item).

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use std::fmt;

/// A file of the game that cannot be used: which file, which line (when known), the key
/// and the token it points at, what is wrong and how to fix it. Every reader of the game's
/// files (positions, players files, game.yaml/state.yaml, board games' positions) says its
/// problems with this one type.
///
/// Shown as `file:line: message (hint)`, the line and the hint only when known. The
/// optional parts are boxed strings so that the error stays small enough to return.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}{}", .line.map(|l| format!(":{l}")).unwrap_or_default(), .hint.as_ref().map(|h| format!(" ({h})")).unwrap_or_default())]
pub struct FileError {
    /// The file, as the user named it (or its path).
    pub file: String,
    /// The line (from 1) to look at, when it is known.
    pub line: Option<usize>,
    /// The key (`units`, `players`…) the problem is under, when known.
    pub key: Option<Box<str>>,
    /// The word or value at fault (`Ottoman`, `72 hours`…), when there is one.
    pub token: Option<Box<str>>,
    /// What is wrong; it may already say how to fix it (`…: use one of …`).
    pub message: String,
    /// What to look for when the message does not say it, shown in brackets after it.
    pub hint: Option<Box<str>>,
}

impl FileError {
    /// A problem with the whole of `file` (no line, key or token).
    pub fn new(file: impl Into<String>, message: impl Into<String>) -> FileError {
        FileError {
            file: file.into(),
            line: None,
            key: None,
            token: None,
            message: message.into(),
            hint: None,
        }
    }

    /// A problem under `key:` at `token` of `text`, pointing at the line of `key:` that
    /// mentions the token (see [`line_of`]); an empty key or token is not kept.
    pub fn at(file: &str, text: &str, key: &str, token: &str, message: String) -> FileError {
        let some = |s: &str| (!s.is_empty()).then(|| s.into());
        FileError {
            file: file.into(),
            line: line_of(text, key, token),
            key: some(key),
            token: some(token),
            message,
            hint: None,
        }
    }
}

mod emit;

/// `value` as YAML, as the YAML library writes it: by the plain writer of [`emit`] when it is
/// sure of the bytes (a few times cheaper), else by the library. A debug build writes it
/// both ways and panics on a byte of difference, so that every test checks the writer.
pub fn to_string<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, serde_yaml::Error> {
    match emit::to_string(value) {
        Some(text) => {
            if cfg!(debug_assertions) {
                assert_eq!(text, serde_yaml::to_string(value)?, "the plain YAML writer");
            }
            Ok(text)
        }
        None => serde_yaml::to_string(value),
    }
}

/// Reads a scalar as a word and makes it a value with `read` while the scalar is read, so
/// that `read`'s refusal (in the referee's words, not serde's) is placed at the scalar's own
/// key and line; a refusal made after the text was read would point at the start of the
/// file. `expecting`: what may be written, for serde's own refusals (a list for a word).
pub fn from_word<'de, D: Deserializer<'de>, T>(
    d: D,
    expecting: &'static str,
    read: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, D::Error> {
    struct Word<F>(&'static str, F);
    impl<'de, T, F: FnOnce(&str) -> Result<T, String>> Visitor<'de> for Word<F> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.0)
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
            (self.1)(v).map_err(E::custom)
        }
    }
    d.deserialize_str(Word(expecting, read))
}

/// Reads YAML into `T`; a syntax or shape error becomes a [`FileError`] with its line.
pub fn from_str<T: serde::de::DeserializeOwned>(text: &str, origin: &str) -> Result<T, FileError> {
    serde_yaml::from_str(text).map_err(|e| {
        let mut message = e.to_string();
        // serde_yaml appends " at line N column M"; the line is already in front.
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        // serde's "missing field `email`" in the words of a YAML file: a key is missing.
        if let Some(i) = message.find("missing field `") {
            let key = &message[i + "missing field `".len()..];
            if let Some(key) = key.strip_suffix('`') {
                message = format!("{}missing \"{key}:\", which must be given here", &message[..i]);
            }
        }
        let hint = hint(&message).map(Box::from);
        if let Some(plain) = wrong_kind(&message) {
            message = plain;
        }
        FileError {
            file: origin.into(),
            line: e.location().map(|l| l.line()),
            key: None,
            token: None,
            hint,
            message,
        }
    })
}

/// serde's "invalid type: string \"maybe\", expected a boolean" (after its key, if any) in
/// the words of a YAML file: `write true or false, not "maybe"`. `None` for any other message.
fn wrong_kind(message: &str) -> Option<String> {
    let at = message.find("invalid type: ")?;
    let (found, expected) = message[at + "invalid type: ".len()..].split_once(", expected ")?;
    let found = match found.split_once(' ') {
        Some(("string", text)) => text.to_string(),
        Some((_, value)) if value.starts_with('`') => value.trim_matches('`').to_string(),
        _ => match found {
            "sequence" => "a list".into(),
            "map" => "a mapping".into(),
            "unit value" => "nothing".into(),
            other => other.to_string(),
        },
    };
    if expected == "a sequence" {
        // The hint says how to write a list.
        return Some(format!("{}{found} is not a list", &message[..at]));
    }
    let expected = match expected {
        "a boolean" => "true or false",
        "a string" => "text",
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more",
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        e if e.starts_with("struct ") || e.starts_with("a map") => "a mapping (\"key: value\" lines)",
        e => e,
    };
    Some(format!("{}write {expected}, not {found}", &message[..at]))
}

/// What to look for, for the usual mistakes; the YAML reader's own words name only what
/// it found where it stopped, which may be the line after the mistake.
fn hint(message: &str) -> Option<&'static str> {
    Some(if message.contains("unknown field") {
        "check the spelling of the key"
    } else if message.contains("cannot start any token") {
        "a tab? indent with spaces, not tabs"
    } else if message.contains("did not find expected")
        || message.contains("unexpected end of stream")
        || message.contains("could not find expected")
        || message.contains("mapping values are not allowed")
    {
        "look for an unclosed \"[\", \"{\" or quote, a missing \":\", or a line indented \
         differently from its neighbours, here or on a line just above"
    } else if message.contains("expected a sequence") {
        "write a list: \"[x, y]\", or one \"- item\" a line"
    } else {
        return None;
    })
}

/// The line (from 1) to point at for a value of `key:`: the first line from the one that
/// opens `key:` on that mentions `needle`, else the line of `key:` itself. Comments are
/// not read, so `# the game: …` is not the line of `game:`.
pub fn line_of(text: &str, key: &str, needle: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().map(uncommented).collect();
    let opening = format!("{key}:");
    let start = lines.iter().position(|l| l.trim_start().starts_with(&opening));
    lines
        .iter()
        .enumerate()
        .skip(start.unwrap_or(0))
        .find(|(_, l)| !needle.is_empty() && l.contains(needle))
        .map(|(i, _)| i + 1)
        .or(start.map(|i| i + 1))
}

/// A line without its comment (`#` at the start or after a blank).
fn uncommented(line: &str) -> &str {
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        if c == '#' && prev.is_whitespace() {
            return &line[..i];
        }
        prev = c;
    }
    line
}

/// A YAML mapping kept in file order, as `(key, value)` pairs.
#[derive(Clone, Debug)]
pub struct Ordered<T>(pub Vec<(String, T)>);

impl<T> Default for Ordered<T> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a mapping (\"key: value\" lines)")
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Ordered<T>, E> {
                Ok(Ordered(Vec::new()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Ordered<T>, A::Error> {
                let mut v = Vec::new();
                while let Some((k, x)) = m.next_entry::<String, T>()? {
                    v.push((k, x));
                }
                Ok(Ordered(v))
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// A plain scalar when it reads back as the same string, else a double-quoted one.
pub fn scalar(s: &str) -> String {
    let plain = !s.is_empty()
        && !s.starts_with(|c: char| c.is_whitespace() || "-?:,[]{}#&*!|>'\"%@`".contains(c))
        && !s.ends_with(char::is_whitespace)
        && !s.contains(": ")
        && !s.contains(" #")
        && !s.contains(|c: char| ",[]{}\n\t\"".contains(c) || c.is_control())
        && !s.ends_with(':')
        && !matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "~" | "y" | "n"
        )
        && s.parse::<f64>().is_err();
    if plain {
        return s.to_string();
    }
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Builds YAML text line by line, two spaces an indent level.
#[derive(Default)]
pub struct Writer {
    out: String,
}

impl Writer {
    fn pad(&mut self, indent: usize) {
        for _ in 0..indent {
            self.out.push_str("  ");
        }
    }

    /// A line as given.
    pub fn raw(&mut self, indent: usize, line: &str) {
        self.pad(indent);
        self.out.push_str(line);
        self.out.push('\n');
    }

    /// `key: value` (an empty value is written `""`).
    pub fn key(&mut self, indent: usize, key: &str, value: &str) {
        let v = if value.is_empty() {
            "\"\"".to_string()
        } else {
            scalar(value)
        };
        self.raw(indent, &format!("{key}: {v}"));
    }

    /// `- key: value`, the first line of a list item.
    pub fn item_key(&mut self, indent: usize, key: &str, value: &str) {
        self.raw(indent, &format!("- {key}: {}", scalar(value)));
    }

    /// `key: [a, b]`.
    pub fn flow_list(&mut self, indent: usize, key: &str, items: &[String]) {
        let list: Vec<String> = items.iter().map(|s| scalar(s)).collect();
        self.raw(indent, &format!("{key}: [{}]", list.join(", ")));
    }

    /// `key: {a: x, b: y}`.
    pub fn flow_map(&mut self, indent: usize, key: &str, fields: &[(&str, String)]) {
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}: {}", scalar(v))).collect();
        self.raw(indent, &format!("{key}: {{{}}}", body.join(", ")));
    }

    /// `- {a: x, b: y, list: [..]}`.
    pub fn flow_item(&mut self, indent: usize, fields: &[(&str, String)], list: Option<(&str, &[String])>) {
        let mut body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}: {}", scalar(v))).collect();
        if let Some((k, items)) = list {
            let l: Vec<String> = items.iter().map(|s| scalar(s)).collect();
            body.push(format!("{k}: [{}]", l.join(", ")));
        }
        self.raw(indent, &format!("- {{{}}}", body.join(", ")));
    }

    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::{from_str, line_of, scalar};
    use std::collections::BTreeMap;

    type Lists = BTreeMap<String, BTreeMap<String, Vec<String>>>;

    #[test]
    fn a_yaml_mistake_gets_a_hint_beside_its_line() {
        for (text, line, hint) in [
            ("units:\n\tEngland: [F LON]\n", 2, "indent with spaces, not tabs"),
            ("units:\n  England: [F LON\norders: {}\n", 3, "an unclosed"),
            ("units:\n  England: F LON\n", 2, "write a list"),
        ] {
            let e = from_str::<Lists>(text, "p.yaml").unwrap_err();
            assert_eq!(e.line, Some(line), "{e}");
            assert!(e.hint.as_deref().is_some_and(|h| h.contains(hint)), "{e}");
            assert!(e.to_string().starts_with(&format!("p.yaml:{line}: ")), "{e}");
            assert!(e.to_string().ends_with(')'), "the hint closes the line: {e}");
        }
    }

    #[test]
    fn a_file_error_shows_its_place_message_and_hint_in_one_line() {
        let mut e = super::FileError::at("g.yaml", "a: 1\nplayers:\n  - x\n", "players", "x", "bad".into());
        assert_eq!(
            (e.line, e.key.as_deref(), e.token.as_deref()),
            (Some(3), Some("players"), Some("x"))
        );
        assert_eq!(e.to_string(), "g.yaml:3: bad");
        e.hint = Some("fix it".into());
        assert_eq!(e.to_string(), "g.yaml:3: bad (fix it)");
        assert_eq!(super::FileError::new("g.yaml", "empty").to_string(), "g.yaml: empty");
    }

    #[test]
    fn lines_are_found_under_their_key_and_never_in_a_comment() {
        let text = "# game: the name\ngame: duel # the game: here\nplayers:\n  - {role: Blue}\n";
        assert_eq!(line_of(text, "game", ""), Some(2));
        assert_eq!(line_of(text, "players", "Blue"), Some(4));
        assert_eq!(line_of(text, "players", "Green"), Some(3));
        assert_eq!(line_of(text, "seed", ""), None);
    }

    #[test]
    fn scalars_are_quoted_only_when_needed() {
        assert_eq!(scalar("A PAR - BUR"), "A PAR - BUR");
        assert_eq!(scalar("bounced with A MUN"), "bounced with A MUN");
        assert_eq!(
            scalar("cannot read the order: column 3: `X`"),
            "\"cannot read the order: column 3: `X`\""
        );
        assert_eq!(scalar("- x"), "\"- x\"");
        assert_eq!(scalar("no"), "\"no\"");
        assert_eq!(scalar("1901"), "\"1901\"");
        assert_eq!(scalar("a \"b\""), "\"a \\\"b\\\"\"");
        for s in ["A PAR - BUR", "x: y", "#c", "[a]", "yes", "3.5", "a, b", "end:"] {
            let back: String = serde_yaml::from_str(&scalar(s)).unwrap();
            assert_eq!(back, s);
        }
    }
}
