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
        Some(Err(e)) => outcome.failures.push(judge_failed(CRITIC.name, &e, None)),
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

/// The verdict of a judge that ran and answered; a failure becomes its `JUDGE_FAILED`
/// warning; `None` also when it did not run.
fn kept<T>(
    ran: Option<std::result::Result<T, ModelError>>,
    judge: &Judge<T>,
    failures: &mut Vec<Warning>,
) -> Option<T> {
    match ran? {
        Ok(v) => Some(v),
        Err(e) => {
            failures.push(judge_failed(judge.name, &e, None));
            None
        }
    }
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

/// A value a judge's prompt is filled with, from the input being validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Var {
    /// `{question}`.
    Question,
    /// `{answer}`.
    Answer,
    /// `{sources}`, numbered as citations refer to them.
    Sources,
}

/// One judge of the table below: how its prompt is built and how its reply is read.
struct Judge<T> {
    /// The name in `JUDGE_FAILED` warnings.
    name: &'static str,
    /// The `purpose` passed to the `llm`.
    purpose: Purpose,
    /// The configured template (`config.prompts.*`), when there is one.
    template: fn(&Prompts) -> Option<&str>,
    /// The built-in template.
    default: &'static str,
    /// The placeholders filled from the input (others, like `{claim}`, are passed by the
    /// caller; a placeholder not filled stays as written).
    vars: &'static [Var],
    /// Reads the reply; `Err` is a shape failure.
    parse: fn(&str) -> std::result::Result<T, String>,
}

// The judges, one row each. They are typed consts rather than one array because each
// parser returns its own type (a shared sum type would need arms that cannot happen).

/// ISREL: are the sources relevant to the question.
const RELEVANCE: Judge<f64> = Judge {
    name: "relevance",
    purpose: Purpose::Relevance,
    template: |p| p.relevance.as_deref(),
    default: prompts::RELEVANCE,
    vars: &[Var::Question, Var::Sources],
    parse: parse::parse_relevance,
};

/// ISSUP: the verdict, the claims named unsupported and the judge's reasoning.
const SUPPORT: Judge<(Support, Vec<String>, Option<String>)> = Judge {
    name: "support",
    purpose: Purpose::Support,
    template: |p| p.support.as_deref(),
    default: prompts::SUPPORT,
    vars: &[Var::Question, Var::Answer, Var::Sources],
    parse: |text| {
        let (support, unsupported) = parse::parse_support(text)?;
        Ok((support, unsupported, parse::parse_reasoning(text)))
    },
};

/// ISUSE: does the answer address the question.
const USEFULNESS: Judge<f64> = Judge {
    name: "usefulness",
    purpose: Purpose::Usefulness,
    template: |p| p.usefulness.as_deref(),
    default: prompts::USEFULNESS,
    vars: &[Var::Question, Var::Answer],
    parse: parse::parse_usefulness,
};

/// Claim extraction: the answer's claims as the `llm` lists them.
const CLAIMS: Judge<Vec<String>> = Judge {
    name: "claims",
    purpose: Purpose::Claims,
    template: |p| p.claims.as_deref(),
    default: prompts::CLAIMS,
    vars: &[Var::Answer],
    parse: parse::parse_claims,
};

/// Verification of one claim (`{claim}`, `{evidence}`): the verdict and the reasoning.
const VERIFY: Judge<(Support, String)> = Judge {
    name: "verification",
    purpose: Purpose::Verify,
    template: |p| p.verify.as_deref(),
    default: prompts::VERIFY,
    vars: &[],
    parse: |text| {
        let support = parse::parse_verification(text)?;
        Ok((support, parse::parse_reasoning(text).unwrap_or_default()))
    },
};

/// The loop's critic: its verdict text, read later by the gate.
const CRITIC: Judge<String> = Judge {
    name: "critic",
    purpose: Purpose::Critic,
    template: |p| p.critic.as_deref(),
    default: prompts::CRITIC,
    vars: &[Var::Question, Var::Answer, Var::Sources],
    parse: |text| Ok(text.to_string()),
};

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

/// An embedding's verdict that a claim is supported.
struct Upgrade {
    index: usize,
    similarity: f64,
    reason: String,
    /// The most similar source.
    source: usize,
}

/// Where the `embed` step sends the candidates: upgraded, or on to the `llm`.
#[derive(Default)]
struct Routing {
    upgrades: Vec<Upgrade>,
    escalate: Vec<Escalation>,
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

