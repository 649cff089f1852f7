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
