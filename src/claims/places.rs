//! Places and their adjectives where the one is not the other with an ending added
//! (`Poland` / `Polish`, `France` / `French`, `the Netherlands` / `Dutch`). The regular
//! ones (`Italy` / `Italian`, `Kenya` / `Kenyan`) are matched by their shared beginning
//! (see `features::demonym_of` and the fuzzy credit); these are not. A prepared source
//! that names such a place holds its adjective's key beside it, so a claim that says
//! `the Polish factory` of a source's `factory in Poland` is matched as if it used the
//! source's word: in coverage, and by the name rule. One way only: most of these
//! adjectives also name a language (`English`, `Danish: Nordiske …`), and a source that
//! writes the language does not name the country.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted() {
        assert!(COUNTERPARTS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(COUNTERPARTS.iter().all(|(p, a)| p.len() <= 12 && p != a));
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
