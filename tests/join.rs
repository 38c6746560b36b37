//! Joining a game by mail (issue #26), through `arbitre new` and `arbitre mail` as a
//! referee runs them: a game open for sign-up filled by JOIN mails and started with roles
//! drawn from its seed; the answers to every kind of JOIN; `LIST` without SIGNON; the
//! passwords arbitre makes; `replace` refusing an address already in the game; and, in
//! Diable et Bon Dieu, letters to everyone else byte for byte the same whoever drew God and
//! the Devil.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-20T10:00:00+01:00";
const JOINING: &str = "2026-11-25T12:00:00+01:00";
const UNTIL: &str = "2026-11-30T20:00:00+01:00";
const START: &str = "2026-12-04T20:00:00+01:00";
const SEED: &str = "8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04";

/// A players file of an open game: `listed` are `(name, address, role, password)`.
fn open_file(variant: &str, listed: &[(&str, &str, &str, &str)], extra: &str) -> String {
    let mut s = format!(
        "game: vopaliec\nvariant: {variant}\nreferee: {{name: Arbitre de Vopaliec, email: arbitre@vopaliec.example}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {START}\nseed: {SEED}\nopen: {{until: {UNTIL}{extra}}}\nplayers:{}\n",
        if listed.is_empty() { " []" } else { "" }
    );
    for (name, email, role, password) in listed {
        s += &format!("  - {{name: {name}, email: {email}, role: {role}, password: {password}}}\n");
    }
    s
}

fn new_open_game(tmp: &Tmp, file: &str) -> PathBuf {
    let players = tmp.file("players.yaml", file);
    let dir = tmp.path("vopaliec");
    create(&dir, &players, CREATED);
    dir
}

/// A mail from `name <email>` with `body`.
fn mail(name: &str, email: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {name} <{email}>\r\nTo: arbitre@vopaliec.example\r\nSubject: sign-up\r\n\
         Date: Wed, 25 Nov 2026 12:00:00 +0100\r\nMessage-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n"
    )
    .into_bytes()
}

fn send(root: &Path, name: &str, email: &str, id: &str, body: &str, now: &str) {
    ok(
        &["mail", root.to_str().unwrap(), "--now", now],
        Some(&mail(name, email, id, body)),
    );
}

/// The letters of the outbox whose file name starts with `prefix`.
fn letters(dir: &Path, prefix: &str) -> Vec<Sent> {
    outbox(dir)
        .into_iter()
        .filter(|(n, _)| n.starts_with(prefix))
        .map(|(_, m)| m)
        .collect()
}

fn one(dir: &Path, prefix: &str) -> Sent {
    let mut all = letters(dir, prefix);
    assert_eq!(all.len(), 1, "one letter {prefix}…: {:?}", outbox(dir).keys());
    all.remove(0)
}

fn has(text: &str, all: &[&str]) {
    for s in all {
        assert!(text.contains(s), "`{s}` not in:\n{text}");
    }
}

/// The seven joiners of a standard game: name, address, password, preferences.
const SEVEN: [(&str, &str, &str, &str); 7] = [
    (
        "Alice Martin",
        "alice@vopaliec.example",
        "s3cret-alice",
        "France Italy *",
    ),
    ("Bob Smith", "bob@vopaliec.example", "rule-britannia", "England"),
    (
        "Dieter Braun",
        "dieter@vopaliec.example",
        "kaiser-dieter",
        "Allemagne *",
    ),
    ("Giulia Rossi", "giulia@vopaliec.example", "romolo-remo", "France Italy"),
    ("Franz Weber", "franz@vopaliec.example", "habsburg", "*"),
    ("Olga Ivanova", "olga@vopaliec.example", "troika-olga", ""),
    ("Emre Yilmaz", "emre@vopaliec.example", "bosphore", "Turkey Russia"),
];

