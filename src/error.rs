//! The one error type of the library: a stable code, the field at fault and a message.
//!
//! Bad input and bad configuration are errors; findings about an answer are not (they
//! are warnings in the report).

use std::fmt;

/// Stable error codes. Their string forms (`code()`) are part of the public contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ErrorCode {
    /// A required field is absent.
    MissingField,
    /// A field has the wrong type (a number where a string belongs, …).
    InvalidType,
    /// A field's value is not allowed (an unknown option, a negative limit, …).
    InvalidValue,
    /// A string or list is shorter than allowed (an empty question).
    TooShort,
    /// A string or list is longer than allowed.
    TooLong,
    /// An unknown configuration key (usually a typo).
    UnknownField,
    /// A decision text that is empty.
    EmptyDecision,
    /// A decision text that names no allowed verdict, or a verdict not on the list.
    UnknownDecision,
    /// A decision text that names two different verdicts.
    AmbiguousDecision,
    /// A callback passed at construction that is not a function.
    InvalidCallback,
    /// Input nested deeper than [`crate::input::MAX_DEPTH`] levels of arrays and objects.
    TooDeep,
    /// Input that cannot be read as plain data: a cycle, a getter or Proxy trap that
    /// throws, an exotic object (`Map`, `Date`, typed arrays, …).
    InvalidInput,
    /// A method called on an object after its `free()` (raised by the JS binding).
    UsedAfterFree,
    /// A `StreamingValidator` used after `finish()` ended it.
    StreamFinished,
    /// The module failed inside (a trap); the binding restarts it (raised by the JS
    /// binding).
    InternalError,
    /// An object made before the module was restarted, used after (raised by the JS
    /// binding).
    StaleObject,
}

impl ErrorCode {
    /// The code as JavaScript sees it (`error.code`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::MissingField => "MISSING_FIELD",
            ErrorCode::InvalidType => "INVALID_TYPE",
            ErrorCode::InvalidValue => "INVALID_VALUE",
            ErrorCode::TooShort => "TOO_SHORT",
            ErrorCode::TooLong => "TOO_LONG",
            ErrorCode::UnknownField => "UNKNOWN_FIELD",
            ErrorCode::EmptyDecision => "EMPTY_DECISION",
            ErrorCode::UnknownDecision => "UNKNOWN_DECISION",
            ErrorCode::AmbiguousDecision => "AMBIGUOUS_DECISION",
            ErrorCode::InvalidCallback => "INVALID_CALLBACK",
            ErrorCode::TooDeep => "TOO_DEEP",
            ErrorCode::InvalidInput => "INVALID_INPUT",
            ErrorCode::UsedAfterFree => "USED_AFTER_FREE",
            ErrorCode::StreamFinished => "STREAM_FINISHED",
            ErrorCode::InternalError => "INTERNAL_ERROR",
            ErrorCode::StaleObject => "STALE_OBJECT",
        }
    }
}

/// An error with a stable code, the field at fault (a path such as `sources[2].content`)
/// and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What kind of error.
    pub code: ErrorCode,
    /// The input field at fault, when there is one.
    pub field: Option<String>,
    /// A message that says what is wrong and what is allowed.
    pub message: String,
}

impl Error {
    /// An error about `field`.
    pub fn field(code: ErrorCode, field: impl Into<String>, message: impl Into<String>) -> Self {
        Error {
            code,
            field: Some(field.into()),
            message: message.into(),
        }
    }

