//! Invariants over arbitrary input: nothing panics, spans stay inside the text and on
//! character boundaries, and the same input gives the same report.
#![cfg(not(target_arch = "wasm32"))]

use groundcheck::citation::extract_citations;
use groundcheck::confidence::{Level, Preset};
use groundcheck::context::AnswerContext;
use groundcheck::gate::Recommendation;
use groundcheck::text::{segment, utf16_len};
use groundcheck::{
    parse_decision, CheckInput, CitationOptions, Config, Decision, Source, Validator,
};
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
            prop_assert_eq!(c.valid, all_resolve && !c.malformed);
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

/// Sentences that exercise every finding and every outcome: grounded and invented facts,
/// valid, out-of-range and malformed markers, uncited facts, refusals, quotes, paths,
/// identifiers, fillers.
fn verdict_answer() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("Paris is the capital of France [1]. ".to_string()),
            Just("Paris has about 2.1 million residents [2]. ".to_string()),
            Just("Paris has about 9 million residents [2]. ".to_string()),
            Just("Lyon hosts the national parliament [1]. ".to_string()),
            Just("The tower is 330 m tall [3]. ".to_string()),
            Just("The tower is ５００ m tall [3]. ".to_string()),
            Just("Paris is the capital of France. ".to_string()),
            Just("Paris is the capital of France [7]. ".to_string()),
            Just("Paris is the capital of France [5-2]. ".to_string()),
            Just("I don't have that information in the provided documents. ".to_string()),
            Just("The sources do not say when it was built. ".to_string()),
            Just("The source says \"Paris is the capital\" [1]. ".to_string()),
            Just("The source says \"Lyon is the capital\" [1]. ".to_string()),
            Just("See src/app.ts:3-4 [1]. ".to_string()),
            Just("Set `maxWidgets` to 3 [1]. ".to_string()),
            Just("Sure! ".to_string()),
            Just("I think it is lovely. ".to_string()),
            Just("[1] ".to_string()),
            Just("東京は日本の首都です【1】。".to_string()),
        ],
        0..6,
    )
    .prop_map(|v| v.concat())
}

fn verdict_sources() -> impl Strategy<Value = Vec<Source>> {
    (0usize..4, proptest::option::of(0.0f64..1.0)).prop_map(|(n, score)| {
        let all = [
            (
                "geo",
                "Paris is the capital and largest city of France. 東京は日本の首都です。",
            ),
            ("pop", "Paris has about 2.1 million residents."),
            ("tower", "The tower is 330 m tall and stands in Paris."),
        ];
        all.iter()
            .take(n)
            .map(|(id, content)| {
                let mut s = Source::new(*id, *content);
                s.score = score;
                s
            })
            .collect()
    })
}

fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![
        Just(Preset::Default),
        Just(Preset::Triad),
        Just(Preset::Claims),
        Just(Preset::Relevance),
        Just(Preset::Penalties),
    ]
}

fn critic() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(prop_oneof![
        Just("FINAL: grounded".to_string()),
        Just("RETRY: check it".to_string()),
        Just("CLARIFY: which one?".to_string()),
        Just("ESCALATE: unsure".to_string()),
        Just("no verdict at all".to_string()),
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// The rule between findings, decision and badge holds in every preset, for every
    /// threshold and critic: FINAL only without blocking findings and at or above the
    /// threshold; any blocking finding caps the confidence below the threshold and below
    /// `medium`; a rejected answer reads `veryLow`; CLARIFY shows its own state.
    #[test]
    fn verdict_and_badge_never_disagree(
        answer in verdict_answer(),
        sources in verdict_sources(),
        preset in preset(),
        threshold in 0.3f64..0.95,
        critic in critic(),
        overrule in any::<bool>(),
    ) {
        let mut config = Config { threshold, preset, ..Config::default() };
        config.gate.overrule_critic = overrule;
        let blocking_kinds = config.gate.blocking.clone();
        let v = Validator::new(config).expect("valid config");
        let input = CheckInput { question: "Tell me about Paris".into(), answer, sources, critic, ..Default::default() };
        let r = v.check(&input).expect("valid input");
        let blocking = r.warnings.iter().any(|w| blocking_kinds.contains(&w.kind));
        prop_assert!((0.0..=1.0).contains(&r.confidence));
        if r.decision == Decision::Final {
            prop_assert!(!blocking, "FINAL with {:?}", r.warnings);
            prop_assert!(r.confidence >= threshold);
            prop_assert!(r.complete && !r.abstained);
        }
        if blocking {
            prop_assert!(r.decision != Decision::Final);
            prop_assert!(r.confidence < threshold);
            prop_assert!(!matches!(r.level, Level::High | Level::Medium), "{:?}", r.level);
        }
        if r.decision != Decision::Final {
            prop_assert!(!matches!(r.level, Level::High | Level::Medium), "{:?} {:?}", r.decision, r.level);
        }
        if r.recommendation == Recommendation::Reject && r.decision != Decision::Clarify {
            prop_assert_eq!(r.level, Level::VeryLow);
        }
        if r.decision == Decision::Clarify {
            prop_assert!(matches!(r.level, Level::Abstained | Level::Clarify), "{:?}", r.level);
        }
        if r.abstained {
            // A refusal is CLARIFY, unless a critic escalates it.
            prop_assert!(matches!(r.decision, Decision::Clarify | Decision::Escalate));
            prop_assert!(!r.warnings.iter().any(|w| matches!(w.kind,
                groundcheck::WarningKind::UnsupportedClaim | groundcheck::WarningKind::MissingCitation)));
        }
    }
}
