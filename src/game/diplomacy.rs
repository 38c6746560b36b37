//! A game of Diplomacy by mail (`standard` or `diable-et-bon-dieu`): orders on file,
//! blessings and curses, press, votes, and the processing of a phase at its deadline.
//!
//! Orders are checked when they arrive by judging them alone on the board (the same code
//! that judges the phase), so a player hears at once that `A PAR - MOS` is impossible.
//!
//! Decisions where the spec is silent:
//! - Early processing waits for every role that can act: each power with complete orders,
//!   and, in Diable et Bon Dieu, God and the Devil with a cast or `BLESS NONE` /
//!   `CURSE NONE` on file (and in a blessing autumn, God's `BLESS <power>` or
//!   `BLESS POWER NONE`). Missed orders never block the deadline.
//! - Draw votes stand until changed; the game ends in a draw after a phase at whose end every
//!   surviving power votes draw. Votes are secret; the report says only that a draw ended it.
//! - Private press goes to the powers named; the sender is not copied (the reply confirms).
//!   Public press goes to every player, the sender included.
//! - When God and the Devil withdraw (a divine win by elimination), only they are told, in
//!   their private reports; public reports never say it (it would tell which powers they
//!   protect). Casts are then refused with that reason.
//! - The public report of a movement phase has a line for the blessing and one for the
//!   curse, `none` when nothing was cast (a declined cast and a withdrawn player read alike).
//! - The adjustment blessing named in the autumn is told to its power, and a winter nobody
//!   else needs is played for it, only when it will apply there: not after a divine win in
//!   that autumn, nor for a power eliminated that autumn.
//! - A unit dislodged and awaiting its retreat still keeps its power in the game.
//! - A retreat phase in which no dislodged unit can go anywhere is not played: its units are
//!   disbanded in the movement phase's report, and the game goes on to the next phase.
//! - The reply's note on a support or convoy of another power's unit says what it needs,
//!   from the order and the board alone: never what that power has ordered.

use super::commands::{Command, LineError, Numbered, PressTo};
use super::state::{BoardState, CastRow, FactsRow, Finished, GameConfig, NONE};
use super::{show_time, Effects, Game, Now};
use crate::dice::Dice;
use crate::judge::{adjust, Board, Outcome, Unit, Verdict};
use crate::map::{Loc, Map, Power, UnitType};
use crate::order::{parse_order, Order};
use crate::phase::{Phase, PhaseKind, Season};
use crate::position::{DivineReport, Position, RawDivine};
use crate::report::Letter;
use crate::variant::diable::{self, CastKind, CastRecord, DivineHooks, PhaseFacts, Protected, Standing};
use crate::words::Lang;
use serde::Serialize;
use std::collections::BTreeMap;
use tera::Context;

fn map() -> &'static Map {
    Map::standard()
}

fn is_diable(game: &Game) -> bool {
    game.config.variant == "diable-et-bon-dieu"
}

pub fn phase(game: &Game) -> Result<Phase, String> {
    Phase::parse(&game.state.phase).map_err(|e| format!("state.yaml: phase: {e}"))
}

pub fn board(game: &Game) -> Result<Board, String> {
    let b = game.state.board.as_ref().ok_or("state.yaml: no board")?;
    b.board(map(), &game.config.variant, phase(game)?)
}

fn power(name: &str) -> Option<Power> {
    map().power_by_name(name)
}

fn protected(game: &Game) -> Option<Protected> {
    Some(Protected {
        god: power(game.state.protected.get("God")?)?,
        devil: power(game.state.protected.get("Devil")?)?,
    })
}

