// StreamingValidator over the built package: random chunkings of real answers give the
// same final report as check() on the whole answer, and the events agree with it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { StreamingValidator, Validator } from "../../js/node.mjs";

const sources = [
  { id: "paris", title: "Paris Handbook", content: "Paris is the capital and largest city of France. The city of Paris has about 2.1 million residents. Dr. Smith studied the Seine in 2020." },
  { id: "retriever", path: "src/retriever.rs", startLine: 10, endLine: 13, content: "fn rank(chunks: &[Chunk], top_k: usize) -> Vec<Chunk> {\n    let scored = score_all(chunks);\n    scored.into_iter().take(top_k).collect()\n}" },
  { id: "tokyo", checksum: "v1", content: "東京は日本の首都です。Tokyo has about 14 million residents." },
];
const question = "How does the retriever rank chunks, and what is Paris like?";
const checksums = { tokyo: "v2" };

const ANSWERS = [
  "Paris is the capital and largest city of France [1]. It has about 2.1 million residents [1]. Dr. Smith studied the Seine in 2020. [1]\n\nThe city of Lyon has 9 million residents [9].",
  "Café 🎉 naïve [1]. 東京は日本の首都です【3】。Tokyo has about 19 million residents [3].\n\n- Pi is about 3.14 in most texts.\n- See src/retriever.rs:10-12 for the code [2].\n```rust\nlet scored = score_all(chunks);\n```\nIt keeps the `top_k` best chunks [2].",
  "The handbook says “Paris is big. It is old.” [1] It says \"the capital of Germany and Spain\" [1].\n> Paris is the capital and largest city of France.\n\n## Ranking\n\n| name | value |\n|---|---|\n| topK | 5 |\nSee [the docs](https://example.invalid/docs) and [source:nowhere].",
];

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits at random code-point boundaries into pieces of 1 to 12 code points. */
function randomChunks(text, random) {
  const chars = Array.from(text);
  const out = [];
  for (let i = 0; i < chars.length; ) {
    const n = 1 + Math.floor(random() * 12);
    out.push(chars.slice(i, i + n).join(""));
    i += n;
  }
  return out;
}

test("random chunkings: finish() deep-equals check(), events agree with it", () => {
  const validator = new Validator({});
  for (const [n, answer] of ANSWERS.entries()) {
    const expected = validator.check({ question, answer, sources, checksums });
    const random = rng(n + 1);
    for (let round = 0; round < 25; round += 1) {
      const stream = new StreamingValidator({ question, sources, checksums });
      const events = [];
      for (const delta of randomChunks(answer, random)) events.push(...stream.push(delta));
      assert.equal(stream.text, answer);
      const report = stream.finish();
      assert.deepEqual(report, expected);
      let lastEnd = 0;
      for (const [i, e] of events.entries()) {
        assert.equal(e.segment.index, i);
        assert.ok(e.segment.span.start >= lastEnd, "segments do not overlap");
        lastEnd = e.segment.span.end;
        assert.equal(answer.slice(e.segment.span.start, e.segment.span.end), e.segment.text);
        const inside = (s) => s && s.start >= e.segment.span.start && s.end <= e.segment.span.end;
        assert.deepEqual(e.warnings, report.warnings.filter((w) => inside(w.span)));
        assert.deepEqual(e.claims, report.claims.filter((c) => inside(c.span)));
      }
      assert.ok(events.length >= 3, `only ${events.length} events for answer ${n}`);
      stream.free();
    }
  }
});

test("a number split across pushes is not emitted early", () => {
  const stream = new StreamingValidator({ question, sources });
  assert.deepEqual(stream.push("Pi is about 3."), []);
  assert.deepEqual(stream.push("14 in most texts. "), []);
  const [event, ...more] = stream.push("Next");
  assert.equal(more.length, 0);
  assert.equal(event.segment.text, "Pi is about 3.14 in most texts.");
  assert.deepEqual(event.segment.span, { start: 0, end: 31 });
  assert.equal(event.segment.kind, "sentence");
  assert.ok(event.warnings.some((w) => w.kind === "MISSING_CITATION"));
});

test("bad options and oversized answers throw coded errors", () => {
  assert.throws(() => new StreamingValidator({ question, sources, answer: "x" }), { code: "UNKNOWN_FIELD", field: "answer" });
  assert.throws(() => new StreamingValidator({ sources }), { code: "MISSING_FIELD", field: "question" });
  const stream = new StreamingValidator({ question, sources, config: { limits: { maxAnswerLength: 5 } } });
  stream.push("🎉🎉");
  assert.throws(() => stream.push("🎉"), { name: "GroundcheckError", code: "TOO_LONG", field: "answer" });
  assert.equal(stream.text, "🎉🎉");
});
