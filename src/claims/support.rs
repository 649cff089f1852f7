//! Lexical matching of a claim against one source: IDF-weighted coverage of the claim's
//! content words over the best window of consecutive source sentences and the best single
//! sentence, phrase (bigram) coverage of that window, the longest run of claim tokens the
//! source repeats verbatim, and the polarity of the best sentence. The per-source results
//! are combined over a set of sources in [`super::features`].

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::antonyms::{in_context, opposed, pole, Pole};
use super::idf::Idf;
use super::numbers::{quantities, quantities_in, Quantity};
use super::prepared::{fuzzy_prefix, PreparedSource};
#[cfg(test)]
use super::terms::implicit_negative;
use super::terms::{scan_terms, stem, terms, terms_in, Term};
use super::ClaimOptions;
use crate::source::Source;
use crate::text::words::words;

/// A source of one check prepared for matching: its position, the source, and its
/// [`PreparedSource`] (shared, possibly from a [`super::prepared::SourceCache`]); the
/// prepared fields are reached through `Deref`.
#[derive(Debug, Clone)]
pub struct IndexedSource<'a> {
    /// Position of the source in the caller's list.
    pub index: usize,
    /// The source itself.
    pub source: &'a Source,
    /// Its sentences, keys, numbers and index.
    pub prepared: Arc<PreparedSource>,
}

impl<'a> IndexedSource<'a> {
    /// Sentence `s`'s text and its terms (the prepared source's cell, filled on first use
    /// and kept for every later claim and check).
    pub(crate) fn sentence_with_terms(&self, s: usize) -> Option<(&str, &[Term])> {
        let text = self
            .sentences
            .get(s)
            .and_then(|&(a, b)| self.source.content.get(a..b))?;
        let ts = self.sentence_terms.get(s)?.get_or_init(|| terms(text));
        Some((text, ts))
    }

    /// Prepares one source.
    pub fn new(index: usize, source: &'a Source) -> Self {
        IndexedSource {
            index,
            source,
            prepared: Arc::new(PreparedSource::new(
                &source.content,
                source.title.as_deref(),
            )),
        }
    }

    /// One source with its preparation done already.
    pub fn with(index: usize, source: &'a Source, prepared: Arc<PreparedSource>) -> Self {
        IndexedSource {
            index,
            source,
            prepared,
        }
    }
}

impl std::ops::Deref for IndexedSource<'_> {
    type Target = PreparedSource;
    fn deref(&self) -> &PreparedSource {
        &self.prepared
    }
}

/// How far a negation reaches: the words after it among which the word it governs is
/// looked for. Five, so that the function words of `should not be the only thing` (→
/// `thing`) do not leave it governing nothing.
pub const NEGATION_REACH: usize = 5;

/// Punctuation that ends a negation's clause: nothing after it is what the negation
/// governs (`I haven't, but it was completed in 1889`, `not cheap; …`).
pub(crate) const CLAUSE_ENDS: [char; 5] = [',', ';', ':', '\u{2014}', '\u{2013}'];

/// Forms of address, as written, that stand before a person's name (`Ms Bennett`,
/// `Dr. Weber`): a claim's way of naming someone, never a word the sources must write.
const FORMS_OF_ADDRESS: &[&str] = &["Dame", "Dr", "Mr", "Mrs", "Ms", "Mx", "Prof", "Sir"];

/// True when `gap`, the text between two words, ends neither a sentence nor a clause
/// ([`CLAUSE_ENDS`]).
fn one_clause(gap: &str) -> bool {
    !gap.contains(['.', '!', '?', '\n']) && !gap.contains(CLAUSE_ENDS)
}

/// For each negation of `ts` (read from `text`), the terms it may be about: the content
/// words (not numbers) among the next [`NEGATION_REACH`] words, never past the end of its
/// sentence or clause ([`CLAUSE_ENDS`]): an elliptical negation (`No, I haven't, but …`)
/// is about nothing.
fn negation_reaches<'t>(
    text: &'t str,
    ts: &'t [Term],
) -> impl Iterator<Item = impl Iterator<Item = &'t Term>> + 't {
    ts.iter()
        .enumerate()
        .filter(|(_, t)| t.negation)
        .map(move |(i, t)| {
            ts.iter()
                .skip(i + 1)
                .take(title_reach(text, ts, i).unwrap_or(NEGATION_REACH))
                .take_while(move |w| text.get(t.end..w.start).is_some_and(one_clause))
                .filter(|w| is_content(w) && !w.numeric)
        })
}

/// True when sentence `text` (tokenised as `ts`) writes `k`, which one of its negations
/// governs, also outside every negation's reach, and more of the words that `claims`
/// holds follow that plain occurrence (in its clause, over [`NEGATION_REACH`] words) than
/// follow the negated one (not in a clause opened by a subordinator: `if a man is
/// already married …, he can't marry …`): the sentence states the word plainly where the
/// claim's other words are (`The senator, who had not voted for the earlier version, voted for the
/// bill` for `The senator voted for the bill`; not `voted for the bill but did not vote
/// for the amendment` for `voted for the amendment`).
fn plainly_stated_too(text: &str, ts: &[Term], k: &str, claims: &dyn Fn(&str) -> bool) -> bool {
    // The tokens after `i` in its clause, at most `n` of them, content words only.
    let after = |i: usize, n: usize| -> Vec<usize> {
        let Some(t) = ts.get(i) else {
            return Vec::new();
        };
        (i + 1..ts.len().min(i + 1 + n))
            .take_while(|&j| {
                ts.get(j)
                    .is_some_and(|w| text.get(t.end..w.start).is_some_and(one_clause))
            })
            .filter(|&j| ts.get(j).is_some_and(|w| is_content(w) && !w.numeric))
            .collect()
    };
    let reaches: Vec<Vec<usize>> = ts
        .iter()
        .enumerate()
        .filter(|(_, t)| t.negation)
        .map(|(i, _)| after(i, title_reach(text, ts, i).unwrap_or(NEGATION_REACH)))
        .collect();
    let negated = |j: usize| reaches.iter().any(|r| r.contains(&j));
    let held = |js: &[usize]| {
        js.iter()
            .filter(|&&j| ts.get(j).is_some_and(|w| claims(&w.key)))
            .count()
    };
    let is_k = |j: usize| ts.get(j).is_some_and(|w| same_word(&w.key, k));
    let denied = reaches
        .iter()
        .filter(|r| r.first().is_some_and(|&j| is_k(j)))
        .map(|r| held(r))
        .max();
    let Some(denied) = denied else {
        return false;
    };
    (0..ts.len())
        .filter(|&j| is_k(j) && !negated(j) && !ts.get(j).is_some_and(|t| t.negation))
        .filter(|&j| !conditional(text, ts, j))
        .any(|j| held(&after(j, NEGATION_REACH)) > denied)
}
/// True when token `j` of `ts` (read from `text`) stands in a clause opened by one of
/// [`SUBORDINATORS`]: a plain occurrence there states a condition or a time, not the
/// fact (`if a man is already married …, he can't marry …`).
fn conditional(text: &str, ts: &[Term], j: usize) -> bool {
    let mut k = j;
    while k > 0 {
        let (Some(p), Some(t)) = (ts.get(k - 1), ts.get(k)) else {
            break;
        };
        if !text.get(p.end..t.start).is_some_and(one_clause) {
            break;
        }
        k -= 1;
        let word = text.get(p.start..p.end).unwrap_or("");
        if SUBORDINATORS.iter().any(|w| word.eq_ignore_ascii_case(w)) {
            return true;
        }
    }
    false
}

/// The key of the first content word (not a number) after token `j` of `ts` (read from
/// `text`) in its clause.
fn next_content<'t>(text: &str, ts: &'t [Term], j: usize) -> Option<&'t str> {
    let t = ts.get(j)?;
    ts.iter()
        .skip(j + 1)
        .take_while(|w| text.get(t.end..w.start).is_some_and(one_clause))
        .find(|w| is_content(w) && !w.numeric)
        .map(|w| w.key.as_str())
}

/// [`next_content`] after the first occurrence of `k` in `ts` (read from `text`).
fn word_after(text: &str, ts: &[Term], k: &str) -> Option<String> {
    let j = ts.iter().position(|t| same_word(&t.key, k))?;
    next_content(text, ts, j).map(str::to_string)
}

/// True when claim `text` (tokenised as `ts`) writes `k` under a negation and also
/// plainly (outside a clause of condition), and the clause of a plain occurrence holds
/// more of the content words that `held` accepts (`k` aside) than the clause of any
/// negated one: the claim states `k` plainly where the evidence's words are (`gift cards
/// cannot be refunded, and shipping fees are only refunded for damaged items` against
/// `Shipping fees are refunded only if the item arrived damaged`). A clause is the run
/// of words with no clause boundary between them ([`one_clause`]).
fn plain_clause_outweighs(text: &str, ts: &[Term], k: &str, held: &dyn Fn(&str) -> bool) -> bool {
    // Where the words that some negation reaches start.
    let negated: Vec<usize> = negation_reaches(text, ts)
        .flatten()
        .map(|w| w.start)
        .collect();
    let joined = |a: usize| match (ts.get(a), ts.get(a + 1)) {
        (Some(p), Some(t)) => text.get(p.end..t.start).is_some_and(one_clause),
        _ => false,
    };
    let clause_held = |j: usize| {
        let mut a = j;
        while a > 0 && joined(a - 1) {
            a -= 1;
        }
        let mut b = j;
        while joined(b) {
            b += 1;
        }
        ts.get(a..=b).map_or(0, |c| {
            c.iter()
                .filter(|w| is_content(w) && !w.numeric && !same_word(&w.key, k) && held(&w.key))
                .count()
        })
    };
    let (mut plain, mut denied) = (None, None);
    for (j, t) in ts.iter().enumerate() {
        if t.negation || !same_word(&t.key, k) {
            continue;
        }
        if negated.contains(&t.start) {
            denied = denied.max(Some(clause_held(j)));
        } else if !conditional(text, ts, j) {
            plain = plain.max(Some(clause_held(j)));
        }
    }
    matches!((plain, denied), (Some(p), Some(d)) if p > d)
}

/// Words of permission that a negation denies (`not allowed to`, `not eligible for`), as
/// written: what `can` and `may` assert (see [`Matching::sentence_polarity`]).
const PERMISSIONS: &[&str] = &[
    "allowed",
    "permitted",
    "eligible",
    "entitled",
    "authorized",
    "authorised",
];

/// Words that turn a sentence against what came before (`not entitled to paid leave but
/// may take unpaid days`).
const TURNS: &[&str] = &[
    "but", "yet", "however", "though", "although", "while", "whereas",
];

/// True when token `t` of `text` is one of [`TURNS`], as written.
pub(crate) fn is_turn(text: &str, t: &Term) -> bool {
    text.get(t.start..t.end)
        .is_some_and(|w| TURNS.iter().any(|c| w.eq_ignore_ascii_case(c)))
}

/// Words that open a clause of condition or time (see [`plainly_stated_too`]); a clause
/// of concession or cause (`although`, `because`) still states its fact.
const SUBORDINATORS: &[&str] = &[
    "if", "unless", "when", "whenever", "once", "whether", "until",
];

/// For a negation at token `i` of `ts` (read from `text`) written in title case inside a
/// run of capitalised words, a word of a name or a title (`the band No Doubt`, `Never
/// Let Me Go is a novel`, `with Never Shout Never and Hey Monday`), how many tokens after
/// it it may govern: the rest of its run, which ends at the first word that is not
/// capitalised or not after nothing but spaces. The words after a title are not what
/// its negation is about (`Never Shout Never and Hey Monday` negates nothing of `Hey
/// Monday`). `None` for any other negation: prose capitalises one only where it opens a
/// sentence (`Never store keys`), and there a name after it may be what it negates (`No
/// Americans were harmed`), so one that opens a sentence (or a quotation, or the text
/// after a colon) keeps its reach, as does one in capitals throughout (`DO NOT USE`). A
/// run is a capitalised word next to it after nothing but spaces: the word after it, or
/// the word before it where that word does not open a sentence.
pub(crate) fn title_reach<T: Spanned>(text: &str, ts: &[T], i: usize) -> Option<usize> {
    let surface = |t: &T| text.get(t.span().0..t.span().1).unwrap_or("");
    let w = surface(ts.get(i)?);
    let mut cs = w.chars();
    if !(cs.next().is_some_and(char::is_uppercase) && cs.any(char::is_lowercase)) {
        return None;
    }
    let opens = |t: &T| super::terms::opens_after(text.get(..t.span().0).unwrap_or("").trim_end());
    let t = ts.get(i)?;
    if opens(t) {
        return None;
    }
    let spaced = |a: &T, b: &T| {
        text.get(a.span().1..b.span().0)
            .is_some_and(|g| !g.is_empty() && g.chars().all(|c| c == ' ' || c == '\u{a0}'))
    };
    let capital = |t: &T| {
        let s = surface(t);
        s != "I" && s.chars().next().is_some_and(char::is_uppercase)
    };
    let run = ts
        .get(i + 1..)
        .unwrap_or(&[])
        .iter()
        .scan(t, |prev, n| {
            let joined = spaced(prev, n) && capital(n);
            *prev = n;
            joined.then_some(())
        })
        .count();
    let after_name = i
        .checked_sub(1)
        .and_then(|p| ts.get(p))
        .is_some_and(|p| spaced(p, t) && capital(p) && !opens(p));
    (run > 0 || after_name).then_some(run)
}

/// The content words that the negations of a text govern: for each negation, the first
/// word of its reach ([`negation_reaches`]: `does not sell` → `sell`); and the verb that
/// a verb of not doing governs (`failed to pay` → `pay`: [`NOT_DOING`]).
pub fn negation_scopes(text: &str, ts: &[Term]) -> Vec<String> {
    let negations = ts.iter().enumerate().filter(|(_, t)| t.negation);
    let mut scopes: Vec<String> = negation_reaches(text, ts)
        .zip(negations)
        .filter_map(|(mut reach, (i, _))| {
            reach
                .next()
                .or_else(|| verb_before_pronoun(text, ts, i, |t| is_content(t) && !t.numeric))
        })
        .map(|w| w.key.clone())
        .collect();
    scopes.extend(not_doing(text, ts).map(|t| t.key.clone()));
    scopes
}

/// Keys of verbs that say their subject did not do what the verb after `to` says
/// (`failed to pay`, `refused to leave`, `declined to comment`).
const NOT_DOING: &[&str] = &["declin", "fail", "refus"];

/// The verbs that a verb of [`NOT_DOING`] governs over `to`, in order: `failed to stop`
/// says `did not stop`.
fn not_doing<'t>(text: &'t str, ts: &'t [Term]) -> impl Iterator<Item = &'t Term> + 't {
    (0..ts.len()).filter_map(move |i| {
        let verb = not_doing_at(
            text,
            ts,
            i,
            |t| (t.key.as_str(), t.stop, t.negation),
            |t| is_content(t) && !t.numeric,
        )?;
        ts.get(verb)
    })
}

/// For token `i` of `ts` (read from `text`), a verb of [`NOT_DOING`] (`failed`), the
/// index of the verb it governs over `to` (`failed to stop`), a `content` token in the
/// same clause. Not after a negation (`never failed to pay` pays). `info` gives a
/// token's key and whether it is a stopword and a negation.
pub(crate) fn not_doing_at<'k, T: Spanned + 'k>(
    text: &str,
    ts: &'k [T],
    i: usize,
    info: impl Fn(&'k T) -> (&'k str, bool, bool),
    content: impl Fn(&T) -> bool,
) -> Option<usize> {
    let (key, stop, _) = info(ts.get(i)?);
    if stop || !NOT_DOING.contains(&key) {
        return None;
    }
    if i.checked_sub(1)
        .and_then(|p| ts.get(p))
        .is_some_and(|p| info(p).2)
    {
        return None;
    }
    let (t, to, verb) = (ts.get(i)?, ts.get(i + 1)?, ts.get(i + 2)?);
    (text
        .get(to.span().0..to.span().1)?
        .eq_ignore_ascii_case("to")
        && text.get(t.span().1..verb.span().0).is_some_and(one_clause)
        && content(verb))
    .then_some(i + 2)
}

/// Openings of a negated comparison with everything else of a kind (`No other river
/// carries as much water`, `Nothing else is as light`).
const NONE_OTHER: &[&str] = &[
    "no other ",
    "nothing else ",
    "no one else ",
    "nobody else ",
    "none other ",
];

/// Comparisons with everything else of a kind (`more water than any other river`).
const THAN_ALL: &[&str] = &[
    "than any ",
    "than all ",
    "than every ",
    "than anyone ",
    "than anything ",
];

/// True when `negated` compares something with everything else of its kind by a negation
/// (`No other river carries as much water as the Amazon`, `… is as old as`, `… is larger`)
/// and `plain` compares the same way without one (`more water than any other river`):
/// both state a superlative, in two forms. Only the negation of `no other` is read so:
/// `negated` may hold no other negation.
pub(crate) fn superlative_by_negation(negated: &str, plain: &str) -> bool {
    let lower = |t: &str| t.to_lowercase().replace('’', "'");
    let (negated, plain) = (lower(negated), lower(plain));
    let Some(at) = NONE_OTHER
        .iter()
        .filter_map(|p| negated.find(p).map(|i| i + p.len()))
        .min()
    else {
        return false;
    };
    let rest = &negated[at..];
    let compares = rest.contains(" as ")
        || rest.contains(" than ")
        || rest
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w.len() > 4 && w.ends_with("er") || w == "more");
    let other_negation = negated[..at - 1]
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .chain(rest.split(|c: char| !c.is_alphanumeric() && c != '\''))
        .filter(|w| {
            matches!(*w, "not" | "never" | "no" | "nothing" | "none" | "nobody")
                || w.ends_with("n't")
        })
        .count()
        > 1;
    compares && !other_negation && THAN_ALL.iter().any(|t| plain.contains(t))
}

/// Negations that stand for an object (`won none`, `saw nothing`, `met nobody`).
pub(crate) const NEGATING_PRONOUNS: &[&str] = &["none", "nothing", "nobody"];

/// True when every negation of `text` (terms `ts`) is a negating subject or determiner
/// (`Nobody`, `No one`, `None of …`, `Nothing`, `neither`).
pub(crate) fn negates_by_subject(text: &str, ts: &[Term]) -> bool {
    ts.iter().filter(|t| t.negation).all(|t| {
        let w = text.get(t.start..t.end).unwrap_or("");
        NEGATING_PRONOUNS
            .iter()
            .chain(&["no", "neither"])
            .any(|q| w.eq_ignore_ascii_case(q))
    })
}

/// For a negation of [`NEGATING_PRONOUNS`] at token `i` of `ts` that governs no word
/// after it (`… but won none.`), the word it negates: the nearest `content` token before
/// it, over at most two function words, in its clause (`won`: `won none` says `did not
/// win any`).
pub(crate) fn verb_before_pronoun<'t, T>(
    text: &str,
    ts: &'t [T],
    i: usize,
    content: impl Fn(&T) -> bool,
) -> Option<&'t T>
where
    T: Spanned,
{
    let t = ts.get(i)?;
    let word = text.get(t.span().0..t.span().1)?;
    if !NEGATING_PRONOUNS
        .iter()
        .any(|n| word.eq_ignore_ascii_case(n))
    {
        return None;
    }
    ts.get(i.saturating_sub(3)..i)?
        .iter()
        .rev()
        .take_while(|w| text.get(w.span().1..t.span().0).is_some_and(one_clause))
        .find(|w| content(w))
}

/// A token with its byte range (a [`Term`], a prepared source's token).
pub(crate) trait Spanned {
    /// The token's byte range in its text.
    fn span(&self) -> (usize, usize);
}

impl Spanned for Term {
    fn span(&self) -> (usize, usize) {
        (self.start, self.end)
    }
}

/// Words that open the exception to a negation (`not allowed, except folding
/// bicycles`), one or two words.
const EXCEPTIONS: &[&[&str]] = &[
    &["except"],
    &["excepting"],
    &["excluding"],
    &["unless"],
    &["other", "than"],
    &["apart", "from"],
];

/// True when `only_text` says `only` of the very words that `negated` (a text with a
/// negation) makes the exception to it: `Only folding bicycles are allowed` and
/// `Bicycles are not allowed, except folding bicycles`. The content words right after
/// `only` (over function words, up to the next one) must be the ones right after the
/// exception, in order: `only dogs` is not `except guide dogs`. `ot` and `nt` are the
/// two texts' [`terms`].
pub(crate) fn only_as_excepted(only_text: &str, ot: &[Term], negated: &str, nt: &[Term]) -> bool {
    // The run of content words that follows token `i` of `ts`.
    fn run_after(ts: &[Term], i: usize) -> Vec<&str> {
        ts.iter()
            .skip(i)
            .skip_while(|t| t.stop && !t.negation)
            .take_while(|t| !t.stop && !t.negation)
            .take(4)
            .map(|t| t.key.as_str())
            .collect()
    }
    let word = |text: &str, t: &Term, w: &str| {
        text.get(t.start..t.end)
            .is_some_and(|x| x.eq_ignore_ascii_case(w))
    };
    let Some(i) = ot.iter().position(|t| word(only_text, t, "only")) else {
        return false;
    };
    let mine = run_after(ot, i + 1);
    if mine.is_empty() {
        return false;
    }
    (0..nt.len()).any(|j| {
        EXCEPTIONS.iter().any(|e| {
            e.iter()
                .enumerate()
                .all(|(k, w)| nt.get(j + k).is_some_and(|t| word(negated, t, w)))
                && {
                    let theirs = run_after(nt, j + e.len());
                    theirs.len() == mine.len()
                        && theirs.iter().zip(&mine).all(|(a, b)| same_word(a, b))
                }
        })
    })
}

/// Words (as keys, exactly) that say `not` of the word beside them, so that a source can
/// state a claim's negation with them (`free shipping` for `don't pay for shipping`,
/// `lack of understanding` for `don't understand`, `lost power` for `without power`,
/// `removed support for Node 16` for `does not support Node 16`),
/// sorted (a unit test checks): fewer
/// than the implicit negatives of the polarity rules, which also count words that set
/// one thing against another (`rather than`, `except`) or lose something (`missed
/// opportunities`), and no prefix matches (`freezes` is not `free`).
pub(crate) const RESTATES_NEGATION: &[&str] = &[
    "abolish",
    "absenc",
    "absent",
    "avoid",
    "ban",
    "cancel",
    "cancell",
    "deni",
    "deny",
    "discontinu",
    "exclud",
    "fail",
    "failur",
    "forbid",
    "forbidden",
    "fre",
    "impossibl",
    "lack",
    "lose",
    "lost",
    "omit",
    "prevent",
    "prohibit",
    "refus",
    "remov",
    "removal",
    "unabl",
    "withdrawn",
    "withdrew",
];

