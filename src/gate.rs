//! The gate: accept / retry / reject and FINAL / RETRY / CLARIFY / ESCALATE, with
//! reason codes, code-level findings overruling a critic, and the correction prompt for
//! the retry.

use serde::{Deserialize, Serialize};

use crate::confidence::{retry_ceiling, round, BreakdownItem, Level, REJECT_CEILING};
pub use crate::decision::Recommendation;

use crate::decision::{Decision, ParsedDecision};
use crate::source::Source;
use crate::warning::{Warning, WarningKind};

/// Gate settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct GateOptions {
    /// Lowest confidence that may be FINAL: set by the top-level `config.threshold`.
    #[serde(skip)]
    pub threshold: f64,
    /// Below this confidence a retry is not worth it: reject (default 0.3).
    pub reject_below: f64,
    /// Findings that keep an answer from FINAL whatever its score or the critic says.
    pub blocking: Vec<WarningKind>,
    /// What happens when a critic says FINAL and the checks disagree: `true` (default)
    /// overrules the critic with RETRY; `false` leaves the disagreement to a person with
    /// ESCALATE. Neither lets the critic's FINAL stand over a blocking finding.
    pub overrule_critic: bool,
    /// Whether an answer with no sources at all is CLARIFY (default true).
    pub clarify_without_evidence: bool,
}

impl Default for GateOptions {
    fn default() -> Self {
        GateOptions {
            threshold: 0.7,
            reject_below: 0.3,
            blocking: vec![
                WarningKind::CitationOutOfRange,
                WarningKind::MissingCitation,
                WarningKind::PhantomSource,
                WarningKind::SnippetMismatch,
                WarningKind::LineMismatch,
                WarningKind::UnverifiedField,
                WarningKind::UnsupportedClaim,
                WarningKind::Contradiction,
                WarningKind::StaleSource,
                WarningKind::MisattributedCitation,
            ],
            overrule_critic: true,
            clarify_without_evidence: true,
        }
    }
}

impl GateOptions {
    /// Checks that the thresholds lie in [0, 1].
    ///
    /// # Errors
    /// `INVALID_VALUE` naming `config.gate.<field>` (or `config.threshold`).
    pub fn validate(&self) -> crate::Result<()> {
        for (name, v) in [
            ("config.threshold", self.threshold),
            ("config.gate.rejectBelow", self.reject_below),
        ] {
            if !(0.0..=1.0).contains(&v) || v.is_nan() {
                return Err(crate::Error::field(
                    crate::ErrorCode::InvalidValue,
                    name,
                    format!("{name} must be between 0 and 1, got {v}"),
                ));
            }
        }
        Ok(())
    }
}

/// Why the gate decided as it did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Reason {
    /// Stable code: a warning kind, or `NO_EVIDENCE`, `ABSTAINED`, `NOTHING_TO_VERIFY`,
    /// `EMPTY_ANSWER`, `PARTIAL_SUPPORT`, `INCOMPLETE`, `JUDGE_UNSUPPORTED`,
    /// `NOT_RELEVANT`, `LOW_CONFIDENCE`, `GROUNDED`,
    /// `CRITIC_RETRY`, `CRITIC_CLARIFY`, `CRITIC_ESCALATE`, `CRITIC_OVERRULED`,
    /// `CRITIC_DISAGREES`, `CRITIC_INVALID`, `HIGH_HALLUCINATION_RATE`.
    pub code: String,
    /// A sentence for people.
    pub message: String,
}

