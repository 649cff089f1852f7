//! Causes: a claim that says one thing happened because of another (`The flight was
//! delayed because of bad weather`, `Heavy rain led to the match being cancelled`) states
//! the link as well as the two things. A model that joins two facts of its sources with a
//! `because` they never state (`Sales rose by 40% because petrol prices reached a record
//! high` against two sentences that say each) writes only words the sources hold, so
//! coverage cannot see the link it made up.
//!
//! The rule: the claim's cause must stand in a sentence of its evidence that states some
//! cause or consequence (a word of [`MARKERS`]: `because`, `due`, `caused`, `after`,
//! `forcing`, `led`, …), beside its effect (in that sentence or the one on either side).
//! The markers are many and broad on purpose: the rule is meant to catch links no
//! sentence states, not to judge how a source words one.

use super::support::related;
use super::terms::Term;

/// Connectives of a claim that put the cause after them (`delayed because of a fault`),
/// longest first.
const CAUSE_AFTER: &[&[&str]] = &[
    &["as", "a", "result", "of"],
    &["because", "of"],
    &["because"],
    &["due", "to"],
    &["caused", "by"],
    &["owing", "to"],
    &["thanks", "to"],
];

/// Connectives that put the cause before them (`a fault led to the delay`).
const CAUSE_BEFORE: &[&[&str]] = &[
    &["led", "to"],
    &["leads", "to"],
    &["lead", "to"],
    &["leading", "to"],
    &["resulted", "in"],
    &["results", "in"],
    &["resulting", "in"],
    &["caused"],
    &["causes"],
];

/// Words of an evidence sentence that state a cause or a consequence, as written (lower
/// case) or as the start of a word (`caus` for `caused`, `causing`).
const MARKERS: &[&str] = &[
    "after",
    "amid",
    "arguing",
    "as",
    "because",
    "behind",
    "cited",
    "citing",
    "due",
    "hence",
    "saying",
    "since",
    "so",
    "therefore",
    "thus",
    "why",
];
const MARKER_STARTS: &[&str] = &[
    "affect",
    "allow",
    "associat",
    "attribut",
    "blam",
    "boost",
    "caus",
    "consequen",
    "contribut",
    "driv",
    "drove",
    "effect",
    "enabl",
    "explain",
    "factor",
    "follow",
    "forc",
    "fuel",
    "help",
    "impact",
    "lead",
    "led",
    "link",
    "made",
    "mak",
    "mean",
    "meant",
    "owing",
    "prompt",
    "reason",
    "respons",
    "result",
    "risk",
    "spark",
    "spur",
    "thank",
    "trigger",
];

/// Starts of words that give a consequence of what the sentence before said (`As a
/// result, …`, `This led to …`), unlike `after` or `because`, whose cause follows them.
const BACK_MARKER_STARTS: &[&str] = &[
    "consequen",
    "follow",
    "hence",
    "led",
    "lead",
    "prompt",
    "result",
    "spark",
    "therefore",
    "thus",
    "trigger",
];

/// Words that start as a marker does and name a person or a time, not a cause (`Council
/// leader Marvin Rees said …`, `Meanwhile, …`).
const NOT_MARKERS: &[&str] = &[
    "driver",
    "drivers",
    "leader",
    "leaders",
    "leadership",
    "meanwhile",
];

/// True for a word of a sentence that gives a consequence of the one before it (see
/// [`BACK_MARKER_STARTS`]).
fn is_back_marker(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    starts_with_any(&w, BACK_MARKER_STARTS) && !NOT_MARKERS.contains(&w.as_str())
}

/// True when `w` starts with one of `starts`.
fn starts_with_any(w: &str, starts: &[&str]) -> bool {
    starts.iter().any(|m| w.starts_with(m))
}

/// True for a word of an evidence sentence that states a cause or a consequence.
fn is_marker(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    MARKERS.contains(&w.as_str())
        || (starts_with_any(&w, MARKER_STARTS) && !NOT_MARKERS.contains(&w.as_str()))
}

