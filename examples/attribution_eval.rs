//! Native tuning harness for the claims check on AttributionBench-format files.
//!
//! ```text
//! cargo run --release --example attribution_eval -- ../shared/data/attributionbench-dev.jsonl
//! ```
//!
//! Each row's claim is the answer, its references the sources, its question the
//! question. The prediction is the report's rule (`attributable`: every fact claim
//! supported, i.e. `supportScore >= supported`), where a claim's support score is the
//! probability of a logistic model over the claim's features (`groundcheck::claims::
//! features`). The model is fitted here by Newton's method with an L2 penalty on the
//! standardised features; the penalty λ is chosen by an inner 5-fold cross-validation and
//! the threshold on the training rows, inside each of 5 outer folds (fold = row index
//! mod 5): fitted on four folds, measured on the fifth. The held-out figures are the ones
//! that count. The model fitted the same way on the whole file is printed as Rust
//! constants for `src/claims/model.rs`, and the shipped model is run through
//! `analyze_claims` to check the figure it gives. A plain word-overlap baseline, with its
//! threshold chosen the same way, is printed alongside.
//!
//! Rows whose claim splits into several fact claims are labelled as a whole: the model is
//! trained on the claim that decides the row (the lowest-scoring one under the previous
//! fit; the least covered one at first), three rounds.
// The harness is not the core: it reads a file and times itself.
#![allow(clippy::disallowed_methods)]
// The small dense linear algebra below reads best with index loops.
#![allow(clippy::needless_range_loop)]

use std::collections::{BTreeMap, BTreeSet};

use groundcheck::claims::features::{FEATURES, FEATURE_NAMES};
use groundcheck::claims::{
    analyze_claims, claim_features, support_of, ClaimFeatures, ClaimKind, ClaimOptions, Model,
};
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

fn sources_of(r: &Row) -> Vec<Source> {
    r.references
        .iter()
        .enumerate()
        .map(|(i, c)| Source::new(format!("ref{i}"), c.clone()))
        .collect()
}

/// The features of each fact claim of each row (other claims are not checked).
fn extract(rows: &[Row], opts: &ClaimOptions) -> Vec<Vec<ClaimFeatures>> {
    rows.iter()
        .map(|r| {
            let ctx = AnswerContext::new(&r.claim);
            claim_features(
                &ctx,
                &r.question,
                &sources_of(r),
                &[],
                &markers(&r.claim),
                opts,
            )
            .into_iter()
            .filter(|f| f.kind == ClaimKind::Fact)
            .collect()
        })
        .collect()
}

/// The claim's score as the report computes it (contradicted counts 0).
fn claim_score(m: &Model, f: &ClaimFeatures, opts: &ClaimOptions) -> f64 {
    if f.contradicted {
        0.0
    } else {
        support_of(m, f, opts)
    }
}

/// A row's support score: the lowest over its fact claims, 1 without any.
fn row_score(m: &Model, fs: &[ClaimFeatures], opts: &ClaimOptions) -> f64 {
    fs.iter()
        .map(|f| claim_score(m, f, opts))
        .fold(1.0, f64::min)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (small dense systems).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        for r in 0..n {
            if r != c {
                let f = a[r][c] / d;
                if f != 0.0 {
                    for k in c..n {
                        a[r][k] -= f * a[c][k];
                    }
                    b[r] -= f * b[c];
                }
            }
        }
    }
    (0..n)
        .map(|i| {
            if a[i][i].abs() < 1e-12 {
                0.0
            } else {
                b[i] / a[i][i]
            }
        })
        .collect()
}

