//! What the end-to-end tests of games by mail share: a temporary folder, running the
//! `arbitre` binary, and reading back the messages of an outbox.
#![allow(dead_code)]

use mail_parser::{Address, MessageParser};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

pub const BIN: &str = env!("CARGO_BIN_EXE_arbitre");

/// The cast of the example game (`turns/vopaliec/players.yaml`), in its order: role, name,
/// address, password.
pub const VOPALIEC: [(&str, &str, &str, &str); 9] = [
    ("France", "Alice Martin", "alice@vopaliec.example", "s3cret"),
    ("England", "Bob Smith", "bob@vopaliec.example", "rule-britannia"),
    ("Germany", "Dieter Braun", "dieter@vopaliec.example", "kaiser"),
    ("Italy", "Giulia Rossi", "giulia@vopaliec.example", "romolo"),
    ("Austria", "Franz Weber", "franz@vopaliec.example", "habsburg"),
    ("Russia", "Olga Ivanova", "olga@vopaliec.example", "troika"),
    ("Turkey", "Emre Yilmaz", "emre@vopaliec.example", "bosphore"),
    ("God", "Bruno Petit", "bruno@vopaliec.example", "hunter2"),
    ("Devil", "Chloé Roux", "chloe@vopaliec.example", "soufre"),
];

pub struct Tmp(pub PathBuf);

impl Tmp {
    pub fn new() -> Tmp {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "arbitre-game-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Tmp(dir)
    }
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn arbitre(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbitre");
    if let Some(bytes) = stdin {
        // arbitre may exit without reading its input (a ROOT that does not exist gives 75
        // at once): a closed pipe is its answer, not the test's failure.
        if let Err(e) = child.stdin.take().unwrap().write_all(bytes) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "writing to arbitre: {e}");
        }
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

pub fn ok(args: &[&str], stdin: Option<&[u8]>) -> String {
    let out = arbitre(args, stdin);
    assert!(
        out.status.success(),
        "arbitre {args:?} failed ({:?}):\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}
/// The players file of a standard game of seven (`g1`, referee `referee@example.org`,
/// players `anne@example.net`… with passwords `pass-a`…), written in `root`.
pub fn seven_players(root: &Path) -> PathBuf {
    let players = root.join("players.yaml");
    std::fs::write(
        &players,
        "game: g1\nvariant: standard\nreferee: {name: Referee, email: referee@example.org}\n\
         start: 2026-12-01T20:00:00+01:00\ndeadlines: {movement: 72h, retreat: 24h, adjustment: 24h}\nplayers:\n\
         - {name: Anne, email: anne@example.net, role: England, password: pass-a}\n\
         - {name: Bruno, email: bruno@example.net, role: France, password: pass-b}\n\
         - {name: Carl, email: carl@example.net, role: Germany, password: pass-c}\n\
         - {name: Dora, email: dora@example.net, role: Italy, password: pass-d}\n\
         - {name: Emil, email: emil@example.net, role: Austria, password: pass-e}\n\
         - {name: Fay, email: fay@example.net, role: Russia, password: pass-f}\n\
         - {name: Gus, email: gus@example.net, role: Turkey, password: pass-g}\n",
    )
    .unwrap();
    players
}

/// `arbitre new DIR --players PLAYERS --now NOW`, which must succeed.
pub fn create(dir: &Path, players: &Path, now: &str) -> String {
    let (dir, players) = (dir.to_str().unwrap(), players.to_str().unwrap());
    ok(&["new", dir, "--players", players, "--now", now], None)
}

/// A message of the outbox, read back.
#[derive(Debug)]
pub struct Sent {
    pub to: Vec<String>,
    pub to_name: String,
    pub cc: usize,
    pub bcc: usize,
    pub from: String,
    pub subject: String,
    pub text: String,
    pub raw: Vec<u8>,
}

pub fn addresses(a: Option<&Address>) -> Vec<String> {
    a.map(|a| a.iter().filter_map(|x| x.address().map(str::to_string)).collect())
        .unwrap_or_default()
}

pub fn read_sent(raw: &[u8]) -> Sent {
    let m = MessageParser::default().parse(raw).expect("an RFC 5322 message");
    Sent {
        to: addresses(m.to()),
        cc: addresses(m.cc()).len(),
        bcc: addresses(m.bcc()).len(),
        from: addresses(m.from()).join(","),
        subject: m.subject().unwrap_or("").to_string(),
        // French letters put non-breaking spaces before : ; ! ? (tests/french.rs checks
        // them in the raw message); the tests read them as plain spaces.
        text: m
            .body_text(0)
            .map(|t| t.replace("\r\n", "\n").replace(['\u{a0}', '\u{202f}'], " "))
            .unwrap_or_default(),
        to_name: m
            .to()
            .and_then(|a| a.first())
            .and_then(|a| a.name())
            .unwrap_or("")
            .to_string(),
        raw: raw.to_vec(),
    }
}

pub fn outbox(dir: &Path) -> BTreeMap<String, Sent> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir.join("outbox")).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        out.insert(name, read_sent(&std::fs::read(&p).unwrap()));
    }
    out
}

