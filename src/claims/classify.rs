//! What kind of statement a claim is: a fact that needs support, an opinion or hedge, or
//! an inference drawn from other claims. Facts and inferences are checked against the
//! sources ([`ClaimKind::is_checked`]): a conclusion the sources do not support is as
//! ungrounded as a fact they do not state.

use std::borrow::Cow;

use serde::Serialize;

use crate::text::{PhraseText, Phrases};

/// The kind of a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum ClaimKind {
    /// States something about the world: needs support in the sources.
    Fact,
    /// The writer's opinion, advice or a hedge (`I think`, `you should`, `in my view`),
    /// and fillers or lead-ins that state nothing checkable (`Sure!`, `Here is how:`).
    Opinion,
    /// A conclusion drawn from other claims (`therefore`, `this means`): checked against
    /// the sources like a fact (it needs no citation of its own).
    Inference,
    /// The answer declines, or says the sources do not hold the answer ("I don't have
    /// that information in the provided documents."): claims nothing, not checked
    /// ([`crate::text::is_abstention`]).
    Abstention,
    /// Only points to a source ("See `src/cache.ts:12-13`."): the reference is what it
    /// says, and the sources and lines checks verify it; not checked as a claim.
    Reference,
}

impl ClaimKind {
    /// The kinds whose support the sources must show: facts and inferences.
    pub fn is_checked(self) -> bool {
        matches!(self, ClaimKind::Fact | ClaimKind::Inference)
    }
}

/// Phrases that mark the writer's opinion or advice, matched at word boundaries in the
/// lower-cased claim.
static OPINION_PHRASES: Phrases = Phrases::new(OPINION);
const OPINION: &[&str] = &[
    "i think",
    "i believe",
    "i feel",
    "i'd say",
    "i would say",
    "i recommend",
    "i would recommend",
    "i suggest",
    "in my opinion",
    "in my view",
    "in my experience",
    "my advice",
    "personally",
    "arguably",
    "it seems to me",
    "you should",
    "you might want",
    "you may want",
    "it is worth",
    "it's worth",
    "it is best to",
    "it's best to",
    "it is recommended",
    "it's a good idea",
    "it is a good idea",
    "feel free",
    "hope this helps",
    "let me know",
    "i'm not sure",
    "i am not sure",
    "not sure",
    "i don't know",
    "i do not know",
    "i cannot",
    "i can't",
];

/// Openings of a question that asserts what follows (`did you know that …?`).
const ASSERTING_QUESTIONS: &[&str] = &[
    "did you know",
    "do you know that",
    "have you heard that",
    "did you hear that",
    "were you aware that",
];

/// Openings that mark a conclusion drawn from what came before.
const INFERENCE: &[&str] = &[
    "therefore",
    "thus",
    "hence",
    "consequently",
    "as a result",
    "this means",
    "this suggests",
    "this implies",
    "this shows",
    "which means",
    "it follows",
    "so,",
    "in conclusion",
    "overall,",
    "in summary",
    "to summarize",
    "to sum up",
];

/// True when the text uses a phrase of opinion, advice or uncertainty (`I think`, `you
/// should`, `not sure`).
pub fn states_opinion(text: &str) -> bool {
    opinion_in(&text.trim().to_lowercase().replace('’', "'"))
}

/// [`states_opinion`] on text already lower-cased with straight apostrophes.
fn opinion_in(lower: &str) -> bool {
    opinion_with(lower, &PhraseText::new(lower))
}

/// [`opinion_in`] with `lower` prepared for phrase questions (`phrases`, of `lower`):
/// blanking quotations only removes runs, so the runs of `lower` stand for those of the
/// unquoted text.
fn opinion_with(lower: &str, phrases: &PhraseText<'_>) -> bool {
    let lower = unquoted(lower);
    phrases.any_in(&lower, &OPINION_PHRASES)
}

