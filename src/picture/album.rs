//! The pictures of one phase for its letters and pages: each distinct picture drawn and
//! rasterised once, however many readers receive it (a PNG costs about 50 ms; a phase has
//! seven powers, observers, and in Diable et Bon Dieu two divine players).
//!
//! What a reader receives is chosen by [`Reader::told`]: every reader told nothing gets the
//! one public picture, the same bytes.

use super::geometry::Geometry;
use super::view::{PictureView, Private, Reader, Secrets};
use crate::lang::Lang;
use crate::map::Map;
use std::cell::RefCell;
use std::sync::Arc;

/// A PNG made, or why it could not be.
type Made = Result<Arc<[u8]>, String>;

/// A phase's picture for every reader, drawn on demand and kept.
pub struct Album<'a> {
    map: &'a Map,
    geometry: &'a Geometry,
    view: PictureView,
    secrets: Option<Secrets>,
    /// The PNGs made so far, by what their reader was told (`None`: the public one) and
    /// the language of their words.
    made: RefCell<Vec<(Option<Private>, Lang, Made)>>,
}

impl<'a> Album<'a> {
    /// The album of `view` on `map`; `None` when the map has no geometry (no picture).
    pub fn new(map: &'a Map, view: PictureView, secrets: Option<Secrets>) -> Option<Album<'a>> {
        let geometry = Geometry::of(map)?;
        Some(Album::with_geometry(map, geometry, view, secrets))
    }

    /// The album of `view` drawn on `geometry`.
    pub fn with_geometry(
        map: &'a Map,
        geometry: &'a Geometry,
        view: PictureView,
        secrets: Option<Secrets>,
    ) -> Album<'a> {
        Album {
            map,
            geometry,
            view,
            secrets,
            made: RefCell::new(Vec::new()),
        }
    }

    /// What the pictures show.
    pub fn view(&self) -> &PictureView {
        &self.view
    }

    /// The public picture as SVG (for the web pages and the zine), its words in `lang`.
    pub fn public_svg(&self, lang: Lang) -> String {
        super::draw_in(self.map, self.geometry, &self.view, lang)
    }

    /// The PNG `reader` is entitled to, its words in English; an error says why it could
    /// not be made (the letter then goes without it).
    pub fn png_for(&self, reader: Reader) -> Made {
        self.png_in(reader, Lang::En)
    }

    /// [`Album::png_for`], its words (title, legend, powers' names) in the reader's `lang`.
    pub fn png_in(&self, reader: Reader, lang: Lang) -> Made {
        let told = reader.told(self.secrets.as_ref());
        if let Some((_, _, made)) = self.made.borrow().iter().find(|(t, l, _)| *t == told && *l == lang) {
            return made.clone();
        }
        let svg = match &told {
            None => super::draw_in(self.map, self.geometry, &self.view, lang),
            Some(private) => super::draw_private_in(self.map, self.geometry, &self.view, private, lang),
        };
        let made = super::png(&svg)
            .map(Arc::from)
            .map_err(|e| format!("the picture of {} cannot be made: {e}", self.view.phase));
        self.made.borrow_mut().push((told, lang, made.clone()));
        made
    }

    /// How many distinct PNGs have been made.
    pub fn made(&self) -> usize {
        self.made.borrow().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Power;
    use crate::phase::Phase;
    use crate::picture::Words;

    const GOD: Words = Words {
        en: "God protects",
        fr: "le Bon Dieu protège",
    };
    const DEVIL: Words = Words {
        en: "the Devil protects",
        fr: "le Diable protège",
    };

    #[test]
    fn each_distinct_picture_is_made_once() {
        let map = Map::standard();
        let position = crate::position::Position::parse(
            map,
            &crate::kinds::VARIANTS,
            "phase: Spring 1901 Movement\nunits:\n  France: [A PAR, A MAR, F BRE]\n  Germany: [A MUN]\n",
            "t.yaml",
        )
        .unwrap();
        let phase: Phase = position.phase;
        let view = PictureView::board(map, phase, &position.board);
        // Two readers told different things, as Diable et Bon Dieu tells God and the Devil.
        let (god, devil) = (Reader::Role("God"), Reader::Role("Devil"));
        let told = |powers: Vec<(Words, Power)>| Private {
            signs: Vec::new(),
            powers,
        };
        let secrets = Secrets {
            told: vec![
                (god, told(vec![(GOD, Power(1)), (DEVIL, Power(2))])),
                (devil, told(vec![(DEVIL, Power(2))])),
            ],
        };
        let album = Album::new(map, view, Some(secrets)).unwrap();
        let public = album.png_for(Reader::Public).unwrap();
        for p in 0..7 {
            assert!(Arc::ptr_eq(&album.png_for(Reader::Power(Power(p))).unwrap(), &public));
        }
        assert_eq!(album.made(), 1);
        let god_png = album.png_for(god).unwrap();
        let devil_png = album.png_for(devil).unwrap();
        assert!(*god_png != *public && *devil_png != *public && *god_png != *devil_png);
        assert!(Arc::ptr_eq(&album.png_for(god).unwrap(), &god_png));
        assert_eq!(album.made(), 3);
    }

    /// A French reader's picture is French throughout (issue #24): the phase, the key, the
    /// powers' names, the counts and a private line; the English one is as it was, and each
    /// is made once.
    #[test]
    fn a_french_readers_picture_is_drawn_in_french() {
        let map = Map::standard();
        let position = crate::position::Position::parse(
            map,
            &crate::kinds::VARIANTS,
            "phase: Fall 1901 Movement\nunits:\n  France: [A PAR]\n  Germany: [A MUN]\n",
            "t.yaml",
        )
        .unwrap();
        let view = PictureView::board(map, position.phase, &position.board);
        let geometry = Geometry::of(map).unwrap();
        let private = Private {
            signs: Vec::new(),
            powers: vec![(GOD, Power(0)), (DEVIL, Power(2))],
        };
        let fr = super::super::draw_private_in(map, geometry, &view, &private, Lang::Fr);
        for part in [
            "Automne 1901, mouvements",
            "disque\u{a0}: armée",
            "tirets ou ×\u{a0}: échoue",
            ">Allemagne<",
            ">Angleterre<",
            // One unit each for France and Germany, none for the others: French says « unité ».
            "1 unité",
            "0 unité",
            "privé\u{a0}: le Bon Dieu protège l'Angleterre · le Diable protège l'Allemagne",
        ] {
            assert!(fr.contains(part), "{part:?} not in the French picture");
        }
        for english in [
            "Fall",
            "Movement",
            "army",
            ">Germany<",
            " units",
            "private:",
            "protects",
        ] {
            assert!(!fr.contains(english), "{english:?} in the French picture");
        }
        let en = super::super::draw_private_in(map, geometry, &view, &private, Lang::En);
        assert_eq!(en, super::super::draw_private(map, geometry, &view, &private));
        assert!(en.contains("private: God protects England · the Devil protects Germany"));
        let album = Album::new(map, view, None).unwrap();
        let (public_en, public_fr) = (
            album.png_in(Reader::Public, Lang::En).unwrap(),
            album.png_in(Reader::Public, Lang::Fr).unwrap(),
        );
        assert!(*public_en != *public_fr);
        assert!(Arc::ptr_eq(
            &album.png_for(Reader::Power(Power(2))).unwrap(),
            &public_en
        ));
        assert!(Arc::ptr_eq(
            &album.png_in(Reader::Power(Power(2)), Lang::Fr).unwrap(),
            &public_fr
        ));
        assert_eq!(album.made(), 2);
    }
}
