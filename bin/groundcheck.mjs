#!/usr/bin/env node
// groundcheck CLI: checks RAG answers against their sources from the command line.
//
//   groundcheck check <file.json | file.jsonl | -> [--json] [--config <file.json>]
//                     [--threshold <n>] [--report <out.html>] [--worst <n>]
//                     [--fail-under <score>] [--progress | --no-progress] [--no-color]
//
// An input is { question, answer, sources, checksums?, critic?, id?, config?, label? }
// (`id` labels the input in the output; `config` overrides the validator's config for that
// input; `label`, true or false, says whether the answer is known to be grounded, for the
// report's reliability plot). A .json file holds one input or an array of them; a .jsonl
// file (or stdin) one per line; stdin may also be a single JSON document. Exit codes: 0
// every answer accepted (FINAL), 1 some not, 2 usage or input error (bad JSON is
// INVALID_JSON, or a coded validation error), with the file and line at fault. With
// --fail-under, 0 or 1 says instead whether the mean confidence reached the score.
import { createReadStream, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { basename } from "node:path";
import { Validator, version } from "../js/node.mjs";
import { renderReport } from "../js/html-report.mjs";
import { progressBar } from "../js/progress.mjs";
import { codedError, formatError, isRecord, parseJson, splitRequest, validators } from "../js/request.mjs";

const USAGE = `usage: groundcheck check <file.json | file.jsonl | -> [options]

Checks each input { question, answer, sources, ... } and prints a report.

options:
  --json              one JSON record per input on stdout: { index, id, line, report } or { index, error }
  --config <file>     validator config (JSON), e.g. { "threshold": 0.8 }
  --threshold <n>     lowest confidence that may be FINAL (shortcut for config.threshold)
  --report <file>     also write a self-contained HTML report (counts, confidence histogram,
                      reliability when inputs carry \`label\`, the worst answers highlighted)
  --worst <n>         answers the HTML report shows in full (default 10)
  --fail-under <s>    exit 1 when the mean confidence is under s (0..1), else 0, whatever
                      the decisions (for CI); input errors still exit 2
  --progress          show a progress bar with rate and ETA on stderr (default: when stderr is a terminal)
  --no-progress       never show it
  --no-color          no colours (also NO_COLOR=1)
  -h, --help          this help
  -v, --version       the groundcheck version

exit codes: 0 all accepted, 1 some not accepted (or under --fail-under), 2 usage or input error`;

class UsageError extends Error {}

function parseArgs(argv) {
  const opts = { json: false, progress: undefined, color: undefined, config: {}, file: null, command: null, report: null, worst: 10, failUnder: null };
  const rest = [...argv];
  const value = (flag) => {
    if (rest.length === 0) throw new UsageError(`${flag} needs a value`);
    return rest.shift();
  };
  while (rest.length) {
    const arg = rest.shift();
    if (arg === "-h" || arg === "--help") opts.help = true;
    else if (arg === "-v" || arg === "--version") opts.version = true;
    else if (arg === "--json") opts.json = true;
    else if (arg === "--progress") opts.progress = true;
    else if (arg === "--no-progress") opts.progress = false;
    else if (arg === "--no-color") opts.color = false;
    else if (arg === "--color") opts.color = true;
    else if (arg === "--report") opts.report = value(arg);
    else if (arg === "--worst") {
      const raw = value(arg);
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0) throw new UsageError(`--worst must be a whole number, got "${raw}"`);
      opts.worst = n;
    } else if (arg === "--fail-under") {
      const raw = value(arg);
      const n = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`--fail-under must be a score between 0 and 1, got "${raw}"`);
      opts.failUnder = n;
    } else if (arg === "--threshold") {
      const raw = value(arg);
      const n = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(n)) throw new UsageError(`--threshold must be a number, got "${raw}"`);
      opts.config.threshold = n;
    } else if (arg === "--config") {
      const path = value(arg);
      let text;
      try {
        text = readFileSync(path, "utf8");
      } catch (err) {
        throw new UsageError(`cannot read --config ${path}: ${err.code ?? err.message}`);
      }
      try {
        opts.config = { ...JSON.parse(text), ...opts.config };
      } catch (err) {
        throw new UsageError(`--config ${path} is not JSON: ${err.message}`);
      }
    } else if (arg.startsWith("-") && arg !== "-") throw new UsageError(`unknown option ${arg}`);
    else if (opts.command === null) opts.command = arg;
    else if (opts.file === null) opts.file = arg;
    else throw new UsageError(`unexpected argument ${arg}`);
  }
  return opts;
}

/**
 * Yields { index, line, value } or { index, line, where, error } for every input in the
 * file (or stdin for "-"), in order, as they can be read. An error is a coded one (text
 * that is not JSON: INVALID_JSON, the code the Worker and the demo use too); `where` is
 * the file, or the file and line, at fault.
 */
