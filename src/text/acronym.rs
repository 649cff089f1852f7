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

#[cfg(test)]
mod tests {
    use super::*;

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
