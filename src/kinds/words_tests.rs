//! The one test of words shared by every owner: for every variant of every worded value
//! ([`crate::lang::Worded`]), English words, and French words that differ from them. Here,
//! at the top of the layers, because it reads the samples of every owner: the judge's
//! causes, the mail game's outcomes and refusals, and each board game's. An owner adds its samples to the list.

use crate::kinds::boardgame::{belligerants, diabolik, diam, jomini};
use crate::lang::{samples, samples_shown, Sample};

/// Every owner's samples, by the name of what they are.
fn every_worded_value() -> Vec<(&'static str, Vec<Sample>)> {
    vec![
        (
            "game::said::Refusal",
            samples(&crate::game::said::tests::every_refusal()),
        ),
        ("game::said::Said", samples(&crate::game::said::tests::every_said())),
        (
            "game::join::Outcome",
            samples(&crate::game::join::tests::every_outcome()),
        ),
        ("diam::Told", samples_shown(&diam::told::tests::every())),
        ("diam::Refused", samples_shown(&diam::refused::tests::every())),
        ("diam::Ending", samples_shown(&diam::ending::tests::every())),
        ("diabolik::Told", samples_shown(&diabolik::told::tests::every())),
        ("diabolik::Refused", samples_shown(&diabolik::refused::tests::every())),
        ("belligerants::Told", samples_shown(&belligerants::told::tests::every())),
        (
            "belligerants::Refused",
            samples_shown(&belligerants::refused::tests::every()),
        ),
        ("jomini::Told", samples_shown(&jomini::told::tests::every())),
        ("jomini::Refused", samples_shown(&jomini::refused::tests::every())),
    ]
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
