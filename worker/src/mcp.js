// The Model Context Protocol over Streamable HTTP, server side, stateless: every POST
// carries one JSON-RPC 2.0 message (or a batch) and gets its answer as application/json.
// No sessions and no server-initiated stream, so GET (and DELETE) are 405.
//
// Methods: initialize (protocol version negotiation), ping, tools/list, tools/call;
// notifications (e.g. notifications/initialized) are accepted with 202.
// Tools: validate_answer, check_citations, verify_snippet.
import { extractCitations, verifySnippet, version } from "../../js/index.js";
import { formatError, isCoded, isRecord, splitRequest } from "../../js/request.mjs";
import { BodyError, json, readJson } from "./http.js";
import { TOOL_SCHEMAS } from "./schemas.js";
import { runValidation } from "./validation.js";

/** Newest first; the first is offered when the client asks for one we do not speak. */
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/** The tools, with JSON Schemas (draft 2020-12) for their inputs, generated from the Rust types (./schemas.js). */
export const TOOLS = [
  {
    name: "validate_answer",
    title: "Validate a RAG answer",
    description:
      "Checks an answer against the sources retrieved for it: citations that point nowhere, factual sentences without a citation, " +
      "phantom sources, quotes not in the sources, unsupported or contradicted claims. Returns the report: confidence in [0, 1], " +
      "level, decision (FINAL / RETRY / CLARIFY / ESCALATE), warnings with UTF-16 spans, and a correction prompt for a retry.",
    inputSchema: TOOL_SCHEMAS.validate_answer,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: "check_citations",
    title: "Find citation markers",
    description:
      "Finds the citation markers in an answer ([1], [1-3], [source:2], [^1], 【1】, (Source 2), …) with their UTF-16 spans, " +
      "and, given the sources, which source each resolves to and whether it is valid.",
    inputSchema: TOOL_SCHEMAS.check_citations,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: "verify_snippet",
    title: "Verify a quote",
    description:
      "Checks that a quoted snippet appears in a text: exact, then normalised, then fuzzy alignment with a score and the matched span. " +
      "Numbers, names, identifiers and negations must match exactly.",
    inputSchema: TOOL_SCHEMAS.verify_snippet,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
];

/** Most messages in one JSON-RPC batch (each may run a whole validation). */
export const MAX_BATCH = 32;

const ERR = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internal: -32603 };

class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.rpcCode = code;
    this.data = data;
  }
}

/** A tool's own failure (bad arguments, a coded validation error): an `isError` result. */
class ToolError extends Error {
  constructor(message, details) {
    super(message);
    this.details = details;
  }
}

/** Checks arguments against a tool's schema: object, required keys, no unknown keys, top-level types. */
function checkArguments(tool, args) {
  if (!isRecord(args)) throw new ToolError(`${tool.name}: arguments must be an object`, { code: "INVALID_TYPE", field: "arguments" });
  const { properties, required } = tool.inputSchema;
  for (const key of required) {
    if (!(key in args)) throw new ToolError(`${tool.name}: missing argument "${key}"`, { code: "MISSING_FIELD", field: key });
  }
  for (const [key, value] of Object.entries(args)) {
    const schema = properties[key];
    if (!schema) throw new ToolError(`${tool.name}: unknown argument "${key}"`, { code: "UNKNOWN_FIELD", field: key });
    const want = [].concat(schema.type);
    const have = Array.isArray(value) ? "array" : value === null ? "null" : Number.isInteger(value) ? "integer" : typeof value;
    if (!want.includes(have) && !(have === "integer" && want.includes("number"))) {
      throw new ToolError(`${tool.name}: "${key}" must be ${want.join(" or ")}, got ${have}`, { code: "INVALID_TYPE", field: key });
    }
  }
}

/** Runs a tool; resolves to its structured result (an object). */
async function runTool(name, args, env) {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) throw new RpcError(ERR.invalidParams, `unknown tool: ${name}`);
  checkArguments(tool, args);
  try {
    if (name === "validate_answer") {
      const { input, config } = splitRequest(args);
      return (await runValidation(env, input, config)).report;
    }
    if (name === "check_citations") {
      const { answer, ...options } = args;
      return extractCitations(answer, options);
    }
    const { snippet, content, ...options } = args;
    return verifySnippet(snippet, content, options);
  } catch (err) {
    if (isCoded(err)) {
      throw new ToolError(formatError(err, "short"), { code: err.code, field: err.field ?? null });
    }
    throw err;
  }
}

