#![cfg(not(target_arch = "wasm32"))]
//! Evidence checks on a real corpus: this repository's own source files, chunked by line
//! ranges, and answers that quote, cite and mis-cite them.

use std::collections::BTreeMap;

use groundcheck::context::AnswerContext;
use groundcheck::evidence::{
    check_evidence, verify_snippet, EvidenceOptions, EvidenceReport, MatchMethod, SnippetOptions,
};
use groundcheck::report::warning::WarningKind;
use groundcheck::text::Span;
use groundcheck::Source;
use proptest::prelude::*;

const SOURCE_RS: &str = include_str!("../src/source.rs");
const UTF16_RS: &str = include_str!("../src/text/utf16.rs");
const SEGMENT_RS: &str = include_str!("../src/text/segment.rs");

/// Lines `[start, end]` (1-based, inclusive) of `file` as a source chunk.
fn chunk(id: &str, path: &str, file: &str, start: u32, end: u32) -> Source {
    let content: Vec<&str> = file
        .lines()
        .skip(start as usize - 1)
        .take((end - start + 1) as usize)
        .collect();
    Source {
        path: Some(path.to_string()),
        start_line: Some(start),
        end_line: Some(end),
        checksum: Some(format!("sha-{id}")),
        ..Source::new(id, content.join("\n"))
    }
}

fn corpus() -> Vec<Source> {
    vec![
        chunk("source-1", "src/source.rs", SOURCE_RS, 1, 40),
        chunk("utf16-1", "src/text/utf16.rs", UTF16_RS, 1, 60),
        chunk("segment-1", "src/text/segment.rs", SEGMENT_RS, 1, 60),
    ]
}

/// UTF-16 span of the first occurrence of `needle` in `text` (what JavaScript counts).
fn js_span(text: &str, needle: &str) -> Span {
    let b = text.find(needle).expect("needle in text");
    let start = text[..b].encode_utf16().count();
    Span::new(start, start + needle.encode_utf16().count())
}

/// Every segment cites the given sources (by index).
fn run_citing(
    answer: &str,
    cites: &[usize],
    checksums: &BTreeMap<String, String>,
) -> EvidenceReport {
    let ctx = AnswerContext::new(answer);
    let cited = vec![cites.to_vec(); ctx.segments.len()];
    check_evidence(
        &ctx,
        "How does groundcheck store sources?",
        &corpus(),
        &cited,
        checksums,
        &EvidenceOptions::default(),
    )
}

fn run(answer: &str) -> EvidenceReport {
    run_citing(answer, &[], &BTreeMap::new())
}

fn kinds(r: &EvidenceReport) -> Vec<WarningKind> {
    r.warnings.iter().map(|w| w.kind).collect()
}

// ---- snippets ---------------------------------------------------------------------

#[test]
fn exact_quote_of_cited_chunk_verifies() {
    let quote = "Unknown fields are\n/// ignored so that callers can pass their retriever's objects as they are.";
    let answer = format!(
        "The docs say:\n\n> {}\n\nSee [1].",
        quote.replace('\n', "\n> ")
    );
    let r = run_citing(&answer, &[0], &BTreeMap::new());
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!((r.snippets.verified, r.snippets.total), (1, 1));
}

#[test]
fn one_typo_and_rewrapped_whitespace_verify_with_span() {
    let sources = corpus();
    let content = &sources[0].content;
    // One-character typo ("requred").
    let typo = "Only `id` and `content` are requred; the rest is metadata that citations, phantom";
    let m = verify_snippet(typo, content, &SnippetOptions::default());
    assert!(m.verified, "{m:?}");
    assert_eq!(m.method, MatchMethod::Fuzzy);
    assert!((m.score - (1.0 - 1.0 / 81.0)).abs() < 1e-9, "{}", m.score);
    let original =
        "Only `id` and `content` are required; the rest is metadata that citations, phantom";
    assert_eq!(m.span, Some(js_span(content, original)));
    assert_eq!(m.matched.as_deref(), Some(original));

    let rewrapped = "the rest is metadata that\n   citations,   phantom";
    let m = verify_snippet(rewrapped, content, &SnippetOptions::default());
    assert_eq!(m.method, MatchMethod::Normalized);
    assert_eq!(
        m.span,
        Some(js_span(
            content,
            "the rest is metadata that citations, phantom"
        ))
    );
}

