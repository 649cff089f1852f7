//! Text folding for the normalised and fuzzy snippet stages, with a map back to the
//! original byte offsets.
//!
//! Folding: Unicode compatibility decomposition (NFKD: fullwidth forms, ligatures,
//! superscripts, composed vs combining accents), lower case, smart quotes to straight
//! ones, every dash to `-`, `…` to `...`, and every run of whitespace (NBSP and the other
//! Unicode spaces included) to one space. Leading and trailing whitespace is dropped.
//!
//! The compatibility decompositions come from a compact table generated from
//! `unicode-normalization`'s data (`fold_table.rs`, about 25 KB against that crate's
//! 97 KB); `tests/folding.rs` checks that every Unicode scalar value folds exactly as it
//! did through that crate.

use super::fold_table::{BLOCK, DATA, MAX_LEN, OFFSETS, PAGES, STARTS};

/// A folded text: its characters, each with the byte range of the original character it
/// came from.
#[derive(Debug, Clone, Default)]
pub struct Folded {
    /// The folded characters.
    pub chars: Vec<char>,
    /// For each folded character, `(start, end)` bytes of its original character.
    pub origin: Vec<(usize, usize)>,
}

impl Folded {
    /// Folds `text`.
    pub fn new(text: &str) -> Self {
        let mut out = Folded {
            chars: Vec::with_capacity(text.len()),
            origin: Vec::with_capacity(text.len()),
        };
        let mut pending_space: Option<(usize, usize)> = None;
        for (i, c) in text.char_indices() {
            let range = (i, i + c.len_utf8());
            if is_space(c) {
                // A space run: remember where it started, emit it before the next char.
                if pending_space.is_none() {
                    pending_space = Some(range);
                }
                continue;
            }
            if let Some(sp) = pending_space.take() {
                if !out.chars.is_empty() {
                    out.chars.push(' ');
                    out.origin.push(sp);
                }
            }
            fold_char(c, |f| {
                out.chars.push(f);
                out.origin.push(range);
            });
        }
        out
    }

    /// Number of folded characters.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// True when nothing is left after folding.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The original byte range covered by folded characters `[start, end)`.
    pub(crate) fn byte_range(&self, start: usize, end: usize) -> Option<(usize, usize)> {
        if start >= end {
            return None;
        }
        let first = self.origin.get(start)?;
        let last = self.origin.get(end - 1)?;
        Some((first.0, last.1.max(first.0)))
    }

    /// The folded characters as a string.
    pub fn as_string(&self) -> String {
        self.chars.iter().collect()
    }
}

/// True for whitespace, NBSP, zero-width and other Unicode space characters.
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}' | '\u{00A0}')
}

/// Folds one character, feeding the result (zero or more chars) to `emit`.
pub fn fold_char(c: char, mut emit: impl FnMut(char)) {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '`' | '\u{00B4}' => {
            emit('\'')
        }
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' | '\u{00AB}'
        | '\u{00BB}' | '\u{300C}' | '\u{300D}' | '\u{300E}' | '\u{300F}' => emit('"'),
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => emit('-'),
        '\u{2026}' => {
            emit('.');
            emit('.');
            emit('.');
        }
        // Soft hyphen and zero-width joiners carry no text.
        '\u{00AD}' | '\u{200C}' | '\u{200D}' => {}
        _ if c.is_ascii() => emit(c.to_ascii_lowercase()),
        _ => decompose_compatible(c, |d| {
            if is_space(d) {
                emit(' ');
            } else {
                for l in d.to_lowercase() {
                    emit(l);
                }
            }
        }),
    }
}

/// Feeds the full compatibility decomposition (NFKD) of `c` to `emit`: `c` itself when it
/// has none. Hangul syllables decompose by formula, everything else through the table.
pub fn decompose_compatible(c: char, mut emit: impl FnMut(char)) {
    let cp = c as u32;
    // Hangul syllables (Unicode §3.12): leading consonant, vowel, optional trailing one.
    const S_BASE: u32 = 0xAC00;
    const S_COUNT: u32 = 11172;
    if (S_BASE..S_BASE + S_COUNT).contains(&cp) {
        let s = cp - S_BASE;
        let parts = [0x1100 + s / 588, 0x1161 + (s % 588) / 28, 0x11A7 + s % 28];
        let n = if s % 28 == 0 { 2 } else { 3 };
        for &p in &parts[..n] {
            emit(char::from_u32(p).unwrap_or(c));
        }
        return;
    }
    let mut buf = ['\0'; MAX_LEN];
    match lookup(cp, &mut buf) {
        Some(n) => buf.iter().take(n).for_each(|&d| emit(d)),
        None => emit(c),
    }
}

