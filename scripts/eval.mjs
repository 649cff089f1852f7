#!/usr/bin/env node
// Measures the deterministic claim-support check on labelled AttributionBench-style files:
//
//   npm run eval -- <file.jsonl> [more.jsonl ...]          the wasm module, as shipped
//   npm run eval -- --lodo [options] <file.jsonl> [...]    leave one src_dataset out (native)
//
// Without --lodo, the real wasm module (through js/node.mjs) checks each row's claim (as the
// answer) against its references (as the sources). Printed per src_dataset and overall:
// accuracy and macro-F1 of `report.attributable`, the AUROC of `report.supportScore`, the
// same for the word-overlap baseline (content-word coverage, its threshold fitted on these
// rows the way `claims.supported` was fitted: best macro-F1, each dataset weighing the same),
// the HaluEval pair win rate (rows with a `pair`), and the reliability of the support score.
// These are not held-out figures: the shipped model was fitted on dev data.
//
// Options of the wasm run: --report <out.html> (a self-contained HTML report: the table,
// the support-score histogram, the reliability plot, the worst rows with their findings
// highlighted; --worst <n> of them, default 10), --fail-under <score> (exit 1 when the
// macro-F1 of report.attributable over all rows is under the score: for CI), --progress /
// --no-progress (a progress bar with rate and ETA on stderr; default when it is a terminal).
//
// With --lodo, the fitting is native: this runs `cargo run --profile eval --example
// attribution_eval -- --lodo ...` (examples/attribution_eval.rs; options --features a,b,c,
// --drop a,b, --no-balance, --no-name-rule), which fits the model, λ, the threshold, a Platt
// scaling and the baseline's threshold on all datasets but one and measures on that one.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { renderReport } from "../js/html-report.mjs";
import { progressBar } from "../js/progress.mjs";
import { ROOT, toolEnv } from "./lib.mjs";
import {
  accuracyMacroF1,
  auroc,
  bestThreshold,
  coverage,
  datasetWeights,
  ece,
  pairWinRate,
  reliability,
  stopWords,
} from "./metrics.mjs";

const USAGE =
  "usage: npm run eval -- [--report <out.html>] [--worst <n>] [--fail-under <score>] [--progress | --no-progress] <file.jsonl> [more.jsonl ...]\n" +
  "       npm run eval -- --lodo [--features a,b,c] [--drop a,b] [--no-balance] [--no-name-rule] <file.jsonl> [more.jsonl ...]";
const args = process.argv.slice(2);
// npm runs scripts from the package root; paths are the caller's.
const here = process.env.INIT_CWD || process.cwd();
const abs = (p) => (isAbsolute(p) ? p : resolve(here, p));

if (args.includes("--lodo")) {
  const valued = new Set(["--features", "--drop"]);
  const native = args.map((a, i) => (a.startsWith("--") || valued.has(args[i - 1]) ? a : abs(a)));
  const cargoArgs = ["run", "--quiet", "--profile", "eval", "--example", "attribution_eval", "--", ...native];
  // The first run builds the harness (a minute or two, quietly).
  console.error(`$ cargo ${cargoArgs.join(" ")}`);
  const r = spawnSync("cargo", cargoArgs, {
    cwd: ROOT,
    env: toolEnv(),
    stdio: "inherit",
  });
  if (r.error) console.error(`cannot run cargo: ${r.error.message}`);
  process.exit(r.status ?? 1);
}

const opts = { report: null, worst: 10, failUnder: null, progress: process.stderr.isTTY === true };
const files = [];
function usage(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const value = () => (i + 1 < args.length ? args[++i] : usage(`${a} needs a value`));
  if (a === "--report") opts.report = abs(value());
  else if (a === "--worst") {
    const raw = value();
    opts.worst = Number(raw);
    if (!Number.isInteger(opts.worst) || opts.worst < 0) usage(`--worst must be a whole number, got "${raw}"`);
  } else if (a === "--fail-under") {
    const raw = value();
    opts.failUnder = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(opts.failUnder) || opts.failUnder < 0 || opts.failUnder > 1) usage(`--fail-under must be a score between 0 and 1, got "${raw}"`);
  } else if (a === "--progress") opts.progress = true;
  else if (a === "--no-progress") opts.progress = false;
  else if (a.startsWith("-")) usage(`unknown option ${a} (the fitting options need --lodo)`);
  else files.push(a);
}
if (files.length === 0) usage("no labelled file given");

