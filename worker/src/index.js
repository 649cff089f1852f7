// groundcheck as a Cloudflare Worker.
//   POST /validate  {question, answer, sources[, config]} -> the report (validator.check)
//   GET  /health    -> {ok: true}
// Bad input -> 400 {error: {code, field, message}}.
import { initSync, Validator } from "../../pkg/groundcheck.js";
// workerd compiles a .wasm import to a WebAssembly.Module; the web build takes it as is.
import wasmModule from "../../pkg/groundcheck_bg.wasm";

initSync({ module: wasmModule });

/** One validator per isolate: construction parses the config once. */
let validator;
function getValidator() {
  validator ??= new Validator({});
  return validator;
}

function json(body, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

function errorResponse(status, code, field, message) {
  return json({ error: { code, field: field ?? null, message } }, status);
}

async function validate(request) {
  let input;
  try {
    input = await request.json();
  } catch (err) {
    return errorResponse(400, "INVALID_JSON", null, `request body is not JSON: ${err.message}`);
  }
  try {
    const { config, ...rest } = input ?? {};
    const v = config === undefined ? getValidator() : new Validator({ config });
    return json(v.check(rest));
  } catch (err) {
    if (err && typeof err.code === "string") {
      return errorResponse(400, err.code, err.field, err.message);
    }
    return errorResponse(500, "INTERNAL", null, String(err?.message ?? err));
  }
}

export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === "/health") {
      return request.method === "GET" ? json({ ok: true }) : errorResponse(405, "METHOD_NOT_ALLOWED", null, "use GET");
    }
    if (pathname === "/validate") {
      return request.method === "POST" ? validate(request) : errorResponse(405, "METHOD_NOT_ALLOWED", null, "use POST");
    }
    return errorResponse(404, "NOT_FOUND", null, `no route ${pathname}`);
  },
};
