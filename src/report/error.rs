//! What can go wrong when a letter or a page is made: a template (built in, or a game's
//! own in `GAME/templates/`) that cannot be read, parsed or rendered, and an address no
//! message can be made for. Each names the template or the address, and says what to do.

use std::path::PathBuf;
use std::sync::Arc;

/// A template that cannot be used: every letter or page of its kind fails until the
/// referee fixes it (a game's own template), or until the program is fixed (a built-in one).
#[derive(Clone, Debug, thiserror::Error)]
pub enum TemplateError {
    /// A game's own template that cannot be read.
    #[error("{}: {source}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: Arc<std::io::Error>,
    },
    /// A template that does not parse: `template` is the one at fault when it can be told
    /// alone (tera's own message names it too).
    #[error("template error (check the file's syntax): {message}")]
    Parse { template: Option<String>, message: String },
    /// A name no template has.
    #[error("cannot render {template}: there is no such template")]
    NoSuch { template: String },
    /// A template that parses but fails on what it is given (most often a variable its
    /// view does not have).
    #[error(
        "cannot render {template}: {message} (a template may use only the fields of its view, \
         listed in src/report/views/)"
    )]
    Render { template: String, message: String },
    /// A view that cannot be handed to its template.
    #[error("cannot give the view to {template}: {message}")]
    View { template: &'static str, message: String },
}

impl TemplateError {
    /// The template at fault, when it is known.
    pub fn template(&self) -> Option<&str> {
        match self {
            TemplateError::Read { path, .. } => path.file_name().and_then(|n| n.to_str()),
            TemplateError::Parse { template, .. } => template.as_deref(),
            TemplateError::NoSuch { template } | TemplateError::Render { template, .. } => Some(template),
            TemplateError::View { template, .. } => Some(template),
        }
    }
}

/// A letter whose addresses cannot make a message (a sender's `x@`): only this letter fails.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// The address itself, with what the mail library found wrong in it.
    #[error("\"{email}\" is not an address: {reason}")]
    NotAnAddress { email: String, reason: String },
    /// The message to `to` cannot be put together.
    #[error("cannot build the message to {to}: {reason}")]
    Unbuildable { to: String, reason: String },
}

/// Why a letter could not be rendered.
#[derive(Clone, Debug, thiserror::Error)]
pub enum LetterError {
    /// A template is broken: every letter of its kind fails; the referee must fix it.
    #[error(transparent)]
    Template(#[from] TemplateError),
    /// This letter's addresses cannot make a message: only it fails.
    #[error(transparent)]
    Address(#[from] AddressError),
}
