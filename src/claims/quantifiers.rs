//! Quantifiers over one group: a claim that says `all` of a group where its best evidence
//! sentence says `some` or `most` of it (`All of the volunteers reported better sleep`
//! against `Most of them reported better sleep`), or `only some` where the sentence says
//! `all` (`Only some member states ratified the agreement` against `Every member state
//! ratified the agreement`), is contradicted, as an antonym is. `some` against `all`
//! states less, not the opposite, and is left alone; `no` and `none` are negations and
//! read as such.

use std::sync::OnceLock;

use super::numbers::number_word;
use super::support::related;
use super::terms::{terms, Term};

/// How much of its group a quantifier takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Share {
    /// `all`, `every`, `each`.
    All,
    /// `some`, `most`, `many`, `several`, `a few`, `half`: part of the group, perhaps all.
    Part,
    /// `only some`, `not all`, `few`, `only a few`: part of the group and not all of it.
    NotAll,
}

/// A quantifier of a text: its share, the key of the group it takes (None for `of them`,
/// `of these`, `of those`: a group named before), and the quantifier as written.
struct Quantifier {
    share: Share,
    group: Option<String>,
    written: String,
}

/// Words that open a quantifier, by their share before any `only`, `not` or `a`.
fn share_of(word: &str) -> Option<Share> {
    const ALL: &[&str] = &["all", "each", "every"];
    const PART: &[&str] = &["few", "half", "many", "most", "several", "some"];
    // Most words are ruled out by their length and first letter before any comparison.
    let first = word.as_bytes().first().map(u8::to_ascii_lowercase);
    if !(3..=7).contains(&word.len())
        || !matches!(first, Some(b'a' | b'e' | b'f' | b'h' | b'm' | b's'))
    {
        return None;
    }
    let is = |list: &[&str]| list.iter().any(|q| word.eq_ignore_ascii_case(q));
    if is(ALL) {
        Some(Share::All)
    } else if is(PART) {
        Some(Share::Part)
    } else {
        None
    }
}

/// The quantifiers of `text` (tokenised as `ts`) that take a group: the quantifier, then
/// within four words `of`, articles, possessives and numbers (in digits or words) before
/// the group's first content word, or `of them` / `of these` / `of those`. `some 40
/// people` (about 40), `the most popular` (a superlative), `at all`, `after all`, `each
/// other` and `how many` take no group.
fn quantifiers(text: &str, ts: &[Term]) -> Vec<Quantifier> {
    let word = |i: usize| {
        ts.get(i)
            .and_then(|t| text.get(t.start..t.end))
            .unwrap_or("")
    };
    let is = |i: usize, w: &str| i < ts.len() && word(i).eq_ignore_ascii_case(w);
    // Only spaces between tokens `a` and `a + 1`.
    let joined = |a: usize| {
        ts.get(a)
            .zip(ts.get(a + 1))
            .and_then(|(x, y)| text.get(x.end..y.start))
            .is_some_and(|gap| gap.chars().all(char::is_whitespace))
    };
    let mut found = Vec::new();
    for i in 0..ts.len() {
        let Some(mut share) = share_of(word(i)) else {
            continue;
        };
        let before = i.checked_sub(1);
        let prev = |w: &str| before.is_some_and(|b| is(b, w) && joined(b));
        if prev("the")
            || prev("at")
            || prev("after")
            || prev("above")
            || prev("how")
            || prev("so")
            || prev("too")
            || prev("as")
        {
            continue;
        }
        if is(i + 1, "other") || is(i + 1, "but") || is(i + 1, "in") {
            continue;
        }
        let lower = word(i).to_ascii_lowercase();
        if lower == "some" && ts.get(i + 1).is_some_and(|t| t.numeric) {
            continue;
        }
        if lower == "few" {
            share = if prev("a") {
                Share::Part
            } else {
                Share::NotAll
            };
        }
        if prev("only") || (share == Share::All && prev("not")) {
            share = Share::NotAll;
        }
        // The group: skip `of`, articles, possessives and numbers.
        let mut group = None;
        let mut anaphor = false;
        for j in i + 1..(i + 5).min(ts.len()) {
            if !joined(j - 1) {
                break;
            }
            let w = word(j).to_ascii_lowercase();
            if matches!(w.as_str(), "them" | "these" | "those" | "us" | "you") && is(j - 1, "of") {
                anaphor = true;
                break;
            }
            let Some(t) = ts.get(j) else { break };
            if t.numeric || number_word(&w).is_some() {
                continue;
            }
            if t.stop {
                if w == "of" || super::features::DETERMINERS_AFTER_OF.contains(&w.as_str()) {
                    continue;
                }
                break;
            }
            group = Some(t.key.clone());
            break;
        }
        if group.is_none() && !anaphor {
            continue;
        }
        let written = match before.filter(|&b| is(b, "only") || is(b, "not") || is(b, "a")) {
            Some(b) => ts
                .get(b)
                .zip(ts.get(i))
                .and_then(|(x, y)| text.get(x.start..y.end))
                .unwrap_or(""),
            None => word(i),
        };
        found.push(Quantifier {
            share,
            group,
            written: written.to_string(),
        });
    }
    found
}

