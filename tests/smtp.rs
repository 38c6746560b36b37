//! `send_outbox` against SMTP servers on 127.0.0.1.
//!
//! Delivery (the bytes received, the envelope, refusals and deferrals, logins, TLS and its
//! certificates, a server that dies between two messages and comes back) is tested against
//! a real server, aiosmtpd, started by the test (tests/support/servers.rs; skipped with a
//! printed reason when it is not installed, a failure under `ARBITRE_REQUIRE_SERVERS=1`).
//!
//! Two tests keep a server written here, for what no real server can be made to do: say
//! nothing at all after accepting a connection (the client's timeout), and time when the
//! end of a message's data arrives (the writes' coalescing). It is a few dozen lines of
//! `std::net`, binds port 0 on loopback, serves connections one after another until it is
//! stopped, and bounds every loop and read, so that no test can hang.

use crate::support;
use crate::support::seven_players;

use arbitre::mail::smtp::{send_outbox, send_outbox_at, FailCause, Security, SendReport, SmtpSettings};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};
use support::servers::{skip, Authority, Smtpd, SmtpdOptions};

/// aiosmtpd with `options`, or `None` with the test reported as skipped.
fn real(test: &str, options: SmtpdOptions) -> Option<Smtpd> {
    match Smtpd::start(options) {
        Ok(s) => Some(s),
        Err(why) => {
            skip(test, &why);
            None
        }
    }
}

// ---- the hand-written server (a silent one, and one that times the data) ----

/// One message the server accepted.
#[derive(Clone, Debug)]
struct Delivery {
    /// From the `354` reply to the data's final dot.
    data_wait: Duration,
}

/// Everything the server saw.
#[derive(Default, Debug)]
struct Log {
    sessions: usize,
    deliveries: Vec<Delivery>,
}

struct Server {
    addr: SocketAddr,
    log: Arc<Mutex<Log>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// How long a server lives at most, whatever the test does.
const SERVER_LIFETIME: Duration = Duration::from_secs(60);
/// How long the server waits for a line from the client.
const SERVER_READ_TIMEOUT: Duration = Duration::from_secs(10);

impl Server {
    /// A server that accepts connections and, when `silent`, never says a word.
    fn start(silent: bool) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        listener.set_nonblocking(true).expect("non-blocking listener");
        let addr = listener.local_addr().expect("local address");
        let log = Arc::new(Mutex::new(Log::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (log, stop) = (Arc::clone(&log), Arc::clone(&stop));
            thread::spawn(move || serve(listener, silent, log, stop))
        };
        Server {
            addr,
            log,
            stop,
            thread: Some(thread),
        }
    }

    fn url(&self) -> String {
        format!("smtp://{}", self.addr)
    }

    /// Stops the server and returns what it saw.
    fn finish(mut self) -> Log {
        self.halt();
        std::mem::take(&mut *self.log.lock().unwrap())
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.halt();
    }
}

fn serve(listener: TcpListener, silent: bool, log: Arc<Mutex<Log>>, stop: Arc<AtomicBool>) {
    let deadline = Instant::now() + SERVER_LIFETIME;
    let mut held = Vec::new(); // the silent server's connections, open until it stops
    while !stop.load(Ordering::SeqCst) && Instant::now() < deadline {
        match listener.accept() {
            Ok((stream, _)) => {
                log.lock().unwrap().sessions += 1;
                if silent {
                    held.push(stream);
                    continue;
                }
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_read_timeout(Some(SERVER_READ_TIMEOUT));
                let _ = stream.set_write_timeout(Some(SERVER_READ_TIMEOUT));
                let _ = session(stream, &log);
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => thread::sleep(Duration::from_millis(5)),
            Err(_) => break,
        }
    }
}

/// Reads one line (up to LF), `None` at end of stream.
fn read_line(reader: &mut BufReader<TcpStream>) -> io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let n = reader.by_ref().take(100_000).read_until(b'\n', &mut line)?;
    Ok(if n == 0 { None } else { Some(line) })
}

/// A session that accepts every message, timing how long each one's data took to arrive.
fn session(stream: TcpStream, log: &Mutex<Log>) -> io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = stream;
    out.write_all(b"220 test.invalid ESMTP arbitre test server\r\n")?;
    for _ in 0..500 {
        let Some(line) = read_line(&mut reader)? else {
            return Ok(());
        };
        let upper = String::from_utf8_lossy(&line).trim_end().to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") {
            b"250-test.invalid\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 10000000\r\n"
        } else if upper == "DATA" {
            out.write_all(b"354 end with <CRLF>.<CRLF>\r\n")?;
            let data_start = Instant::now();
            for _ in 0..100_000 {
                match read_line(&mut reader)? {
                    None => return Ok(()),
                    Some(line) if line == b".\r\n" => break,
                    Some(_) => {}
                }
            }
            let data_wait = data_start.elapsed();
            log.lock().unwrap().deliveries.push(Delivery { data_wait });
            b"250 2.0.0 queued\r\n"
        } else if upper == "QUIT" {
            out.write_all(b"221 2.0.0 bye\r\n")?;
            return Ok(());
        } else {
            b"250 2.0.0 ok\r\n"
        };
        out.write_all(reply)?;
    }
    Ok(())
}

// ---- game folders ----

/// A fresh game folder under the system temp dir, removed when dropped.
struct GameDir(PathBuf);

impl GameDir {
    fn new() -> GameDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("arbitre-smtp-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("outbox")).expect("create temp game dir");
        GameDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `bytes` as `outbox/name` and returns the path.
    fn outbox(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.join("outbox").join(name);
        std::fs::write(&path, bytes).expect("write outbox file");
        path
    }

    fn names(&self, folder: &str) -> Vec<String> {
        let mut names: Vec<String> = match std::fs::read_dir(self.0.join(folder)) {
            Ok(entries) => entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect(),
            Err(_) => Vec::new(),
        };
        names.sort();
        names
    }
}

impl Drop for GameDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A rendered message, CRLF line ends, as the referee writes them.
fn message(to: &str, subject: &str, body: &str) -> Vec<u8> {
    let text = format!(
        "From: Arbitre <referee@example.org>\nTo: {to}\nSubject: {subject}\nMessage-ID: <{subject}@example.org>\n\
         MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n{body}"
    );
    text.replace('\n', "\r\n").into_bytes()
}

fn settings(url: &str) -> SmtpSettings {
    let mut settings = SmtpSettings::new(url);
    settings.timeout_secs = 5;
    settings
}

fn send(game: &GameDir, settings: &SmtpSettings) -> SendReport {
    send_outbox(game.path(), settings).expect("send_outbox")
}

fn outbox_path(game: &GameDir, name: &str) -> PathBuf {
    game.path().join("outbox").join(name)
}

/// An address on which nothing listens: bound, then released.
fn closed_port_url() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let addr = listener.local_addr().unwrap();
    drop(listener);
    format!("smtp://{addr}")
}

