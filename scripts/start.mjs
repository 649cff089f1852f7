#!/usr/bin/env node
// `npm start`: builds pkg/ when missing or older than the Rust sources, then serves www/.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT, toolEnv } from "./lib.mjs";

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const wasm = join(ROOT, "pkg", "groundcheck_bg.wasm");
const js = join(ROOT, "pkg", "groundcheck.js");
const built = existsSync(wasm) && existsSync(js) ? Math.min(statSync(wasm).mtimeMs, statSync(js).mtimeMs) : 0;
const sources = Math.max(...["src", "Cargo.toml", "Cargo.lock"].map((p) => newestMtime(join(ROOT, p))));
if (built === 0 || sources > built) {
  console.log(built === 0 ? "pkg/ missing: building" : "pkg/ is older than the Rust sources: rebuilding");
  const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, env: toolEnv(), stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import("./serve.mjs").then(async ({ serve }) => {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? "127.0.0.1";
  const server = await serve({ port, host });
  console.log(`groundcheck demo: http://${host}:${server.address().port}/  (Ctrl-C to stop)`);
});
