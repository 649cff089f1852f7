// A route handler in the style of Next.js's App Router (app/api/check/route.js): a
// function from a web `Request` to a web `Response`, run on the Node runtime.
//
//   POST /api/check  { question, answer, sources }  →  200 the report
//                                                     400 { error: { code, field, message } }
//
// In your app: `npm install groundcheck` and copy this file. It uses groundcheck/node,
// which loads the wasm synchronously at import (Node runtime; for the Edge runtime use
// the "groundcheck" entry with initSync, as the Worker in worker/ does).
import { Validator, repair } from "groundcheck/node";

const validator = new Validator({ config: { threshold: 0.7 } });

export async function POST(request) {
  let input;
  try {
    input = await request.json();
  } catch (e) {
    return Response.json({ error: { code: "INVALID_JSON", field: null, message: `the body is not JSON: ${e.message}` } }, { status: 400 });
  }
  try {
    const report = validator.check(input);
    // Offer the answer with its unsupported sentences and invalid citations removed.
    const repaired = report.decision === "FINAL" ? null : repair(report, input.answer).text;
    return Response.json({ ...report, repaired }, { headers: { "x-groundcheck-decision": report.decision } });
  } catch (e) {
    if (e?.code) return Response.json({ error: { code: e.code, field: e.field ?? null, message: e.message } }, { status: 400 });
    throw e;
  }
}