// Loaded here: --lodo needs no wasm build.
const { benchmarkValidator, checkClaim, readLabelled } = await import("./labelled.mjs");
const validator = benchmarkValidator();
const stop = stopWords();
const rows = [];
let skipped = 0;
const labelled = [];
for (const [k, file] of files.entries()) {
  let read;
  try {
    read = readLabelled(abs(file), k);
  } catch (e) {
    console.error(`cannot read ${file}: ${e.message}`);
    process.exit(2);
  }
  skipped += read.skipped;
  labelled.push(...read.rows);
}
const bar = opts.progress && labelled.length > 1 ? progressBar(process.stderr, labelled.length) : null;
// The worst rows for the HTML report: the most confidently wrong (an attributable claim
// scored lowest, a non-attributable one highest), at most 2 × --worst kept while running.
let worst = [];
const counts = { decisions: {}, findings: {} };
const wrongness = (r) => (r.gold ? 1 - r.score : r.score);
const trimWorst = () => (worst = worst.sort((a, b) => wrongness(b) - wrongness(a) || a.n - b.n).slice(0, opts.worst));
for (const row of labelled) {
  const started = performance.now();
  const report = checkClaim(validator, row.question, row.claim, row.references);
  const ms = performance.now() - started;
  const r = {
    dataset: row.dataset,
    gold: row.gold,
    pair: row.pair,
    predicted: report.attributable,
    score: report.supportScore,
    base: coverage(row.claim, row.references, stop),
    ms,
  };
  rows.push(r);
  counts.decisions[report.decision] = (counts.decisions[report.decision] ?? 0) + 1;
  for (const w of report.warnings) counts.findings[w.kind] = (counts.findings[w.kind] ?? 0) + 1;
  if (opts.report && opts.worst > 0 && r.predicted !== r.gold) {
    worst.push({ ...r, n: rows.length, question: row.question, claim: row.claim, report });
    if (worst.length > 2 * opts.worst) trimWorst();
  }
  bar?.tick();
}
bar?.end();
if (rows.length === 0) {
  console.error("no labelled rows");
  process.exit(2);
}

// The baseline's threshold, fitted on these rows like `claims.supported` was.
const weights = datasetWeights(rows.map((r) => r.dataset));
const { threshold: baseT } = bestThreshold(rows.map((r, i) => [r.base, r.gold, weights[i]]));
for (const r of rows) r.basePredicted = r.base >= baseT;

function figures(name, subset) {
  const gc = accuracyMacroF1(subset.map((r) => [r.predicted, r.gold]));
  const base = accuracyMacroF1(subset.map((r) => [r.basePredicted, r.gold]));
  const paired = subset.filter((r) => r.pair !== null);
  return {
    name,
    n: subset.length,
    gc: { ...gc, auroc: auroc(subset.map((r) => [r.score, r.gold])) },
    base: { ...base, auroc: auroc(subset.map((r) => [r.base, r.gold])) },
    pairs: pairWinRate(paired.map((r) => [r.pair, r.score, r.gold])),
    basePairs: pairWinRate(paired.map((r) => [r.pair, r.base, r.gold])),
    ece: ece(reliability(subset.map((r) => [r.score, r.gold]))),
  };
}

const datasets = [...new Set(rows.map((r) => r.dataset))].sort();
const lines = datasets.map((d) => figures(d, rows.filter((r) => r.dataset === d)));
const mean = (f) => {
  const v = lines.map(f).filter((x) => x !== null && x !== undefined);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};
const meanLine = {
  name: "mean of datasets",
  n: rows.length,
  gc: { accuracy: mean((l) => l.gc.accuracy), macroF1: mean((l) => l.gc.macroF1), auroc: mean((l) => l.gc.auroc) },
  base: { accuracy: mean((l) => l.base.accuracy), macroF1: mean((l) => l.base.macroF1), auroc: mean((l) => l.base.auroc) },
  pairs: null,
  basePairs: null,
  ece: mean((l) => l.ece),
};
const all = figures("all rows", rows);

const f3 = (x) => (x === null || x === undefined ? "-" : x.toFixed(3));
const pad = (s, n) => String(s).padStart(n);
console.log(`groundcheck eval: ${files.join(", ")}`);
console.log(`${rows.length} rows${skipped ? ` (${skipped} without a label skipped)` : ""}`);
console.log("groundcheck: report.attributable (every factual claim supported), AUROC of report.supportScore");
console.log(
  `baseline: content-word coverage (share of the claim's lower-cased words, stop words removed, found in the references) >= ${baseT.toFixed(3)} (fitted on these rows: best macro-F1, each dataset weighing the same)`,
);
console.log("not held out: the shipped model was fitted on dev data; `npm run eval -- --lodo <files>` gives the held-out figures");
console.log("");
console.log(
  [
    "dataset".padEnd(20),
    pad("rows", 5),
    "|",
    pad("acc", 6),
    pad("F1", 6),
    pad("AUROC", 6),
    "|",
    pad("acc", 6),
    pad("F1", 6),
    pad("AUROC", 6),
    "|",
    pad("pairs", 6),
    pad("pairs", 6),
    "|",
    pad("ECE", 6),
  ].join(" "),
);
const centre = (t, n) => t.padStart(Math.floor((n + t.length) / 2)).padEnd(n);
console.log(["".padEnd(20), pad("", 5), "|", centre("groundcheck", 20), "|", centre("baseline", 20), "|", pad("gc", 6), pad("base", 6), "|", pad("gc", 6)].join(" "));
for (const l of [...lines, meanLine, all]) {
  console.log(
    [
      l.name.padEnd(20),
      pad(l.n, 5),
      "|",
      pad(f3(l.gc.accuracy), 6),
      pad(f3(l.gc.macroF1), 6),
      pad(f3(l.gc.auroc), 6),
      "|",
      pad(f3(l.base.accuracy), 6),
      pad(f3(l.base.macroF1), 6),
      pad(f3(l.base.auroc), 6),
      "|",
      pad(f3(l.pairs?.rate), 6),
      pad(f3(l.basePairs?.rate), 6),
      "|",
      pad(f3(l.ece), 6),
    ].join(" "),
  );
}
if (all.pairs) {
  console.log("");
  console.log(
    `pairs: ${all.pairs.pairs} pairs (one attributable and one not, same question); share where the attributable answer scores higher (ties count half): groundcheck ${f3(all.pairs.rate)}, baseline ${f3(all.basePairs.rate)}`,
  );
}

