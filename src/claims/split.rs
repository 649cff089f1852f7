//! Splitting an answer into claims: one per sentence or list item, and one per clause
//! when a sentence joins independent statements (`…; …`, `…, and it …`). Citation
//! markers are removed from the claim's text; spans stay in the answer's byte offsets.

use std::borrow::Cow;

use crate::context::AnswerContext;
use crate::text::SegmentKind;

/// A claim's place in the answer before it is checked.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RawClaim {
    /// Byte offset in the answer.
    pub start: usize,
    /// Byte offset one past the end, in the answer.
    pub end: usize,
    /// The claim's text with citation markers removed and spaces collapsed.
    pub text: String,
    /// Index of the segment of the answer it comes from.
    pub segment: usize,
}

/// Pronouns that open a clause with its own subject after `and` / `but` / `while`.
const PRONOUNS: &[&str] = &[
    "it", "he", "she", "they", "we", "i", "there", "this", "these", "those",
];

/// Determiners that open a new subject after `, and`.
const SUBJECTS: &[&str] = &["the", "its", "his", "her", "their", "a", "an", "that"];

/// The claims of the answer, in order.
pub(crate) fn split_claims(ctx: &AnswerContext<'_>, markers: &[(usize, usize)]) -> Vec<RawClaim> {
    let text = ctx.text;
    let mut out = Vec::new();
    let mut previous_question: Option<(usize, String)> = None;
    for (si, seg) in ctx.segments.iter().enumerate() {
        if seg.kind == SegmentKind::CodeBlock {
            continue;
        }
        // A heading is a title, unless it cites a source: then it states something
        // ("## The tower is 500 m tall [1]") and is checked like a sentence.
        if seg.kind == SegmentKind::Heading
            && !markers
                .iter()
                .any(|&(ms, me)| seg.start <= ms && me <= seg.end)
        {
            continue;
        }
        let (start, end) = trim_markers(text, seg.start, seg.end, markers);
        // "Is it 500 m? Yes [1]." states what the question asks: the reply makes the
        // question a claim, checked as written (spanning the question and the reply).
        if let Some((q_start, question)) = previous_question.take() {
            if is_affirmation(&strip_markers(text, start, end, markers)) {
                out.push(RawClaim {
                    start: q_start,
                    end,
                    text: question,
                    segment: si,
                });
                continue;
            }
        }
        let whole = strip_markers(text, start, end, markers);
        if whole.ends_with('?') || whole.ends_with('？') {
            let statement = whole.trim_end_matches(['?', '？']).trim().to_string();
            previous_question = Some((start, statement));
        }
        for (s, e) in clauses(text, start, end) {
            let claim_text = leading_question(&strip_hedge(&strip_discourse_marker(
                &strip_attribution(&strip_markers(text, s, e, markers)),
            )));
            if claim_text.chars().any(char::is_alphanumeric) {
                out.push(RawClaim {
                    start: s,
                    end: e,
                    text: claim_text,
                    segment: si,
                });
            }
        }
    }
    out
}

/// Moves `end` back over markers (and spaces) that close the range, and `start` forward
/// over markers that open it.
fn trim_markers(
    text: &str,
    mut start: usize,
    mut end: usize,
    markers: &[(usize, usize)],
) -> (usize, usize) {
    loop {
        let trimmed_end = start + text.get(start..end).map_or(0, |t| t.trim_end().len());
        match markers
            .iter()
            .find(|&&(ms, me)| me == trimmed_end && ms >= start && ms < trimmed_end)
        {
            Some(&(ms, _)) if ms > start => end = ms,
            _ => {
                end = trimmed_end;
                break;
            }
        }
    }
    loop {
        let lead = text
            .get(start..end)
            .map_or(0, |t| t.len() - t.trim_start().len());
        start += lead;
        match markers
            .iter()
            .find(|&&(ms, me)| ms == start && me <= end && me > start)
        {
            Some(&(_, me)) => start = me,
            None => break,
        }
    }
    (start, end.max(start))
}

