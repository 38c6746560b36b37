//! The YAML the program writes for its own files (`state.yaml` after every message), written
//! without the YAML library's emitter when the value is plain enough to be sure of the
//! bytes that emitter would write (issue #27: the emitter was an eighth of an accepted
//! message).
//!
//! The value is first serialized into a small tree (mappings, sequences, scalars); anything
//! this writer is not sure of (a float, an enum variant with data, bytes, a sequence directly
//! in a sequence, a string it cannot be sure how the library would quote, a line long enough
//! for the library to fold) gives up, and the library writes the whole file as before. A
//! string that is not plainly safe is written as the library writes that string alone. The
//! layout is the library's block style: two spaces a level, a sequence under a key at the
//! key's indentation, `{}` and `[]` for empty collections.
//!
//! A debug build (every test, and every `arbitre` a test starts) writes each file both ways
//! and panics on a byte of difference ([`super::to_string`]).

use serde::ser::{self, Serialize};
use std::fmt;

/// A value as the writer lays it out.
enum Node {
    /// A scalar as it is written (quoted if need be).
    Scalar(String),
    Seq(Vec<Node>),
    Map(Vec<(String, Node)>),
}

/// Why the writer gives up (the library writes the value instead).
#[derive(Debug)]
pub struct Unsure;

impl fmt::Display for Unsure {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("not written by the plain writer")
    }
}

impl std::error::Error for Unsure {}

impl ser::Error for Unsure {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unsure
    }
}

/// The longest line the writer writes itself; the library may fold longer ones.
const WIDTH: usize = 72;

/// `value` as the YAML library would write it, or `None` when the writer is not sure.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Option<String> {
    let Node::Map(entries) = value.serialize(Tree).ok()? else {
        return None;
    };
    let mut out = String::with_capacity(1024);
    map(&mut out, &entries, 0, false).ok()?;
    Some(out)
}

fn pad(out: &mut String, n: usize) {
    for _ in 0..n {
        out.push(' ');
    }
}

/// Writes the entries of a mapping at `indent`; the first on the current line when
/// `inline` (the mapping is an item of a sequence, after its `- `).
fn map(out: &mut String, entries: &[(String, Node)], indent: usize, inline: bool) -> Result<(), Unsure> {
    for (i, (key, value)) in entries.iter().enumerate() {
        if key.len() > WIDTH {
            return Err(Unsure);
        }
        if !(inline && i == 0) {
            pad(out, indent);
        }
        out.push_str(key);
        out.push(':');
        match value {
            Node::Scalar(s) => {
                if indent + key.len() + 2 + s.len() > WIDTH {
                    return Err(Unsure);
                }
                out.push(' ');
                out.push_str(s);
                out.push('\n');
            }
            Node::Map(m) if m.is_empty() => out.push_str(" {}\n"),
            Node::Seq(s) if s.is_empty() => out.push_str(" []\n"),
            Node::Map(m) => {
                out.push('\n');
                map(out, m, indent + 2, false)?;
            }
            Node::Seq(items) => {
                out.push('\n');
                seq(out, items, indent)?;
            }
        }
    }
    Ok(())
}

/// Writes the items of a sequence, each `- ` at `indent`.
fn seq(out: &mut String, items: &[Node], indent: usize) -> Result<(), Unsure> {
    for item in items {
        pad(out, indent);
        out.push_str("- ");
        match item {
            Node::Scalar(s) => {
                if indent + 2 + s.len() > WIDTH {
                    return Err(Unsure);
                }
                out.push_str(s);
                out.push('\n');
            }
            Node::Map(m) if m.is_empty() => out.push_str("{}\n"),
            Node::Seq(s) if s.is_empty() => out.push_str("[]\n"),
            Node::Map(m) => map(out, m, indent + 2, true)?,
            Node::Seq(_) => return Err(Unsure),
        }
    }
    Ok(())
}

/// A string as the library writes it: plain when it is plainly safe, else as the library
/// writes it alone, when that is one line.
fn string(s: &str) -> Result<String, Unsure> {
    if plainly_safe(s) {
        return Ok(s.to_string());
    }
    let alone = serde_yaml::to_string(s).map_err(|_| Unsure)?;
    match alone.strip_suffix('\n') {
        Some(line) if !line.contains('\n') && !line.starts_with(['|', '>']) => Ok(line.to_string()),
        _ => Err(Unsure),
    }
}

