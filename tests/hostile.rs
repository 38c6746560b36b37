//! Hostile mail, end to end through the `arbitre` command (issue #12): probes that try to
//! learn who plays God or the Devil, messages meant to knock a game over, and mail as
//! people really write it. Mail goes in with `arbitre mail`; what comes out is read from
//! the outbox and the files of the game folder.

use crate::support;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use support::*;

const CREATED: &str = "2026-11-28T10:00:00+01:00";
const EVENING: &str = "2026-11-30T19:00:00+01:00";
const DEADLINE: &str = "2026-12-01T20:00:00+01:00";

/// Name, address, password.
type Who = (&'static str, &'static str, &'static str);

const PEOPLE: [Who; 11] = [
    ("Alice Martin", "alice@vopaliec.example", "s3cret"),
    ("Bob Smith", "bob@vopaliec.example", "rule-britannia"),
    ("Dieter Braun", "dieter@vopaliec.example", "kaiser"),
    ("Giulia Rossi", "giulia@vopaliec.example", "romolo"),
    ("Franz Weber", "franz@vopaliec.example", "habsburg"),
    ("Olga Ivanova", "olga@vopaliec.example", "troika"),
    ("Emre Yilmaz", "emre@vopaliec.example", "bosphore"),
    ("Bruno Petit", "bruno@vopaliec.example", "hunter2"),
    ("Chloé Roux", "chloe@vopaliec.example", "soufre"),
    // Two who play in some games and not in others.
    ("Hugo Lambert", "hugo@vopaliec.example", "carillon"),
    ("Ines Moreau", "ines@vopaliec.example", "pastis"),
];

const MALLORY: Who = ("Mallory", "mallory@elsewhere.example", "");

const ROLES: [&str; 9] = [
    "France", "England", "Germany", "Italy", "Austria", "Russia", "Turkey", "God", "Devil",
];

/// A Diable et Bon Dieu players file: `cast[i]` is the index in PEOPLE of the player of
/// `ROLES[i]`. `extra` is added at the end (limits).
fn players_file(cast: &[usize; 9], extra: &str) -> String {
    let mut s = format!(
        "game: vopaliec\nvariant: diable-et-bon-dieu\nreferee: {{name: Arbitre de Vopaliec, email: arbitre@vopaliec.example}}\n\
         timezone: Europe/Paris\ndeadlines: {{movement: 72h, retreat: 24h, adjustment: 24h}}\n\
         start: {DEADLINE}\nseed: 8f2c41d7a09b3e5566c1f0e2d4b79a8c13e5f70926bd4a8e0c71f3d5a2b69e04\n{extra}players:\n"
    );
    for (role, &i) in ROLES.iter().zip(cast) {
        let (name, email, password) = PEOPLE[i];
        s += &format!("  - {{name: {name}, email: {email}, role: {role}, password: {password}}}\n");
    }
    s
}

const STANDARD_CAST: [usize; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

fn new_game(tmp: &Tmp, name: &str, cast: &[usize; 9], extra: &str) -> PathBuf {
    let players = tmp.file(&format!("{name}.yaml"), &players_file(cast, extra));
    let dir = tmp.path(name);
    create(&dir, &players, CREATED);
    // The welcomes are not what these tests look at.
    std::fs::remove_dir_all(dir.join("outbox")).unwrap();
    dir
}

fn mail(from: Who, id: &str, subject: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {} <{}>\r\nTo: arbitre@vopaliec.example\r\nSubject: {subject}\r\nDate: Mon, 30 Nov 2026 18:00:00 +0100\r\n\
         Message-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
        from.0, from.1
    )
    .into_bytes()
}

fn deliver(dir: &Path, raw: &[u8], now: &str) {
    ok(&["mail", dir.to_str().unwrap(), "--now", now], Some(raw));
}

/// Every message of the outbox to `address`: file name and bytes.
fn to(dir: &Path, address: &str) -> BTreeMap<String, Vec<u8>> {
    outbox_or_empty(dir)
        .into_iter()
        .filter(|(_, m)| m.to == [address])
        .map(|(n, m)| (n, m.raw))
        .collect()
}

fn outbox_or_empty(dir: &Path) -> BTreeMap<String, Sent> {
    if dir.join("outbox").is_dir() {
        outbox(dir)
    } else {
        BTreeMap::new()
    }
}

// ---- no oracle on who plays ------------------------------------------------------------

/// One probe: who it claims to come from, and its body. `own` is the prober's role, if any.
fn random_probe(rng: &mut ChaCha8Rng, k: usize, own: Option<&str>) -> (Option<Who>, String) {
    let role = match own {
        Some(r) if rng.random_range(0..2) == 0 => r,
        _ => *ROLES.choose(rng).unwrap(),
    };
    let password = match rng.random_range(0..3) {
        // Somebody's real password: right for the role under some casts only.
        0 => PEOPLE.choose(rng).unwrap().2.to_string(),
        1 => format!("guess{}", rng.random_range(0..1000)),
        _ => "hunter2".to_string(),
    };
    let body = match rng.random_range(0..8) {
        0 => format!("SIGNON {role} vopaliec {password}\nA PAR - BUR"),
        1 => format!("SIGNON {role} nogame {password}\nBLESS A PAR"),
        2 => format!("SIGNON Prussia vopaliec {password}"),
        3 => "A PAR - BUR\nPRESS TO ALL\nhello\nENDPRESS".to_string(),
        4 => format!("signon {} VOPALIEC {password}\nCURSE F ANK", role.to_lowercase()),
        // God by the French name of two words; a role of two words that no game has, whose
        // line makes the game's name part of the password (the prober's address holds it).
        5 => format!("SIGNON Bon Dieu vopaliec {password}\nBLESS A PAR"),
        6 => format!("SIGNON Grand Turc vopaliec {password}\nA PAR - BUR"),
        _ => format!("SIGNON {role} vopaliec\nA PAR - BUR"),
    };
    // Most probes come from the prober's own address (None); some forge the From line of
    // someone who may or may not play.
    let from = (rng.random_range(0..2) == 0).then(|| *PEOPLE.choose(rng).unwrap());
    (from, format!("{body}\n(probe {k})"))
}

/// A cast of the nine roles among the eleven people; `fixed` roles keep their player.
fn random_cast(rng: &mut ChaCha8Rng, fixed: &[usize]) -> [usize; 9] {
    let mut free: Vec<usize> = (0..PEOPLE.len()).filter(|i| !fixed.contains(i)).collect();
    free.shuffle(rng);
    let mut cast = STANDARD_CAST;
    let mut it = free.into_iter();
    for (slot, person) in cast.iter_mut().enumerate() {
        if !fixed.contains(&slot) {
            *person = it.next().unwrap();
        }
    }
    cast
}

fn set_protected(dir: &Path, god: &str, devil: &str) {
    let path = dir.join("state.yaml");
    let mut state: serde_yaml::Value = serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let protected: serde_yaml::Value = serde_yaml::from_str(&format!("{{God: {god}, Devil: {devil}}}")).unwrap();
    state["protected"] = protected;
    std::fs::write(&path, serde_yaml::to_string(&state).unwrap()).unwrap();
}

/// Property: over random probes, random casts (who plays God, the Devil and the other
/// powers, among more people than there are roles) and random protected powers, every
/// byte the prober receives is the same. The prober is a stranger, or England's player,
/// whose own role stays theirs; then some probes name England, so that England's digest
/// of failed sign-ons, which the prober receives, is compared too.
/// The orders on file, from state.yaml, a role a line as `France: [A PAR - BUR]`
/// (`arbitre status` says only how many).
fn orders_on_file(dir: &Path) -> String {
    let state = state(dir);
    let mut out = String::new();
    for (role, list) in state["orders"].as_mapping().into_iter().flatten() {
        let list: Vec<&str> = list
            .as_sequence()
            .into_iter()
            .flatten()
            .filter_map(|o| o.as_str())
            .collect();
        out += &format!("{}: [{}]\n", role.as_str().unwrap_or_default(), list.join(", "));
    }
    out
}

#[test]
fn every_byte_sent_to_a_prober_is_the_same_whoever_plays_what() {
    let tmp = Tmp::new();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for trial in 0..4 {
        let (prober, fixed, own): (Who, Vec<usize>, Option<&str>) = if trial % 2 == 0 {
            (MALLORY, vec![], None)
        } else {
            (PEOPLE[1], vec![1], Some("England"))
        };
        let probes: Vec<(Who, String)> = (0..10)
            .map(|k| {
                let (from, body) = random_probe(&mut rng, k, own);
                (from.unwrap_or(prober), body)
            })
            .collect();
        let mut seen: Option<BTreeMap<String, Vec<u8>>> = None;
        for world in 0..3 {
            let cast = random_cast(&mut rng, &fixed);
            let powers = &ROLES[..7];
            let dir = new_game(&tmp, &format!("t{trial}-w{world}"), &cast, "");
            set_protected(&dir, powers.choose(&mut rng).unwrap(), powers.choose(&mut rng).unwrap());
            let mut files = Vec::new();
            for (k, (from, body)) in probes.iter().enumerate() {
                let f = tmp.file(
                    &format!("t{trial}-w{world}-p{k}.eml"),
                    &String::from_utf8(mail(*from, &format!("probe{k}"), "hello", body)).unwrap(),
                );
                files.push(f.to_str().unwrap().to_string());
            }
            let mut args = vec!["mail", dir.to_str().unwrap(), "--now", EVENING];
            args.extend(files.iter().map(String::as_str));
            ok(&args, None);
            let got = to(&dir, prober.1);
            assert!(!got.is_empty(), "the prober is answered");
            for raw in got.values() {
                let text = String::from_utf8_lossy(raw);
                for p in PEOPLE.iter().filter(|p| p.1 != prober.1) {
                    assert!(!text.contains(p.1), "another address in:\n{text}");
                }
            }
            match &seen {
                None => seen = Some(got),
                Some(first) => assert!(
                    *first == got,
                    "trial {trial}: the prober's outbox differs between two casts:\n{:#?}\n{:#?}",
                    first.keys().collect::<Vec<_>>(),
                    got.keys().collect::<Vec<_>>()
                ),
            }
        }
    }
}

/// The rejection of a wrong password for God and of a wrong password for France, of a role
/// that does not exist, and of a game that does not exist: the same words, naming nothing.
#[test]
fn a_rejection_names_no_game_no_player_and_no_role() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let bodies = [
        "SIGNON God vopaliec wrong",
        "SIGNON France vopaliec wrong",
        "SIGNON Prussia vopaliec wrong",
        "SIGNON God othergame wrong",
        // Bruno's real password, from the wrong address.
        "SIGNON God vopaliec hunter2",
    ];
    for (k, body) in bodies.iter().enumerate() {
        deliver(&dir, &mail(MALLORY, &format!("r{k}"), "probe", body), EVENING);
    }
    let out = outbox(&dir);
    let texts: Vec<&Sent> = out.values().filter(|m| m.to == [MALLORY.1]).collect();
    assert_eq!(texts.len(), bodies.len());
    for m in &texts {
        assert_eq!(m.subject, "message refused / message refusé");
        assert_eq!(m.text, texts[0].text, "the same words for every probe");
        for word in ["vopaliec", "God", "France", "Prussia", "othergame", "Bruno", "bruno"] {
            assert!(!m.text.contains(word), "`{word}` in:\n{}", m.text);
        }
    }
    // The failed sign-ons are told only to the registered owners, in a digest.
    let others: Vec<(&String, &Sent)> = out.iter().filter(|(_, m)| m.to != [MALLORY.1]).collect();
    let mut told: Vec<&str> = others.iter().map(|(_, m)| m.to[0].as_str()).collect();
    told.sort();
    assert_eq!(told, ["alice@vopaliec.example", "bruno@vopaliec.example"]);
    // One digest a day: God's player is told of the first failure at once, of the second
    // (Bruno's own password, from Mallory) a day later, by `arbitre process`.
    let god = others
        .iter()
        .find(|(_, m)| m.to == ["bruno@vopaliec.example"])
        .unwrap()
        .1;
    assert!(god.text.contains("1 attempt to sign on"), "{}", god.text);
    assert!(god.text.contains("from another address"), "{}", god.text);
    let digests = || {
        outbox(&dir)
            .values()
            .filter(|m| m.to == ["bruno@vopaliec.example"] && m.subject.contains("failed sign-ons"))
            .count()
    };
    ok(
        &["process", dir.to_str().unwrap(), "--now", "2026-12-01T18:59:00+01:00"],
        None,
    );
    assert_eq!(digests(), 1, "not before a day has passed");
    ok(
        &["process", dir.to_str().unwrap(), "--now", "2026-12-01T19:00:00+01:00"],
        None,
    );
    assert_eq!(digests(), 2, "a day later");
}

