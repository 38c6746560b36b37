//! Where the mailbox is: [`ImapSettings`], from the environment or a YAML file, and the
//! [`Mailbox`] they resolve to.
//!
//! | URL | connection | default port |
//! | --- | --- | --- |
//! | `imaps://host[:port]/FOLDER` | TLS from the first byte | 993 |
//! | `imap://host[:port]/FOLDER?tls=starttls` | plain, then STARTTLS, which the server must offer | 143 |
//!
//! FOLDER is the folder read (percent-encoded; `INBOX` when left out). `?processed=NAME` names
//! the folder each message is moved to once acted on (`Processed` when left out; created
//! when missing). There is no plain `imap://` without STARTTLS: the password would cross the
//! network in clear. The server's certificate is always verified, against the system's roots
//! and the certificates of the CA file when one is given.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

/// The environment variable holding the mailbox URL.
pub const URL_VAR: &str = "ARBITRE_IMAP_URL";
/// The environment variable holding the user name.
pub const USER_VAR: &str = "ARBITRE_IMAP_USER";
/// The environment variable holding the password.
pub const PASSWORD_VAR: &str = "ARBITRE_IMAP_PASSWORD";
/// The environment variable naming a PEM file of authorities trusted besides the system's.
pub const CA_FILE_VAR: &str = "ARBITRE_IMAP_CA_FILE";
/// How long one exchange with the server may take, in seconds.
pub const TIMEOUT_SECS: u64 = 30;
/// The folder messages are moved to when the URL names none.
pub const DEFAULT_PROCESSED: &str = "Processed";

/// How to reach the mailbox. `Debug` shows the password as `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct ImapSettings {
    pub url: String,
    pub username: String,
    pub password: String,
    pub ca_file: Option<PathBuf>,
}

impl fmt::Debug for ImapSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ImapSettings")
            .field("url", &self.url)
            .field("username", &self.username)
            .field("password", &"***")
            .field("ca_file", &self.ca_file)
            .finish()
    }
}

/// The keys of `--imap-config FILE`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsFile {
    url: String,
    username: String,
    password: String,
    #[serde(default)]
    ca_file: Option<PathBuf>,
}

/// How the session is made secure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Security {
    /// `imaps://`: TLS from the first byte.
    Tls,
    /// `imap://…?tls=starttls`: STARTTLS before anything else.
    StartTls,
}

/// The settings resolved and checked.
#[derive(Clone, PartialEq, Eq)]
pub struct Mailbox {
    pub host: String,
    pub port: u16,
    pub security: Security,
    /// The folder read.
    pub folder: String,
    /// The folder each message acted on goes to.
    pub processed: String,
    pub username: String,
    pub password: String,
    /// The CA file's certificates (PEM), read when the settings were.
    pub ca_pem: Option<Vec<u8>>,
    pub ca_file: Option<PathBuf>,
    pub timeout: Duration,
}

impl fmt::Display for Mailbox {
    /// `imaps://host:port/FOLDER as USER`: what identifies the mailbox (no password).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = match self.security {
            Security::Tls => "imaps",
            Security::StartTls => "imap",
        };
        write!(
            f,
            "{scheme}://{}:{}/{} as {}",
            self.host, self.port, self.folder, self.username
        )
    }
}

impl fmt::Debug for Mailbox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Mailbox({self})")
    }
}

impl ImapSettings {
    /// From the environment: [`URL_VAR`], [`USER_VAR`], [`PASSWORD_VAR`], [`CA_FILE_VAR`]. An
    /// empty variable counts as unset. `None` when [`URL_VAR`] is unset: no IMAP intake.
    pub fn from_env() -> Result<Option<ImapSettings>, String> {
        let var = |name: &str| -> Result<Option<String>, String> {
            match std::env::var(name) {
                Ok(v) if v.is_empty() => Ok(None),
                Ok(v) => Ok(Some(v)),
                Err(std::env::VarError::NotPresent) => Ok(None),
                Err(std::env::VarError::NotUnicode(_)) => Err(format!("{name} is not valid UTF-8")),
            }
        };
        let Some(url) = var(URL_VAR)? else {
            return Ok(None);
        };
        let need = |name: &str| -> Result<String, String> {
            var(name)?
                .ok_or_else(|| format!("{URL_VAR} is set but {name} is not: set it too (or use --imap-config FILE)"))
        };
        let settings = ImapSettings {
            url,
            username: need(USER_VAR)?,
            password: need(PASSWORD_VAR)?,
            ca_file: var(CA_FILE_VAR)?.map(PathBuf::from),
        };
        settings.mailbox()?;
        Ok(Some(settings))
    }

