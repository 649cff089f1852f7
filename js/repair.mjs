// groundcheck/repair: the answer with what the report found wrong taken out (or marked),
// as guardrails libraries' "filter" / "fix" actions do, instead of asking the model again.
//
//   import { repair } from "groundcheck/repair";   // also exported by groundcheck/node
//   const { text, removed } = repair(report, answer);
//   // text: the answer without its unsupported or contradicted sentences and without
//   //       citation markers that point at no source
//   // removed: [{ start, end, text, kind, action }] in UTF-16 units of the original answer
//
// Pure JavaScript over a report object; no wasm.
import { fieldError } from "./request.mjs";

/** What `repair()` acts on when `drop` is not given. */
export const DEFAULT_DROP = Object.freeze(["UNSUPPORTED_CLAIM", "CONTRADICTION", "CITATION_OUT_OF_RANGE"]);

/** Warning kinds whose span is a citation marker: the marker is stripped, never marked. */
const MARKER_KINDS = new Set(["CITATION_OUT_OF_RANGE"]);

/** The closed set of warning kinds a report can carry. */
const KINDS = new Set([
  "CITATION_OUT_OF_RANGE", "MISSING_CITATION", "PHANTOM_SOURCE", "SNIPPET_MISMATCH", "LINE_MISMATCH",
  "UNVERIFIED_FIELD", "UNSUPPORTED_CLAIM", "CONTRADICTION", "STALE_SOURCE", "JUDGE_FAILED",
  "PIPELINE_ERROR", "OUT_OF_SCOPE", "MISATTRIBUTED_CITATION",
]);

/** A TypeError with `code` and `field`, its message `CODE: message (field F)`. */
const fail = fieldError;

const HSPACE = /[ \t\u00a0\u3000]/;
const BULLET_ONLY = /^[ \t]*(?:[-*+•]|[0-9]+[.)])?[ \t]*$/;

/** The range to cut for a sentence-level span: the span, its trailing (else leading) spaces, or its whole line when the line holds nothing else. */
function sentenceCut(answer, start, end) {
  const lineStart = answer.lastIndexOf("\n", start - 1) + 1;
  let lineEnd = answer.indexOf("\n", end);
  if (lineEnd < 0) lineEnd = answer.length;
  if (BULLET_ONLY.test(answer.slice(lineStart, start)) && answer.slice(end, lineEnd).trim() === "") {
    // A list item or a line of its own: the whole line goes, with one line break.
    if (lineEnd < answer.length) return [lineStart, lineEnd + 1];
    return [lineStart > 0 ? lineStart - 1 : 0, lineEnd];
  }
  let e = end;
  while (e < answer.length && HSPACE.test(answer[e])) e++;
  if (e > end) return [start, e];
  let s = start;
  while (s > lineStart && HSPACE.test(answer[s - 1])) s--;
  return [s, end];
}

/** The range to cut for a citation marker: the marker and the spaces before it (`Paris [4].` → `Paris.`). */
function markerCut(answer, start, end) {
  let s = start;
  while (s > 0 && HSPACE.test(answer[s - 1])) s--;
  // A marker that opens its line takes the spaces after it instead (`[4] Paris` → `Paris`).
  if (s === start && (s === 0 || answer[s - 1] === "\n")) {
    let e = end;
    while (e < answer.length && HSPACE.test(answer[e])) e++;
    return [s, e];
  }
  return [s, end];
}

/** Sorts ranges and merges overlapping ones (the earlier range's kind is kept). */
function merge(ranges) {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
  const out = [];
  for (const c of sorted) {
    const last = out[out.length - 1];
    if (last && c.start < last.end) last.end = Math.max(last.end, c.end);
    else out.push({ ...c });
  }
  return out;
}

