//! `validator.validate()` and `validator.answer()`: thin promise-returning wrappers over
//! the core's judges and loop, with the JS callbacks as the models and `Date.now()` as
//! the clock. State is shared through `Rc`, so no `&self` borrow lives across an await.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

use crate::answer_loop::{AnswerInput, AnswerResult};
use crate::cache::ResponseCache;
use crate::error::{Error, ErrorCode};
use crate::judges;
use crate::Validator;

use super::callbacks::{Callbacks, DateClock};
use super::convert::{from_js, into_error, to_js};
use super::timings::Recorder;

#[wasm_bindgen(typescript_custom_section)]
const PIPELINE_TYPES: &'static str = r#"
/** How much work `answer()` spends; each mode falls back to the next. */
export type Mode = "thinking" | "auto" | "instant" | "sources";

export interface JudgeOptions {
  /** ISREL / ISSUP / ISUSE; default null: on with the triad preset and in thinking mode. */
  relevance?: boolean | null;
  support?: boolean | null;
  usefulness?: boolean | null;
  /** Extract claims with the llm and merge them with the deterministic ones (default false). */
  extractClaims?: boolean;
  /** Verify uncertain claims with embed and llm (default true). */
  verify?: boolean;
  /** Ask the llm for a critic's verdict on each attempt of answer() (default true). */
  critic?: boolean;
  /** Embedding similarity at which a claim is supported (default 0.8). */
  similarity?: number;
  /** Lower end of the band escalated to the llm (default 0.7). */
  borderline?: number;
  /** Lexical support scores [low, high) the cascade verifies: at or above high a claim stays as it is, under low it goes to embed only (default [0.1, 0.8], from the score's held-out reliability). */
  band?: [number, number];
  /** maxTokens passed to the llm (default 512). */
  maxTokens?: number;
}

/** Prompt template overrides; placeholders {question} {answer} {sources} {claim} {evidence} {correction}. */
export interface Prompts {
  relevance?: string | null; support?: string | null; usefulness?: string | null;
  claims?: string | null; verify?: string | null; critic?: string | null;
  generate?: string | null; correction?: string | null;
}

export interface LoopOptions {
  /** Chunks retrieved for the first attempt; doubled on each retry (default 4). */
  k?: number;
  /** Mode when answer() is given none (default "auto"). */
  mode?: Mode;
  /** Fall back to the next mode when one fails or stays low (default true). */
  fallback?: boolean;
  /** Best confidence below which a mode falls back (default 0.3). */
  fallbackBelow?: number;
  /** Most targeted queries from unsupported claims per retry (default 3). */
  targetedQueries?: number;
  /** Retrieval score below which a source is not relevant (default null). */
  minScore?: number | null;
}

export interface CacheOptions {
  /** answer() consults and fills validator.cache (default true). */
  enabled?: boolean;
  /** Most entries, least recently used evicted first (default 256). */
  maxEntries?: number;
  /** Lowest confidence of a cacheable answer (default 0.3). */
  minConfidence?: number;
  /** Time to live by mode in ms (instant 120000, auto 300000, thinking 900000). */
  ttlMs?: { instant?: number; auto?: number; thinking?: number };
}

export interface Config {
  /** Retries of answer() after the first attempt before ESCALATE (default 2). */
  maxRetries?: number;
  /** Milliseconds each callback call may take (default 30000). */
  timeoutMs?: number;
  /** Most llm/embed calls in one validation (default 16). */
  budget?: number;
  judges?: JudgeOptions;
  prompts?: Prompts;
  loop?: LoopOptions;
  cache?: CacheOptions;
}

export interface JudgeSummary {
  relevance: number | null;
  support: "full" | "partial" | "none" | null;
  unsupportedClaims: string[];
  /** The support judge's own reasoning, when it gave one. */
  supportReasoning: string | null;
  usefulness: number | null;
  critic: string | null;
  claimsExtracted: number;
  claimsEmbedded: number;
  claimsEscalated: number;
  modelCalls: number;
}

export interface Report {
  /** What the model judges found; null for check(). */
  judges: JudgeSummary | null;
}

export interface AnswerInput {
  question: string;
  /** Passed to retrieve and part of the cache key; a filter (`{ where: { domain: "billing" } }`)
   * is also enforced on what retrieve returns. */
  scope?: Scope | null;
  /** Mode to start in (default config.loop.mode). */
  mode?: Mode;
}

export interface Attempt {
  index: number;
  mode: Mode;
  decision: Decision | null;
  confidence: number | null;
  reasons: string[];
  /** Retrieval depth. */
  k: number;
  queries: string[];
  sourceIds: string[];
  modelCalls: number;
  /** Date.now() when the attempt started. */
  startedAt: number;
  durationMs: number;
  error: string | null;
  cached: boolean;
}

export interface AnswerResult {
  decision: Decision;
  /** The answer to show: FINAL, or a refusal (CLARIFY with report.abstained). */
  answer: string | null;
  /** The best attempt that was not verified (ESCALATE): for review, never to show. */
  unverifiedAnswer: string | null;
  report: Report | null;
  sources: Source[];
  message: string | null;
  mode: Mode;
  cached: boolean;
  complete: boolean;
  /** PIPELINE_ERROR (a step failed; the result is incomplete) and OUT_OF_SCOPE (a retrieved
   * source outside the scope's filter was dropped). */
  warnings: Warning[];
  trace: Attempt[];
  modelCalls: number;
  cacheKey: string | null;
}
"#;

/// `validator.validate(input)`: the checks plus the judges the configuration enables.
pub(crate) fn validate(inner: Rc<Validator>, callbacks: Rc<Callbacks>, input: JsValue) -> Promise {
    future_to_promise(async move {
        let input = super::parse_input(input, &inner.config().limits)?;
        let recorder = callbacks.timings.then(Recorder::new);
        let bound = callbacks.bind(recorder.as_ref());
        let report = judges::validate_as_configured(&inner, &input, bound.models()).await?;
        callbacks
            .events
            .report(&report, "validate", &inner.config().gate.blocking);
        let out = to_js(&report)?;
        if let Some(r) = &recorder {
            r.attach(&out)?;
        }
        Ok(out)
    })
}

/// `validator.answer({ question, scope, mode })`: the whole loop.
pub(crate) fn answer(
    inner: Rc<Validator>,
    callbacks: Rc<Callbacks>,
    cache: Rc<RefCell<ResponseCache<AnswerResult>>>,
    input: JsValue,
) -> Promise {
    future_to_promise(async move {
        if !super::read::is_record(&input) {
            return Err(into_error(&Error::field(
                ErrorCode::InvalidType,
                "input",
                "the input must be an object { question, scope?, mode? }",
            )));
        }
        let input: AnswerInput = from_js(input, "input")?;
        let recorder = callbacks.timings.then(Recorder::new);
        let bound = callbacks.bind(recorder.as_ref());
        let result =
            crate::answer_loop::answer(&inner, bound.models(), &DateClock, Some(&cache), &input)
                .await?;
        callbacks
            .events
            .answer(&result, &inner.config().gate.blocking);
        let out = to_js(&result)?;
        if let Some(r) = &recorder {
            let calls: Vec<usize> = result.trace.iter().map(|a| a.model_calls).collect();
            r.attach_answer(&out, &calls)?;
        }
        Ok(out)
    })
}
