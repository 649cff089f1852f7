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
