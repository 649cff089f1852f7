//! Segmentation and citation extraction on arbitrary text: no panic, spans inside.
#![no_main]

use groundcheck::citation::extract_citations;
use groundcheck::context::AnswerContext;
use groundcheck::text::utf16_len;
use groundcheck::{CitationOptions, Source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let mut sources: Vec<Source> = (1..=3).map(|i| Source::new(format!("s{i}"), "x")).collect();
    sources[1].chapter_id = Some("4".into());
    sources[1].section = Some("2".into());
    let ctx = AnswerContext::new(text);
    let len = utf16_len(text);
    for c in extract_citations(&ctx, &sources, &CitationOptions::default()) {
        assert!(c.start < c.end && c.end <= len);
    }
});
