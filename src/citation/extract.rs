//! Finding citation markers in an answer.

use super::parse::{label_key, number_list, strip_prefix};
use super::{Citation, CitationOptions, CitationStyle};
use crate::context::AnswerContext;
use crate::source::Source;

/// Longest marker content considered (bytes between the brackets).
pub(crate) const MAX_INNER: usize = 96;

/// Common variable names that, written right before `[n]`, mean array indexing.
const VARIABLE_NAMES: &[&str] = &[
    "acc", "arg", "args", "argv", "array", "arr", "buf", "buffer", "cells", "cfg", "chars", "col",
    "cols", "cur", "data", "dst", "elements", "entries", "env", "fields", "idx", "img", "items",
    "key", "keys", "lines", "list", "lst", "map", "mat", "matrix", "msg", "nums", "numbers", "obj",
    "out", "params", "parts", "pos", "ptr", "req", "res", "result", "results", "ret", "row",
    "rows", "self", "src", "str", "this", "tmp", "tokens", "tuple", "val", "vals", "values", "vec",
    "words", "xs", "ys",
];

/// Finds every citation marker of the enabled styles in the answer, in order, with
/// UTF-16 spans. Markers inside code, Markdown links (`[text](url)`), images, reference
/// definitions (`[1]: https://…`) and array indexing (`arr[1]`) are not citations.
pub fn extract_citations(
    ctx: &AnswerContext,
    sources: &[Source],
    opts: &CitationOptions,
) -> Vec<Citation> {
    let text = ctx.text;
    let bytes = text.as_bytes();
    let mut out: Vec<Citation> = Vec::new();
    let mut i = 0;
    let mut last_citation_end = usize::MAX;
    while i < bytes.len() {
        if let Some(region) = ctx.code.region_at(i) {
            i = region.end.max(i + 1);
            continue;
        }
        let b = bytes[i];
        let found = match b {
            b'[' => bracket(text, i, last_citation_end, sources, opts),
            b'(' if opts.has(CitationStyle::Parenthetical) => parenthetical(text, i, sources, opts),
            b'C' | b'c' if opts.has(CitationStyle::Chapter) => chapter(text, i, sources, opts),
            0xE3 if text[i..].starts_with('【') && opts.has(CitationStyle::Cjk) => {
                cjk(text, i, sources, opts)
            }
            _ => None,
        };
        match found {
            Some(Found::Citation(mut c)) => {
                c.start = ctx.utf16.to_utf16(c.bytes.0);
                c.end = ctx.utf16.to_utf16(c.bytes.1);
                i = c.bytes.1;
                last_citation_end = i;
                out.push(c);
            }
            Some(Found::Skip(end)) => i = end.max(i + 1),
            None => i += 1,
        }
        while i < bytes.len() && !text.is_char_boundary(i) {
            i += 1;
        }
    }
    super::custom::add_pattern_citations(ctx, sources, opts, &mut out);
    out
}

enum Found {
    Citation(Citation),
    /// Not a citation; resume scanning at this byte (past a link, say).
    Skip(usize),
}

/// Builds a citation, resolving numbers against the evidence list.
fn numbered(
    style: CitationStyle,
    (indexes, malformed): super::parse::NumberList,
    start: usize,
    end: usize,
    text: &str,
    sources: &[Source],
    opts: &CitationOptions,
) -> Found {
    let base = i64::from(opts.index_base);
    let mut source_ids = Vec::new();
    let mut source_indexes = Vec::new();
    let mut valid = !indexes.is_empty() && !malformed;
    for &n in &indexes {
        let pos = n - base;
        match usize::try_from(pos).ok().filter(|&p| p < sources.len()) {
            Some(p) => {
                source_indexes.push(p);
                source_ids.push(sources[p].id.clone());
            }
            None => valid = false,
        }
    }
    Found::Citation(Citation {
        indexes,
        source_ids,
        source_indexes,
        raw: text[start..end].to_string(),
        start: 0,
        end: 0,
        style,
        valid,
        malformed,
        bytes: (start, end),
        name: None,
    })
}

/// Builds a citation that names a source by id or chapter; `matches` are the positions
/// of the sources it resolves to (empty: a name that was not retrieved).
fn named(
    style: CitationStyle,
    name: &str,
    matches: Vec<usize>,
    start: usize,
    end: usize,
    text: &str,
    sources: &[Source],
) -> Found {
    Found::Citation(Citation {
        indexes: Vec::new(),
        source_ids: matches.iter().map(|&p| sources[p].id.clone()).collect(),
        valid: !matches.is_empty(),
        source_indexes: matches,
        raw: text[start..end].to_string(),
        start: 0,
        end: 0,
        style,
        malformed: false,
        bytes: (start, end),
        name: Some(name.to_string()),
    })
}

/// The byte offset of `close` after `open_at`, on the same line and within
/// [`MAX_INNER`] bytes.
fn closing(text: &str, from: usize, close: char) -> Option<usize> {
    let rest = &text[from..];
    let window = crate::text::prefix(rest, MAX_INNER + close.len_utf8());
    let at = window.find(close)?;
    if window[..at].contains('\n') {
        return None;
    }
    Some(from + at)
}

