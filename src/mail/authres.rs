//! The verdicts of the referee's own receiving server on a message's sender, read from its
//! `Authentication-Results` header fields (RFC 8601), as far as a game needs them: did the
//! DMARC check (or, without one, both the SPF and the DKIM checks) fail for the domain of
//! the message's `From:` address?
//!
//! Only the fields whose authserv-id is the one the game names are read: anyone can write
//! an `Authentication-Results` field into the message they send, and only the server that
//! received the message for the referee checked it. Among those, one failure is enough: a
//! forged field of the right authserv-id that says `pass` (a server should remove such
//! fields, but not every one does) cannot hide the failure the server wrote beside it.
//!
//! The reading is minimal: comments are dropped, the field is cut at its `;`s, and each
//! result is `method=result` followed by `ptype.property=value` pairs. A result about
//! another domain than the `From:` one (an SPF check of a bounce address elsewhere, a DKIM
//! signature of a mailing list) is left out; domains are compared loosely (one equal to,
//! or a sub-domain of, the other), as DMARC's relaxed alignment does.

/// What the receiving server found false about a message's sender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forged {
    /// `dmarc=fail` for the `From:` domain.
    Dmarc,
    /// No DMARC result for that domain, and both `spf=fail` and `dkim=fail`.
    SpfAndDkim,
}

impl Forged {
    /// The failed checks, in words: "the {} failed".
    pub fn checks(self) -> &'static str {
        match self {
            Forged::Dmarc => "DMARC check",
            Forged::SpfAndDkim => "SPF and DKIM checks",
        }
    }
}

/// One `method=result` of a field, with the domain it is about, when the field says.
#[derive(Debug, PartialEq, Eq)]
struct Verdict {
    method: String,
    result: String,
    domain: Option<String>,
}

/// Judges the message whose header block is `head` (the bytes up to the blank line, or the
/// whole message) and whose `From:` address is at `from_domain`, by the fields of the server
/// named `authserv_id`. `None`: nothing failed, or nothing was said.
pub fn judge(head: &[u8], authserv_id: &str, from_domain: &str) -> Option<Forged> {
    let from_domain = from_domain.trim().to_ascii_lowercase();
    if from_domain.is_empty() || authserv_id.trim().is_empty() {
        return None;
    }
    let verdicts: Vec<Verdict> = fields(head)
        .iter()
        .filter_map(|value| results(value, authserv_id))
        .flatten()
        .filter(|v| v.domain.as_deref().is_none_or(|d| aligned(d, &from_domain)))
        .collect();
    let said = |method: &str, result: &str| {
        verdicts
            .iter()
            .any(|v| v.method == method && (result.is_empty() || v.result == result))
    };
    if said("dmarc", "fail") {
        return Some(Forged::Dmarc);
    }
    if said("dmarc", "") {
        return None;
    }
    let failed = |method: &str| said(method, "fail") && !said(method, "pass");
    (failed("spf") && failed("dkim")).then_some(Forged::SpfAndDkim)
}

/// The values of the `Authentication-Results` fields of a header block, unfolded.
fn fields(head: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(head);
    let mut out: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            break; // the end of the header block
        }
        if line.starts_with([' ', '\t']) {
            if let Some(value) = current.as_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
            continue;
        }
        out.extend(current.take());
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("authentication-results") {
                current = Some(value.trim().to_string());
            }
        }
    }
    out.extend(current);
    out
}

/// The results of one field when its authserv-id is `authserv_id`.
fn results(value: &str, authserv_id: &str) -> Option<Vec<Verdict>> {
    let text = without_comments(value);
    let mut parts = split_outside_quotes(&text, ';').into_iter();
    let id = parts.next()?;
    let id = id.split_whitespace().next()?;
    if !id.trim_matches('"').eq_ignore_ascii_case(authserv_id.trim()) {
        return None;
    }
    Some(parts.filter_map(|p| verdict(&p)).collect())
}

/// `method[/version]=result [reason=…] [ptype.property=value …]`; `none` and what cannot
/// be read give nothing.
fn verdict(resinfo: &str) -> Option<Verdict> {
    // `method = result` may have spaces around its `=`.
    let mut squeezed = String::new();
    for piece in split_outside_quotes(resinfo, '=') {
        if !squeezed.is_empty() {
            squeezed.push('=');
        }
        squeezed.push_str(piece.trim());
    }
    let mut tokens = squeezed.split_whitespace();
    let (method, result) = tokens.next()?.split_once('=')?;
    let method = method.split('/').next()?.to_ascii_lowercase();
    let result = result.to_ascii_lowercase();
    let mut domain = None;
    for token in tokens {
        let Some((property, value)) = token.split_once('=') else {
            continue;
        };
        let value = value.trim_matches('"');
        let key = property.to_ascii_lowercase();
        // The property that names the domain each method judged.
        let about = matches!(
            (method.as_str(), key.as_str()),
            ("dmarc", "header.from") | ("spf", "smtp.mailfrom") | ("dkim", "header.d" | "header.i")
        );
        if about {
            let d = value.rsplit('@').next().unwrap_or(value).to_ascii_lowercase();
            domain.get_or_insert(d);
        }
    }
    Some(Verdict { method, result, domain })
}

/// Equal domains, or one a sub-domain of the other.
fn aligned(a: &str, b: &str) -> bool {
    let a = a.trim_end_matches('.');
    let b = b.trim_end_matches('.');
    a == b || a.ends_with(&format!(".{b}")) || b.ends_with(&format!(".{a}"))
}

