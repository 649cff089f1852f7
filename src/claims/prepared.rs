//! Sources prepared for claim matching, once: their sentences, their words as integers
//! (each distinct key interned once per source, ids in sorted key order so that the keys
//! sharing a prefix are one range of ids), an inverted index from each key to the
//! sentences that contain it and from each token to its positions, numbers, antonym
//! words and negations. A [`SourceCache`] keeps prepared sources by content, so repeated
//! checks on the same sources (a stream, `answer()` retries, a chat re-checking every
//! chunk) prepare each source once.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, OnceLock};

use super::antonyms::{in_context, pole, Pole};
use super::idf::Idf;
use super::numbers::{quantities, Quantity};
use super::terms::{implicit_negative, scan_terms, stem, terms, Term, TermInfo};
use crate::source::Source;
use crate::text::segment;

/// Words that name the dimension a measure is of (`503 metres long`), each also a side of
/// an antonym-table pair elsewhere (`a long bridge`).
const DIMENSIONS: [&str; 6] = ["deep", "high", "long", "tall", "thick", "wide"];

/// For each id, a sorted list of items (sentences or positions), in one array.
#[derive(Debug, Clone, Default)]
pub struct Postings {
    offsets: Vec<u32>,
    items: Vec<u32>,
}

impl Postings {
    /// Builds the lists from `(id, item)` pairs given in increasing item order; ids below
    /// `ids`. An item repeated for the same id is kept once.
    fn build(ids: usize, pairs: &[(u32, u32)]) -> Self {
        let mut counts = vec![0u32; ids + 1];
        for &(id, _) in pairs {
            if let Some(c) = counts.get_mut(id as usize + 1) {
                *c += 1;
            }
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let mut fill = counts.clone();
        let mut items = vec![0u32; pairs.len()];
        for &(id, item) in pairs {
            if let Some(at) = fill.get_mut(id as usize) {
                if let Some(slot) = items.get_mut(*at as usize) {
                    *slot = item;
                }
                *at += 1;
            }
        }
        // Dedup each list in place (items arrive sorted per id).
        let mut offsets = vec![0u32; ids + 1];
        let mut write = 0usize;
        for id in 0..ids {
            let (a, b) = (counts[id] as usize, counts[id + 1] as usize);
            let mut last = None;
            for r in a..b {
                let v = items[r];
                if last != Some(v) {
                    items[write] = v;
                    write += 1;
                    last = Some(v);
                }
            }
            offsets[id + 1] = write as u32;
        }
        items.truncate(write);
        Postings { offsets, items }
    }

    /// The items of `id` (empty for an unknown id).
    pub fn get(&self, id: u32) -> &[u32] {
        let i = id as usize;
        match (self.offsets.get(i), self.offsets.get(i + 1)) {
            (Some(&a), Some(&b)) => self.items.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    fn heap_bytes(&self) -> usize {
        4 * (self.offsets.len() + self.items.len())
    }
}

/// Interns strings to dense ids with an open-addressing table (FNV-1a; deterministic,
/// never iterated in hash order).
#[derive(Debug, Clone, Default)]
pub(crate) struct Interner {
    keys: Vec<String>,
    slots: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;

fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Looks `key` up in an open-addressing table of `slots` (a power of two long, FNV-1a,
/// linear probing; `key_of` gives an entry's key): `Ok` with its entry, or `Err` with
/// the empty slot where it would go (`Err(0)` for a table without slots).
fn probe<'k>(
    slots: &[u32],
    key: &str,
    key_of: impl Fn(u32) -> Option<&'k str>,
) -> Result<u32, usize> {
    if slots.is_empty() {
        return Err(0);
    }
    let mask = slots.len() - 1;
    let mut i = (fnv(key) as usize) & mask;
    loop {
        match slots.get(i) {
            None => return Err(i),
            Some(&EMPTY) => return Err(i),
            Some(&e) if key_of(e) == Some(key) => return Ok(e),
            Some(_) => i = (i + 1) & mask,
        }
    }
}

impl Interner {
    /// The id of `key`, interned now if it is new (ids count up from 0 in order of
    /// first appearance).
    pub(crate) fn intern(&mut self, key: &str) -> u32 {
        if self.keys.len() * 2 >= self.slots.len() {
            self.grow();
        }
        let keys = &self.keys;
        match probe(&self.slots, key, |id| {
            keys.get(id as usize).map(String::as_str)
        }) {
            Ok(id) => id,
            Err(i) => {
                let id = self.keys.len() as u32;
                self.keys.push(key.to_string());
                if let Some(slot) = self.slots.get_mut(i) {
                    *slot = id;
                }
                id
            }
        }
    }

    /// The id of `key` if it is interned.
    pub(crate) fn find(&self, key: &str) -> Option<u32> {
        probe(&self.slots, key, |id| {
            self.keys.get(id as usize).map(String::as_str)
        })
        .ok()
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        self.slots = vec![EMPTY; size];
        let mask = size - 1;
        for (id, k) in self.keys.iter().enumerate() {
            let mut i = (fnv(k) as usize) & mask;
            while self.slots[i] != EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = id as u32;
        }
    }
}

/// An open-addressing table from distinct keys to their entries (FNV-1a, as the
/// [`Interner`]; deterministic, never iterated): a lookup hashes the key once and
/// compares it with one entry or two, where a binary search over the sorted keys made a
/// string comparison at every step.
#[derive(Debug, Clone, Default)]
struct KeyIndex {
    slots: Vec<u32>,
}

impl KeyIndex {
    /// Indexes entries `0..n`, whose keys `key_of` gives (distinct).
    fn build<'k>(n: usize, key_of: impl Fn(u32) -> &'k str) -> Self {
        let size = (n * 2).next_power_of_two().max(16);
        let mut slots = vec![EMPTY; size];
        let mask = size - 1;
        for e in 0..n as u32 {
            let mut i = (fnv(key_of(e)) as usize) & mask;
            while slots.get(i).is_some_and(|&s| s != EMPTY) {
                i = (i + 1) & mask;
            }
            if let Some(slot) = slots.get_mut(i) {
                *slot = e;
            }
        }
        KeyIndex { slots }
    }

    /// The entry whose key (as `key_of` gives it) is `key`.
    fn find<'k>(&self, key: &str, key_of: impl Fn(u32) -> &'k str) -> Option<u32> {
        probe(&self.slots, key, |e| Some(key_of(e))).ok()
    }

    fn heap_bytes(&self) -> usize {
        4 * self.slots.len()
    }
}

/// One source prepared for matching (owned: it can be cached and shared between checks).
#[derive(Debug, Clone, Default)]
pub struct PreparedSource {
    /// Byte ranges of the sentences of the content.
    pub sentences: Vec<(usize, usize)>,
    /// Whether each sentence contains a negation.
    pub sentence_negated: Vec<bool>,
    /// Whether each sentence holds a word that negates without a negation word
    /// (`lacks`, `failed`: [`super::terms::implicit_negative`]).
    pub sentence_negates_implicitly: Vec<bool>,
    /// For each sentence, the words its negations govern (see
    /// [`super::support::negation_scopes`]).
    pub sentence_negation_scopes: Vec<Vec<String>>,
    /// Content keys of the whole source, title included.
    pub keys: BTreeSet<String>,
    /// For each sentence, the antonym-table words it contains (see [`super::antonyms`])
    /// with their byte ranges in the content.
    pub sentence_poles: Vec<Vec<(Pole, (usize, usize))>>,
    /// For each sentence, its terms ([`terms`] of its text), read on first use: the role
    /// rules read a claim's best evidence sentence word by word, and the same sentence
    /// serves many claims and, the source being cached, many checks. Filled cells are
    /// not counted in [`PreparedSource::bytes`]; at most one per sentence.
    pub sentence_terms: Vec<OnceLock<Vec<Term>>>,
    /// The parts of its hyphenated content keys (`newton`, `john` of `newton-john`).
    pub parts: BTreeSet<String>,
    /// Pairs of consecutive content key ids of each sentence, sorted and distinct.
    pub sentence_bigrams: Vec<Vec<(u32, u32)>>,
    /// Quantities of the content and title.
    pub quantities: Vec<Quantity>,
    /// Hashes of every distinct token and of every run of three consecutive tokens,
    /// sorted (see [`PreparedSource::unigrams`], [`PreparedSource::trigrams`]): made on
    /// first use, since only the token and trigram shares read them (features the shipped
    /// model gives no weight).
    grams: OnceLock<(Vec<u64>, Vec<u64>)>,
    /// Every distinct key of the content's words (function words included), sorted: a
    /// key's id is its position here.
    pub vocab: Vec<String>,
    /// The distinct content key ids of each sentence, sorted.
    pub sentence_ids: Vec<Vec<u32>>,
    /// For each key id, the sentences where it is a content key.
    pub key_sentences: Postings,
    /// The key id of every word of the content, in order.
    pub token_ids: Vec<u32>,
    /// For each key id, the positions in [`PreparedSource::token_ids`] where it occurs.
    pub token_positions: Postings,
    /// [`PreparedSource::vocab`] by key (see [`PreparedSource::id`]).
    ids: KeyIndex,
    /// The ranges of ids whose keys share their first five characters (a
    /// [`fuzzy_prefix`]), in id order, and an index of them by that prefix.
    prefix_runs: Vec<(u32, u32)>,
    prefix_index: KeyIndex,
    /// Estimated heap size in bytes.
    pub bytes: usize,
}

/// The content read sentence by sentence, its keys interned in order of appearance.
#[derive(Default)]
struct Scan {
    interner: Interner,
    /// Byte range of each sentence.
    sentences: Vec<(usize, usize)>,
    /// Each sentence holds a negation word.
    negated: Vec<bool>,
    /// The key each negation word of a sentence governs.
    negation_scopes: Vec<Vec<String>>,
    /// The antonym-table words of each sentence with their byte ranges.
    poles: Vec<Vec<(Pole, (usize, usize))>>,
    /// The content key ids of each sentence, in order (interned ids).
    ids: Vec<Vec<u32>>,
    /// Pairs of consecutive content key ids of each sentence (interned ids).
    bigrams: Vec<Vec<(u32, u32)>>,
    /// The key id of every word, in order (interned ids).
    token_ids: Vec<u32>,
}

impl Scan {
    fn of(content: &str) -> Scan {
        let mut scan = Scan::default();
        let mut toks: Vec<Tok> = Vec::new();
        let mut spans: Vec<(usize, usize, bool)> = Vec::new();
        for seg in segment(content) {
            let Some(text) = content.get(seg.start..seg.end) else {
                continue;
            };
            toks.clear();
            scan_terms(text, |info, key| {
                let id = scan.interner.intern(key);
                toks.push(Tok { info, id });
            });
            scan.token_ids.extend(toks.iter().map(|t| t.id));
            let keys = &scan.interner.keys;
            let content_of =
                |t: &Tok| !t.info.stop && keys.get(t.id as usize).is_some_and(|k| !k.is_empty());
            let ids: Vec<u32> = toks
                .iter()
                .filter(|t| content_of(t))
                .map(|t| t.id)
                .collect();
            scan.bigrams
                .push(ids.windows(2).map(|w| (w[0], w[1])).collect());
            scan.ids.push(ids);
            scan.poles.push(
                toks.iter()
                    .enumerate()
                    .filter_map(|(i, t)| {
                        let w = text.get(t.info.start..t.info.end)?;
                        if let Some(p) = pole(w) {
                            // A dimension after a measure (`503 metres long`, `30 m
                            // deep`) names what is measured, no side of its pair.
                            let measured = i >= 2
                                && toks.get(i - 2).is_some_and(|n| n.info.numeric)
                                && toks
                                    .get(i - 1)
                                    .is_some_and(|u| !u.info.numeric && !u.info.stop);
                            if measured && DIMENSIONS.iter().any(|d| w.eq_ignore_ascii_case(d)) {
                                return None;
                            }
                            return Some((p, (seg.start + t.info.start, seg.start + t.info.end)));
                        }
                        // A pole after the word before it (see [`in_context`]): `for` /
                        // `against` with their verb, `close` alone.
                        let verb = toks.get(i.checked_sub(1)?)?;
                        let p = in_context(keys.get(verb.id as usize)?, w)?;
                        let from = if w.eq_ignore_ascii_case("close") {
                            t.info.start
                        } else {
                            verb.info.start
                        };
                        Some((p, (seg.start + from, seg.start + t.info.end)))
                    })
                    .collect(),
            );
            scan.negated.push(toks.iter().any(|t| t.info.negation));
            let mut scopes = Vec::new();
            for (i, t) in toks.iter().enumerate() {
                if !t.info.negation {
                    continue;
                }
                // Not past the negation's clause (as for claims).
                let ended = |w: &&Tok| {
                    text.get(t.info.end..w.info.start)
                        .is_none_or(|gap| gap.contains(super::support::CLAUSE_ENDS))
                };
                // A negating pronoun after its verb (`won none`) negates the verb.
                if let Some(w) = toks
                    .iter()
                    .skip(i + 1)
                    .take(
                        super::support::title_reach(text, &toks, i)
                            .unwrap_or(super::support::NEGATION_REACH),
                    )
                    .take_while(|w| !ended(w))
                    .find(|w| content_of(w) && !w.info.numeric)
                    .or_else(|| {
                        super::support::verb_before_pronoun(text, &toks, i, |w| {
                            content_of(w) && !w.info.numeric
                        })
                    })
                {
                    if let Some(k) = keys.get(w.id as usize) {
                        scopes.push(k.clone());
                    }
                }
            }
            // A verb of not doing over `to` (`failed to pay`), as for claims.
            let key = |t: &Tok| keys.get(t.id as usize).map_or("", String::as_str);
            for i in 0..toks.len() {
                let verb = super::support::not_doing_at(
                    text,
                    &toks,
                    i,
                    |t| (key(t), t.info.stop, t.info.negation),
                    |t| content_of(t) && !t.info.numeric,
                );
                if let Some(v) = verb.and_then(|v| toks.get(v)) {
                    scopes.push(key(v).to_string());
                }
            }
            scan.negation_scopes.push(scopes);
            // A place whose adjective is not its name with an ending (`Poland` /
            // `Polish`): the sentence holds the adjective's key too (not as a token:
            // runs and phrases read what is written; see `places`).
            let capitals = toks.iter().filter(|t| t.info.capitalised).count();
            let ids = scan.ids.last_mut();
            let interner = &mut scan.interner;
            let mut extra: Vec<u32> = Vec::new();
            // A hyphenated word holds its parts' keys too (`Bradford-based` gives
            // `based in Bradford`), not as tokens. Not one whose first part turns or
            // qualifies the rest (`non-indexed` is not `indexed`, an `ex-wife` no wife),
            // nor a number with its unit (`60-minute`: the quantities' reading).
            for t in toks.iter().filter(|t| !t.info.stop) {
                let Some(key) = interner.keys.get(t.id as usize) else {
                    continue;
                };
                if !key.contains('-')
                    || key.bytes().any(|b| b.is_ascii_digit())
                    || key
                        .split('-')
                        .next()
                        .is_some_and(|first| TURNING_PREFIXES.contains(&first))
                {
                    continue;
                }
                let parts: Vec<String> = key
                    .split('-')
                    .filter(|p| !p.is_empty() && !super::terms::is_stopword(p))
                    .map(stem)
                    .collect();
                extra.extend(parts.iter().map(|p| interner.intern(p)));
            }
            // Initials written apart (`J. R. R. Tolkien`, `B. J. Thomas`): the letters'
            // key together too (`jrr`), as a claim that joins them (`J.R.R.`) keys them.
            // (Bytes, not string slices: this is asked of every token of every source.)
            let bytes = text.as_bytes();
            let initial = |t: &Tok| {
                t.info.end == t.info.start + 1
                    && bytes.get(t.info.start).is_some_and(u8::is_ascii_uppercase)
                    && bytes.get(t.info.end) == Some(&b'.')
            };
            let mut k = 0;
            while let Some(first) = toks.get(k) {
                k += 1;
                if !initial(first) {
                    continue;
                }
                let mut letters = String::from(char::from(bytes[first.info.start]));
                let mut last = first;
                while let Some(t) = toks.get(k).filter(|t| {
                    initial(t)
                        && bytes
                            .get(last.info.end + 1..t.info.start)
                            .is_some_and(|g| !g.is_empty() && g.iter().all(|&b| b == b' '))
                }) {
                    letters.push(char::from(bytes[t.info.start]));
                    last = t;
                    k += 1;
                }
                if letters.len() >= 2 {
                    letters.make_ascii_lowercase();
                    extra.push(interner.intern(&stem(&letters)));
                }
            }
            let mut hold = |key: &str| interner.intern(key);
            for (i, t) in toks.iter().enumerate().filter(|(_, t)| t.info.capitalised) {
                let Some(surface) = text.get(t.info.start..t.info.end) else {
                    continue;
                };
                extra.extend(super::places::counterpart(surface).map(|o| hold(&stem(o))));
                // The other way, an adjective before a lower-case content word (`the Dutch
                // government`) names its place; one that ends its phrase may be a language.
                if toks.get(i + 1).is_some_and(|n| {
                    !n.info.capitalised
                        && !n.info.stop
                        && !n.info.numeric
                        && text.get(t.info.end..n.info.start) == Some(" ")
                        && !text
                            .get(n.info.start..n.info.end)
                            .is_some_and(super::places::language_noun)
                }) {
                    extra.extend(
                        super::places::places_of(surface)
                            .into_iter()
                            .map(|o| hold(&stem(o))),
                    );
                }
                // A country written by its acronym or its name (`US` / `America`): the
                // other's keys, marked (only a claim's acronym or country asks for them).
                let others = super::places::aliases(surface);
                extra.extend(
                    others
                        .iter()
                        .map(|o| hold(&super::places::marked(&stem(o)))),
                );
            }
            // A run of capitalised words (`United Kingdom`, `Bank of England`): the key
            // of its initials, marked, so that a claim that writes the acronym (`the UK`)
            // is credited where the name rule finds it spelled out, and no claim's other
            // name with the same initials is.
            if capitals >= 2 {
                spans.clear();
                spans.extend(
                    toks.iter()
                        .map(|t| (t.info.start, t.info.end, t.info.capitalised)),
                );
                for (members, initials) in super::support::capital_runs(text, &spans) {
                    if !initials.chars().all(|c| c.is_ascii_alphabetic()) {
                        continue;
                    }
                    // A run that joins names with `and` (`the European Union and
                    // Canada`) holds the initials of each name of two words or more it
                    // joins too (`EU`).
                    let parts = super::support::and_parts(text, &spans, &members, &initials);
                    let parts = parts.into_iter().map(|(part, _, _)| part);
                    for part in std::iter::once(initials.as_str()).chain(parts) {
                        let upper = part.to_ascii_uppercase();
                        let others = super::places::aliases(&upper).iter().copied();
                        for key in std::iter::once(part).chain(others) {
                            extra.push(hold(&super::places::marked(&stem(key))));
                        }
                    }
                }
            }
            if let Some(ids) = ids {
                ids.extend(extra);
            }
            scan.sentences.push((seg.start, seg.end));
        }
        scan
    }
}

/// The interned keys in sorted order, and each interned id's rank (its id in that
/// order).
fn sorted_vocab(mut keys_by_old: Vec<String>) -> (Vec<String>, Vec<u32>) {
    let mut order: Vec<u32> = (0..keys_by_old.len() as u32).collect();
    // The keys are distinct, so the stable sort gives the one order there is. Compared by
    // their first 16 bytes as integers first (see `prefix_key`).
    let prefixes: Vec<u128> = keys_by_old
        .iter()
        .map(|k| crate::text::sort::prefix_key(k.as_bytes()))
        .collect();
    crate::text::sort::sort_by(&mut order, |&a, &b| {
        let (a, b) = (a as usize, b as usize);
        prefixes
            .get(a)
            .cmp(&prefixes.get(b))
            .then_with(|| keys_by_old.get(a).cmp(&keys_by_old.get(b)))
    });
    let mut rank = vec![0u32; order.len()];
    for (r, &old) in order.iter().enumerate() {
        rank[old as usize] = r as u32;
    }
    let vocab: Vec<String> = order
        .iter()
        .map(|&old| std::mem::take(&mut keys_by_old[old as usize]))
        .collect();
    (vocab, rank)
}

/// Keys of the words that end what they govern (of [`super::ENDING_WORDS`], as keys,
/// sorted; not `deprecated`: what is deprecated still works; a unit test checks both).
const ENDING_KEYS: &[&str] = &[
    "abolish",
    "ban",
    "cancel",
    "cancell",
    "discontinu",
    "drop",
    "end",
    "remov",
    "scrap",
    "stop",
    "withdrawn",
    "withdrew",
];

/// Whether each sentence holds a word that negates without a negation word (each
/// distinct key asked once), or a word that ends a service beside that service's word
/// (`removed support for Node 16` says there is no support, as `no support` does).
fn implicit_negations(vocab: &[String], sentence_ids: &[Vec<u32>]) -> Vec<bool> {
    let implicit: Vec<bool> = vocab.iter().map(|k| implicit_negative(k)).collect();
    // The ids of the ending and the service words, found in the sorted vocabulary (most
    // sources have none of one or the other).
    let ending: Vec<u32> = ENDING_KEYS
        .iter()
        .filter_map(|k| vocab.binary_search_by(|v| v.as_str().cmp(k)).ok())
        .map(|i| i as u32)
        .collect();
    let service: Vec<u32> = if ending.is_empty() {
        Vec::new()
    } else {
        super::features::SERVICES
            .iter()
            .flat_map(|p| {
                let from = vocab.partition_point(|v| v.as_str() < *p);
                (from..vocab.len())
                    .take_while(move |&i| vocab.get(i).is_some_and(|v| v.starts_with(p)))
                    .map(|i| i as u32)
            })
            .collect()
    };
    let holds = |ids: &[u32], of: &[u32]| of.iter().any(|k| ids.binary_search(k).is_ok());
    sentence_ids
        .iter()
        .map(|ids| {
            ids.iter()
                .any(|&id| implicit.get(id as usize).copied().unwrap_or(false))
                || (!service.is_empty() && holds(ids, &ending) && holds(ids, &service))
        })
        .collect()
}

/// The content keys that are content words of some sentence, with the title's; the
/// quantities of the content, then the title's (whose offsets are not used for spans:
/// they are kept out of range).
fn keys_and_quantities(
    content: &str,
    title: Option<&str>,
    vocab: &[String],
    key_sentences: &Postings,
) -> (BTreeSet<String>, Vec<Quantity>) {
    let mut keys: BTreeSet<String> = (0..vocab.len() as u32)
        .filter(|&id| !key_sentences.get(id).is_empty())
        .filter_map(|id| vocab.get(id as usize).cloned())
        .collect();
    let content_words = crate::text::words::words(content);
    let mut qs = super::numbers::quantities_in(content, &content_words);
    // Shares written as words (`about half of them`), for a claim that gives them as
    // percentages, in order with the rest; read only where a key is a share's word.
    let share_word = |k: &String| super::numbers::SHARE_KEYS.contains(&k.as_str());
    if vocab.iter().any(share_word) {
        let shares = super::numbers::word_shares(content, &content_words);
        if !shares.is_empty() {
            qs.extend(shares);
            crate::text::sort::sort_by_key(&mut qs, |q| q.start);
        }
    }
    if let Some(title) = title {
        keys.extend(
            terms(title)
                .into_iter()
                .filter(|t| !t.stop && !t.key.is_empty())
                .map(|t| t.key),
        );
        qs.extend(quantities(title).into_iter().map(|mut q| {
            q.start = usize::MAX;
            q.end = usize::MAX;
            q
        }));
    }
    (keys, qs)
}

/// Hashes of every distinct key, and of every run of three consecutive tokens, sorted
/// and distinct.
fn gram_hashes(vocab: &[String], token_ids: &[u32]) -> (Vec<u64>, Vec<u64>) {
    let mut unigrams: Vec<u64> = vocab.iter().map(|k| hash_keys([k.as_str()])).collect();
    crate::text::sort::sort_u64(&mut unigrams);
    unigrams.dedup();
    let mut trigrams: Vec<u64> = token_ids
        .windows(3)
        .map(|w| {
            hash_keys(
                w.iter()
                    .map(|&id| vocab.get(id as usize).map_or("", String::as_str)),
            )
        })
        .collect();
    crate::text::sort::sort_u64(&mut trigrams);
    trigrams.dedup();
    (unigrams, trigrams)
}

/// Keys of five characters or more that share their first five are one run of ids (the
/// ids are in key order); the runs, and their index by that prefix.
fn prefix_runs(vocab: &[String]) -> (Vec<(u32, u32)>, KeyIndex) {
    let mut prefix_runs: Vec<(u32, u32)> = Vec::new();
    let mut run_prefix: Option<&str> = None;
    for (id, k) in vocab.iter().enumerate() {
        let id = id as u32;
        let p = fuzzy_prefix(k);
        match (p, prefix_runs.last_mut()) {
            (Some(p), Some(run)) if run_prefix == Some(p) && run.1 == id => run.1 = id + 1,
            (Some(p), _) => {
                prefix_runs.push((id, id + 1));
                run_prefix = Some(p);
            }
            (None, _) => {}
        }
    }
    let run_key = |r: u32| {
        prefix_runs
            .get(r as usize)
            .and_then(|&(first, _)| vocab.get(first as usize))
            .and_then(|k| fuzzy_prefix(k))
            .unwrap_or("")
    };
    let prefix_index = KeyIndex::build(prefix_runs.len(), run_key);
    (prefix_runs, prefix_index)
}

/// First parts of a hyphenated word that turn or qualify the rest, lower case: its parts
/// are not its meaning (`non-indexed`, `anti-war`, `ex-wife`, `semi-final`).
const TURNING_PREFIXES: &[&str] = &[
    "anti", "counter", "dis", "ex", "mis", "non", "not", "pseudo", "quasi", "semi", "un",
];

/// Term flags of one word of a sentence during preparation.
struct Tok {
    info: TermInfo,
    id: u32,
}

impl super::support::Spanned for Tok {
    fn span(&self) -> (usize, usize) {
        (self.info.start, self.info.end)
    }
}

impl PreparedSource {
    /// Prepares a source's content and title. Linear in their length (times the log of
    /// the number of distinct words).
    pub fn new(content: &str, title: Option<&str>) -> Self {
        let scan = Scan::of(content);
        let (vocab, rank) = sorted_vocab(scan.interner.keys);
        let remap = |id: u32| rank.get(id as usize).copied().unwrap_or(0);
        let token_ids: Vec<u32> = scan.token_ids.into_iter().map(remap).collect();
        let sentence_ids: Vec<Vec<u32>> = scan
            .ids
            .into_iter()
            .map(|v| {
                let mut v: Vec<u32> = v.into_iter().map(remap).collect();
                crate::text::sort::sort_u32(&mut v);
                v.dedup();
                v
            })
            .collect();
        let sentence_negates_implicitly = implicit_negations(&vocab, &sentence_ids);
        let sentence_bigrams: Vec<Vec<(u32, u32)>> = scan
            .bigrams
            .into_iter()
            .map(|v| {
                let mut v: Vec<(u32, u32)> =
                    v.into_iter().map(|(a, b)| (remap(a), remap(b))).collect();
                crate::text::sort::sort_u32_pairs(&mut v);
                v.dedup();
                v
            })
            .collect();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for (s, ids) in sentence_ids.iter().enumerate() {
            pairs.extend(ids.iter().map(|&id| (id, s as u32)));
        }
        let key_sentences = Postings::build(vocab.len(), &pairs);
        pairs.clear();
        pairs.extend(token_ids.iter().enumerate().map(|(p, &id)| (id, p as u32)));
        let token_positions = Postings::build(vocab.len(), &pairs);
        let (keys, quantities) = keys_and_quantities(content, title, &vocab, &key_sentences);
        // Inserted one by one (collecting into a set compiles a sort of its own).
        let mut parts = BTreeSet::new();
        for p in keys
            .iter()
            .filter(|k| k.contains('-'))
            .flat_map(|k| k.split('-'))
            .filter(|p| !p.is_empty())
        {
            parts.insert(stem(p));
        }
        let ids = KeyIndex::build(vocab.len(), |i| {
            vocab.get(i as usize).map_or("", String::as_str)
        });
        let (prefix_runs, prefix_index) = prefix_runs(&vocab);
        let sentence_count = scan.sentences.len();
        let mut prepared = PreparedSource {
            sentences: scan.sentences,
            sentence_negated: scan.negated,
            sentence_negates_implicitly,
            sentence_negation_scopes: scan.negation_scopes,
            keys,
            sentence_terms: (0..sentence_count).map(|_| OnceLock::new()).collect(),
            sentence_poles: scan.poles,
            parts,
            sentence_bigrams,
            quantities,
            grams: OnceLock::new(),
            vocab,
            sentence_ids,
            key_sentences,
            token_ids,
            token_positions,
            ids,
            prefix_runs,
            prefix_index,
            bytes: 0,
        };
        prepared.bytes = prepared.heap_bytes();
        prepared
    }

    fn heap_bytes(&self) -> usize {
        let strings: usize = self.vocab.iter().map(|k| k.len() + 24).sum();
        let keys: usize = self.keys.iter().map(|k| k.len() + 48).sum();
        let sentences = self.sentences.len() * (16 + 2 + 24 * 4 + 32);
        let ids: usize = self.sentence_ids.iter().map(|v| 4 * v.len()).sum();
        let bigrams: usize = self.sentence_bigrams.iter().map(|v| 8 * v.len()).sum();
        strings
            + 2 * keys
            + sentences
            + ids
            + bigrams
            + self.quantities.len() * 64
            // The hashes, made or not: at most one per key and one per token.
            + 8 * (self.vocab.len() + self.token_ids.len())
            + 4 * self.token_ids.len()
            + self.key_sentences.heap_bytes()
            + self.token_positions.heap_bytes()
            + self.ids.heap_bytes()
            + 8 * self.prefix_runs.len()
            + self.prefix_index.heap_bytes()
    }

    /// Hashes of every distinct token, sorted (FNV-1a over its key, as `hash_keys` computes it).
    pub fn unigrams(&self) -> &[u64] {
        &self.grams().0
    }

    /// Hashes of every run of three consecutive tokens, sorted.
    pub fn trigrams(&self) -> &[u64] {
        &self.grams().1
    }

    fn grams(&self) -> &(Vec<u64>, Vec<u64>) {
        self.grams
            .get_or_init(|| gram_hashes(&self.vocab, &self.token_ids))
    }

    /// The id of `key`, if the content has it.
    pub fn id(&self, key: &str) -> Option<u32> {
        self.ids.find(key, |i| self.key(i))
    }

    /// The ids of the keys that start with `prefix` (one range, ids being in key order).
    pub fn prefix_ids(&self, prefix: &str) -> std::ops::Range<u32> {
        match self.fuzzy_ids(prefix) {
            Some(r) if !r.is_empty() => r,
            _ => self.searched_prefix_ids(prefix),
        }
    }

    /// The ids of the keys that start with `prefix` when it is a [`fuzzy_prefix`] (five
    /// characters), through the prefix index: the range [`PreparedSource::prefix_ids`]
    /// gives, except that no key with the prefix gives `0..0`; `None` for another prefix.
    pub(crate) fn fuzzy_ids(&self, prefix: &str) -> Option<std::ops::Range<u32>> {
        if fuzzy_prefix(prefix) != Some(prefix) {
            return None;
        }
        let run_key = |r: u32| {
            self.prefix_runs
                .get(r as usize)
                .and_then(|&(first, _)| fuzzy_prefix(self.key(first)))
                .unwrap_or("")
        };
        Some(
            self.prefix_index
                .find(prefix, run_key)
                .and_then(|r| self.prefix_runs.get(r as usize))
                .map_or(0..0, |&(a, b)| a..b),
        )
    }

    /// [`PreparedSource::prefix_ids`] by binary search over the sorted keys.
    fn searched_prefix_ids(&self, prefix: &str) -> std::ops::Range<u32> {
        let lo = self.vocab.partition_point(|k| k.as_str() < prefix);
        let len = self
            .vocab
            .get(lo..)
            .map_or(0, |rest| rest.partition_point(|k| k.starts_with(prefix)));
        lo as u32..(lo + len) as u32
    }

    /// The sentence that holds byte `at` of the content: the first that ends after it (the
    /// number of sentences when none does).
    pub fn sentence_at(&self, at: usize) -> usize {
        self.sentences.partition_point(|&(_, b)| b <= at)
    }

    /// The sentences `lo..hi` that byte range `start..end` of the content overlaps.
    pub fn sentences_over(&self, (start, end): (usize, usize)) -> (usize, usize) {
        (
            self.sentence_at(start),
            self.sentences.partition_point(|&(a, _)| a < end),
        )
    }

    /// The poles of the antonym-table words of sentence `s` (none past the last).
    pub fn poles_of(&self, s: usize) -> Vec<Pole> {
        self.sentence_poles
            .get(s)
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .map(|(p, _)| *p)
            .collect()
    }

    /// The key of `id`.
    pub fn key(&self, id: u32) -> &str {
        self.vocab.get(id as usize).map_or("", String::as_str)
    }

    /// Credit of claim key `k` in sentence `s`: 1 when the sentence has the key, `fuzzy`
    /// when it has a content key sharing `k`'s first five characters, else 0 (what
    /// [`super::support::credit`] gives against the sentence's key set).
    pub(crate) fn sentence_credit(&self, s: usize, k: &str, fuzzy: f64) -> f64 {
        let Some(ids) = self.sentence_ids.get(s) else {
            return 0.0;
        };
        if self.id(k).is_some_and(|id| ids.binary_search(&id).is_ok()) {
            return 1.0;
        }
        if fuzzy <= 0.0 {
            return 0.0;
        }
        let Some(prefix) = fuzzy_prefix(k) else {
            return 0.0;
        };
        // Only whether a sentence id falls in the range matters: an empty one anywhere
        // will do.
        let r = self
            .fuzzy_ids(prefix)
            .unwrap_or_else(|| self.prefix_ids(prefix));
        let at = ids.partition_point(|&id| id < r.start);
        if ids.get(at).is_some_and(|&id| id < r.end) {
            fuzzy
        } else {
            0.0
        }
    }
}

/// The first five characters of `k`, the prefix fuzzy credit is given on; `None` when
/// `k` is shorter.
pub fn fuzzy_prefix(k: &str) -> Option<&str> {
    let end = k.char_indices().nth(5).map_or(k.len(), |(i, _)| i);
    let p = k.get(..end)?;
    (p.chars().count() >= 5).then_some(p)
}

/// FNV-1a over keys, each followed by 0xff: the hash of a token (one key) or of a run of
/// three (the claims' side hashes its terms' keys the same way, see `features.rs`).
pub(crate) fn hash_keys<'k>(keys: impl IntoIterator<Item = &'k str>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for k in keys {
        for b in k.bytes().chain([0xff]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// The prepared sources of one check and their IDF table.
#[derive(Debug, Clone)]
pub struct PreparedSet {
    /// One per source, in the caller's order.
    pub sources: Vec<Arc<PreparedSource>>,
    /// Term weights over all their sentences.
    pub idf: Arc<Idf>,
    /// Fingerprint of each source (content and title).
    fingerprints: Vec<u64>,
}

impl PreparedSet {
    /// Prepares `sources` without a cache.
    pub fn new(sources: &[Source]) -> Self {
        let prepared: Vec<Arc<PreparedSource>> = sources
            .iter()
            .map(|s| Arc::new(PreparedSource::new(&s.content, s.title.as_deref())))
            .collect();
        Self::from_prepared(sources, prepared)
    }

    fn from_prepared(sources: &[Source], prepared: Vec<Arc<PreparedSource>>) -> Self {
        let idf = Arc::new(Idf::from_prepared(prepared.iter().map(Arc::as_ref)));
        PreparedSet {
            sources: prepared,
            idf,
            fingerprints: sources.iter().map(fingerprint).collect(),
        }
    }

    /// True when this set was prepared from `sources` (same contents and titles, same
    /// order): compared in full, not by hash.
    pub fn fits(&self, sources: &[Source]) -> bool {
        self.sources.len() == sources.len()
            && self.fingerprints.len() == sources.len()
            && sources
                .iter()
                .zip(&self.fingerprints)
                .all(|(s, &f)| fingerprint(s) == f)
    }
}

/// A hash of what preparation reads from a source: its content and title.
pub fn fingerprint(s: &Source) -> u64 {
    let mut h = text_hash(&s.content);
    if let Some(t) = &s.title {
        h ^= text_hash(t).rotate_left(1);
    }
    h
}

/// A hash of a whole text, eight bytes at a time (a check hashes every source to find it
/// in the cache: byte-at-a-time FNV cost more than the lookup it guards, in wasm).
fn text_hash(text: &str) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let bytes = text.as_bytes();
    let mut h = (bytes.len() as u64).wrapping_mul(K);
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        h = (h.rotate_left(5) ^ word(w)).wrapping_mul(K);
    }
    for &b in words.remainder() {
        h = (h.rotate_left(5) ^ u64::from(b)).wrapping_mul(K);
    }
    h
}

/// `a == b`, eight bytes at a time (wasm's `memcmp` goes byte by byte).
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    (&mut x).zip(&mut y).all(|(p, q)| word(p) == word(q)) && x.remainder() == y.remainder()
}

/// The first eight bytes of `b` (zeros for what is missing) as one number.
fn word(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    for (d, s) in w.iter_mut().zip(b) {
        *d = *s;
    }
    u64::from_le_bytes(w)
}

/// Most sources a [`SourceCache`] keeps.
pub const CACHE_MAX_SOURCES: usize = 64;

/// Most bytes of source text (content and title, UTF-8) a [`SourceCache`] keeps; a
/// source longer than a quarter of this is prepared but not kept.
pub const CACHE_MAX_TEXT_BYTES: usize = 2 << 20;

#[derive(Debug)]
struct Entry {
    hash: u64,
    content: String,
    title: Option<String>,
    prepared: Arc<PreparedSource>,
}

#[derive(Debug, Default)]
struct CacheState {
    /// Least recently used first.
    entries: Vec<Entry>,
    text_bytes: usize,
    /// The last set's IDF table, by the prepared sources it was built from.
    last_set: Option<(Vec<Arc<PreparedSource>>, Arc<Idf>)>,
    hits: u64,
    misses: u64,
}

/// Prepared sources kept by content (compared in full on a hit), shared by the clones of
/// a validator: bounded by [`CACHE_MAX_SOURCES`] sources and [`CACHE_MAX_TEXT_BYTES`]
/// bytes of their text, least recently used dropped first. Results never depend on it:
/// a hit returns what preparing again would.
#[derive(Debug, Clone, Default)]
pub struct SourceCache {
    state: Arc<Mutex<CacheState>>,
}

impl SourceCache {
    /// The prepared set of `sources`, from the cache where it holds them.
    pub fn prepare(&self, sources: &[Source]) -> PreparedSet {
        let Ok(mut st) = self.state.lock() else {
            return PreparedSet::new(sources);
        };
        let mut prepared = Vec::with_capacity(sources.len());
        let mut fingerprints = Vec::with_capacity(sources.len());
        for s in sources {
            let hash = fingerprint(s);
            fingerprints.push(hash);
            let found = st.entries.iter().position(|e| {
                e.hash == hash
                    && same_text(&e.content, &s.content)
                    && e.title.as_deref() == s.title.as_deref()
            });
            match found {
                Some(at) => {
                    st.hits += 1;
                    let e = st.entries.remove(at);
                    prepared.push(Arc::clone(&e.prepared));
                    st.entries.push(e);
                }
                None => {
                    st.misses += 1;
                    let p = Arc::new(PreparedSource::new(&s.content, s.title.as_deref()));
                    let size = s.content.len() + s.title.as_ref().map_or(0, String::len);
                    if size <= CACHE_MAX_TEXT_BYTES / 4 {
                        st.text_bytes += size;
                        st.entries.push(Entry {
                            hash,
                            content: s.content.clone(),
                            title: s.title.clone(),
                            prepared: Arc::clone(&p),
                        });
                        while st.entries.len() > CACHE_MAX_SOURCES
                            || st.text_bytes > CACHE_MAX_TEXT_BYTES
                        {
                            let e = st.entries.remove(0);
                            st.text_bytes -=
                                e.content.len() + e.title.as_ref().map_or(0, String::len);
                        }
                    }
                    prepared.push(p);
                }
            }
        }
        let idf = match &st.last_set {
            Some((set, idf))
                if set.len() == prepared.len()
                    && set.iter().zip(&prepared).all(|(a, b)| Arc::ptr_eq(a, b)) =>
            {
                Arc::clone(idf)
            }
            _ => {
                let idf = Arc::new(Idf::from_prepared(prepared.iter().map(Arc::as_ref)));
                st.last_set = Some((prepared.clone(), Arc::clone(&idf)));
                idf
            }
        };
        // The last set is kept only while its sources are cached.
        if st.entries.is_empty() {
            st.last_set = None;
        }
        PreparedSet {
            fingerprints,
            sources: prepared,
            idf,
        }
    }

