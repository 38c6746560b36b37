//! Diable et Bon Dieu (zine Vopaliec, early 1980s): seven powers on the standard map, plus
//! God, who may bless one unit each movement phase, and the Devil, who may curse one.
//! In the winters of 1903, 1905, 1907, … God may also give one power an extra build.
//! The rules as arbitre plays them are `docs/diable-et-bon-dieu.md`; this module carries them.
//!
//! How it plugs in: [`DivineHooks`] implements the judge's [`Hooks`]; nothing else of the
//! judge knows about blessings.
//!
//! | unit | blessed | cursed |
//! | --- | --- | --- |
//! | holds, supports, convoys | hold strength unbeatable; a support is never cut | hold strength 0; a support is cut, a convoy fails |
//! | moves | attack, defend and prevent strength unbeatable against units of other powers | hold, attack and defend strength 0; if attacked by another power, no effect at all; may not retreat where it tried to go |
//!
//! Decisions taken where the rules page and the French text are silent (also in the README):
//! - A blessing or curse names a unit by type and province. A type that does not match the
//!   unit there makes it void (it names no unit of the phase); a coast is not checked.
//! - "Opposing" units (the cancelling rule) are read from the orders as the judge reads them:
//!   only legal move orders count, convoyed moves included. Supports do not oppose.
//! - A blessed move that fails for its own power's reasons (it would dislodge its own unit,
//!   or loses to its own power's unit) still stands off units of other powers moving to the
//!   same place: against other powers the blessing gives it the upper hand in every
//!   contest ("réussit contre toute opposition"). Its hold strength is then the ordinary one:
//!   a blessed unit that stays only because its move failed can be dislodged, since the
//!   protection from dislodgement is given to units that hold, support or convoy.
//! - A cursed convoying fleet's convoy fails: the army has no route unless another route of
//!   fleets holds; an army without a route cuts no support (as any unconvoyed army).
//! - The adjustment blessing for a power that is out of the game (no units, no centres) is
//!   void; for a power with no vacant owned home centre it is applied but has no effect on
//!   builds (it still spares one disband).
//! - Per game year, a blessing (or curse) counts against its power once it fell on a unit of
//!   that power, whether applied or cancelled; a void one does not count.
//! - "Attacked" (for a cursed mover) is decided by the orders: a move of another power into
//!   its province with a route that holds, whether or not that move succeeds.
//! - A power is eliminated when it has neither supply centre nor unit after a phase (a unit
//!   dislodged and awaiting its retreat is still its unit). An elimination in the same phase
//!   as a solo did not come "first": the solo decides the divine result (the soloing power's
//!   protector wins, or nobody).
//! - Players may of course speculate about the protected powers and use the blessing and
//!   curse rules in their negotiations (the French text says so).

use super::said::{NoTarget, Refused};
use crate::judge::{
    self, movement, Act, Board, Cause, Hooks, Outcome, Probe, Strength, Submitted, UnitId, VariantCause, Verdict,
    UNBEATABLE,
};
pub use crate::kinds::diplomacy::victory::{standing, PhaseFacts, Protected, Standing, SOLO};
use crate::lang::Worded;
use crate::map::{Map, Power, ProvId};
use crate::order::{parse_order, Order};
use crate::phase::{Phase, PhaseKind};
use crate::position::{CastEffect, CastKey, CastOn, DivineEntry, DivineReport, RawDivine, Reason};

/// What God and the Devil cast for one phase, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Casts {
    pub blessing: Option<String>,
    pub curse: Option<String>,
    pub adjustment_blessing: Option<String>,
}

impl Casts {
    pub fn from_raw(raw: RawDivine) -> Casts {
        Casts {
            blessing: raw.blessing,
            curse: raw.curse,
            adjustment_blessing: raw.adjustment_blessing,
        }
    }
}

/// Is there an adjustment blessing in the winter of this year? 1903, 1905, 1907, …
pub fn is_blessing_winter(year: i32) -> bool {
    year >= 1903 && (year - 1903) % 2 == 0
}

