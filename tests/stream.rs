//! Streaming validation: events per completed segment, verdicts that never change, and a
//! final report identical to `check()` on the whole answer, however the text is chunked.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;

use groundcheck::context::AnswerContext;
use groundcheck::text::SegmentKind;
use groundcheck::{
    CheckInput, Config, ErrorCode, Report, Source, StreamEvent, StreamingValidator, Validator,
    WarningKind,
};
use proptest::prelude::*;

const QUESTION: &str = "How does the retriever rank chunks, and what is Paris like?";

fn sources() -> Vec<Source> {
    let mut paris = Source::new(
        "paris",
        "Paris is the capital and largest city of France. The city of Paris has about 2.1 million residents. Dr. Smith studied the Seine in 2020.",
    );
    paris.title = Some("Paris Handbook".into());
    let mut code = Source::new(
        "retriever",
        "fn rank(chunks: &[Chunk], top_k: usize) -> Vec<Chunk> {\n    let scored = score_all(chunks);\n    scored.into_iter().take(top_k).collect()\n}\nThe retriever ranks chunks by BM25 score and keeps the topK best.",
    );
    code.path = Some("src/retriever.rs".into());
    code.start_line = Some(10);
    code.end_line = Some(14);
    let mut tokyo = Source::new(
        "tokyo",
        "東京は日本の首都です。人口は約1400万人です。Tokyo has about 14 million residents.",
    );
    tokyo.checksum = Some("v1".into());
    vec![paris, code, tokyo]
}

fn checksums() -> BTreeMap<String, String> {
    [("tokyo".to_string(), "v2".to_string())]
        .into_iter()
        .collect()
}

fn validator() -> Validator {
    Validator::new(Config::default()).expect("default config")
}

fn start() -> StreamingValidator {
    StreamingValidator::new(validator(), QUESTION, sources(), checksums()).expect("valid input")
}

fn check(answer: &str) -> Report {
    validator()
        .check(&CheckInput {
            question: QUESTION.into(),
            answer: answer.into(),
            sources: sources(),
            checksums: checksums(),
            critic: None,
        })
        .expect("valid input")
}

/// Streams `chunks`, checks every invariant against `check()` on the whole answer, and
/// returns the events.
fn stream(chunks: &[&str]) -> Vec<StreamEvent> {
    let mut sv = start();
    let mut events = Vec::new();
    for c in chunks {
        events.extend(sv.push(c).expect("within limits"));
    }
    let answer: String = chunks.concat();
    assert_eq!(sv.text(), answer);
    let report = sv.finish().expect("valid");
    assert_invariants(&answer, &events, &report);
    events
}

fn assert_invariants(answer: &str, events: &[StreamEvent], report: &Report) {
    // (a) finish() is check() on the whole answer, byte for byte.
    let expected = check(answer);
    assert_eq!(
        serde_json::to_string(report).unwrap(),
        serde_json::to_string(&expected).unwrap(),
        "finish() differs from check() for {answer:?}"
    );
    // (b) emitted segments are the whole answer's segments, in order, without overlap,
    // each with the text at its span.
    let ctx = AnswerContext::new(answer);
    let mut last_end = 0;
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e.segment.index, i, "events come in segment order");
        let seg = ctx.segments[i];
        assert_eq!(e.segment.span, ctx.span(seg.start, seg.end), "{answer:?}");
        assert_eq!(e.segment.text, seg.text(answer), "{answer:?}");
        assert_eq!(e.segment.kind, seg.kind);
        assert!(e.segment.span.start >= last_end, "segments overlap");
        last_end = e.segment.span.end;
        assert_eq!(
            groundcheck::text::slice_utf16(answer, e.segment.span),
            e.segment.text
        );
        // (c) every emitted finding is in the final report, identically, and the final
        // report has no other finding or claim inside an emitted segment.
        let span = e.segment.span;
        let inside = |s: &groundcheck::text::Span| span.start <= s.start && s.end <= span.end;
        let final_warnings: Vec<_> = report
            .warnings
            .iter()
            .filter(|w| w.span.as_ref().is_some_and(inside))
            .collect();
        let emitted: Vec<_> = e.warnings.iter().collect();
        assert_eq!(emitted, final_warnings, "warnings changed in {answer:?}");
        let final_claims: Vec<_> = report.claims.iter().filter(|c| inside(&c.span)).collect();
        let emitted: Vec<_> = e.claims.iter().collect();
        assert_eq!(emitted, final_claims, "claims changed in {answer:?}");
    }
}

