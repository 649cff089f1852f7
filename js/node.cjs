// CommonJS entry (`require("groundcheck")`, `require("groundcheck/node")`): the
// `--target nodejs` glue built into pkg-node/ by `npm run build`, which compiles and
// instantiates pkg/groundcheck_bg.wasm synchronously when first required, behind the
// guard of js/guard.js (pkg-node/guard.cjs is its CommonJS copy). Ready to use.
"use strict";
const glue = require("../pkg-node/groundcheck.cjs");
const { harden } = require("../pkg-node/guard.cjs");

module.exports = { ...glue, ...harden(glue) };
