// Issue 12 item 10 over the built package: an AbortSignal in every callback's options
// (aborted when the call times out, so a real fetch is cancelled), opt-in stage timings
// measured in the binding (reports stay deterministic without them), and user-defined
// citation and field patterns in the config.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { test } from "node:test";
import { Validator, extractCitations } from "../../js/node.mjs";
import { openAICompatible } from "../../js/adapters.mjs";
import { OUT_OF_RANGE, SOURCES } from "./fixtures.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const JUDGED = { judges: { relevance: true, support: true, usefulness: true } };
const VERDICTS = {
  relevance: '{"relevant": true, "score": 0.9}',
  support: '{"support": "full", "unsupported": []}',
  usefulness: '{"useful": true, "score": 5}',
  critic: "FINAL: grounded",
  generate: "Paris is the capital of France [1].",
};

test("every callback gets an AbortSignal in its options, not aborted when the call answers", async () => {
  const seen = [];
  const record = (name) => (first, options) => {
    seen.push({ name, options, signal: options?.signal });
    return undefined;
  };
  const v = new Validator({
    llm: async (prompt, options) => {
      record("llm")(prompt, options);
      return VERDICTS[options.purpose] ?? "{}";
    },
    embed: async (texts, options) => {
      record("embed")(texts, options);
      return texts.map(() => [1, 0]);
    },
    retrieve: async (query, options) => {
      record("retrieve")(query, options);
      return SOURCES;
    },
    generate: async (prompt, options) => {
      record("generate")(prompt, options);
      return "Paris is the capital of France [1]. It has 2.1 million residents [2].";
    },
    config: { ...JUDGED, cache: { enabled: false } },
  });
  const result = await v.answer({ question: "What is the capital of France?" });
  assert.ok(result.trace.length >= 1);
  const names = new Set(seen.map((s) => s.name));
  for (const name of ["llm", "retrieve", "generate"]) assert.ok(names.has(name), `${name} was called`);
  for (const s of seen) {
    assert.ok(s.signal instanceof AbortSignal, `${s.name} got an AbortSignal`);
    assert.equal(s.signal.aborted, false, `${s.name}'s signal is not aborted`);
  }
  // The documented options are still there beside the signal.
  const llm = seen.find((s) => s.name === "llm").options;
  assert.equal(typeof llm.purpose, "string");
  assert.equal(typeof llm.maxTokens, "number");
  const gen = seen.find((s) => s.name === "generate").options;
  assert.deepEqual([typeof gen.attempt, typeof gen.mode], ["number", "string"]);
  const ret = seen.find((s) => s.name === "retrieve").options;
  assert.equal(typeof ret.k, "number");

  // embed: (texts, { signal }) through validate()'s verification cascade.
  const e = new Validator({
    llm: async () => '{"supported": true}',
    embed: async (texts, options) => {
      seen.push({ name: "embed", signal: options?.signal });
      return texts.map(() => [1, 0]);
    },
  });
  await e.validate({ question: "Capital?", answer: "Paris is a lovely capital city of France [1].", sources: SOURCES });
  const embeds = seen.filter((s) => s.name === "embed");
  if (embeds.length) assert.ok(embeds.every((s) => s.signal instanceof AbortSignal));
});

