//! What a model judge is configured with, asked and answers, without calling a model:
//! the judges' options (`config.judges`), the prompt templates, the tolerant reading of
//! their output, and the summary of what they found that the report carries. The
//! cascade that calls the models is [`crate::judges`], above the report.

pub mod parse;
pub mod prompts;

use serde::{Deserialize, Serialize};

use crate::confidence::Support;
use crate::error::{Error, ErrorCode, Result};

/// Default of [`JudgeOptions::band`]: the held-out reliability table of the support
/// score (`npm run eval -- --lodo`, all rows pooled) is within 0.15 of certain below 0.1
/// and from 0.8 up, and uncertain between.
pub const BAND_DEFAULT: [f64; 2] = [0.1, 0.8];

/// Judge settings (`config.judges`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct JudgeOptions {
    /// Run the ISREL judge (default `null`: on with the `triad` preset and in `thinking`
    /// mode).
    pub relevance: Option<bool>,
    /// Run the ISSUP judge (default `null`: as `relevance`).
    pub support: Option<bool>,
    /// Run the ISUSE judge (default `null`: as `relevance`).
    pub usefulness: Option<bool>,
    /// Extract claims with the `llm` and merge them with the deterministic ones
    /// (default false).
    pub extract_claims: bool,
    /// Verify uncertain claims with `embed` and `llm` (default true).
    pub verify: bool,
    /// Ask the `llm` for a critic's verdict on each attempt of `answer()` (default true).
    pub critic: bool,
    /// Embedding similarity at or above which a claim is supported (default 0.8).
    pub similarity: f64,
    /// Lower end of the borderline band escalated to the `llm` (default 0.7).
    pub borderline: f64,
    /// The band `[low, high)` of lexical support scores the cascade verifies (default
    /// `[0.1, 0.8]`, from the held-out reliability of the score: claims scored under 0.1
    /// were attributable about 10% of the time and claims scored 0.8 or more about 87%,
    /// while between them the share ran from 14% to 58%). A claim scored at or above
    /// `high` stays as it is; one scored under `low` goes to `embed` (a paraphrase has
    /// little lexical overlap) but not on its own to the `llm`.
    pub band: [f64; 2],
    /// `maxTokens` passed to the `llm` (default 512).
    pub max_tokens: u32,
}

impl JudgeOptions {
    /// The options that are scores in [0, 1], by their name under `config.judges`.
    pub fn fractions(&self) -> [(&'static str, f64); 4] {
        [
            ("similarity", self.similarity),
            ("borderline", self.borderline),
            ("band[0]", self.band[0]),
            ("band[1]", self.band[1]),
        ]
    }

    /// The options that are counts of at least 1, by their name under `config.judges`.
    pub fn counts(&self) -> [(&'static str, usize); 1] {
        [("maxTokens", self.max_tokens as usize)]
    }

    /// Checks that the band is ordered and the borderline not above the similarity
    /// (each a score in [0, 1]: see [`JudgeOptions::fractions`]).
    ///
    /// # Errors
    /// `INVALID_VALUE` naming `{path}.band` or `{path}.borderline`.
    pub(crate) fn validate_order(&self, path: &str) -> Result<()> {
        if self.band[0] > self.band[1] {
            return Err(Error::field(
                ErrorCode::InvalidValue,
                format!("{path}.band"),
                format!(
                    "{path}.band must be [low, high] with low not above high, got [{}, {}]",
                    self.band[0], self.band[1]
                ),
            ));
        }
        if self.borderline > self.similarity {
            return Err(Error::field(
                ErrorCode::InvalidValue,
                format!("{path}.borderline"),
                format!(
                    "{path}.borderline ({}) must not be above {path}.similarity ({})",
                    self.borderline, self.similarity
                ),
            ));
        }
        Ok(())
    }
}

impl Default for JudgeOptions {
    fn default() -> Self {
        JudgeOptions {
            relevance: None,
            support: None,
            usefulness: None,
            extract_claims: false,
            verify: true,
            critic: true,
            similarity: 0.8,
            borderline: 0.7,
            band: BAND_DEFAULT,
            max_tokens: 512,
        }
    }
}

/// What the judges found, in the report (`report.judges`; `null` for `check()`).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct JudgeSummary {
    /// ISREL in [0, 1], when it ran.
    pub relevance: Option<f64>,
    /// ISSUP, when it ran.
    pub support: Option<Support>,
    /// The claims the ISSUP judge named as unsupported.
    pub unsupported_claims: Vec<String>,
    /// The ISSUP judge's own reasoning, when it gave one.
    pub support_reasoning: Option<String>,
    /// ISUSE in [0, 1], when it ran.
    pub usefulness: Option<f64>,
    /// The critic's verdict text, when the loop asked for one.
    pub critic: Option<String>,
    /// Claims the `llm` extracted that the deterministic split did not have.
    pub claims_extracted: usize,
    /// Claims compared with the sources through `embed`.
    pub claims_embedded: usize,
    /// Claims escalated to the `llm` verification prompt.
    pub claims_escalated: usize,
    /// Model calls made (or attempted) by this validation.
    pub model_calls: usize,
}