fn history(game: &Game) -> Vec<PhaseFacts> {
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

fn standing(game: &Game) -> Standing {
    diable::standing(map(), &history(game), protected(game))
}

fn cast_records(game: &Game) -> Vec<CastRecord> {
    game.state
        .casts
        .iter()
        .filter_map(|c| {
            Some(CastRecord {
                phase: Phase::parse(&c.phase).ok()?,
                blessed: c.blessed.as_deref().and_then(power),
                cursed: c.cursed.as_deref().and_then(power),
            })
        })
        .collect()
}

/// The adjustment blessing in force in `phase` (a blessing winter), if God gave one.
fn blessing_in_force(game: &Game, phase: Phase) -> Option<Power> {
    if phase.kind != PhaseKind::Adjustment || !diable::is_blessing_winter(phase.year) {
        return None;
    }
    blessed_power(game)
}

/// The power God named for the coming winter, unless the divine players have withdrawn
/// since (the rules: after a divine win, no more adjustment blessings).
fn blessed_power(game: &Game) -> Option<Power> {
    let p = game.state.adjustment_blessing.as_deref().and_then(power)?;
    (!standing(game).divine_withdrawn).then_some(p)
}

fn hooks_for(game: &Game, phase: Phase) -> DivineHooks {
    DivineHooks {
        extra_build: blessing_in_force(game, phase),
        ..DivineHooks::default()
    }
}

/// The position of the phase with `orders`, judged as `arbitre adjudicate` would.
fn position(game: &Game, orders: Vec<(String, Vec<String>)>, with_casts: bool) -> Result<Position, String> {
    let phase = phase(game)?;
    let b = game.state.board.as_ref().ok_or("state.yaml: no board")?;
    let mut pos = b.position(map(), &game.config.variant, phase, orders)?;
    if is_diable(game) {
        let d = &game.state.divine;
        let cast = |c: &Option<String>| c.clone().filter(|c| c != NONE);
        pos.divine = Some(RawDivine {
            blessing: if with_casts { cast(&d.blessing) } else { None },
            curse: if with_casts { cast(&d.curse) } else { None },
            adjustment_blessing: blessing_in_force(game, phase).map(|p| map().power_name(p).to_string()),
        });
    }
    Ok(pos)
}

fn judge(pos: &Position) -> (Outcome, Option<DivineReport>) {
    crate::variant::adjudicate(map(), pos)
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
    needs: String,
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
                    needs: format!("counts unless {name} is ordered to move"),
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
                needs: format!("counts if {name} is ordered to {}", map.loc_text(there)),
            })
        }
        Order::Convoy { army, dest, .. } => {
            let unit = board.units[board.unit_at(army.prov())?];
            let name = unit.text(map);
            let to = map.code(dest.prov);
            Some(Partner {
                unit,
                order: format!("{name} - {to} VIA CONVOY"),
                needs: format!("counts if {name} is ordered to {to} by convoy"),
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
fn check_order(game: &Game, pname: &str, text: &str) -> Result<(Option<String>, String), String> {
    let map = map();
    let mut orders = vec![(pname.to_string(), vec![text.to_string()])];
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
    let sender = power(pname);
    let (outcome, _) = judge(&pos);
    // Our order is the first one submitted.
    let r = outcome
        .results
        .iter()
        .find(|r| r.given == Some(0) && Some(r.power) == sender)
        .ok_or_else(|| format!("`{text}` is not an order"))?;
    if r.verdict == Verdict::Void {
        return Err(crate::words::reason(map, Lang::En, r));
    }
    Ok((key_of(&r.order), r.order.clone()))
}

fn key_of(order: &str) -> Option<String> {
    match parse_order(map(), order).ok()? {
        Order::Build(u) => Some(format!("build {}", map().code(u.prov()))),
        Order::Waive => None,
        o => o.unit().map(|u| map().code(u.prov()).to_string()),
    }
}

/// Files an order, replacing an earlier one for the same unit (or build province).
fn file_order(game: &mut Game, role: &str, key: Option<String>, order: String) {
    let list = game.state.orders.entry(role.to_string()).or_default();
    if let Some(k) = &key {
        list.retain(|o| key_of(o).as_ref() != Some(k));
    }
    list.push(order);
}

/// Does `role` have everything it can send on file for the phase?
pub fn ready(game: &Game, role: &str) -> Result<bool, String> {
    let phase = phase(game)?;
    let board = board(game)?;
    if GameConfig::is_divine(role) {
        // The same whether or not the divine players have withdrawn, so that the time a
        // phase is processed says nothing of it: after withdrawal they answer NONE.
        let d = &game.state.divine;
        let cast_due = is_diable(game) && phase.kind == PhaseKind::Movement;
        return Ok(match role {
            "God" => (!cast_due || d.blessing.is_some()) && !needs_power_blessing(game, phase),
            _ => !cast_due || d.curse.is_some(),
        });
    }
    let Some(p) = power(role) else { return Ok(true) };
    let on_file = game.state.orders.get(role).cloned().unwrap_or_default();
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
            let due = adjust::adjustment(&board, &hooks_for(game, phase), p);
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

/// In a blessing autumn, God has not yet named a power (or NONE) for the winter.
fn needs_power_blessing(game: &Game, phase: Phase) -> bool {
    is_diable(game)
        && phase.season == Season::Fall
        && diable::is_blessing_winter(phase.year)
        && game.state.adjustment_blessing.is_none()
}

/// Is it the autumn of a blessing year, when God names a power for the winter?
fn needs_power_blessing_season(game: &Game) -> bool {
    phase(game).is_ok_and(|p| p.season == Season::Fall && diable::is_blessing_winter(p.year))
}

/// What a role still owes for the phase, in words (for replies and reminders).
fn missing(game: &Game, role: &str) -> Result<Vec<String>, String> {
    let phase = phase(game)?;
    let board = board(game)?;
    let mut out = Vec::new();
    if GameConfig::is_divine(role) {
        if is_diable(game) {
            let d = &game.state.divine;
            if phase.kind == PhaseKind::Movement && role == "God" && d.blessing.is_none() {
                out.push("your blessing (BLESS <unit>, or BLESS NONE)".into());
            }
            if phase.kind == PhaseKind::Movement && role == "Devil" && d.curse.is_none() {
                out.push("your curse (CURSE <unit>, or CURSE NONE)".into());
            }
            if role == "God" && needs_power_blessing(game, phase) {
                out.push(format!(
                    "the adjustment blessing for winter {} (BLESS <power>, or BLESS POWER NONE)",
                    phase.year
                ));
            }
        }
        return Ok(out);
    }
    let Some(p) = power(role) else { return Ok(out) };
    let keys: Vec<String> = game
        .state
        .orders
        .get(role)
        .into_iter()
        .flatten()
        .filter_map(|o| key_of(o))
        .collect();
    match phase.kind {
        PhaseKind::Movement => {
            for u in board.units.iter().filter(|u| u.power == p) {
                if !keys.iter().any(|k| k == map().code(u.loc.prov)) {
                    out.push(format!("an order for {}", u.text(map())));
                }
            }
        }
        PhaseKind::Retreat => {
            for d in board.dislodged.iter().filter(|d| d.unit.power == p) {
                if !keys.iter().any(|k| k == map().code(d.unit.loc.prov)) {
                    out.push(format!("a retreat or disband for {}", d.unit.text(map())));
                }
            }
        }
        PhaseKind::Adjustment => {
            if !ready(game, role)? {
                let due = adjust::adjustment(&board, &hooks_for(game, phase), p);
                // The example is the power's own: a home centre it may build in, a unit of its.
                out.push(if due > 0 {
                    match adjust::vacant_homes(map(), &board, p).first() {
                        Some(&h) => format!("builds: {due} due (BUILD A {}, or WAIVE)", map().code(h)),
                        None => format!("builds: {due} due (WAIVE)"),
                    }
                } else {
                    let unit = board.units.iter().find(|u| u.power == p).map(|u| u.text(map()));
                    format!("removals: {} due (REMOVE {})", -due, unit.unwrap_or_default())
                });
            }
        }
    }
    Ok(out)
}

/// The orders a role has on file, each with what the judge makes of it alone (a void
/// order, such as a build too many, is said so now).
#[derive(Serialize)]
struct OnFile {
    order: String,
    note: String,
}

fn on_file(game: &Game, role: &str) -> Result<Vec<OnFile>, String> {
    let list = game.state.orders.get(role).cloned().unwrap_or_default();
    if list.is_empty() {
        return Ok(Vec::new());
    }
    let map = map();
    let board = board(game)?;
    let me = power(role);
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
                Some(p) => p.needs,
                None if r.verdict == Verdict::Void => {
                    format!("will be void: {}", crate::words::reason(map, Lang::En, r))
                }
                None => String::new(),
            };
            Some(OnFile {
                order: r.order.clone(),
                note,
            })
        })
        .collect())
}

