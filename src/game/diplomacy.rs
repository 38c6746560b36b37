//! A game of Diplomacy by mail, in any ruleset of [`crate::kinds::KINDS`]: orders on file,
//! press, votes, and the processing of a phase at its deadline. What a ruleset adds (its
//! extra roles and their casts, its part of the reports, its private letters) is asked of
//! its [`crate::kinds::diplomacy::Ruleset`]; nothing here names a variant.
//!
//! Orders are checked when they arrive by judging them alone on the board (the same code
//! that judges the phase), so a player hears at once that `A PAR - MOS` is impossible.
//!
//! Decisions where the spec is silent:
//! - Early processing waits for every role that can act: each power with complete orders,
//!   and each extra role of the ruleset with what it owes on file
//!   ([`crate::kinds::diplomacy::Ruleset::extra_role_ready`]). Missed orders never block the deadline.
//! - Draw votes stand until changed; the game ends in a draw after a phase at whose end every
//!   surviving power votes draw. Votes are secret; the report says only that a draw ended it.
//! - Private press goes to the powers named; the sender is not copied (the reply confirms).
//!   Public press goes to every player, the sender included.
//! - A unit dislodged and awaiting its retreat still keeps its power in the game.
//! - A retreat phase in which no dislodged unit can go anywhere is not played: its units are
//!   disbanded in the movement phase's report, and the game goes on to the next phase.
//! - The reply's note on a support or convoy of another power's unit says what it needs,
//!   from the order and the board alone: never what that power has ordered.

use super::commands::{Command, LineError, Numbered, PressTo};
use super::role::Role;
use super::said::{Note, Refusal, Said};
use super::state::{BoardState, FactsRow, Finished, Vote};
use super::{Effects, Game, GameError, Now};
use crate::judge::{adjust, Board, Outcome, Unit, Verdict};
use crate::kinds::diplomacy::victory::{self, PhaseFacts, Standing};
use crate::kinds::diplomacy::{Judged, Ruleset};
use crate::lang::Lang;
use crate::map::{Loc, Map, Power, UnitType};
use crate::order::{parse_order, Order};
use crate::phase::{Phase, PhaseKind, Season};
use crate::position::{DivineReport, Position};
use crate::report::views::{self, CentreRow, DislodgedRow, OnFile, PowerRow, Report, ResultRow};
use crate::report::{Letter, View};
use crate::words::Reason;
use crate::yaml::FileError;
use std::collections::BTreeMap;

fn map() -> &'static Map {
    Map::standard()
}

/// The ruleset of the game's kind: what it adds to the flow kept here.
fn rules(game: &Game) -> &'static dyn Ruleset {
    crate::kinds::diplomacy::rules_of(&game.config.variant)
}

/// A problem of `state.yaml` under `key:`, about `token` (no line: the state is written
/// by the program, not by hand).
fn state_error(key: &str, token: &str, message: String) -> GameError {
    GameError::File(FileError {
        key: Some(key.into()),
        token: (!token.is_empty()).then(|| token.into()),
        ..FileError::new("state.yaml", message)
    })
}

pub fn phase(game: &Game) -> Result<Phase, GameError> {
    let text = &game.state.phase;
    Phase::parse(text).map_err(|e| state_error("phase", text, format!("phase: {e}")))
}

/// The board of `state.yaml`, which a Diplomacy game always has.
fn board_state(game: &Game) -> Result<&super::state::BoardState, GameError> {
    (game.state.board.as_ref()).ok_or_else(|| state_error("board", "", "no board".into()))
}

pub fn board(game: &Game) -> Result<Board, GameError> {
    Ok(board_state(game)?.board(map(), &game.config.variant, phase(game)?)?)
}

/// Roles by name, joined by `, ` (for the log and the journal).
fn names(roles: &[Role]) -> String {
    roles.iter().map(|r| r.text()).collect::<Vec<_>>().join(", ")
}

fn power(name: &str) -> Option<Power> {
    map().power_by_name(name)
}

/// The facts of every phase processed, from `state.yaml`.
pub fn history(game: &Game) -> Vec<PhaseFacts> {
    let count = |m: &BTreeMap<String, usize>| m.iter().filter_map(|(p, &n)| Some((power(p)?, n))).collect();
    game.state
        .history
        .iter()
        .filter_map(|f| {
            Some(PhaseFacts {
                phase: Phase::parse(&f.phase).ok()?,
                centers: count(&f.centers),
                units: count(&f.units),
                draw: f.draw,
            })
        })
        .collect()
}

