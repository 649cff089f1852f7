//! Small total scanners over the answer shared by the checks: path and URL candidates,
//! path matching, and which part of the answer is prose.

use crate::context::AnswerContext;
use crate::source::Source;

/// A file path or URL written in the answer, in byte offsets of the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Locator {
    /// Byte offset of the first character (of the whole written form).
    pub start: usize,
    /// Byte offset one past the last character (line suffix included).
    pub end: usize,
    /// The path or URL without its line suffix.
    pub text: String,
    /// True for a URL.
    pub url: bool,
    /// A line range written as a suffix (`:10-20`, `#L10-L20`, `:42`).
    pub lines: Option<(u64, u64)>,
}

/// Extensions that make a bare `name.ext` a file name in prose.
const EXTENSIONS: &[&str] = &[
    "rs", "ts", "tsx", "js", "jsx", "mjs", "cjs", "py", "rb", "go", "java", "kt", "c", "h", "cc",
    "cpp", "hpp", "cs", "swift", "md", "mdx", "json", "toml", "yaml", "yml", "txt", "html", "css",
    "scss", "sh", "sql", "proto", "xml", "ini", "cfg", "lock", "vue", "svelte", "php", "ipynb",
    "rst", "csv", "pdf", "wasm",
];

fn is_delimiter(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '(' | ')'
                | '['
                | ']'
                | '<'
                | '>'
                | '"'
                | '\''
                | '`'
                | ','
                | ';'
                | '{'
                | '}'
                | '|'
                | '“'
                | '”'
                | '‘'
                | '’'
                | '«'
                | '»'
                | '「'
                | '」'
                | '*'
        )
        || crate::text::words::is_ideograph(c)
}

/// Paths and URLs in the prose and inline code of the answer (not in fenced blocks),
/// found once per answer ([`AnswerContext::locators`]).
pub fn locators<'c>(ctx: &'c AnswerContext<'_>) -> &'c [Locator] {
    ctx.locators()
}

/// [`locators`] computed afresh.
pub(crate) fn find_locators(ctx: &AnswerContext<'_>) -> Vec<Locator> {
    let text = ctx.text;
    let mut out = Vec::new();
    let mut run_start: Option<usize> = None;
    let push = |s: usize, e: usize, out: &mut Vec<Locator>| {
        let in_inline = ctx.code.region_at(s).is_some_and(|r| !r.fenced);
        if let Some(l) = classify(text, s, e, in_inline) {
            out.push(l);
        }
    };
    for (i, c) in text.char_indices() {
        let fenced = ctx.code.region_at(i).is_some_and(|r| r.fenced);
        if is_delimiter(c) || fenced {
            if let Some(s) = run_start.take() {
                push(s, i, &mut out);
            }
        } else if run_start.is_none() {
            run_start = Some(i);
        }
    }
    if let Some(s) = run_start {
        push(s, text.len(), &mut out);
    }
    out
}

fn classify(text: &str, s: usize, e: usize, in_inline: bool) -> Option<Locator> {
    let raw = text.get(s..e)?;
    let trimmed = raw.trim_end_matches(['.', ':', '!', '?', ',']);
    let e = s + trimmed.len();
    if trimmed.contains('@') {
        return None;
    }
    // A URL has a `:` and a file name a `.`: most words have neither, and need no
    // lower-cased copy.
    if !trimmed.contains(['.', ':']) {
        return None;
    }
    let lower = trimmed.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        if trimmed.len() <= "https://".len() {
            return None;
        }
        return Some(Locator {
            start: s,
            end: e,
            text: trimmed.to_string(),
            url: true,
            lines: None,
        });
    }
    if trimmed.contains("://") {
        return None;
    }
    let (path, lines) = split_line_suffix(trimmed);
    let has_sep = path.contains('/') || path.contains('\\');
    let last = path.rsplit(['/', '\\']).next().unwrap_or_default();
    let (name, ext) = last.rsplit_once('.')?;
    if name.is_empty() || ext.is_empty() || ext.len() > 8 {
        return None;
    }
    if !ext.chars().all(|c| c.is_ascii_alphanumeric())
        || !ext.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return None;
    }
    let known = EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str());
    let ok = if has_sep {
        // Not a fraction or "and/or": the last component must look like a file name.
        name.chars().any(char::is_alphanumeric)
    } else {
        // Bare names: a known extension, and not a framework name such as `Node.js`.
        known
            && !(ext == "js" && !in_inline && name.starts_with(char::is_uppercase))
            // An initialism in prose (`Washington, D.C.`, `N.H.`), not a C file.
            && !(!in_inline
                && name.len() <= 3
                && ext.len() == 1
                && ext.chars().chain(name.chars()).all(|c| c.is_ascii_uppercase() || c == '.'))
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'))
    };
    if !ok {
        return None;
    }
    Some(Locator {
        start: s,
        end: e,
        text: path.to_string(),
        url: false,
        lines,
    })
}

