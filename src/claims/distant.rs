//! Names and numbers away from the evidence: a name or number of the claim that its
//! evidence's source writes, but only in a sentence that has nothing to do with what the
//! claim says of it.
//!
//! The name and number rules ask only that a source write each name and number of the
//! claim somewhere. A model that confuses two entities of its context puts a name the
//! source does write into a statement the source makes of another: `Alice Moreno founded
//! the medical school in 1872` against `… Its first president was Henry Caldwell. He also
//! founded the medical school in 1872. The second president, Alice Moreno, opened the law
//! school in 1891.`, or a number it gives another thing: `Campaigners gathered 14,000
//! signatures` against `The library's 14,000 books … Campaigners gathered 3,500
//! signatures …`. Every word of those claims is in the source, and one sentence gives all
//! of each but the name or the number. This rule finds the sentence that gives most of
//! the claim's other words (its evidence) and asks where each name and number that the
//! source writes once is (one it writes in two sentences or more is one it is about): in
//! the evidence, the sentence before it (a name only), or a sentence that gives half as
//! much of the claim; the source's title or opening name; before an evidence sentence
//! that refers back to it (`He also founded …`, `The library's books …`); in a sentence
//! that gives a word, a number or a name of the claim the evidence lacks (a claim joined
//! from two sentences) or the word the claim says it of (`a Gainsborough painting`: `The
//! painting, a landscape by Thomas Gainsborough, …`). One in none of these places reads
//! the claim unsupported, as a name or number no source writes does.

use super::numbers::Quantity;
use super::prepared::PreparedSource;
use super::support::{related, ClaimProfile, IndexedSource, SourceMatch};
use super::terms::Term;

/// Words that refer back to something named before, besides the pronouns of
/// [`super::BACK_PRONOUNS`] (a sentence holding one speaks of what an earlier one named).
const MORE_BACK_WORDS: &[&str] = &["hers", "there"];

/// Verbs after which `there` is no place (`there was`, `there will be`, `there seem`).
const EXISTENTIAL_VERBS: &[&str] = &[
    "is", "was", "are", "were", "be", "isn't", "wasn't", "aren't", "weren't", "will", "would",
    "may", "might", "could", "can", "should", "must", "seem", "seems", "seemed", "remain",
    "remains", "remained", "appear", "appears", "appeared", "exist", "exists", "existed",
];

/// A name of the claim.
#[derive(Debug)]
struct Run<'c> {
    /// Its words' keys.
    keys: Vec<&'c str>,
    /// As written.
    written: &'c str,
    /// The keys of the content words beside it in the claim (before it and after it,
    /// over function words): what it is said of (`painting` of `a Gainsborough
    /// painting`, `laboratory` of `a laboratory in Copenhagen`).
    beside: Vec<&'c str>,
    /// The key of the content word right after it (over at most two function words that
    /// are not determiners, and no punctuation): what the claim says it does (`argued`
    /// of `Linda Park argued that …`).
    next: Option<&'c str>,
}

/// The keys of the claim's names: runs of capitalised content words (see
/// [`super::roles::name_token_runs`]) holding a word that must be found in a source
/// ([`super::support::ClaimWord::name`], or a capitalised first word that reads as one:
/// [`super::support::ClaimWord::initial`]) and that the question does not write. A first
/// word is a name too where the evidence's source `s` writes it as one (see
/// [`written_as_name`]: `Tesco shares rose 6%` beside `Rival Tesco reported …`).
fn name_runs<'c>(claim: &'c ClaimProfile, s: &IndexedSource<'_>) -> Vec<Run<'c>> {
    let first = claim.terms.first().filter(|t| t.capitalised && !t.stop);
    let is_name = |k: &str| {
        claim.words.iter().any(|w| {
            w.key == k
                && !w.in_question
                && !w.calendar
                && (w.name
                    || w.initial
                    || (first.is_some_and(|t| t.key == k) && written_as_name(s, k)))
        })
    };
    let in_question = |k: &str| claim.words.iter().any(|w| w.key == k && w.in_question);
    super::roles::name_token_runs(&claim.text, &claim.terms)
        .into_iter()
        .filter_map(|(a, b)| {
            let run = claim.terms.get(a..b)?;
            let keys: Vec<&str> = run.iter().map(|t| t.key.as_str()).collect();
            let written = claim.text.get(run.first()?.start..run.last()?.end)?;
            // The content words on either side, over function words.
            let content = |t: &&Term| !t.stop && !t.numeric && !t.negation;
            let beside = [
                claim.terms.get(..a)?.iter().rev().find(content),
                claim.terms.get(b..)?.iter().find(content),
            ]
            .into_iter()
            .flatten()
            .map(|t| t.key.as_str())
            .collect();
            let next = super::predicates::word_after(&claim.text, &claim.terms, b);
            (keys.iter().any(|k| is_name(k)) && !keys.iter().any(|k| in_question(k))).then_some(
                Run {
                    keys,
                    written,
                    beside,
                    next,
                },
            )
        })
        .collect()
}

/// True when `s` writes `key` capitalised wherever it writes it, once at least inside a
/// sentence: a name (`Rival Tesco reported …`), not an ordinary word that opens a
/// sentence (`Shares in …`).
fn written_as_name(s: &IndexedSource<'_>, key: &str) -> bool {
    let src: &PreparedSource = &s.prepared;
    let Some(id) = src.id(key) else {
        return false;
    };
    let mut inside = false;
    for &i in src.key_sentences.get(id) {
        let Some((_, ts)) = s.sentence_with_terms(i as usize) else {
            continue;
        };
        for (j, t) in ts.iter().enumerate().filter(|(_, t)| t.key == key) {
            if !t.capitalised {
                return false;
            }
            inside |= j > 0;
        }
    }
    inside
}

