//! A standard game played by mail through the `arbitre` binary, for the tests that follow a
//! game phase by phase: every mail is sent just before the phase's deadline and every phase
//! is processed just after it, so that whoever sent nothing has missed it.
#![allow(dead_code)]

#[path = "../support/mod.rs"]
mod support;

use std::collections::BTreeSet;
use std::path::PathBuf;
pub use support::{ok, read_sent, state, Sent, Tmp};

pub const POWERS: [&str; 7] = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];

pub struct MailGame {
    pub tmp: Tmp,
    pub dir: PathBuf,
    sent: usize,
}

fn email(role: &str) -> String {
    format!("{}@mail.example", role.to_lowercase())
}

impl MailGame {
    /// A new standard game with a player for each power (deadlines of a day).
    pub fn new() -> MailGame {
        let tmp = Tmp::new();
        let mut players = String::from(
            "game: bymail\nvariant: standard\nreferee: {name: Arbitre, email: arbitre@mail.example}\n\
             timezone: UTC\ndeadlines: {movement: 24h, retreat: 24h, adjustment: 24h}\n\
             start: 2026-12-01T12:00:00+00:00\n\
             seed: 3b1f8e2a9c4d7065f1e2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8\nplayers:\n",
        );
        for p in POWERS {
            players += &format!(
                "  - {{name: {p} Player, email: {}, role: {p}, password: pw-{}}}\n",
                email(p),
                p.to_lowercase()
            );
        }
        let file = tmp.file("players.yaml", &players);
        let dir = tmp.path("game");
        support::create(&dir, &file, "2026-11-30T12:00:00+00:00");
        MailGame { tmp, dir, sent: 0 }
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
            .filter(|m| m.to == [email(role)] && m.subject.contains("received"))
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
        let mut out = Vec::new();
        for n in self.outbox_names().difference(&before) {
            let m = read_sent(&std::fs::read(self.dir.join("outbox").join(n)).unwrap());
            if let Some((role, _)) = mails.iter().find(|(r, _)| m.to == [email(r)]) {
                out.push((role.clone(), m));
            }
        }
        out
    }

    /// Processes the phase just after its deadline.
    pub fn process(&self) {
        let now = (self.deadline() + chrono::Duration::minutes(1)).to_rfc3339();
        ok(&["process", self.d(), "--now", &now], None);
    }

    pub fn status(&self) -> String {
        ok(&["status", self.d()], None)
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
