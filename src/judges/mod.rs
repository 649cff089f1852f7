//! The model judges: relevance (ISREL), support (ISSUP) and usefulness (ISUSE) through
//! the `llm`, claim extraction through the `llm`, and claim verification as a cascade —
//! lexical check, then embedding similarity, then an `llm` verification prompt for the
//! claims still uncertain — so that most answers cost no model call.
//!
//! Prompts and parsing are deterministic; verdicts come from the callbacks. A callback
//! that fails (throws, times out, answers the wrong shape or unreadable text) never loses
//! a deterministic finding: it adds a `JUDGE_FAILED` warning and the report is
//! incomplete.

pub use crate::verdict::{parse, prompts};
pub use crate::verdict::{JudgeOptions, JudgeSummary, BAND_DEFAULT};

use futures_util::future::{join, join3, join_all};

use crate::claims::{
    analyze_claims, whole_source_evidence, Claim, ClaimKind, Evidence, SupportStatus, VerifiedBy,
};
use crate::confidence::{Preset, Support};
use crate::config::Config;
use crate::context::AnswerContext;
use crate::error::Result;
use crate::input::CheckInput;
use crate::model::{
    check_embeddings, cosine, Budget, LlmOptions, Mode, ModelError, Models, Purpose,
};
use crate::report::{Report, Warning, WarningKind};
use crate::text::{utf16_len, Span};
use crate::validator::{Analysis, JudgeOutcome, Validator};
use prompts::{numbered_sources, render, Prompts};

/// Which judges run in one validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Plan {
    /// ISREL.
    pub relevance: bool,
    /// ISSUP.
    pub support: bool,
    /// ISUSE.
    pub usefulness: bool,
    /// Claim extraction.
    pub extract_claims: bool,
    /// The verification cascade.
    pub verify: bool,
    /// The critic.
    pub critic: bool,
}

impl Plan {
    /// The plan for `validate()` (`mode` `None`) or for an attempt of the loop in `mode`:
    /// `thinking` runs every judge, `instant` none, `auto` and `validate()` what the
    /// configuration says.
    pub fn new(cfg: &Config, mode: Option<Mode>) -> Plan {
        let j = &cfg.judges;
        let triad = cfg.preset == Preset::Triad || mode == Some(Mode::Thinking);
        match mode {
            Some(Mode::Instant | Mode::Sources) => Plan::default(),
            _ => Plan {
                relevance: j.relevance.unwrap_or(triad),
                support: j.support.unwrap_or(triad),
                usefulness: j.usefulness.unwrap_or(triad),
                extract_claims: j.extract_claims,
                verify: j.verify,
                critic: mode.is_some() && j.critic,
            },
        }
    }
}

/// `validate()` as the validator's configuration says: the checks and the judges of
/// [`Plan::new`] for a validation (no mode), within a budget of `config.budget` model
/// calls. What a binding calls.
///
/// # Errors
/// As [`validate`].
pub async fn validate_as_configured(
    validator: &Validator,
    input: &CheckInput,
    models: Models<'_>,
) -> Result<Report> {
    let cfg = validator.config();
    let budget = Budget::new(cfg.budget);
    validate(validator, input, models, &budget, Plan::new(cfg, None)).await
}

/// Runs the checks and the judges of `plan`: the asynchronous counterpart of
/// [`Validator::check`]. The budget counts every model call.
///
/// # Errors
/// The input's own validation errors, as `check()`. Callback failures are never errors:
/// they are `JUDGE_FAILED` warnings and `complete: false`.
pub async fn validate(
    validator: &Validator,
    input: &CheckInput,
    models: Models<'_>,
    budget: &Budget,
    plan: Plan,
) -> Result<Report> {
    let mut analysis = validator.analyze(input)?;
    let judging = Judging {
        cfg: validator.config(),
        models,
        budget,
        input,
    };
    let critic_fut = async {
        match (plan.critic, models.llm) {
            (true, Some(_)) => Some(judging.critic().await),
            _ => None,
        }
    };
    let (critic, (mut outcome, mut summary)) =
        join(critic_fut, judging.run(&mut analysis, plan)).await;
    let mut input = input.clone();
    match critic {
        Some(Ok(text)) => {
            summary.critic = Some(text.clone());
            input.critic = Some(text);
        }
        Some(Err(e)) => outcome.failures.push(judge_failed("critic", &e, None)),
        None => {}
    }
    summary.model_calls = budget.used();
    let mut report = validator.assemble(&input, analysis, &outcome);
    report.judges = Some(summary);
    Ok(report)
}

