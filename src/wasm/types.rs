//! TypeScript declarations for the plain objects that cross the boundary. Kept beside
//! the binding so they change together; `tsc --noEmit` over a usage example in the JS
//! tests checks that they describe what the module really returns.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A retrieved chunk: the evidence an answer is checked against. */
export interface Source {
  /** The caller's id (numbers are accepted and kept as text). */
  id: string | number;
  /** The chunk's text. */
  content: string;
  document?: string | null;
  chunkId?: string | number | null;
  title?: string | null;
  url?: string | null;
  path?: string | null;
  page?: string | number | null;
  section?: string | number | null;
  chapterId?: string | number | null;
  /** First line of the document this chunk holds (1-based). */
  startLine?: number | null;
  /** Last line of the document this chunk holds (1-based, inclusive). */
  endLine?: number | null;
  /** The retriever's relevance score, kept as given. */
  score?: number | null;
  checksum?: string | number | null;
}

/** What `validator.check()` looks at. */
export interface CheckInput {
  question: string;
  answer: string;
  sources: Source[];
  /** Expected checksum by source id (a source with another `checksum` is stale). */
  checksums?: Record<string, string>;
}

export type CitationStyle =
  "numeric" | "source" | "doc" | "footnote" | "cjk" | "parenthetical" | "chapter" | "sourceId";

export interface CitationOptions {
  /** Marker styles recognised (default: all). */
  styles?: CitationStyle[];
  /** The number that cites the first source: 1 (default) or 0. */
  indexBase?: 0 | 1;
  /** Fewest valid citations (default: 1 when there are sources, else 0). */
  minCitations?: number | null;
  /** Every factual sentence must carry a citation (default true). */
  requirePerClaim?: boolean;
}

export interface Limits {
  maxQuestionLength?: number;
  maxAnswerLength?: number;
  maxSources?: number;
  maxSourceLength?: number;
}

export interface Config {
  citations?: CitationOptions;
  limits?: Limits;
}

export interface ValidatorOptions {
  config?: Config;
}

/** A half-open range of UTF-16 code units: `text.slice(start, end)`. */
export interface Span { start: number; end: number; }

export interface Citation {
  /** Numbers as written (`[2-4]` gives 2, 3, 4); empty for id and chapter markers. */
  indexes: number[];
  /** Ids of the sources the marker resolves to. */
  sourceIds: string[];
  /** 0-based positions of those sources in the evidence list. */
  sourceIndexes: number[];
  raw: string;
  /** UTF-16 offsets in the answer. */
  start: number;
  end: number;
  style: CitationStyle;
  /** Every index or name resolves to a retrieved source. */
  valid: boolean;
  /** The name, for id and chapter markers. */
  name?: string;
}

export interface CitationExtraction {
  total: number;
  citations: Citation[];
}

export interface ExtractCitationsOptions {
  styles?: CitationStyle[];
  indexBase?: 0 | 1;
  /** Needed to resolve id and chapter markers and to judge `valid`. */
  sources?: Source[];
}

export type WarningKind =
  | "CITATION_OUT_OF_RANGE" | "MISSING_CITATION" | "PHANTOM_SOURCE" | "SNIPPET_MISMATCH"
  | "LINE_MISMATCH" | "UNVERIFIED_FIELD" | "UNSUPPORTED_CLAIM" | "CONTRADICTION"
  | "STALE_SOURCE" | "JUDGE_FAILED" | "PIPELINE_ERROR";

export interface Warning {
  kind: WarningKind;
  message: string;
  /** Where in the answer; null when the finding concerns the whole answer. */
  span: Span | null;
  details: Record<string, unknown>;
}

export interface CitationReport {
  total: number;
  valid: number;
  outOfRange: number;
  unresolved: number;
  missing: number;
  unusedSources: string[];
  markers: Citation[];
}

export interface Report {
  citations: CitationReport;
  warnings: Warning[];
  complete: boolean;
}

export type Decision = "FINAL" | "RETRY" | "CLARIFY" | "ESCALATE";

export interface ParsedDecision { decision: Decision; reason: string; }

/** Errors thrown by groundcheck are real `Error`s with a stable code and the field at fault. */
export interface GroundcheckError extends Error {
  code: "MISSING_FIELD" | "INVALID_TYPE" | "INVALID_VALUE" | "TOO_SHORT" | "TOO_LONG"
      | "UNKNOWN_FIELD" | "EMPTY_DECISION" | "UNKNOWN_DECISION" | "AMBIGUOUS_DECISION"
      | "INVALID_CALLBACK";
  field: string | null;
}
"#;
