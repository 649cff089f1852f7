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
    let bytes = text.as_bytes();
    let mut start: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        // A run of ASCII letters and digits at once: most of a text in English.
        if bytes[i].is_ascii_alphanumeric() {
            if start.is_none() {
                start = Some(i);
            }
            i += 1;
            while bytes.get(i).is_some_and(u8::is_ascii_alphanumeric) {
                i += 1;
            }
            continue;
        }
        let (c, len) = char_at(text, i);
        let next = i + len;
        if !c.is_ascii() {
            if is_ideograph(c) {
                if let Some(s) = start.take() {
                    out.push(Word {
                        start: s,
                        end: i,
                        text: &text[s..i],
                    });
                }
                out.push(Word {
                    start: i,
                    end: next,
                    text: &text[i..next],
                });
                i = next;
                continue;
            }
            if c.is_alphanumeric() {
                if start.is_none() {
                    start = Some(i);
                }
                i = next;
                continue;
            }
        }
        if let Some(s) = start {
            // The character before is the word's last: an ASCII byte is a whole
            // character in UTF-8 (a multi-byte character's bytes are all above 0x7F).
            let prev_digit = i > 0 && bytes[i - 1].is_ascii_digit();
            let following = (next < bytes.len()).then(|| char_at(text, next).0);
            let next_digit = following.is_some_and(|n| n.is_ascii_digit());
            let keep = match c {
                '.' => {
                    (prev_digit && next_digit)
                        || dotted_capital(&text[s..i], bytes.get(i + 1..i + 3))
                }
                ',' => prev_digit && next_digit,
                '\'' | '’' | '-' => following.is_some_and(is_alnum),
                _ => false,
            };
            if !keep {
                out.push(Word {
                    start: s,
                    end: i,
                    text: &text[s..i],
                });
                start = None;
            }
        }
        i = next;
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

/// The character at byte `i` of `text` (a character boundary) and its length in bytes;
/// an ASCII byte without decoding.
#[inline]
fn char_at(text: &str, i: usize) -> (char, usize) {
    match text.as_bytes().get(i) {
        Some(&b) if b < 0x80 => (b as char, 1),
        _ => text
            .get(i..)
            .and_then(|t| t.chars().next())
            .map_or(('\0', 1), |c| (c, c.len_utf8())),
    }
}

/// `char::is_alphanumeric` with the ASCII answer first.
#[inline]
fn is_alnum(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric()
    } else {
        c.is_alphanumeric()
    }
}

/// True when `so_far` (the word up to a full stop) is a dotted abbreviation in capitals
/// so far (`U`, `U.S`) and the full stop is followed by another capital that is followed
/// by a full stop in turn: `U.S.` and `U.K.` are one word each (`U.S`, the last full
/// stop left outside as for any word), as `US` and `UK` are.
fn dotted_capital(so_far: &str, after: Option<&[u8]>) -> bool {
    let single_capitals = so_far
        .split('.')
        .all(|p| p.len() == 1 && p.bytes().all(|b| b.is_ascii_uppercase()));
    single_capitals && matches!(after, Some([c, b'.']) if c.is_ascii_uppercase())
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
        let w: Vec<&str> =
            words("The U.S. and the U.K. (U.N.) met A. Smith. E.g. Ok.U.S. J.Smith U.S.A.")
                .iter()
                .map(|w| w.text)
                .collect();
        assert_eq!(
            w,
            vec![
                "The", "U.S", "and", "the", "U.K", "U.N", "met", "A", "Smith", "E", "g", "Ok",
                "U.S", "J", "Smith", "U.S.A"
            ]
        );
    }

    /// The character-by-character reading the byte-level one replaced.
    fn reference(text: &str) -> Vec<Word<'_>> {
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
                    '.' => {
                        (prev_digit && next_digit)
                            || dotted_capital(&text[s..i], text.as_bytes().get(i + 1..i + 3))
                    }
                    ',' => prev_digit && next_digit,
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

    #[test]
    fn the_byte_reading_agrees_with_the_character_reading() {
        let texts = [
            "It's $1,000.50 in v1.2 — state-of-the-art 東京!",
            "Café naïve Ünïcödé’s co-op 3.14, 2,5 U.S.A. e.g. x.y",
            "😀 emoji😀word 10,000😀 '-- -a a- ’b b’ 1.,2 .5 5. ,5 5,",
            "東京タワー는 서울 Ωmega ΣΑΣ ς 1٫5 ١٢٣ x\u{301}y",
            "a'b'c -x- ..U.K.. J.R.R. Tolkien, 3.0.1 a-b-c-",
            "",
            "'",
            "é",
            "A.",
        ];
        for t in texts {
            assert_eq!(words(t), reference(t), "{t:?}");
        }
        // Every prefix of a mixed text, cut at character boundaries.
        let mixed = "Zoë's 1,5 km-run: 東京 😀 U.S. 3.5% ’tis ok-";
        for (i, _) in mixed.char_indices() {
            assert_eq!(
                words(&mixed[..i]),
                reference(&mixed[..i]),
                "{:?}",
                &mixed[..i]
            );
        }
    }
}
