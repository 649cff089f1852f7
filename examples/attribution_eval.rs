//! Native tuning harness for the claims check on AttributionBench-format files.
//!
//! ```text
//! cargo run --profile eval --example attribution_eval -- [--lodo] [options] <file.jsonl>...
//! npm run eval -- --lodo [options] <file.jsonl>...     (runs this harness)
//! ```
//!
//! Each row's claim is the answer, its references the sources, its question the question.
//! A row's support score is the lowest score of its fact claims (1 without any), where a
//! claim's score is the probability of a logistic model over the claim's features
//! (`groundcheck::claims::claim_features`) with the crate's rules on top
//! (`groundcheck::claims::support_of`; contradicted counts 0); the row is predicted
//! attributable when its score is at least the `supported` threshold.
//!
//! What is fitted, on training rows only: the model (Newton's method, L2 penalty on the
//! standardised features, intercept not penalised), its penalty λ (from [`LAMBDAS`], by an
//! inner cross-validation), the threshold (maximising macro-F1), a Platt scaling of the
//! score (fitted on the inner cross-validation's held-out scores of the chosen λ) and the
//! word-overlap baseline's threshold (maximising macro-F1 the same way).
//!
//! Outer splits: with `--lodo`, leave one `src_dataset` out (fit on the others, test on it;
//! the inner selection of λ also leaves one training dataset out at a time); without it,
//! 5 folds by row index, a pair's two rows in one fold (inner selection 5-fold too). Every
//! row gets a held-out score, and the figures are computed from those: per dataset
//! macro-F1, accuracy and AUROC for the model and the baseline, the expected calibration
//! error (raw and Platt-scaled), the HaluEval pair win rate, a mean row over datasets and
//! a reliability table. Then the
//! model fitted the same way on all the rows is printed as Rust constants for
//! `src/claims/model.rs`, and the shipped model with the default options is measured (its
//! weights were fitted on some of these rows, so its figures are not held out).
//!
//! Options: `--features a,b,c` keeps only the named features (names from `FEATURE_NAMES`),
//! `--drop a,b` leaves the named (or numbered) ones out, `--no-name-rule` sets
//! `namePenalty` 1, `--set option=value` sets a claims option (`namePenalty`,
//! `numberPenalty`, `minCoverage`, …), `--fit-penalties` fits the number and name penalties
//! with the model as log-odds shifts (an experiment; the shipped ones are fixed), `--dump
//! out.tsv` writes each row's claims report, `--feature-table out.tsv` each fact claim's
//! features.
//!
//! Rows whose claim splits into several fact claims are labelled as a whole: the model is
//! trained on the claim that decides the row (the lowest-scoring one under the previous
//! fit; the least covered one at first), three rounds.
// The harness is not the core: it reads files and times itself.
#![allow(clippy::disallowed_methods)]
// The small dense linear algebra below reads best with index loops.
#![allow(clippy::needless_range_loop)]

use std::collections::BTreeSet;

use groundcheck::claims::features::{FEATURES, FEATURE_NAMES};
use groundcheck::claims::{
    analyze_claims, claim_features, support_of, ClaimFeatures, ClaimOptions, Model,
};
use groundcheck::context::AnswerContext;
use groundcheck::Source;

/// Outer and inner folds when the split is by row index.
const FOLDS: usize = 5;
/// Candidate L2 penalties.
const LAMBDAS: [f64; 9] = [0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0, 3000.0];
/// Bins of the reliability table.
const BINS: usize = 10;
/// Stop words of the baseline (shared with `scripts/eval.mjs`).
const STOP_WORDS: &str = include_str!("../scripts/stopwords.txt");

struct Row {
    question: String,
    claim: String,
    references: Vec<String>,
    label: bool,
    dataset: String,
    /// `file#pair` for rows that carry a `pair` (HaluEval: the two answers of a question).
    pair: Option<String>,
}

fn load(path: &str, file_no: usize, rows: &mut Vec<Row>) -> usize {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(2)
    });
    let mut skipped = 0;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("{path} line {}: not JSON ({e})", n + 1);
                std::process::exit(2)
            }
        };
        let s = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or("").to_string();
        let label = s("attribution_label").trim().to_lowercase();
        if label != "attributable" && label != "not attributable" {
            skipped += 1;
            continue;
        }
        let references = v
            .get("references")
            .and_then(|r| r.as_array())
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let pair = v.get("pair").and_then(|p| match p {
            serde_json::Value::Null => None,
            serde_json::Value::String(s) => Some(format!("{file_no}#{s}")),
            other => Some(format!("{file_no}#{other}")),
        });
        let dataset = s("src_dataset");
        rows.push(Row {
            question: s("question"),
            claim: s("claim"),
            references,
            label: label == "attributable",
            dataset: if dataset.is_empty() {
                "unknown".to_string()
            } else {
                dataset
            },
            pair,
        });
    }
    skipped
}

/// The metrics, on plain slices (unit-tested below; `scripts/metrics.mjs` computes the
/// same figures for the wasm run).
mod metrics {
    /// Accuracy and macro-F1 of `(predicted, gold)` pairs.
    pub fn accuracy_macro_f1(pairs: &[(bool, bool)]) -> (f64, f64) {
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
        let acc = if n > 0.0 { (tp + tn) / n } else { 0.0 };
        (acc, macro_f1(tp, fp, fn_, tn))
    }

    /// Mean of the F1 of both classes (0 for a class never predicted nor present).
    pub fn macro_f1(tp: f64, fp: f64, fn_: f64, tn: f64) -> f64 {
        let f1 = |tp: f64, fp: f64, fn_: f64| {
            if tp == 0.0 {
                0.0
            } else {
                2.0 * tp / (2.0 * tp + fp + fn_)
            }
        };
        (f1(tp, fp, fn_) + f1(tn, fn_, fp)) / 2.0
    }