    /// Asks the `llm` one judge's question: its prompt (the configured template or the
    /// built-in one, filled with the judge's variables and `extra`), then its parser.
    async fn ask<T>(
        &self,
        judge: &Judge<T>,
        extra: &[(&str, &str)],
    ) -> std::result::Result<T, ModelError> {
        let template = (judge.template)(self.prompts()).unwrap_or(judge.default);
        let sources = judge
            .vars
            .contains(&Var::Sources)
            .then(|| self.sources_text());
        let mut vars: Vec<(&str, &str)> = judge
            .vars
            .iter()
            .map(|v| match v {
                Var::Question => ("question", self.input.question.as_str()),
                Var::Answer => ("answer", self.input.answer.as_str()),
                Var::Sources => ("sources", sources.as_deref().unwrap_or_default()),
            })
            .collect();
        vars.extend_from_slice(extra);
        let prompt = render(template, &vars);
        let text = self.llm(judge.purpose, prompt).await?;
        (judge.parse)(&text).map_err(ModelError::shape)
    }

    async fn critic(&self) -> std::result::Result<String, ModelError> {
        self.ask(&CRITIC, &[]).await
    }

    async fn verify(
        &self,
        claim: &str,
        evidence: &str,
    ) -> std::result::Result<(Support, String), ModelError> {
        self.ask(&VERIFY, &[("claim", claim), ("evidence", evidence)])
            .await
    }

    /// Runs `judge` when `on`; `None` when it does not run.
    async fn ask_if<T>(
        &self,
        on: bool,
        judge: &Judge<T>,
    ) -> Option<std::result::Result<T, ModelError>> {
        if on {
            Some(self.ask(judge, &[]).await)
        } else {
            None
        }
    }

    /// Runs the planned judges; applies claim verdicts to `analysis.claims`.
    async fn run(&self, analysis: &mut Analysis, plan: Plan) -> (JudgeOutcome, JudgeSummary) {
        let mut outcome = JudgeOutcome::default();
        let mut summary = JudgeSummary::default();
        let has_llm = self.models.llm.is_some();
        let opt = |on: bool| on && has_llm;
        let triad = join3(
            self.ask_if(opt(plan.relevance), &RELEVANCE),
            self.ask_if(opt(plan.support), &SUPPORT),
            self.ask_if(opt(plan.usefulness), &USEFULNESS),
        );
        let extract = opt(plan.extract_claims) && !self.input.answer.trim().is_empty();
        let extraction = self.ask_if(extract, &CLAIMS);
        let ((rel, sup, use_), extracted) = join(triad, extraction).await;
        outcome.relevance = kept(rel, &RELEVANCE, &mut outcome.failures);
        if let Some((s, list, reasoning)) = kept(sup, &SUPPORT, &mut outcome.failures) {
            outcome.support = Some(s);
            self.mark_unsupported(analysis, &list);
            summary.unsupported_claims = list;
            summary.support_reasoning = reasoning;
        }
        outcome.usefulness = kept(use_, &USEFULNESS, &mut outcome.failures);
        summary.relevance = outcome.relevance;
        summary.support = outcome.support;
        summary.usefulness = outcome.usefulness;
        if let Some(texts) = kept(extracted, &CLAIMS, &mut outcome.failures) {
            summary.claims_extracted = self.merge_claims(analysis, &texts);
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
                    let span = self.span_of(text);
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
        let mut added = 0;
        // Bounded work whatever the model returns: at most MAX_EXTRACTED claims are read.
        for text in texts.iter().take(MAX_EXTRACTED) {
            let words = word_set(text);
            if words.is_empty() {
                continue;
            }
            let best = closest_claim(&analysis.claims.claims, &words);
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
                &self.cfg.claims,
            );
            // Where the answer holds the text, else at the claim it overlaps, else the
            // whole answer.
            let span = self.span_of(text).unwrap_or_else(|| match &best {
                Some((o, span, _)) if *o > 0.0 => *span,
                _ => Span::new(0, utf16_len(&self.input.answer)),
            });
            let citations = best.map(|b| b.2).unwrap_or_default();
            for claim in scored.claims {
                let (claim, warning) = extracted_claim(claim, span, citations.clone());
                analysis.claims.warnings.extend(warning);
                analysis.claims.claims.push(claim);
                added += 1;
            }
        }
        added
    }

