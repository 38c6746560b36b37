//! `arbitre status DIR`: the referee's view of one game, as text (the default) or as the
//! facts the desk adds to the YAML of `--yaml`. Who has ordered, never what.

use super::both_zones;
use super::journal::{self, Entry};
use crate::game::kind::Play;
use crate::game::role::Role;
use crate::game::{show_time, Game, GameError};
use crate::lang::Lang;
use std::fmt::Write;

/// The roles' names, for the status's lists.
fn names(roles: &[Role]) -> Vec<String> {
    roles.iter().map(|r| r.to_string()).collect()
}

/// How many journal entries the status shows.
pub const JOURNAL_LINES: usize = 10;

/// Where a role stands for the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnFile {
    /// Everything it can send is on file.
    Complete,
    /// Something is on file, not everything.
    Partial,
    /// Nothing yet.
    Nothing,
}

impl OnFile {
    fn words(self) -> &'static str {
        match self {
            OnFile::Complete => "complete",
            OnFile::Partial => "partial",
            OnFile::Nothing => "nothing on file",
        }
    }
}

/// Where each role of a Diplomacy game stands, in the game's order.
pub fn on_file(game: &Game) -> Result<Vec<(Role, OnFile)>, GameError> {
    let mut out = Vec::new();
    let Play::Phases(phases) = game.kind().play() else {
        return Ok(out);
    };
    for r in game.roles_in_order() {
        if game.config.player(r).is_none() {
            continue;
        }
        let state = if phases.ready(game, r)? {
            OnFile::Complete
        } else if game.state.orders.get(&r).is_some_and(|o| !o.is_empty()) {
            OnFile::Partial
        } else {
            OnFile::Nothing
        };
        out.push((r, state));
    }
    Ok(out)
}

fn entry_line(e: &Entry, timezone: &str) -> String {
    let who = match &e.role {
        Some(r) => format!("{} ({r})", e.who.as_str()),
        None => e.who.as_str().to_string(),
    };
    let why = if e.why.is_empty() {
        String::new()
    } else {
        format!(" — why: {}", e.why)
    };
    format!("{}  {who}: {}: {}{why}", show_time(&e.at, timezone), e.what, e.detail)
}

fn count_eml(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .filter(|e| e.file_name().to_string_lossy().ends_with(".eml"))
                .count()
        })
        .unwrap_or(0)
}

/// The resignations of the game, each with what it waits for: the player's
/// `RESIGN CONFIRM`, or the referee's decision once confirmed.
fn waiting_resignations(game: &Game) -> Vec<(String, String)> {
    let tz = &game.config.timezone;
    game.state
        .resignations
        .iter()
        .map(|(role, r)| {
            let when = match &r.confirmed {
                Some(c) => format!("confirmed {}: your decision", show_time(c, tz)),
                None => format!("asked {}, not yet confirmed by the player", show_time(&r.asked, tz)),
            };
            (role.to_string(), when)
        })
        .collect()
}

/// What a referee's message has done and not yet written when it asks for the status: its
/// journal entries and its letters, which go to the journal and the outbox once the message
/// is committed. A status asked for in the same message counts them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pending<'a> {
    pub journal: &'a [Entry],
    pub letters: usize,
}

impl Pending<'_> {
    /// The last [`JOURNAL_LINES`] entries of the journal, this message's own after those on
    /// file.
    fn journal(&self, game: &Game) -> Result<Vec<Entry>, GameError> {
        let mut entries = journal::last(&game.dir, JOURNAL_LINES)?;
        entries.extend(self.journal.iter().cloned());
        let before = entries.len().saturating_sub(JOURNAL_LINES);
        entries.drain(..before);
        Ok(entries)
    }

    /// The letters waiting in the outbox, this message's own counted.
    fn outbox(&self, game: &Game) -> usize {
        count_eml(&game.dir.join("outbox")) + self.letters
    }
}

/// The readable status.
pub fn text(game: &Game) -> Result<String, GameError> {
    text_with(game, Pending::default())
}

