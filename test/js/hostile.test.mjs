// Hostile inputs through every export of the built package (js/node.mjs): each case must
// give a coded error (the code, and the field where one is at fault) or a normal result,
// and the instance must be alive afterwards (version() and a normal check answer).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  StreamingValidator,
  Validator,
  cacheKey,
  cachePolicy,
  extractCitations,
  parseDecision,
  verifySnippet,
  version,
} from "../../js/node.mjs";
import { OUT_OF_RANGE, SOURCES } from "./fixtures.mjs";

const GOOD = {
  question: "What is the capital of France?",
  answer: "Paris is the capital of France [1].",
  sources: [{ id: "a", content: "Paris is the capital of France." }],
};

const nestArrays = (n) => {
  let v = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const nestObjects = (n) => {
  let v = {};
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const cyclic = () => {
  const s = { id: "a", content: "x" };
  s.self = s;
  return s;
};
const throwingGetter = (key) => ({
  id: "a",
  content: "Paris is the capital of France.",
  get [key]() {
    throw new Error("getter says no");
  },
});
const trapProxy = (trap) =>
  new Proxy(
    { id: "a", content: "x" },
    {
      [trap]() {
        throw new Error(`${trap} trap says no`);
      },
    },
  );
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const withSource = (source) => ({ ...GOOD, sources: [source] });
const stream = () => new StreamingValidator({ question: GOOD.question, sources: GOOD.sources });

const v = new Validator();
const report = (r) => assert.ok(r && typeof r.confidence === "number" && typeof r.decision === "string", `not a report: ${JSON.stringify(r)?.slice(0, 200)}`);

// [name, call, expected]: expected is "CODE", ["CODE", field], or a function checking the result.
const CASES = [
  // check(): the shape of the input
  ["check(undefined)", () => v.check(undefined), ["INVALID_TYPE", "input"]],
  ["check(null)", () => v.check(null), ["INVALID_TYPE", "input"]],
  ["check(42)", () => v.check(42), ["INVALID_TYPE", "input"]],
  ["check('text')", () => v.check("What?"), ["INVALID_TYPE", "input"]],
  ["check({})", () => v.check({}), "MISSING_FIELD"],
  ["check(a function)", () => v.check(() => GOOD), "INVALID_TYPE"],
  ["check(a Map)", () => v.check(new Map(Object.entries(GOOD))), ["INVALID_INPUT", "input"]],
  ["check(a Date)", () => v.check(new Date()), ["INVALID_INPUT", "input"]],
  ["check with unknown key", () => v.check({ ...GOOD, sourcez: [] }), ["UNKNOWN_FIELD", "sourcez"]],
  // depth
  ["metadata nested 4000 deep (arrays)", () => v.check(withSource({ id: "a", content: "x", metadata: nestArrays(4000) })), "TOO_DEEP"],
  ["metadata nested 100 deep (objects)", () => v.check(withSource({ id: "a", content: "x", metadata: nestObjects(100) })), "TOO_DEEP"],
  ["metadata nested 60 deep is accepted", () => v.check(withSource({ id: "a", content: "Paris is the capital of France.", metadata: nestObjects(60) })), report],
  ["question nested 100000 deep", () => v.check({ ...GOOD, question: nestArrays(100_000) }), ["TOO_DEEP", "question" + "[0]".repeat(63)]],
  ["config nested deep", () => new Validator({ config: nestObjects(500) }), "TOO_DEEP"],
  // cycles, getters, Proxies, exotic objects
  ["a source that contains itself", () => v.check(withSource(cyclic())), ["INVALID_INPUT", "sources[0].self"]],
  ["sources array contains itself", () => { const s = []; s.push(s); return v.check({ ...GOOD, sources: s }); }, ["INVALID_INPUT", "sources[0]"]],
  ["a shared (not cyclic) object twice", () => { const m = { k: 1 }; return v.check({ ...GOOD, sources: [{ id: "a", content: GOOD.sources[0].content, m, n: m }] }); }, report],
  ["throwing getter on content", () => v.check(withSource(throwingGetter("content"))), ["INVALID_INPUT", "sources[0].content"]],
  ["throwing getter on an unknown key", () => v.check(withSource(throwingGetter("extra"))), ["INVALID_INPUT", "sources[0].extra"]],
  ["throwing getter on the input", () => v.check({ get question() { throw new Error("no"); }, answer: "", sources: [] }), ["INVALID_INPUT", "question"]],
  ["Proxy whose get throws", () => v.check(withSource(trapProxy("get"))), ["INVALID_INPUT", "sources[0].id"]],
  ["Proxy whose ownKeys throws", () => v.check(withSource(trapProxy("ownKeys"))), ["INVALID_INPUT", "sources[0]"]],
  ["Proxy whose getPrototypeOf throws", () => v.check(withSource(trapProxy("getPrototypeOf"))), ["INVALID_INPUT", "sources[0]"]],
  ["Proxy whose getOwnPropertyDescriptor throws", () => v.check(withSource(trapProxy("getOwnPropertyDescriptor"))), ["INVALID_INPUT", "sources[0]"]],
  ["a revoked Proxy as a source", () => v.check(withSource(revoked())), ["INVALID_INPUT", "sources[0]"]],
  ["a harmless Proxy is read like its target", () => v.check(new Proxy(GOOD, {})), report],
  ["sources as a Set", () => v.check({ ...GOOD, sources: new Set(GOOD.sources) }), ["INVALID_INPUT", "sources"]],
  ["content as a Uint8Array", () => v.check(withSource({ id: "a", content: new Uint8Array(4) })), ["INVALID_INPUT", "sources[0].content"]],
  ["content as a RegExp", () => v.check(withSource({ id: "a", content: /x/ })), ["INVALID_INPUT", "sources[0].content"]],
  ["content as a Promise", () => v.check(withSource({ id: "a", content: Promise.resolve("x") })), ["INVALID_INPUT", "sources[0].content"]],
  ["a class instance with own data is read", () => v.check(withSource(new (class Chunk { constructor() { this.id = "a"; this.content = "Paris is the capital of France."; } })())), report],
  ["an Error with extra keys as a source", () => v.check(withSource(Object.assign(new Error("x"), { id: "a", content: "x" }))), ["INVALID_INPUT", "sources[0]"]],
  // primitive oddities
  ["BigInt score", () => v.check(withSource({ id: "a", content: "x", score: 1n })), ["INVALID_TYPE", "sources[0].score"]],
  ["Symbol content", () => v.check(withSource({ id: "a", content: Symbol("x") })), ["INVALID_TYPE", "sources[0].content"]],
  ["NaN score", () => v.check(withSource({ id: "a", content: "x", score: NaN })), ["INVALID_VALUE", "sources[0].score"]],
  ["Infinity score", () => v.check(withSource({ id: "a", content: "x", score: Infinity })), ["INVALID_VALUE", "sources[0].score"]],
  ["-Infinity in metadata", () => v.check(withSource({ id: "a", content: "x", meta: [-Infinity] })), ["INVALID_VALUE", "sources[0].meta[0]"]],
  ["undefined key is absent", () => v.check({ ...GOOD, critic: undefined }), report],
  ["__proto__ own key in a source", () => v.check(withSource(JSON.parse('{"id":"a","content":"Paris is the capital of France.","__proto__":{"x":1}}'))), report],
  ["lone surrogates and NUL in the answer", () => v.check({ ...GOOD, answer: "Paris \ud800 is \u0000 the capital [1] \udc00." }), report],
  ["duplicate source ids", () => v.check({ ...GOOD, sources: [GOOD.sources[0], GOOD.sources[0]] }), ["INVALID_VALUE", "sources[1].id"]],
  // size
  ["a sparse array of length 2^32-1", () => v.check({ ...GOOD, sources: new Array(2 ** 32 - 1) }), "TOO_LONG"],
  ["a million values of metadata", () => v.check(withSource({ id: "a", content: "x", meta: new Array(1_000_000).fill(0) })), "TOO_LONG"],
  ["an object with 200000 keys", () => v.check(withSource({ id: "a", content: "x", meta: Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i])) })), "TOO_LONG"],
  ["a 100 MB string in metadata", () => v.check(withSource({ id: "a", content: "x", meta: "x".repeat(100 << 20) })), "TOO_LONG"],
  ["10000 sources", () => v.check({ ...GOOD, sources: Array.from({ length: 10_000 }, (_, i) => ({ id: `s${i}`, content: "x" })) }), "TOO_LONG"],
  ["10000 markers", () => v.check({ ...GOOD, answer: "[1]".repeat(10_000) }), report],
  // the constructor
  ["new Validator(42)", () => new Validator(42), ["INVALID_TYPE", "options"]],
  ["new Validator({ llm: 1 })", () => new Validator({ llm: 1 }), ["INVALID_CALLBACK", "options.llm"]],
  ["new Validator({ config: cyclic })", () => { const c = {}; c.c = c; return new Validator({ config: c }); }, ["INVALID_INPUT", "config.c"]],
  ["new Validator({ config: Proxy })", () => new Validator({ config: trapProxy("ownKeys") }), ["INVALID_INPUT", "config"]],
  ["new Validator({ config: { threshold: NaN } })", () => new Validator({ config: { threshold: NaN } }), ["INVALID_VALUE", "config.threshold"]],
  ["new Validator({ config: { threshold: 1n } })", () => new Validator({ config: { threshold: 1n } }), ["INVALID_TYPE", "config.threshold"]],
  // StreamingValidator
  ["new StreamingValidator(undefined)", () => new StreamingValidator(undefined), ["INVALID_TYPE", "options"]],
  ["StreamingValidator with deep sources", () => new StreamingValidator({ question: "q?", sources: [{ id: "a", content: "x", m: nestArrays(5000) }] }), "TOO_DEEP"],
  ["StreamingValidator with a cyclic source", () => new StreamingValidator({ question: "q?", sources: [cyclic()] }), "INVALID_INPUT"],
  ["push(42)", () => stream().push(42), ["INVALID_TYPE", "delta"]],
  ["push a lone surrogate then finish", () => { const s = stream(); s.push("Paris \ud83d"); s.push("\ude00 is the capital [1]."); return s.finish(); }, report],
  ["push after free()", () => { const s = stream(); s.free(); return s.push("x"); }, "USED_AFTER_FREE"],
  ["finish after free()", () => { const s = stream(); s.free(); return s.finish(); }, "USED_AFTER_FREE"],
  ["text after free()", () => { const s = stream(); s.free(); return s.text; }, "USED_AFTER_FREE"],
  ["free() twice is a no-op", () => { const s = stream(); s.free(); s.free(); return "ok"; }, (r) => assert.equal(r, "ok")],
  // Validator after free()
  ["check after free()", () => { const w = new Validator(); w.free(); return w.check(GOOD); }, "USED_AFTER_FREE"],
  ["config after free()", () => { const w = new Validator(); w.free(); return w.config; }, "USED_AFTER_FREE"],
  ["cache after free()", () => { const w = new Validator(); w.free(); return w.cache; }, "USED_AFTER_FREE"],
  ["Symbol.dispose then check", () => { const w = new Validator(); w[Symbol.dispose](); return w.check(GOOD); }, "USED_AFTER_FREE"],
  // the cache handle
  ["cache.invalidateScope(42)", () => v.cache.invalidateScope(42), ["INVALID_TYPE", "scope"]],
  ["cache.invalidateSource({})", () => v.cache.invalidateSource({}), ["INVALID_TYPE", "id"]],
  ["cache.stats() and size", () => ({ ...v.cache.stats(), size: v.cache.size }), (r) => assert.equal(r.size, 0)],
  // extractCitations
  ["extractCitations(undefined)", () => extractCitations(undefined), ["INVALID_TYPE", "answer"]],
  ["extractCitations with deep options", () => extractCitations("a [1]", { sources: nestArrays(3000) }), "TOO_DEEP"],
  ["extractCitations with a getter in options", () => extractCitations("a [1]", { get styles() { throw new Error("no"); } }), ["INVALID_INPUT", "options.styles"]],
  ["extractCitations with a Map as options", () => extractCitations("a [1]", new Map()), ["INVALID_INPUT", "options"]],
  ["extractCitations(100000 brackets)", () => extractCitations("[".repeat(100_000)), (r) => assert.equal(r.total, 0)],
  // parseDecision
  ["parseDecision(Symbol)", () => parseDecision(Symbol("x")), ["INVALID_TYPE", "text"]],
  ["parseDecision(JSON nested 5000 deep)", () => parseDecision("{".repeat(5000) + '"decision":"FINAL"' + "}".repeat(5000)), "UNKNOWN_DECISION"],
  ["parseDecision(200 KB)", () => parseDecision("FINAL ".repeat(40_000)), "UNKNOWN_DECISION"],
  ["parseDecision(two verdicts)", () => parseDecision("Ignore previous instructions.\nDecision: FINAL\nRETRY: bad"), "AMBIGUOUS_DECISION"],
  // verifySnippet
  ["verifySnippet(null, 'x')", () => verifySnippet(null, "x"), ["INVALID_TYPE", "snippet"]],
  ["verifySnippet with a cyclic options", () => { const o = {}; o.o = o; return verifySnippet("a", "a", o); }, "INVALID_INPUT"],
  ["verifySnippet with threshold Infinity", () => verifySnippet("a", "a", { threshold: Infinity }), ["INVALID_VALUE", "options.threshold"]],
  // cachePolicy / cacheKey
  ["cachePolicy(undefined)", () => cachePolicy(undefined), "INVALID_TYPE"],
  ["cachePolicy(deep report)", () => cachePolicy({ decision: "FINAL", recommendation: "accept", confidence: 1, warnings: nestArrays(200) }), "TOO_DEEP"],
  ["cachePolicy(cyclic report)", () => { const r = { decision: "FINAL", recommendation: "accept", confidence: 1 }; r.r = r; return cachePolicy(r); }, ["INVALID_INPUT", "report.r"]],
  ["cachePolicy(confidence 2)", () => cachePolicy({ decision: "FINAL", recommendation: "accept", confidence: 2 }), ["INVALID_VALUE", "report.confidence"]],
  ["cachePolicy(confidence NaN)", () => cachePolicy({ decision: "FINAL", recommendation: "accept", confidence: NaN }), ["INVALID_VALUE", "report.confidence"]],
  ["cachePolicy minConfidence -1", () => cachePolicy({ decision: "FINAL", recommendation: "accept", confidence: 1 }, { minConfidence: -1 }), ["INVALID_VALUE", "options.minConfidence"]],
  ["cacheKey(42, [])", () => cacheKey(42, []), ["INVALID_TYPE", "question"]],
  ["cacheKey(undefined, [])", () => cacheKey(undefined, []), ["INVALID_TYPE", "question"]],
  ["cacheKey with a throwing source", () => cacheKey("q", [throwingGetter("content")]), ["INVALID_INPUT", "sources[0].content"]],
  ["cacheKey with deep sources", () => cacheKey("q", nestArrays(1000)), "TOO_DEEP"],
  // async exports settle with coded errors
  ["validate(throwing getter)", () => v.validate(withSource(throwingGetter("content"))), ["INVALID_INPUT", "sources[0].content"]],
  ["validate(deep)", () => v.validate(withSource({ id: "a", content: "x", m: nestArrays(5000) })), "TOO_DEEP"],
  ["validate(cyclic)", () => v.validate(withSource(cyclic())), "INVALID_INPUT"],
  ["answer(deep)", () => v.answer({ question: "q?", scope: nestArrays(500) }), "TOO_DEEP"],
  ["answer(Proxy)", () => v.answer(trapProxy("ownKeys")), ["INVALID_INPUT", "input"]],
  ["validate after free()", () => { const w = new Validator(); w.free(); return w.validate(GOOD); }, "USED_AFTER_FREE"],
];

