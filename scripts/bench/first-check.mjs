#!/usr/bin/env node
// Part of `npm run bench`: in a fresh process, instantiates the module (initSync from
// the .wasm bytes), times the first W1 `check()`, then 60 more, and prints
// { initMs, firstMs, steadyMs } as JSON (steady: the median of the last 20, once V8 has
// moved the hot functions to its optimising tier).
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
const runs = [];
for (let i = 0; i < 60; i++) {
  t = performance.now();
  v.check(w1.input);
  runs.push(performance.now() - t);
}
const steady = runs.slice(-20).sort((a, b) => a - b);
console.log(JSON.stringify({ initMs, firstMs, steadyMs: steady[10] }));
