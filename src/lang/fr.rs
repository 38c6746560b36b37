//! French names in French sentences: a name put into a sentence takes its article and its
//! preposition, and elides before a vowel (« vous jouez la France », « la presse de
//! l'Angleterre », « au printemps 1901 », « en automne », « au Bon Dieu »). Every French
//! letter words a power, a role or a season through [`Name`], so the agreement is made in
//! one place.
//!
//! The names themselves come from elsewhere (a power's French name from its map, a role's
//! from [`role`]): this module knows the grammar only.

use std::collections::HashMap;

/// The grammatical gender of a French noun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gender {
    Masculine,
    Feminine,
}

/// A French noun that a sentence names with an article: a power (`Angleterre`, feminine),
/// a role (`Bon Dieu`, masculine), a season (`printemps`, masculine).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    word: String,
    gender: Gender,
    /// The word opens on a silent `h` and elides like a vowel (`l'hiver`).
    mute_h: bool,
}

/// The form a sentence needs: the bare word, or with its article, `de` or `à` before it,
/// or the `en`/`au` of a place or a season.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `Angleterre`, `Bon Dieu`.
    Bare,
    /// `l'Angleterre`, `la France`, `le Bon Dieu`.
    The,
    /// `de l'Angleterre`, `de la France`, `du Bon Dieu`.
    Of,
    /// `à l'Angleterre`, `à la France`, `au Bon Dieu`.
    To,
    /// `en Angleterre`, `en France`, `au printemps`, `en automne`.
    In,
    /// The stressed pronoun that stands for the name (`pour elle`, `pour lui`).
    Pronoun,
    /// The ending an adjective or participle takes to agree with the name: `e` for a
    /// feminine one (`l'Italie gagne seule`), nothing for a masculine one.
    Agreement,
}

impl Form {
    /// The form a template asks for by its short name: `le`, `de`, `a` (or `à`), `en`; any
    /// other, or none, the bare word.
    pub fn from_code(code: &str) -> Option<Form> {
        Some(match code {
            "" | "nu" => Form::Bare,
            "le" | "la" => Form::The,
            "de" => Form::Of,
            "a" | "à" => Form::To,
            "en" | "au" => Form::In,
            "elle" | "lui" => Form::Pronoun,
            "e" => Form::Agreement,
            _ => return None,
        })
    }
}

impl Name {
    pub fn masculine(word: &str) -> Name {
        Name {
            word: word.to_string(),
            gender: Gender::Masculine,
            mute_h: false,
        }
    }

    pub fn feminine(word: &str) -> Name {
        Name {
            word: word.to_string(),
            gender: Gender::Feminine,
            mute_h: false,
        }
    }

    /// The name of a country as French gives it its gender: feminine when it ends in a
    /// silent `e` (la France, l'Angleterre, la Russie), masculine otherwise (le Portugal,
    /// le Danemark), with the usual exceptions (le Mexique, le Cambodge, le Mozambique).
    pub fn country(word: &str) -> Name {
        const MASCULINE_IN_E: [&str; 6] = ["Mexique", "Cambodge", "Mozambique", "Zimbabwe", "Belize", "Maine"];
        if word.ends_with('e') && !MASCULINE_IN_E.contains(&word) {
            Name::feminine(word)
        } else {
            Name::masculine(word)
        }
    }

    /// The same name, whose `h` is silent: it elides like a vowel (`l'hiver`, `en hiver`).
    pub fn with_mute_h(mut self) -> Name {
        self.mute_h = true;
        self
    }

    /// The word alone.
    pub fn word(&self) -> &str {
        &self.word
    }

    pub fn gender(&self) -> Gender {
        self.gender
    }

