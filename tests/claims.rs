#![cfg(not(target_arch = "wasm32"))]
//! The claims check on realistic answers: each support status, contradictions inside an
//! answer, opinions, UTF-16 spans and evidence spans, and a property test.

use groundcheck::claims::{
    analyze_claims, ClaimKind, ClaimOptions, ClaimsReport, Recommendation, SupportStatus,
};
use groundcheck::context::AnswerContext;
use groundcheck::report::WarningKind;
use groundcheck::Source;
use proptest::prelude::*;

fn bridge() -> Source {
    Source {
        title: Some("Golden Gate Bridge".into()),
        url: Some("https://example.org/ggb".into()),
        page: Some("12".into()),
        score: Some(0.83),
        chunk_id: Some("c7".into()),
        ..Source::new(
            "ggb",
            "Construction began in 1933. The Golden Gate Bridge opened to traffic on May 27, 1937, \
             after four years of work. Its main span is 1,280 metres long. The bridge is painted \
             International Orange, a colour chosen by consulting architect Irving Morrow.",
        )
    }
}

fn funding() -> Source {
    Source::new(
        "news",
        "Acme Robotics raised $16 million in a Series B round led by Northwind Ventures in 2021. \
         Acme Robotics does not sell its robots to consumers.",
    )
}

/// Byte ranges of `[n]` markers and, per segment, the sources they cite.
fn run(answer: &str, question: &str, sources: &[Source]) -> ClaimsReport {
    let ctx = AnswerContext::new(answer);
    let mut markers = Vec::new();
    let mut cited = vec![Vec::new(); ctx.segments.len()];
    let b = answer.as_bytes();
    for i in 0..b.len() {
        if b[i] == b'[' && i + 2 < b.len() && b[i + 1].is_ascii_digit() && b[i + 2] == b']' {
            markers.push((i, i + 3));
            let n = (b[i + 1] - b'1') as usize;
            if let Some(seg) = ctx
                .segments
                .iter()
                .position(|s| s.start <= i && i < s.end + 4)
            {
                cited[seg].push(n);
            }
        }
    }
    analyze_claims(
        &ctx,
        question,
        sources,
        &cited,
        &markers,
        &ClaimOptions::default(),
    )
}

fn utf16_slice(text: &str, start: usize, end: usize) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    String::from_utf16_lossy(units.get(start..end).unwrap_or(&[]))
}

#[test]
fn supported_claim_with_evidence_and_provenance() {
    let sources = [bridge()];
    let r = run(
        "The Golden Gate Bridge opened to traffic in 1937 [1].",
        "When did it open?",
        &sources,
    );
    assert_eq!(r.claims.len(), 1);
    let c = &r.claims[0];
    assert_eq!(c.kind, ClaimKind::Fact);
    assert_eq!(c.status, SupportStatus::Supported, "{c:?}");
    assert_eq!(c.text, "The Golden Gate Bridge opened to traffic in 1937.");
    assert_eq!(c.citations, vec![0]);
    let e = c.evidence.as_ref().expect("evidence");
    assert_eq!(e.source_id, "ggb");
    assert_eq!(e.chunk_id.as_deref(), Some("c7"));
    assert_eq!(e.retrieval_score, Some(0.83));
    assert_eq!(
        utf16_slice(&sources[0].content, e.span.start, e.span.end),
        e.text
    );
    assert!(e.text.contains("opened to traffic on May 27, 1937"));
    assert_eq!(c.provenance.len(), 1);
    assert_eq!(c.provenance[0].title.as_deref(), Some("Golden Gate Bridge"));
    assert_eq!(c.provenance[0].page.as_deref(), Some("12"));
    assert!(r.attributable());
    assert_eq!(r.recommendation, Recommendation::Accept);
    assert_eq!(r.hallucination.total, 1);
    assert_eq!(r.hallucination.unsupported, 0);
}

#[test]
fn look_alike_sentences_give_the_one_with_the_claims_number() {
    // Three sentences cover the claim's words alike; the evidence is the one that states
    // its number, whichever comes first.
    let sources = [Source::new(
        "park",
        "The park had 3 million visitors in its first year. The park had 1 million visitors \
         in its second year. The park had 2 million visitors in its third year.",
    )];
    for (answer, expected) in [
        (
            "The park had 2 million visitors [1].",
            "2 million visitors in its third",
        ),
        (
            "The park had one million visitors [1].",
            "1 million visitors in its second",
        ),
        (
            "The park had 3 million visitors [1].",
            "3 million visitors in its first",
        ),
    ] {
        let r = run(answer, "How many visitors did the park have?", &sources);
        let c = &r.claims[0];
        assert_eq!(c.status, SupportStatus::Supported, "{answer}: {c:?}");
        let e = c.evidence.as_ref().expect("evidence");
        assert!(e.text.contains(expected), "{answer}: {}", e.text);
    }
    // A number no sentence states is still contradicted by the figure there.
    let r = run(
        "The park had 5 million visitors [1].",
        "How many?",
        &sources,
    );
    assert_eq!(r.claims[0].status, SupportStatus::Contradicted);
}

