//! Quoted text and code must appear in the source it cites (`SNIPPET_MISMATCH`).

use serde::Serialize;

use super::normalize::fold_str;
use super::quotes::{block_quotes, code_snippets, quotes, split_elisions, Candidate, SnippetKind};
use super::snippet_match::{verify_prepared, ClosestPassage, MatchMethod, Prepared, SnippetMatch};
use super::sources::is_title_context;
use super::EvidenceOptions;
use crate::context::scan::{cited_sources, segments_overlapping};
use crate::context::AnswerContext;
use crate::source::Source;
use crate::text::Span;
use crate::warning::{Warning, WarningKind};

/// The outcome for one snippet of the answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct SnippetResult {
    /// How the answer presents it.
    pub kind: SnippetKind,
    /// The snippet text (without marks or fences).
    pub text: String,
    /// Where in the answer (UTF-16), marks included.
    pub span: Span,
    /// Ids of the sources it cites (empty: it was matched against all sources).
    pub cited_source_ids: Vec<String>,
    /// True when it appears in a cited source (or in any source when none is cited).
    pub verified: bool,
    /// The stage that matched.
    pub method: MatchMethod,
    /// Match score in [0, 1].
    pub score: f64,
    /// The source it was found in (or came closest to).
    pub source_id: Option<String>,
    /// The matched passage in that source (UTF-16 of its content).
    pub source_span: Option<Span>,
    /// The closest passage, when not verified.
    pub closest: Option<ClosestPassage>,
    /// Tokens that had to match exactly and did not.
    pub mismatched_tokens: Vec<String>,
    /// When it does not appear in the cited source but does in another one: that one.
    pub found_in_other_source: Option<String>,
}

/// Summary of the snippet checks (`snippetsVerified` / `snippetsTotal`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct SnippetsSummary {
    /// Snippets found in their source.
    pub verified: usize,
    /// Snippets checked.
    pub total: usize,
    /// One entry per snippet, in answer order.
    pub items: Vec<SnippetResult>,
}

/// Every snippet candidate of the answer that is long enough to check, in order.
pub fn candidates(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    opts: &EvidenceOptions,
) -> Vec<Candidate> {
    let titles: Vec<String> = sources
        .iter()
        .flat_map(|s| [&s.title, &s.document].into_iter().flatten())
        .map(|t| fold_str(t))
        .collect();
    let mut out = block_quotes(ctx);
    let blocks: Vec<(usize, usize)> = out.iter().map(|c| c.outer).collect();
    for q in quotes(ctx) {
        if blocks
            .iter()
            .any(|&(s, e)| q.outer.0 >= s && q.outer.1 <= e)
        {
            continue;
        }
        let inner = ctx
            .text
            .get(q.inner.0..q.inner.1)
            .unwrap_or_default()
            .trim();
        let words = inner.split_whitespace().count();
        let is_marker = inner.starts_with('[') && inner.ends_with(']');
        let folded = fold_str(inner);
        let title = titles.contains(&folded)
            || (is_title_context(ctx.text, q.outer.0)
                && words <= 12
                && !inner.ends_with(['.', '!', '?', ';']));
        let long =
            words >= opts.min_snippet_words || inner.chars().count() >= 3 * opts.min_snippet_chars;
        if is_marker || title || !long || inner.chars().count() < opts.min_snippet_chars {
            continue;
        }
        out.push(Candidate {
            kind: SnippetKind::Quote,
            outer: q.outer,
            text: inner.to_string(),
        });
    }
    for c in code_snippets(ctx) {
        let enabled = match c.kind {
            SnippetKind::CodeBlock => opts.check_code_blocks,
            _ => opts.check_inline_code,
        };
        if enabled && c.text.trim().chars().count() >= opts.min_snippet_chars {
            out.push(c);
        }
    }
    crate::text::sort::sort_by_key(&mut out, |c| c.outer);
    out
}

