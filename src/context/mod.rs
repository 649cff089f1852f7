//! The analysis of one answer that every check shares: computed once per report.

use std::cell::OnceCell;

pub mod scan;

use crate::text::{segment::segment_with, CodeRegions, Segment, Span, Utf16Map};
use scan::Locator;

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
    /// The paths and URLs of the answer, found on first use
    /// ([`crate::context::scan::locators`]): the citation, sources, lines and fields
    /// checks all read them.
    locators: OnceCell<Vec<Locator>>,
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
            locators: OnceCell::new(),
        }
    }

    /// The paths and URLs in the prose and inline code of the answer, computed once
    /// ([`crate::context::scan::locators`]).
    pub fn locators(&self) -> &[Locator] {
        self.locators
            .get_or_init(|| crate::context::scan::find_locators(self))
    }

    /// The UTF-16 span of the byte range `[start, end)` of the answer.
    pub fn span(&self, start: usize, end: usize) -> Span {
        self.utf16.span(start, end)
    }
}