#[test]
fn a_number_in_another_unit_is_contradicted_unless_the_window_gives_both() {
    let sources = [Source::new(
        "tower",
        "The Eiffel Tower is 330 metres (1,083 ft) tall. It opened in 1889.",
    )];
    let status = |answer: &str| run(answer, "How tall is it?", &sources).claims[0].status;
    assert_eq!(
        status("The Eiffel Tower is 330 feet tall [1]."),
        SupportStatus::Contradicted
    );
    assert_eq!(
        status("The Eiffel Tower is 330 km tall [1]."),
        SupportStatus::Contradicted
    );
    assert_ne!(
        status("The Eiffel Tower is 1,083 feet tall [1]."),
        SupportStatus::Contradicted
    );
    assert_eq!(
        status("The Eiffel Tower is 330 m tall [1]."),
        SupportStatus::Supported
    );
}

#[test]
fn partial_claim() {
    let r = run(
        "The architect chose a colour that matches the surrounding hills [1].",
        "",
        &[bridge()],
    );
    let c = &r.claims[0];
    assert_eq!(c.status, SupportStatus::Partial, "{c:?}");
    // A name the evidence lacks makes the claim unsupported (names must appear).
    let r = run(
        "Irving Morrow also designed several houses in the Berkeley hills [1].",
        "",
        &[bridge()],
    );
    assert_eq!(
        r.claims[0].status,
        SupportStatus::Unsupported,
        "{:?}",
        r.claims[0]
    );
    assert!(r.claims[0].reasons.iter().any(|x| x.contains("Berkeley")));
    // A claim the evidence barely touches is unsupported whatever the model says.
    let r = run(
        "The bridge is famous for its suicide barrier and earthquake retrofits [1].",
        "",
        &[bridge()],
    );
    assert_eq!(
        r.claims[0].status,
        SupportStatus::Unsupported,
        "{:?}",
        r.claims[0]
    );
    assert!(c.score > 0.0 && c.score < ClaimOptions::default().supported);
}

#[test]
fn changed_number_is_contradicted() {
    // The evidence states another amount for the same round: a contradiction by quantity.
    let r = run(
        "Acme Robotics raised $160 million in a Series B round led by Northwind Ventures [1].",
        "",
        &[funding()],
    );
    let c = &r.claims[0];
    assert_eq!(c.status, SupportStatus::Contradicted, "{c:?}");
    assert!(
        c.reasons
            .iter()
            .any(|x| x == "number $160 million not in evidence"),
        "{:?}",
        c.reasons
    );
    assert!(r
        .warnings
        .iter()
        .any(|w| w.kind == WarningKind::Contradiction
            && w.message.contains("$160 million")
            && w.message.contains("$16 million")));
    assert!(!r.attributable());
    assert_eq!(r.recommendation, Recommendation::Reject);
    // The right number is supported; 16,000,000 written out matches too.
    let ok = run(
        "Acme Robotics raised $16 million in its Series B round [1].",
        "",
        &[funding()],
    );
    assert_eq!(
        ok.claims[0].status,
        SupportStatus::Supported,
        "{:?}",
        ok.claims[0]
    );
}

#[test]
fn negation_contradicts_evidence() {
    let r = run(
        "Acme Robotics sells its robots to consumers [1].",
        "",
        &[funding()],
    );
    let c = &r.claims[0];
    assert_eq!(c.status, SupportStatus::Contradicted, "{c:?}");
    assert!(r
        .warnings
        .iter()
        .any(|w| w.kind == WarningKind::Contradiction));
    assert_eq!(r.hallucination.unsupported, 1);
    assert_eq!(r.support_score, 0.0);
}

