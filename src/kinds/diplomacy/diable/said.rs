//! What Diable et Bon Dieu's lines by mail come to, in the ruleset's own words: a cast done
//! ([`Cast`]), a line refused ([`Refused`]: a cast, or a divine player's order or press), and
//! why a cast names no unit ([`NoTarget`]). Each is worded here in English and French and
//! handed to the mail game already worded ([`crate::game::said::Said::OfTheKind`],
//! [`crate::game::said::Refusal::OfTheKind`]), so that the mail game names no cast.

use super::GOD;
use crate::game::kind::KindWords;
use crate::game::role::Role;
use crate::game::said::{fr_name, fr_phase, Refusal, Said};
use crate::lang::fr::Form;
use crate::lang::{Lang, Worded};

/// A cast done: what the reply says of it, after `line N:`.
#[derive(Clone, Debug, PartialEq)]
pub enum Cast {
    /// `CLEAR` from God or the Devil: the casts withdrawn.
    Cleared { divine: Role },
    /// `BLESS NONE`, `CURSE NONE`.
    None { divine: Role },
    /// A blessing (God) or a curse (the Devil) on a unit.
    On { divine: Role, unit: String },
    /// God names no power for the winter's adjustment blessing.
    NoAdjustmentBlessing { year: i32 },
    /// God names a power for the winter's adjustment blessing.
    AdjustmentBlessing { year: i32, power: String },
}

/// Why a line of Diable et Bon Dieu is not done.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused {
    /// An order from God or the Devil.
    DivineGivesNoOrders {
        divine: Role,
    },
    /// A press from God or the Devil.
    DivineSendsNoPress {
        divine: Role,
    },
    /// A press to God or the Devil.
    NoPressToDivine,
    /// `BLESS` from anyone but God, `CURSE` from anyone but the Devil.
    OnlyDivineMay {
        divine: Role,
    },
    /// God and the Devil have withdrawn: NONE only.
    Withdrawn,
    /// `BLESS <power>` out of a blessing autumn; the phase as the state writes it.
    AdjustmentBlessingSeason {
        phase: String,
    },
    /// `BLESS <name>`: the name of no power.
    NotAPowerName {
        name: String,
    },
    NoCurseInWinter,
    NoCastInRetreat {
        phase: String,
    },
    BlessingsForMovement {
        phase: String,
    },
    /// A blessing or curse that names no unit of the board.
    NoTarget(NoTarget),
    /// A blessing (God) or a curse (the Devil) fell on a unit of `power` in `phase` of
    /// this year already.
    OncePerYear {
        divine: Role,
        power: String,
        phase: String,
    },
}

/// Why a blessing or a curse names no unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoTarget {
    /// The text does not read as a unit: why, and where.
    Unreadable {
        text: String,
        error: crate::order::ParseError,
    },
    /// It reads as an order, not a unit.
    NotAUnit {
        text: String,
    },
    NoUnitIn {
        prov: String,
    },
    /// A unit of the other type stands there.
    OtherType {
        text: String,
        stands: String,
    },
}

/// The mail command of God (`BLESS`) or the Devil (`CURSE`).
fn verb(d: Role) -> &'static str {
    if d == GOD {
        "BLESS"
    } else {
        "CURSE"
    }
}

/// The verb of God (`BÉNIR`) or the Devil (`MAUDIRE`) as a French reader writes it.
fn verb_fr(d: Role) -> &'static str {
    if d == GOD {
        "BÉNIR"
    } else {
        "MAUDIRE"
    }
}

/// God or the Devil, as a sentence's subject.
fn divine_en(d: Role) -> &'static str {
    if d == GOD {
        "God"
    } else {
        "the Devil"
    }
}

fn divine_fr(d: Role) -> &'static str {
    if d == GOD {
        "le Bon Dieu"
    } else {
        "le Diable"
    }
}

/// The cast of God (a blessing) or the Devil (a curse).
fn cast_en(d: Role) -> &'static str {
    if d == GOD {
        "blessing"
    } else {
        "curse"
    }
}

fn cast_fr(d: Role) -> &'static str {
    if d == GOD {
        "bénédiction"
    } else {
        "malédiction"
    }
}

impl Worded for Cast {
    fn words(&self, lang: Lang) -> String {
        use Cast as C;
        match (self, lang) {
            (C::Cleared { divine }, Lang::En) if *divine == GOD => {
                "CLEAR: your blessings for the phase are withdrawn".into()
            }
            (C::Cleared { .. }, Lang::En) => "CLEAR: your curse for the phase is withdrawn".into(),
            (C::Cleared { divine }, Lang::Fr) if *divine == GOD => {
                "EFFACER : vos bénédictions de la phase sont retirées".into()
            }
            (C::Cleared { .. }, Lang::Fr) => "EFFACER : votre malédiction de la phase est retirée".into(),
            (C::None { divine }, Lang::En) => format!("{} NONE: no {} this phase", verb(*divine), cast_en(*divine)),
            (C::None { divine }, Lang::Fr) => {
                format!("{} AUCUNE : pas de {} cette phase", verb_fr(*divine), cast_fr(*divine))
            }
            (C::On { divine, unit }, Lang::En) => format!("{} on {unit}", cast_en(*divine)),
            (C::On { divine, unit }, Lang::Fr) => format!("{} sur {unit}", cast_fr(*divine)),
            (C::NoAdjustmentBlessing { year }, Lang::En) => format!("no adjustment blessing for winter {year}"),
            (C::NoAdjustmentBlessing { year }, Lang::Fr) => {
                format!("pas de bénédiction d'ajustement pour l'hiver {year}")
            }
            (C::AdjustmentBlessing { year, power }, Lang::En) => {
                format!("adjustment blessing for winter {year}: {power}")
            }
            (C::AdjustmentBlessing { year, power }, Lang::Fr) => format!(
                "bénédiction d'ajustement pour l'hiver {year} : {}",
                fr_name(power, Form::The)
            ),
        }
    }
}