/// Where the game stands after the phases processed.
pub fn standing(game: &Game) -> Standing {
    victory::standing(map(), &history(game), rules(game).protected(game))
}

/// The position of the phase with `orders`, judged as `arbitre adjudicate` would.
fn position(game: &Game, orders: Vec<(String, Vec<String>)>, with_casts: bool) -> Result<Position, GameError> {
    let phase = phase(game)?;
    let b = board_state(game)?;
    let mut pos = b.position(map(), &game.config.variant, phase, orders)?;
    pos.divine = rules(game).position_extras(game, phase, with_casts);
    Ok(pos)
}

fn judge(pos: &Position) -> (Outcome, Option<DivineReport>) {
    crate::kinds::diplomacy::adjudicate(map(), pos)
}

/// What a support or a convoy of a unit needs from that unit's order to count: the order
/// that fits it, written for the judge, and the same in words for the player. Found from
/// the order and the board alone, never from the orders on file.
struct Partner {
    /// The unit supported or convoyed.
    unit: Unit,
    /// The fitting order (`F POR - SPA/NC`), a coast chosen when the support names none.
    order: String,
    /// `counts if F POR is ordered to SPA`.
    needs: Note,
}

fn partner(map: &Map, board: &Board, order: &Order) -> Option<Partner> {
    match *order {
        Order::Support { target, dest, .. } => {
            let unit = board.units[board.unit_at(target.prov())?];
            let name = unit.text(map);
            let Some(d) = dest else {
                return Some(Partner {
                    unit,
                    order: format!("{name} H"),
                    needs: Note::Holds { unit: name },
                });
            };
            // A coast matters only for a fleet, and only one the province has (DATC 4.B.6).
            let written = match unit.kind {
                UnitType::Fleet => d.coast.filter(|c| map.coasts(d.prov).contains(c)),
                UnitType::Army => None,
            };
            let there = Loc {
                prov: d.prov,
                coast: written,
            };
            // Without a coast, the support fits a move to either (DATC 6.B.15): the fitting
            // move names one the fleet can reach, so that it is not ambiguous (DATC 4.B.1).
            let to = match (unit.kind, written) {
                (UnitType::Fleet, None) => Loc {
                    prov: d.prov,
                    coast: map.fleet_dest_coasts(unit.loc, d.prov).first().copied().flatten(),
                },
                _ => there,
            };
            Some(Partner {
                unit,
                order: format!("{name} - {}", map.loc_text(to)),
                needs: Note::MovesTo {
                    unit: name,
                    to: map.loc_text(there),
                },
            })
        }
        Order::Convoy { army, dest, .. } => {
            let unit = board.units[board.unit_at(army.prov())?];
            let name = unit.text(map);
            let to = map.code(dest.prov);
            Some(Partner {
                unit,
                order: format!("{name} - {to} VIA CONVOY"),
                needs: Note::Convoyed {
                    unit: name,
                    to: to.to_string(),
                },
            })
        }
        _ => None,
    }
}

/// Checks one order of `power` alone on the board. A support or a convoy is judged with
/// the order it supports or convoys given too, so that only what is wrong with the order
/// itself is refused (whether it will match is for the deadline to say). The verdict is the
/// one on this order, as this power's: never another result of the phase (a removal in
/// civil disorder, another unit's fate). Returns the key it is filed under (the unit's
/// province, or `build XXX`; none for WAIVE) and the order in normal notation.
fn check_order(game: &Game, sender: Power, text: &str) -> Result<(Option<String>, String), Refusal> {
    let map = map();
    let mut orders = vec![(map.power_name(sender).to_string(), vec![text.to_string()])];
    if let (Ok(order), Ok(board)) = (parse_order(map, text), board(game)) {
        if let Some(p) = partner(map, &board, &order) {
            let name = map.power_name(p.unit.power).to_string();
            match orders.iter_mut().find(|(n, _)| *n == name) {
                Some((_, list)) => list.push(p.order),
                None => orders.push((name, vec![p.order])),
            }
        }
    }
    let pos = position(game, orders, false)?;
    let (outcome, _) = judge(&pos);
    // Our order is the first one submitted.
    let r = outcome
        .results
        .iter()
        .find(|r| r.given == Some(0) && r.power == sender)
        .ok_or_else(|| Refusal::NotAnOrder { text: text.to_string() })?;
    if r.verdict == Verdict::Void {
        return Err(Refusal::Void(Reason::of(map, r)));
    }
    Ok((key_of(&r.order), r.order.to_string()))
}

