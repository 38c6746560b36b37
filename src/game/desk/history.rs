//! The kept history of a game, for `arbitre rollback`: before each adjudication the state
//! is copied to `DIR/history/<phase>.yaml` (`S1901M.yaml`, a `state.yaml` a referee can
//! read), with the pages the adjudication writes again as they then were beside it (the
//! index, `<phase>.index.html`, and the page of the phase before, `<phase>.previous.html`).
//! A rollback restores the last phase adjudicated from its copy, exactly as it was before
//! its deadline (units, orders as submitted, divine casts, draws, votes); the state it
//! replaced is kept as `history/redo-<phase>.yaml` until new orders make it stale. Nothing
//! of the undone phase is left in `pages/` (its page, record and map go to
//! `history/withdrawn-<phase>/` with its unsent letters), so that no reader of the pages
//! or of the zine takes it for a phase that happened.
//!
//! What only concerns the mail (messages acted on, sign-on throttles, daily budgets) is
//! never rolled back: a message acted on stays acted on.

use super::journal::Done;
use super::{diplomacy_only, moment, next_act, not_paused, phase_in, tell_all, Act, DeskError};
use crate::game::kind::Play;
use crate::game::state::State;
use crate::game::PAGES;
use crate::game::{Effects, Game, GameError, Now};
use crate::phase::Phase;
use crate::report::views::Notice;
use crate::store;
use std::fs;
use std::path::{Path, PathBuf};

/// The history's folder in the game folder.
pub const HISTORY: &str = "history";

fn code_of(phase: &str) -> Result<String, GameError> {
    Phase::parse(phase).map(|p| p.code()).map_err(|e| {
        GameError::File(crate::yaml::FileError {
            key: Some("phase".into()),
            token: Some(phase.into()),
            ..crate::yaml::FileError::new("state.yaml", format!("phase: {e}"))
        })
    })
}

fn snapshot_path(dir: &Path, code: &str) -> PathBuf {
    dir.join(HISTORY).join(format!("{code}.yaml"))
}

fn index_path(dir: &Path, code: &str) -> PathBuf {
    dir.join(HISTORY).join(format!("{code}.index.html"))
}

/// The page of the phase before `code`, as it was before `code` was adjudicated (without
/// its link to `code`'s page).
fn previous_page_path(dir: &Path, code: &str) -> PathBuf {
    dir.join(HISTORY).join(format!("{code}.previous.html"))
}

/// A page of `pages/` kept as it is now in `kept`, or, when the page does not exist, no
/// copy left from before.
fn keep_page(page: &Path, kept: &Path) -> Result<(), GameError> {
    match fs::read(page) {
        Ok(bytes) => store::write_atomic(kept, &bytes).map_err(GameError::io(kept)),
        Err(_) => {
            let _ = fs::remove_file(kept);
            Ok(())
        }
    }
}

fn redo_path(dir: &Path, code: &str) -> PathBuf {
    dir.join(HISTORY).join(format!("redo-{code}.yaml"))
}

fn withdrawn_dir(dir: &Path, code: &str) -> PathBuf {
    dir.join(HISTORY).join(format!("withdrawn-{code}"))
}

/// Keeps the game as it is now, before its phase is adjudicated. Called by `process`.
pub fn snapshot(game: &Game) -> Result<(), GameError> {
    let code = code_of(&game.state.phase)?;
    let history = game.dir.join(HISTORY);
    store::create_dir_private(&history).map_err(GameError::io(&history))?;
    let path = snapshot_path(&game.dir, &code);
    store::write_atomic(&path, game.state.to_yaml()?.as_bytes()).map_err(GameError::io(&path))?;
    let pages = game.dir.join(PAGES);
    keep_page(&pages.join("index.html"), &index_path(&game.dir, &code))?;
    // The page of the phase before, which the adjudication writes again with its link to
    // this phase's page.
    let kept = previous_page_path(&game.dir, &code);
    match game.state.history.last() {
        Some(before) => keep_page(&pages.join(format!("{}.html", code_of(&before.phase)?)), &kept)?,
        None => {
            let _ = fs::remove_file(&kept);
        }
    }
    Ok(())
}

