//! Places and their adjectives where the one is not the other with an ending added
//! (`Poland` / `Polish`, `France` / `French`, `the Netherlands` / `Dutch`). The regular
//! ones (`Italy` / `Italian`, `Kenya` / `Kenyan`) are matched by their shared beginning
//! (see `features::demonym_of` and the fuzzy credit); these are not. A prepared source
//! that names such a place holds its adjective's key beside it, so a claim that says
//! `the Polish factory` of a source's `factory in Poland` is matched as if it used the
//! source's word: in coverage, and by the name rule. The other way only where the
//! adjective stands before a lower-case word that is not a language's (`the Dutch
//! government` names the Netherlands; `written in Dutch`, `Danish: Nordiske …` and
//! `British English speakers` do not): most of these adjectives also name a language,
//! and a source that writes the language does not name the country.

/// Each place and its adjective, in lower case, sorted by place (checked in a unit test).
/// General geography: countries and regions whose adjective is not the name with an
/// ending.
const COUNTERPARTS: &[(&str, &str)] = &[
    ("afghanistan", "afghan"),
    ("bangladesh", "bangladeshi"),
    ("belgium", "belgian"),
    ("britain", "british"),
    ("catalonia", "catalan"),
    ("congo", "congolese"),
    ("cyprus", "cypriot"),
    ("czechia", "czech"),
    ("denmark", "danish"),
    ("england", "english"),
    ("finland", "finnish"),
    ("flanders", "flemish"),
    ("france", "french"),
    ("greece", "greek"),
    ("holland", "dutch"),
    ("iceland", "icelandic"),
    ("iraq", "iraqi"),
    ("ireland", "irish"),
    ("israel", "israeli"),
    ("kazakhstan", "kazakh"),
    ("kuwait", "kuwaiti"),
    ("lebanon", "lebanese"),
    ("madagascar", "malagasy"),
    ("malta", "maltese"),
    ("nepal", "nepali"),
    ("netherlands", "dutch"),
    ("norway", "norwegian"),
    ("oman", "omani"),
    ("pakistan", "pakistani"),
    ("peru", "peruvian"),
    ("philippines", "filipino"),
    ("poland", "polish"),
    ("portugal", "portuguese"),
    ("qatar", "qatari"),
    ("scotland", "scottish"),
    ("senegal", "senegalese"),
    ("slovakia", "slovak"),
    ("spain", "spanish"),
    ("sweden", "swedish"),
    ("switzerland", "swiss"),
    ("thailand", "thai"),
    ("turkey", "turkish"),
    ("uzbekistan", "uzbek"),
    ("wales", "welsh"),
    ("yemen", "yemeni"),
];

