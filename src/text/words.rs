//! Word tokens: runs of letters and digits (with inner apostrophes, hyphens and
//! decimal points kept inside the token), each with its byte range.

/// A word of a text with its byte range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word<'a> {
    /// Byte offset of the first character.
    pub start: usize,
    /// Byte offset one past the last character.
    pub end: usize,
    /// The word as written.
    pub text: &'a str,
}

/// The words of `text`, in order. A CJK ideograph is a word of its own, since CJK text
/// has no spaces between words.
pub fn words(text: &str) -> Vec<Word<'_>> {
    // About one word per six bytes in prose: room for most of them from the start.
    let mut out = Vec::with_capacity(text.len() / 8 + 4);
    let mut start: Option<usize> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if is_ideograph(c) {
            if let Some(s) = start.take() {
                out.push(Word {
                    start: s,
                    end: i,
                    text: &text[s..i],
                });
            }
            let e = i + c.len_utf8();
            out.push(Word {
                start: i,
                end: e,
                text: &text[i..e],
            });
            continue;
        }
        if c.is_alphanumeric() {
            if start.is_none() {
                start = Some(i);
            }
            continue;
        }
        let joiner = matches!(c, '\'' | '’' | '-' | '.' | ',');
        let next_alnum = chars.peek().is_some_and(|&(_, n)| n.is_alphanumeric());
        if let Some(s) = start {
            let prev_digit = text[..i]
                .chars()
                .next_back()
                .is_some_and(|p| p.is_ascii_digit());
            let next_digit = chars.peek().is_some_and(|&(_, n)| n.is_ascii_digit());
            let keep = match c {
                '.' | ',' => prev_digit && next_digit,
                _ => joiner && next_alnum,
            };
            if keep {
                continue;
            }
            out.push(Word {
                start: s,
                end: i,
                text: &text[s..i],
            });
            start = None;
        }
    }
    if let Some(s) = start {
        out.push(Word {
            start: s,
            end: text.len(),
            text: &text[s..],
        });
    }
    out
}

/// True for CJK ideographs, kana and hangul syllables.
#[inline]
pub(crate) fn is_ideograph(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        let w: Vec<&str> = words("It's $1,000.50 in v1.2 — state-of-the-art 東京!")
            .iter()
            .map(|w| w.text)
            .collect();
        assert_eq!(
            w,
            vec![
                "It's",
                "1,000.50",
                "in",
                "v1.2",
                "state-of-the-art",
                "東",
                "京"
            ]
        );
    }
}
