// The Node entry ("groundcheck/node", js/node.mjs) re-exports the same surface, ready to use.
import { Validator, extractCitations, parseDecision, version, type Report } from "groundcheck/node";

const report: Report = new Validator({}).check({ question: "q?", answer: "Paris [1].", sources: [{ id: "a", content: "Paris" }] });
export const summary: string = `${version()} ${report.warnings.length} ${extractCitations("x [1]", {}).total} ${parseDecision("FINAL").decision}`;