#[test]
fn a_game_filled_by_join_mails_starts_with_the_roles_drawn_from_the_seed() {
    let tmp = Tmp::new();
    let dir = new_open_game(&tmp, &open_file("standard", &[], ""));
    assert!(!dir.join("outbox").exists(), "nobody listed, nobody written to");
    let out = ok(&["process", dir.to_str().unwrap(), "--now", JOINING], None);
    assert!(out.contains("open for sign-up: 7 of 7 places free"), "{out}");
    for (k, (name, email, password, prefs)) in SEVEN.iter().enumerate() {
        send(
            &dir,
            name,
            email,
            &format!("j{k}"),
            &format!("JOIN vopaliec {password} {prefs}"),
            JOINING,
        );
        let answer = one(&dir, &format!("m{:05}-l1-join-", k + 1));
        assert_eq!(answer.to, [email.to_string()]);
        if k < 6 {
            has(
                &answer.text,
                &["You are signed up for vopaliec", &format!("{} of 7 places", 6 - k)],
            );
        } else {
            has(&answer.text, &["You took the last place"]);
        }
    }
    // No password is kept, in clear, in any file of the game.
    for e in walk(&dir) {
        let text = String::from_utf8_lossy(&std::fs::read(&e).unwrap()).to_string();
        for (_, _, password, _) in SEVEN {
            assert!(!text.contains(password), "{} keeps {password}", e.display());
        }
    }
    // The draw: every free first preference honoured (Bob England, Dieter Germany, Emre
    // Turkey); Alice and Giulia both want France, and the seed decides; the rest drawn.
    let game = std::fs::read_to_string(dir.join("game.yaml")).unwrap();
    assert!(!game.contains("open:"), "the sign-up is closed:\n{game}");
    let role_of = |email: &str| -> String {
        let yaml: serde_yaml::Value = serde_yaml::from_str(&game).unwrap();
        let players = yaml["players"].as_sequence().unwrap();
        let p = players.iter().find(|p| p["email"].as_str() == Some(email)).unwrap();
        p["role"].as_str().unwrap().to_string()
    };
    assert_eq!(role_of("bob@vopaliec.example"), "England");
    assert_eq!(role_of("dieter@vopaliec.example"), "Germany");
    assert_eq!(role_of("emre@vopaliec.example"), "Turkey");
    let (alice, giulia) = (role_of("alice@vopaliec.example"), role_of("giulia@vopaliec.example"));
    let mut two = [alice.as_str(), giulia.as_str()];
    two.sort();
    assert_eq!(two, ["France", "Italy"], "France to one, Italy to the other");
    // Each is welcomed with his own role only, and the first deadline is `start:`.
    for (name, email, _, _) in SEVEN {
        let role = role_of(email);
        let w = one(&dir, &format!("welcome-{}", role.to_lowercase()));
        assert_eq!(w.to, [email.to_string()]);
        has(
            &w.text,
            &[
                &format!("Dear {name}"),
                &format!("You play {role}."),
                "Friday 4 December 2026, 20:00",
            ],
        );
    }
    // Signed on with the password written on the JOIN line, Alice's orders are taken.
    let body = format!("SIGNON {alice} vopaliec s3cret-alice\nSTATUS");
    send(&dir, "Alice Martin", "alice@vopaliec.example", "a1", &body, JOINING);
    let reply = one(&dir, &format!("m00008-reply-{}", alice.to_lowercase()));
    assert!(!reply.text.contains("does not match"), "{}", reply.text);
    let out = ok(&["process", dir.to_str().unwrap(), "--now", JOINING], None);
    assert!(out.contains("nothing due (Spring 1901 Movement)"), "{out}");
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn every_join_is_answered_and_the_referee_told_in_the_next_digest() {
    let tmp = Tmp::new();
    let listed = [("Alice Martin", "alice@vopaliec.example", "France", "s3cret-alice")];
    let dir = new_open_game(&tmp, &open_file("standard", &listed, ""));
    let welcome = one(&dir, "listed-france");
    has(&welcome.text, &["You play France in vopaliec", "6 of 6 are still free"]);
    let sign = |who: &str, id: &str, body: &str, now: &str| {
        send(
            &dir,
            who,
            &format!("{}@vopaliec.example", who.to_lowercase()),
            id,
            body,
            now,
        )
    };
    // A listed player's address, then the same address twice.
    send(
        &dir,
        "Alice",
        "ALICE@vopaliec.example",
        "a",
        "JOIN vopaliec another-pw",
        JOINING,
    );
    has(&one(&dir, "m00001-l1-join").text, &["This address already has a place"]);
    sign("Bob", "b1", "JOIN vopaliec rule-britannia England", JOINING);
    has(&one(&dir, "m00002-l1-join").text, &["signed up", "5 of 6 places"]);
    sign("Bob", "b2", "JOIN vopaliec rule-britannia England", JOINING);
    has(&one(&dir, "m00003-l1-join").text, &["This address already has a place"]);
    // A password too short; a preference that is no role; in French for REJOINDRE.
    sign("Carl", "c1", "JOIN vopaliec short", JOINING);
    has(
        &one(&dir, "m00004-l1-join").text,
        &[
            "cannot be taken: the password has fewer than 6 characters",
            "at least 6 characters",
        ],
    );
    sign("Dora", "d1", "REJOINDRE vopaliec dora-s3cret Prusse", JOINING);
    let fr = one(&dir, "m00005-l1-join");
    has(
        &fr.text,
        &["« Prusse » n'est pas un rôle de vopaliec", "Rien n'a été enregistré"],
    );
    sign("Dora", "d2", "REJOINDRE vopaliec dora-s3cret Italie *", JOINING);
    has(
        &one(&dir, "m00006-l1-join").text,
        &["Vous êtes inscrit à vopaliec", "Italie, *", "4 places sur 6"],
    );
    // Past the end of the sign-up.
    sign("Emil", "e1", "JOIN vopaliec emil-s3cret", "2026-12-01T10:00:00+01:00");
    has(
        &one(&dir, "m00007-l1-join").text,
        &["The sign-up for vopaliec closed Monday 30 November 2026"],
    );
    // A listed player who signs on before the start is told to wait.
    let body = "SIGNON France vopaliec s3cret-alice\nA PAR - BUR";
    send(&dir, "Alice", "alice@vopaliec.example", "a2", body, JOINING);
    has(
        &one(&dir, "m00008-reply-france").text,
        &["has not started yet", "Nothing in your message"],
    );
    // The referee sees the places and who signed up; the desk's verbs wait for the start.
    let d = dir.to_str().unwrap();
    let status = ok(&["status", d], None);
    has(
        &status,
        &[
            "vopaliec (Diplomacy): open for sign-up until Monday 30 November 2026, 20:00 CET (19:00 UTC); 4 of 6 places free",
            "listed France: Alice Martin <alice@vopaliec.example>",
            "signed up: Bob <bob@vopaliec.example> (England)",
            "signed up: Dora <dora@vopaliec.example> (Italy *)",
        ],
    );
    let yaml: serde_yaml::Value = serde_yaml::from_str(&ok(&["status", d, "--yaml"], None)).unwrap();
    assert_eq!(yaml["open"]["left"].as_u64(), Some(4), "{yaml:?}");
    let out = arbitre(&["deadline", d, "+2d", "--now", JOINING], None);
    assert!(!out.status.success());
    has(
        &String::from_utf8_lossy(&out.stderr),
        &["open for sign-up", "has not started"],
    );
    // The referee's next digest lists every JOIN (the game's first digest, once started).
    let state = std::fs::read_to_string(dir.join("state.yaml")).unwrap();
    for told in ["address-taken", "weak-password", "not-a-role", "closed"] {
        assert!(state.contains(told), "{told} not kept for the digest:\n{state}");
    }
}

#[test]
fn a_full_game_and_a_private_sign_up_answer_so() {
    let tmp = Tmp::new();
    let listed: Vec<(String, String, String)> = ["England", "France", "Germany", "Italy", "Austria", "Russia"]
        .iter()
        .map(|r| {
            (
                r.to_string(),
                format!("{}@vopaliec.example", r.to_lowercase()),
                format!("pw-{}", r.to_lowercase()),
            )
        })
        .collect();
    let listed: Vec<(&str, &str, &str, &str)> = listed
        .iter()
        .map(|(r, e, p)| (r.as_str(), e.as_str(), r.as_str(), p.as_str()))
        .collect();
    let dir = new_open_game(&tmp, &open_file("standard", &listed, ", password: club-s3cret"));
    send(
        &dir,
        "Zoe",
        "zoe@vopaliec.example",
        "z1",
        "JOIN vopaliec not-the-one",
        JOINING,
    );
    has(
        &one(&dir, "m00001-l1-join").text,
        &["The sign-up password of vopaliec is not the one"],
    );
    send(
        &dir,
        "Zoe",
        "zoe@vopaliec.example",
        "z2",
        "JOIN vopaliec club-s3cret",
        JOINING,
    );
    has(
        &one(&dir, "m00002-l1-join").text,
        &["You took the last place", "comes with the welcome"],
    );
    // Zoe's welcome carries the password arbitre made for her; nobody else's does.
    let zoe = one(&dir, "welcome-turkey");
    assert_eq!(zoe.to, ["zoe@vopaliec.example"]);
    let line = zoe
        .text
        .lines()
        .find(|l| l.starts_with("Your password, made by arbitre"))
        .unwrap_or_else(|| panic!("no password in:\n{}", zoe.text));
    let password = line.rsplit(' ').next().unwrap().to_string();
    for (name, m) in outbox(&dir) {
        if name != "welcome-turkey.eml" {
            assert!(
                !String::from_utf8_lossy(&m.raw).contains(&password),
                "{name} has Zoe's password"
            );
        }
    }
    send(
        &dir,
        "Yann",
        "yann@vopaliec.example",
        "y1",
        "JOIN vopaliec club-s3cret",
        JOINING,
    );
    has(&one(&dir, "m00003-l1-join").text, &["vopaliec is full"]);
    // The password made for Zoe signs her on.
    let body = format!("SIGNON Turkey vopaliec {password}\nF ANK - BLA");
    send(&dir, "Zoe", "zoe@vopaliec.example", "z3", &body, JOINING);
    has(&one(&dir, "m00004-reply-turkey").text, &["F ANK - BLA"]);
}

#[test]
fn list_without_signon_names_the_games_open_for_sign_up() {
    let tmp = Tmp::new();
    let root = tmp.path("games");
    std::fs::create_dir_all(&root).unwrap();
    let open = tmp.file("open.yaml", &open_file("diable-et-bon-dieu", &[], ""));
    create(&root.join("open"), &open, CREATED);
    let mut closed = open_file("standard", &[], "")
        .replace("game: vopaliec", "game: closed")
        .replace(&format!("open: {{until: {UNTIL}}}\n"), "")
        .replace("players: []\n", "players:\n");
    for r in ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"] {
        closed += &format!(
            "  - {{name: {r}, email: {}@x.example, role: {r}, password: pw-{r}}}\n",
            r.to_lowercase()
        );
    }
    let full = tmp.file("full.yaml", &closed);
    create(&root.join("closed"), &full, CREATED);
    send(&root, "Zoe", "zoe@elsewhere.example", "l1", "LIST", JOINING);
    let answer = letters(&root, "open-games-");
    assert_eq!(answer.len(), 1, "{:?}", outbox(&root).keys());
    assert_eq!(answer[0].to, ["zoe@elsewhere.example"]);
    has(
        &answer[0].text,
        &[
            "vopaliec (Diable et Bon Dieu): 9 of 9 places free, until Monday 30 November 2026, 20:00 CET",
            "JOIN vopaliec my-s3cret France Italy *",
        ],
    );
    assert!(!answer[0].text.contains("closed ("), "{}", answer[0].text);
}