/// The codes of the vetoes: blocking conditions that are not findings in the answer.
pub mod veto {
    /// A judge or the critic failed: the answer was not fully validated.
    pub const INCOMPLETE: &str = "INCOMPLETE";
    /// The support judge found the answer unsupported.
    pub const JUDGE_UNSUPPORTED: &str = "JUDGE_UNSUPPORTED";
    /// The relevance judge found the sources not relevant.
    pub const NOT_RELEVANT: &str = "NOT_RELEVANT";
    /// The answer holds nothing beyond its citation markers.
    pub const EMPTY_ANSWER: &str = "EMPTY_ANSWER";
    /// The answer's checked claims are stated only in part by the sources, none whole.
    pub const PARTIAL_SUPPORT: &str = "PARTIAL_SUPPORT";
    /// Every veto code.
    pub const ALL: [&str; 5] = [
        INCOMPLETE,
        JUDGE_UNSUPPORTED,
        NOT_RELEVANT,
        EMPTY_ANSWER,
        PARTIAL_SUPPORT,
    ];
}

impl Reason {
    /// A reason with `code` and `message`.
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        Reason {
            code: code.to_string(),
            message: message.into(),
        }
    }
}

fn reason(code: &str, message: impl Into<String>) -> Reason {
    Reason::new(code, message)
}

/// What the gate looks at.
#[derive(Debug, Clone)]
pub struct GateInput<'a> {
    /// The confidence score.
    pub confidence: f64,
    /// Every finding.
    pub warnings: &'a [Warning],
    /// Whether any source was given.
    pub has_evidence: bool,
    /// The critic's parsed verdict, if one was given.
    pub critic: Option<&'a ParsedDecision>,
    /// The claims check's own recommendation from the hallucination rate.
    pub claims_recommendation: Recommendation,
    /// Blocking conditions that are not findings in the answer: a judge that found the
    /// answer unsupported or the sources irrelevant (`JUDGE_UNSUPPORTED`,
    /// `NOT_RELEVANT`), judges that failed (`INCOMPLETE`), an answer with nothing in it
    /// (`EMPTY_ANSWER`), an answer no claim of which the sources state whole
    /// (`PARTIAL_SUPPORT`). Each keeps the answer from FINAL.
    pub vetoes: &'a [Reason],
    /// The answer declines to answer from the sources (an abstention): CLARIFY.
    pub abstained: bool,
    /// The answer states nothing the sources could support and cites nothing (a
    /// greeting, a question back, a pleasantry): CLARIFY, shown as it is.
    pub nothing_to_verify: bool,
}

/// The gate's verdict.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GateResult {
    /// FINAL, RETRY, CLARIFY or ESCALATE.
    pub decision: Decision,
    /// accept, retry or reject.
    pub recommendation: Recommendation,
    /// Why, most important first.
    pub reasons: Vec<Reason>,
    /// True when the critic said FINAL and the code said otherwise.
    pub overruled: bool,
}

/// Decides. The rule, enforced here and by [`settle`]: FINAL only with no blocking
/// finding, no veto and a confidence at or above the threshold; an abstention or an
/// answer without sources is CLARIFY; a critic may make the decision stricter, never
/// laxer.
pub fn gate(input: &GateInput, opts: &GateOptions) -> GateResult {
    if !input.has_evidence && opts.clarify_without_evidence {
        return GateResult {
            decision: Decision::Clarify,
            recommendation: Recommendation::Reject,
            reasons: vec![reason(
                "NO_EVIDENCE",
                "No sources were retrieved: ask the user to refine the question or add documents",
            )],
            overruled: false,
        };
    }
    let blocking = blocking_reasons(input, opts);
    let low = input.confidence < opts.threshold;
    let code_says_retry = !blocking.is_empty() || low;
    let (decision, mut reasons, overruled) =
        decide(input, opts, !blocking.is_empty(), code_says_retry);
    let unchecked = input.abstained || (decision == Decision::Clarify && input.nothing_to_verify);
    if !unchecked {
        reasons.extend(blocking);
        if low {
            reasons.push(reason(
                "LOW_CONFIDENCE",
                format!(
                    "Confidence {:.2} is below the threshold {:.2}",
                    input.confidence, opts.threshold
                ),
            ));
        }
        if input.claims_recommendation == Recommendation::Reject {
            reasons.push(reason(
                "HIGH_HALLUCINATION_RATE",
                "Too large a share of the claims is unsupported",
            ));
        }
    }
    let recommendation = recommend(input, opts, decision, unchecked);
    if decision == Decision::Final {
        reasons.push(reason(
            "GROUNDED",
            "Every check passed and the confidence meets the threshold",
        ));
    }
    GateResult {
        decision,
        recommendation,
        reasons,
        overruled,
    }
}