/// True when a word of `negating` (antonym-table words with their keys) that `negated`
/// (negation scopes' keys) negates has its opposite in `other`, and `other` does not also
/// write the negated word's own side: the two sides state the same thing (`is not open`
/// against `is closed`), where `does not have a lower rate` against `… more blood, so its
/// rate is lower` stays a contradiction.
fn restated_by_opposite(negating: &[(Pole, String)], negated: &[String], other: &[Pole]) -> bool {
    negating.iter().any(|(p, k)| {
        negated.iter().any(|x| same_word(k, x))
            && other.iter().any(|q| q.pair == p.pair && q.side != p.side)
            && !other.iter().any(|q| q.pair == p.pair && q.side == p.side)
    })
}

/// Antonyms that relate two things (`before` / `after`, `above` / `below`): opposed only
/// about the same thing (see [`next_content_key`]).
const RELATIONS: &[&str] = &["above", "after", "before", "below"];

/// Words of time order, whose opposites state one order from either end (`A, a week
/// after B` is `B a week earlier`).
const ORDER_WORDS: &[&str] = &["after", "before", "earlier", "later"];

/// Words of an exchange, whose opposites state one exchange from its two ends (`A sold B
/// to C` is `C bought B from A`): read as [`ORDER_WORDS`] are.
const EXCHANGE_WORDS: &[&str] = &[
    "borrow",
    "borrowed",
    "borrowing",
    "borrows",
    "bought",
    "buy",
    "buying",
    "buys",
    "export",
    "exported",
    "exporting",
    "exports",
    "import",
    "imported",
    "importing",
    "imports",
    "lend",
    "lending",
    "lends",
    "lent",
    "sell",
    "selling",
    "sells",
    "sold",
];

/// Whether `theirs` in `evidence` states the order that `mine` states in `claim` from the
/// other end: of the claim's content words that stand on one side of the window's word
/// only, more stand on the other side of it than on the claim's side (each word counted
/// once; a word on both sides of either says nothing).
fn converse(claim: &str, mine: &str, evidence: &str, theirs: &str) -> bool {
    let order = |w: &str| {
        ORDER_WORDS
            .iter()
            .chain(EXCHANGE_WORDS)
            .any(|o| w.eq_ignore_ascii_case(o))
            // A contest's result, from its two ends (`Chelsea lost to United` is `United
            // beat Chelsea`).
            || super::antonyms::is_contest(w)
    };
    if !order(mine) || !order(theirs) {
        return false;
    }
    let (Some(&c), Some(&e)) = (
        whole_word_ends(claim, mine).first(),
        whole_word_ends(evidence, theirs).first(),
    ) else {
        return false;
    };
    // An exchange said with what changes hands as its subject (`The painting was bought
    // by a museum`, `… was sold to a museum`, `The painting sold for 4.2 million`) names
    // its two ends by prepositions, not by the verb: no opposition to read.
    if item_subject(claim, c, mine) || item_subject(evidence, e, theirs) {
        return true;
    }
    // The content keys before and after byte `at` (the end of a word of `len` bytes).
    let sides = |text: &str, at: usize, len: usize| {
        let mut before = BTreeSet::new();
        let mut after = BTreeSet::new();
        for t in terms(text) {
            if t.stop || t.numeric {
                continue;
            }
            if t.end <= at - len {
                before.insert(t.key);
            } else if t.start >= at {
                after.insert(t.key);
            }
        }
        (before, after)
    };
    let (cb, ca) = sides(claim, c, mine.len());
    let (eb, ea) = sides(evidence, e, theirs.len());
    // `later` / `earlier` leading what follows it orders that after (before) what went
    // before it: `A and later B` states what `A before B` does, from the same end.
    let flip = leads_clause(claim, c, mine) != leads_clause(evidence, e, theirs);
    let (mut same, mut other) = (0, 0);
    for (keys, mine_side, other_side) in [(&cb, &eb, &ea), (&ca, &ea, &eb)] {
        for k in keys.iter().filter(|k| !cb.contains(*k) || !ca.contains(*k)) {
            match (mine_side.contains(k), other_side.contains(k)) {
                (true, false) => same += 1,
                (false, true) => other += 1,
                _ => {}
            }
        }
    }
    if flip {
        same > other
    } else {
        other > same
    }
}

/// True when the exchange word `word`, ending at byte `at` of `text`, has what changes
/// hands as its subject: a passive (`was bought by`, `is being sold`, `had been lent`)
/// or a verb without an object (`sold for 4.2 million`, `sold at auction`, `sold out`,
/// `sold well`).
fn item_subject(text: &str, at: usize, word: &str) -> bool {
    if !EXCHANGE_WORDS.iter().any(|o| word.eq_ignore_ascii_case(o)) {
        return false;
    }
    let Some((head, rest)) = around(text, at, word) else {
        return false;
    };
    let is = |w: &str, list: &[&str]| list.iter().any(|x| w.eq_ignore_ascii_case(x));
    let passive = head
        .split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
        .filter(|w| !w.is_empty())
        .rev()
        .take(2)
        .any(|w| is(w, super::roles::AUXILIARIES) || is(w, &["get", "gets", "got"]));
    passive
        || first_word(rest)
            .is_some_and(|n| is(n, &["for", "at", "out", "well", "poorly", "quickly"]))
}

/// The text before the word `word` that ends at byte `at` of `text`, and the text after
/// it.
fn around<'t>(text: &'t str, at: usize, word: &str) -> Option<(&'t str, &'t str)> {
    Some((text.get(..at.checked_sub(word.len())?)?, text.get(at..)?))
}

/// The first word of `text` (letters and digits).
fn first_word(text: &str) -> Option<&str> {
    text.split(|c: char| !c.is_alphanumeric())
        .find(|w| !w.is_empty())
}

/// Words before `later` / `earlier` that make it an adjective (`at a later date`, `in
/// later life`).
const BEFORE_ADJECTIVE: &[&str] = &[
    "a", "an", "at", "for", "her", "his", "in", "its", "my", "of", "on", "our", "the", "their",
    "to", "your",
];

/// True when the order word `word`, ending at byte `at` of `text`, is `later` or
/// `earlier` said of what follows it in its sentence (`… and later switched to cricket`,
/// `Two years later, the bridge opened`, `He later moved`): not a comparison (`later
/// than`), an adjective (`at a later date`) or a word that ends its clause (`Macron
/// visited Rome a week earlier.`).
fn leads_clause(text: &str, at: usize, word: &str) -> bool {
    if !(word.eq_ignore_ascii_case("later") || word.eq_ignore_ascii_case("earlier")) {
        return false;
    }
    let Some((head, rest)) = around(text, at, word) else {
        return false;
    };
    let rest = rest
        .get(..rest.find(['.', '!', '?', ';', '\n']).unwrap_or(rest.len()))
        .unwrap_or("");
    let next = first_word(rest);
    let previous = head
        .trim_end()
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    let adjective = BEFORE_ADJECTIVE
        .iter()
        .any(|w| previous.eq_ignore_ascii_case(w))
        && !head.trim_end().ends_with(',');
    next.is_some_and(|w| !w.eq_ignore_ascii_case("than"))
        && !adjective
        && terms(rest).iter().any(|t| !t.stop && !t.numeric)
}

/// Whether a comparison `mine … than X` of `claim` states what `theirs` states of `X` in
/// `evidence` from the other end (`Osaka is smaller than Tokyo` against `Tokyo is larger
/// than Osaka`, `Tokyo is younger than Osaka` against `… but Osaka is older`, `The old
/// model is more expensive than the new one` against `The new model is cheaper than the
/// old one`): the claim's word stands before `than` (at most two words between), the
/// evidence's clause names `X` before its word and not all that the claim's clause names
/// before its own, and what the evidence compares with after a `than` of its own, if
/// anything, is not `X`. `The Nile is shorter than the Amazon` against `The Nile is longer
/// than the Amazon` stays opposed.
fn than_converse(claim: &str, mine: &str, evidence: &str, theirs: &str) -> bool {
    // What `text` compares with after its word `word` (the word ending at byte `at`), and
    // the content keys of the clause before it.
    let sides = |text: &str, word: &str, at: usize| -> Option<(Option<String>, Vec<String>)> {
        let rest = text.get(at..)?;
        let clause_end = rest
            .find(['.', '!', '?', ';', ':', ',', '\n'])
            .unwrap_or(rest.len());
        let rest = rest.get(..clause_end)?;
        let compared = rest
            .split_whitespace()
            .take(3)
            .position(|w| w.eq_ignore_ascii_case("than"))
            .and_then(|than| {
                let after: Vec<&str> = rest.split_whitespace().skip(than + 1).collect();
                next_content_key(&after.join(" "))
            });
        let head = text.get(..at - word.len())?;
        let clause_start = head
            .rfind(['.', '!', '?', ';', ':', ',', '\n'])
            .map_or(0, |i| i + 1);
        let before = terms(head.get(clause_start..)?)
            .into_iter()
            .filter(|t| !t.stop && !t.numeric)
            .map(|t| t.key)
            .collect();
        Some((compared, before))
    };
    let Some((Some(x), claim_before)) = whole_word_ends(claim, mine)
        .first()
        .and_then(|&at| sides(claim, mine, at))
    else {
        return false;
    };
    // Any place the evidence writes its word (`Germany is larger … by population, but
    // France is larger by area`).
    whole_word_ends(evidence, theirs).into_iter().any(|at| {
        let Some((y, evidence_before)) = sides(evidence, theirs, at) else {
            return false;
        };
        let in_evidence = |k: &String| evidence_before.iter().any(|e| related(e, k));
        y.is_none_or(|y| !related(&x, &y))
            && in_evidence(&x)
            && claim_before.iter().any(|k| !in_evidence(k))
    })
}

/// A word of a person's answer to an accusation (`admit`, `deny`, `confirm`, any form):
/// one answer of one person, where `won` / `lost` are said of many events.
fn is_answer_word(word: &str) -> bool {
    ["admit", "deni", "deny", "confirm"].iter().any(|p| {
        word.get(..p.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(p))
    })
}

/// A claim that opens with a name and says that it admitted or denied something (`Karen
/// Pike, 46, denied stealing morphine …`) where a sentence of the source outside the
/// evidence's window opens with that name (in full or in part) and says the other
/// (`Pike admitted 14 counts of theft.`): a summary that joins a person from one
/// sentence with the opposite of the answer another says they gave. In both, the word is
/// the first content word after the name (over function words, numbers and an
/// apposition's commas). Only where no sentence of the source writes the claim's word's
/// side of the pair and the window writes neither side (the window's own reading is
/// [`Matching::polarity`]'s). Words of answering only (`admit`, `deny`, `confirm`): a
/// person's answer to an accusation is one answer, where `won` and `lost` are said of
/// many events (`Federer lost the 2008 final` against `Nadal beat Federer in the 2008
/// final. Federer won the title in 2009.`). `(the claim's word, the sentence's)`.
pub(crate) fn opposed_elsewhere(
    claim: &ClaimProfile,
    src: &IndexedSource<'_>,
    window: (usize, usize),
) -> Option<(String, String)> {
    // Most claims end here: no word of answering.
    if !claim.poles.iter().any(|(_, w)| is_answer_word(w)) {
        return None;
    }
    // The name that opens `text` (after a `the`) and the first content word after it.
    let subject = |text: &str, ts: &[Term]| -> Option<(Vec<String>, usize)> {
        let (a, b) = *super::roles::name_token_runs(text, ts).first()?;
        let opens = a == 0
            || (a == 1
                && ts
                    .first()
                    .and_then(|t| text.get(t.start..t.end))
                    .is_some_and(|w| w.eq_ignore_ascii_case("the")));
        if !opens {
            return None;
        }
        let keys = ts.get(a..b)?.iter().map(|t| t.key.clone()).collect();
        let verb = (b..ts.len()).find(|&i| ts.get(i).is_some_and(|t| !t.stop && !t.numeric))?;
        Some((keys, verb))
    };
    let (names, verb) = subject(&claim.text, &claim.terms)?;
    let said = claim.terms.get(verb)?;
    let said_word = claim.text.get(said.start..said.end)?;
    if !is_answer_word(said_word) {
        return None;
    }
    let (mine, _) = claim
        .poles
        .iter()
        .find(|(_, w)| w.eq_ignore_ascii_case(said_word))?;
    let prepared = &src.prepared;
    let (lo, hi) = prepared.sentences_over(window);
    let n = prepared.sentences.len();
    let pair = |j: usize| -> Vec<&(Pole, (usize, usize))> {
        prepared
            .sentence_poles
            .get(j)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter(|(p, _)| p.pair == mine.pair)
            .collect()
    };
    // The claim's side anywhere, or either side in the window: not this rule's.
    if (0..n).any(|j| pair(j).iter().any(|(p, _)| p.side == mine.side))
        || (lo..hi.max(lo + 1)).any(|j| !pair(j).is_empty())
    {
        return None;
    }
    for j in (0..n).filter(|j| !(lo..hi.max(lo + 1)).contains(j)) {
        let opposite = pair(j);
        let Some((_, (a, b))) = opposite.first() else {
            continue;
        };
        let Some((text, ts)) = src.sentence_with_terms(j) else {
            continue;
        };
        let Some((theirs, at)) = subject(text, ts) else {
            continue;
        };
        let same = theirs.iter().any(|k| names.contains(k));
        let word = src.source.content.get(*a..*b).unwrap_or("");
        let there = ts
            .get(at)
            .and_then(|t| text.get(t.start..t.end))
            .is_some_and(|w| w.eq_ignore_ascii_case(word));
        if same && there && is_answer_word(word) {
            return Some((said_word.to_string(), word.to_string()));
        }
    }
    None
}

/// The key of the first content word of `text` among its first five words (`bake` of
/// ` baking it for 25 minutes`), over function words only, within its clause (none in
/// `. The next …`).
fn next_content_key(text: &str) -> Option<String> {
    let clause = text
        .find(['.', '!', '?', ';', ':', ',', '\n'])
        .and_then(|end| text.get(..end))
        .unwrap_or(text);
    clause
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .take(5)
        .map(str::to_lowercase)
        .find(|w| !super::terms::is_stopword(w))
        .map(|w| stem(&w))
}

/// Where each whole-word occurrence of `word` (ASCII, any case) ends in `text`.
fn whole_word_ends(text: &str, word: &str) -> Vec<usize> {
    let n = word.len();
    let bytes = text.as_bytes();
    let boundary = |i: Option<usize>| {
        i.and_then(|i| bytes.get(i))
            .is_none_or(|b| !b.is_ascii_alphanumeric() && *b < 0x80)
    };
    (0..bytes.len().saturating_sub(n) + 1)
        .filter(|&i| {
            bytes
                .get(i..i + n)
                .is_some_and(|w| w.eq_ignore_ascii_case(word.as_bytes()))
                && boundary(i.checked_sub(1))
                && boundary(Some(i + n))
        })
        .map(|i| i + n)
        .collect()
}

/// Prefixes that make a word's negative form (`unhurt`, `nonstop`), and those that also
/// begin many words that are no negative form (`improve`, `inform`, `discover`), which
/// count only before a whole word of five letters or more (`impossible`, `incorrect`,
/// `dishonest`, `irregular`, `illegal`).
const NEGATIVE_PREFIXES: &[&str] = &["non", "un"];
const NEGATIVE_PREFIXES_STRICT: &[&str] = &["dis", "il", "im", "in", "ir"];

/// True when key `k` starts with a negative prefix (see [`negative_form`]): the cheap
/// test before the sources are read.
pub(crate) fn may_be_negative_form(k: &str) -> bool {
    NEGATIVE_PREFIXES
        .iter()
        .chain(NEGATIVE_PREFIXES_STRICT)
        .any(|p| k.len() > p.len() + 3 && k.starts_with(p))
}

/// True when key `k` is a negative form of one of `negated` (keys): a negative prefix
/// and a word related to it of at least four letters (`unhurt` of `hurt`, `unavail` of
/// `avail`), or after a prefix of [`NEGATIVE_PREFIXES_STRICT`] the same word of at least
/// five (`impossibl` of `possibl`): the same statement as a `not` before that word.
pub(crate) fn negative_form(k: &str, negated: &[String]) -> bool {
    let rest_of = |p: &&str| {
        k.strip_prefix(*p)
            .map(|rest| rest.strip_prefix('-').unwrap_or(rest))
    };
    NEGATIVE_PREFIXES
        .iter()
        .filter_map(rest_of)
        .any(|rest| rest.len() >= 4 && negated.iter().any(|n| n.len() >= 4 && related(rest, n)))
        || NEGATIVE_PREFIXES_STRICT
            .iter()
            .filter_map(rest_of)
            .any(|rest| rest.len() >= 5 && negated.iter().any(|n| n == rest))
}

/// True when `keys` write the negative form of `k` (see [`negative_form`]) and not `k`
/// itself (`non-indexed sites … indexed` answers no `not indexed`).
fn negated_by_form<'k>(k: &String, keys: impl Iterator<Item = &'k str> + Clone) -> bool {
    let one = std::slice::from_ref(k);
    keys.clone().any(|x| negative_form(x, one)) && !keys.into_iter().any(|x| same_word(x, k))
}

/// Every content word of each negation's reach ([`negation_reaches`]: `don't pay for
/// shipping at all` → `pay`, `shipping`): the words a negation may be about, where
/// [`negation_scopes`] keeps the one it governs.
pub fn negated_phrases(text: &str, ts: &[Term]) -> Vec<String> {
    negation_reaches(text, ts)
        .flatten()
        .map(|w| w.key.clone())
        .collect()
}

/// Sorts (sentence, word, exact) cells as tuples sort, through the crate's one integer
/// sort: the sentence in the high 32 bits, then the word, then `exact` in the low bit (a
/// word index is below 2^31).
fn sort_cells(cells: &mut Vec<(u32, u32, bool)>) {
    crate::text::sort::sort_packed(
        cells,
        |&(s, w, e)| u64::from(s) << 32 | u64::from(w) << 1 | u64::from(e),
        |k| {
            (
                (k >> 32) as u32,
                (k >> 1) as u32 & (u32::MAX >> 1),
                k & 1 == 1,
            )
        },
    );
}

/// Pairs of consecutive content keys (function words skipped), each pair once: the
/// indexes in `ts` of its two terms (the first pair written), sorted by the keys. Indexes,
/// not copies of the keys: a claim's profile is made for every claim of every check, and
/// two strings per pair were most of its allocations.
pub fn bigrams_of(ts: &[Term]) -> Vec<(u32, u32)> {
    let content: Vec<u32> = ts
        .iter()
        .enumerate()
        .filter(|(_, t)| is_content(t))
        .filter_map(|(i, _)| u32::try_from(i).ok())
        .collect();
    let key = |i: u32| ts.get(i as usize).map_or("", |t| t.key.as_str());
    let mut out: Vec<(u32, u32)> = content.windows(2).map(|w| (w[0], w[1])).collect();
    // Stable: of pairs with the same keys, the first written stays.
    crate::text::sort::sort_by(&mut out, |x, y| {
        (key(x.0), key(x.1)).cmp(&(key(y.0), key(y.1)))
    });
    out.dedup_by(|x, y| key(x.0) == key(y.0) && key(x.1) == key(y.1));
    out
}

