//! The game's journal, `DIR/journal.yaml`: one entry per act of the referee's desk (and per
//! phase adjudicated), saying who acted, when, what was done and why. Only ever appended to;
//! each append rewrites the file atomically ([`crate::store::write_atomic`]) under the
//! game's lock, so a crash leaves the journal as it was before or after the entry, never
//! half-written. `arbitre status` shows its last entries.

use crate::game::role::Role;
use crate::game::GameError;
use crate::lang::Lang;
use crate::store;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The journal's file name in the game folder.
pub const JOURNAL: &str = "journal.yaml";

/// Who acted.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    /// The referee, at the command line.
    Cli,
    /// A player, by mail (their role is in the entry).
    Mail,
    /// The referee, by mail (`SIGNON Referee …`).
    Referee,
    /// The program itself: `arbitre process` at a deadline.
    System,
}

impl Who {
    pub fn as_str(self) -> &'static str {
        match self {
            Who::Cli => "cli",
            Who::Mail => "mail",
            Who::Referee => "referee",
            Who::System => "system",
        }
    }
}

/// One entry of the journal.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// When (RFC 3339, the game's clock).
    pub at: String,
    pub who: Who,
    /// The role of a player who acted by mail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The verb (`deadline`, `pause`, `rollback`, `adjudicate`…).
    pub what: String,
    /// What it did, in a sentence (English, as the file has always said it).
    pub detail: String,
    /// Why, as the referee said it; empty when nothing was said.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
    /// What it did, as values: the status words it in its reader's language. An entry
    /// written before there was one shows its `detail` as recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done: Option<Done>,
}

/// How `arbitre process` came to judge a phase.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// The referee forced it before its deadline.
    Forced,
    /// Every order was in before the deadline.
    AllIn,
    /// At the deadline (or the end of its grace period).
    AtDeadline,
}

impl How {
    /// In English, as the journal and the log say it.
    pub fn english(self) -> &'static str {
        match self {
            How::Forced => "forced before the deadline",
            How::AllIn => "all orders in",
            How::AtDeadline => "at the deadline",
        }
    }
}

/// What one entry of the journal did, as values: phases as the state writes them (`Spring
/// 1901 Movement`) or by their codes (`S1901M`), times in RFC 3339, roles as roles. Worded
/// where it is shown ([`Done::words`]), in the reader's language and the game's zone.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Done {
    DeadlineMoved {
        phase: String,
        was: String,
        is: String,
    },
    Paused {
        phase: String,
    },
    Resumed {
        phase: String,
        due: String,
    },
    /// `arbitre preview`: what it wrote, and where.
    Previewed {
        phase: String,
        letters: usize,
        pages: usize,
        folder: String,
    },
    /// A phase judged, `code` the phase judged and `now` the phase the game is in after it.
    Adjudicated {
        code: String,
        how: How,
        missing: Vec<Role>,
        now: String,
    },
    /// A rollback from the phase `from` (a code) back to `to`, due at `due`.
    RolledBack {
        from: String,
        to: String,
        withdrawn: usize,
        due: String,
    },
    /// The rollback to `to` (a code) undone; the game is in `now` again.
    RollbackUndone {
        to: String,
        now: String,
    },
    Replaced {
        role: Role,
        was_name: String,
        was_address: String,
        name: String,
        address: String,
    },
    AddressChanged {
        role: Role,
        was: String,
        is: String,
    },
    NewPassword {
        role: Role,
        to: String,
    },
    Disorder {
        role: Role,
        phase: String,
    },
    /// An absence a player announced (dates as the player wrote them, `YYYY-MM-DD`).
    Absent {
        role: Role,
        from: String,
        to: String,
    },
}

