//! Streaming validation: the same checks on an answer that is still arriving, sentence
//! by sentence, with verdicts that never change once emitted.
//!
//! [`StreamingValidator::push`] appends a piece of the answer and returns one
//! [`StreamEvent`] for every segment (sentence, list item, heading, table row, code block)
//! that became *complete*: a segment that no later text can change, in its text, its span
//! or its findings. [`StreamingValidator::finish`] returns exactly what
//! [`Validator::check`] returns for the whole answer.
//!
//! # When a segment is complete
//!
//! The buffered text is re-segmented on every push while it is short ([`EAGER_BYTES`]);
//! past that, once it has grown by a 32nd of its length since the last look
//! ([`LOOK_SHARE`]), so that the work of a whole stream stays linear in the answer's
//! length (see [`StreamWork`]) and an event comes at most a 32nd of the answer late. A segment is
//! complete when it is followed by the start of another segment whose first characters are
//! there (a sentence may still grow: `3.` → `3.14`, `Dr.` → `Dr. Smith`, `… 2020.` →
//! `… 2020. [1]`), or by a blank line, and nothing before its end is still open: an
//! unclosed fenced code block, a backtick run that a later one could close, a quotation
//! mark that a later one could close, a `[` whose `]` has not arrived (a Markdown link
//! would swallow what is between). Segments are emitted in order; the first one that is
//! not complete holds back the ones after it. Two kinds wait for what follows them: a
//! code block (its snippet check may borrow the next sentence's citations) and a
//! segment with a line reference (`lines 10–20`, checked against code shown after it).
//!
//! # Which checks stream
//!
//! Streamed with their segment (each appears identically in the final report): citation
//! markers out of range and named sources not retrieved, a factual sentence without a
//! citation, phantom paths / URLs / titles / ids, snippets (quotes and code inside the
//! segment), line references, unverified fields, claims with their support, evidence and
//! `UNSUPPORTED_CLAIM` / `CONTRADICTION` (against the evidence, and against an earlier
//! claim: the warning sits on the later claim, so a later sentence never changes it), and a
//! stale source at the first segment that uses it.
//!
//! Final only ([`StreamingValidator::finish`]): findings about the whole answer (too few
//! citations, sources never cited, a stale source the answer never uses), findings whose
//! span crosses segments (a quotation running over two sentences, a Markdown block quote,
//! whose span includes its `>`), and everything aggregate: confidence, level, decision,
//! recommendation, reasons, summaries, hallucination rate, correction prompt.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::citation::MAX_INNER;
use crate::claims::{Claim, ClaimKind, ClaimMemo, PreparedSet};
use crate::context::AnswerContext;
use crate::error::{Error, ErrorCode, Result};
use crate::evidence::quotes::{opens_quote, quotes, QUOTE_REACH};
use crate::input::CheckInput;
use crate::report::{Report, Warning};
use crate::source::Source;
use crate::text::code::backtick_run;
use crate::text::{utf16_len, Segment, SegmentKind, Span};
use crate::validator::Validator;

/// One complete segment of the streamed answer and what the checks found in it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct StreamEvent {
    /// The segment.
    pub segment: StreamSegment,
    /// The claims inside the segment, as the final report will have them.
    pub claims: Vec<Claim>,
    /// The findings inside the segment, as the final report will have them.
    pub warnings: Vec<Warning>,
}

/// A segment of the answer: a sentence, list item, heading, table row or code block.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(schemars::JsonSchema))]
pub struct StreamSegment {
    /// Position among the answer's segments (0-based).
    pub index: usize,
    /// The segment's text (trimmed).
    pub text: String,
    /// Where it is in the whole answer (UTF-16 code units).
    pub span: Span,
    /// `sentence`, `listItem`, `heading`, `codeBlock` or `tableRow`.
    #[serde(serialize_with = "kind_name")]
    pub kind: SegmentKind,
}

fn kind_name<S: serde::Serializer>(
    kind: &SegmentKind,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(match kind {
        SegmentKind::Sentence => "sentence",
        SegmentKind::ListItem => "listItem",
        SegmentKind::Heading => "heading",
        SegmentKind::CodeBlock => "codeBlock",
        SegmentKind::TableRow => "tableRow",
    })
}