fn divine_on_file(game: &Game, role: &str) -> Vec<String> {
    let d = &game.state.divine;
    let mut out = Vec::new();
    if !phase(game).is_ok_and(|p| p.kind == PhaseKind::Movement) {
        if role == "God" && game.state.adjustment_blessing.is_some() {
            let b = game.state.adjustment_blessing.clone().unwrap_or_default();
            out.push(format!("adjustment blessing: {b}"));
        }
        if out.is_empty() {
            out.push("nothing to cast in this phase".into());
        }
        return out;
    }
    let show = |what: &str, v: &Option<String>| match v.as_deref() {
        Some(NONE) => format!("{what}: none (declined)"),
        Some(x) => format!("{what}: {x}"),
        None => format!("{what}: nothing yet"),
    };
    match role {
        "God" => {
            out.push(show("blessing", &d.blessing));
            if game.state.adjustment_blessing.is_some() {
                out.push(show("adjustment blessing", &game.state.adjustment_blessing));
            }
        }
        "Devil" => out.push(show("curse", &d.curse)),
        _ => {}
    }
    out
}

/// Puts into a divine player's letter the protected powers he is told of, and no other:
/// God knows his own and the Devil's (`god_protects`, `devil_protects`), the Devil only his
/// own. What is not in the context no template, built-in or a game's own, can show.
fn insert_protected(game: &Game, role: &str, c: &mut Context) {
    let known: &[&str] = match role {
        "God" => &["God", "Devil"],
        "Devil" => &["Devil"],
        _ => &[],
    };
    for &r in known {
        if let Some(p) = game.state.protected.get(r) {
            c.insert(format!("{}_protects", r.to_lowercase()), p);
        }
    }
}

// ---------------------------------------------------------------------------------------
// The start of the game
// ---------------------------------------------------------------------------------------

