//! Absences: a player declares by mail the days they cannot play (`SET ABSENCE 2026-12-20
//! 2026-12-27`). A deadline that would fall inside a declared absence, when a phase opens,
//! is moved to the same hour of the day after the absence, within the referee's allowance
//! (`absence_max_days:` of game.yaml, 14 days per player and per year unless set). The
//! public report says that the deadline was extended, never why or for whom.

use super::journal::{self, Done, Entry, Who};
use crate::game::role::Role;
use crate::game::said::{AbsenceDeadline, Said};
use crate::game::{Game, Now};
use chrono::{Datelike, NaiveDate, TimeZone};
use serde::{Deserialize, Serialize};

/// The allowance when game.yaml sets none: days of deadline moved per player and per year.
pub const DEFAULT_MAX_DAYS: u32 = 14;

/// The most absences a player may have declared at once.
pub const MOST: usize = 5;

/// One declared absence: its first and last days (`2026-12-20`), in the game's zone.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Absence {
    pub from: String,
    pub to: String,
}

/// Why `SET ABSENCE` did nothing: the day at fault, and what to write instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AbsenceError {
    #[error("\"{text}\" is not a date: write it like 2026-12-20")]
    NotADate { text: String },
    #[error("the absence ends ({last}) before it begins ({first}): give the first day, then the last")]
    EndsBeforeItBegins { first: NaiveDate, last: NaiveDate },
    #[error("the absence is over already ({last}): give days to come")]
    Over { last: NaiveDate },
    #[error("{MOST} absences are declared already; ask the referee")]
    TooMany,
}

fn day(text: &str) -> Result<NaiveDate, AbsenceError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").map_err(|_| AbsenceError::NotADate { text: text.to_string() })
}

fn zone(game: &Game) -> chrono_tz::Tz {
    game.config.timezone.parse().unwrap_or(chrono_tz::UTC)
}

/// `SET ABSENCE <from> <to>` from `role`, arrived at `arrived`: kept (past absences are
/// dropped), and journaled. When the current deadline falls in it, the deadline moves, and
/// every player is told that it moved (not why). Returns what the reply says, and the
/// letters.
pub fn declare(
    game: &mut Game,
    role: Role,
    from: &str,
    to: &str,
    arrived: Now,
) -> Result<(Said, Vec<crate::report::Letter>), AbsenceError> {
    let (first, last) = (day(from)?, day(to)?);
    if last < first {
        return Err(AbsenceError::EndsBeforeItBegins { first, last });
    }
    let today = arrived.with_timezone(&zone(game)).date_naive();
    if last < today {
        return Err(AbsenceError::Over { last });
    }
    let list = game.state.desk.absences.entry(role).or_default();
    list.retain(|a| day(&a.to).is_ok_and(|t| t >= today));
    if list.len() >= MOST {
        return Err(AbsenceError::TooMany);
    }
    list.push(Absence {
        from: first.to_string(),
        to: last.to_string(),
    });
    let _ = journal::append(
        &game.dir,
        &[Entry {
            at: arrived.to_rfc3339(),
            who: Who::Mail,
            role: Some(role.to_string()),
            what: "absence".into(),
            detail: format!("{role}: absent from {first} to {last}"),
            why: String::new(),
            done: Some(Done::Absent {
                role,
                from: first.to_string(),
                to: last.to_string(),
            }),
        }],
    );
    let noted = |deadline: AbsenceDeadline, game: &Game| Said::AbsenceNoted {
        from: first,
        to: last,
        allowance: game.config.absence_max_days.unwrap_or(DEFAULT_MAX_DAYS),
        deadline,
        zone: zone(game),
    };
    let current = game
        .state
        .deadline
        .as_deref()
        .and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok());
    let Some(current) = current.filter(|_| game.state.desk.paused.is_none() && game.state.finished.is_none()) else {
        return Ok((noted(AbsenceDeadline::Untouched, game), Vec::new()));
    };
    let Extension {
        due,
        moved,
        short_of_allowance,
    } = extend(game, current);
    if !moved {
        // The current deadline falls in the player's absence and stays when moving it
        // would use more days than the player's allowance has left.
        let deadline = match short_of_allowance.contains(&role) {
            true => AbsenceDeadline::Kept(current),
            false => AbsenceDeadline::Untouched,
        };
        return Ok((noted(deadline, game), Vec::new()));
    }
    game.state.deadline = Some(super::stored(due, &game.config.timezone));
    game.state.reminded = false;
    let n = super::next_act(game);
    let (phase, moved_to) = (game.state.phase.clone(), due);
    let due = due.to_rfc3339();
    let letters = super::tell_all(game, n, "extended", None, |r| super::Notice::DeadlineExtended {
        phase: super::phase_in(&phase, r),
        is: super::moment(&due, r),
    });
    Ok((noted(AbsenceDeadline::Moved(moved_to), game), letters))
}

