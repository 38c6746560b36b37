//! A game by email, end to end, through the `arbitre` command: a game is created from a
//! players file, mails are fed to `arbitre mail` as procmail would, `arbitre process` runs
//! at and past the deadline, and every message of the outbox is read back: who got what,
//! what it says, and that nothing about the divine players leaks.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One player: name, address, password.
#[derive(Clone)]
struct Person {
    name: &'static str,
    email: &'static str,
    password: &'static str,
}

const PEOPLE: [Person; 9] = [
    Person {
        name: "Alice Martin",
        email: "alice@vopaliec.example",
        password: "s3cret",
    },
    Person {
        name: "Bob Smith",
        email: "bob@vopaliec.example",
        password: "rule-britannia",
    },
    Person {
        name: "Dieter Braun",
        email: "dieter@vopaliec.example",
        password: "kaiser",
    },
    Person {
        name: "Giulia Rossi",
        email: "giulia@vopaliec.example",
        password: "romolo",
    },
    Person {
        name: "Franz Weber",
        email: "franz@vopaliec.example",
        password: "habsburg",
    },
    Person {
        name: "Olga Ivanova",
        email: "olga@vopaliec.example",
        password: "troika",
    },
    Person {
        name: "Emre Yilmaz",
        email: "emre@vopaliec.example",
        password: "bosphore",
    },
    Person {
        name: "Bruno Petit",
        email: "bruno@vopaliec.example",
        password: "hunter2",
    },
    Person {
        name: "Chloé Roux",
        email: "chloe@vopaliec.example",
        password: "soufre",
    },
];

const POWERS: [&str; 7] = ["France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey"];

/// A players file: the seven powers to the first seven people, God and the Devil to
/// `god` and `devil` (indexes into PEOPLE).
fn players_file(variant: &str, god: usize, devil: usize) -> String {
    let mut s = format!(
        "game: vopaliec\nvariant: {variant}\nreferee: {{name: Arbitre de Vopaliec, email: arbitre@vopaliec.example}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\nplayers:\n"
    );
    let mut roles: Vec<(&str, usize)> = POWERS.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    if variant == "diable-et-bon-dieu" {
        roles.push(("God", god));
        roles.push(("Devil", devil));
    }
    for (role, i) in roles {
        let p = &PEOPLE[i];
        s += &format!(
            "  - {{name: {}, email: {}, role: {role}, password: {}}}\n",
            p.name, p.email, p.password
        );
    }
    s
}

fn mail_from(p: &Person, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {} <{}>\r\nTo: arbitre@vopaliec.example\r\nSubject: orders\r\nDate: Mon, 30 Nov 2026 18:00:00 +0100\r\n\
         Message-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
        p.name, p.email
    )
    .into_bytes()
}

fn signon(role: &str, p: &Person) -> String {
    format!("SIGNON {role} vopaliec {}", p.password)
}

/// The spring 1901 orders of the seven powers.
fn spring_orders() -> Vec<(usize, &'static str, &'static str)> {
    vec![
        (
            0,
            "France",
            "A PAR - BUR\nA MAR - SPA\nF BRE - MAO\nPRESS TO ALL\nBonjour.\nENDPRESS",
        ),
        (
            1,
            "England",
            "F LON - NTH\nF EDI - NWG\nA LVP - YOR\nPRESS TO France Germany\nTalk?\nENDPRESS",
        ),
        (2, "Germany", "A BER - KIE\nF KIE - DEN\nA MUN - RUH"),
        (
            3,
            "Italy",
            "A VEN H\nA ROM - APU\nF NAP - ION\nPRESS TO God\nBless me\nENDPRESS",
        ),
        (4, "Austria", "A VIE - GAL\nA BUD - SER\nF TRI - ALB"),
        (5, "Russia", "A MOS - UKR\nA WAR - GAL\nF SEV - BLA\nF STP/SC - BOT"),
        (6, "Turkey", "F ANK - BLA\nA CON - BUL\nA SMY - ARM"),
    ]
}

/// Creates a game in `dir` and mails the spring orders and the casts into it.
fn play_spring(dir: &Path, variant: &str, god: usize, devil: usize, tmp: &Tmp) {
    let players = tmp.file(
        &format!("players-{god}-{devil}.yaml"),
        &players_file(variant, god, devil),
    );
    create(dir, &players, CREATED);
    let d = dir.to_str().unwrap();
    for (i, role, orders) in spring_orders() {
        let body = format!("{}\n{orders}", signon(role, &PEOPLE[i]));
        ok(
            &["mail", d, "--now", EVENING],
            Some(&mail_from(&PEOPLE[i], role, &body)),
        );
    }
    if variant == "diable-et-bon-dieu" {
        let body = format!(
            "{}\nBLESS A PAR\nPRESS TO ALL\nhello\nENDPRESS",
            signon("God", &PEOPLE[god])
        );
        ok(
            &["mail", d, "--now", EVENING],
            Some(&mail_from(&PEOPLE[god], "god", &body)),
        );
        let body = format!("{}\nCURSE F ANK", signon("Devil", &PEOPLE[devil]));
        ok(
            &["mail", d, "--now", EVENING],
            Some(&mail_from(&PEOPLE[devil], "devil", &body)),
        );
    }
}

// ---- a whole turn ----

