//! The decision table: answers that must not pass (hallucinations), answers that must not
//! be flagged (correct, cited answers, code references, refusals), each with the decision,
//! level and blocking codes that are right for it, run in every preset.
//!
//! Fixture files: `tests/fixtures/decisions/<check>/<case>.json`, one case each,
//! `{ why, question, answer, sources, config?, critic?, checksums?, presets?, expect }`,
//! where `<check>` is the check (or gate rule) the case is about. Each case is its own test,
//! named `<check>::<case>` (the list is `tests/fixtures/decisions/cases.rs`, shared with
//! `tests/web_decisions.rs`, which runs the same cases in wasm), so one failing case does
//! not hide the rest; within a case every preset is run and every failure listed.
//!
//! `expect` holds the default preset's `decision` and `blocking` codes (and, where the case
//! is about them, `level`, `recommendation`, `abstained`). In every other preset a case
//! has the same decision and blocking codes, except where `presets` says otherwise: the
//! `triad` formula without judges cannot vouch for relevance and usefulness, so a correct
//! answer is RETRY there until the judges run.
//!
//! `expect.model` lists the expectations (`decision`, `blocking`, `level`, `recommendation`,
//! `abstained`) that depend on the learned claim model (its support scores and the
//! `supported` / `partial` thresholds fitted with it), not only on the deterministic rules.
//! The test checks the note: moving both thresholds to 0 and to 1 moves, in some preset,
//! exactly the expectations it lists.
#![cfg(not(target_arch = "wasm32"))]
// Reading fixture files is what this test is for; the core itself does no I/O.
#![allow(clippy::disallowed_methods)]

use std::collections::BTreeSet;
use std::path::Path;

use groundcheck::{CheckInput, Config, Report, Validator};
use serde_json::{json, Value};

const PRESETS: [&str; 5] = ["default", "triad", "claims", "relevance", "penalties"];

/// The note beside a failure of a case whose result depends on the learned model.
const MODEL_NOTE: &str = "expect.model lists what depends on the learned claim model: a \
     retune that changes it must say why in its commit";

/// The keys of a case's result, in the order `expect.model` lists them.
const KEYS: [&str; 5] = [
    "decision",
    "blocking",
    "level",
    "recommendation",
    "abstained",
];

/// One `#[test]` per listed case, in a module per check, and `LISTED` (`check/case`).
macro_rules! decision_cases {
    ($($check:ident: [$($case:ident),* $(,)?]),* $(,)?) => {
        $(mod $check {
            $(#[test]
            fn $case() {
                super::check_case(
                    concat!(stringify!($check), "/", stringify!($case)),
                    include_str!(concat!(
                        env!("CARGO_MANIFEST_DIR"),
                        "/tests/fixtures/decisions/",
                        stringify!($check),
                        "/",
                        stringify!($case),
                        ".json"
                    )),
                );
            })*
        })*
        const LISTED: &[&str] = &[$($(concat!(stringify!($check), "/", stringify!($case)),)*)*];
    };
}

include!("fixtures/decisions/cases.rs");

/// The config of `case` in `preset`; with `thresholds`, the claims' `supported` and
/// `partial` thresholds both set to it.
fn config_of(case: &Value, preset: &str, thresholds: Option<f64>) -> Config {
    let mut config = case.get("config").cloned().unwrap_or_else(|| json!({}));
    config["preset"] = json!(preset);
    if let Some(t) = thresholds {
        if config.get("claims").is_none() {
            config["claims"] = json!({});
        }
        config["claims"]["supported"] = json!(t);
        config["claims"]["partial"] = json!(t);
    }
    Config::from_deserializer(config).expect("config")
}