/// A string the library writes plain, surely: letters, digits and a few signs, starting with
/// a letter or `<`, no two spaces, no `: `, not ending in a space or `:`, and read back by
/// no YAML reader as anything but a string. One pass over the bytes: this is asked of every
/// string of the state.
fn plainly_safe(s: &str) -> bool {
    let bytes = s.as_bytes();
    let Some(&first) = bytes.first() else {
        return false;
    };
    if !(first.is_ascii_alphabetic() || first == b'<') {
        return false;
    }
    let mut prev = 0u8;
    for &c in bytes {
        let allowed = c.is_ascii_alphanumeric()
            || matches!(c, b' ' | b'-' | b'.' | b'/' | b'@' | b'_' | b'<' | b'>' | b'+' | b':');
        if !allowed || (c == b' ' && matches!(prev, b' ' | b':')) {
            return false;
        }
        prev = c;
    }
    if matches!(prev, b' ' | b':') {
        return false;
    }
    // The words some reader takes for a boolean or null, and those Rust reads as a number
    // (starting with a letter, only these).
    const WORDS: [&str; 12] = [
        "true", "false", "null", "yes", "no", "on", "off", "y", "n", "inf", "infinity", "nan",
    ];
    !(bytes.len() <= 8 && WORDS.iter().any(|w| w.eq_ignore_ascii_case(s)))
}

/// The serializer into a [`Node`].
struct Tree;

struct SeqTree(Vec<Node>);
struct MapTree(Vec<(String, Node)>, Option<String>);

fn key_of(node: Node) -> Result<String, Unsure> {
    match node {
        Node::Scalar(s) => Ok(s),
        _ => Err(Unsure),
    }
}

impl ser::Serializer for Tree {
    type Ok = Node;
    type Error = Unsure;
    type SerializeSeq = SeqTree;
    type SerializeTuple = SeqTree;
    type SerializeTupleStruct = SeqTree;
    type SerializeTupleVariant = ser::Impossible<Node, Unsure>;
    type SerializeMap = MapTree;
    type SerializeStruct = MapTree;
    type SerializeStructVariant = ser::Impossible<Node, Unsure>;

