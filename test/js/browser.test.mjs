// The `npm start` page in headless Chromium (Playwright), served by scripts/serve.mjs.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";

const resultsDir = fileURLToPath(new URL("../../test-results/", import.meta.url));
let server;
let browser;
let base;

before(async () => {
  server = await serve({ port: 0, quiet: true });
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
});

after(async () => {
  await browser?.close();
  await new Promise((r) => (server ? server.close(r) : r()));
});

test("the start page checks the sample answer and shows the warnings", async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });

  const wasmType = page.waitForResponse((r) => r.url().endsWith(".wasm"));
  await page.goto(`${base}/`);
  assert.equal((await wasmType).headers()["content-type"], "application/wasm");
  await page.waitForSelector('#report[data-state="done"], #report[data-state="error"]', { timeout: 20_000 });
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: `${resultsDir}start-page.png`, fullPage: true });

  assert.equal(await page.getAttribute("#report", "data-state"), "done", await page.textContent("#status"));
  assert.deepEqual(problems, []);

  const kinds = await page.$$eval("#warnings li", (lis) => lis.map((li) => li.dataset.kind));
  assert.ok(kinds.includes("CITATION_OUT_OF_RANGE"), `warnings: ${kinds}`);
  assert.ok(kinds.includes("MISSING_CITATION"), `warnings: ${kinds}`);
  const outOfRange = await page.$$eval('#highlighted mark[data-kind="CITATION_OUT_OF_RANGE"]', (ms) =>
    ms.map((m) => m.textContent),
  );
  assert.deepEqual(outOfRange, ["[4]"]);
  await page.close();
});

test("bad input shows the coded error instead of a report", async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#report[data-state="done"]', { timeout: 20_000 });
  await page.fill("#sources", '[{"id": "s", "content": 42}]');
  await page.click("#check");
  await page.waitForSelector('#report[data-state="error"]');
  assert.match(await page.textContent("#status"), /INVALID_TYPE.*sources\[0\]\.content/);
  await page.close();
});

test("the server answers 404 outside www/ and pkg/", async () => {
  const res = await fetch(`${base}/../Cargo.toml`);
  assert.equal(res.status, 404);
  const js = await fetch(`${base}/app.js`);
  assert.match(js.headers.get("content-type"), /^text\/javascript/);
});