// ---- the tests ----

#[test]
fn delivers_each_file_byte_for_byte_then_moves_it_to_sent() {
    let Some(server) = real(
        "delivers_each_file_byte_for_byte_then_moves_it_to_sent",
        SmtpdOptions::default(),
    ) else {
        return;
    };
    let game = GameDir::new();
    let a = message(
        "Anne <anne@example.net>",
        "G1-S1901M",
        "Printemps 1901 : l'Autriche avance.\n.\n..deux points\n.un point\n\nFin.\n",
    );
    let b = message("bruno@example.net", "G1-S1901M-b", "No final line end");
    let c = message("\"Carl (Turkey)\" <carl@example.net>", "G1-S1901M-c", "Third.\n");
    // Written out of order, with files that are not for sending beside them.
    game.outbox("c.eml", &c);
    game.outbox("a.eml", &a);
    game.outbox("b.eml", &b);
    game.outbox("notes.txt", b"not a message");
    game.outbox(".partial.eml", &c);

    let report = send(&game, &settings(&server.url()));
    let deliveries = server.received();

    assert_eq!((report.failed, report.unsent), (vec![], vec![]));
    let names = ["a.eml", "b.eml", "c.eml"];
    assert_eq!(report.sent, names.map(|n| outbox_path(&game, n)).to_vec());
    assert_eq!(server.sessions(), 1, "one session for the whole outbox");
    assert_eq!(deliveries.len(), 3);
    let expected = [
        ("anne@example.net", &a),
        ("bruno@example.net", &b),
        ("carl@example.net", &c),
    ];
    for (delivery, (to, bytes)) in deliveries.iter().zip(expected) {
        assert_eq!(delivery.from, "referee@example.org");
        assert_eq!(delivery.to, vec![to.to_string()]);
        if bytes.ends_with(b"\r\n") {
            assert_eq!(delivery.data, *bytes, "{to}: DATA differs from the file");
        } else {
            // SMTP data always ends with a line end; only that is added.
            assert_eq!(delivery.data, [bytes.as_slice(), b"\r\n"].concat(), "{to}");
        }
    }
    assert_eq!(game.names("outbox"), vec![".partial.eml", "notes.txt"]);
    assert_eq!(game.names("sent"), vec!["a.eml", "b.eml", "c.eml"]);
    assert_eq!(std::fs::read(game.path().join("sent/a.eml")).unwrap(), a);
}

/// The data and its final dot leave together: with two writes, Nagle's algorithm held the
/// dot until the server's delayed acknowledgement of the data, 40 ms a message on Linux
/// (benches/send.rs). This stays on the hand-written server: it times what it reads, which
/// no real server reports.
#[test]
fn a_message_and_its_final_dot_arrive_without_waiting_for_an_acknowledgement() {
    let server = Server::start(false);
    let game = GameDir::new();
    let body = "A line of the report, long enough to be a real one.\n".repeat(60);
    for k in 0..15 {
        game.outbox(
            &format!("{k:02}.eml"),
            &message("anne@example.net", &format!("m{k}"), &body),
        );
    }
    let report = send(&game, &settings(&server.url()));
    let log = server.finish();
    assert_eq!(report.sent.len(), 15, "{report:?}");
    let mut waits: Vec<Duration> = log.deliveries.iter().map(|d| d.data_wait).collect();
    waits.sort();
    // The median: Linux acknowledges at once for the first segments of a connection.
    assert!(
        waits[waits.len() / 2] < Duration::from_millis(20),
        "the data's end waited for the server's delayed acknowledgement: {waits:?}"
    );
}

#[test]
fn bare_lf_files_go_out_with_crlf() {
    let Some(server) = real("bare_lf_files_go_out_with_crlf", SmtpdOptions::default()) else {
        return;
    };
    let game = GameDir::new();
    let crlf = message("anne@example.net", "lf", "one\n.two\nthree\n");
    let lf: Vec<u8> = String::from_utf8(crlf.clone())
        .unwrap()
        .replace("\r\n", "\n")
        .into_bytes();
    game.outbox("lf.eml", &lf);
    let report = send(&game, &settings(&server.url()));
    assert_eq!(report.sent.len(), 1, "{report:?}");
    assert_eq!(server.received()[0].data, crlf);
    // The file itself is moved as it was.
    assert_eq!(std::fs::read(game.path().join("sent/lf.eml")).unwrap(), lf);
}

