// The built package in Node, through js/node.mjs (initSync from disk).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Validator, extractCitations, parseDecision } from "../../js/node.mjs";
import { CODE, OUT_OF_RANGE, SOURCES, UNCITED, UNICODE, ofKind } from "./fixtures.mjs";

const validator = new Validator({});

test("an index past the sources gives CITATION_OUT_OF_RANGE spanning the marker", () => {
  const report = validator.check(OUT_OF_RANGE);
  const [w, ...more] = ofKind(report, "CITATION_OUT_OF_RANGE");
  assert.ok(w, `no CITATION_OUT_OF_RANGE in ${JSON.stringify(report.warnings)}`);
  assert.equal(more.length, 0);
  assert.equal(OUT_OF_RANGE.answer.slice(w.span.start, w.span.end), "[4]");
  assert.equal(typeof w.message, "string");
  assert.equal(report.citations.total, 2);
  assert.equal(report.citations.valid, 1);
  assert.equal(report.citations.outOfRange, 1);
  assert.equal(typeof report.complete, "boolean");
  assert.ok(report.confidence >= 0 && report.confidence <= 1, `confidence ${report.confidence}`);
  assert.notEqual(report.decision, "FINAL", "an out-of-range citation must not pass as FINAL");
  assert.equal(typeof report.correctionPrompt, "string");
  assert.match(report.correctionPrompt, /\[4\]/);
});

test("an uncited factual sentence gives MISSING_CITATION over that sentence", () => {
  const report = validator.check(UNCITED);
  const missing = ofKind(report, "MISSING_CITATION");
  assert.equal(missing.length, 1, JSON.stringify(report.warnings));
  const text = UNCITED.answer.slice(missing[0].span.start, missing[0].span.end);
  assert.match(text, /2\.1 million residents/);
  assert.ok(report.citations.missing >= 1);
  assert.equal(ofKind(report, "CITATION_OUT_OF_RANGE").length, 0);
});

test("arr[1] inside code is not a citation", () => {
  const { citations, total } = extractCitations(CODE.answer, {});
  assert.equal(total, 1, JSON.stringify(citations));
  assert.equal(citations[0].raw, "[1]");
  assert.equal(citations[0].start, CODE.answer.lastIndexOf("[1]"));
  const report = validator.check(CODE);
  assert.equal(report.citations.total, 1);
  assert.equal(ofKind(report, "CITATION_OUT_OF_RANGE").length, 0);
});

test("spans are UTF-16 offsets (emoji, CJK)", () => {
  const { citations } = extractCitations(UNICODE.answer);
  assert.equal(citations.length, 1);
  const [c] = citations;
  assert.equal(c.start, UNICODE.answer.indexOf("[1]"));
  assert.equal(c.end, c.start + 3);
  assert.equal(UNICODE.answer.slice(c.start, c.end), c.raw);
  assert.deepEqual(c.indexes, [1]);
  const report = validator.check(UNICODE);
  assert.equal(report.citations.markers[0].start, UNICODE.answer.indexOf("[1]"));
  assert.deepEqual(report.citations.markers[0].sourceIds, [UNICODE.sources[0].id]);
  assert.equal(ofKind(report, "CITATION_OUT_OF_RANGE").length, 0);
});

test("extractCitations resolves source ids and validity against the given sources", () => {
  const { citations, total } = extractCitations(OUT_OF_RANGE.answer, { sources: SOURCES });
  assert.equal(total, 2);
  assert.deepEqual(
    citations.map((c) => [c.raw, c.valid, c.sourceIds]),
    [
      ["[1]", true, ["wiki-paris"]],
      ["[4]", false, []],
    ],
  );
  for (const c of citations) assert.equal(typeof c.style, "string");
});

test("the report is deterministic and JSON-serialisable", () => {
  const a = JSON.stringify(validator.check(OUT_OF_RANGE));
  const b = JSON.stringify(new Validator({}).check(OUT_OF_RANGE));
  assert.equal(a, b);
});

test("parseDecision reads the verdict and reason", () => {
  const d = parseDecision("RETRY: the population figure is not in the sources");
  assert.equal(d.decision, "RETRY");
  assert.match(d.reason, /population/);
  assert.equal(parseDecision("FINAL").decision, "FINAL");
});

test("parseDecision throws coded errors", () => {
  const codeOf = (text) => {
    try {
      parseDecision(text);
    } catch (err) {
      assert.ok(err instanceof Error, "a real Error");
      return err.code;
    }
    return "no error";
  };
  assert.equal(codeOf(""), "EMPTY_DECISION");
  assert.equal(codeOf("MAYBE: not sure"), "UNKNOWN_DECISION");
  assert.equal(codeOf("FINAL or RETRY"), "AMBIGUOUS_DECISION");
});

test("bad input throws an Error with code and field", () => {
  const errOf = (fn) => {
    try {
      fn();
    } catch (err) {
      assert.ok(err instanceof Error, "a real Error");
      return { code: err.code, field: err.field };
    }
    return null;
  };
  assert.deepEqual(errOf(() => validator.check({ answer: "x", sources: [] })), { code: "MISSING_FIELD", field: "question" });
  assert.deepEqual(
    errOf(() => validator.check({ question: "q", answer: "a", sources: [{ id: "s", content: 42 }] })),
    { code: "INVALID_TYPE", field: "sources[0].content" },
  );
  assert.deepEqual(errOf(() => validator.check({ question: "", answer: "a", sources: [] })), { code: "TOO_SHORT", field: "question" });
  assert.deepEqual(errOf(() => new Validator({ config: { threshold: 7 } })), { code: "INVALID_VALUE", field: "config.threshold" });
  assert.deepEqual(errOf(() => new Validator({ config: { threshhold: 0.7 } })), { code: "UNKNOWN_FIELD", field: "config.threshhold" });
  assert.deepEqual(
    errOf(() => new Validator({ config: { citations: { indexBase: 5 } } })),
    { code: "INVALID_VALUE", field: "config.citations.indexBase" },
  );
});

test("the browser entry used before init() throws NOT_INITIALIZED, then works after initSync()", async () => {
  const { execFileSync } = await import("node:child_process");
  // A fresh process: this file's process has the module loaded already.
  const script = `
    import { readFileSync } from "node:fs";
    import { Validator, extractCitations, initSync } from ${JSON.stringify(new URL("../../js/index.js", import.meta.url).href)};
    const out = [];
    for (const call of [() => new Validator(), () => extractCitations("a [1]")]) {
      try { call(); out.push("no error"); } catch (e) { out.push([e.name, e.code, e.field, e.message]); }
    }
    initSync({ module: readFileSync(new URL("../../pkg/groundcheck_bg.wasm", ${JSON.stringify(import.meta.url)})) });
    out.push(extractCitations("a [1]").total);
    console.log(JSON.stringify(out));`;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  for (const [name, code, field, message] of out.slice(0, 2)) {
    assert.equal(name, "GroundcheckError");
    assert.equal(code, "NOT_INITIALIZED");
    assert.equal(field, null);
    assert.match(message, /call `await init\(\)`/);
    assert.match(message, /groundcheck\/node/);
  }
  assert.equal(out[2], 1);
});
