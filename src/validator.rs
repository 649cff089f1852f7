//! The validator: runs every deterministic check on one input and builds the report.

use crate::citation::{check_citations, CitationCheck};
use crate::claims::{
    analyze_claims_prepared, ClaimKind, ClaimMemo, ClaimsReport, PreparedSet, SourceCache,
    SupportStatus,
};
use crate::confidence::signals::{
    citation_signal, claim_signal, mean_retrieval, ratio, uncertain_support, CEILINGS,
    UNCERTAIN_CEILING, UNCERTAIN_SUPPORT,
};
use crate::confidence::{
    confidence, question_is_conversational, BreakdownItem, Confidence, ConfidenceOptions, Level,
    Signals, Support,
};
use crate::config::Config;
use crate::context::scan::locators;
use crate::context::AnswerContext;
use crate::decision::{parse_decision, ParsedDecision};
use crate::error::Result;
use crate::evidence::sources::part_references;
use crate::evidence::{check_evidence, EvidenceReport};
use crate::gate::{
    correction_prompt, gate, settle, veto, GateInput, GateOptions, GateResult, Reason,
};
use crate::input::CheckInput;
use crate::report::{normalize_warnings, Report, SourceQuality, Summary, Warning, WarningKind};

/// A configured validator. Cheap to clone. Between checks it keeps only the sources it
/// prepared for claim matching (a bounded cache by content, shared by its clones; see
/// [`SourceCache`]), which never changes a report.
#[derive(Debug, Clone, Default)]
pub struct Validator {
    config: Config,
    sources: SourceCache,
}

impl Validator {
    /// A validator with `config`.
    ///
    /// # Errors
    /// `INVALID_VALUE` when a configuration value is out of range.
    pub fn new(config: Config) -> Result<Self> {
        config.validate()?;
        Ok(Validator {
            config,
            sources: SourceCache::default(),
        })
    }

    /// The configuration in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Runs every deterministic check. Same input, same report.
    ///
    /// # Errors
    /// The input's own validation errors (limits, empty question, duplicate ids).
    pub fn check(&self, input: &CheckInput) -> Result<Report> {
        let analysis = self.analyze(input)?;
        Ok(self.assemble(input, analysis, &JudgeOutcome::default()))
    }

    /// The deterministic analysis (citations, claims, evidence) of an input, before the
    /// judges refine it and [`Validator::assemble`] scores and gates it.
    ///
    /// # Errors
    /// The input's own validation errors (limits, empty question, duplicate ids).
    pub fn analyze(&self, input: &CheckInput) -> Result<Analysis> {
        self.analyze_prepared(input, None, None)
    }

    /// The sources of `sources` prepared for claim matching, from this validator's cache
    /// where it holds them (for callers that check many answers against the same sources,
    /// like a stream).
    pub fn prepare(&self, sources: &[crate::source::Source]) -> PreparedSet {
        self.sources.prepare(sources)
    }

    /// The cache of prepared sources.
    pub fn source_cache(&self) -> &SourceCache {
        &self.sources
    }

    /// [`Validator::check`] with the sources prepared already (used only if `prepared`
    /// was prepared from `input.sources`) and, for a growing answer, the claims of the
    /// previous check remembered in `memo`. The same report as [`Validator::check`].
    ///
    /// # Errors
    /// As [`Validator::check`].
    pub(crate) fn check_prepared(
        &self,
        input: &CheckInput,
        prepared: &PreparedSet,
        memo: Option<&ClaimMemo>,
    ) -> Result<Report> {
        let analysis = self.analyze_prepared(input, Some(prepared), memo)?;
        Ok(self.assemble(input, analysis, &JudgeOutcome::default()))
    }