/// True when sentence `i` of `s` says what the claim says of its name (`next`, the key
/// of the word after it) of another name instead: a name none of whose words the claim
/// has, right before that word (over at most two function words that are not
/// determiners, one apposition between commas or a relative `who`: see
/// [`super::predicates::subject_end`]): `Council member Tom Reyes, one of the two
/// dissenters, argued that …` for `Linda Park argued that …`. What the
/// sentence says, it says of that name, so the claim's name, written in the sentence
/// before or in one that the evidence refers back to, was put in its place. (Not a
/// single word opening the sentence, which may be an ordinary word capitalised.)
fn said_of_another(s: &IndexedSource<'_>, i: usize, claim: &ClaimProfile, next: &str) -> bool {
    let Some((text, ts)) = s.sentence_with_terms(i) else {
        return false;
    };
    let another = |r: &[Term]| !r.iter().any(|t| claim_has(claim, &t.key));
    let mut runs = None;
    ts.iter()
        .enumerate()
        .filter(|(_, t)| t.key == next)
        .any(|(p, _)| {
            // The end of the name: right before, before an apposition between commas or
            // before a relative `who`.
            let Some(end) = super::predicates::subject_end(text, ts, p) else {
                return false;
            };
            // A name's noun (`Chile's navy said …`): said of the noun.
            let possessive = end
                .checked_sub(2)
                .and_then(|o| Some((ts.get(o)?, ts.get(o + 1)?)))
                .is_some_and(|(o, n)| {
                    o.capitalised
                        && !o.stop
                        && !n.stop
                        && !n.capitalised
                        && text
                            .get(o.start..n.start)
                            .is_some_and(|w| w.ends_with("'s ") || w.ends_with("\u{2019}s "))
                        && another(std::slice::from_ref(o))
                        && another(std::slice::from_ref(n))
                });
            // A name in apposition right before the word (`Her deputy, Tom Baker, will
            // take over`): the sentence says it of that name. Not a verb of speech, which
            // an apposed spokesman says for the body named elsewhere.
            let apposition = ts
                .get(p)
                .and_then(|t| text.get(t.start..t.end))
                .filter(|w| !super::speakers::reports_speech(w))
                .and_then(|_| super::predicates::apposition_before(text, ts, p));
            let runs = runs.get_or_insert_with(|| super::roles::name_token_runs(text, ts));
            possessive
                || runs.iter().any(|&(a, b)| {
                    (b == end || apposition == Some((a, b)))
                        && !(a == 0 && b == 1)
                        && ts.get(a..b).is_some_and(another)
                })
        })
}

/// The sentences of `src` holding one of `keys`, in order.
fn sentences_with(src: &PreparedSource, keys: &[&str]) -> Vec<usize> {
    let mut out: Vec<usize> = keys
        .iter()
        .filter_map(|k| src.id(k))
        .flat_map(|id| src.key_sentences.get(id).iter().map(|&s| s as usize))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// True when the source's title, or the name that opens its content, holds one of
/// `keys`: what the whole source is about, which any sentence of it may speak of
/// without naming it.
fn topic_of(s: &IndexedSource<'_>, keys: &[&str]) -> bool {
    if let Some(title) = s.source.title.as_deref() {
        let ts = super::terms::terms(title);
        if ts.iter().any(|t| keys.contains(&t.key.as_str())) {
            return true;
        }
    }
    let Some((text, ts)) = s.sentence_with_terms(0) else {
        return false;
    };
    let runs = super::roles::name_token_runs(text, ts);
    runs.first()
        .filter(|&&(a, _)| a <= 1)
        .and_then(|&(a, b)| ts.get(a..b))
        .is_some_and(|run| run.iter().any(|t| keys.contains(&t.key.as_str())))
}

/// Whether sentence `i` of `s` holds a word that refers back ([`super::BACK_PRONOUNS`],
/// [`MORE_BACK_WORDS`]), and the keys of the words it writes after `the` / `this` /
/// `these` (`the library`, `the Bradford-based company`: what an earlier sentence may
/// have named).
fn references<'s>(s: &'s IndexedSource<'_>, i: usize) -> (bool, Vec<&'s str>) {
    let Some((text, ts)) = s.sentence_with_terms(i) else {
        return (false, Vec::new());
    };
    let is = |t: &Term, list: &[&str]| {
        let w = text.get(t.start..t.end).unwrap_or("");
        list.iter().any(|p| p.eq_ignore_ascii_case(w))
    };
    // (Not `there` before a verb of being, which points at nothing: `there was no risk`,
    // `there has been`.)
    let existential = |k: usize| {
        ts.get(k + 1).is_some_and(|n| {
            is(n, EXISTENTIAL_VERBS)
                || (is(n, &["has", "have", "had"])
                    && ts.get(k + 2).is_some_and(|b| is(b, &["been"])))
        })
    };
    let pronoun = ts.iter().enumerate().any(|(k, t)| {
        is(t, super::BACK_PRONOUNS)
            || (is(t, MORE_BACK_WORDS) && !(is(t, &["there"]) && existential(k)))
    });
    // (Up to three words after it, to the first function word: the noun after its
    // modifiers, `The Bradford-based company`.)
    let nouns = ts
        .iter()
        .enumerate()
        .filter(|(_, t)| is(t, &["the", "this", "these"]))
        .flat_map(|(i, _)| {
            ts.get(i + 1..)
                .unwrap_or(&[])
                .iter()
                .take(3)
                .take_while(|t| !t.stop)
        })
        .map(|t| t.key.as_str())
        .collect();
    (pronoun, nouns)
}

