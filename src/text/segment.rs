//! Sentence segmentation for LLM answers: Markdown blocks first (code blocks, headings,
//! list items, table rows, paragraphs), then sentences inside each block.
//!
//! Handles abbreviations (`e.g.`, `Dr.`, `U.S.`), decimals and versions (`3.14`,
//! `v1.2.3`), URLs and file names (a period not followed by a space never ends a
//! sentence), ellipses, CJK full stops, and citation markers written after the full
//! stop (`… in 2020. [1]`), which stay with the sentence they follow.

use super::code::CodeRegions;

/// What kind of block a segment comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SegmentKind {
    /// A sentence of a paragraph (or of a block quote).
    Sentence,
    /// A sentence of a list item (`- x`, `* x`, `1. x`).
    ListItem,
    /// A Markdown heading (`## Setup`).
    Heading,
    /// A fenced code block, whole.
    CodeBlock,
    /// One row of a Markdown table.
    TableRow,
}

/// A segment of the text, in byte offsets, trimmed of surrounding whitespace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    /// Byte offset of the first character.
    pub start: usize,
    /// Byte offset one past the last character.
    pub end: usize,
    /// The block it comes from.
    pub kind: SegmentKind,
}

impl Segment {
    /// The segment's text.
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.start..self.end]
    }
}

/// Splits `text` into segments, in order. Never panics; empty and whitespace-only
/// input gives no segments.
pub fn segment(text: &str) -> Vec<Segment> {
    let code = CodeRegions::find(text);
    segment_with(text, &code)
}

/// Like [`segment`], reusing code regions already found for `text`.
pub(crate) fn segment_with(text: &str, code: &CodeRegions) -> Vec<Segment> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut para: Option<(usize, usize, SegmentKind)> = None;
    let mut pos = 0;
    let flush = |para: &mut Option<(usize, usize, SegmentKind)>, out: &mut Vec<Segment>| {
        if let Some((s, e, k)) = para.take() {
            split_sentences(text, s, e, k, code, out);
        }
    };
    while pos < bytes.len() {
        if let Some(region) = code.region_at(pos).filter(|r| r.fenced && r.start == pos) {
            flush(&mut para, &mut out);
            push_trimmed(
                text,
                region.start,
                region.end,
                SegmentKind::CodeBlock,
                &mut out,
            );
            pos = region.end + 1;
            continue;
        }
        let line_end = bytes[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |p| pos + p);
        let line = &text[pos..line_end];
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if trimmed.trim_end().is_empty() {
            flush(&mut para, &mut out);
        } else if let Some(h) = heading_content(trimmed) {
            flush(&mut para, &mut out);
            push_trimmed(
                text,
                pos + indent + h,
                line_end,
                SegmentKind::Heading,
                &mut out,
            );
        } else if trimmed.starts_with('|') {
            flush(&mut para, &mut out);
            if !is_table_separator(trimmed) {
                push_trimmed(
                    text,
                    pos + indent,
                    line_end,
                    SegmentKind::TableRow,
                    &mut out,
                );
            }
        } else if let Some(m) = list_marker_len(trimmed) {
            flush(&mut para, &mut out);
            para = Some((pos + indent + m, line_end, SegmentKind::ListItem));
        } else {
            let (content_start, kind) = match quote_marker_len(trimmed) {
                Some(q) => (pos + indent + q, SegmentKind::Sentence),
                None => (pos + indent, SegmentKind::Sentence),
            };
            match para.as_mut() {
                Some(p) => p.1 = line_end,
                None => para = Some((content_start, line_end, kind)),
            }
        }
        pos = line_end + 1;
    }
    flush(&mut para, &mut out);
    out
}

fn push_trimmed(text: &str, start: usize, end: usize, kind: SegmentKind, out: &mut Vec<Segment>) {
    let end = end.min(text.len());
    if start >= end {
        return;
    }
    let slice = &text[start..end];
    let lead = slice.len() - slice.trim_start().len();
    let trail = slice.len() - slice.trim_end().len();
    let (s, e) = (start + lead, end - trail);
    if s < e {
        out.push(Segment {
            start: s,
            end: e,
            kind,
        });
    }
}

/// Length of the `#`s and space of an ATX heading, if `line` is one.
fn heading_content(line: &str) -> Option<usize> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    if (1..=6).contains(&hashes) && line[hashes..].starts_with([' ', '\t']) {
        Some(hashes + 1)
    } else {
        None
    }
}

fn is_table_separator(line: &str) -> bool {
    line.trim()
        .bytes()
        .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t'))
}