/// [`text`], with what the message asking for it has done ([`Pending`]).
fn text_with(game: &Game, pending: Pending) -> Result<String, GameError> {
    let tz = &game.config.timezone;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({}), refereed by {}",
        game.config.game,
        game.title(),
        game.config.referee.name
    );
    let board = matches!(game.kind().play(), Play::Moves(_));
    if let Some(f) = &game.state.finished {
        let _ = writeln!(s, "Over after {}: {}", f.after, f.summary);
    } else if board {
        let _ = writeln!(
            s,
            "A board game: {} so far; moves are relayed as they come.",
            Lang::En.count(game.state.moves.len(), "move", "moves")
        );
    } else {
        let _ = writeln!(s, "Phase: {}", game.state.phase);
        if let Some(d) = &game.state.deadline {
            let _ = writeln!(s, "Deadline: {}", both_zones(d, tz));
        }
        if let Some(end) = super::grace_end(game) {
            let _ = writeln!(
                s,
                "Grace: orders are taken until {}, marked late",
                both_zones(&end.to_rfc3339(), tz)
            );
        }
        if !game.state.desk.late.is_empty() {
            let _ = writeln!(
                s,
                "Late (in the grace period): {}",
                names(&game.state.desk.late).join(", ")
            );
        }
    }
    if let Some(p) = &game.state.desk.paused {
        let _ = writeln!(s, "PAUSED since {}: {}", show_time(&p.since, tz), p.why);
    }
    if !board && game.state.finished.is_none() {
        let _ = writeln!(s, "\nOrders (who, never what):");
        for (role, state) in on_file(game)? {
            let mut notes = Vec::new();
            if game.state.desk.disorder.contains(&role) {
                notes.push("civil disorder".to_string());
            }
            if let Some(&n) = game.state.desk.missed.get(&role).filter(|&&n| n > 0) {
                let phases = Lang::En.count(n as usize, "phase", "phases");
                notes.push(format!("missed {phases} in a row"));
            }
            if game.state.wait.contains(&role) {
                notes.push("waits for the deadline (SET WAIT)".to_string());
            }
            let notes = if notes.is_empty() {
                String::new()
            } else {
                format!(" ({})", notes.join("; "))
            };
            let _ = writeln!(s, "  {:<8} {}{notes}", role.text(), state.words());
        }
    }
    let absences: Vec<String> = game
        .state
        .desk
        .absences
        .iter()
        .flat_map(|(role, list)| list.iter().map(move |a| format!("  {role:<8} {} to {}", a.from, a.to)))
        .collect();
    if !absences.is_empty() {
        let _ = writeln!(s, "\nAbsences declared:\n{}", absences.join("\n"));
    }
    let resignations = waiting_resignations(game);
    if !resignations.is_empty() {
        let _ = writeln!(
            s,
            "\nResignations waiting for you (arbitre replace, or arbitre disorder):"
        );
        for (role, when) in &resignations {
            let _ = writeln!(s, "  {role:<8} {when}");
        }
    }
    let _ = writeln!(s, "\nPlayers:");
    for p in &game.config.players {
        let _ = writeln!(s, "  {:<8} {} <{}>", p.role, p.name, p.email);
    }
    let _ = writeln!(s, "\nMail:");
    let _ = writeln!(s, "  waiting in the outbox: {}", pending.outbox(game));
    let failed = crate::mail::smtp::read_failed(&game.dir)?;
    let retries = crate::mail::smtp::read_retries(&game.dir)?;
    let _ = writeln!(s, "  failed: {}", failed.len());
    for f in &failed {
        let _ = writeln!(s, "    failed/{} to {}: {}", f.name, f.to, f.reason);
    }
    let _ = writeln!(s, "  to be tried again: {}", retries.len());
    for r in &retries {
        let _ = writeln!(
            s,
            "    outbox/{} to {}: {} (next try {})",
            r.file, r.to, r.reason, r.next_try
        );
    }
    let entries = pending.journal(game)?;
    let _ = writeln!(s, "\nJournal (last {}):", JOURNAL_LINES);
    if entries.is_empty() {
        let _ = writeln!(s, "  nothing yet");
    }
    for e in &entries {
        let _ = writeln!(s, "  {}", entry_line(e, tz));
    }
    Ok(s)
}

/// The readable status in `lang`: the referee's, by mail, in the game's language.
pub fn text_in(game: &Game, lang: crate::lang::Lang, pending: Pending) -> Result<String, GameError> {
    match lang {
        crate::lang::Lang::En => text_with(game, pending),
        crate::lang::Lang::Fr => text_fr(game, pending),
    }
}

