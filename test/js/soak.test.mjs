// The soak test in CI size: SOAK_CHECKS checks (default 20,000) and SOAK_STREAMS streams
// (default 2,000; each finished but never freed), with a Validator made and dropped
// unfreed every 500 checks, in a child Node with --expose-gc. Wasm memory must stay flat
// after the warm-up (wasm memory never shrinks, so any leak shows as growth), and so must
// the JS heap. `npm run soak` is the full run (10^6 checks, 10^5 streams).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const CHECKS = Number(process.env.SOAK_CHECKS ?? 20_000);
const STREAMS = Number(process.env.SOAK_STREAMS ?? 2_000);

test(`soak: ${CHECKS} checks and ${STREAMS} unfreed finished streams keep memory flat`, { timeout: 120_000 }, () => {
  const script = fileURLToPath(new URL("../../scripts/soak.mjs", import.meta.url));
  const r = spawnSync(process.execPath, ["--expose-gc", script, "--checks", String(CHECKS), "--streams", String(STREAMS), "--points", "10", "--json", "--slack", "1000"], {
    encoding: "utf8",
    timeout: 110_000,
  });
  assert.equal(r.status, 0, r.stderr);
  const { samples, baseline, grewMiB, secs } = JSON.parse(r.stdout);
  console.log(`# soak: ${CHECKS} checks, ${STREAMS} streams in ${secs} s; wasm ${samples.map((s) => s.wasmMiB).join(" → ")} MiB; heap ${samples.map((s) => s.heapMiB).join(" → ")} MiB`);
  assert.equal(samples.at(-1).checks, CHECKS);
  assert.equal(samples.at(-1).streams, STREAMS);
  assert.ok(grewMiB <= 0.5, `wasm memory grew ${grewMiB} MiB past the warm-up (${baseline} MiB)`);
  // The JS heap after a full collection: no growth beyond noise.
  const heap = samples.map((s) => s.heapMiB);
  const firstHalf = Math.max(...heap.slice(0, Math.ceil(heap.length / 2)));
  assert.ok(heap.at(-1) <= firstHalf + 2, `JS heap grew: ${heap.join(", ")}`);
});

test("wasm memory after large checks stays at a bounded high-water mark; over the budget is refused up front", async () => {
  const { wasmBytes } = await import("../../scripts/soak.mjs");
  const { Validator } = await import("../../js/node.mjs");
  const v = new Validator();
  // 10 sources of 190,000 characters (1.9 MB of text; the limits allow 100 such).
  const big = (seed) => ({
    question: "What does the manual say about the pump?",
    answer: "The pump runs at 30 bar [1]. It was serviced in 2021 [2].",
    sources: Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, content: `Part ${i} ${seed}. `.padEnd(190_000, "The pump runs at 30 bar and was serviced in 2021. ") })),
  });
  const before = wasmBytes();
  // The validator keeps prepared sources (at most 64 sources and 2 MiB of their text),
  // so the allocator settles after some evictions: measured, one more step of about
  // 1 MiB by the tenth check, then flat. The bound: at most 2 MiB past the second
  // check's mark, and flat over the last checks.
  const marks = [];
  for (let k = 0; k < 14; k++) {
    v.check(big(`s${k}`));
    marks.push(wasmBytes());
  }
  const high = marks[1];
  assert.ok(marks.at(-1) <= high + 2 * 1048576, `grew past the second check: ${marks.join(", ")}`);
  assert.deepEqual(marks.slice(-4), Array(4).fill(marks.at(-1)), `later large checks reuse the memory: ${marks.join(", ")}`);
  // The stated bound: at most 32 bytes of wasm memory per character of source text.
  assert.ok(marks.at(-1) - before <= 32 * 1_900_000, `grew ${marks.at(-1) - before} bytes for 1.9 M characters`);
  // Past the read budget (twice the text the limits allow): refused before it is copied.
  const huge = { ...big("g"), sources: [{ id: "x", content: "x", meta: "y".repeat(45_000_000) }] };
  assert.throws(() => v.check(huge), { code: "TOO_LONG" });
  assert.equal(wasmBytes(), marks.at(-1), "the refused input never reached wasm memory");
  v.free();
  console.log(`# large checks: wasm ${(before / 1048576).toFixed(1)} → ${(marks.at(-1) / 1048576).toFixed(1)} MiB for 1.9 M characters of sources, then flat`);
});

test("an unfreed Validator with the default config holds a few hundred bytes until it is collected", () => {
  // In a fresh process, so that no memory freed by earlier tests hides the growth.
  const script = `
    const { wasmBytes } = await import(${JSON.stringify(new URL("../../scripts/soak.mjs", import.meta.url).href)});
    const { Validator } = await import(${JSON.stringify(new URL("../../js/node.mjs", import.meta.url).href)});
    const each = (make) => { const b = wasmBytes(); for (let i = 0; i < 20000; i++) make(); return (wasmBytes() - b) / 20000; };
    console.log(JSON.stringify({ plain: each(() => new Validator()), custom: each(() => new Validator({ config: { threshold: 0.8 } })) }));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
  assert.equal(r.status, 0, r.stderr);
  const { plain, custom } = JSON.parse(r.stdout);
  console.log(`# unfreed Validator: ${plain.toFixed(0)} bytes of wasm memory (default config, shared), ${custom.toFixed(0)} bytes (own config)`);
  assert.ok(plain > 0 && plain <= 300, `${plain} bytes each`);
  assert.ok(custom > plain, "a validator with its own config holds it");
});
