//! Conversions across the boundary: one serializer, one error helper.

use js_sys::Reflect;
use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::JsValue;

use super::read::{read_plain, ReadBudget};
use crate::error::Error;

/// Serializes a report or result into a plain JS object: written as JSON here and
/// parsed by the host's `JSON.parse`, one crossing of the boundary where building the
/// object from Rust took one per key and value (the trivial check's report alone is a
/// few hundred). Missing values are `null`, maps are plain objects, and every number
/// reads back as the same `f64` (serde_json writes the shortest text that round-trips).
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(value).map_err(|e| {
        into_error(&Error::new(
            crate::ErrorCode::InvalidValue,
            format!("could not convert the result to JavaScript: {e}"),
        ))
    })?;
    js_sys::JSON::parse(&text)
}

/// Reads a JS value as JSON data, within the budget of a check under the default limits
/// (see [`read_plain`]). Going through `serde_json::Value` (rather than deserializing
/// straight from the `JsValue`) makes unknown keys visible, so that `deny_unknown_fields`
/// catches typos, and gives the same error texts as native code.
///
/// # Errors
/// As [`read_plain`].
pub(crate) fn js_to_json(value: JsValue, root: &str) -> Result<serde_json::Value, JsValue> {
    read_plain(
        &value,
        root,
        ReadBudget::for_limits(&crate::Limits::default()),
    )
}

/// Deserializes a JS value, naming the field at fault under `root`.
pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue, root: &str) -> Result<T, JsValue> {
    let json = js_to_json(value, root)?;
    crate::strict::read(json, root).map_err(JsValue::from)
}

/// A core error crosses the boundary as a real JS `Error` (see [`into_error`]), so `?`
/// converts it.
impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        into_error(&e)
    }
}

/// Turns a core error into a real JS `Error` with `code` and `field` properties.
pub(crate) fn into_error(e: &Error) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    err.set_name("GroundcheckError");
    let obj: &JsValue = err.as_ref();
    // Setting a property on a fresh Error object cannot fail; if it somehow did, the
    // message still carries the code.
    let _ = Reflect::set(
        obj,
        &JsValue::from_str("code"),
        &JsValue::from_str(e.code.as_str()),
    );
    let field = e.field.as_deref().map_or(JsValue::NULL, JsValue::from_str);
    let _ = Reflect::set(obj, &JsValue::from_str("field"), &field);
    err.into()
}
