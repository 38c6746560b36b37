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

use crate::mail::place::Place;
use crate::yaml::FileError;

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

/// IMAP settings that cannot be used: the settings file, or one setting's value.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The settings file cannot be read.
    #[error("cannot read the IMAP settings file {}: {}", path.display(), crate::store::why_unreadable(source, path))]
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
    /// The URL is set in the environment but this variable is not.
    #[error("{URL_VAR} is set but {var} is not: set it too (or use --imap-config FILE)")]
    Missing { var: &'static str },
    /// A setting that cannot be used: where it was given, and what is wrong with its
    /// value (which says the value and how to fix it).
    #[error("{place}{problem}")]
    Value {
        place: Box<Place>,
        problem: Box<BadSetting>,
    },
}

/// How to write an IMAP URL, for the errors about one.
const URL_FIX: &str = "write imaps://host:993/INBOX or imap://host:143/INBOX?tls=starttls";

/// What is wrong with one setting's value, and how to fix it. `url` is the URL as given
/// (a URL carrying a password is refused before anything else, and shown without it).
#[derive(Debug, thiserror::Error)]
pub enum BadSetting {
    #[error("the IMAP URL \"{url}\" is not a URL: {URL_FIX}")]
    NotAUrl { url: String },
    /// A user name or password in the URL; `shown` is the URL from its host on.
    #[error(
        "the IMAP URL \"{shown}\" carries a user name or password: give them as {USER_VAR} and \
         {PASSWORD_VAR} (or username and password in --imap-config), never in the URL"
    )]
    Credentials { shown: String },
    #[error("the IMAP URL \"{url}\": \"{pair}\" is not understood (tls=starttls, processed=FOLDER)")]
    Parameter { url: String, pair: String },
    #[error("the IMAP URL \"{url}\" would send the password in clear: add ?tls=starttls, or use imaps://")]
    Clear { url: String },
    #[error("the IMAP URL \"{url}\": \"{scheme}\" is not imaps or imap: {URL_FIX}")]
    Scheme { url: String, scheme: String },
    #[error("the IMAP URL \"{url}\": \"{port}\" is not a port number (1–65535)")]
    Port { url: String, port: String },
    #[error("the IMAP URL \"{url}\" names no host: {URL_FIX}")]
    NoHost { url: String },
    #[error("the IMAP URL \"{url}\": the folder read and the processed folder are both \"{folder}\"")]
    SameFolder { url: String, folder: String },
    /// A folder name whose `%` escape is not two hex digits.
    #[error("the IMAP URL \"{url}\": \"{text}\": \"%\" must be followed by two hex digits")]
    Escape { url: String, text: String },
    #[error("the IMAP URL \"{url}\": \"{text}\" is not UTF-8 once decoded")]
    NotUtf8 { url: String, text: String },
    #[error("no IMAP user name: set {USER_VAR} or username")]
    NoUserName,
    /// The CA file cannot be read.
    #[error("cannot read the IMAP CA file {}: {}", path.display(), crate::store::why_unreadable(source, path))]
    CaUnreadable {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The CA file holds no PEM certificate.
    #[error("the IMAP CA file {} holds no certificate (PEM: -----BEGIN CERTIFICATE----- …)", path.display())]
    CaNoCertificate { path: PathBuf },
    /// A certificate of the CA file that cannot be read.
    #[error("the IMAP CA file {}: a certificate cannot be read: {source}", path.display())]
    CaBadCertificate {
        path: PathBuf,
        #[source]
        source: rustls::pki_types::pem::Error,
    },
    /// A certificate of the CA file that TLS refuses as an authority.
    #[error("the IMAP CA file {}: {source}", path.display())]
    CaRefused {
        path: PathBuf,
        #[source]
        source: rustls::Error,
    },
}

/// One of the settings, to say where an error's value was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setting {
    Url,
    Username,
    CaFile,
}

impl BadSetting {
    fn setting(&self) -> Setting {
        match self {
            BadSetting::NoUserName => Setting::Username,
            BadSetting::CaUnreadable { .. }
            | BadSetting::CaNoCertificate { .. }
            | BadSetting::CaBadCertificate { .. }
            | BadSetting::CaRefused { .. } => Setting::CaFile,
            _ => Setting::Url,
        }
    }

    /// This problem, with no place to point at (settings set by the program).
    pub(super) fn given(self) -> SettingsError {
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

    /// The same error, a CA file's pointing at `--ca-file` (which replaced the settings').
    pub(super) fn at_ca_option(self) -> SettingsError {
        self.placed(|setting| match setting {
            Setting::CaFile => Place::Option("--ca-file"),
            _ => Place::Program,
        })
    }
}

impl ImapSettings {
    /// From the environment: [`URL_VAR`], [`USER_VAR`], [`PASSWORD_VAR`], [`CA_FILE_VAR`]. An
    /// empty variable counts as unset. `None` when [`URL_VAR`] is unset: no IMAP intake. An
    /// error names the variable whose value is at fault.
    pub fn from_env() -> Result<Option<ImapSettings>, SettingsError> {
        ImapSettings::from_lookup(|name| match std::env::var(name) {
            Ok(v) => Ok(Some(v)),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => Err(SettingsError::NotUnicode { var: name }),
        })
    }