/// True when `written` is an acronym (two to six capitals) that sentence `i` of `s`
/// spells out as a name whose capitalised words it is the initials of (`ECB` for `The
/// European Central Bank kept rates unchanged`, where a later sentence writes `ECB
/// president Christine Lagarde`; `MCQs` for `Multiple Choice Questions`): the evidence
/// names what the claim does.
fn spells_out(s: &IndexedSource<'_>, i: usize, written: &str) -> bool {
    // A plural (`MCQs` for `Multiple Choice Questions`) by its capitals.
    let written = written
        .strip_suffix('s')
        .filter(|w| w.len() >= 2)
        .unwrap_or(written);
    if !(2..=6).contains(&written.len()) || !written.bytes().all(|b| b.is_ascii_uppercase()) {
        return false;
    }
    let Some((text, ts)) = s.sentence_with_terms(i) else {
        return false;
    };
    super::roles::name_token_runs(text, ts)
        .into_iter()
        .filter_map(|(a, b)| ts.get(a..b))
        .any(|run| {
            let initials = run
                .iter()
                .filter(|t| t.capitalised)
                .filter_map(|t| text.get(t.start..t.end)?.bytes().next());
            initials.clone().count() == written.len()
                && initials
                    .zip(written.bytes())
                    .all(|(a, b)| a.eq_ignore_ascii_case(&b))
        })
}

/// True when sentence `i` of `s` goes on about what the sentence before it spoke of by
/// its opening ([`super::opens_with_kind`]: `The breed`, `The band`). Not by a pronoun:
/// `It is bordered by … Croatia` after a sentence on a footballer and one on his country
/// speaks of the country.
fn goes_on(s: &IndexedSource<'_>, i: usize) -> bool {
    s.sentence_with_terms(i)
        .is_some_and(|(text, _)| super::opens_with_kind(text))
}

/// True when sentence `j` of `s` opens with a description of what the sentence before
/// it spoke of that the name `keys` qualifies: `The`, the name, a lower-case noun and
/// then no name in apposition (`The Portugal international, 25, has agreed …` after a
/// sentence on a signing: the player is the Portugal international; not `The Chelsea
/// manager, Tom Ode, said …`, which names someone else).
fn describes_by_name(s: &IndexedSource<'_>, j: usize, keys: &[&str]) -> bool {
    let Some((text, ts)) = s.sentence_with_terms(j) else {
        return false;
    };
    let n = keys.len();
    let (Some(the), Some(name), Some(noun)) = (ts.first(), ts.get(1..=n), ts.get(n + 1)) else {
        return false;
    };
    let apposed = ts.get(n + 2).is_some_and(|next| {
        next.capitalised
            && text
                .get(noun.end..next.start)
                .is_some_and(|g| g.contains(','))
    });
    the.key == "the"
        && name
            .iter()
            .zip(keys)
            .all(|(t, k)| t.capitalised && !t.stop && t.key == *k)
        && !noun.capitalised
        && !noun.stop
        && !noun.numeric
        && !apposed
}

/// True when sentence `j` of `s` opens with a subject pronoun (`It is home to the Mona
/// Lisa.`) after evidence sentence `best`, whose subject the claim names: the name that
/// opens `best` (after `the`, or of two words or more: `The Louvre is …`). The pronoun
/// goes on about that subject, and a claim that joins the two sentences (`You should
/// visit the Louvre, …, where the Mona Lisa hangs`) names no one else.
fn continues(s: &IndexedSource<'_>, best: usize, j: usize, claim: &ClaimProfile) -> bool {
    let Some((_, ts)) = s.sentence_with_terms(j) else {
        return false;
    };
    if !ts
        .first()
        .is_some_and(|t| super::roles::SUBJECT_PRONOUNS.contains(&t.key.as_str()))
    {
        return false;
    }
    let Some((_, bs)) = s.sentence_with_terms(best) else {
        return false;
    };
    // The names that open the claim and the evidence, past an article.
    let opening = |ts: &[Term]| -> Vec<String> {
        ts.iter()
            .skip_while(|t| t.key == "the")
            .take_while(|t| t.capitalised && !t.stop)
            .map(|t| t.key.clone())
            .collect()
    };
    let theirs = opening(bs);
    // (One word alone only after `the`: a capitalised first word may be an ordinary one.)
    let named = theirs.len() >= 2 || bs.first().is_some_and(|t| t.key == "the");
    named
        && claim.terms.windows(theirs.len().max(1)).any(|w| {
            w.len() == theirs.len()
                && w.iter()
                    .zip(&theirs)
                    .all(|(t, k)| t.capitalised && &t.key == k)
        })
}

