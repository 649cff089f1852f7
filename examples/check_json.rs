//! Runs the validator on a JSON input file and prints the report as JSON:
//! `cargo run --example check_json -- input.json`.
#![allow(clippy::disallowed_methods)]

use groundcheck::{CheckInput, Validator};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: check_json <input.json>");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let result = CheckInput::from_deserializer(value, &Default::default())
        .and_then(|i| Validator::default().check(&i));
    match result {
        Ok(report) => println!(
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        ),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
