//! Text primitives shared by every check: UTF-16 spans, code regions, sentence
//! segmentation and word tokens.

pub mod code;
pub mod segment;
pub mod utf16;
pub mod words;

pub use code::{CodeRegion, CodeRegions};
pub use segment::{segment, Segment, SegmentKind};
pub use utf16::{slice_utf16, utf16_len, Span, Utf16Map};