    /// The threshold `t` maximising macro-F1 of `score >= t` (candidates: midpoints between
    /// consecutive distinct scores, and just below the lowest / above the highest; the
    /// lowest of equally good thresholds) and that macro-F1.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn best_threshold(scored: &[(f64, bool)]) -> (f64, f64) {
        let v: Vec<(f64, bool, f64)> = scored.iter().map(|&(s, y)| (s, y, 1.0)).collect();
        best_threshold_weighted(&v)
    }

    /// [`best_threshold`] with a weight per row `(score, label, weight)` (macro-F1 of
    /// weighted counts).
    pub fn best_threshold_weighted(scored: &[(f64, bool, f64)]) -> (f64, f64) {
        let mut v: Vec<(f64, bool, f64)> = scored.to_vec();
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        let pos: f64 = v.iter().filter(|x| x.1).map(|x| x.2).sum();
        let neg: f64 = v.iter().filter(|x| !x.1).map(|x| x.2).sum();
        // Everything predicted attributable.
        let (mut tp, mut fp, mut fn_, mut tn) = (pos, neg, 0.0, 0.0);
        let Some(first) = v.first() else {
            return (0.5, 0.0);
        };
        let mut best = (first.0 - 1e-6, macro_f1(tp, fp, fn_, tn));
        let mut i = 0;
        while i < v.len() {
            let s = v[i].0;
            while i < v.len() && v[i].0 == s {
                if v[i].1 {
                    tp -= v[i].2;
                    fn_ += v[i].2;
                } else {
                    fp -= v[i].2;
                    tn += v[i].2;
                }
                i += 1;
            }
            let t = match v.get(i) {
                Some(next) => (s + next.0) / 2.0,
                None => s + 1e-6,
            };
            let f = macro_f1(tp, fp, fn_, tn);
            if f > best.1 + 1e-12 {
                best = (t, f);
            }
        }
        best
    }

    /// Area under the ROC curve of `score` for the positive label: the probability that a
    /// positive scores above a negative, ties counting half. `None` without both labels.
    pub fn auroc(scored: &[(f64, bool)]) -> Option<f64> {
        let mut v: Vec<(f64, bool)> = scored.to_vec();
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        let pos = v.iter().filter(|x| x.1).count();
        let neg = v.len() - pos;
        if pos == 0 || neg == 0 {
            return None;
        }
        // Sum of the (tie-averaged, 1-based) ranks of the positives.
        let mut rank_sum = 0.0;
        let mut i = 0;
        while i < v.len() {
            let mut j = i;
            while j < v.len() && v[j].0 == v[i].0 {
                j += 1;
            }
            let avg = (i + 1 + j) as f64 / 2.0;
            rank_sum += avg * v[i..j].iter().filter(|x| x.1).count() as f64;
            i = j;
        }
        let p = pos as f64;
        Some((rank_sum - p * (p + 1.0) / 2.0) / (p * neg as f64))
    }

    /// One bin of a reliability table.
    #[derive(Debug, Clone, Copy, PartialEq, Default)]
    pub struct Bin {
        /// Rows whose prediction falls in the bin.
        pub count: usize,
        /// Mean predicted probability of those rows.
        pub mean_predicted: f64,
        /// Share of them that are positive.
        pub observed: f64,
    }

    /// Reliability table of probabilities against labels: `bins` equal-width bins over
    /// [0, 1] (bin `k` holds `k/bins <= p < (k+1)/bins`, the last one includes 1).
    pub fn reliability(scored: &[(f64, bool)], bins: usize) -> Vec<Bin> {
        let mut sums = vec![(0usize, 0.0f64, 0.0f64); bins];
        for &(p, y) in scored {
            let p = p.clamp(0.0, 1.0);
            let k = ((p * bins as f64).floor() as usize).min(bins - 1);
            sums[k].0 += 1;
            sums[k].1 += p;
            sums[k].2 += f64::from(u8::from(y));
        }
        sums.into_iter()
            .map(|(c, p, y)| {
                if c == 0 {
                    Bin::default()
                } else {
                    Bin {
                        count: c,
                        mean_predicted: p / c as f64,
                        observed: y / c as f64,
                    }
                }
            })
            .collect()
    }

    /// Expected calibration error: Σ over bins of (count / n) · |mean predicted − observed|.
    pub fn ece(table: &[Bin]) -> f64 {
        let n: usize = table.iter().map(|b| b.count).sum();
        if n == 0 {
            return 0.0;
        }
        table
            .iter()
            .map(|b| b.count as f64 / n as f64 * (b.mean_predicted - b.observed).abs())
            .sum()
    }

    /// Share of pairs (one positive and one negative row with the same key) where the
    /// positive scores above the negative, ties counting half; and the number of pairs.
    /// Keys with another make-up are ignored.
    pub fn pair_win_rate(rows: &[(&str, f64, bool)]) -> Option<(f64, usize)> {
        let mut by: std::collections::BTreeMap<&str, Vec<(f64, bool)>> = Default::default();
        for &(k, s, y) in rows {
            by.entry(k).or_default().push((s, y));
        }
        let mut wins = 0.0;
        let mut n = 0usize;
        for v in by.values() {
            if let [a, b] = v.as_slice() {
                if a.1 != b.1 {
                    let (p, q) = if a.1 { (a.0, b.0) } else { (b.0, a.0) };
                    n += 1;
                    wins += if p > q {
                        1.0
                    } else if p == q {
                        0.5
                    } else {
                        0.0
                    };
                }
            }
        }
        (n > 0).then(|| (wins / n as f64, n))
    }

    /// Platt scaling: `p = σ(a · logit(s) + b)` fitted by Newton's method with step
    /// halving (a small ridge towards `a = 1, b = 0` keeps separable data finite); scores
    /// are clamped to [1e-4, 1 − 1e-4] first.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn fit_platt(scored: &[(f64, bool)]) -> (f64, f64) {
        let v: Vec<(f64, bool, f64)> = scored.iter().map(|&(s, y)| (s, y, 1.0)).collect();
        fit_platt_weighted(&v)
    }

    /// [`fit_platt`] with a weight per row `(score, label, weight)`.
    pub fn fit_platt_weighted(scored: &[(f64, bool, f64)]) -> (f64, f64) {
        const RIDGE: f64 = 1e-3;
        let loss = |a: f64, b: f64| -> f64 {
            let mut l = RIDGE / 2.0 * ((a - 1.0).powi(2) + b * b);
            for &(s, y, w) in scored {
                let z = a * logit(s) + b;
                // −log σ(z) for a positive, −log σ(−z) for a negative, computed stably.
                let m = if y { -z } else { z };
                l += w * (m.max(0.0) + (-m.abs()).exp().ln_1p());
            }
            l
        };
        let (mut a, mut b) = (1.0f64, 0.0f64);
        let mut current = loss(a, b);
        for _ in 0..100 {
            let (mut ga, mut gb) = (RIDGE * (a - 1.0), RIDGE * b);
            let (mut haa, mut hab, mut hbb) = (RIDGE, 0.0, RIDGE);
            for &(s, y, w) in scored {
                let x = logit(s);
                let p = sigmoid(a * x + b);
                let r = w * (p - f64::from(u8::from(y)));
                let q = w * (p * (1.0 - p)).max(1e-12);
                ga += r * x;
                gb += r;
                haa += q * x * x;
                hab += q * x;
                hbb += q;
            }
            let det = haa * hbb - hab * hab;
            if det.abs() < 1e-18 {
                break;
            }
            let da = (hbb * ga - hab * gb) / det;
            let db = (haa * gb - hab * ga) / det;
            let mut step = 1.0;
            let mut moved = false;
            for _ in 0..40 {
                let (na, nb) = (a - step * da, b - step * db);
                let l = loss(na, nb);
                if l <= current {
                    a = na;
                    b = nb;
                    moved = current - l > 1e-12;
                    current = l;
                    break;
                }
                step /= 2.0;
            }
            if !moved {
                break;
            }
        }
        (a, b)
    }

    /// `ln(s / (1 − s))` of `s` clamped to [1e-4, 1 − 1e-4].
    pub fn logit(s: f64) -> f64 {
        let s = s.clamp(1e-4, 1.0 - 1e-4);
        (s / (1.0 - s)).ln()
    }

    /// The logistic function.
    pub fn sigmoid(z: f64) -> f64 {
        1.0 / (1.0 + (-z).exp())
    }

    /// Platt-scaled score.
    pub fn platt(s: f64, (a, b): (f64, f64)) -> f64 {
        sigmoid(a * logit(s) + b)
    }

    /// Isotonic regression by pooling adjacent violators: the non-decreasing step function
    /// of the score closest (weighted least squares) to the labels. Returns its steps as
    /// `(lowest score of the step, probability)`, ascending.
    pub fn fit_isotonic(scored: &[(f64, bool, f64)]) -> Vec<(f64, f64)> {
        let mut v: Vec<(f64, bool, f64)> = scored.iter().copied().filter(|x| x.2 > 0.0).collect();
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        // Blocks: (lowest score, weighted label sum, weight).
        let mut blocks: Vec<(f64, f64, f64)> = Vec::new();
        let mut i = 0;
        while i < v.len() {
            // Equal scores form one block.
            let s = v[i].0;
            let (mut y, mut w) = (0.0, 0.0);
            while i < v.len() && v[i].0 == s {
                y += v[i].2 * f64::from(u8::from(v[i].1));
                w += v[i].2;
                i += 1;
            }
            blocks.push((s, y, w));
            while blocks.len() >= 2 {
                let n = blocks.len();
                let (a, b) = (blocks[n - 2], blocks[n - 1]);
                if a.1 / a.2 < b.1 / b.2 {
                    break;
                }
                blocks[n - 2] = (a.0, a.1 + b.1, a.2 + b.2);
                blocks.pop();
            }
        }
        blocks.into_iter().map(|(s, y, w)| (s, y / w)).collect()
    }

    /// The isotonic step function at `s` (the first step's value below its lowest score).
    pub fn isotonic(s: f64, steps: &[(f64, f64)]) -> f64 {
        let k = steps.partition_point(|x| x.0 <= s);
        steps.get(k.saturating_sub(1)).map_or(0.5, |x| x.1)
    }
}