/// The blessing and curse in force for a phase, after the cancelling rule.
#[derive(Clone, Debug, Default)]
pub struct DivineHooks {
    pub blessed: Option<UnitId>,
    pub cursed: Option<UnitId>,
    /// Where the cursed unit tried to go: it may not retreat there.
    pub cursed_dest: Option<ProvId>,
    /// The power with the adjustment blessing this winter.
    pub extra_build: Option<Power>,
}

impl DivineHooks {
    fn is_blessed(&self, u: UnitId) -> bool {
        self.blessed == Some(u)
    }
    fn is_cursed(&self, u: UnitId) -> bool {
        self.cursed == Some(u)
    }
}

impl Hooks for DivineHooks {
    fn hold_strength(&self, p: &mut dyn Probe, unit: UnitId, base: Strength) -> Strength {
        if self.is_cursed(unit) {
            return 0;
        }
        if self.is_blessed(unit) && !matches!(p.act(unit), Act::Move { .. }) {
            return UNBEATABLE;
        }
        base
    }

    fn attack_strength(&self, p: &mut dyn Probe, mover: UnitId, opposing: Option<UnitId>, base: Strength) -> Strength {
        if self.is_cursed(mover) {
            return 0;
        }
        match opposing {
            Some(o) if self.is_blessed(mover) && p.power(o) != p.power(mover) => UNBEATABLE,
            _ => base,
        }
    }

    fn defend_strength(&self, p: &mut dyn Probe, mover: UnitId, attacker: UnitId, base: Strength) -> Strength {
        if self.is_cursed(mover) {
            return 0;
        }
        if self.is_blessed(mover) && p.power(attacker) != p.power(mover) {
            return UNBEATABLE;
        }
        base
    }

    fn prevent_strength(&self, p: &mut dyn Probe, mover: UnitId, attacker: UnitId, base: Strength) -> Strength {
        if self.is_blessed(mover) && p.power(attacker) != p.power(mover) {
            return UNBEATABLE;
        }
        base
    }

    fn move_has_effect(&self, p: &mut dyn Probe, mover: UnitId) -> bool {
        // A cursed mover that is itself attacked by another power has no effect at all.
        !(self.is_cursed(mover) && p.attacked_by_other_power(mover))
    }

    fn support_cut(&self, _p: &mut dyn Probe, supporter: UnitId, base: bool) -> bool {
        if self.is_cursed(supporter) {
            return true;
        }
        if self.is_blessed(supporter) {
            return false;
        }
        base
    }

    fn convoy_fails(&self, _p: &mut dyn Probe, fleet: UnitId) -> bool {
        self.is_cursed(fleet)
    }

    fn may_retreat_to(&self, unit: UnitId, to: ProvId) -> bool {
        !(self.is_cursed(unit) && self.cursed_dest == Some(to))
    }

    fn extra_builds(&self, power: Power) -> i32 {
        i32::from(self.extra_build == Some(power))
    }
}

/// The unit a blessing or curse names, or why it names none.
pub fn target(map: &Map, board: &Board, text: &str) -> Result<UnitId, NoTarget> {
    unit_named(map, board, text, parse_order(map, text))
}

/// [`target`] as a divine player typed it, read like a player's orders in `lang`: a French
/// code (`BLESS A Mar`), one slip (`A Marseile`), the long form (`Army Marseilles`).
pub fn target_typed(map: &Map, board: &Board, text: &str, lang: crate::lang::Lang) -> Result<UnitId, NoTarget> {
    let read = crate::order::Reader::default().read(map, lang, text).map(|r| r.order);
    unit_named(map, board, text, read)
}

/// The unit of `board` that `order`, read from `text`, names by itself.
fn unit_named(
    map: &Map,
    board: &Board,
    text: &str,
    order: Result<Order, crate::order::ParseError>,
) -> Result<UnitId, NoTarget> {
    let order = order.map_err(|error| NoTarget::Unreadable {
        text: text.to_string(),
        error,
    })?;
    let Order::Hold(u) = order else {
        return Err(NoTarget::NotAUnit { text: text.to_string() });
    };
    let Some(id) = board.unit_at(u.prov()) else {
        return Err(NoTarget::NoUnitIn {
            prov: map.code(u.prov()).to_string(),
        });
    };
    let unit = board.units[id];
    if u.kind.is_some_and(|k| k != unit.kind) {
        return Err(NoTarget::OtherType {
            text: text.to_string(),
            stands: unit.text(map),
        });
    }
    Ok(id)
}