fn bracket(
    text: &str,
    open: usize,
    last_citation_end: usize,
    sources: &[Source],
    opts: &CitationOptions,
) -> Option<Found> {
    let close = closing(text, open + 1, ']')?;
    let end = close + 1;
    let inner = &text[open + 1..close];
    let after = &text[end..];
    let before = &text[..open];
    // Links, images, reference definitions: skip the whole construct.
    if after.starts_with('(') || before.ends_with('!') {
        return Some(Found::Skip(end));
    }
    let at_line_start = before
        .rsplit('\n')
        .next()
        .is_some_and(|l| l.trim().is_empty());
    if at_line_start && after.starts_with(':') {
        return Some(Found::Skip(end));
    }
    // `[text][ref]` reference links: a bracket right after a bracket that was not a
    // citation.
    if before.ends_with(']') && last_citation_end != open {
        return Some(Found::Skip(end));
    }
    let inner_t = inner.trim();
    // Footnote references attach to the word (`claim[^1]`), so they skip the test.
    if !inner_t.starts_with('^') && looks_like_indexing(before, after) {
        return Some(Found::Skip(end));
    }
    if let Some(label) = inner_t.strip_prefix('^') {
        if !opts.has(CitationStyle::Footnote) {
            return None;
        }
        return number_list(label)
            .map(|n| numbered(CitationStyle::Footnote, n, open, end, text, sources, opts));
    }
    if let Some(n) = number_list(inner_t) {
        return opts
            .has(CitationStyle::Numeric)
            .then(|| numbered(CitationStyle::Numeric, n, open, end, text, sources, opts));
    }
    if let Some((_, rest)) = strip_prefix(inner_t, &["sources", "source", "src", "ref", "citation"])
    {
        if !opts.has(CitationStyle::Source) {
            return None;
        }
        if let Some(n) = number_list(rest) {
            return Some(numbered(
                CitationStyle::Source,
                n,
                open,
                end,
                text,
                sources,
                opts,
            ));
        }
        if is_id_like(rest) {
            let m = sources_with_id(sources, rest);
            return Some(named(
                CitationStyle::Source,
                rest,
                m,
                open,
                end,
                text,
                sources,
            ));
        }
        return None;
    }
    if let Some((_, rest)) = strip_prefix(inner_t, &["document", "doc"]) {
        if let Some(n) = number_list(rest) {
            return opts
                .has(CitationStyle::Doc)
                .then(|| numbered(CitationStyle::Doc, n, open, end, text, sources, opts));
        }
    }
    if opts.has(CitationStyle::SourceId) && !inner_t.is_empty() {
        let m = sources_with_id(sources, inner_t);
        if !m.is_empty() {
            return Some(named(
                CitationStyle::SourceId,
                inner_t,
                m,
                open,
                end,
                text,
                sources,
            ));
        }
    }
    None
}

/// An id-like name: one token of letters, digits and `-_.:/#`, no spaces.
fn is_id_like(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ':' | '/' | '#'))
}

fn sources_with_id(sources: &[Source], id: &str) -> Vec<usize> {
    let id = id.trim();
    let exact: Vec<usize> = sources
        .iter()
        .enumerate()
        .filter(|(_, s)| s.id == id)
        .map(|(i, _)| i)
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    sources
        .iter()
        .enumerate()
        .filter(|(_, s)| s.id.eq_ignore_ascii_case(id))
        .map(|(i, _)| i)
        .collect()
}

/// True when `[..]` written right after `before` reads as array indexing (`arr[1]`,
/// `obj.items[2]`, `f()[0]`, `matrix[1][2]`), not as `Paris[1]` or `in 2020[1]`.
fn looks_like_indexing(before: &str, after: &str) -> bool {
    let Some(prev) = before.chars().next_back() else {
        return false;
    };
    if prev == ')' {
        return true;
    }
    if !(prev.is_alphanumeric() || prev == '_' || prev == '$') {
        return false;
    }
    let token_start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '$')))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let token = &before[token_start..];
    let next = after.trim_start_matches(' ');
    if next.starts_with('=') || next.starts_with('(') || next.starts_with("->") {
        return true;
    }
    if after.starts_with('.') && after[1..].starts_with(|c: char| c.is_alphanumeric() || c == '_') {
        return true;
    }
    if token.contains(['_', '.', '$']) {
        return true;
    }
    if token.chars().all(|c| c.is_ascii_digit()) {
        return false; // "in 2020[1]"
    }
    let has_digit = token.chars().any(|c| c.is_ascii_digit());
    let has_alpha = token.chars().any(char::is_alphabetic);
    if has_digit && has_alpha {
        return true;
    }
    let camel = token
        .chars()
        .zip(token.chars().skip(1))
        .any(|(a, b)| a.is_lowercase() && b.is_uppercase());
    if camel {
        return true;
    }
    // A word of three letters that the marker's punctuation ends a sentence or clause
    // after (`an unimaginable act[1].`, `or not[1],`) is prose, not a short variable
    // name (which are listed: `arr`, `buf`, `idx`, …).
    let ends_clause = after
        .strip_prefix(['.', ',', ';', ':', '!', '?'])
        .is_some_and(|rest| rest.chars().next().is_none_or(char::is_whitespace));
    if ends_clause
        && token.chars().count() == 3
        && token.chars().all(|c| c.is_ascii_lowercase())
        && !VARIABLE_NAMES.contains(&token)
    {
        return false;
    }
    if token.chars().count() <= 3 && token.chars().all(|c| c.is_ascii_lowercase()) {
        return true;
    }
    VARIABLE_NAMES.contains(&token)
}

