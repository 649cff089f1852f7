// CommonJS entry (`require("groundcheck")`, `require("groundcheck/node")`): the
// `--target nodejs` glue built into pkg-node/ by `npm run build`, which compiles and
// instantiates pkg/groundcheck_bg.wasm synchronously when first required, behind the
// guard of js/guard.js and the split of js/split.js (pkg-node/guard.cjs and
// pkg-node/split.cjs are their CommonJS copies): the loop module (validate(), answer(),
// pkg-node/groundcheck_loop.cjs over pkg/groundcheck_loop_bg.wasm) is required on first use.
"use strict";
const glue = require("../pkg-node/groundcheck.cjs");
const { harden } = require("../pkg-node/guard.cjs");
const { split } = require("../pkg-node/split.cjs");

module.exports = { ...glue, ...split(harden(glue), () => harden(require("../pkg-node/groundcheck_loop.cjs"))) };