/// L2-penalised logistic regression on standardised features (intercept not penalised),
/// by Newton's method. `active[i]` false keeps feature `i` out of the model.
fn fit(xs: &[[f64; FEATURES]], ys: &[bool], lambda: f64, active: &[bool; FEATURES]) -> Model {
    let n = xs.len().max(1) as f64;
    let mut mean = [0.0; FEATURES];
    let mut scale = [1.0; FEATURES];
    for i in 0..FEATURES {
        let mu = xs.iter().map(|x| x[i]).sum::<f64>() / n;
        let var = xs.iter().map(|x| (x[i] - mu).powi(2)).sum::<f64>() / n;
        mean[i] = mu;
        scale[i] = if var > 1e-12 { var.sqrt() } else { 1.0 };
    }
    let z: Vec<Vec<f64>> = xs
        .iter()
        .map(|x| {
            let mut v = vec![1.0];
            v.extend((0..FEATURES).map(|i| {
                if active[i] {
                    (x[i] - mean[i]) / scale[i]
                } else {
                    0.0
                }
            }));
            v
        })
        .collect();
    let d = FEATURES + 1;
    let mut w = vec![0.0; d];
    for _ in 0..20 {
        let mut g = vec![0.0; d];
        let mut h = vec![vec![0.0; d]; d];
        for (zi, &y) in z.iter().zip(ys) {
            let t: f64 = zi.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-t).exp());
            let r = p - f64::from(u8::from(y));
            let q = (p * (1.0 - p)).max(1e-9);
            for j in 0..d {
                g[j] += r * zi[j];
                let qz = q * zi[j];
                for k in j..d {
                    h[j][k] += qz * zi[k];
                }
            }
        }
        for j in 0..d {
            for k in 0..j {
                h[j][k] = h[k][j];
            }
        }
        for j in 1..d {
            g[j] += lambda * w[j];
            h[j][j] += lambda;
            if !active[j - 1] {
                h[j][j] += 1.0;
            }
        }
        let step = solve(h, g);
        let mut moved = 0.0f64;
        for j in 0..d {
            w[j] -= step[j];
            moved = moved.max(step[j].abs());
        }
        if moved < 1e-6 {
            break;
        }
    }
    let mut weights = [0.0; FEATURES];
    weights.copy_from_slice(&w[1..=FEATURES]);
    Model {
        mean,
        scale,
        weights,
        bias: w[0],
    }
}

/// Fits a model on rows `idx`: each row represented by its deciding fact claim, chosen
/// anew after each round. Rows without a fact claim are left out.
fn train(
    feats: &[Vec<ClaimFeatures>],
    rows: &[Row],
    idx: &[usize],
    lambda: f64,
    active: &[bool; FEATURES],
    opts: &ClaimOptions,
) -> Model {
    let mut model: Option<Model> = None;
    for _ in 0..3 {
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for &i in idx {
            let pick = feats[i].iter().min_by(|a, b| match &model {
                None => a.values[2].total_cmp(&b.values[2]),
                Some(m) => claim_score(m, a, opts).total_cmp(&claim_score(m, b, opts)),
            });
            if let Some(f) = pick {
                xs.push(f.values);
                ys.push(rows[i].label);
            }
        }
        let m = fit(&xs, &ys, lambda, active);
        let single = feats.iter().all(|f| f.len() <= 1);
        model = Some(m);
        if single {
            break;
        }
    }
    model.unwrap_or(Model {
        mean: [0.0; FEATURES],
        scale: [1.0; FEATURES],
        weights: [0.0; FEATURES],
        bias: 0.0,
    })
}

const LAMBDAS: [f64; 5] = [0.3, 1.0, 3.0, 10.0, 30.0];

/// Mean held-out macro-F1 of the model with penalty `lambda` over an inner k-fold split
/// of `idx` (threshold chosen on each inner training part).
fn inner_cv(
    feats: &[Vec<ClaimFeatures>],
    rows: &[Row],
    idx: &[usize],
    lambda: f64,
    active: &[bool; FEATURES],
    opts: &ClaimOptions,
) -> f64 {
    let mut sum = 0.0;
    for k in 0..FOLDS {
        let tr: Vec<usize> = idx
            .iter()
            .enumerate()
            .filter(|(j, _)| j % FOLDS != k)
            .map(|(_, &i)| i)
            .collect();
        let te: Vec<usize> = idx
            .iter()
            .enumerate()
            .filter(|(j, _)| j % FOLDS == k)
            .map(|(_, &i)| i)
            .collect();
        let m = train(feats, rows, &tr, lambda, active, opts);
        let scores: Vec<f64> = feats.iter().map(|f| row_score(&m, f, opts)).collect();
        let (t, _) = best_threshold(&scores, rows, &tr);
        let pairs: Vec<(bool, bool)> = te
            .iter()
            .map(|&i| (scores[i] >= t, rows[i].label))
            .collect();
        sum += metrics(&pairs).1;
    }
    sum / FOLDS as f64
}

