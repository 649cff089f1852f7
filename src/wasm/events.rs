//! `onEvent`: the validator's events handed to a JavaScript callback, and the running
//! counters (`validator.counters`). The events themselves are derived by the core
//! (`crate::events`); a callback that throws is counted and otherwise ignored, since a
//! logging hook must never change a verdict.

use std::cell::RefCell;

use js_sys::Function;
use wasm_bindgen::prelude::*;

use crate::answer_loop::AnswerResult;
use crate::events::{answer_events, report_events, Counters, Event};
use crate::report::{Report, WarningKind};

use super::convert::to_js;

#[wasm_bindgen(typescript_custom_section)]
const EVENT_TYPES: &'static str = r#"
/** What `onEvent` receives: every decision, every blocking finding, every loop step. */
export type GroundcheckEvent =
  | { type: "decision"; origin: "check" | "validate" | "answer"; decision: Decision; confidence: number; reasons: string[]; complete: boolean }
  | { type: "mismatch"; origin: "check" | "validate" | "answer"; kind: WarningKind; message: string; span: Span | null }
  | { type: "step"; index: number; mode: Mode; decision: Decision | null; k: number; queries: number; corrective: boolean; error: string | null }
  | { type: "answer"; decision: Decision; attempts: number; cached: boolean; corrective: number };

/** Running totals of a validator's events (`validator.counters`). */
export interface Counters {
  decisions: Record<string, number>;
  mismatches: Record<string, number>;
  incomplete: number;
  answers: number;
  cacheHits: number;
  /** Attempts that re-retrieved (deeper or targeted) to correct the previous one. */
  cragTriggers: number;
  /** answer() calls that triggered corrective retrieval and ended FINAL. */
  cragSuccesses: number;
  /** Events the onEvent callback threw on. */
  callbackErrors: number;
}
"#;

/// The `onEvent` callback, if one was given, and the counters.
#[derive(Default)]
pub(crate) struct EventHook {
    callback: Option<Function>,
    counters: RefCell<Counters>,
}

impl EventHook {
    pub(crate) fn new(callback: Option<Function>) -> Self {
        EventHook {
            callback,
            counters: RefCell::new(Counters::default()),
        }
    }

    fn emit(&self, events: Vec<Event>) {
        for event in events {
            self.counters.borrow_mut().record(&event);
            let Some(cb) = &self.callback else { continue };
            let failed = match to_js(&event) {
                Ok(value) => cb.call1(&JsValue::UNDEFINED, &value).is_err(),
                Err(_) => true,
            };
            if failed {
                self.counters.borrow_mut().callback_errors += 1;
            }
        }
    }

    /// The events of a report from `check` or `validate`.
    pub(crate) fn report(&self, report: &Report, origin: &'static str, blocking: &[WarningKind]) {
        self.emit(report_events(report, origin, blocking));
    }

    /// The events of an `answer()` result.
    #[cfg_attr(not(feature = "models"), allow(dead_code))]
    pub(crate) fn answer(&self, result: &AnswerResult, blocking: &[WarningKind]) {
        self.emit(answer_events(result, blocking));
    }

    /// The counters as a plain object.
    pub(crate) fn counters(&self) -> Result<JsValue, JsValue> {
        to_js(&*self.counters.borrow())
    }
}
