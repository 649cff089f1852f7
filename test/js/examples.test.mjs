// The recipes under examples/, run as a user would: the plain page with an import map in
// Chromium (its node_modules/groundcheck served from this checkout), the Next.js-style route
// handler under Node (called directly and over HTTP), and the TypeScript settings under tsc.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";
import { Validator } from "../../js/node.mjs";
import { POST } from "../../examples/route-handler/app/api/check/route.mjs";
import { start } from "../../examples/route-handler/server.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const question = "When was the Eiffel Tower built, and how tall is it?";
const answer = "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2]. It was designed by Gustave Eiffel himself [3].";
const sources = [
  { id: "wiki", title: "Eiffel Tower", content: "The tower was constructed from 1887 to 1889 for the World's Fair." },
  { id: "facts", title: "Key figures", content: "The Eiffel Tower is 330 metres tall." },
];
const expected = new Validator({ config: { threshold: 0.7 } }).check({ question, answer, sources });

const MIME = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

/** A static server for `site`, with node_modules/groundcheck/ being this checkout (as after `npm install groundcheck`). */
function staticServer(site) {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const prefix = "/node_modules/groundcheck/";
    let file = path.startsWith(prefix) ? join(ROOT, normalize(path.slice(prefix.length))) : join(site, normalize(path));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!(file.startsWith(ROOT) || file.startsWith(site)) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": MIME[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  }).listen(0, "127.0.0.1");
}

let browser;
let server;
let viteDist;
before(async () => {
  server = staticServer(join(ROOT, "examples", "import-map"));
  await new Promise((r) => server.on("listening", r));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
});
after(async () => {
  await browser?.close();
  await new Promise((r) => server.close(r));
  if (viteDist) rmSync(viteDist, { recursive: true, force: true });
});

/** Opens `url`, waits for the recipe page to finish, and checks what it shows against check() in Node. */
async function assertRecipePage(url) {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(e.message));
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15000 });
  assert.deepEqual(problems, []);
  assert.equal(await page.textContent("#decision"), `${expected.decision}: ${expected.warnings.length} finding(s)`);
  const marks = await page.$$eval("#answer mark", (ms) => ms.map((m) => [m.dataset.kind, m.textContent]));
  const out = expected.warnings.find((w) => w.kind === "CITATION_OUT_OF_RANGE");
  assert.ok(marks.some(([kind, text]) => kind === out.kind && text === answer.slice(out.span.start, out.span.end)), JSON.stringify(marks));
  assert.equal(await page.getAttribute("confidence-badge", "decision"), expected.decision);
  await page.close();
}

test("examples/import-map: a plain page resolves groundcheck through its import map and shows the check", async () => {
  await assertRecipePage(`http://127.0.0.1:${server.address().port}/`);
});

test("examples/vite: vite build (7.x) bundles the page and emits the .wasm; the built page shows the check", async () => {
  viteDist = mkdtempSync(join(tmpdir(), "groundcheck-vite-"));
  const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "vite", "bin", "vite.js"), "build", join(ROOT, "examples", "vite"), "--outDir", viteDist, "--emptyOutDir", "--logLevel", "warn"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const assets = readdirSync(join(viteDist, "assets"));
  assert.ok(assets.some((f) => /^groundcheck_bg-.*\.wasm$/.test(f)), assets.join());
  const dist = staticServer(viteDist);
  await new Promise((res) => dist.on("listening", res));
  try {
    await assertRecipePage(`http://127.0.0.1:${dist.address().port}/`);
  } finally {
    await new Promise((res) => dist.close(res));
  }
});

test("examples/route-handler: POST(Request) → Response with the report, the repaired answer and coded errors", async () => {
  const post = (body) => POST(new Request("http://localhost/api/check", { method: "POST", headers: { "content-type": "application/json" }, body }));
  let res = await post(JSON.stringify({ question, answer, sources }));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("x-groundcheck-decision"), expected.decision);
  const body = await res.json();
  const { repaired, ...report } = body;
  assert.deepEqual(report, expected);
  assert.equal(repaired, "The Eiffel Tower was built from 1887 to 1889 [1]. It is 330 metres tall [2].");
  res = await post("{not json");
  assert.equal(res.status, 400);
  assert.equal((await res.json()).error.code, "INVALID_JSON");
  res = await post(JSON.stringify({ question, answer, sources: [{ id: "a", content: 42 }] }));
  assert.equal(res.status, 400);
  const { error } = await res.json();
  assert.equal(error.field, "sources[0].content");
  assert.ok(error.code, JSON.stringify(error));
  // The same handler over HTTP, as `node examples/route-handler/server.mjs` serves it.
  const http = start(0);
  await new Promise((r) => http.on("listening", r));
  try {
    const r = await fetch(`http://127.0.0.1:${http.address().port}/api/check`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question, answer, sources }) });
    assert.equal(r.status, 200);
    assert.equal((await r.json()).decision, expected.decision);
  } finally {
    await new Promise((r) => http.close(r));
  }
});

test("examples/typescript: tsc accepts the settings with bundler and nodenext resolution, not with the legacy node10", () => {
  const tsc = (...args) => spawnSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", join(ROOT, "examples", "typescript"), ...args], { encoding: "utf8" });
  let r = tsc();
  assert.equal(r.status, 0, r.stdout + r.stderr);
  r = tsc("--module", "nodenext", "--moduleResolution", "nodenext");
  assert.equal(r.status, 0, r.stdout + r.stderr);
  r = tsc("--module", "esnext", "--moduleResolution", "node10");
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /Cannot find module 'groundcheck\/highlight'/);
});
