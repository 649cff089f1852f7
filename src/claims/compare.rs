//! Comparisons a claim draws from the sources' numbers: `Riverton is larger than
//! Millbrook` against `Riverton has a population of 84,000, and nearby Millbrook has
//! 26,000`. The claim orders two things by a comparative (`larger than`, `more revenue
//! than`, `opened before`); the sources state a number for each of them; where those
//! numbers order the two the other way, the claim is contradicted.

use super::features::{binding_of, is_year, measure_of, unit_or_elided};
use super::numbers::Quantity;
use super::support::{related, ClaimProfile, IndexedSource, SourceMatch};
use super::terms::Term;

/// What kind of quantity a comparative orders two things by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Scale {
    /// Any count or measure but a year (`larger`, `more`).
    Any,
    /// A length (`longer`, `taller`).
    Length,
    /// A mass (`heavier`).
    Mass,
    /// A year (`before`, `earlier`).
    Year,
}

/// How a comparative orders two things: the word, whether the first of them has more
/// (`larger`) or less (`smaller`) of the quantity, the kind of quantity, and whether
/// `than` follows it (`larger than`) or the second thing follows it directly (`opened
/// before the museum`). Sorted by word.
const COMPARATIVES: &[(&str, bool, Scale, bool)] = &[
    ("after", true, Scale::Year, false),
    ("before", false, Scale::Year, false),
    ("bigger", true, Scale::Any, true),
    ("deeper", true, Scale::Length, true),
    ("earlier", false, Scale::Year, true),
    ("fewer", false, Scale::Any, true),
    ("greater", true, Scale::Any, true),
    ("heavier", true, Scale::Mass, true),
    ("higher", true, Scale::Any, true),
    ("larger", true, Scale::Any, true),
    ("later", true, Scale::Year, true),
    ("less", false, Scale::Any, true),
    ("lighter", false, Scale::Mass, true),
    ("longer", true, Scale::Length, true),
    ("lower", false, Scale::Any, true),
    ("more", true, Scale::Any, true),
    ("narrower", false, Scale::Length, true),
    ("shallower", false, Scale::Length, true),
    ("shorter", false, Scale::Length, true),
    ("smaller", false, Scale::Any, true),
    ("taller", true, Scale::Length, true),
    ("wider", true, Scale::Length, true),
];

/// The entry of [`COMPARATIVES`] for `w` as written (any ASCII case), without a copy:
/// most words are ruled out by their length.
fn comparative_of(w: &str) -> Option<&'static (&'static str, bool, Scale, bool)> {
    if !(4..=9).contains(&w.len()) {
        return None;
    }
    let k = COMPARATIVES
        .binary_search_by(|(c, ..)| {
            c.bytes()
                .map(|b| b.to_ascii_lowercase())
                .cmp(w.bytes().map(|b| b.to_ascii_lowercase()))
        })
        .ok()?;
    COMPARATIVES.get(k)
}

/// Marks that end the phrase after `than` (or after `before`).
const PHRASE_END: [char; 8] = [',', ';', ':', '.', '!', '?', '(', ')'];

/// The comparison a claim draws: its comparative's entry, the keys of the first thing's
/// words and of the second's (each without the other's), and the keys of the words
/// between a comparative and its `than` (`revenue` in `more revenue than`).
struct Comparison {
    more: bool,
    scale: Scale,
    first: Vec<String>,
    second: Vec<String>,
    measured: Vec<String>,
    /// The comparative as written, with `than` (`larger than`).
    written: String,
}

/// The comparison of `claim`, if it draws one: a comparative of [`COMPARATIVES`] (with
/// `than` within three words after it where it takes one), content words before it in
/// its clause and after it (or its `than`) up to a mark. Not in a claim that negates.
fn comparison(claim: &ClaimProfile) -> Option<Comparison> {
    if claim.negated {
        return None;
    }
    let text = &claim.text;
    let ts = &claim.terms;
    let surface = |t: &Term| text.get(t.start..t.end).unwrap_or("");
    // Most claims have no `than`, `before` or `after`, and compare nothing.
    if !ts.iter().any(|t| {
        let w = surface(t);
        ["than", "before", "after"]
            .iter()
            .any(|c| w.eq_ignore_ascii_case(c))
    }) {
        return None;
    }
    // The first comparative that reads as one (`Who earns more? Alice earns more than
    // Bob.`: not the question's).
    ts.iter()
        .enumerate()
        .find_map(|(i, t)| comparison_at(claim, i, comparative_of(surface(t))?))
}

