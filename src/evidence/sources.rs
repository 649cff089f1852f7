//! Named sources (`PHANTOM_SOURCE`) and checksums (`STALE_SOURCE`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::normalize::fold_str;
use super::quotes::{quotes, Quote};
use crate::context::scan::{locators, resolve_locator};
use crate::context::AnswerContext;
use crate::source::Source;
use crate::text::Span;
use crate::warning::{Warning, WarningKind};

/// How the answer names a source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum ReferenceKind {
    /// A file path (`src/x.rs`, `./lib/x.py`, `C:\app\main.rs`).
    Path,
    /// A URL.
    Url,
    /// A document title (quoted, or after "according to").
    Title,
    /// `Chapter X, Section N`.
    Chapter,
    /// `[source:id]` with a non-numeric id.
    SourceId,
}

/// One source the answer names.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct SourceReference {
    /// How it is named.
    pub kind: ReferenceKind,
    /// The name as written (a path without its line suffix).
    pub text: String,
    /// Where in the answer (UTF-16).
    pub span: Span,
    /// Ids of the retrieved sources it resolves to.
    pub source_ids: Vec<String>,
    /// True when it resolves to at least one retrieved source.
    pub verified: bool,
}

/// A source whose checksum is not the one the caller expected.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct StaleSource {
    /// The source's id.
    pub source_id: String,
    /// The checksum the caller expected.
    pub expected: String,
    /// The checksum the source carries (`null` when it has none).
    pub actual: Option<String>,
}

/// Summary of the source references (`sourcesVerified` / `sourcesTotal`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct SourcesSummary {
    /// References that resolve to a retrieved source.
    pub verified: usize,
    /// References the answer makes.
    pub total: usize,
    /// The names of the references that resolve to nothing, in answer order.
    pub phantom: Vec<String>,
    /// Sources whose checksum differs from the caller's.
    pub stale: Vec<StaleSource>,
    /// Every reference, in answer order.
    pub references: Vec<SourceReference>,
}

/// Words after "according to" that name no particular document.
const GENERIC: &[&str] = &[
    "documentation",
    "docs",
    "doc",
    "source",
    "sources",
    "context",
    "text",
    "passage",
    "document",
    "documents",
    "article",
    "guide",
    "manual",
    "readme",
    "code",
    "spec",
    "specification",
    "above",
    "it",
    "them",
    "this",
    "that",
    "these",
    "reference",
    "references",
    "answer",
    "results",
];

/// Words that name a part of a document (`Chapter 3`, `Section 2`, `Page 4`): after
/// "according to" they open a reference to a part, not a document title.
const PARTS: &[&str] = &[
    "chapter",
    "section",
    "part",
    "page",
    "appendix",
    "figure",
    "table",
    "paragraph",
    "article",
    "clause",
    "step",
    "line",
    "lines",
];

/// Finds the source references of the answer and the stale sources.
pub(crate) fn check_sources(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    cited: &[Vec<usize>],
    checksums: &BTreeMap<String, String>,
    warnings: &mut Vec<Warning>,
) -> SourcesSummary {
    let mut summary = SourcesSummary::default();
    for (s, e, kind, text, hits) in references(ctx, sources) {
        let span = ctx.span(s, e);
        let verified = !hits.is_empty();
        if !verified {
            warnings.push(
                Warning::new(
                    WarningKind::PhantomSource,
                    format!("The answer names {text:?}, which is not among the retrieved sources."),
                    Some(span),
                )
                .with("reference", text.clone())
                .with("referenceKind", kind_str(kind)),
            );
            summary.phantom.push(text.clone());
        }
        summary.verified += usize::from(verified);
        summary.total += 1;
        summary.references.push(SourceReference {
            kind,
            text,
            span,
            source_ids: hits
                .iter()
                .filter_map(|&i| sources.get(i))
                .map(|s| s.id.clone())
                .collect(),
            verified,
        });
    }
    stale_sources(ctx, sources, cited, checksums, &mut summary, warnings);
    summary
}

/// The answer's references to sources (`(start, end, kind, text, sources it resolves
/// to)`): paths and URLs, source ids, chapters, titles. Of overlapping forms the first
/// is kept, and of two at the same place the longer ("Chapter 3, Section 2" over a title
/// "Chapter" read after "according to").
fn references(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
) -> Vec<(usize, usize, ReferenceKind, String, Vec<usize>)> {
    let mut refs: Vec<(usize, usize, ReferenceKind, String, Vec<usize>)> = Vec::new();
    for loc in locators(ctx) {
        let kind = if loc.url {
            ReferenceKind::Url
        } else {
            ReferenceKind::Path
        };
        let hits = resolve_locator(loc, sources);
        refs.push((loc.start, loc.end, kind, loc.text.clone(), hits));
    }
    source_id_markers(ctx, sources, &mut refs);
    chapters(ctx, sources, &mut refs);
    titles(ctx, sources, &mut refs);
    crate::text::sort::sort_by_key(&mut refs, |a| (a.0, std::cmp::Reverse(a.1)));
    refs.dedup_by(|a, b| a.0 < b.1 && b.0 < a.1);
    refs
}

