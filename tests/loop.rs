//! The judges, the answer loop and the cache, driven natively by scripted fakes of the
//! model traits.
#![cfg(not(target_arch = "wasm32"))]

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::task::{Context, Poll, Waker};

use groundcheck::answer_loop::{answer, AnswerInput, AnswerResult};
use groundcheck::cache::{cache_key, cache_policy, CacheOptions, EntryMeta, ResponseCache};
use groundcheck::claims::SupportStatus;
use groundcheck::confidence::{Level, Preset, Support};
use groundcheck::judges::{self, Plan};
use groundcheck::model::{
    Budget, Clock, Embedder, FailureKind, GenerateOptions, Generator, Llm, LlmOptions, Mode,
    ModelError, ModelFuture, Models, Purpose, RetrieveOptions, Retriever,
};
use groundcheck::{
    CheckInput, Config, Decision, Report, Scope, Source, Validator, Warning, WarningKind,
};

/// Polls a future to completion; the fakes are always ready, so no waker is needed.
fn block_on<F: Future>(f: F) -> F::Output {
    let mut f = std::pin::pin!(f);
    let mut cx = Context::from_waker(Waker::noop());
    for _ in 0..1_000_000 {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
    }
    panic!("the future never completed");
}

type LlmScript = Box<dyn Fn(&str, &LlmOptions, usize) -> Result<String, ModelError>>;

/// An LLM answering from a script; records every call.
struct FakeLlm {
    script: LlmScript,
    calls: RefCell<Vec<(Purpose, String)>>,
}

impl FakeLlm {
    fn new(f: impl Fn(&str, &LlmOptions, usize) -> Result<String, ModelError> + 'static) -> Self {
        FakeLlm {
            script: Box::new(f),
            calls: RefCell::new(Vec::new()),
        }
    }
    fn count(&self, purpose: Purpose) -> usize {
        self.calls
            .borrow()
            .iter()
            .filter(|c| c.0 == purpose)
            .count()
    }
}

impl Llm for FakeLlm {
    fn complete<'a>(&'a self, prompt: &'a str, o: &'a LlmOptions) -> ModelFuture<'a, String> {
        let n = self.count(o.purpose);
        self.calls
            .borrow_mut()
            .push((o.purpose, prompt.to_string()));
        Box::pin(std::future::ready((self.script)(prompt, o, n)))
    }
}

type EmbedScript = Box<dyn Fn(&[String]) -> Result<Vec<Vec<f32>>, ModelError>>;

struct FakeEmbed {
    script: EmbedScript,
    calls: Cell<usize>,
}

impl FakeEmbed {
    fn new(f: impl Fn(&[String]) -> Result<Vec<Vec<f32>>, ModelError> + 'static) -> Self {
        FakeEmbed {
            script: Box::new(f),
            calls: Cell::new(0),
        }
    }
}

impl Embedder for FakeEmbed {
    fn embed<'a>(&'a self, texts: &'a [String]) -> ModelFuture<'a, Vec<Vec<f32>>> {
        self.calls.set(self.calls.get() + 1);
        Box::pin(std::future::ready((self.script)(texts)))
    }
}

/// A retriever over a mutable document list: returns the first `k` documents.
struct FakeRetriever {
    docs: RefCell<Vec<Source>>,
    calls: RefCell<Vec<(String, usize, Option<String>)>>,
}

impl FakeRetriever {
    fn new(docs: Vec<Source>) -> Self {
        FakeRetriever {
            docs: RefCell::new(docs),
            calls: RefCell::new(Vec::new()),
        }
    }
}

impl Retriever for FakeRetriever {
    fn retrieve<'a>(&'a self, q: &'a str, o: &'a RetrieveOptions) -> ModelFuture<'a, Vec<Source>> {
        self.calls
            .borrow_mut()
            .push((q.to_string(), o.k, o.scope.as_ref().map(Scope::label)));
        let docs: Vec<Source> = self.docs.borrow().iter().take(o.k).cloned().collect();
        Box::pin(std::future::ready(Ok(docs)))
    }
}

type GenScript = Box<dyn Fn(&str, &GenerateOptions) -> Result<String, ModelError>>;

struct FakeGen {
    script: GenScript,
    calls: RefCell<Vec<(String, usize, Mode)>>,
}

impl FakeGen {
    fn new(f: impl Fn(&str, &GenerateOptions) -> Result<String, ModelError> + 'static) -> Self {
        FakeGen {
            script: Box::new(f),
            calls: RefCell::new(Vec::new()),
        }
    }
}

impl Generator for FakeGen {
    fn generate<'a>(&'a self, p: &'a str, o: &'a GenerateOptions) -> ModelFuture<'a, String> {
        self.calls
            .borrow_mut()
            .push((p.to_string(), o.attempt, o.mode));
        Box::pin(std::future::ready((self.script)(p, o)))
    }
}

/// A clock that advances 5 ms on every read.
struct StepClock(Cell<f64>);

impl Clock for StepClock {
    fn now_ms(&self) -> f64 {
        let t = self.0.get();
        self.0.set(t + 5.0);
        t
    }
}

fn docs() -> Vec<Source> {
    vec![
        Source::new(
            "capital",
            "Paris is the capital and largest city of France.",
        ),
        Source::new(
            "population",
            "The city of Paris has about 2.1 million residents.",
        ),
    ]
}

const GOOD: &str =
    "Paris is the capital of France [1]. The city has about 2.1 million residents [2].";
const WRONG_NUMBER: &str =
    "Paris is the capital of France [1]. The city has about 9 million residents [2].";
const QUESTION: &str = "Tell me about Paris";

fn validator(f: impl FnOnce(&mut Config)) -> Validator {
    let mut c = Config::default();
    f(&mut c);
    Validator::new(c).expect("valid config")
}

fn input(answer: &str) -> CheckInput {
    CheckInput {
        question: QUESTION.into(),
        answer: answer.into(),
        sources: docs(),
        ..CheckInput::default()
    }
}

