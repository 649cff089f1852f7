//! Line references (`LINE_MISMATCH`): `path:10-20`, `path#L10-L20`, `lines 10–20 of
//! path`, `line 42` must fall inside the cited chunk's `startLine`/`endLine`, and code
//! shown right after the reference must appear within those lines.

use serde::Serialize;

use super::snippet_match::{verify_prepared, Prepared};
use super::EvidenceOptions;
use crate::context::scan::{cited_sources, locators, resolve_locator, Locator};
use crate::context::AnswerContext;
use crate::source::Source;
use crate::text::Span;
use crate::warning::{Warning, WarningKind};

/// The outcome for one line reference.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct LineResult {
    /// The reference as written.
    pub text: String,
    /// Where in the answer (UTF-16).
    pub span: Span,
    /// The path it names, if any.
    pub path: Option<String>,
    /// First line referred to.
    pub start: u64,
    /// Last line referred to.
    pub end: u64,
    /// The sources it was checked against.
    pub source_ids: Vec<String>,
    /// True when the range lies inside the retrieved line ranges.
    pub in_range: bool,
    /// Whether code shown next to the reference appears within those lines (`null`
    /// when no code is shown).
    pub code_verified: Option<bool>,
    /// True when the range is in range and the code (if any) matches.
    pub verified: bool,
}

/// Summary of the line checks.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct LinesSummary {
    /// References that check out.
    pub verified: usize,
    /// References checked (those that name a source with a line range).
    pub total: usize,
    /// One entry per checked reference.
    pub items: Vec<LineResult>,
}

struct LineRef {
    start: usize,
    end: usize,
    path: Option<String>,
    range: (u64, u64),
}

/// Checks every line reference of the answer.
pub(crate) fn check_lines(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    cited: &[Vec<usize>],
    opts: &EvidenceOptions,
    warnings: &mut Vec<Warning>,
) -> LinesSummary {
    let mut summary = LinesSummary::default();
    for r in line_refs(ctx) {
        let pool: Vec<usize> = match &r.path {
            Some(p) => resolve_locator(
                &Locator {
                    start: r.start,
                    end: r.end,
                    text: p.clone(),
                    url: false,
                    lines: None,
                },
                sources,
            ),
            None => cited_sources(ctx, cited, sources.len(), r.start, r.end),
        };
        let chunks = line_chunks(&pool, sources);
        if chunks.is_empty() {
            continue; // nothing to check against (a phantom path is PHANTOM_SOURCE's)
        }
        let (a, b) = (r.range.0.min(r.range.1), r.range.0.max(r.range.1));
        let in_range = covered(&chunks, a, b);
        let span = ctx.span(r.start, r.end);
        let text = ctx.text.get(r.start..r.end).unwrap_or_default().to_string();
        let ids: Vec<String> = chunks
            .iter()
            .filter_map(|c| sources.get(c.2))
            .map(|s| s.id.clone())
            .collect();
        let (code_verified, warning) = if in_range {
            code_check(ctx, sources, opts, &chunks, &r, &ids)
        } else {
            (None, Some(out_of_range(&chunks, (a, b), span, &ids)))
        };
        warnings.extend(warning);
        let verified = in_range && code_verified != Some(false);
        summary.verified += usize::from(verified);
        summary.total += 1;
        summary.items.push(LineResult {
            text,
            span,
            path: r.path,
            start: a,
            end: b,
            source_ids: ids,
            in_range,
            code_verified,
            verified,
        });
    }
    summary
}

/// The answer's line references, from locators with lines and worded ones, in order,
/// overlapping ones kept once.
fn line_refs(ctx: &AnswerContext<'_>) -> Vec<LineRef> {
    let locs = locators(ctx);
    let mut refs: Vec<LineRef> = locs
        .iter()
        .filter_map(|l| {
            l.lines.map(|r| LineRef {
                start: l.start,
                end: l.end,
                path: Some(l.text.clone()),
                range: r,
            })
        })
        .collect();
    refs.extend(worded_refs(ctx, locs));
    crate::text::sort::sort_by_key(&mut refs, |r| (r.start, r.end));
    refs.dedup_by(|a, b| a.start < b.end && b.start < a.end);
    refs
}

/// The line ranges the pool's sources hold (`(first, last, source index)`); a source
/// without a `startLine` holds none.
fn line_chunks(pool: &[usize], sources: &[Source]) -> Vec<(u64, u64, usize)> {
    pool.iter()
        .filter_map(|&i| {
            let s = sources.get(i)?;
            let a = u64::from(s.start_line?);
            let b = s.end_line.map_or(
                a + s.content.lines().count().saturating_sub(1) as u64,
                u64::from,
            );
            Some((a, b.max(a), i))
        })
        .collect()
}

/// A reference in range with code shown after it: whether the code is within the lines
/// (with `lineSlack` on each side), and the `LINE_MISMATCH` finding when it is not.
fn code_check(
    ctx: &AnswerContext<'_>,
    sources: &[Source],
    opts: &EvidenceOptions,
    chunks: &[(u64, u64, usize)],
    r: &LineRef,
    ids: &[String],
) -> (Option<bool>, Option<Warning>) {
    let Some(code) = code_after(ctx, r.end) else {
        return (None, None);
    };
    let (a, b) = (r.range.0.min(r.range.1), r.range.0.max(r.range.1));
    let lines = lines_text(
        chunks,
        sources,
        a.saturating_sub(opts.line_slack),
        b + opts.line_slack,
    );
    let m = verify_prepared(code, &Prepared::new(&lines), &opts.snippet);
    let warning = (!m.verified).then(|| {
        Warning::new(
            WarningKind::LineMismatch,
            format!("The code shown is not within lines {a}–{b} of the cited source."),
            Some(ctx.span(r.start, r.end)),
        )
        .with("sourceId", ids.first().cloned())
        .with("lines", vec![a, b])
        .with("score", m.score)
    });
    (Some(m.verified), warning)
}

