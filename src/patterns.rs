//! User-defined patterns: regular expressions in the configuration for citation markers
//! (`citations.patterns`) and field names (`evidence.fieldPatterns`) that a fixed list of
//! styles cannot express, such as `Chapter\s+(\w+)` or `@param\s+(\w+)`.
//!
//! Patterns are compiled once, when the configuration is read, with `regex-lite` (no
//! Unicode tables: `\w`, `\d` and `\s` are ASCII; a few KB of wasm instead of the `regex`
//! crate's hundreds). Matching is linear in the text (no backtracking), and each pattern is
//! bounded in length, compiled size and nesting, so a user pattern cannot make a check slow
//! or crash the module. An invalid pattern is an `INVALID_VALUE` error naming it
//! (`config.citations.patterns[0]`), never a silent default.
//!
//! What a match refers to: the named group `index`, `id`, `chapter` (citations) or `field`
//! (fields) when the pattern has one, else group 1, else the whole match.

#[cfg(feature = "patterns")]
use regex_lite::{Regex, RegexBuilder};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Without the `patterns` feature (regex-lite left out of the build, for size) a pattern
/// never compiles, so a configuration that lists any is refused.
#[cfg(not(feature = "patterns"))]
#[derive(Clone)]
struct Regex;

#[cfg(not(feature = "patterns"))]
impl Regex {
    fn captures_iter<'t>(&self, _text: &'t str) -> std::iter::Empty<Captures<'t>> {
        std::iter::empty()
    }
}

#[cfg(not(feature = "patterns"))]
struct Captures<'t>(std::marker::PhantomData<&'t str>);

#[cfg(not(feature = "patterns"))]
impl<'t> Captures<'t> {
    fn get(&self, _i: usize) -> Option<Match<'t>> {
        None
    }
    fn name(&self, _name: &str) -> Option<Match<'t>> {
        None
    }
}

#[cfg(not(feature = "patterns"))]
#[derive(Clone, Copy)]
struct Match<'t>(std::marker::PhantomData<&'t str>);

#[cfg(not(feature = "patterns"))]
impl Match<'_> {
    fn is_empty(&self) -> bool {
        true
    }
    fn start(&self) -> usize {
        0
    }
    fn end(&self) -> usize {
        0
    }
}

use crate::error::{Error, ErrorCode, Result};

/// Most patterns in one list.
pub(crate) const MAX_PATTERNS: usize = 16;
/// Longest pattern, in bytes.
pub(crate) const MAX_PATTERN_LEN: usize = 512;
/// Most matches one pattern contributes to one answer.
pub const MAX_MATCHES: usize = 1_000;
/// Largest compiled program (bytes, `regex-lite`'s `size_limit`).
#[cfg(feature = "patterns")]
const SIZE_LIMIT: usize = 1 << 16;
/// Deepest nesting of groups and repetitions.
#[cfg(feature = "patterns")]
const NEST_LIMIT: u32 = 32;

/// One compiled pattern, or why it does not compile.
#[derive(Clone)]
struct Pattern {
    source: String,
    regex: std::result::Result<Regex, String>,
}

/// A list of user patterns, compiled when read. Serialises as the list of strings.
#[derive(Clone, Default)]
pub struct Patterns {
    items: Vec<Pattern>,
}

/// What part of a match names the thing matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefKind {
    /// The named group `index`: source numbers (`[2]`, `2-4`).
    Index,
    /// The named group `id`: a source id.
    Id,
    /// The named group `chapter`: a chapter or section label.
    Chapter,
    /// The named group `field`, group 1 or the whole match: resolved as the check sees fit.
    Auto,
}

/// One match of a user pattern, in bytes of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternMatch {
    /// The whole match.
    pub whole: (usize, usize),
    /// The part that names what is matched (a group, or the whole match).
    pub reference: (usize, usize),
    /// How to read `reference`.
    pub kind: RefKind,
    /// Which pattern matched (its position in the list).
    pub pattern: usize,
}

impl Patterns {
    /// Compiles `sources`. Invalid patterns are kept with their error, which
    /// [`Patterns::validate`] reports.
    pub fn new<S: Into<String>>(sources: impl IntoIterator<Item = S>) -> Self {
        Patterns {
            items: sources
                .into_iter()
                .map(|s| {
                    let source = s.into();
                    let regex = compile(&source);
                    Pattern { source, regex }
                })
                .collect(),
        }
    }

    /// True when there are no patterns.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The patterns as written.
    pub fn sources(&self) -> impl Iterator<Item = &str> {
        self.items.iter().map(|p| p.source.as_str())
    }

