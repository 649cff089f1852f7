//! One confidence score in [0, 1] from the checks' signals, its breakdown, its level,
//! and the named presets that reproduce the formulas of the systems groundcheck learned
//! from.

use serde::{Deserialize, Serialize};

pub mod signals;

/// Which formula turns the signals into the score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Preset {
    /// Weighted mean of every signal present, under ceilings for hard findings.
    #[default]
    Default,
    /// Self-RAG's triad: relevance / support / usefulness, weighted 0.3 / 0.4 / 0.3 for
    /// factual questions and 0.2 / 0.3 / 0.5 for conversational ones.
    Triad,
    /// Claim counting: supported / total, −0.1 per unsupported claim, +0.1 when none is
    /// unsupported.
    Claims,
    /// Retrieval relevance: base 0.5 / 0.7 / 0.9 by mean retrieval score, ±0.1 / 0.2
    /// for grounded citations.
    Relevance,
    /// The default score reduced by (1 − field confidence) and by the share of
    /// unverified sources.
    Penalties,
}

/// Judge verdict on support (ISSUP).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Support {
    /// Every claim is supported.
    Full,
    /// Some claims are supported.
    Partial,
    /// Nothing is supported.
    None,
}

impl Support {
    /// full = 1, partial = 0.5, none = 0.
    pub fn value(self) -> f64 {
        match self {
            Support::Full => 1.0,
            Support::Partial => 0.5,
            Support::None => 0.0,
        }
    }
}

/// The weights of the default preset. Signals that are absent (nothing to check) drop
/// out and the remaining weights are renormalised.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Weights {
    /// Claim support.
    pub claims: f64,
    /// Citation precision and coverage.
    pub citations: f64,
    /// Quoted snippets found in their sources.
    pub snippets: f64,
    /// Identifiers found in the sources.
    pub fields: f64,
    /// Named sources that were retrieved.
    pub sources: f64,
    /// Mean retrieval score of the sources.
    pub retrieval: f64,
    /// The LLM judges (relevance, support, usefulness), when they ran.
    pub judges: f64,
}

impl Weights {
    /// Checks that every weight is a non-negative number.
    ///
    /// # Errors
    /// `INVALID_VALUE` naming `{path}.{weight}`.
    pub fn validate(&self, path: &str) -> crate::error::Result<()> {
        for (name, v) in [
            ("claims", self.claims),
            ("citations", self.citations),
            ("snippets", self.snippets),
            ("fields", self.fields),
            ("sources", self.sources),
            ("retrieval", self.retrieval),
            ("judges", self.judges),
        ] {
            if !(v >= 0.0 && v.is_finite()) {
                return Err(crate::error::Error::field(
                    crate::error::ErrorCode::InvalidValue,
                    format!("{path}.{name}"),
                    format!("{path}.{name} must be a non-negative number, got {v}"),
                ));
            }
        }
        Ok(())
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            claims: 0.4,
            citations: 0.2,
            snippets: 0.1,
            fields: 0.1,
            sources: 0.1,
            retrieval: 0.1,
            judges: 0.3,
        }
    }
}

/// Confidence settings.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ConfidenceOptions {
    /// The formula (default `default`).
    pub preset: Preset,
    /// Weights of the default formula.
    pub weights: Weights,
}