fn run_validate(v: &Validator, input: &CheckInput, models: Models<'_>) -> Report {
    let budget = Budget::new(v.config().budget);
    block_on(judges::validate(
        v,
        input,
        models,
        &budget,
        Plan::new(v.config(), None),
    ))
    .expect("valid input")
}

fn run_answer(
    v: &Validator,
    models: Models<'_>,
    cache: Option<&RefCell<ResponseCache<AnswerResult>>>,
    mode: Option<Mode>,
) -> AnswerResult {
    let clock = StepClock(Cell::new(1000.0));
    block_on(answer(
        v,
        models,
        &clock,
        cache,
        &AnswerInput {
            question: QUESTION.into(),
            scope: Some("geo".into()),
            mode,
        },
    ))
    .expect("answer runs")
}

fn kinds(r: &Report) -> Vec<&'static str> {
    r.warnings.iter().map(|w| w.kind.as_str()).collect()
}

#[test]
fn the_two_answers_are_what_the_tests_assume() {
    let v = Validator::default();
    assert_eq!(v.check(&input(GOOD)).unwrap().decision, Decision::Final);
    let wrong = v.check(&input(WRONG_NUMBER)).unwrap();
    assert_eq!(wrong.decision, Decision::Retry);
    // The source states another figure for the same thing: a contradiction by quantity.
    assert!(kinds(&wrong).contains(&"CONTRADICTION"));
}

// ---- the loop ----

#[test]
fn a_scope_filter_is_passed_to_the_retriever_and_enforced() {
    let v = Validator::default();
    let mut in_scope = docs();
    for s in &mut in_scope {
        s.domain = Some("geo".into());
    }
    let mut leaked = Source::new("hr", "Paris staff get 30 days of leave a year.");
    leaked.domain = Some("hr".into());
    let mut all = vec![leaked];
    all.extend(in_scope);
    let retriever = FakeRetriever::new(all);
    let generator = FakeGen::new(|_, _| Ok(GOOD.to_string()));
    let models = Models {
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let scope: Scope =
        serde_json::from_value(serde_json::json!({ "name": "geo", "where": { "domain": "geo" } }))
            .unwrap();
    let clock = StepClock(Cell::new(1000.0));
    let r = block_on(answer(
        &v,
        models,
        &clock,
        None,
        &AnswerInput {
            question: QUESTION.into(),
            scope: Some(scope),
            mode: Some(Mode::Instant),
        },
    ))
    .expect("answer runs");
    // The retriever saw the scope; the source it returned outside it never reached the
    // prompt or the answer, and left a warning that does not make the result incomplete.
    assert_eq!(retriever.calls.borrow()[0].2.as_deref(), Some("geo"));
    assert!(generator
        .calls
        .borrow()
        .iter()
        .all(|(prompt, _, _)| !prompt.contains("days of leave")));
    assert!(r.sources.iter().all(|s| s.id != "hr"));
    let dropped: Vec<&Warning> = r
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::OutOfScope)
        .collect();
    assert_eq!(dropped.len(), 1);
    assert_eq!(dropped[0].details["sourceId"], "hr");
    assert_eq!(r.decision, Decision::Final);
    assert!(r.complete);
}

#[test]
fn events_and_counters_follow_the_loop() {
    use groundcheck::events::{answer_events, report_events, Counters, Event};
    let v = Validator::default();
    let retriever = FakeRetriever::new(docs());
    let generator =
        FakeGen::new(|_, o| Ok(if o.attempt == 0 { WRONG_NUMBER } else { GOOD }.to_string()));
    let models = Models {
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, None);
    assert_eq!(r.decision, Decision::Final);
    let blocking = &v.config().gate.blocking;
    let events = answer_events(&r, blocking);
    let steps: Vec<(Option<Decision>, bool)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Step {
                decision,
                corrective,
                ..
            } => Some((*decision, *corrective)),
            _ => None,
        })
        .collect();
    // The retry re-retrieved (deeper, with the unsupported claim as a query): a CRAG
    // trigger, and the answer it produced was verified.
    assert_eq!(
        steps,
        vec![
            (Some(Decision::Retry), false),
            (Some(Decision::Final), true)
        ]
    );
    let mut counters = Counters::default();
    for e in &events {
        counters.record(e);
    }
    assert_eq!((counters.crag_triggers, counters.crag_successes), (1, 1));
    assert_eq!(counters.decisions.get("FINAL"), Some(&1));
    assert_eq!(counters.answers, 1);
    // A report's mismatches are its blocking findings.
    let wrong = v.check(&input(WRONG_NUMBER)).unwrap();
    let events = report_events(&wrong, "check", blocking);
    assert!(matches!(
        events[0],
        Event::Decision {
            decision: Decision::Retry,
            ..
        }
    ));
    // (9 million where the source says 2.1 million: a contradiction.)
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Mismatch {
            kind: WarningKind::Contradiction,
            ..
        }
    )));
    let json = serde_json::to_value(&events[0]).unwrap();
    assert_eq!(json["type"], "decision");
    assert_eq!(json["origin"], "check");
}

