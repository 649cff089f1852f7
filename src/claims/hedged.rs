//! A claim that states as done, or as so, what its evidence says is only planned,
//! expected or possible: `Bosch has closed its Cardiff plant` against `its plant in
//! Cardiff is expected to close next year`, `The bus lanes have cut journey times`
//! against `could cut journey times`, `The fire was started deliberately` against
//! `Police are investigating whether the fire was started deliberately`.

use super::terms::Term;

/// What a marker of [`MARKERS`] says of the verb after it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mood {
    /// Planned or expected (`expected to`, `plans to`): a claim in the future tense
    /// (`will close`) says as much.
    Planned,
    /// Possible or in question (`could`, `might`, `whether`): `will` says more.
    Possible,
    /// What should or must be (`should open`, `must still be approved`): read against a
    /// claim in the past only (`opened`, `has approved`),
    /// since advice states what is so in the same words (`You should see a vet` /
    /// `See a vet`).
    Advised,
    /// To come or possible, in the plainest words (`will reopen`, `may cut`): read
    /// against a claim in the past only, as advice is (`reopened`, `has cut`), since a
    /// rule or a general statement says what is so in the same words (`Symptoms may
    /// include fever` / `Symptoms include fever`).
    Unsettled,
}

/// The words of an evidence sentence that put the verb after them in a mood
/// ([`Mood`]), lower case. `set to` counts after a form of `be` only (`is set to close`,
/// not `set to music`), and so does `due to`, before a verb of a scheduled event only
/// ([`DUE_VERBS`]: `is due to begin`, not `is due to heavy rain`, a cause); not `can`
/// (advice uses `can` for what is so); `should`, `must`, `needs to`, `yet to` and `urged
/// to` only against the past ([`Mood::Advised`]), and so `will` and `may`
/// ([`Mood::Unsettled`]), written in lower case and not after a determiner (`the will
/// of`, `In May`). Wants, pledges and proposals plan (`wants to`, `pledged to`,
/// `sought to`); an attempt is possible, not done (`tried to escape`).
const MARKERS: &[(&[&str], Mood)] = &[
    (&["expected", "to"], Mood::Planned),
    (&["plans", "to"], Mood::Planned),
    (&["plan", "to"], Mood::Planned),
    (&["planning", "to"], Mood::Planned),
    (&["planned", "to"], Mood::Planned),
    (&["aims", "to"], Mood::Planned),
    (&["aim", "to"], Mood::Planned),
    (&["aiming", "to"], Mood::Planned),
    (&["hopes", "to"], Mood::Planned),
    (&["hoping", "to"], Mood::Planned),
    (&["intends", "to"], Mood::Planned),
    (&["intend", "to"], Mood::Planned),
    (&["scheduled", "to"], Mood::Planned),
    (&["poised", "to"], Mood::Planned),
    (&["likely", "to"], Mood::Planned),
    (&["threatened", "to"], Mood::Planned),
    (&["threatens", "to"], Mood::Planned),
    (&["threatening", "to"], Mood::Planned),
    (&["set", "to"], Mood::Planned),
    (&["wants", "to"], Mood::Planned),
    (&["want", "to"], Mood::Planned),
    (&["wanted", "to"], Mood::Planned),
    (&["seeks", "to"], Mood::Planned),
    (&["seeking", "to"], Mood::Planned),
    (&["sought", "to"], Mood::Planned),
    (&["pledged", "to"], Mood::Planned),
    (&["pledges", "to"], Mood::Planned),
    (&["promised", "to"], Mood::Planned),
    (&["promises", "to"], Mood::Planned),
    (&["vowed", "to"], Mood::Planned),
    (&["vows", "to"], Mood::Planned),
    (&["proposes", "to"], Mood::Planned),
    (&["proposed", "to"], Mood::Planned),
    (&["due", "to"], Mood::Planned),
    (&["could"], Mood::Possible),
    (&["might"], Mood::Possible),
    (&["considering"], Mood::Possible),
    (&["allegedly"], Mood::Possible),
    (&["reportedly"], Mood::Possible),
    (&["whether"], Mood::Possible),
    (&["tried", "to"], Mood::Possible),
    (&["tries", "to"], Mood::Possible),
    (&["trying", "to"], Mood::Possible),
    (&["attempted", "to"], Mood::Possible),
    (&["attempting", "to"], Mood::Possible),
    (&["should"], Mood::Advised),
    (&["must"], Mood::Advised),
    (&["needs", "to"], Mood::Advised),
    (&["need", "to"], Mood::Advised),
    (&["needed", "to"], Mood::Advised),
    (&["yet", "to"], Mood::Advised),
    (&["urged", "to"], Mood::Advised),
    (&["will"], Mood::Unsettled),
    (&["may"], Mood::Unsettled),
];

