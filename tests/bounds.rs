#![cfg(not(target_arch = "wasm32"))]
//! Work bounded by the input (issue 14 items 3 and 5, issue 16's CPU bombs), asserted on
//! work counters and invariants rather than on time: a stream matches only the claims
//! each chunk adds, repeated checks prepare their sources once, and a claim copied from a
//! source is supported whatever the source's length.

use groundcheck::claims::SupportStatus;
use groundcheck::{CheckInput, Source, StreamingValidator, Validator};
use proptest::prelude::*;

fn input(question: &str, answer: &str, sources: Vec<Source>) -> CheckInput {
    CheckInput {
        question: question.into(),
        answer: answer.into(),
        sources,
        checksums: Default::default(),
        critic: None,
    }
}

fn rivers() -> (Vec<Source>, String) {
    let sources: Vec<Source> = (0..5)
        .map(|i| {
            let text: String = (0..8)
                .map(|k| {
                    format!(
                        "The river R{i}x{k} flows through the town T{i}y{k} since {}. ",
                        1800 + 10 * i + k
                    )
                })
                .collect();
            Source::new(format!("s{i}"), text)
        })
        .collect();
    let mut answer = String::new();
    for k in 0..60 {
        let (i, j) = (k % 5, (k / 5) % 8);
        answer.push_str(&format!(
            "The river R{i}x{j} flows through the town T{i}y{j} since {} [{}]. ",
            1800 + 10 * i + j,
            i + 1
        ));
    }
    (sources, answer)
}

#[test]
fn a_stream_matches_each_claim_about_once() {
    let (sources, answer) = rivers();
    let v = Validator::default();
    let mut s = StreamingValidator::new(
        v.clone(),
        "Which rivers?",
        sources.clone(),
        Default::default(),
    )
    .expect("stream");
    let chars: Vec<char> = answer.chars().collect();
    for chunk in chars.chunks(4) {
        s.push(&chunk.iter().collect::<String>()).expect("push");
    }
    let report = s.finish().expect("finish");
    let work = s.work();
    let claims = report.claims.len() as u64;
    assert_eq!(claims, 60);
    assert!(work.checks >= 50, "{work:?}");
    // Each check matches the claims its chunk added or changed (at most the new one and
    // the unfinished one after it), not the whole answer again.
    assert!(
        work.claims_matched <= claims + 2 * work.checks,
        "{work:?} for {claims} claims"
    );
    assert!(work.claims_reused > 10 * claims, "{work:?}");
    // The same report as one check.
    let direct = v
        .check(&input("Which rivers?", &answer, sources))
        .expect("check");
    assert_eq!(report, direct);
}

/// W1-like text of about `bytes` bytes: sentences about the rivers, each citing its source.
fn long_rivers(bytes: usize) -> String {
    let mut answer = String::new();
    let mut k = 0;
    while answer.len() < bytes {
        let (i, j) = (k % 5, (k / 5) % 8);
        answer.push_str(&format!(
            "The river R{i}x{j} flows through the town T{i}y{j} since {} [{}]. ",
            1800 + 10 * i + j,
            i + 1
        ));
        k += 1;
    }
    answer
}

/// Streams `answer` in 4-character pushes; returns the work, the pushes made while the
/// answer was at most `EAGER_BYTES` long and the bytes they re-read, the events' segment
/// indexes and the report.
fn stream_in_fours(
    answer: &str,
) -> (
    groundcheck::StreamWork,
    (u64, u64),
    Vec<usize>,
    groundcheck::Report,
) {
    let (sources, _) = rivers();
    let mut s = StreamingValidator::new(
        Validator::default(),
        "Which rivers?",
        sources,
        Default::default(),
    )
    .expect("stream");
    let mut eager = (0, 0);
    let mut indexes = Vec::new();
    let chars: Vec<char> = answer.chars().collect();
    for chunk in chars.chunks(4) {
        for e in s.push(&chunk.iter().collect::<String>()).expect("push") {
            indexes.push(e.segment.index);
        }
        if s.text().len() <= groundcheck::stream::EAGER_BYTES {
            eager = (eager.0 + 1, s.work().scanned_bytes);
        }
    }
    let report = s.finish().expect("finish");
    (s.work(), eager, indexes, report)
}

/// Issue 16: a long answer in 4-character pushes costs work linear in its length. Each
/// look for complete segments re-reads the answer so far, so the bytes re-read are
/// bounded by `EAGER_BYTES` per push while the answer is short, plus `LOOK_SHARE` times
/// the final length (looks at geometrically growing lengths); checks read no more.
#[test]
fn a_long_stream_rereads_its_text_a_bounded_number_of_times() {
    use groundcheck::stream::{EAGER_BYTES, LOOK_SHARE};
    let mut scanned_past_eager = Vec::new();
    for kb in [12, 24, 48] {
        let answer = long_rivers(kb * 1024);
        let len = answer.len() as u64;
        let (work, (eager, eager_bytes), indexes, report) = stream_in_fours(&answer);
        let bound = EAGER_BYTES as u64 * eager + LOOK_SHARE as u64 * len;
        assert!(
            work.scanned_bytes <= bound,
            "{kb} KB: {work:?}, bound {bound}"
        );
        assert!(work.checked_bytes <= work.scanned_bytes, "{work:?}");
        // Past the eager part, far fewer checks than segments, and claims are matched
        // about once each.
        let claims = report.claims.len() as u64;
        assert!(
            work.checks < claims / 2,
            "{kb} KB: {work:?} for {claims} claims"
        );
        assert!(work.claims_matched <= claims + 2 * work.checks, "{work:?}");
        // Events still come in order, each segment once, nearly all before `finish`.
        assert!(
            indexes.iter().enumerate().all(|(k, &i)| k == i),
            "{indexes:?}"
        );
        assert!(
            indexes.len() as u64 >= claims - claims / LOOK_SHARE as u64 - 2,
            "{} of {claims}",
            indexes.len()
        );
        // The same report as one check.
        let (sources, _) = rivers();
        let direct = Validator::default()
            .check(&input("Which rivers?", &answer, sources))
            .expect("check");
        assert_eq!(report, direct);
        scanned_past_eager.push(work.scanned_bytes - eager_bytes);
    }
    // Doubling the answer about doubles the work past the eager part (not 4×).
    for w in scanned_past_eager.windows(2) {
        assert!(w[1] <= 3 * w[0], "{scanned_past_eager:?}");
    }
}