/// The orders `role` has on file, read from the game's state.yaml (`arbitre status` says
/// only how many).
fn orders_on_file(dir: &std::path::Path, role: &str) -> Vec<String> {
    state(dir)["orders"][role]
        .as_sequence()
        .map(|s| s.iter().map(|o| o.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

#[test]
fn a_whole_turn_by_mail() {
    let tmp = Tmp::new();
    let dir = tmp.path("game");
    let d = dir.to_str().unwrap();
    play_spring(&dir, "diable-et-bon-dieu", 7, 8, &tmp);
    // A forged sender, a wrong password, a duplicate.
    let forged = mail_from(
        &Person {
            name: "Mallory",
            email: "mallory@elsewhere.example",
            password: "",
        },
        "forged",
        "SIGNON France vopaliec s3cret\nA PAR - PIC",
    );
    ok(&["mail", d, "--now", EVENING], Some(&forged));
    let wrong = mail_from(&PEOPLE[1], "wrong", "SIGNON England vopaliec guess\nF LON - ENG");
    ok(&["mail", d, "--now", EVENING], Some(&wrong));
    let body = format!("{}\nA PAR - PIC", signon("France", &PEOPLE[0]));
    let again = mail_from(&PEOPLE[0], "France", &body); // same Message-ID as France's first
    ok(&["mail", d, "--now", EVENING], Some(&again));
    assert_eq!(
        std::fs::read_dir(dir.join("mail")).unwrap().count(),
        12,
        "every message is kept"
    );

    let out = outbox(&dir);
    for (name, m) in &out {
        assert_eq!(m.to.len(), 1, "{name}: exactly one recipient");
        assert_eq!((m.cc, m.bcc), (0, 0), "{name}");
        assert_eq!(m.from, "arbitre@vopaliec.example", "{name}");
        // A rejection names no game: the prober may have named another one.
        assert!(
            m.subject.starts_with("vopaliec, ") || m.subject == "message refused / message refusé",
            "{name}: {}",
            m.subject
        );
    }
    // The forged message: refused to its sender, and France's player is told.
    let rejection = out
        .values()
        .find(|m| m.to == ["mallory@elsewhere.example"])
        .expect("a rejection");
    assert!(rejection.text.contains("was not acted on"), "{}", rejection.text);
    assert!(
        !rejection.text.contains("alice"),
        "the owner's address is not given away"
    );
    assert!(out
        .values()
        .any(|m| m.to == ["alice@vopaliec.example"] && m.subject.contains("failed sign-ons as France")));
    // The wrong password from the right address: a rejection, and England's player is
    // told in the digest of failed sign-ons, as coming from the player's own address.
    let to_bob: Vec<&Sent> = out.values().filter(|m| m.to == ["bob@vopaliec.example"]).collect();
    assert!(to_bob.iter().any(|m| m.subject.contains("message refused")));
    assert!(to_bob
        .iter()
        .any(|m| m.subject.contains("failed sign-ons as England") && m.text.contains("your own address")));
    // The duplicate was not acted on: France's order stays A PAR - BUR.
    assert_eq!(
        orders_on_file(&dir, "France"),
        ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"]
    );
    // Press: to God refused; God sends none; public press reaches all nine; private two.
    let italy = out
        .values()
        .find(|m| m.to == ["giulia@vopaliec.example"] && m.subject.contains("received"))
        .unwrap();
    assert!(
        italy.text.contains("no press can be addressed to God or the Devil"),
        "{}",
        italy.text
    );
    let god = out
        .values()
        .find(|m| m.to == ["bruno@vopaliec.example"] && m.subject.contains("received"))
        .unwrap();
    assert!(god.text.contains("God sends no press"), "{}", god.text);
    assert!(god.text.contains("blessing: A PAR"), "{}", god.text);
    let public_press: Vec<&Sent> = out
        .values()
        .filter(|m| m.subject.contains("press from France to all"))
        .collect();
    assert_eq!(public_press.len(), 9);
    let private: Vec<&Sent> = out
        .values()
        .filter(|m| m.subject.contains("press from England"))
        .collect();
    let mut to: Vec<&str> = private.iter().map(|m| m.to[0].as_str()).collect();
    to.sort();
    assert_eq!(to, ["alice@vopaliec.example", "dieter@vopaliec.example"]);

    // All orders are in: processed early, before the deadline.
    ok(&["process", d, "--now", EVENING], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Fall 1901 Movement"));
    let out = outbox(&dir);
    let reports: Vec<&Sent> = out
        .iter()
        .filter(|(n, _)| n.starts_with("S1901M-report-") && !n.contains("referee"))
        .map(|(_, m)| m)
        .collect();
    assert_eq!(
        reports.len(),
        9,
        "the public report goes to every player, divine included"
    );
    assert!(
        reports.iter().all(|m| m.text == reports[0].text),
        "the same body for all"
    );
    let r = &reports[0].text;
    assert!(r.contains("Blessing: A PAR, applied"), "{r}");
    assert!(r.contains("F ANK - BLA   -- fails: cursed: the move fails"), "{r}");
    assert!(r.contains("A WAR - GAL   -- fails: bounced with A VIE"), "{r}");
    assert!(
        r.contains("Next: Fall 1901 Movement, due Thursday 3 December 2026, 19:00 CET (18:00 UTC)."),
        "{r}"
    );
    let divine: Vec<&String> = out.keys().filter(|n| n.starts_with("S1901M-divine-")).collect();
    assert_eq!(divine, ["S1901M-divine-devil.eml", "S1901M-divine-god.eml"]);
    let god = &out["S1901M-divine-god.eml"];
    assert_eq!(god.to, ["bruno@vopaliec.example"]);
    assert!(
        god.text.contains("You protect Austria; the Devil protects England."),
        "{}",
        god.text
    );
    let devil = &out["S1901M-divine-devil.eml"];
    assert!(
        devil.text.contains("You protect England.") && !devil.text.contains("Austria"),
        "{}",
        devil.text
    );
    // The report has an HTML part, and the page is published with an index.
    assert!(String::from_utf8_lossy(&reports[0].raw).contains("text/html"));
    let page = std::fs::read_to_string(dir.join("pages/S1901M.html")).unwrap();
    assert!(page.contains("Spring 1901 Movement") && page.contains("cursed: the move fails"));
    let index = std::fs::read_to_string(dir.join("pages/index.html")).unwrap();
    assert!(index.contains("href=\"S1901M.html\""), "{index}");
}

/// God's and the Devil's players (indexes into PEOPLE), and the protected powers if changed.
type Run = (usize, usize, Option<(&'static str, &'static str)>);

#[test]
fn public_messages_are_the_same_whoever_the_divine_players_are() {
    // (god, devil) among PEOPLE[7..9]; then the protected powers changed by hand.
    let runs: Vec<Run> = vec![
        (7, 8, None),
        (8, 7, None),
        (7, 8, Some(("Turkey", "Italy"))),
        (8, 7, Some(("England", "Austria"))),
    ];
    let mut publics: Vec<BTreeMap<String, Vec<u8>>> = Vec::new();
    for (k, (god, devil, protect)) in runs.into_iter().enumerate() {
        let tmp = Tmp::new();
        let dir = tmp.path(&format!("game{k}"));
        play_spring(&dir, "diable-et-bon-dieu", god, devil, &tmp);
        if let Some((g, dv)) = protect {
            let path = dir.join("state.yaml");
            let mut text = std::fs::read_to_string(&path).unwrap();
            // Each protected power is changed, or the run would prove nothing new.
            for (was, is) in [
                ("God: Austria", format!("God: {g}")),
                ("Devil: England", format!("Devil: {dv}")),
            ] {
                assert!(text.contains(was), "state.yaml has no `{was}` to change:\n{text}");
                text = text.replace(was, &is);
                assert!(
                    text.contains(&is) && !text.contains(was),
                    "`{was}` was not changed:\n{text}"
                );
            }
            std::fs::write(&path, text).unwrap();
        }
        ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
        let out = outbox(&dir);
        let (g, dv) = (&PEOPLE[god], &PEOPLE[devil]);
        for (name, m) in &out {
            // Nothing names a divine player to anyone else: not in the headers, not in the text.
            for p in [g, dv] {
                if m.to != [p.email] {
                    let raw = String::from_utf8_lossy(&m.raw);
                    assert!(!raw.contains(p.email), "{name} leaks {}", p.email);
                    assert!(!m.text.contains(p.name), "{name} leaks {}", p.name);
                    assert_ne!(m.to_name, p.name, "{name}");
                    let first = p.name.split(' ').next().unwrap();
                    assert!(!m.text.contains(first), "{name} leaks {first}");
                }
            }
        }
        // Every message to a power's player.
        let public: BTreeMap<String, Vec<u8>> = out
            .into_iter()
            .filter(|(_, m)| PEOPLE[..7].iter().any(|p| m.to == [p.email]))
            .map(|(n, m)| (n, m.raw))
            .collect();
        assert_eq!(public.len(), 30, "welcome, reply, press and report of each power");
        // The reports carry the map: the same picture's bytes are compared too.
        let reports: Vec<&Vec<u8>> = public
            .iter()
            .filter(|(n, _)| n.starts_with("S1901M-report-"))
            .map(|(_, raw)| raw)
            .collect();
        assert!(reports.len() == 7 && reports.iter().all(|r| String::from_utf8_lossy(r).contains("image/png")));
        publics.push(public);
    }
    for other in &publics[1..] {
        assert_eq!(publics[0].keys().collect::<Vec<_>>(), other.keys().collect::<Vec<_>>());
        for (name, bytes) in &publics[0] {
            assert!(bytes == &other[name], "{name} differs between divine casts");
        }
    }
}

#[test]
fn processing_again_changes_nothing() {
    let tmp = Tmp::new();
    let dir = tmp.path("game");
    play_spring(&dir, "standard", 0, 0, &tmp);
    let d = dir.to_str().unwrap();
    ok(&["process", d, "--now", DEADLINE], None);
    let snapshot = |dir: &Path| {
        let mut files = BTreeMap::new();
        for sub in ["outbox", "pages", "mail"] {
            for e in std::fs::read_dir(dir.join(sub)).unwrap() {
                let p = e.unwrap().path();
                files.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
        files.insert(dir.join("state.yaml"), std::fs::read(dir.join("state.yaml")).unwrap());
        files
    };
    let before = snapshot(&dir);
    ok(&["process", d, "--now", DEADLINE], None);
    ok(&["process", d, "--now", "2026-12-01T21:00:00+01:00"], None);
    assert!(before == snapshot(&dir), "a second run changes nothing");
}

#[test]
fn missed_orders_hold_and_the_report_names_the_power() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "standard");
    let d = dir.to_str().unwrap();
    let body = format!("{}\nA PAR - BUR\nA MAR - BUR", signon("France", &PEOPLE[0]));
    ok(&["mail", d, "--now", EVENING], Some(&mail_from(&PEOPLE[0], "f", &body)));
    // Before the deadline, with orders missing: nothing happens.
    let out = ok(&["process", d, "--now", EVENING], None);
    assert!(out.contains("nothing due"), "{out}");
    ok(&["process", d, "--now", DEADLINE], None);
    let r = &outbox(&dir)["S1901M-report-france.eml"].text;
    assert!(r.contains("England (no orders received)"), "{r}");
    assert!(
        !r.contains("France (no orders received)"),
        "France's orders were incomplete, not missing"
    );
    assert!(r.contains("A PAR - BUR   -- fails: bounced with A MAR"), "{r}");
    let status = ok(&["status", d, "--yaml"], None);
    assert!(
        status.contains("England: [F LON, F EDI, A LVP]"),
        "England's units held: {status}"
    );
}

#[test]
fn one_reminder_before_the_deadline_to_each_role_with_orders_missing() {
    let tmp = Tmp::new();
    let dir = tmp.path("game");
    play_spring(&dir, "diable-et-bon-dieu", 7, 8, &tmp);
    let d = dir.to_str().unwrap();
    // CLEAR makes Germany's orders missing again, and the Devil's curse is withdrawn.
    let body = format!("{}\nCLEAR", signon("Germany", &PEOPLE[2]));
    ok(
        &["mail", d, "--now", EVENING],
        Some(&mail_from(&PEOPLE[2], "g2", &body)),
    );
    let body = format!("{}\nCLEAR", signon("Devil", &PEOPLE[8]));
    ok(
        &["mail", d, "--now", EVENING],
        Some(&mail_from(&PEOPLE[8], "d2", &body)),
    );
    // 48 hours before: too early. 23 hours before: reminders.
    ok(&["process", d, "--now", "2026-11-29T20:00:00+01:00"], None);
    assert!(!outbox(&dir).keys().any(|n| n.contains("reminder")));
    ok(&["process", d, "--now", "2026-11-30T21:00:00+01:00"], None);
    let out = outbox(&dir);
    let reminded: Vec<&String> = out.keys().filter(|n| n.contains("-reminder-")).collect();
    assert_eq!(reminded, ["S1901M-reminder-devil.eml", "S1901M-reminder-germany.eml"]);
    assert!(out["S1901M-reminder-germany.eml"].text.contains("an order for A MUN"));
    assert!(out["S1901M-reminder-devil.eml"].text.contains("your curse"));
    // What happens to units without orders is for the powers, not for the Devil.
    assert!(out["S1901M-reminder-germany.eml"]
        .text
        .contains("Units without orders hold"));
    assert!(!out["S1901M-reminder-devil.eml"].text.contains("Units without orders"));
    ok(&["process", d, "--now", "2026-11-30T22:00:00+01:00"], None);
    assert_eq!(
        outbox(&dir).keys().filter(|n| n.contains("-reminder-")).count(),
        2,
        "only once"
    );
}

#[test]
fn a_message_kept_before_a_crash_is_acted_on_by_the_next_run() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "standard");
    let d = dir.to_str().unwrap();
    // As if `arbitre mail` had stored the message and then died.
    let body = format!("{}\nA PAR - BUR", signon("France", &PEOPLE[0]));
    std::fs::create_dir_all(dir.join("mail")).unwrap();
    std::fs::write(dir.join("mail/00001.eml"), mail_from(&PEOPLE[0], "f", &body)).unwrap();
    let state_before = std::fs::read(dir.join("state.yaml")).unwrap();
    ok(&["process", d, "--now", EVENING], None);
    assert!(outbox(&dir).contains_key("m00001-reply-france.eml"));
    assert_eq!(state(&dir)["handled"].as_u64(), Some(1));
    // A crash after the reply was written (and sent) but before state.yaml was: the next
    // run acts on the message again, and does not write the sent reply a second time.
    std::fs::create_dir_all(dir.join("sent")).unwrap();
    std::fs::rename(
        dir.join("outbox/m00001-reply-france.eml"),
        dir.join("sent/m00001-reply-france.eml"),
    )
    .unwrap();
    std::fs::write(dir.join("state.yaml"), &state_before).unwrap();
    assert!(ok(&["status", d, "--yaml"], None).contains("orders: {}"));
    ok(&["process", d, "--now", EVENING], None);
    assert_eq!(orders_on_file(&dir, "France"), ["A PAR - BUR"], "acted on again");
    assert!(!outbox(&dir).contains_key("m00001-reply-france.eml"), "not sent twice");
}

#[test]
fn mail_exits_zero_once_kept_and_nonzero_when_it_cannot_keep() {
    let tmp = Tmp::new();
    let out = arbitre(
        &["mail", tmp.path("nowhere").to_str().unwrap()],
        Some(b"From: a@b.example\r\n\r\nhi"),
    );
    assert_eq!(out.status.code(), Some(75), "the MTA should retry");
    let dir = new_game(&tmp, "standard");
    let d = dir.to_str().unwrap();
    // Garbage is kept, and acted on as far as it can be.
    let out = arbitre(&["mail", d, "--now", EVENING], Some(&[0xff, 0xfe, 0, 1, 2, b'\n']));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_dir(dir.join("mail")).unwrap().count(), 1);
    // A message with no SIGNON: a rejection that says how to sign on.
    let out = arbitre(
        &["mail", d, "--now", EVENING],
        Some(&mail_from(&PEOPLE[0], "x", "A PAR - BUR")),
    );
    assert!(out.status.success());
    let m = outbox(&dir)
        .into_values()
        .find(|m| m.subject.contains("refused"))
        .unwrap();
    assert!(m.text.contains("no SIGNON line"), "{}", m.text);
}

#[test]
fn mail_from_files_names_each_failure_once_and_asks_for_a_retry_when_one_is_not_kept() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "standard");
    let d = dir.to_str().unwrap();
    let good = tmp.path("good.eml");
    std::fs::write(
        &good,
        mail_from(&PEOPLE[0], "f1", &format!("{}\nA PAR H", signon("France", &PEOPLE[0]))),
    )
    .unwrap();
    let (missing, good) = (tmp.path("missing.eml"), good.to_str().unwrap().to_string());
    let missing = missing.to_str().unwrap();
    // The game's mail/ cannot be written: the second message cannot be kept.
    std::fs::write(dir.join("mail"), "not a folder").unwrap();
    let out = arbitre(&["mail", d, missing, &good, "--now", EVENING], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(75),
        "a message not kept: the MTA should retry\n{err}"
    );
    assert_eq!(err.matches("missing.eml").count(), 1, "{err}");
    assert!(err.contains("good.eml: ") && err.contains("not kept"), "{err}");
    std::fs::remove_file(dir.join("mail")).unwrap();
    let out = arbitre(&["mail", d, missing, &good, "--now", EVENING], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.matches("missing.eml").count(), 1, "{err}");
    assert_eq!(
        std::fs::read_dir(dir.join("mail")).unwrap().count(),
        1,
        "the good one is kept"
    );
}

