//! Evidence verification (issue 3): the sources, snippets, line ranges and identifiers
//! an answer names must exist in the retrieved sources.
//!
//! - sources (`PHANTOM_SOURCE`, `STALE_SOURCE`): [`sources`];
//! - snippets (`SNIPPET_MISMATCH`): [`snippets`], matched by [`verify_snippet`];
//! - line ranges (`LINE_MISMATCH`): [`lines`];
//! - fields (`UNVERIFIED_FIELD`): [`fields`].
//!
//! Everything here is deterministic and total: no input panics, every span is UTF-16.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub(crate) mod align;
pub mod fields;
mod fold_table;
pub mod lines;
pub mod normalize;
pub mod quotes;
pub use crate::context::scan;
pub mod snippet_match;
pub mod snippets;
pub mod sources;

pub use fields::{FieldResult, FieldsSummary};
pub use lines::{LineResult, LinesSummary};
pub use quotes::SnippetKind;
pub use snippet_match::{
    verify_snippet, ClosestPassage, MatchMethod, SnippetMatch, SnippetOptions,
    DEFAULT_SNIPPET_THRESHOLD,
};
pub use snippets::{SnippetResult, SnippetsSummary};
pub use sources::{ReferenceKind, SourceReference, SourcesSummary, StaleSource};

use crate::context::AnswerContext;
use crate::source::Source;
use crate::warning::Warning;

/// Which evidence checks run and how.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct EvidenceOptions {
    /// Check named sources and checksums (default true).
    pub check_sources: bool,
    /// Check quoted text and code (default true).
    pub check_snippets: bool,
    /// Check line references (default true).
    pub check_lines: bool,
    /// Check identifiers (default true).
    pub check_fields: bool,
    /// Treat fenced code blocks as snippets (default true).
    pub check_code_blocks: bool,
    /// Treat inline code of two or more tokens as snippets (default true).
    pub check_inline_code: bool,
    /// Shortest quotation (in chars) that counts as a snippet (default 12).
    pub min_snippet_chars: usize,
    /// Fewest words a quotation needs to count as a snippet (default 3; a quotation of
    /// three times `minSnippetChars` counts whatever its word count, for CJK text).
    pub min_snippet_words: usize,
    /// Lines of slack around a line reference when checking the code shown next to it
    /// (default 2: answers are often off by a line or two).
    pub line_slack: u64,
    /// How snippets are matched (threshold, exact tokens).
    pub snippet: SnippetOptions,
    /// User-defined field-name patterns (regular expressions): the named group `field`,
    /// or group 1, or the whole match is an identifier that must appear in a source.
    /// Default: none.
    pub field_patterns: crate::patterns::Patterns,
}

impl EvidenceOptions {
    /// The options that are scores in [0, 1], by their name under `config.evidence`.
    pub fn fractions(&self) -> [(&'static str, f64); 1] {
        [("snippet.threshold", self.snippet.threshold)]
    }
}

impl Default for EvidenceOptions {
    fn default() -> Self {
        EvidenceOptions {
            check_sources: true,
            check_snippets: true,
            check_lines: true,
            check_fields: true,
            check_code_blocks: true,
            check_inline_code: true,
            min_snippet_chars: 12,
            min_snippet_words: 3,
            line_slack: 2,
            snippet: SnippetOptions::default(),
            field_patterns: crate::patterns::Patterns::default(),
        }
    }
}

/// Everything the evidence checks found.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceReport {
    /// The findings, ordered by span in the answer (UTF-16), then kind.
    pub warnings: Vec<Warning>,
    /// Named sources and checksums.
    pub sources: SourcesSummary,
    /// Quoted text and code.
    pub snippets: SnippetsSummary,
    /// Line references.
    pub lines: LinesSummary,
    /// Identifiers.
    pub fields: FieldsSummary,
}

/// Runs the evidence checks on one answer.
///
/// `cited[i]` lists the 0-based indexes into `sources` that `ctx.segments[i]` cites
/// (out-of-range indexes are ignored); `checksums` maps a source id to the checksum the
/// caller expects for it.
pub fn check_evidence(
    ctx: &AnswerContext,
    question: &str,
    sources: &[Source],
    cited: &[Vec<usize>],
    checksums: &BTreeMap<String, String>,
    opts: &EvidenceOptions,
) -> EvidenceReport {
    let mut report = EvidenceReport::default();
    let mut warnings = Vec::new();
    if opts.check_sources {
        report.sources = sources::check_sources(ctx, sources, cited, checksums, &mut warnings);
    }
    if opts.check_snippets {
        let prepared: Vec<snippet_match::Prepared<'_>> = sources
            .iter()
            .map(|s| snippet_match::Prepared::new(&s.content))
            .collect();
        report.snippets =
            snippets::check_snippets(ctx, sources, &prepared, cited, opts, &mut warnings);
    }
    if opts.check_lines {
        report.lines = lines::check_lines(ctx, sources, cited, opts, &mut warnings);
    }
    if opts.check_fields {
        report.fields =
            fields::check_fields(ctx, question, sources, &opts.field_patterns, &mut warnings);
    }
    // Stable order: by position in the answer (whole-answer findings first), then kind.
    crate::text::sort::sort_by_key(&mut warnings, |w| (w.span, w.kind));
    report.warnings = warnings;
    report
}
