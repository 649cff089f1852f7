// groundcheck/highlight: segments from UTF-16 spans (emoji, CJK, accents, nested and
// overlapping spans), then the DOM rendering in Chromium, where escaping is real.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";
import { Validator } from "../../js/node.mjs";
import { findings, segments, severityOf } from "../../js/highlight.mjs";

const sources = [
  { id: "a", content: "Le café « Œuvre » a ouvert en 1921 à Montréal. 東京タワーの高さは333メートルです。" },
  { id: "b", content: "The rocket 🚀 launched in 2019 from Kourou." },
];

/** The text of the segments a span covers, rejoined. */
const textOf = (segs, pred) => segs.filter(pred).map((s) => s.text).join("");

test("segments rejoin to the answer and carry real findings at the right UTF-16 offsets (emoji, CJK, accents)", () => {
  const answer = "🚀 Le café « Œuvre » a ouvert en 1921 à Montréal [1]. 東京タワーの高さは333メートルです [1]. It launched in 2019 from Kourou [4].";
  const report = new Validator({}).check({ question: "Facts?", answer, sources });
  const segs = segments(answer, report);
  assert.equal(segs.map((s) => s.text).join(""), answer);
  for (const s of segs) assert.equal(s.text, answer.slice(s.start, s.end));
  for (let i = 1; i < segs.length; i++) assert.equal(segs[i].start, segs[i - 1].end, "no gaps");
  const out = findings(report).find((f) => f.kind === "CITATION_OUT_OF_RANGE");
  assert.ok(out, JSON.stringify(report.warnings));
  assert.equal(out.severity, "severe");
  assert.equal(textOf(segs, (s) => s.findings.some((f) => f.n === out.n)), "[4]");
  // The marker [4] is a citation segment pointing at its index among the markers.
  const four = segs.find((s) => s.text === "[4]");
  assert.equal(four.citation.raw, "[4]");
  assert.equal(four.citation.valid, false);
  assert.equal(report.citations.markers[four.citation.index].raw, "[4]");
  // Every claim's text is recovered exactly from the segments it covers, CJK included.
  for (const claim of report.claims) {
    const covered = textOf(segs, (s) => s.claim && s.claim.span.start === claim.span.start && s.claim.span.end === claim.span.end);
    assert.equal(covered, answer.slice(claim.span.start, claim.span.end));
  }
  assert.ok(report.claims.some((c) => answer.slice(c.span.start, c.span.end).includes("東京タワー")));
});

test("nested and overlapping spans are split at every boundary, innermost finding first", () => {
  const answer = "Zoë said 🙂 naïve [2] things";
  //              0123456789...: "🙂" is two UTF-16 units
  const i = (s) => answer.indexOf(s);
  const report = {
    warnings: [
      { kind: "UNSUPPORTED_CLAIM", message: "outer", span: { start: 0, end: answer.length }, details: {} },
      { kind: "CITATION_OUT_OF_RANGE", message: "inner", span: { start: i("[2]"), end: i("[2]") + 3 }, details: {} },
      { kind: "SNIPPET_MISMATCH", message: "overlap", span: { start: i("🙂"), end: i("[2]") + 1 }, details: {} },
      { kind: "JUDGE_FAILED", message: "whole answer", span: null, details: {} },
    ],
    claims: [{ text: answer, span: { start: 0, end: answer.length }, status: "unsupported" }],
    citations: { markers: [{ raw: "[2]", start: i("[2]"), end: i("[2]") + 3, valid: false, sourceIndexes: [] }] },
  };
  const segs = segments(answer, report);
  assert.deepEqual(
    segs.map((s) => [s.text, s.findings.map((f) => f.n)]),
    [
      ["Zoë said ", [1]],
      ["🙂 naïve ", [3, 1]],
      ["[", [2, 3, 1]], // "[2]" (3 units) is narrower than the overlap
      ["2]", [2, 1]],
      [" things", [1]],
    ],
  );
  assert.ok(segs.every((s) => s.claim?.status === "unsupported"));
  assert.deepEqual(segs.filter((s) => s.citation).map((s) => s.text), ["[", "2]"]);
  assert.equal(findings(report)[3].n, 4, "a finding without a span keeps its number");
  assert.equal(severityOf("UNSUPPORTED_CLAIM"), "caution");
});

test("spans past the end are clamped, a missing report gives one plain segment", () => {
  const answer = "東京 is big";
  assert.deepEqual(segments(answer, null), [{ text: answer, start: 0, end: answer.length, findings: [] }]);
  const segs = segments(answer, { warnings: [{ kind: "UNSUPPORTED_CLAIM", message: "m", span: { start: 3, end: 99 }, details: {} }] });
  assert.deepEqual(segs.map((s) => s.text), ["東京 ", "is big"]);
  assert.throws(() => segments(42, null), TypeError);
});

