#!/usr/bin/env node
// Installs, idempotently, what building and testing groundcheck needs:
//   node_modules (npm ci), the wasm32 target, wasm-pack 0.15.1, wasm-bindgen-cli at the
//   exact version locked in Cargo.lock, and with --browser Chromium + chromedriver (apt, root only).
// Each step is skipped when the right thing is already there.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT, capture, cargoLockVersion, toolEnv } from "./lib.mjs";

const WASM_PACK_VERSION = "0.15.1";
const withBrowser = process.argv.includes("--browser");

function run(cmd, args, extraEnv = {}) {
  console.log(`[setup] $ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, env: toolEnv(extraEnv), stdio: "inherit" });
  if (r.error || r.status !== 0) {
    console.error(`[setup] failed: ${cmd} ${args.join(" ")} (${r.error?.message ?? `exit ${r.status}`})`);
    process.exit(1);
  }
}

function step(name, fn) {
  const t0 = Date.now();
  const did = fn();
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`[setup] ${name}: ${did ? `installed (${secs}s)` : "ok"}`);
}

step("node_modules", () => {
  const needed = ["wasm-opt", "miniflare", "tsc"].map((b) => join(ROOT, "node_modules", ".bin", b));
  const packages = ["playwright-core", join("@modelcontextprotocol", "sdk")].map((p) => join(ROOT, "node_modules", p));
  if (needed.every(existsSync) && packages.every(existsSync)) return false;
  run("npm", ["ci", "--no-audit", "--no-fund"]);
  return true;
});

step("rust target wasm32-unknown-unknown", () => {
  const installed = capture("rustup", ["target", "list", "--installed"]);
  if (installed === null) {
    // No rustup (e.g. a distro rust): trust that the target is there; cargo will say if not.
    return false;
  }
  if (installed.split("\n").includes("wasm32-unknown-unknown")) return false;
  run("rustup", ["target", "add", "wasm32-unknown-unknown"]);
  return true;
});

step(`wasm-pack ${WASM_PACK_VERSION}`, () => {
  const v = capture("wasm-pack", ["--version"]);
  if (v === `wasm-pack ${WASM_PACK_VERSION}`) return false;
  run("cargo", ["install", "--locked", "wasm-pack", "--version", WASM_PACK_VERSION]);
  return true;
});

step("wasm-bindgen-cli (version from Cargo.lock)", () => {
  const want = cargoLockVersion("wasm-bindgen");
  if (!want) {
    console.log("[setup] Cargo.lock has no wasm-bindgen; skipping wasm-bindgen-cli");
    return false;
  }
  const have = capture("wasm-bindgen", ["--version"]);
  const runner = capture("wasm-bindgen-test-runner", ["--version"]);
  if (have === `wasm-bindgen ${want}` && runner !== null) return false;
  // Without --locked: the CLI's own lockfile pins a webpki-roots release the registry does not serve.
  run("cargo", ["install", "wasm-bindgen-cli", "--version", want, "--force"]);
  return true;
});

if (withBrowser) {
  step("chromium + chromedriver", () => {
    const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
    const driver = process.env.CHROMEDRIVER || "/usr/bin/chromedriver";
    if (existsSync(chromium) && existsSync(driver)) return false;
    if (typeof process.getuid !== "function" || process.getuid() !== 0) {
      console.warn(
        `[setup] ${chromium} or ${driver} missing and not root: install them with\n` +
          "        sudo apt-get install -y --no-install-recommends chromium chromium-driver",
      );
      return false;
    }
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    run("apt-get", ["update"], env);
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium", "chromium-driver"], env);
    return true;
  });
}
