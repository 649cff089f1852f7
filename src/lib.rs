//! groundcheck: checks an answer produced by retrieval-augmented generation against the
//! sources that were retrieved for it, and says how far it can be trusted.
//!
//! The core (everything outside `wasm`) is plain, deterministic Rust: no clock, no
//! randomness, no I/O. The `wasm` module, compiled only for `wasm32`, is the JavaScript
//! binding.
#![deny(missing_docs)]

pub mod citation;
pub mod config;
pub mod context;
pub mod decision;
pub mod error;
pub mod input;
pub mod report;
pub mod source;
pub mod text;
pub mod validator;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use citation::{Citation, CitationOptions, CitationStyle};
pub use config::{Config, Limits};
pub use decision::{parse_decision, Decision, ParsedDecision};
pub use error::{Error, ErrorCode, Result};
pub use input::CheckInput;
pub use report::{Report, Warning, WarningKind};
pub use source::Source;
pub use validator::Validator;
