#!/usr/bin/env node
// `npm run soak`: many checks and streams through the built package, printing the memory
// curve (wasm linear memory and the JS heap after a collection) as it goes.
//
//   npm run soak                          10^6 checks and 10^5 streams (about 10 min here)
//   npm run soak -- --checks 20000 --streams 2000 --json
//
// Each round runs checks on a fixed set of inputs, then streams answers token by token
// and finishes them WITHOUT free() (finish() must release a stream's buffers), and makes
// and drops one Validator without free() (the FinalizationRegistry must reclaim it).
// Wasm memory never shrinks, so a leak shows as growth after the warm-up; the run fails
// (exit 1) when wasm memory grew by more than --slack MiB (default 2) past the warm-up.
// Run with --expose-gc (npm run soak does) so the JS heap figures are after collection.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { StreamingValidator, Validator, initSync } from "../js/node.mjs";

const WASM = readFileSync(new URL("../pkg/groundcheck_bg.wasm", import.meta.url));

/** Bytes of wasm linear memory (initSync on a loaded module returns its exports). */
export const wasmBytes = () => initSync({ module: WASM }).memory.buffer.byteLength;

const SOURCES = [
  { id: "paris", title: "Paris", content: "Paris is the capital and largest city of France, on the Seine. It had about 2.1 million residents in 2024." },
  { id: "tower", title: "Eiffel Tower", content: "The Eiffel Tower was completed in 1889 and is 330 metres tall. It was designed by the engineering firm of Gustave Eiffel." },
  { id: "docs", path: "src/config.ts", startLine: 1, endLine: 20, content: "export interface Config {\n  topK: number;\n  threshold: number;\n}" },
];
const INPUTS = [
  { question: "What is the capital of France?", answer: "Paris is the capital of France [1]. It had 2.1 million residents in 2024 [1].", sources: SOURCES },
  { question: "How tall is the Eiffel Tower?", answer: "The Eiffel Tower is 330 metres tall [2] and was completed in 1889 [2]. It was designed by Leonardo da Vinci [5].", sources: SOURCES },
  { question: "Which options are there?", answer: "Set `topK` and `threshold` in `Config` (src/config.ts:1-20) [3]. The `maxTokens` option caps output.", sources: SOURCES },
  { question: "Tell me about Paris 東京 ☕", answer: "Paris 🗼 is on the Seine [1]. \"It had about 2.1 million residents\" [1].", sources: SOURCES },
];

const mib = (bytes) => Math.round((bytes / 1048576) * 100) / 100;
/** A full collection, then a turn of the event loop so that finalizers run. */
async function settle() {
  for (let k = 0; k < 2; k++) {
    globalThis.gc?.();
    await new Promise((r) => setImmediate(r));
  }
}

function tokens(text) {
  const out = [];
  for (let i = 0; i < text.length; i += 4) out.push(text.slice(i, i + 4));
  return out;
}

/**
 * Runs the soak; returns { samples: [{ checks, streams, wasmMiB, heapMiB }], baseline, peak, grewMiB }.
 * `onSample` sees each sample as it is taken.
 */
export async function soak({ checks = 1_000_000, streams = 100_000, points = 20, warmup = 2000, onSample = () => {} } = {}) {
  const validator = new Validator();
  const streamEvery = Math.max(1, Math.floor(checks / Math.max(1, streams)));
  const step = Math.max(1, Math.floor(checks / points));
  let streamed = 0;
  const oneStream = (input) => {
    const s = new StreamingValidator({ question: input.question, sources: input.sources });
    for (const t of tokens(input.answer)) s.push(t);
    s.finish(); // no free(): finish() releases the text and state
    streamed++;
  };
  const round = (i) => {
    const input = INPUTS[i % INPUTS.length];
    validator.check(input);
    if (i % streamEvery === 0 && streamed < streams) oneStream(input);
    if (i % 500 === 0) new Validator(); // dropped unfreed: the registry reclaims it
  };
  for (let i = 0; i < warmup; i++) round(i);
  streamed = 0;
  await settle();
  const baseline = wasmBytes();
  const samples = [];
  const sample = async (done) => {
    await settle();
    const s = { checks: done, streams: streamed, wasmMiB: mib(wasmBytes()), heapMiB: mib(process.memoryUsage().heapUsed) };
    samples.push(s);
    onSample(s);
  };
  await sample(0);
  for (let i = 1; i <= checks; i++) {
    round(i);
    if (i % step === 0 || i === checks) await sample(i);
    // A server yields between requests; finalizers (of unfreed objects) run then.
    else if (i % 1000 === 0) await new Promise((r) => setImmediate(r));
  }
  validator.free();
  const peak = Math.max(...samples.map((s) => s.wasmMiB));
  return { samples, baseline: mib(baseline), peak, grewMiB: Math.round((peak - mib(baseline)) * 100) / 100 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i < 0 ? fallback : Number(process.argv[i + 1]);
  };
  const json = process.argv.includes("--json");
  const slack = arg("slack", 2);
  if (!globalThis.gc && !json) console.log("(no --expose-gc: JS heap figures include garbage)");
  const t0 = Date.now();
  const result = await soak({
    checks: arg("checks", 1_000_000),
    streams: arg("streams", 100_000),
    points: arg("points", 20),
    onSample: json ? undefined : (s) => console.log(`${String(s.checks).padStart(8)} checks ${String(s.streams).padStart(7)} streams   wasm ${s.wasmMiB.toFixed(2)} MiB   JS heap ${s.heapMiB.toFixed(2)} MiB`),
  });
  const secs = (Date.now() - t0) / 1000;
  if (json) console.log(JSON.stringify({ ...result, secs }));
  else console.log(`wasm memory after warm-up ${result.baseline} MiB, peak ${result.peak} MiB (grew ${result.grewMiB} MiB) in ${secs.toFixed(1)} s`);
  if (result.grewMiB > slack) {
    console.error(`wasm memory grew by ${result.grewMiB} MiB after the warm-up (allowed ${slack} MiB)`);
    process.exit(1);
  }
}
