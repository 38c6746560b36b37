//! `state.yaml` read and written: the mail game's keys and, at their place between `orders`
//! and `history`, the keys a game kind keeps there ([`KindState`]).
//!
//! The mail game does not know a kind's keys. A kind that keeps some gives, through
//! [`crate::game::kind::Kind::state`], an empty value of its own type, which implements
//! [`KindKeys`]: its key names, how to read the value of one (from the YAML reader itself,
//! so that a mistake is told with its line) and how to write them. [`Kinds::install`] keeps
//! the first one the kinds give, and every `state.yaml` of the process is read with it:
//! the files have always written the keys of the one kind that keeps some in every game,
//! whatever its kind (empty there), and are read and written byte for byte as they were.
//!
//! Why not serde's `flatten`: it reads the whole file into a buffer first (a second pass, on
//! the mail path that reads `state.yaml` for every message), it cannot be joined with
//! `deny_unknown_fields`, and an error inside a flattened map loses its line. The reader
//! here is one pass over the keys, as serde's derived one was, with the same errors (an
//! unknown key, a missing `phase`, a key written twice), made for the kind's type once
//! per process ([`KindKeys`] is generic, the slot is not).
//!
//! [`Kinds::install`]: crate::game::kind::Kinds::install

use super::state::State;
use crate::yaml::FileError;
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Deserializer, Serialize};
use std::any::Any;
use std::fmt;
use std::sync::OnceLock;

/// The keys of a game kind in `state.yaml`, as the kind's own typed value: the mail game
/// keeps it, writes it and compares it, and only the kind looks inside ([`KindState::get`]).
pub struct KindState(Box<dyn KindValue>);

/// What a kind's typed state is to the mail game. Implemented for every [`KindKeys`] type;
/// a kind implements that one.
pub trait KindValue: Any + fmt::Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn clone_value(&self) -> Box<dyn KindValue>;
    fn same(&self, other: &dyn KindValue) -> bool;
    /// See [`KindKeys::same_on_file`].
    fn same_on_file(&self, other: &dyn KindValue) -> bool;
    /// `state` as `state.yaml` writes it, with this value as its kind's keys.
    fn write(&self, state: &State) -> Result<String, serde_yaml::Error>;
    /// `state.yaml` read with keys of this value's type.
    fn read(&self, text: &str, origin: &str) -> Result<State, FileError>;
    /// `state` as JSON, with this value as its kind's keys (the compact copy of
    /// `game::compact`); none when it cannot be written.
    fn write_json(&self, state: &State) -> Option<Vec<u8>>;
    /// A compact copy's JSON read with keys of this value's type.
    fn read_json(&self, json: &[u8]) -> Option<State>;
}

/// The keys a game kind keeps in `state.yaml`, read and written in place.
pub trait KindKeys: Clone + Default + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// The keys, in the order they are written.
    const KEYS: &'static [&'static str];

    /// Reads the value of `KEYS[key]` (the reader stands on it).
    fn read_key<'de, A: MapAccess<'de>>(&mut self, key: usize, map: &mut A) -> Result<(), A::Error>;

    /// Writes the keys, in order, leaving out those it does not write when empty.
    fn write_keys<S: SerializeStruct>(&self, out: &mut S) -> Result<(), S::Error>;

    /// Is what the kind's players have on file for the phase the same in `other` (a redo
    /// after a rollback is refused once anything was filed since)?
    fn same_on_file(&self, other: &Self) -> bool;
}

