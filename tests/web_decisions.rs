//! The decision table (`tests/fixtures/decisions/`, see `tests/decisions.rs`) through the
//! JavaScript surface: each case in every preset, the same decision and blocking codes as
//! natively, and the same rule between the decision and the badge. Each case is its own
//! test, `<check>::<case>`, from the list shared with `tests/decisions.rs`
//! (`tests/fixtures/decisions/cases.rs`). Run by `wasm-pack test --node` and in headless
//! Chromium.
#![cfg(target_arch = "wasm32")]

use groundcheck::wasm::JsValidator;
use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

/// One `#[wasm_bindgen_test]` per listed case, in a module per check, and `LISTED`.
macro_rules! decision_cases {
    ($($check:ident: [$($case:ident),* $(,)?]),* $(,)?) => {
        $(mod $check {
            use wasm_bindgen_test::*;
            $(#[wasm_bindgen_test]
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

const PRESETS: [&str; 5] = ["default", "triad", "claims", "relevance", "penalties"];

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn text(v: &JsValue, key: &str) -> String {
    get(v, key).as_string().unwrap_or_default()
}

fn run(case: &JsValue, preset: &str) -> (JsValue, Vec<String>) {
    let config = get(case, "config");
    let config = if config.is_undefined() {
        js_sys::Object::new().into()
    } else {
        config
    };
    Reflect::set(&config, &"preset".into(), &preset.into()).unwrap();
    let options = js_sys::Object::new();
    Reflect::set(&options, &"config".into(), &config).unwrap();
    let v = JsValidator::new(Some(options.into())).expect("validator");
    let input = js_sys::Object::new();
    for key in ["question", "answer", "sources", "critic", "checksums"] {
        let value = get(case, key);
        if !value.is_undefined() {
            Reflect::set(&input, &key.into(), &value).unwrap();
        }
    }
    let kinds = strings(&get(&get(&v.config().expect("config"), "gate"), "blocking"));
    (v.check(input.into()).expect("check"), kinds)
}

/// The codes among the report's reasons that block FINAL: a veto, or a warning kind in
/// the validator's `gate.blocking` (read from the JS config, not copied here).
fn blocking(report: &JsValue, kinds: &[String]) -> Vec<String> {
    let mut codes: Vec<String> = Array::from(&get(report, "reasons"))
        .iter()
        .map(|r| text(&r, "code"))
        .filter(|c| groundcheck::gate::veto::ALL.contains(&c.as_str()) || kinds.contains(c))
        .collect();
    codes.sort();
    codes.dedup();
    codes
}

fn strings(v: &JsValue) -> Vec<String> {
    Array::from(v)
        .iter()
        .filter_map(|s| s.as_string())
        .collect()
}

/// Runs one case in every preset and lists every failure.
fn check_case(name: &str, raw: &str) {
    let case = JSON::parse(raw).expect("fixture JSON");
    let mut failures = Vec::new();
    let expect = get(&case, "expect");
    for preset in PRESETS {
        let (report, kinds) = run(&case, preset);
        let overrides = get(&get(&case, "presets"), preset);
        let want = if overrides.is_undefined() {
            expect.clone()
        } else {
            overrides
        };
        let decision = text(&report, "decision");
        let level = text(&report, "level");
        let confidence = get(&report, "confidence").as_f64().unwrap_or(f64::NAN);
        let got = blocking(&report, &kinds);
        if decision != text(&want, "decision") {
            failures.push(format!("{name} [{preset}]: decision {decision}"));
        }
        if got != strings(&get(&want, "blocking")) {
            failures.push(format!("{name} [{preset}]: blocking {got:?}"));
        }
        if preset == "default" {
            for key in ["level", "recommendation"] {
                let w = text(&expect, key);
                if !w.is_empty() && text(&report, key) != w {
                    failures.push(format!("{name}: {key} {}", text(&report, key)));
                }
            }
        }
        // The rule between decision and badge (threshold 0.7 in every case).
        let graded_high = level == "high" || level == "medium";
        if decision == "FINAL" && (!got.is_empty() || confidence < 0.7) {
            failures.push(format!("{name} [{preset}]: FINAL at {confidence}"));
        }
        if decision != "FINAL" && graded_high {
            failures.push(format!("{name} [{preset}]: {decision} shown {level}"));
        }
        if decision == "CLARIFY" && level != "abstained" && level != "clarify" {
            failures.push(format!("{name} [{preset}]: CLARIFY shown {level}"));
        }
    }
    if get(&expect, "model").as_bool() == Some(true) && !failures.is_empty() {
        failures.push(format!(
            "{name}: this result depends on the learned claim model (`model: true`): a \
             retune that changes it must say why in its commit"
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[wasm_bindgen_test]
fn at_least_40_cases() {
    assert!(
        LISTED.len() >= 40,
        "at least 40 cases, got {}",
        LISTED.len()
    );
}
