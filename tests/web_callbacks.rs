//! The model callbacks, `validate()`, `answer()` and the cache through the JS surface,
//! with scripted JS callbacks; run in Node and in headless Chromium.
#![cfg(target_arch = "wasm32")]

use groundcheck::wasm::{cache_key, cache_policy, JsValidator};
use js_sys::{Array, Function, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

fn js(body: &str) -> JsValue {
    Function::new_no_args(body)
        .call0(&JsValue::NULL)
        .expect("test JS runs")
}

fn get(v: &JsValue, path: &str) -> JsValue {
    path.split('.').fold(v.clone(), |acc, key| {
        let key = match key.parse::<u32>() {
            Ok(i) => JsValue::from(i),
            Err(_) => JsValue::from_str(key),
        };
        Reflect::get(&acc, &key).unwrap_or(JsValue::UNDEFINED)
    })
}

fn s(v: &JsValue, path: &str) -> String {
    get(v, path).as_string().unwrap_or_default()
}

fn n(v: &JsValue, path: &str) -> f64 {
    get(v, path).as_f64().unwrap_or(f64::NAN)
}

const DOCS: &str = r#"[
  {"id":"capital","content":"Paris is the capital and largest city of France."},
  {"id":"population","content":"The city of Paris has about 2.1 million residents."}
]"#;
const GOOD: &str =
    "Paris is the capital of France [1]. The city has about 2.1 million residents [2].";
const WRONG: &str =
    "Paris is the capital of France [1]. The city has about 9 million residents [2].";
const PARTIAL: &str = "Paris is the capital of France [1]. The city has about 9 million residents [2]. The population of the capital is large [2].";

/// Builds `new Validator(options)` from JS code; `state` (with `calls: []` and `docs`)
/// is in scope of the code and returned for inspection.
fn setup(options: &str) -> (JsValidator, JsValue) {
    let o = js(&format!(
        "const state = {{ calls: [], docs: {DOCS} }}; return {{ state, options: {options} }};"
    ));
    let v = JsValidator::new(Some(get(&o, "options"))).expect("valid options");
    (v, get(&o, "state"))
}

fn input(answer: &str) -> JsValue {
    let v = JSON::parse(&format!(
        r#"{{"question":"Tell me about Paris","sources":{DOCS}}}"#
    ))
    .unwrap();
    Reflect::set(&v, &"answer".into(), &JsValue::from_str(answer)).unwrap();
    v
}

async fn validate(v: &JsValidator, answer: &str) -> JsValue {
    JsFuture::from(v.validate(input(answer)))
        .await
        .expect("validate resolves")
}

