// Types for js/ai-sdk.mjs (groundcheck/ai-sdk). Structural: no import of "ai" needed.
import type { Config, Report, Source, StreamEvent } from "../pkg/groundcheck.js";

/** Per-call overrides: `providerOptions: { groundcheck: { sources, question } }`. */
export interface GroundcheckProviderOptions {
  sources?: Source[];
  question?: string;
}

export interface GroundcheckMiddlewareOptions<P = any> {
  /** The sources, or a function of the call's params (`LanguageModelV3CallOptions`). */
  sources?: Source[] | ((params: P) => Source[] | Promise<Source[]>);
  /** Default: the text of the last user message. */
  question?: string | ((params: P) => string | Promise<string>);
  config?: Config;
  onSegment?: (event: StreamEvent) => void;
  onReport?: (report: Report, context: { params: P }) => void | Promise<void>;
}

/** A `LanguageModelV3Middleware` (ai@6): pass it to `wrapLanguageModel({ model, middleware })`. */
export interface GroundcheckMiddleware {
  specificationVersion: "v3";
  wrapGenerate(options: { doGenerate: () => PromiseLike<any>; doStream: () => PromiseLike<any>; params: any; model: any }): Promise<any>;
  wrapStream(options: { doGenerate: () => PromiseLike<any>; doStream: () => PromiseLike<any>; params: any; model: any }): Promise<any>;
}

export const METADATA_KEY: "groundcheck";
export function groundcheckMiddleware<P = any>(options?: GroundcheckMiddlewareOptions<P>): GroundcheckMiddleware;
/** The attached report from a result, its awaited `providerMetadata`, or an `onFinish` event. */
export function reportOf(resultOrMetadata: unknown): Report | null;
export function lastUserText(prompt: unknown): string;
export function groundcheckOnFinish<E extends { text?: string } = { text?: string }>(options: {
  sources: Source[];
  question?: string;
  config?: Config;
  onReport: (report: Report, event: E) => void | Promise<void>;
}): (event: E) => Promise<void>;
