//! Who does what in one sentence: `Priya will lead the fix, and Daniel will handle the
//! customer emails` says `will lead the fix` of Priya, and a claim that says it of Daniel
//! (`Daniel will lead the fix`) gives one name's predicate to another. Every word of the
//! claim is in the sentence, so coverage cannot see it; the sentence's words are read in
//! their order instead: which name stands before each verb (over function words, an
//! apposition between commas or a relative `who`), and which words follow it.

use super::roles::name_token_runs;
use super::terms::Term;

/// The key of the content word at or after token `b` of `ts` (read from `text`), over at
/// most two function words that are not determiners and with nothing but spaces between:
/// the verb after a subject (`Linda Park argued`, `Linda Park has argued`).
pub(super) fn word_after<'t>(text: &str, ts: &'t [Term], b: usize) -> Option<&'t str> {
    word_at_or_after(text, ts, b)
        .and_then(|k| ts.get(k))
        .map(|t| t.key.as_str())
}

/// [`word_after`]'s token index.
fn word_at_or_after(text: &str, ts: &[Term], b: usize) -> Option<usize> {
    let mut k = b;
    loop {
        let t = ts.get(k)?;
        let prev = ts.get(k.checked_sub(1)?)?;
        if !text
            .get(prev.end..t.start)?
            .chars()
            .all(char::is_whitespace)
        {
            return None;
        }
        if !t.stop && !t.numeric && !t.negation && !t.capitalised {
            return Some(k);
        }
        let w = text.get(t.start..t.end)?;
        if k >= b + 2 || !t.stop || super::DETERMINERS.iter().any(|d| d.eq_ignore_ascii_case(w)) {
            return None;
        }
        k += 1;
    }
}

/// Where the words that token `p` of `text` (tokenised as `ts`) is said of end, as a token
/// index one past them: back from `p` over at most two function words that are not
/// determiners, right before them, or before one apposition between commas (`Tom Reyes,
/// one of the two dissenters, argued`), or before the comma of a relative `who` (`Ana
/// Ruiz, who chairs the committee`). `None` where something else stands there.
pub(super) fn subject_end(text: &str, ts: &[Term], p: usize) -> Option<usize> {
    let gap = |a: usize, b: usize| {
        ts.get(a)
            .zip(ts.get(b))
            .and_then(|(x, y)| text.get(x.end..y.start))
    };
    // Back over function words to the word before them.
    let mut k = p;
    while k + 2 > p
        && k.checked_sub(1).and_then(|j| ts.get(j)).is_some_and(|t| {
            let w = text.get(t.start..t.end).unwrap_or("");
            t.stop
                && !t.capitalised
                && !super::DETERMINERS.iter().any(|d| d.eq_ignore_ascii_case(w))
                && gap(k - 1, k).is_some_and(|g| g.chars().all(char::is_whitespace))
        })
    {
        k -= 1;
    }
    let g = gap(k.checked_sub(1)?, k)?;
    if g.chars().all(char::is_whitespace) {
        return Some(k);
    }
    if g.trim() != "," {
        return None;
    }
    // `…, who chairs`: the relative pronoun after the name's comma.
    if k < p && ts.get(k).is_some_and(|t| t.key == "who") {
        return Some(k);
    }
    (k.saturating_sub(9)..k - 1)
        .rev()
        .find(|&q| gap(q, q + 1).is_some_and(|g| g.contains(',')))
        .map(|q| q + 1)
}

/// The apposition between commas that token `p` of `text` (tokenised as `ts`) follows
/// (over at most two function words that are not determiners), as a token range: `Tom
/// Baker` of `Her deputy, Tom Baker, will take over`. `None` where no comma-enclosed
/// phrase of at most eight tokens stands there.
pub(super) fn apposition_before(text: &str, ts: &[Term], p: usize) -> Option<(usize, usize)> {
    let end = subject_end(text, ts, p)?;
    // `subject_end` stops before the apposition; its comma ends the subject.
    let gap = |a: usize, b: usize| {
        ts.get(a)
            .zip(ts.get(b))
            .and_then(|(x, y)| text.get(x.end..y.start))
    };
    let last = (end..p).find(|&k| gap(k, k + 1).is_some_and(|g| g.trim() == ","))?;
    (gap(end.checked_sub(1)?, end)?.trim() == ",").then_some((end, last + 1))
}

