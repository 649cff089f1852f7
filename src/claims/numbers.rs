//! Quantities in text (numbers, amounts, percentages, years, number words) normalised to
//! a value so that `1,000` = `1000` and `$160 million` ≠ `$16 million`.

use crate::text::words::{words, Word};

/// One number of a text, with its value after scale words are applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Quantity {
    /// Byte offset where the quantity starts (the currency sign, if any).
    pub start: usize,
    /// Byte offset one past its last word (the scale word or unit, if any).
    pub end: usize,
    /// The value (`$1.5 million` → 1 500 000), or `None` for tokens such as `v1.2.3`
    /// that are compared as written.
    pub value: Option<f64>,
    /// The token as normalised (lower case, no thousands separators).
    pub key: String,
    /// Preceded by `about`, `around`, `approximately`, `nearly`, `over`, …: a match within
    /// 10 % counts.
    pub approximate: bool,
    /// A percentage (`4%`, `4 percent`, `4 per cent`): a share, never the same quantity
    /// as a count with the same digits (`4 percent` does not state `four schools`).
    pub percent: bool,
}

const SCALES: &[(&str, f64)] = &[
    ("hundred", 1e2),
    ("thousand", 1e3),
    ("k", 1e3),
    ("million", 1e6),
    ("millions", 1e6),
    ("m", 1e6),
    ("mn", 1e6),
    ("billion", 1e9),
    ("billions", 1e9),
    ("bn", 1e9),
    ("b", 1e9),
    ("trillion", 1e12),
];

/// Numbers written as words, with their values.
pub(crate) const NUMBER_WORDS: &[(&str, f64)] = &[
    ("two", 2.0),
    ("three", 3.0),
    ("four", 4.0),
    ("five", 5.0),
    ("six", 6.0),
    ("seven", 7.0),
    ("eight", 8.0),
    ("nine", 9.0),
    ("ten", 10.0),
    ("eleven", 11.0),
    ("twelve", 12.0),
    ("thirteen", 13.0),
    ("fourteen", 14.0),
    ("fifteen", 15.0),
    ("sixteen", 16.0),
    ("seventeen", 17.0),
    ("eighteen", 18.0),
    ("nineteen", 19.0),
    ("twenty", 20.0),
    ("thirty", 30.0),
    ("forty", 40.0),
    ("fifty", 50.0),
    ("sixty", 60.0),
    ("seventy", 70.0),
    ("eighty", 80.0),
    ("ninety", 90.0),
    ("hundred", 100.0),
    ("thousand", 1000.0),
    ("million", 1e6),
    ("billion", 1e9),
    ("dozen", 12.0),
    ("twice", 2.0),
    ("third", 3.0),
    ("fourth", 4.0),
    ("fifth", 5.0),
];

/// Ordinals in words after `fifth` (`third` to `fifth` are [`NUMBER_WORDS`]; not
/// `first`, `second`: as often no rank, `at first`, a unit of time), with their
/// numbers: `the twelfth century` is `the 12th century`. Every one ends in `th`.
const ORDINALS: &[(&str, f64)] = &[
    ("sixth", 6.0),
    ("seventh", 7.0),
    ("eighth", 8.0),
    ("ninth", 9.0),
    ("tenth", 10.0),
    ("eleventh", 11.0),
    ("twelfth", 12.0),
    ("thirteenth", 13.0),
    ("fourteenth", 14.0),
    ("fifteenth", 15.0),
    ("sixteenth", 16.0),
    ("seventeenth", 17.0),
    ("eighteenth", 18.0),
    ("nineteenth", 19.0),
    ("twentieth", 20.0),
    ("thirtieth", 30.0),
    ("fortieth", 40.0),
    ("fiftieth", 50.0),
    ("sixtieth", 60.0),
    ("seventieth", 70.0),
    ("eightieth", 80.0),
    ("ninetieth", 90.0),
    ("hundredth", 100.0),
];

/// The number of an ordinal of [`ORDINALS`], in any case; ruled out by its length and
/// ending before the list.
fn ordinal_word(word: &str) -> Option<(&'static str, f64)> {
    let b = word.as_bytes();
    if !(5..=11).contains(&b.len()) || !matches!(b[b.len() - 2..], [b't' | b'T', b'h' | b'H']) {
        return None;
    }
    entry_of(ORDINALS, word)
}

/// The first letters of the words of [`NUMBER_WORDS`] (a test holds the list to them).
const NUMBER_WORD_INITIALS: &[u8] = b"bdefhmnst";

/// True when lower-case `b` opens a word of [`NUMBER_WORDS`]: one bit test (a bit per
/// letter of [`NUMBER_WORD_INITIALS`]).
fn number_word_initial(b: u8) -> bool {
    const BITS: u32 = {
        let mut bits = 0u32;
        let mut i = 0;
        while i < NUMBER_WORD_INITIALS.len() {
            bits |= 1 << (NUMBER_WORD_INITIALS[i] - b'a');
            i += 1;
        }
        bits
    };
    b.is_ascii_lowercase() && BITS & (1 << (b - b'a')) != 0
}

/// The entry of [`NUMBER_WORDS`] that `word` is, in any case. Most words are ruled out
/// by their length or first letter before the list is read.
pub(crate) fn number_word(word: &str) -> Option<(&'static str, f64)> {
    let first = word.as_bytes().first()?.to_ascii_lowercase();
    if !(3..=9).contains(&word.len()) || !number_word_initial(first) {
        return None;
    }
    entry_of(NUMBER_WORDS, word)
}

/// The entry of `table` that `word` is, in any case (the lookup of [`number_word`],
/// [`ordinal_word`] and [`factor_word`], after each has ruled most words out). Inlined
/// into each: as a call, the trivial check counted 2 % more instructions.
#[inline]
fn entry_of(table: &'static [(&'static str, f64)], word: &str) -> Option<(&'static str, f64)> {
    table
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(word))
        .copied()
}

/// True when `gap` (trimmed), the text between two numbers, joins them into a range or a
/// pair (`10 to 80`, `8-10`, `5 and 10`).
pub(crate) fn joins_a_range(gap: &str) -> bool {
    matches!(gap, "to" | "and" | "or" | "-" | "–" | "—")
}

