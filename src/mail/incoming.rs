//! Reading incoming mail: the raw bytes of one RFC 5322 message become the sender, the
//! Message-ID, the subject and the command lines of the body.
//!
//! [`read_message`] never panics. It refuses with a [`MailError`] only what is not a mail
//! message at all (empty input, no header block, no blank line before a body); anything
//! that looks like a message is read as well as it can be, and a message without a usable
//! body simply has no command lines.
//!
//! The body is the first `text/plain` part, wherever it sits in the MIME tree (attachments
//! excluded); without one, the first `text/html` part turned into text, one line per
//! block element, `<blockquote>` content marked as quoted with `>`. Transfer encodings and
//! charsets are undone by mail-parser; `format=flowed` text is unwrapped here (RFC 3676),
//! so that a long line the client wrapped counts as the one line the player wrote.
//!
//! [`command_lines`] then keeps the lines that are meant for the referee; its rules are on
//! the function.

use std::fmt;

use mail_parser::decoders::base64::base64_decode;
use mail_parser::decoders::charsets::map::charset_decoder;
use mail_parser::decoders::html::add_html_token;
use mail_parser::decoders::quoted_printable::quoted_printable_decode;
use mail_parser::{
    Addr, Encoding, HeaderName, HeaderValue, Message, MessageParser, MessagePart, MimeHeaders, PartType,
};

/// One message as the game reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incoming {
    /// The sender's address, lower-cased: from `From:`, else `Sender:`, else `Return-Path:`;
    /// empty when none of them holds an address.
    pub from_address: String,
    /// The display name that goes with the address (RFC 2047 decoded), if any.
    pub from_name: Option<String>,
    /// The Message-ID, without its angle brackets.
    pub message_id: Option<String>,
    /// The addresses of `To:`, lower-cased (a folder of games may be reached at
    /// `GAME@…` or `referee+GAME@…`).
    pub to: Vec<String>,
    /// The subject, decoded; empty when there is none.
    pub subject: String,
    /// The `Date:` header as written (unfolded and trimmed).
    pub date: Option<String>,
    /// The command lines of the body (see [`command_lines`]).
    pub lines: Vec<CommandLine>,
}

/// One line of a body that is meant for the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// Where the line is in the decoded text body, counting from 1, blank and ignored lines
    /// included, so that a reply can say "line 4".
    pub number: usize,
    /// The line, without leading or trailing white space.
    pub text: String,
}

/// Why some bytes could not be read as a mail message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailError {
    pub message: String,
}

impl MailError {
    fn new(message: impl Into<String>) -> MailError {
        MailError {
            message: message.into(),
        }
    }
}

impl fmt::Display for MailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a mail message: {}", self.message)
    }
}

impl std::error::Error for MailError {}

/// Reads one raw RFC 5322 message (as delivered to a Maildir, or piped by the MTA; a leading
/// mbox `From ` line is skipped).
pub fn read_message(raw: &[u8]) -> Result<Incoming, MailError> {
    let start = check_structure(raw)?;
    let raw = raw.get(start..).unwrap_or_default();
    // mail-parser promises not to panic; a panic in it must still not take the referee down
    // with a message that the mail system would then deliver again and again.
    std::panic::catch_unwind(|| parse(raw)).unwrap_or_else(|_| Err(MailError::new("the message could not be parsed")))
}

/// The command lines of a plain-text body, in order:
///
/// - lines are split at LF (a CR before it is dropped); a byte-order mark at the start is
///   ignored;
/// - a line that begins with `>` after optional white space is quoted text: skipped;
/// - a line `SIGNOFF` (any case) or a signature separator `-- ` (or a bare `--`) ends the
///   commands;
/// - a reply header ends the commands when the original below it is not quoted with `>`:
///   Outlook's `-----Original Message-----` (and its French, German, Spanish and Italian
///   forms), its divider line of underscores, and its `From:`/`Sent:` block (`De :`/
///   `Envoyé :`, `Von:`/`Gesendet:`);
/// - an attribution line such as `On Tue, 1 Dec 2026 at 20:00, X wrote:` or
///   `Le 01/12/2026 à 20:00, X a écrit :` (possibly wrapped over up to three lines; it
///   must contain a digit) is skipped when the next non-blank line is quoted, so that a
///   reply written below the quote still counts; otherwise it ends the commands, as the
///   unquoted original follows;
/// - blank lines are skipped, and the others are kept trimmed with their 1-based number.
pub fn command_lines(body: &str) -> Vec<CommandLine> {
    let body = body.strip_prefix('\u{feff}').unwrap_or(body);
    let lines: Vec<&str> = body.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let text = lines[i].trim();
        if text.is_empty() || is_quoted(text) {
            i += 1;
            continue;
        }
        if text.eq_ignore_ascii_case("SIGNOFF") || text == "--" || is_outlook_header(&lines, i) {
            break;
        }
        if let Some(span) = attribution_span(&lines, i) {
            let next = lines[i + span..].iter().map(|l| l.trim()).find(|l| !l.is_empty());
            if next.is_some_and(is_quoted) {
                i += span;
                continue;
            }
            break;
        }
        out.push(CommandLine {
            number: i + 1,
            text: text.to_string(),
        });
        i += 1;
    }
    out
}

fn is_quoted(trimmed: &str) -> bool {
    trimmed.starts_with('>')
}

/// A line lower-cased, with no-break spaces as plain spaces (French typography puts one
/// before a colon).
fn normalized(line: &str) -> String {
    line.trim().replace(['\u{a0}', '\u{202f}'], " ").to_lowercase()
}

/// Outlook's markers of a forwarded or replied original, which it never quotes with `>`.
fn is_outlook_header(lines: &[&str], i: usize) -> bool {
    let line = normalized(lines[i]);
    if line.len() >= 20 && line.bytes().all(|b| b == b'_') {
        return true;
    }
    if line.starts_with("---") && line.ends_with("---") {
        let core = line.trim_matches('-').trim();
        const ORIGINAL: [&str; 12] = [
            "original message",
            "message d'origine",
            "message d\u{2019}origine",
            "ursprüngliche nachricht",
            "mensaje original",
            "messaggio originale",
            "forwarded message",
            "message transféré",
            "weitergeleitete nachricht",
            "mensaje reenviado",
            "messaggio inoltrato",
            "message original",
        ];
        if ORIGINAL.contains(&core) {
            return true;
        }
    }
    // Apple Mail's forward.
    if line == "begin forwarded message:" || line == "début du message réexpédié :" {
        return true;
    }
    // Outlook's block of the original's header fields, unquoted: a `From:` line followed
    // by `Sent:`, `Date:`, `To:`, `Cc:` or `Subject:` (or their French, German, Spanish
    // and Italian names).
    const FROM: [&str; 5] = ["from:", "de:", "von:", "da:", "envoyé par:"];
    const NEXT: [&str; 17] = [
        "sent:",
        "date:",
        "to:",
        "cc:",
        "subject:",
        "envoyé:",
        "à:",
        "objet:",
        "gesendet:",
        "an:",
        "betreff:",
        "datum:",
        "enviado:",
        "para:",
        "asunto:",
        "inviato:",
        "oggetto:",
    ];
    let next = lines
        .get(i + 1..)
        .unwrap_or_default()
        .iter()
        .take(3)
        .map(|l| normalized(l))
        .find(|l| !l.is_empty());
    let squeeze = |s: &str| s.replace(" :", ":").replace('\u{a0}', "");
    let line = squeeze(&line);
    FROM.iter().any(|f| line.starts_with(f))
        && next.is_some_and(|n| {
            let n = squeeze(&n);
            NEXT.iter().any(|x| n.starts_with(x))
        })
}

