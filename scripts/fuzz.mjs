#!/usr/bin/env node
// `npm run fuzz -- <seconds> [target ...] [--sanitizer=none]`: runs every cargo-fuzz
// target (or the ones named) for <seconds> each (default 60), seeded from the stored corpus in fuzz/seeds/<t>/
// (read-only; what libFuzzer finds goes to fuzz/corpus/<t>/, which git ignores), and
// prints the executions of each and the total. Exits 1 when a target crashes (its input
// is in fuzz/artifacts/<t>/).
//
// cargo-fuzz needs a nightly compiler's flags: RUSTC_BOOTSTRAP=1 lets the stable one take
// them. cargo-fuzz itself is installed when missing (`cargo install cargo-fuzz`, once).
// `--sanitizer=none` builds without AddressSanitizer (cargo-fuzz's `-s none`): the crate has
// no `unsafe`, libFuzzer still catches every panic, and a target runs 2-5 times as many
// inputs per second.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, toolEnv } from "./lib.mjs";

const FUZZ = join(ROOT, "fuzz");
const env = toolEnv({ RUSTC_BOOTSTRAP: "1" });

function ensureCargoFuzz() {
  const have = spawnSync("cargo", ["fuzz", "--version"], { env, encoding: "utf8" });
  if (have.status === 0) return;
  console.log("installing cargo-fuzz (once) ...");
  const r = spawnSync("cargo", ["install", "cargo-fuzz"], { env, stdio: "inherit" });
  if (r.status !== 0) {
    console.error("could not install cargo-fuzz");
    process.exit(2);
  }
}

const targets = [...readFileSync(join(FUZZ, "Cargo.toml"), "utf8").matchAll(/^name = "([\w-]+)"$/gm)]
  .map((m) => m[1])
  .filter((name) => name !== "groundcheck-fuzz");
const argv0 = process.argv.slice(2);
const sanitizer = argv0.find((a) => a.startsWith("--sanitizer="))?.slice("--sanitizer=".length);
if (sanitizer !== undefined && !["address", "leak", "memory", "thread", "none"].includes(sanitizer)) {
  console.error(`unknown sanitizer ${sanitizer}: address, leak, memory, thread or none`);
  process.exit(2);
}
const args = argv0.filter((a) => !a.startsWith("--sanitizer="));
const seconds = Number(args.find((a) => /^\d+$/.test(a)) ?? 60);
const chosen = args.filter((a) => !/^\d+$/.test(a));
const unknown = chosen.filter((t) => !targets.includes(t));
if (unknown.length) {
  console.error(`unknown target(s): ${unknown.join(", ")}; known: ${targets.join(", ")}`);
  process.exit(2);
}

/** Runs one target; resolves to { target, runs, secs, crashed }. */
function run(target) {
  const corpus = join(FUZZ, "corpus", target);
  const seeds = join(FUZZ, "seeds", target);
  mkdirSync(corpus, { recursive: true });
  mkdirSync(seeds, { recursive: true });
  const argv = ["fuzz", "run", "-O", ...(sanitizer ? ["-s", sanitizer] : []), target, corpus, seeds, "--", `-max_total_time=${seconds}`, "-print_final_stats=1"];
  console.log(`\n$ RUSTC_BOOTSTRAP=1 cargo ${argv.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn("cargo", argv, { cwd: FUZZ, env, stdio: ["ignore", "inherit", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
      // Progress lines are many; show the last-few-words summary ones only.
      for (const line of String(d).split("\n")) if (/DONE|crash|panicked|ERROR|Compiling|Finished/.test(line)) console.log(line);
    });
    child.on("close", (code) => {
      const runs = Number(err.match(/stat::number_of_executed_units:\s*(\d+)/)?.[1] ?? err.match(/Done (\d+) runs/)?.[1] ?? 0);
      resolve({ target, runs, secs: seconds, crashed: code !== 0 });
    });
  });
}

ensureCargoFuzz();
const results = [];
for (const t of chosen.length ? chosen : targets) results.push(await run(t));
console.log("\n=== fuzz summary ===");
for (const r of results) console.log(`${r.target.padEnd(12)} ${String(r.runs).padStart(12)} executions in ${r.secs} s  ${r.crashed ? "CRASH (see fuzz/artifacts/" + r.target + ")" : "ok"}`);
const total = results.reduce((a, r) => a + r.runs, 0);
console.log(`${"total".padEnd(12)} ${String(total).padStart(12)} executions, ${results.filter((r) => r.crashed).length} crashed`);
process.exit(results.some((r) => r.crashed) ? 1 : 0);
