// CommonJS consumers: `require("groundcheck")` and `require("groundcheck/node")` resolve
// through the "require" condition to js/node.cjs, typed by js/node.d.cts.
import groundcheck = require("groundcheck");
import node = require("groundcheck/node");

const report: groundcheck.Report = new groundcheck.Validator({}).check({ question: "q?", answer: "Paris [1].", sources: [{ id: "a", content: "Paris" }] });
export const summary: string = `${node.version()} ${report.level} ${groundcheck.extractCitations("x [1]").total}`;