/// Tests: `f` of `texts` as indexed sources (ids `s0`, `s1`, …), the set the source
/// rules read.
#[cfg(test)]
pub(crate) fn with_sources<R>(texts: &[&str], f: impl FnOnce(&[&IndexedSource<'_>]) -> R) -> R {
    let owned: Vec<Source> = texts
        .iter()
        .enumerate()
        .map(|(i, c)| Source::new(format!("s{i}"), *c))
        .collect();
    let indexed: Vec<IndexedSource<'_>> = owned
        .iter()
        .enumerate()
        .map(|(i, s)| IndexedSource::new(i, s))
        .collect();
    let set: Vec<&IndexedSource<'_>> = indexed.iter().collect();
    f(&set)
}

/// The content keys of a question (claim words in it weigh less, and names and numbers it
/// states are not the answer's inventions).
pub fn question_keys(question: &str) -> BTreeSet<String> {
    let mut keys: BTreeSet<String> = terms(question)
        .into_iter()
        .filter(is_content)
        .map(|t| t.key)
        .collect();
    // The question's quantities as the claim's are keyed (`three degrees` → `3`), so that
    // a number the question states is the question's however it is written.
    keys.extend(quantities(question).into_iter().map(|q| q.key));
    keys
}

/// The keys of `question_keys` that are numbers (a digit, or a number [`quantities`]
/// reads, such as `three`): what [`ClaimProfile::question_numbers`] holds.
pub fn question_numbers(question_keys: &BTreeSet<String>) -> BTreeSet<String> {
    question_keys
        .iter()
        .filter(|k| k.chars().any(|c| c.is_ascii_digit()) || !quantities(k).is_empty())
        .cloned()
        .collect()
}

/// True for terms that carry content: not a function word and not a negation.
pub fn is_content(t: &Term) -> bool {
    !t.stop && !t.key.is_empty()
}

/// One content word of a claim with its weight.
#[derive(Debug, Clone)]
pub struct ClaimWord {
    /// The term key.
    pub key: String,
    /// Its weight (IDF, reduced when the question already says it).
    pub weight: f64,
    /// Part of a name: must appear in the source.
    pub name: bool,
    /// A capitalised word that opens the claim (or a list item, or the text after a
    /// colon) and does not look like an ordinary word (see [`looks_ordinary`]): a name
    /// unless the answer also writes it in lower case (decided by the caller, which
    /// clears this flag; see [`ClaimProfile::ordinary_words`]).
    pub initial: bool,
    /// As written in the claim.
    pub surface: String,
    /// The question contains the word too.
    pub in_question: bool,
    /// The initials of the run of capitalised words the word is part of, lower case
    /// (`fec` for each word of `Federal Election Commission`), when the run has two or
    /// more: a source that writes the acronym names the word.
    pub acronym: Option<String>,
    /// Where the run joins names with `and`, the initials of the name of two words or
    /// more that the word is part of (`eu` for `European` in `European Union and
    /// Canada`, whose run gives `euc`): a source that writes it names the word too.
    pub part_acronym: Option<String>,
    /// A capitalised month or weekday ([`is_calendar_word`]): part of a date, which must
    /// appear in the sources as a number must (it is not a name).
    pub calendar: bool,
    /// The word's marked key (see `places::marked`) when it is an acronym or a country
    /// of `places::ACRONYMS`: what a source holds for it by the initials of a run of
    /// names or by the country's other names.
    pub marked: Option<String>,
    /// The word has other words of its sense (see `senses`): a source may write one of
    /// them for it.
    pub sensed: bool,
}

pub(crate) use crate::text::acronym::RUN_JOINERS;

/// The runs of capitalised words of `text` whose terms span `spans` (byte range and
/// whether the term is capitalised), as the indices of their capitalised members and
/// their initials in lower case, for runs of two or more. A run continues over spaces
/// and over one of `of`, `and`, `for`, `the` between capitalised words (`International
/// Court of Justice` → `icj`).
pub(crate) fn capital_runs(
    text: &str,
    spans: &[(usize, usize, bool)],
) -> Vec<(Vec<usize>, String)> {
    let gap = |a: usize, b: usize| {
        text.get(spans[a].1..spans[b].0)
            .is_some_and(|g| g.trim().is_empty())
    };
    let joiner = |i: usize| {
        text.get(spans[i].0..spans[i].1)
            .is_some_and(|w| RUN_JOINERS.iter().any(|j| w.eq_ignore_ascii_case(j)))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < spans.len() {
        if !spans[i].2 {
            i += 1;
            continue;
        }
        let mut members = vec![i];
        let mut j = i;
        while j + 1 < spans.len() {
            if spans[j + 1].2 && gap(j, j + 1) {
                j += 1;
                members.push(j);
                continue;
            }
            let joins = joiner(j + 1)
                && gap(j, j + 1)
                && j + 2 < spans.len()
                && spans[j + 2].2
                && gap(j + 1, j + 2);
            if joins {
                j += 2;
                members.push(j);
                continue;
            }
            break;
        }
        if members.len() >= 2 {
            let initials: String = members
                .iter()
                .filter_map(|&m| text.get(spans[m].0..spans[m].1))
                .filter_map(|w| w.chars().next())
                .flat_map(char::to_lowercase)
                .collect();
            out.push((members, initials));
        }
        i = j + 1;
    }
    out
}

/// For each term of `ts`, the initials of the run of capitalised words it belongs to, in
/// lower case, when the run has at least two (see [`capital_runs`]); where the run joins
/// names with `and`, the initials of the member's own name too, when it has two words or
/// more ([`and_parts`]).
fn run_acronyms(text: &str, ts: &[Term]) -> Vec<(Option<String>, Option<String>)> {
    let spans: Vec<(usize, usize, bool)> =
        ts.iter().map(|t| (t.start, t.end, t.capitalised)).collect();
    let mut out = vec![(None, None); ts.len()];
    for (members, initials) in capital_runs(text, &spans) {
        for (part, from, to) in and_parts(text, &spans, &members, &initials) {
            for &m in members.get(from..to).unwrap_or(&[]) {
                out[m].1 = Some(part.to_string());
            }
        }
        for m in members {
            out[m].0 = Some(initials.clone());
        }
    }
    out
}

/// The names that a run of capitalised words (`members`, indices into `spans`, with its
/// `initials`, as [`capital_runs`] gives them) joins with `and`, each of two words or
/// more, as its initials and the range of `members` it spans (`European Union and
/// Canada` → `eu`, members 0..2). Nothing for a run without `and`, or whose initials are
/// not one ASCII letter per member.
pub(crate) fn and_parts<'i>(
    text: &str,
    spans: &[(usize, usize, bool)],
    members: &[usize],
    initials: &'i str,
) -> Vec<(&'i str, usize, usize)> {
    if initials.len() != members.len() || !initials.is_ascii() {
        return Vec::new();
    }
    let and_after = |k: usize| {
        members.get(k + 1).is_some_and(|&next| {
            next == members[k] + 2
                && spans.get(members[k] + 1).is_some_and(|&(a, b, _)| {
                    text.get(a..b)
                        .is_some_and(|w| w.eq_ignore_ascii_case("and"))
                })
        })
    };
    let mut parts = Vec::new();
    let mut from = 0;
    for k in 0..members.len() {
        let ends = k + 1 == members.len() || and_after(k);
        if ends {
            // The whole run is not a part of itself.
            if k + 1 - from >= 2 && !(from == 0 && k + 1 == members.len()) {
                if let Some(part) = initials.get(from..=k) {
                    parts.push((part, from, k + 1));
                }
            }
            from = k + 1;
        }
    }
    parts
}

/// True for a lower-case word whose ending marks an ordinary English word rather than a
/// name: an adverb in `-ly` (`typically`), a plural in `-ies` (`studies`), a gerund or
/// participle in `-ing` or `-ed` (`using`, `founded`), or a verb that opens instructions
/// (`Run`, `Use`, see
/// the table in the source), or a plural that names a group of people (`Researchers
/// reported …`, `Officials said …`; see [`names_people`]). Short words are not judged by
/// their ending (`Italy`, `Ed`).
pub fn looks_ordinary(lower: &str) -> bool {
    let n = lower.chars().count();
    // A plural in `-ies`: `Studies have shown`, `Companies are …`.
    ((lower.ends_with("ly") || lower.ends_with("ies")) && n >= 6)
        || (lower.ends_with("ing") && n >= 5)
        || (lower.ends_with("ed") && n >= 6)
        || IMPERATIVES.binary_search(&lower).is_ok()
        || names_people(lower, n)
}

/// True for a lower-case plural that names a group of people, the common subject of a
/// report (`Researchers tracked …`, `Residents complained …`): a word in `-ists` or
/// `-ians` (`scientists`, `historians`), a longer one in `-ers`, `-ors`, `-ents`,
/// `-ants` or `-ees` (`volunteers`, `investors`, `residents`, `employees`, and things:
/// `documents`; most surnames in those endings are shorter: `Rogers`, `Sanders`,
/// `Connors`, though not all: `Chambers`), or one of a short list of general English
/// (`police`, `experts`, `workers`). `n` is the word's length in characters.
fn names_people(lower: &str, n: usize) -> bool {
    ((lower.ends_with("ists") || lower.ends_with("ians")) && n >= 6)
        || (["ers", "ors", "ents", "ants", "ees"]
            .iter()
            .any(|e| lower.ends_with(e))
            && n >= 8)
        || PEOPLE.binary_search(&lower).is_ok()
}

/// Short plurals (and collectives) that name groups of people: general English, sorted
/// (checked in a unit test).
const PEOPLE: &[&str] = &[
    "adults",
    "analysts",
    "buyers",
    "children",
    "critics",
    "doctors",
    "experts",
    "fans",
    "farmers",
    "judges",
    "kids",
    "lawyers",
    "leaders",
    "locals",
    "members",
    "men",
    "nurses",
    "officials",
    "owners",
    "parents",
    "people",
    "players",
    "police",
    "pupils",
    "readers",
    "scholars",
    "sellers",
    "staff",
    "teens",
    "troops",
    "users",
    "viewers",
    "voters",
    "witnesses",
    "women",
    "workers",
    "writers",
];

/// Month and weekday names and abbreviations, lower case, sorted (a unit test checks).
const CALENDAR: &[&str] = &[
    "apr",
    "april",
    "aug",
    "august",
    "dec",
    "december",
    "feb",
    "february",
    "fri",
    "friday",
    "jan",
    "january",
    "jul",
    "july",
    "jun",
    "june",
    "mar",
    "march",
    "may",
    "mon",
    "monday",
    "nov",
    "november",
    "oct",
    "october",
    "sat",
    "saturday",
    "sep",
    "sept",
    "september",
    "sun",
    "sunday",
    "thu",
    "thursday",
    "tue",
    "tuesday",
    "wed",
    "wednesday",
];

/// Months and weekdays (and their usual abbreviations): capitalised, but parts of a date,
/// not names an answer could invent; a date the evidence does not state is the numbers'
/// business (`opened in March 1887` against `opened in 1889` is a different year).
pub fn is_calendar_word(surface: &str) -> bool {
    if iso_month(surface).is_some() {
        return true;
    }
    let word = surface.trim_end_matches('.');
    // Most words are ruled out by their length or first letter before any copy.
    if !(3..=9).contains(&word.len()) || !opens_calendar_word(word.as_bytes()[0]) {
        return false;
    }
    // Lower-cased on the stack: the longest calendar word has 9 letters.
    let mut buf = [0u8; 9];
    let Some(lower) = buf.get_mut(..word.len()) else {
        return false;
    };
    lower.copy_from_slice(word.as_bytes());
    lower.make_ascii_lowercase();
    CALENDAR
        .binary_search_by(|c| c.as_bytes().cmp(lower))
        .is_ok()
}

/// The keys ([`stem`](super::terms::stem)) of the months' names, January first (a unit
/// test checks them against the names).
pub(crate) const MONTH_KEYS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "jun",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The month (1–12) of a date written `YYYY-MM-DD` (ISO 8601: `2024-06-05`, a month of
/// 1–12 and a day of 1–31), the one word [`words`](crate::text::words::words) reads it
/// as. Such a date is the date written in words (`June 5, 2024`): its month is read as
/// the month's name (a calendar word, see [`is_calendar_word`]), its year and day as
/// the quantities they are (see [`quantities_in`](super::numbers::quantities_in)).
pub(crate) fn iso_month(word: &str) -> Option<u8> {
    let b = word.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let digits = |r: std::ops::Range<usize>| {
        b.get(r)?.iter().try_fold(0u16, |n, &d| {
            d.is_ascii_digit().then(|| n * 10 + u16::from(d - b'0'))
        })
    };
    let (_year, month, day) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    ((1..=12).contains(&month) && (1..=31).contains(&day)).then_some(month as u8)
}

/// True for a byte that opens a word of [`CALENDAR`], in either case (a unit test
/// checks every entry).
fn opens_calendar_word(b: u8) -> bool {
    matches!(
        b | 0x20,
        b'a' | b'd' | b'f' | b'j' | b'm' | b'n' | b'o' | b's' | b't' | b'w'
    )
}

/// Which month (1–12) or weekday (101–107, Monday first) a calendar word names
/// ([`is_calendar_word`]), by its first three letters.
pub fn calendar_of(surface: &str) -> Option<u8> {
    if let Some(month) = iso_month(surface) {
        return Some(month);
    }
    if !is_calendar_word(surface) {
        return None;
    }
    const ORDER: [&str; 19] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "mon",
        "tue", "wed", "thu", "fri", "sat", "sun",
    ];
    let head = surface.get(..3)?.to_ascii_lowercase();
    let at = ORDER.iter().position(|p| *p == head)? as u8;
    Some(if at < 12 { at + 1 } else { 101 + at - 12 })
}

/// Auxiliaries, copulas and modals: after a capitalised first word they make it the
/// subject of a statement (`Lyon is …`), where an instruction has an object (`Run the
/// tests`). Sorted (checked in a unit test).
const VERBS: &[&str] = &[
    "are", "became", "becomes", "can", "could", "did", "does", "had", "has", "have", "is", "may",
    "might", "must", "remained", "remains", "shall", "should", "was", "were", "will", "would",
];

/// True for an auxiliary, copula or modal (`is`, `was`, `has`, `can`, …), lower case.
pub fn is_auxiliary(lower: &str) -> bool {
    VERBS.binary_search(&lower).is_ok()
}

/// [`is_auxiliary`] for a word as written (`Was`), and the forms of `be` that are no
/// finite verb (`be`, `been`, `being`): a copula or an auxiliary, in any case.
pub fn is_auxiliary_ignoring_case(word: &str) -> bool {
    VERBS
        .binary_search_by(|v| v.bytes().cmp(word.bytes().map(|b| b.to_ascii_lowercase())))
        .is_ok()
        || ["be", "been", "being"]
            .iter()
            .any(|w| word.eq_ignore_ascii_case(w))
}

/// Words that open a verb's object (`hosts the final`), lower case.
const DETERMINERS: &[&str] = &[
    "the", "a", "an", "its", "his", "her", "their", "this", "that", "these", "those",
];

/// Verbs that open instructions (`Run the tests`, `Use a lock`): general English, sorted
/// (checked in a unit test).
const IMPERATIVES: &[&str] = &[
    "add",
    "apply",
    "ask",
    "avoid",
    "build",
    "call",
    "change",
    "check",
    "choose",
    "click",
    "configure",
    "consider",
    "contact",
    "copy",
    "create",
    "define",
    "delete",
    "disable",
    "enable",
    "ensure",
    "enter",
    "find",
    "follow",
    "get",
    "go",
    "import",
    "include",
    "install",
    "keep",
    "look",
    "make",
    "move",
    "note",
    "open",
    "pass",
    "perform",
    "pick",
    "press",
    "put",
    "read",
    "remove",
    "replace",
    "return",
    "run",
    "save",
    "see",
    "select",
    "set",
    "start",
    "stop",
    "take",
    "try",
    "turn",
    "type",
    "update",
    "use",
    "visit",
    "wait",
    "write",
];

/// The keys of the words of `text` written in lower case (ordinary words, not names), each
/// with the byte offset where it is first written so.
pub fn lower_case_keys(text: &str) -> BTreeMap<String, usize> {
    // What `terms` gives, filtered as it comes: no key is copied for a word left out.
    let mut keys = BTreeMap::new();
    scan_terms(text, |t, key| {
        let lower_case = text
            .get(t.start..t.end)
            .and_then(|w| w.chars().next())
            .is_some_and(char::is_lowercase);
        if !t.stop && !key.is_empty() && !t.numeric && !t.capitalised && lower_case {
            // Most keys are new: look them up without making a String for a repeat.
            if !keys.contains_key(key) {
                keys.insert(key.to_string(), t.start);
            }
        }
    });
    keys
}

/// A claim prepared for matching.
#[derive(Debug, Clone)]
pub struct ClaimProfile {
    /// Distinct content words.
    pub words: Vec<ClaimWord>,
    /// The claim contains a negation.
    pub negated: bool,
    /// The words the claim's negations govern (see [`negation_scopes`]).
    pub negation_scopes: Vec<String>,
    /// Every word the claim's negations may be about (see [`negated_phrases`]).
    pub negated_phrase: Vec<String>,
    /// Its quantities.
    pub quantities: Vec<Quantity>,
    /// Pairs of consecutive content keys, each once, as indexes into [`Self::terms`]
    /// (see [`bigrams_of`]).
    pub bigrams: Vec<(u32, u32)>,
    /// The claim's text (for quantity texts in reasons).
    pub text: String,
    /// The numbers the question states (a claim repeating them invents nothing).
    pub question_numbers: BTreeSet<String>,
    /// The antonym-table words of the claim (see [`super::antonyms`]), as written.
    pub poles: Vec<(Pole, String)>,
    /// The claim's terms, in order (see [`terms`]).
    pub terms: Vec<Term>,
    /// For a short answer read with its question (`text` is the question, a line break
    /// and the answer): the byte length of the question part.
    pub question_end: Option<usize>,
}

impl ClaimProfile {
    /// The claim's quantities that its word `w` writes in words (`five` in `five
    /// violinists`, a bare `five`; not the pronoun `one`, which is no quantity there).
    pub(crate) fn spelled_as<'q>(&'q self, w: &'q ClaimWord) -> impl Iterator<Item = &'q Quantity> {
        self.quantities
            .iter()
            .filter(move |q| q.spelled() && q.key.eq_ignore_ascii_case(&w.surface))
    }

    /// The poles of the claim's antonym-table words, in order (see [`Self::poles`]).
    pub fn pole_kinds(&self) -> Vec<Pole> {
        self.poles.iter().map(|(p, _)| *p).collect()
    }

    /// Prepares one claim.
    pub fn new(
        text: &str,
        question_keys: &BTreeSet<String>,
        idf: &Idf,
        opts: &ClaimOptions,
    ) -> Self {
        let numbers = question_numbers(question_keys);
        Self::with_question_numbers(text, question_keys, &numbers, idf, opts)
    }

    /// [`ClaimProfile::new`] with the question's numbers found already
    /// ([`question_numbers`] of `question_keys`; the same for every claim of an answer).
    pub fn with_question_numbers(
        text: &str,
        question_keys: &BTreeSet<String>,
        question_numbers: &BTreeSet<String>,
        idf: &Idf,
        opts: &ClaimOptions,
    ) -> Self {
        let ws = words(text);
        let ts = terms_in(text, &ws);
        let acronyms = run_acronyms(text, &ts);
        let mut words: Vec<ClaimWord> = Vec::new();
        for (i, t) in ts.iter().enumerate() {
            if !is_content(t) || t.numeric {
                continue;
            }
            // A capital that opens the claim, a list item or the text after a colon is
            // the sentence's, not a name's, unless the next word (with only spaces
            // between) is capitalised too or the word is all capitals. An acronym in
            // parentheses spells out the words before it: it is defined, not named.
            let surface = text.get(t.start..t.end).unwrap_or("");
            // A form of address before a name (`Ms Bennett`, `Mr. Smith`) says how the
            // claim refers to the person, not who: no word a source must write (news
            // summaries write `Mr Smith` for the `John Smith` of the report).
            if surface.len() <= 4
                && t.capitalised
                && FORMS_OF_ADDRESS.contains(&surface)
                && ts.get(i + 1).is_some_and(|n| {
                    n.capitalised
                        && text
                            .get(t.end..n.start)
                            .is_some_and(|g| g.trim_start_matches('.').trim().is_empty())
                })
            {
                continue;
            }
            let all_caps = surface.chars().filter(|c| c.is_alphabetic()).count() > 1
                && surface.chars().all(|c| !c.is_lowercase());
            let before = match i.checked_sub(1).and_then(|p| ts.get(p)) {
                Some(p) => text.get(p.end..t.start).unwrap_or(""),
                None => text.get(..t.start).unwrap_or(""),
            };
            let at_start = i == 0 || before.contains([':', '•', '\n']);
            let next_is_name = ts.get(i + 1).is_some_and(|n| {
                n.capitalised
                    && text
                        .get(t.end..n.start)
                        .is_some_and(|g| g.trim().is_empty())
            });
            let defined_acronym = all_caps
                && before.trim_end().ends_with('(')
                && text.get(t.end..).is_some_and(|a| a.starts_with(')'));
            // A temperature scale is a unit, not a name (`100 °C`, `212 degrees
            // Fahrenheit`).
            let scale = ["celsius", "fahrenheit", "kelvin", "centigrade"]
                .iter()
                .any(|s| surface.eq_ignore_ascii_case(s))
                || (matches!(surface, "C" | "F" | "K")
                    && (before.ends_with(['°', 'º'])
                        || before.trim_end().to_ascii_lowercase().ends_with("degrees")));
            let name = t.capitalised
                && !defined_acronym
                && !scale
                && !is_calendar_word(surface)
                // Before another capitalised word, the start of a name of several
                // (`New York is …`), unless an ordinary word (`Follow Web Content
                // Accessibility Guidelines`, `Use Python 3`) outside quotes (`"Strictly
                // Come Dancing"` is a title).
                && (!at_start
                    || all_caps
                    || (next_is_name
                        && (!looks_ordinary(&surface.to_lowercase())
                            || before.ends_with(['"', '“', '‘', '\'']))));
            // At the start, a capitalised word is a name too when it is the subject of
            // the verb that follows it (`Lyon is …`, `Lyon hosted …`, `Ajax said …`,
            // `Lyon's …`) and
            // does not look like an ordinary word (`Typically, …`, `Run the tests`).
            // (Asked only of a capitalised opening word that is not a name.)
            // A verb in `-s` counts before a determiner, which opens its object (`Lyon
            // hosts the final`; `Recent studies show` has none).
            let object_follows = |k: usize| {
                ts.get(k)
                    .is_some_and(|d| DETERMINERS.contains(&text.get(d.start..d.end).unwrap_or("")))
            };
            let subject = || {
                surface.ends_with("'s")
                    || surface.ends_with("’s")
                    || ts.get(i + 1).is_some_and(|n| {
                        let gap = text.get(t.end..n.start).unwrap_or("x");
                        let next = text.get(n.start..n.end).unwrap_or("");
                        gap.trim().is_empty()
                            && next.starts_with(char::is_lowercase)
                            && (VERBS.binary_search(&next).is_ok()
                                || matches!(next, "said" | "told")
                                || (next.ends_with("ed") && next.len() >= 4)
                                || (next.len() >= 4
                                    && next.ends_with('s')
                                    && !next.ends_with("ss")
                                    && !next.ends_with("us")
                                    && !next.ends_with("is")
                                    && object_follows(i + 2)))
                    })
            };
            // An adjective of nationality is a name wherever it stands (`Chinese
            // scientists have …`).
            let initial = t.capitalised
                && !defined_acronym
                && at_start
                && !name
                && (super::places::is_nationality(surface) || subject())
                && !looks_ordinary(&surface.to_lowercase());
            let mut weight = idf.weight(&t.key);
            let in_question = question_keys.contains(&t.key);
            if in_question {
                weight *= opts.question_weight;
            }
            let (acronym, part_acronym) = acronyms.get(i).cloned().unwrap_or_default();
            match words.iter_mut().find(|w| w.key == t.key) {
                Some(w) => {
                    w.name |= name;
                    w.initial |= initial;
                    w.weight = w.weight.max(weight);
                    if w.acronym.is_none() {
                        w.acronym = acronym;
                    }
                    if w.part_acronym.is_none() {
                        w.part_acronym = part_acronym;
                    }
                }
                None => words.push(ClaimWord {
                    key: t.key.clone(),
                    weight,
                    name,
                    initial,
                    surface: surface.to_string(),
                    in_question,
                    acronym,
                    part_acronym,
                    calendar: t.capitalised && is_calendar_word(surface),
                    marked: super::places::asks_marked(surface)
                        .then(|| super::places::marked(&t.key)),
                    sensed: super::senses::group_of(&t.key).is_some(),
                }),
            }
        }
        let negation_scopes = negation_scopes(text, &ts);
        // Where the claim's inline code spans open and close (most claims have none).
        let ticks: Vec<usize> = if text.contains('`') {
            text.match_indices('`').map(|(i, _)| i).collect()
        } else {
            Vec::new()
        };
        ClaimProfile {
            words,
            negated: ts.iter().any(|t| t.negation),
            // Empty together: a negation with no word in reach has neither.
            negated_phrase: if negation_scopes.is_empty() {
                Vec::new()
            } else {
                negated_phrases(text, &ts)
            },
            negation_scopes,
            quantities: quantities_in(text, &ws),
            bigrams: bigrams_of(&ts),
            text: text.to_string(),
            question_numbers: question_numbers.clone(),
            question_end: None,
            poles: ts
                .iter()
                .enumerate()
                // Not a word of inline code (`parse(strict=False)`, `enabled: true`): a
                // value written in code states no opposite of the prose's word.
                .filter(|(_, t)| ticks.partition_point(|&k| k < t.start) % 2 == 0)
                .filter_map(|(i, t)| {
                    let w = text.get(t.start..t.end)?;
                    if let Some(p) = pole(w) {
                        return Some((p, w.to_string()));
                    }
                    // A word that is a pole after the word before it (see
                    // [`in_context`]): `for` / `against` written with their verb (`voted
                    // for`), as the reasons quote it; `close` alone.
                    let verb = ts.get(i.checked_sub(1)?)?;
                    let p = in_context(&verb.key, w)?;
                    let from = if w.eq_ignore_ascii_case("close") {
                        t.start
                    } else {
                        verb.start
                    };
                    Some((p, text.get(from..t.end)?.to_string()))
                })
                .collect(),
            terms: ts,
        }
    }

    /// Clears [`ClaimWord::initial`] for words that `ordinary` says the answer writes in
    /// lower case before byte `upto` (the end of the claim): an ordinary word that happens
    /// to open the claim. Only text up to the claim counts, so that what follows a claim
    /// never changes its reading (a streamed claim's verdict is final once emitted).
    pub fn ordinary_words(&mut self, ordinary: &BTreeMap<String, usize>, upto: usize) {
        for w in &mut self.words {
            if w.initial && ordinary.get(&w.key).is_some_and(|&at| at < upto) {
                w.initial = false;
            }
        }
    }

    /// The claim's content keys.
    pub fn keys(&self) -> BTreeSet<&str> {
        self.words.iter().map(|w| w.key.as_str()).collect()
    }
}

/// How well one source matches one claim.
#[derive(Debug, Clone)]
pub struct SourceMatch {
    /// Position of the source in the caller's list.
    pub source: usize,
    /// Byte range of the best window in the source content.
    pub window: (usize, usize),
    /// Coverage of the claim's weighted content words by the best window.
    pub window_coverage: f64,
    /// Coverage by the best single sentence of the source.
    pub sentence_coverage: f64,
    /// Share of the claim's bigrams found inside the best window.
    pub window_phrases: f64,
    /// Longest run of consecutive claim tokens that the source repeats in order.
    pub run: usize,
    /// The best-matching sentence of the window states the opposite polarity.
    pub negation_conflict: bool,
    /// The claim uses one side of an antonym pair where the best-matching sentence uses
    /// the other (`rose` / `fell`), as written in each, and otherwise matches it.
    pub antonym: Option<(String, String)>,
    /// Index of the window's sentence that covers the claim best.
    pub best_sentence: Option<usize>,
    /// Coverage of the claim by that sentence.
    pub best_sentence_coverage: f64,
    /// Credit of each claim word (in [`ClaimProfile::words`] order) in the best window.
    pub window_credits: Vec<f64>,
}

/// True when two keys name the same word across derivations: equal, or one of four
/// letters or more starting the other (`refund` / `refundable`).
pub fn related(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    short.chars().count() >= 4 && long.starts_with(short)
}

/// [`related`], or an irregular form of a verb and the verb (`taken` / `take`, `wrote` /
/// `writes`; see [`verb_of`](super::terms::verb_of)), or a verb and its noun ([`DERIVED`]):
/// for the words a negation governs,
/// so that `should not be taken` speaks of what `safe to take` does. Kept out of
/// [`related`] itself, which the matching calls too often for a table lookup.
pub fn same_word(a: &str, b: &str) -> bool {
    if related(a, b) {
        return true;
    }
    let (va, vb) = (super::terms::verb_of(a), super::terms::verb_of(b));
    ((va.is_some() || vb.is_some()) && va.unwrap_or(a) == vb.unwrap_or(b)) || derived(a, b)
}

/// Verbs and the nouns made from them whose keys share no prefix of four letters, as
/// keys (`died` / `deaths`: `No deaths were reported` negates what `Three people died`
/// states).
const DERIVED: &[(&[&str], &str)] = &[
    (&["die", "died", "dy"], "death"),
    (&["grow", "grew", "grown"], "growth"),
    (&["sell", "sold"], "sal"),
    (&["lose", "lost"], "loss"),
    (&["decid"], "decision"),
    (&["pay", "paid"], "payment"),
];

/// True when keys `a` and `b` are a verb and its noun of [`DERIVED`].
fn derived(a: &str, b: &str) -> bool {
    // Most pairs of words hold no noun of the table: ruled out by their first byte.
    let initial = |w: &str| matches!(w.as_bytes().first(), Some(b'd' | b'g' | b'l' | b'p' | b's'));
    if !(initial(a) && initial(b)) {
        return false;
    }
    DERIVED.iter().any(|(verbs, noun)| {
        (b == *noun && verbs.contains(&a)) || (a == *noun && verbs.contains(&b))
    })
}

/// Credit for claim key `k` in a key set: 1 for the same key, `fuzzy` for a key sharing a
/// prefix of at least five characters (`organis-ation` / `organis-ational`), else 0.
pub fn credit(k: &str, keys: &BTreeSet<String>, fuzzy: f64) -> f64 {
    if keys.contains(k) {
        return 1.0;
    }
    if fuzzy <= 0.0 {
        return 0.0;
    }
    let Some(prefix) = fuzzy_prefix(k) else {
        return 0.0;
    };
    let hit = keys
        .range::<str, _>((
            std::ops::Bound::Included(prefix),
            std::ops::Bound::Unbounded,
        ))
        .next()
        .is_some_and(|s| s.starts_with(prefix));
    if hit {
        fuzzy
    } else {
        0.0
    }
}

/// Matches a claim against one source. Only the sentences that hold a claim word (or a
/// word sharing its first five characters) are visited, through the source's inverted
/// index; the longest run walks the positions of the claim's tokens in the source.
pub fn match_source(
    claim: &ClaimProfile,
    src: &IndexedSource<'_>,
    opts: &ClaimOptions,
) -> SourceMatch {
    match_source_for(claim, src, opts, true)
}

/// The larger of two credits or coverages, as `f64::max` gives it for numbers that are
/// not NaN (and `a` where `b` is NaN, as `max` does). `max` keeps Rust's NaN rules,
/// which wasm's `f64.max` instruction does not, so in wasm it is a call to `fmax`: 1.3 %
/// of a W1 check, from the loops that take the best credit of every sentence.
fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// [`match_source`], measuring the window's phrases ([`SourceMatch::window_phrases`]) and
/// the longest verbatim run ([`SourceMatch::run`]) only when `detail` is set (they feed
/// only features the shipped model does not weigh; 0 otherwise).
pub(crate) fn match_source_for(
    claim: &ClaimProfile,
    src: &IndexedSource<'_>,
    opts: &ClaimOptions,
    detail: bool,
) -> SourceMatch {
    let m = Matching::new(claim, src, opts);
    let best = m.best_window();
    let window = match (src.sentences.get(best.0), src.sentences.get(best.1)) {
        (Some(a), Some(b)) if m.n > 0 => (a.0, b.1),
        _ => (0, src.source.content.len()),
    };
    let window_credits = m.window_credits(best);
    let polarity = if m.n > 0 {
        m.polarity(best, &window_credits)
    } else {
        Polarity::default()
    };
    // A word that states the window's opposite from the other end is covered by it.
    let window_coverage = match &polarity.restated {
        Some(key) => best
            .2
            .max(m.covered_with(&window_credits, &|w: &ClaimWord| w.key == *key)),
        None => best.2,
    }
    .max(0.0);
    let window_phrases = if detail { m.window_phrases(best) } else { 0.0 };
    SourceMatch {
        source: src.index,
        window,
        window_coverage,
        sentence_coverage: m.sentence_cov.iter().copied().fold(0.0, larger),
        window_phrases,
        run: if detail {
            longest_run_in(claim.terms.iter().map(|t| t.key.as_str()), src)
        } else {
            0
        },
        negation_conflict: polarity.negation_conflict,
        antonym: polarity.antonym,
        best_sentence: polarity.best_sentence,
        best_sentence_coverage: polarity.best_sentence_coverage,
        window_credits,
    }
}

/// One claim against one source: what the steps of [`match_source`] share.
struct Matching<'a, 's> {
    claim: &'a ClaimProfile,
    src: &'a IndexedSource<'s>,
    opts: &'a ClaimOptions,
    /// The claim's credit in each sentence with any.
    rows: CreditRows,
    /// The claim's content words.
    nw: usize,
    /// The source's sentences.
    n: usize,
    /// The claim's total weight.
    total: f64,
    /// The coverage of each row's sentence.
    sentence_cov: Vec<f64>,
}

/// What the polarity rules found in the best window.
#[derive(Default)]
struct Polarity {
    negation_conflict: bool,
    antonym: Option<(String, String)>,
    best_sentence: Option<usize>,
    best_sentence_coverage: f64,
    /// The key of a claim word that states the window's opposite word from the other end
    /// (`smaller than Tokyo` for `Tokyo is larger`, `a week earlier` for `a week after`).
    restated: Option<String>,
}

/// A window of sentences `(first, last, coverage)`.
type Window = (usize, usize, f64);

impl<'a, 's> Matching<'a, 's> {
    fn new(
        claim: &'a ClaimProfile,
        src: &'a IndexedSource<'s>,
        opts: &'a ClaimOptions,
    ) -> Matching<'a, 's> {
        let total: f64 = claim.words.iter().map(|w| w.weight).sum();
        let nw = claim.words.len();
        let rows = credit_rows(claim, src, opts.fuzzy_credit);
        let sentence_cov: Vec<f64> = (0..rows.sentences.len())
            .map(|r| {
                coverage(
                    rows.credits.get(r * nw..(r + 1) * nw).unwrap_or(&[]),
                    claim,
                    total,
                )
            })
            .collect();
        Matching {
            claim,
            src,
            opts,
            rows,
            nw,
            n: src.sentences.len(),
            total,
            sentence_cov,
        }
    }

    /// The claim's credits in sentence `s`, when it has any.
    fn row_of(&self, s: usize) -> Option<&[f64]> {
        let nw = self.nw;
        self.rows
            .sentences
            .binary_search(&s)
            .ok()
            .and_then(|r| self.rows.credits.get(r * nw..(r + 1) * nw))
    }

    /// The credits of sentence `s` of window `best` joined with those of the window's
    /// sentence before it, when `s` opens with a subject pronoun (`he`, `it`, `she`,
    /// `they`): the pronoun stands for what that sentence names. `None` otherwise.
    fn with_antecedent(&self, s: usize, best: Window) -> Option<Vec<f64>> {
        if s == 0 || s <= best.0 {
            return None;
        }
        let (_, ts) = self.src.sentence_with_terms(s)?;
        if !ts
            .first()
            .is_some_and(|t| super::roles::SUBJECT_PRONOUNS.contains(&t.key.as_str()))
        {
            return None;
        }
        let (own, before) = (self.row_of(s)?, self.row_of(s - 1)?);
        Some(own.iter().zip(before).map(|(a, b)| a.max(*b)).collect())
    }

    /// The coverage of the claim by sentence `s` alone.
    fn cov_of(&self, s: usize) -> f64 {
        self.rows
            .sentences
            .binary_search(&s)
            .ok()
            .and_then(|r| self.sentence_cov.get(r).copied())
            .unwrap_or(0.0)
    }

    /// How many of the claim's quantities sentences `a..=b` state: among windows that
    /// cover the claim alike, the one that states its numbers is its evidence (`had 2
    /// million visitors` against three sentences alike but for their figures).
    fn quantities_held(&self, a: usize, b: usize) -> usize {
        let (claim, src) = (self.claim, self.src);
        if claim.quantities.is_empty() {
            return 0;
        }
        let (Some(&(start, _)), Some(&(_, end))) = (src.sentences.get(a), src.sentences.get(b))
        else {
            return 0;
        };
        let from = src.quantities.partition_point(|q| q.start < start);
        let inside = src.quantities.get(from..).unwrap_or(&[]);
        let to = inside.partition_point(|q| q.start < end);
        let inside = inside.get(..to).unwrap_or(&[]);
        claim
            .quantities
            .iter()
            .filter(|c| inside.iter().any(|q| c.matches(q)))
            .count()
    }

    /// The window of at most `windowSentences` sentences that covers the claim most.
    /// Windows are tried in order of their first sentence, then their last; a window that
    /// starts on a sentence with no credit covers what the narrower one after it covers,
    /// which wins the tie, so only windows starting on a sentence with credit are tried
    /// (when none has any, the first sentence is the window, with coverage 0).
    fn best_window(&self) -> Window {
        let (n, nw, rows) = (self.n, self.nw, &self.rows);
        let width = self.opts.window_sentences.max(1);
        let mut best = if n > 0 {
            (0usize, 0usize, 0.0f64)
        } else {
            (0, 0, -1.0)
        };
        if !rows.sentences.is_empty() {
            best = (0, 0, -1.0);
        }
        let mut best_held = 0usize;
        let mut acc: Vec<f64> = vec![0.0; nw];
        for (r, &a) in rows.sentences.iter().enumerate() {
            acc.iter_mut().for_each(|x| *x = 0.0);
            let mut next = r;
            for b in a..n.min(a + width) {
                if rows.sentences.get(next) == Some(&b) {
                    if let Some(row) = rows.credits.get(next * nw..(next + 1) * nw) {
                        for (x, c) in acc.iter_mut().zip(row) {
                            *x = larger(*x, *c);
                        }
                    }
                    next += 1;
                }
                let cov = coverage(&acc, self.claim, self.total);
                // A wider window must add something to be preferred; on a tie the
                // narrower window wins.
                let narrower = b - a < best.1.saturating_sub(best.0);
                let better = cov > best.2 + 1e-9;
                let tied = !better && cov >= best.2 - 1e-9;
                if better || tied {
                    let held = self.quantities_held(a, b);
                    if better || held > best_held || (held == best_held && narrower) {
                        best = (a, b, cov);
                        best_held = held;
                    }
                }
            }
        }
        best
    }

    /// Each claim word's best credit in the window.
    fn window_credits(&self, best: Window) -> Vec<f64> {
        (0..self.nw)
            .map(|i| {
                (best.0..=best.1)
                    .filter_map(|s| self.row_of(s).and_then(|r| r.get(i)))
                    .copied()
                    .fold(0.0, larger)
            })
            .collect()
    }

    /// The coverage of the claim by `credits`, the words `extra` picks counted as matched
    /// (the disputed word of a polarity rule).
    fn covered_with(&self, credits: &[f64], extra: &dyn Fn(&ClaimWord) -> bool) -> f64 {
        let c: Vec<f64> = self
            .claim
            .words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                if extra(w) {
                    1.0
                } else {
                    credits.get(i).copied().unwrap_or(0.0)
                }
            })
            .collect();
        coverage(&c, self.claim, self.total)
    }

    /// `credits` cover the claim enough, its antonym word `word` counted as matched, for
    /// that word to dispute them.
    fn disputes(&self, word: &str, credits: &[f64]) -> bool {
        let key = stem(&word.to_lowercase());
        self.covered_with(credits, &|w: &ClaimWord| w.key == key) >= self.opts.negation_min_coverage
    }

    /// The claim's side of an antonym pair whose other side `poles` hold and whose own
    /// side they do not, when it disputes `credits`: (the claim's word, the evidence's
    /// word).
    fn antonym_in(
        &self,
        poles: &[(Pole, (usize, usize))],
        credits: &[f64],
    ) -> Option<(String, String)> {
        let claim = self.claim;
        let evidence: Vec<Pole> = poles.iter().map(|(p, _)| *p).collect();
        let (ci, ei) = opposed(&claim.pole_kinds(), &evidence)?;
        let claim_word = claim.poles.get(ci).map(|(_, w)| w.as_str()).unwrap_or("");
        if !self.disputes(claim_word, credits) {
            return None;
        }
        let evidence_word = poles
            .get(ei)
            .and_then(|(_, (a, b))| self.src.source.content.get(*a..*b))
            .unwrap_or("");
        Some((claim_word.to_string(), evidence_word.to_string()))
    }

    /// Polarity (a source with sentences): the single sentence of the window that covers
    /// the claim best, then the window as a whole, then phrase by phrase.
    fn polarity(&self, best: Window, window_credits: &[f64]) -> Polarity {
        let n = self.n;
        let mut pick = (best.0, -1.0);
        for s in best.0..=best.1.min(n - 1) {
            let c = self.cov_of(s);
            if c > pick.1 {
                pick = (s, c);
            }
        }
        let (mut negation_conflict, mut antonym) =
            self.sentence_polarity(pick.0, best, window_credits);
        // A sentence of the window that opens with a subject pronoun, read with the
        // sentence before it ([`Self::with_antecedent`]), where the two cover the claim
        // better than the best sentence alone: `The museum was built in 1900. It opened
        // to the public in 2010.` says of the museum what `The museum closed to the public
        // in 2010` opposes.
        if !negation_conflict && antonym.is_none() {
            for s in best.0 + 1..=best.1.min(n - 1) {
                let Some(joined) = self.with_antecedent(s, best) else {
                    continue;
                };
                if s == pick.0 || self.covered_with(&joined, &|_| false) <= pick.1 {
                    continue;
                }
                let (conflict, opposed) = self.sentence_polarity(s, best, window_credits);
                if conflict || opposed.is_some() {
                    (negation_conflict, antonym) = (conflict, opposed);
                    break;
                }
            }
        }
        // A sentence that negates it of another thing of the claim's kind: it writes a
        // content word the claim does not right before a claim word (`free` in `The free
        // plan does not include custom domains`) where another sentence of the window,
        // negating nothing, writes there a claim word it lacks and not that word (`paid`
        // in `Custom domains are available on all paid plans`), and covers as many of
        // the claim's words: the claim (`All paid plans include custom domains`) is that
        // sentence's, and the window disputes nothing by its negation (see
        // [`Self::of_another_thing`]).
        let of_another = negation_conflict
            && !self.claim.negated
            && best.1 > best.0
            && self
                .src
                .sentence_negated
                .get(pick.0)
                .copied()
                .unwrap_or(false)
            && self.of_another_thing(pick.0, best);
        if of_another {
            negation_conflict = false;
        }
        // Across a window of several sentences.
        if !negation_conflict && !of_another && antonym.is_none() && best.1 > best.0 {
            (negation_conflict, antonym) = self.window_polarity(best, window_credits);
        }
        // Phrase by phrase: a claim that uses both sides of a pair, or a window that
        // does, still disputes the window when one of its antonym words stands next to a
        // word that the window puts next to the other side only (`less popular` against
        // `less money … sports that are more popular`).
        // The sentences beside the window count: a claim that joins two sentences
        // (`Bees trained with sugar rewards forgot the faces` against `… were trained
        // with sugar rewards … The bees remembered the faces …`) may oppose the next
        // one's word beside the same neighbour.
        if !negation_conflict && antonym.is_none() && !self.claim.poles.is_empty() {
            let near = best.0.saturating_sub(1)..=(best.1 + 1).min(n - 1);
            antonym = phrase_antonym(self.claim, self.src, near)
                .filter(|(mine, _)| self.disputes(mine, window_credits));
        }
        // Two or more words of one pair in the claim and as many in the best sentence,
        // in another order of sides: `from the lowest frequency to the lowest` against
        // `from the highest frequency to the lowest`, `as a lower heart rate` against `as
        // the higher heart rate` beside `A lower heart rate`.
        if !negation_conflict && antonym.is_none() && self.claim.poles.len() >= 2 {
            antonym = pole_order(self.claim, self.src, pick.0)
                .filter(|(mine, _)| self.disputes(mine, window_credits));
        }
        // An antonym negated on one side only states the same thing (`impossible`
        // against `not possible`, `not lower` against `higher`).
        let antonym = antonym.filter(|(mine, theirs)| {
            let (mine, theirs) = (stem(&mine.to_lowercase()), stem(&theirs.to_lowercase()));
            let claim_negates = self
                .claim
                .negation_scopes
                .iter()
                .any(|k| same_word(k, &mine));
            let window_negates = (best.0..=best.1.min(n - 1)).any(|s| {
                self.src
                    .sentence_negation_scopes
                    .get(s)
                    .is_some_and(|sc| sc.iter().any(|k| same_word(k, &theirs)))
            });
            claim_negates == window_negates
        });
        // A relation word about another thing disputes nothing: `cool … after baking`
        // against `cool … before slicing`.
        let antonym = antonym.filter(|(mine, theirs)| {
            if !RELATIONS.iter().any(|r| mine.eq_ignore_ascii_case(r)) {
                return true;
            }
            let Some(x) = whole_word_ends(&self.claim.text, mine)
                .first()
                .and_then(|&e| self.claim.text.get(e..))
                .and_then(next_content_key)
            else {
                return true;
            };
            let window = self
                .src
                .sentences
                .get(best.0)
                .zip(self.src.sentences.get(best.1.min(n - 1)))
                .and_then(|(&(a, _), &(_, b))| self.src.source.content.get(a..b))
                .unwrap_or("");
            let ends = whole_word_ends(window, theirs);
            // Where the window's word ends its clause (`the year before.`), it relates
            // nothing: another construction than the claim's, which has an object.
            ends.is_empty()
                || ends
                    .iter()
                    .filter_map(|&e| window.get(e..).and_then(next_content_key))
                    .any(|y| related(&x, &y))
        });
        // An order word stated from the other end (`Macron visited Rome a week earlier`
        // against `Merkel met Macron …, a week after Macron visited Rome`): the claim's
        // words before its word stand after the window's, or those after it before.
        // The claim's word is then what the window states, and counts as covered.
        let mut restated = None;
        let antonym = antonym.filter(|(mine, theirs)| {
            let near = best.0.saturating_sub(1)..=(best.1 + 1).min(n - 1);
            let text = self
                .src
                .sentences
                .get(*near.start())
                .zip(self.src.sentences.get(*near.end()))
                .and_then(|(&(a, _), &(_, b))| self.src.source.content.get(a..b))
                .unwrap_or("");
            let other_end = converse(&self.claim.text, mine, text, theirs)
                || than_converse(&self.claim.text, mine, text, theirs);
            if other_end {
                restated = Some(stem(&mine.to_lowercase()));
            }
            !other_end
        });
        // A sentence that writes both sides in clauses of their own, one of which says
        // nothing but what the claim says, its word included, states the claim there:
        // `Most residents signed a petition against the new road` against `Few residents
        // supported the new road, and most signed a petition against it`, `The Senate is
        // the smaller body` against `The House is the larger body, the Senate the
        // smaller.` (A clause of the claim's word that names what the claim does not,
        // `The House is the larger body` for `The Senate is the larger body`, states
        // nothing of it, and a claim that writes its word twice is left to the rules
        // below.)
        let antonym = antonym.filter(|(mine, theirs)| {
            let claim_has = |k: &str| self.claim.words.iter().any(|w| same_word(&w.key, k));
            // A claim that writes its word twice (`less popular …, which is less crowded`)
            // may be disputed at either place: not read here.
            if whole_word_ends(&self.claim.text, mine).len() != 1 {
                return true;
            }
            !(best.0..=best.1.min(n - 1)).any(|s| {
                let Some((text, _)) = self.src.sentence_with_terms(s) else {
                    return false;
                };
                if whole_word_ends(text, theirs).is_empty() {
                    return false;
                }
                text.split([',', ';', ':']).any(|clause| {
                    !whole_word_ends(clause, mine).is_empty()
                        && whole_word_ends(clause, theirs).is_empty()
                        && terms(clause)
                            .iter()
                            .filter(|t| !t.stop && !t.numeric)
                            .all(|t| claim_has(&t.key))
                })
            })
        });
        // A claim's word that a sentence of the window (or one beside it) writes too,
        // before the same word as the claim's, without the other side, states what that
        // sentence states: `closed on Sundays` against `open from 9 am … on weekdays. It
        // is closed on Sundays …`. Each place the claim writes the word must be so (`less
        // money … less popular` against `less money … more popular` stays disputed), and
        // a sentence that writes both sides (`The House is the larger body, the Senate
        // the smaller`) confirms neither, nor does one that names what the claim does
        // not (`The House is the larger body.` against `The Senate is the larger body`).
        let antonym = antonym.filter(|(mine, theirs)| {
            let after: Vec<String> = whole_word_ends(&self.claim.text, mine)
                .iter()
                .filter_map(|&e| self.claim.text.get(e..).and_then(next_content_key))
                .collect();
            if after.is_empty() {
                return true;
            }
            let sentences: Vec<&str> = (best.0.saturating_sub(1)..=(best.1 + 1).min(n - 1))
                .filter_map(|s| self.src.sentence_with_terms(s))
                .filter(|(t, _)| whole_word_ends(t, theirs).is_empty())
                .filter(|(_, ts)| {
                    ts.iter().all(|w| {
                        !w.capitalised
                            || w.stop
                            || w.numeric
                            || self.claim.words.iter().any(|c| same_word(&c.key, &w.key))
                    })
                })
                .map(|(t, _)| t)
                .collect();
            !after.iter().all(|x| {
                sentences.iter().any(|t| {
                    whole_word_ends(t, mine)
                        .iter()
                        .filter_map(|&e| t.get(e..).and_then(next_content_key))
                        .any(|y| related(x, &y))
                })
            })
        });
        Polarity {
            negation_conflict,
            antonym,
            best_sentence: Some(pick.0),
            best_sentence_coverage: pick.1.max(0.0),
            restated,
        }
    }

    /// The best sentence `pick` against the claim: a negation on one side only, or an
    /// antonym.
    /// True when sentence `s` negates `k` but also states it plainly where the claim's
    /// other words stand ([`plainly_stated_too`]), for a claim that negates nothing: `The
    /// senator, who had not voted for the earlier version, voted for the bill` for `The
    /// senator voted for the bill`. A claim with a negation of its own is weighed against
    /// the sentence's as it is: `if a man is already married under the Marriage Act, he
    /// can't marry …`.
    fn plainly_stated(&self, s: usize, k: &str) -> bool {
        let claim = self.claim;
        claim.negation_scopes.is_empty()
            && self.src.sentence_with_terms(s).is_some_and(|(text, ts)| {
                let claims = |x: &str| claim.words.iter().any(|w| same_word(&w.key, x));
                plainly_stated_too(text, ts, k, &|x| !same_word(x, k) && claims(x))
                    || plain_clause_outweighs(text, ts, k, &claims)
            })
    }

    fn sentence_polarity(
        &self,
        pick: usize,
        best: Window,
        window_credits: &[f64],
    ) -> (bool, Option<(String, String)>) {
        let (claim, src) = (self.claim, self.src);
        // A negation counts when the word it governs is on the other side too (across
        // derivations: `not refundable` against `refunded`): `does not sell` against a
        // claim about selling, not `has no chance` against one about winning.
        let scopes = src
            .sentence_negation_scopes
            .get(pick)
            .map_or(&[][..], Vec::as_slice);
        let keys = src.sentence_ids.get(pick);
        let governed = |w: &ClaimWord| {
            scopes.iter().any(|k| same_word(&w.key, k))
                || claim.negation_scopes.iter().any(|k| same_word(&w.key, k))
        };
        // A permission the sentence denies (`not allowed`, `not eligible`) is what a claim
        // that says `can` or `may` without a negation asserts: `Children under 12 can use
        // the weight room` against `Children under 12 are not allowed in the weight room`.
        let permits = !claim.negated
            && claim.terms.iter().any(|t| {
                claim
                    .text
                    .get(t.start..t.end)
                    .is_some_and(|w| ["can", "may"].iter().any(|m| w.eq_ignore_ascii_case(m)))
            });
        // Not where the sentence turns after its negation (`not entitled to paid leave
        // but may take unpaid days`): the claim's `may` may be that turn's.
        let turns = || {
            src.sentence_with_terms(pick).is_some_and(|(text, ts)| {
                ts.iter()
                    .skip_while(|t| !t.negation)
                    .any(|t| is_turn(text, t))
            })
        };
        // Nor where the claim takes the other side of a pair the sentence uses (`after 6
        // pm` against `not permitted … before 6 pm`): the denial is of the other case.
        let other_case = || opposed(&claim.pole_kinds(), &src.poles_of(pick)).is_some();
        let denied_permission = |k: &str| {
            permits
                && PERMISSIONS.iter().any(|p| same_word(&stem(p), k))
                && !turns()
                && !other_case()
        };
        // Not a word the sentence also states plainly where the claim's other words stand
        // (see [`Self::plainly_stated`]).
        let sentence_negated = scopes.iter().any(|k| {
            (claim.words.iter().any(|w| same_word(&w.key, k)) || denied_permission(k))
                && !self.plainly_stated(pick, k)
        });
        let in_sentence =
            |k: &str| keys.is_some_and(|keys| keys.iter().any(|&s| same_word(k, src.key(s))));
        let claim_negates = |k: &str| claim.negation_scopes.iter().any(|x| same_word(k, x));
        // Against a sentence that negates nothing of the claim, not a word the claim also
        // states plainly where the sentence's words stand (`gift cards cannot be
        // refunded, and shipping fees are only refunded for damaged items` against
        // `Shipping fees are refunded only if the item arrived damaged`): that clause is
        // what the sentence states.
        let claim_plainly =
            |k: &str| plain_clause_outweighs(&claim.text, &claim.terms, k, &|x| in_sentence(x));
        // Nor, against such a sentence, a word within the reach of one of its negations:
        // the sentence negates it too, by the verb before it (`Not accidental damage`
        // against `It does not cover accidental damage`). Only where the sentence writes
        // it nowhere else: `no chance of winning the primary, they might win delegates`
        // states `win delegates` plainly.
        let reached = |k: &str| {
            src.sentence_with_terms(pick).is_some_and(|(text, ts)| {
                // The word a negation governs, or the one right after it (its object:
                // `not cover accidental damage`), not one joined to it (`without
                // metamorphosis and keeps its gills`).
                let inside: Vec<usize> = negation_reaches(text, ts)
                    .filter_map(|mut r| {
                        let first = r.next()?;
                        if same_word(&first.key, k) {
                            return Some(first.start);
                        }
                        let second = r.next().filter(|w| same_word(&w.key, k))?;
                        let gap = text.get(first.end..second.start)?;
                        let joined = gap.split_whitespace().any(|w| {
                            ["and", "or", "nor", "but"]
                                .iter()
                                .any(|c| w.eq_ignore_ascii_case(c))
                        });
                        (!joined).then_some(second.start)
                    })
                    .collect();
                !inside.is_empty()
                    && ts
                        .iter()
                        .filter(|w| !w.negation && same_word(&w.key, k))
                        .all(|w| inside.contains(&w.start))
            })
        };
        let claim_negated = claim
            .negation_scopes
            .iter()
            .any(|k| in_sentence(k) && (sentence_negated || (!claim_plainly(k) && !reached(k))));
        // Both sides negate, and every negation of the one is the other's, but the other
        // negates one more word that the one states plainly (`can not accommodate …
        // without burnout` against `can accommodate … without burnout`): that negation is
        // on its side only.
        let (sentence_negated, claim_negated) = if sentence_negated && claim_negated {
            let src_shared: Vec<&String> = scopes
                .iter()
                .filter(|k| claim.words.iter().any(|w| same_word(&w.key, k)))
                .collect();
            let claim_shared: Vec<&String> = claim
                .negation_scopes
                .iter()
                .filter(|k| in_sentence(k))
                .collect();
            let src_negates = |k: &str| scopes.iter().any(|x| same_word(k, x));
            let extra_in_claim = src_shared.iter().all(|k| claim_negates(k))
                && claim_shared.iter().any(|k| !src_negates(k));
            let extra_in_sentence = claim_shared.iter().all(|k| src_negates(k))
                && src_shared.iter().any(|k| !claim_negates(k));
            match (extra_in_claim, extra_in_sentence) {
                (true, false) => (false, true),
                (false, true) => (true, false),
                _ => (true, true),
            }
        } else {
            (sentence_negated, claim_negated)
        };
        // The sentence must state the rest of the claim: its coverage, the governed (or
        // opposed) word counted as matched, reaches `negation_min_coverage`. A sentence
        // that opens with a subject pronoun (`It opened to the public in 2010`) speaks of
        // what the window's sentence before it names (`The museum was built in 1900.`):
        // the words of the two count together.
        let joined = self.with_antecedent(pick, best);
        let row = joined
            .as_deref()
            .or_else(|| self.row_of(pick))
            .unwrap_or(&[]);
        // A claim that negates a word its evidence does not use at all (`is not sung
        // by` against `a song by`) still disputes a window that states the rest of it
        // and negates nothing. The window is judged whole (the claim is matched against
        // it): its coverage, not its best sentence's, must reach the threshold. A window
        // that negates in other words (`lack`, `fail`, `unable`) may state the claim's
        // negation: it disputes nothing.
        // The claim's antonym-table words with their keys (read only where a negation is
        // weighed against an opposite).
        let mine = std::cell::OnceCell::new();
        let mine = || {
            mine.get_or_init(|| -> Vec<(Pole, String)> {
                claim
                    .poles
                    .iter()
                    .map(|(p, w)| (*p, stem(&w.to_lowercase())))
                    .collect()
            })
        };
        // A word the claim negates whose opposite a sentence of `sents` writes: the claim
        // states what the sentence does (`is not open on Mondays` against `is closed on
        // Mondays`, `did not win` against `lost`).
        let claim_opposite_in = |mut sents: std::ops::RangeInclusive<usize>| {
            !claim.poles.is_empty()
                && sents
                    .any(|s| restated_by_opposite(mine(), &claim.negation_scopes, &src.poles_of(s)))
        };
        // A claim that negates by its subject (`Nobody`, `No one`, `None of …`, `Nothing`)
        // may join a sentence beside the window that negates, which states its negation
        // in other words (`Nobody was hurt in the fire on Kirkstall Road` against `… a fire
        // destroyed a warehouse on Kirkstall Road … No one was injured, …`). A `not` is
        // answered by the window alone: a neighbour's negation is about something else
        // (`They are not commonly observed in …` beside `… is not …`).
        let by_subject = negates_by_subject(&claim.text, &claim.terms);
        let beside = if by_subject {
            best.0.saturating_sub(1)..=(best.1 + 1).min(self.n.saturating_sub(1))
        } else {
            best.0..=best.1
        };
        // A negating subject is answered by any negated sentence of the source that shares
        // a content word with the claim (`Nobody was hurt in the robbery` against a
        // report of the robbery that ends `… no one was injured during the robbery`): a
        // summary gathers its `nobody` from wherever the report gives it.
        let answered_elsewhere = || {
            by_subject
                && (0..self.n).any(|s| {
                    src.sentence_negated.get(s).copied().unwrap_or(false)
                        && src.sentence_ids.get(s).is_some_and(|ids| {
                            ids.iter().any(|&id| {
                                claim.words.iter().any(|w| same_word(&w.key, src.key(id)))
                            })
                        })
                })
        };
        let unanswered_negation = !claim_negated
            && !sentence_negated
            && !claim.negation_scopes.is_empty()
            && !claim_opposite_in(best.0..=best.1)
            && !beside
                .clone()
                .any(|s| src.sentence_negated.get(s).copied().unwrap_or(true))
            && !beside.clone().any(|s| {
                src.sentence_negates_implicitly
                    .get(s)
                    .copied()
                    .unwrap_or(true)
                    || self.prefix_negates(s, &claim.negation_scopes)
            })
            && !answered_elsewhere();
        // The same beside negations both sides share: the window negates something, the
        // claim negates all of it too, and the claim also negates a word the window never
        // uses (`is not controversial because it severs … without a trial` against
        // `severs … without a trial`).
        let unanswered_negation = unanswered_negation || {
            let sents = best.0..=best.1;
            let window_negates = sents
                .clone()
                .any(|s| src.sentence_negated.get(s).copied().unwrap_or(true));
            let shared = || {
                sents.clone().all(|s| {
                    let negated = src.sentence_negated.get(s).copied().unwrap_or(true);
                    let scopes = src
                        .sentence_negation_scopes
                        .get(s)
                        .map_or(&[][..], Vec::as_slice);
                    !negated || (!scopes.is_empty() && scopes.iter().all(|k| claim_negates(k)))
                })
            };
            let used = |k: &str| {
                sents.clone().any(|s| {
                    src.sentence_ids
                        .get(s)
                        .is_some_and(|ids| ids.iter().any(|&id| same_word(k, src.key(id))))
                })
            };
            let window_negates_k = |k: &str| {
                sents.clone().any(|s| {
                    src.sentence_negation_scopes
                        .get(s)
                        .is_some_and(|sc| sc.iter().any(|x| same_word(k, x)))
                })
            };
            window_negates
                && shared()
                && claim
                    .negation_scopes
                    .iter()
                    .all(|k| !used(k) || window_negates_k(k))
                && claim.negation_scopes.iter().any(|k| !used(k))
                && !sents.clone().any(|s| {
                    src.sentence_negates_implicitly
                        .get(s)
                        .copied()
                        .unwrap_or(true)
                        || self.prefix_negates(s, &claim.negation_scopes)
                })
        };
        // A claim that negates (`don't pay for shipping`) against a sentence that negates
        // the same words in other words (`get free shipping`) may state the same thing.
        let negated_otherwise = (claim_negated
            && !sentence_negated
            && (self.negates_otherwise(pick) || self.prefix_negates(pick, &claim.negation_scopes)))
            || (sentence_negated
                && !claim_negated
                && (self.claim_negates_otherwise(scopes, pick)
                    // The claim writes the negative form and not the word itself (`is
                    // indexed … non-indexed sites` answers nothing).
                    || scopes
                        .iter()
                        .any(|k| negated_by_form(k, claim.words.iter().map(|w| w.key.as_str())))));
        // The claim puts the words the sentence negates in what has not happened yet
        // (`Unions will be consulted before any final decision` against `No final
        // decision has been made`): it states no more than the sentence.
        let negated_otherwise =
            negated_otherwise || (sentence_negated && !claim_negated && not_yet(claim, scopes));
        // `Only folding bicycles are allowed` states what `Bicycles are not allowed,
        // except folding bicycles` does (and the other way round).
        let negated_otherwise = negated_otherwise
            || (sentence_negated != claim_negated && {
                let (sentence, st) = src.sentence_with_terms(pick).unwrap_or(("", &[]));
                if sentence_negated {
                    only_as_excepted(&claim.text, &claim.terms, sentence, st)
                } else {
                    only_as_excepted(sentence, st, &claim.text, &claim.terms)
                }
            });
        // A negated word whose opposite the other side writes states the same thing (`is
        // not open on Mondays` against `is closed on Mondays`, `did not win` against
        // `lost`).
        let opposite_restates = sentence_negated != claim_negated && {
            let key_of = |w: &str| stem(&w.to_lowercase());
            let theirs: Vec<(Pole, String)> = src
                .sentence_poles
                .get(pick)
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .filter_map(|(p, (a, b))| Some((*p, key_of(src.source.content.get(*a..*b)?))))
                .collect();
            let poles =
                |xs: &[(Pole, String)]| -> Vec<Pole> { xs.iter().map(|(p, _)| *p).collect() };
            if claim_negated {
                restated_by_opposite(mine(), &claim.negation_scopes, &poles(&theirs))
            } else {
                restated_by_opposite(&theirs, scopes, &poles(mine()))
            }
        };
        // `No other river carries as much water as the Amazon` states what `The Amazon
        // carries more water than any other river` does (and the other way round).
        let opposite_restates = opposite_restates
            || (sentence_negated != claim_negated && {
                let (sentence, _) = src.sentence_with_terms(pick).unwrap_or(("", &[]));
                if claim_negated {
                    superlative_by_negation(&claim.text, sentence)
                } else {
                    superlative_by_negation(sentence, &claim.text)
                }
            });
        let negated_otherwise = negated_otherwise || opposite_restates;
        let min = self.opts.negation_min_coverage;
        let negation_conflict = (sentence_negated != claim_negated
            && !negated_otherwise
            && self.covered_with(row, &governed) >= min)
            || (unanswered_negation && self.covered_with(window_credits, &governed) >= min)
            || (!sentence_negated
                && !claim_negated
                && self
                    .negated_slot(pick, window_credits)
                    .is_some_and(|u| self.covered_with(row, &|w| w.key == u) >= min));
        // The claim repeats the sentence word for word around a negation that one of
        // them has and the other has not, however little content the negation governs
        // (`information that is your own` against `… that is not your own`).
        let negation_conflict = negation_conflict
            || ((claim.negated || src.sentence_negated.get(pick).copied().unwrap_or(false))
                && self.covered_with(row, &|_| false) >= min
                && {
                    let (sentence, st) = src.sentence_with_terms(pick).unwrap_or(("", &[]));
                    // Not where the claim's `only` is the sentence's exception to its
                    // negation (`Only folding bicycles are allowed` against `Bicycles are
                    // not allowed, except folding bicycles`), or the other way round.
                    negation_dropped(&claim.text, &claim.terms, sentence, st)
                        && !opposite_restates
                        && !only_as_excepted(&claim.text, &claim.terms, sentence, st)
                        && !only_as_excepted(sentence, st, &claim.text, &claim.terms)
                });
        if negation_conflict {
            return (true, None);
        }
        let sentence_poles = src.sentence_poles.get(pick).map_or(&[][..], Vec::as_slice);
        (false, self.antonym_in(sentence_poles, row))
    }

    /// Sentence `s` of window `best` writes a content word the claim does not use right
    /// before a word of the claim (`free plan`), and another sentence of the window that
    /// negates nothing writes, right before that word, a claim word that `s` lacks
    /// (`paid plans`), not the other, and as many of the claim's words as `s`.
    fn of_another_thing(&self, s: usize, best: Window) -> bool {
        let (claim, src) = (self.claim, self.src);
        let ids = |i: usize| src.sentence_ids.get(i).map_or(&[][..], Vec::as_slice);
        let in_claim = |k: &str| claim.words.iter().any(|w| related(&w.key, k));
        let has = |i: usize, k: &str| ids(i).iter().any(|&id| related(k, src.key(id)));
        let covered = |i: usize| claim.words.iter().filter(|w| has(i, &w.key)).count();
        let own: Vec<&str> = ids(s)
            .iter()
            .map(|&id| src.key(id))
            .filter(|k| !in_claim(k) && !k.bytes().any(|b| b.is_ascii_digit()))
            .collect();
        if own.is_empty() {
            return false;
        }
        // Each content word of sentence `i` with the content word after it.
        let pairs = |i: usize| -> Vec<(String, String)> {
            let Some((_, ts)) = src.sentence_with_terms(i) else {
                return Vec::new();
            };
            let content: Vec<&Term> = ts.iter().filter(|t| is_content(t)).collect();
            content
                .windows(2)
                .filter_map(|w| Some((w.first()?.key.clone(), w.get(1)?.key.clone())))
                .collect()
        };
        // The claim words that `s` writes after a word of its own.
        let slots: Vec<(String, String)> = pairs(s)
            .into_iter()
            .filter(|(a, b)| own.iter().any(|k| related(k, a)) && in_claim(b))
            .collect();
        if slots.is_empty() {
            return false;
        }
        let mine = covered(s);
        (best.0..=best.1).any(|o| {
            o != s
                && !src.sentence_negated.get(o).copied().unwrap_or(true)
                && pairs(o).iter().any(|(a, b)| {
                    in_claim(a)
                        && !has(s, a)
                        && slots.iter().any(|(k, c)| related(c, b) && !has(o, k))
                })
                && covered(o) >= mine
        })
    }

    /// The claim's word that sentence `s` negates another word in place of: a content
    /// word of the claim that no sentence of the window states (`window_credits`), between
    /// two content words of the claim that the sentence writes in the same order within
    /// six words, where the sentence negates a word the claim does not use, between those
    /// two or just before the first over function words only, in the same clause (`The
    /// study found no link between coffee and the risk of diabetes` against `… coffee
    /// reduces the risk of diabetes`, `The drug has not been tested in children` against
    /// `The drug is safe for children`; not `The company did not pay dividends but
    /// reported profits` against `… reported record profits`, nor `The museum, which has
    /// no cafe, displays paintings` against `… displays famous paintings`). Only for a
    /// claim that negates nothing, and never for a claim word that says `not` itself
    /// ([`RESTATES_NEGATION`]: `free` against `not charged`), nor where the claim states
    /// a number the sentence does not (it says its words of another thing: `Version 4.0
    /// requires at least Node 18` against `Version 4.0 removed support for Node 16`).
    fn negated_slot(&self, s: usize, window_credits: &[f64]) -> Option<String> {
        let (claim, src) = (self.claim, self.src);
        if !claim.negation_scopes.is_empty() || self.quantities_held(s, s) < claim.quantities.len()
        {
            return None;
        }
        let scopes = src.sentence_negation_scopes.get(s)?;
        if scopes.is_empty() {
            return None;
        }
        let (sentence, st) = src.sentence_with_terms(s)?;
        let content = |t: &Term| !t.stop && !t.numeric && !t.negation && !t.key.is_empty();
        let at = |k: &str| st.iter().position(|t| content(t) && same_word(&t.key, k));
        let word = |k: &str| claim.words.iter().position(|w| w.key == k);
        let stated = |i: usize| window_credits.get(i).is_some_and(|&c| c > 0.0);
        let ct = &claim.terms;
        for (u, t) in ct.iter().enumerate() {
            // A word that says `not` itself (`free`, `lacks`) may state the negation.
            if !content(t)
                || word(&t.key).is_none_or(stated)
                || RESTATES_NEGATION.binary_search(&t.key.as_str()).is_ok()
            {
                continue;
            }
            let before = ct.get(..u)?.iter().rev().find(|x| content(x));
            let after = ct.get(u + 1..)?.iter().find(|x| content(x));
            let (Some(p), Some(q)) = (
                before.and_then(|x| at(&x.key)),
                after.and_then(|x| at(&x.key)),
            ) else {
                continue;
            };
            // The two words stand close together in the sentence, as in the claim: a
            // phrase of the sentence, not two of its clauses.
            if p >= q || q - p > 6 {
                continue;
            }
            let negated_here = st.iter().enumerate().any(|(j, x)| {
                content(x)
                    && scopes.iter().any(|k| same_word(&x.key, k))
                    && !claim.words.iter().any(|w| related(&w.key, &x.key))
                    && ((j > p && j < q)
                        || (j < p
                            && st
                                .get(j + 1..p)
                                .is_some_and(|between| between.iter().all(|y| y.stop))
                            && sentence
                                .get(x.end..st.get(p).map_or(x.end, |y| y.start))
                                .is_some_and(|gap| !gap.contains([',', ';', ':', '(', ')']))))
            });
            if negated_here {
                return Some(t.key.clone());
            }
        }
        None
    }

    /// True when the claim says `not` in other words of what sentence `s` negates (the
    /// other side of [`Self::negates_otherwise`]): a word of [`RESTATES_NEGATION`] that
    /// the sentence does not use stands within three words of a claim word the
    /// sentence's negations govern (`scopes`): `avoid taking it` against `do not take
    /// it`, `unable to get a refund` against `refunds are not given`.
    fn claim_negates_otherwise(&self, scopes: &[String], s: usize) -> bool {
        const NEAR: usize = 3;
        let (claim, src) = (self.claim, self.src);
        let ts = &claim.terms;
        let in_sentence = |k: &str| {
            src.sentence_ids
                .get(s)
                .is_some_and(|ids| ids.iter().any(|&id| related(k, src.key(id))))
        };
        ts.iter().enumerate().any(|(i, t)| {
            RESTATES_NEGATION.binary_search(&t.key.as_str()).is_ok()
                && !in_sentence(&t.key)
                && ts
                    .get(i.saturating_sub(NEAR)..(i + NEAR + 1).min(ts.len()))
                    .unwrap_or(&[])
                    .iter()
                    .any(|u| scopes.iter().any(|k| same_word(&u.key, k)))
        }) || {
            // Every word the sentence negates that the claim writes, the claim negates too,
            // one of them as the object of a negated verb (`does not undergo
            // metamorphosis` against `… without metamorphosis`; not `runs on Sundays but
            // cannot carry cars` against `does not run on Sundays and cannot carry cars`).
            let written: Vec<(bool, bool)> = scopes
                .iter()
                .filter(|k| claim.words.iter().any(|w| same_word(&w.key, k)))
                .map(|k| {
                    (
                        self.negated_object(k, &in_sentence),
                        claim.negation_scopes.iter().any(|c| same_word(c, k)),
                    )
                })
                .collect();
            written.iter().any(|&(object, _)| object)
                && written.iter().all(|&(object, direct)| object || direct)
        }
    }

    /// True when the claim negates `k` as the object of a negated verb that the evidence
    /// does not use (`in_evidence`): a negation, then within its next two content words
    /// `k`, the one between (if any) not in the evidence (`does not undergo
    /// metamorphosis` against `reaches adulthood without metamorphosis`: the claim's
    /// negation reaches the object over a verb the sentence words otherwise).
    fn negated_object(&self, k: &str, in_evidence: &dyn Fn(&str) -> bool) -> bool {
        const NEAR: usize = 3;
        let ts = &self.claim.terms;
        ts.iter().enumerate().any(|(i, t)| {
            let content: Vec<&Term> = ts
                .get(i + 1..(i + NEAR + 1).min(ts.len()))
                .unwrap_or(&[])
                .iter()
                .filter(|u| !u.stop)
                .take(2)
                .collect();
            t.negation
                && match content.as_slice() {
                    [first, ..] if same_word(&first.key, k) => true,
                    [verb, object] => same_word(&object.key, k) && !in_evidence(&verb.key),
                    _ => false,
                }
        })
    }

    /// True when sentence `s` writes the negative form of a word the claim negates
    /// (`unhurt` for `not hurt`, `unavailable` for `not available`; see
    /// [`negative_form`]).
    fn prefix_negates(&self, s: usize, negated: &[String]) -> bool {
        let Some(ids) = self.src.sentence_ids.get(s) else {
            return false;
        };
        negated
            .iter()
            .any(|k| negated_by_form(k, ids.iter().map(|&id| self.src.key(id))))
    }

    /// True when sentence `s` negates what the claim negates in other words: a word that
    /// says `not` of the word beside it ([`RESTATES_NEGATION`]: `free`, `lacks`,
    /// `unable`), which the claim does not use, stands within three words of a word of
    /// the claim's negated phrase ([`negated_phrases`]: `get free shipping` against
    /// `don't pay for shipping`, `lack of understanding` against `don't understand`; not
    /// `not free` against `free`, nor `was not used` against `was used … that were
    /// unable to refinance`).
    fn negates_otherwise(&self, s: usize) -> bool {
        const NEAR: usize = 3;
        let (claim, src) = (self.claim, self.src);
        if claim.negation_scopes.is_empty() {
            return false;
        }
        let negated = |id: u32| {
            let k = src.key(id);
            claim.negated_phrase.iter().any(|c| related(c, k))
        };
        src.sentence_ids.get(s).is_some_and(|ids| {
            ids.iter().any(|&id| {
                let k = src.key(id);
                RESTATES_NEGATION.binary_search(&k).is_ok()
                    && !claim.words.iter().any(|w| related(&w.key, k))
                    && src.token_positions.get(id).iter().any(|&at| {
                        let at = at as usize;
                        // An infinitive after the word reaches as far as its verb
                        // (`lack the enzyme needed to digest`): the `to` within five
                        // words after it stretches the reach to the word after the `to`.
                        let to = (at + 1..(at + 6).min(src.token_ids.len()))
                            .find(|&k| src.token_ids.get(k).is_some_and(|&t| src.key(t) == "to"));
                        let end = to.map_or(at + NEAR + 1, |k| (k + 2).max(at + NEAR + 1));
                        let near = at.saturating_sub(NEAR)..end.min(src.token_ids.len());
                        src.token_ids
                            .get(near)
                            .unwrap_or(&[])
                            .iter()
                            .any(|&t| negated(t))
                    })
            })
        })
    }

    /// Across a window of several sentences: the claim's polarity stated in the window
    /// only the other way (`which are not bases` against `... potash. They're bases, so
    /// ...`), when the window covers the claim (the disputed word counted as matched) as
    /// much as the sentence rule asks. A word the window states both ways disputes
    /// nothing.
    fn window_polarity(
        &self,
        best: Window,
        window_credits: &[f64],
    ) -> (bool, Option<(String, String)>) {
        let (claim, src) = (self.claim, self.src);
        let sents = best.0..=best.1.min(self.n - 1);
        let uses = |s: usize, k: &str| {
            src.sentence_ids
                .get(s)
                .is_some_and(|ids| ids.iter().any(|&id| related(k, src.key(id))))
        };
        let negates = |s: usize, k: &str| {
            src.sentence_negation_scopes.get(s).is_some_and(|sc| {
                sc.iter()
                    .any(|x| related(k, x) && !self.plainly_stated(s, x))
            })
        };
        let claim_negates = |k: &str| claim.negation_scopes.iter().any(|x| related(k, x));
        // The claim negates a word the window uses and never negates, nor negates in
        // other words ([`Self::negates_otherwise`]).
        let negated_in_claim_only = !sents
            .clone()
            .any(|s| self.negates_otherwise(s) || self.prefix_negates(s, &claim.negation_scopes))
            && claim.negation_scopes.iter().any(|k| {
                sents.clone().any(|s| uses(s, k)) && !sents.clone().any(|s| negates(s, k))
            });
        // The window negates a word the claim asserts, and never states it plainly.
        let in_window = |k: &str| sents.clone().any(|s| uses(s, k));
        // Not where the claim says `not` in other words (`failed to stop` against `did
        // not stop`: [`Self::claim_negates_otherwise`]), as for the best sentence alone.
        let says_otherwise = |s: usize| {
            src.sentence_negation_scopes
                .get(s)
                .is_some_and(|sc| self.claim_negates_otherwise(sc, s))
        };
        let negated_in_window_only = claim.words.iter().any(|w| {
            !claim_negates(&w.key)
                && sents
                    .clone()
                    .any(|s| negates(s, &w.key) && !says_otherwise(s))
                && !sents
                    .clone()
                    .any(|s| uses(s, &w.key) && !negates(s, &w.key))
                && !self.negated_object(&w.key, &in_window)
        });
        // One sentence of the window negates, next to another word, a claim that negates
        // in that sentence's words: the two place one negation differently (`won no
        // Academy Awards` against `… Academy Award nominations but won none`), as the
        // best sentence alone is read ([`Self::sentence_polarity`]).
        let negated_alike = sents.clone().any(|s| {
            claim.negation_scopes.iter().any(|k| uses(s, k))
                && claim.words.iter().any(|w| negates(s, &w.key))
        });
        // The window writes a word of the claim plainly in one sentence and negated in
        // another, and more of the claim's words follow the negated one (`Yes, the
        // warranty covers accidental damage for two years` against `The warranty covers
        // manufacturing defects for two years … It does not cover accidental damage or
        // normal wear.`): the negation is where the claim's words are.
        let outweighed_in_window = || {
            // Most windows negate nothing: ruled out before any word is read.
            if !sents
                .clone()
                .any(|s| src.sentence_negated.get(s).copied().unwrap_or(false))
            {
                return false;
            }
            // Each sentence with where the words its negations govern start (the first
            // content word each reaches).
            let read: Vec<(&str, &[Term], Vec<usize>)> = sents
                .clone()
                .filter_map(|s| src.sentence_with_terms(s))
                .map(|(text, ts)| {
                    let governed = negation_reaches(text, ts)
                        .filter_map(|mut r| r.next().map(|t| t.start))
                        .collect();
                    (text, ts, governed)
                })
                .collect();
            claim.words.iter().any(|w| {
                let k = w.key.as_str();
                let Some(object) = word_after(&claim.text, &claim.terms, k) else {
                    return false;
                };
                let (mut plain, mut denied) = (false, false);
                for (text, ts, reached) in &read {
                    for (j, t) in ts.iter().enumerate() {
                        if t.negation || !same_word(&t.key, k) {
                            continue;
                        }
                        let next = next_content(text, ts, j);
                        if next.is_some_and(|n| same_word(n, &object)) {
                            if reached.contains(&t.start) {
                                denied = true;
                            } else {
                                plain = true;
                            }
                        }
                    }
                }
                denied
                    && !plain
                    && !claim_negates(k)
                    && !sents.clone().any(says_otherwise)
                    && !self.negated_object(k, &in_window)
            })
        };
        let negation_conflict = (negated_in_claim_only
            || negated_in_window_only
            || (claim.negation_scopes.is_empty() && outweighed_in_window()))
            && !negated_alike
            && self.covered_with(window_credits, &|_| false) >= self.opts.negation_min_coverage;
        if negation_conflict {
            return (true, None);
        }
        // Only a sentence that writes some other word of the claim can state the
        // opposite of what it says (`because carmakers bought less` is not disputed by
        // `Berg blamed high energy prices` in the next sentence).
        // Nor a sentence about someone else ([`about_another`]).
        // A name the two share is enough only for a person's answer to an accusation
        // (`Dean Ross denies taking watches …` against `… Ross admitted handling stolen
        // goods`): `Federer won the title in 2009` disputes nothing of `Federer lost the
        // 2008 final to Nadal`, whose words the window's other sentence gives.
        let answers = |s: usize| {
            src.sentence_poles.get(s).is_some_and(|v| {
                v.iter()
                    .any(|(_, (a, b))| src.source.content.get(*a..*b).is_some_and(is_answer_word))
            })
        };
        let speaks_of = |s: usize| {
            claim.words.iter().any(|w| {
                uses(s, &w.key)
                    && !claim.poles.iter().any(|(_, p)| related(&w.key, p))
                    && (!w.name || answers(s))
            }) && !about_another(claim, src, s)
        };
        let window_poles: Vec<(Pole, (usize, usize))> = sents
            .clone()
            .filter(|&s| speaks_of(s))
            .filter_map(|s| src.sentence_poles.get(s))
            .flat_map(|v| v.iter().copied())
            .collect();
        (false, self.antonym_in(&window_poles, window_credits))
    }

    /// The share of the claim's bigrams that a sentence of the window holds.
    fn window_phrases(&self, best: Window) -> f64 {
        let (claim, src) = (self.claim, self.src);
        if claim.bigrams.is_empty() || self.n == 0 {
            return 0.0;
        }
        let hits = claim
            .bigrams
            .iter()
            .filter(|&&(a, b)| {
                let key = |i: u32| claim.terms.get(i as usize).map(|t| t.key.as_str());
                let (Some(a), Some(b)) = (
                    key(a).and_then(|k| src.id(k)),
                    key(b).and_then(|k| src.id(k)),
                ) else {
                    return false;
                };
                (best.0..=best.1).any(|s| {
                    src.sentence_bigrams
                        .get(s)
                        .is_some_and(|set| set.binary_search(&(a, b)).is_ok())
                })
            })
            .count();
        hits as f64 / claim.bigrams.len() as f64
    }
}