/// True for the first word of a connective of [`CAUSE_AFTER`] or [`CAUSE_BEFORE`], told
/// by its length and first letter before any comparison of letters.
fn opens_connective(w: &str) -> bool {
    let first = w.bytes().next().map(|b| b.to_ascii_lowercase());
    let candidates: &[&str] = match (w.len(), first) {
        (2, Some(b'a')) => &["as"],
        (3, Some(b'd')) => &["due"],
        (3 | 4 | 5 | 7, Some(b'l')) => &["led", "lead", "leads", "leading"],
        (5, Some(b'o')) => &["owing"],
        (6, Some(b't')) => &["thanks"],
        (6 | 7, Some(b'c' | b'b')) => &["caused", "causes", "because"],
        (7..=9, Some(b'r')) => &["resulted", "results", "resulting"],
        _ => return false,
    };
    candidates.iter().any(|c| w.eq_ignore_ascii_case(c))
}

/// Where a claim states a cause: its connective's first term, the connective's length in
/// terms, and whether the cause comes after it (`because of`) or before it (`led to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Connective {
    at: usize,
    len: usize,
    cause_after: bool,
}

/// Verbs that make `due to` a schedule, not a cause (`due to be released`, `due to open
/// in 2027`, `due to rule on the appeal`): verbs of events that are planned, none of them
/// a noun after `due to` that could be a cause (not `close`: `due to close contact`). Sorted.
const SCHEDULED: &[&str] = &[
    "announce", "appear", "arrive", "be", "begin", "conclude", "decide", "depart", "expire",
    "finish", "launch", "leave", "meet", "open", "reopen", "resume", "retire", "return", "rule",
    "sign", "start", "take", "testify", "visit", "vote",
];

/// The connective by which the claim (tokenised as `ct`) states a cause, if any: `due to
/// be released` and `due to open` are schedules ([`SCHEDULED`]), `not because` denies a cause and `causes of` is a noun.
pub(crate) fn connective(claim: &str, ct: &[Term]) -> Option<Connective> {
    // No copy of any word: most claims have no connective.
    let word = |i: usize| ct.get(i).and_then(|t| claim.get(t.start..t.end));
    let is = |i: usize, w: &str| word(i).is_some_and(|x| x.eq_ignore_ascii_case(w));
    let at = |i: usize, phrase: &[&str]| phrase.iter().enumerate().all(|(k, w)| is(i + k, w));
    let c = (0..ct.len()).find_map(|i| {
        if !opens_connective(word(i)?) {
            return None;
        }
        CAUSE_AFTER
            .iter()
            .find(|p| at(i, p))
            .map(|p| (p.len(), true))
            .or_else(|| {
                CAUSE_BEFORE
                    .iter()
                    .find(|p| at(i, p))
                    .map(|p| (p.len(), false))
            })
            .map(|(len, cause_after)| Connective {
                at: i,
                len,
                cause_after,
            })
    })?;
    let (i, len) = (c.at, c.len);
    let denied = i
        .checked_sub(1)
        .is_some_and(|p| is(p, "not") || is(p, "n't") || is(p, "never"));
    // `causes of death` names causes as a noun: it links nothing.
    let noun = is(i, "causes") && is(i + len, "of");
    let scheduled = is(i, "due")
        && word(i + len).is_some_and(|w| SCHEDULED.iter().any(|v| v.eq_ignore_ascii_case(w)));
    if scheduled || (is(i, "caused") && is(i + len, "by")) || denied || noun {
        return None;
    }
    Some(c)
}

