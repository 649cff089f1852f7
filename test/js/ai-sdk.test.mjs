// groundcheck/ai-sdk against the real `ai` package (6.x, the last line for Node 20) and its
// MockLanguageModelV3: no network. The middleware's report must be the report check()
// gives for the same answer, and per-sentence events must arrive while the text streams.
import assert from "node:assert/strict";
import { test } from "node:test";
import { generateText, simulateReadableStream, streamText, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { Validator } from "../../js/node.mjs";
import { groundcheckMiddleware, groundcheckOnFinish, reportOf } from "../../js/ai-sdk.node.mjs";

const sources = [
  { id: "wiki", title: "Eiffel Tower", content: "The tower was constructed from 1887 to 1889 for the World's Fair." },
  { id: "facts", title: "Key figures", content: "The Eiffel Tower is 330 metres tall." },
];
const question = "When was the Eiffel Tower built?";
const answer = "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2]. It was designed by Gustave Eiffel himself [3].";
const expected = new Validator({}).check({ question, answer, sources });
const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};

/** A mock model streaming `text` in chunks of `size` characters; records when each chunk went out. */
function streamingModel(text, size, log) {
  const deltas = [];
  for (let i = 0; i < text.length; i += size) deltas.push(text.slice(i, i + size));
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: "stream-start", warnings: [] },
          { type: "text-start", id: "t1" },
          ...deltas.map((delta) => ({ type: "text-delta", id: "t1", delta })),
          { type: "text-end", id: "t1" },
          { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
        ],
        chunkDelayInMs: 0,
      }).pipeThrough(
        new TransformStream({
          transform(part, c) {
            if (part.type === "text-delta") log.push(["delta", part.delta]);
            c.enqueue(part);
          },
        }),
      ),
    }),
  });
}

test("streamText through the middleware: sentence verdicts while streaming, the report on the result and in onFinish", async () => {
  const log = [];
  const reports = [];
  const model = wrapLanguageModel({
    model: streamingModel(answer, 7, log),
    middleware: groundcheckMiddleware({
      sources,
      onSegment: (event) => log.push(["segment", event.segment.text, event.warnings.map((w) => w.kind)]),
      onReport: (report) => reports.push(report),
    }),
  });
  let finished = null;
  const result = streamText({ model, prompt: question, onFinish: (event) => (finished = event) });
  let text = "";
  for await (const delta of result.textStream) text += delta;
  assert.equal(text, answer, "the text passes through untouched");
  const report = reportOf(await result.providerMetadata);
  assert.deepEqual(report, expected, "the same report as check() on the whole answer, the question taken from the prompt");
  assert.equal(report.decision, "RETRY");
  assert.deepEqual(reportOf(finished), expected, "onFinish sees it too");
  assert.equal(reports.length, 1);
  // The first sentence was judged before the last delta arrived.
  const firstSegment = log.findIndex((e) => e[0] === "segment");
  const lastDelta = log.findLastIndex((e) => e[0] === "delta");
  assert.ok(firstSegment >= 0 && firstSegment < lastDelta, JSON.stringify(log));
  assert.deepEqual(log[firstSegment].slice(1), ["The Eiffel Tower was built from 1887 to 1889 [1].", []]);
  // The last sentence completes only when the stream ends: its verdicts are in the report.
  const segments = log.filter((e) => e[0] === "segment");
  assert.deepEqual(segments.map((e) => e[1]), ["The Eiffel Tower was built from 1887 to 1889 [1].", "It is 330 metres tall [2]."]);
  assert.deepEqual(report.warnings.map((w) => w.kind).sort(), ["CITATION_OUT_OF_RANGE", "UNSUPPORTED_CLAIM"]);
});

test("generateText through the middleware; per-call sources in providerOptions.groundcheck", async () => {
  const model = wrapLanguageModel({
    model: new MockLanguageModelV3({
      doGenerate: async () => ({ content: [{ type: "text", text: answer }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }),
    }),
    middleware: groundcheckMiddleware({ sources: () => [], question: () => question }),
  });
  const result = await generateText({ model, prompt: "ignored", providerOptions: { groundcheck: { sources } } });
  assert.equal(result.text, answer);
  assert.deepEqual(reportOf(result), expected);
  assert.deepEqual(reportOf(result.providerMetadata), expected);
});

test("without sources the call fails with a coded error that says what to pass", async () => {
  const model = wrapLanguageModel({
    model: new MockLanguageModelV3({ doGenerate: async () => ({ content: [], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }) }),
    middleware: groundcheckMiddleware({}),
  });
  await assert.rejects(generateText({ model, prompt: "x", maxRetries: 0 }), (e) => e.code === "MISSING_FIELD" && e.field === "sources" && /providerOptions\.groundcheck\.sources/.test(e.message));
});

test("groundcheckOnFinish checks a plain streamText's text (no middleware)", async () => {
  const good = "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2].";
  let got = null;
  const result = streamText({
    model: streamingModel(good, 5, []),
    prompt: question,
    onFinish: groundcheckOnFinish({ sources, question, onReport: (report, event) => (got = { report, text: event.text }) }),
  });
  await result.consumeStream();
  await result.text;
  // onFinish runs after the stream is consumed; let its promise settle.
  for (let i = 0; i < 20 && !got; i++) await new Promise((r) => setTimeout(r, 5));
  assert.equal(got.text, good);
  assert.deepEqual(got.report, new Validator({}).check({ question, answer: good, sources }));
  assert.equal(got.report.decision, "FINAL");
  assert.throws(() => groundcheckOnFinish({ sources }), (e) => e.code === "INVALID_CALLBACK");
});
