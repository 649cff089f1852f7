// The evaluation metrics (scripts/metrics.mjs) and the contrast edits
// (scripts/contrast-edits.mjs) on tiny hand-computed examples.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  accuracyMacroF1,
  auroc,
  bestThreshold,
  coverage,
  datasetWeights,
  ece,
  pairWinRate,
  reliability,
  words,
} from "../../scripts/metrics.mjs";
import { antonym, changeNumber, flipNegation, namePool, rng, swapName, swapRoles, swapSourceName, swapSourceNumber } from "../../scripts/contrast-edits.mjs";

const close = (a, b, msg) => assert.ok(Math.abs(a - b) < 1e-9, `${msg ?? ""} ${a} != ${b}`);

test("AUROC: the share of positive/negative pairs ranked right, ties half", () => {
  // Positives 0.9, 0.5; negatives 0.5, 0.1: 1 + 1 + 0.5 + 1 = 3.5 of 4 pairs.
  close(auroc([[0.9, true], [0.5, true], [0.5, false], [0.1, false]]), 0.875);
  close(auroc([[0.1, true], [0.9, false]]), 0);
  close(auroc([[0.3, true], [0.3, false], [0.3, true]]), 0.5);
  // Positives 0.8, 0.4; negatives 0.6, 0.2: 0.8 beats both, 0.4 beats 0.2 only: 3/4.
  close(auroc([[0.8, true], [0.6, false], [0.4, true], [0.2, false]]), 0.75);
  assert.equal(auroc([[0.3, true], [0.4, true]]), null);
});

test("macro-F1 and accuracy from (predicted, gold) pairs", () => {
  // tp 2, fp 1, fn 0, tn 1: F1(attr) = 4/5, F1(not) = 2/3, macro 11/15; accuracy 3/4.
  const m = accuracyMacroF1([[true, true], [true, true], [true, false], [false, false]]);
  close(m.accuracy, 0.75);
  close(m.macroF1, (0.8 + 2 / 3) / 2);
  // Everything predicted positive on a balanced set: F1(attr) 2/3, F1(not) 0.
  close(accuracyMacroF1([[true, true], [true, false]]).macroF1, 1 / 3);
  // Weights count as rows.
  close(accuracyMacroF1([[true, true, 3], [false, true, 1]]).accuracy, 0.75);
});

test("best threshold: the midpoint that maximises macro-F1, the lowest of ties", () => {
  const t = bestThreshold([[0.2, false], [0.4, false], [0.6, true], [0.8, true]]);
  close(t.threshold, 0.5);
  close(t.macroF1, 1);
  // One positive below a negative: 0.3 (all but the low positive right) beats the rest.
  const u = bestThreshold([[0.1, true], [0.2, false], [0.4, true], [0.9, true]]);
  close(u.threshold, 0.3);
});

test("reliability table and ECE", () => {
  // Bin 1: 0.15, 0.15 (one positive) → predicted 0.15, observed 0.5; bin 9: 0.9, 1.0 (both
  // positive) → 0.95, 1. ECE = ½ · 0.35 + ½ · 0.05 = 0.2.
  const t = reliability([[0.15, false], [0.15, true], [1.0, true], [0.9, true]]);
  assert.equal(t.length, 10);
  assert.equal(t[1].count, 2);
  close(t[1].meanPredicted, 0.15);
  close(t[1].observed, 0.5);
  assert.equal(t[9].count, 2);
  close(t[9].meanPredicted, 0.95);
  assert.equal(t[0].count, 0);
  assert.equal(t[0].meanPredicted, null);
  close(ece(t), 0.2);
  // A perfectly calibrated bin has no error.
  close(ece(reliability([[0.5, true], [0.5, false]])), 0);
});

test("pair win rate counts ties half and ignores incomplete pairs", () => {
  const r = pairWinRate([
    ["a", 0.9, true], ["a", 0.2, false],
    ["b", 0.5, true], ["b", 0.5, false],
    ["c", 0.1, true], ["c", 0.7, false],
    ["d", 0.4, true],
  ]);
  assert.equal(r.pairs, 3);
  close(r.rate, 0.5);
  assert.equal(pairWinRate([]), null);
});

test("baseline coverage: distinct content words, lower-cased, stop words out", () => {
  const stop = new Set(["the", "is", "of"]);
  assert.deepEqual(words("The Eiffel-Tower, 1889!"), ["the", "eiffel", "tower", "1889"]);
  // Content words: paris, capital, france; the references hold paris and france.
  close(coverage("Paris is the capital of France.", ["paris and FRANCE"], stop), 2 / 3);
  close(coverage("the of is", ["anything"], stop), 0);
  // Weights make every dataset weigh the same and average 1.
  const w = datasetWeights(["a", "a", "a", "b"]);
  close(w[0] * 3, w[3]);
  close(w.reduce((x, y) => x + y, 0) / w.length, 1);
});

test("contrast edits: a name of the references takes a claim's name's place, never a part of the same name", () => {
  const stop = new Set(["the", "of", "in", "is", "was", "by", "and", "a"]);
  const ctx = { pool: [], poolSet: new Set(), stop };
  const row = {
    question: "Who hosted the summit?",
    claim: "The summit in Oslo was hosted by Barack Obama.",
    references: ["The summit was hosted by Barack Obama in Oslo, and attended by Angela Merkel."],
  };
  // The references' names the claim does not write: `Angela` (a capital after a lower-case
  // word); either of the claim's names may give way to it.
  const made = new Set();
  for (let s = 0; s < 20; s++) made.add(swapSourceName(row, ctx, rng(s)));
  assert.deepEqual([...made].sort(), ["The summit in Angela was hosted by Barack Obama.", "The summit in Oslo was hosted by Angela Obama."]);
  assert.equal(swapSourceName(row, ctx, rng(4)), swapSourceName(row, ctx, rng(4)));
  // `Barack` stands in one name with `Obama`: it would name the same man.
  const alone = { ...row, claim: "The summit was hosted by Obama.", references: ["The summit was hosted by Barack Obama."] };
  assert.equal(swapSourceName(alone, ctx, rng(0)), null);
});