impl Done {
    /// The verb the entry files it under (`what:`).
    pub fn verb(&self) -> &'static str {
        match self {
            Done::DeadlineMoved { .. } => "deadline",
            Done::Paused { .. } => "pause",
            Done::Resumed { .. } => "resume",
            Done::Previewed { .. } => "preview",
            Done::Adjudicated { .. } => "adjudicate",
            Done::RolledBack { .. } => "rollback",
            Done::RollbackUndone { .. } => "rollback --redo",
            Done::Replaced { .. } => "replace",
            Done::AddressChanged { .. } | Done::NewPassword { .. } => "player",
            Done::Disorder { .. } => "disorder",
            Done::Absent { .. } => "absence",
        }
    }

    /// The verb in `lang`: the English one as filed; French words for a French status.
    pub fn verb_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.verb(),
            Lang::Fr => match self {
                Done::DeadlineMoved { .. } => "échéance",
                Done::Paused { .. } => "suspension",
                Done::Resumed { .. } => "reprise",
                Done::Previewed { .. } => "aperçu",
                Done::Adjudicated { .. } => "résolution",
                Done::RolledBack { .. } => "retour en arrière",
                Done::RollbackUndone { .. } => "retour en arrière annulé",
                Done::Replaced { .. } => "remplacement",
                Done::AddressChanged { .. } | Done::NewPassword { .. } => "joueur",
                Done::Disorder { .. } => "désordre civil",
                Done::Absent { .. } => "absence",
            },
        }
    }

    /// What it did, in a sentence in `lang`, its times in `timezone` (with UTC). The
    /// English sentence is the one the journal files as `detail`.
    pub fn words(&self, lang: Lang, timezone: &str) -> String {
        match lang {
            Lang::En => self.english(timezone),
            Lang::Fr => self.french(timezone),
        }
    }

    fn english(&self, tz: &str) -> String {
        let at = |t: &str| super::both_zones(t, tz);
        let names = |roles: &[Role]| roles.iter().map(|r| r.text()).collect::<Vec<_>>().join(", ");
        match self {
            Done::DeadlineMoved { phase, was, is } => {
                format!("{phase}: deadline moved from {} to {}", at(was), at(is))
            }
            Done::Paused { phase } => format!("{phase}: paused"),
            Done::Resumed { phase, due } => format!("{phase}: resumed, due {}", at(due)),
            Done::Previewed {
                phase,
                letters,
                pages,
                folder,
            } => {
                format!(
                    "{phase}: previewed, {} and {} in {folder}/",
                    Lang::En.count(*letters, "letter", "letters"),
                    Lang::En.count(*pages, "page", "pages")
                )
            }
            Done::Adjudicated {
                code,
                how,
                missing,
                now,
            } => {
                let how = how.english();
                let missing = match missing.is_empty() {
                    true => String::new(),
                    false => format!(", missing: {}", names(missing)),
                };
                format!("{code} adjudicated ({how}{missing}); now {now}")
            }
            Done::RolledBack {
                from,
                to,
                withdrawn,
                due,
            } => {
                format!(
                    "{from} rolled back to {to}; {} withdrawn; due {}",
                    Lang::En.count(*withdrawn, "unsent letter", "unsent letters"),
                    at(due)
                )
            }
            Done::RollbackUndone { to, now } => format!("the rollback to {to} undone; now {now}"),
            Done::Replaced {
                role,
                was_name,
                was_address,
                name,
                address,
            } => {
                format!("{role}: {was_name} <{was_address}> replaced by {name} <{address}>")
            }
            Done::AddressChanged { role, was, is } => format!("{role}: address {was} changed to {is}"),
            Done::NewPassword { role, to } => format!("{role}: new password sent to {to}"),
            Done::Disorder { role, phase } => format!("{role}: civil disorder from {phase}"),
            Done::Absent { role, from, to } => format!("{role}: absent from {from} to {to}"),
        }
    }

    fn french(&self, tz: &str) -> String {
        // Each sentence follows « verbe : » in the journal's line, so it opens in lower case
        // and holds no colon of its own.
        use crate::lang::fr::Form;
        let zone = tz.parse::<chrono_tz::Tz>().unwrap_or(chrono_tz::UTC);
        let at = |t: &str| crate::words::moment_text(t, zone, Lang::Fr);
        // A phase mid-sentence (« printemps 1901, mouvements »), or after a preposition
        // (« au printemps 1901, mouvements »).
        let phase_as =
            |p: &str, form: Form| crate::map::standard_french_names().say(&crate::words::phase_text(p, Lang::Fr), form);
        let phase = |p: &str| phase_as(p, Form::Bare);
        match self {
            Done::DeadlineMoved { phase: p, was, is } => {
                format!("{}, déplacée du {} au {}", phase(p), at(was), at(is))
            }
            Done::Paused { phase: p } => format!("{}, partie suspendue", phase(p)),
            Done::Resumed { phase: p, due } => format!("{}, partie reprise, échéance le {}", phase(p), at(due)),
            Done::Previewed {
                phase: p,
                letters,
                pages,
                folder,
            } => format!(
                "{}, {} et {} dans {folder}/",
                phase(p),
                Lang::Fr.count(*letters, "lettre", "lettres"),
                Lang::Fr.count(*pages, "page", "pages")
            ),
            Done::Adjudicated {
                code,
                how,
                missing,
                now,
            } => {
                let how = match how {
                    How::Forced => "forcée avant l'échéance",
                    How::AllIn => "tous les ordres reçus",
                    How::AtDeadline => "à l'échéance",
                };
                let missing = match missing.is_empty() {
                    true => String::new(),
                    false => format!(", sans ordres {}", Role::fr_list(missing, Form::Of)),
                };
                format!(
                    "{code} résolue ({how}{missing}) ; la partie en est {}",
                    phase_as(now, Form::To)
                )
            }
            Done::RolledBack {
                from,
                to,
                withdrawn,
                due,
            } => format!(
                "{from} ramenée à {to} ; {} ; échéance le {}",
                Lang::Fr.count(
                    *withdrawn,
                    "lettre pas encore envoyée retirée",
                    "lettres pas encore envoyées retirées"
                ),
                at(due)
            ),
            Done::RollbackUndone { to, now } => {
                format!("retour à {to} annulé ; la partie en est {}", phase_as(now, Form::To))
            }
            Done::Replaced {
                role,
                was_name,
                was_address,
                name,
                address,
            } => format!(
                "{was_name} <{was_address}> remplacé par {name} <{address}> pour {}",
                role.fr(Form::The)
            ),
            Done::AddressChanged { role, was, is } => {
                format!("adresse {} changée de {was} en {is}", role.fr(Form::Of))
            }
            Done::NewPassword { role, to } => {
                format!("nouveau mot de passe {} envoyé à {to}", role.fr(Form::Of))
            }
            Done::Disorder { role, phase: p } => format!(
                "{} en désordre civil à partir de la phase {}",
                role.fr(Form::The),
                phase(p)
            ),
            Done::Absent { role, from, to } => {
                format!(
                    "{} absent{} du {from} au {to}",
                    role.fr(Form::The),
                    role.fr(Form::Agreement)
                )
            }
        }
    }
}