fn entry(key: CastKey, target: String, on: Option<CastOn>, effect: CastEffect, reason: Reason) -> DivineEntry {
    DivineEntry {
        key,
        target,
        on,
        effect,
        reason,
    }
}

/// Do these two units oppose each other: one ordered to move into the other's province,
/// or both ordered to move into the same province?
pub fn opposing(board: &Board, acts: &[Act], a: UnitId, b: UnitId) -> bool {
    let dest = |u: UnitId| match acts[u] {
        Act::Move { dest, .. } => Some(dest.prov),
        _ => None,
    };
    let (pa, pb) = (board.units[a].loc.prov, board.units[b].loc.prov);
    dest(a) == Some(pb) || dest(b) == Some(pa) || (dest(a).is_some() && dest(a) == dest(b))
}

/// Adjudicates a phase of Diable et Bon Dieu: the standard judge with the divine hooks, and
/// the `divine:` report of what the blessing, the curse and the adjustment blessing did.
pub fn adjudicate(
    map: &Map,
    phase: Phase,
    board: &Board,
    orders: &[Submitted],
    casts: &Casts,
) -> (Outcome, DivineReport) {
    let mut hooks = DivineHooks::default();
    let mut report = DivineReport::default();
    let phase_rule = match phase.kind {
        PhaseKind::Movement => None,
        PhaseKind::Retreat => Some(Reason::new(
            "no blessing or curse in a retreat phase",
            "ni bénédiction ni malédiction pendant les retraites",
        )),
        PhaseKind::Adjustment => Some(Reason::new(
            "blessings and curses on units are for movement phases; no curse in winter",
            "bénédictions et malédictions d'unités sont pour les mouvements ; pas de malédiction en hiver",
        )),
    };
    // Reports a blessing or curse; returns its unit and report entry when it applies.
    let mut cast_on_unit = |key: CastKey, text: Option<&str>| -> Option<(UnitId, usize)> {
        let text = text?;
        let id = target(map, board, text);
        let name = id
            .as_ref()
            .map(|&u| board.units[u].text(map))
            .unwrap_or_else(|_| text.trim().to_string());
        let (effect, reason, kept) = match (&phase_rule, id) {
            (Some(rule), _) => (CastEffect::Void, rule.clone(), None),
            (None, Err(e)) => (
                CastEffect::Void,
                Reason::new(e.words(crate::lang::Lang::En), e.words(crate::lang::Lang::Fr)),
                None,
            ),
            (None, Ok(u)) => (CastEffect::Applied, Reason::default(), Some(u)),
        };
        let on = kept.map(|u| CastOn::Unit(board.units[u]));
        report.entries.push(entry(key, name, on, effect, reason));
        kept.map(|u| (u, report.entries.len() - 1))
    };
    let mut blessed = cast_on_unit(CastKey::Blessing, casts.blessing.as_deref());
    let mut cursed = cast_on_unit(CastKey::Curse, casts.curse.as_deref());
    // The cancelling rule: the same unit, or two units opposing each other.
    // How the judge reads the orders (movement phases only: blessings need them).
    let acts = match phase.kind {
        PhaseKind::Movement => movement::read_acts(map, board, orders),
        _ => vec![Act::Hold; board.units.len()],
    };
    if let (Some((b, bi)), Some((c, ci))) = (blessed, cursed) {
        let why = if b == c {
            Some(Reason::new(
                "the blessing and the curse fell on the same unit",
                "la bénédiction et la malédiction sont tombées sur la même unité",
            ))
        } else if opposing(board, &acts, b, c) {
            let (ub, uc) = (board.units[b].text(map), board.units[c].text(map));
            Some(Reason::new(
                format!("{ub} and {uc} oppose each other"),
                format!("{ub} et {uc} s'opposent"),
            ))
        } else {
            None
        };
        if let Some(why) = why {
            for i in [bi, ci] {
                report.entries[i].effect = CastEffect::Cancelled;
                report.entries[i].reason = why.clone();
            }
            blessed = None;
            cursed = None;
        }
    }
    hooks.blessed = blessed.map(|b| b.0);
    hooks.cursed = cursed.map(|c| c.0);
    if let Some(c) = hooks.cursed {
        if let Act::Move { dest, .. } = acts[c] {
            hooks.cursed_dest = Some(dest.prov);
        }
    }

    if let Some(text) = casts.adjustment_blessing.as_deref() {
        let name = text.trim().to_string();
        let power = map.power_by_name(&name);
        let year = phase.year;
        let void_reason = if phase.kind != PhaseKind::Adjustment {
            Some(Reason::new(
                "the adjustment blessing is given in a winter adjustment phase",
                "la bénédiction d'ajustement se donne en hiver, pendant les ajustements",
            ))
        } else if !is_blessing_winter(year) {
            Some(Reason::new(
                format!("no adjustment blessing in {year}: only in the winters of 1903, 1905, 1907, …"),
                format!("pas de bénédiction d'ajustement en {year} : seulement aux hivers 1903, 1905, 1907…"),
            ))
        } else if power.is_none() {
            Some(Reason::new(
                format!("\"{name}\" is not a power"),
                format!("« {name} » n'est pas un pays"),
            ))
        } else if power.is_some_and(|p| !board.in_game(p)) {
            Some(Reason::new(
                format!("{name} is out of the game"),
                format!("{name} est hors jeu"),
            ))
        } else {
            None
        };
        let shown = power.map(|p| map.power_name(p).to_string()).unwrap_or(name);
        match void_reason {
            Some(r) => report
                .entries
                .push(entry(CastKey::AdjustmentBlessing, shown, None, CastEffect::Void, r)),
            None => {
                hooks.extra_build = power;
                report.entries.push(entry(
                    CastKey::AdjustmentBlessing,
                    shown,
                    power.map(CastOn::Power),
                    CastEffect::Applied,
                    Reason::default(),
                ));
            }
        }
    }

    let mut outcome = judge::adjudicate(map, phase, board, orders, &hooks);
    annotate(&hooks, &acts, &mut outcome);
    (outcome, report)
}