/// Validates an answer while it streams in. See the [module documentation](self).
#[derive(Debug, Clone)]
pub struct StreamingValidator {
    validator: Validator,
    /// The question, sources and checksums; `answer` is the text received so far.
    input: CheckInput,
    /// How many segments (from the start) have been emitted.
    emitted: usize,
    /// The sources prepared for claim matching, once for the whole stream.
    prepared: PreparedSet,
    /// The claims of the previous check, reused while they stay as they were.
    memo: ClaimMemo,
    /// Pushes received and checks run (see [`StreamingValidator::work`]).
    pushes: u64,
    checks: u64,
    /// The answer's length in UTF-16 code units (kept, not recounted per push).
    units: usize,
    /// The answer's length in bytes when the stream last looked for complete segments.
    looked_at: usize,
    /// Bytes of answer text re-read by those looks, and by the checks they ran.
    scanned_bytes: u64,
    checked_bytes: u64,
}

/// While the answer is at most this long (bytes), every push looks for complete segments.
pub const EAGER_BYTES: usize = 4096;

/// Past [`EAGER_BYTES`], the stream looks again once the answer has grown by this share of
/// its length since it last looked (1/32): each look re-reads the whole answer, so looks
/// at lengths growing geometrically cost at most about 33 times the answer's length in
/// total, and a segment's event comes at most a 32nd of the answer late.
pub const LOOK_SHARE: usize = 32;

/// Counters of a stream's work (see [`StreamingValidator::work`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StreamWork {
    /// Calls of `push` that appended text.
    pub pushes: u64,
    /// Checks of the answer so far (one per push that completed segments).
    pub checks: u64,
    /// Claims matched against the sources (new or changed since the previous check).
    pub claims_matched: u64,
    /// Claims whose assessment was reused from the previous check.
    pub claims_reused: u64,
    /// Bytes of answer text re-read to find complete segments (each look reads the whole
    /// answer so far): at most about `EAGER_BYTES × pushes` while the answer is short,
    /// plus `(LOOK_SHARE + 1) ×` its final length (see [`LOOK_SHARE`]).
    pub scanned_bytes: u64,
    /// Bytes of answer text checked (each check reads the whole answer so far); never
    /// more than [`StreamWork::scanned_bytes`].
    pub checked_bytes: u64,
}

impl StreamingValidator {
    /// Starts a stream for `question` over `sources`. `checksums` maps a source id to the
    /// checksum the caller expects (as in [`CheckInput::checksums`]).
    ///
    /// # Errors
    /// The input errors of [`Validator::check`] that do not concern the answer: an empty
    /// or too long question, too many sources, a duplicate id, a too long source.
    pub fn new(
        validator: Validator,
        question: impl Into<String>,
        sources: Vec<Source>,
        checksums: BTreeMap<String, String>,
    ) -> Result<Self> {
        let input = CheckInput {
            question: question.into(),
            answer: String::new(),
            sources,
            checksums,
            critic: None,
        };
        input.validate(&validator.config().limits)?;
        let prepared = validator.prepare(&input.sources);
        Ok(StreamingValidator {
            validator,
            input,
            emitted: 0,
            prepared,
            memo: ClaimMemo::default(),
            pushes: 0,
            checks: 0,
            units: 0,
            looked_at: 0,
            scanned_bytes: 0,
            checked_bytes: 0,
        })
    }

    /// The answer received so far.
    pub fn text(&self) -> &str {
        &self.input.answer
    }

    /// The work done so far, for tests and budgets: checks run, claims matched and
    /// claims whose previous assessment was reused.
    pub fn work(&self) -> StreamWork {
        let (reused, matched) = self.memo.stats();
        StreamWork {
            pushes: self.pushes,
            checks: self.checks,
            claims_matched: matched,
            claims_reused: reused,
            scanned_bytes: self.scanned_bytes,
            checked_bytes: self.checked_bytes,
        }
    }

    /// How many segments have been emitted so far.
    pub fn emitted_segments(&self) -> usize {
        self.emitted
    }

    /// Appends `delta` to the answer and returns the events of the segments it completed,
    /// in order (often none, sometimes several).
    ///
    /// # Errors
    /// `TOO_LONG` naming `answer` when the answer would exceed
    /// `config.limits.maxAnswerLength`; the delta is then not appended.
    pub fn push(&mut self, delta: &str) -> Result<Vec<StreamEvent>> {
        let max = self.validator.config().limits.max_answer_length;
        let len = self.units.saturating_add(utf16_len(delta));
        if len > max {
            return Err(Error::field(
                ErrorCode::TooLong,
                "answer",
                format!("answer would be {len} characters long; at most {max} allowed"),
            ));
        }
        self.input.answer.push_str(delta);
        self.units = len;
        self.pushes += 1;
        // Past EAGER_BYTES, look again only once the answer has grown by LOOK_SHARE of
        // its length: the events of segments completed meanwhile come with that look.
        let bytes = self.input.answer.len();
        if bytes > EAGER_BYTES && bytes - self.looked_at < bytes / LOOK_SHARE {
            return Ok(Vec::new());
        }
        self.looked_at = bytes;
        self.scanned_bytes += bytes as u64;
        self.complete_segments()
    }

