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
  /** The domain or collection the document belongs to; passed through to the report. */
  domain?: string | null;
  /** Your own metadata, any JSON; passed through to the report's provenance. */
  metadata?: unknown;
}

/** What `validator.check()` looks at. */
export interface CheckInput {
  question: string;
  answer: string;
  sources: Source[];
  /** Expected checksum by source id (a source with another `checksum` is stale). */
  checksums?: Record<string, string>;
  /** A critic's verdict ("FINAL: grounded", JSON, …); the checks may overrule a FINAL. */
  critic?: string;
}

/** `"pattern"` marks a marker found by `citations.patterns`; it is not a style to list in `styles`. */
export type CitationStyle =
  "numeric" | "source" | "doc" | "footnote" | "cjk" | "parenthetical" | "chapter" | "sourceId" | "pattern";

export interface CitationOptions {
  /** Marker styles recognised (default: all). */
  styles?: CitationStyle[];
  /** The number that cites the first source: 1 (default) or 0. */
  indexBase?: 0 | 1;
  /** Fewest valid citations (default: 1 when there are sources, else 0). */
  minCitations?: number | null;
  /** Every factual sentence must carry a citation (default true). With false, only an
   * answer that cites somewhere must cite every fact; answer() always requires it. */
  requirePerClaim?: boolean;
  /** Your own marker forms, as regular expressions (regex-lite syntax: ASCII `\\w`, `\\d`,
   * `\\s`), e.g. `"Chapter\\s+(\\w+)"`. The named group `index` (source numbers), `id` (a
   * source id) or `chapter` (a chapter or section label), else group 1, else the whole
   * match names the source; unnamed, it is tried as an id, a label, then numbers. At most
   * 16 patterns of 512 bytes; an invalid one throws INVALID_VALUE naming
   * `config.citations.patterns[i]`. */
  patterns?: string[];
}

export interface Limits {
  maxQuestionLength?: number;
  maxAnswerLength?: number;
  maxSources?: number;
  maxSourceLength?: number;
}

export type Preset = "default" | "triad" | "claims" | "relevance" | "penalties";

export interface Weights {
  claims?: number; citations?: number; snippets?: number; fields?: number;
  sources?: number; retrieval?: number; judges?: number;
}

export interface GateOptions {
  /** Below this confidence a retry is not worth it: reject (default 0.3). */
  rejectBelow?: number;
  /** Findings that keep an answer from FINAL whatever its score or the critic says. */
  blocking?: WarningKind[];
  /** A critic's FINAL that the checks disagree with becomes RETRY (true, default) or
   * ESCALATE (false); it never stands over a blocking finding. */
  overruleCritic?: boolean;
  /** No sources at all gives CLARIFY (default true). */
  clarifyWithoutEvidence?: boolean;
}

export interface ClaimOptions {
  /** Lowest support score of a supported claim (default 0.42). */
  supported?: number;
  /** Lowest support score of a partial claim (default 0.21). */
  partial?: number;
  /** Unsupported share of fact claims above which to regenerate (default 0.1). */
  regenerateRate?: number;
  /** Unsupported share of fact claims above which to reject (default 0.3). */
  rejectRate?: number;
  [tuning: string]: number | undefined;
}

export interface SnippetOptions {
  /** Lowest fuzzy score that verifies (default 0.85). */
  threshold?: number;
  /** Numbers, names, identifiers and negations must match exactly (default true). */
  exactTokens?: boolean;
  /** Upper bound on fuzzy work in 64-bit block steps (default 50 000 000). */
  maxFuzzyWork?: number;
}

export interface EvidenceOptions {
  checkSources?: boolean;
  checkSnippets?: boolean;
  checkLines?: boolean;
  checkFields?: boolean;
  checkCodeBlocks?: boolean;
  checkInlineCode?: boolean;
  /** Shortest quotation (chars) that counts as a snippet (default 12). */
  minSnippetChars?: number;
  /** Fewest words a quotation needs to count as a snippet (default 3). */
  minSnippetWords?: number;
  /** Lines of slack around a line reference (default 2). */
  lineSlack?: number;
  snippet?: SnippetOptions;
  /** Your own field-name forms, as regular expressions (e.g. `"@param\\s+(\\w+)"`): the
   * named group `field`, else group 1, else the whole match is an identifier that must
   * appear in a source. Same limits and errors as `citations.patterns`. */
  fieldPatterns?: string[];
}

