//! Real mail servers for the tests (issue #16), started on free loopback ports in a
//! temporary folder and stopped when dropped:
//!
//! - [`Dovecot`]: Debian's `dovecot-imapd`, IMAPS and IMAP with STARTTLS, one user whose
//!   password is in a passwd-file, mail in a Maildir. The configuration written is Dovecot
//!   2.3's (Debian 12); a 2.4, whose configuration language changed, is reported and
//!   skipped rather than half-configured. Messages are put into and read out of its folders
//!   with `doveadm`, the server's own tool, as the mail a player sends would arrive.
//! - [`Smtpd`]: aiosmtpd (PyPI) with a small handler that keeps every message it accepts as a
//!   file (the DATA bytes, and the envelope beside them), and can refuse (`550`) or defer
//!   (`451`) recipients, require a login, speak SMTPS or require STARTTLS, answer slowly,
//!   or die in the middle of a session.
//!
//! Both use a certificate made at set-up ([`Authority`]), signed by an authority of the
//! test's own: `ca.pem` is what `--ca-file` is given.
//!
//! `bash .ci/setup-servers.sh` installs them. When one is missing, the test that needs it
//! prints `SKIPPED … (why)` and returns; with `ARBITRE_REQUIRE_SERVERS=1` (what `.ci/run`
//! sets) it fails instead, so that CI never passes without them.

use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The environment variable that turns a missing server into a failure.
pub const REQUIRE_VAR: &str = "ARBITRE_REQUIRE_SERVERS";

/// Says that `test` cannot run for want of a server: a failure under
/// `ARBITRE_REQUIRE_SERVERS=1`, else a line on standard error.
pub fn skip(test: &str, why: &str) {
    let message = format!("SKIPPED {test}: {why} (install the servers with `bash .ci/setup-servers.sh`, as root)");
    if std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1") {
        panic!("{message}; {REQUIRE_VAR}=1 makes this a failure");
    }
    eprintln!("{message}");
}

/// A loopback port free when asked (bound, then released).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `server` (`run`). A port free when asked may be taken before the server binds it
/// (the tests run side by side in one process, and their clients' own sockets take ports
/// too): a server that ended before listening ([`wait_for_port`]) is stopped, given other
/// ports (`elsewhere`) and started again, twice at most.
fn started_on_free_ports<S>(
    server: &mut S,
    run: fn(&mut S) -> Result<(), String>,
    stop: fn(&mut S),
    elsewhere: impl Fn(&mut S),
) -> Result<(), String> {
    let mut tries = 0;
    loop {
        match run(server) {
            Err(e) if tries < 2 && e.contains(ENDED) => {
                tries += 1;
                stop(server);
                elsewhere(server);
            }
            done => return done,
        }
    }
}

/// What [`wait_for_port`] says of a server that ended before it listened.
const ENDED: &str = "before listening";

/// Waits until something listens on `port`, or `child` ends, or ten seconds pass.
fn wait_for_port(port: u16, child: &mut Child, what: &str, log: &Path) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Ok(());
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!(
                "{what} ended ({status}) {ENDED}: {}",
                std::fs::read_to_string(log).unwrap_or_default()
            ));
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    Err(format!("{what} did not listen on {port} within 10 s"))
}

/// A folder for one server, removed when dropped. It is world-readable (0755): the
/// servers drop root for users of their own, which must reach their files in it.
pub struct ServerDir(pub PathBuf);

impl ServerDir {
    pub fn new(kind: &str) -> ServerDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "arbitre-{kind}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        set_mode(&dir, 0o755);
        ServerDir(dir)
    }
}

impl Drop for ServerDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A certificate authority of the test's own and a certificate it signed for 127.0.0.1
/// and localhost, written as `ca.pem`, `cert.pem` (the chain) and `key.pem` in `dir`.
pub struct Authority {
    pub ca: PathBuf,
    pub cert: PathBuf,
    pub key: PathBuf,
}

