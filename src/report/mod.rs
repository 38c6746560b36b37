//! Reports: tera templates over plain data, and the `.eml` files of the outbox.
//!
//! The templates live in `templates/` and are built into the binary; a game folder may
//! override any of them with a file of the same name in `DIR/templates/` (as zola does).
//! Each message kind is `NAME.txt` (the text body) and, where an HTML part helps,
//! `NAME.html`. Template *parse* errors (a bad override) and *render* errors are told
//! apart, with the template's name.
//!
//! Every message is rendered to bytes deterministically: the Date is the game's clock, the
//! Message-ID and the MIME boundary are derived from the message itself. So the same game
//! always writes the same files, which the hidden-roles tests rely on.

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::Message;
use sha2::{Digest, Sha256};
use std::path::Path;
use std::sync::{Arc, OnceLock};
use tera::{Context, Tera};

pub mod error;
mod in_rust;
pub mod views;
pub use error::{AddressError, LetterError, TemplateError};
pub use views::View;

/// The built-in templates, by name.
const BUILT_IN: &[(&str, &str)] = &[
    ("welcome.txt", include_str!("../../templates/welcome.txt")),
    ("reply.txt", include_str!("../../templates/reply.txt")),
    // The refusal may go to anyone and says nothing of the game: it is in both languages at
    // once, the same whatever game was named and whatever language it is played in. It
    // names no game (its view's `game` is always empty; an override may still test it), and
    // it is short: tera parses a template in every process that renders it, and this one
    // is rendered for every refused message.
    ("rejection.txt", include_str!("../../templates/rejection.txt")),
    ("foreign-signon.txt", include_str!("../../templates/foreign-signon.txt")),
    ("press.txt", include_str!("../../templates/press.txt")),
    ("reminder.txt", include_str!("../../templates/reminder.txt")),
    ("report.txt", include_str!("../../templates/report.txt")),
    ("report.html", include_str!("../../templates/report.html")),
    // The style of each kind of page, one for both languages (included, not rendered alone).
    ("report-style.html", include_str!("../../templates/report-style.html")),
    ("index-style.html", include_str!("../../templates/index-style.html")),
    ("zine-style.html", include_str!("../../templates/zine-style.html")),
    ("divine.txt", include_str!("../../templates/divine.txt")),
    (
        "blessing-notice.txt",
        include_str!("../../templates/blessing-notice.txt"),
    ),
    ("final.txt", include_str!("../../templates/final.txt")),
    ("final.html", include_str!("../../templates/final.html")),
    ("page.html", include_str!("../../templates/page.html")),
    ("index.html", include_str!("../../templates/index.html")),
    ("zine.html", include_str!("../../templates/zine.html")),
    ("published.html", include_str!("../../templates/published.html")),
    ("board-move.txt", include_str!("../../templates/board-move.txt")),
    // The French letters and pages (issue #14): `template_in` picks them for a French reader.
    ("welcome.fr.txt", include_str!("../../templates/welcome.fr.txt")),
    ("reply.fr.txt", include_str!("../../templates/reply.fr.txt")),
    (
        "foreign-signon.fr.txt",
        include_str!("../../templates/foreign-signon.fr.txt"),
    ),
    ("press.fr.txt", include_str!("../../templates/press.fr.txt")),
    ("reminder.fr.txt", include_str!("../../templates/reminder.fr.txt")),
    ("report.fr.txt", include_str!("../../templates/report.fr.txt")),
    ("report.fr.html", include_str!("../../templates/report.fr.html")),
    ("divine.fr.txt", include_str!("../../templates/divine.fr.txt")),
    (
        "blessing-notice.fr.txt",
        include_str!("../../templates/blessing-notice.fr.txt"),
    ),
    ("final.fr.txt", include_str!("../../templates/final.fr.txt")),
    ("final.fr.html", include_str!("../../templates/final.fr.html")),
    ("page.fr.html", include_str!("../../templates/page.fr.html")),
    ("index.fr.html", include_str!("../../templates/index.fr.html")),
    ("zine.fr.html", include_str!("../../templates/zine.fr.html")),
    ("published.fr.html", include_str!("../../templates/published.fr.html")),
    ("board-move.fr.txt", include_str!("../../templates/board-move.fr.txt")),
    // The players' questions and settings (src/game/ask.rs), in English and French.
    ("help.txt", include_str!("../../templates/help.txt")),
    ("help.fr.txt", include_str!("../../templates/help.fr.txt")),
    ("list.txt", include_str!("../../templates/list.txt")),
    ("list.fr.txt", include_str!("../../templates/list.fr.txt")),
    ("history.txt", include_str!("../../templates/history.txt")),
    ("history.fr.txt", include_str!("../../templates/history.fr.txt")),
    ("rules.txt", include_str!("../../templates/rules.txt")),
    ("rules.fr.txt", include_str!("../../templates/rules.fr.txt")),
    (
        "rules-diplomacy.txt",
        include_str!("../../templates/rules-diplomacy.txt"),
    ),
    (
        "rules-diplomacy.fr.txt",
        include_str!("../../templates/rules-diplomacy.fr.txt"),
    ),
    ("rules-diable.txt", include_str!("../../templates/rules-diable.txt")),
    (
        "rules-diable.fr.txt",
        include_str!("../../templates/rules-diable.fr.txt"),
    ),
    ("map.txt", include_str!("../../templates/map.txt")),
    ("map.fr.txt", include_str!("../../templates/map.fr.txt")),
    ("whoami.txt", include_str!("../../templates/whoami.txt")),
    ("whoami.fr.txt", include_str!("../../templates/whoami.fr.txt")),
    ("setting.txt", include_str!("../../templates/setting.txt")),
    ("setting.fr.txt", include_str!("../../templates/setting.fr.txt")),
    ("join.txt", include_str!("../../templates/join.txt")),
    ("join.fr.txt", include_str!("../../templates/join.fr.txt")),
    ("resignation.txt", include_str!("../../templates/resignation.txt")),
    ("resignation.fr.txt", include_str!("../../templates/resignation.fr.txt")),
    // The referee's desk (issue #13).
    ("desk-notice.txt", include_str!("../../templates/desk-notice.txt")),
    ("desk-notice.fr.txt", include_str!("../../templates/desk-notice.fr.txt")),
    ("desk-welcome.txt", include_str!("../../templates/desk-welcome.txt")),
    (
        "desk-welcome.fr.txt",
        include_str!("../../templates/desk-welcome.fr.txt"),
    ),
    ("desk-account.txt", include_str!("../../templates/desk-account.txt")),
    (
        "desk-account.fr.txt",
        include_str!("../../templates/desk-account.fr.txt"),
    ),
    ("desk-reply.txt", include_str!("../../templates/desk-reply.txt")),
    ("desk-reply.fr.txt", include_str!("../../templates/desk-reply.fr.txt")),
    ("desk-digest.txt", include_str!("../../templates/desk-digest.txt")),
    ("desk-digest.fr.txt", include_str!("../../templates/desk-digest.fr.txt")),
];

