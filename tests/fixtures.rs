//! Real-world answers from fixture files: each fixture states the citation summary, the
//! exact warnings (kind and the answer text under the span), the claims with their
//! status, and the gate's decision it must produce.
#![cfg(not(target_arch = "wasm32"))]
// Reading fixture files is what this test is for; the core itself does no I/O.
#![allow(clippy::disallowed_methods)]

use std::path::Path;

use groundcheck::{CheckInput, Validator};
use serde_json::Value;

/// The answer text under a UTF-16 span, as JavaScript's `slice` would give it.
fn slice_utf16(text: &str, start: usize, end: usize) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    String::from_utf16(&units[start..end]).expect("span on code-point boundaries")
}

#[test]
fn answer_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/answers");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixture dir")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert!(files.len() >= 6, "fixtures present");
    let validator = Validator::default();
    for path in files {
        let raw = std::fs::read_to_string(&path).expect("read fixture");
        let fixture: Value = serde_json::from_str(&raw).expect("fixture JSON");
        let mut input_json = fixture.clone();
        if let Some(obj) = input_json.as_object_mut() {
            obj.remove("expect");
        }
        let input = CheckInput::from_deserializer(input_json, &Default::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let report = validator.check(&input).expect("check");
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let expect = &fixture["expect"];
        let got = serde_json::to_value(&report.citations).expect("serialize");
        for key in ["total", "valid", "outOfRange", "missing", "unusedSources"] {
            assert_eq!(
                got[key], expect["citations"][key],
                "{name}: citations.{key}"
            );
        }
        let warnings: Vec<(String, Value)> = report
            .warnings
            .iter()
            .map(|w| {
                let text = w.span.map_or(Value::Null, |s| {
                    Value::from(slice_utf16(&input.answer, s.start, s.end))
                });
                (w.kind.as_str().to_string(), text)
            })
            .collect();
        let want: Vec<(String, Value)> = expect["warnings"]
            .as_array()
            .expect("warnings array")
            .iter()
            .map(|w| {
                (
                    w["kind"].as_str().unwrap_or_default().to_string(),
                    w["text"].clone(),
                )
            })
            .collect();
        assert_eq!(warnings, want, "{name}: warnings");
        assert_eq!(
            report.decision.as_str(),
            expect["decision"].as_str().unwrap_or_default(),
            "{name}: decision"
        );
        let claims: Vec<Value> = serde_json::to_value(&report.claims)
            .expect("serialize")
            .as_array()
            .expect("array")
            .iter()
            .map(|c| serde_json::json!({"text": c["text"], "kind": c["kind"], "status": c["status"]}))
            .collect();
        assert_eq!(Value::from(claims), expect["claims"], "{name}: claims");
        assert!(
            (0.0..=1.0).contains(&report.confidence),
            "{name}: confidence in [0, 1]"
        );
    }
}
