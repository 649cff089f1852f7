//! The Self-RAG / corrective loop behind `answer()`: retrieve → (nothing relevant:
//! CLARIFY) → generate with a grounded prompt → validate (checks, judges, critic) → gate:
//! FINAL returns; RETRY retrieves deeper (k doubled) and with queries built from the
//! unsupported claims, regenerates with the correction prompt and validates again; after
//! `maxRetries` retries without FINAL, ESCALATE with the best attempt. Modes form a
//! fallback chain (thinking → auto → instant → the raw sources) when one fails or its
//! best attempt stays below `loop.fallbackBelow`. Every attempt is kept in the trace.
//!
//! The loop is orchestration only: it takes the callbacks as traits, time from a
//! [`Clock`], and the cache as an argument.

use std::cell::RefCell;

use futures_util::future::join_all;
use serde::{Deserialize, Serialize};

use crate::cache::{cache_key, cache_policy, EntryMeta, ResponseCache};
use crate::claims::SupportStatus;
use crate::decision::Decision;
use crate::error::{Error, ErrorCode, Result};
use crate::input::CheckInput;
use crate::judges::prompts::{self, numbered_sources, render};
use crate::judges::{self, Plan};
use crate::model::{
    Budget, Clock, GenerateOptions, LlmOptions, Mode, ModelError, Models, Purpose, RetrieveOptions,
};
use crate::report::{Report, Warning, WarningKind};
use crate::scope::Scope;
use crate::source::Source;
use crate::validator::Validator;

pub use crate::config::LoopOptions;

/// What `answer()` is asked.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct AnswerInput {
    /// The user's question.
    pub question: String,
    /// Passed to the retriever and part of the cache key: a name (`"tenant-a"`), or a
    /// filter `{ name?, where: { field: value } }` that the loop also enforces on what
    /// the retriever returns (sources that do not match are dropped with
    /// `OUT_OF_SCOPE`).
    #[serde(default)]
    pub scope: Option<crate::scope::Scope>,
    /// The mode to start in (default `config.loop.mode`).
    #[serde(default)]
    pub mode: Option<Mode>,
}

/// One attempt of the loop, as the trace records it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Attempt {
    /// 0, 1, 2, … over the whole call.
    pub index: usize,
    /// The mode of the attempt.
    pub mode: Mode,
    /// The gate's decision; `null` when the attempt failed before validation.
    pub decision: Option<Decision>,
    /// The report's confidence; `null` when the attempt failed before validation.
    pub confidence: Option<f64>,
    /// The report's reason codes, or `PIPELINE_ERROR`, `NO_EVIDENCE`, `CACHE_HIT`.
    pub reasons: Vec<String>,
    /// Retrieval depth of the attempt.
    pub k: usize,
    /// The queries retrieved for it (the question, then targeted queries).
    pub queries: Vec<String>,
    /// Ids of the sources the answer was generated from.
    pub source_ids: Vec<String>,
    /// Callback calls made for it (retrieve, generate, llm, embed).
    pub model_calls: usize,
    /// When it started, by the injected clock (ms).
    pub started_at: f64,
    /// How long it took (ms).
    pub duration_ms: f64,
    /// The failure that ended it, if any.
    pub error: Option<String>,
    /// It was served from the cache.
    pub cached: bool,
}

/// What `answer()` returns.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct AnswerResult {
    /// FINAL (a verified answer), CLARIFY (ask the user to refine the question or add
    /// documents) or ESCALATE (could not be verified from the documents).
    pub decision: Decision,
    /// The answer to show: the accepted one (FINAL), or a refusal that claims nothing
    /// (CLARIFY with `report.abstained`); `null` otherwise. An answer that was not
    /// verified is never here: see `unverifiedAnswer`.
    pub answer: Option<String>,
    /// The best attempt that was NOT verified (ESCALATE, or CLARIFY from a critic), for a
    /// person to review; never to be shown as the answer. `null` when FINAL or when
    /// there was no attempt.
    pub unverified_answer: Option<String>,
    /// The answer's report.
    pub report: Option<Report>,
    /// The sources the answer was generated from (or the retrieved ones).
    pub sources: Vec<Source>,
    /// A sentence for the user when the answer is not FINAL.
    pub message: Option<String>,
    /// The mode that produced the result (`sources` for raw sources).
    pub mode: Mode,
    /// Served from the cache.
    pub cached: bool,
    /// False when a pipeline step failed or the report is incomplete.
    pub complete: bool,
    /// `PIPELINE_ERROR` warnings (retrieval or generation failed; the result is then
    /// incomplete) and `OUT_OF_SCOPE` warnings (retrieved sources the scope's filter
    /// dropped).
    pub warnings: Vec<Warning>,
    /// Every attempt, in order.
    pub trace: Vec<Attempt>,
    /// Callback calls made in all (retrieve, generate, llm, embed).
    pub model_calls: usize,
    /// The key the result is cached under (computed from the first retrieval).
    pub cache_key: Option<String>,
}

