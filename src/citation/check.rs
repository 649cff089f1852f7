//! Checks over the extracted markers: indexes in range, the minimum count, a citation
//! on every factual sentence, and sources never cited.

use serde::Serialize;

use super::{extract_citations, Citation, CitationOptions};
use crate::context::AnswerContext;
use crate::source::Source;
use crate::text::SegmentKind;
use crate::warning::{Warning, WarningKind};

/// The citation summary of a report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct CitationReport {
    /// Number of markers found.
    pub total: usize,
    /// Markers whose every index or name resolves to a retrieved source.
    pub valid: usize,
    /// Numbered markers with an index outside the evidence list.
    pub out_of_range: usize,
    /// Named markers (ids, chapters) that match no retrieved source.
    pub unresolved: usize,
    /// Factual sentences that carry no citation.
    pub missing: usize,
    /// Ids of retrieved sources that no valid marker cites, in evidence order.
    pub unused_sources: Vec<String>,
    /// Every marker, in order.
    pub markers: Vec<Citation>,
}

/// What the citation check hands to the rest of the report.
#[derive(Debug, Clone)]
pub struct CitationCheck {
    /// The summary.
    pub report: CitationReport,
    /// `CITATION_OUT_OF_RANGE`, `MISSING_CITATION` and `PHANTOM_SOURCE` findings.
    pub warnings: Vec<Warning>,
    /// For each segment of the answer, the 0-based indexes of the sources it cites.
    pub cited_by_segment: Vec<Vec<usize>>,
    /// Segments that state a fact and should carry a citation ([`needs_citation`]),
    /// cited or not.
    pub needing: usize,
}

/// Extracts and checks the citations of an answer.
pub fn check_citations(
    ctx: &AnswerContext,
    sources: &[Source],
    opts: &CitationOptions,
) -> CitationCheck {
    let markers = extract_citations(ctx, sources, opts);
    let mut warnings = Vec::new();
    let n = sources.len();
    let base = i64::from(opts.index_base);

    let mut out_of_range = 0;
    let mut unresolved = 0;
    for m in markers.iter().filter(|m| !m.valid) {
        if m.name.is_some() {
            unresolved += 1;
        } else {
            out_of_range += 1;
        }
        warnings.push(invalid_marker(ctx, m, n, base));
    }

    let (cited_by_segment, seg_has_marker) = segment_citations(ctx, &markers);

    // Every factual sentence must cite when the answer is expected to: always by default
    // (`requirePerClaim`), and in any case as soon as the answer cites anywhere. Which
    // segments need a citation is decided once, here, for the report's count too.
    let needs: Vec<bool> = ctx
        .segments
        .iter()
        .map(|s| needs_citation(s.text(ctx.text), s.kind))
        .collect();
    let needing = needs.iter().filter(|&&b| b).count();
    let mut missing = 0;
    if (opts.require_per_claim || !markers.is_empty()) && n > 0 {
        for (si, seg) in ctx.segments.iter().enumerate() {
            if seg_has_marker[si] || !needs[si] {
                continue;
            }
            missing += 1;
            warnings.push(Warning::new(
                WarningKind::MissingCitation,
                "This sentence states a fact but cites no source",
                Some(ctx.span(seg.start, seg.end)),
            ));
        }
    }

    let valid = markers.iter().filter(|m| m.valid).count();
    let required = opts.min_citations.unwrap_or(u32::from(n > 0)) as usize;
    if valid < required {
        warnings.push(
            Warning::new(
                WarningKind::MissingCitation,
                format!("The answer has {valid} valid citation(s); at least {required} required"),
                None,
            )
            .with("required", required)
            .with("found", valid),
        );
    }
    let unused_sources = unused_sources(sources, &markers);

    crate::text::sort::sort_by_key(&mut warnings, |w| {
        (w.span.map_or(usize::MAX, |s| s.start), w.kind)
    });
    CitationCheck {
        report: CitationReport {
            total: markers.len(),
            valid,
            out_of_range,
            unresolved,
            missing,
            unused_sources,
            markers,
        },
        warnings,
        cited_by_segment,
        needing,
    }
}

/// The finding of a marker that cites nothing: a name no source has (`PHANTOM_SOURCE`),
/// or an index out of range or malformed (`CITATION_OUT_OF_RANGE`).
fn invalid_marker(ctx: &AnswerContext, m: &Citation, n: usize, base: i64) -> Warning {
    let span = Some(ctx.span(m.bytes.0, m.bytes.1));
    if let Some(name) = &m.name {
        return Warning::new(
            WarningKind::PhantomSource,
            format!("{} names a source that was not retrieved", m.raw),
            span,
        )
        .with("name", name.as_str())
        .with("style", serde_json::to_value(m.style).unwrap_or_default());
    }
    let bad: Vec<i64> = m
        .indexes
        .iter()
        .copied()
        .filter(|&i| i < base || i - base >= n as i64)
        .collect();
    let range = if n == 0 {
        "there are no sources".to_string()
    } else {
        format!("valid citations are {}–{}", base, base + n as i64 - 1)
    };
    let message = if m.malformed {
        format!(
            "{} is not a valid citation: a range must run upward and span at most 100 sources ({range})",
            m.raw
        )
    } else {
        format!("{} cites a source that does not exist: {range}", m.raw)
    };
    Warning::new(WarningKind::CitationOutOfRange, message, span)
        .with("indexes", bad)
        .with("sourceCount", n)
        .with("malformed", m.malformed)
}

