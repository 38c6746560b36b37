//! The processing of a Diplomacy game by mail: reminders before a deadline, the phase
//! judged at its deadline (or once every order is in, or forced by the referee), and what
//! it writes: the public report in each reader's language, the pictures, the pages, the
//! ruleset's letters, the end of the game; and the referee's status. The orders, casts,
//! press and votes that come before are [`super::mail`]'s.

use super::mail::{board, history, judge, map, missing, names, phase, position, ready, rules, standing};
use super::victory::{self, PhaseFacts, Standing};
use super::Judged;
use crate::game::kind::Run;
use crate::game::role::Role;
use crate::game::state::{state_error, BoardState, FactsRow, Finished, Vote};
use crate::game::{Effects, Game, GameError, Now};
use crate::judge::{adjust, Board, Outcome};
use crate::lang::Lang;
use crate::map::Power;
use crate::phase::{Phase, PhaseKind};
use crate::position::DivineReport;
use crate::report::views::{self, CentreRow, DislodgedRow, PowerRow, Report, ResultRow, WaivedRow};
use crate::report::View;
use std::collections::BTreeMap;

/// What `process` does to one game now: nothing, reminders, or the phase.
pub fn process(game: &mut Game, now: Now) -> Result<Option<Effects>, GameError> {
    process_with(game, now, Run::Due)
}

/// The roles that still owe something for the phase, and among them those that hold up an
/// early adjudication and are reminded (not the powers in civil disorder, whose orders are
/// not used).
fn waiting(game: &Game) -> Result<(Vec<Role>, Vec<Role>), GameError> {
    let mut waiting = Vec::new();
    for role in game.roles() {
        if !ready(game, role)? {
            waiting.push(role);
        }
    }
    let blocking = waiting
        .iter()
        .filter(|r| !game.state.desk.disorder.contains(r))
        .copied()
        .collect();
    Ok((waiting, blocking))
}

/// [`process`], at the deadline or forced. A paused game is left alone: neither judged nor
/// reminded. Before a phase is judged the game is kept in its history
/// ([`crate::game::desk::history`]), and the journal says it was judged.
pub fn process_with(game: &mut Game, now: Now, run: Run) -> Result<Option<Effects>, GameError> {
    if game.state.finished.is_some() || game.state.desk.paused.is_some() {
        return Ok(None);
    }
    let deadline = game
        .state
        .deadline
        .as_deref()
        .and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok())
        .ok_or_else(|| {
            let text = game.state.deadline.as_deref().unwrap_or_default();
            state_error("deadline", text, "deadline: not a time".into())
        })?;
    let (waiting, blocking) = waiting(game)?;
    let forced = matches!(run, Run::Forced(_));
    // With a grace period, the phase waits for its end unless every order is in. Every
    // order in, it goes at once, unless a player asked it to wait (`SET WAIT`): then at
    // its deadline.
    let due = crate::game::desk::grace_end(game).unwrap_or(deadline);
    let early = blocking.is_empty() && game.state.wait.is_empty();
    let waited = blocking.is_empty() && now >= deadline;
    if forced || now >= due || early || waited {
        crate::game::desk::history::snapshot(game)?;
        let code = phase(game)?.code();
        use crate::game::desk::journal::How;
        let how = match (forced, early) {
            (true, _) => How::Forced,
            (false, true) => How::AllIn,
            (false, false) => How::AtDeadline,
        };
        let nmr = count_missed(game, &waiting);
        let did = match (forced, early) {
            (true, _) => crate::game::desk::referee::Did::Forced,
            (false, true) => crate::game::desk::referee::Did::AllIn,
            (false, false) => crate::game::desk::referee::Did::Deadline,
        };
        let told = crate::game::desk::referee::Run::judging(game, did, &waiting, nmr);
        let mut fx = adjudicate(game, now, waiting.clone())?;
        fx.letters.extend(crate::game::desk::referee::digest(game, told));
        let act = match run {
            Run::Forced(act) => act,
            Run::Due => crate::game::desk::Act {
                who: crate::game::desk::journal::Who::System,
                why: String::new(),
                now,
            },
        };
        // Said here, where it is known whether the referee forced the phase.
        fx.log.push(format!(
            "{code} processed ({}); next: {}",
            how.english(),
            game.state.phase
        ));
        fx.journal.push(act.entry(
            crate::game::desk::journal::Done::Adjudicated {
                code: code.to_string(),
                how,
                missing: waiting.clone(),
                now: game.state.phase.clone(),
            },
            &game.config.timezone,
        ));
        return Ok(Some(fx));
    }
    let before = crate::game::config::parse_duration(&game.config.reminder).unwrap_or(chrono::Duration::hours(24));
    if !game.state.reminded && now >= deadline - before {
        let mut fx = Effects::default();
        let code = phase(game)?.code();
        for &role in &blocking {
            let reader = game.config.reader(role);
            let view = views::Reminder {
                common: game.common(role),
                missing: missing(game, role, reader.lang)?,
            };
            // The letter's subject names the game and the phase already.
            let due = crate::words::moment(deadline, reader.timezone, reader.lang);
            let subject = match reader.lang {
                Lang::En => format!("reminder, due {due}"),
                Lang::Fr => format!("rappel, ordres attendus pour le {due}"),
            };
            fx.letters.push(
                game.letter(format!("{code}-reminder-{}", role.lowercase()), role, &subject, view)
                    .broadcast(&game.config.game),
            );
        }
        game.state.reminded = true;
        fx.log.push(format!("{code}: reminded {}", names(&blocking)));
        let told = crate::game::desk::referee::Run::reminding(game, &blocking);
        fx.letters.extend(crate::game::desk::referee::digest(game, told));
        return Ok(Some(fx));
    }
    Ok(None)
}