/// Splits `text` into pieces of about `n` characters (never inside a character).
fn tokens(text: &str, n: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut count = 0;
    for (i, _) in text.char_indices() {
        if count == n {
            out.push(&text[start..i]);
            start = i;
            count = 0;
        }
        count += 1;
    }
    out.push(&text[start..]);
    out
}

const REALISTIC: &str = "Paris is the capital and largest city of France [1]. \
It has about 2.1 million residents [1]. \
The retriever ranks chunks by BM25 score and keeps the `topK` best [2]. \
Tokyo has about 14 million residents [7].\n\n\
- Dr. Smith studied the Seine in 2020 [1].\n\
- The city of Lyon has 9 million residents.\n\n\
See src/retriever.rs:10-12 for the ranking code [2].\n";

#[test]
fn realistic_answer_token_by_token_emits_each_sentence_once() {
    let events = stream(&tokens(REALISTIC, 3));
    let texts: Vec<&str> = events.iter().map(|e| e.segment.text.as_str()).collect();
    assert_eq!(
        texts,
        vec![
            "Paris is the capital and largest city of France [1].",
            "It has about 2.1 million residents [1].",
            "The retriever ranks chunks by BM25 score and keeps the `topK` best [2].",
            "Tokyo has about 14 million residents [7].",
            "Dr. Smith studied the Seine in 2020 [1].",
            "The city of Lyon has 9 million residents.",
        ],
        "the last sentence has no blank line after it: it waits for finish()"
    );
    let kinds: Vec<WarningKind> = events[3].warnings.iter().map(|w| w.kind).collect();
    assert!(
        kinds.contains(&WarningKind::CitationOutOfRange),
        "{kinds:?}"
    );
    assert_eq!(events[5].segment.kind, SegmentKind::ListItem);
    let kinds: Vec<WarningKind> = events[5].warnings.iter().map(|w| w.kind).collect();
    assert!(kinds.contains(&WarningKind::MissingCitation), "{kinds:?}");
    assert!(kinds.contains(&WarningKind::UnsupportedClaim), "{kinds:?}");
    assert_eq!(events[0].claims.len(), 1);
    assert!(events[0].warnings.is_empty(), "{:?}", events[0].warnings);
}

#[test]
fn every_chunk_size_gives_the_same_events() {
    let one = stream(&[REALISTIC]);
    for n in [1, 2, 5, 7, 13, 40] {
        let events = stream(&tokens(REALISTIC, n));
        // Pushing everything at once completes the same segments as pushing it piecewise.
        assert_eq!(events, one, "chunk size {n}");
    }
}

#[test]
fn spans_are_utf16_with_emoji_cjk_and_accents() {
    let answer = "Café 🎉 Paris is the capital of France [1]. 東京は日本の首都です【3】。Tokyo has about 14 million residents [3]. Done 👍.";
    let events = stream(&tokens(answer, 1));
    let texts: Vec<&str> = events.iter().map(|e| e.segment.text.as_str()).collect();
    assert_eq!(
        texts,
        vec![
            "Café 🎉 Paris is the capital of France [1].",
            "東京は日本の首都です【3】。",
            "Tokyo has about 14 million residents [3].",
        ]
    );
    let units = |s: &str| s.encode_utf16().count();
    assert_eq!(events[0].segment.span.start, 0);
    assert_eq!(events[0].segment.span.end, units(texts[0]));
    let second = units(texts[0]) + 1;
    assert_eq!(events[1].segment.span.start, second);
    assert_eq!(events[1].segment.span.end, second + units(texts[1]));
    assert_eq!(events[2].segment.span.start, second + units(texts[1]));
    // The stale source (expected checksum v2, has v1) is flagged at its first use.
    let stale: Vec<_> = events[1]
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::StaleSource)
        .collect();
    assert_eq!(stale.len(), 1, "{:?}", events[1].warnings);
}

#[test]
fn a_number_split_across_pushes_is_not_emitted_early() {
    let mut sv = start();
    // "2." could still be "2.1": nothing is emitted until what follows is known.
    assert!(sv.push("Paris has about 2.").unwrap().is_empty());
    let events = sv.push("1 million residents [1]. It").unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(
        events[0].segment.text,
        "Paris has about 2.1 million residents [1]."
    );

    let mut sv = start();
    assert!(sv.push("Pi is about 3.").unwrap().is_empty());
    assert!(sv.push("14 in most texts [1]. ").unwrap().is_empty());
    let events = sv.push("Next").unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(
        events[0].segment.text,
        "Pi is about 3.14 in most texts [1]."
    );
    stream(&["Pi is about 3.", "14 in most texts [1]. ", "Next"]);
}