use metrics::{
    accuracy_macro_f1, auroc, best_threshold_weighted, ece, fit_isotonic, fit_platt_weighted,
    isotonic, pair_win_rate, platt, reliability,
};

/// The baseline's stop words.
fn stop_words() -> BTreeSet<&'static str> {
    STOP_WORDS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// Lower-cased words: runs of letters and digits.
fn words(t: &str) -> impl Iterator<Item = String> + '_ {
    t.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// Word-overlap baseline: share of the claim's distinct content words (lower-cased, stop
/// words removed) that occur in the references; 0 for a claim without content words.
fn coverage(row: &Row, stop: &BTreeSet<&str>) -> f64 {
    let refs: BTreeSet<String> = row.references.iter().flat_map(|r| words(r)).collect();
    let content: BTreeSet<String> = words(&row.claim)
        .filter(|w| !stop.contains(w.as_str()))
        .collect();
    if content.is_empty() {
        return 0.0;
    }
    content.iter().filter(|w| refs.contains(*w)).count() as f64 / content.len() as f64
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
            .filter(|f| f.checked)
            .collect()
        })
        .collect()
}

/// A fitted model with the options it is scored under (the fitted penalties).
#[derive(Clone)]
struct Fit {
    model: Model,
    opts: ClaimOptions,
}

/// The claim's score as the report computes it (contradicted counts 0).
fn claim_score(m: &Fit, f: &ClaimFeatures) -> f64 {
    if f.contradicted {
        0.0
    } else {
        support_of(&m.model, f, &m.opts)
    }
}

/// A row's support score: the lowest over its fact claims, 0 without any (as the report
/// scores it: an answer that states nothing checkable is never vacuously attributable).
fn row_score(m: &Fit, fs: &[ClaimFeatures]) -> f64 {
    fs.iter()
        .map(|f| claim_score(m, f))
        .reduce(f64::min)
        .unwrap_or(0.0)
}