fn key_of(order: &str) -> Option<String> {
    match parse_order(map(), order).ok()? {
        Order::Build(u) => Some(format!("build {}", map().code(u.prov()))),
        Order::Waive => None,
        o => o.unit().map(|u| map().code(u.prov()).to_string()),
    }
}

/// Files an order, replacing an earlier one for the same unit (or build province); returns
/// the order replaced, if it was another.
fn file_order(game: &mut Game, role: Role, key: Option<String>, order: String) -> Option<String> {
    let list = game.state.orders.entry(role).or_default();
    let mut old = None;
    if let Some(k) = &key {
        old = list.iter().find(|o| key_of(o).as_ref() == Some(k)).cloned();
        list.retain(|o| key_of(o).as_ref() != Some(k));
    }
    list.push(order.clone());
    old.filter(|o| *o != order)
}

/// Does `role` have everything it can send on file for the phase?
pub fn ready(game: &Game, role: Role) -> Result<bool, GameError> {
    let phase = phase(game)?;
    let board = board(game)?;
    if role.is_divine() {
        return Ok(rules(game).extra_role_ready(game, role, phase));
    }
    let Some(p) = role.power() else { return Ok(true) };
    let on_file = game.state.orders.get(&role).cloned().unwrap_or_default();
    let keys: Vec<Option<String>> = on_file.iter().map(|o| key_of(o)).collect();
    let has = |prov: crate::map::ProvId| keys.iter().any(|k| k.as_deref() == Some(map().code(prov)));
    Ok(match phase.kind {
        PhaseKind::Movement => board.units.iter().filter(|u| u.power == p).all(|u| has(u.loc.prov)),
        PhaseKind::Retreat => board
            .dislodged
            .iter()
            .filter(|d| d.unit.power == p)
            .all(|d| has(d.unit.loc.prov)),
        PhaseKind::Adjustment => {
            let due = rules(game).adjustment(game, &board, phase, p);
            if due > 0 {
                let room = adjust::vacant_homes(map(), &board, p).len() as i32;
                let builds = on_file
                    .iter()
                    .filter(|o| matches!(parse_order(map(), o), Ok(Order::Build(_) | Order::Waive)))
                    .count() as i32;
                builds >= due.min(room)
            } else if due < 0 {
                let removals = on_file
                    .iter()
                    .filter(|o| matches!(parse_order(map(), o), Ok(Order::Disband(_))))
                    .count() as i32;
                removals >= -due
            } else {
                true
            }
        }
    })
}

/// What a role still owes for the phase, in words (for replies and reminders).
fn missing(game: &Game, role: Role, lang: Lang) -> Result<Vec<String>, GameError> {
    let say = |en: String, fr: String| match lang {
        Lang::En => en,
        Lang::Fr => fr,
    };
    let phase = phase(game)?;
    let board = board(game)?;
    if role.is_divine() {
        return Ok(rules(game).extra_role_missing(game, role, phase, lang));
    }
    let mut out = Vec::new();
    let Some(p) = role.power() else { return Ok(out) };
    let keys: Vec<String> = game
        .state
        .orders
        .get(&role)
        .into_iter()
        .flatten()
        .filter_map(|o| key_of(o))
        .collect();
    match phase.kind {
        PhaseKind::Movement => {
            for u in board.units.iter().filter(|u| u.power == p) {
                if !keys.iter().any(|k| k == map().code(u.loc.prov)) {
                    out.push(say(
                        format!("an order for {}", u.text(map())),
                        format!("un ordre pour {}", u.text(map())),
                    ));
                }
            }
        }
        PhaseKind::Retreat => {
            for d in board.dislodged.iter().filter(|d| d.unit.power == p) {
                if !keys.iter().any(|k| k == map().code(d.unit.loc.prov)) {
                    out.push(say(
                        format!("a retreat or disband for {}", d.unit.text(map())),
                        format!("une retraite ou une dissolution pour {}", d.unit.text(map())),
                    ));
                }
            }
        }
        PhaseKind::Adjustment => {
            if !ready(game, role)? {
                let due = rules(game).adjustment(game, &board, phase, p);
                // The example is the power's own: a home centre it may build in, a unit of its.
                out.push(if due > 0 {
                    match adjust::vacant_homes(map(), &board, p).first() {
                        Some(&h) => say(
                            format!("builds: {due} due (BUILD A {}, or WAIVE)", map().code(h)),
                            format!("mobilisations : {due} (BUILD A {}, ou WAIVE)", map().code(h)),
                        ),
                        None => say(
                            format!("builds: {due} due (WAIVE)"),
                            format!("mobilisations : {due} (WAIVE)"),
                        ),
                    }
                } else {
                    let unit = board.units.iter().find(|u| u.power == p).map(|u| u.text(map()));
                    let unit = unit.unwrap_or_default();
                    say(
                        format!("removals: {} due (REMOVE {unit})", -due),
                        format!("démobilisations : {} (REMOVE {unit})", -due),
                    )
                });
            }
        }
    }
    Ok(out)
}

