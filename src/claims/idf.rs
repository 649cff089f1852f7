//! Inverse document frequencies computed from the sources of one check: each sentence of
//! each source is a document. Terms that occur in no source get the largest weight (they
//! are what a claim adds), terms in every sentence the smallest.

use std::collections::BTreeSet;

use super::prepared::Interner;

/// Term weights for one set of sources.
#[derive(Debug, Clone, Default)]
pub struct Idf {
    /// The keys that occur in some document (an FNV table: a weight is looked up with one
    /// hash and a comparison or two, where a `BTreeMap` compared strings at every level).
    keys: Interner,
    /// The number of documents each key of `keys` occurs in, by its id.
    df: Vec<usize>,
    docs: usize,
}

impl Idf {
    /// Adds `n` documents to the count of `key`.
    fn add(&mut self, key: &str, n: usize) {
        let id = self.keys.intern(key) as usize;
        if id == self.df.len() {
            self.df.push(0);
        }
        if let Some(c) = self.df.get_mut(id) {
            *c += n;
        }
    }

    /// Builds the table from the sentences' term keys.
    pub fn new<'a>(sentences: impl IntoIterator<Item = &'a BTreeSet<String>>) -> Self {
        let mut idf = Idf::default();
        for keys in sentences {
            idf.docs += 1;
            for k in keys {
                idf.add(k, 1);
            }
        }
        idf
    }

    /// Builds the table from prepared sources: each sentence is a document (the same
    /// table as [`Idf::new`] over their sentences' content keys).
    pub(crate) fn from_prepared<'a>(
        sources: impl IntoIterator<Item = &'a super::prepared::PreparedSource>,
    ) -> Self {
        let mut idf = Idf::default();
        for s in sources {
            idf.docs += s.sentences.len();
            for (id, key) in s.vocab.iter().enumerate() {
                let n = s.key_sentences.get(id as u32).len();
                if n > 0 {
                    idf.add(key, n);
                }
            }
        }
        idf
    }

    /// The weight of a term key: `1 + ln((N + 1) / (df + 0.5))`, at least 0.5.
    pub fn weight(&self, key: &str) -> f64 {
        let df = self
            .keys
            .find(key)
            .and_then(|id| self.df.get(id as usize))
            .copied()
            .unwrap_or(0) as f64;
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
        // Many keys (the table grows) keep their counts.
        let many: Vec<BTreeSet<String>> = (0..300)
            .map(|i| [format!("k{i}"), format!("k{}", i / 3), "all".to_string()].into())
            .collect();
        let idf = Idf::new(&many);
        assert_eq!(
            idf.weight("all"),
            (1.0f64 + (301.0f64 / 300.5).ln()).max(0.5)
        );
        let df_k1 = 1.0 + 3.0; // `k1` itself, and `k{i/3}` for i = 3, 4, 5
        assert_eq!(idf.weight("k1"), 1.0 + (301.0f64 / (df_k1 + 0.5)).ln());
        assert_eq!(idf.weight("k299"), 1.0 + (301.0f64 / 1.5).ln());
        assert_eq!(idf.weight("absent"), 1.0 + (301.0f64 / 0.5).ln());
    }
}
