//! The JavaScript binding of streaming validation: `new StreamingValidator({ question,
//! sources, checksums?, config? })`, `push(delta)` → `StreamEvent[]`, `finish()` →
//! `Report`, and the `text` received so far.

use std::collections::BTreeMap;

use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::convert::{into_error, js_to_json, to_js};
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

export type SegmentKind = "sentence" | "listItem" | "heading" | "codeBlock" | "tableRow";

/** A complete segment of a streamed answer. */
export interface StreamSegment {
  /** Position among the answer's segments (0-based). */
  index: number;
  /** The segment's text, trimmed. */
  text: string;
  /** Where it is in the whole answer (UTF-16 code units). */
  span: Span;
  kind: SegmentKind;
}

/** One segment that can no longer change, with the claims and findings inside it. */
export interface StreamEvent {
  segment: StreamSegment;
  /** The claims inside the segment, exactly as the final report will have them. */
  claims: Claim[];
  /** The findings inside the segment, exactly as the final report will have them. */
  warnings: Warning[];
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
    #[serde(default)]
    config: Option<serde_json::Value>,
}

/// Validates an answer while it streams in: `push(delta)` returns the events of the
/// segments that became complete; `finish()` returns the report `check()` gives for the
/// whole answer.
#[wasm_bindgen(js_name = StreamingValidator)]
pub struct JsStreamingValidator {
    inner: crate::StreamingValidator,
}

#[wasm_bindgen(js_class = StreamingValidator)]
impl JsStreamingValidator {
    /// Starts a stream. Throws a coded `Error` for bad input or configuration, as
    /// `check()` and `new Validator()` do.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "StreamingValidatorOptions")] options: JsValue,
    ) -> Result<JsStreamingValidator, JsValue> {
        if !options.is_object() {
            return Err(into_error(&Error::field(
                ErrorCode::InvalidType,
                "options",
                "options must be an object { question, sources, checksums?, config? }",
            )));
        }
        let json = js_to_json(options, "options")?;
        let opts: Options = serde_path_to_error::deserialize(json)
            .map_err(|e| into_error(&Error::from_deserialize(e, "")))?;
        let config = match opts.config {
            None | Some(serde_json::Value::Null) => Config::default(),
            Some(v) => Config::from_deserializer(v).map_err(|e| into_error(&e))?,
        };
        let validator = crate::Validator::new(config).map_err(|e| into_error(&e))?;
        let inner =
            crate::StreamingValidator::new(validator, opts.question, opts.sources, opts.checksums)
                .map_err(|e| into_error(&e))?;
        Ok(JsStreamingValidator { inner })
    }

    /// Appends `delta` and returns the events of the segments it completed (often none).
    /// Throws `TOO_LONG` (field `answer`) past `config.limits.maxAnswerLength`.
    #[wasm_bindgen(unchecked_return_type = "StreamEvent[]")]
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] delta: JsValue,
    ) -> Result<JsValue, JsValue> {
        let delta = delta.as_string().ok_or_else(|| {
            into_error(&Error::field(
                ErrorCode::InvalidType,
                "delta",
                "delta must be a string",
            ))
        })?;
        let events = self.inner.push(&delta).map_err(|e| into_error(&e))?;
        to_js(&events)
    }

    /// The report of the whole answer received so far: exactly what `check()` returns
    /// for it.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn finish(&self) -> Result<JsValue, JsValue> {
        let report = self.inner.finish().map_err(|e| into_error(&e))?;
        to_js(&report)
    }

    /// The answer received so far.
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.inner.text().to_string()
    }
}
