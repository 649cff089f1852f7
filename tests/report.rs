//! What the report carries beside the verdict: provenance that survives (source
//! metadata, document, domain; how each claim was verified) and the quality of each
//! source.
#![cfg(not(target_arch = "wasm32"))]

use groundcheck::claims::{SupportStatus, VerifiedBy};
use groundcheck::{CheckInput, Source, Validator};
use serde_json::json;

fn sources() -> Vec<Source> {
    let mut geo = Source::new("geo", "Paris is the capital and largest city of France.");
    geo.document = Some("atlas".into());
    geo.domain = Some("geography".into());
    geo.chunk_id = Some("c7".into());
    geo.score = Some(0.9);
    geo.metadata = Some(json!({ "lang": "en", "tags": ["public"] }));
    let mut pop = Source::new("pop", "Paris has about 2.1 million residents.");
    pop.score = Some(0.5);
    pop.checksum = Some("v1".into());
    vec![geo, pop]
}

#[test]
fn provenance_passes_source_metadata_through() {
    let input = CheckInput {
        question: "Tell me about Paris".into(),
        answer: "Paris is the capital of France [1].".into(),
        sources: sources(),
        ..CheckInput::default()
    };
    let r = Validator::default().check(&input).expect("check");
    let claim = &r.claims[0];
    assert_eq!(claim.verified_by, Some(VerifiedBy::Lexical));
    let p = &claim.provenance[0];
    assert_eq!(p.document.as_deref(), Some("atlas"));
    assert_eq!(p.domain.as_deref(), Some("geography"));
    assert_eq!(p.chunk_id.as_deref(), Some("c7"));
    assert_eq!(
        p.metadata,
        Some(json!({ "lang": "en", "tags": ["public"] }))
    );
    let e = claim.evidence.as_ref().expect("evidence");
    assert_eq!(e.document.as_deref(), Some("atlas"));
    assert_eq!(e.chunk_id.as_deref(), Some("c7"));
    // The report serialises metadata as given.
    let v = serde_json::to_value(&r).expect("json");
    assert_eq!(v["claims"][0]["provenance"][0]["metadata"]["lang"], "en");
    assert_eq!(v["claims"][0]["verifiedBy"], "lexical");
}

#[test]
fn source_quality_combines_retrieval_staleness_and_support() {
    let mut checksums = std::collections::BTreeMap::new();
    checksums.insert("pop".to_string(), "v2".to_string());
    let input = CheckInput {
        question: "Tell me about Paris".into(),
        answer: "Paris is the capital of France [1]. Paris has about 9 million residents [1]."
            .into(),
        sources: sources(),
        checksums,
        ..CheckInput::default()
    };
    let r = Validator::default().check(&input).expect("check");
    // The cited source lacks the figure; the other retrieved source states a different
    // one for the same quantity (about 2.1 million): a contradiction, not mere absence.
    assert_eq!(r.claims[1].status, SupportStatus::Contradicted);
    let geo = &r.source_quality[0];
    assert_eq!((geo.cited_by, geo.supported), (2, 1));
    assert_eq!(geo.support_rate, Some(0.5));
    assert_eq!(geo.quality, Some(0.7)); // mean of 0.9 and 0.5
    let pop = &r.source_quality[1];
    assert!(pop.stale);
    assert_eq!(pop.cited_by, 0);
    assert_eq!(pop.quality, Some(0.0));
}

#[test]
fn an_answer_of_only_markers_has_nothing_to_be_confident_about() {
    let input = CheckInput {
        question: "Tell me about Paris".into(),
        answer: "[1]".into(),
        sources: sources(),
        ..CheckInput::default()
    };
    let r = Validator::default().check(&input).expect("check");
    assert_eq!(r.reasons[0].code, "EMPTY_ANSWER");
    assert_eq!(r.confidence, 0.0);
    assert_eq!(r.decision, groundcheck::Decision::Retry);
}