/// A player who probes with another player's role: the owner's digest does not name the
/// prober's address (it could tell the owner who plays what).
#[test]
fn a_digest_never_shows_another_players_address() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    deliver(
        &dir,
        &mail(PEOPLE[8], "devil-as-god", "x", "SIGNON God vopaliec guess"),
        EVENING,
    );
    let out = outbox(&dir);
    let digest = out
        .values()
        .find(|m| m.to == ["bruno@vopaliec.example"])
        .expect("God's player told");
    let raw = String::from_utf8_lossy(&digest.raw);
    assert!(!raw.contains("chloe") && !raw.contains("Chlo"), "{raw}");
    assert!(digest.text.contains("from another address"), "{}", digest.text);
}

// ---- bounded work per message ------------------------------------------------------------

fn signon(role: &str) -> String {
    let i = ROLES.iter().position(|r| *r == role).unwrap();
    format!("SIGNON {role} vopaliec {}", PEOPLE[i].2)
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().to_string())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_message_over_the_size_limit_is_refused_kept_apart_and_the_next_one_is_read() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "limits: {message_bytes: 4000}\n");
    let big = format!("{}\n{}", signon("France"), "A PAR - BUR\n".repeat(400));
    deliver(&dir, &mail(PEOPLE[0], "big", "orders", &big), EVENING);
    let rejected = files_in(&dir.join("rejected"));
    assert_eq!(rejected.len(), 1, "kept under rejected/");
    let kept = std::fs::read_to_string(dir.join("rejected").join(&rejected[0])).unwrap();
    assert!(!kept.contains(PEOPLE[0].2), "the password is not kept");
    assert!(files_in(&dir.join("mail")).is_empty(), "not in the game's mail");
    let out = outbox(&dir);
    let refusal = out.values().find(|m| m.to == [PEOPLE[0].1]).expect("a refusal");
    assert_eq!(refusal.subject, "message refused / message refusé");
    assert!(refusal.text.contains("at most 4000 bytes"), "{}", refusal.text);
    assert!(refusal.text.len() < 1000, "short: {}", refusal.text);
    // The next message is read as usual.
    let body = format!("{}\nA PAR - BUR", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "small", "orders", &body), EVENING);
    let status = orders_on_file(&dir);
    assert!(status.contains("France: [A PAR - BUR]"), "{status}");
}

