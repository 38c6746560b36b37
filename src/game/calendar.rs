//! A game's calendar: when a phase that opens now is due (issue #26).
//!
//! Each phase kind's entry of `deadlines:` is either a length counted from the moment the
//! phase opens (`72h`, `1d12h`), or fixed moments of the week in the game's time zone
//! (`Fri 23:59`, `Mon,Thu 20:00`, `vendredi 23:59`, `daily 20:00`). A phase on the calendar
//! is due at the first such moment at least `min_phase` (24 hours unless set) after it
//! opens, so that a phase processed early or late by cron still ends on the calendar, and a
//! phase is never shorter than `min_phase`.
//!
//! The moments are the zone's wall-clock times: 20:00 stays 20:00 across a change of
//! daylight-saving time. On the day the clocks go forward a time in the skipped hour
//! (02:30 in Europe/Paris) is read as the first instant after the gap (03:00, summer
//! time); on the day they go back a time that comes twice (02:30 in Europe/Paris) is read
//! as the first of the two (summer time), the reading [`crate::game::desk`] gives a
//! referee's `DEADLINE` too.

use super::config::Deadlines;
use super::duration::{parse_duration, DurationError};
use super::error::GameError;
use crate::clock::Now;
use crate::phase::PhaseKind;
use crate::yaml::FileError;
use chrono::{Datelike, Duration, LocalResult, NaiveDateTime, NaiveTime, TimeZone, Weekday};

/// The least time a phase on the calendar lasts when `min_phase:` is not set.
pub const MIN_PHASE: &str = "24h";

/// How a phase's deadline is written, said after every mistake in one.
const FORM: &str = "write a duration (\"72h\", \"1d12h\") or days and a time in the game's zone \
                    (\"Fri 23:59\", \"Mon,Thu 20:00\", \"vendredi 23:59\", \"daily 20:00\")";

/// How the days are written, said after a day that is none.
const DAYS_FORM: &str = "Mon, Tue, Wed, Thu, Fri, Sat, Sun or lun, mar, mer, jeu, ven, sam, dim \
                         (or the full names), separated by commas, or \"daily\"";

/// The words that mean every day, in English and French, in lower case.
const EVERY_DAY: [&str; 6] = [
    "daily",
    "every day",
    "chaque jour",
    "tous les jours",
    "quotidien",
    "quotidiennement",
];

/// The day names, English and French, full and in three letters, in lower case.
const DAY_NAMES: [(&str, Weekday); 28] = [
    ("monday", Weekday::Mon),
    ("mon", Weekday::Mon),
    ("lundi", Weekday::Mon),
    ("lun", Weekday::Mon),
    ("tuesday", Weekday::Tue),
    ("tue", Weekday::Tue),
    ("mardi", Weekday::Tue),
    ("mar", Weekday::Tue),
    ("wednesday", Weekday::Wed),
    ("wed", Weekday::Wed),
    ("mercredi", Weekday::Wed),
    ("mer", Weekday::Wed),
    ("thursday", Weekday::Thu),
    ("thu", Weekday::Thu),
    ("jeudi", Weekday::Thu),
    ("jeu", Weekday::Thu),
    ("friday", Weekday::Fri),
    ("fri", Weekday::Fri),
    ("vendredi", Weekday::Fri),
    ("ven", Weekday::Fri),
    ("saturday", Weekday::Sat),
    ("sat", Weekday::Sat),
    ("samedi", Weekday::Sat),
    ("sam", Weekday::Sat),
    ("sunday", Weekday::Sun),
    ("sun", Weekday::Sun),
    ("dimanche", Weekday::Sun),
    ("dim", Weekday::Sun),
];

