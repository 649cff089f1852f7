#!/usr/bin/env node
// `node scripts/bench/first-check-browser.mjs [runs]`: the first W1 `check()` after
// `await init()` in headless Chromium (playwright-core, /usr/bin/chromium or
// CHROMIUM_PATH), against a steady one (the median of runs 41–60); each run in a fresh
// browser so no compiled code is cached. Prints one JSON line per run and the medians.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";
import { ROOT } from "../lib.mjs";

const TYPES = { ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };
const server = createServer(async (req, res) => {
  if (req.url === "/") return res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>first check</title>");
  const path = normalize(join(ROOT, decodeURIComponent(new URL(req.url, "http://x").pathname)));
  if (!path.startsWith(ROOT)) return res.writeHead(403).end();
  try {
    const body = await readFile(path);
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}`;

const runs = Number(process.argv[2] ?? 3);
const results = [];
try {
  for (let i = 0; i < runs; i++) {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
    try {
      const page = await browser.newPage();
      await page.goto(`${base}/`);
      const r = await page.evaluate(async () => {
        const { workloads } = await import("/scripts/bench/workloads.mjs");
        const w1 = workloads({ quick: true }).find((c) => c.name === "W1");
        const mod = await import("/pkg/groundcheck.js");
        let t = performance.now();
        await mod.default({ module_or_path: "/pkg/groundcheck_bg.wasm" });
        const initMs = performance.now() - t;
        const v = new mod.Validator({});
        t = performance.now();
        v.check(w1.input);
        const firstMs = performance.now() - t;
        const runs = [];
        for (let k = 0; k < 60; k++) {
          t = performance.now();
          v.check(w1.input);
          runs.push(performance.now() - t);
        }
        const steady = runs.slice(-20).sort((a, b) => a - b);
        return { initMs, firstMs, steadyMs: steady[10] };
      });
      console.log(JSON.stringify(r));
      results.push(r);
    } finally {
      await browser.close();
    }
  }
} finally {
  server.close();
}
const med = (k) => results.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
console.log(`Chromium: init ${med("initMs").toFixed(1)} ms, first check ${med("firstMs").toFixed(1)} ms, steady ${med("steadyMs").toFixed(1)} ms, first/steady ${(med("firstMs") / med("steadyMs")).toFixed(2)}×`);