#[test]
fn the_lines_not_understood_are_quoted_up_to_twenty_then_counted() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let bogus: String = (1..=35).map(|k| format!("A XYZ{k} - QQQ\n")).collect();
    let body = format!("{}\nA PAR - BUR\n{bogus}", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "bogus", "orders", &body), EVENING);
    let out = outbox(&dir);
    let reply = out.values().find(|m| m.to == [PEOPLE[0].1]).unwrap();
    assert_eq!(
        reply.subject,
        "vopaliec, Spring 1901 Movement: received, with 35 errors"
    );
    assert!(reply.text.contains("A XYZ20 - QQQ"), "{}", reply.text);
    assert!(!reply.text.contains("A XYZ21 - QQQ"), "{}", reply.text);
    assert!(reply.text.contains("… and 15 more"), "{}", reply.text);
    assert!(reply.text.contains("A PAR - BUR: on file"), "{}", reply.text);
}

#[test]
fn more_press_blocks_than_allowed_refuse_the_message_and_say_why() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let press: String = (0..21).map(|k| format!("PRESS TO ALL\nspam {k}\nENDPRESS\n")).collect();
    let body = format!("{}\nA PAR - BUR\n{press}", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "spam", "press", &body), EVENING);
    let out = outbox(&dir);
    assert_eq!(out.len(), 1, "no press letter: {:?}", out.keys().collect::<Vec<_>>());
    let reply = out.values().next().unwrap();
    assert_eq!(reply.to, [PEOPLE[0].1]);
    assert!(reply.text.contains("21 PRESS blocks"), "{}", reply.text);
    assert!(reply.text.contains("at most 20"), "{}", reply.text);
    let status = orders_on_file(&dir);
    assert!(!status.contains("France: [A PAR - BUR]"), "nothing done: {status}");
    // Twenty are allowed.
    let press: String = (0..20)
        .map(|k| format!("PRESS TO England\nhi {k}\nENDPRESS\n"))
        .collect();
    let body = format!("{}\n{press}", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "twenty", "press", &body), EVENING);
    assert_eq!(to(&dir, PEOPLE[1].1).len(), 20);
}

