//! Warnings: the findings of the checks, each with its kind, span and details.

use serde::{Deserialize, Serialize};

use crate::text::Span;

/// The closed set of warning kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum WarningKind {
    /// A citation marker names an index outside the evidence list.
    CitationOutOfRange,
    /// A factual sentence carries no citation, or the answer has too few citations.
    MissingCitation,
    /// The answer names a source (file, URL, title, id, chapter) that was not retrieved.
    PhantomSource,
    /// Quoted text or code does not appear in the source it cites.
    SnippetMismatch,
    /// A line reference falls outside the cited chunk, or shows something else.
    LineMismatch,
    /// An identifier the answer mentions does not exist in the sources.
    UnverifiedField,
    /// A claim without support in the evidence.
    UnsupportedClaim,
    /// A claim that contradicts its evidence or another claim.
    Contradiction,
    /// A source whose checksum differs from the caller's expected one.
    StaleSource,
    /// A judge callback failed; the report is incomplete.
    JudgeFailed,
    /// A pipeline step (retrieval, generation) failed.
    PipelineError,
    /// A retrieved source that does not match the scope's filter was dropped.
    OutOfScope,
    /// A claim cites sources that do not support it, while another retrieved source does:
    /// the claim holds, its citation points the reader to the wrong place.
    MisattributedCitation,
}

impl WarningKind {
    /// The kind as it appears in the report.
    pub fn as_str(self) -> &'static str {
        match self {
            WarningKind::CitationOutOfRange => "CITATION_OUT_OF_RANGE",
            WarningKind::MissingCitation => "MISSING_CITATION",
            WarningKind::PhantomSource => "PHANTOM_SOURCE",
            WarningKind::SnippetMismatch => "SNIPPET_MISMATCH",
            WarningKind::LineMismatch => "LINE_MISMATCH",
            WarningKind::UnverifiedField => "UNVERIFIED_FIELD",
            WarningKind::UnsupportedClaim => "UNSUPPORTED_CLAIM",
            WarningKind::Contradiction => "CONTRADICTION",
            WarningKind::StaleSource => "STALE_SOURCE",
            WarningKind::JudgeFailed => "JUDGE_FAILED",
            WarningKind::PipelineError => "PIPELINE_ERROR",
            WarningKind::OutOfScope => "OUT_OF_SCOPE",
            WarningKind::MisattributedCitation => "MISATTRIBUTED_CITATION",
        }
    }
}

/// One finding about the answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Warning {
    /// What was found.
    pub kind: WarningKind,
    /// A sentence for people.
    pub message: String,
    /// Where in the answer (UTF-16 code units); `null` when it concerns the whole answer.
    pub span: Option<Span>,
    /// Kind-specific details (source id, matched span in the source, score, …), as a
    /// JSON object with sorted keys.
    #[cfg_attr(test, schemars(with = "serde_json::Map<String, serde_json::Value>"))]
    pub details: serde_json::Value,
}

impl Warning {
    /// A warning with empty details.
    pub fn new(kind: WarningKind, message: impl Into<String>, span: Option<Span>) -> Self {
        Warning {
            kind,
            message: message.into(),
            span,
            details: serde_json::Value::Object(serde_json::Map::new()),
        }
    }

    /// Adds one detail.
    pub fn with(mut self, key: &str, value: impl Into<serde_json::Value>) -> Self {
        if let serde_json::Value::Object(map) = &mut self.details {
            map.insert(key.to_string(), value.into());
        }
        self
    }
}
