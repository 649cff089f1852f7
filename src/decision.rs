//! Parsing a critic's free-text verdict into exactly one of FINAL, RETRY, CLARIFY or
//! ESCALATE, with its reason.
//!
//! Strict: the verdict must be the leading word of a line (after an optional label such
//! as `Decision:` and Markdown emphasis) and be followed by a separator or the end of the
//! line, or be the value of a `decision` key in a JSON object. Anything else, two
//! different verdicts, or an empty text is an error, never a guess.

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorCode, Result};

/// What a product should do with the answer: the gate's verdict, and the claims
/// check's from the share of unsupported claims alone (`claims.regenerateRate`,
/// `claims.rejectRate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Recommendation {
    /// Show it.
    Accept,
    /// Regenerate it with the correction prompt.
    Retry,
    /// Do not show it.
    Reject,
}

/// The four verdicts a critic may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum Decision {
    /// The answer is grounded: show it.
    Final,
    /// Try again with better evidence.
    Retry,
    /// Ask the user to clarify the question or add documents.
    Clarify,
    /// Hand over to a person: the answer cannot be verified.
    Escalate,
}

impl Decision {
    /// The verdict in upper case, as it appears in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Final => "FINAL",
            Decision::Retry => "RETRY",
            Decision::Clarify => "CLARIFY",
            Decision::Escalate => "ESCALATE",
        }
    }

    /// Reads one verdict word, case-insensitive.
    pub(crate) fn from_word(word: &str) -> Option<Self> {
        match word.to_ascii_uppercase().as_str() {
            "FINAL" => Some(Decision::Final),
            "RETRY" => Some(Decision::Retry),
            "CLARIFY" => Some(Decision::Clarify),
            "ESCALATE" => Some(Decision::Escalate),
            _ => None,
        }
    }
}

/// A parsed verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct ParsedDecision {
    /// The verdict.
    pub decision: Decision,
    /// The critic's reason, trimmed; empty when it gave none.
    pub reason: String,
}

/// Labels that may precede the verdict on its line.
const LABELS: &[&str] = &[
    "decision",
    "verdict",
    "action",
    "next step",
    "next action",
    "result",
    "status",
];

/// Keys a JSON verdict may use.
const JSON_DECISION_KEYS: &[&str] = &["decision", "verdict", "action"];
const JSON_REASON_KEYS: &[&str] = &["reason", "rationale", "explanation", "why"];

/// Longest text accepted (a verdict is short; a 1 MB "verdict" is an error).
const MAX_LEN: usize = 20_000;

/// Parses a critic's verdict.
///
/// Accepts `FINAL: grounded`, `retry: weak evidence`, `**Decision:** CLARIFY - need the
/// product version`, `Verdict: ESCALATE`, and JSON such as
/// `{"decision":"final","reason":"..."}`, also inside a Markdown code fence.
///
/// # Errors
/// - `EMPTY_DECISION` for an empty or blank text;
/// - `UNKNOWN_DECISION` when no allowed verdict leads a line, or a JSON verdict is not
///   one of the four;
/// - `AMBIGUOUS_DECISION` when two different verdicts are given.
pub fn parse_decision(text: &str) -> Result<ParsedDecision> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(Error::field(
            ErrorCode::EmptyDecision,
            "text",
            "The decision text is empty",
        ));
    }
    if trimmed.len() > MAX_LEN {
        return Err(Error::field(
            ErrorCode::UnknownDecision,
            "text",
            format!(
                "The decision text is {} bytes long; a verdict is at most {MAX_LEN}",
                trimmed.len()
            ),
        ));
    }
    if let Some(json) = json_object(trimmed) {
        return from_json(&json);
    }
    from_lines(trimmed)
}