impl Authority {
    pub fn make(dir: &Path) -> Authority {
        let ca_key = rcgen::KeyPair::generate().expect("CA key");
        let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("CA parameters");
        ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        ca_params
            .distinguished_name
            .push(rcgen::DnType::CommonName, "arbitre test mail authority");
        ca_params.key_usages = vec![
            rcgen::KeyUsagePurpose::KeyCertSign,
            rcgen::KeyUsagePurpose::DigitalSignature,
        ];
        let ca = rcgen::CertifiedIssuer::self_signed(ca_params, ca_key).expect("CA certificate");
        let key = rcgen::KeyPair::generate().expect("server key");
        let params = rcgen::CertificateParams::new(vec!["127.0.0.1".to_string(), "localhost".to_string()])
            .expect("server parameters");
        let cert = params.signed_by(&key, &ca).expect("server certificate");
        let authority = Authority {
            ca: dir.join("ca.pem"),
            cert: dir.join("cert.pem"),
            key: dir.join("key.pem"),
        };
        std::fs::write(&authority.ca, ca.pem()).unwrap();
        std::fs::write(&authority.cert, cert.pem() + &ca.pem()).unwrap();
        std::fs::write(&authority.key, key.serialize_pem()).unwrap();
        set_mode(&authority.key, 0o600);
        authority
    }
}

/// Where the Dovecot binaries are, if installed.
fn dovecot_bin(name: &str) -> Option<PathBuf> {
    ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]
        .iter()
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
}

/// A Dovecot of the test's own.
pub struct Dovecot {
    pub dir: ServerDir,
    pub authority: Authority,
    /// The port of IMAPS (TLS from the first byte).
    pub imaps_port: u16,
    /// The port of IMAP, where STARTTLS is offered (and required before a login).
    pub imap_port: u16,
    pub user: String,
    pub password: String,
    child: Option<Child>,
    config: PathBuf,
}