let server;
let browser;
let base;
before(async () => {
  server = await serve({ port: 0, quiet: true });
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
});
after(async () => {
  await browser?.close();
  await new Promise((r) => (server ? server.close(r) : r()));
});

test("highlight() in Chromium: answer HTML stays text, marks nest, numbers and badge colours", async () => {
  const answer = `<img src=x onerror="window.pwned=1"> Paris <b>is</b> 🚀 big [4] & more`;
  const i = (s) => answer.indexOf(s);
  const report = {
    warnings: [
      { kind: "UNSUPPORTED_CLAIM", message: "<i>not</i> supported", span: { start: 0, end: i(" & more") }, details: {} },
      { kind: "CITATION_OUT_OF_RANGE", message: "[4] cites nothing", span: { start: i("[4]"), end: i("[4]") + 3 }, details: {} },
    ],
    claims: [],
    citations: { markers: [{ raw: "[4]", start: i("[4]"), end: i("[4]") + 3, valid: false, sourceIndexes: [] }] },
  };
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}/js/highlight.d.ts`); // any same-origin document
  const result = await page.evaluate(
    async ({ answer, report }) => {
      const { highlight } = await import("/js/highlight.mjs");
      const host = document.createElement("div");
      document.body.replaceChildren(host);
      const returned = highlight(host, answer, report);
      const marks = [...host.querySelectorAll("mark")];
      await new Promise((r) => setTimeout(r, 50)); // an injected onerror would have fired
      return {
        same: returned === host,
        text: [...host.childNodes].filter((n) => n.nodeName !== "SUP").map((n) => n.textContent).join(""),
        imgs: host.querySelectorAll("img, b, i").length,
        pwned: window.pwned ?? null,
        marks: marks.map((m) => ({ n: m.dataset.n, kind: m.dataset.kind, cls: m.className, title: m.title, bg: getComputedStyle(m).backgroundColor, text: m.textContent })),
        nested: host.querySelector('mark[data-n="1"] > mark[data-n="2"] > span.gc-cite.gc-invalid')?.textContent ?? null,
        sups: [...host.querySelectorAll("sup.gc-ref")].map((s) => [s.textContent, s.className, s.previousSibling.textContent]),
        cite: host.querySelector(".gc-cite").getAttribute("data-marker"),
        tab: host.querySelector(".gc-cite").tabIndex,
      };
    },
    { answer, report },
  );
  assert.deepEqual(errors, []);
  assert.equal(result.same, true);
  assert.equal(result.text, answer, "the answer's markup is shown as text");
  assert.equal(result.imgs, 0, "no element was parsed from the answer");
  assert.equal(result.pwned, null);
  assert.equal(result.nested, "[4]", "the out-of-range marker sits inside both marks, innermost first");
  assert.deepEqual(result.marks.map((m) => m.n), ["1", "1", "2"]);
  assert.equal(result.marks[0].text, `<img src=x onerror="window.pwned=1"> Paris <b>is</b> 🚀 big `);
  assert.equal(result.marks[0].cls, "gc-finding gc-caution");
  assert.equal(result.marks[0].bg, "rgb(255, 231, 204)"); // the badge's "low" background, #ffe7cc
  assert.equal(result.marks[2].cls, "gc-finding gc-severe");
  assert.equal(result.marks[2].bg, "rgb(255, 220, 215)"); // the badge's "very low" background, #ffdcd7
  assert.equal(result.marks[0].title, "1. Claim not supported by the sources (UNSUPPORTED_CLAIM): <i>not</i> supported");
  // Both findings end after "[4]": their numbers follow it, in order, outside the marks.
  assert.deepEqual(result.sups, [
    ["1", "gc-ref gc-caution", "[4]"],
    ["2", "gc-ref gc-severe", "1"],
  ]);
  assert.equal(result.cite, "0");
  assert.equal(result.tab, 0);
  await page.close();
});

test("highlightHTML(): the DOM rendering as an escaped string, equal node for node in Chromium", async () => {
  const { highlightHTML, findingName, FINDING_NAMES } = await import("../../js/highlight.mjs");
  const answer = `<script>alert("x")</script> O'Brien & co 🚀 built it [4] in 1889 [1].`;
  const i = (s) => answer.indexOf(s);
  const report = {
    warnings: [
      { kind: "UNSUPPORTED_CLAIM", message: `"quoted" <b>msg</b>`, span: { start: 0, end: i(" in 1889") }, details: {} },
      { kind: "CITATION_OUT_OF_RANGE", message: "[4] cites nothing", span: { start: i("[4]"), end: i("[4]") + 3 }, details: {} },
    ],
    claims: [],
    citations: {
      markers: [
        { raw: "[4]", start: i("[4]"), end: i("[4]") + 3, valid: false, sourceIndexes: [] },
        { raw: "[1]", start: i("[1]"), end: i("[1]") + 3, valid: true, sourceIndexes: [0] },
      ],
    },
  };
  for (const styles of [false, true]) {
    const html = highlightHTML(answer, report, { styles });
    assert.ok(!html.includes("<script>") && !html.includes("<b>"), html);
    assert.ok(html.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; co 🚀"), html);
    const page = await browser.newPage();
    await page.goto(`${base}/js/highlight.d.ts`);
    const same = await page.evaluate(
      async ({ answer, report, html, styles }) => {
        const { highlightFragment } = await import("/js/highlight.mjs");
        const dom = document.createElement("div");
        dom.append(highlightFragment(document, answer, report, { styles }));
        const parsed = document.createElement("div");
        parsed.innerHTML = html;
        // Inline styles serialise differently (#hex vs rgb()); compare them as computed.
        const look = (root) => [...root.querySelectorAll("[style]")].map((n) => n.style.cssText);
        const stylesOf = [look(dom), look(parsed)];
        for (const n of [...dom.querySelectorAll("[style]"), ...parsed.querySelectorAll("[style]")]) n.removeAttribute("style");
        return { equal: dom.isEqualNode(parsed), text: parsed.textContent === dom.textContent, stylesOf };
      },
      { answer, report, html, styles },
    );
    assert.equal(same.equal, true, `styles ${styles}: ${html}`);
    assert.equal(same.text, true);
    assert.deepEqual(same.stylesOf[0], same.stylesOf[1]);
    await page.close();
  }
  assert.equal(findingName("UNSUPPORTED_CLAIM"), "Claim not supported by the sources");
  assert.equal(findingName("SOMETHING_NEW"), "SOMETHING_NEW");
  // Every kind of the package's WarningKind type has a name, and nothing else does.
  const { readFileSync } = await import("node:fs");
  const dts = readFileSync(fileURLToPath(new URL("../../pkg/groundcheck.d.ts", import.meta.url)), "utf8");
  const union = dts.match(/type WarningKind =([^;]*);/);
  assert.ok(union, "pkg/groundcheck.d.ts declares WarningKind");
  const kinds = [...union[1].matchAll(/"([A-Z_]+)"/g)].map((m) => m[1]).sort();
  assert.ok(kinds.includes("MISATTRIBUTED_CITATION") && kinds.length >= 13, kinds.join(" "));
  assert.deepEqual(Object.keys(FINDING_NAMES).sort(), kinds, "every warning kind has a name");
});

