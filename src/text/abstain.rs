//! Abstentions: sentences in which the answer declines to answer, or says that the
//! sources do not hold what was asked ("I don't have that information in the provided
//! documents.", "The sources do not say when it opened."). Such a sentence claims
//! nothing about the world, so it needs no citation and no support; an answer made only
//! of them is an abstention (decision CLARIFY), not a hallucination.
//!
//! The test is structural, not a list of sentences: a first-person statement of not
//! knowing or not finding, or a statement whose subject is the retrieved material (the
//! sources, documents, context, passages, …) together with a verb of saying or holding
//! in the negative, or an absence ("no information", "not mentioned").

use super::{contains_phrase, PhraseText, Phrases};

/// Openers that only soften what follows ("Unfortunately, …", "Sorry, …").
const SOFTENERS: &[&str] = &[
    "unfortunately",
    "sorry",
    "i'm sorry",
    "i am sorry",
    "i apologize",
    "i apologise",
    "i'm afraid",
    "i am afraid",
    "regrettably",
    "however",
];

/// First-person ways of saying "I do not know / cannot find", matched at the start.
const FIRST_PERSON: &[&str] = &[
    "i don't know",
    "i do not know",
    "i don't have",
    "i do not have",
    "i didn't find",
    "i did not find",
    "i don't see",
    "i do not see",
    "i have no information",
    "i have no data",
    "i have no details",
    "i'm not sure",
    "i am not sure",
    "i'm not 100% sure",
    "i am not 100% sure",
    "i'm not entirely sure",
    "i am not entirely sure",
    "i'm not completely sure",
    "i am not completely sure",
    "i'm not totally sure",
    "i am not totally sure",
    "i'm not quite sure",
    "i am not quite sure",
    "i'm not really sure",
    "i am not really sure",
    "i'm unable to",
    "i am unable to",
    "i was unable to",
    "i'm not able to",
    "i am not able to",
    "i was not able to",
    "i wasn't able to",
    "i can't",
    "i cannot",
    "i can not",
    "i couldn't",
    "i could not",
    "no answer",
    "not enough information",
    "insufficient information",
    "there is not enough information",
    "there isn't enough information",
    "there is insufficient information",
    "there is no information",
    "there's no information",
    "there is no mention",
    "there's no mention",
    "no information",
];

/// Verbs of knowing or finding that a first-person "I can't / I couldn't" must govern
/// to be an abstention ("I can't find …", not "I can't stress enough …").
const FIRST_PERSON_VERBS: &[&str] = &[
    "find",
    "locate",
    "answer",
    "determine",
    "tell",
    "say",
    "confirm",
    "verify",
    "provide",
    "see",
    "know",
    "identify",
    "help",
    "access",
    "give",
];

/// Nouns that name the retrieved material.
pub(crate) const MATERIAL: &[&str] = &[
    "source",
    "sources",
    "document",
    "documents",
    "documentation",
    "docs",
    "context",
    "passage",
    "passages",
    "reference",
    "references",
    "search results",
    "retrieved",
    "provided information",
    "information provided",
    "information given",
    "information available",
    "available information",
    "material",
    "materials",
    "excerpt",
    "excerpts",
    "text provided",
    "provided text",
    "given text",
    "knowledge base",
];

/// Negated verbs of saying or holding ("do not mention", "doesn't say").
static MATERIAL_PHRASES: Phrases = Phrases::new(MATERIAL);
static ABSENCE_PHRASES: Phrases = Phrases::new(ABSENCES);
static SAYING_PHRASES: Phrases = Phrases::new(SAYING);
static NEGATION_PHRASES: Phrases = Phrases::new(NEGATIONS);
const NEGATIONS: &[&str] = &[
    "do not",
    "don't",
    "does not",
    "doesn't",
    "did not",
    "didn't",
    "fail to",
    "fails to",
    "failed to",
];