/// The orders a role has on file, each with what the judge makes of it alone (a void
/// order, such as a build too many, is said so now).
fn on_file(game: &Game, role: Role, lang: Lang) -> Result<Vec<OnFile>, GameError> {
    let list = game.state.orders.get(&role).cloned().unwrap_or_default();
    if list.is_empty() {
        return Ok(Vec::new());
    }
    let map = map();
    let board = board(game)?;
    let me = role.power();
    let (outcome, _) = judge(&position(game, vec![(role.to_string(), list.clone())], false)?);
    Ok(list
        .iter()
        .enumerate()
        .filter_map(|(i, text)| {
            let r = outcome.results.iter().find(|r| r.given == Some(i))?;
            // A support or convoy of another power's unit: what it needs, not what the
            // judge makes of it with that unit holding (its orders are not ours to know).
            // The same for one of our own units not yet ordered.
            let open = parse_order(map, text).ok().and_then(|o| {
                let p = partner(map, &board, &o)?;
                let ordered = list
                    .iter()
                    .any(|t| key_of(t).as_deref() == Some(map.code(p.unit.loc.prov)));
                (Some(p.unit.power) != me || !ordered).then_some(p)
            });
            let note = match open {
                Some(p) => p.needs.words(lang),
                None if r.verdict == Verdict::Void => Note::WillBeVoid(Reason::of(map, r)).words(lang),
                None => String::new(),
            };
            Some(OnFile {
                order: r.order.to_string(),
                note,
            })
        })
        .collect())
}

// ---------------------------------------------------------------------------------------
// The start of the game
// ---------------------------------------------------------------------------------------

/// Sets up the first phase and writes the welcomes.
pub fn start(game: &mut Game, first_deadline: Now) -> Result<Effects, GameError> {
    let map = map();
    let phase = Phase::new(Season::Spring, 1901, PhaseKind::Movement);
    let board = Board::starting(map);
    game.state.phase = phase.to_string();
    game.state.deadline = Some(first_deadline.to_rfc3339());
    game.state.board = Some(BoardState::from_board(map, &board));
    rules(game).start(game)?;
    let mut fx = Effects::default();
    for role in game.roles() {
        let units: Vec<String> = role
            .power()
            .map(|p| {
                board
                    .units
                    .iter()
                    .filter(|u| u.power == p)
                    .map(|u| u.text(map))
                    .collect()
            })
            .unwrap_or_default();
        let view = views::Welcome {
            common: game.common(role),
            divine: role.is_divine(),
            variant: rules(game).welcome(game, role),
            units: units.join(", "),
        };
        let subject = match game.config.reader(role).lang {
            Lang::En => format!("welcome: you play {role}"),
            Lang::Fr => match role {
                Role::God => "bienvenue : vous jouez le Bon Dieu".to_string(),
                Role::Devil => "bienvenue : vous jouez le Diable".to_string(),
                _ => format!("bienvenue : vous jouez {role}"),
            },
        };
        fx.letters
            .push(game.letter(format!("welcome-{}", role.lowercase()), role, &subject, view));
    }
    fx.log.push(format!(
        "created: {} players, first deadline {}",
        game.config.players.len(),
        first_deadline
    ));
    Ok(fx)
}

// ---------------------------------------------------------------------------------------
// A message from a role
// ---------------------------------------------------------------------------------------