/// The phase judged as if its deadline had passed, for `arbitre preview`: the caller puts
/// the state back.
pub fn adjudicate_preview(game: &mut Game, now: Now) -> Result<Effects, GameError> {
    let (waiting, _) = waiting(game)?;
    adjudicate(game, now, waiting)
}

/// Counts the phases each power let pass without any order (a power not in civil
/// disorder that had something to order and sent nothing); returns those the referee must
/// now be asked about, with their count.
fn count_missed(game: &mut Game, waiting: &[Role]) -> Vec<(Role, u32)> {
    let asking = game
        .config
        .nmr_before_asking
        .unwrap_or(crate::game::config::NMR_BEFORE_ASKING);
    let mut ask = Vec::new();
    for p in map().all_powers() {
        let role = Role::Power(p);
        let none = waiting.contains(&role) && game.state.orders.get(&role).is_none_or(|o| o.is_empty());
        let disorder = game.state.desk.disorder.contains(&role);
        if none && !disorder {
            let n = game.state.desk.missed.entry(role).or_insert(0);
            *n += 1;
            if *n >= asking {
                ask.push((role, *n));
            }
        } else {
            game.state.desk.missed.remove(&role);
        }
    }
    ask
}

fn adjudicate(game: &mut Game, now: Now, waiting: Vec<Role>) -> Result<Effects, GameError> {
    let map = map();
    let phase = phase(game)?;
    // A power in civil disorder gives no orders (desk::disorder).
    let orders: Vec<(String, Vec<String>)> = map
        .all_powers()
        .map(Role::Power)
        .filter(|r| !game.state.desk.disorder.contains(r))
        .filter_map(|r| Some((r.to_string(), game.state.orders.get(&r)?.clone())))
        .collect();
    let pos = position(game, orders, true)?;
    let (mut outcome, divine) = judge(&pos);
    // The picture of the phase as judged (its dislodged units beside their provinces).
    let picture = crate::kinds::diplomacy::picture(map, &pos, &outcome, divine.as_ref()).named(&game.config.game);
    // The units dislodged, as the report shows them.
    let dislodged = outcome.next.dislodged.clone();
    let skipped = skip_empty_retreat(game, &mut outcome);
    let mut next_phase = outcome.next_phase;
    let next = outcome.next.clone();
    rules(game).judged(game, &pos, divine.as_ref());
    let survivors: Vec<Power> = map.all_powers().filter(|&p| next.in_game(p)).collect();
    let draw = !survivors.is_empty()
        && survivors
            .iter()
            .all(|&p| game.state.votes.get(&Role::Power(p)) == Some(&Vote::Draw));
    let facts = PhaseFacts::from_board(phase, &next, draw);
    let name_counts =
        |m: &BTreeMap<Power, usize>| m.iter().map(|(p, n)| (map.power_name(*p).to_string(), *n)).collect();
    game.state.history.push(FactsRow {
        phase: phase.to_string(),
        centers: name_counts(&facts.centers),
        units: name_counts(&facts.units),
        draw,
    });
    let before = victory::standing(
        map,
        &history(game)[..game.state.history.len() - 1],
        rules(game).protected(game),
    );
    let standing = standing(game);
    next_phase = rules(game).coming_phase(game, phase, &next, next_phase);
    let eliminated: Vec<String> = standing
        .eliminated
        .iter()
        .filter(|(_, ph)| *ph == phase)
        .map(|(p, _)| map.power_name(*p).to_string())
        .collect();

    // The new phase opens now: its deadline by the calendar, moved past a player's declared
    // absence (desk::absence). A deadline the referee or an absence moved counts for
    // nothing here: the phase after falls on the calendar again.
    let on_calendar = due(game, next_phase, now)?;
    let crate::game::desk::absence::Extension {
        due, moved: extended, ..
    } = crate::game::desk::absence::extend(game, on_calendar);
    let next_deadline = due.to_rfc3339();
    let finished = standing.over.then(|| finish(game, &standing, phase));
    let judgement = Judgement {
        phase,
        outcome: &outcome,
        before: &pos.board,
        next: &next,
        dislodged: &dislodged,
        skipped,
        next_phase,
        waiting: &waiting,
        eliminated: &eliminated,
        divine: divine.as_ref(),
        next_deadline: finished.is_none().then_some(next_deadline.as_str()),
        over: finished.as_ref().map(|f| f.summary.as_str()),
        extended,
    };
    // The public report in the game's words (the pages, the ruleset's letters), and in each
    // reader's: the same bytes for every reader of one language and time zone.
    let game_reader = game.config.game_reader();
    let report = public_report(game, &judgement, game_reader.lang, game_reader.timezone);
    let mut in_words: BTreeMap<(&'static str, String), Report> = BTreeMap::new();

    let mut fx = Effects::default();
    let code = phase.code();
    for role in game.roles() {
        let reader = game.config.reader(role);
        let report = in_words
            .entry((reader.lang.code(), reader.timezone.name().to_string()))
            .or_insert_with(|| public_report(game, &judgement, reader.lang, reader.timezone))
            .clone();
        let view = views::ReportLetter {
            common: game.common(role),
            report,
        };
        let subject = crate::words::pick(reader.lang, "results", "résultats");
        fx.letters.push(
            game.letter(format!("{code}-report-{}", role.lowercase()), role, &subject, view)
                .broadcast(&game.config.game),
        );
    }
    fx.letters.extend(game.to_observers(
        &format!("{code}-report"),
        &crate::words::pick(game_reader.lang, "results", "résultats"),
        |common| views::ReportLetter {
            common,
            report: report.clone(),
        },
    ));
    let judged = Judged {
        phase,
        next_phase,
        next: &next,
        report: &report,
        divine: divine.as_ref(),
        before: &before,
        standing: &standing,
        finished: finished.is_some(),
    };
    fx.letters.extend(rules(game).letters(game, &judged));
    // The map in every report: the public picture, and in a divine player's own report the
    // picture of what that player knows; each distinct picture made once.
    let album = crate::picture::Album::new(map, picture, rules(game).picture_secrets(game, false));
    if let Some(album) = &album {
        show_pictures(album, &mut fx);
    }
    if let Some(f) = &finished {
        let revealed = rules(game).revealed(game);
        // The last report in each reader's words.
        let finals = game.final_letters(f, |common, ending, reader| views::Final {
            common,
            ending,
            report: public_report(game, &judgement, reader.lang, reader.timezone),
            revealed: revealed.clone(),
        });
        for letter in finals {
            fx.letters.push(letter.broadcast(&game.config.game));
        }
        game.state.finished = Some(f.clone());
    }

    // The referee's copies (desk::referee).
    fx.letters
        .extend(crate::game::desk::referee::copies(game, &code, &report, &fx.letters));

    // Pages: the phase's record, map and page, the page before it with its link to this
    // one, and the index with the board the game goes on with (super::pages).
    let press = std::mem::take(&mut game.state.press);
    // In the game's language, as its pages are.
    let svg = album.as_ref().map(|a| a.public_svg(game.config.language));
    let now = match &finished {
        Some(_) => album.as_ref().map(|a| a.view().clone()),
        None => Some(crate::picture::PictureView::board(map, next_phase, &next).named(&game.config.game)),
    };
    fx.pages
        .extend(super::pages::phase_pages(game, &report, press, svg, now.as_ref())?);

    // The state of the new phase.
    rules(game).phase_over(game, phase, next_phase);
    game.state.board = Some(BoardState::from_board(map, &next));
    game.state.phase = next_phase.to_string();
    game.state.deadline = if game.state.finished.is_some() {
        None
    } else {
        Some(next_deadline)
    };
    game.state.reminded = false;
    game.state.orders.clear();
    game.state.wait.clear();
    game.state.desk.late.clear();
    Ok(fx)
}

/// The picture of the board now (`GET MAP`), as `role` is entitled to see it: the public
/// one, or with what the role is told of the game's secrets (the casts on file included).
/// None for a map without geometry, or when the picture cannot be made.
pub fn picture_now(game: &Game, role: Role) -> Option<std::sync::Arc<[u8]>> {
    use crate::picture::Reader;
    let view =
        crate::picture::PictureView::board(map(), phase(game).ok()?, &board(game).ok()?).named(&game.config.game);
    let album = crate::picture::Album::new(map(), view, rules(game).picture_secrets(game, true))?;
    let reader = match role {
        Role::Power(p) => Reader::Power(p),
        // A role of the ruleset's own sees what it is told (God, the Devil).
        Role::Named(name) => Reader::Role(name),
        Role::Referee | Role::Observer => Reader::Public,
    };
    album.png_in(reader, game.config.reader(role).lang).ok()
}

/// Puts the phase's picture in its reports: the public picture in the public report, and
/// in each divine player's own report the picture of what they know
/// ([`crate::picture::Reader::told`]). A picture that cannot be made is said in the log,
/// and its letters go without it.
fn show_pictures(album: &crate::picture::Album, fx: &mut Effects) {
    use crate::picture::Reader;
    for letter in &mut fx.letters {
        let reader = match &letter.view {
            View::Report(_) => Reader::Public,
            // The divine letter's reader, by the name its view carries.
            View::Divine(v) => match Role::from_name(&v.common.role) {
                Some(Role::Named(name)) => Reader::Role(name),
                _ => Reader::Public,
            },
            _ => continue,
        };
        match album.png_in(reader, letter.lang) {
            Ok(png) => letter.picture = Some(crate::report::MapPng(png)),
            Err(e) => fx.log.push(format!("{}: {e}", letter.stem)),
        }
    }
}

/// A retreat phase in which no dislodged unit has anywhere to go is judged at once
/// ([`crate::kinds::diplomacy::skip_empty_retreat`]); its results join the phase's. Returns whether
/// it was skipped.
fn skip_empty_retreat(game: &Game, outcome: &mut Outcome) -> bool {
    match crate::kinds::diplomacy::skip_empty_retreat(map(), &game.config.variant, outcome) {
        Some(skipped) => {
            outcome.results.extend(skipped.results);
            true
        }
        None => false,
    }
}

/// The deadline of `phase` opened at `opened`: the game's calendar says it
/// ([`crate::game::calendar`]), each phase kind by its own `deadlines:` entry.
pub(crate) fn due(game: &Game, phase: Phase, opened: Now) -> Result<Now, GameError> {
    crate::game::calendar::due(&game.config, phase.kind, opened)
}

/// What the public report of a phase says, before it is put into a reader's words.
struct Judgement<'a> {
    phase: Phase,
    outcome: &'a Outcome,
    /// The board the phase was judged on, and the board after it.
    before: &'a Board,
    next: &'a Board,
    /// The units dislodged in the phase.
    dislodged: &'a [crate::judge::Dislodged],
    /// The retreat phase after it was judged at once ([`skip_empty_retreat`]).
    skipped: bool,
    next_phase: Phase,
    /// The roles whose orders were not all in.
    waiting: &'a [Role],
    /// The powers eliminated with the phase.
    eliminated: &'a [String],
    divine: Option<&'a DivineReport>,
    /// The next deadline (RFC 3339); none when the game is over.
    next_deadline: Option<&'a str>,
    /// How the game ended, when it did.
    over: Option<&'a str>,
    /// The next deadline was moved past a player's declared absence (the report says that
    /// it moved, never why).
    extended: bool,
}

