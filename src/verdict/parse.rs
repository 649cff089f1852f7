//! Tolerant reading of a judge's output: JSON inside prose or code fences, trailing
//! commas, `true` / `"yes"` / `1`, validated against each judge's schema. What cannot be
//! read is an error (the judge failed), never a guess.

use serde_json::Value;

use crate::confidence::Support;

/// Longest excerpt of unreadable output quoted in an error.
const EXCERPT: usize = 120;

fn excerpt(text: &str) -> String {
    crate::text::excerpt(text, EXCERPT)
}

/// The first JSON object (or array, when `array_ok`) found in `text`: in a code fence, in
/// prose, or the whole text; trailing commas are tolerated.
pub(crate) fn extract_json(text: &str, array_ok: bool) -> Option<Value> {
    let bytes = text.as_bytes();
    let mut tried = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !(b == b'{' || (array_ok && b == b'[')) {
            continue;
        }
        tried += 1;
        if tried > 32 {
            break;
        }
        let Some(end) = balanced_end(bytes, i) else {
            continue;
        };
        let candidate = text.get(i..end)?;
        // A model's output is input like any other: its nesting is bounded before
        // anything recursive reads it.
        if crate::input::check_json_depth(candidate, "llm").is_err() {
            continue;
        }
        if let Ok(v) = serde_json::from_str::<Value>(candidate) {
            return Some(v);
        }
        if let Ok(v) = serde_json::from_str::<Value>(&strip_trailing_commas(candidate)) {
            return Some(v);
        }
    }
    None
}

/// The end (exclusive) of the bracketed value starting at `start`, skipping strings.
fn balanced_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (j, &b) in bytes.iter().enumerate().skip(start) {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(j + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Removes commas that directly precede `}` or `]` (outside strings).
fn strip_trailing_commas(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut in_string = false;
    let mut escaped = false;
    for (i, &c) in chars.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            out.push(c);
            continue;
        }
        if c == '"' {
            in_string = true;
        }
        if c == ',' {
            let next = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            if matches!(next, Some('}') | Some(']')) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// A yes/no value: `true`, `false`, `"yes"`, `"no"`, `"true"`, `1`, `0`.
pub fn as_bool(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => match n.as_f64() {
            Some(1.0) => Some(true),
            Some(0.0) => Some(false),
            _ => None,
        },
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "yes" | "y" | "true" | "relevant" | "useful" | "supported" => Some(true),
            "no" | "n" | "false" | "irrelevant" | "not relevant" | "not useful" | "unsupported"
            | "not supported" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// The scale a judge's `score` is asked on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scale {
    /// A number in [0, 1] (a 1–5 rating above 1 is also read, as (r − 1) / 4).
    Unit,
    /// A 1–5 rating, mapped to (r − 1) / 4: 1 is the worst. A number below 1 is read as
    /// a score in [0, 1].
    Rating,
}

/// A score in [0, 1] from a judge's number. `Err` for a number that is not finite or
/// lies outside both scales (below 0 or above 5): a judge that answers 1e308 or −7 has
/// not answered.
fn as_unit_score(v: &Value, scale: Scale) -> Option<Result<f64, f64>> {
    let x = match v {
        Value::Number(n) => n.as_f64()?,
        Value::String(s) => s.trim().parse::<f64>().ok()?,
        _ => return None,
    };
    Some(if !x.is_finite() || !(0.0..=5.0).contains(&x) {
        Err(x)
    } else {
        match scale {
            Scale::Unit if x <= 1.0 => Ok(x),
            Scale::Rating if x < 1.0 => Ok(x),
            _ => Ok((x - 1.0) / 4.0),
        }
    })
}

fn field<'a>(obj: &'a Value, names: &[&str]) -> Option<&'a Value> {
    let map = obj.as_object()?;
    names.iter().find_map(|n| {
        map.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(n))
            .map(|(_, v)| v)
    })
}

fn object(text: &str, judge: &str, schema: &str) -> Result<Value, String> {
    match extract_json(text, false) {
        Some(v) if v.is_object() => Ok(v),
        _ => Err(format!(
            "the {judge} judge's output holds no JSON object {schema}: \"{}\"",
            excerpt(text)
        )),
    }
}

