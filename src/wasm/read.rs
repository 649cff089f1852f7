//! Reading JavaScript values as plain data, safely: the one place where input crosses
//! the boundary.
//!
//! The walk is iterative (an explicit stack, no recursion), so nesting cannot overflow
//! the wasm stack; it refuses values nested deeper than [`MAX_DEPTH`], cycles, more
//! values or string data than the call's [`ReadBudget`], and anything that is not plain
//! data. Every property read goes through an import marked `catch`, so a throwing getter
//! or Proxy trap becomes a coded error naming the field instead of a JS exception
//! unwinding through wasm frames (which would leak the shadow stack).

use js_sys::{Array, JsString, Object, Reflect};
use serde_json::{Map, Number, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::callbacks::message_of;
use super::convert::into_error;
use crate::error::{Error, ErrorCode};
use crate::input::MAX_DEPTH;

#[wasm_bindgen]
extern "C" {
    /// `Object.keys(v)` for the options of a constructor.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    pub(crate) fn keys_of(v: &JsValue) -> Result<Array, JsValue>;
    /// `Array.isArray(v)`: throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(v: &JsValue) -> Result<bool, JsValue>;
    /// `Object.keys(v)`: runs a Proxy's `ownKeys` and `getOwnPropertyDescriptor` traps.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(v: &JsValue) -> Result<Array, JsValue>;
    /// `Reflect.getPrototypeOf(v)`: runs a Proxy's `getPrototypeOf` trap.
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = getPrototypeOf)]
    fn prototype_of(v: &JsValue) -> Result<JsValue, JsValue>;
}

/// How much one call may read: values (objects, arrays and leaves) and string data (in
/// UTF-16 code units, keys included), on top of the fixed depth limit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ReadBudget {
    /// Most values in the whole input.
    pub values: usize,
    /// Most UTF-16 code units over all strings and keys.
    pub units: usize,
    /// Refuse strings with a lone surrogate (`INVALID_VALUE`): for data whose bytes
    /// matter, such as cache keys (UTF-8 would turn every lone surrogate into U+FFFD).
    pub whole_utf16: bool,
}

impl ReadBudget {
    /// For a check input under `limits`: the texts the limits allow, twice over (for
    /// source metadata such as titles and paths), plus 1 Mi code units; 10 000 values
    /// plus 200 per allowed source.
    pub(crate) fn for_limits(limits: &crate::Limits) -> ReadBudget {
        let text = limits
            .max_question_length
            .saturating_add(limits.max_answer_length)
            .saturating_add(limits.max_sources.saturating_mul(limits.max_source_length));
        ReadBudget {
            values: 10_000usize.saturating_add(limits.max_sources.saturating_mul(200)),
            units: text.saturating_mul(2).saturating_add(1 << 20),
            whole_utf16: false,
        }
    }
}

/// One step of a field path.
enum Seg {
    Key(String),
    Index(u32),
}

/// A container being read.
enum Frame {
    Array {
        source: JsValue,
        len: u32,
        next: u32,
        items: Vec<Value>,
    },
    Object {
        source: JsValue,
        /// Each key, as Rust text (for the map and the field path) and as the JS string
        /// `Object.keys` gave (reading a property by it copies no name back out of wasm
        /// memory).
        keys: Vec<(String, JsValue)>,
        next: usize,
        map: Map<String, Value>,
    },
}

/// What reading one value gave.
enum Entered {
    Leaf(Value),
    Container,
}

struct Walk<'a> {
    root: &'a str,
    budget: ReadBudget,
    stack: Vec<Frame>,
    path: Vec<Seg>,
    /// The containers on the current path (a cycle comes back to one of them).
    on_path: js_sys::Set,
    values: usize,
    units: usize,
}