/// True when the word before word `i` of `ws` makes a number approximate (`about`,
/// `nearly`: see [`APPROX`]).
fn approximate_before(ws: &[Word<'_>], i: usize) -> bool {
    i.checked_sub(1)
        .and_then(|p| ws.get(p))
        .is_some_and(|p| APPROX.iter().any(|a| a.eq_ignore_ascii_case(p.text)))
}

/// A scale spelled out right after word `i` of `ws` (`million` after `seven`), with its
/// factor and the byte where it ends.
fn scale_after(text: &str, ws: &[Word<'_>], i: usize) -> Option<(f64, usize)> {
    let (w, next) = (ws.get(i)?, ws.get(i + 1)?);
    let gap = text.get(w.end..next.start)?;
    SCALES
        .iter()
        .find(|(s, _)| s.len() > 2 && s.eq_ignore_ascii_case(next.text))
        .filter(|_| gap.trim().is_empty())
        .map(|&(_, s)| (s, next.end))
}

/// True for the value of a word of tens (`twenty` to `ninety`).
fn is_tens(v: f64) -> bool {
    (20.0..=90.0).contains(&v) && v % 10.0 == 0.0
}

/// The units in words, cardinal and ordinal, from one: what follows a word of tens in
/// one number (`twenty-one`, `twenty-first`).
const UNIT_WORDS: [[&str; 2]; 9] = [
    ["one", "first"],
    ["two", "second"],
    ["three", "third"],
    ["four", "fourth"],
    ["five", "fifth"],
    ["six", "sixth"],
    ["seven", "seventh"],
    ["eight", "eighth"],
    ["nine", "ninth"],
];

/// The value of a unit in words ([`UNIT_WORDS`]), in any case.
fn unit_value(word: &str) -> Option<f64> {
    (word.len() <= 7)
        .then(|| {
            UNIT_WORDS
                .iter()
                .position(|forms| forms.iter().any(|f| f.eq_ignore_ascii_case(word)))
        })
        .flatten()
        .map(|k| (k + 1) as f64)
}

/// The numbers of a hyphenated word that is more than a number word before a unit
/// (`six-month` is [`quantities_in`]'s): tens and a unit as one number (`twenty-one`,
/// `forty-fifth`: 21, 45), or two numbers joined by `by`, `to`, `in`, `x`, `or` or
/// `and` (`eight-by-eight`, `one-in-four`, `two-to-one`), each with its value and
/// byte range in `word`. `[None, None]` for any other word.
fn hyphenated_numbers(word: &str) -> [Option<(f64, usize, usize)>; 2] {
    let none = [None, None];
    let mut parts = word.split('-');
    let (Some(a), Some(b)) = (parts.next(), parts.next()) else {
        return none;
    };
    let b_at = a.len() + 1;
    let tens = number_word(a).map(|(_, v)| v).filter(|&v| is_tens(v));
    if let (Some(t), Some(u)) = (tens, unit_value(b)) {
        return [Some((t + u, 0, b_at + b.len())), None];
    }
    let cardinal = |w: &str| {
        if w.eq_ignore_ascii_case("one") {
            Some(1.0)
        } else {
            number_word(w)
                .filter(|(n, _)| !matches!(*n, "twice" | "third" | "fourth" | "fifth"))
                .map(|(_, v)| v)
        }
    };
    let joined = ["by", "to", "in", "x", "or", "and"]
        .iter()
        .any(|j| j.eq_ignore_ascii_case(b));
    let Some(c) = parts.next().filter(|_| joined) else {
        return none;
    };
    let c_at = b_at + b.len() + 1;
    match (cardinal(a), cardinal(c)) {
        (Some(x), Some(y)) => [Some((x, 0, a.len())), Some((y, c_at, c_at + c.len()))],
        _ => none,
    }
}

/// Words that multiply a quantity, with the factor: verbs of change in their inflected
/// forms (`doubled`, `triples`, `halving`; not the bare `double`, `triple`, which are as
/// often adjectives, `a double room`, `triple-check`) and the `-fold` words. A claim's
/// factor is a quantity like any other (`tripled` is not stated by `doubled`, nor by
/// `halved`); a source states it also by two amounts in that ratio (`from 10 million to
/// 20 million`: see `features::stated_as_ratio`).
const FACTOR_WORDS: &[(&str, f64)] = &[
    ("doubled", 2.0),
    ("doubles", 2.0),
    ("doubling", 2.0),
    ("twofold", 2.0),
    ("tripled", 3.0),
    ("triples", 3.0),
    ("tripling", 3.0),
    ("threefold", 3.0),
    ("quadrupled", 4.0),
    ("quadruples", 4.0),
    ("quadrupling", 4.0),
    ("fourfold", 4.0),
    ("fivefold", 5.0),
    ("tenfold", 10.0),
    ("halved", 0.5),
    ("halves", 0.5),
    ("halving", 0.5),
];

/// What a factor's [`Quantity::key`] opens with (`×2` for `doubled`).
pub(crate) const FACTOR: char = '×';

/// The factor a word of [`FACTOR_WORDS`] multiplies by, in any case; ruled out by its
/// length and first letter before the table.
fn factor_word(word: &str) -> Option<f64> {
    let (first, last) = (word.as_bytes().first()?, word.as_bytes().last()?);
    if !(6..=11).contains(&word.len())
        || !matches!(last, b'd' | b's' | b'g' | b'D' | b'S' | b'G')
        || !matches!(first.to_ascii_lowercase(), b'd' | b't' | b'q' | b'f' | b'h')
    {
        return None;
    }
    entry_of(FACTOR_WORDS, word).map(|(_, f)| f)
}

const APPROX: &[&str] = &[
    "about",
    "around",
    "approximately",
    "approx",
    "nearly",
    "almost",
    "roughly",
    "over",
    "more",
    "less",
    "under",
    "some",
    "estimated",
    "up",
    "than",
];

/// Words after which a number locates a part of a document rather than stating a
/// quantity (`line 12`, `Chapter 3, Section 2`, `page 4`, `Table 2`): such numbers are
/// references, checked by the sources and lines checks, never "missing" from evidence.
const LOCATOR_WORDS: &[&str] = &[
    "line",
    "lines",
    "l",
    "chapter",
    "chapters",
    "ch",
    "section",
    "sections",
    "sec",
    "§",
    "§§",
    "page",
    "pages",
    "p",
    "pp",
    "paragraph",
    "paragraphs",
    "para",
    "footnote",
    "footnotes",
    "figure",
    "figures",
    "fig",
    "table",
    "tables",
    "appendix",
];

/// Zero of each block of decimal digits other than ASCII that answers are written in
/// (Arabic-Indic, extended Arabic-Indic, NKo, Devanagari, Bengali, Gurmukhi, Gujarati,
/// Oriya, Tamil, Telugu, Kannada, Malayalam, Thai, Lao, Tibetan, Myanmar, Khmer,
/// Mongolian, fullwidth): each block holds 0–9 in order.
const DIGIT_ZEROS: &[u32] = &[
    0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66,
    0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x17E0, 0x1810, 0xFF10,
];

/// The ASCII digit a decimal digit of another script stands for (`５` → `5`, `٥` → `5`).
pub(crate) fn ascii_digit(c: char) -> Option<char> {
    if c.is_ascii_digit() {
        return Some(c);
    }
    let u = c as u32;
    if u < 0x0660 {
        return None; // below every zero of DIGIT_ZEROS (ASCII letters and marks, Latin-1)
    }
    DIGIT_ZEROS
        .iter()
        .find(|&&z| (z..z + 10).contains(&u))
        .and_then(|&z| char::from_digit(u - z, 10))
}

/// `s` with every decimal digit written as ASCII, and fullwidth `．，` as `.,`, so that
/// `５００` and `٥٠٠` read as 500.
fn fold_digits(s: &str) -> std::borrow::Cow<'_, str> {
    if s.is_ascii() {
        return std::borrow::Cow::Borrowed(s);
    }
    std::borrow::Cow::Owned(
        s.chars()
            .map(|c| match c {
                '．' => '.',
                '，' => ',',
                c => ascii_digit(c).unwrap_or(c),
            })
            .collect(),
    )
}

/// Shares written as words, with the percentage each states: `half`, `a third`, `two
/// thirds`, `a quarter`, `three quarters`, `a fifth`, `a tenth` (the second word, where
/// there is one, after `a`, `one`, `two` or `three`, as the entry's first word says).
const SHARES: &[(&str, &str, f64)] = &[
    ("", "half", 50.0),
    ("one", "third", 100.0 / 3.0),
    ("two", "thirds", 200.0 / 3.0),
    ("one", "quarter", 25.0),
    ("three", "quarters", 75.0),
    ("one", "fifth", 20.0),
    ("one", "tenth", 10.0),
];

/// The keys (stems) of the words of [`SHARES`]: a text whose keys hold none writes no
/// share in words.
pub(crate) const SHARE_KEYS: &[&str] = &["fifth", "half", "quarter", "tenth", "third"];

/// The shares of `text` written as words ([`SHARES`]) as percentages, in order: `about
/// half of them` states `about 50%`, `a quarter of the votes` `25%`. `half` counts
/// after a word of approximation (`nearly half`) or before `of`, `the` or a possessive
/// (`half the visitors`), never as a part (`the second half`, `half-time`, `half an
/// hour`); the others after `a`, `one`, or their number word (`two thirds`), and before
/// `of` or `the`. Read for sources only: a claim that writes a share in words is
/// matched by its words.
/// `ws` are the words of `text` (what [`words`] gives).
pub(crate) fn word_shares(text: &str, ws: &[Word<'_>]) -> Vec<Quantity> {
    let mut out = Vec::new();
    let is = |i: usize, w: &str| ws.get(i).is_some_and(|x| x.text.eq_ignore_ascii_case(w));
    let spaced = |a: usize, b: usize| match (ws.get(a), ws.get(b)) {
        (Some(a), Some(b)) => text
            .get(a.end..b.start)
            .is_some_and(|g| !g.is_empty() && g.chars().all(|c| c == ' ' || c == '-')),
        _ => false,
    };
    let before_of = |i: usize| {
        spaced(i, i + 1)
            && ["of", "the", "their", "its", "his", "her", "all"]
                .iter()
                .any(|w| is(i + 1, w))
    };
    for i in 0..ws.len() {
        let Some(&(lead, _, value)) = SHARES.iter().find(|(_, w, _)| is(i, w)) else {
            continue;
        };
        let approximate = approximate_before(ws, i);
        let start = if lead.is_empty() {
            let part = i.checked_sub(1).is_some_and(|p| {
                [
                    "first", "second", "other", "latter", "former", "back", "front", "last",
                ]
                .iter()
                .any(|w| is(p, w))
            });
            if part || !(approximate || before_of(i)) {
                continue;
            }
            ws[i].start
        } else {
            let Some(p) = i.checked_sub(1) else {
                continue;
            };
            let led = is(p, lead) || (lead == "one" && is(p, "a"));
            if !led || !spaced(p, i) || !before_of(i) {
                continue;
            }
            ws[p].start
        };
        let end = ws[i].end;
        out.push(Quantity {
            start,
            end,
            value: Some(value),
            key: text.get(start..end).unwrap_or("").to_lowercase(),
            approximate: approximate || value.fract() != 0.0,
            percent: true,
        });
    }
    out
}

/// The quantities of `text`, in order.
pub fn quantities(text: &str) -> Vec<Quantity> {
    quantities_in(text, &words(text))
}

/// [`quantities`] of `text` whose words `ws` (what [`words`] gives) are found already.
pub(crate) fn quantities_in(text: &str, ws: &[Word<'_>]) -> Vec<Quantity> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < ws.len() {
        let w = ws[i];
        // Most words are neither numbers nor number words: rejected before any String.
        let has_digit = w.text.bytes().any(|b| b.is_ascii_digit())
            || (!w.text.is_ascii() && w.text.chars().any(|c| ascii_digit(c).is_some()));
        if !has_digit {
            // `doubled`, `triples`, `halving`, `threefold`: the factor a quantity is
            // multiplied by (see [`factor_word`]).
            if let Some(f) = factor_word(w.text) {
                out.push(Quantity {
                    start: w.start,
                    end: w.end,
                    value: Some(f),
                    key: format!("{FACTOR}{f}"),
                    approximate: false,
                    percent: false,
                });
                i += 1;
                continue;
            }
            // Only `one` and the words of [`NUMBER_WORDS`] (see [`number_word`]) are read
            // on: a word opening with another letter is passed over at once.
            let first = w.text.as_bytes().first().map(u8::to_ascii_lowercase);
            if !first.is_some_and(|b| b == b'o' || number_word_initial(b)) {
                i += 1;
                continue;
            }
            // `twenty-one`, `eight-by-eight`: a hyphenated number of more than one word.
            if w.text.contains('-') {
                let found = hyphenated_numbers(w.text);
                if found[0].is_some() {
                    let approximate = approximate_before(ws, i);
                    // One number may take a scale (`twenty-one million`).
                    let scale = found[1]
                        .is_none()
                        .then(|| scale_after(text, ws, i))
                        .flatten();
                    for (value, a, b) in found.into_iter().flatten() {
                        let (start, end) = (w.start + a, w.start + b);
                        let (value, end) = match scale {
                            Some((s, end)) => (value * s, end),
                            None => (value, end),
                        };
                        out.push(Quantity {
                            start,
                            end,
                            value: Some(value),
                            key: text.get(start..end).unwrap_or("").to_ascii_lowercase(),
                            approximate,
                            percent: percent_after(text, end),
                        });
                    }
                    i += if scale.is_some() { 2 } else { 1 };
                    continue;
                }
            }
            // `six-month`, `two-year`: the number word before a hyphenated unit.
            let word = match w.text.split_once('-') {
                Some((n, rest)) if !rest.is_empty() && rest.chars().all(char::is_alphabetic) => n,
                _ => w.text,
            };
            // `one` is a number only before a unit of measure (`one month's notice`,
            // `one kg`) or after `number` (`reached number one`, a rank as `number
            // three` is): elsewhere it is a pronoun or an article (`one of them`).
            let after_number = || {
                i.checked_sub(1).and_then(|p| ws.get(p)).is_some_and(|p| {
                    p.text.eq_ignore_ascii_case("number")
                        && text
                            .get(p.end..w.start)
                            .is_some_and(|g| g.trim().is_empty())
                })
            };
            let one = word.eq_ignore_ascii_case("one")
                && (after_number()
                    || ws.get(i + 1).is_some_and(|next| {
                        let gap = text.get(w.end..next.start).unwrap_or("x");
                        let unit = next
                            .text
                            .trim_end_matches("'s")
                            .trim_end_matches("’s")
                            .to_ascii_lowercase();
                        // `one metre`, and `one million` (a spelled-out scale).
                        gap.trim().is_empty()
                            && (unit_canonical(&unit).is_some()
                                || SCALES.iter().any(|(s, _)| s.len() > 2 && *s == unit))
                    }));
            let number_word = number_word(word)
                .or_else(|| ordinal_word(word))
                .or(one.then_some(("one", 1.0)));
            if let Some((n, mut v)) = number_word {
                let approximate = approximate_before(ws, i);
                // Tens and a unit written apart (`twenty one`): one number.
                let mut key = std::borrow::Cow::Borrowed(n);
                let mut word_end = w.start + word.len();
                if word.len() == w.text.len() && is_tens(v) {
                    let unit = ws
                        .get(i + 1)
                        .filter(|next| text.get(w.end..next.start) == Some(" "));
                    if let Some((u, next)) = unit.and_then(|n| Some((unit_value(n.text)?, n))) {
                        v += u;
                        word_end = next.end;
                        key = std::borrow::Cow::Owned(
                            text.get(w.start..next.end)
                                .unwrap_or(n)
                                .to_ascii_lowercase(),
                        );
                        i += 1;
                    }
                }
                // A spelled-out scale just after (`seven million` is 7 000 000).
                let scale = scale_after(text, ws, i);
                let (value, end) = match scale {
                    Some((s, end)) => {
                        i += 1;
                        (v * s, end)
                    }
                    None => (v, word_end),
                };
                out.push(Quantity {
                    start: w.start,
                    end,
                    value: Some(value),
                    key: key.into_owned(),
                    approximate,
                    percent: percent_after(text, end),
                });
            }
            i += 1;
            continue;
        }
        // A code's possessive (`the X200's battery`) is the code: its key and span end
        // before `'s` (a year's `1990's` is left as written).
        let w = match ["'s", "\u{2019}s"].iter().find_map(|p| {
            let code = w.text.strip_suffix(p)?;
            code.bytes()
                .any(|b| b.is_ascii_alphabetic())
                .then_some((code, w.end - p.len()))
        }) {
            Some((code, end)) => Word {
                text: code,
                end,
                ..w
            },
            None => w,
        };
        let lower = fold_digits(w.text).to_ascii_lowercase();
        // `line 12`, `Chapter 3`, `§ 4`: a reference, not a quantity.
        let locator = i > 0
            && ws.get(i - 1).is_some_and(|p| {
                LOCATOR_WORDS.contains(&p.text.to_lowercase().trim_end_matches('.'))
            });
        if locator && lower.bytes().any(|b| b.is_ascii_digit()) {
            i += 1;
            continue;
        }
        let approximate = approximate_before(ws, i);
        if lower.bytes().any(|b| b.is_ascii_digit()) {
            // `mid-2023`, `early-1990s`: the period of a year is that year.
            let lower = ["mid-", "early-", "late-"]
                .iter()
                .find_map(|p| lower.strip_prefix(p))
                .map_or(lower.as_str(), |rest| rest);
            // `6-month`, `30-day`: the number before a hyphenated unit, which ends the
            // quantity (the unit is read after it, as after a space).
            let (lower, unit_hyphen) = match lower.split_once('-') {
                Some((n, rest))
                    if !rest.is_empty()
                        && rest.chars().all(char::is_alphabetic)
                        && thousands_grouped(n)
                        && parse_number(&n.replace(',', "")).is_some() =>
                {
                    (n, w.text.rfind('-'))
                }
                _ => (lower, None),
            };
            let key = lower.replace(',', "");
            let mut value = parse_number(&key);
            let mut start = w.start;
            let mut end = unit_hyphen.map_or(w.end, |h| w.start + h);
            // A currency sign just before.
            if let Some(prev) = text.get(..w.start).and_then(|s| s.chars().next_back()) {
                if matches!(prev, '$' | '€' | '£' | '¥') {
                    start = w.start - prev.len_utf8();
                }
            }
            // A scale word just after (`1.5 million`, `3bn` is one token, kept as written).
            if let (Some(v), Some(next)) = (value, ws.get(i + 1)) {
                let gap = text.get(w.end..next.start).unwrap_or("x");
                let nl = next.text.to_ascii_lowercase();
                if gap.trim().is_empty() {
                    if let Some(&(_, s)) = SCALES.iter().find(|(n, _)| *n == nl) {
                        // `2 m` could be metres; only the spelled-out scales and amounts
                        // with a currency sign take the one-letter forms.
                        if nl.len() > 2 || start < w.start {
                            value = Some(v * s);
                            end = next.end;
                            i += 1;
                        }
                    }
                }
            }
            // Suffixed scales in one token: `3bn`, `5m`, `10k` with a currency sign.
            if value.is_none() {
                value = suffixed(&key, start < w.start);
            }
            // Numbers joined by hyphens (`27-17`, `1990-1995`): each number on its own.
            // A date written `2024-06-05` gives its year and day: its month is a calendar
            // word, compared as the month's name is (see `support::iso_month`).
            let parts: Vec<Option<f64>> = key.split('-').map(parse_number).collect();
            let iso = super::support::iso_month(w.text).is_some();
            if value.is_none() && parts.len() > 1 && parts.iter().all(Option::is_some) {
                for (k, (part, v)) in key.split('-').zip(parts).enumerate() {
                    if iso && k == 1 {
                        continue;
                    }
                    out.push(Quantity {
                        start,
                        end,
                        value: v,
                        key: part.to_string(),
                        approximate,
                        percent: percent_after(text, end),
                    });
                }
                i += 1;
                continue;
            }
            out.push(Quantity {
                start,
                end,
                value,
                key,
                approximate,
                percent: percent_after(text, end),
            });
        } else if let Some(&(_, v)) = NUMBER_WORDS.iter().find(|(n, _)| *n == lower) {
            out.push(Quantity {
                start: w.start,
                end: w.end,
                value: Some(v),
                key: lower,
                approximate,
                percent: percent_after(text, w.end),
            });
        }
        i += 1;
    }
    // A range written with one percent sign (`10 to 80 percent`, `between 5 and 10%`):
    // both ends are percentages.
    for k in (1..out.len()).rev() {
        let (Some(next), Some(first)) = (out.get(k), out.get(k - 1)) else {
            continue;
        };
        let gap = text.get(first.end..next.start).unwrap_or("").trim();
        if next.percent && !first.percent && joins_a_range(gap) {
            if let Some(first) = out.get_mut(k - 1) {
                first.percent = true;
            }
        }
    }
    out
}

/// True when the text after byte `end` (a number's end) makes it a percentage: a `%`
/// sign, or the word `percent`, `per cent` or `percentage` next.
fn percent_after(text: &str, end: usize) -> bool {
    let after = text.get(end..).unwrap_or("").trim_start();
    if after.starts_with(['%', '％']) {
        return true;
    }
    // The word right after, without copying the rest of the text.
    let len: usize = after
        .chars()
        .take_while(|c| c.is_alphabetic())
        .map(char::len_utf8)
        .sum();
    let word = after.get(..len).unwrap_or("");
    let is = |w: &str| word.eq_ignore_ascii_case(w);
    if is("percent") || is("percentage") || is("pct") {
        return true;
    }
    is("per")
        && after
            .get(len..)
            .map(str::trim_start)
            .and_then(|rest| rest.get(..4))
            .is_some_and(|next| next.eq_ignore_ascii_case("cent"))
}

/// Parses `1000`, `3.5`, `21st`, `1990s` (as 1990); `None` for anything else.
fn parse_number(key: &str) -> Option<f64> {
    let trimmed = key
        .strip_suffix("st")
        .or_else(|| key.strip_suffix("nd"))
        .or_else(|| key.strip_suffix("rd"))
        .or_else(|| key.strip_suffix("th"))
        .or_else(|| key.strip_suffix('s'))
        .unwrap_or(key);
    if trimmed.is_empty()
        || !trimmed.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        || trimmed.bytes().filter(|&b| b == b'.').count() > 1
    {
        return None;
    }
    // Same bits as `trimmed.parse::<f64>()`, without the standard parser's tables.
    crate::text::decimal::parse_decimal(trimmed).filter(|v| v.is_finite())
}

/// True when the commas of `n` (if any) group its whole part in thousands (`1,000`,
/// `12,500.5`), not lists (`1,2,3`).
fn thousands_grouped(n: &str) -> bool {
    let whole = n.split('.').next().unwrap_or("");
    let mut groups = whole.split(',');
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3) || !whole.contains(',')
}

/// The value of a number with its scale glued on (`3bn`; `5m`, `2b` with a currency
/// sign only, where `m` could be metres; `100k` with or without: `100k subscribers`,
/// `$85K`).
fn suffixed(key: &str, currency: bool) -> Option<f64> {
    for (suf, s) in [("bn", 1e9), ("m", 1e6), ("k", 1e3), ("b", 1e9)] {
        if let Some(n) = key.strip_suffix(suf) {
            if currency || suf == "bn" || suf == "k" {
                if let Some(v) = parse_number(n) {
                    return Some(v * s);
                }
            }
        }
    }
    None
}

impl Quantity {
    /// True when `other` states the same quantity (same value, within 10 % when this one
    /// is approximate; same written form when either has no value).
    pub fn matches(&self, other: &Quantity) -> bool {
        if self.percent != other.percent {
            return false;
        }
        match (self.value, other.value) {
            (Some(a), Some(b)) => {
                let tol = if self.approximate { 0.1 } else { 1e-9 };
                (a - b).abs() <= tol * a.abs().max(b.abs()).max(1e-12)
            }
            _ => self.key == other.key,
        }
    }

    /// Written in words (`five`, `three`): its key is letters only.
    pub fn spelled(&self) -> bool {
        self.key.bytes().all(|b| b.is_ascii_alphabetic())
    }

    /// One of the two matches the other ([`Quantity::matches`] either way: an approximate
    /// side allows its 10 %).
    pub fn same_as(&self, other: &Quantity) -> bool {
        self.matches(other) || other.matches(self)
    }

    /// A factor (`doubled`, `threefold`: see [`FACTOR_WORDS`]).
    pub fn is_factor(&self) -> bool {
        self.key.starts_with(FACTOR)
    }

    /// The quantity as written in `text`.
    pub fn text<'a>(&self, text: &'a str) -> &'a str {
        text.get(self.start..self.end).unwrap_or("")
    }
}

