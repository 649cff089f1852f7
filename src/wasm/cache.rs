//! The response cache as JavaScript sees it: `validator.cache` (a handle on the cache
//! `answer()` consults), and the pure `cachePolicy` / `cacheKey` for callers that store
//! answers elsewhere (a Worker's Cache API or KV).

use std::cell::RefCell;
use std::rc::Rc;

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use crate::answer_loop::AnswerResult;
use crate::cache::{policy_of, CacheOptions, PolicyFacts, ResponseCache, TtlByMode};
use crate::model::Mode;
use crate::source::Source;

use js_sys::JsString;
use wasm_bindgen::JsCast;

use super::convert::{from_js, into_error, to_js};
use super::read::{read_plain, ReadBudget};
use crate::error::{Error, ErrorCode};

#[wasm_bindgen(typescript_custom_section)]
const CACHE_TYPES: &'static str = r#"
/** The options of `cachePolicy()`. */
export interface CachePolicyOptions {
  /** The mode the answer was produced in (default "auto"). */
  mode?: Mode;
  minConfidence?: number;
  ttlMs?: TtlByMode;
}
/** The options of `cacheKey()`. */
export interface CacheKeyOptions { scope?: string | null; mode?: Mode; }
"#;

/// The validator's answer cache (`validator.cache`): LRU with time to live, keyed by
/// question, scope, mode and an evidence fingerprint.
#[wasm_bindgen(js_name = ResponseCache)]
pub struct JsResponseCache {
    inner: Rc<RefCell<ResponseCache<AnswerResult>>>,
}

impl JsResponseCache {
    pub(crate) fn new(inner: Rc<RefCell<ResponseCache<AnswerResult>>>) -> Self {
        JsResponseCache { inner }
    }
}

#[wasm_bindgen(js_class = ResponseCache)]
impl JsResponseCache {
    /// Hits, misses, evictions, expirations, invalidations and the current size.
    #[wasm_bindgen(unchecked_return_type = "CacheStats")]
    pub fn stats(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.borrow().stats())
    }

    /// Drops every answer asked in `scope`; returns how many. Throws `INVALID_TYPE` for
    /// a scope that is not a string.
    #[wasm_bindgen(js_name = invalidateScope)]
    pub fn invalidate_scope(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] scope: JsValue,
    ) -> Result<usize, JsValue> {
        let scope = key_string(&scope, "scope")?;
        Ok(self.inner.borrow_mut().invalidate_scope(&scope))
    }

    /// Drops every answer resting on source `id`; returns how many. Throws
    /// `INVALID_TYPE` for an id that is not a string.
    #[wasm_bindgen(js_name = invalidateSource)]
    pub fn invalidate_source(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    ) -> Result<usize, JsValue> {
        let id = key_string(&id, "id")?;
        Ok(self.inner.borrow_mut().invalidate_source(&id))
    }

    /// Drops everything; returns how many.
    pub fn clear(&self) -> usize {
        self.inner.borrow_mut().clear()
    }

    /// Answers held.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.borrow().len()
    }
}

/// The parts of a report the policy reads; other keys are ignored.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReportView {
    decision: String,
    recommendation: String,
    confidence: f64,
    /// Absent reads as false: a report that does not say it is complete is not cached.
    #[serde(default)]
    complete: bool,
    #[serde(default)]
    warnings: Vec<WarningView>,
}

