//! [`OrderText`]: the text of an order in its result, kept inside the result when short.

use std::fmt;
use std::ops::Deref;

/// The most bytes an [`OrderText`] keeps in place: every order of the standard map in the
/// normalised notation but a support of a fleet's move between coasts of split provinces
/// (`F BUL/EC S F CON - BUL/EC` is 24 bytes, `A LON - NWY VIA CONVOY` 22).
const INLINE: usize = 30;

/// The text of an order in its [`super::OrderResult`]: a `str` (it derefs to one, and
/// compares with one), kept in the result itself when it has at most 30 bytes, on the heap
/// otherwise. Nearly every result's text is short, so a phase's results need no allocation
/// each for it: with one `String` per result, the allocation and the freeing of the text
/// were a tenth of a Spring 1901 movement phase.
#[derive(Clone)]
pub struct OrderText(Repr);

#[derive(Clone)]
enum Repr {
    /// The first `len` bytes are the text (a whole `str`, copied from one).
    Inline {
        len: u8,
        bytes: [u8; INLINE],
    },
    Heap(Box<str>),
}

impl OrderText {
    pub fn new(text: &str) -> OrderText {
        match text.len() {
            n if n <= INLINE => {
                let mut bytes = [0; INLINE];
                bytes[..n].copy_from_slice(text.as_bytes());
                OrderText(Repr::Inline { len: n as u8, bytes })
            }
            _ => OrderText(Repr::Heap(text.into())),
        }
    }

    /// Makes the text `text`, in place when it is short.
    pub fn set(&mut self, text: &str) {
        match &mut self.0 {
            Repr::Inline { len, bytes } if text.len() <= INLINE => {
                bytes[..text.len()].copy_from_slice(text.as_bytes());
                *len = text.len() as u8;
            }
            _ => *self = OrderText::new(text),
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            // The bytes were copied from a whole `str`: they are UTF-8 (checked, without
            // `unsafe`: the text is read when a report is written, not while judging).
            Repr::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..*len as usize]).expect("an order's text is UTF-8")
            }
            Repr::Heap(s) => s,
        }
    }
}

impl Deref for OrderText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for OrderText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for OrderText {
    fn from(s: &str) -> OrderText {
        OrderText::new(s)
    }
}

impl From<String> for OrderText {
    fn from(s: String) -> OrderText {
        match s.len() {
            n if n <= INLINE => OrderText::new(&s),
            // Long: the string's own allocation is kept.
            _ => OrderText(Repr::Heap(s.into_boxed_str())),
        }
    }
}

impl From<OrderText> for String {
    fn from(t: OrderText) -> String {
        t.as_str().to_string()
    }
}

impl fmt::Display for OrderText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for OrderText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

// By text: the bytes past the end of a short text are left from earlier texts.
impl PartialEq for OrderText {
    fn eq(&self, other: &OrderText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for OrderText {}

impl PartialEq<str> for OrderText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for OrderText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for OrderText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

#[cfg(test)]
mod tests {
    use super::OrderText;

    #[test]
    fn short_and_long_texts_read_back_as_written() {
        let long = "F STP/SC S F BUL/EC - CON VIA CONVOY, and more";
        for s in [
            "",
            "A PAR H",
            "F BUL/EC S F CON - BUL/EC",
            "Saint-Pétersbourg → Sud",
            long,
        ] {
            let t = OrderText::new(s);
            assert_eq!(t.as_str(), s);
            assert_eq!(t, s);
            assert_eq!(OrderText::from(s.to_string()), t);
            assert_eq!(format!("{t}"), s);
            assert_eq!(format!("{t:?}"), format!("{s:?}"));
            assert_eq!(String::from(t.clone()), s);
        }
        // 30 bytes stay in place, 31 do not; both compare by text only.
        let at = "x".repeat(30);
        let past = "x".repeat(31);
        assert_eq!(OrderText::new(&at), at);
        assert_eq!(OrderText::new(&past), past);
        assert_ne!(OrderText::new(&at), OrderText::new(&past));
    }

    /// Set in place, a text compares and reads as the new one only, whatever was there.
    #[test]
    fn a_text_set_again_is_the_new_text() {
        let mut t = OrderText::new("F STP/SC S F BUL/EC - CON");
        t.set("A PAR H");
        assert_eq!(t, OrderText::new("A PAR H"));
        assert_eq!(t.as_str(), "A PAR H");
        t.set(&"y".repeat(40));
        assert_eq!(t, "y".repeat(40));
        t.set("");
        assert_eq!(t, "");
    }

    /// A result is moved a few times per order read: small enough, it is copied in place
    /// rather than by a call to `memcpy` (which was a twelfth of a Spring 1901 phase).
    #[test]
    fn a_result_stays_small() {
        let size = std::mem::size_of::<crate::judge::OrderResult>();
        assert!(size <= 128, "an OrderResult takes {size} bytes");
    }
}
