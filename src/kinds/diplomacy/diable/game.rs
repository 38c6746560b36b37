//! Diable et Bon Dieu by mail: what the variant adds to the mail game of
//! [`crate::game::diplomacy`], as the [`Ruleset`] value [`RULES`].
//!
//! Decisions where the spec is silent (the flow's own are in [`crate::game::diplomacy`]):
//! - Early processing waits for God and the Devil with a cast or `BLESS NONE` /
//!   `CURSE NONE` on file (and in a blessing autumn, God's `BLESS <power>` or
//!   `BLESS POWER NONE`), whether or not they have withdrawn.
//! - When God and the Devil withdraw (a divine win by elimination), only they are told, in
//!   their private reports; public reports never say it (it would tell which powers they
//!   protect). Casts are then refused with that reason.
//! - The public report of a movement phase has a line for the blessing and one for the
//!   curse, `none` when nothing was cast (a declined cast and a withdrawn player read alike).
//! - The adjustment blessing named in the autumn is told to its power, and a winter nobody
//!   else needs is played for it, only when it will apply there: not after a divine win in
//!   that autumn, nor for a power eliminated that autumn.

use super::hooks::{self, CastKind, CastRecord, DivineHooks, Protected};
use super::said::{Cast, Refused};
use super::state::{CastRow, DivineState, OnFile, PowerBlessing, EMPTY};
use super::{DEVIL, GOD, ROLES, VERBS};
use crate::dice::Dice;
use crate::game::kind::Verb;
use crate::game::role::{NamedRole, Role};
use crate::game::said::{Refusal, Said};
use crate::game::Game;
use crate::judge::{adjust, Board, Outcome};
use crate::kinds::diplomacy::mail::{board, phase, standing};
use crate::kinds::diplomacy::victory::Standing;
use crate::kinds::diplomacy::{Barred, Judged, Ruleset, TurnCast};
use crate::lang::{Lang, Worded};
use crate::map::{Map, Power};
use crate::phase::{Phase, PhaseKind, Season};
use crate::position::{CastEffect, CastKey, DivineReport, Position, RawDivine, RawPosition};
use crate::report::views::{self, DivineRow, ProtectedTold, ReportPart, Revealed, WelcomePart};
use crate::report::Letter;
use crate::yaml::Writer;

/// The Diable et Bon Dieu ruleset, as listed in [`crate::kinds::KINDS`].
pub static RULES: Diable = Diable;

/// Diable et Bon Dieu's rules for the judge and for the mail game.
pub struct Diable;

fn map() -> &'static Map {
    Map::standard()
}

fn power(name: &str) -> Option<Power> {
    map().power_by_name(name)
}

/// The game's keys of Diable et Bon Dieu.
fn keys(game: &Game) -> &DivineState {
    game.state.kind.get().unwrap_or(&EMPTY)
}

/// The game's keys of Diable et Bon Dieu, to change.
fn keys_mut(game: &mut Game) -> &mut DivineState {
    game.state.kind.get_mut()
}

fn cast_records(game: &Game) -> Vec<CastRecord> {
    keys(game)
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
    if phase.kind != PhaseKind::Adjustment || !hooks::is_blessing_winter(phase.year) {
        return None;
    }
    blessed_power(game)
}

/// The power God named for the coming winter, unless the divine players have withdrawn
/// since (the rules: after a divine win, no more adjustment blessings).
fn blessed_power(game: &Game) -> Option<Power> {
    let Some(PowerBlessing::Power(p)) = keys(game).adjustment_blessing else {
        return None;
    };
    (!standing(game).divine_withdrawn).then_some(p)
}

fn hooks_for(game: &Game, phase: Phase) -> DivineHooks {
    DivineHooks {
        extra_build: blessing_in_force(game, phase),
        ..DivineHooks::default()
    }
}

/// In a blessing autumn, God has not yet named a power (or NONE) for the winter.
fn needs_power_blessing(game: &Game, phase: Phase) -> bool {
    phase.season == Season::Fall && hooks::is_blessing_winter(phase.year) && keys(game).adjustment_blessing.is_none()
}