/// A recipient or sender: a name and an address.
#[derive(serde::Deserialize, serde::Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Person {
    pub name: String,
    pub email: String,
}

/// The template set of one game.
pub struct Templates {
    set: Set,
}

/// Where a game's templates come from.
enum Set {
    /// The built-in ones only: each parsed the first time the process renders it
    /// ([`built_in`]), so a run parses only the templates it needs, once.
    BuiltIn,
    /// At least one override: the whole set, overrides and built-ins, parsed when the game
    /// is opened, so that a broken override is named at once and an include finds the
    /// game's own version.
    Own(Box<Tera>),
}

impl Templates {
    /// The built-in templates, with the overrides found in `dir` (a game's `templates/`).
    pub fn load(dir: Option<&Path>) -> Result<Templates, TemplateError> {
        // The game's own templates, read; the built-in ones are copied only beside some
        // (copying them all for every game opened was 3 % of an accepted message).
        let mut own: Vec<(String, String)> = Vec::new();
        if let Some(dir) = dir.filter(|d| d.is_dir()) {
            for (name, _) in BUILT_IN {
                let path = dir.join(name);
                if path.is_file() {
                    let text = std::fs::read_to_string(&path).map_err(|e| TemplateError::Read {
                        path: path.clone(),
                        source: Arc::new(e),
                    })?;
                    own.push((name.to_string(), text));
                }
            }
        }
        if own.is_empty() {
            // Parsing the templates was half of `arbitre process`'s time per game, done
            // again for every game of a folder (BENCHMARKS.md, "The whole turn"); then the
            // whole built-in set, for a `mail` that renders one reply. Now nothing is parsed
            // here: each built-in template is parsed when first rendered, once per process.
            return Ok(Templates { set: Set::BuiltIn });
        }
        // In the order the built-in set and the overrides were always given to tera: the
        // built-in templates not overridden, then the game's own in the built-in order.
        let mut sources: Vec<(String, String)> = BUILT_IN
            .iter()
            .filter(|(n, _)| !own.iter().any(|(o, _)| o == n))
            .map(|(n, s)| (n.to_string(), s.to_string()))
            .collect();
        sources.extend(own);
        Ok(Templates {
            set: Set::Own(Box::new(parse(&sources)?)),
        })
    }