/// Finds a JSON object in the text (whole, inside a code fence, or inside prose).
fn json_object(text: &str) -> Option<serde_json::Map<String, serde_json::Value>> {
    let start = text.find('{')?;
    let end = text.rfind('}')?;
    if end <= start {
        return None;
    }
    let candidate = &text[start..=end];
    // Deeper than the input limit: not a verdict object (and never parsed recursively).
    crate::input::check_json_depth(candidate, "text").ok()?;
    match serde_json::from_str::<serde_json::Value>(candidate) {
        Ok(serde_json::Value::Object(map)) => Some(map),
        _ => None,
    }
}

fn from_json(map: &serde_json::Map<String, serde_json::Value>) -> Result<ParsedDecision> {
    let lookup = |keys: &[&str]| {
        map.iter()
            .find(|(k, _)| keys.iter().any(|key| k.eq_ignore_ascii_case(key)))
            .map(|(k, v)| (k.clone(), v))
    };
    let Some((key, value)) = lookup(JSON_DECISION_KEYS) else {
        return Err(Error::field(
            ErrorCode::UnknownDecision,
            "decision",
            "The JSON verdict has no \"decision\" key",
        ));
    };
    let word = value.as_str().unwrap_or_default().trim();
    let decision = Decision::from_word(word).ok_or_else(|| {
        Error::field(
            ErrorCode::UnknownDecision,
            key.clone(),
            format!("\"{key}\" is {value}; allowed: FINAL, RETRY, CLARIFY, ESCALATE"),
        )
    })?;
    let reason = lookup(JSON_REASON_KEYS)
        .and_then(|(_, v)| v.as_str().map(|s| s.trim().to_string()))
        .unwrap_or_default();
    Ok(ParsedDecision { decision, reason })
}

/// Strips Markdown emphasis, heading marks, quote marks and list bullets.
fn clean_line(line: &str) -> String {
    let t = line.trim().trim_start_matches(['#', '>', '-', '*', ' ']);
    t.chars()
        .filter(|c| !matches!(c, '*' | '_' | '`'))
        .collect::<String>()
        .trim()
        .to_string()
}

/// If `line` is `<label>:` or `<label>: rest`, returns `rest`.
fn strip_label(line: &str) -> Option<&str> {
    let lower = line.to_ascii_lowercase();
    for label in LABELS {
        if lower.starts_with(label) && line.is_char_boundary(label.len()) {
            let rest = line[label.len()..].trim_start();
            if let Some(r) = rest.strip_prefix([':', '=', '-', '–', '—']) {
                return Some(r.trim_start());
            }
        }
    }
    None
}

/// `Some((verdict, reason))` when the line begins with a verdict word followed by a
/// separator or the end.
fn leading_verdict(line: &str) -> Option<(Decision, String, Option<Decision>)> {
    let word_len = line
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(line.len());
    let decision = Decision::from_word(&line[..word_len])?;
    let rest = &line[word_len..];
    let after = rest.trim_start();
    let reason = if after.is_empty() {
        String::new()
    } else if let Some(r) = after.strip_prefix([':', '-', '–', '—', '.', ',', ';', '|']) {
        r.trim().to_string()
    } else if let Some(r) = after.strip_prefix('(') {
        r.trim_end_matches(')').trim().to_string()
    } else if after.starts_with('/') || after.to_ascii_lowercase().starts_with("or ") {
        // "FINAL/RETRY", "FINAL or RETRY": a second verdict.
        let second = after.trim_start_matches('/').trim_start();
        let second = second
            .strip_prefix("or ")
            .or_else(|| second.strip_prefix("OR "))
            .unwrap_or(second);
        let w = second
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(second.len());
        return Some((decision, String::new(), Decision::from_word(&second[..w])));
    } else {
        return None; // "Final answer: …" is not a verdict.
    };
    Some((decision, reason, None))
}

