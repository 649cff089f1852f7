//! Real-world answers from fixture files (`tests/fixtures/answers/<case>.json`, one answer
//! each, `{ why, question, answer, sources, expect }`): each states the citation summary,
//! the exact warnings (kind and the answer text under the span), the claims with their
//! status, and the gate's decision it must produce. Each answer is a module of four tests,
//! `<case>::citations`, `::warnings`, `::claims` and `::decision`, so that a failure names
//! the answer and the check and hides neither the other answers nor the other checks.
//!
//! What depends on the learned claim model (its support scores and the `supported` /
//! `partial` thresholds fitted with it), not only on the deterministic rules, says so: a
//! claim whose status the model decides has `"model": true`, and `expect.model` lists the
//! other expectations that move with the model (`warnings`, `decision`). Each case's
//! `model_notes` test checks the notes: moving both thresholds to 0 and to 1 moves exactly
//! the claims marked and the expectations listed, and never the citation summary.
#![cfg(not(target_arch = "wasm32"))]
// Reading fixture files is what this test is for; the core itself does no I/O.
#![allow(clippy::disallowed_methods)]

use std::collections::BTreeSet;
use std::path::Path;

use groundcheck::{CheckInput, Config, Report, Validator};
use serde_json::{json, Value};

/// The note beside a failure of an expectation that depends on the learned model.
const MODEL_NOTE: &str = "it depends on the learned claim model, and a retune that changes it \
     must say why in its commit";

/// One module per listed answer, with one test per check, and `LISTED`.
macro_rules! answer_cases {
    ($($case:ident),* $(,)?) => {
        $(mod $case {
            fn fixture() -> super::Fixture {
                super::Fixture::read(
                    stringify!($case),
                    include_str!(concat!(
                        env!("CARGO_MANIFEST_DIR"),
                        "/tests/fixtures/answers/",
                        stringify!($case),
                        ".json"
                    )),
                )
            }
            #[test]
            fn citations() {
                fixture().citations();
            }
            #[test]
            fn warnings() {
                fixture().warnings();
            }
            #[test]
            fn claims() {
                fixture().claims();
            }
            #[test]
            fn decision() {
                fixture().decision();
            }
            #[test]
            fn model_notes() {
                fixture().model_notes();
            }
        })*
        const LISTED: &[&str] = &[$(stringify!($case),)*];
    };
}

answer_cases! {
    chatgpt_file_search,
    cjk_and_emoji,
    code_assistant,
    footnotes_and_sources,
    no_citations_at_all,
    perplexity_style,
}

/// The answer text under a UTF-16 span, as JavaScript's `slice` would give it.
fn slice_utf16(text: &str, start: usize, end: usize) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    String::from_utf16(&units[start..end]).expect("span on code-point boundaries")
}

/// One answer fixture, checked with the default config.
struct Fixture {
    name: &'static str,
    input: CheckInput,
    expect: Value,
    report: Report,
}