/// How many lines (1 to 3) starting at `i` make a reply attribution, if they do.
fn attribution_span(lines: &[&str], i: usize) -> Option<usize> {
    const OPENINGS: [&str; 5] = ["on ", "le ", "am ", "el ", "il "];
    const CLOSINGS: [&str; 5] = ["wrote", "a écrit", "a ecrit", "escribió", "ha scritto"];
    let first = normalized(lines[i]);
    if !OPENINGS.iter().any(|o| first.starts_with(o)) {
        return None;
    }
    let mut joined = String::new();
    for (k, line) in lines.iter().enumerate().skip(i).take(3) {
        let line = normalized(line);
        if line.is_empty() || is_quoted(&line) {
            return None;
        }
        if !joined.is_empty() {
            joined.push(' ');
        }
        joined.push_str(&line);
        if joined.len() > 300 {
            return None;
        }
        if let Some(head) = joined.strip_suffix(':') {
            let head = head.trim_end();
            let closes = CLOSINGS.iter().any(|c| head.ends_with(c))
                || (joined.starts_with("am ") && joined.contains(" schrieb "));
            if closes && joined.bytes().any(|b| b.is_ascii_digit()) {
                return Some(k - i + 1);
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// The message as a whole

/// Checks that `raw` is shaped like a message: a header block whose first line is a field,
/// without NUL bytes, ended by a blank line. Returns where the headers start (after an mbox
/// `From ` line).
fn check_structure(raw: &[u8]) -> Result<usize, MailError> {
    if raw.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(MailError::new("the input is empty"));
    }
    let mut start = 0;
    let after_from = raw.get(5..).unwrap_or_default().trim_ascii_start();
    if raw.starts_with(b"From ") && !after_from.starts_with(b":") {
        match raw.iter().position(|&b| b == b'\n') {
            Some(nl) => start = nl + 1,
            None => return Err(MailError::new("there is only an mbox `From ` line")),
        }
    }
    let mut pos = start;
    let mut fields = 0;
    loop {
        let rest = raw.get(pos..).unwrap_or_default();
        let Some(nl) = rest.iter().position(|&b| b == b'\n') else {
            return Err(if fields == 0 && !is_header_field(rest) {
                MailError::new(NOT_A_FIELD)
            } else {
                MailError::new("the headers are not followed by a blank line and a body")
            });
        };
        let line = &rest[..nl];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            return if fields == 0 {
                Err(MailError::new("there is no header before the body"))
            } else {
                Ok(start)
            };
        }
        if line.contains(&0) {
            return Err(MailError::new(format!(
                "line {} of the headers holds a NUL byte",
                fields + 1
            )));
        }
        if fields == 0 && !is_header_field(line) {
            return Err(MailError::new(NOT_A_FIELD));
        }
        fields += 1;
        pos += nl + 1;
    }
}

const NOT_A_FIELD: &str = "the first line is not a header field (`Name: value`)";

fn is_header_field(line: &[u8]) -> bool {
    let Some(colon) = line.iter().position(|&b| b == b':') else {
        return false;
    };
    let name = line[..colon].trim_ascii_end();
    !name.is_empty() && name.iter().all(|&b| (33..=126).contains(&b))
}

fn parse(raw: &[u8]) -> Result<Incoming, MailError> {
    let message = MessageParser::default()
        .parse(raw)
        .ok_or_else(|| MailError::new("mail-parser found no header"))?;
    let (from_address, from_name) = sender(&message);
    let message_id = message
        .message_id()
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(str::to_string);
    let to = message
        .to()
        .map(|a| a.iter().filter_map(address_of).collect())
        .unwrap_or_default();
    let subject = message.subject().unwrap_or_default().trim().to_string();
    let date = message
        .header_raw(HeaderName::Date)
        .map(|d| {
            d.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|d| !d.is_empty());
    let lines = command_lines(&body_text(&message));
    Ok(Incoming {
        from_address,
        from_name,
        message_id,
        to,
        subject,
        date,
        lines,
    })
}

/// The sender's address (lower-cased) and name: the first address of `From:`, else of
/// `Sender:`, else the `Return-Path:`.
fn sender(message: &Message<'_>) -> (String, Option<String>) {
    let from_name = message.from().and_then(|a| a.iter().find_map(name_of));
    for header in [message.from(), message.sender()] {
        let found = header.and_then(|a| a.iter().find(|addr| address_of(addr).is_some()));
        if let Some(addr) = found {
            let address = address_of(addr).unwrap_or_default();
            return (address, name_of(addr).or(from_name));
        }
    }
    let return_path = match message.header(HeaderName::ReturnPath) {
        Some(HeaderValue::Text(text)) => Some(text.to_string()),
        Some(HeaderValue::TextList(list)) => list.first().map(|t| t.to_string()),
        Some(HeaderValue::Address(address)) => address.iter().find_map(address_of),
        _ => None,
    };
    let address = return_path
        .map(|a| {
            a.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .trim()
                .to_lowercase()
        })
        .unwrap_or_default();
    (address, from_name)
}

fn address_of(addr: &Addr<'_>) -> Option<String> {
    let address = addr
        .address()?
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim();
    (!address.is_empty()).then(|| address.to_lowercase())
}

fn name_of(addr: &Addr<'_>) -> Option<String> {
    let name = addr.name()?.trim().trim_matches('"').trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// The body as text: the first non-blank `text/plain` body part, else the first HTML one
/// turned into text, else nothing.
fn body_text(message: &Message<'_>) -> String {
    let parts = |ids: &[u32]| -> Vec<&MessagePart<'_>> {
        ids.iter().filter_map(|&id| message.parts.get(id as usize)).collect()
    };
    let text_parts = parts(&message.text_body);
    for part in &text_parts {
        if let PartType::Text(text) = &part.body {
            let text = plain_text(message, part, text);
            if !text.trim().is_empty() {
                return text;
            }
        }
    }
    for part in parts(&message.html_body).into_iter().chain(text_parts) {
        if let PartType::Html(html) = &part.body {
            return html_to_text(html);
        }
    }
    String::new()
}

/// A `text/plain` part's text: re-decoded as Windows-1252 when it declares no charset and
/// is not UTF-8 (old clients send raw Latin-1 like that), then unwrapped if `format=flowed`.
fn plain_text(message: &Message<'_>, part: &MessagePart<'_>, text: &str) -> String {
    let content_type = part.content_type();
    let charset = content_type.and_then(|ct| ct.attribute("charset"));
    let mut text = text.to_string();
    if charset.is_none() && text.contains('\u{fffd}') {
        if let Some(latin) = redecode_latin(message, part) {
            text = latin;
        }
    }
    let attribute = |name: &str| {
        content_type
            .and_then(|ct| ct.attribute(name))
            .map(str::to_ascii_lowercase)
    };
    if attribute("format").as_deref() == Some("flowed") {
        text = unflow(&text, attribute("delsp").as_deref() == Some("yes"));
    }
    text
}

fn redecode_latin(message: &Message<'_>, part: &MessagePart<'_>) -> Option<String> {
    let raw = message
        .raw_message
        .get(part.offset_body as usize..part.offset_end as usize)?;
    let bytes = match part.encoding {
        Encoding::Base64 => base64_decode(raw)?,
        Encoding::QuotedPrintable => quoted_printable_decode(raw)?,
        Encoding::None => raw.to_vec(),
    };
    if std::str::from_utf8(&bytes).is_ok() {
        return None;
    }
    charset_decoder(b"windows-1252").map(|decode| decode(&bytes))
}

/// Undoes RFC 3676 `format=flowed`: a line that ends with a space continues on the next
/// line of the same quote depth (the space is kept, or removed with `DelSp=yes`); the
/// stuffed space after the quote marks is removed; the signature line `-- ` is never
/// joined. Quoted lines come out as `> text`.
fn unflow(text: &str, delsp: bool) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut open: Option<(usize, String)> = None;
    let render = |depth: usize, s: String| {
        if depth == 0 {
            s
        } else {
            format!("{} {}", ">".repeat(depth), s)
        }
    };
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let depth = line.bytes().take_while(|&b| b == b'>').count();
        let content = &line[depth..];
        let content = content.strip_prefix(' ').unwrap_or(content);
        let signature = content == "-- ";
        let mut current = match open.take() {
            Some((d, s)) if d == depth && !signature => s,
            Some((d, s)) => {
                out.push(render(d, s));
                String::new()
            }
            None => String::new(),
        };
        current.push_str(content);
        if content.ends_with(' ') && !signature {
            if delsp {
                current.pop();
            }
            open = Some((depth, current));
        } else {
            out.push(render(depth, current));
        }
    }
    if let Some((d, s)) = open {
        out.push(render(d, s));
    }
    out.join("\n")
}

// ---------------------------------------------------------------------------------------
// HTML to text

/// Elements whose content is not text to show.
const HIDDEN: [&str; 6] = ["head", "style", "script", "title", "template", "xml"];

/// Elements that start and end a line.
const BLOCKS: [&str; 33] = [
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tr",
    "ul",
    "tbody",
    "caption",
];

/// Turns an HTML body into lines of text: one line per block element and per `<br>`;
/// white space collapsed except in `<pre>`; `<blockquote>` content prefixed with `>`;
/// `<hr>` becomes a divider line of underscores and an element whose `id` or `class` names
/// a signature (Outlook's `Signature`, Gmail's `gmail_signature`, Thunderbird's
/// `moz-signature`, Apple's `AppleMailSignature`) a `-- ` line, so that [`command_lines`]
/// stops there; head, style and script content and comments are dropped; entities are
/// decoded.
fn html_to_text(html: &str) -> String {
    let mut w = TextWriter::default();
    let bytes = html.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => {
                if let Some(next) = markup(html, i, &mut w) {
                    i = next;
                    continue;
                }
                w.char('<');
                i += 1;
            }
            b'&' => {
                let end = bytes[i + 1..]
                    .iter()
                    .take(32)
                    .position(|b| !(b.is_ascii_alphanumeric() || *b == b'#'))
                    .map(|p| i + 1 + p);
                match end {
                    Some(semi) if bytes[semi] == b';' && semi > i + 1 => {
                        let mut decoded = String::new();
                        add_html_token(&mut decoded, &bytes[i..=semi], false);
                        decoded.chars().for_each(|c| w.char(c));
                        i = semi + 1;
                    }
                    _ => {
                        w.char('&');
                        i += 1;
                    }
                }
            }
            _ => {
                let c = html[i..].chars().next().unwrap_or('\u{fffd}');
                w.char(c);
                i += c.len_utf8();
            }
        }
    }
    w.finish()
}

