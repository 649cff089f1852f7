// The `npm start` demo page in Debian's Chromium through Playwright, served by
// scripts/serve.mjs exactly as `npm start` serves it. Screenshots go to test-results/.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";
import { Validator } from "../../js/node.mjs";
import { SAMPLES, SAMPLE_SOURCES } from "../../www/samples.js";

/** What the module says about each built-in sample, computed here in Node: the page must show the same. */
const expected = Object.fromEntries(SAMPLES.map(({ id, ...input }) => [id, new Validator({}).check(input)]));

const resultsDir = fileURLToPath(new URL("../../test-results/", import.meta.url));
let server;
let browser;
let base;

before(async () => {
  mkdirSync(resultsDir, { recursive: true });
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

/** A page that records console errors, page errors, failed requests and HTTP errors. */
async function openPage(path = "/", viewport = { width: 1360, height: 1000 }) {
  const page = await browser.newPage({ viewport });
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(`${base}${path}`);
  return { page, problems };
}

const lastAnswer = ".message.assistant:last-of-type";

test("first load streams a sample answer, the badge goes live, the unsupported claim is highlighted", async () => {
  const { page, problems } = await openPage();
  // While the answer streams in, no verdict: the badge says "Checking…", with no score,
  // and the decision line says "checking…".
  await page.waitForSelector(`${lastAnswer}[data-state="streaming"] confidence-badge[pending][data-level]`, { timeout: 20_000 });
  const streaming = await page.$eval(lastAnswer, (li) => {
    const badge = li.querySelector("confidence-badge");
    return {
      state: li.dataset.state,
      level: badge.dataset.level,
      score: badge.shadowRoot.querySelector(".score").textContent,
      word: badge.shadowRoot.querySelector(".word").textContent,
      label: badge.shadowRoot.querySelector(".badge").getAttribute("aria-label"),
      decision: li.querySelector(".decision").textContent,
      decided: li.querySelector(".decision").dataset.decision ?? null,
      findings: li.querySelector(".findings").textContent,
    };
  });
  if (streaming.state === "streaming") {
    assert.equal(streaming.level, "checking");
    assert.equal(streaming.score, "");
    assert.equal(streaming.word, "· Checking…");
    assert.match(streaming.label, /checking, the answer is still coming in/);
    assert.ok(["", "checking…"].includes(streaming.decision), streaming.decision);
    assert.equal(streaming.decided, null);
    assert.doesNotMatch(streaming.findings, /No problems found/, "no all-clear before the answer is complete");
    await page.screenshot({ path: `${resultsDir}demo-streaming.png`, clip: { x: 0, y: 0, width: 900, height: 700 } });
  }
  const interim = await page.$eval(`${lastAnswer} .answer`, (p) => p.textContent.length);
  await page.waitForSelector(`${lastAnswer}[data-state="done"]`, { timeout: 20_000 });
  const full = await page.$eval(`${lastAnswer} .answer`, (p) => p.textContent.length);
  assert.ok(interim < full, `the answer grew while streaming (${interim} → ${full} characters)`);
  await page.screenshot({ path: `${resultsDir}demo-first-load.png`, fullPage: true });

  assert.deepEqual(problems, []);
  // The page checks with the module's StreamingValidator (settled verdicts per sentence).
  assert.equal(await page.getAttribute(lastAnswer, "data-checker"), "streaming");
  const badge = page.locator(`${lastAnswer} confidence-badge`);
  const want = expected.unsupported;
  assert.ok(["medium", "low", "veryLow"].includes(want.level), `an unsupported claim is not ${want.level}`);
  assert.equal(await badge.getAttribute("data-level"), want.level);
  assert.equal(await badge.getAttribute("confidence"), String(want.confidence));
  assert.equal(await badge.getAttribute("pending"), null);
  assert.equal(await page.$eval(`${lastAnswer} .decision`, (d) => d.dataset.decision), "RETRY");
  const unsupported = await page.$$eval(`${lastAnswer} mark[data-kind="UNSUPPORTED_CLAIM"]`, (ms) => ms.map((m) => m.textContent).join(""));
  assert.equal(unsupported, "It was repainted in gold for the 2024 Olympic Games [2].");
  const findings = await page.$$eval(`${lastAnswer} .findings li`, (lis) => lis.map((li) => li.dataset.kind));
  assert.deepEqual(findings, want.warnings.map((w) => w.kind));
  assert.deepEqual(findings, ["UNSUPPORTED_CLAIM"]);
  // Findings in words, the code kept in a title (and data-kind); no "(veryLow)" anywhere.
  const named = await page.$eval(`${lastAnswer} .findings li .name`, (n) => [n.textContent, n.title]);
  assert.deepEqual(named, ["Claim not supported by the sources", "UNSUPPORTED_CLAIM"]);
  assert.equal(await page.$eval(`${lastAnswer} .decision`, (d) => d.textContent), "Needs another try");
  assert.match(await page.$eval(`${lastAnswer} mark[data-kind]`, (m) => m.title), /^1\. Claim not supported by the sources \(UNSUPPORTED_CLAIM\): /);
  const status = await page.textContent("#status");
  assert.doesNotMatch(status, /veryLow|RETRY/);
  assert.match(status, /^Checked: needs another try, confidence \d+% \((very low|low|medium)\)\.$/);
  await page.close();
});

test("the grounded sample gets a high badge; its breakdown shows on keyboard focus", async () => {
  const { page, problems } = await openPage("/?autoplay=0&tick=5");
  await page.waitForSelector("body[data-ready=true]");
  await page.click('button[data-sample="grounded"]');
  await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
  const badge = page.locator(`${lastAnswer} confidence-badge`);
  assert.equal(expected.grounded.level, "high");
  assert.equal(await badge.getAttribute("data-level"), "high");
  // Accessible: a focusable meter with a spoken value that names the level in words.
  const inner = badge.locator(".badge");
  assert.equal(await inner.getAttribute("role"), "meter");
  assert.match(await inner.getAttribute("aria-label"), /^Grounded \d+%, high, decision FINAL$/);
  await inner.focus();
  const tip = badge.locator(".tip");
  assert.equal(await tip.isVisible(), true, "breakdown visible on focus");
  assert.match(await tip.textContent(), /claims supported 2\/2/);
  await page.screenshot({ path: `${resultsDir}demo-badge-breakdown.png`, clip: { x: 0, y: 0, width: 900, height: 700 } });
  await page.keyboard.press("Escape");
  assert.equal(await tip.isVisible(), false, "Escape hides the breakdown");
  assert.equal(await page.$$eval(`${lastAnswer} mark.finding`, (ms) => ms.length), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a correct refusal shows its own state, not a score: no findings, not 'very low'", async () => {
  const { page, problems } = await openPage("/?autoplay=0&tick=5");
  await page.waitForSelector("body[data-ready=true]");
  await page.click('button[data-sample="refusal"]');
  await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
  const want = expected.refusal;
  assert.equal(want.decision, "CLARIFY");
  assert.equal(want.level, "abstained");
  assert.equal(want.abstained, true);
  const badge = page.locator(`${lastAnswer} confidence-badge`);
  assert.equal(await badge.getAttribute("data-level"), "abstained");
  const inner = badge.locator(".badge");
  assert.match(await inner.getAttribute("aria-label"), /^Grounded: not in the sources, decision CLARIFY$/);
  assert.equal(await badge.locator(".score").textContent(), "", "no percentage for a refusal");
  const items = await page.$$eval(`${lastAnswer} .findings li`, (lis) => lis.map((li) => li.textContent));
  assert.equal(items.length, 1);
  assert.match(items[0], /the sources do not hold what was asked/);
  assert.equal(await page.$$eval(`${lastAnswer} mark.finding`, (ms) => ms.length), 0);
  await page.screenshot({ path: `${resultsDir}demo-refusal.png`, clip: { x: 0, y: 0, width: 900, height: 700 } });
  assert.deepEqual(problems, []);
  await page.close();
});

test("misquote, phantom source and bad citation are highlighted; a citation shows its source and passage", async () => {
  const { page, problems } = await openPage("/?autoplay=0&tick=5");
  await page.waitForSelector("body[data-ready=true]");
  await page.click('button[data-sample="misquoted"]');
  await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
  const want = expected.misquoted;
  assert.ok(["low", "veryLow"].includes(want.level), want.level);
  assert.equal(await page.locator(`${lastAnswer} confidence-badge`).getAttribute("data-level"), want.level);
  const listed = await page.$$eval(`${lastAnswer} .findings li`, (lis) => lis.map((li) => li.dataset.kind));
  assert.deepEqual(listed, want.warnings.map((w) => w.kind));
  const marked = (kind) => page.$$eval(`${lastAnswer} mark[data-kind="${kind}"]`, (ms) => ms.map((m) => m.textContent).join(""));
  assert.equal(await marked("SNIPPET_MISMATCH"), '"lifts leave every five minutes from the north pillar"');
  assert.equal(await marked("PHANTOM_SOURCE"), "visitor-handbook.pdf");
  assert.equal(await marked("CITATION_OUT_OF_RANGE"), "[4]");

  // Hover the first [3]: the popover names the source and shows the matched passage,
  // and the source card highlights it.
  await page.hover(`${lastAnswer} .cite >> nth=0`);
  const pop = page.locator("#popover");
  await pop.waitFor({ state: "visible" });
  assert.match(await pop.textContent(), /\[3\] Visiting the tower/);
  assert.match(await pop.locator("blockquote").textContent(), /276 metres above the ground/);
  assert.match(await page.locator("#source-2 mark.passage").textContent(), /276 metres/);
  await page.screenshot({ path: `${resultsDir}demo-citation-hover.png`, fullPage: true });

  // The out-of-range [4], reached by keyboard, says there is no such source.
  await page.focus(`${lastAnswer} .cite.invalid`);
  assert.match(await pop.textContent(), /\[4\]: no such source/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("your own answer and sources (plain text, one per paragraph) are checked; bad input shows the coded error", async () => {
  const { page, problems } = await openPage("/?autoplay=0&tick=0");
  await page.waitForSelector("body[data-ready=true]");
  await page.click("#own summary");
  await page.fill("#own-question", "What is the capital of France?");
  await page.fill("#own-answer", "Paris is the capital of France [1]. It has 9 million residents [2].");
  await page.fill("#own-sources", "Paris is the capital and largest city of France.\n\nParis had about 2.1 million residents in 2024.");
  await page.click("#own-form button[type=submit]");
  await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
  const kinds = await page.$$eval(`${lastAnswer} .findings li`, (lis) => lis.map((li) => li.dataset.kind));
  // 9 million where the source says about 2.1 million: a contradiction by quantity.
  assert.ok(kinds.includes("CONTRADICTION"), kinds.join());
  assert.match(await page.textContent("#sources"), /s2/);

  // A wrong type: the message in plain words, its code and field, the field marked.
  await page.fill("#own-sources", '[{"id": "s", "content": 42}]');
  await page.click("#own-form button[type=submit]");
  assert.match(await page.textContent("#own-status"), /^sources\[0\]\.content must be a string, got the number 42 INVALID_TYPE · sources\[0\]\.content$/);
  assert.equal(await page.getAttribute("#own-sources", "aria-invalid"), "true");
  assert.equal(await page.getAttribute("#own-sources", "aria-errormessage"), "own-status");
  assert.equal(await page.getAttribute("#own-question", "aria-invalid"), null);
  assert.match(await page.getAttribute('label[for="own-sources"]', "class"), /invalid/);
  assert.equal(await page.evaluate(() => document.activeElement.id), "own-sources");
  // Bad JSON: INVALID_JSON, the code the CLI and the Worker use, on the sources box.
  await page.fill("#own-sources", '[{"id": "s", content: 1}]');
  assert.equal(await page.getAttribute("#own-sources", "aria-invalid"), null, "typing clears the mark");
  await page.click("#own-form button[type=submit]");
  assert.equal(await page.getAttribute("#own-status", "data-code"), "INVALID_JSON");
  assert.match(await page.textContent("#own-status"), /^The sources are not valid JSON: .* INVALID_JSON · sources$/);
  assert.equal(await page.getAttribute("#own-sources", "aria-invalid"), "true");
  await page.screenshot({ path: `${resultsDir}demo-invalid-field.png`, clip: { x: 820, y: 0, width: 540, height: 1000 } });
  // A blank question (spaces pass the browser's `required`): the question box is marked.
  await page.fill("#own-sources", "Paris is the capital of France.");
  await page.fill("#own-question", "   ");
  await page.click("#own-form button[type=submit]");
  assert.equal(await page.getAttribute("#own-question", "aria-invalid"), "true");
  assert.equal(await page.getAttribute("#own-sources", "aria-invalid"), null);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the status line follows the newest answer, not the one that finishes last", async () => {
  // The first sample streams slowly; your own answer, checked meanwhile, finishes first.
  const { page, problems } = await openPage("/?tick=60");
  await page.waitForSelector("body[data-ready=true]");
  await page.click("#own summary");
  await page.fill("#own-question", "When did the band split?");
  await page.fill("#own-answer", "The band broke up in 1970 [1].");
  await page.fill("#own-sources", "The band broke up in 1970.");
  await page.click("#own-form button[type=submit]");
  await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
  assert.match(await page.textContent("#status"), /^Checked: accepted, confidence 100% \(high\)\.$/);
  // The sample, started first, finishes later and must not overwrite it.
  await page.waitForFunction(() => [...document.querySelectorAll(".message.assistant")].every((m) => m.dataset.state === "done"));
  assert.equal(await page.$$eval(".message.assistant", (ms) => ms.length), 2);
  assert.match(await page.textContent("#status"), /^Checked: accepted, confidence 100% \(high\)\.$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("an OpenAI-compatible endpoint's streamed answer is checked live (endpoint mocked in the browser)", async () => {
  const { page, problems } = await openPage("/?autoplay=0");
  await page.waitForSelector("body[data-ready=true]");
  const seen = [];
  await page.route("http://llm.test/v1/chat/completions", async (route) => {
    const body = route.request().postDataJSON();
    seen.push(body);
    const pieces = ["The Eiffel Tower is ", "330 metres tall [2]. ", "It has 400 floors [2]."];
    const sse = pieces.map((p) => `data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`).join("") + "data: [DONE]\n\n";
    await route.fulfill({ status: 200, headers: { "content-type": "text/event-stream", "access-control-allow-origin": "*" }, body: sse });
  });
  await page.click("#endpoint summary");
  await page.fill("#endpoint-url", "http://llm.test/v1");
  await page.fill("#endpoint-model", "test-model");
  await page.fill("#endpoint-key", "sk-test");
  await page.check("#endpoint-on");
  await page.click("#endpoint-form button[type=submit]");
  await page.fill("#question", "How tall is it?");
  await page.press("#question", "Enter");
  await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
  assert.equal(seen.length, 1);
  assert.equal(seen[0].model, "test-model");
  assert.equal(seen[0].stream, true);
  assert.match(seen[0].messages[1].content, /\[2\] Eiffel Tower: key figures/);
  const text = await page.$eval(`${lastAnswer} .answer`, (p) => {
    const copy = p.cloneNode(true);
    for (const sup of copy.querySelectorAll("sup")) sup.remove(); // the finding numbers
    return copy.textContent;
  });
  assert.equal(text, "The Eiffel Tower is 330 metres tall [2]. It has 400 floors [2].");
  // The page marks what the module finds for this answer (computed here in Node): the
  // invented floor count is unsupported. No source states a number of floors (the top
  // floor's 276 metres is another quantity), so it is not a contradiction.
  const answer = "The Eiffel Tower is 330 metres tall [2]. It has 400 floors [2].";
  const want = new Validator({}).check({ question: "How tall is it?", answer, sources: SAMPLE_SOURCES });
  const kinds = want.warnings.map((w) => w.kind);
  assert.ok(kinds.includes("UNSUPPORTED_CLAIM") && !kinds.includes("CONTRADICTION"), kinds.join());
  for (const w of want.warnings) {
    const marked = await page.$$eval(`${lastAnswer} mark[data-kind="${w.kind}"]`, (ms) => ms.map((m) => m.textContent).join(""));
    assert.equal(marked, answer.slice(w.span.start, w.span.end), w.kind);
  }
  assert.equal(answer.slice(want.warnings[0].span.start, want.warnings[0].span.end), "It has 400 floors [2].");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a narrow screen still shows the conversation", async () => {
  const { page, problems } = await openPage("/?tick=0", { width: 420, height: 900 });
  await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
  await page.screenshot({ path: `${resultsDir}demo-narrow.png`, fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

/** The rectangles of the citation's line and the line after it, and the popover's. */
async function popoverOverlap(page, selector) {
  return page.$eval(selector, (cite) => {
    const pop = document.getElementById("popover").getBoundingClientRect();
    const r = cite.getBoundingClientRect();
    const line = parseFloat(getComputedStyle(cite.closest(".answer")).lineHeight);
    const answer = cite.closest(".answer").getBoundingClientRect();
    // The band from the citation's line to the end of the next line, across the answer.
    const band = { top: r.top, bottom: Math.min(answer.bottom, r.bottom + line), left: answer.left, right: answer.right };
    const overlaps = pop.top < band.bottom && band.top < pop.bottom && pop.left < band.right && band.left < pop.right;
    return { overlaps, pop: [pop.top, pop.bottom], band: [band.top, band.bottom], scrollY: window.scrollY };
  });
}

test("citation popovers cover no line still to be read and never scroll the page (wide and narrow)", async () => {
  for (const viewport of [{ width: 1360, height: 1000 }, { width: 390, height: 760 }]) {
    const { page, problems } = await openPage("/?autoplay=0&tick=0", viewport);
    await page.waitForSelector("body[data-ready=true]");
    await page.click('button[data-sample="misquoted"]');
    await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
    const cites = await page.$$(`${lastAnswer} .cite`);
    assert.ok(cites.length >= 3);
    for (const [k, cite] of cites.entries()) {
      await cite.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      if (viewport.width < 800) await cite.tap?.().catch(() => cite.click());
      else await cite.hover();
      await page.locator("#popover").waitFor({ state: "visible" });
      const o = await popoverOverlap(page, `${lastAnswer} .cite >> nth=${k}`);
      assert.equal(o.overlaps, false, `${viewport.width}px, citation ${k}: popover ${o.pop} over the lines ${o.band}`);
      assert.equal(await page.evaluate(() => window.scrollY), before, `${viewport.width}px: the page did not scroll`);
      if (k === 1) await page.screenshot({ path: `${resultsDir}demo-popover-${viewport.width < 800 ? "narrow" : "wide"}.png` });
    }
    if (viewport.width < 800) {
      assert.match(await page.getAttribute("#popover", "class"), /sheet/);
      await page.click("#popover .close");
      assert.equal(await page.isVisible("#popover"), false, "the sheet closes");
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test("dark mode: page, badge and highlights follow prefers-color-scheme (screenshots light and dark)", async () => {
  for (const scheme of ["light", "dark"]) {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 }, colorScheme: scheme });
    const problems = [];
    page.on("pageerror", (err) => problems.push(err.message));
    await page.goto(`${base}/?sample=misquoted&tick=0`);
    await page.waitForSelector(`${lastAnswer}[data-state="done"]`);
    const look = await page.evaluate(() => {
      const badge = document.querySelector(".message.assistant:last-of-type confidence-badge").shadowRoot.querySelector(".badge");
      const mark = document.querySelector(".message.assistant:last-of-type mark.finding");
      return {
        body: getComputedStyle(document.documentElement).backgroundColor,
        text: getComputedStyle(document.body).color,
        badge: getComputedStyle(badge).backgroundColor,
        badgeText: getComputedStyle(badge).color,
        mark: getComputedStyle(mark).backgroundColor,
        card: getComputedStyle(document.querySelector(".chat")).backgroundColor,
        input: getComputedStyle(document.getElementById("question")).backgroundColor,
      };
    });
    const lum = (rgb) => {
      const [r, g, b] = rgb.match(/\d+/g).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    if (scheme === "dark") {
      for (const k of ["body", "badge", "mark", "card", "input"]) assert.ok(lum(look[k]) < 0.25, `${k} ${look[k]} is dark`);
      assert.ok(lum(look.text) > 0.7, `text ${look.text} is light`);
      assert.ok(lum(look.badgeText) > 0.4, `badge text ${look.badgeText} reads on dark`);
    } else {
      for (const k of ["body", "badge", "mark", "card", "input"]) assert.ok(lum(look[k]) > 0.75, `${k} ${look[k]} is light`);
    }
    await page.hover(`${lastAnswer} .cite >> nth=1`);
    await page.screenshot({ path: `${resultsDir}demo-${scheme}.png`, fullPage: true });
    await page.locator(`${lastAnswer} confidence-badge .badge`).focus();
    await page.screenshot({ path: `${resultsDir}demo-badge-${scheme}.png`, clip: { x: 0, y: 0, width: 900, height: 620 } });
    assert.deepEqual(problems, []);
    await page.close();
  }
  const narrow = await browser.newPage({ viewport: { width: 390, height: 760 }, colorScheme: "dark", hasTouch: true, isMobile: true });
  await narrow.goto(`${base}/?sample=misquoted&tick=0`);
  await narrow.waitForSelector(`${lastAnswer}[data-state="done"]`);
  await narrow.tap(`${lastAnswer} .cite >> nth=1`);
  await narrow.screenshot({ path: `${resultsDir}demo-narrow-dark.png` });
  await narrow.close();
});

test("the server serves www/, pkg/ and js/, and answers 404 outside them", async () => {
  assert.equal((await fetch(`${base}/../Cargo.toml`)).status, 404);
  assert.equal((await fetch(`${base}/js/../Cargo.toml`)).status, 404);
  assert.match((await fetch(`${base}/app.js`)).headers.get("content-type"), /^text\/javascript/);
  assert.match((await fetch(`${base}/js/badge.js`)).headers.get("content-type"), /^text\/javascript/);
  assert.equal((await fetch(`${base}/pkg/groundcheck_bg.wasm`)).headers.get("content-type"), "application/wasm");
});
