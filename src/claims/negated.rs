//! Negations no source states: a claim that says `not` (`Executive functions are not the
//! processes that direct behaviour`) where no sentence of its evidence, nor one beside
//! it, says anything negative in any form (a negation word, `lacks`, `fails`,
//! `without`, `unable`, a word in `un-` or `non-`, …) states what its evidence does not.
//! The negation rules of [`super::support`] read a sentence that covers the claim well
//! enough to dispute it; this one reads a claim whose evidence paraphrases it, where a
//! `not` put in by the model would otherwise pass on the strength of its other words.

use super::support::{is_turn, related, ClaimProfile, ClaimWord, IndexedSource, SourceMatch};
use super::terms::Term;

/// Words of an evidence sentence that state something negative without a negation word
/// of [`super::terms`] (`lacks`, `fails`, `unable`, `absent`, `instead`), as the start of
/// a word; and words in `un-` or `non-` of six letters or more (`unindexed`).
const NEGATIVE_STARTS: &[&str] = &[
    "absen", "avoid", "ban", "deni", "deny", "except", "exclud", "fail", "forbid", "hardly",
    "instead", "lack", "prevent", "prohibit", "rarely", "rather", "refus", "reject", "seldom",
    "stop", "unable", "without",
];

/// True for a word of an evidence sentence that states something negative.
fn negative_word(t: &Term, text: &str) -> bool {
    if t.negation
        || super::support::RESTATES_NEGATION
            .binary_search(&t.key.as_str())
            .is_ok()
    {
        return true;
    }
    // Compared in place, ASCII case folded (no lower-cased copy per word).
    let w = text.get(t.start..t.end).unwrap_or("").as_bytes();
    let starts = |p: &str| {
        w.get(..p.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(p.as_bytes()))
    };
    NEGATIVE_STARTS.iter().any(|s| starts(s)) || (w.len() >= 6 && (starts("un") || starts("non")))
}

/// A negation of the claim (tokenised as `ct`) that no sentence of `window` states in
/// any form: the claim's negation word as written. `not only`, `not just`, `or not` and
/// `whether or not` negate nothing the claim states.
pub(crate) fn unstated_negation(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
) -> Option<String> {
    let word = |i: usize| {
        ct.get(i)
            .and_then(|t| claim.get(t.start..t.end))
            .unwrap_or("")
    };
    // A negation governs the content words after it up to the end of its clause, or,
    // where it ends its clause, what the clause's subject is said to do elsewhere (`…,
    // but Madagascar was not`), unless that subject is the speaker or the listener (`I
    // haven't, but it was completed in 1889` negates nothing the claim states).
    let breaks = |k: usize| {
        k == 0
            || claim
                .get(ct[k - 1].end..ct[k].start)
                .is_some_and(|g| g.contains([',', ';', ':', '(', ')']))
    };
    // A negation that opens its clause and governs no content word is a reply (`Not
    // really, but …`, `Not at all, though …`): it negates nothing the claim states. The
    // adverbs of such replies are no content.
    let reply_adverb = |k: usize| {
        matches!(
            word(k).to_ascii_lowercase().as_str(),
            "really"
                | "quite"
                | "exactly"
                | "necessarily"
                | "entirely"
                | "totally"
                | "particularly"
                | "much"
                | "yet"
                | "always"
                | "sure"
                | "personally"
        )
    };
    let governs = |i: usize| {
        let mut k = i + 1;
        while k < ct.len() && !breaks(k) {
            if !ct[k].stop && !ct[k].negation && !reply_adverb(k) {
                return true;
            }
            k += 1;
        }
        if breaks(i) {
            return false;
        }
        let mut k = i;
        while !breaks(k) {
            k -= 1;
            if matches!(word(k).to_ascii_lowercase().as_str(), "i" | "we" | "you") {
                return false;
            }
        }
        true
    };
    // A negation word of a name or a title (`Much Ado About Nothing`) says nothing
    // negative, in the claim or in its evidence.
    let titled =
        |text: &str, ts: &[Term], i: usize| super::support::title_reach(text, ts, i).is_some();
    let negated = (0..ct.len()).find(|&i| {
        ct[i].negation
            && !titled(claim, ct, i)
            && !matches!(word(i + 1).to_ascii_lowercase().as_str(), "only" | "just")
            && !word(i.wrapping_sub(1)).eq_ignore_ascii_case("or")
            && governs(i)
    })?;
    // The opposite of a word the negation governs (`did not win` against `lost`): the
    // content words up to three places after it.
    let pole = |text: &str, t: &Term| text.get(t.start..t.end).and_then(super::antonyms::pole);
    let governed: Vec<_> = ct
        .get(negated + 1..(negated + 4).min(ct.len()))
        .unwrap_or(&[])
        .iter()
        .filter_map(|t| pole(claim, t))
        .collect();
    let opposite = |text: &str, t: &Term| {
        pole(text, t).is_some_and(|q| {
            governed
                .iter()
                .any(|p| p.pair == q.pair && p.side != q.side)
        })
    };
    // A title's negation word is the claim's own where the claim writes the same word
    // (`sings 'I don't want to be lonely'` against `Just Don't Want to Be Lonely`).
    let same_word = |text: &str, t: &Term| {
        text.get(t.start..t.end)
            .is_some_and(|w| w.eq_ignore_ascii_case(word(negated)))
    };
    let stated = window.iter().any(|(text, ts)| {
        ts.iter().enumerate().any(|(i, t)| {
            (negative_word(t, text) && !(t.negation && titled(text, ts, i) && !same_word(text, t)))
                || opposite(text, t)
        })
    });
    // `No other river carries as much water` states what `more water than any other
    // river` does.
    let stated = stated
        || window
            .iter()
            .any(|(text, _)| super::support::superlative_by_negation(claim, text));
    (!stated).then(|| word(negated).to_string())
}

