#!/usr/bin/env node
// groundcheck CLI: checks RAG answers against their sources from the command line.
//
//   groundcheck check <file.json | file.jsonl | -> [--json] [--config <file.json>]
//                     [--threshold <n>] [--progress | --no-progress] [--no-color]
//
// An input is { question, answer, sources, checksums?, critic?, id?, config? } (`id` labels
// the input in the output; `config` overrides the validator's config for that input). A
// .json file holds one input or an array of them; a .jsonl file (or stdin) one per line;
// stdin may also be a single JSON document. Exit codes: 0 every answer accepted (FINAL),
// 1 some not, 2 usage or input error (bad JSON, a coded validation error), with the
// file and line at fault.
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createInterface } from "node:readline";
import { Validator, version } from "../js/node.mjs";

const USAGE = `usage: groundcheck check <file.json | file.jsonl | -> [options]

Checks each input { question, answer, sources, ... } and prints a report.

options:
  --json              one JSON record per input on stdout: { index, id, line, report } or { index, error }
  --config <file>     validator config (JSON), e.g. { "threshold": 0.8 }
  --threshold <n>     lowest confidence that may be FINAL (shortcut for config.threshold)
  --progress          show a progress bar on stderr (default: when stderr is a terminal)
  --no-progress       never show it
  --no-color          no colours (also NO_COLOR=1)
  -h, --help          this help
  -v, --version       the groundcheck version

exit codes: 0 all accepted, 1 some not accepted, 2 usage or input error`;

class UsageError extends Error {}

function parseArgs(argv) {
  const opts = { json: false, progress: undefined, color: undefined, config: {}, file: null, command: null };
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
    else if (arg === "--threshold") {
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

/** Parses one JSONL line; throws an input error naming the line. */
function parseLine(text, where) {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw inputError(`${where}: invalid JSON: ${err.message}`);
  }
}

function inputError(message) {
  const err = new Error(message);
  err.input = true;
  return err;
}

/**
 * Yields { index, line, value } or { index, line, error } for every input in the file
 * (or stdin for "-"), in order, as they can be read.
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
      return emit(line, JSON.parse(text));
    } catch (err) {
      return [{ index: ++index, line, error: inputError(`${name}: invalid JSON: ${err.message}`) }];
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
    try {
      yield* emit(lineNo, parseLine(raw, `${name}:${lineNo}`));
    } catch (error) {
      yield { index: ++index, line: lineNo, error };
    }
  }
  if (buffered === null) return;
  // Not JSONL from the first line: one JSON document over several lines, or JSONL whose
  // first line is bad. The document if it parses; otherwise every line on its own, so
  // that one bad line loses no valid ones.
  const text = buffered.join("\n");
  let whole;
  try {
    whole = JSON.parse(text);
  } catch (err) {
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
      yield { index: ++index, line: null, error: inputError(`${name}: invalid JSON: ${err.message}`) };
      return;
    }
    for (const [k, raw] of buffered.entries()) {
      if (raw.trim() === "") continue;
      try {
        yield* emit(first + k, parseLine(raw, `${name}:${first + k}`));
      } catch (error) {
        yield { index: ++index, line: first + k, error };
      }
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

function progressBar(done, total, width = 28) {
  if (!total) return `checked ${done}`;
  const filled = Math.round((done / total) * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
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
  let validator;
  try {
    validator = new Validator({ config: opts.config });
  } catch (err) {
    console.error(`groundcheck: bad config: ${err.code ?? err.name} ${err.field ?? ""}: ${err.message}`);
    return 2;
  }

  const colour = opts.color ?? (process.stdout.isTTY === true && !process.env.NO_COLOR);
  const c = makeColours(colour);
  const showProgress = opts.progress ?? process.stderr.isTTY === true;
  const total = showProgress ? countInputs(opts.file) : null;
  const name = opts.file === "-" ? "<stdin>" : opts.file;
  const stats = { total: 0, accepted: 0, notAccepted: 0, errors: 0, decisions: {} };
  const write = (s) => process.stdout.write(s);
  const progress = (done) => {
    if (showProgress && (total === null || total > 1)) process.stderr.write(`\r${progressBar(done, total)}\x1b[K`);
  };

  for await (const item of readInputs(opts.file)) {
    stats.total += 1;
    const where = item.line === null ? `${name} input #${item.index}` : `${name}:${item.line}`;
    let error = item.error;
    let report;
    if (!error) {
      const value = item.value;
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        error = inputError(`${where}: an input must be a JSON object { question, answer, sources }`);
      } else {
        const { id, config, ...input } = value;
        try {
          const v = config === undefined ? validator : new Validator({ config: { ...opts.config, ...config } });
          report = v.check(input);
        } catch (err) {
          const field = err.field ? ` (field ${err.field})` : "";
          error = inputError(`${where}: ${err.code ?? err.name}${field}: ${err.message}`);
          error.code = err.code;
          error.field = err.field;
        }
      }
    }
    if (error) {
      stats.errors += 1;
      if (showProgress) process.stderr.write("\r\x1b[K");
      console.error(`groundcheck: ${error.message}`);
      if (opts.json) write(`${JSON.stringify({ index: item.index, line: item.line, error: { code: error.code ?? "INVALID_INPUT", field: error.field ?? null, message: error.message } })}\n`);
    } else {
      const accepted = report.decision === "FINAL";
      if (accepted) stats.accepted += 1;
      else stats.notAccepted += 1;
      stats.decisions[report.decision] = (stats.decisions[report.decision] ?? 0) + 1;
      if (showProgress) process.stderr.write("\r\x1b[K");
      if (opts.json) write(`${JSON.stringify({ index: item.index, id: item.value.id ?? null, line: item.line, report })}\n`);
      else write(`${textReport({ ...item, report }, c)}\n`);
    }
    progress(stats.total);
  }
  if (showProgress && (total === null || total > 1)) process.stderr.write("\n");

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
  return stats.errors > 0 ? 2 : stats.notAccepted > 0 ? 1 : 0;
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
