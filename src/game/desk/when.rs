//! A time as the referee writes it: `+2d`, `+36h`, `-12h` (from a base the verb chooses), an
//! RFC 3339 time, or a date and time in the game's zone (`2026-12-03 20:00`).

use super::DeskError;
use crate::game::Now;
use chrono::{NaiveDateTime, TimeZone};

/// A time written by the referee, before it is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// A shift from a base: the current deadline (`deadline`), or now (`resume`).
    Shift(chrono::Duration),
    /// A time.
    At(Now),
}

impl When {
    /// Reads `text`; a date without an offset is in `timezone` (an IANA name).
    pub fn parse(text: &str, timezone: &str) -> Result<When, DeskError> {
        let t = text.trim();
        let bad = || DeskError::BadTime {
            text: t.to_string(),
            timezone: timezone.to_string(),
        };
        if let Some(rest) = t.strip_prefix('+') {
            return crate::game::config::parse_duration(rest)
                .map(When::Shift)
                .map_err(|_| bad());
        }
        if let Some(rest) = t.strip_prefix('-') {
            return crate::game::config::parse_duration(rest)
                .map(|d| When::Shift(-d))
                .map_err(|_| bad());
        }
        if let Ok(at) = chrono::DateTime::parse_from_rfc3339(t) {
            return Ok(When::At(at));
        }
        let naive = [
            "%Y-%m-%d %H:%M",
            "%Y-%m-%d %H:%M:%S",
            "%Y-%m-%dT%H:%M",
            "%Y-%m-%dT%H:%M:%S",
        ]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(t, f).ok())
        .ok_or_else(bad)?;
        let tz: chrono_tz::Tz = timezone.parse().map_err(|_| bad())?;
        match tz.from_local_datetime(&naive) {
            chrono::LocalResult::Single(at) => Ok(When::At(at.fixed_offset())),
            // The hour the clocks go back: the first of the two.
            chrono::LocalResult::Ambiguous(first, _) => Ok(When::At(first.fixed_offset())),
            chrono::LocalResult::None => Err(DeskError::NoSuchLocalTime {
                text: t.to_string(),
                timezone: timezone.to_string(),
            }),
        }
    }

    /// The time, a shift being counted from `base`.
    pub fn from(self, base: Now) -> Now {
        match self {
            When::Shift(d) => base + d,
            When::At(t) => t,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(t: &str) -> Now {
        chrono::DateTime::parse_from_rfc3339(t).unwrap()
    }

    #[test]
    fn shifts_times_and_local_dates_are_read() {
        let base = at("2026-12-01T20:00:00+01:00");
        let w = |t: &str| When::parse(t, "Europe/Paris").map(|w| w.from(base));
        assert_eq!(w("+2d").unwrap(), at("2026-12-03T20:00:00+01:00"));
        assert_eq!(w("+36h").unwrap(), at("2026-12-03T08:00:00+01:00"));
        assert_eq!(w("-12h").unwrap(), at("2026-12-01T08:00:00+01:00"));
        assert_eq!(w("2026-12-05T10:00:00Z").unwrap(), at("2026-12-05T11:00:00+01:00"));
        assert_eq!(w("2026-12-03 20:00").unwrap(), at("2026-12-03T20:00:00+01:00"));
        assert_eq!(w("2026-07-03 20:00").unwrap(), at("2026-07-03T20:00:00+02:00"));
        for bad in ["tomorrow", "+2x", "+", "2026-13-01 10:00", ""] {
            let e = w(bad).unwrap_err();
            assert!(matches!(e, DeskError::BadTime { .. }), "{bad}: {e}");
            assert!(e.to_string().contains("+2d"), "{e}");
        }
        // The hour skipped when the clocks go forward.
        assert!(matches!(w("2026-03-29 02:30"), Err(DeskError::NoSuchLocalTime { .. })));
    }
}