/// Handles the markup that starts at `bytes[i] == b'<'`; returns where the text resumes, or
/// `None` when the `<` is plain text.
fn markup(html: &str, i: usize, w: &mut TextWriter) -> Option<usize> {
    let bytes = html.as_bytes();
    let after = |from: usize, needle: &str| find(bytes, from, needle.as_bytes()).map(|p| p + needle.len());
    if bytes[i..].starts_with(b"<!--") {
        return Some(after(i + 4, "-->").unwrap_or(bytes.len()));
    }
    match bytes.get(i + 1) {
        Some(b'!' | b'?') => return Some(after(i + 1, ">").unwrap_or(bytes.len())),
        Some(b'/') if bytes.get(i + 2).is_some_and(u8::is_ascii_alphabetic) => {}
        Some(b) if b.is_ascii_alphabetic() => {}
        _ => return None,
    }
    let closing = bytes[i + 1] == b'/';
    let name_start = if closing { i + 2 } else { i + 1 };
    let name_end = bytes[name_start..]
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || *b == b':' || *b == b'-'))
        .map_or(bytes.len(), |p| name_start + p);
    let name = html[name_start..name_end].to_ascii_lowercase();
    let end = tag_end(bytes, name_end);
    let attributes_end = if bytes.get(end.wrapping_sub(1)) == Some(&b'>') {
        end - 1
    } else {
        end
    };
    let attributes = html.get(name_end..attributes_end).unwrap_or_default();
    if !closing && HIDDEN.contains(&name.as_str()) {
        // Skip to the matching end tag; without one, ignore just this tag.
        // An end tag not found once is not found later either: not searching again keeps
        // a body of many unclosed `<style>` tags linear.
        if w.unclosed.contains(&name) {
            return Some(end);
        }
        let close = format!("</{name}");
        if let Some(p) = find_ignore_case(bytes, end, close.as_bytes()) {
            return Some(tag_end(bytes, p + close.len()));
        }
        w.unclosed.push(name);
        return Some(end);
    }
    match name.as_str() {
        "br" => w.newline(),
        "hr" => w.line("________________________________"),
        "td" | "th" => w.space(),
        "blockquote" => {
            w.boundary();
            w.depth = if closing {
                w.depth.saturating_sub(1)
            } else {
                w.depth + 1
            };
        }
        "pre" => {
            w.boundary();
            w.pre = if closing { w.pre.saturating_sub(1) } else { w.pre + 1 };
        }
        _ if BLOCKS.contains(&name.as_str()) => w.boundary(),
        _ => {}
    }
    if !closing && names_signature(attributes) {
        w.line("-- ");
    }
    Some(end)
}

/// The position just after the `>` that ends a tag whose attributes start at `from`.
fn tag_end(bytes: &[u8], from: usize) -> usize {
    let mut quote = None;
    for (k, &b) in bytes.iter().enumerate().skip(from) {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            (None, b'>') => return k + 1,
            _ => {}
        }
    }
    bytes.len()
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| from + p)
}

fn find_ignore_case(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
        .map(|p| from + p)
}

/// Whether a tag's `id` or `class` attribute names a signature.
fn names_signature(attributes: &str) -> bool {
    let mut rest = attributes;
    while let Some(eq) = rest.find('=') {
        let name = rest[..eq]
            .trim()
            .rsplit(|c: char| c.is_whitespace())
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let value_part = rest[eq + 1..].trim_start();
        let (value, remainder) = match value_part.chars().next() {
            Some(q @ ('"' | '\'')) => match value_part[1..].find(q) {
                Some(end) => (&value_part[1..1 + end], &value_part[end + 2..]),
                None => (&value_part[1..], ""),
            },
            _ => {
                let end = value_part.find(char::is_whitespace).unwrap_or(value_part.len());
                (&value_part[..end], &value_part[end..])
            }
        };
        if (name == "id" || name == "class") && value.to_ascii_lowercase().contains("signature") {
            return true;
        }
        rest = remainder;
    }
    false
}

/// Builds the lines of text out of an HTML document.
#[derive(Default)]
struct TextWriter {
    lines: Vec<String>,
    line: String,
    /// The `<blockquote>` depth now, and when the current line began.
    depth: usize,
    line_depth: usize,
    pending_space: bool,
    pre: usize,
    /// Hidden elements with no end tag after some point, hence none after any later one.
    unclosed: Vec<String>,
}

impl TextWriter {
    fn char(&mut self, c: char) {
        if self.pre > 0 {
            match c {
                '\n' => self.newline(),
                '\r' => {}
                '\u{a0}' => self.push(' '),
                _ => self.push(c),
            }
        } else if c.is_whitespace() {
            self.space();
        } else {
            if self.pending_space && !self.line.is_empty() {
                self.push(' ');
            }
            self.push(c);
        }
    }

    fn push(&mut self, c: char) {
        if self.line.is_empty() {
            self.line_depth = self.depth;
        }
        self.pending_space = false;
        self.line.push(c);
    }

    fn space(&mut self) {
        self.pending_space = true;
    }

    /// Ends the current line, even an empty one.
    fn newline(&mut self) {
        let line = std::mem::take(&mut self.line);
        let line = line.trim_end();
        if line.is_empty() {
            self.lines.push(String::new());
        } else if self.line_depth > 0 {
            self.lines.push(format!("{} {line}", ">".repeat(self.line_depth)));
        } else {
            self.lines.push(line.to_string());
        }
        self.pending_space = false;
    }

    /// Ends the current line if it has text.
    fn boundary(&mut self) {
        if !self.line.trim().is_empty() {
            self.newline();
        } else {
            self.line.clear();
            self.pending_space = false;
        }
    }

    /// A line of its own.
    fn line(&mut self, text: &str) {
        self.boundary();
        text.chars().for_each(|c| self.push(c));
        self.newline();
    }

    fn finish(mut self) -> String {
        self.boundary();
        self.lines.join("\n")
    }
}

// ---------------------------------------------------------------------------------------
// What the archive keeps

/// What replaces a password in the archive.
pub const REDACTED: &str = "********";

