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
