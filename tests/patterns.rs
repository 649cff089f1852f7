//! User-defined citation and field patterns (`citations.patterns`,
//! `evidence.fieldPatterns`): read from the configuration as JSON, matched in the answer,
//! resolved against the sources, and refused with a coded error naming the pattern when
//! invalid.
#![cfg(all(not(target_arch = "wasm32"), feature = "patterns"))]

use groundcheck::{CheckInput, CitationStyle, Config, ErrorCode, Source, Validator, WarningKind};
use serde_json::json;

fn config(value: serde_json::Value) -> groundcheck::Result<Config> {
    Config::from_deserializer(value)
}

fn validator(value: serde_json::Value) -> Validator {
    Validator::new(config(value).expect("config")).expect("validator")
}

fn sources() -> Vec<Source> {
    let mut a = Source::new("kb-1", "Paris is the capital and largest city of France.");
    a.chapter_id = Some("IV".into());
    let b = Source::new("kb-2", "Paris has about 2.1 million residents.");
    vec![a, b]
}

fn check(v: &Validator, answer: &str) -> groundcheck::Report {
    v.check(&CheckInput {
        question: "Tell me about Paris".into(),
        answer: answer.into(),
        sources: sources(),
        ..CheckInput::default()
    })
    .expect("check")
}

fn kinds(r: &groundcheck::Report) -> Vec<WarningKind> {
    r.warnings.iter().map(|w| w.kind).collect()
}

#[test]
fn citation_patterns_resolve_ids_labels_and_numbers() {
    let answer = "Paris is the capital of France {{cite:kb-1}}. \
                  Paris has about 2.1 million residents {2}.";
    // Without patterns, neither marker is read: both sentences lack a citation.
    let plain = check(&Validator::default(), answer);
    assert_eq!(plain.citations.total, 0);
    assert!(kinds(&plain).contains(&WarningKind::MissingCitation));

    let v = validator(json!({ "citations": { "patterns": [
        r"\{\{cite:(?<id>[a-z0-9-]+)\}\}",
        r"\{(?<index>[0-9]+)\}"
    ] } }));
    let r = check(&v, answer);
    assert_eq!(r.citations.total, 2, "{:?}", r.citations.markers);
    assert_eq!(r.citations.valid, 2);
    let m = &r.citations.markers;
    assert_eq!(m[0].raw, "{{cite:kb-1}}");
    assert_eq!(m[0].style, CitationStyle::Pattern);
    assert_eq!(m[0].source_ids, vec!["kb-1".to_string()]);
    assert_eq!(m[1].raw, "{2}");
    assert_eq!(m[1].indexes, vec![2]);
    assert_eq!(m[1].source_indexes, vec![1]);
    assert!(
        !kinds(&r).contains(&WarningKind::MissingCitation),
        "{:?}",
        kinds(&r)
    );
    // Spans in UTF-16 code units.
    assert_eq!(&answer[m[0].start..m[0].end], "{{cite:kb-1}}");
}

#[test]
fn unresolved_pattern_markers_are_findings() {
    let v = validator(json!({ "citations": { "patterns": [
        r"\{\{cite:(?<id>[a-z0-9-]+)\}\}",
        r"\{(?<index>[0-9]+)\}",
        r"Chapter\s+(\w+)"
    ] } }));
    let r = check(
        &v,
        "Paris is the capital of France {{cite:kb-9}}. Paris has 2.1 million residents {7}.",
    );
    let k = kinds(&r);
    assert!(k.contains(&WarningKind::PhantomSource), "{k:?}");
    assert!(k.contains(&WarningKind::CitationOutOfRange), "{k:?}");
    assert_eq!(r.citations.valid, 0);

    // The seeds' `Chapter\s+(\w+)` with the built-in chapter style off: an unnamed group
    // is tried as an id, then as a chapter or section label (`IV` is kb-1's chapterId).
    let v = validator(json!({ "citations": {
        "styles": ["numeric", "source", "doc", "footnote", "cjk", "parenthetical", "sourceId"],
        "patterns": [r"Chapter\s+(\w+)"]
    } }));
    let r = check(&v, "Paris is the capital of France, Chapter IV.");
    assert_eq!(r.citations.markers[0].raw, "Chapter IV");
    assert_eq!(r.citations.markers[0].source_ids, vec!["kb-1".to_string()]);
    assert_eq!(r.citations.markers[0].style, CitationStyle::Pattern);
    assert!(r.citations.markers[0].valid);
}

#[test]
fn pattern_spans_count_utf16_units() {
    let v = validator(json!({ "citations": { "patterns": [r"§([0-9]+)"] } }));
    let answer = "🗼 Paris is the capital of France §1.";
    let r = check(&v, answer);
    let m = &r.citations.markers[0];
    let utf16: Vec<u16> = answer.encode_utf16().collect();
    assert_eq!(String::from_utf16_lossy(&utf16[m.start..m.end]), "§1");
    assert!(m.valid);
}

#[test]
fn field_patterns_check_named_identifiers() {
    let mut src = Source::new("api", "search(query, topK): returns the topK best chunks.");
    src.title = Some("API".into());
    let v = validator(json!({ "evidence": { "fieldPatterns": [r"@param\s+(\w+)"] } }));
    let r = v
        .check(&CheckInput {
            question: "What does search take?".into(),
            answer: "search accepts @param topK and @param fuzziness [1].".into(),
            sources: vec![src],
            ..CheckInput::default()
        })
        .expect("check");
    assert_eq!(r.fields.unverified, vec!["fuzziness".to_string()]);
    assert!(r.fields.verified.contains(&"topK".to_string()));
    let w = r
        .warnings
        .iter()
        .find(|w| w.kind == WarningKind::UnverifiedField)
        .expect("a finding");
    let span = w.span.expect("span");
    assert_eq!(span.start, "search accepts @param topK and @param ".len());
}

#[test]
fn invalid_patterns_are_coded_errors_naming_the_field() {
    for (value, field) in [
        (
            json!({ "citations": { "patterns": [r"ok", r"Chapter\s+(\w+"] } }),
            "config.citations.patterns[1]",
        ),
        (
            json!({ "evidence": { "fieldPatterns": ["x?"] } }),
            "config.evidence.fieldPatterns[0]",
        ),
    ] {
        let e = config(value).expect_err("invalid");
        assert_eq!(e.code, ErrorCode::InvalidValue);
        assert_eq!(e.field.as_deref(), Some(field));
        assert!(e.message.contains("regular expression"), "{}", e.message);
    }
    let e = config(json!({ "citations": { "patterns": "abc" } })).expect_err("type");
    assert_eq!(e.field.as_deref(), Some("config.citations.patterns"));
}

#[test]
fn the_config_reports_patterns_back_and_reports_stay_deterministic() {
    let v = validator(json!({ "citations": { "patterns": [r"\[\[(\w+)\]\]"] } }));
    let shown = serde_json::to_value(v.config()).expect("json");
    assert_eq!(shown["citations"]["patterns"], json!([r"\[\[(\w+)\]\]"]));
    assert_eq!(shown["evidence"]["fieldPatterns"], json!([]));
    let a = serde_json::to_string(&check(&v, "Paris is the capital [[kb-1]].")).expect("json");
    let b = serde_json::to_string(&check(&v, "Paris is the capital [[kb-1]].")).expect("json");
    assert_eq!(a, b);
}
