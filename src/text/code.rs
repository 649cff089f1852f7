//! Where the code is in a Markdown-ish answer: fenced blocks and inline code spans.
//!
//! Citation markers, sentence ends and the like inside code are not prose, so the
//! scanners ask [`CodeRegions::contains`] before treating a character as prose.

/// One region of code, in byte offsets of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeRegion {
    /// Byte offset of the first backtick or fence character.
    pub start: usize,
    /// Byte offset one past the closing backticks or the closing fence line.
    pub end: usize,
    /// True for a fenced block, false for an inline code span.
    pub fenced: bool,
    /// Byte range of the code itself, without fences or backticks.
    pub inner: (usize, usize),
    /// The info string of a fenced block (`rust` in ```` ```rust ````), empty otherwise.
    pub info: (usize, usize),
}

/// All code regions of a text, sorted by position and non-overlapping.
#[derive(Debug, Clone, Default)]
pub struct CodeRegions {
    regions: Vec<CodeRegion>,
}

impl CodeRegions {
    /// Finds the fenced blocks (```` ``` ```` or `~~~`, closed by the same fence or by the
    /// end of the text) and the inline code spans (a run of backticks closed by a run of
    /// the same length before a blank line).
    pub fn find(text: &str) -> Self {
        let bytes = text.as_bytes();
        // A fence is three backticks or tildes and a span opens with a backtick: most
        // texts (sources above all) have neither character.
        if !bytes.iter().any(|&b| b == b'`' || b == b'~') {
            return CodeRegions::default();
        }
        let mut fenced = Vec::new();
        let mut pos = 0;
        while pos < bytes.len() {
            let line_end = memchr_newline(bytes, pos);
            let line = &text[pos..line_end];
            if let Some((fence_char, fence_len, indent)) = fence_open(line) {
                let info_start = pos + indent + fence_len;
                let info_len = line[indent + fence_len..].trim().len();
                let info_start = info_start
                    + (line[indent + fence_len..].len()
                        - line[indent + fence_len..].trim_start().len());
                let inner_start = (line_end + 1).min(bytes.len());
                let mut cursor = inner_start;
                let (mut end, mut inner_end) = (bytes.len(), bytes.len());
                while cursor < bytes.len() {
                    let le = memchr_newline(bytes, cursor);
                    if fence_close(&text[cursor..le], fence_char, fence_len) {
                        inner_end = cursor;
                        end = le;
                        break;
                    }
                    cursor = le + 1;
                }
                fenced.push(CodeRegion {
                    start: pos,
                    end,
                    fenced: true,
                    inner: (inner_start.min(inner_end), inner_end),
                    info: (info_start, info_start + info_len),
                });
                pos = end + 1;
            } else {
                pos = line_end + 1;
            }
        }

        // Inline spans, outside the fenced blocks.
        let mut regions = Vec::with_capacity(fenced.len());
        let mut next_fence = 0;
        let mut i = 0;
        while i < bytes.len() {
            if let Some(f) = fenced.get(next_fence) {
                if i >= f.start {
                    i = f.end;
                    regions.push(*f);
                    next_fence += 1;
                    continue;
                }
            }
            if bytes[i] != b'`' {
                i += 1;
                continue;
            }
            let run = backtick_run(bytes, i);
            let limit = fenced.get(next_fence).map_or(bytes.len(), |f| f.start);
            match find_closing_run(&bytes[..limit], i + run, run) {
                Some(close) => {
                    regions.push(CodeRegion {
                        start: i,
                        end: close + run,
                        fenced: false,
                        inner: (i + run, close),
                        info: (i, i),
                    });
                    i = close + run;
                }
                None => i += run,
            }
        }
        regions.extend(fenced.into_iter().skip(next_fence));
        CodeRegions { regions }
    }

    /// True when byte offset `byte` lies inside a code region.
    pub fn contains(&self, byte: usize) -> bool {
        let idx = self.regions.partition_point(|r| r.start <= byte);
        idx > 0 && byte < self.regions[idx - 1].end
    }

    /// The region containing `byte`, if any.
    pub(crate) fn region_at(&self, byte: usize) -> Option<&CodeRegion> {
        let idx = self.regions.partition_point(|r| r.start <= byte);
        if idx > 0 && byte < self.regions[idx - 1].end {
            Some(&self.regions[idx - 1])
        } else {
            None
        }
    }

    /// True when any byte of `[start, end)` lies inside a code region.
    pub fn overlaps(&self, start: usize, end: usize) -> bool {
        self.regions.iter().any(|r| r.start < end && start < r.end)
    }

    /// All regions, in order.
    pub fn regions(&self) -> &[CodeRegion] {
        &self.regions
    }
}

/// Length of the run of backticks at byte `at` (0 when there is none).
pub(crate) fn backtick_run(bytes: &[u8], at: usize) -> usize {
    bytes
        .get(at..)
        .map_or(0, |b| b.iter().take_while(|&&b| b == b'`').count())
}

fn memchr_newline(bytes: &[u8], from: usize) -> usize {
    bytes[from.min(bytes.len())..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| from + p)
}

/// `Some((char, run length, indent))` when `line` opens a fenced code block.
fn fence_open(line: &str) -> Option<(u8, usize, usize)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    if indent > 3 {
        return None;
    }
    let rest = &line.as_bytes()[indent..];
    let c = *rest.first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let run = rest.iter().take_while(|&&b| b == c).count();
    if run < 3 {
        return None;
    }
    // A backtick fence's info string may not contain backticks.
    if c == b'`' && rest[run..].contains(&b'`') {
        return None;
    }
    Some((c, run, indent))
}

fn fence_close(line: &str, c: u8, len: usize) -> bool {
    let t = line.trim();
    let b = t.as_bytes();
    b.len() >= len && b.iter().all(|&x| x == c)
}

fn find_closing_run(bytes: &[u8], from: usize, run: usize) -> Option<usize> {
    let mut j = from;
    while j < bytes.len() {
        match bytes[j] {
            b'`' => {
                let r = backtick_run(bytes, j);
                if r == run {
                    return Some(j);
                }
                j += r;
            }
            b'\n' => {
                // A blank line ends the paragraph: no closing run across it.
                let rest = &bytes[j + 1..];
                let next_nl = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                if rest[..next_nl].iter().all(|b| b.is_ascii_whitespace()) {
                    return None;
                }
                j += 1;
            }
            _ => j += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fenced_and_inline() {
        let t = "Use `arr[1]` here.\n```rust\nlet x = a[2];\n```\nDone [3].";
        let c = CodeRegions::find(t);
        assert_eq!(c.regions().len(), 2);
        assert!(c.contains(t.find("arr").unwrap()));
        assert!(c.contains(t.find("a[2]").unwrap()));
        assert!(!c.contains(t.find("[3]").unwrap()));
        let f = c.regions()[1];
        assert_eq!(&t[f.inner.0..f.inner.1], "let x = a[2];\n");
        assert_eq!(&t[f.info.0..f.info.1], "rust");
    }

    #[test]
    fn unclosed_backtick_is_not_code() {
        let c = CodeRegions::find("a ` b [1]");
        assert!(c.regions().is_empty());
    }

    #[test]
    fn unclosed_fence_runs_to_end() {
        let t = "x\n```\ncode [1]";
        let c = CodeRegions::find(t);
        assert!(c.contains(t.len() - 1));
    }

    #[test]
    fn double_backticks() {
        let t = "``a ` b`` [1]";
        let c = CodeRegions::find(t);
        assert_eq!(c.regions().len(), 1);
        assert!(!c.contains(t.find("[1]").unwrap()));
    }
}
