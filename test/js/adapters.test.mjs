// The JS adapters against a local server speaking the OpenAI wire format, driving the
// built package's validate() and answer().
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Validator } from "../../js/node.mjs";
import { openAICompatible, workersAI } from "../../js/adapters.mjs";

const DOCS = [
  { id: "capital", content: "Paris is the capital and largest city of France." },
  { id: "population", content: "The city of Paris has about 2.1 million residents." },
];
const GOOD = "Paris is the capital of France [1]. The city has about 2.1 million residents [2].";
const PARTIAL =
  "Paris is the capital of France [1]. The city has about 9 million residents [2]. The population of the capital is large [2].";

const seen = { auth: [], paths: [], bodies: [] };
let failWith = 0;
let server;
let baseURL;

/** Chat answers chosen by what the prompt asks. */
function reply(prompt) {
  if (prompt.includes("You are the critic")) return "FINAL: grounded in the sources";
  if (prompt.includes("Does the evidence state the claim?")) return 'Here: ```json\n{"supported": true}\n```';
  if (prompt.includes("Answer the question using only the numbered sources")) return GOOD;
  return '{"relevant": true}';
}

before(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      seen.auth.push(req.headers.authorization ?? null);
      seen.paths.push(req.url);
      const body = JSON.parse(raw || "{}");
      seen.bodies.push(body);
      if (failWith) {
        res.writeHead(failWith, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "model crashed" } }));
        return;
      }
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/v1/chat/completions") {
        const prompt = body.messages?.at(-1)?.content ?? "";
        res.end(JSON.stringify({ id: "c1", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: reply(prompt) }, finish_reason: "stop" }] }));
      } else if (req.method === "POST" && req.url === "/v1/embeddings") {
        // Every text points the same way (similarity 1); rows come back in reverse order.
        const data = body.input.map((_, index) => ({ object: "embedding", index, embedding: [0.6, 0.8] })).reverse();
        res.end(JSON.stringify({ object: "list", data, model: body.model }));
      } else {
        res.writeHead(404);
        res.end("{}");
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${server.address().port}/v1`;
});

after(() => new Promise((resolve) => server.close(resolve)));

const adapter = () => openAICompatible({ baseURL, apiKey: "test-key", model: "tiny-chat", embeddingModel: "tiny-embed" });

test("openAICompatible: validate() escalates uncertain claims over HTTP with the API key", async () => {
  failWith = 0;
  seen.auth.length = 0;
  seen.paths.length = 0;
  const validator = new Validator({ ...adapter(), config: { judges: { similarity: 0.99 } } });
  const report = await validator.validate({ question: "Tell me about Paris", answer: PARTIAL, sources: DOCS });
  assert.equal(report.complete, true, JSON.stringify(report.warnings));
  assert.ok(seen.paths.includes("/v1/embeddings"));
  assert.ok(seen.auth.every((a) => a === "Bearer test-key"));
  const body = seen.bodies.find((b) => b.model === "tiny-embed");
  assert.ok(Array.isArray(body.input) && body.input.length >= 3);
  const partial = report.claims.find((c) => c.text.includes("population of"));
  assert.equal(partial.status, "supported");
  // The wrong number (the source says 2.1 million) is contradicted, and similarity never
  // overrules a number.
  assert.equal(report.claims.find((c) => c.text.includes("9 million")).status, "contradicted");
  assert.equal(report.judges.claimsEmbedded, 1);
});

test("openAICompatible: answer() runs the loop with llm as the generator", async () => {
  failWith = 0;
  seen.bodies.length = 0;
  const retrieve = async (query, { k }) => DOCS.slice(0, k);
  const validator = new Validator({ ...adapter(), retrieve });
  const result = await validator.answer({ question: "Tell me about Paris" });
  assert.equal(result.decision, "FINAL");
  assert.equal(result.answer, GOOD);
  assert.equal(result.trace.length, 1);
  const generation = seen.bodies.find((b) => b.messages?.[0]?.content.includes("numbered sources"));
  assert.match(generation.messages[0].content, /\[1\] Paris is the capital/);
  assert.equal(generation.model, "tiny-chat");
  assert.equal(typeof generation.max_tokens, "number");
  // Served from the cache the second time, without a model call.
  const before = seen.bodies.length;
  const again = await validator.answer({ question: "tell me about paris" });
  assert.equal(again.cached, true);
  assert.equal(seen.bodies.length, before);
  assert.equal(validator.cache.stats().hits, 1);
});

test("openAICompatible: HTTP 500 becomes JUDGE_FAILED with the deterministic findings kept", async () => {
  failWith = 500;
  try {
    const validator = new Validator({ ...adapter(), config: { judges: { relevance: true } } });
    const input = { question: "Tell me about Paris", answer: PARTIAL, sources: DOCS };
    const report = await validator.validate(input);
    const plain = validator.check(input);
    assert.equal(report.complete, false);
    const failed = report.warnings.filter((w) => w.kind === "JUDGE_FAILED");
    assert.ok(failed.length >= 2, JSON.stringify(failed));
    assert.ok(failed.every((w) => /HTTP 500/.test(w.message)), JSON.stringify(failed));
    assert.deepEqual(
      report.warnings.filter((w) => w.kind !== "JUDGE_FAILED").map((w) => w.kind),
      plain.warnings.map((w) => w.kind),
    );
    assert.equal(report.confidence, plain.confidence);
  } finally {
    failWith = 0;
  }
});

test("openAICompatible: bad options throw", () => {
  assert.throws(() => openAICompatible({ model: "m" }), /baseURL/);
  assert.throws(() => openAICompatible({ baseURL }), /model/);
  const only = openAICompatible({ baseURL, model: "m" });
  assert.equal(typeof only.llm, "function");
  assert.equal(only.embed, undefined);
});

test("workersAI: llm and embed over an AI binding", async () => {
  const calls = [];
  const ai = {
    async run(model, input) {
      calls.push(model);
      if (input.text) return { shape: [input.text.length, 2], data: input.text.map(() => [1, 0]) };
      return { response: '{"supported": true}' };
    },
  };
  const validator = new Validator({ ...workersAI(ai) });
  const report = await validator.validate({ question: "Tell me about Paris", answer: PARTIAL, sources: DOCS });
  assert.equal(report.complete, true);
  assert.ok(calls.includes("@cf/baai/bge-base-en-v1.5"));
  assert.throws(() => workersAI(undefined), /AI binding/);
});

test("js/adapters.d.ts type-checks", () => {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const tsc = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
  const args = ["--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--lib", "es2022,esnext.disposable,dom", "js/adapters.d.ts"];
  const r = spawnSync(process.execPath, [tsc, ...args], { cwd: root, encoding: "utf8" });
  assert.equal(r.status, 0, `tsc failed:\n${r.stdout}${r.stderr}`);
});