/// Words too common to tell two predicates apart.
const FILLER: &[&str] = &[
    "a", "an", "and", "at", "be", "by", "for", "in", "is", "it", "its", "of", "on", "or", "that",
    "the", "to", "was", "with",
];

/// The keys of the words of `ts` from token `from`, up to six, to the end of their clause
/// (a mark, or a word that opens another clause), without [`FILLER`].
fn tail<'t>(text: &str, ts: &'t [Term], from: usize) -> Vec<&'t str> {
    let mut out = Vec::new();
    for (k, t) in ts.iter().enumerate().skip(from).take(6) {
        if k > from
            && ts.get(k - 1).is_some_and(|prev| {
                text.get(prev.end..t.start)
                    .is_some_and(|g| g.contains([',', ';', ':', '.', '(', ')']))
            })
        {
            break;
        }
        if matches!(
            t.key.as_str(),
            "while" | "whereas" | "but" | "who" | "which"
        ) {
            break;
        }
        if !FILLER.contains(&t.key.as_str()) {
            out.push(t.key.as_str());
        }
    }
    out
}

/// The name runs of `runs` that the run ending at token `end` is listed with, itself
/// included: each run before it joined to the next by a comma, `and`, `or`, `&` or `with`
/// alone (`Ana Ruiz and Ben Ode voted`: the verb is said of both).
fn listed_with(
    text: &str,
    ts: &[Term],
    runs: &[(usize, usize)],
    end: usize,
) -> Vec<(usize, usize)> {
    let Some(at) = runs.iter().position(|r| r.1 == end) else {
        return Vec::new();
    };
    let mut out = vec![runs[at]];
    let mut i = at;
    while let Some(prev) = i.checked_sub(1).and_then(|j| runs.get(j)) {
        let joined = ts
            .get(prev.1.wrapping_sub(1))
            .zip(ts.get(runs[i].0))
            .and_then(|(a, b)| text.get(a.end..b.start))
            .is_some_and(|g| {
                let g = g.trim().trim_start_matches(',').trim();
                g.is_empty()
                    || ["and", "or", "&", "with"]
                        .iter()
                        .any(|w| g.eq_ignore_ascii_case(w))
            });
        if !joined {
            break;
        }
        out.push(*prev);
        i -= 1;
    }
    out
}