    pub fn has(&self, name: &str) -> bool {
        match &self.set {
            Set::BuiltIn => BUILT_IN.iter().any(|(n, _)| *n == name),
            Set::Own(tera) => tera.get_template_names().any(|n| n == name),
        }
    }

    /// Renders a view's template `NAME.EXT`.
    pub fn render_view(&self, view: &View, ext: &str) -> Result<String, TemplateError> {
        self.render(&format!("{}.{ext}", view.template()), &view.context()?)
    }

    /// Renders the text template `name` of a letter's `view` (`context` is the view's): the
    /// reply and the refusal are written in Rust when the game has no template of its own
    /// (`in_rust.rs`, which says why), every other letter through tera.
    fn render_text(&self, name: &str, view: &View, context: &Context) -> Result<String, TemplateError> {
        if let (Set::BuiltIn, Some(text)) = (&self.set, in_rust::render(name, view)) {
            // A debug build (the tests) checks every such letter against the template.
            #[cfg(debug_assertions)]
            {
                let tera = self.render(name, context)?;
                assert!(
                    tera == text,
                    "src/report/in_rust.rs does not write what tera renders of templates/{name}: \
                     change it as the template was changed\n--- tera:\n{tera}\n--- in Rust:\n{text}"
                );
            }
            return Ok(text);
        }
        self.render(name, context)
    }

    /// Renders one template.
    pub fn render(&self, name: &str, context: &Context) -> Result<String, TemplateError> {
        let tera = match &self.set {
            Set::BuiltIn => built_in(name)?,
            Set::Own(tera) => tera,
        };
        tera.render(name, context).map_err(|e| TemplateError::Render {
            template: name.to_string(),
            message: chain(&e),
        })
    }
}