/// The rule columns of a claim that a fit can weigh (raw, not standardised): missing
/// numbers and missing names, each capped at 2.
fn rule_columns(f: &ClaimFeatures) -> [f64; 2] {
    [
        f.missing_numbers.min(2) as f64,
        f.missing_names.min(2) as f64,
    ]
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
/// by Newton's method, row `i` weighing `ws[i]` in the likelihood. `active[i]` false keeps
/// feature `i` out of the model (weight 0). The standardisation is unweighted.
fn fit(
    xs: &[[f64; FEATURES]],
    rules: Option<&[[f64; 2]]>,
    ys: &[bool],
    ws: &[f64],
    lambda: f64,
    active: &[bool; FEATURES],
) -> (Model, [f64; 2]) {
    let n = xs.len().max(1) as f64;
    let mut mean = [0.0; FEATURES];
    let mut scale = [1.0; FEATURES];
    for i in 0..FEATURES {
        let mu = xs.iter().map(|x| x[i]).sum::<f64>() / n;
        let var = xs.iter().map(|x| (x[i] - mu).powi(2)).sum::<f64>() / n;
        mean[i] = mu;
        scale[i] = if var > 1e-12 { var.sqrt() } else { 1.0 };
    }
    // Only the active features enter the system.
    let cols: Vec<usize> = (0..FEATURES).filter(|&i| active[i]).collect();
    let z: Vec<Vec<f64>> = xs
        .iter()
        .enumerate()
        .map(|(r, x)| {
            let mut v = vec![1.0];
            v.extend(cols.iter().map(|&i| (x[i] - mean[i]) / scale[i]));
            if let Some(rules) = rules {
                v.extend(rules[r]);
            }
            v
        })
        .collect();
    let d = cols.len() + 1 + if rules.is_some() { 2 } else { 0 };
    let mut w = vec![0.0; d];
    for _ in 0..25 {
        let mut g = vec![0.0; d];
        let mut h = vec![vec![0.0; d]; d];
        for ((zi, &y), &wt) in z.iter().zip(ys).zip(ws) {
            let t: f64 = zi.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-t).exp());
            let r = wt * (p - f64::from(u8::from(y)));
            let q = wt * (p * (1.0 - p)).max(1e-9);
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
    for (k, &i) in cols.iter().enumerate() {
        weights[i] = w[k + 1];
    }
    let rule_weights = if rules.is_some() {
        [w[cols.len() + 1], w[cols.len() + 2]]
    } else {
        [0.0; 2]
    };
    (
        Model {
            mean,
            scale,
            weights,
            bias: w[0],
        },
        rule_weights,
    )
}

/// Index of the feature the first training round ranks a row's claims by.
fn first_pick_feature() -> usize {
    FEATURE_NAMES
        .iter()
        .position(|n| *n == "setCoverage")
        .unwrap_or(0)
}

/// Fits a model on rows `idx`: each row represented by its deciding fact claim, chosen
/// anew after each round. Rows without a fact claim are left out.
fn train(ctx: &Ctx<'_>, idx: &[usize], lambda: f64) -> Fit {
    let pick0 = first_pick_feature();
    let single = idx.iter().all(|&i| ctx.feats[i].len() <= 1);
    let weight = dataset_weights(ctx, idx);
    let mut model: Option<Fit> = None;
    for _ in 0..3 {
        let mut xs = Vec::new();
        let mut rules = Vec::new();
        let mut ys = Vec::new();
        let mut ws = Vec::new();
        for &i in idx {
            let pick = ctx.feats[i].iter().min_by(|a, b| match &model {
                None => a.values[pick0].total_cmp(&b.values[pick0]),
                Some(m) => claim_score(m, a).total_cmp(&claim_score(m, b)),
            });
            if let Some(f) = pick {
                xs.push(f.values);
                rules.push(rule_columns(f));
                ys.push(ctx.rows[i].label);
                ws.push(weight[i]);
            }
        }
        let (m, rw) = fit(
            &xs,
            ctx.fit_penalties.then_some(rules.as_slice()),
            &ys,
            &ws,
            lambda,
            ctx.active,
        );
        let mut opts = ctx.opts.clone();
        if ctx.fit_penalties {
            // A penalty is an odds factor in [0, 1]: exp of the fitted log-odds shift.
            opts.number_penalty = rw[0].exp().clamp(0.0, 1.0);
            opts.name_penalty = rw[1].exp().clamp(0.0, 1.0);
        }
        model = Some(Fit { model: m, opts });
        if single {
            break;
        }
    }
    model.unwrap_or(Fit {
        model: Model {
            mean: [0.0; FEATURES],
            scale: [1.0; FEATURES],
            weights: [0.0; FEATURES],
            bias: 0.0,
        },
        opts: ctx.opts.clone(),
    })
}

/// What the fitting needs: the rows, their fact claims' features, the active features,
/// the options and whether splits leave a dataset out.
struct Ctx<'a> {
    rows: &'a [Row],
    feats: &'a [Vec<ClaimFeatures>],
    active: &'a [bool; FEATURES],
    opts: &'a ClaimOptions,
    /// Fit the number and name penalties with the model (log-odds shifts).
    fit_penalties: bool,
    by_dataset: bool,
    /// Every dataset weighs the same in a fit (see [`dataset_weights`]).
    balance: bool,
}

/// Weight of each row of `idx` in a fit (indexed by row; 0 outside `idx`): with
/// `ctx.balance`, `|idx| / (datasets · rows of its dataset in idx)`, so that each dataset
/// weighs the same and the weights average 1; otherwise 1.
fn dataset_weights(ctx: &Ctx<'_>, idx: &[usize]) -> Vec<f64> {
    let mut w = vec![0.0; ctx.rows.len()];
    let mut count: std::collections::BTreeMap<&str, usize> = Default::default();
    for &i in idx {
        *count.entry(ctx.rows[i].dataset.as_str()).or_default() += 1;
    }
    let d = count.len().max(1) as f64;
    for &i in idx {
        w[i] = if ctx.balance {
            idx.len() as f64 / (d * count[ctx.rows[i].dataset.as_str()] as f64)
        } else {
            1.0
        };
    }
    w
}

/// `(score, label, weight)` of the rows `idx`.
fn weighted(idx: &[usize], score: &[f64], rows: &[Row], w: &[f64]) -> Vec<(f64, bool, f64)> {
    idx.iter()
        .map(|&i| (score[i], rows[i].label, w[i]))
        .collect()
}

/// `(train, test)` splits of `idx`: one per dataset left out when `by_dataset` and `idx`
/// spans at least two datasets, otherwise [`FOLDS`] folds by position in `idx`, the two
/// rows of a pair (HaluEval's two answers to one question) in the same fold: split
/// apart, their question and passage would be in training and test at once, and the
/// pair win rate would compare scores of two different models (where their features
/// tie, a pair's result then turned on the third decimal of the folds' weights).
fn splits(rows: &[Row], idx: &[usize], by_dataset: bool) -> Vec<(String, Vec<usize>, Vec<usize>)> {
    let datasets: BTreeSet<&str> = idx.iter().map(|&i| rows[i].dataset.as_str()).collect();
    if by_dataset && datasets.len() >= 2 {
        return datasets
            .iter()
            .map(|d| {
                let (te, tr): (Vec<usize>, Vec<usize>) =
                    idx.iter().partition(|&&i| rows[i].dataset == *d);
                (d.to_string(), tr, te)
            })
            .collect();
    }
    // Each row's group: its pair, else itself; groups numbered by first appearance.
    let mut seen: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut next = 0usize;
    let group: Vec<usize> = idx
        .iter()
        .map(|&i| {
            let mut fresh = || {
                next += 1;
                next - 1
            };
            match rows[i].pair.as_deref() {
                Some(p) => *seen.entry(p).or_insert_with(fresh),
                None => fresh(),
            }
        })
        .collect();
    (0..FOLDS)
        .map(|k| {
            let (te, tr): (Vec<Numbered>, Vec<Numbered>) = idx
                .iter()
                .copied()
                .enumerate()
                .partition(|(j, _)| group[*j] % FOLDS == k);
            (
                format!("fold {}", k + 1),
                tr.into_iter().map(|(_, i)| i).collect::<Vec<usize>>(),
                te.into_iter().map(|(_, i)| i).collect::<Vec<usize>>(),
            )
        })
        .filter(|(_, tr, te)| !tr.is_empty() && !te.is_empty())
        .collect()
}

/// A row index with its position in a list.
type Numbered = (usize, usize);
/// `(score, label, weight)`.
type Weighted = (f64, bool, f64);