/// `lower` with the text inside quotation marks blanked out: a title or a quotation
/// (`the song 'I Think We're Alone Now'`) is not the writer speaking. Double quotes
/// (straight, curly, guillemets) pair up; a single quote opens a quotation only at the
/// start of a word (after a space or an opening bracket) and closes it at the end of one,
/// so apostrophes (`we're`, `James'`) are left alone. An unclosed quotation is kept.
fn unquoted(lower: &str) -> Cow<'_, str> {
    if !lower.contains(['"', '“', '«', '\'', '‘']) {
        return Cow::Borrowed(lower); // no quotation mark: nothing to blank
    }
    // The byte ranges between an opening mark and its closing one; each character in
    // them becomes one space. The words' edges are read only at quotation marks.
    let mut blank: Vec<(usize, usize)> = Vec::new();
    let mut open: Option<(usize, char)> = None;
    let mut before: Option<char> = None;
    let mut chars = lower.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if matches!(c, '"' | '“' | '«' | '\'' | '‘' | '”' | '»') {
            let after = chars.peek().map(|&(_, a)| a);
            let starts_word = before.is_none_or(|b| b.is_whitespace() || "([{".contains(b))
                && after.is_some_and(char::is_alphanumeric);
            let ends_word = before.is_some_and(|b| !b.is_whitespace())
                && after.is_none_or(|a| !a.is_alphanumeric());
            match (open, c) {
                (None, '"' | '“' | '«') => open = Some((i + c.len_utf8(), c)),
                (None, '\'' | '‘') if starts_word => open = Some((i + c.len_utf8(), '\'')),
                (Some((from, q)), _)
                    if (q != '\'' && matches!(c, '"' | '”' | '»'))
                        || (q == '\'' && c == '\'' && ends_word) =>
                {
                    blank.push((from, i));
                    open = None;
                }
                _ => {}
            }
        }
        before = Some(c);
    }
    if blank.is_empty() {
        return Cow::Borrowed(lower);
    }
    let mut out = String::with_capacity(lower.len());
    let mut ranges = blank.iter().peekable();
    for (i, c) in lower.char_indices() {
        while ranges.peek().is_some_and(|&&(_, to)| to <= i) {
            ranges.next();
        }
        let inside = ranges
            .peek()
            .is_some_and(|&&(from, to)| from <= i && i < to);
        out.push(if inside { ' ' } else { c });
    }
    Cow::Owned(out)
}

/// Openings of the sentences an assistant says about the conversation itself, not about
/// the subject (`Let me know if you have other questions.`, `Happy to help!`): general
/// chat phrasing, each followed by a space, a punctuation mark or the end.
const CONVERSATIONAL: &[&str] = &[
    "let me know",
    "feel free to",
    "don't hesitate to",
    "do not hesitate to",
    "hope this helps",
    "i hope this helps",
    "i hope that helps",
    "hope that helps",
    "hope this answers",
    "hope that answers",
    "happy to help",
    "glad to help",
    "glad i could help",
    "sure, happy to help",
    "sure, glad to help",
    "you're welcome",
    "you are welcome",
    "is there anything else",
    "anything else i can",
    "thanks for asking",
    "thank you for asking",
    "thank you for your question",
];

/// `lower` (lower-cased) opens with one of the [`CONVERSATIONAL`] phrases.
fn about_the_conversation(lower: &str) -> bool {
    CONVERSATIONAL.iter().any(|p| {
        lower.strip_prefix(p).is_some_and(|rest| {
            rest.is_empty()
                || rest.starts_with(|c: char| c.is_whitespace() || c.is_ascii_punctuation())
        })
    })
}

/// A sentence about the conversation itself, not its subject (`Happy to help!`, `Let me
/// know if you have other questions.`) and without a number: it is never read as a
/// short answer to the question.
pub(crate) fn is_conversational(text: &str) -> bool {
    let lower = text.trim().to_lowercase().replace('’', "'");
    !lower.chars().any(|c| c.is_ascii_digit()) && about_the_conversation(&lower)
}

