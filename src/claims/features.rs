//! The features of a claim against a set of sources: what [`super::model`] turns into a
//! support score. Each is general (no list of words, no knowledge of a data set) and a
//! share in [0, 1] or a weight, never a count or a length: how much of the claim's
//! IDF-weighted content the best window, the best sentence and the whole set cover, how
//! many of its phrases and runs of three words they repeat, how long a run of its words
//! they repeat verbatim (as a share of the claim), what of the claim they leave out, and
//! the share of its words found at all. The shipped model uses the window coverage only;
//! the others stay for the fitting harness. The same pass finds the claim's missing
//! numbers and names and a contradiction by quantity.

use super::logistic::Model;
use super::numbers::{joins_a_range, unit_canonical, unit_factor, Quantity, UNITS};
use super::prepared::hash_keys;
use super::support::{
    calendar_of, coverage, credit, is_auxiliary, match_source_for, same_word, ClaimProfile,
    IndexedSource, SourceMatch,
};
use super::terms::{stem, terms};
use super::ClaimOptions;
use crate::text::acronym::{common_spelled_out, spelled_out};

/// Number of features.
pub const FEATURES: usize = 11;

/// Feature names, in the order of [`Assessment::values`] and of the model's tables. Each
/// is a share in [0, 1] (or a weight): none grows with the length of the claim or of the
/// sources, so a claim copied from a source scores the same whatever the source's size.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "windowCoverage",
    "sentenceCoverage",
    "setCoverage",
    "windowPhrases",
    "runShare",
    "unmatchedShare",
    "maxUnmatchedWeight",
    "trigramShare",
    "novelCoverage",
    "windowCoverageSquared",
    "tokenShare",
];

/// The features by name: indexes of [`Assessment::values`] and of the model's tables
/// (`values[Feature::SetCoverage as usize]`), in the order of [`FEATURE_NAMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// IDF-weighted share of the claim's content the best window covers.
    WindowCoverage = 0,
    /// The same share for the best sentence.
    SentenceCoverage = 1,
    /// The same share for the union of the sources (any source names the word).
    SetCoverage = 2,
    /// Share of the claim's phrases the best window repeats.
    WindowPhrases = 3,
    /// The longest run of the claim's tokens a source repeats verbatim, as a share of
    /// the claim's tokens.
    RunShare = 4,
    /// Share of the claim's content words no source has.
    UnmatchedShare = 5,
    /// The largest IDF weight of a content word no source has.
    MaxUnmatchedWeight = 6,
    /// Share of the claim's tokens inside a run of three that a source repeats.
    TrigramShare = 7,
    /// Coverage of the words the question does not already contain.
    NovelCoverage = 8,
    /// [`Feature::WindowCoverage`] squared.
    WindowCoverageSquared = 9,
    /// Share of the claim's tokens found in some source.
    TokenShare = 10,
}

/// A claim measured against a set of sources.
#[derive(Debug, Clone)]
pub struct Assessment {
    /// The feature values, named by [`FEATURE_NAMES`].
    pub values: [f64; FEATURES],
    /// The source whose best window covers the claim most (the evidence), if any source.
    pub best: Option<SourceMatch>,
    /// Quantities of the claim that no source of the set states, as written in the claim.
    pub missing_numbers: Vec<String>,
    /// Names of the claim that no source of the set contains.
    pub missing_names: Vec<String>,
    /// A quantity of the claim that no source states, and the different quantity of the
    /// same kind that the best evidence sentence states instead (both as written), when
    /// that sentence otherwise states the claim: a contradiction by quantity.
    pub number_conflict: Option<(String, String)>,
    /// Two names of the claim that the best evidence sentence gives in the other roles
    /// (as written in the claim; see [`super::roles`]). Set by the caller.
    pub role_swap: Option<(String, String)>,
    /// A member of a list that the best evidence sentence gives with another member in
    /// its place, and that no cited source states (the claim's, the evidence's; see
    /// [`super::roles::replaced_member`]). Counts as a missing name. Set by the caller.
    pub replaced: Option<(String, String)>,
    /// A member the claim adds to a list of the best evidence sentence, which no cited
    /// source states (the claim's added member, the member the sentence gives; see
    /// [`super::roles::added_member`]). Counts as a missing name. Set by the caller.
    pub added: Option<(String, String)>,
    /// The claim's cause (as written) that no sentence of its evidence states as a cause
    /// of its effect (see [`super::causes`]). Counts as a missing name. Set by the caller.
    pub unstated_cause: Option<String>,
    /// The claim's negation word (as written) that no sentence of its evidence states in
    /// any form (see [`super::negated::unstated_negation`]). Counts as a missing name. Set
    /// by the caller.
    pub unstated_negation: Option<String>,
    /// The claim's verb (as written) that its evidence writes only as planned, expected
    /// or possible, with the evidence's words for it (see
    /// [`super::hedged::unstated_certainty`]), or a stage of a criminal case that its
    /// evidence does not reach, with the evidence's latest (see
    /// [`super::hedged::unstated_stage`]). Counts as a missing name. Set by the caller.
    pub unstated_certainty: Option<(String, String)>,
    /// What a copular claim says its name is (`manager` in `Paul McCartney was the band's
    /// manager`), as written, when no source writes it (see
    /// [`super::complement::unstated_complement`]). Counts as a missing name. Set by the
    /// caller.
    pub unstated_complement: Option<String>,
    /// The claim's gendered pronoun and the evidence's of the other gender around the same
    /// words (`he` where the evidence says `said she would`; see
    /// [`super::pronouns::swapped_pronoun`]), as written. Counts as a missing name. Set by
    /// the caller.
    pub swapped_pronoun: Option<(String, String)>,
    /// A name or quantity of the claim that the evidence's source writes only away from
    /// the sentences that state the rest of the claim (see [`super::distant::distant`]).
    /// Counts as a missing name or number. Set by the caller.
    pub distant: Option<super::distant::Distant>,
    /// A word of the claim that its evidence lacks and that the sources write only in
    /// sentences negating what the claim states of it, with one such sentence (see
    /// [`super::negated::negated_elsewhere`]). Counts as a missing name. Set by the
    /// caller.
    pub negated_elsewhere: Option<(String, String)>,
    /// A word of a claim that says `both` of two names, which the sources say of one of
    /// them only, and the name they do not say it of (see
    /// [`super::both::undistributed`]). Counts as a missing name. Set by the caller.
    pub undistributed: Option<(String, String)>,
    /// The claim opens with `No` in answer to a yes/no question whose statement the
    /// sources support (see [`super::answers_no`]). Set by the caller.
    pub denies_question: bool,
}

/// True when source `s` names the claim word `key` (written `surface`): as a word, as the
/// start of a longer word of four letters or more (`stoic` in `Stoicism`), as a part of a
/// hyphenated word (`newton` in `Newton-John`), or, for a hyphenated word, by each of its
/// parts but stopwords (`Usage-Based` in `usage based`, `All-Stars` in `All Stars`).
fn names(s: &IndexedSource<'_>, key: &str, surface: &str) -> bool {
    if s.keys.contains(key) || s.parts.contains(key) {
        return true;
    }
    if key.chars().count() >= 4
        && s.keys
            .range::<str, _>((std::ops::Bound::Excluded(key), std::ops::Bound::Unbounded))
            .next()
            .is_some_and(|k| k.starts_with(key))
    {
        return true;
    }
    if demonym_of(s, surface)
        || spelled_out(&s.source.content, surface)
        || common_spelled_out(&s.source.content, surface)
    {
        return true;
    }
    // (Its stopwords are no keys: `All-Stars` in `All Stars` is named by `star`.)
    surface.contains('-') && {
        let parts: Vec<String> = surface
            .split('-')
            .map(str::to_lowercase)
            .filter(|p| !p.is_empty() && !super::terms::is_stopword(p))
            .map(|p| stem(&p))
            .collect();
        !parts.is_empty()
            && parts
                .iter()
                .all(|p| s.keys.contains(p) || s.parts.contains(p))
    }
}

/// Endings that make the adjective of a place's name (`European`, `Italian`, `Chinese`,
/// `Kenyan`), longest first.
const DEMONYM_ENDINGS: &[&str] = &["ean", "ian", "ese", "an", "n"];

/// True when `surface` is the adjective of a place that source `s` names: without one of
/// [`DEMONYM_ENDINGS`], four letters or more that begin one of the source's keys with at
/// most one letter after them, or that such a key begins with one letter fewer (keys are
/// stems): `European` / `Europe`, `Italian` / `Italy`, `Chinese` / `China`, `American` /
/// `America`, `Asian` / `Asia` (a bare `n` after an `a` only).
fn demonym_of(s: &IndexedSource<'_>, surface: &str) -> bool {
    let lower = surface.to_lowercase();
    DEMONYM_ENDINGS.iter().any(|e| {
        lower.strip_suffix(e).is_some_and(|base| {
            // A bare `n` ends the adjective of a place in `-a` only (`Asian`, `Kenyan`):
            // not a name that ends so (`Bergen` is no adjective of `Berg`).
            if *e == "n" && !base.ends_with('a') {
                return false;
            }
            // The source's keys are stems, which can end a letter short (`Italy` → `ita`).
            let shorter = base
                .char_indices()
                .next_back()
                .and_then(|(i, _)| base.get(..i));
            base.chars().count() >= 4
                && (shorter.is_some_and(|b| s.keys.contains(b))
                    || s.keys
                        .range::<str, _>((
                            std::ops::Bound::Included(base),
                            std::ops::Bound::Unbounded,
                        ))
                        .take_while(|k| k.starts_with(base))
                        .any(|k| k.len() <= base.len() + 1))
        })
    })
}

/// Which features [`assess_with`] measures: `wanted[i]` for [`FEATURE_NAMES`]`[i]`.
pub type Wanted = [bool; FEATURES];

/// Every feature (the fitting harness; [`assess`]).
pub const ALL_FEATURES: Wanted = [true; FEATURES];

/// The features a check with `model` needs: those the model weighs, the window coverage
/// (the `minCoverage` rule) and the set coverage (whether the claim is grounded at all).
/// A feature the model does not weigh adds nothing to its score, so leaving it out
/// changes no score; the shipped model weighs the window coverage only, and a check then
/// skips the verbatim runs, phrases, trigrams and token shares that only the fitting
/// harness reads.
pub fn wanted_by(model: &Model) -> Wanted {
    let mut wanted = model.weights.map(|w| w != 0.0);
    wanted[Feature::WindowCoverage as usize] = true;
    wanted[Feature::SetCoverage as usize] = true;
    wanted
}