#[test]
fn an_abbreviation_does_not_end_the_sentence_early() {
    let mut sv = start();
    assert!(sv.push("Dr.").unwrap().is_empty());
    assert!(sv.push(" Smith").unwrap().is_empty());
    assert!(sv
        .push(" studied the Seine in 2020 [1].")
        .unwrap()
        .is_empty());
    let events = sv.push(" Paris").unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(
        events[0].segment.text,
        "Dr. Smith studied the Seine in 2020 [1]."
    );
    stream(&[
        "Dr.",
        " Smith",
        " studied the Seine in 2020 [1].",
        " Paris is big.",
    ]);
}

#[test]
fn a_marker_after_the_full_stop_stays_with_its_sentence() {
    let mut sv = start();
    assert!(sv
        .push("Dr. Smith studied the Seine in 2020.")
        .unwrap()
        .is_empty());
    assert!(sv.push(" [").unwrap().is_empty());
    assert!(sv.push("1").unwrap().is_empty());
    assert!(sv.push("]").unwrap().is_empty());
    let events = sv.push(" Paris").unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(
        events[0].segment.text,
        "Dr. Smith studied the Seine in 2020. [1]"
    );
    assert!(events[0]
        .warnings
        .iter()
        .all(|w| w.kind != WarningKind::MissingCitation));
}

#[test]
fn a_code_fence_split_across_pushes_waits_until_closed() {
    let chunks = [
        "The ranking code is below [2].\n",
        "```rust\nfn rank(chunks: &[Chunk], top_k: usize) -> Vec<Chunk> {\n",
        "    let scored = score_all(chunks);\n\nThis. Is. Still. Code.\n",
        "    scored.into_iter().take(top_k).collect()\n}\n``",
        "`\n",
        "It keeps the topK best chunks [2].\n\n",
    ];
    let mut sv = start();
    let mut texts = Vec::new();
    for c in chunks {
        for e in sv.push(c).unwrap() {
            texts.push((e.segment.kind, e.segment.text));
        }
    }
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert_eq!(texts[1].0, SegmentKind::CodeBlock);
    assert!(texts[1].1.contains("This. Is. Still. Code."));
    assert!(texts[1].1.ends_with("```"));
    stream(&chunks);
}

#[test]
fn a_paragraph_break_completes_the_last_sentence() {
    let mut sv = start();
    assert!(sv
        .push("Paris is the capital of France [1].")
        .unwrap()
        .is_empty());
    assert!(sv.push("\n").unwrap().is_empty());
    let events = sv.push("\n").unwrap();
    assert_eq!(events.len(), 1);
}

#[test]
fn an_open_quotation_holds_back_what_follows() {
    // The curly quotation spans two sentences; until it closes, the straight quotation
    // inside it could still be swallowed by it.
    let chunks = [
        "The handbook says “Paris is big. ",
        "It has \"about two point one million residents\" today. ",
        "Really” [1]. Done.",
    ];
    let mut sv = start();
    assert!(sv.push(chunks[0]).unwrap().is_empty());
    assert!(sv.push(chunks[1]).unwrap().is_empty());
    stream(&chunks);
}

#[test]
fn too_long_answers_are_refused_with_a_coded_error() {
    let mut config = Config::default();
    config.limits.max_answer_length = 10;
    let mut sv = StreamingValidator::new(
        Validator::new(config).unwrap(),
        QUESTION,
        sources(),
        BTreeMap::new(),
    )
    .unwrap();
    sv.push("0123456789").unwrap();
    let err = sv.push("x").unwrap_err();
    assert_eq!(err.code, ErrorCode::TooLong);
    assert_eq!(err.field.as_deref(), Some("answer"));
    assert_eq!(sv.text(), "0123456789", "the refused delta is not appended");
}

#[test]
fn bad_input_is_refused_at_construction() {
    let err = StreamingValidator::new(validator(), "  ", sources(), BTreeMap::new()).unwrap_err();
    assert_eq!(err.code, ErrorCode::TooShort);
    assert_eq!(err.field.as_deref(), Some("question"));
    let dup = vec![Source::new("a", "x"), Source::new("a", "y")];
    let err = StreamingValidator::new(validator(), QUESTION, dup, BTreeMap::new()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("sources[1].id"));
}

#[test]
fn finish_on_an_empty_stream_is_check_on_an_empty_answer() {
    let sv = start();
    assert_eq!(sv.finish().unwrap(), check(""));
}