/// Sets up the first phase and writes the welcomes.
pub fn start(game: &mut Game, first_deadline: Now) -> Result<Effects, String> {
    let map = map();
    let phase = Phase::new(Season::Spring, 1901, PhaseKind::Movement);
    let board = Board::starting(map);
    game.state.phase = phase.to_string();
    game.state.deadline = Some(first_deadline.to_rfc3339());
    game.state.board = Some(BoardState::from_board(map, &board));
    if is_diable(game) {
        let p = diable::draw_protected(map, &mut Dice::new(game.seed()?));
        game.state.protected.insert("God".into(), map.power_name(p.god).into());
        game.state
            .protected
            .insert("Devil".into(), map.power_name(p.devil).into());
    }
    let mut fx = Effects::default();
    for role in game.roles() {
        let mut c = game.context(&role);
        c.insert("divine", &GameConfig::is_divine(&role));
        c.insert("diable", &is_diable(game));
        let units: Vec<String> = power(&role)
            .map(|p| {
                board
                    .units
                    .iter()
                    .filter(|u| u.power == p)
                    .map(|u| u.text(map))
                    .collect()
            })
            .unwrap_or_default();
        c.insert("units", &units.join(", "));
        insert_protected(game, &role, &mut c);
        fx.letters.push(game.letter(
            format!("welcome-{}", role.to_lowercase()),
            &role,
            &format!("welcome: you play {role}"),
            "welcome",
            c,
        ));
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
    role: &str,
    commands: Vec<Numbered>,
    mut errors: Vec<LineError>,
    stem: &str,
    arrived: Now,
) -> Result<Vec<Letter>, String> {
    let mut done: Vec<String> = Vec::new();
    let mut letters = Vec::new();
    let deadline = game.state.deadline.clone().unwrap_or_default();
    let late = chrono::DateTime::parse_from_rfc3339(&deadline).is_ok_and(|d| arrived > d);
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
        let result = match command {
            _ if late && changes => Err(format!(
                "too late: the deadline was {}; {} is judged with what was on file then",
                show_time(&deadline, &game.config.timezone),
                game.state.phase
            )),
            Command::Signon { .. } => Err("only one SIGNON per message: this one is ignored".to_string()),
            Command::Order(text) => order(game, role, &text).map(|o| format!("{o}: on file")),
            Command::Clear => {
                if role == "God" {
                    game.state.divine.blessing = None;
                    if needs_power_blessing_season(game) {
                        game.state.adjustment_blessing = None;
                    }
                    Ok("CLEAR: your blessings for the phase are withdrawn".into())
                } else if role == "Devil" {
                    game.state.divine.curse = None;
                    Ok("CLEAR: your curse for the phase is withdrawn".into())
                } else {
                    game.state.orders.remove(role);
                    Ok("CLEAR: every order of the phase is withdrawn".into())
                }
            }
            Command::Bless(t) => cast(game, role, CastKind::Blessing, &t),
            Command::Curse(t) => cast(game, role, CastKind::Curse, &t),
            Command::Press { to, lines } => {
                press(game, role, &to, &lines, &format!("{stem}-p{k}")).map(|(done, mut press)| {
                    letters.append(&mut press);
                    done
                })
            }
            Command::VoteDraw | Command::VoteContinue => vote(game, role, &command),
            Command::Status => Ok("STATUS: see below".into()),
        };
        match result {
            Ok(d) => done.push(format!("line {line}: {d}")),
            Err(message) => errors.push(LineError { line, text, message }),
        }
    }
    errors.sort_by_key(|e| e.line);
    letters.insert(
        0,
        reply(
            game,
            role,
            &format!("{stem}-reply-{}", role.to_lowercase()),
            done,
            errors,
        )?,
    );
    Ok(letters)
}

fn reply(game: &Game, role: &str, stem: &str, done: Vec<String>, errors: Vec<LineError>) -> Result<Letter, String> {
    let mut c = game.context(role);
    let subject = super::received(errors.len());
    c.insert("done", &done);
    c.insert("errors", &errors);
    c.insert("on_file", &on_file(game, role)?);
    c.insert("divine_on_file", &divine_on_file(game, role));
    c.insert("missing", &missing(game, role)?);
    c.insert("vote", &game.state.votes.get(role).cloned().unwrap_or_default());
    Ok(game.letter(stem.to_string(), role, &subject, "reply", c))
}

fn order(game: &mut Game, role: &str, text: &str) -> Result<String, String> {
    if GameConfig::is_divine(role) {
        return Err(format!("{role} gives no orders: write BLESS or CURSE"));
    }
    let (key, canon) = check_order(game, role, text)?;
    file_order(game, role, key, canon.clone());
    Ok(canon)
}

fn cast(game: &mut Game, role: &str, kind: CastKind, text: &str) -> Result<String, String> {
    let (who, verb) = match kind {
        CastKind::Blessing => ("God", "BLESS"),
        CastKind::Curse => ("Devil", "CURSE"),
    };
    if !is_diable(game) {
        return Err(format!("{verb} belongs to Diable et Bon Dieu, not to this game"));
    }
    if role != who {
        return Err(format!(
            "only {} may {}",
            if who == "God" { "God" } else { "the Devil" },
            verb
        ));
    }
    let phase = phase(game)?;
    let t = text.trim();
    let upper = t.to_ascii_uppercase();
    if standing(game).divine_withdrawn && upper != "NONE" && upper != "POWER NONE" {
        return Err(
            "God and the Devil have withdrawn from the game: no more blessings or curses (answer NONE to let a phase go by)"
                .into(),
        );
    }
    // The adjustment blessing: `BLESS <power>`, `BLESS POWER <power>`, `BLESS POWER NONE`.
    let power_named = upper.strip_prefix("POWER ").map(str::trim).map(str::to_string);
    if kind == CastKind::Blessing && (power_named.is_some() || power(t).is_some()) {
        let name = power_named.unwrap_or_else(|| t.to_string());
        if !(phase.season == Season::Fall && diable::is_blessing_winter(phase.year)) {
            return Err(format!(
                "the adjustment blessing is named in the autumn of 1903, 1905, 1907, …; it is now {phase}"
            ));
        }
        if name.eq_ignore_ascii_case(NONE) {
            game.state.adjustment_blessing = Some(NONE.into());
            return Ok(format!("no adjustment blessing for winter {}", phase.year));
        }
        let p = power(&name).ok_or_else(|| format!("`{name}` is not a power"))?;
        if !board(game)?.in_game(p) {
            return Err(format!("{} is out of the game", map().power_name(p)));
        }
        game.state.adjustment_blessing = Some(map().power_name(p).into());
        return Ok(format!(
            "adjustment blessing for winter {}: {}",
            phase.year,
            map().power_name(p)
        ));
    }
    if phase.kind != PhaseKind::Movement {
        return Err(match (kind, phase.kind) {
            (CastKind::Curse, PhaseKind::Adjustment) => "no curse in winter: curses are for movement phases".into(),
            (_, PhaseKind::Retreat) => format!("no blessing or curse in a retreat phase; it is now {phase}"),
            _ => format!("blessings on units are for movement phases; it is now {phase}"),
        });
    }
    let slot = |game: &mut Game, v: String| match kind {
        CastKind::Blessing => game.state.divine.blessing = Some(v),
        CastKind::Curse => game.state.divine.curse = Some(v),
    };
    if upper == "NONE" {
        slot(game, NONE.into());
        return Ok(format!("{verb} NONE: no {} this phase", what(kind)));
    }
    let board = board(game)?;
    let unit = diable::target(map(), &board, t)?;
    let u = board.units[unit];
    diable::check_year_rule(map(), &cast_records(game), phase, kind, u.power)?;
    slot(game, u.text(map()));
    Ok(format!("{} on {}", what(kind), u.text(map())))
}