#[test]
fn a_folder_of_games_routes_by_signon_and_keeps_strays() {
    let tmp = Tmp::new();
    let root = tmp.path("games");
    std::fs::create_dir_all(&root).unwrap();
    let a = players_file("standard", 0, 0);
    let b = a.replace("game: vopaliec", "game: autre");
    let pa = tmp.file("a.yaml", &a);
    let pb = tmp.file("b.yaml", &b);
    let r = root.to_str().unwrap();
    create(&root.join("vopaliec"), &pa, CREATED);
    create(&root.join("autre"), &pb, CREATED);
    let body = "SIGNON France autre s3cret\nA PAR - PIC";
    let file = tmp.path("m.eml");
    std::fs::write(&file, mail_from(&PEOPLE[0], "route", body)).unwrap();
    ok(&["mail", r, file.to_str().unwrap(), "--now", EVENING], None);
    assert_eq!(std::fs::read_dir(root.join("autre/mail")).unwrap().count(), 1);
    assert!(!root.join("vopaliec/mail").exists());
    ok(
        &["mail", r, "--now", EVENING],
        Some(&mail_from(&PEOPLE[0], "stray", "SIGNON France nogame x")),
    );
    assert!(root.join("unmatched/00001.eml").exists());
    let stray = std::fs::read_dir(root.join("outbox"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let m = read_sent(&std::fs::read(stray).unwrap());
    // The games run here are not listed: a rejection tells a prober nothing of them.
    assert!(!m.text.contains("autre") && !m.text.contains("vopaliec"), "{}", m.text);
    assert!(m.text.contains("does not match"), "{}", m.text);
    // Two more strays, the first one's file removed by hand in between: every stray keeps a
    // file and a rejection of its own (none overwrites an earlier one waiting to be sent).
    let stray_mail = |n: usize| mail_from(&PEOPLE[n], &format!("stray {n}"), "SIGNON France nogame x");
    ok(&["mail", r, "--now", EVENING], Some(&stray_mail(1)));
    std::fs::remove_file(root.join("unmatched/00001.eml")).unwrap();
    ok(&["mail", r, "--now", EVENING], Some(&stray_mail(2)));
    assert_eq!(std::fs::read_dir(root.join("unmatched")).unwrap().count(), 2);
    let rejections = std::fs::read_dir(root.join("outbox"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains("rejection"))
        .count();
    assert_eq!(rejections, 3, "one rejection per stray");
    // A Maildir: every new message, then marked seen.
    let md = tmp.path("Maildir");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(md.join(sub)).unwrap();
    }
    std::fs::write(
        md.join("new/1.host"),
        mail_from(&PEOPLE[1], "md1", "SIGNON England autre rule-britannia\nF LON H"),
    )
    .unwrap();
    std::fs::write(
        md.join("new/2.host"),
        mail_from(&PEOPLE[2], "md2", "SIGNON Germany vopaliec kaiser\nA MUN H"),
    )
    .unwrap();
    ok(&["mail", r, "--maildir", md.to_str().unwrap(), "--now", EVENING], None);
    assert_eq!(std::fs::read_dir(md.join("new")).unwrap().count(), 0);
    assert!(md.join("cur/1.host:2,S").exists());
    assert_eq!(orders_on_file(&root.join("vopaliec"), "Germany"), ["A MUN H"]);
}

#[test]
fn a_message_for_a_game_whose_game_yaml_is_broken_waits_in_that_game() {
    let tmp = Tmp::new();
    let root = tmp.path("games");
    let r = root.to_str().unwrap();
    for name in ["vopaliec", "autre"] {
        let players = tmp.file(
            "p.yaml",
            &players_file("standard", 0, 0).replace("game: vopaliec", &format!("game: {name}")),
        );
        let dir = format!("{r}/{name}");
        ok(
            &["new", &dir, "--players", players.to_str().unwrap(), "--now", CREATED],
            None,
        );
    }
    // The referee mistypes a key while editing the game's configuration.
    let config = root.join("autre/game.yaml");
    let good = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, good.replace("timezone:", "timezon:")).unwrap();
    let out = arbitre(
        &["mail", r, "--now", EVENING],
        Some(&mail_from(
            &PEOPLE[0],
            "broken",
            "SIGNON France autre s3cret\nA PAR - PIC",
        )),
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("timezon"), "the referee is told why: {err}");
    assert!(!root.join("unmatched").exists(), "{err}");
    assert_eq!(std::fs::read_dir(root.join("autre/mail")).unwrap().count(), 1);
    // Once the file is mended, the next run acts on the message.
    std::fs::write(&config, good).unwrap();
    ok(&["process", r, "--now", EVENING], None);
    assert_eq!(orders_on_file(&root.join("autre"), "France"), ["A PAR - PIC"]);
}

#[test]
fn a_game_can_be_run_from_turn_files_alone() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let d = dir.to_str().unwrap();
    let bad = tmp.file(
        "bad.yaml",
        "phase: Spring 1901 Movement\norders:\n  France: [A PAR - BUR]\n  England:\n    - F LON - NTH\n    - A LVP - MOS\ndivine: {curse: A XYZ}\n",
    );
    let out = arbitre(&["orders", d, bad.to_str().unwrap(), "--now", EVENING], None);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.yaml:6: England: \"A LVP - MOS\""), "{err}");
    assert!(err.contains("divine: curse:"), "{err}");
    assert!(
        ok(&["status", d, "--yaml"], None).contains("orders: {}"),
        "nothing recorded"
    );
    let good = tmp.file(
        "s1901.yaml",
        "phase: S1901M\norders:\n  France: [A PAR - BUR, A MAR - BUR]\n  Germany: [A MUN - BUR]\ndivine: {blessing: A MUN, curse: none}\n",
    );
    ok(&["orders", d, good.to_str().unwrap(), "--now", EVENING], None);
    let no_phase = tmp.file("nophase.yaml", "orders:\n  France: [A PAR H]\n");
    let out = arbitre(&["orders", d, no_phase.to_str().unwrap()], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("nophase.yaml:1: missing \"phase:\" (e.g. \"phase: Spring 1901 Movement\")"),
        "{err}"
    );
    let wrong_phase = tmp.file("f1901.yaml", "phase: F1901M\norders:\n  France: [A PAR H]\n");
    let out = arbitre(&["orders", d, wrong_phase.to_str().unwrap()], None);
    assert!(String::from_utf8_lossy(&out.stderr).contains("the game is in Spring 1901 Movement"));
    ok(&["process", d, "--now", DEADLINE], None);
    let r = &outbox(&dir)["S1901M-report-france.eml"].text;
    assert!(r.contains("A MUN - BUR\n"), "the blessed move succeeds: {r}");
    assert!(r.contains("Blessing: A MUN, applied"), "{r}");
    // The rules: the report says which unit was cursed, "or that none was".
    assert!(r.contains("  Curse: none\n"), "a curse declined (NONE): {r}");
    assert!(ok(&["status", d, "--yaml"], None).contains("Germany: [F KIE, A BER, A BUR]"));
}

