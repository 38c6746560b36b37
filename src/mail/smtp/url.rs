//! The SMTP URL taken apart: `smtp://[user[:pass]@]host[:port][/ehlo-name][?tls=starttls]`
//! and `smtps://…`, and the same URL with its password hidden, for messages.

use super::settings::Security;

/// The URL taken apart.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct ParsedUrl {
    pub(super) security: Security,
    pub(super) host: String,
    pub(super) port: u16,
    pub(super) username: Option<String>,
    pub(super) password: Option<String>,
    pub(super) hello_name: Option<String>,
}

/// An SMTP URL that cannot be used: the URL (its password hidden) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("SMTP URL \"{url}\": {problem}")]
pub struct UrlError {
    /// The URL as given, with any password in it replaced by `***`.
    pub url: String,
    pub problem: UrlProblem,
}

/// What is wrong with an SMTP URL; each says what is expected instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlProblem {
    #[error("expected smtp://host[:port] or smtps://host[:port]")]
    NotAUrl,
    #[error("a URL fragment (#…) means nothing here")]
    Fragment,
    #[error("a \"%\" must be followed by two hexadecimal digits")]
    BadEscape,
    #[error("percent-escapes that are not UTF-8")]
    NotUtf8,
    #[error("an IPv6 address needs its closing \"]\"")]
    UnclosedBracket,
    #[error("expected \":port\" after \"]\"")]
    AfterBracket,
    #[error("no host")]
    NoHost,
    /// The port as written.
    #[error("\"{0}\" is not a port number (1–65535)")]
    Port(String),
    /// The parameter as written (`name=value`).
    #[error("unknown or repeated parameter \"{0}\" (only tls=starttls)")]
    Parameter(String),
    /// The value of `tls=`.
    #[error("tls={0}: only tls=starttls is known")]
    Tls(String),
    #[error("smtps:// is TLS from the start: leave out ?tls=")]
    TlsOnSmtps,
    /// The scheme, in lower case.
    #[error("unknown scheme \"{0}\" (smtp or smtps)")]
    Scheme(String),
}

/// Parses `smtp://[user[:pass]@]host[:port][/ehlo-name][?tls=starttls]` and `smtps://…`.
pub(super) fn parse_url(url: &str) -> Result<ParsedUrl, UrlError> {
    let bad = |problem: UrlProblem| UrlError {
        url: redact_url(url),
        problem,
    };
    let (scheme, rest) = url.split_once("://").ok_or_else(|| bad(UrlProblem::NotAUrl))?;
    let scheme = scheme.to_ascii_lowercase();
    if rest.contains('#') {
        return Err(bad(UrlProblem::Fragment));
    }
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, ""),
    };
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let (username, password) = match userinfo {
        None => (None, None),
        Some(info) => {
            let (user, pass) = match info.split_once(':') {
                Some((user, pass)) => (user, Some(pass)),
                None => (info, None),
            };
            let user = percent_decode(user).map_err(bad)?;
            let pass = pass.map(percent_decode).transpose().map_err(bad)?;
            (Some(user).filter(|u| !u.is_empty()), pass.filter(|p| !p.is_empty()))
        }
    };
    let (host, port) = if let Some(bracketed) = hostport.strip_prefix('[') {
        let (host, after) = bracketed
            .split_once(']')
            .ok_or_else(|| bad(UrlProblem::UnclosedBracket))?;
        let port = match after {
            "" => None,
            _ => Some(after.strip_prefix(':').ok_or_else(|| bad(UrlProblem::AfterBracket))?),
        };
        (host, port)
    } else {
        match hostport.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (hostport, None),
        }
    };
    if host.is_empty() {
        return Err(bad(UrlProblem::NoHost));
    }
    let port = match port {
        None => None,
        Some(text) => match text.parse::<u16>() {
            Ok(p) if p > 0 => Some(p),
            _ => return Err(bad(UrlProblem::Port(text.to_string()))),
        },
    };
    let mut tls = None;
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("tls", value)) if tls.is_none() => tls = Some(value.to_ascii_lowercase()),
            _ => return Err(bad(UrlProblem::Parameter(pair.to_string()))),
        }
    }
    let (security, default_port) = match (scheme.as_str(), tls.as_deref()) {
        ("smtp", None) => (Security::Plain, 25),
        ("smtp", Some("starttls" | "required")) => (Security::StartTls, 587),
        ("smtp", Some(other)) => return Err(bad(UrlProblem::Tls(other.to_string()))),
        ("smtps", None) => (Security::Tls, 465),
        ("smtps", Some(_)) => return Err(bad(UrlProblem::TlsOnSmtps)),
        (other, _) => return Err(bad(UrlProblem::Scheme(other.to_string()))),
    };
    let path = path.trim_matches('/');
    let hello_name = if path.is_empty() {
        None
    } else {
        Some(percent_decode(path).map_err(bad)?)
    };
    Ok(ParsedUrl {
        security,
        host: host.to_string(),
        port: port.unwrap_or(default_port),
        username,
        password,
        hello_name,
    })
}