impl Dovecot {
    /// Starts a Dovecot, or says why not (the test then calls [`skip`]).
    pub fn start() -> Result<Dovecot, String> {
        let dovecot = dovecot_bin("dovecot").ok_or("dovecot is not installed (Debian: dovecot-imapd)")?;
        dovecot_bin("doveadm").ok_or("doveadm is not installed (Debian: dovecot-core)")?;
        let version = Command::new(&dovecot)
            .arg("--version")
            .output()
            .map_err(|e| format!("{}: {e}", dovecot.display()))?;
        let version = String::from_utf8_lossy(&version.stdout).trim().to_string();
        if !version.starts_with("2.3") {
            return Err(format!(
                "Dovecot {version} found; these tests write a Dovecot 2.3 configuration (2.4 changed its syntax)"
            ));
        }
        let dir = ServerDir::new("dovecot");
        let authority = Authority::make(&dir.0);
        let d = dir.0.clone();
        for sub in ["run", "state", "home"] {
            std::fs::create_dir_all(d.join(sub)).unwrap();
            set_mode(&d.join(sub), 0o755);
        }
        // Mail is kept as a user who is not root (Dovecot refuses root): `nobody` when the
        // tests run as root, else the user running them, with Dovecot's own processes too.
        let root = unsafe { libc::geteuid() } == 0;
        let (uid, gid) = if root {
            let home = std::ffi::CString::new(d.join("home").to_str().unwrap()).unwrap();
            // SAFETY: a valid C string; chown of a folder the test made.
            unsafe { libc::chown(home.as_ptr(), 65534, 65534) };
            ("65534".to_string(), "65534".to_string())
        } else {
            unsafe { (libc::geteuid().to_string(), libc::getegid().to_string()) }
        };
        let internal = if root {
            String::new()
        } else {
            let user = std::env::var("USER").unwrap_or_default();
            format!("default_internal_user = {user}\ndefault_login_user = {user}\n")
        };
        let (user, password) = ("referee".to_string(), "imap-s3cret".to_string());
        std::fs::write(d.join("passwd"), format!("{user}:{{PLAIN}}{password}::::::\n")).unwrap();
        let (imaps_port, imap_port) = (free_port(), free_port());
        let config = d.join("dovecot.conf");
        let (at, cert, key, conf) = (
            d.to_path_buf(),
            authority.cert.clone(),
            authority.key.clone(),
            config.clone(),
        );
        let write_config = move |imaps_port: u16, imap_port: u16| {
            std::fs::write(
                &conf,
                format!(
                    "base_dir = {d}/run\nstate_dir = {d}/state\nlog_path = {d}/dovecot.log\n\
                     protocols = imap\nlisten = 127.0.0.1\nssl = required\n\
                     ssl_cert = <{cert}\nssl_key = <{key}\ndisable_plaintext_auth = yes\n\
                     auth_mechanisms = plain login\nmail_location = maildir:~/Maildir\n\
                     first_valid_uid = 1\nfirst_valid_gid = 1\n{internal}\
                     passdb {{\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u {d}/passwd\n}}\n\
                     userdb {{\n  driver = static\n  args = uid={uid} gid={gid} home={d}/home/%u\n}}\n\
                     service imap-login {{\n  chroot =\n\
                       inet_listener imap {{\n    address = 127.0.0.1\n    port = {imap_port}\n  }}\n\
                       inet_listener imaps {{\n    address = 127.0.0.1\n    port = {imaps_port}\n    ssl = yes\n  }}\n}}\n\
                     service anvil {{\n  chroot =\n}}\n",
                    d = at.display(),
                    cert = cert.display(),
                    key = key.display(),
                ),
            )
            .unwrap();
        };
        write_config(imaps_port, imap_port);
        let mut dovecot = Dovecot {
            dir,
            authority,
            imaps_port,
            imap_port,
            user,
            password,
            child: None,
            config,
        };
        started_on_free_ports(&mut dovecot, Dovecot::run, Dovecot::stop, |d: &mut Dovecot| {
            (d.imaps_port, d.imap_port) = (free_port(), free_port());
            write_config(d.imaps_port, d.imap_port);
        })?;
        Ok(dovecot)
    }

    /// Starts the server process (again, after [`Dovecot::stop`]), on the same ports.
    pub fn run(&mut self) -> Result<(), String> {
        let dovecot = dovecot_bin("dovecot").unwrap();
        let mut child = Command::new(dovecot)
            .arg("-F")
            .arg("-c")
            .arg(&self.config)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("dovecot: {e}"))?;
        let log = self.dir.0.join("dovecot.log");
        let listening = wait_for_port(self.imaps_port, &mut child, "dovecot", &log)
            .and_then(|()| wait_for_port(self.imap_port, &mut child, "dovecot", &log));
        self.child = Some(child);
        listening
    }

    /// Stops the server (SIGTERM), waiting for it to end.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // SAFETY: a signal to the process this test started.
            unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
            let _ = child.wait();
            // Its master leaves a pid file that a new start takes for a running server.
            let _ = std::fs::remove_file(self.dir.0.join("run/master.pid"));
        }
    }

    /// `imaps://127.0.0.1:PORT/FOLDER`.
    pub fn imaps_url(&self, folder: &str) -> String {
        format!("imaps://127.0.0.1:{}/{folder}", self.imaps_port)
    }

    /// `imap://127.0.0.1:PORT/FOLDER?tls=starttls`.
    pub fn starttls_url(&self, folder: &str) -> String {
        format!("imap://127.0.0.1:{}/{folder}?tls=starttls", self.imap_port)
    }

    fn doveadm(&self, args: &[&str], stdin: Option<&[u8]>) -> Vec<u8> {
        use std::io::Write;
        let mut child = Command::new(dovecot_bin("doveadm").unwrap())
            .arg("-c")
            .arg(&self.config)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run doveadm");
        if let Some(bytes) = stdin {
            child.stdin.take().unwrap().write_all(bytes).unwrap();
        }
        drop(child.stdin.take());
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "doveadm {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    }

    /// Puts a message into `folder` (created when needed), as delivered mail.
    pub fn deliver(&self, folder: &str, message: &[u8]) {
        if folder != "INBOX" && self.uids(folder).is_empty() {
            // Fails when the folder exists (and is empty): that is no failure here.
            let _ = Command::new(dovecot_bin("doveadm").unwrap())
                .arg("-c")
                .arg(&self.config)
                .args(["mailbox", "create", "-u", &self.user, folder])
                .output();
        }
        self.doveadm(&["save", "-u", &self.user, "-m", folder], Some(message));
    }

    /// The UIDs of the messages in `folder` (none when it does not exist).
    pub fn uids(&self, folder: &str) -> Vec<u32> {
        let out = Command::new(dovecot_bin("doveadm").unwrap())
            .arg("-c")
            .arg(&self.config)
            .args(["search", "-u", &self.user, "mailbox", folder, "ALL"])
            .output()
            .expect("run doveadm");
        let mut uids: Vec<u32> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok())
            .collect();
        uids.sort();
        uids
    }

    /// The Message-IDs of the messages in `folder`, by UID.
    pub fn message_ids(&self, folder: &str) -> Vec<String> {
        if self.uids(folder).is_empty() {
            return Vec::new();
        }
        let out = self.doveadm(
            &["fetch", "-u", &self.user, "hdr.message-id", "mailbox", folder, "ALL"],
            None,
        );
        String::from_utf8_lossy(&out)
            .lines()
            .filter_map(|l| l.split_once(':').map(|(_, v)| v.trim().to_string()))
            .filter(|v| !v.is_empty())
            .collect()
    }
}