/// The text of `[start, end)` without the markers inside it, whitespace collapsed.
fn strip_markers(text: &str, start: usize, end: usize, markers: &[(usize, usize)]) -> String {
    let mut pieces = String::new();
    let mut pos = start;
    let mut inside: Vec<(usize, usize)> = markers
        .iter()
        .copied()
        .filter(|&(ms, me)| ms < end && me > start && ms < me)
        .collect();
    // The crate's one sort (see text/sort.rs); pairs are totally ordered.
    crate::text::sort::sort_by(&mut inside, |a, b| a.cmp(b));
    for (ms, me) in inside {
        let ms = ms.max(pos);
        if ms > pos {
            pieces.push_str(text.get(pos..ms).unwrap_or(""));
        }
        pos = pos.max(me.min(end));
    }
    if pos < end {
        pieces.push_str(text.get(pos..end).unwrap_or(""));
    }
    let mut out = String::with_capacity(pieces.len());
    for w in pieces.split_whitespace() {
        let glue = w.starts_with(['.', ',', ';', ':', '!', '?', ')']);
        if !out.is_empty() && !glue {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// Where the text after the last of `cuts` starts.
fn from_of(cuts: &[(usize, usize)]) -> usize {
    cuts.last().map_or(0, |&(_, r)| r)
}

/// Subject pronouns (and possessives) that open a clause joined by a bare comma.
const SPLICE_SUBJECTS: &[&str] = &["he", "his", "it", "its", "she", "their", "they"];

/// Words that open what cannot stand as a clause of its own before a comma: a
/// subordinate clause or a phrase (`When it rains, it floods`, `In 1990, it opened`).
const SPLICE_OPENERS: &[&str] = &[
    "after", "although", "as", "at", "because", "before", "by", "despite", "during", "for", "from",
    "if", "in", "like", "on", "once", "since", "though", "to", "unless", "unlike", "until", "when",
    "whenever", "where", "whereas", "while", "with",
];

/// True when the comma at byte `at` of `seg` joins two clauses with their own subjects
/// and no conjunction (a comma splice, common in chat: `I love jazz, it started in New
/// Orleans.`, `You should try the reef, it is made up of 2,900 reefs.`): a subject
/// pronoun after it with an auxiliary, a copula or a modal
/// ([`super::support::is_auxiliary_ignoring_case`]) or a past tense in `-ed` within three
/// words, and before it, from `from`,
/// a clause of three words or more that opens with no subordinator or preposition.
fn comma_splice(seg: &str, from: usize, at: usize) -> bool {
    let (Some(left), Some(right)) = (seg.get(from..at), seg.get(at + 1..)) else {
        return false;
    };
    if !right.starts_with(' ') {
        return false; // `1,200`
    }
    // Not the end of a clause opened by `while` or `whereas`, which are cut before as
    // joining words (`while the CTR is a helpful tool, it should be read …`).
    let before = seg.get(..from).unwrap_or("").as_bytes();
    let ends = |w: &str| {
        before.len() >= w.len()
            && before
                .get(before.len() - w.len()..)
                .is_some_and(|t| t.eq_ignore_ascii_case(w.as_bytes()))
    };
    if ends("while ") || ends("whereas ") {
        return false;
    }
    // (Compared without regard to ASCII case, and without allocating: this runs at
    // every comma followed by a space.)
    fn bare(w: &str) -> &str {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
    }
    let among = |w: &str, list: &[&str]| list.iter().any(|x| w.eq_ignore_ascii_case(x));
    let ends_in = |w: &str, e: &str| {
        w.len() >= e.len()
            && w.get(w.len() - e.len()..)
                .is_some_and(|t| t.eq_ignore_ascii_case(e))
    };
    let mut words = right.split_whitespace().map(bare);
    if !words.next().is_some_and(|w| among(w, SPLICE_SUBJECTS)) {
        return false;
    }
    let verb = words.take(3).any(|w| {
        super::support::is_auxiliary_ignoring_case(w) || (ends_in(w, "ed") && w.len() >= 5)
    });
    let first = left.split_whitespace().next().map(bare).unwrap_or("");
    // (Nor a participle's phrase: `Born in Texas, he …`, `Signed in 1648, it …`.)
    let participle = ends_in(first, "ed")
        || ends_in(first, "ing")
        || among(first, &["born", "built", "known", "made", "written"]);
    verb && word_count(left) >= 3
        && !among(first, SPLICE_OPENERS)
        && !participle
        && !left.contains(',')
}

/// Splits `[start, end)` at `;`, at a comma between two clauses with their own subjects
/// ([`comma_splice`]) and at `, and` / `, but` / `and` + subject when both sides are
/// long enough to state a fact of their own.
fn clauses(text: &str, start: usize, end: usize) -> Vec<(usize, usize)> {
    let Some(seg) = text.get(start..end) else {
        return vec![(start, end)];
    };
    let mut cuts: Vec<(usize, usize)> = Vec::new(); // (end of left, start of right), relative
    let bytes = seg.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b';' || (bytes[i] == b',' && comma_splice(seg, from_of(&cuts), i)) {
            cuts.push((i, i + 1));
        } else if bytes[i] == b' ' {
            for conj in ["and ", "but ", "while ", "whereas ", "so "] {
                let after = i + 1;
                if seg.get(after..after + conj.len()) == Some(conj) {
                    let rest = &seg[after + conj.len()..];
                    let next = rest.split_whitespace().next().unwrap_or("");
                    let next_lower = next.to_lowercase();
                    let comma_before = i > 0 && bytes[i - 1] == b',';
                    let pronoun = PRONOUNS.contains(&next_lower.as_str());
                    let subject = pronoun
                        || SUBJECTS.contains(&next_lower.as_str())
                        || next.chars().next().is_some_and(char::is_uppercase);
                    // `… died while it was being built`: a `while` that says when, with
                    // a progressive after its subject, opens no statement of its own.
                    let during = conj == "while " && {
                        let mut after_subject = rest.split_whitespace().skip(1);
                        after_subject.next().is_some_and(|w| {
                            ["was", "were", "is", "are"]
                                .iter()
                                .any(|b| w.eq_ignore_ascii_case(b))
                        }) && after_subject.next().is_some_and(|w| {
                            w.eq_ignore_ascii_case("being")
                                || (w.len() > 5
                                    && w.get(w.len() - 3..)
                                        .is_some_and(|e| e.eq_ignore_ascii_case("ing")))
                        })
                    };
                    // `…, so you might want to train first!`: advice after a fact, split
                    // off to be read as advice. A consequence stated as a fact (`…, so
                    // traffic was diverted`) stays with its cause, whose link the causes
                    // rule reads.
                    let split = if conj == "so " {
                        comma_before && super::classify::states_opinion(rest)
                    } else if comma_before {
                        subject || conj != "and "
                    } else {
                        pronoun && !during
                    };
                    if split {
                        let left_end = if comma_before { i - 1 } else { i };
                        cuts.push((left_end, after + conj.len()));
                    }
                }
            }
        }
        i += 1;
    }
    let mut out = Vec::new();
    let mut from = 0;
    for (le, rs) in cuts {
        let left = seg.get(from..le).unwrap_or("");
        let right = seg.get(rs..).unwrap_or("");
        if word_count(left) >= 3 && word_count(right) >= 3 {
            out.push((start + from, start + le));
            from = rs;
        }
    }
    out.push((start + from, end));
    out.into_iter()
        .map(|(s, e)| {
            let t = text.get(s..e).unwrap_or("");
            let lead = t.len() - t.trim_start().len();
            let trail = t.len() - t.trim_end().len();
            (s + lead, (e - trail).max(s + lead))
        })
        .filter(|(s, e)| e > s)
        .collect()
}

/// Determiners that open a reference to the retrieved material ("The source says …").
const FRAME_DETERMINERS: &[&str] = &["the", "this", "that", "these", "those", "our", "your"];

/// `text` without a leading attribution frame — "The source says", "The documents state
/// that", "According to …,", "As lines 12-13 show," — which says where the claim comes
/// from, not what it claims: the citation, sources and lines checks verify the
/// attribution, and the claim is what follows. Only a frame at the start, so a sentence
/// about sources ("Sources of funding include …") keeps its words.
pub(crate) fn strip_attribution(text: &str) -> String {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(' ').collect();
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let cut = |n_words: usize| -> String {
        let skip: usize = words.iter().take(n_words).map(|w| w.len() + 1).sum();
        let rest = text.get(skip.min(text.len())..).unwrap_or_default();
        let rest = rest.trim_start_matches(|c: char| c == ',' || c == ':' || c.is_whitespace());
        let rest = rest.strip_prefix("that ").unwrap_or(rest);
        rest.to_string()
    };
    // "According to X, …" and "As X shows, …": up to the first comma.
    let opener = words.first().map(|w| bare(w)).unwrap_or_default();
    let according = lower.starts_with("according to ");
    if according || opener == "as" {
        if let Some(comma) = words.iter().position(|w| w.ends_with(',')) {
            let frame = &words[..=comma];
            let says = frame.iter().any(|w| {
                let b = bare(w);
                crate::text::abstain::SAYING.contains(&b.as_str())
                    || matches!(
                        b.as_str(),
                        "show" | "shows" | "note" | "notes" | "put" | "puts"
                    )
            });
            if (according || says) && comma + 1 < words.len() && comma < 12 {
                return cut(comma + 1);
            }
        }
        return text.to_string();
    }
    // "The source says …", "These documents state that …".
    if words.len() > 3 && FRAME_DETERMINERS.contains(&opener.as_str()) {
        let noun = bare(words[1]);
        let verb = bare(words[2]);
        let material = crate::text::abstain::MATERIAL.contains(&noun.as_str())
            || matches!(
                noun.as_str(),
                "guide" | "article" | "page" | "manual" | "documentation" | "readme" | "code"
            );
        let saying = crate::text::abstain::SAYING.contains(&verb.as_str())
            || matches!(
                verb.as_str(),
                "show" | "shows" | "note" | "notes" | "confirm" | "confirms"
            );
        if material && saying {
            return cut(3);
        }
        // "The refund policy says: "…"": any speaker of up to three words whose words
        // follow as a quotation (the quote check verifies them against the source).
        let opens_quote = |w: &str| w.starts_with(['"', '\u{201c}', '\u{2018}']);
        for n in 1..=3 {
            let Some(verb) = words.get(n + 1).map(|w| bare(w)) else {
                break;
            };
            if matches!(
                verb.as_str(),
                "says"
                    | "say"
                    | "said"
                    | "states"
                    | "state"
                    | "stated"
                    | "reads"
                    | "read"
                    | "notes"
                    | "noted"
                    | "writes"
                    | "wrote"
            ) {
                if words.get(n + 2).is_some_and(|w| opens_quote(w)) {
                    return cut(n + 2);
                }
                break;
            }
        }
    }
    text.to_string()
}

/// Words that open a sentence, set off by a comma, to manage the conversation rather than
/// to state anything (`Oh,`, `Well,`, `Actually,`, `Honestly,`). Not the connectives of
/// written prose (`Additionally,`, `Finally,`, `Similarly,`): left out too, they raised
/// the scores of unattributable dev answers more than of attributable ones.
const DISCOURSE_MARKERS: &[&str] = &[
    "oh",
    "ah",
    "aw",
    "aww",
    "ooh",
    "yum",
    "yay",
    "gosh",
    "haha",
    "hey",
    "nice",
    "awesome",
    "well",
    "ok",
    "okay",
    "sure",
    "hmm",
    "wow",
    "now",
    "anyway",
    "anyways",
    "alright",
    "great",
    "cool",
    "actually",
    "honestly",
    "basically",
    "frankly",
    "seriously",
    "interestingly",
    "surprisingly",
    "fortunately",
    "unfortunately",
    "luckily",
    "sadly",
    "funnily",
];

/// Phrases that open a sentence, set off by a comma, to stress it (`In fact, …`, `Of
/// course, …`), as `Actually,` does.
const EMPHASES: &[&str] = &["in fact", "as a matter of fact", "of course", "indeed"];

/// Labels that open a statement in chat (`Fun fact: …`): no content a source must hold.
const LEAD_INS: &[&str] = &[
    "fun fact",
    "random fact",
    "quick fact",
    "interesting fact",
    "bonus fact",
    "fact",
    "trivia",
    "fun trivia",
    "side note",
    "by the way",
    "btw",
];

/// Replies that agree with what the user said before the speaker's own words (`I agree,
/// I love their coat.`, `Me too, …`): no content a source must hold.
const AGREEMENTS: &[&str] = &[
    "i agree",
    "i totally agree",
    "i completely agree",
    "me too",
    "same here",
    "so do i",
    "so did i",
    "you're right",
    "you are right",
    "i know",
    "i see",
];

/// `text` without an opening discourse marker and its comma (`Actually, it is 330 metres
/// tall.` states what `It is 330 metres tall.` does: `actually` is no content a source
/// must hold). `Yes,` and `No,` stay: they reply to the question.
pub(crate) fn strip_discourse_marker(text: &str) -> Cow<'_, str> {
    let one_of = |word: &str, list: &[&str]| list.iter().any(|x| word.eq_ignore_ascii_case(x));
    // A comment on the whole sentence opens it without a comma as well (`Sadly they broke
    // up in 1970.`).
    if let Some((first, rest)) = text.split_once(' ') {
        if one_of(first, CLOSING_COMMENTS)
            && first
                .get(first.len().saturating_sub(2)..)
                .is_some_and(|end| end.eq_ignore_ascii_case("ly"))
            && rest.starts_with(char::is_lowercase)
        {
            return Cow::Owned(sentence_case(rest));
        }
    }
    // `Fun fact: the coffee plant comes from Ethiopia.`: a label for what follows.
    if let Some((label, rest)) = text.split_once(':') {
        if one_of(label.trim(), LEAD_INS) && rest.chars().any(char::is_alphanumeric) {
            return Cow::Owned(sentence_case(rest.trim_start()));
        }
    }
    let Some((first, rest)) = text.split_once(',') else {
        return Cow::Borrowed(text);
    };
    let word = first.trim();
    let agreement = if word.contains('’') {
        one_of(&word.replace('’', "'"), AGREEMENTS)
    } else {
        one_of(word, AGREEMENTS)
    };
    let marker = (word.chars().all(|c| c.is_ascii_alphabetic()) && one_of(word, DISCOURSE_MARKERS))
        || one_of(word, EMPHASES)
        || agreement;
    let rest = rest.trim_start();
    if !marker || !rest.chars().any(char::is_alphanumeric) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(sentence_case(rest))
}

/// Openings by which the writer hedges the statement after them (`I think`, `If I remember
/// correctly,`): what they frame is still a statement of fact when it names something.
const HEDGES: &[&str] = &[
    "i think",
    "i believe",
    "i guess",
    "i suppose",
    "i reckon",
    "i'd say",
    "i would say",
    "i feel like",
    "i know",
    "i heard",
    "i've heard",
    "i have heard",
    "i read",
    "i've read",
    "i have read",
    "i remember",
    "i recall",
    "i'm sure",
    "i am sure",
    "i'm pretty sure",
    "i am pretty sure",
    "i'm fairly sure",
    "i am fairly sure",
    "in my opinion",
    "in my view",
    "personally",
    "it seems to me",
    "if i remember correctly",
    "if i recall correctly",
    "if i'm not mistaken",
    "if i am not mistaken",
    "as far as i know",
    "to my knowledge",
    "from what i know",
    "from what i remember",
];

/// Openings that take what follows as true while saying how the speaker feels about it
/// (`I love how it grew out of blues and ragtime`, `It's amazing that it is still
/// open`): the statement after them is stated, as one after `Did you know that` is.
const FACTIVE_OPENINGS: &[&str] = &[
    "i find it amazing that",
    "i find it fascinating that",
    "i find it interesting that",
    "i like how",
    "i like that",
    "i like the fact that",
    "i love how",
    "i love that",
    "i love the fact that",
    "i was surprised to learn that",
    "it is amazing how",
    "it is amazing that",
    "it is fascinating that",
    "it is interesting that",
    "it's amazing how",
    "it's amazing that",
    "it's cool how",
    "it's cool that",
    "it's fascinating how",
    "it's fascinating that",
    "it's interesting how",
    "it's interesting that",
];

/// The byte (in `lower`) where the statement after an opening of [`FACTIVE_OPENINGS`]
/// begins, past an interjection and its comma before it (`Yes, I love how …`, `Wow,
/// it's amazing that …`: the reactions' [`super::classify::INTERJECTIONS`]).
fn factive_statement(lower: &str) -> Option<usize> {
    let head = lower
        .split_once(", ")
        .filter(|(w, _)| super::classify::INTERJECTIONS.contains(w))
        .map_or(lower, |(_, rest)| rest);
    let opening = FACTIVE_OPENINGS
        .iter()
        .find(|o| head.strip_prefix(**o).is_some_and(|r| r.starts_with(' ')))?;
    let rest = head.get(opening.len()..)?.trim_start();
    Some(lower.len() - rest.len())
}

/// Questions that put a statement to the listener as news (`Did you know the Beatles were
/// formed in Liverpool?`): they state it, as a tag question does. `have you heard` and
/// `did you hear` only with `that` (`Have you heard of …?` asks about the listener).
const ASKED_OPENINGS: &[&str] = &[
    "did you know",
    "do you know",
    "did you hear",
    "have you heard",
    "have you ever heard",
];

/// Words after `Did you know` that make it a question about what the listener knows, not
/// a statement put to them (`Do you know where …?`, `Did you know about …?`).
const ASKED_NOT_STATED: &[&str] = &[
    "about", "any", "anything", "how", "if", "much", "of", "what", "when", "where", "whether",
    "which", "who", "whom", "whose", "why",
];

/// The byte (in `lower`, a lower-case question) where the statement that an opening of
/// [`ASKED_OPENINGS`] puts to the listener begins, after `that` if written; `None` for
/// any other text, for a question about the listener's knowledge ([`ASKED_NOT_STATED`]),
/// and for a statement of fewer than four words without `that` (`Do you know the
/// Beatles?`).
fn asked_statement(lower: &str) -> Option<usize> {
    if !lower.trim_end().ends_with('?') {
        return None;
    }
    let opening = ASKED_OPENINGS.iter().find(|o| {
        lower
            .strip_prefix(**o)
            .is_some_and(|r| r.starts_with([' ', ',']))
    })?;
    let rest = lower.get(opening.len()..)?.trim_start_matches([' ', ',']);
    let (rest, that) = match rest.strip_prefix("that ") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let first = rest.split_whitespace().next()?;
    let stated = if opening.contains("know") {
        that || (rest.split_whitespace().count() >= 4 && !ASKED_NOT_STATED.contains(&first))
    } else {
        that
    };
    stated.then(|| lower.len() - rest.len())
}

/// Hedges that close a statement (`…, I think.`).
const CLOSING_HEDGES: &[&str] = &[
    "i think",
    "i believe",
    "i guess",
    "i suppose",
    "i reckon",
    "if i remember correctly",
    "if i recall correctly",
    "if i'm not mistaken",
    "if i am not mistaken",
    "as far as i know",
];

/// The writer's comments on a statement, closing it after a comma (`They broke up in
/// 1970, sadly.`): how the writer feels about it, nothing a source must hold.
const CLOSING_COMMENTS: &[&str] = &[
    "sadly",
    "unfortunately",
    "fortunately",
    "luckily",
    "thankfully",
    "happily",
    "surprisingly",
    "interestingly",
    "of course",
    "obviously",
];

/// The length of `closing` (lower case, without its final stop) before a relative clause
/// that closes it with the writer's evaluation (`…, which is pretty impressive`, `…, which
/// I find amazing`, `…, which sounds like a great deal`): `which`, a verb of being or
/// finding, intensifiers, an article, a word of praise
/// ([`super::classify::praise_after`]) and at most one word after it. How the writer feels
/// about the statement, nothing a source must hold.
fn closing_evaluation(closing: &str) -> Option<usize> {
    let at = closing.rfind(", which ")?;
    let words: Vec<&str> = closing
        .get(at + ", which ".len()..)?
        .split_whitespace()
        .collect();
    super::classify::praise_after(
        &words,
        &[
            &[
                "i", "is", "was", "find", "found", "think", "sounds", "seems", "like", "makes",
                "it",
            ],
            &[
                "really",
                "very",
                "so",
                "truly",
                "pretty",
                "quite",
                "super",
                "absolutely",
                "just",
            ],
            &["a", "an"],
        ],
    )
    .then_some(at)
}

/// Tags that turn a statement into a question asking for agreement (`…, right?`) or
/// put it to the listener as news (`…, did you know that?`).
const TAGS: &[&str] = &[
    "right",
    "am i right",
    "correct",
    "true",
    "did you know",
    "did you know that",
    "didn't you know",
    "you know",
    "isn't it",
    "wasn't it",
    "aren't they",
    "weren't they",
    "doesn't it",
    "didn't it",
    "don't they",
    "didn't they",
    "isn't that right",
    "don't you think",
    "no",
    "yes",
    "yeah",
];

/// `text` without a hedge that frames a statement of fact: an opening (`I think`, `I
/// believe that`, `If I remember correctly,`), a closing (`…, I think.`) or a tag
/// question (`…, right?`), when what remains names something (a number, or a capitalised
/// word after its first): `I think it was completed in 1925` states a date the sources
/// must support, as `It was completed in 1925` does. A hedge around words that name
/// nothing (`I think you'll love it`, `It's lovely, isn't it?`) is left: the claim reads
/// as the opinion it is.
pub(crate) fn strip_hedge(text: &str) -> String {
    let lower = text.to_lowercase().replace('’', "'");
    let at_word_end = |rest: &str| rest.is_empty() || rest.starts_with([' ', ',']);
    let mut from = 0;
    // `Did you know (that) …?`: a question that asks the listener to take the statement
    // after it as news, and states it (see [`ASKED_OPENINGS`]).
    let asked = asked_statement(&lower);
    if let Some(at) = asked {
        from = at;
    }
    // `I love how …`: the speaker's liking of what follows, which it states.
    let factive = asked.is_none().then(|| factive_statement(&lower)).flatten();
    if let Some(at) = factive {
        from = at;
    }
    // `Personally, I think …`: hedges one after another.
    for _ in 0..3 {
        let head = lower.get(from..).unwrap_or("");
        let Some(h) = HEDGES
            .iter()
            .filter(|h| head.starts_with(**h) && at_word_end(head.get(h.len()..).unwrap_or("")))
            .max_by_key(|h| h.len())
        else {
            break;
        };
        let rest = head.get(h.len()..).unwrap_or("");
        let rest = rest.trim_start_matches([' ', ',']);
        let rest = rest.strip_prefix("that ").unwrap_or(rest);
        from = lower.len() - rest.len();
    }
    let mut to = lower.len();
    let body = lower.get(from..).unwrap_or("");
    let closing = body.trim_end_matches(['.', '!', '?', ' ']);
    let question = body.trim_end().ends_with('?');
    if asked.is_some() {
        to = from + closing.len();
    }
    let ending = |words: &[&str], comma: bool| {
        words.iter().find_map(|w| {
            let head = closing.strip_suffix(*w)?;
            let head = if comma {
                head.strip_suffix(", ")?
            } else {
                head.strip_suffix(", ").or_else(|| head.strip_suffix(' '))?
            };
            Some(from + head.len())
        })
    };
    // Whether the statement is put to the listener with a tag and nothing else hedges it.
    let mut tag_only = false;
    if let Some(end) = ending(CLOSING_HEDGES, false)
        .or_else(|| ending(CLOSING_COMMENTS, true))
        .or_else(|| closing_evaluation(closing).map(|head| from + head))
        .or_else(|| {
            // A tag only makes a question: `…, right?`.
            let end = question.then(|| ending(TAGS, true)).flatten();
            tag_only = end.is_some() && from == 0;
            end
        })
    {
        to = end;
    }
    if from == 0 && to == lower.len() {
        return text.to_string();
    }
    // The offsets are the lower case's: map them to the text's by characters (the lower
    // case and the apostrophes' replacement keep the number of characters, except for the
    // few letters whose lower case is longer: then the text is left as it is).
    if lower.chars().count() != text.chars().count() {
        return text.to_string();
    }
    let byte_at = |i: usize| {
        let n = lower.get(..i).map_or(0, |p| p.chars().count());
        text.char_indices().nth(n).map_or(text.len(), |(b, _)| b)
    };
    let Some(statement) = text.get(byte_at(from)..byte_at(to)) else {
        return text.to_string();
    };
    let statement = statement.trim();
    // A description put to the listener with a tag asks them to agree with it as a
    // statement of fact does (`It's a thin pancake made from chickpea flour, right?`);
    // one after `I think` is the writer's view (`I think the view is worth the queue`).
    // A statement put to the listener as news (`Did you know that bananas are berries?`)
    // is one whatever it names: the question only frames it.
    if !(names_something(statement)
        || (tag_only && describes_something(statement))
        || ((asked.is_some() || factive.is_some()) && content_words(statement) >= 2))
    {
        return text.to_string();
    }
    let mut out = sentence_case(statement);
    if to < lower.len() || !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

/// Negated auxiliaries that open a question asking for agreement with a statement
/// (`Isn't it 500 metres tall?` asserts that it is), with the auxiliary the statement
/// takes.
const LEADING_AUXILIARIES: &[(&str, &str)] = &[
    ("aren't", "are"),
    ("didn't", "did"),
    ("doesn't", "does"),
    ("hasn't", "has"),
    ("haven't", "have"),
    ("isn't", "is"),
    ("wasn't", "was"),
    ("weren't", "were"),
];

/// A leading question (`Isn't it 500 metres tall?`, `Wasn't the Eiffel Tower completed in
/// 1889?`) as the statement it asks agreement with (`It is 500 metres tall.`), when that
/// statement names something (see [`strip_hedge`]): it asserts the figure as a tag
/// question does. Not when it asks the listener (`Don't you think …?`, `Haven't you …?`).
pub(crate) fn leading_question(text: &str) -> String {
    let t = text.trim();
    if !t.ends_with('?') || !t.is_ascii() && !t.contains('\u{2019}') {
        return text.to_string();
    }
    let lower = t.to_lowercase().replace('\u{2019}', "'");
    let Some((aux, plain)) = LEADING_AUXILIARIES.iter().find(|(a, _)| {
        lower.starts_with(a) && lower.get(a.len()..).is_some_and(|r| r.starts_with(' '))
    }) else {
        return text.to_string();
    };
    let rest = lower.get(aux.len()..).unwrap_or("").trim();
    let words: Vec<&str> = rest.trim_end_matches('?').split_whitespace().collect();
    // The subject: a pronoun, or a determiner and the capitalised words (or the one word)
    // after it, or a run of capitalised words; the original's words keep their case.
    let original: Vec<&str> = {
        let o = t.get(t.len() - rest.len()..).unwrap_or("");
        o.trim_end_matches('?').split_whitespace().collect()
    };
    if words.len() < 2 || original.len() != words.len() {
        return text.to_string();
    }
    let first = words.first().copied().unwrap_or("");
    if matches!(first, "you" | "we" | "i") {
        return text.to_string();
    }
    let capitalised = |i: usize| {
        original
            .get(i)
            .and_then(|w| w.chars().next())
            .is_some_and(char::is_uppercase)
    };
    let subject_end = if matches!(
        first,
        "it" | "he" | "she" | "they" | "this" | "that" | "there" | "these" | "those"
    ) {
        1
    } else if matches!(first, "the" | "a" | "an" | "his" | "her" | "its" | "their") {
        let mut i = 1;
        while i < words.len() && capitalised(i) {
            i += 1;
        }
        if i == 1 {
            2
        } else {
            i
        }
    } else {
        let mut i = 0;
        while i < words.len() && capitalised(i) {
            i += 1;
        }
        i.max(1)
    };
    if subject_end >= original.len() {
        return text.to_string();
    }
    let subject = original.get(..subject_end).unwrap_or(&[]).join(" ");
    let predicate = original.get(subject_end..).unwrap_or(&[]).join(" ");
    if !names_something(&format!("{subject} {predicate}")) {
        return text.to_string();
    }
    format!("{} {plain} {predicate}.", sentence_case(&subject))
}

/// `text` as the start of a sentence: its first letter capitalised (ASCII only: the
/// Unicode upper-case tables would cost the module some 10 KB for a letter nothing
/// matches on).
fn sentence_case(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 1);
    let mut chars = text.chars();
    if let Some(first) = chars.next() {
        out.push(first.to_ascii_uppercase());
        out.push_str(chars.as_str());
    }
    out
}

/// The statement names something: a number, or a capitalised word after its first
/// (other than `I`).
fn names_something(statement: &str) -> bool {
    statement.chars().any(|c| c.is_ascii_digit())
        || statement.split_whitespace().skip(1).any(|w| {
            let w = w.trim_start_matches(|c: char| !c.is_alphanumeric());
            w.chars().next().is_some_and(char::is_uppercase)
                && !matches!(w.split(['\'', '’']).next(), Some("I"))
        })
}

/// The statement describes something in [`DESCRIBING_WORDS`] content words or more (`it's
/// a thin pancake made from chickpea flour`, not `it's lovely` or `the food is so tasty`).
fn describes_something(statement: &str) -> bool {
    content_words(statement) >= DESCRIBING_WORDS
}

/// The number of content words of `statement` (not stop words, not numbers).
fn content_words(statement: &str) -> usize {
    super::terms::terms(statement)
        .iter()
        .filter(|t| !t.stop && !t.numeric)
        .count()
}

/// The content words that make a statement without a name or a number describe something
/// a source can state (see [`describes_something`]): a pleasantry has fewer.
const DESCRIBING_WORDS: usize = 4;

/// Replies that affirm the question before them ("Yes.", "Yes, it is.", "Correct.").
const AFFIRMATIONS: &[&str] = &[
    "yes",
    "yes it is",
    "yes it does",
    "yes they are",
    "yes they do",
    "yes indeed",
    "indeed",
    "correct",
    "that is correct",
    "that's correct",
    "that is right",
    "that's right",
    "right",
    "exactly",
    "true",
];

/// True when `reply` (markers removed) is only an affirmation.
fn is_affirmation(reply: &str) -> bool {
    let words = lower_words(reply);
    !words.is_empty() && AFFIRMATIONS.contains(&words.join(" ").as_str())
}

/// The words of `text` in lower case, split at everything but letters, digits and
/// apostrophes, curly apostrophes written straight (`Haven’t` → `haven't`).
pub(crate) fn lower_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
        .filter(|w| !w.is_empty())
        .map(|w| {
            if w.is_ascii() {
                w.to_ascii_lowercase() // the same, with one copy and no character iterator
            } else {
                w.to_lowercase().replace('’', "'")
            }
        })
        .collect()
}