    /// Checks the whole answer received so far: exactly [`Validator::check`] on it. It
    /// agrees with every event emitted. Further pushes may follow (the stream goes on).
    ///
    /// # Errors
    /// None in practice (the input was checked when it came in); the errors of
    /// [`Validator::check`].
    pub fn finish(&self) -> Result<Report> {
        self.validator
            .check_prepared(&self.input, &self.prepared, Some(&self.memo))
    }

    fn complete_segments(&mut self) -> Result<Vec<StreamEvent>> {
        let text = self.input.answer.as_str();
        let ctx = AnswerContext::new(text);
        if self.emitted >= ctx.segments.len() {
            return Ok(Vec::new());
        }
        let cutoff = settled_limit(text, &ctx);
        let upto = self.settled_upto(text, &ctx, cutoff);
        if upto == self.emitted {
            return Ok(Vec::new());
        }
        self.checks += 1;
        self.checked_bytes += text.len() as u64;
        let report =
            self.validator
                .check_prepared(&self.input, &self.prepared, Some(&self.memo))?;
        if may_be_read_with_question(&report, &ctx, upto) || may_stand_in(&report, &ctx, upto) {
            return Ok(Vec::new());
        }
        let events = self.events(text, &ctx, &report, upto, cutoff);
        self.emitted += events.len();
        Ok(events)
    }

    /// How many segments are settled and may be reported: those before `cutoff`, less a
    /// code block or block quote that is the last of them (its snippet may be checked
    /// against the next segment's citations, so it waits for that segment).
    fn settled_upto(&self, text: &str, ctx: &AnswerContext<'_>, cutoff: usize) -> usize {
        let segs = &ctx.segments;
        let mut ready = self.emitted;
        while ready < segs.len() && segment_settled(text, segs, ready, cutoff) {
            ready += 1;
        }
        let mut upto = self.emitted;
        while upto < ready {
            let seg = &segs[upto];
            let borrows = seg.kind == SegmentKind::CodeBlock || touches_block_quote(text, seg);
            if borrows && upto + 1 >= ready {
                break;
            }
            upto += 1;
        }
        upto
    }

    /// The events of the settled segments not yet reported (from the first whose line
    /// reference still waits for its code, none), each with its claims and findings.
    fn events(
        &self,
        text: &str,
        ctx: &AnswerContext<'_>,
        report: &Report,
        upto: usize,
        cutoff: usize,
    ) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        for (index, seg) in ctx
            .segments
            .iter()
            .enumerate()
            .take(upto)
            .skip(self.emitted)
        {
            let span = ctx.span(seg.start, seg.end);
            if line_reference_pending(text, ctx, report, span, cutoff) {
                break;
            }
            let inside = |s: &Span| span.start <= s.start && s.end <= span.end;
            events.push(StreamEvent {
                segment: StreamSegment {
                    index,
                    text: seg.text(text).to_string(),
                    span,
                    kind: seg.kind,
                },
                claims: report
                    .claims
                    .iter()
                    .filter(|c| inside(&c.span))
                    .cloned()
                    .collect(),
                warnings: report
                    .warnings
                    .iter()
                    .filter(|w| w.span.as_ref().is_some_and(inside))
                    .cloned()
                    .collect(),
            });
        }
        events
    }
}

/// Whether segment `k` can no longer change, given that nothing from byte `cutoff` on is
/// settled.
fn segment_settled(text: &str, segs: &[Segment], k: usize, cutoff: usize) -> bool {
    let Some(seg) = segs.get(k) else {
        return false;
    };
    if seg.end > cutoff {
        return false;
    }
    if k + 1 < segs.len() {
        lookahead_end(text, seg.end).is_some_and(|e| e <= cutoff)
    } else {
        last_segment_closed(text, seg)
    }
}