    /// `(hits, misses)` of source lookups so far.
    pub fn stats(&self) -> (u64, u64) {
        self.state.lock().map_or((0, 0), |s| (s.hits, s.misses))
    }

    /// Drops every prepared source.
    pub fn clear(&self) {
        if let Ok(mut s) = self.state.lock() {
            *s = CacheState::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ending_keys_are_the_ending_words_keys() {
        let mut keys: Vec<String> = super::super::ENDING_WORDS
            .iter()
            .filter(|w| **w != "deprecated")
            .map(|w| super::super::terms::stem(w))
            .collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys, ENDING_KEYS);
    }

    #[test]
    fn a_hyphenated_word_gives_its_parts_to_its_sentence() {
        let p = PreparedSource::new(
            "The Bradford-based company cut prices. The site has non-indexed pages. \
             It runs 60-minute classes.",
            None,
        );
        let gives = |s: usize, k: &str| p.sentence_credit(s, &stem(k), 0.0) > 0.0;
        assert!(gives(0, "bradford") && gives(0, "based"));
        // Not a part that a negating first part turns, nor a number with its unit.
        assert!(!gives(1, "indexed"));
        assert!(!gives(2, "minute"));
        // The parts are keys of the sentence, not tokens: no run reads them.
        let part = p.id("bradford").expect("a key");
        assert!(p.token_positions.get(part).is_empty());
    }

    #[test]
    fn initials_written_apart_give_the_letters_key() {
        let p = PreparedSource::new(
            "The novel is by J. R. R. Tolkien. Take Route A. B is the other road.",
            None,
        );
        assert!(p.sentence_credit(0, &stem("jrr"), 0.0) > 0.0);
        // A letter without its period is no initial: `A.` and `B` join nothing.
        assert!(p.id("ab").is_none());
    }

    #[test]
    fn a_dimension_after_a_measure_is_no_pole() {
        let p = PreparedSource::new(
            "The bridge is 503 metres long. The bridge is long. The lake is 30 m deep. The lake is deep.",
            None,
        );
        assert!(p.poles_of(0).is_empty());
        assert_eq!(p.poles_of(1).len(), 1);
        assert!(p.poles_of(2).is_empty());
        assert_eq!(p.poles_of(3).len(), 1);
    }

    #[test]
    fn postings_keep_each_item_once_in_order() {
        let p = Postings::build(3, &[(1, 0), (0, 0), (1, 0), (1, 2), (2, 5)]);
        assert_eq!(p.get(0), &[0]);
        assert_eq!(p.get(1), &[0, 2]);
        assert_eq!(p.get(2), &[5]);
        assert_eq!(p.get(9), &[] as &[u32]);
    }

    #[test]
    fn ids_follow_key_order_and_prefixes_are_ranges() {
        let p = PreparedSource::new("Organisational organisation of the organ. Zebra.", None);
        let mut sorted = p.vocab.clone();
        sorted.sort();
        assert_eq!(sorted, p.vocab);
        let r = p.prefix_ids("organ");
        assert!(r.len() >= 2);
        assert!(r.clone().all(|id| p.key(id).starts_with("organ")));
        assert!(p.sentence_credit(0, "organisat", 0.6) > 0.0);
        assert_eq!(p.sentence_credit(1, "organ", 0.6), 0.0);
    }

    #[test]
    fn the_key_tables_answer_as_the_sorted_vocabulary() {
        let p = PreparedSource::new(
            "Organisational organisation of the organ, the organs and Organa. Zebras \
             graze; a zebra grazed. Ünïcödé wörds, naïve naïveté, 東京 and 1,000 items.",
            Some("Organic zebra titles"),
        );
        let by_search = |k: &str| p.vocab.binary_search_by(|v| v.as_str().cmp(k)).ok();
        let range_by_search = |prefix: &str| {
            let lo = p.vocab.partition_point(|k| k.as_str() < prefix);
            let len = p.vocab[lo..].partition_point(|k| k.starts_with(prefix));
            lo as u32..(lo + len) as u32
        };
        let mut probes: Vec<String> = p.vocab.clone();
        for k in &p.vocab {
            probes.extend(k.char_indices().map(|(i, _)| k[..i].to_string()));
            probes.push(format!("{k}x"));
        }
        probes.extend(["", "zzzzz", "organx", "aaaaa", "naïvx"].map(String::from));
        for k in &probes {
            assert_eq!(p.id(k), by_search(k).map(|i| i as u32), "{k:?}");
            assert_eq!(p.prefix_ids(k), range_by_search(k), "{k:?}");
            if let Some(r) = p.fuzzy_ids(k) {
                let expected = range_by_search(k);
                assert_eq!(r.is_empty(), expected.is_empty(), "{k:?}");
                assert!(r.is_empty() || r == expected, "{k:?}");
            }
        }
        assert!(PreparedSource::default().id("a").is_none());
    }

    #[test]
    fn the_cache_returns_the_same_preparation() {
        let cache = SourceCache::default();
        let sources = vec![
            Source::new("a", "The tower is 330 metres tall."),
            Source::new("b", "Paris."),
        ];
        let first = cache.prepare(&sources);
        let second = cache.prepare(&sources);
        assert!(first
            .sources
            .iter()
            .zip(&second.sources)
            .all(|(a, b)| Arc::ptr_eq(a, b)));
        assert!(Arc::ptr_eq(&first.idf, &second.idf));
        assert_eq!(cache.stats(), (2, 2));
        assert!(second.fits(&sources));
        let mut changed = sources.clone();
        changed[1].content.push('!');
        assert!(!second.fits(&changed));
        let third = cache.prepare(&changed);
        assert!(Arc::ptr_eq(&first.sources[0], &third.sources[0]));
        assert!(!Arc::ptr_eq(&first.sources[1], &third.sources[1]));
    }
}