#[test]
fn critic_retry_then_final_gives_a_grounded_answer() {
    let v = Validator::default();
    let llm = FakeLlm::new(|_, o, n| match (o.purpose, n) {
        (Purpose::Critic, 0) => Ok("RETRY: the population figure is not in the sources".into()),
        (Purpose::Critic, _) => Ok("FINAL: grounded".into()),
        _ => Err(ModelError::error("unexpected llm call")),
    });
    let retriever = FakeRetriever::new(docs());
    let generator =
        FakeGen::new(|_, o| Ok(if o.attempt == 0 { WRONG_NUMBER } else { GOOD }.to_string()));
    let models = Models {
        llm: Some(&llm),
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, None);
    assert_eq!(r.decision, Decision::Final);
    assert_eq!(r.answer.as_deref(), Some(GOOD));
    let report = r.report.as_ref().expect("a report");
    assert_eq!(report.citations.valid, report.citations.total);
    assert!(report.citations.total >= 2);
    assert!(r.complete);
    // The trace has both attempts: RETRY (critic) then FINAL, k doubled on the retry.
    assert_eq!(r.trace.len(), 2);
    assert_eq!(r.trace[0].decision, Some(Decision::Retry));
    assert!(r.trace[0].reasons.contains(&"CRITIC_RETRY".to_string()));
    assert_eq!(r.trace[1].decision, Some(Decision::Final));
    assert_eq!((r.trace[0].k, r.trace[1].k), (4, 8));
    // Corrective retrieval: the unsupported claim became a targeted query.
    assert_eq!(r.trace[1].queries.len(), 2, "{:?}", r.trace[1].queries);
    assert!(r.trace[1].queries[1].contains("9 million"));
    let calls = retriever.calls.borrow();
    assert_eq!(calls[0], (QUESTION.to_string(), 4, Some("geo".to_string())));
    assert!(calls.iter().any(|c| c.1 == 8));
    // The first prompt numbers the sources and demands [n] citations; the retry carries
    // the correction.
    let gens = generator.calls.borrow();
    assert!(
        gens[0].0.contains("[1] Paris is the capital"),
        "{}",
        gens[0].0
    );
    assert!(gens[0].0.contains("[2] The city of Paris"));
    assert!(gens[0].0.contains("square brackets"));
    assert!(gens[1].0.contains("9 million residents"), "{}", gens[1].0);
    assert!(gens[1].0.contains("is contradicted"), "{}", gens[1].0);
    // Timings come from the injected clock, model calls are counted per attempt.
    assert!(r.trace[0].started_at >= 1000.0);
    assert!(r.trace[0].duration_ms > 0.0);
    assert!(r.trace[1].started_at > r.trace[0].started_at);
    assert_eq!(r.trace[0].model_calls, 3); // retrieve, generate, critic
    assert_eq!(
        r.model_calls,
        r.trace.iter().map(|a| a.model_calls).sum::<usize>()
    );
}

#[test]
fn no_evidence_clarifies_without_generating() {
    let v = Validator::default();
    let retriever = FakeRetriever::new(Vec::new());
    let generator = FakeGen::new(|_, _| Ok(GOOD.into()));
    let models = Models {
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, None);
    assert_eq!(r.decision, Decision::Clarify);
    assert!(r.answer.is_none());
    assert!(r.message.as_deref().unwrap_or("").contains("refine"));
    assert!(generator.calls.borrow().is_empty());
    assert_eq!(r.trace.len(), 1);
    assert_eq!(r.trace[0].decision, Some(Decision::Clarify));
    assert_eq!(r.trace[0].reasons, vec!["NO_EVIDENCE".to_string()]);
}

#[test]
fn critic_that_keeps_retrying_escalates_after_max_retries() {
    let v = Validator::default();
    let llm = FakeLlm::new(|_, o, _| match o.purpose {
        Purpose::Critic => Ok("**Decision:** RETRY - not convinced".into()),
        _ => Err(ModelError::error("unexpected")),
    });
    let retriever = FakeRetriever::new(docs());
    let generator = FakeGen::new(|_, _| Ok(GOOD.into()));
    let models = Models {
        llm: Some(&llm),
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, None);
    assert_eq!(r.decision, Decision::Escalate);
    assert_eq!(r.trace.len(), 3, "first attempt + maxRetries (2)");
    assert!(r.trace.iter().all(|a| a.decision == Some(Decision::Retry)));
    assert_eq!(
        r.trace.iter().map(|a| a.k).collect::<Vec<_>>(),
        vec![4, 8, 16]
    );
    // The best attempt was never verified: it is kept for review, not shown as the answer.
    assert_eq!(r.answer, None);
    assert_eq!(
        r.unverified_answer.as_deref(),
        Some(GOOD),
        "the best attempt"
    );
    assert!(r.report.is_some());
    assert!(r
        .message
        .as_deref()
        .unwrap_or("")
        .contains("cannot be verified from the documents"));
    assert_eq!(llm.count(Purpose::Critic), 3);
}

#[test]
fn critic_final_with_invalid_citations_is_overruled() {
    let v = validator(|c| c.max_retries = 0);
    let llm = FakeLlm::new(|_, o, _| match o.purpose {
        Purpose::Critic => Ok("FINAL: looks grounded".into()),
        _ => Err(ModelError::error("unexpected")),
    });
    let retriever = FakeRetriever::new(docs());
    let generator = FakeGen::new(|_, _| Ok("Paris is the capital of France [7].".to_string()));
    let models = Models {
        llm: Some(&llm),
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, Some(Mode::Auto));
    let report = r.report.as_ref().expect("the best attempt's report");
    assert!(report.overruled);
    assert_eq!(r.trace[0].decision, Some(Decision::Retry));
    assert!(r.trace[0].reasons.contains(&"CRITIC_OVERRULED".to_string()));
    assert!(r.trace[0]
        .reasons
        .contains(&"CITATION_OUT_OF_RANGE".to_string()));
    assert_ne!(r.decision, Decision::Final);
}

#[test]
fn a_failing_generator_falls_back_through_the_modes() {
    let v = Validator::default();
    let retriever = FakeRetriever::new(docs());
    let generator = FakeGen::new(|_, o| match o.mode {
        Mode::Thinking => Err(ModelError::error("thinking model overloaded")),
        _ => Ok(GOOD.into()),
    });
    let models = Models {
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, Some(Mode::Thinking));
    assert_eq!(r.decision, Decision::Final);
    assert_eq!(r.mode, Mode::Auto);
    assert_eq!(r.trace[0].mode, Mode::Thinking);
    assert_eq!(
        r.trace[0].error.as_deref(),
        Some("thinking model overloaded")
    );
    assert_eq!(r.warnings[0].kind, WarningKind::PipelineError);
    assert!(!r.complete, "a pipeline step failed");

    // Every mode failing ends in the raw sources.
    let generator = FakeGen::new(|_, _| Err(ModelError::error("down")));
    let models = Models {
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, Some(Mode::Thinking));
    assert_eq!(r.decision, Decision::Escalate);
    assert_eq!(r.mode, Mode::Sources);
    assert!(r.answer.is_none());
    assert_eq!(r.sources.len(), 2);
    let modes: Vec<Mode> = r.trace.iter().map(|a| a.mode).collect();
    assert_eq!(modes, vec![Mode::Thinking, Mode::Auto, Mode::Instant]);
}

