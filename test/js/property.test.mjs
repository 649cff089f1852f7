// Property test (fast-check): random JSON-like values, deep nesting and near-valid inputs
// through every export of the built package. Each call returns a result or throws a real
// Error with a string `code` and a `field` property; it never traps, and the instance
// answers afterwards. Runs per property: FC_RUNS (default 200).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
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
import { OUT_OF_RANGE } from "./fixtures.mjs";

const RUNS = Number(process.env.FC_RUNS ?? 200);
const validator = new Validator();
const CODES = new Set([
  "MISSING_FIELD", "INVALID_TYPE", "INVALID_VALUE", "TOO_SHORT", "TOO_LONG", "UNKNOWN_FIELD",
  "EMPTY_DECISION", "UNKNOWN_DECISION", "AMBIGUOUS_DECISION", "INVALID_CALLBACK", "TOO_DEEP",
  "INVALID_INPUT", "STREAM_FINISHED",
]);

/** Runs `call`; a throw must be a coded GroundcheckError (never INTERNAL_ERROR). */
async function coded(call) {
  try {
    const out = await call();
    return { out };
  } catch (e) {
    assert.ok(e instanceof Error, `threw a non-Error: ${String(e)}`);
    assert.ok(CODES.has(e.code), `uncoded or internal error: ${e.code} ${e.message}`);
    assert.ok("field" in e, "has a field property");
    return { error: e };
  }
}

const alive = () => {
  assert.equal(version(), "0.1.0");
  assert.equal(validator.check(OUT_OF_RANGE).citations.outOfRange, 1);
};

// Values: JSON, plus the non-JSON values a JS caller can pass.
const leaf = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.constant(NaN),
  fc.constant(() => 1),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 5 }),
  object: fc.dictionary(fc.oneof(fc.string(), fc.constantFrom("id", "content", "question", "answer", "sources", "config", "threshold", "__proto__")), tie("value"), { maxKeys: 5 }),
}));
/** A value nested `n` deep inside arrays or objects. */
const deep = fc.tuple(fc.integer({ min: 1, max: 300 }), fc.boolean(), value).map(([n, arrays, inner]) => {
  let v = inner;
  for (let i = 0; i < n; i++) v = arrays ? [v] : { k: v };
  return v;
});
const anyValue = fc.oneof(value, deep);
const source = fc.record({ id: fc.oneof(fc.string(), fc.integer()), content: fc.string() }, { requiredKeys: ["id"] });
const nearInput = fc.record({
  question: fc.oneof(fc.string(), anyValue),
  answer: fc.oneof(fc.string(), fc.constantFrom("Paris [1].", "See [2-4] and `topK` (a.ts:1-3).")),
  sources: fc.oneof(fc.array(fc.oneof(source, anyValue), { maxLength: 4 }), anyValue),
  config: anyValue,
}, { requiredKeys: [] });

const prop = (name, arb, body) =>
  test(`property: ${name}`, async () => {
    await fc.assert(fc.asyncProperty(arb, async (x) => {
      await body(x);
      alive();
    }), { numRuns: RUNS });
  });

prop("check() on near-valid input", nearInput, async ({ config, ...input }) => {
  await coded(() => validator.check(input));
});
prop("check() on anything", anyValue, async (x) => {
  await coded(() => validator.check(x));
});
prop("validate() settles", nearInput, async ({ config, ...input }) => {
  await coded(() => validator.validate(input));
});
prop("answer() settles", anyValue, async (x) => {
  await coded(() => validator.answer(x));
});
prop("new Validator({ config })", anyValue, async (config) => {
  const { out } = await coded(() => new Validator({ config }));
  out?.free();
});
prop("new Validator(options)", anyValue, async (options) => {
  const { out } = await coded(() => new Validator(options));
  out?.free();
});
prop("StreamingValidator: options, pushes, finish", fc.tuple(nearInput, fc.array(fc.oneof(fc.string({ unit: "binary" }), anyValue), { maxLength: 6 })), async ([opts, deltas]) => {
  const { out: stream } = await coded(() => new StreamingValidator({ question: opts.question, sources: opts.sources, config: opts.config }));
  if (!stream) return;
  for (const d of deltas) await coded(() => stream.push(d));
  await coded(() => stream.finish());
  stream.free();
});
prop("extractCitations", fc.tuple(anyValue, anyValue), async ([answer, options]) => {
  await coded(() => extractCitations(typeof answer === "string" ? answer : "a [1] b [2]", options));
  await coded(() => extractCitations(answer));
});
prop("parseDecision", anyValue, async (x) => {
  await coded(() => parseDecision(x));
  let text = "";
  try {
    text = JSON.stringify(x) ?? "";
  } catch {
    // BigInt: not JSON
  }
  await coded(() => parseDecision(text));
});
prop("verifySnippet", fc.tuple(anyValue, anyValue, anyValue), async ([a, b, o]) => {
  await coded(() => verifySnippet(typeof a === "string" ? a : "x", typeof b === "string" ? b : "x y", o));
  await coded(() => verifySnippet(a, b));
});
prop("cachePolicy", fc.tuple(anyValue, anyValue), async ([report, options]) => {
  await coded(() => cachePolicy(report, options));
  await coded(() => cachePolicy({ decision: "FINAL", recommendation: "accept", confidence: report }, options));
});
prop("cacheKey and the cache handle", fc.tuple(anyValue, anyValue, anyValue), async ([q, sources, options]) => {
  await coded(() => cacheKey(q, sources, options));
  await coded(() => cacheKey("q", sources, options));
  await coded(() => validator.cache.invalidateScope(q));
  await coded(() => validator.cache.invalidateSource(q));
});
