// groundcheck/ai-sdk: groundcheck in the Vercel AI SDK (ai@6, language model
// specification v3).
//
//   import { wrapLanguageModel, streamText } from "ai";
//   import { groundcheckMiddleware, reportOf } from "groundcheck/ai-sdk";
//   const model = wrapLanguageModel({ model: openai("gpt-4o"), middleware: groundcheckMiddleware({ sources }) });
//   const result = streamText({ model, prompt });
//   reportOf(await result.providerMetadata);  // the report of the whole answer
//
// The middleware validates the text as it streams in (StreamingValidator: a verdict per
// completed sentence, never revised) and attaches the report of the whole answer to the
// result as provider metadata under `groundcheck.report`. In Node this module is loaded
// through groundcheck/node (ready to use); in a browser or a Worker initialise the
// module first (`await init()` / `initSync({ module })`).
import { StreamingValidator } from "./index.js";
import { fieldError } from "./request.mjs";

/** The provider-metadata key the report is attached under. */
export const METADATA_KEY = "groundcheck";

/** The text of the last user message of an AI SDK prompt (the question, by default). */
export function lastUserText(prompt) {
  if (!Array.isArray(prompt)) return "";
  for (let i = prompt.length - 1; i >= 0; i--) {
    const m = prompt[i];
    if (m?.role !== "user") continue;
    if (typeof m.content === "string") return m.content;
    return (m.content ?? []).filter((p) => p?.type === "text").map((p) => p.text).join("\n");
  }
  return "";
}

/** A TypeError with `code` and `field`, its message `CODE: message (field F)`. */
const fail = fieldError;

/** Resolves the sources and question of one call: per-call `providerOptions.groundcheck` first, then the middleware's options. */
async function inputsFor(options, params) {
  const perCall = params?.providerOptions?.[METADATA_KEY] ?? {};
  const pick = async (value) => (typeof value === "function" ? await value(params) : value);
  const sources = perCall.sources ?? (await pick(options.sources));
  if (!Array.isArray(sources)) {
    throw fail("MISSING_FIELD", "sources", "groundcheckMiddleware needs the sources to check against: pass { sources } (an array, or a function of the call's params) or providerOptions.groundcheck.sources on the call");
  }
  const question = perCall.question ?? (await pick(options.question)) ?? lastUserText(params?.prompt);
  return { question: String(question ?? ""), sources };
}

function newStream(options, inputs) {
  return new StreamingValidator({ question: inputs.question, sources: inputs.sources, ...(options.config ? { config: options.config } : {}) });
}

function withReport(providerMetadata, report) {
  return { ...(providerMetadata ?? {}), [METADATA_KEY]: { report } };
}

/**
 * A `LanguageModelV3Middleware` for `wrapLanguageModel`.
 *
 * Options:
 * - `sources`: the retrieved sources, `Source[]` (use `fromLangChain` / `fromAiSdkSources`
 *   for other shapes), or a function `(params) => Source[] | Promise<Source[]>` of the
 *   call's options. A call may override them with `providerOptions: { groundcheck: {
 *   sources, question } }`.
 * - `question`: a string or a function of the params; default the last user message.
 * - `config`: the validator config (`{ threshold, ... }`).
 * - `onSegment(event)`: each `StreamEvent` as a sentence completes while streaming.
 * - `onReport(report, { params })`: the report of the whole answer.
 *
 * `generateText` and `streamText` results (and `streamText`'s `onFinish` event) then carry
 * the report at `providerMetadata.groundcheck.report`; read it with `reportOf()`.
 */
export function groundcheckMiddleware(options = {}) {
  if (options === null || typeof options !== "object") throw fail("INVALID_TYPE", "options", "groundcheckMiddleware(options): options must be an object");
  return {
    specificationVersion: "v3",
    async wrapGenerate({ doGenerate, params }) {
      const inputs = await inputsFor(options, params);
      const result = await doGenerate();
      const text = (result.content ?? []).filter((p) => p.type === "text").map((p) => p.text).join("");
      const stream = newStream(options, inputs);
      for (const event of stream.push(text)) options.onSegment?.(event);
      const report = stream.finish();
      await options.onReport?.(report, { params });
      return { ...result, providerMetadata: withReport(result.providerMetadata, report) };
    },
    async wrapStream({ doStream, params }) {
      const inputs = await inputsFor(options, params);
      const { stream, ...rest } = await doStream();
      const validator = newStream(options, inputs);
      let reported = false;
      const finish = async () => {
        const report = validator.finish();
        if (!reported) {
          reported = true;
          await options.onReport?.(report, { params });
        }
        return report;
      };
      const checked = stream.pipeThrough(
        new TransformStream({
          async transform(part, controller) {
            if (part.type === "text-delta") {
              controller.enqueue(part);
              for (const event of validator.push(part.delta)) options.onSegment?.(event);
              return;
            }
            if (part.type === "finish") {
              const report = await finish();
              controller.enqueue({ ...part, providerMetadata: withReport(part.providerMetadata, report) });
              return;
            }
            controller.enqueue(part);
          },
        }),
      );
      return { stream: checked, ...rest };
    },
  };
}

/** The report the middleware attached, from a result, its `providerMetadata`, or an `onFinish` event; `null` if none. */
export function reportOf(resultOrMetadata) {
  if (!resultOrMetadata || typeof resultOrMetadata !== "object") return null;
  const meta = METADATA_KEY in resultOrMetadata ? resultOrMetadata : resultOrMetadata.providerMetadata;
  return meta && typeof meta === "object" && !(typeof meta.then === "function") ? (meta[METADATA_KEY]?.report ?? null) : null;
}

/**
 * An `onFinish` callback for `streamText` (or `generateText`'s result) without the
 * middleware: checks the finished text against `sources` and calls `onReport(report,
 * event)`. When the model was wrapped with `groundcheckMiddleware`, the report it attached
 * is passed instead of checking twice.
 *
 *   streamText({ model, prompt, onFinish: groundcheckOnFinish({ sources, question, onReport }) })
 */
export function groundcheckOnFinish({ sources, question = "", config, onReport } = {}) {
  if (typeof onReport !== "function") throw fail("INVALID_CALLBACK", "onReport", "groundcheckOnFinish needs onReport(report, event), a function");
  if (!Array.isArray(sources)) throw fail("MISSING_FIELD", "sources", "groundcheckOnFinish needs the sources to check against (an array of { id, content })");
  return async (event) => {
    let report = reportOf(event);
    if (!report) {
      const stream = new StreamingValidator({ question, sources, ...(config ? { config } : {}) });
      stream.push(event?.text ?? "");
      report = stream.finish();
    }
    await onReport(report, event);
  };
}
