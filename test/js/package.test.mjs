// The package as users get it: `npm pack` contents, then the tarball installed into a
// scratch project and used from Node ESM, CommonJS, the CLI via npx, a bundler's and a
// Worker's view of the `exports` map (resolved with their conditions, then run in workerd),
// and TypeScript with bundler resolution.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { Miniflare } from "miniflare";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
/** js/adapters.mjs comes with the model-callback work; until then it cannot be packed. */
const hasAdapters = existsSync(join(ROOT, "js", "adapters.mjs"));

const EXPECTED = [
  "LICENSE-APACHE",
  "LICENSE-MIT",
  "README.md",
  "package.json",
  "bin/groundcheck.mjs",
  "js/ai-sdk.d.ts",
  "js/ai-sdk.mjs",
  "js/ai-sdk.node.mjs",
  "js/badge.d.ts",
  "js/badge.js",
  "js/guard.js",
  "js/index.js",
  "js/split.js",
  "js/langchain.d.ts",
  "js/langchain.mjs",
  "js/langchain.node.mjs",
  "js/highlight.d.ts",
  "js/highlight.mjs",
  "js/html-report.mjs",
  "js/metrics.d.ts",
  "js/metrics.mjs",
  "js/node.cjs",
  "js/node.d.cts",
  "js/node.d.ts",
  "js/node.mjs",
  "js/policy.js",
  "js/progress.mjs",
  "js/repair.d.ts",
  "js/repair.mjs",
  "js/request.mjs",
  "js/sources.d.ts",
  "js/sources.mjs",
  "pkg-node/groundcheck.cjs",
  "pkg-node/groundcheck.d.cts",
  "pkg-node/groundcheck_loop.cjs",
  "pkg-node/guard.cjs",
  "pkg-node/split.cjs",
  "pkg/groundcheck.d.ts",
  "pkg/groundcheck.js",
  "pkg/groundcheck_bg.wasm",
  "pkg/groundcheck_bg.wasm.d.ts",
  "pkg/groundcheck_loop.js",
  "pkg/groundcheck_loop_bg.wasm",
  ...(hasAdapters ? ["js/adapters.mjs"] : []),
  ...(hasAdapters && existsSync(join(ROOT, "js", "adapters.d.ts")) ? ["js/adapters.d.ts"] : []),
].sort();

let dir;
let app;

