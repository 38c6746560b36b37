//! Two built-in templates also written in Rust: `reply.txt` (English) and `rejection.txt`,
//! the letters of the mail path, rendered once per process.
//!
//! tera keeps no parsed form of a template: every process parses the templates it renders,
//! and the mail path starts one process per message. Parsing `reply.txt` (about 1,500
//! characters, some 3,300 instructions a character in pest) was 5 million instructions, half
//! of an accepted message; `rejection.txt` 1.5 million, a third of a refusal (BENCHMARKS.md,
//! "An accepted message nearer the floor"). So when a game has no template of its own (no
//! `templates/` override of any name) these two letters are written by the functions below,
//! which say in Rust what the template says, over the same typed views.
//!
//! The template stays the source of truth: a game's own `reply.txt` goes through tera as
//! before, the French reply too, and a view these functions do not cover returns `None` and
//! goes through tera. A debug build (every test, every `arbitre` a test starts) renders each
//! of these letters both ways and panics if a byte differs ([`render`]), so the whole test
//! suite checks them against the template; a change to `templates/reply.txt` or
//! `templates/rejection.txt` must be made here too, or those tests fail.

use super::views::{Answered, BoardReply, OnFile, OverReply, Rejection, Reply, View};
use std::fmt::Write;

/// The built-in English text of `view`'s letter, written without tera, for the views whose
/// built-in template is written here too (`name` is the template chosen); `None` for the
/// others, which go through tera.
pub(super) fn render(name: &str, view: &View) -> Option<String> {
    match (name, view) {
        ("reply.txt", View::Reply(r)) => reply(r),
        ("reply.txt", View::BoardReply(r)) => board_reply(r),
        ("reply.txt", View::OverReply(r)) => over_reply(r),
        ("rejection.txt", View::Rejection(r)) => Some(rejection(r)),
        _ => None,
    }
}

/// `templates/rejection.txt`.
fn rejection(r: &Rejection) -> String {
    let mut s = String::with_capacity(600);
    if r.name.is_empty() {
        s += "Hello,";
    } else {
        let _ = write!(s, "Dear {},", r.name);
    }
    s += "\n\nYour message";
    if !r.subject.is_empty() {
        let _ = write!(s, " \"{}\"", r.subject);
    }
    let _ = write!(
        s,
        " was not acted on:\n  {}\nNothing was changed.\n\n\
         Every message to the referee begins with the line\n  SIGNON <role> <game> <password>\n\
         and comes from the address registered for that role.\n--\nVotre message",
        r.reason
    );
    if !r.subject.is_empty() {
        let _ = write!(s, " «\u{a0}{}\u{a0}»", r.subject);
    }
    let _ = write!(
        s,
        " n'a pas été pris en compte\u{a0}:\n  {}\nRien n'a été changé.\n\n\
         Tout message à l'arbitre commence par la ligne\n  SIGNON <rôle> <partie> <mot de passe>\n\
         et vient de l'adresse inscrite pour ce rôle.\n\n{}\n",
        r.reason_fr, r.referee
    );
    s
}

/// `templates/reply.txt` for a Diplomacy player: a power, God or the Devil.
fn reply(r: &Reply) -> Option<String> {
    let mut s = head(&r.common.name, "", &r.answered);
    let c = &r.common;
    if c.role == "God" || c.role == "Devil" {
        let _ = writeln!(s, "\nOn file for you in {}:", c.phase);
        lines(&mut s, &r.divine_on_file);
        if !r.missing.is_empty() {
            s += "\nStill open:\n";
            lines(&mut s, &r.missing);
        }
    } else {
        let _ = writeln!(s, "\nOrders on file for {}, {}:", c.role, c.phase);
        on_file(&mut s, &r.on_file);
        if r.missing.is_empty() {
            s += "\nYour orders are complete.\n";
        } else {
            s += "\nStill missing:\n";
            lines(&mut s, &r.missing);
        }
        match r.vote.as_str() {
            "" => {}
            "draw" => s += "You vote for a draw.\n",
            "continue" => s += "You vote to continue the game.\n",
            vote => {
                let _ = writeln!(s, "Your vote: {vote}.");
            }
        }
    }
    let _ = write!(s, "\nDeadline: {}\n\n{}\n", c.deadline, c.referee);
    Some(s)
}

/// `templates/reply.txt` for a board game's player.
fn board_reply(r: &BoardReply) -> Option<String> {
    if !r.boardgame {
        // The template would read fields this view does not have: tera says so.
        return None;
    }
    let mut s = head(&r.common.name, "", &r.answered);
    let _ = write!(s, "\n{}\n", r.board);
    if !r.to_move.is_empty() {
        let _ = write!(s, "{} is to move.", r.to_move);
    }
    s += "\n";
    if let Some(notation) = r.notation.as_deref().filter(|n| !n.is_empty()) {
        let _ = write!(s, "\nHow to write a move:\n{notation}\n");
    }
    let _ = write!(s, "\n{}\n", r.common.referee);
    Some(s)
}

/// `templates/reply.txt` once the game is over.
fn over_reply(r: &OverReply) -> Option<String> {
    if r.over.is_empty() {
        // The template would go on to branches that read fields this view does not have.
        return None;
    }
    let mut s = head(&r.common.name, &r.over, &r.answered);
    let _ = write!(s, "\n{}\n", r.common.referee);
    Some(s)
}

/// The part of `reply.txt` every reply has: the greeting, the end of the game if it is
/// over, and what came of each line of the message.
fn head(name: &str, over: &str, a: &Answered) -> String {
    let mut s = String::with_capacity(1024);
    let _ = writeln!(s, "Dear {name},");
    if !over.is_empty() {
        let _ = write!(s, "\nThe game is over. {over}\nNothing was changed.\n");
    }
    if !a.done.is_empty() {
        s += "\nDone:\n";
        for (_, d) in &a.done {
            let _ = writeln!(s, "  {d}");
        }
    }
    if !a.errors.is_empty() {
        s += "\nNot done (nothing was changed for these lines):\n";
        for e in &a.errors {
            let _ = write!(s, "  line {}: {}\n      {}\n", e.line, e.text, e.message);
        }
        if a.more_errors != 0 {
            let _ = writeln!(s, "  … and {} more", a.more_errors);
        }
    }
    if !a.unread.is_empty() {
        let _ = write!(s, "\nNot read: {}.\n", a.unread);
    }
    if !a.not_understood.is_empty() {
        s += "\nNot understood (ignored; HELP lists the commands you may use):\n";
        for e in &a.not_understood {
            let _ = writeln!(s, "  line {}: {}", e.line, e.text);
        }
    }
    s
}

/// Each line indented by two spaces.
fn lines(s: &mut String, lines: &[String]) {
    for l in lines {
        let _ = writeln!(s, "  {l}");
    }
}

/// The orders on file, each with its note, or `none`.
fn on_file(s: &mut String, orders: &[OnFile]) {
    if orders.is_empty() {
        *s += "  none\n";
    }
    for o in orders {
        let _ = write!(s, "  {}", o.order);
        if !o.note.is_empty() {
            let _ = write!(s, "   ({})", o.note);
        }
        *s += "\n";
    }
}
