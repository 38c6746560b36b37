//! The body of a message: which part it is, and its text (charset, `format=flowed`).

use super::html::html_to_text;
use super::*;

/// The body as text: the first non-blank `text/plain` body part, else the first HTML one
/// turned into text, else nothing.
pub(super) fn body_text(message: &Message<'_>) -> String {
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
pub(super) fn unflow(text: &str, delsp: bool) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::incoming::tests::{lines, read};

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
}