/// Reads `value` as plain JSON data, naming fields under `root` in errors (with an empty
/// `root`, fields are named from the top, `sources[0].content`, and the whole is `input`).
///
/// # Errors
/// `TOO_DEEP` past [`MAX_DEPTH`] levels of arrays and objects; `TOO_LONG` past the
/// budget; `INVALID_INPUT` for a cycle, a throwing getter or Proxy trap, or an exotic
/// object (`Map`, `Set`, `Date`, typed arrays, …); `INVALID_TYPE` for a function, symbol
/// or BigInt; `INVALID_VALUE` for NaN and ±Infinity.
pub(crate) fn read_plain(
    value: &JsValue,
    root: &str,
    budget: ReadBudget,
) -> Result<Value, JsValue> {
    let mut walk = Walk {
        root,
        budget,
        stack: Vec::new(),
        path: Vec::new(),
        on_path: js_sys::Set::new(&JsValue::UNDEFINED),
        values: 0,
        units: 0,
    };
    walk.count(1, 0)?;
    let mut current = value.clone();
    loop {
        let mut done = match walk.enter(&current)? {
            Entered::Leaf(v) => v,
            Entered::Container => match walk.advance()? {
                Some(child) => {
                    current = child;
                    continue;
                }
                None => walk.close(),
            },
        };
        // Hand the finished value to its parent; then read the parent's next child, or
        // finish the parent too.
        loop {
            if walk.stack.is_empty() {
                return Ok(done);
            }
            walk.attach(done);
            match walk.advance()? {
                Some(child) => {
                    current = child;
                    break;
                }
                None => done = walk.close(),
            }
        }
    }
}