/// A deadline entry that cannot be read, as written (`text`), the word at fault where
/// there is one, and how to write it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CalendarError {
    /// Written as a duration (a number first, no time of day), but not one.
    #[error(transparent)]
    Duration(#[from] DurationError),
    /// A word before the time that is no day of the week.
    #[error("\"{text}\": \"{word}\" is not a day of the week; write {DAYS_FORM}")]
    NotADay { text: String, word: String },
    /// The last word is no time of day.
    #[error("\"{text}\": \"{time}\" is not a time of day; write it like \"20:00\" or \"23:59\" (from 00:00 to 23:59)")]
    NotATime { text: String, time: String },
    /// A time without the days it falls on.
    #[error("\"{text}\": say on which days, before the time: \"Fri {time}\", \"Mon,Thu {time}\" or \"daily {time}\"")]
    NoDays { text: String, time: String },
    /// Neither a duration nor days and a time.
    #[error("\"{text}\": {FORM}")]
    Shape { text: String },
}

/// Days of the week and a time of day, in the game's zone: `Mon,Thu 20:00`, `daily 20:00`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moments {
    /// The days, Monday first; at least one is set.
    days: [bool; 7],
    time: NaiveTime,
}

/// When a phase is due, as its `deadlines:` entry says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseDeadline {
    /// This long after the phase opens (`72h`): today's form, and every game's before #26.
    After(Duration),
    /// At the first of these moments at least `min_phase` after the phase opens.
    At(Moments),
}

impl Moments {
    /// The days and time, when they make a moment of the week (at least one day).
    pub fn new(days: &[Weekday], time: NaiveTime) -> Option<Moments> {
        let mut set = [false; 7];
        for d in days {
            set[d.num_days_from_monday() as usize] = true;
        }
        set.contains(&true).then_some(Moments { days: set, time })
    }

    /// Every day at `time`.
    pub fn daily(time: NaiveTime) -> Moments {
        Moments { days: [true; 7], time }
    }

    fn on(&self, day: Weekday) -> bool {
        self.days[day.num_days_from_monday() as usize]
    }

    /// The first of these moments at or after `earliest`, in the zone `tz`, with the
    /// zone's offset then.
    pub fn first_from(&self, earliest: Now, tz: chrono_tz::Tz) -> Now {
        let first_day = earliest.with_timezone(&tz).date_naive();
        // Within eight days every day of the week has come round, the first one twice.
        first_day
            .iter_days()
            .take(8)
            .filter(|d| self.on(d.weekday()))
            .map(|d| wall_clock(tz, d.and_time(self.time)).fixed_offset())
            .find(|at| *at >= earliest)
            // Not reached: a set of at least one day has a moment in any eight days.
            .unwrap_or(earliest)
    }
}

/// The instant a wall-clock time of `tz` names. A time the clocks skip is read as the
/// first instant after the gap, and a time they pass twice as the first of the two.
fn wall_clock(tz: chrono_tz::Tz, at: NaiveDateTime) -> chrono::DateTime<chrono_tz::Tz> {
    match tz.from_local_datetime(&at) {
        LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => t,
        LocalResult::None => (1..=48 * 60)
            .find_map(|m| tz.from_local_datetime(&(at + Duration::minutes(m))).earliest())
            // Not reached: no zone skips two days.
            .unwrap_or_else(|| tz.from_utc_datetime(&at)),
    }
}

impl PhaseDeadline {
    /// Reads a `deadlines:` entry: a duration (`72h`), or days and a time (`Fri 23:59`,
    /// `lundi,jeudi 20:00`, `daily 20h00`); day names in English or French, in full or in
    /// three letters, in any case.
    pub fn parse(text: &str) -> Result<PhaseDeadline, CalendarError> {
        let t = text.trim();
        let words: Vec<String> = t
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        let Some((last, days)) = words.split_last() else {
            return Err(CalendarError::Shape { text: text.into() });
        };
        // A number first and no time of day: a duration, or a mistake in one.
        if t.starts_with(|c: char| c.is_ascii_digit()) && time_of_day(last).is_none() {
            return parse_duration(t).map(PhaseDeadline::After).map_err(CalendarError::from);
        }
        let Some(time) = time_of_day(last) else {
            return Err(match last.contains(|c: char| c.is_ascii_digit()) {
                true => CalendarError::NotATime {
                    text: text.into(),
                    time: last.clone(),
                },
                false => CalendarError::Shape { text: text.into() },
            });
        };
        if days.is_empty() {
            return Err(CalendarError::NoDays {
                text: text.into(),
                time: last.clone(),
            });
        }
        if EVERY_DAY.contains(&days.join(" ").as_str()) {
            return Ok(PhaseDeadline::At(Moments::daily(time)));
        }
        let mut set = Vec::new();
        for word in days {
            let name = word.strip_suffix('.').unwrap_or(word);
            let Some(&(_, day)) = DAY_NAMES.iter().find(|(n, _)| *n == name) else {
                // The word as written, for the message.
                let written = t
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .find(|w| w.to_lowercase() == *word)
                    .unwrap_or(word);
                return Err(CalendarError::NotADay {
                    text: text.into(),
                    word: written.into(),
                });
            };
            set.push(day);
        }
        Moments::new(&set, time)
            .map(PhaseDeadline::At)
            .ok_or_else(|| CalendarError::Shape { text: text.into() })
    }

