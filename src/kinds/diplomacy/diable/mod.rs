//! Diable et Bon Dieu: seven powers on the standard map, plus God and the Devil, who bless
//! and curse units and each secretly protect a power.
//!
//! - [`hooks`]: the rules of the judge (blessings and curses as [`crate::judge::Hooks`]), the
//!   per-year rule and the draw of the protected powers;
//! - [`game`]: the rules of the mail game ([`RULES`], a [`crate::kinds::diplomacy::Ruleset`]): the two
//!   divine roles, `BLESS` and `CURSE` by mail, the winter blessing, the divine part of the
//!   reports and the divine players' private letters;
//! - [`picture`]: the casts and protected powers as the picture's signs and private parts;
//! - [`said`]: what its lines by mail come to (a cast done, a cast or a divine player's line
//!   refused), in English and French;
//! - [`state`]: what it keeps in `state.yaml` (the casts on file, the winter blessing, the
//!   protected powers, the casts that fell), as the kind's own keys of the mail game's state.

pub mod game;
pub mod hooks;
pub mod picture;
pub mod said;
pub mod state;

pub use game::RULES;
pub use hooks::*;

use crate::game::kind::Verb;
use crate::game::role::{NamedRole, Role, RoleInfo};

/// God, as the files and letters write the role: blesses units, protects a power.
pub const GOD: Role = Role::Named("God");
/// The Devil: curses units, protects a power.
pub const DEVIL: Role = Role::Named("Devil");

/// The divine players: they give no orders, send and receive no press (the rules: "they
/// send no press; nobody can write to them privately"), and who plays them is secret.
const DIVINE: RoleInfo = RoleInfo {
    gives_orders: false,
    sends_press: false,
    receives_press: false,
    secret: true,
    help: "",
};

/// The ruleset's two extra roles, in report order, with their French names (a SIGNON may
/// write `BonDieu`, `Diable`) and the sections of HELP they read.
pub static ROLES: [NamedRole; 2] = [
    NamedRole {
        name: "God",
        french: Some("Bon Dieu"),
        info: RoleInfo { help: "god", ..DIVINE },
    },
    NamedRole {
        name: "Devil",
        french: Some("Diable"),
        info: RoleInfo {
            help: "devil",
            ..DIVINE
        },
    },
];

/// What `BLESS` or `CURSE` alone is told: in French, the French verb's example.
const NAME_A_UNIT: (&str, &str) = (
    "name a unit, like \"BLESS A PAR\"",
    "nommez une unité, par exemple « BÉNIR A PAR »",
);
const NAME_A_UNIT_TO_CURSE: (&str, &str) = (NAME_A_UNIT.0, "nommez une unité, par exemple « MAUDIRE F KIE »");

/// God's `BLESS` and the Devil's `CURSE`, written alike in English and French.
pub static VERBS: [Verb; 2] = [
    Verb {
        word: "BLESS",
        // « BÉNIR A Mar »; `BéNIR` is how an upper-cased first word spells it.
        french: &["BÉNIR", "BENIR", "BéNIR"],
        alone: NAME_A_UNIT,
    },
    Verb {
        word: "CURSE",
        french: &["MAUDIRE"],
        alone: NAME_A_UNIT_TO_CURSE,
    },
];