/// The claim's one quantifier of a named group, and the evidence sentence's quantifiers
/// of that group (or of `them`, a group named before).
fn paired(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    et: &[Term],
) -> Option<(Quantifier, Vec<Quantifier>)> {
    let mut mine = quantifiers(claim, ct);
    if mine.len() != 1 {
        return None;
    }
    let m = mine.pop()?;
    let group = m.group.as_ref()?;
    let theirs = quantifiers(evidence, et)
        .into_iter()
        .filter(|q| q.group.as_ref().is_none_or(|g| related(g, group)))
        .collect();
    Some((m, theirs))
}

/// The quantifier of the claim and the evidence sentence's, as written, where the claim
/// takes all of a group that the sentence takes part of, or part and not all of a group
/// that the sentence takes all of (see the module documentation). Each text must give the
/// group one share only (`All patients received the drug and some reported headaches`
/// says both, and is read by neither side).
pub(crate) fn quantifier_conflict(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
) -> Option<(String, String)> {
    // The cheap test first: most claims have no quantifier.
    if !ct
        .iter()
        .any(|t| share_of(claim.get(t.start..t.end).unwrap_or("")).is_some())
    {
        return None;
    }
    let (m, theirs) = paired(
        claim,
        ct,
        evidence,
        evidence_terms.get_or_init(|| terms(evidence)),
    )?;
    let first = theirs.first()?;
    if theirs.iter().any(|q| q.share != first.share) {
        return None;
    }
    let opposed = matches!(
        (m.share, first.share),
        (Share::All, Share::Part) | (Share::All, Share::NotAll) | (Share::NotAll, Share::All)
    );
    opposed.then(|| (m.written.clone(), first.written.clone()))
}

/// True when the claim's `not all` of a group is what the evidence sentence states of it
/// with `only some`, `few` or `not all` (`Not all members voted` against `Only some of the
/// members voted`): the claim's `not` restates the sentence, and disputes nothing.
pub(crate) fn not_all_restated(claim: &str, ct: &[Term], evidence: &str, et: &[Term]) -> bool {
    let Some((m, theirs)) = paired(claim, ct, evidence, et) else {
        return false;
    };
    m.share == Share::NotAll
        && m.written.to_ascii_lowercase().starts_with("not")
        && !theirs.is_empty()
        && theirs.iter().all(|q| q.share == Share::NotAll)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conflict(claim: &str, evidence: &str) -> Option<(String, String)> {
        quantifier_conflict(claim, &terms(claim), evidence, &OnceLock::new())
    }

    #[test]
    fn all_against_part_and_only_some_against_all() {
        assert_eq!(
            conflict(
                "All of the volunteers reported better sleep.",
                "Most of them reported better sleep."
            ),
            Some(("All".into(), "Most".into()))
        );
        assert_eq!(
            conflict(
                "Only some member states ratified the agreement.",
                "Every member state ratified the agreement by 2012."
            ),
            Some(("Only some".into(), "Every".into()))
        );
        assert_eq!(
            conflict(
                "Only some of the 40 volunteers completed the study.",
                "All 40 volunteers completed the study."
            ),
            Some(("Only some".into(), "All".into()))
        );
        assert_eq!(
            conflict(
                "All five members voted for it.",
                "Few members voted for it."
            ),
            Some(("All".into(), "Few".into()))
        );
    }

    #[test]
    fn the_same_share_less_said_or_no_group_is_no_conflict() {
        // Some of a group that all of it did: true, if less than the source says.
        assert_eq!(
            conflict(
                "Some volunteers completed the study.",
                "All volunteers completed the study."
            ),
            None
        );
        assert_eq!(
            conflict(
                "Every volunteer completed the study.",
                "All 40 volunteers completed the study."
            ),
            None
        );
        // Another group.
        assert_eq!(
            conflict(
                "All patients received the drug.",
                "Some doctors received the drug."
            ),
            None
        );
        // Both shares in the claim, or in the sentence.
        assert_eq!(
            conflict(
                "All patients received the drug and some reported headaches.",
                "Some patients reported headaches."
            ),
            None
        );
        assert_eq!(
            conflict(
                "All patients received the drug.",
                "All patients received the drug, and some of them reported headaches."
            ),
            None
        );
        // Not a quantifier of a group: about 40, a superlative, `at all`, `each other`.
        assert_eq!(conflict("All people came.", "Some 40 people came."), None);
        assert_eq!(
            conflict(
                "All of the songs were popular.",
                "It was the most popular of the songs."
            ),
            None
        );
        assert_eq!(
            conflict("They did not help each other.", "All of them helped."),
            None
        );
    }

    #[test]
    fn not_all_restates_only_some() {
        let restated = |c: &str, e: &str| not_all_restated(c, &terms(c), e, &terms(e));
        assert!(restated(
            "Not all members voted.",
            "Only some of the members voted; the rest abstained."
        ));
        assert!(restated(
            "Not all of the members voted.",
            "Few members voted."
        ));
        assert!(!restated("Not all members voted.", "All members voted."));
        assert!(!restated(
            "Not all members voted.",
            "Only some of the staff voted."
        ));
        assert!(!restated(
            "Only some members voted.",
            "Only some members voted."
        ));
    }

    #[test]
    fn a_few_is_part_and_few_is_not_all() {
        assert_eq!(
            conflict(
                "All samples showed traces of copper.",
                "A few samples showed traces of copper."
            ),
            Some(("All".into(), "A few".into()))
        );
        assert_eq!(
            conflict("Few samples showed copper.", "All samples showed copper."),
            Some(("Few".into(), "All".into()))
        );
    }
}
