//! Diable et Bon Dieu in the pictures: its casts and protected powers put into the marks the
//! picture draws, which know no variant. A blessing is a plus on its unit and a curse a
//! minus, struck out when they cancelled each other; what only God, the Devil or a blessed
//! power may know is each one's [`Private`].

use super::hooks::{CastKind, Protected};
use crate::map::{Loc, Power};
use crate::picture::{PictureView, Private, Reader, Secrets as Told, Sign, SignedUnit, Words};
use crate::position::{CastEffect, CastKey, CastOn, DivineReport};

/// How a cast is drawn.
fn sign(kind: CastKind) -> Sign {
    match kind {
        CastKind::Blessing => Sign::Plus,
        CastKind::Curse => Sign::Minus,
    }
}

/// Adds the blessing and curse of a phase to its picture as its public report announces
/// them (void ones fell on no unit and are not drawn).
pub fn with_casts(mut view: PictureView, report: &DivineReport) -> PictureView {
    for entry in &report.entries {
        let kind = match entry.key {
            CastKey::Blessing => CastKind::Blessing,
            CastKey::Curse => CastKind::Curse,
            CastKey::AdjustmentBlessing => continue,
        };
        let struck = match entry.effect {
            CastEffect::Applied => false,
            CastEffect::Cancelled => true,
            CastEffect::Void => continue,
        };
        if let Some(CastOn::Unit(u)) = entry.on {
            view.signs.push(SignedUnit {
                sign: sign(kind),
                at: u.loc,
                struck,
            });
        }
    }
    view
}

/// The secrets of a game at the time of a picture: whom God and the Devil protect, what
/// they have cast for the coming phase, and the power blessed for the coming winter.
/// [`Secrets::told`] gives each reader the part they may know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Secrets {
    pub protected: Protected,
    pub blessing: Option<Loc>,
    pub curse: Option<Loc>,
    pub adjustment_blessing: Option<Power>,
}

const GOD_PROTECTS: Words = Words {
    en: "God protects",
    fr: "le Bon Dieu protège",
};
const DEVIL_PROTECTS: Words = Words {
    en: "the Devil protects",
    fr: "le Diable protège",
};
const ADJUSTMENT_BLESSING: Words = Words {
    en: "adjustment blessing:",
    fr: "bénédiction d'ajustement\u{a0}:",
};

impl Secrets {
    /// What each reader is told: God both protected powers, his own blessing and the
    /// adjustment blessing; the Devil his own protected power and his own curse; the
    /// blessed power its blessing; nobody else anything.
    pub fn told(&self) -> Told {
        let adjustment = self.adjustment_blessing.map(|p| (ADJUSTMENT_BLESSING, p));
        let god = Private {
            signs: self.blessing.map(|at| (Sign::Plus, at)).into_iter().collect(),
            powers: [
                Some((GOD_PROTECTS, self.protected.god)),
                Some((DEVIL_PROTECTS, self.protected.devil)),
                adjustment,
            ]
            .into_iter()
            .flatten()
            .collect(),
        };
        let devil = Private {
            signs: self.curse.map(|at| (Sign::Minus, at)).into_iter().collect(),
            powers: vec![(DEVIL_PROTECTS, self.protected.devil)],
        };
        let mut told = vec![
            (Reader::Role(super::GOD.text()), god),
            (Reader::Role(super::DEVIL.text()), devil),
        ];
        if let Some(p) = adjustment {
            told.push((
                Reader::Power(p.1),
                Private {
                    signs: Vec::new(),
                    powers: vec![p],
                },
            ));
        }
        Told { told }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Map;

    /// Each reader is told their part and nothing else; a power not blessed is told nothing.
    #[test]
    fn each_reader_is_told_their_part() {
        let map = Map::standard();
        let power = |n: &str| map.power_by_name(n).unwrap();
        let loc = |n: &str| Loc::new(map.by_code(n).unwrap());
        let secrets = Secrets {
            protected: Protected {
                god: power("France"),
                devil: power("Italy"),
            },
            blessing: Some(loc("PAR")),
            curse: Some(loc("VEN")),
            adjustment_blessing: Some(power("Russia")),
        };
        let told = Some(secrets.told());
        let god = Reader::Role("God").told(told.as_ref()).unwrap();
        assert_eq!(god.signs, vec![(Sign::Plus, loc("PAR"))]);
        assert_eq!(
            god.powers,
            vec![
                (GOD_PROTECTS, power("France")),
                (DEVIL_PROTECTS, power("Italy")),
                (ADJUSTMENT_BLESSING, power("Russia"))
            ]
        );
        let devil = Reader::Role("Devil").told(told.as_ref()).unwrap();
        assert_eq!(devil.signs, vec![(Sign::Minus, loc("VEN"))]);
        assert_eq!(devil.powers, vec![(DEVIL_PROTECTS, power("Italy"))]);
        let russia = Reader::Power(power("Russia")).told(told.as_ref()).unwrap();
        assert_eq!(russia.powers, vec![(ADJUSTMENT_BLESSING, power("Russia"))]);
        assert!(russia.signs.is_empty());
        assert_eq!(Reader::Power(power("France")).told(told.as_ref()), None);
        assert_eq!(Reader::Public.told(told.as_ref()), None);
    }
}
