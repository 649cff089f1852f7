//! The native side of `npm run bench` (scripts/bench.mjs), and a report dumper for
//! before/after identity checks.
//!
//! - `bench_native serve <cases.json>`: loads the cases, then answers requests on stdin,
//!   one per line: `<case name> <iterations>`; for each it runs the case that many times
//!   and prints one line of JSON, `{"name":…,"ns":[…],"rssKb":…}` (nanoseconds per run,
//!   then the resident set size). The bench interleaves these requests with its wasm runs
//!   so both see the same machine load.
//! - `bench_native reports <cases.json>`: prints `name<TAB>report JSON` for every `check`
//!   case (and every snippet pair's match), for diffing the reports of two builds; each
//!   case is checked twice (cold, then with its sources prepared) and must agree.
//!
//! `cases.json` is what `scripts/bench/workloads.mjs` writes:
//! `{"cases":[{"name", "kind":"check", "config", "input"} | {"name", "kind":"snippet",
//! "pairs":[[snippet, content], …]}]}`.
#![allow(clippy::disallowed_methods)] // a benchmark needs the clock and reads files

use std::io::{BufRead, Write};
use std::time::Instant;

use groundcheck::evidence::{verify_snippet, SnippetOptions};
use groundcheck::{CheckInput, Config, Validator};
use serde_json::Value;

enum Case {
    /// A validator and its input; `fresh`: each run's sources end with a number of their
    /// own (as `freshSources` in scripts/bench/workloads.mjs), so none is prepared already.
    Check(Box<Validator>, Box<CheckInput>, bool),
    Snippet(Vec<(String, String)>),
}

fn load(path: &str) -> Result<Vec<(String, Case)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for c in doc["cases"].as_array().ok_or("no cases")? {
        let name = c["name"].as_str().ok_or("case without a name")?.to_string();
        let case = match c["kind"].as_str() {
            Some("check") => {
                let config = Config::from_deserializer(c["config"].clone())
                    .map_err(|e| format!("{name}: config: {e}"))?;
                let input = CheckInput::from_deserializer(c["input"].clone(), &config.limits)
                    .map_err(|e| format!("{name}: input: {e}"))?;
                let v = Validator::new(config).map_err(|e| format!("{name}: {e}"))?;
                let fresh = c["fresh"].as_bool().unwrap_or(false);
                Case::Check(Box::new(v), Box::new(input), fresh)
            }
            Some("snippet") => {
                let pairs = c["pairs"]
                    .as_array()
                    .ok_or("snippet case without pairs")?
                    .iter()
                    .map(|p| {
                        (
                            p[0].as_str().unwrap_or_default().to_string(),
                            p[1].as_str().unwrap_or_default().to_string(),
                        )
                    })
                    .collect();
                Case::Snippet(pairs)
            }
            other => return Err(format!("{name}: unknown kind {other:?}")),
        };
        out.push((name, case));
    }
    Ok(out)
}

/// Runs of `fresh` cases so far: the number each run's sources end with.
static FRESH: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn run(case: &Case) {
    match case {
        Case::Check(v, input, false) => {
            let r = v.check(input);
            std::hint::black_box(r.ok());
        }
        Case::Check(v, input, true) => {
            let n = FRESH.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            let mut input = input.clone();
            for s in &mut input.sources {
                s.content.push_str(&format!(" {n}"));
            }
            let r = v.check(&input);
            std::hint::black_box(r.ok());
        }
        Case::Snippet(pairs) => {
            let opts = SnippetOptions::default();
            for (s, c) in pairs {
                std::hint::black_box(verify_snippet(s, c, &opts));
            }
        }
    }
}

/// Resident set size in KiB (Linux; 0 elsewhere).
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).map(str::to_string))
        })
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

fn serve(cases: &[(String, Case)]) {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let mut parts = line.split_whitespace();
        let (Some(name), Some(n)) = (parts.next(), parts.next()) else {
            continue;
        };
        let n: usize = n.parse().unwrap_or(1);
        let Some((_, case)) = cases.iter().find(|(c, _)| c == name) else {
            let _ = writeln!(out, "{{\"name\":{name:?},\"error\":\"unknown case\"}}");
            let _ = out.flush();
            continue;
        };
        let mut ns = Vec::with_capacity(n);
        for _ in 0..n {
            let t = Instant::now();
            run(case);
            ns.push(t.elapsed().as_nanos() as u64);
        }
        let reply = serde_json::json!({ "name": name, "ns": ns, "rssKb": rss_kb() });
        let _ = writeln!(out, "{reply}");
        let _ = out.flush();
    }
}

fn reports(cases: &[(String, Case)]) {
    let opts = SnippetOptions::default();
    for (name, case) in cases {
        match case {
            Case::Check(v, input, _) => {
                let run = || match v.check(input) {
                    Ok(r) => serde_json::to_string(&r).unwrap_or_default(),
                    Err(e) => format!("error: {e}"),
                };
                let r = run();
                // The second check finds the sources prepared (the validator's cache):
                // it must give the same report.
                if run() != r {
                    eprintln!("{name}: a repeated check gave another report");
                    std::process::exit(1);
                }
                println!("{name}\t{r}");
            }
            Case::Snippet(pairs) => {
                for (i, (s, c)) in pairs.iter().enumerate() {
                    let m = verify_snippet(s, c, &opts);
                    println!(
                        "{name}#{i}\t{}",
                        serde_json::to_string(&m).unwrap_or_default()
                    );
                }
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(path)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: bench_native serve|reports <cases.json>");
        std::process::exit(2);
    };
    let cases = match load(path) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("bench_native: {e}");
            std::process::exit(2);
        }
    };
    match mode.as_str() {
        "serve" => serve(&cases),
        "reports" => reports(&cases),
        _ => {
            eprintln!("usage: bench_native serve|reports <cases.json>");
            std::process::exit(2);
        }
    }
}
