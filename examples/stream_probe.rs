//! Probes of the work bounds (issue 16's CPU bombs), natively: a long answer streamed in
//! four-character pushes, and single checks of large or marker-heavy inputs.
//! `cargo run --release --example stream_probe -- [KB]`
#![allow(clippy::disallowed_methods)] // a probe needs the clock
use groundcheck::{CheckInput, Source, StreamingValidator, Validator};
use std::time::Instant;

fn check(v: &Validator, answer: String, sources: Vec<Source>) -> f64 {
    let t = Instant::now();
    let input = CheckInput {
        question: "What about the rivers?".into(),
        answer,
        sources,
        checksums: Default::default(),
        critic: None,
    };
    if let Err(e) = v.check(&input) {
        println!("  (refused: {e})");
    }
    t.elapsed().as_secs_f64()
}

fn main() {
    let kb: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let sources: Vec<Source> = (0..10)
        .map(|i| {
            let text: String = (0..12)
                .map(|k| {
                    format!(
                        "The river R{i}x{k} flows through the town T{i}y{k} since {}. ",
                        1800 + 10 * i + k
                    )
                })
                .collect();
            Source::new(format!("s{i}"), text)
        })
        .collect();
    let mut answer = String::new();
    let mut k = 0;
    while answer.len() < kb * 1024 {
        let (i, j) = (k % 10, (k / 10) % 12);
        answer.push_str(&format!(
            "The river R{i}x{j} flows through the town T{i}y{j} since {} [{}]. ",
            1800 + 10 * i + j,
            i + 1
        ));
        k += 1;
    }
    let v = Validator::default();
    if std::env::args().nth(2).as_deref() == Some("check") {
        // `-- KB check`: only the whole check of that answer, ten times (for profiling).
        for _ in 0..10 {
            println!(
                "one check of it: {:.1} ms",
                1e3 * check(&v, answer.clone(), sources.clone())
            );
        }
        return;
    }
    let t = Instant::now();
    let mut s = StreamingValidator::new(
        v.clone(),
        "What about the rivers?",
        sources.clone(),
        Default::default(),
    )
    .expect("stream");
    let mut worst = 0f64;
    let chars: Vec<char> = answer.chars().collect();
    for chunk in chars.chunks(4) {
        let d: String = chunk.iter().collect();
        let t1 = Instant::now();
        let _ = s.push(&d);
        worst = worst.max(t1.elapsed().as_secs_f64());
    }
    let claims = s.finish().map_or(0, |r| r.claims.len());
    println!(
        "stream {kb} KB in 4-char pushes: {:.2} s, worst push {:.1} ms, {:?}, {claims} claims",
        t.elapsed().as_secs_f64(),
        worst * 1e3,
        s.work()
    );
    println!(
        "one check of it: {:.1} ms",
        1e3 * check(&v, answer.clone(), sources.clone())
    );
    let one_line: String = "Paris is the capital [1]. ".repeat(49_000 / 26);
    println!(
        "50 KB of one-line claims: {:.1} ms",
        1e3 * check(
            &v,
            one_line,
            vec![Source::new("a", "Paris is the capital of France.")]
        )
    );
    let markers: String = (0..7000).map(|i| format!("[{}]", i % 10 + 1)).collect();
    println!(
        "7,000 citations: {:.1} ms",
        1e3 * check(&v, markers, sources.clone())
    );
    let big: String =
        "The quick brown fox jumps over the lazy dog near the river bank. ".repeat(190_000 / 64);
    println!(
        "190 KB source: {:.1} ms",
        1e3 * check(
            &v,
            "The fox jumps over the dog [1].".into(),
            vec![Source::new("a", big)]
        )
    );
}
