//! The whole validator on arbitrary answers and sources: a report, never a panic, with
//! confidence in [0, 1].
#![no_main]

use groundcheck::{CheckInput, Source, Validator};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|parts: (&str, &str, &str)| {
    let (answer, a, b) = parts;
    let mut s2 = Source::new("b", b);
    s2.path = Some("src/lib.rs".into());
    s2.start_line = Some(1);
    s2.end_line = Some(40);
    let input = CheckInput {
        question: "What does it do?".into(),
        answer: answer.into(),
        sources: vec![Source::new("a", a), s2],
        ..CheckInput::default()
    };
    if let Ok(report) = Validator::default().check(&input) {
        assert!((0.0..=1.0).contains(&report.confidence));
    }
});
