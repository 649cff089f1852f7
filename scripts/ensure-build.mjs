#!/usr/bin/env node
// Builds pkg/ and pkg-node/ when missing or older than the Rust sources or js/split.js (used by `npm start` and
// `npm run eval`, so both work on a fresh clone).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT, toolEnv } from "./lib.mjs";

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Runs `npm run build` if pkg/ is missing or stale; exits the process if the build fails. */
export function ensureBuild() {
  const wasm = join(ROOT, "pkg", "groundcheck_bg.wasm");
  const outputs = [wasm, join(ROOT, "pkg", "groundcheck.js"), join(ROOT, "pkg", "groundcheck_loop_bg.wasm"), join(ROOT, "pkg-node", "groundcheck.cjs"), join(ROOT, "pkg-node", "groundcheck_loop.cjs")];
  const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
  const sources = Math.max(...["src", "Cargo.toml", "Cargo.lock", "js/guard.js", "js/split.js", "scripts/build.mjs"].map((p) => newestMtime(join(ROOT, p))));
  if (built !== 0 && sources <= built) return;
  console.log(built === 0 ? "pkg/ missing: building" : "pkg/ is older than the Rust sources: rebuilding");
  const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, env: toolEnv(), stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuild();