    /// Does the word elide the article before it (`l'Angleterre`, `de l'automne`)? Before
    /// a vowel, or a silent `h` ([`Name::with_mute_h`]); any other `h` is taken as
    /// aspirated (la Hongrie, la Hollande), as it is in most names of places.
    fn elides(&self) -> bool {
        self.mute_h
            || self.word.chars().next().is_some_and(|c| {
                matches!(
                    c.to_lowercase().next().unwrap_or(c),
                    'a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'à' | 'â' | 'é' | 'è' | 'ê' | 'î' | 'ô' | 'û' | 'œ'
                )
            })
    }

    /// The name in the form a sentence needs.
    pub fn form(&self, form: Form) -> String {
        let w = &self.word;
        let elides = self.elides();
        let masculine = self.gender == Gender::Masculine;
        match form {
            Form::Bare => w.clone(),
            Form::The if elides => format!("l'{w}"),
            Form::The if masculine => format!("le {w}"),
            Form::The => format!("la {w}"),
            Form::Of if elides => format!("de l'{w}"),
            Form::Of if masculine => format!("du {w}"),
            Form::Of => format!("de la {w}"),
            Form::To if elides => format!("à l'{w}"),
            Form::To if masculine => format!("au {w}"),
            Form::To => format!("à la {w}"),
            Form::In if masculine && !elides => format!("au {w}"),
            Form::In => format!("en {w}"),
            Form::Pronoun if masculine => "lui".to_string(),
            Form::Pronoun => "elle".to_string(),
            Form::Agreement if masculine => String::new(),
            Form::Agreement => "e".to_string(),
        }
    }

    /// `l'Angleterre`, `la France`, `le Bon Dieu`.
    pub fn the(&self) -> String {
        self.form(Form::The)
    }

    /// `de l'Angleterre`, `de la France`, `du Bon Dieu`.
    pub fn of(&self) -> String {
        self.form(Form::Of)
    }

    /// `à l'Angleterre`, `à la France`, `au Bon Dieu`.
    pub fn to(&self) -> String {
        self.form(Form::To)
    }

    /// `en Angleterre`, `au printemps`, `en automne`.
    pub fn within(&self) -> String {
        self.form(Form::In)
    }
}

/// `de` before the name of a place taken without article (a town, a province as the
/// board names it): `de Paris`, elided before a vowel, `d'Édimbourg`, `d'Ankara`.
pub fn of_place(word: &str) -> String {
    match Name::masculine(word).elides() {
        true => format!("d'{word}"),
        false => format!("de {word}"),
    }
}

/// `text` with its first letter upper case: a name at the head of a sentence (`L'Autriche
/// l'emporte`).
pub fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// French typography: the space before `:` is non-breaking (U+00A0), the space before `;`,
/// `!` and `?` a narrow non-breaking one (U+202F), and the spaces inside « » non-breaking,
/// so that no line of a letter begins with a colon or a guillemet stands alone. Only an
/// ordinary space already there is changed: `http://`, `20 h 00` and `A PAR - BUR` are as
/// they were.
pub fn typography(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut chars = text.chars().peekable();
    let mut previous = '\n';
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let c = match (c, next) {
            (' ', Some(':' | '»')) => '\u{a0}',
            (' ', Some(';' | '!' | '?')) => '\u{202f}',
            (' ', _) if previous == '«' => '\u{a0}',
            _ => c,
        };
        out.push(c);
        previous = c;
    }
    out
}

/// The French name of a role that is not a power: `God` is `Bon Dieu` (never bare
/// `Dieu`), `Devil` is `Diable`, `Observer` is `observateur`; `None` for any other.
pub fn role(english: &str) -> Option<Name> {
    match english {
        "God" => Some(Name::masculine("Bon Dieu")),
        "Devil" => Some(Name::masculine("Diable")),
        "Observer" => Some(Name::masculine("observateur")),
        "Referee" => Some(Name::masculine("arbitre")),
        _ => None,
    }
}

