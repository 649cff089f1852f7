#![cfg(not(target_arch = "wasm32"))]
//! The compact folding table (`src/evidence/fold_table.rs`) against the crate it replaces:
//! `unicode-normalization`'s NFKD (a dev-dependency kept for these tests only).
//!
//! - the committed table is exactly what the generator below writes from the crate's data
//!   (regenerate with `GROUNDCHECK_WRITE_FOLD_TABLE=1 cargo test --test folding`);
//! - `fold_char` gives the same characters as the old NFKD path for every Unicode scalar
//!   value;
//! - `Folded::new` and `fold_str` agree with the old path on a corpus of accented,
//!   fullwidth, ligature, superscript, CJK, Hangul, emoji and combining-mark text (the
//!   snippet stages see text only through them).
#![allow(clippy::disallowed_methods)] // the generator reads and writes the table file

use std::fmt::Write as _;

use groundcheck::evidence::normalize::{fold_char, fold_str, is_space, Folded};
use unicode_normalization::char::decompose_compatible;

const TABLE: &str = "src/evidence/fold_table.rs";

/// Entries per block of the table (each block is decoded from its start).
const BLOCK: usize = 32;

/// The old folding of one character (src/evidence/normalize.rs before the table).
fn old_fold_char(c: char, mut emit: impl FnMut(char)) {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '`' | '\u{00B4}' => {
            emit('\'')
        }
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' | '\u{00AB}'
        | '\u{00BB}' | '\u{300C}' | '\u{300D}' | '\u{300E}' | '\u{300F}' => emit('"'),
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' | '\u{FF0D}' => emit('-'),
        '\u{2026}' => {
            emit('.');
            emit('.');
            emit('.');
        }
        '\u{00AD}' | '\u{200C}' | '\u{200D}' => {}
        _ if c.is_ascii() => emit(c.to_ascii_lowercase()),
        _ => decompose_compatible(c, |d| {
            if is_space(d) {
                emit(' ');
            } else {
                for l in d.to_lowercase() {
                    emit(l);
                }
            }
        }),
    }
}

/// The old `Folded::new` (same loop, old per-char folding).
fn old_folded(text: &str) -> (Vec<char>, Vec<(usize, usize)>) {
    let mut chars = Vec::new();
    let mut origin = Vec::new();
    let mut pending_space: Option<(usize, usize)> = None;
    for (i, c) in text.char_indices() {
        let range = (i, i + c.len_utf8());
        if is_space(c) {
            if pending_space.is_none() {
                pending_space = Some(range);
            }
            continue;
        }
        if let Some(sp) = pending_space.take() {
            if !chars.is_empty() {
                chars.push(' ');
                origin.push(sp);
            }
        }
        old_fold_char(c, |f| {
            chars.push(f);
            origin.push(range);
        });
    }
    (chars, origin)
}

fn is_hangul_syllable(cp: u32) -> bool {
    (0xAC00..=0xD7A3).contains(&cp)
}

/// Writes the table: every scalar value whose NFKD differs from itself (Hangul syllables
/// aside: they decompose by formula), sorted, as a byte stream in blocks of [`BLOCK`]
/// entries. Per entry: the code point as a LEB128 delta from the previous entry's (absent
/// for a block's first entry, which `STARTS` holds), the length of its decomposition, then
/// each character as a zigzag LEB128 delta from the character at the same place in the
/// previous entry (or from the previous character of this one, or from the code point).
fn generate() -> String {
    fn leb(out: &mut Vec<u8>, mut v: u32) {
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                out.push(b);
                return;
            }
            out.push(b | 0x80);
        }
    }
    fn zigzag(d: i64) -> u32 {
        ((d << 1) ^ (d >> 63)) as u32
    }
    let mut entries: Vec<(u32, Vec<u32>)> = Vec::new();
    for cp in 0u32..=0x10FFFF {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        if is_hangul_syllable(cp) {
            continue;
        }
        let mut d = Vec::new();
        decompose_compatible(c, |x| d.push(x as u32));
        if d != [cp] {
            entries.push((cp, d));
        }
    }
    let max_len = entries.iter().map(|(_, d)| d.len()).max().unwrap_or(0);
    let mut data = Vec::new();
    let mut starts = Vec::new();
    let mut offsets = Vec::new();
    let mut pages = vec![0u8; 0x110000 / 256 / 8];
    for chunk in entries.chunks(BLOCK) {
        starts.push(chunk[0].0);
        offsets.push(data.len());
        let mut prev_cp = chunk[0].0;
        let mut prev: &[u32] = &[];
        for (k, (cp, d)) in chunk.iter().enumerate() {
            if k > 0 {
                leb(&mut data, cp - prev_cp);
            }
            prev_cp = *cp;
            data.push(d.len() as u8);
            for (i, &x) in d.iter().enumerate() {
                let base = match (prev.get(i), i) {
                    (Some(&p), _) => p,
                    (None, 0) => *cp,
                    (None, _) => d[i - 1],
                };
                leb(&mut data, zigzag(i64::from(x) - i64::from(base)));
            }
            prev = d;
            let page = (*cp >> 8) as usize;
            pages[page / 8] |= 1 << (page % 8);
        }
    }
    assert!(data.len() < 1 << 16, "offsets are u16");
    let mut s = String::new();
    let _ = writeln!(
        s,
        "//! Generated by tests/folding.rs from unicode-normalization's NFKD data; do not edit."
    );
    let _ = writeln!(
        s,
        "//! Regenerate: `GROUNDCHECK_WRITE_FOLD_TABLE=1 cargo test --test folding`."
    );
    let _ = writeln!(
        s,
        "//! {} entries (Hangul syllables decompose by formula and are not listed).",
        entries.len()
    );
    let _ = writeln!(s);
    let _ = writeln!(s, "/// Entries per block.");
    let _ = writeln!(s, "pub(super) const BLOCK: usize = {BLOCK};");
    let _ = writeln!(s, "/// Longest decomposition.");
    let _ = writeln!(s, "pub(super) const MAX_LEN: usize = {max_len};");
    let list = |s: &mut String, name: &str, ty: &str, doc: &str, items: &[String]| {
        let _ = writeln!(s, "/// {doc}");
        let _ = writeln!(s, "#[rustfmt::skip]");
        let _ = writeln!(s, "pub(super) static {name}: [{ty}; {}] = [", items.len());
        for line in items.chunks(16) {
            let _ = writeln!(s, "    {},", line.join(", "));
        }
        let _ = writeln!(s, "];");
    };
    let hex = |v: &[u32]| v.iter().map(|x| format!("0x{x:X}")).collect::<Vec<_>>();
    list(
        &mut s,
        "STARTS",
        "u32",
        "First code point of each block.",
        &hex(&starts),
    );
    let offs: Vec<String> = offsets.iter().map(|o| o.to_string()).collect();
    list(
        &mut s,
        "OFFSETS",
        "u16",
        "Where each block starts in `DATA`.",
        &offs,
    );
    let pg: Vec<String> = pages.iter().map(|p| p.to_string()).collect();
    list(
        &mut s,
        "PAGES",
        "u8",
        "One bit per 256 code points: set when any of them has an entry.",
        &pg,
    );
    let dt: Vec<String> = data.iter().map(|b| b.to_string()).collect();
    list(
        &mut s,
        "DATA",
        "u8",
        "The entries (see tests/folding.rs for the format).",
        &dt,
    );
    s
}