/// Length of a list marker and its space (`- `, `* `, `+ `, `• `, `1. `, `12) `).
fn list_marker_len(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    if line.starts_with('•') {
        let rest = &line['•'.len_utf8()..];
        return rest.starts_with([' ', '\t']).then_some('•'.len_utf8() + 1);
    }
    if matches!(b.first(), Some(b'-' | b'*' | b'+')) && matches!(b.get(1), Some(b' ' | b'\t')) {
        return Some(2);
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if (1..=3).contains(&digits)
        && matches!(b.get(digits), Some(b'.' | b')'))
        && matches!(b.get(digits + 1), Some(b' ' | b'\t'))
    {
        return Some(digits + 2);
    }
    None
}

fn quote_marker_len(line: &str) -> Option<usize> {
    line.strip_prefix('>')
        .map(|rest| 1 + (rest.len() - rest.trim_start().len()))
}

/// Abbreviations after which a period does not end a sentence (lower case, no final dot;
/// `v` is versus in case names, `Roe v. Wade`).
const ABBREVIATIONS: &[&str] = &[
    "e.g", "i.e", "vs", "v", "cf", "al", "approx", "dr", "mr", "mrs", "ms", "prof", "sr", "jr",
    "st", "mt", "ft", "inc", "ltd", "co", "corp", "no", "nos", "fig", "figs", "eq", "vol", "pp",
    "p", "ed", "eds", "rev", "gen", "col", "lt", "sgt", "capt", "dept", "est", "ave", "blvd",
    "u.s", "u.k", "u.n", "e.u", "a.m", "p.m", "jan", "feb", "mar", "apr", "jun", "jul", "aug",
    "sep", "sept", "oct", "nov", "dec", "ca", "viz", "resp", "ph.d", "b.sc", "m.sc", "ref", "refs",
    "sec", "ch", "approx", "min", "max", "dept", "univ", "assn", "bros",
];

fn is_closer(c: char) -> bool {
    matches!(
        c,
        '"' | '\'' | '”' | '’' | ')' | ']' | '}' | '»' | '」' | '』' | '）' | '】' | '*' | '_'
    )
}

fn is_cjk_terminator(c: char) -> bool {
    matches!(c, '。' | '！' | '？' | '｡')
}

/// Splits the block `[start, end)` into sentences and appends them to `out`.
fn split_sentences(
    text: &str,
    start: usize,
    end: usize,
    kind: SegmentKind,
    code: &CodeRegions,
    out: &mut Vec<Segment>,
) {
    let bytes = text.as_bytes();
    // The character at byte `i` of the block, if any.
    let char_at = |i: usize| text.get(i..end).and_then(|r| r.chars().next());
    let mut sent_start = start;
    let mut i = start;
    while i < end {
        // Most bytes are ASCII and no terminator: passed over without decoding.
        if bytes
            .get(i)
            .is_some_and(|&b| b < 0x80 && !matches!(b, b'.' | b'!' | b'?'))
        {
            i += 1;
            continue;
        }
        let Some(c) = char_at(i) else { break };
        let mut next = i + c.len_utf8();
        if code.contains(i) {
            i = next;
            continue;
        }
        let boundary_after = if is_cjk_terminator(c) {
            Some(next)
        } else if matches!(c, '.' | '!' | '?' | '…') {
            // Take a run of terminators ("?!", "...").
            while let Some(c2) = char_at(next).filter(|c2| matches!(c2, '.' | '!' | '?' | '…')) {
                next += c2.len_utf8();
            }
            ends_sentence(text, sent_start, i, next, end).then_some(next)
        } else {
            None
        };
        if let Some(mut j) = boundary_after {
            j = absorb_trailing(text, j, end);
            push_trimmed(text, sent_start, j, kind, out);
            sent_start = j;
            // Skip what was absorbed.
            next = next.max(j);
        }
        i = next;
    }
    push_trimmed(text, sent_start, end, kind, out);
}

/// Decides whether the terminator run `[term, after)` ends the sentence begun at
/// `sent_start`.
fn ends_sentence(text: &str, sent_start: usize, term: usize, after: usize, end: usize) -> bool {
    // What follows, past closing quotes/brackets.
    let rest = &text[after..end];
    let past_closers = rest.trim_start_matches(is_closer);
    match past_closers.chars().next() {
        None => return true,
        Some(c) if c.is_whitespace() || c == '[' || c == '【' => {}
        Some(_) => return false, // "3.14", "v1.2", "example.com", "file.ts"
    }
    let next_word = past_closers
        .trim_start()
        .trim_start_matches(['[', '(', '"', '“', '\'']);
    let next_char = next_word.chars().next();
    if next_char.is_some_and(|c| c.is_lowercase()) {
        // "e.g. the", "approx. five", "... and then": not a new sentence.
        return false;
    }
    let run = &text[term..after];
    if run == "." {
        let word = preceding_word(text, sent_start, term);
        let lower = word.to_lowercase();
        if ABBREVIATIONS.contains(&lower.as_str()) {
            return false;
        }
        // Initials ("J. K. Rowling", "J.R.R. Tolkien", "B.J. Thomas"): single capital
        // letters, joined by periods or alone.
        if is_initials(word) {
            return false;
        }
    }
    true
}

/// Whether `word` (the word before a period, inner periods kept) is one initial or
/// several joined by periods: each part a single capital letter (`J`, `J.R.R`, `B.J`).
fn is_initials(word: &str) -> bool {
    word.split('.').all(|part| {
        let mut chars = part.chars();
        matches!((chars.next(), chars.next()), (Some(c), None) if c.is_uppercase())
    })
}

/// The word (letters, digits, inner periods) just before byte `term`.
fn preceding_word(text: &str, floor: usize, term: usize) -> &str {
    let before = &text[floor..term];
    let start = before
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '.'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    &before[start..]
}

/// Extends a sentence end over closing quotes/brackets and citation markers that follow
/// it (`"…." [1][2]`), so markers written after the full stop stay with their sentence.
fn absorb_trailing(text: &str, mut j: usize, end: usize) -> usize {
    loop {
        let rest = &text[j..end];
        if let Some(c) = rest.chars().next().filter(|&c| is_closer(c) && c != '[') {
            j += c.len_utf8();
            continue;
        }
        let ws = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let after_ws = &rest[ws..];
        if let Some(len) = marker_len(after_ws) {
            j += ws + len;
            continue;
        }
        return j;
    }
}

/// Length of a short bracketed marker (`[1]`, `[^2]`, `[source: 3]`, `【4】`,
/// `(Source 2)`) at the start of `s`.
fn marker_len(s: &str) -> Option<usize> {
    let (open, close) = match s.chars().next()? {
        '[' => ('[', ']'),
        '【' => ('【', '】'),
        '(' => ('(', ')'),
        _ => return None,
    };
    let inner_start = open.len_utf8();
    let close_at = s[inner_start..].find(close)? + inner_start;
    let inner = &s[inner_start..close_at];
    if inner.is_empty() || inner.len() > 64 || inner.contains('\n') {
        return None;
    }
    if open == '(' {
        let l = inner.trim_start().to_lowercase();
        if !(l.starts_with("source") || l.starts_with("doc") || l.starts_with("ref")) {
            return None;
        }
    }
    // Not a Markdown link.
    if text_after_is_link(&s[close_at + close.len_utf8()..]) {
        return None;
    }
    Some(close_at + close.len_utf8())
}

fn text_after_is_link(s: &str) -> bool {
    s.starts_with('(')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The character-by-character reading the byte-level one replaced.
    fn split_reference(
        text: &str,
        start: usize,
        end: usize,
        kind: SegmentKind,
        code: &CodeRegions,
        out: &mut Vec<Segment>,
    ) {
        let block = &text[start..end];
        let mut sent_start = start;
        let mut iter = block.char_indices().peekable();
        while let Some((rel, c)) = iter.next() {
            let i = start + rel;
            if code.contains(i) {
                continue;
            }
            let boundary_after = if is_cjk_terminator(c) {
                Some(i + c.len_utf8())
            } else if matches!(c, '.' | '!' | '?' | '…') {
                // Take a run of terminators ("?!", "...").
                let mut j = i + c.len_utf8();
                while let Some(&(r2, c2)) = iter.peek() {
                    if matches!(c2, '.' | '!' | '?' | '…') {
                        j = start + r2 + c2.len_utf8();
                        iter.next();
                    } else {
                        break;
                    }
                }
                ends_sentence(text, sent_start, i, j, end).then_some(j)
            } else {
                None
            };
            if let Some(mut j) = boundary_after {
                j = absorb_trailing(text, j, end);
                push_trimmed(text, sent_start, j, kind, out);
                sent_start = j;
                // Skip what was absorbed.
                while let Some(&(r2, _)) = iter.peek() {
                    if start + r2 < j {
                        iter.next();
                    } else {
                        break;
                    }
                }
            }
        }
        push_trimmed(text, sent_start, end, kind, out);
    }

    #[test]
    fn the_byte_reading_agrees_with_the_character_reading() {
        let texts = [
            "Dr. Smith arrived. He left! Did he? Yes... and then 3.14 was it. “Quoted.” Next.",
            "東京は大きい。大阪も！本当？はい｡ Done… Then more. e.g. this. J. K. Rowling wrote it.",
            "Code `a.b()` here. ```\nx = 1. y = 2.\n``` After. [1] Cited. (See note.) Ok?! Fine.",
            "😀 emoji. Zoë's café. naïve? Ünïcödé! 1. 2. a. b.",
            ".",
            "...",
            "",
            "Ends without a stop",
        ];
        for t in texts {
            let code = CodeRegions::find(t);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            split_sentences(t, 0, t.len(), SegmentKind::Sentence, &code, &mut a);
            split_reference(t, 0, t.len(), SegmentKind::Sentence, &code, &mut b);
            assert_eq!(a, b, "{t:?}");
            for (k, _) in t.char_indices() {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                split_sentences(t, k, t.len(), SegmentKind::Sentence, &code, &mut a);
                split_reference(t, k, t.len(), SegmentKind::Sentence, &code, &mut b);
                assert_eq!(a, b, "{:?}", &t[k..]);
            }
        }
    }

    fn texts(t: &str) -> Vec<&str> {
        segment(t).iter().map(|s| s.text(t)).collect()
    }

    #[test]
    fn basic_sentences() {
        assert_eq!(
            texts("Paris is the capital. It has 2.1 million people! Is it big?"),
            vec![
                "Paris is the capital.",
                "It has 2.1 million people!",
                "Is it big?"
            ]
        );
    }

    #[test]
    fn abbreviations_versions_urls() {
        assert_eq!(
            texts("Dr. Smith moved to the U.S. in 1990, e.g. for work. See https://x.org/a.b for v1.2.3 notes. Done."),
            vec![
                "Dr. Smith moved to the U.S. in 1990, e.g. for work.",
                "See https://x.org/a.b for v1.2.3 notes.",
                "Done."
            ]
        );
        assert_eq!(
            texts("J. K. Rowling wrote it."),
            vec!["J. K. Rowling wrote it."]
        );
        // Initials joined by periods stay with the name they open.
        assert_eq!(
            texts("J.R.R. Tolkien wrote it. B.J. Thomas sang it. W.E.B. Du Bois did."),
            vec![
                "J.R.R. Tolkien wrote it.",
                "B.J. Thomas sang it.",
                "W.E.B. Du Bois did."
            ]
        );
        // A word of capitals is not initials: the sentence ends there.
        assert_eq!(
            texts("It was built by IBM. The next year it sold."),
            vec!["It was built by IBM.", "The next year it sold."]
        );
        // A case name: `v.` is versus, not the end of a sentence about a `v`.
        assert_eq!(
            texts("New Jersey v. T.L.O. was decided in 1985. Roe v. Wade followed."),
            vec![
                "New Jersey v. T.L.O. was decided in 1985.",
                "Roe v. Wade followed."
            ]
        );
    }

    #[test]
    fn ellipsis() {
        assert_eq!(
            texts("It waited... and then left. Wait… What?"),
            vec!["It waited... and then left.", "Wait…", "What?"]
        );
    }

    #[test]
    fn markers_after_full_stop_stay() {
        assert_eq!(
            texts("Paris is big. [1][2] Lyon is smaller.【3】 Nice is warm [4]."),
            vec![
                "Paris is big. [1][2]",
                "Lyon is smaller.【3】",
                "Nice is warm [4]."
            ]
        );
    }

    #[test]
    fn markdown_blocks() {
        let t = "# Setup\n\nInstall it. Then run it.\n\n- First item. Second.\n- Other item\n\n```js\nx.y(); a. B\n```\n| a | b |\n|---|---|\n| 1 | 2 |\n> Quoted text here.";
        let segs = segment(t);
        let got: Vec<(&str, SegmentKind)> = segs.iter().map(|s| (s.text(t), s.kind)).collect();
        assert_eq!(
            got,
            vec![
                ("Setup", SegmentKind::Heading),
                ("Install it.", SegmentKind::Sentence),
                ("Then run it.", SegmentKind::Sentence),
                ("First item.", SegmentKind::ListItem),
                ("Second.", SegmentKind::ListItem),
                ("Other item", SegmentKind::ListItem),
                ("```js\nx.y(); a. B\n```", SegmentKind::CodeBlock),
                ("| a | b |", SegmentKind::TableRow),
                ("| 1 | 2 |", SegmentKind::TableRow),
                ("Quoted text here.", SegmentKind::Sentence),
            ]
        );
    }

    #[test]
    fn cjk_full_stops() {
        assert_eq!(
            texts("東京は日本の首都です。人口は多い【1】。Ok."),
            vec!["東京は日本の首都です。", "人口は多い【1】。", "Ok."]
        );
    }

    #[test]
    fn inline_code_periods_ignored() {
        assert_eq!(
            texts("Call `a. B` now. Next."),
            vec!["Call `a. B` now.", "Next."]
        );
    }

    #[test]
    fn empty_and_whitespace() {
        assert!(segment("").is_empty());
        assert!(segment(" \n\n\t ").is_empty());
    }
}
