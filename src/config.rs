//! Configuration of a validator, and limits on its input.

use serde::{Deserialize, Serialize};

use crate::cache::CacheOptions;
use crate::citation::CitationOptions;
use crate::claims::ClaimOptions;
use crate::confidence::{Preset, Weights};
use crate::error::{Error, ErrorCode, Result};
use crate::evidence::EvidenceOptions;
use crate::gate::GateOptions;
use crate::judges::prompts::Prompts;
use crate::judges::JudgeOptions;
use crate::pipeline::LoopOptions;

/// Limits on the input of one check. Inputs over a limit are rejected with `TOO_LONG`
/// naming the field, never truncated silently.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Limits {
    /// Longest question, in UTF-16 code units (default 2000; a question must have at
    /// least one non-blank character).
    pub max_question_length: usize,
    /// Longest answer, in UTF-16 code units (default 50 000).
    pub max_answer_length: usize,
    /// Most sources in one check (default 100).
    pub max_sources: usize,
    /// Longest source `content`, in UTF-16 code units (default 200 000).
    pub max_source_length: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_question_length: 2000,
            max_answer_length: 50_000,
            max_sources: 100,
            max_source_length: 200_000,
        }
    }
}

/// Longest `timeoutMs`: 2^31 − 1 ms, the longest delay `setTimeout` accepts (a longer one
/// fires at once, so every call would time out).
pub const MAX_TIMEOUT_MS: u32 = 2_147_483_647;

/// Everything a validator can be configured with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Config {
    /// Lowest confidence that may be FINAL (default 0.7).
    pub threshold: f64,
    /// The confidence formula (default `default`).
    pub preset: Preset,
    /// Weights of the default formula.
    pub weights: Weights,
    /// Gate settings other than the threshold.
    pub gate: GateOptions,
    /// Claim support thresholds and rates.
    pub claims: ClaimOptions,
    /// Which evidence checks (sources, snippets, lines, fields) run and how.
    pub evidence: EvidenceOptions,
    /// How citations are read and checked.
    pub citations: CitationOptions,
    /// Input limits.
    pub limits: Limits,
    /// Retries of `answer()` after the first attempt before it escalates (default 2).
    pub max_retries: usize,
    /// Milliseconds each callback call may take (default 30 000, at most 2^31 − 1).
    pub timeout_ms: u32,
    /// Most model calls (`llm` and `embed`) in one validation (default 16).
    pub budget: usize,
    /// Which judges run and their thresholds.
    pub judges: JudgeOptions,
    /// Overrides of the prompt templates.
    pub prompts: Prompts,
    /// `answer()`'s retrieval depth, mode and fallback.
    #[serde(rename = "loop")]
    pub pipeline: LoopOptions,
    /// Which answers `answer()` caches, for how long, how many.
    pub cache: CacheOptions,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            threshold: 0.7,
            preset: Preset::default(),
            weights: Weights::default(),
            gate: GateOptions::default(),
            claims: ClaimOptions::default(),
            evidence: EvidenceOptions::default(),
            citations: CitationOptions::default(),
            limits: Limits::default(),
            max_retries: 2,
            timeout_ms: 30_000,
            budget: 16,
            judges: JudgeOptions::default(),
            prompts: Prompts::default(),
            pipeline: LoopOptions::default(),
            cache: CacheOptions::default(),
        }
    }
}

impl Config {
    /// Parses a configuration from JSON data (strictly: see [`crate::strict`]),
    /// reporting the path of the field at fault, and checks its values.
    ///
    /// # Errors
    /// `UNKNOWN_FIELD` for a key that is not an option (usually a typo),
    /// `INVALID_TYPE` / `INVALID_VALUE` for a bad value; each names `config.<path>`.
    pub fn from_json(value: serde_json::Value) -> Result<Self> {
        let config: Config = crate::strict::read(value, "config")?;
        config.validate()?;
        Ok(config)
    }

    /// As [`Config::from_json`], from any serde deserializer (JSON text, a
    /// `serde_json::Value`): the data is read as JSON first.
    ///
    /// # Errors
    /// As [`Config::from_json`]; data the deserializer cannot read names `config`.
    pub fn from_deserializer<'de, D>(d: D) -> Result<Self>
    where
        D: serde::Deserializer<'de>,
        D::Error: std::fmt::Display,
    {
        let value = serde_json::Value::deserialize(d)
            .map_err(|e| Error::from_deserialize("", &e.to_string(), "config"))?;
        Self::from_json(value)
    }

