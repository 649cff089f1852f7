// Small helpers shared by the scripts (no dependencies).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root (the folder holding package.json). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The environment the tools run in: node_modules/.bin first (the npm `binaryen`
 * wasm-opt, never Debian's), then ~/.cargo/bin, then the caller's PATH.
 */
export function toolEnv(extra = {}) {
  const parts = [join(ROOT, "node_modules", ".bin"), join(homedir(), ".cargo", "bin")];
  return { ...process.env, PATH: [...parts, process.env.PATH ?? ""].join(delimiter), ...extra };
}

/** Runs a command synchronously; returns trimmed stdout, or null if it could not run or failed. */
export function capture(cmd, args) {
  const r = spawnSync(cmd, args, { env: toolEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.error || r.status !== 0) return null;
  return r.stdout.trim();
}

/** The exact version of a package locked in Cargo.lock, or null. */
export function cargoLockVersion(name) {
  const lock = join(ROOT, "Cargo.lock");
  if (!existsSync(lock)) return null;
  const text = readFileSync(lock, "utf8");
  for (const block of text.split("[[package]]")) {
    const n = block.match(/^name = "([^"]+)"/m);
    const v = block.match(/^version = "([^"]+)"/m);
    if (n && v && n[1] === name) return v[1];
  }
  return null;
}