    /// [`ImapSettings::from_env`] with the variables read through `lookup`.
    fn from_lookup(
        lookup: impl Fn(&'static str) -> Result<Option<String>, SettingsError>,
    ) -> Result<Option<ImapSettings>, SettingsError> {
        let var = |name: &'static str| -> Result<Option<String>, SettingsError> {
            Ok(lookup(name)?.filter(|v| !v.is_empty()))
        };
        let Some(url) = var(URL_VAR)? else {
            return Ok(None);
        };
        let need = |name: &'static str| var(name)?.ok_or(SettingsError::Missing { var: name });
        let settings = ImapSettings {
            url,
            username: need(USER_VAR)?,
            password: need(PASSWORD_VAR)?,
            ca_file: var(CA_FILE_VAR)?.map(PathBuf::from),
        };
        settings.mailbox().map_err(|e| {
            e.placed(|setting| {
                Place::Env(match setting {
                    Setting::Url => URL_VAR,
                    Setting::Username => USER_VAR,
                    Setting::CaFile => CA_FILE_VAR,
                })
            })
        })?;
        Ok(Some(settings))
    }

    /// From a YAML file with the keys `url`, `username`, `password` and `ca_file`. An error
    /// names the file, the line and the key at fault.
    pub fn from_file(path: &Path) -> Result<ImapSettings, SettingsError> {
        let text = std::fs::read_to_string(path).map_err(|source| SettingsError::Unreadable {
            path: path.to_path_buf(),
            source,
        })?;
        let file: SettingsFile = crate::yaml::from_str(&text, &path.display().to_string()).map_err(|mut e| {
            e.hint
                .get_or_insert_with(|| "the keys are url, username, password and ca_file".into());
            SettingsError::File(e)
        })?;
        let settings = ImapSettings {
            url: file.url,
            username: file.username,
            password: file.password,
            ca_file: file.ca_file,
        };
        settings.mailbox().map_err(|e| {
            e.placed(|setting| {
                let key = match setting {
                    Setting::Url => "url",
                    Setting::Username => "username",
                    Setting::CaFile => "ca_file",
                };
                Place::in_file(path, &text, key)
            })
        })?;
        Ok(settings)
    }

    /// The settings checked: the URL taken apart, the CA file read. The errors point at no
    /// place ([`Place::Program`]): the settings do not know where they came from.
    pub fn mailbox(&self) -> Result<Mailbox, SettingsError> {
        self.check().map_err(BadSetting::given)
    }