test("a timed-out call's signal is aborted with a TimeoutError, and a real fetch given it is cancelled", async () => {
  let closed;
  const requestClosed = new Promise((r) => (closed = r));
  let requests = 0;
  const server = createServer((req) => {
    requests += 1;
    req.on("close", () => closed(true)); // the client hung up: the fetch was cancelled
    // Never answers.
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const baseURL = `http://127.0.0.1:${server.address().port}/v1`;
  try {
    let signal;
    let fetchError;
    const { llm } = openAICompatible({ baseURL, model: "m" });
    const v = new Validator({
      llm: (prompt, options) => {
        signal = options.signal;
        return llm(prompt, options).catch((err) => {
          fetchError = err;
          throw err;
        });
      },
      config: { timeoutMs: 1000, judges: { support: true } }, // room for the request to reach the local server on a loaded machine
    });
    const report = await v.validate(OUT_OF_RANGE);
    assert.equal(report.complete, false);
    const failed = report.warnings.find((w) => w.kind === "JUDGE_FAILED");
    assert.equal(failed.details.failure, "timeout");
    assert.equal(requests, 1);
    assert.equal(signal.aborted, true);
    assert.equal(signal.reason.name, "TimeoutError");
    assert.match(signal.reason.message, /did not answer within 1000 ms/);
    assert.equal(await Promise.race([requestClosed, sleep(2000).then(() => false)]), true, "the server saw the request cancelled");
    await sleep(10);
    assert.ok(fetchError, "the fetch rejected");
    assert.equal(fetchError.name, "TimeoutError", String(fetchError));
  } finally {
    server.closeAllConnections?.();
    await new Promise((r) => server.close(r));
  }
});

test("without trace.timings, reports carry no timings and stay byte for byte the same", async () => {
  const make = () => new Validator({ llm: async (p, o) => VERDICTS[o.purpose] ?? "{}", config: JUDGED });
  const a = await make().validate(OUT_OF_RANGE);
  const b = await make().validate(OUT_OF_RANGE);
  assert.equal("timings" in a, false);
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  const sync = new Validator({ trace: { timings: true } }).check(OUT_OF_RANGE);
  assert.equal("timings" in sync, false, "check() is never timed");
});

test("trace.timings: validate() reports each stage's milliseconds, measured with performance.now()", async () => {
  const v = new Validator({
    trace: { timings: true },
    llm: async (prompt, options) => {
      if (options.purpose === "support") await sleep(40);
      return VERDICTS[options.purpose] ?? "{}";
    },
    config: JUDGED,
  });
  const t0 = performance.now();
  const report = await v.validate(OUT_OF_RANGE);
  const wall = performance.now() - t0;
  const t = report.timings;
  assert.ok(t, "report.timings");
  assert.ok(t.totalMs > 0 && t.totalMs <= wall + 1, `${t.totalMs} vs ${wall}`);
  assert.ok(t.callbacksMs <= t.totalMs);
  assert.ok(t.stages.support >= 35, `support took ${t.stages.support} ms`);
  assert.ok(t.stages.relevance >= 0 && t.stages.usefulness >= 0);
  assert.ok(Math.abs(t.stages.checks - (t.totalMs - t.callbacksMs)) < 0.01);
  assert.deepEqual(t.calls.map((c) => c.purpose).sort(), ["relevance", "support", "usefulness"]);
  for (const c of t.calls) {
    assert.equal(c.callback, "llm");
    assert.equal(c.outcome, "ok");
    assert.ok(c.startMs >= 0 && c.ms >= 0);
  }
  // A failing call is timed with its outcome.
  const bad = new Validator({ trace: { timings: true }, llm: async () => "not json", config: { judges: { support: true } } });
  const r2 = await bad.validate(OUT_OF_RANGE);
  assert.equal(r2.timings.calls[0].outcome, "ok", "the callback answered; its text failed to parse later");
  const thrower = new Validator({ trace: { timings: true }, llm: async () => { throw new Error("down"); }, config: { judges: { support: true } } });
  assert.equal((await thrower.validate(OUT_OF_RANGE)).timings.calls[0].outcome, "error");
});

test("trace.timings: answer() times the whole loop and each attempt of the trace", async () => {
  let attempt = 0;
  const v = new Validator({
    trace: { timings: true },
    retrieve: async () => {
      await sleep(15);
      return SOURCES;
    },
    generate: async () => {
      await sleep(25);
      attempt += 1;
      // First a wrong citation (retry), then a grounded answer.
      return attempt === 1 ? "Paris is the capital of France [7]." : "Paris is the capital of France [1].";
    },
    llm: async (p, o) => VERDICTS[o.purpose] ?? "{}",
    config: { cache: { enabled: false } },
  });
  const result = await v.answer({ question: "What is the capital of France?" });
  assert.ok(result.trace.length >= 2, JSON.stringify(result.trace.map((a) => a.decision)));
  const t = result.timings;
  assert.ok(t.stages.retrieve >= 12 && t.stages.generate >= 40, JSON.stringify(t.stages));
  assert.equal(t.calls.length, result.modelCalls);
  let calls = 0;
  for (const a of result.trace) {
    assert.ok(a.timings, `attempt ${a.index} has timings`);
    assert.equal(a.timings.calls.length, a.modelCalls);
    assert.ok(a.timings.totalMs >= a.timings.callbacksMs);
    calls += a.timings.calls.length;
  }
  assert.equal(calls, t.calls.length);
  assert.ok(result.trace[0].timings.stages.retrieve >= 12, "the first retrieval belongs to the first attempt");
  assert.ok(result.trace[1].timings.stages.generate >= 20);
  const sum = result.trace.reduce((s, a) => s + a.timings.totalMs, 0);
  assert.ok(Math.abs(sum - t.totalMs) < 1, `attempts ${sum} ms vs the call ${t.totalMs} ms`);
});

test("trace options are checked like every other option", () => {
  assert.throws(() => new Validator({ trace: { timing: true } }), { code: "UNKNOWN_FIELD", field: "options.trace.timing" });
  assert.throws(() => new Validator({ trace: { timings: "yes" } }), { code: "INVALID_TYPE", field: "options.trace.timings" });
  assert.throws(() => new Validator({ trace: 1 }), { code: "INVALID_TYPE", field: "options.trace" });
  assert.throws(() => new Validator({ traces: {} }), { code: "UNKNOWN_FIELD", field: "options.traces" });
  new Validator({ trace: {} });
  new Validator({ trace: { timings: false } });
});

test("user citation patterns: the seeds' Chapter\\s+(\\w+), ids and numbers, UTF-16 spans", () => {
  const sources = [
    { id: "intro", content: "Paris is the capital and largest city of France.", chapterId: "IV" },
    { id: "kb-2", content: "Paris has about 2.1 million residents." },
  ];
  const v = new Validator({
    config: {
      citations: {
        styles: ["numeric", "source", "doc", "footnote", "cjk", "parenthetical", "sourceId"],
        patterns: ["Chapter\\s+(\\w+)", "\\{\\{cite:(?<id>[a-z0-9-]+)\\}\\}", "§(?<index>[0-9]+)"],
      },
    },
  });
  const answer = "🗼 Paris is the capital of France, Chapter IV. It has about 2.1 million residents {{cite:kb-2}}. And §9.";
  const report = v.check({ question: "Tell me about Paris", answer, sources });
  const m = report.citations.markers;
  assert.deepEqual(m.map((x) => [answer.slice(x.start, x.end), x.style, x.valid, x.sourceIds]), [
    ["Chapter IV", "pattern", true, ["intro"]],
    ["{{cite:kb-2}}", "pattern", true, ["kb-2"]],
    ["§9", "pattern", false, []],
  ]);
  assert.ok(report.warnings.some((w) => w.kind === "CITATION_OUT_OF_RANGE" && answer.slice(w.span.start, w.span.end) === "§9"));
  assert.deepEqual(v.config.citations.patterns, ["Chapter\\s+(\\w+)", "\\{\\{cite:(?<id>[a-z0-9-]+)\\}\\}", "§(?<index>[0-9]+)"]);
  // extractCitations takes them too.
  const ex = extractCitations("See Chapter IV.", { patterns: ["Chapter\\s+(\\w+)"], styles: ["numeric"], sources });
  assert.deepEqual(ex.citations.map((c) => [c.raw, c.sourceIds]), [["Chapter IV", ["intro"]]]);
});

test("user field patterns check the names they capture", () => {
  const v = new Validator({ config: { evidence: { fieldPatterns: ["@param\\s+(\\w+)"] } } });
  const report = v.check({
    question: "What does search take?",
    answer: "search takes @param topK and @param fuzziness [1].",
    sources: [{ id: "api", content: "search(query, topK) returns the topK best chunks." }],
  });
  assert.deepEqual(report.fields.unverified, ["fuzziness"]);
  assert.ok(report.warnings.some((w) => w.kind === "UNVERIFIED_FIELD"));
});

test("an invalid user pattern is a coded error naming it", () => {
  const cases = [
    [{ citations: { patterns: ["ok", "Chapter\\s+(\\w+"] } }, "config.citations.patterns[1]"],
    [{ evidence: { fieldPatterns: ["a*"] } }, "config.evidence.fieldPatterns[0]"],
    [{ citations: { patterns: Array.from({ length: 17 }, (_, i) => `x${i}`) } }, "config.citations.patterns"],
  ];
  for (const [config, field] of cases) {
    assert.throws(() => new Validator({ config }), (err) => {
      assert.equal(err.name, "GroundcheckError");
      assert.equal(err.code, "INVALID_VALUE");
      assert.equal(err.field, field);
      return true;
    });
  }
  assert.throws(() => extractCitations("x", { patterns: ["("] }), { code: "INVALID_VALUE", field: "options.patterns[0]" });
  assert.throws(() => new Validator({ config: { citations: { patterns: [42] } } }), { code: "INVALID_TYPE" });
});
