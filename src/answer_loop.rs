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
use crate::config::Config;
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

/// The loop's context: what every step reads, and what the steps gather.
struct Loop<'a> {
    validator: &'a Validator,
    cfg: &'a Config,
    models: Models<'a>,
    clock: &'a dyn Clock,
    cache: Option<&'a RefCell<ResponseCache<AnswerResult>>>,
    input: &'a AnswerInput,
    /// The mode the call starts in (`input.mode`, else `config.loop.mode`).
    start_mode: Mode,
    trace: TraceRecorder<'a>,
    warnings: Vec<Warning>,
    /// Warnings that do not make the result incomplete (`OUT_OF_SCOPE`).
    notes: Vec<Warning>,
    calls: usize,
    /// The relevant sources of the first retrieval, where every mode starts (set by
    /// [`Step::Filter`]).
    sources: Vec<Source>,
    /// The cache key, computed from the first retrieval (set by [`Step::Lookup`]).
    key: String,
    /// The best attempt so far, over every mode.
    best: Option<Best>,
}

/// The best attempt so far.
struct Best {
    answer: String,
    report: Report,
    sources: Vec<Source>,
    mode: Mode,
}

/// The steps of the loop. Each step function takes the state the previous one left and
/// returns the next; [`Step::Done`] ends the call.
enum Step {
    /// Retrieve for the question (the first retrieval, shared by every mode).
    Retrieve,
    /// Keep the retrieved sources that are relevant enough; none: CLARIFY.
    Filter(Vec<Source>),
    /// Serve the result from the cache when it holds one.
    Lookup,
    /// Start a mode (`sources`: give the raw sources).
    Start(Mode),
    /// One attempt of a mode: retrieve deeper (a retry), generate, validate, decide.
    Attempt(Box<ModeRun>),
    /// A mode ended without a decision: fall back to the next mode, or escalate.
    Fallback(Box<ModeRun>),
    /// The result.
    Done(Box<AnswerResult>),
}

/// One mode's attempts so far.
struct ModeRun {
    mode: Mode,
    /// Retries the mode allows (none in `instant`).
    retries: usize,
    /// The attempt under way: 0 for the first, then each retry.
    retry: usize,
    /// Retrieval depth for the question (doubled at each retry).
    k: usize,
    /// The first retrieval's relevant sources, then what the retries added.
    sources: Vec<Source>,
    /// The previous attempt's answer and report, for the retry prompt.
    previous: Option<(String, Report)>,
    /// Generation or validation failed.
    failed: bool,
    /// The mode's best confidence.
    best: Option<f64>,
}

/// The trace, each attempt recorded when it ends.
struct TraceRecorder<'a> {
    clock: &'a dyn Clock,
    attempts: Vec<Attempt>,
    /// When the attempt under way started (ms).
    started_at: f64,
    /// Model calls made before the attempt under way.
    calls_before: usize,
}

/// What an attempt worked from, as the trace records it.
struct Inputs<'s> {
    mode: Mode,
    k: usize,
    queries: Vec<String>,
    sources: &'s [Source],
}