/// One reason per blocking kind of finding present (in the order of `opts.blocking`),
/// then the vetoes.
fn blocking_reasons(input: &GateInput, opts: &GateOptions) -> Vec<Reason> {
    let mut blocking: Vec<Reason> = Vec::new();
    for kind in &opts.blocking {
        let of_kind = || input.warnings.iter().filter(|w| w.kind == *kind);
        if *kind == WarningKind::MissingCitation {
            // Two findings share this kind: a factual sentence that cites nothing (it has
            // a span) and an answer with fewer citations than `minCitations` (no span). The
            // reason counts the sentences and says so when the answer is short of citations.
            let sentences = of_kind().filter(|w| w.span.is_some()).count();
            let too_few = of_kind().find(|w| w.span.is_none());
            let message = match (sentences, too_few) {
                (0, None) => continue,
                (0, Some(w)) => w.message.clone(),
                (n, None) => blocking_message(*kind, n),
                (n, Some(w)) => format!(
                    "{}; {}",
                    blocking_message(*kind, n),
                    lower_first(&w.message)
                ),
            };
            blocking.push(reason(kind.as_str(), message));
            continue;
        }
        let n = of_kind().count();
        if n > 0 {
            blocking.push(reason(kind.as_str(), blocking_message(*kind, n)));
        }
    }
    blocking.extend(input.vetoes.iter().cloned());
    blocking
}

/// The decision with its first reasons and whether the critic was overruled: CLARIFY for
/// an abstention, or for an answer with nothing to verify and nothing blocking (unless
/// the critic escalates), else the critic's verdict held to the checks.
fn decide(
    input: &GateInput,
    opts: &GateOptions,
    blocked: bool,
    code_says_retry: bool,
) -> (Decision, Vec<Reason>, bool) {
    let critic = input.critic.map(|c| c.decision);
    if input.abstained && critic != Some(Decision::Escalate) {
        let why = reason(
            "ABSTAINED",
            "The answer says the sources do not contain what was asked: ask the user to clarify or add documents",
        );
        return (Decision::Clarify, vec![why], false);
    }
    if input.nothing_to_verify && !blocked && critic != Some(Decision::Escalate) {
        let why = reason(
            "NOTHING_TO_VERIFY",
            "The answer states nothing the sources could support (a greeting, a question back): there is nothing to check",
        );
        return (Decision::Clarify, vec![why], false);
    }
    critic_decision(input, opts, code_says_retry)
}

/// The critic's verdict (none: the checks' own): CLARIFY, ESCALATE and RETRY stand; a
/// FINAL against the checks is overruled (RETRY) or, when `overruleCritic` is off, left
/// to a person (ESCALATE).
fn critic_decision(
    input: &GateInput,
    opts: &GateOptions,
    code_says_retry: bool,
) -> (Decision, Vec<Reason>, bool) {
    match input.critic.map(|c| c.decision) {
        Some(d @ (Decision::Clarify | Decision::Escalate)) => {
            let code = if d == Decision::Clarify {
                "CRITIC_CLARIFY"
            } else {
                "CRITIC_ESCALATE"
            };
            (d, vec![reason(code, critic_message(input.critic))], false)
        }
        Some(Decision::Retry) => (
            Decision::Retry,
            vec![reason("CRITIC_RETRY", critic_message(input.critic))],
            false,
        ),
        Some(Decision::Final) if code_says_retry && opts.overrule_critic => (
            Decision::Retry,
            vec![reason(
                "CRITIC_OVERRULED",
                "The critic said FINAL, but the checks found problems the answer must fix first",
            )],
            true,
        ),
        Some(Decision::Final) if code_says_retry => (
            Decision::Escalate,
            vec![reason(
                "CRITIC_DISAGREES",
                "The critic said FINAL, but the checks found problems: a person should decide",
            )],
            true,
        ),
        None if code_says_retry => (Decision::Retry, Vec::new(), false),
        Some(Decision::Final) | None => (Decision::Final, Vec::new(), false),
    }
}