impl Worded for Refused {
    fn words(&self, lang: Lang) -> String {
        match lang {
            Lang::En => refused_en(self),
            Lang::Fr => refused_fr(self),
        }
    }
}

fn refused_en(r: &Refused) -> String {
    use Refused as R;
    match r {
        R::DivineGivesNoOrders { divine } => format!("{} gives no orders: write BLESS or CURSE", divine.text()),
        R::DivineSendsNoPress { divine } => {
            format!("{} sends no press: the divine players stay silent", divine.text())
        }
        R::NoPressToDivine => "no press can be addressed to God or the Devil; this press was not sent".into(),
        R::OnlyDivineMay { divine } => format!("only {} may {}", divine_en(*divine), verb(*divine)),
        R::Withdrawn => "God and the Devil have withdrawn from the game: no more blessings or curses (answer NONE to let a phase go by)".into(),
        R::AdjustmentBlessingSeason { phase } => {
            format!("the adjustment blessing is named in the autumn of 1903, 1905, 1907, …; it is now {phase}")
        }
        R::NotAPowerName { name } => format!("\"{name}\" is not a power"),
        R::NoCurseInWinter => "no curse in winter: curses are for movement phases".into(),
        R::NoCastInRetreat { phase } => format!("no blessing or curse in a retreat phase; it is now {phase}"),
        R::BlessingsForMovement { phase } => format!("blessings on units are for movement phases; it is now {phase}"),
        R::NoTarget(t) => t.words(Lang::En),
        R::OncePerYear { divine, power, phase } => format!(
            "a {} already fell on a unit of {power} in {phase} this year; choose a unit of another power",
            cast_en(*divine)
        ),
    }
}

fn refused_fr(r: &Refused) -> String {
    use Refused as R;
    match r {
        R::DivineGivesNoOrders { divine } => {
            format!("{} ne donne pas d'ordres : écrivez BÉNIR ou MAUDIRE", divine_fr(*divine))
        }
        R::DivineSendsNoPress { divine } => format!(
            "{} n'envoie pas de presse : les joueurs divins restent silencieux",
            divine_fr(*divine)
        ),
        R::NoPressToDivine => {
            "aucune presse ne peut être adressée au Bon Dieu ni au Diable ; cette presse n'a pas été envoyée".into()
        }
        R::OnlyDivineMay { divine } => format!("seul {} peut écrire {}", divine_fr(*divine), verb_fr(*divine)),
        R::Withdrawn => "le Bon Dieu et le Diable se sont retirés de la partie : plus de bénédictions ni de malédictions (répondez BÉNIR AUCUNE ou MAUDIRE AUCUNE pour laisser passer une phase)".into(),
        R::AdjustmentBlessingSeason { phase } => format!(
            "la bénédiction d'ajustement se donne à l'automne de 1903, 1905, 1907… ; nous sommes {}",
            fr_phase(phase, Form::In)
        ),
        R::NotAPowerName { name } => format!("« {name} » n'est pas une puissance"),
        R::NoCurseInWinter => "pas de malédiction en hiver : les malédictions sont pour les phases de mouvements".into(),
        R::NoCastInRetreat { phase } => format!(
            "pas de bénédiction ni de malédiction en phase de retraites ; nous sommes {}",
            fr_phase(phase, Form::In)
        ),
        R::BlessingsForMovement { phase } => format!(
            "les bénédictions d'unités sont pour les phases de mouvements ; nous sommes {}",
            fr_phase(phase, Form::In)
        ),
        R::NoTarget(t) => t.words(Lang::Fr),
        R::OncePerYear { divine, power, phase } => format!(
            "une {} est déjà tombée sur une unité {} {} cette année ; choisissez une unité d'une autre puissance",
            cast_fr(*divine),
            fr_name(power, Form::Of),
            fr_phase(phase, Form::In)
        ),
    }
}

