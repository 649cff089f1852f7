//! Native tuning harness for the claims check on AttributionBench-format files.
//!
//! ```text
//! cargo run --release --example attribution_eval -- ../shared/data/attributionbench-dev.jsonl
//! ```
//!
//! Each row's claim is the answer, its references the sources, its question the
//! question. The prediction is the report's rule (`attributable`: every fact claim
//! supported, i.e. `supportScore >= supported`). The scorer's few parameters and the
//! threshold are chosen by 5-fold cross-validation (fold = row index mod 5): chosen on
//! four folds, measured on the fifth. The held-out figures are the ones that count; the
//! parameters chosen on the whole file are printed as the defaults to ship. A plain
//! word-overlap baseline, with its threshold chosen the same way, is printed alongside.
// The harness is not the core: it reads a file and times itself.
#![allow(clippy::disallowed_methods)]

use std::collections::{BTreeMap, BTreeSet};

use groundcheck::claims::{analyze_claims, ClaimOptions};
use groundcheck::context::AnswerContext;
use groundcheck::Source;

const FOLDS: usize = 5;

struct Row {
    question: String,
    claim: String,
    references: Vec<String>,
    label: bool,
    dataset: String,
}

fn load(path: &str) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(2)
    });
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("line {}: {e}", n + 1);
                continue;
            }
        };
        let s = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
        let references = v
            .get("references")
            .and_then(|r| r.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        rows.push(Row {
            question: s("question"),
            claim: s("claim"),
            references,
            label: s("attribution_label") == "attributable",
            dataset: s("src_dataset"),
        });
    }
    rows
}

/// Accuracy and macro-F1 of predictions against labels.
fn metrics(pairs: &[(bool, bool)]) -> (f64, f64) {
    let (mut tp, mut tn, mut fp, mut fn_) = (0.0, 0.0, 0.0, 0.0);
    for &(pred, gold) in pairs {
        match (pred, gold) {
            (true, true) => tp += 1.0,
            (false, false) => tn += 1.0,
            (true, false) => fp += 1.0,
            (false, true) => fn_ += 1.0,
        }
    }
    let n: f64 = tp + tn + fp + fn_;
    let f1 = |tp: f64, fp: f64, fn_: f64| {
        if tp == 0.0 {
            0.0
        } else {
            2.0 * tp / (2.0 * tp + fp + fn_)
        }
    };
    let acc = if n > 0.0 { (tp + tn) / n } else { 0.0 };
    (acc, (f1(tp, fp, fn_) + f1(tn, fn_, fp)) / 2.0)
}

/// The threshold maximising macro-F1 of `score >= t` on the rows `idx`.
fn best_threshold(scores: &[f64], rows: &[Row], idx: &[usize]) -> (f64, f64) {
    let mut cands: Vec<f64> = idx.iter().map(|&i| scores[i]).collect();
    cands.sort_by(f64::total_cmp);
    cands.dedup();
    let mut best = (0.5, -1.0);
    for w in 0..=cands.len() {
        // Midpoints between consecutive distinct scores.
        let t = match (w.checked_sub(1).and_then(|p| cands.get(p)), cands.get(w)) {
            (Some(a), Some(b)) => (a + b) / 2.0,
            (None, Some(b)) => b - 1e-6,
            (Some(a), None) => a + 1e-6,
            (None, None) => 0.5,
        };
        let pairs: Vec<(bool, bool)> = idx
            .iter()
            .map(|&i| (scores[i] >= t, rows[i].label))
            .collect();
        let (_, f) = metrics(&pairs);
        if f > best.1 {
            best = (t, f);
        }
    }
    best
}

/// Plain word overlap: share of the claim's lower-cased words found in the references.
fn overlap(row: &Row) -> f64 {
    let norm = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let refs: BTreeSet<String> = row.references.iter().flat_map(|r| norm(r)).collect();
    let words = norm(&row.claim);
    if words.is_empty() {
        return 0.0;
    }
    words.iter().filter(|w| refs.contains(*w)).count() as f64 / words.len() as f64
}