/// The claim's name (as written) that the evidence's source `s` writes only away from
/// the claim's evidence (see the module's documentation); `m`, the claim's match in `s`,
/// settles ties between evidence sentences. `None` when every name of the claim is
/// placed, when the source writes none of a name's words (the name rule's, or another
/// source's name), or when the claim has fewer than two other words that one sentence
/// gives (too little to place its evidence by).
pub(crate) fn distant(
    claim: &ClaimProfile,
    s: &IndexedSource<'_>,
    set: &[&IndexedSource<'_>],
    m: &SourceMatch,
) -> Option<Distant> {
    let runs = name_runs(claim, s);
    let quantities: Vec<&Quantity> = claim
        .quantities
        .iter()
        .filter(|q| !claim.question_numbers.contains(&q.key))
        .collect();
    if runs.is_empty() && quantities.is_empty() {
        return None;
    }
    let src: &PreparedSource = &s.prepared;
    let (lo, hi) = src.sentences_over(m.window);
    if hi <= lo {
        return None;
    }
    // The sentence of each of the source's quantities that the claim states.
    let stated: Vec<(&Quantity, Vec<usize>)> = quantities
        .iter()
        .map(|&q| {
            let mut at: Vec<usize> = src
                .quantities
                .iter()
                .filter(|x| q.same_as(x))
                .map(|x| src.sentence_at(x.start))
                .collect();
            at.dedup();
            (q, at)
        })
        .collect();
    // The sentences that write each name.
    let run_at: Vec<Vec<usize>> = runs.iter().map(|r| sentences_with(src, &r.keys)).collect();
    // A quantity the evidence's source does not state, where one other source of the set
    // states it once: that source and the sentence.
    let elsewhere: Vec<(&Quantity, &IndexedSource<'_>, usize)> = stated
        .iter()
        .filter(|(_, at)| at.is_empty())
        .filter_map(|&(q, _)| {
            let mut found = set.iter().filter(|o| o.index != s.index).flat_map(|o| {
                o.prepared
                    .quantities
                    .iter()
                    .filter(|x| q.same_as(x))
                    .map(move |x| (*o, o.sentence_at(x.start)))
            });
            let first = found.next()?;
            found
                .all(|x| x.0.index == first.0.index && x.1 == first.1)
                .then_some((q, first.0, first.1))
        })
        .collect();
    // Only what the sources write once can be away from the evidence: most claims stop
    // here. (For a name after a title, the words after any of its first ones: see the
    // title below.)
    if !run_at.iter().any(|at| at.len() == 1)
        && !runs.iter().any(|r| {
            (1..r.keys.len())
                .any(|p| sentences_with(src, r.keys.get(p..).unwrap_or(&[])).len() == 1)
        })
        && !stated.iter().any(|(_, at)| at.len() == 1)
        && elsewhere.is_empty()
    {
        return None;
    }
    let run_keys: Vec<&str> = runs.iter().flat_map(|r| &r.keys).copied().collect();
    // The claim's other content words (the question's among them).
    let others: Vec<&str> = claim
        .words
        .iter()
        .filter(|w| !w.name && !run_keys.contains(&w.key.as_str()))
        .map(|w| w.key.as_str())
        .collect();
    let gives = |i: usize, k: &str| src.sentence_credit(i, k, 0.0) > 0.0;
    // A word of sentence `i` read more loosely, for the sentences that write a name: the
    // same word in another form or as part of a hyphenated one (`founded` in
    // `co-founded`).
    let holds_in = |o: &IndexedSource<'_>, i: usize, k: &str| {
        o.sentence_credit(i, k, 0.0) > 0.0
            || o.sentence_with_terms(i).is_some_and(|(_, ts)| {
                ts.iter().any(|t| {
                    related(&t.key, k)
                        || (t.key.contains('-') && t.key.split('-').any(|p| related(p, k)))
                })
            })
    };
    let holds = |i: usize, k: &str| holds_in(s, i, k);
    // How many of those words each sentence of the source gives.
    let mut counts = vec![0usize; src.sentences.len()];
    for id in others.iter().filter_map(|k| src.id(k)) {
        for &i in src.key_sentences.get(id) {
            if let Some(c) = counts.get_mut(i as usize) {
                *c += 1;
            }
        }
    }
    let given = |i: usize| counts.get(i).copied().unwrap_or(0);
    // The evidence's sentence: the one that gives most of them, in the match's window
    // where one there gives as many (the window was chosen counting the names too, which
    // are what is in question here), else the first in the source.
    let most = counts.iter().copied().max().unwrap_or(0);
    // Too little of the claim to place its evidence by.
    if most < 2 {
        return None;
    }
    let best = (lo..hi)
        .find(|&i| given(i) == most)
        .or_else(|| counts.iter().position(|&c| c == most))?;
    // The evidence: that sentence and each sentence beside it (two either way) that gives
    // a word of the claim it does not.
    let core: Vec<usize> = (best.saturating_sub(2)..(best + 3).min(counts.len()))
        .filter(|&i| i == best || others.iter().any(|k| gives(i, k) && !gives(best, k)))
        .collect();
    let lacking: Vec<&str> = others
        .iter()
        .copied()
        .filter(|k| !core.iter().any(|&i| gives(i, k)))
        .collect();
    // A sentence that gives a quantity of the claim that no sentence of the evidence
    // gives (for a name), or a name of the claim that none gives (for a quantity):
    // another part of a claim joined from two sentences (`Henry Caldwell (1820–1890)` for
    // `Henry Caldwell, born in 1820, founded …`). Not a name for a name: a list of names
    // put in the wrong place stands together in its own sentence.
    let in_core = |at: &[usize]| at.iter().any(|i| core.contains(i));
    let gives_quantity = |j: usize| stated.iter().any(|(_, at)| at.contains(&j) && !in_core(at));
    let gives_name = |j: usize| run_at.iter().any(|at| at.contains(&j) && !in_core(at));
    // Near: in the evidence, in the sentence before it, or in a sentence that gives half
    // as much of the claim or more (evidence of its own: `Chamberlain holds the
    // single-game scoring record, having scored 100 points in a game` beside `Thirty
    // players have scored 60 or more points in a game`).
    // (A number is not placed by the sentence before the evidence: a later sentence
    // refers back to a name, not to a number.)
    let evidence_of_its_own = |i: usize| {
        core.contains(&i)
            || 2 * given(i) >= most
            || 2 * others.iter().filter(|k| holds(i, k)).count() >= most
    };
    let near = |i: usize| i + 1 == best || evidence_of_its_own(i);
    // What the evidence refers back to: by a pronoun in its best sentence, where that
    // sentence names no one the claim does not (`He also founded …`, not `His successor,
    // Ingrid Solberg, …`), any name before it; by `the` and a noun in any of its
    // sentences (`The library's books …`), a name in a sentence before it that writes
    // the noun, or that refers back by a pronoun to the sentence before it, which does
    // (`The bridge was designed … It spans … across the Tarn estuary.`).
    // Read only for a name away from the evidence.
    let pronoun = std::cell::OnceCell::new();
    let nouns = std::cell::OnceCell::new();
    let holds_noun = |j: usize| {
        nouns
            .get_or_init(|| {
                core.iter()
                    .flat_map(|&i| references(s, i).1)
                    .collect::<Vec<&str>>()
            })
            .iter()
            .any(|k| gives(j, k))
    };
    // Another name of the claim that the source writes in two sentences or more (what it
    // is about), written in sentence `j` too: the sentence says the name of the claim's
    // subject (`Jack Nicholson starred in The Shining.` for `The Shining, based on
    // Stephen King's novel, with Jack Nicholson`: a reply that joins two facts of a
    // knowledge base). Not where the evidence says the claim's verb of another name.
    let topic_beside = |j: usize| {
        runs.iter()
            .zip(&run_at)
            .any(|(r, at)| at.len() >= 2 && at.contains(&j) && r.keys.iter().all(|k| holds(j, k)))
    };
    for (run, at) in runs.iter().zip(&run_at) {
        let keys = &run.keys;
        // A title that the evidence gives before a name whose own words it does not
        // (`Mayor Tom Reyes` against `Mayor Linda Park said …`): the name's words place it.
        let own;
        let at = match keys.iter().position(|k| !gives(best, k)) {
            Some(p)
                if p > 0
                    && keys
                        .get(p..)
                        .is_some_and(|r| r.iter().all(|k| !gives(best, k))) =>
            {
                own = sentences_with(src, keys.get(p..).unwrap_or(&[]));
                &own
            }
            _ => at,
        };
        // A name the source writes in two sentences or more is one it is about (`Vantor`
        // of `Chief executive Daniel Reyes blamed …` in an article on Vantor).
        let &[j] = at.as_slice() else {
            continue;
        };
        // What the claim says the name does, the evidence says another name does (see
        // [`said_of_another`]): neither the sentence before nor the source's topic places
        // it, nor a reference back from the evidence.
        let taken = run
            .next
            .is_some_and(|v| j != best && said_of_another(s, best, claim, v));
        // The sentence right after the evidence, going on about its subject (`… bred to
        // retrieve shot waterfowl. The breed originated in Scotland …`).
        if (if taken {
            evidence_of_its_own(j)
        } else {
            near(j) || topic_of(s, keys)
        }) || (j == best + 1
            && (goes_on(s, j)
                || (!taken && (continues(s, best, j, claim) || describes_by_name(s, j, keys)))))
            || core.iter().any(|&i| spells_out(s, i, run.written))
        {
            continue;
        }
        let referred = !taken
            && j < best
            && (*pronoun.get_or_init(|| references(s, best).0 && !names_another(s, best, claim))
                || holds_noun(j)
                || (j > 0 && references(s, j).0 && holds_noun(j - 1)));
        if referred {
            continue;
        }
        // A sentence with the name that gives a word of the claim the evidence lacks (a
        // claim joined from two sentences), or the word the claim says the name of where
        // the evidence gives it too (`The painting, a landscape by Thomas Gainsborough, …`
        // for `a Gainsborough painting`, beside `… after a rare painting was taken …`).
        if lacking.iter().any(|k| holds(j, k))
            || run
                .beside
                .iter()
                .filter(|&&k| !(taken && run.next == Some(k)))
                .any(|k| holds(j, k) && core.iter().any(|&c| holds(c, k)))
            || gives_quantity(j)
            || (!taken && topic_beside(j))
        {
            continue;
        }
        return Some(Distant::Name(run.written.to_string()));
    }
    // A quantity the source states once, in a sentence away from the evidence that gives
    // nothing else of the claim (`Campaigners gathered 14,000 signatures` against `The
    // library's 14,000 books will be moved … Campaigners gathered 3,500 signatures …`).
    for (q, at) in &stated {
        let &[j] = at.as_slice() else {
            continue;
        };
        // Numbers in words (`at least two sources`) are too common to place.
        let written = claim.text.get(q.start..q.end)?;
        if !written.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        // Before evidence that refers back to its sentence by a noun (`The 45-year-old
        // will go before magistrates` against `A 45-year-old man has been charged … police
        // said the man would appear before magistrates`), as for a name.
        let referred =
            j < best && (holds_noun(j) || (j > 0 && references(s, j).0 && holds_noun(j - 1)));
        // A code (`X200`) names a thing, as a name does: the sentence before the
        // evidence places it (`The X200 laptop has … Its battery lasts …`).
        if referred
            || evidence_of_its_own(j)
            || (super::features::is_code(q) && j + 1 == best)
            || lacking.iter().any(|k| holds(j, k))
            || gives_name(j)
        {
            continue;
        }
        // The words the claim says the quantity of, on either side of it (`signatures`).
        let content = |t: &&Term| !t.stop && !t.numeric && !t.negation;
        let before = claim
            .terms
            .iter()
            .rev()
            .find(|t| t.end <= q.start && content(t));
        let after = claim.terms.iter().find(|t| t.start >= q.end && content(t));
        if [before, after]
            .into_iter()
            .flatten()
            .any(|t| holds(j, &t.key) && core.iter().any(|&c| holds(c, &t.key)))
        {
            continue;
        }
        // The sentence writes it with the unit the claim writes it with (`at 180 °C`
        // against `Preheat the oven to 180 °C.` before `Bake for 25 minutes`), or with its
        // currency or percent sign (`for £40m` against `The fee is about £40m.`): the same
        // measure, joined from two sentences (`14,000 signatures` is not `14,000 books`).
        let content = &s.source.content;
        let (marks, word) = super::features::unit(&claim.text, q);
        if !(marks.is_empty() && word.is_empty())
            && src.quantities.iter().any(|x| {
                q.same_as(x)
                    && src.sentence_at(x.start) == j
                    && super::features::counts_same(&claim.text, q, content, x)
            })
        {
            continue;
        }
        return Some(Distant::Number(written.to_string()));
    }
    // A quantity of another source of the set, in a sentence that gives little else of
    // the claim either (`under 55 beats per minute`, where the evidence gives the rest
    // with 42 and another page has `A resting pulse under 55 is called slow`).
    for &(q, o, j) in &elsewhere {
        let written = claim.text.get(q.start..q.end)?;
        if !written.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        let own = others.iter().filter(|k| holds_in(o, j, k)).count();
        let names = runs
            .iter()
            .zip(&run_at)
            .any(|(r, at)| !in_core(at) && r.keys.iter().any(|k| holds_in(o, j, k)));
        if 2 * own >= most || lacking.iter().any(|k| holds_in(o, j, k)) || names {
            continue;
        }
        return Some(Distant::Number(written.to_string()));
    }
    None
}

/// What [`distant`] found away from the claim's evidence, as the claim writes it.
#[derive(Debug, Clone, PartialEq)]
pub enum Distant {
    /// A name.
    Name(String),
    /// A number, date or amount.
    Number(String),
}

impl std::fmt::Display for Distant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Distant::Name(n) => write!(f, "name {n}"),
            Distant::Number(n) => write!(f, "number {n}"),
        }
    }
}