    /// The deadline of a phase opened at `opened`: `opened` and the length, or the first
    /// moment on the calendar at least `min_phase` later, in the zone `tz`.
    pub fn due(&self, opened: Now, tz: chrono_tz::Tz, min_phase: Duration) -> Now {
        match self {
            PhaseDeadline::After(length) => opened + *length,
            PhaseDeadline::At(moments) => moments.first_from(opened + min_phase, tz),
        }
    }
}

/// A time of day, `20:00` or `20h00` as the French write it.
fn time_of_day(word: &str) -> Option<NaiveTime> {
    let (h, m) = word.split_once(':').or_else(|| word.split_once('h'))?;
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !(1..=2).contains(&h.len()) || m.len() != 2 || !digits(h) || !digits(m) {
        return None;
    }
    NaiveTime::from_hms_opt(h.parse().ok()?, m.parse().ok()?, 0)
}

/// A `deadlines:` entry refused: its key (`movement`, `min_phase`), the text, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("deadlines: {key}: {error}")]
pub struct DeadlinesError {
    pub key: &'static str,
    pub text: String,
    pub error: CalendarError,
}

/// A game's deadlines, read: each phase kind's, and the least length of a phase on the
/// calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Calendar {
    pub movement: PhaseDeadline,
    pub retreat: PhaseDeadline,
    pub adjustment: PhaseDeadline,
    pub min_phase: Duration,
}

impl Calendar {
    /// Reads `deadlines:` as the players file and `game.yaml` write it.
    pub fn read(d: &Deadlines) -> Result<Calendar, DeadlinesError> {
        let entry = |key: &'static str, text: &str| {
            PhaseDeadline::parse(text).map_err(|error| DeadlinesError {
                key,
                text: text.into(),
                error,
            })
        };
        let min_text = d.min_phase.as_deref().unwrap_or(MIN_PHASE);
        let min_phase = parse_duration(min_text).map_err(|e| DeadlinesError {
            key: "min_phase",
            text: min_text.into(),
            error: e.into(),
        })?;
        Ok(Calendar {
            movement: entry("movement", &d.movement)?,
            retreat: entry("retreat", &d.retreat)?,
            adjustment: entry("adjustment", &d.adjustment)?,
            min_phase,
        })
    }

    /// The deadline of a phase of `kind` opened at `opened`, in the game's zone `tz`.
    pub fn due(&self, kind: PhaseKind, opened: Now, tz: chrono_tz::Tz) -> Now {
        let entry = match kind {
            PhaseKind::Movement => &self.movement,
            PhaseKind::Retreat => &self.retreat,
            PhaseKind::Adjustment => &self.adjustment,
        };
        entry.due(opened, tz, self.min_phase)
    }
}

