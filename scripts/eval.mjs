#!/usr/bin/env node
// Measures the deterministic claim-support check on a labelled AttributionBench-style
// file: `npm run eval -- <file.jsonl>`.
//
// Each line is { question, claim, references: string[], attribution_label, src_dataset }.
// The real wasm module checks the claim (as the answer) against the references (as the
// sources); the prediction is the report's `attributable` (every factual claim
// supported). Prints accuracy and macro-F1 overall and per src_dataset.
import { readFileSync } from "node:fs";
import { Validator } from "../js/node.mjs";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run eval -- <file.jsonl>");
  process.exit(2);
}

let lines;
try {
  lines = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "");
} catch (e) {
  console.error(`cannot read ${file}: ${e.message}`);
  process.exit(2);
}

const validator = new Validator({
  config: {
    // Benchmark rows carry long questions and many references; the defaults are sized
    // for chat answers.
    limits: { maxQuestionLength: 100_000, maxAnswerLength: 100_000, maxSources: 1000, maxSourceLength: 1_000_000 },
  },
});

const POSITIVE = "attributable";
const rows = [];
let skipped = 0;
for (const [i, line] of lines.entries()) {
  let row;
  try {
    row = JSON.parse(line);
  } catch (e) {
    console.error(`line ${i + 1}: not JSON (${e.message})`);
    process.exit(2);
  }
  const label = String(row.attribution_label ?? "").trim().toLowerCase();
  if (label !== POSITIVE && label !== "not attributable") {
    skipped++;
    continue;
  }
  const claim = String(row.claim ?? "");
  const question = String(row.question ?? "").trim() || claim || "(no question)";
  const sources = (Array.isArray(row.references) ? row.references : []).map((content, j) => ({
    id: `ref-${j + 1}`,
    content: String(content ?? ""),
  }));
  const started = performance.now();
  const report = validator.check({ question, answer: claim, sources });
  const ms = performance.now() - started;
  rows.push({
    dataset: String(row.src_dataset ?? "unknown"),
    gold: label === POSITIVE,
    predicted: report.attributable,
    ms,
  });
}

function metrics(subset) {
  const count = (g, p) => subset.filter((r) => r.gold === g && r.predicted === p).length;
  const tp = count(true, true), tn = count(false, false), fp = count(false, true), fn = count(true, false);
  const f1 = (tp_, fp_, fn_) => (2 * tp_ === 0 ? 0 : (2 * tp_) / (2 * tp_ + fp_ + fn_));
  const f1Pos = f1(tp, fp, fn);
  const f1Neg = f1(tn, fn, fp);
  return {
    n: subset.length,
    accuracy: subset.length ? (tp + tn) / subset.length : 0,
    macroF1: (f1Pos + f1Neg) / 2,
    f1Attributable: f1Pos,
    f1NotAttributable: f1Neg,
  };
}

const fmt = (x) => x.toFixed(3);
const table = [["all", metrics(rows)]];
for (const d of [...new Set(rows.map((r) => r.dataset))].sort()) {
  table.push([d, metrics(rows.filter((r) => r.dataset === d))]);
}
console.log(`groundcheck eval: ${file}`);
console.log(`rule: report.attributable (every factual claim supported)${skipped ? `; ${skipped} rows without a label skipped` : ""}`);
console.log("");
console.log(["dataset".padEnd(22), "rows".padStart(6), "accuracy".padStart(9), "macro-F1".padStart(9), "F1(attr)".padStart(9), "F1(not)".padStart(9)].join(" "));
for (const [name, m] of table) {
  console.log([name.padEnd(22), String(m.n).padStart(6), fmt(m.accuracy).padStart(9), fmt(m.macroF1).padStart(9), fmt(m.f1Attributable).padStart(9), fmt(m.f1NotAttributable).padStart(9)].join(" "));
}
const times = rows.map((r) => r.ms).sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
console.log("");
console.log(`check() time per row: median ${pct(0.5).toFixed(2)} ms, p95 ${pct(0.95).toFixed(2)} ms, max ${pct(1).toFixed(2)} ms`);
