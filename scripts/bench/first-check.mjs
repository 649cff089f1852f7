#!/usr/bin/env node
// Part of `npm run bench`: in a fresh process, instantiates the module (initSync from
// the .wasm bytes), times the first W1 `check()`, then 150 more, and prints
// { initMs, firstMs, earlyMs, steadyMs, tierUp, tierUpMs } as JSON: early is the median
// of checks 2-21 (V8's baseline tier, before the hot functions are optimised), steady
// the median of the last 20, tierUp the first check from which five in a row take at
// most 1.5× steady, and tierUpMs the time spent checking until then.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../lib.mjs";
import { workloads } from "./workloads.mjs";

const w1 = workloads({ quick: true }).find((c) => c.name === "W1");
const bytes = readFileSync(join(ROOT, "pkg", "groundcheck_bg.wasm"));
const { initSync, Validator } = await import("../../pkg/groundcheck.js");
let t = performance.now();
initSync({ module: bytes });
const initMs = performance.now() - t;
const v = new Validator({ config: w1.config });
t = performance.now();
v.check(w1.input);
const firstMs = performance.now() - t;
const runs = [firstMs];
for (let i = 0; i < 150; i++) {
  t = performance.now();
  v.check(w1.input);
  runs.push(performance.now() - t);
}
const middle = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const steadyMs = middle(runs.slice(-20));
const earlyMs = middle(runs.slice(1, 21));
let tierUp = runs.findIndex((_, i) => i + 5 <= runs.length && runs.slice(i, i + 5).every((x) => x <= 1.5 * steadyMs));
if (tierUp < 0) tierUp = runs.length;
const tierUpMs = runs.slice(0, tierUp).reduce((a, b) => a + b, 0);
// Checks are numbered from 1 (the first check).
console.log(JSON.stringify({ initMs, firstMs, earlyMs, steadyMs, tierUp: tierUp + 1, tierUpMs }));
