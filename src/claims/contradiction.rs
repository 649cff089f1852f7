//! Claims of one answer that disagree with each other: the same subject with different
//! numbers or dates, or a statement and its negation.

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

/// Whether claims `a` and `b` disagree, and how.
pub fn disagree(a: &ClaimProfile, b: &ClaimProfile) -> Option<Disagreement> {
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
    if !a.quantities.is_empty() && !b.quantities.is_empty() {
        let a_unmatched = a
            .quantities
            .iter()
            .any(|q| !b.quantities.iter().any(|r| q.matches(r) || r.matches(q)));
        let b_unmatched = b
            .quantities
            .iter()
            .any(|q| !a.quantities.iter().any(|r| q.matches(r) || r.matches(q)));
        if a_unmatched && b_unmatched {
            return Some(Disagreement::Numbers);
        }
    }
    if a.negated != b.negated && inter / union >= 0.6 {
        return Some(Disagreement::Negation);
    }
    None
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
}
