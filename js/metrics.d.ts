// Types for js/metrics.mjs (groundcheck/metrics).
import type { Report } from "../pkg/groundcheck.js";

type MetricsReport = Pick<Report, "claims"> & Partial<Pick<Report, "sourceQuality" | "warnings" | "abstained" | "complete" | "decision" | "confidence">>;

export interface RagasScores {
  faithfulness: number | null;
  context_precision: number | null;
  /** Needs `{ reference }`, the report of the reference answer against the same sources. */
  context_recall: number | null;
}

export interface DeepEvalResult {
  score: number;
  threshold: number;
  success: boolean;
  reason: string;
}

export function faithfulness(report: MetricsReport): number | null;
export function contextPrecision(report: MetricsReport): number | null;
export function toRagas(report: MetricsReport, options?: { reference?: MetricsReport }): RagasScores;
/** @throws a `TypeError` with `code: "INVALID_VALUE"` for a threshold outside [0, 1]. */
export function toDeepEval(report: MetricsReport, threshold?: number): DeepEvalResult;