/// The message with its picture's base64 left out, the rest of its part kept: golden files
/// keep every header and the text; tests/pictures_in_mail.rs checks the picture itself
/// (whose bytes depend on the fonts the machine draws its labels with).
pub fn without_picture(raw: &[u8]) -> Vec<u8> {
    let text = String::from_utf8(raw.to_vec()).expect("a message in ASCII");
    let Some(at) = text.find("Content-Type: image/png") else {
        return raw.to_vec();
    };
    let body = at + text[at..].find("\r\n\r\n").expect("the picture's body") + 4;
    let end = body + text[body..].find("\r\n--").expect("the end of the picture's part");
    format!("{}(the PNG, in base64){}", &text[..body], &text[end..]).into_bytes()
}

pub fn state(dir: &Path) -> serde_yaml::Value {
    serde_yaml::from_str(&std::fs::read_to_string(dir.join("state.yaml")).unwrap()).unwrap()
}
/// How many messages of the game's `mail/` have been acted on.
pub fn handled(dir: &Path) -> u64 {
    state(dir)["handled"].as_u64().unwrap()
}

/// The letters of the outbox written for the last message acted on, by name.
pub fn last_letters(dir: &Path) -> BTreeMap<String, Sent> {
    let prefix = format!("m{:05}-", handled(dir));
    outbox(dir)
        .into_iter()
        .filter(|(n, _)| n.starts_with(&prefix))
        .collect()
}

/// The one letter of the last message whose name ends in `-WHAT-ROLE.eml` (the role in
/// lower case).
pub fn answer(dir: &Path, what: &str, role: &str) -> Sent {
    let key = format!("-{what}-{}.eml", role.to_lowercase());
    let mut found: Vec<Sent> = last_letters(dir)
        .into_iter()
        .filter(|(n, _)| n.ends_with(&key))
        .map(|(_, m)| m)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one {key} in {:?}",
        last_letters(dir).keys().collect::<Vec<_>>()
    );
    found.pop().unwrap()
}

/// Asserts that `text` holds each of `parts`.
pub fn has(text: &str, parts: &[&str]) {
    for p in parts {
        assert!(text.contains(p), "{p:?} not in:\n{text}");
    }
}

/// Asserts that `text` holds none of `parts`.
pub fn lacks(text: &str, parts: &[&str]) {
    for p in parts {
        assert!(!text.contains(p), "{p:?} in:\n{text}");
    }
}

/// Every file under `dir`, with its path, as bytes.
pub fn every_file(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(every_file(&p));
        } else {
            out.push((p.clone(), std::fs::read(&p).unwrap()));
        }
    }
    out
}

pub mod servers;
pub mod table;