    fn serialize_bool(self, v: bool) -> Result<Node, Unsure> {
        Ok(Node::Scalar(if v { "true" } else { "false" }.to_string()))
    }
    fn serialize_i8(self, v: i8) -> Result<Node, Unsure> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Node, Unsure> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Node, Unsure> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Node, Unsure> {
        Ok(Node::Scalar(v.to_string()))
    }
    fn serialize_u8(self, v: u8) -> Result<Node, Unsure> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Node, Unsure> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Node, Unsure> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Node, Unsure> {
        Ok(Node::Scalar(v.to_string()))
    }
    fn serialize_f32(self, _: f32) -> Result<Node, Unsure> {
        Err(Unsure)
    }
    fn serialize_f64(self, _: f64) -> Result<Node, Unsure> {
        Err(Unsure)
    }
    fn serialize_char(self, v: char) -> Result<Node, Unsure> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Node, Unsure> {
        Ok(Node::Scalar(string(v)?))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Node, Unsure> {
        Err(Unsure)
    }
    fn serialize_none(self) -> Result<Node, Unsure> {
        Ok(Node::Scalar("null".to_string()))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Node, Unsure> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Node, Unsure> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Node, Unsure> {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Node, Unsure> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<Node, Unsure> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Node, Unsure> {
        Err(Unsure)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqTree, Unsure> {
        Ok(SeqTree(Vec::with_capacity(len.unwrap_or(0))))
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqTree, Unsure> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<SeqTree, Unsure> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Unsure> {
        Err(Unsure)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapTree, Unsure> {
        Ok(MapTree(Vec::with_capacity(len.unwrap_or(0)), None))
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<MapTree, Unsure> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Unsure> {
        Err(Unsure)
    }
}

impl ser::SerializeSeq for SeqTree {
    type Ok = Node;
    type Error = Unsure;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsure> {
        self.0.push(value.serialize(Tree)?);
        Ok(())
    }
    fn end(self) -> Result<Node, Unsure> {
        Ok(Node::Seq(self.0))
    }
}

impl ser::SerializeTuple for SeqTree {
    type Ok = Node;
    type Error = Unsure;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsure> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Node, Unsure> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for SeqTree {
    type Ok = Node;
    type Error = Unsure;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsure> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Node, Unsure> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeMap for MapTree {
    type Ok = Node;
    type Error = Unsure;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unsure> {
        self.1 = Some(key_of(key.serialize(Tree)?)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unsure> {
        let key = self.1.take().ok_or(Unsure)?;
        self.0.push((key, value.serialize(Tree)?));
        Ok(())
    }
    fn end(self) -> Result<Node, Unsure> {
        Ok(Node::Map(self.0))
    }
}

impl ser::SerializeStruct for MapTree {
    type Ok = Node;
    type Error = Unsure;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Unsure> {
        let key = string(key)?;
        self.0.push((key, value.serialize(Tree)?));
        Ok(())
    }
    fn end(self) -> Result<Node, Unsure> {
        Ok(Node::Map(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(serde::Serialize)]
    struct Row {
        unit: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<String>,
        retreats: Vec<String>,
    }

    #[derive(serde::Serialize)]
    struct Sample {
        phase: String,
        deadline: Option<String>,
        none: Option<String>,
        reminded: bool,
        handled: u64,
        seen_by: BTreeMap<String, Vec<String>>,
        rows: BTreeMap<String, Vec<Row>>,
        empty_map: BTreeMap<String, u32>,
        empty_list: Vec<String>,
        odd: Vec<String>,
        counts: BTreeMap<u32, String>,
    }

    /// Strings the library quotes, or may: the writer must agree with it on each.
    const ODD: &[&str] = &[
        "",
        "1901",
        "0x1F",
        "1e3",
        "true",
        "True",
        "no",
        "null",
        "~",
        "- a",
        "a: b",
        "a #b",
        "#a",
        "a:",
        " a",
        "a ",
        "'a'",
        "\"a\"",
        "a\tb",
        "é",
        "Hervé Le Duc",
        "@a",
        "%a",
        "!a",
        "&a",
        "*a",
        "[a]",
        "{a}",
        "a,b",
        ".5",
        "+1",
        "-1",
        "2026-12-01",
        "2026-12-01T20:00:00+00:00",
        "<p0@bench.example>",
        "A PAR - BUR",
        "a  b",
        "nan",
        "inf",
        ".inf",
        "a|b",
        "a>b",
        "?",
        "?a",
        ":a",
        "F STP/SC",
        "$argon2id$v=19$m=19456,t=2,p=1$abc",
    ];

    #[test]
    fn the_writer_writes_what_the_library_writes() {
        let sample = Sample {
            phase: "Spring 1901 Movement".into(),
            deadline: Some("2026-12-01T20:00:00+00:00".into()),
            none: None,
            reminded: false,
            handled: 3,
            seen_by: [("<p0@bench.example>".to_string(), vec!["a@b.example".to_string()])].into(),
            rows: [(
                "Austria".to_string(),
                vec![
                    Row {
                        unit: "A VIE".into(),
                        from: Some("BOH".into()),
                        retreats: vec!["GAL".into(), "TYR".into()],
                    },
                    Row {
                        unit: "F TRI".into(),
                        from: None,
                        retreats: vec![],
                    },
                ],
            )]
            .into(),
            empty_map: BTreeMap::new(),
            empty_list: Vec::new(),
            odd: ODD.iter().map(|s| s.to_string()).collect(),
            counts: [(1, "one".to_string()), (20, "1".to_string())].into(),
        };
        let library = serde_yaml::to_string(&sample).unwrap();
        assert_eq!(to_string(&sample).as_deref(), Some(library.as_str()));
        for s in ODD {
            let map: BTreeMap<&str, &str> = [(*s, *s)].into();
            let library = serde_yaml::to_string(&map).unwrap();
            if let Some(ours) = to_string(&map) {
                assert_eq!(ours, library, "{s:?}");
            }
        }
    }

    #[test]
    fn the_writer_gives_up_on_what_it_is_not_sure_of() {
        let long: BTreeMap<&str, String> = [("summary", "word ".repeat(30))].into();
        assert!(to_string(&long).is_none());
        let multiline: BTreeMap<&str, &str> = [("text", "two\nlines")].into();
        assert!(to_string(&multiline).is_none());
        let float: BTreeMap<&str, f64> = [("x", 1.5)].into();
        assert!(to_string(&float).is_none());
        let nested: BTreeMap<&str, Vec<Vec<u32>>> = [("x", vec![vec![1]])].into();
        assert!(to_string(&nested).is_none());
        assert!(to_string(&["a list"]).is_none(), "only a mapping at the top");
    }
}
