//! A whole sample game played through real mail servers (issue #16): the example game of
//! Diable et Bon Dieu (turns/vopaliec/players.yaml) from its welcomes to Spring 1902, with a
//! movement, a retreat and an adjustment phase. The players' messages are put into
//! Dovecot's INBOX as their mail would arrive; each cycle is one `arbitre run` (IMAP intake,
//! process, send by SMTP with STARTTLS and a login to aiosmtpd); what the players read is
//! read back from the mail aiosmtpd accepted. See tests/support/servers.rs for the servers.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use support::servers::{skip, Dovecot, Received, Smtpd, SmtpdOptions};
use support::{create, read_sent, Tmp, BIN};

const REFEREE: &str = "arbitre@vopaliec.example";
const SMTP_LOGIN: (&str, &str) = ("referee", "smtp-s3cret");

/// Role, name, address, password: the example game's cast.
const PLAYERS: [(&str, &str, &str, &str); 9] = support::VOPALIEC;

fn player(role: &str) -> (&'static str, &'static str, &'static str, &'static str) {
    *PLAYERS.iter().find(|p| p.0 == role).unwrap()
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("turns/vopaliec")
}

/// A message from `role`, signed on, with `lines` after the SIGNON line.
fn orders(role: &str, id: &str, lines: &[&str]) -> Vec<u8> {
    let (role, name, email, password) = player(role);
    let mut text = format!(
        "From: {name} <{email}>\r\nTo: Arbitre de Vopaliec <{REFEREE}>\r\nSubject: orders\r\n\
         Date: Wed, 02 Dec 2026 18:00:00 +0100\r\nMessage-ID: <{id}@mail.vopaliec.example>\r\n\r\n\
         SIGNON {role} vopaliec {password}\r\n"
    );
    for l in lines {
        text.push_str(l);
        text.push_str("\r\n");
    }
    text.into_bytes()
}

/// The servers and the game folder of one test.
struct Table {
    imap: Dovecot,
    smtp: Smtpd,
    root: PathBuf,
    /// The Message-ID and sender of every message put into the INBOX, in order.
    delivered: Vec<(String, String)>,
    _tmp: Tmp,
}

impl Table {
    fn game(&self) -> PathBuf {
        self.root.join("vopaliec")
    }

    /// Puts `message` into the INBOX, as the player's mail arrives.
    fn arrives(&mut self, message: &[u8]) {
        let m = mail_parser::MessageParser::default().parse(message).unwrap();
        let from = m.from().and_then(|a| a.first()).and_then(|a| a.address()).unwrap();
        self.delivered
            .push((format!("<{}>", m.message_id().unwrap()), from.to_string()));
        self.imap.deliver("INBOX", message);
    }