/// What the curse did to the cursed unit's order, as its result says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cursed {
    /// Its move failed (attack and defend strength 0).
    MoveFails,
    /// Its convoy failed.
    ConvoyFails,
    /// Its support was cut.
    SupportCut,
    /// It was dislodged where it stood (hold strength 0).
    HoldStrengthZero,
}

impl Cursed {
    pub const ALL: [Cursed; 4] = [
        Cursed::MoveFails,
        Cursed::ConvoyFails,
        Cursed::SupportCut,
        Cursed::HoldStrengthZero,
    ];

    /// The judge's cause for it: kind `cursed`, and its effect as `templates/causes.*.txt`
    /// names it.
    pub fn cause(self) -> VariantCause {
        let effect = match self {
            Cursed::MoveFails => "move_fails",
            Cursed::ConvoyFails => "convoy_fails",
            Cursed::SupportCut => "support_cut",
            Cursed::HoldStrengthZero => "hold_strength_zero",
        };
        VariantCause { kind: "cursed", effect }
    }
}

/// Says in the results what the curse did to the cursed unit's order: the curse's cause
/// replaces the judge's; a dislodgement is still told.
fn annotate(hooks: &DivineHooks, acts: &[Act], outcome: &mut Outcome) {
    let Some(c) = hooks.cursed else { return };
    for r in outcome
        .results
        .iter_mut()
        .filter(|r| r.unit == Some(c) && r.verdict != Verdict::Void)
    {
        let what = match (acts[c], r.verdict) {
            (Act::Move { .. }, Verdict::Fails) => Cursed::MoveFails,
            (Act::Convoy { .. }, Verdict::Fails) => Cursed::ConvoyFails,
            (Act::Support { .. }, Verdict::Fails) => Cursed::SupportCut,
            // Nothing else to say but its dislodgement: the curse made it.
            _ if r.cause.is_none() && r.dislodged_by.is_some() => Cursed::HoldStrengthZero,
            _ => continue,
        };
        r.cause = Some(Cause::Variant(what.cause()));
    }
}

