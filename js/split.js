// The module in two parts, one public API. The package ships the wasm twice:
//   pkg/groundcheck_bg.wasm       the core: check(), StreamingValidator, the helpers
//   pkg/groundcheck_loop_bg.wasm  the same plus the model-callback machinery: validate(),
//                                 answer() (the judges, the Self-RAG loop, the answer cache)
// so that a page or Worker that only checks does not download the loop (issue 14). The
// `Validator` published here runs check() on the core and builds, on the first validate()
// or answer(), a validator of the loop module with the same configuration and callbacks.
// Every entry point (js/index.js, js/node.mjs, js/node.cjs through pkg-node/split.cjs,
// which `npm run build` writes from this file) wraps its guarded glue with `split()`.
// Plain ES module with no imports: it runs unchanged in browsers, workerd and Node.


/**
 * The public API over the guarded core exports `core` (js/guard.js `harden`), with
 * `loadLoop()` resolving to the guarded exports of the loop module (called once, on first
 * use; a failed load is retried on the next use).
 */
export function split(core, loadLoop) {
  let loop;
  let loading;
  const loopApi = () => {
    if (loop) return Promise.resolve(loop);
    loading ??= Promise.resolve()
      .then(loadLoop)
      .then(
        (api) => (loop = api),
        (err) => {
          loading = undefined;
          throw unavailable(err);
        },
      );
    return loading;
  };

  /** The answer cache: the loop validator's once it exists, the (empty) core one before. */
  class ResponseCache {
    #core;
    #loop;
    #freed = false;
    constructor(token, coreCache) {
      if (token !== TOKEN) throw new TypeError("ResponseCache has no public constructor; use validator.cache");
      this.#core = coreCache;
    }
    /** Called by the validator when its loop validator is made. */
    static attach(cache, loopCache) {
      if (!cache.#freed) cache.#loop = loopCache;
    }
    #target() {
      return this.#freed ? this.#core : (this.#loop ?? this.#core);
    }
    stats() {
      return this.#target().stats();
    }
    invalidateScope(scope) {
      return this.#target().invalidateScope(scope);
    }
    invalidateSource(id) {
      return this.#target().invalidateSource(id);
    }
    clear() {
      return this.#target().clear();
    }
    get size() {
      return this.#target().size;
    }
    free() {
      this.#freed = true;
      this.#core.free();
      this.#loop?.free();
    }
  }
  if (typeof Symbol.dispose === "symbol") ResponseCache.prototype[Symbol.dispose] = ResponseCache.prototype.free;
  const attach = ResponseCache.attach;
  delete ResponseCache.attach;

  class Validator {
    #core;
    #options;
    #loop;
    #cache;
    #freed = false;
    constructor(options) {
      this.#core = new core.Validator(options);
      // The core validated the options (every key is one it knows); the loop validator gets
      // the configuration in force and every other option (the callbacks, …) as it is now:
      // reading them again later could see other values.
      const rest = {};
      if (options !== undefined && options !== null) {
        try {
          for (const key of Object.keys(options)) {
            if (key === "config") continue;
            const value = options[key];
            if (value !== undefined && value !== null) rest[key] = value;
          }
        } catch {
          // Read once already by the core without throwing; a getter or Proxy trap that
          // throws only now leaves the rest out rather than failing a construction that passed.
        }
      }
      this.#options = rest;
    }
    check(input) {
      return this.#core.check(input);
    }
    get config() {
      return this.#core.config;
    }
    get counters() {
      const own = this.#core.counters;
      return this.#loop ? mergeCounters(own, this.#loop.counters) : own;
    }
    get cache() {
      if (this.#cache) {
        core.__assertLive(this.#core, "Validator.cache");
        return this.#cache;
      }
      const cache = new ResponseCache(TOKEN, this.#core.cache);
      if (this.#loop) attach(cache, this.#loop.cache);
      this.#cache = cache;
      return cache;
    }
    validate(input) {
      return this.#callLoop("validate", input);
    }
    answer(input) {
      return this.#callLoop("answer", input);
    }
    #callLoop(method, input) {
      core.__assertLive(this.#core, `Validator.${method}()`);
      if (this.#loop) return this.#loop[method](input);
      return loopApi().then(() => {
        core.__assertLive(this.#core, `Validator.${method}()`);
        const validator = this.#loopValidator();
        return validator[method](input);
      });
    }
    /** The loop module's validator, made once (its config: the core's, in force). */
    #loopValidator() {
      if (!this.#loop) {
        const validator = new loop.Validator({ ...this.#options, config: this.#core.config });
        this.#loop = validator;
        if (this.#cache) attach(this.#cache, validator.cache);
      }
      return this.#loop;
    }
    free() {
      if (this.#freed) return;
      this.#freed = true;
      this.#core.free();
      this.#loop?.free();
    }
  }
  if (typeof Symbol.dispose === "symbol") Validator.prototype[Symbol.dispose] = Validator.prototype.free;

  const api = { ...core, Validator, ResponseCache };
  delete api.__assertLive;
  return api;
}

const TOKEN = Symbol("groundcheck.internal");

/** A failed load of the loop module as a coded error (`MODULE_UNAVAILABLE`, the loader's
 * error as its `cause`); the next validate() or answer() tries the load again. */
function unavailable(cause) {
  const why = cause instanceof Error ? cause.message : String(cause);
  const err = new Error(
    `the module behind validate() and answer() could not be loaded (${why}); check() still works, and the next call tries again`,
    { cause },
  );
  err.code = "MODULE_UNAVAILABLE";
  err.field = null;
  return err;
}

/** The counters of the two validators, summed (maps key by key, keys in order). */
function mergeCounters(a, b) {
  const out = {};
  for (const key of Object.keys(a)) {
    const x = a[key];
    const y = b[key];
    if (typeof x === "number") out[key] = x + (typeof y === "number" ? y : 0);
    else if (x && typeof x === "object") {
      const merged = { ...x };
      for (const [k, v] of Object.entries(y ?? {})) merged[k] = (merged[k] ?? 0) + v;
      out[key] = Object.fromEntries(Object.entries(merged).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0)));
    } else out[key] = x;
  }
  return out;
}
