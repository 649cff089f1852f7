//! What a name is said to be: `Paul McCartney was the band's manager` says one thing of
//! the name, `manager`, and a source that names Paul McCartney and the band but never a
//! manager does not say it. Coverage weighs the two names and `band` against the one
//! missing word and calls the claim supported; the rule reads the copular sentence's
//! complement instead, the noun that says what the name is, and asks that some source
//! write it.

use super::roles::COPULAS;
use super::terms::Term;

/// The words that open the complement's noun phrase (`the`, `a`, a possessive):
/// [`super::DETERMINERS`] without the demonstratives and `my` (`that` opens a clause as
/// often as a noun phrase).
const OPENERS: &[&str] = &[
    "the", "a", "an", "their", "its", "his", "her", "our", "your",
];

/// Words after the head noun that end its phrase: a preposition or a relative.
const AFTER: &[&str] = &[
    "of", "for", "in", "at", "to", "on", "from", "who", "that", "with", "and", "since", "until",
    "during", "when", "between", "by",
];

/// Nouns that say too little to be the claim's point (`one of the`, `part of`, `a kind
/// of`): the words after them carry it.
const GENERIC: &[&str] = &[
    "one", "part", "kind", "type", "sort", "lot", "number", "example", "way",
];

/// Nouns of a person's occupation, office or position that stand before a name as its
/// title (`defender Bruno Silva`, `rapper Ludacris`, `novelist Simon Mawer`): general
/// English, sorted (a unit test checks). Not words of other common senses (`model`,
/// `general`, `chair`, `judge`, `forward`).
const ROLE_NOUNS: &[&str] = &[
    "actor",
    "actress",
    "admiral",
    "ambassador",
    "analyst",
    "architect",
    "artist",
    "astronaut",
    "athlete",
    "attorney",
    "author",
    "banker",
    "bassist",
    "batsman",
    "biologist",
    "bishop",
    "bowler",
    "boxer",
    "broadcaster",
    "businessman",
    "businesswoman",
    "cardinal",
    "cellist",
    "chairman",
    "chairwoman",
    "chancellor",
    "chef",
    "chemist",
    "choreographer",
    "colonel",
    "comedian",
    "commander",
    "commentator",
    "composer",
    "conductor",
    "congressman",
    "congresswoman",
    "councillor",
    "cyclist",
    "dancer",
    "defender",
    "detective",
    "diplomat",
    "director",
    "drummer",
    "economist",
    "editor",
    "emperor",
    "engineer",
    "entrepreneur",
    "filmmaker",
    "goalkeeper",
    "golfer",
    "governor",
    "guitarist",
    "historian",
    "inventor",
    "journalist",
    "lawyer",
    "mathematician",
    "mayor",
    "midfielder",
    "minister",
    "musician",
    "novelist",
    "painter",
    "philosopher",
    "photographer",
    "physicist",
    "pianist",
    "pitcher",
    "playwright",
    "poet",
    "politician",
    "presenter",
    "producer",
    "professor",
    "quarterback",
    "rapper",
    "reporter",
    "scientist",
    "sculptor",
    "senator",
    "singer",
    "songwriter",
    "spokesman",
    "spokeswoman",
    "sprinter",
    "striker",
    "surgeon",
    "swimmer",
    "violinist",
    "winger",
    "wrestler",
    "writer",
];

/// The title before a name (`signed defender Bruno Silva`): a noun of [`ROLE_NOUNS`] in
/// lower case right before a capitalised word, as written, when no source writes it
/// (`in_sources` of its key) and the question does not (`asked`). Not a negated claim.
pub(crate) fn unstated_title(
    claim: &str,
    ct: &[Term],
    in_sources: &dyn Fn(&str) -> bool,
    asked: &dyn Fn(&str) -> bool,
) -> Option<String> {
    if ct.iter().any(|t| t.negation) {
        return None;
    }
    ct.windows(2).find_map(|w| {
        let (role, name) = (w.first()?, w.get(1)?);
        if role.capitalised || role.stop || role.numeric || !name.capitalised || name.stop {
            return None;
        }
        let word = claim.get(role.start..role.end)?;
        (super::roles::spaced(claim, role, name)
            && ROLE_NOUNS.binary_search(&word).is_ok()
            && !in_sources(&role.key)
            && !asked(&role.key))
        .then(|| word.to_string())
    })
}

