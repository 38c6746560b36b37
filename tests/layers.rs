//! The layers of `src/` kept: every top-level module imports only from the layers below its
//! own, as the table of `src/lib.rs` lists them (and ARCHITECTURE.md repeats). A `use
//! crate::…` or `crate::…` path outside test code that climbs is a failure naming the file,
//! the line, both layers and the table.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The layer table of `text` (lib.rs or ARCHITECTURE.md): rows `| N. name | `a`, `b` | … |`,
/// bottom first. Returns each module's layer number, and the rows as written.
fn table(text: &str) -> (BTreeMap<String, usize>, Vec<String>) {
    let mut layers = BTreeMap::new();
    let mut rows = Vec::new();
    for line in text.lines() {
        let line = line.trim_start_matches("//!").trim();
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 || !cells[0].is_empty() {
            continue;
        }
        let Some((n, _)) = cells[1].split_once(". ") else {
            continue;
        };
        let Ok(n) = n.parse::<usize>() else { continue };
        for m in cells[2].split(',') {
            let m = m.trim().trim_matches('`');
            if !m.is_empty() {
                layers.insert(m.to_string(), n);
            }
        }
        rows.push(format!("{} | {}", cells[1], cells[2]));
    }
    (layers, rows)
}

/// The top-level modules of `src/`: its folders and `.rs` files but lib.rs and main.rs.
fn modules() -> Vec<String> {
    let mut out: Vec<String> = fs::read_dir(src())
        .unwrap()
        .filter_map(|e| {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            if e.path().is_dir() {
                Some(name)
            } else {
                let stem = name.strip_suffix(".rs")?;
                (stem != "lib" && stem != "main").then(|| stem.to_string())
            }
        })
        .collect();
    out.sort();
    out
}

fn rust_files(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let mut entries: Vec<_> = fs::read_dir(p).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for e in entries {
            rust_files(&e, out);
        }
    } else if p.extension().is_some_and(|e| e == "rs") {
        out.push(p.to_path_buf());
    }
}

/// The lines of `text` outside test code (`#[cfg(test)]` items, counted by braces), with
/// their numbers, comments removed.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let (mut armed, mut skipping, mut depth) = (false, false, 0i64);
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let s = code.trim();
        if !skipping && s.starts_with("#[cfg(test)]") {
            armed = true;
            continue;
        }
        if armed {
            if s.starts_with("#[") || s.is_empty() {
                continue;
            }
            armed = false;
            if s.ends_with(';') {
                continue; // `mod tests;`: its file is a test file
            }
            skipping = true;
            depth = 0;
        }
        if skipping {
            depth += code.matches('{').count() as i64 - code.matches('}').count() as i64;
            if depth <= 0 && code.contains('}') {
                skipping = false;
            }
            continue;
        }
        out.push((i + 1, code.to_string()));
    }
    out
}

/// The top-level modules a line names through `crate::` (with `use crate::{a, b::c}` groups,
/// over several lines).
fn named(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().last();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `arbitre_crate::`
        }
        if let Some(group) = rest.strip_prefix('{') {
            // Top-level names of the group: after `{` or a `,` at depth 0.
            let (mut depth, mut start) = (0, true);
            let mut word = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && (c.is_alphanumeric() || c == '_') => word.push(c),
                    _ if start && !word.is_empty() => {
                        out.push(std::mem::take(&mut word));
                        start = false;
                    }
                    _ => {}
                }
            }
            if !word.is_empty() {
                out.push(word);
            }
        } else {
            let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            out.push(word);
        }
    }
    out
}

struct Edge {
    from: String,
    to: String,
    at: String,
}

