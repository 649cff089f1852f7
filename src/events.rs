//! Events for logging and metrics: every decision, every mismatch (a blocking finding)
//! and every step of the loop, derived from a report or a loop result after the fact,
//! plus the counters a dashboard wants (decisions by kind, mismatches by kind, corrective
//! retrievals triggered and how many of them ended in a verified answer).
//!
//! The core only derives the events; the binding hands each to the `onEvent` callback
//! given at construction and keeps the [`Counters`].

use std::collections::BTreeMap;

use serde::Serialize;

use crate::answer_loop::AnswerResult;
use crate::decision::Decision;
use crate::report::{Report, WarningKind};
use crate::text::Span;

/// One event.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Event {
    /// The gate decided on an answer (`check`, `validate`, or an attempt of `answer`).
    #[serde(rename_all = "camelCase")]
    Decision {
        /// `check`, `validate` or `answer`.
        #[cfg_attr(test, schemars(extend("enum" = ["check", "validate", "answer"])))]
        origin: &'static str,
        /// FINAL, RETRY, CLARIFY or ESCALATE.
        decision: Decision,
        /// The report's confidence.
        confidence: f64,
        /// The reason codes, most important first.
        reasons: Vec<String>,
        /// False when a judge failed.
        complete: bool,
    },
    /// A blocking finding: what was wrong and where.
    #[serde(rename_all = "camelCase")]
    Mismatch {
        /// `check`, `validate` or `answer`.
        #[cfg_attr(test, schemars(extend("enum" = ["check", "validate", "answer"])))]
        origin: &'static str,
        /// The warning kind.
        kind: WarningKind,
        /// The warning's message.
        message: String,
        /// Where in the answer (UTF-16), if anywhere.
        span: Option<Span>,
    },
    /// An attempt of the loop.
    #[serde(rename_all = "camelCase")]
    Step {
        /// 0, 1, 2, …
        index: usize,
        /// The attempt's mode.
        mode: crate::model::Mode,
        /// The attempt's decision, if it got that far.
        decision: Option<Decision>,
        /// Retrieval depth.
        k: usize,
        /// Queries sent to the retriever (more than one: corrective retrieval).
        queries: usize,
        /// True when this attempt re-retrieved to correct the previous one (deeper or
        /// targeted retrieval): a CRAG trigger.
        corrective: bool,
        /// The step's error, if it failed.
        error: Option<String>,
    },
    /// `answer()` ended.
    #[serde(rename_all = "camelCase")]
    Answer {
        /// The final decision.
        decision: Decision,
        /// Attempts made.
        attempts: usize,
        /// Served from the cache.
        cached: bool,
        /// Corrective retrievals triggered.
        corrective: usize,
    },
}

/// Running totals over every event a validator emitted.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Counters {
    /// Decisions by kind (`FINAL`, `RETRY`, …), over checks, validations and attempts.
    pub decisions: BTreeMap<String, usize>,
    /// Mismatches (blocking findings) by warning kind.
    pub mismatches: BTreeMap<String, usize>,
    /// Reports that were incomplete (a judge failed).
    pub incomplete: usize,
    /// `answer()` calls, and those served from the cache.
    pub answers: usize,
    /// `answer()` calls served from the cache.
    pub cache_hits: usize,
    /// Attempts that re-retrieved to correct the previous one (CRAG triggers).
    pub crag_triggers: usize,
    /// `answer()` calls that triggered corrective retrieval and ended FINAL.
    pub crag_successes: usize,
    /// Events the `onEvent` callback threw on (the events still count).
    pub callback_errors: usize,
}

impl Counters {
    /// Adds one event.
    pub fn record(&mut self, event: &Event) {
        match event {
            Event::Decision {
                decision, complete, ..
            } => {
                *self
                    .decisions
                    .entry(decision.as_str().to_string())
                    .or_default() += 1;
                self.incomplete += usize::from(!complete);
            }
            Event::Mismatch { kind, .. } => {
                *self
                    .mismatches
                    .entry(kind.as_str().to_string())
                    .or_default() += 1;
            }
            Event::Step { corrective, .. } => self.crag_triggers += usize::from(*corrective),
            Event::Answer {
                decision,
                cached,
                corrective,
                ..
            } => {
                self.answers += 1;
                self.cache_hits += usize::from(*cached);
                self.crag_successes += usize::from(*corrective > 0 && *decision == Decision::Final);
            }
        }
    }
}

/// The decision and the mismatches of one report. `blocking` is the gate's list of
/// blocking warning kinds.
pub fn report_events(
    report: &Report,
    origin: &'static str,
    blocking: &[WarningKind],
) -> Vec<Event> {
    let mut out = vec![Event::Decision {
        origin,
        decision: report.decision,
        confidence: report.confidence,
        reasons: report.reasons.iter().map(|r| r.code.clone()).collect(),
        complete: report.complete,
    }];
    out.extend(
        report
            .warnings
            .iter()
            .filter(|w| blocking.contains(&w.kind))
            .map(|w| Event::Mismatch {
                origin,
                kind: w.kind,
                message: w.message.clone(),
                span: w.span,
            }),
    );
    out
}

/// Every step of a loop result, the report it ended with, and its end.
pub fn answer_events(result: &AnswerResult, blocking: &[WarningKind]) -> Vec<Event> {
    let mut out = Vec::new();
    let first_k = result.trace.first().map(|a| a.k);
    let mut corrective = 0;
    for (i, a) in result.trace.iter().enumerate() {
        let is_corrective = i > 0 && !a.cached && (a.queries.len() > 1 || Some(a.k) > first_k);
        corrective += usize::from(is_corrective);
        out.push(Event::Step {
            index: a.index,
            mode: a.mode,
            decision: a.decision,
            k: a.k,
            queries: a.queries.len(),
            corrective: is_corrective,
            error: a.error.clone(),
        });
    }
    if let Some(report) = &result.report {
        out.extend(report_events(report, "answer", blocking));
    }
    out.push(Event::Answer {
        decision: result.decision,
        attempts: result.trace.len(),
        cached: result.cached,
        corrective,
    });
    out
}
