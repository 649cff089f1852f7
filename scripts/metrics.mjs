// Metrics and the word-overlap baseline for `npm run eval` and `npm run contrast`. The same
// definitions as the native harness (examples/attribution_eval.rs, module `metrics`), so the
// wasm run and the LODO run report comparable figures. No dependencies.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib.mjs";

/**
 * Accuracy and macro-F1 of `[predicted, gold]` boolean pairs (or weighted `[predicted,
 * gold, weight]`). Macro-F1 is the mean of the two classes' F1; a class with no true
 * positive has F1 0.
 */
export function accuracyMacroF1(pairs) {
  let tp = 0, tn = 0, fp = 0, fn = 0;
  for (const [p, g, w = 1] of pairs) {
    if (p && g) tp += w;
    else if (!p && !g) tn += w;
    else if (p) fp += w;
    else fn += w;
  }
  const n = tp + tn + fp + fn;
  return { accuracy: n > 0 ? (tp + tn) / n : 0, macroF1: macroF1(tp, fp, fn, tn) };
}

/** Mean of both classes' F1 from the counts. */
export function macroF1(tp, fp, fn, tn) {
  const f1 = (a, b, c) => (a === 0 ? 0 : (2 * a) / (2 * a + b + c));
  return (f1(tp, fp, fn) + f1(tn, fn, fp)) / 2;
}

/**
 * The threshold `t` maximising macro-F1 of `score >= t` over `[score, label, weight?]`
 * rows: candidates are the midpoints between consecutive distinct scores and just below the
 * lowest / above the highest; the lowest of equally good thresholds wins. Returns
 * `{ threshold, macroF1 }`.
 */
export function bestThreshold(scored) {
  const v = scored.map(([s, y, w = 1]) => [s, y, w]).sort((a, b) => a[0] - b[0]);
  if (v.length === 0) return { threshold: 0.5, macroF1: 0 };
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (const [, y, w] of v) {
    if (y) tp += w;
    else fp += w;
  }
  let best = { threshold: v[0][0] - 1e-6, macroF1: macroF1(tp, fp, fn, tn) };
  let i = 0;
  while (i < v.length) {
    const s = v[i][0];
    while (i < v.length && v[i][0] === s) {
      if (v[i][1]) {
        tp -= v[i][2];
        fn += v[i][2];
      } else {
        fp -= v[i][2];
        tn += v[i][2];
      }
      i++;
    }
    const t = i < v.length ? (s + v[i][0]) / 2 : s + 1e-6;
    const f = macroF1(tp, fp, fn, tn);
    if (f > best.macroF1 + 1e-12) best = { threshold: t, macroF1: f };
  }
  return best;
}

/**
 * Area under the ROC curve of `[score, label]` rows: the probability that a positive scores
 * above a negative, ties counting half (Mann–Whitney U with tie-averaged ranks). `null`
 * without both labels.
 */
export function auroc(scored) {
  const v = [...scored].sort((a, b) => a[0] - b[0]);
  const pos = v.filter((x) => x[1]).length;
  const neg = v.length - pos;
  if (pos === 0 || neg === 0) return null;
  let rankSum = 0;
  let i = 0;
  while (i < v.length) {
    let j = i;
    while (j < v.length && v[j][0] === v[i][0]) j++;
    const avg = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (v[k][1]) rankSum += avg;
    i = j;
  }
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/**
 * Reliability table of `[probability, label]` rows: `bins` equal-width bins over [0, 1] (bin
 * k holds k/bins <= p < (k+1)/bins, the last one includes 1), each `{ count, meanPredicted,
 * observed }` (null means for an empty bin).
 */
export function reliability(scored, bins = 10) {
  const sums = Array.from({ length: bins }, () => ({ count: 0, p: 0, y: 0 }));
  for (const [p0, y] of scored) {
    const p = Math.min(1, Math.max(0, p0));
    const k = Math.min(bins - 1, Math.floor(p * bins));
    sums[k].count++;
    sums[k].p += p;
    sums[k].y += y ? 1 : 0;
  }
  return sums.map(({ count, p, y }) => ({
    count,
    meanPredicted: count ? p / count : null,
    observed: count ? y / count : null,
  }));
}

/** Expected calibration error of a reliability table: Σ (count / n) · |predicted − observed|. */
export function ece(table) {
  const n = table.reduce((a, b) => a + b.count, 0);
  if (n === 0) return 0;
  return table.reduce((a, b) => (b.count ? a + (b.count / n) * Math.abs(b.meanPredicted - b.observed) : a), 0);
}

/**
 * Share of pairs (two rows with the same key, one positive and one negative) where the
 * positive scores above the negative, ties counting half. `rows` are `[key, score, label]`;
 * keys with another make-up are ignored. Returns `{ rate, pairs }` or null without pairs.
 */
export function pairWinRate(rows) {
  const by = new Map();
  for (const [k, s, y] of rows) {
    if (!by.has(k)) by.set(k, []);
    by.get(k).push([s, y]);
  }
  let wins = 0, n = 0;
  for (const v of by.values()) {
    if (v.length !== 2 || v[0][1] === v[1][1]) continue;
    const [p, q] = v[0][1] ? [v[0][0], v[1][0]] : [v[1][0], v[0][0]];
    n++;
    wins += p > q ? 1 : p === q ? 0.5 : 0;
  }
  return n ? { rate: wins / n, pairs: n } : null;
}

/** Weight of each row so that every dataset weighs the same and the weights average 1. */
export function datasetWeights(datasets) {
  const count = new Map();
  for (const d of datasets) count.set(d, (count.get(d) ?? 0) + 1);
  return datasets.map((d) => datasets.length / (count.size * count.get(d)));
}

/** The baseline's stop words (scripts/stopwords.txt, shared with the native harness). */
export function stopWords(path = join(ROOT, "scripts", "stopwords.txt")) {
  return new Set(
    readFileSync(path, "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#")),
  );
}

/** Lower-cased words: runs of letters and digits (Rust's `char::is_alphanumeric`). */
export function words(text) {
  return String(text)
    .split(/[^\p{Alphabetic}\p{N}]+/u)
    .filter((w) => w !== "")
    .map((w) => w.toLowerCase());
}

/**
 * Word-overlap baseline: share of the claim's distinct content words (lower-cased, stop
 * words removed) that occur in the references; 0 for a claim without content words.
 */
export function coverage(claim, references, stop) {
  const refs = new Set(references.flatMap((r) => words(r)));
  const content = new Set(words(claim).filter((w) => !stop.has(w)));
  if (content.size === 0) return 0;
  let hit = 0;
  for (const w of content) if (refs.has(w)) hit++;
  return hit / content.size;
}