/// True when sentence `i` of `s` writes a name none of whose words the claim has: a run
/// of capitalised content words (not a speaker's label before a colon, and not a single
/// word opening the sentence, which may be an ordinary word capitalised).
fn names_another(s: &IndexedSource<'_>, i: usize, claim: &ClaimProfile) -> bool {
    let Some((text, ts)) = s.sentence_with_terms(i) else {
        return false;
    };
    // The sentence's first word after a speaker's label (`Maya: …`).
    let first = ts
        .iter()
        .position(|t| text.get(t.end..).is_some_and(|r| r.starts_with(':')))
        .filter(|&k| k < 3)
        .map_or(0, |k| k + 1);
    super::roles::name_token_runs(text, ts)
        .into_iter()
        .filter(|&(a, b)| a >= first && !(a == first && b == a + 1))
        .filter(|&(a, b)| {
            ts.get(a..b)
                .and_then(|r| text.get(r.last()?.end..))
                .is_some_and(|rest| !rest.starts_with(':'))
        })
        .any(|(a, b)| {
            ts.get(a..b)
                .is_some_and(|r| !r.iter().any(|t| claim_has(claim, &t.key)))
        })
}

/// True when the claim writes a word of key `key` (a content word or any other).
fn claim_has(claim: &ClaimProfile, key: &str) -> bool {
    claim.words.iter().any(|w| w.key == key) || claim.terms.iter().any(|c| c.key == key)
}