/// What the checks measured, each in [0, 1]; `None` when there was nothing to measure.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Signals {
    /// Citation precision × coverage of factual sentences.
    pub citations: Option<f64>,
    /// Mean support of the factual claims (supported 1, partial 0.5, else 0).
    pub claims: Option<f64>,
    /// Verified / total quoted snippets.
    pub snippets: Option<f64>,
    /// Verified / total identifiers.
    pub fields: Option<f64>,
    /// Verified / total named sources.
    pub sources: Option<f64>,
    /// Mean retrieval score of the sources, clamped to [0, 1].
    pub retrieval: Option<f64>,
    /// ISREL: are the sources relevant to the question.
    pub relevance: Option<f64>,
    /// ISSUP: is the answer supported.
    pub support: Option<Support>,
    /// ISUSE: does the answer address the question.
    pub usefulness: Option<f64>,
    /// Factual claims that are supported.
    pub supported_claims: usize,
    /// Factual claims.
    pub total_claims: usize,
    /// Factual claims that are unsupported or contradicted.
    pub unsupported_claims: usize,
    /// True when every citation resolves and every cited claim is supported.
    pub citations_grounded: bool,
    /// True for conversational questions (small talk, opinions), false for factual ones.
    pub conversational: bool,
    /// Ceilings from hard findings: (reason code, maximum score).
    pub ceilings: Vec<(String, f64)>,
}

/// Openers of conversational questions (small talk, opinions, advice), for the
/// `triad` preset's weights; everything else is treated as factual.
const CONVERSATIONAL: &[&str] = &[
    "hi",
    "hello",
    "hey",
    "thanks",
    "thank you",
    "good morning",
    "good evening",
    "how are you",
    "what do you think",
    "what's your opinion",
    "what is your opinion",
    "do you like",
    "would you",
    "could you help",
    "can you help",
    "tell me a joke",
    "tell me about yourself",
    "who are you",
    "should i",
    "what would you",
];

/// Whether a question is conversational rather than factual.
pub(crate) fn question_is_conversational(question: &str) -> bool {
    let q = question.trim().to_lowercase();
    CONVERSATIONAL.iter().any(|c| {
        q.starts_with(c)
            && q[c.len()..]
                .chars()
                .next()
                .is_none_or(|n| !n.is_alphanumeric())
    })
}

/// The level a badge shows: one of four grades of the score, or one of two states that
/// are not grades (the answer declined, or the question needs clarifying).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Level {
    /// ≥ 0.9.
    High,
    /// ≥ 0.7.
    Medium,
    /// ≥ 0.5.
    Low,
    /// Below 0.5.
    VeryLow,
    /// The answer declines: it says the sources do not contain what was asked (decision
    /// CLARIFY). Not a grade: a correct refusal is not a false answer.
    Abstained,
    /// Nothing to grade: no sources were retrieved, a critic asked to clarify the
    /// question, or the answer states nothing to check (decision CLARIFY).
    Clarify,
}

impl Level {
    /// The level of a score.
    pub fn of(score: f64) -> Self {
        if score >= 0.9 {
            Level::High
        } else if score >= 0.7 {
            Level::Medium
        } else if score >= 0.5 {
            Level::Low
        } else {
            Level::VeryLow
        }
    }
}

/// One signal's part in the score.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct BreakdownItem {
    /// The signal (`claims`, `citations`, `relevance`, …).
    pub signal: String,
    /// Its value in [0, 1].
    pub value: f64,
    /// Its weight in the formula (0 for terms that add or subtract).
    pub weight: f64,
    /// What it added to the score.
    pub contribution: f64,
}

/// The score with its breakdown.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Confidence {
    /// The score in [0, 1].
    pub score: f64,
    /// Its level.
    pub level: Level,
    /// The preset that computed it.
    pub preset: Preset,
    /// Each signal's part.
    pub breakdown: Vec<BreakdownItem>,
    /// Ceilings that capped the score (reason code and cap), in order.
    pub caps: Vec<BreakdownItem>,
    /// Set by the `relevance` preset when citations are not grounded.
    pub uncertain: bool,
}

