//! `StreamingValidator` from JavaScript's side, run by `wasm-pack test --node` and in
//! headless Chromium.
#![cfg(target_arch = "wasm32")]

use groundcheck::wasm::stream::JsStreamingValidator;
use groundcheck::wasm::JsValidator;
use js_sys::{Array, Reflect, JSON};
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
    assert!(err.is_instance_of::<js_sys::Error>(), "a real Error");
    let text = |k: &str| {
        Reflect::get(&err, &k.into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    (text("code"), text("field"))
}

const OPTIONS: &str = r#"{
  "question": "Tell me about Paris",
  "sources": [
    {"id":"paris","content":"Paris is the capital and largest city of France."},
    {"id":"pop","content":"The city of Paris has about 2.1 million residents."}
  ]
}"#;

const ANSWER: &str = "Café ☕ Paris is the capital of France [1]. It has 2.1 million residents [4]. 東京は大きい。 Done.";

fn stringify(v: &JsValue) -> String {
    JSON::stringify(v).unwrap().as_string().unwrap()
}

#[wasm_bindgen_test]
fn streams_sentences_and_finishes_like_check() {
    let mut sv = JsStreamingValidator::new(json(OPTIONS)).unwrap();
    let mut events = Vec::new();
    let chars: Vec<char> = ANSWER.chars().collect();
    for piece in chars.chunks(3) {
        let delta: String = piece.iter().collect();
        let out = sv.push(JsValue::from_str(&delta)).unwrap();
        assert!(Array::is_array(&out));
        events.extend(Array::from(&out).iter());
    }
    assert_eq!(sv.text().unwrap(), ANSWER);
    let texts: Vec<String> = events
        .iter()
        .map(|e| get(e, "segment.text").as_string().unwrap())
        .collect();
    assert_eq!(
        texts,
        vec![
            "Café ☕ Paris is the capital of France [1].",
            "It has 2.1 million residents [4].",
            "東京は大きい。",
        ]
    );
    // Spans are UTF-16 offsets into the whole answer.
    let js_answer = js_sys::JsString::from(ANSWER);
    for (e, t) in events.iter().zip(&texts) {
        let s = get(e, "segment.span.start").as_f64().unwrap() as u32;
        let end = get(e, "segment.span.end").as_f64().unwrap() as u32;
        assert_eq!(&String::from(js_answer.slice(s, end)), t);
    }
    assert_eq!(
        get(&events[1], "warnings.0.kind").as_string().as_deref(),
        Some("CITATION_OUT_OF_RANGE")
    );
    assert_eq!(
        get(&events[0], "segment.kind").as_string().as_deref(),
        Some("sentence")
    );
    assert!(Array::is_array(&get(&events[0], "claims")));

    let report = sv.finish().unwrap();
    let input = json(OPTIONS);
    Reflect::set(&input, &"answer".into(), &JsValue::from_str(ANSWER)).unwrap();
    let expected = JsValidator::new(None).unwrap().check(input).unwrap();
    assert_eq!(stringify(&report), stringify(&expected));
    // Every emitted warning is in the final report.
    let all = stringify(&get(&report, "warnings"));
    for e in &events {
        for w in Array::from(&get(e, "warnings")).iter() {
            assert!(all.contains(&stringify(&w)), "{} missing", stringify(&w));
        }
    }
}

#[wasm_bindgen_test]
fn bad_options_and_deltas_throw_coded_errors() {
    let err = JsStreamingValidator::new(JsValue::from_str("nope"))
        .err()
        .unwrap();
    assert_eq!(
        code_and_field(err),
        ("INVALID_TYPE".into(), "options".into())
    );
    let err = JsStreamingValidator::new(json(r#"{"question":"q","sources":[],"answr":"x"}"#))
        .err()
        .unwrap();
    assert_eq!(
        code_and_field(err),
        ("UNKNOWN_FIELD".into(), "answr".into())
    );
    let err = JsStreamingValidator::new(json(r#"{"question":" ","sources":[]}"#))
        .err()
        .unwrap();
    assert_eq!(code_and_field(err), ("TOO_SHORT".into(), "question".into()));
    let err = JsStreamingValidator::new(json(
        r#"{"question":"q","sources":[],"config":{"treshold":1}}"#,
    ))
    .err()
    .unwrap();
    assert_eq!(code_and_field(err).0, "UNKNOWN_FIELD");

    let mut sv = JsStreamingValidator::new(json(
        r#"{"question":"q","sources":[],"config":{"limits":{"maxAnswerLength":4}}}"#,
    ))
    .unwrap();
    let err = sv.push(JsValue::from(3)).unwrap_err();
    assert_eq!(code_and_field(err), ("INVALID_TYPE".into(), "delta".into()));
    sv.push(JsValue::from_str("abcd")).unwrap();
    let err = sv.push(JsValue::from_str("e")).unwrap_err();
    assert_eq!(code_and_field(err), ("TOO_LONG".into(), "answer".into()));
    assert_eq!(sv.text().unwrap(), "abcd");
    let report = sv.finish().unwrap();
    assert!(report.is_object());
    let _: &js_sys::Object = report.unchecked_ref();
}