fn read_state(path: &Path) -> Result<State, GameError> {
    let text = fs::read_to_string(path).map_err(GameError::io(path))?;
    Ok(State::read(&text, &path.display().to_string())?)
}

/// `kept` as the game, but for what concerns the mail and the desk, which stay as they are
/// `now` (the phases each power missed go back with the game).
fn restore(now: &State, kept: State) -> State {
    let mut desk = now.desk.clone();
    desk.missed = kept.desk.missed.clone();
    desk.late = kept.desk.late.clone();
    State {
        handled: now.handled,
        seen: now.seen.clone(),
        seen_by: now.seen_by.clone(),
        throttle: now.throttle.clone(),
        digests: now.digests.clone(),
        senders: now.senders.clone(),
        entries: now.entries,
        desk,
        ..kept
    }
}

/// Moves the files of `from` whose names `pick` chooses into `to` (created when needed).
fn move_files(from: &Path, to: &Path, pick: impl Fn(&str) -> bool) -> Result<usize, GameError> {
    let Ok(entries) = fs::read_dir(from) else {
        return Ok(0);
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| pick(n))
        .collect();
    names.sort();
    if !names.is_empty() {
        store::create_dir_private(to).map_err(GameError::io(to))?;
    }
    let mut moved = 0;
    for n in &names {
        match fs::rename(from.join(n), to.join(n)) {
            Ok(()) => moved += 1,
            // Taken meanwhile by `arbitre send`, which holds no game lock: sent, not withdrawn.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(GameError::io(&from.join(n))(e)),
        }
    }
    Ok(moved)
}

/// A fresh deadline for a phase played again, as if it opened now (`deadlines:`, the
/// game's calendar).
fn fresh_deadline(game: &Game, now: Now) -> Result<String, GameError> {
    let phase = game.phase()?;
    let Play::Phases(phases) = game.kind().play() else {
        // Not reached: a game played move by move has no phase to read.
        let message = "phase: a game played move by move has no phases".to_string();
        return Err(crate::game::state::state_error("phase", &game.state.phase, message));
    };
    Ok(super::stored(phases.due(game, phase, now)?, &game.config.timezone))
}

/// `arbitre rollback DIR`: back to the start of the last phase adjudicated, as it was; the
/// reports of its adjudication not yet sent are withdrawn, and every player is told.
pub fn rollback(game: &mut Game, act: &Act) -> Result<Effects, DeskError> {
    if let Play::Moves(_) = game.kind().play() {
        diplomacy_only(game, "rollback")?;
    }
    not_paused(game)?;
    let last = game.state.history.last().ok_or(DeskError::NoHistory)?;
    let phase = last.phase.clone();
    let code = code_of(&phase)?;
    let path = snapshot_path(&game.dir, &code);
    if !path.is_file() {
        return Err(DeskError::NoSnapshot { phase, path });
    }
    let kept = read_state(&path)?;
    let current_code = code_of(&game.state.phase)?;
    // The state replaced, for --redo.
    let redo = redo_path(&game.dir, &code);
    store::write_atomic(&redo, game.state.to_yaml().map_err(GameError::from)?.as_bytes())
        .map_err(GameError::io(&redo))?;
    // What the undone adjudication wrote and is not sent yet: its reports, the divine
    // letters, a blessing notice for the next phase, a final report.
    let withdrawn = withdrawn_dir(&game.dir, &code);
    let prefix = format!("{code}-");
    let blessing = format!("{current_code}-blessing-");
    let letters_withdrawn = move_files(&game.dir.join("outbox"), &withdrawn.join("outbox"), |n| {
        n.starts_with(&prefix) || n.starts_with(&blessing) || n.starts_with("final-")
    })?;
    // Its pages: its page, record (`pages` and the zine are made from it) and map, the
    // index, and the page before it, which links to its page; the two last are put back
    // as they were before it, when they were kept.
    let pages = game.dir.join(PAGES);
    let own = [format!("{code}.html"), format!("{code}.yaml"), format!("{code}.svg")];
    let previous = previous_page_path(&game.dir, &code);
    let before = match kept.history.last() {
        Some(row) if previous.is_file() => Some(format!("{}.html", code_of(&row.phase)?)),
        _ => None,
    };
    move_files(&pages, &withdrawn.join(PAGES), |n| {
        own.iter().any(|o| o == n) || n == "index.html" || before.as_deref() == Some(n)
    })?;
    for (kept_page, name) in [
        (index_path(&game.dir, &code), Some("index.html".to_string())),
        (previous, before),
    ] {
        let Some(name) = name else { continue };
        if let Ok(bytes) = fs::read(&kept_page) {
            let to = pages.join(name);
            store::write_atomic(&to, &bytes).map_err(GameError::io(&to))?;
        }
    }
    game.state = restore(&game.state, kept);
    game.state.deadline = Some(fresh_deadline(game, act.now)?);
    game.state.reminded = false;
    game.state.desk.rollbacks += 1;
    let due = game.state.deadline.clone().unwrap_or_default();
    let n = next_act(game);
    let deadline = game.state.deadline.clone().unwrap_or_default();
    let letters = tell_all(game, n, "rollback", None, |r| Notice::RolledBack {
        phase: phase_in(&phase, r),
        due: moment(&deadline, r),
        withdrawn: letters_withdrawn > 0,
    });
    Ok(Effects {
        letters,
        journal: vec![act.entry(
            Done::RolledBack {
                from: current_code,
                to: code,
                withdrawn: letters_withdrawn,
                due,
            },
            &game.config.timezone,
        )],
        ..Default::default()
    })
}