/// How far past a segment ending at `end` the segmenter looks to decide that it ends
/// there: the first character of the next word past opening brackets and quotes, and a
/// bracketed citation marker written after the full stop with the character after it.
/// `None` when that text has not arrived yet.
fn lookahead_end(text: &str, end: usize) -> Option<usize> {
    let rest = text.get(end..)?;
    let t = rest.trim_start();
    let t_at = end + (rest.len() - t.len());
    let word = t.trim_start_matches(['[', '(', '"', '“', '\'']);
    let first = word.chars().next()?;
    let mut need = t_at + (t.len() - word.len()) + first.len_utf8();
    let after_ws = rest.trim_start_matches([' ', '\t']);
    let open_at = end + (rest.len() - after_ws.len());
    let close = match after_ws.chars().next() {
        Some('[') => Some(('[', ']')),
        Some('【') => Some(('【', '】')),
        Some('(') => Some(('(', ')')),
        _ => None,
    };
    if let Some((open, close)) = close {
        let inner = &after_ws[open.len_utf8()..];
        // Bounded: a marker's inside is at most 64 bytes.
        let window = inner
            .char_indices()
            .take_while(|&(p, _)| p <= 66)
            .last()
            .map_or(0, |(p, c)| p + c.len_utf8());
        match inner[..window].find(close) {
            Some(p) => {
                let after_close = open_at + open.len_utf8() + p + close.len_utf8();
                // Whether a Markdown link follows (`[1](url)`) needs the next character.
                let next = text.get(after_close..)?.chars().next()?;
                need = need.max(after_close + next.len_utf8());
            }
            // Never a marker: too long, or over a line break.
            None if window > 64 || inner[..window].contains('\n') => {}
            None => return None,
        }
    }
    Some(need)
}

/// The last segment is complete when a blank line follows it, or when it is a heading,
/// table row or closed code block whose line has ended.
fn last_segment_closed(text: &str, seg: &Segment) -> bool {
    let rest = text.get(seg.end..).unwrap_or_default();
    let after_line = rest
        .trim_start_matches([' ', '\t', '\r'])
        .strip_prefix('\n');
    let Some(after_line) = after_line else {
        return false;
    };
    match seg.kind {
        SegmentKind::Heading | SegmentKind::TableRow | SegmentKind::CodeBlock => true,
        SegmentKind::Sentence | SegmentKind::ListItem => after_line
            .trim_start_matches([' ', '\t', '\r', '\x0c'])
            .starts_with('\n'),
    }
}

/// A lone short answer is read with its question: that reading holds only while it stays
/// the answer's only claim, so its segment waits for more text or `finish`. The reading
/// depends on the whole answer, and the unfinished tail can hold a claim that later
/// vanishes (a link definition whose URL is still arriving): so while the settled
/// segments (the first `upto`) hold a single short claim, it may yet be the answer's only
/// claim, and it waits too.
fn may_be_read_with_question(report: &Report, ctx: &AnswerContext<'_>, upto: usize) -> bool {
    // (A bare phrase that opens a longer answer is read with the question too, and keeps
    // that reading whatever follows: only a lone claim's may change.)
    let lone_phrase = matches!(report.claims.as_slice(), [only] if only
        .reasons
        .iter()
        .any(|r| r == crate::claims::READ_WITH_QUESTION));
    let settled_end = settled_end(ctx, upto);
    let settled: Vec<&crate::claims::Claim> = report
        .claims
        .iter()
        .filter(|c| c.span.end <= settled_end)
        .collect();
    let may_be_lone = matches!(settled.as_slice(), [only]
        if crate::text::words::words(&only.text).len() <= crate::claims::PHRASE_WORDS);
    lone_phrase || may_be_lone
}

/// Where the first `upto` segments end, in UTF-16 code units (0 for none).
fn settled_end(ctx: &AnswerContext<'_>, upto: usize) -> usize {
    ctx.segments
        .get(upto.saturating_sub(1))
        .map_or(0, |seg| ctx.span(seg.start, seg.end).end)
}

