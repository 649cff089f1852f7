//! Who says a statement: `The player has agreed a five-year contract, United said.` is
//! United's, and a claim that gives it to another speaker (`Ajax said the player had
//! agreed a five-year contract`) puts a name in United's place.

use super::support::same_word;
use super::terms::Term;

/// Verbs that report speech, as written (past and present): four to nine letters, each
/// opening with `a`, `c`, `i`, `s`, `t` or `w` (a test holds the list to it).
const SPEECH: &[&str] = &[
    "added",
    "adds",
    "announced",
    "announces",
    "claimed",
    "claims",
    "confirmed",
    "confirms",
    "insisted",
    "insists",
    "said",
    "says",
    "stated",
    "states",
    "told",
    "warned",
    "warns",
];

/// True when `word` (as written, any case) is a verb of [`SPEECH`]: what an apposed
/// spokesman says, the body he speaks for says (`The company's spokesman, Tom Lin,
/// said …`), so such a verb is not given to the apposed name alone.
pub(super) fn reports_speech(word: &str) -> bool {
    SPEECH.iter().any(|v| v.eq_ignore_ascii_case(word))
}

/// Words that cannot be part of a speaker that names: pronouns and determiners (`he
/// said`, `the club said`: who they are is read elsewhere).
const NOT_A_SPEAKER: &[&str] = &[
    "a", "an", "he", "her", "his", "i", "it", "its", "our", "she", "that", "the", "their", "them",
    "these", "they", "this", "those", "we", "you",
];

/// The most words a speaker runs to (`West Yorkshire Police`, `Manager Erik ten Hag`).
const LONGEST: usize = 5;

/// The speaker of `text` (terms `ts`): the words between a clause's start (the text's,
/// a comma's or a colon's) and a verb of [`SPEECH`] right after them (`United said`,
/// `…, police said.`), or after `according to` up to the clause's end; only names and
/// bare nouns (no pronoun or determiner: [`NOT_A_SPEAKER`]), but for `the` before a name
/// (`The Foreign Office said`: the name's range). Returns the token range.
fn speaker(text: &str, ts: &[Term]) -> Option<(usize, usize)> {
    let word = |i: usize| {
        ts.get(i)
            .and_then(|t| text.get(t.start..t.end))
            .unwrap_or("")
    };
    let one_of = |w: &str, list: &[&str]| list.iter().any(|x| w.eq_ignore_ascii_case(x));
    // A clause opens before token `k`: the text's start, or a mark in the gap before it.
    let opens = |k: usize| {
        k == 0
            || text
                .get(ts[k - 1].end..ts[k].start)
                .is_none_or(|g| g.contains([',', ';', ':', '(', ')', '"', '“', '”']))
    };
    let plain = |lo: usize, hi: usize| {
        hi > lo
            && hi - lo <= LONGEST
            && (lo..hi).all(|k| !one_of(word(k), NOT_A_SPEAKER) && !ts[k].numeric)
    };
    // `The Foreign Office`: `the` before a name of capitalised words only.
    let named = |lo: usize, hi: usize| {
        if word(lo).eq_ignore_ascii_case("the")
            && hi > lo + 1
            && (lo + 1..hi).all(|k| ts[k].capitalised)
            && plain(lo + 1, hi)
        {
            Some((lo + 1, hi))
        } else {
            plain(lo, hi).then_some((lo, hi))
        }
    };
    // A verb of speech, or `according`: four to nine letters, and most words are ruled
    // out by their first letter before the list is read.
    let may_say = |w: &str| {
        (4..=9).contains(&w.len())
            && matches!(
                w.as_bytes()[0].to_ascii_lowercase(),
                b'a' | b'c' | b'i' | b's' | b't' | b'w'
            )
    };
    if !(0..ts.len()).any(|k| may_say(word(k))) {
        return None; // most claims
    }
    for v in 1..ts.len() {
        if !may_say(word(v)) || !one_of(word(v), SPEECH) {
            continue;
        }
        // Back to the clause's start, over no mark.
        let mut lo = v;
        while lo > 0 && !opens(lo) && v - lo < LONGEST {
            lo -= 1;
        }
        if opens(lo) {
            if let Some(found) = named(lo, v) {
                return Some(found);
            }
        }
    }
    // `according to the police` is no name either; `according to United` is.
    (0..ts.len().saturating_sub(2)).find_map(|i| {
        if !(word(i).eq_ignore_ascii_case("according") && word(i + 1).eq_ignore_ascii_case("to")) {
            return None;
        }
        let lo = i + 2;
        let mut hi = lo;
        while hi < ts.len() && (hi == lo || !opens(hi)) && hi - lo < LONGEST {
            hi += 1;
        }
        named(lo, hi)
    })
}