#[cfg(test)]
mod tests {
    use crate::claims::{analyze_claims, ClaimOptions, SupportStatus};
    use crate::context::AnswerContext;
    use crate::source::Source;

    /// The reason that names a distant name or number, for `answer` against `source`, if
    /// any.
    fn distant(answer: &str, source: &str) -> Option<String> {
        let r = crate::claims::tests::report(answer, source);
        let c = r.claims.first()?;
        let reason = c
            .reasons
            .iter()
            .find(|x| x.contains("not in the evidence for the rest"))
            .cloned();
        if reason.is_some() {
            assert_ne!(c.status, SupportStatus::Supported, "{answer}");
        }
        reason
    }

    const COLLEGE: &str = "Westbrook College was founded in 1850 by local merchants. \
        Its first president was Henry Caldwell, a former judge. He expanded the campus and \
        hired twenty new professors. He also founded the medical school in 1872. The law \
        school opened in 1891 under Alice Moreno. Today the college enrols about 18,000 \
        students.";

    #[test]
    fn a_name_written_only_after_its_evidence_is_distant() {
        let r = distant("Alice Moreno founded the medical school in 1872.", COLLEGE);
        assert_eq!(r.as_deref(), Some("name Alice Moreno is in a source but not in the evidence for the rest of the claim"));
    }

    #[test]
    fn a_first_word_the_source_writes_as_a_name_is_a_name() {
        let shop = "Shares in the supermarket chain Morrisons rose 6% on Tuesday after the \
            company reported its first rise in quarterly sales for three years. Chief \
            executive David Potts said the figures were encouraging. The Bradford-based \
            company has been cutting prices to compete with Aldi and Lidl. Analysts said \
            the results were better than expected. Rival Tesco reported a 1.3% fall in \
            like-for-like sales last week.";
        assert!(distant(
            "Tesco shares rose 6% after the supermarket reported its first rise in \
             quarterly sales for three years.",
            shop
        )
        .is_some());
        assert_eq!(
            distant(
                "Morrisons shares rose 6% after the company reported its first rise in \
                 quarterly sales.",
                shop
            ),
            None
        );
        // An ordinary word that opens a sentence of the source is no name.
        assert_eq!(
            distant(
                "Shares rose 6% after the company reported its first rise in quarterly \
                 sales.",
                shop
            ),
            None
        );
    }