/// The public report of a phase in a reader's language, its deadline in the reader's zone
/// and UTC. Made of the phase's public facts only: every reader of one language and zone
/// gets the same.
fn public_report(game: &Game, j: &Judgement, lang: Lang, zone: chrono_tz::Tz) -> Report {
    let map = map();
    let say = |en: &str, fr: &str| crate::words::pick(lang, en, fr);
    Report {
        game: game.config.game.clone(),
        title: game.title().into(),
        phase: crate::words::phase(j.phase, lang),
        code: j.phase.code(),
        powers: power_rows(game, j, lang),
        variant: rules(game).report_part(j.divine, j.phase, lang),
        dislodged: j
            .dislodged
            .iter()
            .map(|d| DislodgedRow {
                unit: crate::order::unit_text_in(map, &d.unit.unit_ref(), lang),
                power: map.power_name(d.unit.power).into(),
                attacker_from: d
                    .attacker_from
                    .map(|a| crate::order::province_text_in(map, a, lang).to_string())
                    .unwrap_or_default(),
                retreats: {
                    let r: Vec<String> = d
                        .retreats
                        .iter()
                        .flatten()
                        .map(|l| crate::order::loc_text_in(map, *l, lang))
                        .collect();
                    if r.is_empty() && j.skipped {
                        say("none: disbanded", "aucune : dissoute")
                    } else if r.is_empty() {
                        say("none: it will be disbanded", "aucune : elle sera dissoute")
                    } else {
                        r.join(", ")
                    }
                },
            })
            .collect(),
        waived: j
            .outcome
            .waived
            .iter()
            .map(|(&p, &builds)| WaivedRow {
                power: map.power_name(p).into(),
                builds,
            })
            .collect(),
        eliminated: j.eliminated.to_vec(),
        next_phase: match j.next_deadline {
            Some(_) => crate::words::phase(j.next_phase, lang),
            None => String::new(),
        },
        next_deadline: j
            .next_deadline
            .map(|d| {
                let when = crate::words::moment_text(d, zone, lang);
                match (j.extended, lang) {
                    (false, _) => when,
                    (true, Lang::En) => format!("{when} (extended)"),
                    (true, Lang::Fr) => format!("{when} (prolongée)"),
                }
            })
            .unwrap_or_default(),
        next_deadline_at: j.next_deadline.unwrap_or_default().to_string(),
        // How it ended, in the reader's words (the state keeps the English ones).
        over: j
            .over
            .map(|o| match lang {
                Lang::En => o.to_string(),
                _ => ending_words(game, &standing(game), lang),
            })
            .unwrap_or_default(),
    }
}