/// Words that praise or lament without saying what is so (`great`, `nice`, `sad`): an
/// exclamation of them alone (`That's a great choice!`, `Oh, that is sad!`) is the
/// speaker's reaction.
const PRAISE: &[&str] = &[
    "amazing",
    "awesome",
    "awful",
    "beautiful",
    "brilliant",
    "cool",
    "excellent",
    "fantastic",
    "fun",
    "exciting",
    "fascinating",
    "good",
    "great",
    "heartbreaking",
    "horrible",
    "impressive",
    "incredible",
    "interesting",
    "lovely",
    "neat",
    "nice",
    "perfect",
    "remarkable",
    "sad",
    "scary",
    "shocking",
    "terrible",
    "tragic",
    "unfortunate",
    "wonderful",
];

/// Openings of a speaker's own liking (`I love their music!`, `I'm a big fan!`).
const LIKING: &[&str] = &[
    "i love",
    "i like",
    "i enjoy",
    "i adore",
    "i really love",
    "i really like",
    "i really enjoy",
    "i'm a big fan",
    "i'm a huge fan",
    "i am a big fan",
    "i am a huge fan",
];

/// Openings of a speaker's own wish (`I'd love to!`, `I'd like to go one day.`).
const WISHING: &[&str] = &[
    "i'd love to",
    "i would love to",
    "i'd like to",
    "i would like to",
    "i'd really like to",
    "i'd really love to",
    "i hope to",
    "i wish i could",
];

/// Praise of the listener, or thanks (`Good for you!`, `Well done!`, `Thanks!`): with
/// `!`, read as [`CLOSING_WISHES`] are.
const CHEERS: &[&str] = &[
    "good for you",
    "good on you",
    "well done",
    "congratulations",
    "congrats",
    "good job",
    "great job",
    "nice job",
    "nice work",
    "great work",
    "way to go",
    "me too",
    "same here",
    "thank you",
    "thanks",
];

/// Good wishes that close a reply (`Enjoy your visit!`, `Have a great day!`, `I hope you
/// enjoy it.`, `Good luck!`): with `!` (or after `I hope you`), they wish the listener
/// something; no source could state it. Not an offer (`Enjoy free parking all day!`,
/// `Don't miss the free fireworks!`: something a source may or may not state).
const CLOSING_WISHES: &[&str] = &[
    "enjoy your",
    "enjoy it",
    "enjoy them",
    "enjoy yourself",
    "enjoy the rest",
    "have a good",
    "have a great",
    "have a nice",
    "have a lovely",
    "have a wonderful",
    "have a safe",
    "have fun",
    "hope you",
    "i hope you",
    "good luck",
    "best of luck",
    "take care",
    "safe travels",
    "stay safe",
    "see you",
];

/// Interjections that open a reaction (`Oh wow, I didn't know that!`, `Wow, that's
/// amazing!`): skipped before the reaction is read (and before a statement the speaker
/// says they like, `Yes, I love how …`: see `split`).
pub(crate) const INTERJECTIONS: &[&str] = &[
    "absolutely",
    "ah",
    "aw",
    "aww",
    "definitely",
    "gosh",
    "haha",
    "hey",
    "honestly",
    "huh",
    "oh",
    "ooh",
    "totally",
    "whoa",
    "wow",
    "yeah",
    "yep",
    "yes",
];

/// Words that open praise of what a reply is about (`They're amazing!`, `She was
/// wonderful!`, `That would be amazing!`): a pronoun for it and a verb of being or
/// seeming, with its modal. Read with [`praise_after`] after the interjections.
const PRAISE_OPENERS: &[&str] = &[
    "that's", "that", "this", "it's", "it", "is", "what", "sounds", "like", "such", "they",
    "they're", "are", "he", "he's", "she", "she's", "was", "were", "looks", "look", "seems",
    "seem", "would", "will", "must", "could", "might", "be", "been", "have", "that'd", "that'll",
    "it'd", "it'll", "they'd", "they'll",
];