#[test]
fn low_confidence_falls_back_and_instant_makes_one_attempt() {
    let v = Validator::default();
    let retriever = FakeRetriever::new(docs());
    // An answer with nothing grounded: confidence stays low in every mode.
    let generator = FakeGen::new(|_, _| Ok("Berlin hosts 40 ministries [5].".into()));
    let models = Models {
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, Some(Mode::Auto));
    let modes: Vec<Mode> = r.trace.iter().map(|a| a.mode).collect();
    assert_eq!(
        modes,
        vec![Mode::Auto, Mode::Auto, Mode::Auto, Mode::Instant]
    );
    assert_eq!(r.mode, Mode::Sources);
    assert_eq!(r.decision, Decision::Escalate);
}

#[test]
fn retriever_failure_and_bad_sources_are_pipeline_errors() {
    struct Failing;
    impl Retriever for Failing {
        fn retrieve<'a>(
            &'a self,
            _: &'a str,
            _: &'a RetrieveOptions,
        ) -> ModelFuture<'a, Vec<Source>> {
            Box::pin(std::future::ready(Err(ModelError::error("index offline"))))
        }
    }
    let v = Validator::default();
    let generator = FakeGen::new(|_, _| Ok(GOOD.into()));
    let models = Models {
        retrieve: Some(&Failing),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, None);
    assert_eq!(r.decision, Decision::Escalate);
    assert!(!r.complete);
    assert!(r.warnings[0].message.contains("index offline"));

    let dup = FakeRetriever::new(vec![Source::new("a", "x"), Source::new("a", "y")]);
    let models = Models {
        retrieve: Some(&dup),
        generate: Some(&generator),
        ..Models::default()
    };
    let r = run_answer(&v, models, None, None);
    assert!(
        r.warnings[0].message.contains("invalid sources"),
        "{:?}",
        r.warnings
    );

    // Missing callbacks are errors.
    let models = Models {
        generate: Some(&generator),
        ..Models::default()
    };
    let clock = StepClock(Cell::new(0.0));
    let err = block_on(answer(
        &v,
        models,
        &clock,
        None,
        &AnswerInput {
            question: QUESTION.into(),
            ..AnswerInput::default()
        },
    ))
    .unwrap_err();
    assert_eq!(err.code.as_str(), "INVALID_CALLBACK");
}

#[test]
fn a_cached_answer_is_served_until_a_source_changes() {
    let v = Validator::default();
    let cache = RefCell::new(ResponseCache::new(8));
    let retriever = FakeRetriever::new(docs());
    let generator = FakeGen::new(|_, _| Ok(GOOD.into()));
    let models = Models {
        retrieve: Some(&retriever),
        generate: Some(&generator),
        ..Models::default()
    };
    let first = run_answer(&v, models, Some(&cache), None);
    assert_eq!(first.decision, Decision::Final);
    assert!(!first.cached);
    let second = run_answer(&v, models, Some(&cache), None);
    assert!(second.cached);
    assert_eq!(second.answer, first.answer);
    assert_eq!(second.trace.len(), 1);
    assert!(second.trace[0].cached);
    assert_eq!(generator.calls.borrow().len(), 1, "served from the cache");
    assert_eq!(cache.borrow().stats().hits, 1);

    // A changed source changes the evidence fingerprint: no stale answer.
    retriever.docs.borrow_mut()[1].content =
        "The city of Paris has about 2.1 million residents (2024 census).".into();
    let third = run_answer(&v, models, Some(&cache), None);
    assert!(!third.cached);
    assert_eq!(generator.calls.borrow().len(), 2);
    assert_ne!(third.cache_key, first.cache_key);

    // Invalidation by source id drops it.
    assert_eq!(cache.borrow_mut().invalidate_source("population"), 2);
    let fourth = run_answer(&v, models, Some(&cache), None);
    assert!(!fourth.cached);

    // A different mode is a different key.
    let fifth = run_answer(&v, models, Some(&cache), Some(Mode::Instant));
    assert!(!fifth.cached);
}

// ---- validate(): judges and failures ----

fn deterministic_part(r: &Report) -> (Vec<&'static str>, String, f64, Decision) {
    let kinds: Vec<&'static str> = r
        .warnings
        .iter()
        .filter(|w| w.kind != WarningKind::JudgeFailed)
        .map(|w| w.kind.as_str())
        .collect();
    let claims = serde_json::to_string(&r.claims).unwrap();
    (kinds, claims, r.confidence, r.decision)
}