/// Everything fitted on a set of training rows.
struct Fitted {
    lambda: f64,
    model: Fit,
    /// The `supported` threshold on the raw score.
    threshold: f64,
    /// Platt scaling `(a, b)` of the raw score.
    platt: (f64, f64),
    /// Isotonic calibration of the raw score (steps).
    isotonic: Vec<(f64, f64)>,
    /// Inner held-out macro-F1 of the chosen λ.
    inner_f1: f64,
}

fn scored(idx: &[usize], score: &[f64], rows: &[Row]) -> Vec<(f64, bool)> {
    idx.iter().map(|&i| (score[i], rows[i].label)).collect()
}

/// λ by the best mean inner held-out macro-F1 on `idx` (inner splits as [`splits`], the
/// threshold chosen on each inner training part), the model fitted on all of `idx` with
/// it, the threshold chosen on `idx`, and the Platt scaling fitted on the inner held-out
/// scores of that λ.
fn select_and_fit(ctx: &Ctx<'_>, idx: &[usize]) -> Fitted {
    let inner = splits(ctx.rows, idx, ctx.by_dataset);
    let outer_w = dataset_weights(ctx, idx);
    // (λ, inner macro-F1, inner held-out (score, label, weight)).
    let mut best: Option<(f64, f64, Vec<Weighted>)> = None;
    for &l in &LAMBDAS {
        let mut sum = 0.0;
        let mut held = Vec::new();
        for (_, tr, te) in &inner {
            let m = train(ctx, tr, l);
            let score: Vec<f64> = ctx.feats.iter().map(|f| row_score(&m, f)).collect();
            let (t, _) =
                best_threshold_weighted(&weighted(tr, &score, ctx.rows, &dataset_weights(ctx, tr)));
            let te_scored = scored(te, &score, ctx.rows);
            let pairs: Vec<(bool, bool)> = te_scored.iter().map(|&(s, y)| (s >= t, y)).collect();
            sum += accuracy_macro_f1(&pairs).1;
            held.extend(
                te.iter()
                    .map(|&i| (score[i], ctx.rows[i].label, outer_w[i])),
            );
        }
        let f = sum / inner.len().max(1) as f64;
        if best.as_ref().is_none_or(|b| f > b.1 + 1e-12) {
            best = Some((l, f, held));
        }
    }
    let (lambda, inner_f1, held) = best.unwrap_or((LAMBDAS[0], 0.0, Vec::new()));
    let model = train(ctx, idx, lambda);
    let score: Vec<f64> = ctx.feats.iter().map(|f| row_score(&model, f)).collect();
    let (threshold, _) = best_threshold_weighted(&weighted(idx, &score, ctx.rows, &outer_w));
    Fitted {
        lambda,
        model,
        threshold,
        platt: fit_platt_weighted(&held),
        isotonic: fit_isotonic(&held),
        inner_f1,
    }
}

/// Held-out figures of every row.
#[derive(Clone, Default)]
struct Held {
    score: f64,
    /// Platt-scaled score.
    calibrated: f64,
    /// Isotonic-calibrated score.
    isotonic: f64,
    predicted: bool,
    base: f64,
    base_predicted: bool,
}

fn rust_array(name: &str, v: &[f64; FEATURES]) -> String {
    let items: Vec<String> = v.iter().map(|x| format!("{x:.6}")).collect();
    format!(
        "pub const {name}: [f64; FEATURES] = [\n    {},\n];",
        items.join(",\n    ")
    )
}

fn opt3(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |v| format!("{v:.3}"))
}

/// One line of the held-out table.
struct Line {
    name: String,
    n: usize,
    acc: f64,
    f1: f64,
    auroc: Option<f64>,
    base_f1: f64,
    base_auroc: Option<f64>,
    ece: f64,
    ece_platt: f64,
    ece_isotonic: f64,
    pairs: Option<(f64, usize)>,
    base_pairs: Option<(f64, usize)>,
}

fn line(name: &str, rows: &[Row], held: &[Held], idx: &[usize]) -> Line {
    let gc: Vec<(bool, bool)> = idx
        .iter()
        .map(|&i| (held[i].predicted, rows[i].label))
        .collect();
    let base: Vec<(bool, bool)> = idx
        .iter()
        .map(|&i| (held[i].base_predicted, rows[i].label))
        .collect();
    let s = |f: fn(&Held) -> f64| -> Vec<(f64, bool)> {
        idx.iter().map(|&i| (f(&held[i]), rows[i].label)).collect()
    };
    let pairs = |f: fn(&Held) -> f64| {
        let v: Vec<(&str, f64, bool)> = idx
            .iter()
            .filter_map(|&i| {
                rows[i]
                    .pair
                    .as_deref()
                    .map(|k| (k, f(&held[i]), rows[i].label))
            })
            .collect();
        pair_win_rate(&v)
    };
    let (acc, f1) = accuracy_macro_f1(&gc);
    Line {
        name: name.to_string(),
        n: idx.len(),
        acc,
        f1,
        auroc: auroc(&s(|h| h.score)),
        base_f1: accuracy_macro_f1(&base).1,
        base_auroc: auroc(&s(|h| h.base)),
        ece: ece(&reliability(&s(|h| h.score), BINS)),
        ece_platt: ece(&reliability(&s(|h| h.calibrated), BINS)),
        ece_isotonic: ece(&reliability(&s(|h| h.isotonic), BINS)),
        pairs: pairs(|h| h.score),
        base_pairs: pairs(|h| h.base),
    }
}

/// Prints the table; `calibrated` false leaves the calibrated ECE columns empty.
fn print_lines(lines: &[Line], calibrated: bool) {
    println!(
        "  {:<20} {:>5} | {:>6} {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6} {:>6} | {:>6} {:>6}",
        "dataset",
        "rows",
        "acc",
        "F1",
        "AUROC",
        "F1",
        "AUROC",
        "ECE",
        "Platt",
        "iso",
        "pairs",
        "pairs"
    );
    println!(
        "  {:<20} {:>5} | {:^20} | {:^13} | {:^20} | {:>6} {:>6}",
        "", "", "groundcheck", "baseline", "groundcheck ECE", "gc", "base"
    );
    let cal = |x: f64| {
        if calibrated {
            format!("{x:.3}")
        } else {
            "-".to_string()
        }
    };
    for l in lines {
        println!(
            "  {:<20} {:>5} | {:>6.3} {:>6.3} {:>6} | {:>6.3} {:>6} | {:>6.3} {:>6} {:>6} | {:>6} {:>6}",
            l.name,
            l.n,
            l.acc,
            l.f1,
            opt3(l.auroc),
            l.base_f1,
            opt3(l.base_auroc),
            l.ece,
            cal(l.ece_platt),
            cal(l.ece_isotonic),
            opt3(l.pairs.map(|p| p.0)),
            opt3(l.base_pairs.map(|p| p.0)),
        );
    }
}