fn from_lines(text: &str) -> Result<ParsedDecision> {
    let lines: Vec<String> = text.lines().map(clean_line).collect();
    let mut found: Vec<(usize, Decision, String)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = match strip_label(line) {
            Some("") => continue, // "Decision:" alone: the verdict is on a later line.
            Some(rest) => rest,
            None => line.as_str(),
        };
        if let Some((d, reason, second)) = leading_verdict(body) {
            if let Some(other) = second.filter(|&o| o != d) {
                return Err(ambiguous(d, other));
            }
            found.push((i, d, reason));
        }
    }
    let Some((first_line, decision, mut reason)) = found.first().cloned() else {
        return Err(Error::field(
            ErrorCode::UnknownDecision,
            "text",
            "No verdict found: expected FINAL, RETRY, CLARIFY or ESCALATE at the start of a line",
        ));
    };
    if let Some((_, other, _)) = found.iter().find(|(_, d, _)| *d != decision) {
        return Err(ambiguous(decision, *other));
    }
    if reason.is_empty() {
        // A "Reason: …" line, or the lines that follow the verdict.
        reason = lines
            .iter()
            .find_map(|l| {
                let lower = l.to_ascii_lowercase();
                ["reason", "rationale", "because"].iter().find_map(|k| {
                    lower.starts_with(k).then(|| {
                        l[k.len()..]
                            .trim_start_matches([':', ' ', '-'])
                            .trim()
                            .to_string()
                    })
                })
            })
            .unwrap_or_else(|| {
                lines[first_line + 1..]
                    .iter()
                    .filter(|l| !l.is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(" ")
            });
    }
    Ok(ParsedDecision { decision, reason })
}

fn ambiguous(a: Decision, b: Decision) -> Error {
    Error::field(
        ErrorCode::AmbiguousDecision,
        "text",
        format!(
            "The text gives two different verdicts: {} and {}",
            a.as_str(),
            b.as_str()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str, d: Decision, reason: &str) {
        let p = parse_decision(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!((p.decision, p.reason.as_str()), (d, reason), "{text:?}");
    }

    fn err(text: &str, code: ErrorCode) {
        match parse_decision(text) {
            Ok(p) => panic!("{text:?} parsed as {p:?}"),
            Err(e) => assert_eq!(e.code, code, "{text:?}: {e}"),
        }
    }

    #[test]
    fn accepted_forms() {
        ok("FINAL: grounded", Decision::Final, "grounded");
        ok("retry: weak evidence", Decision::Retry, "weak evidence");
        ok(
            "**Decision:** CLARIFY - need the product version",
            Decision::Clarify,
            "need the product version",
        );
        ok(
            r#"{"decision":"final","reason":"all claims cited"}"#,
            Decision::Final,
            "all claims cited",
        );
        ok(
            "```json\n{\"decision\": \"ESCALATE\", \"reason\": \"no docs\"}\n```",
            Decision::Escalate,
            "no docs",
        );
        ok("ESCALATE", Decision::Escalate, "");
        ok(
            "Verdict: RETRY (missing citation for claim 2)",
            Decision::Retry,
            "missing citation for claim 2",
        );
        ok(
            "Decision:\nFINAL\nReason: every claim is supported",
            Decision::Final,
            "every claim is supported",
        );
        ok(
            "## Decision: final — looks good",
            Decision::Final,
            "looks good",
        );
        ok(
            "RETRY\nThe second claim has no evidence.",
            Decision::Retry,
            "The second claim has no evidence.",
        );
        ok("FINAL: ok\nFINAL: still ok", Decision::Final, "ok");
    }

    #[test]
    fn rejected_forms() {
        err("", ErrorCode::EmptyDecision);
        err("   \n ", ErrorCode::EmptyDecision);
        err("Looks good to me", ErrorCode::UnknownDecision);
        err("Final answer: Paris", ErrorCode::UnknownDecision);
        err("ACCEPT: fine", ErrorCode::UnknownDecision);
        err(r#"{"decision":"maybe"}"#, ErrorCode::UnknownDecision);
        err(r#"{"reason":"x"}"#, ErrorCode::UnknownDecision);
        err("FINAL or RETRY", ErrorCode::AmbiguousDecision);
        err("FINAL/RETRY", ErrorCode::AmbiguousDecision);
        err(
            "Decision: FINAL\nDecision: RETRY",
            ErrorCode::AmbiguousDecision,
        );
    }
}
