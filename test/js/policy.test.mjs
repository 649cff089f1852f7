// js/policy.js holds the module's level thresholds for the helpers that run without the
// wasm module (groundcheck/badge, the HTML report). This test derives them from the
// module's confidenceLevel() and fails when the file differs; with
// GROUNDCHECK_WRITE_POLICY=1 it writes the file instead.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { confidenceLevel } from "../../js/node.mjs";
import { LEVEL_THRESHOLDS, levelOf } from "../../js/policy.js";

const FILE = fileURLToPath(new URL("../../js/policy.js", import.meta.url));
const GRADES = ["high", "medium", "low"];

/** The lowest score in [0, 1] the module grades `level` or higher (bisection to the last double). */
function lowest(level) {
  const atLeast = (x) => GRADES.indexOf(confidenceLevel(x)) !== -1 && GRADES.indexOf(confidenceLevel(x)) <= GRADES.indexOf(level);
  let [lo, hi] = [0, 1]; // atLeast(hi) holds, atLeast(lo) does not
  assert.ok(atLeast(hi) && !atLeast(lo), `the module grades 1 as ${confidenceLevel(1)} and 0 as ${confidenceLevel(0)}`);
  for (;;) {
    const mid = lo + (hi - lo) / 2;
    if (mid === lo || mid === hi) return hi;
    if (atLeast(mid)) hi = mid;
    else lo = mid;
  }
}

/** js/policy.js as the module's thresholds make it. */
function render(thresholds) {
  const text = readFileSync(FILE, "utf8");
  const rows = thresholds.map(([level, min]) => `  Object.freeze([${JSON.stringify(level)}, ${min}]),\n`).join("");
  return text.replace(/(export const LEVEL_THRESHOLDS = Object\.freeze\(\[\n)[\s\S]*?(\]\);)/, (_, open, close) => `${open}${rows}${close}`);
}

test("js/policy.js holds the module's level thresholds", () => {
  const fromModule = GRADES.map((level) => [level, lowest(level)]);
  const want = render(fromModule);
  if (process.env.GROUNDCHECK_WRITE_POLICY === "1") writeFileSync(FILE, want);
  assert.equal(readFileSync(FILE, "utf8"), want, "js/policy.js differs from the module: run with GROUNDCHECK_WRITE_POLICY=1 and commit the change");
  assert.deepEqual(LEVEL_THRESHOLDS, fromModule);
});

test("levelOf agrees with the module on every hundredth and either side of each threshold", () => {
  const scores = Array.from({ length: 101 }, (_, i) => i / 100);
  for (const [, min] of LEVEL_THRESHOLDS) scores.push(min, min - Number.EPSILON, min + Number.EPSILON);
  for (const x of scores) assert.equal(levelOf(x), confidenceLevel(x), `score ${x}`);
  assert.equal(levelOf(Number.NaN), "none");
  assert.equal(levelOf(undefined), "none");
});