#[test]
fn a_player_listed_without_a_password_gets_one_in_his_welcome_alone() {
    let tmp = Tmp::new();
    let mut file = open_file("standard", &[], "").replace(&format!("open: {{until: {UNTIL}}}\n"), "");
    file = file.replace("players: []\n", "players:\n");
    for r in ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"] {
        let password = if r == "France" {
            String::new()
        } else {
            format!(", password: pw-{}", r.to_lowercase())
        };
        file += &format!(
            "  - {{name: P {r}, email: {}@x.example, role: {r}{password}}}\n",
            r.to_lowercase()
        );
    }
    let dir = new_open_game(&tmp, &file);
    let france = one(&dir, "welcome-france");
    let line = france
        .text
        .lines()
        .find(|l| l.starts_with("Your password, made by arbitre"))
        .unwrap_or_else(|| panic!("no password in:\n{}", france.text));
    let password = line.rsplit(' ').next().unwrap().to_string();
    assert_eq!(password.len(), 12, "{line}");
    for (name, m) in outbox(&dir) {
        if name != "welcome-france.eml" {
            assert!(
                !String::from_utf8_lossy(&m.raw).contains(&password),
                "{name} has the password"
            );
            assert!(!m.text.contains("made by arbitre"), "{name}");
        }
    }
    let body = format!("SIGNON France vopaliec {password}\nA PAR - BUR");
    send(&dir, "P France", "france@x.example", "f1", &body, JOINING);
    has(&one(&dir, "m00001-reply-france").text, &["A PAR - BUR"]);
    // The players file and SET PASSWORD follow one rule.
    let short = file.replace("password: pw-italy", "password: pw-it");
    let players = tmp.file("short.yaml", &short);
    let out = arbitre(
        &[
            "new",
            tmp.path("other").to_str().unwrap(),
            "--players",
            players.to_str().unwrap(),
            "--now",
            CREATED,
        ],
        None,
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("P Italy: the password has fewer than 6 characters"),
        "{err}"
    );
}

