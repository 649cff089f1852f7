//! Text primitives shared by every check: UTF-16 spans, code regions, sentence
//! segmentation and word tokens.

pub mod code;
pub mod segment;
pub mod sort;
pub mod utf16;
pub mod words;

pub use code::{CodeRegion, CodeRegions};
pub use segment::{segment, Segment, SegmentKind};
pub use utf16::{slice_utf16, utf16_len, Span, Utf16Map};

/// The longest prefix of `text` of at most `max_bytes` bytes that ends on a character
/// boundary (bounded look-ahead that never splits a character).
pub fn prefix(text: &str, max_bytes: usize) -> &str {
    let mut n = text.len().min(max_bytes);
    while !text.is_char_boundary(n) {
        n -= 1;
    }
    text.get(..n).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn prefix_never_splits_a_character() {
        assert_eq!(super::prefix("héllo", 2), "h");
        assert_eq!(super::prefix("héllo", 3), "hé");
        assert_eq!(super::prefix("ab", 10), "ab");
        assert_eq!(super::prefix("😀x", 3), "");
    }
}