/// Pieces of realistic answers, including the constructs that make a sentence end late
/// or change after the fact.
const PIECES: &[&str] = &[
    "Paris is the capital and largest city of France [1].",
    "It has about 2.1 million residents [1].",
    "Pi is about 3.14 in most texts.",
    "Dr. Smith studied the Seine in 2020. [1]",
    "The retriever ranks chunks by BM25 score [2].",
    "It keeps the `topK` best chunks (Source 2).",
    "Call `score_all(chunks)` first, e.g. before ranking [2].",
    "The handbook says “Paris is big. It is old.” [1]",
    "It says \"the capital and largest city of France\" [1].",
    "It says \"the capital of Germany and Spain\" [1].",
    "According to the Paris Handbook, it is big.",
    "See [the docs](https://example.invalid/docs) and [1] for details.",
    "See src/retriever.rs:10-12 for the ranking code [2].",
    "Lines 40-50 of src/retriever.rs show it [2].",
    "See src/missing.rs for details.",
    "Tokyo has about 14 million residents [3].",
    "Tokyo has about 19 million residents [3].",
    "Tokyo does not have 14 million residents [3].",
    "東京は日本の首都です【3】。人口は約1400万人です。",
    "Café 🎉 naïve résumé [1].",
    "The city of Lyon has 9 million residents [9].",
    "The `top_k` and `max_tokens` parameters matter [2].",
    "Use the --dry-run flag with rank_all() [2].",
    "It costs $160 million [1]!",
    "Is it big? Yes... it is.",
    "Wait… What?",
    "It is “unclosed and runs on",
    "An open `backtick here",
    "A stray [bracket here",
    "Here is the code:",
    "```rust\nfn rank(chunks: &[Chunk], top_k: usize) -> Vec<Chunk> {\n    let scored = score_all(chunks);\n}\n```",
    "```\nlet x = a[2]; // not a citation [4]. Still code.\n```",
    "```python\nunclosed = fence(1)",
    "> Paris is the capital and largest city of France.",
    "- Dr. Smith studied the Seine in 2020 [1].",
    "1. First, rank chunks [2].",
    "## Ranking",
    "| name | value |\n|---|---|\n| topK | 5 |",
    "[1]: https://example.invalid/ref",
    "It cites [source:paris] and [source:nowhere].",
];

const SEPARATORS: &[&str] = &[" ", " ", " ", "\n", "\n\n", "  \n", "\n\n\n"];

fn answer_strategy() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(PIECES),
            prop::sample::select(SEPARATORS),
        ),
        1..9,
    )
    .prop_map(|parts| {
        let mut s = String::new();
        for (p, sep) in parts {
            s.push_str(p);
            s.push_str(sep);
        }
        s
    })
}

/// Cuts `text` at the given fractions of its length (moved back to char boundaries).
fn chunks_at(text: &str, cuts: &[u16]) -> Vec<String> {
    let mut points: Vec<usize> = cuts
        .iter()
        .map(|&c| {
            let mut p = text.len() * usize::from(c) / usize::from(u16::MAX);
            while !text.is_char_boundary(p) {
                p -= 1;
            }
            p
        })
        .collect();
    points.push(0);
    points.push(text.len());
    points.sort_unstable();
    points.dedup();
    points
        .windows(2)
        .map(|w| text[w[0]..w[1]].to_string())
        .collect()
}

proptest! {
    // 256 cases by default; PROPTEST_CASES=20000 for a longer search.
    #[test]
    fn any_chunking_agrees_with_check(
        answer in answer_strategy(),
        cuts in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        let chunks = chunks_at(&answer, &cuts);
        let refs: Vec<&str> = chunks.iter().map(String::as_str).collect();
        stream(&refs);
    }

    #[test]
    fn character_by_character_agrees_with_check(answer in answer_strategy()) {
        let chunks = tokens(&answer, 1);
        stream(&chunks);
    }

    #[test]
    fn arbitrary_text_never_panics(
        answer in "(\\PC|\n|`|\\[|\\]|“|”|\"|\\.| ){0,120}",
        cuts in prop::collection::vec(any::<u16>(), 0..20),
    ) {
        let chunks = chunks_at(&answer, &cuts);
        let refs: Vec<&str> = chunks.iter().map(String::as_str).collect();
        stream(&refs);
    }
}