#[test]
fn a_refused_recipient_goes_to_failed_with_the_reason_and_the_others_go() {
    let options = SmtpdOptions {
        refuse: vec!["bruno@example.net".into()],
        ..SmtpdOptions::default()
    };
    let Some(server) = real(
        "a_refused_recipient_goes_to_failed_with_the_reason_and_the_others_go",
        options,
    ) else {
        return;
    };
    let game = GameDir::new();
    game.outbox("1-anne.eml", &message("anne@example.net", "s1", "to Anne\n"));
    game.outbox("2-bruno.eml", &message("Bruno <bruno@example.net>", "s2", "to Bruno\n"));
    game.outbox("3-carl.eml", &message("carl@example.net", "s3", "to Carl\n"));

    let report = send(&game, &settings(&server.url()));

    assert_eq!(
        report.sent,
        vec![outbox_path(&game, "1-anne.eml"), outbox_path(&game, "3-carl.eml")]
    );
    assert_eq!(report.failed.len(), 1, "{report:?}");
    let failed = &report.failed[0];
    assert_eq!(failed.name, "2-bruno.eml");
    assert_eq!(failed.to, "Bruno <bruno@example.net>");
    let FailCause::Refused(reply) = &failed.cause else {
        panic!("{failed:?}")
    };
    assert!(
        reply.starts_with("550 ") && reply.contains("no such user here"),
        "{reply}"
    );
    // At once in failed/, its reason beside it; the outbox holds only the referee's digest.
    assert_eq!(game.names("failed"), vec!["2-bruno.eml", "2-bruno.eml.reason"]);
    let why = std::fs::read_to_string(game.path().join("failed/2-bruno.eml.reason")).unwrap();
    assert!(why.contains("550") && why.contains("no such user here"), "{why}");
    let digest = report.digest.clone().expect("a digest to the referee");
    assert_eq!(game.names("outbox"), vec![file_name(&digest)]);
    assert_eq!(game.names("sent"), vec!["1-anne.eml", "3-carl.eml"]);
    let recipients: Vec<String> = server.received().iter().map(|d| d.to[0].clone()).collect();
    assert_eq!(recipients, ["anne@example.net", "carl@example.net"]);
    // The session ends after a refusal (as lettre's own send does); a second one carries the rest.
    assert_eq!(server.sessions(), 2);
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

#[test]
fn server_down_leaves_the_sendable_messages_in_the_outbox() {
    let url = closed_port_url();
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    game.outbox("b.eml", &message("bruno@example.net", "b", "B\n"));
    game.outbox("c.eml", &message("x@example.net, y@example.net", "c", "C\n"));

    let report = send(&game, &settings(&url));

    assert_eq!(report.sent, Vec::<PathBuf>::new());
    let paths: Vec<&PathBuf> = report.unsent.iter().map(|(p, _)| p).collect();
    assert_eq!(paths, [&outbox_path(&game, "a.eml"), &outbox_path(&game, "b.eml")]);
    let (a, b) = (&report.unsent[0].1, &report.unsent[1].1);
    assert!(
        a.contains("cannot connect") && a.contains(&url.replace("smtp://", "")),
        "{a}"
    );
    assert!(a.to_lowercase().contains("refused"), "{a}");
    assert_eq!(a, b, "the same reason for every message");
    // An unreachable server is not the messages' fault: no retry is counted against them.
    assert!(report.deferred.is_empty(), "{report:?}");
    // The file that can never be sent goes to failed/ without waiting for the server.
    assert_eq!(report.failed.len(), 1);
    assert!(matches!(report.failed[0].cause, FailCause::Unsendable(_)), "{report:?}");
    let digest = file_name(report.digest.as_ref().unwrap());
    assert_eq!(game.names("outbox"), vec!["a.eml".to_string(), "b.eml".into(), digest]);
    assert_eq!(game.names("failed"), vec!["c.eml", "c.eml.reason"]);
    assert_eq!(game.names("sent"), Vec::<String>::new());
}

#[test]
fn bad_headers_are_refused_without_a_connection() {
    let Some(server) = real("bad_headers_are_refused_without_a_connection", SmtpdOptions::default()) else {
        return;
    };
    let game = GameDir::new();
    game.outbox(
        "two-to.eml",
        &message("anne@example.net, bruno@example.net", "two", "x\n"),
    );
    let mut cc = message("anne@example.net", "cc", "x\n");
    cc.splice(0..0, b"Cc: bruno@example.net\r\n".iter().copied());
    game.outbox("with-cc.eml", &cc);
    game.outbox(
        "no-to.eml",
        b"From: referee@example.org\r\nSubject: nobody\r\n\r\nx\r\n",
    );

    let report = send(&game, &settings(&server.url()));

    assert_eq!(report.sent, Vec::<PathBuf>::new());
    assert_eq!(server.sessions(), 0, "no connection for messages that cannot go");
    let reasons: Vec<(&str, String)> = report
        .failed
        .iter()
        .map(|f| match &f.cause {
            FailCause::Unsendable(why) => (f.name.as_str(), why.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(reasons.len(), 3);
    assert_eq!(reasons[0].0, "no-to.eml");
    assert_eq!(reasons[1].0, "two-to.eml");
    assert_eq!(reasons[2].0, "with-cc.eml");
    assert!(
        reasons[1].1.contains("exactly one") && reasons[1].1.contains("bruno@example.net"),
        "{reasons:?}"
    );
    assert!(reasons[2].1.contains("Cc:"), "{reasons:?}");
    assert_eq!(game.names("failed").len(), 6, "each with its reason");
    // Only the digest is left to send.
    assert_eq!(game.names("outbox").len(), 1);
}

#[test]
fn a_bad_file_does_not_stop_the_good_ones() {
    let Some(server) = real("a_bad_file_does_not_stop_the_good_ones", SmtpdOptions::default()) else {
        return;
    };
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net, bruno@example.net", "two", "x\n"));
    game.outbox("b.eml", &message("bruno@example.net", "one", "y\n"));
    let report = send(&game, &settings(&server.url()));
    assert_eq!(report.sent, vec![outbox_path(&game, "b.eml")]);
    assert_eq!(report.failed.len(), 1);
    assert_eq!(server.received().len(), 1);
    assert_eq!(game.names("failed"), vec!["a.eml", "a.eml.reason"]);
}

#[test]
fn logs_in_when_credentials_are_configured() {
    let login = ("referee".to_string(), "pa:ss w@rd".to_string());
    let options = SmtpdOptions {
        login: Some(login.clone()),
        ..SmtpdOptions::default()
    };
    let Some(server) = real("logs_in_when_credentials_are_configured", options) else {
        return;
    };
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    game.outbox("b.eml", &message("bruno@example.net", "b", "B\n"));
    let mut with_login = settings(&server.url());
    with_login.username = Some(login.0.clone());
    with_login.password = Some(login.1.clone());

    let report = send(&game, &with_login);

    assert_eq!((report.failed, report.unsent), (vec![], vec![]));
    assert_eq!(report.sent.len(), 2);
    let deliveries = server.received();
    assert_eq!(deliveries.len(), 2);
    // aiosmtpd requires the login (530 without one) and checked the password.
    assert!(
        deliveries.iter().all(|d| d.login.as_deref() == Some("referee")),
        "{deliveries:?}"
    );
}

#[test]
fn credentials_in_the_url_are_used_too() {
    let options = SmtpdOptions {
        login: Some(("referee@example.org".into(), "p@ss:word".into())),
        ..SmtpdOptions::default()
    };
    let Some(server) = real("credentials_in_the_url_are_used_too", options) else {
        return;
    };
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    let url = format!("smtp://referee%40example.org:p%40ss%3Aword@127.0.0.1:{}", server.port);
    let report = send(&game, &settings(&url));
    assert_eq!(report.sent.len(), 1, "{report:?}");
    assert_eq!(server.received()[0].login.as_deref(), Some("referee@example.org"));
}

/// aiosmtpd requiring the login `referee` / `secret`.
fn requiring_a_login(test: &str) -> Option<Smtpd> {
    real(
        test,
        SmtpdOptions {
            login: Some(("referee".into(), "secret".into())),
            ..SmtpdOptions::default()
        },
    )
}

#[test]
fn no_login_no_mail() {
    // Without credentials the server's 530 stops the run: the settings are at fault, not
    // the messages, which stay in the outbox.
    let Some(server) = requiring_a_login("no_login_no_mail") else {
        return;
    };
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    let report = send(&game, &settings(&server.url()));
    assert!(report.unsent[0].1.starts_with("530 "), "{report:?}");
    assert!(report.failed.is_empty() && report.deferred.is_empty(), "{report:?}");

    // With the wrong password, the login fails once and every message is failed with it.
    let Some(server) = requiring_a_login("no_login_no_mail") else {
        return;
    };
    game.outbox("b.eml", &message("bruno@example.net", "b", "B\n"));
    let mut wrong = settings(&server.url());
    wrong.username = Some("referee".into());
    wrong.password = Some("guess".into());
    let report = send(&game, &wrong);
    assert_eq!(report.sent, Vec::<PathBuf>::new());
    assert_eq!(report.unsent.len(), 2);
    let reason = &report.unsent[0].1;
    assert!(
        reason.contains("login as referee failed") && reason.contains("535"),
        "{reason}"
    );
    assert_eq!(reason, &report.unsent[1].1);
    assert_eq!(server.sessions(), 1, "no second try with a password the server refused");
    assert!(server.received().is_empty());
    assert_eq!(game.names("outbox"), ["a.eml", "b.eml"]);
    assert!(!game.path().join("retry.yaml").exists(), "no message is blamed");
}

/// `arbitre send` with a password the server refuses: every message stays in the outbox,
/// none is failed or counted for a retry, and the referee is told why (standard error and
/// the exit status, what cron mails), without the password.
#[test]
fn arbitre_send_with_a_wrong_password_keeps_the_outbox_and_tells_the_referee() {
    let Some(server) = requiring_a_login("arbitre_send_with_a_wrong_password_keeps_the_outbox_and_tells_the_referee")
    else {
        return;
    };
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["send", game.path().to_str().unwrap()])
        .env("ARBITRE_SMTP_URL", server.url())
        .env("ARBITRE_SMTP_USER", "referee")
        .env("ARBITRE_SMTP_PASSWORD", "not-the-password")
        .env_remove("ARBITRE_SMTP_CA_FILE")
        .env_remove("ARBITRE_CRASH_AT")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains("login as referee failed")
            && said.contains("535")
            && said.contains("1 message not sent: it stays in the outbox"),
        "{said}"
    );
    assert!(!said.contains("not-the-password"), "{said}");
    assert_eq!(game.names("outbox"), ["a.eml"]);
    assert_eq!(game.names("failed"), Vec::<String>::new());
    assert!(!game.path().join("retry.yaml").exists());
    assert!(server.received().is_empty());
}

#[test]
fn tls_urls_resolve_to_the_right_configuration() {
    let tls = SmtpSettings::new("smtps://mail.example.org").endpoint().unwrap();
    assert_eq!(
        (tls.host.as_str(), tls.port, tls.security),
        ("mail.example.org", 465, Security::Tls)
    );
    assert_eq!(tls.to_string(), "smtps://mail.example.org:465");
    let starttls = SmtpSettings::new("smtp://mail.example.org:587?tls=starttls")
        .endpoint()
        .unwrap();
    assert_eq!((starttls.port, starttls.security), (587, Security::StartTls));
    assert_eq!(
        SmtpSettings::new("smtp://mail.example.org?tls=starttls")
            .endpoint()
            .unwrap()
            .port,
        587
    );
    let plain = SmtpSettings::new("smtp://localhost").endpoint().unwrap();
    assert_eq!(
        (plain.port, plain.security, plain.credentials),
        (25, Security::Plain, None)
    );
    let with_user = SmtpSettings::new("smtps://me:secret@mail.example.org:2465/referee.example.org")
        .endpoint()
        .unwrap();
    assert_eq!(with_user.credentials, Some(("me".into(), "secret".into())));
    assert_eq!(
        (with_user.port, with_user.hello_name.as_deref()),
        (2465, Some("referee.example.org"))
    );
    // A password is not sent in clear text to another machine.
    let e = SmtpSettings::new("smtp://me:secret@mail.example.org")
        .endpoint()
        .unwrap_err()
        .to_string();
    assert!(e.contains("unencrypted") && !e.contains("secret"), "{e}");
}

#[test]
fn required_starttls_fails_clearly_on_a_server_without_it() {
    // aiosmtpd without a certificate offers no STARTTLS.
    let Some(server) = real(
        "required_starttls_fails_clearly_on_a_server_without_it",
        SmtpdOptions::default(),
    ) else {
        return;
    };
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    game.outbox("b.eml", &message("bruno@example.net", "b", "B\n"));
    let report = send(&game, &settings(&format!("{}?tls=starttls", server.url())));
    assert_eq!(report.unsent.len(), 2);
    let reason = &report.unsent[0].1;
    assert!(
        reason.contains("cannot connect") && reason.contains("STARTTLS"),
        "{reason}"
    );
    // The server takes mail in the clear: none went.
    assert!(server.received().is_empty());
    assert_eq!(server.sessions(), 1);
    assert_eq!(game.names("outbox"), vec!["a.eml", "b.eml"]);
}

#[test]
fn smtps_against_a_plain_server_fails_in_the_handshake() {
    let Some(server) = real(
        "smtps_against_a_plain_server_fails_in_the_handshake",
        SmtpdOptions::default(),
    ) else {
        return;
    };
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    let report = send(&game, &settings(&format!("smtps://127.0.0.1:{}", server.port)));
    assert_eq!(report.unsent.len(), 1);
    let reason = &report.unsent[0].1;
    assert!(reason.contains("cannot connect") && reason.contains("TLS"), "{reason}");
    assert!(server.received().is_empty());
}

/// On the hand-written server: a real one always greets, and this one never does.
#[test]
fn a_silent_server_times_out() {
    for scheme in ["smtp", "smtps"] {
        let server = Server::start(true);
        let game = GameDir::new();
        game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
        game.outbox("b.eml", &message("bruno@example.net", "b", "B\n"));
        let mut quick = settings(&format!("{scheme}://{}", server.addr));
        quick.timeout_secs = 1;
        let started = Instant::now();
        let report = send(&game, &quick);
        let elapsed = started.elapsed();
        let log = server.finish();
        assert!(elapsed < Duration::from_secs(10), "{scheme}: took {elapsed:?}");
        assert_eq!(report.unsent.len(), 2, "{scheme}: {report:?}");
        let reason = &report.unsent[0].1;
        assert!(
            reason.contains("cannot connect") && reason.contains(" s"),
            "{scheme}: {reason}"
        );
        assert_eq!(log.sessions, 1, "{scheme}: one attempt, not one per message");
    }
}

#[test]
fn a_taken_name_in_sent_is_not_overwritten() {
    let Some(server) = real("a_taken_name_in_sent_is_not_overwritten", SmtpdOptions::default()) else {
        return;
    };
    let game = GameDir::new();
    std::fs::create_dir_all(game.path().join("sent")).unwrap();
    std::fs::write(game.path().join("sent/a.eml"), b"earlier").unwrap();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    let report = send(&game, &settings(&server.url()));
    assert_eq!(report.sent.len(), 1);
    assert_eq!(game.names("sent"), vec!["a-2.eml", "a.eml"]);
    assert_eq!(std::fs::read(game.path().join("sent/a.eml")).unwrap(), b"earlier");
}

#[test]
fn empty_and_missing_outboxes() {
    let game = GameDir::new();
    // Nothing to send: no connection is tried, even to a closed port.
    assert_eq!(send(&game, &settings(&closed_port_url())), SendReport::default());
    std::fs::remove_dir(game.path().join("outbox")).unwrap();
    assert_eq!(send(&game, &settings(&closed_port_url())), SendReport::default());
    assert!(send_outbox(&game.path().join("nowhere"), &settings(&closed_port_url())).is_err());
    assert!(send_outbox(game.path(), &SmtpSettings::new("smtp://")).is_err());
}

#[test]
fn settings_from_a_file() {
    let game = GameDir::new();
    let path = game.path().join("smtp.yaml");
    std::fs::write(
        &path,
        "url: smtps://mail.example.org\nusername: referee\npassword: \"s3cret\"\ntimeout_secs: 12\n",
    )
    .unwrap();
    let s = SmtpSettings::from_file(&path).unwrap();
    assert_eq!(s.url, "smtps://mail.example.org");
    assert_eq!(
        (s.username.as_deref(), s.password.as_deref(), s.timeout_secs),
        (Some("referee"), Some("s3cret"), 12)
    );
    assert!(!format!("{s:?}").contains("s3cret"));

    std::fs::write(&path, "url: smtp://localhost:2525\n").unwrap();
    let s = SmtpSettings::from_file(&path).unwrap();
    assert_eq!((s.username, s.password, s.timeout_secs), (None, None, 30));

    for bad in [
        "url: smtp://localhost\nport: 25\n",
        "username: referee\n",
        "url: gopher://localhost\n",
        "url: smtp://localhost\ntimeout_secs: soon\n",
        "url: smtp://mail.example.org\nusername: me\npassword: clear\n",
    ] {
        std::fs::write(&path, bad).unwrap();
        let e = SmtpSettings::from_file(&path).unwrap_err().to_string();
        assert!(e.contains("smtp.yaml"), "{bad:?}: {e}");
    }
    assert!(SmtpSettings::from_file(&game.path().join("absent.yaml")).is_err());
    // A misspelt key is named as in the other files: where, and what to check.
    std::fs::write(&path, "url: smtps://mail.example.org\nusername: me\npasword: s3cret\n").unwrap();
    let e = SmtpSettings::from_file(&path).unwrap_err().to_string();
    assert!(e.contains("smtp.yaml:3: unknown field `pasword`"), "{e}");
    assert!(e.contains("check the spelling"), "{e}");
}

/// The variables are set for a child run of this one test, never in this process: the
/// integration tests are one binary, whose other tests start `arbitre` children that would
/// inherit them.
#[test]
fn settings_from_the_environment() {
    const CHILD: &str = "ARBITRE_TEST_SETTINGS_CHILD";
    if std::env::var_os(CHILD).is_none() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "smtp::settings_from_the_environment", "--test-threads=1"])
            .env(CHILD, "1")
            .env("ARBITRE_SMTP_URL", "smtps://mail.example.org")
            .env("ARBITRE_SMTP_USER", "referee")
            .env("ARBITRE_SMTP_PASSWORD", "s3cret")
            .env_remove("ARBITRE_SMTP_TIMEOUT")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success() && said.contains("1 passed"), "{said}");
        return;
    }
    let s = SmtpSettings::from_env(None).unwrap();
    assert_eq!(s.url, "smtps://mail.example.org");
    assert_eq!(
        (s.username.as_deref(), s.password.as_deref()),
        (Some("referee"), Some("s3cret"))
    );
    let s = SmtpSettings::from_env(Some("smtp://other.example.org?tls=starttls")).unwrap();
    assert_eq!(s.url, "smtp://other.example.org?tls=starttls");
    assert_eq!(s.password.as_deref(), Some("s3cret"));
    // Only this child's own environment, which no other test shares.
    std::env::remove_var("ARBITRE_SMTP_URL");
    assert!(SmtpSettings::from_env(None)
        .unwrap_err()
        .to_string()
        .contains("ARBITRE_SMTP_URL"));
}

