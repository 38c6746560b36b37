//! Small YAML helpers: mappings read in file order, and a writer that produces the
//! compact, readable layout of the spec (flow lists for units, one result per item).

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use std::fmt;

/// A YAML file that cannot be used: which file, which line (when known), and what to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    pub origin: String,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: {}", self.origin, l, self.message),
            None => write!(f, "{}: {}", self.origin, self.message),
        }
    }
}
impl std::error::Error for FileError {}

/// Reads YAML into `T`; a syntax or shape error becomes a [`FileError`] with its line.
pub fn from_str<T: serde::de::DeserializeOwned>(text: &str, origin: &str) -> Result<T, FileError> {
    serde_yaml::from_str(text).map_err(|e| {
        let mut message = e.to_string();
        // serde_yaml appends " at line N column M"; the line is already in front.
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        message.push_str(hint(&message));
        FileError {
            origin: origin.into(),
            line: e.location().map(|l| l.line()),
            message,
        }
    })
}

/// What to look for, for the usual mistakes; the YAML reader's own words name only what
/// it found where it stopped, which may be the line after the mistake.
fn hint(message: &str) -> &'static str {
    if message.contains("unknown field") {
        " (check the spelling of the key)"
    } else if message.contains("cannot start any token") {
        " (a tab? indent with spaces, not tabs)"
    } else if message.contains("did not find expected")
        || message.contains("unexpected end of stream")
        || message.contains("could not find expected")
        || message.contains("mapping values are not allowed")
    {
        " (look for an unclosed `[`, `{` or quote, a missing `:`, or a line indented \
         differently from its neighbours, here or on a line just above)"
    } else if message.contains("expected a sequence") {
        " (write a list: `[x, y]`, or one `- item` a line)"
    } else {
        ""
    }
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
                f.write_str("a mapping (`key: value` lines)")
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
            assert!(e.message.contains(hint), "{e}");
        }
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