    /// Checks that every pattern compiled.
    ///
    /// # Errors
    /// `INVALID_VALUE` naming `{field}` (too many patterns) or `{field}[i]` (a pattern
    /// that is too long, does not compile, or matches the empty string).
    pub fn validate(&self, field: &str) -> Result<()> {
        if self.items.len() > MAX_PATTERNS {
            return Err(Error::field(
                ErrorCode::InvalidValue,
                field,
                format!(
                    "{field} may hold at most {MAX_PATTERNS} patterns, got {}",
                    self.items.len()
                ),
            ));
        }
        for (i, p) in self.items.iter().enumerate() {
            if let Err(why) = &p.regex {
                let at = format!("{field}[{i}]");
                return Err(Error::field(
                    ErrorCode::InvalidValue,
                    at.clone(),
                    format!(
                        "{at} is not a usable regular expression ({why}): {:?}",
                        p.source
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Every match of every pattern in `text`, at most [`MAX_MATCHES`] per pattern, in
    /// pattern order then text order. Empty matches are skipped.
    pub fn find(&self, text: &str) -> Vec<PatternMatch> {
        let mut out = Vec::new();
        for (pattern, p) in self.items.iter().enumerate() {
            let Ok(re) = &p.regex else { continue };
            for caps in re.captures_iter(text).take(MAX_MATCHES) {
                let Some(whole) = caps.get(0) else { continue };
                if whole.is_empty() {
                    continue;
                }
                let named = [
                    ("index", RefKind::Index),
                    ("id", RefKind::Id),
                    ("chapter", RefKind::Chapter),
                    ("field", RefKind::Auto),
                ]
                .into_iter()
                .find_map(|(name, kind)| caps.name(name).map(|m| (m, kind)));
                let (reference, kind) = named
                    .or_else(|| caps.get(1).map(|m| (m, RefKind::Auto)))
                    .unwrap_or((whole, RefKind::Auto));
                if reference.is_empty() {
                    continue;
                }
                out.push(PatternMatch {
                    whole: (whole.start(), whole.end()),
                    reference: (reference.start(), reference.end()),
                    kind,
                    pattern,
                });
            }
        }
        out
    }
}

#[cfg(not(feature = "patterns"))]
fn compile(_source: &str) -> std::result::Result<Regex, String> {
    Err("this build of groundcheck has no pattern support (the `patterns` feature is off)".into())
}

#[cfg(feature = "patterns")]
fn compile(source: &str) -> std::result::Result<Regex, String> {
    if source.len() > MAX_PATTERN_LEN {
        return Err(format!(
            "longer than {MAX_PATTERN_LEN} bytes: {} bytes",
            source.len()
        ));
    }
    let re = RegexBuilder::new(source)
        .size_limit(SIZE_LIMIT)
        .nest_limit(NEST_LIMIT)
        .build()
        .map_err(|e| e.to_string())?;
    if re.is_match("") {
        return Err("it matches the empty string, so it would match everywhere".into());
    }
    Ok(re)
}

impl PartialEq for Patterns {
    fn eq(&self, other: &Self) -> bool {
        self.sources().eq(other.sources())
    }
}

impl std::fmt::Debug for Patterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.sources()).finish()
    }
}

impl Serialize for Patterns {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.sources())
    }
}

impl<'de> Deserialize<'de> for Patterns {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        Ok(Patterns::new(Vec::<String>::deserialize(d)?))
    }
}

#[cfg(all(test, not(feature = "patterns")))]
mod without_the_feature {
    use super::*;

    #[test]
    fn patterns_are_refused_and_match_nothing() {
        let p = Patterns::new([r"Chapter\s+(\w+)"]);
        let e = p.validate("config.citations.patterns").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("config.citations.patterns[0]"));
        assert!(e.message.contains("no pattern support"), "{}", e.message);
        assert!(p.find("Chapter 4").is_empty());
        assert!(Patterns::default().validate("x").is_ok());
    }
}

#[cfg(all(test, feature = "patterns"))]
mod tests {
    use super::*;

    #[test]
    fn groups_choose_the_reference() {
        let p = Patterns::new([
            r"Chapter\s+(\w+)",
            r"\{\{cite:(?<id>[a-z0-9-]+)\}\}",
            r"@see\s+#(?<index>[0-9]+)",
            r"TODO",
        ]);
        assert!(p.validate("config.citations.patterns").is_ok());
        let text = "See Chapter IV and {{cite:kb-2}}, @see #3, TODO.";
        let found = p.find(text);
        let got: Vec<(&str, &str, RefKind)> = found
            .iter()
            .map(|m| {
                (
                    &text[m.whole.0..m.whole.1],
                    &text[m.reference.0..m.reference.1],
                    m.kind,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("Chapter IV", "IV", RefKind::Auto),
                ("{{cite:kb-2}}", "kb-2", RefKind::Id),
                ("@see #3", "3", RefKind::Index),
                ("TODO", "TODO", RefKind::Auto),
            ]
        );
    }

    #[test]
    fn invalid_patterns_name_their_field() {
        for (bad, why) in [
            (r"Chapter\s+(\w+", "unclosed group"),
            ("a*", "empty"),
            (&"x".repeat(MAX_PATTERN_LEN + 1), "longer"),
            (
                "((((((((((((((((((((((((((((((((((a))))))))))))))))))))))))))))))))))",
                "nest",
            ),
        ] {
            let p = Patterns::new(["ok", bad]);
            let e = p.validate("config.evidence.fieldPatterns").unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidValue, "{why}");
            assert_eq!(
                e.field.as_deref(),
                Some("config.evidence.fieldPatterns[1]"),
                "{why}"
            );
            assert!(
                e.message
                    .starts_with("config.evidence.fieldPatterns[1] is not"),
                "{}",
                e.message
            );
        }
        let many = Patterns::new((0..=MAX_PATTERNS).map(|i| format!("x{i}")));
        let e = many.validate("f").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("f"));
    }

    #[test]
    fn serde_round_trip_and_equality() {
        let p: Patterns = serde_json::from_str(r#"["a+", "(b)"]"#).unwrap();
        assert_eq!(serde_json::to_string(&p).unwrap(), r#"["a+","(b)"]"#);
        assert_eq!(p, Patterns::new(["a+", "(b)"]));
        assert!(Patterns::default().is_empty());
    }

    #[test]
    fn matches_are_bounded() {
        let p = Patterns::new(["x"]);
        assert_eq!(p.find(&"x".repeat(5_000)).len(), MAX_MATCHES);
    }
}
