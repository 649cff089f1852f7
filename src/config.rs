//! Configuration of a validator, and limits on its input.

use serde::{Deserialize, Serialize};

use crate::citation::CitationOptions;
use crate::claims::ClaimOptions;
use crate::confidence::{Preset, Weights};
use crate::error::{Error, ErrorCode, Result};
use crate::gate::GateOptions;

/// Limits on the input of one check. Inputs over a limit are rejected with `TOO_LONG`
/// naming the field, never truncated silently.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
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

/// Everything a validator can be configured with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
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
    /// How citations are read and checked.
    pub citations: CitationOptions,
    /// Input limits.
    pub limits: Limits,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            threshold: 0.7,
            preset: Preset::default(),
            weights: Weights::default(),
            gate: GateOptions::default(),
            claims: ClaimOptions::default(),
            citations: CitationOptions::default(),
            limits: Limits::default(),
        }
    }
}

impl Config {
    /// Parses a configuration from any serde deserializer (a JS object, JSON text),
    /// reporting the path of the field at fault, and checks its values.
    ///
    /// # Errors
    /// `UNKNOWN_FIELD` for a key that is not an option (usually a typo),
    /// `INVALID_TYPE` / `INVALID_VALUE` for a bad value; each names `config.<path>`.
    pub fn from_deserializer<'de, D>(d: D) -> Result<Self>
    where
        D: serde::Deserializer<'de>,
        D::Error: std::fmt::Display,
    {
        let config: Config = serde_path_to_error::deserialize(d)
            .map_err(|e| Error::from_deserialize(e, "config"))?;
        config.validate()?;
        Ok(config)
    }

    /// Checks the values of a configuration built in Rust.
    ///
    /// # Errors
    /// `INVALID_VALUE` naming the field.
    pub fn validate(&self) -> Result<()> {
        self.citations.validate("config.citations")?;
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
        Ok(())
    }
}
