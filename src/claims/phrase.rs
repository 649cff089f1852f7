//! A short answer is one phrase: the words it writes side by side are written side by
//! side by a source (see [`unwritten_pair`]).

use std::cell::OnceCell;

use super::roles::is_title;
use super::support::{is_content, IndexedSource};
use super::terms::{terms, Term};

/// Two name words (capitalised, or a number right beside a capitalised word) that a short
/// answer read with its question writes side by side (or with a name's function words
/// between them: `Enemy of the State`; a preposition only where every content word of
/// the answer is a name word: `Train to Busan`, not `Ali defeated Frazier in 1971`),
/// that the sources both write but never in that order with at most one other content
/// word between them (`Hillary Rodham Clinton` holds `Hillary Clinton`) nor the other
/// way round side by side (`Oxford University` holds `University of Oxford`), and the
/// question does not write either way. A model that picks a word of its context into
/// the name it answers with makes such a phrase: `Babylon County` where a source writes
/// `Suffolk County … in the town of Babylon`, `Enemy of the David` where it writes `Enemy
/// of the State` and `David Marconi`.
///
/// A place and its region (`Evanston, Illinois`: the answer's one comma between two name
/// words, every content word a name word) are read the same way, where a source writes
/// another place of the region or the place in another region with a comma (`Washington,
/// Illinois` against `… at Northwestern in Evanston, Illinois … Washington University`).
///
/// Not read: a pair joined by other punctuation or by any other word (`Sweden and
/// Norway`, `Lacu is from Finland`: the items of a list, a subject and what is said of it
/// may be written apart); a title before a name (`Deputy Chief Justice Philomena Mwilu`
/// where a source writes `Philomena Mwilu - Deputy Chief Justice`). A word that starts a
/// longer word of a source, or is a part of a hyphenated one, is that word (`South
/// Korea` in `South Korean`, `Bone` in `T-Bone`).
///
/// Read only where a name of the sources holds one of the two words on the other's side
/// (`Suffolk County`, `Enemy of the State`): two words each written alone (`… directed by
/// Okafor. Adaeze, then 31, …`) may be one name the source splits. Returns the answer's
/// two words as it writes them and that name of the sources.
pub(crate) fn unwritten_pair(
    answer: &str,
    at: &[Term],
    question: (&str, &OnceCell<Vec<Term>>),
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    let content: Vec<usize> = (0..at.len())
        .filter(|&i| at.get(i).is_some_and(is_content))
        .collect();
    if content.len() < 2 {
        return None;
    }
    // Name words: capitalised, or a number right after or before one (`Deadpool 2`).
    let named = |t: &Term| t.capitalised || t.numeric;
    // An answer whose every content word is a name word is one name or title, whose
    // prepositions are its own (`Train to Busan`); in any other (`Ali defeated Frazier in
    // 1971`) only a name's particles join two names.
    let title = content.iter().all(|&k| at.get(k).is_some_and(named));
    let joiners = if title { JOINERS } else { PARTICLES };
    for w in content.windows(2) {
        let (i, j) = (w[0], w[1]);
        let (Some(x), Some(y)) = (at.get(i), at.get(j)) else {
            continue;
        };
        let gap = answer.get(x.end..y.start).unwrap_or_default();
        let adjacent = j == i + 1 && gap == " ";
        // A place and its region, the answer's one comma between them (`Evanston,
        // Illinois`).
        let placed = title && j == i + 1 && gap == ", " && answer.matches(',').count() == 1;
        if !(named(x) && named(y) && (x.capitalised || y.capitalised))
            || ((x.numeric || y.numeric) && !adjacent)
            || x.key == y.key
            || !(placed || joined(answer, at, i, j, joiners))
            || titled(answer, x, y)
        {
            continue;
        }
        // Each word written by some source (a word no source writes is the name rule's).
        if !sources.iter().any(|s| writes(s, &x.key)) || !sources.iter().any(|s| writes(s, &y.key))
        {
            continue;
        }
        // (The question's terms are read only here: most answers stop before.)
        let qt = question.1.get_or_init(|| terms(question.0));
        if written_together(qt, x, y) {
            continue;
        }
        if in_sentences(sources, &x.key, |_, ts| {
            written_together(ts, x, y).then_some(())
        })
        .is_some()
        {
            continue;
        }
        let mine = answer.get(x.start..y.end)?.to_string();
        // Only where a name of the sources holds one of the words on the other's side
        // (`Suffolk County`): two words each written alone (`directed by Okafor. Adaeze,
        // then 31, …`) may well be one name. A place and its region only where a source
        // writes another place of the region, or the place in another region, the same
        // way (`Evanston, Illinois` against `Washington, Illinois`).
        let theirs = if placed {
            regioned(sources, x, y)
        } else {
            bound(sources, x, y)
        };
        if let Some(theirs) = theirs {
            return Some((mine, theirs));
        }
    }
    None
}

