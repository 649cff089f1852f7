// The Worker (worker/src/index.js) in workerd, through Miniflare.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { Miniflare } from "miniflare";
import { OUT_OF_RANGE, UNICODE, ofKind } from "./fixtures.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
let mf;

before(async () => {
  mf = new Miniflare({
    modules: true,
    modulesRoot: root,
    scriptPath: fileURLToPath(new URL("../../worker/src/index.js", import.meta.url)),
    modulesRules: [
      { type: "ESModule", include: ["**/*.js"] },
      { type: "CompiledWasm", include: ["**/*.wasm"] },
    ],
    compatibilityDate: "2025-01-01",
  });
  await mf.ready;
});

after(async () => {
  await mf?.dispose();
});

const post = (body) =>
  mf.dispatchFetch("http://worker.test/validate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

test("GET /health", async () => {
  const res = await mf.dispatchFetch("http://worker.test/health");
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ok: true });
});

test("POST /validate returns the report", async () => {
  const res = await post(OUT_OF_RANGE);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type"), /application\/json/);
  const report = await res.json();
  const [w] = ofKind(report, "CITATION_OUT_OF_RANGE");
  assert.ok(w, JSON.stringify(report.warnings));
  assert.equal(OUT_OF_RANGE.answer.slice(w.span.start, w.span.end), "[4]");
  assert.equal(report.citations.outOfRange, 1);
});

test("UTF-16 spans survive the Worker", async () => {
  const report = await (await post(UNICODE)).json();
  assert.equal(report.citations.markers[0].start, UNICODE.answer.indexOf("[1]"));
});

test("bad input is a 400 with code and field; the isolate keeps working", async () => {
  const res = await post({ question: "q", answer: "a", sources: [{ id: "s", content: 42 }] });
  assert.equal(res.status, 400);
  const { error } = await res.json();
  assert.equal(error.code, "INVALID_TYPE");
  assert.equal(error.field, "sources[0].content");
  assert.equal(typeof error.message, "string");

  const notJson = await post("{ not json");
  assert.equal(notJson.status, 400);
  assert.equal((await notJson.json()).error.code, "INVALID_JSON");

  const again = await post(OUT_OF_RANGE);
  assert.equal(again.status, 200);
});

test("unknown routes and wrong methods", async () => {
  assert.equal((await mf.dispatchFetch("http://worker.test/nope")).status, 404);
  assert.equal((await mf.dispatchFetch("http://worker.test/validate")).status, 405);
});