fn clamp01(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

fn item(signal: &str, value: f64, weight: f64, contribution: f64) -> BreakdownItem {
    BreakdownItem {
        signal: signal.to_string(),
        value: round(value),
        weight: round(weight),
        contribution: round(contribution),
    }
}

/// Rounds to 4 decimals so that reports are stable to read and compare.
pub fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// Computes the confidence with `opts.preset`.
pub fn confidence(s: &Signals, opts: &ConfidenceOptions) -> Confidence {
    let (raw, breakdown, uncertain) = match opts.preset {
        Preset::Default => {
            let (v, b) = weighted(s, &opts.weights);
            (v, b, false)
        }
        Preset::Triad => {
            let (v, b) = triad(
                s.relevance.or(s.retrieval).unwrap_or(0.0),
                s.support.unwrap_or_else(|| support_from_claims(s)),
                s.usefulness.unwrap_or(0.0),
                s.conversational,
            );
            (v, b, false)
        }
        Preset::Claims => {
            let (v, b) = claims_formula(s.supported_claims, s.total_claims, s.unsupported_claims);
            (v, b, false)
        }
        Preset::Relevance => relevance_formula(s.retrieval, s.citations_grounded),
        Preset::Penalties => {
            let (base, mut b) = weighted(s, &opts.weights);
            let (v, extra) = penalties(
                base,
                s.fields.unwrap_or(1.0),
                1.0 - s.sources.unwrap_or(1.0),
            );
            b.extend(extra);
            (v, b, false)
        }
    };
    let mut score = clamp01(raw);
    let mut caps = Vec::new();
    // Ceilings hold in every preset: a hard finding caps the score whatever the formula.
    for (code, cap) in &s.ceilings {
        if score > *cap {
            caps.push(item(code, *cap, 0.0, cap - score));
            score = *cap;
        }
    }
    let score = round(score);
    Confidence {
        score,
        level: Level::of(score),
        preset: opts.preset,
        breakdown,
        caps,
        uncertain,
    }
}

/// Highest confidence a RETRY or ESCALATE may show: just below both the threshold and
/// the `medium` level, so a badge never reads "high" or "medium" beside a decision that
/// does not accept the answer.
pub(crate) fn retry_ceiling(threshold: f64) -> f64 {
    round((threshold.min(0.7) - 0.01).max(0.0))
}

/// Highest confidence a rejected answer may show: in the `veryLow` level.
pub(crate) const REJECT_CEILING: f64 = 0.49;

/// ISSUP estimated from the claims when no judge ran.
fn support_from_claims(s: &Signals) -> Support {
    if s.total_claims == 0 || s.supported_claims == 0 {
        Support::None
    } else if s.supported_claims == s.total_claims {
        Support::Full
    } else {
        Support::Partial
    }
}

fn weighted(s: &Signals, w: &Weights) -> (f64, Vec<BreakdownItem>) {
    let judges = match (s.relevance, s.support, s.usefulness) {
        (None, None, None) => None,
        (r, sup, u) => {
            let parts: Vec<f64> = [r, sup.map(Support::value), u]
                .into_iter()
                .flatten()
                .collect();
            Some(parts.iter().sum::<f64>() / parts.len() as f64)
        }
    };
    let terms = [
        ("claims", s.claims, w.claims),
        ("citations", s.citations, w.citations),
        ("snippets", s.snippets, w.snippets),
        ("fields", s.fields, w.fields),
        ("sources", s.sources, w.sources),
        ("retrieval", s.retrieval, w.retrieval),
        ("judges", judges, w.judges),
    ];
    let total_weight: f64 = terms
        .iter()
        .filter(|t| t.1.is_some())
        .map(|t| t.2.max(0.0))
        .sum();
    if total_weight <= 0.0 {
        return (0.0, Vec::new());
    }
    let mut score = 0.0;
    let mut breakdown = Vec::new();
    for (name, value, weight) in terms {
        if let Some(v) = value {
            let v = clamp01(v);
            let nw = weight.max(0.0) / total_weight;
            score += v * nw;
            breakdown.push(item(name, v, nw, v * nw));
        }
    }
    (score, breakdown)
}

/// The `triad` preset: relevance, support and usefulness weighted 0.3 / 0.4 / 0.3 for a
/// factual question and 0.2 / 0.3 / 0.5 for a conversational one.
pub fn triad(
    relevance: f64,
    support: Support,
    usefulness: f64,
    conversational: bool,
) -> (f64, Vec<BreakdownItem>) {
    let (wr, ws, wu) = if conversational {
        (0.2, 0.3, 0.5)
    } else {
        (0.3, 0.4, 0.3)
    };
    let (r, s, u) = (clamp01(relevance), support.value(), clamp01(usefulness));
    (
        wr * r + ws * s + wu * u,
        vec![
            item("relevance", r, wr, wr * r),
            item("support", s, ws, ws * s),
            item("usefulness", u, wu, wu * u),
        ],
    )
}

/// The `claims` preset: supported / total − 0.1 × unsupported, + 0.1 when none is
/// unsupported, clamped to [0, 1]. No claims at all scores 0.
pub(crate) fn claims_formula(
    supported: usize,
    total: usize,
    unsupported: usize,
) -> (f64, Vec<BreakdownItem>) {
    if total == 0 {
        return (0.0, vec![item("claims", 0.0, 1.0, 0.0)]);
    }
    let ratio = supported as f64 / total as f64;
    let penalty = 0.1 * unsupported as f64;
    let bonus = if unsupported == 0 { 0.1 } else { 0.0 };
    (
        clamp01(ratio - penalty + bonus),
        vec![
            item("claims", ratio, 1.0, ratio),
            item("unsupportedPenalty", unsupported as f64, 0.0, -penalty),
            item(
                "allSupportedBonus",
                f64::from(u8::from(unsupported == 0)),
                0.0,
                bonus,
            ),
        ],
    )
}

/// The `relevance` preset: base 0.5 / 0.7 / 0.9 for a mean retrieval score below 0.7,
/// below 0.85, or above; +0.1 when every citation is grounded, −0.2 (and the answer
/// marked uncertain) when not. Without retrieval scores the base is 0.5.
pub(crate) fn relevance_formula(
    mean_score: Option<f64>,
    grounded: bool,
) -> (f64, Vec<BreakdownItem>, bool) {
    let m = mean_score.map(clamp01);
    let base = match m {
        Some(x) if x >= 0.85 => 0.9,
        Some(x) if x >= 0.7 => 0.7,
        _ => 0.5,
    };
    let adj = if grounded { 0.1 } else { -0.2 };
    (
        clamp01(base + adj),
        vec![
            item("retrieval", m.unwrap_or(0.0), 0.0, base),
            item("citationsGrounded", f64::from(u8::from(grounded)), 0.0, adj),
        ],
        !grounded,
    )
}

/// The `penalties` preset: `base − (1 − fieldConfidence) − unverifiedSourceShare`,
/// clamped to [0, 1].
pub fn penalties(
    base: f64,
    field_confidence: f64,
    unverified_share: f64,
) -> (f64, Vec<BreakdownItem>) {
    let fp = 1.0 - clamp01(field_confidence);
    let sp = clamp01(unverified_share);
    (
        clamp01(base - fp - sp),
        vec![
            item("fieldPenalty", clamp01(field_confidence), 0.0, -fp),
            item("sourcePenalty", sp, 0.0, -sp),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9, "{a} != {b}");
    }

    #[test]
    fn triad_examples() {
        // Factual: relevant, fully supported, useful → 1.0.
        close(triad(1.0, Support::Full, 1.0, false).0, 1.0);
        // Factual: relevant, partial support, useful 0.8 → 0.3 + 0.2 + 0.24.
        close(triad(1.0, Support::Partial, 0.8, false).0, 0.74);
        // Conversational weights favour usefulness: 0.2·0.5 + 0.3·0 + 0.5·1.
        close(triad(0.5, Support::None, 1.0, true).0, 0.6);
        // Same inputs, factual weights: 0.3·0.5 + 0 + 0.3·1.
        close(triad(0.5, Support::None, 1.0, false).0, 0.45);
    }

    #[test]
    fn claims_examples() {
        close(claims_formula(4, 4, 0).0, 1.0); // 1 + 0.1, clamped
        close(claims_formula(3, 4, 1).0, 0.65); // 0.75 − 0.1
        close(claims_formula(1, 4, 3).0, 0.0); // 0.25 − 0.3, clamped
        close(claims_formula(2, 4, 0).0, 0.6); // two partial claims: 0.5 + 0.1
        close(claims_formula(0, 0, 0).0, 0.0);
    }

    #[test]
    fn relevance_examples() {
        let (v, _, u) = relevance_formula(Some(0.9), true);
        close(v, 1.0);
        assert!(!u);
        close(relevance_formula(Some(0.8), true).0, 0.8);
        close(relevance_formula(Some(0.6), true).0, 0.6);
        let (v, _, u) = relevance_formula(Some(0.9), false);
        close(v, 0.7);
        assert!(u);
        close(relevance_formula(Some(0.5), false).0, 0.3);
        close(relevance_formula(None, true).0, 0.6);
    }

    #[test]
    fn penalties_examples() {
        close(penalties(0.9, 1.0, 0.0).0, 0.9);
        close(penalties(0.9, 0.8, 0.0).0, 0.7);
        close(penalties(0.9, 0.8, 0.25).0, 0.45);
        close(penalties(0.3, 0.5, 0.5).0, 0.0);
    }

    #[test]
    fn levels() {
        assert_eq!(Level::of(0.95), Level::High);
        assert_eq!(Level::of(0.9), Level::High);
        assert_eq!(Level::of(0.7), Level::Medium);
        assert_eq!(Level::of(0.69), Level::Low);
        assert_eq!(Level::of(0.5), Level::Low);
        assert_eq!(Level::of(0.2), Level::VeryLow);
    }

    #[test]
    fn ceilings_hold_in_every_preset() {
        for preset in [
            Preset::Default,
            Preset::Triad,
            Preset::Claims,
            Preset::Relevance,
            Preset::Penalties,
        ] {
            let s = Signals {
                claims: Some(1.0),
                citations: Some(1.0),
                retrieval: Some(0.95),
                relevance: Some(1.0),
                support: Some(Support::Full),
                usefulness: Some(1.0),
                supported_claims: 3,
                total_claims: 3,
                citations_grounded: true,
                ceilings: vec![("CITATION_OUT_OF_RANGE".into(), 0.6)],
                ..Signals::default()
            };
            let c = confidence(
                &s,
                &ConfidenceOptions {
                    preset,
                    ..ConfidenceOptions::default()
                },
            );
            assert!(c.score <= 0.6, "{preset:?}: {}", c.score);
            assert_eq!(c.caps.len(), 1, "{preset:?}");
        }
    }

    #[test]
    fn retry_ceiling_is_below_threshold_and_medium() {
        close(retry_ceiling(0.7), 0.69);
        close(retry_ceiling(0.9), 0.69);
        close(retry_ceiling(0.5), 0.49);
        close(retry_ceiling(0.0), 0.0);
        assert_eq!(Level::of(retry_ceiling(0.95)), Level::Low);
        assert_eq!(Level::of(REJECT_CEILING), Level::VeryLow);
    }

    #[test]
    fn default_renormalises_and_caps() {
        let s = Signals {
            claims: Some(1.0),
            citations: Some(0.5),
            ceilings: vec![("CONTRADICTION".into(), 0.4)],
            ..Signals::default()
        };
        let c = confidence(&s, &ConfidenceOptions::default());
        // claims 0.4 and citations 0.2 renormalise to 2/3 and 1/3: 0.8333, capped at 0.4.
        close(c.score, 0.4);
        assert_eq!(c.caps.len(), 1);
        assert!((c.breakdown.iter().map(|b| b.contribution).sum::<f64>() - 0.8333).abs() < 1e-3);
        let none = confidence(&Signals::default(), &ConfidenceOptions::default());
        close(none.score, 0.0);
    }
}
