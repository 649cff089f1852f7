//! The JavaScript callbacks given at construction (`llm`, `embed`, `retrieve`,
//! `generate`) as the core's model traits. Each call races the callback's promise
//! against a `setTimeout` (the core has no clock); a throw, a rejection, a timeout or a
//! wrong-shaped result becomes a [`ModelError`] carrying the callback's own message —
//! never a panic, never an `unwrap` of what the callback returned.
//!
//! Every call gets an `AbortSignal` in its options (`signal`, from a fresh
//! `AbortController`); when the call times out the controller is aborted with a
//! `TimeoutError`, so a `fetch` given that signal is cancelled instead of left running.
//! With `trace: { timings: true }` each call is also timed (see `timings.rs`).

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::error::{Error, ErrorCode};
use crate::model::{
    Clock, Embedder, GenerateOptions, Generator, Llm, LlmOptions, ModelError, ModelFuture, Models,
    RetrieveOptions, Retriever,
};
use crate::source::Source;

use super::convert::{from_js, into_error, to_js};
use super::timings::Recorder;

#[wasm_bindgen(typescript_custom_section)]
const CALLBACK_TYPES: &'static str = r#"
/** Aborted (with a `TimeoutError`) when the call times out: pass it to `fetch`. Absent
 * only in a host without `AbortController`. */
export interface CallbackSignal { signal?: AbortSignal; }
export interface LlmOptions extends CallbackSignal { purpose: Purpose; maxTokens: number; }
/** A language model: prompt in, text out (a promise or a plain string). */
export type LlmCallback = (prompt: string, options: LlmOptions) => Promise<string> | string;
/** An embedding model: one vector per text, all of one dimension. */
export type EmbedCallback = (texts: string[], options: CallbackSignal) => Promise<ArrayLike<number>[]> | ArrayLike<number>[];
export interface RetrieveOptions extends CallbackSignal { k: number; scope: Scope | null; }
/** A retriever: up to `k` chunks for the query. */
export type RetrieveCallback = (query: string, options: RetrieveOptions) => Promise<Source[]> | Source[];
export interface GenerateOptions extends CallbackSignal { attempt: number; mode: Mode; }
/** A generator: the answer to a grounded prompt (defaults to `llm`). */
export type GenerateCallback = (prompt: string, options: GenerateOptions) => Promise<string> | string;

/** What `new Validator()` takes: the callbacks, the config, the trace options. */
export interface ValidatorOptions {
  llm?: LlmCallback;
  embed?: EmbedCallback;
  retrieve?: RetrieveCallback;
  generate?: GenerateCallback;
  /** Receives every decision, blocking finding and loop step (logging, metrics). A
   * callback that throws is counted in `counters.callbackErrors` and otherwise ignored. */
  onEvent?: (event: GroundcheckEvent) => void;
  config?: Config;
  trace?: TraceOptions;
}
"#;

/// The callback option names, in the order they are checked.
pub(crate) const CALLBACK_KEYS: &[&str] = &["llm", "embed", "retrieve", "generate", "onEvent"];

/// One JS callback with the timeout of its calls.
pub(crate) struct JsCallback {
    name: &'static str,
    func: Function,
    timeout_ms: u32,
}

/// The callbacks given at construction.
#[derive(Default)]
pub(crate) struct Callbacks {
    llm: Option<JsCallback>,
    embed: Option<JsCallback>,
    retrieve: Option<JsCallback>,
    generate: Option<JsCallback>,
    /// `onEvent` and the counters.
    pub(crate) events: super::events::EventHook,
    /// `trace: { timings: true }`: time every call of `validate()` and `answer()`.
    pub(crate) timings: bool,
}

