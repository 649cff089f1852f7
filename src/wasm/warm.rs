//! Warm start: one small check when the module is instantiated.
//!
//! V8 compiles WebAssembly lazily, function by function on first call, and runs it in
//! its baseline tier until the function proves hot. Without this the first `check()`
//! after `init()` paid for compiling every function a check touches (81–99 ms for W1
//! against a steady 15 ms, issue 14). `warm_up` runs the same path as
//! `Validator.check()` (input conversion, every deterministic check, the report's
//! conversion back to JavaScript) on a small answer with a citation, a quote, a misquote,
//! inline code and a line reference, so that cost moves into instantiation.

use wasm_bindgen::prelude::*;

/// A small input that reaches every stage of a check: citations (one out of range), a
/// verified quote and a misquote (exact, normalised and fuzzy snippet stages), inline
/// code and a field, a line reference, a number, a name and a negation for the claims.
const INPUT: &str = r#"{
  "question": "How does the retriever rank chunks, and what is the default topK?",
  "answer": "The retriever \"returns the topK chunks, ranked by score\" [1]. By default `topK` is 5 and the threshold is 0.75 [1]. Results below it are not kept [2]. The docs say \"results below the threshold are always kept\" [1]. See retriever.ts:2-3 for the ranking [2]. Maria Lindqvist wrote it in 2019 [3].",
  "sources": [
    { "id": "docs", "title": "Retriever", "content": "The retriever returns the topK chunks, ranked by score. By default topK is 5 and the threshold is 0.75; results below it are not kept." },
    { "id": "code", "path": "src/retriever.ts", "startLine": 1, "endLine": 3, "content": "export function rank(chunks, topK = 5) {\n  return chunks.sort((a, b) => b.score - a.score).slice(0, topK);\n}" }
  ]
}"#;

/// Runs one check on [`INPUT`] through the exported `Validator`, discarding the report.
/// Called by the glue right after instantiation (`init()`, `initSync()`, `groundcheck/node`).
#[wasm_bindgen(start, private)]
fn warm_up() {
    let Ok(input) = js_sys::JSON::parse(INPUT) else {
        return;
    };
    if let Ok(v) = super::JsValidator::new(None) {
        let _ = v.check(input);
    }
}
