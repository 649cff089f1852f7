// The package's main entry (`import init, { Validator } from "groundcheck"`): the
// `--target web` glue behind the guard of js/guard.js (coded errors for use after free(),
// recovery after a trap) and the split of js/split.js (the core module for check(); the
// loop module, with validate() and answer(), loaded on their first use). Call
// `await init()` (or `initSync({ module })`) first.
//
// Where the loop module comes from: by default `groundcheck_loop_bg.wasm` beside the glue
// (fetched, as `init()` fetches the core). A runtime that cannot fetch it names it:
// `init({ module_or_path, loop })` / `initSync({ module, loop })`, where `loop` is what
// the loop glue's init takes (a `WebAssembly.Module`, bytes, a URL or a `Response`), or a
// function returning it or a promise of it, called on the first validate() or answer().
import coreInit, * as glue from "../pkg/groundcheck.js";
import { harden } from "./guard.js";
import { split } from "./split.js";

let loopSource;

function remember(input) {
  if (input !== null && typeof input === "object" && Object.getPrototypeOf(input) === Object.prototype && "loop" in input) {
    const { loop, ...rest } = input;
    loopSource = loop;
    return rest;
  }
  return input;
}

async function loadLoop() {
  const loopGlue = await import("../pkg/groundcheck_loop.js");
  let source = typeof loopSource === "function" ? await loopSource() : loopSource;
  if (source && typeof source === "object" && "default" in source && !(source instanceof WebAssembly.Module)) {
    source = source.default; // a module namespace (`import("…_bg.wasm")`)
  }
  if (source instanceof WebAssembly.Module || source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    loopGlue.initSync({ module: source });
  } else {
    await loopGlue.default(source === undefined ? undefined : { module_or_path: source });
  }
  return harden(loopGlue);
}

// Set once init() or initSync() has instantiated the core: a call before it is the
// guard's NOT_INITIALIZED, not the glue's bare TypeError.
let ready = false;
const api = split(harden(glue, () => ready), loadLoop);

/** Instantiates the core module (see the top of this file for the loop module). */
export default async function init(input) {
  const out = await coreInit(remember(input));
  ready = true;
  return out;
}
/** As `init`, synchronously, from a `WebAssembly.Module` or bytes. */
export function initSync(input) {
  const out = glue.initSync(remember(input));
  ready = true;
  return out;
}
export const {
  Validator,
  StreamingValidator,
  ResponseCache,
  extractCitations,
  parseDecision,
  verifySnippet,
  cachePolicy,
  cacheKey,
  confidenceLevel,
  version,
  __selfTestTrap,
} = api;