/// λ with the best inner cross-validated macro-F1 on `idx`, the model fitted on all of
/// `idx` with it, and the threshold chosen on `idx`.
fn select_and_fit(
    feats: &[Vec<ClaimFeatures>],
    rows: &[Row],
    idx: &[usize],
    active: &[bool; FEATURES],
    opts: &ClaimOptions,
) -> (f64, Model, f64) {
    let mut best = (LAMBDAS[0], -1.0);
    for &l in &LAMBDAS {
        let f = inner_cv(feats, rows, idx, l, active, opts);
        if f > best.1 + 1e-12 {
            best = (l, f);
        }
    }
    let m = train(feats, rows, idx, best.0, active, opts);
    let scores: Vec<f64> = feats.iter().map(|f| row_score(&m, f, opts)).collect();
    let (t, _) = best_threshold(&scores, rows, idx);
    (best.0, m, t)
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

/// Outer k-fold CV of the whole procedure (λ by inner CV, fit, threshold).
fn cross_validate_model(
    feats: &[Vec<ClaimFeatures>],
    rows: &[Row],
    active: &[bool; FEATURES],
    opts: &ClaimOptions,
) -> (CvResult, Vec<f64>) {
    let mut pooled = vec![(false, false); rows.len()];
    let (mut f_sum, mut a_sum) = (0.0, 0.0);
    let mut picks = Vec::new();
    for k in 0..FOLDS {
        let train_idx: Vec<usize> = (0..rows.len()).filter(|i| i % FOLDS != k).collect();
        let test: Vec<usize> = (0..rows.len()).filter(|i| i % FOLDS == k).collect();
        let (l, m, t) = select_and_fit(feats, rows, &train_idx, active, opts);
        picks.push(l);
        let pairs: Vec<(bool, bool)> = test
            .iter()
            .map(|&i| (row_score(&m, &feats[i], opts) >= t, rows[i].label))
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

fn rust_array(name: &str, v: &[f64; FEATURES]) -> String {
    let items: Vec<String> = v.iter().map(|x| format!("{x:.6}")).collect();
    format!(
        "pub const {name}: [f64; FEATURES] = [\n    {},\n];",
        items.join(",\n    ")
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

/// Writes one line per row: dataset, label, support score, claims, reasons, claim.
fn dump(rows: &[Row], out: &str, opts: &ClaimOptions) {
    let mut lines = String::new();
    for r in rows {
        let ctx = AnswerContext::new(&r.claim);
        let rep = analyze_claims(
            &ctx,
            &r.question,
            &sources_of(r),
            &[],
            &markers(&r.claim),
            opts,
        );
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

/// Writes one line per fact claim: row, dataset, label, missing numbers, missing names,
/// contradicted, then the feature values (header line first).
fn write_features(rows: &[Row], feats: &[Vec<ClaimFeatures>], out: &str) {
    let mut lines = format!(
        "row\tdataset\tlabel\tmissingNumbers\tmissingNames\tcontradicted\tgrounded\t{}\n",
        FEATURE_NAMES.join("\t")
    );
    for (i, (r, fs)) in rows.iter().zip(feats).enumerate() {
        for f in fs {
            let values: Vec<String> = f.values.iter().map(|v| format!("{v:.6}")).collect();
            lines.push_str(&format!(
                "{i}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                r.dataset,
                u8::from(r.label),
                f.missing_numbers,
                f.missing_names,
                u8::from(f.contradicted),
                u8::from(f.grounded),
                values.join("\t")
            ));
        }
    }
    let _ = std::fs::write(out, lines);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: attribution_eval <file.jsonl> [--drop i,j,...] [--dump out.tsv] [--features out.tsv] [--no-name-rule]");
        std::process::exit(2)
    };
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|p| args.get(p + 1))
    };
    let mut active = [true; FEATURES];
    if let Some(list) = arg("--drop") {
        for i in list
            .split(',')
            .filter_map(|x| x.trim().parse::<usize>().ok())
        {
            if let Some(a) = active.get_mut(i) {
                *a = false;
            }
        }
    }
    let mut opts = ClaimOptions::default();
    if args.iter().any(|a| a == "--no-name-rule") {
        opts.name_penalty = 1.0;
    }
    let rows = load(path);
    println!("{} rows from {path}", rows.len());
    let started = std::time::Instant::now();
    if let Some(out) = arg("--dump") {
        dump(&rows, out, &opts);
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
    let t0 = std::time::Instant::now();
    let feats = extract(&rows, &opts);
    let elapsed = t0.elapsed();
    if let Some(out) = arg("--features") {
        write_features(&rows, &feats, out);
    }
    println!(
        "\nclaims check: features of {} rows in {:.2} s ({:.0} µs per row)",
        rows.len(),
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e6 / rows.len().max(1) as f64
    );
    let (cv, picks) = cross_validate_model(&feats, &rows, &active, &opts);
    println!(
        "  cross-validated (5 folds, λ by inner 5-fold CV): acc {:.3}  macro-F1 {:.3}",
        cv.mean_acc, cv.mean_f1
    );
    println!("  λ picked per fold: {picks:?}");
    println!("  held-out predictions pooled over folds, per dataset:");
    per_dataset(&rows, &cv.pooled);
    let (pa, pf) = metrics(&cv.pooled);
    println!(
        "    {:<20} n={:<5} acc {pa:.3}  macro-F1 {pf:.3}",
        "all",
        rows.len()
    );

    let (lambda, model, t) = select_and_fit(&feats, &rows, &all, &active, &opts);
    let whole: Vec<(bool, bool)> = rows
        .iter()
        .zip(&feats)
        .map(|(r, f)| (row_score(&model, f, &opts) >= t, r.label))
        .collect();
    let (wa, wf) = metrics(&whole);
    println!("\n  whole file (λ = {lambda}, threshold {t:.3}): acc {wa:.3}  macro-F1 {wf:.3}");
    per_dataset(&rows, &whole);
    println!("  standardised weights:");
    for i in 0..FEATURES {
        println!("    {:<20} {:+.3}", FEATURE_NAMES[i], model.weights[i]);
    }
    println!("    {:<20} {:+.3}", "bias", model.bias);
    println!("\n// fitted model, for src/claims/model.rs");
    println!("{}", rust_array("FEATURE_MEAN", &model.mean));
    println!("{}", rust_array("FEATURE_SCALE", &model.scale));
    println!("{}", rust_array("LEARNED_WEIGHTS", &model.weights));
    println!("pub const LEARNED_BIAS: f64 = {:.6};", model.bias);

    // The shipped model and defaults, through the public entry point.
    let shipped: Vec<(bool, bool)> = rows
        .iter()
        .map(|r| {
            let ctx = AnswerContext::new(&r.claim);
            let rep = analyze_claims(
                &ctx,
                &r.question,
                &sources_of(r),
                &[],
                &markers(&r.claim),
                &opts,
            );
            (rep.attributable, r.label)
        })
        .collect();
    let (sa, sf) = metrics(&shipped);
    println!(
        "\nshipped model and defaults (supported = {}): acc {sa:.3}  macro-F1 {sf:.3}",
        opts.supported
    );
    per_dataset(&rows, &shipped);
    println!("\ntotal time {:.2} s", started.elapsed().as_secs_f64());
}