/// The built-in template `name`, with the built-in templates it includes, parsed the first
/// time it is asked for; the same for the rest of the process.
fn built_in(name: &str) -> Result<&'static Tera, TemplateError> {
    static PARSED: [OnceLock<Result<Tera, TemplateError>>; BUILT_IN.len()] =
        [const { OnceLock::new() }; BUILT_IN.len()];
    let index = BUILT_IN
        .iter()
        .position(|(n, _)| *n == name)
        .ok_or_else(|| TemplateError::NoSuch {
            template: name.to_string(),
        })?;
    PARSED[index]
        .get_or_init(|| {
            let mut wanted = vec![name];
            let mut i = 0;
            while i < wanted.len() {
                let source = BUILT_IN.iter().find(|(n, _)| *n == wanted[i]).map_or("", |(_, s)| s);
                // Most templates include none: not looked for by name, one by one.
                let includes = if source.contains("{% include") { BUILT_IN } else { &[] };
                for (included, _) in includes {
                    if source.contains(&format!("{{% include \"{included}\" %}}")) && !wanted.contains(included) {
                        wanted.push(included);
                    }
                }
                i += 1;
            }
            let sources: Vec<(String, String)> = BUILT_IN
                .iter()
                .filter(|(n, _)| wanted.contains(n))
                .map(|(n, s)| (n.to_string(), s.to_string()))
                .collect();
            parse(&sources)
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The templates from their sources (name, text).
fn parse(sources: &[(String, String)]) -> Result<Tera, TemplateError> {
    let mut tera = Tera::default();
    tera.autoescape_on(vec![".html"]);
    // `{{ power | fr(f="de") }}`: a power or role in a French sentence (`de l'Angleterre`).
    tera.register_filter("fr", crate::map::standard_french_names().clone());
    // `{{ game | de }}`: `de` before a game's name, elided before a vowel (`d'essai`).
    tera.register_filter(
        "de",
        |v: &tera::Value, _: &std::collections::HashMap<String, tera::Value>| {
            let name = tera::try_get_value!("de", "value", String, v);
            Ok(tera::Value::String(crate::lang::fr::of_place(&name)))
        },
    );
    tera.add_raw_templates(sources.iter().map(|(n, s)| (n.as_str(), s.as_str())))
        .map_err(|e| TemplateError::Parse {
            template: at_fault(sources),
            message: chain(&e),
        })?;
    Ok(tera)
}

/// The first of `sources` that does not parse on its own, to name in a parse error (only
/// when the set has failed, so the cost of parsing them again does not matter).
fn at_fault(sources: &[(String, String)]) -> Option<String> {
    sources
        .iter()
        .find(|(n, s)| Tera::default().add_raw_template(n, s).is_err())
        .map(|(n, _)| n.clone())
}

/// A tera error with its causes, which is where tera says what went wrong.
fn chain(e: &tera::Error) -> String {
    let mut s = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        s.push_str(": ");
        s.push_str(&cause.to_string());
        source = cause.source();
    }
    s
}

/// One message to one recipient, before rendering.
#[derive(Clone, Debug)]
pub struct Letter {
    /// The file name in the outbox, without `.eml`; unique for what the message is, so a
    /// run redone after a crash writes the same file again rather than a second message.
    pub stem: String,
    pub to: Person,
    pub subject: String,
    /// What the letter says: the view names its template (`NAME.txt`, with `NAME.html` as
    /// an HTML part when there is one) and holds what the template is given.
    pub view: View,
    /// The Message-ID this answers (without brackets).
    pub in_reply_to: Option<String>,
    /// The reader's language: the template `NAME.fr.txt` is used for French where it
    /// exists, else `NAME.txt`.
    pub lang: crate::lang::Lang,
    /// What the letter is to its reader, which its headers say: a reply, a letter of the
    /// referee's own, or one of the game's broadcasts.
    pub kind: Kind,
    /// The map the letter shows inline, under its text (issue #15): the HTML part then
    /// shows it, and the plain text stays as it is.
    pub picture: Option<MapPng>,
}

/// A map picture a letter carries: the PNG's bytes, shared by every letter of a phase that
/// shows the same picture ([`crate::picture::Album`]).
#[derive(Clone, PartialEq, Eq)]
pub struct MapPng(pub Arc<[u8]>);

impl std::fmt::Debug for MapPng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MapPng({} bytes)", self.0.len())
    }
}

/// What a letter is to its reader, for the headers a mail program sorts by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    /// An answer to the reader's own message: `Auto-Submitted: auto-replied` (RFC 3834),
    /// with In-Reply-To and References to that message when it had a Message-ID.
    Reply,
    /// Written by the referee unasked, for this reader alone (a welcome, a private report,
    /// private press, a notice): `Auto-Submitted: auto-generated`.
    #[default]
    Own,
    /// One of the game's broadcasts (a public report, public press, a reminder, a move of a
    /// board game): `auto-generated`, and the game's `List-Id` so that its players can
    /// file them. The List-Id names the game only: every reader of a broadcast gets the same.
    Broadcast {
        /// The game's name.
        game: String,
    },
}

impl Letter {
    /// This letter as one of `game`'s broadcasts.
    pub fn broadcast(mut self, game: &str) -> Letter {
        self.kind = Kind::Broadcast { game: game.to_string() };
        self
    }

    /// This letter with a map picture, when there is one.
    pub fn with_picture(mut self, png: Option<Arc<[u8]>>) -> Letter {
        self.picture = png.map(MapPng);
        self
    }

    /// This letter as the answer to the message `id` (without brackets), when it has one.
    pub fn replying_to(mut self, id: Option<String>) -> Letter {
        self.kind = Kind::Reply;
        self.in_reply_to = id;
        self
    }
}

/// The List-Id of a game's broadcasts: `<GAME.arbitre.DOMAIN>` (RFC 2919), the game's name
/// in the letters a list label may hold (lower case, digits, `-`), the referee's domain.
pub fn list_id(game: &str, domain: &str) -> String {
    let label: String = game
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            c @ ('a'..='z' | '0'..='9' | '-') => c,
            _ => '-',
        })
        .collect();
    let label = label.trim_matches('-');
    let label = if label.is_empty() { "game" } else { label };
    format!("<{label}.arbitre.{domain}>")
}

