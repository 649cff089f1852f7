//! Snippet alignment on arbitrary snippet/content pairs: score in [0, 1], span inside.
#![no_main]

use groundcheck::evidence::{verify_snippet, SnippetOptions};
use groundcheck::text::utf16_len;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|pair: (&str, &str)| {
    let (snippet, content) = pair;
    let m = verify_snippet(snippet, content, &SnippetOptions::default());
    assert!((0.0..=1.0).contains(&m.score));
    if let Some(span) = m.span {
        assert!(span.start <= span.end && span.end <= utf16_len(content));
    }
});
