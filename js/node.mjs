// Node entry point: loads the `--target web` build synchronously from disk, so callers
// can `import { Validator } from "groundcheck/node"` and use it at once (no `await init()`).
// The exports are js/index.js's: guarded (coded errors, recovery after a trap), with the
// loop module (validate(), answer()) read from disk on first use.
import { readFileSync } from "node:fs";
import { initSync } from "./index.js";

const wasmUrl = new URL("../pkg/groundcheck_bg.wasm", import.meta.url);
const loopUrl = new URL("../pkg/groundcheck_loop_bg.wasm", import.meta.url);
initSync({ module: readFileSync(wasmUrl), loop: () => readFileSync(loopUrl) });

export * from "./index.js";
export { repair, DEFAULT_DROP } from "./repair.mjs";
