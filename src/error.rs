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

    /// Turns a `serde_path_to_error` failure into an error naming the field.
    pub fn from_deserialize<E: fmt::Display>(
        err: serde_path_to_error::Error<E>,
        root: &str,
    ) -> Self {
        let path = err.path().to_string();
        let inner = err.inner().to_string();
        let field = match (root.is_empty(), path.as_str()) {
            (_, ".") | (_, "") => root.to_string(),
            (true, p) => p.to_string(),
            (false, p) if p.starts_with('[') => format!("{root}{p}"),
            (false, p) => format!("{root}.{p}"),
        };
        let (code, field) = if let Some(rest) = inner.strip_prefix("missing field `") {
            let name = rest.split('`').next().unwrap_or_default();
            let full = if field.is_empty() {
                name.to_string()
            } else {
                format!("{field}.{name}")
            };
            (ErrorCode::MissingField, full)
        } else if inner.starts_with("unknown field `") {
            // The path already ends with the unknown key.
            (ErrorCode::UnknownField, field)
        } else if inner.starts_with("invalid type") {
            (ErrorCode::InvalidType, field)
        } else {
            (ErrorCode::InvalidValue, field)
        };
        let message = if field.is_empty() {
            inner
        } else {
            format!("{field}: {inner}")
        };
        Error {
            code,
            field: (!field.is_empty()).then_some(field),
            message,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code.as_str())
    }
}

impl std::error::Error for Error {}

/// Result with the library's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
