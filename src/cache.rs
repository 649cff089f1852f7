//! Which answers may be cached, for how long, under which key, and an LRU cache that
//! applies the policy.
//!
//! Only accepted answers are cached (FINAL, confidence at least `minConfidence`, no
//! `UNVERIFIED_FIELD`), for a time that depends on the mode. The key holds the
//! normalised question, the scope, the mode and a fingerprint of the evidence (source
//! ids with their checksums, or hashes of their content), so an answer is never served
//! once a source it rests on has changed. Time comes from the caller (`now` in ms).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::decision::Decision;
use crate::gate::Recommendation;
use crate::model::Mode;
use crate::report::{Report, WarningKind};
use crate::source::Source;

/// Time to live by mode, in milliseconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct TtlByMode {
    /// `instant` answers (default 2 minutes).
    pub instant: f64,
    /// `auto` answers (default 5 minutes).
    pub auto: f64,
    /// `thinking` answers (default 15 minutes).
    pub thinking: f64,
}

impl Default for TtlByMode {
    fn default() -> Self {
        TtlByMode {
            instant: 120_000.0,
            auto: 300_000.0,
            thinking: 900_000.0,
        }
    }
}

/// Cache settings (`config.cache`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct CacheOptions {
    /// Whether `answer()` consults and fills the validator's cache (default true).
    pub enabled: bool,
    /// Most entries; the least recently used is evicted (default 256).
    pub max_entries: usize,
    /// Lowest confidence of a cacheable answer (default 0.3).
    pub min_confidence: f64,
    /// Time to live by mode.
    pub ttl_ms: TtlByMode,
}

impl CacheOptions {
    /// The options that are scores in [0, 1], by their name under `config.cache`.
    pub fn fractions(&self) -> [(&'static str, f64); 1] {
        [("minConfidence", self.min_confidence)]
    }

    /// The options that are counts of at least 1, by their name under `config.cache`.
    pub fn counts(&self) -> [(&'static str, usize); 1] {
        [("maxEntries", self.max_entries)]
    }
}

impl TtlByMode {
    /// Checks that every time to live is a non-negative number of milliseconds.
    ///
    /// # Errors
    /// `INVALID_VALUE` naming `{path}.{mode}`.
    pub fn validate(&self, path: &str) -> crate::error::Result<()> {
        for (name, v) in [
            ("instant", self.instant),
            ("auto", self.auto),
            ("thinking", self.thinking),
        ] {
            if !(v >= 0.0 && v.is_finite()) {
                return Err(crate::error::Error::field(
                    crate::error::ErrorCode::InvalidValue,
                    format!("{path}.{name}"),
                    format!("{path}.{name} must be a non-negative number of milliseconds"),
                ));
            }
        }
        Ok(())
    }
}

impl Default for CacheOptions {
    fn default() -> Self {
        CacheOptions {
            enabled: true,
            max_entries: 256,
            min_confidence: 0.3,
            ttl_ms: TtlByMode::default(),
        }
    }
}

/// Whether and for how long an answer may be cached.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct CachePolicy {
    /// The answer may be cached.
    pub cacheable: bool,
    /// For this long (0 when not cacheable).
    pub ttl_ms: f64,
    /// Why not (`NOT_ACCEPTED`, `LOW_CONFIDENCE`, `UNVERIFIED_FIELD`, `NO_ANSWER`); empty
    /// when cacheable.
    pub reasons: Vec<String>,
}

/// The cache policy of an answer's report in `mode`: cacheable when it was accepted
/// (FINAL), fully validated (`complete`: no judge failed), with confidence at least
/// `opts.minConfidence` and no `UNVERIFIED_FIELD`; the time to live depends on the mode
/// (`sources` answers are not cached).
pub fn cache_policy(report: &Report, mode: Mode, opts: &CacheOptions) -> CachePolicy {
    policy_of(&PolicyFacts::of(report), mode, opts)
}

/// The parts of a report that [`cache_policy`] looks at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PolicyFacts {
    /// The answer was accepted: FINAL and `accept`.
    pub accepted: bool,
    /// Every judge and critic answered (`report.complete`).
    pub complete: bool,
    /// The report's confidence.
    pub confidence: f64,
    /// The report has an `UNVERIFIED_FIELD` finding.
    pub unverified_field: bool,
}

impl PolicyFacts {
    /// The facts of `report`.
    pub fn of(report: &Report) -> Self {
        PolicyFacts {
            accepted: report.decision == Decision::Final
                && report.recommendation == Recommendation::Accept,
            complete: report.complete,
            confidence: report.confidence,
            unverified_field: report
                .warnings
                .iter()
                .any(|w| w.kind == WarningKind::UnverifiedField),
        }
    }
}