    /// [`Validator::analyze`] with the sources prepared already, or from the cache.
    ///
    /// # Errors
    /// As [`Validator::analyze`].
    pub(crate) fn analyze_prepared(
        &self,
        input: &CheckInput,
        prepared: Option<&PreparedSet>,
        memo: Option<&ClaimMemo>,
    ) -> Result<Analysis> {
        input.validate(&self.config.limits)?;
        let cfg = &self.config;
        let ctx = AnswerContext::new(&input.answer);
        let citations = check_citations(&ctx, &input.sources, &cfg.citations);
        // Citation markers and references to sources (paths, URLs, with their line
        // suffixes) are not part of what a claim states: the citation, sources and lines
        // checks verify them, so their numbers and words are never "missing evidence".
        let mut references: Vec<(usize, usize)> =
            locators(&ctx).iter().map(|l| (l.start, l.end)).collect();
        references.extend(part_references(&ctx));
        let mut markers: Vec<(usize, usize)> =
            citations.report.markers.iter().map(|m| m.bytes).collect();
        markers.extend(references.iter().copied());
        // The crate's one sort (text/sort.rs), not a copy of the standard one for pairs
        // (8.7 KB of wasm); pairs are totally ordered, so the order is the same.
        crate::text::sort::sort_by(&mut markers, |a, b| a.cmp(b));
        let cached;
        let prepared = match prepared {
            Some(p) => p,
            None => {
                cached = self.sources.prepare(&input.sources);
                &cached
            }
        };
        let mut claims = analyze_claims_prepared(
            &ctx,
            &input.question,
            &input.sources,
            prepared,
            memo,
            &citations.cited_by_segment,
            &markers,
            &cfg.claims,
        );
        mark_pointers(&mut claims, &ctx, &references);

        let evidence = check_evidence(
            &ctx,
            &input.question,
            &input.sources,
            &citations.cited_by_segment,
            &input.checksums,
            &cfg.evidence,
        );
        let needing = citations.needing;
        Ok(Analysis {
            citations,
            claims,
            evidence,
            needing,
        })
    }

    /// Scores, gates and reports an analysis, with what the judges found (claim
    /// statuses already applied to `analysis.claims`, the triad's verdicts, failures).
    pub fn assemble(
        &self,
        input: &CheckInput,
        mut analysis: Analysis,
        judges: &JudgeOutcome,
    ) -> Report {
        let cfg = &self.config;
        analysis.claims.summarize(&cfg.claims);
        let stance = Stance::of(input, &analysis);
        let warnings = findings(&mut analysis, judges, stance);
        let signals = signals(input, &analysis, judges, &warnings, cfg.judges.band[1]);
        let options = ConfidenceOptions {
            preset: cfg.preset,
            weights: cfg.weights.clone(),
        };
        let conf = confidence(&signals, &options);
        let (raw_score, verdict) =
            self.verdict(input, &analysis, judges, &warnings, stance, conf.score);
        let (score, level, decision_cap) =
            settle(raw_score, &verdict, stance.abstained, cfg.threshold);
        let correction = self.correction(input, &warnings, verdict.decision, stance);
        let scored = Scored {
            confidence: conf,
            score,
            level,
            decision_cap,
            verdict,
            abstained: stance.abstained,
        };
        let complete = judges.failures.is_empty();
        to_report(input, analysis, scored, warnings, correction, complete)
    }

    /// The gate's verdict on the findings, the confidence (0 for an empty answer), the
    /// vetoes and the critic (an unreadable critic adds its `CRITIC_INVALID` reason).
    /// Returns the score gated and the verdict.
    fn verdict(
        &self,
        input: &CheckInput,
        analysis: &Analysis,
        judges: &JudgeOutcome,
        warnings: &[Warning],
        stance: Stance,
        score: f64,
    ) -> (f64, GateResult) {
        let cfg = &self.config;
        let (critic, critic_reason) = read_critic(input.critic.as_deref());
        let vetoes = vetoes(
            &input.answer,
            &analysis.citations.report,
            &analysis.claims,
            judges,
        );
        // An answer with nothing in it has nothing to be confident about.
        let raw_score = if vetoes.iter().any(|v| v.code == veto::EMPTY_ANSWER) {
            0.0
        } else {
            score
        };
        let gate_input = GateInput {
            confidence: raw_score,
            warnings,
            has_evidence: !input.sources.is_empty(),
            critic: critic.as_ref(),
            claims_recommendation: analysis.claims.recommendation,
            vetoes: &vetoes,
            abstained: stance.abstained,
            nothing_to_verify: stance.nothing_to_verify,
        };
        let gate_opts = GateOptions {
            threshold: cfg.threshold,
            ..cfg.gate.clone()
        };
        let mut verdict = gate(&gate_input, &gate_opts);
        verdict.reasons.extend(critic_reason);
        (raw_score, verdict)
    }