/// Adjectives of nationality, lower case, sorted (a unit test checks): a capitalised one
/// is a name wherever it stands, the opening word of a claim included (`Chinese
/// scientists have …`), as a place is.
const NATIONALITIES: &[&str] = &[
    "afghan",
    "african",
    "albanian",
    "algerian",
    "american",
    "angolan",
    "arab",
    "arabian",
    "argentine",
    "argentinian",
    "armenian",
    "asian",
    "australian",
    "austrian",
    "azerbaijani",
    "bangladeshi",
    "basque",
    "belarusian",
    "belgian",
    "bolivian",
    "bosnian",
    "brazilian",
    "british",
    "bulgarian",
    "burmese",
    "cambodian",
    "cameroonian",
    "canadian",
    "catalan",
    "chilean",
    "chinese",
    "colombian",
    "congolese",
    "croatian",
    "cuban",
    "cypriot",
    "czech",
    "danish",
    "dutch",
    "ecuadorian",
    "egyptian",
    "english",
    "eritrean",
    "estonian",
    "ethiopian",
    "european",
    "filipino",
    "finnish",
    "flemish",
    "french",
    "georgian",
    "german",
    "ghanaian",
    "greek",
    "guatemalan",
    "haitian",
    "honduran",
    "hungarian",
    "icelandic",
    "indian",
    "indonesian",
    "iranian",
    "iraqi",
    "irish",
    "israeli",
    "italian",
    "ivorian",
    "jamaican",
    "japanese",
    "jordanian",
    "kazakh",
    "kenyan",
    "korean",
    "kosovan",
    "kurdish",
    "kuwaiti",
    "laotian",
    "latvian",
    "lebanese",
    "liberian",
    "libyan",
    "lithuanian",
    "malagasy",
    "malawian",
    "malaysian",
    "maltese",
    "mexican",
    "moldovan",
    "mongolian",
    "montenegrin",
    "moroccan",
    "mozambican",
    "namibian",
    "nepalese",
    "nepali",
    "nigerian",
    "norwegian",
    "omani",
    "pakistani",
    "palestinian",
    "panamanian",
    "paraguayan",
    "persian",
    "peruvian",
    "polish",
    "portuguese",
    "qatari",
    "romanian",
    "russian",
    "rwandan",
    "saudi",
    "scottish",
    "senegalese",
    "serbian",
    "singaporean",
    "slovak",
    "slovakian",
    "slovenian",
    "somali",
    "spanish",
    "sudanese",
    "swedish",
    "swiss",
    "syrian",
    "taiwanese",
    "tajik",
    "tanzanian",
    "thai",
    "tibetan",
    "tunisian",
    "turkish",
    "ugandan",
    "ukrainian",
    "uruguayan",
    "uzbek",
    "venezuelan",
    "vietnamese",
    "welsh",
    "yemeni",
    "zambian",
    "zimbabwean",
];

/// True for an adjective of nationality of [`NATIONALITIES`] written with a capital
/// (`Chinese`, `Chinese-born` is not one), singular or plural (`Canadians`).
pub(crate) fn is_nationality(surface: &str) -> bool {
    if !surface.starts_with(|c: char| c.is_ascii_uppercase()) {
        return false;
    }
    let mut buf = [0u8; 12];
    let Some(lower) = super::terms::ascii_lower(surface, &mut buf) else {
        return false;
    };
    let found = |w: &str| NATIONALITIES.binary_search(&w).is_ok();
    found(lower) || lower.strip_suffix('s').is_some_and(found)
}

/// The adjective of a place (`Poland` → `polish`), in lower case, for a word written
/// with a capital; `None` for any other word (a lower-case `turkey` is an ordinary word,
/// and `Italy` a regular one).
pub(crate) fn counterpart(surface: &str) -> Option<&'static str> {
    if !surface.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let mut buf = [0u8; 12];
    let lower = super::terms::ascii_lower(surface, &mut buf)?;
    COUNTERPARTS
        .binary_search_by(|(form, _)| (*form).cmp(lower))
        .ok()
        .and_then(|i| COUNTERPARTS.get(i))
        .map(|&(_, other)| other)
}

/// Nouns after an adjective of [`COUNTERPARTS`] that make it a language (`British English
/// speakers`, `the Dutch word for …`), lower case, sorted: the adjective names no place
/// there.
const LANGUAGE_NOUNS: &[&str] = &[
    "accent",
    "course",
    "courses",
    "dialect",
    "dictionary",
    "equivalent",
    "expression",
    "grammar",
    "language",
    "lesson",
    "lessons",
    "literature",
    "name",
    "names",
    "phrase",
    "phrases",
    "speaker",
    "speakers",
    "speaking",
    "spelling",
    "subtitles",
    "teacher",
    "teachers",
    "term",
    "terms",
    "text",
    "texts",
    "translation",
    "translations",
    "version",
    "word",
    "words",
];

/// True when `word` (as written) is one of [`LANGUAGE_NOUNS`].
pub(crate) fn language_noun(word: &str) -> bool {
    let mut buf = [0u8; 12];
    super::terms::ascii_lower(word, &mut buf)
        .is_some_and(|w| LANGUAGE_NOUNS.binary_search(&w).is_ok())
}

