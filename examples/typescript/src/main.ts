// groundcheck from TypeScript: every entry point typed through package.json "exports".
import init, { Validator, type Report, type Source } from "groundcheck";
import "groundcheck/badge";
import { segments, highlight, highlightHTML, findingName, DECISION_NAMES, LEVEL_NAMES, type Segment } from "groundcheck/highlight";
import { repair } from "groundcheck/repair";
import { fromLangChain } from "groundcheck/sources";
import { groundcheckMiddleware, reportOf } from "groundcheck/ai-sdk";

export async function check(question: string, answer: string, sources: Source[]): Promise<Report> {
  await init();
  return new Validator({ config: { threshold: 0.7 } }).check({ question, answer, sources });
}

export function show(element: HTMLElement, answer: string, report: Report): Segment[] {
  highlight(element, answer, report);
  return segments(answer, report).filter((s) => s.findings.length > 0);
}

/** The findings and verdict in words, and the highlighted answer as an escaped HTML string. */
export function summary(answer: string, report: Report): { verdict: string; findings: string[]; html: string } {
  return {
    verdict: `${DECISION_NAMES[report.decision]} (${LEVEL_NAMES[report.level]})`,
    findings: report.warnings.map((w) => findingName(w.kind)),
    html: highlightHTML(answer, report, { styles: false }),
  };
}

export function cleaned(answer: string, report: Report): string {
  return repair(report, answer, { drop: ["UNSUPPORTED_CLAIM", "CITATION_OUT_OF_RANGE"] }).text;
}

export const middleware = groundcheckMiddleware({
  sources: fromLangChain([{ pageContent: "Paris is the capital of France.", metadata: { source: "paris.md" } }]),
});

export function decisionOf(result: unknown): string {
  return reportOf(result)?.decision ?? "unchecked";
}