/// The pronouns that may open praise said without `!` (`They're amazing.`, `It's really
/// interesting.`).
const PRAISE_PRONOUNS: &[&str] = &[
    "that's", "that", "this", "it's", "it", "they", "they're", "he", "he's", "she", "she's",
];

/// The speaker's own not knowing of what was just said (`I didn't know that!`, `I had no
/// idea!`), with nothing after it but `that`, `this` or `it`: `I didn't know Everest was
/// in Nepal!` states that it is.
const NOT_KNOWING: &[&str] = &[
    "i didn't know",
    "i did not know",
    "i never knew",
    "i had no idea",
    "i never realized",
    "i never realised",
    "i wasn't aware",
    "i was not aware",
];

/// A chat reaction without a number, of at most six words (a good wish eight) after any opening
/// interjections ([`INTERJECTIONS`]) and an elliptical reply before `but` (`I haven't,
/// but`): the speaker's own liking (`I love their music!`, `I love it.`), wish
/// ([`WISHING`]: `I'd love to.`) or not knowing ([`NOT_KNOWING`]: `Oh wow, I didn't know
/// that!`), a good wish to the listener ([`CLOSING_WISHES`]: `Enjoy your visit!`), or,
/// ending with `!`, praise of what was said or chosen (`That's a great
/// choice!`, `What a nice idea!`, `Sounds like a fun plan!`: an opener, an article, an
/// intensifier, a word of [`PRAISE`] and at most one word after it). It says how the
/// speaker feels, nothing a source could state. `lower` is lower-cased.
fn is_reaction(lower: &str) -> bool {
    let trimmed = lower.trim_end();
    let exclaims = trimmed.ends_with('!');
    // Without `!`, only the speaker's own liking, wish or not knowing (the word `i` must
    // stand in it), or praise and nothing after it (`They're amazing.`, `Jazz is
    // great.`): most claims are read no further.
    let ends_in_praise = || {
        trimmed
            .trim_end_matches(['.', ' '])
            .rsplit(' ')
            .next()
            .is_some_and(|w| PRAISE.contains(&w))
    };
    if !exclaims
        && !lower.split_whitespace().any(|w| {
            w == "i" || w.starts_with("i'") || PRAISE_PRONOUNS.contains(&w.trim_end_matches(','))
        })
        && !ends_in_praise()
    {
        return false;
    }
    let body = trimmed.trim_end_matches(['!', '.', ' ']);
    // `I haven't, but I'd love to.`, `No, but I'd like to!`: the reply says nothing of
    // its own, the reaction after it is what is read.
    let body = match body.split_once(" but ") {
        Some((reply, rest)) if super::elliptical_reply(reply) => rest,
        _ => body,
    };
    let all: Vec<&str> = body.split_whitespace().collect();
    let skipped = all
        .iter()
        .take_while(|w| INTERJECTIONS.contains(&w.trim_end_matches([',', '!'])))
        .count();
    let words = all.get(skipped..).unwrap_or_default();
    if words.is_empty() || body.chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    // A recommendation that only praises what it names (`The Great Barrier Reef would be
    // a good choice!`, `Kyoto could be a great option!`): a modal, `be` and praise that
    // ends it, after a name of any length.
    let modal_praise = words
        .windows(2)
        .position(|w| matches!(w, ["would" | "could" | "might", "be"]));
    if let Some(at) = modal_praise {
        if praise_after(words.get(at + 2..).unwrap_or_default(), &PRAISE_STEPS[1..]) {
            return true;
        }
    }
    if words.len() > 8 {
        return false;
    }
    let body = words.join(" ");
    let opens = |p: &&str| {
        body.strip_prefix(p)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', ',', '!']))
    };
    // A good wish may run to eight words (`Have a lovely time at the gardens!`), and so
    // may praise of the listener (`Good for you!`, `Congratulations on the new job!`).
    // (Praise alone, or for or on something: `Thanks to the rain, crops grew!` states
    // a cause.)
    let cheers = || {
        CHEERS.iter().any(|p| {
            body.strip_prefix(p).is_some_and(|rest| {
                rest.is_empty()
                    || rest.starts_with([',', '!'])
                    || rest.starts_with(" on ")
                    || rest.starts_with(" for ")
            })
        })
    };
    if (exclaims || body.starts_with("i hope you "))
        && (body == "enjoy" || CLOSING_WISHES.iter().any(opens) || cheers())
    {
        return true;
    }
    if words.len() > 6 {
        return false;
    }
    if LIKING.iter().chain(WISHING).any(opens) {
        return true;
    }
    let not_knowing = NOT_KNOWING.iter().any(|p| {
        body.strip_prefix(p).is_some_and(|rest| {
            matches!(
                rest.trim_matches([' ', ',']),
                "" | "that" | "this" | "it" | "about that"
            )
        })
    });
    if not_knowing {
        return true;
    }
    if exclaims {
        // Praise of a thing named (`Jazz is awesome!`): one word and a verb of being.
        let named = matches!(words, [_, "is" | "are" | "was" | "were", ..])
            && praise_after(words.get(2..).unwrap_or_default(), &PRAISE_STEPS[1..]);
        return named || praise_after(words, PRAISE_STEPS);
    }
    // Without `!`, a pronoun's praise says no more than the praise (`They're amazing.`,
    // `It's really interesting.`), nor does a thing named in one word and a verb of
    // being with praise alone after it (`Jazz is great`, a chat reply's first clause);
    // a word after it may be what is so (`They are good swimmers.`, `That's a great
    // choice.` is a statement), so none may follow.
    let named = matches!(words, [_, "is" | "are" | "was" | "were", ..])
        && words
            .get(2..)
            .is_some_and(|rest| matches!(rest.last(), Some(w) if PRAISE.contains(w)))
        && praise_after(words.get(2..).unwrap_or_default(), &PRAISE_STEPS[2..]);
    named
        || PRAISE_PRONOUNS.contains(&words[0])
            && praise_after(words, PRAISE_STEPS)
            && words.last().is_some_and(|w| PRAISE.contains(w))
}