/// The places whose adjective (one of [`COUNTERPARTS`]) is `surface`, written with a
/// capital (`Dutch` → `holland`, `netherlands`); empty for any other word. Read only for an
/// adjective before a lower-case word (`the Dutch government`), which names the country:
/// one that ends its phrase may name a language (`written in Dutch`).
pub(crate) fn places_of(surface: &str) -> Vec<&'static str> {
    if !surface.starts_with(|c: char| c.is_ascii_uppercase()) {
        return Vec::new();
    }
    let mut buf = [0u8; 12];
    let Some(lower) = super::terms::ascii_lower(surface, &mut buf) else {
        return Vec::new();
    };
    COUNTERPARTS
        .iter()
        .filter(|(_, adjective)| *adjective == lower)
        .map(|&(place, _)| place)
        .collect()
}

/// Countries most often written by their acronym, and the names that stand for them
/// (lower case, full stops dropped, sorted): a source that writes one holds the others'
/// keys (both ways: neither is a language).
const ACRONYMS: &[(&str, &[&str])] = &[
    ("america", &["us", "usa"]),
    ("american", &["us", "usa"]),
    ("americans", &["us", "usa"]),
    ("britain", &["uk"]),
    ("british", &["uk"]),
    ("uk", &["britain", "british"]),
    ("us", &["america", "american", "usa"]),
    ("usa", &["america", "american", "us"]),
];
// (`aliases` relies on every form opening with a, b or u: a unit test checks.)

/// The other names of a country that [`ACRONYMS`] lists (`U.S` → `america`, `usa`), for
/// a word written with a capital; empty for any other word (`us` is the pronoun).
pub(crate) fn aliases(surface: &str) -> &'static [&'static str] {
    // Every form of the table opens with A, B or U (one byte rules most words out).
    if !matches!(surface.as_bytes().first(), Some(b'A' | b'B' | b'U')) {
        return &[];
    }
    let mut buf = [0u8; 12];
    let mut n = 0;
    for b in surface.bytes().filter(|&b| b != b'.') {
        let Some(slot) = buf.get_mut(n) else {
            return &[];
        };
        *slot = b.to_ascii_lowercase();
        n += 1;
    }
    let Some(lower) = buf.get(..n).and_then(|b| std::str::from_utf8(b).ok()) else {
        return &[];
    };
    ACRONYMS
        .binary_search_by(|(form, _)| (*form).cmp(lower))
        .ok()
        .and_then(|i| ACRONYMS.get(i))
        .map_or(&[], |&(_, others)| others)
}

/// The mark of a key that a prepared source holds for a name it does not write: the
/// initials of a run of names (`United Kingdom` → `uk`) and a country's other names of
/// [`ACRONYMS`]. Only a claim word that is an acronym or names such a country
/// ([`asks_marked`]) is matched against marked keys, so that `David Coleman` is not
/// taken for a source's `David Cutcliffe` by their initials.
const MARK: char = '\u{1}';

/// `key` with [`MARK`] before it.
pub(crate) fn marked(key: &str) -> String {
    let mut m = String::with_capacity(key.len() + 1);
    m.push(MARK);
    m.push_str(key);
    m
}

/// True for a claim word, as written, that a marked key of the sources may state: an
/// acronym (two to six capitals, full stops between them allowed) or a country of
/// [`ACRONYMS`].
pub(crate) fn asks_marked(surface: &str) -> bool {
    let letters = surface.bytes().filter(|&b| b != b'.');
    let n = letters.clone().count();
    ((2..=6).contains(&n) && letters.clone().all(|b| b.is_ascii_uppercase()))
        || !aliases(surface).is_empty()
}