/// `arbitre rollback DIR --redo`: undoes the last rollback, as long as the orders of the
/// restored phase are still those restored.
pub fn redo(game: &mut Game, act: &Act) -> Result<Effects, DeskError> {
    if let Play::Moves(_) = game.kind().play() {
        diplomacy_only(game, "rollback --redo")?;
    }
    not_paused(game)?;
    let phase = game.state.phase.clone();
    let code = code_of(&phase)?;
    let path = redo_path(&game.dir, &code);
    if !path.is_file() {
        return Err(DeskError::NothingToRedo { phase });
    }
    let kept = read_state(&snapshot_path(&game.dir, &code))?;
    let s = &game.state;
    if s.orders != kept.orders || !s.kind.same_on_file(&kept.kind) || s.votes != kept.votes {
        return Err(DeskError::RedoGone { phase });
    }
    let undone = read_state(&path)?;
    let withdrawn = withdrawn_dir(&game.dir, &code);
    let sent = game.dir.join("sent");
    move_files(&withdrawn.join("outbox"), &game.dir.join("outbox"), |n| {
        !sent.join(n).exists()
    })?;
    move_files(&withdrawn.join(PAGES), &game.dir.join(PAGES), |_| true)?;
    let _ = fs::remove_dir_all(&withdrawn);
    game.state = restore(&game.state, undone);
    let due_passed = game
        .state
        .deadline
        .as_deref()
        .and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok())
        .is_some_and(|d| d <= act.now);
    if due_passed && game.state.finished.is_none() {
        game.state.deadline = Some(fresh_deadline(game, act.now)?);
        game.state.reminded = false;
    }
    game.state.desk.rollbacks += 1;
    fs::remove_file(&path).map_err(GameError::io(&path))?;
    let now_phase = game.state.phase.clone();
    let n = next_act(game);
    let deadline = game.state.deadline.clone();
    let letters = tell_all(game, n, "redo", None, |r| Notice::RollbackUndone {
        phase: phase_in(&phase, r),
        now: deadline.as_ref().map(|_| phase_in(&now_phase, r)).unwrap_or_default(),
        due: deadline.as_deref().map(|d| moment(d, r)).unwrap_or_default(),
    });
    Ok(Effects {
        letters,
        journal: vec![act.entry(
            Done::RollbackUndone {
                to: code,
                now: now_phase,
            },
            &game.config.timezone,
        )],
        ..Default::default()
    })
}