impl Callbacks {
    /// Reads the callbacks of a `new Validator(options)` object. `undefined` and `null`
    /// mean absent; anything else that is not a function is `INVALID_CALLBACK`.
    pub(crate) fn from_options(options: &JsValue, timeout_ms: u32) -> Result<Self, JsValue> {
        let mut out = Callbacks::default();
        if !options.is_object() {
            return Ok(out);
        }
        for &name in CALLBACK_KEYS {
            let value = super::read::get_option(options, name, "options")?;
            if value.is_undefined() || value.is_null() {
                continue;
            }
            let Some(func) = value.dyn_ref::<Function>() else {
                return Err(into_error(&Error::field(
                    ErrorCode::InvalidCallback,
                    format!("options.{name}"),
                    format!(
                        "options.{name} must be a function, got {}",
                        type_name(&value)
                    ),
                )));
            };
            let cb = Some(JsCallback {
                name,
                func: func.clone(),
                timeout_ms,
            });
            match name {
                "llm" => out.llm = cb,
                "embed" => out.embed = cb,
                "retrieve" => out.retrieve = cb,
                "onEvent" => out.events = super::events::EventHook::new(Some(func.clone())),
                _ => out.generate = cb,
            }
        }
        Ok(out)
    }

    /// The callbacks of one operation, timed into `recorder` when given.
    #[cfg_attr(not(feature = "models"), allow(dead_code))]
    pub(crate) fn bind<'a>(&'a self, recorder: Option<&'a Recorder>) -> Bound<'a> {
        let bind =
            |cb: &'a Option<JsCallback>| cb.as_ref().map(|cb| BoundCallback { cb, recorder });
        Bound {
            llm: bind(&self.llm),
            embed: bind(&self.embed),
            retrieve: bind(&self.retrieve),
            generate: bind(&self.generate),
        }
    }
}

/// A callback bound to one operation (and its timing recorder, if any).
pub(crate) struct BoundCallback<'a> {
    cb: &'a JsCallback,
    recorder: Option<&'a Recorder>,
}

/// The callbacks of one operation.
pub(crate) struct Bound<'a> {
    llm: Option<BoundCallback<'a>>,
    embed: Option<BoundCallback<'a>>,
    retrieve: Option<BoundCallback<'a>>,
    generate: Option<BoundCallback<'a>>,
}

impl Bound<'_> {
    /// The callbacks as the core's traits.
    #[cfg_attr(not(feature = "models"), allow(dead_code))]
    pub(crate) fn models(&self) -> Models<'_> {
        Models {
            llm: self.llm.as_ref().map(|c| c as &dyn Llm),
            embed: self.embed.as_ref().map(|c| c as &dyn Embedder),
            retrieve: self.retrieve.as_ref().map(|c| c as &dyn Retriever),
            generate: self.generate.as_ref().map(|c| c as &dyn Generator),
        }
    }
}

impl BoundCallback<'_> {
    /// Calls the callback with `(first, options)`, `options` gaining `signal`; timed when
    /// the operation records timings.
    async fn call(
        &self,
        first: &JsValue,
        options: &Object,
        purpose: Option<&'static str>,
    ) -> Result<JsValue, ModelError> {
        let started = self.recorder.map(|r| r.start(self.cb.name, purpose));
        let result = self.cb.call(first, options).await;
        if let (Some(r), Some(started)) = (self.recorder, started) {
            let outcome = match &result {
                Ok(_) => "ok",
                Err(e) => e.kind.as_str(),
            };
            r.finish(started, outcome);
        }
        result
    }

    async fn call_for_string(
        &self,
        first: &JsValue,
        options: &Object,
        purpose: Option<&'static str>,
    ) -> Result<String, ModelError> {
        let value = self.call(first, options, purpose).await?;
        value.as_string().ok_or_else(|| {
            ModelError::shape(format!(
                "{} must return a string (or a promise of one), got {}",
                self.cb.name,
                type_name(&value)
            ))
        })
    }
}

/// `typeof value`, with `null` and arrays told apart. Runs no getter or Proxy trap that
/// could throw through the module.
fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if value.is_object() && !super::read::is_record(value) {
        "an array".into()
    } else {
        value
            .js_typeof()
            .as_string()
            .unwrap_or_else(|| "unknown".into())
    }
}

