//! Words of one sense: a small built-in table of English words that state the same thing
//! in any text (`killed` / `died` / `deaths`, `hurt` / `injured`), so that a claim that
//! says it in other words is credited with the source's word (`nobody was killed`
//! against `No deaths were reported`). A word and its opposite never stand together
//! (that is [`super::antonyms`]), nor a word and a broader one.
//!
//! Only harm is here. Wider groups were measured (leave one dataset out over both dev
//! files, against the same build without them): verbs of a quantity going up or down
//! (`rose` / `increased`, `fell` / `decreased`), of deeds (`buy` / `purchase`, `begin` /
//! `start`, `end` / `finish`), nouns (`film` / `movie`, `drug` / `medication`) and
//! adjectives and adverbs (`big` / `large`, `mostly` / `mainly`). They raised the scores
//! of more unattributable rows than attributable ones (`movie` for `film` in
//! hallucinated answers about films, `fall` of a rig for `fall` of a number) and moved
//! the threshold fitted for a held-out dataset, so they are left out.

use std::sync::OnceLock;

use super::terms::stem;

/// The groups of words of one sense, every form that a group's words are written in
/// (the stemmer joins `-s`, `-ed`, `-ing` forms to one key, not irregular ones).
const SENSES: &[&[&str]] = &[
    // A death (the words the antonym rules read as one death), and another harm.
    super::antonyms::DEATH,
    &["hurt", "injure", "injured", "injuries", "injury", "wounded"],
];

/// Every key of the table ([`stem`]) with its group's keys, sorted by key; a key in two
/// groups takes the first's.
struct Table {
    keys: Vec<(String, usize)>,
    groups: Vec<Vec<String>>,
    /// Bit `b - b'a'` set for each lower-case ASCII letter `b` that opens a key: most
    /// words are ruled out by their first byte before any search.
    initials: u32,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let groups: Vec<Vec<String>> = SENSES
            .iter()
            .map(|g| {
                let mut keys: Vec<String> = g.iter().map(|w| stem(w)).collect();
                keys.sort();
                keys.dedup();
                keys
            })
            .collect();
        let mut keys: Vec<(String, usize)> = groups
            .iter()
            .enumerate()
            .flat_map(|(i, g)| g.iter().map(move |k| (k.clone(), i)))
            .collect();
        // Stable: a key of two groups keeps the first group's entry.
        keys.sort_by(|a, b| a.0.cmp(&b.0));
        keys.dedup_by(|later, first| later.0 == first.0);
        let initials = keys
            .iter()
            .filter_map(|(k, _)| k.bytes().next())
            .filter(u8::is_ascii_lowercase)
            .fold(0u32, |m, b| m | 1 << (b - b'a'));
        Table {
            keys,
            groups,
            initials,
        }
    })
}

/// The group of [`SENSES`] that holds `key`: [`DEATH`] or [`HARM`].
pub(crate) fn group_of(key: &str) -> Option<usize> {
    let t = table();
    let first = key.bytes().next().filter(u8::is_ascii_lowercase)?;
    if t.initials & (1 << (first - b'a')) == 0 {
        return None;
    }
    t.keys
        .binary_search_by(|(k, _)| k.as_str().cmp(key))
        .ok()
        .and_then(|i| t.keys.get(i))
        .map(|&(_, g)| g)
}

/// True when `key` (a [`stem`] key) is a key of a word of death.
pub(crate) fn is_death(key: &str) -> bool {
    group_of(key) == Some(DEATH)
}

/// The group of words of death in [`SENSES`].
pub(crate) const DEATH: usize = 0;
/// The group of words of harm short of death in [`SENSES`].
pub(crate) const HARM: usize = 1;

/// The keys of the words of `key`'s sense other than `key` itself (none for a word of
/// no group): what a source may write for the claim's word.
pub(crate) fn alternatives(key: &str) -> impl Iterator<Item = &'static str> + '_ {
    let group = group_of(key).and_then(|g| table().groups.get(g));
    group
        .into_iter()
        .flatten()
        .map(String::as_str)
        .filter(move |k| *k != key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alts(word: &str) -> Vec<&'static str> {
        let k = stem(word);
        let mut v: Vec<&str> = alternatives(&k).collect();
        v.sort();
        v
    }

    #[test]
    fn a_word_of_a_sense_has_the_others_and_not_itself() {
        assert!(alts("killed").contains(&stem("deaths").as_str()));
        assert!(alts("hurt").contains(&stem("injured").as_str()));
        assert!(!alts("killed").contains(&stem("killed").as_str()));
        // A death is no other harm.
        assert!(!alts("killed").contains(&stem("injured").as_str()));
        assert!(alts("paris").is_empty());
        assert_eq!(group_of(&stem("deaths")), Some(DEATH));
        assert_eq!(group_of(&stem("wounded")), Some(HARM));
    }

    #[test]
    fn every_key_opens_with_a_lower_case_letter() {
        // (`group_of` rules words out by their first letter.)
        for (k, _) in &table().keys {
            assert!(
                k.bytes().next().is_some_and(|b| b.is_ascii_lowercase()),
                "{k}"
            );
        }
    }

    #[test]
    fn no_key_stands_in_two_groups() {
        let mut seen = std::collections::BTreeMap::new();
        for (i, g) in SENSES.iter().enumerate() {
            for w in *g {
                let k = stem(w);
                if let Some(j) = seen.insert(k.clone(), i) {
                    assert_eq!(i, j, "{w} ({k}) is in groups {j} and {i}");
                }
            }
        }
    }
}
