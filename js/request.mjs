// The request layer shared by the CLI (bin/groundcheck.mjs), the Worker and its MCP
// endpoint (worker/src/) and the demo page (www/): what a request is, how it is split,
// which validator checks it, and how a failure reads. Plain ES module with no imports, so
// it runs unchanged in Node, workerd and browsers, and the pure helpers (repair, sources,
// the AI SDK middleware) use it without loading the wasm module. Not a package entry point.
//
// A failure is a coded error, as the module throws them: an `Error` with a stable `code`
// and the `field` at fault (or null). Each surface writes one in its own layout (see
// `formatError`); the layouts are kept as they were, since this layer changes no output.

/** Whether `value` is a plain JSON object (not null, not an array). */
export const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Whether `err` is a coded error (the module's, or one of `codedError`). */
export const isCoded = (err) => Boolean(err) && typeof err.code === "string";

/** A coded error: `Type` (default `Error`) with `message`, `code` and `field`. */
export function codedError(code, field, message, Type = Error) {
  const err = new Type(message);
  err.code = code;
  err.field = field;
  return err;
}

/**
 * A coded error whose message also names its code and field (`CODE: message (field F)`),
 * for helpers that throw at the caller's call site rather than return a report.
 */
export const fieldError = (code, field, message) => codedError(code, field, formatError({ code, field, message }, "trailing"), TypeError);

/** The parts of any thrown value: its `code` (else its `name`), `field` (or null) and `message`. */
export function describeError(err) {
  return { code: err?.code ?? err?.name, field: err?.field ?? null, message: err?.message };
}

/**
 * How each surface writes an error's code, field and message. One place for all of
 * them; they differ because each has readers that depend on it (scripts grepping the CLI,
 * MCP clients, the demo's tests), and unifying them is a visible change of its own.
 */
const LAYOUTS = {
  /** The CLI, per input: `INVALID_TYPE (field sources[0].content): …`. */
  labelled: ({ code, field, message }) => `${code}${field ? ` (field ${field})` : ""}: ${message}`,
  /** MCP tool errors: `INVALID_TYPE (sources[0].content): …`. */
  short: ({ code, field, message }) => `${code}${field ? ` (${field})` : ""}: ${message}`,
  /** The demo's failed answer and the helpers' TypeErrors: `INVALID_TYPE: … (field sources[0].content)`. */
  trailing: ({ code, field, message }) => `${code}: ${message}${field ? ` (field ${field})` : ""}`,
  /** The CLI's bad --config: `INVALID_VALUE config.threshold: …`. */
  config: ({ code, field, message }) => `${code} ${field ?? ""}: ${message}`,
  /** The demo form's tag after the message: `INVALID_TYPE · sources[0].content`. */
  tag: ({ code, field }) => `${code}${field ? ` · ${field}` : ""}`,
};

/** `err` (a coded error or any thrown value) as text, in one of the layouts above (default `labelled`). */
export function formatError(err, layout = "labelled") {
  const write = LAYOUTS[layout];
  if (!write) throw new RangeError(`formatError: unknown layout "${layout}"`);
  return write(describeError(err));
}

/**
 * Parses JSON text. Text that is not JSON throws a coded `INVALID_JSON` error (the code
 * the CLI, the Worker and the demo all use) with `message(syntaxError)` and `field`.
 */
export function parseJson(text, message = (err) => `not valid JSON (${err.message})`, field = null) {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw codedError("INVALID_JSON", field, message(err));
  }
}

/**
 * Splits a request `{ config?, ...input }` into the validator's `config` and the `input`
 * it checks; the names in `also` (e.g. the CLI's `id` and `label`) are taken out beside
 * `config`. Returns `{ input, config, ...also }`.
 */
export function splitRequest(request, also = []) {
  const input = { ...request };
  const parts = { config: input.config };
  delete input.config;
  for (const key of also) {
    parts[key] = input[key];
    delete input[key];
  }
  return { input, ...parts };
}

/**
 * The validators of one surface, built from the module's `Validator` class with the
 * surface's `callbacks` (llm, embed, …) and base `config`:
 *
 * - `shared`: the one for requests that bring no config, built on first use;
 * - `run(config, use)`: calls `use(validator)` with `shared` when `config` is undefined,
 *   else with a validator of its own (`{ ...base, ...config }`, or `config` as it is when
 *   there is no base), freed once `use` returns or its promise settles.
 *
 * With `renew: true` (the Worker), a synchronous `use` of `shared` that fails with
 * INTERNAL_ERROR (the module trapped and restarts) drops it, and one that fails with
 * STALE_OBJECT (it was made before an earlier trap) is retried once on a new one.
 */
export function validators(Validator, { config: base, callbacks = {}, renew = false } = {}) {
  let shared;
  const make = (config) => new Validator(config === undefined ? { ...callbacks } : { ...callbacks, config });
  const ownConfig = (config) => (base === undefined ? config : { ...base, ...config });
  return {
    get shared() {
      return (shared ??= make(base));
    },
    run(config, use) {
      if (config === undefined) {
        try {
          return use(this.shared);
        } catch (err) {
          if (!renew) throw err;
          if (err?.code === "INTERNAL_ERROR" || err?.code === "STALE_OBJECT") shared = undefined;
          if (err?.code !== "STALE_OBJECT") throw err;
          return use(this.shared);
        }
      }
      const validator = make(ownConfig(config));
      let result;
      try {
        result = use(validator);
      } catch (err) {
        validator.free();
        throw err;
      }
      if (result && typeof result.then === "function") return result.finally(() => validator.free());
      validator.free();
      return result;
    },
  };
}