/// Byte ranges of `[n]` / `[n, m]` citation markers, as the citation check would pass
/// them to `analyze_claims`.
fn markers(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'[' {
            let mut j = i + 1;
            while j < b.len() && (b[j].is_ascii_digit() || b[j] == b',' || b[j] == b' ') {
                j += 1;
            }
            if j < b.len() && b[j] == b']' && j > i + 1 {
                out.push((i, j + 1));
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

fn score_rows(rows: &[Row], opts: &ClaimOptions) -> Vec<f64> {
    rows.iter()
        .map(|r| {
            let sources: Vec<Source> = r
                .references
                .iter()
                .enumerate()
                .map(|(i, c)| Source::new(format!("ref{i}"), c.clone()))
                .collect();
            let ctx = AnswerContext::new(&r.claim);
            let report = analyze_claims(&ctx, &r.question, &sources, &[], &markers(&r.claim), opts);
            report.support_score
        })
        .collect()
}

struct CvResult {
    mean_f1: f64,
    mean_acc: f64,
    pooled: Vec<(bool, bool)>,
}

/// k-fold CV over a set of candidate scorers (each a score vector): on each training
/// split pick the scorer and threshold with the best macro-F1, measure on the held-out
/// fold.
fn cross_validate(cands: &[Vec<f64>], rows: &[Row]) -> (CvResult, Vec<usize>) {
    let mut pooled = vec![(false, false); rows.len()];
    let (mut f_sum, mut a_sum) = (0.0, 0.0);
    let mut picks = Vec::new();
    for k in 0..FOLDS {
        let train: Vec<usize> = (0..rows.len()).filter(|i| i % FOLDS != k).collect();
        let test: Vec<usize> = (0..rows.len()).filter(|i| i % FOLDS == k).collect();
        let mut best = (0usize, 0.5, -1.0);
        for (ci, s) in cands.iter().enumerate() {
            let (t, f) = best_threshold(s, rows, &train);
            if f > best.2 + 1e-12 {
                best = (ci, t, f);
            }
        }
        picks.push(best.0);
        let pairs: Vec<(bool, bool)> = test
            .iter()
            .map(|&i| (cands[best.0][i] >= best.1, rows[i].label))
            .collect();
        for (&i, &p) in test.iter().zip(&pairs) {
            pooled[i] = p;
        }
        let (a, f) = metrics(&pairs);
        a_sum += a;
        f_sum += f;
    }
    (
        CvResult {
            mean_f1: f_sum / FOLDS as f64,
            mean_acc: a_sum / FOLDS as f64,
            pooled,
        },
        picks,
    )
}

fn per_dataset(rows: &[Row], pairs: &[(bool, bool)]) {
    let mut by: BTreeMap<&str, Vec<(bool, bool)>> = BTreeMap::new();
    for (r, p) in rows.iter().zip(pairs) {
        by.entry(r.dataset.as_str()).or_default().push(*p);
    }
    for (d, ps) in by {
        let (a, f) = metrics(&ps);
        println!("    {d:<20} n={:<5} acc {a:.3}  macro-F1 {f:.3}", ps.len());
    }
}

fn grid() -> Vec<ClaimOptions> {
    let mut out = Vec::new();
    for window_weight in [1.0] {
        for number_penalty in [0.0, 0.5] {
            for name_penalty in [0.7] {
                for (question_weight, phrase_weight) in
                    [(0.25, 0.0), (0.5, 0.0), (0.25, 0.3), (0.5, 0.3), (0.5, 0.5)]
                {
                    out.push(ClaimOptions {
                        phrase_weight,
                        window_weight,
                        number_penalty,
                        name_penalty,
                        question_weight,
                        ..ClaimOptions::default()
                    });
                }
            }
        }
    }
    out
}

/// Writes one line per row: dataset, label, support score, claims, kinds, reasons.
fn dump(rows: &[Row], out: &str) {
    let opts = ClaimOptions::default();
    let mut lines = String::new();
    for r in rows {
        let sources: Vec<Source> = r
            .references
            .iter()
            .enumerate()
            .map(|(i, c)| Source::new(format!("ref{i}"), c.clone()))
            .collect();
        let ctx = AnswerContext::new(&r.claim);
        let rep = analyze_claims(&ctx, &r.question, &sources, &[], &markers(&r.claim), &opts);
        let claims: Vec<String> = rep
            .claims
            .iter()
            .map(|c| {
                format!(
                    "{:?}:{:?}:{:.3}:{}",
                    c.kind,
                    c.status,
                    c.score,
                    c.reasons.join("|")
                )
            })
            .collect();
        lines.push_str(&format!(
            "{}\t{}\t{:.4}\t{}\t{}\t{}\n",
            r.dataset,
            r.label as u8,
            rep.support_score,
            rep.claims.len(),
            claims.join(" || "),
            r.claim.replace(['\t', '\n'], " ")
        ));
    }
    let _ = std::fs::write(out, lines);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: attribution_eval <file.jsonl> [--quick]");
        std::process::exit(2)
    };
    let rows = load(path);
    println!("{} rows from {path}", rows.len());
    if let Some(pos) = args.iter().position(|a| a == "--dump") {
        let out = args
            .get(pos + 1)
            .cloned()
            .unwrap_or_else(|| "dump.tsv".into());
        dump(&rows, &out);
    }

    // Baseline.
    let base: Vec<f64> = rows.iter().map(overlap).collect();
    let (cv, _) = cross_validate(std::slice::from_ref(&base), &rows);
    let all: Vec<usize> = (0..rows.len()).collect();
    let (bt, _) = best_threshold(&base, &rows, &all);
    let whole: Vec<(bool, bool)> = rows
        .iter()
        .zip(&base)
        .map(|(r, &s)| (s >= bt, r.label))
        .collect();
    let (wa, wf) = metrics(&whole);
    println!("\nbaseline (plain word overlap)");
    println!(
        "  cross-validated: acc {:.3}  macro-F1 {:.3}",
        cv.mean_acc, cv.mean_f1
    );
    println!("  whole file (t = {bt:.3}): acc {wa:.3}  macro-F1 {wf:.3}");

    // The claims check.
    let configs = if quick {
        vec![ClaimOptions::default()]
    } else {
        grid()
    };
    let started = std::time::Instant::now();
    let scores: Vec<Vec<f64>> = configs.iter().map(|o| score_rows(&rows, o)).collect();
    let elapsed = started.elapsed();
    println!(
        "\nclaims check: {} configurations x {} rows in {:.2} s ({:.0} µs per row)",
        configs.len(),
        rows.len(),
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e6 / (configs.len() * rows.len()).max(1) as f64
    );
    let (cv, picks) = cross_validate(&scores, &rows);
    println!(
        "  cross-validated (5 folds): acc {:.3}  macro-F1 {:.3}",
        cv.mean_acc, cv.mean_f1
    );
    println!("  configurations picked per fold: {picks:?}");
    println!("  held-out predictions pooled over folds, per dataset:");
    per_dataset(&rows, &cv.pooled);
    let (pa, pf) = metrics(&cv.pooled);
    println!(
        "    {:<20} n={:<5} acc {pa:.3}  macro-F1 {pf:.3}",
        "all",
        rows.len()
    );

    let mut best = (0usize, 0.5, -1.0);
    for (ci, s) in scores.iter().enumerate() {
        let (t, f) = best_threshold(s, &rows, &all);
        if f > best.2 + 1e-12 {
            best = (ci, t, f);
        }
    }
    let whole: Vec<(bool, bool)> = rows
        .iter()
        .zip(&scores[best.0])
        .map(|(r, &s)| (s >= best.1, r.label))
        .collect();
    let (wa, wf) = metrics(&whole);
    println!("\n  whole file: acc {wa:.3}  macro-F1 {wf:.3}");
    per_dataset(&rows, &whole);
    let o = &configs[best.0];
    println!(
        "  defaults to ship: supported = {:.3}, windowWeight = {}, numberPenalty = {}, namePenalty = {}, questionWeight = {}, phraseWeight = {}",
        best.1, o.window_weight, o.number_penalty, o.name_penalty, o.question_weight, o.phrase_weight
    );
}