#[test]
fn a_turn_file_for_a_folder_that_is_no_game_is_refused_as_such() {
    let tmp = Tmp::new();
    let turn = tmp.file("s1901.yaml", "phase: S1901M\norders:\n  France: [A PAR H]\n");
    let turn = turn.to_str().unwrap();
    for dir in [tmp.path("nowhere"), tmp.path("")] {
        let out = arbitre(&["orders", dir.to_str().unwrap(), turn], None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains("not a game folder"), "{err}");
    }
    assert!(
        !tmp.path(".lock").exists(),
        "nothing is written in a folder that is no game"
    );
}

#[test]
fn the_adjustment_blessing_and_a_curse_in_winter() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let d = dir.to_str().unwrap();
    // Move the game to the autumn of 1903 with France's armies abroad.
    let path = dir.join("state.yaml");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("phase: Spring 1901 Movement", "phase: Fall 1903 Movement")
        .replace("- A PAR\n", "- A BUR\n")
        .replace("- A MAR\n", "- A SPA\n");
    std::fs::write(&path, text).unwrap();
    let god = |body: &str| mail_from(&PEOPLE[7], body, &format!("{}\n{body}", signon("God", &PEOPLE[7])));
    ok(&["mail", d, "--now", EVENING], Some(&god("BLESS France")));
    let out = outbox(&dir);
    let reply = out
        .values()
        .find(|m| m.to == ["bruno@vopaliec.example"] && m.subject.contains("received"))
        .unwrap();
    assert!(
        reply.text.contains("adjustment blessing for winter 1903: France"),
        "{}",
        reply.text
    );
    ok(&["process", d, "--now", DEADLINE], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Winter 1903 Adjustment"));
    let autumn = &outbox(&dir)["F1903M-report-germany.eml"].text;
    assert!(
        autumn.contains("France: 4 centres, 3 units, builds 1"),
        "the blessing stays private: {autumn}"
    );
    let out = outbox(&dir);
    let notice = &out["W1903A-blessing-france.eml"];
    assert_eq!(notice.to, ["alice@vopaliec.example"]);
    assert!(notice.text.contains("you may build one more"), "{}", notice.text);
    assert_eq!(
        out.keys().filter(|n| n.contains("blessing-")).count(),
        1,
        "France alone is told"
    );
    // The Devil tries a curse in winter.
    let body = format!("{}\nCURSE A BUR", signon("Devil", &PEOPLE[8]));
    ok(
        &["mail", d, "--now", "2026-12-02T10:00:00+01:00"],
        Some(&mail_from(&PEOPLE[8], "dw", &body)),
    );
    let reply = outbox(&dir)
        .into_values()
        .find(|m| m.to == ["chloe@vopaliec.example"] && m.subject.contains("Winter 1903"))
        .unwrap();
    assert!(reply.text.contains("no curse in winter"), "{}", reply.text);
    // France owns SPA now (4 centres, 3 units): one build, two with the blessing.
    let body = format!("{}\nBUILD A PAR\nBUILD A MAR", signon("France", &PEOPLE[0]));
    ok(
        &["mail", d, "--now", "2026-12-02T10:00:00+01:00"],
        Some(&mail_from(&PEOPLE[0], "fw", &body)),
    );
    ok(&["process", d, "--now", "2026-12-05T10:00:00+01:00"], None);
    let r = &outbox(&dir)["W1903A-report-germany.eml"].text;
    assert!(r.contains("Adjustment blessing: France, applied"), "{r}");
    assert!(r.contains("BUILD A PAR\n") && r.contains("BUILD A MAR\n"), "{r}");
}