#[test]
fn failing_callbacks_keep_the_deterministic_findings() {
    let v = validator(|c| c.preset = Preset::Default);
    let plain = v.check(&input(WRONG_NUMBER)).unwrap();
    let triad_on = |c: &mut Config| {
        c.judges.relevance = Some(true);
        c.judges.support = Some(true);
        c.judges.usefulness = Some(true);
    };
    let v = validator(triad_on);
    let cases: Vec<(&str, FakeLlm)> = vec![
        (
            "throws",
            FakeLlm::new(|_, _, _| Err(ModelError::error("boom: quota exceeded"))),
        ),
        (
            "hangs",
            FakeLlm::new(|_, _, _| Err(ModelError::timeout("llm", 50))),
        ),
        (
            "unreadable",
            FakeLlm::new(|_, _, _| Ok("I'd say yes.".into())),
        ),
    ];
    for (name, llm) in cases {
        let models = Models {
            llm: Some(&llm),
            ..Models::default()
        };
        let r = run_validate(&v, &input(WRONG_NUMBER), models);
        assert!(!r.complete, "{name}");
        assert_eq!(deterministic_part(&r), deterministic_part(&plain), "{name}");
        let failed: Vec<_> = r
            .warnings
            .iter()
            .filter(|w| w.kind == WarningKind::JudgeFailed)
            .collect();
        assert_eq!(failed.len(), 3, "{name}: one per judge");
        if name == "throws" {
            assert!(failed[0].message.contains("boom: quota exceeded"));
            assert_eq!(failed[0].details["failure"], "error");
        }
        if name == "hangs" {
            assert_eq!(failed[0].details["failure"], "timeout");
        }
    }
    // A wrong-shaped embedder: wrong count, NaN, unequal dimensions.
    let wrong: Vec<EmbedScript> = vec![
        Box::new(|_| Ok(vec![vec![1.0, 0.0]])),
        Box::new(|t| Ok(t.iter().map(|_| vec![f32::NAN, 1.0]).collect())),
        Box::new(|t| {
            Ok(t.iter()
                .enumerate()
                .map(|(i, _)| vec![1.0; 2 + i])
                .collect())
        }),
    ];
    let v = Validator::default();
    for script in wrong {
        let embed = FakeEmbed::new(script);
        let models = Models {
            embed: Some(&embed),
            ..Models::default()
        };
        let r = run_validate(&v, &input(PARTIAL), models);
        let plain = v.check(&input(PARTIAL)).unwrap();
        assert!(!r.complete);
        assert_eq!(deterministic_part(&r), deterministic_part(&plain));
        assert!(r
            .warnings
            .iter()
            .any(|w| w.kind == WarningKind::JudgeFailed && w.details["failure"] == "shape"));
    }
}

/// An answer with one claim the lexical check leaves uncertain (`partial`) besides a
/// supported one and one with a wrong number.
const PARTIAL: &str = "Paris is the capital of France [1]. The city has about 9 million residents [2]. The population of the capital is large [2].";

fn uncertain_claims(r: &Report) -> usize {
    r.claims
        .iter()
        .filter(|c| {
            c.status == SupportStatus::Partial
                || (matches!(
                    c.status,
                    SupportStatus::Supported | SupportStatus::Unsupported
                ) && (groundcheck::judges::BAND_DEFAULT[0]
                    ..groundcheck::judges::BAND_DEFAULT[1])
                    .contains(&c.score)
                    && !c.reasons.iter().any(|r| r.starts_with("number ")))
        })
        .count()
}

#[test]
fn only_uncertain_claims_reach_the_llm() {
    let v = Validator::default();
    let plain = v.check(&input(PARTIAL)).unwrap();
    let uncertain = uncertain_claims(&plain);
    let facts = plain.claims.len();
    assert!(
        uncertain >= 1 && uncertain < facts,
        "fixture: {uncertain} uncertain of {facts}: {:#?}",
        plain
            .claims
            .iter()
            .map(|c| (&c.text, c.status, c.score))
            .collect::<Vec<_>>()
    );
    let llm = FakeLlm::new(|_, o, _| match o.purpose {
        Purpose::Verify => Ok("```json\n{\"supported\": \"yes\",}\n```".into()),
        _ => Err(ModelError::error("unexpected")),
    });
    let models = Models {
        llm: Some(&llm),
        ..Models::default()
    };
    let r = run_validate(&v, &input(PARTIAL), models);
    assert_eq!(llm.calls.borrow().len(), uncertain);
    assert_eq!(llm.count(Purpose::Verify), uncertain);
    assert!(r.complete);
    let judges = r.judges.as_ref().expect("judge summary");
    assert_eq!(judges.claims_escalated, uncertain);
    assert_eq!(judges.model_calls, uncertain);
    // The wrong number is never escalated (an exact mismatch) and stays contradicted.
    assert!(r
        .claims
        .iter()
        .any(|c| c.text.contains("9 million") && c.status == SupportStatus::Contradicted));
    assert!(r
        .claims
        .iter()
        .any(|c| c.reasons.iter().any(|x| x.contains("verification judge"))));

    // A clean answer costs no model call at all.
    llm.calls.borrow_mut().clear();
    let r = run_validate(&v, &input(GOOD), models);
    assert_eq!(llm.calls.borrow().len(), 0);
    assert_eq!(r.decision, Decision::Final);
}

/// An `llm` that answers only the verification judge, with `supported`.
fn verifier(supported: bool) -> FakeLlm {
    FakeLlm::new(move |_, o, _| match o.purpose {
        Purpose::Verify => Ok(format!("{{\"supported\": {supported}}}")),
        _ => Err(ModelError::error("unexpected")),
    })
}

/// A claim the lexical check finds supported, but with a score in the band where held-out
/// scores were right about half the time, is verified; the band is configurable.
#[test]
fn supported_claims_in_the_band_are_verified() {
    const LIKELY: &str = "The city of Paris has about 2.1 million residents and many parks [2].";
    let plain = Validator::default().check(&input(LIKELY)).unwrap();
    let claim = &plain.claims[0];
    assert_eq!(
        claim.status,
        SupportStatus::Supported,
        "fixture: {claim:#?}"
    );
    assert!(
        (0.5..0.8).contains(&claim.score),
        "fixture: a supported claim in the band, got {}",
        claim.score
    );
    // Unverified, it may pass, but the badge must not read high beside it.
    let has_cap = |r: &Report| r.caps.iter().any(|c| c.signal == "UNCERTAIN_SUPPORT");
    assert_eq!(plain.decision, Decision::Final);
    assert_eq!(plain.level, Level::Medium);
    assert!(has_cap(&plain), "{:?}", plain.caps);
    // Confirmed by the llm, it lifts the ceiling.
    let yes = verifier(true);
    let models = Models {
        llm: Some(&yes),
        ..Models::default()
    };
    let r = run_validate(&Validator::default(), &input(LIKELY), models);
    assert_eq!(r.claims[0].status, SupportStatus::Supported);
    assert!(!has_cap(&r), "{:?}", r.caps);
    assert_eq!(r.level, Level::High);
    let llm = verifier(false);
    let models = Models {
        llm: Some(&llm),
        ..Models::default()
    };
    let r = run_validate(&Validator::default(), &input(LIKELY), models);
    assert_eq!(llm.count(Purpose::Verify), 1);
    assert_eq!(r.claims[0].status, SupportStatus::Unsupported);
    assert_ne!(r.decision, Decision::Final);

    // A band that ends under the claim's score leaves it as the lexical check found it.
    llm.calls.borrow_mut().clear();
    let narrow = validator(|c| c.judges.band = [0.1, 0.5]);
    let r = run_validate(&narrow, &input(LIKELY), models);
    assert_eq!(llm.calls.borrow().len(), 0);
    assert_eq!(r.claims[0].status, SupportStatus::Supported);
}

