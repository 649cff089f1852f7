//! Opt-in stage timings (`new Validator({ trace: { timings: true } })`), measured here in
//! the binding with `performance.now()`, never in the core: the core has no clock, and a
//! report without this option stays the same byte for byte.
//!
//! Every callback call of one `validate()` or `answer()` is recorded (which callback, for
//! what purpose, when it started and ended, how it ended). From those the binding derives
//! per stage (`retrieve`, `generate`, `embed`, the `llm`'s purposes, and `checks`: the
//! module's own work while no callback was pending) the milliseconds spent, for the whole
//! call and, for `answer()`, for each attempt of the trace (attempt `i` owns the next
//! `trace[i].modelCalls` calls, in the order they started).

use std::cell::RefCell;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TIMING_TYPES: &'static str = r#"
/** `new Validator({ trace: { timings: true } })`: stage timings on validate() and answer(). */
export interface TraceOptions {
  /** Measure each stage with performance.now() (default false: reports stay deterministic). */
  timings?: boolean;
}
/** One callback call, timed. */
export interface CallTiming {
  callback: "llm" | "embed" | "retrieve" | "generate";
  /** The llm's purpose; null for the other callbacks. */
  purpose: Purpose | null;
  /** Milliseconds from the start of the validate()/answer() call. */
  startMs: number;
  ms: number;
  outcome: "ok" | "error" | "timeout" | "shape";
}
/** Where the time of a validate() or answer() call (or of one attempt) went: the
 * `timings` of a report, an answer result and each of its attempts. */
export interface StageTimings {
  totalMs: number;
  /** Wall time during which at least one callback was pending. */
  callbacksMs: number;
  /** Milliseconds by stage: `retrieve`, `generate`, `embed`, the llm's purposes
   * (`relevance`, `support`, `usefulness`, `claims`, `verify`, `critic`; `generate` when
   * the llm generates), summed over calls (concurrent calls overlap), and `checks`: the
   * module's own work (totalMs − callbacksMs). */
  stages: Record<string, number>;
  calls: CallTiming[];
}
"#;

/// `performance.now()`, or `Date.now()` in a host without `performance`.
pub(crate) fn now() -> f64 {
    let global = js_sys::global();
    let perf = Reflect::get(&global, &JsValue::from_str("performance")).unwrap_or_default();
    let has_now = perf.is_object()
        && Reflect::get(&perf, &JsValue::from_str("now"))
            .map(|f| f.is_function())
            .unwrap_or(false);
    if has_now {
        perf.unchecked_into::<web_sys::Performance>().now()
    } else {
        js_sys::Date::now()
    }
}

/// One recorded call.
#[derive(Clone)]
struct Call {
    callback: &'static str,
    purpose: Option<&'static str>,
    start: f64,
    end: f64,
    outcome: &'static str,
}

/// The calls of one `validate()` or `answer()`.
pub(crate) struct Recorder {
    origin: f64,
    calls: RefCell<Vec<Call>>,
}

/// A call under way; [`Recorder::finish`] records it.
pub(crate) struct Started {
    callback: &'static str,
    purpose: Option<&'static str>,
    start: f64,
}

/// `target[key] = value` on a plain object this module made (cannot throw).
fn set(target: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(target, &JsValue::from_str(key), value);
}

/// Rounds to a microsecond (what `performance.now()` resolves at best).
fn ms(x: f64) -> f64 {
    (x.max(0.0) * 1000.0).round() / 1000.0
}

impl Recorder {
    /// Starts recording now.
    pub(crate) fn new() -> Self {
        Recorder {
            origin: now(),
            calls: RefCell::new(Vec::new()),
        }
    }

    /// A call of `callback` (for `purpose`) starts.
    pub(crate) fn start(&self, callback: &'static str, purpose: Option<&'static str>) -> Started {
        Started {
            callback,
            purpose,
            start: now(),
        }
    }

    /// The call ended with `outcome` (`ok`, `error`, `timeout`, `shape`).
    pub(crate) fn finish(&self, started: Started, outcome: &'static str) {
        self.calls.borrow_mut().push(Call {
            callback: started.callback,
            purpose: started.purpose,
            start: started.start,
            end: now(),
            outcome,
        });
    }

