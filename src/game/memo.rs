//! One value kept for the rest of the process with everything it was made from: the mail
//! path asks for some things twice in one message (`game.yaml` parsed when the message is
//! routed and again when the game is opened; the board and a position, for the order
//! checked and again for the reply), and making them is a large part of what the message
//! costs (issue #27). A value is given again only when its inputs, compared whole, are the
//! ones asked for; other inputs make a new value, which takes the old one's place.

use std::sync::Mutex;

/// The last value made, with its inputs (`K`); `static` where it is used.
pub(crate) struct Last<K, V>(Mutex<Option<(K, V)>>);

impl<K, V: Clone> Last<K, V> {
    pub(crate) const fn new() -> Self {
        Last(Mutex::new(None))
    }

    /// The value kept, when `same` says its inputs are those asked for (no copy of them is
    /// made to ask).
    pub(crate) fn get(&self, same: impl FnOnce(&K) -> bool) -> Option<V> {
        let last = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        last.as_ref()
            .filter(|(inputs, _)| same(inputs))
            .map(|(_, value)| value.clone())
    }

    /// Keeps `value`, made from `inputs`, in the place of the last one.
    pub(crate) fn keep(&self, inputs: K, value: &V) {
        *self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some((inputs, value.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_made_again_only_for_other_inputs() {
        static LAST: Last<String, usize> = Last::new();
        let mut made = 0;
        let mut get = |text: &str| {
            if let Some(n) = LAST.get(|t| t == text) {
                return n;
            }
            made += 1;
            LAST.keep(text.to_string(), &text.len());
            text.len()
        };
        assert_eq!(get("abc"), 3);
        assert_eq!(get("abc"), 3);
        assert_eq!(get("abcd"), 4);
        assert_eq!(get("abc"), 3);
        assert_eq!(made, 3, "made for abc, abcd, then abc again");
        assert_eq!(LAST.get(|t| t == "abcd"), None, "only the last is kept");
    }
}