#[test]
fn committed_table_is_generated_from_the_nfkd_data() {
    let want = generate();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE);
    if std::env::var_os("GROUNDCHECK_WRITE_FOLD_TABLE").is_some() {
        std::fs::write(&path, &want).expect("write the table");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{TABLE} is stale: run GROUNDCHECK_WRITE_FOLD_TABLE=1 cargo test --test folding"
    );
}

#[test]
fn fold_char_matches_nfkd_for_every_scalar_value() {
    let mut mismatches = Vec::new();
    for cp in 0u32..=0x10FFFF {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let mut new = Vec::new();
        fold_char(c, |f| new.push(f));
        let mut old = Vec::new();
        old_fold_char(c, |f| old.push(f));
        if new != old {
            mismatches.push(format!("U+{cp:04X}: {new:?} vs {old:?}"));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first: {:?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(10)]
    );
}

/// Text in many scripts and forms, with the typography folding touches.
const CORPUS: &[&str] = &[
    "Café, naïve, Ærøskøbing, São Paulo, Łódź, Straße, Dvořák, Øresund, Ångström, façade",
    "Cafe\u{301} and cafe\u{301}\u{327}: combining marks after a base, \u{301} alone",
    "ＦＵＬＬＷＩＤＴＨ ｔｅｘｔ １２３，ｈａｌｆｗｉｄｔｈ ｶﾀｶﾅ ﾊﾟﾋﾟ",
    "ﬁnance ﬂow ﬀ ﬃ ﬄ ﬅ ﬆ Ĳ ǆ ǅ Ǆ œ Œ æ",
    "x² + y³ = z¹⁰, H₂O, ½ cup, ¾, ⅞, № 5, ™, ℃, ℉, µm, Å, K, Ω, ⅷ, Ⅻ, ①②③, ⑴, ⒜, ㉑",
    "ΑΘΗΝΑ Ἀθῆναι ἄστυ, Москва Ёлка й, ﬡ, ﭏ, ﷺ, ﻼ",
    "東京都 北京市 台北 漢字 㐀 豈 更 車 﨎 丽 你好世界 ⼀ ⺟ ㈠ ㊙ ㍿ ㌀ ㋿",
    "한국어 텍스트 가각힣 ㄱㄴㄷ ㅏ ﾡ",
    "emoji 😀 👩\u{200D}💻 🇫🇷 👍🏽 ❤\u{FE0F} 🅰 🄐 🄫 🆐 🈀",
    "“smart” ‘quotes’ «guillemets» — dashes – and … ellipses\u{a0}nbsp\u{200b}zw\u{ad}shy",
    "𝐀𝐁𝐂 𝒜𝓑 𝔄𝔅 𝕬 𝖠 𝗔 𝘈 𝙰 𝚨 𝛂 𝟎𝟏𝟐 𞸀 𝟘",
    "ǖ ǘ ǚ ǜ ṩ ẛ ḉ ỗ ậ Ǻ ǻ ΐ ΰ ῧ ᾯ",
    "\u{3000}ideographic space, \u{2003}em space, \u{205F}, tab\tnewline\n\r\n",
];

#[test]
fn folded_texts_match_the_old_path_on_a_corpus() {
    let mut texts: Vec<String> = CORPUS.iter().map(|s| s.to_string()).collect();
    texts.push(CORPUS.concat());
    texts.push(CORPUS.join(" ").to_uppercase());
    for t in &texts {
        let f = Folded::new(t);
        let (chars, origin) = old_folded(t);
        assert_eq!(f.chars, chars, "{t}");
        assert_eq!(f.origin, origin, "{t}");
        assert_eq!(fold_str(t), chars.iter().collect::<String>());
    }
}
