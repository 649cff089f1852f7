//! A person's pronoun of the other gender: `Maria Lopez said he would resign` against
//! `Maria Lopez … said she would resign`. Pronouns are function words, so coverage and
//! the name rules cannot see the change; the rule reads the words on either side of each
//! gendered pronoun of the claim and asks whether a sentence of the evidence writes them
//! around the other gender's pronoun, and never around the claim's.

use super::terms::Term;

/// The gender of a third-person singular pronoun's key: `Some(true)` for `he` and its
/// forms, `Some(false)` for `she` and hers.
fn gender(key: &str) -> Option<bool> {
    match key {
        "he" | "him" | "himself" | "his" => Some(true),
        "her" | "hers" | "herself" | "she" => Some(false),
        _ => None,
    }
}

/// True when `ct` holds a gendered pronoun: most claims hold none, and the evidence's
/// window is not read for them.
pub(crate) fn any_gendered(ct: &[Term]) -> bool {
    ct.iter().any(|t| t.stop && gender(&t.key).is_some())
}

/// The claim's gendered pronoun (as written) and the evidence's (as written) where a
/// sentence of `window` writes the pronoun's two neighbours in the claim (at least one
/// a content word, joined to it by spaces only) around a pronoun of the other gender,
/// and no sentence writes them around one of the claim's gender.
pub(crate) fn swapped_pronoun(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
) -> Option<(String, String)> {
    use super::roles::spaced;
    ct.windows(3).find_map(|w| {
        let (prev, pronoun, next) = (w.first()?, w.get(1)?, w.get(2)?);
        let mine = gender(&pronoun.key)?;
        if (prev.stop && next.stop)
            || !spaced(claim, prev, pronoun)
            || !spaced(claim, pronoun, next)
        {
            return None;
        }
        // Each place in the window where the two neighbours stand around a pronoun.
        let mut theirs = None;
        for (text, ts) in window {
            for v in ts.windows(3) {
                let (Some(a), Some(p), Some(b)) = (v.first(), v.get(1), v.get(2)) else {
                    continue;
                };
                if a.key != prev.key || b.key != next.key {
                    continue;
                }
                match gender(&p.key) {
                    Some(g) if g == mine => return None,
                    Some(_) if spaced(text, a, p) && spaced(text, p, b) => {
                        theirs = theirs.or_else(|| text.get(p.start..p.end).map(str::to_string));
                    }
                    _ => {}
                }
            }
        }
        Some((claim.get(pronoun.start..pronoun.end)?.to_string(), theirs?))
    })
}

#[cfg(test)]
mod tests {
    use super::super::terms::{terms, with_window};
    use super::*;

    fn run(claim: &str, sentences: &[&str]) -> Option<(String, String)> {
        let ct = terms(claim);
        with_window(sentences, |window| swapped_pronoun(claim, &ct, window))
    }

    const MAYOR: &str =
        "Maria Lopez, the city's mayor, said she would resign in March after a review of her spending.";

    #[test]
    fn the_other_gender_around_the_same_words() {
        assert_eq!(
            run("Maria Lopez said he would resign in March.", &[MAYOR]),
            Some(("he".into(), "she".into()))
        );
        assert_eq!(
            run("She resigned after a review of his spending.", &[MAYOR]),
            Some(("his".into(), "her".into()))
        );
    }

    #[test]
    fn the_same_gender_or_other_words_are_not_read() {
        assert_eq!(run("Maria Lopez said she would resign.", &[MAYOR]), None);
        // Neighbours the evidence does not write around a pronoun.
        assert_eq!(run("Maria Lopez thinks he will resign.", &[MAYOR]), None);
        // Two function words on either side are too common to place it.
        assert_eq!(
            run("It was he who resigned.", &["It was she who resigned."]),
            None
        );
        // Both genders around the same words: not read.
        assert_eq!(
            run(
                "Tom said he would stay.",
                &["Ann said she would go.", "Tom said he would stay."]
            ),
            None
        );
    }
}