#[test]
fn the_sample_turn_matches_its_golden_outbox() {
    let tmp = Tmp::new();
    let dir = tmp.path("vopaliec");
    let d = dir.to_str().unwrap();
    let sample = repo().join("turns/vopaliec");
    create(&dir, &sample.join("players.yaml"), CREATED);
    let mut mails: Vec<PathBuf> = std::fs::read_dir(sample.join("mail"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    mails.sort();
    for m in &mails {
        ok(&["mail", d, "--now", EVENING], Some(&std::fs::read(m).unwrap()));
    }
    ok(&["process", d, "--now", DEADLINE], None);
    let golden = repo().join("tests/golden/vopaliec");
    let update = std::env::var("UPDATE_GOLDEN").as_deref() == Ok("1");
    if update {
        let _ = std::fs::remove_dir_all(&golden);
        std::fs::create_dir_all(&golden).unwrap();
    }
    let mut names = Vec::new();
    for e in std::fs::read_dir(dir.join("outbox")).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let bytes = without_picture(&std::fs::read(&p).unwrap());
        if update {
            std::fs::write(golden.join(&name), &bytes).unwrap();
        } else {
            let want = std::fs::read(golden.join(&name))
                .unwrap_or_else(|_| panic!("{name} is new: run with UPDATE_GOLDEN=1 and review it"));
            assert!(
                want == bytes,
                "{name} differs from tests/golden/vopaliec (UPDATE_GOLDEN=1 to accept)"
            );
        }
        names.push(name);
    }
    if !update {
        let golden_count = std::fs::read_dir(&golden).unwrap().count();
        assert_eq!(golden_count, names.len(), "a golden message is no longer written");
    }
}

/// Creates a game of `variant` with the standard players (God: PEOPLE[7], Devil:
/// PEOPLE[8]) and returns its folder.
fn new_game(tmp: &Tmp, variant: &str) -> PathBuf {
    let dir = tmp.path("game");
    let players = tmp.file("p.yaml", &players_file(variant, 7, 8));
    create(&dir, &players, CREATED);
    dir
}

#[test]
fn a_first_deadline_already_past_is_pointed_out() {
    let tmp = Tmp::new();
    let players = tmp.file("p.yaml", &players_file("standard", 7, 8));
    let new = |dir: &str, now: &str| {
        arbitre(
            &[
                "new",
                tmp.path(dir).to_str().unwrap(),
                "--players",
                players.to_str().unwrap(),
                "--now",
                now,
            ],
            None,
        )
    };
    let out = new("late", "2026-12-02T10:00:00+01:00");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("p.yaml") && err.contains("start:") && err.contains("already past"),
        "{err}"
    );
    let out = new("early", CREATED);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("already past"), "{err}");
}

fn send_as(dir: &Path, who: usize, role: &str, id: &str, lines: &str, now: &str) -> Sent {
    let body = format!("{}\n{lines}", signon(role, &PEOPLE[who]));
    ok(
        &["mail", dir.to_str().unwrap(), "--now", now],
        Some(&mail_from(&PEOPLE[who], id, &body)),
    );
    let n = state(dir)["handled"].as_u64().unwrap();
    let name = format!("m{n:05}-reply-{}.eml", role.to_lowercase());
    outbox(dir).remove(&name).unwrap_or_else(|| panic!("no {name}"))
}

#[test]
fn two_blessings_on_one_power_in_a_year_are_refused_when_cast() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let d = dir.to_str().unwrap();
    let r = send_as(&dir, 7, "God", "g1", "BLESS A PAR", EVENING);
    assert!(r.text.contains("blessing on A PAR"), "{}", r.text);
    ok(&["process", d, "--now", DEADLINE], None);
    let r = send_as(
        &dir,
        7,
        "God",
        "g2",
        "BLESS F BRE\nBLESS A VEN",
        "2026-12-02T10:00:00+01:00",
    );
    assert!(
        r.text
            .contains("a blessing already fell on a unit of France in Spring 1901 Movement this year"),
        "{}",
        r.text
    );
    assert!(r.text.contains("blessing: A VEN"), "{}", r.text);
    // The Devil may curse France, and a curse in a retreat or adjustment phase is refused.
    let r = send_as(&dir, 8, "Devil", "d1", "CURSE A PAR", "2026-12-02T10:00:00+01:00");
    assert!(r.text.contains("curse on A PAR"), "{}", r.text);
}

#[test]
fn a_draw_vote_ends_the_game_and_the_final_report_reveals_everything() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let d = dir.to_str().unwrap();
    for (i, role) in POWERS.iter().enumerate() {
        send_as(&dir, i, role, &format!("v{i}"), "VOTE DRAW", EVENING);
    }
    // Italy changes its mind, then back: votes stand until changed.
    send_as(&dir, 3, "Italy", "v-it", "VOTE CONTINUE", EVENING);
    ok(&["process", d, "--now", DEADLINE], None);
    assert!(state(&dir).get("finished").is_none(), "Italy voted to continue");
    send_as(&dir, 3, "Italy", "v-it2", "VOTE DRAW", "2026-12-02T10:00:00+01:00");
    ok(&["process", d, "--now", "2026-12-05T10:00:00+01:00"], None);
    let st = state(&dir);
    assert_eq!(st["finished"]["after"].as_str(), Some("Fall 1901 Movement"));
    let out = outbox(&dir);
    let finals: Vec<&Sent> = out
        .iter()
        .filter(|(n, _)| n.starts_with("final-") && !n.contains("referee"))
        .map(|(_, m)| m)
        .collect();
    assert_eq!(finals.len(), 9);
    let f = &finals[0].text;
    assert!(f.contains("Every surviving power voted for a draw"), "{f}");
    assert!(f.contains("God: Bruno Petit") && f.contains("Devil: Chloé Roux"), "{f}");
    assert!(f.contains("God protected Austria; the Devil protected England."), "{f}");
    assert!(
        f.contains("8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04"),
        "{f}"
    );
    let report = &out["F1901M-report-france.eml"].text;
    assert!(report.contains("The game is over."), "{report}");
    // After the end: a reply saying so, and nothing more to process.
    let r = send_as(&dir, 0, "France", "late", "A PAR H", "2026-12-05T11:00:00+01:00");
    assert!(r.text.contains("The game is over."), "{}", r.text);
    for stale in ["Your orders are complete", "Orders on file", "Deadline:", "Done:"] {
        assert!(!r.text.contains(stale), "a finished game has no {stale:?}: {}", r.text);
    }
    let out = ok(&["process", d, "--now", "2026-12-20T10:00:00+01:00"], None);
    assert!(out.contains("the game is over"), "{out}");
}

