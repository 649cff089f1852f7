//! The JavaScript binding of streaming validation: `new StreamingValidator({ question,
//! sources, checksums?, config? })`, `push(delta)` → `StreamEvent[]`, `finish()` →
//! `Report`, and the `text` received so far.

use std::collections::BTreeMap;

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use js_sys::JsString;
use wasm_bindgen::JsCast;

use super::convert::{into_error, js_to_json, to_js};
use super::read;
use crate::error::{Error, ErrorCode};
use crate::source::Source;
use crate::Config;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** What `new StreamingValidator()` takes: `check()`'s input without the answer, plus a config. */
export interface StreamingValidatorOptions {
  question: string;
  sources: Source[];
  /** Expected checksum by source id (a source with another `checksum` is stale). */
  checksums?: Record<string, string>;
  /** As `new Validator({ config })`. */
  config?: Config;
}
"#;

/// The options of the constructor; unknown keys are an error, as in `check()`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Options {
    question: String,
    sources: Vec<Source>,
    #[serde(default)]
    checksums: BTreeMap<String, String>,
    /// Read before the rest (see `new`); here only so that the key is known.
    #[serde(default)]
    #[allow(dead_code)]
    config: Option<serde_json::Value>,
}

/// Validates an answer while it streams in: `push(delta)` returns the events of the
/// segments that became complete; `report()` gives the report of the text so far;
/// `finish()` returns the report `check()` gives for the whole answer and ends the stream,
/// releasing its buffers (an unfreed, finished wrapper holds a few bytes).
#[wasm_bindgen(js_name = StreamingValidator)]
pub struct JsStreamingValidator {
    /// `None` once `finish()` has run. Boxed, so that a finished wrapper that is never
    /// freed holds a few bytes, not the validator's configuration.
    inner: Option<Box<crate::StreamingValidator>>,
    /// A high surrogate that ended the last delta: held back until the next delta brings
    /// its low half, so a pair split across two pushes is one character, as in `check()`.
    pending: Option<u16>,
}

#[wasm_bindgen(js_class = StreamingValidator)]
impl JsStreamingValidator {
    /// Starts a stream. Throws a coded `Error` for bad input or configuration, as
    /// `check()` and `new Validator()` do.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "StreamingValidatorOptions")] options: JsValue,
    ) -> Result<JsStreamingValidator, JsValue> {
        if !read::is_record(&options) {
            return Err(into_error(&Error::field(
                ErrorCode::InvalidType,
                "options",
                "options must be an object { question, sources, checksums?, config? }",
            )));
        }
        // The config first: its limits bound how much of the rest may be read.
        let config = read::get_option(&options, "config", "options")?;
        let config = if config.is_undefined() || config.is_null() {
            Config::default()
        } else {
            let json = js_to_json(config, "config")?;
            Config::from_json(json)?
        };
        let json = read::read_plain(&options, "", read::ReadBudget::for_limits(&config.limits))?;
        let opts: Options = crate::strict::read(json, "")?;
        let validator = crate::Validator::new(config)?;
        let inner =
            crate::StreamingValidator::new(validator, opts.question, opts.sources, opts.checksums)?;
        Ok(JsStreamingValidator {
            inner: Some(Box::new(inner)),
            pending: None,
        })
    }

    /// Appends `delta` and returns the events of the segments it completed (often none).
    /// Throws `TOO_LONG` (field `answer`) past `config.limits.maxAnswerLength`, and
    /// `STREAM_FINISHED` after `finish()`.
    #[wasm_bindgen(unchecked_return_type = "StreamEvent[]")]
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] delta: JsValue,
    ) -> Result<JsValue, JsValue> {
        let Some(delta) = delta.dyn_ref::<JsString>() else {
            return Err(into_error(&Error::field(
                ErrorCode::InvalidType,
                "delta",
                "delta must be a string",
            )));
        };
        let mut units: Vec<u16> = Vec::with_capacity(delta.length() as usize + 1);
        units.extend(self.pending);
        units.extend(delta.iter());
        let held = match units.last() {
            Some(&u) if (0xD800..0xDC00).contains(&u) => units.pop(),
            _ => None,
        };
        let text = String::from_utf16_lossy(&units);
        let inner = self.inner_mut()?;
        let events = inner.push(&text)?;
        self.pending = held;
        to_js(&events)
    }

    /// The report of the text received so far (what `check()` returns for it), without
    /// ending the stream: for a live score while the answer streams.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn report(&self) -> Result<JsValue, JsValue> {
        let report = self.inner_ref()?.finish()?;
        to_js(&report)
    }

    /// Ends the stream: the report of the whole answer, exactly what `check()` returns for
    /// it. Releases the stream's buffers; `push()`, `report()`, `finish()` and `text`
    /// throw `STREAM_FINISHED` afterwards.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn finish(&mut self) -> Result<JsValue, JsValue> {
        if let Some(high) = self.pending.take() {
            // The stream ended inside a surrogate pair: the lone half reads as U+FFFD,
            // as it would in `check()`.
            let lone = String::from_utf16_lossy(&[high]);
            self.inner_mut()?.push(&lone)?;
        }
        let inner = self.inner.take().ok_or_else(finished)?;
        let report = inner.finish()?;
        to_js(&report)
    }

    /// The answer received so far.
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> Result<String, JsValue> {
        let mut text = self.inner_ref()?.text().to_string();
        if let Some(high) = self.pending {
            text.push_str(&String::from_utf16_lossy(&[high]));
        }
        Ok(text)
    }
}

impl JsStreamingValidator {
    fn inner_ref(&self) -> Result<&crate::StreamingValidator, JsValue> {
        self.inner.as_deref().ok_or_else(finished)
    }

    fn inner_mut(&mut self) -> Result<&mut crate::StreamingValidator, JsValue> {
        self.inner.as_deref_mut().ok_or_else(finished)
    }
}

fn finished() -> JsValue {
    into_error(&Error::new(
        ErrorCode::StreamFinished,
        "this stream has finished: finish() ended it and released its text; start a new StreamingValidator",
    ))
}