/// The claim's speaker (`claim`, terms `ct`) replaced by another in a sentence of its
/// evidence window (`window`: each sentence with its terms) that states what the claim
/// has said (two content words of the claim besides its speaker): both name who says
/// what they say ([`speaker`]) by a name (of the claim: `is_name`; of the sentence: a
/// capitalised word that does not open it), they share no word, neither is the other's
/// initials (`WHO` / `World Health Organization`), and the sentence does not write the
/// claim's speaker anywhere (`Tom Lin, a spokesman for Acme, said` speaks for Acme).
/// Bare nouns are left alone (`researchers` / `scientists`). Returns the claim's speaker
/// and the sentence's, as written. `window` is made only for a claim with a named
/// speaker.
pub(crate) fn speaker_replaced<'w, 's: 'w>(
    claim: &str,
    ct: &[Term],
    is_name: &dyn Fn(&Term) -> bool,
    window: impl FnOnce() -> &'w [(&'s str, &'s [Term])],
) -> Option<(String, String)> {
    // Most claims name no speaker: the window is not read.
    let (a, b) = speaker(claim, ct)?;
    let mine = ct.get(a..b)?;
    if !mine.iter().any(is_name) {
        return None;
    }
    let said: Vec<&Term> = ct
        .iter()
        .enumerate()
        .filter(|&(i, t)| (i < a || i >= b) && !t.stop && !t.numeric)
        .map(|(_, t)| t)
        .collect();
    let text = |s: &str, ts: &[Term]| Some(s.get(ts.first()?.start..ts.last()?.end)?.to_string());
    window().iter().find_map(|&(sentence, st)| {
        let writes = |t: &Term| st.iter().any(|s| !s.stop && same_word(&s.key, &t.key));
        if said.iter().filter(|t| writes(t)).count() < 2 {
            return None;
        }
        let (c, d) = speaker(sentence, st)?;
        let theirs = st.get(c..d)?;
        if !(c..d).any(|k| k > 0 && st[k].capitalised) {
            return None;
        }
        if mine.iter().filter(|t| !t.stop).any(writes) {
            return None;
        }
        let (mine, theirs) = (text(claim, mine)?, text(sentence, theirs)?);
        (!initials(&mine, &theirs) && !initials(&theirs, &mine)).then_some((mine, theirs))
    })
}

/// True when `short` (one word) is the initials of the capitalised words of `long`.
fn initials(short: &str, long: &str) -> bool {
    let letters: String = long
        .split_whitespace()
        .filter_map(|w| w.chars().next().filter(|c| c.is_uppercase()))
        .collect();
    !short.contains(' ') && letters.len() >= 2 && short == letters
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::terms::{terms, with_window};

    fn replaced(claim: &str, sentence: &str) -> Option<(String, String)> {
        // The claim's names as its profile reads them: here, capitalised words.
        let is_name = |t: &Term| t.capitalised;
        with_window(&[sentence], |w| {
            speaker_replaced(claim, &terms(claim), &is_name, || w)
        })
    }

    #[test]
    fn the_verbs_of_speech_are_ruled_in_by_length_and_first_letter() {
        for w in SPEECH.iter().chain(&["according"]) {
            assert!((4..=9).contains(&w.len()), "{w}");
            assert!("acistw".contains(&w[..1]), "{w}");
        }
    }

    #[test]
    fn a_statement_given_to_another_speaker() {
        let s = "The 24-year-old has agreed a five-year contract, United said.";
        assert_eq!(
            replaced("Ajax said Reijnders had agreed a five-year contract.", s),
            Some(("Ajax".into(), "United".into()))
        );
        assert_eq!(
            replaced("Reijnders has agreed a five-year deal, Ajax said.", s),
            Some(("Ajax".into(), "United".into()))
        );
        let w = "The car did not stop after the collision, said Inspector Jane Hale.";
        assert_eq!(
            replaced("According to Acme, the car did not stop.", w),
            None
        );
        let w = "The car did not stop after the collision, Inspector Jane Hale said.";
        assert_eq!(
            replaced("According to Acme, the car did not stop.", w),
            Some(("Acme".into(), "Inspector Jane Hale".into()))
        );
    }

    #[test]
    fn the_same_speaker_or_one_that_cannot_be_told_apart() {
        let s = "The 24-year-old has agreed a five-year contract, United said.";
        for claim in [
            "United said the player has agreed a five-year contract.",
            "Manchester United said he has agreed a five-year contract.",
            "The club said he has agreed a five-year contract.",
            "The Dutch club said he has agreed a five-year contract.",
            "He said he has agreed a five-year contract.",
            "He has agreed a five-year contract.",
        ] {
            assert_eq!(replaced(claim, s), None, "{claim}");
        }
        // One who speaks for the claim's speaker.
        let spokesman = "The plant will close, Tom Lin, a spokesman for Acme, said.";
        assert_eq!(replaced("Acme said the plant will close.", spokesman), None);
        // Bare nouns, initials.
        let w = "The car did not stop after the collision, witnesses said.";
        assert_eq!(replaced("Police said the car did not stop.", w), None);
        let who = "Cases rose by 10%, World Health Organization officials said.";
        assert_eq!(replaced("Cases rose by 10%, WHO said.", who), None);
        // A name after `the`.
        let fo = "The aid would include food and medicine, the Foreign Office said.";
        assert_eq!(
            replaced(
                "Keir Starmer said the aid would include food and medicine.",
                fo
            ),
            Some(("Keir Starmer".into(), "Foreign Office".into()))
        );
        assert_eq!(
            replaced("The Foreign Office said the aid would include food.", fo),
            None
        );
        // A sentence that says something else.
        assert_eq!(
            replaced(
                "Ajax said the deal was done.",
                "The deal was done, United said."
            ),
            Some(("Ajax".into(), "United".into()))
        );
        assert_eq!(
            replaced("Ajax said the deal was done.", "Fans cheered, United said."),
            None
        );
        // No speaker in the sentence.
        assert_eq!(
            replaced(
                "Ajax said the deal was done.",
                "The deal was done on Friday."
            ),
            None
        );
    }
}