/// Measures a claim against a set of sources, every feature. Linear in the sources'
/// total length.
pub fn assess(
    claim: &ClaimProfile,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Assessment {
    assess_with(claim, sources, opts, &ALL_FEATURES, &MatchCache::default())
}

/// One claim's match with each source (by [`IndexedSource::index`]), kept between the
/// passes of one claim's assessment: the all-sources pass that follows a failed cited
/// pass reuses the cited sources' matches instead of matching them again.
#[derive(Debug, Default)]
pub struct MatchCache(std::cell::RefCell<Vec<Option<SourceMatch>>>);

impl MatchCache {
    /// The claim's match with `s`, computed once.
    fn get(&self, s: &IndexedSource<'_>, compute: impl FnOnce() -> SourceMatch) -> SourceMatch {
        if let Some(Some(m)) = self.0.borrow().get(s.index) {
            return m.clone();
        }
        let m = compute();
        let mut v = self.0.borrow_mut();
        if v.len() <= s.index {
            v.resize(s.index + 1, None);
        }
        if let Some(slot) = v.get_mut(s.index) {
            *slot = Some(m.clone());
        }
        m
    }
}

/// [`assess`], measuring only the `wanted` features (the others read 0); the evidence,
/// missing names and numbers and conflicts are the same whatever is wanted. `cache`
/// keeps the claim's source matches for another call with the same claim, options and
/// `wanted` (and sources indexed alike).
pub fn assess_with(
    claim: &ClaimProfile,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
    wanted: &Wanted,
    cache: &MatchCache,
) -> Assessment {
    let want = |f: Feature| wanted.get(f as usize).copied().unwrap_or(true);
    // The verbatim run feeds the run share, and the trigram share of a short claim.
    let detail =
        want(Feature::WindowPhrases) || want(Feature::RunShare) || want(Feature::TrigramShare);
    let (best, sentence_coverage, run) = best_match(claim, sources, opts, detail, cache);
    let set = SetCover::of(claim, sources, opts);
    let near = near_evidence(best.as_ref(), sources);
    let missing = missing_quantities(claim, sources, near, best.as_ref().map(|m| m.window));
    let mut best = best;
    if let Some(m) = best.as_mut() {
        credit_stated_units(claim, &missing, m);
        credit_negative_forms(claim, m, sources);
        credit_life_dates(claim, m, sources);
    }
    let missing_numbers = missing_numbers(claim, &missing, sources);
    let number_conflict = best.as_ref().and_then(|m| {
        quantity_conflict(claim, &missing, m, sources, opts)
            .or_else(|| unit_conflict(claim, m, sources, opts))
            .or_else(|| measure_conflict(claim, m, sources, opts))
            .or_else(|| unit_number_conflict(claim, m, sources, opts))
            .or_else(|| counted_conflict(claim, m, sources, opts))
            .or_else(|| relation_conflict(claim, m, sources, opts))
            .or_else(|| bound_conflict(claim, m, sources, opts))
            .or_else(|| hedge_conflict(claim, m, sources, opts))
            .or_else(|| kind_conflict(claim, m, sources, opts))
            .or_else(|| ended_conflict(claim, m, sources, opts))
            .or_else(|| calendar_conflict(claim, m, sources, opts))
            .or_else(|| calendar_clause_conflict(claim, m, sources, opts))
            .or_else(|| year_conflict(claim, sources))
            .or_else(|| stated_year_conflict(claim, m, sources))
            .or_else(|| asked_conflict(claim, sources))
            .or_else(|| lifespan_conflict(claim, m, sources))
            .or_else(|| rate_conflict(claim, sources, opts))
            .or_else(|| restated_quantity_conflict(claim, m, sources))
            .or_else(|| frequency_conflict(claim, m, sources, opts))
            .or_else(|| direction_conflict(claim, m, sources, opts))
            .or_else(|| binding_conflict(claim, m, sources))
            .or_else(|| change_end_conflict(claim, m, sources, opts))
            .or_else(|| rejected_value_conflict(claim, m, sources, opts))
            .or_else(|| super::compare::comparison_conflict(claim, m, sources))
            .or_else(|| exchange_conflict(claim, m, sources))
            .or_else(|| denied_fate_conflict(claim, m, sources))
    });
    let mut missing_names = missing_names(claim, sources);
    missing_names.extend(split_names(claim, sources));
    missing_names.extend(missing_addresses(&claim.text, sources));
    let trigram_covered = if want(Feature::TrigramShare) {
        trigram_covered(claim, sources)
    } else {
        0
    };
    let novel_coverage = if want(Feature::NovelCoverage) {
        novel_coverage(claim, &set.credit)
    } else {
        0.0
    };

    let words = claim.words.len();
    let tokens = claim.terms.len().max(1);
    let share = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let (window_coverage, window_phrases) = best
        .as_ref()
        .map_or((0.0, 0.0), |m| (m.window_coverage, m.window_phrases));
    let token_hits = if want(Feature::TokenShare) {
        token_hits(claim, sources)
    } else {
        0
    };
    let mut values = [0.0; FEATURES];
    values[Feature::WindowCoverage as usize] = window_coverage;
    values[Feature::SentenceCoverage as usize] = sentence_coverage;
    values[Feature::SetCoverage as usize] = set.coverage;
    values[Feature::WindowPhrases as usize] = window_phrases;
    values[Feature::RunShare as usize] = share(run, tokens);
    values[Feature::UnmatchedShare as usize] = share(set.unmatched, words);
    values[Feature::MaxUnmatchedWeight as usize] = set.max_unmatched;
    // A claim of fewer than three tokens has no trigram: its run share stands in.
    values[Feature::TrigramShare as usize] = if claim.terms.len() < 3 {
        share(run, tokens)
    } else {
        share(trigram_covered, claim.terms.len())
    };
    values[Feature::NovelCoverage as usize] = novel_coverage;
    values[Feature::WindowCoverageSquared as usize] = window_coverage * window_coverage;
    values[Feature::TokenShare as usize] = share(token_hits, claim.terms.len());
    for (v, w) in values.iter_mut().zip(wanted) {
        if !*w || !v.is_finite() {
            *v = 0.0;
        }
    }
    Assessment {
        values,
        best,
        missing_numbers,
        missing_names,
        number_conflict,
        role_swap: None,
        replaced: None,
        added: None,
        unstated_cause: None,
        unstated_negation: None,
        unstated_certainty: None,
        unstated_complement: None,
        swapped_pronoun: None,
        undistributed: None,
        distant: None,
        negated_elsewhere: None,
        denies_question: false,
    }
}

/// The source whose best window covers the claim most (the first of equals), with the
/// best sentence coverage and the longest verbatim run over all the sources.
fn best_match(
    claim: &ClaimProfile,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
    detail: bool,
    cache: &MatchCache,
) -> (Option<SourceMatch>, f64, usize) {
    let mut best: Option<SourceMatch> = None;
    let mut sentence_coverage = 0.0f64;
    let mut run = 0usize;
    for s in sources {
        let m = cache.get(s, || match_source_for(claim, s, opts, detail));
        sentence_coverage = sentence_coverage.max(m.sentence_coverage);
        run = run.max(m.run);
        if best
            .as_ref()
            .is_none_or(|b| m.window_coverage > b.window_coverage + 1e-12)
        {
            best = Some(m);
        }
    }
    (best, sentence_coverage, run)
}

/// Coverage of the claim by the union of the sources.
struct SetCover {
    /// Each content word's best credit in any source.
    credit: Vec<f64>,
    /// The IDF-weighted coverage.
    coverage: f64,
    /// Content words no source has.
    unmatched: usize,
    /// The largest weight of those.
    max_unmatched: f64,
}

impl SetCover {
    fn of(claim: &ClaimProfile, sources: &[&IndexedSource<'_>], opts: &ClaimOptions) -> SetCover {
        // (Most claims write no number in words: one look before any word's.)
        let spelled = claim.quantities.iter().any(Quantity::spelled);
        let total: f64 = claim.words.iter().map(|w| w.weight).sum();
        let credit: Vec<f64> = claim
            .words
            .iter()
            .map(|w| {
                let c = sources
                    .iter()
                    .map(|s| credit(&w.key, &s.keys, opts.fuzzy_credit))
                    .fold(0.0, f64::max);
                // A number written in words that a source states in any form (`five`
                // against `5 violinists`).
                if c < 1.0 && spelled && number_word_stated(claim, w, sources) {
                    1.0
                } else if c < 1.0
                    && w.sensed
                    && super::senses::alternatives(&w.key)
                        .any(|k| sources.iter().any(|s| s.keys.contains(k)))
                {
                    // A word of the same sense (`killed` by `deaths`; see `senses`).
                    1.0
                } else {
                    c
                }
            })
            .collect();
        let coverage = coverage(&credit, claim, total);
        let mut unmatched = 0usize;
        let mut max_unmatched = 0.0f64;
        for (w, c) in claim.words.iter().zip(&credit) {
            if *c <= 0.0 {
                unmatched += 1;
                max_unmatched = max_unmatched.max(w.weight);
            }
        }
        SetCover {
            credit,
            coverage,
            unmatched,
            max_unmatched,
        }
    }
}

/// Where the claim's quantities must stand: in its evidence source, within the best
/// window widened by a sentence on each side (the same number stated elsewhere in that
/// source is about something else); in any other source (a claim may take its number
/// from a second source); anywhere when there is no evidence. Returns the evidence
/// source and that byte range.
fn near_evidence(
    best: Option<&SourceMatch>,
    sources: &[&IndexedSource<'_>],
) -> Option<(usize, (usize, usize))> {
    let m = best?;
    let src = sources.iter().find(|s| s.index == m.source)?;
    let sents = &src.sentences;
    let first = sents.iter().position(|x| x.1 > m.window.0).unwrap_or(0);
    let last = sents
        .iter()
        .rposition(|x| x.0 < m.window.1)
        .unwrap_or(sents.len().saturating_sub(1));
    let a = sents
        .get(first.saturating_sub(1))
        .map_or(m.window.0, |x| x.0);
    let b = sents.get(last + 1).map_or(m.window.1, |x| x.1);
    Some((m.source, (a.min(m.window.0), b.max(m.window.1))))
}

/// The claim's quantities that no source states where they must stand (see
/// [`near_evidence`]), except those of the question.
fn missing_quantities<'c>(
    claim: &'c ClaimProfile,
    sources: &[&IndexedSource<'_>],
    near: Option<(usize, (usize, usize))>,
    window: Option<(usize, usize)>,
) -> Vec<&'c Quantity> {
    // The claim's capitalised words (its names, the first word too): a number that
    // another source than the evidence's states is the claim's only where that source
    // writes one of them. Not a date, nor a capitalised unit right after a number (`400
    // Wh`, `16 GB`).
    let names: Vec<&str> = if claim.quantities.is_empty() {
        Vec::new()
    } else {
        let ct = &claim.terms;
        ct.iter()
            .enumerate()
            .filter(|&(i, t)| {
                t.capitalised
                    && !t.stop
                    && !t.numeric
                    && !i
                        .checked_sub(1)
                        .and_then(|p| ct.get(p))
                        .is_some_and(|p| p.numeric)
                    && !claim
                        .text
                        .get(t.start..t.end)
                        .is_some_and(super::support::is_calendar_word)
            })
            .map(|(_, t)| t.key.as_str())
            .collect()
    };
    claim
        .quantities
        .iter()
        .filter(|q| {
            // The claim's measure is read once, for the rare quantity with a unit.
            let measure = measure_of(&claim.text, q);
            // A bound of the claim (`over $800 million`, `fewer than 2,500`), read once.
            let bound = bound_of(&claim.text, q);
            // The claim's currency, read once.
            let currency = currency_of(&claim.text, q);
            // The claim's age, read once (most quantities give none).
            let age = age_of(&claim.text, q);
            // The claim's decade (`the 1970s`) and century (`the 1500s`, `16th century`),
            // read once.
            let decade = decade(q);
            let claim_century = century(&claim.text, q);
            !claim.question_numbers.contains(&q.key)
                && !sources.iter().any(|s| {
                    s.quantities.iter().any(|x| {
                        let text = &s.source.content;
                        let converted = || {
                            measure.is_some_and(|m| same_measure(m, q, measure_of(text, x), x))
                                || claim_century.is_some_and(|c| century(text, x) == Some(c))
                                || decade.is_some_and(|d| decade_holds(d, x))
                        };
                        let number = (q.matches(x)
                            || bound_met(bound, &claim.text, q, text, x)
                            || age.is_some_and(|a| ages_agree(a, age_of(text, x))))
                            && same_currency(&claim.text, q, currency, text, x)
                            && within_bound(bound, q, text, x);
                        (number || converted())
                            && match near {
                                // A title's quantities have offsets past the content.
                                // Near the evidence, the same number must not measure in
                                // another unit: `lasts three months` is not stated by
                                // `three days a week` two sentences before `lasts six
                                // months`.
                                // Further away in the same source, it must count the
                                // same thing by a word written after both (`the
                                // 45-year-old` is stated by `A 45-year-old man` two
                                // sentences before the evidence; a bare number is not).
                                // In the sentence before or after the evidence (not in
                                // it, where a count noun may be another's synonym), a
                                // number that counts another thing by the word after
                                // it is another number: `Beat 2 eggs` is not stated by
                                // `2 teaspoons of baking powder` before `Beat 3 eggs`.
                                Some((src, (a, b))) if s.index == src => {
                                    ((x.start >= a && x.start < b)
                                        && (!number
                                            || !other_units(&claim.text, q, text, x)
                                            || converted())
                                        && (!number
                                            || is_year(q)
                                            || window.is_none_or(|(ws, we)| {
                                                x.start >= ws && x.end <= we
                                            })
                                            || counts_alike(&claim.text, q, text, x)
                                            || converted()))
                                        || x.start >= text.len()
                                        || (number
                                            && (counts_same(&claim.text, q, text, x)
                                                || (counts_alike(&claim.text, q, text, x)
                                                    && said_alike(&claim.text, q, text, x))))
                                }
                                // Elsewhere, the number must count the same thing: `5 pm`
                                // is not stated by another source's `5 business days`;
                                // and its sentence must share a word with the claim
                                // (`Paris … has about 3.7 million people` is not stated by
                                // another source's `It has a population of about 3.7
                                // million.` about Berlin). In another source than the
                                // evidence's, that source must write a name of the claim,
                                // if it has any (`The Tamsin City costs 2,400 euros` is not
                                // stated by `It … costs 2,400 euros` in the source about
                                // the Orvell X2, nor `The Orvell X2 has a 400 Wh battery`
                                // by another bike's source).
                                _ => {
                                    counts_alike(&claim.text, q, &s.source.content, x)
                                        && (x.start >= text.len() || shares_a_word(claim, s, x))
                                        && (near.is_none()
                                            || names.is_empty()
                                            || names.iter().any(|k| s.keys.contains(*k)))
                                }
                            }
                    })
                })
                && !measure.is_some_and(|m| one_span_states(m, q, sources, near))
                && (!q.is_factor() || !stated_as_ratio(q, sources, near))
                && !share_stated(claim, q, sources, near)
        })
        .collect()
}

/// The share that quantity `q` of `text` (one of `qs`, in order) states with the
/// quantity beside it, joined by `in` or `out of` (`one in ten`, `1 out of 4`: 0.1,
/// 0.25): neither a percentage, the first smaller than the second.
fn ratio_of(text: &str, qs: &[Quantity], q: &Quantity) -> Option<f64> {
    let i = qs.iter().position(|x| std::ptr::eq(x, q))?;
    let pair = |a: &Quantity, b: &Quantity| -> Option<f64> {
        let gap = text.get(a.end..b.start)?.trim();
        if !(gap.eq_ignore_ascii_case("in") || gap.eq_ignore_ascii_case("out of")) {
            return None;
        }
        let (x, y) = (a.value?, b.value?);
        (!a.percent && !b.percent && x > 0.0 && y > x).then(|| x / y)
    };
    // (`one` is no quantity of its own, the pronoun being as common: `one in ten`.)
    let after_one = || {
        let before = text.get(..q.start)?.trim_end();
        let before = before
            .strip_suffix(" in")
            .or_else(|| before.strip_suffix(" out of"))?;
        let one = before.rsplit(' ').next()?;
        let y = q.value?;
        (one.eq_ignore_ascii_case("one") && !q.percent && y > 1.0).then(|| 1.0 / y)
    };
    qs.get(i + 1)
        .and_then(|b| pair(q, b))
        .or_else(|| qs.get(i.checked_sub(1)?).and_then(|a| pair(a, q)))
        .or_else(after_one)
}

/// True when a share of the claim is stated the other way by the evidence's source (any
/// source without evidence): `one in ten` (either number) by `10%`, `25%` by `one in
/// four`, within a point of the percentage (`one in three` is `33%`).
fn share_stated(
    claim: &ClaimProfile,
    q: &Quantity,
    sources: &[&IndexedSource<'_>],
    near: Option<(usize, (usize, usize))>,
) -> bool {
    let close = |r: f64, p: f64| (100.0 * r - p).abs() <= 1.0;
    let mine = ratio_of(&claim.text, &claim.quantities, q);
    if mine.is_none() && !q.percent {
        return false;
    }
    sources
        .iter()
        .filter(|s| near.is_none_or(|(src, _)| s.index == src))
        .any(|s| {
            s.quantities.iter().any(|x| match (mine, x.value, q.value) {
                (Some(r), Some(p), _) => x.percent && close(r, p),
                (None, _, Some(p)) => {
                    !x.percent
                        && ratio_of(&s.source.content, &s.quantities, x)
                            .is_some_and(|r| close(r, p))
                }
                _ => false,
            })
        })
}

/// True when a factor of the claim (`doubled`: see [`Quantity::is_factor`]) is the ratio
/// of two quantities written one after the other near its evidence (`rose from 10
/// million to 20 million`), neither a year nor a percentage, in the order written
/// (`halved` is `from 20 to 10`).
fn stated_as_ratio(
    q: &Quantity,
    sources: &[&IndexedSource<'_>],
    near: Option<(usize, (usize, usize))>,
) -> bool {
    let (Some(f), Some((at, (a, b)))) = (q.value, near) else {
        return false;
    };
    let Some(src) = sources.iter().find(|s| s.index == at) else {
        return false;
    };
    let amounts: Vec<f64> = src
        .quantities
        .iter()
        .filter(|x| x.start >= a && x.start < b && !is_year(x) && !x.percent && !x.is_factor())
        .filter_map(|x| x.value)
        .collect();
    amounts
        .windows(2)
        .any(|p| p[0] != 0.0 && (p[1] / p[0] - f).abs() <= 1e-9 * f)
}

/// True when a span of time of the claim (`7 days`, `12 months`, `60 minutes`, measured
/// as `mine`, see [`measure_of`]) is one unit that the evidence writes with an article
/// or `every` / `each` / `per` and no number (`within a week`, `for a year`, `every
/// day`): in the window `near` of its evidence source, or anywhere without evidence.
fn one_span_states(
    mine: (&'static str, f64, f64),
    q: &Quantity,
    sources: &[&IndexedSource<'_>],
    near: Option<(usize, (usize, usize))>,
) -> bool {
    let Some(v) = q.value else {
        return false;
    };
    let (base, f, o) = mine;
    let v = v * f + o;
    let tol = if q.approximate { 0.1 } else { 1e-9 };
    let states = |text: &str| {
        let words: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let is = |i: usize, any: &[&str]| {
            words
                .get(i)
                .is_some_and(|w| any.iter().any(|a| w.eq_ignore_ascii_case(a)))
        };
        for (i, w) in words.iter().enumerate() {
            let measured = unit_named(w)
                .filter(|(kind, _)| *kind == "time")
                .and_then(|(kind, unit)| unit_factor(kind, unit));
            let (Some((theirs, g, p)), Some(before)) = (measured, i.checked_sub(1)) else {
                continue;
            };
            // `an hour`, `every day`; `half an hour`, `an hour and a half`, `a quarter of
            // an hour`, `three quarters of an hour`.
            let one = is(before, &["a", "an", "every", "each", "per"]);
            let half_before = one && before > 0 && is(before - 1, &["half"]);
            let and_a_half = is(i + 1, &["and"]) && is(i + 2, &["a", "an"]) && is(i + 3, &["half"]);
            let quarters = (one
                && before >= 2
                && is(before - 1, &["of"])
                && is(before - 2, &["quarter", "quarters"]))
            .then(|| {
                if before >= 3 && is(before - 3, &["three"]) {
                    0.75
                } else {
                    0.25
                }
            });
            let count = match (one, half_before, and_a_half, quarters) {
                (false, ..) => continue,
                (true, true, _, _) => 0.5,
                (true, _, true, _) => 1.5,
                (true, _, _, Some(q)) => q,
                _ => 1.0,
            };
            let unit = count * g + p;
            if theirs == base && (v - unit).abs() <= tol * v.abs().max(unit.abs()).max(1e-12) {
                return true;
            }
        }
        false
    };
    match near {
        Some((src, (a, b))) => sources
            .iter()
            .filter(|s| s.index == src)
            .any(|s| s.source.content.get(a..b).is_some_and(states)),
        None => sources.iter().any(|s| states(&s.source.content)),
    }
}

/// The side of a size bound that `text` writes before or after quantity `q` (`over $800
/// million`, `fewer than 2,500`, `18 or older`: see [`relation`]): `Some(true)` above,
/// `Some(false)` below, `None` for a year or a quantity without one.
fn bound_of(text: &str, q: &Quantity) -> Option<bool> {
    if is_year(q) {
        return None;
    }
    match relation(text, q)?.0 {
        "above" => Some(true),
        "below" => Some(false),
        _ => None,
    }
}

/// Where the plain value `x` stands against the claim's size bound `bound` on `q` (see
/// [`bound_of`]): `Some(true)` on the side the bound names (`above`: at least `q`'s value;
/// below: at most), and, with `within`, less than that factor away from it; `None`
/// without a bound or a value on either side.
fn bound_holds(
    bound: Option<bool>,
    q: &Quantity,
    x: &Quantity,
    within: Option<f64>,
) -> Option<bool> {
    let (Some(above), Some(mine), Some(theirs)) = (bound, q.value, x.value) else {
        return None;
    };
    let near = |small: f64, large: f64| within.is_none_or(|f| large < f * small);
    Some(if above {
        theirs >= mine && near(mine, theirs)
    } else {
        theirs <= mine && near(theirs, mine)
    })
}

/// A claim's size bound (`bound`, see [`bound_of`]) that the plain value `x` of `text`
/// meets within a factor of two: `more than one million` is stated by `1.2 million` (not
/// by `3.5 million`), `fewer than 2 million` by `1.2 million`; only by a value that counts
/// the same thing ([`counts_same`]: `more than one million residents` by `1.2 million
/// residents`, `up to 2.5 s` not by `these two meanings`), never by a year, across a share
/// and a count, or by a value that the source bounds itself (left to the relation rules).
/// Within a factor of two: a writer rounds `1.2 million` down to `more than one million`,
/// not `3.5 million` (nor `around 200 pounds` up to `under 400 pounds`); a value further
/// off is most likely another quantity of the same window (`92%` of a country's
/// population for `more than 25%` of the world's).
fn bound_met(bound: Option<bool>, claim: &str, q: &Quantity, text: &str, x: &Quantity) -> bool {
    // The arithmetic first: most quantities carry no bound, and the word tests read text.
    q.percent == x.percent
        && !is_year(x)
        && bound_holds(bound, q, x, Some(2.0)) == Some(true)
        && relation(text, x).is_none()
        && counts_same(claim, q, text, x)
}

/// True when the claim's size bound `bound` on `q` holds for the plain value `x` of
/// `text`, however far off: `more than one million` for `3.5 million` is not stated (see
/// [`bound_met`]) but not contradicted either.
fn bound_kept(bound: Option<bool>, q: &Quantity, text: &str, x: &Quantity) -> bool {
    q.percent == x.percent
        && bound_holds(bound, q, x, None) == Some(true)
        && relation(text, x).is_none()
}

/// True unless a claim's bound (`bound`, see [`bound_of`]) excludes the plain value `x`
/// of `text` that its quantity `q` matches within the tolerance of an approximate
/// quantity: `over $900 million` is not stated by `$850 million`, nor `under $800
/// million`; `over $800 million` is. A value that the source bounds itself is left to the
/// relation rules (`more than 2,500` against `fewer than 2,500`).
fn within_bound(bound: Option<bool>, q: &Quantity, text: &str, x: &Quantity) -> bool {
    bound_holds(bound, q, x, None) != Some(false) || relation(text, x).is_some()
}

/// The first year of the decade that quantity `q` names, written as a year's plural
/// ending in `0s` (`1970s` → 1970; not `1900s`, a century's: see [`century`]).
fn decade(q: &Quantity) -> Option<u32> {
    let year = q.key.strip_suffix('s')?;
    (year.len() == 4
        && year.bytes().all(|b| b.is_ascii_digit())
        && year.ends_with('0')
        && !year.ends_with("00"))
    .then(|| year.parse::<u32>().ok())
    .flatten()
}

/// True when the claim's decade starting in year `d` (`the 1970s`: [`decade`]) holds the
/// source's year `x` (`1976`): a year states the decade it falls in (never the other way
/// round: a year is more than its decade says).
fn decade_holds(d: u32, x: &Quantity) -> bool {
    is_year(x) && x.key.parse::<u32>().is_ok_and(|y| (d..d + 10).contains(&y))
}

/// The century quantity `q` of `text` names: a hundred's plural (`1500s` → 16) or an
/// ordinal before `century` (`16th century` → 16).
fn century(text: &str, q: &Quantity) -> Option<u32> {
    let key = q.key.as_str();
    if let Some(hundreds) = key.strip_suffix("00s") {
        if (1..=2).contains(&hundreds.len()) && hundreds.bytes().all(|b| b.is_ascii_digit()) {
            return hundreds.parse::<u32>().ok().map(|h| h + 1);
        }
        return None;
    }
    let digits = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| key.strip_suffix(s))?;
    let word = unit_word(text, q).0;
    (word.eq_ignore_ascii_case("century")
        || word.eq_ignore_ascii_case("centuries")
        || shares_centuries(text.get(q.end..).unwrap_or("")))
    .then(|| digits.parse::<u32>().ok())
    .flatten()
    .filter(|&c| (1..=30).contains(&c))
}

/// True when the text after an ordinal joins it to another ordinal that the plural
/// `centuries` follows: `19th` in `the late 19th and early 20th centuries`, `the 15th to
/// 17th centuries`, `the 18th or 19th centuries`.
fn shares_centuries(after: &str) -> bool {
    let mut words = unit_words(after);
    let (Some(joint), Some(mut next)) = (words.next(), words.next()) else {
        return false;
    };
    if !["and", "or", "to", "through"]
        .iter()
        .any(|j| joint.eq_ignore_ascii_case(j))
    {
        return false;
    }
    // One word may qualify the second ordinal (`early`, `mid`, `late`).
    if next.starts_with(|c: char| c.is_alphabetic()) {
        match words.next() {
            Some(w) => next = w,
            None => return false,
        }
    }
    let ordinal = ["st", "nd", "rd", "th"].iter().any(|s| {
        next.strip_suffix(s)
            .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    });
    ordinal
        && words
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("centuries"))
}

/// Measures the window coverage of `m` again from its credits (after a rule credited a
/// word).
fn recount(claim: &ClaimProfile, m: &mut SourceMatch) {
    let total: f64 = claim.words.iter().map(|w| w.weight).sum();
    m.window_coverage = coverage(&m.window_credits, claim, total);
}

/// Credits, in the window of `m`, the unit word of each quantity of the claim that the
/// sources state (not `missing`): the quantity is stated, in that unit or in one it
/// converts to (`4,130 miles` by `6,650 km`), so its unit is too; the window's coverage
/// is measured again.
fn credit_stated_units(claim: &ClaimProfile, missing: &[&Quantity], m: &mut SourceMatch) {
    let stated = || {
        claim
            .quantities
            .iter()
            .filter(|q| !missing.iter().any(|x| std::ptr::eq(*x, *q)))
    };
    let keys: Vec<String> = stated()
        .filter(|q| unit_of(&claim.text, q).is_some())
        .map(|q| unit(&claim.text, q).1)
        .collect();
    // A number written in words is stated by the quantity (`five` by `5`).
    let spelled = stated().any(Quantity::spelled);
    if keys.is_empty() && !spelled {
        return;
    }
    let mut changed = false;
    for (w, c) in claim.words.iter().zip(m.window_credits.iter_mut()) {
        let number = || {
            claim
                .spelled_as(w)
                .any(|q| !missing.iter().any(|x| std::ptr::eq(*x, q)))
        };
        if *c < 1.0 && (keys.contains(&w.key) || (spelled && number())) {
            *c = 1.0;
            changed = true;
        }
    }
    if changed {
        recount(claim, m);
    }
}

/// True when claim word `w` is a number written in words that the claim reads as a
/// quantity (see [`ClaimProfile::spelled_as`]) and some source states that quantity in
/// any form (`five` against `5 violinists`).
pub(crate) fn number_word_stated(
    claim: &ClaimProfile,
    w: &super::support::ClaimWord,
    sources: &[&IndexedSource<'_>],
) -> bool {
    claim
        .spelled_as(w)
        .any(|q| written_anywhere(sources, &|x: &Quantity| x.same_as(q)))
}

/// Credits in the best window `m` each word the claim negates that the window writes in
/// its negative form (`not hurt` by `unhurt`, `not available` by `unavailable`; see
/// [`negative_form`](super::support::negative_form)), and each negative form of the
/// claim whose word the window negates (`impossible` by `not possible`): the window
/// states it; its coverage is measured again.
fn credit_negative_forms(
    claim: &ClaimProfile,
    m: &mut SourceMatch,
    sources: &[&IndexedSource<'_>],
) {
    let open: Vec<usize> = claim
        .words
        .iter()
        .zip(&m.window_credits)
        .enumerate()
        .filter(|(_, (_, &c))| c < 1.0)
        .map(|(i, _)| i)
        .collect();
    let claim_negates = open.iter().any(|&i| {
        claim
            .words
            .get(i)
            .is_some_and(|w| claim.negation_scopes.contains(&w.key))
    });
    // Most claims have no open word that negates or could be a negative form.
    let prefixed = open.iter().any(|&i| {
        claim
            .words
            .get(i)
            .is_some_and(|w| super::support::may_be_negative_form(&w.key))
    });
    if !claim_negates && !prefixed {
        return;
    }
    let Some(src) = sources.iter().find(|s| s.index == m.source) else {
        return;
    };
    // What the window negates (`possibl` of `not possible`); sentences are in text order.
    let negated: Vec<String> = if prefixed {
        let first = src.sentences.partition_point(|&(a, _)| a < m.window.0);
        let last = src.sentences.partition_point(|&(a, _)| a < m.window.1);
        src.sentences
            .get(first..last.max(first))
            .unwrap_or(&[])
            .iter()
            .zip(src.sentence_negation_scopes.get(first..).unwrap_or(&[]))
            .filter(|(&(_, b), _)| b <= m.window.1)
            .flat_map(|(_, sc)| sc.iter().cloned())
            .collect()
    } else {
        Vec::new()
    };
    if !claim_negates && negated.is_empty() {
        return;
    }
    let Some(text) = src.source.content.get(m.window.0..m.window.1) else {
        return;
    };
    let keys: Vec<String> = if claim_negates {
        terms(text).into_iter().map(|t| t.key).collect()
    } else {
        Vec::new()
    };
    let mut changed = false;
    for i in open {
        let (Some(w), Some(c)) = (claim.words.get(i), m.window_credits.get_mut(i)) else {
            continue;
        };
        let written = claim.negation_scopes.contains(&w.key)
            && keys
                .iter()
                .any(|k| super::support::negative_form(k, std::slice::from_ref(&w.key)));
        // `impossible` stated by `not possible`.
        if written || super::support::negative_form(&w.key, &negated) {
            *c = 1.0;
            changed = true;
        }
    }
    if changed {
        recount(claim, m);
    }
}

/// True when quantity `q` of the claim `claim_text` is stated between bytes `a` and `b`
/// of source `s`: the same number there, or the same measure in a unit that converts
/// (`7 days` by `1 week`), or the same age (`aged 36` by `when she was 36`), or by one
/// unit written with an article (`7 days` by `a week`,
/// `10 years` by `a decade`: see [`one_span_states`]).
pub(super) fn stated_between(
    claim_text: &str,
    q: &Quantity,
    s: &IndexedSource<'_>,
    (a, b): (usize, usize),
) -> bool {
    let text = &s.source.content;
    let measure = measure_of(claim_text, q);
    s.quantities.iter().any(|x| {
        x.start >= a
            && x.end <= b
            && (q.matches(x)
                || measure.is_some_and(|m| same_measure(m, q, measure_of(text, x), x))
                || same_age(claim_text, q, text, x))
    }) || measure.is_some_and(|m| one_span_states(m, q, &[s], Some((s.index, (a, b)))))
}

/// The base and factor of the unit written after quantity `q` of `text`, when it is a
/// unit that converts (see [`FACTORS`](super::numbers::FACTORS)).
pub(super) fn measure_of(text: &str, q: &Quantity) -> Option<(&'static str, f64, f64)> {
    q.value?;
    let (kind, unit) = unit_of(text, q)?;
    unit_factor(kind, unit)
}

/// True when quantity `q`, whose measure is `mine` (see [`measure_of`]), and `x`, whose
/// measure is `theirs`, state the same measure in units that convert (`5 seconds` and
/// `5000 milliseconds`, `2 years` and `24 months`): within 10 % when `q` is
/// approximate, exactly otherwise.
fn same_measure(
    mine: (&'static str, f64, f64),
    q: &Quantity,
    theirs: Option<(&'static str, f64, f64)>,
    x: &Quantity,
) -> bool {
    let (Some(v), Some(w)) = (q.value, x.value) else {
        return false;
    };
    let ((base, f, o), Some((theirs, g, p))) = (mine, theirs) else {
        return false;
    };
    let (v, w) = (v * f + o, w * g + p);
    let tol = if q.approximate { 0.1 } else { 1e-9 };
    base == theirs
        && !q.percent
        && !x.percent
        && (v - w).abs() <= tol * v.abs().max(w.abs()).max(1e-12)
}

/// True when quantity `q` of `a` and `x` of `b` are written in units that convert (see
/// [`same_measure`]), whatever their values: `5 minutes` and `5000 milliseconds` measure
/// the same kind of thing.
fn convertible(a: &str, q: &Quantity, b: &str, x: &Quantity) -> bool {
    let base = |text: &str, q: &Quantity| {
        let (kind, unit) = unit_of(text, q)?;
        unit_factor(kind, unit).map(|(base, _, _)| base)
    };
    base(a, q).is_some_and(|m| base(b, x) == Some(m))
}

/// True when quantities `q` of `a` and `x` of `b` are both written with a unit of
/// measure ([`UNITS`]) and the units differ: `three months` and `three days`. Other
/// words after a number may be synonyms (`2016 movie`, `2016 film`) and do not count.
fn other_units(a: &str, q: &Quantity, b: &str, x: &Quantity) -> bool {
    match (unit_of(a, q), unit_of(b, x)) {
        (Some((_, u)), Some((_, v))) => u != v,
        _ => false,
    }
}

/// True when the sentence of source `s` that holds quantity `x` holds a content word of
/// the claim too.
fn shares_a_word(claim: &ClaimProfile, s: &IndexedSource<'_>, x: &Quantity) -> bool {
    let i = s.sentence_at(x.start);
    // The words of the claim's quantities (`million` in `3.7 million`) do not count.
    let in_quantity = |key: &str| {
        claim.quantities.iter().any(|q| {
            q.text(&claim.text)
                .split(|c: char| !c.is_alphabetic())
                .any(|w| !w.is_empty() && stem(&w.to_lowercase()) == key)
        })
    };
    claim
        .words
        .iter()
        .any(|w| s.sentence_credit(i, &w.key, 0.0) > 0.0 && !in_quantity(&w.key))
}

/// Currency signs and the words that name a currency after an amount.
const CURRENCY_SIGNS: &[char] = &['$', '€', '£', '¥', '₹', '₩', '₽', '₺', '₪'];

/// The currency an amount is written in, by its sign or by the word right after or
/// before it (`$20`, `20 dollars`, `USD 20`, `€4.1 billion`, `4.1 billion euros`), as
/// one name for all the ways of writing it; `None` for a number written with none, or
/// with a sign or word that names more than one (`¥`: yen or yuan; `cents`).
fn currency_of(text: &str, q: &Quantity) -> Option<&'static str> {
    let written = text.get(q.start..q.end).unwrap_or("");
    let by_sign = written.chars().find_map(|c| match c {
        '$' => Some("dollar"),
        '€' => Some("euro"),
        '£' => Some("pound"),
        '₹' => Some("rupee"),
        '₩' => Some("won"),
        '₽' => Some("ruble"),
        '₺' => Some("lira"),
        '₪' => Some("shekel"),
        _ => None,
    });
    if by_sign.is_some() {
        return by_sign;
    }
    // Any case, a plural `s` dropped; no word of the table is shorter than three bytes
    // or longer than six.
    let named = |w: &str| {
        let w = w.strip_suffix(['s', 'S']).unwrap_or(w);
        if !(3..=6).contains(&w.len()) {
            return None;
        }
        CURRENCY_NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(w))
            .map(|&(_, c)| c)
    };
    let (after, _) = unit_word(text, q);
    named(after).or_else(|| {
        let before = text
            .get(..q.start)
            .unwrap_or("")
            .trim_end()
            .rsplit(|c: char| !c.is_alphabetic())
            .next()
            .unwrap_or("");
        named(before)
    })
}

/// The words that name a currency before or after an amount, with the one name
/// [`currency_of`] gives for it.
const CURRENCY_NAMES: &[(&str, &str)] = &[
    ("dollar", "dollar"),
    ("usd", "dollar"),
    ("aud", "dollar"),
    ("cad", "dollar"),
    ("euro", "euro"),
    ("eur", "euro"),
    ("pound", "pound"),
    ("gbp", "pound"),
    ("penny", "pound"),
    ("pence", "pound"),
    ("yen", "yen"),
    ("jpy", "yen"),
    ("yuan", "yuan"),
    ("cny", "yuan"),
    ("rmb", "yuan"),
    ("rupee", "rupee"),
    ("inr", "rupee"),
    ("franc", "franc"),
    ("chf", "franc"),
    ("peso", "peso"),
];

/// False when the claim's quantity `q` of `a` is an amount of money (`$20`) and `x` of
/// `b` is a number that is not (`20 users`): a currency sign is stated by an amount with
/// a currency sign or word, not by a count that has the same digits. False too when both
/// name their currency and the currencies differ (`4.1 billion dollars` is not stated by
/// `4.1 billion euros`).
/// `mine` is the claim's currency ([`currency_of`] `a`, `q`), read once per quantity.
fn same_currency(a: &str, q: &Quantity, mine: Option<&str>, b: &str, x: &Quantity) -> bool {
    if let Some(mine) = mine {
        if currency_of(b, x).is_some_and(|theirs| theirs != mine) {
            return false;
        }
    }
    let signed = |t: &str, q: &Quantity| {
        t.get(q.start..q.end)
            .is_some_and(|w| w.contains(CURRENCY_SIGNS))
    };
    if !signed(a, q) || signed(b, x) {
        return true;
    }
    // The word after the number (`20 dollars`) or the one before it (`USD 20`).
    let after = unit(b, x).1;
    let before = b
        .get(..x.start)
        .unwrap_or("")
        .trim_end()
        .rsplit(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("")
        .to_lowercase();
    // The words of [`CURRENCY_NAMES`], and `cent`, which names no one currency.
    let currency_words = CURRENCY_NAMES.iter().map(|&(c, _)| c).chain(["cent"]);
    [after.as_str(), before.as_str()].iter().any(|w| {
        currency_words
            .clone()
            .any(|c| *w == stem(c) || w.trim_end_matches('s') == c)
    })
}

/// False when quantities `q` of `a` and `x` of `b` count different things by the word
/// written after each (`5 pm` and `5 business days`; see [`unit`]); a quantity with no
/// such word (`about 5`, the end of a sentence) counts anything.
fn counts_alike(a: &str, q: &Quantity, b: &str, x: &Quantity) -> bool {
    let (mine, theirs) = (unit(a, q).1, unit(b, x).1);
    mine.is_empty() || theirs.is_empty() || mine == theirs
}

/// The keys of the two content words before quantity `q` of `text` in its clause (back
/// to a clause mark), nearest first, across other quantities: `vote`, `budget` for both
/// numbers of `the budget by a vote of 7 to 2` (see [`said_alike`]).
fn words_before(text: &str, q: &Quantity) -> Vec<String> {
    let head = text.get(..q.start).unwrap_or("");
    let from = head
        .char_indices()
        .rfind(|&(_, c)| matches!(c, ',' | ';' | ':' | '.' | '!' | '?' | '(' | ')'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    terms(head.get(from..).unwrap_or(""))
        .into_iter()
        .rev()
        .filter(|t| !t.stop && !t.numeric)
        .take(2)
        .map(|t| t.key)
        .collect()
}

/// True when quantities `q` of `a` and `x` of `b` are said of the same thing: their
/// clauses share a content word before them ([`words_before`]: `passed the budget by a
/// vote of 7 to 2` and `The vote passed 7 to 2.`).
fn said_alike(a: &str, q: &Quantity, b: &str, x: &Quantity) -> bool {
    let theirs = words_before(b, x);
    !theirs.is_empty()
        && words_before(a, q)
            .iter()
            .any(|w| theirs.iter().any(|v| super::support::related(w, v)))
}

/// True when quantities `q` of `a` and `x` of `b` count the same thing by what is
/// written with them: the letters inside a quantity in figures (`45-year-old` and
/// `45-year-old`), else the same word after both ([`unit`]: `330 m` and `330 metres`),
/// or no word after two years.
pub(super) fn counts_same(a: &str, q: &Quantity, b: &str, x: &Quantity) -> bool {
    // The letters that a quantity in figures carries in itself (`45-year-old`, `10km`),
    // lower case (a number in words, `three`, is letters only: its unit comes after it).
    let inner = |t: &str, q: &Quantity| -> String {
        let written = t.get(q.start..q.end).unwrap_or("");
        if !written.contains(|c: char| c.is_ascii_digit()) {
            return String::new();
        }
        written
            .chars()
            .filter(|c| c.is_alphabetic())
            .flat_map(char::to_lowercase)
            .collect()
    };
    // A rank counts no thing: `third suspect` does not state `three suspects`.
    let ordinal = |t: &str, q: &Quantity| {
        let w = t.get(q.start..q.end).unwrap_or("").to_ascii_lowercase();
        let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        (!digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && ["st", "nd", "rd", "th"].iter().any(|s| w.ends_with(s)))
            || super::roles::is_ordinal_word(&w)
    };
    if ordinal(a, q) != ordinal(b, x) {
        return false;
    }
    // An age in any of its forms (`a 62-year-old woman`, `the woman, 62,`, `aged 62`).
    if same_age(a, q, b, x) {
        return true;
    }
    let written = inner(a, q);
    if !written.is_empty() {
        return written == inner(b, x);
    }
    let mine = unit(a, q).1;
    // A year is a year: `split up in 1970` is stated by `The band broke up in 1970.`
    // three sentences after the evidence of `formed in 1960` (with the same word after
    // both, or none).
    (!mine.is_empty() || (is_year(q) && is_year(x))) && mine == unit(b, x).1
}

/// The age that quantity `q` of `text` gives a person, if it gives one, with the word
/// for whom when it is an ordinary noun (`woman`; not a name): written with `year-old`
/// (`a 62-year-old woman`, `62 years old`), after `aged` or `the age of` (`a woman aged
/// 62`), said of `he`, `she`, `who` or a name (`as he is 21,`, `when she was 20.`), or,
/// as news writes it, a whole number set off after a word by commas or brackets (`the
/// woman, 62, was hit`, `John Hale (45)`, `his daughter Emma, 19.`). Most quantities are
/// ruled out by their first bytes, without a copy.
fn age_of<'t>(text: &'t str, q: &Quantity) -> Option<(u32, Option<&'t str>)> {
    let written = text.get(q.start..q.end)?;
    let digits = written.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=3).contains(&digits) {
        return None;
    }
    let age: u32 = written.get(..digits)?.parse().ok()?;
    if !(1..=130).contains(&age) || q.value.is_some_and(|v| v != f64::from(age)) {
        return None; // `62.5`, `62,000`
    }
    let after = text.get(q.end..).unwrap_or("");
    let before = text.get(..q.start).unwrap_or("");
    let opens = |t: &str, p: &str| {
        t.as_bytes()
            .get(..p.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(p.as_bytes()))
    };
    // An ordinary word, lower case as written (a name says nothing of kind).
    let noun = |w: Option<&'t str>| {
        w.map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .filter(|w| w.starts_with(|c: char| c.is_lowercase()))
    };
    let word_after = |t: &'t str| noun(t.split_whitespace().next());
    let word_before = |t: &'t str| noun(t.split_whitespace().next_back());
    let rest = written.get(digits..).unwrap_or("");
    if ["-year-old", "-years-old"]
        .iter()
        .any(|s| rest.eq_ignore_ascii_case(s))
    {
        return Some((age, word_after(after)));
    }
    if !rest.is_empty() {
        return None;
    }
    if let Some(s) = ["-year-old", "-years-old", " years old", " year old"]
        .iter()
        .find(|s| opens(after, s))
    {
        let rest = after.get(s.len()..).unwrap_or("");
        return Some((
            age,
            if s.starts_with('-') {
                word_after(rest)
            } else {
                None
            },
        ));
    }
    // `a woman aged 62`.
    let before_trim = before.trim_end();
    let cut = before_trim.len().saturating_sub(4);
    if before_trim
        .get(cut..)
        .is_some_and(|w| w.eq_ignore_ascii_case("aged"))
        && before_trim
            .get(..cut)
            .is_some_and(|h| h.is_empty() || h.ends_with(' '))
    {
        return Some((age, word_before(before_trim.get(..cut).unwrap_or(""))));
    }
    // `at the age of 36`.
    if before_trim.len() >= 11
        && before_trim
            .get(before_trim.len() - 10..)
            .is_some_and(|w| w.eq_ignore_ascii_case("the age of"))
        && before_trim
            .get(..before_trim.len() - 10)
            .is_some_and(|h| h.ends_with(' '))
    {
        return Some((age, None));
    }
    // Said of `he`, `she`, `who` or a name by `is`, `was` or `turned`, ending its clause
    // (`as he is 21, and …`, `when she was 20.`).
    let ends_clause = after.is_empty()
        || after.starts_with([',', '.', ';', ')'])
        || [" and ", " when ", " at the time"]
            .iter()
            .any(|s| opens(after, s));
    if ends_clause {
        let mut back = before.split_whitespace().rev();
        if let (Some(verb), Some(subject)) = (back.next(), back.next()) {
            // (Or of a name, or by `who`: `while Marcus is 23`, `Jonas Eke, who is 29,`;
            // the name read only after the verb.)
            let name = || {
                subject.len() > 1
                    && subject.chars().all(char::is_alphabetic)
                    && subject.starts_with(char::is_uppercase)
                    && subject.chars().skip(1).all(char::is_lowercase)
                    && !super::terms::is_stopword(&subject.to_lowercase())
            };
            if before.ends_with(' ')
                && ["is", "was", "turned"]
                    .iter()
                    .any(|v| verb.eq_ignore_ascii_case(v))
                && (["he", "she", "who"]
                    .iter()
                    .any(|p| subject.eq_ignore_ascii_case(p))
                    || name())
            {
                return Some((age, None));
            }
        }
    }
    // Set off by commas or brackets right after a word.
    let set_off = (before.ends_with(", ") && after.starts_with(','))
        || (before.ends_with('(') && after.starts_with(')'));
    let ahead = before.trim_end_matches([',', ' ', '(']);
    // Or ending the sentence after a name (`with his daughter Emma, 19.`).
    let ends_after_name = before.ends_with(", ")
        && after.starts_with('.')
        && after
            .get(1..)
            .is_some_and(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        && ahead.rsplit(' ').next().is_some_and(|w| {
            w.starts_with(char::is_uppercase) && w.chars().all(char::is_alphabetic)
        });
    ((set_off || ends_after_name) && ahead.chars().next_back().is_some_and(char::is_alphabetic))
        .then(|| (age, word_before(ahead)))
}

/// True when two ages ([`age_of`]) are the same, and, where both name the kind of
/// person, of the same kind (`a 62-year-old man` is not stated by `the woman, 62,`).
fn ages_agree(mine: (u32, Option<&str>), theirs: Option<(u32, Option<&str>)>) -> bool {
    let kind = |w: &str| super::terms::stem(&w.to_lowercase());
    theirs.is_some_and(|(age, word)| {
        age == mine.0
            && match (mine.1, word) {
                (Some(m), Some(t)) => kind(m) == kind(t),
                _ => true,
            }
    })
}

/// True when quantities `q` of `a` and `x` of `b` give a person the same age
/// ([`age_of`], [`ages_agree`]).
fn same_age(a: &str, q: &Quantity, b: &str, x: &Quantity) -> bool {
    age_of(a, q).is_some_and(|mine| ages_agree(mine, age_of(b, x)))
}

/// The missing quantities as written, then each month or weekday of the claim that no
/// source writes (a missing part of a date).
fn missing_numbers(
    claim: &ClaimProfile,
    missing: &[&Quantity],
    sources: &[&IndexedSource<'_>],
) -> Vec<String> {
    missing
        .iter()
        .map(|q| q.text(&claim.text).to_string())
        .chain(
            claim
                .words
                .iter()
                .filter(|w| {
                    w.calendar && !w.in_question && !sources.iter().any(|s| s.keys.contains(&w.key))
                })
                .map(|w| w.surface.clone()),
        )
        .collect()
}

/// The claim's names (and capitalised words) that no source names, except the
/// question's.
fn missing_names(claim: &ClaimProfile, sources: &[&IndexedSource<'_>]) -> Vec<String> {
    claim
        .words
        .iter()
        .filter(|w| {
            (w.name || w.initial)
                && !w.in_question
                && !sources.iter().any(|s| {
                    names(s, &w.key, &w.surface)
                        || [&w.acronym, &w.part_acronym]
                            .into_iter()
                            .flatten()
                            .any(|a| s.keys.contains(a))
                        || w.marked.as_ref().is_some_and(|m| s.keys.contains(m))
                })
                && !given_before_surname(claim, w, sources)
        })
        .map(|w| w.surface.clone())
        .collect()
}

/// Names of two or three words the claim writes together (`B.J. Oscar`, `Billboard
/// Blane`), each word named by the sources in its own right (not only as part of a
/// hyphenated word), where for two neighbours of the name the sources write the first
/// only before another name (`B.J. Thomas`), or (where it is no word that merely opens
/// the claim, and the first is nowhere written alone) the second only after another
/// name (`Marcie Blane`), and never the two together (or with one name between: `Amy Jo Johnson` writes `Amy Johnson`; a longer
/// word for the second: `South Korean` writes `South Korea`): the claim joins part of
/// one name to a word of another. Pairs the question writes are not read, nor a run of
/// four capitalised words or more (a title, a heading). Returns the pairs, as written.
fn split_names(claim: &ClaimProfile, sources: &[&IndexedSource<'_>]) -> Vec<String> {
    let text = claim.text.as_str();
    let ts = &claim.terms;
    let word = |t: &super::terms::Term| {
        claim
            .words
            .iter()
            .find(|w| w.key == t.key && (w.name || w.initial))
    };
    let name = |t: &super::terms::Term| t.capitalised && !t.stop && !t.numeric && word(t).is_some();
    let asked =
        |t: &super::terms::Term| claim.words.iter().any(|w| w.key == t.key && w.in_question);
    // The runs of capitalised words written as one name, as ranges of `ts`.
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, t) in ts.iter().enumerate() {
        match runs.last_mut() {
            Some(r) if r.end == i && name(t) && i > 0 && one_name(text, &ts[i - 1], t) => {
                r.end = i + 1;
            }
            _ if name(t) => runs.push(i..i + 1),
            _ => {}
        }
    }
    // Named by a source in its own right (a word no source writes is reported alone),
    // not only as part of a hyphenated word.
    let own = |key: &str| {
        sources.iter().any(|s| s.keys.contains(key))
            && !sources
                .iter()
                .any(|s| s.parts.contains(key) && !s.keys.contains(key))
    };
    runs.into_iter()
        .filter(|r| (2..=3).contains(&r.len()))
        .flat_map(|r| r.start..r.end - 1)
        .filter_map(|i| Some((ts.get(i)?, ts.get(i + 1)?)))
        .filter(|(a, b)| a.key != b.key && !(asked(a) && asked(b)) && own(&a.key) && own(&b.key))
        .filter(|(a, b)| {
            let (mut first_alone, mut second_alone) = (false, false);
            let (mut first_seen, mut second_seen) = (false, false);
            for s in sources {
                match pair_in(s, &a.key, &b.key) {
                    None => return false,
                    Some(seen) => {
                        first_alone |= seen.first_alone;
                        second_alone |= seen.second_alone;
                        first_seen |= seen.first_seen;
                        second_seen |= seen.second_seen;
                    }
                }
            }
            // The second direction only where the sources write the first word nowhere
            // alone either (`named the land north of the Danube River Germania` writes
            // `River Germania`, and `Germany` alone).
            let opens = word(a).is_some_and(|w| !w.name);
            (first_seen && !first_alone) || (!opens && second_seen && !second_alone && !first_alone)
        })
        .filter_map(|(a, b)| text.get(a.start..b.end).map(str::to_string))
        .collect()
}

/// Where `s` writes `key` capitalised: each sentence's text and terms, and the place of
/// the word among them.
fn written_capitalised<'s>(
    s: &'s IndexedSource<'_>,
    key: &'s str,
) -> impl Iterator<Item = (&'s str, &'s [super::terms::Term], usize)> + 's {
    let src: &super::prepared::PreparedSource = &s.prepared;
    src.id(key)
        .map_or(&[][..], |id| src.key_sentences.get(id))
        .iter()
        .filter_map(|&i| s.sentence_with_terms(i as usize))
        .flat_map(move |(text, ts)| {
            ts.iter()
                .enumerate()
                .filter(move |(_, t)| t.key == key && t.capitalised)
                .map(move |(j, _)| (text, ts, j))
        })
}

/// True when the words `x` and `y` of `text` are written as one name: one space between
/// them, after a dot where `x` is initials (`B.J. Thomas`).
fn one_name(text: &str, x: &super::terms::Term, y: &super::terms::Term) -> bool {
    match text.get(x.end..y.start) {
        Some(" ") => true,
        Some(". ") => text
            .get(x.start..x.end)
            .is_some_and(|w| w.len() <= 3 && w.chars().all(|c| c.is_uppercase() || c == '.')),
        _ => false,
    }
}

/// How a source writes the two words of a claim's name (see [`split_names`]): whether it
/// writes the first, capitalised, and ever without another name right after it; the same
/// of the second and a name right before it.
struct PairSeen {
    first_seen: bool,
    first_alone: bool,
    second_seen: bool,
    second_alone: bool,
}

/// [`PairSeen`] of keys `a` and `b` in `s`, or `None` where `s` writes them together
/// (with at most one capitalised word between; `b`, or a longer word that starts with it).
fn pair_in(s: &IndexedSource<'_>, a: &str, b: &str) -> Option<PairSeen> {
    let mut seen = PairSeen {
        first_seen: false,
        first_alone: false,
        second_seen: false,
        second_alone: false,
    };
    // Another name written with it (`B.J. Thomas`), in sentence `text`.
    let joined = |text: &str, x: &super::terms::Term, y: &super::terms::Term| {
        [x, y]
            .iter()
            .all(|t| t.capitalised && !t.stop && !t.numeric)
            && one_name(text, x, y)
    };
    // The second word, or a longer word that starts with it (`Korean` for `Korea`).
    let is_b = |k: &str| k == b || (b.len() >= 4 && k.starts_with(b));
    for (text, ts, j) in written_capitalised(s, a) {
        seen.first_seen = true;
        let t = &ts[j];
        match ts.get(j + 1) {
            Some(n) if is_b(&n.key) && one_name(text, t, n) => return None,
            Some(n) if joined(text, t, n) => {
                if ts
                    .get(j + 2)
                    .is_some_and(|m| is_b(&m.key) && joined(text, n, m))
                {
                    return None;
                }
            }
            _ => seen.first_alone = true,
        }
    }
    // The first word, or a hyphenated word that ends with it (`T-Bone Walker`).
    let is_a = |k: &str| {
        k.strip_suffix(a)
            .is_some_and(|r| r.is_empty() || r.ends_with('-'))
    };
    for (text, ts, j) in written_capitalised(s, b) {
        seen.second_seen = true;
        let t = &ts[j];
        match j.checked_sub(1).and_then(|k| ts.get(k)) {
            Some(p) if is_a(&p.key) && one_name(text, p, t) => return None,
            Some(p) if joined(text, p, t) => {}
            _ => seen.second_alone = true,
        }
    }
    Some(seen)
}

/// Words that make another place of a place's name (`Western Australia`, `New Mexico`,
/// `Lower Saxony`, `Greater London`), never a person's given name: a source that writes
/// the place alone does not name them.
const PLACE_QUALIFIERS: &[&str] = &[
    "central", "east", "eastern", "great", "greater", "little", "lower", "new", "north",
    "northern", "old", "south", "southern", "upper", "west", "western",
];

/// True when `w` opens a name of two words in the claim (`Margot Robbie`) whose second
/// word the sources name (`Robbie has …`) but never after another capitalised word
/// (`Will Smith` against a claim's `Jaden Smith`): the sources call the person by that
/// name alone, and the word before it is the name's first, which they leave out.
fn given_before_surname(
    claim: &ClaimProfile,
    w: &super::support::ClaimWord,
    sources: &[&IndexedSource<'_>],
) -> bool {
    // A given name is a word of letters, three or more, not in capitals (not `La` of `La
    // Baie`, nor an acronym).
    let given = w.surface.chars().count() >= 3
        && w.surface.chars().all(char::is_alphabetic)
        && w.surface.chars().skip(1).any(char::is_lowercase)
        && !PLACE_QUALIFIERS
            .iter()
            .any(|q| q.eq_ignore_ascii_case(&w.surface));
    if !given {
        return false;
    }
    let text = claim.text.as_str();
    let ts = &claim.terms;
    let joined =
        |a: &super::terms::Term, b: &super::terms::Term| text.get(a.end..b.start) == Some(" ");
    ts.iter().enumerate().any(|(i, t)| {
        if t.key != w.key || !t.capitalised {
            return false;
        }
        let Some(n) = ts.get(i + 1) else {
            return false;
        };
        let surname = text.get(n.start..n.end).unwrap_or("");
        // The name is these two words: no capitalised word joined before or after.
        let opens = i
            .checked_sub(1)
            .and_then(|p| ts.get(p))
            .is_none_or(|p| !(p.capitalised && joined(p, t)));
        let ends = ts
            .get(i + 2)
            .is_none_or(|a| !(a.capitalised && joined(n, a)));
        opens
            && ends
            && n.capitalised
            && !n.stop
            && joined(t, n)
            && surname.chars().count() >= 3
            && {
                let (alone, after_another) = sources.iter().fold((false, false), |acc, s| {
                    let (a, b) = surname_uses(&s.source.content, surname);
                    (acc.0 || a, acc.1 || b)
                });
                alone && !after_another
            }
    })
}

/// How `content` writes `surname` (as written, a whole word): alone, with no capitalised
/// word right before or after it (`Robbie has …`; not after a determiner nor before `of`,
/// as a noun that heads a name is written: `the University of Hawaii`), and right after a
/// capitalised word that is not a stop word (`Will Smith`). One space counts as beside.
fn surname_uses(content: &str, surname: &str) -> (bool, bool) {
    let (mut alone, mut after_another) = (false, false);
    for (at, _) in content.match_indices(surname) {
        let (head, tail) = (&content[..at], &content[at + surname.len()..]);
        if tail.starts_with(char::is_alphanumeric) || head.ends_with(char::is_alphanumeric) {
            continue;
        }
        let before = head.strip_suffix(' ').map(|h| {
            let start = h
                .char_indices()
                .rev()
                .find(|&(_, c)| !c.is_alphanumeric())
                .map_or(0, |(k, c)| k + c.len_utf8());
            &h[start..]
        });
        // A capitalised stop word counts only inside a sentence (`by Will Smith`, not
        // `When Robbie …`).
        let capital_before = before.is_some_and(|w| {
            let opens = super::terms::opens_after(
                head.get(..head.len().saturating_sub(w.len() + 1))
                    .unwrap_or("")
                    .trim_end(),
            );
            w.starts_with(char::is_uppercase)
                && !(opens && super::terms::is_stopword(&w.to_lowercase()))
        });
        let capital_after = tail
            .strip_prefix(' ')
            .is_some_and(|t| t.starts_with(char::is_uppercase));
        // A capitalised noun that heads a name is no surname (`the University of Hawaii`,
        // against a claim's `Stanford University`): a determiner before it, or `of` after.
        let noun = before
            .is_some_and(|w| super::DETERMINERS.iter().any(|d| d.eq_ignore_ascii_case(w)))
            || tail.starts_with(" of ");
        after_another |= capital_before;
        alone |= !capital_before && !capital_after && !noun;
    }
    (alone, after_another)
}

/// The e-mail addresses of the claim (`name@domain.tld`) that no source writes (compared
/// without regard to ASCII case). An address is an identifier: its parts (`support`,
/// `example`, `com`) may all be words of a source that gives another address.
pub(crate) fn missing_addresses(text: &str, sources: &[&IndexedSource<'_>]) -> Vec<String> {
    let part = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '%' | '+' | '-');
    let mut out: Vec<String> = Vec::new();
    for raw in text.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '<' | '>' | '(' | ')' | '[' | ']' | '"' | '\'' | '`' | ',' | ';' | '*'
            )
    }) {
        let token = raw.trim_end_matches(['.', ':', '!', '?']);
        let Some((local, domain)) = token.split_once('@') else {
            continue;
        };
        let domain = domain.trim_end_matches('.');
        let well_formed = !local.is_empty()
            && local.chars().all(part)
            && domain.contains('.')
            && !domain.starts_with('.')
            && domain.chars().all(part);
        if !well_formed {
            continue;
        }
        let address = format!("{local}@{domain}");
        let lower = address.to_ascii_lowercase();
        let stated = sources.iter().any(|s| {
            s.source
                .content
                .as_bytes()
                .windows(lower.len())
                .any(|w| w.eq_ignore_ascii_case(lower.as_bytes()))
        });
        if !stated && !out.contains(&address) {
            out.push(address);
        }
    }
    out
}

/// Claim tokens inside a run of three that some source repeats verbatim.
fn trigram_covered(claim: &ClaimProfile, sources: &[&IndexedSource<'_>]) -> usize {
    let mut in_trigram = vec![false; claim.terms.len()];
    for (i, w) in claim.terms.windows(3).enumerate() {
        let h = hash_keys(w.iter().map(|t| t.key.as_str()));
        if sources
            .iter()
            .any(|s| s.trigrams().binary_search(&h).is_ok())
        {
            for c in in_trigram.iter_mut().skip(i).take(3) {
                *c = true;
            }
        }
    }
    in_trigram.iter().filter(|c| **c).count()
}

/// Coverage of the words the question does not already contain (IDF weights); 1 when
/// the question contains them all.
fn novel_coverage(claim: &ClaimProfile, set_credit: &[f64]) -> f64 {
    let (mut novel_got, mut novel_total) = (0.0, 0.0);
    for (w, c) in claim.words.iter().zip(set_credit) {
        if !w.in_question {
            novel_got += c * w.weight;
            novel_total += w.weight;
        }
    }
    if novel_total > 0.0 {
        novel_got / novel_total
    } else {
        1.0
    }
}

/// Claim tokens that some source contains as a token.
fn token_hits(claim: &ClaimProfile, sources: &[&IndexedSource<'_>]) -> usize {
    claim
        .terms
        .iter()
        .filter(|t| {
            let h = hash_keys(std::iter::once(t.key.as_str()));
            sources
                .iter()
                .any(|s| s.unigrams().binary_search(&h).is_ok())
        })
        .count()
}

/// True for a quantity written as a year (four digits from 1000 to 2199, nothing more).
pub(super) fn is_year(q: &Quantity) -> bool {
    q.key.len() == 4
        && q.key.bytes().all(|b| b.is_ascii_digit())
        && q.key.starts_with(['1', '2'])
        && q.key.as_str() < "2200"
        && q.end.saturating_sub(q.start) == 4
}

/// Plurals that do not end in `s`, with their singular: what a count of people counts.
const IRREGULAR_PLURALS: &[(&str, &str)] = &[
    ("children", "child"),
    ("men", "man"),
    ("people", "person"),
    ("persons", "person"),
    ("women", "woman"),
];

/// What a quantity counts, for comparing two of them: the word written right after it
/// (`residents` in `9 million residents`, `metres` in `330 metres`), stemmed, and the
/// marks of the quantity itself other than digits and letters (`$`, `%`; so `four
/// schools` and `three schools` count the same thing). `400 floors` and `276 metres` are
/// not the same quantity; `9 million residents` and `about 2.1 million residents` are.
pub(super) fn unit(text: &str, q: &Quantity) -> (String, String) {
    let marks: String = text
        .get(q.start..q.end)
        .unwrap_or("")
        .chars()
        .filter(|c| {
            // Not a range's dash either (`3-5` counts what `3 to 5` does).
            !c.is_alphanumeric()
                && !c.is_whitespace()
                && !matches!(c, '.' | ',' | '٫' | '٬' | '-' | '–')
        })
        .flat_map(char::to_lowercase)
        .collect();
    let (written, _) = unit_word(text, q);
    let word: String = written
        .split('/')
        .next()
        .unwrap_or("")
        .chars()
        .flat_map(char::to_lowercase)
        .collect();
    let word = if let Some(canonical) = unit_canonical(&word) {
        // `330 m` and `330 metres` count the same thing.
        stem(canonical)
    } else if let Some(&(_, one)) = IRREGULAR_PLURALS.iter().find(|(many, _)| *many == word) {
        // `two people` and `one person` count the same thing.
        stem(one)
    } else if super::terms::is_stopword(&word) {
        String::new()
    } else {
        stem(&word)
    };
    (marks, word)
}

/// What quantity `q` of `text` counts ([`unit`]), or, for a bare number joined to a
/// quantity before it in its sentence (`12 people in Baghdad and 5 in Basra`: nothing
/// after `5` but a preposition), what that one counts: the unit left out is the same,
/// not none. (`qs`: the quantities of `text`, in order; years are skipped.)
pub(super) fn unit_or_elided(text: &str, qs: &[Quantity], q: &Quantity) -> (String, String) {
    let own = unit(text, q);
    if !own.0.is_empty() || !own.1.is_empty() || is_year(q) {
        return own;
    }
    let Some(prev) = qs.iter().rfind(|p| p.end <= q.start && !is_year(p)) else {
        return own;
    };
    let gap = text.get(prev.end..q.start).unwrap_or("");
    let joined = !gap.contains(['.', '!', '?', ';', ':'])
        && (gap.contains(',')
            || gap
                .split_whitespace()
                .any(|w| matches!(w, "and" | "while" | "but" | "whereas")));
    if joined {
        unit(text, prev)
    } else {
        own
    }
}

/// The word written right after quantity `q` of `text`, past spaces (letters and `/`,
/// as written: `km/h`), and the byte offset where it ends. A degree sign opens the word
/// (`°C`), and `degrees` takes the scale after it (`degrees Celsius`).
fn unit_word<'a>(text: &'a str, q: &Quantity) -> (&'a str, usize) {
    let after = text.get(q.end..).unwrap_or("");
    // A hyphen joins a unit to its number (`six-month`, `30-day`).
    let rest = match after.strip_prefix('-') {
        Some(r) if r.starts_with(char::is_alphabetic) => r,
        _ => after.trim_start_matches([' ', '\u{a0}']),
    };
    let word_len = |s: &str| -> usize {
        s.chars()
            .take_while(|c| c.is_alphabetic() || *c == '/')
            .map(char::len_utf8)
            .sum()
    };
    let sign = rest
        .chars()
        .next()
        .filter(|c| matches!(c, '°' | 'º'))
        .map_or(0, char::len_utf8);
    // The first number of a range takes the unit after the second (`3 to 5 business
    // days`, as `3-5 business days`).
    let rest = match rest.get(..3) {
        Some(to) if sign == 0 && to.eq_ignore_ascii_case("to ") => {
            let tail = rest.get(3..).unwrap_or("").trim_start_matches(' ');
            let digits = tail
                .bytes()
                .take_while(|b| b.is_ascii_digit() || matches!(b, b'.' | b','))
                .count();
            match tail.get(digits..) {
                Some(after) if digits > 0 && after.starts_with(' ') => {
                    after.trim_start_matches(' ')
                }
                _ => rest,
            }
        }
        _ => rest,
    };
    let mut len = sign + word_len(rest.get(sign..).unwrap_or(""));
    let first = rest.get(..len).unwrap_or("");
    if first.eq_ignore_ascii_case("degrees") || first.eq_ignore_ascii_case("degree") {
        let tail = rest.get(len..).unwrap_or("");
        let gap = tail.len() - tail.trim_start_matches(' ').len();
        let scale = word_len(tail.get(gap..).unwrap_or(""));
        let joined = rest.get(..len + gap + scale).unwrap_or("");
        if scale > 0 && unit_canonical(&joined.to_lowercase()).is_some() {
            len += gap + scale;
        }
    }
    let word = rest.get(..len).unwrap_or("").trim_end_matches('/');
    (word, q.end + (after.len() - rest.len()) + word.len())
}

/// The kind and unit of the unit word written right after quantity `q` of `text`
/// (`330 feet` → length, ft), if it is one of [`UNITS`].
fn unit_of(text: &str, q: &Quantity) -> Option<(&'static str, &'static str)> {
    let word = unit_word(text, q).0;
    if word.is_empty() {
        return None;
    }
    unit_named(word)
}

/// The units that `text` says something is measured in, without a number (`in seconds`,
/// `in kilograms`): each `in` followed by a unit of [`UNITS`] written out (three letters
/// or more, so that `in m` is no unit), unless a number stands just before `in`. Each is
/// (kind, unit, the unit as written).
fn measured_in(text: &str) -> Vec<(&'static str, &'static str, String)> {
    let mut out = Vec::new();
    let (mut before, mut prev) = ("", "");
    for w in unit_words(text) {
        if prev.eq_ignore_ascii_case("in")
            && w.len() >= 3
            && !before.bytes().any(|b| b.is_ascii_digit())
        {
            if let Some((kind, unit)) = unit_named(w) {
                out.push((kind, unit, w.to_lowercase()));
            }
        }
        (before, prev) = (prev, w);
    }
    out
}

/// The words of `text` as [`super::split::lower_words`] splits them, not copied.
fn unit_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
        .filter(|w| !w.is_empty())
}

/// The kind and unit of a word of [`UNITS`] (any case; the forms are lower case, `°` is
/// compared as its bytes).
pub(super) fn unit_named(word: &str) -> Option<(&'static str, &'static str)> {
    UNITS.iter().find_map(|(kind, forms)| {
        forms
            .iter()
            .find(|(form, _)| form.eq_ignore_ascii_case(word))
            .map(|(_, unit)| (*kind, *unit))
    })
}

/// A contradiction by the unit something is measured in, without a number: the claim says
/// `in seconds` where the window of `m` says `in milliseconds` (a unit of the same kind,
/// another unit) and never writes the claim's unit, and the best evidence sentence
/// covers the claim (the unit counted as matched) at least `negationMinCoverage`.
/// Returns the two as written.
fn measure_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    let mine = measured_in(&claim.text);
    if mine.is_empty() {
        return None;
    }
    let (src, _, _) = best_sentence(m, sources)?;
    let window = src.source.content.get(m.window.0..m.window.1)?;
    let theirs = measured_in(window);
    let window_units: Vec<&str> = unit_words(window)
        .filter_map(unit_named)
        .map(|(_, unit)| unit)
        .collect();
    mine.iter().find_map(|(kind, unit, written)| {
        if window_units.contains(unit) {
            return None;
        }
        let (_, _, other) = theirs.iter().find(|(k, u, _)| k == kind && u != unit)?;
        let said = [stem(written)];
        covers_disputing(claim, m, &said, opts)
            .then(|| (format!("in {written}"), format!("in {other}")))
    })
}

/// A contradiction by the number a unit is given: the claim writes a number with a unit
/// (`after a four-hour debate`) where its best evidence sentence, which covers the claim
/// (at least `negationMinCoverage`), writes that unit with another number (`after a
/// three-hour debate`), and its window never writes the claim's number with that unit:
/// the number rule finds the claim's number bare elsewhere in the sentence (`by seven
/// votes to four`), a summary's number moved to another thing. Not years, approximate
/// numbers or percentages; the window states the claim's number with its unit one word
/// after it too (`3 business days`), or opening a range or a pair that the unit ends
/// (`2-3 hours`, `the late 19th and early 20th centuries`).
/// Returns the two as written with their units.
fn unit_number_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    let (src, start, end) = quantity_sentence(claim, m, sources, opts)?;
    let text = &src.source.content;
    let (ws, we) = m.window;
    let plain = |x: &Quantity| !is_year(x) && !x.approximate && !x.percent && x.value.is_some();
    let written = |t: &str, x: &Quantity| {
        t.get(x.start..unit_word(t, x).1.max(x.end))
            .unwrap_or("")
            .to_string()
    };
    claim.quantities.iter().find_map(|q| {
        if !plain(q) {
            return None;
        }
        let mine = unit_of(&claim.text, q)?;
        let with_unit = |x: &Quantity| unit_of(text, x) == Some(mine);
        let window: Vec<&Quantity> = src
            .quantities
            .iter()
            .filter(|x| x.start >= ws && x.end <= we)
            .collect();
        // The claim's number with its unit, one word before it (`3 business days`), or
        // opening a range that ends in it.
        let unit_soon = |x: &Quantity| {
            unit_words(text.get(x.end..).unwrap_or(""))
                .take(2)
                .any(|w| unit_named(w) == Some(mine))
        };
        // The claim's measure in another unit of its kind (`5000 milliseconds`).
        let measure = measure_of(&claim.text, q);
        let converted =
            |x: &Quantity| measure.is_some_and(|mm| same_measure(mm, q, measure_of(text, x), x));
        // (An age stated bare, `as he is 21`, states `21 years old`.)
        let stated = window.iter().enumerate().any(|(k, x)| {
            converted(x)
                || same_age(&claim.text, q, text, x)
                || (q.same_as(x)
                    && (with_unit(x)
                        || unit_soon(x)
                        || window
                            .get(k + 1)
                            .is_some_and(|y| with_unit(y) && opens_a_range(text, x, y))))
        });
        if stated {
            return None;
        }
        let x = window
            .iter()
            .find(|x| x.start >= start && x.end <= end && plain(x) && with_unit(x))?;
        Some((written(&claim.text, q), written(text, x)))
    })
}

/// The words a count or share is of (`public libraries` in `14 public libraries and 3
/// museums`, `adults` in `70% of adults`): up to three words right after quantity `q`
/// of `text`, past an `of` (and a determiner after it), that are no stopwords, stemmed;
/// they end at a stopword, a mark or a digit. Empty when none follows.
fn counted_words(text: &str, q: &Quantity) -> Vec<String> {
    counted(text, q).0
}

/// [`counted_words`], with the byte offset in `text` where the last of them ends (the
/// quantity's end when there is none).
fn counted(text: &str, q: &Quantity) -> (Vec<String>, usize) {
    let rest = text.get(q.end..).unwrap_or("");
    let rest = rest.strip_prefix('%').unwrap_or(rest);
    let base = text.len() - rest.len();
    let mut last = q.end;
    let mut out = Vec::new();
    let mut after_of = false;
    let mut at = 0;
    while out.len() < 3 {
        let tail = rest.get(at..).unwrap_or("");
        let gap = tail.len() - tail.trim_start_matches([' ', '\u{a0}']).len();
        let tail = tail.get(gap..).unwrap_or("");
        let len: usize = tail
            .chars()
            .take_while(|c| c.is_alphabetic() || matches!(c, '-' | '\'' | '’'))
            .map(char::len_utf8)
            .sum();
        // A word starts right after the quantity or a space, never after a mark.
        if len == 0 || (at > 0 && gap == 0) {
            break;
        }
        let word = tail.get(..len).unwrap_or("").to_lowercase();
        at += gap + len;
        if super::terms::is_stopword(&word) {
            // `70% of adults`, `three of the museums`: the words after `of` (and a
            // determiner after it) are counted.
            if out.is_empty() && !after_of && word == "of" {
                after_of = true;
                continue;
            }
            if out.is_empty() && after_of && DETERMINERS_AFTER_OF.contains(&word.as_str()) {
                continue;
            }
            break;
        }
        out.push(stem(&word));
        last = base + at;
    }
    (out, last)
}

/// Determiners that may follow the `of` of a share (`30 percent of the vote`).
pub(crate) const DETERMINERS_AFTER_OF: &[&str] =
    &["the", "its", "their", "his", "her", "our", "these", "those"];

/// A contradiction by what a number counts: the claim writes a count or share of some
/// thing (`3 public libraries`, `40% of adults`) where its best evidence sentence, which
/// covers the claim (at least `negationMinCoverage`), writes the claim's number counting
/// another thing (`3 museums`, `40% of teenagers`) and another number counting the claim's
/// (`14 public libraries`, `70% of adults`), and its window never writes the claim's
/// number with the claim's words after it: a summary's number moved to its neighbour.
/// Measures are [`unit_number_conflict`]'s; not years, approximate numbers or numbers of
/// the question. Returns the two as written.
fn counted_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    let (src, start, end) = quantity_sentence(claim, m, sources, opts)?;
    let text = &src.source.content;
    let (ws, we) = m.window;
    let plain = |t: &str, x: &Quantity| {
        !is_year(x) && !x.approximate && x.value.is_some() && unit_of(t, x).is_none()
    };
    // One of a range or a pair, whose words count what both give (`eight by eight
    // squares`, `3 or 4 museums`).
    let paired = |t: &str, all: &[Quantity], x: &Quantity| {
        all.iter().any(|p| {
            between(t, p, x).is_some_and(|g| joins_a_range(g) || matches!(g, "by" | "x" | "×"))
        })
    };
    let window: Vec<&Quantity> = within(&src.quantities, ws, we).iter().collect();
    // The best sentence must write two numbers: the claim's and another.
    window
        .iter()
        .filter(|x| x.start >= start && x.end <= end)
        .nth(1)?;
    claim.quantities.iter().find_map(|q| {
        // The cheap tests first: the claim's number in the best sentence.
        if claim.question_numbers.contains(&q.key)
            || !window
                .iter()
                .any(|x| x.start >= start && x.end <= end && q.same_as(x))
            || !plain(&claim.text, q)
            || paired(&claim.text, &claim.quantities, q)
        {
            return None;
        }
        let mine = counted_words(&claim.text, q);
        if mine.is_empty() {
            return None;
        }
        let covers = |theirs: &[String]| mine.iter().all(|w| theirs.contains(w));
        let window: Vec<&Quantity> = window
            .iter()
            .copied()
            .filter(|x| x.percent == q.percent)
            .collect();
        // The claim's number counting the claim's thing, or opening a range or a pair
        // that ends in it (`3 or 4 museums`).
        let stated = window.iter().enumerate().any(|(k, x)| {
            q.same_as(x)
                && (covers(&counted_words(text, x))
                    || window.get(k + 1).is_some_and(|y| {
                        covers(&counted_words(text, y)) && opens_a_range(text, x, y)
                    }))
        });
        if stated {
            return None;
        }
        let in_sentence = |x: &&&Quantity| x.start >= start && x.end <= end && plain(text, x);
        // The claim's number counting something the claim does not say (`40% of
        // teenagers`, `3 museums`).
        let moved = window
            .iter()
            .filter(in_sentence)
            .filter(|x| q.same_as(x) && !paired(text, &src.quantities, x))
            .map(|x| counted_words(text, x))
            .find(|theirs| theirs.iter().any(|w| !mine.contains(w)))?;
        // Another number counting the claim's thing: all of the claim's words, or only
        // words of the claim, one of which the moved number lacks (`70% of adults` for
        // `40% of adults use the app`, whose `use` the source says of both).
        let counts_mine = |y: &Quantity| {
            let theirs = counted_words(text, y);
            !q.same_as(y)
                && !theirs.is_empty()
                && (covers(&theirs)
                    || (theirs.iter().all(|w| mine.contains(w))
                        && theirs.iter().any(|w| !moved.contains(w))))
        };
        // (A `one` that counts the claim's thing in the sentence, which the number reader
        // takes for a pronoun: `one king, one queen, two rooks` against `two queens`.)
        let one = || {
            (q.value != Some(1.0) && !q.percent)
                .then(|| ones(text, start, end).into_iter().find(|y| counts_mine(y)))
                .flatten()
        };
        let found = window.iter().filter(in_sentence).find(|y| counts_mine(y));
        let other = match found {
            Some(y) => Quantity::clone(y),
            None => one()?,
        };
        let other = &other;
        let written = |t: &str, x: &Quantity| {
            t.get(x.start..counted(t, x).1)
                .unwrap_or("")
                .trim()
                .to_string()
        };
        Some((written(&claim.text, q), written(text, other)))
    })
}

/// Each word `one` of `text` between byte offsets `start` and `end`, as a quantity of one
/// ([`super::numbers`] reads `one` as a number only before a unit of measure).
fn ones(text: &str, start: usize, end: usize) -> Vec<Quantity> {
    let Some(span) = text.get(start..end) else {
        return Vec::new();
    };
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    span.match_indices(['o', 'O'])
        .filter(|&(i, _)| {
            span.get(i..i + 3)
                .is_some_and(|w| w.eq_ignore_ascii_case("one"))
                && !word(span.get(..i).and_then(|b| b.chars().next_back()))
                && !word(span.get(i + 3..).and_then(|a| a.chars().next()))
        })
        .map(|(i, _)| Quantity {
            start: start + i,
            end: start + i + 3,
            value: Some(1.0),
            key: "one".to_string(),
            approximate: false,
            percent: false,
        })
        .collect()
}

/// The text between quantities `a` and `b` of `text`, in whichever order they stand,
/// trimmed; `None` when they overlap.
fn between<'t>(text: &'t str, a: &Quantity, b: &Quantity) -> Option<&'t str> {
    let (first, second) = if a.start <= b.start { (a, b) } else { (b, a) };
    (first.end <= second.start)
        .then(|| text.get(first.end..second.start))
        .flatten()
        .map(str::trim)
}