#[test]
fn a_dislodged_unit_retreats_by_mail() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let d = dir.to_str().unwrap();
    // Germany takes Munich's neighbour Burgundy from France with support from Ruhr.
    let path = dir.join("state.yaml");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("- A PAR\n", "- A BUR\n")
        .replace("- A BER\n", "- A RUH\n");
    std::fs::write(&path, text).unwrap();
    send_as(&dir, 2, "Germany", "g", "A MUN - BUR\nA RUH S A MUN - BUR", EVENING);
    ok(&["process", d, "--now", DEADLINE], None);
    let r = &outbox(&dir)["S1901M-report-england.eml"].text;
    assert_eq!(state(&dir)["phase"].as_str(), Some("Spring 1901 Retreat"), "{r}");
    let r = &outbox(&dir)["S1901M-report-england.eml"].text;
    assert!(r.contains("France A BUR (attacked from MUN): retreats"), "{r}");
    let reply = send_as(&dir, 0, "France", "r1", "A BUR - MUN", "2026-12-02T10:00:00+01:00");
    assert!(
        reply.text.contains("line 2: A BUR - MUN"),
        "a retreat to the attacker's province: {}",
        reply.text
    );
    // Neither blessing nor curse in a retreat phase.
    let r = send_as(&dir, 7, "God", "gr", "BLESS A MUN", "2026-12-02T10:00:00+01:00");
    assert!(r.text.contains("no blessing or curse in a retreat phase"), "{}", r.text);
    let r = send_as(&dir, 8, "Devil", "dr", "CURSE A MUN", "2026-12-02T10:00:00+01:00");
    assert!(r.text.contains("no blessing or curse in a retreat phase"), "{}", r.text);
    let reply = send_as(&dir, 0, "France", "r2", "A BUR - PIC", "2026-12-02T10:00:00+01:00");
    assert!(reply.text.contains("A BUR - PIC: on file"), "{}", reply.text);
    assert!(reply.text.contains("Your orders are complete."), "{}", reply.text);
    // Everyone else has nothing to do: processed at once.
    ok(&["process", d, "--now", "2026-12-02T10:05:00+01:00"], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Fall 1901 Movement"));
    assert!(ok(&["status", d, "--yaml"], None).contains("A PIC"));
    // Nothing can be cast in a retreat phase, so its report has no part for it (issue #24:
    // it said "Heaven and hell: Neither blessing nor curse.").
    let r = &outbox(&dir)["S1901R-report-england.eml"].text;
    assert!(r.contains("A BUR - PIC"), "{r}");
    assert!(!r.contains("Heaven and hell") && !r.contains("blessing"), "{r}");
}

#[test]
fn a_game_folder_may_override_a_template() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    std::fs::write(
        dir.join("templates/reply.txt"),
        "Bien reçu, {{ name }}. {{ done | length }} ligne(s).\n",
    )
    .unwrap();
    let r = send_as(&dir, 0, "France", "t", "A PAR H\nA MAR H", EVENING);
    assert_eq!(r.text.trim_end(), "Bien reçu, Alice Martin. 2 ligne(s).");
    // A template that does not parse is named, and the message is still kept; once the
    // template is fixed, the next run acts on it.
    std::fs::write(dir.join("templates/reply.txt"), "{% if %}").unwrap();
    let body = format!("{}\nA MAR - SPA", signon("France", &PEOPLE[0]));
    let d = dir.to_str().unwrap();
    let out = arbitre(
        &["mail", d, "--now", EVENING],
        Some(&mail_from(&PEOPLE[0], "t2", &body)),
    );
    assert!(out.status.success(), "kept, so the mail system must not retry");
    assert!(String::from_utf8_lossy(&out.stderr).contains("reply.txt"));
    assert_eq!(
        std::fs::read_dir(dir.join("mail")).unwrap().count(),
        2,
        "both messages are kept"
    );
    std::fs::remove_file(dir.join("templates/reply.txt")).unwrap();
    ok(&["process", d, "--now", EVENING], None);
    assert_eq!(orders_on_file(&dir, "France"), ["A PAR H", "A MAR - SPA"]);
}

#[test]
fn supports_and_convoys_are_accepted_before_the_orders_they_match() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let r = send_as(
        &dir,
        2,
        "Germany",
        "s",
        "A MUN S A BER - KIE\nF KIE S A VEN\nA BER S A MUN - KIE",
        EVENING,
    );
    assert!(r.text.contains("A MUN S A BER - KIE: on file"), "{}", r.text);
    assert!(
        r.text.contains("line 3: F KIE S A VEN"),
        "a fleet in Kiel cannot support Venice: {}",
        r.text
    );
    assert!(r.text.contains("A BER S A MUN - KIE: on file"), "{}", r.text);
    let r = send_as(&dir, 1, "England", "c", "F LON - NTH\nF EDI C A LVP - NWY", EVENING);
    assert!(
        r.text.contains("F EDI cannot convoy: only fleets at sea convoy"),
        "{}",
        r.text
    );
}

#[test]
fn a_sender_no_mail_can_go_to_does_not_stop_the_game() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let d = dir.to_str().unwrap();
    for raw in [
        "From: x@\r\nMessage-ID: <bad1@x>\r\nSubject: v\r\n\r\nhello\r\n".to_string(),
        "From: =?utf-8?q?Evil=0D=0ABcc=3A_all?= <evil@elsewhere.example>\r\nMessage-ID: <bad2@x>\r\n\r\nSIGNON France vopaliec nope\r\n".to_string(),
        "From: MAILER-DAEMON <mailer@elsewhere.example>\r\nAuto-Submitted: auto-replied\r\nMessage-ID: <bad3@x>\r\n\r\nout of office\r\n".to_string(),
        // A delivery report (RFC 3464) with neither Auto-Submitted nor an empty Return-Path,
        // quoting the message it returns.
        "From: Mail Delivery System <mailer-daemon@elsewhere.example>\r\nMessage-ID: <bad4@x>\r\n\
         Content-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n\
         --b\r\nContent-Type: text/plain\r\n\r\nSIGNON France vopaliec s3cret\r\n--b--\r\n"
            .to_string(),
    ] {
        let out = arbitre(&["mail", d, "--now", EVENING], Some(raw.as_bytes()));
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let r = send_as(&dir, 0, "France", "after", "A PAR - BUR", EVENING);
    assert!(r.text.contains("A PAR - BUR: on file"), "{}", r.text);
    let out = outbox(&dir);
    assert!(
        !out.values().any(|m| m.to == ["mailer@elsewhere.example"]),
        "no answer to an auto-reply"
    );
    assert!(
        !out.values().any(|m| m.to == ["mailer-daemon@elsewhere.example"]),
        "no answer to a bounce"
    );
    assert!(
        !out.values().any(|m| m.text.contains("mailer-daemon@elsewhere.example")),
        "nobody is told of a bounce"
    );
    let evil = out
        .values()
        .find(|m| m.to == ["evil@elsewhere.example"])
        .expect("a rejection");
    assert!(
        !String::from_utf8_lossy(&evil.raw).contains("\r\nBcc:"),
        "no header injection"
    );
}

#[test]
fn a_divine_players_address_is_never_shown_to_a_power() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    // God's player signs on as France with France's password, from God's address.
    let body = format!("{}\nA PAR - PIC", signon("France", &PEOPLE[0]));
    ok(
        &["mail", dir.to_str().unwrap(), "--now", EVENING],
        Some(&mail_from(&PEOPLE[7], "g-as-f", &body)),
    );
    let out = outbox(&dir);
    let notice = out
        .values()
        .find(|m| m.to == ["alice@vopaliec.example"] && m.subject.contains("failed sign-ons"))
        .expect("France's player is told");
    let raw = String::from_utf8_lossy(&notice.raw);
    assert!(!raw.contains("bruno") && !raw.contains("Bruno"), "{raw}");
    assert!(!raw.contains("In-Reply-To"), "{raw}");
}

