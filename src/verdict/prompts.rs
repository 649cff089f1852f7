//! Prompt templates of the judges, the critic and the loop, with `{placeholder}`s that
//! callers can override through `config.prompts`.

use serde::{Deserialize, Serialize};

use crate::source::Source;

/// Overrides of the prompt templates. Each is a template with placeholders in braces:
/// `{question}`, `{answer}`, `{sources}` (numbered `[1] …`), `{claim}`, `{evidence}`,
/// `{correction}`; unknown placeholders are left as written. `null` keeps the built-in
/// template.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Prompts {
    /// ISREL: `{question}`, `{sources}`.
    pub relevance: Option<String>,
    /// ISSUP: `{question}`, `{answer}`, `{sources}`.
    pub support: Option<String>,
    /// ISUSE: `{question}`, `{answer}`.
    pub usefulness: Option<String>,
    /// Claim extraction: `{answer}`.
    pub claims: Option<String>,
    /// Verification of one claim: `{claim}`, `{evidence}`.
    pub verify: Option<String>,
    /// The loop's critic: `{question}`, `{answer}`, `{sources}`.
    pub critic: Option<String>,
    /// The grounded generation prompt: `{question}`, `{sources}`.
    pub generate: Option<String>,
    /// The retry prompt: `{question}`, `{sources}`, `{answer}` (the previous answer),
    /// `{correction}` (what was wrong).
    pub correction: Option<String>,
}

/// Built-in ISREL template.
pub(crate) const RELEVANCE: &str = "You judge retrieval for a question-answering system.\n\
Question: {question}\n\nSources:\n{sources}\n\n\
Are these sources relevant to the question (do they contain information needed to answer it)?\n\
Reply with JSON only: {\"relevant\": true|false, \"score\": <number from 0 to 1>}";

/// Built-in ISSUP template.
pub(crate) const SUPPORT: &str = "You check whether an answer is supported by its sources.\n\
Question: {question}\n\nSources:\n{sources}\n\nAnswer:\n{answer}\n\n\
Is every claim of the answer supported by the sources? List the claims that are not.\n\
Reply with JSON only: {\"support\": \"full\"|\"partial\"|\"none\", \"unsupported\": [\"claim\", ...]}";

/// Built-in ISUSE template.
pub(crate) const USEFULNESS: &str = "You judge whether an answer addresses the question asked.\n\
Question: {question}\n\nAnswer:\n{answer}\n\n\
Does the answer address the question?\n\
Reply with JSON only: {\"useful\": true|false, \"score\": <1 to 5>}";

/// Built-in claim extraction template.
pub(crate) const CLAIMS: &str = "Split the answer below into atomic factual claims, each one \
sentence that can be checked on its own. Leave out opinions and talk about the answer itself.\n\
Answer:\n{answer}\n\n\
Reply with JSON only: {\"claims\": [\"claim\", ...]}";

/// Built-in claim verification template.
pub(crate) const VERIFY: &str = "Does the evidence state the claim?\n\
Claim: {claim}\n\nEvidence:\n{evidence}\n\n\
Reply with JSON only: {\"supported\": true|false|\"partial\"}";

/// Built-in critic template.
pub(crate) const CRITIC: &str = "You are the critic of a retrieval-augmented answer.\n\
Question: {question}\n\nSources:\n{sources}\n\nAnswer:\n{answer}\n\n\
Decide: FINAL (grounded in the sources and answers the question), RETRY (fixable: \
unsupported or uncited claims), CLARIFY (the question is ambiguous or the sources do not \
cover it), ESCALATE (cannot be answered from the documents).\n\
Reply with one line: <DECISION>: <reason>";

/// Built-in grounded generation template.
pub(crate) const GENERATE: &str = "Answer the question using only the numbered sources below. \
Cite every fact with the number of its source in square brackets, like [1] or [2]. \
Quote exactly when you quote. If the sources do not contain the answer, say so plainly.\n\n\
Sources:\n{sources}\n\nQuestion: {question}\nAnswer:";

/// Built-in retry template.
pub(crate) const CORRECTION: &str = "Answer the question using only the numbered sources below. \
Cite every fact with the number of its source in square brackets, like [1] or [2]. \
If the sources do not contain the answer, say so plainly.\n\n\
Sources:\n{sources}\n\nQuestion: {question}\n\nYour previous answer was:\n{answer}\n\n{correction}\n\nAnswer:";

/// Replaces `{name}` placeholders in one pass (text inserted for one placeholder is not
/// searched for others).
pub(crate) fn render(template: &str, vars: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}');
        let name = close.map(|c| &after[..c]);
        match name.and_then(|n| vars.iter().find(|(k, _)| *k == n)) {
            Some((k, v)) => {
                out.push_str(v);
                rest = &after[k.len() + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The sources numbered as citations refer to them: `[1] (title) content`.
pub(crate) fn numbered_sources(sources: &[Source], index_base: u32) -> String {
    let mut out = String::new();
    for (i, s) in sources.iter().enumerate() {
        let n = i as u64 + u64::from(index_base);
        let label = s
            .title
            .as_deref()
            .or(s.path.as_deref())
            .or(s.url.as_deref())
            .map(|t| format!(" ({t})"))
            .unwrap_or_default();
        let content = s.content.split_whitespace().collect::<Vec<_>>().join(" ");
        out.push_str(&format!("[{n}]{label} {content}\n"));
    }
    if out.is_empty() {
        out.push_str("(no sources)\n");
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_is_one_pass() {
        let r = render(
            "Q: {question} A: {answer} {unknown} {",
            &[("question", "say {answer}"), ("answer", "42")],
        );
        assert_eq!(r, "Q: say {answer} A: 42 {unknown} {");
    }

    #[test]
    fn sources_are_numbered() {
        let mut a = Source::new("a", "Paris  is\nbig.");
        a.title = Some("Paris".into());
        let s = numbered_sources(&[a, Source::new("b", "x")], 1);
        assert_eq!(s, "[1] (Paris) Paris is big.\n[2] x");
    }
}