/**
 * Repairs `answer` according to `report` (the report of that exact answer).
 *
 * - `drop` (default `["UNSUPPORTED_CLAIM", "CONTRADICTION", "CITATION_OUT_OF_RANGE"]`):
 *   the warning kinds to act on. A `CITATION_OUT_OF_RANGE` marker is stripped with the
 *   spaces before it (a grouped marker such as `[1, 4]` goes whole). Any other kind acts on
 *   its span (for claims, the sentence): removed with its trailing spaces, or its whole line
 *   when it is a list item or a line of its own. Findings without a span are left alone.
 * - `mode`: `"remove"` (default) or `"mark"`: the sentences stay, wrapped in
 *   `marker.open` … `marker.close` (default `⟦` … `⟧`, as the CLI marks findings); invalid
 *   citation markers are still stripped.
 *
 * Returns `{ text, removed }`: `removed` lists what was cut or marked, in order, as
 * `{ start, end, text, kind, action }` with `start`/`end` in UTF-16 units of the original
 * answer and `action` `"removed"` or `"marked"`. Removed ranges never overlap (a marker
 * inside a removed sentence goes with the sentence); a stripped marker may lie inside a
 * marked sentence. A report with nothing to drop gives the answer
 * back unchanged.
 *
 * @throws {TypeError} with `code` and `field`: `INVALID_TYPE` for an answer that is not a
 *   string or a report without `warnings`, `INVALID_VALUE` for an unknown kind or mode.
 */
export function repair(report, answer, options = {}) {
  if (typeof answer !== "string") throw fail("INVALID_TYPE", "answer", "answer must be a string");
  if (!report || !Array.isArray(report.warnings)) throw fail("INVALID_TYPE", "report", "report must be a groundcheck report (an object with a warnings array)");
  const { drop = DEFAULT_DROP, mode = "remove", marker = {} } = options ?? {};
  if (!Array.isArray(drop)) throw fail("INVALID_TYPE", "options.drop", "drop must be an array of warning kinds");
  drop.forEach((kind, i) => {
    if (!KINDS.has(kind)) throw fail("INVALID_VALUE", `options.drop[${i}]`, `unknown warning kind ${JSON.stringify(kind)}; one of ${[...KINDS].join(", ")}`);
  });
  if (mode !== "remove" && mode !== "mark") throw fail("INVALID_VALUE", "options.mode", `mode must be "remove" or "mark", got ${JSON.stringify(mode)}`);
  const open = marker.open ?? "⟦";
  const close = marker.close ?? "⟧";
  const kinds = new Set(drop);

  const cuts = [];
  for (const w of report.warnings) {
    if (!kinds.has(w.kind) || !w.span) continue;
    const start = Math.max(0, Math.min(answer.length, w.span.start));
    const end = Math.max(start, Math.min(answer.length, w.span.end));
    if (end === start) continue;
    if (MARKER_KINDS.has(w.kind)) {
      const [s, e] = markerCut(answer, start, end);
      cuts.push({ start: s, end: e, kind: w.kind, action: "removed" });
    } else if (mode === "mark") {
      cuts.push({ start, end, kind: w.kind, action: "marked" });
    } else {
      const [s, e] = sentenceCut(answer, start, end);
      cuts.push({ start: s, end: e, kind: w.kind, action: "removed" });
    }
  }
  const removes = merge(cuts.filter((c) => c.action === "removed"));
  const inRemoval = (c) => removes.some((r) => r.start <= c.start && r.end >= c.end);
  const marks = merge(cuts.filter((c) => c.action === "marked")).filter((m) => !inRemoval(m));
  const kept = [...removes, ...marks].sort((x, y) => x.start - y.start || y.end - x.end);

  // Walk the runs between all boundaries: skip removed runs, open and close the marks.
  const points = [...new Set([0, answer.length, ...kept.flatMap((c) => [c.start, c.end])])].sort((x, y) => x - y);
  let text = "";
  let open_ = null;
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i], points[i + 1]];
    const mark = marks.find((m) => m.start <= a && m.end >= b) ?? null;
    if (mark !== open_) {
      if (open_) text += close;
      if (mark) text += open;
      open_ = mark;
    }
    if (!removes.some((r) => r.start <= a && r.end >= b)) text += answer.slice(a, b);
  }
  if (open_) text += close;
  const removed = kept.map((c) => ({ start: c.start, end: c.end, text: answer.slice(c.start, c.end), kind: c.kind, action: c.action }));
  return { text, removed };
}