/// [`cache_policy`] from the parts of a report it looks at.
pub(crate) fn policy_of(facts: &PolicyFacts, mode: Mode, opts: &CacheOptions) -> CachePolicy {
    let mut reasons = Vec::new();
    if !facts.accepted {
        reasons.push("NOT_ACCEPTED".to_string());
    }
    if !facts.complete {
        reasons.push("INCOMPLETE".to_string());
    }
    if facts.confidence.is_nan() || facts.confidence < opts.min_confidence {
        reasons.push("LOW_CONFIDENCE".to_string());
    }
    if facts.unverified_field {
        reasons.push("UNVERIFIED_FIELD".to_string());
    }
    let ttl = match mode {
        Mode::Instant => opts.ttl_ms.instant,
        Mode::Auto => opts.ttl_ms.auto,
        Mode::Thinking => opts.ttl_ms.thinking,
        Mode::Sources => {
            reasons.push("NO_ANSWER".to_string());
            0.0
        }
    };
    let cacheable = reasons.is_empty() && ttl > 0.0;
    CachePolicy {
        cacheable,
        ttl_ms: if cacheable { ttl } else { 0.0 },
        reasons,
    }
}

/// 64-bit FNV-1a: a small, stable, dependency-free hash for keys and fingerprints.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The question as keys compare it: lower case, whitespace runs collapsed, trailing
/// `?`, `.`, `!` dropped.
pub(crate) fn normalize_question(question: &str) -> String {
    let q = question
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    q.trim_end_matches(['?', '.', '!', ' ', '？', '。', '！'])
        .to_string()
}

/// A fingerprint of the evidence: each source's id with its checksum, or the hash of its
/// content when it has none, in id order. Any changed source changes it.
pub(crate) fn evidence_fingerprint(sources: &[Source]) -> String {
    let mut parts: Vec<String> = sources
        .iter()
        .map(|s| match &s.checksum {
            Some(c) => format!("{}\u{1f}c:{c}", s.id),
            None => format!("{}\u{1f}h:{:016x}", s.id, fnv1a(s.content.as_bytes())),
        })
        .collect();
    // The crate's one sort (see text/sort.rs); strings are totally ordered.
    crate::text::sort::sort_by(&mut parts, |a, b| a.cmp(b));
    format!("{:016x}", fnv1a(parts.join("\u{1e}").as_bytes()))
}

/// The cache key of an answer: `gc1:<mode>:<scope hash>:<question hash>:<evidence
/// fingerprint>`.
pub fn cache_key(question: &str, scope: Option<&str>, mode: Mode, sources: &[Source]) -> String {
    let scope_hash = scope.map_or(0, |s| fnv1a(s.as_bytes()));
    format!(
        "gc1:{}:{:016x}:{:016x}:{}",
        mode.as_str(),
        scope_hash,
        fnv1a(normalize_question(question).as_bytes()),
        evidence_fingerprint(sources)
    )
}

/// Counters of a cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct CacheStats {
    /// Lookups that found a live entry.
    pub hits: u64,
    /// Lookups that found nothing, or an expired entry.
    pub misses: u64,
    /// Entries dropped to make room (least recently used first).
    pub evictions: u64,
    /// Entries dropped because their time to live had passed.
    pub expirations: u64,
    /// Entries dropped by `invalidateScope` / `invalidateSource` / `clear`.
    pub invalidations: u64,
    /// Entries held now.
    pub size: usize,
}

/// Where an entry came from, for invalidation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EntryMeta {
    /// Time to live in ms.
    pub ttl_ms: f64,
    /// The scope the answer was asked in.
    pub scope: Option<String>,
    /// Ids of the sources the answer rests on.
    pub source_ids: Vec<String>,
}

/// Roughly how many bytes a cached value holds (its texts): the cache is bounded by the
/// sum of these as well as by the entry count.
pub trait Weigh {
    /// The estimate, in bytes.
    fn weigh(&self) -> usize;
}

impl Weigh for &str {
    fn weigh(&self) -> usize {
        self.len()
    }
}

impl Weigh for String {
    fn weigh(&self) -> usize {
        self.len()
    }
}

/// The default bound of a cache in bytes ([`Weigh`]): 64 MiB.
pub const DEFAULT_MAX_BYTES: usize = 64 << 20;

#[derive(Debug, Clone)]
struct Entry<V> {
    value: V,
    bytes: usize,
    expires_at: f64,
    meta: EntryMeta,
    tick: u64,
}

/// An LRU cache with time to live, bounded in entries and in bytes (the values' [`Weigh`]
/// estimates, [`DEFAULT_MAX_BYTES`] unless set), with invalidation by scope and by source
/// id. Deterministic: the clock is an argument.
#[derive(Debug, Clone)]
pub struct ResponseCache<V> {
    max_entries: usize,
    max_bytes: usize,
    bytes: usize,
    entries: BTreeMap<String, Entry<V>>,
    order: BTreeMap<u64, String>,
    tick: u64,
    stats: CacheStats,
}

