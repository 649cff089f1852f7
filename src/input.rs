//! The input of a check, and its validation against the limits.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorCode, Result};
use crate::source::Source;
use crate::text::utf16_len;

/// The deepest nesting of arrays and objects accepted anywhere input enters (a JS value
/// or JSON text): the top-level object is level 1. Deeper input is refused with
/// `TOO_DEEP` before anything recursive reads it.
pub const MAX_DEPTH: usize = 64;

/// Checks that JSON text nests at most [`MAX_DEPTH`] levels, without parsing it
/// recursively (one pass, a counter; brackets inside strings do not count). Text that is
/// not JSON passes; the parser that follows reports it.
///
/// # Errors
/// `TOO_DEEP` naming `root`.
pub fn check_json_depth(text: &str, root: &str) -> Result<()> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for b in text.bytes() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(Error::field(
                        ErrorCode::TooDeep,
                        root,
                        format!(
                            "{root} is nested too deeply: at most {MAX_DEPTH} levels of arrays and objects are accepted"
                        ),
                    ));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// Parses JSON text into a value after [`check_json_depth`].
///
/// # Errors
/// `TOO_DEEP`, or `INVALID_VALUE` naming `root` for text that is not JSON.
pub fn parse_json(text: &str, root: &str) -> Result<serde_json::Value> {
    check_json_depth(text, root)?;
    serde_json::from_str(text).map_err(|e| {
        Error::field(
            ErrorCode::InvalidValue,
            root,
            format!("{root} is not JSON: {e}"),
        )
    })
}

/// Limits on the input of one check. Inputs over a limit are rejected with `TOO_LONG`
/// naming the field, never truncated silently.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct Limits {
    /// Longest question, in UTF-16 code units (default 2000; a question must have at
    /// least one non-blank character).
    pub max_question_length: usize,
    /// Longest answer, in UTF-16 code units (default 50 000).
    pub max_answer_length: usize,
    /// Most sources in one check (default 100).
    pub max_sources: usize,
    /// Longest source `content`, in UTF-16 code units (default 200 000).
    pub max_source_length: usize,
}

impl Limits {
    /// Checks that every limit is at least 1.
    ///
    /// # Errors
    /// `INVALID_VALUE` naming `{path}.{limit}`.
    pub fn validate(&self, path: &str) -> Result<()> {
        for (name, v) in [
            ("maxQuestionLength", self.max_question_length),
            ("maxAnswerLength", self.max_answer_length),
            ("maxSources", self.max_sources),
            ("maxSourceLength", self.max_source_length),
        ] {
            crate::error::check_at_least_one(&format!("{path}.{name}"), v)?;
        }
        Ok(())
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_question_length: 2000,
            max_answer_length: 50_000,
            max_sources: 100,
            max_source_length: 200_000,
        }
    }
}

/// What one check looks at: the question, the answer and the retrieved sources.
///
/// Unknown top-level keys are an error (a misspelt `checksums` must not pass silently);
/// unknown keys inside a source are ignored, so retriever objects can be passed as they
/// are.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct CheckInput {
    /// The user's question.
    #[cfg_attr(test, schemars(length(min = 1)))]
    pub question: String,
    /// The answer to check.
    pub answer: String,
    /// The retrieved sources, in the order the answer's numbers refer to.
    pub sources: Vec<Source>,
    /// Expected checksum for each source id, when the caller knows the current version
    /// of the documents (a differing source `checksum` is a stale source).
    #[serde(default)]
    pub checksums: BTreeMap<String, String>,
    /// A critic's verdict on the answer (`"FINAL: grounded"`, JSON, …). The checks can
    /// overrule a FINAL; an unparseable verdict is ignored with a `CRITIC_INVALID` reason.
    #[serde(default)]
    #[cfg_attr(test, schemars(with = "String"))]
    pub critic: Option<String>,
}

impl CheckInput {
    /// Parses an input from JSON data (strictly: see [`crate::strict`]), naming the
    /// field at fault (`sources[2].content`), then checks it against `limits`.
    ///
    /// # Errors
    /// `MISSING_FIELD`, `INVALID_TYPE`, `TOO_SHORT`, `TOO_LONG` or `INVALID_VALUE`,
    /// each with the field's path.
    pub fn from_json(value: serde_json::Value, limits: &Limits) -> Result<Self> {
        let input: CheckInput = crate::strict::read(value, "")?;
        input.validate(limits)?;
        Ok(input)
    }