/// Verbs of saying or holding that a negation before them turns into an absence.
pub(crate) const SAYING: &[&str] = &[
    "say",
    "says",
    "mention",
    "mentions",
    "contain",
    "contains",
    "include",
    "includes",
    "state",
    "states",
    "specify",
    "specifies",
    "provide",
    "provides",
    "address",
    "addresses",
    "cover",
    "covers",
    "discuss",
    "discusses",
    "give",
    "gives",
    "describe",
    "describes",
    "list",
    "lists",
    "answer",
    "answers",
    "indicate",
    "indicates",
    "have",
    "has",
    "offer",
    "offers",
    "explain",
    "explains",
    "report",
    "reports",
    "clarify",
    "reveal",
    "reveals",
    "tell",
    "tells",
    "define",
    "defines",
];

/// Absences that need no verb ("no information about", "not mentioned").
const ABSENCES: &[&str] = &[
    "no information",
    "no mention",
    "no details",
    "no data",
    "no answer",
    "no record",
    "no reference",
    "nothing about",
    "nothing on",
    "not mentioned",
    "not stated",
    "not specified",
    "not provided",
    "not found",
    "not included",
    "not available",
    "not covered",
    "not addressed",
    "not given",
    "not listed",
    "not contained",
    "not present",
    "not discussed",
    "not described",
    "silent on",
    "silent about",
];

/// True when `sentence` declines to answer or says the sources do not hold the answer.
pub fn is_abstention(sentence: &str) -> bool {
    abstention(sentence, None)
}

/// [`is_abstention`] with the sentence prepared for phrase questions already: `phrases`
/// must hold every run of letters and digits of the sentence lower-cased (as
/// [`PhraseText::contains_in`] asks), which a [`PhraseText`] of the sentence trimmed and
/// lower-cased does when the sentence is ASCII.
pub fn is_abstention_with(sentence: &str, phrases: &PhraseText<'_>) -> bool {
    abstention(sentence, Some(phrases))
}

fn abstention(sentence: &str, prepared: Option<&PhraseText<'_>>) -> bool {
    let lower = normalize(sentence);
    let mut t = lower.as_str();
    // Drop softeners ("Unfortunately, I couldn't …") and list or quote marks.
    loop {
        let before = t;
        t = t.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        for s in SOFTENERS {
            if let Some(rest) = t.strip_prefix(s) {
                if rest.starts_with([',', ' ', ':', ';', '.', '!']) {
                    t = rest;
                }
            }
        }
        if t == before {
            break;
        }
    }
    if first_person(t) {
        return true;
    }
    let own;
    let phrases = match prepared {
        Some(p) => p,
        None => {
            own = PhraseText::new(&lower);
            &own
        }
    };
    let has = |p: &str| phrases.contains_in(t, p);
    if !phrases.any_in(t, &MATERIAL_PHRASES) {
        return false;
    }
    if phrases.any_in(t, &ABSENCE_PHRASES) {
        return true;
    }
    if has("none of the") && phrases.any_in(t, &SAYING_PHRASES) {
        return true;
    }
    // `{n} {v}` found with clear edges contains `n` and `v` with clear edges: only the
    // pairs whose parts are both there are searched.
    let verbs: Vec<&str> = phrases.found_in(t, &SAYING_PHRASES).collect();
    if verbs.is_empty() {
        return false;
    }
    let negated = phrases.found_in(t, &NEGATION_PHRASES).any(|n| {
        verbs.iter().any(|v| {
            contains_phrase(t, &format!("{n} {v}"))
                || contains_phrase(t, &format!("{n} explicitly {v}"))
        })
    });
    negated
}