impl Drop for Dovecot {
    fn drop(&mut self) {
        self.stop();
    }
}

/// What an [`Smtpd`] is to do beyond accepting mail.
#[derive(Clone, Default)]
pub struct SmtpdOptions {
    /// `smtps` (TLS from the first byte) or `starttls` (required); plain when `None`.
    pub tls: Option<&'static str>,
    /// A login required of the client: user and password.
    pub login: Option<(String, String)>,
    /// Recipients refused for good (`550`).
    pub refuse: Vec<String>,
    /// Recipients refused for now (`451`).
    pub defer: Vec<String>,
    /// How long the server waits before it answers each message's data.
    pub delay: Duration,
    /// The server process dies (no reply, no clean close) when the client's `MAIL FROM`
    /// of this number (from 1, across sessions) arrives: a crashed or restarted server.
    /// Started again by [`Smtpd::run`], it counts from 0 again.
    pub exit_at_mail: Option<usize>,
}

/// One message an [`Smtpd`] accepted.
#[derive(Debug, Clone)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// The DATA bytes, dot-stuffing undone.
    pub data: Vec<u8>,
    pub tls: bool,
    pub login: Option<String>,
}

/// aiosmtpd on a loopback port, keeping each message it accepts in its folder.
pub struct Smtpd {
    pub dir: ServerDir,
    pub authority: Authority,
    pub port: u16,
    pub options: SmtpdOptions,
    child: Option<Child>,
}

const SMTPD_SCRIPT: &str = include_str!("smtpd.py");

