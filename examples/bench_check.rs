//! Prints how long `Validator::check` takes on the answer fixtures and on a long answer
//! against many sources: `cargo run --release --example bench_check`.
//! Figures, not assertions: timings on a shared machine are noisy.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use std::path::Path;
use std::time::Instant;

use groundcheck::{CheckInput, Source, Validator};

fn time(label: &str, input: &CheckInput, iterations: u32) {
    let v = Validator::default();
    // Warm up once (and make sure the input is valid).
    v.check(input).expect("valid input");
    let start = Instant::now();
    for _ in 0..iterations {
        let r = v.check(input).expect("valid input");
        std::hint::black_box(r);
    }
    let per = start.elapsed() / iterations;
    println!("{label:<44} {:>9.1} µs per check", per.as_secs_f64() * 1e6);
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/answers");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    for path in files {
        let mut value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        if let Some(o) = value.as_object_mut() {
            o.remove("expect");
            o.remove("why");
        }
        let input = CheckInput::from_deserializer(value, &Default::default()).expect("input");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        time(&name, &input, 200);
    }

    // A long answer (40 cited sentences) against 20 sources of ~2 KB each.
    let sentences = [
        "The service stores sessions for 30 minutes before they expire",
        "Tokens are signed with the rotating key published at the JWKS endpoint",
        "Rate limits apply per API key and reset every minute",
        "The `retryAfter` field says how many seconds to wait before retrying",
    ];
    let sources: Vec<Source> = (0..20)
        .map(|i| {
            let body: String = (0..12)
                .map(|j| {
                    format!(
                        "{}. Section {i}.{j} explains it further. ",
                        sentences[(i + j) % 4]
                    )
                })
                .collect();
            Source::new(format!("doc-{i}"), body)
        })
        .collect();
    let answer: String = (0..40)
        .map(|i| format!("{} [{}]. ", sentences[i % 4], i % 20 + 1))
        .collect();
    let input = CheckInput {
        question: "How do sessions and rate limits work?".into(),
        answer,
        sources,
        ..CheckInput::default()
    };
    time("40-sentence answer, 20 sources x 2 KB", &input, 20);
}
