//! The JavaScript surface, run by `wasm-pack test --node` and in headless Chromium.
#![cfg(target_arch = "wasm32")]

use groundcheck::wasm::{extract_citations, parse_decision, JsValidator};
use js_sys::{Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

fn json(text: &str) -> JsValue {
    JSON::parse(text).expect("valid JSON in the test")
}

fn get(v: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(v.clone(), |acc, key| {
        let key = if let Ok(i) = key.parse::<u32>() {
            JsValue::from(i)
        } else {
            JsValue::from_str(key)
        };
        Reflect::get(&acc, &key).unwrap_or(JsValue::UNDEFINED)
    })
}

fn code_and_field(err: JsValue) -> (String, String) {
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "thrown value is a real Error"
    );
    let e: js_sys::Error = err.dyn_into().expect("an Error");
    let code = Reflect::get(&e, &"code".into())
        .unwrap()
        .as_string()
        .unwrap_or_default();
    let field = Reflect::get(&e, &"field".into())
        .unwrap()
        .as_string()
        .unwrap_or_default();
    (code, field)
}

const SOURCES: &str = r#"[
  {"id":"paris","content":"Paris is the capital and largest city of France."},
  {"id":"pop","content":"The city of Paris has about 2.1 million residents."}
]"#;

fn input(answer: &str) -> JsValue {
    let v = json(&format!(
        r#"{{"question":"Tell me about Paris","sources":{SOURCES}}}"#
    ));
    Reflect::set(&v, &"answer".into(), &JsValue::from_str(answer)).unwrap();
    v
}

#[wasm_bindgen_test]
fn check_flags_out_of_range_with_utf16_span() {
    let v = JsValidator::new(None).unwrap();
    let answer = "Café ☕ Paris 😀 is the capital of France [1]. It has 2.1 million residents [4].";
    let report = v.check(input(answer)).unwrap();
    let warnings = js_sys::Array::from(&get(&report, "warnings"));
    let oor: Vec<JsValue> = warnings
        .iter()
        .filter(|w| get(w, "kind").as_string().as_deref() == Some("CITATION_OUT_OF_RANGE"))
        .collect();
    assert_eq!(oor.len(), 1);
    let start = get(&oor[0], "span.start").as_f64().unwrap() as u32;
    let end = get(&oor[0], "span.end").as_f64().unwrap() as u32;
    let js_answer = js_sys::JsString::from(answer);
    assert_eq!(String::from(js_answer.slice(start, end)), "[4]");
    assert_eq!(get(&report, "citations.outOfRange").as_f64(), Some(1.0));
    assert_eq!(get(&report, "citations.valid").as_f64(), Some(1.0));
    assert_eq!(get(&report, "complete").as_bool(), Some(true));
}

#[wasm_bindgen_test]
fn check_flags_missing_citation() {
    let v = JsValidator::new(None).unwrap();
    let report = v
        .check(input(
            "Paris is the capital of France [1]. It has 2.1 million residents.",
        ))
        .unwrap();
    assert_eq!(get(&report, "citations.missing").as_f64(), Some(1.0));
    assert_eq!(
        get(&report, "citations.unusedSources.0")
            .as_string()
            .as_deref(),
        Some("pop")
    );
}

#[wasm_bindgen_test]
fn extract_citations_skips_code_and_links() {
    let out = extract_citations(
        JsValue::from_str("Use `arr[1]` or [docs](http://x) per [2]."),
        None,
    )
    .unwrap();
    assert_eq!(get(&out, "total").as_f64(), Some(1.0));
    assert_eq!(
        get(&out, "citations.0.raw").as_string().as_deref(),
        Some("[2]")
    );
    assert_eq!(get(&out, "citations.0.start").as_f64(), Some(37.0));
    assert_eq!(
        get(&out, "citations.0.style").as_string().as_deref(),
        Some("numeric")
    );
}

