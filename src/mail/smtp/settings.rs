//! Where the server comes from: [`SmtpSettings`], read from the environment or a file, and
//! the [`Endpoint`] they resolve to.
//!
//! [`SmtpSettings`] holds a URL and, optionally, a user name, a password and a timeout. It is
//! built from the environment ([`SmtpSettings::from_env`]: `ARBITRE_SMTP_URL`,
//! `ARBITRE_SMTP_USER`, `ARBITRE_SMTP_PASSWORD`, `ARBITRE_SMTP_TIMEOUT`,
//! `ARBITRE_SMTP_CA_FILE`, with `--smtp URL` taking precedence over the first) or from a YAML
//! file ([`SmtpSettings::from_file`]). The URL forms are:
//!
//! | URL | connection | default port |
//! | --- | --- | --- |
//! | `smtp://host[:port]` | plain text: local relays and tests | 25 |
//! | `smtp://host[:port]?tls=starttls` | plain, then STARTTLS, which the server must offer | 587 |
//! | `smtps://host[:port]` | TLS from the first byte | 465 |
//!
//! `?tls=required` is accepted as a synonym of `?tls=starttls` (it is lettre's spelling).
//! Credentials may be written in the URL (`smtp://user:pass@host`, percent-encoded); a user
//! name or password given separately replaces the one in the URL. A path (`smtp://host/name`)
//! sets the name the client gives in `EHLO`; without one the machine's host name is used.
//! A password is never sent over a plain connection, except to a loopback address.
//!
//! # Certificates
//!
//! The server's certificate is always verified, against the system's roots (read once per
//! session through rustls-native-certs) and, when a CA file is set (`ARBITRE_SMTP_CA_FILE`,
//! the key `ca_file`, or `arbitre send --ca-file PEM`), against the certificates of that PEM
//! file too: a private authority is trusted in addition to the system's, never instead of a
//! check. The file is read and checked when the settings are, so a wrong path fails before
//! any connection.

use std::fmt;
use std::fs;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use lettre::transport::smtp::client::Certificate;
use serde::Deserialize;

use super::url::{parse_url, redact_url, UrlError};
use crate::mail::place::Place;
use crate::yaml::FileError;

/// The environment variable holding the server URL.
pub const URL_VAR: &str = "ARBITRE_SMTP_URL";
/// The environment variable holding the user name to log in with.
pub const USER_VAR: &str = "ARBITRE_SMTP_USER";
/// The environment variable holding the password to log in with.
pub const PASSWORD_VAR: &str = "ARBITRE_SMTP_PASSWORD";
/// The environment variable holding the timeout, in seconds.
pub const TIMEOUT_VAR: &str = "ARBITRE_SMTP_TIMEOUT";
/// The environment variable naming a PEM file of certificate authorities to trust in addition
/// to the system's.
pub const CA_FILE_VAR: &str = "ARBITRE_SMTP_CA_FILE";
/// How long one exchange with the server may take when nothing else is said, in seconds.
pub const DEFAULT_TIMEOUT_SECS: u64 = 30;

/// How to reach the SMTP server.
///
/// `Debug` shows the password as `***`, and hides the one a URL may carry.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpSettings {
    /// `smtp://…`, `smtp://…?tls=starttls` or `smtps://…`; see the module documentation.
    pub url: String,
    /// The user name to log in with; replaces one written in the URL.
    pub username: Option<String>,
    /// The password to log in with; replaces one written in the URL.
    pub password: Option<String>,
    /// How long each exchange with the server may take (connecting, each reply), in seconds;
    /// opening a session (lookup, TCP, TLS, greeting, `EHLO`) may take twice that.
    pub timeout_secs: u64,
    /// A PEM file of certificate authorities trusted in addition to the system's roots.
    pub ca_file: Option<PathBuf>,
}

impl fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("url", &redact_url(&self.url))
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("timeout_secs", &self.timeout_secs)
            .field("ca_file", &self.ca_file)
            .finish()
    }
}

/// The keys of `smtp.yaml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsFile {
    url: String,
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    timeout_secs: Option<u64>,
    #[serde(default)]
    ca_file: Option<PathBuf>,
}