/// Acts on the commands of an authenticated message that arrived at `arrived`; returns
/// the reply and any relays. After the deadline, nothing on file changes any more.
pub fn act(
    game: &mut Game,
    who: Role,
    commands: Vec<Numbered>,
    mut errors: Vec<LineError>,
    stem: &str,
    arrived: Now,
) -> Result<Vec<Letter>, GameError> {
    let mut done: Vec<(Option<usize>, Said)> = Vec::new();
    let mut letters = Vec::new();
    let deadline = game.state.deadline.clone().unwrap_or_default();
    // A paused game takes orders whatever its deadline said (desk::pause).
    let paused = game
        .state
        .desk
        .paused
        .as_ref()
        .is_some_and(|p| chrono::DateTime::parse_from_rfc3339(&p.since).is_ok_and(|since| arrived >= since));
    // After the deadline, orders are still taken in the grace period, marked late.
    let lateness = super::desk::lateness(game, arrived);
    let late = !paused && lateness == super::desk::Lateness::TooLate;
    let in_grace = !paused && lateness == super::desk::Lateness::Grace;
    for (k, Numbered { line, text, command }) in commands.into_iter().enumerate() {
        let changes = matches!(
            command,
            Command::Order(_)
                | Command::Clear
                | Command::Bless(_)
                | Command::Curse(_)
                | Command::VoteDraw
                | Command::VoteContinue
        );
        let result: Result<Said, Refusal> = match command {
            _ if late && changes => Err(Refusal::TooLate {
                deadline: deadline.clone(),
                zone: game.config.timezone.clone(),
                phase: game.state.phase.clone(),
            }),
            Command::Signon { .. } => Err(Refusal::OneSignon),
            Command::Order(text) => order(game, who, &text),
            Command::Clear => match rules(game).clear(game, who) {
                Some(withdrawn) => Ok(withdrawn),
                None => {
                    game.state.orders.remove(&who);
                    Ok(Said::Cleared)
                }
            },
            Command::Bless(t) => cast(game, who, "BLESS", &t),
            Command::Curse(t) => cast(game, who, "CURSE", &t),
            Command::Press { to, lines } => {
                press(game, who, &to, &lines, &format!("{stem}-p{k}")).map(|(done, mut press)| {
                    letters.append(&mut press);
                    // Public press goes into the phase's public record (the archive, the zine).
                    if matches!(to, PressTo::All) {
                        game.state.press.push(views::PublicPress {
                            from: who.to_string(),
                            lines,
                        });
                    }
                    done
                })
            }
            Command::VoteDraw | Command::VoteContinue => vote(game, who, &command),
            Command::Status => Ok(Said::Status),
            // Taken apart before the game acts (`ask::split`).
            Command::Question(_) | Command::Setting(_) | Command::Observe { .. } | Command::Confirm { .. } => {
                Err(Refusal::AnsweredApart)
            }
            Command::SetAbsence { from, to } => match super::desk::absence::declare(game, who, &from, &to, arrived) {
                Ok((said, mut told)) => {
                    letters.append(&mut told);
                    Ok(Said::Words(said))
                }
                Err(e) => Err(Refusal::Words(e.to_string())),
            },
        };
        match result {
            Ok(d) if in_grace && changes => {
                super::desk::mark_late(game, who);
                done.push((Some(line), Said::Late(Box::new(d))))
            }
            Ok(d) => done.push((Some(line), d)),
            Err(message) => errors.push(LineError { line, text, message }),
        }
    }
    errors.sort_by_key(|e| e.line);
    letters.insert(
        0,
        reply(game, who, &format!("{stem}-reply-{}", who.lowercase()), done, errors)?,
    );
    Ok(letters)
}

fn reply(
    game: &Game,
    role: Role,
    stem: &str,
    done: Vec<(Option<usize>, Said)>,
    errors: Vec<LineError>,
) -> Result<Letter, GameError> {
    let lang = game.config.reader(role).lang;
    let subject = super::received_in(errors.len(), lang);
    let view = views::Reply {
        common: game.common(role),
        answered: views::Answered {
            lang,
            done,
            errors,
            ..Default::default()
        },
        on_file: on_file(game, role, lang)?,
        divine_on_file: rules(game).on_file(game, role, lang),
        missing: missing(game, role, lang)?,
        vote: game
            .state
            .votes
            .get(&role)
            .map(|v| v.word().to_string())
            .unwrap_or_default(),
    };
    Ok(game.letter(stem.to_string(), role, &subject, view))
}

/// An order from `role`, put on file once the judge finds nothing wrong with it alone.
fn order(game: &mut Game, role: Role, text: &str) -> Result<Said, Refusal> {
    if role.is_divine() {
        return Err(Refusal::DivineGivesNoOrders { divine: role });
    }
    let power = role
        .power()
        .ok_or_else(|| Refusal::NotAnOrder { text: text.to_string() })?;
    // Read as the player typed it (issue #24); what cannot be read is left to the judge,
    // which says why as it always has.
    let lang = game.config.reader(role).lang;
    let (key, canon, assumed) = match crate::order::Reader::default().read(map(), lang, text) {
        Ok(read) => {
            if let Some(named) = read.prefix().filter(|&p| p != power) {
                return Err(Refusal::AnotherPowersOrders {
                    named: map().power_name(named).to_string(),
                    yours: map().power_name(power).to_string(),
                });
            }
            let (key, canon) = check_order(game, power, &read.order.to_text(map()))?;
            (key, canon, read_as(game, &read))
        }
        Err(_) => {
            let (key, canon) = check_order(game, power, text)?;
            (key, canon, Vec::new())
        }
    };
    let said = match file_order(game, role, key, canon.clone()) {
        Some(old) => Said::Replaces { order: canon, old },
        None => Said::OnFile { order: canon },
    };
    Ok(match assumed.is_empty() {
        true => said,
        false => Said::ReadAs {
            said: Box::new(said),
            assumed,
        },
    })
}

