//! Identifiers the answer mentions must exist in the sources (`UNVERIFIED_FIELD`).
//!
//! Candidates, chosen for precision (a false warning on plain prose is worse than a
//! missed one):
//! - inline code that is one identifier-like token: `` `topK` ``, `` `obj.prop` `` (the
//!   member), `` `Type::member` ``, `` `.method()` ``, `` `--flag` ``, `` `name: type` ``,
//!   `` `name=value` ``;
//! - in prose: `.method(`, `--flag`, `SCREAMING_CASE` and `snake_case` words (anything
//!   with an inner `_`), `camelCase(` calls, `Type::member`, `name: type` with a known
//!   type, and `parameter/field/option/flag/argument/property "x"` with a quoted name;
//! - in fenced code and multi-token inline code: identifiers with an inner `_` or an
//!   inner capital (`top_k`, `topK`, `MAX_RETRIES`) that the code does not declare itself.
//!
//! Not fields: language keywords and common built-ins, names the question uses, file
//! paths and URLs, plain lower-case words in prose.
//!
//! A candidate is verified when it occurs as an identifier token in any source's content
//! (or in the question), compared on a key that ignores case, `_` and `-`: bindings
//! often rename `top_k` to `topK` or `--top-k`, and that is not an invented field.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::context::scan::locators;
use crate::context::AnswerContext;
use crate::source::Source;
use crate::text::Span;
use crate::warning::{Warning, WarningKind};

/// One identifier the answer mentions.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct FieldResult {
    /// The identifier as written.
    pub name: String,
    /// Its first occurrence in the answer (UTF-16).
    pub span: Span,
    /// True when it exists in a source (or the question).
    pub verified: bool,
    /// The first source whose content holds it.
    pub source_id: Option<String>,
}

/// Summary of the field checks (`fieldsVerified` / `fieldsTotal`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct FieldsSummary {
    /// Identifiers found in the sources, in answer order.
    pub verified: Vec<String>,
    /// Identifiers found nowhere, in answer order.
    pub unverified: Vec<String>,
    /// Distinct identifiers checked.
    pub total: usize,
    /// `verified / total`, 1 when there are none.
    pub confidence: f64,
    /// One entry per distinct identifier.
    pub items: Vec<FieldResult>,
}

impl Default for FieldsSummary {
    fn default() -> Self {
        FieldsSummary {
            verified: Vec::new(),
            unverified: Vec::new(),
            total: 0,
            confidence: 1.0,
            items: Vec::new(),
        }
    }
}

/// Keywords and built-ins of the common languages: never fields.
const KEYWORDS: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "some",
    "none",
    "ok",
    "err",
    "option",
    "result",
    "vec",
    "string",
    "box",
    "str",
    "usize",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "i8",
    "i16",
    "i32",
    "i64",
    "f32",
    "f64",
    "bool",
    "char",
    "println",
    "format",
    "unwrap",
    "expect",
    "clone",
    "iter",
    "collect",
    "map",
    "into",
    "tostring",
    "asstr",
    "len",
    "push",
    "isempty",
    "var",
    "function",
    "class",
    "new",
    "this",
    "typeof",
    "instanceof",
    "null",
    "undefined",
    "void",
    "delete",
    "try",
    "catch",
    "finally",
    "throw",
    "import",
    "export",
    "from",
    "default",
    "extends",
    "yield",
    "console",
    "log",
    "json",
    "parse",
    "stringify",
    "promise",
    "object",
    "keys",
    "values",
    "entries",
    "array",
    "math",
    "length",
    "foreach",
    "filter",
    "reduce",
    "then",
    "number",
    "boolean",
    "any",
    "unknown",
    "never",
    "interface",
    "readonly",
    "def",
    "lambda",
    "and",
    "or",
    "not",
    "is",
    "pass",
    "raise",
    "with",
    "elif",
    "except",
    "print",
    "range",
    "dict",
    "list",
    "int",
    "float",
    "cls",
    "init",
    "kwargs",
    "args",
    "parseint",
    "parsefloat",
    "indexof",
    "tolowercase",
    "touppercase",
    "hasownproperty",
    "addeventlistener",
    "queryselector",
    "getelementbyid",
    "settimeout",
    "setinterval",
    "isarray",
    "readfile",
    "readfilesync",
    "writefile",
    "name",
    "main",
    "unwraporelse",
    "unwrapor",
    "unwrapordefault",
    "toowned",
    "intoiter",
    "itermut",
    "asref",
    "okor",
    "maperr",
    "andthen",
    "issome",
    "isnone",
    "tovec",
    "pushstr",
    "startswith",
    "endswith",
    "serialize",
    "deserialize",
    "debug",
    "partialeq",
    "eq",
    "hash",
    "display",
    "derive",
    "cfg",
    "test",
    "todo",
    "fixme",
    "http",
    "https",
    "get",
    "set",
    "post",
    "put",
    "patch",
    "node",
    "npm",
    "cargo",
    "pip",
    "true",
    "nil",
    "null",
    "nan",
    "infinity",
    "date",
    "error",
    "exception",
    "self",
    "super",
    "fetch",
    "response",
    "request",
    "innerhtml",
    "textcontent",
    "classname",
    "onclick",
    "useeffect",
    "usestate",
    "usememo",
    "usecallback",
    "useref",
    "classlist",
    "appendchild",
    "createelement",
    "tojson",
    "valueof",
    "__init__",
    "__name__",
    "__main__",
    "ifname",
    "elseif",
];