/// SMTP settings that cannot be used: the settings file, or one setting's value.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The settings file cannot be read.
    #[error("cannot read the SMTP settings file {}: {}", path.display(), crate::store::why_unreadable(source, path))]
    Unreadable {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The settings file is not YAML with the known keys (its line, and what to check).
    #[error(transparent)]
    File(#[from] FileError),
    /// An environment variable whose value is not UTF-8.
    #[error("{var} is not valid UTF-8 (set it again, in plain text)")]
    NotUnicode { var: &'static str },
    /// No server is named at all.
    #[error("no SMTP server: give --smtp URL or set {URL_VAR}")]
    NoServer,
    /// A setting that cannot be used: where it was given, and what is wrong with its
    /// value (which says the value and how to fix it).
    #[error("{place}{problem}")]
    Value {
        place: Box<Place>,
        problem: Box<BadSetting>,
    },
}

/// What is wrong with one setting's value, and how to fix it.
#[derive(Debug, thiserror::Error)]
pub enum BadSetting {
    /// The URL cannot be taken apart (it shows the URL, its password hidden).
    #[error(transparent)]
    Url(#[from] UrlError),
    /// A timeout that is not a whole number of seconds, as written.
    #[error("\"{0}\" is not a whole number of seconds (write the SMTP timeout like 30)")]
    Timeout(String),
    /// A timeout of 0.
    #[error("the SMTP timeout must be at least one second, not 0")]
    ZeroTimeout,
    /// A user name (given apart or in the URL) without a password.
    #[error("an SMTP user name is given but no password: give both, or neither")]
    NoPassword,
    /// A password (given apart or in the URL) without a user name.
    #[error("an SMTP password is given but no user name: give both, or neither")]
    NoUserName,
    /// A password that would cross the network unencrypted, to this host.
    #[error("refusing to send the SMTP password unencrypted to {host}: use smtps:// or ?tls=starttls")]
    Unencrypted { host: String },
    /// A CA file for a URL without TLS (the URL shown with its password hidden).
    #[error(
        "a CA file is given for {url}, which uses no TLS: use smtps:// or ?tls=starttls, \
         or leave out the CA file"
    )]
    CaWithoutTls { url: String },
    /// The CA file cannot be read.
    #[error("cannot read the SMTP CA file {}: {}", path.display(), crate::store::why_unreadable(source, path))]
    CaUnreadable {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The CA file holds no PEM certificate.
    #[error(
        "the SMTP CA file {} holds no certificate: it should be PEM \
         (-----BEGIN CERTIFICATE----- …)",
        path.display()
    )]
    CaNoCertificate { path: PathBuf },
    /// A certificate of the CA file that TLS cannot use.
    #[error("the SMTP CA file {}: a certificate cannot be read: {source}", path.display())]
    CaBadCertificate {
        path: PathBuf,
        #[source]
        source: lettre::transport::smtp::Error,
    },
}

/// One of the settings, to say where an error's value was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setting {
    Url,
    Username,
    Password,
    Timeout,
    CaFile,
}

impl BadSetting {
    /// The setting whose value is at fault (for a password sent in clear, the URL: that is
    /// what to change).
    fn setting(&self) -> Setting {
        match self {
            BadSetting::Url(_) | BadSetting::Unencrypted { .. } => Setting::Url,
            BadSetting::Timeout(_) | BadSetting::ZeroTimeout => Setting::Timeout,
            BadSetting::NoPassword => Setting::Username,
            BadSetting::NoUserName => Setting::Password,
            BadSetting::CaWithoutTls { .. }
            | BadSetting::CaUnreadable { .. }
            | BadSetting::CaNoCertificate { .. }
            | BadSetting::CaBadCertificate { .. } => Setting::CaFile,
        }
    }

    /// This problem, with no place to point at (settings set by the program).
    fn given(self) -> SettingsError {
        SettingsError::Value {
            place: Box::new(Place::Program),
            problem: Box::new(self),
        }
    }
}

impl SettingsError {
    /// The same error pointing at where its setting was given, as `place_of` says.
    fn placed(self, place_of: impl Fn(Setting) -> Place) -> SettingsError {
        match self {
            SettingsError::Value { problem, .. } => SettingsError::Value {
                place: Box::new(place_of(problem.setting())),
                problem,
            },
            other => other,
        }
    }
}

impl SmtpSettings {
    /// Settings for `url` with no credentials beyond the URL's and the default timeout.
    pub fn new(url: &str) -> SmtpSettings {
        SmtpSettings {
            url: url.to_string(),
            username: None,
            password: None,
            timeout_secs: DEFAULT_TIMEOUT_SECS,
            ca_file: None,
        }
    }