async function* readInputs(file) {
  const name = file === "-" ? "<stdin>" : file;
  let index = 0;
  const emit = (line, value) => {
    const items = Array.isArray(value) ? value : [value];
    return items.map((v) => ({ index: ++index, line, value: v }));
  };
  const wholeJson = (text, line = null) => {
    try {
      return emit(line, parseJson(text));
    } catch (error) {
      return [{ index: ++index, line, where: name, error }];
    }
  };
  /** One line of JSONL; an error names the line. */
  const lineJson = (raw, line) => {
    try {
      return emit(line, parseJson(raw));
    } catch (error) {
      return [{ index: ++index, line, where: `${name}:${line}`, error }];
    }
  };
  if (file !== "-" && /\.json$/i.test(file)) {
    yield* wholeJson(stripBom(readFileSync(file, "utf8")));
    return;
  }
  const forceLines = file !== "-" && /\.(jsonl|ndjson)$/i.test(file);
  const lines = createInterface({ input: file === "-" ? process.stdin : createReadStream(file), crlfDelay: Infinity });
  let lineNo = 0;
  let buffered = null; // a multi-line JSON document (stdin or unknown extension)
  let decided = forceLines; // whether the input is known to be JSONL
  for await (const line of lines) {
    lineNo += 1;
    const raw = lineNo === 1 ? stripBom(line) : line;
    if (buffered !== null) {
      buffered.push(raw);
      continue;
    }
    if (raw.trim() === "") continue;
    if (!decided) {
      decided = true;
      // The first line decides: JSON on its own means JSONL; otherwise one JSON document.
      try {
        yield* emit(lineNo, JSON.parse(raw));
      } catch {
        buffered = [raw];
      }
      continue;
    }
    yield* lineJson(raw, lineNo);
  }
  if (buffered === null) return;
  // Not JSONL from the first line: one JSON document over several lines, or JSONL whose
  // first line is bad. The document if it parses; otherwise every line on its own, so
  // that one bad line loses no valid ones.
  const text = buffered.join("\n");
  let whole;
  try {
    whole = parseJson(text);
  } catch (error) {
    const first = lineNo - buffered.length + 1;
    const parses = (raw) => {
      try {
        JSON.parse(raw);
        return true;
      } catch {
        return false;
      }
    };
    // No line is JSON on its own: one broken document, one error.
    if (!buffered.some(parses)) {
      yield { index: ++index, line: null, where: name, error };
      return;
    }
    for (const [k, raw] of buffered.entries()) {
      if (raw.trim() === "") continue;
      yield* lineJson(raw, first + k);
    }
    return;
  }
  yield* emit(null, whole);
}

/** Text without a leading UTF-8 byte order mark (editors on Windows write one). */
const stripBom = (text) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Counts inputs in a file for the progress bar (null when unknown, e.g. stdin). */
function countInputs(file) {
  if (file === "-") return null;
  try {
    const text = stripBom(readFileSync(file, "utf8"));
    if (/\.json$/i.test(file)) {
      const v = JSON.parse(text);
      return Array.isArray(v) ? v.length : 1;
    }
    return text.split("\n").filter((l) => l.trim() !== "").length;
  } catch {
    return null;
  }
}

function makeColours(on) {
  const wrap = (open, close) => (s) => (on ? `\x1b[${open}m${s}\x1b[${close}m` : s);
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39), under: wrap(4, 24) };
}

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const superscript = (n) => [...String(n)].map((d) => SUPERSCRIPT[Number(d)]).join("");

/** The answer with every warning span wrapped in ⟦…⟧, numbered (superscript) after its closing bracket. */
function markSpans(answer, warnings, c) {
  const opens = new Map();
  const closes = new Map();
  warnings.forEach((w, i) => {
    if (!w.span || w.span.end <= w.span.start) return;
    const start = Math.max(0, Math.min(answer.length, w.span.start));
    const end = Math.max(start, Math.min(answer.length, w.span.end));
    (opens.get(start) ?? opens.set(start, []).get(start)).push(i);
    (closes.get(end) ?? closes.set(end, []).get(end)).unshift(i);
  });
  let out = "";
  for (let pos = 0; pos <= answer.length; pos++) {
    for (const i of closes.get(pos) ?? []) out += c.red(`⟧${superscript(i + 1)}`);
    for (const _ of opens.get(pos) ?? []) out += c.red("⟦");
    if (pos < answer.length) out += answer[pos];
  }
  return out;
}

const LEVEL_WORD = {
  high: "high",
  medium: "medium",
  low: "low",
  veryLow: "very low",
  abstained: "declined: not in the sources",
  clarify: "needs clarifying",
};

