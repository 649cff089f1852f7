#!/usr/bin/env node
// Prints the size of the shipped module: raw and gzipped (zlib level 9).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "./lib.mjs";

const path = join(ROOT, "pkg", "groundcheck_bg.wasm");
const raw = readFileSync(path);
const gz = gzipSync(raw, { level: 9 });
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`pkg/groundcheck_bg.wasm: ${raw.length} bytes raw (${kb(raw.length)}), ${gz.length} bytes gzip -9 (${kb(gz.length)})`);
