//! The input boundary in wasm (`wasm-pack test --node` and headless Chromium): depth,
//! cycles, throwing getters and Proxies, exotic objects and positional arrays all give a
//! coded error naming the field, and the module keeps working after each.
#![cfg(target_arch = "wasm32")]

use groundcheck::wasm::stream::JsStreamingValidator;
use groundcheck::wasm::{cache_key, JsValidator};
use js_sys::{Function, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

fn json(text: &str) -> JsValue {
    JSON::parse(text).expect("valid JSON in the test")
}

/// Evaluates a JS expression (test-only: builds getters, Proxies and cycles).
fn js(expr: &str) -> JsValue {
    Function::new_no_args(&format!("return ({expr});"))
        .call0(&JsValue::NULL)
        .expect("the test's JS runs")
}

fn code_and_field(err: JsValue) -> (String, String) {
    let e: js_sys::Error = err.dyn_into().expect("a real Error");
    let s = |k: &str| {
        Reflect::get(&e, &k.into())
            .unwrap()
            .as_string()
            .unwrap_or_default()
    };
    (s("code"), s("field"))
}

const GOOD: &str = r#"{"question":"Capital?","answer":"Paris is the capital of France [1].","sources":[{"id":"a","content":"Paris is the capital of France."}]}"#;

fn alive(v: &JsValidator) {
    let report = v
        .check(json(GOOD))
        .expect("a normal check after the hostile one");
    assert!(Reflect::get(&report, &"confidence".into())
        .unwrap()
        .as_f64()
        .is_some());
}

#[wasm_bindgen_test]
fn hostile_inputs_get_coded_errors() {
    let v = JsValidator::new(None).unwrap();
    let deep = format!(
        r#"{{"question":"q?","answer":"a","sources":[{{"id":"a","content":"x","m":{}{}}}]}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    // The root object is level 1, sources 2, the source 3, m 4: level 65 is m + 61 × [0].
    let deep_field = format!("sources[0].m{}", "[0]".repeat(61));
    let cases: Vec<(JsValue, &str, &str)> = vec![
        (json(&deep), "TOO_DEEP", &deep_field),
        (
            js(
                r#"(() => { const s = { id: "a", content: "x" }; s.self = s; return { question: "q?", answer: "a", sources: [s] }; })()"#,
            ),
            "INVALID_INPUT",
            "sources[0].self",
        ),
        (
            js(
                r#"{ question: "q?", answer: "a", sources: [{ id: "a", get content() { throw new Error("no"); } }] }"#,
            ),
            "INVALID_INPUT",
            "sources[0].content",
        ),
        (
            js(
                r#"{ question: "q?", answer: "a", sources: [new Proxy({}, { ownKeys() { throw new Error("no"); } })] }"#,
            ),
            "INVALID_INPUT",
            "sources[0]",
        ),
        (
            js(r#"{ question: "q?", answer: "a", sources: new Map() }"#),
            "INVALID_INPUT",
            "sources",
        ),
        (
            js(
                r#"{ question: "q?", answer: "a", sources: [{ id: "a", content: "x", score: NaN }] }"#,
            ),
            "INVALID_VALUE",
            "sources[0].score",
        ),
        (
            js(
                r#"{ question: "q?", answer: "a", sources: [{ id: "a", content: "x", score: 1n }] }"#,
            ),
            "INVALID_TYPE",
            "sources[0].score",
        ),
        (
            json(r#"{"question":"q?","answer":"a","sources":[["a","positional"]]}"#),
            "INVALID_TYPE",
            "sources[0]",
        ),
        (json(r#"["q?","a",[]]"#), "INVALID_TYPE", "input"),
    ];
    for (input, code, field) in cases {
        let err = v.check(input).expect_err(code);
        assert_eq!(
            code_and_field(err),
            (code.into(), field.into()),
            "{code} {field}"
        );
        alive(&v);
    }
    // Thousands of throwing getters: no JS exception unwinds through wasm frames, so the
    // shadow stack does not leak.
    let getter = js(
        r#"{ question: "q?", answer: "a", sources: [{ id: "a", get content() { throw new Error("no"); } }] }"#,
    );
    for _ in 0..2000 {
        assert!(v.check(getter.clone()).is_err());
    }
    alive(&v);
}

#[wasm_bindgen_test]
fn options_and_other_exports_are_read_safely() {
    let err = JsValidator::new(Some(json("[]")))
        .err()
        .expect("an array is not options");
    assert_eq!(
        code_and_field(err),
        ("INVALID_TYPE".into(), "options".into())
    );
    let err = JsValidator::new(Some(json(r#"{"config":[0.5]}"#)))
        .err()
        .expect("positional config");
    assert_eq!(code_and_field(err).0, "INVALID_TYPE");
    let err = JsValidator::new(Some(js(r#"{ get config() { throw new Error("no"); } }"#)))
        .err()
        .expect("a throwing option getter is not 'absent'");
    assert_eq!(
        code_and_field(err),
        ("INVALID_INPUT".into(), "options.config".into())
    );
    let err = cache_key(JsValue::from(42), json("[]"), None).unwrap_err();
    assert_eq!(
        code_and_field(err),
        ("INVALID_TYPE".into(), "question".into())
    );
    let err = cache_key(js(r#""a\ud800""#), json("[]"), None).unwrap_err();
    assert_eq!(
        code_and_field(err),
        ("INVALID_VALUE".into(), "question".into())
    );
    let err = JsStreamingValidator::new(js(r#"{ question: "q?", sources: [{ id: "a", content: "x", m: JSON.parse("[".repeat(100) + "]".repeat(100)) }] }"#))
        .err()
        .expect("deep stream options");
    assert_eq!(code_and_field(err).0, "TOO_DEEP");
}

#[wasm_bindgen_test]
fn a_surrogate_pair_split_across_pushes_is_one_character() {
    let mut sv = JsStreamingValidator::new(json(
        r#"{"question":"q?","sources":[{"id":"a","content":"x"}]}"#,
    ))
    .unwrap();
    sv.push(js(r#""Smile \ud83d""#)).unwrap();
    sv.push(js(r#""\ude00 now.""#)).unwrap();
    assert_eq!(sv.text().unwrap(), "Smile 😀 now.");
    let report = sv.finish().unwrap();
    assert!(Reflect::get(&report, &"confidence".into())
        .unwrap()
        .as_f64()
        .is_some());
    let err = sv.push(JsValue::from_str("more")).unwrap_err();
    assert_eq!(code_and_field(err).0, "STREAM_FINISHED");
}
