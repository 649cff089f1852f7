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
    warnings.extend(misplaced_markers(ctx, sources, &markers));

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

/// Markers of one sentence that point the reader to the wrong source: a number of the
/// text a marker closes (from the sentence's start or the marker before it) that none of
/// its sources writes, where another marker of the same sentence cites a source that does
/// (`The Eiffel Tower was completed in 1889 [2] and is 330 metres tall [1].`, each figure
/// in the other source). The sentence is true and cited; its citations are swapped.
/// Markers side by side (`[1][2]`) cite the text before them together. A number counts
/// as written where a source has it as a whole number (no digit, or a separator and a
/// digit, on either side). `MISATTRIBUTED_CITATION`, spanning the marker.
fn misplaced_markers(
    ctx: &AnswerContext,
    sources: &[Source],
    markers: &[Citation],
) -> Vec<Warning> {
    let mut found = Vec::new();
    for seg in &ctx.segments {
        // The valid markers of the sentence, joined when only spaces stand between them:
        // (start, end, sources).
        let mut groups: Vec<(usize, usize, Vec<usize>)> = Vec::new();
        for m in markers
            .iter()
            .filter(|m| m.valid && m.bytes.0 >= seg.start && m.bytes.1 <= seg.end)
        {
            match groups.last_mut() {
                Some(g)
                    if ctx
                        .text
                        .get(g.1..m.bytes.0)
                        .is_some_and(|gap| gap.trim().is_empty()) =>
                {
                    g.1 = m.bytes.1;
                    g.2.extend(&m.source_indexes);
                }
                _ => groups.push((m.bytes.0, m.bytes.1, m.source_indexes.clone())),
            }
        }
        if groups.len() < 2 {
            continue;
        }
        let writes = |i: usize, number: &str| {
            sources
                .get(i)
                .is_some_and(|s| writes_number(&s.content, number))
        };
        let mut from = seg.start;
        for (k, (start, end, own)) in groups.iter().enumerate() {
            let piece = ctx.text.get(from..*start).unwrap_or("");
            from = *end;
            let misplaced = numbers_in(piece).find_map(|number| {
                if own.iter().any(|&i| writes(i, number)) {
                    return None;
                }
                groups
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .flat_map(|(_, g)| g.2.iter())
                    .find(|&&i| !own.contains(&i) && writes(i, number))
                    .map(|&i| (number, i))
            });
            let Some((number, other)) = misplaced else {
                continue;
            };
            let id = |i: usize| sources.get(i).map_or("", |s| s.id.as_str());
            let cited: Vec<&str> = own.iter().map(|&i| id(i)).collect();
            let raw = ctx.text.get(*start..*end).unwrap_or("");
            found.push(
                Warning::new(
                    WarningKind::MisattributedCitation,
                    format!(
                        "Citation {raw} points to source {}, which does not state {number}; \
                         source {}, cited in the same sentence, does",
                        cited.join(", source "),
                        id(other)
                    ),
                    Some(ctx.span(*start, *end)),
                )
                .with("cited", cited)
                .with("sourceId", id(other))
                .with("number", number),
            );
        }
    }
    found
}

/// The numbers written in `text`: runs of digits with `.` or `,` between digits, two
/// characters long or more (`1889`, `2.1`, `1,083`), outside words (`B12`, `COVID-19`'s
/// digits after a letter are left out).
fn numbers_in(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            let start = i;
            let after_letter = start > 0
                && bytes
                    .get(start - 1)
                    .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'-');
            if !bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
                continue;
            }
            while i < bytes.len() {
                let b = bytes.get(i).copied().unwrap_or(0);
                let joins =
                    (b == b'.' || b == b',') && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
                if b.is_ascii_digit() || joins {
                    i += 1;
                } else {
                    break;
                }
            }
            let word_follows = bytes.get(i).is_some_and(u8::is_ascii_alphabetic);
            if i - start >= 2 && !after_letter && !word_follows {
                return text.get(start..i);
            }
        }
        None
    })
}

/// True when `content` writes `number` as a whole number: not inside a longer one.
fn writes_number(content: &str, number: &str) -> bool {
    let bytes = content.as_bytes();
    content.match_indices(number).any(|(at, _)| {
        let digit = |k: Option<&u8>| k.is_some_and(u8::is_ascii_digit);
        let before = at.checked_sub(1).and_then(|k| bytes.get(k));
        let before_sep = at
            .checked_sub(2)
            .and_then(|k| bytes.get(k))
            .filter(|_| before.is_some_and(|b| *b == b'.' || *b == b','));
        let end = at + number.len();
        let after = bytes.get(end);
        let after_sep = bytes
            .get(end + 1)
            .filter(|_| after.is_some_and(|b| *b == b'.' || *b == b','));
        !digit(before) && !digit(before_sep) && !digit(after) && !digit(after_sep)
    })
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

    #[test]
    fn numbers_are_read_whole() {
        fn all(t: &str) -> Vec<&str> {
            numbers_in(t).collect()
        }
        assert_eq!(all("completed in 1889 and 330 m tall"), ["1889", "330"]);
        assert_eq!(all("2.1 million, 1,083 ft, 5 floors"), ["2.1", "1,083"]);
        assert_eq!(all("COVID-19 and B12 and 3rd"), Vec::<&str>::new());
        assert!(writes_number("It is 330 metres (1,083 ft) tall.", "1,083"));
        assert!(writes_number("in 1889.", "1889"));
        assert!(!writes_number("It is 3300 metres tall.", "330"));
        assert!(!writes_number("It is 1.330 metres tall.", "330"));
    }

    #[test]
    fn swapped_markers_in_one_sentence() {
        let sources = [
            Source::new("a", "The Eiffel Tower was completed in March 1889."),
            Source::new("b", "The tower is 330 metres tall."),
        ];
        let kinds = |answer: &str| -> Vec<String> {
            let ctx = AnswerContext::new(answer);
            check_citations(&ctx, &sources, &CitationOptions::default())
                .warnings
                .iter()
                .filter(|w| w.kind == WarningKind::MisattributedCitation)
                .map(|w| w.message.clone())
                .collect()
        };
        let swapped = kinds("It was completed in 1889 [2] and is 330 metres tall [1].");
        assert_eq!(swapped.len(), 2, "{swapped:?}");
        assert!(swapped[0].contains("[2] points to source b, which does not state 1889; source a"));
        for fine in [
            "It was completed in 1889 [1] and is 330 metres tall [2].",
            "It was completed in 1889 and is 330 metres tall [1][2].",
            "It was completed in 1889 [1]. It is 330 metres tall [2].",
            "It was completed in March [2] and is 330 metres tall [1, 2].",
        ] {
            assert_eq!(kinds(fine), Vec::<String>::new(), "{fine}");
        }
    }
}
