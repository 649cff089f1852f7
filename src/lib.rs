//! groundcheck: checks an answer produced by retrieval-augmented generation against the
//! sources that were retrieved for it, and says how far it can be trusted.
//!
//! The core (everything outside `wasm`) is plain, deterministic Rust: no clock, no
//! randomness, no I/O. The `wasm` module, compiled only for `wasm32`, is the JavaScript
//! binding.
#![deny(missing_docs)]

pub mod context;
pub mod error;
pub mod evidence;
pub mod report;
pub mod source;
pub mod text;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use error::{Error, ErrorCode, Result};
pub use source::Source;