/// True when `text` states a change from quantity `x` to quantity `y`: `from` at most two
/// words before `x`, and `to` among the words between them, with no clause mark or
/// second `from` there (`fell from 54 billion cubic metres in 2013 to 12 billion`).
fn changes(text: &str, x: &Quantity, y: &Quantity) -> bool {
    let Some(gap) = text.get(x.end..y.start).filter(|_| x.end <= y.start) else {
        return false;
    };
    let before = text.get(..x.start).unwrap_or("");
    let opened = before
        .split_whitespace()
        .rev()
        .take(2)
        .any(|w| w.eq_ignore_ascii_case("from"));
    let words: Vec<&str> = gap.split_whitespace().collect();
    opened
        && !gap.contains([',', ';', ':', '(', ')'])
        && words.len() <= 8
        && words.iter().any(|w| w.eq_ignore_ascii_case("to"))
        && !words.iter().any(|w| w.eq_ignore_ascii_case("from"))
}

/// The word before quantity `q` of `text`, lower case, over a month's name (`to May 14`
/// → `to`).
fn word_before_quantity(text: &str, q: &Quantity) -> String {
    let mut words = text
        .get(..q.start)
        .unwrap_or("")
        .split_whitespace()
        .rev()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()));
    let mut w = words.next().unwrap_or("");
    if is_month_name(w) {
        w = words.next().unwrap_or("");
    }
    w.to_lowercase()
}

/// True when `w` is a month's name as a date writes it, capitalised (`May`, `Sept`; not
/// `may`, nor a weekday).
fn is_month_name(w: &str) -> bool {
    w.starts_with(|c: char| c.is_ascii_uppercase())
        && super::support::calendar_of(w).is_some_and(|n| n <= 12)
}

/// The best sentence's text (its source's content) and the quantities it writes, for the
/// rules that read a claim's quantity against two or more of them ([`quantity_sentence`]:
/// a claim with quantities, covered enough by the sentence).
fn sentence_quantities<'a>(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &'a [&'a IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(&'a str, Vec<&'a Quantity>)> {
    let (src, start, end) = quantity_sentence(claim, m, sources, opts)?;
    let xs: Vec<&Quantity> = src
        .quantities
        .iter()
        .filter(|x| x.start >= start && x.end <= end)
        .collect();
    (xs.len() >= 2).then_some((src.source.content.as_str(), xs))
}

/// A contradiction by the end of a change: the claim gives one of its quantities as
/// where something went (`to` right before it or before its month: `fell to 5.2%`, `was
/// moved to May 14`) where its best sentence, which covers it at least
/// `negationMinCoverage`, gives that quantity as where it came from (`fell from 5.2% in
/// January to 4.8% in June`, see [`changes`]) and never after a `to`; or as where it came
/// from (`from`) where the sentence gives it as where it went. Not approximate numbers,
/// nor numbers of the question. Returns the claim's words and the sentence's change, as
/// written.
fn change_end_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    let (text, xs) = sentence_quantities(claim, m, sources, opts)?;
    claim.quantities.iter().find_map(|q| {
        if q.approximate || claim.question_numbers.contains(&q.key) {
            return None;
        }
        let mark = word_before_quantity(&claim.text, q);
        let to = match mark.as_str() {
            "to" => true,
            "from" => false,
            _ => return None,
        };
        // The claim's quantity with the same word before it in the sentence: stated.
        if xs
            .iter()
            .any(|z| q.same_as(z) && word_before_quantity(text, z) == mark)
        {
            return None;
        }
        let (x, y) = xs.iter().find_map(|x| {
            xs.iter()
                .find(|y| {
                    changes(text, x, y)
                        && if to {
                            q.same_as(x) && !q.same_as(y)
                        } else {
                            q.same_as(y) && !q.same_as(x)
                        }
                })
                .map(|y| (*x, *y))
        })?;
        let mine = claim
            .text
            .get(..q.start)?
            .rfind(mark.as_str())
            .or_else(|| {
                claim
                    .text
                    .get(..q.start)?
                    .to_ascii_lowercase()
                    .rfind(mark.as_str())
            })?;
        // (ASCII lower case keeps every byte where it was: the offsets are the text's.)
        let from = text.get(..x.start)?.to_ascii_lowercase().rfind("from")?;
        // (Through a percent sign after the number.)
        let through = |t: &str, q: &Quantity| {
            q.end + usize::from(t.get(q.end..).is_some_and(|r| r.starts_with('%')))
        };
        Some((
            claim.text.get(mine..through(&claim.text, q))?.to_string(),
            text.get(from..through(text, y))?.to_string(),
        ))
    })
}

/// The words that put the quantity after them aside for another (`within 60 days instead
/// of 30`, `15 hours, not the 30 advertised`), as the words before it end, lower case.
const SET_ASIDE: &[&str] = &["instead of", "rather than", "not", "not the", "not a"];

/// Where the word of [`SET_ASIDE`] that quantity `q` of `text` stands right after starts,
/// if it does (no two of them end alike).
fn set_aside(text: &str, q: &Quantity) -> Option<usize> {
    let before = text.get(..q.start)?.trim_end_matches(['$', '€', '£', ' ']);
    SET_ASIDE.iter().find_map(|m| {
        let at = before.len().checked_sub(m.len())?;
        let (head, tail) = (before.get(..at)?, before.get(at..)?);
        (tail.eq_ignore_ascii_case(m)
            && (head.is_empty() || head.ends_with(|c: char| !c.is_alphanumeric())))
        .then_some(at)
    })
}

/// A contradiction by a value the evidence sets aside: the claim states a quantity that
/// its best sentence (covering it at least `negationMinCoverage`) writes only as the one
/// set aside for another (`within 60 days instead of 30`, `lasts about 15 hours, not the
/// 30 advertised`), and states another value. Not where the claim sets it aside too, nor
/// a negated claim. Returns the claim's quantity and the sentence's words, as written.
fn rejected_value_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    if claim.negated {
        return None; // the negation rules'
    }
    let (text, xs) = sentence_quantities(claim, m, sources, opts)?;
    claim.quantities.iter().find_map(|q| {
        if claim.question_numbers.contains(&q.key) || set_aside(&claim.text, q).is_some() {
            return None;
        }
        let same: Vec<&&Quantity> = xs.iter().filter(|x| q.same_as(x)).collect();
        let first = same.first()?;
        if !same.iter().all(|x| set_aside(text, x).is_some()) {
            return None;
        }
        // Another value the sentence keeps (`60 days`, `15 hours`).
        xs.iter()
            .find(|y| !q.same_as(y) && set_aside(text, y).is_none() && !is_year(y))?;
        let from = set_aside(text, first)?;
        Some((
            q.text(&claim.text).to_string(),
            text.get(from..first.end)?.to_string(),
        ))
    })
}

/// True when quantity `x` of `text` opens a range or a pair that `y`, right after it,
/// ends, its unit or counted words after `y` (`2-3 hours`, `3 or 4 museums`, `the late
/// 19th and early 20th centuries`: a joining word and at most two more).
fn opens_a_range(text: &str, x: &Quantity, y: &Quantity) -> bool {
    text.get(x.end..y.start).is_some_and(|g| {
        let mut words = g.split_whitespace();
        words.next().is_some_and(joins_a_range) && words.count() <= 2
    })
}

/// [`best_sentence`] for the quantity rules that read it: a claim with quantities, whose
/// best sentence covers it at least `negationMinCoverage`.
fn quantity_sentence<'a, 's>(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &'a [&'a IndexedSource<'s>],
    opts: &ClaimOptions,
) -> Option<(&'a IndexedSource<'s>, usize, usize)> {
    if claim.quantities.is_empty() || m.best_sentence_coverage < opts.negation_min_coverage {
        return None;
    }
    best_sentence(m, sources)
}

/// The text and terms of the best sentence of `m` (among `sources`), from the prepared
/// source's cache (tokenised once for every claim and check).
fn evidence_sentence<'a>(
    m: &SourceMatch,
    sources: &'a [&'a IndexedSource<'_>],
) -> Option<(&'a str, &'a [super::terms::Term])> {
    let src = sources.iter().find(|s| s.index == m.source)?;
    src.sentence_with_terms(m.best_sentence?)
}

/// The source of `m` (among `sources`) and the byte range of its best sentence.
fn best_sentence<'a, 's>(
    m: &SourceMatch,
    sources: &'a [&'a IndexedSource<'s>],
) -> Option<(&'a IndexedSource<'s>, usize, usize)> {
    let src = sources.iter().find(|s| s.index == m.source)?;
    let &(start, end) = src.sentences.get(m.best_sentence?)?;
    Some((src, start, end))
}

/// A contradiction by unit: the best evidence sentence of `m` covers the claim's words
/// (at least `negation_min_coverage`) and states one of the claim's numbers in another
/// unit of the same kind (`330 feet` against `330 metres`), and the window of `m` never
/// states it in the claim's unit (`330 metres (1,083 feet)` supports both figures).
/// Returns the claim's quantity and the evidence's, as written.
fn unit_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    if claim.quantities.is_empty() {
        return None;
    }
    let (src, start, end) = best_sentence(m, sources)?;
    // The best sentence lies inside the window.
    let (w_start, w_end) = m.window;
    let content = &src.source.content;
    let total: f64 = claim.words.iter().map(|w| w.weight).sum();
    claim.quantities.iter().find_map(|q| {
        let (kind, mine) = unit_of(&claim.text, q)?;
        // The sentence must cover the claim with its unit word (the disputed word, which
        // the evidence writes otherwise) counted as matched.
        let written = unit_word(&claim.text, q).0.to_lowercase();
        let key = stem(unit_canonical(&written).unwrap_or(&written));
        let unit_weight: f64 = claim
            .words
            .iter()
            .filter(|w| w.key == key)
            .map(|w| w.weight)
            .sum();
        let with_unit = m.best_sentence_coverage
            + if total > 0.0 {
                unit_weight / total
            } else {
                0.0
            };
        if with_unit < opts.negation_min_coverage {
            return None;
        }
        let same_number = |x: &&Quantity| q.same_as(x);
        let stated = src
            .quantities
            .iter()
            .filter(|x| x.start >= w_start && x.end <= w_end)
            .filter(same_number)
            .any(|x| unit_of(content, x).is_some_and(|(_, u)| u == mine));
        if stated {
            return None;
        }
        let other_unit = |text: &str, x: &Quantity| {
            unit_of(text, x).is_some_and(|(k, u)| k == kind && u != mine)
        };
        if let Some(x) = src
            .quantities
            .iter()
            .filter(|x| x.start >= start && x.end <= end)
            .filter(same_number)
            .find(|x| other_unit(content, x))
        {
            return Some((
                quantity_as_written(&claim.text, q),
                quantity_as_written(content, x),
            ));
        }
        // Another sentence may state the number (the best window can be one that writes
        // the claim's unit word for something else: `cached for 60 seconds` beside
        // `defaults to 5000 milliseconds`): the claim's number in another unit, where no
        // source states it in the claim's, in a sentence that covers the claim's other
        // words as the best sentence must.
        let anywhere = sources.iter().any(|s| {
            s.quantities
                .iter()
                .filter(same_number)
                .any(|x| unit_of(&s.source.content, x).is_some_and(|(_, u)| u == mine))
        });
        if anywhere || total <= 0.0 {
            return None;
        }
        sources.iter().find_map(|s| {
            let text = &s.source.content;
            s.quantities
                .iter()
                .filter(same_number)
                .filter(|x| other_unit(text, x))
                .find(|x| sentence_covers(claim, s, x, &key, opts.negation_min_coverage))
                .map(|x| {
                    (
                        quantity_as_written(&claim.text, q),
                        quantity_as_written(text, x),
                    )
                })
        })
    })
}

/// True when the sentence of source `s` that holds quantity `x` covers the claim's words
/// (IDF weights; words keyed `disputed`, which the sentence writes otherwise, count as
/// matched) at least `min`.
fn sentence_covers(
    claim: &ClaimProfile,
    s: &IndexedSource<'_>,
    x: &Quantity,
    disputed: &str,
    min: f64,
) -> bool {
    let total: f64 = claim.words.iter().map(|w| w.weight).sum();
    let Some(&(a, b)) = s
        .sentences
        .iter()
        .find(|(a, b)| x.start >= *a && x.start < *b)
    else {
        return false;
    };
    let keys: Vec<String> = terms(s.source.content.get(a..b).unwrap_or(""))
        .into_iter()
        .filter(|t| !t.stop)
        .map(|t| t.key)
        .collect();
    let got: f64 = claim
        .words
        .iter()
        .filter(|w| w.key == disputed || keys.contains(&w.key))
        .map(|w| w.weight)
        .sum();
    total > 0.0 && got / total >= min
}

/// Adverbs of frequency and the period each names (for rates, [`rate_of`], and
/// frequencies, [`frequencies`]).
const PERIOD_ADVERBS: &[(&str, &str)] = &[
    ("hourly", "hour"),
    ("daily", "day"),
    ("nightly", "night"),
    ("weekly", "week"),
    ("fortnightly", "fortnight"),
    ("monthly", "month"),
    ("quarterly", "quarter"),
    ("yearly", "year"),
    ("annually", "year"),
];

/// Quantity `q` of `text` with the unit word written after it (`5000 milliseconds`,
/// `100 °C`), as written; a year as it stands.
fn quantity_as_written(text: &str, q: &Quantity) -> String {
    let end = if is_year(q) {
        q.end
    } else {
        unit_word(text, q).1
    };
    text.get(q.start..end).unwrap_or("").to_string()
}

/// The period a quantity is a rate of, as the words after it write it (past its unit
/// word, if any): `$500 per year`, `three days a week`, `$9/month`, `$500 annually` →
/// the period (`year`, `week`, `month`, `year`) and the byte offset where it ends.
fn rate_of(text: &str, q: &Quantity) -> Option<(&'static str, usize)> {
    const PERIODS: &[(&str, &str)] = &[
        ("second", "second"),
        ("minute", "minute"),
        ("hour", "hour"),
        ("hr", "hour"),
        ("day", "day"),
        ("night", "night"),
        ("week", "week"),
        ("month", "month"),
        ("quarter", "quarter"),
        ("year", "year"),
        ("yr", "year"),
        ("annum", "year"),
    ];
    let after = text.get(q.end..)?;
    // Up to three words, as written, each with where it ends; a `/` is a word of its
    // own. Compared without case and without copies.
    let mut words: [(&str, usize); 3] = [("", 0); 3];
    let mut count = 0;
    let mut at = 0;
    while count < 3 {
        let rest = after.get(at..)?;
        let skip = rest.len() - rest.trim_start_matches([' ', '\u{a0}']).len();
        let rest = rest.get(skip..)?;
        let len = if rest.starts_with('/') {
            1
        } else {
            rest.chars()
                .take_while(|c| c.is_alphabetic())
                .map(char::len_utf8)
                .sum()
        };
        if len == 0 {
            break;
        }
        at += skip + len;
        if let Some(slot) = words.get_mut(count) {
            *slot = (rest.get(..len)?, q.end + at);
        }
        count += 1;
    }
    let period = |w: &str| {
        let w = w
            .strip_suffix(['s', 'S'])
            .filter(|b| b.len() > 1)
            .unwrap_or(w);
        PERIODS
            .iter()
            .find(|(f, _)| f.eq_ignore_ascii_case(w))
            .map(|&(_, p)| p)
    };
    let per = |w: &str| {
        ["a", "an", "per", "each", "every", "/"]
            .iter()
            .any(|p| p.eq_ignore_ascii_case(w))
    };
    let adverb = |w: &str| {
        PERIOD_ADVERBS
            .iter()
            .find(|(f, _)| f.eq_ignore_ascii_case(w))
            .map(|&(_, p)| p)
    };
    let word = |i: usize| words.get(..count).and_then(|ws| ws.get(i)).copied();
    // Past a unit word (`days` in `three days a week`), unless it is itself `a`/`per`.
    let from = match word(0) {
        Some((w, _)) if !per(w) && adverb(w).is_none() && period(w).is_none() => 1,
        Some((w, _)) if period(w).is_some() && word(1).is_some_and(|(n, _)| per(n)) => 1,
        _ => 0,
    };
    let (first, end) = word(from)?;
    if let Some(p) = adverb(first) {
        return Some((p, end));
    }
    let (next, end) = word(from + 1)?;
    (per(first))
        .then(|| period(next).map(|p| (p, end)))
        .flatten()
}

/// The quantities of source `s` that state `q`'s number, each with the period it is a
/// rate of (see [`rate_of`]) and where that ends.
fn rates_of<'a>(
    s: &'a IndexedSource<'_>,
    q: &Quantity,
) -> Vec<(&'a Quantity, &'static str, usize)> {
    s.quantities
        .iter()
        .filter(|x| q.same_as(x))
        .filter_map(|x| rate_of(&s.source.content, x).map(|(p, e)| (x, p, e)))
        .collect()
}

/// A contradiction by rate: a quantity of the claim written for one period (`$500 a
/// month`) that the sources write, the same number, for another (`$500 per year`) and
/// never for the claim's, in a sentence that covers the claim's other words as the best
/// sentence must. Returns the claim's quantity and the source's, with their periods.
fn rate_conflict(
    claim: &ClaimProfile,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    claim.quantities.iter().find_map(|q| {
        let (mine, end) = rate_of(&claim.text, q)?;
        let rates = |s| rates_of(s, q);
        if sources
            .iter()
            .any(|s| rates(s).iter().any(|&(_, p, _)| p == mine))
        {
            return None;
        }
        sources.iter().find_map(|s| {
            rates(s)
                .into_iter()
                .find(|&(x, p, _)| {
                    p != mine && sentence_covers(claim, s, x, mine, opts.negation_min_coverage)
                })
                .map(|(x, _, e)| {
                    (
                        claim.text.get(q.start..end).unwrap_or("").to_string(),
                        s.source.content.get(x.start..e).unwrap_or("").to_string(),
                    )
                })
        })
    })
}

/// Where the words after a quantity (past one word, its unit) bound it: `18 or older`,
/// `18 years and over`, `5 or more` (above); `3 or fewer`, `12 and under` (below).
fn relation_after(text: &str, q: &Quantity) -> Option<&'static str> {
    let after = text.get(q.end..).unwrap_or("");
    let words: Vec<String> = after
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(3)
        .map(str::to_lowercase)
        .collect();
    // Only words and spaces up to the bound: `18, or older` and `18. More …` bound nothing.
    // (Three words, however long, fit in 80 characters.)
    let span: String = after
        .chars()
        .take(80)
        .take_while(|c| c.is_alphabetic() || *c == ' ')
        .collect();
    let bound = |pair: &[String]| match pair {
        [link, word] if link == "or" || link == "and" => match word.as_str() {
            "older" | "more" | "over" | "above" | "higher" | "greater" | "up" => Some("above"),
            "younger" | "less" | "fewer" | "under" | "below" | "lower" => Some("below"),
            _ => None,
        },
        _ => None,
    };
    let spanned = |n: usize| span.split_whitespace().count() >= n;
    words
        .get(..2)
        .and_then(bound)
        .filter(|_| spanned(2))
        .or_else(|| words.get(1..3).and_then(bound).filter(|_| spanned(3)))
}

/// Where the words before a quantity place it: for a year, `before 1889`, `after 1889`
/// or at it (`in 1889`, `on`, `during`); for any quantity, above it (`over $50`, `more
/// than`, `above`, `at least`, `exceeding`; after it, `18 or older`, `5 or more`) or below
/// it (`under $50`, `less than`, `fewer than`, `below`, `at most`, `up to`; after it,
/// `12 and under`, see [`relation_after`]). `None` for any other word (`since 1889`, `by
/// 1889`, `until 1889`, `about 50`, `50` alone dispute nothing). Returns the relation
/// and where its words start.
fn relation(text: &str, q: &Quantity) -> Option<(&'static str, usize)> {
    let before = text.get(..q.start).unwrap_or("");
    let word_before = |end: usize| {
        let trimmed = before.get(..end)?.trim_end_matches([' ', '\u{a0}']);
        let len: usize = trimmed
            .chars()
            .rev()
            .take_while(|c| c.is_alphabetic())
            .map(char::len_utf8)
            .sum();
        let start = trimmed.len() - len;
        (len > 0).then(|| (trimmed.get(start..).unwrap_or("").to_lowercase(), start))
    };
    if let Some(r) = relation_after(text, q) {
        return Some((r, q.start));
    }
    let (word, start) = word_before(before.len())?;
    let two = |first: &str| word_before(start).and_then(|(w, s)| (w == first).then_some(s));
    let year = is_year(q);
    let found = match word.as_str() {
        "before" if year => ("before", start),
        "after" if year => ("after", start),
        "in" | "on" | "during" if year => ("at", start),
        "over" | "above" | "exceed" | "exceeds" | "exceeding" => ("above", start),
        "under" | "below" => ("below", start),
        "of" => match (two("maximum"), two("minimum")) {
            (Some(s), _) => ("below", s),
            (_, Some(s)) => ("above", s),
            _ => return None,
        },
        "than" => match (two("more"), two("greater"), two("less"), two("fewer")) {
            (Some(s), _, _, _) | (_, Some(s), _, _) => ("above", s),
            (_, _, Some(s), _) | (_, _, _, Some(s)) => ("below", s),
            _ => return None,
        },
        "least" => ("above", two("at")?),
        "most" => ("below", two("at")?),
        "to" => ("below", two("up")?),
        _ => return None,
    };
    // A negation before the bound turns it round (`no more than 5`, `should not take
    // more than 1,200 mg`, `must not exceed 50`: at most).
    Some(match (found.0, negated_bound(text, found.1)) {
        ("above", Some(s)) => ("below", s),
        ("below", Some(s)) => ("above", s),
        _ => found,
    })
}

/// Where a negation that bounds an amount starts ([`super::terms::bounds_amount`]): one
/// of the three words before byte `at` of `text` (where the bound's words start), in the
/// same clause.
fn negated_bound(text: &str, at: usize) -> Option<usize> {
    let before = text.get(..at)?;
    let mut end = before.len();
    for _ in 0..3 {
        let trimmed = before.get(..end)?.trim_end();
        let start = trimmed
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = trimmed.get(start..)?;
        if word.is_empty() || word.ends_with(['.', ',', ';', ':', '!', '?', ')']) {
            return None;
        }
        let lower = word
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
            .to_lowercase();
        if super::terms::is_negation_word(&lower)
            && super::terms::bounds_amount(text.get(start + word.len()..)?)
        {
            return Some(start);
        }
        if start == 0 {
            return None;
        }
        end = start;
    }
    None
}

/// Two relations of [`relation`] that cannot both hold of one quantity: a year before,
/// after or at it; a quantity above or below it.
fn relations_exclude(a: &str, b: &str) -> bool {
    let in_time = |r: &str| matches!(r, "before" | "after" | "at");
    let in_size = |r: &str| matches!(r, "above" | "below");
    a != b && ((in_time(a) && in_time(b)) || (in_size(a) && in_size(b)))
}

