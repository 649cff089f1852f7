//! Claim verdicts remembered between checks of a growing answer (a stream): a claim whose
//! text, flags, citations and reading are those of the previous check, against the same
//! sources, question and options, gets the previous assessment instead of a new one, so
//! a streamed chunk costs the matching of the claims it adds or changes.

use std::collections::BTreeMap;
use std::sync::Mutex;

use super::features::Assessment;
use super::support::ClaimProfile;
use super::{ClaimFeatures, ClaimKind, ClaimOptions};

/// What `best_assessment` returns for one claim.
pub(crate) type Memoized = (Assessment, ClaimFeatures, f64, bool);

#[derive(Debug, Default)]
struct MemoState {
    /// The question and options the entries were made under.
    question: String,
    opts: Option<ClaimOptions>,
    /// The previous check's claims, and the current one's.
    last: BTreeMap<String, Memoized>,
    next: BTreeMap<String, Memoized>,
    hits: u64,
    misses: u64,
}

/// The assessments of the previous check's claims. Holds one check's worth (the claims
/// of the answer so far); owned by one stream, whose sources never change.
#[derive(Debug, Default)]
pub struct ClaimMemo {
    state: Mutex<MemoState>,
}

impl Clone for ClaimMemo {
    fn clone(&self) -> Self {
        ClaimMemo::default()
    }
}

impl ClaimMemo {
    /// Starts a check: entries made under another question or other options are dropped.
    pub(crate) fn begin(&self, question: &str, opts: &ClaimOptions) {
        if let Ok(mut s) = self.state.lock() {
            if s.question != question || s.opts.as_ref() != Some(opts) {
                s.last.clear();
                s.question = question.to_string();
                s.opts = Some(opts.clone());
            }
            s.next.clear();
        }
    }

    /// The remembered assessment under `key`, or `compute()`'s (remembered for the next
    /// check).
    pub(crate) fn get_or(&self, key: String, compute: impl FnOnce() -> Memoized) -> Memoized {
        let found = self.state.lock().ok().and_then(|mut s| {
            let v = s.last.get(&key).cloned();
            if v.is_some() {
                s.hits += 1;
            } else {
                s.misses += 1;
            }
            v
        });
        let value = match found {
            Some(v) => v,
            None => compute(),
        };
        if let Ok(mut s) = self.state.lock() {
            s.next.insert(key, value.clone());
        }
        value
    }

    /// Ends a check: its claims are what the next one may reuse.
    pub(crate) fn end(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.last = std::mem::take(&mut s.next);
        }
    }

    /// `(hits, misses)` so far: claims reused and claims matched.
    pub fn stats(&self) -> (u64, u64) {
        self.state.lock().map_or((0, 0), |s| (s.hits, s.misses))
    }

    /// Drops every entry.
    pub fn clear(&self) {
        if let Ok(mut s) = self.state.lock() {
            *s = MemoState::default();
        }
    }
}

/// The memo key of a claim: everything its assessment depends on besides the sources,
/// question and options (its kind, the profile scored and its name flags, the statement
/// read with the question, the citations).
pub(crate) fn key(
    kind: ClaimKind,
    scored: &ClaimProfile,
    statement: Option<&ClaimProfile>,
    citations: &[usize],
) -> String {
    let flags = |p: &ClaimProfile| -> String {
        p.words
            .iter()
            .map(|w| match (w.name, w.initial) {
                (true, true) => '3',
                (true, false) => '2',
                (false, true) => '1',
                (false, false) => '0',
            })
            .collect()
    };
    let mut k = format!("{kind:?}\u{0}{}\u{0}{}\u{0}", scored.text, flags(scored));
    if let Some(st) = statement {
        k.push_str(&st.text);
        k.push('\u{0}');
        k.push_str(&flags(st));
    }
    k.push('\u{0}');
    for c in citations {
        k.push_str(&c.to_string());
        k.push(',');
    }
    k
}
