// Small HTTP helpers for the Worker: JSON responses, coded errors, a size-limited JSON body.

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
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
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
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new BodyError(400, "INVALID_JSON", `the body is not JSON: ${err.message}`);
  }
}