impl<K: KindKeys> KindValue for K {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn clone_value(&self) -> Box<dyn KindValue> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn KindValue) -> bool {
        other.as_any().downcast_ref::<K>() == Some(self)
    }

    fn same_on_file(&self, other: &dyn KindValue) -> bool {
        other
            .as_any()
            .downcast_ref::<K>()
            .is_some_and(|o| KindKeys::same_on_file(self, o))
    }

    fn write(&self, state: &State) -> Result<String, serde_yaml::Error> {
        crate::yaml::to_string(&Written { state, kind: self })
    }

    fn read(&self, text: &str, origin: &str) -> Result<State, FileError> {
        crate::yaml::from_str::<Read<K>>(text, origin).map(|r| r.0)
    }

    fn write_json(&self, state: &State) -> Option<Vec<u8>> {
        serde_json::to_vec(&Written { state, kind: self }).ok()
    }

    fn read_json(&self, json: &[u8]) -> Option<State> {
        serde_json::from_slice::<Read<K>>(json).ok().map(|r| r.0)
    }
}

/// No keys: the state of a process whose kinds keep none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoKeys;

impl KindKeys for NoKeys {
    const KEYS: &'static [&'static str] = &[];

    fn read_key<'de, A: MapAccess<'de>>(&mut self, _: usize, _: &mut A) -> Result<(), A::Error> {
        Ok(())
    }

    fn write_keys<S: SerializeStruct>(&self, _: &mut S) -> Result<(), S::Error> {
        Ok(())
    }

    fn same_on_file(&self, _: &Self) -> bool {
        true
    }
}

/// The kind's keys every `state.yaml` of the process is read with: the first a kind gives
/// ([`crate::game::kind::Kinds::install`]).
static INSTALLED: OnceLock<KindState> = OnceLock::new();

/// Makes the kind's keys `first` gives (empty) the keys `state.yaml` is read with and a new
/// game starts with, unless some were made so before; none: no keys.
pub(super) fn install(first: impl FnOnce() -> Option<KindState>) {
    INSTALLED.get_or_init(|| first().unwrap_or_else(|| KindState::new(NoKeys)));
}

impl KindState {
    /// A kind's own keys, as a value of the mail game.
    pub fn new<K: KindKeys>(keys: K) -> KindState {
        KindState(Box::new(keys))
    }

    /// The kind's keys, when they are of type `K`.
    pub fn get<K: KindKeys>(&self) -> Option<&K> {
        self.0.as_any().downcast_ref()
    }

    /// The kind's keys as `K`, made empty first if they were of another type.
    pub fn get_mut<K: KindKeys>(&mut self) -> &mut K {
        if self.get::<K>().is_none() {
            *self = KindState::new(K::default());
        }
        self.0.as_any_mut().downcast_mut().expect("made of type K just above")
    }

    /// See [`KindKeys::same_on_file`].
    pub fn same_on_file(&self, other: &KindState) -> bool {
        self.0.same_on_file(&*other.0)
    }
}

/// Empty, of the installed kind's type.
impl Default for KindState {
    fn default() -> KindState {
        INSTALLED.get().cloned().unwrap_or_else(|| KindState::new(NoKeys))
    }
}

impl Clone for KindState {
    fn clone(&self) -> KindState {
        KindState(self.0.clone_value())
    }
}

impl PartialEq for KindState {
    fn eq(&self, other: &KindState) -> bool {
        self.0.same(&*other.0)
    }
}

impl fmt::Debug for KindState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl State {
    /// Reads `state.yaml` (`origin` names it in errors), with the installed kind's keys.
    pub fn read(text: &str, origin: &str) -> Result<State, FileError> {
        KindState::default().0.read(text, origin)
    }

    /// `state.yaml` as written.
    pub fn to_yaml(&self) -> Result<String, serde_yaml::Error> {
        self.kind.0.write(self)
    }

    /// The state as JSON, for its compact copy (`game::compact`).
    pub fn to_json(&self) -> Option<Vec<u8>> {
        self.kind.0.write_json(self)
    }

    /// A compact copy's JSON, read with the installed kind's keys.
    pub fn from_json(json: &[u8]) -> Option<State> {
        KindState::default().0.read_json(json)
    }
}