fn pipeline_error(step: &str, message: &str) -> Warning {
    Warning::new(
        WarningKind::PipelineError,
        format!("The {step} step failed: {message}"),
        None,
    )
    .with("step", step)
    .with("error", message)
}

/// The grounded prompt of the first attempt.
pub(crate) fn grounded_prompt(validator: &Validator, question: &str, sources: &[Source]) -> String {
    let cfg = validator.config();
    let template = cfg.prompts.generate.as_deref().unwrap_or(prompts::GENERATE);
    render(
        template,
        &[
            ("question", question),
            (
                "sources",
                &numbered_sources(sources, cfg.citations.index_base),
            ),
        ],
    )
}

/// The prompt of a retry: the sources again, the previous answer and what was wrong.
pub(crate) fn retry_prompt(
    validator: &Validator,
    question: &str,
    sources: &[Source],
    previous: &str,
    correction: &str,
) -> String {
    let cfg = validator.config();
    let template = cfg
        .prompts
        .correction
        .as_deref()
        .unwrap_or(prompts::CORRECTION);
    render(
        template,
        &[
            ("question", question),
            (
                "sources",
                &numbered_sources(sources, cfg.citations.index_base),
            ),
            ("answer", previous),
            ("correction", correction),
        ],
    )
}

struct Loop<'a> {
    validator: &'a Validator,
    models: Models<'a>,
    clock: &'a dyn Clock,
    input: &'a AnswerInput,
    trace: Vec<Attempt>,
    warnings: Vec<Warning>,
    /// Warnings that do not make the result incomplete (`OUT_OF_SCOPE`).
    notes: Vec<Warning>,
    calls: usize,
}

/// The best attempt so far.
struct Best {
    answer: String,
    report: Report,
    sources: Vec<Source>,
    mode: Mode,
}