/// The message of a thrown or rejected value: its `message` property when that is a
/// string, a string as it is, otherwise the value as JSON or its type. Every read goes
/// through a `catch` import: a `message` getter that throws, or a Proxy, cannot throw
/// through the module (which would leave a promise unsettled).
pub(crate) fn message_of(value: &JsValue) -> String {
    if let Some(s) = value.as_string() {
        return s;
    }
    if value.is_object() {
        if let Some(m) = Reflect::get(value, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
        {
            return m;
        }
    }
    js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| format!("a thrown {}", type_name(value)))
}

impl JsCallback {
    /// Calls the callback with `(first, options)` and awaits its result, at most
    /// `timeout_ms`. `options` gets a fresh `signal`, aborted if the call times out.
    async fn call(&self, first: &JsValue, options: &Object) -> Result<JsValue, ModelError> {
        let controller = web_sys::AbortController::new().ok();
        if let Some(c) = &controller {
            let _ = Reflect::set(options, &JsValue::from_str("signal"), &c.signal());
        }
        let returned = self
            .func
            .call2(&JsValue::NULL, first, options)
            .map_err(|e| ModelError::error(message_of(&e)))?;
        let promise = Promise::resolve(&returned);
        let global = js_sys::global();
        let set_timeout = Reflect::get(&global, &JsValue::from_str("setTimeout"))
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok());
        let Some(set_timeout) = set_timeout else {
            // No timers in this host: wait without a timeout.
            return JsFuture::from(promise)
                .await
                .map_err(|e| ModelError::error(message_of(&e)));
        };
        let marker: JsValue = js_sys::Error::new("timeout").into();
        let timer = Rc::new(RefCell::new(JsValue::UNDEFINED));
        let timer_in = timer.clone();
        let ms = JsValue::from(self.timeout_ms);
        let mark = marker.clone();
        let timeout = Promise::new(&mut |_resolve, reject| {
            let id = set_timeout
                .call3(&global, &reject, &ms, &mark)
                .unwrap_or(JsValue::UNDEFINED);
            *timer_in.borrow_mut() = id;
        });
        let race = Promise::race(&Array::of2(&promise, &timeout));
        let result = JsFuture::from(race).await;
        if let Some(clear) = Reflect::get(&global, &JsValue::from_str("clearTimeout"))
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok())
        {
            let _ = clear.call1(&global, &timer.borrow());
        }
        result.map_err(|e| {
            if Object::is(&e, &marker) {
                let err = ModelError::timeout(self.name, self.timeout_ms);
                if let Some(c) = &controller {
                    // Cancel whatever the callback is still doing (a fetch given the
                    // signal rejects with this reason).
                    let reason = js_sys::Error::new(&err.message);
                    reason.set_name("TimeoutError");
                    c.abort_with_reason(&reason);
                }
                err
            } else {
                ModelError::error(message_of(&e))
            }
        })
    }
}

fn object(pairs: &[(&str, JsValue)]) -> Object {
    let o = Object::new();
    for (k, v) in pairs {
        let _ = Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o
}

impl Llm for BoundCallback<'_> {
    fn complete<'a>(&'a self, prompt: &'a str, options: &'a LlmOptions) -> ModelFuture<'a, String> {
        Box::pin(async move {
            let opts = object(&[
                ("purpose", JsValue::from_str(options.purpose.as_str())),
                ("maxTokens", JsValue::from(options.max_tokens)),
            ]);
            self.call_for_string(
                &JsValue::from_str(prompt),
                &opts,
                Some(options.purpose.as_str()),
            )
            .await
        })
    }
}

impl Generator for BoundCallback<'_> {
    fn generate<'a>(
        &'a self,
        prompt: &'a str,
        options: &'a GenerateOptions,
    ) -> ModelFuture<'a, String> {
        Box::pin(async move {
            let opts = object(&[
                ("attempt", JsValue::from(options.attempt as u32)),
                ("mode", JsValue::from_str(options.mode.as_str())),
            ]);
            self.call_for_string(&JsValue::from_str(prompt), &opts, None)
                .await
        })
    }
}

