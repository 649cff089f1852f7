//! A retrieved source (a chunk of a document) as the caller passes it in.

use serde::{Deserialize, Deserializer, Serialize};

/// One retrieved chunk: the evidence an answer is checked against.
///
/// Only `id` and `content` are required; the rest is metadata that citations, phantom
/// source checks, line checks and provenance use when present. Unknown fields are
/// ignored so that callers can pass their retriever's objects as they are.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Source {
    /// The caller's id for this chunk (a string; numbers are accepted and kept as text).
    #[serde(deserialize_with = "string_or_number")]
    #[cfg_attr(test, schemars(with = "crate::typegen::IdOrNumber"))]
    pub id: String,
    /// The chunk's text.
    pub content: String,
    /// The document the chunk belongs to (a name or id).
    #[serde(default)]
    pub document: Option<String>,
    /// The chunk's id inside its document.
    #[serde(default, deserialize_with = "opt_string_or_number")]
    #[cfg_attr(test, schemars(with = "Option<crate::typegen::IdOrNumber>"))]
    pub chunk_id: Option<String>,
    /// The document's title.
    #[serde(default)]
    pub title: Option<String>,
    /// Where the document lives on the web.
    #[serde(default)]
    pub url: Option<String>,
    /// The file path of the document (code and docs repositories).
    #[serde(default)]
    pub path: Option<String>,
    /// Page number or label.
    #[serde(default, deserialize_with = "opt_string_or_number")]
    #[cfg_attr(test, schemars(with = "Option<crate::typegen::IdOrNumber>"))]
    pub page: Option<String>,
    /// Section name or number.
    #[serde(default, deserialize_with = "opt_string_or_number")]
    #[cfg_attr(test, schemars(with = "Option<crate::typegen::IdOrNumber>"))]
    pub section: Option<String>,
    /// Chapter id or number (for `Chapter 4, Section 2` citations).
    #[serde(default, deserialize_with = "opt_string_or_number")]
    #[cfg_attr(test, schemars(with = "Option<crate::typegen::IdOrNumber>"))]
    pub chapter_id: Option<String>,
    /// First line of the document that this chunk holds (1-based).
    #[serde(default)]
    pub start_line: Option<u32>,
    /// Last line of the document that this chunk holds (1-based, inclusive).
    #[serde(default)]
    pub end_line: Option<u32>,
    /// The retriever's relevance score, kept as given.
    #[serde(default)]
    pub score: Option<f64>,
    /// A checksum or version of the document the chunk was taken from.
    #[serde(default, deserialize_with = "opt_string_or_number")]
    #[cfg_attr(test, schemars(with = "Option<crate::typegen::IdOrNumber>"))]
    pub checksum: Option<String>,
    /// The domain or collection the document belongs to (`billing`, `docs.example.com`),
    /// for scoped retrieval and display; passed through to the report.
    #[serde(default)]
    pub domain: Option<String>,
    /// The caller's own metadata, any JSON value; passed through to the report's
    /// provenance and matched by `scope.where` in `answer()`.
    #[serde(default)]
    pub metadata: Option<serde_json::Value>,
}

impl Source {
    /// A source with just an id and content.
    pub fn new(id: impl Into<String>, content: impl Into<String>) -> Self {
        Source {
            id: id.into(),
            content: content.into(),
            ..Source::default()
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum StringOrNumber {
    S(String),
    I(i64),
    F(f64),
}

impl StringOrNumber {
    fn into_string(self) -> String {
        match self {
            StringOrNumber::S(s) => s,
            StringOrNumber::I(i) => i.to_string(),
            StringOrNumber::F(f) => f.to_string(),
        }
    }
}

fn string_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    StringOrNumber::deserialize(d).map(StringOrNumber::into_string)
}

fn opt_string_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Option::<StringOrNumber>::deserialize(d).map(|o| o.map(StringOrNumber::into_string))
}