impl Loop<'_> {
    async fn retrieve(
        &mut self,
        query: &str,
        k: usize,
    ) -> std::result::Result<Vec<Source>, ModelError> {
        let Some(r) = self.models.retrieve else {
            return Err(ModelError::error("no retrieve callback was given"));
        };
        let opts = RetrieveOptions {
            k,
            scope: self.input.scope.clone(),
        };
        self.calls += 1;
        let sources = r.retrieve(query, &opts).await?;
        self.check_sources(&sources)?;
        Ok(self.in_scope(sources))
    }

    /// The sources the scope admits; each one dropped leaves an `OUT_OF_SCOPE` warning.
    fn in_scope(&mut self, sources: Vec<Source>) -> Vec<Source> {
        let Some(scope) = &self.input.scope else {
            return sources;
        };
        let mut kept = Vec::with_capacity(sources.len());
        for s in sources {
            if scope.admits(&s) {
                kept.push(s);
                continue;
            }
            let fields = scope.failed_fields(&s);
            self.notes.push(
                Warning::new(
                    WarningKind::OutOfScope,
                    format!(
                        "Source {:?} was retrieved but does not match the scope ({}): it was dropped",
                        s.id,
                        fields.join(", ")
                    ),
                    None,
                )
                .with("sourceId", s.id.clone())
                .with("fields", fields),
            );
        }
        kept
    }

    /// Sources are checked as `check()` input is: ids, lengths, line ranges, scores.
    fn check_sources(&self, sources: &[Source]) -> std::result::Result<(), ModelError> {
        let probe = CheckInput {
            question: self.input.question.clone(),
            sources: sources.to_vec(),
            ..CheckInput::default()
        };
        probe
            .validate(&self.validator.config().limits)
            .map_err(|e| {
                ModelError::shape(format!("retrieve returned invalid sources: {}", e.message))
            })
    }

    async fn generate(
        &mut self,
        prompt: &str,
        attempt: usize,
        mode: Mode,
    ) -> std::result::Result<String, ModelError> {
        self.calls += 1;
        if let Some(g) = self.models.generate {
            return g.generate(prompt, &GenerateOptions { attempt, mode }).await;
        }
        match self.models.llm {
            Some(llm) => {
                let opts = LlmOptions {
                    purpose: Purpose::Generate,
                    max_tokens: self.validator.config().judges.max_tokens,
                };
                llm.complete(prompt, &opts).await
            }
            None => Err(ModelError::error("no generate or llm callback was given")),
        }
    }

    fn result(
        &self,
        decision: Decision,
        best: Option<Best>,
        sources: Vec<Source>,
        mode: Mode,
        message: Option<String>,
    ) -> AnswerResult {
        let (text, report, sources, mode) = match best {
            Some(b) => (Some(b.answer), Some(b.report), b.sources, b.mode),
            None => (None, None, sources, mode),
        };
        let shown = decision == Decision::Final
            || (decision == Decision::Clarify && report.as_ref().is_some_and(|r| r.abstained));
        let (answer, unverified_answer) = if shown { (text, None) } else { (None, text) };
        let complete = self.warnings.is_empty() && report.as_ref().is_none_or(|r| r.complete);
        let mut warnings = self.warnings.clone();
        warnings.extend(self.notes.iter().cloned());
        AnswerResult {
            decision,
            answer,
            unverified_answer,
            report,
            sources,
            message,
            mode,
            cached: false,
            complete,
            warnings,
            trace: self.trace.clone(),
            model_calls: self.calls,
            cache_key: None,
        }
    }

    /// Records a failed step: its `PIPELINE_ERROR` warning and the attempt it ended.
    #[allow(clippy::too_many_arguments)]
    fn record_failure(
        &mut self,
        step: &str,
        mode: Mode,
        k: usize,
        queries: Vec<String>,
        sources: &[Source],
        calls_before: usize,
        started_at: f64,
        message: String,
    ) {
        self.warnings.push(pipeline_error(step, &message));
        self.record(
            mode,
            None,
            vec!["PIPELINE_ERROR".into()],
            k,
            queries,
            sources,
            calls_before,
            started_at,
            Some(message),
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn record(
        &mut self,
        mode: Mode,
        report: Option<&Report>,
        reasons: Vec<String>,
        k: usize,
        queries: Vec<String>,
        sources: &[Source],
        calls_before: usize,
        started_at: f64,
        error: Option<String>,
    ) {
        let index = self.trace.len();
        let now = self.clock.now_ms();
        let reasons = match report {
            Some(r) => r.reasons.iter().map(|x| x.code.clone()).collect(),
            None => reasons,
        };
        self.trace.push(Attempt {
            index,
            mode,
            decision: report.map(|r| r.decision),
            confidence: report.map(|r| r.confidence),
            reasons,
            k,
            queries,
            source_ids: sources.iter().map(|s| s.id.clone()).collect(),
            model_calls: self.calls - calls_before,
            started_at,
            duration_ms: (now - started_at).max(0.0),
            error,
            cached: false,
        });
    }
}

/// Answers a question through the loop. `cache`, when given (and `config.cache.enabled`),
/// is consulted after the first retrieval and filled with accepted answers.
///
/// # Errors
/// `TOO_SHORT` / `TOO_LONG` for the question, `INVALID_CALLBACK` when the `retrieve`
/// callback, or both `generate` and `llm`, are missing. Callback failures are not
/// errors: they end in the result (`PIPELINE_ERROR`, `JUDGE_FAILED`, `complete: false`).
pub async fn answer(
    validator: &Validator,
    models: Models<'_>,
    clock: &dyn Clock,
    cache: Option<&RefCell<ResponseCache<AnswerResult>>>,
    input: &AnswerInput,
) -> Result<AnswerResult> {
    // The loop's prompts ask for a citation on every fact, so its answers are always
    // held to that, whatever `citations.requirePerClaim` says for `check()`.
    let strict;
    let validator = if validator.config().citations.require_per_claim {
        validator
    } else {
        let mut cfg = validator.config().clone();
        cfg.citations.require_per_claim = true;
        strict = Validator::new(cfg)?;
        &strict
    };
    let cfg = validator.config();
    CheckInput {
        question: input.question.clone(),
        ..CheckInput::default()
    }
    .validate(&cfg.limits)?;
    if models.retrieve.is_none() {
        return Err(Error::field(
            ErrorCode::InvalidCallback,
            "options.retrieve",
            "answer() needs a retrieve callback: new Validator({ retrieve, generate })",
        ));
    }
    if models.generate.is_none() && models.llm.is_none() {
        return Err(Error::field(
            ErrorCode::InvalidCallback,
            "options.generate",
            "answer() needs a generate (or llm) callback",
        ));
    }
    let mut lp = Loop {
        validator,
        models,
        clock,
        input,
        trace: Vec::new(),
        warnings: Vec::new(),
        notes: Vec::new(),
        calls: 0,
    };
    let question = input.question.as_str();
    let start_mode = input.mode.unwrap_or(cfg.r#loop.mode);
    let k0 = cfg.r#loop.k;

    // First retrieval, shared by every mode.
    let started = clock.now_ms();
    let retrieved = lp.retrieve(question, k0).await;
    let sources = match retrieved {
        Ok(s) => s,
        Err(e) => {
            lp.record_failure(
                "retrieve",
                start_mode,
                k0,
                vec![question.into()],
                &[],
                0,
                started,
                e.message,
            );
            return Ok(lp.result(
                Decision::Escalate,
                None,
                Vec::new(),
                start_mode,
                Some(
                    "The documents could not be searched, so the answer cannot be verified.".into(),
                ),
            ));
        }
    };
    let relevant: Vec<Source> = match cfg.r#loop.min_score {
        Some(min) => sources
            .iter()
            .filter(|s| s.score.is_none_or(|x| x >= min))
            .cloned()
            .collect(),
        None => sources.clone(),
    };
    if relevant.is_empty() {
        lp.record(
            start_mode,
            None,
            vec!["NO_EVIDENCE".into()],
            k0,
            vec![question.into()],
            &[],
            0,
            started,
            None,
        );
        if let Some(a) = lp.trace.last_mut() {
            a.decision = Some(Decision::Clarify);
        }
        return Ok(lp.result(
            Decision::Clarify,
            None,
            sources,
            start_mode,
            Some("No relevant documents were found: refine the question or add documents that cover it.".into()),
        ));
    }
    let sources = relevant;

    let use_cache = cfg.cache.enabled && start_mode != Mode::Sources;
    let scope_key = input.scope.as_ref().map(Scope::key);
    let key = cache_key(question, scope_key.as_deref(), start_mode, &sources);
    if let (true, Some(cache)) = (use_cache, cache) {
        let hit = cache.borrow_mut().get(&key, clock.now_ms());
        if let Some(mut r) = hit {
            lp.record(
                r.mode,
                r.report.as_ref(),
                Vec::new(),
                k0,
                vec![question.into()],
                &r.sources,
                0,
                started,
                None,
            );
            if let Some(a) = lp.trace.last_mut() {
                a.cached = true;
                a.reasons.insert(0, "CACHE_HIT".into());
            }
            r.cached = true;
            r.trace = lp.trace;
            r.model_calls = lp.calls;
            r.cache_key = Some(key);
            return Ok(r);
        }
    }

    let mut best: Option<Best> = None;
    let mut mode = start_mode;
    let mut calls_before = 0; // the first retrieval belongs to the first attempt
    let mut started = started;
    loop {
        if mode == Mode::Sources {
            let message = "No answer could be verified from the documents; here are the most relevant sources.";
            let mut r = lp.result(
                Decision::Escalate,
                None,
                sources.clone(),
                Mode::Sources,
                Some(message.into()),
            );
            if let Some(b) = best {
                r.report = Some(b.report);
            }
            return Ok(r);
        }
        let retries = if mode == Mode::Instant {
            0
        } else {
            cfg.max_retries
        };
        let mut k = k0;
        let mut srcs = sources.clone();
        let mut previous: Option<(String, Report)> = None;
        let mut mode_failed = false;
        let mut mode_best: Option<f64> = None;
        for retry in 0..=retries {
            let mut queries = vec![question.to_string()];
            if retry > 0 {
                k = k.saturating_mul(2);
                let targeted = previous
                    .as_ref()
                    .map(|(_, r)| targeted_queries(r, cfg.r#loop.targeted_queries))
                    .unwrap_or_default();
                queries.extend(targeted);
                let depth: Vec<usize> = queries
                    .iter()
                    .enumerate()
                    .map(|(i, _)| if i == 0 { k } else { k0 })
                    .collect();
                let Some(r) = lp.models.retrieve else { break };
                let scope = input.scope.clone();
                let opts: Vec<RetrieveOptions> = depth
                    .iter()
                    .map(|&k| RetrieveOptions {
                        k,
                        scope: scope.clone(),
                    })
                    .collect();
                lp.calls += queries.len();
                let results =
                    join_all(queries.iter().zip(&opts).map(|(q, o)| r.retrieve(q, o))).await;
                for res in results {
                    match res.and_then(|s| lp.check_sources(&s).map(|()| s)) {
                        Ok(found) => {
                            for s in lp.in_scope(found) {
                                if srcs.len() < cfg.limits.max_sources
                                    && !srcs.iter().any(|x| x.id == s.id)
                                {
                                    srcs.push(s);
                                }
                            }
                        }
                        Err(e) => lp.warnings.push(pipeline_error("retrieve", &e.message)),
                    }
                }
            }
            let attempt = lp.trace.len();
            let prompt = match &previous {
                Some((prev, report)) => {
                    let correction = report
                        .correction_prompt
                        .clone()
                        .unwrap_or_else(|| critic_correction(report));
                    retry_prompt(validator, question, &srcs, prev, &correction)
                }
                None => grounded_prompt(validator, question, &srcs),
            };
            let generated = lp.generate(&prompt, attempt, mode).await;
            let text = match generated {
                Ok(t) => t,
                Err(e) => {
                    lp.record_failure(
                        "generate",
                        mode,
                        k,
                        queries,
                        &srcs,
                        calls_before,
                        started,
                        e.message,
                    );
                    mode_failed = true;
                    break;
                }
            };
            let check = CheckInput {
                question: question.to_string(),
                answer: text.clone(),
                sources: srcs.clone(),
                ..CheckInput::default()
            };
            let budget = Budget::new(cfg.budget);
            let validated = judges::validate(
                validator,
                &check,
                models,
                &budget,
                Plan::new(cfg, Some(mode)),
            )
            .await;
            lp.calls += budget.used();
            let report = match validated {
                Ok(r) => r,
                Err(e) => {
                    lp.record_failure(
                        "validate",
                        mode,
                        k,
                        queries,
                        &srcs,
                        calls_before,
                        started,
                        e.message,
                    );
                    mode_failed = true;
                    break;
                }
            };
            lp.record(
                mode,
                Some(&report),
                Vec::new(),
                k,
                queries,
                &srcs,
                calls_before,
                started,
                None,
            );
            calls_before = lp.calls;
            started = clock.now_ms();
            mode_best =
                Some(mode_best.map_or(report.confidence, |b: f64| b.max(report.confidence)));
            let decision = report.decision;
            if best
                .as_ref()
                .is_none_or(|b| report.confidence > b.report.confidence)
            {
                best = Some(Best {
                    answer: text.clone(),
                    report: report.clone(),
                    sources: srcs.clone(),
                    mode,
                });
            }
            match decision {
                Decision::Final => {
                    let accepted = Best {
                        answer: text,
                        report,
                        sources: srcs,
                        mode,
                    };
                    let policy = cache_policy(&accepted.report, mode, &cfg.cache);
                    let mut ids: Vec<String> = sources
                        .iter()
                        .chain(&accepted.sources)
                        .map(|s| s.id.clone())
                        .collect();
                    ids.sort();
                    ids.dedup();
                    let mut r = lp.result(Decision::Final, Some(accepted), Vec::new(), mode, None);
                    r.cache_key = Some(key.clone());
                    if let (true, true, Some(cache)) = (use_cache, policy.cacheable, cache) {
                        let meta = EntryMeta {
                            ttl_ms: policy.ttl_ms,
                            scope: input.scope.as_ref().map(Scope::label),
                            source_ids: ids,
                        };
                        cache
                            .borrow_mut()
                            .insert(&key, r.clone(), meta, clock.now_ms());
                    }
                    return Ok(r);
                }
                Decision::Clarify => {
                    let reason = first_reason(&report);
                    let b = Best {
                        answer: text,
                        report,
                        sources: srcs,
                        mode,
                    };
                    return Ok(lp.result(
                        Decision::Clarify,
                        Some(b),
                        Vec::new(),
                        mode,
                        Some(format!("The question needs clarification: {reason}")),
                    ));
                }
                Decision::Escalate => {
                    let reason = first_reason(&report);
                    return Ok(lp.result(
                        Decision::Escalate,
                        best,
                        Vec::new(),
                        mode,
                        Some(format!(
                            "The answer cannot be verified from the documents: {reason}"
                        )),
                    ));
                }
                Decision::Retry => previous = Some((text, report)),
            }
        }
        let low = mode_best.is_none_or(|c| c < cfg.r#loop.fallback_below);
        if cfg.r#loop.fallback && (mode_failed || low) {
            if let Some(next) = mode.fallback() {
                mode = next;
                continue;
            }
        }
        let attempts = lp.trace.len();
        let message = format!(
            "The answer cannot be verified from the documents after {attempts} attempt(s)."
        );
        let fallback_sources = sources.clone();
        return Ok(lp.result(
            Decision::Escalate,
            best,
            fallback_sources,
            mode,
            Some(message),
        ));
    }
}

/// Queries for corrective retrieval: the texts of the unsupported and contradicted
/// claims (then the ISSUP judge's list), at most `max`.
fn targeted_queries(report: &Report, max: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let from_claims = report
        .claims
        .iter()
        .filter(|c| {
            matches!(
                c.status,
                SupportStatus::Unsupported | SupportStatus::Contradicted
            )
        })
        .map(|c| c.text.clone());
    let from_judge = report
        .judges
        .iter()
        .flat_map(|j| j.unsupported_claims.iter().cloned());
    for q in from_claims.chain(from_judge) {
        let q = q.trim().to_string();
        if out.len() >= max {
            break;
        }
        if !q.is_empty() && !out.contains(&q) {
            out.push(q);
        }
    }
    out
}

fn first_reason(report: &Report) -> String {
    report
        .reasons
        .first()
        .map_or_else(String::new, |r| r.message.clone())
}

/// A correction when the checks found nothing but the critic asked for a retry.
fn critic_correction(report: &Report) -> String {
    let why = report
        .reasons
        .iter()
        .find(|r| r.code.starts_with("CRITIC_"))
        .or(report.reasons.first())
        .map_or_else(
            || "the answer was not accepted".to_string(),
            |r| r.message.clone(),
        );
    format!(
        "Your previous answer was not accepted: {why}. Answer again using only the numbered sources, citing each fact with [n]."
    )
}

/// What an answer weighs in the cache that bounds itself by bytes.
impl crate::cache::Weigh for AnswerResult {
    /// The answer, the sources (content and metadata) and the report (its claims and
    /// warnings carry texts of about the answer's size), plus a fixed cost per item.
    fn weigh(&self) -> usize {
        let text = |s: &Option<String>| s.as_ref().map_or(0, String::len);
        let sources: usize = self
            .sources
            .iter()
            .map(|s| {
                64 + s.id.len()
                    + s.content.len()
                    + text(&s.title)
                    + text(&s.url)
                    + text(&s.path)
                    + text(&s.document)
            })
            .sum();
        let answer = text(&self.answer);
        let report = self.report.as_ref().map_or(0, |r| {
            2 * answer + 256 * (r.claims.len() + r.warnings.len() + r.citations.markers.len())
        });
        256 + answer + text(&self.message) + sources + report + 256 * self.trace.len()
    }
}