    /// The correction prompt for a retry: none for FINAL, for an abstention, or for an
    /// answer with nothing to verify that the gate sends to CLARIFY.
    fn correction(
        &self,
        input: &CheckInput,
        warnings: &[Warning],
        decision: crate::Decision,
        stance: Stance,
    ) -> Option<String> {
        if decision == crate::Decision::Final
            || stance.abstained
            || (stance.nothing_to_verify && decision == crate::Decision::Clarify)
        {
            None
        } else {
            correction_prompt(
                &input.answer,
                warnings,
                &input.sources,
                self.config.citations.index_base,
            )
        }
    }
}

/// The scores and the verdict of an analysis, as its report shows them.
struct Scored {
    /// The confidence formula's result.
    confidence: Confidence,
    /// The score shown, settled with the decision.
    score: f64,
    level: Level,
    /// The `DECISION` cap, when settling lowered the score.
    decision_cap: Option<BreakdownItem>,
    verdict: GateResult,
    abstained: bool,
}

/// The report of a scored analysis.
fn to_report(
    input: &CheckInput,
    analysis: Analysis,
    scored: Scored,
    warnings: Vec<Warning>,
    correction: Option<String>,
    complete: bool,
) -> Report {
    let summary = summary(
        &analysis.citations.report,
        &analysis.claims,
        &analysis.evidence,
    );
    let source_quality = source_quality(&input.sources, &analysis.claims, &analysis.evidence);
    let Analysis {
        citations,
        claims,
        evidence,
        ..
    } = analysis;
    let Scored {
        confidence: conf,
        verdict,
        ..
    } = scored;
    let mut caps = conf.caps;
    caps.extend(scored.decision_cap);
    Report {
        confidence: scored.score,
        level: scored.level,
        abstained: scored.abstained,
        decision: verdict.decision,
        recommendation: verdict.recommendation,
        reasons: verdict.reasons,
        overruled: verdict.overruled,
        breakdown: conf.breakdown,
        caps,
        preset: conf.preset,
        uncertain: conf.uncertain,
        claims: claims.claims,
        hallucination: claims.hallucination,
        support_score: claims.support_score,
        attributable: claims.attributable,
        summary,
        citations: citations.report,
        sources: evidence.sources,
        snippets: evidence.snippets,
        lines: evidence.lines,
        fields: evidence.fields,
        warnings,
        correction_prompt: correction,
        complete,
        judges: None,
        source_quality,
    }
}

/// What the answer commits to, which decides what it must cite and support.
#[derive(Debug, Clone, Copy)]
struct Stance {
    /// An abstention claims nothing: it needs no citation and has no claim to support.
    abstained: bool,
    /// Nor does an answer that states nothing to check and writes no number outside its
    /// citation markers (a greeting, a question back, `Hope this helps! [1]`; `Isn't it
    /// 500 metres tall?` stays checkable): it needs no citation as a whole, and a
    /// citation does not make it verified.
    nothing_to_verify: bool,
}

impl Stance {
    fn of(input: &CheckInput, analysis: &Analysis) -> Stance {
        let claims = &analysis.claims;
        let abstained = claims.abstained();
        let markers: Vec<(usize, usize)> = analysis
            .citations
            .report
            .markers
            .iter()
            .map(|m| m.bytes)
            .collect();
        let number_outside_markers = input.answer.char_indices().any(|(i, c)| {
            c.is_numeric() && !markers.iter().any(|&(start, end)| start <= i && i < end)
        });
        let nothing_to_verify = !abstained
            && !claims.claims.is_empty()
            && !claims.claims.iter().any(|c| c.is_checked())
            && !number_outside_markers;
        Stance {
            abstained,
            nothing_to_verify,
        }
    }
}

