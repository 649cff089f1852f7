//! groundcheck: checks an answer produced by retrieval-augmented generation against the
//! sources that were retrieved for it, and says how far it can be trusted.
//!
//! The core (everything outside `wasm`) is plain, deterministic Rust: no clock, no
//! randomness, no I/O. The `wasm` module, compiled only for `wasm32`, is the JavaScript
//! binding.
//!
//! ```
//! use groundcheck::{CheckInput, Source, Validator, WarningKind};
//!
//! let input = CheckInput {
//!     question: "What is the capital of France?".into(),
//!     answer: "Paris is the capital of France [1]. It has 2.1 million residents [4].".into(),
//!     sources: vec![
//!         Source::new("geo", "Paris is the capital and largest city of France."),
//!         Source::new("pop", "Paris has about 2.1 million residents."),
//!     ],
//!     ..CheckInput::default()
//! };
//! let report = Validator::default().check(&input).expect("valid input");
//! assert_eq!(report.citations.out_of_range, 1);
//! assert!(report.warnings.iter().any(|w| w.kind == WarningKind::CitationOutOfRange));
//! ```
#![deny(missing_docs)]
// The core's discipline, kept by the compiler: no `unwrap`, `expect` or `panic!` outside
// tests (a failure is an `Error` or a finding; in the wasm a panic would abort the module).
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod answer_loop;
pub mod cache;
pub mod citation;
pub mod claims;
pub mod confidence;
pub mod config;
pub mod context;
pub mod decision;
pub mod error;
pub mod events;
pub mod evidence;
pub mod gate;
pub mod input;
pub mod judges;
pub mod model;
pub mod patterns;
pub mod report;
pub mod scope;
pub mod source;
pub mod stream;
pub mod strict;
pub mod text;
#[cfg(test)]
mod typegen;
pub mod validator;
pub mod verdict;
pub mod warning;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use answer_loop::{answer, AnswerInput, AnswerResult, Attempt};
pub use cache::{cache_key, cache_policy, CachePolicy, ResponseCache};
pub use citation::{Citation, CitationOptions, CitationStyle};
pub use config::{Config, Limits};
pub use decision::{parse_decision, Decision, ParsedDecision};
pub use error::{Error, ErrorCode, Result};
pub use input::CheckInput;
pub use model::{Clock, Embedder, Generator, Llm, Mode, ModelError, Models, Retriever};
pub use report::{Report, Warning, WarningKind};
pub use scope::{Scope, ScopeFilter};
pub use source::Source;
pub use stream::{StreamEvent, StreamSegment, StreamWork, StreamingValidator};
pub use validator::Validator;