function textReport({ index, line, value, report }, c) {
  const accepted = report.decision === "FINAL";
  // A refusal is not a false answer: never drawn in red.
  const colourOf = accepted ? c.green : report.abstained ? c.cyan : report.decision === "RETRY" ? c.yellow : c.red;
  const where = line === null ? `#${index}` : `#${index} (line ${line})`;
  const label = value.id !== undefined ? ` ${String(value.id)}` : "";
  const out = [];
  out.push(c.bold(`── ${where}${label}: ${JSON.stringify(value.question)}`));
  out.push(
    `${colourOf(c.bold(report.decision))} · ${report.recommendation} · confidence ${report.confidence.toFixed(2)} (${LEVEL_WORD[report.level] ?? report.level})` +
      ` · claims supported ${report.summary.claimsSupported}/${report.summary.claimsTotal}` +
      ` · citations valid ${report.summary.citationsValid}/${report.summary.citationsTotal}`,
  );
  out.push("");
  for (const l of markSpans(value.answer, report.warnings, c).split("\n")) out.push(`  ${l}`);
  out.push("");
  if (report.warnings.length === 0) out.push(c.green("  no warnings"));
  report.warnings.forEach((w, i) => {
    const quote = w.span ? ` ${c.dim(JSON.stringify(value.answer.slice(w.span.start, w.span.end)))}` : c.dim(" (whole answer)");
    out.push(`  ${i + 1}. ${c.bold(w.kind)}${quote}`);
    out.push(`     ${w.message}`);
  });
  out.push("");
  return out.join("\n");
}

/** Keeps what the HTML report needs: counts, scores, labels, and the worst answers (bounded). */
function reportCollector(worstCount) {
  const c = { decisions: {}, findings: {}, confidences: [], labelled: [], worst: [], errors: 0 };
  // Worst first: answers not to show (recommendation retry or reject) before those that
  // may be shown (FINAL, or a correct refusal), then the lowest confidence, then input order.
  const rank = (w) => [w.report.recommendation === "accept" ? 1 : 0, w.report.confidence, w.index];
  const before = (a, b) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return 0;
  };
  return {
    add(item, report, label) {
      c.decisions[report.decision] = (c.decisions[report.decision] ?? 0) + 1;
      for (const w of report.warnings) c.findings[w.kind] = (c.findings[w.kind] ?? 0) + 1;
      c.confidences.push(report.confidence);
      if (typeof label === "boolean") c.labelled.push([report.confidence, label]);
      if (worstCount > 0) {
        c.worst.push({ index: item.index, line: item.line, id: item.value.id, question: item.value.question, answer: item.value.answer, report });
        if (c.worst.length > 2 * worstCount) c.worst = c.worst.sort(before).slice(0, worstCount);
      }
    },
    error() {
      c.errors += 1;
    },
    result() {
      return { ...c, worst: c.worst.sort(before).slice(0, worstCount) };
    },
  };
}