/// A word the two sides align on, for [`negation_dropped`]: its key, whether it is a
/// function word, and whether a negation follows it (`is` in `is not`, `isn't`).
struct Aligned<'t> {
    key: &'t str,
    stop: bool,
    negated: bool,
}

/// The terms `ts` of `text` with `not`, `no` and `never` as marks on the word before
/// them, and `cannot` and the contracted forms (`isn't`, keyed as `is`) as their verb so
/// marked; other negation words (`without`, `none`) stay words, which align with nothing
/// but themselves.
fn aligned<'t>(text: &str, ts: &'t [Term]) -> Vec<Aligned<'t>> {
    let mut out: Vec<Aligned<'t>> = Vec::with_capacity(ts.len());
    for t in ts {
        let written = text.get(t.start..t.end).unwrap_or("");
        let contracted = written.ends_with("n't") || written.ends_with("n\u{2019}t");
        match (t.negation, t.key.as_str()) {
            (true, "not" | "no" | "never") => match out.last_mut() {
                Some(last) => last.negated = true,
                // A negation that opens the text marks no word: it aligns with nothing.
                None => out.push(Aligned {
                    key: "not",
                    stop: true,
                    negated: true,
                }),
            },
            (true, "cannot" | "ca") => out.push(Aligned {
                key: "can",
                stop: true,
                negated: true,
            }),
            (true, "wo") if contracted => {
                out.push(Aligned {
                    key: "will",
                    stop: true,
                    negated: true,
                });
            }
            (true, k) if contracted => out.push(Aligned {
                key: k,
                stop: t.stop,
                negated: true,
            }),
            (_, k) => out.push(Aligned {
                key: k,
                stop: t.stop,
                negated: false,
            }),
        }
    }
    out
}