/// Lower case, curly apostrophes straightened, whitespace collapsed.
fn normalize(s: &str) -> String {
    if s.is_ascii() {
        // The same, byte by byte (ASCII whitespace is what `char::is_whitespace` finds
        // in ASCII text: space, tab, line feed, form feed, carriage return and the
        // vertical tab).
        let mut out: Vec<u8> = Vec::with_capacity(s.len());
        let mut space = false;
        for b in s.bytes() {
            if matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r') {
                if !space && !out.is_empty() {
                    out.push(b' ');
                }
                space = true;
                continue;
            }
            space = false;
            out.push(b.to_ascii_lowercase());
        }
        return String::from_utf8(out).unwrap_or_default();
    }
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        let c = match c {
            '\u{2019}' | '\u{2018}' | '\u{02BC}' => '\'',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            if !space && !out.is_empty() {
                out.push(' ');
            }
            space = true;
            continue;
        }
        space = false;
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase()); // what `to_lowercase` gives, without its iterator
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

fn first_person(t: &str) -> bool {
    for p in FIRST_PERSON {
        let Some(rest) = t.strip_prefix(p) else {
            continue;
        };
        if rest.starts_with(|c: char| c.is_alphanumeric()) {
            continue; // "i cannotx": not this phrase
        }
        // "I can't / I couldn't / I'm unable to" must govern a verb of knowing or
        // finding; the others stand alone.
        let modal = p.ends_with("can't")
            || p.ends_with("cannot")
            || p.ends_with("can not")
            || p.ends_with("couldn't")
            || p.ends_with("could not")
            || p.ends_with(" to");
        if !modal {
            return true;
        }
        let next = rest
            .trim_start()
            .trim_start_matches("be able to ")
            .trim_start_matches("really ")
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or_default();
        return FIRST_PERSON_VERBS.contains(&next);
    }
    false
}

#[cfg(test)]
mod tests {
    #[test]
    fn ascii_is_normalised_as_by_characters() {
        // The byte path against the character path (the same text with one letter
        // outside ASCII appended, which takes the character path, then removed).
        for t in [
            "  Unfortunately,\tI   Don't\r\nKnow.  ",
            "\x0bA\x0cB \x1fC\x1c",
            "",
            "   ",
            "MIXED case, spaces  at\nthe end \t",
        ] {
            let by_chars = super::normalize(&format!("{t}é"));
            let by_chars = by_chars.strip_suffix('é').unwrap_or(&by_chars);
            assert_eq!(super::normalize(t), by_chars, "{t:?}");
        }
    }

    use super::{is_abstention, is_abstention_with, PhraseText};

    #[test]
    fn refusals_and_absences_are_abstentions() {
        for s in [
            "I don't have that information in the provided documents.",
            "I do not know.",
            "I don’t know [1].",
            "Unfortunately, I couldn't find anything about the refund policy in the sources.",
            "Sorry, I can't answer that from the documents I was given.",
            "The provided sources do not mention when the bridge was built.",
            "The documents don't say who wrote it.",
            "The context does not specify a release date.",
            "There is no information about pricing in the retrieved passages.",
            "The answer is not found in the provided context.",
            "Not enough information to answer.",
            "None of the sources mention a deadline.",
            "- I was unable to determine the author from these documents.",
            "I'm not sure; the passages are silent on this.",
            "I'm not 100% sure.",
            "I am not entirely sure about that.",
        ] {
            assert!(is_abstention(s), "{s}");
            assert!(with_prepared(s), "{s}");
        }
    }

    /// [`is_abstention_with`] as `classify` calls it (ASCII sentences only).
    fn with_prepared(s: &str) -> bool {
        let lower = s.trim().to_lowercase();
        !s.is_ascii() || is_abstention_with(s, &PhraseText::new(&lower))
    }

    #[test]
    fn statements_are_not_abstentions() {
        for s in [
            "Paris is the capital of France [1].",
            "The contract does not mention a termination fee, so none applies.",
            "I can't stress enough that backups matter.",
            "The API does not return an error for empty input [2].",
            "Refunds are not available for gift cards [1].",
            "The sources say the tower is 330 m tall [1].",
            "Sources of funding include grants and loans [3].",
            "The document contains three sections [1].",
        ] {
            assert!(!is_abstention(s), "{s}");
            assert!(
                !is_abstention_with(s, &PhraseText::new(&s.to_lowercase())),
                "{s}"
            );
        }
    }
}