impl Entry {
    /// What it did, in `lang`: [`Done::words`], or the detail as recorded for an entry
    /// that has no [`Done`].
    pub fn detail_in(&self, lang: Lang, timezone: &str) -> String {
        match (&self.done, lang) {
            (Some(done), Lang::Fr) => done.words(lang, timezone),
            _ => self.detail.clone(),
        }
    }

    /// The verb in `lang`.
    pub fn what_in(&self, lang: Lang) -> String {
        match &self.done {
            Some(done) => done.verb_in(lang).to_string(),
            None => self.what.clone(),
        }
    }
}

/// Appends `entries` to the journal of the game in `dir`, atomically. The caller holds the
/// game's lock.
pub fn append(dir: &Path, entries: &[Entry]) -> Result<(), GameError> {
    if entries.is_empty() {
        return Ok(());
    }
    let path = dir.join(JOURNAL);
    let mut text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(GameError::io(&path)(e)),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    // A YAML sequence written after another is one longer sequence.
    text.push_str(&serde_yaml::to_string(entries)?);
    store::write_atomic(&path, text.as_bytes()).map_err(GameError::io(&path))
}

/// Every entry of the journal, oldest first; none when there is no journal yet.
pub fn read(dir: &Path) -> Result<Vec<Entry>, GameError> {
    let path = dir.join(JOURNAL);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(GameError::io(&path)(e)),
    };
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    Ok(crate::yaml::from_str(&text, &path.display().to_string())?)
}

