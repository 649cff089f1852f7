// CommonJS entry (`require("groundcheck")`, `require("groundcheck/node")`): the
// `--target nodejs` glue built into pkg-node/ by `npm run build`, which compiles and
// instantiates pkg/groundcheck_bg.wasm synchronously when first required. Ready to use.
"use strict";
module.exports = require("../pkg-node/groundcheck.cjs");