fn raw_header(name: &'static str, value: String) -> lettre::message::header::HeaderValue {
    lettre::message::header::HeaderValue::new(lettre::message::header::HeaderName::new_from_ascii_str(name), value)
}

/// The name of a template in a language: `report.fr.txt` for `("report", "txt", Fr)` where
/// the set has it, else `report.txt`.
pub fn template_in(templates: &Templates, stem: &str, ext: &str, lang: crate::lang::Lang) -> String {
    if lang != crate::lang::Lang::En {
        let name = format!("{stem}.{}.{ext}", lang.code());
        if templates.has(&name) {
            return name;
        }
    }
    format!("{stem}.{ext}")
}

/// Renders a letter to the bytes of an RFC 5322 message.
///
/// A letter with a picture has an HTML part that shows it (`<img src="cid:…">`): its
/// template's `NAME.html`, given the picture's source as `picture`, or, for a letter with
/// no HTML template, its text under the picture.
pub fn render_letter(
    templates: &Templates,
    from: &Person,
    letter: &Letter,
    date: chrono::DateTime<chrono::FixedOffset>,
) -> Result<Vec<u8>, LetterError> {
    let template = letter.view.template();
    let mut context = letter.view.context().map_err(LetterError::Template)?;
    let text = templates
        .render_text(
            &template_in(templates, template, "txt", letter.lang),
            &letter.view,
            &context,
        )
        .map_err(LetterError::Template)?;
    // A French letter is typeset the French way (non-breaking spaces before : ; ! ?).
    let french = |t: String| match letter.lang {
        crate::lang::Lang::Fr => crate::lang::fr::typography(&t),
        crate::lang::Lang::En => t,
    };
    let text = french(text);
    // The picture's Content-ID, like the Message-ID, from the message itself: the same
    // letter always has the same bytes.
    let tag = tag_of(letter, &text);
    let picture = letter
        .picture
        .as_ref()
        .map(|png| (format!("map.{tag}@{}", domain_of(from)), png));
    if let Some((id, _)) = &picture {
        context.insert("picture", &format!("cid:{id}"));
    }
    let html_name = template_in(templates, template, "html", letter.lang);
    let html = if templates.has(&html_name) {
        Some(french(
            templates.render(&html_name, &context).map_err(LetterError::Template)?,
        ))
    } else {
        picture
            .as_ref()
            .map(|(id, _)| text_under_picture(&typeset_subject(letter), &normalise(&text), id, letter.lang))
    };
    eml(from, letter, &text, html.as_deref(), picture, &tag, date).map_err(LetterError::Address)
}

/// The letter's subject as its text is typeset: a French one the French way, like the
/// letter (« vopaliec, printemps 1901, mouvements : reçu », the space before the colon
/// non-breaking).
fn typeset_subject(letter: &Letter) -> String {
    match letter.lang {
        crate::lang::Lang::Fr => crate::lang::fr::typography(&letter.subject),
        crate::lang::Lang::En => letter.subject.clone(),
    }
}

/// What names a message in its Message-ID, boundaries and Content-ID: a digest of its file
/// name and its text.
fn tag_of(letter: &Letter, text: &str) -> String {
    let digest = Sha256::new()
        .chain_update(letter.stem.as_bytes())
        .chain_update(text.as_bytes())
        .finalize();
    crate::dice::hex(&digest[..12])
}

/// The HTML part of a letter with a picture and no HTML template: the picture, then the
/// text as it is.
fn text_under_picture(subject: &str, text: &str, id: &str, lang: crate::lang::Lang) -> String {
    let alt = crate::words::pick(lang, "the map", "la carte");
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head><meta charset=\"utf-8\"><title>{}</title></head>\n<body>\n\
         <p><img src=\"cid:{id}\" alt=\"{alt}\" style=\"max-width: 100%; height: auto\"></p>\n\
         <pre style=\"white-space: pre-wrap\">{}</pre>\n</body>\n</html>\n",
        lang.code(),
        html_escape(subject),
        html_escape(text)
    )
}

/// Text made safe inside HTML.
pub fn html_escape(text: &str) -> String {
    // The same five characters as in the pictures' SVG: one function for both.
    crate::picture::svg::escape(text)
}