    /// Checks the values of a configuration built in Rust.
    ///
    /// # Errors
    /// `INVALID_VALUE` naming the field.
    pub fn validate(&self) -> Result<()> {
        self.citations.validate("config.citations")?;
        self.evidence
            .field_patterns
            .validate("config.evidence.fieldPatterns")?;
        GateOptions {
            threshold: self.threshold,
            ..self.gate.clone()
        }
        .validate()?;
        for (name, v) in [
            ("claims.supported", self.claims.supported),
            ("claims.partial", self.claims.partial),
            ("claims.regenerateRate", self.claims.regenerate_rate),
            ("claims.rejectRate", self.claims.reject_rate),
            (
                "evidence.snippet.threshold",
                self.evidence.snippet.threshold,
            ),
            ("judges.similarity", self.judges.similarity),
            ("judges.borderline", self.judges.borderline),
            ("judges.band[0]", self.judges.band[0]),
            ("judges.band[1]", self.judges.band[1]),
            ("loop.fallbackBelow", self.pipeline.fallback_below),
            ("cache.minConfidence", self.cache.min_confidence),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return Err(Error::field(
                    ErrorCode::InvalidValue,
                    format!("config.{name}"),
                    format!("config.{name} must be between 0 and 1, got {v}"),
                ));
            }
        }
        let w = &self.weights;
        for (name, v) in [
            ("claims", w.claims),
            ("citations", w.citations),
            ("snippets", w.snippets),
            ("fields", w.fields),
            ("sources", w.sources),
            ("retrieval", w.retrieval),
            ("judges", w.judges),
        ] {
            if !(v >= 0.0 && v.is_finite()) {
                return Err(Error::field(
                    ErrorCode::InvalidValue,
                    format!("config.weights.{name}"),
                    format!("config.weights.{name} must be a non-negative number, got {v}"),
                ));
            }
        }
        let l = &self.limits;
        for (name, v) in [
            ("maxQuestionLength", l.max_question_length),
            ("maxAnswerLength", l.max_answer_length),
            ("maxSources", l.max_sources),
            ("maxSourceLength", l.max_source_length),
        ] {
            if v == 0 {
                return Err(Error::field(
                    ErrorCode::InvalidValue,
                    format!("config.limits.{name}"),
                    format!("config.limits.{name} must be at least 1"),
                ));
            }
        }
        if self.judges.band[0] > self.judges.band[1] {
            return Err(Error::field(
                ErrorCode::InvalidValue,
                "config.judges.band",
                format!(
                    "config.judges.band must be [low, high] with low not above high, got [{}, {}]",
                    self.judges.band[0], self.judges.band[1]
                ),
            ));
        }
        if self.judges.borderline > self.judges.similarity {
            return Err(Error::field(
                ErrorCode::InvalidValue,
                "config.judges.borderline",
                format!(
                    "config.judges.borderline ({}) must not be above config.judges.similarity ({})",
                    self.judges.borderline, self.judges.similarity
                ),
            ));
        }
        for (name, v) in [
            ("timeoutMs", self.timeout_ms as usize),
            ("budget", self.budget),
            ("loop.k", self.pipeline.k),
            ("cache.maxEntries", self.cache.max_entries),
            ("judges.maxTokens", self.judges.max_tokens as usize),
        ] {
            if v == 0 {
                return Err(Error::field(
                    ErrorCode::InvalidValue,
                    format!("config.{name}"),
                    format!("config.{name} must be at least 1"),
                ));
            }
        }
        if self.timeout_ms > MAX_TIMEOUT_MS {
            return Err(Error::field(
                ErrorCode::InvalidValue,
                "config.timeoutMs",
                format!(
                    "config.timeoutMs must be at most {MAX_TIMEOUT_MS} (about 24.8 days, the longest delay a JavaScript timer accepts), got {}",
                    self.timeout_ms
                ),
            ));
        }
        if self.max_retries > 10 {
            return Err(Error::field(
                ErrorCode::InvalidValue,
                "config.maxRetries",
                format!(
                    "config.maxRetries must be at most 10, got {}",
                    self.max_retries
                ),
            ));
        }
        let t = &self.cache.ttl_ms;
        for (name, v) in [
            ("instant", t.instant),
            ("auto", t.auto),
            ("thinking", t.thinking),
        ] {
            if !(v >= 0.0 && v.is_finite()) {
                return Err(Error::field(
                    ErrorCode::InvalidValue,
                    format!("config.cache.ttlMs.{name}"),
                    format!(
                        "config.cache.ttlMs.{name} must be a non-negative number of milliseconds"
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(c: &Config) -> Option<String> {
        c.validate().err().and_then(|e| e.field)
    }

    #[test]
    fn timeouts_stay_within_what_js_timers_accept() {
        let mut c = Config {
            timeout_ms: MAX_TIMEOUT_MS,
            ..Config::default()
        };
        assert!(c.validate().is_ok());
        c.timeout_ms = MAX_TIMEOUT_MS + 1;
        assert_eq!(field_of(&c).as_deref(), Some("config.timeoutMs"));
        c.timeout_ms = 0;
        assert_eq!(field_of(&c).as_deref(), Some("config.timeoutMs"));
    }

    #[test]
    fn thresholds_are_range_checked() {
        let c = Config {
            threshold: f64::NAN,
            ..Config::default()
        };
        assert_eq!(field_of(&c).as_deref(), Some("config.threshold"));
        let c = Config {
            threshold: 1.5,
            ..Config::default()
        };
        assert_eq!(field_of(&c).as_deref(), Some("config.threshold"));
    }

    #[test]
    fn the_judges_band_is_an_ordered_pair_of_scores() {
        let mut c = Config::default();
        c.judges.band = [0.3, 0.2];
        assert_eq!(field_of(&c).as_deref(), Some("config.judges.band"));
        c.judges.band = [0.1, 1.2];
        assert_eq!(field_of(&c).as_deref(), Some("config.judges.band[1]"));
        c.judges.band = [f64::NAN, 0.8];
        assert_eq!(field_of(&c).as_deref(), Some("config.judges.band[0]"));
        c.judges.band = [0.0, 1.0];
        assert!(c.validate().is_ok());
        let parsed = Config::from_deserializer(serde_json::json!({"judges": {"band": [0.2, 0.9]}}))
            .expect("a band from JSON");
        assert_eq!(parsed.judges.band, [0.2, 0.9]);
        assert!(Config::from_deserializer(serde_json::json!({"judges": {"band": [0.2]}})).is_err());
    }
}
