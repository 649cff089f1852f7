#!/usr/bin/env node
// Part of `npm run bench`: in a fresh process, instantiates the module (initSync from
// the .wasm bytes), times the first W1 `check()` and then the median of 20 more, and
// prints { initMs, firstMs, steadyMs } as JSON.
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
const steady = [];
for (let i = 0; i < 20; i++) {
  t = performance.now();
  v.check(w1.input);
  steady.push(performance.now() - t);
}
steady.sort((a, b) => a - b);
console.log(JSON.stringify({ initMs, firstMs, steadyMs: steady[10] }));
