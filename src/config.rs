//! Configuration of a validator, and limits on its input.

use serde::{Deserialize, Serialize};

use crate::cache::CacheOptions;
use crate::citation::CitationOptions;
use crate::claims::ClaimOptions;
use crate::confidence::{Preset, Weights};
use crate::error::{check_at_least_one, check_fraction, Error, ErrorCode, Result};
use crate::evidence::EvidenceOptions;
use crate::gate::GateOptions;
use crate::model::Mode;
use crate::verdict::prompts::Prompts;
use crate::verdict::JudgeOptions;

pub use crate::input::Limits;

/// Longest `timeoutMs`: 2^31 − 1 ms, the longest delay `setTimeout` accepts (a longer one
/// fires at once, so every call would time out).
pub(crate) const MAX_TIMEOUT_MS: u32 = 2_147_483_647;

/// Settings of `answer()` (`config.loop`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct LoopOptions {
    /// Chunks retrieved for the first attempt; each retry doubles it (default 4).
    pub k: usize,
    /// The mode when `answer()` is not given one (default `auto`).
    pub mode: Mode,
    /// Fall back to the next mode when one fails or stays low (default true).
    pub fallback: bool,
    /// A mode whose best confidence stays below this falls back (default 0.3).
    pub fallback_below: f64,
    /// Most targeted queries built from unsupported claims per retry (default 3).
    pub targeted_queries: usize,
    /// Sources scored below this by the retriever do not count as relevant (default
    /// `null`: every retrieved source counts).
    pub min_score: Option<f64>,
}

impl LoopOptions {
    /// The options that are scores in [0, 1], by their name under `config.loop`.
    pub fn fractions(&self) -> [(&'static str, f64); 1] {
        [("fallbackBelow", self.fallback_below)]
    }

    /// The options that are counts of at least 1, by their name under `config.loop`.
    pub fn counts(&self) -> [(&'static str, usize); 1] {
        [("k", self.k)]
    }
}

impl Default for LoopOptions {
    fn default() -> Self {
        LoopOptions {
            k: 4,
            mode: Mode::Auto,
            fallback: true,
            fallback_below: 0.3,
            targeted_queries: 3,
            min_score: None,
        }
    }
}

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
    pub r#loop: LoopOptions,
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
            r#loop: LoopOptions::default(),
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
        // Each stage names its own scores, counts and rules; the order of the checks (so
        // which error a configuration with several mistakes gets) is the same as when
        // they were listed here.
        let fractions = (self
            .claims
            .fractions()
            .map(|(n, v)| ("claims", n, v))
            .into_iter())
        .chain(self.evidence.fractions().map(|(n, v)| ("evidence", n, v)))
        .chain(self.judges.fractions().map(|(n, v)| ("judges", n, v)))
        .chain(self.r#loop.fractions().map(|(n, v)| ("loop", n, v)))
        .chain(self.cache.fractions().map(|(n, v)| ("cache", n, v)));
        for (stage, name, v) in fractions {
            check_fraction(&format!("config.{stage}.{name}"), v)?;
        }
        self.weights.validate("config.weights")?;
        self.limits.validate("config.limits")?;
        self.judges.validate_order("config.judges")?;
        let counts = [
            ("timeoutMs".to_string(), self.timeout_ms as usize),
            ("budget".to_string(), self.budget),
        ]
        .into_iter()
        .chain(self.r#loop.counts().map(|(n, v)| (format!("loop.{n}"), v)))
        .chain(self.cache.counts().map(|(n, v)| (format!("cache.{n}"), v)))
        .chain(
            self.judges
                .counts()
                .map(|(n, v)| (format!("judges.{n}"), v)),
        );
        for (name, v) in counts {
            check_at_least_one(&format!("config.{name}"), v)?;
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
        self.cache.ttl_ms.validate("config.cache.ttlMs")?;
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
