//! The command lines of a body: what is meant for the referee, without quoted replies,
//! attributions, reply headers or signatures.

use super::*;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::incoming::tests::{lines, texts};

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
}