/// A `JUDGE_FAILED` warning carrying the callback's own message.
pub(crate) fn judge_failed(judge: &str, e: &ModelError, span: Option<Span>) -> Warning {
    Warning::new(
        WarningKind::JudgeFailed,
        format!("The {judge} judge failed: {}", e.message),
        span,
    )
    .with("judge", judge)
    .with("failure", e.kind.as_str())
    .with("error", e.message.clone())
}

/// Most claims read from the claims judge's list (a model that lists thousands must not
/// turn one validation into minutes of work); the rest are ignored.
pub const MAX_EXTRACTED: usize = 64;

/// Longest source text put into a verification prompt.
const MAX_EVIDENCE: usize = 4000;

fn clip(s: &str) -> String {
    if s.chars().count() <= MAX_EVIDENCE {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(MAX_EVIDENCE).collect::<String>())
    }
}

struct Judging<'a> {
    cfg: &'a Config,
    models: Models<'a>,
    budget: &'a Budget,
    input: &'a CheckInput,
}

/// A claim sent on to the `llm`, with the evidence to show it.
struct Escalation {
    index: usize,
    evidence: String,
    /// The source the evidence comes from, when an embedding chose it (otherwise the
    /// claim's lexical evidence stands).
    source: Option<usize>,
}

impl Judging<'_> {
    fn prompts(&self) -> &Prompts {
        &self.cfg.prompts
    }

    fn sources_text(&self) -> String {
        numbered_sources(&self.input.sources, self.cfg.citations.index_base)
    }

    async fn llm(
        &self,
        purpose: Purpose,
        prompt: String,
    ) -> std::result::Result<String, ModelError> {
        let Some(llm) = self.models.llm else {
            return Err(ModelError::error("no llm callback was given"));
        };
        self.budget.take("llm")?;
        let options = LlmOptions {
            purpose,
            max_tokens: self.cfg.judges.max_tokens,
        };
        llm.complete(&prompt, &options).await
    }

    async fn critic(&self) -> std::result::Result<String, ModelError> {
        let template = self.prompts().critic.as_deref().unwrap_or(prompts::CRITIC);
        let prompt = render(
            template,
            &[
                ("question", &self.input.question),
                ("answer", &self.input.answer),
                ("sources", &self.sources_text()),
            ],
        );
        self.llm(Purpose::Critic, prompt).await
    }

    async fn relevance(&self) -> std::result::Result<f64, ModelError> {
        let template = self
            .prompts()
            .relevance
            .as_deref()
            .unwrap_or(prompts::RELEVANCE);
        let prompt = render(
            template,
            &[
                ("question", &self.input.question),
                ("sources", &self.sources_text()),
            ],
        );
        let text = self.llm(Purpose::Relevance, prompt).await?;
        parse::parse_relevance(&text).map_err(ModelError::shape)
    }

    async fn support(
        &self,
    ) -> std::result::Result<(Support, Vec<String>, Option<String>), ModelError> {
        let template = self
            .prompts()
            .support
            .as_deref()
            .unwrap_or(prompts::SUPPORT);
        let prompt = render(
            template,
            &[
                ("question", &self.input.question),
                ("answer", &self.input.answer),
                ("sources", &self.sources_text()),
            ],
        );
        let text = self.llm(Purpose::Support, prompt).await?;
        let (support, unsupported) = parse::parse_support(&text).map_err(ModelError::shape)?;
        Ok((support, unsupported, parse::parse_reasoning(&text)))
    }

    async fn usefulness(&self) -> std::result::Result<f64, ModelError> {
        let template = self
            .prompts()
            .usefulness
            .as_deref()
            .unwrap_or(prompts::USEFULNESS);
        let prompt = render(
            template,
            &[
                ("question", &self.input.question),
                ("answer", &self.input.answer),
            ],
        );
        let text = self.llm(Purpose::Usefulness, prompt).await?;
        parse::parse_usefulness(&text).map_err(ModelError::shape)
    }

    async fn extract(&self) -> std::result::Result<Vec<String>, ModelError> {
        let template = self.prompts().claims.as_deref().unwrap_or(prompts::CLAIMS);
        let prompt = render(template, &[("answer", &self.input.answer)]);
        let text = self.llm(Purpose::Claims, prompt).await?;
        parse::parse_claims(&text).map_err(ModelError::shape)
    }

    async fn verify(
        &self,
        claim: &str,
        evidence: &str,
    ) -> std::result::Result<(Support, String), ModelError> {
        let template = self.prompts().verify.as_deref().unwrap_or(prompts::VERIFY);
        let prompt = render(template, &[("claim", claim), ("evidence", evidence)]);
        let text = self.llm(Purpose::Verify, prompt).await?;
        let support = parse::parse_verification(&text).map_err(ModelError::shape)?;
        Ok((support, parse::parse_reasoning(&text).unwrap_or_default()))
    }

    /// Runs the planned judges; applies claim verdicts to `analysis.claims`.
    async fn run(&self, analysis: &mut Analysis, plan: Plan) -> (JudgeOutcome, JudgeSummary) {
        let mut outcome = JudgeOutcome::default();
        let mut summary = JudgeSummary::default();
        let has_llm = self.models.llm.is_some();
        let opt = |on: bool| on && has_llm;
        let triad = join3(
            async {
                if opt(plan.relevance) {
                    Some(self.relevance().await)
                } else {
                    None
                }
            },
            async {
                if opt(plan.support) {
                    Some(self.support().await)
                } else {
                    None
                }
            },
            async {
                if opt(plan.usefulness) {
                    Some(self.usefulness().await)
                } else {
                    None
                }
            },
        );
        let extraction = async {
            if opt(plan.extract_claims) && !self.input.answer.trim().is_empty() {
                Some(self.extract().await)
            } else {
                None
            }
        };
        let ((rel, sup, use_), extracted) = join(triad, extraction).await;
        match rel {
            Some(Ok(v)) => outcome.relevance = Some(v),
            Some(Err(e)) => outcome.failures.push(judge_failed("relevance", &e, None)),
            None => {}
        }
        match sup {
            Some(Ok((s, list, reasoning))) => {
                outcome.support = Some(s);
                self.mark_unsupported(analysis, &list);
                summary.unsupported_claims = list;
                summary.support_reasoning = reasoning;
            }
            Some(Err(e)) => outcome.failures.push(judge_failed("support", &e, None)),
            None => {}
        }
        match use_ {
            Some(Ok(v)) => outcome.usefulness = Some(v),
            Some(Err(e)) => outcome.failures.push(judge_failed("usefulness", &e, None)),
            None => {}
        }
        summary.relevance = outcome.relevance;
        summary.support = outcome.support;
        summary.usefulness = outcome.usefulness;
        match extracted {
            Some(Ok(texts)) => summary.claims_extracted = self.merge_claims(analysis, &texts),
            Some(Err(e)) => outcome.failures.push(judge_failed("claims", &e, None)),
            None => {}
        }
        if plan.verify && !self.input.sources.is_empty() {
            self.cascade(analysis, &mut outcome, &mut summary).await;
        }
        (outcome, summary)
    }

    /// The claims the support judge named as unsupported become `UNSUPPORTED_CLAIM`
    /// findings: each is matched to the answer's claim it overlaps most (at least half of
    /// its words) and that claim is marked unsupported (`verifiedBy: llm`); a named claim
    /// that matches none is a finding with the span where the answer holds its text, or
    /// no span when the answer does not hold it.
    fn mark_unsupported(&self, analysis: &mut Analysis, list: &[String]) {
        let report = &mut analysis.claims;
        for text in list {
            let words = word_set(text);
            if words.is_empty() {
                continue;
            }
            let best = report
                .claims
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_checked())
                .map(|(i, c)| (i, containment(&words, &word_set(&c.text))))
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
            match best {
                Some((i, share)) if share >= 0.5 => report.set_status(
                    i,
                    SupportStatus::Unsupported,
                    0.0,
                    "the support judge named it unsupported".to_string(),
                    VerifiedBy::Llm,
                    None,
                ),
                _ => {
                    let span = self.input.answer.find(text.as_str()).map(|start| {
                        Span::new(
                            utf16_len(&self.input.answer[..start]),
                            utf16_len(&self.input.answer[..start + text.len()]),
                        )
                    });
                    report.warnings.push(
                        Warning::new(
                            WarningKind::UnsupportedClaim,
                            format!("The support judge named a claim unsupported: {text}"),
                            span,
                        )
                        .with("claim", text.as_str())
                        .with("verifiedBy", "llm"),
                    );
                }
            }
        }
    }

    /// Adds the extracted claims that the deterministic split does not already hold,
    /// each checked lexically and placed at the claim it overlaps most. Returns how many
    /// were added.
    fn merge_claims(&self, analysis: &mut Analysis, texts: &[String]) -> usize {
        let opts = &self.cfg.claims;
        let mut added = 0;
        // Bounded work whatever the model returns: at most MAX_EXTRACTED claims are read.
        for text in texts.iter().take(MAX_EXTRACTED) {
            let words = word_set(text);
            if words.is_empty() {
                continue;
            }
            let best = analysis
                .claims
                .claims
                .iter()
                .map(|c| {
                    (
                        overlap(&words, &word_set(&c.text)),
                        c.span,
                        c.citations.clone(),
                    )
                })
                .max_by(|a, b| a.0.total_cmp(&b.0));
            if best.as_ref().is_some_and(|b| b.0 >= 0.6) {
                continue; // the deterministic split already has this claim
            }
            let ctx = AnswerContext::new(text);
            let scored = analyze_claims(
                &ctx,
                &self.input.question,
                &self.input.sources,
                &[],
                &[],
                opts,
            );
            let span = match self.input.answer.find(text.as_str()) {
                Some(start) => Span::new(
                    utf16_len(&self.input.answer[..start]),
                    utf16_len(&self.input.answer[..start + text.len()]),
                ),
                None => match &best {
                    Some((o, span, _)) if *o > 0.0 => *span,
                    _ => Span::new(0, utf16_len(&self.input.answer)),
                },
            };
            for mut claim in scored.claims {
                claim.kind = ClaimKind::Fact;
                if claim.status == SupportStatus::NotChecked {
                    claim.status = SupportStatus::Unsupported;
                }
                claim.span = span;
                claim.citations = best.as_ref().map(|b| b.2.clone()).unwrap_or_default();
                claim
                    .reasons
                    .push("extracted by the claims judge".to_string());
                if claim.status == SupportStatus::Unsupported {
                    analysis.claims.warnings.push(
                        Warning::new(
                            WarningKind::UnsupportedClaim,
                            format!(
                                "Claim not supported by the sources: {}",
                                claim.reasons.join("; ")
                            ),
                            Some(span),
                        )
                        .with("score", claim.score)
                        .with("extracted", true),
                    );
                }
                analysis.claims.claims.push(claim);
                added += 1;
            }
        }
        added
    }

    /// The verification cascade over the claims the lexical check left open.
    async fn cascade(
        &self,
        analysis: &mut Analysis,
        outcome: &mut JudgeOutcome,
        summary: &mut JudgeSummary,
    ) {
        let j = &self.cfg.judges;
        let supported = self.cfg.claims.supported;
        let claims = &analysis.claims.claims;
        let [low, high] = j.band;
        let uncertain =
            |c: &Claim| c.status == SupportStatus::Partial || (c.score >= low && c.score < high);
        let candidates: Vec<usize> = claims
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.is_checked()
                    && matches!(
                        c.status,
                        SupportStatus::Supported
                            | SupportStatus::Partial
                            | SupportStatus::Unsupported
                    )
                    && !exact_mismatch(c)
                    && !(c.status == SupportStatus::Supported && c.score >= high)
            })
            .map(|(i, _)| i)
            .collect();
        if candidates.is_empty() {
            return;
        }
        let sources = &self.input.sources;
        let mut escalate: Vec<Escalation> = Vec::new();
        let mut upgrades: Vec<(usize, f64, String, usize)> = Vec::new();
        let lexical_evidence = |c: &Claim| match &c.evidence {
            Some(e) => sources
                .get(e.source_index)
                .map_or_else(|| e.text.clone(), |s| clip(&s.content)),
            None => clip(&self.sources_text()),
        };
        match self.models.embed {
            Some(embedder) => {
                let mut texts: Vec<String> =
                    candidates.iter().map(|&i| claims[i].text.clone()).collect();
                texts.extend(sources.iter().map(|s| s.content.clone()));
                summary.claims_embedded = candidates.len();
                let result = match self.budget.take("embed") {
                    Ok(()) => embedder.embed(&texts).await.and_then(|v| {
                        check_embeddings(texts.len(), &v)?;
                        Ok(v)
                    }),
                    Err(e) => Err(e),
                };
                match result {
                    Ok(vectors) => {
                        let (claim_vecs, source_vecs) = vectors.split_at(candidates.len());
                        for (n, &i) in candidates.iter().enumerate() {
                            let c = &claims[i];
                            let (best, sim) = source_vecs
                                .iter()
                                .enumerate()
                                .map(|(s, v)| (s, cosine(&claim_vecs[n], v)))
                                .fold((0usize, f64::MIN), |a, b| if b.1 > a.1 { b } else { a });
                            let id = sources.get(best).map_or("", |s| s.id.as_str());
                            if sim >= j.similarity && !exact_mismatch(c) {
                                upgrades.push((
                                    i,
                                    sim,
                                    format!("embedding similarity {sim:.2} with source {id}"),
                                    best,
                                ));
                            } else if sim >= j.borderline || uncertain(c) {
                                let evidence = sources
                                    .get(best)
                                    .map_or_else(|| lexical_evidence(c), |s| clip(&s.content));
                                escalate.push(Escalation {
                                    index: i,
                                    evidence,
                                    source: Some(best),
                                });
                            }
                        }
                    }
                    Err(e) => {
                        outcome.failures.push(judge_failed("embed", &e, None));
                        escalate.extend(candidates.iter().filter(|&&i| uncertain(&claims[i])).map(
                            |&i| Escalation {
                                index: i,
                                evidence: lexical_evidence(&claims[i]),
                                source: None,
                            },
                        ));
                    }
                }
            }
            None => escalate.extend(candidates.iter().filter(|&&i| uncertain(&claims[i])).map(
                |&i| Escalation {
                    index: i,
                    evidence: lexical_evidence(&claims[i]),
                    source: None,
                },
            )),
        }
        let mut verdicts = Vec::new();
        if self.models.llm.is_some() && !escalate.is_empty() {
            summary.claims_escalated = escalate.len();
            let calls = escalate
                .iter()
                .map(|e| self.verify(&claims[e.index].text, &e.evidence));
            verdicts = join_all(calls).await;
        }
        let report = &mut analysis.claims;
        for (i, sim, reason, source) in upgrades {
            let evidence = matched_evidence(report.claims.get(i), source, sources, sim);
            report.set_status(
                i,
                SupportStatus::Supported,
                sim,
                reason,
                VerifiedBy::Embedding,
                evidence,
            );
        }
        for (e, verdict) in escalate.iter().zip(verdicts) {
            let evidence = e.source.and_then(|source| {
                matched_evidence(report.claims.get(e.index), source, sources, 0.0)
            });
            match verdict {
                Ok((Support::Full, why)) => report.set_status(
                    e.index,
                    SupportStatus::Supported,
                    supported,
                    judge_reason("the verification judge found it supported", &why),
                    VerifiedBy::Llm,
                    evidence,
                ),
                Ok((Support::Partial, why)) => report.set_status(
                    e.index,
                    SupportStatus::Partial,
                    0.0,
                    judge_reason("the verification judge found it partly supported", &why),
                    VerifiedBy::Llm,
                    evidence,
                ),
                Ok((Support::None, why)) => report.set_status(
                    e.index,
                    SupportStatus::Unsupported,
                    0.0,
                    judge_reason("the verification judge found no support", &why),
                    VerifiedBy::Llm,
                    evidence,
                ),
                Err(err) => {
                    let span = report.claims.get(e.index).map(|c| c.span);
                    outcome
                        .failures
                        .push(judge_failed("verification", &err, span));
                }
            }
        }
    }
}