#[test]
fn a_sender_over_the_daily_budget_is_no_longer_answered_and_cannot_silence_a_player() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "limits: {messages_per_day: 3}\n");
    // Mallory, forging France's address: refused, within the budget of that address.
    for k in 0..4 {
        let forged = mail(PEOPLE[0], &format!("bomb{k}"), "x", "SIGNON France vopaliec guess");
        deliver(&dir, &forged, EVENING);
    }
    let refusals = |dir: &Path| {
        outbox(dir)
            .values()
            .filter(|m| m.to == [PEOPLE[0].1] && m.subject == "message refused / message refusé")
            .count()
    };
    assert_eq!(refusals(&dir), 3, "three answers, then none");
    assert_eq!(files_in(&dir.join("mail")).len(), 4, "every message is kept");
    // France's player, authenticated, still has a budget of their own.
    let body = format!("{}\nA PAR - BUR", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "real", "orders", &body), EVENING);
    let status = orders_on_file(&dir);
    assert!(status.contains("France: [A PAR - BUR]"), "{status}");
    // The next day, the count starts again.
    deliver(
        &dir,
        &mail(PEOPLE[0], "next-day", "x", "SIGNON France vopaliec guess"),
        "2026-12-01T19:00:00+01:00",
    );
    assert_eq!(refusals(&dir), 4);
}

#[test]
fn after_five_failures_in_an_hour_sign_ons_are_ignored_for_an_hour() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let at = |min: u32| format!("2026-11-30T19:{min:02}:00+01:00");
    for k in 0..5 {
        deliver(
            &dir,
            &mail(
                MALLORY,
                &format!("try{k}"),
                "x",
                &format!("SIGNON France vopaliec guess{k}"),
            ),
            &at(k),
        );
    }
    assert_eq!(to(&dir, MALLORY.1).len(), 5, "every guess is answered");
    // The right password, from the right address, within the hour: ignored, unanswered.
    let body = format!("{}\nA PAR - BUR", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "real", "orders", &body), &at(30));
    let status = orders_on_file(&dir);
    assert!(!status.contains("France: [A PAR - BUR]"), "{status}");
    assert_eq!(to(&dir, MALLORY.1).len(), 5, "no more answers to the guesser");
    assert!(
        !outbox(&dir)
            .values()
            .any(|m| m.to == [PEOPLE[0].1] && m.subject.contains("received")),
        "the ignored message is not answered"
    );
    // An hour after the fifth failure, it works again.
    let body = format!("{}\nA PAR - BUR", signon("France"));
    deliver(
        &dir,
        &mail(PEOPLE[0], "later", "orders", &body),
        "2026-11-30T20:04:00+01:00",
    );
    let status = orders_on_file(&dir);
    assert!(status.contains("France: [A PAR - BUR]"), "{status}");
    // France's player had one digest, of the first failure, not one mail per attempt.
    let digests: Vec<Sent> = outbox(&dir)
        .into_values()
        .filter(|m| m.to == [PEOPLE[0].1] && m.subject.contains("failed sign-ons"))
        .collect();
    assert_eq!(digests.len(), 1);
    // The next day's digest lists the other four failures and the ignored attempt.
    ok(
        &["process", dir.to_str().unwrap(), "--now", "2026-12-01T19:30:00+01:00"],
        None,
    );
    let digests: Vec<Sent> = outbox(&dir)
        .into_values()
        .filter(|m| m.to == [PEOPLE[0].1] && m.subject.contains("failed sign-ons"))
        .collect();
    assert_eq!(digests.len(), 2);
    let second = digests
        .iter()
        .find(|m| m.text.contains("5 attempts"))
        .expect("the second digest");
    assert!(second.text.contains("ignored unchecked"), "{}", second.text);
    assert!(second.text.contains("from your own address"), "{}", second.text);
}

// ---- time and identity of messages -----------------------------------------------------------

const AFTER_DEADLINE: &str = "2026-12-01T20:30:00+01:00";