fn mean_line(lines: &[Line]) -> Line {
    let n = lines.len().max(1) as f64;
    let mean = |f: &dyn Fn(&Line) -> f64| lines.iter().map(f).sum::<f64>() / n;
    let mean_opt = |f: &dyn Fn(&Line) -> Option<f64>| {
        let v: Vec<f64> = lines.iter().filter_map(f).collect();
        (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
    };
    Line {
        name: "mean of datasets".to_string(),
        n: lines.iter().map(|l| l.n).sum(),
        acc: mean(&|l| l.acc),
        f1: mean(&|l| l.f1),
        auroc: mean_opt(&|l| l.auroc),
        base_f1: mean(&|l| l.base_f1),
        base_auroc: mean_opt(&|l| l.base_auroc),
        ece: mean(&|l| l.ece),
        ece_platt: mean(&|l| l.ece_platt),
        ece_isotonic: mean(&|l| l.ece_isotonic),
        pairs: None,
        base_pairs: None,
    }
}

fn print_reliability(title: &str, scored: &[(f64, bool)]) {
    let table = reliability(scored, BINS);
    println!("  {title}: ECE {:.3}", ece(&table));
    println!(
        "    {:<11} {:>6} {:>9} {:>9}",
        "bin", "count", "predicted", "observed"
    );
    for (k, b) in table.iter().enumerate() {
        let lo = k as f64 / BINS as f64;
        let hi = (k + 1) as f64 / BINS as f64;
        if b.count == 0 {
            println!("    [{lo:.1}, {hi:.1}) {:>6} {:>9} {:>9}", 0, "-", "-");
        } else {
            println!(
                "    [{lo:.1}, {hi:.1}) {:>6} {:>9.3} {:>9.3}",
                b.count, b.mean_predicted, b.observed
            );
        }
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
fn write_feature_table(rows: &[Row], feats: &[Vec<ClaimFeatures>], out: &str) {
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

/// Feature indexes named in a comma-separated list (names from `FEATURE_NAMES`, or
/// indexes); exits on an unknown name.
fn feature_list(list: &str) -> Vec<usize> {
    list.split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(|x| {
            FEATURE_NAMES
                .iter()
                .position(|n| *n == x)
                .or_else(|| x.parse::<usize>().ok().filter(|&i| i < FEATURES))
                .unwrap_or_else(|| {
                    eprintln!(
                        "unknown feature {x:?}; the features are: {}",
                        FEATURE_NAMES.join(", ")
                    );
                    std::process::exit(2)
                })
        })
        .collect()
}

const USAGE: &str = "usage: attribution_eval [--lodo] [--features a,b,c | --drop a,b] [--no-balance] [--no-name-rule] [--fit-penalties] [--set option=value] [--dump out.tsv] [--feature-table out.tsv] <file.jsonl>...";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let with_value = ["--features", "--drop", "--dump", "--feature-table", "--set"];
    let mut files = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if with_value.contains(&a.as_str()) {
            i += 2;
            continue;
        }
        if a == "-h" || a == "--help" {
            println!("{USAGE}");
            return;
        }
        if a.starts_with("--") {
            if ![
                "--lodo",
                "--no-name-rule",
                "--no-balance",
                "--fit-penalties",
            ]
            .contains(&a.as_str())
            {
                eprintln!("unknown option {a}\n{USAGE}");
                std::process::exit(2)
            }
        } else {
            files.push(a.clone());
        }
        i += 1;
    }
    if files.is_empty() {
        eprintln!("{USAGE}");
        std::process::exit(2)
    }
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|p| args.get(p + 1))
    };
    let lodo = args.iter().any(|a| a == "--lodo");
    let mut active = [true; FEATURES];
    if let Some(list) = arg("--features") {
        active = [false; FEATURES];
        for i in feature_list(list) {
            active[i] = true;
        }
    }
    if let Some(list) = arg("--drop") {
        for i in feature_list(list) {
            active[i] = false;
        }
    }
    let mut opts = ClaimOptions::default();
    if args.iter().any(|a| a == "--no-name-rule") {
        opts.name_penalty = 1.0;
    }
    for (k, a) in args.iter().enumerate() {
        if a != "--set" {
            continue;
        }
        let Some((key, value)) = args.get(k + 1).and_then(|kv| kv.split_once('=')) else {
            eprintln!("--set needs option=value\n{USAGE}");
            std::process::exit(2)
        };
        let Ok(v) = value.parse::<f64>() else {
            eprintln!("--set {key}: {value} is not a number");
            std::process::exit(2)
        };
        match key {
            "namePenalty" => opts.name_penalty = v,
            "numberPenalty" => opts.number_penalty = v,
            "minCoverage" => opts.min_coverage = v,
            "negationMinCoverage" => opts.negation_min_coverage = v,
            "fuzzyCredit" => opts.fuzzy_credit = v,
            "questionWeight" => opts.question_weight = v,
            _ => {
                eprintln!("--set: unknown option {key}");
                std::process::exit(2)
            }
        }
    }
    let started = std::time::Instant::now();
    let mut rows = Vec::new();
    for (k, f) in files.iter().enumerate() {
        let before = rows.len();
        let skipped = load(f, k, &mut rows);
        println!(
            "{} rows from {f}{}",
            rows.len() - before,
            if skipped > 0 {
                format!(" ({skipped} without a label skipped)")
            } else {
                String::new()
            }
        );
    }
    let datasets: BTreeSet<&str> = rows.iter().map(|r| r.dataset.as_str()).collect();
    if lodo && datasets.len() < 2 {
        eprintln!("--lodo needs at least two src_datasets; these files have {datasets:?}");
        std::process::exit(2)
    }
    if let Some(out) = arg("--dump") {
        dump(&rows, out, &opts);
    }
    let names: Vec<&str> = (0..FEATURES)
        .filter(|&i| active[i])
        .map(|i| FEATURE_NAMES[i])
        .collect();
    println!(
        "features ({} of {FEATURES}): {}",
        names.len(),
        names.join(", ")
    );

    let stop = stop_words();
    let base: Vec<f64> = rows.iter().map(|r| coverage(r, &stop)).collect();
    let t0 = std::time::Instant::now();
    let feats = extract(&rows, &opts);
    let elapsed = t0.elapsed();
    if let Some(out) = arg("--feature-table") {
        write_feature_table(&rows, &feats, out);
    }
    println!(
        "claim features of {} rows in {:.2} s ({:.0} µs per row)",
        rows.len(),
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1e6 / rows.len().max(1) as f64
    );
    let ctx = Ctx {
        rows: &rows,
        feats: &feats,
        active: &active,
        opts: &opts,
        // Fitting the penalties with the model (log-odds shifts) is an experiment: it
        // weakened them and lost held-out macro-F1, so the defaults are fixed.
        fit_penalties: args.iter().any(|a| a == "--fit-penalties")
            && !args.iter().any(|a| {
                a == "--no-name-rule"
                    || a.starts_with("namePenalty=")
                    || a.starts_with("numberPenalty=")
            }),
        by_dataset: lodo,
        balance: !args.iter().any(|a| a == "--no-balance"),
    };

    // Outer splits: every row gets a held-out score.
    let all: Vec<usize> = (0..rows.len()).collect();
    let outer = splits(&rows, &all, lodo);
    let mut held = vec![Held::default(); rows.len()];
    println!(
        "\n{}",
        if lodo {
            "leave one dataset out: fitted on the other datasets (λ by inner leave-one-dataset-out), tested on the one named"
        } else {
            "5-fold cross-validation by row index (λ by inner 5-fold CV)"
        }
    );
    println!(
        "  {:<20} {:>5} {:>6} {:>9} {:>9} {:>17}",
        "held out", "λ", "inner", "supported", "baseline", "Platt (a, b)"
    );
    for (name, tr, te) in &outer {
        let f = select_and_fit(&ctx, tr);
        let (bt, _) =
            best_threshold_weighted(&weighted(tr, &base, &rows, &dataset_weights(&ctx, tr)));
        for &i in te {
            let s = row_score(&f.model, &feats[i]);
            held[i] = Held {
                score: s,
                calibrated: platt(s, f.platt),
                isotonic: isotonic(s, &f.isotonic),
                predicted: s >= f.threshold,
                base: base[i],
                base_predicted: base[i] >= bt,
            };
        }
        println!(
            "  {:<20} {:>5} {:>6.3} {:>9.3} {:>9.3} {:>8.3} {:>8.3}",
            name, f.lambda, f.inner_f1, f.threshold, bt, f.platt.0, f.platt.1
        );
        if ctx.fit_penalties {
            println!(
                "  {:<20} penalties (odds factors): number {:.3}, name {:.3}",
                "", f.model.opts.number_penalty, f.model.opts.name_penalty
            );
        }
    }
    println!("\n  held-out figures (baseline: content-word coverage, threshold fitted on the same training rows; pairs: share of HaluEval pairs whose attributable answer scores higher, ties half)");
    let mut lines = Vec::new();
    for d in &datasets {
        let idx: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| rows[i].dataset == *d)
            .collect();
        lines.push(line(d, &rows, &held, &idx));
    }
    let mean = mean_line(&lines);
    lines.push(mean);
    lines.push(line("all rows pooled", &rows, &held, &all));
    print_lines(&lines, true);
    let raw: Vec<(f64, bool)> = all
        .iter()
        .map(|&i| (held[i].score, rows[i].label))
        .collect();
    let cal: Vec<(f64, bool)> = all
        .iter()
        .map(|&i| (held[i].calibrated, rows[i].label))
        .collect();
    println!("\n  reliability of the held-out support score (all rows pooled)");
    print_reliability("raw score", &raw);
    print_reliability(
        "Platt-scaled (fitted on the training datasets' inner held-out scores)",
        &cal,
    );
    let iso: Vec<(f64, bool)> = all
        .iter()
        .map(|&i| (held[i].isotonic, rows[i].label))
        .collect();
    print_reliability(
        "isotonic (fitted on the training datasets' inner held-out scores)",
        &iso,
    );

    // The model fitted the same way on all rows.
    let f = select_and_fit(&ctx, &all);
    let score: Vec<f64> = feats.iter().map(|x| row_score(&f.model, x)).collect();
    let whole: Vec<(bool, bool)> = all
        .iter()
        .map(|&i| (score[i] >= f.threshold, rows[i].label))
        .collect();
    let (wa, wf) = accuracy_macro_f1(&whole);
    println!(
        "\nfitted on all rows: λ = {}, supported = {:.3}, Platt a = {:.4}, b = {:.4}; in-sample acc {wa:.3}, macro-F1 {wf:.3}",
        f.lambda, f.threshold, f.platt.0, f.platt.1
    );
    println!("  standardised weights:");
    for i in 0..FEATURES {
        if active[i] {
            println!(
                "    {:<24} {:+.3}",
                FEATURE_NAMES[i], f.model.model.weights[i]
            );
        }
    }
    println!("    {:<24} {:+.3}", "bias", f.model.model.bias);
    println!(
        "  penalties (odds factors, {}): numberPenalty {:.4}, namePenalty {:.4}",
        if ctx.fit_penalties { "fitted" } else { "fixed" },
        f.model.opts.number_penalty,
        f.model.opts.name_penalty
    );
    println!("\n// fitted model, for src/claims/model.rs (inactive features have weight 0)");
    println!("{}", rust_array("FEATURE_MEAN", &f.model.model.mean));
    println!("{}", rust_array("FEATURE_SCALE", &f.model.model.scale));
    println!("{}", rust_array("LEARNED_WEIGHTS", &f.model.model.weights));
    println!("pub const LEARNED_BIAS: f64 = {:.6};", f.model.model.bias);
    println!("// supported threshold: {:.3}", f.threshold);
    let steps: Vec<String> = f
        .isotonic
        .iter()
        .map(|(s, p)| format!("({s:.4}, {p:.4})"))
        .collect();
    println!(
        "// calibration fitted on the inner held-out scores: Platt p = σ({:.4} · logit(score) + {:.4}); isotonic steps (lowest score, probability): [{}]",
        f.platt.0,
        f.platt.1,
        steps.join(", ")
    );

    // The shipped model and defaults, through the public entry point.
    let shipped = ClaimOptions {
        name_penalty: opts.name_penalty,
        ..ClaimOptions::default()
    };
    let mut sh = vec![Held::default(); rows.len()];
    for (i, r) in rows.iter().enumerate() {
        let c = AnswerContext::new(&r.claim);
        let rep = analyze_claims(
            &c,
            &r.question,
            &sources_of(r),
            &[],
            &markers(&r.claim),
            &shipped,
        );
        sh[i] = Held {
            score: rep.support_score,
            calibrated: rep.support_score,
            isotonic: rep.support_score,
            predicted: rep.attributable,
            base: base[i],
            base_predicted: held[i].base_predicted,
        };
    }
    println!(
        "\nshipped model and defaults (supported = {}; not held out: its weights were fitted on dev data; baseline columns as above)",
        shipped.supported
    );
    let mut lines = Vec::new();
    for d in &datasets {
        let idx: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| rows[i].dataset == *d)
            .collect();
        lines.push(line(d, &rows, &sh, &idx));
    }
    let mean = mean_line(&lines);
    lines.push(mean);
    lines.push(line("all rows pooled", &rows, &sh, &all));
    print_lines(&lines, false);
    println!("\ntotal time {:.2} s", started.elapsed().as_secs_f64());
}

