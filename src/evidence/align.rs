//! Approximate substring matching: Myers' bit-parallel edit-distance algorithm (1999),
//! in the multi-word block form of Hyyrö (2003) as Edlib uses it, over `char`s.
//!
//! [`best_substring`] finds the substring of a text with the fewest edits (insertions,
//! deletions, substitutions) against a whole pattern. The forward pass costs
//! `O(⌈m/64⌉ · n)` word operations for a pattern of `m` chars and a text of `n` chars,
//! so it is linear in the text; a second pass over the reversed pattern, anchored at
//! the best end and bounded by `m + k` chars, finds where the match starts.

use std::collections::BTreeMap;

/// The best approximate occurrence of a pattern in a text, in char indexes of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alignment {
    /// First char of the matched substring.
    pub start: usize,
    /// One past the last char of the matched substring.
    pub end: usize,
    /// Edit distance between the pattern and the substring.
    pub edits: usize,
}

const W: usize = 64;

/// Match bit-vectors of a pattern: for each char, which pattern positions hold it.
struct Peq {
    blocks: usize,
    ascii: Vec<u64>,
    other: BTreeMap<char, Vec<u64>>,
    zero: Vec<u64>,
}

impl Peq {
    fn new<I: Iterator<Item = char>>(pattern: I, m: usize) -> Self {
        let blocks = m.div_ceil(W).max(1);
        let mut peq = Peq {
            blocks,
            ascii: vec![0; 128 * blocks],
            other: BTreeMap::new(),
            zero: vec![0; blocks],
        };
        for (i, c) in pattern.enumerate() {
            let (b, bit) = (i / W, 1u64 << (i % W));
            if (c as u32) < 128 {
                if let Some(w) = peq.ascii.get_mut(c as usize * blocks + b) {
                    *w |= bit;
                }
            } else {
                let v = peq.other.entry(c).or_insert_with(|| vec![0; blocks]);
                if let Some(w) = v.get_mut(b) {
                    *w |= bit;
                }
            }
        }
        peq
    }

    fn get(&self, c: char) -> &[u64] {
        if (c as u32) < 128 {
            let s = c as usize * self.blocks;
            self.ascii.get(s..s + self.blocks).unwrap_or(&self.zero)
        } else {
            self.other.get(&c).map_or(&self.zero, |v| v.as_slice())
        }
    }
}

/// One column step of one block (Edlib's `calculateBlock`). `hin` is the horizontal
/// delta entering the block's top row; returns the delta leaving its bottom row.
#[inline]
fn advance_block(pv: &mut u64, mv: &mut u64, eq: u64, hin: i32) -> i32 {
    let mut eq = eq;
    let xv = eq | *mv;
    if hin < 0 {
        eq |= 1;
    }
    let xh = (((eq & *pv).wrapping_add(*pv)) ^ *pv) | eq;
    let mut ph = *mv | !(xh | *pv);
    let mut mh = *pv & xh;
    let high = 1u64 << (W - 1);
    let hout = if ph & high != 0 {
        1
    } else if mh & high != 0 {
        -1
    } else {
        0
    };
    ph <<= 1;
    mh <<= 1;
    if hin < 0 {
        mh |= 1;
    } else if hin > 0 {
        ph |= 1;
    }
    *pv = mh | !(xv | ph);
    *mv = ph & xv;
    hout
}

/// Runs the bit-parallel DP of `pattern` (m chars) over `text`, calling `visit(j, d)`
/// with the edit distance `d` of the whole pattern against the best substring ending
/// just before text char `j + 1`. With `anchored`, the substring must start at text
/// char 0 (row 0 is `0, 1, 2, …`); otherwise it may start anywhere (row 0 is all 0).
/// `visit` returns false to stop early.
fn scan<I, F>(peq: &Peq, m: usize, text: I, anchored: bool, mut visit: F)
where
    I: Iterator<Item = char>,
    F: FnMut(usize, usize) -> bool,
{
    if m == 0 {
        return;
    }
    let blocks = peq.blocks;
    let mut pv = vec![!0u64; blocks];
    let mut mv = vec![0u64; blocks];
    // Score at the bottom row of every full block but the last.
    let mut bottom: Vec<i64> = (0..blocks).map(|b| ((b + 1) * W) as i64).collect();
    let last = blocks - 1;
    let rows_in_last = m - last * W;
    let last_mask = if rows_in_last >= W {
        !0u64
    } else {
        (1u64 << rows_in_last) - 1
    };
    for (j, c) in text.enumerate() {
        let eq = peq.get(c);
        let mut hin: i32 = if anchored { 1 } else { 0 };
        for b in 0..blocks {
            let e = eq.get(b).copied().unwrap_or(0);
            if let (Some(p), Some(q)) = (pv.get_mut(b), mv.get_mut(b)) {
                hin = advance_block(p, q, e, hin);
            }
            if let Some(s) = bottom.get_mut(b) {
                *s += i64::from(hin);
            }
        }
        // Score of row m: bottom of the block above plus the deltas of the last block.
        let above = if last == 0 {
            if anchored {
                j as i64 + 1
            } else {
                0
            }
        } else {
            bottom.get(last - 1).copied().unwrap_or(0)
        };
        let p = pv.get(last).copied().unwrap_or(0) & last_mask;
        let q = mv.get(last).copied().unwrap_or(0) & last_mask;
        let d = above + i64::from(p.count_ones()) - i64::from(q.count_ones());
        if !visit(j, d.max(0) as usize) {
            return;
        }
    }
}