    /// The span where the answer holds `text`, if it does.
    fn span_of(&self, text: &str) -> Option<Span> {
        let answer = &self.input.answer;
        answer.find(text).map(|start| {
            Span::new(
                utf16_len(&answer[..start]),
                utf16_len(&answer[..start + text.len()]),
            )
        })
    }

    /// The verification cascade over the claims the lexical check left open: the
    /// candidates are compared with the sources through `embed` (an upgrade when similar
    /// enough), those still uncertain are verified by the `llm`, then every verdict is
    /// applied.
    async fn cascade(
        &self,
        analysis: &mut Analysis,
        outcome: &mut JudgeOutcome,
        summary: &mut JudgeSummary,
    ) {
        let claims = &analysis.claims.claims;
        let candidates = self.candidates(claims);
        if candidates.is_empty() {
            return;
        }
        let routing = self.route(claims, &candidates, outcome, summary).await;
        let verdicts = self
            .verify_escalated(claims, &routing.escalate, summary)
            .await;
        self.apply_upgrades(analysis, routing.upgrades);
        self.apply_verdicts(analysis, &routing.escalate, verdicts, outcome);
    }

    /// The claims the cascade looks at: checked, with a support status, no exact
    /// mismatch, and not already supported with a score at the band's top or above.
    fn candidates(&self, claims: &[Claim]) -> Vec<usize> {
        let [_, high] = self.cfg.judges.band;
        claims
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
            .collect()
    }

    /// Partly supported, or scored inside the band: worth an `llm` verification.
    fn uncertain(&self, c: &Claim) -> bool {
        let [low, high] = self.cfg.judges.band;
        c.status == SupportStatus::Partial || (c.score >= low && c.score < high)
    }

    /// The evidence shown for a claim that no embedding placed: the source of its lexical
    /// evidence (or that evidence's text), else all the sources; clipped.
    fn lexical_evidence(&self, c: &Claim) -> String {
        match &c.evidence {
            Some(e) => self
                .input
                .sources
                .get(e.source_index)
                .map_or_else(|| e.text.clone(), |s| clip(&s.content)),
            None => clip(&self.sources_text()),
        }
    }

    /// Without embeddings: the uncertain candidates go to the `llm` with their lexical
    /// evidence.
    fn lexical_escalations(&self, claims: &[Claim], candidates: &[usize]) -> Vec<Escalation> {
        candidates
            .iter()
            .filter(|&&i| self.uncertain(&claims[i]))
            .map(|&i| Escalation {
                index: i,
                evidence: self.lexical_evidence(&claims[i]),
                source: None,
            })
            .collect()
    }