/// A name of the claim given what its sentence says of another name: the claim writes a
/// name (two words or more, or one inside the claim) with a verb after it (see
/// [`word_after`]); a sentence of `window` that writes the claim's name (or its last
/// word) writes that verb after another name (see [`subject_end`]; a name listed with the
/// claim's is the claim's too, and so are its initials: `MJ` for `Michael Jordan`) with
/// more of the words after the claim's verb than it writes after any word it says of the
/// claim's name, one at least (`Ana Ruiz voted against` against `Ana Ruiz, who chairs the
/// committee, voted in favour, while Ben Ode voted against`). Not a negated claim (the
/// polarity rules'). Returns the claim's name and the other, as written.
pub(crate) fn predicate_taken(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
) -> Option<(String, String)> {
    if ct.iter().any(|t| t.negation) {
        return None;
    }
    let written = |text: &str, ts: &[Term], (a, b): (usize, usize)| {
        Some(
            text.get(ts.get(a)?.start..ts.get(b.checked_sub(1)?)?.end)?
                .to_string(),
        )
    };
    for (a, b) in name_token_runs(claim, ct) {
        if a == 0 && b == 1 {
            continue; // a single capitalised word opening the claim may be an ordinary one
        }
        let Some(v) = word_at_or_after(claim, ct, b) else {
            continue;
        };
        let (Some(verb), Some(mine)) = (ct.get(v), ct.get(a..b)) else {
            continue;
        };
        let said = tail(claim, ct, v + 1);
        if said.is_empty() {
            continue;
        }
        let of_claim = |r: &[Term]| r.iter().any(|t| mine.iter().any(|m| m.key == t.key));
        let another = |r: &[Term]| !r.iter().any(|t| ct.iter().any(|c| c.key == t.key));
        for &(text, ts) in window {
            // The sentence writes the claim's name, or its last word (`Lopez` for `Maria
            // Lopez`).
            if !mine
                .last()
                .is_some_and(|m| ts.iter().any(|t| t.capitalised && t.key == m.key))
            {
                continue;
            }
            // Most sentences write the claim's verb of no other name: those are read
            // first, and the rest only for them.
            if !ts.iter().any(|t| t.key == verb.key) {
                continue;
            }
            let runs = name_token_runs(text, ts);
            // The other name in another form of the claim's (`MJ` for `Michael Jordan`) is
            // the claim's.
            let other_name = |x: usize, y: usize| {
                ts.get(x..y)
                    .is_some_and(|r| another(r) && !super::roles::initials_of(claim, mine, text, r))
            };
            // The names that the word at `p` is said of, and how many of the claim's
            // words after its verb follow it.
            let read = |p: usize| {
                let end = subject_end(text, ts, p)?;
                let subjects = listed_with(text, ts, &runs, end);
                let theirs = tail(text, ts, p + 1);
                let shared = said.iter().filter(|k| theirs.contains(k)).count();
                Some((subjects, shared))
            };
            let of_mine = |subjects: &[(usize, usize)]| {
                subjects
                    .iter()
                    .any(|&(x, y)| ts.get(x..y).is_some_and(of_claim))
            };
            // The most the sentence says of another name with the claim's verb (with
            // that name's tokens).
            let mut other: Option<(usize, (usize, usize))> = None;
            for p in (1..ts.len()).filter(|&p| ts.get(p).is_some_and(|t| t.key == verb.key)) {
                let Some((subjects, shared)) = read(p) else {
                    continue;
                };
                let Some(&first) = subjects.first() else {
                    continue;
                };
                if !of_mine(&subjects)
                    && first != (0, 1)
                    && subjects.iter().all(|&(x, y)| other_name(x, y))
                    && other.is_none_or(|(s, _)| shared > s)
                {
                    other = Some((shared, first));
                }
            }
            let Some((most, run)) = other.filter(|&(s, _)| s > 0) else {
                continue;
            };
            // The most the sentence says of the claim's name, by any verb (`Anthony
            // Davis had 24` for `Anthony Davis scored 24 points`, beside `LeBron James
            // scored 31 points`).
            let own = (1..ts.len())
                .filter_map(read)
                .filter(|(subjects, _)| of_mine(subjects))
                .map(|(_, shared)| shared)
                .max()
                .unwrap_or(0);
            if most > own {
                return Some((written(claim, ct, (a, b))?, written(text, ts, run)?));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::terms::terms;
    use super::*;

    /// The words of the apposition before the first token written `verb`.
    fn apposed(text: &str, verb: &str) -> Option<String> {
        let ts = terms(text);
        let p = ts
            .iter()
            .position(|t| text.get(t.start..t.end) == Some(verb))?;
        let (a, b) = apposition_before(text, &ts, p)?;
        Some(text.get(ts.get(a)?.start..ts.get(b - 1)?.end)?.to_string())
    }

    #[test]
    fn the_apposition_before_a_verb() {
        let deputy = "Her deputy, Tom Baker, will take over in June.";
        assert_eq!(apposed(deputy, "take").as_deref(), Some("Tom Baker"));
        assert_eq!(
            apposed(
                "Tom Reyes, one of the two dissenters, argued that it failed.",
                "argued"
            )
            .as_deref(),
            Some("one of the two dissenters")
        );
        // No apposition: the name right before, a list, a sentence's first words.
        assert_eq!(apposed("Tom Baker will take over in June.", "take"), None);
        assert_eq!(apposed("In June, Tom Baker will take over.", "take"), None);
        assert_eq!(apposed("Tom, Ann and Bo take over.", "take"), None);
    }

    fn taken(claim: &str, window: &[&str]) -> Option<(String, String)> {
        let ct = terms(claim);
        let ts: Vec<Vec<Term>> = window.iter().map(|s| terms(s)).collect();
        let w: Vec<(&str, &[Term])> = window
            .iter()
            .zip(&ts)
            .map(|(s, t)| (*s, t.as_slice()))
            .collect();
        predicate_taken(claim, &ct, &w)
    }

    #[test]
    fn a_predicate_the_sentence_gives_another_name() {
        let s = "Councillor Ana Ruiz, who chairs the finance committee, voted in favour, while \
                 Councillor Ben Ode voted against, citing the cost to taxpayers.";
        assert_eq!(
            taken("Ana Ruiz voted against the plan.", &[s]),
            Some(("Ana Ruiz".to_string(), "Councillor Ben Ode".to_string()))
        );
        assert!(taken("Ben Ode voted in favour of the plan.", &[s]).is_some());
        assert!(taken("Ben Ode chairs the finance committee.", &[s]).is_some());
        // What the sentence says of each name.
        assert_eq!(taken("Ben Ode voted against the plan.", &[s]), None);
        assert_eq!(taken("Ana Ruiz voted in favour.", &[s]), None);
        assert_eq!(taken("Ana Ruiz chairs the finance committee.", &[s]), None);
        let t = "Priya Shah will lead the fix, and Daniel Cole will handle the customer emails.";
        assert!(taken("Daniel Cole will lead the fix.", &[t]).is_some());
        assert_eq!(taken("Priya Shah will lead the fix.", &[t]), None);
        // What the sentence says of the claim's name with another verb.
        let t = "LeBron James scored 31 points, and Anthony Davis had 24.";
        assert_eq!(taken("Anthony Davis scored 24 points.", &[t]), None);
        assert!(taken("Anthony Davis scored 31 points.", &[t]).is_some());
        // A name's initials are the name.
        let t = "Michael Jordan has Wilt Chamberlain beat, and MJ holds the scoring record.";
        assert_eq!(
            taken("Michael Jordan holds the scoring record.", &[t]),
            None
        );
    }

    #[test]
    fn names_listed_together_share_their_verb() {
        let s = "Ana Ruiz and Ben Ode voted against the plan, while Carl Finn voted for it.";
        assert_eq!(taken("Ana Ruiz voted against the plan.", &[s]), None);
        let s = "Ana Ruiz, Ben Ode and Carl Finn voted against the plan.";
        assert_eq!(taken("Ben Ode voted against the plan.", &[s]), None);
        // The name's last word stands for it.
        let s = "Maria Lopez and James Chen founded it. Lopez became chief executive, and Chen, \
                 a former engineer, became chief technology officer.";
        assert!(taken("Maria Lopez became chief technology officer.", &[s]).is_some());
        assert_eq!(taken("Maria Lopez became chief executive.", &[s]), None);
        // A name the sentence does not write is another rule's.
        let s = "Ben Ode voted against the plan.";
        assert_eq!(taken("Ana Ruiz voted against the plan.", &[s]), None);
        // A negated claim is the polarity rules'.
        let s = "Ana Ruiz voted in favour, while Ben Ode voted against the plan.";
        assert_eq!(taken("Ana Ruiz did not vote against the plan.", &[s]), None);
    }

    #[test]
    fn the_subject_of_a_verb() {
        let end = |text: &str, verb: &str| {
            let ts = terms(text);
            let p = ts.iter().position(|t| t.key == verb)?;
            let e = subject_end(text, &ts, p)?;
            Some(
                text.get(ts.get(e - 1)?.start..ts.get(e - 1)?.end)?
                    .to_string(),
            )
        };
        assert_eq!(
            end("Linda Park has argued that", "argu").as_deref(),
            Some("Park")
        );
        assert_eq!(
            end("Tom Reyes, one of the two dissenters, argued that", "argu").as_deref(),
            Some("Reyes")
        );
        assert_eq!(
            end("Ana Ruiz, who chairs the board", "chair").as_deref(),
            Some("Ruiz")
        );
        assert_eq!(end("the board, and chairs", "chair"), None);
    }
}