fn what(kind: CastKind) -> &'static str {
    match kind {
        CastKind::Blessing => "blessing",
        CastKind::Curse => "curse",
    }
}

/// A press command: the divine players neither send nor receive any (the rules' "they
/// send no press; nobody can write to them privately").
fn press(game: &Game, role: &str, to: &PressTo, lines: &[String], stem: &str) -> Result<(String, Vec<Letter>), String> {
    if GameConfig::is_divine(role) {
        return Err(format!("{role} sends no press: the divine players stay silent"));
    }
    game.press(role, to, lines, stem, |n| {
        if GameConfig::is_divine(n) {
            return Err("no press can be addressed to God or the Devil; this press was not sent".into());
        }
        let p = power(n).ok_or_else(|| format!("`{n}` is not a power; this press was not sent"))?;
        Ok(map().power_name(p).to_string())
    })
}

fn vote(game: &mut Game, role: &str, command: &Command) -> Result<String, String> {
    if GameConfig::is_divine(role) {
        return Err("only the powers vote".into());
    }
    let p = power(role).ok_or("only the powers vote")?;
    if !board(game)?.in_game(p) {
        return Err(format!("{role} is out of the game"));
    }
    let v = if matches!(command, Command::VoteDraw) {
        "draw"
    } else {
        "continue"
    };
    game.state.votes.insert(role.to_string(), v.to_string());
    Ok(format!("your vote: {v}"))
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
    let current = phase(game).map_err(|e| vec![e])?;
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
    let mut done: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (pname, orders) in &raw.orders.0 {
        let Some(p) = power(pname) else {
            errors.push(format!("{}: `{pname}` is not a power", here("orders", pname)));
            continue;
        };
        let role = map().power_name(p).to_string();
        for o in orders {
            match order(game, &role, o) {
                Ok(canon) => done.entry(role.clone()).or_default().push(format!("{canon}: on file")),
                Err(e) => errors.push(format!("{}: {role}: `{o}`: {e}", here("orders", o))),
            }
        }
    }
    if let Some(d) = &raw.divine {
        let casts = [
            ("God", CastKind::Blessing, d.blessing.clone(), "blessing"),
            ("Devil", CastKind::Curse, d.curse.clone(), "curse"),
            (
                "God",
                CastKind::Blessing,
                d.adjustment_blessing.clone().map(|p| format!("POWER {p}")),
                "adjustment_blessing",
            ),
        ];
        for (role, kind, text, key) in casts {
            let Some(t) = text else { continue };
            match cast(game, role, kind, &t) {
                Ok(x) => done.entry(role.to_string()).or_default().push(x),
                Err(e) => errors.push(format!("{}: divine: {key}: {e}", here("divine", &format!("{key}:")))),
            }
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
            .map(|l| format!("entered by the referee: {l}"))
            .collect();
        letters.push(
            reply(
                game,
                &role,
                &format!("t{n:04}-reply-{}", role.to_lowercase()),
                lines,
                Vec::new(),
            )
            .map_err(|e| vec![e])?,
        );
    }
    Ok(letters)
}

// ---------------------------------------------------------------------------------------
// Deadlines: reminders and processing
// ---------------------------------------------------------------------------------------

/// What `process` does to one game now: nothing, reminders, or the phase.
pub fn process(game: &mut Game, now: Now) -> Result<Option<Effects>, String> {
    if game.state.finished.is_some() {
        return Ok(None);
    }
    let deadline = game
        .state
        .deadline
        .as_deref()
        .and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok())
        .ok_or("state.yaml: deadline: not a time")?;
    let mut waiting = Vec::new();
    for role in game.roles() {
        if !ready(game, &role)? {
            waiting.push(role);
        }
    }
    if now >= deadline || waiting.is_empty() {
        return adjudicate(game, now, waiting).map(Some);
    }
    let before = super::config::parse_duration(&game.config.reminder).unwrap_or(chrono::Duration::hours(24));
    if !game.state.reminded && now >= deadline - before {
        let mut fx = Effects::default();
        let code = phase(game)?.code();
        for role in &waiting {
            let mut c = game.context(role);
            c.insert("missing", &missing(game, role)?);
            fx.letters.push(game.letter(
                format!("{code}-reminder-{}", role.to_lowercase()),
                role,
                &format!(
                    "{}: reminder, due {}",
                    game.state.phase,
                    show_time(&deadline.to_rfc3339(), &game.config.timezone)
                ),
                "reminder",
                c,
            ));
        }
        game.state.reminded = true;
        fx.log.push(format!("{code}: reminded {}", waiting.join(", ")));
        return Ok(Some(fx));
    }
    Ok(None)
}

