// The CLI (bin/groundcheck.mjs) as a subprocess, the way `npx groundcheck` runs it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { OUT_OF_RANGE, SOURCES } from "./fixtures.mjs";

const BIN = fileURLToPath(new URL("../../bin/groundcheck.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "groundcheck-cli-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const GOOD = {
  id: "good",
  question: "What is the capital of France?",
  answer: "Paris is the capital of France [1]. Paris had about 2.1 million residents in 2024 [2].",
  sources: SOURCES,
};
const BAD = { id: "bad", ...OUT_OF_RANGE };

function file(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const jsonl = (...items) => items.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join("\n") + "\n";

function cli(args, input) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", input, env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test("one accepted answer: exit 0, readable report and summary", () => {
  const r = cli(["check", file("good.json", JSON.stringify(GOOD, null, 2))]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /FINAL · accept · confidence 1\.00 \(high\)/);
  assert.match(r.out, /no warnings/);
  assert.match(r.out, /1 checked: 1 accepted, 0 not accepted, 0 input errors/);
  assert.equal(r.err, "", "no progress bar when stderr is not a terminal");
});

test("a rejected answer: exit 1, the span marked in the text and the warning listed", () => {
  const r = cli(["check", file("bad.json", JSON.stringify(BAD))]);
  assert.equal(r.code, 1, r.err);
  assert.match(r.out, /RETRY/);
  assert.ok(r.out.includes("It has 2.1 million residents ⟦[4]⟧¹."), r.out);
  assert.match(r.out, /1\. CITATION_OUT_OF_RANGE "\[4\]"/);
  assert.match(r.out, /1 checked: 0 accepted, 1 not accepted \(1 RETRY\)/);
});

test("a JSONL batch with --json: one record per line, summary on stderr", () => {
  const r = cli(["check", file("batch.jsonl", jsonl(GOOD, BAD, GOOD)), "--json"]);
  assert.equal(r.code, 1, r.err);
  const records = r.out.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(
    records.map((x) => [x.index, x.id, x.line, x.report.decision]),
    [
      [1, "good", 1, "FINAL"],
      [2, "bad", 2, "RETRY"],
      [3, "good", 3, "FINAL"],
    ],
  );
  assert.equal(records[1].report.citations.outOfRange, 1);
  assert.match(r.err, /3 checked: 2 accepted, 1 not accepted \(1 RETRY\), 0 input errors/);
});

test("a JSON array file is a batch too", () => {
  const r = cli(["check", file("array.json", JSON.stringify([GOOD, GOOD])), "--json"]);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out.trim().split("\n").length, 2);
});

test("stdin (-): JSONL and a pretty-printed document", () => {
  const lines = cli(["check", "-", "--json"], jsonl(GOOD, GOOD));
  assert.equal(lines.code, 0, lines.err);
  assert.equal(lines.out.trim().split("\n").length, 2);
  const doc = cli(["check", "-"], JSON.stringify(BAD, null, 2));
  assert.equal(doc.code, 1, doc.err);
  assert.match(doc.out, /CITATION_OUT_OF_RANGE/);
});