/// [`comparison`] at the claim's term `i`, a comparative of entry `entry`.
fn comparison_at(
    claim: &ClaimProfile,
    i: usize,
    &(word, more, scale, than): &(&'static str, bool, Scale, bool),
) -> Option<Comparison> {
    let text = &claim.text;
    let ts = &claim.terms;
    let surface = |t: &Term| text.get(t.start..t.end).unwrap_or("");
    let comparative = ts.get(i)?;
    // Where the second thing starts: after `than`, or right after the comparative.
    let (after, measured) = if than {
        let j = (i + 1..(i + 4).min(ts.len())).find(|&j| {
            ts.get(j)
                .is_some_and(|t| surface(t).eq_ignore_ascii_case("than"))
        })?;
        let measured: Vec<String> = ts
            .get(i + 1..j)
            .unwrap_or(&[])
            .iter()
            .filter(|t| !t.stop)
            .map(|t| t.key.clone())
            .collect();
        (j + 1, measured)
    } else {
        (i + 1, Vec::new())
    };
    // The first thing: the content words of the comparative's clause before it.
    let from = text
        .get(..comparative.start)
        .and_then(|b| b.rfind(PHRASE_END))
        .map_or(0, |p| p + 1);
    let content =
        |t: &&Term| !t.stop && (!t.numeric || t.key.starts_with(|c: char| c.is_ascii_alphabetic()));
    let first: Vec<String> = ts
        .get(..i)
        .unwrap_or(&[])
        .iter()
        .filter(|t| t.start >= from)
        .filter(content)
        .map(|t| t.key.clone())
        .collect();
    // The second: up to the next mark. Not a number (`more than 200 people`, `before
    // 1990`): a bound, no second thing.
    let next = ts.get(after)?;
    if next.numeric {
        return None;
    }
    let start = next.start;
    let to = text
        .get(start..)
        .and_then(|r| r.find(PHRASE_END))
        .map_or(text.len(), |p| start + p);
    let second: Vec<String> = ts
        .get(after..)
        .unwrap_or(&[])
        .iter()
        .filter(|t| t.end <= to)
        .filter(content)
        .map(|t| t.key.clone())
        .collect();
    let has = |ws: &[String], k: &str| ws.iter().any(|w| related(w, k));
    let mut first_own: Vec<String> = first.iter().filter(|k| !has(&second, k)).cloned().collect();
    let mut second_own: Vec<String> = second.iter().filter(|k| !has(&first, k)).cloned().collect();
    // Where both sides name something, their names tell them apart (`Alice earns more
    // than Bob`: not `earns`, which the evidence says of others too).
    let named = |t: &Term| t.capitalised && !t.stop;
    let names: Vec<&str> = ts
        .iter()
        .filter(|t| named(t))
        .map(|t| t.key.as_str())
        .collect();
    let is_name =
        |k: &String| names.contains(&k.as_str()) || k.starts_with(|c: char| c.is_ascii_digit());
    if first_own.iter().any(is_name) && second_own.iter().any(is_name) {
        first_own.retain(is_name);
        second_own.retain(is_name);
    }
    if first_own.is_empty() || second_own.is_empty() {
        return None;
    }
    let written = if than {
        format!("{word} than")
    } else {
        word.to_string()
    };
    Some(Comparison {
        more,
        scale,
        first: first_own,
        second: second_own,
        measured,
        written,
    })
}

/// A contradiction by a comparison: the claim orders two things (`Millbrook is larger
/// than Riverton`) where the sentences of its best window, and one on each side, state
/// one number for each of them, of the same kind (the comparative's: a length for
/// `longer`, a year for `before`), that orders them the other way (`Riverton has a
/// population of 84,000, and nearby Millbrook has 26,000`). Each number is the first
/// thing's or the second's by the words it is said of (see [`binding_of`]), by more of
/// the one's words than of the other's. Where the two things' numbers of that kind
/// order them both ways, or a number of their unit is said of neither, or either has
/// none, nothing is read. Returns the claim's comparative and the two
/// numbers as written.
pub(super) fn comparison_conflict(
    claim: &ClaimProfile,
    m: &SourceMatch,
    sources: &[&IndexedSource<'_>],
) -> Option<(String, String)> {
    let src = sources.iter().find(|s| s.index == m.source)?;
    let content = &src.source.content;
    // The window's sentences and one on each side.
    let (lo, hi) = src.sentences_over(m.window);
    let from = src.sentences.get(lo.saturating_sub(1)).map_or(0, |s| s.0);
    let last = hi.min(src.sentences.len().saturating_sub(1));
    let to = src
        .sentences
        .get(last)
        .map_or(content.len(), |s| s.1)
        .max(m.window.1);
    // Two numbers at least, before the claim is read.
    let valued = src
        .quantities
        .iter()
        .filter(|x| x.start >= from && x.end <= to && x.value.is_some())
        .take(2)
        .count();
    if valued < 2 {
        return None;
    }
    let cmp = comparison(claim)?;
    let has = |ws: &[String], k: &str| ws.iter().any(|w| related(w, k));
    let fits = |x: &Quantity| {
        x.value.is_some()
            && match cmp.scale {
                Scale::Year => is_year(x),
                Scale::Length => measure_of(content, x).is_some_and(|(k, _, _)| k == "length"),
                Scale::Mass => measure_of(content, x).is_some_and(|(k, _, _)| k == "mass"),
                Scale::Any => !is_year(x),
            }
    };
    // Each number of the stretch with the side it is said of.
    let mut firsts: Vec<&Quantity> = Vec::new();
    let mut seconds: Vec<&Quantity> = Vec::new();
    // Numbers of the kind said of neither, or of both alike, each with whether it is
    // said of nothing but a date.
    let mut others: Vec<(&Quantity, bool)> = Vec::new();
    // The numbers of the comparative's kind; two at least, or nothing is compared.
    let fitting: Vec<&Quantity> = src
        .quantities
        .iter()
        .filter(|x| x.start >= from && x.end <= to && fits(x))
        .collect();
    if fitting.len() < 2 {
        return None;
    }
    for x in fitting {
        let b = binding_of(content, &src.quantities, from, x);
        // What it counts or measures must be what the claim compares by, where the
        // claim names it (`more revenue than`).
        if !cmp.measured.is_empty() {
            let (_, counted) = unit_or_elided(content, &src.quantities, x);
            if !cmp
                .measured
                .iter()
                .any(|k| (!counted.is_empty() && related(k, &counted)) || has(&b, k))
            {
                continue;
            }
        }
        let a = cmp.first.iter().filter(|k| has(&b, k)).count();
        let z = cmp.second.iter().filter(|k| has(&b, k)).count();
        if a > z {
            firsts.push(x);
        } else if z > a {
            seconds.push(x);
        } else {
            others.push((x, b.iter().all(|k| k.bytes().all(|d| d.is_ascii_digit()))));
        }
    }
    // One ordering only: every pair of the same unit orders the two alike.
    let value = |x: &Quantity| {
        let v = x.value?;
        Some(match measure_of(content, x) {
            Some((_, factor, offset)) => v * factor + offset,
            None => v,
        })
    };
    let same_unit = |a: &Quantity, b: &Quantity| {
        measure_of(content, a).map(|m| m.0) == measure_of(content, b).map(|m| m.0)
            && (measure_of(content, a).is_some()
                || unit_or_elided(content, &src.quantities, a)
                    == unit_or_elided(content, &src.quantities, b))
            && a.percent == b.percent
    };
    // A number of the same unit said of nothing but a date may be either's (`Riverton
    // had 84,000 people in 1990 and 20,000 in 2020`): nothing is read.
    if others.iter().any(|&(o, of_nothing)| {
        of_nothing && firsts.iter().chain(&seconds).any(|x| same_unit(o, x))
    }) {
        return None;
    }
    let mut order: Option<bool> = None;
    let mut shown: Option<(&Quantity, &Quantity)> = None;
    for a in &firsts {
        for b in &seconds {
            if !same_unit(a, b) {
                continue;
            }
            let (va, vb) = (value(a)?, value(b)?);
            if va == vb {
                return None;
            }
            let more = va > vb;
            if order.is_some_and(|o| o != more) {
                return None;
            }
            order = Some(more);
            shown.get_or_insert((a, b));
        }
    }
    let (a, b) = shown?;
    (order? != cmp.more).then(|| {
        (
            cmp.written.clone(),
            format!("{} against {}", a.text(content), b.text(content)),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::features::tests::conflict;

    #[test]
    fn the_comparatives_are_sorted() {
        assert!(COMPARATIVES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn a_comparison_the_numbers_order_the_other_way() {
        let towns = "Riverton has a population of 84,000, and nearby Millbrook has 26,000.";
        assert!(conflict("Millbrook is larger than Riverton.", towns).is_some());
        assert_eq!(conflict("Riverton is larger than Millbrook.", towns), None);
        assert_eq!(conflict("Millbrook is smaller than Riverton.", towns), None);
        assert!(conflict("Riverton is smaller than Millbrook.", towns).is_some());
        let rivers = "The Danube is 2,850 km long. The Rhine is 1,230 km long.";
        assert!(conflict("The Rhine is longer than the Danube.", rivers).is_some());
        assert_eq!(
            conflict("The Danube is longer than the Rhine.", rivers),
            None
        );
        let opened = "The old library opened in 1932. The science museum opened in 1968.";
        assert!(conflict("The science museum opened before the old library.", opened).is_some());
        assert_eq!(
            conflict("The old library opened before the science museum.", opened),
            None
        );
        // Units that convert are compared in one.
        let peaks = "Peak A, called Arvon, is 1.2 km high. Peak Bel is 900 metres high.";
        assert!(conflict("Bel is higher than Arvon.", peaks).is_some());
        assert_eq!(conflict("Arvon is higher than Bel.", peaks), None);
    }

    #[test]
    fn no_comparison_without_one_number_of_its_kind_for_each() {
        // Numbers of another kind than the comparative's, or none for one side.
        let laptops = "The X200 has a 14-inch display. The X300 weighs 1.8 kg.";
        assert_eq!(
            conflict("The X200 is heavier than the X300.", laptops),
            None
        );
        // What the claim compares by is not what the numbers count.
        let towns = "Riverton has a population of 84,000, and nearby Millbrook has 26,000.";
        assert_eq!(
            conflict("Millbrook has more schools than Riverton.", towns),
            None
        );
        // Numbers of one side that order the two both ways.
        let mixed =
            "Riverton had 84,000 people in 1990 and 20,000 in 2020. Millbrook has 26,000 people.";
        assert_eq!(
            conflict("Millbrook has more people than Riverton.", mixed),
            None
        );
        // A negated comparison is not read, nor a bound (`more than 20,000`).
        assert_eq!(
            conflict("Riverton is not smaller than Millbrook.", towns),
            None
        );
        assert_eq!(
            conflict("Millbrook has more than 20,000 residents.", towns),
            None
        );
    }

    #[test]
    fn names_tell_the_two_things_apart() {
        let pay = "Alice earns $52,000 a year. Her manager Bob earns $78,000, and the intern earns $21,000.";
        assert_eq!(
            conflict("Alice earns more than Bob.", pay),
            Some((
                "more than".to_string(),
                "$52,000 against $78,000".to_string()
            ))
        );
        assert_eq!(conflict("Bob earns more than Alice.", pay), None);
        let peaks = "Mount Kenya is 5,199 metres high. Mount Kilimanjaro rises to 5,895 metres.";
        assert!(conflict("Mount Kenya is higher than Mount Kilimanjaro.", peaks).is_some());
        assert_eq!(
            conflict("Mount Kilimanjaro is higher than Mount Kenya.", peaks),
            None
        );
    }
}