/// The domain of the referee's address, for Message-IDs and Content-IDs.
fn domain_of(from: &Person) -> &str {
    from.email.rsplit('@').next().unwrap_or("arbitre.invalid")
}

fn mailbox(p: &Person) -> Result<Mailbox, AddressError> {
    let address = p.email.parse().map_err(|e| AddressError::NotAnAddress {
        email: p.email.clone(),
        reason: format!("{e}"),
    })?;
    Ok(Mailbox::new(Some(p.name.clone()), address))
}

fn eml(
    from: &Person,
    letter: &Letter,
    text: &str,
    html: Option<&str>,
    picture: Option<(String, &MapPng)>,
    tag: &str,
    date: chrono::DateTime<chrono::FixedOffset>,
) -> Result<Vec<u8>, AddressError> {
    let domain = domain_of(from);
    let mut builder = Message::builder()
        .from(mailbox(from)?)
        .to(mailbox(&letter.to)?)
        .subject(typeset_subject(letter))
        .date(date.into())
        .message_id(Some(format!("<{}.{tag}@{domain}>", letter.stem)))
        .user_agent("arbitre".into());
    if let Some(id) = &letter.in_reply_to {
        builder = builder.in_reply_to(format!("<{id}>")).references(format!("<{id}>"));
    }
    // A letter that answers a message is a reply whatever kind it was made as.
    let reply = letter.kind == Kind::Reply || letter.in_reply_to.is_some();
    builder = builder.raw_header(raw_header(
        "Auto-Submitted",
        if reply { "auto-replied" } else { "auto-generated" }.to_string(),
    ));
    if let Kind::Broadcast { game } = &letter.kind {
        builder = builder.raw_header(raw_header("List-Id", list_id(game, domain)));
    }
    let text = normalise(text);
    let text_part = SinglePart::builder().content_type(ContentType::TEXT_PLAIN).body(text);
    let message = match html {
        None => builder.singlepart(text_part),
        Some(html) => {
            let html_part = SinglePart::builder()
                .content_type(ContentType::TEXT_HTML)
                .body(html.to_string());
            let alternative = MultiPart::alternative()
                .boundary(format!("=_arbitre_{tag}"))
                .singlepart(text_part);
            // The picture goes with the HTML part that shows it (RFC 2387): the reader's
            // mail program shows the text, or the HTML with its picture.
            builder.multipart(match picture {
                None => alternative.singlepart(html_part),
                Some((id, png)) => alternative.multipart(
                    MultiPart::related()
                        .boundary(format!("=_arbitre_related_{tag}"))
                        .singlepart(html_part)
                        .singlepart(
                            Attachment::new_inline(id)
                                .body(png.0.to_vec(), ContentType::parse("image/png").expect("a MIME type")),
                        ),
                ),
            })
        }
    }
    .map_err(|e| AddressError::Unbuildable {
        to: letter.to.email.clone(),
        reason: e.to_string(),
    })?;
    Ok(message.formatted())
}