    /// From the environment: [`URL_VAR`], [`USER_VAR`], [`PASSWORD_VAR`], [`TIMEOUT_VAR`]
    /// (seconds; [`DEFAULT_TIMEOUT_SECS`] when unset) and [`CA_FILE_VAR`]. `url_override` (the `--smtp` option)
    /// wins over [`URL_VAR`]. An empty variable counts as unset. The settings are checked
    /// ([`SmtpSettings::endpoint`]) before they are returned; an error names the variable
    /// (or `--smtp`) whose value is at fault.
    pub fn from_env(url_override: Option<&str>) -> Result<SmtpSettings, SettingsError> {
        SmtpSettings::from_lookup(url_override, |name| match std::env::var(name) {
            Ok(value) => Ok(Some(value)),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => Err(SettingsError::NotUnicode { var: name }),
        })
    }

    /// [`SmtpSettings::from_env`] with the variables read through `lookup`.
    fn from_lookup(
        url_override: Option<&str>,
        lookup: impl Fn(&'static str) -> Result<Option<String>, SettingsError>,
    ) -> Result<SmtpSettings, SettingsError> {
        let var = |name: &'static str| -> Result<Option<String>, SettingsError> {
            Ok(lookup(name)?.filter(|value| !value.is_empty()))
        };
        let url = match url_override {
            Some(url) => url.to_string(),
            None => var(URL_VAR)?.ok_or(SettingsError::NoServer)?,
        };
        let timeout_secs = match var(TIMEOUT_VAR)? {
            None => DEFAULT_TIMEOUT_SECS,
            Some(text) => text.trim().parse().map_err(|_| SettingsError::Value {
                place: Box::new(Place::Env(TIMEOUT_VAR)),
                problem: Box::new(BadSetting::Timeout(text)),
            })?,
        };
        let settings = SmtpSettings {
            url,
            username: var(USER_VAR)?,
            password: var(PASSWORD_VAR)?,
            timeout_secs,
            ca_file: var(CA_FILE_VAR)?.map(PathBuf::from),
        };
        settings.endpoint().map_err(|e| {
            e.placed(|setting| match setting {
                Setting::Url if url_override.is_some() => Place::Option("--smtp"),
                Setting::Url => Place::Env(URL_VAR),
                Setting::Username => Place::Env(USER_VAR),
                Setting::Password => Place::Env(PASSWORD_VAR),
                Setting::Timeout => Place::Env(TIMEOUT_VAR),
                Setting::CaFile => Place::Env(CA_FILE_VAR),
            })
        })?;
        Ok(settings)
    }

    /// From a YAML file with the keys `url` (required), `username`, `password`,
    /// `timeout_secs` (seconds; [`DEFAULT_TIMEOUT_SECS`] when absent) and `ca_file` (a path
    /// as written, relative to the working directory like `--ca-file`). Any other key is an
    /// error. The settings are checked ([`SmtpSettings::endpoint`]) before they are
    /// returned; an error names the file, the line and the key at fault.
    pub fn from_file(path: &Path) -> Result<SmtpSettings, SettingsError> {
        let text = fs::read_to_string(path).map_err(|source| SettingsError::Unreadable {
            path: path.to_path_buf(),
            source,
        })?;
        let file: SettingsFile = crate::yaml::from_str(&text, &path.display().to_string())?;
        let settings = SmtpSettings {
            url: file.url,
            username: file.username,
            password: file.password,
            timeout_secs: file.timeout_secs.unwrap_or(DEFAULT_TIMEOUT_SECS),
            ca_file: file.ca_file,
        };
        settings.endpoint().map_err(|e| {
            e.placed(|setting| {
                let key = match setting {
                    Setting::Url => "url",
                    Setting::Username => "username",
                    Setting::Password => "password",
                    Setting::Timeout => "timeout_secs",
                    Setting::CaFile => "ca_file",
                };
                Place::in_file(path, &text, key)
            })
        })?;
        Ok(settings)
    }