export interface Config {
  /** Lowest confidence that may be FINAL (default 0.7). */
  threshold?: number;
  /** Confidence formula (default "default"). */
  preset?: Preset;
  weights?: Weights;
  gate?: GateOptions;
  claims?: ClaimOptions;
  evidence?: EvidenceOptions;
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
  /** A range that runs backwards (`[5-2]`) or spans more than 100 sources: never valid. */
  malformed: boolean;
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
  /** As `config.citations.patterns`; errors name `options.patterns[i]`. */
  patterns?: string[];
  /** Needed to resolve id and chapter markers and to judge `valid`. */
  sources?: Source[];
}

export type WarningKind =
  | "CITATION_OUT_OF_RANGE" | "MISSING_CITATION" | "PHANTOM_SOURCE" | "SNIPPET_MISMATCH"
  | "LINE_MISMATCH" | "UNVERIFIED_FIELD" | "UNSUPPORTED_CLAIM" | "CONTRADICTION"
  | "STALE_SOURCE" | "JUDGE_FAILED" | "PIPELINE_ERROR" | "OUT_OF_SCOPE" | "MISATTRIBUTED_CITATION";

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

export type MatchMethod = "exact" | "normalized" | "fuzzy" | "none";

export interface ClosestPassage { span: Span; text: string; score: number; }

/** `verifySnippet(snippet, content)`: where (and how well) a quote appears in a text. */
export interface SnippetMatch {
  verified: boolean;
  method: MatchMethod;
  /** 1 for exact and normalised matches, 1 − edits/length for fuzzy ones. */
  score: number;
  /** The matched passage, UTF-16 offsets in the content. */
  span: Span | null;
  matched: string | null;
  /** The closest passage, when not verified. */
  closest: ClosestPassage | null;
  /** Numbers, names, identifiers or negations that differ. */
  mismatchedTokens: string[];
}

export interface SourceReference {
  kind: "path" | "url" | "title" | "chapter" | "sourceId";
  text: string;
  span: Span;
  sourceIds: string[];
  verified: boolean;
}

export interface SourcesSummary {
  verified: number;
  total: number;
  phantom: string[];
  stale: { sourceId: string; expected: string; actual: string | null }[];
  references: SourceReference[];
}

export interface SnippetResult {
  kind: "quote" | "blockQuote" | "inlineCode" | "codeBlock";
  text: string;
  span: Span;
  citedSourceIds: string[];
  verified: boolean;
  method: MatchMethod;
  score: number;
  sourceId: string | null;
  sourceSpan: Span | null;
  closest: ClosestPassage | null;
  mismatchedTokens: string[];
  foundInOtherSource: string | null;
}

export interface LineResult {
  text: string;
  span: Span;
  path: string | null;
  start: number;
  end: number;
  sourceIds: string[];
  inRange: boolean;
  codeVerified: boolean | null;
  verified: boolean;
}

export interface FieldResult { name: string; span: Span; verified: boolean; sourceId: string | null; }

export interface Summary {
  citationsValid: number; citationsTotal: number;
  claimsSupported: number; claimsTotal: number;
  sourcesVerified: number; sourcesTotal: number;
  snippetsVerified: number; snippetsTotal: number;
  linesVerified: number; linesTotal: number;
  fieldsVerified: number; fieldsTotal: number;
  fieldConfidence: number;
}

export type ClaimKind = "fact" | "opinion" | "inference" | "abstention";
export type SupportStatus = "supported" | "partial" | "unsupported" | "contradicted" | "notChecked";

export interface Evidence {
  sourceId: string;
  chunkId: string | null;
  sourceIndex: number;
  /** The source's retrieval score, as given. */
  retrievalScore: number | null;
  /** The matched passage, UTF-16 offsets in the source's content. */
  span: Span;
  text: string;
  score: number;
  document: string | null;
}