impl Walk<'_> {
    fn field(&self) -> String {
        let mut out = self.root.to_string();
        for seg in &self.path {
            match seg {
                Seg::Key(k) if out.is_empty() => out.push_str(k),
                Seg::Key(k) => {
                    out.push('.');
                    out.push_str(k);
                }
                Seg::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        if out.is_empty() {
            out.push_str("input");
        }
        out
    }

    fn error(&self, code: ErrorCode, what: impl std::fmt::Display) -> JsValue {
        let field = self.field();
        let name = if field.is_empty() {
            "the input"
        } else {
            field.as_str()
        };
        into_error(&Error::field(code, field.clone(), format!("{name} {what}")))
    }

    fn threw(&self, action: &str, e: &JsValue) -> JsValue {
        self.error(
            ErrorCode::InvalidInput,
            format!(
                "could not be read: {action} threw ({}); pass plain data",
                message_of(e)
            ),
        )
    }

    fn count(&mut self, values: usize, units: usize) -> Result<(), JsValue> {
        self.values = self.values.saturating_add(values);
        self.units = self.units.saturating_add(units);
        if self.values > self.budget.values {
            return Err(self.error(
                ErrorCode::TooLong,
                format!(
                    "is too large: the input holds more than {} values",
                    self.budget.values
                ),
            ));
        }
        if self.units > self.budget.units {
            return Err(self.error(
                ErrorCode::TooLong,
                format!(
                    "is too large: the input's strings hold more than {} characters",
                    self.budget.units
                ),
            ));
        }
        Ok(())
    }

    /// Reads a leaf, or pushes the frame of a container.
    /// (The value itself was counted by its parent, or by `read_plain` for the root.)
    fn enter(&mut self, v: &JsValue) -> Result<Entered, JsValue> {
        // Strings first: they are most of the leaves, and each test is a call into
        // JavaScript (the kinds are disjoint, so the order changes no result).
        if let Some(s) = v.dyn_ref::<JsString>() {
            // Counted before it is copied: a string past the budget is refused without
            // its text ever entering wasm memory.
            self.count(0, s.length() as usize)?;
            if self.budget.whole_utf16 && !s.is_valid_utf16() {
                return Err(self.error(
                    ErrorCode::InvalidValue,
                    "holds a lone surrogate (half of a UTF-16 pair); it cannot be part of a cache key",
                ));
            }
            return Ok(Entered::Leaf(Value::String(
                v.as_string().unwrap_or_default(),
            )));
        }
        if v.is_null() || v.is_undefined() {
            return Ok(Entered::Leaf(Value::Null));
        }
        if let Some(b) = v.as_bool() {
            return Ok(Entered::Leaf(Value::Bool(b)));
        }
        if let Some(x) = v.as_f64() {
            return self.number(x).map(Entered::Leaf);
        }
        if v.is_bigint() {
            return Err(self.error(
                ErrorCode::InvalidType,
                "is a BigInt; pass a number or a string",
            ));
        }
        if v.is_function() || v.is_symbol() || !v.is_object() {
            let t = v.js_typeof().as_string().unwrap_or_default();
            return Err(self.error(
                ErrorCode::InvalidType,
                format!("is a {t}; only plain data (objects, arrays, strings, numbers, booleans, null) is accepted"),
            ));
        }
        if self.stack.len() >= MAX_DEPTH {
            return Err(self.error(
                ErrorCode::TooDeep,
                format!("is nested too deeply: at most {MAX_DEPTH} levels of arrays and objects are accepted"),
            ));
        }
        if self.on_path.has(v) {
            return Err(self.error(
                ErrorCode::InvalidInput,
                "refers to an object that contains it (a cycle); pass plain data",
            ));
        }
        let array = is_array(v).map_err(|e| self.threw("Array.isArray", &e))?;
        let frame = if array {
            let len = Reflect::get(v, &JsValue::from_str("length"))
                .map_err(|e| self.threw("reading length", &e))?
                .as_f64()
                .filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n))
                .ok_or_else(|| {
                    self.error(
                        ErrorCode::InvalidInput,
                        "is an array without a valid length",
                    )
                })?;
            self.count(len as usize, 0)?;
            Frame::Array {
                source: v.clone(),
                len: len as u32,
                next: 0,
                items: Vec::new(),
            }
        } else {
            self.check_plain(v)?;
            let keys = object_keys(v).map_err(|e| self.threw("listing its keys", &e))?;
            self.count(keys.length() as usize, 0)?;
            let mut names = Vec::with_capacity(keys.length().min(1024) as usize);
            for k in keys.iter() {
                let units = k.dyn_ref::<JsString>().map_or(0, |s| s.length() as usize);
                self.count(0, units)?;
                names.push((k.as_string().unwrap_or_default(), k));
            }
            Frame::Object {
                source: v.clone(),
                keys: names,
                next: 0,
                map: Map::new(),
            }
        };
        self.on_path.add(v);
        self.stack.push(frame);
        Ok(Entered::Container)
    }

    fn number(&self, x: f64) -> Result<Value, JsValue> {
        if !x.is_finite() {
            return Err(self.error(
                ErrorCode::InvalidValue,
                format!("is {x}; numbers must be finite"),
            ));
        }
        // Integers as integers, so that they read into integer fields.
        const LIMIT: f64 = 9_007_199_254_740_992.0; // 2^53
        let n = if x.fract() == 0.0 && x.abs() <= LIMIT {
            Number::from(x as i64)
        } else {
            Number::from_f64(x).unwrap_or_else(|| Number::from(0))
        };
        Ok(Value::Number(n))
    }

    /// Objects with a prototype other than `Object.prototype` or `null` are read through
    /// their own enumerable keys, except the built-ins whose data is not in such keys
    /// (`Map`, `Set`, `Date`, typed arrays, …): those are refused, not read as `{}`.
    fn check_plain(&self, v: &JsValue) -> Result<(), JsValue> {
        let proto = prototype_of(v).map_err(|e| self.threw("reading its prototype", &e))?;
        if proto.is_null() {
            return Ok(());
        }
        if js_sys::ArrayBuffer::is_view(v) {
            return Err(self.error(
                ErrorCode::InvalidInput,
                "is a typed array or DataView; pass a plain array",
            ));
        }
        // An object literal's prototype is none of the built-ins': one comparison instead
        // of one per built-in.
        if OBJECT_PROTOTYPE.with(|p| Object::is(&proto, p)) {
            return Ok(());
        }
        EXOTIC.with(|exotic| {
            for (name, p) in exotic {
                if Object::is(&proto, p) {
                    return Err(self.error(
                        ErrorCode::InvalidInput,
                        format!("is a {name}; only plain objects and arrays are accepted"),
                    ));
                }
            }
            Ok(())
        })
    }

    /// The next child of the top container, with its path segment pushed.
    fn advance(&mut self) -> Result<Option<JsValue>, JsValue> {
        let step = match self.stack.last() {
            None => return Ok(None),
            Some(Frame::Array {
                source, len, next, ..
            }) => {
                if next >= len {
                    return Ok(None);
                }
                let (source, i) = (source.clone(), *next);
                self.path.push(Seg::Index(i));
                Reflect::get_u32(&source, i).map_err(|e| self.threw("reading it", &e))?
            }
            Some(Frame::Object { .. }) => return self.next_property(),
        };
        Ok(Some(step))
    }

    /// The next property whose value is not `undefined` (skipped, as JSON does).
    fn next_property(&mut self) -> Result<Option<JsValue>, JsValue> {
        loop {
            let Some(Frame::Object {
                source, keys, next, ..
            }) = self.stack.last_mut()
            else {
                return Ok(None);
            };
            let Some((key, handle)) = keys.get(*next).cloned() else {
                return Ok(None);
            };
            let source = source.clone();
            self.path.push(Seg::Key(key));
            let v = Reflect::get(&source, &handle).map_err(|e| self.threw("reading it", &e))?;
            if !v.is_undefined() {
                return Ok(Some(v));
            }
            self.path.pop();
            if let Some(Frame::Object { next, .. }) = self.stack.last_mut() {
                *next += 1;
            }
        }
    }

    /// Stores a finished child in the top container and pops its path segment.
    fn attach(&mut self, value: Value) {
        self.path.pop();
        match self.stack.last_mut() {
            Some(Frame::Array { next, items, .. }) => {
                items.push(value);
                *next += 1;
            }
            Some(Frame::Object {
                keys, next, map, ..
            }) => {
                if let Some((k, _)) = keys.get(*next) {
                    map.insert(k.clone(), value);
                }
                *next += 1;
            }
            None => {}
        }
    }

    /// Pops the top container and returns its value.
    fn close(&mut self) -> Value {
        match self.stack.pop() {
            Some(Frame::Array { source, items, .. }) => {
                self.on_path.delete(&source);
                Value::Array(items)
            }
            Some(Frame::Object { source, map, .. }) => {
                self.on_path.delete(&source);
                Value::Object(map)
            }
            None => Value::Null,
        }
    }
}