/// The words skipped, list by list, before praise ([`praise_after`]): an opener, an
/// article, intensifiers (`That's a really good movie!`).
const PRAISE_STEPS: &[&[&str]] = &[
    PRAISE_OPENERS,
    &["a", "an"],
    &[
        "really", "very", "so", "truly", "pretty", "just", "quite", "super",
    ],
];

/// `words` are a phrase of praise once the words of each list of `steps` are skipped, in
/// turn, from the front: a word of [`PRAISE`] and at most one word after it (`a really
/// good movie` after `a`, then `really`).
pub(crate) fn praise_after(words: &[&str], steps: &[&[&str]]) -> bool {
    let mut rest = words;
    for list in steps {
        while let Some((first, tail)) = rest.split_first() {
            if !list.contains(first) {
                break;
            }
            rest = tail;
        }
    }
    match rest {
        [praise] | [praise, _] => PRAISE.contains(praise),
        _ => false,
    }
}

/// Fillers and lead-ins ("Sure!", "Great question.", "Here is what I found:") state
/// nothing checkable: fewer than three words and no number, a short sentence (under
/// eight words) ending with a colon, a sentence about the conversation itself
/// ([`CONVERSATIONAL`]) without a number, or a chat reaction ([`is_reaction`]: `That's a
/// great choice!`). `lower` is lower-cased.
fn is_filler(lower: &str) -> bool {
    let has_digit = lower.chars().any(|c| c.is_ascii_digit());
    if !has_digit && (about_the_conversation(lower) || is_reaction(lower)) {
        return true;
    }
    if has_digit && !lower.ends_with(':') {
        return false; // neither a lead-in nor a short text without a number
    }
    let words = crate::text::words::words(lower);
    let cjk = words
        .iter()
        .any(|w| w.text.chars().all(crate::text::words::is_ideograph));
    (lower.ends_with(':') && words.len() < 8) || (words.len() < 3 && !has_digit && !cjk)
}

