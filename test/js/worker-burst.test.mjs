// The Worker under hostile traffic: 1,000 requests to a local workerd (Miniflare, on
// 127.0.0.1), 50 in flight at a time, mixing deep JSON, bodies over the limit, bad JSON,
// bad JSON-RPC, oversized and normal batches, unknown methods, wrong content types, the
// self-test trap and normal requests. Every answer must have its documented status and
// code; afterwards /health and a normal /validate must answer correctly.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { Miniflare } from "miniflare";
import { OUT_OF_RANGE } from "./fixtures.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
let mf;

before(async () => {
  mf = new Miniflare({
    name: "groundcheck-burst",
    modules: true,
    modulesRoot: root,
    scriptPath: fileURLToPath(new URL("../../worker/src/index.js", import.meta.url)),
    modulesRules: [
      { type: "ESModule", include: ["**/*.js", "**/*.mjs"] },
      { type: "CompiledWasm", include: ["**/*.wasm"] },
    ],
    compatibilityDate: "2025-01-01",
    bindings: { MAX_BODY_BYTES: "262144", GROUNDCHECK_SELF_TEST: "1" },
  });
  await mf.ready;
});

after(async () => {
  await mf?.dispose();
});

const JSON_TYPE = { "content-type": "application/json" };
const deep = (n) => "[".repeat(n) + "]".repeat(n);
const rpc = (method, id = 1, params) => ({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
const normal = JSON.stringify(OUT_OF_RANGE);

/** [name, path, body (string), headers, check(response, parsed body)] */
const KINDS = [
  ["deep JSON to /validate", "/validate", `{"question":"q?","answer":"a","sources":[{"id":"a","content":"x","m":${deep(4000)}}]}`, JSON_TYPE, (r, b) => {
    assert.equal(r.status, 400);
    assert.equal(b.error.code, "TOO_DEEP");
  }],
  ["deep JSON at the limit's edge", "/validate", `{"question":"q?","answer":"a","sources":[{"id":"a","content":"x","m":${deep(70)}}]}`, JSON_TYPE, (r, b) => {
    assert.equal(r.status, 400);
    assert.equal(b.error.code, "TOO_DEEP");
  }],
  ["deep JSON to /mcp", "/mcp", deep(10_000), JSON_TYPE, (r, b) => {
    assert.equal(r.status, 400);
    assert.equal(b.error.code, -32600);
  }],
  ["a body over the limit", "/validate", JSON.stringify({ ...OUT_OF_RANGE, answer: "x".repeat(300_000) }), JSON_TYPE, (r, b) => {
    assert.equal(r.status, 413);
    assert.equal(b.error.code, "TOO_LARGE");
  }],
  ["bad JSON", "/validate", "{ not json", JSON_TYPE, (r, b) => {
    assert.equal(r.status, 400);
    assert.equal(b.error.code, "INVALID_JSON");
  }],
  ["application/evil+json", "/validate", normal, { "content-type": "application/evil+json" }, (r, b) => {
    assert.equal(r.status, 415);
    assert.equal(b.error.code, "UNSUPPORTED_MEDIA_TYPE");
  }],
  ["not JSON-RPC 2.0", "/mcp", JSON.stringify({ jsonrpc: "1.0", id: 1, method: "ping" }), JSON_TYPE, (r, b) => {
    assert.equal(r.status, 200);
    assert.equal(b.error.code, -32600);
  }],
  ["an unknown method", "/mcp", JSON.stringify(rpc("tools/destroy")), JSON_TYPE, (r, b) => {
    assert.equal(b.error.code, -32601);
  }],
  ["a batch of 5", "/mcp", JSON.stringify([1, 2, 3, 4, 5].map((i) => rpc(i % 2 ? "ping" : "tools/list", i))), JSON_TYPE, (r, b) => {
    assert.equal(r.status, 200);
    assert.equal(b.length, 5);
    assert.deepEqual(b.map((m) => m.id), [1, 2, 3, 4, 5]);
  }],
  ["a batch of 1,000", "/mcp", JSON.stringify(Array.from({ length: 1000 }, (_, i) => rpc("ping", i))), JSON_TYPE, (r, b) => {
    assert.equal(r.status, 400);
    assert.equal(b.error.code, -32600);
    assert.match(b.error.message, /at most 32/);
  }],
  ["a tools/call with a deep argument", "/mcp", JSON.stringify(rpc("tools/call", 9, { name: "validate_answer", arguments: { question: "q?", answer: "a", sources: [{ id: "a", content: "x", m: JSON.parse(deep(63)) }] } })), JSON_TYPE, (r, b) => {
    assert.equal(r.status, 400);
    assert.equal(b.error.code, -32600);
    assert.match(b.error.message, /deeper than 64/);
  }],
  ["the self-test trap", "/__self-test/trap", "", {}, (r, b) => {
    assert.equal(r.status, 500);
    assert.equal(b.error.code, "INTERNAL_ERROR");
    assert.doesNotMatch(b.error.message, /\n\s+at /);
  }],
  ["a normal /validate", "/validate", normal, JSON_TYPE, (r, b) => {
    assert.equal(r.status, 200, JSON.stringify(b));
    assert.equal(b.citations.outOfRange, 1);
    assert.notEqual(b.decision, "FINAL");
  }],
  ["a normal /validate", "/validate", normal, JSON_TYPE, null],
  ["a normal /validate", "/validate", normal, JSON_TYPE, null],
];
// The duplicates above weight normal traffic; they share the first one's check.
for (const k of KINDS) k[4] ??= KINDS.find((o) => o[0] === k[0] && o[4])[4];

test("1,000 hostile requests, 50 at a time: each answered as documented; then /health and /validate work", { timeout: 240_000 }, async () => {
  const TOTAL = 1000;
  const CONCURRENCY = 50;
  const seen = new Map();
  let next = 0;
  const t0 = Date.now();
  async function worker() {
    while (next < TOTAL) {
      const i = next++;
      const [name, path, body, headers, check] = KINDS[i % KINDS.length];
      const res = await mf.dispatchFetch(`http://worker.test${path}`, { method: "POST", headers, body });
      const text = await res.text();
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        assert.fail(`${name}: not JSON (${res.status}): ${text.slice(0, 200)}`);
      }
      try {
        check(res, parsed);
      } catch (e) {
        e.message = `request ${i} (${name}): ${e.message}; body ${text.slice(0, 300)}`;
        throw e;
      }
      seen.set(name, (seen.get(name) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const secs = (Date.now() - t0) / 1000;
  assert.equal([...seen.values()].reduce((a, b) => a + b, 0), TOTAL);
  console.log(`# burst: ${TOTAL} requests, ${CONCURRENCY} in flight, ${secs.toFixed(1)} s; ${[...seen].map(([k, n]) => `${k}: ${n}`).join("; ")}`);

  const health = await mf.dispatchFetch("http://worker.test/health");
  assert.equal(health.status, 200);
  const h = await health.json();
  assert.equal(h.ok, true);
  assert.equal(h.version, "0.1.0");
  const res = await mf.dispatchFetch("http://worker.test/validate", { method: "POST", headers: JSON_TYPE, body: normal });
  assert.equal(res.status, 200);
  const report = await res.json();
  assert.equal(report.citations.outOfRange, 1);
  assert.equal(report.citations.valid, 1);
});
