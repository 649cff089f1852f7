// groundcheck/langchain: groundcheck in LangChain.js (@langchain/core 1.x, a peer
// dependency of this entry only).
//
//   import { GroundcheckCallbackHandler, fromLangChain } from "groundcheck/langchain";
//   const handler = new GroundcheckCallbackHandler({ onReport: (report) => ... });
//   await chain.invoke(question, { callbacks: [handler] });
//   handler.lastReport  // the report of the model's answer against the retrieved documents
//
// In Node this module is loaded through groundcheck/node (ready to use); in a browser or a
// Worker initialise the module first (`await init()` / `initSync({ module })`).
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { Validator } from "./index.js";
import { fromLangChain } from "./sources.mjs";

export { fromAiSdkSources, fromLangChain } from "./sources.mjs";

/** The text of an `LLMResult`'s first generation (a chat model's message text included). */
export function generationText(output) {
  const g = output?.generations?.[0]?.[0];
  if (!g) return "";
  if (typeof g.text === "string" && g.text !== "") return g.text;
  const content = g.message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.filter((p) => p?.type === "text").map((p) => p.text).join("");
  return "";
}

/**
 * A LangChain callback handler that checks every LLM or chat-model answer against the
 * documents the chain retrieved.
 *
 * - `handleRetrieverStart` keeps the query (the question, unless `question` is given);
 *   `handleRetrieverEnd` keeps the documents (converted with `fromLangChain`). The
 *   documents of every retriever run since the previous answer are used together; with
 *   none new, the last ones are used again.
 * - `handleLLMEnd` checks the first generation's text and calls `onReport(report, { runId,
 *   answer, question, sources })`; the report is also kept as `lastReport` and pushed to
 *   `reports`.
 *
 * Options: `onReport`, `sources` (fixed sources, used when no retriever ran), `question`,
 * `config` (the validator config), `validate` (`true`: use `validator.validate()` with
 * the validator's callbacks instead of the deterministic `check()`), `validator` (your own
 * `Validator`). Handlers are awaited (`awaitHandlers`), so `lastReport` is set when
 * `invoke()` returns. An answer with no documents at all is not checked (no report).
 */
export class GroundcheckCallbackHandler extends BaseCallbackHandler {
  name = "GroundcheckCallbackHandler";

  constructor(options = {}) {
    super({ ...options, _awaitHandler: true, ignoreChain: true, ignoreAgent: true, ignoreCustomEvent: true });
    this.awaitHandlers = true;
    this.options = options;
    this.validator = options.validator ?? new Validator(options.config ? { config: options.config } : {});
    this.reports = [];
    this.lastReport = null;
    this.pending = [];
    this.current = options.sources ?? [];
    this.query = options.question ?? "";
  }

  async handleRetrieverStart(_retriever, query) {
    if (this.options.question === undefined && typeof query === "string") this.query = query;
  }

  async handleRetrieverEnd(documents) {
    fromLangChain(documents); // throws a coded error now, naming the bad document
    this.pending.push(...documents);
  }

  async handleLLMEnd(output, runId) {
    if (this.pending.length) {
      this.current = fromLangChain(this.pending);
      this.pending = [];
    }
    if (!this.current.length) return;
    const answer = generationText(output);
    const input = { question: this.query, answer, sources: this.current };
    const report = this.options.validate ? await this.validator.validate(input) : this.validator.check(input);
    this.lastReport = report;
    this.reports.push(report);
    await this.options.onReport?.(report, { runId, answer, question: this.query, sources: this.current });
  }
}
