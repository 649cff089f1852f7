//! Citation extraction and checks on real-world answer forms, with exact UTF-16 spans.
#![cfg(not(target_arch = "wasm32"))]

use groundcheck::citation::{check_citations, extract_citations};
use groundcheck::context::AnswerContext;
use groundcheck::{CitationOptions, CitationStyle, Source, WarningKind};

fn sources(n: usize) -> Vec<Source> {
    (1..=n)
        .map(|i| Source::new(format!("s{i}"), format!("content {i}")))
        .collect()
}

/// (raw, utf16 start, indexes, style) for every marker found.
fn markers(answer: &str, srcs: &[Source]) -> Vec<(String, usize, Vec<i64>, CitationStyle)> {
    let ctx = AnswerContext::new(answer);
    extract_citations(&ctx, srcs, &CitationOptions::default())
        .into_iter()
        .map(|c| (c.raw, c.start, c.indexes, c.style))
        .collect()
}

/// UTF-16 offset of `needle` in `hay`, as JavaScript's indexOf would give it.
fn js_index(hay: &str, needle: &str) -> usize {
    let b = hay.find(needle).expect("needle present");
    hay[..b].encode_utf16().count()
}

fn check(answer: &str, expected: &[(&str, &[i64], CitationStyle)]) {
    let srcs = sources(5);
    let got = markers(answer, &srcs);
    let want: Vec<(String, usize, Vec<i64>, CitationStyle)> = expected
        .iter()
        .map(|(raw, idx, style)| (raw.to_string(), js_index(answer, raw), idx.to_vec(), *style))
        .collect();
    assert_eq!(got, want, "answer: {answer:?}");
}

use CitationStyle::*;

#[test]
fn numeric_forms() {
    check("Paris is the capital [1].", &[("[1]", &[1], Numeric)]);
    check("Both agree [1, 3].", &[("[1, 3]", &[1, 3], Numeric)]);
    check("All three [1,2,3].", &[("[1,2,3]", &[1, 2, 3], Numeric)]);
    check("A range [2-4].", &[("[2-4]", &[2, 3, 4], Numeric)]);
    check("An en-dash range [2–4].", &[("[2–4]", &[2, 3, 4], Numeric)]);
    check(
        "Adjacent [1][2].",
        &[("[1]", &[1], Numeric), ("[2]", &[2], Numeric)],
    );
    check("Attached to the word Paris[1].", &[("[1]", &[1], Numeric)]);
    check("Founded in 2020[2].", &[("[2]", &[2], Numeric)]);
    // A word of three letters before a marker that ends the sentence or clause is prose.
    check("An unimaginable act[1].", &[("[1]", &[1], Numeric)]);
    check("Whether or not[2], it held.", &[("[2]", &[2], Numeric)]);
    check("After the stop. [3] Next one.", &[("[3]", &[3], Numeric)]);
}

#[test]
fn prefixed_and_other_forms() {
    check("It says so [source:2].", &[("[source:2]", &[2], Source)]);
    check("It says so [source: 2].", &[("[source: 2]", &[2], Source)]);
    check("It says so [Source 3].", &[("[Source 3]", &[3], Source)]);
    check("See the doc [doc3].", &[("[doc3]", &[3], Doc)]);
    check("A footnote[^1].", &[("[^1]", &[1], Footnote)]);
    check("東京は首都です【1】。", &[("【1】", &[1], Cjk)]);
    check("OpenAI style 【2†source】.", &[("【2†source】", &[2], Cjk)]);
    check(
        "Stated plainly (Source 2).",
        &[("(Source 2)", &[2], Parenthetical)],
    );
    check(
        "Stated twice (Sources 1, 2).",
        &[("(Sources 1, 2)", &[1, 2], Parenthetical)],
    );
    check(
        "Stated (see source 4).",
        &[("(see source 4)", &[4], Parenthetical)],
    );
}

#[test]
fn not_citations() {
    check("Use `arr[1]` to read it.", &[]);
    check(
        "Take arr[1] and a[2] and obj.items[3] and f()[0] and xs[1].",
        &[],
    );
    // A listed short name stays an index where the sentence ends after it.
    check("It returns idx[1]. Then buf[2], then ptr[3].", &[]);
    // Three letters mid-sentence: an index.
    check("Set act[1] to zero.", &[]);
    check("```python\nprint(values[1])  # [2]\n```", &[]);
    check(
        "See [the docs](https://example.com/1) and ![img](x.png).",
        &[],
    );
    check("A [1](https://example.com) link.", &[]);
    check("[1]: https://example.com/ref\n", &[]);
    check("A reference link [text][1].", &[]);
    check("Parenthetical aside (see above) is not one.", &[]);
    check("Task list:\n- [ ] todo\n- [x] done", &[]);
    check("An unclosed [1 bracket.", &[]);
}

/// Malformed and huge markers are citations that are reported, never ignored: a range
/// that runs backwards or spans more than 100 sources is malformed, a huge number is
/// out of range.
#[test]
fn malformed_and_huge_markers_are_reported() {
    let srcs = sources(5);
    let ctx = AnswerContext::new("A huge range [1-5000]. Backwards [5-2]. Huge [12345].");
    let got = extract_citations(&ctx, &srcs, &CitationOptions::default());
    let seen: Vec<(&str, bool, bool)> = got
        .iter()
        .map(|c| (c.raw.as_str(), c.valid, c.malformed))
        .collect();
    assert_eq!(
        seen,
        vec![
            ("[1-5000]", false, true),
            ("[5-2]", false, true),
            ("[12345]", false, false)
        ]
    );
}

