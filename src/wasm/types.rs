//! TypeScript declarations for the plain objects that cross the boundary.
//!
//! The data types (config and options, input, sources, the report and its parts, events,
//! the answer result, cache policy, …) are generated from the Rust types by
//! `src/typegen.rs` into `generated.d.ts` (`UPDATE_TYPES=1 cargo test typegen` rewrites
//! it; `cargo test` fails when it is stale). Written here by hand: the objects that only
//! the binding reads or builds (the options of `extractCitations()`, its result, the
//! error); beside their code, the callbacks (`callbacks.rs`), the stage timings
//! (`timings.rs`), the cache helpers' options (`cache.rs`) and the streaming validator's
//! options (`stream.rs`). `tsc --noEmit` over a usage example in the JS tests checks
//! that they describe what the module really returns.

use wasm_bindgen::prelude::*;

/// The generated declarations, one per type.
#[wasm_bindgen(typescript_custom_section)]
const GENERATED: &'static str = include_str!("generated.d.ts");

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** What `extractCitations()` returns. */
export interface CitationExtraction {
  total: number;
  citations: Citation[];
}

/** The options of `extractCitations()`. */
export interface ExtractCitationsOptions {
  styles?: CitationStyle[];
  indexBase?: 0 | 1;
  /** As `config.citations.patterns`; errors name `options.patterns[i]`. */
  patterns?: string[];
  /** Needed to resolve id and chapter markers and to judge `valid`. */
  sources?: Source[];
}

/** Errors thrown by groundcheck are real `Error`s with a stable code and the field at fault. */
export interface GroundcheckError extends Error {
  code: "MISSING_FIELD" | "INVALID_TYPE" | "INVALID_VALUE" | "TOO_SHORT" | "TOO_LONG"
      | "UNKNOWN_FIELD" | "EMPTY_DECISION" | "UNKNOWN_DECISION" | "AMBIGUOUS_DECISION"
      | "INVALID_CALLBACK" | "TOO_DEEP" | "INVALID_INPUT" | "STREAM_FINISHED"
      | "USED_AFTER_FREE" | "STALE_OBJECT" | "INTERNAL_ERROR" | "MODULE_UNAVAILABLE"
      | "NOT_INITIALIZED";
  field: string | null;
}
"#;
