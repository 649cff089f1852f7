//! Byte offsets (what Rust slices with) to UTF-16 code units (what JavaScript counts).
//!
//! Every span groundcheck reports is in UTF-16 code units so that a UI can pass it
//! straight to `String.prototype.slice`. The conversion uses one table per text, built
//! once, with a fast path for ASCII text (where the two counts are equal).

use serde::Serialize;

/// A half-open range `[start, end)` in UTF-16 code units of some text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Span {
    /// First code unit of the range.
    pub start: usize,
    /// One past the last code unit of the range.
    pub end: usize,
}

impl Span {
    /// A span from its two ends.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// Number of code units covered.
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// True when the span covers nothing.
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

/// Converts byte offsets of one text into UTF-16 offsets.
///
/// Built in one pass over the text. For ASCII text it stores nothing and converts by
/// identity; otherwise it keeps one entry per non-ASCII character and converts with a
/// binary search.
#[derive(Debug, Clone)]
pub struct Utf16Map {
    /// One entry per non-ASCII char: `(start byte, end byte, bytes minus UTF-16 units
    /// from the text's start to the char's end)`.
    steps: Vec<(usize, usize, usize)>,
    byte_len: usize,
}

impl Utf16Map {
    /// Builds the table for `text`.
    pub fn new(text: &str) -> Self {
        let mut steps = Vec::new();
        if !text.is_ascii() {
            let mut diff = 0usize;
            for (i, c) in text.char_indices() {
                let l8 = c.len_utf8();
                if l8 > 1 {
                    diff += l8 - c.len_utf16();
                    steps.push((i, i + l8, diff));
                }
            }
        }
        Utf16Map {
            steps,
            byte_len: text.len(),
        }
    }

    /// The UTF-16 offset of byte offset `byte`.
    ///
    /// Offsets past the end clamp to the end. An offset inside a multi-byte character
    /// maps to the start of that character.
    pub(crate) fn to_utf16(&self, byte: usize) -> usize {
        let byte = byte.min(self.byte_len);
        if self.steps.is_empty() {
            return byte;
        }
        // Last non-ASCII char starting at or before `byte`.
        let idx = self.steps.partition_point(|&(start, _, _)| start <= byte);
        if idx == 0 {
            return byte;
        }
        let (start, end, diff_after) = self.steps[idx - 1];
        if byte >= end {
            byte - diff_after
        } else {
            // Inside (or at the start of) that char: report its start.
            let diff_before = diff_after - ((end - start) - self.unit_len(start, end));
            start - diff_before
        }
    }

    fn unit_len(&self, start: usize, end: usize) -> usize {
        // A char of 4 UTF-8 bytes is a surrogate pair; shorter ones are one unit.
        if end - start == 4 {
            2
        } else {
            1
        }
    }

    /// Converts a byte range into a UTF-16 [`Span`].
    pub fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.to_utf16(start), self.to_utf16(end.max(start)))
    }

    /// Length of the whole text in UTF-16 code units.
    pub fn utf16_len(&self) -> usize {
        self.to_utf16(self.byte_len)
    }
}

/// Length of `text` in UTF-16 code units (JavaScript's `string.length`).
pub fn utf16_len(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().map(char::len_utf16).sum()
    }
}

/// The part of `text` under a UTF-16 span, as JavaScript's `text.slice(start, end)`
/// gives it (lossy where a span splits a surrogate pair; clamped to the text).
pub fn slice_utf16(text: &str, span: Span) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    let end = span.end.min(units.len());
    let start = span.start.min(end);
    String::from_utf16_lossy(&units[start..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn js_offsets(text: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut u = 0;
        for (i, c) in text.char_indices() {
            out.push((i, u));
            u += c.len_utf16();
        }
        out.push((text.len(), u));
        out
    }

    #[test]
    fn ascii_is_identity() {
        let m = Utf16Map::new("hello [1] world");
        assert_eq!(m.to_utf16(6), 6);
        assert_eq!(m.span(6, 9), Span::new(6, 9));
        assert_eq!(m.utf16_len(), 15);
    }

    #[test]
    fn emoji_cjk_and_combining_marks() {
        for text in [
            "Café 😀 says 東京 is big [1].",
            "e\u{301}t\u{e9} 👩‍👩‍👧 — 「引用」【2】",
            "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ok",
        ] {
            let m = Utf16Map::new(text);
            for (byte, expected) in js_offsets(text) {
                assert_eq!(m.to_utf16(byte), expected, "{text:?} at byte {byte}");
            }
            assert_eq!(m.utf16_len(), utf16_len(text));
        }
    }

    #[test]
    fn clamps_out_of_range() {
        let m = Utf16Map::new("😀");
        assert_eq!(m.to_utf16(100), 2);
        assert_eq!(m.to_utf16(2), 0);
        let m = Utf16Map::new("ab😀c");
        assert_eq!(m.to_utf16(3), 2);
        assert_eq!(m.to_utf16(6), 4);
        assert_eq!(m.to_utf16(7), 5);
    }
}
