//! Durations as the players file and the desk write them: `72h`, `3d`, `90m`, `1d12h`.

/// A duration that cannot be read, as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    /// Not numbers each followed by a unit, or not more than nothing.
    #[error("\"{text}\": write a duration like \"72h\", \"3d\" or \"1d12h\"")]
    Shape { text: String },
    /// A unit other than days, hours and minutes.
    #[error("\"{text}\": unknown unit \"{unit}\" (use d, h or m)")]
    Unit { text: String, unit: char },
}

/// A duration written `72h`, `3d`, `90m` or `1d12h`.
pub fn parse_duration(text: &str) -> Result<chrono::Duration, DurationError> {
    let shape = || DurationError::Shape { text: text.into() };
    let t = text.trim().to_ascii_lowercase();
    let mut total = chrono::Duration::zero();
    let mut number = String::new();
    let mut any = false;
    for c in t.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        if c.is_whitespace() {
            continue;
        }
        let n: i64 = number.parse().map_err(|_| shape())?;
        number.clear();
        total += match c {
            'd' => chrono::Duration::days(n),
            'h' => chrono::Duration::hours(n),
            'm' => chrono::Duration::minutes(n),
            _ => {
                return Err(DurationError::Unit {
                    text: text.into(),
                    unit: c,
                })
            }
        };
        any = true;
    }
    if !number.is_empty() || !any || total <= chrono::Duration::zero() {
        return Err(shape());
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_days_hours_and_minutes() {
        assert_eq!(parse_duration("72h").unwrap(), chrono::Duration::hours(72));
        assert_eq!(parse_duration("1d12h").unwrap(), chrono::Duration::hours(36));
        assert_eq!(parse_duration("90m").unwrap(), chrono::Duration::minutes(90));
        assert_eq!(parse_duration("72"), Err(DurationError::Shape { text: "72".into() }));
        assert!(parse_duration("0h").is_err());
        let e = parse_duration("3w").unwrap_err();
        assert_eq!(
            e,
            DurationError::Unit {
                text: "3w".into(),
                unit: 'w'
            }
        );
        assert_eq!(e.to_string(), "\"3w\": unknown unit \"w\" (use d, h or m)");
    }
}
