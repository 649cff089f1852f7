//! Inverse document frequencies computed from the sources of one check: each sentence of
//! each source is a document. Terms that occur in no source get the largest weight (they
//! are what a claim adds), terms in every sentence the smallest.

use std::collections::{BTreeMap, BTreeSet};

/// Term weights for one set of sources.
#[derive(Debug, Clone, Default)]
pub struct Idf {
    df: BTreeMap<String, usize>,
    docs: usize,
}

impl Idf {
    /// Builds the table from the sentences' term keys.
    pub fn new<'a>(sentences: impl IntoIterator<Item = &'a BTreeSet<String>>) -> Self {
        let mut df: BTreeMap<String, usize> = BTreeMap::new();
        let mut docs = 0;
        for keys in sentences {
            docs += 1;
            for k in keys {
                *df.entry(k.clone()).or_insert(0) += 1;
            }
        }
        Idf { df, docs }
    }

    /// Builds the table from prepared sources: each sentence is a document (the same
    /// table as [`Idf::new`] over their sentences' content keys).
    pub(crate) fn from_prepared<'a>(
        sources: impl IntoIterator<Item = &'a super::prepared::PreparedSource>,
    ) -> Self {
        let mut df: BTreeMap<String, usize> = BTreeMap::new();
        let mut docs = 0;
        for s in sources {
            docs += s.sentences.len();
            for (id, key) in s.vocab.iter().enumerate() {
                let n = s.key_sentences.get(id as u32).len();
                if n > 0 {
                    match df.get_mut(key.as_str()) {
                        Some(c) => *c += n,
                        None => {
                            df.insert(key.clone(), n);
                        }
                    }
                }
            }
        }
        Idf { df, docs }
    }

    /// The weight of a term key: `1 + ln((N + 1) / (df + 0.5))`, at least 0.5.
    pub fn weight(&self, key: &str) -> f64 {
        let df = self.df.get(key).copied().unwrap_or(0) as f64;
        let n = self.docs as f64;
        (1.0 + ((n + 1.0) / (df + 0.5)).ln()).max(0.5)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rare_terms_weigh_more() {
        let s: Vec<BTreeSet<String>> = vec![
            ["tower", "paris"].iter().map(|s| s.to_string()).collect(),
            ["tower", "iron"].iter().map(|s| s.to_string()).collect(),
            ["tower", "height"].iter().map(|s| s.to_string()).collect(),
        ];
        let idf = Idf::new(&s);
        assert!(idf.weight("paris") > idf.weight("tower"));
        assert!(idf.weight("absent") > idf.weight("paris"));
        assert!(idf.weight("tower") >= 0.5);
    }
}
