// Recovery after a trap, through each entry point: the call that traps throws a coded
// INTERNAL_ERROR (its cause the engine's RuntimeError), the module is re-instantiated, and
// the next call works; objects made before the trap throw STALE_OBJECT. The trap is the
// module's own self-test export: a real wasm stack overflow, the failure deep input caused.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { test } from "node:test";
import * as esm from "../../js/node.mjs";
import { OUT_OF_RANGE } from "./fixtures.mjs";

const cjs = createRequire(import.meta.url)("../../js/node.cjs");

for (const [name, api] of [["groundcheck/node (ESM)", esm], ["require('groundcheck') (CommonJS)", cjs]]) {
  test(`${name}: a trap is INTERNAL_ERROR, the next call works, old objects are STALE_OBJECT`, async () => {
    const before = new api.Validator();
    const stream = new api.StreamingValidator({ question: "Capital?", sources: OUT_OF_RANGE.sources });
    const cache = before.cache;
    assert.equal(before.check(OUT_OF_RANGE).citations.outOfRange, 1);

    const err = (() => {
      try {
        api.__selfTestTrap();
      } catch (e) {
        return e;
      }
    })();
    assert.ok(err instanceof Error, "the trap threw");
    assert.equal(err.code, "INTERNAL_ERROR");
    assert.equal(err.field, null);
    assert.ok(err.cause instanceof WebAssembly.RuntimeError, String(err.cause));
    assert.match(err.message, /restarted/);

    // The next calls run on a fresh instance.
    assert.equal(api.version(), "0.1.0");
    const after = new api.Validator();
    assert.equal(after.check(OUT_OF_RANGE).citations.outOfRange, 1);
    assert.equal((await after.validate(OUT_OF_RANGE)).citations.outOfRange, 1);
    assert.equal(api.extractCitations("a [1] b [2]").total, 2);
    assert.equal(api.parseDecision("FINAL: ok").decision, "FINAL");

    // Objects of the old instance: a coded error, and free() is a harmless no-op.
    for (const use of [() => before.check(OUT_OF_RANGE), () => stream.push("x"), () => cache.stats(), () => before.config]) {
      assert.throws(use, (e) => e.code === "STALE_OBJECT" && /create it again/.test(e.message));
    }
    before.free();
    stream.free();
    after.free();

    // Many traps in a row: each is coded, and the module keeps coming back.
    for (let i = 0; i < 20; i++) assert.throws(() => api.__selfTestTrap(), { code: "INTERNAL_ERROR" });
    assert.equal(new api.Validator().check(OUT_OF_RANGE).citations.outOfRange, 1);
  });
}

test("a panic prints its message (the panic hook) and the module recovers", () => {
  const script = `
    import { __selfTestTrap, Validator } from ${JSON.stringify(new URL("../../js/node.mjs", import.meta.url).href)};
    try { __selfTestTrap("panic"); } catch (e) { console.log("code", e.code); }
    console.log("after", new Validator().check(${JSON.stringify(OUT_OF_RANGE)}).citations.outOfRange);`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /groundcheck: the module panicked: [\s\S]*self-test panic/);
  assert.match(r.stdout, /code INTERNAL_ERROR/);
  assert.match(r.stdout, /after 1/);
});
