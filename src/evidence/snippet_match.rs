//! Does a snippet appear in a source? Exact, then normalised, then fuzzy alignment.

use std::cell::OnceCell;

use serde::{Deserialize, Serialize};

use super::align::best_substring;
use super::normalize::{fold_str, Folded};
use crate::text::{Span, Utf16Map};

/// The default fuzzy threshold: lowest score (`1 − edits / snippet length`, over folded
/// text) that still verifies a snippet.
///
/// Chosen from `examples/bench_snippet.rs` (200 samples per row, windows of this
/// crate's sources scored against a 50 KB corpus of them; p5 / median / max):
/// - 1 typo: 20 chars 0.846 / 0.947; 40 chars 0.923 / 0.971; 80 chars 0.957 / 0.986;
///   200 chars 0.986 / 0.994. Re-wrapped whitespace + 1 typo: 40 chars p5 0.933.
/// - 3 typos: 40 chars p5 0.846; 80 chars p5 0.906; 200 chars p5 0.965.
/// - unrelated text (windows of a held-out file): 80 chars median 0.41, p95 0.70, max
///   0.87; 200 chars median 0.36, max 0.58. (Under ~20 chars, unrelated windows of
///   boilerplate often score 1.0: short snippets are told apart by the exact stages
///   and by the minimum snippet length, not by the threshold.)
///
/// 0.85 accepts one typo from 20 chars up and three from 40 up, and rejects unrelated
/// passages of 80+ chars with margin. Changed numbers, names and negations are caught
/// separately (they must match exactly), not by the threshold, and so is a word replaced
/// by another that is no typo of it (`triple` for `double`).
pub const DEFAULT_SNIPPET_THRESHOLD: f64 = 0.85;

/// How snippets are matched.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct SnippetOptions {
    /// Lowest fuzzy score that verifies (default [`DEFAULT_SNIPPET_THRESHOLD`]).
    #[cfg_attr(test, schemars(range(min = 0.0, max = 1.0)))]
    pub threshold: f64,
    /// Whether numbers, capitalised names, identifiers and negations of the snippet must
    /// appear exactly (after folding) in the matched passage, and its other words as
    /// written or with a typo, not replaced by other words (default true).
    pub exact_tokens: bool,
    /// Upper bound on fuzzy work, in 64-bit block steps (⌈snippet chars / 64⌉ × source
    /// chars). Above it the fuzzy stage is skipped (default 50 000 000, ~0.1 s).
    pub max_fuzzy_work: u64,
}

impl Default for SnippetOptions {
    fn default() -> Self {
        SnippetOptions {
            threshold: DEFAULT_SNIPPET_THRESHOLD,
            exact_tokens: true,
            max_fuzzy_work: 50_000_000,
        }
    }
}

/// Which stage matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum MatchMethod {
    /// Found byte for byte.
    Exact,
    /// Found after folding case, whitespace, quotes, dashes and compatibility forms.
    Normalized,
    /// Found by approximate alignment with a score at or above the threshold.
    Fuzzy,
    /// Inline code made of parts the source writes: a command of two words or more found
    /// as written, followed by options (`-x`, `--name`) each found as a whole token
    /// (`npm run deploy --prod` from `` `npm run deploy` `` and `` `--prod` ``).
    Composed,
    /// Not found.
    None,
}

/// The passage of the source closest to a snippet that did not verify.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ClosestPassage {
    /// Where in the source (UTF-16 code units).
    pub span: Span,
    /// The passage as written in the source.
    pub text: String,
    /// Its fuzzy score against the snippet.
    pub score: f64,
}

/// The outcome of matching one snippet against one source text.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct SnippetMatch {
    /// True when the snippet appears in the source.
    pub verified: bool,
    /// The stage that matched (`none` when it did not verify).
    pub method: MatchMethod,
    /// 1 for exact and normalised matches, `1 − edits / length` for fuzzy ones; for a
    /// failed snippet the best score found.
    pub score: f64,
    /// The matched passage in the source (UTF-16), when verified.
    pub span: Option<Span>,
    /// The matched passage as written in the source, when verified.
    pub matched: Option<String>,
    /// The closest passage, when not verified.
    pub closest: Option<ClosestPassage>,
    /// Numbers, names, identifiers or negations of the snippet missing from the closest
    /// passage (or present there but not in the snippet).
    pub mismatched_tokens: Vec<String>,
}