/// Stale sources: the caller's checksum for an id against the source's own; each
/// mismatch is a `STALE_SOURCE` finding at the source's first use.
fn stale_sources(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    cited: &[Vec<usize>],
    checksums: &BTreeMap<String, String>,
    summary: &mut SourcesSummary,
    warnings: &mut Vec<Warning>,
) {
    for (i, src) in sources.iter().enumerate() {
        let Some(expected) = checksums.get(&src.id) else {
            continue;
        };
        if src.checksum.as_deref() == Some(expected.as_str()) {
            continue;
        }
        let span = first_use(ctx, cited, summary, i, &src.id);
        warnings.push(
            Warning::new(
                WarningKind::StaleSource,
                format!(
                    "Source {:?} has checksum {}, but {} was expected: it may be out of date.",
                    src.id,
                    src.checksum.as_deref().unwrap_or("(none)"),
                    expected
                ),
                span,
            )
            .with("sourceId", src.id.clone())
            .with("expected", expected.clone())
            .with("actual", src.checksum.clone()),
        );
        summary.stale.push(StaleSource {
            source_id: src.id.clone(),
            expected: expected.clone(),
            actual: src.checksum.clone(),
        });
    }
}

fn kind_str(k: ReferenceKind) -> &'static str {
    match k {
        ReferenceKind::Path => "path",
        ReferenceKind::Url => "url",
        ReferenceKind::Title => "title",
        ReferenceKind::Chapter => "chapter",
        ReferenceKind::SourceId => "sourceId",
    }
}

/// Where the answer first relies on source `idx`: a segment citing it, else a reference
/// naming it.
fn first_use(
    ctx: &AnswerContext<'_>,
    cited: &[Vec<usize>],
    summary: &SourcesSummary,
    idx: usize,
    id: &str,
) -> Option<Span> {
    let by_citation = ctx
        .segments
        .iter()
        .zip(cited)
        .find(|(_, c)| c.contains(&idx))
        .map(|(seg, _)| ctx.span(seg.start, seg.end));
    let by_name = summary
        .references
        .iter()
        .find(|r| r.source_ids.iter().any(|s| s == id))
        .map(|r| r.span);
    match (by_citation, by_name) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `[source:id]`, `[source: id]`, `[Source id]` with a non-numeric id.
fn source_id_markers(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    refs: &mut Vec<(usize, usize, ReferenceKind, String, Vec<usize>)>,
) {
    let text = ctx.text;
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(p) = lower.get(from..).and_then(|t| t.find("[source")) {
        let s = from + p;
        from = s + 1;
        if ctx.code.contains(s) {
            continue;
        }
        // Bounded look-ahead: ids are short, and an unclosed marker must not make the
        // scan quadratic.
        let window = text.get(s..).map_or("", |t| crate::text::prefix(t, 256));
        let Some(close) = window.find(']') else {
            continue;
        };
        let e = s + close + 1;
        let inner = text.get(s + "[source".len()..e - 1).unwrap_or_default();
        let Some(id) = inner.strip_prefix([':', ' ']).map(str::trim) else {
            continue;
        };
        if id.is_empty() || id.contains('\n') || id.len() > 200 {
            continue;
        }
        // Lists of ids and numbers belong to the citation checker.
        if id
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | ' ' | '-'))
        {
            continue;
        }
        for part in id.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if part.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            let hits: Vec<usize> = sources
                .iter()
                .enumerate()
                .filter(|(_, src)| src.id == part || src.id.eq_ignore_ascii_case(part))
                .map(|(i, _)| i)
                .collect();
            refs.push((s, e, ReferenceKind::SourceId, part.to_string(), hits));
        }
    }
}

/// Byte ranges of the `Chapter X, Section N` references of the answer, resolved or
/// not: parts of documents, which the sources check verifies.
pub(crate) fn part_references(ctx: &AnswerContext<'_>) -> Vec<(usize, usize)> {
    let mut refs = Vec::new();
    chapters(ctx, &[], &mut refs);
    refs.into_iter().map(|r| (r.0, r.1)).collect()
}

