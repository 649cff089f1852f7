//! Text primitives shared by every check: UTF-16 spans, code regions, sentence
//! segmentation and word tokens.

pub(crate) mod abstain;
pub(crate) mod acronym;
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

/// A text prepared for many [`contains_phrase`] questions: its maximal runs of letters
/// and digits, so that a phrase whose first run the text lacks is answered without a
/// search (a phrase found with its edges clear starts with one of the text's runs). Same
/// answers as [`contains_phrase`].
#[derive(Debug, Clone)]
pub struct PhraseText<'a> {
    text: &'a str,
    /// The runs in text order, repeats kept (a sentence has a few dozen: a scan of the
    /// few that pass the mask costs less than sorting them all for every text).
    runs: Vec<&'a str>,
    /// One bit per run (by a hash): a phrase whose first run's bit is clear is absent.
    mask: [u128; 2],
}

/// The bit of a run in [`PhraseText`]'s mask: its word (0 or 1) and the bit in it.
fn run_bit(run: &str) -> (usize, u128) {
    let mut h: u32 = 0x811c_9dc5;
    for b in run.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    (((h >> 7) & 1) as usize, 1u128 << (h % 128))
}

impl<'a> PhraseText<'a> {
    /// Prepares `text` (already lower-cased as the phrases are).
    pub fn new(text: &'a str) -> Self {
        let mut mask = [0u128; 2];
        let runs: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|r| !r.is_empty())
            .inspect(|r| {
                let (w, bit) = run_bit(r);
                if let Some(m) = mask.get_mut(w) {
                    *m |= bit;
                }
            })
            .collect();
        PhraseText { text, runs, mask }
    }

    /// [`contains_phrase`] on a part of the prepared text (a suffix of it, say): the
    /// runs of the whole text are a superset of the part's, so the answer is the same.
    /// So is it for any text whose runs are among the prepared text's.
    pub fn contains_in(&self, part: &str, phrase: &str) -> bool {
        if phrase.starts_with(char::is_alphanumeric) {
            let first = phrase
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or(phrase);
            let (w, bit) = run_bit(first);
            if self.mask.get(w).is_none_or(|m| m & bit == 0) || !self.runs.contains(&first) {
                return false;
            }
        }
        contains_phrase(part, phrase)
    }

    /// [`contains_phrase`] on the prepared text.
    pub fn contains(&self, phrase: &str) -> bool {
        self.contains_in(self.text, phrase)
    }

    /// True when `part` (see [`PhraseText::contains_in`]) contains any phrase of `list`:
    /// the same answer as `list.iter().any(|p| self.contains_in(part, p))`, with each
    /// phrase's first run hashed once for the whole list, not on every question.
    pub fn any_in(&self, part: &str, list: &Phrases) -> bool {
        self.found_in(part, list).next().is_some()
    }

    /// The phrases of `list` that `part` contains, in the list's order (as
    /// `list.iter().filter(|p| self.contains_in(part, p))`).
    pub fn found_in<'l>(
        &'l self,
        part: &'l str,
        list: &'l Phrases,
    ) -> impl Iterator<Item = &'static str> + 'l {
        list.phrases
            .iter()
            .zip(list.first_runs())
            .filter(move |(phrase, first)| {
                first.is_none_or(|(need, len)| {
                    need.iter().zip(&self.mask).all(|(n, m)| n & !m == 0)
                        && self.runs.contains(&phrase.get(..len).unwrap_or(phrase))
                }) && contains_phrase(part, phrase)
            })
            .map(|(phrase, _)| *phrase)
    }
}

/// A fixed list of phrases for [`PhraseText::any_in`] and [`PhraseText::found_in`]: the
/// mask bits of each phrase's runs of letters and digits and the length of its first run
/// are computed on first use and kept (`None` for a phrase that does not start with one,
/// which is always searched). A phrase found with clear edges has each of its runs as a
/// run of the text (its inner edges are its own), so a phrase with a bit the text's mask
/// lacks is not searched.
pub struct Phrases {
    phrases: &'static [&'static str],
    first: std::sync::OnceLock<Vec<Option<PhraseKey>>>,
}

/// A phrase's mask bits (all its runs) and the length of its first run.
type PhraseKey = ([u128; 2], usize);

impl Phrases {
    /// The list (hashed on first use).
    pub const fn new(phrases: &'static [&'static str]) -> Self {
        Phrases {
            phrases,
            first: std::sync::OnceLock::new(),
        }
    }

    /// The phrases, in order.
    pub fn list(&self) -> &'static [&'static str] {
        self.phrases
    }

    fn first_runs(&self) -> &[Option<PhraseKey>] {
        self.first.get_or_init(|| {
            self.phrases
                .iter()
                .map(|p| {
                    if !p.starts_with(char::is_alphanumeric) {
                        return None;
                    }
                    let mut need = [0u128; 2];
                    for run in p
                        .split(|c: char| !c.is_alphanumeric())
                        .filter(|r| !r.is_empty())
                    {
                        let (w, bit) = run_bit(run);
                        if let Some(n) = need.get_mut(w) {
                            *n |= bit;
                        }
                    }
                    let first = p.split(|c: char| !c.is_alphanumeric()).next().unwrap_or(p);
                    Some((need, first.len()))
                })
                .collect()
        })
    }
}

/// `text` with its whitespace runs made single spaces, cut to `max_chars` characters with
/// `…` when longer: a passage quoted in a message.
pub fn excerpt(text: &str, max_chars: usize) -> String {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.chars().count() <= max_chars {
        t
    } else {
        format!("{}…", t.chars().take(max_chars).collect::<String>())
    }
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
    fn an_excerpt_collapses_whitespace_and_cuts_by_characters() {
        use super::excerpt;
        assert_eq!(excerpt("a  b\n c", 10), "a b c");
        assert_eq!(excerpt("Zoë Müller in Zürich", 5), "Zoë M…");
        assert_eq!(excerpt("", 3), "");
    }

    #[test]
    fn prefix_never_splits_a_character() {
        assert_eq!(super::prefix("héllo", 2), "h");
        assert_eq!(super::prefix("héllo", 3), "hé");
        assert_eq!(super::prefix("ab", 10), "ab");
        assert_eq!(super::prefix("😀x", 3), "");
    }

    #[test]
    fn phrase_lists_answer_as_phrase_by_phrase_search() {
        use super::{PhraseText, Phrases};
        static LIST: &[&str] = &[
            "i think",
            "in my opinion",
            "not mentioned",
            "don't know",
            "-based",
            "café au lait",
            "x",
        ];
        static PHRASES: Phrases = Phrases::new(LIST);
        for text in [
            "i think so",
            "in my view, not my opinion",
            "in my opinion, paris is in france",
            "it is not mentioned in the sources",
            "i don't know",
            "i don't knowingly",
            "evidence-based care",
            "un café au lait",
            "x marks the spot",
            "xylophone",
            "",
        ] {
            let prepared = PhraseText::new(text);
            for part in [text, text.get(text.len() / 2..).unwrap_or("")] {
                let found: Vec<&str> = prepared.found_in(part, &PHRASES).collect();
                let each: Vec<&str> = LIST
                    .iter()
                    .copied()
                    .filter(|p| prepared.contains_in(part, p))
                    .collect();
                assert_eq!(found, each, "{text:?} / {part:?}");
                assert_eq!(
                    prepared.any_in(part, &PHRASES),
                    !each.is_empty(),
                    "{text:?}"
                );
            }
        }
    }
}
