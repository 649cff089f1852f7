//! Claims of one answer that disagree with each other: the same subject with different
//! numbers or dates, or a statement and its negation.
//!
//! [`disagree`] decides one pair; [`first_disagreements`] finds, for each claim of a list,
//! the first earlier claim it disagrees with, without comparing all pairs: only claims
//! that can disagree (both with quantities, or one negated and one not) and that share
//! one of their rarest content keys are compared, and each claim's keys are sorted once.

use std::collections::BTreeMap;

use super::support::ClaimProfile;

/// Why two claims disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disagreement {
    /// Same statement, different numbers or dates.
    Numbers,
    /// One states what the other negates.
    Negation,
}

/// Share of content words the two claims must have in common (Jaccard) to be about the
/// same thing.
const SAME_SUBJECT: f64 = 0.5;

/// A claim's distinct content keys, sorted.
fn sorted_keys(p: &ClaimProfile) -> Vec<&str> {
    let mut k: Vec<&str> = p.words.iter().map(|w| w.key.as_str()).collect();
    crate::text::sort::sort_by(&mut k, |a, b| a.cmp(b));
    k.dedup();
    k
}

/// Size of the intersection of two sorted, distinct key lists.
fn shared(a: &[&str], b: &[&str]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while let (Some(x), Some(y)) = (a.get(i), b.get(j)) {
        match x.cmp(y) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

/// Whether the quantities of `a` and `b` disagree: each states one the other lacks.
fn numbers_differ(a: &ClaimProfile, b: &ClaimProfile) -> bool {
    if a.quantities.is_empty() || b.quantities.is_empty() {
        return false;
    }
    let a_unmatched = a
        .quantities
        .iter()
        .any(|q| !b.quantities.iter().any(|r| q.matches(r) || r.matches(q)));
    a_unmatched
        && b.quantities
            .iter()
            .any(|q| !a.quantities.iter().any(|r| q.matches(r) || r.matches(q)))
}

/// [`disagree`] on keys already sorted.
fn decide(a: &ClaimProfile, ka: &[&str], b: &ClaimProfile, kb: &[&str]) -> Option<Disagreement> {
    let numbers = numbers_differ(a, b);
    if !numbers && a.negated == b.negated {
        return None; // nothing to disagree on, whatever the subject
    }
    if ka.len() < 2 || kb.len() < 2 || named_apart(a, b) {
        return None;
    }
    let inter = shared(ka, kb) as f64;
    let union = (ka.len() + kb.len()) as f64 - inter;
    if union <= 0.0 || inter / union < SAME_SUBJECT {
        return None;
    }
    if numbers {
        return Some(Disagreement::Numbers);
    }
    if a.negated != b.negated && inter / union >= 0.6 {
        return Some(Disagreement::Negation);
    }
    None
}

/// Each claim writes a capitalised word the other does not (`**Pro plan:** $25 per
/// month` and `**Basic plan:** $10 per month`, `Paris has 2.1 million people` and
/// `Berlin has 3.7 million`): two subjects, each with its own figures.
fn named_apart(a: &ClaimProfile, b: &ClaimProfile) -> bool {
    let own = |x: &ClaimProfile, y: &ClaimProfile| {
        x.terms.iter().any(|t| {
            t.capitalised && !t.stop && !t.numeric && !y.terms.iter().any(|u| u.key == t.key)
        })
    };
    own(a, b) && own(b, a)
}

/// Whether claims `a` and `b` disagree, and how.
pub fn disagree(a: &ClaimProfile, b: &ClaimProfile) -> Option<Disagreement> {
    if nothing_to_dispute(a, b) {
        return None; // no sorting needed
    }
    decide(a, &sorted_keys(a), b, &sorted_keys(b))
}

/// No negation conflict and no two sets of numbers: the claims cannot disagree, whatever
/// their words (the cheap test before [`decide`]).
fn nothing_to_dispute(a: &ClaimProfile, b: &ClaimProfile) -> bool {
    a.negated == b.negated && (a.quantities.is_empty() || b.quantities.is_empty())
}

/// What [`decide`] reads of a claim: two claims with the same signature disagree with
/// the same claims in the same way.
type Signature<'a> = (&'a [&'a str], bool, Vec<(Option<u64>, &'a str, bool)>);

fn signature<'a>(p: &'a ClaimProfile, keys: &'a [&'a str]) -> Signature<'a> {
    let quantities = p
        .quantities
        .iter()
        .map(|q| (q.value.map(f64::to_bits), q.key.as_str(), q.approximate))
        .collect();
    (keys, p.negated, quantities)
}

