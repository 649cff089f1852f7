//! Evidence verification: named sources, quoted snippets, line references and fields.

pub mod align;
pub mod normalize;
pub mod snippet;

pub use snippet::{verify_snippet, MatchMethod, SnippetMatch, SnippetOptions};