#[test]
fn changed_number_or_name_fails_in_answer() {
    // utf16.rs line 3, with UTF-16 changed to UTF-32, then "groundcheck" to "Ruff".
    let good = "It says \"Every span groundcheck reports is in UTF-16 code units\" [2]";
    let r = run_citing(good, &[1], &BTreeMap::new());
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.snippets.items[0].method, MatchMethod::Exact);

    let bad = "It says \"Every span groundcheck reports is in UTF-32 code units\" [2]";
    let r = run_citing(bad, &[1], &BTreeMap::new());
    assert_eq!(kinds(&r), vec![WarningKind::SnippetMismatch]);
    let w = &r.warnings[0];
    assert_eq!(
        w.span,
        Some(js_span(
            bad,
            "\"Every span groundcheck reports is in UTF-32 code units\""
        ))
    );
    assert!(
        w.details["score"].as_f64().unwrap() > 0.9,
        "high score yet rejected"
    );
    assert_eq!(
        r.snippets.items[0].mismatched_tokens,
        vec!["32".to_string()]
    );

    let bad_name = "It says \"Every span Ruff reports is in UTF-16 code units\"";
    let r = run(bad_name);
    assert_eq!(kinds(&r), vec![WarningKind::SnippetMismatch]);
}

#[test]
fn quote_found_only_in_another_source_is_flagged() {
    let answer = "The segmenter \"Handles abbreviations\" and more: \"Every span groundcheck reports is in UTF-16 code units\" [1].";
    let r = run_citing(answer, &[0], &BTreeMap::new());
    assert_eq!(kinds(&r), vec![WarningKind::SnippetMismatch]);
    assert_eq!(r.warnings[0].details["foundInSourceId"], "utf16-1");
}

#[test]
fn code_block_checked_against_cited_chunk() {
    let good = "The span type [2]:\n\n```rust\npub struct Span {\n    /// First code unit of the range.\n    pub start: usize,\n```\n";
    let r = run_citing(good, &[1], &BTreeMap::new());
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.snippets.total, 1);
    let bad = good.replace("pub start: usize", "pub begin: u32");
    let r = run_citing(&bad, &[1], &BTreeMap::new());
    assert!(kinds(&r).contains(&WarningKind::SnippetMismatch));
}

#[test]
fn spans_with_emoji_cjk_and_accents() {
    let answer = "Résumé 😀 東京: «Every span groundcheck reports is in UTF-17 code units» 👩‍👩‍👧.";
    let r = run(answer);
    assert_eq!(kinds(&r), vec![WarningKind::SnippetMismatch]);
    assert_eq!(
        r.warnings[0].span,
        Some(js_span(
            answer,
            "«Every span groundcheck reports is in UTF-17 code units»"
        ))
    );
    // The closest passage is reported with its span in the source.
    let item = &r.snippets.items[0];
    let src = &corpus()[1].content;
    assert_eq!(item.source_id.as_deref(), Some("utf16-1"));
    assert_eq!(
        item.closest.as_ref().map(|c| c.span),
        Some(js_span(
            src,
            "Every span groundcheck reports is in UTF-16 code units"
        ))
    );
}

#[test]
fn short_quotes_and_markers_are_not_snippets() {
    let r = run("It is \"fast\" and \"[source:2]\" says so; also \"a b\".");
    assert_eq!(r.snippets.total, 0);
}

// ---- sources ----------------------------------------------------------------------

#[test]
fn phantom_path_is_flagged_real_paths_are_not() {
    let answer = "Sources are defined in ./src/source.rs and spans in `src/text/utf16.rs`; \
                  the validator lives in src/validation/source-verifier.ts.";
    let r = run(answer);
    assert_eq!(kinds(&r), vec![WarningKind::PhantomSource]);
    assert_eq!(
        r.warnings[0].span,
        Some(js_span(answer, "src/validation/source-verifier.ts"))
    );
    assert_eq!((r.sources.verified, r.sources.total), (2, 3));
    assert_eq!(
        r.sources.phantom,
        vec!["src/validation/source-verifier.ts".to_string()]
    );
}