#[test]
fn replace_refuses_an_address_another_role_uses() {
    let tmp = Tmp::new();
    let mut file = open_file("standard", &[], "").replace(&format!("open: {{until: {UNTIL}}}\n"), "");
    file = file.replace("players: []\n", "players:\n");
    for r in ["England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"] {
        file += &format!(
            "  - {{name: P {r}, email: {}@x.example, role: {r}, password: pw-{}}}\n",
            r.to_lowercase(),
            r.to_lowercase()
        );
    }
    let dir = new_open_game(&tmp, &file);
    let d = dir.to_str().unwrap();
    let out = arbitre(
        &[
            "replace",
            d,
            "France",
            "--name",
            "Ann",
            "--address",
            "England@X.example",
            "--now",
            JOINING,
        ],
        None,
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("England@X.example is already the address of England"),
        "{err}"
    );
    // The role's own address is no other role's.
    ok(
        &[
            "replace",
            d,
            "France",
            "--name",
            "Ann",
            "--address",
            "france@x.example",
            "--now",
            JOINING,
        ],
        None,
    );
}

/// The joiners of a Diable et Bon Dieu game: the seven powers' players, each wanting his
/// power, and the two who want the divine roles.
fn diable_joiners(x_wants: &str, y_wants: &str) -> Vec<(&'static str, &'static str, String)> {
    let mut all: Vec<(&'static str, &'static str, String)> = vec![
        ("Alice Martin", "alice@vopaliec.example", "France".into()),
        ("Bob Smith", "bob@vopaliec.example", "England".into()),
        ("Dieter Braun", "dieter@vopaliec.example", "Germany".into()),
        ("Giulia Rossi", "giulia@vopaliec.example", "Italy".into()),
        ("Franz Weber", "franz@vopaliec.example", "Austria".into()),
        ("Olga Ivanova", "olga@vopaliec.example", "Russia".into()),
        ("Emre Yilmaz", "emre@vopaliec.example", "Turkey".into()),
    ];
    // The two who will be God and the Devil come in the middle, in both runs.
    all.insert(3, ("Bruno Petit", "bruno@vopaliec.example", x_wants.into()));
    all.insert(5, ("Chloé Roux", "chloe@vopaliec.example", y_wants.into()));
    all
}