/// Declares the mail game's keys of `state.yaml` once, in the order they are written: the
/// keys before the kind's (`head`) and after them (`tail`). Makes the enum [`GameKey`], each
/// key's name, the two lists of keys ([`HEAD_KEYS`], [`TAIL_KEYS`]) and of names ([`HEAD`],
/// [`TAIL`], for serde's list of a struct's fields).
macro_rules! game_keys {
    (head: [$($h:ident = $hn:literal),* $(,)?], tail: [$($t:ident = $tn:literal),* $(,)?] $(,)?) => {
        /// A key of the mail game's in `state.yaml`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum GameKey {
            $($h,)*
            $($t,)*
        }

        impl GameKey {
            /// The key as the file writes it.
            const fn name(self) -> &'static str {
                match self {
                    $(GameKey::$h => $hn,)*
                    $(GameKey::$t => $tn,)*
                }
            }
        }

        /// The mail game's keys before the kind's, in their order.
        const HEAD_KEYS: &[GameKey] = &[$(GameKey::$h),*];
        /// The mail game's keys after the kind's.
        const TAIL_KEYS: &[GameKey] = &[$(GameKey::$t),*];
        /// The names of [`HEAD_KEYS`].
        const HEAD: &[&str] = &[$($hn),*];
        /// The names of [`TAIL_KEYS`].
        const TAIL: &[&str] = &[$($tn),*];
    };
}

game_keys! {
    head: [
        Phase = "phase",
        Deadline = "deadline",
        Reminded = "reminded",
        Handled = "handled",
        Seen = "seen",
        SeenBy = "seen_by",
        Throttle = "throttle",
        Digests = "digests",
        Senders = "senders",
        Board = "board",
        Orders = "orders",
    ],
    tail: [
        History = "history",
        Press = "press",
        Votes = "votes",
        Entries = "entries",
        Moves = "moves",
        Finished = "finished",
        Observers = "observers",
        Resignations = "resignations",
        AddressChanges = "address_changes",
        Wait = "wait",
        Desk = "desk",
        Signup = "signup",
    ],
}

/// A state written with its kind's keys of type `K`.
struct Written<'a, K> {
    state: &'a State,
    kind: &'a K,
}

impl<K: KindKeys> Serialize for Written<'_, K> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let st = self.state;
        // Every field named, so that a field added to `State` does not compile until it is
        // written here (and read in `StateVisitor`, and listed in `HEAD` or `TAIL`).
        let State {
            phase: _,
            deadline: _,
            reminded: _,
            handled: _,
            seen: _,
            seen_by: _,
            throttle: _,
            digests: _,
            senders: _,
            board: _,
            orders: _,
            kind: _,
            history: _,
            press: _,
            votes: _,
            entries: _,
            moves: _,
            finished: _,
            observers: _,
            resignations: _,
            address_changes: _,
            wait: _,
            desk: _,
            signup: _,
        } = st;
        let mut m = s.serialize_struct("State", HEAD.len() + K::KEYS.len() + TAIL.len())?;
        put(&mut m, GameKey::Phase.name(), &st.phase, true)?;
        put(&mut m, GameKey::Deadline.name(), &st.deadline, st.deadline.is_some())?;
        put(&mut m, GameKey::Reminded.name(), &st.reminded, true)?;
        put(&mut m, GameKey::Handled.name(), &st.handled, true)?;
        put(&mut m, GameKey::Seen.name(), &st.seen, !st.seen.is_empty())?;
        put(&mut m, GameKey::SeenBy.name(), &st.seen_by, !st.seen_by.is_empty())?;
        put(&mut m, GameKey::Throttle.name(), &st.throttle, !st.throttle.is_empty())?;
        put(&mut m, GameKey::Digests.name(), &st.digests, !st.digests.is_empty())?;
        put(&mut m, GameKey::Senders.name(), &st.senders, !st.senders.is_empty())?;
        put(&mut m, GameKey::Board.name(), &st.board, st.board.is_some())?;
        put(&mut m, GameKey::Orders.name(), &st.orders, true)?;
        self.kind.write_keys(&mut m)?;
        put(&mut m, GameKey::History.name(), &st.history, true)?;
        put(&mut m, GameKey::Press.name(), &st.press, !st.press.is_empty())?;
        put(&mut m, GameKey::Votes.name(), &st.votes, true)?;
        put(&mut m, GameKey::Entries.name(), &st.entries, true)?;
        put(&mut m, GameKey::Moves.name(), &st.moves, true)?;
        put(&mut m, GameKey::Finished.name(), &st.finished, st.finished.is_some())?;
        put(
            &mut m,
            GameKey::Observers.name(),
            &st.observers,
            !st.observers.is_empty(),
        )?;
        put(
            &mut m,
            GameKey::Resignations.name(),
            &st.resignations,
            !st.resignations.is_empty(),
        )?;
        put(
            &mut m,
            GameKey::AddressChanges.name(),
            &st.address_changes,
            !st.address_changes.is_empty(),
        )?;
        put(&mut m, GameKey::Wait.name(), &st.wait, !st.wait.is_empty())?;
        put(&mut m, GameKey::Desk.name(), &st.desk, !st.desk.is_empty())?;
        put(&mut m, GameKey::Signup.name(), &st.signup, !st.signup.is_empty())?;
        m.end()
    }
}

