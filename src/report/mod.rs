//! The report: what a check found, as plain data.

pub mod warning;

use serde::Serialize;

pub use warning::{Warning, WarningKind};

use crate::citation::CitationReport;

/// The result of checking one answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// Citation markers and their summary.
    pub citations: CitationReport,
    /// Every finding, ordered by position in the answer (whole-answer findings last).
    pub warnings: Vec<Warning>,
    /// False when a judge callback failed and the report holds only the deterministic
    /// findings.
    pub complete: bool,
}

/// Sorts warnings by position then kind, and drops exact duplicates (two checks that
/// report the same kind on the same span).
pub fn normalize_warnings(warnings: &mut Vec<Warning>) {
    warnings.sort_by(|a, b| {
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