impl Fixture {
    fn read(name: &'static str, raw: &str) -> Fixture {
        let fixture: Value = serde_json::from_str(raw).expect("fixture JSON");
        let why = fixture["why"].as_str().unwrap_or_default();
        assert!(
            !why.trim().is_empty() && !why.contains('\n'),
            "{name}: every case says why, in one line"
        );
        let mut input_json = fixture.clone();
        if let Some(obj) = input_json.as_object_mut() {
            obj.remove("expect");
            obj.remove("why");
        }
        let input = CheckInput::from_deserializer(input_json, &Default::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let report = check(&input, None);
        Fixture {
            name,
            input,
            expect: fixture["expect"].clone(),
            report,
        }
    }

    fn citations(&self) {
        let name = self.name;
        let got = serde_json::to_value(&self.report.citations).expect("serialize");
        let mut failures = Vec::new();
        for key in ["total", "valid", "outOfRange", "missing", "unusedSources"] {
            if got[key] != self.expect["citations"][key] {
                failures.push(format!(
                    "citations.{key}: {} (want {})",
                    got[key], self.expect["citations"][key]
                ));
            }
        }
        assert!(failures.is_empty(), "{name}: {}", failures.join("; "));
    }

    fn warnings(&self) {
        let want: Vec<(String, Value)> = self.expect["warnings"]
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
        let got = warnings(&self.report, &self.input);
        let note = if self.listed("warnings") {
            format!(" (listed in expect.model: {MODEL_NOTE})")
        } else {
            String::new()
        };
        assert_eq!(got, want, "{}: warnings{note}", self.name);
    }

    fn claims(&self) {
        let want: Vec<Value> = self.expect["claims"]
            .as_array()
            .expect("claims array")
            .iter()
            .map(|c| json!({"text": c["text"], "kind": c["kind"], "status": c["status"]}))
            .collect();
        let note = if marked(&self.expect["claims"]).is_empty() {
            String::new()
        } else {
            format!(" (the statuses marked `model: true`: {MODEL_NOTE})")
        };
        assert_eq!(
            Value::from(claims(&self.report)),
            Value::from(want),
            "{}: claims{note}",
            self.name
        );
    }

    fn decision(&self) {
        let name = self.name;
        let note = if self.listed("decision") {
            format!(" (listed in expect.model: {MODEL_NOTE})")
        } else {
            String::new()
        };
        assert_eq!(
            self.report.decision.as_str(),
            self.expect["decision"].as_str().unwrap_or_default(),
            "{name}: decision{note}"
        );
        assert!(
            (0.0..=1.0).contains(&self.report.confidence),
            "{name}: confidence in [0, 1]"
        );
    }

    /// Whether `expect.model` lists `key`.
    fn listed(&self, key: &str) -> bool {
        self.expect["model"]
            .as_array()
            .is_some_and(|l| l.contains(&json!(key)))
    }

    /// The notes are where the learned model decides: with both thresholds moved to 0 and
    /// to 1, exactly the claims marked `model: true` change status, and of the warnings,
    /// the decision and the citation summary, exactly those `expect.model` lists move.
    fn model_notes(&self) {
        let name = self.name;
        let claims_now = claims(&self.report);
        let warnings_now = warnings(&self.report, &self.input);
        let mut moved_claims = BTreeSet::new();
        let mut moved = BTreeSet::new();
        for t in [0.0, 1.0] {
            let report = check(&self.input, Some(t));
            let claims = claims(&report);
            assert_eq!(claims.len(), claims_now.len(), "{name}: same claims at {t}");
            for (i, (a, b)) in claims_now.iter().zip(&claims).enumerate() {
                assert_eq!(a["text"], b["text"], "{name}: same claims at {t}");
                if a["status"] != b["status"] {
                    moved_claims.insert(i);
                }
            }
            if serde_json::to_value(&report.citations).expect("serialize")
                != serde_json::to_value(&self.report.citations).expect("serialize")
            {
                moved.insert("citations");
            }
            if warnings(&report, &self.input) != warnings_now {
                moved.insert("warnings");
            }
            if report.decision.as_str() != self.report.decision.as_str() {
                moved.insert("decision");
            }
        }
        assert_eq!(
            marked(&self.expect["claims"]),
            moved_claims,
            "{name}: the claims marked `model: true` (left) are not those whose status the \
             model's thresholds move (right)"
        );
        let moved: Vec<Value> = ["citations", "warnings", "decision"]
            .iter()
            .filter(|k| moved.contains(*k))
            .map(|k| json!(k))
            .collect();
        assert_eq!(
            self.expect
                .get("model")
                .cloned()
                .unwrap_or_else(|| json!([])),
            Value::from(moved),
            "{name}: expect.model (left) is not what the model's thresholds move (right)"
        );
    }
}

/// The report of `input` with the default config; with `thresholds`, the claims'
/// `supported` and `partial` thresholds both set to it.
fn check(input: &CheckInput, thresholds: Option<f64>) -> Report {
    let validator = match thresholds {
        None => Validator::default(),
        Some(t) => {
            let mut config = Config::default();
            config.claims.supported = t;
            config.claims.partial = t;
            Validator::new(config).expect("validator")
        }
    };
    validator.check(input).expect("check")
}

/// Each warning as its kind and the answer text under its span.
fn warnings(report: &Report, input: &CheckInput) -> Vec<(String, Value)> {
    report
        .warnings
        .iter()
        .map(|w| {
            let text = w.span.map_or(Value::Null, |s| {
                Value::from(slice_utf16(&input.answer, s.start, s.end))
            });
            (w.kind.as_str().to_string(), text)
        })
        .collect()
}

/// Each claim as its text, kind and status.
fn claims(report: &Report) -> Vec<Value> {
    serde_json::to_value(&report.claims)
        .expect("serialize")
        .as_array()
        .expect("array")
        .iter()
        .map(|c| json!({"text": c["text"], "kind": c["kind"], "status": c["status"]}))
        .collect()
}

/// The indexes of the entries of `list` marked `model: true`.
fn marked(list: &Value) -> BTreeSet<usize> {
    list.as_array()
        .expect("array")
        .iter()
        .enumerate()
        .filter(|(_, e)| e.get("model") == Some(&json!(true)))
        .map(|(i, _)| i)
        .collect()
}

/// Every answer fixture is listed above (a listed one without its file fails to compile).
#[test]
fn every_answer_fixture_is_listed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/answers");
    let on_disk: BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("fixture dir")
        .map(|e| {
            let path = e.expect("entry").path();
            assert!(
                path.extension().is_some_and(|x| x == "json"),
                "{} is not a .json case",
                path.display()
            );
            path.file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string()
        })
        .collect();
    let listed: BTreeSet<String> = LISTED.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        on_disk, listed,
        "answer fixtures on disk (left) against listed (right)"
    );
    assert!(listed.len() >= 6, "fixtures present");
}