/// `Chapter X` and `Chapter X, Section N`.
fn chapters(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    refs: &mut Vec<(usize, usize, ReferenceKind, String, Vec<usize>)>,
) {
    let text = ctx.text;
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(p) = lower.get(from..).and_then(|t| t.find("chapter ")) {
        let s = from + p;
        from = s + 1;
        if ctx.code.contains(s) || !starts_word(text, s) {
            continue;
        }
        let rest = text.get(s + "chapter ".len()..).unwrap_or_default();
        let chap = label(rest);
        if chap.is_empty() {
            continue;
        }
        let mut e = s + "chapter ".len() + chap.len();
        let mut section = None;
        let after = text.get(e..).unwrap_or_default();
        let after_l = after.to_ascii_lowercase();
        for sep in [", section ", " section ", ", § ", ", sec. "] {
            if after_l.starts_with(sep) {
                let sec = label(after.get(sep.len()..).unwrap_or_default());
                if !sec.is_empty() {
                    e += sep.len() + sec.len();
                    section = Some(sec.to_string());
                }
                break;
            }
        }
        let mut hits: Vec<usize> = sources
            .iter()
            .enumerate()
            .filter(|(_, src)| {
                let ch_ok = src
                    .chapter_id
                    .as_deref()
                    .is_some_and(|c| same_label(c, chap));
                let sec_ok = match (&section, src.section.as_deref()) {
                    (None, _) => true,
                    (Some(want), Some(have)) => same_label(have, want),
                    (Some(_), None) => false,
                };
                ch_ok && sec_ok
            })
            .map(|(i, _)| i)
            .collect();
        // Sources without chapter metadata: one whose title, section, document or text
        // names the chapter ("Chapter 3") holds it.
        if hits.is_empty() {
            let wanted = format!("chapter {}", chap.to_lowercase());
            hits = sources
                .iter()
                .enumerate()
                .filter(|(_, src)| src.chapter_id.is_none())
                .filter(|(_, src)| {
                    [&src.title, &src.section, &src.document]
                        .into_iter()
                        .flatten()
                        .chain(std::iter::once(&src.content))
                        .any(|t| names_label(t, &wanted))
                })
                .map(|(i, _)| i)
                .collect();
        }
        let name = text.get(s..e).unwrap_or_default().to_string();
        refs.push((s, e, ReferenceKind::Chapter, name, hits));
    }
}

/// True when `text` holds `wanted` (lower case, e.g. `chapter 3`) as whole words.
fn names_label(text: &str, wanted: &str) -> bool {
    let lower = text.to_lowercase();
    let mut from = 0;
    while let Some(p) = lower.get(from..).and_then(|t| t.find(wanted)) {
        let s = from + p;
        let e = s + wanted.len();
        let after_ok = !lower
            .get(e..)
            .and_then(|t| t.chars().next())
            .is_some_and(char::is_alphanumeric);
        if starts_word(&lower, s) && after_ok {
            return true;
        }
        from = e;
    }
    false
}

fn starts_word(text: &str, s: usize) -> bool {
    !text
        .get(..s)
        .and_then(|t| t.chars().next_back())
        .is_some_and(char::is_alphanumeric)
}

/// A chapter or section label: letters, digits and inner dots (`4`, `IV`, `2.1`).
fn label(s: &str) -> &str {
    let n = s
        .char_indices()
        .take_while(|&(_, c)| c.is_alphanumeric() || c == '.')
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8());
    s.get(..n).unwrap_or_default().trim_end_matches('.')
}

/// `"4"` ≡ `"Chapter 4"` ≡ `"04"`; `"2"` ≡ `"2"`; a section `2.1` is inside section `2`.
fn same_label(have: &str, want: &str) -> bool {
    let clean = |s: &str| {
        let l = s.trim().to_lowercase();
        let l = l
            .strip_prefix("chapter")
            .or_else(|| l.strip_prefix("section"))
            .map_or(l.clone(), |r| r.trim().to_string());
        l.trim_start_matches('0').to_string()
    };
    let (h, w) = (clean(have), clean(want));
    !w.is_empty() && (h == w || h.starts_with(&format!("{w}.")))
}

