// Types for js/repair.mjs (groundcheck/repair; also exported by groundcheck/node).
import type { Report, WarningKind } from "../pkg/groundcheck.js";

export interface RepairOptions {
  /** The warning kinds to act on. Default `["UNSUPPORTED_CLAIM", "CONTRADICTION", "CITATION_OUT_OF_RANGE"]`. */
  drop?: WarningKind[];
  /** `"remove"` (default) cuts the sentences; `"mark"` wraps them in `marker.open` … `marker.close`. Invalid citation markers are stripped either way. */
  mode?: "remove" | "mark";
  /** Default `{ open: "⟦", close: "⟧" }`. */
  marker?: { open?: string; close?: string };
}

export interface RepairedRange {
  /** UTF-16 offsets in the original answer. */
  start: number;
  end: number;
  /** `answer.slice(start, end)`. */
  text: string;
  kind: WarningKind;
  action: "removed" | "marked";
}

export interface Repaired {
  text: string;
  removed: RepairedRange[];
}

export const DEFAULT_DROP: readonly WarningKind[];
/** @throws a `TypeError` with `code` (`INVALID_TYPE`, `INVALID_VALUE`) and `field`. */
export function repair(report: Pick<Report, "warnings">, answer: string, options?: RepairOptions): Repaired;