/// Which sources each segment cites (in order, once each; a malformed marker such as
/// `[5-2]` is reported, not read as citing its numbers), and which segments hold a
/// marker at all.
fn segment_citations(ctx: &AnswerContext, markers: &[Citation]) -> (Vec<Vec<usize>>, Vec<bool>) {
    let mut cited_by_segment = vec![Vec::new(); ctx.segments.len()];
    let mut seg_has_marker = vec![false; ctx.segments.len()];
    for m in markers {
        if let Some(si) = ctx
            .segments
            .iter()
            .position(|s| s.start <= m.bytes.0 && m.bytes.1 <= s.end)
        {
            seg_has_marker[si] = true;
            if m.malformed {
                continue;
            }
            for &p in &m.source_indexes {
                if !cited_by_segment[si].contains(&p) {
                    cited_by_segment[si].push(p);
                }
            }
        }
    }
    (cited_by_segment, seg_has_marker)
}

/// The ids of the sources no valid marker cites.
fn unused_sources(sources: &[Source], markers: &[Citation]) -> Vec<String> {
    let mut used = vec![false; sources.len()];
    for m in markers.iter().filter(|m| m.valid) {
        for &p in &m.source_indexes {
            used[p] = true;
        }
    }
    sources
        .iter()
        .zip(&used)
        .filter(|(_, &u)| !u)
        .map(|(s, _)| s.id.clone())
        .collect()
}

/// Openers of sentences that talk about the answer rather than state a fact.
const META_OPENERS: &[&str] = &[
    "here is",
    "here are",
    "here's",
    "sure",
    "certainly",
    "of course",
    "let me",
    "i hope",
    "hope this",
    "feel free",
    "thanks",
    "thank you",
    "great question",
    "good question",
    "i don't know",
    "i do not know",
    "i'm not sure",
    "i am not sure",
    "i cannot",
    "i can't",
    "in summary:",
    "to summarize:",
    "for example:",
    "note:",
    "as follows",
];

/// Whether a segment states something that should carry a citation: a sentence or list
/// item of at least four words (or two with a number) that is not a question, a short
/// lead-in ending with `:`, talk about the answer itself ("Here is what I found"), or a
/// claim that is not a fact (an opinion, inference or refusal).
pub fn needs_citation(text: &str, kind: SegmentKind) -> bool {
    if !matches!(kind, SegmentKind::Sentence | SegmentKind::ListItem) {
        return false;
    }
    let t = text.trim().trim_end_matches(['*', '_']);
    let words = crate::text::words::words(t);
    if t.ends_with('?') || t.ends_with('？') {
        return false;
    }
    // A short lead-in ("The options are:") introduces facts rather than stating one.
    if (t.ends_with(':') || t.ends_with('：')) && words.len() < 8 {
        return false;
    }
    let lower = t.trim_start_matches(['*', '_', '"', '“']).to_lowercase();
    if META_OPENERS.iter().any(|m| lower.starts_with(m)) {
        return false;
    }
    // Opinions, advice, inferences and refusals (abstentions: `classify` tests them
    // first) state no fact a source could back. Read as the claims are, without an
    // opening discourse marker or agreement (`I agree, I love their coat.` is a
    // reaction).
    let unmarked = crate::claims::split::strip_discourse_marker(t);
    if crate::claims::classify::classify(&unmarked) != crate::claims::ClaimKind::Fact {
        return false;
    }
    let has_number = words
        .iter()
        .any(|w| w.text.chars().any(|c| c.is_ascii_digit()));
    let cjk = words
        .iter()
        .filter(|w| w.text.chars().all(crate::text::words::is_ideograph))
        .count();
    words.len() >= 4 || (has_number && words.len() >= 2) || cjk >= 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reaction_after_an_agreement_needs_no_citation() {
        let needs = |t: &str| needs_citation(t, SegmentKind::Sentence);
        assert!(!needs("I agree, I love their black-and-white coat."));
        assert!(!needs("I love their black-and-white coat."));
        // A fact after the same opening still needs one.
        assert!(needs("I agree, they are native to south central China."));
        assert!(needs("Actually, the tower is 330 metres tall."));
    }
}
