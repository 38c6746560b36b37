//! The line cut into tokens: words folded (upper case, no accents), arrows and dashes,
//! brackets and separators, each with its place in the line for errors.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Tok {
    Word,
    Dash,
    Slash,
    Open,
    Close,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    /// 1-based column of the token's first character.
    pub(super) col: usize,
    /// Byte range of the token in the line, for messages.
    pub(super) text: (usize, usize),
    /// For a word: its byte range in the folded words (see [`tokenize`]).
    pub(super) word: (usize, usize),
}

/// Appends `c` folded (upper case, accents removed) to `out`; false if it is not part of a
/// word (nothing of it is a letter or digit).
#[inline]
pub(super) fn push_word_char(out: &mut String, c: char) -> bool {
    if c.is_ascii() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_uppercase());
            return true;
        }
        return false;
    }
    push_folded(out, c)
}

/// [`push_word_char`] for a character beyond ASCII.
#[inline(never)]
pub(super) fn push_folded(out: &mut String, c: char) -> bool {
    let before = out.len();
    for u in c.to_uppercase() {
        match deaccent(u) {
            Some(p) => out.push_str(p),
            None if u.is_ascii_alphanumeric() => out.push(u),
            None => {}
        }
    }
    out.len() > before
}

/// Splits a line into tokens. The words, folded, are written one after the other into the
/// returned string, separated by single spaces: a name of several words (`MID ATLANTIC
/// OCEAN`) is then one slice of it, whatever separated the words in the line.
/// `out` and `words` are cleared first (they are [`Reader`]'s buffers).
pub(super) fn tokenize(line: &str, out: &mut Vec<Token>, words: &mut String) -> Result<(), ParseError> {
    out.clear();
    words.clear();
    out.reserve(8);
    words.reserve(line.len() + 4);
    // `b`: byte offset of the next character; `col`: its 1-based column (in characters).
    let (mut b, mut col) = (0, 1);
    while b < line.len() {
        let (c, len) = char_at(line, b);
        let start = words.len();
        if !words.is_empty() {
            words.push(' ');
        }
        let first = words.len();
        if push_word_char(words, c) {
            // A word: letters and digits, accents folded.
            let (from, from_col) = (b, col);
            b += len;
            col += 1;
            while b < line.len() {
                let (c2, len2) = char_at(line, b);
                if !push_word_char(words, c2) {
                    break;
                }
                b += len2;
                col += 1;
            }
            out.push(Token {
                tok: Tok::Word,
                col: from_col,
                text: (from, b),
                word: (first, words.len()),
            });
            continue;
        }
        words.truncate(start);
        let (from, from_col) = (b, col);
        b += len;
        col += 1;
        let tok = match c {
            '-' | '–' | '—' | '→' | '>' | '=' | '⇒' => Some(Tok::Dash),
            '/' => Some(Tok::Slash),
            '(' | '[' => Some(Tok::Open),
            ')' | ']' => Some(Tok::Close),
            c if c.is_whitespace() => None,
            '.' | ',' | ';' | ':' | '\'' | '’' => None,
            _ => {
                return Err(ParseError {
                    column: from_col,
                    message: format!("unexpected character \"{c}\""),
                    what: Unreadable::Character(c),
                })
            }
        };
        if matches!(c, '-' | '–' | '—' | '=') {
            // An arrow drawn with several characters (`->`, `-->`, `=>`, `==>`, `-=>`) is
            // one token.
            let arrow = line.as_bytes()[b..]
                .iter()
                .take_while(|&&x| matches!(x, b'-' | b'=' | b'>'))
                .count();
            b += arrow;
            col += arrow;
        }
        if let Some(tok) = tok {
            out.push(Token {
                tok,
                col: from_col,
                text: (from, b),
                word: (0, 0),
            });
        }
    }
    Ok(())
}

/// The character starting at byte `b` of `line`, and its length in bytes.
#[inline]
pub(super) fn char_at(line: &str, b: usize) -> (char, usize) {
    match line.as_bytes()[b] {
        a if a.is_ascii() => (a as char, 1),
        _ => {
            let c = line[b..].chars().next().expect("b is on a character boundary");
            (c, c.len_utf8())
        }
    }
}