/// How an attempt ended.
enum Outcome<'r> {
    /// A step failed (`PIPELINE_ERROR`).
    Failed(String),
    /// Nothing relevant was retrieved (`NO_EVIDENCE`, CLARIFY).
    NoEvidence,
    /// Validated: the report's decision, confidence and reason codes.
    Validated(&'r Report),
    /// Served from the cache: `CACHE_HIT`, then the cached report's reason codes.
    Cached(Option<&'r Report>),
}

impl TraceRecorder<'_> {
    /// Starts timing the next attempt (its calls are counted from `calls`).
    fn begin(&mut self, calls: usize) {
        self.calls_before = calls;
        self.started_at = self.clock.now_ms();
    }

    /// Records the attempt under way, ended with `outcome` when `calls` were made.
    fn record(&mut self, calls: usize, inputs: Inputs<'_>, outcome: Outcome<'_>) {
        let now = self.clock.now_ms();
        let cached = matches!(outcome, Outcome::Cached(_));
        let codes =
            |r: &Report| -> Vec<String> { r.reasons.iter().map(|x| x.code.clone()).collect() };
        let (decision, report, reasons, error) = match outcome {
            Outcome::Failed(message) => (None, None, vec!["PIPELINE_ERROR".into()], Some(message)),
            Outcome::NoEvidence => (
                Some(Decision::Clarify),
                None,
                vec!["NO_EVIDENCE".into()],
                None,
            ),
            Outcome::Validated(r) => (Some(r.decision), Some(r), codes(r), None),
            Outcome::Cached(r) => {
                let mut reasons = vec!["CACHE_HIT".to_string()];
                reasons.extend(r.map(codes).unwrap_or_default());
                (r.map(|r| r.decision), r, reasons, None)
            }
        };
        self.attempts.push(Attempt {
            index: self.attempts.len(),
            mode: inputs.mode,
            decision,
            confidence: report.map(|r| r.confidence),
            reasons,
            k: inputs.k,
            queries: inputs.queries,
            source_ids: inputs.sources.iter().map(|s| s.id.clone()).collect(),
            model_calls: calls - self.calls_before,
            started_at: self.started_at,
            duration_ms: (now - self.started_at).max(0.0),
            error,
            cached,
        });
    }
}