/// Every finding, in the report's order: citations, claims (with their evidence text),
/// evidence, judge failures; an abstention drops the missing-citation and unsupported
/// findings, an answer with nothing to verify the missing citation of the whole answer
/// (a sentence of it that the citation check found in need of one keeps its finding: a
/// stream has reported it already, before the rest of the answer was known).
fn findings(analysis: &mut Analysis, judges: &JudgeOutcome, stance: Stance) -> Vec<Warning> {
    let claims = &analysis.claims;
    let mut warnings = std::mem::take(&mut analysis.citations.warnings);
    let evidence_by_span = evidence_by_span(claims);
    warnings.extend(
        claims
            .warnings
            .iter()
            .cloned()
            .map(|w| attach_evidence_text(w, &evidence_by_span)),
    );
    warnings.extend(analysis.evidence.warnings.iter().cloned());
    warnings.extend(judges.failures.iter().cloned());
    if stance.abstained {
        warnings.retain(|w| {
            !matches!(
                w.kind,
                WarningKind::MissingCitation | WarningKind::UnsupportedClaim
            )
        });
    } else if stance.nothing_to_verify {
        warnings.retain(|w| !(w.kind == WarningKind::MissingCitation && w.span.is_none()));
    }
    normalize_warnings(&mut warnings);
    warnings
}

/// The confidence formula's inputs: each check's ratio, the claim counts, the judges'
/// verdicts and the ceilings of the hard findings and of uncertain support (`sure`: the
/// lexical score from which a claim is attributable more often than not by a wide margin,
/// `judges.band`'s top).
fn signals(
    input: &CheckInput,
    analysis: &Analysis,
    judges: &JudgeOutcome,
    warnings: &[Warning],
    sure: f64,
) -> Signals {
    let Analysis {
        citations,
        claims,
        evidence,
        needing,
    } = analysis;
    let report = &citations.report;
    let facts = claims.claims.iter().filter(|c| c.is_checked());
    let mut signals = Signals {
        citations: citation_signal(
            input.sources.len(),
            report.total,
            report.valid,
            *needing,
            report.missing,
        ),
        claims: claim_signal(claims),
        snippets: ratio(evidence.snippets.verified, evidence.snippets.total),
        fields: (evidence.fields.total > 0).then_some(evidence.fields.confidence),
        sources: ratio(evidence.sources.verified, evidence.sources.total),
        retrieval: mean_retrieval(&input.sources),
        conversational: question_is_conversational(&input.question),
        relevance: judges.relevance,
        support: judges.support,
        usefulness: judges.usefulness,
        total_claims: facts.clone().count(),
        supported_claims: facts
            .filter(|c| c.status == SupportStatus::Supported)
            .count(),
        unsupported_claims: claims.hallucination.unsupported,
        citations_grounded: report.total > 0
            && report.valid == report.total
            && claims
                .claims
                .iter()
                .filter(|c| c.is_checked() && !c.citations.is_empty())
                .all(|c| c.status == SupportStatus::Supported),
        ..Signals::default()
    };
    for (kind, cap) in CEILINGS {
        if warnings.iter().any(|w| w.kind == *kind) {
            signals.ceilings.push((kind.as_str().to_string(), *cap));
        }
    }
    if uncertain_support(claims, sure) {
        signals
            .ceilings
            .push((UNCERTAIN_SUPPORT.to_string(), UNCERTAIN_CEILING));
    }
    signals
}

/// The critic's verdict, when one was given and reads; an unreadable one is ignored with
/// a `CRITIC_INVALID` reason.
fn read_critic(text: Option<&str>) -> (Option<ParsedDecision>, Option<Reason>) {
    match text.map(parse_decision) {
        Some(Ok(d)) => (Some(d), None),
        Some(Err(e)) => (
            None,
            Some(Reason {
                code: "CRITIC_INVALID".into(),
                message: format!("The critic's verdict was ignored: {}", e.message),
            }),
        ),
        None => (None, None),
    }
}

