//! Streaming on arbitrary answers cut at arbitrary points: never a panic, and `finish()`
//! equals `check()` on the whole answer, with every emitted warning in it.
#![no_main]

use std::collections::BTreeMap;

use groundcheck::{CheckInput, Source, StreamingValidator, Validator};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|parts: (&str, &str, Vec<u8>)| {
    let (answer, content, cuts) = parts;
    let sources = vec![Source::new("a", content)];
    let Ok(mut sv) =
        StreamingValidator::new(Validator::default(), "What is it?", sources.clone(), BTreeMap::new())
    else {
        return;
    };
    let mut events = Vec::new();
    let mut start = 0;
    for c in cuts.iter().chain([&255u8]) {
        let mut end = (start + usize::from(*c) % 16 + 1).min(answer.len());
        while !answer.is_char_boundary(end) {
            end += 1;
        }
        if let Ok(e) = sv.push(&answer[start..end]) {
            events.extend(e);
        }
        start = end;
        if start >= answer.len() {
            break;
        }
    }
    let whole = CheckInput {
        question: "What is it?".into(),
        answer: sv.text().into(),
        sources,
        ..CheckInput::default()
    };
    let (Ok(report), Ok(expected)) = (sv.finish(), Validator::default().check(&whole)) else {
        return;
    };
    assert_eq!(report, expected);
    for w in events.iter().flat_map(|e| &e.warnings) {
        assert!(report.warnings.contains(w), "emitted warning changed: {w:?}");
    }
});