/// The substring of `text` closest to the whole of `pattern` (fewest edits; the first
/// one on ties, then the shortest start among equally good ones). `None` when either is
/// empty.
pub fn best_substring(pattern: &[char], text: &[char]) -> Option<Alignment> {
    let m = pattern.len();
    if m == 0 || text.is_empty() {
        return None;
    }
    let peq = Peq::new(pattern.iter().copied(), m);
    let mut best = (usize::MAX, 0usize);
    scan(&peq, m, text.iter().copied(), false, |j, d| {
        if d < best.0 {
            best = (d, j + 1);
        }
        d != 0 || best.1 == 0 // stop at the first exact occurrence
    });
    let (edits, end) = best;
    if edits == usize::MAX {
        return None;
    }
    // Find the start: the reversed pattern against the text read backwards from `end`,
    // anchored at `end`; the first column reaching `edits` is the shortest match.
    let rpeq = Peq::new(pattern.iter().rev().copied(), m);
    let window = (m + edits).min(end);
    let back = text[end - window..end].iter().rev().copied();
    let mut len = None;
    let mut best_back = (usize::MAX, 0usize);
    scan(&rpeq, m, back, true, |j, d| {
        if d < best_back.0 {
            best_back = (d, j + 1);
        }
        if d <= edits {
            len = Some(j + 1);
            false
        } else {
            true
        }
    });
    let len = len.unwrap_or(best_back.1.max(1)).min(end);
    Some(Alignment {
        start: end - len,
        end,
        edits,
    })
}

/// Plain dynamic-programming version of [`best_substring`]'s distance, for tests.
#[cfg(test)]
pub fn naive_best(pattern: &[char], text: &[char]) -> usize {
    let m = pattern.len();
    let mut prev: Vec<usize> = (0..=m).collect();
    let mut best = prev[m];
    for &c in text {
        let mut cur = vec![0usize; m + 1];
        for i in 1..=m {
            let sub = prev[i - 1] + usize::from(pattern[i - 1] != c);
            cur[i] = sub.min(prev[i] + 1).min(cur[i - 1] + 1);
        }
        best = best.min(cur[m]);
        prev = cur;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn exact_and_typo() {
        let t = chars("the quick brown fox jumps over the lazy dog");
        let a = best_substring(&chars("brown fox"), &t).unwrap();
        assert_eq!((a.start, a.end, a.edits), (10, 19, 0));
        let a = best_substring(&chars("brwn fox"), &t).unwrap();
        assert_eq!((a.start, a.end, a.edits), (10, 19, 1));
        let a = best_substring(&chars("lazy dogs"), &t).unwrap();
        assert_eq!(a.edits, 1);
        assert_eq!(t[a.start..a.end].iter().collect::<String>(), "lazy dog");
    }

    #[test]
    fn long_patterns_span_blocks() {
        let base: String = (0..400)
            .map(|i| char::from(b'a' + ((i * 7 + i / 13) % 26) as u8))
            .collect();
        let text = chars(&format!("xx{}yy", base));
        let mut pat = chars(&base[50..300]);
        pat[100] = 'Z';
        pat.remove(180);
        let a = best_substring(&pat, &text).unwrap();
        assert_eq!(a.edits, 2);
        assert_eq!((a.start, a.end), (52, 302));
        assert_eq!(a.edits, naive_best(&pat, &text));
    }

    #[test]
    fn agrees_with_naive_dp() {
        let texts = [
            "abcabcabd",
            "hello world, hello there",
            "ａｂｃ😀x😀y",
            "",
            "a",
        ];
        let pats = ["abd", "helo", "😀y", "zzz", "a", "hello world hello"];
        for t in texts {
            for p in pats {
                let (t, p) = (chars(t), chars(p));
                match best_substring(&p, &t) {
                    Some(a) => {
                        assert_eq!(a.edits, naive_best(&p, &t), "{p:?} in {t:?}");
                        assert!(a.start <= a.end && a.end <= t.len());
                    }
                    None => assert!(t.is_empty() || p.is_empty()),
                }
            }
        }
    }
}