/// The `LINE_MISMATCH` finding of a reference to lines `(a, b)` outside the retrieved
/// ranges.
fn out_of_range(
    chunks: &[(u64, u64, usize)],
    (a, b): (u64, u64),
    span: Span,
    ids: &[String],
) -> Warning {
    let available: Vec<[u64; 2]> = chunks.iter().map(|c| [c.0, c.1]).collect();
    Warning::new(
        WarningKind::LineMismatch,
        format!(
            "Lines {a}–{b} are outside the retrieved line range{} {}.",
            if available.len() > 1 { "s" } else { "" },
            available
                .iter()
                .map(|x| format!("{}–{}", x[0], x[1]))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(span),
    )
    .with("sourceId", ids.first().cloned())
    .with("lines", vec![a, b])
    .with(
        "available",
        serde_json::to_value(&available).unwrap_or_default(),
    )
}

/// True when every line of `[a, b]` lies in some chunk.
fn covered(chunks: &[(u64, u64, usize)], a: u64, b: u64) -> bool {
    let mut sorted: Vec<(u64, u64)> = chunks.iter().map(|c| (c.0, c.1)).collect();
    crate::text::sort::sort_by(&mut sorted, |x, y| x.cmp(y));
    let mut cur = a;
    for (s, e) in sorted {
        if s <= cur && cur <= e {
            cur = e.saturating_add(1);
            if cur > b {
                return true;
            }
        }
    }
    false
}

/// The text of lines `[a, b]` gathered from the chunks that hold them.
fn lines_text(chunks: &[(u64, u64, usize)], sources: &[Source], a: u64, b: u64) -> String {
    // Each chunk's lines, split once (no `nth` per line: that would be quadratic).
    let split: Vec<(u64, Vec<&str>)> = chunks
        .iter()
        .filter_map(|&(s, _, i)| Some((s, sources.get(i)?.content.lines().collect())))
        .collect();
    let mut out = String::new();
    let mut line = a;
    while line <= b && line - a < 100_000 {
        let got = split.iter().find_map(|(s, lines)| {
            let idx = usize::try_from(line.checked_sub(*s)?).ok()?;
            lines.get(idx).copied()
        });
        if let Some(l) = got {
            out.push_str(l);
            out.push('\n');
        }
        line += 1;
    }
    out
}

/// Code shown right after byte `end`: a fenced block that starts at most two line
/// breaks later with no blank line between, or inline code of two or more tokens later
/// in the same line.
fn code_after<'t>(ctx: &AnswerContext<'t>, end: usize) -> Option<&'t str> {
    let region = ctx.code.regions().iter().find(|r| r.start >= end)?;
    let gap = ctx.text.get(end..region.start)?;
    let ok = if region.fenced {
        gap.matches('\n').count() <= 2 && !gap.contains("\n\n")
    } else {
        !gap.contains('\n')
    };
    let code = ctx.text.get(region.inner.0..region.inner.1)?;
    (ok && (region.fenced || code.split_whitespace().count() >= 2)).then_some(code)
}

/// `lines 10–20 of path`, `lines 10 to 20`, `line 42`, `L10-L20`.
fn worded_refs(ctx: &AnswerContext<'_>, locs: &[Locator]) -> Vec<LineRef> {
    let text = ctx.text;
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = lower.get(from..).and_then(|t| t.find("line")) {
        let s = from + p;
        from = s + 4;
        if ctx.code.region_at(s).is_some_and(|r| r.fenced)
            || text
                .get(..s)
                .and_then(|t| t.chars().next_back())
                .is_some_and(char::is_alphanumeric)
        {
            continue;
        }
        let mut rest = lower.get(s + 4..).unwrap_or_default();
        rest = rest.strip_prefix('s').unwrap_or(rest);
        let after_word = rest.trim_start_matches(' ');
        if after_word.len() == rest.len() {
            continue;
        }
        let Some((a, n1)) = number(after_word) else {
            continue;
        };
        let mut cur = after_word.get(n1..).unwrap_or_default();
        let mut b = a;
        for sep in [
            "-",
            "–",
            "—",
            " - ",
            " – ",
            " to ",
            " through ",
            "..",
            " and ",
        ] {
            if let Some(r) = cur.strip_prefix(sep) {
                if let Some((x, n2)) = number(r.trim_start_matches('l')) {
                    b = x;
                    let skip = r.len() - r.trim_start_matches('l').len();
                    cur = r.get(skip + n2..).unwrap_or_default();
                }
                break;
            }
        }
        let mut e = lower.len() - cur.len();
        // "of path" / "in path".
        let mut path = None;
        for sep in [" of ", " in "] {
            if let Some(r) = cur.strip_prefix(sep) {
                let ps = lower.len() - r.len();
                let ps = ps + (r.len() - r.trim_start_matches(['`', '"']).len());
                if let Some(l) = locs.iter().find(|l| l.start == ps && !l.url) {
                    path = Some(l.text.clone());
                    e = l.end;
                }
                break;
            }
        }
        out.push(LineRef {
            start: s,
            end: e,
            path,
            range: (a, b),
        });
    }
    out
}

fn number(s: &str) -> Option<(u64, usize)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 || n > 12 {
        return None;
    }
    s.get(..n)?.parse().ok().map(|v| (v, n))
}
