//! The JavaScript binding (compiled only for wasm32).
