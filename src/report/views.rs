//! The typed views of the templates (issue #17): each template renders one struct made for
//! it, so what a template can use is written in one place, and a field a letter forgets is a
//! compile error rather than a render error in a game.
//!
//! A [`View`] is one of these structs; its variant names the template (`NAME.txt`, with
//! `NAME.html` where there is one), so no letter names a template by a free string. The
//! field names are the template variables, the same as before the views, so that the
//! overrides in a game's `templates/` keep working.
//!
//! Hidden information stays visible in the types: a view sent to everyone has no field that
//! could say who plays God or the Devil.

use serde::Serialize;
use tera::Context;

/// What every letter to a player can use: the game, the recipient, the phase.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Common {
    /// The game's name (`game:` of the game file).
    pub game: String,
    /// The kind of game, in words ("Diplomacy", "Diable et Bon Dieu", a board game's title).
    pub title: String,
    /// The referee's name, to sign with.
    pub referee: String,
    /// The recipient's own role.
    pub role: String,
    /// The recipient's name, as registered.
    pub name: String,
    /// The phase (a Diplomacy phase, or the board game's), as the state file says it.
    pub phase: String,
    /// The current deadline in the game's time zone, empty when there is none.
    pub deadline: String,
    /// The state file's commitment (the hash of the seed), empty before the game starts.
    pub commitment: String,
}

/// `rejection.txt`: a message not acted on, to its sender, whoever that is. Nothing in it
/// depends on the game's secrets: only what the sender wrote and why it was refused.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Rejection {
    /// Always empty: a refusal does not say which game it was about (a probe would learn
    /// that the game exists). Kept so that an override may test it.
    pub game: String,
    /// The sender's display name, empty when the message had none.
    pub name: String,
    /// The subject of the refused message.
    pub subject: String,
    /// The referee's name.
    pub referee: String,
    /// Why it was refused, one line.
    pub reason: String,
}

/// Declares [`View`], one variant per template, with the template's name.
macro_rules! views {
    ($($(#[$doc:meta])* $variant:ident($ty:ty) = $name:literal,)*) => {
        /// A letter's or page's data: which template, and what it is given.
        #[derive(Clone, Debug)]
        pub enum View {
            $($(#[$doc])* $variant($ty),)*
            /// Not yet typed: a template name and a string-keyed context.
            Untyped { template: &'static str, context: Context },
        }

        impl View {
            /// The template's name without its extension.
            pub fn template(&self) -> &'static str {
                match self {
                    $(View::$variant(_) => $name,)*
                    View::Untyped { template, .. } => template,
                }
            }

            /// The tera context: the view's fields by name.
            pub fn context(&self) -> Result<Context, String> {
                let c = match self {
                    $(View::$variant(v) => Context::from_serialize(v),)*
                    View::Untyped { context, .. } => return Ok(context.clone()),
                };
                c.map_err(|e| format!("cannot give the view to {}: {e}", self.template()))
            }
        }

        $(impl From<$ty> for View {
            fn from(v: $ty) -> View {
                View::$variant(v)
            }
        })*
    };
}

views! {
    /// `rejection.txt`.
    Rejection(Rejection) = "rejection",
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Templates;

    /// One sample of every typed view, with every list non-empty and every flag set, so
    /// that each branch of its template is taken.
    pub(crate) fn samples() -> Vec<View> {
        vec![Rejection {
            game: String::new(),
            name: "Ann".into(),
            subject: "orders".into(),
            referee: "The Referee".into(),
            reason: "line 1: no SIGNON".into(),
        }
        .into()]
    }

    /// Every built-in template renders from its sample view: a template that uses a
    /// variable its view does not have fails here, not in a game.
    #[test]
    fn each_template_renders_from_its_view() {
        let t = Templates::load(None).unwrap();
        for view in samples() {
            let c = view.context().unwrap();
            for ext in ["txt", "html"] {
                let name = format!("{}.{ext}", view.template());
                if t.has(&name) {
                    let text = t.render(&name, &c).unwrap_or_else(|e| panic!("{e}"));
                    assert!(!text.trim().is_empty(), "{name}");
                }
            }
        }
    }

    /// The check above can fail: tera refuses a variable the context does not have.
    #[test]
    fn a_field_the_view_lacks_is_an_error() {
        let t = Templates::load(None).unwrap();
        let mut c = View::from(Rejection::default()).context().unwrap();
        c.remove("reason");
        let e = t.render("rejection.txt", &c).unwrap_err();
        assert!(e.contains("reason"), "{e}");
    }
}
