//! Any text as an order on the standard map: `parse_order` must not panic, and an order it
//! reads must read back the same from its normalised notation.
#![no_main]

use arbitre::map::Map;
use arbitre::order::parse_order;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let map = Map::standard();
    if let Ok(order) = parse_order(map, text) {
        let written = order.to_text(map);
        let again = parse_order(map, &written)
            .unwrap_or_else(|e| panic!("`{written}` (from `{text}`) does not read back: {e}"));
        assert_eq!(again.to_text(map), written, "from `{text}`");
    }
});
