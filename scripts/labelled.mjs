// Reading AttributionBench-style labelled files and checking their rows with the wasm module
// (shared by `npm run eval` and `npm run contrast`).
//
// Each line is { question, claim, references: string[], attribution_label, src_dataset,
// pair? }: the claim is checked as the answer, the references as the sources.
import { readFileSync } from "node:fs";
import { Validator } from "../js/node.mjs";

const POSITIVE = "attributable";
const NEGATIVE = "not attributable";

/**
 * The labelled rows of `file` (`{ question, claim, references, gold, dataset, pair }`, `pair`
 * prefixed with `fileNo` so pairs of different files never meet) and the number of rows
 * without a label. Throws on unreadable files and lines that are not JSON.
 */
export function readLabelled(file, fileNo = 0) {
  const text = readFileSync(file, "utf8");
  const rows = [];
  let skipped = 0;
  for (const [i, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    let row;
    try {
      row = JSON.parse(line);
    } catch (e) {
      throw new Error(`${file} line ${i + 1}: not JSON (${e.message})`);
    }
    const label = String(row.attribution_label ?? "").trim().toLowerCase();
    if (label !== POSITIVE && label !== NEGATIVE) {
      skipped++;
      continue;
    }
    rows.push({
      question: String(row.question ?? ""),
      claim: String(row.claim ?? ""),
      references: (Array.isArray(row.references) ? row.references : []).map((r) => String(r ?? "")),
      gold: label === POSITIVE,
      dataset: String(row.src_dataset ?? "") || "unknown",
      pair: row.pair === undefined || row.pair === null ? null : `${fileNo}#${row.pair}`,
    });
  }
  return { rows, skipped };
}

/**
 * A validator sized for benchmark rows (long questions, many references), with `claims`
 * as its claims options (`config.claims`).
 */
export function benchmarkValidator(claims = {}) {
  return new Validator({
    config: {
      limits: { maxQuestionLength: 100_000, maxAnswerLength: 100_000, maxSources: 1000, maxSourceLength: 1_000_000 },
      claims,
    },
  });
}

/**
 * What a row without a question is checked with: a question of no words, which asks
 * nothing and gives the claim no term (`check()` needs a question that is not blank).
 * The native harness passes such a row's empty question as it is; the two agree.
 */
export const NO_QUESTION = ".";

/** The report of `claim` checked against `references` (question: the row's, else none). */
export function checkClaim(validator, question, claim, references) {
  const q = question.trim() || NO_QUESTION;
  const sources = references.map((content, j) => ({ id: `ref-${j + 1}`, content }));
  return validator.check({ question: q, answer: claim, sources });
}
