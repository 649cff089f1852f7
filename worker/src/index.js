// groundcheck as a Cloudflare Worker (ES module syntax).
//   POST /validate  {question, answer, sources[, checksums, critic, config]} -> the report
//   POST /mcp       the Model Context Protocol (Streamable HTTP, stateless JSON responses):
//                   tools validate_answer, check_citations, verify_snippet
//   GET  /health    {ok, version, judges}
// Bad input -> 4xx {error: {code, field, message}}; a body over MAX_BODY_BYTES -> 413.
// With a Workers AI binding (`AI`) and a module that has `validate()`, the judges run too
// (the X-Groundcheck-Mode response header says "judges"); otherwise the deterministic
// checks ("deterministic").
// The guarded exports (js/index.js): a trap becomes INTERNAL_ERROR and the module is
// re-instantiated, so one bad request cannot poison the isolate.
import { __selfTestTrap, initSync, version } from "../../js/index.js";
// workerd compiles a .wasm import to a WebAssembly.Module; the web build takes it as is.
import wasmModule from "../../pkg/groundcheck_bg.wasm";
import { isCoded, isRecord, splitRequest } from "../../js/request.mjs";
import { BodyError, errorResponse, json, readJson } from "./http.js";
import { handleMcp } from "./mcp.js";
import { canJudge, runValidation } from "./validation.js";

// The loop module (validate(), for the judges) is imported on its first use only.
initSync({ module: wasmModule, loop: () => import("../../pkg/groundcheck_loop_bg.wasm") });

/** Default request body limit (1 MiB); override with the MAX_BODY_BYTES var. */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

function bodyLimit(env) {
  const n = Number(env?.MAX_BODY_BYTES);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_MAX_BODY_BYTES;
}

async function validate(request, env) {
  let input;
  try {
    input = await readJson(request, bodyLimit(env));
  } catch (err) {
    if (err instanceof BodyError) return errorResponse(err.status, err.code, null, err.message);
    throw err;
  }
  if (!isRecord(input)) {
    return errorResponse(400, "INVALID_TYPE", "", "the body must be a JSON object {question, answer, sources}");
  }
  const { input: rest, config } = splitRequest(input);
  try {
    const { report, mode } = await runValidation(env, rest, config);
    return json(report, 200, { "x-groundcheck-mode": mode });
  } catch (err) {
    return failure(err);
  }
}

/** A coded error as its response: 500 for the module's own failure, 400 for bad input. */
function failure(err) {
  if (isCoded(err)) {
    const status = err.code === "INTERNAL_ERROR" ? 500 : 400;
    return errorResponse(status, err.code, err.field, err.message);
  }
  // Not one of ours: say so without leaking a stack trace.
  return errorResponse(500, "INTERNAL_ERROR", null, "the request failed inside the Worker");
}

const methodNotAllowed = (allow) =>
  errorResponse(405, "METHOD_NOT_ALLOWED", null, `use ${allow}`, { allow });

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === "/health") {
      if (request.method !== "GET") return methodNotAllowed("GET");
      try {
        return json({ ok: true, version: version(), judges: canJudge && Boolean(env?.AI) });
      } catch (err) {
        return failure(err);
      }
    }
    if (pathname === "/validate") {
      return request.method === "POST" ? validate(request, env) : methodNotAllowed("POST");
    }
    if (pathname === "/mcp") return handleMcp(request, env, bodyLimit(env));
    // Only where the deployment opts in (the tests do): makes the module trap, to prove
    // that the next request is served by a fresh instance.
    if (pathname === "/__self-test/trap" && env?.GROUNDCHECK_SELF_TEST === "1" && request.method === "POST") {
      try {
        __selfTestTrap();
        return errorResponse(500, "INTERNAL_ERROR", null, "the self-test trap did not trap");
      } catch (err) {
        return failure(err);
      }
    }
    return errorResponse(404, "NOT_FOUND", null, `no route ${pathname}`);
  },
};