    /// The `embed` step: one call for the candidates and the sources; a failure (or no
    /// `embed`) sends the uncertain candidates on with their lexical evidence.
    async fn route(
        &self,
        claims: &[Claim],
        candidates: &[usize],
        outcome: &mut JudgeOutcome,
        summary: &mut JudgeSummary,
    ) -> Routing {
        let Some(embedder) = self.models.embed else {
            return Routing {
                upgrades: Vec::new(),
                escalate: self.lexical_escalations(claims, candidates),
            };
        };
        let sources = &self.input.sources;
        let mut texts: Vec<String> = candidates.iter().map(|&i| claims[i].text.clone()).collect();
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
            Ok(vectors) => self.route_by_similarity(claims, candidates, &vectors),
            Err(e) => {
                outcome.failures.push(judge_failed("embed", &e, None));
                Routing {
                    upgrades: Vec::new(),
                    escalate: self.lexical_escalations(claims, candidates),
                }
            }
        }
    }

    /// Each candidate against its most similar source: at `similarity` or above (and no
    /// exact mismatch) an upgrade; at `borderline` or above, or uncertain, to the `llm`
    /// with that source as evidence.
    fn route_by_similarity(
        &self,
        claims: &[Claim],
        candidates: &[usize],
        vectors: &[Vec<f32>],
    ) -> Routing {
        let j = &self.cfg.judges;
        let sources = &self.input.sources;
        let mut routing = Routing::default();
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
                routing.upgrades.push(Upgrade {
                    index: i,
                    similarity: sim,
                    reason: format!("embedding similarity {sim:.2} with source {id}"),
                    source: best,
                });
            } else if sim >= j.borderline || self.uncertain(c) {
                let evidence = sources
                    .get(best)
                    .map_or_else(|| self.lexical_evidence(c), |s| clip(&s.content));
                routing.escalate.push(Escalation {
                    index: i,
                    evidence,
                    source: Some(best),
                });
            }
        }
        routing
    }

    /// The `llm` step: every escalated claim verified at once (nothing without an `llm`).
    async fn verify_escalated(
        &self,
        claims: &[Claim],
        escalate: &[Escalation],
        summary: &mut JudgeSummary,
    ) -> Vec<std::result::Result<(Support, String), ModelError>> {
        if self.models.llm.is_none() || escalate.is_empty() {
            return Vec::new();
        }
        summary.claims_escalated = escalate.len();
        let calls = escalate
            .iter()
            .map(|e| self.verify(&claims[e.index].text, &e.evidence));
        join_all(calls).await
    }

    /// The embedding's upgrades: supported, with the similarity as score.
    fn apply_upgrades(&self, analysis: &mut Analysis, upgrades: Vec<Upgrade>) {
        let report = &mut analysis.claims;
        for u in upgrades {
            let evidence = matched_evidence(
                report.claims.get(u.index),
                u.source,
                &self.input.sources,
                u.similarity,
            );
            report.set_status(
                u.index,
                SupportStatus::Supported,
                u.similarity,
                u.reason,
                VerifiedBy::Embedding,
                evidence,
            );
        }
    }

    /// The verification judge's verdicts; a failed call is a `JUDGE_FAILED` warning at
    /// the claim.
    fn apply_verdicts(
        &self,
        analysis: &mut Analysis,
        escalate: &[Escalation],
        verdicts: Vec<std::result::Result<(Support, String), ModelError>>,
        outcome: &mut JudgeOutcome,
    ) {
        let supported = self.cfg.claims.supported;
        let report = &mut analysis.claims;
        for (e, verdict) in escalate.iter().zip(verdicts) {
            let evidence = e.source.and_then(|source| {
                matched_evidence(report.claims.get(e.index), source, &self.input.sources, 0.0)
            });
            let (status, score, what, why) = match verdict {
                Ok((Support::Full, why)) => (
                    SupportStatus::Supported,
                    supported,
                    "the verification judge found it supported",
                    why,
                ),
                Ok((Support::Partial, why)) => (
                    SupportStatus::Partial,
                    0.0,
                    "the verification judge found it partly supported",
                    why,
                ),
                Ok((Support::None, why)) => (
                    SupportStatus::Unsupported,
                    0.0,
                    "the verification judge found no support",
                    why,
                ),
                Err(err) => {
                    let span = report.claims.get(e.index).map(|c| c.span);
                    outcome.failures.push(judge_failed(VERIFY.name, &err, span));
                    continue;
                }
            };
            let reason = judge_reason(what, &why);
            report.set_status(e.index, status, score, reason, VerifiedBy::Llm, evidence);
        }
    }
}

/// The answer's claim that the word set overlaps most (the last of equals), as its
/// overlap, span and citations.
fn closest_claim(
    claims: &[Claim],
    words: &std::collections::BTreeSet<String>,
) -> Option<(f64, Span, Vec<usize>)> {
    claims
        .iter()
        .map(|c| {
            (
                overlap(words, &word_set(&c.text)),
                c.span,
                c.citations.clone(),
            )
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

/// A claim the claims judge extracted, checked lexically: a fact at `span` with the
/// citations of the claim it overlaps, unsupported when not checked; an unsupported one
/// makes its `UNSUPPORTED_CLAIM` finding (marked `extracted`).
fn extracted_claim(
    mut claim: Claim,
    span: Span,
    citations: Vec<usize>,
) -> (Claim, Option<Warning>) {
    claim.kind = ClaimKind::Fact;
    if claim.status == SupportStatus::NotChecked {
        claim.status = SupportStatus::Unsupported;
    }
    claim.span = span;
    claim.citations = citations;
    claim
        .reasons
        .push("extracted by the claims judge".to_string());
    let warning = (claim.status == SupportStatus::Unsupported).then(|| {
        Warning::new(
            WarningKind::UnsupportedClaim,
            format!(
                "Claim not supported by the sources: {}",
                claim.reasons.join("; ")
            ),
            Some(span),
        )
        .with("score", claim.score)
        .with("extracted", true)
    });
    (claim, warning)
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
