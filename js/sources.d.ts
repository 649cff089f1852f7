// Types for js/sources.mjs (groundcheck/sources).
import type { Source } from "../pkg/groundcheck.js";

/** The shape of a LangChain `Document` (structural: no import of @langchain/core needed). */
export interface DocumentLike {
  pageContent: string;
  metadata?: Record<string, any>;
  id?: string;
}

/** An AI SDK source part (`result.sources`): names a page, holds none of its text. */
export interface AiSdkSourcePart {
  type?: "source";
  sourceType: "url" | "document" | string;
  id: string;
  url?: string;
  title?: string;
  filename?: string;
  mediaType?: string;
}

/** @throws a `TypeError` with `code` (`INVALID_TYPE`, `MISSING_FIELD`) and `field`. */
export function fromLangChain(docs: Array<DocumentLike | [DocumentLike, number]>): Source[];
/** @throws a `TypeError` with `code` (`INVALID_TYPE`, `MISSING_FIELD`) and `field`. */
export function fromAiSdkSources(
  sources: AiSdkSourcePart[],
  texts: Record<string, string> | Map<string, string> | ((part: AiSdkSourcePart) => string | undefined),
): Source[];
