#!/usr/bin/env node
// `npm run build`: the release build of the module, in two parts (the core, and the loop
// module with the model-callback machinery: see js/split.js), each for two targets:
//   pkg/       wasm-pack --target web     ES module glue (browsers, bundlers, workerd, js/node.mjs)
//   pkg-node/  wasm-pack --target nodejs  CommonJS glue (js/node.cjs, `require("groundcheck")`)
// A part's two `_bg.wasm` files are byte-identical (the targets differ only in the JS glue;
// this script checks it), so the package ships one of each in pkg/: the CommonJS glue is
// renamed to `pkg-node/groundcheck.cjs` (and `groundcheck_loop.cjs`), pointed at the wasm
// in `../pkg/`, and its own copy is deleted. Ends by printing the shipped modules' sizes
// (scripts/size.mjs).
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, toolEnv } from "./lib.mjs";

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, env: toolEnv(), stdio: "inherit" });
  if (r.error || r.status !== 0) {
    console.error(`build failed: ${cmd} ${args.join(" ")} (${r.error?.message ?? `exit ${r.status}`})`);
    process.exit(1);
  }
}

function fail(message) {
  console.error(`build failed: ${message}`);
  process.exit(1);
}

// The module is built twice (Cargo feature `models`, see Cargo.toml): the core without
// the model-callback machinery, and the loop module with it, which js/split.js loads on
// the first validate() or answer().
const wasmPack = (target, outDir, outName, cargoArgs) =>
  run("wasm-pack", ["build", "--release", "--target", target, "--out-dir", outDir, "--out-name", outName, "--", ...cargoArgs]);

// Every default feature but `models` for the core (see Cargo.toml's [features]).
const CORE = ["--no-default-features", "--features", "patterns"];
const LOOP = ["--features", "models"];
wasmPack("web", "pkg", "groundcheck", CORE);
wasmPack("nodejs", "pkg-node", "groundcheck", CORE);
wasmPack("web", "pkg-loop", "groundcheck_loop", LOOP);
wasmPack("nodejs", "pkg-loop-node", "groundcheck_loop", LOOP);

const pkg = (...p) => join(ROOT, "pkg", ...p);
const node = (...p) => join(ROOT, "pkg-node", ...p);
const loopWeb = (...p) => join(ROOT, "pkg-loop", ...p);
const loopNode = (...p) => join(ROOT, "pkg-loop-node", ...p);

for (const [web, nodeDir, name] of [[pkg, node, "groundcheck"], [loopWeb, loopNode, "groundcheck_loop"]]) {
  if (!readFileSync(web(`${name}_bg.wasm`)).equals(readFileSync(nodeDir(`${name}_bg.wasm`)))) {
    fail(`the web and nodejs builds of ${name}_bg.wasm differ; the CommonJS glue cannot share pkg/'s`);
  }
}

/** The nodejs glue `from` as `to`, reading its wasm from pkg/ (it reads `${__dirname}/<name>_bg.wasm`). */
function cjsGlue(from, to, name, types) {
  const glue = readFileSync(from, "utf8");
  const wasmRef = `\`\${__dirname}/${name}_bg.wasm\``;
  const hits = glue.split(wasmRef).length - 1;
  if (hits !== 1) fail(`expected one ${wasmRef} in ${from}, found ${hits} (wasm-bindgen changed its glue?)`);
  writeFileSync(
    to,
    glue
      .replace(wasmRef, `require('path').join(__dirname, '..', 'pkg', '${name}_bg.wasm')`)
      .replace(`@ts-self-types="./${name}.d.ts"`, types ? `@ts-self-types="./${types}"` : ""),
  );
}
cjsGlue(node("groundcheck.js"), node("groundcheck.cjs"), "groundcheck", "groundcheck.d.cts");
cjsGlue(loopNode("groundcheck_loop.js"), node("groundcheck_loop.cjs"), "groundcheck_loop", null);
// The loop module's web glue and wasm go beside the core's in pkg/.
copyFileSync(loopWeb("groundcheck_loop_bg.wasm"), pkg("groundcheck_loop_bg.wasm"));
writeFileSync(
  pkg("groundcheck_loop.js"),
  readFileSync(loopWeb("groundcheck_loop.js"), "utf8").replace('@ts-self-types="./groundcheck_loop.d.ts"', ""),
);
// The types describe the public API, which is the loop module's (a superset of the core's):
// js/split.js gives the core's Validator validate(), answer() and a cache.
// init() and initSync() also take the loop module's source (js/index.js).
const initTypes = readFileSync(loopWeb("groundcheck_loop.d.ts"), "utf8");
const patched = initTypes
  .replace("export function initSync(module: { module: SyncInitInput }", "export function initSync(module: { module: SyncInitInput; loop?: LoopInput }")
  .replace("(module_or_path?: { module_or_path: InitInput | Promise<InitInput> }", "(module_or_path?: { module_or_path: InitInput | Promise<InitInput>; loop?: LoopInput }");
if (patched === initTypes || patched.split("loop?: LoopInput").length !== 3) fail("could not add `loop` to the init types (wasm-bindgen changed its .d.ts?)");
writeFileSync(
  pkg("groundcheck.d.ts"),
  patched +
    "\n/** Where the loop module (validate(), answer()) comes from: what its init takes, or a function giving that (or a module namespace of the .wasm), called on first use. */\n" +
    "export type LoopInput = InitInput | (() => InitInput | { default: InitInput } | Promise<InitInput | { default: InitInput }>);\n",
);
copyFileSync(loopNode("groundcheck_loop.d.ts"), node("groundcheck.d.cts"));
rmSync(node("groundcheck.d.ts"), { force: true });
rmSync(loopWeb(), { recursive: true, force: true });
rmSync(loopNode(), { recursive: true, force: true });
// The guard and the split (js/guard.js, js/split.js: ES modules with no imports) as
// CommonJS for js/node.cjs.
for (const [file, must] of [["guard", "harden"], ["split", "split"]]) {
  const src = readFileSync(join(ROOT, "js", `${file}.js`), "utf8");
  const exported = [...src.matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
  if (!exported.includes(must)) fail(`js/${file}.js exports no ${must}()`);
  writeFileSync(
    node(`${file}.cjs`),
    `"use strict";\n// Generated by scripts/build.mjs from js/${file}.js; edit that file.\n` +
      src.replace(/^export function /gm, "function ") +
      `\nmodule.exports = { ${exported.join(", ")} };\n`,
  );
}
for (const f of ["groundcheck.js", "groundcheck_bg.wasm", "groundcheck_bg.wasm.d.ts", "package.json", "README.md", ".gitignore"]) {
  rmSync(node(f), { force: true });
}
// wasm-pack's `*` .gitignore in pkg/ would hide the module from `npm pack`.
rmSync(pkg(".gitignore"), { force: true });
// wasm-pack copies the crate's LICENSE-* files into each output; npm packs every LICENSE
// file it finds, and the package already carries them at its root.
for (const f of ["LICENSE-MIT", "LICENSE-APACHE"]) for (const at of [pkg, node]) rmSync(at(f), { force: true });
if (!existsSync(node("groundcheck.cjs"))) fail("pkg-node/groundcheck.cjs missing");

run(process.execPath, [join(ROOT, "scripts", "size.mjs")]);