// ---------------------------------------------------------------------------------------
// What needs the game's history: the per-year rule, victory, and the protected powers.
// ---------------------------------------------------------------------------------------

/// A blessing or a curse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastKind {
    Blessing,
    Curse,
}

/// The powers whose units received a (non-void) blessing or curse in one movement phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastRecord {
    pub phase: Phase,
    pub blessed: Option<Power>,
    pub cursed: Option<Power>,
}

/// Within one game year, no two blessings on units of the same power, and likewise for
/// curses. `history` holds the casts of earlier phases.
pub fn check_year_rule(
    map: &Map,
    history: &[CastRecord],
    phase: Phase,
    kind: CastKind,
    power: Power,
) -> Result<(), Refused> {
    let earlier = history
        .iter()
        .filter(|r| r.phase.year == phase.year && r.phase < phase)
        .find(|r| match kind {
            CastKind::Blessing => r.blessed == Some(power),
            CastKind::Curse => r.cursed == Some(power),
        });
    match earlier {
        None => Ok(()),
        Some(r) => Err(Refused::OncePerYear {
            divine: match kind {
                CastKind::Blessing => super::GOD,
                CastKind::Curse => super::DEVIL,
            },
            power: map.power_name(power).to_string(),
            phase: r.phase.to_string(),
        }),
    }
}