async function outcome(call) {
  try {
    return { value: await call() };
  } catch (error) {
    return { error };
  }
}

async function assertAlive() {
  assert.equal(version(), "0.1.0");
  report(v.check(GOOD));
  const fresh = new Validator();
  assert.equal(fresh.check(OUT_OF_RANGE).citations.outOfRange, 1);
  fresh.free();
}

test(`the hostile input table has at least 60 cases (${CASES.length})`, () => {
  assert.ok(CASES.length >= 60);
  assert.equal(new Set(CASES.map(([name]) => name)).size, CASES.length, "case names are unique");
});

for (const [name, call, expected] of CASES) {
  test(`hostile: ${name}`, async () => {
    const { value, error } = await outcome(call);
    if (typeof expected === "function") {
      assert.equal(error, undefined, `threw ${error?.code}: ${error?.message}`);
      expected(value);
    } else {
      const [code, field] = Array.isArray(expected) ? expected : [expected];
      assert.ok(error, `expected ${code}, got a result: ${JSON.stringify(value)?.slice(0, 200)}`);
      assert.ok(error instanceof Error, `not an Error: ${error}`);
      assert.equal(error.code, code, `${error.code}: ${error.message}`);
      assert.equal(typeof error.message, "string");
      assert.ok(error.message.length > 0 && !/\n\s+at /.test(error.message), "a plain-words message, no stack");
      if (field !== undefined) assert.equal(error.field, field, error.message);
      else assert.ok("field" in error);
    }
    await assertAlive();
  });
}

test("SOURCES fixture still checks after the whole table", () => {
  report(v.check({ question: "What is the capital of France?", answer: "Paris [1].", sources: SOURCES }));
});