impl SnippetMatch {
    fn none() -> Self {
        SnippetMatch {
            verified: false,
            method: MatchMethod::None,
            score: 0.0,
            span: None,
            matched: None,
            closest: None,
            mismatched_tokens: Vec::new(),
        }
    }
}

/// A source text prepared once for many snippets: its UTF-16 table and folded form,
/// each built on first use (a snippet found byte for byte needs no fold, and an answer
/// without snippets folds nothing).
#[derive(Debug, Clone)]
pub struct Prepared<'a> {
    /// The text.
    pub text: &'a str,
    utf16: OnceCell<Utf16Map>,
    folded: OnceCell<(Folded, String)>,
}

impl<'a> Prepared<'a> {
    /// Prepares `text` (nothing is computed until a snippet needs it).
    pub fn new(text: &'a str) -> Self {
        Prepared {
            text,
            utf16: OnceCell::new(),
            folded: OnceCell::new(),
        }
    }

    /// Byte → UTF-16 table of the text.
    pub fn utf16(&self) -> &Utf16Map {
        self.utf16.get_or_init(|| Utf16Map::new(self.text))
    }

    /// The folded text and the same as a string.
    fn folded(&self) -> (&Folded, &str) {
        let (f, s) = self.folded.get_or_init(|| {
            let f = Folded::new(self.text);
            let s = f.as_string();
            (f, s)
        });
        (f, s)
    }
}

/// Matches `snippet` against `content`: exact, then normalised, then fuzzy.
///
/// Never panics; scores are in [0, 1]; spans lie inside `content` (UTF-16).
pub fn verify_snippet(snippet: &str, content: &str, opts: &SnippetOptions) -> SnippetMatch {
    verify_prepared(snippet, &Prepared::new(content), opts)
}

/// [`verify_snippet`] against a prepared source.
pub fn verify_prepared(snippet: &str, src: &Prepared<'_>, opts: &SnippetOptions) -> SnippetMatch {
    let needle = snippet.trim();
    if needle.is_empty() || src.text.is_empty() {
        return SnippetMatch::none();
    }
    // 1. Exact.
    if let Some(pos) = src.text.find(needle) {
        return found(src, pos, pos + needle.len(), MatchMethod::Exact, 1.0);
    }
    // 2. Normalised.
    let fsnip = Folded::new(needle);
    if fsnip.is_empty() {
        return SnippetMatch::none();
    }
    let fsnip_string = fsnip.as_string();
    let (folded, folded_string) = src.folded();
    if let Some(bpos) = folded_string.find(&fsnip_string) {
        let cstart = folded_string.get(..bpos).map_or(0, |s| s.chars().count());
        if let Some((s, e)) = folded.byte_range(cstart, cstart + fsnip.len()) {
            return found(src, s, e, MatchMethod::Normalized, 1.0);
        }
    }
    // 3. Fuzzy.
    let m = fsnip.len();
    let work = (m.div_ceil(64) as u64).saturating_mul(folded.len() as u64);
    if work > opts.max_fuzzy_work {
        return SnippetMatch::none();
    }
    let Some(al) = best_substring(&fsnip.chars, &folded.chars) else {
        return SnippetMatch::none();
    };
    let score = (1.0 - al.edits as f64 / m as f64).clamp(0.0, 1.0);
    let Some((s, e)) = folded.byte_range(al.start, al.end) else {
        return SnippetMatch::none();
    };
    let mismatched = if opts.exact_tokens {
        token_mismatches(needle, src.text, s, e)
    } else {
        Vec::new()
    };
    if score >= opts.threshold && mismatched.is_empty() {
        let mut r = found(src, s, e, MatchMethod::Fuzzy, score);
        r.score = score;
        return r;
    }
    let text = src.text.get(s..e).unwrap_or_default().to_string();
    SnippetMatch {
        verified: false,
        method: MatchMethod::None,
        score,
        span: None,
        matched: None,
        closest: Some(ClosestPassage {
            span: src.utf16().span(s, e),
            text,
            score,
        }),
        mismatched_tokens: mismatched,
    }
}

fn found(src: &Prepared<'_>, s: usize, e: usize, method: MatchMethod, score: f64) -> SnippetMatch {
    SnippetMatch {
        verified: true,
        method,
        score,
        span: Some(src.utf16().span(s, e)),
        matched: src.text.get(s..e).map(str::to_string),
        closest: None,
        mismatched_tokens: Vec::new(),
    }
}