/// A contradiction by relation: the best evidence sentence of `m` covers the claim (at
/// least `negation_min_coverage`) and places a quantity of the claim otherwise
/// ([`relations_exclude`]: `completed before 1889` against `completed in 1889`, `orders
/// under $50` against `orders over $50`), and the window of `m` never places it as the
/// claim does. Returns the claim's quantity and the evidence's, each with its words.
fn relation_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    let (src, start, end) = quantity_sentence(claim, m, sources, opts)?;
    let (w_start, w_end) = m.window;
    let content = &src.source.content;
    claim.quantities.iter().find_map(|q| {
        let (mine, my_start) = relation(&claim.text, q)?;
        let same = |x: &&Quantity| is_year(x) == is_year(q) && x.key == q.key;
        let stated = src
            .quantities
            .iter()
            .filter(|x| x.start >= w_start && x.end <= w_end)
            .filter(same)
            .any(|x| relation(content, x).is_some_and(|(r, _)| r == mine));
        if stated {
            return None;
        }
        src.quantities
            .iter()
            .filter(|x| x.start >= start && x.end <= end)
            .filter(same)
            .find_map(|x| {
                let (theirs, their_start) = relation(content, x)?;
                relations_exclude(mine, theirs).then(|| {
                    (
                        claim.text.get(my_start..q.end).unwrap_or("").to_string(),
                        content.get(their_start..x.end).unwrap_or("").to_string(),
                    )
                })
            })
    })
}

/// Words that make a claim hold without limit (`all orders`, `every day`, `always`).
const UNIVERSAL: &[&str] = &[
    "all",
    "every",
    "always",
    "everyone",
    "everything",
    "everybody",
    "unlimited",
    "regardless",
];

/// A claim made without limit where its evidence sets one: the claim says `all`,
/// `every`, `always` (a word its best evidence sentence does not use) and states no
/// amount, while that sentence bounds an amount (`over $50`, `at least 18`, `up to 3`)
/// and covers the claim as much as a polarity rule asks (`Shipping is free on all
/// orders` against `Shipping is free on orders over $50`). Returns the claim's word and
/// the evidence's bound, as written.
fn bound_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    if !claim.quantities.is_empty() || m.best_sentence_coverage < opts.negation_min_coverage {
        return None;
    }
    let (src, start, end) = best_sentence(m, sources)?;
    let content = &src.source.content;
    let sentence = content.get(start..end)?;
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let own = words(&claim.text);
    // `not all`, `isn't always`: a limit, not the lack of one.
    let universal: Vec<&String> = own
        .iter()
        .enumerate()
        .filter(|&(i, w)| {
            UNIVERSAL.contains(&w.as_str())
                && !i
                    .checked_sub(1)
                    .and_then(|p| own.get(p))
                    .is_some_and(|p| p == "not" || p == "t" || p == "never")
        })
        .map(|(_, w)| w)
        .collect();
    if universal.is_empty() {
        return None; // most claims: the sentence need not be read
    }
    let theirs = words(sentence);
    let mine = universal.into_iter().find(|w| !theirs.contains(w))?.clone();
    let bound = src
        .quantities
        .iter()
        .filter(|x| x.start >= start && x.end <= end && !is_year(x))
        .find_map(|x| {
            let (r, from) = relation(content, x)?;
            (r == "above" || r == "below").then(|| content.get(from..x.end))?
        })?;
    Some((mine, bound.to_string()))
}

/// What a product or service is said to give, which a word of [`super::ENDING_WORDS`]
/// takes away (as prefixes of the words and their keys: `supports`, `accessible`).
pub(crate) const SERVICES: &[&str] = &["access", "compat", "support"];

/// A contradiction by a service the evidence says was ended: the claim states a service
/// of [`SERVICES`] (`Version 4.0 supports Node 16`, `All users can access the legacy
/// dashboard`) where its best sentence, which covers it as much as a polarity rule asks,
/// writes it only within six words of a word that ends it, before or after it
/// (`Version 4.0 removed support for Node 16`, `Support for Node 16 was dropped`,
/// `stopped supporting`). Not where the claim negates anything or writes such a word
/// itself (it says the end too), nor where it states a number the sentence does not (it
/// speaks of another thing). Returns the claim's word and the evidence's two, lower case.
fn ended_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    const NEAR: usize = 6;
    if m.best_sentence_coverage < opts.negation_min_coverage || claim.negated {
        return None;
    }
    let service = |w: &str| SERVICES.iter().any(|s| w.starts_with(s));
    // (What is deprecated still works.)
    let ending = |w: &str| w != "deprecated" && super::ENDING_WORDS.binary_search(&w).is_ok();
    // Most claims write no such word: ruled out by their keys before any copy.
    if !claim.words.iter().any(|w| service(&w.key)) {
        return None;
    }
    let own = super::split::lower_words(&claim.text);
    let said = own.iter().find(|w| service(w))?;
    if own.iter().any(|w| ending(w)) {
        return None;
    }
    let (src, start, end) = best_sentence(m, sources)?;
    let held = claim.quantities.iter().all(|q| {
        within(&src.quantities, start, end)
            .iter()
            .any(|x| q.matches(x))
    });
    if !held {
        return None;
    }
    let theirs = super::split::lower_words(src.source.content.get(start..end)?);
    let services: Vec<usize> = (0..theirs.len())
        .filter(|&j| theirs.get(j).is_some_and(|w| service(w)))
        .collect();
    // Each ending word ends the nearest service word within reach.
    let mut ended = Vec::new();
    for (i, w) in theirs.iter().enumerate() {
        if !ending(w) {
            continue;
        }
        if let Some(&j) = services
            .iter()
            .filter(|&&j| j.abs_diff(i) <= NEAR)
            .min_by_key(|&&j| j.abs_diff(i))
        {
            ended.push((j, i));
        }
    }
    // A service the sentence also writes without an end states it too.
    if ended.is_empty() || services.iter().any(|j| !ended.iter().any(|(e, _)| e == j)) {
        return None;
    }
    let (j, i) = *ended.first()?;
    let (a, b) = (j.min(i), j.max(i));
    let written = theirs.get(a..=b)?.join(" ");
    Some((said.clone(), written))
}

/// A claim made of every member of a kind where its evidence names one sort of it: the
/// claim says `all X` or `every X` (not negated), or opens with `Any X` (`any` elsewhere
/// is as often a question's or a condition's: `if any`), while its best evidence
/// sentence, which covers it as much as a polarity rule asks, writes `X` only after a
/// word the claim does not use (`Shipping is free for all members` against `Premium
/// members get free shipping on all orders.`, `Any customer can request higher limits`
/// against `Enterprise customers can request higher limits`). Returns the claim's words
/// and the evidence's, as written lower case.
fn kind_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    if m.best_sentence_coverage < opts.negation_min_coverage {
        return None;
    }
    // Most claims write none of the words: ruled out without copying one.
    let opens_any = claim
        .text
        .trim_start()
        .get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("any "));
    if !mentions(&claim.text, "all") && !mentions(&claim.text, "every") && !opens_any {
        return None;
    }
    let own = super::split::lower_words(&claim.text);
    // `all members`, `every member`; not `not all`, `all of …`, `all the …`.
    let wide: Vec<(&String, &String)> = own
        .windows(2)
        .enumerate()
        .filter(|(i, w)| {
            (w[0] == "all" || w[0] == "every" || (w[0] == "any" && *i == 0))
                && !super::terms::is_stopword(&w[1])
                && !i
                    .checked_sub(1)
                    .and_then(|p| own.get(p))
                    .is_some_and(|p| p == "not" || p == "t" || p == "never")
        })
        .map(|(_, w)| (&w[0], &w[1]))
        .collect();
    if wide.is_empty() {
        return None; // most claims: the sentence need not be read
    }
    let (src, start, end) = best_sentence(m, sources)?;
    let theirs = super::split::lower_words(src.source.content.get(start..end)?);
    wide.into_iter().find_map(|(all, kind)| {
        let key = stem(kind);
        let at: Vec<usize> = (0..theirs.len())
            .filter(|&j| theirs.get(j).is_some_and(|t| stem(t) == key))
            .collect();
        let before = |j: usize| j.checked_sub(1).and_then(|p| theirs.get(p));
        // The evidence says `all X` too, or writes X plainly somewhere: no narrower kind.
        let plain = at.iter().any(|&j| {
            before(j).is_none_or(|b| {
                b == "all" || b == "every" || super::terms::is_stopword(b) || own.contains(b)
            })
        });
        if at.is_empty() || plain {
            return None;
        }
        let j = *at.first()?;
        let sort = before(j)?;
        let written = theirs.get(j)?;
        (!sort.chars().any(|c| c.is_ascii_digit()))
            .then(|| (format!("{all} {kind}"), format!("{sort} {written}")))
    })
}

/// True when `text` holds `needle` (ASCII, lower case) in any ASCII case: always so when
/// one of its words lower-cases to `needle` (of the letters outside ASCII, only the
/// Kelvin sign and the dotted capital I lower-case to ASCII letters, `k` and `i`, which
/// no needle passed here has).
fn mentions(text: &str, needle: &str) -> bool {
    text.as_bytes()
        .windows(needle.len().max(1))
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Words that say something holds without exception (`always causes`).
const CERTAIN: &[&str] = &[
    "always",
    "certainly",
    "definitely",
    "inevitably",
    "invariably",
];

/// Words that say it holds only possibly or at times (`may cause`, `sometimes causes`):
/// what [`CERTAIN`] overstates.
const POSSIBLE: &[&str] = &[
    "can",
    "could",
    "frequently",
    "generally",
    "may",
    "might",
    "occasionally",
    "often",
    "possibly",
    "rarely",
    "sometimes",
    "typically",
    "usually",
];

/// Words that say a statement holds of every member (`all patients`).
const EVERY: &[&str] = &["all", "every", "everybody", "everyone"];

/// Words that say it holds of part of them (`most patients`): what [`EVERY`] overstates.
const PART: &[&str] = &["many", "most", "several", "some"];

/// A contradiction by overstatement: the claim says `always` (a word of [`CERTAIN`])
/// of a word that its best evidence sentence qualifies with `may`, `can`, `sometimes`
/// (of [`POSSIBLE`]) among the three words before it (`Ibuprofen always causes stomach
/// pain` against `Ibuprofen may cause stomach pain`), or `all` (of [`EVERY`]) of a word
/// the sentence qualifies with `most`, `some` (of [`PART`]); the sentence never uses the
/// claim's word, the claim never uses the qualifying one (`you can always cancel`), and
/// it covers the claim as much as a polarity rule asks. Not `not always`, `almost all`.
/// So is `all` where the sentence writes it only as `all but` or `all except`. Returns
/// the two as written.
fn hedge_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    if m.best_sentence_coverage < opts.negation_min_coverage {
        return None;
    }
    // Most claims say neither `always` nor `all`: ruled out without copying a word.
    let says = |list: &[&str]| {
        claim.terms.iter().any(|t| {
            claim
                .text
                .get(t.start..t.end)
                .is_some_and(|w| list.iter().any(|x| w.eq_ignore_ascii_case(x)))
        })
    };
    if !says(CERTAIN) && !says(EVERY) {
        return None;
    }
    let own = super::split::lower_words(&claim.text);
    let strong: Vec<usize> = (0..own.len())
        .filter(|&i| {
            own.get(i)
                .is_some_and(|w| CERTAIN.contains(&w.as_str()) || EVERY.contains(&w.as_str()))
                && !i.checked_sub(1).and_then(|p| own.get(p)).is_some_and(|p| {
                    matches!(
                        p.as_str(),
                        "not" | "t" | "never" | "almost" | "nearly" | "at"
                    )
                })
        })
        .collect();
    if strong.is_empty() {
        return None; // most claims: the sentence need not be read
    }
    let (src, start, end) = best_sentence(m, sources)?;
    let theirs = super::split::lower_words(src.source.content.get(start..end)?);
    // `all but`, `all except`: short of all.
    let excepted =
        |ws: &[String], j: usize| ws.get(j + 1).is_some_and(|n| n == "but" || n == "except");
    strong.into_iter().find_map(|i| {
        let word = own.get(i)?;
        // The claim's `all` where the sentence writes it only as `all but` (`restored
        // power to all homes` against `to all but 12,000 of them`).
        if EVERY.contains(&word.as_str()) && !excepted(&own, i) {
            let mut at = (0..theirs.len()).filter(|&j| theirs.get(j) == Some(word));
            if let Some(first) = at.next() {
                if excepted(&theirs, first) && at.all(|j| excepted(&theirs, j)) {
                    // As written, through the word after `but` (`all but 12,000`).
                    let sentence = src.source.content.get(start..end)?;
                    let lower = sentence.to_ascii_lowercase();
                    let from = lower
                        .find(&format!("{word} but "))
                        .or_else(|| lower.find(&format!("{word} except ")))?;
                    let short: Vec<&str> =
                        sentence.get(from..)?.split_whitespace().take(3).collect();
                    let short = short.join(" ");
                    let short = short.trim_end_matches(|c: char| !c.is_alphanumeric());
                    return Some((word.clone(), short.to_string()));
                }
            }
        }
        if theirs.contains(word) {
            return None;
        }
        let weaker = if CERTAIN.contains(&word.as_str()) {
            POSSIBLE
        } else {
            PART
        };
        // The word it is said of: the next content word, over at most two others.
        let target = own
            .iter()
            .skip(i + 1)
            .take(3)
            .find(|x| !super::terms::is_stopword(x))?;
        let key = stem(target);
        (0..theirs.len())
            .filter(|&j| theirs.get(j).is_some_and(|t| stem(t) == key))
            .find_map(|j| {
                let hedge = theirs
                    .get(j.saturating_sub(3)..j)?
                    .iter()
                    .find(|h| weaker.contains(&h.as_str()) && !own.contains(h))?;
                Some((
                    format!("{word} {target}"),
                    format!("{hedge} {}", theirs.get(j)?),
                ))
            })
    })
}

/// A contradiction by quantity: the best evidence sentence of `m` covers the claim's
/// words (at least `negation_min_coverage`) and states a quantity of the same kind (a
/// year for a year, an amount for an amount) that no quantity of the claim matches,
/// where a quantity of the claim (`missing`) is stated by no source. Returns the claim's
/// quantity and the evidence's, as written.
fn quantity_conflict(
    claim: &ClaimProfile,
    missing: &[&Quantity],
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    // A number written as a word (`four`) is a content word too, where digits are not:
    // the coverage is measured without it, as if written in digits; so is the unit of
    // measure written after a missing number (`minutes` in `5 minutes`), part of the
    // disputed quantity.
    let total: f64 = claim.words.iter().map(|w| w.weight).sum();
    let units: Vec<String> = missing
        .iter()
        .filter(|q| unit_of(&claim.text, q).is_some())
        .map(|q| unit(&claim.text, q).1)
        .collect();
    let disputed: f64 = claim
        .words
        .iter()
        .filter(|w| missing.iter().any(|q| q.key == w.key) || units.contains(&w.key))
        .map(|w| w.weight)
        .sum();
    let coverage = if total - disputed > 0.0 {
        m.best_sentence_coverage * total / (total - disputed)
    } else {
        m.best_sentence_coverage
    };
    if missing.is_empty() || coverage < opts.negation_min_coverage {
        return None;
    }
    let (src, start, end) = best_sentence(m, sources)?;
    // Each missing quantity with its unit and its bound, read once.
    let mine: Vec<(&Quantity, (String, String), Option<bool>)> = missing
        .iter()
        .map(|q| (*q, unit(&claim.text, q), bound_of(&claim.text, q)))
        .collect();
    src.quantities
        .iter()
        .filter(|x| x.start >= start && x.end <= end)
        .filter(|x| {
            !claim.quantities.iter().any(|q| {
                q.matches(x)
                    || x.matches(q)
                    || measure_of(&claim.text, q)
                        .is_some_and(|m| same_measure(m, q, measure_of(&src.source.content, x), x))
            })
        })
        .find_map(|x| {
            let theirs = unit(&src.source.content, x);
            let (q, _, _) = mine.iter().find(|(q, u, bound)| {
                // A token compared as written (`TiO2`, `v1.2.3`) disputes only another.
                q.value.is_some() == x.value.is_some()
                    && is_year(q) == is_year(x)
                    && !bound_kept(*bound, q, &src.source.content, x)
                    && (is_year(q)
                        || *u == theirs
                        || convertible(&claim.text, q, &src.source.content, x))
            })?;
            Some((
                q.text(&claim.text).to_string(),
                x.text(&src.source.content).to_string(),
            ))
        })
}

/// The periods a frequency is written for (`each month`, `once a week`).
const FREQUENCY_PERIODS: &[&str] = &[
    "hour",
    "day",
    "night",
    "week",
    "fortnight",
    "month",
    "quarter",
    "year",
];

/// A word of [`PERIOD_ADVERBS`] or [`FREQUENCY_PERIODS`], in any ASCII case: 3 to 11
/// letters, and only the adverbs end in `ly`, so most words are ruled out by their length
/// or last letters without a comparison.
fn frequency_word(w: &[u8]) -> bool {
    if !(3..=11).contains(&w.len()) {
        return false;
    }
    if w.get(w.len() - 2..)
        .is_some_and(|e| e.eq_ignore_ascii_case(b"ly"))
    {
        PERIOD_ADVERBS
            .iter()
            .any(|(a, _)| a.as_bytes().eq_ignore_ascii_case(w))
    } else {
        FREQUENCY_PERIODS
            .iter()
            .any(|p| p.as_bytes().eq_ignore_ascii_case(w))
    }
}

/// How often `text` says something happens, each as the period and as written: an
/// adverb (`daily`, `weekly`, `annually`), `each`, `every` or `per` and a period (`each
/// month`), or `a`/`an` and a period after `once`, `twice`, `times` or digits (`once a
/// week`, `three times a day`; not `a day to remember`).
fn frequencies(text: &str) -> Vec<(&'static str, String)> {
    // Most texts say no frequency. What is found below is a word of one of the two lists
    // as written: in ASCII text, one pass over the words without copying rules the rest
    // out (other text is lower-cased by Unicode's rules, which can turn a letter outside
    // ASCII into one of these words, and takes the searches below).
    if text.is_ascii()
        && !text
            .as_bytes()
            .split(|b| !b.is_ascii_alphanumeric() && *b != b'\'')
            .any(frequency_word)
    {
        return Vec::new();
    }
    // Then one lower-case copy and a few searches rule most of the rest out before the
    // words are read.
    let lower = text.to_ascii_lowercase();
    let may = [
        "ly", "each ", "every ", "per ", "once", "twice", "times", " a ", " an ",
    ]
    .iter()
    .any(|k| lower.contains(k))
        && (lower.contains("ly") || FREQUENCY_PERIODS.iter().any(|p| lower.contains(p)));
    if !may {
        return Vec::new();
    }
    // The words as `lower_words` gives them; for ASCII text, the lower-case copy's own.
    let owned;
    let words: Vec<&str> = if text.is_ascii() {
        lower
            .split(|c: char| !c.is_alphanumeric() && c != '\'')
            .filter(|w| !w.is_empty())
            .collect()
    } else {
        owned = super::split::lower_words(text);
        owned.iter().map(String::as_str).collect()
    };
    let mut out = Vec::new();
    for (i, &w) in words.iter().enumerate() {
        if let Some(&(_, p)) = PERIOD_ADVERBS.iter().find(|(a, _)| *a == w) {
            out.push((p, w.to_string()));
        } else if matches!(w, "each" | "every" | "per")
            || (matches!(w, "a" | "an")
                && i.checked_sub(1)
                    .and_then(|p| words.get(p))
                    .is_some_and(|p| {
                        matches!(*p, "once" | "twice" | "times")
                            || p.bytes().all(|b| b.is_ascii_digit())
                    }))
        {
            let next = words.get(i + 1).copied().unwrap_or("");
            if let Some(p) = FREQUENCY_PERIODS.iter().find(|p| **p == next) {
                out.push((*p, format!("{w} {next}")));
            }
        }
    }
    out
}

/// A contradiction by frequency: the claim says how often (`weekly`, `each week`) at a
/// period that its best evidence sentence does not, where that sentence says another
/// (`daily`, `each month`) and covers the claim (the frequency's words counted as
/// matched) at least `negationMinCoverage`. Returns the two as written.
fn frequency_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    let mine = frequencies(&claim.text);
    if mine.is_empty() {
        return None;
    }
    let (src, start, end) = best_sentence(m, sources)?;
    let theirs = frequencies(src.source.content.get(start..end)?);
    let (period, written) = mine
        .iter()
        .find(|(p, _)| !theirs.iter().any(|(q, _)| q == p))?;
    let (_, other) = theirs.iter().find(|(q, _)| q != period)?;
    let said: Vec<String> = written.split(' ').map(stem).collect();
    covers_disputing(claim, m, &said, opts).then(|| (written.clone(), other.clone()))
}

/// True when the best sentence of `m` covers the claim, its words with a key of `said`
/// (the disputed ones) counted as matched, at least `negationMinCoverage`.
fn covers_disputing(
    claim: &ClaimProfile,
    m: &SourceMatch,
    said: &[String],
    opts: &ClaimOptions,
) -> bool {
    let total: f64 = claim.words.iter().map(|w| w.weight).sum();
    let disputed: f64 = claim
        .words
        .iter()
        .filter(|w| said.contains(&w.key))
        .map(|w| w.weight)
        .sum();
    total > 0.0 && m.best_sentence_coverage + disputed / total >= opts.negation_min_coverage
}

/// Words that say a quantity went up (`rose 3 percent`, `up 1 percent`, `a 3 percent
/// increase`) or down, sorted; each is looked up as written, lower case.
const UP_WORDS: &[&str] = &[
    "climbed",
    "climbs",
    "gain",
    "gained",
    "gains",
    "grew",
    "grow",
    "grows",
    "growth",
    "higher",
    "increase",
    "increased",
    "increases",
    "jump",
    "jumped",
    "jumps",
    "rise",
    "risen",
    "rises",
    "rose",
    "soared",
    "surged",
    "up",
];
const DOWN_WORDS: &[&str] = &[
    "decline",
    "declined",
    "declines",
    "decrease",
    "decreased",
    "decreases",
    "dipped",
    "down",
    "drop",
    "dropped",
    "drops",
    "fall",
    "fallen",
    "falls",
    "fell",
    "lower",
    "plunged",
    "shrank",
    "slid",
    "slipped",
    "slumped",
    "tumbled",
];
/// Words that may stand between a movement and its quantity (`rose by 3 percent`,
/// `fell to $2 billion`, `an increase of 3 percent`, `up about 5%`).
const MOVEMENT_GAP: &[&str] = &[
    "about", "almost", "around", "by", "nearly", "of", "roughly", "some", "to",
];

/// A quantity said to go up or down: see [`movement`].
struct Movement<'t> {
    /// Up (`rose`, `higher`) rather than down.
    up: bool,
    /// The movement word as written.
    word: &'t str,
    /// Byte range of the phrase: the movement word, the quantity and its unit.
    from: usize,
    to: usize,
}

/// Whether `text` says quantity `q` went up (`true`) or down, with the movement word and
/// the phrase as written (byte range): a movement word just before the quantity, over
/// spaces and at most two of [`MOVEMENT_GAP`] (`rose 3 percent`, `fell by nearly 5%`,
/// `down 1 percent`), or just after it (`a 3 percent increase`, `5% lower`). `None` when
/// neither.
fn movement<'t>(text: &'t str, q: &Quantity) -> Option<Movement<'t>> {
    enum Word {
        Moves(bool),
        Gap,
    }
    let look = |w: &str| {
        let w = w.to_ascii_lowercase();
        if UP_WORDS.binary_search(&w.as_str()).is_ok() {
            Some(Word::Moves(true))
        } else if DOWN_WORDS.binary_search(&w.as_str()).is_ok() {
            Some(Word::Moves(false))
        } else if MOVEMENT_GAP.binary_search(&w.as_str()).is_ok() {
            Some(Word::Gap)
        } else {
            None
        }
    };
    // The quantity with its unit word (`1 percent`, `5 metres`) or sign (`5%`).
    let end = match unit_word(text, q) {
        (w, end) if !w.is_empty() && !super::terms::is_stopword(&w.to_lowercase()) => end,
        _ if text.get(q.end..).is_some_and(|t| t.starts_with('%')) => q.end + 1,
        _ => q.end,
    };
    let mut rest = text.get(..q.start)?;
    for _ in 0..3 {
        // Spaces only between the words.
        if !rest.ends_with(char::is_whitespace) {
            break;
        }
        let trimmed = rest.trim_end();
        let at = trimmed.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = trimmed.get(at..)?;
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphabetic()) {
            break;
        }
        match look(word) {
            Some(Word::Moves(up)) => {
                return Some(Movement {
                    up,
                    word,
                    from: at,
                    to: end,
                })
            }
            Some(Word::Gap) => rest = trimmed.get(..at)?,
            None => break,
        }
    }
    let after = text.get(end..)?;
    let next = after.trim_start();
    if next.len() == after.len() {
        return None;
    }
    let word = next
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    // `5% lower`, not `3 percent up-front`.
    let whole = !next.get(word.len()..).is_some_and(|t| t.starts_with('-'));
    match look(word) {
        Some(Word::Moves(up)) if whole && !word.is_empty() => {
            let to = end + (after.len() - next.len()) + word.len();
            Some(Movement {
                up,
                word,
                from: q.start,
                to,
            })
        }
        _ => None,
    }
}

/// A contradiction by direction: the claim says one of its quantities went up (`revenue
/// rose 1 percent`) where its best evidence sentence writes the same quantity as going
/// down (`revenue of $89.5 billion, down 1 percent`), or the other way round, never in
/// the claim's direction, and covers the claim (the claim's movement words counted as
/// matched) at least `negationMinCoverage`. Returns the two as written, each with its
/// movement word.
fn direction_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    let mine: Vec<(&Quantity, Movement<'_>)> = claim
        .quantities
        .iter()
        .filter_map(|q| movement(&claim.text, q).map(|d| (q, d)))
        .collect();
    if mine.is_empty() {
        return None;
    }
    let (src, start, end) = best_sentence(m, sources)?;
    let content = &src.source.content;
    let said: Vec<String> = mine.iter().map(|(_, d)| stem(d.word)).collect();
    if !covers_disputing(claim, m, &said, opts) {
        return None;
    }
    mine.iter().find_map(|(q, d)| {
        let theirs: Vec<Movement<'_>> = within(&src.quantities, start, end)
            .iter()
            .filter(|x| q.same_as(x))
            .filter_map(|x| movement(content, x))
            .collect();
        if theirs.iter().any(|x| x.up == d.up) {
            return None;
        }
        let x = theirs.first()?;
        Some((
            claim.text.get(d.from..d.to)?.to_string(),
            content.get(x.from..x.to)?.to_string(),
        ))
    })
}

/// The quantities of `qs` (in text order) that stand within bytes `start..end`.
fn within(qs: &[Quantity], start: usize, end: usize) -> &[Quantity] {
    let lo = qs.partition_point(|x| x.start < start);
    let hi = qs.partition_point(|x| x.start < end);
    let inside = qs.get(lo..hi.max(lo)).unwrap_or(&[]);
    // A quantity that starts inside and runs past the end is left out.
    let n = inside
        .iter()
        .rposition(|x| x.end <= end)
        .map_or(0, |i| i + 1);
    inside.get(..n).unwrap_or(&[])
}

/// Marks that end the clause a quantity belongs to (see [`binding`]).
const CLAUSE_MARKS: [char; 10] = [',', ';', ':', '.', '!', '?', '(', ')', '—', '–'];

/// Words that end the clause a quantity belongs to, going left from it.
const CLAUSE_WORDS: &[&str] = &[
    "after", "and", "as", "before", "but", "or", "then", "when", "wherea", "while",
];

/// A quantity that is a code rather than an amount: a letter, then digits, with no
/// value (`X200`, `A4`, `COVID-19`; not `5pm` or `1990s`).
pub(crate) fn is_code(q: &Quantity) -> bool {
    q.value.is_none() && code_key(&q.key)
}

/// A key that opens with a letter and holds a digit reads as a code (`x200`), not a
/// number (`5pm`); see [`is_code`].
fn code_key(key: &str) -> bool {
    key.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
}

/// What quantity `q` of `text` is said of: the keys of up to four content words before it
/// in its clause (back to a clause mark, a joining word of [`CLAUSE_WORDS`] or another
/// of the quantities `qs`), nearest first: `iphone`, `sale` for `iPhone sales rose 3
/// percent`; with nothing between a colon and the quantity, the label before the colon
/// (`express` for `Express: 1-2 business days`); then what it is for, when `for` follows
/// it (`public`, `school` for `$8 million for public schools`).
fn binding(text: &str, qs: &[Quantity], q: &Quantity) -> Vec<String> {
    let mut out = binding_before(text, qs, q);
    // What the quantity is for, right after it (`$8 million for public schools`): up to
    // two content words, to a clause mark or a joining word.
    let (_, purpose) = purpose_of(text, q);
    for t in terms(purpose) {
        if !t.stop && !out.contains(&t.key) {
            out.push(t.key);
        }
    }
    // The dimension it measures (`12 km wide`) and when it was (`4.8% in June`), right
    // after it.
    for (k, _) in [measures(text, q), dated(text, q)].into_iter().flatten() {
        if !out.contains(&k) {
            out.push(k);
        }
    }
    // What befell the people it counts (`Two people died`, `five others were injured`).
    if let Some(k) = fate(text, q) {
        if !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// [`binding`], with what the clause before it names where its own clause names
/// nothing before it or is a relative clause (see [`antecedent`]; `floor`: where the
/// text read may start).
pub(super) fn binding_of(text: &str, qs: &[Quantity], floor: usize, q: &Quantity) -> Vec<String> {
    let mut b = binding(text, qs, q);
    for w in antecedent(text, floor, q) {
        if !b.contains(&w) {
            b.push(w);
        }
    }
    b
}

/// Nouns of people that a count stands before (`five people`, `three others`; `one
/// person`, `one man`).
const PEOPLE: &[&str] = &[
    "child",
    "children",
    "civilians",
    "man",
    "men",
    "others",
    "passengers",
    "people",
    "person",
    "persons",
    "residents",
    "soldiers",
    "students",
    "woman",
    "women",
    "workers",
];

/// The past form that tells what befell the people quantity `q` of `text` counts: a noun
/// of [`PEOPLE`] right after it, auxiliaries (`were`, `have been`), then a word in `-ed`
/// or `died`, `dead`, `hurt` (`Two people died`, `five others were injured`): its key. The
/// verb after a count is what it counts, as the words before a share are what it is of.
fn fate(text: &str, q: &Quantity) -> Option<String> {
    fate_at(text, q).map(|(k, _)| k)
}

/// [`fate`] with the byte where its word ends in `text`.
fn fate_at(text: &str, q: &Quantity) -> Option<(String, usize)> {
    let rest = text.get(q.end..)?;
    // The words after the quantity with where each ends (offsets into `text`).
    let mut at = q.end;
    let mut words = rest.split(' ').filter_map(|w| {
        let end = at + w.len();
        at = end + 1;
        (!w.is_empty()).then_some((w, end))
    });
    let (noun, _) = words.next()?;
    if !PEOPLE.contains(&noun) {
        return None;
    }
    for (w, end) in words.take(4) {
        let bare = w.trim_end_matches([',', '.', ';', ':', '!', '?']);
        if matches!(
            bare,
            "were" | "was" | "have" | "has" | "had" | "been" | "are" | "is"
        ) {
            if bare.len() != w.len() {
                return None;
            }
            continue;
        }
        let past =
            (bare.len() >= 4 && bare.ends_with("ed")) || matches!(bare, "died" | "dead" | "hurt");
        let end = end - (w.len() - bare.len());
        return (past && bare.bytes().all(|b| b.is_ascii_lowercase())).then(|| (stem(bare), end));
    }
    None
}

/// Which harm a fate's key ([`fate`]) is: a death or another harm (`injured`), as the
/// groups of [`super::senses`] give them.
fn harm_of(key: &str) -> Option<usize> {
    super::senses::group_of(key).filter(|&g| g == super::senses::DEATH || g == super::senses::HARM)
}

/// A count of people that the claim says died or were hurt (`Two people died in the
/// floods`, [`fate`]) where a sentence of its evidence source denies that anyone did (`No
/// deaths were reported`, `No one was injured`): a negating subject or determiner (`no`,
/// `nobody`, `no one`, `none`) with a word of the same harm within three words after it.
/// The sentence must be in the evidence's window or next to it, or share a content word
/// other than the harm with the claim (an article may report several events). Not for a
/// claim with a negation of its own. Returns the claim's count with its fate and the
/// denying sentence, as written.
fn denied_fate_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    if claim.negated {
        return None;
    }
    // Most claims stop here: no count of people with a fate, after it (`Two people
    // died`) or before it (`killing three people`).
    let counted = claim.quantities.iter().find_map(|q| {
        if !q.value.is_some_and(|v| v > 0.0) {
            return None;
        }
        if let Some((key, end)) = fate_at(&claim.text, q) {
            return harm_of(&key).map(|h| (q.start, end, h));
        }
        harm_before(&claim.text, q)
    });
    // Or a count in words that is no quantity (`killed dozens of people`, `injuring
    // many passengers`).
    let (start, end, harm) = counted.or_else(|| {
        // (Most claims have no such word: a look at their tokens first.)
        claim
            .terms
            .iter()
            .any(|t| {
                claim
                    .text
                    .get(t.start..t.end)
                    .is_some_and(|w| MANY.contains(&w))
            })
            .then(|| harm_of_many(&claim.text))
            .flatten()
    })?;
    let src = sources.iter().find(|s| s.index == m.source)?;
    let (lo, hi) = src.prepared.sentences_over(m.window);
    let near = lo.saturating_sub(1)..hi + 1;
    let shares = |ts: &[super::terms::Term]| {
        ts.iter().any(|t| {
            !t.stop
                && !t.negation
                && !t.numeric
                && harm_of(&t.key).is_none()
                && claim.words.iter().any(|w| w.key == t.key)
        })
    };
    let denying = |text: &str, ts: &[super::terms::Term]| {
        ts.iter().enumerate().any(|(i, t)| {
            let word = text.get(t.start..t.end).unwrap_or("");
            t.negation
                && super::support::NEGATING_PRONOUNS
                    .iter()
                    .chain(&["no", "neither"])
                    .any(|n| word.eq_ignore_ascii_case(n))
                && ts
                    .get(i + 1..(i + 4).min(ts.len()))
                    .unwrap_or(&[])
                    .iter()
                    .take_while(|u| {
                        // `No one else was hurt`, `no further deaths`: others than those
                        // counted.
                        let w = text.get(u.start..u.end).unwrap_or("");
                        ![
                            "else",
                            "other",
                            "others",
                            "further",
                            "more",
                            "additional",
                            "new",
                        ]
                        .iter()
                        .any(|o| w.eq_ignore_ascii_case(o))
                    })
                    .any(|u| harm_of(&u.key) == Some(harm))
        })
    };
    (0..src.prepared.sentences.len()).find_map(|s| {
        let (text, ts) = src.sentence_with_terms(s)?;
        ((near.contains(&s) || shares(ts)) && denying(text, ts)).then(|| {
            (
                claim.text.get(start..end).unwrap_or("").to_string(),
                text.trim().to_string(),
            )
        })
    })
}

/// Words that count people without a number (`dozens of people`, `many passengers`).
const MANY: &[&str] = &[
    "dozens",
    "hundreds",
    "thousands",
    "scores",
    "many",
    "several",
    "numerous",
];

/// A verb of harm ([`harm_of`]) before a word of [`MANY`] (and `of`) and a noun of
/// [`PEOPLE`] in `text` (`killed dozens of people`): the bytes where the verb starts and
/// the noun ends, and the harm.
fn harm_of_many(text: &str) -> Option<(usize, usize, usize)> {
    let words: Vec<(usize, &str)> = text
        .split(' ')
        .scan(0usize, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty())
        .collect();
    words.windows(3).find_map(|win| {
        let [(at, verb), (_, many), (next_at, next)] = win else {
            return None;
        };
        if !MANY.contains(many) || verb.len() < 4 || !verb.bytes().all(|b| b.is_ascii_lowercase()) {
            return None;
        }
        let harm = harm_of(&stem(verb))?;
        // `dozens of people`: the noun after `of`.
        let from = if *next == "of" { next_at + 3 } else { *next_at };
        people_after(text, from).map(|end| (*at, end, harm))
    })
}

/// Where a noun of [`PEOPLE`] at byte `from` of `text` ends, past spaces and an `of`
/// (`three people`, `dozens of passengers`).
fn people_after(text: &str, from: usize) -> Option<usize> {
    let rest = text.get(from..)?.trim_start_matches(' ');
    let rest = rest.strip_prefix("of ").unwrap_or(rest);
    let noun = rest.split([' ', ',', '.', ';']).next()?;
    PEOPLE
        .contains(&noun)
        .then(|| text.len() - rest.len() + noun.len())
}

/// The harm ([`harm_of`]) of a verb right before quantity `q` of `text` when a noun of
/// [`PEOPLE`] follows it (`killing three people`, `injured dozens of passengers`), with
/// the bytes where the verb starts and the noun ends.
fn harm_before(text: &str, q: &Quantity) -> Option<(usize, usize, usize)> {
    let before = text.get(..q.start)?.trim_end_matches(' ');
    let verb = before.rsplit(' ').next()?;
    if verb.len() < 4 || !verb.bytes().all(|b| b.is_ascii_lowercase()) {
        return None;
    }
    let harm = harm_of(&stem(verb))?;
    let end = people_after(text, q.end)?;
    Some((before.len() - verb.len(), end, harm))
}

/// Adjectives of dimension that follow a measure (`50 km long`, `12 m deep`).
const DIMENSIONS: [&str; 8] = [
    "deep", "high", "long", "old", "tall", "thick", "wide", "across",
];

/// The dimension that quantity `q` of `text` measures, when a unit of measure follows it
/// and an adjective of [`DIMENSIONS`] follows the unit (`12 kilometres wide`): the
/// adjective's key and the byte offset where it ends.
fn measures(text: &str, q: &Quantity) -> Option<(String, usize)> {
    let (written, at) = unit_word(text, q);
    unit_canonical(&written.to_lowercase())?;
    let rest = text.get(at..)?;
    let word = rest.strip_prefix(' ')?;
    let len = word.bytes().take_while(u8::is_ascii_alphabetic).count();
    let adjective = word.get(..len)?;
    DIMENSIONS
        .iter()
        .any(|d| adjective.eq_ignore_ascii_case(d))
        .then(|| (stem(&adjective.to_ascii_lowercase()), at + 1 + len))
}

/// When or where quantity `q` of `text` was, written right after it or its unit word: a
/// month or weekday (`4.8% in June`, `$2 million on Monday`), a year (`8,000 residents in
/// 1990`) or a capitalised name (`5% in Asia`, `12 people in Baghdad`) after `in`, `on`,
/// `at`, `during`, `by`, `across` or `among`, or a common noun after `in` or `among`
/// (`80% in children`; past `the`: `3% in the eurozone`), with at most one lower-case
/// word between (`80% effective in adults`). Its key and the byte offset where it ends.
/// What a clause says of two quantities it joins (`rose 12% in Europe and 5% in Asia`)
/// tells them apart where the words before them cannot (the second has none of its own).
fn dated(text: &str, q: &Quantity) -> Option<(String, usize)> {
    let at = if unit(text, q).1.is_empty() {
        q.end
    } else {
        unit_word(text, q).1
    };
    let rest = text.get(at..)?;
    // Three words are enough: the preposition and the month (`% in September`).
    let rest = rest.get(..rest.char_indices().nth(32).map_or(rest.len(), |(i, _)| i))?;
    // The preposition opens the first or the second word (one word may stand between:
    // `80% effective in adults`, `12 people killed in Baghdad`). (Most quantities have
    // none there: ruled out before any terms.)
    const PREPOSITIONS: [&str; 7] = ["in", "on", "at", "during", "by", "across", "among"];
    let lead = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '%' || c == '‰');
    let mut first_two = lead.split_whitespace().take(2);
    let (one, two) = (
        first_two.next().unwrap_or(""),
        first_two.next().unwrap_or(""),
    );
    let is_preposition = |w: &str| PREPOSITIONS.iter().any(|p| w.eq_ignore_ascii_case(p));
    if !is_preposition(one) && !is_preposition(two) {
        return None;
    }
    let ts = terms(rest);
    // The word between, when there is one: a lower-case word that is no preposition.
    let skip = usize::from(
        ts.first().is_some_and(|t| {
            !t.stop
                && !t.numeric
                && rest
                    .get(t.start..t.end)
                    .is_some_and(|w| w.starts_with(char::is_lowercase) && !is_preposition(w))
        }) && ts
            .get(1)
            .is_some_and(|t| rest.get(t.start..t.end).is_some_and(is_preposition)),
    );
    let by = ts.get(skip)?;
    // Past an article (`in the eurozone`, `in the city centre`).
    let article = ts
        .get(skip + 1)
        .is_some_and(|t| matches!(rest.get(t.start..t.end), Some("the" | "The")));
    let at_word = skip + 1 + usize::from(article);
    let when = ts.get(at_word)?;
    let opens = ts.first()?.start;
    let word = |t: &super::terms::Term| rest.get(t.start..t.end).unwrap_or("");
    let year = |w: &str| {
        w.len() == 4
            && w.bytes().all(|b| b.is_ascii_digit())
            && w.starts_with(['1', '2'])
            && w < "2200"
    };
    let month = || {
        matches!(by.key.as_str(), "in" | "on" | "during" | "by")
            && calendar_of(word(when)).is_some()
    };
    // A place or a period by its name, not a month's (read above). (Nothing but spaces,
    // `%` and one word stands before the preposition, checked below: no new sentence.)
    let named = || {
        word(when).starts_with(char::is_uppercase)
            && !when.stop
            && !super::support::is_calendar_word(word(when))
    };
    // Whom or what it was among, by a common noun after `in` or `among` (`80% in
    // children`, `5% in value`): not a unit (`in metres` measures), nor a number.
    let among = || {
        matches!(by.key.as_str(), "in" | "among")
            && word(when).starts_with(char::is_lowercase)
            && !when.stop
            && !when.numeric
            && !when.negation
            && unit_named(word(when)).is_none()
    };
    let dated = rest
        .get(..opens)?
        .chars()
        .all(|c| c.is_whitespace() || c == '%' || c == '‰')
        && (skip == 0
            || ts
                .first()
                .and_then(|t| rest.get(t.end..by.start))
                .is_some_and(|g| g.chars().all(char::is_whitespace)))
        && rest
            .get(by.end..when.start)?
            .split_whitespace()
            .all(|w| article && w.eq_ignore_ascii_case("the"))
        && ((word(when).starts_with(char::is_uppercase) && month())
            || year(word(when))
            || named()
            || among());
    if !dated {
        return None;
    }
    // A name of several words ends after its last (`in the United States`).
    let mut end = when.end;
    if word(when).starts_with(char::is_uppercase) {
        for t in ts.iter().skip(at_word + 1) {
            if rest.get(end..t.start) != Some(" ") || !word(t).starts_with(char::is_uppercase) {
                break;
            }
            end = t.end;
        }
    }
    Some((when.key.clone(), at + end))
}

