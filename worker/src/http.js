// Small HTTP helpers for the Worker: JSON responses, coded errors, a size-limited JSON body.
import { parseJson } from "../../js/request.mjs";

/** A JSON response. */
export function json(body, status = 200, headers = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** `{ error: { code, field, message } }` with an HTTP status. */
export function errorResponse(status, code, field, message, headers = {}) {
  return json({ error: { code, field: field ?? null, message } }, status, headers);
}

/** A failure reading a request body, mapped to an HTTP status by the caller. */
export class BodyError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Reads the body as JSON, refusing more than `limit` bytes (413) whether or not the
 * client sent a Content-Length, and anything but a JSON content type (415).
 * @throws {BodyError}
 */
export async function readJson(request, limit) {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw new BodyError(415, "UNSUPPORTED_MEDIA_TYPE", `send JSON with content-type: application/json (got "${type}")`);
  }
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    throw new BodyError(413, "TOO_LARGE", `the body is ${declared} bytes; the limit is ${limit}`);
  }
  const chunks = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new BodyError(413, "TOO_LARGE", `the body is over the limit of ${limit} bytes`);
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  const depth = jsonDepth(text);
  if (depth > MAX_DEPTH) {
    throw new BodyError(400, "TOO_DEEP", `the body nests ${depth > 10 * MAX_DEPTH ? "far " : ""}deeper than ${MAX_DEPTH} levels of arrays and objects`);
  }
  try {
    return parseJson(text, (err) => `the body is not JSON: ${err.message}`);
  } catch (err) {
    throw new BodyError(400, err.code, err.message);
  }
}

/** The deepest nesting accepted in a body (the module's own limit, MAX_DEPTH in src/input.rs). */
export const MAX_DEPTH = 64;

/**
 * How deeply JSON text nests arrays and objects, counted in one pass without parsing
 * (brackets inside strings do not count); stops counting just past MAX_DEPTH.
 */
export function jsonDepth(text) {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
      if (max > MAX_DEPTH) return max;
    } else if (c === 93 || c === 125) depth = Math.max(0, depth - 1);
  }
  return max;
}
