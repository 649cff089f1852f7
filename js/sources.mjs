// groundcheck/sources: other libraries' document shapes as groundcheck sources
// (`{ id, content, title?, url?, path?, page?, score?, ... }`). No dependencies (js/request.mjs
// is plain JavaScript), no wasm.
//
//   import { fromLangChain, fromAiSdkSources } from "groundcheck/sources";
//   fromLangChain(await retriever.invoke(q))                        // Document[]
//   fromLangChain(await store.similaritySearchWithScore(q, 4))      // [Document, score][]
//   fromAiSdkSources(result.sources, { [url]: pageText, ... })      // AI SDK source parts + their text
import { fieldError } from "./request.mjs";

/** A TypeError with `code` and `field`, its message `CODE: message (field F)`. */
const fail = fieldError;

const isUrl = (s) => typeof s === "string" && /^[a-z][a-z0-9+.-]*:\/\//i.test(s);
const text = (v) => (typeof v === "string" && v !== "" ? v : null);
const int = (v) => (Number.isInteger(v) ? v : null);

/** Plain JSON copy of `value`, or undefined when it cannot be one (functions, cycles, BigInt). */
function jsonCopy(value) {
  try {
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  } catch {
    return undefined;
  }
}

function isAiSdkSource(x) {
  return x && typeof x === "object" && typeof x.sourceType === "string" && !("content" in x) && !("pageContent" in x);
}

function aiSdkHint(field) {
  return fail(
    "MISSING_FIELD",
    `${field}.content`,
    "this is an AI SDK source part ({ sourceType, id, url, title }): it names a page but holds none of its text, " +
      "so there is nothing to check the answer against. Pair each source with its text: " +
      "fromAiSdkSources(sources, { [source.id or source.url]: text })",
  );
}

/**
 * LangChain `Document`s (`{ pageContent, metadata, id? }`), or the `[Document, score]`
 * pairs of `similaritySearchWithScore`, as groundcheck sources, in order:
 *
 * - `id`: `doc.id`, else `metadata.id`, else the 1-based position (`"1"`, `"2"`, …), so
 *   `[1]` in the answer cites the first document; an id seen twice gets `#2`, `#3`…
 * - `content`: `pageContent`; `score`: the pair's score, else `metadata.score`;
 * - `title` ← `metadata.title`; `url` ← `metadata.url`, or `metadata.source` when it is a
 *   URL; `path` ← `metadata.path`, or `metadata.source` when it is not; `document` ←
 *   `metadata.source`; `page` ← `metadata.page` or `metadata.loc.pageNumber`;
 *   `startLine`/`endLine` ← `metadata.loc.lines.from`/`.to`;
 * - `metadata`: the whole metadata, passed through to the report's provenance (JSON only).
 *
 * @throws {TypeError} with `code` and `field` (`docs[2].pageContent`…): `INVALID_TYPE`
 *   for anything that is not a Document, `MISSING_FIELD` for an AI SDK source part (which
 *   has no text; see `fromAiSdkSources`).
 */
export function fromLangChain(docs) {
  if (!Array.isArray(docs)) throw fail("INVALID_TYPE", "docs", "fromLangChain(docs): docs must be an array of Documents or [Document, score] pairs");
  const seen = new Map();
  return docs.map((entry, i) => {
    const field = `docs[${i}]`;
    const pair = Array.isArray(entry);
    const doc = pair ? entry[0] : entry;
    if (isAiSdkSource(doc)) throw aiSdkHint(field);
    if (!doc || typeof doc !== "object") throw fail("INVALID_TYPE", field, "expected a LangChain Document ({ pageContent, metadata }) or a [Document, score] pair");
    if (typeof doc.pageContent !== "string") {
      throw fail("INVALID_TYPE", `${field}.pageContent`, `a Document's pageContent must be a string, got ${doc.pageContent === undefined ? "nothing" : typeof doc.pageContent}`);
    }
    const meta = doc.metadata && typeof doc.metadata === "object" ? doc.metadata : {};
    let id = text(doc.id) ?? (typeof meta.id === "number" ? String(meta.id) : text(meta.id)) ?? String(i + 1);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    if (n > 1) id = `${id}#${n}`;
    const score = pair ? entry[1] : meta.score;
    const source = { id, content: doc.pageContent };
    const title = text(meta.title);
    const url = text(meta.url) ?? (isUrl(meta.source) ? meta.source : null);
    const path = text(meta.path) ?? (!isUrl(meta.source) ? text(meta.source) : null);
    const page = meta.page ?? meta.loc?.pageNumber;
    if (title) source.title = title;
    if (url) source.url = url;
    if (path) source.path = path;
    if (text(meta.source)) source.document = meta.source;
    if (typeof page === "number" || text(page)) source.page = page;
    if (int(meta.loc?.lines?.from) !== null) source.startLine = meta.loc.lines.from;
    if (int(meta.loc?.lines?.to) !== null) source.endLine = meta.loc.lines.to;
    if (typeof score === "number" && Number.isFinite(score)) source.score = score;
    const metadata = jsonCopy(doc.metadata);
    if (metadata !== undefined && metadata !== null && Object.keys(metadata).length) source.metadata = metadata;
    return source;
  });
}

/**
 * AI SDK source parts (`result.sources`, `{ type: "source", sourceType: "url", id, url,
 * title }` or `sourceType: "document"` with `filename`) as groundcheck sources. A source
 * part holds no text, so each must be paired with the text it stands for: `texts` is an
 * object keyed by the part's `id` or `url`, a `Map`, or a function `(part) => text`.
 *
 * @throws {TypeError} `MISSING_FIELD` (field `sources[i].content`) naming the part whose
 *   text is missing, `INVALID_TYPE` for anything that is not a source part.
 */
export function fromAiSdkSources(sources, texts) {
  if (!Array.isArray(sources)) throw fail("INVALID_TYPE", "sources", "fromAiSdkSources(sources, texts): sources must be an array of AI SDK source parts");
  const lookup =
    typeof texts === "function" ? texts
    : texts instanceof Map ? (p) => texts.get(p.id) ?? texts.get(p.url)
    : texts && typeof texts === "object" ? (p) => texts[p.id] ?? (p.url !== undefined ? texts[p.url] : undefined)
    : () => undefined;
  return sources.map((part, i) => {
    const field = `sources[${i}]`;
    if (!part || typeof part !== "object" || typeof part.sourceType !== "string") {
      throw fail("INVALID_TYPE", field, "expected an AI SDK source part ({ sourceType: \"url\", id, url, title })");
    }
    const content = lookup(part);
    if (typeof content !== "string") {
      const name = part.url ?? part.filename ?? part.id;
      throw fail(
        "MISSING_FIELD",
        `${field}.content`,
        `no text for AI SDK source ${JSON.stringify(name)}: a source part only names a page, it does not hold its text, ` +
          "so groundcheck has nothing to check the answer against. Fetch or keep the text you gave the model and pass it: " +
          `fromAiSdkSources(sources, { ${JSON.stringify(part.id ?? name)}: text })`,
      );
    }
    const source = { id: String(part.id ?? i + 1), content };
    if (text(part.title)) source.title = part.title;
    if (text(part.url)) source.url = part.url;
    if (text(part.filename)) source.path = part.filename;
    return source;
  });
}
