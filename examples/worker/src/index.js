// A minimal Worker of your own: POST { question, answer, sources } → the decision and the
// findings. Bundle and serve it with `npx wrangler dev` (wrangler bundles; plain Miniflare
// does not, and fails with "you'll need to bundle your Worker first").
import { initSync, Validator } from "groundcheck";
import module from "groundcheck/groundcheck_bg.wasm";

initSync({ module });
const validator = new Validator({});

export default {
  async fetch(request) {
    if (request.method !== "POST") return new Response("POST a JSON { question, answer, sources }\n", { status: 405 });
    try {
      const report = validator.check(await request.json());
      return Response.json({ decision: report.decision, confidence: report.confidence, findings: report.warnings.map((w) => w.kind) });
    } catch (e) {
      return Response.json({ error: { code: e.code ?? "INVALID_JSON", field: e.field ?? null, message: e.message } }, { status: 400 });
    }
  },
};