/// Embeds by keyword: texts about "population of" point one way, everything else another, so
/// the similarity of the uncertain claim to the sources is scripted.
fn keyword_vectors(sim: f32) -> impl Fn(&[String]) -> Result<Vec<Vec<f32>>, ModelError> {
    move |texts| {
        let other = (1.0 - sim * sim).max(0.0).sqrt();
        Ok(texts
            .iter()
            .map(|t| {
                if t.contains("population of") {
                    vec![sim, other]
                } else {
                    vec![1.0, 0.0]
                }
            })
            .collect())
    }
}

#[test]
fn embedding_similarity_decides_and_the_band_escalates() {
    let v = Validator::default();
    let llm = verifier(false);
    // 0.9 ≥ 0.8: supported by the embedding alone, no llm call.
    let embed = FakeEmbed::new(keyword_vectors(0.9));
    let models = Models {
        llm: Some(&llm),
        embed: Some(&embed),
        ..Models::default()
    };
    let r = run_validate(&v, &input(PARTIAL), models);
    assert_eq!(embed.calls.get(), 1, "one batched embed call");
    assert_eq!(llm.count(Purpose::Verify), 0);
    let visited = r
        .claims
        .iter()
        .find(|c| c.text.contains("population of"))
        .unwrap();
    assert_eq!(visited.status, SupportStatus::Supported);
    assert!(visited
        .reasons
        .iter()
        .any(|x| x.contains("embedding similarity 0.90")));

    // 0.75 is in the borderline band: escalated; the llm says no.
    let embed = FakeEmbed::new(keyword_vectors(0.75));
    let models = Models {
        llm: Some(&llm),
        embed: Some(&embed),
        ..Models::default()
    };
    let r = run_validate(&v, &input(PARTIAL), models);
    assert_eq!(llm.count(Purpose::Verify), 1);
    let visited = r
        .claims
        .iter()
        .find(|c| c.text.contains("population of"))
        .unwrap();
    assert_eq!(visited.status, SupportStatus::Unsupported);
    assert!(r.warnings.iter().any(
        |w| w.kind == WarningKind::UnsupportedClaim && w.message.contains("verification judge")
    ));
}

/// The judges' verdicts against an answer block FINAL, and their failures leave it
/// unproven: never FINAL, never cached.
#[test]
fn judges_that_say_no_or_fail_keep_an_answer_from_final() {
    let judged = |support: &'static str, relevance: &'static str| {
        let v = validator(|c| {
            c.judges.relevance = Some(true);
            c.judges.support = Some(true);
        });
        let llm = FakeLlm::new(move |_, o, _| match o.purpose {
            Purpose::Relevance => Ok(relevance.into()),
            Purpose::Support => Ok(support.into()),
            _ => Ok("{\"supported\": true}".into()),
        });
        let models = Models {
            llm: Some(&llm),
            ..Models::default()
        };
        run_validate(&v, &input(GOOD), models)
    };
    let codes = |r: &Report| r.reasons.iter().map(|x| x.code.clone()).collect::<Vec<_>>();
    // Both judges say no: the deterministic checks alone would have passed it.
    let r = judged(
        "{\"support\": \"none\", \"unsupported\": [\"Paris is the capital of France\"], \"reasoning\": \"not stated\"}",
        "{\"relevant\": false}",
    );
    assert_eq!(r.decision, Decision::Retry);
    assert!(codes(&r).contains(&"JUDGE_UNSUPPORTED".to_string()));
    assert!(codes(&r).contains(&"NOT_RELEVANT".to_string()));
    assert!(r.confidence < 0.7);
    // The named claim is a finding on that claim, decided by the llm.
    let named = r
        .warnings
        .iter()
        .find(|w| w.kind == WarningKind::UnsupportedClaim)
        .expect("a finding");
    let claim = r
        .claims
        .iter()
        .find(|c| Some(c.span) == named.span)
        .expect("on a claim");
    assert!(claim.text.starts_with("Paris is the capital"));
    assert_eq!(
        claim.verified_by,
        Some(groundcheck::claims::VerifiedBy::Llm)
    );
    assert_eq!(
        r.judges.as_ref().unwrap().support_reasoning.as_deref(),
        Some("not stated")
    );
    // A judge that fails: incomplete, so not FINAL, and never cached.
    let v = validator(|c| c.judges.relevance = Some(true));
    let llm = FakeLlm::new(|_, _, _| Err(ModelError::error("the model is down")));
    let r = run_validate(
        &v,
        &input(GOOD),
        Models {
            llm: Some(&llm),
            ..Models::default()
        },
    );
    assert!(!r.complete);
    assert_eq!(r.decision, Decision::Retry);
    assert!(codes(&r).contains(&"INCOMPLETE".to_string()));
    assert!(!cache_policy(&r, Mode::Auto, &CacheOptions::default()).cacheable);
}