fn wait_for(what: &str, cond: impl Fn() -> bool) {
    for _ in 0..500 {
        if cond() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("waited 10 s for {what}");
}

/// An order mailed before the deadline, while another process holds the game's lock past
/// it (here the test itself, then `arbitre process` after the deadline), counts for the
/// phase: the intake took its arrival time before waiting, and process reads it first.
#[test]
fn an_order_that_arrived_before_the_deadline_counts_even_if_the_lock_was_held_past_it() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let d = dir.to_str().unwrap();
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(".lock"))
        .unwrap();
    lock.lock().unwrap();
    let body = format!("{}\nA PAR - BUR", signon("France"));
    let mut intake = Command::new(BIN)
        .args(["mail", d, "--now", "2026-12-01T19:59:00+01:00"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    intake
        .stdin
        .take()
        .unwrap()
        .write_all(&mail(PEOPLE[0], "late-lock", "orders", &body))
        .unwrap();
    wait_for("the message in the spool", || !files_in(&dir.join("spool")).is_empty());
    let process = Command::new(BIN)
        .args(["process", d, "--now", AFTER_DEADLINE])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(200));
    drop(lock);
    let (a, b) = (intake.wait_with_output().unwrap(), process.wait_with_output().unwrap());
    assert!(a.status.success() && b.status.success());
    let status = ok(&["status", d, "--yaml"], None);
    assert!(status.contains("A BUR"), "the army moved in Spring 1901:\n{status}");
}

/// A message to a game no other run holds goes straight into the archive, as the intake
/// writes it (its verdict first), and the spool stays empty; it is acted on.
#[test]
fn a_message_to_a_free_game_goes_straight_into_the_archive() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let body = format!("{}\nA PAR - BUR", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "free", "orders", &body), EVENING);
    assert!(
        dir.join("spool").is_dir(),
        "the spool is there for the next run that waits"
    );
    assert!(files_in(&dir.join("spool")).is_empty());
    let kept = files_in(&dir.join("mail"));
    assert_eq!(kept.len(), 1, "{kept:?}");
    let raw = std::fs::read_to_string(dir.join("mail").join(&kept[0])).unwrap();
    assert!(raw.starts_with("X-Arbitre-Password: matches\r\n"), "{raw}");
    // A message moved from the spool names its spool file; this one never was in it.
    assert!(!raw.contains("X-Arbitre-Spooled:"), "{raw}");
    assert!(!raw.contains(PEOPLE[0].2), "the password is redacted");
    assert_eq!(handled(&dir), 1);
    assert!(orders_on_file(&dir).contains("PAR - BUR"));
    // The state is written over the file its last write replaced, which keeps the state
    // before (Linux: the two files swap places).
    let first = std::fs::read_to_string(dir.join("state.yaml")).unwrap();
    let body = format!("{}\nA MAR - SPA", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "free-2", "orders", &body), EVENING);
    if cfg!(target_os = "linux") {
        assert_eq!(std::fs::read_to_string(dir.join(".state.yaml.before")).unwrap(), first);
    }
    assert!(orders_on_file(&dir).contains("MAR - SPA"));
}

/// A message a killed run left in the spool (taken in, never archived) is archived and acted
/// on before a message that arrives after it, in arrival order.
#[test]
fn a_message_left_in_the_spool_is_acted_on_before_a_later_one() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    std::fs::create_dir_all(dir.join("spool")).unwrap();
    // As the intake spools it: its verdict first, the password masked, named by arrival time.
    let left = format!(
        "X-Arbitre-Password: matches\r\n{}",
        String::from_utf8(mail(
            PEOPLE[0],
            "left",
            "orders",
            "SIGNON France vopaliec ********\nA PAR - PIC"
        ))
        .unwrap()
    );
    std::fs::write(
        dir.join("spool/20261130T175900.000000000Z-4242-000000-00000000000000aa.eml"),
        left,
    )
    .unwrap();
    let body = format!("{}\nA MAR - SPA", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "later", "orders", &body), EVENING);
    assert!(files_in(&dir.join("spool")).is_empty());
    let kept = files_in(&dir.join("mail"));
    assert_eq!(kept.len(), 2, "{kept:?}");
    let first = std::fs::read_to_string(dir.join("mail").join(&kept[0])).unwrap();
    assert!(
        kept[0].starts_with("00001-20261130T175900Z") && first.contains("A PAR - PIC"),
        "{kept:?}"
    );
    let second = std::fs::read_to_string(dir.join("mail").join(&kept[1])).unwrap();
    assert!(
        first.contains("X-Arbitre-Spooled:"),
        "the spooled one says so:\n{first}"
    );
    // With a message in the spool, the later one waits there too, behind it.
    assert!(
        kept[1].starts_with("00002-") && second.contains("X-Arbitre-Spooled:") && second.contains("A MAR - SPA"),
        "{kept:?}: the later one went through the spool after the first\n{second}"
    );
    assert_eq!(handled(&dir), 2);
    let orders = orders_on_file(&dir);
    assert!(orders.contains("PAR - PIC") && orders.contains("MAR - SPA"), "{orders}");
}

/// `ARBITRE_REPORT_CHECKS`: `arbitre mail` says how much CPU its password checks took (the
/// benchmark of the mail path takes it from each message); without it, nothing is said.
#[test]
fn arbitre_mail_tells_the_cpu_of_its_password_checks_when_asked() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let run = |id: &str, ask: bool| {
        let mut cmd = Command::new(BIN);
        cmd.args(["mail", dir.to_str().unwrap(), "--now", EVENING])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if ask {
            cmd.env("ARBITRE_REPORT_CHECKS", "1");
        } else {
            cmd.env_remove("ARBITRE_REPORT_CHECKS");
        }
        let mut child = cmd.spawn().unwrap();
        let body = format!("{}\nA PAR - BUR", signon("France"));
        child
            .stdin
            .take()
            .unwrap()
            .write_all(&mail(PEOPLE[0], id, "orders", &body))
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stderr).unwrap()
    };
    let told = run("asked", true);
    if cfg!(target_os = "linux") {
        let ns: u64 = told
            .lines()
            .find_map(|l| l.strip_prefix("arbitre: password checks: ")?.strip_suffix(" ns of CPU"))
            .unwrap_or_else(|| panic!("{told}"))
            .parse()
            .unwrap();
        assert!(ns > 1_000_000, "an Argon2id check takes milliseconds: {ns} ns");
    }
    assert!(!run("unasked", false).contains("password checks"));
}

