// The package's main entry (`import init, { Validator } from "groundcheck"`): the
// `--target web` glue behind the guard of js/guard.js (coded errors for use after free(),
// recovery after a trap). Call `await init()` (or `initSync({ module })`) first.
import init, * as glue from "../pkg/groundcheck.js";
import { harden } from "./guard.js";

const api = harden(glue);

export default init;
export const { initSync } = glue;
export const {
  Validator,
  StreamingValidator,
  ResponseCache,
  extractCitations,
  parseDecision,
  verifySnippet,
  cachePolicy,
  cacheKey,
  version,
  __selfTestTrap,
} = api;
