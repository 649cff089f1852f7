//! The report: what a check found, as plain data.

pub mod warning;

pub use warning::{Warning, WarningKind};