    /// What these settings resolve to: the URL taken apart, with the separate credentials
    /// applied. Errors on a URL this module does not understand, on a user name without a
    /// password (or the reverse), on a zero timeout, on a password that would travel
    /// unencrypted to a host other than a loopback address, and on a CA file that cannot be
    /// read, holds no certificate, or is given for a connection without TLS. The errors
    /// point at no place ([`Place::Program`]): the settings do not know where they came from.
    pub fn endpoint(&self) -> Result<Endpoint, SettingsError> {
        let url = parse_url(&self.url).map_err(|e| BadSetting::Url(e).given())?;
        let username = self.username.clone().or(url.username);
        let password = self.password.clone().or(url.password);
        let credentials = match (username, password) {
            (None, None) => None,
            (Some(user), Some(password)) => Some((user, password)),
            (Some(_), None) => return Err(BadSetting::NoPassword.given()),
            (None, Some(_)) => return Err(BadSetting::NoUserName.given()),
        };
        if credentials.is_some() && url.security == Security::Plain && !is_loopback(&url.host) {
            return Err(BadSetting::Unencrypted { host: url.host }.given());
        }
        if self.timeout_secs == 0 {
            return Err(BadSetting::ZeroTimeout.given());
        }
        let ca_pem = match &self.ca_file {
            None => None,
            Some(_) if url.security == Security::Plain => {
                return Err(BadSetting::CaWithoutTls {
                    url: redact_url(&self.url),
                }
                .given())
            }
            Some(path) => Some(read_authorities(path).map_err(BadSetting::given)?),
        };
        Ok(Endpoint {
            host: url.host,
            port: url.port,
            security: url.security,
            credentials,
            hello_name: url.hello_name,
            timeout: Duration::from_secs(self.timeout_secs),
            ca_file: self.ca_file.clone(),
            ca_pem,
        })
    }
}

/// The certificates of a CA file (PEM), checked: the file must hold at least one, and each
/// must be one rustls can use.
fn read_authorities(path: &Path) -> Result<Vec<u8>, BadSetting> {
    let pem = fs::read(path).map_err(|source| BadSetting::CaUnreadable {
        path: path.to_path_buf(),
        source,
    })?;
    if !pem.windows(27).any(|w| w == b"-----BEGIN CERTIFICATE-----") {
        return Err(BadSetting::CaNoCertificate {
            path: path.to_path_buf(),
        });
    }
    Certificate::from_pem(&pem).map_err(|source| BadSetting::CaBadCertificate {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(pem)
}

/// How the connection to the server is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Security {
    /// No encryption (`smtp://`).
    Plain,
    /// A plain connection upgraded by STARTTLS, which the server must offer (`?tls=starttls`).
    StartTls,
    /// TLS from the first byte (`smtps://`).
    Tls,
}

/// A server to deliver to, as resolved from [`SmtpSettings`].
///
/// `Debug` shows the password as `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Endpoint {
    /// Host name or IP address (an IPv6 address without its brackets); also the name the
    /// server's certificate must carry.
    pub host: String,
    /// TCP port.
    pub port: u16,
    /// Plain, STARTTLS or TLS.
    pub security: Security,
    /// User name and password for `AUTH` (PLAIN, else LOGIN), if any.
    pub credentials: Option<(String, String)>,
    /// The name given in `EHLO`, when the URL has one; else the machine's host name.
    pub hello_name: Option<String>,
    /// How long one exchange may take.
    pub timeout: Duration,
    /// The CA file, if any: trusted in addition to the system's roots.
    pub ca_file: Option<PathBuf>,
    /// Its certificates (PEM), as read when the settings were checked.
    pub ca_pem: Option<Vec<u8>>,
}

impl fmt::Debug for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endpoint")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field("credentials", &self.credentials.as_ref().map(|(user, _)| (user, "***")))
            .field("hello_name", &self.hello_name)
            .field("timeout", &self.timeout)
            .field("ca_file", &self.ca_file)
            .finish()
    }
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = if self.security == Security::Tls {
            "smtps"
        } else {
            "smtp"
        };
        if self.host.contains(':') {
            write!(f, "{scheme}://[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{scheme}://{}:{}", self.host, self.port)
        }
    }
}