/// `arbitre new` then `arbitre send`, as a referee runs them: every welcome reaches the
/// server once, to the one address in its `To:`, and the outbox ends empty.
#[test]
fn arbitre_send_delivers_a_new_games_welcomes() {
    let Some(server) = real("arbitre_send_delivers_a_new_games_welcomes", SmtpdOptions::default()) else {
        return;
    };
    let root = GameDir::new();
    let players = seven_players(root.path());
    let game = root.path().join("g1");
    let bin = env!("CARGO_BIN_EXE_arbitre");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin)
            .args(args)
            .env_remove("ARBITRE_SMTP_URL")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run(&["new", game.to_str().unwrap(), "--players", players.to_str().unwrap()]);
    let written: Vec<String> = {
        let mut v: Vec<String> = std::fs::read_dir(game.join("outbox"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(written.len(), 7);
    run(&["send", root.path().to_str().unwrap(), "--smtp", &server.url()]);
    let deliveries = server.received();
    assert_eq!(deliveries.len(), 7);
    for d in &deliveries {
        assert_eq!(d.from, "referee@example.org");
        assert_eq!(d.to.len(), 1);
        let m = mail_parser::MessageParser::default().parse(&d.data).unwrap();
        let to: Vec<&str> = m.to().unwrap().iter().filter_map(|a| a.address()).collect();
        assert_eq!(to, [d.to[0].as_str()], "the envelope is the To: header");
        assert!(
            m.subject().unwrap().starts_with("g1, Spring 1901 Movement: welcome"),
            "{:?}",
            m.subject()
        );
    }
    assert_eq!(std::fs::read_dir(game.join("outbox")).unwrap().count(), 0);
    let mut sent: Vec<String> = std::fs::read_dir(game.join("sent"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    sent.sort();
    assert_eq!(sent, written);
}

#[test]
fn one_server_is_given_either_by_url_or_by_config_file() {
    let game = GameDir::new();
    game.outbox(
        "welcome.eml",
        b"From: referee@example.org\r\nTo: anne@example.net\r\n\r\nhi\r\n",
    );
    let config = game.path().join("smtp.yaml");
    std::fs::write(&config, "url: smtp://127.0.0.1:1\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["send", game.path().to_str().unwrap(), "--smtp", "smtp://127.0.0.1:2"])
        .args(["--smtp-config", config.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("cannot be used with"), "{err}");
    assert_eq!(game.names("outbox"), ["welcome.eml"]);
}

// ---- delivery exactly once, retries and failed/ ----

const T0: &str = "2026-12-01T20:00:00Z";

fn at(offset_minutes: i64) -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339(T0).unwrap().to_utc() + chrono::TimeDelta::minutes(offset_minutes)
}

fn send_at(game: &GameDir, settings: &SmtpSettings, minutes: i64) -> SendReport {
    send_outbox_at(game.path(), settings, at(minutes)).expect("send_outbox_at")
}

/// `arbitre ARGS`, with no SMTP variable nor crash point from the environment.
fn arbitre(args: &[&str], crash_at: Option<u32>) -> std::process::Output {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"));
    cmd.args(args)
        .env_remove("ARBITRE_SMTP_URL")
        .env_remove("ARBITRE_CRASH_AT");
    if let Some(n) = crash_at {
        cmd.env("ARBITRE_CRASH_AT", n.to_string());
    }
    cmd.output().unwrap()
}

#[test]
fn two_sends_started_together_deliver_each_message_once() {
    // Slow replies, so that the two runs overlap.
    let options = SmtpdOptions {
        delay: Duration::from_millis(30),
        ..SmtpdOptions::default()
    };
    let Some(server) = real("two_sends_started_together_deliver_each_message_once", options) else {
        return;
    };
    let game = GameDir::new();
    let names: Vec<String> = (1..=6).map(|n| format!("{n}.eml")).collect();
    for (n, name) in names.iter().enumerate() {
        game.outbox(name, &message(&format!("p{n}@example.net"), name, "hello\n"));
    }
    let url = server.url();
    let dir = game.path().to_str().unwrap().to_string();
    let runs: Vec<_> = (0..2)
        .map(|_| {
            std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"))
                .args(["send", &dir, "--smtp", &url])
                .env_remove("ARBITRE_SMTP_URL")
                .env_remove("ARBITRE_CRASH_AT")
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for run in runs {
        let out = run.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let deliveries = server.received();
    let mut recipients: Vec<&str> = deliveries.iter().map(|d| d.to[0].as_str()).collect();
    recipients.sort();
    let expected: Vec<String> = (0..6).map(|n| format!("p{n}@example.net")).collect();
    assert_eq!(recipients, expected, "each message exactly once");
    assert_eq!(game.names("sent"), names);
    assert_eq!(game.names("outbox"), Vec::<String>::new());
}

#[test]
fn a_delivery_recorded_but_not_moved_is_not_sent_again() {
    let Some(server) = real(
        "a_delivery_recorded_but_not_moved_is_not_sent_again",
        SmtpdOptions::default(),
    ) else {
        return;
    };
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    game.outbox("b.eml", &message("bruno@example.net", "b", "B\n"));
    let dir = game.path().to_str().unwrap();
    let url = server.url();
    // Killed once the server took a.eml and the journal says so, before the file moved.
    let out = arbitre(&["send", dir, "--smtp", &url], Some(1));
    assert!(!out.status.success());
    assert_eq!(game.names("outbox"), ["a.eml", "b.eml"]);
    assert!(std::fs::read_to_string(game.path().join("delivered.log"))
        .unwrap()
        .contains(" a.eml\n"));
    // The next run, and the one after, move a.eml without sending it again.
    for _ in 0..2 {
        let out = arbitre(&["send", dir, "--smtp", &url], None);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let deliveries = server.received();
    let recipients: Vec<&str> = deliveries.iter().map(|d| d.to[0].as_str()).collect();
    assert_eq!(recipients, ["anne@example.net", "bruno@example.net"]);
    assert_eq!(game.names("sent"), ["a.eml", "b.eml"]);
    assert_eq!(game.names("outbox"), Vec::<String>::new());
    assert!(
        !game.path().join("delivered.log").exists(),
        "the journal is emptied once all is moved"
    );
}

#[test]
fn a_temporary_refusal_is_retried_with_back_off_then_failed_after_three_days() {
    // aiosmtpd's handler answers 451 to Bruno's address, every time.
    let options = SmtpdOptions {
        defer: vec!["bruno@example.net".into()],
        ..SmtpdOptions::default()
    };
    let Some(server) = real(
        "a_temporary_refusal_is_retried_with_back_off_then_failed_after_three_days",
        options,
    ) else {
        return;
    };
    let s = settings(&server.url());
    let game = GameDir::new();
    game.outbox("1-anne.eml", &message("anne@example.net", "s1", "to Anne\n"));
    game.outbox("2-bruno.eml", &message("bruno@example.net", "s2", "to Bruno\n"));

    let first = send_at(&game, &s, 0);
    assert_eq!(first.sent, vec![outbox_path(&game, "1-anne.eml")]);
    assert_eq!(first.deferred.len(), 1, "{first:?}");
    assert!(first.deferred[0].reason.starts_with("451 "), "{first:?}");
    assert_eq!(first.deferred[0].next_try, at(15));
    assert!(first.failed.is_empty() && first.digest.is_none());
    assert_eq!(game.names("outbox"), ["2-bruno.eml"]);

    // Not due yet: left alone, no session opened.
    let sessions = server.sessions();
    let early = send_at(&game, &s, 10);
    assert_eq!(early.waiting, vec![outbox_path(&game, "2-bruno.eml")]);
    assert_eq!(server.sessions(), sessions);

    // Each wait is twice the one before.
    let second = send_at(&game, &s, 15);
    assert_eq!(second.deferred[0].next_try, at(15 + 30));
    let third = send_at(&game, &s, 45);
    assert_eq!(third.deferred[0].next_try, at(45 + 60));

    // Three days after the first refusal, the next one sends it to failed/.
    let last = send_at(&game, &s, 3 * 24 * 60);
    assert_eq!(last.failed.len(), 1, "{last:?}");
    let FailCause::GaveUp(why) = &last.failed[0].cause else {
        panic!("{last:?}")
    };
    assert!(why.starts_with("451 "), "{why}");
    assert_eq!(game.names("failed"), ["2-bruno.eml", "2-bruno.eml.reason"]);
    assert!(!game.path().join("retry.yaml").exists(), "nothing left to retry");
    assert_eq!(server.received().len(), 1);
}

/// The server dies in the middle of a run, between two messages (at the second's
/// `MAIL FROM`), then is started again: the message in flight is counted for a retry
/// (`retry.yaml`), the ones after it stay in the outbox untouched (the server is
/// unreachable), and the next runs deliver each of them once.
#[test]
fn a_server_that_dies_between_two_messages_gets_the_rest_after_its_restart() {
    let options = SmtpdOptions {
        exit_at_mail: Some(2),
        ..SmtpdOptions::default()
    };
    let Some(mut server) = real(
        "a_server_that_dies_between_two_messages_gets_the_rest_after_its_restart",
        options,
    ) else {
        return;
    };
    let s = settings(&server.url());
    let game = GameDir::new();
    game.outbox("1-anne.eml", &message("anne@example.net", "s1", "to Anne\n"));
    game.outbox("2-bruno.eml", &message("bruno@example.net", "s2", "to Bruno\n"));
    game.outbox("3-carl.eml", &message("carl@example.net", "s3", "to Carl\n"));

    let first = send_at(&game, &s, 0);
    assert_eq!(first.sent, vec![outbox_path(&game, "1-anne.eml")], "{first:?}");
    assert_eq!(first.deferred.len(), 1, "{first:?}");
    assert_eq!(first.deferred[0].path, outbox_path(&game, "2-bruno.eml"));
    assert!(first.deferred[0].reason.contains("broke"), "{first:?}");
    assert_eq!(first.deferred[0].next_try, at(15));
    assert_eq!(first.unsent.len(), 1, "{first:?}");
    assert!(first.unsent[0].1.contains("cannot connect"), "{first:?}");
    let retry = std::fs::read_to_string(game.path().join("retry.yaml")).unwrap();
    assert!(
        retry.contains("2-bruno.eml") && !retry.contains("3-carl.eml"),
        "{retry}"
    );
    assert_eq!(game.names("outbox"), ["2-bruno.eml", "3-carl.eml"]);

    // Started again (and behaving): Carl's goes at once, Bruno's when its retry is due.
    server.stop();
    server.options.exit_at_mail = None;
    server.run().expect("aiosmtpd started again");
    let second = send_at(&game, &s, 5);
    assert_eq!(second.sent, vec![outbox_path(&game, "3-carl.eml")], "{second:?}");
    assert_eq!(second.waiting, vec![outbox_path(&game, "2-bruno.eml")]);
    let third = send_at(&game, &s, 15);
    assert_eq!(third.sent, vec![outbox_path(&game, "2-bruno.eml")], "{third:?}");
    assert!(!game.path().join("retry.yaml").exists(), "nothing left to retry");
    assert_eq!(game.names("outbox"), Vec::<String>::new());
    let recipients: Vec<String> = server.received().iter().map(|d| d.to[0].clone()).collect();
    assert_eq!(
        recipients,
        ["anne@example.net", "carl@example.net", "bruno@example.net"]
    );
}

#[test]
fn a_failed_digest_to_the_referee_does_not_loop() {
    let options = SmtpdOptions {
        refuse: vec!["bruno@example.net".into(), "referee@example.org".into()],
        ..SmtpdOptions::default()
    };
    let Some(server) = real("a_failed_digest_to_the_referee_does_not_loop", options) else {
        return;
    };
    let s = settings(&server.url());
    let game = GameDir::new();
    game.outbox("2-bruno.eml", &message("bruno@example.net", "s2", "to Bruno\n"));
    let first = send_at(&game, &s, 0);
    let digest = first.digest.expect("a digest");
    let second = send_at(&game, &s, 1);
    let third = send_at(&game, &s, 2);
    assert_eq!(second.failed.len(), 1);
    assert_eq!(second.failed[0].name, file_name(&digest));
    assert_eq!(second.digest, None, "no digest of a digest");
    assert_eq!(third, SendReport::default());
    assert_eq!(game.names("outbox"), Vec::<String>::new());
    assert_eq!(server.sessions(), 2);
}

#[test]
fn the_referee_is_told_of_failed_deliveries_and_status_lists_them() {
    let options = SmtpdOptions {
        refuse: vec!["bruno@example.net".into()],
        defer: vec!["carl@example.net".into()],
        ..SmtpdOptions::default()
    };
    let Some(server) = real(
        "the_referee_is_told_of_failed_deliveries_and_status_lists_them",
        options,
    ) else {
        return;
    };
    let root = GameDir::new();
    let players = seven_players(root.path());
    let game = root.path().join("g1");
    let g = game.to_str().unwrap();
    let out = arbitre(&["new", g, "--players", players.to_str().unwrap(), "--now", T0], None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = arbitre(&["send", g, "--smtp", &server.url(), "--now", T0], None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("moved to failed/") && stderr.contains("tried again from"),
        "{stderr}"
    );

    // One digest to the referee, in the outbox: whom, which report, why.
    let digests: Vec<PathBuf> = std::fs::read_dir(game.join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| file_name(p).starts_with("delivery-failures-"))
        .collect();
    assert_eq!(digests.len(), 1);
    let raw = std::fs::read(&digests[0]).unwrap();
    let m = mail_parser::MessageParser::default().parse(&raw).unwrap();
    let to: Vec<&str> = m.to().unwrap().iter().filter_map(|a| a.address()).collect();
    assert_eq!(to, ["referee@example.org"]);
    assert!(
        m.subject().unwrap().starts_with("g1: 1 message not delivered"),
        "{:?}",
        m.subject()
    );
    let body = m.body_text(0).unwrap();
    assert!(
        body.contains("bruno@example.net") && body.contains("welcome") && body.contains("550"),
        "{body}"
    );
    assert!(
        !body.contains("carl@example.net"),
        "a message still retried is not failed: {body}"
    );

    let out = arbitre(&["status", g, "--yaml"], None);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let status = String::from_utf8_lossy(&out.stdout);
    let yaml: serde_yaml::Value = serde_yaml::from_str(&status).unwrap();
    let failed = &yaml["delivery"]["failed"];
    assert_eq!(failed.as_sequence().map(Vec::len), Some(1), "{status}");
    assert!(
        failed[0]["to"].as_str().unwrap().contains("bruno@example.net"),
        "{status}"
    );
    assert!(failed[0]["why"].as_str().unwrap().contains("550"), "{status}");
    let retrying = &yaml["delivery"]["retrying"];
    assert_eq!(retrying[0]["to"].as_str(), Some("carl@example.net"), "{status}");
    assert_eq!(
        retrying[0]["next_try"].as_str(),
        Some("2026-12-01T20:15:00Z"),
        "{status}"
    );
    drop(server);
}

// ---- TLS: smtps://, STARTTLS and the CA file ----

/// aiosmtpd speaking TLS from the first byte (`smtps`) or after STARTTLS (required), with
/// a certificate of its own authority and the login `referee` / `s3cret`; and the URL
/// that logs in to it.
fn tls_server(test: &str, tls: &'static str) -> Option<(Smtpd, String)> {
    let options = SmtpdOptions {
        tls: Some(tls),
        login: Some(("referee".into(), "s3cret".into())),
        ..SmtpdOptions::default()
    };
    let server = real(test, options)?;
    let url = server.url().replacen("://", "://referee:s3cret@", 1);
    Some((server, url))
}

#[test]
fn smtps_and_starttls_deliver_through_a_private_authority() {
    for tls in ["smtps", "starttls"] {
        let options = SmtpdOptions {
            tls: Some(tls),
            login: Some(("referee".into(), "s3cret".into())),
            ..SmtpdOptions::default()
        };
        let Some(server) = real("smtps_and_starttls_deliver_through_a_private_authority", options) else {
            return;
        };
        let game = GameDir::new();
        let a = message("anne@example.net", "a", "Over TLS.\n");
        game.outbox("a.eml", &a);
        let mut settings = settings(&server.url());
        settings.username = Some("referee".into());
        settings.password = Some("s3cret".into());
        settings.ca_file = Some(server.authority.ca.clone());
        let report = send(&game, &settings);
        assert!(report.unsent.is_empty(), "{tls}: {:?}", report.unsent);
        assert_eq!(report.sent, [outbox_path(&game, "a.eml")]);
        let deliveries = server.received();
        assert_eq!(deliveries.len(), 1);
        // aiosmtpd in STARTTLS mode refuses mail before STARTTLS (require_starttls).
        assert!(deliveries[0].tls, "{tls}: the message went over TLS");
        assert_eq!(deliveries[0].data, a);
        assert_eq!(deliveries[0].login.as_deref(), Some("referee"));
        assert_eq!(game.names("sent"), ["a.eml"]);
    }
}

#[test]
fn a_certificate_from_an_unknown_authority_is_refused() {
    for tls in ["smtps", "starttls"] {
        let Some((server, url)) = tls_server("a_certificate_from_an_unknown_authority_is_refused", tls) else {
            return;
        };
        let game = GameDir::new();
        game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
        // No CA file: only the system's roots, which do not know the test's authority.
        let report = send(&game, &settings(&url));
        // A CA file of another authority is no better.
        let mut other = settings(&url);
        other.ca_file = Some(Authority::make(game.path()).ca);
        let report_other = send(&game, &other);
        for report in [report, report_other] {
            assert_eq!(report.unsent.len(), 1, "{tls}: {report:?}");
            let reason = &report.unsent[0].1;
            assert!(
                reason.contains("cannot connect") && reason.contains("TLS") && reason.contains("--ca-file"),
                "{tls}: {reason}"
            );
        }
        assert!(server.received().is_empty(), "{tls}");
        assert_eq!(game.names("outbox"), ["a.eml"], "{tls}");
        assert!(!game.path().join("retry.yaml").exists(), "{tls}: no message is blamed");
    }
}

#[test]
fn a_ca_file_that_cannot_serve_is_refused_before_connecting() {
    let game = GameDir::new();
    game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
    let mut s = settings("smtps://127.0.0.1:1");
    s.ca_file = Some(game.path().join("absent.pem"));
    let e = send_outbox(game.path(), &s).unwrap_err().to_string();
    assert!(e.contains("CA file") && e.contains("absent.pem"), "{e}");
    let not_pem = game.path().join("key.txt");
    std::fs::write(&not_pem, "not a certificate\n").unwrap();
    s.ca_file = Some(not_pem);
    let e = send_outbox(game.path(), &s).unwrap_err().to_string();
    assert!(e.contains("key.txt") && e.contains("holds no certificate"), "{e}");
    // A CA file means nothing without TLS: told, not ignored.
    let mut plain = settings("smtp://127.0.0.1:1");
    plain.ca_file = Some(Authority::make(game.path()).ca);
    let e = send_outbox(game.path(), &plain).unwrap_err().to_string();
    assert!(e.contains("uses no TLS"), "{e}");
    assert_eq!(game.names("outbox"), ["a.eml"]);
}

#[test]
fn arbitre_send_takes_the_ca_file_from_the_command_line_the_environment_or_the_config() {
    for how in ["--ca-file", "environment", "config"] {
        let test = "arbitre_send_takes_the_ca_file_from_the_command_line_the_environment_or_the_config";
        let Some((server, url)) = tls_server(test, "smtps") else {
            return;
        };
        let game = GameDir::new();
        game.outbox("a.eml", &message("anne@example.net", "a", "A\n"));
        let pem = server.authority.ca.clone();
        let root = game.path().to_str().unwrap();
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre"));
        cmd.args(["send", root])
            .env_remove("ARBITRE_SMTP_URL")
            .env_remove("ARBITRE_SMTP_CA_FILE");
        match how {
            "--ca-file" => {
                cmd.args(["--smtp", &url, "--ca-file", pem.to_str().unwrap()]);
            }
            "environment" => {
                cmd.args(["--smtp", &url]).env("ARBITRE_SMTP_CA_FILE", &pem);
            }
            _ => {
                let config = game.path().join("smtp.yaml");
                std::fs::write(&config, format!("url: \"{url}\"\nca_file: \"{}\"\n", pem.display())).unwrap();
                cmd.args(["--smtp-config", config.to_str().unwrap()]);
            }
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{how}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(server.received().len(), 1, "{how}");
        assert_eq!(game.names("sent"), ["a.eml"], "{how}");
    }
}
