//! The critic verdict parser on arbitrary text: an answer or a coded error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = groundcheck::parse_decision(text);
});