/// Longest excerpt of a negating sentence that [`negated_elsewhere`] returns, in bytes.
const EXCERPT: usize = 160;

/// A content word of the claim that its evidence (the sentence of the match `m`'s window
/// that gives most of the claim) does not write in any form and that the sources of
/// `set` write, outside that sentence, only in sentences with a negation, one of which,
/// in the evidence's source, also writes another word of the claim that the evidence
/// gives: `Yes, contractors can work remotely two days a week` against
/// `Employees may work remotely up to two days a week … Contractors are not eligible
/// for remote work.` The claim takes its statement from one sentence and its subject
/// from one that denies it. Not for a claim that says anything negative itself (`The
/// basic plan excludes dental care, but …`). Returns the word as the claim writes it and
/// the negating sentence (cut to [`EXCERPT`] bytes). Reads only the sentences that hold
/// one of the claim's lacking words.
pub(crate) fn negated_elsewhere(
    claim: &ClaimProfile,
    set: &[&IndexedSource<'_>],
    m: &SourceMatch,
) -> Option<(String, String)> {
    let s = set.iter().find(|s| s.index == m.source)?;
    let (lo, hi) = s.prepared.sentences_over(m.window);
    // A word of sentence `i` of `o` in any form (`remote` / `remotely`).
    let holds = |o: &IndexedSource<'_>, i: usize, k: &str| {
        o.sentence_credit(i, k, 0.0) > 0.0
            || o.sentence_with_terms(i)
                .is_some_and(|(_, ts)| ts.iter().any(|t| related(&t.key, k)))
    };
    let words: Vec<&ClaimWord> = claim
        .words
        .iter()
        .filter(|w| w.weight > 0.0 && !w.calendar)
        .collect();
    // The window's sentence that gives most of the claim's words as written: its
    // statement. (A window of several sentences may hold the negating one too.)
    let anchor = (lo..hi).max_by_key(|&i| {
        (
            words
                .iter()
                .filter(|w| s.sentence_credit(i, &w.key, 0.0) > 0.0)
                .count(),
            std::cmp::Reverse(i),
        )
    })?;
    let (given, mut lacking): (Vec<&ClaimWord>, Vec<&ClaimWord>) = words
        .iter()
        .copied()
        .partition(|w| holds(s, anchor, &w.key));
    // The evidence must state the rest of the claim: at least two of its words.
    if given.len() < 2 || lacking.is_empty() {
        return None;
    }
    // Most claims stop here: no sentence of the evidence's source that writes a word
    // the evidence lacks has a negation.
    let negated = |j: u32| {
        s.sentence_with_terms(j as usize)
            .is_some_and(|(_, ts)| ts.iter().any(|t| t.negation))
    };
    lacking.retain(|w| {
        s.prepared
            .id(&w.key)
            .is_some_and(|id| s.prepared.key_sentences.get(id).iter().any(|&j| negated(j)))
    });
    let given: Vec<&str> = given.iter().map(|w| w.key.as_str()).collect();
    for w in lacking {
        // Every sentence but the evidence that writes the word, in every source.
        let mut negating: Option<&str> = None;
        let mut plain = false;
        for o in set {
            let Some(id) = o.prepared.id(&w.key) else {
                continue;
            };
            for &j in o.prepared.key_sentences.get(id) {
                let j = j as usize;
                if o.index == s.index && j == anchor {
                    continue;
                }
                let Some((text, ts)) = o.sentence_with_terms(j) else {
                    continue;
                };
                let negations: Vec<usize> = ts
                    .iter()
                    .enumerate()
                    .filter(|(i, t)| {
                        t.negation
                            && !ts.get(i + 1).is_some_and(|n| {
                                text.get(n.start..n.end).is_some_and(|x| {
                                    x.eq_ignore_ascii_case("only") || x.eq_ignore_ascii_case("just")
                                })
                            })
                    })
                    .map(|(i, _)| i)
                    .collect();
                if negations.is_empty() {
                    plain = true;
                    continue;
                }
                // The word is what the negation is said of (before it: `Contractors are
                // not eligible`, not `does not cover dental care`), and what it denies is
                // what the claim states: at least half of the content words it governs
                // (to the end of its clause) are the claim's, one of them one the
                // evidence gives (`remote work`; not `The basic plan does not cover dental
                // care` for `Both the basic and the premium plan cover emergency visits`).
                let denies = negations.iter().any(|&n| {
                    // In the negation's own clause, a few words before it (`spoken and
                    // heard by people who didn't share …` negates the people's sharing).
                    let subject = ts.get(..n).is_some_and(|b| {
                        b.iter()
                            .rposition(|t| related(&t.key, &w.key))
                            .is_some_and(|at| {
                                n - at <= 6
                                    && b.iter().skip(at + 1).all(|t| {
                                        !matches!(t.key.as_str(), "who" | "which" | "that" | "whom")
                                    })
                                    && b.get(at).zip(ts.get(n)).is_some_and(|(x, y)| {
                                        !text
                                            .get(x.end..y.start)
                                            .unwrap_or("")
                                            .contains([',', ';', ':', '(', ')'])
                                    })
                            })
                    });
                    let mut governed = Vec::new();
                    for (i, t) in ts.iter().enumerate().skip(n + 1) {
                        let gap = ts
                            .get(i - 1)
                            .and_then(|p| text.get(p.end..t.start))
                            .unwrap_or("");
                        if gap.contains([',', ';', ':', '(', ')']) || is_turn(text, t) {
                            break;
                        }
                        if !t.stop && !t.negation {
                            governed.push(t.key.as_str());
                        }
                    }
                    let claims = |k: &str| words.iter().any(|c| related(&c.key, k));
                    let stated = governed.iter().filter(|k| claims(k)).count();
                    subject
                        && 2 * stated >= governed.len()
                        && governed
                            .iter()
                            .any(|k| given.iter().any(|g| *g != w.key && related(g, k)))
                });
                if denies && negating.is_none() && o.index == s.index {
                    negating = Some(text);
                }
            }
        }
        if let (Some(text), false) = (negating, plain) {
            if claim.terms.iter().any(|t| negative_word(t, &claim.text)) {
                return None;
            }
            let text = text.trim();
            let head = crate::text::prefix(text, EXCERPT);
            let excerpt = if head.len() < text.len() {
                format!("{head}…")
            } else {
                text.to_string()
            };
            return Some((w.surface.clone(), excerpt));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negating_subject_is_stated_by_a_sentence_away_from_the_window() {
        let report = "Police in Manchester arrested two men after a robbery at a jewellery \
            shop on Saturday. The suspects, aged 24 and 31, were detained near the railway \
            station. A spokesperson said no one was injured during the robbery. Items worth \
            50,000 pounds were recovered.";
        // Asked `Was anyone hurt?`: the claim's `hurt` weighs less, so the robbery's
        // sentence is its evidence and the injury's is two sentences away.
        let unstated = |claim: &str, source: &str| {
            let r = crate::claims::analyze_claims(
                &crate::context::AnswerContext::new(claim),
                "Was anyone hurt?",
                &[crate::source::Source::new("s", source)],
                &[],
                &[],
                &crate::claims::ClaimOptions::default(),
            );
            r.claims
                .iter()
                .flat_map(|c| &c.reasons)
                .any(|x| x.contains("states no negation"))
        };
        assert!(!unstated("Nobody was hurt in the robbery.", report));
        // A source with no negation answers none.
        let plain = "Police in Manchester arrested two men after a robbery at a jewellery \
            shop on Saturday. The suspects were detained near the railway station.";
        let r = crate::claims::tests::report("Nobody was hurt in the robbery.", plain);
        assert!(r
            .claims
            .iter()
            .all(|c| c.status != crate::claims::SupportStatus::Supported));
    }

    #[test]
    fn a_turn_ends_what_the_negation_governs() {
        // `while` ends the negation's clause: what it governs is `eligible for remote
        // work`, which the claim states, not the training that follows.
        let source = "Employees may work remotely up to two days a week with approval. \
            Contractors are not eligible for remote work while they finish their training \
            courses and safety induction.";
        let r = crate::claims::tests::report(
            "Contractors can work remotely two days a week with approval.",
            source,
        );
        let reasons = r
            .claims
            .first()
            .map(|c| c.reasons.join("; "))
            .unwrap_or_default();
        assert!(
            reasons.contains("the sources write Contractors only where they negate it"),
            "{reasons}"
        );
    }
    use crate::claims::terms::{terms, with_window};

    fn unstated(claim: &str, source: &[&str]) -> Option<String> {
        with_window(source, |window| {
            unstated_negation(claim, &terms(claim), window)
        })
    }

    #[test]
    fn a_negation_no_sentence_states_in_any_form() {
        let ef = ["Executive functions are those cognitive processes that direct behavior."];
        assert_eq!(
            unstated(
                "Executive functions are not processes that direct behavior.",
                &ef
            )
            .as_deref(),
            Some("not")
        );
        assert_eq!(
            unstated("Executive functions aren't cognitive processes.", &ef).as_deref(),
            Some("aren't")
        );
        // Stated in other words, or negating nothing the claim states.
        let cats = ["Most cats lack the enzyme needed to digest lactose."];
        assert_eq!(unstated("Most cats cannot digest lactose.", &cats), None);
        let web = ["The deep web is made of unindexed pages."];
        assert_eq!(
            unstated("Search engines do not index the deep web.", &web),
            None
        );
        assert_eq!(unstated("It is not only safe but effective.", &ef), None);
        assert_eq!(unstated("I haven't, but they direct behavior.", &ef), None);
        let final_ = ["The team lost the final 2-1 after extra time."];
        assert_eq!(unstated("The team did not win the final.", &final_), None);
        let jobs = ["About 200 workers lost their jobs."];
        assert_eq!(
            unstated("About 200 workers were left without jobs.", &jobs),
            None
        );
        assert_eq!(
            unstated("Whether or not it helps, it directs behavior.", &ef),
            None
        );
        assert_eq!(unstated("Executive functions direct behavior.", &ef), None);
        // A reply that opens the claim negates nothing it states; the claim's own
        // negation after it still does.
        assert_eq!(unstated("Not really, but they direct behavior.", &ef), None);
        assert_eq!(
            unstated("Not at all, though they direct behavior.", &ef),
            None
        );
        assert_eq!(unstated("No, they direct behavior.", &ef), None);
        assert_eq!(
            unstated("Not really, but they do not direct behavior.", &ef).as_deref(),
            Some("not")
        );
        assert_eq!(
            unstated("Not processes, they direct behavior.", &ef).as_deref(),
            Some("Not")
        );
    }

    #[test]
    fn a_negation_word_of_a_title_states_nothing_negative() {
        let film = ["In 1993 Branagh directed Much Ado About Nothing with Emma Thompson."];
        // The title's `Nothing` does not state the claim's `not`, …
        assert_eq!(
            unstated("Emma Thompson did not star in the 1993 film.", &film).as_deref(),
            Some("not")
        );
        // … and the claim's own title negates nothing.
        assert_eq!(
            unstated("Branagh directed Much Ado About Nothing in 1993.", &film),
            None
        );
        assert_eq!(
            unstated(
                "Branagh directed Much Ado About Nothing in 1993.",
                &["Branagh directed Henry V in 1989."]
            ),
            None
        );
        // The claim writing a title's negation word in lower case writes the title.
        let single = ["The 1974 single Just Don't Want to Be Lonely was a hit."];
        assert_eq!(
            unstated("It sang 'Just don't want to be lonely'.", &single),
            None
        );
        // A negation that opens its sentence still states one.
        let cast = ["Nothing Branagh directed in 1993 starred Emma Thompson."];
        assert_eq!(unstated("Emma Thompson did not star in it.", &cast), None);
    }
}