/// The claim's cause, stated by connective `c` (see [`connective`]), that no sentence of
/// `window` (its evidence's sentences in text order, with the ones beside them) states as
/// a cause of its effect: the cause as written, or `None` where a sentence states it or
/// the claim states its cause or its effect with function words only (`This is because
/// …`).
pub(crate) fn unstated_cause(
    claim: &str,
    ct: &[Term],
    c: Connective,
    window: &[(&str, &[Term])],
) -> Option<String> {
    let (i, len, after) = (c.at, c.len, c.cause_after);
    // The clause around the connective: from the last comma or semicolon before it to the
    // next one after it.
    let breaks = |a: usize, b: usize| claim.get(a..b).is_some_and(|g| g.contains([',', ';', ':']));
    let mut lo = i;
    while lo > 0 && !breaks(ct[lo - 1].end, ct[lo].start) {
        lo -= 1;
    }
    // At least one word after the connective, then on to the clause's end.
    let mut hi = (i + len + 1).min(ct.len());
    while hi < ct.len() && !breaks(ct[hi - 1].end, ct[hi].start) {
        hi += 1;
    }
    let content = |t: &&Term| !t.stop && !t.negation;
    // `Because of the subsidy, sales rose`: the cause is the clause the connective opens,
    // the effect what follows it.
    let (cause, effect): (Vec<&Term>, Vec<&Term>) = if after {
        let cause: Vec<&Term> = ct[i + len..hi].iter().filter(content).collect();
        let effect: Vec<&Term> = if lo == i && hi < ct.len() {
            ct[hi..].iter().filter(content).collect()
        } else {
            ct[..i].iter().filter(content).collect()
        };
        (cause, effect)
    } else {
        (
            ct[lo..i].iter().filter(content).collect(),
            ct[i + len..].iter().filter(content).collect(),
        )
    };
    if cause.is_empty() || effect.is_empty() {
        return None;
    }
    let holds = |ts: &[Term], t: &Term| ts.iter().any(|s| related(&s.key, &t.key));
    let stated = (0..window.len()).any(|k| {
        let (text, ts) = window[k];
        let marked = ts
            .iter()
            .any(|t| text.get(t.start..t.end).is_some_and(is_marker));
        if !marked {
            return false;
        }
        let states_cause = |ts: &[Term]| {
            let found = cause.iter().filter(|t| holds(ts, t)).count();
            2 * found >= cause.len() && found > 0
        };
        let beside = k.saturating_sub(1)..=(k + 1).min(window.len() - 1);
        // At least half of the cause's content words, and a word of the effect in the
        // sentence or beside it; or the sentence gives the effect as a consequence of the
        // one beside it, which states the cause (`Floods damaged its supports. As a
        // result, the bridge was closed.`; not `… was cancelled after a power cut`).
        let refers_back = || {
            ts.iter()
                .any(|t| text.get(t.start..t.end).is_some_and(is_back_marker))
        };
        (states_cause(ts)
            && beside
                .clone()
                .any(|n| effect.iter().any(|t| holds(window[n].1, t))))
            || (refers_back()
                && effect.iter().any(|t| holds(ts, t))
                && beside.clone().any(|n| states_cause(window[n].1)))
    });
    if stated {
        return None;
    }
    let (first, last) = (cause.first()?, cause.last()?);
    claim.get(first.start..last.end).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::terms::{terms, with_window};

    fn unstated(claim: &str, source: &[&str]) -> Option<String> {
        let ct = terms(claim);
        let c = connective(claim, &ct)?;
        with_window(source, |window| unstated_cause(claim, &ct, c, window))
    }

    #[test]
    fn a_result_of_the_sentence_before_states_the_cause() {
        let claim = "The bridge was closed because floods damaged its supports.";
        let told = [
            "Heavy floods damaged its supports.",
            "As a result, the bridge was closed.",
        ];
        assert_eq!(unstated(claim, &told), None);
        // The effect's sentence gives a cause of its own.
        let other = [
            "Heavy floods damaged its supports.",
            "The bridge was closed after a crash.",
        ];
        assert!(unstated(claim, &other).is_some());
    }

    #[test]
    fn a_leader_leads_to_nothing() {
        // `leader` starts as `lead` does, and `Meanwhile` as `mean`: neither states a
        // consequence of the sentence before.
        let source = [
            "The plan, which will cost 3 million pounds, was opposed by local shop owners.",
            "Council leader Marvin Rees said the lane would make the city safer.",
        ];
        assert_eq!(
            unstated(
                "The lane will cost 3 million pounds because shop owners opposed it.",
                &source
            ),
            Some("shop owners opposed".into())
        );
        let meanwhile = [
            "Sales of the car fell by 20% in March.",
            "Meanwhile, the price of petrol reached a record high.",
        ];
        assert!(unstated(
            "Sales of the car fell by 20% because petrol reached a record high.",
            &meanwhile
        )
        .is_some());
        // `led` still refers back.
        let led = [
            "Shop owners opposed the plan.",
            "This led the council to drop the lane.",
        ];
        assert!(unstated(
            "The council dropped the lane because shop owners opposed the plan.",
            &led
        )
        .is_none());
    }

    #[test]
    fn causes_of_is_a_noun() {
        assert!(connective(
            "The main causes of death are storms.",
            &terms("The main causes of death are storms.")
        )
        .is_none());
        let c = "Smoking causes cancer.";
        assert!(connective(c, &terms(c)).is_some());
    }

    #[test]
    fn a_cause_no_sentence_states_is_unstated() {
        let sales = [
            "Sales of electric cars rose by 40% last year.",
            "Petrol prices also reached a record high.",
            "The government extended its subsidy for electric vehicles until 2026.",
        ];
        assert_eq!(
            unstated(
                "Sales of electric cars rose by 40% last year because petrol prices reached a record high.",
                &sales
            )
            .as_deref(),
            Some("petrol prices reached a record high")
        );
        assert_eq!(
            unstated(
                "Because of the government's subsidy, sales of electric cars rose by 40%.",
                &sales
            )
            .as_deref(),
            Some("government's subsidy")
        );
        assert_eq!(
            unstated(
                "Sales of electric cars rose by 40% and petrol prices reached a record high.",
                &sales
            ),
            None
        );
        // The wrong cause, beside a sentence that states another.
        let flight = [
            "The flight was delayed by three hours because of a technical fault.",
            "Passengers were given meal vouchers.",
        ];
        assert_eq!(
            unstated("The flight was delayed because of bad weather.", &flight).as_deref(),
            Some("bad weather")
        );
    }

    #[test]
    fn a_cause_a_sentence_states_in_other_words_is_stated() {
        let flight = [
            "The flight was delayed by three hours because of a technical fault.",
            "Passengers were given meal vouchers.",
        ];
        for claim in [
            "A technical fault delayed the flight by three hours.",
            "The flight was three hours late due to a technical fault.",
            "Passengers got vouchers after a delay caused by a technical fault.",
            "A technical fault led to a three-hour delay.",
        ] {
            assert_eq!(unstated(claim, &flight), None, "{claim}");
        }
        // A report that gives the reason with `citing`.
        let pool = ["The school closed its pool last month, citing rising energy costs."];
        assert_eq!(
            unstated(
                "The school closed its pool because of rising energy costs.",
                &pool
            ),
            None
        );
        assert_eq!(
            unstated(
                "The school closed its pool because of falling pupil numbers.",
                &pool
            )
            .as_deref(),
            Some("falling pupil numbers")
        );
        // Or with `saying`, `arguing`: the reason the subject gives.
        let union =
            ["The teachers' union opposed the plan, saying teachers had not been consulted."];
        assert_eq!(
            unstated(
                "The union opposed the plan because teachers had not been consulted.",
                &union
            ),
            None
        );
        // The cause in the sentence after the effect's.
        let two = ["The match was cancelled.", "This was due to heavy rain."];
        assert_eq!(
            unstated("The match was cancelled because of heavy rain.", &two),
            None
        );
        // A schedule, and a denied cause, state none.
        assert_eq!(
            unstated("The film is due to be released in May.", &two),
            None
        );
        for claim in [
            "The line is due to open in 2027.",
            "The court is due to rule on the appeal next week.",
            "Talks are due to resume on Monday.",
        ] {
            assert_eq!(unstated(claim, &two), None, "{claim}");
        }
        assert!(super::SCHEDULED.windows(2).all(|w| w[0] < w[1]));
        // A cause all the same: `due to` before a noun.
        assert!(unstated("The match was cancelled due to a waterlogged pitch.", &two).is_some());
        assert_eq!(unstated("It was not because of the rain.", &two), None);
        // Nothing but function words on one side.
        assert_eq!(unstated("This is because of it.", &two), None);
    }
}
