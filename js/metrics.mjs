// groundcheck/metrics: a report's figures under the names RAGAS and DeepEval users know.
// Pure JavaScript over a report object; no wasm.
//
//   import { toRagas, toDeepEval } from "groundcheck/metrics";
//   toRagas(report)            // { faithfulness, context_precision, context_recall }
//   toDeepEval(report, 0.7)    // { score, threshold, success, reason }

/** The claims that were checked: facts, conclusions, and the opinions of an answer that states no fact (fillers, questions, abstentions, references are not). */
function checkedClaims(report) {
  return (report?.claims ?? []).filter((c) => c.status !== "notChecked");
}

/**
 * The share of the answer's factual claims the sources support, as RAGAS's faithfulness
 * and DeepEval's FaithfulnessMetric count it: a claim counts when its status is
 * `supported` (a `partial` or `unsupported` claim is not inferable from the context, a
 * `contradicted` one contradicts it). `null` when the answer makes no factual claim.
 */
export function faithfulness(report) {
  const claims = checkedClaims(report);
  if (!claims.length) return null;
  return claims.filter((c) => c.status === "supported").length / claims.length;
}

/**
 * RAGAS's context precision without a reference: the retrieved chunks in retrieval order,
 * a chunk being relevant when it is the evidence of a supported or partly supported claim;
 * the mean of precision@k over the ranks k of the relevant chunks. 1 when every relevant
 * chunk ranks above every irrelevant one. `null` with no sources or no relevant chunk.
 */
export function contextPrecision(report) {
  const k = report?.sourceQuality?.length ?? 0;
  if (!k) return null;
  const relevant = new Set(
    (report.claims ?? []).filter((c) => (c.status === "supported" || c.status === "partial") && c.evidence).map((c) => c.evidence.sourceIndex),
  );
  if (!relevant.size) return null;
  let hits = 0;
  let sum = 0;
  for (let i = 0; i < k; i++) {
    if (!relevant.has(i)) continue;
    hits += 1;
    sum += hits / (i + 1);
  }
  return hits ? sum / hits : null;
}

/**
 * RAGAS's figures for one answer:
 *
 * - `faithfulness`: `faithfulness(report)` (RAGAS gives NaN where this gives `null`);
 * - `context_precision`: `contextPrecision(report)` (RAGAS's
 *   LLMContextPrecisionWithoutReference, with groundcheck's evidence as the verdicts);
 * - `context_recall`: the share of the reference answer's claims the retrieved context
 *   supports. It needs a reference: pass `{ reference: check({ question, answer:
 *   referenceAnswer, sources }) }` (the same sources); without it, `null`.
 *
 * Answer relevancy needs embeddings of generated questions and has no equivalent here.
 */
export function toRagas(report, { reference } = {}) {
  return {
    faithfulness: faithfulness(report),
    context_precision: contextPrecision(report),
    context_recall: reference ? faithfulness(reference) : null,
  };
}

/**
 * A DeepEval-style result (the fields of a `BaseMetric` after `measure()`), for the
 * FaithfulnessMetric: `score` is `faithfulness(report)`, 1 when the answer makes no
 * factual claim (DeepEval's convention); `success` is `score >= threshold` (default 0.5,
 * DeepEval's default) and never true for an incomplete report (failed judges); `reason`
 * names the claims that are not supported and the other findings.
 */
export function toDeepEval(report, threshold = 0.5) {
  if (typeof threshold !== "number" || !(threshold >= 0 && threshold <= 1)) {
    const err = new TypeError(`INVALID_VALUE: threshold must be a number in [0, 1], got ${JSON.stringify(threshold)} (field threshold)`);
    err.code = "INVALID_VALUE";
    err.field = "threshold";
    throw err;
  }
  const claims = checkedClaims(report);
  const score = faithfulness(report) ?? 1;
  const bad = claims.filter((c) => c.status !== "supported");
  const others = (report?.warnings ?? []).filter((w) => w.kind !== "UNSUPPORTED_CLAIM" && w.kind !== "CONTRADICTION");
  const parts = [];
  if (!claims.length) parts.push(report?.abstained ? "The answer declines and states no fact." : "The answer makes no factual claim.");
  else parts.push(`${claims.length - bad.length} of ${claims.length} factual claim(s) are supported by the sources.`);
  for (const c of bad.slice(0, 3)) parts.push(`${c.status === "contradicted" ? "Contradicted" : c.status === "partial" ? "Partly supported" : "Not supported"}: "${c.text}"`);
  if (bad.length > 3) parts.push(`And ${bad.length - 3} more.`);
  if (others.length) parts.push(`Other findings: ${[...new Set(others.map((w) => w.kind))].join(", ")}.`);
  if (report?.complete === false) parts.push("The report is incomplete (a judge failed).");
  parts.push(`groundcheck decision: ${report?.decision ?? "unknown"}, confidence ${typeof report?.confidence === "number" ? report.confidence.toFixed(2) : "n/a"}.`);
  return { score, threshold, success: score >= threshold && report?.complete !== false, reason: parts.join(" ") };
}