async function main(argv) {
  let opts;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`groundcheck: ${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  if (opts.version) {
    console.log(version());
    return 0;
  }
  if (opts.command !== "check") {
    console.error(`groundcheck: ${opts.command === null ? "no command given" : `unknown command "${opts.command}"`}\n\n${USAGE}`);
    return 2;
  }
  if (opts.file === null) {
    console.error(`groundcheck: check needs a file (or - for stdin)\n\n${USAGE}`);
    return 2;
  }
  if (opts.file !== "-" && (!existsSync(opts.file) || !statSync(opts.file).isFile())) {
    const what = existsSync(opts.file) && statSync(opts.file).isDirectory() ? "is a directory, not a file" : "no such file";
    console.error(`groundcheck: ${what}: ${opts.file}`);
    return 2;
  }
  // One validator for the inputs without a config of their own, one each for the others.
  const pool = validators(Validator, { config: opts.config });
  try {
    void pool.shared;
  } catch (err) {
    console.error(`groundcheck: bad config: ${formatError(err, "config")}`);
    return 2;
  }

  const colour = opts.color ?? (process.stdout.isTTY === true && !process.env.NO_COLOR);
  const c = makeColours(colour);
  const showProgress = opts.progress ?? process.stderr.isTTY === true;
  const total = showProgress ? countInputs(opts.file) : null;
  const name = opts.file === "-" ? "<stdin>" : opts.file;
  const stats = { total: 0, accepted: 0, notAccepted: 0, errors: 0, decisions: {}, confidenceSum: 0 };
  const write = (s) => process.stdout.write(s);
  const bar = showProgress && (total === null || total > 1) ? progressBar(process.stderr, total) : null;
  const collect = opts.report ? reportCollector(opts.worst) : null;

  for await (const item of readInputs(opts.file)) {
    stats.total += 1;
    const where = item.where ?? (item.line === null ? `${name} input #${item.index}` : `${name}:${item.line}`);
    let error = item.error;
    let report;
    if (!error) {
      const value = item.value;
      if (!isRecord(value)) {
        error = codedError("INVALID_TYPE", "input", "an input must be a JSON object { question, answer, sources }");
      } else {
        const { input, config, label } = splitRequest(value, ["id", "label"]);
        if (label !== undefined && typeof label !== "boolean") {
          error = codedError("INVALID_TYPE", "label", "label must be true or false (whether the answer is known to be grounded)");
        } else {
          try {
            report = pool.run(config, (v) => v.check(input));
          } catch (err) {
            error = err;
          }
        }
      }
    }
    if (error) {
      const message = `${where}: ${formatError(error)}`;
      stats.errors += 1;
      collect?.error();
      bar?.clear();
      console.error(`groundcheck: ${message}`);
      if (opts.json) write(`${JSON.stringify({ index: item.index, line: item.line, error: { code: error.code ?? "INVALID_INPUT", field: error.field ?? null, message } })}\n`);
    } else {
      const accepted = report.decision === "FINAL";
      if (accepted) stats.accepted += 1;
      else stats.notAccepted += 1;
      stats.decisions[report.decision] = (stats.decisions[report.decision] ?? 0) + 1;
      stats.confidenceSum += report.confidence;
      collect?.add(item, report, item.value.label);
      bar?.clear();
      if (opts.json) write(`${JSON.stringify({ index: item.index, id: item.value.id ?? null, line: item.line, report })}\n`);
      else write(`${textReport({ ...item, report }, c)}\n`);
    }
    bar?.tick();
  }
  bar?.end();

  if (stats.total === 0) {
    console.error(`groundcheck: ${name} holds no inputs`);
    return 2;
  }
  const byDecision = Object.entries(stats.decisions)
    .filter(([d]) => d !== "FINAL")
    .map(([d, n]) => `${n} ${d}`)
    .join(", ");
  const summary =
    `${stats.total} checked: ${stats.accepted} accepted, ${stats.notAccepted} not accepted` +
    `${byDecision ? ` (${byDecision})` : ""}, ${stats.errors} input error${stats.errors === 1 ? "" : "s"}`;
  // The summary goes with the report in text mode, to stderr with --json (stdout stays JSONL).
  if (opts.json) console.error(summary);
  else write(`${c.bold(summary)}\n`);

  const checked = stats.accepted + stats.notAccepted;
  const mean = checked ? stats.confidenceSum / checked : 0;
  const gate = opts.failUnder === null ? null : { label: "Mean confidence", value: mean, threshold: opts.failUnder, passed: checked > 0 && mean >= opts.failUnder };
  if (collect) {
    const r = collect.result();
    const labelOf = (w) => (w.id !== undefined ? `#${w.index} ${String(w.id)}` : w.line !== null ? `#${w.index} (line ${w.line})` : `#${w.index}`);
    const html = renderReport({
      title: "groundcheck check",
      subject: `${name}: ${stats.total} input${stats.total === 1 ? "" : "s"}`,
      generated: new Date().toISOString(),
      tiles: [
        { label: "Checked", value: String(checked) },
        { label: "Accepted", value: String(stats.accepted), note: checked ? `${Math.round((100 * stats.accepted) / checked)}%` : "" },
        { label: "Not accepted", value: String(stats.notAccepted) },
        { label: "Input errors", value: String(stats.errors) },
        ...(gate ? [] : [{ label: "Mean confidence", value: mean.toFixed(3) }]),
      ],
      decisions: r.decisions,
      findings: r.findings,
      confidences: r.confidences,
      labelled: r.labelled.length ? r.labelled : null,
      worst: r.worst.map((w) => ({ heading: labelOf(w), question: w.question, answer: w.answer, report: w.report })),
      worstTitle: `Worst answers (${r.worst.length} of ${checked}: those not to show first, lowest confidence first)`,
      gate,
    });
    try {
      writeFileSync(opts.report, html);
      console.error(`groundcheck: wrote the HTML report to ${opts.report} (${basename(opts.report)}, ${html.length} bytes)`);
    } catch (err) {
      console.error(`groundcheck: cannot write --report ${opts.report}: ${err.code ?? err.message}`);
      return 2;
    }
  }
  if (stats.errors > 0) return 2;
  if (gate) {
    if (!gate.passed) {
      console.error(
        `groundcheck: mean confidence ${mean.toFixed(3)} is under --fail-under ${opts.failUnder} (${checked} answer${checked === 1 ? "" : "s"} checked)`,
      );
      return 1;
    }
    console.error(`groundcheck: mean confidence ${mean.toFixed(3)} reaches --fail-under ${opts.failUnder}`);
    return 0;
  }
  return stats.notAccepted > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(`groundcheck: ${err?.stack ?? err}`);
    process.exitCode = 2;
  },
);
