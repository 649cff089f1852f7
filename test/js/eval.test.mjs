// `npm run eval` (wasm and --lodo) and `npm run contrast` on a small synthetic labelled file
// written here (invented facts, three datasets, one of them with pairs), as subprocesses.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";

const EVAL = fileURLToPath(new URL("../../scripts/eval.mjs", import.meta.url));
const CONTRAST = fileURLToPath(new URL("../../scripts/contrast.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "groundcheck-eval-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const PEOPLE = ["Maria Lopez", "Kenji Sato", "Ada Novak", "Omar Haddad", "Ines Moreau", "Tomas Berg", "Lucia Ferri", "Pavel Horak", "Nora Quist", "Felix Amsel", "Greta Lind", "Hugo Brandt"];
const CITIES = ["Valdora", "Mirefield", "Castrel", "Oberlin", "Tessane", "Rovigo", "Kestrel", "Almora", "Brisk", "Darnholm", "Lunden", "Pellow"];
const THINGS = ["bridge", "library", "observatory", "theatre", "harbour", "museum", "school", "tower", "market", "garden", "station", "archive"];

/** Ten rows per dataset: five claims a reference states, five it never mentions. */
function rows() {
  const out = [];
  for (const [d, dataset] of ["synth-a", "synth-b", "synth-c"].entries()) {
    for (let i = 0; i < 5; i++) {
      const k = d * 4 + i;
      const [p, c, t, year] = [PEOPLE[k % 12], CITIES[k % 12], THINGS[k % 12], 1850 + 7 * k];
      const [p2, c2, t2] = [PEOPLE[(k + 5) % 12], CITIES[(k + 7) % 12], THINGS[(k + 3) % 12]];
      const reference = `The ${t} in ${c} was designed by ${p} in ${year}. The ${t} is larger than the old hall, and it is open to the public every day. Visitors from ${c2} often praise ${p}. It was restored in ${year + 61}.`;
      const question = `Who designed the ${t} in ${c}?`;
      const claim =
        i % 2 === 0 ? `The ${t} in ${c} was designed by ${p} in ${year}.` : `The ${t} in ${c} is larger than the old hall.`;
      const wrong = `A ${t2} near ${CITIES[(k + 9) % 12]} was demolished by ${p2} after heavy floods in ${year + 3}.`;
      const pair = dataset === "synth-c" ? { pair: i } : {};
      out.push({ question, claim, references: [reference], attribution_label: "attributable", src_dataset: dataset, ...pair });
      out.push({ question, claim: wrong, references: [reference], attribution_label: "not attributable", src_dataset: dataset, ...pair });
    }
  }
  return out;
}
const FILE = join(dir, "synthetic.jsonl");
writeFileSync(FILE, rows().map((r) => JSON.stringify(r)).join("\n") + "\n");

function run(script, args) {
  const r = spawnSync(process.execPath, [script, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The numbers of the table line starting with `name`. */
function numbers(out, name) {
  const line = out.split("\n").find((l) => l.trimStart().startsWith(name));
  assert.ok(line, `no line ${name} in:\n${out}`);
  return [...line.slice(line.indexOf(name) + name.length).matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

test("eval: groundcheck beside the baseline, AUROC per dataset, pairs, reliability", () => {
  const r = run(EVAL, [FILE]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^30 rows$/m);
  assert.match(r.out, /baseline: content-word coverage .* >= \d\.\d{3} \(fitted on these rows/);
  assert.match(r.out, /\|\s+acc\s+F1\s+AUROC \|\s+acc\s+F1\s+AUROC \|/);
  for (const name of ["synth-a", "synth-b", "synth-c", "mean of datasets", "all rows"]) {
    const v = numbers(r.out, name);
    // rows, then acc / F1 / AUROC for groundcheck and the baseline (then pairs, ECE).
    assert.ok(v.length >= 7, `${name}: ${v}`);
    for (const x of v.slice(1)) assert.ok(x >= 0 && x <= 1, `${name}: ${v}`);
  }
  // Stated claims against unrelated ones: both rank every pair right.
  const all = numbers(r.out, "all rows");
  assert.equal(all[0], 30);
  assert.ok(all[3] >= 0.9, `groundcheck AUROC ${all[3]}`);
  assert.equal(all[6], 1, "baseline AUROC");
  assert.match(r.out, /pairs: 5 pairs .* \(ties count half\): groundcheck \d\.\d{3}, baseline 1\.000/);
  assert.match(r.out, /reliability of report\.supportScore \(all rows, 10 bins\): ECE \d\.\d{3}/);
  assert.equal((r.out.match(/^\[\d\.\d, \d\.\d\)/gm) ?? []).length, 10);
});

test("eval --report / --fail-under / --progress: HTML report, CI gate on macro-F1, rate and ETA", () => {
  const out = join(dir, "eval.html");
  const r = run(EVAL, [FILE, "--report", out, "--worst", "3", "--fail-under", "0.5", "--progress"]);
  assert.equal(r.code, 0, r.err);
  const f1 = numbers(r.out, "all rows")[2];
  assert.ok(r.err.includes(`groundcheck eval: macro-F1 ${f1.toFixed(3)} (all rows) reaches --fail-under 0.5`), r.err);
  assert.match(r.err, /\[#+\] 30\/30 \(100%\) · [\d.]+\/s · done in 0:\d\d/);
  const html = readFileSync(out, "utf8");
  assert.ok(!/<script/i.test(html));
  assert.equal((html.match(/<svg /g) ?? []).length, 2, "histogram and reliability plot");
  assert.match(html, /Reliability \(30 labelled\)/);
  for (const name of ["synth-a", "synth-b", "synth-c", "mean of datasets", "all rows"]) assert.ok(html.includes(`<td>${name}</td>`), name);
  assert.ok((html.match(/<article /g) ?? []).length <= 3);
  assert.match(html, /&gt;= --fail-under 0\.5: pass|≥ --fail-under 0\.5: pass/);
  const fail = run(EVAL, [FILE, "--fail-under", "1"]);
  if (f1 < 1) {
    assert.equal(fail.code, 1);
    assert.ok(fail.err.includes(`groundcheck eval: macro-F1 ${f1.toFixed(3)} (all rows) is under --fail-under 1`), fail.err);
  }
  assert.equal(run(EVAL, [FILE, "--fail-under", "high"]).code, 2);
  assert.equal(run(EVAL, [FILE, "--report"]).code, 2);
});

test("eval: bad arguments exit 2", () => {
  assert.equal(run(EVAL, []).code, 2);
  assert.equal(run(EVAL, ["--features", "a", FILE]).code, 2);
  assert.equal(run(EVAL, [join(dir, "missing.jsonl")]).code, 2);
});

test("eval --lodo: per-dataset held-out table, mean row, calibration, constants; feature subsets", { timeout: 20 * 60_000 }, () => {
  // An unknown feature name lists the harness's features (whatever src/claims names them).
  const bad = run(EVAL, ["--lodo", "--features", "noSuchFeature", FILE]);
  assert.equal(bad.code, 2);
  const listed = bad.err.match(/unknown feature "noSuchFeature"; the features are: (.+)/);
  assert.ok(listed, bad.err);
  const names = listed[1].split(", ");
  assert.ok(names.length >= 3, listed[1]);
  const chosen = names.slice(0, 3);
  const r = run(EVAL, ["--lodo", "--features", chosen.join(","), FILE]);
  assert.equal(r.code, 0, r.err);
  assert.ok(r.out.includes(`features (3 of ${names.length}): ${chosen.join(", ")}`), r.out);
  assert.match(r.out, /leave one dataset out/);
  for (const name of ["synth-a", "synth-b", "synth-c"]) {
    // The fitted parameters of the split, then its held-out figures.
    assert.ok(numbers(r.out, name).length >= 5);
  }
  const mean = numbers(r.out, "mean of datasets");
  assert.equal(mean[0], 30);
  for (const x of mean.slice(1)) assert.ok(x >= 0 && x <= 1, `${mean}`);
  assert.match(r.out, /raw score: ECE \d\.\d{3}/);
  assert.match(r.out, /Platt-scaled .*: ECE \d\.\d{3}/);
  assert.match(r.out, /pub const LEARNED_WEIGHTS: \[f64; FEATURES\] = \[/);
  assert.match(r.out, /pub const LEARNED_BIAS: f64 = -?\d+\.\d+;/);
  // Left-out features get weight 0 in the printed model.
  const weights = r.out.match(/LEARNED_WEIGHTS: \[f64; FEATURES\] = \[([^\]]*)\]/)[1]
    .split(",")
    .map((x) => x.trim())
    .filter((x) => x !== "")
    .map(Number);
  assert.equal(weights.length, names.length);
  assert.ok(weights.every(Number.isFinite), `${weights}`);
  assert.ok(weights.filter((w) => w !== 0).length <= 3, `${weights}`);
});

test("contrast: every edit type made and measured, originals accepted, deterministic", () => {
  const r = run(CONTRAST, [FILE]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /^15 attributable rows;/m);
  assert.match(r.out, /originals accepted \(attributable true\): \d+ of 15 = \d\.\d{3}/);
  for (const name of ["name swapped", "number changed", "negation flipped", "antonym", "roles swapped", "source's name", "source's number", "all edits"]) {
    const [made, caught, share] = numbers(r.out, name);
    assert.ok(made > 0, `${name}: none made`);
    assert.ok(caught <= made);
    assert.ok(Math.abs(share - caught / made) < 0.001, `${name}: ${share}`);
  }
  assert.match(r.out, /synth-a\s+5\s+\d\.\d{3}/);
  assert.equal(run(CONTRAST, [FILE]).out, r.out);
  assert.notEqual(run(CONTRAST, [FILE, "--seed", "5", "--show", "2"]).out, r.out);
});
