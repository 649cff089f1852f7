//! The JavaScript binding (compiled only for wasm32). Everything that knows about
//! JavaScript lives here; it converts inputs, calls the core and converts results.

mod cache;
mod callbacks;
mod convert;
mod events;
#[cfg(feature = "models")]
mod pipeline;
mod policy;
mod read;
pub mod stream;
// Stage timings are recorded by validate() and answer() only (the `models` feature).
#[cfg_attr(not(feature = "models"), allow(dead_code))]
mod timings;
mod types;
mod warm;

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::citation::CitationOptions;
use crate::context::AnswerContext;
use crate::error::{Error, ErrorCode};
use crate::source::Source;
use crate::{CheckInput, Config};
use convert::{from_js, into_error, js_to_json, to_js};

pub use cache::{cache_key, cache_policy, JsResponseCache};

thread_local! {
    /// The core validator of every `new Validator()` with the default configuration.
    static DEFAULT_VALIDATOR: Rc<crate::Validator> = Rc::new(crate::Validator::default());
}

/// The keys a `new Validator(options)` object may have.
const OPTION_KEYS: &[&str] = &[
    "config", "llm", "embed", "retrieve", "generate", "onEvent", "trace",
];

/// Validates answers against their sources.
/// `new Validator({ llm, embed, retrieve, generate, config })`, every key optional.
#[wasm_bindgen(js_name = Validator)]
pub struct JsValidator {
    inner: Rc<crate::Validator>,
    callbacks: Rc<callbacks::Callbacks>,
    cache: Rc<RefCell<crate::cache::ResponseCache<crate::answer_loop::AnswerResult>>>,
}

#[wasm_bindgen(js_class = Validator)]
impl JsValidator {
    /// Builds a validator. Throws a coded `Error` for an unknown option, a bad
    /// configuration value, or a callback that is not a function (`INVALID_CALLBACK`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "ValidatorOptions")] options: Option<
            JsValue,
        >,
    ) -> Result<JsValidator, JsValue> {
        let options = options.unwrap_or(JsValue::UNDEFINED);
        let config = if options.is_undefined() || options.is_null() {
            Config::default()
        } else {
            if !read::is_record(&options) {
                return Err(into_error(&Error::field(
                    ErrorCode::InvalidType,
                    "options",
                    "options must be an object { llm?, embed?, retrieve?, generate?, config? }",
                )));
            }
            check_keys(&options, OPTION_KEYS, "options")?;
            let config = read::get_option(&options, "config", "options")?;
            if config.is_undefined() || config.is_null() {
                Config::default()
            } else {
                Config::from_json(js_to_json(config, "config")?)?
            }
        };
        let mut callbacks = callbacks::Callbacks::from_options(&options, config.timeout_ms)?;
        callbacks.timings = trace_timings(&options)?;
        let cache = crate::cache::ResponseCache::new(config.cache.max_entries);
        // Validators with the default configuration share one core validator, so an
        // unfreed wrapper (until the garbage collector frees it) holds a few pointers, not
        // a configuration of its own.
        let inner = if config == Config::default() {
            DEFAULT_VALIDATOR.with(Rc::clone)
        } else {
            Rc::new(crate::Validator::new(config)?)
        };
        Ok(JsValidator {
            inner,
            callbacks: Rc::new(callbacks),
            cache: Rc::new(RefCell::new(cache)),
        })
    }

    /// The cache `answer()` consults: stats and invalidation.
    #[wasm_bindgen(getter)]
    pub fn cache(&self) -> JsResponseCache {
        JsResponseCache::new(self.cache.clone())
    }

    /// Runs every deterministic check on `{ question, answer, sources }` and returns
    /// the report. Synchronous. Throws a coded `Error` for bad input.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn check(
        &self,
        #[wasm_bindgen(unchecked_param_type = "CheckInput")] input: JsValue,
    ) -> Result<JsValue, JsValue> {
        let input: CheckInput = parse_input(input, &self.inner.config().limits)?;
        let report = self.inner.check(&input)?;
        let blocking = &self.inner.config().gate.blocking;
        self.callbacks.events.report(&report, "check", blocking);
        to_js(&report)
    }

    /// Running totals of every decision, mismatch and loop step this validator saw
    /// (decisions and mismatches by kind, corrective retrievals and their successes).
    #[wasm_bindgen(getter, unchecked_return_type = "Counters")]
    pub fn counters(&self) -> Result<JsValue, JsValue> {
        self.callbacks.events.counters()
    }

    /// The configuration in force, with every default filled in.
    #[wasm_bindgen(getter, unchecked_return_type = "Config")]
    pub fn config(&self) -> Result<JsValue, JsValue> {
        to_js(self.inner.config())
    }
}