/// Units of measure by kind (length, mass, time, volume, temperature, data, speed), each
/// written form with the unit it names: `330 feet` and `330 metres` state different
/// lengths. Forms are compared lower case, as written after the number.
pub(crate) const UNITS: &[(&str, &[(&str, &str)])] = &[
    (
        "length",
        &[
            ("mm", "mm"),
            ("millimetre", "mm"),
            ("millimetres", "mm"),
            ("millimeter", "mm"),
            ("millimeters", "mm"),
            ("cm", "cm"),
            ("centimetre", "cm"),
            ("centimetres", "cm"),
            ("centimeter", "cm"),
            ("centimeters", "cm"),
            ("m", "m"),
            ("metre", "m"),
            ("metres", "m"),
            ("meter", "m"),
            ("meters", "m"),
            ("km", "km"),
            ("kilometre", "km"),
            ("kilometres", "km"),
            ("kilometer", "km"),
            ("kilometers", "km"),
            ("inch", "in"),
            ("inches", "in"),
            ("ft", "ft"),
            ("foot", "ft"),
            ("feet", "ft"),
            ("yard", "yd"),
            ("yards", "yd"),
            ("mile", "mi"),
            ("miles", "mi"),
        ],
    ),
    (
        "mass",
        &[
            ("mg", "mg"),
            ("milligram", "mg"),
            ("milligrams", "mg"),
            ("g", "g"),
            ("gram", "g"),
            ("grams", "g"),
            ("kg", "kg"),
            ("kilogram", "kg"),
            ("kilograms", "kg"),
            ("kilo", "kg"),
            ("kilos", "kg"),
            ("lb", "lb"),
            ("lbs", "lb"),
            ("pound", "lb"),
            ("pounds", "lb"),
            ("oz", "oz"),
            ("ounce", "oz"),
            ("ounces", "oz"),
            ("ton", "t"),
            ("tons", "t"),
            ("tonne", "t"),
            ("tonnes", "t"),
        ],
    ),
    (
        "time",
        &[
            ("ms", "ms"),
            ("millisecond", "ms"),
            ("milliseconds", "ms"),
            // The spelled-out form first: it gives the unit's key (`unit_canonical`).
            ("second", "s"),
            ("seconds", "s"),
            ("sec", "s"),
            ("secs", "s"),
            ("minute", "min"),
            ("minutes", "min"),
            ("min", "min"),
            ("mins", "min"),
            ("hour", "h"),
            ("hours", "h"),
            ("hr", "h"),
            ("hrs", "h"),
            ("day", "d"),
            ("days", "d"),
            ("week", "wk"),
            ("weeks", "wk"),
            ("fortnight", "fn"),
            ("fortnights", "fn"),
            ("month", "mo"),
            ("months", "mo"),
            ("year", "yr"),
            ("years", "yr"),
            ("decade", "dec"),
            ("decades", "dec"),
            ("century", "c"),
            ("centuries", "c"),
        ],
    ),
    (
        "volume",
        &[
            ("ml", "ml"),
            ("millilitre", "ml"),
            ("millilitres", "ml"),
            ("milliliter", "ml"),
            ("milliliters", "ml"),
            ("litre", "l"),
            ("litres", "l"),
            ("liter", "l"),
            ("liters", "l"),
            ("gallon", "gal"),
            ("gallons", "gal"),
            ("pint", "pt"),
            ("pints", "pt"),
            ("quart", "qt"),
            ("quarts", "qt"),
        ],
    ),
    (
        "temperature",
        &[
            ("celsius", "c"),
            ("centigrade", "c"),
            ("fahrenheit", "f"),
            ("kelvin", "k"),
            // After a degree sign, or after `degrees` (see features.rs `unit_word`).
            ("°c", "c"),
            ("°f", "f"),
            ("ºc", "c"),
            ("ºf", "f"),
            ("degrees celsius", "c"),
            ("degree celsius", "c"),
            ("degrees centigrade", "c"),
            ("degrees fahrenheit", "f"),
            ("degree fahrenheit", "f"),
            ("degrees c", "c"),
            ("degrees f", "f"),
        ],
    ),
    (
        "data",
        &[
            ("kb", "kb"),
            ("kilobyte", "kb"),
            ("kilobytes", "kb"),
            ("mb", "mb"),
            ("megabyte", "mb"),
            ("megabytes", "mb"),
            ("gb", "gb"),
            ("gigabyte", "gb"),
            ("gigabytes", "gb"),
            ("tb", "tb"),
            ("terabyte", "tb"),
            ("terabytes", "tb"),
        ],
    ),
    ("speed", &[("mph", "mph"), ("kph", "kph"), ("km/h", "kph")]),
];