    #[test]
    fn an_acronym_the_evidence_spells_out_is_placed() {
        let bank = "The European Central Bank kept interest rates unchanged on Thursday, \
            despite inflation rising to 3.1% in March. The markets had expected a cut. ECB \
            president Christine Lagarde said the bank would wait for more data.";
        assert_eq!(
            distant("The ECB kept interest rates unchanged on Thursday.", bank),
            None
        );
        // In the plural.
        let tests = "Daily assessment strategies include Multiple Choice Questions. An MCQ \
            has several possible answers.";
        assert_eq!(
            distant("MCQs are daily assessment strategies.", tests),
            None
        );
        // Initials that spell out another name are still away from the evidence (in the
        // evidence's subject place, `The IMF kept …`, the rule of a name in another's
        // place reads it first).
        let fund = format!("{bank} The IMF said growth would slow.");
        assert!(distant(
            "Interest rates were kept unchanged on Thursday by the IMF.",
            &fund
        )
        .is_some());
    }

    /// [`continues`] for the second sentence of `source` after its first.
    fn continues_in(source: &str, claim: &str) -> bool {
        use crate::claims::idf::Idf;
        use crate::claims::support::{question_keys, ClaimProfile, IndexedSource};
        let src = Source::new("s", source);
        let indexed = IndexedSource::new(0, &src);
        let opts = ClaimOptions::default();
        let p = ClaimProfile::new(claim, &question_keys(""), &Idf::default(), &opts);
        super::continues(&indexed, 0, 1, &p)
    }

    #[test]
    fn a_pronoun_after_the_evidence_goes_on_about_its_subject() {
        let louvre = "The Louvre is the world's most-visited museum and a historic monument \
            in Paris, France. It is home to the Mona Lisa. The museum opened in 1793.";
        for claim in [
            "The Louvre is the world's most-visited museum, where the Mona Lisa hangs.",
            "You should visit the Louvre, the world's most-visited museum, where the Mona Lisa hangs.",
        ] {
            assert_eq!(distant(claim, louvre), None, "{claim}");
        }
        // Not where the claim gives the name's verb to another name (`taken`), nor
        // after evidence whose opening word alone may be an ordinary one.
        let tate = "Tate is the most-visited museum in London. It is home to the Mona Lisa.";
        assert!(!continues_in(
            tate,
            "Tate is the most-visited museum, where the Mona Lisa hangs."
        ));
        assert!(continues_in(
            louvre,
            "The Louvre, where the Mona Lisa hangs."
        ));
    }

    #[test]
    fn a_name_the_evidence_refers_back_to_is_placed() {
        // `He` (a sentence naming no one else) refers back to Henry Caldwell.
        assert_eq!(
            distant(
                "Henry Caldwell founded the medical school in 1872.",
                COLLEGE
            ),
            None
        );
        // In the evidence itself, or the sentence before it.
        assert_eq!(
            distant("Alice Moreno opened the law school in 1891.", COLLEGE),
            None
        );
        // The name the source opens with.
        assert_eq!(
            distant(
                "Westbrook College enrols about 18,000 students today.",
                COLLEGE
            ),
            None
        );
    }

    #[test]
    fn a_number_written_only_beside_another_count_is_distant() {
        let source = "The library's 14,000 books will be moved to the central library. \
            Campaigners gathered 3,500 signatures on a petition against the closure. The \
            council said the decision had been difficult.";
        // Next to the evidence, the 14,000 that counts books states no number of
        // signatures: the evidence's 3,500 contradicts the claim's (see
        // `features::missing_quantities`), and the distant rule does not run.
        let r = crate::claims::tests::report(
            "Campaigners gathered 14,000 signatures against the closure.",
            source,
        );
        assert_eq!(
            r.claims.first().map(|c| c.status),
            Some(SupportStatus::Contradicted)
        );
        // A year counts nothing by the word after it: the one the source writes beside
        // the evidence is distant.
        let source = "The library opened in 1958 on Elm Street. Campaigners gathered \
            3,500 signatures on a petition against the closure. The council said the \
            decision had been difficult.";
        assert_eq!(
            distant(
                "In 1958 campaigners gathered 3,500 signatures against the closure.",
                source
            )
            .as_deref(),
            Some("number 1958 is in a source but not in the evidence for the rest of the claim")
        );
        assert_eq!(
            distant(
                "Campaigners gathered 3,500 signatures against the closure.",
                source
            ),
            None
        );
    }

    #[test]
    fn a_number_of_another_source_with_nothing_else_of_the_claim_is_distant() {
        let reasons = |answer: &str, second: &str| {
            let ctx = AnswerContext::new(answer);
            let first = "Trained rowers often have a resting pulse well below average, \
                sometimes under 42 beats per minute.";
            let r = analyze_claims(
                &ctx,
                "",
                &[Source::new("a", first), Source::new("b", second)],
                &[],
                &[],
                &ClaimOptions::default(),
            );
            r.claims
                .first()
                .map(|c| c.reasons.join("; "))
                .unwrap_or_default()
        };
        let claim = |n: &str| {
            format!("Trained rowers often have a resting pulse well below average, sometimes under {n} beats per minute.")
        };
        // (The other source writes a capitalised word of the claim, `Trained`: one that
        // writes none does not state the claim's number at all, see
        // `features::missing_quantities`.)
        let other = "Trained or not, a resting pulse under 55 is called slow by most doctors.";
        let r = reasons(&claim("55"), other);
        assert!(
            r.starts_with("number 55 is in a source but not in the evidence"),
            "{r}"
        );
        assert!(!reasons(&claim("42"), other).contains("is in a source"));
        let r = reasons(&claim("55"), "A resting pulse under 55 is called slow.");
        assert!(r.starts_with("number 55 not in evidence"), "{r}");
        // The other source's sentence gives a part of the claim the evidence lacks.
        let r = reasons(
            "Trained rowers and cyclists often have a resting pulse well below average, sometimes under 55 beats per minute.",
            "Trained cyclists often rest under 55.",
        );
        assert!(!r.contains("is in a source"), "{r}");
    }

