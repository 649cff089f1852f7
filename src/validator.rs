//! The validator: runs every deterministic check on one input and builds the report.

use crate::citation::{check_citations, needs_citation};
use crate::claims::{analyze_claims, ClaimKind, ClaimsReport, SupportStatus};
use crate::confidence::{confidence, question_is_conversational, ConfidenceOptions, Signals};
use crate::config::Config;
use crate::context::AnswerContext;
use crate::decision::parse_decision;
use crate::error::Result;
use crate::gate::{correction_prompt, gate, GateInput, GateOptions, Reason, Recommendation};
use crate::input::CheckInput;
use crate::report::{normalize_warnings, Report, Warning, WarningKind};

/// A configured validator. Cheap to clone; holds no state between checks.
#[derive(Debug, Clone, Default)]
pub struct Validator {
    config: Config,
}

/// Score ceilings for hard findings: whatever the other signals say, an answer with one
/// of these cannot score above the cap.
const CEILINGS: &[(WarningKind, f64)] = &[
    (WarningKind::Contradiction, 0.4),
    (WarningKind::CitationOutOfRange, 0.6),
    (WarningKind::PhantomSource, 0.6),
    (WarningKind::SnippetMismatch, 0.6),
    (WarningKind::StaleSource, 0.6),
];

impl Validator {
    /// A validator with `config`.
    ///
    /// # Errors
    /// `INVALID_VALUE` when a configuration value is out of range.
    pub fn new(config: Config) -> Result<Self> {
        config.validate()?;
        Ok(Validator { config })
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
        input.validate(&self.config.limits)?;
        let cfg = &self.config;
        let ctx = AnswerContext::new(&input.answer);
        let citations = check_citations(&ctx, &input.sources, &cfg.citations);
        let markers: Vec<(usize, usize)> =
            citations.report.markers.iter().map(|m| m.bytes).collect();
        let claims = analyze_claims(
            &ctx,
            &input.question,
            &input.sources,
            &citations.cited_by_segment,
            &markers,
            &cfg.claims,
        );

        let mut warnings = citations.warnings;
        warnings.extend(
            claims
                .warnings
                .iter()
                .cloned()
                .map(|w| attach_evidence_text(w, &claims)),
        );
        normalize_warnings(&mut warnings);

        let needing = ctx
            .segments
            .iter()
            .filter(|s| needs_citation(s.text(ctx.text), s.kind))
            .count();
        let mut signals = Signals {
            citations: citation_signal(
                input.sources.len(),
                citations.report.total,
                citations.report.valid,
                needing,
                citations.report.missing,
            ),
            claims: claim_signal(&claims),
            retrieval: mean_retrieval(&input.sources),
            conversational: question_is_conversational(&input.question),
            ..Signals::default()
        };
        let facts = claims.claims.iter().filter(|c| c.kind == ClaimKind::Fact);
        signals.total_claims = facts.clone().count();
        signals.supported_claims = facts
            .clone()
            .filter(|c| c.status == SupportStatus::Supported)
            .count();
        signals.unsupported_claims = claims.hallucination.unsupported;
        signals.citations_grounded = citations.report.total > 0
            && citations.report.valid == citations.report.total
            && claims
                .claims
                .iter()
                .filter(|c| c.kind == ClaimKind::Fact && !c.citations.is_empty())
                .all(|c| c.status == SupportStatus::Supported);
        for (kind, cap) in CEILINGS {
            if warnings.iter().any(|w| w.kind == *kind) {
                signals.ceilings.push((kind.as_str().to_string(), *cap));
            }
        }
        let conf = confidence(
            &signals,
            &ConfidenceOptions {
                preset: cfg.preset,
                weights: cfg.weights.clone(),
            },
        );

        let mut critic_reason = None;
        let critic = match input.critic.as_deref() {
            Some(text) => match parse_decision(text) {
                Ok(d) => Some(d),
                Err(e) => {
                    critic_reason = Some(Reason {
                        code: "CRITIC_INVALID".into(),
                        message: format!("The critic's verdict was ignored: {}", e.message),
                    });
                    None
                }
            },
            None => None,
        };
        let gate_opts = GateOptions {
            threshold: cfg.threshold,
            ..cfg.gate.clone()
        };
        let mut verdict = gate(
            &GateInput {
                confidence: conf.score,
                warnings: &warnings,
                has_evidence: !input.sources.is_empty(),
                critic: critic.as_ref(),
                claims_recommendation: match claims.recommendation {
                    crate::claims::Recommendation::Accept => Recommendation::Accept,
                    crate::claims::Recommendation::Regenerate => Recommendation::Retry,
                    crate::claims::Recommendation::Reject => Recommendation::Reject,
                },
            },
            &gate_opts,
        );
        verdict.reasons.extend(critic_reason);
        let correction = if verdict.decision == crate::Decision::Final {
            None
        } else {
            correction_prompt(
                &input.answer,
                &warnings,
                &input.sources,
                cfg.citations.index_base,
            )
        };

        Ok(Report {
            confidence: conf.score,
            level: conf.level,
            decision: verdict.decision,
            recommendation: verdict.recommendation,
            reasons: verdict.reasons,
            overruled: verdict.overruled,
            breakdown: conf.breakdown,
            caps: conf.caps,
            preset: conf.preset,
            uncertain: conf.uncertain,
            claims: claims.claims,
            hallucination: claims.hallucination,
            support_score: claims.support_score,
            attributable: claims.attributable,
            citations: citations.report,
            warnings,
            correction_prompt: correction,
            complete: true,
        })
    }
}

/// Adds the claim's evidence text to its warning, for the correction prompt and UIs.
fn attach_evidence_text(w: Warning, claims: &ClaimsReport) -> Warning {
    let evidence = claims
        .claims
        .iter()
        .find(|c| Some(c.span) == w.span)
        .and_then(|c| c.evidence.as_ref());
    match evidence {
        Some(e) => w.with("evidenceText", e.text.clone()),
        None => w,
    }
}

/// Citation precision (valid markers / markers) and coverage (factual sentences that
/// cite / factual sentences), averaged. `None` when there is nothing to cite from.
fn citation_signal(
    sources: usize,
    total: usize,
    valid: usize,
    needing: usize,
    missing: usize,
) -> Option<f64> {
    if sources == 0 || (total == 0 && needing == 0) {
        return None;
    }
    let precision = if total == 0 {
        0.0
    } else {
        valid as f64 / total as f64
    };
    let coverage = if needing == 0 {
        1.0
    } else {
        1.0 - missing.min(needing) as f64 / needing as f64
    };
    Some(0.5 * precision + 0.5 * coverage)
}

/// Mean support of the fact claims: supported 1, partial 0.5, otherwise 0.
fn claim_signal(claims: &ClaimsReport) -> Option<f64> {
    let values: Vec<f64> = claims
        .claims
        .iter()
        .filter(|c| c.kind == ClaimKind::Fact)
        .map(|c| match c.status {
            SupportStatus::Supported => 1.0,
            SupportStatus::Partial => 0.5,
            _ => 0.0,
        })
        .collect();
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Mean retrieval score of the sources that carry one, clamped to [0, 1].
fn mean_retrieval(sources: &[crate::Source]) -> Option<f64> {
    let scores: Vec<f64> = sources.iter().filter_map(|s| s.score).collect();
    (!scores.is_empty()).then(|| (scores.iter().sum::<f64>() / scores.len() as f64).clamp(0.0, 1.0))
}