/// The phrase that says what quantity `q` of `text` is for, when `for` follows it or its
/// unit (`$8 million for public schools`, `5 tickets for the final`): the byte offset
/// where the phrase ends and its words after `for`, up to two content words, to a clause
/// mark or a joining word of [`CLAUSE_WORDS`]. `(q.end, "")` when there is none.
fn purpose_of<'a>(text: &'a str, q: &Quantity) -> (usize, &'a str) {
    let found = [q.end, unit_word(text, q).1].iter().find_map(|&at| {
        let after = text.get(at..)?;
        let lead = after.len() - after.trim_start().len();
        let after = after.trim_start();
        after
            .get(..4)
            .filter(|w| w.eq_ignore_ascii_case("for "))
            .map(|_| at + lead + 4)
    });
    let Some(from) = found else {
        return (q.end, "");
    };
    let rest = text.get(from..).unwrap_or("");
    let clause = rest.split(CLAUSE_MARKS).next().unwrap_or("");
    let mut end = 0;
    let mut content = 0;
    for t in terms(clause) {
        if CLAUSE_WORDS.contains(&t.key.as_str()) || t.numeric || content == 2 {
            break;
        }
        content += usize::from(!t.stop);
        end = t.end;
    }
    let words = clause.get(..end).unwrap_or("");
    (from + end, words)
}

/// True when quantity `o` of `text` opens a change or a range (`from` before it) that
/// `slice`, the text from `o`'s unit word to the next quantity, closes with `to` (`from
/// 5.2% in January to`), within one clause. A date's month before either number is read
/// past (`from September 14 to September 28`): there [`unit_word`] takes the `to` after
/// the first day for its unit, so `to` is looked for in the text from `o` to `end`, where
/// the next quantity starts.
fn ends_range(text: &str, o: &Quantity, slice: &str, end: usize) -> bool {
    let opens = text.get(..o.start).is_some_and(|b| {
        let b = b
            .trim_end_matches(|c: char| !c.is_alphanumeric() && c != ' ')
            .trim_end();
        let b = match b.rsplit_once(' ') {
            Some((head, w)) if is_month_name(w) => head.trim_end(),
            _ => b,
        };
        b.len() >= 4
            && b.get(b.len() - 4..)
                .is_some_and(|w| w.eq_ignore_ascii_case("from"))
            && b.get(..b.len() - 4)
                .is_none_or(|r| r.is_empty() || r.ends_with(' '))
    });
    let to = |ts: &[super::terms::Term]| ts.last().is_some_and(|t| t.key == "to");
    let dated = || {
        let between = text.get(o.end..end).unwrap_or("");
        let ts = terms(between);
        !between.contains(CLAUSE_MARKS)
            && ts.split_last().is_some_and(|(last, rest)| {
                between.get(last.start..last.end).is_some_and(is_month_name) && to(rest)
            })
    };
    opens && !slice.contains(CLAUSE_MARKS) && (to(&terms(slice)) || dated())
}

/// True when quantity `q` of `text` is a number word after `the` with nothing counted
/// after it (`the oldest of the three at 24`, `the two of them`): a noun of the clause,
/// not a quantity.
fn stands_alone(text: &str, q: &Quantity) -> bool {
    text.get(q.start..q.end)
        .is_some_and(|w| w.bytes().all(|b| b.is_ascii_alphabetic()))
        && text
            .get(..q.start)
            .and_then(|b| b.strip_suffix(' '))
            .and_then(|b| b.rsplit([' ', '\n']).next())
            .is_some_and(|w| w.eq_ignore_ascii_case("the"))
        && counted_words(text, q).is_empty()
}

/// [`binding`] without what follows the quantity: the words before it in its clause.
fn binding_before(text: &str, qs: &[Quantity], q: &Quantity) -> Vec<String> {
    binding_before_at(text, qs, q, true)
}

/// [`binding_before`]; `range`: whether the end of a change takes what its start is said
/// of (one level only: no input can chain the calls).
fn binding_before_at(text: &str, qs: &[Quantity], q: &Quantity, range: bool) -> Vec<String> {
    // Back to the previous quantity with its unit word (`3 percent`); `qs` are in text
    // order.
    let before = qs
        .get(..qs.partition_point(|o| o.start < q.start))
        .unwrap_or(&[]);
    // A code (`X200`) is a word of the clause, no quantity it ends; nor is a number word
    // that stands for the things it counts (`the oldest of the three at 24`).
    let previous = before
        .iter()
        .rev()
        .find(|o| o.end <= q.start && !is_code(o) && !stands_alone(text, o));
    let floor = previous.map_or(0, |o| unit_word(text, o).1.min(q.start));
    let Some(slice) = text.get(floor..q.start) else {
        return Vec::new();
    };
    // The end of a change or a range (`fell from 5.2% in January to 4.8% in June`): what
    // its start is said of, the end is said of too.
    if let Some(o) = previous.filter(|o| range && ends_range(text, o, slice, q.start)) {
        return binding_before_at(text, qs, o, false);
    }
    let mark = |s: &str| s.char_indices().rfind(|(_, c)| CLAUSE_MARKS.contains(c));
    let said_of = |clause: &str, list: bool| {
        let mut out = Vec::new();
        // The second of two things a clause lists (`includes priority support and 100 GB
        // of storage`) is said of what the first is: a joining `and` or `or` right
        // before the quantity is read past, where the clause holds no quantity before it
        // (`$12 million for road repairs and $8 million for public schools`: each is
        // said of its own words).
        let mut listed = !list;
        for t in terms(clause).iter().rev() {
            let joining = CLAUSE_WORDS.contains(&t.key.as_str());
            if joining && out.is_empty() && !listed && matches!(t.key.as_str(), "and" | "or") {
                listed = true;
                continue;
            }
            if joining || out.len() == 4 {
                break;
            }
            // A code is a word here (`X200`), no number.
            if !t.stop && (!t.numeric || code_key(&t.key)) {
                out.push(t.key.clone());
            }
        }
        out
    };
    let cut = mark(slice);
    let out = said_of(
        slice
            .get(cut.map_or(0, |(i, c)| i + c.len_utf8())..)
            .unwrap_or(""),
        previous.is_none() || cut.is_some(),
    );
    // A label before a colon (`Express: 1-2 business days`) is what the value after it
    // is said of.
    match cut {
        Some((i, ':')) if out.is_empty() => {
            let head = slice.get(..i).unwrap_or("");
            said_of(
                head.get(mark(head).map_or(0, |(j, c)| j + c.len_utf8())..)
                    .unwrap_or(""),
                false,
            )
        }
        _ => out,
    }
}

/// A contradiction by what a quantity is said of: the claim gives one of its quantities
/// to a word (`iPhone sales fell 34 percent`) where its best window gives that quantity
/// to another (`Mac sales fell 34 percent`) and the claim's word to another quantity of
/// the same kind (`iPhone sales rose 3 percent`). Either the two clauses are parallel
/// (the evidence's clause shares a word with the claim's and has one the claim's lacks),
/// or the claim's clause of two words or more is the one the evidence gives the other
/// quantity, or the claim exchanges two of the window's quantities (`bake for 10 minutes,
/// then cool for 25` against `Bake for 25 minutes … cool for 10 minutes`). A quantity the
/// evidence also gives to the claim's word is never disputed. Returns the claim's clause
/// and the evidence's, as written.
fn binding_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    if claim.quantities.is_empty() {
        return None;
    }
    let src = sources.iter().find(|s| s.index == m.source)?;
    let (start, end) = m.window;
    let content = &src.source.content;
    // (With each `one` that counts a thing, which the number reader takes for a pronoun:
    // `Two people were injured, and one person died`.)
    let counting_ones: Vec<Quantity> = ones(content, start, end)
        .into_iter()
        .filter(|x| {
            !content
                .get(x.end..)
                .is_some_and(|r| r.trim_start().starts_with("of "))
                && !counted_words(content, x).is_empty()
        })
        .collect();
    let mut in_window: Vec<&Quantity> = within(&src.quantities, start, end).iter().collect();
    if !counting_ones.is_empty() {
        in_window.extend(counting_ones.iter());
        crate::text::sort::sort_by(&mut in_window, |a, b| a.start.cmp(&b.start));
    }
    if in_window.len() < 2 {
        return None;
    }
    // Two words for one death (`killed`, `died`) say the same of a count.
    let has = |ws: &[String], k: &str| {
        ws.iter().any(|w| {
            super::support::related(w, k)
                || (super::senses::is_death(w) && super::senses::is_death(k))
        })
    };
    // Another quantity of the window of the same kind as `q` (whose unit is `kind`).
    // (Or a measure of the same kind in another unit: `30 minutes` and `8 to 10 hours`
    // both say how long something takes.)
    // (`measure` is the kind of the claim quantity's unit of measure, if it has one.)
    // Two ages of the window are of one kind, however each is written (`as he is 21`,
    // `at 24 years old`), where the window gives the claim's quantity as an age.
    let ages = |q: &Quantity, y: &Quantity| {
        age_of(content, y).is_some()
            && in_window
                .iter()
                .any(|x| q.same_as(x) && age_of(content, x).is_some())
    };
    let rival = |q: &Quantity, (kind, measure): &((String, String), Option<&str>), y: &Quantity| {
        !q.same_as(y)
            && is_year(q) == is_year(y)
            && (unit_or_elided(content, &src.quantities, y) == *kind
                || measure.is_some_and(|k| unit_of(content, y).is_some_and(|(l, _)| k == l))
                || ages(q, y))
    };
    let kind_of = |q: &Quantity| {
        (
            unit_or_elided(&claim.text, &claim.quantities, q),
            unit_of(&claim.text, q).map(|u| u.0),
        )
    };
    // Only a claim quantity the window states, beside another of the same kind, can have
    // been given to the wrong words: the clauses are read only then.
    let rivalled = claim.quantities.iter().any(|q| {
        !claim.question_numbers.contains(&q.key) && in_window.iter().any(|x| q.same_as(x)) && {
            let kind = kind_of(q);
            in_window.iter().any(|y| rival(q, &kind, y))
        }
    });
    if !rivalled {
        return None;
    }
    // Each quantity of the window with what it is said of.
    // A part of the quantity before it (`12 elephants, 3 of them calves`, `200 rooms,
    // 12 of which are suites`) is said of what that one is.
    let mut theirs: Vec<(&Quantity, Vec<String>)> = Vec::with_capacity(in_window.len());
    // The quantities whose pronoun was resolved to the clause before them.
    let mut resolved: Vec<usize> = Vec::new();
    for &x in &in_window {
        let mut b = binding(content, &src.quantities, x);
        let part = content.get(x.end..).is_some_and(|after| {
            let mut words = after.split_whitespace();
            words.next() == Some("of")
                && words.next().is_some_and(|w| {
                    matches!(
                        w.trim_end_matches([',', '.', ';', ')']),
                        "them" | "which" | "whom" | "these" | "those"
                    )
                })
        });
        if let Some((_, whole)) = theirs.last().filter(|_| part) {
            for w in whole.clone() {
                if !b.contains(&w) {
                    b.push(w);
                }
            }
        }
        // A quantity said of a pronoun alone (`Spence is older than her, as he is 21`) is
        // said of what the clause before it names; one of a relative clause (`which
        // enrolled 240 patients`) of that too.
        let more = antecedent(content, start, x);
        if !more.is_empty() {
            if b.is_empty() {
                resolved.push(x.start);
            }
            for w in more {
                if !b.contains(&w) {
                    b.push(w);
                }
            }
        }
        theirs.push((x, b));
    }
    // The keys of the names of the claim and the window: words written with a capital
    // letter, and never in lower case in either.
    let names = name_keys(&[&claim.text, content.get(start..end).unwrap_or("")]);
    let mine: Vec<(&Quantity, Vec<String>)> = claim
        .quantities
        .iter()
        .filter(|q| !claim.question_numbers.contains(&q.key))
        .map(|q| (q, binding(&claim.text, &claim.quantities, q)))
        .collect();
    // Where the clause of quantity `q` starts.
    let clause_from = |text: &str, q: &Quantity| clause_start(text, q.start);
    // The clause of quantity `q` as written, with its unit word.
    let clause = |text: &str, q: &Quantity| -> String {
        let from = clause_from(text, q);
        // Through its unit word when it has one, and what it is for (`$8 million for
        // public schools`).
        let to = if unit(text, q).1.is_empty() {
            q.end
        } else {
            unit_word(text, q).1
        };
        let to = to
            .max(purpose_of(text, q).0)
            .max(measures(text, q).map_or(0, |(_, end)| end))
            .max(dated(text, q).map_or(0, |(_, end)| end));
        text.get(from..to).unwrap_or("").trim().to_string()
    };
    for (q, ctx) in &mine {
        if ctx.is_empty() {
            continue;
        }
        let xs: Vec<&(&Quantity, Vec<String>)> =
            theirs.iter().filter(|(x, _)| q.same_as(x)).collect();
        if xs.is_empty() {
            continue;
        }
        // A count whose fate the evidence gives another count of the window, and not this
        // one (`Two people were injured` against `Two people died and five others were
        // injured`): the fates exchanged.
        if let Some(mine) = fate(&claim.text, q) {
            let same = |f: &Option<String>| {
                f.as_deref()
                    .is_some_and(|f| has(std::slice::from_ref(&mine), f))
            };
            let other = |x: &Quantity| {
                let f = fate(content, x);
                f.is_some() && !same(&f)
            };
            if xs.iter().all(|(x, _)| other(x))
                && theirs
                    .iter()
                    .any(|(y, _)| !y.same_as(q) && same(&fate(content, y)))
            {
                if let Some((x, _)) = xs.first() {
                    // The counts with their fates, as written (`Two people were injured`,
                    // `Two people died`).
                    let with_fate = |text: &str, q: &Quantity| {
                        let end = fate_at(text, q).map_or(q.end, |(_, e)| e);
                        text.get(q.start..end).unwrap_or("").to_string()
                    };
                    return Some((with_fate(&claim.text, q), with_fate(content, x)));
                }
            }
        }
        // A word of the claim's clause that the evidence gives to another quantity of the
        // same kind, and never to this one.
        let kind = kind_of(q);
        // A word the evidence gives this quantity in another form of the same side of
        // the antonym table is given to it (`Revenue grew 5%` against `Revenue rose 5%
        // …, while operating costs grew 15%`).
        let same_side = |b: &[String], w: &str| {
            super::antonyms::pole_of_key(w)
                .is_some_and(|p| b.iter().any(|v| super::antonyms::pole_of_key(v) == Some(p)))
        };
        // The evidence's clause of this quantity opens with a subject pronoun that can
        // refer back to the word (`The bridge opened in 1932` against `Construction of the
        // bridge began in 1929, and it opened to traffic in 1932`): the word is its
        // subject too. Not a possessive (`its square base is 125 metres wide` is the
        // base's), nor a pronoun after the clause's subject (`the library beside it
        // opened in 1932`).
        // (Per quantity of the evidence, read once when first asked: the window's terms
        // before it when its clause opens with such a pronoun.)
        const SUBJECTS: [&str; 4] = ["it", "they", "he", "she"];
        let before: Vec<std::cell::OnceCell<Option<Vec<super::terms::Term>>>> =
            xs.iter().map(|_| std::cell::OnceCell::new()).collect();
        let back = |i: usize, w: &str| {
            let (Some(cell), Some((x, _))) = (before.get(i), xs.get(i)) else {
                return false;
            };
            // (A pronoun already resolved to the clause before it refers to nothing else.)
            if resolved.contains(&x.start) {
                return false;
            }
            cell.get_or_init(|| {
                terms(&clause(content, x))
                    .iter()
                    .find(|t| !t.stop || SUBJECTS.contains(&t.key.as_str()))
                    .is_some_and(|t| SUBJECTS.contains(&t.key.as_str()))
                    // What comes before the pronoun, not the words after it (`She
                    // became its captain in 2014 and retired in 2019`: `captain` is no
                    // subject of 2019).
                    .then(|| {
                        let from = clause_from(content, x);
                        terms(content.get(start.min(from)..from).unwrap_or(""))
                    })
            })
            .as_ref()
            .is_some_and(|ts| ts.iter().any(|t| super::support::related(&t.key, w)))
        };
        // (What the claim's quantity measures or when it was is no subject: `deep` in `400
        // metres deep`.)
        let qualified: Vec<String> = [measures(&claim.text, q), dated(&claim.text, q)]
            .into_iter()
            .flatten()
            .map(|(k, _)| k)
            .collect();
        // The other end of a range with the claim's quantity (`8 to 10 hours`, `8-10
        // hours`) is no rival: what it is said of is the range's, the claim's too.
        let ranged = |x: &Quantity, y: &Quantity| between(content, x, y).is_some_and(joins_a_range);
        // A rival in another unit of the claim's kind (`8 to 10 hours` against the
        // claim's `30 minutes`) must be said of two words of the claim's clause or more,
        // and of more of them than the claim's quantity is (`the span … took 18 months`
        // is no rival of `The bridge took 4 years to build` against `… lasted 4 years`).
        let shared = |b: &[String]| ctx.iter().filter(|v| has(b, v)).count();
        let own = xs.iter().map(|(_, b)| shared(b)).max().unwrap_or(0);
        let closeness = |b: &[String]| {
            let others = b.iter().filter(|v| !has(ctx, v)).count();
            shared(b) as isize - others as isize
        };
        // Names weigh first: a clause that shares the claim's name and has no other is
        // closer than one that shares more of its other words (`Eastline reported
        // revenue of $3.1 billion` against `Northwind reported revenue of $4.2 billion,
        // while its rival Eastline reported $3.1 billion`).
        let closeness = |b: &[String]| {
            let named = |v: &String| names.iter().any(|n| n == v);
            let shared_names = ctx.iter().filter(|v| named(v) && has(b, v)).count();
            let other_names = b.iter().filter(|v| named(v) && !has(ctx, v)).count();
            (shared_names as isize - other_names as isize, closeness(b))
        };
        let own_closeness = xs
            .iter()
            .map(|(_, b)| closeness(b))
            .max()
            .unwrap_or((isize::MIN, isize::MIN));
        // A rival that the claim states as the other end of a change from its quantity
        // (`Output has fallen from 54 billion cubic metres in 2013 to 12 billion` against
        // `The field produced 54 billion … in 2013, but output has since been cut to 12
        // billion`): the claim says both of its subject, the later one where the evidence
        // does.
        let changed_to = |y: &Quantity| {
            claim
                .quantities
                .iter()
                .any(|p| p.same_as(y) && !p.same_as(q) && changes(&claim.text, q, p))
        };
        // The claim's dimension or date is not moved where the evidence writes this
        // quantity bare (`as he is 21` for `21 years old`).
        let bare = xs
            .iter()
            .any(|(x, _)| measures(content, x).is_none() && dated(content, x).is_none());
        let moved = ctx.iter().find(|w| {
            let given = xs.iter().enumerate().any(|(i, (_, b))| {
                has(b, w) || same_side(b, w) || (!qualified.contains(w) && back(i, w))
            });
            let dimension = bare && qualified.contains(w);
            !(given || dimension)
                && theirs.iter().any(|(y, b)| {
                    // The rival's clause is no further from the claim's than the quantity's
                    // own, by the words they share less the words the claim's lacks (`The
                    // Eiffel Tower was finished in 1889` against `The Eiffel Tower was
                    // completed in 1889 … until the Chrysler Building was finished in 1930`:
                    // 1930's clause shares one word and has two others, 1889's shares two
                    // and has one).
                    rival(q, &kind, y)
                        && closeness(b) >= own_closeness
                        && (unit_or_elided(content, &src.quantities, y) == kind.0
                            || ages(q, y)
                            || (shared(b) >= 2 && shared(b) > own))
                        && !xs.iter().any(|(x, _)| ranged(x, y))
                        && has(b, w)
                        && !changed_to(y)
                })
        });
        let Some(w) = moved else {
            continue;
        };
        // The claim's words name where or among whom the evidence puts this quantity
        // (see [`dated`]), away from the quantity (`Among children, the obesity rate was
        // 10%` against `25% in adults and 10% in children`), and none that it puts a rival
        // in: the claim's quantity is the evidence's, in a clause of its own. (A claim
        // quantity with such words right after it is read by them: its clause.)
        let in_claim = |k: &str| {
            claim
                .words
                .iter()
                .any(|w| super::support::related(&w.key, k))
        };
        let named_in_claim = |x: &Quantity| dated(content, x).is_some_and(|(k, _)| in_claim(&k));
        let own_situation = dated(&claim.text, q).is_none()
            && xs.iter().any(|(x, _)| named_in_claim(x))
            && !theirs
                .iter()
                .any(|(y, _)| !y.same_as(q) && named_in_claim(y));
        if own_situation {
            continue;
        }
        for (x, b) in &xs {
            // The evidence clause's name written otherwise in the claim's (`the UK` /
            // `the United Kingdom`, `Britain`): the same clause, not a parallel one.
            let renamed = || {
                let theirs = clause(content, x);
                let mine = clause(&claim.text, q);
                terms(&mine).iter().any(|t| {
                    mine.get(t.start..t.end).is_some_and(|w| {
                        let spelled = |a: &str| spelled_out(&theirs, &a.to_ascii_uppercase());
                        super::places::asks_marked(w)
                            && (spelled(w)
                                || super::places::aliases(w).iter().any(|a| spelled(a))
                                || b.iter().any(|v| super::places::same_place_keys(&t.key, v)))
                    })
                })
            };
            // Sharing only the dimension or the month is no parallel clause (`near the
            // mouth it is 400 metres wide` restates `the river is 400 metres wide`).
            let qualifiers: Vec<String> = [measures(content, x), dated(content, x)]
                .into_iter()
                .flatten()
                .map(|(k, _)| k)
                .collect();
            let parallel = b.iter().any(|v| has(ctx, v) && !qualifiers.contains(v))
                && b.iter().any(|v| !has(ctx, v))
                && !renamed();
            // Exchanged: the evidence gives `w` to a quantity the claim gives to a word of
            // this evidence clause.
            let exchanged = theirs.iter().any(|(y, by)| {
                has(by, w)
                    && mine.iter().any(|(p, cp)| {
                        p.same_as(y)
                            && !p.same_as(q)
                            && cp.iter().any(|v| has(b, v) && !has(ctx, v))
                    })
            });
            // The claim's clause is, word for word, the one the evidence gives another
            // quantity (`Revenue grew 5 percent` against `Revenue grew 12 percent …, and
            // operating profit rose 5 percent`); one word alone is too little (`The
            // population was 2.1 million` restates `… the city had 2.1 million`).
            // Not where the claim gives that other quantity the same clause too (`passed
            // the budget 7-2` against `passed the budget by a vote of 7 to 2`: a score,
            // both of its numbers said of one clause).
            let restated = ctx.len() >= 2
                && theirs.iter().any(|(y, by)| {
                    rival(q, &kind, y)
                        && ctx.iter().all(|v| has(by, v))
                        && !mine.iter().any(|(p, cp)| p.same_as(y) && cp == ctx)
                });
            // Given elsewhere: the evidence says this quantity of other words only, and
            // the claim's word of another quantity (`Schools will get $12 million`
            // against `$12 million for road repairs and $8 million for public schools`).
            // (The dimension or month alone says of no other words: `at 24 years old`.)
            // Where it names another, a shared dimension does not say it of the claim's words
            // (`Spence is 24 years old` against `Beckham is the oldest … at 24 years old`).
            let named = |v: &String| names.iter().any(|n| n == v);
            let elsewhere = (b.iter().any(|v| !qualifiers.contains(v))
                && !b.iter().any(|v| has(ctx, v)))
                || (b.iter().any(|v| named(v) && !has(ctx, v))
                    && !b.iter().any(|v| has(ctx, v) && !qualifiers.contains(v)));
            if parallel || exchanged || restated || elsewhere {
                return Some((clause(&claim.text, q), clause(content, x)));
            }
        }
    }
    None
}

/// The keys of the words of `texts` written with a capital letter and never in lower
/// case in any of them (not stop words, months or weekdays): their names.
fn name_keys(texts: &[&str]) -> Vec<String> {
    let all: Vec<(&str, Vec<super::terms::Term>)> = texts.iter().map(|t| (*t, terms(t))).collect();
    let lower: Vec<&str> = all
        .iter()
        .flat_map(|(_, ts)| ts.iter())
        .filter(|t| !t.capitalised && !t.stop)
        .map(|t| t.key.as_str())
        .collect();
    let mut out: Vec<String> = Vec::new();
    for (text, ts) in &all {
        for t in ts {
            if t.capitalised
                && !t.stop
                && !t.numeric
                && !lower.contains(&t.key.as_str())
                && !out.contains(&t.key)
                && !text
                    .get(t.start..t.end)
                    .is_some_and(super::support::is_calendar_word)
            {
                out.push(t.key.clone());
            }
        }
    }
    out
}

/// Where the clause that holds byte `pos` of `text` starts: after the last clause mark
/// before it (not the point or comma of a number: `5.2%`, `1,200`), or at 0.
fn clause_start(text: &str, pos: usize) -> usize {
    text.get(..pos)
        .and_then(|b| {
            b.char_indices()
                .rfind(|&(i, c)| {
                    matches!(c, ',' | ';' | ':' | '.' | '!' | '?' | '(' | ')')
                        && !(matches!(c, '.' | ',')
                            && b.as_bytes().get(i + 1).is_some_and(u8::is_ascii_digit))
                })
                .map(|(i, c)| i + c.len_utf8())
        })
        .unwrap_or(0)
}

/// What quantity `q` of `text` is said of beyond its own clause, where that clause
/// names nothing before it or opens with a relative pronoun: the content words of the
/// clause before it, from `floor` on (`Spence is just barely older than her, as he is
/// 21`, `… the youngest of the finalists, Mia Falk, is 21`, `Dr. Patel led the first
/// trial, which enrolled 240 patients`). `he`, `she` and `who` stand for that clause's
/// names, where it has any (`Her brother Tom joined two years later, and he was 31`).
/// Empty otherwise.
fn antecedent(text: &str, floor: usize, q: &Quantity) -> Vec<String> {
    let from = clause_start(text, q.start);
    if from <= floor {
        return Vec::new();
    }
    // Not the year of a date after its day (`November 30, 1879`): no clause of its own.
    let mut back = text
        .get(..from.saturating_sub(1))
        .unwrap_or("")
        .split_whitespace()
        .rev();
    if let (Some(day), Some(month)) = (back.next(), back.next()) {
        if (1..=2).contains(&day.len())
            && day.bytes().all(|b| b.is_ascii_digit())
            && super::support::is_calendar_word(month)
        {
            return Vec::new();
        }
    }
    let own = terms(text.get(from..q.start).unwrap_or(""));
    let joining = |t: &super::terms::Term| CLAUSE_WORDS.contains(&t.key.as_str());
    let empty = !own.iter().any(|t| !t.stop && !joining(t));
    let relative = own
        .iter()
        .find(|t| !joining(t))
        .is_some_and(|t| matches!(t.key.as_str(), "which" | "who"));
    if !(empty || relative) {
        return Vec::new();
    }
    let before = clause_start(text, from - 1).max(floor);
    let words: Vec<super::terms::Term> = terms(text.get(before..from).unwrap_or(""))
        .into_iter()
        .filter(|t| !t.stop && !t.numeric && !joining(t))
        .collect();
    let person = own
        .iter()
        .any(|t| matches!(t.key.as_str(), "he" | "she" | "who"));
    let named = person && words.iter().any(|t| t.capitalised);
    words
        .into_iter()
        .filter(|t| !named || t.capitalised)
        .map(|t| t.key)
        .collect()
}

/// The clauses of `text` (tokenised as `ts`), as byte ranges: a clause ends at a clause
/// mark (`,` `;` `:` a full stop, a bracket, a dash) or before a joining word of
/// [`CLAUSE_WORDS`], except an `and` or `or` between two numbers (`between 5 and 10`).
fn clauses(text: &str, ts: &[super::terms::Term]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    for (i, t) in ts.iter().enumerate() {
        let Some(p) = i.checked_sub(1).and_then(|p| ts.get(p)) else {
            continue;
        };
        let marked = text.get(p.end..t.start).is_some_and(|gap| {
            gap.contains(|c: char| {
                matches!(
                    c,
                    ',' | ';' | ':' | '.' | '!' | '?' | '(' | ')' | '—' | '–' | '\n'
                )
            })
        });
        let joins = CLAUSE_WORDS.contains(&t.key.as_str())
            && !(matches!(t.key.as_str(), "and" | "or")
                && p.numeric
                && ts.get(i + 1).is_some_and(|n| n.numeric));
        if marked || joins {
            out.push((from, p.end));
            from = t.start;
        }
    }
    out.push((from, text.len()));
    out
}

/// For each content word of `text` (tokenised as `ts`) that stands in the clause of
/// exactly one of `qs` and in no clause of another: its key and the index in `qs` of that
/// quantity. The quantities' own words (number, unit) are left out.
fn clause_words(text: &str, ts: &[super::terms::Term], qs: &[&Quantity]) -> Vec<(String, usize)> {
    let mut seen: Vec<(String, Option<usize>)> = Vec::new();
    for (lo, hi) in clauses(text, ts) {
        let mut inside = qs
            .iter()
            .enumerate()
            .filter(|(_, q)| q.start >= lo && q.start < hi);
        let owner = match (inside.next(), inside.next()) {
            (Some((i, _)), None) => Some(i),
            _ => None,
        };
        let own_words = |t: &super::terms::Term| {
            qs.iter()
                .any(|q| t.start >= q.start && t.start < unit_word(text, q).1.max(q.end))
        };
        for t in ts.iter().filter(|t| t.start >= lo && t.end <= hi) {
            if t.stop || t.numeric || own_words(t) {
                continue;
            }
            match seen.iter_mut().find(|(k, _)| *k == t.key) {
                Some((_, o)) if *o != owner => *o = None,
                Some(_) => {}
                None => seen.push((t.key.clone(), owner)),
            }
        }
    }
    seen.into_iter()
        .filter_map(|(k, o)| o.map(|o| (k, o)))
        .collect()
}

/// A contradiction by exchanged quantities: the claim gives two quantities of its best
/// window each to the other's words, crosswise (`The battery lasts 4 hours and takes 60
/// minutes to charge` against `a 60-minute battery … charges fully in 4 hours`; `every 20
/// minutes on weekdays and every 10 minutes at weekends` against the reverse). Each side
/// is read by clauses: a word of a clause with one of the two quantities belongs to it
/// (in both texts, and in no clause of the other), and the exchange needs a word of each
/// quantity moved to the other, so a claim that only regroups its words is never
/// disputed. Returns the claim's two quantities and the window's, as written.
fn exchange_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    let mine: Vec<&Quantity> = claim
        .quantities
        .iter()
        .filter(|q| !claim.question_numbers.contains(&q.key))
        .collect();
    if mine.len() < 2 {
        return None;
    }
    let src = sources.iter().find(|s| s.index == m.source)?;
    let (start, end) = m.window;
    let window = src.source.content.get(start..end)?;
    // The window's quantities that the claim states, each of them once, relative to the
    // window.
    let theirs: Vec<Quantity> = within(&src.quantities, start, end)
        .iter()
        .filter(|x| mine.iter().any(|q| q.same_as(x)))
        .map(|x| Quantity {
            start: x.start - start,
            end: x.end - start,
            ..x.clone()
        })
        .collect();
    if theirs.len() < 2 {
        return None;
    }
    let theirs_ref: Vec<&Quantity> = theirs.iter().collect();
    let wt = terms(window);
    let my_words = clause_words(&claim.text, &claim.terms, &mine);
    let their_words = clause_words(window, &wt, &theirs_ref);
    // (claim quantity, window quantity) of each word both texts place.
    let placed: Vec<(usize, usize)> = my_words
        .iter()
        .filter_map(|(k, a)| {
            their_words
                .iter()
                .find(|(j, _)| j == k)
                .map(|&(_, b)| (*a, b))
        })
        .collect();
    // `a` of the claim and `b` of the window are the same quantity.
    let same = |a: usize, b: usize| {
        mine.get(a)
            .zip(theirs.get(b))
            .is_some_and(|(q, x)| q.same_as(x))
    };
    for &(a, b) in &placed {
        if same(a, b) {
            continue;
        }
        // A word of claim quantity `a` stands with window quantity `b`, which is claim
        // quantity `c`; and a word of `c` stands with `a`'s quantity in the window.
        let crossed = placed
            .iter()
            .any(|&(c, d)| c != a && same(c, b) && same(a, d));
        if crossed {
            let (q, x) = (mine.get(a)?, theirs.get(b)?);
            // The clause of each, as written.
            let written = |text: &str, ts: &[super::terms::Term], q: &Quantity| {
                clauses(text, ts)
                    .into_iter()
                    .find(|&(lo, hi)| q.start >= lo && q.start < hi)
                    .and_then(|(lo, hi)| text.get(lo..hi))
                    .unwrap_or("")
                    .trim()
                    .to_string()
            };
            return Some((
                written(&claim.text, &claim.terms, q),
                written(window, &wt, x),
            ));
        }
    }
    None
}

/// How much of a claim its best sentence must cover for the claim to restate it (see
/// [`restated_quantity_conflict`]).
const RESTATES: f64 = 0.9;

/// A year (or a quantity with a unit of measure) of the claim that its best sentence does
/// not write, where that sentence covers the claim (at least [`RESTATES`]) and writes
/// another year (another quantity in the same unit) the claim does not: the sentence
/// restated with another number (`joined Inter Miami in July 2022` against `joined Inter
/// Miami in July 2023`, where 2022 stands in the next sentence, close enough for the
/// number rule; `one month's notice` against `two months' notice` beside `one month's
/// rent`). Returns the two as written.
fn restated_quantity_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    // A year, or a quantity with a unit of measure (`one month's notice` against `two
    // months' notice`, where `one month's rent` stands in the next sentence).
    let measured = |text: &str, q: &Quantity| unit_of(text, q).map(|(_, u)| u);
    if m.best_sentence_coverage < RESTATES
        || !claim
            .quantities
            .iter()
            .any(|q| is_year(q) || measured(&claim.text, q).is_some())
    {
        return None;
    }
    let (src, start, end) = best_sentence(m, sources)?;
    let in_sentence: Vec<&Quantity> = src
        .quantities
        .iter()
        .filter(|x| x.start >= start && x.end <= end)
        .collect();
    let content = &src.source.content;
    claim
        .quantities
        .iter()
        .filter(|q| {
            (is_year(q) || measured(&claim.text, q).is_some())
                && !claim.question_numbers.contains(&q.key)
                && !in_sentence.iter().any(|x| q.same_as(x))
        })
        .find_map(|q| {
            let unit = measured(&claim.text, q);
            let theirs = in_sentence.iter().find(|x| {
                let alike = if is_year(q) {
                    is_year(x)
                } else {
                    !is_year(x) && unit.is_some() && measured(content, x) == unit
                };
                alike && !claim.quantities.iter().any(|c| c.same_as(x))
            })?;
            Some((
                quantity_as_written(&claim.text, q),
                quantity_as_written(content, theirs),
            ))
        })
}