/// Is it the autumn of a blessing year, when God names a power for the winter?
fn needs_power_blessing_season(game: &Game) -> bool {
    phase(game).is_ok_and(|p| p.season == Season::Fall && hooks::is_blessing_winter(p.year))
}

/// The protected powers a player is told of, and no other: God knows his own and the
/// Devil's (`god_protects`, `devil_protects`), the Devil only his own, a power neither.
/// What is not in the view no template, built-in or a game's own, can show.
fn protected_told(game: &Game, role: Role) -> ProtectedTold {
    let get = |r: Role| keys(game).protected.get(&r).map(|&p| map().power_name(p).to_string());
    match role {
        GOD => ProtectedTold {
            god_protects: get(GOD),
            devil_protects: get(DEVIL),
        },
        DEVIL => ProtectedTold {
            god_protects: None,
            devil_protects: get(DEVIL),
        },
        _ => ProtectedTold::default(),
    }
}

/// `NONE` after a verb, any case; in French `AUCUNE`, `AUCUN` or `RIEN`, with or without
/// accents (« BÉNIR AUCUNE », « MAUDIRE rien »).
fn is_none(text: &str) -> bool {
    matches!(crate::map::fold(text).as_str(), "NONE" | "AUCUNE" | "AUCUN" | "RIEN")
}

/// What follows `POWER` (in French `PUISSANCE`) at the head of a blessing: the winter
/// blessing's power, or none.
fn power_form(text: &str) -> Option<&str> {
    let (first, rest) = text.split_once(char::is_whitespace)?;
    matches!(crate::map::fold(first).as_str(), "POWER" | "PUISSANCE").then(|| rest.trim())
}

fn cast(game: &mut Game, role: Role, kind: CastKind, text: &str) -> Result<Said, Refusal> {
    let who = match kind {
        CastKind::Blessing => GOD,
        CastKind::Curse => DEVIL,
    };
    if role != who {
        return Err(Refused::OnlyDivineMay { divine: who }.into());
    }
    let phase = phase(game)?;
    let t = text.trim();
    let power_named = power_form(t);
    if standing(game).divine_withdrawn && !is_none(t) && !power_named.is_some_and(is_none) {
        return Err(Refused::Withdrawn.into());
    }
    // The adjustment blessing: `BLESS <power>`, `BLESS POWER <power>`, `BLESS POWER NONE`
    // (« BÉNIR PUISSANCE Allemagne », « BÉNIR PUISSANCE AUCUNE »).
    if kind == CastKind::Blessing && (power_named.is_some() || power(t).is_some()) {
        let name = power_named.unwrap_or(t).to_string();
        if !(phase.season == Season::Fall && hooks::is_blessing_winter(phase.year)) {
            return Err(Refused::AdjustmentBlessingSeason {
                phase: phase.to_string(),
            }
            .into());
        }
        if is_none(&name) {
            keys_mut(game).adjustment_blessing = Some(PowerBlessing::Declined);
            return Ok(Cast::NoAdjustmentBlessing { year: phase.year }.into());
        }
        let p = power(&name).ok_or(Refused::NotAPowerName { name })?;
        if !board(game)?.in_game(p) {
            return Err(Refusal::OutOfTheGame {
                power: map().power_name(p).to_string(),
            });
        }
        keys_mut(game).adjustment_blessing = Some(PowerBlessing::Power(p));
        return Ok(Cast::AdjustmentBlessing {
            year: phase.year,
            power: map().power_name(p).to_string(),
        }
        .into());
    }
    if phase.kind != PhaseKind::Movement {
        let (phase_kind, phase) = (phase.kind, phase.to_string());
        return Err(match (kind, phase_kind) {
            (CastKind::Curse, PhaseKind::Adjustment) => Refused::NoCurseInWinter,
            (_, PhaseKind::Retreat) => Refused::NoCastInRetreat { phase },
            _ => Refused::BlessingsForMovement { phase },
        }
        .into());
    }
    let slot = |game: &mut Game, v: OnFile| match kind {
        CastKind::Blessing => keys_mut(game).divine.blessing = Some(v),
        CastKind::Curse => keys_mut(game).divine.curse = Some(v),
    };
    if is_none(t) {
        slot(game, OnFile::Declined);
        return Ok(Cast::None { divine: who }.into());
    }
    let board = board(game)?;
    // Read like the caster's orders, in the caster's language (« BÉNIR A Mar »).
    let lang = game.config.reader(who).lang;
    let unit = hooks::target_typed(map(), &board, t, lang)?;
    let u = board.units[unit];
    hooks::check_year_rule(map(), &cast_records(game), phase, kind, u.power)?;
    slot(game, OnFile::Unit(u.unit_ref()));
    Ok(Cast::On {
        divine: who,
        // Echoed in the caster's notation, as his orders would be (« bénédiction sur F MAN »).
        unit: crate::order::unit_text_in(map(), &u.unit_ref(), lang),
    }
    .into())
}