/// An opinion, a piece of advice or a hedge with content of its own (`You should see a
/// vet.`, `I think the bridge opened in 1937.`): not a filler, a lead-in or a question.
/// When an answer has no fact or conclusion to check, such claims stand in for them
/// ([`super::ClaimsReport::summarize`]): an answer of advice alone is as grounded as its
/// advice, not vacuously.
pub fn states_content(text: &str) -> bool {
    states_content_as(classify(text), text)
}

/// [`states_content`] for a claim already classified as `kind`.
pub(crate) fn states_content_as(kind: ClaimKind, text: &str) -> bool {
    let lower = text.trim().to_lowercase().replace('’', "'");
    kind == ClaimKind::Opinion && !lower.ends_with('?') && !is_filler(&lower)
}

/// Classifies one claim.
pub fn classify(text: &str) -> ClaimKind {
    let lower = text.trim().to_lowercase().replace('’', "'");
    // One preparation for the abstention and the opinion phrases: for ASCII text the
    // abstention test's own lower case (whitespace collapsed) has the same runs.
    let phrases = PhraseText::new(&lower);
    let abstains = if text.is_ascii() {
        crate::text::abstain::is_abstention_with(text, &phrases)
    } else {
        crate::text::is_abstention(text)
    };
    if abstains {
        return ClaimKind::Abstention;
    }
    if lower.ends_with('?') {
        // A rhetorical question states its content ("Did you know that the bridge
        // opened in 1937?"): it is checked as that statement.
        return match ASSERTING_QUESTIONS
            .iter()
            .find_map(|p| lower.strip_prefix(p))
        {
            Some(rest) if rest.starts_with(|c: char| c.is_whitespace() || c == ',') => {
                let statement = rest.trim_start_matches([' ', ',']);
                let statement = statement.strip_prefix("that ").unwrap_or(statement);
                match classify(statement.trim_end_matches('?')) {
                    ClaimKind::Fact => ClaimKind::Fact,
                    _ => ClaimKind::Opinion,
                }
            }
            _ => ClaimKind::Opinion,
        };
    }
    if is_filler(&lower) {
        return ClaimKind::Opinion;
    }
    if opinion_with(&lower, &phrases) {
        return ClaimKind::Opinion;
    }
    if INFERENCE.iter().any(|p| lower.starts_with(p)) {
        return ClaimKind::Inference;
    }
    ClaimKind::Fact
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `unquoted` as first written (character by character over a copy of the text):
    /// the reference the byte-range version is checked against.
    fn unquoted_by_chars(lower: &str) -> String {
        let chars: Vec<char> = lower.chars().collect();
        let mut out = chars.clone();
        let mut open: Option<(usize, char)> = None;
        for (i, &c) in chars.iter().enumerate() {
            let before = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
            let after = chars.get(i + 1).copied();
            let starts_word = before.is_none_or(|b| b.is_whitespace() || "([{".contains(b))
                && after.is_some_and(char::is_alphanumeric);
            let ends_word = before.is_some_and(|b| !b.is_whitespace())
                && after.is_none_or(|a| !a.is_alphanumeric());
            match (open, c) {
                (None, '"' | '“' | '«') => open = Some((i, c)),
                (None, '\'' | '‘') if starts_word => open = Some((i, '\'')),
                (Some((start, q)), _)
                    if (q != '\'' && matches!(c, '"' | '”' | '»'))
                        || (q == '\'' && c == '\'' && ends_word) =>
                {
                    for x in out.iter_mut().take(i).skip(start + 1) {
                        *x = ' ';
                    }
                    open = None;
                }
                _ => {}
            }
        }
        out.into_iter().collect()
    }

    #[test]
    fn quotations_are_blanked_as_character_by_character() {
        for t in [
            "the song 'i think we're alone now' is a cover",
            "he said “c’est la vie” and «voilà»",
            "james' book, 'unclosed",
            "(\'x\') [\"é\"] 'a'b' \"\"",
        ] {
            assert_eq!(unquoted(t), unquoted_by_chars(t), "{t}");
        }
        // Every string of up to ten characters drawn (by a fixed generator) from marks,
        // brackets, spaces, and one- to four-byte letters.
        let alphabet = [
            'a', 'é', '中', '😀', ' ', '(', '"', '“', '”', '«', '»', '\'', '‘', '.',
        ];
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let len = (seed >> 60) as usize % 11;
            let text: String = (0..len)
                .map(|k| {
                    let pick = (seed >> (k * 5 % 56)) as usize % alphabet.len();
                    alphabet.get(pick).copied().unwrap_or('a')
                })
                .collect();
            assert_eq!(unquoted(&text), unquoted_by_chars(&text), "{text:?}");
        }
    }

    #[test]
    fn kinds() {
        assert_eq!(classify("Paris is the capital of France."), ClaimKind::Fact);
        assert_eq!(
            classify("Aspirin may cause stomach bleeding."),
            ClaimKind::Fact
        );
        assert_eq!(
            classify("I think the second option is better."),
            ClaimKind::Opinion
        );
        assert_eq!(classify("You should ask a lawyer."), ClaimKind::Opinion);
        assert_eq!(
            classify("Therefore the bridge is older than the tower."),
            ClaimKind::Inference
        );
        assert_eq!(classify("Is it safe?"), ClaimKind::Opinion);
        assert_eq!(
            classify("Did you know that the bridge opened to traffic in 1937?"),
            ClaimKind::Fact
        );
        assert_eq!(
            classify("Did you know, the bridge is painted orange?"),
            ClaimKind::Fact
        );
        assert_eq!(classify("Did you know?"), ClaimKind::Opinion);
        assert_eq!(classify("Do you know where it is?"), ClaimKind::Opinion);
        assert_eq!(classify("Thinking about it"), ClaimKind::Fact);
        assert_eq!(classify("Sure!"), ClaimKind::Opinion);
        for t in [
            "Good for you!",
            "Well done!",
            "Congratulations on the new job!",
            "Thanks!",
        ] {
            assert_eq!(classify(t), ClaimKind::Opinion, "{t}");
        }
        // Without `!`, or the words inside a sentence, it may be a statement.
        assert_eq!(classify("The steak was well done."), ClaimKind::Fact);
        assert_eq!(classify("Thanks to the rain, crops grew!"), ClaimKind::Fact);
        assert_eq!(classify("Here is what I found:"), ClaimKind::Opinion);
        assert_eq!(classify("Founded in 1843."), ClaimKind::Fact);
        assert_eq!(
            classify("I don't have that information in the provided documents."),
            ClaimKind::Abstention
        );
    }

    #[test]
    fn opinions_with_content_stand_apart_from_fillers() {
        for t in [
            "You should ask a lawyer.",
            "I think the bridge opened in 1937.",
            "It is worth noting that the tower is 300 m tall.",
        ] {
            assert!(states_content(t), "{t}");
        }
        for t in [
            "Sure!",
            "Here is what I found:",
            "Is it safe?",
            "Paris is the capital of France.",
            "Therefore the bridge is older.",
            "I don't know.",
            "Let me know if you have other questions.",
            "Sure, happy to help.",
            "Feel free to ask about anything else!",
            "I hope this helps.",
        ] {
            assert!(!states_content(t), "{t}");
        }
        // A sentence about the conversation is a filler; one that goes on to state a
        // number, or merely starts alike, is not.
        assert_eq!(
            classify("Let me know if you have other questions."),
            ClaimKind::Opinion
        );
        assert_eq!(classify("Sure, happy to help."), ClaimKind::Opinion);
        assert!(is_filler("let me know if you have other questions."));
        assert!(!is_filler("let me know if the 25 dollar fee was paid."));
        assert!(!is_filler("letters are sorted by hand."));
        assert_eq!(classify("Letters are sorted by hand."), ClaimKind::Fact);
    }

    #[test]
    fn chat_reactions_are_fillers_and_exclaimed_facts_are_not() {
        for t in [
            "That's a great choice!",
            "The Great Barrier Reef would be a good choice!",
            "Kyoto could be a great option!",
            "What a nice idea!",
            "Sounds like a fun plan!",
            "It's a really good movie!",
            "I love their music!",
            "I really like that song!",
            "I'm a big fan!",
            "That's pretty impressive!",
            "How fascinating!",
            "Oh wow, I didn't know that!",
            "Wow, that's amazing!",
            "I had no idea!",
            "I love it.",
            "I'd love to.",
            "I haven't, but I'd love to.",
            "No, but I'd like to visit one day.",
            "I didn't know that.",
            "Enjoy your visit!",
            "Have a great day!",
            "Have fun at the zoo!",
            "I hope you enjoy it.",
            "Enjoy!",
            "They are amazing!",
            "Oh, they are amazing!",
            "Absolutely, they are wonderful companions!",
            "She was really brilliant!",
            "Jazz is awesome!",
            "Jazz is great",
            "Paris is really beautiful.",
            "Yes, they're great.",
            "It's really interesting.",
            "That is so cool.",
            "Oh, that is sad!",
            "How terrible!",
            "That's really unfortunate.",
            "That would be amazing!",
            "It must have been scary!",
            "That'll be fun!",
            "Wow, that would be so cool.",
        ] {
            assert_eq!(classify(t), ClaimKind::Opinion, "{t}");
            assert!(!states_content(t), "{t}");
        }
        for t in [
            "They're friendly and easy to train!",
            "It won the Oscar for Best Picture!",
            "That's a great choice for 2024!",
            "The ferry would be a good replacement for the old bridge!",
            "It's a great movie that grossed millions worldwide!",
            "That's a great choice.",
            "Good dogs are easy to train!",
            "Oh wow, I didn't know Everest was in Nepal!",
            "Wow, it opened in 1889!",
            "I love that it is free on Sundays and open late.",
            "I haven't, but it is open on Sundays.",
            "The museum is free, but I'd love to.",
            "Enjoy free parking all day!",
            "Have a look at the new panda cub!",
            "They are good swimmers.",
            "They are amazing swimmers.",
            "It is a great source of vitamin C.",
            "The band is amazing.",
            "Jazz is a genre!",
            "They were great hunters in the 1800s!",
            "The old city is beautiful!",
            "It would be the tallest tower in Europe!",
            "That would be a great place to live near the coast!",
        ] {
            assert_eq!(classify(t), ClaimKind::Fact, "{t}");
        }
    }

    #[test]
    fn quoted_titles_are_not_the_writer_speaking() {
        for t in [
            "The song 'I Think We're Alone Now' was sung by Tommy James and the Shondells.",
            "The song “I Think We're Alone Now” was a hit in 1967.",
            "The film \"You Should Have Left\" was released in 2020.",
        ] {
            assert_eq!(classify(t), ClaimKind::Fact, "{t}");
        }
        // Apostrophes do not open quotations; the writer's own hedge still counts.
        assert_eq!(
            classify("James' band, I think, was the best."),
            ClaimKind::Opinion
        );
        assert_eq!(
            classify("I think 'Crimson and Clover' is better."),
            ClaimKind::Opinion
        );
        // An unclosed quotation is kept.
        assert_eq!(classify("He said 'I think so."), ClaimKind::Opinion);
    }
}
