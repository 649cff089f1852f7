// Which validator answers a request: the deterministic checks (`check()`), or, when a
// Workers AI binding is bound, the same checks plus the judges (`validate()` with the
// package's `workersAI(env.AI)` callbacks).
import { Validator } from "../../js/index.js";
import { workersAI } from "../../js/adapters.mjs";

/** Whether this module build can call judges (it has the async `validate()`). */
export const canJudge = typeof Validator.prototype.validate === "function";

let shared;

/**
 * Validates one input `{ question, answer, sources, ... }` with an optional config.
 * Resolves to `{ report, mode }` where mode is "judges" or "deterministic".
 * Throws the module's coded errors for bad input or config.
 */
export async function runValidation(env, input, config) {
  const judges = canJudge && Boolean(env?.AI);
  if (!judges && config === undefined) {
    shared ??= new Validator({});
    try {
      return { report: shared.check(input), mode: "deterministic" };
    } catch (err) {
      // After a trap the module restarted: the shared validator belonged to the old
      // instance. Drop it; a STALE_OBJECT (it was made before an earlier trap) is retried.
      if (err?.code === "INTERNAL_ERROR" || err?.code === "STALE_OBJECT") shared = undefined;
      if (err?.code !== "STALE_OBJECT") throw err;
      shared = new Validator({});
      return { report: shared.check(input), mode: "deterministic" };
    }
  }
  const options = config === undefined ? {} : { config };
  // The triad judges are opt-in in the library (uncertain claims alone reach the model
  // otherwise, so most answers cost no call); the judges mode asks for them explicitly.
  const judged = { config: { ...(config ?? {}), judges: { relevance: true, support: true, usefulness: true, ...(config?.judges ?? {}) } } };
  const validator = new Validator(judges ? { ...workersAI(env.AI), ...judged } : options);
  try {
    const report = judges ? await validator.validate(input) : validator.check(input);
    return { report, mode: judges ? "judges" : "deterministic" };
  } finally {
    validator.free();
  }
}