impl<V: Clone + Weigh> ResponseCache<V> {
    /// An empty cache holding at most `max_entries` (at least 1) and
    /// [`DEFAULT_MAX_BYTES`].
    pub fn new(max_entries: usize) -> Self {
        ResponseCache {
            max_entries: max_entries.max(1),
            max_bytes: DEFAULT_MAX_BYTES,
            bytes: 0,
            entries: BTreeMap::new(),
            order: BTreeMap::new(),
            tick: 0,
            stats: CacheStats::default(),
        }
    }

    /// The same cache bounded by `max_bytes` instead.
    pub fn with_max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// The sum of the held values' [`Weigh`] estimates.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    fn touch(&mut self, key: &str) {
        self.tick += 1;
        let tick = self.tick;
        if let Some(e) = self.entries.get_mut(key) {
            self.order.remove(&e.tick);
            e.tick = tick;
            self.order.insert(tick, key.to_string());
        }
    }

    fn remove(&mut self, key: &str) -> bool {
        match self.entries.remove(key) {
            Some(e) => {
                self.order.remove(&e.tick);
                self.bytes -= e.bytes;
                true
            }
            None => false,
        }
    }

    /// The live value under `key` at time `now`, marking it most recently used.
    pub fn get(&mut self, key: &str, now: f64) -> Option<V> {
        let expired = match self.entries.get(key) {
            None => {
                self.stats.misses += 1;
                return None;
            }
            Some(e) => now >= e.expires_at,
        };
        if expired {
            self.remove(key);
            self.stats.expirations += 1;
            self.stats.misses += 1;
            return None;
        }
        self.stats.hits += 1;
        self.touch(key);
        self.entries.get(key).map(|e| e.value.clone())
    }

    /// Stores `value` under `key` from `now` for `meta.ttl_ms`, evicting the least
    /// recently used entries beyond the bound.
    /// A value heavier than the whole byte bound is not stored.
    pub fn insert(&mut self, key: &str, value: V, meta: EntryMeta, now: f64) {
        self.remove(key);
        let bytes = value.weigh();
        if bytes > self.max_bytes {
            return;
        }
        while self.entries.len() >= self.max_entries || self.bytes + bytes > self.max_bytes {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            if let Some(e) = self.entries.remove(&oldest) {
                self.bytes -= e.bytes;
            }
            self.stats.evictions += 1;
        }
        self.bytes += bytes;
        self.tick += 1;
        self.order.insert(self.tick, key.to_string());
        self.entries.insert(
            key.to_string(),
            Entry {
                value,
                bytes,
                expires_at: now + meta.ttl_ms,
                meta,
                tick: self.tick,
            },
        );
    }

    fn drop_where(&mut self, pred: impl Fn(&EntryMeta) -> bool) -> usize {
        let keys: Vec<String> = self
            .entries
            .iter()
            .filter(|(_, e)| pred(&e.meta))
            .map(|(k, _)| k.clone())
            .collect();
        for k in &keys {
            self.remove(k);
        }
        self.stats.invalidations += keys.len() as u64;
        keys.len()
    }

    /// Drops every entry asked in `scope`; returns how many.
    pub fn invalidate_scope(&mut self, scope: &str) -> usize {
        self.drop_where(|m| m.scope.as_deref() == Some(scope))
    }

    /// Drops every entry resting on source `id`; returns how many.
    pub fn invalidate_source(&mut self, id: &str) -> usize {
        self.drop_where(|m| m.source_ids.iter().any(|s| s == id))
    }

    /// Drops everything; returns how many.
    pub fn clear(&mut self) -> usize {
        self.drop_where(|_| true)
    }

    /// The counters, with the current size.
    pub fn stats(&self) -> CacheStats {
        CacheStats {
            size: self.entries.len(),
            ..self.stats
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod byte_bound_tests {
    use super::{EntryMeta, ResponseCache};

    fn meta() -> EntryMeta {
        EntryMeta {
            ttl_ms: 1000.0,
            ..EntryMeta::default()
        }
    }

    #[test]
    fn the_cache_is_bounded_by_bytes_as_well_as_entries() {
        let mut c: ResponseCache<String> = ResponseCache::new(100).with_max_bytes(1000);
        for i in 0..10 {
            c.insert(&format!("k{i}"), "x".repeat(300), meta(), 0.0);
            assert!(c.bytes() <= 1000, "{} bytes held", c.bytes());
        }
        assert_eq!(c.len(), 3, "three 300-byte values fit in 1000 bytes");
        assert!(c.get("k9", 1.0).is_some() && c.get("k6", 1.0).is_none());
        assert_eq!(c.stats().evictions, 7);
        // A value heavier than the bound is not stored, and evicts nothing.
        c.insert("huge", "x".repeat(1001), meta(), 0.0);
        assert!(c.get("huge", 1.0).is_none());
        assert_eq!(c.len(), 3);
        assert_eq!(c.clear(), 3);
        assert_eq!(c.bytes(), 0);
    }
}