/// Writes `key` when `written`, else leaves it out (an empty value the file does not show):
/// for the mail game's keys and a kind's [`KindKeys::write_keys`].
pub fn put<M: SerializeStruct, T: Serialize + ?Sized>(
    m: &mut M,
    key: &'static str,
    value: &T,
    written: bool,
) -> Result<(), M::Error> {
    if written {
        m.serialize_field(key, value)
    } else {
        m.skip_field(key)
    }
}

/// A state read with its kind's keys of type `K`.
struct Read<K>(State, std::marker::PhantomData<K>);

impl<'de, K: KindKeys> Deserialize<'de> for Read<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Read<K>, D::Error> {
        d.deserialize_struct("State", HEAD, StateVisitor::<K>(std::marker::PhantomData))
    }
}

/// Where a key of `state.yaml` goes.
#[derive(Clone, Copy)]
enum Key {
    /// One of the mail game's.
    Game(GameKey),
    /// One of the kind's keys, by its place.
    Kind(usize),
}

impl Key {
    /// Its bit in the set of keys read, for a key written twice.
    fn bit(self) -> u64 {
        match self {
            Key::Game(k) => 1 << k as usize,
            Key::Kind(i) => 1 << (HEAD.len() + TAIL.len() + i),
        }
    }
}

/// Reads a key's name as serde's derived reader does (an identifier), naming every key in
/// order when it is none.
struct KeySeed<K>(std::marker::PhantomData<K>);

impl<'de, K: KindKeys> DeserializeSeed<'de> for KeySeed<K> {
    type Value = Key;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de, K: KindKeys> Visitor<'de> for KeySeed<K> {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
        if let Some(k) = HEAD_KEYS.iter().copied().find(|k| k.name() == v) {
            return Ok(Key::Game(k));
        }
        if let Some(i) = K::KEYS.iter().position(|k| *k == v) {
            return Ok(Key::Kind(i));
        }
        if let Some(k) = TAIL_KEYS.iter().copied().find(|k| k.name() == v) {
            return Ok(Key::Game(k));
        }
        // Serde's own words for an unknown field, with the keys in the order they are written.
        let all: Vec<String> = (HEAD.iter().chain(K::KEYS).chain(TAIL))
            .map(|k| format!("`{k}`"))
            .collect();
        Err(E::custom(format_args!(
            "unknown field `{v}`, expected one of {}",
            all.join(", ")
        )))
    }
}

struct StateVisitor<K>(std::marker::PhantomData<K>);