thread_local! {
    /// `Object.prototype`.
    static OBJECT_PROTOTYPE: JsValue = Object::get_prototype_of(&Object::new().into()).into();
    /// The prototypes of the built-ins that are objects but not plain data.
    static EXOTIC: Vec<(&'static str, JsValue)> = {
        let global = js_sys::global();
        [
            "Map", "Set", "WeakMap", "WeakSet", "Date", "RegExp", "Promise", "ArrayBuffer",
            "SharedArrayBuffer", "Error", "WeakRef", "Blob", "URL",
        ]
        .into_iter()
        .filter_map(|name| {
            let ctor = Reflect::get(&global, &JsValue::from_str(name)).ok()?;
            if !ctor.is_function() {
                return None;
            }
            let proto = Reflect::get(&ctor, &JsValue::from_str("prototype")).ok()?;
            proto.is_object().then_some((name, proto))
        })
        .collect()
    };
}

/// Reads property `key` of the options object `obj` (named `prefix`): a throwing getter
/// or Proxy trap is `INVALID_INPUT` naming `prefix.key`, never "absent".
///
/// # Errors
/// `INVALID_INPUT`.
pub(crate) fn get_option(obj: &JsValue, key: &str, prefix: &str) -> Result<JsValue, JsValue> {
    Reflect::get(obj, &JsValue::from_str(key)).map_err(|e| {
        into_error(&Error::field(
            ErrorCode::InvalidInput,
            format!("{prefix}.{key}"),
            format!(
                "{prefix}.{key} could not be read: reading it threw ({}); pass plain data",
                message_of(&e)
            ),
        ))
    })
}

/// Whether `v` is an object that is not an array (a struct-shaped value). A value that
/// throws while being asked counts as an object: reading it reports the throw.
pub(crate) fn is_record(v: &JsValue) -> bool {
    v.is_object() && !is_array(v).unwrap_or(false)
}