/// Each power's part of the public report: its orders and their results with their causes
/// in words, its units after the phase, its supply centres by name with those that changed
/// hands marked, and the builds or removals due when a winter comes next. Orders, units and
/// places in the notation of a reader of `lang`, as his replies echo them (`A MAR soutient
/// A PAR - BOU` for a French reader).
fn power_rows(game: &Game, j: &Judgement, lang: Lang) -> Vec<PowerRow> {
    let map = map();
    let in_winter = j.phase.kind == PhaseKind::Adjustment;
    let code = |c: crate::map::ProvId| crate::order::province_text_in(map, c, lang).to_string();
    let (outcome, next) = (j.outcome, j.next);
    // The builds every reader is shown: without God's adjustment blessing, which only the
    // blessed power hears of before the winter (the winter's report names it after).
    let hooks = crate::judge::Standard;
    let reasons = crate::words::reasons(map, lang, &outcome.results);
    map.all_powers()
        .filter_map(|p| {
            let name = map.power_name(p).to_string();
            let results: Vec<ResultRow> = outcome
                .results
                .iter()
                .zip(&reasons)
                .filter(|(r, _)| r.power == p)
                .map(|(r, reason)| ResultRow {
                    order: crate::order::echo(map, r.order.as_ref(), lang, in_winter),
                    result: r.verdict.as_str().into(),
                    reason: reason.clone(),
                })
                .collect();
            let units: Vec<String> = next
                .units
                .iter()
                .filter(|u| u.power == p)
                .map(|u| crate::order::unit_text_in(map, &u.unit_ref(), lang))
                .collect();
            let mut owned: Vec<CentreRow> = next
                .centers
                .iter()
                .filter(|(_, &o)| o == p)
                .map(|(&c, _)| CentreRow {
                    name: code(c),
                    gained: j.before.centers.get(&c) != Some(&p),
                })
                .collect();
            owned.sort_by(|a, b| a.name.cmp(&b.name));
            let mut lost: Vec<String> = j
                .before
                .centers
                .iter()
                .filter(|(c, &o)| o == p && next.centers.get(c) != Some(&p))
                .map(|(&c, _)| code(c))
                .collect();
            lost.sort();
            let waited = j.waiting.contains(&Role::Power(p));
            let was_alive = outcome.results.iter().any(|r| r.power == p) || waited;
            if !next.in_game(p) && !was_alive {
                return None;
            }
            let due = if j.next_phase.kind == PhaseKind::Adjustment {
                adjust::adjustment(next, &hooks, p) as i64
            } else {
                0
            };
            let adjustment = match due {
                n if n > 0 => crate::words::pick(lang, &format!("builds {n}"), &format!("mobilise {n}")),
                n if n < 0 => crate::words::pick(lang, &format!("removes {}", -n), &format!("démobilise {}", -n)),
                _ => String::new(),
            };
            Some(PowerRow {
                missed: waited && !game.state.orders.contains_key(&Role::Power(p)),
                late: game.state.desk.late.contains(&Role::Power(p)),
                power: name,
                results,
                unit_count: units.len(),
                units: units.join(", "),
                centers: owned.len(),
                owned,
                lost,
                adjustment,
                due,
                eliminated: !next.in_game(p),
            })
        })
        .collect()
}

