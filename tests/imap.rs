//! `arbitre imap` and `arbitre run` against a real IMAP server (Dovecot, started by the test
//! on loopback with a certificate of its own authority; see tests/support/servers.rs), and
//! aiosmtpd for what `run` sends. The messages are put in the server's folder as delivered
//! mail, as players would send them.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use support::servers::{skip, Dovecot, Smtpd, SmtpdOptions};
use support::{create, seven_players, Tmp, BIN};

const CREATED: &str = "2026-11-28T10:00:00Z";
const EVENING: &str = "2026-11-30T18:00:00Z";
const STATE_FILE: &str = ".imap-state.yaml";

/// A Dovecot, or `None` with the test reported as skipped.
fn dovecot(test: &str) -> Option<Dovecot> {
    match Dovecot::start() {
        Ok(d) => Some(d),
        Err(why) => {
            skip(test, &why);
            None
        }
    }
}

/// A folder of games holding game `g1`, made once and copied for each use.
fn games(tmp: &Tmp) -> PathBuf {
    let root = tmp.path("games");
    std::fs::create_dir_all(&root).unwrap();
    create(&root.join("g1"), &seven_players(&tmp.0), CREATED);
    root
}

/// A message as a player sends it.
fn mail(from: (&str, &str), id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {} <{}>\r\nTo: referee@example.org\r\nSubject: orders\r\nDate: Mon, 30 Nov 2026 17:00:00 +0000\r\n\
         Message-ID: <{id}@example.net>\r\n\r\n{body}",
        from.0, from.1
    )
    .into_bytes()
}

fn bruno(id: &str, orders: &str) -> Vec<u8> {
    mail(
        ("Bruno", "bruno@example.net"),
        id,
        &format!("SIGNON France g1 pass-b\r\n{orders}\r\n"),
    )
}

/// `arbitre ARGS` with the mailbox of `server` in the environment (`url`; the CA file only
/// when `trust`), and a crash point when asked.
fn arbitre(server: &Dovecot, url: &str, password: &str, trust: bool, args: &[&str], crash_at: Option<u32>) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env("ARBITRE_IMAP_URL", url)
        .env("ARBITRE_IMAP_USER", &server.user)
        .env("ARBITRE_IMAP_PASSWORD", password)
        .env_remove("ARBITRE_IMAP_CA_FILE")
        .env_remove("ARBITRE_SMTP_URL")
        .env_remove("ARBITRE_CRASH_AT")
        .env("SSL_CERT_FILE", "/nonexistent") // only the system's roots, never the test's
        .stdin(Stdio::null());
    if trust {
        cmd.env("ARBITRE_IMAP_CA_FILE", &server.authority.ca);
    }
    if let Some(n) = crash_at {
        cmd.env("ARBITRE_CRASH_AT", n.to_string());
    }
    cmd.output().unwrap()
}