/// Trailing blanks off every line, at most one blank line in a row, one final newline:
/// templates can then be written for readability.
pub fn normalise(text: &str) -> String {
    let mut out = String::new();
    let mut blank = 0;
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            blank += 1;
            continue;
        }
        if !out.is_empty() && blank > 0 {
            out.push('\n');
        }
        blank = 0;
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_collapse_and_trailing_blanks_go() {
        assert_eq!(normalise("a  \n\n\n\nb\n\n"), "a\n\nb\n");
        assert_eq!(normalise("\n\na\n"), "a\n");
    }

    #[test]
    fn the_built_in_templates_parse() {
        let t = Templates::load(None).unwrap();
        for (name, _) in BUILT_IN {
            assert!(t.has(name), "{name}");
            let parsed = built_in(name).unwrap_or_else(|e| panic!("{e}"));
            assert!(parsed.get_template_names().any(|n| n == *name), "{name}");
        }
        // Parsed once: the same set every time it is asked for.
        assert!(std::ptr::eq(
            built_in("reply.txt").unwrap(),
            built_in("reply.txt").unwrap()
        ));
        // An include comes with the template that includes it.
        assert!(built_in("page.html")
            .unwrap()
            .get_template_names()
            .any(|n| n == "report.html"));
        assert!(!t.has("nonesuch.txt") && t.render("nonesuch.txt", &Context::new()).is_err());
    }

    /// A letter of each kind rendered: its headers.
    fn headers_of(kind: Kind, in_reply_to: Option<&str>) -> String {
        let from = Person {
            name: "Referee".into(),
            email: "ref@vopaliec.example".into(),
        };
        let letter = Letter {
            stem: "x".into(),
            to: Person {
                name: "Ann".into(),
                email: "ann@example.org".into(),
            },
            subject: "s".into(),
            view: views::Rejection::default().into(),
            in_reply_to: in_reply_to.map(str::to_string),
            lang: crate::lang::Lang::En,
            kind,
            picture: None,
        };
        let date = chrono::DateTime::parse_from_rfc3339("2026-12-01T20:00:00+01:00").unwrap();
        let bytes = render_letter(&Templates::load(None).unwrap(), &from, &letter, date).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        text.split("\r\n\r\n").next().unwrap().to_string()
    }

    #[test]
    fn replies_reports_and_broadcasts_say_so_in_their_headers() {
        let reply = headers_of(Kind::Reply, Some("m1@player.example"));
        assert!(reply.contains("In-Reply-To: <m1@player.example>\r\n"), "{reply}");
        assert!(reply.contains("References: <m1@player.example>\r\n"), "{reply}");
        assert!(reply.contains("Auto-Submitted: auto-replied\r\n"), "{reply}");
        assert!(!reply.contains("List-Id"), "{reply}");
        let own = headers_of(Kind::Own, None);
        assert!(own.contains("Auto-Submitted: auto-generated\r\n"), "{own}");
        assert!(!own.contains("In-Reply-To") && !own.contains("List-Id"), "{own}");
        let broadcast = headers_of(
            Kind::Broadcast {
                game: "Vopaliec 2".into(),
            },
            None,
        );
        assert!(broadcast.contains("Auto-Submitted: auto-generated\r\n"), "{broadcast}");
        assert!(
            broadcast.contains("List-Id: <vopaliec-2.arbitre.vopaliec.example>\r\n"),
            "{broadcast}"
        );
        // A message answered is a reply whatever the letter was made as.
        let answered = headers_of(Kind::Own, Some("m2@player.example"));
        assert!(answered.contains("Auto-Submitted: auto-replied\r\n"), "{answered}");
        assert_eq!(list_id("--", "d.example"), "<game.arbitre.d.example>");
    }

    #[test]
    fn a_broken_override_is_named() {
        let dir = std::env::temp_dir().join(format!("arbitre-tpl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("reply.txt"), "{% if %}").unwrap();
        let e = Templates::load(Some(&dir)).err().unwrap();
        assert!(matches!(&e, TemplateError::Parse { .. }), "{e:?}");
        assert_eq!(e.template(), Some("reply.txt"));
        let text = e.to_string();
        assert!(text.starts_with("template error (check the file's syntax): "), "{text}");
        assert!(text.contains("reply.txt"), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_override_that_cannot_be_read_names_its_path() {
        let dir = std::env::temp_dir().join(format!("arbitre-tpl-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("reply.txt"), [0xff, 0xfe, 0x00]).unwrap(); // not UTF-8
        let e = Templates::load(Some(&dir)).err().unwrap();
        let TemplateError::Read { path, source } = &e else {
            panic!("not a read error: {e:?}")
        };
        assert_eq!(path, &dir.join("reply.txt"));
        assert_eq!(e.to_string(), format!("{}: {source}", path.display()));
        assert_eq!(e.template(), Some("reply.txt"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unknown_template_and_a_bad_address_say_which() {
        let t = Templates::load(None).unwrap();
        let e = t.render("nonesuch.txt", &Context::new()).unwrap_err();
        assert_eq!(e.to_string(), "cannot render nonesuch.txt: there is no such template");
        assert_eq!(e.template(), Some("nonesuch.txt"));
        let e = mailbox(&Person {
            name: "X".into(),
            email: "x@".into(),
        })
        .unwrap_err();
        assert!(
            matches!(&e, AddressError::NotAnAddress { email, .. } if email == "x@"),
            "{e:?}"
        );
        assert!(e.to_string().starts_with("\"x@\" is not an address: "), "{e}");
    }
}