/// Quoted titles after a trigger ("according to", "titled", "in", "see") and unquoted
/// capitalised titles after "according to".
fn titles(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    refs: &mut Vec<(usize, usize, ReferenceKind, String, Vec<usize>)>,
) {
    let names: Vec<(usize, String)> = sources
        .iter()
        .enumerate()
        .flat_map(|(i, s)| {
            [&s.title, &s.document]
                .into_iter()
                .flatten()
                .map(move |t| (i, fold_str(t)))
        })
        .filter(|(_, t)| !t.is_empty())
        .collect();
    let resolve = |t: &str| -> Vec<usize> {
        let f = fold_str(t);
        let f = f.strip_prefix("the ").unwrap_or(&f).to_string();
        let mut hits: Vec<usize> = names
            .iter()
            .filter(|(_, n)| {
                let n = n.strip_prefix("the ").unwrap_or(n);
                n == f || (f.split(' ').count() >= 2 && (n.contains(&f) || f.contains(n)))
            })
            .map(|(i, _)| *i)
            .collect();
        hits.dedup();
        hits
    };
    for q in quotes(ctx) {
        if let Some((s, e, title)) = quoted_title(ctx, &q) {
            let hits = resolve(&title);
            if !hits.is_empty() || is_title_context(ctx.text, q.outer.0) {
                refs.push((s, e, ReferenceKind::Title, title, hits));
            }
        }
    }
    // "according to Title Case Words" without quotes.
    let text = ctx.text;
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(p) = lower.get(from..).and_then(|t| t.find("according to ")) {
        let s0 = from + p + "according to ".len();
        from = s0;
        if ctx.code.contains(s0) {
            continue;
        }
        let rest = text.get(s0..).unwrap_or_default();
        let mut off = 0;
        if rest.starts_with("the ") || rest.starts_with("The ") {
            off = 4;
        }
        let mut end = off;
        let mut last_cap_end = off;
        for w in rest.get(off..).unwrap_or_default().split_inclusive(' ') {
            let word = w.trim_end();
            let bare = word.trim_end_matches([',', '.', ';', ':', '!', '?']);
            let cap = bare.starts_with(|c: char| c.is_uppercase());
            let small = matches!(
                bare,
                "of" | "and" | "the" | "for" | "to" | "in" | "on" | "&" | "a"
            );
            if !(cap || small) || bare.is_empty() {
                break;
            }
            end += bare.len();
            if cap {
                last_cap_end = end;
            }
            if bare.len() != word.len() {
                break;
            }
            end += w.len() - bare.len();
        }
        let title = rest.get(off..last_cap_end).unwrap_or_default().trim();
        // "According to Chapter 3, Section 2": a part of a document, read by the
        // chapter scan, not a title.
        let first = title.split(' ').next().unwrap_or_default().to_lowercase();
        if PARTS.contains(&first.as_str()) {
            continue;
        }
        if title.is_empty()
            || title
                .split(' ')
                .all(|w| GENERIC.contains(&w.to_lowercase().as_str()))
            || title
                .split(' ')
                .any(|w| w.chars().all(|c| c.is_ascii_digit()))
        {
            continue;
        }
        let (s, e) = (s0 + off, s0 + off + title.len());
        let mut hits = resolve(title);
        if hits.is_empty() {
            hits = reporting(sources, title);
        }
        refs.push((s, e, ReferenceKind::Title, title.to_string(), hits));
    }
}

/// The sources whose content names `name` (read after "according to" and matching no
/// title): a body that the source itself reports (`according to the Office for National
/// Statistics`, or its acronym `the ONS`), so the answer names what was retrieved, not a
/// source of its own. The name is matched folded (case, accents), as whole words.
fn reporting(sources: &[Source], name: &str) -> Vec<usize> {
    let want = fold_str(name);
    let want = want.strip_prefix("the ").unwrap_or(&want);
    if want.is_empty() {
        return Vec::new();
    }
    let whole_words = |hay: &str| {
        hay.match_indices(want).any(|(i, m)| {
            let before = hay.get(..i).and_then(|b| b.chars().next_back());
            let after = hay.get(i + m.len()..).and_then(|a| a.chars().next());
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    };
    sources
        .iter()
        .enumerate()
        .filter(|(_, src)| {
            whole_words(&fold_str(&src.content))
                || crate::text::acronym::spelled_out(&src.content, name)
        })
        .map(|(i, _)| i)
        .collect()
}

/// A quote that is a title: `(start, end, title)` of the quoted span with its marks.
fn quoted_title(ctx: &AnswerContext<'_>, q: &Quote) -> Option<(usize, usize, String)> {
    let inner = ctx.text.get(q.inner.0..q.inner.1)?.trim();
    let words = inner.split_whitespace().count();
    if inner.is_empty() || words > 12 || inner.ends_with(['.', '!', '?', ';']) {
        return None;
    }
    Some((q.outer.0, q.outer.1, inner.to_string()))
}

/// True when the words just before a quote introduce a document title.
pub(crate) fn is_title_context(text: &str, open: usize) -> bool {
    let before = text.get(..open).unwrap_or_default();
    let tail: String = before
        .chars()
        .rev()
        .take(40)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let tail = tail.to_lowercase();
    let tail = tail.trim_end();
    [
        "according to",
        "titled",
        "entitled",
        "called",
        "named",
        "article",
        "document",
        "paper",
        "guide",
        "page",
        "book",
        "chapter",
        "section",
        "post",
        "see",
        "in the",
        "from the",
    ]
    .iter()
    .any(|t| tail.ends_with(t))
}