impl Worded for NoTarget {
    /// Why a blessing or a curse names no unit, in `lang` (for the reports too).
    fn words(&self, lang: Lang) -> String {
        match (self, lang) {
            (NoTarget::Unreadable { text, error }, Lang::En) => format!("cannot read \"{text}\": {error}"),
            (NoTarget::Unreadable { text, error }, Lang::Fr) => format!(
                "« {text} » est illisible : colonne {} : {}",
                error.column,
                crate::words::unreadable_words(error, Lang::Fr)
            ),
            (NoTarget::NotAUnit { text }, Lang::En) => format!("\"{text}\" is not a unit: write it like \"A PAR\""),
            (NoTarget::NotAUnit { text }, Lang::Fr) => {
                format!("« {text} » n'est pas une unité : écrivez-la comme « A PAR »")
            }
            (NoTarget::NoUnitIn { prov }, Lang::En) => format!("there is no unit in {prov}"),
            (NoTarget::NoUnitIn { prov }, Lang::Fr) => format!("il n'y a pas d'unité en {prov}"),
            (NoTarget::OtherType { text, stands }, Lang::En) => format!("there is no {text} ({stands} stands there)"),
            (NoTarget::OtherType { text, stands }, Lang::Fr) => {
                format!("il n'y a pas de {text} ({stands} s'y trouve)")
            }
        }
    }
}

/// A cast done, as the mail game passes it on.
impl From<Cast> for Said {
    fn from(c: Cast) -> Said {
        Said::OfTheKind(KindWords::of(&c))
    }
}

/// A refusal of the ruleset, as the mail game passes it on.
impl From<Refused> for Refusal {
    fn from(r: Refused) -> Refusal {
        Refusal::OfTheKind(KindWords::of(&r))
    }
}

impl From<NoTarget> for Refusal {
    fn from(t: NoTarget) -> Refusal {
        Refused::NoTarget(t).into()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::kinds::diplomacy::diable::DEVIL;

    /// One value of every cast done, for the shared test of words.
    pub(crate) fn every_cast() -> Vec<Cast> {
        let s = |t: &str| t.to_string();
        vec![
            Cast::Cleared { divine: GOD },
            Cast::Cleared { divine: DEVIL },
            Cast::None { divine: GOD },
            Cast::None { divine: DEVIL },
            Cast::On {
                divine: GOD,
                unit: s("A PAR"),
            },
            Cast::On {
                divine: DEVIL,
                unit: s("A PAR"),
            },
            Cast::NoAdjustmentBlessing { year: 1903 },
            Cast::AdjustmentBlessing {
                year: 1903,
                power: s("France"),
            },
        ]
    }

    /// One value of every refusal, for the shared test of words.
    pub(crate) fn every_refused() -> Vec<Refused> {
        use Refused as R;
        let s = |t: &str| t.to_string();
        let mut all = vec![
            R::DivineGivesNoOrders { divine: GOD },
            R::DivineSendsNoPress { divine: DEVIL },
            R::NoPressToDivine,
            R::OnlyDivineMay { divine: GOD },
            R::OnlyDivineMay { divine: DEVIL },
            R::Withdrawn,
            R::AdjustmentBlessingSeason {
                phase: s("Spring 1902 Movement"),
            },
            R::NotAPowerName { name: s("Narnia") },
            R::NoCurseInWinter,
            R::NoCastInRetreat {
                phase: s("Fall 1901 Retreat"),
            },
            R::BlessingsForMovement {
                phase: s("Winter 1901 Adjustment"),
            },
            R::OncePerYear {
                divine: DEVIL,
                power: s("France"),
                phase: s("Spring 1902 Movement"),
            },
        ];
        for t in [
            NoTarget::Unreadable {
                text: s("A"),
                error: crate::order::parse_order(crate::map::Map::standard(), "A").unwrap_err(),
            },
            NoTarget::NotAUnit { text: s("A PAR - BUR") },
            NoTarget::NoUnitIn { prov: s("BUR") },
            NoTarget::OtherType {
                text: s("F PAR"),
                stands: s("A PAR"),
            },
        ] {
            all.push(R::NoTarget(t));
        }
        all
    }

    /// Every French refusal opens in lower case, as the others of the reply do (« le Bon
    /// Dieu n'envoie pas de presse », as « aucune presse ne peut… »).
    #[test]
    fn every_french_refusal_opens_in_lower_case() {
        for r in every_refused() {
            let words = Refusal::from(r).words(Lang::Fr);
            let first = words.chars().next().unwrap_or(' ');
            assert!(!first.is_uppercase(), "{words}");
        }
    }

    #[test]
    fn a_cast_and_a_refusal_read_in_french_as_a_french_reader_writes_them() {
        assert_eq!(
            Refusal::from(Refused::NoCastInRetreat {
                phase: "Fall 1901 Retreat".into()
            })
            .words(Lang::Fr),
            "pas de bénédiction ni de malédiction en phase de retraites ; nous sommes en automne 1901, retraites"
        );
        assert_eq!(
            Refusal::from(Refused::DivineGivesNoOrders { divine: GOD }).words(Lang::Fr),
            "le Bon Dieu ne donne pas d'ordres : écrivez BÉNIR ou MAUDIRE"
        );
        assert_eq!(
            Said::from(Cast::AdjustmentBlessing {
                year: 1903,
                power: "Austria".into()
            })
            .words(Lang::Fr),
            "bénédiction d'ajustement pour l'hiver 1903 : l'Autriche"
        );
    }
}