/// How many of its kind's base unit each unit of [`UNITS`] is, where the two convert by
/// a fixed factor: `5 seconds` states `5000 milliseconds`, `2 years` states `24 months`.
/// Temperatures convert with an offset too (see [`unit_factor`]). Left out: data (1000
/// or 1024 bytes to the kilobyte), the ton (short, long or metric), and days against
/// months (a month is no fixed number of days: `30 days` is not `1 month`).
pub(crate) const FACTORS: &[(&str, &str, f64)] = &[
    ("length", "mm", 1e-3),
    ("length", "cm", 1e-2),
    ("length", "m", 1.0),
    ("length", "km", 1e3),
    ("length", "in", 0.0254),
    ("length", "ft", 0.3048),
    ("length", "yd", 0.9144),
    ("length", "mi", 1609.344),
    ("mass", "mg", 1e-3),
    ("mass", "g", 1.0),
    ("mass", "kg", 1e3),
    ("mass", "lb", 453.592_37),
    ("mass", "oz", 28.349_523_125),
    ("time", "ms", 1e-3),
    ("time", "s", 1.0),
    ("time", "min", 60.0),
    ("time", "h", 3600.0),
    ("time", "d", 86_400.0),
    ("time", "wk", 604_800.0),
    ("time", "fn", 1_209_600.0),
    ("volume", "ml", 1e-3),
    ("volume", "l", 1.0),
];