test("a bad JSON line: exit 2 naming the line; the other lines are still checked", () => {
  const path = file("broken.jsonl", jsonl(GOOD, "{not json", GOOD));
  const r = cli(["check", path, "--json"]);
  assert.equal(r.code, 2);
  assert.match(r.err, /broken\.jsonl:2: INVALID_JSON: not valid JSON \(/);
  const records = r.out.trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(records.map((x) => (x.error ? `error@${x.line}` : x.report.decision)), ["FINAL", "error@2", "FINAL"]);
  // The same code as the Worker's and the demo's for text that is not JSON.
  assert.equal(records[1].error.code, "INVALID_JSON");
  assert.equal(records[1].error.field, null);
  const whole = cli(["check", file("broken.json", "{not json"), "--json"]);
  assert.equal(whole.code, 2);
  assert.equal(JSON.parse(whole.out).error.code, "INVALID_JSON");
  const notObject = cli(["check", "-", "--json"], "[1]\n");
  assert.deepEqual(JSON.parse(notObject.out).error.code, "INVALID_TYPE");
});

test("an input the validator rejects: exit 2 with its code and field", () => {
  const r = cli(["check", "-"], jsonl({ question: "q?", answer: "a", sources: [{ id: "s", content: 42 }] }));
  assert.equal(r.code, 2);
  assert.match(r.err, /<stdin>:1: INVALID_TYPE \(field sources\[0\]\.content\)/);
});

test("usage errors: exit 2 with a clear message", () => {
  const cases = [
    [[], /no command given/],
    [["lint", "x.json"], /unknown command "lint"/],
    [["check"], /check needs a file/],
    [["check", join(dir, "missing.json")], /no such file/],
    [["check", "-", "--frobnicate"], /unknown option --frobnicate/],
    [["check", "-", "--threshold", "high"], /--threshold must be a number/],
    [["check", "-", "--threshold", "7"], /bad config: INVALID_VALUE config\.threshold/],
  ];
  for (const [args, message] of cases) {
    const r = cli(args, "");
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.err}`);
    assert.match(r.err, message, args.join(" "));
  }
  assert.equal(cli(["check", "-"], "\n").code, 2, "no inputs");
  const help = cli(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.out, /usage: groundcheck check/);
});

test("--threshold, --config and a per-input config are applied", () => {
  const strict = cli(["check", file("good2.json", JSON.stringify(GOOD)), "--threshold", "1"]);
  assert.equal(strict.code, 0, "confidence 1.00 still passes a threshold of 1");
  const cfg = file("cfg.json", JSON.stringify({ citations: { requirePerClaim: false } }));
  const r = cli(["check", "-", "--config", cfg, "--json"], jsonl({ ...GOOD, config: { threshold: 0.5 } }));
  assert.equal(r.code, 0, r.err);
  // A per-input config is checked like any config: a bad key is an input error.
  const bad = cli(["check", "-"], jsonl({ ...GOOD, config: { threshhold: 0.5 } }));
  assert.equal(bad.code, 2);
  assert.match(bad.err, /UNKNOWN_FIELD \(field config\.threshhold\)/);
});

test("--progress draws a bar on stderr for a batch", () => {
  const r = cli(["check", file("p.jsonl", jsonl(GOOD, GOOD, GOOD)), "--progress", "--json"]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /\[#+\] 3\/3/);
});

test("the README's CLI example is what the CLI prints", () => {
  const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
  const block = readme.match(/```text\n\$ npx groundcheck check paris\.json\n([\s\S]*?)```/);
  assert.ok(block, "README has the CLI example");
  const r = cli(["check", file("paris.json", JSON.stringify({ id: "paris", ...OUT_OF_RANGE }))]);
  assert.equal(r.code, 1, r.err);
  assert.equal(r.out.trimEnd(), block[1].trimEnd());
});

test("with stderr on a terminal the bar appears by default; piped, it does not", { skip: !existsSync("/usr/bin/script") && "no script(1)" }, () => {
  const path = file("tty.jsonl", jsonl(GOOD, BAD, GOOD));
  // script(1) runs the CLI on a pseudo-terminal; stdout goes to /dev/null, stderr stays on the terminal.
  const r = spawnSync("/usr/bin/script", ["-qfec", `"${process.execPath}" "${BIN}" check "${path}" --json >/dev/null`, "/dev/null"], { encoding: "utf8" });
  // Redrawn at most every 100 ms (and for the last input), with the rate and the time left.
  assert.match(r.stdout, /\[#+\.*\] 3\/3 \(100%\) · [\d.]+\/s · done in 0:\d\d/);
  assert.match(r.stdout, /3 checked: 2 accepted, 1 not accepted/);
  const piped = cli(["check", path, "--json"]);
  assert.doesNotMatch(piped.err, /\[#/);
});

test("an invalid first line loses no valid line (stdin, and a file that is not .jsonl)", () => {
  const lines = jsonl("{ not json", GOOD, BAD);
  for (const [args, input] of [[["check", "-", "--json"], lines], [["check", file("batch.txt", lines), "--json"]]]) {
    const r = cli(args, input);
    assert.equal(r.code, 2, r.err);
    const records = r.out.trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(records.map((x) => [x.line, x.report?.decision ?? "error"]), [[1, "error"], [2, "FINAL"], [3, "RETRY"]], r.out);
  }
});

test("a UTF-8 byte order mark is not an error (.json, and line 1 of .jsonl)", () => {
  const json = cli(["check", file("bom.json", "\ufeff" + JSON.stringify(GOOD)), "--json"]);
  assert.equal(json.code, 0, json.out + json.err);
  const lines = cli(["check", file("bom.jsonl", "\ufeff" + jsonl(GOOD, GOOD)), "--json"]);
  assert.equal(lines.code, 0, lines.out + lines.err);
  assert.equal(lines.out.trim().split("\n").length, 2);
});

test("a directory is reported as a directory", () => {
  const r = cli(["check", dir]);
  assert.equal(r.code, 2);
  assert.match(r.err, /is a directory/);
});

test("a line nested 200,000 deep is TOO_DEEP and the next line is still checked", () => {
  const deep = `{"question":"q?","answer":"a","sources":[{"id":"a","content":"x","m":${"[".repeat(200_000)}${"]".repeat(200_000)}}]}`;
  const r = cli(["check", file("deep.jsonl", jsonl(deep, GOOD)), "--json"]);
  assert.equal(r.code, 2, r.err);
  const records = r.out.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(records[0].error.code, "TOO_DEEP");
  assert.equal(records[1].report.decision, "FINAL");
});

const HOSTILE = {
  id: "<b>hostile</b>",
  question: `What does <script>alert(1)</script> say?`,
  answer: `The tower is 330 metres tall [1]. <img src=x onerror=alert(1)> It was painted pink in 2024 [3].`,
  sources: [{ id: "facts", title: "Key figures", content: "The Eiffel Tower is 330 metres tall." }],
};

test("--report writes one self-contained HTML file: counts, histogram, worst answers highlighted, text escaped", () => {
  const out = join(dir, "report.html");
  const r = cli(["check", file("mixed.jsonl", jsonl(GOOD, BAD, HOSTILE, GOOD)), "--report", out, "--worst", "2"]);
  assert.equal(r.code, 1, r.err);
  assert.match(r.err, /wrote the HTML report to .*report\.html/);
  const html = readFileSync(out, "utf8");
  assert.match(html, /^<!doctype html>/);
  // Self-contained: no script, nothing fetched (a CSP forbids it anyway), inline SVG.
  assert.ok(!/<script/i.test(html), "no script element");
  assert.ok(!/\b(src|href)=/i.test(html.replace(/&lt;img src=x/g, "")), "no external reference");
  assert.match(html, /Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/);
  assert.equal((html.match(/<svg /g) ?? []).length, 1, "the histogram (no labels, so no reliability plot)");
  // Text escaped wherever it appears: the question, the answer, the id.
  assert.ok(html.includes("What does &lt;script&gt;alert(1)&lt;/script&gt; say?"));
  assert.ok(html.includes("&lt;img src=x onerror=alert(1)&gt;"));
  assert.ok(html.includes("#3 &lt;b&gt;hostile&lt;/b&gt;"));
  // Counts with human names and their codes.
  assert.match(html, /Accepted <code>FINAL<\/code><\/th><td class="num">2</);
  assert.match(html, /Cites a source that does not exist <code>CITATION_OUT_OF_RANGE<\/code><\/th><td class="num">2</);
  // The two worst (not accepted, lowest confidence first), highlighted as groundcheck/highlight does.
  const worst = html.slice(html.indexOf('<div class="worst">'));
  assert.equal((worst.match(/<article /g) ?? []).length, 2);
  assert.match(worst, /<mark class="gc-finding gc-severe" data-kind="CITATION_OUT_OF_RANGE"/);
  assert.ok(!worst.includes("#1 good") && !worst.includes("#4 good"), "accepted answers are not the worst");
});

test("--report with labelled inputs adds the reliability plot; a bad label is a coded input error", () => {
  const out = join(dir, "labelled.html");
  const r = cli(["check", file("labelled.jsonl", jsonl({ ...GOOD, label: true }, { ...BAD, label: false }, { ...GOOD, id: "g2", label: true })), "--report", out]);
  assert.equal(r.code, 1, r.err);
  const html = readFileSync(out, "utf8");
  assert.equal((html.match(/<svg /g) ?? []).length, 2);
  assert.match(html, /Reliability \(3 labelled\)/);
  assert.match(html, /Expected calibration error \d\.\d{3}/);
  const bad = cli(["check", "-", "--json"], jsonl({ ...GOOD, label: "yes" }));
  assert.equal(bad.code, 2);
  assert.deepEqual(JSON.parse(bad.out).error, { code: "INVALID_TYPE", field: "label", message: JSON.parse(bad.out).error.message });
  assert.match(bad.err, /label must be true or false/);
});

test("--fail-under decides the exit code by the mean confidence, with a plain message", () => {
  const batch = file("gate.jsonl", jsonl(GOOD, BAD));
  const mean = (JSON.parse(cli(["check", batch, "--json"]).out.split("\n")[0]).report.confidence + JSON.parse(cli(["check", batch, "--json"]).out.split("\n")[1]).report.confidence) / 2;
  const under = cli(["check", batch, "--fail-under", "0.95"]);
  assert.equal(under.code, 1);
  assert.ok(under.err.includes(`groundcheck: mean confidence ${mean.toFixed(3)} is under --fail-under 0.95 (2 answers checked)`), under.err);
  const over = cli(["check", batch, "--fail-under", "0.5"]);
  assert.equal(over.code, 0, over.err); // one answer is not accepted, but the score is reached
  assert.match(over.err, /reaches --fail-under 0\.5/);
  const out = join(dir, "gate.html");
  cli(["check", batch, "--fail-under", "0.95", "--report", out]);
  assert.match(readFileSync(out, "utf8"), /&lt; --fail-under 0\.95: FAIL/);
  for (const bad of ["2", "x", ""]) {
    const r = cli(["check", batch, "--fail-under", bad]);
    assert.equal(r.code, 2);
    assert.match(r.err, /--fail-under must be a score between 0 and 1/);
  }
  const errors = cli(["check", file("gate-bad.jsonl", jsonl(GOOD, "{nope")), "--fail-under", "0.1"]);
  assert.equal(errors.code, 2, "input errors still exit 2");
});

test("--progress shows the rate and the time left", async () => {
  const { progressLine, formatDuration } = await import("../../js/progress.mjs");
  assert.equal(progressLine(410, 1000, 3000, 10), "[####......] 410/1000 (41%) · 137/s · ETA 0:04");
  assert.equal(progressLine(1000, 1000, 4000, 10), "[##########] 1000/1000 (100%) · 250/s · done in 0:04");
  assert.equal(progressLine(7, null, 2000), "checked 7 · 3.5/s · 0:02 elapsed");
  assert.equal(progressLine(41, 100, 3000, 10), "[####......] 41/100 (41%) · 13.7/s · ETA 0:04");
  assert.equal(progressLine(0, 10, 0, 4), "[....] 0/10 (0%) · ETA –");
  assert.equal(formatDuration(3725), "1:02:05");
  const r = cli(["check", file("three.jsonl", jsonl(GOOD, GOOD, GOOD)), "--progress"]);
  assert.equal(r.code, 0);
  assert.match(r.err, /\[#+\] 3\/3 \(100%\) · [\d.]+\/s · done in 0:\d\d\x1b\[K\n$/);
  assert.equal((r.err.match(/3\/3/g) ?? []).length, 1, "the last state is drawn once");
});