/// The deadline of a phase of `kind` opened at `opened`, by the calendar of the game whose
/// `game.yaml` is `config`; an entry that cannot be read is an error of `game.yaml`.
pub fn due(config: &super::state::GameConfig, kind: PhaseKind, opened: Now) -> Result<Now, GameError> {
    let calendar = Calendar::read(&config.deadlines).map_err(|e| {
        GameError::File(FileError {
            key: Some("deadlines".into()),
            token: Some(e.text.as_str().into()),
            ..FileError::new("game.yaml", e.to_string())
        })
    })?;
    let tz = config.timezone.parse().unwrap_or(chrono_tz::UTC);
    Ok(calendar.due(kind, opened, tz))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::{America::Montreal, Europe::Paris};

    fn at(t: &str) -> Now {
        chrono::DateTime::parse_from_rfc3339(t).unwrap()
    }

    fn time(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    fn moments(text: &str) -> Moments {
        match PhaseDeadline::parse(text) {
            Ok(PhaseDeadline::At(m)) => m,
            other => panic!("{text}: {other:?}"),
        }
    }

    /// The deadline of a phase opened at `opened` with a day's least length.
    fn due(text: &str, opened: &str, tz: chrono_tz::Tz) -> String {
        PhaseDeadline::parse(text)
            .unwrap()
            .due(at(opened), tz, Duration::hours(24))
            .to_rfc3339()
    }

    #[test]
    fn durations_are_read_as_before() {
        assert_eq!(
            PhaseDeadline::parse("72h"),
            Ok(PhaseDeadline::After(Duration::hours(72)))
        );
        assert_eq!(
            PhaseDeadline::parse(" 1d12h "),
            Ok(PhaseDeadline::After(Duration::hours(36)))
        );
        // The length counts from the opening, in its offset, whatever min_phase says.
        assert_eq!(
            due("72h", "2026-10-23T05:01:00+02:00", Paris),
            "2026-10-26T05:01:00+02:00"
        );
    }

    #[test]
    fn weekdays_in_english_and_french_in_any_case_are_read() {
        use Weekday::*;
        let fri = Moments::new(&[Fri], time(23, 59)).unwrap();
        for text in [
            "Fri 23:59",
            "fri 23:59",
            "FRIDAY 23:59",
            "vendredi 23:59",
            "Ven. 23h59",
            "VEN 23:59",
        ] {
            assert_eq!(moments(text), fri, "{text}");
        }
        let mon_thu = Moments::new(&[Mon, Thu], time(20, 0)).unwrap();
        for text in [
            "Mon,Thu 20:00",
            "Mon, Thu 20:00",
            "lundi,jeudi 20:00",
            "Lun, Jeu 20h00",
            "thursday monday 20:00",
        ] {
            assert_eq!(moments(text), mon_thu, "{text}");
        }
        let every = Moments::daily(time(20, 0));
        for text in [
            "daily 20:00",
            "Daily 20:00",
            "chaque jour 20:00",
            "quotidien 20h00",
            "tous les jours 20:00",
        ] {
            assert_eq!(moments(text), every, "{text}");
        }
        assert_eq!(
            moments("mar,mer,sam,dim 8:05"),
            Moments::new(&[Tue, Wed, Sat, Sun], time(8, 5)).unwrap()
        );
        assert_eq!(Moments::new(&[], time(8, 5)), None);
    }

    #[test]
    fn a_mistake_names_the_text_and_the_word_and_says_how_to_write_it() {
        let e = PhaseDeadline::parse("Fry 23:59").unwrap_err();
        assert_eq!(
            e,
            CalendarError::NotADay {
                text: "Fry 23:59".into(),
                word: "Fry".into()
            }
        );
        assert!(
            e.to_string()
                .starts_with("\"Fry 23:59\": \"Fry\" is not a day of the week; write Mon,"),
            "{e}"
        );
        let e = PhaseDeadline::parse("Fri 24:00").unwrap_err();
        assert_eq!(
            e,
            CalendarError::NotATime {
                text: "Fri 24:00".into(),
                time: "24:00".into()
            }
        );
        assert!(e.to_string().contains("write it like \"20:00\""), "{e}");
        assert!(matches!(
            PhaseDeadline::parse("Fri 20:5"),
            Err(CalendarError::NotATime { .. })
        ));
        let e = PhaseDeadline::parse("23:59").unwrap_err();
        assert_eq!(
            e.to_string(),
            "\"23:59\": say on which days, before the time: \"Fri 23:59\", \"Mon,Thu 23:59\" or \"daily 23:59\""
        );
        let e = PhaseDeadline::parse("Friday").unwrap_err();
        assert_eq!(e, CalendarError::Shape { text: "Friday".into() });
        assert!(
            e.to_string().contains("\"Fri 23:59\"") && e.to_string().contains("\"72h\""),
            "{e}"
        );
        assert!(matches!(PhaseDeadline::parse(""), Err(CalendarError::Shape { .. })));
        // A duration mistaken keeps the duration's own words.
        let e = PhaseDeadline::parse("72 hours").unwrap_err();
        assert!(
            matches!(e, CalendarError::Duration(DurationError::Shape { .. })),
            "{e:?}"
        );
        assert!(e.to_string().contains("write a duration"), "{e}");
        assert_eq!(
            PhaseDeadline::parse("3w").unwrap_err().to_string(),
            "\"3w\": unknown unit \"w\" (use d, h or m)"
        );
    }

    #[test]
    fn the_deadline_is_the_first_moment_at_least_min_phase_after_the_opening() {
        // Opened on a Thursday evening: Friday night is a day and more away.
        assert_eq!(
            due("Fri 23:59", "2026-10-22T21:30:00+02:00", Paris),
            "2026-10-23T23:59:00+02:00"
        );
        // Exactly min_phase before the moment: that moment.
        assert_eq!(
            due("Fri 23:59", "2026-10-22T23:59:00+02:00", Paris),
            "2026-10-23T23:59:00+02:00"
        );
        // A minute later, min_phase pushes it to the next week.
        assert_eq!(
            due("Fri 23:59", "2026-10-23T00:00:00+02:00", Paris),
            "2026-10-30T23:59:00+01:00"
        );
        // Processed late by cron, early on Saturday: the Friday after.
        assert_eq!(
            due("Fri 23:59", "2026-10-17T05:01:00+02:00", Paris),
            "2026-10-23T23:59:00+02:00"
        );
        // Two days a week: the first that is far enough.
        let mon_thu = "lundi,jeudi 20:00";
        assert_eq!(
            due(mon_thu, "2026-10-19T10:00:00+02:00", Paris),
            "2026-10-22T20:00:00+02:00"
        );
        assert_eq!(
            due(mon_thu, "2026-10-22T19:00:00+02:00", Paris),
            "2026-10-26T20:00:00+01:00"
        );
        // Every day: the day after at the latest.
        assert_eq!(
            due("daily 20:00", "2026-12-01T19:00:00+01:00", Paris),
            "2026-12-02T20:00:00+01:00"
        );
        assert_eq!(
            due("daily 20:00", "2026-12-01T21:00:00+01:00", Paris),
            "2026-12-03T20:00:00+01:00"
        );
        // The opening in another offset (the clock's UTC) is the same instant.
        assert_eq!(
            due("daily 20:00", "2026-12-01T20:00:00Z", Paris),
            "2026-12-03T20:00:00+01:00"
        );
        // A longer min_phase, and a shorter one.
        let fri = PhaseDeadline::parse("Fri 23:59").unwrap();
        let opened = at("2026-10-19T10:00:00+02:00");
        assert_eq!(
            fri.due(opened, Paris, Duration::days(5)).to_rfc3339(),
            "2026-10-30T23:59:00+01:00"
        );
        assert_eq!(
            fri.due(opened, Paris, Duration::hours(1)).to_rfc3339(),
            "2026-10-23T23:59:00+02:00"
        );
    }

    #[test]
    fn a_moment_stays_at_its_local_time_across_daylight_saving() {
        // Europe/Paris: summer time ends on 25 October 2026, begins on 29 March 2026.
        assert_eq!(
            due("Fri 23:59", "2026-10-24T12:00:00+02:00", Paris),
            "2026-10-30T23:59:00+01:00"
        );
        assert_eq!(
            due("Fri 23:59", "2026-03-22T12:00:00+01:00", Paris),
            "2026-03-27T23:59:00+01:00"
        );
        assert_eq!(
            due("Sat 20:00", "2026-03-23T12:00:00+01:00", Paris),
            "2026-03-28T20:00:00+01:00"
        );
        assert_eq!(
            due("Mon 20:00", "2026-03-28T12:00:00+01:00", Paris),
            "2026-03-30T20:00:00+02:00"
        );
        // America/Montreal: summer time ends on 1 November 2026, begins on 8 March 2026.
        assert_eq!(
            due("daily 20:00", "2026-10-30T21:00:00-04:00", Montreal),
            "2026-11-01T20:00:00-05:00"
        );
        // min_phase is real time: a day after 21:00 on the eve of the change is 20:00 on the
        // wall clock, which is far enough.
        assert_eq!(
            due("daily 20:00", "2026-10-31T21:00:00-04:00", Montreal),
            "2026-11-01T20:00:00-05:00"
        );
        assert_eq!(
            due("daily 20:00", "2026-10-31T21:01:00-04:00", Montreal),
            "2026-11-02T20:00:00-05:00"
        );
        assert_eq!(
            due("daily 20:00", "2026-03-07T19:00:00-05:00", Montreal),
            "2026-03-08T20:00:00-04:00"
        );
    }

    #[test]
    fn a_skipped_time_is_the_end_of_the_gap_and_a_doubled_one_the_first() {
        // 02:30 does not exist on 29 March 2026 in Paris: the clocks go from 02:00 to 03:00.
        assert_eq!(
            due("daily 02:30", "2026-03-28T01:00:00+01:00", Paris),
            "2026-03-29T03:00:00+02:00"
        );
        // 02:30 comes twice on 25 October 2026 in Paris: the first, still summer time.
        assert_eq!(
            due("Sun 02:30", "2026-10-23T12:00:00+02:00", Paris),
            "2026-10-25T02:30:00+02:00"
        );
        // The same in Montreal, whose clocks change at 02:00 (forward) and 02:00 (back to 01:00).
        assert_eq!(
            due("Sun 02:15", "2026-03-06T12:00:00-05:00", Montreal),
            "2026-03-08T03:00:00-04:00"
        );
        assert_eq!(
            due("Sun 01:30", "2026-10-30T12:00:00-04:00", Montreal),
            "2026-11-01T01:30:00-04:00"
        );
        // The first reading counts for min_phase: one just too near gives the next day's.
        assert_eq!(
            due("daily 02:30", "2026-10-24T02:45:00+02:00", Paris),
            "2026-10-26T02:30:00+01:00"
        );
    }

    #[test]
    fn a_calendar_reads_every_entry_and_min_phase_and_names_the_key_at_fault() {
        let mut d = Deadlines {
            movement: "Fri 23:59".into(),
            retreat: "daily 20:00".into(),
            adjustment: "24h".into(),
            min_phase: None,
        };
        let c = Calendar::read(&d).unwrap();
        assert_eq!(c.min_phase, Duration::hours(24));
        assert_eq!(c.adjustment, PhaseDeadline::After(Duration::hours(24)));
        let opened = at("2026-10-22T21:30:00+02:00");
        assert_eq!(
            c.due(PhaseKind::Retreat, opened, Paris).to_rfc3339(),
            "2026-10-24T20:00:00+02:00"
        );
        assert_eq!(
            c.due(PhaseKind::Adjustment, opened, Paris).to_rfc3339(),
            "2026-10-23T21:30:00+02:00"
        );
        d.min_phase = Some("36h".into());
        let c = Calendar::read(&d).unwrap();
        assert_eq!(
            c.due(PhaseKind::Movement, opened, Paris).to_rfc3339(),
            "2026-10-30T23:59:00+01:00"
        );
        d.retreat = "dailly 20:00".into();
        let e = Calendar::read(&d).unwrap_err();
        assert_eq!((e.key, e.text.as_str()), ("retreat", "dailly 20:00"));
        assert!(
            e.to_string()
                .starts_with("deadlines: retreat: \"dailly 20:00\": \"dailly\" is not a day"),
            "{e}"
        );
        d.retreat = "24h".into();
        d.min_phase = Some("a day".into());
        let e = Calendar::read(&d).unwrap_err();
        assert_eq!((e.key, e.text.as_str()), ("min_phase", "a day"));
        assert!(e.to_string().contains("write a duration"), "{e}");
    }
}
