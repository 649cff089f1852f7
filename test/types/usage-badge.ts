// The badge ("groundcheck/badge", js/badge.js + js/badge.d.ts) as a page would use it.
import { ConfidenceBadge, defineConfidenceBadge, levelOf } from "groundcheck/badge";
import type { Report } from "groundcheck";

defineConfidenceBadge("my-confidence-badge");
export function show(report: Report): ConfidenceBadge {
  const badge = document.createElement("confidence-badge"); // typed via HTMLElementTagNameMap
  badge.report = report;
  badge.confidence = report.confidence;
  const level: string = badge.level;
  const back: Report | null = badge.report;
  badge.setAttribute("pending", "");
  void [level, back, levelOf(0.95)];
  return badge;
}
