//! Acronyms spelled out: whether a text writes the run of capitalised words whose
//! initials an acronym gives (`PSG` for `Paris Saint-Germain`). A leaf, so that the
//! claims check (the name rule) and the evidence check (a body named after "according
//! to") read acronyms alike.

/// Function words that continue a run of capitalised words (`International Court of
/// Justice`, `Bank of England`), for its acronym both ways.
pub(crate) const RUN_JOINERS: &[&str] = &["of", "and", "for", "the"];

/// True when `acronym` (two to six capital letters, as written in the claim, full stops
/// between them ignored: `U.S` is `US`) is the initials of a run of capitalised words of
/// `content`, hyphenated parts counted as words and `of`, `and`, `for`, `the` inside the
/// run skipped: `PSG` for `Paris Saint-Germain`, `FEC` for `the Federal Election
/// Commission`.
pub(crate) fn spelled_out(content: &str, acronym: &str) -> bool {
    let mut letters = [0u8; 6];
    let mut n = 0;
    for b in acronym.bytes().filter(|&b| b != b'.') {
        match letters.get_mut(n) {
            Some(slot) if b.is_ascii_uppercase() => *slot = b,
            _ => return false,
        }
        n += 1;
    }
    let Some(want) = letters.get(..n).filter(|_| n >= 2) else {
        return false;
    };
    // Each word's first letter, or None where a run ends (a word in lower case that is
    // not an inner word, or punctuation other than a hyphen or a space).
    let mut run: Vec<u8> = Vec::new();
    let close = |run: &mut Vec<u8>| -> bool {
        let hit = run.windows(want.len()).any(|w| w == want);
        run.clear();
        hit
    };
    for word in content.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\'')) {
        if word.is_empty() {
            if close(&mut run) {
                return true;
            }
            continue;
        }
        for part in word.split('-').filter(|p| !p.is_empty()) {
            match part.chars().next() {
                Some(c) if c.is_ascii_uppercase() => run.push(c as u8),
                _ if RUN_JOINERS.contains(&part) && !run.is_empty() => {}
                _ => {
                    if close(&mut run) {
                        return true;
                    }
                }
            }
        }
    }
    close(&mut run)
}

/// Acronyms that stand for common nouns, which a text writes in lower case (`AI` for
/// `artificial intelligence`, `CEO` for `chief executive`), with the words they stand for;
/// sorted by acronym. General English, not any text's: the initials of lower-case words
/// are not read for other acronyms, since two or three adjacent words share the initials
/// of some acronym by chance too often (`also include`).
const COMMON: &[(&str, &[&str])] = &[
    ("AI", &["artificial intelligence"]),
    ("API", &["application programming interface"]),
    ("AR", &["augmented reality"]),
    ("CEO", &["chief executive"]),
    ("CFO", &["chief financial officer"]),
    ("COO", &["chief operating officer"]),
    ("CPU", &["central processing unit"]),
    ("CTO", &["chief technology officer"]),
    ("ETF", &["exchange-traded fund", "exchange traded fund"]),
    ("EV", &["electric vehicle", "electric car"]),
    ("FAQ", &["frequently asked question"]),
    ("GDP", &["gross domestic product"]),
    ("GPU", &["graphics processing unit"]),
    ("HR", &["human resources"]),
    ("ICU", &["intensive care"]),
    ("IPO", &["initial public offering"]),
    ("ML", &["machine learning"]),
    (
        "NGO",
        &[
            "non-governmental organisation",
            "non-governmental organization",
            "nongovernmental organization",
        ],
    ),
    ("OS", &["operating system"]),
    ("PC", &["personal computer"]),
    ("TV", &["television"]),
    ("UV", &["ultraviolet", "ultra-violet"]),
    ("VAT", &["value added tax", "value-added tax"]),
    ("VR", &["virtual reality"]),
];

/// True when `acronym` (as written, full stops ignored) is one of the common nouns of
/// [`COMMON`] and `content` writes the words it stands for, in any case, as whole words
/// (`artificial intelligence` for `AI`; a plural ends them too: `electric vehicles`).
pub(crate) fn common_spelled_out(content: &str, acronym: &str) -> bool {
    let mut buf = [0u8; 4];
    let mut n = 0;
    for b in acronym.bytes().filter(|&b| b != b'.') {
        match buf.get_mut(n) {
            Some(slot) => *slot = b,
            None => return false,
        }
        n += 1;
    }
    let Some(key) = buf.get(..n).and_then(|k| std::str::from_utf8(k).ok()) else {
        return false;
    };
    let Ok(at) = COMMON.binary_search_by(|(a, _)| a.cmp(&key)) else {
        return false;
    };
    let Some((_, phrases)) = COMMON.get(at) else {
        return false;
    };
    let bytes = content.as_bytes();
    phrases.iter().any(|phrase| {
        let p = phrase.as_bytes();
        (0..bytes.len().saturating_sub(p.len()) + 1).any(|i| {
            bytes
                .get(i..i + p.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(p))
                && !i
                    .checked_sub(1)
                    .and_then(|j| bytes.get(j))
                    .is_some_and(u8::is_ascii_alphanumeric)
                && bytes
                    .get(i + p.len()..)
                    .is_none_or(|rest| match rest.first() {
                        Some(b) if b.is_ascii_alphanumeric() => {
                            // A plural: `s` or `es` and then the word's end.
                            let end =
                                |k: usize| rest.get(k).is_none_or(|b| !b.is_ascii_alphanumeric());
                            (*b == b's' && end(1)) || (rest.starts_with(b"es") && end(2))
                        }
                        _ => true,
                    })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_acronyms_spelled_out_in_lower_case() {
        let sorted = COMMON.windows(2).all(|w| matches!(w, [a, b] if a.0 < b.0));
        assert!(sorted, "COMMON must be sorted by acronym");
        let text = "The company will invest more in artificial intelligence, its chief \
                    executive said; sales of electric vehicles and Gross Domestic Product rose.";
        for a in ["AI", "CEO", "EV", "GDP", "A.I."] {
            assert!(common_spelled_out(text, a), "{a}");
        }
        for a in ["ML", "IPO", "PSG", "ai", "ABCDE"] {
            assert!(!common_spelled_out(text, a), "{a}");
        }
        // Whole words only.
        assert!(!common_spelled_out("superartificial intelligence", "AI"));
        assert!(common_spelled_out("artificial intelligences", "AI"));
        assert!(!common_spelled_out("electric vehiclesque", "EV"));
    }

    #[test]
    fn an_acronym_spelled_out_in_the_source() {
        let text = "He spent two seasons at Paris Saint-Germain. The Federal Election \
                    Commission regulates it; the Bank of England agreed.";
        for a in ["PSG", "FEC", "BE"] {
            assert!(spelled_out(text, a), "{a}");
        }
        for a in ["PS", "HTS", "XYZ", "P", "psg"] {
            assert_eq!(spelled_out(text, a), a == "PS", "{a}");
        }
        // A run ends at punctuation other than a hyphen.
        assert!(!spelled_out("Paris, Saint-Germain", "PSG"));
        // Full stops between the capitals are no letters.
        assert!(spelled_out("the United States", "U.S"));
        assert!(!spelled_out("the United States", "U.S.A"));
    }
}