/// The keys ([`Term::key`]: lower case, stemmed) of the first words of [`MARKERS`],
/// sorted: most words of a sentence are ruled out by a binary search here before any
/// marker is read.
const MARKER_KEYS: &[&str] = &[
    "aim", "alleg", "attempt", "consider", "could", "due", "expect", "hop", "intend", "lik", "may",
    "might", "must", "need", "plan", "pledg", "pois", "promiz", "propos", "report", "schedul",
    "seek", "set", "should", "sought", "threaten", "tri", "try", "urg", "vow", "want", "whether",
    "will", "yet",
];

/// True when `key` is one of [`MARKER_KEYS`]: most keys are ruled out by their length
/// and first letter before the search.
fn may_mark(key: &str) -> bool {
    const FIRST: u32 = {
        let mut mask = 0u32;
        let mut i = 0;
        while i < MARKER_KEYS.len() {
            mask |= 1 << (MARKER_KEYS[i].as_bytes()[0] - b'a');
            i += 1;
        }
        mask
    };
    let first = key.as_bytes().first().copied().unwrap_or(0);
    (3..=8).contains(&key.len())
        && first.is_ascii_lowercase()
        && FIRST & (1 << (first - b'a')) != 0
        && MARKER_KEYS.binary_search(&key).is_ok()
}

/// Words of a claim that say it is not stated as so (`could`, `plans`, `whether`,
/// `risk`), lower case: a claim's verb after one of them is not read by this rule.
const CLAIM_HEDGES: &[&str] = &[
    "accused",
    "advice",
    "advise",
    "advised",
    "aim",
    "aimed",
    "aiming",
    "aims",
    "alleged",
    "allegedly",
    "allegation",
    "allegations",
    "attempt",
    "attempts",
    "bid",
    "can",
    "chance",
    "chances",
    "claim",
    "claimed",
    "claims",
    "consider",
    "considered",
    "considering",
    "considers",
    "could",
    "due",
    "essential",
    "expect",
    "expectation",
    "expected",
    "expecting",
    "expects",
    "face",
    "faces",
    "facing",
    "forecast",
    "hope",
    "hoped",
    "hopes",
    "hoping",
    "ideally",
    "if",
    "important",
    "intend",
    "intended",
    "intends",
    "intention",
    "investigating",
    "investigation",
    "likelihood",
    "likely",
    "may",
    "might",
    "must",
    "necessary",
    "need",
    "needs",
    "perhaps",
    "plan",
    "planned",
    "planning",
    "plans",
    "poised",
    "possible",
    "possibly",
    "potential",
    "potentially",
    "predicted",
    "probably",
    "projected",
    "proposal",
    "propose",
    "proposed",
    "proposes",
    "recommend",
    "recommended",
    "reportedly",
    "risk",
    "risks",
    "scheduled",
    "seek",
    "seeks",
    "set",
    "should",
    "sought",
    "suspected",
    "threat",
    "threaten",
    "threatened",
    "threatens",
    "tried",
    "tries",
    "try",
    "trying",
    "unless",
    "unlikely",
    "want",
    "wanted",
    "wants",
    "whether",
    "would",
];

/// Words of [`CLAIM_HEDGES`] that hedge a claim after its verb too (`The plant closes
/// next year, Bosch expects.`, `It was probably started deliberately.`).
const ANYWHERE: &[&str] = &[
    "allegedly",
    "expect",
    "expected",
    "expects",
    "forecast",
    "likely",
    "perhaps",
    "possibly",
    "predicted",
    "probably",
    "reportedly",
    "unlikely",
];

/// Words of a claim that put it in the future (`will close`): as much as a plan says,
/// more than a possibility.
const FUTURE: &[&str] = &["will", "shall", "going"];

/// Words that open another clause: a marker's verb stands before them.
const CLAUSE_WORDS: &[&str] = &[
    "after", "although", "and", "as", "because", "before", "but", "or", "since", "though", "until",
    "when", "where", "which", "while", "who",
];