/// Amounts and the years they are written for: an amount followed by a year, past at
/// most one of `in`, `for`, `during`, `of` and nothing else (`$4.1 billion in 2022`,
/// `12% in 2023`). Quantities past the end of `text` (a title's) are left out.
fn amounts_by_year<'q>(text: &str, qs: &'q [Quantity]) -> Vec<(&'q Quantity, &'q Quantity)> {
    qs.windows(2)
        .filter_map(|w| {
            let (a, y) = (w.first()?, w.get(1)?);
            if !is_year(y) || is_year(a) || a.value.is_none() || y.end > text.len() {
                return None;
            }
            let gap = text.get(a.end..y.start)?;
            let mut words = gap.split_whitespace();
            let joined = match (words.next(), words.next()) {
                (None, _) => true,
                (Some(w), None) => ["in", "for", "during", "of"]
                    .iter()
                    .any(|p| w.eq_ignore_ascii_case(p)),
                _ => false,
            };
            joined.then_some((a, y))
        })
        .collect()
}

/// Life dates in brackets after a name in `text` (`Ginger Rogers (July 16, 1911 – April
/// 25, 1995)`, `Ida Lenz (1880 – 1952)`): for each, the byte range of the
/// words before the bracket back to the sentence's start or a comma (the name), the
/// birth year and the death year (the first and last year inside, with nothing but date
/// words, commas, semicolons and dashes between them). `qs` are the quantities of `text`.
fn life_dates<'q>(
    text: &str,
    qs: &'q [Quantity],
    (start, end): (usize, usize),
) -> Vec<((usize, usize), &'q Quantity, &'q Quantity)> {
    let mut out = Vec::new();
    let mut from = start;
    while let Some(open) = text.get(from..).and_then(|r| r.find('(')).map(|i| from + i) {
        if open >= end {
            break;
        }
        from = open + 1;
        let Some(close) = text.get(open..).and_then(|r| r.find(')')).map(|i| open + i) else {
            break;
        };
        let years: Vec<&Quantity> = within(qs, open, close)
            .iter()
            .filter(|q| is_year(q))
            .collect();
        let (Some(&born), Some(&died)) = (years.first(), years.last()) else {
            continue;
        };
        if years.len() != 2 {
            continue;
        }
        // Only date words between the two years (`April 3,`, ` – `).
        let between = text.get(born.end..died.start).unwrap_or("x");
        let dates_only = between
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '–' | '—' | '-'))
            .all(|w| {
                w.is_empty()
                    || w.bytes().all(|b| b.is_ascii_digit())
                    || super::support::calendar_of(w).is_some()
            });
        // After a name (`Ida Lenz (`, not `The war (`).
        let before = text.get(..open).unwrap_or("");
        let named = before
            .trim_end()
            .rsplit(' ')
            .next()
            .is_some_and(|w| w.starts_with(char::is_uppercase));
        if !dates_only || !named || born.key >= died.key {
            continue;
        }
        // (A comma right before the bracket ends the name: `Baron Jenkins of Hillhead,
        // (11 November 1920 – …`.)
        let name_from = before
            .trim_end()
            .trim_end_matches(',')
            .rfind(['.', ',', ';', '!', '?', '\n'])
            .map_or(0, |i| i + 1);
        out.push(((name_from, open), born, died));
    }
    out
}

/// The claim's years dated by a life word within four words before them (`born in
/// 1911`, `died on April 25, 1995`): for each, whether it is a birth, the life word's
/// index among the claim's terms, and the year.
fn life_years(claim: &ClaimProfile) -> Vec<(bool, usize, &Quantity)> {
    let ts = &claim.terms;
    claim
        .quantities
        .iter()
        .filter(|q| is_year(q))
        .filter_map(|y| {
            let at = ts.iter().position(|t| t.start >= y.start)?;
            (at.saturating_sub(4)..at).rev().find_map(|i| {
                let t = ts.get(i)?;
                let w = claim.text.get(t.start..t.end)?;
                let is = |list: &[&str]| list.iter().any(|x| w.eq_ignore_ascii_case(x));
                if !(4..=5).contains(&w.len()) {
                    None
                } else if is(&["born", "birth"]) {
                    Some((true, i, y))
                } else if is(&["died", "dies", "death"]) {
                    Some((false, i, y))
                } else {
                    None
                }
            })
        })
        .collect()
}

/// The life dates ([`life_dates`]) in the window of `m` that the claim speaks of: those
/// after a name the claim writes, or the window's only ones. With the source's text.
fn window_life<'s>(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&'s IndexedSource<'_>],
) -> Option<(&'s str, &'s Quantity, &'s Quantity)> {
    let src = sources.iter().find(|s| s.index == m.source)?;
    let content = src.source.content.as_str();
    let (start, end) = m.window;
    // (Only the window's brackets are read, not the whole source's.)
    let lives: Vec<_> = life_dates(content, &src.quantities, (start, end))
        .into_iter()
        .filter(|(_, b, d)| b.start >= start && d.end <= end)
        .collect();
    if lives.is_empty() {
        return None;
    }
    let names: Vec<&str> = claim
        .terms
        .iter()
        .filter(|t| t.capitalised && !t.stop)
        .map(|t| t.key.as_str())
        .collect();
    let named: Vec<_> = lives
        .iter()
        .filter(|((a, b), _, _)| {
            let name = content.get(*a..*b).unwrap_or("");
            terms(name).iter().any(|t| names.contains(&t.key.as_str()))
        })
        .collect();
    let (_, born, died) = match (named.as_slice(), lives.as_slice()) {
        ([one], _) => **one,
        ([], [only]) => *only,
        _ => return None,
    };
    Some((content, born, died))
}

/// A birth or a death that the claim dates with the other end of its evidence's life
/// dates (`Ginger Rogers was born in 1995` against `Ginger Rogers (July 16, 1911 – April
/// 25, 1995)`): a year of the claim after `born` / `birth` (or `died` / `death`) within
/// four words ([`life_years`]), which the window's life dates ([`window_life`]) give as
/// the death (or the birth) year and not the other. Returns the claim's words from the
/// life word to the year and the evidence's brackets, as written.
fn lifespan_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    let years = life_years(claim);
    if years.is_empty() {
        return None;
    }
    let (content, born, died) = window_life(claim, m, sources)?;
    years.iter().find_map(|&(birth, i, y)| {
        let (own, other) = if birth { (born, died) } else { (died, born) };
        (other.key == y.key && own.key != y.key).then(|| {
            let at = claim.terms.get(i).map_or(y.start, |t| t.start);
            let open = content
                .get(..born.start)
                .and_then(|b| b.rfind('('))
                .unwrap_or(born.start);
            let close = content
                .get(died.end..)
                .and_then(|r| r.find(')'))
                .map_or(died.end, |k| died.end + k + 1);
            (
                claim.text.get(at..y.end).unwrap_or("").to_string(),
                content.get(open..close).unwrap_or("").to_string(),
            )
        })
    })
}

/// Credits, in the window of `m`, the life word of each year the claim dates a birth or
/// death with (`born` in `Fred Astaire was born in 1899`) where the window's life dates
/// give that year at that end (`Fred Astaire (May 10, 1899 – June 22, 1987)`): the
/// brackets state the birth; the window's coverage is measured again.
fn credit_life_dates(claim: &ClaimProfile, m: &mut SourceMatch, sources: &[&IndexedSource<'_>]) {
    let years = life_years(claim);
    if years.is_empty() {
        return;
    }
    let Some((_, born, died)) = window_life(claim, m, sources) else {
        return;
    };
    let mut changed = false;
    for (birth, i, y) in years {
        let stated = if birth { born } else { died };
        let Some(key) = claim.terms.get(i).map(|t| t.key.as_str()) else {
            continue;
        };
        if stated.key != y.key {
            continue;
        }
        for (w, c) in claim.words.iter().zip(m.window_credits.iter_mut()) {
            if w.key == key && *c < 1.0 {
                *c = 1.0;
                changed = true;
            }
        }
    }
    if changed {
        recount(claim, m);
    }
}

/// An amount the claim writes for one year where the sources write it for another, and
/// another amount for the claim's year (`$4.1 billion in 2023` against `$4.5 billion for
/// 2023, up from $4.1 billion in 2022`): the figures of two years exchanged. Returns the
/// claim's amount and year and the sources', as written.
fn year_conflict(claim: &ClaimProfile, sources: &[&IndexedSource<'_>]) -> Option<(String, String)> {
    if claim.quantities.len() < 2 {
        return None;
    }
    let mine = amounts_by_year(&claim.text, &claim.quantities);
    if mine.is_empty() {
        return None;
    }
    let theirs: Vec<(&str, &Quantity, &Quantity)> = sources
        .iter()
        .flat_map(|s| {
            let text = s.source.content.as_str();
            amounts_by_year(text, &s.quantities)
                .into_iter()
                .map(move |(a, y)| (text, a, y))
        })
        .collect();
    mine.into_iter().find_map(|(a, y)| {
        let stated = theirs
            .iter()
            .any(|(_, b, z)| a.same_as(b) && z.key == y.key);
        let other_amount = theirs
            .iter()
            .any(|(_, b, z)| !a.same_as(b) && z.key == y.key);
        let (text, b, z) = theirs
            .iter()
            .find(|(_, b, z)| a.same_as(b) && z.key != y.key)?;
        (!stated && other_amount).then(|| {
            (
                claim.text.get(a.start..y.end).unwrap_or("").to_string(),
                text.get(b.start..z.end).unwrap_or("").to_string(),
            )
        })
    })
}

/// A short answer read with its question (`claim` the statement it makes with it) whose
/// year or count is that of something else than the question asks (see
/// [`asked_year_conflict`] and [`asked_count_conflict`]): the answer's and the
/// sources' quantities, as written.
pub(crate) fn asked_conflict(
    claim: &ClaimProfile,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    asked_year_conflict(claim, sources).or_else(|| asked_count_conflict(claim, sources))
}

/// A short answer read with its question that is a year, where the question asks the
/// year of what one of its verbs says (`… who received a star on the Hollywood Walk of
/// Fame in what year?`): a source gives another year beside that verb (`In 2006, she
/// received a star on the Hollywood Walk of Fame.`) in a sentence with another word of
/// the question, and no source writes the answer's year with any of those verbs
/// (`"Being Julia" (2004)`): the answer is the year of something else the sources tell.
/// The asked verbs are those of the question's clause that holds `what year` or `when`
/// (see [`asked_verbs`]; `Peter Ward played for a team that was officially renamed in
/// what year?` asks of `renamed`); which years a source says with them is
/// [`years_said_with`]'s. Returns the answer's year and the other.
fn asked_year_conflict(
    claim: &ClaimProfile,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    let (qend, year) = lone_answer(claim, is_year)?;
    let same = |q: &Quantity| q.key == year.key;
    // A year no source writes is the missing-number rule's: nothing to read.
    if !written_anywhere(sources, &same) {
        return None;
    }
    let verbs = asked_verbs(claim, qend);
    if verbs.is_empty() {
        return None;
    }
    let is_verb = |k: &str| verbs.iter().any(|v| same_word(v, k));
    let life = of_life(&is_verb);
    let read = |a: usize, text: &str, ts: &[super::terms::Term], in_sentence: &[&Quantity]| {
        years_said_with(&is_verb, life, a, text, ts, in_sentence)
            .into_iter()
            .map(|bound| Said {
                asked: bound,
                answers: bound,
            })
            .collect()
    };
    answer_or_rival(claim, sources, qend, (year, &same), &is_year, &read)
}

/// Whether verbs that `is_verb` accepts speak of a birth and of a death (`born`,
/// `birth`; `died`, `die`, `death`).
fn of_life(is_verb: &dyn Fn(&str) -> bool) -> (bool, bool) {
    let life_words = terms("born birth died die death");
    let any = |r: std::ops::Range<usize>| {
        life_words
            .get(r)
            .is_some_and(|ws| ws.iter().any(|t| is_verb(&t.key)))
    };
    (any(0..2), any(2..5))
}

/// A claim's one quantity, a year, that the sources write, but never in a sentence with
/// a verb of the claim, where a source sentence says one of its verbs with another year
/// and writes at least two of the claim's other words, more than any sentence with the
/// claim's year (`Ana Bell received her star on the Walk of Fame in 1988` against `The
/// Great Bend is a 1988 comedy film … In 2006, she received a star on the Walk of
/// Fame.`): the claim gives what the sources tell of one year to another year they tell
/// of. Not where the best evidence's window writes the claim's year. The claim's verbs
/// are its words that [`is_verb_word`] accepts, not `born` or `died`; which years a
/// source says with them is [`years_said_with`]'s. Not a short answer read with its
/// question ([`asked_year_conflict`] reads those). Returns the claim's year and the
/// other, as written.
fn stated_year_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    if claim.question_end.is_some() {
        return None;
    }
    // One quantity, a year: of two dates (`born on May 30, 1943, but his mother … in
    // 1921`) each may be another's.
    let [year] = claim.quantities.as_slice() else {
        return None;
    };
    if !is_year(year) {
        return None;
    }
    // A year no source writes is the missing-number rule's.
    if !written_anywhere(sources, &|q| q.key == year.key) {
        return None;
    }
    let written = claim.text.get(year.start..year.end)?;
    // A year the best evidence writes is where the claim puts it (the rules of the
    // window's quantities read it).
    let window = sources
        .iter()
        .find(|s| s.index == m.source)
        .and_then(|s| s.source.content.get(m.window.0..m.window.1));
    if window.is_some_and(|w| w.contains(written)) {
        return None;
    }
    let verbs: Vec<&str> = claim
        .terms
        .iter()
        .filter(|t| is_verb_word(claim.text.get(t.start..t.end).unwrap_or(""), &t.key))
        .map(|t| t.key.as_str())
        .collect();
    if verbs.is_empty() {
        return None;
    }
    let is_verb = |k: &str| verbs.iter().any(|v| same_word(v, k));
    // Births and deaths are the life-date rules' (a name's dates in brackets are not
    // said of the claim's name by a verb).
    if of_life(&is_verb) != (false, false) {
        return None;
    }
    let words: Vec<&str> = claim
        .terms
        .iter()
        .filter(|t| !t.stop && !t.numeric && !is_verb(&t.key))
        .map(|t| t.key.as_str())
        .collect();
    // How many of those words a sentence writes.
    let shared = |ts: &[super::terms::Term]| {
        words
            .iter()
            .filter(|k| ts.iter().any(|t| !t.stop && same_word(k, &t.key)))
            .count()
    };
    // The most words a sentence with the claim's year shares, and the rival year said
    // with a verb of the claim in the sentence that shares the most.
    let mut own = 0;
    let mut rival: Option<(usize, &str)> = None;
    for s in sources {
        // Only the sentences that write a year: the others' terms are not read.
        let mut last = None;
        for q in s
            .quantities
            .iter()
            .filter(|q| is_year(q) || q.text(&s.source.content).contains(written))
        {
            let i = s.sentences.partition_point(|&(_, b)| b <= q.start);
            if last == Some(i) {
                continue;
            }
            last = Some(i);
            let (Some(&(a, b)), Some((text, ts))) = (s.sentences.get(i), s.sentence_with_terms(i))
            else {
                continue;
            };
            if text.contains(written) {
                // The claim's year in a sentence with one of its verbs (in a date too),
                // whichever year the verb is read with (`released in the US in November
                // 1970 and in the UK in April 1971`).
                if ts.iter().any(|t| !t.stop && is_verb(&t.key)) {
                    return None;
                }
                own = own.max(shared(ts));
            }
            let here: Vec<&Quantity> = quantities_within(&s.quantities, (a, b))
                .iter()
                .filter(|q| q.end <= b && is_year(q) && q.key != year.key)
                .collect();
            if here.is_empty() {
                continue;
            }
            let said = years_said_with(&is_verb, (false, false), a, text, ts, &here);
            let Some(q) = here
                .iter()
                .zip(said)
                .find_map(|(q, said)| said.then_some(q))
            else {
                continue;
            };
            let n = shared(ts);
            if rival.is_none_or(|(m, _)| n > m) {
                rival = text.get(q.start - a..q.end - a).map(|r| (n, r));
            }
        }
    }
    let (n, theirs) = rival?;
    (n >= 2 && n > own).then(|| (written.to_string(), theirs.to_string()))
}

/// A verb by its form (`word` as written, `key` its term key), for the year rules: written
/// in lower case, not an auxiliary, and ending in `ed` (not `eed`, not `hundred`), or
/// `born`, or a past form of an irregular verb, or a word [`super::terms::verb_of`] knows.
fn is_verb_word(word: &str, key: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_lowercase())
        && !is_auxiliary(word)
        && ((word.len() >= 4
            && word.ends_with("ed")
            && !word.ends_with("eed")
            && word != "hundred")
            || word == "born"
            || super::IRREGULAR_PAST.binary_search(&word).is_ok()
            || super::terms::verb_of(key).is_some())
}

/// Which years of a source sentence (`in_sentence`, of its kind, in order; `a` the
/// sentence's start in its source, `text` and `ts` its text and terms) are said with a verb
/// that `is_verb` accepts, for [`asked_year_conflict`] and [`stated_year_conflict`]: a
/// verb is said with the first year after it (not one in a relative clause set off by
/// commas that the verb is not in), or else with a year among the sentence's first three
/// words (`In 2006, she received …`), within [`ASKED_REACH`] words, and never with a year
/// in brackets the verb is not in (a title's year, a range); of two years in brackets
/// joined by a dash after a name (`Ida Lenz (1880 – 1952)`) the first is said with
/// `born` (when `asks_birth`) and the second with `died` (when `asks_death`).
fn years_said_with(
    is_verb: &dyn Fn(&str) -> bool,
    (asks_birth, asks_death): (bool, bool),
    a: usize,
    text: &str,
    ts: &[super::terms::Term],
    in_sentence: &[&Quantity],
) -> Vec<bool> {
    // Each year's place among the sentence's words.
    let at: Vec<usize> = in_sentence
        .iter()
        .map(|q| {
            ts.iter()
                .position(|t| t.start + a >= q.start)
                .unwrap_or(ts.len())
        })
        .collect();
    // A relative clause set off by a comma (`, which had fought since 1914,`).
    let comma_before = |k: usize| {
        let from = k
            .checked_sub(1)
            .and_then(|j| ts.get(j))
            .map_or(0, |p| p.end);
        ts.get(k)
            .and_then(|t| text.get(from..t.start))
            .is_some_and(|g| g.contains(','))
    };
    let mut aside = vec![false; ts.len() + 1];
    let mut inside = false;
    for (k, t) in ts.iter().enumerate() {
        if comma_before(k) {
            inside = matches!(
                text.get(t.start..t.end)
                    .map(str::to_ascii_lowercase)
                    .as_deref(),
                Some("which" | "who" | "whom" | "whose" | "where")
            );
        }
        aside[k] = inside;
    }
    // Whether byte `at` of the sentence is inside brackets (`"Being Julia" (2004)`).
    let bracketed = |at: usize| {
        text.get(..at)
            .and_then(|b| b.rfind(['(', ')']))
            .is_some_and(|i| text.get(i..).is_some_and(|r| r.starts_with('(')))
            && text
                .get(at..)
                .and_then(|r| r.find(['(', ')']))
                .is_some_and(|i| text.get(at + i..).is_some_and(|r| r.starts_with(')')))
    };
    let in_brackets: Vec<bool> = in_sentence.iter().map(|q| bracketed(q.start - a)).collect();
    // The year each asked verb of the sentence is said with.
    let with_verb: Vec<usize> = ts
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.stop && !t.numeric && is_verb(&t.key))
        .filter_map(|(k, t)| {
            let free = |y: usize| !in_brackets[y] || bracketed(t.start);
            let after = (0..at.len()).find(|&y| {
                at[y] > k
                    && at[y] - k <= ASKED_REACH
                    && (aside[k] || !aside.get(at[y]).copied().unwrap_or(false))
                    && free(y)
            });
            after.or_else(|| (0..at.len()).find(|&y| at[y] <= 2 && at[y] < k && free(y)))
        })
        .collect();
    // Life dates in brackets after a name (`Ida Lenz (1880 – 1952)`, not `The war
    // (1914 – 1918)`): the first year is a birth's, the second a death's.
    let life = |y: usize| -> Option<bool> {
        let q = in_sentence.get(y)?;
        let bracket = text.get(..q.start - a)?.rfind('(')?;
        if text.get(bracket..q.start - a)?.contains(')') {
            return None;
        }
        // After a name (`Ida Lenz (`, not `The war (`).
        let named = text.get(..bracket)?.trim_end().rsplit(' ').next()?;
        if !named.starts_with(char::is_uppercase) {
            return None;
        }
        let other = |o: &&Quantity| {
            let (x, z) = if o.start < q.start {
                (*o, *q)
            } else {
                (*q, *o)
            };
            text.get(x.end - a..z.start - a)
                .is_some_and(|g| g.contains(['–', '—', '-']) && !g.contains([')', '(']))
                && text
                    .get(z.end - a..)
                    .and_then(|r| r.find(['(', ')']).map(|i| r[i..].starts_with(')')))
                    .unwrap_or(false)
        };
        let before = in_sentence.iter().take(y).any(&other);
        let after = in_sentence.iter().skip(y + 1).any(&other);
        match (before, after) {
            (false, true) => Some(true),
            (true, false) => Some(false),
            _ => None,
        }
    };
    (0..in_sentence.len())
        .map(|y| {
            with_verb.contains(&y)
                || life(y).is_some_and(|born| if born { asks_birth } else { asks_death })
        })
        .collect()
}

/// A short answer read with its question that is a count, where the question asks how
/// many of a thing (`… offering how many majors?`): a source counts that thing with
/// another number (`85 majors`) in a sentence that, with the one before or after it,
/// writes another word of the question, and every place a source writes the answer's
/// number it counts something else or is the day of a date (`27 different fields`, `9
/// October 1974`): the answer is the number of something else. Returns the answer's
/// number and the other.
fn asked_count_conflict(
    claim: &ClaimProfile,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    let (qend, number) = lone_answer(claim, |_| true)?;
    let same = |q: &Quantity| q.same_as(number);
    if !written_anywhere(sources, &same) {
        return None;
    }
    let question: Vec<&super::terms::Term> = claim.terms.iter().filter(|t| t.end <= qend).collect();
    // The thing counted: the content words right after `how many`.
    let many = question.windows(2).position(|w| {
        claim
            .text
            .get(w[0].start..w[0].end)
            .is_some_and(|x| x.eq_ignore_ascii_case("how"))
            && claim
                .text
                .get(w[1].start..w[1].end)
                .is_some_and(|x| x.eq_ignore_ascii_case("many"))
    })?;
    // (The last of at most two: `how many Olympic medals` counts medals.)
    let counted = question
        .iter()
        .skip(many + 2)
        .take_while(|t| !t.stop && !t.numeric)
        .take(2)
        .last()?
        .key
        .as_str();
    let read = |a: usize, text: &str, ts: &[super::terms::Term], here: &[&Quantity]| {
        here.iter()
            .map(|q| {
                // The words the number counts, and whether a month or weekday is
                // written right before it.
                let next = ts
                    .iter()
                    .position(|t| t.start + a >= q.end)
                    .unwrap_or(ts.len());
                let of: Vec<&str> = ts
                    .iter()
                    .skip(next)
                    .take_while(|t| !t.stop && !t.numeric)
                    .take(3)
                    .map(|t| t.key.as_str())
                    .collect();
                let dated = ts
                    .iter()
                    .take_while(|t| t.end + a <= q.start)
                    .last()
                    .and_then(|t| text.get(t.start..t.end))
                    .is_some_and(|w| calendar_of(w).is_some());
                let counts = of.iter().any(|k| same_word(counted, k));
                // A number written with no word after it may count anything.
                Said {
                    asked: counts,
                    answers: counts || (of.is_empty() && !dated),
                }
            })
            .collect()
    };
    // A year counts nothing, unless the answer is one.
    let kind = |q: &Quantity| !is_year(q) || is_year(number);
    answer_or_rival(claim, sources, qend, (number, &same), &kind, &read)
}

/// The one quantity of a short answer read with its question (`claim` the statement it
/// makes with it) that `kind` keeps and the question does not state, with the byte
/// length of the question part.
fn lone_answer(
    claim: &ClaimProfile,
    kind: impl Fn(&Quantity) -> bool,
) -> Option<(usize, &Quantity)> {
    let qend = claim.question_end?;
    let mut mine = claim
        .quantities
        .iter()
        .filter(|q| q.start > qend && kind(q) && !claim.question_numbers.contains(&q.key));
    match (mine.next(), mine.next()) {
        (Some(q), None) => Some((qend, q)),
        _ => None,
    }
}

