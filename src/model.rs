//! Model calls as traits: the LLM, the embedding model, the retriever and the generator,
//! plus the clock the loop reads its timings from.
//!
//! The core decides when to call them, with what prompt, and what to do with the answer;
//! it never knows what is behind them. Native tests implement them with scripted fakes,
//! `src/wasm/` with the JavaScript callbacks given at construction (timeouts live there:
//! the core has no clock). The futures have no `Send` bound, so single-threaded
//! implementations (JS promises) fit.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;

use serde::{Deserialize, Serialize};

use crate::source::Source;

/// The future a model call returns.
pub type ModelFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, ModelError>> + 'a>>;

/// How a model call failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FailureKind {
    /// The callback threw or its promise rejected.
    Error,
    /// The callback did not answer within `timeoutMs`.
    Timeout,
    /// The callback answered with the wrong shape (type, count, NaN, dimensions) or with
    /// text the judge's parser could not read.
    Shape,
    /// The per-validation budget of model calls was spent; the call was not made.
    Budget,
}

impl FailureKind {
    /// The kind as it appears in warning details.
    pub fn as_str(self) -> &'static str {
        match self {
            FailureKind::Error => "error",
            FailureKind::Timeout => "timeout",
            FailureKind::Shape => "shape",
            FailureKind::Budget => "budget",
        }
    }
}

/// A failed model call: its kind and the callback's own message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelError {
    /// How it failed.
    pub kind: FailureKind,
    /// The callback's message (an `Error`'s `message`, a rejected string, …) or ours.
    pub message: String,
}

impl ModelError {
    /// The callback threw or rejected with `message`.
    pub fn error(message: impl Into<String>) -> Self {
        ModelError {
            kind: FailureKind::Error,
            message: message.into(),
        }
    }

    /// The callback did not answer within `ms` milliseconds.
    pub fn timeout(what: &str, ms: u32) -> Self {
        ModelError {
            kind: FailureKind::Timeout,
            message: format!("{what} did not answer within {ms} ms"),
        }
    }

    /// The callback's answer had the wrong shape.
    pub fn shape(message: impl Into<String>) -> Self {
        ModelError {
            kind: FailureKind::Shape,
            message: message.into(),
        }
    }
}

/// What an LLM call is for: passed to the `llm` callback so it can pick a model, and
/// recorded in the report's warnings when the call fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Purpose {
    /// ISREL: are the sources relevant to the question.
    Relevance,
    /// ISSUP: is the answer supported by the sources.
    Support,
    /// ISUSE: does the answer address the question.
    Usefulness,
    /// Split the answer into claims.
    Claims,
    /// Verify one uncertain claim against its evidence.
    Verify,
    /// The loop's critic: FINAL / RETRY / CLARIFY / ESCALATE.
    Critic,
    /// Write the answer (when no `generate` callback is given).
    Generate,
}

impl Purpose {
    /// The purpose as JavaScript sees it.
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Relevance => "relevance",
            Purpose::Support => "support",
            Purpose::Usefulness => "usefulness",
            Purpose::Claims => "claims",
            Purpose::Verify => "verify",
            Purpose::Critic => "critic",
            Purpose::Generate => "generate",
        }
    }
}

/// Options of one LLM call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LlmOptions {
    /// What the call is for.
    pub purpose: Purpose,
    /// Upper bound on the answer's length, in tokens.
    pub max_tokens: u32,
}

/// Options of one retrieval.
#[derive(Debug, Clone, PartialEq)]
pub struct RetrieveOptions {
    /// How many chunks to return.
    pub k: usize,
    /// The caller's scope (a name, or a filter the loop also enforces), passed through.
    pub scope: Option<crate::scope::Scope>,
}

/// How much work the loop spends on an answer; the next mode is the fallback when one
/// fails or stays low.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Mode {
    /// Every judge (relevance, support, usefulness), claim verification, the critic,
    /// `maxRetries` retries.
    Thinking,
    /// The configured judges, claim verification, the critic, `maxRetries` retries.
    #[default]
    Auto,
    /// One attempt, deterministic checks only.
    Instant,
    /// No answer: the retrieved sources as they are.
    Sources,
}

impl Mode {
    /// The mode as JavaScript sees it.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Thinking => "thinking",
            Mode::Auto => "auto",
            Mode::Instant => "instant",
            Mode::Sources => "sources",
        }
    }

    /// The next mode of the fallback chain (thinking → auto → instant → sources).
    pub fn fallback(self) -> Option<Mode> {
        match self {
            Mode::Thinking => Some(Mode::Auto),
            Mode::Auto => Some(Mode::Instant),
            Mode::Instant => Some(Mode::Sources),
            Mode::Sources => None,
        }
    }
}

/// Options of one generation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateOptions {
    /// 0 for the first attempt, then 1, 2, … for the retries.
    pub attempt: usize,
    /// The mode the loop is in.
    pub mode: Mode,
}

/// A language model: prompt in, text out.
pub trait Llm {
    /// Completes `prompt`.
    fn complete<'a>(&'a self, prompt: &'a str, options: &'a LlmOptions) -> ModelFuture<'a, String>;
}

/// An embedding model: one vector per text, all of one dimension.
pub trait Embedder {
    /// Embeds `texts`, in order.
    fn embed<'a>(&'a self, texts: &'a [String]) -> ModelFuture<'a, Vec<Vec<f32>>>;
}

