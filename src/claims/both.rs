//! A claim that says one thing of two named subjects at once (`The University of West
//! Florida and FH Joanneum are both American universities`, `Both Ted Tetzlaff and David
//! Siegel worked as cinematographers`) where the sources say a word of it of one of them
//! only: each word of the claim stands in some source, so coverage sees nothing wrong,
//! but `American` is said of one university and `Austrian` of the other.

use super::support::{related, IndexedSource};
use super::terms::Term;

/// Words that join a name's capitalised words (`University of West Florida`, `Charles de
/// Gaulle`).
const NAME_JOINERS: &[&str] = &["of", "the", "de", "da", "del", "du", "van", "von"];

/// Words of praise or rank that a source says of a subject in many ways (`major` of a
/// city that is `the largest`): not read.
const VAGUE: &[&str] = &[
    "best",
    "famous",
    "great",
    "important",
    "key",
    "known",
    "leading",
    "main",
    "major",
    "notable",
    "popular",
    "prominent",
    "renowned",
    "significant",
    "top",
    "well",
];

/// Pronouns that open a sentence continuing the one before about the same subject.
const PRONOUNS: &[&str] = &["he", "she", "it", "they", "his", "her", "its", "their"];

/// A name: its content keys and its words as written.
type Name = (Vec<String>, String);

/// The two names of `text` (terms `ts`) written `A and B`, each a run of capitalised
/// words (with [`NAME_JOINERS`] inside).
fn two_names(text: &str, ts: &[Term]) -> Option<(Name, Name)> {
    let word = |i: usize| {
        ts.get(i)
            .and_then(|t| text.get(t.start..t.end))
            .unwrap_or("")
    };
    let spaced = |i: usize| {
        ts.get(i)
            .zip(ts.get(i + 1))
            .and_then(|(a, b)| text.get(a.end..b.start))
            .is_some_and(|g| g == " ")
    };
    // The run of a name that ends at term `end` (inclusive), going left; its first index.
    let run_left = |end: usize| -> Option<usize> {
        if !ts.get(end)?.capitalised {
            return None;
        }
        let mut start = end;
        while start > 0 && spaced(start - 1) {
            let p = &ts[start - 1];
            let joiner = NAME_JOINERS.iter().any(|j| word(start - 1) == *j);
            if p.capitalised || (joiner && start >= 2 && ts[start - 2].capitalised) {
                start -= 1;
            } else {
                break;
            }
        }
        Some(start)
    };
    let run_right = |start: usize| -> Option<usize> {
        if !ts.get(start)?.capitalised {
            return None;
        }
        let mut end = start;
        while spaced(end) && end + 1 < ts.len() {
            let n = &ts[end + 1];
            let joiner = NAME_JOINERS.iter().any(|j| word(end + 1) == *j);
            if n.capitalised || (joiner && ts.get(end + 2).is_some_and(|t| t.capitalised)) {
                end += 1;
            } else {
                break;
            }
        }
        Some(end)
    };
    let name = |a: usize, b: usize| -> Name {
        let keys = ts
            .get(a..=b)
            .unwrap_or(&[])
            .iter()
            .filter(|t| !t.stop && t.capitalised)
            .map(|t| t.key.clone())
            .collect();
        let written = ts
            .get(a)
            .zip(ts.get(b))
            .and_then(|(x, y)| text.get(x.start..y.end))
            .unwrap_or("");
        (keys, written.to_string())
    };
    (1..ts.len().saturating_sub(1)).find_map(|i| {
        if !word(i).eq_ignore_ascii_case("and") || !spaced(i - 1) || !spaced(i) {
            return None;
        }
        let a0 = run_left(i - 1)?;
        // `Both` opening the claim is no part of the first name.
        let a0 = if word(a0).eq_ignore_ascii_case("both") {
            a0 + 1
        } else {
            a0
        };
        let b1 = run_right(i + 1)?;
        let (a, b) = (name(a0, i - 1), name(i + 1, b1));
        (!a.0.is_empty() && !b.0.is_empty()).then_some((a, b))
    })
}