#[cfg(test)]
mod tests {
    use super::metrics::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn auroc_counts_ties_half() {
        // Positives 0.9, 0.5; negatives 0.5, 0.1: pairs (0.9>0.5) 1, (0.9>0.1) 1,
        // (0.5=0.5) 0.5, (0.5>0.1) 1 → 3.5 / 4.
        let v = [(0.9, true), (0.5, true), (0.5, false), (0.1, false)];
        assert!(close(auroc(&v).unwrap(), 0.875));
        // Perfectly reversed ranking.
        assert!(close(auroc(&[(0.1, true), (0.9, false)]).unwrap(), 0.0));
        // All tied.
        assert!(close(
            auroc(&[(0.3, true), (0.3, false), (0.3, true)]).unwrap(),
            0.5
        ));
        assert_eq!(auroc(&[(0.3, true), (0.4, true)]), None);
    }

    #[test]
    fn reliability_and_ece_by_hand() {
        // Bin [0.1, 0.2): 0.15 (neg), 0.15 (pos) → predicted 0.15, observed 0.5.
        // Bin [0.9, 1.0]: 1.0 (pos), 0.9 (pos) → predicted 0.95, observed 1.
        let v = [(0.15, false), (0.15, true), (1.0, true), (0.9, true)];
        let t = reliability(&v, 10);
        assert_eq!(t.len(), 10);
        assert_eq!(t[1].count, 2);
        assert!(close(t[1].mean_predicted, 0.15) && close(t[1].observed, 0.5));
        assert_eq!(t[9].count, 2);
        assert!(close(t[9].mean_predicted, 0.95) && close(t[9].observed, 1.0));
        // ECE = 2/4 · 0.35 + 2/4 · 0.05 = 0.2.
        assert!(close(ece(&t), 0.2));
        assert!(close(ece(&reliability(&[], 10)), 0.0));
    }