/// A season's French name, lower case as it stands mid-sentence (`printemps`, `automne`,
/// `hiver`), from its English name (`Spring`, `Fall` or `Autumn`, `Winter`, any case).
pub fn season(english: &str) -> Option<Name> {
    Some(match english.to_ascii_lowercase().as_str() {
        "spring" | "printemps" => Name::masculine("printemps"),
        "summer" | "été" => Name::masculine("été"),
        "fall" | "autumn" | "automne" => Name::masculine("automne"),
        "winter" | "hiver" => Name::masculine("hiver").with_mute_h(),
        _ => return None,
    })
}

/// The French names a set of English names is read as (a map's powers, with the roles of
/// [`role`]): what the templates' `fr` filter looks names up in.
#[derive(Clone, Debug, Default)]
pub struct Names(HashMap<String, Name>);

impl Names {
    /// The roles' names, and each `(english, french)` pair as a country.
    pub fn of_countries<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Names {
        let mut m: HashMap<String, Name> = ["God", "Devil", "Observer", "Referee"]
            .into_iter()
            .filter_map(|r| Some((r.to_string(), role(r)?)))
            .collect();
        for (en, fr) in pairs {
            m.insert(en.to_string(), Name::country(fr));
            m.insert(fr.to_string(), Name::country(fr));
        }
        Names(m)
    }

    /// The name `text` is read as; a text it does not know stays as it is (a side of a
    /// board game, a player's name), as a masculine noun.
    pub fn get(&self, text: &str) -> Name {
        self.0.get(text).cloned().unwrap_or_else(|| Name::masculine(text))
    }

    /// Whether `text` is one of the names (a power, God, the Devil).
    pub fn knows(&self, text: &str) -> bool {
        self.0.contains_key(text)
    }

    /// `text` in `form`: a name known here with its article; a phase in words by its season
    /// (`Automne 1901, retraites` is `de l'automne 1901, retraites`); any other text as it
    /// is, with the bare preposition of `de` and `à` only (`de Bob`, `à Bob`).
    pub fn say(&self, text: &str, form: Form) -> String {
        if let Some(n) = self.0.get(text) {
            return n.form(form);
        }
        // A phase in words (`Printemps 1901, mouvements`): its season takes the form, the
        // rest follows (`au printemps 1901, mouvements`, `de l'automne 1901, retraites`).
        let (first, rest) = text.split_once(' ').unwrap_or((text, ""));
        if let Some(season) = season(&first.to_lowercase()) {
            let sep = if rest.is_empty() { "" } else { " " };
            return format!("{}{sep}{rest}", season.form(form));
        }
        match form {
            Form::Of => format!("de {text}"),
            Form::To => format!("à {text}"),
            Form::Agreement => String::new(),
            _ => text.to_string(),
        }
    }

    /// A list of names in one form, joined the French way: `l'Angleterre, la France et
    /// l'Italie`.
    pub fn list(&self, texts: &[&str], form: Form) -> String {
        let said: Vec<String> = texts.iter().map(|t| self.say(t, form)).collect();
        match said.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} et {last}", rest.join(", ")),
        }
    }
}

