//! The scope of an `answer()` call: a name (a collection, a tenant) passed to the
//! retriever, or a structured filter (`{ name?, where: { field: value } }`) that is passed
//! to the retriever AND enforced on what it returns: a retrieved source that does not
//! match is dropped with an `OUT_OF_SCOPE` warning, so a retriever that ignores the
//! filter cannot leak another tenant's documents into the answer.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::source::Source;

/// Where an answer may come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Scope {
    /// A name the retriever understands (a collection, a tenant); not enforced here.
    Name(String),
    /// A filter on the sources' fields, passed to the retriever and enforced.
    Filter(ScopeFilter),
}

/// A structured scope: `{ name?, where: { field: value, … } }`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ScopeFilter {
    /// A name for the scope (cache invalidation by scope uses it).
    #[serde(default)]
    pub name: Option<String>,
    /// Conditions every source must meet, all of them: a field of the source (`id`,
    /// `document`, `title`, `url`, `path`, `page`, `section`, `chapterId`, `domain`,
    /// `checksum`, `chunkId`) or of its metadata (`metadata.lang`, `metadata.a.b`), and
    /// the value it must have: a string, number or boolean (numbers and strings compare
    /// by their text, so `page: 4` matches `"4"`), or an array of such values, any of
    /// which may match.
    #[serde(rename = "where", default)]
    #[cfg_attr(test, schemars(with = "BTreeMap<String, crate::typegen::ScopeValue>"))]
    pub filter: BTreeMap<String, Value>,
}

impl From<&str> for Scope {
    fn from(name: &str) -> Self {
        Scope::Name(name.to_string())
    }
}

impl From<String> for Scope {
    fn from(name: String) -> Self {
        Scope::Name(name)
    }
}

impl Scope {
    /// The scope's name: the name given, or for a filter without one its conditions as
    /// canonical JSON (what `cache.invalidateScope` is called with).
    pub fn label(&self) -> String {
        match self {
            Scope::Name(n) => n.clone(),
            Scope::Filter(f) => f.name.clone().unwrap_or_else(|| f.canonical()),
        }
    }

    /// What the cache key holds of the scope: the name and the conditions.
    pub fn key(&self) -> String {
        match self {
            Scope::Name(n) => n.clone(),
            Scope::Filter(f) => {
                format!("{}\u{1f}{}", f.name.as_deref().unwrap_or(""), f.canonical())
            }
        }
    }

    /// True when `source` meets the scope's conditions (always, for a plain name).
    pub fn admits(&self, source: &Source) -> bool {
        match self {
            Scope::Name(_) => true,
            Scope::Filter(f) => f.admits(source),
        }
    }

    /// The field conditions `source` fails, by name (empty when it is in scope).
    pub(crate) fn failed_fields(&self, source: &Source) -> Vec<String> {
        match self {
            Scope::Name(_) => Vec::new(),
            Scope::Filter(f) => f
                .filter
                .iter()
                .filter(|(field, want)| !matches(field_value(source, field).as_ref(), want))
                .map(|(field, _)| field.clone())
                .collect(),
        }
    }
}

impl ScopeFilter {
    fn canonical(&self) -> String {
        serde_json::to_string(&self.filter).unwrap_or_default()
    }

    fn admits(&self, source: &Source) -> bool {
        self.filter
            .iter()
            .all(|(field, want)| matches(field_value(source, field).as_ref(), want))
    }
}

/// The value of `field` in `source`: a top-level field, or `metadata.a.b`.
fn field_value(source: &Source, field: &str) -> Option<Value> {
    let text = |v: &Option<String>| v.clone().map(Value::String);
    match field {
        "id" => Some(Value::String(source.id.clone())),
        "document" => text(&source.document),
        "title" => text(&source.title),
        "url" => text(&source.url),
        "path" => text(&source.path),
        "page" => text(&source.page),
        "section" => text(&source.section),
        "chapterId" => text(&source.chapter_id),
        "domain" => text(&source.domain),
        "checksum" => text(&source.checksum),
        "chunkId" => text(&source.chunk_id),
        _ => {
            let path = field.strip_prefix("metadata.")?;
            let mut v = source.metadata.as_ref()?;
            for key in path.split('.') {
                v = v.get(key)?;
            }
            Some(v.clone())
        }
    }
}

/// A scalar's text, for comparing `4` with `"4"`.
fn scalar_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn matches(have: Option<&Value>, want: &Value) -> bool {
    let Some(have) = have else {
        return false;
    };
    let equal = |w: &Value| match (scalar_text(have), scalar_text(w)) {
        (Some(a), Some(b)) => a == b,
        // A source field that holds a list matches when the list holds the value.
        _ => have.as_array().is_some_and(|items| {
            items
                .iter()
                .any(|i| scalar_text(i).is_some_and(|t| Some(t) == scalar_text(w)))
        }),
    };
    match want {
        Value::Array(options) => options.iter().any(equal),
        w => equal(w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn source(domain: &str, lang: &str) -> Source {
        let mut s = Source::new("a", "text");
        s.domain = Some(domain.into());
        s.page = Some("4".into());
        s.metadata = Some(json!({ "lang": lang, "tags": ["public", "faq"], "n": { "v": 2 } }));
        s
    }

    fn scope(v: Value) -> Scope {
        serde_json::from_value(v).expect("a scope")
    }

    #[test]
    fn names_admit_everything_and_filters_enforce_every_condition() {
        let s = source("billing", "en");
        assert!(scope(json!("tenant-a")).admits(&s));
        assert!(scope(json!({ "where": { "domain": "billing" } })).admits(&s));
        assert!(scope(json!({ "where": { "domain": ["docs", "billing"] } })).admits(&s));
        assert!(scope(json!({ "where": { "page": 4, "metadata.lang": "en" } })).admits(&s));
        assert!(
            scope(json!({ "where": { "metadata.n.v": 2, "metadata.tags": "faq" } })).admits(&s)
        );
        let other =
            scope(json!({ "name": "docs", "where": { "domain": "docs", "metadata.lang": "en" } }));
        assert!(!other.admits(&s));
        assert_eq!(other.failed_fields(&s), vec!["domain".to_string()]);
        assert!(!scope(json!({ "where": { "metadata.missing": "x" } })).admits(&s));
        assert_eq!(other.label(), "docs");
    }

    #[test]
    fn keys_differ_by_conditions() {
        let a = scope(json!({ "where": { "domain": "a" } }));
        let b = scope(json!({ "where": { "domain": "b" } }));
        assert_ne!(a.key(), b.key());
        assert_eq!(a.label(), "{\"domain\":\"a\"}");
    }
}