/// True while the settled segments hold no fact, inference or refusal but the answer holds
/// an opinion or a piece of advice. Such claims are checked only while the whole answer
/// states no fact (they stand in for the facts it lacks), so a fact still to come would
/// make them `notChecked` and drop their findings: they wait for the first settled fact
/// or refusal, or for `finish`. (Found by the `stream` fuzz target: `I cannot.` was
/// streamed as unsupported, and the fact after it unchecked it in the final report.) An
/// elliptical reply (`No, I haven't.`) is such a claim too: checked as a fact while the
/// answer states no other, read as the opinions are once one arrives, so it decides
/// nothing and waits with them. (Found by the same target: a list item of reply words
/// alone was streamed as unsupported before the fact after it.)
fn may_stand_in(report: &Report, ctx: &AnswerContext<'_>, upto: usize) -> bool {
    let settled_end = settled_end(ctx, upto);
    let elliptical = |c: &crate::claims::Claim| {
        c.kind == ClaimKind::Fact && crate::claims::elliptical_reply(&c.text)
    };
    let decided = report.claims.iter().any(|c| {
        c.span.end <= settled_end
            && ((c.kind.is_checked() && !elliptical(c)) || c.kind == ClaimKind::Abstention)
    });
    !decided
        && report
            .claims
            .iter()
            .any(|c| (!c.kind.is_checked() && c.kind != ClaimKind::Abstention) || elliptical(c))
}

/// The byte offset from which the text is not settled: the start of the first construct
/// that later text could still change (an unclosed fence, an inline code span or backtick
/// run on the last line or one a later run could close, a quotation a later mark could
/// close, a `[` on the last line whose marker or link is not decided yet).
fn settled_limit(text: &str, ctx: &AnswerContext<'_>) -> usize {
    let len = text.len();
    let bytes = text.as_bytes();
    let tail = text.rfind('\n').map_or(0, |p| p + 1);
    let mut cut = len;

    // Code regions: a fence without its closing line; inline code reaching the last line
    // (its closing run could grow, or the line become a fence).
    let mut fences = Vec::new();
    for r in ctx.code.regions() {
        let open = if r.fenced { r.end >= len } else { r.end > tail };
        if open {
            cut = cut.min(r.start);
        }
        if r.fenced && r.start < tail {
            fences.push(r.start);
        }
    }

    // Backtick runs outside code: a later run of the same length closes one unless a
    // complete blank line or a fence comes first.
    let blanks = complete_blank_lines(bytes);
    let mut i = 0;
    while i < len {
        if let Some(r) = ctx.code.region_at(i) {
            i = r.end.max(i + 1);
            continue;
        }
        let run = backtick_run(bytes, i);
        if run == 0 {
            i += 1;
            continue;
        }
        let end = i + run;
        let blank = blanks.get(blanks.partition_point(|&b| b < end)).copied();
        let fence = fences.get(fences.partition_point(|&f| f <= i)).copied();
        if end >= len || (blank.is_none() && fence.is_none()) {
            cut = cut.min(i);
        }
        i = end;
    }

    cut = cut.min(brackets_limit(text, ctx, tail));
    // A quotation settles only when its closing mark does: iterate to the fixed point.
    loop {
        let next = quotes_limit(text, ctx, cut);
        if next == cut {
            return cut;
        }
        cut = next;
    }
}

/// How far past a `[` the stream looks for its `]`: the marker scanner's reach (at most
/// [`MAX_INNER`] bytes inside, then the `]`: 97 bytes) and a margin of 4 bytes (101). A
/// `]` within the scanner's reach decides the reading; one in the margin cannot make a
/// marker, so waiting on it only delays settling, never settles too early. The margin
/// is kept so that the stream settles exactly where it did (a `]` 98 to 101 bytes on, or
/// a last line of 97 to 100 bytes after the `[`, still waits).
const BRACKET_REACH: usize = MAX_INNER + 1 + 4;

/// How far past an opening quotation mark settled text must reach before a closing mark
/// is ruled out: the quotation scanner's reach ([`QUOTE_REACH`]; it still looks at the
/// first character past it, and that character's next one) and a margin of 100 bytes.
const QUOTE_SETTLED: usize = QUOTE_REACH + 100;

/// A `[` on the last line: its `]` (within [`BRACKET_REACH`]) and what follows it decide
/// between a citation, a link that swallows the text inside, and indexing.
fn brackets_limit(text: &str, ctx: &AnswerContext<'_>, tail: usize) -> usize {
    let mut cut = text.len();
    for (off, c) in text[tail..].char_indices() {
        let i = tail + off;
        if c != '[' || ctx.code.contains(i) {
            continue;
        }
        let rest = &text[i + 1..];
        // Bounded: the marker scanner looks at most `MAX_INNER + 1` bytes on.
        match rest.bytes().take(BRACKET_REACH).position(|b| b == b']') {
            Some(p) => {
                let after = rest[p + 1..].trim_start_matches(' ');
                if after.chars().nth(2).is_none() {
                    cut = cut.min(i);
                }
            }
            None if rest.len() >= BRACKET_REACH => {}
            None => cut = cut.min(i),
        }
    }
    cut
}