    /// The calls in the order they started.
    fn sorted(&self) -> Vec<Call> {
        let mut calls = self.calls.borrow().clone();
        // Insertion sort: a few calls, and no sort code instantiated for them (size).
        for i in 1..calls.len() {
            let mut j = i;
            while j > 0 && calls[j - 1].start > calls[j].start {
                calls.swap(j - 1, j);
                j -= 1;
            }
        }
        calls
    }

    /// The timings of `calls` within `[from, to]`, as a plain JS object (built directly:
    /// no serde code for it).
    fn summary(&self, calls: &[Call], from: f64, to: f64) -> JsValue {
        let total = (to - from).max(0.0);
        // Union of the calls' intervals: time with at least one callback pending.
        let mut busy = 0.0;
        let mut open: Option<(f64, f64)> = None;
        for c in calls {
            let s = c.start.max(from);
            let e = c.end.min(to).max(s);
            open = match open {
                Some((os, oe)) if s <= oe => Some((os, oe.max(e))),
                Some((os, oe)) => {
                    busy += oe - os;
                    Some((s, e))
                }
                None => Some((s, e)),
            };
        }
        if let Some((os, oe)) = open {
            busy += oe - os;
        }
        let busy = busy.min(total);
        // Stage → summed milliseconds, in first-seen order, then `checks`.
        let mut stages: Vec<(&'static str, f64)> = Vec::new();
        for c in calls {
            let stage = match (c.callback, c.purpose) {
                ("llm", Some(p)) => p,
                (cb, _) => cb,
            };
            match stages.iter_mut().find(|(k, _)| *k == stage) {
                Some((_, v)) => *v += c.end - c.start,
                None => stages.push((stage, c.end - c.start)),
            }
        }
        stages.push(("checks", total - busy));
        let stage_obj = Object::new();
        for (k, v) in stages {
            set(&stage_obj, k, &JsValue::from(ms(v)));
        }
        let list = Array::new();
        for c in calls {
            let o = Object::new();
            set(&o, "callback", &JsValue::from_str(c.callback));
            set(
                &o,
                "purpose",
                &c.purpose.map_or(JsValue::NULL, JsValue::from_str),
            );
            set(&o, "startMs", &JsValue::from(ms(c.start - self.origin)));
            set(&o, "ms", &JsValue::from(ms(c.end - c.start)));
            set(&o, "outcome", &JsValue::from_str(c.outcome));
            list.push(&o);
        }
        let out = Object::new();
        set(&out, "totalMs", &JsValue::from(ms(total)));
        set(&out, "callbacksMs", &JsValue::from(ms(busy)));
        set(&out, "stages", &stage_obj);
        set(&out, "calls", &list);
        out.into()
    }

    /// Sets `timings` on a converted report (validate()).
    pub(crate) fn attach(&self, target: &JsValue) -> Result<(), JsValue> {
        let end = now();
        set(
            target,
            "timings",
            &self.summary(&self.sorted(), self.origin, end),
        );
        Ok(())
    }

    /// Sets `timings` on a converted `answer()` result and on each attempt of its trace,
    /// each attempt owning the next `modelCalls` calls. When the counts do not add up to
    /// the calls recorded (they always should), only the whole call gets timings.
    pub(crate) fn attach_answer(
        &self,
        result: &JsValue,
        model_calls: &[usize],
    ) -> Result<(), JsValue> {
        let end = now();
        let calls = self.sorted();
        set(result, "timings", &self.summary(&calls, self.origin, end));
        if model_calls.iter().sum::<usize>() != calls.len() {
            return Ok(());
        }
        let trace = Reflect::get(result, &JsValue::from_str("trace"))?;
        let Some(trace) = trace.dyn_ref::<Array>() else {
            return Ok(());
        };
        let mut next = 0;
        let mut from = self.origin;
        for (i, &n) in model_calls.iter().enumerate() {
            let own = &calls[next..next + n];
            next += n;
            // An attempt runs until the next one's first call starts (or the end).
            let to = calls
                .get(next..)
                .and_then(|rest| {
                    model_calls[i + 1..]
                        .iter()
                        .any(|&m| m > 0)
                        .then(|| rest.first().map(|c| c.start))
                        .flatten()
                })
                .unwrap_or(end);
            let attempt = trace.get(i as u32);
            if attempt.is_object() {
                set(&attempt, "timings", &self.summary(own, from, to));
            }
            from = to;
        }
        Ok(())
    }
}
