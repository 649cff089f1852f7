// Node entry point: loads the `--target web` build synchronously from disk, so callers
// can `import { Validator } from "groundcheck/node"` and use it at once (no `await init()`).
import { readFileSync } from "node:fs";
import { initSync } from "../pkg/groundcheck.js";

const wasmUrl = new URL("../pkg/groundcheck_bg.wasm", import.meta.url);
initSync({ module: readFileSync(wasmUrl) });

export * from "../pkg/groundcheck.js";
export { repair, DEFAULT_DROP } from "./repair.mjs";