/// The deterministic analysis of one input: what [`Validator::analyze`] found, before
/// scoring and gating.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Citation markers, their warnings and which segment cites which source.
    pub citations: CitationCheck,
    /// Claims with their lexical support.
    pub claims: ClaimsReport,
    /// Sources, snippets, lines and fields.
    pub evidence: EvidenceReport,
    /// Factual sentences that need a citation.
    pub needing: usize,
}

/// What the model judges added to a validation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JudgeOutcome {
    /// ISREL in [0, 1].
    pub relevance: Option<f64>,
    /// ISSUP.
    pub support: Option<Support>,
    /// ISUSE in [0, 1].
    pub usefulness: Option<f64>,
    /// `JUDGE_FAILED` warnings: each failed or skipped model call. Any makes the report
    /// incomplete.
    pub failures: Vec<Warning>,
}

/// Most words a sentence may keep, once its source references are taken out, and still
/// be a pointer to the source rather than a claim ("The cache lives in
/// `src/query-cache.ts`.", "See lines 12-13 of src/a.rs.").
const POINTER_WORDS: usize = 4;

/// Claims that only point to a source become [`ClaimKind::Reference`]: what they say is
/// the reference, which the sources and lines checks verify.
fn mark_pointers(
    claims: &mut ClaimsReport,
    ctx: &AnswerContext<'_>,
    references: &[(usize, usize)],
) {
    if references.is_empty() {
        return;
    }
    let spans: Vec<crate::text::Span> = references.iter().map(|&(s, e)| ctx.span(s, e)).collect();
    let mut pointers = Vec::new();
    for c in &mut claims.claims {
        let holds_reference = spans
            .iter()
            .any(|r| c.span.start < r.end && r.start < c.span.end);
        if c.kind == ClaimKind::Fact
            && holds_reference
            && crate::text::words::words(&c.text).len() <= POINTER_WORDS
        {
            c.kind = ClaimKind::Reference;
            c.status = SupportStatus::NotChecked;
            c.verified_by = None;
            pointers.push(c.span);
        }
    }
    claims.warnings.retain(|w| {
        !(w.kind == WarningKind::UnsupportedClaim && w.span.is_some_and(|s| pointers.contains(&s)))
    });
}

/// Relevance below which the relevance judge's verdict blocks FINAL.
const RELEVANCE_VETO: f64 = 0.5;

/// The blocking conditions that are not findings in the answer: the judges' verdicts
/// against it, judges that failed, an answer with no words in it, and an answer whose
/// checked claims are all `partial` (each stated only in part by its evidence: nothing
/// in it is proven, though nothing is flagged either; an answer with one claim supported
/// whole is judged by its confidence, the others' partial support lowering it).
fn vetoes(
    answer: &str,
    citations: &crate::citation::CitationReport,
    claims: &ClaimsReport,
    judges: &JudgeOutcome,
) -> Vec<Reason> {
    let mut out = Vec::new();
    let mut checked = claims.claims.iter().filter(|c| c.is_checked()).peekable();
    if checked.peek().is_some() && checked.all(|c| c.status == SupportStatus::Partial) {
        out.push(Reason::new(
            veto::PARTIAL_SUPPORT,
            "The sources state only part of what the answer claims: no claim is fully supported",
        ));
    }
    if !judges.failures.is_empty() {
        out.push(Reason::new(
            veto::INCOMPLETE,
            format!(
                "{} model call(s) failed: the answer was not fully validated",
                judges.failures.len()
            ),
        ));
    }
    if judges.support == Some(Support::None) {
        out.push(Reason::new(
            veto::JUDGE_UNSUPPORTED,
            "The support judge found the answer not supported by the sources",
        ));
    }
    if let Some(r) = judges.relevance {
        if r < RELEVANCE_VETO {
            out.push(Reason::new(
                veto::NOT_RELEVANT,
                format!(
                    "The relevance judge found the sources not relevant to the question ({r:.2})"
                ),
            ));
        }
    }
    if is_empty_answer(answer, citations) {
        out.push(Reason::new(
            veto::EMPTY_ANSWER,
            "The answer states nothing beyond its citation markers",
        ));
    }
    out
}

