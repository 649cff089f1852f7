//! Snippet matching: timings and the measurements behind the default threshold.
//!
//! `cargo run --release --example bench_snippet`
//!
//! Corpus: this crate's own source files, concatenated and repeated to 50 KB. Prints
//! (1) the time of a fuzzy match of a 200-char snippet against the 50 KB source, and
//! (2) score distributions of perturbed snippets (should verify) and of unrelated
//! windows (should not), which choose `DEFAULT_SNIPPET_THRESHOLD`. No assertions.
#![allow(clippy::disallowed_methods)] // a benchmark needs the clock

use std::time::Instant;

use groundcheck::evidence::{verify_snippet, SnippetOptions};

const FILES: &[&str] = &[
    include_str!("../src/text/segment.rs"),
    include_str!("../src/text/code.rs"),
    include_str!("../src/text/utf16.rs"),
    include_str!("../src/source.rs"),
    include_str!("../src/error.rs"),
];
const HELD_OUT: &str = include_str!("../src/warning.rs");

/// A tiny deterministic generator (xorshift), so runs are comparable.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn window(rng: &mut Rng, text: &[char], len: usize) -> String {
    let start = rng.below(text.len().saturating_sub(len));
    text[start..(start + len).min(text.len())].iter().collect()
}

fn typo(rng: &mut Rng, s: &str, n: usize) -> String {
    let mut c: Vec<char> = s.chars().collect();
    for _ in 0..n {
        if c.is_empty() {
            break;
        }
        let i = rng.below(c.len());
        match rng.below(3) {
            0 => c[i] = if c[i] == 'x' { 'y' } else { 'x' },
            1 => {
                c.remove(i);
            }
            _ => c.insert(i, 'q'),
        }
    }
    c.into_iter().collect()
}

fn stats(name: &str, scores: &mut [f64]) {
    scores.sort_by(|a, b| a.total_cmp(b));
    let q = |p: f64| scores[((scores.len() - 1) as f64 * p) as usize];
    println!(
        "  {name:<34} min {:.3}  p5 {:.3}  median {:.3}  p95 {:.3}  max {:.3}",
        q(0.0),
        q(0.05),
        q(0.5),
        q(0.95),
        q(1.0)
    );
}

fn main() {
    let mut corpus = String::new();
    while corpus.len() < 50_000 {
        for f in FILES {
            corpus.push_str(f);
        }
    }
    let corpus: String = corpus.chars().take(50_000).collect();
    let chars: Vec<char> = corpus.chars().collect();
    let held: Vec<char> = HELD_OUT.chars().collect();
    let opts = SnippetOptions {
        exact_tokens: false, // measure the score alone
        ..SnippetOptions::default()
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);

    // 1. Timing: 200-char snippets with 2 typos (so exact and normalised stages miss).
    let snippets: Vec<String> = (0..50)
        .map(|_| {
            let w = window(&mut rng, &chars, 200);
            typo(&mut rng, &w, 2)
        })
        .collect();
    let t = Instant::now();
    let mut verified = 0;
    for s in &snippets {
        verified += usize::from(verify_snippet(s, &corpus, &SnippetOptions::default()).verified);
    }
    let per = t.elapsed().as_secs_f64() / snippets.len() as f64;
    println!(
        "fuzzy 200-char snippet vs {} KB source: {:.0} µs per call ({verified}/{} verified)",
        corpus.len() / 1000,
        per * 1e6,
        snippets.len()
    );
    let long: Vec<String> = (0..10)
        .map(|_| {
            let w = window(&mut rng, &chars, 2000);
            typo(&mut rng, &w, 5)
        })
        .collect();
    let t = Instant::now();
    for s in &long {
        verify_snippet(s, &corpus, &opts);
    }
    println!(
        "fuzzy 2000-char snippet vs 50 KB source: {:.0} µs per call",
        t.elapsed().as_secs_f64() / long.len() as f64 * 1e6
    );
    let t = Instant::now();
    for _ in 0..50 {
        verify_snippet("x", &corpus, &opts);
    }
    println!(
        "1-char miss vs 50 KB source: {:.0} µs per call",
        t.elapsed().as_secs_f64() / 50.0 * 1e6
    );

    let prepared = groundcheck::evidence::snippet_match::Prepared::new(&corpus);
    let t = Instant::now();
    for s in &snippets {
        groundcheck::evidence::snippet_match::verify_prepared(s, &prepared, &opts);
    }
    println!(
        "same 200-char snippets against a prepared source (as check_evidence does): {:.0} µs per call",
        t.elapsed().as_secs_f64() / snippets.len() as f64 * 1e6
    );

    // 2. Score distributions.
    println!("score distributions (score = 1 - edits / snippet chars, 200 samples each):");
    for len in [12usize, 20, 40, 80, 200] {
        println!(" snippet length {len}:");
        for (name, n) in [("1 typo", 1usize), ("2 typos", 2), ("3 typos", 3)] {
            let mut s: Vec<f64> = (0..200)
                .map(|_| {
                    let w = window(&mut rng, &chars, len);
                    verify_snippet(&typo(&mut rng, &w, n), &corpus, &opts).score
                })
                .collect();
            stats(name, &mut s);
        }
        let mut s: Vec<f64> = (0..200)
            .map(|_| {
                let w = window(&mut rng, &chars, len);
                let re: String = w.split_whitespace().collect::<Vec<_>>().join("\n  ");
                verify_snippet(&typo(&mut rng, &re, 1), &corpus, &opts).score
            })
            .collect();
        stats("re-wrapped + 1 typo", &mut s);
        let mut s: Vec<f64> = (0..200)
            .map(|_| verify_snippet(&window(&mut rng, &held, len), &corpus, &opts).score)
            .collect();
        stats("unrelated (held-out file)", &mut s);
    }
}