/// Words that flip a statement's meaning; the snippet and the passage must agree on them.
const NEGATIONS: &[&str] = &[
    "not", "no", "never", "none", "cannot", "can't", "don't", "doesn't", "isn't", "won't",
    "without", "nor",
];

/// Tokens of `text`: runs of letters, digits and `_`, with `.`/`,` kept between digits
/// and an apostrophe kept between letters. Byte ranges.
pub(crate) fn tokens(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut prev: Option<char> = None;
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let word = c.is_alphanumeric() || c == '_';
        if word {
            if start.is_none() {
                start = Some(i);
            }
        } else if let Some(s) = start {
            let next = it.peek().map(|&(_, n)| n);
            let keep = match c {
                '.' | ',' => {
                    prev.is_some_and(|p| p.is_ascii_digit())
                        && next.is_some_and(|n| n.is_ascii_digit())
                }
                '\'' | '’' => {
                    prev.is_some_and(char::is_alphabetic) && next.is_some_and(char::is_alphabetic)
                }
                _ => false,
            };
            if !keep {
                out.push((s, i));
                start = None;
            }
        }
        prev = Some(c);
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

/// True for a token that must match exactly: a number, an identifier (`_`, inner
/// capitals) or a capitalised name that does not start a sentence.
fn is_critical(text: &str, start: usize, tok: &str) -> bool {
    let mut chars = tok.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if tok.chars().any(|c| c.is_ascii_digit() || c == '_') {
        return true;
    }
    if chars.any(char::is_uppercase) {
        return true; // camelCase, acronyms
    }
    if first.is_uppercase() && tok.chars().count() > 1 {
        // Not when it starts the snippet or a sentence.
        let before = text.get(..start).unwrap_or_default().trim_end();
        let last = before.chars().next_back();
        return !matches!(
            last,
            None | Some('.' | '!' | '?' | ':' | '"' | '“' | '\'' | '‘' | '(')
        );
    }
    false
}

fn is_negation(folded_tok: &str) -> bool {
    NEGATIONS.contains(&folded_tok.replace('’', "'").as_str())
}

/// Critical tokens of `snippet` missing from `content[s..e]` (widened to whole tokens),
/// and negations present on one side only.
fn token_mismatches(snippet: &str, content: &str, s: usize, e: usize) -> Vec<String> {
    let (s, e) = widen(content, s, e);
    let passage = content.get(s..e).unwrap_or_default();
    let passage_tokens: std::collections::BTreeSet<String> = tokens(passage)
        .into_iter()
        .filter_map(|(a, b)| passage.get(a..b))
        .map(fold_str)
        .collect();
    let passage_chars: Vec<char> = fold_str(passage).chars().collect();
    let mut out = Vec::new();
    let mut snip_neg = 0usize;
    for (a, b) in tokens(snippet) {
        let Some(tok) = snippet.get(a..b) else {
            continue;
        };
        let folded = fold_str(tok);
        if is_negation(&folded) {
            snip_neg += 1;
        }
        if (is_critical(snippet, a, tok) && !passage_tokens.contains(&folded))
            || replaced_word(&folded, &passage_tokens, &passage_chars)
        {
            out.push(tok.to_string());
        }
    }
    let pass_neg = tokens(passage)
        .into_iter()
        .filter_map(|(a, b)| passage.get(a..b))
        .filter(|t| is_negation(&fold_str(t)))
        .count();
    if snip_neg != pass_neg {
        out.push(format!(
            "negation ({snip_neg} in snippet, {pass_neg} in source)"
        ));
    }
    out
}

/// True for a word of the snippet (folded, letters only, three or more) that the passage
/// holds neither as written nor with a typo (one edit; two from eight letters), anywhere
/// in its text (`the delay` written `thedelay` is a typo too): a word replaced by another
/// (`triple` for `double`), which a quotation must not do however close the rest is.
fn replaced_word(
    folded: &str,
    tokens: &std::collections::BTreeSet<String>,
    passage: &[char],
) -> bool {
    let n = folded.chars().count();
    if n < 3 || !folded.chars().all(char::is_alphabetic) || tokens.contains(folded) {
        return false;
    }
    let most = if n >= 8 { 2 } else { 1 };
    let word: Vec<char> = folded.chars().collect();
    !within_edits_of_some_substring(&word, passage, most)
}

/// True when some substring of `text` is at most `most` insertions, deletions or
/// substitutions of a character from `word` (approximate substring matching: linear in
/// the text's length for a short word).
fn within_edits_of_some_substring(word: &[char], text: &[char], most: usize) -> bool {
    if word.len() <= most {
        return true;
    }
    // Column j: the least edits turning `word[..i]` into a substring of `text` ending
    // at j; a substring may start anywhere (row 0 is all zeros).
    let mut prev = vec![0usize; text.len() + 1];
    let mut row = vec![0usize; text.len() + 1];
    for (i, w) in word.iter().enumerate() {
        row[0] = i + 1;
        for (j, t) in text.iter().enumerate() {
            let cost = usize::from(w != t);
            row[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(row[j] + 1);
        }
        std::mem::swap(&mut prev, &mut row);
    }
    prev.iter().any(|&d| d <= most)
}

/// Widens `[s, e)` of `text` to whole tokens at both ends.
fn widen(text: &str, mut s: usize, mut e: usize) -> (usize, usize) {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    while s > 0 {
        match text.get(..s).and_then(|t| t.chars().next_back()) {
            Some(c) if is_word(c) => s -= c.len_utf8(),
            _ => break,
        }
    }
    while e < text.len() {
        match text.get(e..).and_then(|t| t.chars().next()) {
            Some(c) if is_word(c) => e += c.len_utf8(),
            _ => break,
        }
    }
    (s, e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_replaced_is_a_mismatch_and_a_typo_is_not() {
        let src = "Set retryBackoff to exponential to double the delay between attempts.";
        let opts = SnippetOptions::default();
        let r = verify_snippet("to triple the delay between attempts", src, &opts);
        assert!(!r.verified && r.mismatched_tokens == ["triple"], "{r:?}");
        let r = verify_snippet("to double the delay between atempts", src, &opts);
        assert!(r.verified, "{r:?}");
        let r = verify_snippet("to double the dellay between attempts", src, &opts);
        assert!(r.verified, "{r:?}");
        let r = verify_snippet("to double thedelay between attempts", src, &opts);
        assert!(r.verified, "{r:?}");
        let r = verify_snippet("to double the del ay between attempts", src, &opts);
        assert!(r.verified, "{r:?}");
        let chars = |t: &str| t.chars().collect::<Vec<char>>();
        let text = chars("set the colour of the double");
        assert!(within_edits_of_some_substring(&chars("color"), &text, 1));
        assert!(!within_edits_of_some_substring(&chars("triple"), &text, 1));
        assert!(within_edits_of_some_substring(&chars("ab"), &[], 2));
        assert!(!within_edits_of_some_substring(&chars("abc"), &[], 2));
    }

    const SRC: &str = "The retriever returns the topK chunks, ranked by score. \
        By default topK is 5 and the threshold is 0.75; results below it are not kept.";

    fn v(snippet: &str) -> SnippetMatch {
        verify_snippet(snippet, SRC, &SnippetOptions::default())
    }

    #[test]
    fn stages() {
        let r = v("returns the topK chunks");
        assert_eq!((r.method, r.score), (MatchMethod::Exact, 1.0));
        assert_eq!(r.span, Some(Span::new(14, 37)));
        let r = v("RETURNS  the\n topK   chunks");
        assert_eq!(r.method, MatchMethod::Normalized);
        assert_eq!(r.span, Some(Span::new(14, 37)));
        let r = v("By default topK is 5 and the treshold is 0.75");
        assert_eq!(r.method, MatchMethod::Fuzzy);
        assert!(r.verified && r.score > 0.95 && r.score < 1.0);
        assert_eq!(
            r.matched.as_deref(),
            Some("By default topK is 5 and the threshold is 0.75")
        );
    }

    #[test]
    fn changed_number_name_or_negation_fails() {
        for s in [
            "By default topK is 6 and the threshold is 0.75",
            "By default topN is 5 and the threshold is 0.75",
            "the threshold is 0.75; results below it are kept.",
        ] {
            let r = v(s);
            assert!(!r.verified, "{s}: {r:?}");
            assert!(r.score > 0.85, "{s}");
            assert!(!r.mismatched_tokens.is_empty());
            assert!(r.closest.is_some());
        }
    }

    #[test]
    fn unrelated_text_fails_with_low_score() {
        let r = v("completely different sentence about cooking pasta");
        assert!(!r.verified && r.score < 0.7);
    }

    #[test]
    fn degenerate_inputs() {
        assert!(!v("").verified);
        assert!(!verify_snippet("abc", "", &SnippetOptions::default()).verified);
        assert!(!verify_snippet("   \u{a0} ", "abc", &SnippetOptions::default()).verified);
    }
}