/// `--maildir`: a message is judged by when it was delivered (the seconds its name begins
/// with), not by when the Maildir is read.
#[test]
fn a_maildir_message_is_judged_by_its_delivery_time() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let md = tmp.path("Maildir");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(md.join(sub)).unwrap();
    }
    let body = format!("{}\nA PAR - BUR", signon("France"));
    // 2026-12-01 18:00 UTC, an hour before the deadline (20:00 in Paris).
    std::fs::write(
        md.join("new/1796148000.M1P1.mailhost"),
        mail(PEOPLE[0], "md", "orders", &body),
    )
    .unwrap();
    ok(
        &[
            "mail",
            dir.to_str().unwrap(),
            "--maildir",
            md.to_str().unwrap(),
            "--now",
            AFTER_DEADLINE,
        ],
        None,
    );
    let status = orders_on_file(&dir);
    assert!(status.contains("France: [A PAR - BUR]"), "{status}");
    assert_eq!(files_in(&dir.join("mail")), ["00001-20261201T180000Z-r.eml"]);
}

/// A stranger who sends a copy of a genuine Message-ID first cannot have the genuine
/// message ignored; the same role sending the same Message-ID twice is acted on once.
#[test]
fn a_message_id_is_a_duplicate_only_for_the_same_authenticated_role() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    deliver(
        &dir,
        &mail(MALLORY, "genuine", "orders", "SIGNON France vopaliec x\nA PAR - PIC"),
        EVENING,
    );
    let body = format!("{}\nA PAR - BUR", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "genuine", "orders", &body), EVENING);
    let status = orders_on_file(&dir);
    assert!(status.contains("France: [A PAR - BUR]"), "{status}");
    let body = format!("{}\nA PAR - GAS", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "genuine", "orders", &body), EVENING);
    let status = orders_on_file(&dir);
    assert!(
        status.contains("France: [A PAR - BUR]"),
        "a copy is not acted on again: {status}"
    );
}