async fn answer(v: &JsValidator) -> JsValue {
    let q = JSON::parse(r#"{"question":"Tell me about Paris","scope":"geo"}"#).unwrap();
    JsFuture::from(v.answer(q)).await.expect("answer resolves")
}

fn warnings_of(report: &JsValue, kind: &str) -> Vec<JsValue> {
    Array::from(&get(report, "warnings"))
        .iter()
        .filter(|w| s(w, "kind") == kind)
        .collect()
}

/// The deterministic part of a report: warning kinds other than JUDGE_FAILED, the
/// claims, the confidence and the decision, as JSON.
fn deterministic(report: &JsValue) -> String {
    let kinds: Vec<String> = Array::from(&get(report, "warnings"))
        .iter()
        .map(|w| s(&w, "kind"))
        .filter(|k| k != "JUDGE_FAILED")
        .collect();
    format!(
        "{kinds:?} {} {} {}",
        JSON::stringify(&get(report, "claims")).unwrap(),
        n(report, "confidence"),
        s(report, "decision")
    )
}

const TRIAD_ON: &str =
    "{ judges: { relevance: true, support: true, usefulness: true }, timeoutMs: 30 }";

#[wasm_bindgen_test]
fn non_functions_are_rejected_at_construction() {
    for (code, field) in [
        ("{ llm: 42 }", "options.llm"),
        ("{ embed: 'embed' }", "options.embed"),
        ("{ retrieve: {} }", "options.retrieve"),
        ("{ generate: [] }", "options.generate"),
    ] {
        let err = JsValidator::new(Some(js(&format!("return {code};"))))
            .err()
            .expect("rejected");
        assert!(err.is_instance_of::<js_sys::Error>());
        assert_eq!(s(&err, "code"), "INVALID_CALLBACK", "{code}");
        assert_eq!(s(&err, "field"), field);
    }
    // null and undefined mean absent.
    assert!(JsValidator::new(Some(js("return { llm: null, embed: undefined };"))).is_ok());
}

#[wasm_bindgen_test]
async fn throwing_rejecting_hanging_and_wrong_shaped_llms_keep_the_findings() {
    let (plain, _) = setup("{}");
    let baseline = plain.check(input(WRONG)).unwrap();
    let cases = [
        (
            "throws",
            "() => { throw new Error('boom: quota exceeded'); }",
            "boom: quota exceeded",
        ),
        (
            "rejects",
            "() => Promise.reject(new Error('rate limited'))",
            "rate limited",
        ),
        (
            "rejects a string",
            "async () => { throw 'plain string'; }",
            "plain string",
        ),
        (
            "hangs",
            "() => new Promise(() => {})",
            "did not answer within 30 ms",
        ),
        ("wrong type", "async () => 42", "must return a string"),
        (
            "unreadable",
            "() => 'I would say yes'",
            "holds no JSON object",
        ),
    ];
    for (name, llm, message) in cases {
        let (v, _) = setup(&format!("{{ llm: {llm}, config: {TRIAD_ON} }}"));
        let report = validate(&v, WRONG).await;
        assert_eq!(get(&report, "complete"), JsValue::FALSE, "{name}");
        assert_eq!(deterministic(&report), deterministic(&baseline), "{name}");
        let failed = warnings_of(&report, "JUDGE_FAILED");
        assert_eq!(failed.len(), 3, "{name}: one per judge");
        assert!(
            s(&failed[0], "message").contains(message),
            "{name}: {}",
            s(&failed[0], "message")
        );
    }
}

#[wasm_bindgen_test]
async fn wrong_shaped_embeddings_keep_the_findings() {
    let (plain, _) = setup("{}");
    let baseline = plain.check(input(PARTIAL)).unwrap();
    let cases = [
        ("count", "async (t) => [[1, 0]]", "vectors for"),
        (
            "NaN",
            "async (t) => t.map(() => [NaN, 1])",
            "must be finite",
        ),
        (
            "dimensions",
            "async (t) => t.map((_, i) => new Array(i + 2).fill(1))",
            "unequal dimensions",
        ),
        ("not an array", "async () => 'vectors'", "array of vectors"),
        (
            "strings",
            "async (t) => t.map(() => ['a'])",
            "expected a number",
        ),
        (
            "throws",
            "() => { throw new TypeError('embedder offline'); }",
            "embedder offline",
        ),
    ];
    for (name, embed, message) in cases {
        let (v, _) = setup(&format!(
            "{{ embed: {embed}, config: {{ timeoutMs: 50 }} }}"
        ));
        let report = validate(&v, PARTIAL).await;
        assert_eq!(get(&report, "complete"), JsValue::FALSE, "{name}");
        assert_eq!(deterministic(&report), deterministic(&baseline), "{name}");
        let failed = warnings_of(&report, "JUDGE_FAILED");
        assert_eq!(failed.len(), 1, "{name}");
        assert!(
            s(&failed[0], "message").contains(message),
            "{name}: {}",
            s(&failed[0], "message")
        );
    }
}

#[wasm_bindgen_test]
async fn float32_embeddings_and_similarity_support_claims() {
    let (v, state) = setup(
        "{ embed: async (texts) => { state.calls.push(texts.length); \
           return texts.map((t) => Float32Array.from(t.includes('population of') ? [0.9, Math.sqrt(1 - 0.81)] : [1, 0])); } }",
    );
    let report = validate(&v, PARTIAL).await;
    assert_eq!(get(&report, "complete"), JsValue::TRUE);
    assert_eq!(
        Array::from(&get(&state, "calls")).length(),
        1,
        "one batched call"
    );
    let claims = Array::from(&get(&report, "claims"));
    let partial = claims
        .iter()
        .find(|c| s(c, "text").contains("population of"))
        .expect("the claim");
    assert_eq!(s(&partial, "status"), "supported");
    assert_eq!(n(&report, "judges.claimsEmbedded"), 1.0);
}

#[wasm_bindgen_test]
async fn only_uncertain_claims_reach_the_llm() {
    let (v, state) = setup(
        "{ llm: async (prompt, o) => { state.calls.push(o.purpose); return '```json\\n{\"supported\": true,}\\n```'; } }",
    );
    let report = validate(&v, PARTIAL).await;
    let calls: Vec<String> = Array::from(&get(&state, "calls"))
        .iter()
        .filter_map(|c| c.as_string())
        .collect();
    assert_eq!(
        calls,
        vec!["verify".to_string()],
        "one uncertain claim of three"
    );
    assert_eq!(n(&report, "judges.modelCalls"), 1.0);
    assert_eq!(get(&report, "complete"), JsValue::TRUE);
    // A clean answer costs no call.
    let clean = validate(&v, GOOD).await;
    assert_eq!(Array::from(&get(&state, "calls")).length(), 1);
    assert_eq!(s(&clean, "decision"), "FINAL");
}

const LOOP: &str = "retrieve: async (q, o) => { state.calls.push(['retrieve', q, o.k, o.scope]); return state.docs.slice(0, o.k); }";

#[wasm_bindgen_test]
async fn critic_retry_then_final_through_the_loop() {
    let (v, state) = setup(&format!(
        "{{ {LOOP},
           generate: async (p, o) => {{ state.calls.push(['generate', o.attempt, o.mode]); return o.attempt === 0 ? {WRONG:?} : {GOOD:?}; }},
           llm: async (p, o) => {{ state.critic = (state.critic || 0) + 1; return state.critic === 1 ? 'RETRY: wrong population' : 'FINAL: grounded'; }} }}"
    ));
    let r = answer(&v).await;
    assert_eq!(s(&r, "decision"), "FINAL");
    assert_eq!(s(&r, "answer"), GOOD);
    assert_eq!(
        n(&r, "report.citations.valid"),
        n(&r, "report.citations.total")
    );
    let trace = Array::from(&get(&r, "trace"));
    assert_eq!(trace.length(), 2);
    assert_eq!(s(&trace.get(0), "decision"), "RETRY");
    assert_eq!(s(&trace.get(1), "decision"), "FINAL");
    assert_eq!(n(&trace.get(1), "k"), 8.0);
    assert!(n(&trace.get(0), "startedAt") > 1.0e12, "Date.now()");
    assert!(n(&trace.get(0), "modelCalls") >= 3.0);
    let calls = JSON::stringify(&get(&state, "calls"))
        .unwrap()
        .as_string()
        .unwrap();
    assert!(
        calls.contains(r#"["retrieve","Tell me about Paris",4,"geo"]"#),
        "{calls}"
    );
    assert!(calls.contains(r#"["generate",1,"auto"]"#), "{calls}");
}

#[wasm_bindgen_test]
async fn critic_that_keeps_retrying_escalates() {
    let (v, _) = setup(&format!(
        "{{ {LOOP}, generate: async () => {GOOD:?}, llm: async () => 'RETRY: not sure', config: {{ maxRetries: 1 }} }}"
    ));
    let r = answer(&v).await;
    assert_eq!(s(&r, "decision"), "ESCALATE");
    assert_eq!(Array::from(&get(&r, "trace")).length(), 2);
    // Never verified: kept for review, not shown as the answer.
    assert!(get(&r, "answer").is_null());
    assert_eq!(s(&r, "unverifiedAnswer"), GOOD);
    assert!(s(&r, "message").contains("cannot be verified from the documents"));
}

#[wasm_bindgen_test]
async fn no_evidence_clarifies_and_missing_callbacks_reject() {
    let (v, _) = setup("{ retrieve: async () => [], generate: async () => 'x' }");
    let r = answer(&v).await;
    assert_eq!(s(&r, "decision"), "CLARIFY");
    assert_eq!(get(&r, "answer"), JsValue::NULL);

    let (v, _) = setup("{ generate: async () => 'x' }");
    let q = JSON::parse(r#"{"question":"q?"}"#).unwrap();
    let err = JsFuture::from(v.answer(q)).await.expect_err("rejects");
    assert_eq!(s(&err, "code"), "INVALID_CALLBACK");
    assert_eq!(s(&err, "field"), "options.retrieve");
    let bad = JSON::parse(r#"{"question":"q?","scop":"x"}"#).unwrap();
    let err = JsFuture::from(v.answer(bad)).await.expect_err("rejects");
    assert_eq!(s(&err, "code"), "UNKNOWN_FIELD");
}

#[wasm_bindgen_test]
async fn a_cached_answer_is_served_until_a_source_changes() {
    let (v, state) = setup(&format!(
        "{{ {LOOP}, generate: async () => {{ state.generated = (state.generated || 0) + 1; return {GOOD:?}; }} }}"
    ));
    let first = answer(&v).await;
    assert_eq!(s(&first, "decision"), "FINAL");
    assert_eq!(get(&first, "cached"), JsValue::FALSE);
    let second = answer(&v).await;
    assert_eq!(get(&second, "cached"), JsValue::TRUE);
    assert_eq!(n(&state, "generated"), 1.0);
    assert_eq!(n(&v.cache().stats().unwrap(), "hits"), 1.0);
    js_sys::Reflect::set(
        &get(&state, "docs.1"),
        &"content".into(),
        &"The city of Paris has about 2.1 million residents (2024).".into(),
    )
    .unwrap();
    let third = answer(&v).await;
    assert_eq!(get(&third, "cached"), JsValue::FALSE);
    assert_eq!(n(&state, "generated"), 2.0);
    assert_eq!(v.cache().invalidate_source("capital".into()).unwrap(), 2);
    assert_eq!(v.cache().size(), 0);
}

#[wasm_bindgen_test]
fn cache_policy_and_key_exports() {
    let (v, _) = setup("{}");
    let report = v.check(input(GOOD)).unwrap();
    let p = cache_policy(report.clone(), Some(js("return { mode: 'thinking' };"))).unwrap();
    assert_eq!(get(&p, "cacheable"), JsValue::TRUE);
    assert_eq!(n(&p, "ttlMs"), 900_000.0);
    let wrong = v.check(input(WRONG)).unwrap();
    let p = cache_policy(wrong, None).unwrap();
    assert_eq!(get(&p, "cacheable"), JsValue::FALSE);
    assert_eq!(s(&p, "reasons.0"), "NOT_ACCEPTED");
    // `complete: false` (or no `complete` at all) is never cached.
    js_sys::Reflect::set(&report, &"complete".into(), &JsValue::FALSE).unwrap();
    let p = cache_policy(report, None).unwrap();
    assert_eq!(get(&p, "cacheable"), JsValue::FALSE);
    assert_eq!(s(&p, "reasons.0"), "INCOMPLETE");
    let docs = JSON::parse(DOCS).unwrap();
    let a = cache_key("Tell me about Paris?".into(), docs.clone(), None).unwrap();
    let b = cache_key("tell me  about paris".into(), docs, None).unwrap();
    assert_eq!(a, b);
    assert!(a.starts_with("gc1:auto:"));
}

#[wasm_bindgen_test]
async fn on_event_sees_decisions_mismatches_and_steps() {
    let (v, state) = setup(&format!(
        "{{ {LOOP}, generate: async (p, o) => o.attempt === 0 ? {WRONG:?} : {GOOD:?}, \
         onEvent: (e) => {{ (state.events ??= []).push(e.type); if (e.type === 'mismatch') throw new Error('a logger that throws'); }} }}"
    ));
    v.check(input(GOOD)).unwrap();
    let r = answer(&v).await;
    assert_eq!(s(&r, "decision"), "FINAL");
    let seen = JSON::stringify(&get(&state, "events"))
        .unwrap()
        .as_string()
        .unwrap();
    // check: one decision; answer: two steps, the final report's decision, the end.
    assert!(
        seen == r#"["decision","step","step","decision","answer"]"#,
        "{seen}"
    );
    let c = v.counters().unwrap();
    assert_eq!(n(&c, "decisions.FINAL"), 2.0);
    assert_eq!(n(&c, "answers"), 1.0);
    assert_eq!(n(&c, "cragTriggers"), 1.0);
    assert_eq!(n(&c, "cragSuccesses"), 1.0);
    // A throwing logger changes no verdict; its errors are counted.
    let bad = v.check(input(WRONG)).unwrap();
    assert_eq!(s(&bad, "decision"), "RETRY");
    assert!(n(&v.counters().unwrap(), "callbackErrors") >= 1.0);
    assert!(n(&v.counters().unwrap(), "mismatches.CONTRADICTION") >= 1.0);
}
