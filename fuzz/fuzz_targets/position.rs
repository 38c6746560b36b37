//! Any text as a position file: `Position::parse` must not panic, and a position it accepts
//! must adjudicate and be written out.
#![no_main]

use arbitre::map::Map;
use arbitre::position::{write_outcome, Position};
use arbitre::kinds::diplomacy;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let map = Map::standard();
    if let Ok(position) = Position::parse(map, &arbitre::kinds::VARIANTS, text, "fuzz.yaml") {
        let (mut outcome, divine) = diplomacy::adjudicate(map, &position);
        let disbanded = diplomacy::skip_empty_retreat(map, &position.variant, &mut outcome)
            .map(|s| s.disbanded)
            .unwrap_or_default();
        let _ = write_outcome(map, &outcome, divine.as_ref(), &disbanded);
    }
});