    /// As [`CheckInput::from_json`], from any serde deserializer (JSON text, a
    /// `serde_json::Value`): the data is read as JSON first.
    ///
    /// # Errors
    /// As [`CheckInput::from_json`]; data the deserializer cannot read names the input.
    pub fn from_deserializer<'de, D>(d: D, limits: &Limits) -> Result<Self>
    where
        D: serde::Deserializer<'de>,
        D::Error: std::fmt::Display,
    {
        let value = serde_json::Value::deserialize(d)
            .map_err(|e| Error::from_deserialize("", &e.to_string(), ""))?;
        Self::from_json(value, limits)
    }

    /// Checks lengths, counts and source metadata.
    ///
    /// # Errors
    /// As [`CheckInput::from_deserializer`].
    pub fn validate(&self, limits: &Limits) -> Result<()> {
        if is_blank(&self.question) {
            return Err(Error::field(
                ErrorCode::TooShort,
                "question",
                "question must not be empty",
            ));
        }
        too_long(
            "question",
            utf16_len(&self.question),
            limits.max_question_length,
        )?;
        too_long("answer", utf16_len(&self.answer), limits.max_answer_length)?;
        if self.sources.len() > limits.max_sources {
            return Err(Error::field(
                ErrorCode::TooLong,
                "sources",
                format!(
                    "{} sources given; at most {} allowed (config.limits.maxSources)",
                    self.sources.len(),
                    limits.max_sources
                ),
            ));
        }
        let mut seen = BTreeMap::new();
        for (i, s) in self.sources.iter().enumerate() {
            if s.id.trim().is_empty() {
                return Err(Error::field(
                    ErrorCode::TooShort,
                    format!("sources[{i}].id"),
                    format!("sources[{i}].id must not be empty"),
                ));
            }
            if let Some(first) = seen.insert(s.id.as_str(), i) {
                return Err(Error::field(
                    ErrorCode::InvalidValue,
                    format!("sources[{i}].id"),
                    format!(
                        "sources[{i}].id \"{}\" repeats sources[{first}].id; ids must be unique",
                        s.id
                    ),
                ));
            }
            too_long(
                &format!("sources[{i}].content"),
                utf16_len(&s.content),
                limits.max_source_length,
            )?;
            if let (Some(a), Some(b)) = (s.start_line, s.end_line) {
                if b < a {
                    return Err(Error::field(
                        ErrorCode::InvalidValue,
                        format!("sources[{i}].endLine"),
                        format!("sources[{i}].endLine ({b}) is before startLine ({a})"),
                    ));
                }
            }
            if let Some(score) = s.score {
                if !score.is_finite() {
                    return Err(Error::field(
                        ErrorCode::InvalidValue,
                        format!("sources[{i}].score"),
                        format!("sources[{i}].score must be a finite number"),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Whether `text` has nothing visible: only whitespace and invisible format characters
/// (zero-width space and joiners, word joiner, byte order mark, soft hyphen, direction
/// marks and embeddings).
pub(crate) fn is_blank(text: &str) -> bool {
    text.chars().all(|c| {
        c.is_whitespace()
            || matches!(c,
                '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{180E}'
                | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206F}' | '\u{3164}' | '\u{FEFF}' | '\u{FFA0}')
    })
}

fn too_long(field: &str, len: usize, max: usize) -> Result<()> {
    if len > max {
        Err(Error::field(
            ErrorCode::TooLong,
            field,
            format!("{field} is {len} characters long; at most {max} allowed"),
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{check_json_depth, is_blank, parse_json, MAX_DEPTH};
    use crate::error::ErrorCode;

    #[test]
    fn json_depth_is_counted_without_recursion() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(check_json_depth(&ok, "input").is_ok());
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        let err = check_json_depth(&deep, "input").unwrap_err();
        assert_eq!(
            (err.code, err.field.as_deref()),
            (ErrorCode::TooDeep, Some("input"))
        );
        // A million levels: refused at once, no stack used.
        let bomb = "[".repeat(1_000_000);
        assert_eq!(
            parse_json(&bomb, "body").unwrap_err().code,
            ErrorCode::TooDeep
        );
        // Brackets inside strings (escaped quotes too) do not count.
        let quoted = format!(r#"{{"a":"{}\"{}"}}"#, "[".repeat(500), "{".repeat(500));
        assert!(parse_json(&quoted, "input").is_ok());
        assert_eq!(
            parse_json("{nope", "input").unwrap_err().code,
            ErrorCode::InvalidValue
        );
    }

    #[test]
    fn invisible_text_is_blank() {
        assert!(is_blank(" \u{200B}\u{200D}\u{FEFF}\u{2060}\n"));
        assert!(!is_blank("\u{200B}a"));
    }
}
