//! The input boundary as the JS path runs it, on arbitrary text: the depth check, JSON
//! parsing, then the check input and the config read strictly (`strict::read`, structs only as
//! objects) and a check run with them. Never a panic; whatever passes the depth check
//! nests at most `MAX_DEPTH` levels; whatever is accepted satisfies the limits.
#![no_main]

use groundcheck::input::{parse_json, MAX_DEPTH};
use groundcheck::{CheckInput, Config, Validator};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// The nesting depth of a value, without recursion.
fn depth(v: &Value) -> usize {
    let mut max = 0;
    let mut stack = vec![(v, 0usize)];
    while let Some((v, d)) = stack.pop() {
        match v {
            Value::Array(items) => {
                max = max.max(d + 1);
                stack.extend(items.iter().map(|i| (i, d + 1)));
            }
            Value::Object(map) => {
                max = max.max(d + 1);
                stack.extend(map.values().map(|i| (i, d + 1)));
            }
            _ => {}
        }
    }
    max
}

fuzz_target!(|text: &str| {
    let Ok(mut value) = parse_json(text, "input") else {
        return;
    };
    assert!(depth(&value) <= MAX_DEPTH, "the depth check let deeper JSON through");
    // `{ ...input, config }` as the Worker and `new Validator({ config })` split it.
    let config = match value.as_object_mut().and_then(|m| m.remove("config")) {
        None | Some(Value::Null) => Ok(Config::default()),
        Some(c) => Config::from_json(c),
    };
    let Ok(config) = config else {
        return;
    };
    let Ok(input) = CheckInput::from_json(value, &config.limits) else {
        return;
    };
    assert!(input.sources.len() <= config.limits.max_sources);
    let Ok(validator) = Validator::new(config) else {
        return;
    };
    if let Ok(report) = validator.check(&input) {
        assert!((0.0..=1.0).contains(&report.confidence));
    }
});