    fn check(&self) -> Result<Mailbox, BadSetting> {
        let url = self.url.trim();
        let given = || url.to_string();
        let (scheme, rest) = url
            .split_once("://")
            .ok_or_else(|| BadSetting::NotAUrl { url: given() })?;
        let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        if authority.contains('@') {
            return Err(BadSetting::Credentials {
                shown: url.split_once('@').map(|(_, h)| h).unwrap_or(url).to_string(),
            });
        }
        let mut tls = None;
        let mut processed = DEFAULT_PROCESSED.to_string();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some(("tls", v)) => tls = Some(v.to_ascii_lowercase()),
                Some(("processed", v)) if !v.is_empty() => processed = decode(url, v)?,
                _ => {
                    return Err(BadSetting::Parameter {
                        url: given(),
                        pair: pair.to_string(),
                    })
                }
            }
        }
        let (security, default_port) = match (scheme.to_ascii_lowercase().as_str(), tls.as_deref()) {
            ("imaps", None) => (Security::Tls, 993),
            ("imap", Some("starttls" | "required")) => (Security::StartTls, 143),
            ("imap", _) => return Err(BadSetting::Clear { url: given() }),
            _ => {
                return Err(BadSetting::Scheme {
                    url: given(),
                    scheme: scheme.to_string(),
                })
            }
        };
        let (host, port) = match authority.rsplit_once(':') {
            Some((h, p)) if !h.ends_with(']') || authority.starts_with('[') => (
                h,
                p.parse::<u16>()
                    .ok()
                    .filter(|&p| p > 0)
                    .ok_or_else(|| BadSetting::Port {
                        url: given(),
                        port: p.to_string(),
                    })?,
            ),
            _ => (authority, default_port),
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if host.is_empty() {
            return Err(BadSetting::NoHost { url: given() });
        }
        let folder = if path.is_empty() {
            "INBOX".to_string()
        } else {
            decode(url, path)?
        };
        if folder == processed {
            return Err(BadSetting::SameFolder { url: given(), folder });
        }
        let ca_pem = match &self.ca_file {
            None => None,
            Some(path) => Some(std::fs::read(path).map_err(|source| BadSetting::CaUnreadable {
                path: path.clone(),
                source,
            })?),
        };
        if self.username.is_empty() {
            return Err(BadSetting::NoUserName);
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

/// Percent-decoding of a folder name of `url`.
fn decode(url: &str, text: &str) -> Result<String, BadSetting> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| BadSetting::Escape {
                    url: url.to_string(),
                    text: text.to_string(),
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| BadSetting::NotUtf8 {
        url: url.to_string(),
        text: text.to_string(),
    })
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
        let err = |u: &str| settings(u).mailbox().unwrap_err().to_string();
        assert!(err("imap://h/INBOX").contains("add ?tls=starttls"));
        assert!(err("imaps://me:pw@h/INBOX").contains("never in the URL"));
        assert!(!err("imaps://me:pw@h/INBOX").contains("pw@"));
        assert!(err("pop3://h").contains("not imaps or imap"));
        assert!(err("imaps://h:99999/INBOX").contains("not a port number"));
        assert!(err("imaps://h/INBOX?processed=INBOX").contains("both \"INBOX\""));
        assert!(err("imaps://h/INBOX?idle=no").contains("not understood"));
    }

    #[test]
    fn port_zero_is_refused_too() {
        let e = settings("imaps://h:0/INBOX").mailbox().unwrap_err();
        assert_eq!(
            e.to_string(),
            "the IMAP URL \"imaps://h:0/INBOX\": \"0\" is not a port number (1–65535)"
        );
    }

    fn vars(
        pairs: &'static [(&'static str, &'static str)],
    ) -> impl Fn(&'static str) -> Result<Option<String>, SettingsError> {
        move |name| Ok(pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn a_bad_variable_is_named_with_its_value_and_the_fix() {
        assert!(ImapSettings::from_lookup(vars(&[(URL_VAR, "")])).unwrap().is_none());
        let e = ImapSettings::from_lookup(vars(&[(URL_VAR, "imaps://h"), (USER_VAR, "me")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_IMAP_URL is set but ARBITRE_IMAP_PASSWORD is not: set it too (or use --imap-config FILE)"
        );
        let e = ImapSettings::from_lookup(vars(&[
            (URL_VAR, "imap://mail.example.org/INBOX"),
            (USER_VAR, "me"),
            (PASSWORD_VAR, "pw"),
        ]))
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_IMAP_URL: the IMAP URL \"imap://mail.example.org/INBOX\" would send the password in clear: \
             add ?tls=starttls, or use imaps://"
        );
        let e = ImapSettings::from_lookup(vars(&[
            (URL_VAR, "imaps://h"),
            (USER_VAR, "me"),
            (PASSWORD_VAR, "pw"),
            (CA_FILE_VAR, "/absent/ca.pem"),
        ]))
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_IMAP_CA_FILE: cannot read the IMAP CA file /absent/ca.pem: no such file: \
             check its name and its folder (a relative path starts from the folder arbitre is run in)"
        );
        let e = ImapSettings::from_lookup(|var| Err(SettingsError::NotUnicode { var })).unwrap_err();
        assert_eq!(
            e.to_string(),
            "ARBITRE_IMAP_URL is not valid UTF-8 (set it again, in plain text)"
        );
    }

    #[test]
    fn a_bad_key_of_the_file_is_named_with_its_line_value_and_the_fix() {
        let dir = std::env::temp_dir().join(format!("arbitre-imap-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("imap.yaml");
        let said = |text: &str| {
            std::fs::write(&path, text).unwrap();
            ImapSettings::from_file(&path).unwrap_err()
        };
        let shown = path.display();
        let e = said("username: me\npassword: pw\nurl: imaps://mail.example.org:99999/INBOX\n");
        assert_eq!(
            e.to_string(),
            format!(
                "{shown}:3: url: the IMAP URL \"imaps://mail.example.org:99999/INBOX\": \"99999\" is not a port \
                 number (1–65535)"
            )
        );
        let e = said("url: imaps://h/In%zzbox\nusername: me\npassword: pw\n");
        assert_eq!(
            e.to_string(),
            format!(
                "{shown}:1: url: the IMAP URL \"imaps://h/In%zzbox\": \"In%zzbox\": \"%\" must be followed by two hex digits"
            )
        );
        let e = said("url: imaps://h\nusername: ''\npassword: pw\n");
        assert_eq!(
            e.to_string(),
            format!("{shown}:2: username: no IMAP user name: set ARBITRE_IMAP_USER or username")
        );
        let e = said("url: imaps://h\nusername: me\npassword: pw\nca_file: /absent/ca.pem\n");
        let SettingsError::Value { place, problem } = e else {
            panic!("not a setting's value: {e:?}")
        };
        assert_eq!(
            *place,
            Place::File {
                path: path.clone(),
                line: Some(4),
                key: "ca_file"
            }
        );
        assert!(
            std::error::Error::source(&problem).is_some(),
            "the io error is kept as the source"
        );
        // The file itself: a misspelt key, a missing one (with the keys there are), none.
        let e = said("url: imaps://h\nuser: me\npassword: pw\n").to_string();
        assert!(
            e.starts_with(&format!("{shown}:2: unknown field `user`")) && e.contains("check the spelling"),
            "{e}"
        );
        let e = said("url: imaps://h\n").to_string();
        assert!(e.ends_with("(the keys are url, username, password and ca_file)"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(matches!(
            ImapSettings::from_file(&path).unwrap_err(),
            SettingsError::Unreadable { .. }
        ));
    }
}
