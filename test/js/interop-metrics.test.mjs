// groundcheck/metrics: RAGAS and DeepEval names over real reports, figures computed by hand.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Validator } from "../../js/node.mjs";
import { contextPrecision, faithfulness, toDeepEval, toRagas } from "../../js/metrics.mjs";

// Retrieval order: an irrelevant chunk first, then the two that support the answer.
const sources = [
  { id: "noise", content: "Bananas are yellow and grow in tropical climates." },
  { id: "wiki", title: "Eiffel Tower", content: "The tower was constructed from 1887 to 1889 for the World's Fair." },
  { id: "facts", title: "Key figures", content: "The Eiffel Tower is 330 metres tall." },
];
const question = "When was the Eiffel Tower built, and how tall is it?";
const check = (answer, srcs = sources) => new Validator({}).check({ question, answer, sources: srcs });
// Each supported claim is stated by the one source it cites, so its evidence is unambiguous.
const answer = "The tower was constructed from 1887 to 1889 [2]. It is 330 metres tall [3]. It was designed by Gustave Eiffel himself [3].";

test("toRagas: faithfulness = supported / factual claims; context precision = mean precision@k over relevant ranks", () => {
  const report = check(answer);
  assert.deepEqual(report.claims.map((c) => c.status), ["supported", "supported", "unsupported"]);
  // Relevant chunks: ranks 2 and 3 (the evidence of the supported claims): (1/2 + 2/3) / 2.
  assert.deepEqual(toRagas(report), { faithfulness: 2 / 3, context_precision: (1 / 2 + 2 / 3) / 2, context_recall: null });
  // The same chunks ranked first: precision 1.
  const reordered = check("The tower was constructed from 1887 to 1889 [1]. It is 330 metres tall [2].", [sources[1], sources[2], sources[0]]);
  assert.equal(contextPrecision(reordered), 1);
  assert.equal(faithfulness(reordered), 1);
  // Context recall: the reference answer's claims the context supports (one of two here).
  const reference = check("The tower was constructed from 1887 to 1889 [2]. It weighs 10,100 tonnes [3].");
  assert.equal(toRagas(report, { reference }).context_recall, 1 / 2);
});

test("no factual claim: RAGAS figures are null, DeepEval scores 1 as it does", () => {
  const report = check("The sources do not say when it was built.");
  assert.equal(report.abstained, true);
  assert.deepEqual(toRagas(report), { faithfulness: null, context_precision: null, context_recall: null });
  const d = toDeepEval(report);
  assert.equal(d.score, 1);
  assert.equal(d.threshold, 0.5);
  assert.equal(d.success, true);
  assert.match(d.reason, /declines and states no fact/);
});

test("toDeepEval: score, threshold, success both ways, a reason naming the unsupported claim", () => {
  const report = check(answer);
  const fail = toDeepEval(report, 0.7);
  assert.deepEqual(Object.keys(fail), ["score", "threshold", "success", "reason"]);
  assert.equal(fail.score, 2 / 3);
  assert.equal(fail.success, false);
  assert.match(fail.reason, /^2 of 3 factual claim\(s\) are supported by the sources\. Not supported: "It was designed by Gustave Eiffel himself\."/);
  assert.ok(fail.reason.endsWith(`groundcheck decision: RETRY, confidence ${report.confidence.toFixed(2)}.`), fail.reason);
  assert.equal(toDeepEval(report, 0.6).success, true);
  assert.equal(toDeepEval({ ...report, complete: false }, 0.6).success, false, "an incomplete report never passes");
  assert.throws(() => toDeepEval(report, 7), (e) => e.code === "INVALID_VALUE" && e.field === "threshold");
});