/// Auxiliaries and forms of `be` that come before the verb of a clause after `whether`
/// (`whether the fire was started`).
const AUXILIARIES: &[&str] = &[
    "are", "can", "could", "did", "do", "does", "had", "has", "have", "is", "was", "were", "will",
    "would",
];

/// Adverbs without `-ly` that stand between a marker and its verb (`must still be
/// approved`, `could soon close`).
const ADVERBS: &[&str] = &[
    "also",
    "even",
    "eventually",
    "first",
    "further",
    "later",
    "now",
    "soon",
    "still",
    "then",
    "yet",
];

/// Words after which a verb is in its base form, whatever its ending (`will need`, `to
/// succeed`).
const MODALS: &[&str] = &[
    "can", "could", "may", "might", "must", "shall", "should", "to", "will", "would", "'ll",
];

/// Verbs in `-eed` that are not past forms (`need`, `proceed`): every other word in `-ed`
/// of four letters or more is read as one.
const EED: &[&str] = &[
    "bleed", "breed", "exceed", "feed", "heed", "indeed", "need", "proceed", "seed", "speed",
    "succeed", "weed",
];

/// True when `w` reads as a past form: `-ed`, four letters or more, not a verb of [`EED`]
/// (`need`), nor a short word in `-ed` (`red`, `bed`).
fn is_past_form(w: &str) -> bool {
    w.len() >= 4 && ends_with_folded(w, "ed") && !one_of(w, EED)
}

/// Verbs of scheduled events that `due to` plans (`is due to begin`, `are due to meet`);
/// after any other word `due to` gives a cause (`is due to heavy rain`).
const DUE_VERBS: &[&str] = &[
    "appear", "arrive", "be", "begin", "close", "come", "complete", "end", "expire", "face",
    "finish", "hold", "launch", "leave", "meet", "open", "play", "publish", "reopen", "release",
    "resume", "retire", "return", "sign", "speak", "stand", "start", "take", "testify", "travel",
    "visit", "vote",
];

/// The forms of `be` that `set to` follows when it plans (`is set to close`).
const BE: &[&str] = &["is", "are", "was", "were", "be", "been", "being"];

/// The word of `ts` at `i`, as written in `text`.
fn word<'t>(text: &'t str, ts: &[Term], i: usize) -> &'t str {
    ts.get(i)
        .and_then(|t| text.get(t.start..t.end))
        .unwrap_or("")
}

