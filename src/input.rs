//! The input of a check, and its validation against the limits.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::config::Limits;
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

/// What one check looks at: the question, the answer and the retrieved sources.
///
/// Unknown top-level keys are an error (a misspelt `checksums` must not pass silently);
/// unknown keys inside a source are ignored, so retriever objects can be passed as they
/// are.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CheckInput {
    /// The user's question.
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
    pub critic: Option<String>,
}

impl CheckInput {
    /// Parses an input from any serde deserializer (a JS object, JSON text), naming the
    /// field at fault (`sources[2].content`), then checks it against `limits`.
    ///
    /// # Errors
    /// `MISSING_FIELD`, `INVALID_TYPE`, `TOO_SHORT`, `TOO_LONG` or `INVALID_VALUE`,
    /// each with the field's path.
    pub fn from_deserializer<'de, D>(d: D, limits: &Limits) -> Result<Self>
    where
        D: serde::Deserializer<'de>,
        D::Error: std::fmt::Display,
    {
        let input: CheckInput =
            serde_path_to_error::deserialize(d).map_err(|e| Error::from_deserialize(e, ""))?;
        input.validate(limits)?;
        Ok(input)
    }

    /// Checks lengths, counts and source metadata.
    ///
    /// # Errors
    /// As [`CheckInput::from_deserializer`].
    pub fn validate(&self, limits: &Limits) -> Result<()> {
        if self.question.trim().is_empty() {
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