/// The templates' `fr` filter: `{{ power | fr }}` gives `Angleterre`, `{{ power |
/// fr(f="le") }}` `l'Angleterre`, `f="de"` `de l'Angleterre`, `f="a"` `à l'Angleterre`, `f="en"`
/// `en Angleterre`, `f="Le"` `L'Angleterre` (a form written with a capital: the head of a
/// sentence), `f="elle"` `elle` (`lui` for a masculine name), `f="e"` the `e` of a feminine agreement
/// (`seul{{ power | fr(f="e") }}`); a list of names gives each name in that form, joined by `, ` and a
/// last `et` (`l'Angleterre, la France et l'Italie`).
impl tera::Filter for Names {
    fn filter(&self, value: &tera::Value, args: &HashMap<String, tera::Value>) -> tera::Result<tera::Value> {
        let code = args.get("f").and_then(tera::Value::as_str).unwrap_or("");
        // `Le`, `De`: the same form, at the head of a sentence.
        let head = code.starts_with(|c: char| c.is_uppercase());
        let form = Form::from_code(&code.to_lowercase())
            .ok_or_else(|| tera::Error::msg(format!("fr: unknown form \"{code}\": write le, de, a, en, elle or e")))?;
        let said = match value {
            // A list already joined (`France, Italy`) when every part is a name known here.
            tera::Value::String(s) if s.contains(", ") && s.split(", ").all(|t| self.0.contains_key(t)) => {
                self.list(&s.split(", ").collect::<Vec<_>>(), form)
            }
            tera::Value::String(s) => self.say(s, form),
            tera::Value::Array(items) => {
                let texts: Vec<&str> = items.iter().filter_map(tera::Value::as_str).collect();
                self.list(&texts, form)
            }
            other => return Ok(other.clone()),
        };
        Ok(tera::Value::String(if head { capitalised(&said) } else { said }))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn of_a_place_elides_before_a_vowel() {
        assert_eq!(super::of_place("Paris"), "de Paris");
        assert_eq!(super::of_place("Édimbourg"), "d'Édimbourg");
        assert_eq!(super::of_place("Ankara"), "d'Ankara");
        assert_eq!(super::of_place("Hollande"), "de Hollande");
    }

    use super::*;

    fn standard() -> Names {
        Names::of_countries([
            ("England", "Angleterre"),
            ("France", "France"),
            ("Germany", "Allemagne"),
            ("Italy", "Italie"),
            ("Austria", "Autriche"),
            ("Russia", "Russie"),
            ("Turkey", "Turquie"),
        ])
    }

    #[test]
    fn a_power_takes_its_article_and_elides_before_a_vowel() {
        let n = standard();
        assert_eq!(n.say("France", Form::The), "la France");
        assert_eq!(n.say("England", Form::The), "l'Angleterre");
        assert_eq!(n.say("England", Form::Of), "de l'Angleterre");
        assert_eq!(n.say("France", Form::To), "à la France");
        assert_eq!(n.say("Austria", Form::The), "l'Autriche");
        assert_eq!(n.say("Russia", Form::Of), "de la Russie");
        assert_eq!(n.say("Germany", Form::In), "en Allemagne");
        assert_eq!(n.say("Turkey", Form::Bare), "Turquie");
        assert_eq!(n.say("Italy", Form::Pronoun), "elle");
        assert_eq!(role("Devil").unwrap().form(Form::Pronoun), "lui");
        assert_eq!(n.say("Italy", Form::Agreement), "e");
        assert_eq!(role("God").unwrap().form(Form::Agreement), "");
        // Read from the French name as well.
        assert_eq!(n.say("Angleterre", Form::To), "à l'Angleterre");
    }

    #[test]
    fn a_masculine_name_contracts_its_article() {
        let god = role("God").unwrap();
        assert_eq!(god.the(), "le Bon Dieu");
        assert_eq!(god.of(), "du Bon Dieu");
        assert_eq!(god.to(), "au Bon Dieu");
        assert_eq!(role("Devil").unwrap().of(), "du Diable");
        assert_eq!(Name::country("Portugal").within(), "au Portugal");
        assert_eq!(Name::country("Portugal").the(), "le Portugal");
        assert_eq!(Name::country("Mexique").the(), "le Mexique");
        assert_eq!(Name::country("Iran").within(), "en Iran");
        assert_eq!(Name::country("Hongrie").the(), "la Hongrie");
    }

    #[test]
    fn seasons_are_lower_case_with_au_or_en() {
        assert_eq!(season("Spring").unwrap().within(), "au printemps");
        assert_eq!(season("Fall").unwrap().within(), "en automne");
        assert_eq!(season("Winter").unwrap().within(), "en hiver");
        assert_eq!(season("Fall").unwrap().of(), "de l'automne");
        assert_eq!(season("spring").unwrap().of(), "du printemps");
        assert_eq!(season("Monsoon"), None);
        let n = standard();
        assert_eq!(
            n.say("Automne 1901, mouvements", Form::Of),
            "de l'automne 1901, mouvements"
        );
        assert_eq!(
            n.say("Printemps 1901, mouvements", Form::In),
            "au printemps 1901, mouvements"
        );
        assert_eq!(n.say("Hiver 1901, ajustements", Form::Bare), "hiver 1901, ajustements");
    }

    #[test]
    fn a_name_heads_a_sentence_capitalised() {
        assert_eq!(capitalised(&Name::country("Autriche").the()), "L'Autriche");
        assert_eq!(capitalised("été"), "Été");
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn typography_puts_non_breaking_spaces_before_double_marks_and_inside_guillemets() {
        assert_eq!(typography("ligne 2 : A PAR - BUR"), "ligne 2\u{a0}: A PAR - BUR");
        assert_eq!(typography("trop tard ; voyez"), "trop tard\u{202f}; voyez");
        assert_eq!(typography("Merci ! Vraiment ?"), "Merci\u{202f}! Vraiment\u{202f}?");
        assert_eq!(typography("« Narnia » n'est pas"), "«\u{a0}Narnia\u{a0}» n'est pas");
        for same in ["http://example.org", "20 h 00", "A PAR - BUR", "a:b", "", "fin :"] {
            assert_eq!(typography(same).replace('\u{a0}', " "), same);
        }
        assert_eq!(typography("  :"), " \u{a0}:");
    }

    #[test]
    fn an_unknown_text_is_left_as_it_is() {
        let n = standard();
        assert_eq!(n.say("Blancs", Form::Bare), "Blancs");
        assert_eq!(n.say("Bob", Form::Of), "de Bob");
        assert_eq!(n.say("Bob", Form::The), "Bob");
    }

    #[test]
    fn a_list_is_joined_with_et() {
        let n = standard();
        assert_eq!(
            n.list(&["England", "France", "Italy"], Form::The),
            "l'Angleterre, la France et l'Italie"
        );
        assert_eq!(n.list(&["Turkey"], Form::Bare), "Turquie");
        assert_eq!(n.list(&[], Form::Bare), "");
    }

    #[test]
    fn the_filter_takes_a_form_and_refuses_an_unknown_one() {
        use tera::Filter;
        let n = standard();
        let mut args = HashMap::new();
        args.insert("f".to_string(), tera::Value::from("de"));
        assert_eq!(
            n.filter(&tera::Value::from("England"), &args).unwrap(),
            tera::Value::from("de l'Angleterre")
        );
        let list = tera::Value::from(vec!["France", "God"]);
        args.insert("f".to_string(), tera::Value::from("le"));
        assert_eq!(
            n.filter(&list, &args).unwrap(),
            tera::Value::from("la France et le Bon Dieu")
        );
        args.insert("f".to_string(), tera::Value::from("a"));
        let joined = tera::Value::from("France, Italy");
        assert_eq!(
            n.filter(&joined, &args).unwrap(),
            tera::Value::from("à la France et à l'Italie")
        );
        let other = tera::Value::from("Paris, Rome");
        assert_eq!(n.filter(&other, &args).unwrap(), tera::Value::from("à Paris, Rome"));
        args.insert("f".to_string(), tera::Value::from("Le"));
        assert_eq!(
            n.filter(&tera::Value::from("Austria"), &args).unwrap(),
            tera::Value::from("L'Autriche")
        );
        args.insert("f".to_string(), tera::Value::from("dans"));
        let e = n.filter(&tera::Value::from("France"), &args).unwrap_err();
        assert_eq!(
            e.to_string(),
            "fr: unknown form \"dans\": write le, de, a, en, elle or e"
        );
        assert_eq!(
            n.filter(&tera::Value::from("France"), &HashMap::new()).unwrap(),
            tera::Value::from("France")
        );
    }
}