/// Keys ([`stem`]) of the words after a negation that make it about degree or scope
/// rather than the statement (`not only`, `not just`, `not necessarily`, `not all`):
/// dropping such a negation is not stating the opposite. The keys of the written words of
/// `tests::DEGREE_WORDS`, so that a lookup compares keys without stemming (a unit test
/// checks).
const DEGREE_AFTER_NEGATION: &[&str] = &[
    "all",
    "alon",
    "alway",
    "complet",
    "entir",
    "every",
    "exact",
    "ful",
    "just",
    "least",
    "mer",
    "much",
    "necessari",
    "only",
    "quit",
    "real",
    "simp",
    "too",
    "very",
];

/// One of the two texts (`a`, `b`, with their terms) negates a statement that the other
/// writes word for word without the negation: a word followed by a negation, with at
/// least one word before it (itself included) and one after the negation that the other
/// writes in the same order around the same place without one, four words in all, at
/// least one of them a content word (`information that is not your own` against
/// `information that is your own`). A negation about degree
/// ([`DEGREE_AFTER_NEGATION`]) drops nothing.
fn negation_dropped(a_text: &str, a: &[Term], b_text: &str, b: &[Term]) -> bool {
    if !a.iter().chain(b).any(|t| t.negation) {
        return false;
    }
    let (a, b) = (aligned(a_text, a), aligned(b_text, b));
    drops_negation(&a, &b) || drops_negation(&b, &a)
}