fn word_count(s: &str) -> usize {
    s.split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The clauses `text` is split into, as written.
    fn parts(text: &str) -> Vec<String> {
        clauses(text, 0, text.len())
            .into_iter()
            .map(|(a, b)| text[a..b].to_string())
            .collect()
    }

    #[test]
    fn a_while_that_says_when_opens_no_clause() {
        assert_eq!(
            parts("Eleven workers died while it was being built."),
            vec!["Eleven workers died while it was being built."]
        );
        assert_eq!(
            parts("The fire started while they were sleeping upstairs."),
            vec!["The fire started while they were sleeping upstairs."]
        );
        // A `while` that contrasts two statements still splits.
        assert_eq!(
            parts("Exports rose by four percent while they were flat last year."),
            vec!["Exports rose by four percent", "they were flat last year."]
        );
        assert_eq!(
            parts("The old bridge is made of stone while it is painted red."),
            vec!["The old bridge is made of stone", "it is painted red."]
        );
    }

    #[test]
    fn advice_after_so_is_split_off_and_a_consequence_is_not() {
        assert_eq!(
            parts("It is the highest mountain in Africa, so you might want to train first!"),
            vec![
                "It is the highest mountain in Africa",
                "you might want to train first!"
            ]
        );
        // An instruction is checked as a fact (a source may give it): it stays.
        assert_eq!(
            parts("Hold the button for ten seconds, so press it firmly."),
            vec!["Hold the button for ten seconds, so press it firmly."]
        );
        assert_eq!(
            parts("The museum is closed on Mondays, so you should plan another day."),
            vec![
                "The museum is closed on Mondays",
                "you should plan another day."
            ]
        );
        assert_eq!(
            parts("The first element is the script name, so the second is `sys.argv[2]`:"),
            vec!["The first element is the script name, so the second is `sys.argv[2]`:"]
        );
        assert_eq!(
            parts("The bridge was closed for repairs, so traffic was diverted through town."),
            vec!["The bridge was closed for repairs, so traffic was diverted through town."]
        );
    }

    #[test]
    fn a_leading_question_asserts_its_statement() {
        for (text, statement) in [
            ("Isn't it 500 metres tall?", "It is 500 metres tall."),
            (
                "Isn't the Eiffel Tower 500 metres tall?",
                "The Eiffel Tower is 500 metres tall.",
            ),
            ("Wasn't it completed in 1889?", "It was completed in 1889."),
            (
                "Didn't Gustave Eiffel design it?",
                "Gustave Eiffel did design it.",
            ),
            ("Isn’t the tower in Paris?", "The tower is in Paris."),
        ] {
            assert_eq!(leading_question(text), statement, "{text}");
        }
        for text in [
            "Isn't it lovely?",
            "Don't you think Paris is lovely?",
            "Haven't you been to Paris?",
            "Is it 500 metres tall?",
            "Isn't it?",
            "It isn't 500 metres tall.",
        ] {
            assert_eq!(leading_question(text), text, "{text}");
        }
    }

    #[test]
    fn an_opening_discourse_marker_is_no_content() {
        for (text, statement) in [
            ("Actually, it is 330 metres tall.", "It is 330 metres tall."),
            ("Oh, it opened in 1889.", "It opened in 1889."),
            (
                "Interestingly, the tower was repainted.",
                "The tower was repainted.",
            ),
            (
                "Well, I think it opened in 1889.",
                "I think it opened in 1889.",
            ),
            (
                "Fun fact: the coffee plant comes from Ethiopia.",
                "The coffee plant comes from Ethiopia.",
            ),
            (
                "I agree, I love their black-and-white coat.",
                "I love their black-and-white coat.",
            ),
            (
                "Me too, it is my favourite dish.",
                "It is my favourite dish.",
            ),
            (
                "In fact, the tower was repainted in 2019.",
                "The tower was repainted in 2019.",
            ),
            ("Of course, it opened in 1889.", "It opened in 1889."),
        ] {
            assert_eq!(strip_discourse_marker(text), statement, "{text}");
        }
        for text in [
            "No, it is 330 metres tall.",
            "Yes, it is.",
            "Paris, the capital, is in France.",
            "Holly, the singer, was born in 1990.",
            "Beverly, a city in Massachusetts, was founded in 1626.",
            "Additionally, it opened in 1889.",
            "In 1889, it opened.",
            "Fly, you fools.",
            "Oh, !",
            "Note: the museum is closed on Mondays.",
            "Fun fact:",
        ] {
            assert_eq!(strip_discourse_marker(text), text, "{text}");
        }
        // With a hedge after it: both go.
        assert_eq!(
            strip_hedge(&strip_discourse_marker(
                "Well, I believe it is about 330 metres tall."
            )),
            "It is about 330 metres tall."
        );
    }

    #[test]
    fn a_hedge_around_a_statement_that_names_something_is_left_out() {
        for (text, statement) in [
            (
                "I think it was completed in 1925.",
                "It was completed in 1925.",
            ),
            (
                "I believe that it was designed by Le Corbusier.",
                "It was designed by Le Corbusier.",
            ),
            (
                "If I remember correctly, it opened in 1889.",
                "It opened in 1889.",
            ),
            (
                "It was completed in 1925, I think.",
                "It was completed in 1925.",
            ),
            (
                "It was finished in 1901 I think.",
                "It was finished in 1901.",
            ),
            (
                "It was completed in 1925, right?",
                "It was completed in 1925.",
            ),
            (
                "It was designed by Gustave Eiffel, wasn’t it?",
                "It was designed by Gustave Eiffel.",
            ),
            (
                "I’m pretty sure the tower is in Paris!",
                "The tower is in Paris!",
            ),
            (
                "Personally, I think it was built in 1889.",
                "It was built in 1889.",
            ),
            // The speaker's liking of a statement states it.
            (
                "Yes, I love how it grew out of blues and ragtime.",
                "It grew out of blues and ragtime.",
            ),
            (
                "It's amazing that the bridge is still open to traffic!",
                "The bridge is still open to traffic!",
            ),
            (
                "I think café prices in Paris went up in 2023.",
                "Café prices in Paris went up in 2023.",
            ),
            (
                "It's 330 metres tall, which is pretty impressive!",
                "It's 330 metres tall.",
            ),
            (
                "It was completed in 1889, which I find fascinating.",
                "It was completed in 1889.",
            ),
            (
                "The Louvre is free on Sundays, which sounds like a great deal!",
                "The Louvre is free on Sundays.",
            ),
            (
                "Did you know they were formed in Liverpool in 1960?",
                "They were formed in Liverpool in 1960.",
            ),
            (
                "Did you know that Paris has 37 bridges?",
                "Paris has 37 bridges.",
            ),
            (
                "Have you heard that the Louvre opened in 1793?",
                "The Louvre opened in 1793.",
            ),
            (
                "They were formed in Liverpool in 1960, did you know that?",
                "They were formed in Liverpool in 1960.",
            ),
            (
                "The Louvre opened in 1793, you know?",
                "The Louvre opened in 1793.",
            ),
            // Put to the listener as news: a statement whatever it names.
            (
                "Did you know that honey never spoils?",
                "Honey never spoils.",
            ),
            // No name or number, but four content words or more: a description.
            (
                "It's a thin pancake made from chickpea flour, right?",
                "It's a thin pancake made from chickpea flour.",
            ),
        ] {
            assert_eq!(strip_hedge(text), statement, "{text}");
        }
        // Nothing named: the hedge stays and the claim reads as an opinion. No hedge, or
        // a hedge word inside the sentence: unchanged.
        for text in [
            "I think you'll love it.",
            "Personally, I think Paris is lovely.",
            "It's lovely, isn't it?",
            "I think so.",
            "Is it 330 metres tall?",
            "Was it completed in 1889?",
            "Paris, I think, is in France.",
            "I thinking about Paris in 1889.",
            "The engineers I know built it in 1889.",
            "Is it Paris, right or left?",
            "It was completed in 1889, which is a great example of Gothic architecture.",
            "It is 330 metres tall, which is the tallest in Europe.",
            "The food is cheap, which is great.",
            "Do you know where the Louvre is?",
            "Did you know about the Paris catacombs?",
            "Have you heard of the Louvre in Paris?",
            "Do you know the Beatles?",
            "Did you know they were formed in Liverpool in 1960.",
            "It's lovely, you know?",
            "The food is so tasty, isn't it?",
            "I think the view from the top is worth the queue, right?",
            "Paris has 37 bridges and you know that.",
            "I love how it sounds.",
            "I love that!",
        ] {
            assert_eq!(strip_hedge(text), text, "{text}");
        }
    }

    fn texts(answer: &str, markers: &[(usize, usize)]) -> Vec<String> {
        let ctx = AnswerContext::new(answer);
        split_claims(&ctx, markers)
            .into_iter()
            .map(|c| c.text)
            .collect()
    }

    #[test]
    fn a_speaker_before_a_quotation_is_a_frame() {
        assert_eq!(
            strip_attribution("The refund policy says: \"Gift cards are not refundable.\""),
            "\"Gift cards are not refundable.\""
        );
        assert_eq!(
            strip_attribution("Our handbook states \u{201c}Badges are required.\u{201d}"),
            "\u{201c}Badges are required.\u{201d}"
        );
        // Without a quotation the speaker's words stay.
        assert_eq!(
            strip_attribution("The refund policy says gift cards are final."),
            "The refund policy says gift cards are final."
        );
        assert_eq!(
            strip_attribution("The box contains \"two cables\"."),
            "The box contains \"two cables\"."
        );
    }

    #[test]
    fn sentences_and_markers() {
        let a = "Paris is the capital [1]. It has 2 million people. [2]";
        let m = [(21, 24), (51, 54)];
        assert_eq!(a.get(21..24), Some("[1]"));
        assert_eq!(a.get(51..54), Some("[2]"));
        let ctx = AnswerContext::new(a);
        let c = split_claims(&ctx, &m);
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].text, "Paris is the capital.");
        assert_eq!(c[1].text, "It has 2 million people.");
        assert_eq!(
            a.get(c[1].start..c[1].end),
            Some("It has 2 million people.")
        );
    }

    #[test]
    fn clauses_with_their_own_subject() {
        assert_eq!(
            texts(
                "The tower was built in 1889, and it is 330 metres tall.",
                &[]
            ),
            vec!["The tower was built in 1889", "it is 330 metres tall."]
        );
        assert_eq!(
            texts("Salt and pepper are common spices.", &[]),
            vec!["Salt and pepper are common spices."]
        );
        // Two clauses joined by a bare comma, a pronoun subject after it.
        assert_eq!(
            texts("I love jazz, it started in New Orleans.", &[]),
            vec!["I love jazz", "it started in New Orleans."]
        );
        assert_eq!(
            texts("The museum has 200 rooms, its largest hall is new.", &[]),
            vec!["The museum has 200 rooms", "its largest hall is new."]
        );
        for one in [
            "When it rains, it floods the road.",
            "Born in Texas in 1950, he moved to Ohio.",
            "Paris, the capital, is big, it has 2 million people.",
            "The tower is 330 m tall, it said.",
            "Therefore, while the CTR is a helpful tool, it should be read in context.",
            "Based on the information given, it is possible that it is shingles.",
        ] {
            assert_eq!(texts(one, &[]).len(), 1, "{one}");
        }
        assert_eq!(
            texts(
                "The drug lowers blood pressure; it also reduces swelling.",
                &[]
            ),
            vec![
                "The drug lowers blood pressure",
                "it also reduces swelling."
            ]
        );
    }

    #[test]
    fn a_question_affirmed_by_the_next_sentence_is_a_claim() {
        let a = "Is the tower 500 m tall? Yes [1].";
        let c = split_claims(&AnswerContext::new(a), &[(29, 32)]);
        let last = c.last().expect("a claim");
        assert_eq!(last.text, "Is the tower 500 m tall");
        assert_eq!(
            a.get(last.start..last.end),
            Some("Is the tower 500 m tall? Yes [1].")
        );
        assert_eq!(
            texts("Is it open? Yes, it is. Tickets cost 10 euros.", &[]),
            vec!["Is it open?", "Is it open", "Tickets cost 10 euros."]
        );
        // A reply that says more than yes is its own claim.
        assert_eq!(
            texts("Is it open? Yes, every day from 9 am.", &[]),
            vec!["Is it open?", "Yes, every day from 9 am."]
        );
    }

    #[test]
    fn attribution_frames_are_not_part_of_the_claim() {
        assert_eq!(
            strip_attribution("The source says \"The tower is 330 m tall\"."),
            "\"The tower is 330 m tall\"."
        );
        assert_eq!(
            strip_attribution("The documents state that keys expire after 90 days."),
            "keys expire after 90 days."
        );
        assert_eq!(
            strip_attribution("According to the manual, a reset clears every setting."),
            "a reset clears every setting."
        );
        assert_eq!(
            strip_attribution("As lines 12-13 of show, entries expire."),
            "entries expire."
        );
        // Not frames: a claim about sources, "as" as a comparison, no comma.
        for keep in [
            "Sources of funding include grants.",
            "As a result, prices rose.",
            "The source code is open.",
            "According to him the tower is tall.",
        ] {
            assert_eq!(strip_attribution(keep), keep);
        }
    }

    #[test]
    fn skips_code_and_headings() {
        assert_eq!(
            texts(
                "## Setup\n\n```\nlet x = 1;\n```\n\n- Install it first.",
                &[]
            ),
            vec!["Install it first."]
        );
    }
}
