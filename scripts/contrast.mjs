#!/usr/bin/env node
// Contrast sets: `npm run contrast -- <file.jsonl> [more.jsonl ...] [--show N] [--seed N]`.
//
// Takes the attributable rows of labelled AttributionBench-style files and makes minimal
// edits of each claim (scripts/contrast-edits.mjs): a name swapped for a name from elsewhere
// in the files that the row's texts never write (any position, the first word included), a
// number, date or amount changed to one the references never write, a negation inserted or
// removed, a word replaced by its antonym (a built-in list of general pairs), two names'
// places exchanged, a name replaced by another name the references write (as a model that
// confuses two entities of its context does), a number replaced by another number the
// references write (a year by a year). Each edited claim is checked against the row's references with the wasm
// module; an edit is caught when `report.attributable` is false. Reports, per edit type, the
// edits made and the share caught (of all edits, and of the edits whose original was
// accepted), and the share of untouched originals accepted (`attributable` true).
// Deterministic: each row's choices come from a generator seeded with the seed and the row's
// position. `--show N` prints up to N missed edits per type whose original was accepted;
// `--set option=value` sets a claims option (`config.claims`) for the run.
import { isAbsolute, resolve } from "node:path";
import { benchmarkValidator, checkClaim, readLabelled } from "./labelled.mjs";
import { EDITS, namePool, rng } from "./contrast-edits.mjs";
import { stopWords } from "./metrics.mjs";

const USAGE = "usage: npm run contrast -- <file.jsonl> [more.jsonl ...] [--show N] [--seed N] [--set claimOption=value ...]";
const args = process.argv.slice(2);
const here = process.env.INIT_CWD || process.cwd();
const files = [];
let show = 0;
let seed = 11;
const claims = {};
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--set") {
    const [key, value] = String(args[++i] ?? "").split("=");
    if (!key || value === undefined || !Number.isFinite(Number(value))) {
      console.error(`--set takes claimOption=number\n${USAGE}`);
      process.exit(2);
    }
    claims[key] = Number(value);
  } else if (args[i] === "--show" || args[i] === "--seed") {
    const v = Number(args[++i]);
    if (!Number.isInteger(v) || v < 0) {
      console.error(`${args[i - 1]} takes a whole number\n${USAGE}`);
      process.exit(2);
    }
    if (args[i - 1] === "--show") show = v;
    else seed = v;
  } else if (args[i].startsWith("-")) {
    console.error(`unknown option ${args[i]}\n${USAGE}`);
    process.exit(2);
  } else files.push(args[i]);
}
if (files.length === 0) {
  console.error(USAGE);
  process.exit(2);
}

let all = [];
for (const [k, file] of files.entries()) {
  try {
    all = all.concat(readLabelled(isAbsolute(file) ? file : resolve(here, file), k).rows);
  } catch (e) {
    console.error(`cannot read ${file}: ${e.message}`);
    process.exit(2);
  }
}
const stop = stopWords();
const pool = namePool(
  all.flatMap((r) => [r.claim, ...r.references]),
  stop,
);
const ctx = { pool, poolSet: new Set(pool), stop };
const rows = all.filter((r) => r.gold);
let validator;
try {
  validator = benchmarkValidator(claims);
} catch (e) {
  console.error(`--set: ${e.message}`);
  process.exit(2);
}
const attributable = (claim, row) => checkClaim(validator, row.question, claim, row.references).attributable;

const stats = new Map(EDITS.map(([key]) => [key, { made: 0, caught: 0, madeAccepted: 0, caughtAccepted: 0, missed: [] }]));
const byDataset = new Map();
let accepted = 0;
for (const [n, row] of rows.entries()) {
  const ok = attributable(row.claim, row);
  if (ok) accepted++;
  const d = byDataset.get(row.dataset) ?? { rows: 0, accepted: 0, made: 0, caught: 0, types: new Map(EDITS.map(([k]) => [k, [0, 0]])) };
  d.rows++;
  if (ok) d.accepted++;
  for (const [key, , make] of EDITS) {
    // One generator per row and edit type: a row's edits do not depend on other rows.
    const random = rng((seed * 1_000_003 + n * 31 + EDITS.findIndex((e) => e[0] === key)) >>> 0);
    const edited = make(row, ctx, random);
    if (edited === null || edited === row.claim) continue;
    const s = stats.get(key);
    const caught = !attributable(edited, row);
    s.made++;
    d.made++;
    d.types.get(key)[0]++;
    if (caught) {
      s.caught++;
      d.caught++;
      d.types.get(key)[1]++;
    } else if (ok && s.missed.length < show) s.missed.push([row.claim, edited]);
    if (ok) {
      s.madeAccepted++;
      if (caught) s.caughtAccepted++;
    }
  }
  byDataset.set(row.dataset, d);
}

const f3 = (a, b) => (b ? (a / b).toFixed(3) : "-");
const pad = (s, n) => String(s).padStart(n);
console.log(`groundcheck contrast sets: ${files.join(", ")} (seed ${seed})`);
console.log(`${rows.length} attributable rows; ${pool.length} names in the pool`);
console.log(`originals accepted (attributable true): ${accepted} of ${rows.length} = ${f3(accepted, rows.length)}`);
console.log("");
console.log(["edit".padEnd(17), pad("made", 6), pad("caught", 7), pad("share", 6), "|", pad("made", 6), pad("caught", 7), pad("share", 6)].join(" "));
console.log(["".padEnd(17), pad("", 6), pad("", 7), pad("", 6), "|", "(original accepted)".padStart(21)].join(" "));
const total = { made: 0, caught: 0, madeAccepted: 0, caughtAccepted: 0 };
for (const [key, label] of EDITS) {
  const s = stats.get(key);
  for (const k of Object.keys(total)) total[k] += s[k];
  console.log([label.padEnd(17), pad(s.made, 6), pad(s.caught, 7), pad(f3(s.caught, s.made), 6), "|", pad(s.madeAccepted, 6), pad(s.caughtAccepted, 7), pad(f3(s.caughtAccepted, s.madeAccepted), 6)].join(" "));
}
console.log(["all edits".padEnd(17), pad(total.made, 6), pad(total.caught, 7), pad(f3(total.caught, total.made), 6), "|", pad(total.madeAccepted, 6), pad(total.caughtAccepted, 7), pad(f3(total.caughtAccepted, total.madeAccepted), 6)].join(" "));
console.log("");
console.log("per dataset: originals accepted, then the share caught of each edit type (edits made)");
console.log(["dataset".padEnd(20), pad("rows", 5), pad("accepted", 8), ...EDITS.map(([k]) => pad(k, 13)), pad("all", 13)].join(" "));
const cell = ([made, caught]) => pad(`${f3(caught, made)} (${made})`, 13);
for (const [d, s] of [...byDataset.entries()].sort()) {
  console.log([d.padEnd(20), pad(s.rows, 5), pad(f3(s.accepted, s.rows), 8), ...EDITS.map(([k]) => cell(s.types.get(k))), cell([s.made, s.caught])].join(" "));
}
if (show > 0) {
  for (const [key, label] of EDITS) {
    const missed = stats.get(key).missed;
    if (missed.length === 0) continue;
    console.log(`\nmissed (${label}):`);
    for (const [a, b] of missed) console.log(`  - ${a}\n  + ${b}`);
  }
}
