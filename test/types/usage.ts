// A usage example that touches every export of the generated pkg/groundcheck.d.ts.
// Never run: `tsc --noEmit --strict` checks it (test/js/types.test.mjs), so the
// declarations cannot drift from how the module is meant to be used.
import init, {
  initSync,
  StreamingValidator,
  Validator,
  cacheKey,
  cachePolicy,
  extractCitations,
  parseDecision,
  version,
  type AnswerResult,
  type Attempt,
  type CachePolicy,
  type CacheStats,
  type CheckInput,
  type Citation,
  type CitationExtraction,
  type CitationStyle,
  type CallTiming,
  type StageTimings,
  type TraceOptions,
  type Config,
  type Decision,
  type GroundcheckError,
  type InitInput,
  type InitOutput,
  type JudgeSummary,
  type LlmOptions,
  type Mode,
  type ParsedDecision,
  type Report,
  type SegmentKind,
  type StreamEvent,
  type StreamSegment,
  type StreamingValidatorOptions,
  type Source,
  type Span,
  type SyncInitInput,
  type ValidatorOptions,
  type Warning,
  type WarningKind,
} from "../../pkg/groundcheck.js";

export async function loadInBrowser(url: InitInput): Promise<InitOutput> {
  return init({ module_or_path: url });
}

export function loadFromModule(module: SyncInitInput): InitOutput {
  return initSync({ module });
}

// The loop module (validate(), answer()) named where it cannot be fetched (a Worker).
export function loadWithLoop(module: SyncInitInput, loop: WebAssembly.Module): InitOutput {
  return initSync({ module, loop: () => Promise.resolve({ default: loop }) });
}

export async function loadInBrowserWithLoop(url: InitInput, loopUrl: URL): Promise<InitOutput> {
  return init({ module_or_path: url, loop: loopUrl });
}

const sources: Source[] = [
  { id: "wiki-paris", title: "Paris", content: "Paris is the capital of France." },
  { id: 2, content: "Paris has 2.1 million residents.", url: "https://example.invalid/p", startLine: 1, endLine: 3 },
];
const input: CheckInput = {
  question: "What is the capital of France?",
  answer: "Paris is the capital of France [1]. It has 2.1 million residents [4].",
  sources,
};
const config: Config = { citations: { indexBase: 1, requirePerClaim: true, minCitations: null }, limits: { maxSources: 50 } };
const options: ValidatorOptions = { config };

export function checkAnswer(): string[] {
  const validator = new Validator(options);
  const plain = new Validator();
  void plain;
  const report: Report = validator.check(input);
  const inForce: Config = validator.config;
  const out: string[] = [String(inForce.citations?.indexBase)];
  for (const w of report.warnings) {
    const warning: Warning = w;
    const kind: WarningKind = warning.kind;
    const span: Span | null = warning.span;
    out.push(`${kind}: ${warning.message} ${span ? input.answer.slice(span.start, span.end) : "(whole answer)"}`);
    out.push(JSON.stringify(warning.details));
  }
  const c = report.citations;
  const counts: number[] = [c.total, c.valid, c.outOfRange, c.unresolved, c.missing];
  const unused: string[] = c.unusedSources;
  const markers: Citation[] = c.markers;
  out.push(counts.join(","), unused.join(","), String(markers.length), String(report.complete));
  const confidence: number = report.confidence;
  const decision: Decision = report.decision;
  const prompt: string | null = report.correctionPrompt;
  out.push(`${confidence} ${report.level} ${decision} ${report.recommendation} ${prompt ?? ""}`);
  out.push(`${report.claims.length} ${report.hallucination.rate} ${report.supportScore} ${report.attributable}`);
  for (const b of report.breakdown) out.push(JSON.stringify(b));
  validator.free();
  return out;
}

export function citations(answer: string): Citation[] {
  const styles: CitationStyle[] = ["numeric", "footnote", "cjk"];
  const found: CitationExtraction = extractCitations(answer, { styles, indexBase: 1, sources });
  const all: CitationExtraction = extractCitations(answer);
  const first: Citation | undefined = found.citations[0];
  if (first) {
    const ids: string[] = first.sourceIds;
    const indexes: number[] = first.indexes;
    const positions: number[] = first.sourceIndexes;
    const name: string | undefined = first.name;
    const ok: boolean = first.valid && first.raw === answer.slice(first.start, first.end);
    void [ids, indexes, positions, name, ok, first.style];
  }
  return found.total > 0 ? found.citations : all.citations;
}