/// What to do with the answer: accept a FINAL (and a CLARIFY that was not checked: a
/// correct refusal or an answer with nothing in it to check claims nothing and may be
/// shown as it is); reject other CLARIFY and ESCALATE; retry a RETRY unless the
/// confidence is below `rejectBelow` or the claims check rejects.
fn recommend(
    input: &GateInput,
    opts: &GateOptions,
    decision: Decision,
    unchecked: bool,
) -> Recommendation {
    match decision {
        Decision::Final => Recommendation::Accept,
        Decision::Clarify if unchecked => Recommendation::Accept,
        Decision::Clarify | Decision::Escalate => Recommendation::Reject,
        Decision::Retry => {
            if input.confidence < opts.reject_below
                || input.claims_recommendation == Recommendation::Reject
            {
                Recommendation::Reject
            } else {
                Recommendation::Retry
            }
        }
    }
}

/// The confidence and level a report shows for a verdict, so that the badge never
/// contradicts the decision: FINAL keeps its score (at or above the threshold); RETRY
/// and ESCALATE are capped just below the threshold and below `medium`; a rejected
/// answer is capped in `veryLow`; CLARIFY shows the `abstained` or `clarify` state, not
/// a grade. Returns the score, its level and the cap applied, if any (as a breakdown
/// item named `DECISION`).
pub fn settle(
    score: f64,
    verdict: &GateResult,
    abstained: bool,
    threshold: f64,
) -> (f64, Level, Option<BreakdownItem>) {
    let cap = match (verdict.decision, verdict.recommendation) {
        (Decision::Final, _) => None,
        // CLARIFY shows a state, not a grade; every other rejected answer reads veryLow.
        (Decision::Clarify, _) => Some(retry_ceiling(threshold)),
        (_, Recommendation::Reject) => Some(REJECT_CEILING.min(retry_ceiling(threshold))),
        _ => Some(retry_ceiling(threshold)),
    };
    let (score, applied) = match cap {
        Some(c) if score > c => (
            c,
            Some(BreakdownItem {
                signal: "DECISION".into(),
                value: c,
                weight: 0.0,
                contribution: round(c - score),
            }),
        ),
        _ => (score, None),
    };
    let level = match verdict.decision {
        Decision::Clarify if abstained => Level::Abstained,
        Decision::Clarify => Level::Clarify,
        _ => Level::of(score),
    };
    (score, level, applied)
}

fn critic_message(critic: Option<&ParsedDecision>) -> String {
    match critic {
        Some(c) if !c.reason.is_empty() => {
            format!("The critic said {}: {}", c.decision.as_str(), c.reason)
        }
        Some(c) => format!("The critic said {}", c.decision.as_str()),
        None => String::new(),
    }
}

/// `s` with its first letter in lower case (a message joined after another).
fn lower_first(s: &str) -> String {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) => c.to_lowercase().chain(cs).collect(),
        None => String::new(),
    }
}

fn blocking_message(kind: WarningKind, n: usize) -> String {
    let what = match kind {
        WarningKind::CitationOutOfRange => "citation(s) point to sources that do not exist",
        WarningKind::MissingCitation => "factual sentence(s) cite nothing",
        WarningKind::PhantomSource => "source(s) named that were not retrieved",
        WarningKind::SnippetMismatch => "quote(s) not found in their sources",
        WarningKind::LineMismatch => "line reference(s) that do not match the sources",
        WarningKind::UnverifiedField => "identifier(s) not found in the sources",
        WarningKind::UnsupportedClaim => "claim(s) without support in the sources",
        WarningKind::Contradiction => "contradiction(s)",
        WarningKind::StaleSource => "source(s) out of date",
        WarningKind::JudgeFailed => "judge(s) failed",
        WarningKind::PipelineError => "pipeline step(s) failed",
        WarningKind::OutOfScope => "source(s) outside the scope dropped",
        WarningKind::MisattributedCitation => "claim(s) citing a source that does not support them",
    };
    format!("{n} {what}")
}