fn python() -> String {
    std::env::var("ARBITRE_TEST_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

impl Smtpd {
    /// Starts aiosmtpd, or says why not (the test then calls [`skip`]).
    pub fn start(options: SmtpdOptions) -> Result<Smtpd, String> {
        let python = python();
        let found = Command::new(&python)
            .args(["-c", "import aiosmtpd"])
            .stderr(Stdio::null())
            .status()
            .map_err(|e| format!("{python}: {e}"))?;
        if !found.success() {
            return Err(format!("aiosmtpd is not installed for {python} (pip install aiosmtpd)"));
        }
        let dir = ServerDir::new("smtpd");
        let authority = Authority::make(&dir.0);
        std::fs::create_dir_all(dir.0.join("mail")).unwrap();
        std::fs::write(dir.0.join("smtpd.py"), SMTPD_SCRIPT).unwrap();
        let mut smtpd = Smtpd {
            dir,
            authority,
            port: free_port(),
            options,
            child: None,
        };
        started_on_free_ports(&mut smtpd, Smtpd::run, Smtpd::stop, |s: &mut Smtpd| {
            s.port = free_port()
        })?;
        Ok(smtpd)
    }

    /// Starts the server process (again, after [`Smtpd::stop`]), on the same port.
    pub fn run(&mut self) -> Result<(), String> {
        let d = &self.dir.0;
        let mut cmd = Command::new(python());
        cmd.arg(d.join("smtpd.py"))
            .args(["--port", &self.port.to_string()])
            .arg("--out")
            .arg(d.join("mail"))
            .arg("--cert")
            .arg(&self.authority.cert)
            .arg("--key")
            .arg(&self.authority.key)
            .args(["--mode", self.options.tls.unwrap_or("plain")]);
        if let Some((user, password)) = &self.options.login {
            cmd.args(["--login", &format!("{user}:{password}")]);
        }
        for r in &self.options.refuse {
            cmd.args(["--refuse", r]);
        }
        for r in &self.options.defer {
            cmd.args(["--defer", r]);
        }
        if !self.options.delay.is_zero() {
            cmd.args(["--delay", &self.options.delay.as_secs_f64().to_string()]);
        }
        if let Some(n) = self.options.exit_at_mail {
            cmd.args(["--exit-at-mail", &n.to_string()]);
        }
        let log = d.join("smtpd.log");
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .map_err(|e| format!("aiosmtpd: {e}"))?;
        // The handler says `ready` once it listens.
        let mut line = String::new();
        let _ = BufReader::new(child.stdout.take().unwrap()).read_line(&mut line);
        let listening = wait_for_port(self.port, &mut child, "aiosmtpd", &log);
        self.child = Some(child);
        listening
    }

    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // SAFETY: a signal to the process this test started.
            unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
            let _ = child.wait();
        }
    }

    /// `smtp://…`, `smtps://…` or `smtp://…?tls=starttls`, as the server speaks.
    pub fn url(&self) -> String {
        match self.options.tls {
            Some("smtps") => format!("smtps://127.0.0.1:{}", self.port),
            Some(_) => format!("smtp://127.0.0.1:{}?tls=starttls", self.port),
            None => format!("smtp://127.0.0.1:{}", self.port),
        }
    }

    /// How many sessions were opened (each first `EHLO`).
    pub fn sessions(&self) -> usize {
        std::fs::read_to_string(self.dir.0.join("mail/sessions"))
            .map(|t| t.lines().count())
            .unwrap_or(0)
    }

    /// Every message accepted so far, in order.
    pub fn received(&self) -> Vec<Received> {
        let mail = self.dir.0.join("mail");
        let mut names: Vec<String> = std::fs::read_dir(&mail)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".json") && !n.contains(".tmp"))
            .collect();
        names.sort();
        names
            .iter()
            .map(|n| {
                let meta: serde_yaml::Value =
                    serde_yaml::from_str(&std::fs::read_to_string(mail.join(n)).unwrap()).unwrap();
                let strings = |v: &serde_yaml::Value| v.as_str().map(str::to_string);
                Received {
                    from: strings(&meta["from"]).unwrap_or_default(),
                    to: meta["to"]
                        .as_sequence()
                        .map(|s| s.iter().filter_map(strings).collect())
                        .unwrap_or_default(),
                    data: std::fs::read(mail.join(n.replace(".json", ".eml"))).unwrap(),
                    tls: meta["tls"].as_bool().unwrap_or(false),
                    login: strings(&meta["login"]),
                }
            })
            .collect()
    }
}

impl Drop for Smtpd {
    fn drop(&mut self) {
        self.stop();
    }
}