fn intake(server: &Dovecot, root: &Path) -> Output {
    let out = arbitre(
        server,
        &server.imaps_url("INBOX"),
        &server.password.clone(),
        true,
        &["imap", root.to_str().unwrap(), "--now", EVENING],
        None,
    );
    assert!(out.status.success(), "arbitre imap: {}", text(&out));
    out
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The messages of the outbox addressed to `to` (not the half-written files a killed run
/// may leave, whose names start with a dot: `send` never sends those).
fn letters_to(game: &Path, to: &str) -> Vec<support::Sent> {
    support::outbox(game)
        .into_iter()
        .filter(|(name, m)| !name.starts_with('.') && m.to == vec![to.to_string()])
        .map(|(_, m)| m)
        .collect()
}

/// The orders on file for `power`, as `state.yaml` holds them.
fn orders_of(game: &Path, power: &str) -> String {
    let state = std::fs::read_to_string(game.join("state.yaml")).unwrap();
    let value: serde_yaml::Value = serde_yaml::from_str(&state).unwrap();
    serde_yaml::to_string(&value["orders"][power]).unwrap()
}

#[test]
fn messages_in_the_folder_are_acted_on_once_and_moved_to_processed() {
    let Some(server) = dovecot("messages_in_the_folder_are_acted_on_once_and_moved_to_processed") else {
        return;
    };
    let tmp = Tmp::new();
    let root = games(&tmp);
    let game = root.join("g1");
    let welcomed = letters_to(&game, "bruno@example.net").len();
    server.deliver("INBOX", &bruno("m1", "A PAR - BUR"));
    server.deliver("INBOX", &bruno("m2", "F BRE - MAO"));
    server.deliver(
        "INBOX",
        &mail(("Zed", "zed@example.net"), "m3", "hello, is this the game?\r\n"),
    );

    let out = intake(&server, &root);
    assert!(text(&out).contains("UID 1: kept as"), "{}", text(&out));
    assert_eq!(server.uids("INBOX"), Vec::<u32>::new(), "every message moved out");
    assert_eq!(
        server.message_ids("Processed"),
        vec!["<m1@example.net>", "<m2@example.net>", "<m3@example.net>"]
    );
    let orders = orders_of(&game, "France");
    assert!(orders.contains("PAR") && orders.contains("BRE"), "{orders}");
    assert_eq!(
        letters_to(&game, "bruno@example.net").len(),
        welcomed + 2,
        "one reply a message"
    );
    assert_eq!(
        std::fs::read_dir(root.join("unmatched")).unwrap().count(),
        1,
        "the stray kept"
    );
    let recorded = std::fs::read_to_string(root.join(STATE_FILE)).unwrap();
    assert!(recorded.contains("last_uid: 3"), "{recorded}");

    // Nothing new: nothing done.
    let out = intake(&server, &root);
    assert_eq!(text(&out), "");
    assert_eq!(letters_to(&game, "bruno@example.net").len(), welcomed + 2);

    // A later message, over STARTTLS this time.
    server.deliver("INBOX", &bruno("m4", "F BRE - ENG"));
    let out = arbitre(
        &server,
        &server.starttls_url("INBOX"),
        &server.password.clone(),
        true,
        &["imap", root.to_str().unwrap(), "--now", EVENING],
        None,
    );
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("UID 4: kept as"), "{}", text(&out));
    assert!(orders_of(&game, "France").contains("ENG"));
    assert_eq!(server.uids("INBOX"), Vec::<u32>::new());
}

#[test]
fn wrong_credentials_are_refused_and_nothing_moves() {
    let Some(server) = dovecot("wrong_credentials_are_refused_and_nothing_moves") else {
        return;
    };
    let tmp = Tmp::new();
    let root = games(&tmp);
    server.deliver("INBOX", &bruno("m1", "A PAR - BUR"));
    let out = arbitre(
        &server,
        &server.imaps_url("INBOX"),
        "not-the-password",
        true,
        &["imap", root.to_str().unwrap(), "--now", EVENING],
        None,
    );
    assert!(!out.status.success());
    let said = text(&out);
    assert!(
        said.contains("login to imaps://127.0.0.1:") && said.contains("refused"),
        "{said}"
    );
    assert!(
        !said.contains("not-the-password"),
        "the password is never shown: {said}"
    );
    assert_eq!(server.uids("INBOX"), vec![1]);
    assert!(!orders_of(&root.join("g1"), "France").contains("BUR"));
}

#[test]
fn a_certificate_from_an_authority_not_trusted_is_refused() {
    let Some(server) = dovecot("a_certificate_from_an_authority_not_trusted_is_refused") else {
        return;
    };
    let tmp = Tmp::new();
    let root = games(&tmp);
    server.deliver("INBOX", &bruno("m1", "A PAR - BUR"));
    for url in [server.imaps_url("INBOX"), server.starttls_url("INBOX")] {
        let out = arbitre(
            &server,
            &url,
            &server.password.clone(),
            false,
            &["imap", root.to_str().unwrap(), "--now", EVENING],
            None,
        );
        assert!(!out.status.success(), "{url}");
        let said = text(&out);
        assert!(said.contains("TLS with") && said.contains("--ca-file"), "{url}: {said}");
    }
    // A CA file of another authority (of the same name, another key) is no better.
    let other = support::servers::Authority::make(&tmp.0);
    let out = arbitre(
        &server,
        &server.imaps_url("INBOX"),
        &server.password.clone(),
        false,
        &[
            "imap",
            root.to_str().unwrap(),
            "--now",
            EVENING,
            "--ca-file",
            other.ca.to_str().unwrap(),
        ],
        None,
    );
    assert!(!out.status.success());
    let said = text(&out);
    assert!(said.contains("TLS with") && said.contains("--ca-file"), "{said}");
    assert_eq!(server.uids("INBOX"), vec![1]);
    // The same authority given by --ca-file is trusted.
    let ca = server.authority.ca.to_str().unwrap().to_string();
    let out = arbitre(
        &server,
        &server.imaps_url("INBOX"),
        &server.password.clone(),
        false,
        &["imap", root.to_str().unwrap(), "--now", EVENING, "--ca-file", &ca],
        None,
    );
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(server.uids("INBOX"), Vec::<u32>::new());
}

/// Killed at every step of writing in turn (`ARBITRE_CRASH_AT`), then run again: each
/// message is acted on once and ends in the processed folder, whatever the step.
#[test]
fn a_run_killed_at_any_step_then_run_again_acts_on_each_message_once() {
    let Some(server) = dovecot("a_run_killed_at_any_step_then_run_again_acts_on_each_message_once") else {
        return;
    };
    let tmp = Tmp::new();
    let template = games(&tmp);
    let welcomed = letters_to(&template.join("g1"), "bruno@example.net").len();
    let mut step = 1;
    loop {
        let root = tmp.path(&format!("run-{step}"));
        let copied = Command::new("cp").arg("-a").arg(&template).arg(&root).status().unwrap();
        assert!(copied.success());
        let (first, second) = (format!("a{step}"), format!("b{step}"));
        server.deliver("INBOX", &bruno(&first, "A PAR - BUR"));
        server.deliver("INBOX", &bruno(&second, "F BRE - MAO"));
        let args = ["imap", root.to_str().unwrap(), "--now", EVENING];
        let password = server.password.clone();
        let crashed = arbitre(&server, &server.imaps_url("INBOX"), &password, true, &args, Some(step));
        let finished = crashed.status.success();
        let again = arbitre(&server, &server.imaps_url("INBOX"), &password, true, &args, None);
        assert!(again.status.success(), "step {step}: {}", text(&again));
        let game = root.join("g1");
        assert_eq!(
            letters_to(&game, "bruno@example.net").len(),
            welcomed + 2,
            "step {step}: one reply a message; crashed run: {}; outbox: {:?}",
            text(&crashed),
            support::outbox(&game)
                .into_iter()
                .map(|(n, m)| (n, m.to, m.subject))
                .collect::<Vec<_>>()
        );
        let orders = orders_of(&game, "France");
        assert!(
            orders.contains("BUR") && orders.contains("MAO"),
            "step {step}: {orders}"
        );
        assert_eq!(server.uids("INBOX"), Vec::<u32>::new(), "step {step}");
        let processed = server.message_ids("Processed");
        for id in [&first, &second] {
            let id = format!("<{id}@example.net>");
            assert_eq!(
                processed.iter().filter(|p| **p == id).count(),
                1,
                "step {step}: {id} moved once"
            );
        }
        if finished {
            assert!(step > 4, "the run wrote less than expected: {}", text(&crashed));
            break;
        }
        step += 1;
    }
}

/// `arbitre imap --watch` takes in a message as it arrives (IDLE), and goes on after the
/// server is stopped and started again.
#[test]
fn watch_takes_in_new_mail_and_reconnects_after_a_server_restart() {
    let Some(mut server) = dovecot("watch_takes_in_new_mail_and_reconnects_after_a_server_restart") else {
        return;
    };
    let tmp = Tmp::new();
    let root = games(&tmp);
    let game = root.join("g1");
    let mut cmd = Command::new(BIN);
    cmd.args(["imap", root.to_str().unwrap(), "--watch", "--now", EVENING])
        .env("ARBITRE_IMAP_URL", server.imaps_url("INBOX"))
        .env("ARBITRE_IMAP_USER", &server.user)
        .env("ARBITRE_IMAP_PASSWORD", &server.password)
        .env("ARBITRE_IMAP_CA_FILE", &server.authority.ca)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut watcher = Watcher(cmd.spawn().unwrap());
    let wait_for = |what: &str, done: &dyn Fn() -> bool| {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !done() {
            assert!(Instant::now() < deadline, "not done within 30 s: {what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    std::thread::sleep(Duration::from_millis(500));
    server.deliver("INBOX", &bruno("w1", "A PAR - BUR"));
    wait_for("the first message", &|| orders_of(&game, "France").contains("BUR"));
    server.stop();
    std::thread::sleep(Duration::from_millis(500));
    server.run().expect("dovecot started again");
    server.deliver("INBOX", &bruno("w2", "F BRE - MAO"));
    wait_for("the message after the restart", &|| {
        orders_of(&game, "France").contains("MAO")
    });
    wait_for("both moved", &|| server.uids("INBOX").is_empty());
    watcher.stop();
}

/// The child process of a test, killed when dropped.
struct Watcher(std::process::Child);

impl Watcher {
    fn stop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.stop();
    }
}

/// One `arbitre run` cycle: the message in the IMAP folder is taken in, the phase is
/// processed once all orders are in, and every letter is delivered to aiosmtpd.
#[test]
fn one_run_takes_in_processes_and_sends() {
    let Some(server) = dovecot("one_run_takes_in_processes_and_sends") else {
        return;
    };
    let smtpd = match Smtpd::start(SmtpdOptions::default()) {
        Ok(s) => s,
        Err(why) => return skip("one_run_takes_in_processes_and_sends", &why),
    };
    let tmp = Tmp::new();
    let root = games(&tmp);
    let game = root.join("g1");
    server.deliver("INBOX", &bruno("r1", "A PAR - BUR"));
    let mut cmd = Command::new(BIN);
    let out = cmd
        .args(["run", root.to_str().unwrap(), "--now", EVENING])
        .env("ARBITRE_IMAP_URL", server.imaps_url("INBOX"))
        .env("ARBITRE_IMAP_USER", &server.user)
        .env("ARBITRE_IMAP_PASSWORD", &server.password)
        .env("ARBITRE_IMAP_CA_FILE", &server.authority.ca)
        .env("ARBITRE_SMTP_URL", smtpd.url())
        .env_remove("ARBITRE_CRASH_AT")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    assert!(orders_of(&game, "France").contains("BUR"));
    assert_eq!(server.uids("INBOX"), Vec::<u32>::new());
    // The seven welcomes and the reply to Bruno, delivered and moved to sent/.
    let received = smtpd.received();
    assert_eq!(received.len(), 8, "{received:?}");
    assert!(std::fs::read_dir(game.join("outbox")).unwrap().next().is_none());
    let to_bruno: Vec<_> = received.iter().filter(|r| r.to == ["bruno@example.net"]).collect();
    assert_eq!(to_bruno.len(), 2);
    assert!(
        String::from_utf8_lossy(&to_bruno[1].data).contains("A PAR - BUR") || {
            let sent = support::read_sent(&to_bruno[1].data);
            sent.text.contains("PAR")
        }
    );
}

/// A folder rebuilt by the server (a new UIDVALIDITY) makes the recorded UID meaningless:
/// every message in it is taken in again, and one acted on before is not acted on twice.
#[test]
fn a_changed_uidvalidity_takes_in_every_message_and_acts_on_none_twice() {
    let Some(server) = dovecot("a_changed_uidvalidity_takes_in_every_message_and_acts_on_none_twice") else {
        return;
    };
    let tmp = Tmp::new();
    let root = games(&tmp);
    let game = root.join("g1");
    let welcomed = letters_to(&game, "bruno@example.net").len();
    server.deliver("INBOX", &bruno("u1", "A PAR - BUR"));
    intake(&server, &root);
    assert_eq!(letters_to(&game, "bruno@example.net").len(), welcomed + 1);
    // The same message back in the folder, a new one beside it, and a state file whose
    // UIDs are of another UIDVALIDITY: taken at its word, it would skip both.
    server.deliver("INBOX", &bruno("u1", "A PAR - BUR"));
    server.deliver("INBOX", &bruno("u2", "F BRE - MAO"));
    let path = root.join(STATE_FILE);
    let recorded = std::fs::read_to_string(&path).unwrap();
    let mut state: serde_yaml::Value = serde_yaml::from_str(&recorded).unwrap();
    state["uidvalidity"] = serde_yaml::Value::from(1u32);
    state["last_uid"] = serde_yaml::Value::from(1000u32);
    std::fs::write(&path, serde_yaml::to_string(&state).unwrap()).unwrap();

    let out = intake(&server, &root);
    assert!(text(&out).contains("UIDVALIDITY"), "{}", text(&out));
    assert!(orders_of(&game, "France").contains("MAO"), "the new message acted on");
    assert_eq!(
        letters_to(&game, "bruno@example.net").len(),
        welcomed + 2,
        "one reply for the new message, none for the one seen before"
    );
    assert_eq!(server.uids("INBOX"), Vec::<u32>::new());
}

/// A message from `from` with `fields` at the top of its header, as the receiving server
/// writes its `Authentication-Results` there.
fn authenticated(from: &str, id: &str, fields: &[&str], orders: &str) -> Vec<u8> {
    let mut head = String::new();
    for f in fields {
        head.push_str(&format!("Authentication-Results: {f}\r\n"));
    }
    let mut raw = head.into_bytes();
    raw.extend(mail(
        ("Bruno", from),
        id,
        &format!("SIGNON France g1 pass-b\r\n{orders}\r\n"),
    ));
    raw
}

/// The bodies of the outbox's letters to `to` whose subject is `subject` (after the game's
/// and phase's names, if any).
fn bodies(game: &Path, to: &str, subject: &str) -> Vec<String> {
    letters_to(game, to)
        .into_iter()
        .filter(|m| m.subject == subject || m.subject.ends_with(&format!(": {subject}")))
        .map(|m| m.text)
        .collect()
}

/// `require_authentication:` trusts the `Authentication-Results` of the referee's own
/// receiving server (its authserv-id) and no other: a message whose DMARC, or SPF and
/// DKIM, failed there is kept in rejected/, refused with words that say nothing of the
/// game, and the referee is told; without the key, the same message is acted on.
#[test]
fn mail_the_receiving_server_could_not_authenticate_is_refused_when_the_game_requires_it() {
    let Some(server) = dovecot("mail_the_receiving_server_could_not_authenticate_is_refused_when_the_game_requires_it")
    else {
        return;
    };
    let tmp = Tmp::new();
    let root = tmp.path("games");
    std::fs::create_dir_all(&root).unwrap();
    let players = seven_players(&tmp.0);
    let mut file = std::fs::read_to_string(&players).unwrap();
    file.push_str("require_authentication: {authserv_id: mx.example.org}\n");
    std::fs::write(&players, file).unwrap();
    create(&root.join("g1"), &players, CREATED);
    let game = root.join("g1");
    let welcomed = letters_to(&game, "bruno@example.net").len();

    let dmarc_fail =
        "mx.example.org; spf=pass smtp.mailfrom=example.net; dmarc=fail (p=reject) header.from=example.net";
    let messages = [
        // The server's DMARC failure: refused.
        authenticated("bruno@example.net", "a1", &[dmarc_fail], "A PAR - BUR"),
        // Another server's word (the sender's own, say) is not taken: acted on.
        authenticated(
            "bruno@example.net",
            "a2",
            &[
                "mx.evil.example; dmarc=fail header.from=example.net",
                "mx.example.org; dmarc=pass header.from=example.net",
            ],
            "F BRE - MAO",
        ),
        // SPF and DKIM both failed, no DMARC: refused.
        authenticated(
            "bruno@example.net",
            "a3",
            &["mx.example.org; spf=fail smtp.mailfrom=example.net; dkim=fail header.d=example.net"],
            "A MAR - SPA",
        ),
        // A forged pass of another server beside the server's failure hides nothing.
        authenticated(
            "bruno@example.net",
            "a4",
            &["mx.evil.example; dmarc=pass header.from=example.net", dmarc_fail],
            "A MAR - GAS",
        ),
        // No verdict at all: acted on.
        authenticated("bruno@example.net", "a5", &[], "A MAR - PIE"),
        // A stranger whose mail failed the same way: told the same words.
        authenticated("zed@example.net", "a6", &[dmarc_fail], "A PAR - PIC"),
    ];
    for m in &messages {
        server.deliver("INBOX", m);
    }
    let out = intake(&server, &root);
    let said = text(&out);
    for uid in [1, 3, 4, 6] {
        assert!(
            said.contains(&format!("UID {uid}: sender not authenticated; kept as")),
            "{said}"
        );
    }
    let orders = orders_of(&game, "France");
    assert!(orders.contains("MAO") && orders.contains("PIE"), "{orders}");
    for refused in ["BUR", "SPA", "GAS", "PIC"] {
        assert!(!orders.contains(refused), "{refused}: {orders}");
    }
    assert_eq!(std::fs::read_dir(game.join("rejected")).unwrap().count(), 4);
    assert_eq!(server.uids("INBOX"), Vec::<u32>::new(), "every message moved");

    // Bruno: three refusals (words that say nothing of the game) and two replies.
    let refusals = bodies(&game, "bruno@example.net", "message refused / message refusé");
    assert_eq!(refusals.len(), 3, "{refusals:?}");
    assert_eq!(letters_to(&game, "bruno@example.net").len(), welcomed + 5);
    let stranger = bodies(&game, "zed@example.net", "message refused / message refusé");
    assert_eq!(stranger.len(), 1);
    let dmarc: Vec<&String> = refusals
        .iter()
        .filter(|r| r.contains("the DMARC check failed"))
        .collect();
    assert_eq!(dmarc.len(), 2, "{refusals:?}");
    assert!(
        refusals.iter().any(|r| r.contains("the SPF and DKIM checks failed")),
        "{refusals:?}"
    );
    assert!(dmarc[0].contains("could not confirm"), "{}", dmarc[0]);
    assert_eq!(*dmarc[0], stranger[0], "a player and a stranger read the same words");
    for secret in ["France", "g1"] {
        assert!(!dmarc[0].contains(secret), "{secret}: {}", dmarc[0]);
    }

    // The referee: one letter a refused message, saying who, what failed, and where it is.
    let told = bodies(
        &game,
        "referee@example.org",
        "message refused: sender not authenticated",
    );
    assert_eq!(told.len(), 4, "{told:?}");
    assert!(
        told[0].contains("bruno@example.net") && told[0].contains("mx.example.org") && told[0].contains("rejected/"),
        "{}",
        told[0]
    );

    // Off by default: the same failed message is acted on in a game without the key.
    let other = Tmp::new();
    let plain = games(&other);
    server.deliver(
        "INBOX",
        &authenticated("bruno@example.net", "b1", &[dmarc_fail], "A PAR - BUR"),
    );
    let out = intake(&server, &plain);
    assert!(text(&out).contains(": kept as"), "{}", text(&out));
    assert!(orders_of(&plain.join("g1"), "France").contains("BUR"));
}