/// The decomposition of `cp` from the table into `out`, and its length; `None` when `cp`
/// has no entry. The format is described in `tests/folding.rs`, which writes the table.
fn lookup(cp: u32, out: &mut [char; MAX_LEN]) -> Option<usize> {
    let page = (cp >> 8) as usize;
    if PAGES.get(page / 8)? & (1 << (page % 8)) == 0 {
        return None;
    }
    let block = STARTS.partition_point(|&s| s <= cp).checked_sub(1)?;
    let mut pos = usize::from(*OFFSETS.get(block)?);
    let end = OFFSETS
        .get(block + 1)
        .map_or(DATA.len(), |&o| usize::from(o));
    let mut key = *STARTS.get(block)?;
    let mut prev = [0u32; MAX_LEN];
    let mut prev_len = 0usize;
    let mut cur = [0u32; MAX_LEN];
    for k in 0..BLOCK {
        if pos >= end {
            break;
        }
        if k > 0 {
            key = key.checked_add(leb(&mut pos)?)?;
        }
        let len = usize::from(*DATA.get(pos)?).min(MAX_LEN);
        pos += 1;
        for i in 0..len {
            let base = if i < prev_len {
                prev[i]
            } else if i == 0 {
                key
            } else {
                cur[i - 1]
            };
            let z = leb(&mut pos)?;
            let delta = (z >> 1) as i64 ^ -((z & 1) as i64);
            cur[i] = u32::try_from(i64::from(base) + delta).ok()?;
        }
        if key == cp {
            for (o, &v) in out.iter_mut().zip(&cur[..len]) {
                *o = char::from_u32(v)?;
            }
            return Some(len);
        }
        if key > cp {
            return None;
        }
        prev = cur;
        prev_len = len;
    }
    None
}

/// Reads one LEB128 number of `DATA` at `*pos`, advancing it.
fn leb(pos: &mut usize) -> Option<u32> {
    let mut v = 0u32;
    for shift in [0, 7, 14, 21, 28] {
        let b = *DATA.get(*pos)?;
        *pos += 1;
        v |= u32::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// The folded form of `text` as a string (for comparing short tokens).
pub fn fold_str(text: &str) -> String {
    if !text.is_ascii() {
        return Folded::new(text).as_string();
    }
    // ASCII folds byte by byte (what `Folded::new` gives, without its map of origins):
    // lower case, the backtick as an apostrophe, each run of whitespace one space, none
    // at either end.
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for b in text.bytes() {
        if char::from(b).is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(if b == b'`' {
            '\''
        } else {
            char::from(b.to_ascii_lowercase())
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_folds_as_the_general_path_does() {
        // fold_str's ASCII path against Folded::new on every ASCII character, alone and
        // between letters and spaces, and on a few sentences.
        let mut texts: Vec<String> = Vec::new();
        for b in 0u8..128 {
            let c = char::from(b);
            texts.push(c.to_string());
            texts.push(format!(" A{c}b "));
            texts.push(format!("{c}{c} x\t\n{c}"));
        }
        texts.push("  The `Quick`  Brown\r\nFox -- 'jumps'\x0b over\x0c ".to_string());
        for t in &texts {
            assert_eq!(fold_str(t), Folded::new(t).as_string(), "{t:?}");
        }
    }

    #[test]
    fn folds_typography_and_compat_forms() {
        assert_eq!(
            fold_str("  “Smart”\u{a0}quotes — and…\n\n  ﬁne ＡＢＣ ² "),
            "\"smart\" quotes - and... fine abc 2"
        );
        assert_eq!(fold_str("Cafe\u{301}"), fold_str("Café"));
    }

    #[test]
    fn origin_maps_back() {
        let t = "a  “b”";
        let f = Folded::new(t);
        assert_eq!(f.as_string(), "a \"b\"");
        let (s, e) = f.byte_range(2, 5).unwrap();
        assert_eq!(&t[s..e], "“b”");
    }
}