/// [`negation_dropped`] one way: `a` has the negation, `b` writes the words without it.
fn drops_negation(a: &[Aligned<'_>], b: &[Aligned<'_>]) -> bool {
    for (i, x) in a.iter().enumerate() {
        if !x.negated {
            continue;
        }
        let Some(next) = a.get(i + 1) else {
            continue;
        };
        if DEGREE_AFTER_NEGATION.contains(&next.key) {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            if y.key != x.key || y.negated {
                continue;
            }
            let (before, after, content) = shared_around(a, i, b, j);
            if !(before >= 1 && after >= 1 && before + after >= 4 && content) {
                continue;
            }
            // Not where `a` also writes the word plainly, and that occurrence repeats `b`
            // around it as far (`Photography is not permitted in the east wing, although
            // it is permitted in the sculpture garden` against `… not permitted in the
            // east wing, but it is permitted in the sculpture garden`): `b`'s word is
            // that one, not the negated one with its negation dropped.
            let restated = || {
                a.iter().enumerate().any(|(k, w)| {
                    k != i && w.key == x.key && !w.negated && {
                        let (b2, a2, _) = shared_around(a, k, b, j);
                        b2 + a2 >= before + after
                    }
                })
            };
            // Nor where `b` writes the word negated too, with as much of `a` around it:
            // the negation is there.
            let kept = || {
                b.iter().enumerate().any(|(m, z)| {
                    m != j
                        && z.key == x.key
                        && z.negated
                        && same_around(a, i, b, m) >= before + after
                })
            };
            if !restated() && !kept() {
                return true;
            }
        }
    }
    false
}

/// How many words `a` and `b` share around `a[i]` and `b[j]`, at most six each way, the
/// two included, whatever negates them.
fn same_around(a: &[Aligned<'_>], i: usize, b: &[Aligned<'_>], j: usize) -> usize {
    let back = (0..6)
        .take_while(|&n| match (i.checked_sub(n), j.checked_sub(n)) {
            (Some(x), Some(y)) => a.get(x).zip(b.get(y)).is_some_and(|(p, q)| p.key == q.key),
            _ => false,
        })
        .count();
    let ahead = (1..=6)
        .take_while(|&n| {
            a.get(i + n)
                .zip(b.get(j + n))
                .is_some_and(|(p, q)| p.key == q.key)
        })
        .count();
    back + ahead
}

/// How many words `a` and `b` share around `a[i]` and `b[j]`, backwards from them (the
/// two included) and forwards after them, at most six each way, and whether one of those
/// is a content word ([`drops_negation`]).
fn shared_around(a: &[Aligned<'_>], i: usize, b: &[Aligned<'_>], j: usize) -> (usize, usize, bool) {
    let mut before = 0;
    let mut content = false;
    while before < 6 {
        let (Some(ia), Some(jb)) = (i.checked_sub(before), j.checked_sub(before)) else {
            break;
        };
        let (Some(p), Some(q)) = (a.get(ia), b.get(jb)) else {
            break;
        };
        if p.key != q.key || q.negated || (before > 0 && p.negated) {
            break;
        }
        content |= !p.stop;
        before += 1;
    }
    let mut after = 0;
    while after < 6 {
        let (Some(p), Some(q)) = (a.get(i + 1 + after), b.get(j + 1 + after)) else {
            break;
        };
        if p.key != q.key {
            break;
        }
        content |= !p.stop;
        after += 1;
        if p.negated || q.negated {
            break;
        }
    }
    (before, after, content)
}

/// The first word of the claim whose side differs from the word at the same place among
/// the evidence's words of its pair, when the claim writes two or more words of that pair
/// and the evidence sentence as many, the others the same words, and the two differing
/// words have the same content word after them (`lowest frequency`, `highest
/// frequency`): the order of sides tells which end is which. (The claim's word and the
/// evidence's, from sentence `sentence` of `src`; only the first pair the claim writes
/// twice or more, as often as the sentence, is read.)
fn pole_order(
    claim: &ClaimProfile,
    src: &IndexedSource<'_>,
    sentence: usize,
) -> Option<(String, String)> {
    let poles = src.sentence_poles.get(sentence)?;
    let count = |pair: u16| poles.iter().filter(|(p, _)| p.pair == pair).count();
    // The cheap test first: a pair the claim writes twice or more, as often as the
    // sentence does.
    let pair = claim.poles.iter().map(|(p, _)| p.pair).find(|&pair| {
        let mine = claim.poles.iter().filter(|(p, _)| p.pair == pair).count();
        mine >= 2 && count(pair) == mine
    })?;
    let content = &src.source.content;
    let start = src.sentences.get(sentence)?.0;
    let (_, ts) = src.sentence_with_terms(sentence)?;
    // The content key right after the term that ends at byte `end` of `terms`.
    let next = |terms: &[Term], end: usize| -> Option<String> {
        let i = terms.iter().position(|t| t.end == end)?;
        terms.get(i + 1).filter(|t| !t.stop).map(|t| t.key.clone())
    };
    let mine: Vec<(Pole, &Term)> = claim
        .terms
        .iter()
        .filter_map(|t| {
            let p = claim
                .text
                .get(t.start..t.end)
                .and_then(super::antonyms::pole)?;
            (p.pair == pair).then_some((p, t))
        })
        .collect();
    let theirs: Vec<&(Pole, (usize, usize))> =
        poles.iter().filter(|(p, _)| p.pair == pair).collect();
    if mine.len() != theirs.len() {
        return None;
    }
    let word = |t: &Term| claim.text.get(t.start..t.end).unwrap_or("").to_lowercase();
    let theirs_word = |r: (usize, usize)| content.get(r.0..r.1).unwrap_or("").to_lowercase();
    let mut differ = None;
    for ((p, t), (q, r)) in mine.iter().zip(&theirs) {
        if p.side == q.side {
            if word(t) != theirs_word(*r) {
                return None;
            }
        } else if differ.is_none() {
            let after = next(ts, r.1.checked_sub(start)?)?;
            if next(&claim.terms, t.end)? != after {
                return None;
            }
            differ = Some((claim.text.get(t.start..t.end)?, content.get(r.0..r.1)?));
        } else {
            return None;
        }
    }
    differ.map(|(m, t)| (m.to_string(), t.to_string()))
}

/// True when every content word of the claim that `scopes` (the keys a sentence's
/// negation governs) holds stands after `before`, `until`, `without` or `unless` in its
/// clause, one at least: the claim puts what the sentence negates in what has not
/// happened (`… before any final decision` against `No final decision has been made`).
fn not_yet(claim: &ClaimProfile, scopes: &[String]) -> bool {
    if scopes.is_empty() {
        return false;
    }
    let text = claim.text.as_str();
    let (mut open, mut any) = (false, false);
    for (i, t) in claim.terms.iter().enumerate() {
        let gap = i
            .checked_sub(1)
            .and_then(|p| claim.terms.get(p))
            .and_then(|p| text.get(p.end..t.start))
            .unwrap_or("");
        if gap.contains([',', ';', ':', '.']) {
            open = false;
        }
        let w = text.get(t.start..t.end).unwrap_or("");
        if ["before", "until", "without", "unless"]
            .iter()
            .any(|m| w.eq_ignore_ascii_case(m))
        {
            open = true;
            continue;
        }
        if !t.stop && scopes.iter().any(|k| same_word(&t.key, k)) {
            if !open {
                return false;
            }
            any = true;
        }
    }
    any
}

