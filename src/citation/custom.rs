//! Citation markers found by the user's own patterns (`citations.patterns`, see
//! [`crate::patterns`]), added to those of the built-in styles.
//!
//! A match inside code, or overlapping a marker a built-in style already read, is not read
//! again. What the match names is resolved by its group: `index` as source numbers (with
//! `indexBase`), `id` as a source id, `chapter` as a chapter or section label; an unnamed
//! group (or the whole match) is tried as an id, then as a label, then as numbers. A name
//! that resolves to no source is a phantom source; numbers out of range are out of range.

use super::parse::{label_key, number_list};
use super::{Citation, CitationOptions, CitationStyle};
use crate::context::AnswerContext;
use crate::patterns::RefKind;
use crate::source::Source;

/// Adds the markers of `opts.patterns` to `out`, keeping `out` in answer order.
pub(super) fn add_pattern_citations(
    ctx: &AnswerContext,
    sources: &[Source],
    opts: &CitationOptions,
    out: &mut Vec<Citation>,
) {
    if opts.patterns.is_empty() {
        return;
    }
    let text = ctx.text;
    let mut added = false;
    for m in opts.patterns.find(text) {
        let (start, end) = m.whole;
        if ctx.code.region_at(start).is_some()
            || out.iter().any(|c| c.bytes.0 < end && start < c.bytes.1)
        {
            continue;
        }
        let Some(name) = text.get(m.reference.0..m.reference.1) else {
            continue;
        };
        let mut c = resolve(name.trim(), m.kind, sources, opts);
        c.raw = text[start..end].to_string();
        c.bytes = (start, end);
        c.start = ctx.utf16.to_utf16(start);
        c.end = ctx.utf16.to_utf16(end);
        out.push(c);
        added = true;
    }
    if added {
        crate::text::sort::sort_by_key(out, |c| (c.bytes.0, c.bytes.1));
    }
}

/// The citation `name` makes (span and raw text filled in by the caller).
fn resolve(name: &str, kind: RefKind, sources: &[Source], opts: &CitationOptions) -> Citation {
    let by_id = || by_id(sources, name);
    let by_label = || by_label(sources, name);
    let named = |matches: Vec<usize>| Citation {
        indexes: Vec::new(),
        source_ids: matches.iter().map(|&p| sources[p].id.clone()).collect(),
        valid: !matches.is_empty(),
        source_indexes: matches,
        raw: String::new(),
        start: 0,
        end: 0,
        style: CitationStyle::Pattern,
        malformed: false,
        bytes: (0, 0),
        name: Some(name.to_string()),
    };
    match kind {
        RefKind::Id => named(by_id()),
        RefKind::Chapter => named(by_label()),
        RefKind::Index => numbered(name, sources, opts),
        RefKind::Auto => {
            let ids = by_id();
            if !ids.is_empty() {
                return named(ids);
            }
            let labels = by_label();
            if !labels.is_empty() {
                return named(labels);
            }
            if number_list(name).is_some() {
                return numbered(name, sources, opts);
            }
            named(Vec::new())
        }
    }
}

/// Source numbers (`3`, `2-4`, `1, 3`), counted from `indexBase`; text that is not a
/// list of numbers is a malformed marker.
fn numbered(name: &str, sources: &[Source], opts: &CitationOptions) -> Citation {
    let (indexes, malformed) = number_list(name).unwrap_or((Vec::new(), true));
    let base = i64::from(opts.index_base);
    let mut valid = !indexes.is_empty() && !malformed;
    let mut source_indexes = Vec::new();
    for &n in &indexes {
        match usize::try_from(n - base)
            .ok()
            .filter(|&p| p < sources.len())
        {
            Some(p) => source_indexes.push(p),
            None => valid = false,
        }
    }
    Citation {
        source_ids: source_indexes
            .iter()
            .map(|&p| sources[p].id.clone())
            .collect(),
        indexes,
        source_indexes,
        raw: String::new(),
        start: 0,
        end: 0,
        style: CitationStyle::Pattern,
        valid,
        malformed,
        bytes: (0, 0),
        name: None,
    }
}

/// Sources whose id is `name` (exactly, else ignoring ASCII case).
fn by_id(sources: &[Source], name: &str) -> Vec<usize> {
    let exact: Vec<usize> = (0..sources.len())
        .filter(|&i| sources[i].id == name)
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    (0..sources.len())
        .filter(|&i| sources[i].id.eq_ignore_ascii_case(name))
        .collect()
}

/// Sources whose `chapterId` or `section` reads as the label `name` (`4`, `IV`, `2.1`,
/// `Chapter 4`).
fn by_label(sources: &[Source], name: &str) -> Vec<usize> {
    let key = label_key(name);
    if key.is_empty() {
        return Vec::new();
    }
    (0..sources.len())
        .filter(|&i| {
            let s = &sources[i];
            [s.chapter_id.as_deref(), s.section.as_deref()]
                .into_iter()
                .flatten()
                .any(|l| label_key(l) == key)
        })
        .collect()
}
