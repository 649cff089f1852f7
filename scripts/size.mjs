#!/usr/bin/env node
// Prints the size of the shipped modules: raw, gzipped (zlib level 9) and brotli (quality 11).
// The core (pkg/groundcheck_bg.wasm) is what a page or Worker that only checks downloads;
// the loop module (pkg/groundcheck_loop_bg.wasm) is loaded on the first validate() or answer().
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ROOT } from "./lib.mjs";

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const name of ["groundcheck_bg.wasm", "groundcheck_loop_bg.wasm"]) {
  const path = join(ROOT, "pkg", name);
  if (!existsSync(path)) continue;
  const raw = readFileSync(path);
  const gz = gzipSync(raw, { level: 9 }).length;
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(
    `pkg/${name}: ${raw.length} bytes raw (${kb(raw.length)}), ${gz} bytes gzip -9 (${kb(gz)}), ${br} bytes brotli 11 (${kb(br)})`,
  );
}