#[test]
fn unrelated_or_idiomatic_negations_do_not_contradict() {
    let source = Source::new(
        "wlb",
        "Maintaining a healthy work-life balance is not only important for health and \
         relationships, but it can also improve productivity. The single reached No. 1 in \
         1970. Even if a candidate has no chance of winning, they might win delegates.",
    );
    for answer in [
        "Maintaining a healthy work-life balance is important for health, relationships and productivity [1].",
        "The single reached number 1 in 1970 [1].",
        "A candidate might win delegates [1].",
    ] {
        let r = run(answer, "", std::slice::from_ref(&source));
        let c = &r.claims[0];
        assert_ne!(c.status, SupportStatus::Contradicted, "{answer}: {c:?}");
    }
}

#[test]
fn claims_that_contradict_each_other() {
    // (A year the source gives another event, `Construction began in 1933`, is the
    // evidence's contradiction: see the next test.)
    let answer = "The bridge opened to traffic in 1937 [1]. Later accounts say the bridge opened to traffic in 1935.";
    let r = run(answer, "", &[bridge()]);
    let w: Vec<_> = r
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::Contradiction && w.message.contains("disagree"))
        .collect();
    assert_eq!(w.len(), 1, "{:?}", r.warnings);
    let span = w[0].span.expect("span");
    assert_eq!(
        utf16_slice(answer, span.start, span.end),
        "Later accounts say the bridge opened to traffic in 1935."
    );
}

#[test]
fn a_year_the_source_gives_another_event_contradicts_the_evidence() {
    let answer = "The bridge opened to traffic in 1937 [1]. Later accounts say the bridge opened to traffic in 1933.";
    let r = run(answer, "", &[bridge()]);
    let c = &r.claims[1];
    assert_eq!(c.status, SupportStatus::Contradicted, "{c:?}");
    assert!(
        r.warnings
            .iter()
            .any(|w| w.kind == WarningKind::Contradiction
                && w.message
                    .contains("the claim says 1933 where the evidence says 1937")),
        "{:?}",
        r.warnings
    );
}

/// Each claim's kind and status, in answer order.
fn kinds_and_statuses(r: &ClaimsReport) -> Vec<(ClaimKind, SupportStatus)> {
    r.claims.iter().map(|c| (c.kind, c.status)).collect()
}

#[test]
fn opinions_need_no_support_and_inferences_are_checked() {
    // An opinion states nothing the sources could hold; a conclusion ("Therefore …") is
    // checked like a fact: here it restates what the source says, so it is supported.
    let r = run(
        "The Golden Gate Bridge opened to traffic in 1937 [1]. I think it is the most beautiful bridge in the world. Therefore the bridge has carried traffic since 1937.",
        "",
        &[bridge()],
    );
    assert_eq!(
        kinds_and_statuses(&r),
        vec![
            (ClaimKind::Fact, SupportStatus::Supported),
            (ClaimKind::Opinion, SupportStatus::NotChecked),
            (ClaimKind::Inference, SupportStatus::Supported),
        ]
    );
    assert_eq!(r.hallucination.total, 2);
    assert!(r.attributable());
}

#[test]
fn an_inference_the_sources_do_not_support_is_unsupported() {
    // A conclusion drawn with "therefore" is as ungrounded as a fact when the sources say
    // nothing of it: the answer is not attributable.
    let r = run(
        "The Golden Gate Bridge opened to traffic in 1937 [1]. Therefore the city's ferry companies went bankrupt within a decade.",
        "",
        &[bridge()],
    );
    assert_eq!(
        kinds_and_statuses(&r),
        vec![
            (ClaimKind::Fact, SupportStatus::Supported),
            (ClaimKind::Inference, SupportStatus::Unsupported),
        ]
    );
    assert!(!r.attributable());
}

#[test]
fn utf16_spans_with_emoji_cjk_and_accents() {
    let source = Source::new(
        "s1",
        "🌉 Le pont a été ouvert en 1937. Café Müller serves crêpes on Sundays. 東京タワーは1958年に完成した。",
    );
    let answer = "😀 Résumé: 東京 notes. Café Müller serves crêpes on Sundays [1].";
    let r = run(answer, "", std::slice::from_ref(&source));
    let last = r.claims.last().expect("claim");
    assert_eq!(
        utf16_slice(answer, last.span.start, last.span.end),
        "Café Müller serves crêpes on Sundays [1]."
    );
    assert_eq!(last.text, "Café Müller serves crêpes on Sundays.");
    assert_eq!(last.status, SupportStatus::Supported, "{last:?}");
    let e = last.evidence.as_ref().expect("evidence");
    assert_eq!(
        utf16_slice(&source.content, e.span.start, e.span.end),
        "Café Müller serves crêpes on Sundays."
    );
    for c in &r.claims {
        assert!(c.span.end <= answer.encode_utf16().count());
    }
}

