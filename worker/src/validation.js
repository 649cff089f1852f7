// Which validator answers a request: the deterministic checks (`check()`), or, when a
// Workers AI binding is bound, the same checks plus the judges (`validate()` with the
// package's `workersAI(env.AI)` callbacks).
import { Validator } from "../../js/index.js";
import { workersAI } from "../../js/adapters.mjs";
import { validators } from "../../js/request.mjs";

/** Whether this module build can call judges (it has the async `validate()`). */
export const canJudge = typeof Validator.prototype.validate === "function";

// Requests without a config share one validator. After a trap the module restarted and
// that validator belonged to the old instance: it is dropped, and a STALE_OBJECT (it was
// made before an earlier trap) is retried on a new one.
const deterministic = validators(Validator, { renew: true });

/**
 * Validates one input `{ question, answer, sources, ... }` with an optional config.
 * Resolves to `{ report, mode }` where mode is "judges" or "deterministic".
 * Throws the module's coded errors for bad input or config.
 */
export async function runValidation(env, input, config) {
  if (!(canJudge && Boolean(env?.AI))) {
    return { report: deterministic.run(config, (v) => v.check(input)), mode: "deterministic" };
  }
  // The triad judges are opt-in in the library (uncertain claims alone reach the model
  // otherwise, so most answers cost no call); the judges mode asks for them explicitly.
  const judged = { ...(config ?? {}), judges: { relevance: true, support: true, usefulness: true, ...(config?.judges ?? {}) } };
  const report = await validators(Validator, { callbacks: workersAI(env.AI) }).run(judged, (v) => v.validate(input));
  return { report, mode: "judges" };
}
