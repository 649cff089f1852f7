//! The signals the confidence formula reads, computed from what the checks found, and
//! the ceilings that hard findings put on the score.

use crate::claims::{ClaimsReport, SupportStatus, VerifiedBy};
use crate::source::Source;
use crate::warning::WarningKind;

/// Score ceilings for hard findings: whatever the other signals say, an answer with one
/// of these cannot score above the cap.
pub(crate) const CEILINGS: &[(WarningKind, f64)] = &[
    (WarningKind::Contradiction, 0.4),
    (WarningKind::CitationOutOfRange, 0.6),
    (WarningKind::PhantomSource, 0.6),
    (WarningKind::SnippetMismatch, 0.6),
    (WarningKind::StaleSource, 0.6),
    (WarningKind::MisattributedCitation, 0.6),
];

/// The code of the ceiling that uncertain support puts on the score.
pub(crate) const UNCERTAIN_SUPPORT: &str = "UNCERTAIN_SUPPORT";

/// Highest score of an answer with a claim whose support is uncertain: just below `high`.
/// A supported claim scored under `judges.band`'s top (0.8) was attributable about half
/// the time in held-out data (0.38 to 0.59 by bin, against 0.87 above it), so it may pass
/// the gate but the badge must not read `high` beside it.
pub(crate) const UNCERTAIN_CEILING: f64 = 0.89;

/// Whether a checked claim that counts for the answer (supported or partial) rests on a
/// lexical score under `sure` that no judge confirmed.
pub(crate) fn uncertain_support(claims: &ClaimsReport, sure: f64) -> bool {
    claims.claims.iter().any(|c| {
        c.is_checked()
            && matches!(c.status, SupportStatus::Supported | SupportStatus::Partial)
            && !matches!(c.verified_by, Some(VerifiedBy::Embedding | VerifiedBy::Llm))
            && c.score < sure
    })
}

/// Citation precision (valid markers / markers) and coverage (factual sentences that
/// cite / factual sentences), averaged. `None` when there is nothing to cite from.
pub(crate) fn citation_signal(
    sources: usize,
    total: usize,
    valid: usize,
    needing: usize,
    missing: usize,
) -> Option<f64> {
    if sources == 0 || (total == 0 && needing == 0) {
        return None;
    }
    let precision = if total == 0 {
        0.0
    } else {
        valid as f64 / total as f64
    };
    let coverage = if needing == 0 {
        1.0
    } else {
        1.0 - missing.min(needing) as f64 / needing as f64
    };
    Some(0.5 * precision + 0.5 * coverage)
}

/// `verified / total`, or `None` when there was nothing to verify.
pub(crate) fn ratio(verified: usize, total: usize) -> Option<f64> {
    (total > 0).then(|| verified as f64 / total as f64)
}

/// Mean support of the fact claims: supported 1, partial 0.5, otherwise 0.
pub(crate) fn claim_signal(claims: &ClaimsReport) -> Option<f64> {
    let values: Vec<f64> = claims
        .claims
        .iter()
        .filter(|c| c.is_checked())
        .map(|c| match c.status {
            SupportStatus::Supported => 1.0,
            SupportStatus::Partial => 0.5,
            _ => 0.0,
        })
        .collect();
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Mean retrieval score of the sources that carry one, clamped to [0, 1].
pub(crate) fn mean_retrieval(sources: &[Source]) -> Option<f64> {
    let scores: Vec<f64> = sources.iter().filter_map(|s| s.score).collect();
    (!scores.is_empty()).then(|| (scores.iter().sum::<f64>() / scores.len() as f64).clamp(0.0, 1.0))
}