/// The model-callback machinery: built only with the `models` feature (the default).
/// The package ships the module twice: without it (`groundcheck_bg.wasm`, what `check()`,
/// streaming and the helpers need) and with it (`groundcheck_loop_bg.wasm`), which the
/// JS entry points load on the first `validate()` or `answer()` (js/split.js).
#[cfg(feature = "models")]
#[wasm_bindgen(js_class = Validator)]
impl JsValidator {
    /// The checks plus the model judges (relevance, support, usefulness, claim
    /// extraction and verification) through the callbacks. A failing callback gives
    /// `complete: false` and a `JUDGE_FAILED` warning; the promise rejects only for bad
    /// input.
    #[wasm_bindgen(unchecked_return_type = "Promise<Report>")]
    pub fn validate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "CheckInput")] input: JsValue,
    ) -> js_sys::Promise {
        pipeline::validate(self.inner.clone(), self.callbacks.clone(), input)
    }

    /// The loop: retrieve, generate, validate, retry or clarify or escalate.
    /// `answer({ question, scope, mode })`; needs `retrieve` and `generate` (or `llm`).
    #[wasm_bindgen(unchecked_return_type = "Promise<AnswerResult>")]
    pub fn answer(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AnswerInput")] input: JsValue,
    ) -> js_sys::Promise {
        pipeline::answer(
            self.inner.clone(),
            self.callbacks.clone(),
            self.cache.clone(),
            input,
        )
    }
}

/// `options.trace`: `{ timings?: boolean }`, absent meaning no timings.
fn trace_timings(options: &JsValue) -> Result<bool, JsValue> {
    if !options.is_object() {
        return Ok(false);
    }
    let trace = read::get_option(options, "trace", "options")?;
    if trace.is_undefined() || trace.is_null() {
        return Ok(false);
    }
    if !read::is_record(&trace) {
        return Err(into_error(&Error::field(
            ErrorCode::InvalidType,
            "options.trace",
            "options.trace must be an object { timings?: boolean }",
        )));
    }
    check_keys(&trace, &["timings"], "options.trace")?;
    let timings = read::get_option(&trace, "timings", "options.trace")?;
    if timings.is_undefined() || timings.is_null() {
        return Ok(false);
    }
    timings.as_bool().ok_or_else(|| {
        into_error(&Error::field(
            ErrorCode::InvalidType,
            "options.trace.timings",
            "options.trace.timings must be a boolean",
        ))
    })
}

fn parse_input(input: JsValue, limits: &crate::Limits) -> Result<CheckInput, JsValue> {
    if !read::is_record(&input) {
        return Err(into_error(&Error::field(
            ErrorCode::InvalidType,
            "input",
            "the input must be an object { question, answer, sources }",
        )));
    }
    let json = read::read_plain(&input, "", read::ReadBudget::for_limits(limits))?;
    CheckInput::from_json(json, limits).map_err(JsValue::from)
}

/// Rejects keys of `obj` that are not in `allowed` (a typo must not pass silently).
fn check_keys(obj: &JsValue, allowed: &[&str], prefix: &str) -> Result<(), JsValue> {
    let keys = read::keys_of(obj).map_err(|e| {
        into_error(&Error::field(
            ErrorCode::InvalidInput,
            prefix,
            format!(
                "{prefix} could not be read: listing its keys threw ({}); pass plain data",
                callbacks::message_of(&e)
            ),
        ))
    })?;
    for key in keys.iter() {
        let k = key.as_string().unwrap_or_default();
        if !allowed.contains(&k.as_str()) {
            return Err(into_error(&Error::field(
                ErrorCode::UnknownField,
                format!("{prefix}.{k}"),
                format!(
                    "{prefix}.{k} is not an option; allowed: {}",
                    allowed.join(", ")
                ),
            )));
        }
    }
    Ok(())
}

/// Options of `extractCitations`.
#[derive(serde::Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ExtractOptions {
    #[serde(default)]
    styles: Option<Vec<crate::CitationStyle>>,
    #[serde(default)]
    index_base: Option<u32>,
    #[serde(default)]
    patterns: Option<crate::patterns::Patterns>,
    #[serde(default)]
    sources: Vec<Source>,
}