/// Quotation marks: an opening mark that found no closing one yet, unless a blank line or
/// the reach of the quotation scanner ([`QUOTE_SETTLED`]) already rules one out; a quotation whose
/// closing mark is at or past `cut` (in code that may change) or is a ’ at the very end (a
/// letter after it would make it an apostrophe).
fn quotes_limit(text: &str, ctx: &AnswerContext<'_>, mut cut: usize) -> usize {
    let len = text.len();
    let found = quotes(ctx);
    let quote_breaks = quote_blank_lines(text);
    let mut next_quote = 0;
    let mut prev: Option<char> = None;
    let mut resume = 0;
    for (i, c) in text.char_indices() {
        if i < resume {
            prev = Some(c);
            continue;
        }
        let Some(close) = opens_quote(ctx, i, c, prev) else {
            prev = Some(c);
            continue;
        };
        while found.get(next_quote).is_some_and(|q| q.outer.0 < i) {
            next_quote += 1;
        }
        match found.get(next_quote).filter(|q| q.outer.0 == i) {
            Some(q) => {
                resume = q.outer.1;
                prev = Some(close);
                if q.inner.1 >= cut || (close == '’' && q.outer.1 >= len) {
                    cut = cut.min(i);
                }
            }
            None => {
                prev = Some(c);
                let inner = i + c.len_utf8();
                // Ruled out only by settled text: a closing mark in code that may still
                // change could otherwise appear before the blank line.
                let ruled_out = quote_breaks
                    .get(quote_breaks.partition_point(|&b| b < inner))
                    .is_some_and(|&b| b < cut)
                    || inner + QUOTE_SETTLED < cut;
                if !ruled_out {
                    cut = cut.min(i);
                }
            }
        }
    }

    cut
}

/// Offsets of the line breaks that start a complete blank line (ASCII whitespace only,
/// ended by its own line break): what ends an inline code span's reach.
fn complete_blank_lines(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'\n' && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            if j < bytes.len() && bytes[j] == b'\n' {
                out.push(i);
            }
        }
        i += 1;
    }
    out
}

/// Offsets of the first line break of each pair of line breaks with only whitespace
/// between them: where the quotation scanner stops looking for a closing mark.
fn quote_blank_lines(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut last_newline: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if c == '\n' {
            if let Some(p) = last_newline {
                out.push(p);
            }
            last_newline = Some(i);
        } else if !c.is_whitespace() {
            last_newline = None;
        }
    }
    out
}

/// True when the segment at `span` holds a line reference in range whose code check is
/// not decided yet: the code shown after it (a fenced block up to two line breaks on, or
/// inline code on the same line) may still arrive.
fn line_reference_pending(
    text: &str,
    ctx: &AnswerContext<'_>,
    report: &Report,
    span: Span,
    cutoff: usize,
) -> bool {
    let tail = text.rfind('\n').map_or(0, |p| p + 1);
    let horizon = cutoff.min(tail);
    report
        .lines
        .items
        .iter()
        .filter(|l| span.start <= l.span.start && l.span.end <= span.end && l.in_range)
        .any(|l| {
            let end = byte_offset(text, l.span.end);
            let next = ctx.code.regions().iter().find(|r| r.start >= end);
            if next.is_some_and(|r| r.start < horizon) {
                return false;
            }
            let gap = text.get(end..horizon.max(end)).unwrap_or_default();
            !(gap.contains("\n\n") || gap.matches('\n').count() > 2)
        })
}

/// True when a line that the segment starts or spans begins a Markdown block quote (`>`).
fn touches_block_quote(text: &str, seg: &Segment) -> bool {
    let line_start = text
        .get(..seg.start)
        .and_then(|t| t.rfind('\n'))
        .map_or(0, |p| p + 1);
    text.get(line_start..seg.end)
        .unwrap_or_default()
        .split('\n')
        .any(|line| {
            let body = line.trim_start_matches(' ');
            line.len() - body.len() <= 3 && body.starts_with('>')
        })
}

/// The byte offset of UTF-16 offset `unit` in `text` (clamped to the end).
fn byte_offset(text: &str, unit: usize) -> usize {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units >= unit {
            return i;
        }
        units += c.len_utf16();
    }
    text.len()
}