/// An antonym-table word in its text: its pole, its byte range, and its neighbour keys
/// (`true` for the one after it).
type PoleInContext = (Pole, (usize, usize), Vec<(bool, String)>);

/// The antonym-table words of `ts` (the terms of `text`, `offset` its position in a
/// larger text) with the content keys next to each: the nearest content word before it
/// and after it, within two words, that is not itself in the table. Each is (its pole,
/// its byte range in the larger text, the neighbour keys, `true` for the one after).
fn poles_with_neighbours(text: &str, ts: &[Term], offset: usize) -> Vec<PoleInContext> {
    let content = |t: &Term| {
        !t.stop
            && !t.negation
            && !t.key.is_empty()
            && text.get(t.start..t.end).and_then(pole).is_none()
    };
    let mut out = Vec::new();
    for (i, t) in ts.iter().enumerate() {
        let Some(p) = text.get(t.start..t.end).and_then(pole) else {
            continue;
        };
        let mut near = Vec::new();
        if let Some(b) = ts
            .get(i.saturating_sub(2)..i)
            .and_then(|w| w.iter().rev().find(|w| content(w)))
        {
            near.push((false, b.key.clone()));
        }
        if let Some(a) = ts
            .get(i + 1..(i + 3).min(ts.len()))
            .and_then(|w| w.iter().find(|w| content(w)))
        {
            near.push((true, a.key.clone()));
        }
        if !near.is_empty() {
            out.push((p, (offset + t.start, offset + t.end), near));
        }
    }
    out
}

/// How many of the window's antonym words one claim reads (each with two words on either
/// side): the rule costs a bounded amount per claim, however long the sentence (a source
/// of one long sentence repeating `more` and `less` would otherwise be read whole by
/// every claim).
const PHRASE_POLES: usize = 16;

/// Sentence `s` of `src` is about someone else than the claim: the claim names someone,
/// and the sentence names none of the claim's names and another name (a capitalised word
/// after its first that is no word of the claim). `The women's race was won by Maria
/// Lopez` is not disputed by the window's `The men's race was won by Tomas Reyes`.
fn about_another(claim: &ClaimProfile, src: &IndexedSource<'_>, s: usize) -> bool {
    let mut names = claim.words.iter().filter(|w| w.name).peekable();
    if names.peek().is_none() {
        return false;
    }
    let uses = |k: &str| {
        src.sentence_ids
            .get(s)
            .is_some_and(|ids| ids.iter().any(|&id| related(k, src.key(id))))
    };
    !names.any(|w| uses(&w.key))
        && src.sentence_with_terms(s).is_some_and(|(_, ts)| {
            ts.iter().skip(1).any(|t| {
                t.capitalised
                    && !t.stop
                    && !t.numeric
                    && !claim.words.iter().any(|w| related(&w.key, &t.key))
            })
        })
}

/// An antonym word of the claim whose neighbour word (see [`poles_with_neighbours`])
/// the window `sents` writes on the same side of the other side of its pair and never
/// next to the claim's side: (the claim's word, the evidence's word). `slower than
/// boiling` does not dispute `boiling is faster`: the neighbour stands on the other side.
fn phrase_antonym(
    claim: &ClaimProfile,
    src: &IndexedSource<'_>,
    sents: std::ops::RangeInclusive<usize>,
) -> Option<(String, String)> {
    let pairs: Vec<u16> = claim.poles.iter().map(|(p, _)| p.pair).collect();
    // The window's words of the claim's pairs, each read with a few words around it.
    let mut evidence = Vec::new();
    let occurrences = sents
        .filter(|&s| !about_another(claim, src, s))
        .filter_map(|s| Some((s, src.sentences.get(s)?, src.sentence_poles.get(s)?)))
        .flat_map(|(s, &(start, _), poles)| poles.iter().map(move |p| (s, start, *p)))
        .filter(|(_, _, (p, _))| pairs.contains(&p.pair))
        .take(PHRASE_POLES);
    for (s, start, (_, (a, b))) in occurrences {
        // The sentence's own words (tokenised once per check and shared with the window's
        // other rules), the pole's and two on either side: its neighbours are read there.
        let Some((text, ts)) = src.sentence_with_terms(s) else {
            continue;
        };
        let Some(i) = a
            .checked_sub(start)
            .and_then(|at| ts.binary_search_by_key(&at, |t| t.start).ok())
        else {
            continue;
        };
        let near = &ts[i.saturating_sub(2)..(i + 3).min(ts.len())];
        evidence.extend(
            poles_with_neighbours(text, near, start)
                .into_iter()
                .filter(|(_, range, _)| *range == (a, b)),
        );
    }
    if evidence.is_empty() {
        return None;
    }
    let mine = poles_with_neighbours(&claim.text, &claim.terms, 0);
    // Neighbour `k` is a name of the claim and sentence `s` writes no other content word
    // of the claim than names and words of the table.
    // (A day or a month is no name, nor are days: `open on Sundays` against `closed on
    // Sundays`.)
    let name_only = |k: &str, s: usize| {
        let named = |w: &ClaimWord| {
            let mut written = claim
                .terms
                .iter()
                .filter(|t| t.key == w.key)
                .filter_map(|t| claim.text.get(t.start..t.end));
            let calendar = written
                .any(|x| is_calendar_word(x) || x.strip_suffix('s').is_some_and(is_calendar_word));
            !w.calendar
                && !calendar
                && (w.name || claim.terms.iter().any(|t| t.capitalised && t.key == w.key))
        };
        claim.words.iter().any(|w| named(w) && related(&w.key, k))
            && src.sentence_with_terms(s).is_some_and(|(_, ts)| {
                !ts.iter().any(|t| {
                    !t.stop
                        && claim.words.iter().any(|w| {
                            !named(w)
                                && related(&w.key, &t.key)
                                && !claim.poles.iter().any(|(_, p)| related(&w.key, p))
                        })
                })
            })
    };
    for (p, (a, b), near) in &mine {
        // A casualty word is read in its sentence only: `Three people were injured` is
        // stated by `Two people were killed and three others injured`, whose `people`
        // stands beside `killed` (see [`super::antonyms::whole_sentence_only`]).
        if super::antonyms::whole_sentence_only(claim.text.get(*a..*b).unwrap_or("")) {
            continue;
        }
        let next_to = |side: bool, after: bool, k: &str| {
            evidence.iter().find(|(q, _, n)| {
                q.pair == p.pair
                    && q.side == side
                    && n.iter()
                        .any(|(x_after, x)| *x_after == after && related(x, k))
            })
        };
        // The number the word governs, beside the same side in the window, states it:
        // `lost 12 games and won 4` against `won 4 games and lost 12` (the claim's
        // `games`, beside `won` in the window, is the number's, not the word's).
        if near.iter().any(|(after, k)| {
            *after
                && k.starts_with(|c: char| c.is_ascii_digit())
                && next_to(p.side, true, k).is_some()
        }) {
            continue;
        }
        for (after, k) in near {
            let next_to = |side: bool| next_to(side, *after, k);
            if next_to(p.side).is_some() {
                continue;
            }
            if let Some((_, (ea, eb), _)) = next_to(!p.side) {
                let claim_word = claim.text.get(*a..*b).unwrap_or("");
                let evidence_word = src.source.content.get(*ea..*eb).unwrap_or("");
                if super::antonyms::whole_sentence_only(evidence_word) {
                    continue;
                }
                // A name beside both, in a sentence that shares nothing else with the
                // claim, is the same person in another event (`Federer lost the 2008
                // final to Nadal` against `… Federer won the title in 2009.`), save a
                // person's answer to an accusation (see [`is_answer_word`]).
                if name_only(k, src.prepared.sentence_at(*ea)) && !is_answer_word(evidence_word) {
                    continue;
                }
                return Some((claim_word.to_string(), evidence_word.to_string()));
            }
        }
    }
    None
}

/// The credits of a claim's words in the sentences of a source that give any: the
/// sentences in order, and for each a row of one credit per claim word.
struct CreditRows {
    sentences: Vec<usize>,
    credits: Vec<f64>,
}

/// Most (sentence, claim word) pairs that matching one claim against one source walks
/// through the source's index. A claim whose words are in more sentences than that (a
/// common word of a large source) is matched against the sentences that hold its rarer
/// words: its words are taken from the rarest up while they fit, and the more common ones
/// only credit those sentences. Bounds the work of a claim in a source by this number
/// (times the number of its words, for the look-ups); an ordinary claim against sources
/// of the default size stays well under it, and is matched exactly as without it.
pub const CELL_BUDGET: usize = 2048;

/// Credit of each claim word in each sentence with any (see [`credit`]), found through
/// the source's index of key → sentences (within [`CELL_BUDGET`]).
fn credit_rows(claim: &ClaimProfile, src: &PreparedSource, fuzzy: f64) -> CreditRows {
    let nw = claim.words.len();
    // The keys that credit each word: (word, key id, exact).
    let mut keys: Vec<(u32, u32, bool)> = Vec::with_capacity(2 * nw);
    for (wi, w) in claim.words.iter().enumerate() {
        let wi = wi as u32;
        let exact = src.id(&w.key);
        if let Some(id) = exact {
            keys.push((wi, id, true));
        }
        // A word of a run of names that the source writes as its acronym (`United
        // Kingdom` / `UK`), as the name rule reads it; an acronym or a country that the
        // source spells out or names otherwise (`UK` / `United Kingdom`, `US` /
        // `America`: a marked key, see `places::marked`).
        let acronyms = [&w.acronym, &w.part_acronym]
            .into_iter()
            .flatten()
            .filter(|a| a.chars().all(|c| c.is_ascii_alphabetic()))
            .filter_map(|a| src.id(&stem(a)));
        let spelled = w.marked.as_deref().and_then(|m| src.id(m));
        // A word of the same sense (`nobody was killed` by `no deaths`, `hurt` by
        // `injured`; see `senses`).
        let senses = super::senses::alternatives(&w.key)
            .filter(|_| w.sensed)
            .filter_map(|k| src.id(k));
        for id in acronyms.chain(spelled).chain(senses) {
            if Some(id) != exact && !keys.contains(&(wi, id, true)) {
                keys.push((wi, id, true));
            }
        }
        if fuzzy > 0.0 {
            if let Some(prefix) = fuzzy_prefix(&w.key) {
                let ids = src
                    .fuzzy_ids(prefix)
                    .unwrap_or_else(|| src.prefix_ids(prefix));
                for id in ids {
                    if Some(id) != exact {
                        keys.push((wi, id, false));
                    }
                }
            }
        }
    }
    let postings = |id: u32| src.key_sentences.get(id);
    let total: usize = keys.iter().map(|&(_, id, _)| postings(id).len()).sum();
    // (sentence, word, exact)
    let mut cells: Vec<(u32, u32, bool)> = Vec::with_capacity(total.min(CELL_BUDGET));
    if total <= CELL_BUDGET {
        for &(wi, id, exact) in &keys {
            cells.extend(postings(id).iter().map(|&s| (s, wi, exact)));
        }
    } else {
        // Words from the rarest up, while their sentences fit the budget (the rarest at
        // least, cut to the budget); the rest credit the sentences found.
        let mut count = vec![0usize; nw];
        for &(wi, id, _) in &keys {
            if let Some(c) = count.get_mut(wi as usize) {
                *c += postings(id).len();
            }
        }
        let mut order: Vec<usize> = (0..nw).filter(|&w| count[w] > 0).collect();
        // By count, then index: both packed in one key (a count and an index of words
        // fit in 32 bits each).
        crate::text::sort::sort_packed(
            &mut order,
            |&w| (count[w] as u64) << 32 | w as u64,
            |k| (k & u64::from(u32::MAX)) as usize,
        );
        let mut walked = vec![false; nw];
        let mut used = 0usize;
        for &w in &order {
            if used > 0 && used + count[w] > CELL_BUDGET {
                break;
            }
            for &(wi, id, exact) in keys.iter().filter(|k| k.0 as usize == w) {
                cells.extend(postings(id).iter().map(|&s| (s, wi, exact)));
            }
            walked[w] = true;
            used += count[w];
        }
        sort_cells(&mut cells);
        cells.truncate(CELL_BUDGET);
        let mut found: Vec<u32> = cells.iter().map(|c| c.0).collect();
        found.dedup();
        for &(wi, id, exact) in &keys {
            if walked.get(wi as usize).copied().unwrap_or(true) {
                continue;
            }
            let list = postings(id);
            cells.extend(
                found
                    .iter()
                    .filter(|s| list.binary_search(s).is_ok())
                    .map(|&s| (s, wi, exact)),
            );
        }
    }
    sort_cells(&mut cells);
    let rows = 1 + cells
        .windows(2)
        .filter(|w| matches!(w, [a, b] if a.0 != b.0))
        .count();
    let mut sentences: Vec<usize> = Vec::with_capacity(rows);
    let mut credits: Vec<f64> = Vec::with_capacity(rows * nw);
    for &(s, wi, exact) in &cells {
        let s = s as usize;
        if sentences.last() != Some(&s) {
            sentences.push(s);
            credits.extend(std::iter::repeat_n(0.0, nw));
        }
        let base = (sentences.len() - 1) * nw;
        if let Some(c) = credits.get_mut(base + wi as usize) {
            // A sentence that has the key itself gives 1, whatever `fuzzy` is: its cell
            // sorts after the fuzzy ones of the same word and overwrites them.
            *c = if exact { 1.0 } else { fuzzy };
        }
    }
    CreditRows { sentences, credits }
}

