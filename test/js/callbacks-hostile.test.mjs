// Callbacks that misbehave in hostile ways (issue 16): every promise settles, with a
// report (complete: false, JUDGE_FAILED / PIPELINE_ERROR) or a coded error, and the
// instance answers afterwards. Plus the silent acceptances at the boundary.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Validator, extractCitations, version } from "../../js/node.mjs";
import { OUT_OF_RANGE } from "./fixtures.mjs";

const settle = (promise, ms = 10_000) =>
  Promise.race([promise.then((value) => ({ value }), (error) => ({ error })), new Promise((_, reject) => setTimeout(() => reject(new Error("did not settle")), ms))]);

const throwingMessage = () => {
  const e = {};
  Object.defineProperty(e, "message", { get() { throw new Error("message getter"); } });
  return e;
};

const alive = () => {
  assert.equal(version(), "0.1.0");
  assert.equal(new Validator().check(OUT_OF_RANGE).citations.outOfRange, 1);
};

const JUDGED = { config: { judges: { relevance: true, support: true, usefulness: true, extractClaims: true } } };

test("an llm that throws an object whose message getter throws: validate() settles with complete: false", async () => {
  const v = new Validator({ ...JUDGED, llm: () => { throw throwingMessage(); } });
  const { value, error } = await settle(v.validate(OUT_OF_RANGE));
  assert.equal(error, undefined, error?.message);
  assert.equal(value.complete, false);
  assert.ok(value.warnings.some((w) => w.kind === "JUDGE_FAILED"));
  assert.equal(value.citations.outOfRange, 1, "the deterministic findings are kept");
  alive();
});

test("an llm that rejects with a Proxy: validate() settles", async () => {
  const proxy = new Proxy({}, { get() { throw new Error("trap"); }, getPrototypeOf() { throw new Error("trap"); } });
  const v = new Validator({ ...JUDGED, llm: () => Promise.reject(proxy) });
  const { value } = await settle(v.validate(OUT_OF_RANGE));
  assert.equal(value.complete, false);
  alive();
});

test("an embed whose result is a Proxy with a throwing length: validate() settles", async () => {
  const vectors = new Proxy([], { get(t, k) { if (k === "length") throw new Error("length trap"); return Reflect.get(t, k); } });
  const v = new Validator({ embed: () => vectors, llm: () => "yes" });
  const { value } = await settle(v.validate(OUT_OF_RANGE));
  assert.ok(value, "settled with a report");
  assert.equal(value.citations.outOfRange, 1);
  alive();
});

test("an embed returning vectors that are Proxies or hold NaN: validate() settles", async () => {
  const bad = new Proxy([0.1, 0.2], { ownKeys() { throw new Error("keys trap"); }, get(t, k) { if (k === "0") throw new Error("index trap"); return Reflect.get(t, k); } });
  for (const result of [(texts) => texts.map(() => bad), (texts) => texts.map(() => [NaN, 1])]) {
    const v = new Validator({ embed: result, llm: () => "yes" });
    const { value } = await settle(v.validate(OUT_OF_RANGE));
    assert.ok(value, "settled with a report");
  }
  alive();
});

test("retrieve returning a source with a throwing getter, or a cycle: answer() settles", async () => {
  const getter = { id: "a", get content() { throw new Error("getter"); } };
  const cycle = { id: "a", content: "Paris is the capital of France." };
  cycle.self = cycle;
  for (const source of [getter, cycle]) {
    const v = new Validator({ retrieve: () => [source], generate: () => "Paris is the capital of France [1]." });
    const { value, error } = await settle(v.answer({ question: "What is the capital of France?" }));
    assert.ok(value || typeof error?.code === "string", `settled: ${error}`);
    if (value) assert.ok(value.warnings.some((w) => w.kind === "PIPELINE_ERROR"), JSON.stringify(value.warnings));
  }
  alive();
});

test("validate() with a throwing getter in its input rejects with INVALID_INPUT (no uncaught exception)", async () => {
  const v = new Validator({ llm: () => "yes" });
  const input = { ...OUT_OF_RANGE, get answer() { throw new Error("no"); } };
  const { error } = await settle(v.validate(input));
  assert.equal(error.code, "INVALID_INPUT");
  assert.equal(error.field, "answer");
});

test("silent acceptances are errors now", () => {
  assert.throws(() => new Validator([]), { code: "INVALID_TYPE", field: "options" });
  assert.throws(() => new Validator({ config: [0.5] }), { code: "INVALID_TYPE" });
  assert.throws(() => new Validator().check([OUT_OF_RANGE.question, OUT_OF_RANGE.answer, OUT_OF_RANGE.sources]), { code: "INVALID_TYPE", field: "input" });
  assert.throws(() => new Validator().check({ ...OUT_OF_RANGE, question: "\u200b\u200d\ufeff " }), { code: "TOO_SHORT", field: "question" });
  assert.throws(() => extractCitations("a [1]", { sources: [{ id: "a", content: "x" }, { id: "a", content: "y" }] }), { code: "INVALID_VALUE", field: "options.sources[1].id" });
  assert.throws(() => new Validator({ get llm() { throw new Error("no"); } }), { code: "INVALID_INPUT", field: "options.llm" });
});

test("validator.cache is one handle, not a new wrapper per read", () => {
  const v = new Validator();
  assert.equal(v.cache, v.cache);
  assert.equal(v.cache.size, 0);
  v.free();
});