#[derive(Deserialize)]
struct WarningView {
    kind: String,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PolicyOptions {
    #[serde(default)]
    mode: Mode,
    #[serde(default)]
    min_confidence: Option<f64>,
    #[serde(default)]
    ttl_ms: Option<TtlByMode>,
}

/// Whether and for how long an answer may be cached: `cachePolicy(report, { mode })`.
/// Cacheable when accepted (FINAL), complete, with confidence ≥ `minConfidence` (0.3)
/// and no `UNVERIFIED_FIELD`; TTL by mode (instant 2 min, auto 5 min, thinking 15 min).
#[wasm_bindgen(js_name = cachePolicy, unchecked_return_type = "CachePolicy")]
pub fn cache_policy(
    #[wasm_bindgen(unchecked_param_type = "Report")] report: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CachePolicyOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let r: ReportView = from_js(report, "report")?;
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let o: PolicyOptions = if options.is_undefined() || options.is_null() {
        PolicyOptions::default()
    } else {
        from_js(options, "options")?
    };
    in_range("report.confidence", r.confidence, 0.0, 1.0)?;
    if let Some(m) = o.min_confidence {
        in_range("options.minConfidence", m, 0.0, 1.0)?;
    }
    if let Some(t) = &o.ttl_ms {
        for (name, ms) in [
            ("instant", t.instant),
            ("auto", t.auto),
            ("thinking", t.thinking),
        ] {
            // Up to a year: anything longer is a unit mistake.
            in_range(&format!("options.ttlMs.{name}"), ms, 0.0, 31_536_000_000.0)?;
        }
    }
    let defaults = CacheOptions::default();
    let opts = CacheOptions {
        min_confidence: o.min_confidence.unwrap_or(defaults.min_confidence),
        ttl_ms: o.ttl_ms.unwrap_or(defaults.ttl_ms),
        ..defaults
    };
    let facts = PolicyFacts {
        accepted: r.decision == "FINAL" && r.recommendation == "accept",
        complete: r.complete,
        confidence: r.confidence,
        unverified_field: r.warnings.iter().any(|w| w.kind == "UNVERIFIED_FIELD"),
    };
    to_js(&policy_of(&facts, o.mode, &opts))
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct KeyOptions {
    #[serde(default)]
    scope: Option<String>,
    #[serde(default)]
    mode: Mode,
}

/// The cache key `answer()` uses: `cacheKey(question, sources, { scope, mode })`, from
/// the normalised question, the scope, the mode and a fingerprint of the sources (ids
/// with checksums, or content hashes).
#[wasm_bindgen(js_name = cacheKey)]
pub fn cache_key(
    #[wasm_bindgen(unchecked_param_type = "string")] question: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Source[]")] sources: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CacheKeyOptions")] options: Option<JsValue>,
) -> Result<String, JsValue> {
    let question = key_string(&question, "question")?;
    let sources: Vec<Source> = key_data(&sources, "sources")?;
    let mut seen = std::collections::BTreeSet::new();
    for (i, s) in sources.iter().enumerate() {
        if !seen.insert(s.id.as_str()) {
            return Err(into_error(&Error::field(
                ErrorCode::InvalidValue,
                format!("sources[{i}].id"),
                format!(
                    "sources[{i}].id \"{}\" repeats an earlier id; ids must be unique",
                    s.id
                ),
            )));
        }
    }
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let o: KeyOptions = if options.is_undefined() || options.is_null() {
        KeyOptions::default()
    } else {
        key_data(&options, "options")?
    };
    Ok(crate::cache::cache_key(
        &question,
        o.scope.as_deref(),
        o.mode,
        &sources,
    ))
}

/// A string argument that goes into a cache key. A lone surrogate is refused
/// (`INVALID_VALUE`): converted to UTF-8 it would become U+FFFD, and two different
/// strings would share a key.
fn key_string(value: &JsValue, name: &str) -> Result<String, JsValue> {
    let Some(s) = value.dyn_ref::<JsString>() else {
        return Err(into_error(&Error::field(
            ErrorCode::InvalidType,
            name,
            format!("{name} must be a string"),
        )));
    };
    if !s.is_valid_utf16() {
        return Err(lone_surrogate(name));
    }
    Ok(String::from(s))
}

fn lone_surrogate(name: &str) -> JsValue {
    into_error(&Error::field(
        ErrorCode::InvalidValue,
        name,
        format!("{name} holds a lone surrogate (half of a UTF-16 pair); it cannot be part of a cache key"),
    ))
}

/// Reads data that goes into a cache key: as `from_js`, with lone surrogates refused.
fn key_data<T: serde::de::DeserializeOwned>(value: &JsValue, root: &str) -> Result<T, JsValue> {
    let mut budget = ReadBudget::for_limits(&crate::Limits::default());
    budget.whole_utf16 = true;
    let json = read_plain(value, root, budget)?;
    crate::strict::read(json, root).map_err(JsValue::from)
}

/// `value` must lie in `[min, max]` (NaN does not).
fn in_range(field: &str, value: f64, min: f64, max: f64) -> Result<(), JsValue> {
    if (min..=max).contains(&value) {
        return Ok(());
    }
    Err(into_error(&Error::field(
        ErrorCode::InvalidValue,
        field,
        format!("{field} must be between {min} and {max}, got {value}"),
    )))
}