/// [`text`] in French: the same facts, the powers by their French names, the times in
/// French words; the journal's entries worded from their values (an entry written before
/// they were kept, as it was recorded).
fn text_fr(game: &Game, pending: Pending) -> Result<String, GameError> {
    use crate::lang::fr::Form;
    let tz = &game.config.timezone;
    let zone = game.config.game_reader().timezone;
    let when = |t: &str| crate::words::moment_text(t, zone, crate::lang::Lang::Fr);
    let fr = |r: &Role| r.fr(Form::Bare);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({}), arbitrée par {}",
        game.config.game,
        game.title(),
        game.config.referee.name
    );
    let board = matches!(game.kind().play(), Play::Moves(_));
    if let Some(f) = &game.state.finished {
        // How it ended in the kind's French words; a board game ends after a move, not a
        // phase (the last of those on file).
        let after = match board {
            true => format!("le coup {}", game.state.moves.len()),
            false => format!("la phase {}", crate::words::phase_text(&f.after, crate::lang::Lang::Fr)),
        };
        let _ = writeln!(
            s,
            "Terminée après {after} : {}",
            game.ending_in(f, crate::lang::Lang::Fr)
        );
    } else if board {
        let _ = writeln!(
            s,
            "Un jeu de plateau : {} jusqu'ici ; les coups sont relayés à mesure.",
            Lang::Fr.count(game.state.moves.len(), "coup", "coups")
        );
    } else {
        let _ = writeln!(
            s,
            "Phase : {}",
            crate::words::phase_text(&game.state.phase, crate::lang::Lang::Fr)
        );
        if let Some(d) = &game.state.deadline {
            let _ = writeln!(s, "Échéance : {}", when(d));
        }
        if let Some(end) = super::grace_end(game) {
            let _ = writeln!(
                s,
                "Délai de grâce : les ordres sont pris jusqu'au {}, marqués en retard",
                when(&end.to_rfc3339())
            );
        }
        if !game.state.desk.late.is_empty() {
            let late: Vec<String> = game.state.desk.late.iter().map(fr).collect();
            let _ = writeln!(s, "En retard (délai de grâce) : {}", late.join(", "));
        }
    }
    if let Some(p) = &game.state.desk.paused {
        let _ = writeln!(s, "SUSPENDUE depuis le {} : {}", when(&p.since), p.why);
    }
    if !board && game.state.finished.is_none() {
        let _ = writeln!(s, "\nOrdres (qui, jamais lesquels) :");
        for (role, state) in on_file(game)? {
            let mut notes = Vec::new();
            if game.state.desk.disorder.contains(&role) {
                notes.push("désordre civil".to_string());
            }
            if let Some(&n) = game.state.desk.missed.get(&role).filter(|&&n| n > 0) {
                let phases = Lang::Fr.count(n as usize, "phase manquée", "phases manquées");
                notes.push(format!("{phases} de suite"));
            }
            if game.state.wait.contains(&role) {
                notes.push("attend l'échéance (CHANGER ATTENTE)".to_string());
            }
            let notes = if notes.is_empty() {
                String::new()
            } else {
                format!(" ({})", notes.join(" ; "))
            };
            let state = match state {
                OnFile::Complete => "complets",
                OnFile::Partial => "en partie",
                OnFile::Nothing => "aucun",
            };
            let _ = writeln!(s, "  {:<10} {state}{notes}", fr(&role));
        }
    }
    let absences: Vec<String> = game
        .state
        .desk
        .absences
        .iter()
        .flat_map(|(role, list)| {
            list.iter()
                .map(move |a| format!("  {:<10} du {} au {}", fr(role), a.from, a.to))
        })
        .collect();
    if !absences.is_empty() {
        let _ = writeln!(s, "\nAbsences annoncées :\n{}", absences.join("\n"));
    }
    let resignations: Vec<(String, String)> = game
        .state
        .resignations
        .iter()
        .map(|(role, r)| {
            let state = match &r.confirmed {
                Some(c) => format!("confirmée le {} : votre décision est attendue", when(c)),
                None => format!("demandée le {}, pas encore confirmée par le joueur", when(&r.asked)),
            };
            (fr(role), state)
        })
        .collect();
    if !resignations.is_empty() {
        let _ = writeln!(
            s,
            "\nDémissions en attente de votre décision (arbitre replace, ou arbitre disorder) :"
        );
        for (role, state) in &resignations {
            let _ = writeln!(s, "  {role:<10} {state}");
        }
    }
    let _ = writeln!(s, "\nJoueurs :");
    for p in &game.config.players {
        let _ = writeln!(s, "  {:<10} {} <{}>", fr(&p.role), p.name, p.email);
    }
    let _ = writeln!(s, "\nCourrier :");
    let _ = writeln!(s, "  en attente dans outbox : {}", pending.outbox(game));
    let failed = crate::mail::smtp::read_failed(&game.dir)?;
    let retries = crate::mail::smtp::read_retries(&game.dir)?;
    let _ = writeln!(s, "  non remis : {}", failed.len());
    for f in &failed {
        let _ = writeln!(s, "    failed/{} à {} : {}", f.name, f.to, f.reason);
    }
    let _ = writeln!(s, "  à réessayer : {}", retries.len());
    for r in &retries {
        let _ = writeln!(
            s,
            "    outbox/{} à {} : {} (prochain essai {})",
            r.file, r.to, r.reason, r.next_try
        );
    }
    let entries = pending.journal(game)?;
    let _ = writeln!(s, "\nJournal (les {} dernières entrées) :", JOURNAL_LINES);
    if entries.is_empty() {
        let _ = writeln!(s, "  rien encore");
    }
    for e in &entries {
        let _ = writeln!(s, "  {}", entry_line_fr(e, tz));
    }
    Ok(s)
}

