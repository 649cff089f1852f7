// The Worker (worker/src/index.js) in workerd, through Miniflare: /health, /validate and
// /mcp, the last driven by the official MCP SDK client over its Streamable HTTP transport
// against the Worker's real local URL. A second instance has a fake Workers AI binding.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { Miniflare } from "miniflare";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { Validator } from "../../js/node.mjs";
import { OUT_OF_RANGE, SOURCES, UNICODE, ofKind } from "./fixtures.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const workerOptions = {
  name: "groundcheck",
  modules: true,
  modulesRoot: root,
  scriptPath: fileURLToPath(new URL("../../worker/src/index.js", import.meta.url)),
  modulesRules: [
    { type: "ESModule", include: ["**/*.js", "**/*.mjs"] },
    { type: "CompiledWasm", include: ["**/*.wasm"] },
  ],
  compatibilityDate: "2025-01-01",
  bindings: { MAX_BODY_BYTES: "262144" },
};
/** Whether the module has the async validate() that runs the judges (model-callback work). */
const canJudge = typeof Validator.prototype.validate === "function";

let mf;
let url;

before(async () => {
  mf = new Miniflare(workerOptions);
  url = await mf.ready;
});

after(async () => {
  await mf?.dispose();
});

const post = (path, body, headers = { "content-type": "application/json" }) =>
  mf.dispatchFetch(`http://worker.test${path}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("/health and /validate", () => {
  test("GET /health", async () => {
    const res = await mf.dispatchFetch("http://worker.test/health");
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.ok, true);
    assert.match(body.version, /^\d+\.\d+\.\d+/);
    assert.equal(body.judges, false, "no AI binding: deterministic checks only");
  });

  test("POST /validate returns the report (deterministic without an AI binding)", async () => {
    const res = await post("/validate", OUT_OF_RANGE);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type"), /application\/json/);
    assert.equal(res.headers.get("x-groundcheck-mode"), "deterministic");
    const report = await res.json();
    const [w] = ofKind(report, "CITATION_OUT_OF_RANGE");
    assert.ok(w, JSON.stringify(report.warnings));
    assert.equal(OUT_OF_RANGE.answer.slice(w.span.start, w.span.end), "[4]");
    assert.equal(report.citations.outOfRange, 1);
    assert.equal(report.decision, "RETRY");
  });

  test("a per-request config is applied and checked", async () => {
    const ok = await post("/validate", { ...OUT_OF_RANGE, config: { citations: { requirePerClaim: false } } });
    assert.equal(ok.status, 200);
    const bad = await post("/validate", { ...OUT_OF_RANGE, config: { threshhold: 0.5 } });
    assert.equal(bad.status, 400);
    assert.deepEqual((await bad.json()).error.field, "config.threshhold");
  });

  test("UTF-16 spans survive the Worker", async () => {
    const report = await (await post("/validate", UNICODE)).json();
    assert.equal(report.citations.markers[0].start, UNICODE.answer.indexOf("[1]"));
  });

  test("bad input is a coded 4xx with the field at fault; the isolate keeps working", async () => {
    const res = await post("/validate", { question: "q", answer: "a", sources: [{ id: "s", content: 42 }] });
    assert.equal(res.status, 400);
    const { error } = await res.json();
    assert.deepEqual([error.code, error.field], ["INVALID_TYPE", "sources[0].content"]);
    assert.equal(typeof error.message, "string");

    const missing = await (await post("/validate", { answer: "a", sources: [] })).json();
    assert.deepEqual([missing.error.code, missing.error.field], ["MISSING_FIELD", "question"]);

    const notJson = await post("/validate", "{ not json");
    assert.equal(notJson.status, 400);
    assert.equal((await notJson.json()).error.code, "INVALID_JSON");

    const array = await post("/validate", []);
    assert.equal(array.status, 400);
    assert.equal((await array.json()).error.code, "INVALID_TYPE");

    const text = await post("/validate", JSON.stringify(OUT_OF_RANGE), { "content-type": "text/plain" });
    assert.equal(text.status, 415);
    assert.equal((await text.json()).error.code, "UNSUPPORTED_MEDIA_TYPE");

    assert.equal((await post("/validate", OUT_OF_RANGE)).status, 200);
  });

  test("a body over the size limit is 413", async () => {
    const big = { ...OUT_OF_RANGE, sources: [{ id: "big", content: "x".repeat(300_000) }] };
    const res = await post("/validate", big);
    assert.equal(res.status, 413);
    assert.equal((await res.json()).error.code, "TOO_LARGE");
    // Without a Content-Length (a streamed body) the limit holds too.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        c.close();
      },
    });
    const streamed = await fetch(new URL("/validate", url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    });
    assert.equal(streamed.status, 413);
    await streamed.body?.cancel();
  });

  test("the README's curl example gets the report it describes", async () => {
    const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
    const body = readme.match(/curl -s localhost:8787\/validate -H 'content-type: application\/json' \\\n\s+-d '([\s\S]*?)'/);
    assert.ok(body, "README has the curl example");
    const printed = readme.match(/jq -c '\[\.decision, \.warnings\[\]\.kind\]'\n# (.*)/);
    assert.ok(printed, "README states the output");
    const report = await (await post("/validate", JSON.parse(body[1]))).json();
    assert.equal(JSON.stringify([report.decision, ...report.warnings.map((w) => w.kind)]), printed[1]);
  });

  test("unknown routes and wrong methods", async () => {
    assert.equal((await mf.dispatchFetch("http://worker.test/nope")).status, 404);
    const get = await mf.dispatchFetch("http://worker.test/validate");
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST");
    assert.equal((await post("/health", {})).status, 405);
  });
});

describe("/mcp with the official MCP SDK client (Streamable HTTP)", () => {
  let client;
  let transport;

  before(async () => {
    client = new Client({ name: "groundcheck-test", version: "1.0.0" });
    transport = new StreamableHTTPClientTransport(new URL("/mcp", url));
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
  });

  test("initialize negotiates the protocol and names the server", () => {
    assert.deepEqual(client.getServerVersion()?.name, "groundcheck");
    assert.ok(client.getServerCapabilities()?.tools, "tools capability");
    assert.equal(transport.protocolVersion, LATEST_PROTOCOL_VERSION);
    assert.match(client.getInstructions() ?? "", /validate_answer/);
  });

  test("tools/list gives the three tools with JSON Schemas for their inputs", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ["check_citations", "validate_answer", "verify_snippet"]);
    const validate = tools.find((t) => t.name === "validate_answer");
    assert.equal(validate.inputSchema.type, "object");
    assert.deepEqual(validate.inputSchema.required, ["question", "answer", "sources"]);
    assert.deepEqual(validate.inputSchema.properties.sources.items.required, ["id", "content"]);
    for (const t of tools) assert.equal(typeof t.description, "string");
  });

  test("tools/call validate_answer returns the report as text and structuredContent", async () => {
    const result = await client.callTool({ name: "validate_answer", arguments: OUT_OF_RANGE });
    assert.equal(result.isError, false);
    const report = result.structuredContent;
    assert.equal(report.decision, "RETRY");
    assert.equal(ofKind(report, "CITATION_OUT_OF_RANGE").length, 1);
    assert.deepEqual(JSON.parse(result.content[0].text), report);
    assert.equal(result.content[0].type, "text");
  });

  test("tools/call check_citations and verify_snippet", async () => {
    const cites = await client.callTool({ name: "check_citations", arguments: { answer: OUT_OF_RANGE.answer, sources: SOURCES } });
    assert.deepEqual(
      cites.structuredContent.citations.map((c) => [c.raw, c.valid]),
      [
        ["[1]", true],
        ["[4]", false],
      ],
    );
    const snip = await client.callTool({
      name: "verify_snippet",
      arguments: { snippet: "the tower is 330 metres tal", content: "The Eiffel Tower is 330 metres tall." },
    });
    assert.equal(snip.structuredContent.verified, true);
    assert.equal(snip.structuredContent.method, "fuzzy");
  });

  test("bad tool arguments are tool errors (isError) with the field; unknown tools are JSON-RPC errors", async () => {
    const missing = await client.callTool({ name: "validate_answer", arguments: { answer: "x", sources: [] } });
    assert.equal(missing.isError, true);
    assert.deepEqual([missing.structuredContent.error.code, missing.structuredContent.error.field], ["MISSING_FIELD", "question"]);
    const badType = await client.callTool({
      name: "validate_answer",
      arguments: { question: "q", answer: "a", sources: [{ id: "s", content: 42 }] },
    });
    assert.equal(badType.isError, true);
    assert.equal(badType.structuredContent.error.field, "sources[0].content");
    assert.match(badType.content[0].text, /INVALID_TYPE/);
    await assert.rejects(client.callTool({ name: "no_such_tool", arguments: {} }), (err) => err.code === -32602);
  });
});

describe("/mcp at the HTTP level", () => {
  const rpc = (body, headers = {}) =>
    post("/mcp", body, { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers });

  test("initialize offers the newest version for one it does not speak, echoes one it does", async () => {
    const init = (v) => ({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "t", version: "0" } } });
    assert.equal((await (await rpc(init("2024-11-05"))).json()).result.protocolVersion, "2024-11-05");
    assert.equal((await (await rpc(init("1999-01-01"))).json()).result.protocolVersion, LATEST_PROTOCOL_VERSION);
  });

  test("notifications get 202, GET is 405, parse errors and unknown methods are JSON-RPC errors", async () => {
    const note = await rpc({ jsonrpc: "2.0", method: "notifications/initialized" });
    assert.equal(note.status, 202);
    assert.equal(await note.text(), "");
    const get = await mf.dispatchFetch("http://worker.test/mcp", { headers: { accept: "text/event-stream" } });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST");
    const parse = await rpc("{oops");
    assert.equal(parse.status, 400);
    assert.equal((await parse.json()).error.code, -32700);
    const unknown = await (await rpc({ jsonrpc: "2.0", id: 7, method: "resources/list" })).json();
    assert.deepEqual([unknown.id, unknown.error.code], [7, -32601]);
    const badVersion = await rpc({ jsonrpc: "2.0", id: 8, method: "ping" }, { "mcp-protocol-version": "1999-01-01" });
    assert.equal(badVersion.status, 400);
  });

  test("a batch gets one answer per request", async () => {
    const res = await rpc([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    ]);
    const answers = await res.json();
    assert.deepEqual(answers.map((a) => a.id), [1, 2]);
  });
});

describe("with a Workers AI binding (a fake one)", () => {
  let mfAI;
  const calls = [];

  before(async () => {
    mfAI = new Miniflare({
      workers: [
        { ...workerOptions, wrappedBindings: { AI: { scriptName: "fake-ai" } } },
        {
          name: "fake-ai",
          modules: true,
          // The binding's `run(model, inputs)`: logs the call to Node, answers like Workers AI.
          script: `export default function (env) {
            return {
              async run(model, inputs) {
                await env.LOG.fetch("http://log/", { method: "POST", body: JSON.stringify({ model, inputs }) });
                if (Array.isArray(inputs.text)) return { shape: [inputs.text.length, 3], data: inputs.text.map(() => [1, 0, 0]) };
                return { response: "FINAL: the answer is supported by the sources" };
              },
            };
          }`,
          serviceBindings: {
            async LOG(request) {
              calls.push(await request.json());
              return new Response("ok");
            },
          },
        },
      ],
    });
    await mfAI.ready;
  });

  after(async () => {
    await mfAI?.dispose();
  });

  test(canJudge ? "the judges run through the binding" : "without validate() in the module, the binding is left alone (deterministic)", async () => {
    const health = await (await mfAI.dispatchFetch("http://worker.test/health")).json();
    assert.equal(health.judges, canJudge);
    const res = await mfAI.dispatchFetch("http://worker.test/validate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(OUT_OF_RANGE),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("x-groundcheck-mode"), canJudge ? "judges" : "deterministic");
    const report = await res.json();
    assert.equal(ofKind(report, "CITATION_OUT_OF_RANGE").length, 1, "the deterministic findings are kept");
    if (canJudge) assert.ok(calls.length > 0, "the fake AI binding was called");
    else assert.equal(calls.length, 0);
  });
});