#[test]
fn orders_after_the_deadline_are_refused() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let r = send_as(
        &dir,
        0,
        "France",
        "late",
        "A PAR - PIC\nPRESS TO ALL\nsorry\nENDPRESS",
        "2026-12-01T20:30:00+01:00",
    );
    assert!(
        r.text
            .contains("too late: the deadline was Tuesday 1 December 2026, 20:00 CET"),
        "{}",
        r.text
    );
    assert!(r.text.contains("press to all sent"), "press still goes: {}", r.text);
    // The rules: God and the Devil cast before the deadline.
    let r = send_as(&dir, 7, "God", "late-g", "BLESS A PAR", "2026-12-01T20:30:00+01:00");
    assert!(r.text.contains("too late"), "{}", r.text);
    let status = ok(&["status", dir.to_str().unwrap(), "--yaml"], None);
    assert!(
        status.contains("orders: {}") && status.contains("divine: {}"),
        "{status}"
    );
}

#[test]
fn after_a_divine_win_the_adjustment_blessing_is_void_and_casts_are_refused() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let d = dir.to_str().unwrap();
    // Autumn 1903, France's armies abroad; England (the Devil's power) was eliminated in
    // 1902, so God has won and both divine players have withdrawn. God's blessing for the
    // winter was named before that.
    let path = dir.join("state.yaml");
    let others = "{France: 3, Germany: 3, Italy: 3, Austria: 3, Russia: 4, Turkey: 3}";
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace(
            "phase: Spring 1901 Movement",
            "phase: Fall 1903 Movement\nadjustment_blessing: France",
        )
        .replace("- A PAR\n", "- A BUR\n")
        .replace("- A MAR\n", "- A SPA\n")
        .replace(
            "history: []",
            &format!("history:\n- phase: Fall 1902 Movement\n  centers: {others}\n  units: {others}\n"),
        );
    std::fs::write(&path, text).unwrap();
    let r = send_as(&dir, 7, "God", "g", "BLESS A PAR", EVENING);
    assert!(r.text.contains("have withdrawn"), "{}", r.text);
    let r = send_as(&dir, 7, "God", "g2", "BLESS NONE", EVENING);
    assert!(r.text.contains("BLESS NONE"), "NONE is still taken: {}", r.text);
    ok(&["process", d, "--now", DEADLINE], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Winter 1903 Adjustment"));
    let out = outbox(&dir);
    assert!(
        !out.keys().any(|n| n.contains("blessing-")),
        "no notice: the blessing is void"
    );
    let divine = &out["F1903M-divine-god.eml"].text;
    assert!(divine.contains("You protect Austria"), "{divine}");
}

/// Rewrites `state.yaml` through `edit`, as a referee fixing a position by hand would.
fn edit_state(dir: &Path, edit: impl FnOnce(&mut serde_yaml::Value)) {
    let mut s = state(dir);
    edit(&mut s);
    std::fs::write(dir.join("state.yaml"), serde_yaml::to_string(&s).unwrap()).unwrap();
}

fn yaml(text: &str) -> serde_yaml::Value {
    serde_yaml::from_str(text).unwrap()
}