fn finish(game: &Game, s: &Standing, phase: Phase) -> Finished {
    let map = map();
    let mut winners = Vec::new();
    match s.solo {
        Some(p) => winners.push(map.power_name(p).to_string()),
        None => winners.extend(survivors(game)),
    }
    winners.extend(rules(game).winners(s));
    Finished {
        after: phase.to_string(),
        winners,
        // The state's words, in English; the letters say it in each reader's (`ending`).
        summary: ending_words(game, s, Lang::En),
    }
}

/// The powers still in the game after the last phase processed: with a unit or a centre
/// (as the draw vote counts them).
fn survivors(game: &Game) -> Vec<String> {
    game.state
        .history
        .last()
        .map(|f| {
            map()
                .powers
                .iter()
                .map(|p| p.name.clone())
                .filter(|p| f.centers.get(p).is_some_and(|&n| n > 0) || f.units.get(p).is_some_and(|&n| n > 0))
                .collect()
        })
        .unwrap_or_default()
}

/// How a game that is over ended, in `lang`: a solo, or a draw voted by every survivor.
fn ending_words(game: &Game, s: &Standing, lang: Lang) -> String {
    match (s.solo, lang) {
        (Some(p), Lang::En) => format!(
            "{} wins alone with {} or more supply centres.",
            map().power_name(p),
            victory::SOLO
        ),
        (Some(p), Lang::Fr) => {
            let name = crate::map::standard_french_names().get(map().power_name(p));
            format!(
                "{} l'emporte seul{} avec {} centres de ravitaillement ou plus.",
                crate::lang::fr::capitalised(&name.the()),
                name.form(crate::lang::fr::Form::Agreement),
                victory::SOLO
            )
        }
        (None, Lang::En) => format!(
            "Every surviving power voted for a draw: {}.",
            survivors(game).join(", ")
        ),
        (None, Lang::Fr) => {
            let survivors = survivors(game);
            let names: Vec<&str> = survivors.iter().map(String::as_str).collect();
            format!(
                "Partie nulle entre {}, votée par toutes les puissances encore en jeu.",
                crate::map::standard_french_names().list(&names, crate::lang::fr::Form::The)
            )
        }
    }
}