    /// An error not tied to one field.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Error {
            code,
            field: None,
            message: message.into(),
        }
    }

    /// Turns the failure of a deserializer of another crate (its message `inner`, at
    /// `path` below `root`) into an error naming the field. Only its text is known, so
    /// the code is read from serde's wording; the library's own reader
    /// ([`crate::strict::read`], which every input goes through) knows the code from the
    /// serde method that failed and calls [`Error::from_read`].
    pub fn from_deserialize(path: &str, inner: &str, root: &str) -> Self {
        let code = if inner.starts_with("missing field `") {
            ErrorCode::MissingField
        } else if inner.starts_with("unknown field `") {
            ErrorCode::UnknownField
        } else if inner.starts_with("invalid type") {
            ErrorCode::InvalidType
        } else {
            ErrorCode::InvalidValue
        };
        Error::from_read(code, path, inner, root)
    }

    /// A failure of `code` while reading (serde's message `inner`, at `path` below
    /// `root`: "" or "." for the root itself, `sources[2].content`), as an error naming
    /// the field, with the message in plain words.
    pub(crate) fn from_read(code: ErrorCode, path: &str, inner: &str, root: &str) -> Self {
        let field = match (root.is_empty(), path) {
            (_, ".") | (_, "") => root.to_string(),
            (true, p) => p.to_string(),
            (false, p) if p.starts_with('[') => format!("{root}{p}"),
            (false, p) => format!("{root}.{p}"),
        };
        let field = match code {
            // A missing field is reported on the object that lacks it: name the field.
            ErrorCode::MissingField => {
                let name = between(inner, "missing field `", "`").unwrap_or_default();
                if field.is_empty() {
                    name.to_string()
                } else {
                    format!("{field}.{name}")
                }
            }
            // The path already ends with the unknown key.
            _ => field,
        };
        let message = plain_message(code, &field, inner);
        Error {
            code,
            field: (!field.is_empty()).then_some(field),
            message,
        }
    }
}

/// A deserialiser's message in people's words, naming the field once: "sources[0].content
/// must be a string, got the number 42"; "unknown option `treshold` in `config` (did you
/// mean `threshold`?)"; "sources[0].id is required".
fn plain_message(code: ErrorCode, field: &str, inner: &str) -> String {
    let subject = if field.is_empty() { "the input" } else { field };
    match code {
        ErrorCode::MissingField => format!("{subject} is required"),
        ErrorCode::UnknownField => {
            let name = between(inner, "unknown field `", "`").unwrap_or_default();
            let parent = field.rsplit_once('.').map_or("the input", |(p, _)| p);
            let options = backticked(inner.split_once("expected").map_or("", |(_, e)| e));
            match closest(name, &options) {
                Some(best) => {
                    format!("unknown option `{name}` in `{parent}` (did you mean `{best}`?)")
                }
                None if options.is_empty() => format!("unknown option `{name}` in `{parent}`"),
                None => format!(
                    "unknown option `{name}` in `{parent}`; the options are: {}",
                    options.join(", ")
                ),
            }
        }
        ErrorCode::InvalidType => must_be(subject, inner, "invalid type: ")
            .unwrap_or_else(|| format!("{subject}: {inner}")),
        _ => {
            if let Some(rest) = inner.strip_prefix("unknown variant `") {
                let name = rest.split('`').next().unwrap_or_default();
                let options = backticked(rest.split_once("expected").map_or("", |(_, e)| e));
                let hint = closest(name, &options)
                    .map(|b| format!(" (did you mean `{b}`?)"))
                    .unwrap_or_default();
                return format!(
                    "{subject} must be one of {}, got `{name}`{hint}",
                    options.join(", ")
                );
            }
            match must_be(subject, inner, "invalid value: ") {
                Some(m) => m,
                None if field.is_empty() => inner.to_string(),
                None => format!("{subject}: {inner}"),
            }
        }
    }
}

/// "`subject` must be <expected>, got <got>" from a message "<prefix><got>, expected
/// <expected>"; `None` when the message has no "expected" part.
fn must_be(subject: &str, inner: &str, prefix: &str) -> Option<String> {
    let rest = inner.strip_prefix(prefix).unwrap_or(inner);
    let (got, want) = rest.rsplit_once(", expected ")?;
    Some(format!(
        "{subject} must be {}, got {}",
        expected_in_words(want),
        got_in_words(got)
    ))
}

/// The text between `open` and the next `close` after it.
fn between<'a>(s: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let rest = s.split_once(open)?.1;
    Some(rest.split_once(close).map_or(rest, |(a, _)| a))
}

/// Every `name` written in backticks.
fn backticked(s: &str) -> Vec<&str> {
    s.split('`').skip(1).step_by(2).collect()
}

/// The option closest to `name` by edit distance, when it is close enough to be a typo.
fn closest<'a>(name: &str, options: &[&'a str]) -> Option<&'a str> {
    let name = name.to_lowercase();
    options
        .iter()
        .map(|o| (edit_distance(&name, &o.to_lowercase()), *o))
        .filter(|(d, o)| *d <= 2.max(o.chars().count() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, o)| o)
}