#[test]
fn phantom_source_id_url_and_title() {
    let mut sources = corpus();
    sources[0].url = Some("https://docs.example.com/groundcheck/sources/".into());
    sources[0].title = Some("Groundcheck Sources".into());
    let answer = "See https://DOCS.example.com/groundcheck/sources and \"Groundcheck Sources\" [source:source-1]. \
                  According to the Groundcheck Handbook it is fast [source:handbook].";
    let ctx = AnswerContext::new(answer);
    let r = check_evidence(
        &ctx,
        "",
        &sources,
        &[],
        &BTreeMap::new(),
        &EvidenceOptions::default(),
    );
    let phantom: Vec<&str> = r.sources.phantom.iter().map(String::as_str).collect();
    assert_eq!(phantom, vec!["Groundcheck Handbook", "handbook"]);
    assert_eq!(r.sources.verified, 3);
    assert!(r
        .warnings
        .iter()
        .all(|w| w.kind == WarningKind::PhantomSource));
    assert_eq!(
        r.warnings[1].span,
        Some(js_span(answer, "[source:handbook]"))
    );
}

#[test]
fn stale_checksum_is_flagged_at_the_citing_sentence() {
    let answer = "Sources carry an optional checksum [1]. Spans are UTF-16 [2].";
    let mut checksums = BTreeMap::new();
    checksums.insert("source-1".to_string(), "sha-source-1".to_string());
    checksums.insert("utf16-1".to_string(), "sha-OLD".to_string());
    let ctx = AnswerContext::new(answer);
    let cited = vec![vec![0], vec![1]];
    let r = check_evidence(
        &ctx,
        "",
        &corpus(),
        &cited,
        &checksums,
        &EvidenceOptions::default(),
    );
    assert_eq!(kinds(&r), vec![WarningKind::StaleSource]);
    assert_eq!(
        r.warnings[0].span,
        Some(js_span(answer, "Spans are UTF-16 [2]."))
    );
    assert_eq!(r.sources.stale[0].source_id, "utf16-1");
}

// ---- lines ------------------------------------------------------------------------

#[test]
fn out_of_range_lines_flagged_in_range_silent() {
    let answer = "The struct is at src/source.rs:10-20 and its checksum at src/source.rs#L80-L85.";
    let r = run(answer);
    assert_eq!(kinds(&r), vec![WarningKind::LineMismatch]);
    assert_eq!(
        r.warnings[0].span,
        Some(js_span(answer, "src/source.rs#L80-L85"))
    );
    assert_eq!((r.lines.verified, r.lines.total), (1, 2));
}

#[test]
fn worded_line_reference_uses_citation() {
    let answer = "See lines 5–9 of src/text/utf16.rs. The fast path is on line 75 [2].";
    let ctx = AnswerContext::new(answer);
    let cited: Vec<Vec<usize>> = ctx.segments.iter().map(|_| vec![1]).collect();
    let r = check_evidence(
        &ctx,
        "",
        &corpus(),
        &cited,
        &BTreeMap::new(),
        &EvidenceOptions::default(),
    );
    assert_eq!(kinds(&r), vec![WarningKind::LineMismatch]);
    assert_eq!(r.warnings[0].span, Some(js_span(answer, "line 75")));
}

#[test]
fn code_next_to_line_reference_must_be_in_those_lines() {
    let good = "In src/source.rs:12-17:\n```rust\npub struct Source {\n    /// The caller's id for this chunk (a string; numbers are accepted and kept as text).\n```\n";
    let r = run(good);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.lines.items[0].code_verified, Some(true));
    // Same code, but said to be at lines 30-35: it is in the file, not in those lines.
    let bad = good.replace("12-17", "30-35");
    let r = run(&bad);
    assert_eq!(kinds(&r), vec![WarningKind::LineMismatch]);
    assert_eq!(
        r.warnings[0].span,
        Some(js_span(&bad, "src/source.rs:30-35"))
    );
}

// ---- fields -----------------------------------------------------------------------

