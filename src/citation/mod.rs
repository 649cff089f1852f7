//! Citation markers: extraction (every form real LLM answers use) and checks (indexes in
//! range, minimum count, a citation on every factual sentence, unused sources).

mod check;
mod custom;
mod extract;
mod parse;

pub use check::{check_citations, needs_citation, CitationCheck, CitationReport};
pub use extract::extract_citations;
pub(crate) use extract::MAX_INNER;

use serde::{Deserialize, Serialize};

/// The written form of a citation marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum CitationStyle {
    /// `[1]`, `[1, 3]`, `[1,2,3]`, `[2-4]`, `[2–4]`, `[1][2]`.
    Numeric,
    /// `[source:2]`, `[source: 2]`, `[Source 2]`, `[source:my-id]`.
    Source,
    /// `[doc3]`, `[Doc 3]`.
    Doc,
    /// `[^1]` footnote references.
    Footnote,
    /// `【1】`, `【1, 2】`, `【1†source】`.
    Cjk,
    /// `(Source 2)`, `(Sources 1, 2)`, `(source 1 and 3)`.
    Parenthetical,
    /// `Chapter 4, Section 2`, matched against sources' `chapterId` / `section`.
    Chapter,
    /// `[some-id]` where `some-id` is the `id` of a retrieved source.
    SourceId,
    /// A marker found by one of `citations.patterns` (user regular expressions). Not a
    /// style to list in `styles`: patterns run whenever there are any.
    #[serde(skip_deserializing)]
    Pattern,
}

impl CitationStyle {
    /// Every style, in a fixed order.
    pub const ALL: [CitationStyle; 8] = [
        CitationStyle::Numeric,
        CitationStyle::Source,
        CitationStyle::Doc,
        CitationStyle::Footnote,
        CitationStyle::Cjk,
        CitationStyle::Parenthetical,
        CitationStyle::Chapter,
        CitationStyle::SourceId,
    ];
}

/// How citations are read and checked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct CitationOptions {
    /// Which marker styles are recognised (default: all).
    pub styles: Vec<CitationStyle>,
    /// The number that cites the first source: 1 (default) or 0.
    #[cfg_attr(test, schemars(extend("enum" = [0, 1])))]
    pub index_base: u32,
    /// Fewest valid citations an answer must carry. `None` (default) means 1 when
    /// there are sources and 0 when there are none.
    pub min_citations: Option<u32>,
    /// Whether every sentence that states a fact must carry a citation (default true).
    /// With `false`, an answer that cites nowhere is not flagged sentence by sentence
    /// (`minCitations` still applies), but one that cites anywhere must cite every
    /// fact; `answer()` always requires it, since its prompts ask for it.
    pub require_per_claim: bool,
    /// User-defined marker patterns (regular expressions): the named group `index`
    /// (source numbers), `id` (a source id) or `chapter` (a chapter or section label), or
    /// group 1, or the whole match names the source; unnamed, it is tried as an id, a
    /// chapter or section label, then as numbers. Default: none.
    pub patterns: crate::patterns::Patterns,
}

impl Default for CitationOptions {
    fn default() -> Self {
        CitationOptions {
            styles: CitationStyle::ALL.to_vec(),
            index_base: 1,
            min_citations: None,
            require_per_claim: true,
            patterns: crate::patterns::Patterns::default(),
        }
    }
}

impl CitationOptions {
    /// Checks the values: `indexBase` must be 0 or 1.
    ///
    /// # Errors
    /// `INVALID_VALUE` naming `{prefix}.indexBase`.
    pub fn validate(&self, prefix: &str) -> crate::Result<()> {
        if self.index_base > 1 {
            return Err(crate::Error::field(
                crate::ErrorCode::InvalidValue,
                format!("{prefix}.indexBase"),
                format!("{prefix}.indexBase must be 0 or 1, got {}", self.index_base),
            ));
        }
        self.patterns.validate(&format!("{prefix}.patterns"))
    }

    pub(crate) fn has(&self, style: CitationStyle) -> bool {
        self.styles.contains(&style)
    }
}

/// One citation marker found in an answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Citation {
    /// The numbers as written (`[2-4]` gives 2, 3, 4). Empty for id and chapter
    /// markers, which name sources rather than number them.
    pub indexes: Vec<i64>,
    /// Ids of the sources the marker resolves to, in order.
    pub source_ids: Vec<String>,
    /// 0-based positions of those sources in the evidence list.
    pub source_indexes: Vec<usize>,
    /// The marker as written.
    pub raw: String,
    /// Start in the answer, UTF-16 code units.
    pub start: usize,
    /// End in the answer, UTF-16 code units.
    pub end: usize,
    /// The written form.
    pub style: CitationStyle,
    /// True when every index or name resolves to a retrieved source.
    pub valid: bool,
    /// True for a marker that cannot be read as a list of sources: a range that runs
    /// backwards (`[5-2]`) or spans more than 100 sources. Never valid.
    pub malformed: bool,
    /// Byte range in the answer (for Rust callers).
    #[serde(skip)]
    pub bytes: (usize, usize),
    /// The name as written, for id and chapter markers that name a source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}
