// `npx wrangler dev` in worker/ and in the recipe examples/worker/ (a Worker of one's own
// importing "groundcheck" and its .wasm), as the README documents it: wrangler 4.86.0 (the
// last release for Node 20, pinned as a dev dependency) bundles and serves each locally in
// workerd. No network: wrangler only warns that it cannot fetch the `Request.cf` placeholder.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { Validator } from "../../js/node.mjs";

const WORKER = fileURLToPath(new URL("../../worker/", import.meta.url));
const RECIPE = fileURLToPath(new URL("../../examples/worker/", import.meta.url));
const children = [];

after(() => {
  for (const child of children) if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  for (const dir of [WORKER, RECIPE]) rmSync(join(dir, ".wrangler"), { recursive: true, force: true });
});

/** Starts `npx wrangler dev` in `dir` on `port` and resolves with its base URL once it is ready. */
function wranglerDev(dir, port) {
  const child = spawn("npx", ["--no-install", "wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(port + 1)], {
    cwd: dir,
    detached: true,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let log = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wrangler dev not ready after 60 s:\n${log}`)), 60000);
    const onData = (d) => {
      log += d;
      const m = log.match(/Ready on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`wrangler dev exited (${code}):\n${log}`));
    });
  });
}

test("npx wrangler dev serves worker/: /health and /validate", { timeout: 90000 }, async () => {
  const port = 18000 + (process.pid % 1000) * 2;
  const base = await wranglerDev(WORKER, port);
  const health = await (await fetch(`${base}/health`)).json();
  assert.equal(health.ok, true);
  const res = await fetch(`${base}/validate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      question: "Capital of France?",
      answer: "Paris is the capital of France [1]. It has 2.1 million residents [4].",
      sources: [{ id: "a", content: "Paris is the capital of France." }],
    }),
  });
  assert.equal(res.status, 200);
  const report = await res.json();
  assert.equal(report.decision, "RETRY");
  assert.deepEqual(report.warnings.map((w) => w.kind), ["UNSUPPORTED_CLAIM", "CITATION_OUT_OF_RANGE"]);
});

test("examples/worker: a Worker of one's own importing groundcheck, bundled and served by npx wrangler dev", { timeout: 90000 }, async () => {
  const port = 19000 + (process.pid % 1000) * 2;
  const base = await wranglerDev(RECIPE, port);
  const post = (body) => fetch(base, { method: "POST", headers: { "content-type": "application/json" }, body });
  const input = {
    question: "Capital of France?",
    answer: "Paris is the capital of France [1]. It has 2.1 million residents [4].",
    sources: [{ id: "a", content: "Paris is the capital of France." }],
  };
  let res = await post(JSON.stringify(input));
  assert.equal(res.status, 200);
  const report = new Validator({}).check(input); // the same module, in Node
  assert.deepEqual(await res.json(), { decision: report.decision, confidence: report.confidence, findings: report.warnings.map((w) => w.kind) });
  assert.equal(report.decision, "RETRY");
  res = await post(JSON.stringify({ question: "q", answer: "a", sources: [{ id: "a", content: 42 }] }));
  assert.equal(res.status, 400);
  assert.equal((await res.json()).error.field, "sources[0].content");
});