/// How the game ended, in `lang`, once it is over (from its history, as [`finish`] said it).
pub fn ending(game: &Game, lang: Lang) -> Option<String> {
    let s = standing(game);
    s.over.then(|| ending_words(game, &s, lang))
}

/// The referee's view of the game (`arbitre status`), as YAML.
pub fn status(game: &Game) -> Result<String, GameError> {
    let map = map();
    let phase = phase(game)?;
    let board = board(game)?;
    let mut w = crate::yaml::Writer::default();
    w.key(0, "game", &game.config.game);
    w.key(0, "variant", &game.config.variant);
    crate::position::write_board(&mut w, map, 0, phase, &board);
    w.key(0, "deadline", game.state.deadline.as_deref().unwrap_or(""));
    // Who has orders on file and how many, never what (`arbitre preview` shows that).
    let counts: Vec<String> = game
        .state
        .orders
        .iter()
        .filter(|(_, list)| !list.is_empty())
        .map(|(role, list)| format!("{}: {}", crate::yaml::scalar(role.text()), list.len()))
        .collect();
    w.raw(0, &format!("orders: {{{}}}", counts.join(", ")));
    rules(game).status(game, &mut w);
    let votes: Vec<(&str, String)> = game
        .state
        .votes
        .iter()
        .map(|(k, v)| (k.text(), v.word().to_string()))
        .collect();
    w.flow_map(0, "votes", &votes);
    game.write_players_and_end(&mut w, |role| {
        Ok(Some(
            if ready(game, role)? { "complete" } else { "missing" }.to_string(),
        ))
    })?;
    Ok(w.finish())
}