    /// One `arbitre run` cycle at `now`, the settings in the environment as a referee's
    /// crontab gives them.
    fn cycle(&self, now: &str) -> Output {
        let out = Command::new(BIN)
            .args(["run", self.root.to_str().unwrap(), "--now", now])
            .env("ARBITRE_IMAP_URL", self.imap.imaps_url("INBOX"))
            .env("ARBITRE_IMAP_USER", &self.imap.user)
            .env("ARBITRE_IMAP_PASSWORD", &self.imap.password)
            .env("ARBITRE_IMAP_CA_FILE", &self.imap.authority.ca)
            .env("ARBITRE_SMTP_URL", self.smtp.url())
            .env("ARBITRE_SMTP_USER", SMTP_LOGIN.0)
            .env("ARBITRE_SMTP_PASSWORD", SMTP_LOGIN.1)
            .env("ARBITRE_SMTP_CA_FILE", &self.smtp.authority.ca)
            .env_remove("ARBITRE_CRASH_AT")
            .env("SSL_CERT_FILE", "/nonexistent")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "arbitre run --now {now}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// The phase the game is in, from `arbitre status --yaml`.
    fn phase(&self) -> String {
        support::state(&self.game())["phase"].as_str().unwrap().to_string()
    }

    /// The units of the game now, power by power.
    fn units(&self) -> BTreeMap<String, Vec<String>> {
        let out = Command::new(BIN)
            .args(["status", self.game().to_str().unwrap(), "--yaml"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let status: serde_yaml::Value = serde_yaml::from_slice(&out.stdout).unwrap();
        serde_yaml::from_value(status["units"].clone()).unwrap()
    }
}

/// One message aiosmtpd accepted, read back.
#[derive(Debug)]
struct Letter {
    to: String,
    subject: String,
    text: String,
    in_reply_to: Option<String>,
}

/// Everything aiosmtpd accepted so far, checked as it was delivered: one recipient, the
/// one of its `To:`, from the referee, over STARTTLS after the referee's login.
fn mailbag(smtp: &Smtpd) -> Vec<Letter> {
    smtp.received()
        .iter()
        .map(|r: &Received| {
            assert_eq!(r.to.len(), 1, "one recipient a message");
            assert!(r.tls, "delivered over STARTTLS");
            assert_eq!(r.login.as_deref(), Some(SMTP_LOGIN.0));
            assert_eq!(r.from, REFEREE);
            let m = read_sent(&r.data);
            assert_eq!(m.to, r.to, "the envelope is the To: header");
            let parsed = mail_parser::MessageParser::default().parse(&r.data).unwrap();
            Letter {
                to: r.to[0].clone(),
                subject: m.subject,
                text: m.text,
                in_reply_to: parsed.in_reply_to().as_text().map(|t| format!("<{t}>")),
            }
        })
        .collect()
}

/// The recipients of the messages whose subject ends with `suffix`, sorted.
fn recipients(bag: &[Letter], suffix: &str) -> Vec<String> {
    let mut to: Vec<String> = bag
        .iter()
        .filter(|l| l.subject.ends_with(suffix))
        .map(|l| l.to.clone())
        .collect();
    to.sort();
    to
}

fn everyone() -> Vec<String> {
    let mut all: Vec<String> = PLAYERS.iter().map(|p| p.2.to_string()).collect();
    all.sort();
    all
}

/// The phase's report: one to each of the nine, and God's and the Devil's private reports
/// to them alone.
fn check_reports(bag: &[Letter], phase: &str) {
    assert_eq!(
        recipients(bag, &format!("{phase}: results")),
        everyone(),
        "{phase}: one report to each player"
    );
    assert_eq!(
        recipients(bag, &format!("{phase}: God's report")),
        ["bruno@vopaliec.example"],
        "{phase}: God's private report to God alone"
    );
    assert_eq!(
        recipients(bag, &format!("{phase}: Devil's report")),
        ["chloe@vopaliec.example"],
        "{phase}: the Devil's private report to the Devil alone"
    );
}

#[test]
fn a_sample_game_is_played_through_imap_in_and_smtp_out() {
    const TEST: &str = "a_sample_game_is_played_through_imap_in_and_smtp_out";
    let imap = match Dovecot::start() {
        Ok(d) => d,
        Err(why) => return skip(TEST, &why),
    };
    let smtp = match Smtpd::start(SmtpdOptions {
        tls: Some("starttls"),
        login: Some((SMTP_LOGIN.0.into(), SMTP_LOGIN.1.into())),
        ..SmtpdOptions::default()
    }) {
        Ok(s) => s,
        Err(why) => return skip(TEST, &why),
    };
    let tmp = Tmp::new();
    let root = tmp.path("games");
    std::fs::create_dir_all(&root).unwrap();
    create(
        &root.join("vopaliec"),
        &example().join("players.yaml"),
        "2026-11-28T10:00:00+01:00",
    );
    let mut table = Table {
        imap,
        smtp,
        root,
        delivered: Vec::new(),
        _tmp: tmp,
    };

    // The welcomes go out at the first cycle, the INBOX still empty.
    table.cycle("2026-11-28T10:05:00+01:00");
    let bag = mailbag(&table.smtp);
    for (role, _, email, _) in PLAYERS {
        let welcome = format!("Spring 1901 Movement: welcome: you play {role}");
        assert_eq!(recipients(&bag, &welcome), [email], "{role}");
    }
    assert_eq!(bag.len(), 9, "{bag:?}");

    // Spring 1901: the example's messages (a forged sender, one message sent twice), with
    // Austria's orders of this test (to set up Fall's dislodgement).
    let mut spring: Vec<PathBuf> = std::fs::read_dir(example().join("mail"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    spring.sort();
    assert_eq!(spring.len(), 11);
    for path in &spring {
        if path.to_string_lossy().contains("austria") {
            table.arrives(&orders("Austria", "f1", &["A VIE - TYR", "A BUD - SER", "F TRI H"]));
        } else {
            table.arrives(&std::fs::read(path).unwrap());
        }
    }
    let out = table.cycle("2026-11-30T20:00:00+01:00");
    assert_eq!(
        table.phase(),
        "Fall 1901 Movement",
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bag = mailbag(&table.smtp);
    check_reports(&bag, "Spring 1901 Movement");
    // Mallory, who signed on as France from her own address, is refused; the message sent
    // twice is answered once.
    let refused: Vec<&Letter> = bag
        .iter()
        .filter(|l| l.subject == "message refused / message refusé")
        .collect();
    assert_eq!(refused.len(), 1, "{bag:?}");
    assert_eq!(refused[0].to, "mallory@elsewhere.example");
    assert!(
        refused[0]
            .text
            .contains("does not match a game, role, password and sender address"),
        "the uniform refusal: {}",
        refused[0].text
    );

    // Fall 1901: Austria takes Venice with support; everyone else holds.
    let fall: [(&str, &[&str]); 9] = [
        ("England", &["F NTH H", "F NWG H", "A YOR H"]),
        ("France", &["F MAO H", "A BUR H", "A SPA H"]),
        ("Germany", &["F DEN H", "A KIE H", "A RUH H"]),
        ("Italy", &["A VEN H", "A APU H", "F ION H"]),
        ("Austria", &["A TYR - VEN", "F TRI S A TYR - VEN", "A SER H"]),
        ("Russia", &["A UKR H", "A GAL H", "F SEV H", "F BOT H"]),
        ("Turkey", &["F ANK H", "A BUL H", "A ARM H"]),
        ("God", &["BLESS NONE"]),
        ("Devil", &["CURSE NONE"]),
    ];
    for (role, lines) in fall {
        table.arrives(&orders(role, &format!("{}-f1901", role.to_lowercase()), lines));
    }
    table.cycle("2026-12-02T19:00:00+01:00");
    assert_eq!(table.phase(), "Fall 1901 Retreat");
    let bag = mailbag(&table.smtp);
    check_reports(&bag, "Fall 1901 Movement");
    let italy = bag
        .iter()
        .find(|l| l.to == "giulia@vopaliec.example" && l.subject.ends_with("Fall 1901 Movement: results"))
        .unwrap();
    assert!(
        italy.text.contains("dislodged by A TYR") && italy.text.contains("retreats PIE, ROM, TUS"),
        "{}",
        italy.text
    );

    // The retreat: Italy's army goes to Tuscany.
    table.arrives(&orders("Italy", "italy-f1901r", &["A VEN - TUS"]));
    table.cycle("2026-12-02T21:00:00+01:00");
    assert_eq!(table.phase(), "Winter 1901 Adjustment");
    check_reports(&mailbag(&table.smtp), "Fall 1901 Retreat");

    // The adjustments: Austria builds two, Italy disbands one, three powers build one.
    let winter: [(&str, &[&str]); 5] = [
        ("France", &["BUILD A PAR"]),
        ("Germany", &["BUILD A BER"]),
        ("Italy", &["DISBAND F ION"]),
        ("Austria", &["BUILD A VIE", "BUILD A BUD"]),
        ("Turkey", &["BUILD A SMY"]),
    ];
    for (role, lines) in winter {
        table.arrives(&orders(role, &format!("{}-w1901", role.to_lowercase()), lines));
    }
    table.cycle("2026-12-03T10:00:00+01:00");
    assert_eq!(table.phase(), "Spring 1902 Movement");
    let bag = mailbag(&table.smtp);
    check_reports(&bag, "Winter 1901 Adjustment");
    let units = table.units();
    assert_eq!(units["Austria"], ["A VEN", "A SER", "F TRI", "A VIE", "A BUD"]);
    assert_eq!(units["Italy"], ["A APU", "A TUS"]);

    // Every message was answered once, threaded on its Message-ID (the one sent twice
    // too), and from the address it came from; nothing is left to send.
    let mut distinct = table.delivered.clone();
    distinct.sort();
    distinct.dedup();
    for (id, from) in &distinct {
        let replies: Vec<&Letter> = bag.iter().filter(|l| l.in_reply_to.as_ref() == Some(id)).collect();
        assert_eq!(replies.len(), 1, "{id}: {replies:?}");
        assert_eq!(&replies[0].to, from, "{id}");
    }
    assert_eq!(distinct.len() + 1, table.delivered.len(), "one message was sent twice");
    let outbox: Vec<String> = std::fs::read_dir(table.game().join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(outbox, Vec::<String>::new(), "nothing left in the outbox");
    let sent = std::fs::read_dir(table.game().join("sent")).unwrap().count();
    assert_eq!(sent, bag.len(), "every letter written was delivered once");

    // The INBOX is empty, and the processed folder holds every message once.
    assert_eq!(table.imap.uids("INBOX"), Vec::<u32>::new());
    let mut processed = table.imap.message_ids("Processed");
    let mut delivered: Vec<String> = table.delivered.iter().map(|(id, _)| id.clone()).collect();
    processed.sort();
    delivered.sort();
    assert_eq!(processed, delivered);
}

/// The lines of README.md's "Mail servers" section: the settings file (its `export` lines),
/// the cron line and the long-running command, as a referee copies them.
struct Readme {
    /// (variable, value as written) of the settings file.
    exports: Vec<(String, String)>,
    /// The cron line's command (what follows the five time fields).
    cron: String,
    /// The `--watch` command.
    watch: String,
}

impl Readme {
    fn read() -> Readme {
        let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
        let start = text.find("### Mail servers").expect("README: a Mail servers section");
        let section = &text[start..];
        let section = &section[..section[4..].find("\n### ").map_or(section.len(), |e| e + 4)];
        let mut exports = Vec::new();
        for line in section.lines().filter(|l| l.starts_with("export ")) {
            for pair in shell_words(&line["export ".len()..]) {
                let (name, value) = pair.split_once('=').expect("NAME=VALUE");
                exports.push((name.to_string(), value.to_string()));
            }
        }
        let cron = section
            .lines()
            .find(|l| l.starts_with("*/"))
            .expect("README: a cron line")
            .split_whitespace()
            .skip(5)
            .collect::<Vec<_>>()
            .join(" ");
        let watch = section
            .split('`')
            .find(|s| s.contains("arbitre run") && s.contains("--watch"))
            .expect("README: the --watch command")
            .to_string();
        Readme { exports, cron, watch }
    }
}

/// The words of a line of `sh`, single and double quotes removed.
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// `url` with its host and port made `127.0.0.1:port` (scheme, folder and options kept).
fn on_loopback(url: &str, port: u16) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let cut = rest.find(['/', '?']).unwrap_or(rest.len());
    format!("{scheme}://127.0.0.1:{port}{}", &rest[cut..])
}

/// README.md's settings file, cron line and `--watch` command, run as written against
/// Dovecot and aiosmtpd (their addresses, logins and private authority put in): the cron
/// line takes in a player's message and delivers the reply, and so does the `--watch`
/// process, as the message arrives.
#[test]
fn the_readmes_settings_run_a_game_from_cron_and_with_watch() {
    const TEST: &str = "the_readmes_settings_run_a_game_from_cron_and_with_watch";
    let readme = Readme::read();
    let names: Vec<&str> = readme.exports.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "ARBITRE_IMAP_URL",
            "ARBITRE_IMAP_USER",
            "ARBITRE_IMAP_PASSWORD",
            "ARBITRE_SMTP_URL",
            "ARBITRE_SMTP_USER",
            "ARBITRE_SMTP_PASSWORD"
        ]
    );
    let imap = match Dovecot::start() {
        Ok(d) => d,
        Err(why) => return skip(TEST, &why),
    };
    let tls = if readme.exports[3].1.contains("tls=starttls") {
        "starttls"
    } else {
        "smtps"
    };
    let smtp = match Smtpd::start(SmtpdOptions {
        tls: Some(tls),
        login: Some((SMTP_LOGIN.0.into(), SMTP_LOGIN.1.into())),
        ..SmtpdOptions::default()
    }) {
        Ok(s) => s,
        Err(why) => return skip(TEST, &why),
    };
    let tmp = Tmp::new();
    let home = tmp.path("home");
    let root = tmp.path("games");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&root).unwrap();
    // A game of now, its first deadline three days away.
    let start = (chrono::Utc::now() + chrono::TimeDelta::days(3)).to_rfc3339();
    let players = tmp.file(
        "players.yaml",
        &std::fs::read_to_string(example().join("players.yaml"))
            .unwrap()
            .lines()
            .map(|l| {
                if l.starts_with("start:") {
                    format!("start: {start}")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let out = Command::new(BIN)
        .args(["new", root.join("vopaliec").to_str().unwrap(), "--players"])
        .arg(&players)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    // The settings file, the README's with the test's servers in it, and the one thing a
    // provider's public certificate needs not: the tests' private authority.
    let mut env = String::new();
    for (name, value) in &readme.exports {
        let value = match name.as_str() {
            "ARBITRE_IMAP_URL" => on_loopback(value, imap.imaps_port),
            "ARBITRE_SMTP_URL" => on_loopback(value, smtp.port),
            "ARBITRE_IMAP_USER" => imap.user.clone(),
            "ARBITRE_IMAP_PASSWORD" => imap.password.clone(),
            "ARBITRE_SMTP_USER" => SMTP_LOGIN.0.to_string(),
            _ => SMTP_LOGIN.1.to_string(),
        };
        env.push_str(&format!("export {name}='{value}'\n"));
    }
    env.push_str(&format!(
        "export ARBITRE_IMAP_CA_FILE='{}' ARBITRE_SMTP_CA_FILE='{}'\n",
        imap.authority.ca.display(),
        smtp.authority.ca.display()
    ));
    std::fs::write(home.join(".arbitre-env"), env).unwrap();
    // As cron runs it: sh, HOME, a PATH with arbitre on it, and nothing else.
    let bin_dir = Path::new(BIN).parent().unwrap();
    let shell = |line: &str| {
        let mut cmd = Command::new("/bin/sh");
        cmd.arg("-c")
            .arg(line.replace("/srv/games", root.to_str().unwrap()))
            .env_clear()
            .env("HOME", &home)
            .env("PATH", format!("{}:/usr/bin:/bin", bin_dir.display()))
            .stdin(Stdio::null());
        cmd
    };
    let replies_to = |id: &str| {
        mailbag(&smtp)
            .into_iter()
            .filter(|l| l.in_reply_to.as_deref() == Some(id))
            .count()
    };

    let mut delivered = Vec::new();
    let mut arrives = |id: &str, message: Vec<u8>| {
        imap.deliver("INBOX", &message);
        delivered.push(format!("<{id}@mail.vopaliec.example>"));
    };
    arrives("cron", orders("France", "cron", &["A PAR - BUR"]));
    let status = shell(&readme.cron).status().unwrap();
    let log = std::fs::read_to_string(home.join("arbitre.log")).unwrap_or_default();
    assert!(status.success(), "{}: {log}", readme.cron);
    assert_eq!(replies_to("<cron@mail.vopaliec.example>"), 1, "{log}");
    assert_eq!(
        recipients(&mailbag(&smtp), "welcome: you play France"),
        ["alice@vopaliec.example"]
    );

    // The long-running process: it takes in and answers a message as it arrives.
    let mut watch = shell(&readme.watch);
    std::os::unix::process::CommandExt::process_group(&mut watch, 0);
    let mut child = watch.stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    arrives("watch", orders("France", "watch", &["F BRE - MAO"]));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while replies_to("<watch@mail.vopaliec.example>") == 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    // SAFETY: a signal to the process group this test started.
    unsafe { libc::kill(-(child.id() as i32), libc::SIGTERM) };
    let _ = child.wait();
    assert_eq!(
        replies_to("<watch@mail.vopaliec.example>"),
        1,
        "the --watch process answered"
    );
    assert_eq!(imap.uids("INBOX"), Vec::<u32>::new());
    let mut processed = imap.message_ids("Processed");
    processed.sort();
    delivered.sort();
    assert_eq!(processed, delivered);
}
