//! The analysis of one answer that every check shares: computed once per report.

use crate::text::{segment::segment_with, CodeRegions, Segment, Span, Utf16Map};

/// An answer with its code regions, segments and UTF-16 table.
#[derive(Debug, Clone)]
pub struct AnswerContext<'a> {
    /// The answer text.
    pub text: &'a str,
    /// Byte → UTF-16 conversion for the answer.
    pub utf16: Utf16Map,
    /// Fenced blocks and inline code spans of the answer.
    pub code: CodeRegions,
    /// Sentences, list items, headings, code blocks and table rows, in order.
    pub segments: Vec<Segment>,
}

impl<'a> AnswerContext<'a> {
    /// Analyses `text`.
    pub fn new(text: &'a str) -> Self {
        let code = CodeRegions::find(text);
        let segments = segment_with(text, &code);
        AnswerContext {
            text,
            utf16: Utf16Map::new(text),
            code,
            segments,
        }
    }

    /// The UTF-16 span of the byte range `[start, end)` of the answer.
    pub fn span(&self, start: usize, end: usize) -> Span {
        self.utf16.span(start, end)
    }
}
