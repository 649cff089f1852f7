//! The report: what a check found, as plain data.

use serde::Serialize;

/// The warnings live in the leaf module [`crate::warning`] (every check makes them);
/// `report::warning` and `report::{Warning, WarningKind}` stay as paths to them.
pub use crate::warning;
pub use crate::warning::{Warning, WarningKind};

use crate::citation::CitationReport;
use crate::claims::{Claim, Hallucination};
use crate::confidence::{BreakdownItem, Level, Preset};
use crate::decision::Decision;
use crate::evidence::{FieldsSummary, LinesSummary, SnippetsSummary, SourcesSummary};
use crate::gate::{Reason, Recommendation};
use crate::verdict::JudgeSummary;

/// The result of checking one answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Report {
    /// How far the answer can be trusted, in [0, 1].
    pub confidence: f64,
    /// high ≥ 0.9, medium ≥ 0.7, low ≥ 0.5, very low below; `abstained` when the answer
    /// declines and `clarify` for other CLARIFY decisions (states, not grades). Never
    /// `high` or `medium` unless the decision is FINAL.
    pub level: Level,
    /// The answer declines to answer, or says the sources do not hold the answer, and
    /// states no fact: decision CLARIFY, with no unsupported-claim or missing-citation
    /// findings.
    pub abstained: bool,
    /// FINAL, RETRY, CLARIFY or ESCALATE.
    pub decision: Decision,
    /// accept, retry or reject.
    pub recommendation: Recommendation,
    /// Why the gate decided so, most important first.
    pub reasons: Vec<Reason>,
    /// True when a critic's FINAL was overruled by the checks.
    pub overruled: bool,
    /// Each signal's part in the confidence.
    pub breakdown: Vec<BreakdownItem>,
    /// Ceilings that capped the confidence because of hard findings.
    pub caps: Vec<BreakdownItem>,
    /// The confidence formula used.
    pub preset: Preset,
    /// Set by the `relevance` preset when citations are not grounded.
    pub uncertain: bool,
    /// The answer's claims with their support and evidence.
    pub claims: Vec<Claim>,
    /// Unsupported share of the factual claims.
    pub hallucination: Hallucination,
    /// Lowest support score among the factual claims (0 when there are none: an answer
    /// that states nothing checkable is never vacuously supported).
    pub support_score: f64,
    /// Every factual claim is supported, and there is at least one.
    pub attributable: bool,
    /// The per-check counts in one flat object.
    pub summary: Summary,
    /// Citation markers and their summary.
    pub citations: CitationReport,
    /// Sources the answer names (paths, URLs, titles, ids, chapters) and stale sources.
    pub sources: SourcesSummary,
    /// Quoted text and code, each matched against its source.
    pub snippets: SnippetsSummary,
    /// Line references.
    pub lines: LinesSummary,
    /// Identifiers the answer mentions.
    pub fields: FieldsSummary,
    /// Every finding, ordered by position in the answer (whole-answer findings last).
    pub warnings: Vec<Warning>,
    /// A prompt for the retry listing exactly what was wrong; null when FINAL.
    pub correction_prompt: Option<String>,
    /// False when a judge callback failed and the report holds only the deterministic
    /// findings.
    pub complete: bool,
    /// What the model judges found and how many calls they made; `null` for `check()`.
    pub judges: Option<JudgeSummary>,
    /// How far each retrieved source can be relied on, in evidence order.
    pub source_quality: Vec<SourceQuality>,
}

/// How far one retrieved source can be relied on: its retrieval score, whether it is
/// stale, and how much of what the answer cites it for it supports.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct SourceQuality {
    /// The source's id.
    pub source_id: String,
    /// Its position in the list given (0-based).
    pub source_index: usize,
    /// The retriever's score, as given (clamped to [0, 1] in `quality`).
    pub retrieval_score: Option<f64>,
    /// The source's checksum, as given.
    pub checksum: Option<String>,
    /// Its checksum is not the one the caller expected (`STALE_SOURCE`).
    pub stale: bool,
    /// Fact claims that cite it.
    pub cited_by: usize,
    /// Of those, the ones it supports (the claim is supported and its evidence is in
    /// this source).
    pub supported: usize,
    /// `supported / citedBy`; `null` when no fact claim cites it.
    pub support_rate: Option<f64>,
    /// One figure in [0, 1]: 0 when stale, else the mean of the retrieval score and the
    /// support rate that are known; `null` when neither is.
    pub quality: Option<f64>,
}

/// The per-check counts of a report: `xVerified` of `xTotal` for each check.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Summary {
    /// Citation markers that resolve.
    pub citations_valid: usize,
    /// Citation markers.
    pub citations_total: usize,
    /// Factual claims that are supported.
    pub claims_supported: usize,
    /// Factual claims.
    pub claims_total: usize,
    /// Named sources that were retrieved.
    pub sources_verified: usize,
    /// Sources the answer names.
    pub sources_total: usize,
    /// Snippets found in their sources.
    pub snippets_verified: usize,
    /// Quoted snippets.
    pub snippets_total: usize,
    /// Line references that match.
    pub lines_verified: usize,
    /// Line references.
    pub lines_total: usize,
    /// Identifiers found in the sources.
    pub fields_verified: usize,
    /// Identifiers mentioned.
    pub fields_total: usize,
    /// `fieldsVerified / fieldsTotal` (1 when there are none).
    pub field_confidence: f64,
}

/// Sorts warnings by position then kind, and drops exact duplicates (two checks that
/// report the same kind on the same span).
pub(crate) fn normalize_warnings(warnings: &mut Vec<Warning>) {
    crate::text::sort::sort_by(warnings, |a, b| {
        let ka = (
            a.span.map_or(usize::MAX, |s| s.start),
            a.span.map_or(usize::MAX, |s| s.end),
            a.kind,
        );
        let kb = (
            b.span.map_or(usize::MAX, |s| s.start),
            b.span.map_or(usize::MAX, |s| s.end),
            b.kind,
        );
        ka.cmp(&kb)
    });
    warnings.dedup_by(|a, b| a.kind == b.kind && a.span == b.span && a.span.is_some());
}