fn run(case: &Value, config: &Config) -> Report {
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
    Validator::new(config.clone())
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

/// What a case's expectations read from a report in `preset`.
fn outcome(report: &Report, config: &Config, preset: &str) -> Value {
    let mut out = json!({
        "decision": report.decision.as_str(),
        "blocking": blocking(report, config),
    });
    if preset == "default" {
        out["level"] = as_json(&report.level);
        out["recommendation"] = as_json(&report.recommendation);
        out["abstained"] = json!(report.abstained);
    }
    out
}

/// The keys of the case's result that move, in some preset, when the learned model's
/// thresholds do (both to 0: every claim the rules leave to the model is supported; both
/// to 1: none is).
fn moved_by_model(case: &Value) -> Value {
    let mut moved: BTreeSet<&str> = BTreeSet::new();
    for preset in PRESETS {
        let config = config_of(case, preset, None);
        let base = outcome(&run(case, &config), &config, preset);
        for t in [0.0, 1.0] {
            let config = config_of(case, preset, Some(t));
            let got = outcome(&run(case, &config), &config, preset);
            moved.extend(KEYS.into_iter().filter(|k| got.get(*k) != base.get(*k)));
        }
    }
    KEYS.into_iter()
        .filter(|k| moved.contains(k))
        .map(|k| json!(k))
        .collect()
}

/// Runs one case in every preset and lists every failure.
fn check_case(name: &str, raw: &str) {
    let case: Value = serde_json::from_str(raw).expect("fixture JSON");
    let why = case["why"].as_str().unwrap_or_default();
    assert!(
        !why.trim().is_empty() && !why.contains('\n'),
        "{name}: every case says why, in one line"
    );
    let expect = &case["expect"];
    let model = expect.get("model").cloned().unwrap_or_else(|| json!([]));
    let mut failures = Vec::new();
    for preset in PRESETS {
        let config = config_of(&case, preset, None);
        let report = run(&case, &config);
        let got_blocking = blocking(&report, &config);
        let want = case
            .get("presets")
            .and_then(|p| p.get(preset))
            .unwrap_or(expect);
        let mut fail = |what: String| failures.push(format!("[{preset}]: {what}"));
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
    let note = if model != json!([]) && !failures.is_empty() {
        format!("\n(expect.model {model}: {MODEL_NOTE})")
    } else {
        String::new()
    };
    let moved = moved_by_model(&case);
    if moved != model {
        failures.push(format!(
            "expect.model is {model}, but moving the model's thresholds moves {moved}"
        ));
    }
    assert!(
        failures.is_empty(),
        "{name} ({why}): {} failure(s):\n{}{note}",
        failures.len(),
        failures.join("\n")
    );
}

/// Every fixture file is listed (so it runs natively and in wasm), and every listed case
/// has its file (a missing one also fails to compile: `include_str!`).
#[test]
fn every_fixture_file_is_listed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/decisions");
    let mut on_disk = BTreeSet::new();
    for check in std::fs::read_dir(&dir).expect("fixture dir") {
        let check = check.expect("entry").path();
        if !check.is_dir() {
            continue;
        }
        let folder = check
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        for file in std::fs::read_dir(&check).expect("check dir") {
            let path = file.expect("entry").path();
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            assert!(
                path.extension().is_some_and(|x| x == "json"),
                "{} is not a .json case",
                path.display()
            );
            on_disk.insert(format!("{folder}/{stem}"));
        }
    }
    let listed: BTreeSet<String> = LISTED.iter().map(|s| s.to_string()).collect();
    assert_eq!(LISTED.len(), listed.len(), "a case is listed twice");
    let unlisted: Vec<_> = on_disk.difference(&listed).collect();
    let missing: Vec<_> = listed.difference(&on_disk).collect();
    assert!(
        unlisted.is_empty() && missing.is_empty(),
        "not listed in tests/fixtures/decisions/cases.rs: {unlisted:?}; listed without a file: {missing:?}"
    );
    assert!(
        listed.len() >= 40,
        "at least 40 cases, got {}",
        listed.len()
    );
}

/// The same list is run in wasm: `tests/web_decisions.rs` includes it.
#[test]
fn every_case_runs_in_wasm() {
    let web = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web_decisions.rs"),
    )
    .expect("tests/web_decisions.rs");
    assert!(
        web.contains("include!(\"fixtures/decisions/cases.rs\")"),
        "tests/web_decisions.rs does not include the list of cases"
    );
}