console.log("");
const table = reliability(rows.map((r) => [r.score, r.gold]));
console.log(`reliability of report.supportScore (all rows, 10 bins): ECE ${f3(ece(table))}`);
console.log(["bin".padEnd(11), pad("count", 6), pad("predicted", 9), pad("observed", 9)].join(" "));
for (const [k, b] of table.entries()) {
  console.log([`[${(k / 10).toFixed(1)}, ${((k + 1) / 10).toFixed(1)})`.padEnd(11), pad(b.count, 6), pad(f3(b.meanPredicted), 9), pad(f3(b.observed), 9)].join(" "));
}

const times = rows.map((r) => r.ms).sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
console.log("");
console.log(`check() time per row: median ${pct(0.5).toFixed(2)} ms, p95 ${pct(0.95).toFixed(2)} ms, max ${pct(1).toFixed(2)} ms`);

if (opts.report) {
  trimWorst();
  const tableRows = [...lines, meanLine, all].map((l) => [
    l.name,
    String(l.n),
    f3(l.gc.accuracy),
    f3(l.gc.macroF1),
    f3(l.gc.auroc),
    f3(l.base.accuracy),
    f3(l.base.macroF1),
    f3(l.base.auroc),
    f3(l.pairs?.rate),
    f3(l.ece),
  ]);
  const html = renderReport({
    title: "groundcheck eval",
    subject: `${files.join(", ")}: ${rows.length} labelled rows${skipped ? ` (${skipped} without a label skipped)` : ""}`,
    generated: new Date().toISOString(),
    tiles: [
      { label: "Rows", value: String(rows.length) },
      { label: "Accuracy", value: f3(all.gc.accuracy) },
      { label: "Macro-F1", value: f3(all.gc.macroF1), note: `baseline ${f3(all.base.macroF1)}` },
      { label: "AUROC", value: f3(all.gc.auroc), note: `baseline ${f3(all.base.auroc)}` },
      { label: "ECE", value: f3(all.ece) },
      { label: "check() median", value: `${pct(0.5).toFixed(2)} ms` },
    ],
    decisions: counts.decisions,
    findings: counts.findings,
    confidences: rows.map((r) => r.score),
    histogramLabel: "Support score",
    labelled: rows.map((r) => [r.score, r.gold]),
    reliabilityLabel: "support score",
    tables: [
      {
        title: "By dataset",
        headers: ["dataset", "rows", "acc", "F1", "AUROC", "base acc", "base F1", "base AUROC", "pairs", "ECE"],
        rows: tableRows,
        note: `groundcheck: report.attributable and the AUROC of report.supportScore; baseline: content-word coverage >= ${baseT.toFixed(3)}, fitted on these rows. Not held out: the shipped model was fitted on dev data.`,
      },
    ],
    worst: worst.map((w) => ({
      heading: `row ${w.n} · ${w.dataset} · labelled ${w.gold ? "attributable" : "not attributable"}`,
      question: w.question,
      answer: w.claim,
      report: w.report,
      note: `support score ${f3(w.score)}, predicted ${w.predicted ? "attributable" : "not attributable"}`,
    })),
    worstTitle: `Most confidently wrong rows (${worst.length})`,
    gate: opts.failUnder === null ? null : { label: "Macro-F1 (all rows)", value: all.gc.macroF1, threshold: opts.failUnder, passed: all.gc.macroF1 >= opts.failUnder },
  });
  try {
    writeFileSync(opts.report, html);
  } catch (err) {
    console.error(`cannot write --report ${opts.report}: ${err.code ?? err.message}`);
    process.exit(2);
  }
  console.error(`wrote the HTML report to ${opts.report}`);
}

if (opts.failUnder !== null) {
  if (!(all.gc.macroF1 >= opts.failUnder)) {
    console.error(`groundcheck eval: macro-F1 ${f3(all.gc.macroF1)} (all rows) is under --fail-under ${opts.failUnder}`);
    process.exit(1);
  }
  console.error(`groundcheck eval: macro-F1 ${f3(all.gc.macroF1)} (all rows) reaches --fail-under ${opts.failUnder}`);
}