/// What [`extend`] did to a deadline.
pub struct Extension {
    /// The deadline, moved or not.
    pub due: Now,
    pub moved: bool,
    /// The players whose absence it falls in, left unmoved because their allowance for the
    /// year has too few days left.
    pub short_of_allowance: Vec<Role>,
}

/// The deadline `due` of a phase opening now, moved past the absences it falls in as far as
/// each absent player's allowance for the year goes; the days used are charged to each
/// player whose absence moved it.
pub fn extend(game: &mut Game, due: Now) -> Extension {
    let tz = zone(game);
    let max = game.config.absence_max_days.unwrap_or(DEFAULT_MAX_DAYS) as i64;
    let local = due.with_timezone(&tz);
    let date = local.date_naive();
    let year = date.year().to_string();
    let mut best = due;
    let mut charged = Vec::new();
    let mut short = Vec::new();
    for (role, list) in &game.state.desk.absences {
        for a in list {
            let (Ok(first), Ok(last)) = (day(&a.from), day(&a.to)) else {
                continue;
            };
            if date < first || date > last {
                continue;
            }
            let after = (last + chrono::Duration::days(1)).and_time(local.time());
            let Some(moved) = tz.from_local_datetime(&after).earliest() else {
                continue;
            };
            let days = (after.date() - date).num_days();
            let used = game
                .state
                .desk
                .absence_days
                .get(role)
                .and_then(|y| y.get(&year))
                .copied()
                .unwrap_or(0) as i64;
            if used + days > max {
                short.push(*role);
                continue;
            }
            charged.push((*role, days as u32));
            best = best.max(moved.fixed_offset());
        }
    }
    for (role, days) in &charged {
        *game
            .state
            .desk
            .absence_days
            .entry(*role)
            .or_default()
            .entry(year.clone())
            .or_insert(0) += days;
    }
    Extension {
        due: best,
        moved: best != due,
        short_of_allowance: short,
    }
}

#[cfg(test)]
mod tests {
    use super::{day, AbsenceError, MOST};
    use chrono::NaiveDate;

    #[test]
    fn a_refused_absence_names_the_day_and_what_to_write() {
        assert_eq!(day("soon").unwrap_err(), AbsenceError::NotADate { text: "soon".into() });
        assert_eq!(
            day("20-12-2026").unwrap_err().to_string(),
            "\"20-12-2026\" is not a date: write it like 2026-12-20"
        );
        let (first, last) = (day("2026-12-08").unwrap(), day("2026-12-07").unwrap());
        assert_eq!(
            AbsenceError::EndsBeforeItBegins { first, last }.to_string(),
            "the absence ends (2026-12-07) before it begins (2026-12-08): give the first day, then the last"
        );
        let last = NaiveDate::from_ymd_opt(2026, 11, 2).unwrap();
        assert_eq!(
            AbsenceError::Over { last }.to_string(),
            "the absence is over already (2026-11-02): give days to come"
        );
        assert_eq!(
            AbsenceError::TooMany.to_string(),
            format!("{MOST} absences are declared already; ask the referee")
        );
    }
}