/// A claim with a number or a name missing from the evidence: an exact mismatch that no
/// similarity may overrule (`$160 million` and `$16 million` embed alike, and so do
/// "designed by Leonardo da Vinci" and "designed by Gustave Eiffel").
fn exact_mismatch(c: &Claim) -> bool {
    c.reasons.iter().any(|r| {
        (r.starts_with("number ") || r.starts_with("name ") || r.starts_with("date "))
            && r.ends_with(" not in evidence")
    })
}

/// The evidence for a claim matched to source `source` by an embedding or a judge: the
/// claim's lexical evidence when it is in that source, else the source as a whole.
fn matched_evidence(
    claim: Option<&Claim>,
    source: usize,
    sources: &[crate::Source],
    score: f64,
) -> Option<Evidence> {
    let claim = claim?;
    match &claim.evidence {
        Some(e) if e.source_index == source => {
            let mut e = e.clone();
            e.score = e.score.max(score);
            Some(e)
        }
        _ => sources
            .get(source)
            .map(|s| whole_source_evidence(source, s, score)),
    }
}

/// A status reason with the judge's own explanation, when it gave one.
fn judge_reason(what: &str, why: &str) -> String {
    let why = why.trim();
    if why.is_empty() {
        what.to_string()
    } else {
        format!("{what}: {why}")
    }
}

fn word_set(text: &str) -> std::collections::BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Share of the words of `part` that `whole` holds.
fn containment(
    part: &std::collections::BTreeSet<String>,
    whole: &std::collections::BTreeSet<String>,
) -> f64 {
    if part.is_empty() {
        0.0
    } else {
        part.intersection(whole).count() as f64 / part.len() as f64
    }
}

/// Jaccard overlap of two word sets.
fn overlap(a: &std::collections::BTreeSet<String>, b: &std::collections::BTreeSet<String>) -> f64 {
    let inter = a.intersection(b).count();
    let union = a.union(b).count();
    if union == 0 {
        0.0
    } else {
        inter as f64 / union as f64
    }
}