    #[test]
    fn macro_f1_and_threshold() {
        // tp 1, fp 1, fn 1, tn 1: F1 of each class 0.5.
        let (acc, f1) =
            accuracy_macro_f1(&[(true, true), (true, false), (false, true), (false, false)]);
        assert!(close(acc, 0.5) && close(f1, 0.5));
        // Separable: the threshold falls between 0.4 and 0.6 and gives macro-F1 1.
        let (t, f) = best_threshold(&[(0.2, false), (0.4, false), (0.6, true), (0.8, true)]);
        assert!(close(t, 0.5) && close(f, 1.0));
        // All one class predicted: the other class's F1 is 0.
        let (_, f) = accuracy_macro_f1(&[(true, true), (true, false)]);
        assert!(close(f, (2.0 / 3.0) / 2.0));
    }

    #[test]
    fn pairs_count_ties_half() {
        let v = [
            ("a", 0.9, true),
            ("a", 0.2, false),
            ("b", 0.5, true),
            ("b", 0.5, false),
            ("c", 0.1, true),
            ("c", 0.7, false),
            ("d", 0.1, true), // no partner: ignored
        ];
        let (rate, n) = pair_win_rate(&v).unwrap();
        assert_eq!(n, 3);
        assert!(close(rate, 1.5 / 3.0));
    }

    #[test]
    fn isotonic_pools_adjacent_violators() {
        // Scores 0.1 (neg), 0.2 (pos), 0.3 (neg), 0.4 (pos), 0.5 (pos): 0.2 and 0.3
        // violate the order and pool to 0.5.
        let v = [
            (0.1, false, 1.0),
            (0.2, true, 1.0),
            (0.3, false, 1.0),
            (0.4, true, 1.0),
            (0.5, true, 1.0),
        ];
        let steps = fit_isotonic(&v);
        assert_eq!(steps, vec![(0.1, 0.0), (0.2, 0.5), (0.4, 1.0)]);
        assert!(close(isotonic(0.05, &steps), 0.0));
        assert!(close(isotonic(0.25, &steps), 0.5));
        assert!(close(isotonic(0.9, &steps), 1.0));
        // Weights count as rows.
        let w = fit_isotonic(&[(0.3, true, 3.0), (0.3, false, 1.0)]);
        assert_eq!(w, vec![(0.3, 0.75)]);
    }

    #[test]
    fn platt_recovers_a_calibrated_score() {
        // Scores already calibrated in expectation: 0.2 positive one time in five, 0.8 four
        // times in five; Platt keeps them (a ≈ 1, b ≈ 0).
        let mut v = Vec::new();
        for k in 0..50 {
            v.push((0.2, k % 5 == 0));
            v.push((0.8, k % 5 != 0));
        }
        let p = fit_platt(&v);
        assert!((platt(0.2, p) - 0.2).abs() < 1e-3, "{p:?}");
        assert!((platt(0.8, p) - 0.8).abs() < 1e-3, "{p:?}");
        // Overconfident scores are pulled in.
        let mut w = Vec::new();
        for k in 0..50 {
            w.push((0.01, k % 5 == 0));
            w.push((0.99, k % 5 != 0));
        }
        let q = fit_platt(&w);
        assert!((platt(0.99, q) - 0.8).abs() < 1e-3, "{q:?}");
    }

    #[test]
    fn the_two_rows_of_a_pair_are_in_one_fold() {
        let row = |pair: Option<&str>| super::Row {
            question: String::new(),
            claim: String::new(),
            references: Vec::new(),
            label: true,
            dataset: "d".into(),
            pair: pair.map(str::to_string),
        };
        // Ten pairs, then five rows without one.
        let mut rows: Vec<super::Row> =
            (0..20).map(|i| row(Some(&format!("p{}", i / 2)))).collect();
        rows.extend((0..5).map(|_| row(None)));
        let idx: Vec<usize> = (0..rows.len()).collect();
        let folds = super::splits(&rows, &idx, false);
        assert_eq!(folds.len(), super::FOLDS);
        let mut tested = Vec::new();
        for (_, train, test) in &folds {
            for p in 0..10 {
                let (a, b) = (2 * p, 2 * p + 1);
                assert_eq!(test.contains(&a), test.contains(&b), "pair {p}");
                assert_eq!(train.contains(&a), train.contains(&b), "pair {p}");
            }
            assert_eq!(train.len() + test.len(), rows.len());
            tested.extend(test.iter().copied());
        }
        tested.sort_unstable();
        assert_eq!(tested, idx, "every row is tested once");
        // Three groups of five in each fold: two pairs and a single row, or the like.
        assert!(folds.iter().all(|(_, _, te)| te.len() >= 3));
    }
}
