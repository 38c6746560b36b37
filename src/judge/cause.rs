//! Why an order did what it did, as a value: the judge gives a [`Cause`] with every result
//! that needs one, the variant matches on it, and the words are made from it only when
//! someone reads them (`templates/causes.en.txt`, through [`crate::words`]).
//!
//! A cause names the units and provinces involved as values (a [`Unit`] as it stood on the
//! board, a [`ProvId`], a [`Loc`] as written): the words look their names up in the map.
//! A dislodgement is not a cause of its own but a fact beside it
//! ([`super::OrderResult::dislodged_by`]): a unit may bounce *and* be dislodged.

use super::Unit;
use crate::map::{Loc, Power, ProvId};
use crate::order::ParseError;

/// Why a dislodged unit may not retreat to a place it borders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoRetreat {
    /// A standoff left the province empty in the movement phase (DATC 6.H.6).
    Standoff,
    /// The unit that dislodged it came from there (DATC 6.H.5).
    Attacker,
    /// A unit stands there.
    Occupied,
}

/// Why an order failed or is void (nothing when it simply succeeds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    // --- Reading the order and finding its unit (every phase) --------------------------
    /// The text is not an order. Boxed: a parse error holds the words of its message, and
    /// kept in place it made every cause, and every result, twice as large.
    Unreadable(Box<ParseError>),
    /// The order names a province with no unit in it (DATC 4.E.1).
    NoUnit { prov: ProvId },
    /// The unit belongs to another power (DATC 4.E.1).
    NotYours { unit: Unit },
    /// The same order twice for one unit: it counts once (DATC 4.D.3).
    SameOrderTwice,
    /// Different orders for one unit: none counts (DATC 4.D.3, choice c).
    DifferentOrders { unit: Unit, then: Then },
    /// `BUILD` or `WAIVE` outside an adjustment phase.
    BuildOutsideAdjustment,
    /// A disband in a movement phase.
    DisbandInMovement,

    // --- Movement: the legality of one order (DATC 4.E.1) ------------------------------
    /// A move, or a supported or convoyed move, to the unit's own province (DATC 6.A.4,
    /// 6.A.5).
    MoveToOwnProvince { unit: Unit },
    /// An army ordered to sea (DATC 6.A.2).
    ArmyToSea { prov: ProvId },
    /// Not adjacent for this unit (DATC 6.A.1, 6.A.3, 6.A.9), a support into a place the
    /// supporter cannot reach (DATC 6.A.10), or a coast it cannot reach (DATC 4.B.3).
    CannotReach { unit: Unit, to: Loc },
    /// An army neither adjacent nor with fleets that could convoy it.
    NoLandOrSeaRoute { unit: Unit, to: ProvId },
    /// A fleet move to a province of two reachable coasts, neither written (DATC 4.B.1).
    CoastNotNamed { unit: Unit, prov: ProvId },
    /// A support of a unit in an empty province.
    NoUnitToSupport { prov: ProvId },
    /// A unit supporting itself (DATC 6.A.8).
    SupportsItself { unit: Unit },
    /// The supported move could not be made (DATC 6.D.31, 4.B.4): why.
    SupportedMoveImpossible(Box<Cause>),
    /// A convoy by an army or a fleet on a coast.
    OnlyFleetsAtSeaConvoy { unit: Unit },
    /// A convoy of a unit in an empty province.
    NoUnitToConvoy { prov: ProvId },
    /// A convoy of a fleet (DATC 6.A.7).
    FleetConvoyed { unit: Unit },
    /// A convoy from or to a province without a coast.
    NoConvoyCanCarry { army: Unit, to: ProvId },
    /// The fleet is needed on no convoy route of the army (DATC 6.G.19).
    NotOnConvoyRoute { fleet: Unit, from: ProvId, to: ProvId },
    /// A support or convoy that does not match what its unit is ordered: `moves_to` is
    /// where that unit moves, if it does.
    DoesNotMatch { unit: Unit, moves_to: Option<Loc> },
    /// A convoy of an army that goes over land (DATC 4.A.3).
    MovesOverLand { army: Unit },

    // --- Movement: the resolution (DATC 5) -----------------------------------------------
    /// The move lost to this unit's strength: a standoff, or a unit that held.
    Bounced { with: Unit },
    /// The move would have dislodged a unit of its own power.
    OwnUnit { unit: Unit },
    /// A convoyed move without a route of fleets: `ordered` when fleets were ordered to
    /// convoy it (the convoy was disrupted), not when none was.
    NoConvoyRoute { ordered: bool },
    /// The support is cut (DATC 5.B.2): by this unit's move, or by a variant's rule when
    /// `by` is `None`. When `by` also dislodged the supporter, the words say it once.
    SupportCut { by: Option<Unit> },
    /// A convoy in a paradox, ignored by the Szykman rule (DATC 4.A.2).
    ConvoyParadox,

    // --- Retreats -------------------------------------------------------------------------
    /// An order for a unit that was not dislodged.
    NotDislodged { unit: Unit },
    /// No retreat to that place (occupied, contested, where the attack came from, not
    /// adjacent; DATC 6.H), and why when it is one the player cannot see on the board.
    CannotRetreat {
        unit: Unit,
        to: Loc,
        why: Option<NoRetreat>,
    },
    /// A retreat to a province of two possible coasts, neither written.
    RetreatCoastNotNamed { unit: Unit, prov: ProvId },
    /// A hold, support or convoy in a retreat phase (DATC 6.H.1, 6.H.2, 6.H.3).
    RetreatOrDisbandOnly,
    /// Two or more retreats to one place: all are disbanded (DATC 6.H.7, 6.H.8).
    RetreatBounced { with: Vec<Unit> },
    /// A dislodged unit disbanded for want of a place to go.
    NowhereToRetreat,
    /// A dislodged unit disbanded because no retreat was ordered.
    NoRetreatOrdered,

    // --- Adjustments (DATC 6.I, 6.J) -----------------------------------------------------
    /// More builds or removals than due (DATC 4.D.4, 4.D.5, 4.D.6): `due` is the power's
    /// adjustment, builds positive.
    NoMoreAdjustments { power: Power, due: i32 },
    /// A move, support or convoy in an adjustment phase.
    NotAnAdjustment,
    /// A hold or other unit order in an adjustment phase.
    RemoveOnly,
    /// The same unit removed twice (DATC 6.J.2).
    AlreadyRemoved,
    /// A build outside the power's home centres (DATC 6.I.6).
    NotHomeCentre { prov: ProvId, power: Power },
    /// A build in a home centre the power does not own (DATC 6.I.5).
    NotOwned { prov: ProvId, power: Power },
    /// A build in an occupied centre or one built in already (DATC 6.I.3, 6.I.4, 6.I.7).
    NotVacant { prov: ProvId },
    /// A build that names no unit type where both could stand.
    BuildWhichType { prov: ProvId },
    /// A fleet built inland (DATC 6.I.2).
    FleetInland { prov: ProvId },
    /// A fleet built in a province of two coasts, neither written (DATC 4.B.7, 6.B.14).
    BuildWhichCoast { prov: ProvId },
    /// A removal made by civil disorder (DATC 4.D.8).
    CivilDisorder,

    // --- A variant's own ---------------------------------------------------------------------
    /// What a variant's rule did (the judge never gives one).
    Variant(VariantCause),
}

/// What a variant's rule did to an order, in the judge's terms: the rule (`kind`) and what it
/// did (`effect`), each a key of `templates/causes.*.txt`. The judge never gives one; a
/// ruleset fills it in, and the words are found from the two keys alone, so the judge knows
/// no variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantCause {
    /// The rule, as the templates name it (`cursed` for Diable et Bon Dieu's curse).
    pub kind: &'static str,
    /// What the rule did to the order (`move_fails`, `support_cut`…).
    pub effect: &'static str,
}

/// What a unit given different orders does instead (DATC 4.D.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Then {
    Holds,
    IsDisbanded,
}