/// Checks every snippet of the answer.
pub(crate) fn check_snippets(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    prepared: &[Prepared<'_>],
    cited: &[Vec<usize>],
    opts: &EvidenceOptions,
    warnings: &mut Vec<Warning>,
) -> SnippetsSummary {
    let mut summary = SnippetsSummary::default();
    for c in candidates(ctx, sources, opts) {
        let (s, e) = c.outer;
        let mut cites = cited_sources(ctx, cited, sources.len(), s, e);
        if cites.is_empty() && matches!(c.kind, SnippetKind::CodeBlock | SnippetKind::BlockQuote) {
            cites = neighbour_citations(ctx, cited, sources.len(), s, e);
        }
        let ((idx, m), other) = locate(&c.text, c.kind, &cites, sources, prepared, opts);
        let source_id = idx.and_then(|i| sources.get(i)).map(|s| s.id.clone());
        let result = SnippetResult {
            kind: c.kind,
            text: c.text.clone(),
            span: ctx.span(s, e),
            cited_source_ids: cites
                .iter()
                .filter_map(|&i| sources.get(i))
                .map(|s| s.id.clone())
                .collect(),
            verified: m.verified,
            method: m.method,
            score: m.score,
            source_id,
            source_span: m.span.or(m.closest.as_ref().map(|c| c.span)),
            closest: m.closest,
            mismatched_tokens: m.mismatched_tokens,
            found_in_other_source: other,
        };
        if !result.verified {
            warnings.push(mismatch(&result, !cites.is_empty()));
        }
        summary.verified += usize::from(result.verified);
        summary.total += 1;
        summary.items.push(result);
    }
    summary
}

/// Where `token` occurs in `text` as a whole token: not inside a longer word, option or
/// path (the characters around it are not letters, digits, `-`, `_`, `=`, `/` or `.`
/// followed by a letter); with `delimited`, not beside a space either (a command set off
/// as code or by punctuation, not the start or the end of a longer one).
fn whole_token_at(text: &str, token: &str, delimited: bool) -> Option<usize> {
    let inner = |c: char| {
        c.is_alphanumeric() || matches!(c, '-' | '_' | '=' | '/') || (delimited && c == ' ')
    };
    let mut from = 0;
    while let Some(at) = text.get(from..).and_then(|t| t.find(token)) {
        let start = from + at;
        let end = start + token.len();
        let before = text.get(..start).and_then(|b| b.chars().next_back());
        let mut after = text.get(end..).map(str::chars);
        let next = after.as_mut().and_then(Iterator::next);
        let next2 = after.as_mut().and_then(Iterator::next);
        let clear_after = match next {
            None => true,
            Some('.') => !next2.is_some_and(char::is_alphanumeric),
            Some(c) => !inner(c),
        };
        if !before.is_some_and(inner) && clear_after {
            return Some(start);
        }
        from = start + token.len().max(1);
    }
    None
}

/// Inline code that no source holds as written but one of `pool` holds in parts: the
/// code's command (every token before its trailing options, two tokens or more) as
/// written and set off (as code, or by punctuation: `` `npm run deploy` ``, not `npm
/// run` of it), and each trailing option (`-x`, `--name`, `--name=value`) as a whole
/// token.
/// The snippet is then [`MatchMethod::Composed`], its span the command's.
fn composed(
    text: &str,
    pool: &[usize],
    prepared: &[Prepared<'_>],
) -> Option<(usize, SnippetMatch)> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let options = tokens
        .iter()
        .rev()
        .take_while(|t| {
            t.len() >= 2
                && t.starts_with('-')
                && t.chars()
                    .nth(1)
                    .is_some_and(|c| c.is_alphabetic() || c == '-')
        })
        .count();
    let command_len = tokens.len().checked_sub(options)?;
    if options == 0 || command_len < 2 {
        return None;
    }
    let command = tokens.get(..command_len)?.join(" ");
    let trailing = tokens.get(command_len..)?;
    pool.iter().find_map(|&i| {
        let src = prepared.get(i)?;
        let at = whole_token_at(src.text, &command, true)?;
        trailing
            .iter()
            .all(|o| whole_token_at(src.text, o, false).is_some())
            .then(|| {
                (
                    i,
                    SnippetMatch {
                        verified: true,
                        method: MatchMethod::Composed,
                        score: 1.0,
                        span: Some(src.utf16().span(at, at + command.len())),
                        matched: Some(command.clone()),
                        closest: None,
                        mismatched_tokens: Vec::new(),
                    },
                )
            })
    })
}

/// The best match of a snippet in the sources it cites (all of them when it cites none),
/// inline code composed of their parts when none holds it as written ([`composed`]),
/// and, when a cited source does not hold it, the id of another source that does.
fn locate(
    text: &str,
    kind: SnippetKind,
    cites: &[usize],
    sources: &[Source],
    prepared: &[Prepared<'_>],
    opts: &EvidenceOptions,
) -> ((Option<usize>, SnippetMatch), Option<String>) {
    let pool: Vec<usize> = if cites.is_empty() {
        (0..sources.len()).collect()
    } else {
        cites.to_vec()
    };
    let best = best_in(text, &pool, prepared, opts);
    if !best.1.verified && kind == SnippetKind::InlineCode {
        if let Some((i, m)) = composed(text, &pool, prepared) {
            return ((Some(i), m), None);
        }
    }
    let mut other = None;
    if !best.1.verified && !cites.is_empty() {
        let rest: Vec<usize> = (0..sources.len()).filter(|i| !cites.contains(i)).collect();
        let alt = best_in(text, &rest, prepared, opts);
        if alt.1.verified {
            other = alt.0.and_then(|i| sources.get(i)).map(|s| s.id.clone());
        }
    }
    (best, other)
}

/// The `SNIPPET_MISMATCH` finding of a snippet no source holds (`cites`: it cites a
/// source).
fn mismatch(result: &SnippetResult, cites: bool) -> Warning {
    let what = match result.kind {
        SnippetKind::CodeBlock | SnippetKind::InlineCode => "Code",
        _ => "Quoted text",
    };
    let where_ = if cites {
        "the cited source"
    } else {
        "any source"
    };
    let mut msg = format!("{what} does not appear in {where_}");
    if let Some(o) = &result.found_in_other_source {
        msg.push_str(&format!(" (it appears in source {o:?})"));
    }
    if !result.mismatched_tokens.is_empty() {
        msg.push_str(&format!(
            "; differs in: {}",
            result.mismatched_tokens.join(", ")
        ));
    }
    msg.push('.');
    let mut w = Warning::new(WarningKind::SnippetMismatch, msg, Some(result.span))
        .with("sourceId", result.source_id.clone())
        .with("score", result.score)
        .with(
            "snippetKind",
            serde_json::to_value(result.kind).unwrap_or_default(),
        );
    if let Some(cl) = &result.closest {
        w = w.with("closest", cl.text.clone()).with(
            "sourceSpan",
            serde_json::to_value(cl.span).unwrap_or_default(),
        );
    }
    if let Some(o) = &result.found_in_other_source {
        w = w.with("foundInSourceId", o.clone());
    }
    w
}

fn none_match() -> SnippetMatch {
    verify_prepared("", &Prepared::new(""), &Default::default())
}

/// The citations of the segment just before or just after `[s, e)`.
fn neighbour_citations(
    ctx: &AnswerContext<'_>,
    cited: &[Vec<usize>],
    n: usize,
    s: usize,
    e: usize,
) -> Vec<usize> {
    let here = segments_overlapping(ctx, s, e);
    let first = here.first().copied().unwrap_or(0);
    let last = here.last().copied().unwrap_or(0);
    let mut candidates = Vec::new();
    if let Some(p) = first.checked_sub(1) {
        candidates.push(p);
    }
    candidates.push(last + 1);
    for i in candidates {
        if let Some(c) = cited.get(i) {
            let c: Vec<usize> = c.iter().copied().filter(|&x| x < n).collect();
            if !c.is_empty() {
                let mut c = c;
                crate::text::sort::sort_usize(&mut c);
                c.dedup();
                return c;
            }
        }
    }
    Vec::new()
}

/// The best match of `text` over the sources `pool`: a verified one first, then the
/// highest score; elided quotations (`a … b`) must match every part in one source.
fn best_in(
    text: &str,
    pool: &[usize],
    prepared: &[Prepared<'_>],
    opts: &EvidenceOptions,
) -> (Option<usize>, SnippetMatch) {
    let parts = split_elisions(text);
    let mut best: Option<(usize, SnippetMatch)> = None;
    for &i in pool {
        let Some(p) = prepared.get(i) else { continue };
        let m = if parts.len() > 1 {
            combine(
                parts
                    .iter()
                    .map(|part| verify_prepared(part, p, &opts.snippet)),
            )
        } else {
            verify_prepared(text, p, &opts.snippet)
        };
        let better = match &best {
            None => true,
            Some((_, b)) => (m.verified, m.score) > (b.verified, b.score),
        };
        if better {
            let done = m.verified && m.method == MatchMethod::Exact;
            best = Some((i, m));
            if done {
                break;
            }
        }
    }
    match best {
        Some((i, m)) => (Some(i), m),
        None => (None, none_match()),
    }
}

/// Combines the matches of an elided quotation's parts: verified when all are, the
/// lowest score and weakest method, the span from the first part to the last.
fn combine(parts: impl Iterator<Item = SnippetMatch>) -> SnippetMatch {
    let parts: Vec<SnippetMatch> = parts.collect();
    let verified = !parts.is_empty() && parts.iter().all(|p| p.verified);
    let score = parts.iter().map(|p| p.score).fold(1.0f64, f64::min);
    let method = parts
        .iter()
        .map(|p| p.method)
        .max()
        .unwrap_or(MatchMethod::None);
    let first = parts
        .first()
        .and_then(|p| p.span.or(p.closest.as_ref().map(|c| c.span)));
    let last = parts
        .last()
        .and_then(|p| p.span.or(p.closest.as_ref().map(|c| c.span)));
    let span = match (first, last) {
        (Some(a), Some(b)) if a.start <= b.end => Some(Span::new(a.start, b.end)),
        (a, _) => a,
    };
    let failed = parts.iter().find(|p| !p.verified);
    SnippetMatch {
        verified,
        method: if verified { method } else { MatchMethod::None },
        score,
        span: if verified { span } else { None },
        matched: None,
        closest: failed.and_then(|p| p.closest.clone()),
        mismatched_tokens: parts
            .iter()
            .flat_map(|p| p.mismatched_tokens.clone())
            .collect(),
    }
}