    /// From a YAML file with the keys `url`, `username`, `password` and `ca_file`.
    pub fn from_file(path: &Path) -> Result<ImapSettings, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file: SettingsFile = serde_yaml::from_str(&text).map_err(|e| {
            format!(
                "{}: {e} (the keys are url, username, password and ca_file)",
                path.display()
            )
        })?;
        let settings = ImapSettings {
            url: file.url,
            username: file.username,
            password: file.password,
            ca_file: file.ca_file,
        };
        settings.mailbox().map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(settings)
    }

    /// The settings checked: the URL taken apart, the CA file read.
    pub fn mailbox(&self) -> Result<Mailbox, String> {
        let url = self.url.trim();
        let fix = "write imaps://host:993/INBOX or imap://host:143/INBOX?tls=starttls";
        let (scheme, rest) = url
            .split_once("://")
            .ok_or_else(|| format!("the IMAP URL `{url}` is not a URL: {fix}"))?;
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        if authority.contains('@') {
            return Err(format!(
                "the IMAP URL `{}` carries a user name or password: give them as {USER_VAR} and \
                 {PASSWORD_VAR} (or username and password in --imap-config), never in the URL",
                url.split_once('@').map(|(_, h)| h).unwrap_or(url)
            ));
        }
        let mut tls = None;
        let mut processed = DEFAULT_PROCESSED.to_string();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("tls", v)) => tls = Some(v.to_ascii_lowercase()),
                Some(("processed", v)) if !v.is_empty() => processed = decode(v)?,
                _ => {
                    return Err(format!(
                        "the IMAP URL `{url}`: `{pair}` is not understood (tls=starttls, processed=FOLDER)"
                    ))
                }
            }
        }
        let (security, default_port) = match (scheme.to_ascii_lowercase().as_str(), tls.as_deref()) {
            ("imaps", None) => (Security::Tls, 993),
            ("imap", Some("starttls" | "required")) => (Security::StartTls, 143),
            ("imap", _) => {
                return Err(format!(
                    "the IMAP URL `{url}` would send the password in clear: add ?tls=starttls, or use imaps://"
                ))
            }
            _ => return Err(format!("the IMAP URL `{url}`: `{scheme}` is not imaps or imap: {fix}")),
        };
        let (host, port) = match authority.rsplit_once(':') {
            Some((h, p)) if !h.ends_with(']') || authority.starts_with('[') => (
                h,
                p.parse::<u16>()
                    .map_err(|_| format!("the IMAP URL `{url}`: `{p}` is not a port number"))?,
            ),
            _ => (authority, default_port),
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if host.is_empty() {
            return Err(format!("the IMAP URL `{url}` names no host: {fix}"));
        }
        let folder = if path.is_empty() {
            "INBOX".to_string()
        } else {
            decode(path)?
        };
        if folder == processed {
            return Err(format!(
                "the IMAP URL `{url}`: the folder read and the processed folder are both `{folder}`"
            ));
        }
        let ca_pem = match &self.ca_file {
            None => None,
            Some(path) => Some(std::fs::read(path).map_err(|e| format!("the IMAP CA file {}: {e}", path.display()))?),
        };
        if self.username.is_empty() {
            return Err("no IMAP user name: set ARBITRE_IMAP_USER or username".into());
        }
        Ok(Mailbox {
            host: host.to_string(),
            port,
            security,
            folder,
            processed,
            username: self.username.clone(),
            password: self.password.clone(),
            ca_pem,
            ca_file: self.ca_file.clone(),
            timeout: Duration::from_secs(TIMEOUT_SECS),
        })
    }
}

/// Percent-decoding of a folder name.
fn decode(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| format!("`{text}`: `%` must be followed by two hex digits"))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| format!("`{text}` is not UTF-8 once decoded"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(url: &str) -> ImapSettings {
        ImapSettings {
            url: url.into(),
            username: "referee".into(),
            password: "pw".into(),
            ca_file: None,
        }
    }

    #[test]
    fn urls_resolve_to_host_port_security_and_folders() {
        let m = settings("imaps://mail.example.org/INBOX").mailbox().unwrap();
        assert_eq!(
            (m.host.as_str(), m.port, m.security),
            ("mail.example.org", 993, Security::Tls)
        );
        assert_eq!((m.folder.as_str(), m.processed.as_str()), ("INBOX", "Processed"));
        let m = settings("imap://127.0.0.1:1143/Games%20in?tls=starttls&processed=Done")
            .mailbox()
            .unwrap();
        assert_eq!(
            (m.host.as_str(), m.port, m.security),
            ("127.0.0.1", 1143, Security::StartTls)
        );
        assert_eq!((m.folder.as_str(), m.processed.as_str()), ("Games in", "Done"));
        assert_eq!(settings("imaps://h").mailbox().unwrap().folder, "INBOX");
    }

    #[test]
    fn clear_text_passwords_in_the_url_and_bad_urls_are_refused_with_the_fix() {
        let err = |u: &str| settings(u).mailbox().unwrap_err();
        assert!(err("imap://h/INBOX").contains("add ?tls=starttls"));
        assert!(err("imaps://me:pw@h/INBOX").contains("never in the URL"));
        assert!(!err("imaps://me:pw@h/INBOX").contains("pw@"));
        assert!(err("pop3://h").contains("not imaps or imap"));
        assert!(err("imaps://h:99999/INBOX").contains("not a port number"));
        assert!(err("imaps://h/INBOX?processed=INBOX").contains("both `INBOX`"));
        assert!(err("imaps://h/INBOX?idle=no").contains("not understood"));
    }
}
