// The guard every JS entry point puts around the wasm-bindgen glue (js/index.js for
// browsers and Workers, js/node.mjs, js/node.cjs through pkg-node/guard.cjs, which
// `npm run build` writes from this file).
//
// - If the module traps (a `WebAssembly.RuntimeError`, or the engine's stack running out
//   inside it), the call throws a coded `INTERNAL_ERROR` and the module is re-instantiated
//   before the next call, so one bad input cannot poison later ones. Objects made before
//   the restart (validators, streams, cache handles) belonged to the old instance: using
//   them throws `STALE_OBJECT`; `free()` on them is a no-op.
// - A method called after `free()` throws `USED_AFTER_FREE` (the glue would pass a null
//   pointer into the module); `free()` twice is a no-op.
// Plain ES module with no imports: it runs unchanged in browsers, workerd and Node.

const CLASSES = ["Validator", "StreamingValidator", "ResponseCache"];
const FUNCTIONS = ["extractCitations", "parseDecision", "verifySnippet", "cachePolicy", "cacheKey", "confidenceLevel", "version"];
const EPOCH = Symbol("groundcheck.epoch");
const STALE_MESSAGE = "Invalid stale object from previous Wasm instance";

/** A `GroundcheckError`: an `Error` with a stable `code` and the `field` at fault. */
export function codedError(code, field, message, cause) {
  const err = cause === undefined ? new Error(message) : new Error(message, { cause });
  err.name = "GroundcheckError";
  err.code = code;
  err.field = field ?? null;
  return err;
}

/** Whether `err` means the module itself failed (its state can no longer be trusted). */
function isTrap(err) {
  if (typeof WebAssembly !== "undefined" && err instanceof WebAssembly.RuntimeError) return true;
  // The engine's own stack ran out while wasm frames were on it: those frames never ran
  // their epilogues, so the module's stack pointer is lost too.
  return err instanceof RangeError && /call stack/i.test(err.message);
}

/**
 * Guards the glue module `glue` (its namespace object) in place where it can (class
 * prototypes) and returns the exports to publish: the classes (constructors that turn a
 * trap into `INTERNAL_ERROR`) and wrapped functions.
 */
export function harden(glue, isReady) {
  // One state per glue module, so that two entry points sharing a glue agree.
  let state = STATES.get(glue);
  if (!state) {
    state = guardState(glue, isReady);
    STATES.set(glue, state);
  }
  return state.api;
}

const STATES = new WeakMap();

function guardState(glue, isReady) {
  const state = { epoch: 0, api: {} };

  /** Turns whatever a call threw into what the caller should see. */
  function fail(err) {
    // A call before init() fails inside the glue with a bare TypeError; say what to do.
    if (isReady && !isReady()) {
      return codedError(
        "NOT_INITIALIZED",
        null,
        "the groundcheck module is not loaded yet: call `await init()` (or `initSync({ module })`) first; " +
          'in Node, import from "groundcheck/node", which loads it for you',
        err,
      );
    }
    if (err && typeof err === "object" && typeof err.code === "string") return err;
    if (isTrap(err)) {
      state.epoch += 1;
      try {
        glue.__scheduleReset();
      } catch {
        // The reset request itself failed; the next call traps again and retries it.
      }
      const what = err instanceof Error ? err.message : String(err);
      return codedError(
        "INTERNAL_ERROR",
        null,
        `groundcheck failed internally (${what}); the module was restarted for the next call. ` +
          "Objects created before this call (validators, streams) must be created again.",
        err,
      );
    }
    if (err instanceof Error && err.message === STALE_MESSAGE) return staleError();
    return err;
  }

  function staleError() {
    return codedError(
      "STALE_OBJECT",
      null,
      "this object belonged to a module instance that was restarted after an internal error; create it again",
    );
  }

  /** Runs `call`, mapping a throw (or a rejection, for promises) through `fail`. */
  function run(call) {
    let out;
    try {
      out = call();
    } catch (err) {
      throw fail(err);
    }
    if (out instanceof Promise) return out.catch((err) => Promise.reject(fail(err)));
    return stamp(out);
  }

  /** Marks a glue object with the epoch it was made in. */
  function stamp(obj) {
    if (obj && typeof obj === "object" && "__wbg_ptr" in obj && !(EPOCH in obj)) {
      Object.defineProperty(obj, EPOCH, { value: state.epoch });
    }
    return obj;
  }

  function checkLive(obj, what) {
    if (obj.__wbg_ptr === 0 || obj.__wbg_ptr === undefined) {
      throw codedError("USED_AFTER_FREE", null, `${what} was used after free(); create a new one`);
    }
    if (obj[EPOCH] !== undefined && obj[EPOCH] !== state.epoch) throw staleError();
  }

  for (const name of CLASSES) {
    const Base = glue[name];
    if (typeof Base !== "function") continue;
    const proto = Base.prototype;
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (key === "constructor" || key === "__destroy_into_raw") continue;
      const desc = Object.getOwnPropertyDescriptor(proto, key);
      if (key === "free") {
        const free = desc.value;
        const guarded = function () {
          if (!this.__wbg_ptr) return; // freed already: nothing to do
          if (this[EPOCH] !== undefined && this[EPOCH] !== state.epoch) {
            // Its memory went with the old instance; only forget the pointer.
            this.__destroy_into_raw();
            return;
          }
          return run(() => free.call(this));
        };
        Object.defineProperty(proto, key, { ...desc, value: guarded });
        if (typeof Symbol.dispose === "symbol") proto[Symbol.dispose] = guarded;
      } else if (typeof desc.value === "function") {
        const method = desc.value;
        Object.defineProperty(proto, key, {
          ...desc,
          value: function (...args) {
            checkLive(this, `${name}.${key}()`);
            return run(() => method.apply(this, args));
          },
        });
      } else if (typeof desc.get === "function") {
        const get = desc.get;
        const memo = Symbol(`groundcheck.${key}`);
        Object.defineProperty(proto, key, {
          ...desc,
          get() {
            checkLive(this, `${name}.${key}`);
            // A handle (validator.cache) is made once per object, not once per read.
            const held = this[memo];
            if (held && held.__wbg_ptr && held[EPOCH] === state.epoch) return held;
            const value = run(() => get.call(this));
            if (value && typeof value === "object" && "__wbg_ptr" in value) {
              Object.defineProperty(this, memo, { value, configurable: true });
            }
            return value;
          },
        });
      }
    }
    const Guarded = {
      [name]: class extends Base {
        constructor(...args) {
          try {
            super(...args);
          } catch (err) {
            throw fail(err);
          }
          stamp(this);
        }
      },
    }[name];
    state.api[name] = Guarded;
  }
  for (const name of FUNCTIONS) {
    const fn = glue[name];
    if (typeof fn !== "function") continue;
    state.api[name] = { [name]: (...args) => run(() => fn(...args)) }[name];
  }
  // Tests prove recovery with the module's own trap; nothing else should call it.
  state.api.__selfTestTrap = (kind) => run(() => glue.__selfTestTrap(kind));
  // For js/split.js: throws USED_AFTER_FREE or STALE_OBJECT as a method of `obj` would.
  state.api.__assertLive = (obj, what) => checkLive(obj, what);
  return state;
}