before(() => {
  dir = mkdtempSync(join(tmpdir(), "groundcheck-pack-"));
  const out = execFileSync(npm, ["pack", "--json", "--pack-destination", dir], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const [{ filename }] = JSON.parse(out);
  app = join(dir, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "commonjs" }));
  execFileSync(npm, ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", join(dir, filename)], { cwd: app, stdio: "ignore" });
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const nodeIn = (args, opts = {}) => spawnSync(process.execPath, args, { cwd: app, encoding: "utf8", ...opts });
const CHECK = `({ question: "Capital?", answer: "Paris is the capital of France [1]. It has 2.1 million residents [4].",
  sources: [{ id: "a", content: "Paris is the capital of France." }] })`;

test("npm pack holds the wasm (core and loop module), the glue, the types, the badge, the CLI (and the adapters once they exist) — nothing else", () => {
  const out = execFileSync(npm, ["pack", "--dry-run", "--json"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const [info] = JSON.parse(out);
  assert.deepEqual(info.files.map((f) => f.path).sort(), EXPECTED);
  const wasm = info.files.find((f) => f.path === "pkg/groundcheck_bg.wasm");
  assert.equal(wasm.size, readFileSync(join(ROOT, "pkg", "groundcheck_bg.wasm")).length, "one core wasm, shipped whole");
  const loop = info.files.find((f) => f.path === "pkg/groundcheck_loop_bg.wasm");
  assert.equal(loop.size, readFileSync(join(ROOT, "pkg", "groundcheck_loop_bg.wasm")).length, "one loop wasm, shipped whole");
});

test("Node ESM: groundcheck/node is ready to use; groundcheck (web build) with initSync", () => {
  const esm = `
    import { Validator } from "groundcheck/node";
    import { readFileSync } from "node:fs";
    import { initSync, Validator as WebValidator } from "groundcheck";
    const a = new Validator({}).check(${CHECK});
    const file = (spec) => readFileSync(new URL(import.meta.resolve(spec)));
    initSync({ module: file("groundcheck/groundcheck_bg.wasm"), loop: () => file("groundcheck/groundcheck_loop_bg.wasm") });
    const b = new WebValidator({}).check(${CHECK});
    // validate() loads the loop module: from disk under groundcheck/node, as named under initSync.
    const c = await new Validator({}).validate(${CHECK});
    const d = await new WebValidator({}).validate(${CHECK});
    console.log(a.decision, a.citations.outOfRange, JSON.stringify(a) === JSON.stringify(b), JSON.stringify(c) === JSON.stringify(d), c.decision);`;
  const r = nodeIn(["--input-type=module", "-e", esm]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), "RETRY 1 true true RETRY");
});

test("a loop module that cannot be loaded: validate() rejects with MODULE_UNAVAILABLE, check() works, the next call loads it", () => {
  const esm = `
    import { readFileSync } from "node:fs";
    import { initSync, Validator } from "groundcheck";
    const file = (spec) => readFileSync(new URL(import.meta.resolve(spec)));
    let tries = 0;
    initSync({ module: file("groundcheck/groundcheck_bg.wasm"), loop: () => {
      tries += 1;
      if (tries === 1) throw new Error("404 Not Found");
      return file("groundcheck/groundcheck_loop_bg.wasm");
    } });
    const v = new Validator({});
    const first = await v.validate(${CHECK}).then(() => "resolved", (e) => [e instanceof Error, e.code, e.field, e.cause?.message, /could not be loaded/.test(e.message)].join());
    const checked = v.check(${CHECK}).decision;
    const second = (await v.validate(${CHECK})).decision;
    console.log(first, checked, second, tries);`;
  const r = nodeIn(["--input-type=module", "-e", esm]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), "true,MODULE_UNAVAILABLE,,404 Not Found,true RETRY RETRY 2");
});

test("Node CommonJS: require('groundcheck') and require('groundcheck/node') load the wasm synchronously", () => {
  const cjs = `
    const t0 = process.hrtime.bigint();
    const gc = require("groundcheck");
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const report = new gc.Validator({}).check(${CHECK});
    new gc.Validator({}).validate(${CHECK}).then((full) => {
      console.log(report.decision, require("groundcheck/node") === gc, require.resolve("groundcheck").endsWith("js/node.cjs"), ms < 5000, full.decision);
    });`;
  const r = nodeIn(["-e", cjs]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), "RETRY true true true RETRY");
});

test("the exports map under a bundler's and a Worker's conditions", () => {
  const resolve = (conditions, spec) => {
    const r = nodeIn([...conditions.flatMap((c) => ["--conditions", c]), "--input-type=module", "-e", `console.log(import.meta.resolve(${JSON.stringify(spec)}))`]);
    assert.equal(r.status, 0, r.stderr);
    return fileURLToPath(r.stdout.trim()).slice(join(app, "node_modules", "groundcheck").length + 1);
  };
  for (const conditions of [["browser"], ["workerd", "worker", "browser"]]) {
    assert.equal(resolve(conditions, "groundcheck"), "js/index.js", conditions.join());
    assert.equal(resolve(conditions, "groundcheck/groundcheck_bg.wasm"), "pkg/groundcheck_bg.wasm");
    assert.equal(resolve(conditions, "groundcheck/badge"), "js/badge.js");
  }
  assert.equal(resolve([], "groundcheck/node"), "js/node.mjs");
  if (hasAdapters) assert.equal(resolve([], "groundcheck/adapters"), "js/adapters.mjs");
  for (const conditions of [[], ["browser"]]) {
    assert.equal(resolve(conditions, "groundcheck/highlight"), "js/highlight.mjs");
    assert.equal(resolve(conditions, "groundcheck/repair"), "js/repair.mjs");
    assert.equal(resolve(conditions, "groundcheck/sources"), "js/sources.mjs");
    assert.equal(resolve(conditions, "groundcheck/metrics"), "js/metrics.mjs");
  }
  // Under Node the adapters load the wasm through groundcheck/node; elsewhere the caller inits.
  assert.equal(resolve([], "groundcheck/ai-sdk"), "js/ai-sdk.node.mjs");
  assert.equal(resolve([], "groundcheck/langchain"), "js/langchain.node.mjs");
  // (Node always adds its "node" condition, so the non-Node branch is read from the map.)
  const { exports } = JSON.parse(readFileSync(join(app, "node_modules", "groundcheck", "package.json"), "utf8"));
  assert.equal(exports["./ai-sdk"].default, "./js/ai-sdk.mjs");
  assert.equal(exports["./langchain"].default, "./js/langchain.mjs");
  // The badge imports without a DOM (it only defines the element where there is one).
  const r = nodeIn(["--input-type=module", "-e", `import { ConfidenceBadge, levelOf } from "groundcheck/badge"; console.log(typeof ConfidenceBadge, levelOf(0.75));`]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), "function medium");
});