/// Longest excerpt quoted in a correction prompt.
const EXCERPT: usize = 240;

fn excerpt(s: &str) -> String {
    crate::text::excerpt(s, EXCERPT)
}

/// The source a warning's details name, as `[n]` (by position) or by id.
fn source_label(w: &Warning, sources: &[Source], base: u32) -> Option<String> {
    let d = &w.details;
    let idx = d
        .get("sourceIndex")
        .and_then(serde_json::Value::as_u64)
        .map(|i| i as usize)
        .or_else(|| {
            let id = d.get("sourceId").and_then(serde_json::Value::as_str)?;
            sources.iter().position(|s| s.id == id)
        })?;
    Some(format!("source [{}]", idx + base as usize))
}

/// Evidence text a warning carries (closest passage, matched evidence).
fn evidence_text(w: &Warning) -> Option<String> {
    let d = &w.details;
    for key in ["evidenceText", "closestText", "closest"] {
        if let Some(s) = d.get(key).and_then(serde_json::Value::as_str) {
            if !s.trim().is_empty() {
                return Some(excerpt(s));
            }
        }
    }
    for key in ["closest", "evidence"] {
        if let Some(s) = d
            .get(key)
            .and_then(|v| v.get("text"))
            .and_then(serde_json::Value::as_str)
        {
            if !s.trim().is_empty() {
                return Some(excerpt(s));
            }
        }
    }
    None
}

