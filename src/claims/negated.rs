//! Negations no source states: a claim that says `not` (`Executive functions are not the
//! processes that direct behaviour`) where no sentence of its evidence, nor one beside
//! it, says anything negative in any form (a negation word, `lacks`, `fails`,
//! `without`, `unable`, a word in `un-` or `non-`, …) states what its evidence does not.
//! The negation rules of [`super::support`] read a sentence that covers the claim well
//! enough to dispute it; this one reads a claim whose evidence paraphrases it, where a
//! `not` put in by the model would otherwise pass on the strength of its other words.

use super::terms::Term;

/// Words of an evidence sentence that state something negative without a negation word
/// of [`super::terms`] (`lacks`, `fails`, `unable`, `absent`, `instead`), as the start of
/// a word; and words in `un-` or `non-` of six letters or more (`unindexed`).
const NEGATIVE_STARTS: &[&str] = &[
    "absen", "avoid", "ban", "deni", "deny", "except", "exclud", "fail", "forbid", "hardly",
    "instead", "lack", "prevent", "prohibit", "rarely", "rather", "refus", "reject", "seldom",
    "stop", "unable", "without",
];

/// True for a word of an evidence sentence that states something negative.
fn negative_word(t: &Term, text: &str) -> bool {
    if t.negation
        || super::support::RESTATES_NEGATION
            .binary_search(&t.key.as_str())
            .is_ok()
    {
        return true;
    }
    let w = text.get(t.start..t.end).unwrap_or("").to_ascii_lowercase();
    NEGATIVE_STARTS.iter().any(|s| w.starts_with(s))
        || (w.len() >= 6 && (w.starts_with("un") || w.starts_with("non")))
}

/// A negation of the claim (tokenised as `ct`) that no sentence of `window` states in
/// any form: the claim's negation word as written. `not only`, `not just`, `or not` and
/// `whether or not` negate nothing the claim states.
pub(crate) fn unstated_negation(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
) -> Option<String> {
    let word = |i: usize| {
        ct.get(i)
            .and_then(|t| claim.get(t.start..t.end))
            .unwrap_or("")
    };
    // A negation governs the content words after it up to the end of its clause, or,
    // where it ends its clause, what the clause's subject is said to do elsewhere (`…,
    // but Madagascar was not`), unless that subject is the speaker or the listener (`I
    // haven't, but it was completed in 1889` negates nothing the claim states).
    let breaks = |k: usize| {
        k == 0
            || claim
                .get(ct[k - 1].end..ct[k].start)
                .is_some_and(|g| g.contains([',', ';', ':', '(', ')']))
    };
    let governs = |i: usize| {
        let mut k = i + 1;
        while k < ct.len() && !breaks(k) {
            if !ct[k].stop && !ct[k].negation {
                return true;
            }
            k += 1;
        }
        let mut k = i;
        while !breaks(k) {
            k -= 1;
            if matches!(word(k).to_ascii_lowercase().as_str(), "i" | "we" | "you") {
                return false;
            }
        }
        true
    };
    let negated = (0..ct.len()).find(|&i| {
        ct[i].negation
            && !matches!(word(i + 1).to_ascii_lowercase().as_str(), "only" | "just")
            && !word(i.wrapping_sub(1)).eq_ignore_ascii_case("or")
            && governs(i)
    })?;
    // The opposite of a word the negation governs (`did not win` against `lost`): the
    // content words up to three places after it.
    let pole = |text: &str, t: &Term| text.get(t.start..t.end).and_then(super::antonyms::pole);
    let governed: Vec<_> = ct
        .get(negated + 1..(negated + 4).min(ct.len()))
        .unwrap_or(&[])
        .iter()
        .filter_map(|t| pole(claim, t))
        .collect();
    let opposite = |text: &str, t: &Term| {
        pole(text, t).is_some_and(|q| {
            governed
                .iter()
                .any(|p| p.pair == q.pair && p.side != q.side)
        })
    };
    let stated = window.iter().any(|(text, ts)| {
        ts.iter()
            .any(|t| negative_word(t, text) || opposite(text, t))
    });
    (!stated).then(|| word(negated).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::terms::{terms, with_window};

    fn unstated(claim: &str, source: &[&str]) -> Option<String> {
        with_window(source, |window| {
            unstated_negation(claim, &terms(claim), window)
        })
    }

    #[test]
    fn a_negation_no_sentence_states_in_any_form() {
        let ef = ["Executive functions are those cognitive processes that direct behavior."];
        assert_eq!(
            unstated(
                "Executive functions are not processes that direct behavior.",
                &ef
            )
            .as_deref(),
            Some("not")
        );
        assert_eq!(
            unstated("Executive functions aren't cognitive processes.", &ef).as_deref(),
            Some("aren't")
        );
        // Stated in other words, or negating nothing the claim states.
        let cats = ["Most cats lack the enzyme needed to digest lactose."];
        assert_eq!(unstated("Most cats cannot digest lactose.", &cats), None);
        let web = ["The deep web is made of unindexed pages."];
        assert_eq!(
            unstated("Search engines do not index the deep web.", &web),
            None
        );
        assert_eq!(unstated("It is not only safe but effective.", &ef), None);
        assert_eq!(unstated("I haven't, but they direct behavior.", &ef), None);
        let final_ = ["The team lost the final 2-1 after extra time."];
        assert_eq!(unstated("The team did not win the final.", &final_), None);
        let jobs = ["About 200 workers lost their jobs."];
        assert_eq!(
            unstated("About 200 workers were left without jobs.", &jobs),
            None
        );
        assert_eq!(
            unstated("Whether or not it helps, it directs behavior.", &ef),
            None
        );
        assert_eq!(unstated("Executive functions direct behavior.", &ef), None);
    }
}