/// A journal entry in French: when in French words, who, the verb, and what it did worded
/// from its values ([`Entry::detail_in`]; an entry without them as it was recorded).
fn entry_line_fr(e: &Entry, timezone: &str) -> String {
    use crate::lang::Lang::Fr;
    let zone = timezone.parse::<chrono_tz::Tz>().unwrap_or(chrono_tz::UTC);
    let when = chrono::DateTime::parse_from_rfc3339(&e.at)
        .map(|t| crate::words::moment_in(t, zone, Fr))
        .unwrap_or_else(|_| e.at.clone());
    let who = match e.who {
        journal::Who::Cli => "l'arbitre (ligne de commande)",
        journal::Who::Referee => "l'arbitre (courrier)",
        journal::Who::Mail => "courrier",
        journal::Who::System => "arbitre process",
    };
    let who = match e.role.as_deref().and_then(crate::game::role::Role::from_name) {
        Some(r) => format!("{who}, {}", r.fr(crate::lang::fr::Form::Bare)),
        None => who.to_string(),
    };
    let why = match e.why.is_empty() {
        true => String::new(),
        false => format!(" (motif : {})", e.why),
    };
    format!(
        "{when} ; {who} ; {} : {}{why}",
        e.what_in(Fr),
        e.detail_in(Fr, timezone)
    )
}

/// What the desk adds to `arbitre status --yaml`: the pause, civil disorder, the phases
/// missed, the outbox, and the last journal entries.
pub fn yaml(game: &Game) -> Result<String, GameError> {
    let mut w = crate::yaml::Writer::default();
    let d = &game.state.desk;
    match &d.paused {
        Some(p) => w.flow_map(0, "paused", &[("since", p.since.clone()), ("why", p.why.clone())]),
        None => w.raw(0, "paused: null"),
    }
    w.flow_list(0, "civil_disorder", &names(&d.disorder));
    match super::grace_end(game) {
        Some(end) => w.key(0, "grace_end", &super::stored(end, &game.config.timezone)),
        None => w.raw(0, "grace_end: null"),
    }
    w.flow_list(0, "late", &names(&d.late));
    let waits: Vec<Role> = game.state.wait.iter().copied().collect();
    w.flow_list(0, "wait", &names(&waits));
    let missed: Vec<(&str, String)> = d.missed.iter().map(|(k, v)| (k.text(), v.to_string())).collect();
    w.flow_map(0, "missed", &missed);
    let absences: Vec<(&str, String)> = d
        .absences
        .iter()
        .map(|(role, list)| {
            let spans: Vec<String> = list.iter().map(|a| format!("{} to {}", a.from, a.to)).collect();
            (role.text(), spans.join(", "))
        })
        .collect();
    w.flow_map(0, "absences", &absences);
    let resignations: Vec<(&str, String)> = game
        .state
        .resignations
        .iter()
        .map(|(role, r)| {
            let state = match &r.confirmed {
                Some(c) => format!("confirmed {c}"),
                None => format!("asked {}", r.asked),
            };
            (role.text(), state)
        })
        .collect();
    w.flow_map(0, "resignations", &resignations);
    // A count, written as a number (a quoted "115" read back as a string).
    w.raw(0, &format!("outbox: {}", count_eml(&game.dir.join("outbox"))));
    let entries = journal::last(&game.dir, JOURNAL_LINES)?;
    if entries.is_empty() {
        w.raw(0, "journal: []");
    } else {
        w.raw(0, "journal:");
        for e in &entries {
            let mut fields = vec![
                ("at", e.at.clone()),
                ("who", e.who.as_str().to_string()),
                ("what", e.what.clone()),
                ("detail", e.detail.clone()),
            ];
            if let Some(r) = &e.role {
                fields.push(("role", r.clone()));
            }
            if !e.why.is_empty() {
                fields.push(("why", e.why.clone()));
            }
            w.flow_item(1, &fields, None);
        }
    }
    Ok(w.finish())
}