/// Draws the two protected powers, two different powers, from the game's seed: God's is
/// draw 0..7 over the powers in map order, the Devil's draw 0..6 over the others in order.
pub fn draw_protected(map: &Map, dice: &mut crate::dice::Dice) -> Protected {
    let powers: Vec<Power> = map.all_powers().collect();
    let god = powers[dice.below(powers.len() as u32) as usize];
    let others: Vec<Power> = powers.iter().copied().filter(|&p| p != god).collect();
    let devil = others[dice.below(others.len() as u32) as usize];
    Protected { god, devil }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, Seed};
    use crate::lang::Lang;
    use crate::phase::Season;
    use crate::position::Position;
    use crate::words::reason;
    use std::collections::BTreeMap;

    fn power(name: &str) -> Power {
        Map::standard().power_by_name(name).unwrap()
    }

    /// Facts after a phase: `centers` for the powers named, every other power keeps 3
    /// centres and 3 units; a power given 0 centres has no units either.
    fn facts(year: i32, season: Season, centers: &[(&str, usize)]) -> PhaseFacts {
        let map = Map::standard();
        let mut c = BTreeMap::new();
        let mut u = BTreeMap::new();
        for p in map.all_powers() {
            let n = centers
                .iter()
                .find(|(name, _)| power(name) == p)
                .map(|x| x.1)
                .unwrap_or(3);
            if n > 0 {
                c.insert(p, n);
                u.insert(p, n);
            }
        }
        let kind = if season == Season::Winter {
            PhaseKind::Adjustment
        } else {
            PhaseKind::Movement
        };
        PhaseFacts {
            phase: Phase::new(season, year, kind),
            centers: c,
            units: u,
            draw: false,
        }
    }

    fn protected(god: &str, devil: &str) -> Protected {
        Protected {
            god: power(god),
            devil: power(devil),
        }
    }

    #[test]
    fn blessing_winters_are_1903_then_every_two_years() {
        let years: Vec<i32> = (1901..=1911).filter(|&y| is_blessing_winter(y)).collect();
        assert_eq!(years, [1903, 1905, 1907, 1909, 1911]);
    }

    #[test]
    fn a_power_is_blessed_once_a_year_and_cursed_once_a_year() {
        let map = Map::standard();
        let spring = Phase::new(Season::Spring, 1902, PhaseKind::Movement);
        let fall = Phase::new(Season::Fall, 1902, PhaseKind::Movement);
        let next_spring = Phase::new(Season::Spring, 1903, PhaseKind::Movement);
        let history = [CastRecord {
            phase: spring,
            blessed: Some(power("France")),
            cursed: Some(power("Italy")),
        }];
        let e = check_year_rule(map, &history, fall, CastKind::Blessing, power("France"))
            .unwrap_err()
            .words(Lang::En);
        assert!(e.contains("France") && e.contains("Spring 1902"), "{e}");
        assert!(check_year_rule(map, &history, fall, CastKind::Curse, power("France")).is_ok());
        assert!(check_year_rule(map, &history, fall, CastKind::Blessing, power("Italy")).is_ok());
        assert!(check_year_rule(map, &history, fall, CastKind::Curse, power("Italy")).is_err());
        // A new year starts afresh.
        assert!(check_year_rule(map, &history, next_spring, CastKind::Blessing, power("France")).is_ok());
    }

    #[test]
    fn protected_powers_are_two_different_powers_drawn_from_the_seed() {
        let map = Map::standard();
        let mut seen_god = std::collections::BTreeSet::new();
        for i in 0..200u8 {
            let seed = Seed([i; 32]);
            let a = draw_protected(map, &mut Dice::new(seed));
            let b = draw_protected(map, &mut Dice::new(seed));
            assert_eq!(a, b, "the same seed draws the same powers");
            assert_ne!(a.god, a.devil);
            seen_god.insert(a.god);
        }
        assert_eq!(seen_god.len(), 7, "every power can be drawn");
    }

    #[test]
    fn solo_of_gods_power_makes_god_win_too() {
        let map = Map::standard();
        let h = [facts(1905, Season::Fall, &[("France", 18)])];
        let s = standing(map, &h, Some(protected("France", "Turkey")));
        assert_eq!(s.solo, Some(power("France")));
        assert!(s.god_wins && !s.devil_wins && s.over);
    }

    #[test]
    fn solo_of_an_unprotected_power_first_leaves_no_divine_winner() {
        let map = Map::standard();
        let h = [facts(1905, Season::Fall, &[("Italy", 18)])];
        let s = standing(map, &h, Some(protected("France", "Turkey")));
        assert_eq!(s.solo, Some(power("Italy")));
        assert!(!s.god_wins && !s.devil_wins && s.divine_settled);
    }

    #[test]
    fn elimination_of_the_devils_power_makes_god_win_and_both_withdraw() {
        let map = Map::standard();
        let h = [
            facts(1904, Season::Fall, &[("Turkey", 1)]),
            facts(1905, Season::Winter, &[("Turkey", 0)]),
            facts(1906, Season::Fall, &[("Russia", 5)]),
        ];
        let s = standing(map, &h, Some(protected("France", "Turkey")));
        assert!(s.god_wins && !s.devil_wins && s.divine_withdrawn && !s.over);
        assert_eq!(s.eliminated, vec![(power("Turkey"), h[1].phase)]);
    }

    #[test]
    fn the_devil_wins_when_gods_power_goes_first() {
        let map = Map::standard();
        let h = [facts(1906, Season::Fall, &[("France", 0)])];
        let s = standing(map, &h, Some(protected("France", "Turkey")));
        assert!(s.devil_wins && !s.god_wins && s.divine_withdrawn);
    }

    #[test]
    fn both_protected_powers_gone_in_one_phase_leaves_no_divine_winner() {
        let map = Map::standard();
        let h = [facts(1906, Season::Fall, &[("France", 0), ("Turkey", 0)])];
        let s = standing(map, &h, Some(protected("France", "Turkey")));
        assert!(!s.devil_wins && !s.god_wins && s.divine_settled && !s.divine_withdrawn);
    }

    #[test]
    fn two_winners_a_divine_player_by_elimination_then_a_solo() {
        let map = Map::standard();
        let h = [
            facts(1904, Season::Fall, &[("France", 0)]),
            facts(1910, Season::Fall, &[("Italy", 18), ("France", 0)]),
        ];
        let s = standing(map, &h, Some(protected("France", "Turkey")));
        assert!(s.devil_wins && !s.god_wins);
        assert_eq!(s.solo, Some(power("Italy")));
        assert!(s.over);
    }

    #[test]
    fn a_later_solo_by_the_winners_rival_does_not_change_the_divine_result() {
        let map = Map::standard();
        // The Devil wins when France is eliminated; Turkey (the Devil's) solos later.
        let h = [
            facts(1904, Season::Fall, &[("France", 0)]),
            facts(1910, Season::Fall, &[("Turkey", 18), ("France", 0)]),
        ];
        let s = standing(map, &h, Some(protected("France", "Turkey")));
        assert!(s.devil_wins && !s.god_wins);
        assert_eq!(s.solo, Some(power("Turkey")));
    }

    #[test]
    fn an_elimination_in_the_phase_of_a_solo_is_not_first() {
        let map = Map::standard();
        // Italy (unprotected) reaches 18 in the autumn France (God's) is wiped out.
        let h = [facts(1908, Season::Fall, &[("Italy", 18), ("France", 0)])];
        let s = standing(map, &h, Some(protected("France", "Turkey")));
        assert!(!s.devil_wins && !s.god_wins && s.divine_settled);
        assert_eq!(s.eliminated, vec![(power("France"), h[0].phase)]);
    }

    #[test]
    fn a_unit_awaiting_its_retreat_keeps_its_power_in_the_game() {
        let map = Map::standard();
        let mut board = Board::default();
        board.dislodged.push(judge::Dislodged {
            unit: judge::Unit {
                power: power("Italy"),
                kind: crate::map::UnitType::Army,
                loc: crate::map::Loc::new(map.by_code("PIE").unwrap()),
            },
            attacker_from: None,
            retreats: None,
        });
        let phase = Phase::new(Season::Spring, 1904, PhaseKind::Movement);
        let f = PhaseFacts::from_board(phase, &board, false);
        assert_eq!(f.units.get(&power("Italy")), Some(&1));
        let s = standing(map, &[f], Some(protected("Italy", "Turkey")));
        assert!(s.eliminated.iter().all(|(p, _)| *p != power("Italy")) && !s.devil_wins);
    }

    #[test]
    fn a_draw_by_vote_ends_the_game() {
        let map = Map::standard();
        let mut f = facts(1908, Season::Fall, &[]);
        f.draw = true;
        let s = standing(map, &[f], Some(protected("France", "Turkey")));
        assert!(s.draw && s.over && s.solo.is_none() && !s.god_wins && !s.devil_wins);
    }

    /// Diable et Bon Dieu: a cursed supporter dislodged by the unit that cut it is told both,
    /// as a cursed mover is ("cursed: the move fails; dislodged by …"). The reason was made
    /// by editing text before, and it lost the dislodgement: "cursed: the support is cut".
    #[test]
    fn a_cursed_supporter_dislodged_is_told_both() {
        let map = Map::standard();
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/diable/curse-supporter-dislodged.yaml"
        ))
        .unwrap();
        let p = Position::parse(map, &crate::kinds::VARIANTS, &text, "t").unwrap();
        let o = crate::kinds::diplomacy::adjudicate(map, &p).0;
        let gas = o.results.iter().find(|r| r.order == "A GAS S A PAR - BUR").unwrap();
        assert_eq!(gas.cause, Some(Cause::Variant(Cursed::SupportCut.cause())));
        assert_eq!(
            reason(map, Lang::En, gas),
            "cursed: the support is cut; dislodged by A MAR"
        );
    }

    /// Why a cast did nothing is told in the reader's language: the public report of a
    /// French reader reads it in French, the position file in English.
    #[test]
    fn a_void_cast_is_told_why_in_english_and_in_french() {
        let map = Map::standard();
        let board = Board::default();
        let retreat = Phase::new(Season::Spring, 1902, PhaseKind::Retreat);
        let casts = Casts {
            blessing: Some("A PAR".into()),
            adjustment_blessing: Some("Prussia".into()),
            ..Casts::default()
        };
        let (_, report) = adjudicate(map, retreat, &board, &[], &casts);
        let why: Vec<(String, String)> = report
            .entries
            .iter()
            .map(|e| (e.reason.words(Lang::En), e.reason.words(Lang::Fr)))
            .collect();
        assert_eq!(
            why.iter()
                .map(|(en, fr)| (en.as_str(), fr.as_str()))
                .collect::<Vec<_>>(),
            [
                (
                    "no blessing or curse in a retreat phase",
                    "ni bénédiction ni malédiction pendant les retraites"
                ),
                (
                    "the adjustment blessing is given in a winter adjustment phase",
                    "la bénédiction d'ajustement se donne en hiver, pendant les ajustements"
                ),
            ]
        );
    }
}