/// A word of a claim that says `both` of two names (written `A and B` in the claim, or
/// in the question the claim answers: `Yes, both were American directors.`) which the
/// sources say of one of them and not of the other: the sentences that name a subject
/// (all of its name's words), with the sentence after each when that one opens with a
/// pronoun, hold the word (in any form) for one subject and not for the other. The words
/// read are the claim's content words outside the names. Returns the word and the name
/// the sources do not say it of, as written.
pub(crate) fn undistributed(
    claim: &str,
    ct: &[Term],
    question: (&str, &std::cell::OnceCell<Vec<Term>>),
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    // Most claims stop here.
    let both = ct.iter().any(|t| {
        claim
            .get(t.start..t.end)
            .is_some_and(|w| w.eq_ignore_ascii_case("both"))
    });
    if !both {
        return None;
    }
    let (a, b) = two_names(claim, ct).or_else(|| {
        let qt = question.1.get_or_init(|| super::terms::terms(question.0));
        two_names(question.0, qt)
    })?;
    let in_name = |k: &str| a.0.iter().chain(&b.0).any(|n| n == k);
    // What the two are compared with (`closer to the Sun than Earth`) is said of
    // neither, and a relative clause (`… philosophers whose work shaped …`) says more of
    // the two than one word: the words after `than` or a relative pronoun are not read.
    let end = ct
        .iter()
        .position(|t| {
            claim.get(t.start..t.end).is_some_and(|w| {
                ["than", "who", "whose", "which", "that", "where"]
                    .iter()
                    .any(|x| w.eq_ignore_ascii_case(x))
            })
        })
        .map_or(usize::MAX, |i| ct[i].start);
    // Verbs in `-ed` and `-ing` say one thing in many words (`located on` / `occupies`,
    // `worked as`): the words read are the claim's names, nouns and adjectives.
    let verb = |w: &str| w.len() >= 5 && (w.ends_with("ed") || w.ends_with("ing"));
    let words: Vec<&Term> = ct
        .iter()
        .filter(|t| t.start < end)
        .filter(|t| {
            !claim
                .get(t.start..t.end)
                .is_some_and(|w| verb(w) || VAGUE.iter().any(|v| w.eq_ignore_ascii_case(v)))
        })
        .filter(|t| !t.stop && !t.numeric && !t.negation && !in_name(&t.key))
        .filter(|t| {
            claim
                .get(t.start..t.end)
                .is_some_and(|w| !w.eq_ignore_ascii_case("both"))
        })
        .collect();
    if words.is_empty() {
        return None;
    }
    // The terms of every sentence that speaks of `name`.
    let about = |name: &[String]| -> Vec<&[Term]> {
        let mut out = Vec::new();
        for src in sources {
            let mut follows = false;
            for s in 0..src.sentences.len() {
                let Some((text, ts)) = src.sentence_with_terms(s) else {
                    continue;
                };
                let names = name.iter().all(|k| ts.iter().any(|t| &t.key == k));
                let continues = follows
                    && ts.first().is_some_and(|t| {
                        text.get(t.start..t.end)
                            .is_some_and(|w| PRONOUNS.iter().any(|p| w.eq_ignore_ascii_case(p)))
                    });
                if names || continues {
                    out.push(ts);
                }
                follows = names;
            }
        }
        out
    };
    let (of_a, of_b) = (about(&a.0), about(&b.0));
    if of_a.is_empty() || of_b.is_empty() {
        return None;
    }
    // A word in any form, its degrees one word (`closer` / `closest`).
    let base = |k: &str| -> String {
        let cut = ["est", "er"]
            .iter()
            .find(|e| k.len() >= 6 && k.ends_with(*e))
            .map_or(0, |e| e.len());
        k.get(..k.len() - cut).unwrap_or(k).to_string()
    };
    // A verb with `co-` says the verb of its subject and of who it is done with
    // (`John Lennon co-wrote … with Paul McCartney` says `wrote` of both).
    let says = |of: &[&[Term]], k: &str| {
        let kb = base(k);
        of.iter().any(|ts| {
            ts.iter().any(|t| {
                let key = t.key.strip_prefix("co-").unwrap_or(&t.key);
                related(key, k) || base(key) == kb
            })
        })
    };
    words.iter().find_map(|t| {
        let (in_a, in_b) = (says(&of_a, &t.key), says(&of_b, &t.key));
        let lacking = match (in_a, in_b) {
            (true, false) => &b,
            (false, true) => &a,
            _ => return None,
        };
        Some((claim.get(t.start..t.end)?.to_string(), lacking.1.clone()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::support::with_sources;
    use crate::claims::terms::terms;

    fn check(claim: &str, question: &str, texts: &[&str]) -> Option<(String, String)> {
        let qt = std::cell::OnceCell::new();
        with_sources(texts, |set| {
            undistributed(claim, &terms(claim), (question, &qt), set)
        })
    }

    #[test]
    fn a_word_said_of_one_of_two_names_only() {
        let unis = "The University of West Florida is an American public university in Pensacola. FH Joanneum is an Austrian university of applied sciences located in Graz.";
        assert_eq!(
            check(
                "The University of West Florida and FH Joanneum are both American universities.",
                "",
                &[unis]
            ),
            Some(("American".into(), "FH Joanneum".into()))
        );
        // The names from the question, for a reply without them.
        assert_eq!(
            check(
                "Yes, they are both American universities.",
                "Are the University of West Florida and FH Joanneum both American universities?",
                &[unis]
            )
            .map(|(w, _)| w),
            Some("American".into())
        );
        let film = "Ted Tetzlaff was an American cinematographer and film director. David Siegel is an American film director and screenwriter.";
        assert_eq!(
            check(
                "Both Ted Tetzlaff and David Siegel worked as cinematographers.",
                "",
                &[film]
            ),
            Some(("cinematographers".into(), "David Siegel".into()))
        );
        // A verb with `co-` says the verb of both.
        let songs = "John Lennon co-wrote many of the Beatles' songs with Paul McCartney. McCartney also wrote songs alone.";
        assert_eq!(
            check(
                "Lennon and McCartney both wrote songs for the Beatles.",
                "",
                &[songs]
            ),
            None
        );
        // Said of both, or of neither; a claim without `both`; a name no source writes.
        assert_eq!(
            check(
                "Ted Tetzlaff and David Siegel were both American film directors.",
                "",
                &[film]
            ),
            None
        );
        assert_eq!(
            check(
                "Ted Tetzlaff and David Siegel were both born in Ohio.",
                "",
                &[film]
            ),
            None
        );
        assert_eq!(
            check(
                "Ted Tetzlaff and David Siegel were cinematographers.",
                "",
                &[film]
            ),
            None
        );
        assert_eq!(
            check(
                "Both Ted Tetzlaff and Jane Doe were cinematographers.",
                "",
                &[film]
            ),
            None
        );
        // Degrees of one word, and what they are compared with.
        let planets = "Mercury is the closest planet to the Sun. Venus is the second planet from the Sun, closer to it than Earth.";
        assert_eq!(
            check(
                "Both Mercury and Venus are closer to the Sun than Earth.",
                "",
                &[planets]
            ),
            None
        );
        // Words of rank, verbs, and what a relative clause says.
        let japan =
            "Tokyo is the capital and the largest city of Japan. Osaka is a major city in Japan.";
        assert_eq!(
            check(
                "Both Tokyo and Osaka are major cities in Japan.",
                "",
                &[japan]
            ),
            None
        );
        let iberia = "Spain occupies most of the Iberian Peninsula. Portugal is located on the western edge of the Iberian Peninsula.";
        assert_eq!(
            check(
                "Both Spain and Portugal are located on the Iberian Peninsula.",
                "",
                &[iberia]
            ),
            None
        );
        let kant = "Immanuel Kant was a German philosopher. Georg Hegel was a German philosopher whose work shaped modern thought.";
        assert_eq!(
            check(
                "Both Kant and Hegel were German philosophers whose work shaped modern thought.",
                "",
                &[kant]
            ),
            None
        );
        // A sentence after the name that opens with a pronoun speaks of it too.
        let more = "David Siegel is an American film director. He also works as a screenwriter. Ted Tetzlaff was a screenwriter.";
        assert_eq!(
            check(
                "Ted Tetzlaff and David Siegel were both screenwriters.",
                "",
                &[more]
            ),
            None
        );
    }
}