/// An embedder that finds everything similar must not make an invented name supported.
#[test]
fn similarity_never_overrules_a_missing_name() {
    let v = Validator::default();
    let embed = FakeEmbed::new(|texts| Ok(texts.iter().map(|_| vec![1.0, 0.0, 0.0]).collect()));
    let input = CheckInput {
        question: "Who designed the tower?".into(),
        answer: "The tower was designed by Leonardo da Vinci [1].".into(),
        sources: vec![Source::new(
            "t",
            "The tower was designed by the engineering firm of Gustave Eiffel.",
        )],
        ..CheckInput::default()
    };
    let r = run_validate(
        &v,
        &input,
        Models {
            embed: Some(&embed),
            ..Models::default()
        },
    );
    assert_eq!(r.claims[0].status, SupportStatus::Unsupported);
    assert_ne!(
        r.claims[0].verified_by,
        Some(groundcheck::claims::VerifiedBy::Embedding)
    );
    assert_ne!(r.decision, Decision::Final);
}

#[test]
fn a_claims_judge_that_lists_thousands_is_read_up_to_the_cap() {
    let v = validator(|c| c.judges.extract_claims = true);
    let many: Vec<String> = (0..5000)
        .map(|i| format!("The museum number {i} opened in year {i}."))
        .collect();
    let listed = serde_json::to_string(&many).unwrap();
    let llm = FakeLlm::new(move |_, o, _| match o.purpose {
        Purpose::Claims => Ok(listed.clone()),
        _ => Ok("{\"supported\": false}".into()),
    });
    let r = run_validate(
        &v,
        &input(GOOD),
        Models {
            llm: Some(&llm),
            ..Models::default()
        },
    );
    let j = r.judges.as_ref().unwrap();
    assert!(
        j.claims_extracted <= judges::MAX_EXTRACTED,
        "{}",
        j.claims_extracted
    );
    assert!(j.claims_extracted > 0);
    assert_ne!(r.decision, Decision::Final);
}

#[test]
fn triad_judges_join_the_confidence() {
    let v = validator(|c| c.preset = Preset::Triad);
    let llm = FakeLlm::new(|_, o, _| match o.purpose {
        Purpose::Relevance => {
            Ok("Sure:\n```json\n{\"relevant\": \"yes\", \"score\": 0.9}\n```".into())
        }
        Purpose::Support => {
            Ok("{\"support\": \"partial\", \"unsupported\": [\"It is big\"],}".into())
        }
        Purpose::Usefulness => Ok("My verdict: {\"useful\": true, \"score\": 5}".into()),
        _ => Ok("{\"supported\": true}".into()),
    });
    let models = Models {
        llm: Some(&llm),
        ..Models::default()
    };
    let r = run_validate(&v, &input(GOOD), models);
    assert!(r.complete);
    let j = r.judges.as_ref().unwrap();
    assert_eq!(j.relevance, Some(0.9));
    assert_eq!(j.support, Some(Support::Partial));
    assert_eq!(j.usefulness, Some(1.0));
    assert_eq!(j.unsupported_claims, vec!["It is big".to_string()]);
    // triad: 0.3·0.9 + 0.4·0.5 + 0.3·1 = 0.77 before the gate …
    let raw: f64 = r.breakdown.iter().map(|b| b.contribution).sum();
    assert!((raw - 0.77).abs() < 1e-9, "{raw}");
    let signals: Vec<&str> = r.breakdown.iter().map(|b| b.signal.as_str()).collect();
    assert_eq!(signals, vec!["relevance", "support", "usefulness"]);
    // … but the judge named a claim unsupported (the answer does not hold "It is big",
    // so the finding has no span): that blocks FINAL, and the badge is capped below the
    // threshold so it cannot read "medium" beside RETRY.
    let judged = r
        .warnings
        .iter()
        .find(|w| w.kind == WarningKind::UnsupportedClaim)
        .expect("the judge's unsupported claim is a finding");
    assert_eq!(judged.span, None);
    assert_eq!(r.decision, groundcheck::Decision::Retry);
    assert!((r.confidence - 0.69).abs() < 1e-9, "{}", r.confidence);

    // With the default preset, the judges are one weighted signal.
    let v = validator(|c| {
        c.judges.relevance = Some(true);
        c.judges.support = Some(true);
        c.judges.usefulness = Some(true);
    });
    let r = run_validate(&v, &input(GOOD), models);
    assert!(r.breakdown.iter().any(|b| b.signal == "judges"));
    // Overridden prompt templates reach the llm.
    let v = validator(|c| {
        c.judges.relevance = Some(true);
        c.prompts.relevance = Some("REL? {question} || {sources}".into());
    });
    llm.calls.borrow_mut().clear();
    run_validate(&v, &input(GOOD), models);
    let calls = llm.calls.borrow();
    assert!(
        calls[0]
            .1
            .starts_with("REL? Tell me about Paris || [1] Paris"),
        "{}",
        calls[0].1
    );
}

#[test]
fn the_budget_caps_model_calls() {
    let v = validator(|c| {
        c.budget = 1;
        c.judges.relevance = Some(true);
        c.judges.support = Some(true);
    });
    let llm = FakeLlm::new(|_, o, _| match o.purpose {
        Purpose::Relevance => Ok("{\"relevant\": true}".into()),
        _ => Ok("{\"support\": \"full\"}".into()),
    });
    let models = Models {
        llm: Some(&llm),
        ..Models::default()
    };
    let r = run_validate(&v, &input(GOOD), models);
    assert_eq!(llm.calls.borrow().len(), 1);
    assert!(!r.complete);
    assert!(r
        .warnings
        .iter()
        .any(|w| w.kind == WarningKind::JudgeFailed && w.details["failure"] == "budget"));
}