/// Whether terms `i` and `j` of `text` stand in one name: nothing but spaces, quotes, an
/// initial's full stop and `joiners` between them.
fn joined(text: &str, ts: &[Term], i: usize, j: usize, joiners: &[&str]) -> bool {
    let (Some(a), Some(b)) = (ts.get(i), ts.get(j)) else {
        return false;
    };
    let Some(gap) = text.get(a.end..b.start) else {
        return false;
    };
    let initial = text
        .get(a.start..a.end)
        .is_some_and(|w| w.chars().count() == 1);
    let punctuation_ok = gap.chars().all(|c| {
        c.is_whitespace()
            || c.is_alphanumeric()
            || matches!(
                c,
                '"' | '\'' | '\u{2018}' | '\u{2019}' | '\u{201C}' | '\u{201D}'
            )
            || (c == '.' && initial)
    });
    let between = ts.get(i + 1..j).unwrap_or_default().iter().all(|t| {
        text.get(t.start..t.end)
            .is_some_and(|w| joiners.iter().any(|c| w.eq_ignore_ascii_case(c)))
    });
    punctuation_ok && between
}

/// Whether `x` is a title right before `y` (`Justice Philomena`, `Chief Justice`): a title
/// joins any name. (After a name, or before `of`, it is a word of the name: `H. King`,
/// `Secretary of State`.)
fn titled(text: &str, x: &Term, y: &Term) -> bool {
    text.get(x.start..x.end).is_some_and(is_title)
        && text
            .get(x.end..y.start)
            .is_some_and(|gap| gap.trim_start_matches('.').trim().is_empty())
}

/// The function words that join two names in any text (`University of Vienna`, `Charles
/// de Gaulle`).
const PARTICLES: &[&str] = &[
    "da", "de", "del", "der", "di", "du", "la", "le", "of", "the", "van", "von",
];

/// The function words that stand inside a name or a title (`Enemy of the State`, `Train
/// to Busan`, `Queer as Folk`, `Charles de Gaulle`); any other (`is`, `and`) ends it.
const JOINERS: &[&str] = &[
    "a", "an", "as", "at", "da", "de", "del", "der", "di", "du", "for", "in", "la", "le", "of",
    "on", "the", "to", "van", "von",
];

/// Whether source term `t` is answer word `w`: the same key, a longer word that starts
/// with it (a key of four characters or more), or a hyphenated word that it is a part of
/// (`T-Bone`).
fn is_word(t: &Term, w: &Term) -> bool {
    t.key == w.key
        || (w.key.len() >= 4 && t.key.starts_with(w.key.as_str()))
        || (t.key.contains('-') && t.key.split('-').any(|p| p == w.key))
}

/// Whether source `s` writes `key` (or a longer word that starts with it).
fn writes(s: &IndexedSource<'_>, key: &str) -> bool {
    if key.len() >= 4 {
        !s.prefix_ids(key).is_empty()
    } else {
        s.id(key).is_some()
    }
}