/// Months, years, decades and centuries convert among themselves (in months), not with
/// the units of [`FACTORS`]' time.
pub(crate) const CALENDAR_FACTORS: &[(&str, f64)] =
    &[("mo", 1.0), ("yr", 12.0), ("dec", 120.0), ("c", 1200.0)];

/// Temperatures in degrees Celsius: `(factor, offset)` of each scale (`212 °F` is
/// 212 × 5/9 − 160/9 = 100 °C).
const TEMPERATURES: &[(&str, f64, f64)] = &[
    ("c", 1.0, 0.0),
    ("f", 5.0 / 9.0, -160.0 / 9.0),
    ("k", 1.0, -273.15),
];

/// The measure of `unit` of `kind` in a base shared by every unit it converts with: the
/// base's name, the factor and the offset (a value `v` is `v × factor + offset` of the
/// base). `None` for units that convert with nothing (see [`FACTORS`]).
pub(crate) fn unit_factor(kind: &str, unit: &str) -> Option<(&'static str, f64, f64)> {
    if kind == "temperature" {
        return TEMPERATURES
            .iter()
            .find(|(u, _, _)| *u == unit)
            .map(|&(_, f, o)| ("temperature", f, o));
    }
    if kind == "time" {
        if let Some(&(_, f)) = CALENDAR_FACTORS.iter().find(|(u, _)| *u == unit) {
            return Some(("months", f, 0.0));
        }
    }
    FACTORS
        .iter()
        .find(|(k, u, _)| *k == kind && *u == unit)
        .map(|&(k, _, f)| (k, f, 0.0))
}