impl<'de, K: KindKeys> Visitor<'de> for StateVisitor<K> {
    type Value = Read<K>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct State")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Read<K>, A::Error> {
        let mut kind = K::default();
        let mut s = State::default();
        let mut read = 0u64;
        while let Some(key) = map.next_key_seed(KeySeed::<K>(std::marker::PhantomData))? {
            if read & key.bit() != 0 {
                let name = match key {
                    Key::Game(k) => k.name(),
                    Key::Kind(i) => K::KEYS[i],
                };
                return Err(de::Error::duplicate_field(name));
            }
            read |= key.bit();
            match key {
                Key::Kind(i) => kind.read_key(i, &mut map)?,
                Key::Game(GameKey::Phase) => s.phase = map.next_value()?,
                Key::Game(GameKey::Deadline) => s.deadline = map.next_value()?,
                Key::Game(GameKey::Reminded) => s.reminded = map.next_value()?,
                Key::Game(GameKey::Handled) => s.handled = map.next_value()?,
                Key::Game(GameKey::Seen) => s.seen = map.next_value()?,
                Key::Game(GameKey::SeenBy) => s.seen_by = map.next_value()?,
                Key::Game(GameKey::Throttle) => s.throttle = map.next_value()?,
                Key::Game(GameKey::Digests) => s.digests = map.next_value()?,
                Key::Game(GameKey::Senders) => s.senders = map.next_value()?,
                Key::Game(GameKey::Board) => s.board = map.next_value()?,
                Key::Game(GameKey::Orders) => s.orders = map.next_value()?,
                Key::Game(GameKey::History) => s.history = map.next_value()?,
                Key::Game(GameKey::Press) => s.press = map.next_value()?,
                Key::Game(GameKey::Votes) => s.votes = map.next_value()?,
                Key::Game(GameKey::Entries) => s.entries = map.next_value()?,
                Key::Game(GameKey::Moves) => s.moves = map.next_value()?,
                Key::Game(GameKey::Finished) => s.finished = map.next_value()?,
                Key::Game(GameKey::Observers) => s.observers = map.next_value()?,
                Key::Game(GameKey::Resignations) => s.resignations = map.next_value()?,
                Key::Game(GameKey::AddressChanges) => s.address_changes = map.next_value()?,
                Key::Game(GameKey::Wait) => s.wait = map.next_value()?,
                Key::Game(GameKey::Desk) => s.desk = map.next_value()?,
                Key::Game(GameKey::Signup) => s.signup = map.next_value()?,
            }
        }
        if read & Key::Game(GameKey::Phase).bit() == 0 {
            return Err(de::Error::missing_field(GameKey::Phase.name()));
        }
        s.kind = KindState::new(kind);
        Ok(Read(s, std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kind's keys for the tests: a list always written, a number written when not zero.
    #[derive(Clone, Debug, Default, PartialEq)]
    struct Marks {
        marks: Vec<String>,
        count: u32,
    }

    impl KindKeys for Marks {
        const KEYS: &'static [&'static str] = &["marks", "count"];

        fn read_key<'de, A: MapAccess<'de>>(&mut self, key: usize, map: &mut A) -> Result<(), A::Error> {
            match key {
                0 => self.marks = map.next_value()?,
                _ => self.count = map.next_value()?,
            }
            Ok(())
        }

        fn write_keys<S: SerializeStruct>(&self, out: &mut S) -> Result<(), S::Error> {
            out.serialize_field("marks", &self.marks)?;
            if self.count != 0 {
                out.serialize_field("count", &self.count)?;
            }
            Ok(())
        }

        fn same_on_file(&self, other: &Marks) -> bool {
            self.marks == other.marks
        }
    }

    fn read(text: &str) -> Result<State, FileError> {
        KindState::new(Marks::default()).0.read(text, "games/g/state.yaml")
    }

    #[test]
    fn the_kinds_keys_are_read_and_written_at_their_place() {
        let text = "phase: Spring 1901 Movement\ndeadline: 2026-12-01T10:00:00+00:00\nreminded: false\n\
                    handled: 3\norders:\n  France:\n  - A PAR H\nmarks:\n- one\n- two\ncount: 2\nhistory: []\n\
                    votes: {}\nentries: 0\nmoves: []\nobservers:\n- a@example.org\n";
        let state = read(text).unwrap();
        assert_eq!(state.kind.get::<Marks>().map(|m| m.count), Some(2));
        assert_eq!(
            state.orders.values().flatten().collect::<Vec<_>>(),
            ["A PAR H"],
            "{state:?}"
        );
        assert_eq!(state.to_yaml().unwrap(), text);
        // Empty, the kind writes what it always writes, where it stands.
        let empty = State {
            phase: "play".into(),
            kind: KindState::new(Marks::default()),
            ..State::default()
        };
        let written = empty.to_yaml().unwrap();
        assert_eq!(
            written,
            "phase: play\nreminded: false\nhandled: 0\norders: {}\nmarks: []\nhistory: []\nvotes: {}\nentries: 0\nmoves: []\n"
        );
        assert_eq!(read(&written).unwrap(), empty);
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_line_and_every_key_in_order() {
        let e = read("phase: play\norders: {}\nmark: []\n").unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("games/g/state.yaml", Some(3)), "{e}");
        assert!(
            e.message.starts_with(
                "unknown field `mark`, expected one of `phase`, `deadline`, `reminded`, `handled`, \
                 `seen`, `seen_by`, `throttle`, `digests`, `senders`, `board`, `orders`, `marks`, \
                 `count`, `history`, `press`, `votes`,"
            ) && e.message.ends_with("`desk`, `signup`"),
            "{e}"
        );
        assert_eq!(e.hint.as_deref(), Some("check the spelling of the key"));
        // A kind's key is unknown to a process whose kinds keep none.
        let e = KindState::new(NoKeys)
            .0
            .read("phase: play\nmarks: []\n", "s.yaml")
            .unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.starts_with("unknown field `marks`"), "{e}");
    }

