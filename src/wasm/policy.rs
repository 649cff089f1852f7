//! The confidence levels as the core grades them, for JavaScript helpers that must agree
//! with the report (the `<confidence-badge>` and the HTML report colour a bare score).
//! A pass-through: the thresholds stay in the core (`crate::confidence::Level::of`).

use wasm_bindgen::prelude::*;

use super::convert::to_js;
use crate::confidence::Level;

/// The level the report gives a score: `"high"`, `"medium"`, `"low"` or `"veryLow"`
/// (the states `abstained` and `clarify` come from the decision, never from a score).
#[wasm_bindgen(js_name = confidenceLevel, unchecked_return_type = "\"high\" | \"medium\" | \"low\" | \"veryLow\"")]
pub fn confidence_level(score: f64) -> Result<JsValue, JsValue> {
    to_js(&Level::of(score))
}