/// True when keys `a` and `b` (stems, as `terms` gives them) name one place by
/// [`COUNTERPARTS`] or [`ACRONYMS`] (`uk` and `british`, `poland` and `polish`), either
/// way round.
pub(crate) fn same_place_keys(a: &str, b: &str) -> bool {
    static PAIRS: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();
    let pairs = PAIRS.get_or_init(|| {
        let stem = super::terms::stem;
        let mut v: Vec<(String, String)> = COUNTERPARTS
            .iter()
            .map(|&(p, a)| (p, a))
            .chain(
                ACRONYMS
                    .iter()
                    .flat_map(|&(w, others)| others.iter().map(move |&o| (w, o))),
            )
            .flat_map(|(x, y)| [(stem(x), stem(y)), (stem(y), stem(x))])
            .collect();
        crate::text::sort::sort_by(&mut v, |x, y| x.cmp(y));
        v.dedup();
        v
    });
    a != b
        && pairs
            .binary_search_by(|(x, y)| (x.as_str(), y.as_str()).cmp(&(a, b)))
            .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted() {
        assert!(COUNTERPARTS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(COUNTERPARTS.iter().all(|(p, a)| p.len() <= 12 && p != a));
    }

    #[test]
    fn nationalities() {
        assert!(NATIONALITIES.windows(2).all(|w| w[0] < w[1]));
        assert!(NATIONALITIES.iter().all(|w| w.len() <= 12));
        assert!(is_nationality("Chinese") && is_nationality("Canadians"));
        assert!(is_nationality("FRENCH"));
        assert!(!is_nationality("chinese") && !is_nationality("Median"));
        assert!(!is_nationality("Physicians") && !is_nationality(""));
    }

    #[test]
    fn acronyms_and_their_countries() {
        assert!(ACRONYMS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(ACRONYMS
            .iter()
            .all(|(w, _)| matches!(w.as_bytes()[0], b'a' | b'b' | b'u')));
        assert_eq!(aliases("U.S"), &["america", "american", "usa"]);
        assert_eq!(aliases("US"), &["america", "american", "usa"]);
        assert_eq!(aliases("Americans"), &["us", "usa"]);
        assert_eq!(aliases("UK"), &["britain", "british"]);
        assert!(aliases("us").is_empty()); // the pronoun
        assert!(aliases("Usage").is_empty());
        assert!(aliases("Ünited").is_empty());
        assert!(aliases("").is_empty());
        assert!(asks_marked("UK") && asks_marked("U.S") && asks_marked("American"));
        assert!(!asks_marked("United") && !asks_marked("I") && !asks_marked("us"));
        let key = |w: &str| crate::claims::terms::stem(w);
        assert!(same_place_keys(&key("uk"), &key("british")));
        assert!(same_place_keys(&key("american"), &key("us")));
        assert!(same_place_keys(&key("polish"), &key("poland")));
        assert!(!same_place_keys(&key("uk"), &key("american")));
        assert!(!same_place_keys(&key("uk"), &key("uk")));
    }

    #[test]
    fn an_adjective_names_its_places_and_language_nouns_are_sorted() {
        assert!(LANGUAGE_NOUNS.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(places_of("Dutch"), vec!["holland", "netherlands"]);
        assert_eq!(places_of("Swiss"), vec!["switzerland"]);
        assert!(places_of("dutch").is_empty() && places_of("Kenyan").is_empty());
        assert!(language_noun("speakers") && language_noun("Word") && !language_noun("government"));
    }

    #[test]
    fn only_capitalised_words_have_a_counterpart() {
        assert_eq!(counterpart("Poland"), Some("polish"));
        assert_eq!(counterpart("POLAND"), Some("polish"));
        assert_eq!(counterpart("Netherlands"), Some("dutch"));
        assert_eq!(counterpart("Turkey"), Some("turkish"));
        assert_eq!(counterpart("turkey"), None);
        assert_eq!(counterpart("Polish"), None); // a language too: one way only
        assert_eq!(counterpart("Italy"), None); // regular: matched by its beginning
        assert_eq!(counterpart("Switzerlands"), None);
        assert_eq!(counterpart(""), None);
        assert_eq!(counterpart("Ünited"), None);
    }
}