/// The key a unit word written right after a number is matched by: the stem of the first
/// spelled-out form (longer than three letters) of the unit it names, or the unit itself
/// (`330 m`, `330 metres` and `330 meters` all give `metr`; `12 lbs` and `12 pounds`
/// give `pound`). `None` for a word that is not one of [`UNITS`]' forms (`lower` is the
/// word in lower case).
pub(crate) fn unit_canonical(lower: &str) -> Option<&'static str> {
    UNITS.iter().find_map(|(_, forms)| {
        let &(_, unit) = forms.iter().find(|(form, _)| *form == lower)?;
        Some(
            forms
                .iter()
                .find(|(form, u)| *u == unit && form.len() > 3)
                .map_or(unit, |(form, _)| *form),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_word_passes_the_quick_filter() {
        // number_word rules words out by length and first letter: every entry must pass.
        for (n, v) in NUMBER_WORDS {
            assert!(NUMBER_WORD_INITIALS.contains(&n.as_bytes()[0]), "{n}");
            assert!(number_word_initial(n.as_bytes()[0]), "{n}");
            assert_eq!(number_word(n), Some((*n, *v)), "{n}");
            assert_eq!(number_word(&n.to_uppercase()), Some((*n, *v)), "{n}");
        }
        for w in [
            "the",
            "thousands",
            "one",
            "tens",
            "te",
            "sev\0n",
            "séven",
            "",
            "Seventh",
        ] {
            assert_eq!(number_word(w), None, "{w:?}");
        }
    }

    #[test]
    fn a_number_before_a_hyphenated_unit() {
        for (t, key, v) in [
            ("a six-month probation", "six", 6.0),
            ("a 6-month probation", "6", 6.0),
            ("the 1,000-page report", "1000", 1000.0),
        ] {
            let q = quantities(t);
            assert_eq!(q.len(), 1, "{t}");
            assert_eq!((q[0].key.as_str(), q[0].value), (key, Some(v)), "{t}");
        }
        // A range or a score stays two numbers; a word that merely starts like a number
        // word is none.
        assert_eq!(quantities("1990-1995").len(), 2);
        assert_ne!(quantities("a 1,2,3-triazole ring")[0].key, "123");
        assert!(quantities("a ten-ish thing").len() == 1);
        assert!(quantities("a tenant, a tense moment").is_empty());
        // `tenfold` is a factor of ten (see `factors_are_quantities`), not `ten`.
        assert!(quantities("tenfold")[0].is_factor());
    }

    #[test]
    fn numbers_of_more_than_one_word() {
        let vals = |t: &str| -> Vec<(String, Option<f64>)> {
            quantities(t)
                .into_iter()
                .map(|q| (q.text(t).to_string(), q.value))
                .collect()
        };
        let one = |t: &str, w: &str, v: f64| assert_eq!(vals(t), [(w.to_string(), Some(v))], "{t}");
        one("twenty-one players", "twenty-one", 21.0);
        one("Twenty-two players", "Twenty-two", 22.0);
        one("twenty one players", "twenty one", 21.0);
        one("the forty-fifth president", "forty-fifth", 45.0);
        one("in the twenty-first century", "twenty-first", 21.0);
        one("ninety-nine problems", "ninety-nine", 99.0);
        one("seventeen days", "seventeen", 17.0);
        one("sixty years", "sixty", 60.0);
        one("twenty-one million people", "twenty-one million", 21e6);
        // Two numbers joined by a word inside one hyphenated word.
        assert_eq!(
            vals("an eight-by-eight grid"),
            [
                ("eight".to_string(), Some(8.0)),
                ("eight".to_string(), Some(8.0))
            ]
        );
        assert_eq!(
            vals("one-in-four adults"),
            [
                ("one".to_string(), Some(1.0)),
                ("four".to_string(), Some(4.0))
            ]
        );
        // Still one number before a hyphenated unit, and nothing in other words.
        one("a twenty-year lease", "twenty", 20.0);
        one("twenty one-year leases", "twenty", 20.0);
        assert!(quantities("a one-to-one meeting").len() == 2);
        assert!(quantities("a well-to-do family").is_empty());
        assert!(quantities("a by-the-book audit").is_empty());
    }

    #[test]
    fn one_is_a_number_before_a_unit() {
        let q = quantities("give one month's notice");
        assert_eq!((q.len(), q.first().map(|q| q.value)), (1, Some(Some(1.0))));
        assert_eq!(quantities("one kg of flour").len(), 1);
        assert!(quantities("one of the largest").is_empty());
        assert!(quantities("no one knows").is_empty());
    }

    #[test]
    fn a_period_of_a_year_is_the_year() {
        for t in ["in mid-2023", "early-2023 saw", "by late-2023"] {
            let q = quantities(t);
            assert_eq!(q.len(), 1, "{t}");
            assert_eq!(q[0].key, "2023", "{t}");
            assert_eq!(q[0].value, Some(2023.0), "{t}");
        }
    }

    #[test]
    fn units_convert_by_factor_and_offset() {
        let base = |kind: &str, unit: &str, v: f64| {
            unit_factor(kind, unit).map(|(b, f, o)| (b, v * f + o))
        };
        let close = |a: Option<(&str, f64)>, b: Option<(&str, f64)>| match (a, b) {
            (Some((x, v)), Some((y, w))) => x == y && (v - w).abs() < 1e-9 * v.abs().max(1.0),
            _ => false,
        };
        assert!(close(
            base("temperature", "f", 212.0),
            base("temperature", "c", 100.0)
        ));
        assert!(close(base("time", "s", 5.0), base("time", "ms", 5000.0)));
        assert!(close(base("time", "yr", 2.0), base("time", "mo", 24.0)));
        assert!(close(
            base("length", "km", 1.0),
            base("length", "m", 1000.0)
        ));
        // Days and months do not convert; neither do data sizes.
        assert!(!close(base("time", "d", 30.0), base("time", "mo", 1.0)));
        assert!(base("data", "kb", 1.0).is_none());
    }

    #[test]
    fn a_range_with_one_percent_sign_is_of_percentages() {
        for t in ["from 10 to 80 percent", "between 5 and 10%", "10–80%"] {
            let q = quantities(t);
            assert!(q.len() == 2 && q.iter().all(|q| q.percent), "{t}");
        }
        let q = quantities("10 people, 80 percent of them");
        assert!(!q[0].percent && q[1].percent);
    }

    #[test]
    fn a_percentage_is_not_a_count() {
        let pct: Vec<bool> = [
            "rose 4% last year",
            "rose 4 percent",
            "rose 4 per cent",
            "12.5％ of",
        ]
        .iter()
        .flat_map(|t| quantities(t).into_iter().map(|q| q.percent))
        .collect();
        assert_eq!(pct, [true, true, true, true]);
        let count = &quantities("four new schools")[0];
        let share = &quantities("taxes rise by 4 percent")[0];
        assert!(!count.percent && count.value == share.value);
        assert!(!count.matches(share) && !share.matches(count));
        assert!(share.matches(&quantities("a 4% rise")[0]));
        assert!(!quantities("4 per person")[0].percent);
    }

    fn vals(t: &str) -> Vec<Option<f64>> {
        quantities(t).iter().map(|q| q.value).collect()
    }

    #[test]
    fn shares_written_as_words_are_percentages() {
        let shares = |t: &str| -> Vec<(String, f64, bool)> {
            word_shares(t, &words(t))
                .into_iter()
                .map(|q| (q.key, q.value.unwrap_or(0.0), q.approximate))
                .collect()
        };
        assert_eq!(
            shares("About half of the visitors came from abroad."),
            vec![("half".to_string(), 50.0, true)]
        );
        assert_eq!(
            shares("Half the staff left."),
            vec![("half".to_string(), 50.0, false)]
        );
        assert_eq!(
            shares("A quarter of them, and two thirds of the rest."),
            vec![
                ("a quarter".to_string(), 25.0, false),
                ("two thirds".to_string(), 200.0 / 3.0, true)
            ]
        );
        for none in [
            "Sales rose in the second half of the year.",
            "The tour takes half an hour.",
            "He scored before half-time.",
            "The third of May.",
            "She finished third.",
        ] {
            assert!(shares(none).is_empty(), "{none}");
        }
        // The prefilter's keys are the stems of the table's words.
        for (_, w, _) in SHARES {
            assert!(
                SHARE_KEYS.contains(&super::super::terms::stem(w).as_str()),
                "{w}"
            );
        }
        assert!(SHARE_KEYS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn number_words_take_a_spelled_out_scale() {
        assert_eq!(vals("Roughly seven million people"), vec![Some(7e6)]);
        assert_eq!(vals("two hundred guests"), vec![Some(200.0)]);
        assert_eq!(vals("seven m"), vec![Some(7.0)]);
        let q = quantities("about seven million visitors");
        assert!(q[0].approximate);
        assert!(q[0].matches(&quantities("7 million")[0]));
    }

    #[test]
    fn one_before_a_scale_is_a_number() {
        let q = quantities("The city has more than one million inhabitants.");
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].value, Some(1e6));
        assert!(quantities("It is one of the largest cities.").is_empty());
    }

    #[test]
    fn one_after_number_is_a_rank() {
        assert_eq!(vals("The song reached number one in May."), vec![Some(1.0)]);
        assert_eq!(vals("It peaked at Number One."), vec![Some(1.0)]);
        // Not after another word, nor across punctuation.
        assert!(quantities("A number of them chose one of the routes.").is_empty());
        assert!(quantities("Pick a number: one is fine.").is_empty());
    }

    #[test]
    fn amounts_and_scales() {
        assert_eq!(vals("It raised $160 million."), vec![Some(160e6)]);
        assert_eq!(vals("It raised $16 million."), vec![Some(16e6)]);
        assert_eq!(
            vals("1,000 people and 1000 more"),
            vec![Some(1000.0), Some(1000.0)]
        );
        assert_eq!(
            vals("in the 1990s, the 21st century"),
            vec![Some(1990.0), Some(21.0)]
        );
        assert_eq!(vals("£3bn and three cats"), vec![Some(3e9), Some(3.0)]);
        // A glued `k` is thousands with or without a currency sign; a glued `m` only
        // with one (`5m` may be metres).
        assert_eq!(
            vals("100k subscribers, $85K, 5m, $5m"),
            vec![Some(1e5), Some(85e3), None, Some(5e6)]
        );
        let q = quantities("It raised $160 million.");
        assert_eq!(q[0].text("It raised $160 million."), "$160 million");
    }

    #[test]
    fn an_iso_date_gives_its_year_and_day_and_its_month_is_a_word() {
        // The month is the calendar word the date's term is keyed as (`jun`), not a
        // number: `June 5, 2024` states the same quantities.
        assert_eq!(
            vals("signed on 2024-06-05 in Geneva"),
            vec![Some(2024.0), Some(5.0)]
        );
        assert_eq!(
            vals("signed on June 5, 2024"),
            vec![Some(5.0), Some(2024.0)]
        );
        let ts = crate::claims::terms::terms("signed on 2024-06-05 in Geneva");
        let date = &ts[2];
        assert_eq!(
            (date.key.as_str(), date.capitalised, date.numeric),
            ("jun", true, false)
        );
        assert_eq!(crate::claims::terms::terms("in June")[1].key, date.key);
        // Other numbers joined by hyphens keep every part.
        assert_eq!(
            vals("a 1990-1995 survey, 555-123-4567"),
            vec![
                Some(1990.0),
                Some(1995.0),
                Some(555.0),
                Some(123.0),
                Some(4567.0)
            ]
        );
        assert_eq!(
            vals("2024-13-05"),
            vec![Some(2024.0), Some(13.0), Some(5.0)]
        );
    }

    #[test]
    fn ordinals_in_words_are_their_numbers() {
        for (n, v) in ORDINALS {
            assert!(n.ends_with("th"), "{n}");
            assert_eq!(ordinal_word(n), Some((*n, *v)));
            assert_eq!(ordinal_word(&n.to_uppercase()), Some((*n, *v)));
        }
        assert_eq!(ordinal_word("month"), None);
        assert_eq!(vals("the twelfth century"), vec![Some(12.0)]);
        assert_eq!(vals("the 12th century"), vec![Some(12.0)]);
        assert_eq!(
            vals("its seventeenth and fiftieth years"),
            vec![Some(17.0), Some(50.0)]
        );
        assert_eq!(vals("in nineteenth-century France"), vec![Some(19.0)]);
        // Not `first` or `second`: `at first`, `a second`.
        assert!(vals("at first, for a second").is_empty());
        assert!(!quantities("the sixth album")[0].same_as(&quantities("the 7th album")[0]));
    }

    #[test]
    fn factors_are_quantities() {
        let q = quantities("Sales tripled, the space doubles and the credit was halved.");
        let f: Vec<(Option<f64>, bool)> = q.iter().map(|q| (q.value, q.is_factor())).collect();
        assert_eq!(f, [(Some(3.0), true), (Some(2.0), true), (Some(0.5), true)]);
        assert_eq!(
            q[0].text("Sales tripled, the space doubles and the credit was halved."),
            "tripled"
        );
        // The bare `double` and hyphenated words are no factors; `two-fold` is the
        // number two, which states a factor of two.
        assert!(quantities("a double room, a triple-check, double-digit growth").is_empty());
        let two = &quantities("grew two-fold")[0];
        assert!(!two.is_factor() && two.same_as(&quantities("doubled")[0]));
        assert!(!quantities("tripled")[0].same_as(&quantities("doubled")[0]));
    }

    #[test]
    fn matching() {
        let a = &quantities("$160 million")[0];
        let b = &quantities("$16 million")[0];
        let c = &quantities("160,000,000 dollars")[0];
        assert!(!a.matches(b));
        assert!(a.matches(c));
        let score = quantities("won 27-17");
        assert_eq!(score.len(), 2);
        assert!(score[0].matches(&quantities("Dallas 27, Pittsburgh 17")[0]));
        assert!(score[1].matches(&quantities("Dallas 27, Pittsburgh 17")[1]));
        assert_eq!(quantities("COVID-19")[0].key, "covid-19");
        let approx = &quantities("about 1.5 million")[0];
        assert!(approx.matches(&quantities("1,523,000")[0]));
        let v = &quantities("v1.2.3")[0];
        assert!(v.value.is_none());
        assert!(v.matches(&quantities("V1.2.3")[0]));
        // A code's possessive is the code; a year's `'s` is left as written.
        let text = "The X200\u{2019}s battery and the X300's screen, in the 1990's.";
        let qs = quantities(text);
        assert_eq!(
            qs.iter().map(|q| q.key.as_str()).collect::<Vec<_>>(),
            ["x200", "x300", "1990's"]
        );
        assert_eq!(&text[qs[0].start..qs[0].end], "X200");
        assert_eq!(&text[qs[1].start..qs[1].end], "X300");
    }
}
