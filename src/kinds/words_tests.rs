//! The one test of words shared by every owner: for every variant of every worded value
//! ([`crate::lang::Worded`]), English words, and French words that differ from them. Here,
//! at the top of the layers, because it reads the samples of every owner: the judge's
//! causes, the mail game's outcomes and refusals, and each board game's. An owner adds its samples to the list; a board game lists its own in its `Kind`.

use crate::kinds::diplomacy::diable;
use crate::lang::{samples, Sample};

/// Every owner's samples, by the name of what they are.
fn every_worded_value() -> Vec<(&'static str, Vec<Sample>)> {
    let mut all = vec![
        (
            "game::said::Refusal",
            samples(&crate::game::said::tests::every_refusal()),
        ),
        ("game::said::Said", samples(&crate::game::said::tests::every_said())),
        (
            "game::said::NotActedOn",
            samples(&crate::game::said::not_acted_on::tests::every_reason()),
        ),
        (
            "game::said::PasswordProblem",
            samples(&{
                use crate::game::said::PasswordProblem as P;
                [P::Redacted, P::TooShort { min: 6 }, P::ControlCharacter, P::Blank]
            }),
        ),
        (
            "game::desk::mail::LineFault",
            samples(&crate::game::desk::mail::tests::every_line_fault()),
        ),
        (
            "game::join::Outcome",
            samples(&crate::game::join::tests::every_outcome()),
        ),
        ("diable::said::Cast", samples(&diable::said::tests::every_cast())),
        ("diable::said::Refused", samples(&diable::said::tests::every_refused())),
        ("diable::VERBS alone", samples(&diable::VERBS.map(|v| v.alone()))),
    ];
    // Each board game lists its own, read through the registry.
    for game in crate::kinds::BOARD_GAMES {
        all.extend((game.word_samples)());
    }
    all
}

#[test]
fn every_variant_of_every_worded_value_has_english_and_different_french_words() {
    let mut wrong = Vec::new();
    for (owner, all) in every_worded_value() {
        assert!(!all.is_empty(), "{owner}: no samples");
        for s in all {
            let what = format!("{owner}: {}", s.what);
            if s.en.trim().is_empty() {
                wrong.push(format!("{what}: no English words"));
            }
            if s.fr.trim().is_empty() {
                wrong.push(format!("{what}: no French words"));
            } else if s.fr == s.en {
                wrong.push(format!("{what}: the French is the English: `{}`", s.en));
            }
            if let Some(shown) = s.shown.filter(|shown| *shown != s.en) {
                wrong.push(format!(
                    "{what}: the English `{}` is not what it shows, `{shown}`",
                    s.en
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The English names of `game`'s sides that its French letters name otherwise.
fn english_sides(game: &crate::kinds::boardgame::Kind) -> Vec<&'static str> {
    let mut sides: Vec<&str> = (1..=8)
        .filter_map(|n| (game.sides)(n).ok())
        .flatten()
        .filter(|side| game.side_in(side, crate::lang::Lang::Fr) != *side)
        .collect();
    sides.sort_unstable();
    sides.dedup();
    sides
}

/// Does `text` hold `word` as a whole word (`Red` in `Red-Orange`, not in `RED` or `Reds`)?
fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic()).any(|w| w == word)
}

/// A board game's French words name its sides as a French player does: no variant of its
/// worded values says `Red`, `South` or `Blue` to a French reader (issue #24).
#[test]
fn no_board_games_french_words_name_a_side_in_english() {
    let mut wrong = Vec::new();
    for game in crate::kinds::BOARD_GAMES {
        let english = english_sides(game);
        assert!(!english.is_empty(), "{}: no side has a French name", game.title);
        for (owner, all) in (game.word_samples)() {
            for s in all {
                for side in english.iter().filter(|side| has_word(&s.fr, side)) {
                    wrong.push(format!("{owner}: {}: `{side}` in `{}`", s.what, s.fr));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A side two games name alike has one French name: a SIGNON reads it whichever game it is.
#[test]
fn a_side_two_board_games_share_has_one_french_name() {
    use crate::lang::Lang;
    for a in crate::kinds::BOARD_GAMES {
        for b in crate::kinds::BOARD_GAMES {
            for side in english_sides(a).into_iter().chain(english_sides(b)) {
                let known = |k: &crate::kinds::boardgame::Kind| {
                    (1..=8).filter_map(|n| (k.sides)(n).ok()).flatten().any(|s| s == side)
                };
                if known(a) && known(b) {
                    assert_eq!(
                        a.side_in(side, Lang::Fr),
                        b.side_in(side, Lang::Fr),
                        "{side}: {} / {}",
                        a.title,
                        b.title
                    );
                }
            }
        }
    }
}

/// English words quote as a letter does, with double quotes: a mail client shows
/// Markdown's backticks as they are, so no English line of any owner holds one.
#[test]
fn no_english_words_quote_with_backticks() {
    let wrong: Vec<String> = every_worded_value()
        .into_iter()
        .flat_map(|(owner, all)| all.into_iter().map(move |s| (owner, s)))
        .filter(|(_, s)| s.en.contains('`'))
        .map(|(owner, s)| format!("{owner}: {}: {}", s.what, s.en))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// French words quote with « », never with a backtick: no French line of any owner (the
/// board games' told and refused words among them) holds one.
#[test]
fn no_french_words_quote_with_backticks() {
    let wrong: Vec<String> = every_worded_value()
        .into_iter()
        .flat_map(|(owner, all)| all.into_iter().map(move |s| (owner, s)))
        .filter(|(_, s)| s.fr.contains('`'))
        .map(|(owner, s)| format!("{owner}: {}: {}", s.what, s.fr))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// What a board game's letters say besides its worded values: the notation, sent with the
/// welcome and with every refusal, and the house rules the welcome lists, in both
/// languages. None quotes with a backtick.
#[test]
fn no_board_game_notation_or_house_rule_quotes_with_backticks() {
    use crate::lang::Lang;
    let mut wrong = Vec::new();
    for game in crate::kinds::BOARD_GAMES {
        for lang in [Lang::En, Lang::Fr] {
            if game.notation_in(lang).contains('`') {
                wrong.push(format!("{}: the notation in {lang:?}", game.title));
            }
            for r in game.house_rules {
                if r.description_in(lang).contains('`') {
                    wrong.push(format!("{}: the house rule {} in {lang:?}", game.title, r.name));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