export interface Provenance {
  sourceIndex: number;
  sourceId: string;
  title: string | null;
  page: string | null;
  section: string | null;
  url: string | null;
  path: string | null;
  document: string | null;
  chunkId: string | null;
  domain: string | null;
  metadata: unknown;
}

/** How a claim's status was decided. */
export type VerifiedBy = "lexical" | "embedding" | "llm";

export interface Claim {
  text: string;
  /** UTF-16 offsets in the answer. */
  span: Span;
  kind: ClaimKind;
  status: SupportStatus;
  /** Support score in [0, 1]. */
  score: number;
  /** 0-based indexes of the sources the claim cites. */
  citations: number[];
  evidence: Evidence | null;
  provenance: Provenance[];
  reasons: string[];
  /** null for claims that are not checked (opinions, inferences, abstentions). */
  verifiedBy: VerifiedBy | null;
}

export interface BreakdownItem { signal: string; value: number; weight: number; contribution: number; }
export interface Reason { code: string; message: string; }
/** A grade of the confidence, or a state that is not a grade: `abstained` (the answer
 * declines; CLARIFY) or `clarify` (no sources, the critic asked to clarify, or nothing in
 * the answer to check). Never
 * "high" or "medium" unless the decision is FINAL. */
export type Level = "high" | "medium" | "low" | "veryLow" | "abstained" | "clarify";
export type Recommendation = "accept" | "retry" | "reject";

export interface Report {
  /** How far the answer can be trusted, in [0, 1]. */
  confidence: number;
  level: Level;
  /** The answer declines (or says the sources do not hold the answer) and states no fact. */
  abstained: boolean;
  decision: Decision;
  recommendation: Recommendation;
  reasons: Reason[];
  /** A critic's FINAL was overruled by the checks. */
  overruled: boolean;
  breakdown: BreakdownItem[];
  caps: BreakdownItem[];
  preset: Preset;
  uncertain: boolean;
  claims: Claim[];
  hallucination: { rate: number; unsupported: number; total: number };
  /** Lowest support score among the factual claims (1 when there are none). */
  supportScore: number;
  /** Every factual claim is supported. */
  attributable: boolean;
  summary: Summary;
  citations: CitationReport;
  sources: SourcesSummary;
  snippets: { verified: number; total: number; items: SnippetResult[] };
  lines: { verified: number; total: number; items: LineResult[] };
  fields: { verified: string[]; unverified: string[]; total: number; confidence: number; items: FieldResult[] };
  warnings: Warning[];
  /** A prompt for the retry listing exactly what was wrong; null when FINAL. */
  correctionPrompt: string | null;
  complete: boolean;
  /** How far each retrieved source can be relied on, in evidence order. */
  sourceQuality: SourceQuality[];
}

export interface SourceQuality {
  sourceId: string;
  sourceIndex: number;
  retrievalScore: number | null;
  checksum: string | null;
  /** Its checksum is not the one expected (STALE_SOURCE). */
  stale: boolean;
  /** Fact claims that cite it, and those it supports. */
  citedBy: number;
  supported: number;
  /** supported / citedBy; null when nothing cites it. */
  supportRate: number | null;
  /** 0 when stale, else the mean of the retrieval score and support rate that are known. */
  quality: number | null;
}

export type Decision = "FINAL" | "RETRY" | "CLARIFY" | "ESCALATE";

export interface ParsedDecision { decision: Decision; reason: string; }

/** Errors thrown by groundcheck are real `Error`s with a stable code and the field at fault. */
export interface GroundcheckError extends Error {
  code: "MISSING_FIELD" | "INVALID_TYPE" | "INVALID_VALUE" | "TOO_SHORT" | "TOO_LONG"
      | "UNKNOWN_FIELD" | "EMPTY_DECISION" | "UNKNOWN_DECISION" | "AMBIGUOUS_DECISION"
      | "INVALID_CALLBACK" | "TOO_DEEP" | "INVALID_INPUT" | "STREAM_FINISHED"
      | "USED_AFTER_FREE" | "STALE_OBJECT" | "INTERNAL_ERROR" | "MODULE_UNAVAILABLE";
  field: string | null;
}
"#;