fn b64(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::new();
    for c in bytes.chunks(3) {
        let n = (c[0] as u32) << 16 | (*c.get(1).unwrap_or(&0) as u32) << 8 | *c.get(2).unwrap_or(&0) as u32;
        for k in 0..4 {
            if k <= c.len() {
                s.push(T[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

/// The clear password is never written to disk, in any of the forms a message may carry
/// it; the archive keeps the verdict, and acting on the archive again after a crash (here:
/// the state set back) still works without the password.
#[test]
fn the_clear_password_is_never_written_to_disk_and_replay_still_works() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let (name, email, password) = PEOPLE[2]; // Germany: kaiser
    let head = |id: &str, subject: &str, ct: &str| {
        format!(
            "From: {name} <{email}>\r\nTo: arbitre@vopaliec.example\r\nSubject: {subject}\r\n\
             Message-ID: <{id}@test.example>\r\nMIME-Version: 1.0\r\n{ct}\r\n"
        )
    };
    let orders = format!("SIGNON Germany vopaliec {password}\r\nA BER - KIE\r\n");
    let plain = head(
        "plain",
        &format!("my password is {password}"),
        "Content-Type: text/plain\r\n",
    ) + &orders;
    let qp = head(
        "qp",
        "=?utf-8?q?pw_kai=73er?=",
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n",
    ) + "SIGNON Germany vopaliec ka=\r\niser\r\nF KIE - DEN\r\n";
    let base64 = head(
        "b64",
        "orders",
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n",
    ) + &b64(format!("SIGNON Germany vopaliec {password}\r\nA MUN - RUH\r\n").as_bytes())
        + "\r\n";
    let html = head(
        "html",
        "orders",
        "Content-Type: multipart/alternative; boundary=\"b\"\r\n",
    ) + &format!(
        "--b\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n{}\r\n--b--\r\n",
        b64(format!("<p>SIGNON Germany vopaliec {password}</p><p>CLEAR</p><p>A BER - KIE</p>").as_bytes())
    );
    for m in [&plain, &qp, &base64, &html] {
        deliver(&dir, m.as_bytes(), EVENING);
    }
    // Also a stray to a folder of games, and a wrong guess.
    deliver(
        &dir,
        &mail(MALLORY, "guess", "x", "SIGNON Germany vopaliec kaiserin"),
        EVENING,
    );
    let forms = [
        password.to_string(),
        b64(password.as_bytes()),
        "ka=\r\niser".into(),
        "kai=73er".into(),
    ];
    for (path, bytes) in every_file(&dir) {
        let text = String::from_utf8_lossy(&bytes);
        for f in &forms {
            assert!(!text.contains(f.as_str()), "{} holds `{f}`:\n{text}", path.display());
        }
    }
    let status = orders_on_file(&dir);
    assert!(status.contains("Germany: [A BER - KIE]"), "{status}");
    let archived = std::fs::read_to_string(dir.join("mail").join(&files_in(&dir.join("mail"))[0])).unwrap();
    assert!(archived.starts_with("X-Arbitre-Password: matches\r\n"), "{archived}");
    // Replay: the state as before the messages; acting on the archive again.
    let path = dir.join("state.yaml");
    let mut state: serde_yaml::Value = serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let map = state.as_mapping_mut().unwrap();
    for key in ["handled", "orders", "seen_by", "senders", "throttle", "digests"] {
        map.remove(key);
    }
    std::fs::write(&path, serde_yaml::to_string(&state).unwrap()).unwrap();
    ok(&["process", dir.to_str().unwrap(), "--now", EVENING], None);
    let again = orders_on_file(&dir);
    assert!(again.contains("Germany: [A BER - KIE]"), "{again}");
}

// ---- mail as people really write it --------------------------------------------------------

/// A reply to arbitre's own letter, from Outlook: the new orders, some chatter, then the
/// old letter unquoted below its header block. Only the new orders are taken; the chatter
/// is listed once as not understood, and the reply is no error report.
#[test]
fn a_reply_below_our_own_letter_takes_the_new_orders_and_lists_chatter_once() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let body = format!(
        "{}\nA PAR - BUR\nThanks!\nGood luck all\n\n\
         From: Arbitre de Vopaliec <arbitre@vopaliec.example>\nDate: Monday, 30 November 2026 at 18:00\n\
         To: Alice Martin <alice@vopaliec.example>\nSubject: vopaliec, Spring 1901 Movement: received\n\n\
         Dear Alice Martin,\n\nOrders on file for France, Spring 1901 Movement:\n  A MAR - SPA\n  F BRE - MAO\n\n\
         Arbitre de Vopaliec",
        signon("France")
    );
    deliver(&dir, &mail(PEOPLE[0], "outlook", "RE: received", &body), EVENING);
    let status = orders_on_file(&dir);
    assert!(status.contains("France: [A PAR - BUR]"), "{status}");
    let out = outbox(&dir);
    let reply = out.values().find(|m| m.to == [PEOPLE[0].1]).unwrap();
    assert_eq!(reply.subject, "vopaliec, Spring 1901 Movement: received");
    assert!(!reply.text.contains("Not done"), "{}", reply.text);
    assert!(
        reply
            .text
            .contains("Not understood (ignored; HELP lists the commands you may use):"),
        "{}",
        reply.text
    );
    assert_eq!(reply.text.matches("Thanks!").count(), 1, "{}", reply.text);
    assert_eq!(reply.text.matches("Good luck all").count(), 1, "{}", reply.text);
}

/// In a folder of games, a message far over the limit is routed by its SIGNON line (read
/// from the top of the message only) and refused by its own game.
#[test]
fn in_a_folder_of_games_a_huge_message_is_refused_by_its_game() {
    let tmp = Tmp::new();
    let root = tmp.path("root");
    std::fs::create_dir_all(&root).unwrap();
    let players = tmp.file(
        "p.yaml",
        &players_file(&STANDARD_CAST, "limits: {message_bytes: 4000}\n"),
    );
    create(&root.join("vopaliec"), &players, CREATED);
    let other = players_file(&STANDARD_CAST, "").replace("game: vopaliec", "game: autre");
    create(&root.join("autre"), &tmp.file("o.yaml", &other), CREATED);
    let big = format!("{}\n{}", signon("France"), "A PAR - BUR\n".repeat(100_000));
    deliver(&root, &mail(PEOPLE[0], "huge", "orders", &big), EVENING);
    assert_eq!(files_in(&root.join("vopaliec/rejected")).len(), 1);
    assert!(files_in(&root.join("vopaliec/mail")).is_empty());
    assert!(!root.join("unmatched").exists());
}

/// A flood of failed sign-ons is counted, not kept one by one: the digest lists fifty and
/// counts the rest.
#[test]
fn a_flood_of_failed_sign_ons_makes_one_digest_of_bounded_size() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let mut files = Vec::new();
    for k in 0..56 {
        let m = mail(MALLORY, &format!("flood{k}"), "x", "SIGNON England vopaliec guess");
        files.push(tmp.file(&format!("f{k}.eml"), &String::from_utf8(m).unwrap()));
    }
    let mut args = vec!["mail", dir.to_str().unwrap(), "--now", EVENING];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    ok(&args, None);
    ok(
        &["process", dir.to_str().unwrap(), "--now", "2026-12-01T19:30:00+01:00"],
        None,
    );
    let digests: Vec<Sent> = outbox(&dir)
        .into_values()
        .filter(|m| m.to == [PEOPLE[1].1] && m.subject.contains("failed sign-ons"))
        .collect();
    assert_eq!(
        digests.len(),
        2,
        "{}",
        std::fs::read_to_string(dir.join("state.yaml"))
            .unwrap()
            .split("board:")
            .next()
            .unwrap()
    );
    let second = digests
        .iter()
        .find(|m| m.text.contains("55 attempts"))
        .expect("55 told");
    assert_eq!(
        second.text.matches("from another address").count(),
        50,
        "{}",
        second.text
    );
    assert!(second.text.contains("… and 5 more"), "{}", second.text);
    assert!(std::fs::metadata(dir.join("state.yaml")).unwrap().len() < 20_000);
}

/// At most 500 commands of one message are acted on; the reply says where reading stopped.
#[test]
fn a_message_of_thousands_of_order_lines_is_read_up_to_five_hundred_commands() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let lines: String = (0..2000).map(|k| format!("A XYZ{k} - QQQ\n")).collect();
    let body = format!("{}\nA PAR - BUR\n{lines}", signon("France"));
    deliver(&dir, &mail(PEOPLE[0], "flood", "orders", &body), EVENING);
    let reply = outbox(&dir).into_values().find(|m| m.to == [PEOPLE[0].1]).unwrap();
    assert!(reply.text.contains("A PAR - BUR: on file"), "{}", reply.text);
    assert!(reply.text.contains("… and 479 more"), "{}", reply.text);
    assert!(
        reply
            .text
            .contains("Not read: line 502 and the 1500 command lines after it were not read"),
        "{}",
        reply.text
    );
}

/// A guesser who gives every guess the same Message-ID is answered once, and every guess
/// still counts for the throttle: the sixth, with the right password, is ignored.
#[test]
fn repeating_a_message_id_gives_a_guesser_no_uncounted_guesses() {
    let tmp = Tmp::new();
    let dir = new_game(&tmp, "g", &STANDARD_CAST, "");
    let mut files = Vec::new();
    for k in 0..5 {
        let m = mail(PEOPLE[0], "same", "x", &format!("SIGNON France vopaliec wrong{k}"));
        files.push(tmp.file(&format!("g{k}.eml"), &String::from_utf8(m).unwrap()));
    }
    let right = mail(PEOPLE[0], "same", "x", &format!("{}\nA PAR - BUR", signon("France")));
    files.push(tmp.file("right.eml", &String::from_utf8(right).unwrap()));
    let mut args = vec!["mail", dir.to_str().unwrap(), "--now", EVENING];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    ok(&args, None);
    let status = orders_on_file(&dir);
    assert!(!status.contains("France: [A PAR - BUR]"), "{status}");
    let refusals = outbox(&dir)
        .values()
        .filter(|m| m.to == [PEOPLE[0].1] && m.subject == "message refused / message refusé")
        .count();
    assert_eq!(refusals, 1);
}

/// Messages that name no game of a folder of games are answered within the same daily
/// budget per sender: forging a player's address cannot bomb them with refusals.
#[test]
fn strays_are_answered_within_the_daily_budget() {
    let tmp = Tmp::new();
    let root = tmp.path("root");
    std::fs::create_dir_all(&root).unwrap();
    let players = tmp.file(
        "p.yaml",
        &players_file(&STANDARD_CAST, "limits: {messages_per_day: 3}\n"),
    );
    create(&root.join("vopaliec"), &players, CREATED);
    let other = players_file(&STANDARD_CAST, "").replace("game: vopaliec", "game: autre");
    create(&root.join("autre"), &tmp.file("o.yaml", &other), CREATED);
    let mut files = Vec::new();
    for k in 0..5 {
        let m = mail(PEOPLE[0], &format!("stray{k}"), "x", "SIGNON France nogame x");
        files.push(tmp.file(&format!("s{k}.eml"), &String::from_utf8(m).unwrap()));
    }
    let mut args = vec!["mail", root.to_str().unwrap(), "--now", EVENING];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    ok(&args, None);
    assert_eq!(files_in(&root.join("unmatched")).len(), 5, "every stray is kept");
    assert_eq!(to(&root, PEOPLE[0].1).len(), 3, "three answers, then none");
}

/// In a folder of games, a refused sign-on for a game run here and one for a game that is
/// not: the same bytes, down to the Message-ID (which no longer carries the game's count
/// of messages, nor the folder it went to). The same for a probe whose guess is written in
/// its sender's name and address and in its subject, which the archive of a game keeps
/// without it: a stray is answered as the archive keeps it too.
#[test]
fn a_probe_cannot_tell_a_game_run_here_from_one_that_is_not() {
    probe_a_game_run_here_and_one_that_is_not(MALLORY, "hello", "guess");
    let guesser: Who = ("Guess1234", "guess1234@elsewhere.example", "");
    probe_a_game_run_here_and_one_that_is_not(guesser, "guess1234", "guess1234");
}

fn probe_a_game_run_here_and_one_that_is_not(prober: Who, subject: &str, guess: &str) {
    let tmp = Tmp::new();
    let mut got = Vec::new();
    for (k, game) in ["vopaliec", "nogame"].iter().enumerate() {
        let root = tmp.path(&format!("root{k}"));
        std::fs::create_dir_all(&root).unwrap();
        create(
            &root.join("vopaliec"),
            &tmp.file(&format!("p{k}.yaml"), &players_file(&STANDARD_CAST, "")),
            CREATED,
        );
        let other = players_file(&STANDARD_CAST, "").replace("game: vopaliec", "game: autre");
        create(&root.join("autre"), &tmp.file(&format!("o{k}.yaml"), &other), CREATED);
        // Some mail for the game first, so that its count of messages is not that of the
        // folder of strays.
        deliver(&root, &mail(PEOPLE[0], "first", "x", &signon("France")), EVENING);
        let probe = mail(prober, "probe", subject, &format!("SIGNON God {game} {guess}"));
        deliver(&root, &probe, EVENING);
        let mut all: Vec<Vec<u8>> = Vec::new();
        for dir in [root.clone(), root.join("vopaliec"), root.join("autre")] {
            all.extend(to(&dir, prober.1).into_values());
        }
        assert_eq!(all.len(), 1, "one answer");
        got.push(all.pop().unwrap());
    }
    assert!(
        got[0] == got[1],
        "{}\n---\n{}",
        String::from_utf8_lossy(&got[0]),
        String::from_utf8_lossy(&got[1])
    );
}