/// Types after `name:` that make it a field declaration in prose.
const TYPES: &[&str] = &[
    "string", "number", "boolean", "bool", "int", "integer", "float", "double", "str", "u8", "u16",
    "u32", "u64", "usize", "i32", "i64", "f32", "f64", "array", "list", "dict", "object", "map",
    "vec", "option", "optional", "any", "char", "bytes", "date", "datetime", "null",
];

/// The comparison key: lower case without `_` and `-`.
fn key(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| is_ident_char(c) || c == '-')
}

/// An identifier that cannot be a plain word: inner `_`, or a capital after a lower-case
/// letter (camelCase).
fn is_distinctive(s: &str) -> bool {
    let t = s.trim_matches('_');
    if t.contains('_') && t.chars().any(char::is_alphabetic) {
        return true;
    }
    let mut prev_lower = false;
    for c in t.chars() {
        if c.is_uppercase() && prev_lower {
            return true;
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
    }
    false
}

struct Cand {
    name: String,
    start: usize,
    end: usize,
    /// A plain word written as code (`pool.close()`, `close()`): found only where a
    /// source writes it as code too (called, after a `.`, or in backticks), not as the
    /// word (`close idle connections`).
    code: bool,
}

/// Identifier tokens of a text: `(start, end)` byte ranges of runs of letters, digits,
/// `_` and `-` between letters.
fn ident_tokens(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if is_ident_char(c) {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            out.push((s, i));
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

/// Checks the identifiers the answer mentions.
pub(crate) fn check_fields(
    ctx: &AnswerContext<'_>,
    question: &str,
    sources: &[Source],
    patterns: &crate::patterns::Patterns,
    warnings: &mut Vec<Warning>,
) -> FieldsSummary {
    let cands = candidates(ctx, patterns);
    if cands.is_empty() {
        return FieldsSummary::default();
    }
    let mut question_keys = BTreeSet::new();
    for (s, e) in ident_tokens(question) {
        if let Some(t) = question.get(s..e) {
            question_keys.insert(key(t));
        }
    }
    // Per source: the keys of the tokens it writes as code (called, after a `.`, or next
    // to a backtick), read only when a candidate needs them.
    let code_keys: Vec<BTreeSet<String>> = if cands.iter().any(|c| c.code) {
        sources
            .iter()
            .map(|src| {
                let c = &src.content;
                ident_tokens(c)
                    .into_iter()
                    .filter(|&(s, e)| {
                        let before = c.get(..s).and_then(|b| b.chars().next_back());
                        let after = c.get(e..).and_then(|a| a.chars().next());
                        matches!(before, Some('.' | '`')) || matches!(after, Some('(' | '`'))
                    })
                    .filter_map(|(s, e)| c.get(s..e).map(key))
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    // Per source: the set of keys of its identifier tokens (`top-k` flags included).
    let source_keys: Vec<BTreeSet<String>> = sources
        .iter()
        .map(|src| {
            let mut set = BTreeSet::new();
            let c = &src.content;
            let mut s = None;
            for (i, ch) in c.char_indices() {
                if is_ident_char(ch) || ch == '-' {
                    s.get_or_insert(i);
                } else if let Some(st) = s.take() {
                    add_keys(c.get(st..i).unwrap_or_default(), &mut set);
                }
            }
            if let Some(st) = s {
                add_keys(c.get(st..).unwrap_or_default(), &mut set);
            }
            set
        })
        .collect();

    let mut summary = FieldsSummary::default();
    let mut seen = BTreeSet::new();
    for c in cands {
        let k = key(&c.name);
        if k.chars().count() < 2 || KEYWORDS.contains(&k.as_str()) || !seen.insert(k.clone()) {
            continue;
        }
        if question_keys.contains(&k) {
            continue;
        }
        let found = if c.code {
            code_keys.iter().position(|set| set.contains(&k))
        } else {
            source_keys.iter().position(|set| set.contains(&k))
        };
        let span = ctx.span(c.start, c.end);
        let verified = found.is_some();
        if verified {
            summary.verified.push(c.name.clone());
        } else {
            summary.unverified.push(c.name.clone());
            warnings.push(
                Warning::new(
                    WarningKind::UnverifiedField,
                    format!("`{}` does not appear in any retrieved source.", c.name),
                    Some(span),
                )
                .with("field", c.name.clone()),
            );
        }
        summary.items.push(FieldResult {
            name: c.name,
            span,
            verified,
            source_id: found.and_then(|i| sources.get(i)).map(|s| s.id.clone()),
        });
    }
    summary.total = summary.items.len();
    summary.confidence = if summary.total == 0 {
        1.0
    } else {
        summary.verified.len() as f64 / summary.total as f64
    };
    summary
}

fn add_keys(tok: &str, set: &mut BTreeSet<String>) {
    let tok = tok.trim_matches('-');
    if tok.is_empty() {
        return;
    }
    set.insert(key(tok));
    for part in tok.split('-').filter(|p| !p.is_empty()) {
        set.insert(key(part));
    }
}

/// Field candidates of the answer, in order: the built-in forms, then what the user's
/// `evidence.fieldPatterns` match (anywhere in the answer, code included).
fn candidates(ctx: &AnswerContext<'_>, patterns: &crate::patterns::Patterns) -> Vec<Cand> {
    let text = ctx.text;
    let mut out = Vec::new();
    for r in ctx.code.regions() {
        let Some(inner) = text.get(r.inner.0..r.inner.1) else {
            continue;
        };
        if r.fenced {
            let info = text
                .get(r.info.0..r.info.1)
                .unwrap_or_default()
                .to_ascii_lowercase();
            if matches!(
                info.as_str(),
                "text" | "txt" | "console" | "output" | "plaintext" | "log" | "diff"
            ) {
                continue;
            }
            code_idents(inner, r.inner.0, &mut out);
        } else {
            inline_code(inner, r.inner.0, &mut out);
        }
    }
    prose(ctx, &mut out);
    let locs = locators(ctx);
    out.retain(|c| !locs.iter().any(|l| c.start < l.end && l.start < c.end));
    for m in patterns.find(text) {
        if let Some(name) = text.get(m.reference.0..m.reference.1) {
            out.push(Cand {
                name: name.to_string(),
                start: m.reference.0,
                end: m.reference.1,
                code: false,
            });
        }
    }
    crate::text::sort::sort_by_key(&mut out, |c| (c.start, c.end));
    out
}

/// One inline code span: a single identifier-like token, or code.
fn inline_code(inner: &str, base: usize, out: &mut Vec<Cand>) {
    let t = inner.trim();
    let lead = inner.len() - inner.trim_start().len();
    if t.contains("://") || (t.contains('/') && !t.contains(' ')) {
        return;
    }
    // `name: type` / `name=value`.
    if let Some((name, rest)) = t.split_once(':').filter(|(_, r)| !r.starts_with(':')) {
        let name = name.trim();
        if is_ident(name) && !rest.trim().is_empty() && !name.contains(' ') {
            out.push(Cand {
                name: name.to_string(),
                start: base + lead,
                end: base + lead + name.len(),
                code: false,
            });
            return;
        }
    }
    if let Some((name, _)) = t.split_once('=') {
        let name = name.trim();
        if is_ident(name) {
            out.push(Cand {
                name: name.to_string(),
                start: base + lead,
                end: base + lead + name.len(),
                code: false,
            });
            return;
        }
    }
    if t.split_whitespace().count() >= 2 {
        code_idents(inner, base, out);
        return;
    }
    // One token: strip `--`, `.`, `()`, `(…)`, then take the last member.
    let mut s = t.trim_start_matches('-').trim_start_matches('.');
    if let Some(p) = s.find('(') {
        s = s.get(..p).unwrap_or_default();
    }
    let s = s.trim_end_matches([';', ',', '?', '!']);
    let member = s.rsplit("::").next().unwrap_or(s);
    let member = member.rsplit('.').next().unwrap_or(member);
    if member.is_empty() || !is_ident(member) || member.chars().all(|c| c.is_ascii_digit()) {
        return;
    }
    // Offset of the member in the answer.
    let Some(off) = t.rfind(member) else { return };
    let start = base + lead + off;
    // A plain word called or reached through a path is code (`pool.close()`).
    let called_or_reached = t.contains('(') || member.len() < s.len();
    out.push(Cand {
        name: member.to_string(),
        start,
        end: start + member.len(),
        code: called_or_reached && !is_distinctive(member),
    });
}

/// Distinctive identifiers of a code text that the code does not declare itself, outside
/// strings and comments.
fn code_idents(code: &str, base: usize, out: &mut Vec<Cand>) {
    let masked = mask_strings_and_comments(code);
    let toks = ident_tokens(&masked);
    let mut declared = BTreeSet::new();
    let mut prev_word = "";
    for &(s, e) in &toks {
        let w = masked.get(s..e).unwrap_or_default();
        let after = masked.get(e..).unwrap_or_default().trim_start();
        let is_assign =
            after.starts_with('=') && !after.starts_with("==") && !after.starts_with("=>");
        let decl_kw = matches!(
            prev_word,
            "let"
                | "mut"
                | "const"
                | "var"
                | "def"
                | "fn"
                | "function"
                | "class"
                | "struct"
                | "enum"
                | "type"
                | "interface"
                | "trait"
                | "impl"
                | "for"
                | "as"
                | "import"
                | "use"
        );
        let keyword_arg = is_assign
            && masked
                .get(..s)
                .is_some_and(|b| b.trim_end().ends_with('(') || b.trim_end().ends_with(','));
        if decl_kw || (is_assign && !keyword_arg) {
            declared.insert(w.to_string());
        }
        prev_word = w;
    }
    for (s, e) in toks {
        let Some(w) = code.get(s..e) else { continue };
        if is_distinctive(w) && !declared.contains(w) && !w.starts_with("__") {
            out.push(Cand {
                name: w.to_string(),
                start: base + s,
                end: base + e,
                code: false,
            });
        }
    }
}

/// `code` with string literals and comments replaced by spaces (same byte length).
fn mask_strings_and_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut quote: Option<char> = None;
    let mut comment = false;
    let mut prev = '\0';
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        let blank = |c: char, out: &mut String| {
            if c == '\n' {
                out.push('\n');
            } else {
                out.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
        };
        if comment {
            if c == '\n' {
                comment = false;
                out.push('\n');
            } else {
                blank(c, &mut out);
            }
        } else if let Some(q) = quote {
            blank(c, &mut out);
            if c == q && prev != '\\' || c == '\n' {
                quote = None;
            }
        } else if matches!(c, '"' | '\'' | '`') {
            // A Rust lifetime or char like 'a is rare enough in snippets to mask too.
            quote = Some(c);
            blank(c, &mut out);
        } else if (c == '/' && chars.peek() == Some(&'/'))
            || (c == '#' && matches!(chars.peek(), Some(' ' | '!')))
        {
            comment = true;
            blank(c, &mut out);
        } else {
            out.push(c);
        }
        prev = if prev == '\\' && c == '\\' { '\0' } else { c };
    }
    out
}

/// Prose patterns (outside code).
fn prose(ctx: &AnswerContext<'_>, out: &mut Vec<Cand>) {
    let text = ctx.text;
    for (s, e) in ident_tokens(text) {
        if ctx.code.contains(s) {
            continue;
        }
        let Some(w) = text.get(s..e) else { continue };
        let before = text.get(..s).unwrap_or_default();
        let after = text.get(e..).unwrap_or_default();
        let prev_c = before.chars().next_back();
        let call = after.starts_with('(');
        let method = prev_c == Some('.') && call;
        let flag = before.ends_with("--")
            && before
                .strip_suffix("--")
                .and_then(|b| b.chars().next_back())
                .is_none_or(char::is_whitespace);
        let path_sep = before.ends_with("::") || after.starts_with("::");
        let typed = after
            .strip_prefix(": ")
            .map(|r| {
                let t: String = r.chars().take_while(|c| c.is_alphanumeric()).collect();
                TYPES.contains(&t.to_ascii_lowercase().as_str())
            })
            .unwrap_or(false)
            && is_distinctive(w);
        let quoted_after_kw = quoted_after_keyword(before, after);
        let take = (is_distinctive(w) && (w.contains('_') || call))
            || method
            || (flag && w.chars().any(char::is_alphabetic))
            || (path_sep && w.chars().any(char::is_alphabetic))
            || typed
            || quoted_after_kw;
        if take && !w.chars().all(|c| c.is_ascii_digit() || c == '_') {
            let (s, e) = if flag {
                // A flag runs on through `-`: `--dry-run`.
                let tail = after
                    .char_indices()
                    .take_while(|&(_, c)| is_ident_char(c) || c == '-')
                    .last()
                    .map_or(0, |(i, c)| i + c.len_utf8());
                let tail = after
                    .get(..tail)
                    .unwrap_or_default()
                    .trim_end_matches('-')
                    .len();
                (s.saturating_sub(2), e + tail)
            } else {
                (s, e)
            };
            let name = text.get(s..e).unwrap_or_default().to_string();
            out.push(Cand {
                code: (call || method) && !is_distinctive(&name),
                name,
                start: s,
                end: e,
            });
        }
    }
}

/// `parameter "x"`, `option 'x'`, `field “x”`: a quoted identifier after a field word.
fn quoted_after_keyword(before: &str, after: &str) -> bool {
    let Some(q) = before.chars().next_back() else {
        return false;
    };
    if !matches!(q, '"' | '\'' | '“' | '‘')
        || !matches!(after.chars().next(), Some('"' | '\'' | '”' | '’'))
    {
        return false;
    }
    let b = before
        .get(..before.len() - q.len_utf8())
        .unwrap_or_default()
        .trim_end()
        .to_lowercase();
    [
        "parameter",
        "field",
        "option",
        "flag",
        "argument",
        "property",
        "attribute",
        "setting",
        "key",
    ]
    .iter()
    .any(|k| b.ends_with(k) || b.ends_with(&format!("{k}s")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(answer: &str) -> Vec<String> {
        candidates(
            &AnswerContext::new(answer),
            &crate::patterns::Patterns::default(),
        )
        .into_iter()
        .map(|c| c.name)
        .collect()
    }

    /// The unverified names of `answer` against one source `source`.
    fn unverified(answer: &str, source: &str) -> Vec<String> {
        let mut warnings = Vec::new();
        check_fields(
            &AnswerContext::new(answer),
            "",
            &[Source::new("s", source)],
            &crate::patterns::Patterns::default(),
            &mut warnings,
        )
        .unverified
    }

    #[test]
    fn a_plain_word_written_as_code_is_found_only_as_code() {
        let doc = "Set `idleTimeoutMs` to close idle connections. Call `pool.drain()` \
            before shutting down; connect(options) opens a session.";
        // `close` is in the source only as a word.
        assert_eq!(unverified("Call `pool.close()` first.", doc), vec!["close"]);
        assert_eq!(unverified("Call pool.close() first.", doc), vec!["close"]);
        // Called, after a `.` or in backticks, it is code there too.
        assert!(unverified("Call `pool.drain()` first.", doc).is_empty());
        assert!(unverified("Call `db.connect()` first.", doc).is_empty());
        assert!(unverified("Use `idleTimeoutMs`.", doc).is_empty());
        // A distinctive name needs no such form.
        assert!(unverified("Call `pool.idleTimeoutMs()`.", doc).is_empty());
    }

    #[test]
    fn candidates_from_code_and_prose() {
        assert_eq!(
            names("Set `topK` or `client.max_tokens` via `--top-k`, call `Index::build()` and `.search(q)`."),
            vec!["topK", "max_tokens", "top-k", "build", "search"]
        );
        assert_eq!(
            names("Call store.refresh_all() with MAX_RETRIES and pass --dry-run; the parameter \"batchSize\" is used."),
            vec!["refresh_all", "MAX_RETRIES", "--dry-run", "batchSize"]
        );
        assert_eq!(
            names("Plain prose: the iPhone and JavaScript, e.g. Node.js v1.2."),
            Vec::<String>::new()
        );
        assert_eq!(
            names("```python\nresult = client.query(text, top_k=5)  # my_comment\nprint(result.hits_total, \"a_b\")\n```"),
            vec!["top_k", "hits_total"]
        );
    }
}