#[test]
fn repeated_checks_prepare_their_sources_once() {
    let (sources, answer) = rivers();
    let v = Validator::default();
    let first = v
        .check(&input("Which rivers?", &answer, sources.clone()))
        .expect("check");
    let (hits, misses) = v.source_cache().stats();
    assert_eq!((hits, misses), (0, 5));
    for _ in 0..3 {
        let again = v
            .check(&input("Which rivers?", &answer, sources.clone()))
            .expect("check");
        assert_eq!(again, first);
    }
    assert_eq!(v.source_cache().stats(), (15, 5));
    // A clone shares the cache; another source set only prepares what is new.
    let mut more = sources.clone();
    more.push(Source::new("s9", "The river Q flows north."));
    v.clone()
        .check(&input("Which rivers?", &answer, more))
        .expect("check");
    assert_eq!(v.source_cache().stats(), (20, 6));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// A claim copied from a source is supported, with the same score, whether the
    /// sentence sits in 1 KB or 180 KB of unrelated text (the default limit is 200,000 characters).
    #[test]
    fn support_does_not_depend_on_the_source_length(kb in prop::sample::select(vec![1usize, 4, 16, 64, 180]), at in 0usize..100) {
        let claim = "The Hoover Dam was completed in 1936 on the Colorado River";
        let filler = |n: usize| -> String {
            let words = ["granite", "meadow", "lantern", "orchard", "harbor", "copper", "willow", "signal"];
            let mut s = String::new();
            let mut k = 0;
            while s.len() < n {
                s.push_str(&format!("The {} {} keeps the {} near the {}. ", words[k % 8], words[(k / 8) % 8], words[(k / 3) % 8], words[(k / 5) % 8]));
                k += 1;
            }
            s
        };
        let total = kb * 1024;
        let before = filler(total * at / 100);
        let after = filler(total - before.len().min(total));
        let content = format!("{before}{claim}. {after}");
        let v = Validator::default();
        let report = v
            .check(&input("When was the Hoover Dam completed?", &format!("{claim} [1]."), vec![Source::new("s", content)]))
            .expect("check");
        let c = &report.claims[0];
        prop_assert_eq!(c.status, SupportStatus::Supported);
        let small = v
            .check(&input("When was the Hoover Dam completed?", &format!("{claim} [1]."), vec![Source::new("s", format!("{claim}."))]))
            .expect("check");
        prop_assert!((c.score - small.claims[0].score).abs() < 1e-9, "{} vs {}", c.score, small.claims[0].score);
    }
}

/// A name of letters only, one per `k` (`Bcbd`), so that it is a word, not a number.
fn letters(mut k: usize) -> String {
    let mut out = String::from("D");
    for _ in 0..3 {
        out.push((b'a' + (k % 26) as u8) as char);
        k /= 26;
    }
    out
}

/// A claim whose words are common in a large source (every sentence holds most of them)
/// is matched through its rarer words, within `CELL_BUDGET`: still supported by the one
/// sentence that states it, and not by its look-alikes.
#[test]
fn a_claim_of_common_words_in_a_large_source_finds_its_sentence() {
    let words = [
        "harbour", "museum", "station", "garden", "castle", "library",
    ];
    let text: String = (0..3000)
        .map(|k| {
            format!(
                "The {} of district {} was built by the city council. ",
                words[k % words.len()],
                letters(k)
            )
        })
        .collect();
    let source = Source::new("big", text);
    let claim = format!(
        "The museum of district {} was built by the city council [1].",
        letters(1501)
    );
    // Every sentence holds `district`, `built`, `city` and `council`: far over the budget.
    const _: () = assert!(3000 * 4 > groundcheck::claims::support::CELL_BUDGET);
    let r = Validator::default()
        .check(&input(
            "Who built the museum?",
            &claim,
            vec![source.clone()],
        ))
        .unwrap();
    let c = &r.claims[0];
    assert_eq!(c.status, SupportStatus::Supported, "{c:#?}");
    let evidence = c.evidence.as_ref().expect("evidence");
    assert!(evidence.text.contains(&letters(1501)), "{}", evidence.text);
    // A district no sentence names is not supported by the look-alikes.
    let r = Validator::default()
        .check(&input(
            "Who built the museum?",
            "The museum of district Zzzzq was built by the city council [1].",
            vec![source],
        ))
        .unwrap();
    assert_ne!(r.claims[0].status, SupportStatus::Supported);
}
