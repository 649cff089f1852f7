//! Parsing the inside of a marker: number lists, ranges and prefixes.

/// Largest range a marker may expand (`[1-100]`); wider ones are not citations.
const MAX_RANGE: i64 = 100;

/// A marker's numbers, and whether the marker is malformed (a range that runs backwards,
/// `[5-2]`, or spans more than [`MAX_RANGE`] sources): a malformed marker still is a
/// citation, reported as invalid rather than ignored.
pub(crate) type NumberList = (Vec<i64>, bool);

/// Parses `1`, `1, 3`, `1,2,3`, `2-4`, `2–4`, `1 and 3`, `1 & 2`, `1; 2` into numbers.
/// `None` unless the whole text is such a list. A backward or over-wide range gives its
/// two ends and the malformed flag.
pub(crate) fn number_list(text: &str) -> Option<NumberList> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    let mut malformed = false;
    let normalized = text.replace(" and ", ",").replace(['&', ';'], ",");
    for part in normalized.split(',') {
        let part = part.trim();
        if part.is_empty() {
            return None;
        }
        if let Some((a, b)) = split_range(part) {
            let (a, b) = (number(a)?, number(b)?);
            if b < a || b - a > MAX_RANGE {
                malformed = true;
                out.extend([a, b]);
            } else {
                out.extend(a..=b);
            }
        } else {
            out.push(number(part)?);
        }
        if out.len() > MAX_RANGE as usize {
            malformed = true;
            out.truncate(MAX_RANGE as usize);
            break;
        }
    }
    Some((out, malformed))
}

fn split_range(part: &str) -> Option<(&str, &str)> {
    for dash in ['-', '–', '—'] {
        if let Some(i) = part.find(dash) {
            return Some((&part[..i], &part[i + dash.len_utf8()..]));
        }
    }
    None
}

/// Most digits a citation number may have: longer runs of digits in brackets are not
/// markers (`[1234567890123]`), shorter ones are, however large (`[12345]` is reported as
/// out of range, never ignored).
const MAX_DIGITS: usize = 9;

/// A plain decimal number of at most [`MAX_DIGITS`] digits.
fn number(s: &str) -> Option<i64> {
    let s = s.trim();
    if s.is_empty() || s.len() > MAX_DIGITS || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Splits a case-insensitive word prefix from `text`: `prefix_rest("Source: 2", &["source"])`
/// gives `("source", "2")`. The prefix must be followed by a separator (`:`, space, `#`,
/// `-`, `_`) or directly by a digit.
pub(crate) fn strip_prefix<'a>(
    text: &'a str,
    prefixes: &[&'static str],
) -> Option<(&'static str, &'a str)> {
    let t = text.trim_start();
    for &p in prefixes {
        if t.len() >= p.len() && t.is_char_boundary(p.len()) && t[..p.len()].eq_ignore_ascii_case(p)
        {
            let rest = &t[p.len()..];
            let first = rest.chars().next()?;
            if matches!(first, ':' | ' ' | '#' | '-' | '_' | '=') {
                let rest = rest.trim_start_matches([':', ' ', '#', '-', '_', '=']);
                if !rest.trim().is_empty() {
                    return Some((p, rest.trim()));
                }
            } else if first.is_ascii_digit() {
                return Some((p, rest.trim()));
            }
        }
    }
    None
}

/// Normalises a chapter or section label for comparison: lower case, without a leading
/// `chapter`/`ch`/`section`/`sec`/`§` word and without spaces or trailing dots.
pub(crate) fn label_key(s: &str) -> String {
    let lower = s.trim().to_lowercase();
    let mut t = lower.as_str();
    for p in ["chapter", "section", "chap", "sec", "ch", "§"] {
        if let Some(rest) = t.strip_prefix(p) {
            t = rest.trim_start_matches([' ', '.', '-', '_', ':']);
            break;
        }
    }
    t.chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .trim_end_matches('.')
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_ranges() {
        assert_eq!(number_list("1"), Some((vec![1], false)));
        assert_eq!(number_list("1, 3"), Some((vec![1, 3], false)));
        assert_eq!(number_list("1,2,3"), Some((vec![1, 2, 3], false)));
        assert_eq!(number_list("2-4"), Some((vec![2, 3, 4], false)));
        assert_eq!(number_list("2–4"), Some((vec![2, 3, 4], false)));
        assert_eq!(number_list("1 and 3"), Some((vec![1, 3], false)));
        // Backward and over-wide ranges are citations, flagged malformed.
        assert_eq!(number_list("4-2"), Some((vec![4, 2], true)));
        assert_eq!(number_list("1-5000"), Some((vec![1, 5000], true)));
        assert_eq!(number_list("12345"), Some((vec![12345], false)));
        assert_eq!(number_list("1234567890"), None);
        assert_eq!(number_list("x"), None);
        assert_eq!(number_list("1,"), None);
        assert_eq!(number_list(""), None);
    }

    #[test]
    fn prefixes() {
        assert_eq!(strip_prefix("source:2", &["source"]), Some(("source", "2")));
        assert_eq!(
            strip_prefix("Source: 2", &["source"]),
            Some(("source", "2"))
        );
        assert_eq!(strip_prefix("doc3", &["doc"]), Some(("doc", "3")));
        assert_eq!(strip_prefix("docs", &["doc"]), None);
        assert_eq!(strip_prefix("source:", &["source"]), None);
    }

    #[test]
    fn labels() {
        assert_eq!(label_key("Chapter 4"), "4");
        assert_eq!(label_key("ch-4"), "4");
        assert_eq!(label_key("4."), "4");
        assert_eq!(label_key("Section 2.1"), "2.1");
        assert_eq!(label_key("IV"), "iv");
    }
}