/// The sentences of `s` that hold `key` (or a longer word that starts with it) as a
/// content word, in order.
fn sentences_with(s: &IndexedSource<'_>, key: &str) -> Vec<usize> {
    let ids: Vec<u32> = if key.len() >= 4 {
        s.prefix_ids(key).collect()
    } else {
        s.id(key).into_iter().collect()
    };
    let mut out: Vec<usize> = ids
        .iter()
        .flat_map(|&id| s.key_sentences.get(id).iter().map(|&k| k as usize))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether `ts` writes `x` before `y` with at most one content word between, or `y`
/// right before `x` (content words only).
fn written_together(ts: &[Term], x: &Term, y: &Term) -> bool {
    let content: Vec<&Term> = ts.iter().filter(|t| is_content(t)).collect();
    content.iter().enumerate().any(|(p, t)| {
        is_word(t, x)
            && (content.get(p + 1).is_some_and(|n| is_word(n, y))
                || content.get(p + 2).is_some_and(|n| is_word(n, y))
                || p.checked_sub(1)
                    .and_then(|q| content.get(q))
                    .is_some_and(|n| is_word(n, y)))
    })
}

/// The first of `f`'s answers over the sentences of `sources` that hold `key` (or a
/// longer word that starts with it), each with its terms, in order.
fn in_sentences<R>(
    sources: &[&IndexedSource<'_>],
    key: &str,
    mut f: impl FnMut(&str, &[Term]) -> Option<R>,
) -> Option<R> {
    sources.iter().find_map(|s| {
        sentences_with(s, key)
            .into_iter()
            .find_map(|k| s.sentence_with_terms(k).and_then(|(text, ts)| f(text, ts)))
    })
}

/// A name of the sources that binds `x` or `y` on the other's side, as a source writes it:
/// `x` and the name word after it, or else the name word before `y` and `y`.
fn bound(sources: &[&IndexedSource<'_>], x: &Term, y: &Term) -> Option<String> {
    [(x, true), (y, false)].into_iter().find_map(|(w, after)| {
        in_sentences(sources, &w.key, |text, ts| {
            // The content words' indices in `ts`.
            let content: Vec<usize> = (0..ts.len())
                .filter(|&i| ts.get(i).is_some_and(is_content))
                .collect();
            content.iter().enumerate().find_map(|(p, &i)| {
                if !ts.get(i).is_some_and(|t| is_word(t, w)) {
                    return None;
                }
                let o = if after {
                    content.get(p + 1)
                } else {
                    p.checked_sub(1).and_then(|q| content.get(q))
                };
                let o = *o.filter(|&&o| ts.get(o).is_some_and(|t| t.capitalised || t.numeric))?;
                let (a, b) = if after { (i, o) } else { (o, i) };
                joined(text, ts, a, b, JOINERS)
                    .then(|| text.get(ts.get(a)?.start..ts.get(b)?.end))
                    .flatten()
                    .map(str::to_string)
            })
        })
    })
}

/// A place and region of the sources written `Place, Region` with `x`'s region or `y`'s
/// place, the other word not the answer's (`Evanston, Illinois` for `x` `Washington` and
/// `y` `Illinois`), as a source writes it.
fn regioned(sources: &[&IndexedSource<'_>], x: &Term, y: &Term) -> Option<String> {
    [(y, x, true), (x, y, false)]
        .into_iter()
        .find_map(|(w, other, region)| {
            in_sentences(sources, &w.key, |text, ts| {
                ts.iter().enumerate().find_map(|(p, t)| {
                    if !is_word(t, w) {
                        return None;
                    }
                    let (a, b) = if region {
                        (p.checked_sub(1).and_then(|q| ts.get(q))?, t)
                    } else {
                        (t, ts.get(p + 1)?)
                    };
                    let o = if region { a } else { b };
                    (o.capitalised
                        && !is_word(o, other)
                        && text.get(a.end..b.start).is_some_and(|g| g.trim() == ","))
                    .then(|| text.get(a.start..b.end).map(str::to_string))
                    .flatten()
                })
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::support::with_sources;

    fn unwritten(answer: &str, question: &str, sources: &[&str]) -> Option<(String, String)> {
        with_sources(sources, |set| {
            unwritten_pair(answer, &terms(answer), (question, &OnceCell::new()), set)
        })
    }

    fn pair(a: &str, b: &str) -> Option<(String, String)> {
        Some((a.to_string(), b.to_string()))
    }

    #[test]
    fn a_short_answers_words_stand_together_in_a_source() {
        let county = "Lindenhurst is a village in Suffolk County, New York, on the southern \
                      shore of Long Island in the town of Babylon.";
        let q = "What county is Lindenhurst in?";
        assert_eq!(
            unwritten("Babylon County", q, &[county]),
            pair("Babylon County", "Suffolk County")
        );
        assert_eq!(unwritten("Suffolk County", q, &[county]), None);
        // Function words between the two are the name's (`Enemy of the State`).
        let film = "Enemy of the State is a 1998 film written by David Marconi.";
        let q = "What 1998 film was directed by Tony Scott?";
        assert_eq!(
            unwritten("Enemy of the David", q, &[film]),
            pair("Enemy of the David", "Enemy of the State")
        );
        assert_eq!(unwritten("Enemy of the State", q, &[film]), None);
        // One word between in a source, the other order side by side, a longer word, a
        // nickname in quotes, an initial: the same phrase.
        let people = "Hillary Rodham Clinton spoke. The college is part of Oxford University. \
                      It was the South Korean entry. H. Bruce \"Lucky\" Humberstone directed.";
        for same in [
            "Hillary Clinton",
            "University of Oxford",
            "South Korea",
            "H. Bruce \"Lucky\" Humberstone",
        ] {
            assert_eq!(unwritten(same, "Who?", &[people]), None, "{same}");
        }
        assert_eq!(
            unwritten("H. Oxford \"Lucky\" Humberstone", "Who?", &[people]),
            pair("H. Oxford", "H. Bruce")
        );
    }

    #[test]
    fn lists_places_and_unwritten_words_are_not_read() {
        let src = "Sweden has a strong movement. Norway banned it. Evanston is a city. \
                   The university is in Illinois.";
        // Items of a list, a place and its region, a word no source writes.
        assert_eq!(unwritten("Sweden and Norway", "Where?", &[src]), None);
        assert_eq!(unwritten("Evanston, Illinois", "Where?", &[src]), None);
        // A place and its region: read where a source writes another place of the region
        // (or the place in another region) with a comma.
        let campus = "She studied in Evanston, Illinois. Later she taught at Washington \
                      University in St. Louis.";
        assert_eq!(
            unwritten("Washington, Illinois", "Where?", &[campus]),
            pair("Washington, Illinois", "Evanston, Illinois")
        );
        assert_eq!(
            unwritten(
                "Evanston, Missouri",
                "Where?",
                &[campus, "Missouri is a state."]
            ),
            pair("Evanston, Missouri", "Evanston, Illinois")
        );
        assert_eq!(unwritten("Evanston, Illinois", "Where?", &[campus]), None);
        // (A word between, as for any pair: `Paris is the capital of France`.)
        let capital = "Paris is the capital of France. Lyon, France is its third city.";
        assert_eq!(unwritten("Paris, France", "Where?", &[capital]), None);
        assert_eq!(unwritten("Evanston Springs", "Where?", &[src]), None);
        // Lower-case words side by side, or a name and what is said of it: nothing of a
        // name.
        assert_eq!(unwritten("strong city", "What?", &[src]), None);
        assert_eq!(unwritten("Evanston banned Norway", "What?", &[src]), None);
        assert_eq!(unwritten("Norway is Evanston", "What?", &[src]), None);
        // A part of a hyphenated word.
        let blues = "T-Bone Walker recorded it. The signal stage feeds the Quadrature Decoder.";
        assert_eq!(unwritten("Bone Walker", "Who?", &[blues]), None);
        assert_eq!(
            unwritten("Walker Decoder", "What?", &[blues]),
            pair("Walker Decoder", "Quadrature Decoder")
        );
        // A clause's preposition joins no names; a number joins a name right beside it.
        let bout = "In 1971 Ali defeated Frazier at Madison Square Garden.";
        assert_eq!(
            unwritten("Ali defeated Frazier in 1971", "When?", &[bout]),
            None
        );
        assert_eq!(unwritten("Frazier in 1971", "When?", &[bout]), None);
        // A title joins any name.
        let judge = "Philomena Mwilu - Deputy Chief Justice";
        assert_eq!(unwritten("Justice Philomena Mwilu", "Who?", &[judge]), None);
        // Not a title after a name, nor one before `of`.
        assert_eq!(
            unwritten("Mwilu Justice", "Who?", &[judge]),
            pair("Mwilu Justice", "Chief Justice")
        );
        // Two words each written alone: nothing says they are not one name.
        let film = "The film was directed by Okafor. Adaeze, then 31, had made two shorts.";
        assert_eq!(unwritten("Adaeze Okafor", "Who?", &[film]), None);
        // The question's own phrase.
        let lake = "Lake Evanston is a city. The university is in Illinois.";
        let q = "Is Illinois Evanston the city?";
        assert_eq!(unwritten("Illinois Evanston", q, &[lake]), None);
        assert_eq!(
            unwritten("Illinois Evanston", "Which city?", &[lake]),
            pair("Illinois Evanston", "Lake Evanston")
        );
    }
}
