//! The response cache as JavaScript sees it: `validator.cache` (a handle on the cache
//! `answer()` consults), and the pure `cachePolicy` / `cacheKey` for callers that store
//! answers elsewhere (a Worker's Cache API or KV).

use std::cell::RefCell;
use std::rc::Rc;

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use crate::cache::{policy_of, CacheOptions, PolicyFacts, ResponseCache, TtlByMode};
use crate::model::Mode;
use crate::pipeline::AnswerResult;
use crate::source::Source;

use super::convert::{from_js, to_js};

#[wasm_bindgen(typescript_custom_section)]
const CACHE_TYPES: &'static str = r#"
export interface CacheStats {
  hits: number; misses: number; evictions: number; expirations: number;
  invalidations: number; size: number;
}
export interface CachePolicy {
  cacheable: boolean;
  /** 0 when not cacheable. */
  ttlMs: number;
  /** NOT_ACCEPTED, INCOMPLETE, LOW_CONFIDENCE, UNVERIFIED_FIELD, NO_ANSWER; empty when cacheable. */
  reasons: string[];
}
export interface CachePolicyOptions {
  /** The mode the answer was produced in (default "auto"). */
  mode?: Mode;
  minConfidence?: number;
  ttlMs?: { instant?: number; auto?: number; thinking?: number };
}
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

    /// Drops every answer asked in `scope`; returns how many.
    #[wasm_bindgen(js_name = invalidateScope)]
    pub fn invalidate_scope(&self, scope: &str) -> usize {
        self.inner.borrow_mut().invalidate_scope(scope)
    }

    /// Drops every answer resting on source `id`; returns how many.
    #[wasm_bindgen(js_name = invalidateSource)]
    pub fn invalidate_source(&self, id: &str) -> usize {
        self.inner.borrow_mut().invalidate_source(id)
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
    question: &str,
    #[wasm_bindgen(unchecked_param_type = "Source[]")] sources: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "CacheKeyOptions")] options: Option<JsValue>,
) -> Result<String, JsValue> {
    let sources: Vec<Source> = from_js(sources, "sources")?;
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let o: KeyOptions = if options.is_undefined() || options.is_null() {
        KeyOptions::default()
    } else {
        from_js(options, "options")?
    };
    Ok(crate::cache::cache_key(
        question,
        o.scope.as_deref(),
        o.mode,
        &sources,
    ))
}