/// A lone short claim followed by a link definition: while the URL streams in it reads as
/// a second claim, but once complete it is no claim at all, so the short claim is the
/// answer's only one and is read with its question. Its segment must wait (found by the
/// character-by-character property).
#[test]
fn a_short_claim_before_a_link_definition_waits_for_the_end() {
    let answer = "1. First, rank chunks [2]. [1]: https://example.invalid/ref  \n";
    let chars: Vec<String> = answer.chars().map(String::from).collect();
    let pieces: Vec<&str> = chars.iter().map(String::as_str).collect();
    stream(&pieces);
    stream(&tokens(answer, 4));
}

/// [`stream`] each of `answers` a character and three characters at a time.
fn stream_by_ones_and_threes(answers: &[&str]) {
    for answer in answers {
        stream(&tokens(answer, 1));
        stream(&tokens(answer, 3));
    }
}

/// An opinion is checked only while the answer states no fact (it stands in for the facts
/// the answer lacks): streamed before the fact arrives, it must not be emitted as checked,
/// or the fact would change its verdict after the event (found by the `stream` fuzz
/// target, whose input is the last case).
#[test]
fn an_opinion_before_the_first_fact_waits_for_it() {
    stream_by_ones_and_threes(&[
        "I think the city is lovely. Paris is the capital of France [1].",
        "You should visit the old bridges. Paris has about 2.1 million residents [1].",
        "I cannot. Paris is the capital of France [1].",
        "\u{1}\0]c . I]i cannot. I\\+c. P [1]ran[cn ]1.",
    ]);
    emitted_warnings_stay(
        " I",
        &["\u{1}\0]c . I]i canno", "t. I\\+c. P [1]ra", "n[cn ]1."],
    );
}

/// An elliptical reply (`No, I haven't.`) is checked as a fact only while the answer
/// states no other fact; once one arrives it is read as the opinions are, so it waits for
/// the first settled fact as an opinion does (found by the `stream` fuzz target, whose
/// input is the last case: a list item of reply words alone, `- ~ i]i-`, emitted as
/// unsupported before the fact after it).
#[test]
fn an_elliptical_reply_before_the_first_fact_waits_for_it() {
    stream_by_ones_and_threes(&[
        "No, I haven't. Paris is the capital of France [1].",
        "Yes, it is.\n\n- I do not.\n\nParis has about 2.1 million residents [1].",
    ]);
    emitted_warnings_stay(
        "",
        &[
            "trqqi t.\n\n- ~\0 i",
            "]i-\n:\0\0\0i-\n\nmtot",
            " ",
            "\u{1}\u{8}o\0\0\0\0\u{1}\0\0ra",
        ],
    );
}

/// A capitalised word that opens a claim is read as a name unless the answer wrote it in
/// lower case before the claim ended; text after the claim (here `paris`, `lyon`) no
/// longer turns it into an ordinary word after its verdict was streamed (found by the
/// `stream` fuzz target, whose input is the second case).
#[test]
fn a_name_streamed_before_it_is_written_in_lower_case_keeps_its_verdict() {
    stream(&tokens(
        "Lyon is the capital of France [1]. Visitors to lyon arrive by train.",
        1,
    ));
    emitted_warnings_stay(
        "[1]4 I s  ti_hPbris thParis]is ar's js a risti i>1 miw",
        &[
            "Paris is tas 1.\0",
            "\0s\0\x001! ;?:pari",
            "s",
            " is;;;;;ts!-5.]\n",
        ],
    );
}

/// Streams `pieces` against one source of `content` (the `stream` fuzz target's setup) and
/// checks that every warning an event emitted is in the final report.
fn emitted_warnings_stay(content: &str, pieces: &[&str]) {
    let mut sv = StreamingValidator::new(
        Validator::default(),
        "What is it?",
        vec![Source::new("a", content)],
        BTreeMap::new(),
    )
    .expect("valid");
    let mut events = Vec::new();
    for piece in pieces {
        events.extend(sv.push(piece).expect("within limits"));
    }
    let report = sv.finish().expect("valid");
    for w in events.iter().flat_map(|e| &e.warnings) {
        assert!(
            report.warnings.contains(w),
            "emitted warning changed: {w:?}"
        );
    }
}

/// A bare phrase that opens a longer answer (`Lyon [1]. It has …`) is read with its
/// question, as a lone one is: streamed, its verdict must not change when the next claim
/// arrives, nor when a claim that follows turns out to be none.
#[test]
fn a_bare_phrase_before_more_claims_keeps_its_reading() {
    stream_by_ones_and_threes(&[
        "Lyon [1]. It has about 2.1 million residents [1].",
        "In 1889 [1]; it is 330 metres tall [1].",
        "Paris. It is the capital of France [1].",
        "Paris [1]. [1]: https://example.invalid/ref  \n",
    ]);
}