fn edges(mods: &[String]) -> Vec<Edge> {
    let mut out = Vec::new();
    for m in mods {
        let dir = src().join(m);
        let path = if dir.is_dir() {
            dir
        } else {
            src().join(format!("{m}.rs"))
        };
        let mut files = Vec::new();
        rust_files(&path, &mut files);
        for f in files {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            if name == "tests.rs" || name == "test_support.rs" {
                continue;
            }
            let text = fs::read_to_string(&f).unwrap();
            let lines = code_lines(&text);
            // A `use crate::{` group may span lines: join each statement from `use` to `;`.
            let mut i = 0;
            while i < lines.len() {
                let (n, ref first) = lines[i];
                let mut stmt = first.clone();
                if stmt.trim_start().starts_with("use ") || stmt.trim_start().starts_with("pub use ") {
                    while !stmt.contains(';') && i + 1 < lines.len() {
                        i += 1;
                        stmt.push(' ');
                        stmt.push_str(&lines[i].1);
                    }
                }
                for to in named(&stmt) {
                    if &to != m && mods.contains(&to) {
                        let rel = f.strip_prefix(src().parent().unwrap()).unwrap();
                        out.push(Edge {
                            from: m.clone(),
                            to,
                            at: format!("{}:{n}", rel.display()),
                        });
                    }
                }
                i += 1;
            }
        }
    }
    out
}

/// The edges of `all` that go to the same or a higher layer, each said with its place.
fn climbing(all: &[Edge], layer: &BTreeMap<String, usize>) -> Vec<String> {
    all.iter()
        .filter(|e| layer[&e.to] >= layer[&e.from])
        .map(|e| {
            format!(
                "{}: `{}` (layer {}) uses `{}` (layer {})",
                e.at, e.from, layer[&e.from], e.to, layer[&e.to]
            )
        })
        .collect()
}

#[test]
fn every_module_imports_only_from_the_layers_below_it() {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let (layer, rows) = table(&lib);
    let mods = modules();
    let shown = rows.join("\n");
    for m in &mods {
        assert!(
            layer.contains_key(m),
            "src/{m} is in no layer of src/lib.rs's table; add it:\n{shown}"
        );
    }
    for m in layer.keys() {
        assert!(
            mods.contains(m),
            "src/lib.rs's table names `{m}`, which src/ does not have:\n{shown}"
        );
    }
    let climbing = climbing(&edges(&mods), &layer);
    assert!(
        climbing.is_empty(),
        "imports from the same or a higher layer:\n{}\n\nthe layers, bottom first:\n{shown}",
        climbing.join("\n")
    );
}

#[test]
fn architecture_md_shows_the_same_table() {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let arch = fs::read_to_string(src().parent().unwrap().join("ARCHITECTURE.md")).unwrap();
    assert_eq!(
        table(&arch).1,
        table(&lib).1,
        "ARCHITECTURE.md's layer table differs from src/lib.rs's"
    );
}

#[test]
fn the_reader_of_paths_finds_groups_and_skips_tests() {
    assert_eq!(
        named("use crate::{map::Map, judge::{self, Board}, phase};"),
        ["map", "judge", "phase"]
    );
    assert_eq!(named("let x = crate::words::reason(m);"), ["words"]);
    let text = "use crate::a;\n#[cfg(test)]\nmod tests {\n    use crate::b;\n}\nuse crate::c;\n";
    let lines: Vec<String> = code_lines(text).into_iter().map(|(_, l)| l).collect();
    assert_eq!(lines, ["use crate::a;", "use crate::c;"]);
}

#[test]
fn an_import_that_climbs_is_named_with_its_place() {
    let (layer, _) = table(&fs::read_to_string(src().join("lib.rs")).unwrap());
    let edge = |from: &str, to: &str| Edge {
        from: from.into(),
        to: to.into(),
        at: "src/x.rs:7".into(),
    };
    let found = climbing(
        &[edge("judge", "game"), edge("game", "judge"), edge("map", "map")],
        &layer,
    );
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].starts_with("src/x.rs:7: `judge` (layer 4) uses `game`"),
        "{found:?}"
    );
}