/// Decodes `%XX` escapes; the result must be UTF-8.
fn percent_decode(text: &str) -> Result<String, UrlProblem> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or(UrlProblem::BadEscape)?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| UrlProblem::NotUtf8)
}

/// The URL with any password in it replaced by `***`, for messages.
pub(super) fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    match authority.rfind('@') {
        Some(at) => match authority[..at].split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***{}{tail}", &authority[at..]),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(url: &str) -> ParsedUrl {
        parse_url(url).unwrap_or_else(|e| panic!("{url}: {e}"))
    }

    #[test]
    fn url_forms() {
        let plain = parsed("smtp://mail.example.org");
        assert_eq!(
            (plain.security, plain.host.as_str(), plain.port),
            (Security::Plain, "mail.example.org", 25)
        );
        let starttls = parsed("smtp://mail.example.org:2525?tls=starttls");
        assert_eq!((starttls.security, starttls.port), (Security::StartTls, 2525));
        assert_eq!(parsed("smtp://mail.example.org?tls=STARTTLS").port, 587);
        assert_eq!(
            parsed("smtp://mail.example.org?tls=required").security,
            Security::StartTls
        );
        let tls = parsed("SMTPS://mail.example.org");
        assert_eq!((tls.security, tls.port), (Security::Tls, 465));
        let v6 = parsed("smtp://[::1]:2525");
        assert_eq!((v6.host.as_str(), v6.port), ("::1", 2525));
        assert_eq!(parsed("smtp://[::1]").port, 25);
    }

    #[test]
    fn url_credentials_and_hello_name() {
        let url = parsed("smtps://referee%40example.org:p%3Ass%2Fw%40rd@mail.example.org:4650/arbitre.example.org");
        assert_eq!(url.username.as_deref(), Some("referee@example.org"));
        assert_eq!(url.password.as_deref(), Some("p:ss/w@rd"));
        assert_eq!(url.host, "mail.example.org");
        assert_eq!(url.port, 4650);
        assert_eq!(url.hello_name.as_deref(), Some("arbitre.example.org"));
        let user_only = parsed("smtp://referee@localhost");
        assert_eq!(
            (user_only.username.as_deref(), user_only.password),
            (Some("referee"), None)
        );
    }

    #[test]
    fn bad_urls() {
        use UrlProblem::*;
        for (url, problem) in [
            ("mail.example.org", NotAUrl),
            ("http://mail.example.org", Scheme("http".into())),
            ("smtp://", NoHost),
            ("smtp://:25", NoHost),
            ("smtp://host:0", Port("0".into())),
            ("smtp://host:99999", Port("99999".into())),
            ("smtp://host:port", Port("port".into())),
            ("smtp://host?tls=opportunistic", Tls("opportunistic".into())),
            (
                "smtp://host?tls=starttls&tls=starttls",
                Parameter("tls=starttls".into()),
            ),
            ("smtp://host?timeout=3", Parameter("timeout=3".into())),
            ("smtps://host?tls=starttls", TlsOnSmtps),
            ("smtp://[::1", UnclosedBracket),
            ("smtp://[::1]25", AfterBracket),
            ("smtp://u:%zz@host", BadEscape),
            ("smtp://u:%ff@host", NotUtf8),
            ("smtp://host#frag", Fragment),
        ] {
            assert_eq!(parse_url(url).map(|_| ()).map_err(|e| e.problem), Err(problem), "{url}");
        }
        // The message: the URL, what is wrong, and what is expected.
        assert_eq!(
            parse_url("smtp://host:99999").unwrap_err().to_string(),
            "SMTP URL \"smtp://host:99999\": \"99999\" is not a port number (1–65535)"
        );
        assert_eq!(
            parse_url("smtps://u:secret@host?tls=starttls").unwrap_err().to_string(),
            "SMTP URL \"smtps://u:***@host?tls=starttls\": smtps:// is TLS from the start: leave out ?tls="
        );
    }

    #[test]
    fn redaction() {
        assert_eq!(
            redact_url("smtp://u:p@h:25/x?tls=starttls"),
            "smtp://u:***@h:25/x?tls=starttls"
        );
        assert_eq!(redact_url("smtp://u@h"), "smtp://u@h");
        assert_eq!(redact_url("smtp://h"), "smtp://h");
    }
}