#[test]
fn invented_parameter_flagged_real_ones_verified() {
    let answer =
        "Set `chunk_id` and `deserializeWith` on each source; `checksum_algo` picks the hash.";
    let r = run(answer);
    assert_eq!(kinds(&r), vec![WarningKind::UnverifiedField]);
    assert_eq!(r.warnings[0].span, Some(js_span(answer, "checksum_algo")));
    assert_eq!(
        r.fields.verified,
        vec!["chunk_id".to_string(), "deserializeWith".to_string()]
    );
    assert_eq!(r.fields.unverified, vec!["checksum_algo".to_string()]);
    assert!((r.fields.confidence - 2.0 / 3.0).abs() < 1e-9);
}

#[test]
fn plain_prose_has_no_fields() {
    let answer = "Groundcheck checks answers in JavaScript and TypeScript apps, e.g. on Node.js or an iPhone. \
                  It is fast, deterministic and never panics.";
    let r = run(answer);
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.fields.total, 0);
    assert_eq!(r.fields.confidence, 1.0);
}

#[test]
fn question_terms_are_not_fields() {
    let ctx = AnswerContext::new("Use `retry_budget` as you asked.");
    let r = check_evidence(
        &ctx,
        "What is retry_budget?",
        &corpus(),
        &[],
        &BTreeMap::new(),
        &EvidenceOptions::default(),
    );
    assert!(r.warnings.is_empty());
}

#[test]
fn options_deserialize_camel_case_and_reject_unknown() {
    let o: EvidenceOptions =
        serde_json::from_str(r#"{"minSnippetChars": 20, "snippet": {"threshold": 0.9}}"#).unwrap();
    assert_eq!(o.min_snippet_chars, 20);
    assert_eq!(o.snippet.threshold, 0.9);
    assert!(serde_json::from_str::<EvidenceOptions>(r#"{"treshold": 1}"#).is_err());
}

#[test]
fn report_is_deterministic() {
    let answer = "See `chunk_size` at src/nowhere.rs:1-2 and \"Every span groundcheck reports is in UTF-8\".";
    let a = serde_json::to_string(&run(answer)).unwrap();
    let b = serde_json::to_string(&run(answer)).unwrap();
    assert_eq!(a, b);
}

// ---- properties -------------------------------------------------------------------

fn span_ok(span: Option<Span>, text: &str) -> bool {
    span.is_none_or(|s| s.start <= s.end && s.end <= text.encode_utf16().count())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn verify_snippet_is_total(snippet in "\\PC{0,80}", content in "\\PC{0,300}") {
        let m = verify_snippet(&snippet, &content, &SnippetOptions::default());
        prop_assert!((0.0..=1.0).contains(&m.score));
        prop_assert!(span_ok(m.span, &content));
        prop_assert!(span_ok(m.closest.as_ref().map(|c| c.span), &content));
    }

    #[test]
    fn verify_snippet_of_substring_verifies(content in "[a-zé😀 \\n]{20,200}", a in 0usize..200, len in 12usize..60) {
        let chars: Vec<char> = content.chars().collect();
        let a = a.min(chars.len());
        let b = (a + len).min(chars.len());
        let snippet: String = chars[a..b].iter().collect();
        prop_assume!(!snippet.trim().is_empty());
        let m = verify_snippet(&snippet, &content, &SnippetOptions::default());
        prop_assert!(m.verified);
        prop_assert_eq!(m.score, 1.0);
    }

    #[test]
    fn check_evidence_is_total(
        answer in "(\\PC|[\"“”`>\\[\\]:#\\n-]|src/x\\.rs:1-2|line 4|`a_b`){0,60}",
        content in "\\PC{0,200}",
    ) {
        let mut src = Source::new("a", content);
        src.path = Some("src/x.rs".into());
        src.start_line = Some(1);
        src.end_line = Some(3);
        let ctx = AnswerContext::new(&answer);
        let cited = vec![vec![0, 5]; ctx.segments.len()];
        let mut sums = BTreeMap::new();
        sums.insert("a".to_string(), "z".to_string());
        let r = check_evidence(&ctx, &answer, &[src], &cited, &sums, &EvidenceOptions::default());
        for w in &r.warnings {
            prop_assert!(span_ok(w.span, &answer));
        }
        for s in &r.snippets.items {
            prop_assert!((0.0..=1.0).contains(&s.score));
        }
        prop_assert!((0.0..=1.0).contains(&r.fields.confidence));
    }
}