impl Loop<'_> {
    /// Runs the steps from the first retrieval to the result.
    async fn run(mut self) -> AnswerResult {
        let mut step = Step::Retrieve;
        loop {
            step = match step {
                Step::Retrieve => self.first_retrieval().await,
                Step::Filter(sources) => self.filter(sources),
                Step::Lookup => self.lookup(),
                Step::Start(mode) => self.start(mode),
                Step::Attempt(run) => self.attempt(*run).await,
                Step::Fallback(run) => self.fall_back(&run),
                Step::Done(result) => return *result,
            };
        }
    }

    /// The cache is used (`cache.enabled`, and not for raw sources).
    fn use_cache(&self) -> bool {
        self.cfg.cache.enabled && self.start_mode != Mode::Sources
    }

    /// [`Step::Retrieve`]: the first attempt starts; a failed retrieval escalates.
    async fn first_retrieval(&mut self) -> Step {
        self.trace.begin(self.calls);
        let question = self.input.question.as_str();
        let k = self.cfg.r#loop.k;
        match self.retrieve(question, k).await {
            Ok(sources) => Step::Filter(sources),
            Err(e) => {
                let inputs = Inputs {
                    mode: self.start_mode,
                    k,
                    queries: vec![question.into()],
                    sources: &[],
                };
                self.fail("retrieve", inputs, e.message);
                let message =
                    "The documents could not be searched, so the answer cannot be verified.";
                self.done(
                    Decision::Escalate,
                    None,
                    Vec::new(),
                    self.start_mode,
                    Some(message.into()),
                )
            }
        }
    }

    /// [`Step::Filter`]: the sources scored at `loop.minScore` or above (all without
    /// one); none: CLARIFY, with the retrieved sources.
    fn filter(&mut self, sources: Vec<Source>) -> Step {
        let relevant: Vec<Source> = match self.cfg.r#loop.min_score {
            Some(min) => sources
                .iter()
                .filter(|s| s.score.is_none_or(|x| x >= min))
                .cloned()
                .collect(),
            None => sources.clone(),
        };
        if relevant.is_empty() {
            let inputs = Inputs {
                mode: self.start_mode,
                k: self.cfg.r#loop.k,
                queries: vec![self.input.question.clone()],
                sources: &[],
            };
            self.trace.record(self.calls, inputs, Outcome::NoEvidence);
            let message = "No relevant documents were found: refine the question or add documents that cover it.";
            return self.done(
                Decision::Clarify,
                None,
                sources,
                self.start_mode,
                Some(message.into()),
            );
        }
        self.sources = relevant;
        Step::Lookup
    }

    /// [`Step::Lookup`]: the key from the question, the scope, the mode and the relevant
    /// sources; a cached result is returned with this call's trace.
    fn lookup(&mut self) -> Step {
        let input = self.input;
        let scope_key = input.scope.as_ref().map(Scope::key);
        self.key = cache_key(
            &input.question,
            scope_key.as_deref(),
            self.start_mode,
            &self.sources,
        );
        let cache = match (self.use_cache(), self.cache) {
            (true, Some(cache)) => cache,
            _ => return Step::Start(self.start_mode),
        };
        let hit = cache.borrow_mut().get(&self.key, self.clock.now_ms());
        let Some(mut r) = hit else {
            return Step::Start(self.start_mode);
        };
        let inputs = Inputs {
            mode: r.mode,
            k: self.cfg.r#loop.k,
            queries: vec![input.question.clone()],
            sources: &r.sources,
        };
        self.trace
            .record(self.calls, inputs, Outcome::Cached(r.report.as_ref()));
        r.cached = true;
        r.trace = std::mem::take(&mut self.trace.attempts);
        r.model_calls = self.calls;
        r.cache_key = Some(self.key.clone());
        Step::Done(Box::new(r))
    }

    /// [`Step::Start`]: a mode's first attempt; `sources` ends with the relevant sources
    /// (and the best report, if any).
    fn start(&mut self, mode: Mode) -> Step {
        if mode == Mode::Sources {
            let message = "No answer could be verified from the documents; here are the most relevant sources.";
            let mut r = self.result(
                Decision::Escalate,
                None,
                self.sources.clone(),
                Mode::Sources,
                Some(message.into()),
            );
            if let Some(b) = self.best.take() {
                r.report = Some(b.report);
            }
            return Step::Done(Box::new(r));
        }
        let retries = if mode == Mode::Instant {
            0
        } else {
            self.cfg.max_retries
        };
        Step::Attempt(Box::new(ModeRun {
            mode,
            retries,
            retry: 0,
            k: self.cfg.r#loop.k,
            sources: self.sources.clone(),
            previous: None,
            failed: false,
            best: None,
        }))
    }

    /// [`Step::Attempt`]: (a retry: retrieve deeper,) generate, validate, record, decide.
    async fn attempt(&mut self, mut run: ModeRun) -> Step {
        let queries = if run.retry == 0 {
            vec![self.input.question.clone()]
        } else {
            match self.retrieve_more(&mut run).await {
                Some(queries) => queries,
                None => return Step::Fallback(Box::new(run)),
            }
        };
        let attempt = self.trace.attempts.len();
        let prompt = self.prompt(&run);
        let text = match self.generate(&prompt, attempt, run.mode).await {
            Ok(t) => t,
            Err(e) => return self.mode_failed(run, "generate", queries, e.message),
        };
        let report = match self.validate(&run, &text).await {
            Ok(r) => r,
            Err(e) => return self.mode_failed(run, "validate", queries, e.message),
        };
        let inputs = Inputs {
            mode: run.mode,
            k: run.k,
            queries,
            sources: &run.sources,
        };
        self.trace
            .record(self.calls, inputs, Outcome::Validated(&report));
        self.trace.begin(self.calls);
        run.best = Some(
            run.best
                .map_or(report.confidence, |b: f64| b.max(report.confidence)),
        );
        self.keep_if_best(&run, &text, &report);
        self.decide(run, text, report)
    }

    /// A retry retrieves deeper: the question at the doubled depth, and at the first
    /// depth the queries built from the previous attempt's unsupported claims. New
    /// sources join the mode's, up to `limits.maxSources`; a failed retrieval is a
    /// `PIPELINE_ERROR` warning. Returns the queries (`None`: no `retrieve` callback).
    async fn retrieve_more(&mut self, run: &mut ModeRun) -> Option<Vec<String>> {
        let k0 = self.cfg.r#loop.k;
        run.k = run.k.saturating_mul(2);
        let mut queries = vec![self.input.question.clone()];
        let targeted = run
            .previous
            .as_ref()
            .map(|(_, r)| targeted_queries(r, self.cfg.r#loop.targeted_queries))
            .unwrap_or_default();
        queries.extend(targeted);
        let r = self.models.retrieve?;
        let opts: Vec<RetrieveOptions> = (0..queries.len())
            .map(|i| RetrieveOptions {
                k: if i == 0 { run.k } else { k0 },
                scope: self.input.scope.clone(),
            })
            .collect();
        self.calls += queries.len();
        let results = join_all(queries.iter().zip(&opts).map(|(q, o)| r.retrieve(q, o))).await;
        for res in results {
            match res.and_then(|s| self.check_sources(&s).map(|()| s)) {
                Ok(found) => {
                    for s in self.in_scope(found) {
                        if run.sources.len() < self.cfg.limits.max_sources
                            && !run.sources.iter().any(|x| x.id == s.id)
                        {
                            run.sources.push(s);
                        }
                    }
                }
                Err(e) => self.warnings.push(pipeline_error("retrieve", &e.message)),
            }
        }
        Some(queries)
    }

    /// The grounded prompt, or after a RETRY the correction prompt.
    fn prompt(&self, run: &ModeRun) -> String {
        let question = &self.input.question;
        match &run.previous {
            Some((previous, report)) => {
                let correction = report
                    .correction_prompt
                    .clone()
                    .unwrap_or_else(|| critic_correction(report));
                retry_prompt(
                    self.validator,
                    question,
                    &run.sources,
                    previous,
                    &correction,
                )
            }
            None => grounded_prompt(self.validator, question, &run.sources),
        }
    }

    /// Validates an answer with the mode's judges, on a fresh budget whose calls count.
    async fn validate(&mut self, run: &ModeRun, text: &str) -> Result<Report> {
        let check = CheckInput {
            question: self.input.question.clone(),
            answer: text.to_string(),
            sources: run.sources.clone(),
            ..CheckInput::default()
        };
        let budget = Budget::new(self.cfg.budget);
        let plan = Plan::new(self.cfg, Some(run.mode));
        let validated = judges::validate(self.validator, &check, self.models, &budget, plan).await;
        self.calls += budget.used();
        validated
    }

    /// Generation or validation failed: the mode ends (the next attempt's time and calls
    /// still count from this one's start).
    fn mode_failed(
        &mut self,
        mut run: ModeRun,
        step: &str,
        queries: Vec<String>,
        message: String,
    ) -> Step {
        let inputs = Inputs {
            mode: run.mode,
            k: run.k,
            queries,
            sources: &run.sources,
        };
        self.fail(step, inputs, message);
        run.failed = true;
        Step::Fallback(Box::new(run))
    }

    /// Keeps the attempt when its confidence beats the best so far (the first one wins
    /// ties).
    fn keep_if_best(&mut self, run: &ModeRun, text: &str, report: &Report) {
        if self
            .best
            .as_ref()
            .is_none_or(|b| report.confidence > b.report.confidence)
        {
            self.best = Some(Best {
                answer: text.to_string(),
                report: report.clone(),
                sources: run.sources.clone(),
                mode: run.mode,
            });
        }
    }

    /// The gate's decision on a validated attempt: FINAL, CLARIFY and ESCALATE end the
    /// call; RETRY tries again while the mode has retries left.
    fn decide(&mut self, mut run: ModeRun, text: String, report: Report) -> Step {
        let mode = run.mode;
        match report.decision {
            Decision::Final => {
                let accepted = Best {
                    answer: text,
                    report,
                    sources: run.sources,
                    mode,
                };
                Step::Done(Box::new(self.accept(accepted)))
            }
            Decision::Clarify => {
                let message = format!(
                    "The question needs clarification: {}",
                    first_reason(&report)
                );
                let b = Best {
                    answer: text,
                    report,
                    sources: run.sources,
                    mode,
                };
                self.done(Decision::Clarify, Some(b), Vec::new(), mode, Some(message))
            }
            Decision::Escalate => {
                let message = format!(
                    "The answer cannot be verified from the documents: {}",
                    first_reason(&report)
                );
                let best = self.best.take();
                self.done(Decision::Escalate, best, Vec::new(), mode, Some(message))
            }
            Decision::Retry if run.retry < run.retries => {
                run.previous = Some((text, report));
                run.retry += 1;
                Step::Attempt(Box::new(run))
            }
            Decision::Retry => Step::Fallback(Box::new(run)),
        }
    }

    /// FINAL: the accepted answer, stored in the cache when its policy allows.
    fn accept(&mut self, accepted: Best) -> AnswerResult {
        let mode = accepted.mode;
        let policy = cache_policy(&accepted.report, mode, &self.cfg.cache);
        let mut ids: Vec<String> = self
            .sources
            .iter()
            .chain(&accepted.sources)
            .map(|s| s.id.clone())
            .collect();
        ids.sort();
        ids.dedup();
        let mut r = self.result(Decision::Final, Some(accepted), Vec::new(), mode, None);
        r.cache_key = Some(self.key.clone());
        if let (true, true, Some(cache)) = (self.use_cache(), policy.cacheable, self.cache) {
            let meta = EntryMeta {
                ttl_ms: policy.ttl_ms,
                scope: self.input.scope.as_ref().map(Scope::label),
                source_ids: ids,
            };
            cache
                .borrow_mut()
                .insert(&self.key, r.clone(), meta, self.clock.now_ms());
        }
        r
    }

    /// [`Step::Fallback`]: a mode that failed, or whose best confidence stayed below
    /// `loop.fallbackBelow`, falls back to the next mode; otherwise ESCALATE with the
    /// best attempt.
    fn fall_back(&mut self, run: &ModeRun) -> Step {
        let low = run.best.is_none_or(|c| c < self.cfg.r#loop.fallback_below);
        if self.cfg.r#loop.fallback && (run.failed || low) {
            if let Some(next) = run.mode.fallback() {
                return Step::Start(next);
            }
        }
        let attempts = self.trace.attempts.len();
        let message = format!(
            "The answer cannot be verified from the documents after {attempts} attempt(s)."
        );
        let best = self.best.take();
        self.done(
            Decision::Escalate,
            best,
            self.sources.clone(),
            run.mode,
            Some(message),
        )
    }

    /// A failed step: its `PIPELINE_ERROR` warning, then the attempt it ended.
    fn fail(&mut self, step: &str, inputs: Inputs<'_>, message: String) {
        self.warnings.push(pipeline_error(step, &message));
        self.trace
            .record(self.calls, inputs, Outcome::Failed(message));
    }

    /// [`Step::Done`] with [`Loop::result`].
    fn done(
        &self,
        decision: Decision,
        best: Option<Best>,
        sources: Vec<Source>,
        mode: Mode,
        message: Option<String>,
    ) -> Step {
        Step::Done(Box::new(
            self.result(decision, best, sources, mode, message),
        ))
    }

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
            trace: self.trace.attempts.clone(),
            model_calls: self.calls,
            cache_key: None,
        }
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
    let lp = Loop {
        validator,
        cfg,
        models,
        clock,
        cache,
        input,
        start_mode: input.mode.unwrap_or(cfg.r#loop.mode),
        trace: TraceRecorder {
            clock,
            attempts: Vec::new(),
            started_at: 0.0,
            calls_before: 0,
        },
        warnings: Vec::new(),
        notes: Vec::new(),
        calls: 0,
        sources: Vec::new(),
        key: String::new(),
        best: None,
    };
    Ok(lp.run().await)
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
