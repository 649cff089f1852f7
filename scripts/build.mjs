#!/usr/bin/env node
// `npm run build`: the release build of the module, twice from one compile:
//   pkg/       wasm-pack --target web     ES module glue (browsers, bundlers, workerd, js/node.mjs)
//   pkg-node/  wasm-pack --target nodejs  CommonJS glue (js/node.cjs, `require("groundcheck")`)
// The two `_bg.wasm` files are byte-identical (the targets differ only in the JS glue; this
// script checks it), so the package ships one: the CommonJS glue is renamed to
// `pkg-node/groundcheck.cjs`, pointed at `../pkg/groundcheck_bg.wasm`, and its own copy
// of the wasm is deleted. Ends by printing the shipped module's size (scripts/size.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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

const wasmPack = (target, outDir) =>
  run("wasm-pack", ["build", "--release", "--target", target, "--out-dir", outDir, "--out-name", "groundcheck"]);

wasmPack("web", "pkg");
wasmPack("nodejs", "pkg-node");

const pkg = (...p) => join(ROOT, "pkg", ...p);
const node = (...p) => join(ROOT, "pkg-node", ...p);

if (!readFileSync(pkg("groundcheck_bg.wasm")).equals(readFileSync(node("groundcheck_bg.wasm")))) {
  fail("pkg/ and pkg-node/ hold different .wasm files; the CommonJS glue cannot share pkg/'s");
}

// The nodejs glue reads `${__dirname}/groundcheck_bg.wasm`; point it at the one in pkg/.
const glue = readFileSync(node("groundcheck.js"), "utf8");
const wasmRef = "`${__dirname}/groundcheck_bg.wasm`";
const hits = glue.split(wasmRef).length - 1;
if (hits !== 1) fail(`expected one ${wasmRef} in pkg-node/groundcheck.js, found ${hits} (wasm-bindgen changed its glue?)`);
writeFileSync(
  node("groundcheck.cjs"),
  glue
    .replace(wasmRef, "require('path').join(__dirname, '..', 'pkg', 'groundcheck_bg.wasm')")
    .replace('@ts-self-types="./groundcheck.d.ts"', '@ts-self-types="./groundcheck.d.cts"'),
);
renameSync(node("groundcheck.d.ts"), node("groundcheck.d.cts"));
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