fn parse_num(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 12 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Splits `path:10-20`, `path:42`, `path#L10-L20`, `path#L10` into path and range.
fn split_line_suffix(t: &str) -> (&str, Option<(u64, u64)>) {
    if let Some((p, frag)) = t.rsplit_once("#L") {
        let (a, b) = frag
            .split_once("-L")
            .or_else(|| frag.split_once('-'))
            .unwrap_or((frag, frag));
        if let (Some(a), Some(b)) = (parse_num(a), parse_num(b)) {
            return (p, Some((a, b)));
        }
    }
    if let Some((p, range)) = t.rsplit_once(':') {
        let (a, b) = range
            .split_once('-')
            .or_else(|| range.split_once('–'))
            .unwrap_or((range, range));
        if let (Some(a), Some(b)) = (parse_num(a), parse_num(b)) {
            // Keep a drive letter's colon (`C:\x`): only a trailing numeric suffix splits.
            if !p.is_empty() {
                return (p, Some((a, b)));
            }
        }
    }
    (t, None)
}

/// A path folded for comparison: `\` to `/`, no drive letter, no leading `./` or `/`,
/// lower case.
pub fn norm_path(p: &str) -> String {
    let mut s = p.trim().replace('\\', "/");
    let b = s.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' {
        s = s[2..].to_string();
    }
    loop {
        if let Some(r) = s.strip_prefix("./") {
            s = r.to_string();
        } else if let Some(r) = s.strip_prefix('/') {
            s = r.to_string();
        } else {
            break;
        }
    }
    while s.contains("//") {
        s = s.replace("//", "/");
    }
    s.trim_end_matches('/').to_lowercase()
}

/// True when two paths name the same file: equal after [`norm_path`], or one is the
/// other given relative to a root (`lib/x.py` and `repo/lib/x.py`).
pub(crate) fn same_path(a: &str, b: &str) -> bool {
    let (a, b) = (norm_path(a), norm_path(b));
    if a.is_empty() || b.is_empty() {
        return false;
    }
    a == b || a.ends_with(&format!("/{b}")) || b.ends_with(&format!("/{a}"))
}

/// A URL folded for comparison: scheme dropped (http ≡ https), host lower case without
/// `www.`, fragment and trailing slash dropped.
pub(crate) fn norm_url(u: &str) -> String {
    let u = u.trim();
    let rest = u.split_once("://").map_or(u, |(_, r)| r);
    let rest = rest.split('#').next().unwrap_or_default();
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    let path = path.trim_end_matches('/');
    if path.is_empty() {
        host.to_string()
    } else {
        format!("{host}/{path}")
    }
}

/// Indexes of the sources a path or URL names.
pub(crate) fn resolve_locator(loc: &Locator, sources: &[Source]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, s) in sources.iter().enumerate() {
        let hit = if loc.url {
            let n = norm_url(&loc.text);
            [&s.url, &s.document, &s.path]
                .iter()
                .filter_map(|f| f.as_deref())
                .any(|f| f.contains("://") && norm_url(f) == n)
        } else {
            [&s.path, &s.document, &s.url]
                .iter()
                .filter_map(|f| f.as_deref())
                .any(|f| {
                    let f = f
                        .split_once("://")
                        .map_or(f, |(_, r)| r.split_once('/').map_or(r, |(_, p)| p));
                    same_path(f, &loc.text)
                })
                || same_path(&s.id, &loc.text)
        };
        if hit {
            out.push(i);
        }
    }
    out
}

/// Indexes of the segments overlapping bytes `[s, e)` of the answer.
pub(crate) fn segments_overlapping(ctx: &AnswerContext<'_>, s: usize, e: usize) -> Vec<usize> {
    ctx.segments
        .iter()
        .enumerate()
        .filter(|(_, seg)| seg.start < e.max(s + 1) && s < seg.end)
        .map(|(i, _)| i)
        .collect()
}

/// The sources cited by the segments overlapping `[s, e)`, sorted and deduplicated.
pub(crate) fn cited_sources(
    ctx: &AnswerContext<'_>,
    cited: &[Vec<usize>],
    n_sources: usize,
    s: usize,
    e: usize,
) -> Vec<usize> {
    let mut out: Vec<usize> = segments_overlapping(ctx, s, e)
        .into_iter()
        .filter_map(|i| cited.get(i))
        .flatten()
        .copied()
        .filter(|&i| i < n_sources)
        .collect();
    crate::text::sort::sort_usize(&mut out);
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_paths_and_urls() {
        let t = "See src/text/segment.rs:10-20, `./lib/x.py`, C:\\app\\main.rs and \
                 https://Example.com/docs/ (not Node.js, e.g. v1.2 or and/or).";
        let ctx = AnswerContext::new(t);
        let l = locators(&ctx);
        let names: Vec<&str> = l.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            names,
            vec![
                "src/text/segment.rs",
                "./lib/x.py",
                "C:\\app\\main.rs",
                "https://Example.com/docs/"
            ]
        );
        assert_eq!(l[0].lines, Some((10, 20)));
        assert_eq!(&t[l[0].start..l[0].end], "src/text/segment.rs:10-20");
        // Initialisms in prose are no C files; a C file is.
        let t = "It is based in Washington, D.C. and Concord, N.H., built from main.c and `D.C`.";
        let ctx = AnswerContext::new(t);
        let names: Vec<String> = locators(&ctx).iter().map(|l| l.text.clone()).collect();
        assert_eq!(names, vec!["main.c", "D.C"]);
    }

    #[test]
    fn path_and_url_matching() {
        assert!(same_path("./lib/x.py", "lib/x.py"));
        assert!(same_path("x.py", "repo/lib/x.py"));
        assert!(same_path("C:\\app\\main.rs", "app/main.rs"));
        assert!(!same_path("lib/y.py", "lib/x.py"));
        assert!(!same_path("b/x.py", "ab/x.py"));
        assert_eq!(
            norm_url("https://WWW.Example.com/a/#x"),
            norm_url("http://example.com/a")
        );
    }
}