/// The report's lines on what God and the Devil cast. In a movement phase there is always a
/// line for the blessing and one for the curse: the unit, or that none was cast (the rules:
/// the report names the unit blessed and the unit cursed, "or that none was").
fn divine_rows(d: &DivineReport, phase: Phase, lang: crate::lang::Lang) -> Vec<DivineRow> {
    let mut rows: Vec<DivineRow> = d
        .entries
        .iter()
        .map(|e| DivineRow {
            what: e.key.as_str().replace('_', " "),
            target: e.target.clone(),
            effect: e.effect.as_str().into(),
            reason: e.reason.words(lang),
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

/// The public report as a divine letter shows it to its reader: its phase and deadline in
/// the reader's words (the rest is the game's, which the reader also has in full).
fn in_words(j: &Judged, reader: crate::game::state::Reader) -> views::Report {
    let mut report = j.report.clone();
    report.phase = crate::words::phase(j.phase, reader.lang);
    if !report.next_deadline_at.is_empty() {
        report.next_deadline = crate::words::moment_text(&report.next_deadline_at, reader.timezone, reader.lang);
        report.next_phase = crate::words::phase(j.next_phase, reader.lang);
    }
    report
}

fn divine_result(s: &Standing, settled_now: bool, lang: Lang) -> String {
    if !settled_now {
        return String::new();
    }
    let say = |en: &str, fr: &str| crate::words::pick(lang, en, fr);
    match (s.god_wins, s.devil_wins) {
        (true, _) => say("God wins the divine contest.", "Le Bon Dieu remporte la joute divine."),
        (_, true) => say(
            "The Devil wins the divine contest.",
            "Le Diable remporte la joute divine.",
        ),
        _ => say(
            "The divine contest is settled without a winner.",
            "La joute divine s'achève sans vainqueur.",
        ),
    }
}

impl Ruleset for Diable {
    fn name(&self) -> &'static str {
        "diable-et-bon-dieu"
    }

    fn title(&self) -> &'static str {
        "Diable et Bon Dieu"
    }

    fn adjudicate(&self, map: &Map, position: &Position) -> (Outcome, Option<DivineReport>) {
        let casts = hooks::Casts::from_raw(position.divine.clone().unwrap_or_default());
        let (outcome, report) = hooks::adjudicate(map, position.phase, &position.board, &position.orders, &casts);
        (outcome, Some(report))
    }

    fn position_keys(&self) -> &'static [&'static str] {
        &["divine"]
    }

    fn extra_roles(&self) -> &'static [NamedRole] {
        &ROLES
    }

    fn state(&self) -> Option<crate::game::state::KindState> {
        Some(crate::game::state::KindState::new(DivineState::default()))
    }

    fn verbs(&self) -> &'static [Verb] {
        &VERBS
    }

    fn start(&self, game: &mut Game) -> Result<(), crate::game::GameError> {
        let map = map();
        let p = hooks::draw_protected(map, &mut Dice::new(game.seed()?));
        for (role, power) in [(GOD, p.god), (DEVIL, p.devil)] {
            keys_mut(game).protected.insert(role, power);
        }
        Ok(())
    }

    fn welcome(&self, game: &Game, role: Role) -> WelcomePart {
        WelcomePart {
            divine_players: true,
            protected: protected_told(game, role),
        }
    }

    fn position_extras(&self, game: &Game, phase: Phase, with_casts: bool) -> Option<RawDivine> {
        let d = &keys(game).divine;
        let cast = |c: &Option<OnFile>| match c {
            Some(OnFile::Unit(u)) => Some(crate::order::unit_text_in(map(), u, Lang::En)),
            Some(OnFile::Declined) | None => None,
        };
        Some(RawDivine {
            blessing: if with_casts { cast(&d.blessing) } else { None },
            curse: if with_casts { cast(&d.curse) } else { None },
            adjustment_blessing: blessing_in_force(game, phase).map(|p| map().power_name(p).to_string()),
        })
    }

    fn adjustment(&self, game: &Game, board: &Board, phase: Phase, power: Power) -> i32 {
        adjust::adjustment(board, &hooks_for(game, phase), power)
    }

    fn extra_role_ready(&self, game: &Game, role: Role, phase: Phase) -> bool {
        // The same whether or not the divine players have withdrawn, so that the time a
        // phase is processed says nothing of it: after withdrawal they answer NONE.
        let d = &keys(game).divine;
        let cast_due = phase.kind == PhaseKind::Movement;
        match role {
            GOD => (!cast_due || d.blessing.is_some()) && !needs_power_blessing(game, phase),
            _ => !cast_due || d.curse.is_some(),
        }
    }

    fn extra_role_missing(&self, game: &Game, role: Role, phase: Phase, lang: Lang) -> Vec<String> {
        let say = |en: &str, fr: &str| crate::words::pick(lang, en, fr);
        let mut out = Vec::new();
        let d = &keys(game).divine;
        if phase.kind == PhaseKind::Movement && role == GOD && d.blessing.is_none() {
            out.push(say(
                "your blessing (BLESS <unit>, or BLESS NONE)",
                "votre bénédiction (BÉNIR <unité>, ou BÉNIR AUCUNE)",
            ));
        }
        if phase.kind == PhaseKind::Movement && role == DEVIL && d.curse.is_none() {
            out.push(say(
                "your curse (CURSE <unit>, or CURSE NONE)",
                "votre malédiction (MAUDIRE <unité>, ou MAUDIRE AUCUNE)",
            ));
        }
        if role == GOD && needs_power_blessing(game, phase) {
            out.push(match lang {
                Lang::En => format!(
                    "the adjustment blessing for winter {} (BLESS <power>, or BLESS POWER NONE)",
                    phase.year
                ),
                Lang::Fr => format!(
                    "la bénédiction d'ajustement de l'hiver {} (BÉNIR <puissance>, ou BÉNIR PUISSANCE AUCUNE)",
                    phase.year
                ),
            });
        }
        out
    }

    fn on_file(&self, game: &Game, role: Role, lang: Lang) -> Vec<String> {
        let d = &keys(game).divine;
        let mut out = Vec::new();
        let fr = lang == Lang::Fr;
        let power_blessing = keys(game).adjustment_blessing.map(|b| match (b, lang) {
            (PowerBlessing::Declined, Lang::En) => "none (declined)".to_string(),
            (PowerBlessing::Declined, Lang::Fr) => "aucune (refusée)".to_string(),
            (PowerBlessing::Power(p), Lang::En) => map().power_name(p).to_string(),
            (PowerBlessing::Power(p), Lang::Fr) => {
                crate::game::said::fr_name(map().power_name(p), crate::lang::fr::Form::Bare)
            }
        });
        let power_line = |b: String| match lang {
            Lang::En => format!("adjustment blessing: {b}"),
            Lang::Fr => format!("bénédiction d'ajustement : {b}"),
        };
        if !phase(game).is_ok_and(|p| p.kind == PhaseKind::Movement) {
            if role == GOD {
                out.extend(power_blessing.map(power_line));
            }
            if out.is_empty() {
                out.push(crate::words::pick(
                    lang,
                    "nothing to cast in this phase",
                    "rien à donner dans cette phase",
                ));
            }
            return out;
        }
        // The unit in the notation of the reader's orders (`A VAR` in French).
        let show = |what: (&str, &str), v: Option<OnFile>| match (v, fr) {
            (Some(OnFile::Declined), false) => format!("{}: none (declined)", what.0),
            (Some(OnFile::Declined), true) => format!("{} : aucune (refusée)", what.1),
            (Some(OnFile::Unit(u)), false) => format!("{}: {}", what.0, crate::order::unit_text_in(map(), &u, lang)),
            (Some(OnFile::Unit(u)), true) => format!("{} : {}", what.1, crate::order::unit_text_in(map(), &u, lang)),
            (None, false) => format!("{}: nothing yet", what.0),
            (None, true) => format!("{} : rien encore", what.1),
        };
        match role {
            GOD => {
                out.push(show(("blessing", "bénédiction"), d.blessing));
                out.extend(power_blessing.map(power_line));
            }
            DEVIL => out.push(show(("curse", "malédiction"), d.curse)),
            _ => {}
        }
        out
    }

    fn clear(&self, game: &mut Game, role: Role) -> Option<Said> {
        if role == GOD {
            keys_mut(game).divine.blessing = None;
            if needs_power_blessing_season(game) {
                keys_mut(game).adjustment_blessing = None;
            }
            Some(Cast::Cleared { divine: role }.into())
        } else if role == DEVIL {
            keys_mut(game).divine.curse = None;
            Some(Cast::Cleared { divine: role }.into())
        } else {
            None
        }
    }

    fn barred(&self, role: Role, line: Barred) -> Refusal {
        match line {
            Barred::Orders => Refused::DivineGivesNoOrders { divine: role },
            Barred::Press => Refused::DivineSendsNoPress { divine: role },
            Barred::PressTo => Refused::NoPressToDivine,
        }
        .into()
    }

    fn cast(&self, game: &mut Game, role: Role, verb: &str, text: &str) -> Result<Said, Refusal> {
        let kind = match verb {
            "BLESS" => CastKind::Blessing,
            "CURSE" => CastKind::Curse,
            _ => return Err(Refusal::NotAVerbHere { verb: verb.to_string() }),
        };
        cast(game, role, kind, text)
    }

    fn turn_casts(&self, raw: &RawPosition) -> Vec<TurnCast> {
        let Some(d) = &raw.divine else { return Vec::new() };
        let casts = [
            (GOD, "BLESS", d.blessing.clone(), "blessing"),
            (DEVIL, "CURSE", d.curse.clone(), "curse"),
            (
                GOD,
                "BLESS",
                d.adjustment_blessing.clone().map(|p| format!("POWER {p}")),
                "adjustment_blessing",
            ),
        ];
        casts
            .into_iter()
            .filter_map(|(role, verb, text, key)| {
                Some(TurnCast {
                    role,
                    verb,
                    text: text?,
                    block: "divine",
                    key,
                })
            })
            .collect()
    }

    fn judged(&self, game: &mut Game, pos: &Position, report: Option<&DivineReport>) {
        // The casts that fell on units count for the per-year rule (void ones do not).
        let Some(d) = report else { return };
        let map = map();
        let mut row = CastRow {
            phase: pos.phase.to_string(),
            blessed: None,
            cursed: None,
        };
        for e in d.entries.iter().filter(|e| e.effect != CastEffect::Void) {
            let owner = e.on.map(|on| map.power_name(on.power()).to_string());
            match e.key {
                CastKey::Blessing => row.blessed = owner,
                CastKey::Curse => row.cursed = owner,
                CastKey::AdjustmentBlessing => {}
            }
        }
        if row.blessed.is_some() || row.cursed.is_some() {
            keys_mut(game).casts.push(row);
        }
    }

    fn protected(&self, game: &Game) -> Option<Protected> {
        Some(Protected {
            god: *keys(game).protected.get(&GOD)?,
            devil: *keys(game).protected.get(&DEVIL)?,
        })
    }

    fn picture_secrets(&self, game: &Game, with_casts: bool) -> Option<crate::picture::Secrets> {
        // A cast on file is a unit of the board (checked when it was cast).
        let on = |cast: Option<OnFile>| match cast.filter(|_| with_casts)? {
            OnFile::Unit(u) => Some(u.loc),
            OnFile::Declined => None,
        };
        let secrets = super::picture::Secrets {
            protected: self.protected(game)?,
            blessing: on(keys(game).divine.blessing),
            curse: on(keys(game).divine.curse),
            adjustment_blessing: blessed_power(game),
        };
        Some(secrets.told())
    }

    fn coming_phase(&self, game: &Game, phase: Phase, next: &Board, next_phase: Phase) -> Phase {
        // The adjustment blessing named for the coming winter, if it will apply there. Asked
        // after this phase's facts are in the history: a divine win in this very phase voids
        // it (and a winter played for it with nothing to do would tell everyone that the
        // power just eliminated was protected); so does the blessed power's own elimination.
        let Some(p) = blessed_power(game).filter(|&p| next.in_game(p)) else {
            return next_phase;
        };
        // A blessing winter the judge skipped because nobody else adjusts.
        let winter = Phase::new(Season::Winter, phase.year, PhaseKind::Adjustment);
        let hooks = DivineHooks {
            extra_build: Some(p),
            ..DivineHooks::default()
        };
        if phase.season == Season::Fall
            && hooks::is_blessing_winter(phase.year)
            && next_phase > winter
            && adjust::any_adjustment_due(map(), next, &hooks)
        {
            winter
        } else {
            next_phase
        }
    }

    fn report_part(&self, report: Option<&DivineReport>, phase: Phase, lang: Lang) -> ReportPart {
        ReportPart {
            divine_players: true,
            divine: report.map(|d| divine_rows(d, phase, lang)).unwrap_or_default(),
        }
    }

    fn letters(&self, game: &Game, j: &Judged) -> Vec<Letter> {
        let mut letters = Vec::new();
        let code = j.phase.code();
        for who in [GOD, DEVIL] {
            if game.config.player(who).is_none() {
                continue;
            }
            let settled_now = j.standing.divine_settled && !j.before.divine_settled;
            let reader = game.config.reader(who);
            let rows = j
                .divine
                .map(|d| divine_rows(d, j.phase, reader.lang))
                .unwrap_or_default();
            let view = views::Divine {
                common: game.common(who),
                report: in_words(j, reader),
                mine: rows
                    .iter()
                    .filter(|d| (d.what == "curse") == (who == DEVIL))
                    .cloned()
                    .collect(),
                withdrawn: j.standing.divine_withdrawn,
                protected: protected_told(game, who),
                divine_result: divine_result(j.standing, settled_now, reader.lang),
            };
            let subject = match (reader.lang, who) {
                (Lang::Fr, GOD) => "rapport du Bon Dieu".to_string(),
                (Lang::Fr, _) => "rapport du Diable".to_string(),
                (Lang::En, _) => format!("{who}'s report"),
            };
            letters.push(game.letter(format!("{code}-divine-{}", who.lowercase()), who, &subject, view));
        }
        // Entering a blessing winter: the blessed power is told, privately.
        let next_phase = j.next_phase;
        if next_phase.kind == PhaseKind::Adjustment && !j.finished {
            let coming_blessing = blessed_power(game).filter(|&p| j.next.in_game(p));
            if let Some(p) = coming_blessing.map(Role::Power) {
                if hooks::is_blessing_winter(next_phase.year) && game.config.player(p).is_some() {
                    let reader = game.config.reader(p);
                    let winter = crate::words::phase(next_phase, reader.lang);
                    let view = views::BlessingNotice {
                        common: game.common(p),
                        winter: winter.clone(),
                        next_deadline: in_words(j, reader).next_deadline,
                    };
                    let subject = match reader.lang {
                        Lang::En => format!("an extra build in {winter}"),
                        Lang::Fr => format!(
                            "une mobilisation de plus {}",
                            crate::map::standard_french_names().say(&winter, crate::lang::fr::Form::In)
                        ),
                    };
                    letters.push(game.letter(
                        format!("{}-blessing-{}", next_phase.code(), p.lowercase()),
                        p,
                        &subject,
                        view,
                    ));
                }
            }
        }
        letters
    }

    fn winners(&self, s: &Standing) -> Vec<String> {
        let mut winners = Vec::new();
        if s.god_wins {
            winners.push(GOD.name(map()).into());
        }
        if s.devil_wins {
            winners.push(DEVIL.name(map()).into());
        }
        winners
    }

    fn revealed(&self, game: &Game) -> Option<Revealed> {
        let get = |r: Role| keys(game).protected.get(&r).map(|&p| map().power_name(p).to_string());
        Some(Revealed {
            god_protects: get(GOD),
            devil_protects: get(DEVIL),
        })
    }

    fn phase_over(&self, game: &mut Game, phase: Phase, next_phase: Phase) {
        if phase.kind == PhaseKind::Adjustment || next_phase.year > phase.year {
            keys_mut(game).adjustment_blessing = None;
        }
        keys_mut(game).divine = Default::default();
    }

    fn status(&self, game: &Game, w: &mut Writer) {
        let d = &keys(game).divine;
        let mut fields = Vec::new();
        for (k, v) in [
            ("blessing", d.blessing.is_some()),
            ("curse", d.curse.is_some()),
            ("adjustment_blessing", keys(game).adjustment_blessing.is_some()),
        ] {
            // Which casts are on file, never what they are (`arbitre preview` shows that).
            if v {
                fields.push((k, "on file".to_string()));
            }
        }
        w.flow_map(0, "divine", &fields);
        let p: Vec<(&str, String)> = keys(game)
            .protected
            .iter()
            .map(|(k, &v)| (k.text(), map().power_name(v).to_string()))
            .collect();
        w.flow_map(0, "protected", &p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_movement_report_always_has_a_blessing_line_and_a_curse_line() {
        let phase = Phase::new(Season::Spring, 1901, PhaseKind::Movement);
        let rows = divine_rows(&DivineReport::default(), phase, Lang::En);
        let what: Vec<&str> = rows.iter().map(|r| r.what.as_str()).collect();
        assert_eq!(what, ["blessing", "curse"]);
        assert!(rows.iter().all(|r| r.effect == "none"));
        let winter = Phase::new(Season::Winter, 1901, PhaseKind::Adjustment);
        assert!(divine_rows(&DivineReport::default(), winter, Lang::En).is_empty());
    }

    #[test]
    fn the_registry_lists_the_variant_with_its_key_and_verbs() {
        let kind = crate::kinds::find("diable-et-bon-dieu").unwrap();
        assert_eq!(kind.title(), "Diable et Bon Dieu");
        assert_eq!(crate::kinds::diplomacy_names(), ["standard", "diable-et-bon-dieu"]);
        let owner = |k: Option<&crate::kinds::Kind>| k.map(|k| k.name());
        assert_eq!(
            owner(crate::kinds::owner_of_position_key("divine")),
            Some("diable-et-bon-dieu")
        );
        assert_eq!(owner(crate::kinds::owner_of_verb("CURSE")), Some("diable-et-bon-dieu"));
        assert_eq!(owner(crate::kinds::owner_of_verb("BLESS")), Some("diable-et-bon-dieu"));
    }

    #[test]
    fn the_divine_roles_are_the_extra_roles() {
        let roles: Vec<Role> = RULES.extra_roles().iter().map(NamedRole::role).collect();
        assert_eq!(roles, [GOD, DEVIL]);
        assert!(RULES
            .extra_roles()
            .iter()
            .all(|r| !r.info.gives_orders && r.info.secret));
    }
}