test("the CLI's HTML report in Chromium: nothing fetched, no script run, light and dark (screenshots)", async () => {
  const { spawnSync } = await import("node:child_process");
  const { mkdtempSync, writeFileSync, rmSync, mkdirSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { SAMPLES } = await import("../../www/samples.js");
  const dir = mkdtempSync(join(tmpdir(), "groundcheck-report-"));
  const results = fileURLToPath(new URL("../../test-results/", import.meta.url));
  mkdirSync(results, { recursive: true });
  try {
    const input = join(dir, "samples.jsonl");
    const hostile = { id: "x", question: "<script>window.pwned=1</script>?", answer: "It is <img src=x onerror=window.pwned=1> 9 metres [1].", sources: SAMPLES[0].sources, label: false };
    writeFileSync(input, [...SAMPLES.map((s) => ({ id: s.id, question: s.question, answer: s.answer, sources: s.sources, label: s.id === "grounded" })), hostile].map((x) => JSON.stringify(x)).join("\n"));
    const out = join(dir, "report.html");
    const bin = fileURLToPath(new URL("../../bin/groundcheck.mjs", import.meta.url));
    const r = spawnSync(process.execPath, [bin, "check", input, "--report", out, "--no-progress"], { encoding: "utf8" });
    assert.equal(r.status, 1, r.stderr);
    for (const colorScheme of ["light", "dark"]) {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, colorScheme });
      const requests = [];
      const errors = [];
      page.on("request", (req) => !req.url().startsWith("file:") && requests.push(req.url()));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`file://${out}`);
      const seen = await page.evaluate(() => ({
        pwned: window.pwned ?? null,
        svgs: document.querySelectorAll("svg").length,
        marks: document.querySelectorAll("mark.gc-finding").length,
        bg: getComputedStyle(document.body).backgroundColor,
      }));
      assert.deepEqual(requests, []);
      assert.deepEqual(errors, []);
      assert.equal(seen.pwned, null);
      assert.equal(seen.svgs, 2);
      assert.ok(seen.marks > 0);
      assert.equal(seen.bg, colorScheme === "dark" ? "rgb(13, 17, 23)" : "rgb(246, 247, 249)");
      await page.screenshot({ path: join(results, `report-${colorScheme}.png`), fullPage: true });
      await page.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
