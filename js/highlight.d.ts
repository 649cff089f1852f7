// Types for js/highlight.mjs (groundcheck/highlight).
import type { Citation, Claim, Decision, Level, Report, Warning, WarningKind } from "../pkg/groundcheck.js";

export type Severity = "severe" | "caution";

/** A report's warning with its 1-based number (report order) and severity. */
export interface Finding extends Warning {
  n: number;
  severity: Severity;
}

/** A citation marker with its position in `report.citations.markers`. */
export interface SegmentCitation extends Citation {
  index: number;
}

/** A run of the answer that no span boundary crosses. */
export interface Segment {
  text: string;
  /** UTF-16 offsets in the answer. */
  start: number;
  end: number;
  /** The findings covering this run, innermost first. */
  findings: Finding[];
  /** The shortest claim covering this run, if any. */
  claim?: Claim;
  /** The citation marker this run is part of, if any. */
  citation?: SegmentCitation;
}

/** The report shape highlight needs: any report object (check(), finish(), the Worker, the CLI's --json). */
export type HighlightReport = Pick<Report, "warnings"> & Partial<Pick<Report, "claims" | "citations">>;

export interface HighlightOptions {
  /** Default: `element.ownerDocument`. */
  document?: Document;
  /** Default `"gc-"`. */
  classPrefix?: string;
  /** Default `true`: inline colours from the badge's palette. */
  styles?: boolean;
}

export const SEVERE_KINDS: readonly WarningKind[];
export const COLOURS: Readonly<Record<Severity, Readonly<{ colour: string; background: string }>>>;
export function severityOf(kind: WarningKind | string): Severity;
/** What each warning kind means, in words ("Claim not supported by the sources"). */
export const FINDING_NAMES: Readonly<Record<WarningKind, string>>;
/** The levels in words (`veryLow` → "Very low", `abstained` → "Not in the sources"). */
export const LEVEL_NAMES: Readonly<Record<Level, string>>;
/** The decisions in words (`RETRY` → "Needs another try"). */
export const DECISION_NAMES: Readonly<Record<Decision, string>>;
/** A warning kind in words; an unknown kind is returned as it is. */
export function findingName(kind: WarningKind | string): string;
/** The markup of `highlightFragment()` as an escaped HTML string (no DOM needed). */
export function highlightHTML(answer: string, report: HighlightReport | null | undefined, options?: Omit<HighlightOptions, "document">): string;
export function findings(report: HighlightReport | null | undefined): Finding[];
export function segments(answer: string, report: HighlightReport | null | undefined): Segment[];
export function highlight<E extends Element>(element: E, answer: string, report: HighlightReport | null | undefined, options?: HighlightOptions): E;
export function highlightFragment(doc: Document, answer: string, report: HighlightReport | null | undefined, options?: HighlightOptions): DocumentFragment;
