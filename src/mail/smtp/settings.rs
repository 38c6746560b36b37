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

use super::url::{parse_url, redact_url};

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
    /// ([`SmtpSettings::endpoint`]) before they are returned.
    pub fn from_env(url_override: Option<&str>) -> Result<SmtpSettings, String> {
        SmtpSettings::from_lookup(url_override, |name| match std::env::var(name) {
            Ok(value) => Ok(Some(value)),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => Err(format!("{name} is not valid UTF-8")),
        })
    }

    /// [`SmtpSettings::from_env`] with the variables read through `lookup`.
    fn from_lookup(
        url_override: Option<&str>,
        lookup: impl Fn(&str) -> Result<Option<String>, String>,
    ) -> Result<SmtpSettings, String> {
        let var =
            |name: &str| -> Result<Option<String>, String> { Ok(lookup(name)?.filter(|value| !value.is_empty())) };
        let url = match url_override {
            Some(url) => url.to_string(),
            None => var(URL_VAR)?.ok_or_else(|| format!("no SMTP server: give --smtp URL or set {URL_VAR}"))?,
        };
        let timeout_secs = match var(TIMEOUT_VAR)? {
            None => DEFAULT_TIMEOUT_SECS,
            Some(text) => text
                .trim()
                .parse()
                .map_err(|_| format!("{TIMEOUT_VAR} must be a whole number of seconds, not `{text}`"))?,
        };
        let settings = SmtpSettings {
            url,
            username: var(USER_VAR)?,
            password: var(PASSWORD_VAR)?,
            timeout_secs,
            ca_file: var(CA_FILE_VAR)?.map(PathBuf::from),
        };
        settings.endpoint()?;
        Ok(settings)
    }

    /// From a YAML file with the keys `url` (required), `username`, `password`,
    /// `timeout_secs` (seconds; [`DEFAULT_TIMEOUT_SECS`] when absent) and `ca_file` (a path
    /// as written, relative to the working directory like `--ca-file`). Any other key is an
    /// error. The settings are checked ([`SmtpSettings::endpoint`]) before they are returned.
    pub fn from_file(path: &Path) -> Result<SmtpSettings, String> {
        let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file: SettingsFile =
            crate::yaml::from_str(&text, &path.display().to_string()).map_err(|e| e.to_string())?;
        let settings = SmtpSettings {
            url: file.url,
            username: file.username,
            password: file.password,
            timeout_secs: file.timeout_secs.unwrap_or(DEFAULT_TIMEOUT_SECS),
            ca_file: file.ca_file,
        };
        settings.endpoint().map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(settings)
    }

    /// What these settings resolve to: the URL taken apart, with the separate credentials
    /// applied. Errors on a URL this module does not understand, on a user name without a
    /// password (or the reverse), on a zero timeout, on a password that would travel
    /// unencrypted to a host other than a loopback address, and on a CA file that cannot be
    /// read, holds no certificate, or is given for a connection without TLS.
    pub fn endpoint(&self) -> Result<Endpoint, String> {
        let url = parse_url(&self.url)?;
        let username = self.username.clone().or(url.username);
        let password = self.password.clone().or(url.password);
        let credentials = match (username, password) {
            (None, None) => None,
            (Some(user), Some(password)) => Some((user, password)),
            (Some(_), None) => return Err("an SMTP user name is given but no password".to_string()),
            (None, Some(_)) => return Err("an SMTP password is given but no user name".to_string()),
        };
        if credentials.is_some() && url.security == Security::Plain && !is_loopback(&url.host) {
            return Err(format!(
                "refusing to send the SMTP password unencrypted to {}: use smtps:// or ?tls=starttls",
                url.host
            ));
        }
        if self.timeout_secs == 0 {
            return Err("the SMTP timeout must be at least one second".to_string());
        }
        let ca_pem = match &self.ca_file {
            None => None,
            Some(_) if url.security == Security::Plain => {
                return Err(format!(
                    "a CA file is given for {}, which uses no TLS: use smtps:// or ?tls=starttls, \
                     or leave out the CA file",
                    redact_url(&self.url)
                ))
            }
            Some(path) => Some(read_authorities(path)?),
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
fn read_authorities(path: &Path) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let pem = fs::read(path).map_err(|e| format!("the SMTP CA file {shown}: {e}"))?;
    if !pem.windows(27).any(|w| w == b"-----BEGIN CERTIFICATE-----") {
        return Err(format!(
            "the SMTP CA file {shown} holds no certificate: it should be PEM \
             (-----BEGIN CERTIFICATE----- …)"
        ));
    }
    Certificate::from_pem(&pem).map_err(|e| format!("the SMTP CA file {shown}: a certificate cannot be read: {e}"))?;
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
        let e = parse_url("ftp://me:hunter2@host").unwrap_err();
        assert!(!e.contains("hunter2") && e.contains("me:***@host"), "{e}");
        let mut settings = SmtpSettings::new("smtp://me:hunter2@localhost");
        settings.password = Some("swordfish".into());
        let shown = format!("{settings:?} {:?}", settings.endpoint().unwrap());
        assert!(!shown.contains("hunter2") && !shown.contains("swordfish"), "{shown}");
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
        assert!(SmtpSettings::new("smtp://who@localhost").endpoint().is_err());
        let mut settings = SmtpSettings::new("smtp://localhost");
        settings.password = Some("secret".into());
        assert!(settings.endpoint().is_err());
        // No password in clear text to another machine; fine over TLS or to loopback.
        let mut settings = SmtpSettings::new("smtp://mail.example.org");
        settings.username = Some("me".into());
        settings.password = Some("secret".into());
        assert!(settings.endpoint().unwrap_err().contains("unencrypted"));
        settings.url = "smtp://mail.example.org?tls=starttls".into();
        assert!(settings.endpoint().is_ok());
        settings.url = "smtp://[::1]:25".into();
        assert!(settings.endpoint().is_ok());
        settings.timeout_secs = 0;
        assert!(settings.endpoint().is_err());
    }

    #[test]
    fn settings_from_variables() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| Ok(pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
        };
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
        assert!(e.contains("--smtp") && e.contains(URL_VAR), "{e}");
        assert!(SmtpSettings::from_lookup(None, vars(&[(URL_VAR, "smtp://x"), (TIMEOUT_VAR, "soon")])).is_err());
        assert!(SmtpSettings::from_lookup(Some("smtp:/x"), vars(&[])).is_err());
        let e = SmtpSettings::from_lookup(None, |_| Err("not UTF-8".to_string())).unwrap_err();
        assert_eq!(e, "not UTF-8");
    }
}