/// A retriever: the chunks most relevant to a query.
pub trait Retriever {
    /// Retrieves up to `options.k` chunks for `query`.
    fn retrieve<'a>(
        &'a self,
        query: &'a str,
        options: &'a RetrieveOptions,
    ) -> ModelFuture<'a, Vec<Source>>;
}

/// A generator: writes the answer from a grounded prompt.
pub trait Generator {
    /// Answers `prompt`.
    fn generate<'a>(
        &'a self,
        prompt: &'a str,
        options: &'a GenerateOptions,
    ) -> ModelFuture<'a, String>;
}

/// Where the loop's timings come from (`Date.now()` in wasm, a scripted clock in tests).
pub trait Clock {
    /// Milliseconds since some fixed origin.
    fn now_ms(&self) -> f64;
}

/// A clock that always reads 0 (timings then read 0).
#[derive(Debug, Clone, Copy, Default)]
pub struct ZeroClock;

impl Clock for ZeroClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The callbacks a validation or the loop may use; each is optional.
#[derive(Clone, Copy, Default)]
pub struct Models<'a> {
    /// Judges, claim extraction and verification, the critic; the generator's default.
    pub llm: Option<&'a dyn Llm>,
    /// Claim ↔ source similarity.
    pub embed: Option<&'a dyn Embedder>,
    /// Retrieval, for the loop.
    pub retrieve: Option<&'a dyn Retriever>,
    /// Generation, for the loop (defaults to `llm`).
    pub generate: Option<&'a dyn Generator>,
}

/// Counts model calls against a budget. Calls are reserved before they are made, so a
/// spent budget means the call is not made at all.
#[derive(Debug)]
pub struct Budget {
    limit: usize,
    used: Cell<usize>,
}

impl Budget {
    /// A budget of `limit` calls.
    pub fn new(limit: usize) -> Self {
        Budget {
            limit,
            used: Cell::new(0),
        }
    }

    /// Reserves one call.
    ///
    /// # Errors
    /// A `Budget` failure when `limit` calls were already made.
    pub fn take(&self, what: &str) -> Result<(), ModelError> {
        let used = self.used.get();
        if used >= self.limit {
            return Err(ModelError {
                kind: FailureKind::Budget,
                message: format!(
                    "{what} was not called: the budget of {} model calls per validation is spent",
                    self.limit
                ),
            });
        }
        self.used.set(used + 1);
        Ok(())
    }

    /// Calls made (reserved) so far.
    pub fn used(&self) -> usize {
        self.used.get()
    }
}

/// Checks what an embedder returned: `expected` vectors, all of one non-zero dimension,
/// every number finite.
///
/// # Errors
/// A `Shape` failure saying what is wrong.
pub(crate) fn check_embeddings(expected: usize, vectors: &[Vec<f32>]) -> Result<(), ModelError> {
    if vectors.len() != expected {
        return Err(ModelError::shape(format!(
            "embed returned {} vectors for {expected} texts",
            vectors.len()
        )));
    }
    let dim = vectors.first().map_or(0, Vec::len);
    for (i, v) in vectors.iter().enumerate() {
        if v.is_empty() {
            return Err(ModelError::shape(format!(
                "embed returned an empty vector at {i}"
            )));
        }
        if v.len() != dim {
            return Err(ModelError::shape(format!(
                "embed returned vectors of unequal dimensions ({dim} and {} at {i})",
                v.len()
            )));
        }
        if let Some(j) = v.iter().position(|x| !x.is_finite()) {
            return Err(ModelError::shape(format!(
                "embed returned a number that is not finite at [{i}][{j}]"
            )));
        }
    }
    Ok(())
}

/// Cosine similarity of two vectors of equal length; 0 when either is all zeros.
pub(crate) fn cosine(a: &[f32], b: &[f32]) -> f64 {
    let (mut dot, mut na, mut nb) = (0.0f64, 0.0f64, 0.0f64);
    for (x, y) in a.iter().zip(b) {
        let (x, y) = (f64::from(*x), f64::from(*y));
        dot += x * y;
        na += x * x;
        nb += y * y;
    }
    if na <= 0.0 || nb <= 0.0 {
        0.0
    } else {
        (dot / (na.sqrt() * nb.sqrt())).clamp(-1.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embeddings_shape() {
        assert!(check_embeddings(2, &[vec![1.0, 0.0], vec![0.0, 1.0]]).is_ok());
        assert!(check_embeddings(3, &[vec![1.0], vec![1.0]]).is_err());
        assert!(check_embeddings(2, &[vec![1.0, 0.0], vec![1.0]]).is_err());
        assert!(check_embeddings(1, &[vec![f32::NAN]]).is_err());
        assert!(check_embeddings(1, &[vec![]]).is_err());
    }

    #[test]
    fn cosine_values() {
        assert!((cosine(&[1.0, 0.0], &[1.0, 0.0]) - 1.0).abs() < 1e-9);
        assert!(cosine(&[1.0, 0.0], &[0.0, 1.0]).abs() < 1e-9);
        assert_eq!(cosine(&[0.0, 0.0], &[1.0, 1.0]), 0.0);
    }

    #[test]
    fn budget_counts() {
        let b = Budget::new(1);
        assert!(b.take("llm").is_ok());
        assert_eq!(b.take("llm").unwrap_err().kind, FailureKind::Budget);
        assert_eq!(b.used(), 1);
    }
}