#[test]
fn uncited_source_is_searched_when_cited_one_fails() {
    let r = run(
        "Acme Robotics raised $16 million in 2021 [1].",
        "",
        &[bridge(), funding()],
    );
    let c = &r.claims[0];
    assert_eq!(c.status, SupportStatus::Supported, "{c:?}");
    assert_eq!(c.evidence.as_ref().map(|e| e.source_index), Some(1));
    assert!(c.reasons.iter().any(|x| x.contains("does not cite")));
}

#[test]
fn serializes_camel_case() {
    let r = run(
        "The Golden Gate Bridge opened in 1937 [1].",
        "",
        &[bridge()],
    );
    let v = serde_json::to_value(&r).expect("json");
    assert!(v.get("supportScore").is_some());
    assert!(v.get("attributable").is_some());
    assert_eq!(v["claims"][0]["status"], "supported");
    assert_eq!(v["claims"][0]["kind"], "fact");
    assert!(v["claims"][0]["evidence"]["retrievalScore"].is_number());
    assert_eq!(v["recommendation"], "accept");
    let opts: ClaimOptions =
        serde_json::from_str(r#"{"supported":0.5,"rejectRate":0.2}"#).expect("opts");
    assert_eq!(opts.reject_rate, 0.2);
    assert!(serde_json::from_str::<ClaimOptions>(r#"{"bogus":1}"#).is_err());
}

#[test]
fn empty_inputs() {
    let r = run("", "", &[]);
    assert!(r.claims.is_empty());
    assert_eq!(r.hallucination.rate, 0.0);
    // Nothing stated, nothing attributable.
    assert!(!r.attributable());
    assert_eq!(r.support_score, 0.0);
    let r = run("Paris is large.", "", &[]);
    assert_eq!(r.claims[0].status, SupportStatus::Unsupported);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn never_panics_and_stays_in_range(
        answer in "\\PC{0,200}",
        content in "\\PC{0,200}",
        q in "\\PC{0,40}",
        m0 in 0usize..220, m1 in 0usize..220,
        cites in proptest::collection::vec(proptest::collection::vec(0usize..4, 0..3), 0..6),
    ) {
        let sources = [Source::new("a", content.clone()), Source::new("b", format!("{answer} {content}"))];
        let ctx = AnswerContext::new(&answer);
        let r = analyze_claims(&ctx, &q, &sources, &cites, &[(m0, m1), (m1, m0)], &ClaimOptions::default());
        let len16 = answer.encode_utf16().count();
        prop_assert!((0.0..=1.0).contains(&r.hallucination.rate));
        prop_assert!((0.0..=1.0).contains(&r.support_score));
        for c in &r.claims {
            prop_assert!((0.0..=1.0).contains(&c.score));
            prop_assert!(c.span.start <= c.span.end && c.span.end <= len16);
            if let Some(e) = &c.evidence {
                prop_assert!((0.0..=1.0).contains(&e.score));
                prop_assert!(e.span.end <= sources[e.source_index].content.encode_utf16().count());
            }
        }
    }
}

fn status_of(answer: &str, question: &str, source: &str) -> (SupportStatus, ClaimsReport) {
    let r = run(answer, question, &[Source::new("s", source)]);
    let c = r
        .claims
        .iter()
        .find(|c| c.kind == ClaimKind::Fact)
        .unwrap_or_else(|| panic!("no fact claim in {answer:?}: {r:?}"));
    (c.status, r.clone())
}

#[test]
fn a_swapped_name_is_caught_wherever_it_stands() {
    let src = "Paris is the capital of France. It lies on the Seine.";
    for answer in [
        "Lyon is the capital of France [1].",
        "The capital of France is Lyon [1].",
        "Lyon's river is the Seine [1].",
    ] {
        let (status, r) = status_of(answer, "", src);
        assert_eq!(status, SupportStatus::Unsupported, "{answer}: {r:?}");
        assert!(!r.attributable());
        assert!(r.claims[0].reasons.iter().any(|x| x.contains("Lyon")));
    }
    // Before a verb in `-s` and its object.
    let (status, r) = status_of(
        "Lyon hosts the Tour de France finish every July [1].",
        "",
        "Paris hosts the Tour de France finish every July.",
    );
    assert_eq!(status, SupportStatus::Unsupported, "{r:?}");
    // The original stays supported, in either order.
    for answer in [
        "Paris is the capital of France [1].",
        "The capital of France is Paris [1].",
    ] {
        let (status, r) = status_of(answer, "", src);
        assert_eq!(status, SupportStatus::Supported, "{answer}: {r:?}");
    }
}

#[test]
fn an_ordinary_word_opening_a_claim_is_not_a_name() {
    let src = "The bridge is usually closed to cars on Sundays. Cars may use it on weekdays.";
    // An adverb in -ly, and a word the answer also writes in lower case elsewhere.
    for answer in [
        "Typically, the bridge is closed to cars on Sundays [1].",
        "Traffic on the bridge is closed to cars on Sundays, and traffic resumes on weekdays [1].",
    ] {
        let r = run(answer, "", &[Source::new("s", src)]);
        assert!(
            r.claims
                .iter()
                .all(|c| c.reasons.iter().all(|x| !x.starts_with("name"))),
            "{answer}: {r:?}"
        );
    }
    // A plural before its verb (no determiner after the `-s` word) is no subject name.
    let r = run(
        "Recent studies show that the bridge is closed to cars on Sundays [1].",
        "",
        &[Source::new("s", src)],
    );
    assert!(
        r.claims[0].reasons.iter().all(|x| !x.starts_with("name")),
        "{r:?}"
    );
    // An accented name at the start is a name too; an instruction's verb is not.
    let (status, _) = status_of(
        "Zürich is the capital of Switzerland [1].",
        "",
        "Bern is the capital of Switzerland.",
    );
    assert_eq!(status, SupportStatus::Unsupported);
    let r = run(
        "Run the tests before you push [1].",
        "",
        &[Source::new(
            "s",
            "The tests should pass before you push to main.",
        )],
    );
    assert!(
        r.claims[0].reasons.iter().all(|x| !x.starts_with("name")),
        "{r:?}"
    );
}

#[test]
fn a_group_of_people_opening_a_claim_is_not_a_name() {
    let src = "The survey of 2,000 households reported that energy bills rose by a third in 2022.";
    for subject in [
        "Researchers",
        "Economists",
        "Residents",
        "Officials",
        "Analysts",
    ] {
        let answer = format!("{subject} reported that energy bills rose by a third in 2022 [1].");
        let (status, r) = status_of(&answer, "", src);
        assert_eq!(status, SupportStatus::Supported, "{answer}: {r:?}");
    }
    // A surname in the same ending is still a name.
    let (status, _) = status_of(
        "Rogers reported that energy bills rose by a third in 2022 [1].",
        "",
        src,
    );
    assert_eq!(status, SupportStatus::Unsupported);
}

#[test]
fn a_span_of_time_is_one_unit_with_its_article_and_no_other_unit() {
    for (answer, source) in [
        (
            "Refunds are paid within 7 days [1].",
            "Refunds are paid within a week.",
        ),
        (
            "Take one tablet every 24 hours [1].",
            "Take one tablet every day.",
        ),
        (
            "The warranty lasts 12 months [1].",
            "The warranty lasts for a year.",
        ),
        ("It sold out in 60 minutes [1].", "It sold out in an hour."),
    ] {
        let (status, r) = status_of(answer, "", source);
        assert_eq!(status, SupportStatus::Supported, "{answer}: {r:?}");
    }
    for (answer, source) in [
        (
            "Refunds are paid within 2 days [1].",
            "Refunds are paid within a week.",
        ),
        (
            "The petition gathered 5,000 signatures in a day [1].",
            "The petition gathered 5,000 signatures in a week.",
        ),
    ] {
        let (status, r) = status_of(answer, "", source);
        assert_eq!(status, SupportStatus::Unsupported, "{answer}: {r:?}");
    }
}

#[test]
fn an_implicit_negative_reaches_the_verb_of_its_infinitive() {
    let (status, r) = status_of(
        "Most cats can't digest lactose, so milk may upset their stomachs [1].",
        "",
        "Most cats lack the enzyme needed to digest lactose, so milk can upset their stomachs.",
    );
    assert_ne!(status, SupportStatus::Contradicted, "{r:?}");
    // Without an infinitive, a negative word four words off negates nothing of the claim.
    let (status, r) = status_of(
        "The bridge was not repaired in May [1].",
        "",
        "The bridge was repaired in May, although the council lacks money for the road.",
    );
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
}

#[test]
fn a_negation_the_next_sentence_states_is_no_contradiction() {
    let src = "The bridge on Mill Lane collapsed on Friday night after heavy rain. No one was \
               injured, but the road will stay closed for months.";
    let (status, r) = status_of(
        "Nobody was hurt when the bridge on Mill Lane collapsed [1].",
        "",
        src,
    );
    assert_ne!(status, SupportStatus::Contradicted, "{r:?}");
    // A `not` is answered by the window alone, whatever a sentence beside it negates.
    let (status, r) = status_of(
        "The song is not sung by Adele [1].",
        "",
        "The song is a ballad by Adele. It was not released as a single.",
    );
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
    // Without a negation beside it, the window answers the claim's negation with none.
    let src = "The bridge on Mill Lane collapsed on Friday night after heavy rain. The road \
               will stay closed for months.";
    let (status, r) = status_of(
        "The bridge on Mill Lane did not collapse after heavy rain [1].",
        "",
        src,
    );
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
}

#[test]
fn negation_across_derivations_contradicts() {
    let src = "Gift cards are not refundable. Store credit is given for returns.";
    let (status, r) = status_of("Gift cards can be refunded in cash [1].", "", src);
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
    assert!(r
        .warnings
        .iter()
        .any(|w| w.kind == WarningKind::Contradiction && w.message.contains("negation")));
    // The claim that agrees with the source is not contradicted.
    let (status, r) = status_of("Gift cards are not refundable [1].", "", src);
    assert_eq!(status, SupportStatus::Supported, "{r:?}");
    // A claim negating what the source states is contradicted too.
    let (status, r) = status_of("Store credit is not given for returns [1].", "", src);
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
}

#[test]
fn antonyms_contradict() {
    let src =
        "Café sales in Zürich rose sharply in 2021 after the reopening. 🍰 Prices stayed flat.";
    let (status, r) = status_of("Café sales in Zürich fell sharply in 2021 [1].", "", src);
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
    let c = &r.claims[0];
    assert!(
        c.reasons
            .iter()
            .any(|x| x.contains("fell") && x.contains("rose")),
        "{c:?}"
    );
    // The evidence span is in UTF-16 units of the source.
    let e = c.evidence.as_ref().expect("evidence");
    assert_eq!(
        utf16_slice(
            "Café sales in Zürich rose sharply in 2021 after the reopening. 🍰 Prices stayed flat.",
            e.span.start,
            e.span.end
        ),
        e.text
    );
    let (status, r) = status_of("Café sales in Zürich rose sharply in 2021 [1].", "", src);
    assert_eq!(status, SupportStatus::Supported, "{r:?}");
    // Function words of the table count too: before / after.
    let src = "The museum opened after the war.";
    let (status, r) = status_of("The museum opened before the war [1].", "", src);
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
    let (status, _) = status_of("The museum opened after the war [1].", "", src);
    assert_eq!(status, SupportStatus::Supported);
}

#[test]
fn a_different_quantity_for_the_same_thing_contradicts() {
    let src = "Paris has about 2.1 million residents. Its metropolitan area is larger.";
    let (status, r) = status_of("Paris has 9 million residents [1].", "", src);
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
    assert!(r
        .warnings
        .iter()
        .any(|w| w.kind == WarningKind::Contradiction
            && w.message.contains("9 million")
            && w.message.contains("2.1 million")));
    let (status, r) = status_of("Paris has 2.1 million residents [1].", "", src);
    assert_eq!(status, SupportStatus::Supported, "{r:?}");
    // A year against a year; a number the evidence does not speak about stays merely
    // unsupported.
    let (status, r) = status_of(
        "The Golden Gate Bridge opened to traffic in 1936 [1].",
        "",
        &bridge().content,
    );
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
    // A number of another thing is not the same quantity: 400 floors against a top floor
    // 276 metres up is unsupported (the source never says how many floors), not
    // contradicted.
    let (status, r) = status_of(
        "It has 400 floors.",
        "",
        "The tower is 330 metres tall. The top floor is 276 metres above the ground.",
    );
    assert_eq!(status, SupportStatus::Unsupported, "{r:?}");
    let (status, r) = status_of(
        "The top floor is 300 metres above the ground.",
        "",
        "The tower is 330 metres tall. The top floor is 276 metres above the ground.",
    );
    assert_eq!(status, SupportStatus::Contradicted, "{r:?}");
    let (status, r) = status_of(
        "Irving Morrow chose the colour in 1935 [1].",
        "",
        &bridge().content,
    );
    assert_eq!(status, SupportStatus::Unsupported, "{r:?}");
}

#[test]
fn a_short_answer_is_read_with_its_question() {
    let src = "Angel from Montgomery is a song written by John Prine. It appeared on his 1971 debut album. Bonnie Raitt recorded it later.";
    let q = "Who wrote the song Angel from Montgomery?";
    let (status, r) = status_of("John Prine", q, src);
    assert_eq!(status, SupportStatus::Supported, "{r:?}");
    assert!(r.attributable());
    // A name the source has, but never with the question's terms: not supported.
    let other = "Angel from Montgomery is a folk song. \
                 Lorem ipsum dolor sit amet. Consectetur adipiscing elit. Sed do eiusmod. \
                 Bonnie Raitt toured Europe.";
    let (status, r) = status_of("Bonnie Raitt", q, other);
    assert_eq!(status, SupportStatus::Unsupported, "{r:?}");
    assert!(!r.attributable());
    // No shared content at all: unsupported, never vacuously attributable.
    let (status, r) = status_of(
        "Kris Kristofferson",
        q,
        "Tokyo Tower was completed in 1958.",
    );
    assert_eq!(status, SupportStatus::Unsupported, "{r:?}");
    assert!(!r.attributable());
    assert!(r.support_score < ClaimOptions::default().supported);
    // A bare number, checked against the sentence that states it with the question's terms.
    let (status, r) = status_of("1971", "When did Prine's debut album appear?", src);
    assert_eq!(status, SupportStatus::Supported, "{r:?}");
    let (status, r) = status_of("1972", "When did Prine's debut album appear?", src);
    assert_ne!(status, SupportStatus::Supported, "{r:?}");
    // A number the question states is one of its terms: a short sentence answer that a
    // source states with that number is supported though it shares no question word.
    let fight = "In 1971 Ali defeated Frazier at Madison Square Garden.";
    let (status, r) = status_of(
        "Ali defeated Frazier in 1971.",
        "Who won the 1971 fight?",
        fight,
    );
    assert_eq!(status, SupportStatus::Supported, "{r:?}");
    let (status, r) = status_of(
        "Ali defeated Frazier in 1971.",
        "Who won the 1971 fight?",
        "In 1974 Ali defeated Foreman in Kinshasa. Ali defeated Frazier in Manila in 1975.",
    );
    assert_ne!(status, SupportStatus::Supported, "{r:?}");
    // Spans stay those of the answer (UTF-16), with emoji and CJK.
    let answer = "東京タワー 🗼";
    let r = run(
        answer,
        "Which tower was completed in 1958?",
        &[Source::new("s", "東京タワーは1958年に完成した。")],
    );
    assert_eq!(r.claims.len(), 1);
    assert_eq!(
        utf16_slice(answer, r.claims[0].span.start, r.claims[0].span.end),
        answer
    );
}

#[test]
fn a_copied_claim_stays_supported_whatever_the_source_length() {
    let claim = "The Golden Gate Bridge opened to traffic on May 27, 1937.";
    let filler = "Unrelated notes about river barges, harbour cranes and the tides of the bay. ";
    let mut scores = Vec::new();
    for repeats in [0usize, 10, 100, 1000, 2500] {
        let content = format!(
            "{}{claim} {}",
            filler.repeat(repeats / 2),
            filler.repeat(repeats - repeats / 2)
        );
        let r = run(&format!("{claim} [1]"), "", &[Source::new("s", content)]);
        let c = &r.claims[0];
        assert_eq!(c.status, SupportStatus::Supported, "{repeats}: {c:?}");
        scores.push(c.score);
    }
    let (lo, hi) = scores
        .iter()
        .fold((1.0f64, 0.0f64), |(lo, hi), s| (lo.min(*s), hi.max(*s)));
    assert!(
        hi - lo < 0.05,
        "score drifts with source length: {scores:?}"
    );
}

/// A polarity the best window states only the other way, across its sentences: the claim
/// spans two sentences of the source, so no single sentence covers it enough.
#[test]
fn a_window_that_states_the_claim_the_other_way_contradicts_it() {
    let source = "Drain cleaners contain lye and caustic potash. They are strong bases, so \
                  their hydroxide ions dissolve the clog.";
    let (status, _) = status_of(
        "Drain cleaners contain lye and caustic potash, which are strong bases whose hydroxide ions dissolve the clog.",
        "",
        source,
    );
    assert_eq!(status, SupportStatus::Supported);
    let (status, r) = status_of(
        "Drain cleaners contain lye and caustic potash, which are not strong bases whose hydroxide ions dissolve the clog.",
        "",
        source,
    );
    assert_eq!(status, SupportStatus::Contradicted, "{r:#?}");
    let (status, r) = status_of(
        "Drain cleaners contain lye and caustic potash, which are weak bases whose hydroxide ions dissolve the clog.",
        "",
        source,
    );
    assert_eq!(status, SupportStatus::Contradicted, "{r:#?}");
    // A word the window states both ways disputes nothing.
    let both = "Drain cleaners contain lye and caustic potash. Some are not bases. Most are \
                bases whose hydroxide ions dissolve the clog.";
    let (status, r) = status_of(
        "Drain cleaners contain lye and caustic potash, which are bases whose hydroxide ions dissolve the clog.",
        "",
        both,
    );
    assert_ne!(status, SupportStatus::Contradicted, "{r:#?}");
}

/// A number the evidence source states only far from the evidence is about something
/// else: the claim's number is missing (a number from another source still counts).
#[test]
fn a_number_must_stand_near_its_evidence() {
    let source = "Screening with otoacoustic emissions is preferred for children younger than \
                  3 years. The clinic opened in 1990. It has a staff of 40. Parking costs 6 \
                  dollars. The building has 2 floors.";
    let (status, _) = status_of(
        "Screening with otoacoustic emissions is preferred for children younger than 3 years.",
        "",
        source,
    );
    assert_eq!(status, SupportStatus::Supported);
    let (status, r) = status_of(
        "Screening with otoacoustic emissions is preferred for children younger than 6 years.",
        "",
        source,
    );
    assert_ne!(status, SupportStatus::Supported, "{r:#?}");
    // Stated in a second source, the number counts.
    let ctx = AnswerContext::new(
        "Screening with otoacoustic emissions is preferred for children younger than 6 years.",
    );
    let r = analyze_claims(
        &ctx,
        "",
        &[
            Source::new("a", source),
            Source::new("b", "Children younger than 6 years are screened."),
        ],
        &[],
        &[],
        &ClaimOptions::default(),
    );
    assert!(
        !r.claims[0].reasons.iter().any(|x| x.starts_with("number ")),
        "{r:#?}"
    );
}

/// The question's numbers are the question's however they are written: `three degrees`
/// and `2014-15` in the question are not numbers the short answer must show in its source.
#[test]
fn a_short_answer_is_not_asked_for_the_question_s_own_numbers() {
    let (status, r) = status_of(
        "Amherst College",
        "Willcox received three degrees from a college. Which college?",
        "He was graduated from Amherst College in 1884.",
    );
    assert_eq!(status, SupportStatus::Supported, "{r:#?}");
    let (status, r) = status_of(
        "February 5, 1953",
        "What is the birth date of the coach of the 2014-15 Michigan basketball team?",
        "John Beilein (born February 5, 1953) is the basketball coach at Michigan.",
    );
    assert_eq!(status, SupportStatus::Supported, "{r:#?}");
    // The answer's own words must still stand with the question's, in one window.
    let (status, r) = status_of(
        "Smith College",
        "Willcox received three degrees from a college. Which college?",
        "He was graduated from Amherst College in 1884. He taught statistics. He wrote books. \
         He died in 1964. Smith is a common name.",
    );
    assert_ne!(status, SupportStatus::Supported, "{r:#?}");
}

/// A capital that opens a claim is an ordinary word when the answer writes it in lower case
/// before the claim ends, never because of text after it: what follows a claim must not
/// change its reading (a streamed verdict is final), nor let a swapped subject escape the
/// name rule by being written in lower case later.
#[test]
fn a_later_lower_case_word_does_not_unmake_an_opening_name() {
    let paris = Source::new("geo", "Paris is the capital of France.");
    let alone = run(
        "Lyon is the capital of France [1].",
        "What is the capital of France?",
        std::slice::from_ref(&paris),
    );
    let later = run(
        "Lyon is the capital of France [1]. Many visitors to lyon arrive by train.",
        "What is the capital of France?",
        std::slice::from_ref(&paris),
    );
    assert_ne!(
        alone.claims[0].status,
        SupportStatus::Supported,
        "{:?}",
        alone.claims[0]
    );
    assert_eq!(
        later.claims[0].status, alone.claims[0].status,
        "{:?}",
        later.claims[0]
    );
    assert_eq!(later.claims[0].reasons, alone.claims[0].reasons);
    // Written in lower case before the claim, the word is ordinary (as before).
    let before = run(
        "Tourists call it the lyon of cities. Lyon is the capital of France [1].",
        "What is the capital of France?",
        &[paris],
    );
    let claim = before
        .claims
        .iter()
        .find(|c| c.text.starts_with("Lyon"))
        .expect("the claim");
    assert!(
        !claim.reasons.iter().any(|r| r.contains("name Lyon")),
        "{:?}",
        claim.reasons
    );
}