/// What the reader assumed to read an order, for the reply to echo: the names read, the
/// unit found by its province alone, the convoy a route means.
fn read_as(game: &Game, read: &crate::order::Read) -> Vec<super::said::ReadAs> {
    use crate::order::Assumed;
    let map = map();
    let names = |written: &str, p: crate::map::ProvId, slip: bool| super::said::ReadAs::Name {
        written: written.to_string(),
        en: map.province(p).name.clone(),
        fr: map.province(p).french.clone(),
        slip,
    };
    let mut out: Vec<super::said::ReadAs> = read
        .assumed
        .iter()
        .filter_map(|a| match a {
            Assumed::Misspelt { written, read } => Some(names(written, *read, true)),
            Assumed::FrenchCode { written, read } => Some(names(written, *read, false)),
            Assumed::ConvoyByRoute { .. } => Some(super::said::ReadAs::Convoy),
            Assumed::Prefix(_) => None,
        })
        .collect();
    // A unit named by its province alone: the one there.
    if let (Some(u), Ok(board)) = (read.order.unit().filter(|u| u.kind.is_none()), board(game)) {
        if let Some(i) = board.unit_at(u.prov()) {
            let p = map.province(u.prov());
            out.insert(
                0,
                super::said::ReadAs::Unit {
                    army: board.units[i].kind == UnitType::Army,
                    en: p.name.clone(),
                    fr: p.french.clone(),
                },
            );
        }
    }
    out
}

/// A cast by mail or in a turn file (`BLESS`, `CURSE`), for the ruleset to take or refuse;
/// a verb of another kind of game is refused with that game's name.
fn cast(game: &mut Game, role: Role, verb: &str, text: &str) -> Result<Said, Refusal> {
    let rules = rules(game);
    if !rules.verbs().contains(&verb) {
        let owner = crate::kinds::owner_of_verb(verb).map_or("another game", |k| k.title());
        return Err(Refusal::VerbOfAnotherGame {
            verb: verb.to_string(),
            owner: owner.to_string(),
        });
    }
    rules.cast(game, role, verb, text)
}

/// A press command: the divine players neither send nor receive any (the rules' "they
/// send no press; nobody can write to them privately").
fn press(game: &Game, role: Role, to: &PressTo, lines: &[String], stem: &str) -> Result<(Said, Vec<Letter>), Refusal> {
    if role.is_divine() {
        return Err(Refusal::DivineSendsNoPress { divine: role });
    }
    game.press(role, to, lines, stem, |n| {
        // A name written after PRESS TO: a power, by any of its names.
        match Role::parse(map(), n) {
            Some(r) if r.is_divine() => Err(Refusal::NoPressToDivine),
            Some(r @ Role::Power(_)) => Ok(r),
            _ => Err(Refusal::PressNotAPower { name: n.to_string() }),
        }
    })
}

fn vote(game: &mut Game, role: Role, command: &Command) -> Result<Said, Refusal> {
    let p = role.power().ok_or(Refusal::OnlyPowersVote)?;
    let name = map().power_name(p);
    if !board(game)?.in_game(p) {
        return Err(Refusal::OutOfTheGame {
            power: name.to_string(),
        });
    }
    let draw = matches!(command, Command::VoteDraw);
    let v = if draw { Vote::Draw } else { Vote::Continue };
    game.state.votes.insert(role, v);
    Ok(Said::Voted { draw })
}

// ---------------------------------------------------------------------------------------
// Turn files: the referee's entry
// ---------------------------------------------------------------------------------------