/// A prompt for the retry that lists exactly what was wrong: each citation, quote,
/// claim and name at fault, with the evidence that was available. `None` when nothing
/// needs correcting.
pub(crate) fn correction_prompt(
    answer: &str,
    warnings: &[Warning],
    sources: &[Source],
    index_base: u32,
) -> Option<String> {
    let n = sources.len();
    let mut lines = Vec::new();
    // Seen lines, so a repeated problem is listed once without comparing every pair.
    let mut seen = std::collections::BTreeSet::new();
    // The answer in UTF-16 once for every warning's span (JavaScript's `slice`).
    let units: Vec<u16> = if warnings.iter().any(|w| w.span.is_some()) {
        answer.encode_utf16().collect()
    } else {
        Vec::new()
    };
    let slice = |s: crate::text::Span| {
        let end = s.end.min(units.len());
        String::from_utf16_lossy(units.get(s.start.min(end)..end).unwrap_or_default())
    };
    for w in warnings {
        let text = w.span.map(|s| excerpt(&slice(s)));
        let src = source_label(w, sources, index_base);
        let evidence = evidence_text(w);
        let with_evidence = |line: String| match (&evidence, &src) {
            (Some(e), Some(s)) => format!("{line} The closest passage in {s} is: \"{e}\""),
            (Some(e), None) => format!("{line} The closest passage in the sources is: \"{e}\""),
            _ => line,
        };
        let line = match (w.kind, text) {
            (WarningKind::CitationOutOfRange, Some(t)) => format!(
                "Citation {t} refers to a source that does not exist; only sources [{}]–[{}] are available.",
                index_base,
                n as i64 + i64::from(index_base) - 1
            ),
            (WarningKind::MissingCitation, Some(t)) => {
                format!("The sentence \"{t}\" states a fact without a citation: cite the source that supports it, or remove it.")
            }
            (WarningKind::MissingCitation, None) => "Cite the sources that support the answer with [n] markers.".to_string(),
            (WarningKind::PhantomSource, Some(t)) => {
                format!("\"{t}\" names a source that was not retrieved: refer only to the numbered sources.")
            }
            (WarningKind::SnippetMismatch, Some(t)) => with_evidence(format!(
                "The quote \"{t}\" does not appear in {}.",
                src.clone().unwrap_or_else(|| "any source".into())
            )),
            (WarningKind::LineMismatch, Some(t)) => with_evidence(format!("The line reference \"{t}\" is wrong: {}", w.message)),
            (WarningKind::UnverifiedField, Some(t)) => {
                format!("The identifier \"{t}\" does not appear in any source: use only names the sources contain.")
            }
            (WarningKind::UnsupportedClaim, Some(t)) => {
                with_evidence(format!("The claim \"{t}\" is not supported by the sources."))
            }
            (WarningKind::Contradiction, Some(t)) => with_evidence(format!("The claim \"{t}\" is contradicted: {}", w.message)),
            (WarningKind::StaleSource, _) => format!("{} Re-check it against the current version.", w.message),
            (WarningKind::MisattributedCitation, Some(t)) => with_evidence(format!(
                "The claim \"{t}\" cites a source that does not support it; cite {} instead.",
                src.clone().unwrap_or_else(|| "the source that does".into())
            )),
            (WarningKind::JudgeFailed | WarningKind::PipelineError | WarningKind::OutOfScope, _) => continue,
            (_, _) => w.message.clone(),
        };
        if seen.insert(line.clone()) {
            lines.push(line);
        }
    }
    if lines.is_empty() {
        return None;
    }
    let mut out = String::from(
        "Your previous answer could not be verified against the sources. Fix exactly these problems and answer again:\n",
    );
    for (i, l) in lines.iter().enumerate() {
        out.push_str(&format!("{}. {l}\n", i + 1));
    }
    out.push_str(
        "Use only information from the numbered sources, cite each fact with [n], and say so plainly if the sources do not contain the answer.",
    );
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Span;

    fn w(kind: WarningKind, span: Option<(usize, usize)>) -> Warning {
        Warning::new(kind, "m", span.map(|(a, b)| Span::new(a, b)))
    }

    fn run(confidence: f64, warnings: &[Warning], critic: Option<Decision>) -> GateResult {
        let parsed = critic.map(|d| ParsedDecision {
            decision: d,
            reason: "r".into(),
        });
        gate(
            &GateInput {
                confidence,
                warnings,
                has_evidence: true,
                critic: parsed.as_ref(),
                claims_recommendation: Recommendation::Accept,
                vetoes: &[],
                abstained: false,
                nothing_to_verify: false,
            },
            &GateOptions::default(),
        )
    }

    #[test]
    fn missing_citation_reason_counts_sentences_not_findings() {
        let message = |warnings: &[Warning]| {
            let g = run(0.85, warnings, None);
            let r = g.reasons.iter().find(|r| r.code == "MISSING_CITATION");
            r.map(|r| r.message.clone())
        };
        let too_few = Warning::new(
            WarningKind::MissingCitation,
            "The answer has 0 valid citation(s); at least 1 required",
            None,
        );
        let sentence = w(WarningKind::MissingCitation, Some((0, 31)));
        // One uncited sentence in an answer with no citation: one sentence, not two.
        assert_eq!(
            message(&[sentence.clone(), too_few.clone()]).as_deref(),
            Some("1 factual sentence(s) cite nothing; the answer has 0 valid citation(s); at least 1 required")
        );
        assert_eq!(
            message(&[sentence.clone(), sentence.clone()]).as_deref(),
            Some("2 factual sentence(s) cite nothing")
        );
        assert_eq!(
            message(std::slice::from_ref(&too_few)).as_deref(),
            Some("The answer has 0 valid citation(s); at least 1 required")
        );
        assert_eq!(message(&[]), None);
    }

    #[test]
    fn accept_when_clean_and_confident() {
        let g = run(0.85, &[], None);
        assert_eq!(
            (g.decision, g.recommendation),
            (Decision::Final, Recommendation::Accept)
        );
        assert_eq!(g.reasons[0].code, "GROUNDED");
    }

    #[test]
    fn low_confidence_retries_and_very_low_rejects() {
        assert_eq!(run(0.6, &[], None).decision, Decision::Retry);
        assert_eq!(run(0.6, &[], None).recommendation, Recommendation::Retry);
        assert_eq!(run(0.2, &[], None).recommendation, Recommendation::Reject);
    }

    #[test]
    fn code_overrules_critic_final() {
        let ws = [w(WarningKind::CitationOutOfRange, Some((3, 6)))];
        let g = run(0.95, &ws, Some(Decision::Final));
        assert_eq!(g.decision, Decision::Retry);
        assert!(g.overruled);
        let codes: Vec<&str> = g.reasons.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(codes, vec!["CRITIC_OVERRULED", "CITATION_OUT_OF_RANGE"]);
        let ws = [w(WarningKind::UnsupportedClaim, Some((0, 3)))];
        assert_eq!(
            run(0.95, &ws, Some(Decision::Final)).decision,
            Decision::Retry
        );
        // Without findings the critic's FINAL stands.
        assert_eq!(
            run(0.95, &[], Some(Decision::Final)).decision,
            Decision::Final
        );
    }

    #[test]
    fn critic_can_be_stricter() {
        assert_eq!(
            run(0.95, &[], Some(Decision::Retry)).decision,
            Decision::Retry
        );
        assert_eq!(
            run(0.95, &[], Some(Decision::Escalate)).decision,
            Decision::Escalate
        );
        assert_eq!(
            run(0.95, &[], Some(Decision::Clarify)).recommendation,
            Recommendation::Reject
        );
    }

    fn run_with(
        confidence: f64,
        vetoes: &[Reason],
        abstained: bool,
        critic: Option<Decision>,
        opts: &GateOptions,
    ) -> GateResult {
        let parsed = critic.map(|d| ParsedDecision {
            decision: d,
            reason: String::new(),
        });
        gate(
            &GateInput {
                confidence,
                warnings: &[],
                has_evidence: true,
                critic: parsed.as_ref(),
                claims_recommendation: Recommendation::Accept,
                vetoes,
                abstained,
                nothing_to_verify: false,
            },
            opts,
        )
    }

    #[test]
    fn vetoes_block_final_even_for_the_critic() {
        let veto = [Reason::new("INCOMPLETE", "a judge failed")];
        let g = run_with(1.0, &veto, false, None, &GateOptions::default());
        assert_eq!(g.decision, Decision::Retry);
        assert!(g.reasons.iter().any(|r| r.code == "INCOMPLETE"));
        let g = run_with(
            1.0,
            &veto,
            false,
            Some(Decision::Final),
            &GateOptions::default(),
        );
        assert_eq!(g.decision, Decision::Retry);
        assert!(g.overruled);
    }

    #[test]
    fn a_critic_that_may_not_be_overruled_escalates_instead_of_passing() {
        let opts = GateOptions {
            overrule_critic: false,
            ..GateOptions::default()
        };
        let ws = [w(WarningKind::CitationOutOfRange, Some((3, 6)))];
        let parsed = ParsedDecision {
            decision: Decision::Final,
            reason: String::new(),
        };
        let g = gate(
            &GateInput {
                confidence: 0.33,
                warnings: &ws,
                has_evidence: true,
                critic: Some(&parsed),
                claims_recommendation: Recommendation::Accept,
                vetoes: &[],
                abstained: false,
                nothing_to_verify: false,
            },
            &opts,
        );
        assert_eq!(g.decision, Decision::Escalate);
        assert_eq!(g.recommendation, Recommendation::Reject);
        assert_eq!(g.reasons[0].code, "CRITIC_DISAGREES");
        // Without a disagreement the critic's FINAL stands.
        assert_eq!(
            run_with(0.9, &[], false, Some(Decision::Final), &opts).decision,
            Decision::Final
        );
    }

    #[test]
    fn abstentions_clarify_and_may_be_shown() {
        let g = run_with(0.0, &[], true, None, &GateOptions::default());
        assert_eq!(
            (g.decision, g.recommendation),
            (Decision::Clarify, Recommendation::Accept)
        );
        assert_eq!(g.reasons[0].code, "ABSTAINED");
        let (score, level, _) = settle(0.0, &g, true, 0.7);
        assert_eq!((score, level), (0.0, Level::Abstained));
    }

    #[test]
    fn settle_keeps_the_badge_in_line_with_the_decision() {
        let retry = run_with(
            0.95,
            &[Reason::new("NOT_RELEVANT", "x")],
            false,
            None,
            &GateOptions::default(),
        );
        let (score, level, cap) = settle(0.95, &retry, false, 0.7);
        assert_eq!((score, level), (0.69, Level::Low));
        assert_eq!(cap.map(|c| c.signal), Some("DECISION".to_string()));
        let mut reject = retry.clone();
        reject.recommendation = Recommendation::Reject;
        assert_eq!(settle(0.73, &reject, false, 0.7).1, Level::VeryLow);
        let fin = run_with(0.95, &[], false, None, &GateOptions::default());
        assert_eq!(settle(0.95, &fin, false, 0.7), (0.95, Level::High, None));
        let mut clarify = fin.clone();
        clarify.decision = Decision::Clarify;
        assert_eq!(settle(0.95, &clarify, false, 0.7).1, Level::Clarify);
    }

    #[test]
    fn no_evidence_clarifies() {
        let g = gate(
            &GateInput {
                confidence: 1.0,
                warnings: &[],
                has_evidence: false,
                critic: None,
                claims_recommendation: Recommendation::Accept,
                vetoes: &[],
                abstained: false,
                nothing_to_verify: false,
            },
            &GateOptions::default(),
        );
        assert_eq!(g.decision, Decision::Clarify);
        assert_eq!(g.reasons[0].code, "NO_EVIDENCE");
    }

    #[test]
    fn nothing_to_verify_is_clarify_unless_something_blocks() {
        fn decide(warnings: &[Warning]) -> GateResult {
            let input = GateInput {
                confidence: 0.0,
                warnings,
                has_evidence: true,
                critic: None,
                claims_recommendation: Recommendation::Accept,
                vetoes: &[],
                abstained: false,
                nothing_to_verify: true,
            };
            gate(&input, &GateOptions::default())
        }
        let r = decide(&[]);
        assert_eq!(r.decision, Decision::Clarify);
        assert_eq!(r.recommendation, Recommendation::Accept);
        assert_eq!(r.reasons[0].code, "NOTHING_TO_VERIFY");
        assert!(!r.reasons.iter().any(|x| x.code == "LOW_CONFIDENCE"));
        let phantom = [Warning::new(
            WarningKind::PhantomSource,
            "src/x.rs is not a source",
            None,
        )];
        assert_eq!(decide(&phantom).decision, Decision::Retry);
    }

    #[test]
    fn correction_prompt_lists_each_problem() {
        let answer = "Paris is big [4]. It has 9 million people.";
        let mut unsupported = w(WarningKind::UnsupportedClaim, Some((18, 42)));
        unsupported = unsupported
            .with("sourceIndex", 0)
            .with("evidenceText", "Paris has 2.1 million residents.");
        let ws = [
            w(WarningKind::CitationOutOfRange, Some((13, 16))),
            unsupported,
        ];
        let sources = vec![
            Source::new("a", "Paris has 2.1 million residents."),
            Source::new("b", "x"),
        ];
        let p = correction_prompt(answer, &ws, &sources, 1).expect("a prompt");
        assert!(p.contains("1. Citation [4] refers to a source that does not exist; only sources [1]–[2] are available."), "{p}");
        assert!(p.contains("2. The claim \"It has 9 million people.\" is not supported by the sources. The closest passage in source [1] is: \"Paris has 2.1 million residents.\""), "{p}");
        assert!(correction_prompt(answer, &[], &sources, 1).is_none());
    }
}
