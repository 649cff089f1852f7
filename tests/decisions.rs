//! The decision table: answers that must not pass (hallucinations), answers that must not
//! be flagged (correct, cited answers, code references, refusals), each with the decision,
//! level and blocking codes that are right for it, run in every preset. Every case is run
//! and every failure listed, so one failing case does not hide the rest.
//!
//! Fixture files: `tests/fixtures/decisions/*.json`, arrays of cases
//! `{ name, why, question, answer, sources, config?, critic?, checksums?, expect, presets? }`.
//! `expect` holds the default preset's `decision` and `blocking` codes (and, where the case
//! is about them, `level`, `recommendation`, `abstained`). In every other preset a case
//! has the same decision and blocking codes, except where `presets` says otherwise: the
//! `triad` formula without judges cannot vouch for relevance and usefulness, so a correct
//! answer is RETRY there until the judges run. The same files are run in wasm by
//! `tests/web_decisions.rs`.
#![cfg(not(target_arch = "wasm32"))]
// Reading fixture files is what this test is for; the core itself does no I/O.
#![allow(clippy::disallowed_methods)]

use std::path::Path;

use groundcheck::{CheckInput, Config, Report, Validator};
use serde_json::{json, Value};

const PRESETS: [&str; 5] = ["default", "triad", "claims", "relevance", "penalties"];

fn cases() -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/decisions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixture dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let file = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let raw = std::fs::read_to_string(&path).expect("read fixture");
        let all: Value = serde_json::from_str(&raw).expect("fixture JSON");
        for case in all.as_array().expect("an array of cases") {
            let name = format!("{file}/{}", case["name"].as_str().expect("name"));
            assert!(
                case["why"].as_str().is_some_and(|w| !w.is_empty()),
                "{name}: every case says why"
            );
            out.push((name, case.clone()));
        }
    }
    out
}

fn run(case: &Value, preset: &str) -> Report {
    let mut config = case.get("config").cloned().unwrap_or_else(|| json!({}));
    config["preset"] = json!(preset);
    let config = Config::from_deserializer(config).expect("config");
    let mut input = json!({
        "question": case["question"],
        "answer": case["answer"],
        "sources": case["sources"],
    });
    for key in ["critic", "checksums"] {
        if let Some(v) = case.get(key) {
            input[key] = v.clone();
        }
    }
    let input = CheckInput::from_deserializer(input, &config.limits).expect("input");
    Validator::new(config)
        .expect("validator")
        .check(&input)
        .expect("check")
}

/// The codes among the report's reasons that block FINAL.
fn blocking(report: &Report, config: &Config) -> Vec<String> {
    let mut codes: Vec<String> = report
        .reasons
        .iter()
        .map(|r| r.code.clone())
        .filter(|c| {
            groundcheck::gate::veto::ALL.contains(&c.as_str())
                || config.gate.blocking.iter().any(|k| k.as_str() == c)
        })
        .collect();
    codes.sort();
    codes.dedup();
    codes
}

fn as_json<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// The rule every report keeps, whatever the preset: FINAL only without blocking codes
/// and at or above the threshold; blocking codes cap the score below the threshold and
/// below `medium`; a rejected answer reads `veryLow`; CLARIFY has its own states.
fn invariants(report: &Report, blocking: &[String], threshold: f64) -> Vec<String> {
    let mut broken = Vec::new();
    let decision = report.decision.as_str();
    let level = as_json(&report.level);
    let level = level.as_str().unwrap_or_default();
    if decision == "FINAL" && (!blocking.is_empty() || report.confidence < threshold) {
        broken.push(format!("FINAL with {blocking:?} at {}", report.confidence));
    }
    if !blocking.is_empty()
        && (report.confidence >= threshold || level == "high" || level == "medium")
    {
        broken.push(format!(
            "blocking {blocking:?} yet confidence {} ({level})",
            report.confidence
        ));
    }
    if decision != "FINAL" && (level == "high" || level == "medium") {
        broken.push(format!("{decision} shown as {level}"));
    }
    if as_json(&report.recommendation) == "reject" && decision != "CLARIFY" && level != "veryLow" {
        broken.push(format!("reject shown as {level}"));
    }
    if decision == "CLARIFY" && level != "abstained" && level != "clarify" {
        broken.push(format!("CLARIFY shown as the grade {level}"));
    }
    broken
}

#[test]
fn decision_table() {
    let cases = cases();
    assert!(cases.len() >= 40, "at least 40 cases, got {}", cases.len());
    let mut failures = Vec::new();
    for (name, case) in &cases {
        let expect = &case["expect"];
        for preset in PRESETS {
            let report = run(case, preset);
            let mut config = case.get("config").cloned().unwrap_or_else(|| json!({}));
            config["preset"] = json!(preset);
            let config = Config::from_deserializer(config).expect("config");
            let got_blocking = blocking(&report, &config);
            let want = case
                .get("presets")
                .and_then(|p| p.get(preset))
                .unwrap_or(expect);
            let mut fail = |what: String| failures.push(format!("{name} [{preset}]: {what}"));
            if report.decision.as_str() != want["decision"].as_str().unwrap_or_default() {
                fail(format!(
                    "decision {} (want {}); reasons {:?}",
                    report.decision.as_str(),
                    want["decision"],
                    report.reasons.iter().map(|r| &r.code).collect::<Vec<_>>()
                ));
            }
            if as_json(&got_blocking) != want["blocking"] {
                fail(format!(
                    "blocking {got_blocking:?} (want {})",
                    want["blocking"]
                ));
            }
            if preset == "default" {
                for key in ["level", "recommendation", "abstained"] {
                    let got = match key {
                        "level" => as_json(&report.level),
                        "recommendation" => as_json(&report.recommendation),
                        _ => json!(report.abstained),
                    };
                    if let Some(w) = expect.get(key) {
                        if &got != w {
                            fail(format!("{key} {got} (want {w})"));
                        }
                    }
                }
            }
            for b in invariants(&report, &got_blocking, config.threshold) {
                fail(b);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every fixture file is also run in wasm: `tests/web_decisions.rs` names each one.
#[test]
fn every_fixture_file_runs_in_wasm() {
    let web = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web_decisions.rs"),
    )
    .expect("tests/web_decisions.rs");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/decisions");
    for e in std::fs::read_dir(dir).expect("fixture dir") {
        let name = e.expect("entry").file_name().to_string_lossy().to_string();
        assert!(
            web.contains(&format!("fixtures/decisions/{name}")),
            "tests/web_decisions.rs does not include {name}"
        );
    }
}