/// The message rebuilt for the archive, with no form of any password written on a SIGNON
/// line left in it:
///
/// - `first` (the intake's own header line, such as its verdict) comes first;
/// - the header fields are kept as received, except the `Content-*` and `MIME-Version`
///   fields (they describe the body, which is replaced), any `X-Arbitre-*` field (only the
///   intake writes those), and any field that holds a password, raw or decoded (RFC 2047),
///   which is kept as `Name: [redacted]`;
/// - the body is the text the game reads (see the module docs), as UTF-8 `text/plain`:
///   the other parts (HTML, attachments) and the transfer encodings (base64,
///   quoted-printable) are gone with the forms of the password they held. On every line
///   that begins with `SIGNON`, the words after the game are replaced by [`REDACTED`]; on
///   the other lines, every whole-word occurrence of a password is, and any occurrence at
///   all when it is six characters or more (a shorter one would eat into orders: `pa` in
///   `a par - bur`).
///
/// Reading the result gives the same command lines, at the same numbers, with the password
/// replaced. `None` when the bytes are not a message [`read_message`] can read.
pub fn redacted(raw: &[u8], first: &str) -> Option<Vec<u8>> {
    let start = check_structure(raw).ok()?;
    let raw = raw.get(start..).unwrap_or_default();
    std::panic::catch_unwind(|| redact(raw, first)).ok().flatten()
}

fn redact(raw: &[u8], first: &str) -> Option<Vec<u8>> {
    let message = MessageParser::default().parse(raw)?;
    let body = body_text(&message);
    let secrets = passwords(&body);
    let mut out: Vec<u8> = Vec::with_capacity(body.len() + 2048);
    out.extend_from_slice(first.as_bytes());
    out.extend_from_slice(b"\r\n");
    for h in message.root_part().headers() {
        let name = h.name.as_str();
        let lower = name.to_ascii_lowercase();
        if lower.starts_with("content-") || lower == "mime-version" || lower.starts_with("x-arbitre-") {
            continue;
        }
        let field = raw
            .get(h.offset_field as usize..h.offset_end as usize)
            .unwrap_or_default();
        let decoded = format!("{:?}", h.value);
        let text = String::from_utf8_lossy(field);
        let holds = |t: &str, s: &str| replace_secret(t, s) != t;
        if secrets.iter().any(|s| holds(&text, s) || holds(&decoded, s)) {
            out.extend_from_slice(format!("{name}: [redacted]\r\n").as_bytes());
            continue;
        }
        out.extend_from_slice(field);
        if !field.ends_with(b"\n") {
            out.extend_from_slice(b"\r\n");
        }
    }
    out.extend_from_slice(
        b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n",
    );
    for (k, line) in body.split('\n').enumerate() {
        if k > 0 {
            out.extend_from_slice(b"\r\n");
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        out.extend_from_slice(redact_line(line, &secrets).as_bytes());
    }
    out.extend_from_slice(b"\r\n");
    Some(out)
}

/// The most SIGNON lines whose passwords are looked for elsewhere in a message (every
/// SIGNON line loses its own password whatever their number): a flood of SIGNON lines
/// must not make the redaction quadratic.
const SECRET_LINES: usize = 10;

/// The words after the game on the first [`SECRET_LINES`] lines that begin with `SIGNON`.
fn passwords(body: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let signons = body.lines().filter(|line| {
        line.split_whitespace()
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("SIGNON"))
    });
    for line in signons.take(SECRET_LINES) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first().is_some_and(|w| w.eq_ignore_ascii_case("SIGNON")) && words.len() > 3 {
            for w in &words[3..] {
                if !out.iter().any(|o| o == w) {
                    out.push(w.to_string());
                }
            }
            let joined = words[3..].join(" ");
            if words.len() > 4 && !out.contains(&joined) {
                out.push(joined);
            }
        }
    }
    // Longest first, so that a password that holds another goes as a whole.
    out.sort_by_key(|s| std::cmp::Reverse(s.len()));
    out
}

fn redact_line(line: &str, secrets: &[String]) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first().is_some_and(|w| w.eq_ignore_ascii_case("SIGNON")) && words.len() > 3 {
        let indent = &line[..line.len() - line.trim_start().len()];
        return format!("{indent}{} {REDACTED}", words[..3].join(" "));
    }
    let mut line = line.to_string();
    for s in secrets {
        line = replace_secret(&line, s);
    }
    line
}