async function callTool(params, env) {
  if (!isRecord(params) || typeof params.name !== "string") throw new RpcError(ERR.invalidParams, "tools/call needs params.name");
  try {
    const result = await runTool(params.name, params.arguments ?? {}, env);
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result, isError: false };
  } catch (err) {
    if (!(err instanceof ToolError)) throw err;
    const error = { message: err.message, ...err.details };
    return { content: [{ type: "text", text: err.message }], structuredContent: { error }, isError: true };
  }
}

function initialize(params) {
  const asked = isRecord(params) ? params.protocolVersion : undefined;
  return {
    protocolVersion: PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0],
    capabilities: { tools: { listChanged: false } },
    serverInfo: { name: "groundcheck", title: "groundcheck", version: version() },
    instructions:
      "Validate a RAG answer against its retrieved sources before showing it: call validate_answer with " +
      "{question, answer, sources}; act on report.decision (FINAL / RETRY / CLARIFY / ESCALATE) and pass " +
      "report.correctionPrompt to the generator on RETRY.",
  };
}

/** Answers one JSON-RPC message; null for notifications and responses (nothing to send). */
async function handleMessage(msg, env) {
  if (!isRecord(msg) || msg.jsonrpc !== "2.0") {
    return { jsonrpc: "2.0", id: isRecord(msg) && "id" in msg ? msg.id : null, error: { code: ERR.invalidRequest, message: "not a JSON-RPC 2.0 message" } };
  }
  const isRequest = typeof msg.method === "string" && "id" in msg && msg.id !== null;
  if (!isRequest) {
    if (typeof msg.method === "string" || "result" in msg || "error" in msg) return null; // notification or response
    return { jsonrpc: "2.0", id: msg.id ?? null, error: { code: ERR.invalidRequest, message: "no method" } };
  }
  try {
    let result;
    switch (msg.method) {
      case "initialize":
        result = initialize(msg.params);
        break;
      case "ping":
        result = {};
        break;
      case "tools/list":
        result = { tools: TOOLS };
        break;
      case "tools/call":
        result = await callTool(msg.params, env);
        break;
      default:
        throw new RpcError(ERR.methodNotFound, `method not found: ${msg.method}`);
    }
    return { jsonrpc: "2.0", id: msg.id, result };
  } catch (err) {
    const code = err instanceof RpcError ? err.rpcCode : ERR.internal;
    const error = { code, message: err instanceof RpcError || isCoded(err) ? String(err.message) : "internal error" };
    if (err instanceof RpcError && err.data !== undefined) error.data = err.data;
    return { jsonrpc: "2.0", id: msg.id, error };
  }
}

const rpcError = (status, code, message) => json({ jsonrpc: "2.0", id: null, error: { code, message } }, status);

/** Handles a request to /mcp. */
export async function handleMcp(request, env, limit) {
  if (request.method !== "POST") {
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: ERR.invalidRequest, message: "this server is stateless: POST only (no SSE stream, no sessions)" } }), {
      status: 405,
      headers: { allow: "POST", "content-type": "application/json; charset=utf-8" },
    });
  }
  const asked = request.headers.get("mcp-protocol-version");
  if (asked && !PROTOCOL_VERSIONS.includes(asked)) {
    return rpcError(400, ERR.invalidRequest, `unsupported MCP-Protocol-Version ${asked}; supported: ${PROTOCOL_VERSIONS.join(", ")}`);
  }
  let body;
  try {
    body = await readJson(request, limit);
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    return rpcError(err.status, err.code === "INVALID_JSON" ? ERR.parse : ERR.invalidRequest, err.message);
  }
  if (Array.isArray(body)) {
    if (body.length === 0) return rpcError(400, ERR.invalidRequest, "empty batch");
    if (body.length > MAX_BATCH) {
      return rpcError(400, ERR.invalidRequest, `a batch holds ${body.length} messages; at most ${MAX_BATCH} are accepted`);
    }
    const answers = (await Promise.all(body.map((m) => handleMessage(m, env)))).filter((a) => a !== null);
    return answers.length ? json(answers) : new Response(null, { status: 202 });
  }
  const answer = await handleMessage(body, env);
  return answer === null ? new Response(null, { status: 202 }) : json(answer);
}