/// Records the `orders:` and `divine:` of a turn file for the current phase. Everything is
/// checked first: one bad line and nothing is recorded (the errors say where).
pub fn record_turn(game: &mut Game, text: &str, origin: &str) -> Result<Vec<Letter>, Vec<String>> {
    let raw = crate::position::RawPosition::parse(text, origin).map_err(|e| vec![e.to_string()])?;
    let here = |key: &str, needle: &str| {
        crate::yaml::line_of(text, key, needle)
            .map(|line| format!("{origin}:{line}"))
            .unwrap_or_else(|| origin.to_string())
    };
    let current = phase(game).map_err(|e| vec![e.to_string()])?;
    let mut errors = Vec::new();
    if let Ok(p) = Phase::parse(&raw.phase) {
        if p != current {
            errors.push(format!(
                "{}: phase: the file is for {p}, but the game is in {current}; this file cannot be recorded now",
                here("phase", "")
            ));
        }
    } else if !raw.phase.trim().is_empty() {
        errors.push(format!("{}: phase: cannot read `{}`", here("phase", ""), raw.phase));
    }
    let before = game.state.clone();
    let mut done: BTreeMap<Role, Vec<Said>> = BTreeMap::new();
    for (pname, orders) in &raw.orders.0 {
        let Some(p) = power(pname) else {
            errors.push(format!("{}: `{pname}` is not a power", here("orders", pname)));
            continue;
        };
        let role = Role::Power(p);
        for o in orders {
            match order(game, role, o) {
                Ok(said) => done.entry(role).or_default().push(said),
                Err(e) => errors.push(format!("{}: {role}: `{o}`: {}", here("orders", o), e.words(Lang::En))),
            }
        }
    }
    // The casts of a position file's own keys (`divine:`), read by the ruleset that owns
    // them, so that a game of another kind refuses each one by its verb.
    let owner = crate::kinds::owner_of_position_key("divine").and_then(crate::kinds::Kind::rules);
    let casts = owner.map(|r| r.turn_casts(&raw)).unwrap_or_default();
    for c in casts {
        match cast(game, c.role, c.verb, &c.text) {
            Ok(x) => done.entry(c.role).or_default().push(x),
            Err(e) => errors.push(format!(
                "{}: {}: {}: {}",
                here(c.block, &format!("{}:", c.key)),
                c.block,
                c.key,
                e.words(Lang::En)
            )),
        }
    }
    if !errors.is_empty() {
        game.state = before;
        return Err(errors);
    }
    game.state.entries += 1;
    let n = game.state.entries;
    let mut letters = Vec::new();
    for (role, lines) in done {
        let lines = lines
            .into_iter()
            .map(|l| (None, Said::ByReferee(Box::new(l))))
            .collect();
        letters.push(
            reply(
                game,
                role,
                &format!("t{n:04}-reply-{}", role.lowercase()),
                lines,
                Vec::new(),
            )
            .map_err(|e| vec![e.to_string()])?,
        );
    }
    Ok(letters)
}

// ---------------------------------------------------------------------------------------
// Deadlines: reminders and processing
// ---------------------------------------------------------------------------------------

/// How `process` comes to a game: at its deadline (or once every order is in), or forced
/// by the referee before it (`arbitre process DIR --force`, `FORCE` by mail).
pub enum Run {
    Due,
    Forced(super::desk::Act),
}

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
/// ([`super::desk::history`]), and the journal says it was judged.
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
    // With a grace period, the phase waits for its end unless every order is in.
    let due = super::desk::grace_end(game).unwrap_or(deadline);
    if forced || now >= due || blocking.is_empty() {
        super::desk::history::snapshot(game)?;
        let code = phase(game)?.code();
        let how = if forced {
            "forced before the deadline"
        } else if blocking.is_empty() {
            "all orders in"
        } else {
            "at the deadline"
        };
        let nmr = count_missed(game, &waiting);
        let did = match (forced, blocking.is_empty()) {
            (true, _) => super::desk::referee::Did::Forced,
            (false, true) => super::desk::referee::Did::AllIn,
            (false, false) => super::desk::referee::Did::Deadline,
        };
        let told = super::desk::referee::Run::judging(game, did, &waiting, nmr);
        let mut fx = adjudicate(game, now, waiting.clone())?;
        fx.letters.extend(super::desk::referee::digest(game, told));
        let act = match run {
            Run::Forced(act) => act,
            Run::Due => super::desk::Act {
                who: super::desk::journal::Who::System,
                why: String::new(),
                now,
            },
        };
        let missed = if waiting.is_empty() {
            String::new()
        } else {
            format!(", missing: {}", names(&waiting))
        };
        fx.journal.push(act.entry(
            "adjudicate",
            format!("{code} adjudicated ({how}{missed}); now {}", game.state.phase),
        ));
        return Ok(Some(fx));
    }
    let before = super::config::parse_duration(&game.config.reminder).unwrap_or(chrono::Duration::hours(24));
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
        let told = super::desk::referee::Run::reminding(game, &blocking);
        fx.letters.extend(super::desk::referee::digest(game, told));
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
        .unwrap_or(super::config::NMR_BEFORE_ASKING);
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
    let picture = crate::picture::PictureView::position(map, &pos, &outcome, divine.as_ref());
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

    // The new phase, its deadline moved past a player's declared absence (desk::absence).
    let (due, extended) = super::desk::absence::extend(game, now + duration_of(game, next_phase)?);
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
        .extend(super::desk::referee::copies(game, &code, &report, &fx.letters));

    // Pages: the phase's record, map and page, the page before it with its link to this
    // one, and the index with the board the game goes on with (super::pages).
    let press = std::mem::take(&mut game.state.press);
    let svg = album.as_ref().map(|a| a.public_svg());
    let now = match &finished {
        Some(_) => album.as_ref().map(|a| a.view().clone()),
        None => Some(crate::picture::PictureView::board(map, next_phase, &next)),
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
    game.state.desk.late.clear();
    fx.log.push(format!(
        "{code} processed{}; next: {next_phase}",
        if waiting.is_empty() {
            " (all orders in)"
        } else {
            " at the deadline"
        }
    ));
    Ok(fx)
}

