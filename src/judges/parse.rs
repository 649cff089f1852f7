//! Tolerant reading of a judge's output: JSON inside prose or code fences, trailing
//! commas, `true` / `"yes"` / `1`, validated against each judge's schema. What cannot be
//! read is an error (the judge failed), never a guess.

use serde_json::Value;

use crate::confidence::Support;

/// Longest excerpt of unreadable output quoted in an error.
const EXCERPT: usize = 120;

fn excerpt(text: &str) -> String {
    let t: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t.chars().count() <= EXCERPT {
        t
    } else {
        format!("{}…", t.chars().take(EXCERPT).collect::<String>())
    }
}

/// The first JSON object (or array, when `array_ok`) found in `text`: in a code fence, in
/// prose, or the whole text; trailing commas are tolerated.
pub fn extract_json(text: &str, array_ok: bool) -> Option<Value> {
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

/// A score in [0, 1]: a number in [0, 1], or a 1–5 rating mapped to (r − 1) / 4.
fn as_unit_score(v: &Value) -> Option<f64> {
    let x = match v {
        Value::Number(n) => n.as_f64()?,
        Value::String(s) => s.trim().parse::<f64>().ok()?,
        _ => return None,
    };
    if !x.is_finite() {
        None
    } else if (0.0..=1.0).contains(&x) {
        Some(x)
    } else if (1.0..=5.0).contains(&x) {
        Some((x - 1.0) / 4.0)
    } else {
        None
    }
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

/// A yes/no judge with an optional score: `{ "<key>": true, "score": 0.8 }`. The score
/// wins when given; otherwise yes = 1, no = 0.
fn yes_no_score(text: &str, judge: &str, keys: &[&str]) -> Result<f64, String> {
    let schema = format!("{{\"{}\": true|false, \"score\"?: number}}", keys[0]);
    let v = object(text, judge, &schema)?;
    let score = field(&v, &["score"]).and_then(as_unit_score);
    let yes = field(&v, keys).and_then(as_bool);
    match (score, yes) {
        (Some(s), _) => Ok(s),
        (None, Some(b)) => Ok(if b { 1.0 } else { 0.0 }),
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
pub fn parse_relevance(text: &str) -> Result<f64, String> {
    yes_no_score(text, "relevance", &["relevant", "isRel", "relevance"])
}

/// ISUSE: `{ "useful": true|false, "score"?: 0..1 or 1..5 }` → usefulness in [0, 1].
///
/// # Errors
/// A message quoting the output when it does not match the schema.
pub fn parse_usefulness(text: &str) -> Result<f64, String> {
    yes_no_score(text, "usefulness", &["useful", "isUse", "usefulness"])
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
pub fn parse_support(text: &str) -> Result<(Support, Vec<String>), String> {
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
pub fn parse_claims(text: &str) -> Result<Vec<String>, String> {
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
pub fn parse_verification(text: &str) -> Result<Support, String> {
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
        // Braces inside strings do not confuse the scanner.
        assert_eq!(
            parse_support("{\"support\": \"partial\", \"unsupported\": [\"a {b}\",],}"),
            Ok((Support::Partial, vec!["a {b}".to_string()]))
        );
    }

    #[test]
    fn unreadable_output_is_an_error_not_a_guess() {
        assert!(parse_relevance("Yes, the sources are relevant.").is_err());
        assert!(parse_relevance("{\"relevant\": \"maybe\"}").is_err());
        assert!(parse_support("{\"support\": \"mostly\"}").is_err());
        assert!(parse_verification("").is_err());
        assert!(parse_claims("no list here").is_err());
        assert!(parse_usefulness("{\"useful\": true, \"score\": 9}").is_ok()); // yes wins when score is out of range
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