fn parenthetical(
    text: &str,
    open: usize,
    sources: &[Source],
    opts: &CitationOptions,
) -> Option<Found> {
    let close = closing(text, open + 1, ')')?;
    let inner = text[open + 1..close].trim();
    let inner = strip_prefix(inner, &["see"]).map_or(inner, |(_, r)| r);
    let (_, rest) = strip_prefix(
        inner,
        &[
            "sources",
            "source",
            "documents",
            "document",
            "docs",
            "doc",
            "refs",
            "ref",
        ],
    )?;
    let n = number_list(rest)?;
    Some(numbered(
        CitationStyle::Parenthetical,
        n,
        open,
        close + 1,
        text,
        sources,
        opts,
    ))
}

fn cjk(text: &str, open: usize, sources: &[Source], opts: &CitationOptions) -> Option<Found> {
    let inner_start = open + '【'.len_utf8();
    let close = closing(text, inner_start, '】')?;
    let inner = &text[inner_start..close];
    // `【1†source】`: the number before the dagger.
    let numbers = inner.split('†').next().unwrap_or(inner);
    let n = number_list(numbers)?;
    Some(numbered(
        CitationStyle::Cjk,
        n,
        open,
        close + '】'.len_utf8(),
        text,
        sources,
        opts,
    ))
}

/// `Chapter 4`, `Chapter 4, Section 2`, `Chapter IV, Section 2.1`: a citation only when
/// some source carries chapter or section metadata.
fn chapter(text: &str, at: usize, sources: &[Source], _opts: &CitationOptions) -> Option<Found> {
    if !sources
        .iter()
        .any(|s| s.chapter_id.is_some() || s.section.is_some())
    {
        return None;
    }
    let rest = &text[at..];
    if rest.len() < 8 || !rest.is_char_boundary(7) || !rest[..7].eq_ignore_ascii_case("chapter") {
        return None;
    }
    if text[..at]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric)
    {
        return None;
    }
    let mut pos = at + 7;
    let ch = label_token(text, &mut pos)?;
    let mut end = pos;
    let mut sec = None;
    // Optional ", Section N".
    let tail = &text[pos..];
    let skipped = tail.len() - tail.trim_start_matches([',', ' ']).len();
    let t2 = &tail[skipped..];
    if t2.len() >= 8 && t2.is_char_boundary(7) && t2[..7].eq_ignore_ascii_case("section") {
        let mut p2 = pos + skipped + 7;
        if let Some(s) = label_token(text, &mut p2) {
            sec = Some(s);
            end = p2;
        }
    }
    let ch_key = label_key(ch);
    let sec_key = sec.map(label_key);
    let matches: Vec<usize> = sources
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            let ch_ok = s
                .chapter_id
                .as_deref()
                .map(label_key)
                .is_some_and(|k| k == ch_key);
            let sec_of = s.section.as_deref().map(label_key);
            match &sec_key {
                None => ch_ok,
                Some(sk) => {
                    (ch_ok
                        && sec_of
                            .as_deref()
                            .is_some_and(|k| k == sk || k == format!("{ch_key}.{sk}")))
                        || sec_of.is_some_and(|k| k == format!("{ch_key}.{sk}"))
                }
            }
        })
        .map(|(i, _)| i)
        .collect();
    let name = text[at..end].to_string();
    Some(named(
        CitationStyle::Chapter,
        &name,
        matches,
        at,
        end,
        text,
        sources,
    ))
}

/// Reads a space then a label (`4`, `IV`, `2.1`, `A`) at `*pos`, advancing past it.
fn label_token<'a>(text: &'a str, pos: &mut usize) -> Option<&'a str> {
    let rest = &text[*pos..];
    let ws = rest.len() - rest.trim_start_matches(' ').len();
    if ws == 0 {
        return None;
    }
    let body = &rest[ws..];
    let len = body
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '.'))
        .map_or(body.len(), |(i, _)| i);
    let token = body[..len].trim_end_matches('.');
    let is_label = !token.is_empty()
        && token.len() <= 8
        && (token.chars().next().is_some_and(|c| c.is_ascii_digit())
            || token
                .chars()
                .all(|c| matches!(c.to_ascii_uppercase(), 'I' | 'V' | 'X' | 'L'))
            || token.len() == 1);
    if !is_label {
        return None;
    }
    *pos += ws + token.len();
    Some(token)
}
