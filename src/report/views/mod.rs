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
//!
//! A view holds values already in its reader's words (text, or types of the layers below
//! the reports): the game words what it says before it builds the view, so rendering calls
//! no game code. One file per kind of letter: `flow.rs` (a refusal, press, a reminder, a
//! board game's move, failed sign-ons), `report.rs` (a phase's report and the divine
//! players' part), `pages.rs` (the web pages and the zine), `welcome.rs`, `reply.rs`, `ask.rs`
//! (the answers to questions and settings), `ending.rs` (the final report) and `desk.rs` (the
//! referee's desk).

mod ask;
mod desk;
mod ending;
mod flow;
mod pages;
mod reply;
mod report;
#[cfg(test)]
mod tests;
mod welcome;

pub use ask::*;
pub use desk::*;
pub use ending::*;
pub use flow::*;
pub use pages::*;
pub use reply::*;
pub use report::*;
pub use welcome::*;

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
    /// The phase (a Diplomacy phase in the reader's language, or the board game's).
    pub phase: String,
    /// The current deadline in the reader's time zone and in UTC, in the reader's
    /// language; empty when there is none.
    pub deadline: String,
    /// The state file's commitment (the hash of the seed), empty before the game starts.
    pub commitment: String,
}

/// Declares [`View`], one variant per template, with the template's name.
macro_rules! views {
    ($($(#[$doc:meta])* $variant:ident($ty:ty) = $name:literal,)*) => {
        /// A letter's or page's data: which template, and what it is given (boxed: the
        /// views differ much in size, and a letter is moved around).
        #[derive(Clone, Debug)]
        pub enum View {
            $($(#[$doc])* $variant(Box<$ty>),)*
        }

        impl View {
            /// The template's name without its extension.
            pub fn template(&self) -> &'static str {
                match self {
                    $(View::$variant(_) => $name,)*
                }
            }

            /// The tera context: the view's fields by name.
            pub fn context(&self) -> Result<Context, super::TemplateError> {
                let c = match self {
                    $(View::$variant(v) => Context::from_serialize(&**v),)*
                };
                c.map_err(|e| super::TemplateError::View {
                    template: self.template(),
                    message: e.to_string(),
                })
            }
        }

        $(impl From<$ty> for View {
            fn from(v: $ty) -> View {
                View::$variant(Box::new(v))
            }
        })*
    };
}

views! {
    /// `rejection.txt`.
    Rejection(Rejection) = "rejection",
    /// `press.txt`.
    Press(Press) = "press",
    /// `reminder.txt`.
    Reminder(Reminder) = "reminder",
    /// `board-move.txt`.
    BoardMove(BoardMove) = "board-move",
    /// `foreign-signon.txt`.
    ForeignSignon(ForeignSignon) = "foreign-signon",
    /// `report.txt` and `report.html`.
    Report(ReportLetter) = "report",
    /// `welcome.txt`, to a Diplomacy player.
    Welcome(Welcome) = "welcome",
    /// `welcome.txt`, to a board game's player.
    BoardWelcome(BoardWelcome) = "welcome",
    /// `reply.txt`, to a Diplomacy player.
    Reply(Reply) = "reply",
    /// `reply.txt`, to a board game's player.
    BoardReply(BoardReply) = "reply",
    /// `reply.txt`, once the game is over.
    OverReply(OverReply) = "reply",
    /// `final.txt` and `final.html`, to a Diplomacy player.
    Final(Final) = "final",
    /// `final.txt` and `final.html`, to a board game's player.
    BoardFinal(BoardFinal) = "final",
    /// `divine.txt`.
    Divine(Divine) = "divine",
    /// `blessing-notice.txt`.
    BlessingNotice(BlessingNotice) = "blessing-notice",
    /// `page.html` (a page, not a letter).
    Page(Page) = "page",
    /// `index.html` (a page, not a letter).
    Index(Index) = "index",
    /// `zine.html` (a document, not a letter).
    Zine(Zine) = "zine",
    /// `published.html`, the list of the games `arbitre publish` wrote (a page, not a letter).
    Published(Published) = "published",
    // The players' questions and settings.
    /// `help.txt`.
    Help(Help) = "help",
    /// `list.txt`.
    List(List) = "list",
    /// `history.txt`.
    History(History) = "history",
    /// `rules.txt`.
    Rules(Rules) = "rules",
    /// `map.txt`.
    Map(MapLetter) = "map",
    /// `whoami.txt`.
    WhoAmI(WhoAmI) = "whoami",
    /// `setting.txt`.
    Setting(Setting) = "setting",
    /// `join.txt`.
    Join(Join) = "join",
    /// `resignation.txt`.
    Resignation(Resignation) = "resignation",
    /// `desk-notice.txt`.
    DeskNotice(DeskNotice) = "desk-notice",
    /// `desk-welcome.txt`.
    DeskWelcome(DeskWelcome) = "desk-welcome",
    /// `desk-account.txt`.
    DeskAccount(DeskAccount) = "desk-account",
    /// `desk-reply.txt`.
    DeskReply(DeskReply) = "desk-reply",
    /// `desk-digest.txt`.
    DeskDigest(DeskDigest) = "desk-digest",
}

impl View {
    /// What a reply says of the message it answers; `None` for a letter that is no reply.
    pub fn answered(&mut self) -> Option<&mut Answered> {
        match self {
            View::Reply(r) => Some(&mut r.answered),
            View::BoardReply(r) => Some(&mut r.answered),
            View::OverReply(r) => Some(&mut r.answered),
            _ => None,
        }
    }
}