#[test]
fn extracted_claims_are_merged() {
    let v = validator(|c| c.judges.extract_claims = true);
    let llm = FakeLlm::new(|_, o, _| match o.purpose {
        Purpose::Claims => Ok(
            "{\"claims\": [\"Paris is the capital of France\", \"Paris has 50 bridges\"]}".into(),
        ),
        _ => Ok("{\"supported\": false}".into()),
    });
    let models = Models {
        llm: Some(&llm),
        ..Models::default()
    };
    let plain = v.check(&input(GOOD)).unwrap();
    let r = run_validate(&v, &input(GOOD), models);
    assert_eq!(r.judges.as_ref().unwrap().claims_extracted, 1);
    assert_eq!(r.claims.len(), plain.claims.len() + 1);
    let extra = r.claims.last().unwrap();
    assert_eq!(extra.text, "Paris has 50 bridges");
    assert_eq!(extra.status, SupportStatus::Unsupported);
    assert!(kinds(&r).contains(&"UNSUPPORTED_CLAIM"));
}

#[test]
fn same_input_and_script_give_the_same_result() {
    let v = Validator::default();
    let run = || {
        let llm = FakeLlm::new(|_, o, n| match (o.purpose, n) {
            (Purpose::Critic, 0) => Ok("RETRY: again".into()),
            (Purpose::Critic, _) => Ok("FINAL".into()),
            _ => Ok("{\"supported\": true}".into()),
        });
        let retriever = FakeRetriever::new(docs());
        let generator = FakeGen::new(|_, o| Ok(if o.attempt == 0 { PARTIAL } else { GOOD }.into()));
        let models = Models {
            llm: Some(&llm),
            retrieve: Some(&retriever),
            generate: Some(&generator),
            ..Models::default()
        };
        serde_json::to_string(&run_answer(&v, models, None, None)).unwrap()
    };
    assert_eq!(run(), run());
}

// ---- cache ----

#[test]
fn cache_ttl_lru_and_counters() {
    let mut c: ResponseCache<&str> = ResponseCache::new(2);
    let meta = |ttl: f64, scope: &str, ids: &[&str]| EntryMeta {
        ttl_ms: ttl,
        scope: Some(scope.into()),
        source_ids: ids.iter().map(|s| s.to_string()).collect(),
    };
    c.insert("a", "A", meta(100.0, "s1", &["x"]), 0.0);
    assert_eq!(c.get("a", 99.0), Some("A"));
    assert_eq!(c.get("a", 100.0), None, "expired at now ≥ insert + ttl");
    assert_eq!(c.stats().expirations, 1);
    c.insert("a", "A", meta(1000.0, "s1", &["x"]), 0.0);
    c.insert("b", "B", meta(1000.0, "s2", &["y"]), 0.0);
    assert_eq!(c.get("a", 1.0), Some("A")); // a is now most recently used
    c.insert("c", "C", meta(1000.0, "s2", &["y", "z"]), 1.0);
    assert_eq!(c.get("b", 2.0), None, "b was the least recently used");
    assert_eq!(c.get("a", 2.0), Some("A"));
    let s = c.stats();
    assert_eq!((s.hits, s.misses, s.evictions, s.size), (3, 2, 1, 2));
    assert_eq!(c.invalidate_scope("s2"), 1);
    assert_eq!(c.invalidate_source("x"), 1);
    assert!(c.is_empty());
    assert_eq!(c.stats().invalidations, 2);
}

#[test]
fn cache_keys_and_policy() {
    let d = docs();
    let k = cache_key("What is Paris?", Some("geo"), Mode::Auto, &d);
    assert_eq!(
        k,
        cache_key("  what is   PARIS ", Some("geo"), Mode::Auto, &d)
    );
    assert_ne!(
        k,
        cache_key("What is Paris?", Some("other"), Mode::Auto, &d)
    );
    assert_ne!(
        k,
        cache_key("What is Paris?", Some("geo"), Mode::Thinking, &d)
    );
    let mut reordered = d.clone();
    reordered.reverse();
    assert_eq!(
        k,
        cache_key("What is Paris?", Some("geo"), Mode::Auto, &reordered)
    );
    let mut changed = d.clone();
    changed[0].content.push('!');
    assert_ne!(
        k,
        cache_key("What is Paris?", Some("geo"), Mode::Auto, &changed)
    );
    let mut versioned = d.clone();
    versioned[0].checksum = Some("v2".into());
    assert_ne!(
        k,
        cache_key("What is Paris?", Some("geo"), Mode::Auto, &versioned)
    );

    let opts = CacheOptions::default();
    let v = Validator::default();
    let good = v.check(&input(GOOD)).unwrap();
    let p = cache_policy(&good, Mode::Instant, &opts);
    assert!(p.cacheable);
    assert_eq!(p.ttl_ms, 120_000.0);
    assert_eq!(cache_policy(&good, Mode::Auto, &opts).ttl_ms, 300_000.0);
    assert_eq!(cache_policy(&good, Mode::Thinking, &opts).ttl_ms, 900_000.0);
    // A report whose judges failed is never cached, whatever it says.
    let mut incomplete = good.clone();
    incomplete.complete = false;
    assert_eq!(
        cache_policy(&incomplete, Mode::Auto, &opts).reasons,
        vec!["INCOMPLETE"]
    );
    let mut low = good.clone();
    low.confidence = 0.25;
    assert_eq!(
        cache_policy(&low, Mode::Auto, &opts).reasons,
        vec!["LOW_CONFIDENCE"]
    );
    let bad = v.check(&input(WRONG_NUMBER)).unwrap();
    assert!(cache_policy(&bad, Mode::Auto, &opts)
        .reasons
        .contains(&"NOT_ACCEPTED".to_string()));
    let field = v
        .check(&input(
            "Set `maxWidgets` to 3 to make Paris the capital of France [1].",
        ))
        .unwrap();
    assert!(kinds(&field).contains(&"UNVERIFIED_FIELD"));
    assert!(cache_policy(&field, Mode::Auto, &opts)
        .reasons
        .contains(&"UNVERIFIED_FIELD".to_string()));
}

#[test]
fn model_error_kinds_are_reported() {
    assert_eq!(ModelError::timeout("llm", 5).kind, FailureKind::Timeout);
    assert!(ModelError::timeout("llm", 5).message.contains("5 ms"));
}