/// `text` with `secret` replaced: every occurrence when it is long, else whole words only.
fn replace_secret(text: &str, secret: &str) -> String {
    if secret.is_empty() || !text.contains(secret) {
        return text.to_string();
    }
    if secret.chars().count() >= 6 {
        return text.replace(secret, REDACTED);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut before: Option<char> = None;
    while let Some(p) = rest.find(secret) {
        let prev = rest[..p].chars().last().or(before);
        let next = rest[p + secret.len()..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        out.push_str(&rest[..p]);
        if edge(prev) && edge(next) {
            out.push_str(REDACTED);
        } else {
            out.push_str(secret);
        }
        before = secret.chars().last();
        rest = &rest[p + secret.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(list: &[(usize, &str)]) -> Vec<CommandLine> {
        list.iter()
            .map(|&(number, text)| CommandLine {
                number,
                text: text.to_string(),
            })
            .collect()
    }

    fn read(raw: &[u8]) -> Incoming {
        read_message(raw).unwrap_or_else(|e| panic!("{e}"))
    }

    fn texts(body: &str) -> Vec<String> {
        command_lines(body).into_iter().map(|l| l.text).collect()
    }

    // --- the fixtures -------------------------------------------------------------------

    const ORDERS_FR: [(usize, &str); 4] = [
        (7, "SIGNON France vopaliec s3cret"),
        (8, "A PAR - BUR"),
        (9, "A MAR S A PAR - BUR"),
        (10, "F BRE - MAO"),
    ];

    #[test]
    fn many_unclosed_hidden_elements_are_read_in_linear_time() {
        let html = "<style>".repeat(200_000) + "<p>A PAR - BUR</p>";
        let start = std::time::Instant::now();
        let text = html_to_text(&html);
        assert!(
            start.elapsed() < std::time::Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        assert!(text.contains("A PAR - BUR"), "{text}");
    }

    #[test]
    fn thunderbird_flowed_reply_below_the_quote() {
        let m = read(include_bytes!("../../tests/mail/in/thunderbird-plain-utf8.eml"));
        assert_eq!(m.from_address, "alice@example.org");
        assert_eq!(m.from_name.as_deref(), Some("Alice Martin"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("5b0e6f1c-8d2a-4a77-9c1e-3f2d8b7a6e40@example.org")
        );
        assert_eq!(m.subject, "Re: [vopaliec] Printemps 1901 : ordres");
        assert_eq!(m.date.as_deref(), Some("Tue, 1 Dec 2026 21:14:07 +0100"));
        // The attribution and the quote come first (bottom-posting): skipped, not a stop.
        // The press line the client wrapped is one line again; the signature ends it all.
        let mut expected = ORDERS_FR.to_vec();
        expected.extend([
            (12, "PRESS TO Germany"),
            (
                13,
                "Chère Allemagne, mes armées vont en Bourgogne mais n'ont aucune vue sur Munich. \
                 Je propose une zone démilitarisée en Ruhr jusqu'en 1902.",
            ),
            (14, "ENDPRESS"),
        ]);
        assert_eq!(m.lines, lines(&expected));
    }

    const ORDERS_DE: [(usize, &str); 7] = [
        (1, "SIGNON Germany vopaliec pretzel"),
        (2, "A BER - KIE"),
        (3, "A MUN - RUH"),
        (4, "F KIE - DEN"),
        (6, "PRESS TO France"),
        (
            7,
            "Agreed on the Ruhr. I will keep out of Burgundy and Belgium this year \u{2014} you keep out of \
             Munich and Holland, and we talk again in the autumn.",
        ),
        (8, "ENDPRESS"),
    ];

    #[test]
    fn gmail_alternative_quoted_printable_top_posted() {
        let raw = include_bytes!("../../tests/mail/in/gmail-alternative-qp.eml");
        let m = read(raw);
        assert_eq!(m.from_address, "dieter.schmidt@gmail.com", "lower-cased");
        assert_eq!(m.from_name.as_deref(), Some("Dieter Schmidt"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("CAJx8q3ZfT1m7c5Pq0N4y+Lw2H6_kR9sUeYbGdV0aXo=Qm4t1Nw@mail.gmail.com")
        );
        assert_eq!(m.subject, "Re: [vopaliec] Spring 1901: orders");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 08:31:55 +0100"));
        // The soft line break inside the UTF-8 dash is undone; the wrapped "On … wrote:" and
        // the quoted original below it do not count.
        assert_eq!(m.lines, lines(&ORDERS_DE));

        // The HTML alternative reads the same.
        let message = MessageParser::default().parse(raw).unwrap();
        let html = message.body_html(0).unwrap();
        assert_eq!(command_lines(&html_to_text(&html)), lines(&ORDERS_DE));
    }

    #[test]
    fn outlook_html_only_windows_1252() {
        let m = read(include_bytes!("../../tests/mail/in/outlook-html-only.eml"));
        assert_eq!(m.from_address, "t.girard@outlook.fr");
        assert_eq!(m.from_name.as_deref(), Some("Thomas Girard"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("PAXP193MB1234B5E6F0C2D1A9E8F7C6B5A4D3C2B1A0E9@PAXP193MB1234.EURP193.PROD.OUTLOOK.COM")
        );
        assert_eq!(m.subject, "RE: [vopaliec] Printemps 1901 : ordres");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 09:12:44 +0000"));
        // One line per <div>, &nbsp; as a space, inline <b> kept in its line; the signature
        // <div id="Signature"> ends the commands, so neither the signature nor the original
        // below the <hr> (with its own SIGNON line) counts.
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON England vopaliec tea4two"),
                (2, "F LON - NTH"),
                (3, "F EDI - NWG"),
                (4, "A LVP - YOR"),
                (6, "PRESS TO France"),
                (7, "Chère France, la Manche restera vide cette année \u{2014} promis. On s\u{2019}en reparle à l\u{2019}automne ?"),
                (8, "ENDPRESS"),
            ])
        );
    }

    #[test]
    fn outlook_divider_and_header_block_without_signature() {
        let raw = include_bytes!("../../tests/mail/in/outlook-html-only.eml");
        let message = MessageParser::default().parse(raw).unwrap();
        let html = message.body_html(0).unwrap().replace("id=\"Signature\"", "id=\"Sig\"");
        let text = html_to_text(&html);
        let found = command_lines(&text);
        assert_eq!(found.last().map(|l| l.text.as_str()), Some("« Rule, Britannia »"));
        assert!(text.contains("\n________________________________\nDe : Arbitre de Vopaliec"));
        // Without the <hr>, the "De :" / "Envoyé :" block stops it.
        let text = html_to_text(&html.replace("<hr", "<span"));
        assert_eq!(
            command_lines(&text).last().map(|l| l.text.as_str()),
            Some("« Rule, Britannia »")
        );
    }

    #[test]
    fn apple_mail_iso_8859_1() {
        let m = read(include_bytes!("../../tests/mail/in/apple-mail-iso-8859-1.eml"));
        assert_eq!(m.from_address, "elodie.lefevre@me.com");
        assert_eq!(m.from_name.as_deref(), Some("Élodie Lefèvre"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("8E4C2A1B-7F3D-4E59-A0B6-C1D2E3F40516@me.com")
        );
        assert_eq!(m.subject, "Re: [vopaliec] Printemps 1901 : ordres");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 10:47:03 +0100"));
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON Russia vopaliec borchtch"),
                (2, "A Moscou - Saint-Pétersbourg"),
                (3, "F Saint-Pétersbourg (côte sud) - Golfe de Botnie"),
                (4, "A Varsovie - Galicie"),
                (5, "F Sébastopol - Mer Noire"),
                (7, "PRESS TO France"),
                (
                    8,
                    "Bonne chance dans la Manche. Je reste loin de la Scandinavie cette année, promis."
                ),
                (9, "ENDPRESS"),
                // Not a command, but the player wrote it: the game answers it with an error.
                (11, "Élodie"),
            ])
        );
    }

    #[test]
    fn mutt_signoff_before_signature() {
        let m = read(include_bytes!("../../tests/mail/in/mutt-signature.eml"));
        assert_eq!(m.from_address, "bruno@example.org");
        assert_eq!(m.from_name.as_deref(), Some("Bruno Petit"));
        assert_eq!(m.message_id.as_deref(), Some("20261202110341.GA28467@tarn.example.org"));
        assert_eq!(m.subject, "Re: [vopaliec] Spring 1901 (God)");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 12:03:41 +0100"));
        assert_eq!(
            m.lines,
            lines(&[(5, "signon god vopaliec hunter2"), (6, "bless a par"), (7, "STATUS")])
        );
    }

    #[test]
    fn base64_body_with_crlf() {
        let m = read(include_bytes!("../../tests/mail/in/base64-body.eml"));
        assert_eq!(m.from_address, "chloe.roux@yandex.ru");
        assert_eq!(m.from_name.as_deref(), Some("Chloé Roux"));
        assert_eq!(m.message_id.as_deref(), Some("1234561796213616@mail.yandex.ru"));
        assert_eq!(m.subject, "Re: [vopaliec] Printemps 1901");
        assert_eq!(m.date.as_deref(), Some("Wed, 02 Dec 2026 15:20:16 +0300"));
        assert_eq!(
            m.lines,
            lines(&[(1, "SIGNON Devil vopaliec soufre"), (2, "CURSE F BRE"), (4, "STATUS")])
        );
    }

    #[test]
    fn attachment_is_ignored_nested_text_part_read() {
        let m = read(include_bytes!("../../tests/mail/in/attachment.eml"));
        assert_eq!(m.from_address, "giulia.rossi@gmail.com");
        assert_eq!(m.from_name.as_deref(), Some("Giulia Rossi"));
        assert_eq!(
            m.message_id.as_deref(),
            Some("CAHf3mZpQ8vK2nL5rT0wY7xB4cE1dG9hJ6kM3nP0qS8uV2wX5yA@mail.gmail.com")
        );
        assert_eq!(m.subject, "Italy, Spring 1901");
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 18:05:29 +0100"));
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON Italy vopaliec pasta"),
                (2, "A VEN H"),
                (3, "A ROM - APU"),
                (4, "F NAP - ION"),
                (6, "My plans for 1901 are in the attached map, for the record."),
            ])
        );
    }

    #[test]
    fn rfc2047_subject_and_from_name() {
        let m = read(include_bytes!("../../tests/mail/in/rfc2047-subject.eml"));
        assert_eq!(m.from_address, "joerg.mueller@example.at");
        assert_eq!(m.from_name.as_deref(), Some("Jörg Müller"), "ISO-8859-1 Q-encoded word");
        assert_eq!(
            m.subject, "Re: [vopaliec] Frühjahr 1901 \u{2014} Befehle Österreichs",
            "two folded B-encoded words"
        );
        assert_eq!(m.message_id.as_deref(), Some("20261202194010.3f8e2a1b@tux.example.at"));
        assert_eq!(m.date.as_deref(), Some("Wed, 2 Dec 2026 19:40:10 +0100"));
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON Austria vopaliec sachertorte"),
                (2, "A VIE - GAL"),
                (3, "A BUD - SER"),
                (4, "F TRI - ALB")
            ])
        );
    }

    #[test]
    fn no_message_id_bare_from_raw_latin_1() {
        let m = read(include_bytes!("../../tests/mail/in/no-message-id.eml"));
        assert_eq!(m.from_address, "mehmet@example.net");
        assert_eq!(m.from_name, None);
        assert_eq!(m.message_id, None);
        assert_eq!(m.subject, "vopaliec S1901 Turkey");
        assert_eq!(m.date.as_deref(), Some("Wed, 02 Dec 2026 22:55:00 +0200"));
        assert_eq!(
            m.lines,
            lines(&[
                (1, "SIGNON Turkey vopaliec lokum"),
                (2, "A CON - BUL"),
                (3, "A SMY - CON"),
                (4, "F ANK - BLA"),
                (6, "PRESS TO ALL"),
                (7, "Selâm à tous : la mer Noire est à moi, la Bulgarie aussi."),
                (8, "ENDPRESS"),
            ])
        );
    }

    #[test]
    fn broken_fixtures_are_refused() {
        let cases: [(&[u8], &str); 3] = [
            (include_bytes!("../../tests/mail/in/empty.eml"), "empty"),
            (
                include_bytes!("../../tests/mail/in/binary-garbage.eml"),
                "not a header field",
            ),
            (
                include_bytes!("../../tests/mail/in/headers-only.eml"),
                "not followed by a blank line",
            ),
        ];
        for (raw, why) in cases {
            let error = read_message(raw).unwrap_err();
            assert!(error.message.contains(why), "{error}");
            assert!(error.to_string().starts_with("not a mail message: "));
        }
    }

    // --- command_lines, rule by rule ----------------------------------------------------

    #[test]
    fn lines_are_numbered_trimmed_and_blank_lines_skipped() {
        let body = "SIGNON France vopaliec s3cret\r\n\r\n   A PAR - BUR  \r\n\tF BRE - MAO\n\n\n";
        assert_eq!(
            command_lines(body),
            lines(&[
                (1, "SIGNON France vopaliec s3cret"),
                (3, "A PAR - BUR"),
                (4, "F BRE - MAO")
            ])
        );
        assert_eq!(command_lines(""), vec![]);
        assert_eq!(
            command_lines("\u{feff}SIGNON x"),
            lines(&[(1, "SIGNON x")]),
            "byte-order mark"
        );
    }

    #[test]
    fn quoted_lines_are_skipped() {
        let body = "> SIGNON France vopaliec old\nA PAR - BUR\n   > F BRE - MAO\n>> SIGNOFF\nF BRE - ENG";
        assert_eq!(command_lines(body), lines(&[(2, "A PAR - BUR"), (5, "F BRE - ENG")]));
    }

    #[test]
    fn signoff_ends_the_commands_in_any_case() {
        assert_eq!(texts("A PAR - BUR\n  signOff  \nF BRE - MAO"), ["A PAR - BUR"]);
        assert_eq!(
            texts("A PAR - BUR\nSIGNOFF now\nF BRE - MAO"),
            ["A PAR - BUR", "SIGNOFF now", "F BRE - MAO"]
        );
    }

    #[test]
    fn signature_separator_ends_the_commands() {
        assert_eq!(texts("A PAR - BUR\n-- \nAlice\nF BRE - MAO"), ["A PAR - BUR"]);
        assert_eq!(texts("A PAR - BUR\r\n--\r\nAlice"), ["A PAR - BUR"], "bare --");
        assert_eq!(
            texts("A PAR - BUR\n---\n- x"),
            ["A PAR - BUR", "---", "- x"],
            "not a separator"
        );
    }

    #[test]
    fn attribution_followed_by_unquoted_original_stops() {
        let body = "A PAR - BUR\n\nOn Tue, Dec 1, 2026 at 8:00 PM Arbitre <arbitre@example.org> wrote:\n\nSIGNON old";
        assert_eq!(texts(body), ["A PAR - BUR"]);
        let body = "A PAR - BUR\nLe 01/12/2026 à 20:00, Arbitre a écrit\u{a0}:\nSIGNON old";
        assert_eq!(texts(body), ["A PAR - BUR"]);
        assert_eq!(
            texts("A PAR - BUR\nAm 01.12.26 um 20:00 schrieb Arbitre:\nold"),
            ["A PAR - BUR"]
        );
        assert_eq!(
            texts("A PAR - BUR\nOn 12/1/26 20:00, Arbitre wrote:"),
            ["A PAR - BUR"],
            "at the end"
        );
    }

    #[test]
    fn attribution_followed_by_a_quote_is_skipped() {
        let body = "On 12/1/26 20:00, Arbitre wrote:\n> Send your orders.\n>\n\nSIGNON France vopaliec s3cret\n";
        assert_eq!(command_lines(body), lines(&[(5, "SIGNON France vopaliec s3cret")]));
        // Interleaved: answers between quoted parts all count.
        let body = "Le 01/12/2026 à 20:00, Arbitre a écrit :\n> Orders?\nA PAR - BUR\n> Press?\nPRESS TO ALL";
        assert_eq!(texts(body), ["A PAR - BUR", "PRESS TO ALL"]);
    }

    #[test]
    fn wrapped_attribution() {
        let body = "A PAR - BUR\n\nOn Tue, Dec 1, 2026 at 8:00\u{202f}PM Arbitre de Vopaliec <\narbitre@example.org> wrote:\n\n> x";
        assert_eq!(texts(body), ["A PAR - BUR"]);
        let body =
            "On Tue, Dec 1, 2026 at 8:00 PM Arbitre de Vopaliec <\narbitre@example.org> wrote:\n> x\nA PAR - BUR";
        assert_eq!(command_lines(body), lines(&[(4, "A PAR - BUR")]));
    }

    #[test]
    fn lines_that_only_look_like_attributions_are_kept() {
        // No digit, no colon, or not the opening of an attribution.
        assert_eq!(
            texts("On the whole, Germany wrote:\nA PAR"),
            ["On the whole, Germany wrote:", "A PAR"]
        );
        assert_eq!(texts("On 1901 I wrote\nA PAR"), ["On 1901 I wrote", "A PAR"]);
        assert_eq!(
            texts("Germany wrote on 1901:\nA PAR"),
            ["Germany wrote on 1901:", "A PAR"]
        );
    }

    #[test]
    fn outlook_reply_headers_stop() {
        for marker in [
            "-----Original Message-----",
            "-----Message d'origine-----",
            "----- Original Message -----",
            "________________________________",
        ] {
            assert_eq!(
                texts(&format!("A PAR - BUR\n{marker}\nSIGNON old")),
                ["A PAR - BUR"],
                "{marker}"
            );
        }
        let body =
            "A PAR - BUR\n\nFrom: Arbitre <arbitre@example.org>\nSent: Tuesday, December 1, 2026 8:00 PM\nSIGNON old";
        assert_eq!(texts(body), ["A PAR - BUR"]);
        let body = "A PAR - BUR\nDe\u{a0}: Arbitre\n\nEnvoyé\u{a0}: mardi 1 décembre 2026 20:00\nSIGNON old";
        assert_eq!(texts(body), ["A PAR - BUR"]);
        // A From: line alone, or a short rule, is kept.
        assert_eq!(texts("From: France\nA PAR"), ["From: France", "A PAR"]);
        assert_eq!(texts("____\nA PAR"), ["____", "A PAR"]);
    }

    /// The reply letter arbitre sends, as a client quotes it below a new message.
    const OUR_REPORT: &str = "Dear Alice Martin,\n\nDone:\n  line 2: A PAR - BUR: on file\n\n\
        Orders on file for France, Spring 1901 Movement:\n  A PAR - BUR\n  A MAR - SPA\n\n\
        Deadline: Tuesday 1 December 2026, 20:00 CET\n\nArbitre de Vopaliec";

    fn quoted(text: &str) -> String {
        text.lines().map(|l| format!("> {l}")).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn replies_to_our_own_report_in_every_client_style_keep_only_the_new_orders() {
        let new = "SIGNON France vopaliec s3cret\nA PAR - PIC\nThanks!";
        let styles = [
            // Gmail, Thunderbird: attribution, then the quote.
            format!("{new}\n\nOn Mon, Nov 30, 2026 at 7:00 PM Arbitre <arbitre@x.org> wrote:\n{}", quoted(OUR_REPORT)),
            // The quote alone, no attribution.
            format!("{new}\n{}", quoted(OUR_REPORT)),
            // Outlook: the original unquoted below its marker.
            format!("{new}\n\n-----Original Message-----\nFrom: Arbitre\n{OUR_REPORT}"),
            // Outlook (Windows): From/Sent/To/Subject block, unquoted.
            format!(
                "{new}\n\nFrom: Arbitre de Vopaliec <arbitre@x.org>\nSent: Monday, November 30, 2026 7:00 PM\n\
                 To: Alice Martin\nSubject: vopaliec: received\n\n{OUR_REPORT}"
            ),
            // New Outlook and Outlook for Mac: From/Date/To/Subject.
            format!(
                "{new}\n________________________________\nFrom: Arbitre de Vopaliec <arbitre@x.org>\nDate: Monday, 30 November 2026 at 19:00\n\
                 To: Alice Martin <alice@x.org>\nSubject: vopaliec: received\n\n{OUR_REPORT}"
            ),
            format!("{new}\nFrom: Arbitre\nTo: Alice\nSubject: received\n{OUR_REPORT}"),
            // Outlook in French and in German.
            format!("{new}\nDe : Arbitre\nEnvoyé : lundi 30 novembre 2026 19:00\nÀ : Alice\n{OUR_REPORT}"),
            format!("{new}\nVon: Arbitre\nGesendet: Montag, 30. November 2026 19:00\nAn: Alice\n{OUR_REPORT}"),
            // Gmail and Thunderbird forwards, Apple Mail's.
            format!("{new}\n\n---------- Forwarded message ---------\nFrom: Arbitre\n{OUR_REPORT}"),
            format!("{new}\n\n-------- Forwarded Message --------\nSubject: received\n{OUR_REPORT}"),
            format!("{new}\n\nBegin forwarded message:\n\nFrom: Arbitre\n{OUR_REPORT}"),
            // A signature, then the report pasted below it.
            format!("{new}\n-- \nAlice\n{OUR_REPORT}"),
        ];
        for body in &styles {
            assert_eq!(
                texts(body),
                ["SIGNON France vopaliec s3cret", "A PAR - PIC", "Thanks!"],
                "\n{body}"
            );
        }
    }

    // --- what the archive keeps ----------------------------------------------------------

    #[test]
    fn the_redacted_message_reads_the_same_without_the_password() {
        let raw = b"From: Alice <alice@example.org>\r\nSubject: pw is s3cret-pw\r\n\
            Message-ID: <x@example.org>\r\nX-Arbitre-Password: matches\r\n\
            Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
            SIGNON France vopaliec s3cret-=\r\npw\r\nA PAR - BUR\r\nPRESS TO ALL\r\nmy s3cret-pw!\r\nENDPRESS\r\n";
        let out = redacted(raw, "X-Arbitre-Password: differs").unwrap();
        let text = String::from_utf8(out.clone()).unwrap();
        assert!(!text.contains("s3cret"), "{text}");
        assert!(text.starts_with("X-Arbitre-Password: differs\r\n"), "{text}");
        assert_eq!(
            text.matches("X-Arbitre-Password").count(),
            1,
            "the sender's own is dropped"
        );
        assert!(text.contains("Subject: [redacted]\r\n"), "{text}");
        let before = read(raw);
        let after = read(&out);
        assert_eq!(after.message_id, before.message_id);
        assert_eq!(after.from_address, before.from_address);
        let numbers = |m: &Incoming| m.lines.iter().map(|l| l.number).collect::<Vec<_>>();
        assert_eq!(numbers(&after), numbers(&before));
        assert_eq!(after.lines[0].text, format!("SIGNON France vopaliec {REDACTED}"));
        assert_eq!(after.lines[3].text, format!("my {REDACTED}!"));
    }

    #[test]
    fn every_sample_message_reads_the_same_once_redacted() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mail/in");
        let mut read_ok = 0;
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            let raw = std::fs::read(&path).unwrap();
            let Ok(before) = read_message(&raw) else {
                continue;
            };
            read_ok += 1;
            let kept = redacted(&raw, "X-Arbitre-Password: not-checked").unwrap();
            let after = read_message(&kept).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let masked: Vec<(usize, String)> = before
                .lines
                .iter()
                .map(|l| {
                    let w: Vec<&str> = l.text.split_whitespace().collect();
                    let text = if w.first().is_some_and(|x| x.eq_ignore_ascii_case("SIGNON")) && w.len() > 3 {
                        format!("{} {REDACTED}", w[..3].join(" "))
                    } else {
                        l.text.clone()
                    };
                    (l.number, text)
                })
                .collect();
            let got: Vec<(usize, String)> = after.lines.iter().map(|l| (l.number, l.text.clone())).collect();
            assert_eq!(got, masked, "{}", path.display());
            assert_eq!(
                (&after.from_address, &after.message_id, &after.date),
                (&before.from_address, &before.message_id, &before.date),
                "{}",
                path.display()
            );
        }
        assert!(read_ok >= 8);
    }

    #[test]
    fn a_flood_of_signon_lines_is_redacted_in_linear_time() {
        let body: String = (0..100_000)
            .map(|k| format!("SIGNON France vopaliec pw{k}\r\n"))
            .collect();
        let raw = format!("From: a@example.org\r\n\r\n{body}");
        let start = std::time::Instant::now();
        let out = redacted(raw.as_bytes(), "X: y").unwrap();
        assert!(
            start.elapsed() < std::time::Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        assert!(!String::from_utf8(out).unwrap().contains("pw99999"));
    }

    #[test]
    fn a_short_password_is_redacted_as_a_word_only() {
        assert_eq!(
            replace_secret("a par - bur, pa!", "pa"),
            format!("a par - bur, {REDACTED}!")
        );
        assert_eq!(replace_secret("papa pa", "pa"), format!("papa {REDACTED}"));
        assert_eq!(replace_secret("xkaiserx", "kaiser"), format!("x{REDACTED}x"));
    }

    // --- format=flowed ------------------------------------------------------------------

    #[test]
    fn unflow_joins_soft_breaks() {
        assert_eq!(
            unflow("PRESS TO ALL\nOne long \nline.\nENDPRESS", false),
            "PRESS TO ALL\nOne long line.\nENDPRESS"
        );
        assert_eq!(
            unflow("Ein sehr lang \nes Wort", true),
            "Ein sehr langes Wort",
            "DelSp=yes"
        );
        assert_eq!(unflow(" From here\n  two", false), "From here\n two", "space-stuffing");
        assert_eq!(
            unflow("Bye \n-- \nAlice", false),
            "Bye \n-- \nAlice",
            "signature never joined"
        );
        assert_eq!(
            unflow("> quoted \n> more\nmine \nend", false),
            "> quoted more\nmine end"
        );
        assert_eq!(
            unflow("> quoted \nmine", false),
            "> quoted \nmine",
            "depth change is a hard break"
        );
        assert_eq!(unflow("last \n", false), "last ");
    }

    #[test]
    fn flowed_delsp_message() {
        let raw = "From: a@example.org\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n\n\
                   PRESS TO ALL\nSaint-P\u{e9}ters \nbourg\nENDPRESS\n";
        let m = read(raw.as_bytes());
        assert_eq!(
            m.lines,
            lines(&[(1, "PRESS TO ALL"), (2, "Saint-P\u{e9}tersbourg"), (3, "ENDPRESS")])
        );
    }

    // --- headers ------------------------------------------------------------------------

    #[test]
    fn sender_falls_back_to_sender_then_return_path() {
        let m = read(b"From: Alice Martin\nSender: Robot <Robot@Example.org>\n\nSTATUS\n");
        assert_eq!(m.from_address, "robot@example.org");
        assert_eq!(m.from_name.as_deref(), Some("Robot"));
        let m = read(b"Return-Path: <Bounce@Example.org>\nFrom: Alice Martin\n\nSTATUS\n");
        assert_eq!(m.from_address, "bounce@example.org");
        assert_eq!(m.from_name.as_deref(), Some("Alice Martin"));
        let m = read(b"From: undisclosed-recipients:;\nReturn-Path: <>\n\nSTATUS\n");
        assert_eq!(m.from_address, "");
        assert_eq!(m.from_name, None);
        let m = read(b"Subject: nothing else\n\n");
        assert_eq!(
            (m.from_address.as_str(), m.subject.as_str(), m.lines.len()),
            ("", "nothing else", 0)
        );
    }

    #[test]
    fn header_details() {
        let raw = b"From nobody Tue Dec  1 20:00:00 2026\nFrom: \"Martin, Alice\" <Alice@Example.ORG>\n\
                    Message-ID:\n <abc@example.org>  \nDate: Tue, 1 Dec 2026\n 20:00:00 +0100 (CET)\n\nSTATUS\n";
        let m = read(raw);
        assert_eq!(m.from_address, "alice@example.org", "mbox From_ line skipped");
        assert_eq!(m.from_name.as_deref(), Some("Martin, Alice"));
        assert_eq!(m.message_id.as_deref(), Some("abc@example.org"));
        assert_eq!(
            m.date.as_deref(),
            Some("Tue, 1 Dec 2026 20:00:00 +0100 (CET)"),
            "unfolded"
        );
        assert_eq!(m.subject, "");
        assert_eq!(m.lines, lines(&[(1, "STATUS")]));
    }

    // --- bodies -------------------------------------------------------------------------

    #[test]
    fn raw_latin_1_without_charset_is_read_as_windows_1252() {
        let mut raw = b"From: a@example.org\nContent-Transfer-Encoding: 8bit\n\nA Saint-P".to_vec();
        raw.extend(b"\xe9tersbourg - Moscou\n");
        assert_eq!(read(&raw).lines, lines(&[(1, "A Saint-Pétersbourg - Moscou")]));
        // Valid UTF-8 without a charset stays UTF-8.
        let raw = "From: a@example.org\n\nA Saint-Pétersbourg - Moscou\n";
        assert_eq!(
            read(raw.as_bytes()).lines,
            lines(&[(1, "A Saint-Pétersbourg - Moscou")])
        );
    }

    #[test]
    fn blank_text_part_falls_back_to_html() {
        let raw = "From: a@example.org\nContent-Type: multipart/alternative; boundary=b\n\n--b\n\
                   Content-Type: text/plain\n\n \n--b\nContent-Type: text/html\n\n<p>SIGNON x</p><p>STATUS</p>\n--b--\n";
        assert_eq!(texts_of(raw), ["SIGNON x", "STATUS"]);
    }

    #[test]
    fn text_attachment_is_not_the_body() {
        let raw = "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\
                   Content-Type: text/plain; name=old.txt\nContent-Disposition: attachment; filename=old.txt\n\n\
                   SIGNON old\n--b\nContent-Type: text/plain\n\nSIGNON new\n--b--\n";
        assert_eq!(texts_of(raw), ["SIGNON new"]);
    }

    fn texts_of(raw: &str) -> Vec<String> {
        read(raw.as_bytes()).lines.into_iter().map(|l| l.text).collect()
    }

    // --- HTML ---------------------------------------------------------------------------

    #[test]
    fn html_blocks_and_breaks_make_lines() {
        let html = "<html><head><title>x</title><style>p{}</style></head><body>\
                    <p class=MsoNormal>SIGNON France vopaliec s3cret<o:p></o:p></p>\
                    <div>A PAR<br/>F BRE -\n   MAO</div><ul><li>A MAR H</li></ul>\
                    <table><tr><td>A</td><td>VEN</td><td>H</td></tr></table>\
                    <h2>STATUS</h2></body></html>";
        assert_eq!(
            html_to_text(html),
            "SIGNON France vopaliec s3cret\nA PAR\nF BRE - MAO\nA MAR H\nA VEN H\nSTATUS"
        );
    }

    #[test]
    fn html_quotes_signatures_and_rules() {
        let html = "<div>A PAR - BUR</div><blockquote type=\"cite\"><div>SIGNON old</div>\
                    <blockquote>deeper<hr></blockquote></blockquote><div>F BRE - MAO</div>";
        assert_eq!(
            html_to_text(html),
            "A PAR - BUR\n> SIGNON old\n>> deeper\n>> ________________________________\nF BRE - MAO"
        );
        assert_eq!(texts(&html_to_text(html)), ["A PAR - BUR", "F BRE - MAO"]);
        let html = "<div>A PAR - BUR</div><div class='gmail_signature' data-smartmail=\"gmail_signature\">Alice</div>";
        assert_eq!(texts(&html_to_text(html)), ["A PAR - BUR"]);
        let html = "<div>A PAR - BUR</div><div id=AppleMailSignature>Sent from my iPhone</div>";
        assert_eq!(texts(&html_to_text(html)), ["A PAR - BUR"]);
        let html = "<div>A PAR - BUR</div><div title=\"signature\">kept</div>";
        assert_eq!(texts(&html_to_text(html)), ["A PAR - BUR", "kept"]);
    }

    #[test]
    fn html_pre_comments_entities_and_stray_markup() {
        let html = "<!--[if gte mso 9]><xml><o:x>hidden</o:x></xml><![endif]--><?xml:namespace prefix=o>\
                    <pre>A  PAR\n  F BRE</pre>&lt;x&gt; &amp; &eacute;&#233;&#xE9; &bogus; & 1 < 2 <script>no</script>\
                    <b>&nbsp;</b>";
        assert_eq!(html_to_text(html), "A  PAR\n  F BRE\n<x> & ééé &bogus; & 1 < 2");
        // Unterminated markup ends the text without panicking.
        assert_eq!(html_to_text("A PAR<div class=\"é"), "A PAR");
        assert_eq!(html_to_text("A PAR<!-- never closed"), "A PAR");
        assert_eq!(html_to_text("A PAR <style>never closed"), "A PAR never closed");
        assert_eq!(html_to_text("é&"), "é&");
    }

    // --- broken input -------------------------------------------------------------------

    #[test]
    fn what_is_not_a_message() {
        let refused: [(&[u8], &str); 9] = [
            (b"", "empty"),
            (b" \r\n\t\n", "empty"),
            (b"\n\nSIGNON France vopaliec s3cret\n", "no header before the body"),
            (b"SIGNON France vopaliec s3cret\nA PAR - BUR\n", "not a header field"),
            (b" folded: first\n\nbody", "not a header field"),
            (b"From: a@example.org\nX-Bad: \0\n\nbody", "NUL"),
            (b"From a@example.org Tue Dec  1 20:00:00 2026", "only an mbox"),
            (b"From: a@example.org", "not followed by a blank line"),
            (b"\x89PNG\x1a\x00", "not a header field"),
        ];
        for (raw, why) in refused {
            let error = read_message(raw).unwrap_err();
            assert!(error.message.contains(why), "{raw:?}: {error}");
        }
        // A blank line and no body is a message, with no command lines.
        assert_eq!(read(b"From: a@example.org\r\n\r\n").lines, vec![]);
        // Obsolete spacing before the colon: a header, not an mbox line.
        assert_eq!(read(b"From : a@example.org\n\nSTATUS").from_address, "a@example.org");
    }

    #[test]
    fn never_panics() {
        let fixtures: [&[u8]; 13] = [
            include_bytes!("../../tests/mail/in/thunderbird-plain-utf8.eml"),
            include_bytes!("../../tests/mail/in/gmail-alternative-qp.eml"),
            include_bytes!("../../tests/mail/in/outlook-html-only.eml"),
            include_bytes!("../../tests/mail/in/apple-mail-iso-8859-1.eml"),
            include_bytes!("../../tests/mail/in/mutt-signature.eml"),
            include_bytes!("../../tests/mail/in/base64-body.eml"),
            include_bytes!("../../tests/mail/in/attachment.eml"),
            include_bytes!("../../tests/mail/in/rfc2047-subject.eml"),
            include_bytes!("../../tests/mail/in/no-message-id.eml"),
            include_bytes!("../../tests/mail/in/empty.eml"),
            include_bytes!("../../tests/mail/in/binary-garbage.eml"),
            include_bytes!("../../tests/mail/in/headers-only.eml"),
            b"From: a@b\nContent-Type: text/html\n\n<a b='<c\">&#x110000;&#99999999999;<blockquote></blockquote></blockquote>",
        ];
        let mut state = 0x9e37_79b9_u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        for raw in fixtures {
            // Every truncation, and copies with bytes overwritten.
            for end in 0..=raw.len() {
                let _ = read_message(&raw[..end]);
            }
            for _ in 0..200 {
                let mut copy = raw.to_vec();
                for _ in 0..4 {
                    if !copy.is_empty() {
                        let at = next() as usize % copy.len();
                        copy[at] = b"<>&;:\n\r -=?\"'\x00\xff\xc3"[next() as usize % 16];
                    }
                }
                let _ = read_message(&copy);
                let text = String::from_utf8_lossy(&copy);
                let _ = command_lines(&text);
                let _ = html_to_text(&text);
                let _ = unflow(&text, true);
            }
        }
    }
}