export function decide(text: string): Decision | GroundcheckError["code"] {
  try {
    const parsed: ParsedDecision = parseDecision(text);
    return parsed.reason.length > 0 ? parsed.decision : "FINAL";
  } catch (err) {
    const e = err as GroundcheckError;
    const field: string | null = e.field;
    void field;
    return e.code;
  }
}

export const libraryVersion: string = version();

// Callbacks, validate(), answer(), the cache and the cache policy.
export async function withModels(): Promise<string[]> {
  const validator = new Validator({
    llm: async (prompt: string, options: LlmOptions) => `${options.purpose} ${options.maxTokens} ${prompt.length}`,
    embed: async (texts: string[]) => texts.map(() => Float32Array.from([1, 0])),
    retrieve: async (query: string, { k, scope }) => sources.slice(0, k).map((s) => ({ ...s, content: `${query} ${scope ?? ""} ${s.content}` })),
    generate: (prompt: string, { attempt, mode }) => `${prompt.length} ${attempt} ${mode}`,
    config: { maxRetries: 1, timeoutMs: 5000, budget: 8, judges: { relevance: true, similarity: 0.8 }, loop: { k: 3, mode: "thinking" }, cache: { maxEntries: 10, ttlMs: { auto: 1000 } }, prompts: { verify: "{claim} / {evidence}" } },
  });
  const report: Report = await validator.validate(input);
  const judges: JudgeSummary | null = report.judges;
  const mode: Mode = "instant";
  const result: AnswerResult = await validator.answer({ question: input.question, scope: "docs", mode });
  const attempts: Attempt[] = result.trace;
  const stats: CacheStats = validator.cache.stats();
  const dropped: number = validator.cache.invalidateScope("docs") + validator.cache.invalidateSource("wiki-paris");
  const policy: CachePolicy = cachePolicy(report, { mode: "auto" });
  const key: string = cacheKey(input.question, sources, { scope: "docs", mode });
  return [String(judges?.modelCalls), result.decision, result.answer ?? "", String(attempts.length), String(stats.hits + dropped), String(policy.cacheable), key];
}

export function streamAnswer(deltas: string[]): Report {
  const opts: StreamingValidatorOptions = { question: input.question, sources, checksums: { "wiki-paris": "v1" }, config };
  const stream = new StreamingValidator(opts);
  const plain = new StreamingValidator({ question: "q", sources: [] });
  plain.free();
  const seen: string[] = [];
  for (const delta of deltas) {
    const events: StreamEvent[] = stream.push(delta);
    for (const e of events) {
      const segment: StreamSegment = e.segment;
      const kind: SegmentKind = segment.kind;
      const span: Span = segment.span;
      const claims: number = e.claims.length;
      const warnings: Warning[] = e.warnings;
      seen.push(`${segment.index} ${kind} ${segment.text} ${span.start}-${span.end} ${claims} ${warnings.length}`);
    }
  }
  const text: string = stream.text;
  const report: Report = stream.finish();
  stream.free();
  void [seen, text];
  return report;
}

// Issue 12 item 10: an AbortSignal for every callback, opt-in stage timings, user patterns.
export async function withSignalsAndTimings(): Promise<number> {
  const validator = new Validator({
    llm: async (prompt: string, { purpose, signal }: LlmOptions) => {
      const res = await fetch("http://127.0.0.1:1/v1", { method: "POST", body: `${purpose} ${prompt}`, signal });
      return res.text();
    },
    embed: async (texts: string[], { signal }) => (signal?.aborted ? [] : texts.map(() => [1, 0])),
    retrieve: async (_query: string, { k, signal }) => (signal?.aborted ? [] : sources.slice(0, k)),
    generate: async (prompt: string, { attempt, signal }) => `${prompt.length} ${attempt} ${signal?.aborted ?? false}`,
    trace: { timings: true },
    config: {
      citations: { patterns: ["Chapter\\s+(\\w+)", "\\{\\{cite:(?<id>[a-z0-9-]+)\\}\\}"] },
      evidence: { fieldPatterns: ["@param\\s+(\\w+)"] },
    },
  });
  const report: Report = await validator.validate(input);
  const timings: StageTimings | undefined = report.timings;
  const calls: CallTiming[] = timings?.calls ?? [];
  const result: AnswerResult = await validator.answer({ question: input.question });
  const perAttempt: number = result.trace.reduce((s, a) => s + (a.timings?.stages["checks"] ?? 0), 0);
  const style: CitationStyle = "pattern";
  const found: CitationExtraction = extractCitations("See Chapter 4.", { patterns: ["Chapter\\s+(\\w+)"] });
  const traceOptions: TraceOptions = { timings: false };
  void [style, found, traceOptions];
  return calls.length + (result.timings?.totalMs ?? 0) + perAttempt;
}