/// One order's line in a report.
#[derive(Serialize, Clone)]
struct ResultRow {
    order: String,
    result: String,
    reason: String,
}

#[derive(Serialize, Clone)]
struct PowerRow {
    power: String,
    results: Vec<ResultRow>,
    /// No orders were received.
    missed: bool,
    units: String,
    centers: usize,
    unit_count: usize,
    /// Builds (+) or removals (−) due in the coming winter.
    adjustment: String,
    eliminated: bool,
}

#[derive(Serialize, Clone)]
struct DivineRow {
    what: String,
    target: String,
    effect: String,
    reason: String,
}

#[derive(Serialize, Clone)]
struct DislodgedRow {
    unit: String,
    power: String,
    attacker_from: String,
    retreats: String,
}

/// The public report's data: the same for every reader.
#[derive(Serialize, Clone)]
struct Report {
    game: String,
    title: String,
    phase: String,
    code: String,
    powers: Vec<PowerRow>,
    diable: bool,
    divine: Vec<DivineRow>,
    dislodged: Vec<DislodgedRow>,
    eliminated: Vec<String>,
    next_phase: String,
    next_deadline: String,
    over: String,
}

fn adjudicate(game: &mut Game, now: Now, waiting: Vec<String>) -> Result<Effects, String> {
    let map = map();
    let phase = phase(game)?;
    let orders: Vec<(String, Vec<String>)> = map
        .powers
        .iter()
        .filter_map(|p| Some((p.name.clone(), game.state.orders.get(&p.name)?.clone())))
        .collect();
    let pos = position(game, orders, true)?;
    let (mut outcome, divine) = judge(&pos);
    // The units dislodged, as the report shows them.
    let dislodged = outcome.next.dislodged.clone();
    let skipped = skip_empty_retreat(game, &mut outcome);
    let mut next_phase = outcome.next_phase;
    let next = outcome.next.clone();
    // The casts that fell on units count for the per-year rule (void ones do not).
    if let Some(d) = &divine {
        let mut row = CastRow {
            phase: phase.to_string(),
            blessed: None,
            cursed: None,
        };
        for e in d.entries.iter().filter(|e| e.effect != "void") {
            let owner = diable::target(map, &pos.board, &e.target)
                .ok()
                .map(|u| map.power_name(pos.board.units[u].power).to_string());
            match e.key {
                "blessing" => row.blessed = owner,
                "curse" => row.cursed = owner,
                _ => {}
            }
        }
        if row.blessed.is_some() || row.cursed.is_some() {
            game.state.casts.push(row);
        }
    }
    let survivors: Vec<Power> = map.all_powers().filter(|&p| next.in_game(p)).collect();
    let draw = !survivors.is_empty()
        && survivors
            .iter()
            .all(|p| game.state.votes.get(map.power_name(*p)).map(String::as_str) == Some("draw"));
    let facts = PhaseFacts::from_board(phase, &next, draw);
    let name_counts =
        |m: &BTreeMap<Power, usize>| m.iter().map(|(p, n)| (map.power_name(*p).to_string(), *n)).collect();
    game.state.history.push(FactsRow {
        phase: phase.to_string(),
        centers: name_counts(&facts.centers),
        units: name_counts(&facts.units),
        draw,
    });
    let before = diable::standing(map, &history(game)[..game.state.history.len() - 1], protected(game));
    let standing = standing(game);
    // The adjustment blessing named for the coming winter, if it will apply there. Asked
    // after this phase's facts are in the history: a divine win in this very phase voids it
    // (and a winter played for it with nothing to do would tell everyone that the power just
    // eliminated was protected); so does the blessed power's own elimination.
    let coming_blessing = blessed_power(game).filter(|&p| next.in_game(p));
    // A blessing winter the judge skipped because nobody else adjusts.
    if let Some(p) = coming_blessing {
        let winter = Phase::new(Season::Winter, phase.year, PhaseKind::Adjustment);
        let hooks = DivineHooks {
            extra_build: Some(p),
            ..DivineHooks::default()
        };
        if phase.season == Season::Fall
            && diable::is_blessing_winter(phase.year)
            && next_phase > winter
            && adjust::any_adjustment_due(map, &next, &hooks)
        {
            next_phase = winter;
        }
    }
    let eliminated: Vec<String> = standing
        .eliminated
        .iter()
        .filter(|(_, ph)| *ph == phase)
        .map(|(p, _)| map.power_name(*p).to_string())
        .collect();

    // The new phase.
    let due = now + duration_of(game, next_phase)?;
    let next_deadline = due.to_rfc3339();
    let finished = standing.over.then(|| finish(game, &standing, phase));
    let report = Report {
        game: game.config.game.clone(),
        title: game.title().into(),
        phase: phase.to_string(),
        code: phase.code(),
        powers: power_rows(game, &outcome, &next, next_phase, &waiting),
        diable: is_diable(game),
        divine: divine.as_ref().map(|d| divine_rows(d, phase)).unwrap_or_default(),
        dislodged: dislodged
            .iter()
            .map(|d| DislodgedRow {
                unit: d.unit.text(map),
                power: map.power_name(d.unit.power).into(),
                attacker_from: d.attacker_from.map(|a| map.code(a).to_string()).unwrap_or_default(),
                retreats: {
                    let r: Vec<String> = d.retreats.iter().flatten().map(|l| map.loc_text(*l)).collect();
                    if r.is_empty() && skipped {
                        "none: disbanded".into()
                    } else if r.is_empty() {
                        "none: it will be disbanded".into()
                    } else {
                        r.join(", ")
                    }
                },
            })
            .collect(),
        eliminated: eliminated.clone(),
        next_phase: if finished.is_some() {
            String::new()
        } else {
            next_phase.to_string()
        },
        next_deadline: if finished.is_some() {
            String::new()
        } else {
            show_time(&next_deadline, &game.config.timezone)
        },
        over: finished.as_ref().map(|f| f.summary.clone()).unwrap_or_default(),
    };

    let mut fx = Effects::default();
    let code = phase.code();
    for role in game.roles() {
        let mut c = game.context(&role);
        c.insert("report", &report);
        fx.letters.push(game.letter(
            format!("{code}-report-{}", role.to_lowercase()),
            &role,
            "results",
            "report",
            c,
        ));
    }
    if is_diable(game) {
        for role in ["God", "Devil"] {
            if game.config.player(role).is_none() {
                continue;
            }
            let mut c = game.context(role);
            let mine: Vec<DivineRow> = report
                .divine
                .iter()
                .filter(|d| (d.what == "curse") == (role == "Devil"))
                .cloned()
                .collect();
            c.insert("report", &report);
            c.insert("mine", &mine);
            c.insert("withdrawn", &standing.divine_withdrawn);
            insert_protected(game, role, &mut c);
            let settled_now = standing.divine_settled && !before.divine_settled;
            c.insert("divine_result", &divine_result(&standing, settled_now));
            fx.letters.push(game.letter(
                format!("{code}-divine-{}", role.to_lowercase()),
                role,
                &format!("{role}'s report"),
                "divine",
                c,
            ));
        }
    }
    // Entering a blessing winter: the blessed power is told, privately.
    if next_phase.kind == PhaseKind::Adjustment && finished.is_none() {
        if let Some(p) = coming_blessing.map(|p| map.power_name(p).to_string()) {
            if diable::is_blessing_winter(next_phase.year) && game.config.player(&p).is_some() {
                let mut c = game.context(&p);
                c.insert("winter", &next_phase.to_string());
                c.insert("next_deadline", &report.next_deadline);
                fx.letters.push(game.letter(
                    format!("{}-blessing-{}", next_phase.code(), p.to_lowercase()),
                    &p,
                    &format!("an extra build in {next_phase}"),
                    "blessing-notice",
                    c,
                ));
            }
        }
    }
    if let Some(f) = &finished {
        let mut c = Context::new();
        c.insert("report", &report);
        c.insert("god_protects", &game.state.protected.get("God"));
        c.insert("devil_protects", &game.state.protected.get("Devil"));
        fx.letters.extend(game.final_letters(f, &c));
        game.state.finished = Some(f.clone());
    }

    // Pages: the public report of this phase, and the index of every phase processed
    // (the history has one row per phase).
    let mut c = Context::new();
    c.insert("report", &report);
    c.insert("game", &game.config.game);
    c.insert("title", game.title());
    fx.pages
        .push((format!("{code}.html"), game.templates().render("page.html", &c)?));
    let mut c = Context::new();
    c.insert("game", &game.config.game);
    c.insert("title", game.title());
    let phases: Vec<BTreeMap<&str, String>> = history(game)
        .iter()
        .map(|f| BTreeMap::from([("code", f.phase.code()), ("name", f.phase.to_string())]))
        .collect();
    c.insert("phases", &phases);
    c.insert("over", &report.over);
    fx.pages
        .push(("index.html".into(), game.templates().render("index.html", &c)?));

    // The state of the new phase.
    if phase.kind == PhaseKind::Adjustment || next_phase.year > phase.year {
        game.state.adjustment_blessing = None;
    }
    game.state.board = Some(BoardState::from_board(map, &next));
    game.state.phase = next_phase.to_string();
    game.state.deadline = if game.state.finished.is_some() {
        None
    } else {
        Some(next_deadline)
    };
    game.state.reminded = false;
    game.state.orders.clear();
    game.state.divine = Default::default();
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

/// A retreat phase in which no dislodged unit has anywhere to go is judged at once
/// ([`crate::variant::skip_empty_retreat`]); its results join the phase's. Returns whether
/// it was skipped.
fn skip_empty_retreat(game: &Game, outcome: &mut Outcome) -> bool {
    match crate::variant::skip_empty_retreat(map(), &game.config.variant, outcome) {
        Some(skipped) => {
            outcome.results.extend(skipped.results);
            true
        }
        None => false,
    }
}

/// The report's lines on what God and the Devil cast. In a movement phase there is always a
/// line for the blessing and one for the curse: the unit, or that none was cast (the rules:
/// the report names the unit blessed and the unit cursed, "or that none was").
fn divine_rows(d: &DivineReport, phase: Phase) -> Vec<DivineRow> {
    let mut rows: Vec<DivineRow> = d
        .entries
        .iter()
        .map(|e| DivineRow {
            what: e.key.replace('_', " "),
            target: e.target.clone(),
            effect: e.effect.into(),
            reason: e.reason.clone(),
        })
        .collect();
    if phase.kind == PhaseKind::Movement {
        // The judge reports the blessing first, then the curse.
        for (i, what) in ["blessing", "curse"].into_iter().enumerate() {
            if rows.get(i).is_none_or(|r| r.what != what) {
                let none = DivineRow {
                    what: what.into(),
                    target: String::new(),
                    effect: "none".into(),
                    reason: String::new(),
                };
                rows.insert(i, none);
            }
        }
    }
    rows
}

fn duration_of(game: &Game, phase: Phase) -> Result<chrono::Duration, String> {
    let d = &game.config.deadlines;
    let text = match phase.kind {
        PhaseKind::Movement => &d.movement,
        PhaseKind::Retreat => &d.retreat,
        PhaseKind::Adjustment => &d.adjustment,
    };
    super::config::parse_duration(text).map_err(|e| format!("game.yaml: deadlines: {e}"))
}

fn power_rows(game: &Game, outcome: &Outcome, next: &Board, next_phase: Phase, waiting: &[String]) -> Vec<PowerRow> {
    let map = map();
    // The builds every reader is shown: without God's adjustment blessing, which only the
    // blessed power hears of before the winter (the winter's report names it after).
    let hooks = crate::judge::Standard;
    let reasons = crate::words::reasons(map, Lang::En, &outcome.results);
    map.all_powers()
        .filter_map(|p| {
            let name = map.power_name(p).to_string();
            let results: Vec<ResultRow> = outcome
                .results
                .iter()
                .zip(&reasons)
                .filter(|(r, _)| r.power == p)
                .map(|(r, reason)| ResultRow {
                    order: r.order.clone(),
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
            let centers = next.centers.values().filter(|&&o| o == p).count();
            let was_alive = outcome.results.iter().any(|r| r.power == p) || waiting.contains(&name);
            if !next.in_game(p) && !was_alive {
                return None;
            }
            let adjustment = if next_phase.kind == PhaseKind::Adjustment {
                match adjust::adjustment(next, &hooks, p) {
                    n if n > 0 => format!("builds {n}"),
                    n if n < 0 => format!("removes {}", -n),
                    _ => String::new(),
                }
            } else {
                String::new()
            };
            Some(PowerRow {
                missed: waiting.contains(&name) && !game.state.orders.contains_key(&name),
                power: name,
                results,
                unit_count: units.len(),
                units: units.join(", "),
                centers,
                adjustment,
                eliminated: !next.in_game(p),
            })
        })
        .collect()
}

fn divine_result(s: &Standing, settled_now: bool) -> String {
    if !settled_now {
        return String::new();
    }
    match (s.god_wins, s.devil_wins) {
        (true, _) => "God wins the divine contest.".into(),
        (_, true) => "The Devil wins the divine contest.".into(),
        _ => "The divine contest is settled without a winner.".into(),
    }
}

fn finish(game: &Game, s: &Standing, phase: Phase) -> Finished {
    let map = map();
    let mut winners = Vec::new();
    let summary = if let Some(p) = s.solo {
        winners.push(map.power_name(p).to_string());
        format!(
            "{} wins alone with {} or more supply centres.",
            map.power_name(p),
            diable::SOLO
        )
    } else {
        // Survivors: every power with a unit or a centre (as the draw vote counts them).
        let survivors: Vec<String> = game
            .state
            .history
            .last()
            .map(|f| {
                map.powers
                    .iter()
                    .map(|p| p.name.clone())
                    .filter(|p| f.centers.get(p).is_some_and(|&n| n > 0) || f.units.get(p).is_some_and(|&n| n > 0))
                    .collect()
            })
            .unwrap_or_default();
        winners.extend(survivors.iter().cloned());
        format!("Every surviving power voted for a draw: {}.", survivors.join(", "))
    };
    if is_diable(game) {
        if s.god_wins {
            winners.push("God".into());
        }
        if s.devil_wins {
            winners.push("Devil".into());
        }
    }
    Finished {
        after: phase.to_string(),
        winners,
        summary,
    }
}

/// The referee's view of the game (`arbitre status`), as YAML.
pub fn status(game: &Game) -> Result<String, String> {
    let map = map();
    let phase = phase(game)?;
    let board = board(game)?;
    let mut w = crate::yaml::Writer::default();
    w.key(0, "game", &game.config.game);
    w.key(0, "variant", &game.config.variant);
    crate::position::write_board(&mut w, map, 0, phase, &board);
    w.key(0, "deadline", game.state.deadline.as_deref().unwrap_or(""));
    if game.state.orders.is_empty() {
        w.raw(0, "orders: {}");
    } else {
        w.raw(0, "orders:");
        for (role, list) in &game.state.orders {
            w.flow_list(1, role, list);
        }
    }
    if is_diable(game) {
        let d = &game.state.divine;
        let mut fields = Vec::new();
        for (k, v) in [
            ("blessing", &d.blessing),
            ("curse", &d.curse),
            ("adjustment_blessing", &game.state.adjustment_blessing),
        ] {
            if let Some(v) = v {
                fields.push((k, v.clone()));
            }
        }
        w.flow_map(0, "divine", &fields);
        let p: Vec<(&str, String)> = game
            .state
            .protected
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        w.flow_map(0, "protected", &p);
    }
    let votes: Vec<(&str, String)> = game.state.votes.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    w.flow_map(0, "votes", &votes);
    game.write_players_and_end(&mut w, |role| {
        Ok(Some(
            if ready(game, role)? { "complete" } else { "missing" }.to_string(),
        ))
    })?;
    Ok(w.finish())
}
