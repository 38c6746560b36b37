//! HTML to text: one line per block element, hidden elements dropped, quotes marked with
//! `>`, in time linear in the input.

use super::*;

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
pub(super) fn html_to_text(html: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::incoming::tests::texts;

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
}