/// Levenshtein distance over characters (two rows).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// What the deserialiser expected, in words (`f64` → "a number", `struct Source` → "an
/// object").
fn expected_in_words(want: &str) -> String {
    let w = want.trim();
    match w {
        "f64" | "f32" => "a number".into(),
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".into(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "a sequence" => "a list".into(),
        "a map" => "an object".into(),
        _ if w.starts_with("struct ") => "an object".into(),
        _ if w.starts_with("a sequence") => "a list".into(),
        _ => w.to_string(),
    }
}

/// What the deserialiser got, in words (`integer \`42\`` → "the number 42").
fn got_in_words(got: &str) -> String {
    let g = got.trim();
    let ticked = |prefix: &str| {
        g.strip_prefix(prefix)
            .map(|r| r.trim().trim_matches('`').to_string())
    };
    if let Some(n) = ticked("integer").or_else(|| ticked("floating point")) {
        return format!("the number {n}");
    }
    if let Some(b) = ticked("boolean") {
        return b;
    }
    if let Some(s) = g.strip_prefix("string ") {
        return format!("the string {s}");
    }
    match g {
        "null" | "unit value" | "unit" => "null".into(),
        "sequence" => "a list".into(),
        "map" => "an object".into(),
        _ => g.to_string(),
    }
}

/// `INVALID_VALUE` naming `field` unless `value` is in [0, 1] (NaN is not): the check
/// every option that is a score or a rate goes through.
pub(crate) fn check_fraction(field: &str, value: f64) -> Result<()> {
    if (0.0..=1.0).contains(&value) {
        return Ok(());
    }
    Err(Error::field(
        ErrorCode::InvalidValue,
        field,
        format!("{field} must be between 0 and 1, got {value}"),
    ))
}

/// `INVALID_VALUE` naming `field` unless `value` is at least 1: the check every option
/// that is a count (or a time, or a size) goes through.
pub(crate) fn check_at_least_one(field: &str, value: usize) -> Result<()> {
    if value != 0 {
        return Ok(());
    }
    Err(Error::field(
        ErrorCode::InvalidValue,
        field,
        format!("{field} must be at least 1"),
    ))
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code.as_str())
    }
}

impl std::error::Error for Error {}

/// Result with the library's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod plain_tests {
    use super::*;

    #[test]
    fn messages_read_in_peoples_words() {
        assert_eq!(
            plain_message(
                ErrorCode::InvalidType,
                "sources[0].content",
                "invalid type: integer `42`, expected a string"
            ),
            "sources[0].content must be a string, got the number 42"
        );
        assert_eq!(
            plain_message(
                ErrorCode::InvalidType,
                "config.threshold",
                "invalid type: string \"high\", expected f64"
            ),
            "config.threshold must be a number, got the string \"high\""
        );
        assert_eq!(
            plain_message(
                ErrorCode::InvalidType,
                "sources[1]",
                "invalid type: sequence, expected struct Source"
            ),
            "sources[1] must be an object, got a list"
        );
        assert_eq!(
            plain_message(
                ErrorCode::UnknownField,
                "config.treshold",
                "unknown field `treshold`, expected one of `threshold`, `preset`, `weights`"
            ),
            "unknown option `treshold` in `config` (did you mean `threshold`?)"
        );
        assert_eq!(
            plain_message(
                ErrorCode::UnknownField,
                "config.zzz",
                "unknown field `zzz`, expected one of `threshold`, `preset`"
            ),
            "unknown option `zzz` in `config`; the options are: threshold, preset"
        );
        assert_eq!(
            plain_message(
                ErrorCode::MissingField,
                "sources[0].id",
                "missing field `id`"
            ),
            "sources[0].id is required"
        );
        assert_eq!(
            plain_message(
                ErrorCode::InvalidValue,
                "config.preset",
                "unknown variant `defualt`, expected one of `default`, `triad`"
            ),
            "config.preset must be one of default, triad, got `defualt` (did you mean `default`?)"
        );
        assert_eq!(edit_distance("treshold", "threshold"), 1);
    }
}