/// A yes/no judge with an optional score: `{ "<key>": true, "score": 0.8 }`. With both,
/// the lower wins (a "no" with a high score is still a no); with one, that one.
fn yes_no_score(text: &str, judge: &str, keys: &[&str], scale: Scale) -> Result<f64, String> {
    let range = match scale {
        Scale::Unit => "<number from 0 to 1>",
        Scale::Rating => "<1 to 5>",
    };
    let schema = format!("{{\"{}\": true|false, \"score\"?: {range}}}", keys[0]);
    let v = object(text, judge, &schema)?;
    let score = match field(&v, &["score"]).and_then(|s| as_unit_score(s, scale)) {
        Some(Err(x)) => {
            return Err(format!(
                "the {judge} judge's score {x} is outside {range}: \"{}\"",
                excerpt(text)
            ))
        }
        Some(Ok(s)) => Some(s),
        None => None,
    };
    let yes = field(&v, keys)
        .and_then(as_bool)
        .map(|b| if b { 1.0 } else { 0.0 });
    match (score, yes) {
        (Some(s), Some(y)) => Ok(s.min(y)),
        (Some(s), None) => Ok(s),
        (None, Some(y)) => Ok(y),
        (None, None) => Err(format!(
            "the {judge} judge's JSON does not match {schema}: \"{}\"",
            excerpt(text)
        )),
    }
}

/// ISREL: `{ "relevant": true|false, "score"?: 0..1 }` → relevance in [0, 1].
///
/// # Errors
/// A message quoting the output when it does not match the schema.
pub(crate) fn parse_relevance(text: &str) -> Result<f64, String> {
    yes_no_score(
        text,
        "relevance",
        &["relevant", "isRel", "relevance"],
        Scale::Unit,
    )
}

/// ISUSE: `{ "useful": true|false, "score"?: 1..5 }` → usefulness in [0, 1] (a rating
/// r maps to (r − 1) / 4, so 1 is 0 and 5 is 1).
///
/// # Errors
/// A message quoting the output when it does not match the schema.
pub(crate) fn parse_usefulness(text: &str) -> Result<f64, String> {
    yes_no_score(
        text,
        "usefulness",
        &["useful", "isUse", "usefulness"],
        Scale::Rating,
    )
}

/// The reasoning a judge gave beside its verdict (`reason`, `reasoning`,
/// `explanation`, `why`, `rationale`), when its output is a JSON object that has one.
pub(crate) fn parse_reasoning(text: &str) -> Option<String> {
    let v = extract_json(text, false)?;
    field(
        &v,
        &["reasoning", "reason", "explanation", "why", "rationale"],
    )
    .and_then(Value::as_str)
    .map(|s| s.trim().to_string())
    .filter(|s| !s.is_empty())
}

fn as_support(v: &Value) -> Option<Support> {
    if let Some(b) = as_bool(v) {
        return Some(if b { Support::Full } else { Support::None });
    }
    let s = v.as_str()?.trim().to_ascii_lowercase();
    let s = s.strip_suffix(" supported").unwrap_or(&s).trim();
    match s {
        "full" | "fully" | "complete" | "all" | "full support" => Some(Support::Full),
        "partial" | "partially" | "some" | "partial support" => Some(Support::Partial),
        "none" | "not" | "no support" => Some(Support::None),
        _ => None,
    }
}

/// ISSUP: `{ "support": "full"|"partial"|"none", "unsupported": ["claim", …] }`.
///
/// # Errors
/// A message quoting the output when it does not match the schema.
pub(crate) fn parse_support(text: &str) -> Result<(Support, Vec<String>), String> {
    let schema = "{\"support\": \"full\"|\"partial\"|\"none\", \"unsupported\": [string]}";
    let v = object(text, "support", schema)?;
    let support = field(&v, &["support", "isSup", "supported"])
        .and_then(as_support)
        .ok_or_else(|| {
            format!(
                "the support judge's JSON does not match {schema}: \"{}\"",
                excerpt(text)
            )
        })?;
    let unsupported = match field(&v, &["unsupported", "unsupportedClaims"]) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|i| i.as_str().map(|s| s.trim().to_string()))
            .filter(|s| !s.is_empty())
            .collect(),
        Some(_) => {
            return Err(format!(
                "the support judge's \"unsupported\" must be a list of strings: \"{}\"",
                excerpt(text)
            ))
        }
    };
    Ok((support, unsupported))
}

/// Claim extraction: `{ "claims": ["…", …] }` or a bare list of strings.
///
/// # Errors
/// A message quoting the output when it does not match the schema.
pub(crate) fn parse_claims(text: &str) -> Result<Vec<String>, String> {
    let v = extract_json(text, true);
    let list = match &v {
        Some(Value::Array(items)) => Some(items),
        Some(obj @ Value::Object(_)) => field(obj, &["claims"]).and_then(Value::as_array),
        _ => None,
    };
    let Some(items) = list else {
        return Err(format!(
            "the claims judge's output holds no {{\"claims\": [string]}}: \"{}\"",
            excerpt(text)
        ));
    };
    let mut out = Vec::new();
    for item in items {
        let s = match item {
            Value::String(s) => s.clone(),
            Value::Object(_) => match field(item, &["claim", "text"]).and_then(Value::as_str) {
                Some(s) => s.to_string(),
                None => continue,
            },
            _ => continue,
        };
        let s = s.trim().to_string();
        if !s.is_empty() && !out.contains(&s) {
            out.push(s);
        }
    }
    Ok(out)
}