/// `value` with its comments (`(…)`, nested, outside quoted strings) made spaces.
fn without_comments(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let (mut depth, mut quoted, mut escaped) = (0usize, false, false);
    for c in value.chars() {
        if escaped {
            escaped = false;
            if depth == 0 {
                out.push(c);
            }
            continue;
        }
        match c {
            '\\' if quoted || depth > 0 => {
                escaped = true;
                if depth == 0 {
                    out.push(c);
                }
            }
            '"' if depth == 0 => {
                quoted = !quoted;
                out.push(c);
            }
            '(' if !quoted => depth += 1,
            ')' if !quoted && depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push(' ');
                }
            }
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// `text` cut at each `sep` outside quoted strings.
fn split_outside_quotes(text: &str, sep: char) -> Vec<String> {
    let mut parts = vec![String::new()];
    let (mut quoted, mut escaped) = (false, false);
    for c in text.chars() {
        let last = parts.last_mut().expect("never empty");
        if escaped {
            escaped = false;
            last.push(c);
            continue;
        }
        match c {
            '\\' if quoted => {
                escaped = true;
                last.push(c);
            }
            '"' => {
                quoted = !quoted;
                last.push(c);
            }
            c if c == sep && !quoted => parts.push(String::new()),
            _ => last.push(c),
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(fields: &[&str]) -> Vec<u8> {
        let mut h = String::from("From: Bruno <bruno@example.net>\r\n");
        for f in fields {
            h.push_str(f);
            h.push_str("\r\n");
        }
        h.push_str(
            "Subject: orders\r\n\r\nSIGNON France g1 b\r\nAuthentication-Results: mx.example.org; dmarc=fail\r\n",
        );
        h.into_bytes()
    }

    const ID: &str = "mx.example.org";

    #[test]
    fn a_dmarc_failure_of_the_from_domain_is_found() {
        let h = head(&["Authentication-Results: mx.example.org;\r\n\tdkim=none;\r\n spf=softfail smtp.mailfrom=bruno@example.net;\r\n dmarc=fail (p=reject dis=none) header.from=example.net"]);
        assert_eq!(judge(&h, ID, "example.net"), Some(Forged::Dmarc));
        // The authserv-id in any case, with a version after it, and comments anywhere.
        let h = head(&[
            "Authentication-Results: MX.Example.ORG 1 (our server); dmarc (the policy) = fail header.from=example.net",
        ]);
        assert_eq!(judge(&h, ID, "example.net"), Some(Forged::Dmarc));
    }

    #[test]
    fn a_pass_or_no_verdict_refuses_nothing() {
        for field in [
            "Authentication-Results: mx.example.org; dmarc=pass header.from=example.net",
            "Authentication-Results: mx.example.org; none",
            "Authentication-Results: mx.example.org; spf=fail smtp.mailfrom=example.net; dkim=pass header.d=example.net",
            "Authentication-Results: mx.example.org; spf=fail smtp.mailfrom=example.net; dkim=none",
            "Authentication-Results: mx.example.org; spf=softfail smtp.mailfrom=example.net; dkim=fail header.d=example.net",
            "Authentication-Results: mx.example.org; dmarc=none header.from=example.net; spf=fail; dkim=fail",
        ] {
            assert_eq!(judge(&head(&[field]), ID, "example.net"), None, "{field}");
        }
        assert_eq!(judge(&head(&[]), ID, "example.net"), None, "no field at all");
    }

    #[test]
    fn spf_and_dkim_both_failing_without_dmarc_is_a_failure() {
        let h = head(&["Authentication-Results: mx.example.org; spf=fail smtp.mailfrom=bounce@mail.example.net; dkim=fail (bad signature) header.d=example.net header.s=s1"]);
        assert_eq!(judge(&h, ID, "example.net"), Some(Forged::SpfAndDkim));
    }

    #[test]
    fn another_servers_fields_are_ignored() {
        // Written by the sender, or by a server on the way: not the referee's.
        let forged = "Authentication-Results: evil.example; dmarc=pass header.from=example.net";
        let real = "Authentication-Results: mx.example.org; dmarc=fail header.from=example.net";
        assert_eq!(judge(&head(&[forged, real]), ID, "example.net"), Some(Forged::Dmarc));
        let accusing = "Authentication-Results: evil.example; dmarc=fail header.from=example.net";
        assert_eq!(judge(&head(&[accusing]), ID, "example.net"), None);
        // A forged `pass` of the right id does not hide the server's `fail`.
        let pass = "Authentication-Results: mx.example.org; dmarc=pass header.from=example.net";
        assert_eq!(judge(&head(&[pass, real]), ID, "example.net"), Some(Forged::Dmarc));
        // A field in the body is no field.
        assert_eq!(judge(&head(&[]), ID, "example.net"), None);
    }

    #[test]
    fn results_about_other_domains_are_left_out() {
        let h = head(&["Authentication-Results: mx.example.org; dmarc=fail header.from=list.example.com"]);
        assert_eq!(judge(&h, ID, "example.net"), None);
        let h = head(&["Authentication-Results: mx.example.org; dmarc=fail header.from=example.net"]);
        assert_eq!(judge(&h, ID, "mail.example.net"), Some(Forged::Dmarc), "a sub-domain");
        assert_eq!(judge(&h, ID, "notexample.net"), None, "only a suffix, not a sub-domain");
    }

    #[test]
    fn quoted_strings_keep_their_semicolons_and_parentheses() {
        let h = head(&[
            r#"Authentication-Results: mx.example.org; dkim=fail reason="bad; (very) bad" header.d=example.net; spf=fail smtp.mailfrom="a;b"@example.net"#,
        ]);
        assert_eq!(judge(&h, ID, "example.net"), Some(Forged::SpfAndDkim));
    }
}
