// Types for js/langchain.mjs (groundcheck/langchain).
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import type { Config, Report, Source, Validator } from "../pkg/groundcheck.js";
export { fromAiSdkSources, fromLangChain } from "./sources.js";
export type { AiSdkSourcePart, DocumentLike } from "./sources.js";

export interface GroundcheckCallbackHandlerOptions {
  onReport?: (report: Report, context: { runId: string; answer: string; question: string; sources: Source[] }) => void | Promise<void>;
  /** Used when no retriever ran. */
  sources?: Source[];
  /** Default: the retriever's query. */
  question?: string;
  config?: Config;
  /** `true`: `validator.validate()` (judges, embeddings) instead of `check()`. */
  validate?: boolean;
  validator?: Validator;
}

export class GroundcheckCallbackHandler extends BaseCallbackHandler {
  name: string;
  constructor(options?: GroundcheckCallbackHandlerOptions);
  reports: Report[];
  lastReport: Report | null;
}

export function generationText(output: unknown): string;