#[test]
fn source_ids_and_chapters() {
    let mut srcs = sources(2);
    srcs[0].id = "kb-auth-42".into();
    srcs[1].chapter_id = Some("4".into());
    srcs[1].section = Some("2".into());
    let answer = "Tokens expire [kb-auth-42]. Rotation is covered in Chapter 4, Section 2. Chapter 9, Section 1 is not.";
    let ctx = AnswerContext::new(answer);
    let got = extract_citations(&ctx, &srcs, &CitationOptions::default());
    assert_eq!(got.len(), 3);
    assert_eq!(
        (got[0].style, got[0].valid, got[0].source_ids.clone()),
        (SourceId, true, vec!["kb-auth-42".to_string()])
    );
    assert_eq!(got[0].start, js_index(answer, "[kb-auth-42]"));
    assert_eq!(
        (got[1].style, got[1].raw.as_str(), got[1].valid),
        (Chapter, "Chapter 4, Section 2", true)
    );
    assert_eq!(got[1].source_ids, vec!["s2".to_string()]);
    assert_eq!(
        (got[2].raw.as_str(), got[2].valid),
        ("Chapter 9, Section 1", false)
    );
    // An unknown bracketed word is not a citation at all.
    assert!(markers("Press [Enter] to go.", &srcs).is_empty());
}

#[test]
fn styles_are_configurable() {
    let answer = "One [1] and 【2】 and (Source 3).";
    let ctx = AnswerContext::new(answer);
    let opts = CitationOptions {
        styles: vec![Cjk],
        ..CitationOptions::default()
    };
    let got = extract_citations(&ctx, &sources(3), &opts);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].raw, "【2】");
}

#[test]
fn zero_based_indexes() {
    let answer = "First [0]. Last [2].";
    let ctx = AnswerContext::new(answer);
    let opts = CitationOptions {
        index_base: 0,
        ..CitationOptions::default()
    };
    let c = check_citations(&ctx, &sources(2), &opts);
    assert_eq!(c.report.markers[0].source_ids, vec!["s1".to_string()]);
    assert_eq!(c.report.out_of_range, 1);
    assert_eq!(c.report.markers[1].raw, "[2]");
}

#[test]
fn spans_with_emoji_cjk_and_accents() {
    let answer = "Café ☕ in 東京 is famous 😀 [1]. Crème brûlée (e\u{301}) is sweet【2】.";
    let got = markers(answer, &sources(2));
    assert_eq!(got[0].1, js_index(answer, "[1]"));
    assert_eq!(got[1].1, js_index(answer, "【2】"));
    let ctx = AnswerContext::new(answer);
    let c = extract_citations(&ctx, &sources(2), &CitationOptions::default());
    let utf16: Vec<u16> = answer.encode_utf16().collect();
    for m in c {
        assert_eq!(String::from_utf16_lossy(&utf16[m.start..m.end]), m.raw);
    }
}

#[test]
fn out_of_range_citation_is_flagged() {
    let answer = "Paris is the capital of France [1]. It has 2.1 million residents [4].";
    let ctx = AnswerContext::new(answer);
    let c = check_citations(&ctx, &sources(3), &CitationOptions::default());
    let oor: Vec<_> = c
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::CitationOutOfRange)
        .collect();
    assert_eq!(oor.len(), 1);
    let span = oor[0].span.expect("span");
    assert_eq!(
        (span.start, span.end),
        (js_index(answer, "[4]"), js_index(answer, "[4]") + 3)
    );
    assert_eq!(c.report.total, 2);
    assert_eq!(c.report.valid, 1);
    assert_eq!(c.report.out_of_range, 1);
    assert_eq!(
        c.report.unused_sources,
        vec!["s2".to_string(), "s3".to_string()]
    );
}

#[test]
fn uncited_factual_sentence_is_missing_citation() {
    let answer = "Here is what I found:\n\nThe Eiffel Tower is 330 metres tall [1]. It was completed in 1889. Is it open at night?";
    let ctx = AnswerContext::new(answer);
    let c = check_citations(&ctx, &sources(1), &CitationOptions::default());
    let missing: Vec<_> = c
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::MissingCitation)
        .collect();
    assert_eq!(missing.len(), 1, "{missing:?}");
    let span = missing[0].span.expect("sentence span");
    let s = "It was completed in 1889.";
    assert_eq!(
        (span.start, span.end),
        (js_index(answer, s), js_index(answer, s) + s.len())
    );
    assert_eq!(c.report.missing, 1);
}

#[test]
fn minimum_citations() {
    let answer = "Short.";
    let ctx = AnswerContext::new(answer);
    let c = check_citations(&ctx, &sources(2), &CitationOptions::default());
    let whole: Vec<_> = c
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::MissingCitation && w.span.is_none())
        .collect();
    assert_eq!(whole.len(), 1);
    assert_eq!(whole[0].details["required"], 1);
    // No sources: nothing to cite, nothing required.
    let c = check_citations(&ctx, &[], &CitationOptions::default());
    assert!(c.warnings.is_empty());
    let opts = CitationOptions {
        min_citations: Some(3),
        ..CitationOptions::default()
    };
    let ctx = AnswerContext::new("A [1] and B [2].");
    let c = check_citations(&ctx, &sources(2), &opts);
    assert_eq!(c.warnings.iter().filter(|w| w.span.is_none()).count(), 1);
}

#[test]
fn cited_sources_by_segment() {
    let answer = "Alpha is first [1]. Beta is second [2][3].";
    let ctx = AnswerContext::new(answer);
    let c = check_citations(&ctx, &sources(3), &CitationOptions::default());
    assert_eq!(c.cited_by_segment, vec![vec![0], vec![1, 2]]);
}