impl Retriever for BoundCallback<'_> {
    fn retrieve<'a>(
        &'a self,
        query: &'a str,
        options: &'a RetrieveOptions,
    ) -> ModelFuture<'a, Vec<Source>> {
        Box::pin(async move {
            let scope = match &options.scope {
                None => JsValue::NULL,
                Some(scope) => to_js(scope).unwrap_or(JsValue::NULL),
            };
            let opts = object(&[("k", JsValue::from(options.k as u32)), ("scope", scope)]);
            let value = self.call(&JsValue::from_str(query), &opts, None).await?;
            if !value.is_object() || super::read::is_record(&value) {
                return Err(ModelError::shape(format!(
                    "retrieve must return an array of sources, got {}",
                    type_name(&value)
                )));
            }
            from_js::<Vec<Source>>(value, "retrieve()")
                .map_err(|e| ModelError::shape(message_of(&e)))
        })
    }
}

impl Embedder for BoundCallback<'_> {
    fn embed<'a>(&'a self, texts: &'a [String]) -> ModelFuture<'a, Vec<Vec<f32>>> {
        Box::pin(async move {
            let list: Array = texts.iter().map(|t| JsValue::from_str(t)).collect();
            let value = self.call(&list, &Object::new(), None).await?;
            if !value.is_object() || super::read::is_record(&value) {
                return Err(ModelError::shape(format!(
                    "embed must return an array of vectors, got {}",
                    type_name(&value)
                )));
            }
            let len = Reflect::get(&value, &JsValue::from_str("length"))
                .map_err(|e| {
                    ModelError::shape(format!(
                        "embed's result: reading length threw ({})",
                        message_of(&e)
                    ))
                })?
                .as_f64()
                .filter(|n| n.fract() == 0.0 && *n >= 0.0 && *n <= texts.len() as f64)
                .ok_or_else(|| {
                    ModelError::shape(format!(
                        "embed must return one vector per text ({} texts)",
                        texts.len()
                    ))
                })? as u32;
            let mut out = Vec::with_capacity(len as usize);
            for i in 0..len {
                let item = Reflect::get_u32(&value, i).map_err(|e| {
                    ModelError::shape(format!(
                        "embed's result: reading [{i}] threw ({})",
                        message_of(&e)
                    ))
                })?;
                out.push(vector(&item, i as usize)?);
            }
            Ok(out)
        })
    }
}

/// Most numbers in one embedding.
const MAX_DIMENSIONS: usize = 65_536;

/// One embedding: a `Float32Array`, a `Float64Array` or an array of finite numbers.
/// Arrays are read through the boundary reader (no getter or Proxy trap can throw
/// through the module).
fn vector(item: &JsValue, i: usize) -> Result<Vec<f32>, ModelError> {
    if js_sys::ArrayBuffer::is_view(item) {
        // A real typed array (a Proxy has no typed-array slot and is read below).
        if let Some(a) = item.dyn_ref::<js_sys::Float32Array>() {
            return Ok(a.to_vec());
        }
        if let Some(a) = item.dyn_ref::<js_sys::Float64Array>() {
            return Ok(a.to_vec().into_iter().map(|x| x as f32).collect());
        }
    }
    let budget = super::read::ReadBudget {
        values: MAX_DIMENSIONS + 1,
        // Room to read a wrong-typed vector and say what is wrong with it.
        units: 1 << 16,
        whole_utf16: false,
    };
    let value = super::read::read_plain(item, &format!("embed()[{i}]"), budget)
        .map_err(|e| ModelError::shape(message_of(&e)))?;
    let serde_json::Value::Array(numbers) = value else {
        return Err(ModelError::shape(format!(
            "embed must return arrays of numbers or Float32Arrays; item {i} is {}",
            type_name(item)
        )));
    };
    numbers
        .iter()
        .enumerate()
        .map(|(j, x)| {
            x.as_f64().map(|x| x as f32).ok_or_else(|| {
                ModelError::shape(format!(
                    "embed returned {x} at [{i}][{j}], expected a number"
                ))
            })
        })
        .collect()
}

/// `Date.now()`.
#[cfg_attr(not(feature = "models"), allow(dead_code))]
pub(crate) struct DateClock;

impl Clock for DateClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}