/// True when some source writes a quantity `same` accepts.
fn written_anywhere(sources: &[&IndexedSource<'_>], same: &dyn Fn(&Quantity) -> bool) -> bool {
    sources.iter().any(|s| s.quantities.iter().any(same))
}

/// What a source sentence says of one of its quantities, for the asked rules: whether
/// it is said of what the question asks (a rival, when it is not the answer's number),
/// and whether, as the answer's number, it answers the question.
struct Said {
    asked: bool,
    answers: bool,
}

/// The sentence reader of the asked rules: the start of a sentence in its source, its
/// text and terms, and its quantities of the rule's kind, in order; one [`Said`] each.
type SaidOf<'r> = dyn Fn(usize, &str, &[super::terms::Term], &[&Quantity]) -> Vec<Said> + 'r;

/// The walk the asked rules share: every sentence of `sources` with a quantity that
/// `kind` keeps is read by `read`; the answer's number (`answer`, which `same` finds)
/// answers the question where some source says it so (no conflict), and another number
/// said of what the question asks, in a sentence that, with the one before or after it,
/// writes two words of the question, is its rival. The question's own numbers are
/// neither. Returns the answer and the first rival, as written, when the sources write
/// the answer but never so.
fn answer_or_rival(
    claim: &ClaimProfile,
    sources: &[&IndexedSource<'_>],
    qend: usize,
    (answer, same): (&Quantity, &dyn Fn(&Quantity) -> bool),
    kind: &dyn Fn(&Quantity) -> bool,
    read: &SaidOf<'_>,
) -> Option<(String, String)> {
    let asked: Vec<&str> = claim
        .terms
        .iter()
        .filter(|t| t.end <= qend && !t.stop && !t.numeric)
        .map(|t| t.key.as_str())
        .collect();
    let mut answer_written = false;
    let mut rival: Option<String> = None;
    for s in sources {
        for (i, &(a, b)) in s.sentences.iter().enumerate() {
            let here: Vec<&Quantity> = quantities_within(&s.quantities, (a, b))
                .iter()
                .filter(|q| q.end <= b && kind(q))
                .collect();
            if here.is_empty() {
                continue;
            }
            let Some((text, ts)) = s.sentence_with_terms(i) else {
                continue;
            };
            for (q, said) in here.iter().zip(read(a, text, ts, &here)) {
                if claim.question_numbers.contains(&q.key) {
                    continue;
                }
                if same(q) {
                    answer_written = true;
                    if said.answers {
                        return None;
                    }
                } else if rival.is_none() && said.asked && question_words_near(&asked, s, i) >= 2 {
                    rival = text.get(q.start - a..q.end - a).map(str::to_string);
                }
            }
        }
    }
    let theirs = rival.filter(|_| answer_written)?;
    Some((
        claim.text.get(answer.start..answer.end)?.to_string(),
        theirs,
    ))
}

/// The quantities of `qs` (a prepared source's, in order of position) that start within
/// bytes `a..b`: found by binary search, so that reading every sentence of a large
/// source costs the sentences' number times a logarithm, not times the quantities'.
fn quantities_within(qs: &[Quantity], (a, b): (usize, usize)) -> &[Quantity] {
    let lo = qs.partition_point(|q| q.start < a);
    let hi = qs.partition_point(|q| q.start < b);
    qs.get(lo..hi.max(lo)).unwrap_or(&[])
}

/// How many of the question's words `asked` sentence `i` of `s` writes, or the sentence
/// before or after it (`Ida Lenz (1880 – 1952) was a watchmaker. She founded the
/// museum …`; `Esk Moor had … The village has 4 churches`).
fn question_words_near(asked: &[&str], s: &IndexedSource<'_>, i: usize) -> usize {
    let near: Vec<&[super::terms::Term]> = [i.checked_sub(1), Some(i), i.checked_add(1)]
        .into_iter()
        .flatten()
        .filter_map(|j| s.sentence_with_terms(j).map(|(_, ts)| ts))
        .collect();
    asked
        .iter()
        .filter(|k| {
            near.iter()
                .any(|ts| ts.iter().any(|t| !t.stop && same_word(k, &t.key)))
        })
        .count()
}

/// Function words that follow a verb in a question (`did the bridge open to traffic`,
/// `did she win the prize`), and not a noun of its subject (`did the founder of …`, `did
/// the composer whose …`).
const VERB_FOLLOWERS: &[&str] = &[
    "a", "an", "at", "by", "for", "from", "her", "his", "in", "into", "its", "my", "off", "on",
    "our", "out", "over", "the", "their", "these", "this", "those", "to", "up", "with", "your",
];

/// How far (in words) a verb of the question may stand from the year it is said with.
const ASKED_REACH: usize = 12;

/// The keys of the verbs a question asks a year of (see [`asked_year_conflict`]): words
/// written in lower case that end in `ed` (not `eed`), or are a past form of an
/// irregular verb (or `born`), or follow `did` (see below), and `born` or `died` for a
/// `birth…` or `death…` word, in the clause that holds `when`, `what`/`which` before
/// `year` or `date`, or `what` before `birth…`/`death…` (`What is the birthdate of …`)
/// (commas, semicolons, colons, brackets and a relative `who`, `whom`, `whose`, `where`,
/// `which` or `that` before a verb part the question); the question's last word when it
/// is a verb and the clause has none; none when the question asks no year.
fn asked_verbs(claim: &ClaimProfile, qend: usize) -> Vec<String> {
    let ts: Vec<&super::terms::Term> = claim.terms.iter().filter(|t| t.end <= qend).collect();
    let word = |t: &super::terms::Term| claim.text.get(t.start..t.end).unwrap_or("");
    let lower = |t: &super::terms::Term| word(t).to_ascii_lowercase();
    let verb = |t: &super::terms::Term| is_verb_word(word(t), &t.key);
    // A noun of the time asked: `what year`, `which date`.
    let time = |n: &&super::terms::Term| {
        let w = lower(n);
        w.starts_with("year") || w.starts_with("date")
    };
    // `birth` or `death` in `birthdate`, `year of birth`, `death`.
    let life = |t: &super::terms::Term| {
        let w = lower(t);
        (w.starts_with("birth") || w.starts_with("death")).then(|| w[..5].to_string())
    };
    let Some(wh) = ts.iter().enumerate().position(|(k, t)| {
        let w = lower(t);
        let after_what = |n: usize| {
            ts.get(k.saturating_sub(n)..k).is_some_and(|b| {
                b.iter()
                    .any(|b| matches!(lower(b).as_str(), "what" | "which"))
            })
        };
        w == "when"
            || (matches!(w.as_str(), "what" | "which")
                && ts
                    .get(k + 1..(k + 4).min(ts.len()))
                    .is_some_and(|next| next.iter().any(time)))
            // `What is the birthdate of …`, `what was the birth year of …`
            || (life(t).is_some() && after_what(3))
    }) else {
        return Vec::new();
    };
    // Where a clause ends: a mark between two words, or a relative word.
    let parts = |k: usize| {
        let (Some(x), Some(y)) = (ts.get(k), ts.get(k + 1)) else {
            return false;
        };
        let between = claim.text.get(x.end..y.start).unwrap_or("");
        if between.contains([',', ';', ':', '(', ')']) {
            return true;
        }
        let w = lower(y);
        k + 1 != wh
            && (matches!(w.as_str(), "who" | "whom" | "whose" | "where")
                || (w == "which" && !ts.get(k + 2).is_some_and(&time))
                || (w == "that"
                    && ts
                        .get(k + 2)
                        .is_some_and(|n| is_auxiliary(&lower(n)) || verb(n))))
    };
    let from = (0..wh).rev().find(|&k| parts(k)).map_or(0, |k| k + 1);
    let to = (wh..ts.len())
        .find(|&k| parts(k))
        .map_or(ts.len(), |k| k + 1);
    let clause = ts.get(from..to).unwrap_or(&[]);
    let mut keys: Vec<String> = clause
        .iter()
        .filter(|t| verb(t))
        .map(|t| t.key.clone())
        .collect();
    // The clause's `birth` or `death`, as the verb it stands for.
    for w in clause.iter().filter_map(|t| life(t)) {
        let verb = if w == "birth" { "born" } else { "died" };
        keys.extend(terms(verb).into_iter().map(|t| t.key));
    }
    // The question's last word, when it ends the question.
    let closing = ts
        .last()
        .filter(|t| claim.text.get(t.end..qend).is_some_and(|g| g.trim() == "?"));
    // A clause with no verb, where the question ends with one (`In what year was the
    // English actor that starred in … born?`).
    if keys.is_empty() {
        if let Some(t) = closing.filter(|t| verb(t)) {
            keys.push(t.key.clone());
        }
    }
    // After `did`, `does` or `do` the verb is in its plain form: the last word of the
    // first run of content words (`did the Orbis bridge open to traffic`, `did her first
    // novel win the prize`), when a word that follows verbs (see [`VERB_FOLLOWERS`]) or
    // the clause's end follows it and no article stands right before it; else
    // the question's last word (`when did the actress, model and …, Marilyn Monroe
    // die?`).
    if let Some(d) = clause
        .iter()
        .position(|t| matches!(lower(t).as_str(), "did" | "does" | "do"))
    {
        let mut run = clause
            .iter()
            .enumerate()
            .skip(d + 1)
            .skip_while(|(_, t)| t.stop)
            .take_while(|(_, t)| !t.stop && !t.numeric);
        // The run ends the clause or meets a function word (`open to`, `win the`): one
        // that a comma ends is the subject's (`did American actress, model and …`).
        let last = run.by_ref().last();
        let ends = |k: usize| match clause.get(k + 1) {
            Some(n) => VERB_FOLLOWERS.contains(&lower(n).as_str()),
            // The clause's end: the question's, not a relative word's (`did the
            // composer whose …`).
            None => {
                let end = clause.get(k).map_or(qend, |t| t.end);
                to == ts.len()
                    && claim
                        .text
                        .get(end..qend)
                        .is_some_and(|g| matches!(g.trim(), "" | "?"))
            }
        };
        let lowercase =
            |t: &super::terms::Term| word(t).starts_with(|c: char| c.is_ascii_lowercase());
        // A lone word after an article is a noun (`did the founder of …`).
        let after_article = |k: usize| {
            k.checked_sub(1)
                .and_then(|j| clause.get(j))
                .is_some_and(|p| matches!(lower(p).as_str(), "the" | "a" | "an"))
        };
        match last {
            Some((k, t)) if ends(k) && lowercase(t) && !after_article(k) => {
                keys.push(t.key.clone())
            }
            // Else the question's last word (`when did the actress, model and …,
            // Marilyn Monroe die?`).
            _ => {
                if let Some(t) = closing.filter(|t| !t.stop && !t.numeric && lowercase(t)) {
                    keys.push(t.key.clone());
                }
            }
        }
    }
    keys
}

/// A month or weekday of the claim that no source writes (or none in a sentence with
/// another word of the claim, nor in the evidence sentence), where the evidence sentence
/// that covers the claim best (at least `negationMinCoverage`, the month counted as
/// matched) writes another month (or
/// weekday) that the claim does not: a different date for what the claim states
/// (`construction begins in May` against `construction begins in March`). The two as
/// written, the claim's first.
fn calendar_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    // The disputed word counts as matched (as for a negation or an antonym).
    let total: f64 = claim.words.iter().map(|w| w.weight).sum();
    let covers =
        |w: f64| total > 0.0 && m.best_sentence_coverage + w / total >= opts.negation_min_coverage;
    let stated: Vec<u8> = claim
        .words
        .iter()
        .filter(|w| w.calendar)
        .filter_map(|w| calendar_of(&w.surface))
        .collect();
    // A source sentence that writes the claim's word `w` with another content word of
    // the claim, or the evidence sentence: the claim's date is given there to something
    // the claim states.
    let dated_elsewhere = |w: &super::support::ClaimWord| {
        sources.iter().any(|s| {
            let Some(id) = s.id(&w.key) else {
                return false;
            };
            s.key_sentences.get(id).iter().any(|&k| {
                (s.index == m.source && Some(k as usize) == m.best_sentence)
                    || s.sentence_with_terms(k as usize).is_some_and(|(_, ts)| {
                        ts.iter().any(|t| {
                            !t.stop
                                && !t.numeric
                                && t.key != w.key
                                && claim.words.iter().any(|c| !c.calendar && c.key == t.key)
                        })
                    })
            })
        })
    };
    let mine: Vec<(&str, u8)> = claim
        .words
        .iter()
        .filter(|w| {
            w.calendar
                && !w.in_question
                && covers(w.weight)
                // No source writes it, or none with anything else of the claim (`on
                // Monday` where the sources' Monday is another event's).
                && (!sources.iter().any(|s| s.keys.contains(&w.key)) || !dated_elsewhere(w))
        })
        .filter_map(|w| Some((w.surface.as_str(), calendar_of(&w.surface)?)))
        .collect();
    if mine.is_empty() {
        return None;
    }
    let (sentence, ts) = evidence_sentence(m, sources)?;
    let month = |n: u8| n <= 12;
    ts.iter()
        .filter(|t| t.capitalised)
        .filter_map(|t| {
            let surface = sentence.get(t.start..t.end)?;
            Some((surface, calendar_of(surface)?))
        })
        .filter(|(_, theirs)| !stated.contains(theirs))
        .find_map(|(surface, theirs)| {
            let (written, _) = mine.iter().find(|(_, n)| month(*n) == month(theirs))?;
            Some((written.to_string(), surface.to_string()))
        })
}

/// A month or weekday given to another event of the evidence sentence: the best sentence
/// (covering the claim at least `negationMinCoverage`) writes the claim's calendar word
/// in a clause that holds no other content word of the claim, and another calendar word
/// of the same kind (a month for a month, a weekday for a weekday) in a clause that holds
/// two of them or more, or the claim's only one (`Schools reopened on Sunday` against
/// `Power was restored by Sunday, and schools reopened on Monday`; `The festival runs in
/// June` against `The festival runs in July, with a preview night in June`). The two as
/// written, the claim's first.
fn calendar_clause_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
    opts: &ClaimOptions,
) -> Option<(String, String)> {
    if !claim.words.iter().any(|w| w.calendar)
        || m.best_sentence_coverage < opts.negation_min_coverage
    {
        return None;
    }
    let content: Vec<&str> = claim
        .words
        .iter()
        .filter(|w| !w.calendar)
        .map(|w| w.key.as_str())
        .collect();
    if content.is_empty() {
        return None;
    }
    let stated: Vec<u8> = claim
        .words
        .iter()
        .filter(|w| w.calendar)
        .filter_map(|w| calendar_of(&w.surface))
        .collect();
    let (sentence, ts) = evidence_sentence(m, sources)?;
    let month = |n: u8| n <= 12;
    // Each calendar word of the sentence with its value and its clause.
    let mut dated: Vec<(&str, u8, usize)> = Vec::new();
    let spans = clauses(sentence, ts);
    for (k, &(lo, hi)) in spans.iter().enumerate() {
        for t in ts
            .iter()
            .filter(|t| t.capitalised && t.start >= lo && t.end <= hi)
        {
            if let Some(surface) = sentence.get(t.start..t.end) {
                if let Some(n) = calendar_of(surface) {
                    dated.push((surface, n, k));
                }
            }
        }
    }
    if dated.len() < 2 {
        return None;
    }
    let held = |k: usize| -> usize {
        let Some(&(lo, hi)) = spans.get(k) else {
            return 0;
        };
        content
            .iter()
            .filter(|c| {
                ts.iter()
                    .any(|t| t.start >= lo && t.end <= hi && super::support::related(&t.key, c))
            })
            .count()
    };
    let enough = content.len().min(2);
    dated.iter().find_map(|&(_, n, k)| {
        if !stated.contains(&n) || held(k) > 0 {
            return None;
        }
        let claim_word = claim
            .words
            .iter()
            .find(|w| w.calendar && calendar_of(&w.surface) == Some(n))?;
        dated
            .iter()
            .find(|&&(_, o, j)| {
                o != n
                    && month(o) == month(n)
                    && !stated.contains(&o)
                    && j != k
                    && held(j) >= enough
            })
            .map(|&(theirs, _, _)| (claim_word.surface.clone(), theirs.to_string()))
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::idf::Idf;
    use super::super::support::question_keys;
    use super::*;
    use crate::source::Source;

    #[test]
    fn what_befell_the_people_a_count_counts() {
        let fate_of = |text: &str| {
            let qs = super::super::numbers::quantities(text);
            qs.iter().map(|q| fate(text, q)).collect::<Vec<_>>()
        };
        assert_eq!(
            fate_of("Two people died and five others were injured."),
            vec![Some(stem("died")), Some(stem("injured"))]
        );
        assert_eq!(
            fate_of("Three soldiers have been killed."),
            vec![Some(stem("killed"))]
        );
        // No noun of people, a clause mark before the verb, or no past form: nothing.
        assert_eq!(fate_of("Five cars were damaged."), vec![None]);
        assert_eq!(
            fate_of("Two people were, police said, injured."),
            vec![None]
        );
        assert_eq!(fate_of("Two people live here."), vec![None]);
        // Where the fate's word ends.
        let text = "Two people were injured, police said.";
        let q = &super::super::numbers::quantities(text)[0];
        assert_eq!(
            fate_at(text, q).map(|(_, end)| &text[..end]),
            Some("Two people were injured")
        );
    }

    #[test]
    fn one_whose_fate_the_sentence_gives_counts() {
        let source = "Two people were injured by falling trees, and one person died in a car \
                      crash during the storm.";
        // The claim gives the death to the two: the sentence gives it to one.
        assert_eq!(
            conflict("Two people died during the storm.", source),
            Some((
                "Two people died".to_string(),
                "Two people were injured".to_string()
            ))
        );
        assert_eq!(
            conflict("Two people were injured during the storm.", source),
            None
        );
        // `people` and `person` count the same thing.
        let text = "two people and one person";
        let qs = super::super::numbers::quantities(text);
        let one = ones(text, 0, text.len());
        assert_eq!(unit(text, &qs[0]), unit(text, &one[0]));
    }

    #[test]
    fn a_quantity_is_dated_or_placed_by_the_words_right_after_it() {
        // The first quantity of `text` that is not a year, and what `dated` reads after it.
        let after_first = |text: &str| {
            let qs = super::super::numbers::quantities(text);
            let q = qs.into_iter().find(|q| !is_year(q)).expect("a quantity");
            dated(text, &q).map(|(k, end)| (k, text.get(..end).unwrap_or("").to_string()))
        };
        let key = |text: &str| after_first(text).map(|(k, _)| k);
        assert_eq!(key("Inflation was 4.8% in June."), Some(stem("june")));
        assert_eq!(key("It raised $2 million on Monday."), Some(stem("monday")));
        assert_eq!(
            key("The town had 8,000 residents in 1990."),
            Some("1990".into())
        );
        assert_eq!(
            key("Sales rose 5% in Asia and 12% in Europe."),
            Some(stem("asia"))
        );
        assert_eq!(
            key("The bomb killed 12 people in Baghdad."),
            Some(stem("baghdad"))
        );
        assert_eq!(
            after_first("Sales rose 5% across Europe last year.").map(|(_, upto)| upto),
            Some("Sales rose 5% across Europe".into())
        );
        // Past `the`; a common noun after `in` or `among`.
        assert_eq!(
            key("Sales rose 5% in the first quarter."),
            Some(stem("first"))
        );
        assert_eq!(
            key("Profits fell 8% in the eurozone."),
            Some(stem("eurozone"))
        );
        assert_eq!(key("It was 80% effective in adults."), Some(stem("adults")));
        assert_eq!(
            key("Support was 70% among young voters."),
            Some(stem("young"))
        );
        // Not a stop word, a unit (`in metres` measures), a word after a sentence's end, a
        // month after `at`, two words between, or a quantity with no preposition after it.
        assert_eq!(key("Sales rose 5% in all."), None);
        assert_eq!(key("It grew 5 cm in metres."), None);
        assert_eq!(key("It rose 5% far above them in Asia."), None);
        assert_eq!(key("It has 12 staff. In London it has more."), None);
        assert_eq!(key("The shop opens 5 days at May Street."), None);
        assert_eq!(key("The bridge is 300 metres long."), None);
        assert_eq!(key("It rose 5% to 120 points."), None);
    }

    #[test]
    fn a_year_states_its_decade() {
        let q = |text: &str| {
            super::super::numbers::quantities(text)
                .into_iter()
                .next()
                .expect("a quantity")
        };
        assert_eq!(decade(&q("in the 1970s")), Some(1970));
        assert_eq!(decade(&q("in the 1900s")), None);
        assert_eq!(decade(&q("in 1976")), None);
        assert!(decade_holds(1970, &q("in 1976")));
        assert!(decade_holds(1970, &q("in 1970")));
        assert!(!decade_holds(1970, &q("in 1980")));
        assert!(!decade_holds(1970, &q("the 1970s")));
    }

    #[test]
    fn life_dates_in_brackets_after_a_name() {
        let years = |text: &str| {
            let qs = super::super::numbers::quantities(text);
            life_dates(text, &qs, (0, text.len()))
                .into_iter()
                .map(|((a, b), born, died)| {
                    (
                        text.get(a..b).unwrap_or("").trim().to_string(),
                        born.key.clone(),
                        died.key.clone(),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            years("Ginger Rogers (born Virginia McMath; July 16, 1911 – April 25, 1995) was an actress."),
            vec![("Ginger Rogers".into(), "1911".into(), "1995".into())]
        );
        assert_eq!(
            years("It starred Tony Haygarth. Roy Jenkins, Baron Jenkins, (11 November 1920 – 5 January 2003) was a politician."),
            vec![("Baron Jenkins,".into(), "1920".into(), "2003".into())]
        );
        // Not after a common word, nor other words between the years, nor one year.
        assert!(years("The war (1914 – 1918) was long.").is_empty());
        assert!(years("Owen (born 1893, shot at the canal in 1918) was a poet.").is_empty());
        assert!(years("Owen (born 1893) was a poet.").is_empty());
    }

    #[test]
    fn a_bare_number_joined_to_a_count_counts_what_it_counts() {
        // What the n-th quantity of `text` counts, its unit left out or not.
        let nth = |text: &str, n: usize| {
            let qs = super::super::numbers::quantities(text);
            let q = qs.get(n).cloned().expect("a quantity");
            unit_or_elided(text, &qs, &q).1
        };
        // (`people` counts what `person` does.)
        let people = stem("person");
        assert_eq!(
            nth("A bomb killed 12 people in Baghdad and 5 in Basra.", 1),
            people
        );
        assert_eq!(nth("It killed 12 people, 5 of them children.", 1), people);
        // A year between them is skipped; its own count is kept.
        assert_eq!(
            nth("It had 12 staff in 2019 and 5 in 2020.", 2),
            stem("staff")
        );
        assert_eq!(nth("It had 12 staff in 2019 and 5 in 2020.", 1), "");
        // Not across a sentence, nor a number with its own unit.
        assert_eq!(nth("It killed 12 people. Police held 5 on Monday.", 1), "");
        assert_eq!(nth("It killed 12 people and 5 horses.", 1), stem("horse"));
    }

    #[test]
    fn an_amount_is_stated_in_its_own_currency_only() {
        let first = |text: &str| {
            let qs = super::super::numbers::quantities(text);
            let q = qs.into_iter().next().expect("a quantity");
            (text.to_string(), q)
        };
        let currency = |text: &str| {
            let (t, q) = first(text);
            currency_of(&t, &q)
        };
        assert_eq!(currency("It cost $20."), Some("dollar"));
        assert_eq!(currency("It cost 20 dollars."), Some("dollar"));
        assert_eq!(currency("It cost USD 20."), Some("dollar"));
        assert_eq!(currency("Revenue was 4.1 billion euros."), Some("euro"));
        assert_eq!(currency("Revenue was €4.1 billion."), Some("euro"));
        assert_eq!(currency("Tickets cost £15."), Some("pound"));
        assert_eq!(currency("It cost ¥500."), None);
        assert_eq!(currency("It took 20 minutes."), None);
        let same = |a: &str, b: &str| {
            let ((a, q), (b, x)) = (first(a), first(b));
            same_currency(&a, &q, currency_of(&a, &q), &b, &x)
        };
        assert!(same("It cost $20.", "It cost 20 dollars."));
        assert!(same(
            "Revenue was €4.1 billion.",
            "Revenue was 4.1 billion euros."
        ));
        assert!(!same(
            "Revenue was $4.1 billion.",
            "Revenue was 4.1 billion euros."
        ));
        assert!(!same(
            "The fine was 500 euros.",
            "The fine was 500 dollars."
        ));
        assert!(!same("It cost $20.", "It has 20 users."));
        // A number without a currency is stated by one with any.
        assert!(same(
            "Revenue was 4.1 billion.",
            "Revenue was 4.1 billion euros."
        ));
    }

    #[test]
    fn movements_before_and_after_a_quantity() {
        let up = |text: &str| {
            let qs = super::super::numbers::quantities(text);
            qs.iter()
                .map(|q| movement(text, q).map(|m| (m.up, text[m.from..m.to].to_string())))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            up("revenue rose 1 percent"),
            vec![Some((true, "rose 1 percent".into()))]
        );
        assert_eq!(
            up("sales fell by nearly 5%"),
            vec![Some((false, "fell by nearly 5%".into()))]
        );
        assert_eq!(
            up("$89.5 billion, down 1 percent"),
            vec![None, Some((false, "down 1 percent".into()))]
        );
        assert_eq!(
            up("1 percent higher than before"),
            vec![Some((true, "1 percent higher".into()))]
        );
        assert_eq!(up("a 3 percent up-front fee"), vec![None]);
        assert_eq!(up("up from $4.1 billion"), vec![None]);
    }

    #[test]
    fn what_a_quantity_is_said_of() {
        let of = |text: &str, i: usize| {
            let qs = super::super::numbers::quantities(text);
            binding(text, &qs, &qs[i])
        };
        let text = "iPhone sales rose 3 percent to $43.8 billion, while Mac sales fell 34 percent.";
        assert_eq!(
            of(text, 0),
            ["rose", "sale", "iphone"]
                .iter()
                .map(|k| stem(k))
                .collect::<Vec<_>>()
        );
        assert!(of(text, 1).is_empty());
        assert_eq!(
            of(text, 2),
            ["fell", "sale", "mac"]
                .iter()
                .map(|k| stem(k))
                .collect::<Vec<_>>()
        );
        // A label before a colon, when nothing stands between the colon and the value.
        let text = "Standard shipping: 3 to 5 business days. Express: 1 to 2 business days.";
        let keys = |ws: &[&str]| ws.iter().map(|k| stem(k)).collect::<Vec<_>>();
        assert_eq!(of(text, 0), keys(&["shipping", "standard"]));
        assert_eq!(of(text, 2), keys(&["express"]));
        // Words after the colon are what the value is said of.
        let text = "Shipping: express takes 2 days.";
        assert_eq!(of(text, 0), keys(&["take", "express"]));
        // The second of two things listed is said of what the first is.
        let text = "The Pro plan includes priority support and 100 GB of storage.";
        assert_eq!(
            of(text, 0),
            keys(&["support", "priority", "includes", "plan"])
        );
        // A joining word with words between it and the quantity still ends the clause.
        let text = "The Pro plan includes support and then 100 GB.";
        assert!(of(text, 0).is_empty());
        // A code is a word of the clause, not a quantity that ends it.
        let text = "The X200 laptop has a 14-inch display.";
        assert_eq!(of(text, 1), [stem("laptop"), "x200".to_string()]);
        let qs = super::super::numbers::quantities(text);
        assert!(is_code(&qs[0]) && !is_code(&qs[1]));
        assert!(!super::super::numbers::quantities("the 1990s and 5pm")
            .iter()
            .any(is_code));
    }

    #[test]
    fn a_range_counts_what_its_last_number_counts() {
        let units = |t: &str| -> Vec<(String, String)> {
            let qs = super::super::numbers::quantities(t);
            qs.iter().map(|q| unit(t, q)).collect()
        };
        let days = (String::new(), stem("business"));
        assert_eq!(
            units("3 to 5 business days"),
            vec![days.clone(), days.clone()]
        );
        assert_eq!(units("3-5 business days"), vec![days.clone(), days]);
        // `to` before anything but a number is no range.
        assert_eq!(units("5 to the east"), vec![(String::new(), String::new())]);
        assert_eq!(
            units("$5 to $10"),
            vec![("$".to_string(), String::new()); 2]
        );
    }

    #[test]
    fn units_measured_in_without_a_number() {
        let units =
            |t: &str| -> Vec<&str> { measured_in(t).into_iter().map(|(_, u, _)| u).collect() };
        assert_eq!(units("The timeout is given in milliseconds."), vec!["ms"]);
        assert_eq!(
            units("Weights are in kilograms, lengths in metres"),
            vec!["kg", "m"]
        );
        // A number before `in` makes it a quantity's (`unit_conflict`), and a short form
        // is no unit here.
        assert!(units("It rose 5 in seconds flat").is_empty());
        assert!(units("Sign in m to continue").is_empty());
        assert!(units("in the morning").is_empty());
    }

    #[test]
    fn frequency_words_are_the_two_lists_in_any_case() {
        // What `frequency_word` assumes of the lists.
        for (a, _) in PERIOD_ADVERBS {
            assert!((3..=11).contains(&a.len()) && a.ends_with("ly"), "{a}");
        }
        for p in FREQUENCY_PERIODS {
            assert!((3..=11).contains(&p.len()) && !p.ends_with("ly"), "{p}");
        }
        for w in [
            "daily",
            "Daily",
            "FORTNIGHTLY",
            "annually",
            "day",
            "Week",
            "quarter",
        ] {
            assert!(frequency_word(w.as_bytes()), "{w}");
        }
        for w in [
            "",
            "ly",
            "a",
            "days",
            "early",
            "weekday",
            "fortnightlyy",
            "dai",
            "quarterl",
        ] {
            assert!(!frequency_word(w.as_bytes()), "{w}");
        }
    }

    #[test]
    fn frequencies_as_adverbs_and_phrases() {
        let periods =
            |t: &str| -> Vec<&str> { frequencies(t).into_iter().map(|(p, _)| p).collect() };
        assert_eq!(periods("They fly the route daily."), vec!["day"]);
        assert_eq!(periods("due on the first day of each month"), vec!["month"]);
        assert_eq!(periods("twice a week, every year"), vec!["week", "year"]);
        assert_eq!(periods("three times a day"), vec!["day"]);
        assert!(periods("a day to remember").is_empty());
        assert!(periods("the month of May").is_empty());
    }

    #[test]
    fn an_ordinal_joined_to_another_before_centuries_is_a_century() {
        let of = |t: &str| {
            let qs = super::super::numbers::quantities(t);
            qs.iter().map(|q| century(t, q)).collect::<Vec<_>>()
        };
        assert_eq!(
            of("in the late 19th and early 20th centuries"),
            vec![Some(19), Some(20)]
        );
        assert_eq!(
            of("from the 15th to 17th centuries"),
            vec![Some(15), Some(17)]
        );
        assert_eq!(of("the 18th or the 19th century"), vec![None, Some(19)]);
        assert_eq!(of("the 3rd and 4th floors"), vec![None, None]);
        assert_eq!(of("the 19th and 20th"), vec![None, None]);
    }

    #[test]
    fn rates_are_read_after_the_quantity_and_its_unit() {
        let rate = |t: &str| {
            let qs = super::super::numbers::quantities(t);
            qs.first().and_then(|q| rate_of(t, q)).map(|(p, _)| p)
        };
        assert_eq!(rate("up to $500 per year for equipment"), Some("year"));
        assert_eq!(rate("up to three days a week"), Some("week"));
        assert_eq!(rate("costs $9/month"), Some("month"));
        assert_eq!(rate("$500 annually"), Some("year"));
        assert_eq!(rate("twice per day"), Some("day"));
        assert_eq!(rate("5 hours every day"), Some("day"));
        // Not rates: a period written as the unit, or words that are no period.
        assert_eq!(rate("for 3 years and a half"), None);
        assert_eq!(rate("$500 a piece"), None);
        assert_eq!(rate("took 10 days"), None);
    }

    #[test]
    fn amounts_are_written_for_the_year_right_after_them() {
        let pairs = |t: &str| -> Vec<(String, String)> {
            let qs = super::super::numbers::quantities(t);
            amounts_by_year(t, &qs)
                .into_iter()
                .map(|(a, y)| (a.text(t).to_string(), y.key.clone()))
                .collect()
        };
        assert_eq!(
            pairs("$4.5 billion for 2023, up from $4.1 billion in 2022."),
            vec![
                ("$4.5 billion".to_string(), "2023".to_string()),
                ("$4.1 billion".to_string(), "2022".to_string())
            ]
        );
        // A comma, or two words, between them: not written for that year.
        assert!(pairs("$4.5 billion, 2023").is_empty());
        assert!(pairs("$4.5 billion as of 2023").is_empty());
        assert!(pairs("1999 in 2023").is_empty());
    }

    #[test]
    fn a_bound_written_after_its_number() {
        let rel = |t: &str| {
            let q = super::super::numbers::quantities(t);
            q.first().and_then(|q| relation(t, q)).map(|(r, _)| r)
        };
        assert_eq!(rel("aged 18 or older can vote"), Some("above"));
        assert_eq!(rel("18 years and over"), Some("above"));
        assert_eq!(rel("5 or more items"), Some("above"));
        assert_eq!(rel("children 12 and under"), Some("below"));
        assert_eq!(rel("3 or fewer bags"), Some("below"));
        assert_eq!(rel("over 18 only"), Some("above"));
        assert_eq!(rel("18, or older"), None);
        assert_eq!(rel("18 apples and pears"), None);
        assert_eq!(rel("born in 18 or so"), None);
    }

    #[test]
    fn a_check_measures_only_what_the_model_weighs_and_scores_alike() {
        use super::super::logistic::LEARNED;
        let sources = [
            Source::new(
                "a",
                "The Eiffel Tower is 330 metres tall. It was completed in 1889 for the World's Fair.",
            ),
            Source::new(
                "b",
                "Gustave Eiffel's company built the tower. It is not the tallest structure in Paris today.",
            ),
        ];
        let indexed: Vec<IndexedSource<'_>> = sources
            .iter()
            .enumerate()
            .map(|(i, s)| IndexedSource::new(i, s))
            .collect();
        let set: Vec<&IndexedSource<'_>> = indexed.iter().collect();
        let opts = ClaimOptions::default();
        let wanted = wanted_by(&LEARNED);
        assert!(wanted[Feature::WindowCoverage as usize] && wanted[Feature::SetCoverage as usize]);
        assert!(!wanted[Feature::RunShare as usize] && !wanted[Feature::TrigramShare as usize]);
        let idf = Idf::default();
        for claim in [
            "The Eiffel Tower is 330 metres tall.",
            "The Eiffel Tower is 300 metres tall and was completed in 1889.",
            "Gustave Eiffel's company built the tower in Lyon.",
            "It is the tallest structure in Paris today.",
            "Bananas are yellow.",
        ] {
            let p = ClaimProfile::new(claim, &question_keys(""), &idf, &opts);
            let all = assess(&p, &set, &opts);
            let cache = MatchCache::default();
            let some = assess_with(&p, &set, &opts, &wanted, &cache);
            // The same evidence and findings; the features not wanted read 0, the others
            // are equal, so the model's probability is the same.
            let evidence = |a: &Assessment| {
                a.best.as_ref().map(|m| {
                    let m = SourceMatch {
                        window_phrases: 0.0,
                        run: 0,
                        ..m.clone()
                    };
                    format!("{m:?}")
                })
            };
            assert_eq!(evidence(&all), evidence(&some), "{claim}");
            assert_eq!(all.missing_names, some.missing_names, "{claim}");
            assert_eq!(all.missing_numbers, some.missing_numbers, "{claim}");
            assert_eq!(all.number_conflict, some.number_conflict, "{claim}");
            for (i, w) in wanted.iter().enumerate() {
                let expected = if *w { all.values[i] } else { 0.0 };
                assert_eq!(some.values[i], expected, "{claim}: {}", FEATURE_NAMES[i]);
            }
            assert_eq!(
                LEARNED.probability(&all.values),
                LEARNED.probability(&some.values),
                "{claim}"
            );
            // A second pass over one source reuses the first pass's match.
            let again = assess_with(&p, &set[..1], &opts, &wanted, &cache);
            let alone = assess_with(&p, &set[..1], &opts, &wanted, &MatchCache::default());
            assert_eq!(format!("{again:?}"), format!("{alone:?}"), "{claim}");
        }
    }

    #[test]
    fn a_claim_without_the_limit_its_evidence_sets() {
        let source = Source::new(
            "s",
            "Shipping is free on orders over $50. Returns take a week.",
        );
        let indexed = IndexedSource::new(0, &source);
        let opts = ClaimOptions::default();
        let conflict = |claim: &str| {
            let p = ClaimProfile::new(claim, &question_keys(""), &Idf::default(), &opts);
            assess(&p, &[&indexed], &opts).number_conflict
        };
        assert_eq!(
            conflict("Shipping is free on all orders."),
            Some(("all".to_string(), "over $50".to_string()))
        );
        assert_eq!(
            conflict("Shipping is always free."),
            Some(("always".to_string(), "over $50".to_string()))
        );
        // The limit stated, or denied a universal, or no bound in the evidence.
        assert_eq!(conflict("Shipping is free on orders over $50."), None);
        assert_eq!(conflict("Not all orders get free shipping."), None);
        assert_eq!(conflict("Returns take a week for all orders."), None);
    }

    #[test]
    fn spans_of_time_in_words_state_the_quantity() {
        let opts = ClaimOptions::default();
        let missing = |claim: &str, source: &str| {
            let source = Source::new("s", source);
            let indexed = IndexedSource::new(0, &source);
            let p = ClaimProfile::new(claim, &question_keys(""), &Idf::default(), &opts);
            assess(&p, &[&indexed], &opts).missing_numbers
        };
        let ride = "The ride from the airport takes half an hour.";
        assert!(missing("The ride from the airport takes 30 minutes.", ride).is_empty());
        assert_eq!(
            missing("The ride from the airport takes 60 minutes.", ride),
            ["60"]
        );
        let film = "The film runs for an hour and a half.";
        assert!(missing("The film runs for 90 minutes.", film).is_empty());
        // `an hour` inside `an hour and a half` is no hour.
        assert_eq!(missing("The film runs for 60 minutes.", film), ["60"]);
        let wait = "Visitors wait about three quarters of an hour.";
        assert!(missing("Visitors wait about 45 minutes.", wait).is_empty());
        assert!(!missing("Visitors wait about 15 minutes.", wait).is_empty());
        let wait = "Visitors wait about a quarter of an hour.";
        assert!(missing("Visitors wait about 15 minutes.", wait).is_empty());
        let leave = "Staff get a fortnight of leave.";
        assert!(missing("Staff get 14 days of leave.", leave).is_empty());
        assert!(missing("Staff get 2 weeks of leave.", leave).is_empty());
        assert!(!missing("Staff get 10 days of leave.", leave).is_empty());
    }

    #[test]
    fn addresses_are_identifiers() {
        let source = Source::new(
            "s",
            "Our support team answers at help@example.com on weekdays.",
        );
        let indexed = IndexedSource::new(0, &source);
        let missing = |t: &str| missing_addresses(t, &[&indexed]);
        assert!(missing("Write to help@example.com.").is_empty());
        assert!(missing("Write to <HELP@Example.com>, or call.").is_empty());
        assert_eq!(
            missing("Write to support@example.com."),
            vec!["support@example.com"]
        );
        // Not addresses: a handle, a bare `@`, a domain-less name.
        assert!(missing("Ask @support or me@home, at 5 @ noon.").is_empty());
    }

    #[test]
    fn feature_indexes_follow_the_names() {
        let named = [
            (Feature::WindowCoverage, "windowCoverage"),
            (Feature::SentenceCoverage, "sentenceCoverage"),
            (Feature::SetCoverage, "setCoverage"),
            (Feature::WindowPhrases, "windowPhrases"),
            (Feature::RunShare, "runShare"),
            (Feature::UnmatchedShare, "unmatchedShare"),
            (Feature::MaxUnmatchedWeight, "maxUnmatchedWeight"),
            (Feature::TrigramShare, "trigramShare"),
            (Feature::NovelCoverage, "novelCoverage"),
            (Feature::WindowCoverageSquared, "windowCoverageSquared"),
            (Feature::TokenShare, "tokenShare"),
        ];
        assert_eq!(named.len(), FEATURES);
        for (i, (feature, name)) in named.into_iter().enumerate() {
            assert_eq!(feature as usize, i);
            assert_eq!(FEATURE_NAMES[feature as usize], name);
        }
    }

    #[test]
    fn units_by_kind() {
        let first = |t: &str| {
            super::super::numbers::quantities(t)
                .into_iter()
                .next()
                .unwrap()
        };
        for (text, want) in [
            ("330 feet", Some(("length", "ft"))),
            ("330 ft tall", Some(("length", "ft"))),
            ("330\u{a0}metres", Some(("length", "m"))),
            ("330 m", Some(("length", "m"))),
            ("12 Kilograms", Some(("mass", "kg"))),
            ("90 km/h", Some(("speed", "kph"))),
            ("3 weeks", Some(("time", "wk"))),
            ("330 visitors", None),
            ("330", None),
        ] {
            assert_eq!(unit_of(text, &first(text)), want, "{text}");
        }
    }

    /// The contradiction by quantity, unit or time that `assess` finds between `claim`
    /// and `source`.
    pub(in crate::claims) fn conflict(claim: &str, source: &str) -> Option<(String, String)> {
        let src = Source::new("s", source);
        let indexed = IndexedSource::new(0, &src);
        let opts = ClaimOptions::default();
        let p = ClaimProfile::new(claim, &question_keys(""), &Idf::default(), &opts);
        assess(&p, &[&indexed], &opts).number_conflict
    }

    #[test]
    fn a_service_the_evidence_ends() {
        let source = "Version 4.0 removed support for Node 16.";
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            conflict("Version 4.0 supports Node 16.", source),
            pair("supports", "removed support")
        );
        assert_eq!(
            conflict(
                "Version 4.0 supports Node 16.",
                "Support for Node 16 was dropped in version 4.0."
            ),
            pair("supports", "support for node 16 was dropped")
        );
        // The claim writes the end too, or negates, or says it of another number.
        assert_eq!(
            conflict("Support for Node 16 was removed in 4.0.", source),
            None
        );
        assert_eq!(
            conflict("Version 4.0 does not support Node 16.", source),
            None
        );
        // (A different number of the same thing is a contradiction of its own.)
        assert_eq!(
            conflict("Version 4.0 supports Node 18.", source),
            pair("18", "16")
        );
        // The sentence also states the service without an end.
        assert_eq!(
            conflict(
                "Version 4.0 supports Node 22.",
                "Version 4.0 removed support for Node 16 and added support for Node 22."
            ),
            None
        );
        // Ending words far from the service end nothing of it.
        assert_eq!(
            conflict(
                "The library supports streaming uploads.",
                "The library supports streaming uploads for files of any size, and the old \
                 buffered mode was removed."
            ),
            None
        );
    }

    /// The set and window coverages that `assess` gives `claim` against `source`.
    fn coverages(claim: &str, source: &str) -> (f64, f64) {
        let src = Source::new("s", source);
        let indexed = IndexedSource::new(0, &src);
        let opts = ClaimOptions::default();
        let p = ClaimProfile::new(claim, &question_keys(""), &Idf::default(), &opts);
        let a = assess(&p, &[&indexed], &opts);
        (
            a.values[Feature::SetCoverage as usize],
            a.values[Feature::WindowCoverage as usize],
        )
    }

    #[test]
    fn a_word_of_harm_is_credited_by_another_of_its_sense() {
        let coverage = coverages;
        let bus = "A tour bus crashed into a wall in Porto. Five passengers were injured.";
        assert_eq!(
            coverage("Five passengers were hurt in Porto.", bus),
            (1.0, 1.0)
        );
        let (set, window) = coverage("Nobody was killed.", "No deaths were reported.");
        assert!(set == 1.0 && window > 0.0, "{set} {window}");
        // A death is not an injury.
        assert!(coverage("Five passengers were killed in Porto.", bus).0 < 1.0);
    }

    #[test]
    fn a_count_of_the_dead_or_hurt_is_denied_by_no_deaths_or_no_injuries() {
        let floods = "Heavy rain caused flooding across parts of northern Italy on Sunday. \
                      The worst-hit area was Bologna, where two rivers burst their banks. \
                      No deaths were reported, but a man was rescued from his car.";
        let (mine, theirs) =
            conflict("Two people died in floods in northern Italy.", floods).expect("denied");
        assert_eq!(mine, "Two people died");
        assert!(theirs.starts_with("No deaths were reported"), "{theirs}");
        let lorry = "A lorry overturned on the M6 near Stafford on Friday. No one was \
                     killed, but three people were injured and taken to hospital.";
        assert_eq!(
            conflict("A lorry overturned on the M6, killing three people.", lorry).map(|(m, _)| m),
            Some("killing three people".to_string())
        );
        assert!(conflict(
            "Three people were injured when a lorry overturned on the M6.",
            lorry
        )
        .is_none());
        let quake = "The earthquake struck early on Sunday. Officials said there were no \
                     fatalities, although dozens of buildings were damaged.";
        assert_eq!(
            conflict("The earthquake killed dozens of people.", quake).map(|(m, _)| m),
            Some("killed dozens of people".to_string())
        );
        assert!(conflict("The earthquake damaged dozens of buildings.", quake).is_none());
        let reported = "A lorry overturned on the M6 near Stafford on Friday morning. No \
                        deaths were reported, but three people were injured and taken to \
                        hospital.";
        assert!(conflict(
            "A lorry overturned on the M6, killing three people.",
            reported
        )
        .is_some());
        // Others than those counted, another event, a harm of another kind: no denial.
        let fire = "Two people died when a fire broke out at a warehouse in Leeds. No one \
                    else was killed, but three firefighters were treated for smoke.";
        assert!(conflict("Two people died in a warehouse fire in Leeds.", fire).is_none());
        let two = "Two people died in a fire in Leeds on Monday. In a separate incident in \
                   York, nobody was hurt when a gas explosion damaged three houses.";
        assert!(conflict("Two people were killed in a fire in Leeds.", two).is_none());
        let bus = "A tour bus crashed into a wall in Porto. Five passengers were injured. \
                   No one died.";
        assert!(conflict(
            "Five passengers were hurt when a bus crashed in Porto.",
            bus
        )
        .is_none());
        assert_eq!(
            conflict("Five passengers died when a bus crashed in Porto.", bus),
            Some((
                "Five passengers died".to_string(),
                "No one died.".to_string()
            ))
        );
    }

    #[test]
    fn the_end_of_a_change_is_said_of_what_its_start_is() {
        let jobs = "Unemployment fell from 5.2% in January to 4.8% in June.";
        // The end of the change is said of unemployment too: no other quantity has it.
        assert_eq!(conflict("Unemployment fell to 4.8% in June.", jobs), None);
        assert_eq!(conflict("Unemployment was 4.8% in June.", jobs), None);
        assert_eq!(conflict("Unemployment was 5.2% in January.", jobs), None);
        // A figure dated otherwise: the month is what the other figure is said of.
        assert_eq!(
            conflict("Unemployment fell to 5.2% in June.", jobs),
            Some((
                "Unemployment fell to 5.2% in June".to_string(),
                "Unemployment fell from 5.2% in January".to_string()
            ))
        );
        assert_eq!(
            conflict("Unemployment was 4.8% in January.", jobs),
            Some((
                "Unemployment was 4.8% in January".to_string(),
                // From the clause's start, not from the point of `5.2`.
                "Unemployment fell from 5.2% in January to 4.8% in June".to_string()
            ))
        );
        // Without `from`, two figures of one sentence are two clauses' figures.
        let sales = "Sales rose 5% in March and 3% in April.";
        assert_eq!(conflict("Sales rose 5% in March.", sales), None);
        assert!(conflict("Sales rose 3% in March.", sales).is_some());
    }

    #[test]
    fn a_chain_of_ranges_is_read_one_level_deep() {
        // `from 1% to from 2% to …`: each end takes its start's words, never the chain's.
        let chain: String = (0..20_000).map(|i| format!("from {i}% to ")).collect();
        let text = format!("Rates went {chain}the end.");
        let src = Source::new("s", &text);
        let indexed = IndexedSource::new(0, &src);
        let last = indexed.quantities.last().expect("quantities");
        assert!(binding(&text, &indexed.quantities, last).len() <= 8);
    }

    #[test]
    fn the_dimension_after_a_measure_is_what_it_measures() {
        let lake = "The lake is 50 kilometres long and 12 kilometres wide.";
        assert_eq!(conflict("The lake is 12 kilometres wide.", lake), None);
        assert_eq!(conflict("The lake is 50 km long.", lake), None);
        assert_eq!(
            conflict("The lake is 12 kilometres long.", lake),
            Some((
                "The lake is 12 kilometres long".to_string(),
                "The lake is 50 kilometres long and 12 kilometres wide".to_string()
            ))
        );
        let tower = "The tower is 330 metres tall, and its square base is 125 metres wide.";
        assert!(conflict("The tower is 125 metres tall.", tower).is_some());
        assert!(conflict("Its base is 330 metres wide.", tower).is_some());
        // The dimension alone shared is no parallel clause, and alone it says a figure of
        // no other words.
        let river = "At its deepest point the river is 20 metres deep, and near the mouth it \
                     is 400 metres wide.";
        assert_eq!(
            conflict("Near the mouth, the river is 400 metres wide.", river),
            None
        );
        assert!(conflict("The river is 400 metres deep near the mouth.", river).is_some());
        let ages = "Kinstler is the youngest of the three, as she is 20 years old. Spence is 21, \
                    and Beckham is the oldest of the three at 24 years old.";
        assert_eq!(conflict("Spence is 21, and Beckham is 24.", ages), None);
    }

    #[test]
    fn quantities_exchanged_between_clauses_are_a_conflict() {
        let vacuum = "The X200 vacuum has a 60-minute battery and charges fully in 4 hours.";
        assert_eq!(
            conflict(
                "The battery lasts 4 hours and takes 60 minutes to charge fully.",
                vacuum
            ),
            Some((
                "The battery lasts 4 hours".to_string(),
                "The X200 vacuum has a 60-minute battery".to_string()
            ))
        );
        assert_eq!(
            conflict(
                "The battery lasts 60 minutes and takes 4 hours to charge fully.",
                vacuum
            ),
            None
        );
        let buses =
            "Buses on route 12 run every 10 minutes on weekdays and every 20 minutes at weekends.";
        assert!(conflict(
            "Every 20 minutes on weekdays and every 10 minutes at weekends.",
            buses
        )
        .is_some());
        assert_eq!(
            conflict(
                "Every 10 minutes on weekdays and every 20 minutes at weekends.",
                buses
            ),
            None
        );
        let tickets = "Tickets cost $10 for adults and $5 for children.";
        assert!(conflict("Adults pay $5 and children pay $10.", tickets).is_some());
        assert_eq!(
            conflict("Adults pay $10 and children pay $5.", tickets),
            None
        );
        // Clauses regrouped, reordered, or a word moved one way only: nothing exchanged.
        for (claim, source) in [
            (
                "The company was founded in 1990 and went public in 2000.",
                "Founded in 1990, the company went public in 2000.",
            ),
            (
                "Operating profit fell 3% to $800 million while revenue rose 12% to $4.5 billion.",
                "Revenue rose 12% to $4.5 billion, while operating profit fell 3% to $800 million.",
            ),
            (
                "After a fire, the museum was rebuilt in 1950; it had opened in 1902.",
                "The museum opened in 1902 and was rebuilt in 1950 after a fire.",
            ),
            (
                "Prices range between 5 and 10 euros, and delivery takes 3 days.",
                "Delivery takes 3 days. Prices range between 5 and 10 euros.",
            ),
        ] {
            assert_eq!(conflict(claim, source), None, "{claim}");
        }
    }

    #[test]
    fn a_weekday_of_another_event_is_no_date_of_the_claim() {
        let flood = "The river burst its banks on Tuesday, flooding 200 homes. A warning had been issued on Monday evening.";
        assert_eq!(
            conflict("The river flooded 200 homes on Monday.", flood),
            Some(("Monday".to_string(), "Tuesday".to_string()))
        );
        assert_eq!(
            conflict("The river flooded 200 homes on Tuesday.", flood),
            None
        );
        // The sources give the claim's day to something else the claim states.
        let council =
            "On Monday, officials met in the town hall. They agreed on a rescue plan on Tuesday.";
        assert_eq!(
            conflict("Officials met on Monday and agreed on a plan.", council),
            None
        );
    }

    #[test]
    fn a_weekday_of_another_clause_is_no_date_of_the_claim() {
        let storm = "Power was restored by Sunday, and schools reopened on Monday.";
        assert_eq!(
            conflict("Schools reopened on Sunday.", storm),
            Some(("Sunday".to_string(), "Monday".to_string()))
        );
        assert_eq!(conflict("Schools reopened on Monday.", storm), None);
        assert_eq!(conflict("Power was restored by Sunday.", storm), None);
        // A fronted date's clause holds no word of the claim: no other date is read.
        let met = "On Monday, officials met, and they agreed on a plan on Tuesday.";
        assert_eq!(conflict("Officials met on Monday.", met), None);
    }

    #[test]
    fn a_subject_pronoun_refers_to_what_comes_before_it() {
        // The clause's pronoun stands for the words before it, so they are said of its
        // number too; not the words after it in other clauses.
        let bridge = "Construction of the bridge began in 1929, and it opened to traffic in 1932.";
        assert_eq!(conflict("The bridge opened in 1932.", bridge), None);
        assert!(conflict("The bridge opened in 1929.", bridge).is_some());
        let lopez = "Maria Lopez joined the club in 2010. She became its captain in 2014 and retired in 2019.";
        assert_eq!(
            conflict("Maria Lopez became captain of the club in 2014.", lopez),
            None
        );
        assert_eq!(conflict("Maria Lopez retired in 2019.", lopez), None);
        assert_eq!(
            conflict("Maria Lopez became captain of the club in 2019.", lopez),
            Some((
                "Maria Lopez became captain of the club in 2019".to_string(),
                "She became its captain in 2014 and retired in 2019".to_string()
            ))
        );
        let plant = "The plant employs 1,200 workers. It opened in 1998 and was expanded in 2006.";
        assert_eq!(conflict("The plant opened in 1998.", plant), None);
        assert!(conflict("The plant opened in 2006.", plant).is_some());
    }

    #[test]
    fn a_number_said_of_a_pronoun_or_a_relative_clause_is_said_of_the_clause_before() {
        let three = "Spence is just barely older than her, as he is 21, and Beckham is the oldest of the three at 24 years old.";
        assert!(conflict("Spence is 24 years old.", three).is_some());
        assert!(conflict("Beckham is 21 years old.", three).is_some());
        assert_eq!(conflict("Spence is 21 years old.", three), None);
        assert_eq!(conflict("Beckham is 24 years old.", three), None);
        // `he` and `she` stand for the clause's name, not its other words.
        let joined = "Maria joined the company in 2015, when she was 24. Her brother Tom joined two years later, and he was 31 at the time.";
        assert!(conflict("Maria was 31 when she joined the company.", joined).is_some());
        assert!(conflict("Tom was 24 when he joined the company.", joined).is_some());
        assert_eq!(
            conflict("Tom was 31 when he joined the company.", joined),
            None
        );
        assert_eq!(
            conflict("Maria was 24 when she joined the company.", joined),
            None
        );
        // A clause that names nothing before its number, set off by commas.
        let finalists = "The runner-up was Jonas Eke, who is 29, and the youngest of the finalists, Mia Falk, is 21.";
        assert!(conflict("Jonas Eke is 21.", finalists).is_some());
        assert_eq!(conflict("Mia Falk is 21.", finalists), None);
        // A relative clause's count is its antecedent's.
        let trials = "Dr. Patel led the first trial, which enrolled 240 patients. The second trial, led by Dr. Osei, enrolled 410.";
        assert!(conflict("Dr. Patel's trial enrolled 410 patients.", trials).is_some());
        assert_eq!(
            conflict("Dr. Patel's trial enrolled 240 patients.", trials),
            None
        );
        // The year of a date after its day has no clause of its own.
        let x = crate::claims::numbers::quantities("He died on November 30, 1879, in Chicago.");
        let year = x.iter().find(|q| q.key == "1879").expect("the year");
        assert!(antecedent("He died on November 30, 1879, in Chicago.", 0, year).is_empty());
    }

    #[test]
    fn names_weigh_first_in_what_a_number_is_said_of() {
        let revenue = "Northwind reported revenue of $4.2 billion for 2023, while its rival Eastline reported $3.1 billion.";
        assert_eq!(
            conflict("Eastline reported revenue of $3.1 billion.", revenue),
            None
        );
        assert!(conflict("Eastline reported revenue of $4.2 billion.", revenue).is_some());
        let final_ = "Chen scored 18 points in the final, and Ortiz added 12.";
        assert!(conflict("Ortiz scored 18 points in the final.", final_).is_some());
        assert_eq!(
            conflict("Chen scored 18 points in the final.", final_),
            None
        );
        // Names are written with a capital and never in lower case; months are none.
        assert_eq!(
            name_keys(&[
                "Revenue rose in May, and revenue at Acme fell.",
                "near the Acme plant"
            ]),
            vec![stem("acme")]
        );
        assert_eq!(
            name_keys(&["Near the mouth, it is wide.", "It is wide near the mouth."]),
            Vec::<String>::new()
        );
    }

    #[test]
    fn an_age_is_counted_alike_in_each_of_its_forms() {
        let q = |text: &str| crate::claims::numbers::quantities(text).remove(0);
        let ages = [
            "A 62-year-old woman was hurt.",
            "The woman, 62, was hit by a car.",
            "John Hale (62) was charged.",
            "She is 62 years old.",
            "A woman aged 62 was hurt.",
            // Said of `he`, `she`, `who` or a name by `is`, `was` or `turned`, ending its
            // clause.
            "Jo is older, as he is 62, and retired.",
            "Jo retired, when she was 62.",
            "The runner-up, who is 62, won before.",
            "Marcus is 62.",
            "She retired at the age of 62.",
            "He runs the bakery with his daughter Emma, 62.",
        ];
        for a in ages {
            assert_eq!(age_of(a, &q(a)).map(|(age, _)| age), Some(62), "{a}");
            for b in ages {
                assert!(counts_same(a, &q(a), b, &q(b)), "{a} / {b}");
            }
        }
        assert!(!same_age(
            ages[0],
            &q(ages[0]),
            "A 63-year-old man.",
            &q("A 63-year-old man.")
        ));
        for text in [
            "It costs 62 dollars.",
            "In 62 cases, the test failed.",
            "Route (62.5) is long.",
            "The firm, 62,000 strong, grew.",
            "The 62-mile race ended.",
            "The total is 62.",
            "It is 62.",
            "He is 62 metres from the door.",
            "Prices rose in the end, 62.",
            "The rate went up to 62.",
        ] {
            assert_eq!(age_of(text, &q(text)), None, "{text}");
        }
        // A list of numbers sets none off after a word.
        let lots = "The lots 4, 62, and 9 were sold.";
        assert_eq!(
            age_of(lots, &crate::claims::numbers::quantities(lots)[1]),
            None
        );
    }

    #[test]
    fn what_a_number_counts_is_read_after_it() {
        let words = |text: &str| {
            let qs = crate::claims::numbers::quantities(text);
            qs.iter()
                .map(|q| counted_words(text, q))
                .collect::<Vec<_>>()
        };
        let w = |ws: &[&str]| ws.iter().map(|s| stem(s)).collect::<Vec<_>>();
        assert_eq!(
            words("14 public libraries and 3 museums, and 70% of the adults"),
            vec![w(&["public", "libraries"]), w(&["museums"]), w(&["adults"])]
        );
        // Nothing counted: a stopword, a mark or the end right after the number.
        assert_eq!(
            words("3 of them, 5. It grew 4%"),
            vec![w(&[]), w(&[]), w(&[])]
        );
        // Three words at most.
        assert_eq!(
            words("7 large old stone houses"),
            vec![w(&["large", "old", "stone"])]
        );
        let town = "The town has 14 public libraries and 3 museums.";
        let survey = "70% of adults and 40% of teenagers use the app.";
        assert_eq!(
            conflict("40% of adults use the app.", survey),
            Some(("40% of adults use".to_string(), "70% of adults".to_string()))
        );
        assert_eq!(conflict("40% of teenagers use the app.", survey), None);
        assert_eq!(
            conflict("The town has 3 public libraries.", town),
            Some((
                "3 public libraries".to_string(),
                "14 public libraries".to_string()
            ))
        );
        for claim in ["The town has 14 libraries.", "The town has 3 museums."] {
            assert_eq!(conflict(claim, town), None, "{claim}");
        }
        // A part of the number before it is said of what that one is.
        let zoo = "The zoo keeps 12 elephants, 3 of them calves, and 5 giraffes.";
        assert_eq!(conflict("The zoo keeps 3 elephant calves.", zoo), None);
        assert!(conflict("The zoo keeps 5 elephant calves.", zoo).is_some());
        // A pair's words count what both numbers give.
        let chess = "Chess is played with 64 squares in an eight-by-eight grid.";
        assert_eq!(
            conflict("Chess is played on eight by eight squares.", chess),
            None
        );
        // A time in another unit is a rival when said of two words of the claim or more.
        let car = "It charges to 80% in about 30 minutes on a fast charger; a full charge at home takes 8 to 10 hours.";
        assert!(conflict("A full charge at home takes 30 minutes.", car).is_some());
        let bridge = "Construction of the bridge began in 1929 and lasted 4 years; the main span took 18 months.";
        assert_eq!(conflict("The bridge took 4 years to build.", bridge), None);
    }

    #[test]
    fn a_negation_before_a_bound_turns_it_round() {
        let dose = "Adults should not take more than 1,200 mg in 24 hours.";
        for claim in [
            "Adults should take no more than 1,200 mg in 24 hours.",
            "Adults should take at most 1,200 mg in 24 hours.",
            "Adults should not take more than 1,200 mg in 24 hours.",
        ] {
            assert_eq!(conflict(claim, dose), None, "{claim}");
        }
        assert_eq!(
            conflict("Adults can take more than 1,200 mg in 24 hours.", dose),
            Some((
                "more than 1,200".to_string(),
                "not take more than 1,200".to_string()
            ))
        );
        assert_eq!(
            conflict("Adults can take at least 1,200 mg in 24 hours.", dose),
            Some((
                "at least 1,200".to_string(),
                "not take more than 1,200".to_string()
            ))
        );
        // `must not exceed`, `no fewer than`, and a bound of `a maximum of`.
        assert!(conflict(
            "Uploads can exceed 50 MB.",
            "Uploads must not exceed 50 MB."
        )
        .is_some());
        assert_eq!(
            conflict(
                "Uploads must be under 50 MB.",
                "Uploads must not exceed 50 MB."
            ),
            None
        );
        assert!(conflict(
            "Teams have fewer than 5 players.",
            "Teams have no fewer than 5 players."
        )
        .is_some());
        // A bound in words (`more than two`).
        let bags = "Visitors must not bring more than two bags.";
        assert_eq!(conflict("You can bring up to two bags.", bags), None);
        assert!(conflict("You must bring more than two bags.", bags).is_some());
        assert!(conflict(
            "All unused holiday can be carried over to the next year.",
            "Unused holiday can be carried over to the next year, up to a maximum of 5 days."
        )
        .is_some());
    }

    #[test]
    fn always_or_all_where_the_evidence_qualifies_is_a_conflict() {
        let pain = "Ibuprofen may cause stomach pain, nausea and heartburn.";
        assert_eq!(
            conflict("Ibuprofen always causes stomach pain.", pain),
            Some(("always causes".to_string(), "may cause".to_string()))
        );
        let most = "Most patients improved after six weeks of treatment.";
        assert_eq!(
            conflict("All patients improved after six weeks of treatment.", most),
            Some(("all patients".to_string(), "most patients".to_string()))
        );
        // `all` where the sentence says `all but`.
        let power = "By Monday, crews had restored power to all but 12,000 of the homes.";
        assert_eq!(
            conflict("By Monday, crews had restored power to all homes.", power),
            Some(("all".to_string(), "all but 12,000".to_string()))
        );
        for claim in [
            "By Monday, crews had restored power to all but 12,000 homes.",
            "By Monday, crews had restored power to almost all homes.",
        ] {
            assert_eq!(conflict(claim, power), None, "{claim}");
        }
        // The claim qualifies too, the evidence says `always`, the qualifier is about
        // another word, or `not always`.
        for (claim, source) in [
            ("Ibuprofen can cause stomach pain.", pain),
            (
                "You can always cancel your plan.",
                "You can cancel your plan at any time.",
            ),
            (
                "The shop is always closed on Mondays.",
                "The shop is always closed on Mondays, and may open late.",
            ),
            (
                "Refunds are always given within 30 days.",
                "Refunds are given within 30 days, but you may need a receipt.",
            ),
            ("Ibuprofen does not always cause stomach pain.", pain),
            (
                "Almost all patients improved after six weeks of treatment.",
                most,
            ),
        ] {
            assert_eq!(conflict(claim, source), None, "{claim}");
        }
    }

    #[test]
    fn a_negation_that_bounds_an_amount_negates_nothing() {
        use super::super::terms::bounds_amount;
        for after in [
            " more than 1,200 mg",
            " take more than 1,200 mg",
            " exceed 50 MB",
            " be over $20",
            " fewer than 5 players",
        ] {
            assert!(bounds_amount(after), "{after:?}");
        }
        for after in [
            " more people",
            " more, than 5",
            " take the bus, more than 5 times",
            " sell more than a few",
            " over the bridge",
            " in the list of more than 5",
        ] {
            assert!(!bounds_amount(after), "{after:?}");
        }
    }

    /// The asked year or count rule on a short answer read with `question`.
    fn asked(question: &str, answer: &str, source: &str) -> Option<(String, String)> {
        let src = Source::new("s", source);
        let indexed = IndexedSource::new(0, &src);
        let opts = ClaimOptions::default();
        let text = format!("{question}\n{answer}");
        let mut p = ClaimProfile::new(&text, &question_keys(question), &Idf::default(), &opts);
        p.question_end = Some(question.len());
        asked_year_conflict(&p, &[&indexed]).or_else(|| asked_count_conflict(&p, &[&indexed]))
    }

    #[test]
    fn a_short_answer_is_the_year_or_count_of_what_the_question_asks() {
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        let museum = "The museum was founded in 1921. It moved to Mill Street in 1964, and \
                      the building was renovated in 2011.";
        let q = "In what year was the museum founded?";
        assert_eq!(asked(q, "1964", museum), pair("1964", "1921"));
        assert_eq!(asked(q, "1921", museum), None);
        // The clause of `which year` asks of its own verb, not of the question's others.
        let q = "The museum founded in 1921 moved to Mill Street in which year?";
        assert_eq!(asked(q, "2011", museum), pair("2011", "1964"));
        assert_eq!(asked(q, "1964", museum), None);
        // A question that asks no year, or a clause with no verb: nothing to compare.
        assert_eq!(asked("Who founded the museum?", "1964", museum), None);
        assert_eq!(
            asked(
                "In what year was the museum that moved born?",
                "1964",
                museum
            ),
            None
        );
        // Not a claim read with its question.
        let src = Source::new("s", museum);
        let indexed = IndexedSource::new(0, &src);
        let opts = ClaimOptions::default();
        let p = ClaimProfile::new("1964", &question_keys(""), &Idf::default(), &opts);
        assert_eq!(asked_year_conflict(&p, &[&indexed]), None);
        // A verb goes with the first year after it; after `did`, with its plain form.
        let lake = "The lake was opened to sailing in 1972 and has hosted the rowing \
                    championships since 1990.";
        let q = "Since when has the lake hosted the rowing championships?";
        assert_eq!(asked(q, "1990", lake), None);
        assert_eq!(asked(q, "1972", lake), pair("1972", "1990"));
        let q = "In what year did the lake open to sailing?";
        assert_eq!(asked(q, "1990", lake), pair("1990", "1972"));
        assert_eq!(asked(q, "1972", lake), None);
        // A year inside a relative clause set off by commas is not the verb's.
        let treaty = "The treaty was signed by both kingdoms, which had fought each other \
                      since 1914, in 1919.";
        let q = "In what year was the treaty signed by both kingdoms?";
        assert_eq!(asked(q, "1919", treaty), None);
        assert_eq!(asked(q, "1914", treaty), pair("1914", "1919"));
        // Life dates in brackets: the first year is a birth's, the second a death's.
        let lenz = "Ida Lenz (12 March 1880 – 4 May 1952) was a watchmaker. She founded \
                    the museum in 1921.";
        let q = "When was the founder of the museum born?";
        assert_eq!(asked(q, "4 May 1952", lenz), pair("1952", "1880"));
        assert_eq!(asked(q, "12 March 1880", lenz), None);
        assert_eq!(
            asked("When did Ida Lenz die?", "1880", lenz),
            pair("1880", "1952")
        );
        assert_eq!(asked("When did Ida Lenz die?", "1952", lenz), None);
        // A year in brackets is no verb's, nor one the sentence does not open with.
        let war = "The war (1914 – 1918) began over the river. Otto ruled from 1740 until \
                   his death. He was born in 1712.";
        assert_eq!(asked("When did the war begin?", "1914", war), None);
        assert_eq!(asked("When did Otto die?", "1712", war), None);
        // After `did`, a lone noun after an article, or one before a relative word, is
        // no verb: the question's last word is read instead.
        let album = "The album is by the composer Gil Evans, released in 1964. Kurt Weill \
                     (1900 – 1950) was a German composer.";
        let q = "What year did the German composer whose songs are on the album die?";
        assert_eq!(asked(q, "1950", album), None);
        assert_eq!(asked(q, "1900", album), pair("1900", "1950"));
        // `birthdate` and `year of death` ask what `born` and `died` do; `which date`
        // asks a time; a clause with no verb reads the question's last word.
        let venn = "Marta Venn (3 June 1930 – 12 May 2001) was a painter. In 1962 she \
                    moved to Lisbon, where she opened a studio.";
        let q = "What is the birthdate of the painter who opened a studio in Lisbon?";
        assert_eq!(asked(q, "12 May 2001", venn), pair("2001", "1930"));
        assert_eq!(asked(q, "3 June 1930", venn), None);
        let q = "What was the year of death of Marta Venn?";
        assert_eq!(asked(q, "1962", venn), pair("1962", "2001"));
        let holt = "Its cellist, Jan Holt (1941 – 2019), joined the quartet in 1972.";
        let q = "Jan Holt, the cellist of the quartet, was born on which date?";
        assert_eq!(asked(q, "1972", holt), pair("1972", "1941"));
        let fink = "Grey Harbour is a 1958 film starring Ada Fink. Ada Fink (born 9 April \
                    1931) is an English actress.";
        let q = "In what year was the English actress who starred in Grey Harbour born?";
        assert_eq!(asked(q, "1958", fink), pair("1958", "1931"));
        assert_eq!(asked(q, "1931", fink), None);
        // A year no source writes is the missing-number rule's.
        assert_eq!(
            asked("In what year was the museum founded?", "1931", museum),
            None
        );

        let uni = "Halden University offers 62 undergraduate majors and 40 graduate \
                   programs across 9 faculties. It was founded on 12 May 1911.";
        let q = "How many undergraduate majors does Halden University offer?";
        assert_eq!(asked(q, "40", uni), pair("40", "62"));
        assert_eq!(asked(q, "62", uni), None);
        // The day of a date counts nothing.
        let q = "Halden University has how many faculties?";
        assert_eq!(asked(q, "12", uni), pair("12", "9"));
        // A number the source writes with no word after it may count anything.
        let village = "Esk Moor had a population of 1,425 in 2011, and 300 people work at \
                       its quarry.";
        let q = "How many people does Esk Moor have?";
        assert_eq!(asked(q, "1,425", village), None);
        // `how many Olympic medals` counts medals.
        let swimmer = "Lena Marsh competed at 3 Olympic Games and won 2 Olympic medals.";
        let q = "How many Olympic medals did Lena Marsh win?";
        assert_eq!(asked(q, "3", swimmer), pair("3", "2"));
        assert_eq!(asked(q, "2", swimmer), None);
    }

    #[test]
    fn a_number_in_words_is_stated_by_its_quantity_in_any_form() {
        let cover = coverages;
        let digits = "The orchestra has 5 violinists and a harpist.";
        assert_eq!(
            cover("The orchestra has five violinists.", digits),
            (1.0, 1.0)
        );
        // Another number in words is no match, nor is a word that is no number here.
        let (set, window) = cover("The orchestra has six violinists.", digits);
        assert!(set < 1.0 && window < 1.0);
        // A number in words that the source writes as a word was matched as a word already.
        let words = "The orchestra has five violinists and a harpist.";
        assert_eq!(
            cover("The orchestra has five violinists.", words),
            (1.0, 1.0)
        );
    }

    #[test]
    fn a_year_placed_otherwise_is_a_conflict() {
        let src = "The tower was completed in 1889 for the fair.";
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            conflict("The tower was completed before 1889.", src),
            pair("before 1889", "in 1889")
        );
        assert_eq!(
            conflict("The tower was completed after 1889.", src),
            pair("after 1889", "in 1889")
        );
        assert_eq!(conflict("The tower was completed in 1889.", src), None);
        // `by`, `since` and `until` relate the year otherwise: nothing to dispute.
        assert_eq!(conflict("The tower was completed by 1889.", src), None);
        assert_eq!(conflict("The tower has stood since 1889.", src), None);
        // The window also states the claim's relation.
        assert_eq!(
            conflict(
                "The tower was completed after 1889.",
                "The tower was completed in 1889, and painted after 1889."
            ),
            None
        );
        // A claim about something else does not cover the sentence.
        assert_eq!(conflict("Paris grew after 1889.", src), None);
        // Above and below a quantity.
        let ship = "Orders over $50 ship free.";
        assert_eq!(
            conflict("Orders under $50 ship free.", ship),
            pair("under $50", "over $50")
        );
        assert_eq!(
            conflict("Orders of less than $50 ship free.", ship),
            pair("less than $50", "over $50")
        );
        assert_eq!(conflict("Orders of more than $50 ship free.", ship), None);
        assert_eq!(conflict("Orders of at least $50 ship free.", ship), None);
        assert_eq!(conflict("Orders of about $50 ship free.", ship), None);
    }

    #[test]
    fn a_year_the_sources_say_of_another_event() {
        let src = "The Great Bend is a 1988 comedy film directed by Jo Park. It stars Dan Ruiz \
                   and Ana Bell in her film debut. Ana Bell is an American actress and a \
                   four-time award nominee; for \"Grit\" (1990) and \"Home\" (1999). In \
                   2006, she received a star on the Walk of Fame.";
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            stated(
                "Ana Bell received her star on the Walk of Fame in 1988.",
                src
            ),
            pair("1988", "2006")
        );
        // The year the sources say with the verb; the film's own year with its own verb.
        assert_eq!(
            stated(
                "Ana Bell received her star on the Walk of Fame in 2006.",
                src
            ),
            None
        );
        assert_eq!(
            stated(
                "The Great Bend, a 1988 comedy, was directed by Jo Park.",
                src
            ),
            None
        );
        // A year no source writes is the missing-number rule's.
        assert_eq!(
            stated(
                "Ana Bell received her star on the Walk of Fame in 2001.",
                src
            ),
            None
        );
        // Two quantities (each may be the other's), and births and deaths (the life-date
        // rules').
        assert_eq!(
            stated(
                "Ana Bell received her star on the Walk of Fame in 1988, after 2 films.",
                src
            ),
            None
        );
        let lives = "Ravi Menon (3 May 1896 – 6 October 1974) was a diplomat. Jan Nehru (14 \
                     November 1889 – 27 May 1964) was a prime minister.";
        assert_eq!(stated("Jan Nehru was born in 1889.", lives), None);
        assert_eq!(stated("Ravi Menon died in 1974.", lives), None);
        // The claim's year in a sentence with its verb, read first with another year.
        let album = "Night Harbour is the second album by Lumo. It was released in Europe in \
                     October 1998 and in Japan in March 1999. The album sold 200,000 copies.";
        assert_eq!(
            stated("Night Harbour was released in Japan in 1999.", album),
            None
        );
    }

    #[test]
    fn a_name_made_of_two_names() {
        let split = |claim: &str, source: &str| {
            let src = Source::new("s", source);
            let indexed = IndexedSource::new(0, &src);
            let opts = ClaimOptions::default();
            let p = ClaimProfile::new(claim, &question_keys(""), &Idf::default(), &opts);
            split_names(&p, &[&indexed])
        };
        let song =
            "The song was performed by B.J. Thomas and won the Oscar for Best Original Song.";
        assert_eq!(split("B.J. Oscar sang the song.", song), ["B.J. Oscar"]);
        assert!(split("B.J. Thomas sang the song.", song).is_empty());
        // The second word only after another name, the first before another.
        let hit = "The song was a hit for Marcie Blane in 1962 and reached the Billboard Hot 100.";
        assert_eq!(
            split("The song was a hit for Billboard Blane.", hit),
            ["Billboard Blane"]
        );
        // A middle name left out; a longer word for the second; a name that ends a
        // hyphenated word.
        assert!(split(
            "Kim was played by Amy Johnson.",
            "Kim was played by Amy Jo Johnson."
        )
        .is_empty());
        assert!(split(
            "The film was released in South Korea.",
            "Jang Hoon is a South Korean film director."
        )
        .is_empty());
        assert!(split(
            "It was recorded by T - Bone Walker.",
            "It was recorded by T-Bone Walker in 1942."
        )
        .is_empty());
        // Two names side by side, the first written alone elsewhere (`named … Germania`).
        assert!(split(
            "The Romans named part of Germany Germania.",
            "The Romans named the land east of the Rhine River Germania. Germany is its modern name."
        )
        .is_empty());
        // A title of four capitalised words or more is not read.
        let trails = "The Blue Mountain Loop and the River Valley Trail reopened in May.";
        assert_eq!(
            split("The Blue River reopened in May.", trails),
            ["Blue River"]
        );
        assert!(split("The Blue River Valley Trail reopened in May.", trails).is_empty());
    }

    /// [`stated_year_conflict`] of `claim` against `source`.
    fn stated(claim: &str, source: &str) -> Option<(String, String)> {
        let src = Source::new("s", source);
        let indexed = IndexedSource::new(0, &src);
        let opts = ClaimOptions::default();
        let p = ClaimProfile::new(claim, &question_keys(""), &Idf::default(), &opts);
        let m = assess(&p, &[&indexed], &opts).best?;
        stated_year_conflict(&p, &m, &[&indexed])
    }

    /// The names of `claim` that `assess` finds missing from `source` (question `q`).
    fn missing(claim: &str, q: &str, source: &str) -> Vec<String> {
        let src = Source::new("s", source);
        let indexed = IndexedSource::new(0, &src);
        let opts = ClaimOptions::default();
        let p = ClaimProfile::new(claim, &question_keys(q), &Idf::default(), &opts);
        assess(&p, &[&indexed], &opts).missing_names
    }

    #[test]
    fn an_invented_name_is_missing() {
        assert_eq!(
            missing(
                "The tower was designed by Gustave Eiffel.",
                "Who designed it?",
                "The tower was designed by the engineer Maurice Koechlin."
            ),
            vec!["Gustave", "Eiffel"]
        );
    }

    #[test]
    fn the_adjective_of_a_place_the_source_names_is_not_missing() {
        let q = "Who developed the test?";
        for (claim, source) in [
            (
                "Asian researchers developed the test.",
                "Researchers in Asia developed the test.",
            ),
            (
                "Kenyan researchers developed the test.",
                "Researchers in Kenya developed the test.",
            ),
            (
                "Italian researchers developed the test.",
                "Researchers in Italy developed the test.",
            ),
        ] {
            assert_eq!(missing(claim, q, source), Vec::<String>::new(), "{claim}");
        }
        // A name that ends in `n` is no adjective of a shorter name (`Bergen`, `Berg`).
        assert_eq!(
            missing(
                "Researchers at the University of Bergen developed the test.",
                q,
                "Lead researcher Ingrid Berg said the University team developed the test."
            ),
            vec!["Bergen"]
        );
    }

    #[test]
    fn a_qualifier_of_a_place_is_no_given_name() {
        // The source writes the place alone: the claim names another place with it.
        let source = "It lies in the Coral Sea, off the coast of Queensland, Australia.";
        for (claim, word) in [
            ("It is off the coast of Western Australia.", "Western"),
            ("It is off the coast of New Australia.", "New"),
        ] {
            assert_eq!(
                missing(claim, "Where is it?", source),
                vec![word],
                "{claim}"
            );
        }
        // A person's given name before the surname the source uses is still none missing.
        assert_eq!(
            missing(
                "Maria Okafor designed the tower.",
                "Who designed it?",
                "The tower was designed by Okafor in 1998."
            ),
            Vec::<String>::new()
        );
    }

    #[test]
    fn one_counts_in_a_list_of_counts() {
        let source = "Each player begins with 16 pieces: one king, one queen, two rooks, two \
                      knights, two bishops and eight pawns.";
        assert_eq!(
            conflict("Each player has two queens.", source),
            Some(("two queens".to_string(), "one queen".to_string()))
        );
        // The count the sentence gives the claim's thing.
        assert_eq!(conflict("Each player has two rooks.", source), None);
        assert_eq!(conflict("Each player has eight pawns.", source), None);
        // `one` as a pronoun counts nothing of the claim's.
        assert_eq!(
            conflict(
                "Each player has two queens.",
                "Each player has two rooks, and one of the players moves first."
            ),
            None
        );
    }

    #[test]
    fn where_a_change_started_is_not_where_it_went() {
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            conflict(
                "The launch was moved to May 14.",
                "The launch was moved from May 14 to May 28."
            ),
            pair("to May 14", "from May 14 to May 28")
        );
        assert_eq!(
            conflict(
                "The price was raised from 55 dollars.",
                "The price was raised from 40 dollars to 55 dollars."
            ),
            pair("from 55", "from 40 dollars to 55")
        );
        // Offsets past letters that lower case writes in more bytes (`İ`).
        assert_eq!(
            conflict(
                "The İstanbul launch was moved To May 14.",
                "The İstanbul launch was moved From May 14 to May 28."
            ),
            pair("To May 14", "From May 14 to May 28")
        );
        // Each end where the sentence puts it.
        for claim in [
            "The launch was moved to May 28.",
            "The launch was moved from May 14.",
        ] {
            assert_eq!(
                conflict(claim, "The launch was moved from May 14 to May 28."),
                None,
                "{claim}"
            );
        }
        // The sentence also writes the claim's number after a `to`.
        assert_eq!(
            conflict(
                "The fee went up to 40 dollars.",
                "The fee went up from 40 dollars to 55 dollars, and the deposit rose to 40 dollars."
            ),
            None
        );
    }

    #[test]
    fn a_value_the_sentence_sets_aside() {
        let battery = "The battery lasts only about 15 hours, not the 30 advertised.";
        assert_eq!(
            conflict("The battery lasts about 30 hours.", battery),
            Some(("30".to_string(), "not the 30".to_string()))
        );
        assert_eq!(conflict("The battery lasts about 15 hours.", battery), None);
        // The claim sets it aside too, or negates.
        assert_eq!(
            conflict(
                "The battery lasts 15 hours, not the 30 advertised.",
                battery
            ),
            None
        );
        assert_eq!(
            conflict("The battery does not last 30 hours.", battery),
            None
        );
        // (A rule before this one reads `$40 rather than $55` as two clauses.)
        let fee = "The fee is now $40 rather than $55.";
        assert!(conflict("The fee is now $55.", fee).is_some());
        assert_eq!(conflict("The fee is now $40.", fee), None);
    }

    #[test]
    fn a_change_between_two_dates_is_said_of_one_thing() {
        let source = "The release of version 4.2 has been moved from September 14 to \
                      September 28 because the payment module failed two reviews.";
        // The later date is the one the release was moved to.
        assert_eq!(
            conflict("Version 4.2 was moved to September 28.", source),
            None
        );
        // A date the sentence does not give is still disputed.
        assert!(conflict("Version 4.2 was moved to September 21.", source).is_some());
    }

    #[test]
    fn a_given_name_before_the_surname_the_source_uses_is_not_missing() {
        let q = "Who designed it?";
        // The source calls the designer by the surname alone.
        assert_eq!(
            missing(
                "Maria Okafor designed the tower.",
                q,
                "The tower was designed by Okafor in 1998."
            ),
            Vec::<String>::new()
        );
        // Another given name before it, a stop word inside a sentence too (`Will`).
        for source in [
            "The tower was designed by Chidi Okafor in 1998.",
            "The tower was designed by Will Okafor in 1998.",
        ] {
            assert_eq!(
                missing("Maria Okafor designed the tower.", q, source),
                vec!["Maria"]
            );
        }
        // A stop word that opens the sentence is no given name.
        assert_eq!(
            missing(
                "Maria Okafor designed the tower.",
                q,
                "When Okafor designed the tower, she was 31."
            ),
            Vec::<String>::new()
        );
        // The word is written only before another name: no surname of the source's.
        assert_eq!(
            missing(
                "Maria Chidi designed the tower.",
                q,
                "The tower was designed by Chidi Okafor in 1998."
            ),
            vec!["Maria"]
        );
        // Not an article or a word of two letters (`La Baie`), nor the surname itself.
        assert_eq!(
            missing(
                "La Baie is its name.",
                "What is its name?",
                "Its name is Baie."
            ),
            vec!["La"]
        );
        assert_eq!(
            missing(
                "Okafor Maria designed the tower.",
                q,
                "The tower was designed by Okafor in 1998."
            ),
            vec!["Maria"]
        );
        // A noun that heads a name (after a determiner, or before `of`) is no surname.
        for source in [
            "She is a biologist at the University of Hawaii.",
            "She is a biologist at a University in Hawaii.",
            "She joined University of Hawaii in 2001.",
        ] {
            assert_eq!(
                missing(
                    "Amara Chen is a biologist at Stanford University.",
                    "Where does Amara Chen work?",
                    source
                ),
                vec!["Stanford"],
                "{source}"
            );
        }
    }

    #[test]
    fn names_the_question_gives_are_not_invented() {
        let src = "\"Mean Old World\" is a blues song recorded by Walter Jacobs in 1942.";
        assert_eq!(
            missing(
                "Walter Jacobs sang 'Mean Old World' in Chicago.",
                "who sang mean old world in chicago",
                src
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            missing("Walter Jacobs sang it in Chicago.", "who sang it", src),
            vec!["Chicago"]
        );
    }

    #[test]
    fn hyphens_prefixes_and_acronyms() {
        // A part of a hyphenated source word; a hyphenated claim word by its parts.
        let src = "The duet by Olivia Newton-John was written for the usage based model.";
        assert!(missing("Olivia Newton sang it.", "q", src).is_empty());
        assert!(missing("The Usage-Based model was used.", "q", src).is_empty());
        // Its stopwords are no part a source must write as a key.
        let show = "The series Hell's Kitchen All Stars aired in 2017.";
        assert!(missing("Hell's Kitchen All-Stars aired in 2017.", "q", show).is_empty());
        assert_eq!(
            missing("Hell's Kitchen All-Champions aired in 2017.", "q", show),
            vec!["All-Champions"]
        );
        // The start of a longer source word (four letters or more).
        assert!(missing(
            "It follows the Stoic school.",
            "q",
            "Stoicism shaped the law."
        )
        .is_empty());
        // A run of capitalised words the source writes as its acronym.
        assert!(missing(
            "The Federal Election Commission regulates gifts.",
            "q",
            "Gifts must be reported to the FEC."
        )
        .is_empty());
        assert!(missing(
            "The International Court of Justice ruled on it.",
            "q",
            "The ICJ ruled in 1996."
        )
        .is_empty());
        // A short key does not match by prefix.
        assert_eq!(
            missing("The Ali brothers won.", "q", "Alison won."),
            vec!["Ali"]
        );
    }

    #[test]
    fn acronyms_and_country_names_are_credited_both_ways() {
        let read = |claim: &str, source: &str| {
            let src = Source::new("s", source);
            let indexed = IndexedSource::new(0, &src);
            let opts = ClaimOptions::default();
            let p = ClaimProfile::new(claim, &question_keys("q"), &Idf::default(), &opts);
            let a = assess(&p, &[&indexed], &opts);
            (a.best.map_or(0.0, |m| m.window_coverage), a.missing_names)
        };
        for (claim, source) in [
            (
                "Growth in the UK slowed.",
                "Growth in the United Kingdom slowed.",
            ),
            (
                "Growth in the United Kingdom slowed.",
                "Growth in the UK slowed.",
            ),
            ("Growth in the U.S. slowed.", "Growth in the US slowed."),
            ("Growth in the US slowed.", "Growth in the U.S.A. slowed."),
            ("Growth in the US slowed.", "Growth in America slowed."),
            ("Growth in Britain slowed.", "Growth in the UK slowed."),
        ] {
            let (c, m) = read(claim, source);
            assert!(c > 0.99 && m.is_empty(), "{claim} / {source}: {c} {m:?}");
        }
        // Initials are no name: `David Coleman` is not the source's `David Cutcliffe`.
        let (c, m) = read(
            "David Coleman coached the team.",
            "David Cutcliffe coached the team.",
        );
        assert!(c < 0.99 && m == vec!["Coleman"], "{c} {m:?}");
        // US in capitals is a name, not the pronoun.
        assert_eq!(
            read("The US economy grew.", "The British economy grew.").1,
            vec!["US"]
        );
    }

    #[test]
    fn a_capital_after_a_colon_or_a_defined_acronym_is_not_a_name() {
        let src = "Run the simulation of the design with a testbench.";
        assert!(missing("Simulation: Run the design with a testbench.", "q", src).is_empty());
        assert!(missing("• Run the design with a testbench.", "q", src).is_empty());
        assert!(missing(
            "Run static timing analysis (STA) on the design.",
            "q",
            "Timing analysis of the design."
        )
        .is_empty());
        // After an abbreviation's full stop a capital still starts a name.
        assert_eq!(
            missing(
                "It opened in the U.S. Virgin Islands.",
                "q",
                "It opened in the U.S. territory."
            ),
            vec!["Virgin", "Islands"]
        );
    }
}