/// Autumn 1903, God has named France for the winter's blessing; France's armies are abroad, so
/// it could build. England has no unit left and holds only LON, which Germany's F NTH takes:
/// England is eliminated, and with the blessing aside nobody has an adjustment due.
fn autumn_1903_england_falls(tmp: &Tmp, devil_protects: &str) -> PathBuf {
    let dir = new_game(tmp, "diable-et-bon-dieu");
    edit_state(&dir, |s| {
        s["phase"] = yaml("Fall 1903 Movement");
        s["adjustment_blessing"] = yaml("France");
        s["protected"]["Devil"] = yaml(devil_protects);
        let b = &mut s["board"];
        b["units"].as_mapping_mut().unwrap().remove("England");
        b["units"]["Germany"] = yaml("[F KIE, A BER, A MUN, F NTH]");
        b["units"]["France"] = yaml("[F MAO, A BUR, A GAS]");
        b["supply_centers"]["England"] = yaml("[LON]");
    });
    send_as(&dir, 2, "Germany", "g", "F NTH - LON", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    dir
}

#[test]
fn a_blessing_winter_nobody_else_needs_is_played_for_the_blessed_power() {
    let tmp = Tmp::new();
    let dir = autumn_1903_england_falls(&tmp, "Turkey");
    assert_eq!(state(&dir)["phase"].as_str(), Some("Winter 1903 Adjustment"));
    assert!(outbox(&dir).contains_key("W1903A-blessing-france.eml"));
}

#[test]
fn a_blessing_voided_by_a_divine_win_brings_about_no_winter() {
    // England is the Devil's power: its elimination is God's win, both withdraw, and the
    // blessing is void. A winter played for it anyway, with nothing to do, would tell
    // everyone that the power just eliminated was protected.
    let tmp = Tmp::new();
    let dir = autumn_1903_england_falls(&tmp, "England");
    assert_eq!(state(&dir)["phase"].as_str(), Some("Spring 1904 Movement"));
    let out = outbox(&dir);
    assert!(!out.keys().any(|n| n.contains("blessing-")), "no notice");
    let r = &out["F1903M-report-france.eml"].text;
    assert!(r.contains("Next: Spring 1904 Movement"), "{r}");
    assert!(out["F1903M-divine-god.eml"].text.contains("God wins"));
}

#[test]
fn a_power_whose_last_unit_is_dislodged_is_not_eliminated_before_its_retreat() {
    // Italy (God's power here) kept one unit and no centre through the winter (possible with
    // the adjustment blessing: one disband fewer). Its A PIE is dislodged, with retreats
    // open: Italy is still in the game until the retreat is resolved, so its fall is no
    // divine win for the Devil.
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    let d = dir.to_str().unwrap();
    edit_state(&dir, |s| {
        s["phase"] = yaml("Spring 1904 Movement");
        s["protected"]["God"] = yaml("Italy");
        let b = &mut s["board"];
        b["units"]["Italy"] = yaml("[A PIE]");
        b["units"]["France"] = yaml("[F BRE, A MAR, F LYO]");
        b["supply_centers"].as_mapping_mut().unwrap().remove("Italy");
    });
    send_as(&dir, 0, "France", "f", "A MAR - PIE\nF LYO S A MAR - PIE", EVENING);
    ok(&["process", d, "--now", DEADLINE], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Spring 1904 Retreat"));
    let out = outbox(&dir);
    let r = &out["S1904M-report-germany.eml"].text;
    assert!(
        r.contains("Italy A PIE (attacked from MAR): retreats TUS, TYR, VEN"),
        "{r}"
    );
    assert!(!r.contains("Eliminated") && !r.contains("(eliminated)"), "{r}");
    let devil = &out["S1904M-divine-devil.eml"].text;
    assert!(!devil.contains("wins"), "{devil}");
    send_as(&dir, 3, "Italy", "i", "A PIE - TUS", "2026-12-02T10:00:00+01:00");
    ok(&["process", d, "--now", "2026-12-02T10:05:00+01:00"], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Fall 1904 Movement"));
    let out = outbox(&dir);
    let r = &out["S1904R-report-germany.eml"].text;
    assert!(r.contains("Italy: 0 centres, 1 unit\n"), "{r}");
    assert!(!r.contains("Eliminated") && !out["S1904R-divine-devil.eml"].text.contains("wins"));
}

#[test]
fn the_devils_letters_do_not_hold_gods_protected_power() {
    // Even a referee's own template cannot show the Devil what he is not told: the power God
    // protects is not among the values his letters are rendered from.
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    std::fs::create_dir_all(dir.join("templates")).unwrap();
    std::fs::write(
        dir.join("templates/divine.txt"),
        "{{ role }}: God {{ god_protects | default(value=\"?\") }}, Devil {{ devil_protects }}\n",
    )
    .unwrap();
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    let out = outbox(&dir);
    assert_eq!(
        out["S1901M-divine-devil.eml"].text.trim_end(),
        "Devil: God ?, Devil England"
    );
    assert_eq!(
        out["S1901M-divine-god.eml"].text.trim_end(),
        "God: God Austria, Devil England"
    );
}

#[test]
fn a_cancelled_blessing_counts_for_the_year_and_the_adjustment_blessing_does_not() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    edit_state(&dir, |s| s["phase"] = yaml("Spring 1903 Movement"));
    send_as(&dir, 7, "God", "g1", "BLESS A PAR", EVENING);
    send_as(&dir, 8, "Devil", "d1", "CURSE A PAR", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    let r = &outbox(&dir)["S1903M-report-france.eml"].text;
    assert!(r.contains("Blessing: A PAR, cancelled"), "{r}");
    // Both fell on a unit of France, though cancelled: no second one on France in 1903.
    let later = "2026-12-02T10:00:00+01:00";
    let r = send_as(&dir, 7, "God", "g2", "BLESS A MAR", later);
    assert!(
        r.text.contains("a blessing already fell on a unit of France"),
        "{}",
        r.text
    );
    let r = send_as(&dir, 8, "Devil", "d2", "CURSE F BRE", later);
    assert!(
        r.text.contains("a curse already fell on a unit of France"),
        "{}",
        r.text
    );
    // The adjustment blessing is no blessing of a unit: France may have it.
    let r = send_as(&dir, 7, "God", "g3", "BLESS France", later);
    assert!(
        r.text.contains("adjustment blessing for winter 1903: France"),
        "{}",
        r.text
    );
}

#[test]
fn a_power_out_of_the_game_is_not_told_of_an_adjustment_blessing() {
    // God named Italy in the autumn of 1903; Italy, with no unit and only NAP left, loses NAP
    // that autumn. The winter is played (Germany builds), the blessing is void there, and Italy
    // is not told it may build.
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    edit_state(&dir, |s| {
        s["phase"] = yaml("Fall 1903 Movement");
        s["adjustment_blessing"] = yaml("Italy");
        let b = &mut s["board"];
        b["units"].as_mapping_mut().unwrap().remove("Italy");
        b["units"]["Austria"] = yaml("[A VIE, A BUD, F TRI, F ION]");
        b["units"]["Germany"] = yaml("[F KIE, A RUH, A MUN]");
        b["supply_centers"]["Italy"] = yaml("[NAP]");
        b["supply_centers"]["Germany"] = yaml("[BER, MUN, KIE, HOL]");
    });
    send_as(&dir, 4, "Austria", "a", "F ION - NAP", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    assert_eq!(state(&dir)["phase"].as_str(), Some("Winter 1903 Adjustment"));
    let out = outbox(&dir);
    assert!(out["F1903M-report-france.eml"].text.contains("Eliminated: Italy."));
    assert!(!out.keys().any(|n| n.contains("blessing-")), "no notice to Italy");
}

#[test]
fn the_adjustment_blessing_is_named_in_a_blessing_autumn_for_a_power_in_the_game() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "diable-et-bon-dieu");
    for (phase, accepted) in [
        ("Fall 1902 Movement", false),
        ("Spring 1903 Movement", false),
        ("Fall 1904 Movement", false),
        ("Fall 1905 Movement", true),
    ] {
        edit_state(&dir, |s| s["phase"] = yaml(phase));
        let r = send_as(&dir, 7, "God", &format!("g-{phase}"), "BLESS France", EVENING);
        assert_eq!(
            r.text.contains("adjustment blessing for winter 1905: France"),
            accepted,
            "{phase}: {}",
            r.text
        );
        if !accepted {
            assert!(r.text.contains("is named in the autumn of 1903, 1905"), "{}", r.text);
        }
    }
    // The Devil has no adjustment curse, and a power out of the game cannot be named.
    let r = send_as(&dir, 8, "Devil", "d", "CURSE France", EVENING);
    assert!(!r.text.contains("adjustment"), "{}", r.text);
    assert!(r.text.contains("line 2: CURSE France"), "{}", r.text);
    edit_state(&dir, |s| {
        s["board"]["units"].as_mapping_mut().unwrap().remove("Italy");
        s["board"]["supply_centers"].as_mapping_mut().unwrap().remove("Italy");
    });
    let r = send_as(&dir, 7, "God", "g-italy", "BLESS Italy", EVENING);
    assert!(r.text.contains("Italy is out of the game"), "{}", r.text);
}

/// Autumn 1905: Austria, with 17 centres, takes MUN for its 18th. Italy, Russia and Turkey
/// are gone; `history` is what `state.yaml` says of the phases before; God protects `god`.
fn austria_solos(tmp: &Tmp, god: &str, history: &str) -> BTreeMap<String, Sent> {
    let dir = new_game(tmp, "diable-et-bon-dieu");
    edit_state(&dir, |s| {
        s["phase"] = yaml("Fall 1905 Movement");
        s["protected"]["God"] = yaml(god);
        s["history"] = yaml(history);
        let b = &mut s["board"];
        for gone in ["Italy", "Russia", "Turkey"] {
            b["units"].as_mapping_mut().unwrap().remove(gone);
            b["supply_centers"].as_mapping_mut().unwrap().remove(gone);
        }
        b["units"]["Austria"] = yaml("[A VIE, A BUD, F TRI, A BOH]");
        b["units"]["Germany"] = yaml("[F KIE, A BER]");
        b["supply_centers"]["Austria"] =
            yaml("[VIE, BUD, TRI, SER, GRE, BUL, RUM, VEN, ROM, NAP, TUN, WAR, MOS, SEV, CON, ANK, SMY]");
    });
    send_as(&dir, 4, "Austria", "a", "A BOH - MUN", EVENING);
    ok(&["process", dir.to_str().unwrap(), "--now", DEADLINE], None);
    assert_eq!(state(&dir)["finished"]["after"].as_str(), Some("Fall 1905 Movement"));
    outbox(&dir)
}

#[test]
fn a_solo_of_gods_power_makes_two_winners() {
    let tmp = Tmp::new();
    let out = austria_solos(&tmp, "Austria", "[]");
    let f = &out["final-france.eml"].text;
    assert!(f.contains("Austria wins alone with 18 or more supply centres."), "{f}");
    assert!(f.contains("Winners: Austria, God."), "{f}");
    let r = &out["F1905M-report-france.eml"].text;
    assert!(r.contains("The game is over. Austria wins alone"), "{r}");
    assert!(
        !r.contains("God") && !r.contains("Devil"),
        "the last public report names no divine player: {r}"
    );
}

#[test]
fn a_divine_win_by_elimination_then_a_solo_makes_two_winners() {
    // Italy (God's power here) was eliminated in 1904: the Devil won then. Austria, which
    // nobody protects, solos later: a second winner.
    let tmp = Tmp::new();
    let others = "{England: 3, France: 3, Germany: 3, Austria: 15}";
    let history = format!("[{{phase: Fall 1904 Movement, centers: {others}, units: {others}}}]");
    let out = austria_solos(&tmp, "Italy", &history);
    let f = &out["final-france.eml"].text;
    assert!(f.contains("Winners: Austria, Devil."), "{f}");
}

/// A SIGNON with a misspelt role (issue #24): the referee's log says what it may have been
/// meant for; the sender's refusal says nothing of the game's roles.
#[test]
fn a_misspelt_signon_role_gets_did_you_mean_in_the_log_only() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "standard");
    let raw = "From: Bob <bob@vopaliec.example>\r\nTo: arbitre@vopaliec.example\r\nSubject: orders\r\n\
               Message-ID: <slip-1@test.example>\r\n\r\nSIGNON Englnd vopaliec rule-britannia\r\nA LON H\r\n";
    let out = arbitre(&["mail", dir.to_str().unwrap(), "--now", EVENING], Some(raw.as_bytes()));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("no such game or role: vopaliec Englnd (did you mean England?)"),
        "{said}"
    );
    let refusal = outbox(&dir)
        .into_values()
        .find(|m| m.subject == "message refused / message refusé")
        .expect("a refusal");
    assert!(
        !refusal.text.contains("England") && !refusal.text.contains("did you mean"),
        "{}",
        refusal.text
    );
}
