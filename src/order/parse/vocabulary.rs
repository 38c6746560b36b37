//! The words the reader knows, English and French: move, hold, support, convoy, build,
//! disband and waive words, articles, and the nationalities players put before a unit.

/// Words that move a unit (and retreat it), English and French.
pub(super) const MOVE_WORDS: &[&str] = &[
    "TO", "INTO", "M", "MOVE", "MOVES", "MOVING", "MOVETO", "R", "RETREAT", "RETREATS", "RETRAITE", "VA", "VERS",
    "ATTACK", "ATTACKS", "ATTAQUE",
];
/// What may follow a word of [`MOVE_WORDS`] before the destination: `move to`, `attacks
/// on`, `va en`, `va à`, `retraite vers`.
pub(super) const AFTER_MOVE: &[&str] = &["TO", "INTO", "ON", "OF", "IN", "EN", "A", "AU", "VERS"];
/// Words that may open a move, the unit after them (`move A LVP to EDI`, `m lvp-edi`).
pub(super) const MOVE_FIRST: &[&str] = &["M", "MOVE", "R", "RETREAT", "RETRAITE", "ATTACK", "ATTAQUE"];
pub(super) const HOLD_WORDS: &[&str] = &["H", "HOLD", "HOLDS", "STAND", "STANDS", "T", "TIENT", "RESTE"];
pub(super) const SUPPORT_WORDS: &[&str] = &["S", "SUP", "SUPPORT", "SUPPORTS", "SOUTIENT", "SOUTIEN"];
pub(super) const CONVOY_WORDS: &[&str] = &["C", "CONVOY", "CONVOYS", "CONVOIE", "CONVOI"];
pub(super) const DISBAND_WORDS: &[&str] = &[
    "D",
    "DISBAND",
    "DISBANDS",
    "REMOVE",
    "REMOVES",
    "DESTROY",
    "DISSOUS",
    "DISSOUDRE",
    "SUPPRIME",
    "SUPPRIMER",
    "DEMOBILISE",
    "DEMOBILISER",
];
pub(super) const BUILD_WORDS: &[&str] = &[
    "B",
    "BUILD",
    "BUILDS",
    "CONSTRUIT",
    "CONSTRUIRE",
    "MOBILISE",
    "MOBILISER",
];
pub(super) const WAIVE_WORDS: &[&str] = &["WAIVE", "WAIVES", "WAIVED", "RENONCE", "RENONCER"];
/// Articles before a unit (`the army in Paris`, `l'armée allemande`, `build an army`).
pub(super) const ARTICLES: &[&str] = &["THE", "AN", "L", "LA", "LE", "UN", "UNE"];
/// Words between a unit type and its province (`Army in lvp`, `flotte de Brest`).
pub(super) const UNIT_AT: &[&str] = &["IN", "AT", "DE", "D", "DU", "EN", "A"];
/// The unit types as full words (`a fleet`, where `a` is an article).
pub(super) const TYPE_WORDS: &[&str] = &["ARMY", "FLEET", "ARMEE", "FLOTTE"];

/// The French adjectives of the standard powers (`l'armée allemande`), with the power's
/// English name: read as a nationality, and ignored like the English one.
pub(super) const FRENCH_ADJECTIVES: &[(&str, &str)] = &[
    ("ANGLAISE", "England"),
    ("ANGLAIS", "England"),
    ("FRANCAISE", "France"),
    ("FRANCAIS", "France"),
    ("ALLEMANDE", "Germany"),
    ("ALLEMAND", "Germany"),
    ("ITALIENNE", "Italy"),
    ("ITALIEN", "Italy"),
    ("AUTRICHIENNE", "Austria"),
    ("AUTRICHIEN", "Austria"),
    ("RUSSE", "Russia"),
    ("TURQUE", "Turkey"),
    ("TURC", "Turkey"),
];
