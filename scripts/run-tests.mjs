#!/usr/bin/env node
// Runs every test layer in order, streaming each one's output and counting its tests:
//   1. cargo test                       (native core)
//   2. wasm-pack test --node            (wasm-bindgen tests in Node)
//   3. wasm-pack test --headless --chrome (the same in headless Chromium)
//   4. npm run build + node --test test/js/ (the built package: Node, Worker, page, types)
// Fails (exit 1) when a layer exits non-zero or passes zero tests. Ends with a table and
// the plain line "N passed, N failed".
// Arguments pick layers by key (native, node, chrome, js): `npm test -- node js`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { ROOT, toolEnv } from "./lib.mjs";

const chromedriver = process.env.CHROMEDRIVER || "/usr/bin/chromedriver";

/** `test result: ok. 3 passed; 0 failed; ...` (cargo test and wasm-bindgen-test-runner). */
function parseCargo(text) {
  let passed = 0;
  let failed = 0;
  let seen = 0;
  for (const m of text.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
    seen += 1;
  }
  return { passed, failed, seen };
}

/** node:test summary: `# pass N` / `# fail N` (tap) or `ℹ pass N` / `ℹ fail N` (spec). */
function parseNodeTest(text) {
  const last = (re) => {
    const all = [...text.matchAll(re)];
    return all.length ? Number(all[all.length - 1][1]) : null;
  };
  const passed = last(/^(?:#|ℹ) pass (\d+)\s*$/gm);
  const failed = last(/^(?:#|ℹ) fail (\d+)\s*$/gm);
  return { passed: passed ?? 0, failed: failed ?? 0, seen: passed === null ? 0 : 1 };
}

const layers = [
  {
    key: "native",
    name: "cargo test (native)",
    steps: [["cargo", ["test", "--color", "never"]]],
    parse: parseCargo,
  },
  {
    key: "node",
    name: "wasm-pack test --node",
    steps: [["wasm-pack", ["test", "--node"]]],
    parse: parseCargo,
  },
  {
    key: "chrome",
    name: "wasm-pack test --chrome (headless)",
    steps: [["wasm-pack", ["test", "--headless", "--chrome", "--chromedriver", chromedriver]]],
    // Without WASM_BINDGEN_USE_BROWSER the runner silently runs the tests in Node or not
    // at all. WASM_BINDGEN_TEST_TIMEOUT (20 s by default) also bounds each WebDriver
    // request: a test module that takes longer to load on a busy 2-core machine failed
    // the layer with `execute/sync timed out after 19.0s` and no test failing.
    env: {
      WASM_BINDGEN_USE_BROWSER: "1",
      WASM_BINDGEN_TEST_TIMEOUT: process.env.WASM_BINDGEN_TEST_TIMEOUT || "180",
    },
    parse: parseCargo,
  },
  {
    key: "js",
    name: "node --test test/js/ (built pkg)",
    steps: [
      ["npm", ["run", "build"]],
      // Node 20 expands no globs: name the directory. One file at a time: 2 cores, and
      // the Worker and browser tests each start a heavy process.
      ["node", ["--test", "--test-reporter=tap", "--test-concurrency=1", "test/js/"]],
    ],
    parse: parseNodeTest,
  },
];

/** Runs one command, echoing its output live; resolves to { code, output }. */
function runStep(cmd, args, extraEnv) {
  return new Promise((resolve) => {
    console.log(`\n$ ${cmd} ${args.join(" ")}`);
    let output = "";
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: toolEnv({ CARGO_TERM_COLOR: "never", NO_COLOR: "1", ...extraEnv }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => {
      process.stdout.write(d);
      output += d;
    });
    child.stderr.on("data", (d) => {
      process.stderr.write(d);
      output += d;
    });
    child.on("error", (err) => {
      output += `\n${err.message}\n`;
      console.error(`could not start ${cmd}: ${err.message}`);
      resolve({ code: 127, output });
    });
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
}

if (!existsSync(chromedriver)) console.warn(`warning: chromedriver not found at ${chromedriver} (set CHROMEDRIVER)`);

const only = process.argv.slice(2);
const unknown = only.filter((k) => !layers.some((l) => l.key === k));
if (unknown.length) {
  console.error(`unknown layer(s): ${unknown.join(", ")}; known: ${layers.map((l) => l.key).join(", ")}`);
  process.exit(2);
}
const results = [];
for (const layer of layers.filter((l) => only.length === 0 || only.includes(l.key))) {
  const t0 = Date.now();
  console.log(`\n=== ${layer.name} ===`);
  let code = 0;
  let output = "";
  for (const [cmd, args] of layer.steps) {
    const r = await runStep(cmd, args, layer.env ?? {});
    output += r.output;
    if (r.code !== 0) {
      code = r.code;
      break;
    }
  }
  const { passed, failed, seen } = layer.parse(output);
  const problems = [];
  if (code !== 0) problems.push(`exit ${code}`);
  if (seen === 0) problems.push("no test summary found");
  if (passed === 0) problems.push("zero tests passed");
  if (failed > 0) problems.push(`${failed} failed`);
  results.push({ name: layer.name, passed, failed, secs: (Date.now() - t0) / 1000, problems });
}

const w = Math.max(...results.map((r) => r.name.length));
console.log("\n=== summary ===");
console.log(`${"layer".padEnd(w)}  passed  failed    time  status`);
for (const r of results) {
  const status = r.problems.length ? `FAIL: ${r.problems.join(", ")}` : "ok";
  console.log(
    `${r.name.padEnd(w)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${r.secs.toFixed(1).padStart(5)}s  ${status}`,
  );
}
const bad = results.filter((r) => r.problems.length);
if (bad.length) console.log(`\nfailing layers: ${bad.map((r) => r.name).join("; ")}`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(bad.length ? 1 : 0);