/// True when `w` ends with `suffix` (ASCII case folded), without a copy.
fn ends_with_folded(w: &str, suffix: &str) -> bool {
    w.len() >= suffix.len()
        && w.as_bytes()[w.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
}

/// True when `w` is one of `list` (ASCII case folded).
fn one_of(w: &str, list: &[&str]) -> bool {
    list.iter().any(|x| w.eq_ignore_ascii_case(x))
}

/// A verb that a marker puts in a mood: where it stands in the sentence, the marker's
/// words as written (`expected to close`) and the mood.
struct Hedged {
    at: usize,
    phrase: String,
    mood: Mood,
}

/// The verbs of sentence `text` (terms `ts`) that a marker of [`MARKERS`] puts in a mood.
/// The verb is the first content word after the marker in its clause (auxiliaries,
/// `be` and adverbs skipped: `could soon be lower`, `might potentially cut`);
/// after `whether`, the first content word after the clause's auxiliary (`whether the
/// fire was started`). None where a negation comes first (`could not`: the negation
/// rules read it).
fn hedged_verbs(text: &str, ts: &[Term]) -> Vec<Hedged> {
    let breaks = |k: usize| {
        k == 0
            || text
                .get(ts[k - 1].end..ts[k].start)
                .is_none_or(|g| g.contains([',', ';', ':', '(', ')', '.', '!', '?']))
    };
    let mut out = Vec::new();
    for i in 0..ts.len() {
        if !may_mark(&ts[i].key) {
            continue;
        }
        let Some((words, mood)) = MARKERS.iter().find(|(words, _)| {
            words.iter().enumerate().all(|(j, w)| {
                word(text, ts, i + j).eq_ignore_ascii_case(w) && (j == 0 || !breaks(i + j))
            })
        }) else {
            continue;
        };
        let before = i.checked_sub(1).map_or("", |p| word(text, ts, p));
        // `is set to close`, `was considering selling`: not `set to music`, nor
        // `Considering the cost, …` (a preposition).
        if matches!(words[0], "set" | "considering" | "due") && !one_of(before, BE) {
            continue;
        }
        // `is due to begin`, not `is due to heavy rain` (a cause): a verb of a scheduled
        // event after `to`.
        if words[0] == "due" && !one_of(word(text, ts, i + 2), DUE_VERBS) {
            continue;
        }
        // `more likely to`, `less likely to` compare how often: a claim that says one
        // does it more often says as much.
        if words[0] == "likely" && one_of(before, &["more", "less", "most", "least"]) {
            continue;
        }
        // `will` and `may` as written in lower case, not after a determiner (`the will
        // of the people`, `In May`, `May 2020`).
        if *mood == Mood::Unsettled
            && (word(text, ts, i) != words[0]
                || one_of(
                    before,
                    &[
                        "a", "an", "the", "his", "her", "its", "their", "our", "my", "your",
                        "free", "good", "last", "own",
                    ],
                ))
        {
            continue;
        }
        let whether = words[0] == "whether";
        // `whether … or …` gives alternatives that all hold (`whether you are a beginner
        // or an expert`), not a question.
        if whether
            && (i + 1..ts.len())
                .take_while(|&k| !breaks(k))
                .any(|k| word(text, ts, k).eq_ignore_ascii_case("or"))
        {
            continue;
        }
        let mut after_auxiliary = !whether;
        let mut k = i + words.len();
        let verb = loop {
            if k >= ts.len() || breaks(k) {
                break None;
            }
            let t = &ts[k];
            let w = word(text, ts, k);
            if t.negation || (k > i + words.len() && one_of(w, CLAUSE_WORDS)) {
                break None;
            }
            if !after_auxiliary {
                after_auxiliary = one_of(w, AUXILIARIES);
            } else {
                let adverb = (w.len() > 4 && ends_with_folded(w, "ly")) || one_of(w, ADVERBS);
                if !(t.stop || t.numeric || t.capitalised || adverb || one_of(w, AUXILIARIES)) {
                    break Some(k);
                }
            }
            k += 1;
        };
        if let Some(at) = verb {
            let start = ts[i].start;
            let phrase = text.get(start..ts[at].end).unwrap_or("").to_string();
            out.push(Hedged {
                at,
                phrase,
                mood: *mood,
            });
            // A verb joined to it by `and` / `or` in the same clause is in the same mood
            // (`will close in January and reopen in 2026`): the word right after the
            // conjunction, where it is a content word (`and the library` joins a noun).
            let mut k = at + 1;
            while k + 1 < ts.len() && !breaks(k) {
                if one_of(word(text, ts, k), &["and", "or"]) && !breaks(k + 1) {
                    let t = &ts[k + 1];
                    let w = word(text, ts, k + 1);
                    if !(t.stop || t.numeric || t.capitalised || t.negation || is_past_form(w)) {
                        out.push(Hedged {
                            at: k + 1,
                            phrase: format!("{} {w}", text.get(start..ts[k].end).unwrap_or("")),
                            mood: *mood,
                        });
                    }
                }
                k += 1;
            }
        }
    }
    out
}

/// True when the claim (`claim`, terms `ct`) hedges its word `j`: a word of
/// [`CLAIM_HEDGES`] before it (`could close`, `the risk of developing`), or, against a
/// plan, the future (`will close`); or one of [`ANYWHERE`] wherever it stands (`…,
/// analysts expect`).
fn hedges_before(claim: &str, ct: &[Term], j: usize, mood: Mood) -> bool {
    (0..ct.len()).any(|i| {
        let w = word(claim, ct, i);
        (i < j
            && (one_of(w, CLAIM_HEDGES)
                || (mood == Mood::Planned && (one_of(w, FUTURE) || ends_with_folded(w, "'ll")))))
            || one_of(w, ANYWHERE)
    })
}

/// The stages of a criminal case, in order, as written (lower case): arrested, charged,
/// convicted, sentenced. A claim of a later stage than its evidence reaches says more
/// than the evidence (`jailed` against `charged`). Each is six to ten letters long (a
/// test holds the list to it).
const STAGES: &[(&str, u8)] = &[
    ("arrested", 1),
    ("detained", 1),
    ("charged", 2),
    ("convicted", 3),
    ("guilty", 3),
    ("sentenced", 4),
    ("jailed", 4),
    ("imprisoned", 4),
];

/// The stage ([`STAGES`]) of word `w`, if it names one.
fn stage(w: &str) -> Option<u8> {
    // Every stage word is six to ten letters long: most words stop here.
    if !(6..=10).contains(&w.len()) {
        return None;
    }
    STAGES
        .iter()
        .find(|(s, _)| w.eq_ignore_ascii_case(s))
        .map(|&(_, r)| r)
}

/// A stage of a criminal case that the claim (`claim`, terms `ct`) states and the
/// sentences of `window` do not reach: the window names an earlier stage and none as
/// late (`A man has been jailed for the murder` against `A man has been charged with the
/// murder`). Not for a claim that hedges the stage ([`hedges_before`]: `could be
/// jailed`) or negates anything. Returns the claim's word and the window's latest, as
/// written.
pub(crate) fn unstated_stage(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
) -> Option<(String, String)> {
    let (j, mine) = (0..ct.len()).find_map(|j| Some((j, stage(word(claim, ct, j))?)))?;
    if mine < 2 || ct.iter().any(|t| t.negation) || hedges_before(claim, ct, j, Mood::Possible) {
        return None;
    }
    let mut latest: Option<(u8, &str)> = None;
    for (text, ts) in window {
        for i in 0..ts.len() {
            let w = word(text, ts, i);
            if let Some(r) = stage(w) {
                if latest.is_none_or(|(l, _)| r > l) {
                    latest = Some((r, w));
                }
            }
        }
    }
    let (theirs, w) = latest?;
    (theirs < mine).then(|| (word(claim, ct, j).to_string(), w.to_string()))
}

/// A verb of the claim (`claim`, tokenised as `ct`) that the sentences of `window` write
/// only in a mood (planned, expected, possible, in question: [`MARKERS`]) while the claim
/// states it as so: `Bosch has closed its Cardiff plant` against `its plant in Cardiff is
/// expected to close next year`. Not for a claim that hedges its verb itself (a word of
/// [`CLAIM_HEDGES`] before it or of [`ANYWHERE`] anywhere, `to` right before it, or,
/// against a plan, the future: `will close`),
/// nor one with a negation (the negation rules read it), nor a verb that a sentence of
/// the window also writes without a marker. Returns the claim's verb and the
/// evidence's words from the marker to the verb, as written.
pub(crate) fn unstated_certainty(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
) -> Option<(String, String)> {
    if ct.iter().any(|t| t.negation) {
        return None;
    }
    let claim_hedges = |j: usize, mood: Mood| hedges_before(claim, ct, j, mood);
    let hedged: Vec<(usize, Hedged)> = window
        .iter()
        .enumerate()
        .flat_map(|(s, (text, ts))| hedged_verbs(text, ts).into_iter().map(move |h| (s, h)))
        .collect();
    if hedged.is_empty() {
        return None; // most windows: no marker
    }
    hedged.iter().find_map(|(s, h)| {
        let key = &window.get(*s)?.1.get(h.at)?.key;
        // The window writes the verb without a marker too (`It closed in May.`).
        let plain = window.iter().enumerate().any(|(o, (_, ots))| {
            ots.iter().enumerate().any(|(j, t)| {
                !t.stop
                    && super::support::same_word(&t.key, key)
                    && !hedged.iter().any(|(hs, hh)| *hs == o && hh.at == j)
            })
        });
        if plain {
            return None;
        }
        let j =
            (0..ct.len()).find(|&j| !ct[j].stop && super::support::same_word(&ct[j].key, key))?;
        let to_before = j
            .checked_sub(1)
            .is_some_and(|p| word(claim, ct, p).eq_ignore_ascii_case("to"));
        if to_before || claim_hedges(j, h.mood) {
            return None;
        }
        // Against advice, or what will or may be, the past only: a form in `-ed` that no
        // form of `be` passes off as the present (`Patients are monitored` against
        // `should be monitored`), or any form after `has`, `have` or `had` (`has cut`,
        // `had met`), `has been` (`have been paid`), `was` or `were` (`were paid`).
        if matches!(h.mood, Mood::Advised | Mood::Unsettled) {
            let back = |n: usize| j.checked_sub(n).map_or("", |p| word(claim, ct, p));
            let before = back(1);
            let perfect = one_of(before, &["has", "have", "had", "was", "were"])
                || (before.eq_ignore_ascii_case("been")
                    && one_of(back(2), &["has", "have", "had"]));
            let past = is_past_form(word(claim, ct, j))
                && !one_of(before, &["am", "is", "are", "be", "been", "being"])
                && !one_of(before, MODALS);
            // What may happen, said to be what will (`The airline will cut 2,000 jobs`
            // against `may cut up to 2,000 jobs`): `will` states more than `may`.
            let may = h
                .phrase
                .split_whitespace()
                .next()
                .is_some_and(|m| m.eq_ignore_ascii_case("may"));
            let will = before.eq_ignore_ascii_case("will")
                || (before.eq_ignore_ascii_case("be") && back(2).eq_ignore_ascii_case("will"));
            if !(perfect || past || (may && will)) {
                return None;
            }
        }
        Some((word(claim, ct, j).to_string(), h.phrase.clone()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::terms::{terms, with_window};

    fn overstated(claim: &str, sentences: &[&str]) -> Option<(String, String)> {
        with_window(sentences, |w| unstated_certainty(claim, &terms(claim), w))
    }

    #[test]
    fn the_keys_of_the_markers_first_words_are_sorted_and_complete() {
        let mut keys: Vec<String> = MARKERS
            .iter()
            .map(|(words, _)| terms(words[0])[0].key.clone())
            .collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys, MARKER_KEYS);
        assert!(MARKER_KEYS.iter().all(|k| may_mark(k)));
        assert!(["close", "bank", "", "é", "zoo", "considerations"]
            .iter()
            .all(|k| !may_mark(k)));
    }

    #[test]
    fn a_verb_joined_to_a_hedged_one_is_hedged_too() {
        let museum =
            "The museum will close for renovation in January and reopen in the summer of 2026.";
        assert_eq!(
            overstated("The museum reopened in the summer of 2026.", &[museum]),
            Some((
                "reopened".into(),
                "will close for renovation in January and reopen".into()
            ))
        );
        assert!(overstated("The museum will reopen in the summer of 2026.", &[museum]).is_none());
        // `and` before a determiner joins a noun, not a verb.
        let library = "The council will close the museum and the library reopened in May.";
        assert!(overstated("The library reopened in May.", &[library]).is_none());
    }

    #[test]
    fn wants_pledges_attempts_and_what_is_yet_to_be_done_are_not_done() {
        let wage = "The wage rise still needs to be approved by parliament.";
        assert_eq!(
            overstated("Parliament approved the wage rise.", &[wage]),
            Some(("approved".into(), "needs to be approved".into()))
        );
        let yet = "The wage rise has yet to be approved by parliament.";
        assert!(overstated("Parliament approved the wage rise.", &[yet]).is_some());
        let urged = "The minister has been urged to resign by opposition parties.";
        assert!(overstated("The minister resigned on Friday.", &[urged]).is_some());
        let pledge = "The president pledged to cut taxes for the middle class.";
        assert!(overstated("The president cut taxes for the middle class.", &[pledge]).is_some());
        // A pledge is a plan: the future says as much.
        assert!(overstated(
            "The president will cut taxes for the middle class.",
            &[pledge]
        )
        .is_none());
        let escape = "The prisoner tried to escape from the jail but was caught by guards.";
        assert_eq!(
            overstated("The prisoner escaped from the jail.", &[escape]),
            Some(("escaped".into(), "tried to escape".into()))
        );
        let rival = "The company sought to acquire its rival, but the deal collapsed.";
        assert!(overstated("The company acquired its rival.", &[rival]).is_some());
        // What the claim hedges the same way, advice in other words, and a verb after the
        // marker that is not the claim's.
        assert!(overstated(
            "The company wants to acquire its rival.",
            &["The company wants to acquire its rival."]
        )
        .is_none());
        let app = "You need to restart the app after installing the update.";
        assert!(overstated("Restart the app after installing the update.", &[app]).is_none());
        let doctor = "He wanted to become a doctor and studied medicine at Harvard.";
        assert!(overstated("He studied medicine at Harvard.", &[doctor]).is_none());
    }

    #[test]
    fn a_claim_states_as_done_what_its_evidence_plans_or_deems_possible() {
        let plant = "Bosch said its plant in Cardiff is expected to close next year, with the loss of 400 jobs.";
        assert_eq!(
            overstated(
                "Bosch's Cardiff plant has closed with the loss of 400 jobs.",
                &[plant]
            ),
            Some(("closed".into(), "expected to close".into()))
        );
        let lanes =
            "The council says the new bus lanes could cut journey times by up to ten minutes.";
        assert_eq!(
            overstated(
                "New bus lanes have cut journey times by ten minutes.",
                &[lanes]
            ),
            Some(("cut".into(), "could cut".into()))
        );
        // The future says more than a possibility, as much as a plan.
        assert!(overstated("The new bus lanes will cut journey times.", &[lanes]).is_some());
        assert!(overstated("Bosch's Cardiff plant will close next year.", &[plant]).is_none());
        let fire =
            "Police are investigating whether the fire at the warehouse was started deliberately.";
        assert_eq!(
            overstated(
                "Police say the warehouse fire was started deliberately.",
                &[fire]
            ),
            Some((
                "started".into(),
                "whether the fire at the warehouse was started".into()
            ))
        );
        let profits =
            "Shares fell 8% after the firm warned that profits might be lower than expected.";
        assert!(overstated(
            "Shares fell 8% after the firm reported lower profits.",
            &[profits]
        )
        .is_some());
        let bridge = "Work is due to begin in 2026 and the bridge should open to traffic in 2029.";
        assert!(overstated("The new bridge opened to traffic in 2029.", &[bridge]).is_some());
        assert!(overstated("The bridge should open in 2029.", &[bridge]).is_none());
        assert!(overstated("The bridge will open to traffic in 2029.", &[bridge]).is_none());
        let judge = "The settlement must still be approved by a judge in Oakland.";
        assert!(overstated("A judge has approved the settlement.", &[judge]).is_some());
        assert!(overstated("The settlement must be approved by a judge.", &[judge]).is_none());
        let vet = "You should see a vet if the swelling lasts more than two days.";
        assert!(overstated(
            "See a vet if the swelling lasts more than two days.",
            &[vet]
        )
        .is_none());
        assert!(overstated("It is important that a vet examined the swelling.", &[vet]).is_none());
        let watch = "Patients should be monitored closely for a week.";
        assert!(overstated("Patients are monitored closely for a week.", &[watch]).is_none());
        assert!(overstated("Patients were monitored closely for a week.", &[watch]).is_some());
        let museum = "The museum plans to reopen in June after a two-year refurbishment.";
        assert!(overstated(
            "The museum reopened in June after a refurbishment.",
            &[museum]
        )
        .is_some());
        let drug = "The trial found that the drug could reduce the risk of a heart attack by 20%.";
        assert!(overstated(
            "The drug reduced the risk of a heart attack by 20%.",
            &[drug]
        )
        .is_some());
        assert!(overstated(
            "The drug cuts the chance of a heart attack, which it could reduce by 20%.",
            &[drug]
        )
        .is_none());
        let arm = "The chief executive said the company was considering selling its shipping arm.";
        assert!(overstated("The company has sold its shipping arm.", &[arm]).is_some());
    }

    #[test]
    fn what_will_or_may_be_is_overstated_by_the_past_only() {
        let museum = "The museum will reopen in June after a two-year renovation.";
        assert_eq!(
            overstated("The museum reopened in June.", &[museum]),
            Some(("reopened".into(), "will reopen".into()))
        );
        assert!(overstated("The museum will reopen in June.", &[museum]).is_none());
        assert!(overstated("The museum is to reopen in June.", &[museum]).is_none());
        let jobs = "The company said it may cut up to 500 jobs.";
        assert!(overstated("The company has cut 500 jobs.", &[jobs]).is_some());
        assert!(overstated("The company may cut 500 jobs.", &[jobs]).is_none());
        // `will` says more than `may`, and `will be` than `may be`.
        assert_eq!(
            overstated("The company will cut 500 jobs.", &[jobs]),
            Some(("cut".into(), "may cut".into()))
        );
        let frog = "Researchers believe the frog may be endangered.";
        assert!(overstated("The frog will be endangered.", &[frog]).is_some());
        assert!(overstated("The frog may be endangered.", &[frog]).is_none());
        let refunds = "Passengers were told that refunds will be paid within a week.";
        assert!(overstated("Refunds have been paid to passengers.", &[refunds]).is_some());
        assert!(overstated("Refunds were paid to passengers.", &[refunds]).is_some());
        // What is so, in the same words (a general statement, a symptom list).
        let symptoms = "Symptoms may include fever and a cough.";
        assert!(overstated("Symptoms include fever and a cough.", &[symptoms]).is_none());
        let works = "Work on the bridge is due to begin in 2026, after delays due to flooding.";
        assert!(overstated("Work on the bridge began in 2026.", &[works]).is_some());
        assert!(overstated("Work on the bridge will begin in 2026.", &[works]).is_none());
        let rain = "The delay was due to heavy rain, which flooded the track.";
        assert!(overstated("Heavy rain flooded the track.", &[rain]).is_none());
        let water = "At sea level, water will boil at 100 degrees Celsius.";
        assert!(overstated("Water boils at 100 degrees Celsius at sea level.", &[water]).is_none());
        // A verb in `-eed` is no past form, nor one after a modal.
        let soft = "Tougher varieties will need to be softened by cooking.";
        assert!(overstated("Tougher varieties will need to be softened.", &[soft]).is_none());
        assert!(overstated("Tougher varieties need cooking.", &[soft]).is_none());
        // Not the noun or the month.
        let will = "His will left the house to his son.";
        assert!(overstated("He has left the house to his son.", &[will]).is_none());
        let may = "In May the company closed its plant.";
        assert!(overstated("The company closed its plant.", &[may]).is_none());
        // A verb the window also writes without a marker is stated.
        let sales = "Sales will rise 5% this year, after they rose 3% last year.";
        assert!(overstated("Sales rose 3% last year.", &[sales]).is_none());
    }

    #[test]
    fn a_later_stage_of_a_case_than_the_evidence_reaches() {
        let stage = |claim: &str, sentences: &[&str]| {
            with_window(sentences, |w| unstated_stage(claim, &terms(claim), w))
        };
        assert!(STAGES.iter().all(|(w, _)| (6..=10).contains(&w.len())));
        let charged = "A 45-year-old man has been charged with the murder of a woman in Swansea.";
        assert_eq!(
            stage(
                "A man has been jailed for the murder of a woman in Swansea.",
                &[charged]
            ),
            Some(("jailed".into(), "charged".into()))
        );
        assert!(stage("A man has been convicted of murdering a woman.", &[charged]).is_some());
        for claim in [
            "A man has been charged with murder in Swansea.",
            "A man has been arrested over the murder of a woman.",
            "A man could be jailed for the murder of a woman.",
            "A man faces being jailed for the murder.",
            "A man was not jailed for the murder.",
        ] {
            assert_eq!(stage(claim, &[charged]), None, "{claim}");
        }
        // The window reaches the stage, or names none.
        let later = "He was charged in May and jailed for life in December.";
        assert_eq!(stage("He was jailed for life.", &[later]), None);
        assert_eq!(
            stage("He was jailed for life.", &["He killed a woman in 2020."]),
            None
        );
    }

    #[test]
    fn a_claim_that_hedges_or_a_verb_stated_plainly_is_not_overstated() {
        let plant = "Bosch said its plant in Cardiff is expected to close next year.";
        for claim in [
            "Bosch's Cardiff plant is expected to close next year.",
            "Bosch plans to close its Cardiff plant.",
            "Bosch's Cardiff plant could close next year.",
            "Bosch's plant in Cardiff may close.",
            "Bosch's Cardiff plant did not close.",
            "Bosch wants to close the Cardiff plant.",
        ] {
            assert!(overstated(claim, &[plant]).is_none(), "{claim}");
        }
        // The window also says it plainly.
        assert!(overstated(
            "The plant closed in May.",
            &[plant, "The plant closed in May, earlier than planned."]
        )
        .is_none());
        // No marker: `may`, `can`, `due to`, `set to` and `considering` without `be`,
        // `more likely to`, `whether … or …` put nothing in a mood.
        for sentence in [
            "Symptoms may include fever and a cough.",
            "The delay was due to heavy rain.",
            "The poem was set to music by Elgar.",
            "The firm could not pay its debts.",
            "Considering the cost, the council approved the tunnel.",
            "Women are more likely to develop the disease than men.",
            "Whether you are a beginner or an expert, the course teaches the basics.",
        ] {
            for claim in [
                "Symptoms include fever and a cough.",
                "Heavy rain caused the delay.",
                "Elgar set the poem to music.",
                "The firm paid its debts.",
                "The cost of the tunnel was approved by the council.",
                "Women develop the disease more often than men.",
                "The course teaches beginners the basics.",
            ] {
                assert!(
                    overstated(claim, &[sentence]).is_none(),
                    "{claim} / {sentence}"
                );
            }
        }
    }
}
