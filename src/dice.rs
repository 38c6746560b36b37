//! Trusted draws: every random choice of a game comes from its seed, so that once the seed
//! is revealed anyone can recompute them.
//!
//! The rule, exactly (it is also in the README):
//! - the seed is 32 bytes, written as 64 hex digits; it is the key of a ChaCha20 stream
//!   (RFC 7539 block function, 20 rounds, stream 0, counter from 0), read as little-endian
//!   32-bit words (`rand_chacha::ChaCha20Rng::from_seed`);
//! - a number from 0 to n-1 takes one word `x`; if `x >= 2^32 - (2^32 mod n)` the word is
//!   rejected and the next one taken; otherwise the number is `x mod n`;
//! - a draw that has a stream of its own (the roles of a game filled by sign-up) reads the
//!   same key's stream 1 instead (`set_stream(1)`), by the same rule.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// A game's seed: 32 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// Reads 64 hex digits.
    pub fn from_hex(text: &str) -> Result<Seed, SeedError> {
        let t = text.trim();
        match unhex(t).and_then(|bytes| <[u8; 32]>::try_from(bytes).ok()) {
            Some(bytes) => Ok(Seed(bytes)),
            None => Err(SeedError { text: t.to_string() }),
        }
    }

    pub fn to_hex(self) -> String {
        hex(&self.0)
    }

    /// A fresh seed from the operating system.
    pub fn random() -> Seed {
        let mut out = [0u8; 32];
        rand::rng().fill_bytes(&mut out);
        Seed(out)
    }
}

/// A seed that is not 64 hex digits: the text given, and the form to write it in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a seed is 64 hex digits (32 bytes), not \"{text}\"")]
pub struct SeedError {
    /// The seed as written (without surrounding blanks).
    pub text: String,
}

/// Bytes as lower-case hex digits.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex digits (either case) as bytes; `None` unless the text is whole bytes of hex.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

/// The stream of draws of one game: ChaCha20 words from its seed (another source of words
/// only in this module's tests, to put chosen words before [`Dice::below`]).
pub struct Dice<R = ChaCha20Rng> {
    rng: R,
    /// How many 32-bit words have been taken (so a game can say where it stands).
    pub words: u64,
}

impl Dice {
    pub fn new(seed: Seed) -> Dice {
        Dice {
            rng: ChaCha20Rng::from_seed(seed.0),
            words: 0,
        }
    }

    /// The draws of one stream of the seed's ChaCha20 (stream 0 is [`Dice::new`]'s): a
    /// draw that must not share its words with the game's other draws (the roles of a game
    /// filled by sign-up take stream 1) has a stream of its own, still recomputable from
    /// the published seed.
    pub fn stream(seed: Seed, stream: u64) -> Dice {
        let mut rng = ChaCha20Rng::from_seed(seed.0);
        rng.set_stream(stream);
        Dice { rng, words: 0 }
    }
}

impl<R: RngCore> Dice<R> {
    fn word(&mut self) -> u32 {
        self.words += 1;
        self.rng.next_u32()
    }

    /// A number from 0 to `n - 1`, by the rejection rule above.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "a draw needs at least one outcome");
        let limit = u32::MAX - ((u32::MAX % n + 1) % n);
        loop {
            let x = self.word();
            // Accept x < 2^32 - (2^32 mod n), i.e. x <= limit.
            if x <= limit {
                return x % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_read_and_write_hex() {
        let hex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
        assert_eq!(Seed::from_hex(hex).unwrap().to_hex(), hex);
        assert!(Seed::from_hex("abc").is_err());
        assert!(Seed::from_hex(&"g".repeat(64)).is_err());
    }

    #[test]
    fn a_bad_seed_names_what_was_written_and_the_form() {
        let e = Seed::from_hex("  abc ").unwrap_err();
        assert_eq!(e, SeedError { text: "abc".into() });
        assert_eq!(e.to_string(), "a seed is 64 hex digits (32 bytes), not \"abc\"");
    }

    #[test]
    fn the_stream_is_chacha20_with_the_published_rule() {
        // RFC 7539 section 2.3.2 keystream for the all-zero key and nonce starts 76 b8 e0 ad.
        let mut d = Dice::new(Seed([0; 32]));
        assert_eq!(d.word(), u32::from_le_bytes([0x76, 0xb8, 0xe0, 0xad]));
        // x mod n for a word below the rejection limit.
        let mut d = Dice::new(Seed([0; 32]));
        assert_eq!(d.below(7), 0xade0b876u32 % 7);
        assert_eq!(d.words, 1);
    }

    #[test]
    fn stream_one_is_the_keys_second_chacha20_stream() {
        // ChaCha20 of the all-zero key with the 64-bit nonce 1 (words 14 and 15 of the
        // state: 1, 0) begins ef 3f df d6, as any ChaCha20 with a 64-bit nonce computes it.
        let mut d = Dice::stream(Seed([0; 32]), 1);
        assert_eq!(d.word(), u32::from_le_bytes([0xef, 0x3f, 0xdf, 0xd6]));
        let mut zero = Dice::stream(Seed([0; 32]), 0);
        assert_eq!(zero.word(), Dice::new(Seed([0; 32])).word());
    }

    #[test]
    fn the_rejection_limit_is_exact() {
        // For n = 3, 2^32 mod 3 = 1: only x = 2^32 - 1 is rejected, and the next word taken.
        let mut d = given(&[u32::MAX, 7]);
        assert_eq!((d.below(3), d.words), (7 % 3, 2));
        let mut d = given(&[u32::MAX - 1]);
        assert_eq!((d.below(3), d.words), ((u32::MAX - 1) % 3, 1));
        // For n = 6, 2^32 mod 6 = 4: the four highest words are rejected, the fifth is not.
        let mut d = given(&[u32::MAX, u32::MAX - 3, u32::MAX - 4]);
        assert_eq!((d.below(6), d.words), ((u32::MAX - 4) % 6, 3));
        // For a power of two nothing is rejected.
        let mut d = given(&[u32::MAX]);
        assert_eq!((d.below(8), d.words), (7, 1));
    }

    /// Dice that draw the given words, in order.
    fn given(words: &[u32]) -> Dice<Given> {
        Dice {
            rng: Given(words.iter().rev().copied().collect()),
            words: 0,
        }
    }

    /// A source of chosen words; it panics when more are taken than were given.
    struct Given(Vec<u32>);

    impl RngCore for Given {
        fn next_u32(&mut self) -> u32 {
            self.0.pop().expect("no more words given")
        }
        fn next_u64(&mut self) -> u64 {
            unimplemented!("the dice take 32-bit words")
        }
        fn fill_bytes(&mut self, _: &mut [u8]) {
            unimplemented!("the dice take 32-bit words")
        }
    }

    #[test]
    fn draws_stay_in_range_and_cover_it() {
        let mut d = Dice::new(Seed([7; 32]));
        let mut seen = [false; 6];
        for _ in 0..200 {
            seen[d.below(6) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
