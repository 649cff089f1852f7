//! What the answer presents as quoted: "…", “…”, ‘…’, «…», 「…」, 『…』 in prose,
//! Markdown block quotes, inline code and fenced code blocks.

use serde::Serialize;

use crate::context::AnswerContext;

/// How a snippet is presented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub enum SnippetKind {
    /// Text between quotation marks.
    Quote,
    /// A Markdown block quote (`> …`).
    BlockQuote,
    /// Inline code of two or more tokens.
    InlineCode,
    /// A fenced code block.
    CodeBlock,
}

/// A quotation in prose, in byte offsets of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    /// From the opening mark to one past the closing mark.
    pub outer: (usize, usize),
    /// Between the marks.
    pub inner: (usize, usize),
}

/// A snippet candidate: where it is in the answer and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// How it is presented.
    pub kind: SnippetKind,
    /// The whole construct in the answer (bytes).
    pub outer: (usize, usize),
    /// The quoted text without marks, `>` markers or fences.
    pub text: String,
}

/// The closing mark when `c` at byte `i`, after `prev`, opens a quotation: a quotation
/// mark outside code and not right after a letter or digit (`it's`, `5"`).
pub(crate) fn opens_quote(
    ctx: &AnswerContext<'_>,
    i: usize,
    c: char,
    prev: Option<char>,
) -> Option<char> {
    let close = closer_for(c)?;
    (!ctx.code.contains(i) && !prev.is_some_and(char::is_alphanumeric)).then_some(close)
}

/// The closing mark of an opening quotation mark, if `c` is one.
fn closer_for(c: char) -> Option<char> {
    Some(match c {
        '"' => '"',
        '“' => '”',
        '„' => '“',
        '‘' => '’',
        '«' => '»',
        '「' => '」',
        '『' => '』',
        _ => return None,
    })
}

/// How far a quotation's closing mark is looked for: the scan stops after the first
/// character more than this many bytes past the opening mark.
pub(crate) const QUOTE_REACH: usize = 4000;

/// Quotations in the prose of the answer (outside code), closed within their paragraph.
pub fn quotes(ctx: &AnswerContext<'_>) -> Vec<Quote> {
    let text = ctx.text;
    let mut out = Vec::new();
    let mut it = text.char_indices();
    let mut prev: Option<char> = None;
    let mut resume = 0;
    for (i, c) in it.by_ref() {
        if i < resume {
            prev = Some(c);
            continue;
        }
        let Some(close) = opens_quote(ctx, i, c, prev) else {
            prev = Some(c);
            continue;
        };
        let inner_start = i + c.len_utf8();
        let mut found = None;
        let mut last: Option<char> = None;
        let mut it2 = text
            .get(inner_start..)
            .unwrap_or_default()
            .char_indices()
            .peekable();
        while let Some((r, d)) = it2.next() {
            let at = inner_start + r;
            if d == '\n' && last == Some('\n') {
                break; // a blank line ends the paragraph
            }
            if d == close && !ctx.code.contains(at) {
                // A ’ between letters is an apostrophe, not a closing mark.
                let next_alpha = it2.peek().is_some_and(|&(_, n)| n.is_alphabetic());
                if !(d == '’' && next_alpha) {
                    found = Some(at);
                    break;
                }
            }
            if !d.is_whitespace() || d == '\n' {
                last = Some(d);
            }
            if r > QUOTE_REACH {
                break;
            }
        }
        if let Some(at) = found {
            let end = at + close.len_utf8();
            out.push(Quote {
                outer: (i, end),
                inner: (inner_start, at),
            });
            resume = end;
            prev = Some(close);
        } else {
            prev = Some(c);
        }
    }
    out
}

