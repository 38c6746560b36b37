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

/// Parses `smtp://[user[:pass]@]host[:port][/ehlo-name][?tls=starttls]` and `smtps://…`.
pub(super) fn parse_url(url: &str) -> Result<ParsedUrl, String> {
    let shown = redact_url(url);
    let bad = |why: &str| format!("SMTP URL `{shown}`: {why}");
    let (scheme, rest) = url
        .split_once("://")
        .ok_or_else(|| bad("expected smtp://host[:port] or smtps://host[:port]"))?;
    let scheme = scheme.to_ascii_lowercase();
    if rest.contains('#') {
        return Err(bad("a URL fragment (#…) means nothing here"));
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
            let user = percent_decode(user).map_err(|e| bad(&e))?;
            let pass = pass.map(percent_decode).transpose().map_err(|e| bad(&e))?;
            (Some(user).filter(|u| !u.is_empty()), pass.filter(|p| !p.is_empty()))
        }
    };
    let (host, port) = if let Some(bracketed) = hostport.strip_prefix('[') {
        let (host, after) = bracketed
            .split_once(']')
            .ok_or_else(|| bad("an IPv6 address needs its closing `]`"))?;
        let port = match after {
            "" => None,
            _ => Some(
                after
                    .strip_prefix(':')
                    .ok_or_else(|| bad("expected `:port` after `]`"))?,
            ),
        };
        (host, port)
    } else {
        match hostport.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (hostport, None),
        }
    };
    if host.is_empty() {
        return Err(bad("no host"));
    }
    let port = match port {
        None => None,
        Some(text) => match text.parse::<u16>() {
            Ok(p) if p > 0 => Some(p),
            _ => return Err(bad(&format!("`{text}` is not a port number"))),
        },
    };
    let mut tls = None;
    for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("tls", value)) if tls.is_none() => tls = Some(value.to_ascii_lowercase()),
            _ => {
                return Err(bad(&format!(
                    "unknown or repeated parameter `{pair}` (only tls=starttls)"
                )))
            }
        }
    }
    let (security, default_port) = match (scheme.as_str(), tls.as_deref()) {
        ("smtp", None) => (Security::Plain, 25),
        ("smtp", Some("starttls" | "required")) => (Security::StartTls, 587),
        ("smtp", Some(other)) => return Err(bad(&format!("tls={other}: only tls=starttls is known"))),
        ("smtps", None) => (Security::Tls, 465),
        ("smtps", Some(_)) => return Err(bad("smtps:// is TLS from the start: leave out ?tls=")),
        (other, _) => return Err(bad(&format!("unknown scheme `{other}` (smtp or smtps)"))),
    };
    let path = path.trim_matches('/');
    let hello_name = if path.is_empty() {
        None
    } else {
        Some(percent_decode(path).map_err(|e| bad(&e))?)
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
fn percent_decode(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or("a `%` must be followed by two hexadecimal digits")?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| "percent-escapes that are not UTF-8".to_string())
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
        for url in [
            "mail.example.org",
            "http://mail.example.org",
            "smtp://",
            "smtp://:25",
            "smtp://host:0",
            "smtp://host:99999",
            "smtp://host:port",
            "smtp://host?tls=opportunistic",
            "smtp://host?tls=starttls&tls=starttls",
            "smtp://host?timeout=3",
            "smtps://host?tls=starttls",
            "smtp://[::1",
            "smtp://u:%zz@host",
            "smtp://host#frag",
        ] {
            assert!(parse_url(url).is_err(), "{url} should be refused");
        }
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