/// Fills a Diable game by JOIN mails, plays its spring, and returns every letter by file
/// name, and who drew God.
fn diable_run(tmp: &Tmp, k: usize, x_wants: &str, y_wants: &str) -> (BTreeMap<String, Sent>, String) {
    let players = tmp.file(&format!("p{k}.yaml"), &open_file("diable-et-bon-dieu", &[], ""));
    let dir = tmp.path(&format!("game{k}"));
    create(&dir, &players, CREATED);
    for (i, (name, email, wants)) in diable_joiners(x_wants, y_wants).iter().enumerate() {
        let body = format!("JOIN vopaliec pw-{} {wants} *", email.split('@').next().unwrap());
        send(&dir, name, email, &format!("j{i}"), &body, JOINING);
    }
    let game: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(dir.join("game.yaml")).unwrap()).unwrap();
    let god = game["players"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|p| p["role"].as_str() == Some("God"))
        .map(|p| p["email"].as_str().unwrap().to_string())
        .unwrap();
    // The powers write orders and press; the game is judged at its first deadline.
    for (i, (name, email, wants)) in diable_joiners(x_wants, y_wants).iter().enumerate() {
        if ["God", "Devil"].contains(&wants.as_str()) {
            continue;
        }
        let body = format!(
            "SIGNON {wants} vopaliec pw-{}\nPRESS TO ALL\nHello from {wants}.\nENDPRESS",
            email.split('@').next().unwrap()
        );
        send(&dir, name, email, &format!("o{i}"), &body, JOINING);
    }
    ok(&["process", dir.to_str().unwrap(), "--now", START], None);
    (outbox(&dir), god)
}