/// The complement of a copular clause whose subject is a name (`<Name> was the band's
/// manager`, `<Name> is a founding member of …`): its head noun, as written, when no
/// source writes it (`in_sources` of its key) and the question does not (`asked`).
/// Only a subject of capitalised words right before `is`/`was`/`are`/`were`, only a
/// complement that opens with an article or a possessive and has at most two words
/// before its head (`the band's`, `a founding`), and only a head followed by the
/// clause's end, a comma or a preposition. Not a negated claim (the polarity rules').
pub(crate) fn unstated_complement(
    claim: &str,
    ct: &[Term],
    in_sources: &dyn Fn(&str) -> bool,
    asked: &dyn Fn(&str) -> bool,
) -> Option<String> {
    if ct.iter().any(|t| t.negation) {
        return None;
    }
    let surface = |t: &Term| claim.get(t.start..t.end).unwrap_or("");
    let is = |t: &Term, words: &[&str]| words.iter().any(|w| surface(t).eq_ignore_ascii_case(w));
    // Only spaces between two tokens (a comma or a dash ends the phrase).
    let joined = |a: &Term, b: &Term| {
        claim
            .get(a.end..b.start)
            .is_some_and(|g| !g.is_empty() && g.chars().all(|c| c == ' '))
    };
    for c in 1..ct.len() {
        let (Some(subject), Some(copula)) = (ct.get(c - 1), ct.get(c)) else {
            continue;
        };
        // The token's flags first: most tokens follow no name, and the word list is
        // compared only where one does.
        if !subject.capitalised || subject.stop || subject.numeric || !is(copula, COPULAS) {
            continue;
        }
        if !joined(subject, copula) || c + 1 >= ct.len() {
            continue;
        }
        let opener = ct.get(c + 1)?;
        if !is(opener, OPENERS) || !joined(copula, opener) {
            continue;
        }
        // The head: the last lower-case content word of at most three after the opener,
        // each joined to the one before by spaces only, followed by the clause's end or
        // a word of AFTER.
        let mut head = None;
        let mut prev = opener;
        for k in c + 2..(c + 5).min(ct.len()) {
            let Some(t) = ct.get(k) else { break };
            if !joined(prev, t) || t.numeric || t.capitalised || t.stop {
                break;
            }
            let rest = claim.get(t.end..).unwrap_or("");
            let next = ct.get(k + 1);
            // A possessive (`the band's manager`) is followed by its noun.
            let possessive = rest.starts_with("'s") || rest.starts_with("’s");
            let ends = !possessive
                && match next {
                    None => true,
                    Some(n) => {
                        let gap = claim.get(t.end..n.start).unwrap_or("");
                        gap.contains([',', ';', ':', '.', '(', '[', '—', '–'])
                            || (gap.chars().all(|ch| ch == ' ') && is(n, AFTER))
                    }
                };
            if ends {
                head = Some(t);
                break;
            }
            prev = t;
        }
        let head = head?;
        let word = surface(head);
        if word.len() < 4
            || GENERIC.iter().any(|g| word.eq_ignore_ascii_case(g))
            || in_sources(&head.key)
            || asked(&head.key)
        {
            return None;
        }
        return Some(word.to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of this module's rules: the claim, its terms, whether a source and whether the
    /// question write a key.
    type Reading =
        fn(&str, &[Term], &dyn Fn(&str) -> bool, &dyn Fn(&str) -> bool) -> Option<String>;

    /// What `reading` (one of this module's rules) finds in `claim` against `source`,
    /// with no question.
    fn read(reading: Reading, claim: &str, source: &str) -> Option<String> {
        let ct = super::super::terms::terms(claim);
        let st = super::super::terms::terms(source);
        let keys: Vec<String> = st.iter().map(|t| t.key.clone()).collect();
        reading(claim, &ct, &|k| keys.iter().any(|x| x == k), &|_| false)
    }

    fn run(claim: &str, source: &str) -> Option<String> {
        read(unstated_complement, claim, source)
    }

    const BEATLES: &str = "The Beatles were an English rock band formed in Liverpool in 1960. \
        The group, whose best-known line-up comprised John Lennon, Paul McCartney, George \
        Harrison and Ringo Starr, are regarded as the most influential band of all time.";

    fn title(claim: &str, source: &str) -> Option<String> {
        read(unstated_title, claim, source)
    }

    #[test]
    fn role_nouns_are_sorted() {
        assert!(ROLE_NOUNS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_title_before_a_name() {
        let signing = "Manchester United have signed midfielder Bruno Silva from Benfica.";
        assert_eq!(
            title("United have signed defender Bruno Silva.", signing).as_deref(),
            Some("defender")
        );
        assert_eq!(
            title("United have signed midfielder Bruno Silva.", signing),
            None
        );
        // Not a title: a capitalised word, a verb, a negated claim, a word of another sense.
        assert_eq!(title("Defender Bruno Silva signed.", signing), None);
        assert_eq!(title("United met Bruno Silva.", signing), None);
        assert_eq!(
            title("United did not sign defender Bruno Silva.", signing),
            None
        );
        assert_eq!(
            title(
                "The agent told reporter Jane Doe.",
                "The agent told Jane Doe."
            ),
            Some("reporter".into())
        );
        assert_eq!(title("He played forward Bruno Silva.", signing), None);
    }

    #[test]
    fn a_role_no_source_gives() {
        assert_eq!(
            run("Paul McCartney was the band's manager.", BEATLES).as_deref(),
            Some("manager")
        );
        assert_eq!(
            run("Ringo Starr was their drummer.", BEATLES).as_deref(),
            Some("drummer")
        );
        assert_eq!(
            run("Minoru Suzuki was a founding member of the group.", BEATLES).as_deref(),
            Some("member")
        );
    }

    #[test]
    fn a_role_the_source_gives() {
        assert_eq!(run("The Beatles were an English rock band.", BEATLES), None);
        assert_eq!(
            run("The Beatles were a rock band from Liverpool.", BEATLES),
            None
        );
        assert_eq!(
            run(
                "The Beatles are the most influential band of all time.",
                BEATLES
            ),
            None
        );
    }

    #[test]
    fn other_shapes_are_not_read() {
        // No article: a participle or an adjective, not a noun phrase.
        assert_eq!(run("John Lennon was born in Liverpool.", BEATLES), None);
        // A pronoun subject, a negation, a generic head, a name as the head.
        assert_eq!(run("He was their drummer.", BEATLES), None);
        assert_eq!(run("Ringo Starr was not their drummer.", BEATLES), None);
        assert_eq!(run("Ringo Starr was one of them.", BEATLES), None);
        assert_eq!(run("Ringo Starr was a Traveling Wilbury.", BEATLES), None);
        // A head the question asks about.
        let ct = super::super::terms::terms("Ringo Starr was their drummer.");
        let key = ct
            .iter()
            .find(|t| t.start == 22)
            .map(|t| t.key.clone())
            .unwrap();
        assert_eq!(
            unstated_complement("Ringo Starr was their drummer.", &ct, &|_| false, &|k| k
                == key),
            None
        );
    }
}
