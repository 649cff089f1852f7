//! Text primitives shared by every check: UTF-16 spans, code regions, sentence
//! segmentation and word tokens.

pub mod abstain;
pub mod code;
pub mod decimal;
pub mod segment;
pub mod sort;
pub mod utf16;
pub mod words;

pub use abstain::is_abstention;
pub use code::{CodeRegion, CodeRegions};
pub use segment::{segment, Segment, SegmentKind};
pub use utf16::{slice_utf16, utf16_len, Span, Utf16Map};

/// True when `phrase` occurs in `text` with no letter or digit (or the text's edge) on
/// either side: `contains_phrase("i think so", "i think")`, not in `"i thinks"`.
pub fn contains_phrase(text: &str, phrase: &str) -> bool {
    let mut from = 0;
    while let Some(pos) = text.get(from..).and_then(|t| t.find(phrase)) {
        let s = from + pos;
        let e = s + phrase.len();
        let before = text.get(..s).and_then(|t| t.chars().next_back());
        let after = text.get(e..).and_then(|t| t.chars().next());
        if !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric) {
            return true;
        }
        from = s + phrase.chars().next().map_or(1, char::len_utf8);
    }
    false
}

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