/// Block quotes: runs of lines starting with `>` (outside fenced code), with the text
/// of the lines joined by newlines.
pub(crate) fn block_quotes(ctx: &AnswerContext<'_>) -> Vec<Candidate> {
    let text = ctx.text;
    let mut out = Vec::new();
    let mut cur: Option<(usize, usize, String)> = None;
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_start_matches(' ');
        let indent = body.len() - trimmed.len();
        let quoted = indent <= 3 && trimmed.starts_with('>') && !ctx.code.contains(start + indent);
        if quoted {
            let content = trimmed.get(1..).unwrap_or_default();
            let content = content.strip_prefix(' ').unwrap_or(content);
            let end = start + body.len();
            match cur.as_mut() {
                Some(c) => {
                    c.1 = end;
                    c.2.push('\n');
                    c.2.push_str(content);
                }
                None => cur = Some((start + indent, end, content.to_string())),
            }
        } else if let Some((s, e, t)) = cur.take() {
            out.push(Candidate {
                kind: SnippetKind::BlockQuote,
                outer: (s, e),
                text: t,
            });
        }
    }
    if let Some((s, e, t)) = cur.take() {
        out.push(Candidate {
            kind: SnippetKind::BlockQuote,
            outer: (s, e),
            text: t,
        });
    }
    out
}

/// Inline code spans and fenced code blocks.
pub(crate) fn code_snippets(ctx: &AnswerContext<'_>) -> Vec<Candidate> {
    ctx.code
        .regions()
        .iter()
        .filter_map(|r| {
            let inner = ctx.text.get(r.inner.0..r.inner.1)?;
            let kind = if r.fenced {
                SnippetKind::CodeBlock
            } else {
                if inner.split_whitespace().count() < 2 {
                    return None;
                }
                SnippetKind::InlineCode
            };
            let t = inner.trim_matches(['\n', '\r']);
            if t.trim().is_empty() {
                return None;
            }
            Some(Candidate {
                kind,
                outer: (r.start, r.end),
                text: t.to_string(),
            })
        })
        .collect()
}

/// Splits a quotation at elisions (`...`, `…`, `[...]`, `[…]`), dropping empty parts.
pub(crate) fn split_elisions(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = text;
    loop {
        let found = ["[...]", "[…]", "...", "…"]
            .iter()
            .filter_map(|m| rest.find(m).map(|p| (p, m.len())))
            .min();
        match found {
            Some((p, l)) => {
                let (a, b) = (
                    rest.get(..p).unwrap_or_default(),
                    rest.get(p + l..).unwrap_or_default(),
                );
                if !a.trim().is_empty() {
                    parts.push(a.trim());
                }
                rest = b.trim_start_matches('.');
            }
            None => {
                if !rest.trim().is_empty() {
                    parts.push(rest.trim());
                }
                return parts;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_quotes_of_every_kind() {
        let t = "He said \"one two three\" and “four five” and ‘six seven’ «huit» 「引用」; \
                 don’t `a \"b\" c` stop.";
        let ctx = AnswerContext::new(t);
        let q: Vec<&str> = quotes(&ctx)
            .iter()
            .map(|q| &t[q.inner.0..q.inner.1])
            .collect();
        assert_eq!(
            q,
            vec!["one two three", "four five", "six seven", "huit", "引用"]
        );
    }

    #[test]
    fn block_quotes_and_code() {
        let t = "Intro:\n> first line\n> second line\n\nThen `let x = 1;` and `topK`.\n```rs\nfn a() {}\n```\n";
        let ctx = AnswerContext::new(t);
        let b = block_quotes(&ctx);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].text, "first line\nsecond line");
        assert_eq!(
            &t[b[0].outer.0..b[0].outer.1],
            "> first line\n> second line"
        );
        let c = code_snippets(&ctx);
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].text, "let x = 1;");
        assert_eq!(c[1].text, "fn a() {}");
    }

    #[test]
    fn elisions() {
        assert_eq!(split_elisions("a b … c d"), vec!["a b", "c d"]);
        assert_eq!(split_elisions("a [...] b...c"), vec!["a", "b", "c"]);
        assert_eq!(split_elisions("plain"), vec!["plain"]);
    }
}