    #[test]
    fn the_name_a_source_opens_with_or_its_title_is_placed_anywhere() {
        // No reference back in the evidence, the name two sentences before it.
        let source = "Harlow Foods reported revenue of £2.4 billion. Shares rose 3% on \
            Monday. Profit before tax reached £180 million.";
        let claim = "Harlow Foods said profit before tax reached £180 million.";
        assert_eq!(distant(claim, source), None);
        let source = "Revenue reached £2.4 billion at Harlow Foods. Shares rose 3% on \
            Monday. Profit before tax reached £180 million.";
        assert!(distant(claim, source).is_some());
        // The same, the name in the source's title.
        let ctx = AnswerContext::new(claim);
        let titled = Source {
            title: Some("Harlow Foods results".to_string()),
            ..Source::new("s", source)
        };
        let r = analyze_claims(&ctx, "", &[titled], &[], &[], &ClaimOptions::default());
        assert!(!r.claims[0]
            .reasons
            .iter()
            .any(|x| x.contains("is in a source")));
    }

    #[test]
    fn a_name_in_a_sentence_giving_another_part_of_the_claim_is_placed() {
        // Joined from two sentences: the name's own gives `founded` and `merchants`.
        let source = "The Tarn bridge carries 22,000 vehicles a day. Its toll was \
            abolished in 2019. Work on it began in 2008. It was paid for by the merchants \
            of Albi.";
        assert_eq!(
            distant(
                "The bridge paid for by the merchants of Albi carries 22,000 vehicles a day.",
                source
            ),
            None
        );
        // The same name with nothing of the claim beside it.
        let source = "The Tarn bridge carries 22,000 vehicles a day. Its toll was \
            abolished in 2019. Work on it began in 2008. A museum opened in Albi.";
        assert!(distant("The bridge of Albi carries 22,000 vehicles a day.", source).is_some());
    }

    /// A council's story: what the mayor said, and what a council member argued.
    const COUNCIL: &str = "The city council voted 7-2 on Tuesday to approve the budget. \
        Mayor Linda Park, who proposed the plan in March, said the vote was a victory for \
        residents. Council member Tom Reyes, one of the two dissenters, argued that the plan \
        would raise property taxes by 3 percent. The budget takes effect on July 1.";

    #[test]
    fn a_name_where_the_evidence_says_it_of_another_is_distant() {
        // The evidence gives `argued` to Tom Reyes (over an apposition): the sentence
        // before, which names Linda Park, places nothing; nor does `the plan`, which
        // her sentence writes too.
        assert_eq!(
            distant(
                "Linda Park argued that the plan would raise property taxes.",
                COUNCIL
            )
            .as_deref(),
            Some(
                "name Linda Park is in a source but not in the evidence for the rest of the claim"
            )
        );
        assert_eq!(
            distant(
                "Tom Reyes argued that the plan would raise property taxes.",
                COUNCIL
            ),
            None
        );
        // A title the evidence gives (`Mayor`) does not place the name after it.
        assert_eq!(
            distant(
                "Mayor Tom Reyes said the vote was a victory for residents.",
                COUNCIL
            )
            .as_deref(),
            Some(
                "name Mayor Tom Reyes is in a source but not in the evidence for the rest of \
                 the claim"
            )
        );
        // A name's noun before the verb (`Chile's navy said`).
        let quake = "A strong earthquake struck off northern Chile on Saturday, the US \
            Geological Survey said. The quake hit at a depth of 35 kilometres. Chile's navy \
            said there was no risk of a tsunami.";
        assert!(distant(
            "The US Geological Survey said there was no risk of a tsunami.",
            quake
        )
        .is_some());
        // Not a noun phrase that refers back (`the company`), nor a pronoun.
        assert_eq!(
            distant(
                "Tesla would build a new factory in Texas.",
                "Tesla was founded in 2003 in California. Chief executive Elon Musk said \
                 the company would build a new factory in Texas."
            ),
            None
        );
        assert_eq!(
            distant(
                "Messi scored twice in his debut.",
                "Lionel Messi joined Inter Miami in 2023. He scored twice in his debut, \
                 coach Tata Martino said."
            ),
            None
        );
    }

    #[test]
    fn there_before_a_verb_of_being_refers_back_to_nothing() {
        // `there was` points at no place of an earlier sentence: the name two sentences
        // before the evidence is not referred to.
        let dam = "The dam was visited by Alice Moreno in May. It holds water for the city. \
            Later there was no risk of flooding, engineers said.";
        assert!(distant("Alice Moreno said there was no risk of flooding.", dam).is_some());
        // `there` before anything else is a place: it refers back.
        let city = "The city was visited by Maria Olsen in 1998. It had few bakeries. Later \
            there she said the bread was poor.";
        assert_eq!(distant("Maria Olsen said the bread was poor.", city), None);
    }

    #[test]
    fn a_name_whose_sentence_names_the_claims_subject_is_placed() {
        let film = "The Shining is a 1980 horror film. The Shining was directed by Stanley \
            Kubrick. The Shining is based on a novel by Stephen King. Jack Nicholson starred \
            in The Shining.";
        assert_eq!(
            distant(
                "You could try The Shining, based on Stephen King's novel, with Jack Nicholson.",
                film
            ),
            None
        );
        // A sentence without the film's name does not place him.
        let apart = "The Shining is a 1980 horror film. The Shining was directed by Stanley \
            Kubrick. The Shining is based on a novel by Stephen King. Jack Nicholson was \
            born in New Jersey.";
        assert!(distant(
            "You could try The Shining, based on Stephen King's novel, with Jack Nicholson.",
            apart
        )
        .is_some());
    }
}