#[wasm_bindgen_test]
fn extract_citations_options() {
    let opts = json(r#"{"styles":["cjk"],"indexBase":1,"sources":[{"id":"a","content":"x"}]}"#);
    let out = extract_citations(JsValue::from_str("A [1] 【1】 【2】"), Some(opts)).unwrap();
    assert_eq!(get(&out, "total").as_f64(), Some(2.0));
    assert_eq!(get(&out, "citations.0.valid").as_bool(), Some(true));
    assert_eq!(get(&out, "citations.1.valid").as_bool(), Some(false));
    let bad = extract_citations(JsValue::from_str("x"), Some(json(r#"{"styles":["nope"]}"#)))
        .unwrap_err();
    assert_eq!(
        code_and_field(bad),
        ("INVALID_VALUE".into(), "options.styles[0]".into())
    );
}

#[wasm_bindgen_test]
fn parse_decision_accepts_and_rejects() {
    let d = parse_decision(JsValue::from_str(
        "**Decision:** CLARIFY - need the product version",
    ))
    .unwrap();
    assert_eq!(get(&d, "decision").as_string().as_deref(), Some("CLARIFY"));
    assert_eq!(
        get(&d, "reason").as_string().as_deref(),
        Some("need the product version")
    );
    let d = parse_decision(JsValue::from_str(
        r#"{"decision":"final","reason":"grounded"}"#,
    ))
    .unwrap();
    assert_eq!(get(&d, "decision").as_string().as_deref(), Some("FINAL"));
    assert_eq!(
        code_and_field(parse_decision(JsValue::from_str("")).unwrap_err()).0,
        "EMPTY_DECISION"
    );
    assert_eq!(
        code_and_field(parse_decision(JsValue::from_str("FINAL or RETRY")).unwrap_err()).0,
        "AMBIGUOUS_DECISION"
    );
    assert_eq!(
        code_and_field(parse_decision(JsValue::from_str("looks fine")).unwrap_err()).0,
        "UNKNOWN_DECISION"
    );
    assert_eq!(
        code_and_field(parse_decision(JsValue::from(42)).unwrap_err()),
        ("INVALID_TYPE".into(), "text".into())
    );
}

#[wasm_bindgen_test]
fn bad_input_names_the_field() {
    let v = JsValidator::new(None).unwrap();
    let cases = [
        (
            r#"{"answer":"a","sources":[]}"#,
            "MISSING_FIELD",
            "question",
        ),
        (
            r#"{"question":"","answer":"a","sources":[]}"#,
            "TOO_SHORT",
            "question",
        ),
        (
            r#"{"question":"q","answer":5,"sources":[]}"#,
            "INVALID_TYPE",
            "answer",
        ),
        (
            r#"{"question":"q","answer":"a","sources":[{"id":"x"}]}"#,
            "MISSING_FIELD",
            "sources[0].content",
        ),
        (
            r#"{"question":"q","answer":"a","sources":[{"id":"x","content":"c"},{"id":"x","content":"d"}]}"#,
            "INVALID_VALUE",
            "sources[1].id",
        ),
        (
            r#"{"question":"q","answer":"a","sources":"none"}"#,
            "INVALID_TYPE",
            "sources",
        ),
    ];
    for (text, code, field) in cases {
        let err = v.check(json(text)).unwrap_err();
        assert_eq!(
            code_and_field(err),
            (code.to_string(), field.to_string()),
            "{text}"
        );
    }
    let long = "q".repeat(2001);
    let inp = json(r#"{"answer":"a","sources":[]}"#);
    Reflect::set(&inp, &"question".into(), &JsValue::from_str(&long)).unwrap();
    assert_eq!(
        code_and_field(v.check(inp).unwrap_err()),
        ("TOO_LONG".into(), "question".into())
    );
    assert_eq!(
        code_and_field(v.check(JsValue::from_str("x")).unwrap_err()).0,
        "INVALID_TYPE"
    );
}

#[wasm_bindgen_test]
fn bad_config_names_the_field() {
    let err = JsValidator::new(Some(json(r#"{"config":{"citations":{"indexBase":3}}}"#)))
        .err()
        .unwrap();
    assert_eq!(
        code_and_field(err),
        ("INVALID_VALUE".into(), "config.citations.indexBase".into())
    );
    let err = JsValidator::new(Some(json(r#"{"config":{"treshold":0.5}}"#)))
        .err()
        .unwrap();
    assert_eq!(
        code_and_field(err),
        ("UNKNOWN_FIELD".into(), "config.treshold".into())
    );
    let err = JsValidator::new(Some(json(r#"{"confg":{}}"#)))
        .err()
        .unwrap();
    assert_eq!(
        code_and_field(err),
        ("UNKNOWN_FIELD".into(), "options.confg".into())
    );
    let v = JsValidator::new(Some(json(r#"{"config":{"limits":{"maxSources":1}}}"#))).unwrap();
    let err = v.check(input("x")).unwrap_err();
    assert_eq!(code_and_field(err), ("TOO_LONG".into(), "sources".into()));
    assert_eq!(
        get(&v.config().unwrap(), "citations.indexBase").as_f64(),
        Some(1.0)
    );
}

#[wasm_bindgen_test]
fn unknown_input_keys_are_rejected_but_source_extras_ignored() {
    let v = JsValidator::new(None).unwrap();
    let err = v
        .check(json(
            r#"{"question":"q","answer":"a","sources":[],"checksum":{}}"#,
        ))
        .unwrap_err();
    assert_eq!(
        code_and_field(err),
        ("UNKNOWN_FIELD".into(), "checksum".into())
    );
    let ok = v.check(json(
        r#"{"question":"q","answer":"a [1]","sources":[{"id":"x","content":"a","embedding":[0.1],"metadata":{"k":1}}]}"#,
    ));
    assert!(ok.is_ok());
}

#[wasm_bindgen_test]
fn same_input_same_report() {
    let v = JsValidator::new(None).unwrap();
    let a = JSON::stringify(&v.check(input("Paris [1]. Also [7].")).unwrap()).unwrap();
    let b = JSON::stringify(&v.check(input("Paris [1]. Also [7].")).unwrap()).unwrap();
    assert_eq!(String::from(a), String::from(b));
}

#[wasm_bindgen_test]
fn verify_snippet_typo_and_changed_number() {
    use groundcheck::wasm::verify_snippet;
    let content =
        "Intro. The default timeout is 30 seconds and retries back off exponentially. Outro.";
    let ok = verify_snippet(
        JsValue::from_str("The default timout is 30 seconds and retries back off exponentially."),
        JsValue::from_str(content),
        None,
    )
    .unwrap();
    assert_eq!(get(&ok, "verified").as_bool(), Some(true));
    assert_eq!(get(&ok, "method").as_string().as_deref(), Some("fuzzy"));
    assert_eq!(get(&ok, "span.start").as_f64(), Some(7.0));
    let bad = verify_snippet(
        JsValue::from_str("The default timeout is 60 seconds and retries back off exponentially."),
        JsValue::from_str(content),
        None,
    )
    .unwrap();
    assert_eq!(get(&bad, "verified").as_bool(), Some(false));
    assert!(get(&bad, "closest.text").as_string().is_some());
    let err = verify_snippet(
        JsValue::from_str("x"),
        JsValue::from_str("y"),
        Some(json(r#"{"threshold":2}"#)),
    )
    .unwrap_err();
    assert_eq!(
        code_and_field(err),
        ("INVALID_VALUE".into(), "options.threshold".into())
    );
}

#[wasm_bindgen_test]
fn full_report_claims_gate_and_evidence() {
    let v = JsValidator::new(None).unwrap();
    let sources = r#"[
      {"id":"cfg","path":"src/config.ts","startLine":1,"endLine":20,
       "content":"export interface Options {\n  topK: number;\n  timeoutMs: number;\n}\nThe company reported revenue of $160 million in 2023."}
    ]"#;
    let inp = json(&format!(
        r#"{{"question":"What did the company report?","sources":{sources},"critic":"FINAL: looks grounded"}}"#
    ));
    let answer = "The company reported revenue of $16 million in 2023 [1]. See src/utils/helpers.ts for the `maxTokens` option.";
    Reflect::set(&inp, &"answer".into(), &JsValue::from_str(answer)).unwrap();
    let report = v.check(inp).unwrap();
    assert_eq!(
        get(&report, "decision").as_string().as_deref(),
        Some("RETRY")
    );
    assert_eq!(get(&report, "overruled").as_bool(), Some(true));
    assert_eq!(
        get(&report, "claims.0.status").as_string().as_deref(),
        Some("contradicted")
    );
    let kinds: Vec<String> = js_sys::Array::from(&get(&report, "warnings"))
        .iter()
        .filter_map(|w| get(&w, "kind").as_string())
        .collect();
    // $16 million where the source states $160 million for the same revenue: contradicted.
    for k in ["CONTRADICTION", "PHANTOM_SOURCE", "UNVERIFIED_FIELD"] {
        assert!(kinds.iter().any(|x| x == k), "{k} in {kinds:?}");
    }
    let c = get(&report, "confidence").as_f64().unwrap();
    assert!((0.0..=1.0).contains(&c));
    assert!(get(&report, "correctionPrompt")
        .as_string()
        .unwrap()
        .contains("$16 million"));
    assert_eq!(get(&report, "summary.fieldsTotal").as_f64(), Some(1.0));
}
