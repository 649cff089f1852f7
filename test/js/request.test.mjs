// js/request.mjs: the request layer of the CLI, the Worker, MCP and the demo.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Validator } from "../../js/node.mjs";
import { codedError, describeError, fieldError, formatError, isCoded, isRecord, parseJson, splitRequest, validators } from "../../js/request.mjs";
import { OUT_OF_RANGE } from "./fixtures.mjs";

test("each surface's error layout, from one coded error", () => {
  const err = codedError("INVALID_TYPE", "sources[0].content", "must be a string");
  assert.equal(formatError(err), "INVALID_TYPE (field sources[0].content): must be a string");
  assert.equal(formatError(err, "short"), "INVALID_TYPE (sources[0].content): must be a string");
  assert.equal(formatError(err, "trailing"), "INVALID_TYPE: must be a string (field sources[0].content)");
  assert.equal(formatError(err, "config"), "INVALID_TYPE sources[0].content: must be a string");
  assert.equal(formatError(err, "tag"), "INVALID_TYPE · sources[0].content");
  const bare = codedError("INVALID_JSON", null, "not valid JSON");
  assert.equal(formatError(bare), "INVALID_JSON: not valid JSON");
  assert.equal(formatError(bare, "tag"), "INVALID_JSON");
  assert.throws(() => formatError(err, "nope"), RangeError);
});

test("an error without a code reads by its name; the module's errors keep theirs", () => {
  assert.deepEqual(describeError(new TypeError("x")), { code: "TypeError", field: null, message: "x" });
  assert.equal(isCoded(new TypeError("x")), false);
  let thrown;
  try {
    new Validator({ config: { threshold: 2 } });
  } catch (err) {
    thrown = err;
  }
  assert.ok(isCoded(thrown));
  assert.equal(formatError(thrown), `${thrown.code} (field ${thrown.field}): ${thrown.message}`);
});

test("fieldError is a TypeError naming its code and field", () => {
  const err = fieldError("INVALID_TYPE", "answer", "answer must be a string");
  assert.ok(err instanceof TypeError);
  assert.equal(err.message, "INVALID_TYPE: answer must be a string (field answer)");
  assert.equal(err.code, "INVALID_TYPE");
  assert.equal(err.field, "answer");
});

test("parseJson throws INVALID_JSON with the caller's message and field", () => {
  assert.deepEqual(parseJson('{"a":1}'), { a: 1 });
  assert.throws(() => parseJson("{"), (err) => err.code === "INVALID_JSON" && err.field === null && /^not valid JSON \(/.test(err.message));
  assert.throws(
    () => parseJson("[", (e) => `bad: ${e.name}`, "sources"),
    (err) => err.code === "INVALID_JSON" && err.field === "sources" && err.message === "bad: SyntaxError",
  );
});

test("splitRequest takes config (and the names asked for) out of the input", () => {
  assert.deepEqual(splitRequest({ question: "q", config: { threshold: 0.8 } }), { input: { question: "q" }, config: { threshold: 0.8 } });
  assert.deepEqual(splitRequest({ question: "q", id: 7, label: true }, ["id", "label"]), { input: { question: "q" }, config: undefined, id: 7, label: true });
  const request = { question: "q", config: null };
  splitRequest(request);
  assert.deepEqual(request, { question: "q", config: null }, "the request is not changed");
  assert.equal(isRecord({}), true);
  assert.equal(isRecord([]), false);
  assert.equal(isRecord(null), false);
});

test("validators: one shared validator without a config, a fresh one (freed) with one, merged over the base", async () => {
  const made = [];
  class Fake {
    constructor(options) {
      this.options = options;
      this.freed = false;
      made.push(this);
    }
    free() {
      this.freed = true;
    }
  }
  const pool = validators(Fake, { config: { threshold: 0.8 }, callbacks: { llm: "llm" } });
  const a = pool.run(undefined, (v) => v);
  assert.equal(pool.run(undefined, (v) => v), a);
  assert.deepEqual(a.options, { llm: "llm", config: { threshold: 0.8 } });
  assert.equal(a.freed, false);
  const b = pool.run({ preset: "strict" }, (v) => v);
  assert.deepEqual(b.options, { llm: "llm", config: { threshold: 0.8, preset: "strict" } });
  assert.equal(b.freed, true);
  const c = await pool.run({}, async (v) => {
    assert.equal(v.freed, false);
    return v;
  });
  assert.equal(c.freed, true);
  assert.throws(() => pool.run({}, () => {
    throw new Error("boom");
  }));
  assert.equal(made.at(-1).freed, true, "freed when use throws");
  // Without a base config, a request's config goes to the module as it is.
  const plain = validators(Fake);
  assert.deepEqual(plain.shared.options, {});
  assert.equal(plain.run(5, (v) => v.options.config), 5);
});

test("validators renew the shared validator after the module restarted, only when asked", () => {
  let calls = 0;
  class Fake {
    free() {}
  }
  const staleOnce = (v) => {
    calls += 1;
    if (calls === 1) throw codedError("STALE_OBJECT", null, "stale");
    return v;
  };
  const renewing = validators(Fake, { renew: true });
  const first = renewing.shared;
  assert.notEqual(renewing.run(undefined, staleOnce), first);
  calls = 0;
  const strict = validators(Fake);
  assert.throws(() => strict.run(undefined, staleOnce), (err) => err.code === "STALE_OBJECT");
  const trapped = validators(Fake, { renew: true });
  const before = trapped.shared;
  assert.throws(() => trapped.run(undefined, () => {
    throw codedError("INTERNAL_ERROR", null, "trap");
  }));
  assert.notEqual(trapped.shared, before, "dropped after INTERNAL_ERROR");
});

test("with the module: a request's config gets its own validator", () => {
  const pool = validators(Validator);
  const report = pool.run(undefined, (v) => v.check(OUT_OF_RANGE));
  assert.deepEqual(pool.run({}, (v) => v.check(OUT_OF_RANGE)), report);
  assert.throws(() => pool.run({ threshold: 2 }, (v) => v.check(OUT_OF_RANGE)), (err) => err.code === "INVALID_VALUE");
});
