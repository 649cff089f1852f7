//! A small built-in table of general antonyms: pairs of words that state opposite
//! things about the same subject (`rose` / `fell`, `before` / `after`). A claim that uses
//! one side where its best evidence sentence uses the other, and otherwise matches that
//! sentence, is contradicted (see [`super::support::match_source`]).
//!
//! The table is general English, not taken from any data set. Each row lists the forms
//! of one side and the forms of the other; a word is looked up as written, lower case.
//!
//! | side A | side B |
//! |---|---|
//! | increase, rise, grow, gain | decrease, fall, decline, drop, shrink, lose |
//! | before, earlier | after, later |
//! | more, higher, larger, greater, bigger | less, fewer, lower, smaller |
//! | maximum | minimum |
//! | above | below |
//! | allowed, permitted, legal | forbidden, prohibited, banned, illegal |
//! | true | false |
//! | accept | reject |
//! | include | exclude |
//! | win, won | lose, lost |
//! | success | failure |
//! | open | closed |
//! | first | last |
//! | oldest, older | youngest, younger |
//! | possible | impossible |
//! | safe | unsafe, dangerous |
//! | positive | negative |
//! | north, east | south, west |

/// One row of the table: the forms of side A and the forms of side B.
type Pair = (&'static [&'static str], &'static [&'static str]);

/// The table (see the module documentation).
const PAIRS: &[Pair] = &[
    (
        &[
            "increase",
            "increases",
            "increased",
            "increasing",
            "rise",
            "rises",
            "rose",
            "risen",
            "rising",
            "grow",
            "grows",
            "grew",
            "grown",
            "growing",
            "gain",
            "gains",
            "gained",
        ],
        &[
            "decrease",
            "decreases",
            "decreased",
            "decreasing",
            "fall",
            "falls",
            "fell",
            "fallen",
            "falling",
            "decline",
            "declines",
            "declined",
            "declining",
            "drop",
            "drops",
            "dropped",
            "shrink",
            "shrinks",
            "shrank",
            "shrunk",
        ],
    ),
    (&["before", "earlier"], &["after", "later"]),
    (
        &["more", "higher", "larger", "greater", "bigger"],
        &["less", "fewer", "lower", "smaller"],
    ),
    (&["maximum"], &["minimum"]),
    (&["above"], &["below"]),
    (
        &["allowed", "permitted", "legal", "lawful"],
        &["forbidden", "prohibited", "banned", "illegal", "unlawful"],
    ),
    (&["true"], &["false"]),
    (
        &["accept", "accepts", "accepted"],
        &["reject", "rejects", "rejected"],
    ),
    (
        &["include", "includes", "included"],
        &["exclude", "excludes", "excluded"],
    ),
    (&["win", "wins", "won"], &["lose", "loses", "lost"]),
    (&["success", "successful"], &["failure", "unsuccessful"]),
    (&["open", "opened"], &["closed"]),
    (&["first"], &["last"]),
    (&["oldest", "older"], &["youngest", "younger"]),
    (&["possible"], &["impossible"]),
    (&["safe"], &["unsafe", "dangerous"]),
    (&["positive"], &["negative"]),
    (&["north", "east"], &["south", "west"]),
];

/// A word's place in the table: the row and the side (`false` for A, `true` for B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pole {
    /// Row of the table.
    pub pair: u16,
    /// Side of the row.
    pub side: bool,
}

/// The pole of a word written `word` (any case), if the table has it.
pub fn pole(word: &str) -> Option<Pole> {
    if word.len() > 12 || !word.is_ascii() {
        return None;
    }
    let mut buf = [0u8; 12];
    let lower = buf.get_mut(..word.len())?;
    lower.copy_from_slice(word.as_bytes());
    lower.make_ascii_lowercase();
    let lower = std::str::from_utf8(lower).ok()?;
    let index = pole_index();
    let at = index.binary_search_by(|(w, _)| (*w).cmp(lower)).ok()?;
    index.get(at).map(|(_, p)| *p)
}

/// Every form of the table with its pole, sorted by form; a form listed in two rows
/// keeps the first (the order [`pole`] searched the rows in). Built once.
fn pole_index() -> &'static [(&'static str, Pole)] {
    static INDEX: std::sync::OnceLock<Vec<(&'static str, Pole)>> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut v: Vec<(&'static str, Pole)> = Vec::new();
        for (i, (a, b)) in PAIRS.iter().enumerate() {
            let Ok(pair) = u16::try_from(i) else { continue };
            v.extend(a.iter().map(|w| (*w, Pole { pair, side: false })));
            v.extend(b.iter().map(|w| (*w, Pole { pair, side: true })));
        }
        // Stable: among equal forms the first row's stays first, and dedup keeps it.
        crate::text::sort::sort_by(&mut v, |x, y| x.0.cmp(y.0));
        v.dedup_by(|later, first| later.0 == first.0);
        v
    })
}

/// The first pair of poles on which `claim` and `evidence` disagree: a row the claim
/// uses on one side only and the evidence on the other side only. Returns the indexes
/// of the two poles in their slices.
pub fn opposed(claim: &[Pole], evidence: &[Pole]) -> Option<(usize, usize)> {
    for (ci, p) in claim.iter().enumerate() {
        let claim_other = claim.iter().any(|q| q.pair == p.pair && q.side != p.side);
        let evidence_same = evidence.contains(p);
        if claim_other || evidence_same {
            continue;
        }
        if let Some(ei) = evidence
            .iter()
            .position(|q| q.pair == p.pair && q.side != p.side)
        {
            return Some((ci, ei));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        // No word is on two sides or in two rows.
        let mut seen = std::collections::BTreeSet::new();
        for (a, b) in PAIRS {
            for w in a.iter().chain(b.iter()) {
                assert!(seen.insert(*w), "{w} listed twice");
                assert_eq!(w.to_ascii_lowercase(), *w);
            }
        }
    }

    fn poles(ws: &[&str]) -> Vec<Pole> {
        ws.iter().filter_map(|w| pole(w)).collect()
    }

    #[test]
    fn opposite_sides_are_opposed() {
        let c = poles(&["sales", "rose"]);
        let e = poles(&["sales", "fell"]);
        assert_eq!(opposed(&c, &e), Some((0, 0)));
        assert_eq!(pole("Before"), pole("earlier"));
        // The same side, or both sides in the evidence, is no opposition.
        assert_eq!(opposed(&poles(&["rose"]), &poles(&["increased"])), None);
        assert_eq!(opposed(&poles(&["rose"]), &poles(&["fell", "rose"])), None);
        assert_eq!(opposed(&poles(&["rose", "fell"]), &poles(&["fell"])), None);
        assert_eq!(pole("paris"), None);
    }
}
