// `npm run bench -- --quick` runs end to end and prints its table and the target ratios,
// so the benchmark cannot rot unnoticed. Figures are not asserted (a shared machine is
// noisy); only that every case was measured on every side.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { referenceMatch } from "../../scripts/bench.mjs";
import { freshSources, workloads } from "../../scripts/bench/workloads.mjs";

const BENCH = fileURLToPath(new URL("../../scripts/bench.mjs", import.meta.url));

test("the workloads are fixed by their seed and W1 has the issue's shape", () => {
  const a = JSON.stringify(workloads({ quick: true }));
  assert.equal(a, JSON.stringify(workloads({ quick: true })));
  const w1 = workloads({ quick: true }).find((c) => c.name === "W1").input;
  assert.equal(w1.sources.length, 10);
  assert.ok(w1.answer.length > 1900 && w1.answer.length < 2400, `${w1.answer.length} bytes`);
  assert.equal(w1.answer.match(/\[\d+\]/g).length, 17);
  assert.equal((w1.answer.match(/"/g) ?? []).length, 2);
  for (const s of w1.sources) assert.ok(s.content.length > 1400 && s.content.length < 1700);
});

test("the new-sources case is W1 with sources that differ at every run", () => {
  const cases = workloads({ quick: true });
  const w1 = cases.find((c) => c.name === "W1");
  const fresh = cases.find((c) => c.name === "W1-new-sources");
  assert.equal(fresh.fresh, true);
  assert.deepEqual(fresh.input, w1.input);
  const [a, b] = [freshSources(fresh.input, 1), freshSources(fresh.input, 2)];
  assert.equal(a.answer, w1.input.answer);
  a.sources.forEach((s, i) => {
    assert.equal(s.id, w1.input.sources[i].id);
    assert.equal(s.content, `${w1.input.sources[i].content} 1`);
    assert.notEqual(s.content, b.sources[i].content);
  });
});

test("the reference matcher scores copied sentences 1 and unrelated ones low", () => {
  const sources = [{ id: "a", content: "The bridge opened in 1932. Cats sleep a lot." }];
  assert.deepEqual(referenceMatch("The bridge opened in 1932. Dogs bark loudly.", sources), [1, 0]);
});

test("npm run bench -- --quick prints its table and ratios", { timeout: 900_000 }, () => {
  const r = spawnSync(process.execPath, [BENCH, "--quick"], { encoding: "utf8", maxBuffer: 1 << 24 });
  assert.equal(r.status, 0, r.stderr);
  const out = r.stdout;
  assert.match(out, /\| case +\| +wasm med \| +wasm p95 \| +native med/);
  for (const name of ["trivial", "W1", "W1-new-sources", "sources-10KB", "sources-100KB", "answer-32KB", "misquote", "snippets-2KB", "snippets-50KB"]) {
    const row = out.split("\n").find((l) => l.startsWith(`| ${name} `));
    assert.ok(row, `no row for ${name}`);
    const cells = row.split("|").map((c) => c.trim());
    assert.match(cells[2], /µs|ms|s$/, `${name}: wasm median`);
    assert.match(cells[4], /µs|ms|s$/, `${name}: native median`);
  }
  for (const label of ["W1 wasm / JS reference", "W1 wasm / native", "W1 against new sources", "first check / steady", "early checks / steady", "trivial check", "module size raw / gzip -9 / brotli 11"]) {
    assert.ok(out.includes(label), `missing ${label}`);
  }
  assert.match(out, /gzip -9 \/ brotli 11 +[\d.]+ KiB \/ [\d.]+ KiB \/ [\d.]+ KiB/);
});