/// [`longest_run`] of the claim's tokens in a prepared source, through the positions of
/// each token in the source: linear in the number of those positions.
fn longest_run_in<'a>(tokens: impl Iterator<Item = &'a str>, src: &PreparedSource) -> usize {
    let mut best = 0usize;
    // (position in the source, length of the run ending there)
    let mut prev: Vec<(u32, usize)> = Vec::new();
    let mut cur: Vec<(u32, usize)> = Vec::new();
    for t in tokens {
        cur.clear();
        if let Some(id) = src.id(t) {
            let mut j = 0;
            for &p in src.token_positions.get(id) {
                while prev.get(j).is_some_and(|&(q, _)| q + 1 < p) {
                    j += 1;
                }
                let len = match prev.get(j) {
                    Some(&(q, l)) if q + 1 == p => l + 1,
                    _ => 1,
                };
                best = best.max(len);
                cur.push((p, len));
            }
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    best
}

/// Length of the longest run of consecutive items of `a` that occurs in `b` in the same
/// order (longest common substring over tokens). O(|a|·|b|) time, O(|a|) memory.
pub fn longest_run(a: &[String], b: &[String]) -> usize {
    if a.is_empty() || b.is_empty() {
        return 0;
    }
    let mut prev = vec![0usize; a.len() + 1];
    let mut cur = vec![0usize; a.len() + 1];
    let mut best = 0;
    for y in b {
        for (i, x) in a.iter().enumerate() {
            let v = if x == y {
                prev.get(i).copied().unwrap_or(0) + 1
            } else {
                0
            };
            if let Some(c) = cur.get_mut(i + 1) {
                *c = v;
            }
            best = best.max(v);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    best
}

/// Share of the claim's weight `total` that `credits` (one per claim word) cover.
pub fn coverage(credits: &[f64], claim: &ClaimProfile, total: f64) -> f64 {
    if total <= 0.0 {
        return 0.0;
    }
    let got: f64 = credits
        .iter()
        .zip(&claim.words)
        .map(|(c, w)| c * w.weight)
        .sum();
    clamp01(got / total)
}

/// `x` clamped to [0, 1], with NaN as 0.
pub fn clamp01(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_plain_clause_against_a_negated_one() {
        let outweighs = |text: &str, k: &str, held: &[&str]| {
            let ts = super::terms(text);
            let key = super::stem(k);
            let held: Vec<String> = held.iter().map(|w| super::stem(w)).collect();
            super::plain_clause_outweighs(text, &ts, &key, &|x| held.iter().any(|h| h == x))
        };
        let text =
            "Gift cards cannot be refunded, and shipping fees are only refunded for damaged items.";
        // The shipping sentence's words stand in the plain clause.
        assert!(outweighs(
            text,
            "refunded",
            &["shipping", "fees", "damaged", "item"]
        ));
        // The gift card sentence's in the negated one.
        assert!(!outweighs(text, "refunded", &["gift", "cards"]));
        // As many on both sides: not outweighed.
        assert!(!outweighs(text, "refunded", &["gift", "shipping"]));
        // A clause of concession states its fact; one of condition does not.
        assert!(outweighs(
            "Gift cards aren't refundable, although shipping fees are refunded.",
            "refunded",
            &["shipping", "fees"]
        ));
        assert!(!outweighs(
            "Gift cards aren't refundable, unless shipping fees are refunded.",
            "refunded",
            &["shipping", "fees"]
        ));
        // Only plain, or only negated: nothing to weigh.
        assert!(!outweighs(
            "Shipping fees are refunded.",
            "refunded",
            &["shipping"]
        ));
        assert!(!outweighs(
            "Gift cards are not refunded.",
            "refunded",
            &["gift"]
        ));
    }

    #[test]
    fn the_word_after_a_word() {
        let after =
            |text: &str, k: &str| super::word_after(text, &super::terms(text), &super::stem(k));
        assert_eq!(
            after("It does not cover accidental damage.", "cover"),
            Some(super::stem("accidental"))
        );
        // Numbers and function words are passed over; the clause bounds the search.
        assert_eq!(
            after("It covers the 2 main parts.", "covers"),
            Some(super::stem("main"))
        );
        assert_eq!(after("It covers, in short, everything.", "covers"), None);
        assert_eq!(after("Nothing here.", "covers"), None);
    }

    #[test]
    fn a_negation_dropped_or_kept_where_a_word_stands_twice() {
        let dropped =
            |a: &str, b: &str| super::negation_dropped(a, &super::terms(a), b, &super::terms(b));
        assert!(dropped(
            "Photography is not permitted in the east wing.",
            "Photography is permitted in the east wing."
        ));
        // Both write the word negated and plainly in the same places.
        assert!(!dropped(
            "Photography is not permitted in the east wing, although it is permitted in the sculpture garden.",
            "Photography is not permitted in the east wing, but it is permitted in the sculpture garden."
        ));
        // The other text negates the word where this one does.
        assert!(!dropped(
            "Children under 12 are not allowed in the pool.",
            "Guests are allowed in the pool, but children under 12 are not allowed in the pool."
        ));
        assert!(dropped(
            "Guests are not allowed in the pool.",
            "Guests are allowed in the pool, but children under 12 are not allowed in the pool."
        ));
    }

    #[test]
    fn a_comparison_from_the_other_end() {
        let converse = super::than_converse;
        assert!(converse(
            "Osaka is smaller than Tokyo.",
            "smaller",
            "Tokyo is larger than Osaka, but Osaka is older.",
            "larger"
        ));
        assert!(converse(
            "The old model is more expensive than the new one.",
            "expensive",
            "The new model is cheaper than the old one and runs faster.",
            "cheaper"
        ));
        // Without a `than` in the evidence: `Osaka is older`.
        assert!(converse(
            "Tokyo is younger than Osaka.",
            "younger",
            "Tokyo is larger than Osaka, but Osaka is older.",
            "older"
        ));
        // The evidence's second place of its word.
        assert!(converse(
            "By area, Germany is smaller than France.",
            "smaller",
            "Germany is larger than France by population, but France is larger by area.",
            "larger"
        ));
        // The same end: opposed.
        assert!(!converse(
            "The Nile is shorter than the Amazon.",
            "shorter",
            "The Nile is longer than the Amazon.",
            "longer"
        ));
        assert!(!converse(
            "Tokyo is smaller than Osaka.",
            "smaller",
            "Tokyo is larger than Osaka.",
            "larger"
        ));
        // No `than` in the claim.
        assert!(!converse(
            "Osaka is smaller.",
            "smaller",
            "Tokyo is larger than Osaka.",
            "larger"
        ));
    }

    #[test]
    fn the_order_of_a_pairs_words_tells_which_end_is_which() {
        let order = |claim: &str, source: &str| {
            let src = crate::source::Source::new("s", source);
            let s = super::IndexedSource::new(0, &src);
            let p = super::ClaimProfile::new(
                claim,
                &Default::default(),
                &Default::default(),
                &Default::default(),
            );
            super::pole_order(&p, &s, 0)
        };
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        let sorted = |c: &str| {
            order(
                c,
                "It is sorted from the highest score to the lowest score.",
            )
        };
        assert_eq!(
            sorted("It is sorted from the lowest score to the lowest score."),
            pair("lowest", "highest")
        );
        assert_eq!(
            sorted("It is sorted from the highest score to the highest score."),
            pair("highest", "lowest")
        );
        assert_eq!(
            sorted("It is sorted from the highest score to the lowest score."),
            None
        );
        // Both ends exchanged: another order, not one word replaced (the role rules').
        assert_eq!(
            sorted("It is sorted from the lowest score to the highest score."),
            None
        );
        // The word after each must be the same: `more blood` is not `low heart rate`.
        let heart = "A low heart rate means the heart needs fewer beats.";
        assert_eq!(
            order("The heart pumps more blood and needs fewer beats.", heart),
            None
        );
        // One word of the pair on either side: the other rules' to read.
        assert_eq!(
            order(
                "It is sorted to the lowest score.",
                "It is sorted to the highest score."
            ),
            None
        );
    }

    #[test]
    fn a_word_of_inline_code_is_no_pole() {
        let poles = |t: &str| {
            super::ClaimProfile::new(
                t,
                &Default::default(),
                &Default::default(),
                &Default::default(),
            )
            .poles
            .len()
        };
        assert_eq!(poles("Call `parse(strict=False)` to read the file."), 0);
        assert_eq!(poles("Set `enabled: true` and restart."), 0);
        assert_eq!(poles("The flag is false by default."), 1);
        assert_eq!(poles("Set `strict` to false."), 1);
    }

    /// The words whose keys are [`super::DEGREE_AFTER_NEGATION`].
    const DEGREE_WORDS: &[&str] = &[
        "all",
        "alone",
        "always",
        "completely",
        "entirely",
        "every",
        "exactly",
        "fully",
        "just",
        "least",
        "merely",
        "much",
        "necessarily",
        "only",
        "quite",
        "really",
        "simply",
        "too",
        "very",
    ];

    #[test]
    fn degree_keys_are_the_stems_of_the_words() {
        let keys: Vec<String> = DEGREE_WORDS.iter().map(|w| super::stem(w)).collect();
        assert_eq!(keys, super::DEGREE_AFTER_NEGATION.to_vec(), "{keys:?}");
    }

    use super::*;

    #[test]
    fn a_run_joining_names_with_and_gives_each_names_initials() {
        let acronyms = |t: &str| run_acronyms(t, &terms(t));
        let text = "It was signed by the European Union and Canada in 2016.";
        let a = acronyms(text);
        let of = |w: &str| {
            let i = terms(text)
                .iter()
                .position(|t| text.get(t.start..t.end) == Some(w))
                .unwrap_or(usize::MAX);
            a.get(i).cloned().unwrap_or_default()
        };
        let both = |a: &str, b: &str| (Some(a.to_string()), Some(b.to_string()));
        assert_eq!(of("European"), both("euc", "eu"));
        assert_eq!(of("Union"), both("euc", "eu"));
        assert_eq!(of("Canada"), (Some("euc".to_string()), None));
        // One word on each side: the run's initials only (`Bosnia and Herzegovina`);
        // a run without `and` is one name (`Food and Drug Administration` keeps `fda`,
        // and `Drug Administration` gives `da` beside it).
        let bh = "Bosnia and Herzegovina won.";
        assert!(acronyms(bh)
            .iter()
            .all(|(run, part)| run.as_deref().is_none_or(|x| x == "bh") && part.is_none()));
        let fda = "The Food and Drug Administration approved it.";
        let t = terms(fda);
        let food = t
            .iter()
            .position(|t| fda.get(t.start..t.end) == Some("Food"))
            .unwrap_or(0);
        assert_eq!(acronyms(fda)[food], (Some("fda".to_string()), None));
        let admin = t
            .iter()
            .position(|t| fda.get(t.start..t.end) == Some("Administration"))
            .unwrap_or(0);
        assert_eq!(acronyms(fda)[admin], both("fda", "da"));
    }

    #[test]
    fn a_negation_in_a_title_governs_only_the_title() {
        let scopes = |t: &str| negation_scopes(t, &terms(t));
        let phrases = |t: &str| negated_phrases(t, &terms(t));
        // The last word of a name negates nothing after the name; the first governs the
        // rest of its name only.
        let cover = "The cover had The Cab, Never Shout Never and Hey Monday.";
        assert_eq!(scopes(cover), vec!["shout"]);
        assert!(!phrases(cover).iter().any(|k| k == "hey" || k == "monday"));
        let novel = "The novel Never Let Me Go was written by Kazuo Ishiguro.";
        assert!(!phrases(novel)
            .iter()
            .any(|k| k.starts_with("writ") || k == "kazuo"));
        assert_eq!(
            scopes("Tragic Kingdom is by the band No Doubt in 1995."),
            vec!["doubt"]
        );
        // Prose: a capital that opens a sentence before a lower-case word, a name after
        // an opening negation, capitals throughout.
        assert_eq!(scopes("Never store keys in the code."), vec!["stor"]);
        assert_eq!(scopes("No Americans were harmed."), vec!["american"]);
        assert!(phrases("No Americans were harmed.")
            .iter()
            .any(|k| k == "harm"));
        assert_eq!(scopes("DO NOT USE this in production."), vec!["use"]);
        assert_eq!(scopes("Not Paris but Lyon."), vec!["paris"]);
    }

    #[test]
    fn a_verb_of_not_doing_negates_the_verb_after_to() {
        let scopes = |t: &str| negation_scopes(t, &terms(t));
        assert_eq!(
            scopes("The company failed to pay its workers."),
            vec!["pay"]
        );
        assert_eq!(scopes("She refused to leave."), vec!["leav"]);
        assert_eq!(scopes("The minister declined to comment."), vec!["com"]);
        assert_eq!(scopes("He fails to stop."), vec!["stop"]);
        // Not after a negation, nor without `to`, nor over a clause's end.
        assert_eq!(scopes("It never failed to pay."), vec!["fail"]);
        assert!(scopes("The bank failed in 2008.").is_empty());
        assert!(scopes("The plan failed; to pay was hard.").is_empty());
        // The prepared source reads it alike.
        let p = crate::claims::prepared::PreparedSource::new(
            "The company failed to pay its workers.",
            None,
        );
        assert_eq!(p.sentence_negation_scopes, vec![vec!["pay".to_string()]]);
    }

    #[test]
    fn a_negating_pronoun_after_its_verb_negates_the_verb() {
        let scopes = |t: &str| negation_scopes(t, &terms(t));
        assert_eq!(
            scopes("It received three nominations but won none."),
            vec!["won"]
        );
        assert_eq!(scopes("They saw nothing, and left."), vec!["saw"]);
        // A negation with a word after it keeps that word; `none of` reads on.
        assert_eq!(scopes("It won no awards."), vec!["award"]);
        assert!(scopes("None won.").iter().all(|k| k != "none"));
    }

    #[test]
    fn relation_words_and_their_objects() {
        assert_eq!(
            whole_word_ends("Cool it after baking; afterwards slice.", "after"),
            vec![13]
        );
        assert_eq!(
            whole_word_ends("After dinner, after all", "after"),
            vec![5, 19]
        );
        assert_eq!(whole_word_ends("thereafter", "after"), Vec::<usize>::new());
        assert_eq!(
            next_content_key(" baking it for 25 minutes"),
            Some(stem("baking"))
        );
        assert_eq!(next_content_key(" the wall fell"), Some(stem("wall")));
        assert_eq!(next_content_key("."), None);
    }

    #[test]
    fn verbs_sorted() {
        let mut sorted = VERBS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted, VERBS.to_vec());
    }

    #[test]
    fn imperatives_sorted() {
        for list in [IMPERATIVES, PEOPLE] {
            let mut sorted = list.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted, list.to_vec());
        }
    }

    #[test]
    fn ordinary_words_and_names() {
        for w in ["typically", "using", "founded", "run", "use"] {
            assert!(looks_ordinary(w), "{w}");
        }
        for w in ["lyon", "italy", "zürich", "paris", "ahmed"] {
            assert!(!looks_ordinary(w), "{w}");
        }
        assert!(looks_ordinary("studies") && looks_ordinary("companies"));
        // Groups of people; surnames in the same endings are short.
        for w in [
            "researchers",
            "scientists",
            "historians",
            "residents",
            "investors",
        ] {
            assert!(looks_ordinary(w), "{w}");
        }
        for w in ["police", "experts", "workers", "officials", "parents"] {
            assert!(looks_ordinary(w), "{w}");
        }
        for w in ["rogers", "sanders", "connors", "peters", "athens", "wales"] {
            assert!(!looks_ordinary(w), "{w}");
        }
        // Short words are not judged by their ending.
        assert!(!looks_ordinary("dies") && !looks_ordinary("ties"));
    }

    #[test]
    fn a_negated_word_is_restated_by_its_opposite_only() {
        let pole_of = |w: &str| (pole(w).expect("a table word"), stem(w));
        let open = [pole_of("open")];
        let negated = [stem("open")];
        let closed = pole("closed").expect("a table word");
        assert!(restated_by_opposite(&open, &negated, &[closed]));
        // The other side writes the negated word's own side too, or the word is not
        // the negated one.
        let opened = pole("open").expect("a table word");
        assert!(!restated_by_opposite(&open, &negated, &[closed, opened]));
        assert!(!restated_by_opposite(&open, &[stem("shop")], &[closed]));
        assert!(!restated_by_opposite(&open, &negated, &[]));
    }

    #[test]
    fn an_ordinary_first_word_before_a_name_is_no_name() {
        let names = |claim: &str| -> Vec<String> {
            let opts = super::super::ClaimOptions::default();
            let p = ClaimProfile::new(
                claim,
                &question_keys(""),
                &super::super::idf::Idf::default(),
                &opts,
            );
            p.words
                .iter()
                .filter(|w| w.name || w.initial)
                .map(|w| w.surface.clone())
                .collect()
        };
        assert_eq!(
            names("Follow Web Content Accessibility Guidelines."),
            ["Web", "Content", "Accessibility", "Guidelines"]
        );
        assert_eq!(names("Setup: Use Python 3 for the tests."), ["Python"]);
        assert_eq!(
            names("Studies have shown that it works."),
            Vec::<String>::new()
        );
        // A name of several words at the start, and a title in quotes.
        assert_eq!(names("New York is the largest city."), ["New", "York"]);
        assert_eq!(
            names("\"Strictly Come Dancing\" returns."),
            ["Strictly", "Come", "Dancing"]
        );
        // A subject that is a name.
        assert_eq!(names("Lyon is the third-largest city."), ["Lyon"]);
    }

    #[test]
    fn calendar_words_are_sorted_and_not_names() {
        assert!(CALENDAR.windows(2).all(|w| w[0] < w[1]));
        assert!(
            CALENDAR.iter().all(|w| (3..=9).contains(&w.len())),
            "is_calendar_word lower-cases into 9 bytes and rules out shorter words"
        );
        for w in CALENDAR {
            assert!(opens_calendar_word(w.as_bytes()[0]), "{w}");
            assert!(
                is_calendar_word(w) && is_calendar_word(&w.to_uppercase()),
                "{w}"
            );
        }
        assert!(!is_calendar_word("Ma") && !is_calendar_word("..."));
        let names = [
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        for (n, (name, key)) in names.iter().zip(MONTH_KEYS).enumerate() {
            assert_eq!(super::super::terms::terms(name)[0].key, key, "{name}");
            assert_eq!(calendar_of(name), Some(n as u8 + 1));
        }
        // A date written `YYYY-MM-DD` is its month's calendar word.
        assert_eq!(calendar_of("2024-06-05"), Some(6));
        assert!(is_calendar_word("1999-12-31"));
        for not_a_date in [
            "2024-13-05",
            "2024-00-05",
            "2024-06-32",
            "2024-6-05",
            "24-06-05x",
            "2024/06/05",
            "12345-06-05",
        ] {
            assert_eq!(iso_month(not_a_date), None, "{not_a_date}");
        }
        assert!(is_calendar_word("March"));
        assert!(is_calendar_word("Sept."));
        assert!(is_calendar_word("Monday"));
        assert!(!is_calendar_word("Marchand"));
        assert!(!is_calendar_word("Paris"));
        assert_eq!(calendar_of("March"), Some(3));
        assert_eq!(calendar_of("Sept."), Some(9));
        assert_eq!(calendar_of("May"), Some(5));
        assert_eq!(calendar_of("Monday"), Some(101));
        assert_eq!(calendar_of("Sun"), Some(107));
        assert_eq!(calendar_of("Marchand"), None);
    }

    #[test]
    fn only_restates_the_exception_to_a_negation() {
        let only_as_excepted =
            |a: &str, b: &str| super::only_as_excepted(a, &terms(a), b, &terms(b));
        let buses = "Bicycles are not allowed on buses, except folding bicycles.";
        assert!(only_as_excepted(
            "Only folding bicycles are allowed on buses.",
            buses
        ));
        assert!(only_as_excepted(
            "Only guide dogs may travel.",
            "Dogs may not travel, apart from guide dogs."
        ));
        assert!(only_as_excepted(
            "Only members can enter.",
            "Nobody can enter other than members."
        ));
        // `only` said of other words than the exception, or no exception at all.
        assert!(!only_as_excepted(
            "Only bicycles are allowed on buses.",
            buses
        ));
        assert!(!only_as_excepted(
            "Only dogs are allowed.",
            "Dogs are not allowed, except guide dogs."
        ));
        assert!(!only_as_excepted(
            "Only folding bicycles are allowed.",
            "Bicycles are not allowed."
        ));
        assert!(!only_as_excepted("Folding bicycles are allowed.", buses));
    }

    #[test]
    fn words_that_restate_a_negation_are_sorted_stems() {
        assert!(RESTATES_NEGATION.windows(2).all(|w| w[0] < w[1]));
        for w in [
            "free",
            "lacks",
            "unable",
            "refused",
            "prohibited",
            "banned",
            "absence",
        ] {
            assert!(
                RESTATES_NEGATION.contains(&stem(w).as_str()),
                "{w} -> {}",
                stem(w)
            );
        }
        for w in ["freezes", "freedom", "missed", "rather", "instead"] {
            assert!(
                !RESTATES_NEGATION.contains(&stem(w).as_str()),
                "{w} -> {}",
                stem(w)
            );
        }
    }

    #[test]
    fn a_negated_phrase_is_every_content_word_in_reach() {
        let phrase = |t: &str| negated_phrases(t, &terms(t));
        assert_eq!(
            phrase("Members don't pay for shipping at all."),
            ["pay", "ship"]
        );
        assert_eq!(
            negation_scopes(
                "Members don't pay for shipping.",
                &terms("Members don't pay for shipping.")
            ),
            ["pay"]
        );
        assert!(phrase("I haven't, but it opened in 1889.").is_empty());
        assert!(phrase("Refunds are available.").is_empty());
    }

    #[test]
    fn implicit_negatives_match_their_stems() {
        for w in [
            "lacks",
            "lacking",
            "absence",
            "absent",
            "failed",
            "unable",
            "refused",
            "denied",
            "avoids",
            "prevents",
            "rarely",
            "seldom",
            "barely",
            "free",
            "freed",
            "freely",
            "except",
            "unlike",
            "instead",
            "rather",
            "lost",
            "missing",
            "omitted",
            "excluded",
            "impossible",
            "banned",
            "forbidden",
            "prohibited",
        ] {
            assert!(implicit_negative(&stem(w)), "{w} -> {}", stem(w));
        }
        for w in [
            "have",
            "eyelids",
            "characteristic",
            "calculated",
            "include",
            "band",
            "freezes",
            "freedom",
            "freeway",
        ] {
            assert!(!implicit_negative(&stem(w)), "{w} -> {}", stem(w));
        }
    }

    #[test]
    fn a_negation_governs_the_first_content_word_past_function_words() {
        let scopes = |t: &str| negation_scopes(t, &terms(t));
        assert_eq!(
            scopes("It does not sell tickets."),
            vec!["sell".to_string()]
        );
        assert_eq!(
            scopes("Death should not be the only thing that ends it."),
            vec!["thing".to_string()]
        );
        assert_eq!(
            scopes("It was not one of the tallest."),
            vec!["tallest".to_string()]
        );
        // Beyond its reach it governs nothing.
        assert!(scopes("It is not to be had by any of the above.").is_empty());
    }

    #[test]
    fn a_negation_stops_at_its_sentence_end() {
        let scopes = |t: &str| negation_scopes(t, &terms(t));
        assert!(scopes("It is not. The tower is tall.").is_empty());
        assert!(scopes("No. It is 330 metres tall.").is_empty());
        assert!(scopes("No. It was completed in 1889.").is_empty());
    }

    #[test]
    fn auxiliaries_in_any_case() {
        for w in ["Was", "is", "HAS", "Would", "be", "Been", "being"] {
            assert!(is_auxiliary_ignoring_case(w), "{w}");
        }
        for w in ["bee", "wa", "", "Paris", "beings"] {
            assert!(!is_auxiliary_ignoring_case(w), "{w}");
        }
    }

    #[test]
    fn an_order_stated_from_the_other_end_is_no_opposite() {
        let merkel =
            "Angela Merkel met Emmanuel Macron in Berlin, a week after Macron visited Rome.";
        assert!(converse(
            "Macron visited Rome a week earlier.",
            "earlier",
            merkel,
            "after"
        ));
        assert!(converse(
            "The vote came after the debate.",
            "after",
            "The debate came before the vote.",
            "before"
        ));
        // `later` leading what follows it.
        let rugby = "He played rugby for Wales before switching to cricket in his late twenties.";
        assert!(converse(
            "He played rugby for Wales and later switched to cricket.",
            "later",
            rugby,
            "before"
        ));
        assert!(converse(
            "A week earlier, Macron had visited Rome.",
            "earlier",
            merkel,
            "after"
        ));
        assert!(super::leads_clause(
            "Two years later, it opened.",
            15,
            "later"
        ));
        assert!(super::leads_clause("He later moved to Leeds.", 8, "later"));
        // One result of a contest from its two ends; the same end is opposed.
        assert!(converse(
            "Chelsea lost to Manchester United on Sunday.",
            "lost",
            "Manchester United beat Chelsea 2-1 on Sunday.",
            "beat"
        ));
        assert!(converse(
            "Southampton's 2-1 defeat by Leeds.",
            "defeat",
            "Leeds won 2-1 against Southampton.",
            "won"
        ));
        assert!(!converse(
            "Manchester United lost to Chelsea on Sunday.",
            "lost",
            "Manchester United beat Chelsea 2-1 on Sunday.",
            "beat"
        ));
        // One exchange from its two ends.
        assert!(converse(
            "Chad Hurley sold YouTube to Google.",
            "sold",
            "Google bought YouTube from Chad Hurley in 2006.",
            "bought"
        ));
        // What changes hands as the subject: the verb says neither end.
        assert!(converse(
            "The painting was bought by a museum in Amsterdam.",
            "bought",
            "The painting was sold to a museum in Amsterdam.",
            "sold"
        ));
        assert!(converse(
            "A museum bought the painting.",
            "bought",
            "The painting sold for 4.2 million euros.",
            "sold"
        ));
        assert!(!converse(
            "The company sold its stake in the airline.",
            "sold",
            "The company bought a stake in the airline last year.",
            "bought"
        ));
        assert!(!super::leads_clause(
            "He moved at a later date.",
            19,
            "later"
        ));
        assert!(!super::leads_clause(
            "He moved later than her.",
            14,
            "later"
        ));
        assert!(!super::leads_clause("He moved a year later.", 21, "later"));
        // The same order from the same end is an opposite.
        for (claim, mine, evidence, theirs) in [
            (
                "He played cricket and later switched to rugby for Wales.",
                "later",
                rugby,
                "before",
            ),
            (
                "The vote came before the debate.",
                "before",
                "The vote came after the debate.",
                "after",
            ),
            (
                "Macron visited Rome a week after the meeting.",
                "after",
                "Macron visited Rome a week before the meeting with Merkel.",
                "before",
            ),
            // Not words of order.
            (
                "Prices rose.",
                "rose",
                "Prices fell after the vote.",
                "fell",
            ),
        ] {
            assert!(!converse(claim, mine, evidence, theirs), "{claim}");
        }
    }

    /// `claim` matched against `source` (default options).
    fn matched(claim: &str, source: &str) -> SourceMatch {
        let src = crate::source::Source::new("s", source);
        let s = IndexedSource::new(0, &src);
        let p = ClaimProfile::new(
            claim,
            &Default::default(),
            &Default::default(),
            &Default::default(),
        );
        match_source(&p, &s, &Default::default())
    }

    /// Whether `claim` matched against `source` (default options) reads as a negation
    /// conflict.
    fn negation_conflict_of(claim: &str, source: &str) -> bool {
        matched(claim, source).negation_conflict
    }

    #[test]
    fn a_negating_subject_is_answered_anywhere_in_its_source() {
        let conflict = negation_conflict_of;
        let robbery = "Police in Manchester arrested two men after a robbery at a jewellery \
                       shop on Saturday. The suspects, aged 24 and 31, were detained near \
                       the railway station. A spokesperson said no one was injured during \
                       the robbery.";
        assert!(!conflict("Nobody was hurt in the robbery.", robbery));
        // Without the report's `no one`, the robbery's sentence disputes it as before.
        let report = "Police in Manchester arrested two men after a robbery at a jewellery \
                      shop on Saturday. The suspects were detained near the railway station.";
        assert!(conflict("Nobody was hurt in the robbery.", report));
    }

    #[test]
    fn a_sentence_about_someone_else_disputes_no_word_of_the_claim() {
        let antonym_of = |claim: &str, source: &str| matched(claim, source).antonym;
        let races = "Maria Lopez, a nurse from Valencia, won the regional marathon on Sunday. \
                     Her sister Ana finished fifth. The men's race was won by Tomas Reyes of \
                     Seville.";
        assert_eq!(
            antonym_of(
                "The women's race was won by Valencia nurse Maria Lopez.",
                races
            ),
            None
        );
        // The sentence that names the claim's own name still disputes it.
        assert!(antonym_of("The women's race was won by Tomas Reyes of Seville.", races).is_some());
        let both = "Maria Lopez won the women's race on Sunday. The men's race was won by \
                    Tomas Reyes.";
        assert!(antonym_of("Maria Lopez won the men's race on Sunday.", both).is_some());
    }

    #[test]
    fn a_superlative_said_by_negation_restates_one_said_by_comparison() {
        let conflict = negation_conflict_of;
        let amazon = "The Amazon River carries more water than any other river in the world. \
                      Its basin covers about 7 million square kilometres.";
        assert!(!conflict(
            "No other river in the world carries as much water as the Amazon.",
            amazon
        ));
        assert!(!conflict(
            "The Amazon carries more water than any other river.",
            "No other river carries as much water as the Amazon."
        ));
        // Another negation, or no comparison with all others, still disputes.
        assert!(conflict(
            "No other river carries as much water as the Amazon, which is not the largest.",
            amazon
        ));
        assert!(conflict(
            "No other river in the world carries water to the Amazon.",
            "The Amazon River carries water from many other rivers in the world."
        ));
        assert!(super::superlative_by_negation(
            "Nothing else is lighter than graphene aerogel.",
            "Graphene aerogel is lighter than any other solid."
        ));
        assert!(!super::superlative_by_negation(
            "No other river carries as much water.",
            "The Nile is longer than the Amazon."
        ));
    }

    #[test]
    fn a_negated_verb_reaches_the_object_that_without_negates() {
        let conflict = negation_conflict_of;
        let axolotl = "Unlike most amphibians, the axolotl reaches adulthood without \
                       metamorphosis and keeps its gills.";
        assert!(!conflict(
            "The axolotl does not undergo metamorphosis.",
            axolotl
        ));
        assert!(!conflict(
            "The axolotl never undergoes metamorphosis and keeps its gills.",
            axolotl
        ));
        // The negation dropped, or put on a verb the source writes plainly.
        assert!(conflict(
            "The axolotl reaches adulthood through metamorphosis.",
            axolotl
        ));
        assert!(conflict("The axolotl does not keep its gills.", axolotl));
    }

    #[test]
    fn a_verb_and_its_noun_are_one_word_for_negations() {
        assert!(same_word("died", "death"));
        assert!(same_word("growth", "grew"));
        assert!(same_word("sal", "sold"));
        assert!(!same_word("died", "growth"));
        assert!(!same_word("sold", "loss"));
    }

    #[test]
    fn related_keys() {
        assert!(related("refund", "refundable"));
        assert!(related("refundable", "refund"));
        assert!(!related("ban", "banana"));
        assert!(!related("sell", "buy"));
    }
}