test("in workerd: a Worker importing 'groundcheck' and 'groundcheck/groundcheck_bg.wasm', resolved like a bundler would", async () => {
  // Resolve the two specifiers through the installed package's exports map with the
  // conditions wrangler uses, then give workerd the files under those module names.
  const resolved = (spec) => {
    const r = nodeIn(["--conditions", "workerd", "--conditions", "worker", "--conditions", "browser", "--input-type=module", "-e", `console.log(import.meta.resolve(${JSON.stringify(spec)}))`]);
    assert.equal(r.status, 0, r.stderr);
    return fileURLToPath(r.stdout.trim());
  };
  const mf = new Miniflare({
    compatibilityDate: "2025-01-01",
    modulesRoot: app,
    modules: [
      {
        type: "ESModule",
        path: join(app, "worker.js"),
        contents: `import { initSync, Validator } from "groundcheck";
          import module from "groundcheck/groundcheck_bg.wasm";
          initSync({ module });
          export default { fetch: () => Response.json(new Validator({}).check(${CHECK})) };`,
      },
      // "groundcheck" is js/index.js, which imports the glue and the guard next to it.
      { type: "ESModule", path: join(app, "groundcheck"), contents: `export * from "./${relative(app, resolved("groundcheck"))}"; export { default } from "./${relative(app, resolved("groundcheck"))}";` },
      { type: "ESModule", path: resolved("groundcheck"), contents: readFileSync(resolved("groundcheck"), "utf8") },
      { type: "ESModule", path: join(dirname(resolved("groundcheck")), "guard.js"), contents: readFileSync(join(dirname(resolved("groundcheck")), "guard.js"), "utf8") },
      { type: "ESModule", path: join(dirname(resolved("groundcheck")), "split.js"), contents: readFileSync(join(dirname(resolved("groundcheck")), "split.js"), "utf8") },
      { type: "ESModule", path: join(dirname(resolved("groundcheck")), "..", "pkg", "groundcheck.js"), contents: readFileSync(join(dirname(resolved("groundcheck")), "..", "pkg", "groundcheck.js"), "utf8") },
      { type: "CompiledWasm", path: join(app, "groundcheck", "groundcheck_bg.wasm"), contents: readFileSync(resolved("groundcheck/groundcheck_bg.wasm")) },
    ],
  });
  try {
    const report = await (await mf.dispatchFetch("http://x/")).json();
    assert.equal(report.decision, "RETRY");
  } finally {
    await mf.dispose();
  }
});

test("the installed highlight, repair, sources and ai-sdk entries work from Node", () => {
  const esm = `
    import { Validator, repair as fromNode } from "groundcheck/node";
    import { repair } from "groundcheck/repair";
    import { segments } from "groundcheck/highlight";
    import { fromLangChain } from "groundcheck/sources";
    import { groundcheckMiddleware } from "groundcheck/ai-sdk";
    const input = ${CHECK};
    const report = new Validator({}).check(input);
    const fixed = repair(report, input.answer);
    const segs = segments(input.answer, report);
    const src = fromLangChain([{ pageContent: "Paris is the capital of France.", metadata: {} }]);
    console.log(JSON.stringify([fixed.text, fromNode === repair, segs.map((s) => s.text).join("") === input.answer, src[0].id, groundcheckMiddleware({ sources: src }).specificationVersion]));`;
  const r = nodeIn(["--input-type=module", "-e", esm]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), ["Paris is the capital of France [1].", true, true, "1", "v3"]);
});

test("npx groundcheck runs the installed CLI", () => {
  writeFileSync(join(app, "input.json"), JSON.stringify(eval(CHECK)));
  const r = spawnSync("npx", ["--no-install", "groundcheck", "check", "input.json", "--json"], { cwd: app, encoding: "utf8" });
  assert.equal(r.status, 1, r.stderr);
  assert.equal(JSON.parse(r.stdout).report.decision, "RETRY");
});

test("TypeScript with bundler resolution sees the types of every entry point", () => {
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler", lib: ["es2022", "dom", "esnext.disposable"], types: [] },
      files: ["main.ts"],
    }),
  );
  writeFileSync(
    join(app, "main.ts"),
    `import init, { Validator, type Report } from "groundcheck";
     import { ConfidenceBadge } from "groundcheck/badge";
     import { segments, highlight, type Segment } from "groundcheck/highlight";
     import { repair, type Repaired } from "groundcheck/repair";
     import { fromLangChain, fromAiSdkSources } from "groundcheck/sources";
     import { groundcheckMiddleware, reportOf } from "groundcheck/ai-sdk";
     import { toRagas, toDeepEval, type DeepEvalResult } from "groundcheck/metrics";
     export function scores(report: Report): [number | null, DeepEvalResult] {
       return [toRagas(report).faithfulness, toDeepEval(report, 0.7)];
     }
     export function extras(report: Report, answer: string, el: HTMLElement): [Segment[], Repaired, number, string, Report | null] {
       highlight(el, answer, report);
       const sources = [...fromLangChain([{ pageContent: "x", metadata: {} }]), ...fromAiSdkSources([{ sourceType: "url", id: "u" }], { u: "y" })];
       return [segments(answer, report), repair(report, answer, { drop: ["UNSUPPORTED_CLAIM"], mode: "mark" }), sources.length, groundcheckMiddleware({ sources }).specificationVersion, reportOf({})];
     }
     export async function run(badge: ConfidenceBadge): Promise<string> {
       await init();
       const report: Report = new Validator({}).check(${CHECK});
       badge.report = report;
       return report.level;
     }`,
  );
  const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
  const r = nodeIn([tsc, "-p", "tsconfig.json"]);
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
});