    #[test]
    fn a_bad_value_a_key_twice_and_no_phase_are_refused_with_their_line() {
        let e = read("phase: play\ncount: many\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        // In the words of a YAML file, not serde's "invalid type".
        assert!(
            e.message
                .starts_with("count: write a whole number, 0 or more, not \"many\""),
            "{e}"
        );
        let e = read("phase: play\nhandled: -1\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(
            e.message
                .starts_with("handled: write a whole number, 0 or more, not -1"),
            "{e}"
        );
        let e = read("phase: play\nmarks: []\nmarks: [a]\n").unwrap_err();
        assert!(e.message.starts_with("duplicate field `marks`"), "{e}");
        let e = read("phase: play\nentries: 1\nentries: 2\n").unwrap_err();
        assert!(e.message.starts_with("duplicate field `entries`"), "{e}");
        let e = read("orders: {}\n").unwrap_err();
        // In the words of a YAML file, not serde's "missing field".
        assert!(e.message.starts_with("missing \"phase:\""), "{e}");
    }

    #[test]
    fn the_kinds_state_is_compared_cloned_and_found_by_its_type() {
        let mut a = KindState::new(Marks::default());
        let b = a.clone();
        assert_eq!(a, b);
        a.get_mut::<Marks>().count = 1;
        assert_ne!(a, b);
        assert!(a.same_on_file(&b), "the count is not on file");
        a.get_mut::<Marks>().marks.push("x".into());
        assert!(!a.same_on_file(&b));
        assert!(a.get::<NoKeys>().is_none());
        // Asked to change keys of another type, the slot holds that type, empty.
        assert_eq!(a.get_mut::<NoKeys>(), &NoKeys);
        assert_ne!(KindState::new(NoKeys), b);
    }
}
