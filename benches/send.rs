//! `arbitre send` against a plain SMTP server on loopback (issue #16): how many messages a
//! second one run delivers, end to end (the outbox read, each message handed over one
//! session, the journal line flushed to disk, the file moved to `sent/`).
//!
//! The server is a small sink inside this process (a thread per connection): it greets,
//! answers every command at once and counts the messages. It is no real server on purpose:
//! what is timed is the client's side, and a sink that answers at once shows any time the
//! client spends waiting for nothing. That is what this bench was written to show: with
//! lettre's own `SmtpConnection::send`, the final `CRLF . CRLF` leaves as a write of its own,
//! which Nagle's algorithm holds until the server acknowledges the body, and the server
//! delays that acknowledgement by 40 ms (Linux's delayed ACK), so every message waited 40 ms.
//!
//! Two lines, in the same run, on the same sink:
//!
//! - **arbitre send**: `send_outbox` on a folder of N messages (the whole command);
//! - **lettre send**: the same messages through lettre's `SmtpConnection::send` over one
//!   session, nothing else (the way `arbitre send` handed each message over before).
//!
//! `cargo bench --bench send`; `BENCH_MESSAGES=n` (default 1,000) picks the count. As a test
//! (`cargo test --benches`), ten messages, untimed.

mod common;

use arbitre::mail::smtp::{send_outbox, SmtpSettings};
use lettre::address::Envelope;
use lettre::transport::smtp::client::SmtpConnection;
use lettre::transport::smtp::extension::ClientId;
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// A sink SMTP server on 127.0.0.1: accepts everything, counts the messages.
struct Sink {
    addr: SocketAddr,
    received: Arc<AtomicUsize>,
}

impl Sink {
    fn start() -> Sink {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local address");
        let received = Arc::new(AtomicUsize::new(0));
        let count = Arc::clone(&received);
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let count = Arc::clone(&count);
                thread::spawn(move || {
                    let _ = session(stream, &count);
                });
            }
        });
        Sink { addr, received }
    }
}

fn session(stream: TcpStream, count: &AtomicUsize) -> std::io::Result<()> {
    let mut out = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    out.write_all(b"220 sink ESMTP\r\n")?;
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let verb = String::from_utf8_lossy(&line).to_ascii_uppercase();
        if verb.starts_with("EHLO") {
            out.write_all(b"250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")?;
        } else if verb.starts_with("DATA") {
            out.write_all(b"354 go on\r\n")?;
            loop {
                line.clear();
                if reader.read_until(b'\n', &mut line)? == 0 {
                    return Ok(());
                }
                if line == b".\r\n" {
                    break;
                }
            }
            count.fetch_add(1, Ordering::SeqCst);
            out.write_all(b"250 kept\r\n")?;
        } else if verb.starts_with("QUIT") {
            out.write_all(b"221 bye\r\n")?;
            return Ok(());
        } else {
            out.write_all(b"250 ok\r\n")?;
        }
    }
}

/// A report of about the size of a real one (3 KiB), CRLF line ends.
fn message(n: usize) -> Vec<u8> {
    let mut text = format!(
        "From: Arbitre <referee@bench.example>\r\nTo: P{n} <p{n}@bench.example>\r\n\
         Subject: vopaliec: Spring 1901 report\r\nMessage-ID: <{n}@bench.example>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n"
    );
    for k in 0..60 {
        text += &format!("France: A PAR - BUR succeeds; line {k} of the report, élan.\r\n");
    }
    text.into_bytes()
}

/// A fresh folder with `n` messages in its outbox.
fn folder(n: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbitre-bench-send-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("outbox")).expect("create the outbox");
    for k in 0..n {
        std::fs::write(dir.join("outbox").join(format!("{k:05}.eml")), message(k)).expect("write a message");
    }
    dir
}

/// `arbitre send` on a folder of `n` messages: the wall time of the run.
fn arbitre_send(sink: &Sink, n: usize) -> Duration {
    let dir = folder(n);
    let before = sink.received.load(Ordering::SeqCst);
    let mut settings = SmtpSettings::new(&format!("smtp://{}", sink.addr));
    settings.timeout_secs = 10;
    let start = Instant::now();
    let report = send_outbox(&dir, &settings).expect("send_outbox");
    let took = start.elapsed();
    assert_eq!(report.sent.len(), n, "every message sent: {report:?}");
    assert_eq!(
        sink.received.load(Ordering::SeqCst) - before,
        n,
        "the sink got every message"
    );
    let _ = std::fs::remove_dir_all(&dir);
    took
}

/// The same messages through lettre's own `SmtpConnection::send`, one session.
fn lettre_send(sink: &Sink, n: usize) -> Duration {
    let envelope = Envelope::new(
        Some("referee@bench.example".parse().unwrap()),
        vec!["p0@bench.example".parse().unwrap()],
    )
    .unwrap();
    let messages: Vec<Vec<u8>> = (0..n).map(message).collect();
    let before = sink.received.load(Ordering::SeqCst);
    let start = Instant::now();
    let mut conn = SmtpConnection::connect(
        sink.addr,
        Some(Duration::from_secs(10)),
        &ClientId::default(),
        None,
        None,
    )
    .expect("connect to the sink");
    for m in &messages {
        conn.send(&envelope, m).expect("lettre send");
    }
    let _ = conn.quit();
    let took = start.elapsed();
    assert_eq!(sink.received.load(Ordering::SeqCst) - before, n);
    took
}

fn main() {
    let bench = common::is_bench();
    let n = std::env::var("BENCH_MESSAGES")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or(if bench { 1000 } else { 10 });
    let sink = Sink::start();
    let sent = arbitre_send(&sink, n);
    let raw = lettre_send(&sink, n);
    if !bench {
        println!("send: {n} messages through arbitre send and lettre, untimed (a test run)");
        return;
    }
    println!(
        "{n} messages of {} bytes to a sink on 127.0.0.1, one session (wall time):",
        message(0).len()
    );
    for (what, took) in [("arbitre send", sent), ("lettre send", raw)] {
        println!(
            "  {what:<13} {:>8.2} s  {:>8.0} messages/s  {:>7.2} ms a message",
            took.as_secs_f64(),
            n as f64 / took.as_secs_f64(),
            took.as_secs_f64() * 1000.0 / n as f64
        );
    }
}