fn signature_hash(sig: &Signature<'_>) -> u64 {
    let (keys, negated, quantities) = sig;
    let mut h = super::prepared::hash_keys(keys.iter().copied()) ^ u64::from(*negated);
    for (value, key, approximate) in quantities {
        h = h.rotate_left(7)
            ^ value.unwrap_or(u64::MAX)
            ^ super::prepared::hash_keys([*key]).rotate_left(1)
            ^ u64::from(*approximate);
    }
    h
}

/// For each claim `j` that `wanted(j)` accepts, the first claim `i < j` it disagrees
/// with (the smallest `i`), ordered by `j`: of the pairs that [`disagree`] finds among all
/// pairs, the ones a report keeps (one in-answer contradiction per claim, the first).
///
/// Bounded work: claims are compared only when they can reach the subject overlap
/// [`decide`] asks for (Jaccard ≥ 1/2), found through an index of each claim's rarest
/// keys (prefix filtering: two key sets with a Jaccard of at least 1/2 share one of the
/// first `|k| − ⌈|k|/2⌉ + 1` keys of each, in one global order, rarest first); claims
/// that read the same (same keys, quantities and negation) are compared once, through
/// the first of them; and each claim stops at its first disagreement.
pub fn first_disagreements(
    claims: &[Option<&ClaimProfile>],
    wanted: impl Fn(usize) -> bool,
) -> Vec<(usize, usize, Disagreement)> {
    // One claim disagrees with none: nothing to index.
    if claims.iter().flatten().nth(1).is_none() {
        return Vec::new();
    }
    let keys: Vec<Vec<&str>> = claims
        .iter()
        .map(|c| c.map(sorted_keys).unwrap_or_default())
        .collect();
    let eligible = |i: usize| {
        claims.get(i).is_some_and(Option::is_some) && keys.get(i).is_some_and(|k| k.len() >= 2)
    };
    // How many eligible claims hold each key: the global order is rarest first.
    let mut freq: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, ks) in keys.iter().enumerate() {
        if eligible(i) {
            for k in ks {
                *freq.entry(k).or_default() += 1;
            }
        }
    }
    // A hash of each signature → the first claim with it (its signature compared in
    // full on a hit, so a collision only costs an extra index entry).
    let mut seen: BTreeMap<u64, usize> = BTreeMap::new();
    // Prefix key → the first claims of their signature holding it in their prefix, in
    // claim order.
    let mut index: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut out = Vec::new();
    let mut candidates: Vec<usize> = Vec::new();
    for (j, c) in claims.iter().enumerate() {
        let (Some(b), Some(kb)) = (c, keys.get(j)) else {
            continue;
        };
        if kb.len() < 2 {
            continue;
        }
        // Rarest first, then by key: each key's count looked up once, not per comparison.
        let mut counted: Vec<(usize, &str)> = kb
            .iter()
            .map(|&k| (freq.get(k).copied().unwrap_or(0), k))
            .collect();
        crate::text::sort::sort_by(&mut counted, |x, y| x.cmp(y));
        let ordered: Vec<&str> = counted.into_iter().map(|(_, k)| k).collect();
        let prefix = &ordered[..kb.len() - kb.len().div_ceil(2) + 1];
        if wanted(j) {
            candidates.clear();
            for k in prefix {
                if let Some(list) = index.get(k) {
                    candidates.extend(list.iter().copied());
                }
            }
            crate::text::sort::sort_usize(&mut candidates);
            candidates.dedup();
            for &i in &candidates {
                let (Some(Some(a)), Some(ka)) = (claims.get(i), keys.get(i)) else {
                    continue;
                };
                if nothing_to_dispute(a, b) {
                    continue;
                }
                if let Some(d) = decide(a, ka, b, kb) {
                    out.push((i, j, d));
                    break;
                }
            }
        }
        // The first claim of its signature represents every later one.
        let sig = signature(b, kb);
        let hash = signature_hash(&sig);
        let represented = seen.get(&hash).is_some_and(|&r| {
            matches!((claims.get(r), keys.get(r)), (Some(Some(a)), Some(ka)) if signature(a, ka) == sig)
        });
        if !represented {
            seen.entry(hash).or_insert(j);
            for k in prefix {
                index.entry(k).or_default().push(j);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::idf::Idf;
    use super::super::ClaimOptions;
    use super::*;
    use std::collections::BTreeSet;

    fn p(t: &str) -> ClaimProfile {
        ClaimProfile::new(
            t,
            &BTreeSet::new(),
            &Idf::default(),
            &ClaimOptions::default(),
        )
    }

    #[test]
    fn numbers_and_negation() {
        assert_eq!(
            disagree(
                &p("The bridge opened in 1932."),
                &p("The bridge opened in 1937.")
            ),
            Some(Disagreement::Numbers)
        );
        assert_eq!(
            disagree(
                &p("The bridge opened in 1932."),
                &p("The bridge opened in 1932 to traffic.")
            ),
            None
        );
        assert_eq!(
            disagree(
                &p("The drug is approved for children."),
                &p("The drug is not approved for children.")
            ),
            Some(Disagreement::Negation)
        );
        assert_eq!(
            disagree(
                &p("The drug is approved for children."),
                &p("Cats sleep a lot.")
            ),
            None
        );
    }

    /// The old pairwise test (two key sets per pair), kept to check the new paths.
    fn old_disagree(a: &ClaimProfile, b: &ClaimProfile) -> Option<Disagreement> {
        let ka = a.keys();
        let kb = b.keys();
        if ka.len() < 2 || kb.len() < 2 {
            return None;
        }
        let inter = ka.intersection(&kb).count() as f64;
        let union = ka.union(&kb).count() as f64;
        if union <= 0.0 || inter / union < SAME_SUBJECT {
            return None;
        }
        if numbers_differ(a, b) {
            return Some(Disagreement::Numbers);
        }
        if a.negated != b.negated && inter / union >= 0.6 {
            return Some(Disagreement::Negation);
        }
        None
    }

    #[test]
    fn grouping_finds_the_same_pairs_as_all_pairs() {
        // Claims built from a few subjects, verbs, numbers and negations, so that many
        // pairs share keys and some disagree; one slot is not a fact.
        let subjects = [
            "The bridge",
            "The old bridge",
            "The tunnel",
            "The city bridge",
        ];
        let verbs = [
            "opened in",
            "was repaired in",
            "is not open in",
            "closed in",
        ];
        let years = ["1932", "1937", "1932 to traffic", "winter", "1932 and 1937"];
        let mut texts = Vec::new();
        for (i, s) in subjects.iter().enumerate() {
            for (j, v) in verbs.iter().enumerate() {
                texts.push(format!("{s} {v} {}.", years[(i + 2 * j) % years.len()]));
                texts.push(format!("{s} {v} {}.", years[(3 * i + j) % years.len()]));
            }
        }
        texts.push("Cats sleep a lot.".into());
        let profiles: Vec<ClaimProfile> = texts.iter().map(|t| p(t)).collect();
        let claims: Vec<Option<&ClaimProfile>> = profiles
            .iter()
            .enumerate()
            .map(|(i, c)| (i != 5).then_some(c))
            .collect();
        let mut want = Vec::new();
        for j in 0..claims.len() {
            for i in 0..j {
                if let (Some(Some(a)), Some(Some(b))) = (claims.get(i), claims.get(j)) {
                    let old = old_disagree(a, b);
                    assert_eq!(disagree(a, b), old, "{} / {}", texts[i], texts[j]);
                    if let Some(d) = old {
                        want.push((i, j, d));
                    }
                }
            }
        }
        assert!(want.len() > 10, "{want:?}");
        assert!(want.iter().any(|w| w.2 == Disagreement::Negation));
        // The first disagreement of each claim, and none for the claims not wanted.
        let mut first: Vec<(usize, usize, Disagreement)> = Vec::new();
        for w in &want {
            if w.1 % 3 != 1 && !first.iter().any(|f| f.1 == w.1) {
                first.push(*w);
            }
        }
        assert_eq!(first_disagreements(&claims, |j| j % 3 != 1), first);
    }

    #[test]
    fn first_disagreements_match_all_pairs_on_repeated_and_varied_claims() {
        // Repeats (one signature, many claims), near repeats with other numbers, and
        // claims sharing only frequent words.
        let mut texts = Vec::new();
        for k in 0..60 {
            let (i, j) = (k % 7, (k / 7) % 4);
            texts.push(format!(
                "The river R{i} flows through the town T{j} since {}.",
                1800 + i
            ));
            if k % 5 == 0 {
                texts.push(format!(
                    "The river R{i} does not flow through the town T{j}."
                ));
            }
            if k % 4 == 0 {
                texts.push("The river flows through the town since 1800.".to_string());
            }
        }
        let profiles: Vec<ClaimProfile> = texts.iter().map(|t| p(t)).collect();
        let claims: Vec<Option<&ClaimProfile>> = profiles.iter().map(Some).collect();
        let mut first = Vec::new();
        for j in 0..claims.len() {
            for i in 0..j {
                if let Some(d) = disagree(&profiles[i], &profiles[j]) {
                    first.push((i, j, d));
                    break;
                }
            }
        }
        assert!(first.len() > 20, "{first:?}");
        assert_eq!(first_disagreements(&claims, |_| true), first);
    }
}