#[test]
fn nobody_learns_who_drew_god_and_the_devil() {
    let tmp = Tmp::new();
    let (a, god_a) = diable_run(&tmp, 0, "God", "Devil");
    let (b, god_b) = diable_run(&tmp, 1, "Devil", "God");
    assert_ne!(god_a, god_b, "the two runs swap the divine roles");
    let divine = ["bruno@vopaliec.example", "chloe@vopaliec.example"];
    let others = |out: &BTreeMap<String, Sent>| -> BTreeMap<String, Vec<u8>> {
        out.iter()
            .filter(|(_, m)| !divine.contains(&m.to[0].as_str()))
            .map(|(n, m)| (n.clone(), m.raw.clone()))
            .collect()
    };
    let (a, b) = (others(&a), others(&b));
    assert!(
        a.len() > 30,
        "answers, welcomes, replies, press and reports: {}",
        a.len()
    );
    assert!(
        a.keys().any(|n| n.contains("-report-")),
        "the spring was judged: {:?}",
        a.keys()
    );
    // The referee's first digest tells every sign-up, and no role.
    let digest = read_sent(&a["S1901M-digest-referee.eml"]);
    has(
        &digest.text,
        &[
            "Sign-ups (JOIN) since the last digest:",
            "Bruno Petit <bruno@vopaliec.example>: signed up",
        ],
    );
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, bytes) in &a {
        assert!(bytes == &b[name], "{name} differs between the two draws");
    }
}
