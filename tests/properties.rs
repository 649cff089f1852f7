//! Invariants over arbitrary input: nothing panics, spans stay inside the text and on
//! character boundaries, and the same input gives the same report.
#![cfg(not(target_arch = "wasm32"))]

use groundcheck::citation::extract_citations;
use groundcheck::context::AnswerContext;
use groundcheck::text::{segment, utf16_len};
use groundcheck::{parse_decision, CheckInput, CitationOptions, Source, Validator};
use proptest::prelude::*;

/// Text built from the characters that matter to the scanners: brackets, digits,
/// separators, Markdown, code fences, emoji, CJK and combining marks.
fn answer_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[\\[\\]【】()0-9a-zA-Z ,.:;!?^`\n#*|>_–—†\"“”'😀東京é\u{301}-]{0,240}",
        "\\PC{0,200}",
        proptest::collection::vec(
            prop_oneof![
                Just("[1]".to_string()),
                Just("[2-4]".to_string()),
                Just("【1†a】".to_string()),
                Just("(Source 2)".to_string()),
                Just("[^1]".to_string()),
                Just("[source: s1]".to_string()),
                Just("Chapter 4, Section 2".to_string()),
                Just("```\n".to_string()),
                Just("`".to_string()),
                Just(". ".to_string()),
                Just("\n\n- ".to_string()),
                Just("e.g. ".to_string()),
                Just("arr[1]".to_string()),
                Just("[x](y)".to_string()),
                "[a-zA-Z😀東 ]{0,12}",
            ],
            0..30
        )
        .prop_map(|v| v.concat()),
    ]
}

fn sources() -> impl Strategy<Value = Vec<Source>> {
    proptest::collection::vec(("[a-z0-9-]{1,8}", "\\PC{0,60}"), 0..5).prop_map(|v| {
        let mut out: Vec<Source> = Vec::new();
        for (i, (id, content)) in v.into_iter().enumerate() {
            let mut s = Source::new(format!("{id}-{i}"), content);
            if i % 2 == 1 {
                s.chapter_id = Some("4".into());
                s.section = Some("2".into());
            }
            out.push(s);
        }
        out
    })
}

fn is_utf16_boundary(text: &str, unit: usize) -> bool {
    let mut u = 0;
    for c in text.chars() {
        if u == unit {
            return true;
        }
        u += c.len_utf16();
    }
    u == unit
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn segments_are_ordered_trimmed_and_inside(text in answer_text()) {
        let segs = segment(&text);
        let mut last = 0;
        for s in &segs {
            prop_assert!(s.start < s.end && s.end <= text.len());
            prop_assert!(s.start >= last);
            prop_assert!(text.is_char_boundary(s.start) && text.is_char_boundary(s.end));
            let t = s.text(&text);
            prop_assert_eq!(t.trim(), t);
            last = s.end;
        }
    }

    #[test]
    fn citation_spans_slice_to_raw(text in answer_text(), srcs in sources()) {
        let ctx = AnswerContext::new(&text);
        let len = utf16_len(&text);
        for c in extract_citations(&ctx, &srcs, &CitationOptions::default()) {
            prop_assert!(c.start < c.end && c.end <= len);
            prop_assert!(is_utf16_boundary(&text, c.start) && is_utf16_boundary(&text, c.end));
            let units: Vec<u16> = text.encode_utf16().collect();
            prop_assert_eq!(String::from_utf16_lossy(&units[c.start..c.end]), c.raw.clone());
            prop_assert_eq!(c.source_ids.len(), c.source_indexes.len());
            let all_resolve = if c.indexes.is_empty() {
                !c.source_indexes.is_empty() // a named marker
            } else {
                c.source_indexes.len() == c.indexes.len()
            };
            prop_assert_eq!(c.valid, all_resolve);
        }
    }

    #[test]
    fn decision_parser_is_total(text in answer_text()) {
        let _ = parse_decision(&text);
    }

    #[test]
    fn check_is_total_and_deterministic(answer in answer_text(), srcs in sources()) {
        let input = CheckInput { question: "q?".into(), answer: answer.clone(), sources: srcs, ..Default::default() };
        let v = Validator::default();
        let a = v.check(&input).expect("valid input");
        let b = v.check(&input).expect("valid input");
        let (ja, jb) = (serde_json::to_string(&a).expect("json"), serde_json::to_string(&b).expect("json"));
        prop_assert_eq!(ja, jb);
        let len = utf16_len(&answer);
        for w in &a.warnings {
            if let Some(s) = w.span {
                prop_assert!(s.start <= s.end && s.end <= len, "{:?}", w);
            }
        }
    }
}