test("contrast edits: a number of the references takes a claim's number's place, a year a year's", () => {
  const row = {
    question: "How many signed?",
    claim: "Campaigners gathered 3,500 signatures in 2024 [1].",
    references: ["The library's 14,000 books will move in 2025 [2]. Campaigners gathered 3,500 signatures in 2024. It opened in 1901."],
  };
  const made = new Set();
  for (let s = 0; s < 30; s++) made.add(swapSourceNumber(row, {}, rng(s)));
  // 3,500 gives way to 14,000 (not to a year, nor to the marker's 2); 2024 to 2025 or 1901.
  assert.deepEqual([...made].sort(), [
    "Campaigners gathered 14,000 signatures in 2024 [1].",
    "Campaigners gathered 3,500 signatures in 1901 [1].",
    "Campaigners gathered 3,500 signatures in 2025 [1].",
  ]);
  assert.equal(swapSourceNumber(row, {}, rng(7)), swapSourceNumber(row, {}, rng(7)));
  // No other number in the references: nothing to make.
  assert.equal(swapSourceNumber({ ...row, references: ["Campaigners gathered 3,500 signatures in 2024."] }, {}, rng(0)), null);
});

test("contrast edits: each type changes the claim as described, deterministically", () => {
  const stop = new Set(["the", "of", "in", "is", "was", "by", "and", "a"]);
  const texts = ["It was built by Anna Berg in Oslo.", "A statue of Karl Mohn stands in Bergen.", "The mayor met Lena Dahl."];
  const pool = namePool(texts, stop);
  // Only capitals after a lower-case word: "Berg", "Mohn", "Dahl" follow a capital.
  assert.deepEqual(pool, ["Anna", "Bergen", "Karl", "Lena", "Oslo"]);
  const ctx = { pool, poolSet: new Set(pool), stop };
  const row = {
    question: "Who built it?",
    claim: "Anna Berg built the larger bridge in Oslo in 1932.",
    references: ["Anna Berg built the larger bridge in Oslo in 1932."],
  };
  // A name swap may hit the first word; the new name is absent from the row.
  const swapped = new Set();
  for (let s = 0; s < 20; s++) swapped.add(swapName(row, ctx, rng(s)));
  assert.ok([...swapped].some((c) => /^(Bergen|Karl|Lena) Berg built/.test(c)), [...swapped].join(" | "));
  for (const c of swapped) assert.doesNotMatch(c, /^Anna Berg built the larger bridge in Oslo in 1932\.$/);
  assert.equal(swapName(row, ctx, rng(3)), swapName(row, ctx, rng(3)));
  const n = changeNumber(row, ctx, rng(1));
  assert.match(n, /^Anna Berg built the larger bridge in Oslo in 19(29|30|31|33|34|35)\.$/);
  // No auxiliary to negate.
  assert.equal(flipNegation(row), null);
  assert.equal(flipNegation({ claim: "Gift cards are refundable." }), "Gift cards are not refundable.");
  assert.equal(flipNegation({ claim: "Gift cards are not refundable." }), "Gift cards are refundable.");
  assert.equal(flipNegation({ claim: "It isn't open." }), "It is open.");
  assert.equal(flipNegation({ claim: "Birds sing." }), null);
  assert.equal(antonym(row, ctx, rng(0)), "Anna Berg built the smaller bridge in Oslo in 1932.");
  assert.equal(swapRoles(row, ctx, rng(0)), "Oslo built the larger bridge in Anna Berg in 1932.");
  // Quoted titles and citation markers are left alone.
  assert.equal(changeNumber({ ...row, claim: "It opened in 1932 [2]." }, ctx, rng(0)).endsWith("[2]."), true);
  // Without a number, a month of a date changes to one the references never write; `May`
  // only beside a number (elsewhere it may be the modal).
  const month = { ...row, claim: "The bridge opened in March.", references: ["The bridge opened in March. Repairs began in June."] };
  const months = new Set();
  for (let s = 0; s < 20; s++) months.add(changeMonthOf(month, s));
  assert.ok(months.size > 1, [...months].join(" | "));
  for (const c of months) assert.match(c, /^The bridge opened in (January|February|April|May|July|August|September|October|November|December)\.$/);
  assert.match(changeNumber({ ...row, claim: "It opened on May 3." }, ctx, rng(0)), /^It opened on May \d+\.$/);
  assert.equal(changeMonthOf({ ...row, claim: "It opened in late May, after the rains." }, 0), null);
  assert.equal(changeMonthOf({ ...row, claim: "May I add that it opened late?" }, 0), null);
  assert.match(changeMonthOf({ ...row, claim: "It opened in May and June." }, 0), /^It opened in May and (January|February|April|July|August|September|October|November|December)\.$/);
  assert.equal(swapRoles({ ...row, claim: "Anna Berg sang 'Oslo Nights' [1]." }, ctx, rng(0)), null);

  function changeMonthOf(r, seed) {
    return changeNumber(r, ctx, rng(seed));
  }
});