/// True when the answer has no letter or digit outside its citation markers.
fn is_empty_answer(answer: &str, citations: &crate::citation::CitationReport) -> bool {
    let mut rest = String::with_capacity(answer.len());
    let mut at = 0;
    for m in &citations.markers {
        let (s, e) = m.bytes;
        if s >= at {
            rest.push_str(answer.get(at..s).unwrap_or_default());
            at = e;
        }
    }
    rest.push_str(answer.get(at..).unwrap_or_default());
    !rest.chars().any(char::is_alphanumeric)
}

/// Adds the claim's evidence text to its warning, for the correction prompt and UIs.
fn attach_evidence_text(
    w: Warning,
    by_span: &std::collections::BTreeMap<crate::text::Span, Option<&str>>,
) -> Warning {
    match w.span.and_then(|s| by_span.get(&s).copied().flatten()) {
        Some(text) => w.with("evidenceText", text),
        None => w,
    }
}

/// Each claim span's evidence text (of the first claim with that span), so that every
/// warning finds its claim's in O(log claims).
fn evidence_by_span(
    claims: &ClaimsReport,
) -> std::collections::BTreeMap<crate::text::Span, Option<&str>> {
    let mut map = std::collections::BTreeMap::new();
    for c in &claims.claims {
        map.entry(c.span)
            .or_insert_with(|| c.evidence.as_ref().map(|e| e.text.as_str()));
    }
    map
}

/// The per-check counts in one flat object, for badges and logs.
fn summary(
    c: &crate::citation::CitationReport,
    claims: &ClaimsReport,
    e: &EvidenceReport,
) -> Summary {
    let facts = claims.claims.iter().filter(|c| c.is_checked());
    Summary {
        citations_valid: c.valid,
        citations_total: c.total,
        claims_supported: facts
            .clone()
            .filter(|c| c.status == SupportStatus::Supported)
            .count(),
        claims_total: facts.count(),
        sources_verified: e.sources.verified,
        sources_total: e.sources.total,
        snippets_verified: e.snippets.verified,
        snippets_total: e.snippets.total,
        lines_verified: e.lines.verified,
        lines_total: e.lines.total,
        fields_verified: e.fields.verified.len(),
        fields_total: e.fields.total,
        field_confidence: e.fields.confidence,
    }
}

/// Each source's retrieval score, staleness and support of the claims that cite it.
fn source_quality(
    sources: &[crate::Source],
    claims: &ClaimsReport,
    evidence: &EvidenceReport,
) -> Vec<SourceQuality> {
    sources
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let citing: Vec<_> = claims
                .claims
                .iter()
                .filter(|c| c.is_checked() && c.citations.contains(&i))
                .collect();
            let supported = citing
                .iter()
                .filter(|c| {
                    c.status == SupportStatus::Supported
                        && c.evidence.as_ref().is_some_and(|e| e.source_index == i)
                })
                .count();
            let stale = evidence.sources.stale.iter().any(|x| x.source_id == s.id);
            let support_rate = (!citing.is_empty()).then(|| supported as f64 / citing.len() as f64);
            let known: Vec<f64> = [s.score.map(|x| x.clamp(0.0, 1.0)), support_rate]
                .into_iter()
                .flatten()
                .filter(|x| x.is_finite())
                .collect();
            let quality = if stale {
                Some(0.0)
            } else {
                (!known.is_empty()).then(|| {
                    crate::confidence::round(known.iter().sum::<f64>() / known.len() as f64)
                })
            };
            SourceQuality {
                source_id: s.id.clone(),
                source_index: i,
                retrieval_score: s.score,
                checksum: s.checksum.clone(),
                stale,
                cited_by: citing.len(),
                supported,
                support_rate: support_rate.map(crate::confidence::round),
                quality,
            }
        })
        .collect()
}