/// The last `n` entries, oldest first.
pub fn last(dir: &Path, n: usize) -> Result<Vec<Entry>, GameError> {
    let mut all = read(dir)?;
    let skip = all.len().saturating_sub(n);
    Ok(all.split_off(skip))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(what: &str) -> Entry {
        Entry {
            at: "2026-12-01T20:00:00+01:00".into(),
            who: Who::Cli,
            role: None,
            what: what.into(),
            detail: format!("did {what}"),
            why: String::new(),
            done: None,
        }
    }

    #[test]
    fn the_letters_and_pages_are_counted_in_each_language() {
        let previewed = |n: usize, lang| {
            let done = Done::Previewed {
                phase: "S1901M".into(),
                letters: n,
                pages: n,
                folder: "preview".into(),
            };
            done.words(lang, "Europe/Paris")
        };
        let withdrawn = |n: usize, lang| {
            let done = Done::RolledBack {
                from: "F1901M".into(),
                to: "S1901M".into(),
                withdrawn: n,
                due: "2026-12-03T20:00:00+01:00".into(),
            };
            done.words(lang, "Europe/Paris")
        };
        for (n, en, fr) in [
            (0, "0 letters and 0 pages", "0 lettre et 0 page"),
            (1, "1 letter and 1 page", "1 lettre et 1 page"),
            (2, "2 letters and 2 pages", "2 lettres et 2 pages"),
        ] {
            assert!(previewed(n, Lang::En).ends_with(&format!(", {en} in preview/")), "{n}");
            assert!(
                previewed(n, Lang::Fr).ends_with(&format!(", {fr} dans preview/")),
                "{n}"
            );
        }
        for (n, en, fr) in [
            (0, "0 unsent letters", "0 lettre pas encore envoyée retirée"),
            (1, "1 unsent letter", "1 lettre pas encore envoyée retirée"),
            (2, "2 unsent letters", "2 lettres pas encore envoyées retirées"),
        ] {
            assert!(withdrawn(n, Lang::En).contains(&format!("; {en} withdrawn; ")), "{n}");
            assert!(withdrawn(n, Lang::Fr).contains(&format!(" ; {fr} ; ")), "{n}");
        }
    }

    #[test]
    fn entries_are_appended_and_read_back_in_order() {
        let dir = std::env::temp_dir().join(format!("arbitre-journal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert!(read(&dir).unwrap().is_empty());
        append(&dir, &[entry("pause")]).unwrap();
        let before = std::fs::read_to_string(dir.join(JOURNAL)).unwrap();
        let mut second = entry("resume");
        second.why = "back: 'quoted' – and: colons".into();
        append(&dir, &[second.clone(), entry("deadline")]).unwrap();
        let after = std::fs::read_to_string(dir.join(JOURNAL)).unwrap();
        assert!(after.starts_with(&before), "only appended to");
        let all = read(&dir).unwrap();
        assert_eq!(all.len(), 3);
        assert_eq!(all[1], second);
        assert_eq!(
            last(&dir, 2)
                .unwrap()
                .iter()
                .map(|e| e.what.as_str())
                .collect::<Vec<_>>(),
            ["resume", "deadline"]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_entry_without_values_is_read_and_shown_as_recorded() {
        let old =
            "- at: 2026-12-01T20:00:00+01:00\n  who: cli\n  what: pause\n  detail: 'Spring 1901 Movement: paused'\n";
        let e: Vec<Entry> = serde_yaml::from_str(old).unwrap();
        assert_eq!(e[0].done, None);
        assert_eq!(e[0].detail_in(Lang::Fr, "Europe/Paris"), "Spring 1901 Movement: paused");
        assert_eq!(e[0].what_in(Lang::Fr), "pause");
    }

    #[test]
    fn what_was_done_is_worded_in_each_language_from_its_values() {
        let moved = Done::DeadlineMoved {
            phase: "Spring 1901 Movement".into(),
            was: "2026-12-01T20:00:00+01:00".into(),
            is: "2026-12-02T20:00:00+01:00".into(),
        };
        // The English sentence is the journal's detail, as it always was.
        assert_eq!(
            moved.words(Lang::En, "Europe/Paris"),
            "Spring 1901 Movement: deadline moved from Tuesday 1 December 2026, 20:00 CET (2026-12-01 19:00 UTC) \
             to Wednesday 2 December 2026, 20:00 CET (2026-12-02 19:00 UTC)"
        );
        assert_eq!(
            moved.words(Lang::Fr, "Europe/Paris"),
            "printemps 1901, mouvements, déplacée du mardi 1er décembre 2026, 20 h 00 CET (19 h 00 UTC) \
             au mercredi 2 décembre 2026, 20 h 00 CET (19 h 00 UTC)"
        );
        let italy = Role::from_name("Italy").unwrap();
        let judged = Done::Adjudicated {
            code: "S1901M".into(),
            how: How::AtDeadline,
            missing: vec![italy, Role::Named("God")],
            now: "Fall 1901 Movement".into(),
        };
        assert_eq!(
            judged.words(Lang::En, "UTC"),
            "S1901M adjudicated (at the deadline, missing: Italy, God); now Fall 1901 Movement"
        );
        assert_eq!(
            judged.words(Lang::Fr, "UTC"),
            "S1901M résolue (à l'échéance, sans ordres de l'Italie et du Bon Dieu) ; la partie en est à l'automne 1901, mouvements"
        );
        let disorder = Done::Disorder {
            role: italy,
            phase: "Spring 1901 Movement".into(),
        };
        assert_eq!(disorder.verb(), "disorder");
        assert_eq!(
            disorder.words(Lang::En, "UTC"),
            "Italy: civil disorder from Spring 1901 Movement"
        );
        assert_eq!(
            disorder.words(Lang::Fr, "UTC"),
            "l'Italie en désordre civil à partir de la phase printemps 1901, mouvements"
        );
        // After « verbe : » in the journal's line: in lower case, and no colon of its own.
        let replaced = Done::Replaced {
            role: italy,
            was_name: "Ivan".into(),
            was_address: "ivan@example.org".into(),
            name: "Iris".into(),
            address: "iris@example.org".into(),
        };
        assert_eq!(
            replaced.words(Lang::Fr, "UTC"),
            "Ivan <ivan@example.org> remplacé par Iris <iris@example.org> pour l'Italie"
        );
        let absent = Done::Absent {
            role: italy,
            from: "2026-12-01".into(),
            to: "2026-12-08".into(),
        };
        assert_eq!(
            absent.words(Lang::Fr, "UTC"),
            "l'Italie absente du 2026-12-01 au 2026-12-08"
        );
        let god = Done::Absent {
            role: Role::Named("God"),
            from: "2026-12-01".into(),
            to: "2026-12-08".into(),
        };
        assert_eq!(
            god.words(Lang::Fr, "UTC"),
            "le Bon Dieu absent du 2026-12-01 au 2026-12-08"
        );
        let address = Done::AddressChanged {
            role: italy,
            was: "ivan@example.org".into(),
            is: "ivan@example.net".into(),
        };
        assert_eq!(
            address.words(Lang::Fr, "UTC"),
            "adresse de l'Italie changée de ivan@example.org en ivan@example.net"
        );
        // Written and read back with its values.
        let mut e = entry("disorder");
        e.done = Some(disorder.clone());
        let text = serde_yaml::to_string(&[e]).unwrap();
        let back: Vec<Entry> = serde_yaml::from_str(&text).unwrap();
        assert_eq!(back[0].done, Some(disorder));
        assert_eq!(back[0].what_in(Lang::Fr), "désordre civil");
    }
}
