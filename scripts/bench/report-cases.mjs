#!/usr/bin/env node
// Writes a cases file for `bench_native reports` (examples/bench_native.rs): every bench
// workload, the answer fixtures, random answers in many scripts, and (when given) the
// rows of labelled JSONL files as `npm run eval` checks them. Diffing the reports of two
// builds over it shows whether a change kept every report identical:
//
//   node scripts/bench/report-cases.mjs /tmp/cases.json ../shared/data/*.jsonl
//   cargo run --release --example bench_native -- reports /tmp/cases.json > before.tsv
//   (change the code)
//   cargo run --release --example bench_native -- reports /tmp/cases.json > after.tsv
//   cmp before.tsv after.tsv
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../lib.mjs";
import { rng, workloads } from "./workloads.mjs";

const [out, ...jsonl] = process.argv.slice(2);
if (!out) {
  console.error("usage: node scripts/bench/report-cases.mjs <out.json> [labelled.jsonl …]");
  process.exit(2);
}

const cases = workloads();

const fixtures = join(ROOT, "tests", "fixtures", "answers");
for (const f of readdirSync(fixtures).sort()) {
  const { expect: _expect, why: _why, config = {}, ...input } = JSON.parse(readFileSync(join(fixtures, f), "utf8"));
  cases.push({ name: `fixture-${f}`, kind: "check", config, input });
}

// Random answers and sources mixing accented, fullwidth, ligature, superscript, CJK,
// emoji and combining-mark text with quotes, code, citations and numbers.
const PIECES = [
  "café", "Cafe\u0301", "naïve", "Ærøskøbing", "São Paulo", "Łódź", "Straße", "ΑΘΗΝΑ", "Москва", "ＡＢＣ１２３",
  "ﬁnance", "ﬂow", "x²", "H₂O", "½ cup", "№ 5", "™", "…", "—", "–", "“quoted”", "‘single’", "«guillemets»",
  "東京", "北京市", "한국어", "カタカナ", "ｶﾀｶﾅ", "㍿", "①", "Ⅻ", "😀", "👩‍💻", "🇫🇷", "\u00a0", "\u200b", "\u00ad",
  "the", "bridge", "opened", "in", "1932", "was", "not", "tall", "330", "metres", "`topK`", "3.5", "Eiffel",
  "said", "that", "and", "it", "is", "[1]", "[2]", "[3]", "(Source 2)", ".", ",", ";", "\n", "\n\n", "- ", "> ",
];
const r = rng(2026);
const words = (n) => Array.from({ length: n }, () => r.pick(PIECES)).join(r() < 0.8 ? " " : "");
for (let i = 0; i < 300; i++) {
  const sources = Array.from({ length: 1 + r.int(4) }, (_, j) => ({ id: `s${j}`, content: words(10 + r.int(120)) }));
  const src = [...r.pick(sources).content]; // by code point: no lone surrogates
  const quoteFrom = r.int(Math.max(1, src.length - 40));
  const quoted = src.slice(quoteFrom, quoteFrom + 12 + r.int(40)).join("").replace(/"/g, "");
  const answer = `${words(5 + r.int(40))} "${r() < 0.5 ? quoted : quoted.toUpperCase()}" [${1 + r.int(4)}]. ${words(5 + r.int(60))}`;
  cases.push({ name: `random-${i}`, kind: "check", config: {}, input: { question: words(3 + r.int(8)) || "q", answer, sources } });
}

const LIMITS = { limits: { maxQuestionLength: 100_000, maxAnswerLength: 100_000, maxSources: 1000, maxSourceLength: 1_000_000 } };
for (const file of jsonl) {
  const name = file.split("/").pop();
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .forEach((line, i) => {
      const row = JSON.parse(line);
      const claim = String(row.claim ?? "");
      const question = String(row.question ?? "").trim() || claim || "(no question)";
      const sources = (Array.isArray(row.references) ? row.references : []).map((content, j) => ({ id: `ref-${j + 1}`, content: String(content ?? "") }));
      cases.push({ name: `${name}-${i}`, kind: "check", config: LIMITS, input: { question, answer: claim, sources } });
    });
}

writeFileSync(out, JSON.stringify({ cases }));
console.log(`${out}: ${cases.length} cases`);