/// Whether `host` names this machine: `localhost` or a loopback address.
fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::smtp::url::parse_url;

    #[test]
    fn passwords_never_shown() {
        let e = parse_url("ftp://me:hunter2@host").unwrap_err().to_string();
        assert!(!e.contains("hunter2") && e.contains("me:***@host"), "{e}");
        let mut settings = SmtpSettings::new("smtp://me:hunter2@localhost");
        settings.password = Some("swordfish".into());
        let shown = format!("{settings:?} {:?}", settings.endpoint().unwrap());
        assert!(!shown.contains("hunter2") && !shown.contains("swordfish"), "{shown}");
        settings.url = "smtp://me:hunter2@localhost:99999".into();
        let e = settings.endpoint().unwrap_err().to_string();
        assert!(!e.contains("hunter2") && e.contains("me:***@localhost"), "{e}");
    }

    /// The problem of an error about one setting's value, and where it points.
    fn value(e: SettingsError) -> (Place, BadSetting) {
        match e {
            SettingsError::Value { place, problem } => (*place, *problem),
            other => panic!("not a setting's value: {other:?}"),
        }
    }

    #[test]
    fn credentials_merge_and_checks() {
        let mut settings = SmtpSettings::new("smtp://urluser:urlpass@127.0.0.1:2525");
        assert_eq!(
            settings.endpoint().unwrap().credentials,
            Some(("urluser".into(), "urlpass".into()))
        );
        settings.password = Some("envpass".into());
        assert_eq!(
            settings.endpoint().unwrap().credentials,
            Some(("urluser".into(), "envpass".into()))
        );
        settings.username = Some("envuser".into());
        assert_eq!(
            settings.endpoint().unwrap().credentials,
            Some(("envuser".into(), "envpass".into()))
        );
        // A user name without a password, and the reverse.
        let e = SmtpSettings::new("smtp://who@localhost").endpoint().unwrap_err();
        assert!(matches!(value(e), (Place::Program, BadSetting::NoPassword)));
        let mut settings = SmtpSettings::new("smtp://localhost");
        settings.password = Some("secret".into());
        assert!(matches!(
            value(settings.endpoint().unwrap_err()),
            (Place::Program, BadSetting::NoUserName)
        ));
        // No password in clear text to another machine; fine over TLS or to loopback.
        let mut settings = SmtpSettings::new("smtp://mail.example.org");
        settings.username = Some("me".into());
        settings.password = Some("secret".into());
        assert_eq!(
            settings.endpoint().unwrap_err().to_string(),
            "refusing to send the SMTP password unencrypted to mail.example.org: use smtps:// or ?tls=starttls"
        );
        settings.url = "smtp://mail.example.org?tls=starttls".into();
        assert!(settings.endpoint().is_ok());
        settings.url = "smtp://[::1]:25".into();
        assert!(settings.endpoint().is_ok());
        settings.timeout_secs = 0;
        assert!(matches!(
            value(settings.endpoint().unwrap_err()),
            (Place::Program, BadSetting::ZeroTimeout)
        ));
    }

    fn vars(
        pairs: &'static [(&'static str, &'static str)],
    ) -> impl Fn(&'static str) -> Result<Option<String>, SettingsError> {
        move |name| Ok(pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn settings_from_variables() {
        let s = SmtpSettings::from_lookup(
            None,
            vars(&[
                (URL_VAR, "smtps://mail.example.org"),
                (USER_VAR, "referee"),
                (PASSWORD_VAR, "secret"),
                (TIMEOUT_VAR, "7"),
            ]),
        )
        .unwrap();
        assert_eq!(s.url, "smtps://mail.example.org");
        assert_eq!(
            (s.username.as_deref(), s.password.as_deref(), s.timeout_secs),
            (Some("referee"), Some("secret"), 7)
        );
        let s =
            SmtpSettings::from_lookup(Some("smtp://localhost:2525"), vars(&[(URL_VAR, "smtps://elsewhere")])).unwrap();
        assert_eq!(
            (s.url.as_str(), s.username, s.timeout_secs),
            ("smtp://localhost:2525", None, DEFAULT_TIMEOUT_SECS)
        );
        // An empty variable is unset.
        let e = SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "")])).unwrap_err();
        assert!(matches!(e, SettingsError::NoServer));
        assert_eq!(e.to_string(), "no SMTP server: give --smtp URL or set ARBITRE_SMTP_URL");
        let e = SmtpSettings::from_lookup(None, |var| Err(SettingsError::NotUnicode { var })).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_SMTP_URL is not valid UTF-8 (set it again, in plain text)"
        );
    }

    #[test]
    fn a_bad_variable_is_named_with_its_value_and_the_fix() {
        let e = SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "smtp://x"), (TIMEOUT_VAR, "soon")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_SMTP_TIMEOUT: \"soon\" is not a whole number of seconds (write the SMTP timeout like 30)"
        );
        let e = SmtpSettings::from_lookup(Some("smtp:/x"), vars(&[])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--smtp: SMTP URL \"smtp:/x\": expected smtp://host[:port] or smtps://host[:port]"
        );
        let e = SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "smtp://h:99999")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_SMTP_URL: SMTP URL \"smtp://h:99999\": \"99999\" is not a port number (1–65535)"
        );
        let e = SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "smtps://h"), (USER_VAR, "me")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_SMTP_USER: an SMTP user name is given but no password: give both, or neither"
        );
        let e = SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "smtps://h"), (PASSWORD_VAR, "pw")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_SMTP_PASSWORD: an SMTP password is given but no user name: give both, or neither"
        );
        let e = SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "smtp://h"), (CA_FILE_VAR, "ca.pem")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_SMTP_CA_FILE: a CA file is given for smtp://h, which uses no TLS: use smtps:// or \
             ?tls=starttls, or leave out the CA file"
        );
    }

    /// A settings file with `text`, in a folder of its own.
    fn file(name: &str, text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("arbitre-smtp-settings-{name}-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("smtp.yaml");
        fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_bad_key_of_the_file_is_named_with_its_line_value_and_the_fix() {
        let cases = [
            (
                "port",
                "# the referee's server\nurl: smtp://mail.example.org:99999\n",
                "smtp.yaml:2: url: SMTP URL \"smtp://mail.example.org:99999\": \"99999\" is not a port number (1–65535)",
            ),
            (
                "zero",
                "url: smtp://localhost\ntimeout_secs: 0\n",
                "smtp.yaml:2: timeout_secs: the SMTP timeout must be at least one second, not 0",
            ),
            (
                "clear",
                "username: me\npassword: pw\nurl: smtp://mail.example.org\n",
                "smtp.yaml:3: url: refusing to send the SMTP password unencrypted to mail.example.org: \
                 use smtps:// or ?tls=starttls",
            ),
            (
                "nopass",
                "url: smtps://mail.example.org\nusername: me\n",
                "smtp.yaml:2: username: an SMTP user name is given but no password: give both, or neither",
            ),
            (
                "nouser",
                "url: smtps://mail.example.org\npassword: pw\n",
                "smtp.yaml:2: password: an SMTP password is given but no user name: give both, or neither",
            ),
        ];
        for (name, text, said) in cases {
            let path = file(name, text);
            let e = SmtpSettings::from_file(&path).unwrap_err().to_string();
            assert_eq!(e, format!("{}/{said}", path.parent().unwrap().display()), "{name}");
            fs::remove_dir_all(path.parent().unwrap()).unwrap();
        }
        // A CA file that cannot be read: the key, the file and why, in arbitre's words.
        let path = file("ca", "url: smtps://mail.example.org\nca_file: /absent/ca.pem\n");
        let e = SmtpSettings::from_file(&path).unwrap_err();
        let shown = e.to_string();
        assert!(
            shown.ends_with(
                "smtp.yaml:2: ca_file: cannot read the SMTP CA file /absent/ca.pem: no such file: \
                 check its name and its folder (a relative path starts from the folder arbitre is run in)"
            ),
            "{shown}"
        );
        let (_, problem) = value(e);
        assert!(
            std::error::Error::source(&problem).is_some(),
            "the io error is kept as the source"
        );
        // A CA file without a certificate: what it should hold.
        let not_pem = path.with_file_name("key.txt");
        fs::write(&not_pem, "not a certificate\n").unwrap();
        fs::write(
            &path,
            format!("url: smtps://mail.example.org\nca_file: {}\n", not_pem.display()),
        )
        .unwrap();
        let e = SmtpSettings::from_file(&path).unwrap_err().to_string();
        assert!(
            e.contains("smtp.yaml:2: ca_file: the SMTP CA file ")
                && e.ends_with("key.txt holds no certificate: it should be PEM (-----BEGIN CERTIFICATE----- …)"),
            "{e}"
        );
        // The file itself: not there, or not YAML of these keys.
        fs::remove_file(&path).unwrap();
        assert!(matches!(
            SmtpSettings::from_file(&path).unwrap_err(),
            SettingsError::Unreadable { .. }
        ));
        fs::write(&path, "url: smtps://mail.example.org\ntimeout_secs: soon\n").unwrap();
        let e = SmtpSettings::from_file(&path).unwrap_err();
        assert!(matches!(&e, SettingsError::File(f) if f.line == Some(2)), "{e}");
        fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }
}