/// Finds the citation markers of an answer: `extractCitations(answer, { styles,
/// indexBase, sources })`. With `sources`, each marker says whether it resolves.
#[wasm_bindgen(js_name = extractCitations, unchecked_return_type = "CitationExtraction")]
pub fn extract_citations(
    #[wasm_bindgen(unchecked_param_type = "string")] answer: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ExtractCitationsOptions")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    let answer = string_arg(&answer, "answer")?;
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let opts: ExtractOptions = if options.is_undefined() || options.is_null() {
        ExtractOptions::default()
    } else {
        from_js(options, "options")?
    };
    let mut copts = CitationOptions::default();
    if let Some(styles) = opts.styles {
        copts.styles = styles;
    }
    if let Some(base) = opts.index_base {
        copts.index_base = base;
    }
    if let Some(patterns) = opts.patterns {
        copts.patterns = patterns;
    }
    copts.validate("options")?;
    let ctx = AnswerContext::new(&answer);
    let mut seen = std::collections::BTreeMap::new();
    for (i, s) in opts.sources.iter().enumerate() {
        if let Some(first) = seen.insert(s.id.as_str(), i) {
            return Err(into_error(&Error::field(
                ErrorCode::InvalidValue,
                format!("options.sources[{i}].id"),
                format!(
                    "options.sources[{i}].id \"{}\" repeats options.sources[{first}].id; ids must be unique",
                    s.id
                ),
            )));
        }
    }
    let citations = crate::citation::extract_citations(&ctx, &opts.sources, &copts);
    #[derive(serde::Serialize)]
    struct Out {
        total: usize,
        citations: Vec<crate::Citation>,
    }
    to_js(&Out {
        total: citations.len(),
        citations,
    })
}

/// Parses a critic's verdict: `parseDecision("RETRY: weak evidence")` gives
/// `{ decision: "RETRY", reason: "weak evidence" }`. Throws a coded `Error`
/// (`EMPTY_DECISION`, `UNKNOWN_DECISION`, `AMBIGUOUS_DECISION`) instead of guessing.
#[wasm_bindgen(js_name = parseDecision, unchecked_return_type = "ParsedDecision")]
pub fn parse_decision(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsValue> {
    let text = string_arg(&text, "text")?;
    let parsed = crate::parse_decision(&text)?;
    to_js(&parsed)
}

/// Where, and how well, `snippet` appears in `content`: exact, then normalised (case,
/// whitespace, quotes, dashes, compatibility forms), then fuzzy alignment.
/// `verifySnippet(snippet, content, { threshold, exactTokens, maxFuzzyWork })`.
#[wasm_bindgen(js_name = verifySnippet, unchecked_return_type = "SnippetMatch")]
pub fn verify_snippet(
    #[wasm_bindgen(unchecked_param_type = "string")] snippet: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] content: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SnippetOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let snippet = string_arg(&snippet, "snippet")?;
    let content = string_arg(&content, "content")?;
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let opts: crate::evidence::SnippetOptions = if options.is_undefined() || options.is_null() {
        crate::evidence::SnippetOptions::default()
    } else {
        from_js(options, "options")?
    };
    if !(0.0..=1.0).contains(&opts.threshold) {
        return Err(into_error(&Error::field(
            ErrorCode::InvalidValue,
            "options.threshold",
            format!(
                "options.threshold must be between 0 and 1, got {}",
                opts.threshold
            ),
        )));
    }
    to_js(&crate::evidence::verify_snippet(&snippet, &content, &opts))
}

/// Installs the panic hook when the module is instantiated (and re-instantiated).
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!("groundcheck: the module panicked: {info}"));
    }));
}

#[wasm_bindgen]
extern "C" {
    /// `console.error`, for the panic hook (a panic aborts, so the message would be lost).
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Asks the JS glue to build a fresh instance of the module before the next call. The JS
/// entry points call it after the module trapped; it touches no memory of its own, so it
/// runs even in an instance whose stack is spent.
#[wasm_bindgen(js_name = __scheduleReset, skip_typescript)]
pub fn schedule_reset() {
    wasm_bindgen::handler::schedule_reinit();
}

/// Makes the module trap the way deep input once did: by overflowing the wasm stack, or
/// with `"panic"`, by panicking (the panic hook prints the message). For the tests that
/// prove the JS entry points recover; nothing else calls it.
#[wasm_bindgen(js_name = __selfTestTrap, skip_typescript)]
#[allow(
    clippy::panic,
    reason = "the one deliberate panic: the JS tests prove recovery from a trap with it"
)]
pub fn self_test_trap(kind: JsValue) -> u32 {
    if kind.as_string().as_deref() == Some("panic") {
        panic!("self-test panic");
    }
    fn down(n: u32) -> u32 {
        if n == u32::MAX {
            return 0;
        }
        let frame = std::hint::black_box([n; 64]);
        down(std::hint::black_box(n + 1)).wrapping_add(frame[63])
    }
    down(0)
}

/// The library's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

fn string_arg(value: &JsValue, name: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        into_error(&Error::field(
            ErrorCode::InvalidType,
            name,
            format!("{name} must be a string"),
        ))
    })
}