/// The picture of the board now (`GET MAP`), as `role` is entitled to see it: the public
/// one, or with what the role is told of the game's secrets (the casts on file included).
/// None for a map without geometry, or when the picture cannot be made.
pub fn picture_now(game: &Game, role: Role) -> Option<std::sync::Arc<[u8]>> {
    use crate::picture::Reader;
    let view = crate::picture::PictureView::board(map(), phase(game).ok()?, &board(game).ok()?);
    let album = crate::picture::Album::new(map(), view, rules(game).picture_secrets(game, true))?;
    let reader = match role {
        Role::Power(p) => Reader::Power(p),
        Role::God => Reader::God,
        Role::Devil => Reader::Devil,
        Role::Referee | Role::Observer | Role::Side(_) => Reader::Public,
    };
    album.png_for(reader).ok()
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
                Some(Role::God) => Reader::God,
                Some(Role::Devil) => Reader::Devil,
                _ => Reader::Public,
            },
            _ => continue,
        };
        match album.png_for(reader) {
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

pub(crate) fn duration_of(game: &Game, phase: Phase) -> Result<chrono::Duration, GameError> {
    let d = &game.config.deadlines;
    let text = match phase.kind {
        PhaseKind::Movement => &d.movement,
        PhaseKind::Retreat => &d.retreat,
        PhaseKind::Adjustment => &d.adjustment,
    };
    super::config::parse_duration(text).map_err(|e| {
        GameError::File(FileError {
            key: Some("deadlines".into()),
            token: Some(text.as_str().into()),
            ..FileError::new("game.yaml", format!("deadlines: {e}"))
        })
    })
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
                unit: d.unit.text(map),
                power: map.power_name(d.unit.power).into(),
                attacker_from: d.attacker_from.map(|a| map.code(a).to_string()).unwrap_or_default(),
                retreats: {
                    let r: Vec<String> = d.retreats.iter().flatten().map(|l| map.loc_text(*l)).collect();
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
/// hands marked, and the builds or removals due when a winter comes next.
fn power_rows(game: &Game, j: &Judgement, lang: Lang) -> Vec<PowerRow> {
    let map = map();
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
                    order: r.order.to_string(),
                    result: r.verdict.as_str().into(),
                    reason: reason.clone(),
                })
                .collect();
            let units: Vec<String> = next
                .units
                .iter()
                .filter(|u| u.power == p)
                .map(|u| u.text(map))
                .collect();
            let mut owned: Vec<CentreRow> = next
                .centers
                .iter()
                .filter(|(_, &o)| o == p)
                .map(|(&c, _)| CentreRow {
                    name: map.code(c).to_string(),
                    gained: j.before.centers.get(&c) != Some(&p),
                })
                .collect();
            owned.sort_by(|a, b| a.name.cmp(&b.name));
            let mut lost: Vec<String> = j
                .before
                .centers
                .iter()
                .filter(|(c, &o)| o == p && next.centers.get(c) != Some(&p))
                .map(|(&c, _)| map.code(c).to_string())
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
        (Some(p), Lang::Fr) => format!(
            "{} l'emporte seul avec {} centres de ravitaillement ou plus.",
            map().power_name(p),
            victory::SOLO
        ),
        (None, Lang::En) => format!(
            "Every surviving power voted for a draw: {}.",
            survivors(game).join(", ")
        ),
        (None, Lang::Fr) => format!(
            "Tous les pays encore en jeu ont voté la partie nulle : {}.",
            survivors(game).join(", ")
        ),
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