/// Claim verification: `{ "supported": true|false|"partial" }` → full / partial / none.
///
/// # Errors
/// A message quoting the output when it does not match the schema.
pub(crate) fn parse_verification(text: &str) -> Result<Support, String> {
    let schema = "{\"supported\": true|false|\"partial\"}";
    let v = object(text, "verification", schema)?;
    field(&v, &["supported", "support", "verdict"])
        .and_then(as_support)
        .ok_or_else(|| {
            format!(
                "the verification judge's JSON does not match {schema}: \"{}\"",
                excerpt(text)
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_in_prose_fences_and_trailing_commas() {
        let fenced =
            "Sure! Here you go:\n```json\n{\"relevant\": true, \"score\": 0.9,}\n```\nDone.";
        assert_eq!(parse_relevance(fenced), Ok(0.9));
        assert_eq!(
            parse_relevance("I think {\"relevant\": \"yes\"} overall"),
            Ok(1.0)
        );
        assert_eq!(parse_relevance("{\"RELEVANT\": false}"), Ok(0.0));
        assert_eq!(
            parse_usefulness("{\"useful\": true, \"score\": 5}"),
            Ok(1.0)
        );
        assert_eq!(
            parse_usefulness("{\"useful\": true, \"score\": 3}"),
            Ok(0.5)
        );
        // A rating of 1 is the worst, below a rating of 2; a "no" is never read high.
        assert_eq!(
            parse_usefulness("{\"useful\": false, \"score\": 1}"),
            Ok(0.0)
        );
        assert_eq!(parse_usefulness("{\"score\": 1}"), Ok(0.0));
        assert_eq!(parse_usefulness("{\"score\": 2}"), Ok(0.25));
        assert_eq!(
            parse_usefulness("{\"useful\": false, \"score\": 5}"),
            Ok(0.0)
        );
        assert_eq!(
            parse_relevance("{\"relevant\": false, \"score\": 0.9}"),
            Ok(0.0)
        );
        assert_eq!(
            parse_relevance("{\"relevant\": true, \"score\": 0.4}"),
            Ok(0.4)
        );
        // Out-of-range scores are no answer at all.
        assert!(parse_relevance("{\"relevant\": true, \"score\": 1e308}").is_err());
        assert!(parse_usefulness("{\"useful\": true, \"score\": -7}").is_err());
        assert_eq!(
            parse_reasoning("{\"supported\": true, \"reasoning\": \" stated in [1] \"}"),
            Some("stated in [1]".to_string())
        );
        // Braces inside strings do not confuse the scanner.
        assert_eq!(
            parse_support("{\"support\": \"partial\", \"unsupported\": [\"a {b}\",],}"),
            Ok((Support::Partial, vec!["a {b}".to_string()]))
        );
    }

    #[test]
    fn deeply_nested_output_is_refused_before_parsing() {
        let deep = format!(
            "{{\"relevant\": {}true{}}}",
            "[".repeat(5000),
            "]".repeat(5000)
        );
        assert!(parse_relevance(&deep).is_err());
    }

    #[test]
    fn unreadable_output_is_an_error_not_a_guess() {
        assert!(parse_relevance("Yes, the sources are relevant.").is_err());
        assert!(parse_relevance("{\"relevant\": \"maybe\"}").is_err());
        assert!(parse_support("{\"support\": \"mostly\"}").is_err());
        assert!(parse_verification("").is_err());
        assert!(parse_claims("no list here").is_err());
        // A score outside both scales is no answer, even beside a "yes" (it used to be
        // ignored, so 1e308 read as a clean 1).
        assert!(parse_usefulness("{\"useful\": true, \"score\": 9}").is_err());
        assert!(parse_relevance("{\"relevant\": ").is_err());
    }

    #[test]
    fn claims_and_verification() {
        assert_eq!(
            parse_claims("```\n[\"Paris is in France\", \"It is big\"]\n```"),
            Ok(vec!["Paris is in France".into(), "It is big".into()])
        );
        assert_eq!(
            parse_claims("{\"claims\": [{\"claim\": \"A\"}, \"B\", \"B\"]}"),
            Ok(vec!["A".into(), "B".into()])
        );
        assert_eq!(
            parse_verification("{\"supported\": \"yes\"}"),
            Ok(Support::Full)
        );
        assert_eq!(
            parse_verification("{\"supported\": \"partial\"}"),
            Ok(Support::Partial)
        );
        assert_eq!(parse_verification("{\"supported\": 0}"), Ok(Support::None));
    }
}
