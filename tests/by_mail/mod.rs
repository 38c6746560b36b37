//! A standard game played by mail through the `arbitre` binary, for the tests that follow a
//! game phase by phase: every mail is sent just before the phase's deadline and every phase
//! is processed just after it, so that whoever sent nothing has missed it.
#![allow(dead_code)]

use crate::support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
pub use support::{ok, read_sent, state, Sent, Tmp};

pub const POWERS: [&str; 7] = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];

/// A temporary folder, in memory where the system has one: a game writes every file
/// with fsync, and these tests write thousands.
pub struct Scratch(pub PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static N: AtomicUsize = AtomicUsize::new(0);
        let shm = Path::new("/dev/shm");
        let base = if shm.is_dir() {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!(
            "arbitre-by-mail-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        if std::fs::create_dir_all(&dir).is_err() {
            // Not writable: the usual temporary folder.
            let t = Tmp::new();
            let p = t.0.clone();
            std::mem::forget(t);
            return Scratch(p);
        }
        Scratch(dir)
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

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub struct MailGame {
    pub tmp: Scratch,
    pub dir: PathBuf,
    sent: usize,
}

fn email(role: &str) -> String {
    format!("{}@mail.example", role.to_lowercase())
}

impl MailGame {
    /// A new standard game with a player for each power (deadlines of a day), its
    /// passwords kept as quick hashes (see [`MailGame::quick_password_checks`]).
    pub fn new() -> MailGame {
        MailGame::with_french(&[])
    }

    /// [`MailGame::new`], the players of `french` reading in French (`language: fr`).
    pub fn with_french(french: &[&str]) -> MailGame {
        let tmp = Scratch::new();
        let mut players = String::from(
            "game: bymail\nvariant: standard\nreferee: {name: Arbitre, email: arbitre@mail.example}\n\
             timezone: UTC\ndeadlines: {movement: 24h, retreat: 24h, adjustment: 24h}\n\
             start: 2026-12-01T12:00:00+00:00\n\
             seed: 3b1f8e2a9c4d7065f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8\nplayers:\n",
        );
        for p in POWERS {
            let language = if french.contains(&p) { ", language: fr" } else { "" };
            players += &format!(
                "  - {{name: {p} Player, email: {}, role: {p}, password: pw-{}{language}}}\n",
                email(p),
                p.to_lowercase()
            );
        }
        let file = tmp.file("players.yaml", &players);
        let dir = tmp.path("game");
        support::create(&dir, &file, "2026-11-30T12:00:00+00:00");
        MailGame { tmp, dir, sent: 0 }.quick_password_checks()
    }

    /// Keeps every player's password as a hash of one round (the stored format says how
    /// many): checking a password of the usual strength is most of the time a message
    /// takes in a debug build, and the tests that mail many phases are not about it.
    fn quick_password_checks(self) -> MailGame {
        use sha2::{Digest, Sha256};
        let path = self.dir.join("game.yaml");
        let text = std::fs::read_to_string(&path).unwrap();
        let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
        let salt = [7u8; 16];
        let mut out = String::new();
        let mut role = String::new();
        for line in text.lines() {
            let t = line.trim_start().trim_start_matches("- ");
            if let Some(r) = t.strip_prefix("role: ") {
                role = r.trim().to_string();
            }
            match t.strip_prefix("password_hash: ") {
                Some(_) => {
                    let password = format!("pw-{}", role.to_lowercase());
                    let h0: [u8; 32] = Sha256::new()
                        .chain_update(salt)
                        .chain_update(password)
                        .finalize()
                        .into();
                    let h1: [u8; 32] = Sha256::new().chain_update(h0).chain_update(salt).finalize().into();
                    let indent = &line[..line.find("password_hash").unwrap()];
                    out += &format!("{indent}password_hash: sha256i$1${}${}\n", hex(&salt), hex(&h1));
                }
                None => out += &format!("{line}\n"),
            }
        }
        std::fs::write(&path, out).unwrap();
        self
    }

    pub fn d(&self) -> &str {
        self.dir.to_str().unwrap()
    }

    /// The current phase's deadline.
    pub fn deadline(&self) -> chrono::DateTime<chrono::FixedOffset> {
        let s = state(&self.dir);
        let d = s["deadline"].as_str().expect("a deadline");
        chrono::DateTime::parse_from_rfc3339(d).unwrap()
    }

    pub fn phase(&self) -> String {
        state(&self.dir)["phase"].as_str().unwrap().to_string()
    }

    fn mail(&mut self, role: &str, body: &str) -> (PathBuf, String) {
        self.sent += 1;
        let raw = format!(
            "From: {role} Player <{}>\r\nTo: arbitre@mail.example\r\nSubject: orders\r\n\
             Date: Mon, 30 Nov 2026 18:00:00 +0000\r\nMessage-ID: <m{}@test.example>\r\n\
             MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\
             SIGNON {role} bymail pw-{}\r\n{}\r\n",
            email(role),
            self.sent,
            role.to_lowercase(),
            body.replace('\n', "\r\n")
        );
        let path = self.tmp.file(&format!("m{}.eml", self.sent), &raw);
        let now = (self.deadline() - chrono::Duration::minutes(10)).to_rfc3339();
        (path, now)
    }

    fn outbox_names(&self) -> BTreeSet<String> {
        std::fs::read_dir(self.dir.join("outbox"))
            .map(|r| {
                r.map(|e| e.unwrap().file_name().to_string_lossy().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Mails `body` (order lines) from `role`; returns the text of the reply.
    pub fn send(&mut self, role: &str, body: &str) -> String {
        let before = self.outbox_names();
        let (path, now) = self.mail(role, body);
        ok(&["mail", self.d(), path.to_str().unwrap(), "--now", &now], None);
        let new: Vec<String> = self.outbox_names().difference(&before).cloned().collect();
        let replies: Vec<Sent> = new
            .iter()
            .map(|n| read_sent(&std::fs::read(self.dir.join("outbox").join(n)).unwrap()))
            .filter(|m| m.to == [email(role)] && (m.subject.contains("received") || m.subject.contains("reçu")))
            .collect();
        assert_eq!(replies.len(), 1, "one reply to {role}: {new:?}");
        replies.into_iter().next().unwrap().text
    }

    /// Mails every `(role, body)` at once, in one `arbitre mail`; returns the replies'
    /// subjects and texts by role.
    pub fn send_all(&mut self, mails: &[(String, String)]) -> Vec<(String, Sent)> {
        if mails.is_empty() {
            return Vec::new();
        }
        let before = self.outbox_names();
        let mut args = vec!["mail".to_string(), self.d().to_string()];
        let mut now = String::new();
        for (role, body) in mails {
            let (path, n) = self.mail(role, body);
            args.push(path.to_str().unwrap().to_string());
            now = n;
        }
        args.push("--now".into());
        args.push(now);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&args, None);
        self.letters_since(&before, mails)
    }

    /// The letters written to the outbox since `before` to the senders of `mails`, each
    /// with its role.
    fn letters_since(&self, before: &BTreeSet<String>, mails: &[(String, String)]) -> Vec<(String, Sent)> {
        let mut out = Vec::new();
        for n in self.outbox_names().difference(before) {
            let m = read_sent(&std::fs::read(self.dir.join("outbox").join(n)).unwrap());
            if let Some((role, _)) = mails.iter().find(|(r, _)| m.to == [email(r)]) {
                out.push((role.clone(), m));
            }
        }
        out
    }

    /// [`MailGame::send_all`] through the library rather than the binary, in the steps of
    /// `arbitre mail` (route, keep, act on it): the same code, without starting a process
    /// and reading the game folder for each message.
    pub fn send_all_in_process(&mut self, mails: &[(String, String)]) -> Vec<(String, Sent)> {
        let before = self.outbox_names();
        let root = self.dir.parent().unwrap().to_path_buf();
        let mut now = None;
        for (role, body) in mails {
            let (path, n) = self.mail(role, body);
            let n = chrono::DateTime::parse_from_rfc3339(&n).unwrap();
            let raw = std::fs::read(&path).unwrap();
            let dir = arbitre::game::route(&root, &raw, &arbitre::kinds::REGISTRY)
                .unwrap()
                .expect("the mail names the game");
            assert_eq!(dir, self.dir);
            arbitre::game::archive(&dir, &raw, n).unwrap();
            now = Some(n);
        }
        if let Some(now) = now {
            let mut g = arbitre::game::Game::open(&self.dir, &arbitre::kinds::REGISTRY).unwrap();
            g.ingest(now).unwrap();
        }
        self.letters_since(&before, mails)
    }

    /// [`MailGame::process`] through the library, in the steps of `arbitre process`.
    pub fn process_in_process(&self) {
        let now = self.deadline() + chrono::Duration::minutes(1);
        let mut g = arbitre::game::Game::open(&self.dir, &arbitre::kinds::REGISTRY).unwrap();
        g.ingest(now).unwrap();
        let fx = arbitre::kinds::diplomacy::process::process(&mut g, now)
            .unwrap()
            .expect("the deadline is past");
        g.commit(fx, now).unwrap();
    }

    /// Processes the phase just after its deadline.
    pub fn process(&self) {
        let now = (self.deadline() + chrono::Duration::minutes(1)).to_rfc3339();
        ok(&["process", self.d(), "--now", &now], None);
    }

    pub fn status(&self) -> String {
        ok(&["status", self.d(), "--yaml"], None)
    }

    /// The units of `power` on the board now (from `state.yaml`).
    pub fn units(&self, power: &str) -> Vec<String> {
        let s = state(&self.dir);
        let mut v: Vec<String> = s["board"]["units"][power]
            .as_sequence()
            .map(|l| l.iter().map(|u| u.as_str().unwrap().to_string()).collect())
            .unwrap_or_default();
        v.sort();
        v
    }

    /// The text of the newest outbox message whose file name contains `part`.
    pub fn letter(&self, part: &str) -> String {
        let names: Vec<String> = self.outbox_names().into_iter().filter(|n| n.contains(part)).collect();
        let n = names.last().unwrap_or_else(|| panic!("no letter named like {part}"));
        read_sent(&std::fs::read(self.dir.join("outbox").join(n)).unwrap()).text
    }
}
