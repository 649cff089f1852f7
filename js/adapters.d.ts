// Types for js/adapters.mjs ("groundcheck/adapters").
import type { EmbedCallback, LlmCallback } from "../pkg/groundcheck.js";

export interface OpenAICompatibleOptions {
  /** Base URL including the version: "https://api.openai.com/v1", "http://127.0.0.1:11434/v1". */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string;
  /** Chat model for `llm`. */
  model?: string;
  /** Embedding model for `embed`. */
  embeddingModel?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** A fetch implementation (default: globalThis.fetch). */
  fetch?: typeof globalThis.fetch;
  /** Sampling temperature (default 0). */
  temperature?: number;
}

export interface ModelCallbacks {
  llm?: LlmCallback;
  embed?: EmbedCallback;
}

/** `{ llm, embed }` over the OpenAI chat-completions and embeddings wire format. */
export function openAICompatible(options: OpenAICompatibleOptions): ModelCallbacks;

/** The part of a Worker's AI binding the adapter uses. */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>): Promise<unknown>;
}

export interface WorkersAIOptions {
  /** Text generation model (default "@cf/meta/llama-3.1-8b-instruct"). */
  model?: string;
  /** Embedding model (default "@cf/baai/bge-base-en-v1.5"). */
  embeddingModel?: string;
}

/** `{ llm, embed }` over a Worker's AI binding (`env.AI`). */
export function workersAI(ai: AiBinding, options?: WorkersAIOptions): ModelCallbacks;
