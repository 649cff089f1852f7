//! Swapped roles: a claim that names two entities around a relation in the opposite order
//! of its evidence (`Ali defeated Frazier` against `Frazier defeated Ali`). Word coverage
//! cannot see it (both sentences hold the same words), so the order is compared: the two
//! names and the relation words between them must stand in the evidence sentence with
//! both names on the other side of every relation word. Passives (`… was defeated by
//! Ali`, a `by` on one side only), coordinations (nothing but function words between the
//! names) and symmetric relations (`married`, `met`, `against`) are never judged swapped.

use std::cell::OnceCell;
use std::sync::OnceLock;

use super::support::{related, ClaimWord, IndexedSource};
use super::terms::{stem, terms, Term};
use crate::evidence::normalize::fold_str;

/// Relations that read the same both ways (stems compared across derivations): swapping
/// their two sides changes nothing.
const SYMMETRIC: &[&str] = &[
    "against",
    "alongside",
    "beside",
    "border",
    "compared",
    "cousin",
    "drew",
    "friend",
    "marri",
    "marry",
    "met",
    "meet",
    "neighbour",
    "neighbor",
    "partner",
    "play",
    "sibling",
    "tied",
    "together",
    "versus",
    "vs",
];

/// Auxiliaries of a passive (`was acquired by`).
pub(crate) const AUXILIARIES: &[&str] = &["are", "be", "been", "being", "is", "was", "were"];

/// Prepositions that turn a verb's roles round when they follow it (`starred in`).
const PREPOSITIONS: &[&str] = &["at", "for", "from", "in", "into", "of", "on", "to"];

/// True when key `k` names a relation of [`SYMMETRIC`] (across derivations).
fn is_symmetric(k: &str) -> bool {
    // The table's stems, computed once (each call stemmed all of them).
    static KEYS: OnceLock<Vec<String>> = OnceLock::new();
    KEYS.get_or_init(|| SYMMETRIC.iter().map(|s| stem(s)).collect())
        .iter()
        .any(|s| related(k, s))
}

/// A run of consecutive name tokens of the claim: its token range and keys.
struct Run {
    start: usize,
    end: usize,
    keys: Vec<String>,
}

/// The text from token `from` to token `to` (both included) of `text`, tokenised as `ts`.
fn between_tokens<'a>(text: &'a str, ts: &[Term], from: usize, to: usize) -> Option<&'a str> {
    text.get(ts.get(from)?.start..ts.get(to)?.end)
}

impl Run {
    /// The name as the claim writes it.
    fn written<'a>(&self, claim: &'a str, ct: &[Term]) -> Option<&'a str> {
        between_tokens(claim, ct, self.start, self.end.checked_sub(1)?)
    }
}

/// Positions of the tokens of `et` whose key is one of `keys`.
fn positions(et: &[Term], keys: &[String]) -> Vec<usize> {
    et.iter()
        .enumerate()
        .filter(|(_, t)| keys.contains(&t.key))
        .map(|(i, _)| i)
        .collect()
}

/// Where a name stands in the evidence: the first of its tokens there, when all of them
/// stand together (within the name's length plus one) so the name is written once.
fn place(et: &[Term], run: &Run) -> Option<usize> {
    let at = positions(et, &run.keys);
    let (first, last) = (*at.first()?, *at.last()?);
    (last - first <= run.keys.len()).then_some(first)
}

/// The two names (as written in the claim) whose roles the evidence sentence `evidence`
/// gives the other way round, if it does. `words` are the claim's content words (their
/// `name` flags say which tokens are names). Linear in the two texts' lengths.
pub fn swapped(claim: &str, words: &[ClaimWord], evidence: &str) -> Option<(String, String)> {
    swapped_terms(claim, &terms(claim), words, evidence, &OnceLock::new())
}

/// [`swapped`] with the claim's terms found already (`ct`: [`terms`] of `claim`, as
/// [`super::support::ClaimProfile::terms`] keeps them).
pub(crate) fn swapped_terms(
    claim: &str,
    ct: &[Term],
    words: &[ClaimWord],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
) -> Option<(String, String)> {
    let is_name = |t: &Term| name_like(t, words);
    let mut runs = name_runs(claim, ct, words);
    // Nothing to compare: one name of one word.
    if runs.len() < 2 && runs.iter().all(|r| r.keys.len() < 2) {
        return None;
    }
    let et = evidence_terms.get_or_init(|| terms(evidence));
    // A word capitalised only because it opens a sentence (`Two men were arrested in
    // Manchester` against `Police in Manchester arrested two men`) is no name where the
    // evidence writes it in lower case and never capitalised.
    runs.retain(|r| {
        let [key] = r.keys.as_slice() else {
            return true;
        };
        !opens_sentence(claim, ct, r.start)
            || words.iter().any(|w| w.name && &w.key == key)
            || !et.iter().any(|t| &t.key == key && !t.capitalised)
            || et.iter().any(|t| &t.key == key && t.capitalised)
    });
    if runs.len() < 2 && runs.iter().all(|r| r.keys.len() < 2) {
        return None;
    }
    // A name whose parts the evidence writes in another order (`Reilly C. John` against
    // `John C. Reilly`), neither with a comma inside (`Smith, John`).
    for r in runs.iter().filter(|r| r.keys.len() >= 2) {
        let at = positions(et, &r.keys);
        let (Some(&first), Some(&last)) = (at.first(), at.last()) else {
            continue;
        };
        let theirs: Vec<&String> = at
            .iter()
            .filter_map(|&i| et.get(i))
            .map(|t| &t.key)
            .collect();
        let (Some(mine), Some(written)) = (
            r.written(claim, ct),
            between_tokens(evidence, et, first, last),
        ) else {
            continue;
        };
        // Only spaces and an initial's dot between the parts: `Philomena Mwilu - Deputy
        // Chief Justice` is a name and a title, not the title-name run reordered.
        let one_name = |t: &str| {
            t.chars().all(|c| {
                c.is_alphanumeric() || c.is_whitespace() || c == '.' || c == '\'' || c == '’'
            })
        };
        if at.len() == r.keys.len()
            && last - first + 1 == r.keys.len()
            && theirs.iter().zip(&r.keys).any(|(a, b)| *a != b)
            && one_name(mine)
            && one_name(written)
        {
            return Some((mine.to_string(), written.to_string()));
        }
    }
    // Every pair of distinct names, in claim order.
    for (i, a) in runs.iter().enumerate() {
        for b in runs.iter().skip(i + 1).filter(|b| b.keys != a.keys) {
            if let Some(found) = pair_swapped(claim, ct, evidence, et, a, b, &is_name) {
                return Some(found);
            }
        }
    }
    neighbours_swapped(claim, ct, &runs, evidence, et)
}

/// Relations of things (not only of people) that read the same both ways: the roles of
/// [`common_swapped`]'s two words are not read across them.
const SYMMETRIC_THINGS: &[&str] = &[
    "associat", "connect", "correlat", "equal", "link", "relat", "resembl", "similar",
];

/// Words that turn a verb's roles round when they follow it on one side only (`Sleep
/// improves with exercise` states what `Exercise improves sleep` does).
const TURNING: &[&str] = &[
    "about", "at", "by", "for", "from", "in", "into", "of", "on", "over", "through", "to", "with",
];

/// Prepositions that make the word after them an adjunct of the relation.
const ADJUNCT_PREPOSITIONS: &[&str] = &[
    "about", "across", "after", "against", "along", "among", "around", "as", "at", "before",
    "behind", "between", "beyond", "by", "despite", "during", "for", "from", "in", "inside",
    "into", "like", "near", "of", "off", "on", "onto", "over", "per", "since", "than", "through",
    "to", "toward", "towards", "under", "until", "upon", "via", "with", "within", "without",
];

/// Words that join two clauses of one rank, each of which may come first.
const COORDINATORS: &[&str] = &["and", "but", "or", "so"];

/// Words that open a subordinate clause.
const SUBORDINATORS: &[&str] = &[
    "although", "as", "because", "if", "since", "though", "unless", "until", "when", "where",
    "whereas", "which", "while", "who",
];

/// Two words of the claim, not both names, that its best evidence sentence writes on the
/// other sides of the words the claim writes between them (`The postman bit the dog`
/// against `The dog bit the postman`, `Lung cancer causes smoking` against `Smoking
/// causes most cases of lung cancer`, `A fruit is a type of tomato`): the roles of
/// [`swapped_terms`] for any content word. Each of the two stands once in each text, one
/// or two content words (none a name, none a relation of [`SYMMETRIC`] or
/// [`SYMMETRIC_THINGS`]) stand between them in the claim, and all of those between them
/// in the sentence; the passive, a preposition after the verb and the genitive on one
/// side only are read as [`pair_swapped`] reads them (`Mice are eaten by owls`, `Sleep
/// improves with exercise`). Not in a negated claim, not for a first word after a
/// preposition (`on Friday injured 14 people` against `14 people were injured … on
/// Friday`), nor across a clause boundary of the claim or a subordinate clause of the
/// sentence (`Rising temperatures melt glaciers` against `Glaciers melt as temperatures
/// rise`). Returns the two words as the claim writes them.
pub(crate) fn common_swapped(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
) -> Option<(String, String)> {
    // A negated claim (`No other river carries as much water as the Amazon`) states its
    // roles otherwise.
    if ct.iter().any(|t| t.negation) {
        return None;
    }
    // Words of an alphabet that spaces words apart (Latin, Greek, Cyrillic), of two
    // letters or more: a script read character by character (`東京タワーの高さは`) gives
    // no word order to read.
    let spaced = |t: &Term| {
        claim.get(t.start..t.end).is_some_and(|w| {
            w.chars().nth(1).is_some()
                && w.chars()
                    .all(|c| c == '-' || c == '\'' || (c.is_alphabetic() && (c as u32) < 0x0530))
        })
    };
    let content: Vec<usize> = (0..ct.len())
        .filter(|&i| {
            ct.get(i)
                .is_some_and(|t| !t.stop && !t.numeric && spaced(t))
        })
        .collect();
    if content.len() < 3 {
        return None;
    }
    let et = evidence_terms.get_or_init(|| terms(evidence));
    let at = |k: &str| et.iter().position(|t| t.key == k);
    // Where the sentence first writes each of them: most claims state their words in the
    // sentence's order, and end here.
    let places: Vec<Option<usize>> = content
        .iter()
        .map(|&i| ct.get(i).and_then(|t| at(&t.key)))
        .collect();
    let inverted = places
        .iter()
        .enumerate()
        .any(|(n, p)| p.is_some_and(|p| places.iter().skip(n + 1).flatten().any(|&q| q < p)));
    if !inverted {
        return None;
    }
    // Word `i` of `text` stands after a preposition (over articles and possessives): an
    // adjunct (`on Friday`, `in the world`), not the subject of the relation.
    let after_preposition = |text: &str, ts: &[Term], i: usize| {
        let w = |j: usize| {
            ts.get(j)
                .and_then(|t| text.get(t.start..t.end))
                .unwrap_or("")
        };
        (0..i)
            .rev()
            .map(w)
            .find(|x| !super::DETERMINERS.iter().any(|d| x.eq_ignore_ascii_case(d)))
            .is_some_and(|x| {
                ADJUNCT_PREPOSITIONS
                    .iter()
                    .any(|p| x.eq_ignore_ascii_case(p))
            })
    };
    // A clause boundary between tokens `lo` and `hi` of the claim: two clauses may
    // state their parts in either order (`lost 12 games and won 4`, `look green because
    // chlorophyll absorbs …`).
    let boundary = |lo: usize, hi: usize| {
        ct.get(lo..=hi).is_some_and(|span| {
            span.iter().any(|t| {
                claim.get(t.start..t.end).is_some_and(|w| {
                    let of = |list: &[&str]| list.iter().any(|c| w.eq_ignore_ascii_case(c));
                    // (`as` opens no clause of the claim's: `as much water as`.)
                    of(COORDINATORS) || (of(SUBORDINATORS) && !w.eq_ignore_ascii_case("as"))
                })
            }) || span.windows(2).any(|p| {
                claim
                    .get(p[0].end..p[1].start)
                    .is_some_and(|gap| gap.contains([',', ';', ':', '(', ')']))
            })
        })
    };
    let once = |ts: &[Term], k: &str| ts.iter().filter(|t| t.key == k).count() == 1;
    let symmetric = |k: &str| is_symmetric(k) || SYMMETRIC_THINGS.iter().any(|s| k.starts_with(s));
    let word = |text: &str, ts: &[Term], i: usize| {
        ts.get(i)
            .and_then(|t| text.get(t.start..t.end))
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    // A subordinate clause, or a clause after a semicolon, between tokens `lo` and `hi`
    // of the evidence (`Glaciers melt as temperatures rise`); the evidence's `and` may
    // join two verbs of one subject (`Caterpillars feed on leaves and are eaten by
    // birds`).
    let subordinate = |lo: usize, hi: usize| {
        et.get(lo..=hi).is_some_and(|span| {
            span.iter().any(|t| {
                evidence
                    .get(t.start..t.end)
                    .is_some_and(|w| SUBORDINATORS.iter().any(|c| w.eq_ignore_ascii_case(c)))
            }) || span.windows(2).any(|p| {
                evidence
                    .get(p[0].end..p[1].start)
                    .is_some_and(|gap| gap.contains([';', ':']))
            })
        })
    };
    for (n, &x) in content.iter().enumerate() {
        for gap in 1..=2 {
            let Some(&y) = content.get(n + gap + 1) else {
                break;
            };
            let (Some(tx), Some(ty)) = (ct.get(x), ct.get(y)) else {
                continue;
            };
            // Where the sentence writes the two: the other way round.
            let (Some(px), Some(py)) = (
                places.get(n).copied().flatten(),
                places.get(n + gap + 1).copied().flatten(),
            ) else {
                continue;
            };
            if py >= px {
                continue;
            }
            if (tx.capitalised && ty.capitalised)
                || tx.key == ty.key
                || after_preposition(claim, ct, x)
                || boundary(x, y)
                || !once(ct, &tx.key)
                || !once(ct, &ty.key)
                || !once(et, &tx.key)
                || !once(et, &ty.key)
            {
                continue;
            }
            let relation: Vec<usize> = content.get(n + 1..n + gap + 1)?.to_vec();
            if relation
                .iter()
                .any(|&r| ct.get(r).is_none_or(|t| t.capitalised || symmetric(&t.key)))
            {
                continue;
            }
            // Where the sentence writes the relation.
            if py >= px || after_preposition(evidence, et, py) || subordinate(py, px) {
                continue;
            }
            let rel_at: Vec<Option<usize>> = relation
                .iter()
                .map(|&r| ct.get(r).and_then(|t| at(&t.key)))
                .collect();
            if !rel_at.iter().all(|r| r.is_some_and(|r| py < r && r < px)) {
                continue;
            }
            // An order stated from the other end (`The library shut a month before the
            // museum closed` against `The museum closed … a month after the library
            // shut`): `before` between the two on one side, `after` on the other.
            let order = |text: &str, ts: &[Term], lo: usize, hi: usize| {
                (lo..hi).find_map(|i| match word(text, ts, i).as_str() {
                    "before" => Some(false),
                    "after" => Some(true),
                    _ => None,
                })
            };
            if matches!((order(claim, ct, x, y), order(evidence, et, py, px)), (Some(a), Some(b)) if a != b)
            {
                continue;
            }
            // A passive on one side only.
            let by = |ts: &[Term], lo: usize, hi: usize| {
                ts.get(lo..hi)
                    .is_some_and(|b| b.iter().any(|t| t.key == "by"))
            };
            if by(ct, x, y) != by(et, py, px) {
                continue;
            }
            // A preposition after the relation on one side only, or another one.
            let last_claim = *relation.last()?;
            let last_evidence = rel_at.iter().flatten().copied().max()?;
            let after_claim = word(claim, ct, last_claim + 1);
            let after_evidence = word(evidence, et, last_evidence + 1);
            let turning = |w: &str| TURNING.contains(&w);
            if (turning(&after_claim) || turning(&after_evidence)) && after_claim != after_evidence
            {
                continue;
            }
            // The genitive the other way round (`the R of B` against `B's R`).
            let of_before = |ts: &[Term], i: usize| {
                i.checked_sub(1)
                    .and_then(|p| ts.get(p))
                    .is_some_and(|t| t.key == "of")
            };
            if of_before(ct, y) != of_before(et, px) {
                continue;
            }
            return Some((
                claim.get(tx.start..tx.end)?.to_string(),
                claim.get(ty.start..ty.end)?.to_string(),
            ));
        }
    }
    None
}

/// Words after which a motion or change ends (`to the airport`, `into the lake`).
const TOWARDS: &[&str] = &["into", "to", "toward", "towards"];

/// The directions that `text` (tokenised as `ts`) states: for each `from`, the first
/// content word after it (a number counts) and the first after the nearest `to`, `into`
/// or `towards` at most six words after it (else before it) in the same clause (`from
/// the airport to the city centre`: `airport`, `city`; `to Dallas from Chicago`:
/// `Chicago`, `Dallas`), as token positions; and for each `into` with no `from` near it, the
/// content word right before it (over articles) and the first after it (`breaks down
/// starch into sugar`: `starch`, `sugar`).
fn directions(text: &str, ts: &[Term]) -> Vec<(usize, usize)> {
    let word = |i: usize| {
        ts.get(i)
            .and_then(|t| text.get(t.start..t.end))
            .unwrap_or("")
    };
    // Punctuation between tokens `a` < `b` ends a clause.
    let split = |a: usize, b: usize| {
        ts.get(a)
            .zip(ts.get(b))
            .and_then(|(x, y)| text.get(x.end..y.start))
            .is_none_or(|gap| gap.contains([',', ';', ':', '.', '!', '?', '(', ')', '\n']))
    };
    // The first content word within four tokens after token `i`, in its clause.
    let head = |i: usize| {
        (i + 1..(i + 5).min(ts.len()))
            .take_while(|&j| !split(i, j))
            .find(|&j| ts.get(j).is_some_and(|t| !t.stop))
    };
    let mut found = Vec::new();
    for i in (0..ts.len()).filter(|&i| word(i).eq_ignore_ascii_case("from")) {
        let Some(x) = head(i) else { continue };
        // The nearest after it, else the nearest before it (`sails from Dover to Calais
        // and returns from Calais to Dover`: the second `from` takes the second `to`).
        let after = i + 1..(i + 7).min(ts.len());
        let before = (i.saturating_sub(6)..i).rev();
        let to = after.chain(before).find(|&j| {
            TOWARDS.iter().any(|w| word(j).eq_ignore_ascii_case(w)) && !split(i.min(j), i.max(j))
        });
        if let Some(y) = to.and_then(head) {
            if ts
                .get(x)
                .zip(ts.get(y))
                .is_some_and(|(a, b)| a.key != b.key)
            {
                found.push((x, y));
            }
        }
    }
    // What a change turns into what: the content word right before an `into` (over
    // articles) and the first after it, where no `from` is near (`breaks down starch into
    // sugar`: `starch`, `sugar`).
    for i in (0..ts.len()).filter(|&i| word(i).eq_ignore_ascii_case("into")) {
        let near_from = (i.saturating_sub(6)..(i + 7).min(ts.len()))
            .any(|j| word(j).eq_ignore_ascii_case("from"));
        if near_from {
            continue;
        }
        let x = (0..i)
            .rev()
            .take_while(|&j| !split(j, i))
            .find(|&j| {
                !super::DETERMINERS
                    .iter()
                    .any(|d| word(j).eq_ignore_ascii_case(d))
            })
            .filter(|&j| ts.get(j).is_some_and(|t| !t.stop));
        if let (Some(x), Some(y)) = (x, head(i)) {
            if ts
                .get(x)
                .zip(ts.get(y))
                .is_some_and(|(a, b)| a.key != b.key)
            {
                found.push((x, y));
            }
        }
    }
    found
}

/// A direction the evidence sentence states the other way round: the claim's `from X to
/// Y` where the sentence has `from Y to X` and not `from X to Y` (`from the city centre to
/// the airport` against `from the airport to the city centre`, `spread from humans to
/// birds` against `from birds to humans`). The two words as the claim writes them. Names
/// are read by [`swapped_terms`] too; this reads any word, a number included.
pub(crate) fn direction_reversed(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
) -> Option<(String, String)> {
    let marked = |t: &str| t.contains("from") || t.contains("From") || t.contains("into");
    if !marked(claim) || !marked(evidence) {
        return None;
    }
    let et = evidence_terms.get_or_init(|| terms(evidence));
    let theirs = directions(evidence, et);
    if theirs.is_empty() {
        return None;
    }
    fn key(ts: &[Term], i: usize) -> &str {
        ts.get(i).map(|t| t.key.as_str()).unwrap_or("")
    }
    let stated = |a: &str, b: &str| {
        theirs
            .iter()
            .any(|&(x, y)| related(key(et, x), a) && related(key(et, y), b))
    };
    directions(claim, ct).into_iter().find_map(|(x, y)| {
        let (a, b) = (key(ct, x), key(ct, y));
        (stated(b, a) && !stated(a, b)).then(|| {
            let written = |i: usize| {
                ct.get(i)
                    .and_then(|t| claim.get(t.start..t.end))
                    .unwrap_or("")
            };
            (written(x).to_string(), written(y).to_string())
        })
    })
}

/// Where the words `keys` stand in `ts` one after another: the token range of each
/// occurrence.
fn occurrences(ts: &[Term], keys: &[String]) -> Vec<(usize, usize)> {
    if keys.is_empty() || keys.len() > ts.len() {
        return Vec::new();
    }
    (0..=ts.len() - keys.len())
        .filter(|&i| {
            ts.get(i..i + keys.len())
                .is_some_and(|w| w.iter().zip(keys).all(|(t, k)| &t.key == k))
        })
        .map(|i| (i, i + keys.len()))
        .collect()
}

/// The key of the content word next to tokens `lo..hi` of `text` on the right (or the
/// left): over spaces and at most two function words, never over other punctuation, never
/// over `by` (what stands across a passive's `by` is not the name's own neighbour).
fn neighbour<'t>(text: &str, ts: &'t [Term], lo: usize, hi: usize, right: bool) -> Option<&'t str> {
    neighbour_over(text, ts, lo, hi, right).map(|(k, _, _)| k)
}

/// [`neighbour`], with the keys of the function words passed on the way (`of` in `end of
/// Maleficent`), nearest first, and the key of the token beyond the neighbour (over
/// spaces only; `None` at punctuation or the end): `the` in `the end of Maleficent`.
fn neighbour_over<'t>(
    text: &str,
    ts: &'t [Term],
    lo: usize,
    hi: usize,
    right: bool,
) -> Option<Frame<'t>> {
    let (at, passed) = content_beside(text, ts, lo, hi, right)?;
    let passed: Vec<&str> = passed.map(|t| t.key.as_str()).collect();
    if passed.contains(&"by") {
        return None;
    }
    let t = ts.get(at)?;
    let spaced = |a: &Term, b: &Term| {
        text.get(a.end..b.start)
            .is_some_and(|g| g.chars().all(char::is_whitespace))
    };
    let beyond = if right {
        ts.get(at + 1).filter(|b| spaced(t, b))
    } else {
        at.checked_sub(1)
            .and_then(|p| ts.get(p))
            .filter(|b| spaced(b, t))
    };
    Some((&t.key, passed, beyond.map(|b| b.key.as_str())))
}

/// The content word next to tokens `lo..hi` of `text` on the right (or the left): over
/// spaces only and at most two function words. Returns its index and the function words
/// passed, nearest first; `None` at other punctuation, the text's edge or a third
/// function word. The walk of [`neighbour_over`] and [`side_frame`], which read what
/// they pass each in their own way.
fn content_beside<'t>(
    text: &str,
    ts: &'t [Term],
    lo: usize,
    hi: usize,
    right: bool,
) -> Option<(usize, impl Iterator<Item = &'t Term>)> {
    // `edge`: the last token passed (the name's own at first); `next`: the one looked at.
    let mut edge = if right { hi.checked_sub(1)? } else { lo };
    for _ in 0..3 {
        let next = if right {
            edge + 1
        } else {
            edge.checked_sub(1)?
        };
        let (t, e) = (ts.get(next)?, ts.get(edge)?);
        let gap = if right {
            text.get(e.end..t.start)?
        } else {
            text.get(t.end..e.start)?
        };
        if !gap.chars().all(char::is_whitespace) {
            return None;
        }
        if !t.stop {
            let passed = if right {
                ts.get(hi..next)?
            } else {
                ts.get(next + 1..lo)?
            };
            // Nearest first.
            let n = passed.len();
            return Some((
                next,
                (0..n).filter_map(move |k| passed.get(if right { k } else { n - 1 - k })),
            ));
        }
        edge = next;
    }
    None
}

/// A name's neighbour: see [`neighbour_over`].
type Frame<'t> = (&'t str, Vec<&'t str>, Option<&'t str>);

/// A name put in the place the question gives another name of the claim: the question
/// writes a content word next to one name (`… at the end of maleficent`), over the same
/// function words, on the same side, where the claim writes it next to another name and
/// never next to the first (`Maleficent sang … at the end of Lana Del Rey`). The question
/// states the frame the answer fills, so a name moved out of the place it gives is a
/// swap. The same guards as [`neighbours_swapped`] (passives, coordinations, symmetric
/// relations); the function words passed and the token beyond the word must be the same
/// (`the ceo of microsoft` is not answered wrongly by `Microsoft's CEO is Satya Nadella`,
/// nor `The Colour of Magic starred which star` by `X starred in The Colour of Magic`).
pub(crate) fn question_swapped(
    claim: &str,
    ct: &[Term],
    words: &[ClaimWord],
    question: &str,
    question_terms: &OnceCell<Vec<Term>>,
) -> Option<(String, String)> {
    // No name of the claim in the question: no frame to read.
    if question.is_empty() || !words.iter().any(|w| w.name && w.in_question) {
        return None;
    }
    let runs = name_runs(claim, ct, words);
    if runs.len() < 2 {
        return None;
    }
    let qt = question_terms.get_or_init(|| terms(question));
    for n in &runs {
        let asked = occurrences(qt, &n.keys);
        if asked.is_empty() {
            continue;
        }
        let n_mine = occurrences(ct, &n.keys);
        let inside = |k: &str| runs.iter().any(|r| r.keys.iter().any(|x| x == k));
        for right in [false, true] {
            let frames: Vec<Frame<'_>> = asked
                .iter()
                .filter_map(|&(lo, hi)| neighbour_over(question, qt, lo, hi, right))
                .filter(|(v, _, _)| !inside(v) && !is_symmetric(v))
                .collect();
            // The claim keeps a frame's word beside this name: nothing moved.
            let kept = n_mine.iter().any(|&(lo, hi)| {
                neighbour(claim, ct, lo, hi, right)
                    .is_some_and(|w| frames.iter().any(|(v, _, _)| *v == w))
            });
            if frames.is_empty() || kept {
                continue;
            }
            // Another name, not one holding this one (`Polish` in `Polish-Lithuanian
            // Commonwealth`) nor held by it.
            let parts = |r: &Run| -> Vec<String> {
                r.keys
                    .iter()
                    .flat_map(|k| k.split(['-', '–']).map(str::to_string))
                    .collect()
            };
            let apart = |m: &Run| {
                let (mp, np) = (parts(m), parts(n));
                !mp.iter().all(|k| np.contains(k)) && !np.iter().all(|k| mp.contains(k))
            };
            for m in runs.iter().filter(|m| apart(m)) {
                let m_mine = occurrences(ct, &m.keys);
                let takes = m_mine.iter().any(|&(lo, hi)| {
                    // The same word over the same function words, and the same token
                    // beyond it (`Magic starred which` is not `Astin starred in`).
                    neighbour_over(claim, ct, lo, hi, right)
                        .is_some_and(|frame| frames.contains(&frame))
                });
                if takes
                    && !by_before(claim, ct, &m_mine)
                    && !by_before(claim, ct, &n_mine)
                    && !coordinated(claim, ct, &n_mine, &m_mine)
                    && !related_symmetrically(ct, &n_mine, &m_mine)
                {
                    return Some((
                        n.written(claim, ct)?.to_string(),
                        m.written(claim, ct)?.to_string(),
                    ));
                }
            }
        }
    }
    None
}

/// Two names that exchanged their neighbours: the claim writes a content word next to one
/// name (`… in Wilt Chamberlain history`) where the evidence writes it, on the same side,
/// next to the other name the claim also writes and never next to the first (`… in NBA
/// history`). Pairs that the evidence or the claim coordinates (`X and Y`), passives (a
/// `by` before either name), one phrase (`X of the Y`) and symmetric relations are left
/// alone, as in [`pair_swapped`]. One moved word is enough (the other name's new place
/// often has none: `… for Kane 2024 was Euro.`), so a claim that gives an act to another
/// party than the evidence's subject while meaning the same (`Sub Pop released Bleach`
/// against `Nirvana released Bleach on Sub Pop`), or parallel clauses with their verbs
/// exchanged for synonyms, read as swapped: known false alarms (on the shared dev files,
/// one of 1,270 accepted originals turned, and there the evidence does put the river
/// elsewhere).
fn neighbours_swapped(
    claim: &str,
    ct: &[Term],
    runs: &[Run],
    evidence: &str,
    et: &[Term],
) -> Option<(String, String)> {
    // The distinct names of the claim with their places in both texts.
    struct Name<'r> {
        run: &'r Run,
        mine: Vec<(usize, usize)>,
        theirs: Vec<(usize, usize)>,
    }
    let mut names: Vec<Name<'_>> = Vec::new();
    for r in runs {
        if names.iter().any(|n| n.run.keys == r.keys) {
            continue;
        }
        let theirs = occurrences(et, &r.keys);
        if theirs.is_empty() {
            continue;
        }
        names.push(Name {
            run: r,
            mine: occurrences(ct, &r.keys),
            theirs,
        });
    }
    if names.len() < 2 {
        return None;
    }
    // Each neighbour with the function words passed to reach it.
    let words_over = |text: &str, ts: &[Term], places: &[(usize, usize)], right: bool| {
        places
            .iter()
            .filter_map(|&(lo, hi)| neighbour_over(text, ts, lo, hi, right))
            .map(|(w, over, _)| (w.to_string(), over.join(" ")))
            .collect::<Vec<(String, String)>>()
    };
    // `a`'s neighbour on one side stands there next to `b` in the evidence, over the same
    // function words (`starred in The Colour of Magic` is another construction than
    // `starred David Jason`), never next to `a`, and not next to `b` in the claim.
    let moved = |a: &Name<'_>, b: &Name<'_>| {
        let inside = |k: &str| a.run.keys.iter().chain(&b.run.keys).any(|n| n == k);
        [false, true].into_iter().any(|right| {
            let b_mine = words_over(claim, ct, &b.mine, right);
            let a_theirs = words_over(evidence, et, &a.theirs, right);
            let b_theirs = words_over(evidence, et, &b.theirs, right);
            // Another form of the same word counts as the word (`had beaten Kim
            // Clijsters` for `beat Kim Clijsters`).
            let beside = |ws: &[(String, String)], w: &str| {
                ws.iter().any(|(x, _)| super::support::same_word(x, w))
            };
            words_over(claim, ct, &a.mine, right)
                .into_iter()
                .any(|(w, over)| {
                    !inside(&w)
                        && !is_symmetric(&w)
                        && b_theirs.iter().any(|(x, o)| *x == w && *o == over)
                        && !beside(&a_theirs, &w)
                        && !beside(&b_mine, &w)
                })
        })
    };
    for (i, a) in names.iter().enumerate() {
        for b in names.iter().skip(i + 1) {
            if by_before(claim, ct, &a.mine)
                || by_before(claim, ct, &b.mine)
                || by_before(evidence, et, &a.theirs)
                || by_before(evidence, et, &b.theirs)
                || coordinated(claim, ct, &a.mine, &b.mine)
                || coordinated(evidence, et, &a.theirs, &b.theirs)
                || related_symmetrically(ct, &a.mine, &b.mine)
                || related_symmetrically(et, &a.theirs, &b.theirs)
                // Companions the other way round (`A co-wrote songs with B` against `B
                // co-wrote songs with A`): the two do it together either way. The other
                // name is the subject, with no content word before it (`The company
                // replaced Jones with Smith` names both after its verb: a swap).
                || (with_before(claim, ct, &b.mine)
                    && with_before(evidence, et, &a.theirs)
                    && subject(ct, &a.mine)
                    && subject(et, &b.theirs))
                || (with_before(claim, ct, &a.mine)
                    && with_before(evidence, et, &b.theirs)
                    && subject(ct, &b.mine)
                    && subject(et, &a.theirs))
            {
                continue;
            }
            // Either way: `a`'s neighbour went to `b` or `b`'s to `a`.
            if moved(a, b) || moved(b, a) {
                return Some((
                    a.run.written(claim, ct)?.to_string(),
                    b.run.written(claim, ct)?.to_string(),
                ));
            }
        }
    }
    None
}

/// True when token `i` of `text` (tokenised as `ts`) opens a sentence: the first token, or
/// one after a full stop, a question or exclamation mark or a colon, over spaces and
/// opening quotes or brackets.
fn opens_sentence(text: &str, ts: &[Term], i: usize) -> bool {
    let Some(t) = ts.get(i) else {
        return false;
    };
    let before = match i.checked_sub(1).and_then(|p| ts.get(p)) {
        Some(p) => text.get(p.end..t.start),
        None => text.get(..t.start),
    };
    let Some(gap) = before else {
        return false;
    };
    let gap = gap.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, '"' | '\'' | '“' | '‘' | '(' | '[' | '*' | '•' | '-')
    });
    i == 0 && gap.is_empty() || gap.ends_with(['.', '!', '?', ':'])
}

/// True when one of `places` (token ranges of `ts` in `text`) follows `with` or
/// `alongside` over spaces: the name of a companion (`co-wrote songs with Paul
/// McCartney`).
fn with_before(text: &str, ts: &[Term], places: &[(usize, usize)]) -> bool {
    places.iter().any(|&(lo, _)| {
        lo.checked_sub(1)
            .and_then(|p| ts.get(p).zip(ts.get(lo)))
            .is_some_and(|(w, n)| {
                matches!(w.key.as_str(), "with" | "alongside")
                    && text
                        .get(w.end..n.start)
                        .is_some_and(|g| g.chars().all(char::is_whitespace))
            })
    })
}

/// True when one of `places` (token ranges of `ts`) has no content word before it: the
/// name opens its text (the claim, or the evidence sentence), its subject.
fn subject(ts: &[Term], places: &[(usize, usize)]) -> bool {
    places
        .iter()
        .any(|&(lo, _)| ts.get(..lo).is_some_and(|b| b.iter().all(|t| t.stop)))
}

/// True when one of `places` (token ranges of `ts` in `text`) follows a passive's `by`
/// (over spaces and at most one `the`).
fn by_before(text: &str, ts: &[Term], places: &[(usize, usize)]) -> bool {
    places.iter().any(|&(lo, _)| {
        let mut i = lo;
        for _ in 0..2 {
            let Some(p) = i.checked_sub(1).and_then(|p| ts.get(p).map(|t| (p, t))) else {
                return false;
            };
            let gap = text.get(p.1.end..ts.get(i).map_or(p.1.end, |t| t.start));
            if !gap.is_some_and(|g| g.chars().all(char::is_whitespace)) {
                return false;
            }
            if p.1.key == "by" {
                return true;
            }
            if p.1.key != "the" {
                return false;
            }
            i = p.0;
        }
        false
    })
}

/// Only function words, other names, commas and coordinators between an occurrence of
/// each of `xs` and `ys` (`X and Y`, `X, Z, W and Y`), or a few function words alone
/// (`X of the Y`).
fn coordinated(text: &str, ts: &[Term], xs: &[(usize, usize)], ys: &[(usize, usize)]) -> bool {
    xs.iter().any(|&(xl, xh)| {
        ys.iter().any(|&(yl, yh)| {
            let (lo, hi) = if xh <= yl {
                (xh, yl)
            } else if yh <= xl {
                (yh, xl)
            } else {
                return true;
            };
            let (Some(between), Some(a), Some(b)) = (
                ts.get(lo..hi),
                lo.checked_sub(1).and_then(|i| ts.get(i)),
                ts.get(hi),
            ) else {
                return false;
            };
            let gap = text.get(a.end..b.start).unwrap_or("");
            let plain = !gap.contains(['(', ')', ':', ';', '.']);
            // One noun phrase (`Stephen Curry of the Warriors`): what follows it
            // belongs to both names.
            let phrase = between.len() <= 3
                && between.iter().all(|t| t.stop)
                && !gap.contains([',', '—', '–']);
            let list = between.iter().all(|t| t.stop || t.capitalised)
                && (between
                    .iter()
                    .any(|t| ["and", "or", "nor", "with"].contains(&t.key.as_str()))
                    || gap.contains([',', '&', '/']));
            plain && (phrase || list)
        })
    })
}

/// A symmetric relation between an occurrence of each of `xs` and `ys` (`Lennon married
/// Ono`).
fn related_symmetrically(ts: &[Term], xs: &[(usize, usize)], ys: &[(usize, usize)]) -> bool {
    xs.iter().any(|&(xl, xh)| {
        ys.iter().any(|&(yl, yh)| {
            let (lo, hi) = if xh <= yl { (xh, yl) } else { (yh, xl.max(yh)) };
            ts.get(lo..hi)
                .is_some_and(|b| b.iter().any(|t| is_symmetric(&t.key)))
        })
    })
}

/// True when claim token `x` is an acronym that `text` spells out (`U.S.` / `United
/// States`): the same name, in whatever slot.
fn acronym_written_out(claim: &str, x: &Term, text: &str) -> bool {
    claim
        .get(x.start..x.end)
        .is_some_and(|w| spelled_out_as(text, w))
}

/// True when `short`, as written, is an acronym that `text` spells out, itself or through
/// another form of the same country (`USA`, whose other form `US` is the initials of
/// `United States`; see [`super::places::aliases`]).
fn spelled_out_as(text: &str, short: &str) -> bool {
    use crate::text::acronym::spelled_out;
    super::places::asks_marked(short)
        && (spelled_out(text, short)
            || super::places::aliases(short)
                .iter()
                .any(|a| a.len() <= 6 && spelled_out(text, &a.to_ascii_uppercase())))
}

/// A token of a name: capitalised, or a claim word flagged as a name or an initial.
fn name_like(t: &Term, words: &[ClaimWord]) -> bool {
    t.capitalised
        || words
            .iter()
            .any(|w| (w.name || w.initial) && w.key == t.key)
}

/// The claim's runs of name tokens. Any capitalised word counts here, the first included
/// (`Nevada, Las Vegas`): an ordinary word that opens the sentence (`Typically`) joins the
/// name after it, and a name the evidence does not write whole is never judged.
fn name_runs(claim: &str, ct: &[Term], words: &[ClaimWord]) -> Vec<Run> {
    let is_name = |t: &Term| name_like(t, words);
    let mut runs: Vec<Run> = Vec::new();
    for (i, t) in ct.iter().enumerate() {
        if !is_name(t) {
            continue;
        }
        // A name continues over spaces and the dot of an initial (`John C. Reilly`),
        // not over other punctuation (`Albuquerque, New Mexico` is two names).
        let joined = i
            .checked_sub(1)
            .and_then(|p| ct.get(p))
            .and_then(|p| claim.get(p.end..t.start))
            .is_some_and(|gap| gap.chars().all(|c| c.is_whitespace() || c == '.'));
        match runs.last_mut() {
            Some(r) if r.end == i && joined => {
                r.end = i + 1;
                r.keys.push(t.key.clone());
            }
            _ => runs.push(Run {
                start: i,
                end: i + 1,
                keys: vec![t.key.clone()],
            }),
        }
    }
    runs
}

/// Pairs of content words of `ts` that `text` coordinates (`physics and literature`,
/// `physics (1903) and chemistry`): the second is the first content word after the
/// first, with only function words, numbers and punctuation other than a sentence's end
/// between, an `and` or an `or` among them. Not a second `and` right after a pair joined
/// by a bare `and` (`roots in blues and ragtime and comes from New Orleans`): a list
/// writes commas (`blues, ragtime and soul`), and a second bare `and` joins a clause.
fn coordinated_pairs(text: &str, ts: &[Term]) -> Vec<(usize, usize)> {
    // The words between a pair's members are `and` alone, with nothing but spaces
    // around it.
    let bare_and = |i: usize, j: usize| {
        j == i + 2
            && ts.get(i + 1).is_some_and(|t| t.key == "and")
            && ts
                .get(i)
                .zip(ts.get(j))
                .and_then(|(a, b)| text.get(a.end..b.start))
                .is_some_and(|g| g.trim() == "and")
    };
    let pairs = coordinated_pairs_all(text, ts);
    let mut out = Vec::with_capacity(pairs.len());
    for (n, &(i, j)) in pairs.iter().enumerate() {
        let second = bare_and(i, j)
            && pairs
                .get(..n)
                .is_some_and(|before| before.iter().any(|&(h, k)| k == i && bare_and(h, k)));
        if !second {
            out.push((i, j));
        }
    }
    out
}

/// [`coordinated_pairs`] before a second bare `and` is set aside.
fn coordinated_pairs_all(text: &str, ts: &[Term]) -> Vec<(usize, usize)> {
    let content = |t: &Term| !t.stop && !t.numeric;
    let mut out = Vec::new();
    for (i, a) in ts.iter().enumerate().filter(|(_, t)| content(t)) {
        let Some(j) = (i + 1..ts.len().min(i + 6)).find(|&j| ts.get(j).is_some_and(content)) else {
            continue;
        };
        let (Some(between), Some(b)) = (ts.get(i + 1..j), ts.get(j)) else {
            continue;
        };
        let gap = text.get(a.end..b.start).unwrap_or(".");
        let joined = between.iter().any(|t| t.key == "and" || t.key == "or");
        // Words of an identifier (`help@example.com`, `a.b`) are no list's members.
        let glued = |t: &Term| {
            let before = text.get(..t.start).and_then(|x| x.chars().next_back());
            let mut after = text.get(t.end..).unwrap_or("").chars();
            let (next, then) = (after.next(), after.next());
            before.is_some_and(|c| matches!(c, '@' | '.' | '/' | '_'))
                || next.is_some_and(|c| matches!(c, '@' | '/' | '_'))
                || (next == Some('.') && then.is_some_and(char::is_alphanumeric))
        };
        if joined && !gap.contains(['.', ';', ':', '!', '?', '\n']) && !glued(a) && !glued(b) {
            out.push((i, j));
        }
    }
    out
}

/// Two spellings of one word (`flavor` / `flavour`, `registering` / `registrating`):
/// the same first four letters.
fn spelled_alike(a: &str, b: &str) -> bool {
    related(a, b) || (a.chars().count() >= 4 && a.chars().take(4).eq(b.chars().take(4)))
}

/// A member of a list that the evidence gives with another member in its place: the
/// claim coordinates two words (`physics and literature`), the evidence sentence
/// coordinates the first with a word the claim does not use (`physics (1903) and
/// chemistry`), and no word of the whole source (`in_source`) is the claim's second.
/// Returns the claim's member and the evidence's, as written. Lists of names are left to
/// the name rule, which already finds a name no source states; two spellings of one word
/// (the same first four letters) are not two members.
pub(crate) fn replaced_member(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let et = evidence_terms.get_or_init(|| terms(evidence));
    let theirs = coordinated_pairs(evidence, et);
    if theirs.is_empty() {
        return None;
    }
    let in_claim = |k: &str| ct.iter().any(|t| related(&t.key, k));
    // The function words that join a pair (`and in`, numbers left out): the same in both
    // lists, or they are not one list written two ways (`or call us` against `or by
    // phone`).
    let between = |ts: &[Term], i: usize, j: usize| -> Vec<String> {
        ts.get(i + 1..j)
            .unwrap_or(&[])
            .iter()
            .filter(|t| !t.numeric)
            .map(|t| t.key.clone())
            .collect()
    };
    for (i, j) in coordinated_pairs(claim, ct) {
        let (Some(a), Some(b)) = (ct.get(i), ct.get(j)) else {
            continue;
        };
        // Either member may be the replaced one, in either order (a list says the same
        // in any order).
        for (kept, gone) in [(a, b), (b, a)] {
            if gone.capitalised || kept.capitalised || in_source(&gone.key) {
                continue;
            }
            let other = theirs
                .iter()
                .filter(|&&(x, y)| between(et, x, y) == between(ct, i, j))
                .flat_map(|&(x, y)| [(x, y), (y, x)])
                .find_map(|(ek, eo)| {
                    let (ek, eo) = (et.get(ek)?, et.get(eo)?);
                    (related(&ek.key, &kept.key)
                        && !eo.capitalised
                        && !in_claim(&eo.key)
                        && !one_word(&eo.key, &gone.key)
                        && !super::antonyms::both_deaths(
                            claim.get(gone.start..gone.end).unwrap_or(""),
                            evidence.get(eo.start..eo.end).unwrap_or(""),
                        ))
                    .then_some(eo)
                });
            if let Some(eo) = other {
                return Some((
                    claim.get(gone.start..gone.end)?.to_string(),
                    evidence.get(eo.start..eo.end)?.to_string(),
                ));
            }
        }
    }
    // The whole list replaced: neither member is in the source, and the evidence
    // sentence coordinates two words the claim does not use after a word of the three
    // before the claim's list (`side effects include dizziness and rashes` against `side
    // effects include nausea and heartburn`, `include sourdough loaves and …`).
    fn before(ts: &[Term], i: usize) -> impl Iterator<Item = &str> {
        ts.get(..i)
            .unwrap_or(&[])
            .iter()
            .rev()
            .filter(|t| !t.stop && !t.numeric)
            .take(3)
            .map(|t| t.key.as_str())
    }
    for (i, j) in coordinated_pairs(claim, ct) {
        let (Some(a), Some(b)) = (ct.get(i), ct.get(j)) else {
            continue;
        };
        if [a, b].iter().any(|t| t.capitalised || in_source(&t.key)) {
            continue;
        }
        let other = theirs.iter().find_map(|&(x, y)| {
            let (ex, ey) = (et.get(x)?, et.get(y)?);
            (between(et, x, y) == between(ct, i, j)
                && before(et, x).any(|f| before(ct, i).any(|g| related(f, g)))
                && [ex, ey].iter().all(|t| !t.capitalised && !in_claim(&t.key)))
            .then_some(ex)
        });
        if let Some(ex) = other {
            let (mine, theirs) = (claim.get(a.start..a.end)?, evidence.get(ex.start..ex.end)?);
            // Two words for one death (`were killed and five injured` against `died and
            // five others were injured`) are one member.
            if super::antonyms::both_deaths(mine, theirs) {
                continue;
            }
            return Some((mine.to_string(), theirs.to_string()));
        }
    }
    None
}

/// Two keys that are one word for the replacement rules: two spellings of it
/// ([`spelled_alike`]), one inside the other (`box` / `litterbox`), two names of one
/// place (`uk` / `british`, see [`super::places::same_place_keys`]), or a dimension's
/// adjective and noun ([`same_dimension`]).
fn one_word(a: &str, b: &str) -> bool {
    spelled_alike(a, b)
        || a.contains(b)
        || b.contains(a)
        || super::places::same_place_keys(a, b)
        || same_dimension(a, b)
}

/// Adjectives of dimension and the nouns that name what they measure.
const DIMENSION_NOUNS: &[(&str, &str)] = &[
    ("broad", "breadth"),
    ("deep", "depth"),
    ("heavy", "weight"),
    ("high", "height"),
    ("long", "length"),
    ("old", "age"),
    ("tall", "height"),
    ("wide", "width"),
];

/// True when keys `a` and `b` are a dimension's adjective and its noun (`tall` /
/// `height`: `100 cm tall` says what `100 cm in height` does).
fn same_dimension(a: &str, b: &str) -> bool {
    DIMENSION_NOUNS
        .iter()
        .any(|(adj, noun)| (a == *adj && related(b, noun)) || (b == *adj && related(a, noun)))
}

/// Ordinals: one in the place of another says another rank (`the second woman to win`
/// against `the first woman to win`, `a secondary school` against `a primary school`).
const ORDINALS: &[&str] = &[
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "last",
    "primary",
    "secondary",
    "tertiary",
];

/// True for an ordinal word of [`ORDINALS`] (`third`, `Third`).
pub(crate) fn is_ordinal_word(word: &str) -> bool {
    // Four to nine letters (`last` … `secondary`): the length rules most words out.
    (4..=9).contains(&word.len()) && ORDINALS.iter().any(|o| word.eq_ignore_ascii_case(o))
}

/// Colours, lower case: a closed kind as ranks are (`amber warnings` / `red warnings`,
/// `a silver medal` / `a gold medal`).
const COLOURS: &[&str] = &[
    "amber", "black", "blue", "bronze", "brown", "gold", "golden", "gray", "green", "grey",
    "orange", "pink", "purple", "red", "silver", "violet", "white", "yellow",
];

/// True for a colour of [`COLOURS`] (`red`, `Red`).
pub(crate) fn is_colour_word(word: &str) -> bool {
    (3..=6).contains(&word.len()) && COLOURS.iter().any(|c| word.eq_ignore_ascii_case(c))
}

/// Times of day and seasons, lower case: closed kinds as colours are (`on Tuesday
/// morning` / `on Tuesday evening`, `in the spring of 1990` / `in the autumn of 1990`).
/// `fall` is left out: it is more often the verb.
const TIMES_OF_DAY: &[&str] = &[
    "afternoon",
    "dawn",
    "dusk",
    "evening",
    "midday",
    "midnight",
    "morning",
    "night",
    "noon",
];
const SEASONS: &[&str] = &["autumn", "spring", "summer", "winter"];
/// Spans of time, singular and plural: `in a day` is not `in a week`.
const SPANS: &[&str] = &[
    "century",
    "day",
    "days",
    "decade",
    "decades",
    "fortnight",
    "hour",
    "hours",
    "minute",
    "minutes",
    "month",
    "months",
    "week",
    "weeks",
    "year",
    "years",
];

/// Kin, lower case, sorted (checked in a unit test): who a person is to another is a
/// closed kind (`Her son reported her missing` / `Her husband reported …`). Not the words
/// over several of them (`parent`, `child`, `spouse`, `partner`, `relative`), which a
/// summary writes for one of them.
const KIN: &[&str] = &[
    "aunt",
    "aunts",
    "brother",
    "brothers",
    "cousin",
    "cousins",
    "daughter",
    "daughters",
    "father",
    "fathers",
    "granddaughter",
    "grandfather",
    "grandmother",
    "grandson",
    "husband",
    "husbands",
    "mother",
    "mothers",
    "nephew",
    "nephews",
    "niece",
    "nieces",
    "sister",
    "sisters",
    "son",
    "sons",
    "stepdaughter",
    "stepfather",
    "stepmother",
    "stepson",
    "uncle",
    "uncles",
    "wife",
    "wives",
];

/// True when kin `a` and `b` (keys) may name one tie from its two ends: `X's mother is
/// Y` is `X is the son of Y`, `X's husband` is `his wife X`, siblings and cousins either
/// way round.
fn converse_kin(a: &str, b: &str) -> bool {
    // The side of a tie each names: 1 parents, 2 children, 3 spouses, 4 siblings, 5
    // uncles and aunts, 6 nephews and nieces, 7 grandparents, 8 grandchildren, 9 cousins
    // (a grandparent is a parent's group, plus 6).
    let group = |k: &str| -> Option<u8> {
        let k = k.strip_prefix("step").unwrap_or(k);
        let (grand, k) = match k.strip_prefix("grand") {
            Some(rest) => (true, rest),
            None => (false, k),
        };
        // (By the keys' beginnings: `moth` of `mothers`, `wif` of `wife`.)
        let base = if ["moth", "fath"].iter().any(|w| k.starts_with(w)) {
            1
        } else if ["son", "daught"].iter().any(|w| k.starts_with(w)) {
            2
        } else if ["husband", "wif", "wiv"].iter().any(|w| k.starts_with(w)) {
            3
        } else if k.starts_with("brother") || k.starts_with("sister") {
            4
        } else if k.starts_with("uncl") || k.starts_with("aunt") {
            5
        } else if k.starts_with("nephew") || k.starts_with("niec") {
            6
        } else if k.starts_with("cousin") {
            9
        } else {
            return None;
        };
        Some(if grand { base + 6 } else { base })
    };
    let converse = |g: u8| match g {
        1 => 2,
        2 => 1,
        5 => 6,
        6 => 5,
        7 => 8,
        8 => 7,
        g => g,
    };
    matches!((group(a), group(b)), (Some(x), Some(y)) if converse(x) == y)
}

/// Parts of the body, lower case, sorted (checked in a unit test): where an injury is
/// is a closed kind (`a broken ankle` / `a broken wrist`, `a knee injury` / `a hamstring
/// injury`). Not the words with other common senses (`arm`, `back`, `foot`, `hand`,
/// `head`, `heart`, `face`, `calf`).
const BODY_PARTS: &[&str] = &[
    "achilles",
    "ankle",
    "ankles",
    "brain",
    "cheekbone",
    "collarbone",
    "elbow",
    "elbows",
    "finger",
    "fingers",
    "groin",
    "hamstring",
    "hip",
    "hips",
    "jaw",
    "kidney",
    "kidneys",
    "knee",
    "knees",
    "leg",
    "legs",
    "liver",
    "lung",
    "lungs",
    "neck",
    "pelvis",
    "rib",
    "ribs",
    "shin",
    "shoulder",
    "shoulders",
    "skull",
    "spine",
    "thigh",
    "thumb",
    "toe",
    "toes",
    "wrist",
    "wrists",
];

/// Closed kinds of common nouns, lower case, sorted by word (checked in a unit test), each
/// word with its kind (7 a means of transport, 8 a material, 9 a fuel, 10 a meal, 11 a
/// sample a test is made on, 12 a sport, 13 weather that falls, 14 an animal) and its
/// group within the kind: words of one group say one thing (`plane` / `flight`, `boat` /
/// `ferry`, `lorry` / `truck`, `petrol` / `gas`, `wood` / `timber`, `rain` / `downpour`,
/// `dog` / `puppy`) and are no replacement of each other. Another of the kind in the slot
/// of the sentence's is another thing (`after a motorbike was stolen` against `after a
/// car was stolen`, `a urine test` against `a blood test`, `petrol cars` against `diesel
/// cars`, `Heavy snow caused flooding` against `Heavy rain …`). Left out: words over
/// several of a kind (`vehicle`, `fuel`, `metal`, `meal`, `bird`, `fish`), words whose
/// other senses are common (`coach`, `jet`, `stone`, `paper`, `tea`, `stool`, `wind`,
/// `ice`, `bear`, `seal`, `duck`, `crow`, `fly`). An animal and its young are one group
/// (`sheep` / `lamb`, `cat` / `kitten`).
const COMMON_KINDS: &[(&str, u8, u8)] = &[
    ("aircraft", 7, 0),
    ("airliner", 7, 0),
    ("airliners", 7, 0),
    ("alligator", 14, 7),
    ("alligators", 14, 7),
    ("aluminium", 8, 0),
    ("aluminum", 8, 0),
    ("athletics", 12, 0),
    ("badger", 14, 0),
    ("badgers", 14, 0),
    ("badminton", 12, 1),
    ("baseball", 12, 2),
    ("basketball", 12, 3),
    ("bee", 14, 1),
    ("bees", 14, 1),
    ("bicycle", 7, 1),
    ("bicycles", 7, 1),
    ("bike", 7, 1),
    ("bikes", 7, 1),
    ("blood", 11, 0),
    ("boat", 7, 2),
    ("boats", 7, 2),
    ("boxing", 12, 4),
    ("brass", 8, 1),
    ("breakfast", 10, 0),
    ("breath", 11, 1),
    ("brick", 8, 2),
    ("bricks", 8, 2),
    ("brunch", 10, 1),
    ("bus", 7, 3),
    ("buses", 7, 3),
    ("butterflies", 14, 2),
    ("butterfly", 14, 2),
    ("car", 7, 4),
    ("cars", 7, 4),
    ("cat", 14, 3),
    ("cats", 14, 3),
    ("cattle", 14, 5),
    ("chicken", 14, 4),
    ("chickens", 14, 4),
    ("clay", 8, 3),
    ("coal", 9, 0),
    ("concrete", 8, 4),
    ("copper", 8, 5),
    ("cotton", 8, 6),
    ("cow", 14, 5),
    ("cows", 14, 5),
    ("cricket", 12, 5),
    ("crocodile", 14, 6),
    ("crocodiles", 14, 6),
    ("cycling", 12, 6),
    ("deer", 14, 8),
    ("diesel", 9, 1),
    ("dinner", 10, 2),
    ("dog", 14, 9),
    ("dogs", 14, 9),
    ("dolphin", 14, 10),
    ("dolphins", 14, 10),
    ("downpour", 13, 0),
    ("downpours", 13, 0),
    ("eagle", 14, 11),
    ("eagles", 14, 11),
    ("electric", 9, 2),
    ("elephant", 14, 12),
    ("elephants", 14, 12),
    ("ferries", 7, 2),
    ("ferry", 7, 2),
    ("flight", 7, 0),
    ("flights", 7, 0),
    ("fog", 13, 1),
    ("football", 12, 7),
    ("fox", 14, 13),
    ("foxes", 14, 13),
    ("frog", 14, 14),
    ("frogs", 14, 14),
    ("frost", 13, 2),
    ("gas", 9, 3),
    ("gasoline", 9, 3),
    ("glass", 8, 7),
    ("goat", 14, 15),
    ("goats", 14, 15),
    ("golf", 12, 8),
    ("hail", 13, 3),
    ("hailstones", 13, 3),
    ("helicopter", 7, 5),
    ("helicopters", 7, 5),
    ("hen", 14, 4),
    ("hens", 14, 4),
    ("hockey", 12, 9),
    ("horse", 14, 16),
    ("horses", 14, 16),
    ("hybrid", 9, 4),
    ("hydrogen", 9, 5),
    ("iron", 8, 8),
    ("kitten", 14, 3),
    ("kittens", 14, 3),
    ("lamb", 14, 26),
    ("lambs", 14, 26),
    ("leather", 8, 9),
    ("lion", 14, 17),
    ("lions", 14, 17),
    ("lizard", 14, 18),
    ("lizards", 14, 18),
    ("lorries", 7, 6),
    ("lorry", 7, 6),
    ("lunch", 10, 3),
    ("luncheon", 10, 3),
    ("marble", 8, 10),
    ("mice", 14, 20),
    ("mist", 13, 1),
    ("monkey", 14, 19),
    ("monkeys", 14, 19),
    ("motorbike", 7, 7),
    ("motorbikes", 7, 7),
    ("motorcycle", 7, 7),
    ("motorcycles", 7, 7),
    ("mouse", 14, 20),
    ("netball", 12, 10),
    ("nuclear", 9, 6),
    ("oil", 9, 7),
    ("owl", 14, 21),
    ("owls", 14, 21),
    ("petrol", 9, 3),
    ("pig", 14, 22),
    ("pigs", 14, 22),
    ("plane", 7, 0),
    ("planes", 7, 0),
    ("plastic", 8, 11),
    ("ponies", 14, 16),
    ("pony", 14, 16),
    ("puppies", 14, 9),
    ("puppy", 14, 9),
    ("rabbit", 14, 23),
    ("rabbits", 14, 23),
    ("rain", 13, 0),
    ("rainfall", 13, 0),
    ("rains", 13, 0),
    ("rat", 14, 24),
    ("rats", 14, 24),
    ("rubber", 8, 12),
    ("rugby", 12, 11),
    ("saliva", 11, 2),
    ("scooter", 7, 8),
    ("scooters", 7, 8),
    ("shark", 14, 25),
    ("sharks", 14, 25),
    ("sheep", 14, 26),
    ("ship", 7, 2),
    ("ships", 7, 2),
    ("sleet", 13, 4),
    ("snake", 14, 27),
    ("snakes", 14, 27),
    ("snow", 13, 5),
    ("snowfall", 13, 5),
    ("snowfalls", 13, 5),
    ("soccer", 12, 7),
    ("solar", 9, 8),
    ("spider", 14, 28),
    ("spiders", 14, 28),
    ("squirrel", 14, 29),
    ("squirrels", 14, 29),
    ("steel", 8, 13),
    ("supper", 10, 2),
    ("sweat", 11, 3),
    ("swimming", 12, 12),
    ("taxi", 7, 9),
    ("taxis", 7, 9),
    ("tennis", 12, 13),
    ("tiger", 14, 30),
    ("tigers", 14, 30),
    ("timber", 8, 14),
    ("toad", 14, 31),
    ("toads", 14, 31),
    ("tortoise", 14, 32),
    ("tortoises", 14, 32),
    ("train", 7, 10),
    ("trains", 7, 10),
    ("tram", 7, 11),
    ("trams", 7, 11),
    ("truck", 7, 6),
    ("trucks", 7, 6),
    ("turtle", 14, 32),
    ("turtles", 14, 32),
    ("urine", 11, 4),
    ("van", 7, 12),
    ("vans", 7, 12),
    ("vessel", 7, 2),
    ("vessels", 7, 2),
    ("volleyball", 12, 14),
    ("whale", 14, 33),
    ("whales", 14, 33),
    ("wolf", 14, 34),
    ("wolves", 14, 34),
    ("wood", 8, 14),
    ("wooden", 8, 14),
    ("wool", 8, 15),
    ("woollen", 8, 15),
    ("yacht", 7, 2),
    ("yachts", 7, 2),
];

/// The kind and group of a word of [`COMMON_KINDS`] (any case).
fn common_kind(word: &str) -> Option<(u8, u8)> {
    COMMON_KINDS
        .binary_search_by(|(c, _, _)| c.bytes().cmp(word.bytes().map(|b| b.to_ascii_lowercase())))
        .ok()
        .and_then(|i| COMMON_KINDS.get(i))
        .map(|&(_, kind, group)| (kind, group))
}

/// True when `a` and `b` (as written) are words of one group of [`COMMON_KINDS`]: one
/// thing said in two words (`plane` / `flight`).
fn one_thing(a: &str, b: &str) -> bool {
    matches!((common_kind(a), common_kind(b)), (Some(x), Some(y)) if x == y)
}

/// The closed kind of a word, for [`replaced_word`]: 1 a colour ([`COLOURS`]), 2 a time
/// of day, 3 a season, 4 a span of time ([`SPANS`]), 5 kin ([`KIN`]), 6 a part of the
/// body ([`BODY_PARTS`]), 7 to 14 those of [`COMMON_KINDS`].
fn closed_kind(word: &str) -> Option<u8> {
    if !(3..=13).contains(&word.len()) {
        return None;
    }
    // (The lists of the first four kinds hold no word longer than nine letters.)
    let short = word.len() <= 9;
    let is = |list: &[&str]| short && list.iter().any(|c| word.eq_ignore_ascii_case(c));
    // The two sorted lists, searched by the word in lower case (a copy of it in lower
    // case measured slower).
    let sorted = |list: &[&str]| {
        list.binary_search_by(|c| c.bytes().cmp(word.bytes().map(|b| b.to_ascii_lowercase())))
            .is_ok()
    };
    if is_colour_word(word) {
        Some(1)
    } else if is(TIMES_OF_DAY) {
        Some(2)
    } else if is(SPANS) {
        Some(4)
    } else if is(SEASONS) {
        Some(3)
    } else if sorted(KIN) {
        Some(5)
    } else if sorted(BODY_PARTS) {
        Some(6)
    } else {
        common_kind(word).map(|(kind, _)| kind)
    }
}

/// A word of the claim that the evidence sentence gives another word of the same closed
/// kind in place of: the same words on both sides of it (one on each side, or two before
/// it where it ends the claim), the claim's word nowhere in the sentence and the
/// sentence's nowhere in the claim, and the claim's word written elsewhere in the sources
/// (`in_source`): a word moved into the slot of another. The kinds: ordinals (`the second
/// woman to win` against `the first woman to win` beside `a second Nobel Prize`), colours
/// (`issued red warnings` against `issued amber warnings`), times of day and seasons
/// (`on Tuesday morning` against `on Tuesday evening`) and names (a claim that puts another name of the source in the place of the one its
/// sentence gives). Coverage cannot see it, since every word of the claim stands in the
/// source. Open-class words are left out: on the dev data most such replacements were
/// paraphrases (`statement` / `said`, `meant` / `designed`). Two spellings of one word,
/// and a word inside the other (`box` / `litterbox`), are not a replacement. Returns the
/// claim's word and the evidence's, as written.
pub(crate) fn replaced_word(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let et = evidence_terms.get_or_init(|| terms(evidence));
    let content = |t: &Term| !t.stop && !t.numeric && !t.negation;
    let ordinal = |text: &str, t: &Term| text.get(t.start..t.end).is_some_and(is_ordinal_word);
    let kind = |text: &str, t: &Term| text.get(t.start..t.end).and_then(closed_kind);
    let same_thing =
        |x: &Term, y: &Term| match (claim.get(x.start..x.end), evidence.get(y.start..y.end)) {
            (Some(a), Some(b)) => one_thing(a, b),
            _ => false,
        };
    // Kin and parts of the body, read in any slot below (not `leg`, which its parts are
    // of).
    let loose = |k: u8, t: &Term| matches!(k, 5 | 6) && !t.key.starts_with("leg");
    // The claim's words of those kinds, found while the slots are read (most claims have
    // none).
    let mut loose_words: Vec<(&Term, u8)> = Vec::new();
    // Two anchors are the same word, any article being one (`the first` and `a second`).
    let article = |t: &Term| matches!(t.key.as_str(), "a" | "an" | "the");
    let same = |a: Option<&Term>, b: Option<&Term>| match (a, b) {
        (Some(a), Some(b)) => a.key == b.key || (article(a) && article(b)),
        _ => false,
    };
    for (i, x) in ct.iter().enumerate() {
        // The cheap tests first: most words are of neither kind.
        // A rank is a closed kind: another ordinal in its slot is another rank, whether
        // or not the sources write the claim's elsewhere (`the first malaria vaccine`
        // against `a second malaria vaccine`). A name must be one the sources state
        // (a name they never write is the name rule's).
        // (A function word or a number is of no kind: most words stop here.)
        if !content(x) {
            continue;
        }
        let ranked = ordinal(claim, x);
        let x_kind = if ranked { None } else { kind(claim, x) };
        if let Some(k) = x_kind.filter(|&k| loose(k, x)) {
            loose_words.push((x, k));
        }
        let rank = ranked || x_kind.is_some();
        if !(x.capitalised || rank)
            || et.iter().any(|t| related(&t.key, &x.key))
            || !(rank || in_source(&x.key))
            || acronym_written_out(claim, x, evidence)
        {
            continue;
        }
        let last = i + 1 == ct.len();
        let found = (1..et.len()).find_map(|j| {
            let y = et.get(j)?;
            let before = |n: usize| {
                same(
                    i.checked_sub(n).and_then(|p| ct.get(p)),
                    j.checked_sub(n).and_then(|p| et.get(p)),
                )
            };
            // A word of a closed kind may be anchored by the two words before it
            // wherever it stands (`a new species of lizard has` against `… of frog in`).
            let anchored =
                before(1) && (same(ct.get(i + 1), et.get(j + 1)) || ((last || rank) && before(2)));
            // Two sides of an antonym pair (`first` / `last`) are the antonym rule's: it
            // reads them as a contradiction.
            let antonyms = || {
                let pole =
                    |t: &str, w: &Term| t.get(w.start..w.end).and_then(super::antonyms::pole);
                matches!((pole(claim, x), pole(evidence, y)),
                    (Some(a), Some(b)) if a.pair == b.pair && a.side != b.side)
            };
            let same_kind = (x.capitalised && y.capitalised)
                || (ranked && ordinal(evidence, y))
                || x_kind.is_some_and(|k| kind(evidence, y) == Some(k));
            (anchored
                && content(y)
                && same_kind
                && !ct.iter().any(|t| related(&t.key, &y.key))
                && !one_word(&x.key, &y.key)
                && !same_thing(x, y)
                && !antonyms())
            .then_some(y)
        });
        if let Some(y) = found {
            return Some((
                claim.get(x.start..x.end)?.to_string(),
                evidence.get(y.start..y.end)?.to_string(),
            ));
        }
    }
    // Kin or a part of the body that no source writes, where the sentence gives another
    // of the kind and the claim never does: in any slot (`injuring his knee` against
    // `with a hamstring injury`; `Her husband said` against `Her son told …`).
    for (x, k) in loose_words {
        if in_source(&x.key) || et.iter().any(|t| related(&t.key, &x.key)) {
            continue;
        }
        let other = et.iter().find(|y| {
            kind(evidence, y).is_some_and(|ky| ky == k && loose(ky, y))
                && !ct.iter().any(|t| related(&t.key, &y.key))
                && !one_word(&x.key, &y.key)
                && !converse_kin(&x.key, &y.key)
        });
        if let Some(y) = other {
            return Some((
                claim.get(x.start..x.end)?.to_string(),
                evidence.get(y.start..y.end)?.to_string(),
            ));
        }
    }
    None
}

/// Words in `-est` that are not superlatives (`interest`, `forest`, `request`): with
/// `best`, `worst`, `most` and `least`, every other word of six letters or more in `-est`
/// is read as one (`tallest`, `largest`, `busiest`).
const NOT_SUPERLATIVES: &[&str] = &[
    "arrest",
    "attest",
    "behest",
    "bequest",
    "conquest",
    "contest",
    "detest",
    "digest",
    "earnest",
    "forest",
    "harvest",
    "honest",
    "infest",
    "ingest",
    "inquest",
    "interest",
    "invest",
    "manifest",
    "midwest",
    "modest",
    "northwest",
    "priest",
    "protest",
    "request",
    "southwest",
    "suggest",
    "tempest",
    "unrest",
];

/// The rank an ordinal word gives a superlative after it (`second` 2, `3rd` 3), for the
/// ranks two to ten.
fn rank_of(word: &str) -> Option<u8> {
    // `second` … `tenth`: the words of [`ORDINALS`] after `first`, in order.
    const FIGURES: &[&str] = &[
        "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th",
    ];
    let words = ORDINALS.get(1..10).unwrap_or(&[]);
    words
        .iter()
        .position(|o| word.eq_ignore_ascii_case(o))
        .or_else(|| FIGURES.iter().position(|o| word.eq_ignore_ascii_case(o)))
        .and_then(|p| u8::try_from(p + 2).ok())
}

/// True for a superlative written as one word (`tallest`, `best`), lower case.
fn is_superlative(w: &str) -> bool {
    matches!(w, "best" | "worst")
        || (w.len() >= 6
            && w.ends_with("est")
            && w.bytes().all(|b| b.is_ascii_lowercase())
            && !NOT_SUPERLATIVES.contains(&w))
}

/// A superlative of a text (see [`superlatives`]).
struct Superlative {
    /// What is ranked: the superlative in lower case (`tallest`) or `most` / `least` with
    /// the word after it (`most populous`).
    what: String,
    /// The ordinal's rank before it, joined by a hyphen or not (`second-tallest`, `third
    /// largest`, `2nd most populous`), or 1 with none.
    rank: u8,
    /// As written, its rank included.
    written: String,
    /// Its first token (the rank's, when written apart) and the token after its own words.
    tokens: (usize, usize),
}

/// The superlatives of a text (tokenised as `ts`) with their ranks.
fn superlatives(text: &str, ts: &[Term]) -> Vec<Superlative> {
    let word = |t: &Term| text.get(t.start..t.end).unwrap_or("").to_ascii_lowercase();
    let mut out = Vec::new();
    for (k, t) in ts.iter().enumerate() {
        // Most words are ruled out before any copy: a superlative ends in `-est` (or is
        // `most` / `least`).
        let raw = text.get(t.start..t.end).unwrap_or("").as_bytes();
        let ends = |suffix: &[u8]| {
            raw.len() >= suffix.len()
                && raw[raw.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
        };
        if !(ends(b"est") || raw.eq_ignore_ascii_case(b"most")) {
            continue;
        }
        let w = word(t);
        let (ranked, mut start, rank) = match w.split_once('-') {
            Some((o, s)) => match rank_of(o) {
                Some(r) if is_superlative(s) => (s.to_string(), t.start, Some(r)),
                _ => continue,
            },
            None if is_superlative(&w) => (w, t.start, None),
            None if matches!(w.as_str(), "most" | "least") => match ts.get(k + 1) {
                Some(n) if !n.stop && !n.numeric => (format!("{w} {}", word(n)), t.start, None),
                _ => continue,
            },
            None => continue,
        };
        let (end, past) = if ranked.contains(' ') {
            (ts.get(k + 1).map_or(t.end, |n| n.end), k + 2)
        } else {
            (t.end, k + 1)
        };
        let mut first = k;
        let rank = rank.or_else(|| {
            let p = ts.get(k.checked_sub(1)?)?;
            let r = rank_of(text.get(p.start..p.end)?)?;
            start = p.start;
            first = k - 1;
            Some(r)
        });
        // `one of the tallest`, `among the largest`, `the five largest`: a group, not a
        // rank.
        let before = |n: usize| ts.get(first.checked_sub(n)?).map(word);
        let group = matches!(before(1).as_deref(), Some("the"))
            && matches!(before(2).as_deref(), Some("of" | "among"));
        let counted = before(1).is_some_and(|p| {
            p.bytes().all(|b| b.is_ascii_digit()) || super::numbers::number_word(&p).is_some()
        });
        if group || counted {
            continue;
        }
        out.push(Superlative {
            what: ranked,
            rank: rank.unwrap_or(1),
            written: text.get(start..end).unwrap_or("").to_string(),
            tokens: (first, past),
        });
    }
    out
}

/// A superlative that the claim ranks otherwise than its evidence sentence does: the
/// sentence writes it only with another rank (`the tallest building` against `the
/// second-tallest building`, `the second most populous city` against `the most populous
/// city`). A rank is part of what a superlative states, and coverage barely sees it (one
/// word of many, or none where the rank is joined by a hyphen). Returns the claim's
/// superlative and the sentence's, as written.
pub(crate) fn superlative_ranked_otherwise(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
) -> Option<(String, String)> {
    // The cheap test first: most claims have no superlative.
    let mine = superlatives(claim, ct);
    if mine.is_empty() {
        return None;
    }
    let theirs = superlatives(evidence, evidence_terms.get_or_init(|| terms(evidence)));
    mine.into_iter().find_map(|m| {
        let same: Vec<&Superlative> = theirs.iter().filter(|t| t.what == m.what).collect();
        match same.first() {
            Some(first) if same.iter().all(|t| t.rank != m.rank) => {
                Some((m.written, first.written.clone()))
            }
            _ => None,
        }
    })
}

/// The scope of each superlative of a text (tokenised as `ts`) that has one: `(what is
/// ranked, the key of the noun after it, the key of the scope, the scope as written from
/// the superlative)`, where the scope is the first content word after `in`, `on` or `of`
/// (articles passed) that follows the superlative and at most two lower-case content
/// words (`the highest mountain in Africa`: `highest`, `mountain`, `africa`; `the most
/// populous city of the region`).
fn superlative_scopes(text: &str, ts: &[Term]) -> Vec<(String, String, String, String)> {
    let mut out = Vec::new();
    for Superlative {
        what,
        tokens: (at, past),
        ..
    } in superlatives(text, ts)
    {
        let Some(start) = ts.get(at).map(|t| t.start) else {
            continue;
        };
        // Past the superlative's own words (`most populous`, `second-tallest`).
        let mut k = past;
        let mut noun: Option<&Term> = None;
        while let Some(t) = ts.get(k) {
            if t.stop || t.numeric || t.capitalised || k >= at + 4 {
                break;
            }
            noun = Some(t);
            k += 1;
        }
        // With no noun, the superlative stands for one named before it (`the Groningen
        // gas field, once the largest in Europe`): its noun is empty.
        let Some(prep) = ts.get(k) else {
            continue;
        };
        if !matches!(prep.key.as_str(), "in" | "on" | "of") {
            continue;
        }
        let noun = noun.map_or("", |t| t.key.as_str());
        let mut j = k + 1;
        while ts
            .get(j)
            .is_some_and(|t| matches!(t.key.as_str(), "the" | "a" | "an"))
        {
            j += 1;
        }
        let Some(scope) = ts.get(j).filter(|t| !t.stop && !t.numeric) else {
            continue;
        };
        out.push((
            what,
            noun.to_string(),
            scope.key.clone(),
            text.get(start..scope.end).unwrap_or("").to_string(),
        ));
    }
    out
}

/// True when `claim` may write a superlative (`-est `, `most `, `least `): the cheap test
/// before [`superlative_scoped`] and the window's sentences it reads.
pub(crate) fn may_rank(claim: &str) -> bool {
    claim.contains("est ") || claim.contains("most ") || claim.contains("least ")
}

/// A superlative that the claim gives another scope than a sentence (`evidence`,
/// tokenised as `et`) of its evidence's window does: the sentence ranks the same thing with the same superlative within another scope, and
/// never writes the claim's (`the highest mountain in the world` against `the highest
/// mountain in Africa`, `the largest lake of the region` against `the largest lake in the
/// province`). A model widens a ranking more easily than it invents one, and coverage
/// sees one word of many. Not a scope the question gives (`asked`: a premise the answer
/// repeats). Returns the claim's superlative with its scope and the sentence's, as
/// written.
pub(crate) fn superlative_scoped(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    et: &[Term],
    asked: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let mine = superlative_scopes(claim, ct);
    if mine.is_empty() {
        return None;
    }
    let theirs = superlative_scopes(evidence, et);
    mine.into_iter().find_map(|(what, noun, scope, written)| {
        let same: Vec<&(String, String, String, String)> = theirs
            .iter()
            // (Two superlatives without a noun are of the same thing: `""` is `""`.)
            .filter(|(w, n, ..)| *w == what && related(n, &noun))
            .collect();
        let written_there = asked(&scope) || et.iter().any(|t| related(&t.key, &scope));
        match same.first() {
            Some(first) if !written_there && same.iter().all(|(.., s, _)| !related(s, &scope)) => {
                Some((written, first.3.clone()))
            }
            _ => None,
        }
    })
}

/// A name of the claim in the slot that a sentence of its window gives another name: the
/// claim writes a name `x` that the sources state somewhere (`in_source`), the window
/// (`window`, tokenised as `wt`) writes another name `y` that the claim never uses with
/// the same word before it and the same content word after it, over the same function
/// words (`Lake Michigan is the smallest` against `Lake Ontario is the smallest.` beside
/// `Lake Michigan is the only …`), and nowhere in the window does `x` stand within four
/// words of that content word (`Berlin, the capital of Germany` answers `Berlin is the
/// capital`). A model that mixes up the entities of its sources writes every word of one
/// sentence with the name of another, so coverage cannot see it. Returns the claim's
/// name and the window's, as written.
pub(crate) fn slot_taken(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
    in_source: &dyn Fn(&str) -> bool,
    asked: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let rank = |text: &str, t: &Term| text.get(t.start..t.end).is_some_and(is_ordinal_word);
    for (i, x) in ct.iter().enumerate() {
        // A rank is a closed kind, as for `replaced_word`: whether or not the sources
        // write it elsewhere (`a secondary school` against `a primary school`).
        let ranked = rank(claim, x);
        if !(ranked || (is_name(x) && (in_source(&x.key) || asked(&x.key)))) {
            continue;
        }
        let mine = place_of(claim, ct, i, i + 1);
        let (prev, Some((next, _))) = &mine else {
            continue;
        };
        // With no word before it, a name is placed by the statement it opens (`Lyon is
        // the second-largest city`), and only a name the window writes as one, inside a
        // sentence (`…, and Lyon is the third-largest`): a capitalised first word may be
        // an ordinary one (`Students are required …`).
        // Or a name of the question that the window never writes: what the statement is
        // about, put where the window gives another (`Tokyo is the capital of France` to
        // `Tell me about Tokyo.` against `Paris is the capital of France.`).
        let opening = prev.is_none();
        let asked_only = asked(&x.key)
            && !window
                .iter()
                .any(|(_, wt)| wt.iter().any(|t| t.key == x.key));
        if opening
            && (ranked
                || !ct.get(i + 1).is_some_and(|t| {
                    claim
                        .get(t.start..t.end)
                        .is_some_and(|w| super::support::is_auxiliary(&w.to_ascii_lowercase()))
                })
                || !(asked_only
                    || window.iter().any(|(_, wt)| {
                        wt.iter()
                            .enumerate()
                            .any(|(k, t)| k > 0 && t.capitalised && t.key == x.key)
                    })))
        {
            continue;
        }
        // The other name, too, never written in lower case (`teachers`).
        let proper = |y: &Term| {
            !opening
                || window
                    .iter()
                    .all(|(_, wt)| wt.iter().all(|t| t.key != y.key || t.capitalised))
        };
        // `x` beside the word it is said of somewhere in the window: no slot taken. Not
        // across the start of another clause (`Priya will lead the fix, and Daniel will
        // handle …`: `Daniel` is four words from `lead`, in a clause of its own).
        let near = |text: &str, wt: &[Term], k: usize| {
            (k.saturating_sub(4)..(k + 5).min(wt.len())).any(|j| {
                wt.get(j).is_some_and(|t| &t.key == next)
                    && between_tokens(text, wt, j.min(k), j.max(k))
                        .is_none_or(|gap| !opens_clause(gap))
            })
        };
        if window.iter().any(|&(text, wt)| {
            wt.iter()
                .enumerate()
                .any(|(k, t)| related(&t.key, &x.key) && near(text, wt, k))
        }) {
            continue;
        }
        // A name the claim also writes must have taken `x`'s place in exchange: the
        // claim writes it where the window writes `x` (`Lake Huron is the largest …,
        // followed by Lake Superior` against the reverse), not merely elsewhere (`The
        // House was designed …, while the Senate was intended …` against `The House was
        // meant … The Senate was designed …`).
        let exchanged = |y: &Term| {
            let theirs: Vec<Place> = ct
                .iter()
                .enumerate()
                .filter(|(_, t)| t.key == y.key)
                .map(|(k, _)| place_of(claim, ct, k, k + 1))
                .collect();
            window.iter().any(|&(text, wt)| {
                wt.iter()
                    .enumerate()
                    .filter(|(_, t)| t.key == x.key)
                    .any(|(k, _)| theirs.contains(&place_of(text, wt, k, k + 1)))
            })
        };
        for &(text, wt) in window {
            // A sentence that spells out the claim's acronym names it (`U.S.` / `United
            // States`), whatever its words' places.
            if acronym_written_out(claim, x, text) {
                continue;
            }
            let found = wt.iter().enumerate().find(|&(j, y)| {
                (if ranked { rank(text, y) } else { is_name(y) })
                    && !one_word(&x.key, &y.key)
                    && place_of(text, wt, j, j + 1) == mine
                    && proper(y)
                    && (!ct.iter().any(|t| related(&t.key, &y.key)) || exchanged(y))
            });
            if let Some((_, y)) = found {
                return Some((
                    claim.get(x.start..x.end)?.to_string(),
                    text.get(y.start..y.end)?.to_string(),
                ));
            }
        }
    }
    None
}

/// True when `text` starts another clause inside it: a semicolon, or a comma followed by
/// a word that joins clauses (`, and`, `, but`, `, while`, `, whereas`).
fn opens_clause(text: &str) -> bool {
    text.contains(';')
        || text.match_indices(',').any(|(i, _)| {
            let rest = text.get(i + 1..).unwrap_or("").trim_start();
            let word = rest
                .split(|c: char| !c.is_alphabetic())
                .next()
                .unwrap_or("");
            ["and", "but", "while", "whereas"]
                .iter()
                .any(|w| word.eq_ignore_ascii_case(w))
        })
}

/// The frame of the name at tokens `lo..hi` of `text` on one side: the key of the
/// content word next to it over spaces and at most two function words (`by` included:
/// `directed by`), with those words' keys, nearest first (`headquartered`, [`in`] on the
/// left of `London` in `headquartered in London`; `scored`, [] on the right of
/// `Williams` in `Williams scored`). `None` when punctuation, a name, a number, a negation
/// or the text's edge comes first, or the way passes a coordination (`with Jones … and
/// with Smith`: the name may share a frame written earlier) or a copula (`The secretary of
/// the committee is Tom Reed`: a copula's complement is said of the subject, whose head
/// need not stand next to it; the copula rule's).
fn side_frame<'t>(
    text: &str,
    ts: &'t [Term],
    lo: usize,
    hi: usize,
    right: bool,
) -> Option<(&'t str, Vec<&'t str>)> {
    let (at, passed) = content_beside(text, ts, lo, hi, right)?;
    let mut kept = Vec::new();
    for t in passed {
        let copula = text
            .get(t.start..t.end)
            .is_some_and(super::support::is_auxiliary_ignoring_case);
        if t.negation || copula || matches!(t.key.as_str(), "and" | "or" | "nor" | "but") {
            return None;
        }
        // Articles are passed but not kept: `by the FDA` is in the frame of `by Pfizer`.
        if !matches!(t.key.as_str(), "the" | "a" | "an") {
            kept.push(t.key.as_str());
        }
    }
    let t = ts.get(at)?;
    // A capitalised first word before a preposition opens the sentence with its verb
    // (`Developed by Pfizer, the drug …`, `Born in Memphis, …`).
    let opening = at == 0 && !kept.is_empty();
    ((!t.capitalised || opening) && !t.numeric && !t.negation).then_some((t.key.as_str(), kept))
}

/// Whether punctuation, or the text's edge, stands before token `k` of `text` (between
/// tokens `k - 1` and `k`): where a clause ends or opens.
fn punctuated(text: &str, ts: &[Term], k: usize) -> bool {
    match (k.checked_sub(1).and_then(|p| ts.get(p)), ts.get(k)) {
        (Some(a), Some(b)) => text
            .get(a.end..b.start)
            .is_some_and(|gap| gap.chars().any(|c| !c.is_whitespace())),
        _ => true,
    }
}

/// True when the tokens of `text` from `k` are a time adjunct that ends the clause: `in`,
/// `on`, `during` or `since`, then years, days and months only, then punctuation or the
/// end (`earned her doctorate at the University of Ibadan in 1995.`): the name before it
/// ends its clause as much as one before a full stop.
fn dated_to_the_end(text: &str, ts: &[Term], k: usize) -> bool {
    let Some(first) = ts.get(k) else {
        return false;
    };
    if !["in", "on", "during", "since"].contains(&first.key.as_str()) {
        return false;
    }
    let when = |t: &Term| {
        t.numeric
            || text
                .get(t.start..t.end)
                .is_some_and(super::support::is_calendar_word)
    };
    let n = ts.iter().skip(k + 1).take_while(|t| when(t)).count();
    n > 0 && punctuated(text, ts, k + 1 + n)
}

/// A name that ends a clause of the claim in the frame that a sentence of its window
/// gives another name, or opens one in the frame a sentence gives another subject: the
/// claim writes a name `x` that the sources state somewhere (`in_source`: a name no source
/// writes is the name rule's) after a content word over the same function words
/// (`headquartered in London`; see [`side_frame`]), or before one (`Johnson scored`); a
/// sentence of the window that states every other content word of the claim (at least
/// two of them; another name of the claim may be another sentence's) writes
/// another name `y` in that frame (`headquartered in Leeds and has a sales office in
/// London`, `Williams scored the winning goal after a pass from Johnson`), or in the
/// same relation the other way round (`won by Arsenal` against `Chelsea won the match
/// against Arsenal`, `Johnson scored` against `the goal was scored by Williams`); and
/// wherever the window writes `x`, it stands in another frame: after a content word of
/// another (`office in London`; for a subject, `pass from Johnson`), and never within
/// four words of the claim's (`native to eastern North America`). The places where a
/// model most often puts a name of its sources that belongs elsewhere (`Marie Curie was
/// born in Paris` against `born in Warsaw and later moved to Paris`), and coverage cannot
/// see it: every word is there. Left alone: `x` after punctuation, a name, a
/// coordination or a copula anywhere in the window (`Warsaw, Poland`, `Jerry Bruckheimer
/// and Don Simpson`, `and Pierre Curie in Paris`: a list, an apposition or a clause
/// without its verb may give `x` the same frame), a subject the window never writes
/// capitalised inside a sentence (an ordinary first word), a name that shares a word with
/// `x` (`Nolan` / `Christopher Nolan`), months and weekdays, a negated claim (the polarity
/// rules'). Returns the claim's name and the sentence's, as written.
pub(crate) fn object_taken(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    if ct.iter().any(|t| t.negation) {
        return None;
    }
    let calendar = |text: &str, t: &Term| {
        text.get(t.start..t.end)
            .is_some_and(super::support::is_calendar_word)
    };
    let claim_runs = name_token_runs(claim, ct);
    for &(lo, hi) in &claim_runs {
        let Some(xs) = ct.get(lo..hi) else {
            continue;
        };
        let is_x = |t: &Term| xs.iter().any(|x| one_word(&x.key, &t.key));
        // The object of the clause it ends, else the subject of the clause it opens (a
        // name the window writes as one, inside a sentence).
        let right = if punctuated(claim, ct, hi) || dated_to_the_end(claim, ct, hi) {
            false
        } else if punctuated(claim, ct, lo) {
            true
        } else {
            continue;
        };
        let Some((frame, words)) = side_frame(claim, ct, lo, hi, right) else {
            continue;
        };
        // (Its function words are in no source's keys: `of` in `University of Ibadan`.)
        if xs.iter().any(|t| calendar(claim, t))
            || !xs.iter().filter(|t| !t.stop).all(|t| in_source(&t.key))
        {
            continue;
        }
        if right
            && !window.iter().any(|(_, wt)| {
                wt.iter()
                    .enumerate()
                    .any(|(k, t)| k > 0 && t.capitalised && is_x(t))
            })
        {
            continue;
        }
        let rest: Vec<&str> = ct
            .iter()
            .enumerate()
            .filter(|&(k, t)| (k < lo || k >= hi) && !t.stop)
            .map(|(_, t)| t.key.as_str())
            .collect();
        if rest.len() < 2 {
            continue;
        }
        // The same relation the other way round: a passive's agent against the active
        // subject, and back.
        let turned = |text: &str, wt: &[Term], a: usize, b: usize| {
            if !right && words == ["by"] {
                side_frame(text, wt, a, b, true)
                    .is_some_and(|(f, w)| related(f, frame) && w.is_empty())
            } else if right && words.is_empty() {
                side_frame(text, wt, a, b, false)
                    .is_some_and(|(f, w)| related(f, frame) && w == ["by"])
            } else {
                false
            }
        };
        // `x` in the window: each time in another frame, never within four words of
        // the claim's frame word on its side.
        let elsewhere = window.iter().all(|&(text, wt)| {
            name_token_runs(text, wt).into_iter().all(|(a, b)| {
                if !wt.get(a..b).is_some_and(|r| r.iter().any(is_x)) {
                    return true;
                }
                let (lo, hi) = if right {
                    (b, (b + 4).min(wt.len()))
                } else {
                    (a.saturating_sub(4), a)
                };
                // For a passive's agent (`won by Arsenal`), only the passive counts: an
                // active verb before the name makes it the object (`Chelsea won the match
                // against Arsenal`).
                let passive = !right && words == ["by"];
                let near = (lo..hi).any(|k| {
                    wt.get(k).is_some_and(|t| related(&t.key, frame))
                        && (!passive || wt.get(k + 1).is_some_and(|n| n.key == "by"))
                });
                if near {
                    return false;
                }
                // The relation turned round states it too (`YouTube was acquired by
                // Google` for `Google acquired YouTube`).
                if turned(text, wt, a, b) {
                    return false;
                }
                // A subject in another frame is the object of another word (`a pass
                // from Johnson`) or the subject of another verb in a clause it opens
                // (`Angela Merkel met …`), not the subject of a clause that leaves out its
                // verb (`and Johnson the second`).
                let other = |f: &str| !related(f, frame);
                if right {
                    let after = side_frame(text, wt, a, b, true).map(|(f, _)| f);
                    (side_frame(text, wt, a, b, false).is_some() && after.is_none_or(other))
                        || (punctuated(text, wt, a) && after.is_some_and(other))
                } else {
                    side_frame(text, wt, a, b, false).is_some_and(|(f, _)| other(f))
                }
            })
        });
        if !elsewhere {
            continue;
        }
        // Another name of the claim may come from another sentence of the window, which
        // writes it as a name (`Saka scored twice for Arsenal` against `Manchester City
        // beat Arsenal 3-1 … Erling Haaland scored twice … before Bukayo Saka pulled one
        // back`): a summary joins the names its report gives in separate sentences.
        let named_elsewhere = |k: &str| {
            claim_runs.iter().any(|&(a, b)| {
                (a, b) != (lo, hi) && ct.get(a..b).is_some_and(|r| r.iter().any(|t| t.key == k))
            }) && window
                .iter()
                .any(|(_, us)| us.iter().skip(1).any(|t| t.capitalised && t.key == k))
        };
        for &(text, wt) in window {
            let (stated, unstated): (Vec<&&str>, Vec<&&str>) = rest
                .iter()
                .partition(|k| wt.iter().any(|t| related(&t.key, k)));
            if stated.len() < 2 || !unstated.iter().all(|k| named_elsewhere(k)) {
                continue;
            }
            let runs = name_token_runs(text, wt);
            for &(a, b) in &runs {
                // A name that qualifies the noun after it (`in the African-American
                // communities of New Orleans`) is not what the frame's word is said of,
                // unless a name stands in apposition to that noun (`by the English
                // musician Blanck Mass`): that name is. (A subject before its verb is
                // read by `turned` below.)
                let spaced = |k: usize| {
                    k.checked_sub(1)
                        .and_then(|p| wt.get(p))
                        .zip(wt.get(k))
                        .is_some_and(|(l, n)| text.get(l.end..n.start) == Some(" "))
                };
                let lower = |k: usize| {
                    wt.get(k)
                        .is_some_and(|n| !n.stop && !n.numeric && !n.capitalised)
                        && spaced(k)
                };
                let qualifies = !right && lower(b);
                let head = qualifies
                    .then(|| {
                        let mut c = b;
                        while lower(c) {
                            c += 1;
                        }
                        runs.iter().copied().find(|&(p, _)| p == c && spaced(c))
                    })
                    .flatten();
                let (ya, yb) = head.unwrap_or((a, b));
                let Some(ys) = wt.get(ya..yb) else {
                    continue;
                };
                // A name that shares a word with the claim is the claim's name written
                // otherwise (`Nolan` / `Christopher Nolan`); its function words share
                // nothing (`in` is no word of `Britain`). Not a name the claim writes
                // whole in another place: the two have exchanged frames (`Omar Haddad
                // directed the film, which stars Lena Park` against `directed by Lena Park
                // and stars Omar Haddad`).
                let ys_keys = run_keys(wt, (ya, yb));
                let written_elsewhere = claim_runs
                    .iter()
                    .copied()
                    .find(|&(p, q)| (p, q) != (lo, hi) && run_keys(ct, (p, q)) == ys_keys);
                // Nor a name the claim writes whole in another place and joins to `x`
                // by a relation that reads the same both ways (`Paul McCartney
                // co-wrote songs with John Lennon` against `John Lennon co-wrote songs
                // with Paul McCartney`, `Merkel met Macron` against `Macron met with
                // Merkel`).
                let exchanged_alike = || {
                    written_elsewhere.is_some_and(|(p, q)| {
                        ct.get(if p < lo { q..lo } else { hi..p })
                            .is_some_and(|between| {
                                between
                                    .iter()
                                    .any(|t| t.key == "with" || is_symmetric(&t.key))
                            })
                    })
                };
                if ys.iter().any(|y| is_x(y) || calendar(text, y))
                    || exchanged_alike()
                    || (ct
                        .iter()
                        .filter(|t| !t.stop)
                        .any(|t| ys.iter().any(|y| one_word(&t.key, &y.key)))
                        && written_elsewhere.is_none())
                    || initials_of(claim, xs, text, ys)
                {
                    continue;
                }
                let same = (!qualifies || head.is_some())
                    && side_frame(text, wt, a, b, right)
                        .is_some_and(|(f, w)| related(f, frame) && w == words);
                if same || (head.is_none() && turned(text, wt, a, b)) {
                    let (Some(x0), Some(x1), Some(y0), Some(y1)) =
                        (xs.first(), xs.last(), ys.first(), ys.last())
                    else {
                        continue;
                    };
                    return Some((
                        claim.get(x0.start..x1.end)?.to_string(),
                        text.get(y0.start..y1.end)?.to_string(),
                    ));
                }
            }
        }
    }
    None
}

/// True when one of two names (the tokens `xs` of `a` and `ys` of `b`) is the other's
/// initials, as written (`US` and `United States`, `EU` and `European Union`; `USA` and
/// `United States` through `US`, see [`spelled_out_as`]): one name in two forms, never
/// one put in the other's place.
pub(super) fn initials_of(a: &str, xs: &[Term], b: &str, ys: &[Term]) -> bool {
    fn written<'t>(text: &'t str, ts: &[Term]) -> Option<&'t str> {
        text.get(ts.first()?.start..ts.last()?.end)
    }
    let (Some(x), Some(y)) = (written(a, xs), written(b, ys)) else {
        return false;
    };
    spelled_out_as(y, x) || spelled_out_as(x, y)
}

/// A token of a name: capitalised, and no function word, number or negation.
fn is_name(t: &Term) -> bool {
    t.capitalised && !t.stop && !t.numeric && !t.negation
}

/// Words of rank or office that stand before a person's name as a title (`President Joe
/// Biden`, `Dr Anne Lee`): a name's title is not what the rule of [`modifier_replaced`]
/// reads (a source may give the same person several).
const TITLES: &[&str] = &[
    "ambassador",
    "archbishop",
    "bishop",
    "captain",
    "ceo",
    "cfo",
    "chancellor",
    "chief",
    "coach",
    "colonel",
    "coo",
    "cto",
    "dame",
    "dr",
    "emperor",
    "former",
    "general",
    "governor",
    "judge",
    "justice",
    "king",
    "lady",
    "late",
    "lord",
    "manager",
    "mayor",
    "mep",
    "minister",
    "miss",
    "mp",
    "mr",
    "mrs",
    "ms",
    "pope",
    "premier",
    "president",
    "prince",
    "princess",
    "prof",
    "professor",
    "queen",
    "saint",
    "secretary",
    "senator",
    "sheikh",
    "sir",
    "st",
];

/// True when `word` (as written, a full stop after it allowed: `Dr.`) is one of
/// [`TITLES`], in any case; without a lower-cased copy.
pub(crate) fn is_title(word: &str) -> bool {
    let w = word.trim_end_matches('.');
    TITLES.iter().any(|t| w.eq_ignore_ascii_case(t))
}

/// The claim's modifier of a person's name in the place of the one a sentence of the
/// window gives the same name: a place, team or nationality before it, alone (`Ethiopian
/// Eliud Kipchoge` against `Kenyan Eliud Kipchoge`) or before the same lower-case role
/// (`Everton manager Pep Guardiola` against `Manchester City manager Pep Guardiola`). A
/// model that confuses two entities of its context moves a name the source writes to
/// another's person; each word of the claim is in the source, so the name rule sees
/// nothing. The name is two capitalised words or more; the two modifiers share no word,
/// neither is a title ([`TITLES`]: a source may call one person `Senator` and
/// `President`), and no sentence of the window gives the name the claim's modifier.
/// Returns the claim's modifier with the name and the sentence's, as written.
pub(crate) fn modifier_replaced(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
) -> Option<(String, String)> {
    let titled = |text: &str, ts: &[Term]| {
        ts.iter()
            .any(|t| text.get(t.start..t.end).is_some_and(is_title))
    };
    let same_keys =
        |a: &[Term], b: &[Term]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.key == y.key);
    // Each modified name of a text: (the modifier's tokens, the role's, the name's, the
    // whole as a byte range). A run of three names or more is read at each split that
    // leaves two or more for the name; a run before one or two lower-case words before a
    // run of two or more, as modifier, role and name.
    type Modified<'t> = (&'t [Term], &'t [Term], &'t [Term], (usize, usize));
    fn modified<'t>(text: &str, ts: &'t [Term]) -> Vec<Modified<'t>> {
        let runs = name_token_runs(text, ts);
        let mut out: Vec<Modified<'t>> = Vec::new();
        for (k, &(a, b)) in runs.iter().enumerate() {
            let whole = |from: usize, to: usize| (ts[from].start, ts[to - 1].end);
            for split in a + 1..b.saturating_sub(1) {
                out.push((&ts[a..split], &[], &ts[split..b], whole(a, b)));
            }
            let Some(&(c, d)) = runs.get(k + 1) else {
                continue;
            };
            let role = ts.get(b..c).unwrap_or(&[]);
            let lower = |t: &Term| !t.capitalised && !t.stop && !t.numeric && !t.negation;
            let joined = (b..c).all(|i| spaced(text, &ts[i - 1], &ts[i]))
                && spaced(text, &ts[c - 1], &ts[c]);
            if (1..=2).contains(&role.len()) && role.iter().all(lower) && joined && d - c >= 2 {
                out.push((&ts[a..b], role, &ts[c..d], whole(a, d)));
            }
        }
        out
    }
    let mine = modified(claim, ct);
    if mine.is_empty() {
        return None;
    }
    let theirs: Vec<(usize, Modified<'_>)> = window
        .iter()
        .enumerate()
        .flat_map(|(i, (text, ts))| modified(text, ts).into_iter().map(move |m| (i, m)))
        .collect();
    // Two modifiers share a word where a key of one, or a part of it, is related to one of
    // the other's or to a part of it (`Polish-born` and `Polish`).
    let shares = |a: &[Term], b: &[Term]| {
        a.iter().flat_map(|x| x.key.split('-')).any(|x| {
            b.iter()
                .flat_map(|y| y.key.split('-'))
                .any(|y| super::support::related(x, y))
        })
    };
    for (m_mod, m_role, m_name, m_whole) in &mine {
        if titled(claim, m_mod) {
            continue;
        }
        let same = |(_, (_, role, name, _)): &&(usize, Modified<'_>)| {
            same_keys(role, m_role) && same_keys(name, m_name)
        };
        // The claim's own modifier given to the name somewhere in the window.
        if theirs
            .iter()
            .filter(same)
            .any(|(_, (md, ..))| shares(md, m_mod))
        {
            continue;
        }
        let other = theirs
            .iter()
            .filter(same)
            .find(|(i, (md, ..))| !titled(window[*i].0, md));
        if let Some((i, (_, _, _, w))) = other {
            let text = window[*i].0;
            return Some((
                claim.get(m_whole.0..m_whole.1)?.to_string(),
                text.get(w.0..w.1)?.to_string(),
            ));
        }
    }
    None
}

/// Prepositions of place that a name of [`placed_alike`] follows.
const PLACE_PREPOSITIONS: &[&str] = &["at", "in", "near"];

/// True when `word`, a capitalised word of the claim (as written) after a preposition of
/// place (`in Fishponds`), stands after the same preposition in a sentence of `window`
/// that does not write `theirs`, the name the rule found in its slot (`Bristol`): the
/// window places something there too, in a sentence of its own, so the claim's place is
/// no other name moved into the slot, but one of two places that nest. (Two places of one
/// sentence, `born in Glasgow, will perform in Dublin`, are two slots.)
pub(crate) fn placed_alike(
    claim: &str,
    ct: &[Term],
    word: &str,
    theirs: &str,
    window: &[(&str, &[Term])],
) -> bool {
    let Some(i) = ct
        .iter()
        .position(|t| t.capitalised && claim.get(t.start..t.end) == Some(word))
    else {
        return false;
    };
    let Some(before) = i.checked_sub(1).and_then(|p| ct.get(p)) else {
        return false;
    };
    if !PLACE_PREPOSITIONS.contains(&before.key.as_str()) {
        return false;
    }
    let key = &ct[i].key;
    window.iter().any(|(text, ts)| {
        !text.contains(theirs)
            && ts
                .windows(2)
                .any(|w| w[1].key == *key && w[0].key == before.key)
    })
}

/// Copulas that state what a thing is (`The capital is Canberra`).
pub(crate) const COPULAS: &[&str] = &["is", "was", "are", "were"];

/// The claim's name after a copula that ends it, in the place of the name a sentence of
/// the window gives after the same copula and the same head word: `The capital of
/// Australia is Sydney` against `Australia's largest city is Sydney. The capital is
/// Canberra, … between Sydney and Melbourne.` The head is the subject's word before its
/// `of`, else its last lower-case content word, in the copula's clause (`capital`,
/// `secretary` in `…, and the secretary is Tom Reed`); the claim's name must be in the sources
/// (`in_source`: a name no source writes is the name rule's) and stand within four
/// words of the head in no sentence of the window (`Sydney is the capital of New South
/// Wales` states it the other way round). The window may state it the other way round
/// with another name: `The capital of France is Tokyo` against `Paris is the capital of
/// France` (the name opening the window's sentence before the copula, the head after it
/// with the subject's other words). Returns the claim's name and the sentence's, as
/// written.
pub(crate) fn copula_replaced(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let copula = |text: &str, t: &Term| {
        text.get(t.start..t.end)
            .is_some_and(|w| COPULAS.iter().any(|c| w.eq_ignore_ascii_case(c)))
    };
    // The claim ends `… <head> … is <Name>`.
    let c = ct.iter().rposition(|t| copula(claim, t))?;
    let names = ct.get(c + 1..)?;
    if names.is_empty() || !names.iter().all(is_name) || ct.iter().any(|t| t.negation) {
        return None;
    }
    let last = names.last()?;
    if claim
        .get(last.end..)
        .is_some_and(|rest| rest.chars().any(char::is_alphanumeric))
    {
        return None;
    }
    // The head of the subject before the copula at `at`, in its clause (after the last
    // comma or semicolon): the word before its first `of` (`The secretary of the
    // committee`), else its last lower-case content word (`The largest city`).
    let head_of = |text: &str, ts: &[Term], at: usize| {
        let from = (1..at)
            .rev()
            .find(|&k| {
                let (Some(a), Some(b)) = (ts.get(k - 1), ts.get(k)) else {
                    return false;
                };
                text.get(a.end..b.start)
                    .is_some_and(|gap| gap.contains([',', ';', ':']))
            })
            .unwrap_or(0);
        let clause = ts.get(from..at)?;
        let upto = clause
            .iter()
            .position(|t| {
                text.get(t.start..t.end)
                    .is_some_and(|w| w.eq_ignore_ascii_case("of"))
            })
            .unwrap_or(clause.len());
        clause
            .get(..upto)?
            .iter()
            .rev()
            .find(|t| !t.stop && !t.numeric && !t.capitalised && !t.negation)
            .map(|t| t.key.clone())
    };
    let head = head_of(claim, ct, c)?;
    let mine: Vec<&str> = names.iter().map(|t| t.key.as_str()).collect();
    if !mine.iter().all(|k| in_source(k)) {
        return None;
    }
    // The claim's name near the head anywhere in the window: stated, in some order.
    let near_head = window.iter().any(|(_, wt)| {
        wt.iter().enumerate().any(|(i, t)| {
            related(&t.key, &head)
                && wt
                    .get(i.saturating_sub(4)..(i + 5).min(wt.len()))
                    .unwrap_or(&[])
                    .iter()
                    .any(|x| mine.contains(&x.key.as_str()))
        })
    });
    if near_head {
        return None;
    }
    // The subject's other content words (`france` of `The capital of France`).
    let subject: Vec<&str> = ct
        .get(..c)?
        .iter()
        .filter(|t| !t.stop && !t.numeric && !t.negation && t.key != head)
        .map(|t| t.key.as_str())
        .collect();
    for (text, wt) in window {
        for (e, t) in wt.iter().enumerate() {
            if !copula(text, t) {
                continue;
            }
            // The other way round: `<Name> is the <head> …` with the subject's other words
            // after it (`Paris is the capital of France` against `The capital of France is
            // Tokyo`).
            let after = wt.get(e + 1..).unwrap_or(&[]);
            let turned = after
                .iter()
                .find(|x| !x.stop && !x.numeric && !x.negation)
                .is_some_and(|x| !x.capitalised && related(&x.key, &head))
                && subject
                    .iter()
                    .all(|k| after.iter().any(|x| related(&x.key, k)));
            if turned {
                // The run of names right before the copula, opening its sentence or clause.
                let from = (0..e)
                    .rev()
                    .take_while(|&k| wt.get(k).is_some_and(is_name))
                    .last()
                    .unwrap_or(e);
                let run = wt.get(from..e).unwrap_or(&[]);
                if let (Some(r0), Some(r1)) = (run.first(), run.last()) {
                    let opens = text.get(..r0.start).is_some_and(|g| {
                        let g = g.trim();
                        g.is_empty() || g.ends_with(['.', ',', ';'])
                    });
                    if opens && !run.iter().any(|x| mine.contains(&x.key.as_str())) {
                        return Some((
                            claim.get(names.first()?.start..last.end)?.to_string(),
                            text.get(r0.start..r1.end)?.to_string(),
                        ));
                    }
                }
            }
            if head_of(text, wt, e).is_none_or(|h| !related(&h, &head)) {
                continue;
            }
            let run: Vec<&Term> = wt
                .get(e + 1..)
                .unwrap_or(&[])
                .iter()
                .take_while(|x| is_name(x))
                .collect();
            let (Some(first), Some(end)) = (run.first(), run.last()) else {
                continue;
            };
            if run.iter().any(|x| mine.contains(&x.key.as_str())) {
                continue;
            }
            return Some((
                claim.get(names.first()?.start..last.end)?.to_string(),
                text.get(first.start..end.end)?.to_string(),
            ));
        }
    }
    None
}

/// Comparatives that name one of two after `the` (`the larger body`, `the older sister`).
const COMPARATIVES_OF_TWO: &[&str] = &[
    "bigger", "deeper", "faster", "greater", "heavier", "higher", "larger", "longer", "lower",
    "older", "poorer", "richer", "shorter", "slower", "smaller", "taller", "wider", "younger",
];

/// The superlative predicate after the copula at token `c` of `text` (tokenised as `ts`):
/// `the`, perhaps one adverb before it (`was again the most visited attraction`), a
/// superlative (its rank included), the noun after it, and the content words after the
/// noun in its clause (its scope: `on Earth`, `in Japan`). `(what is ranked, rank, the
/// noun's key, the scope's keys)`.
fn superlative_predicate(
    text: &str,
    ts: &[Term],
    c: usize,
) -> Option<(String, u8, String, Vec<String>)> {
    let word = |i: usize| {
        ts.get(i)
            .and_then(|t| text.get(t.start..t.end))
            .unwrap_or("")
    };
    let the = (c + 1..(c + 3).min(ts.len())).find(|&i| word(i).eq_ignore_ascii_case("the"))?;
    if the == c + 2 && ts.get(c + 1).is_none_or(|t| t.capitalised || t.numeric) {
        return None;
    }
    // A superlative, or a comparative of two (`the larger body`: one of two is the larger).
    let (what, rank, past) = match superlatives(text, ts)
        .into_iter()
        .find(|s| s.tokens.0 == the + 1)
    {
        Some(sup) => (sup.what, sup.rank, sup.tokens.1),
        None => {
            let w = word(the + 1).to_ascii_lowercase();
            if !COMPARATIVES_OF_TWO.contains(&w.as_str()) {
                return None;
            }
            (w, 1, the + 2)
        }
    };
    let noun = (past..(past + 2).min(ts.len()))
        .find(|&i| ts.get(i).is_some_and(|t| !t.stop && !t.numeric))?;
    let clause_end = (noun + 1..ts.len())
        .find(|&i| {
            ts.get(i - 1)
                .zip(ts.get(i))
                .and_then(|(a, b)| text.get(a.end..b.start))
                .is_some_and(|gap| gap.contains([',', ';', ':', '.', '(']))
        })
        .unwrap_or(ts.len())
        .min(noun + 7);
    let scope = ts
        .get(noun + 1..clause_end)?
        .iter()
        .filter(|t| !t.stop && !t.numeric)
        .map(|t| t.key.clone())
        .collect();
    Some((what, rank, ts.get(noun)?.key.clone(), scope))
}

/// The claim's name as the subject of a superlative (or a comparative of two: `The
/// Senate is the larger body` against `The House is the larger body, the Senate the
/// smaller`) that a sentence of the window gives to another name: `The Natural History Museum was the most visited attraction`
/// against `The British Museum was again the most visited attraction, … followed by the
/// Natural History Museum …`, `K2 is the highest mountain on Earth` against `Everest is
/// the highest mountain on Earth, ahead of K2`. The claim opens with its name (after a
/// `the`) before a copula and the superlative; the sentence writes the same superlative
/// of the same rank and noun after a copula whose subject is a name without the claim's
/// words, and its scope holds the claim's (`K2 is the highest mountain in Pakistan`
/// against `Everest is the highest mountain on Earth` is no conflict), or it has none and
/// the window writes the claim's. A window sentence
/// that gives the superlative to the claim's name too states it. The name the sentence
/// writes elsewhere is what the name rules let pass; one no source writes is theirs.
/// Returns the claim's name and the sentence's, as written.
pub(crate) fn superlative_holder_replaced(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let copula = |text: &str, t: &Term| {
        text.get(t.start..t.end)
            .is_some_and(|w| COPULAS.iter().any(|c| w.eq_ignore_ascii_case(c)))
    };
    let c = ct.iter().position(|t| copula(claim, t))?;
    let start = usize::from(
        ct.first()
            .and_then(|t| claim.get(t.start..t.end))
            .is_some_and(|w| w.eq_ignore_ascii_case("the")),
    );
    // A name's word, one with digits after a capital included (`K2`, `G7`).
    let named = |text: &str, t: &Term| {
        is_name(t)
            || (t.numeric
                && text
                    .get(t.start..t.end)
                    .is_some_and(|w| w.starts_with(|ch: char| ch.is_ascii_uppercase())))
    };
    let subject = ct.get(start..c)?;
    if subject.is_empty()
        || !subject.iter().all(|t| named(claim, t))
        || ct.iter().any(|t| t.negation)
    {
        return None;
    }
    let mine: Vec<&str> = subject.iter().map(|t| t.key.as_str()).collect();
    if !mine.iter().all(|k| in_source(k)) {
        return None;
    }
    let (what, rank, noun, scope) = superlative_predicate(claim, ct, c)?;
    let mut other = None;
    for (text, wt) in window {
        for (e, t) in wt.iter().enumerate() {
            if !copula(text, t) {
                continue;
            }
            let Some((w, r, n, theirs)) = superlative_predicate(text, wt, e) else {
                continue;
            };
            if w != what || r != rank || !related(&n, &noun) {
                continue;
            }
            // An unscoped superlative takes its scope from the text around it (`the most
            // visited attraction`, in a report on the UK's museums last year): the claim's
            // scope words need only be in the window then.
            let in_window = |k: &String| {
                window
                    .iter()
                    .any(|(_, ts)| ts.iter().any(|x| related(&x.key, k)))
            };
            let scoped = |k: &String| theirs.iter().any(|x| related(x, k));
            if !scope
                .iter()
                .all(|k| scoped(k) || (theirs.is_empty() && in_window(k)))
            {
                continue;
            }
            let from = (0..e)
                .rev()
                .take_while(|&i| wt.get(i).is_some_and(|x| named(text, x)))
                .last();
            let Some(run) = from.and_then(|f| wt.get(f..e)) else {
                continue;
            };
            // The claim's name, in full or in part (`Everest` of `Mount Everest`, and the
            // other way round; `the Natural History Museum` is not `the British Museum`).
            if mine.iter().all(|k| run.iter().any(|x| x.key == *k))
                || run.iter().all(|x| mine.contains(&x.key.as_str()))
            {
                return None;
            }
            if other.is_none() {
                let (Some(a), Some(b)) = (run.first(), run.last()) else {
                    continue;
                };
                other = text.get(a.start..b.end).map(str::to_string);
            }
        }
    }
    let (a, b) = (subject.first()?, subject.last()?);
    Some((claim.get(a.start..b.end)?.to_string(), other?))
}

/// Where tokens `lo..hi` of `text` (tokenised as `ts`) stand: the key of the token before
/// them over spaces only (`None` at the start or after punctuation), and the content word
/// after them with the function words passed on the way ([`neighbour_over`], joined by
/// spaces; `None` where there is none).
type Place = (Option<String>, Option<(String, String)>);

/// Pronouns that open a sentence as its subject, standing for a name written before.
pub(crate) const SUBJECT_PRONOUNS: &[&str] = &["he", "it", "she", "they"];

/// A name of the question that no source writes (`asked_only`), opening a claim whose
/// statement a sentence of the window makes of a pronoun that stands for the name opening
/// the sentence before it: `Tokyo has about 2.1 million residents` to `What is the
/// population of Tokyo?` against `Paris is the capital of France. It has about 2.1 million
/// residents.` The claim's name (after `the` at most, with the noun it qualifies: `The
/// Congo rainforest covers …`) and the pronoun open their sentences with the same content
/// word after them over the same function words, and the sentence
/// before opens with another name followed by a verb. `window` makes the window's
/// sentences with the one before them, in text order, and `question` the question's terms:
/// each only for a claim that opens with such a name or a pronoun. Returns the claim's
/// name and the other, as written.
pub(crate) fn pronoun_subject_replaced<'w, 'q>(
    claim: &str,
    ct: &[Term],
    window: impl FnOnce() -> Vec<(&'w str, &'w [Term])>,
    asked_only: &dyn Fn(&str) -> bool,
    question: (&'q str, &dyn Fn() -> &'q [Term]),
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let pronoun = |t: &Term| SUBJECT_PRONOUNS.contains(&t.key.as_str());
    // The claim's subject: its name, as written, with its keys; what the claim says of
    // it (one or two readings); the pronoun the evidence must open with, if any.
    let (mine, mine_keys, said_of_name, said_of_noun, own_pronoun) = match ct.first() {
        // A claim that opens with a pronoun speaks of the question's subject, when the
        // question names one thing no source writes (`He was born in Honolulu` to `Where
        // was Joe Biden born?`): the evidence must open with the same pronoun.
        Some(first)
            if pronoun(first)
                && claim
                    .get(..first.start)
                    .is_some_and(|g| g.trim().is_empty()) =>
        {
            let (q, qt) = (question.0, question.1());
            // Not a name after a preposition (`the rainforest in Brazil`): a place or a
            // part of what the question is about, not its subject.
            let after_preposition = |a: usize| {
                let k = if qt.get(a - 1).is_some_and(|t| t.key == "the") {
                    a.checked_sub(2)
                } else {
                    Some(a - 1)
                };
                k.and_then(|k| qt.get(k)).is_some_and(|t| {
                    matches!(
                        t.key.as_str(),
                        "in" | "of"
                            | "at"
                            | "on"
                            | "from"
                            | "to"
                            | "by"
                            | "for"
                            | "with"
                            | "near"
                            | "into"
                            | "across"
                            | "between"
                            | "against"
                    )
                })
            };
            let unwritten: Vec<(usize, usize)> = name_token_runs(q, qt)
                .into_iter()
                .filter(|&(a, b)| {
                    a > 0
                        && !after_preposition(a)
                        && qt
                            .get(a..b)
                            .is_some_and(|r| r.iter().all(|t| !in_source(&t.key)))
                })
                .collect();
            let [(a, b)] = unwritten.as_slice() else {
                return None;
            };
            let (Some(x0), Some(x1)) = (qt.get(*a), qt.get(b - 1)) else {
                return None;
            };
            let keys: Vec<String> = qt.get(*a..*b)?.iter().map(|t| t.key.clone()).collect();
            let said = place_of(claim, ct, 0, 1).1;
            (
                q.get(x0.start..x1.end)?.to_string(),
                keys,
                said.clone(),
                said,
                Some(first.key.as_str()),
            )
        }
        _ => {
            // The name opens the claim, after `the` at most (`The Congo rainforest
            // covers …`).
            let opening = usize::from(ct.first().is_some_and(|t| t.key == "the"));
            ct.get(opening)
                .filter(|t| t.capitalised && asked_only(&t.key))?;
            let runs = name_token_runs(claim, ct);
            let &(lo, hi) = runs.first().filter(|&&(lo, _)| lo == opening)?;
            let keys: Vec<String> = ct.get(lo..hi)?.iter().map(|t| t.key.clone()).collect();
            if !keys.iter().all(|k| asked_only(k)) {
                return None;
            }
            // What the claim says of it: the content word after the name, or after the
            // noun the name qualifies (`Congo rainforest`).
            let noun = ct
                .get(hi)
                .filter(|t| !t.capitalised && !t.stop && !t.numeric && !t.negation)
                .map_or(hi, |_| hi + 1);
            let said = |end: usize| place_of(claim, ct, lo, end).1;
            let (Some(x0), Some(x1)) = (ct.get(lo), ct.get(hi - 1)) else {
                return None;
            };
            (
                claim.get(x0.start..x1.end)?.to_string(),
                keys,
                said(hi),
                said(noun),
                None,
            )
        }
    };
    if said_of_name.is_none() && said_of_noun.is_none() {
        return None;
    }
    for pair in window().windows(2) {
        let [(before, bt), (text, wt)] = pair else {
            continue;
        };
        let opens_with_pronoun = wt.first().is_some_and(|t| {
            pronoun(t)
                && own_pronoun.is_none_or(|p| p == t.key)
                && text.get(..t.start).is_some_and(|g| g.trim().is_empty())
        });
        let theirs_said = place_of(text, wt, 0, 1).1;
        if !opens_with_pronoun
            || theirs_said.is_none()
            || (theirs_said != said_of_name && theirs_said != said_of_noun)
        {
            continue;
        }
        // The sentence before opens with a name (after `the` at most) followed by a word
        // that is not a name.
        let first = usize::from(bt.first().is_some_and(|t| t.key == "the"));
        let theirs = name_token_runs(before, bt)
            .into_iter()
            .find(|&(a, _)| a == first)
            .filter(|&(_, b)| {
                before
                    .get(..bt.get(first).map_or(0, |t| t.start))
                    .is_some_and(|g| {
                        let g = g.trim();
                        g.is_empty() || g.eq_ignore_ascii_case("the")
                    })
                    && bt.get(b).is_some_and(|t| !t.capitalised && !t.numeric)
            });
        let Some((a, b)) = theirs else {
            continue;
        };
        let (Some(y0), Some(y1)) = (bt.get(a), bt.get(b - 1)) else {
            continue;
        };
        // The same name written otherwise (`Amazonian` / `Amazon`, an acronym the sentence
        // spells out) is no other.
        if bt.get(a..b).is_some_and(|r| {
            r.iter()
                .any(|t| mine_keys.iter().any(|k| one_word(k, &t.key)))
        }) || spelled_out_as(before, &mine)
        {
            continue;
        }
        return Some((mine, before.get(y0.start..y1.end)?.to_string()));
    }
    None
}

/// The [`Place`] of tokens `lo..hi` of `text`.
fn place_of(text: &str, ts: &[Term], lo: usize, hi: usize) -> Place {
    let prev = lo.checked_sub(1).and_then(|p| {
        let (p, t) = (ts.get(p)?, ts.get(lo)?);
        text.get(p.end..t.start)?
            .chars()
            .all(char::is_whitespace)
            .then(|| p.key.clone())
    });
    let next = neighbour_over(text, ts, lo, hi, true).map(|(n, o, _)| (n.to_string(), o.join(" ")));
    (prev, next)
}

/// The [`Place`] of a name that tokens `lo..hi` of `text` set off by commas after a noun
/// (`The council's leader, Martin Cole, said …`): that noun before it and the content
/// word after its closing comma, which the name stands in apposition between (`leader`,
/// `said`); `None` for a name not so set off.
fn apposed_place(text: &str, ts: &[Term], lo: usize, hi: usize) -> Option<Place> {
    let (first, last) = (ts.get(lo)?, ts.get(hi.checked_sub(1)?)?);
    let (head, after) = (ts.get(lo.checked_sub(1)?)?, ts.get(hi)?);
    let comma = |gap: &str| gap.trim() == ",";
    if !comma(text.get(head.end..first.start)?) || !comma(text.get(last.end..after.start)?) {
        return None;
    }
    if head.stop || head.capitalised || after.stop {
        return None;
    }
    // Someone who speaks for another (`The company's spokesman, Tom Lin, said …`): what
    // they say, the one they speak for says (`Acme said …`).
    let noun = text.get(head.start..head.end)?.to_lowercase();
    if SPEAKS_FOR.binary_search(&noun.as_str()).is_ok() {
        return None;
    }
    Some((
        Some(head.key.clone()),
        Some((after.key.clone(), String::new())),
    ))
}

/// The [`Place`] of a name that ends at token `hi` of `text`, before a noun set off by
/// commas (`Martin Cole, the council's leader, said …`): that noun and the content word
/// after its closing comma, as [`apposed_place`] gives them for `The council's leader,
/// Martin Cole, said …`. At most five words, all in lower case, between the commas; `None`
/// for a name not so followed.
fn apposed_after(text: &str, ts: &[Term], hi: usize) -> Option<Place> {
    let last = ts.get(hi.checked_sub(1)?)?;
    let open = ts.get(hi)?;
    if text.get(last.end..open.start)?.trim() != "," {
        return None;
    }
    for r in hi..(hi + 5).min(ts.len()) {
        let (word, next) = (ts.get(r)?, ts.get(r + 1)?);
        if word.capitalised || word.numeric {
            return None;
        }
        let gap = text.get(word.end..next.start)?;
        if gap.trim() == "," {
            let noun = text.get(word.start..word.end)?.to_lowercase();
            if word.stop || next.stop || SPEAKS_FOR.binary_search(&noun.as_str()).is_ok() {
                return None;
            }
            // Not a clause after the name (`Chen, who was hired recently, said`).
            let clause = ts.get(hi..r)?.iter().any(|t| {
                text.get(t.start..t.end).is_some_and(|w| {
                    ["who", "which", "that", "whose", "whom", "where", "when"]
                        .iter()
                        .any(|c| w.eq_ignore_ascii_case(c))
                })
            });
            if clause {
                return None;
            }
            return Some((
                Some(word.key.clone()),
                Some((next.key.clone(), String::new())),
            ));
        }
        if !gap
            .chars()
            .all(|c| c.is_whitespace() || c == '\'' || c == '’')
        {
            return None;
        }
    }
    None
}

/// A name's apposition either way round (see [`apposed_place`], [`apposed_after`]).
fn apposed_either(text: &str, ts: &[Term], lo: usize, hi: usize) -> Option<Place> {
    apposed_place(text, ts, lo, hi).or_else(|| apposed_after(text, ts, hi))
}

/// Nouns for someone who speaks for another (see [`apposed_place`]). Sorted.
const SPEAKS_FOR: &[&str] = &[
    "agent",
    "attorney",
    "lawyer",
    "official",
    "representative",
    "spokesman",
    "spokesperson",
    "spokeswoman",
];

/// Lower-case words inside a name (`Guido van Rossum`, `Leonardo da Vinci`, `Declaration
/// of Independence`).
const PARTICLES: &[&str] = &[
    "al", "bin", "da", "de", "del", "der", "di", "du", "la", "le", "of", "van", "von",
];

/// True when tokens `a` and `b` of `text` have spaces only between them (and some).
pub(crate) fn spaced(text: &str, a: &Term, b: &Term) -> bool {
    text.get(a.end..b.start)
        .is_some_and(|g| !g.is_empty() && g.chars().all(char::is_whitespace))
}

/// The runs of name tokens of `ts` (read from `text`): consecutive capitalised content
/// words over spaces, with [`PARTICLES`] between two of them; as token ranges.
pub(crate) fn name_token_runs(text: &str, ts: &[Term]) -> Vec<(usize, usize)> {
    let spaced = |a: &Term, b: &Term| spaced(text, a, b);
    let mut out = Vec::new();
    let mut i = 0;
    while i < ts.len() {
        if !ts.get(i).is_some_and(is_name) {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while let (Some(last), Some(next)) = (ts.get(end - 1), ts.get(end)) {
            if !spaced(last, next) {
                break;
            }
            if is_name(next) {
                end += 1;
            } else if text
                .get(next.start..next.end)
                .is_some_and(|w| PARTICLES.contains(&w))
                && ts
                    .get(end + 1)
                    .is_some_and(|n| is_name(n) && spaced(next, n))
            {
                end += 2;
            } else {
                break;
            }
        }
        out.push((i, end));
        i = end;
    }
    out
}

/// The keys of tokens `a..b` of `ts` (a run of a name).
fn run_keys(ts: &[Term], (a, b): (usize, usize)) -> Vec<&str> {
    ts.get(a..b)
        .unwrap_or(&[])
        .iter()
        .map(|t| t.key.as_str())
        .collect()
}

/// The name whose run starts at token `at` of `ts` (read from `text`; `runs`: its name
/// runs), carried on over initials, quotes and nicknames (`Richard D. Zanuck`, `John
/// Joseph "Jay" Joyce`): its end token and its words' keys.
fn whole_name<'t>(
    text: &str,
    ts: &'t [Term],
    runs: &[(usize, usize)],
    at: usize,
) -> (usize, Vec<&'t str>) {
    let mut end = at;
    let mut keys = Vec::new();
    for &(a, b) in runs.iter().skip_while(|&&(a, _)| a < at) {
        let joined = a == at
            || (a == end
                && ts
                    .get(end.wrapping_sub(1))
                    .zip(ts.get(a))
                    .and_then(|(x, y)| text.get(x.end..y.start))
                    .is_some_and(|g| {
                        g.chars().all(|c| {
                            c.is_whitespace()
                                || matches!(c, '.' | '"' | '\'' | '\u{201c}' | '\u{201d}')
                        })
                    }));
        if !joined {
            break;
        }
        keys.extend(run_keys(ts, (a, b)));
        end = b;
    }
    (end, keys)
}

/// True when two names (their words' keys) share only a family name, their last words,
/// and differ in full first names: two people of one family (`Joel Coen` / `Ethan Coen`),
/// not initials (`R. Zanuck`) and not one first name the short form of the other (`Steve`
/// / `Steven`).
fn kin(mine: &[&str], theirs: &[&str]) -> bool {
    let trail = mine
        .iter()
        .rev()
        .zip(theirs.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let (Some(a), Some(b)) = (
        mine.get(..mine.len().saturating_sub(trail)),
        theirs.get(..theirs.len().saturating_sub(trail)),
    ) else {
        return false;
    };
    trail > 0
        && !a.is_empty()
        && !b.is_empty()
        && a.iter().chain(b).all(|k| k.len() > 2)
        && !a.iter().any(|k| b.contains(k))
        && !a.iter().any(|k| b.iter().any(|t| short_form(k, t)))
}

/// A name put after a passive's `by` where the window gives that verb another agent: the
/// claim writes `<word> by <name>` (`Jaws was directed by Richard D. Zanuck`), a sentence
/// of the window writes the same word before `by` and another name (`directed by Steven
/// Spielberg and produced by Richard D. Zanuck`; a date or place in function words and
/// numbers may stand between, in the same clause: `founded in 1998 by Laura Chen`), no
/// such place lists the claim's name among its names (`directed by Joel and Ethan Coen`),
/// and nowhere in the window does the claim's name stand within six words after the word
/// (counted from its `by`) or three before it where it has no `by` (`Zanuck directed …`,
/// `co-directed with Zanuck`; before a passive's word stands what was done to, `The
/// Global Ghost Team — led by Kevin Mitnick`). The name must be one the sources write (`in_source`: an unwritten name
/// is the name rule's). Every word of the claim is in such a sentence, so coverage cannot
/// see it. Returns the claim's name and the window's, as written.
pub(crate) fn agent_replaced(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let claim_runs = name_token_runs(claim, ct);
    let verb = |t: &Term| !(t.stop || t.numeric || t.capitalised || t.negation || t.key.is_empty());
    let mut done = 0;
    for &(i, _) in &claim_runs {
        // A run inside a name already read (`Matthew "The Granimal" Granahan`).
        if i < done {
            continue;
        }
        let (j, name) = whole_name(claim, ct, &claim_runs, i);
        done = j;
        // The word the name is the agent of: before a passive's `by` (`directed by
        // Richard D. Zanuck`), or right after the name (`Richard D. Zanuck directed`).
        let passive = i
            .checked_sub(1)
            .and_then(|k| ct.get(k))
            .filter(|by| by.key == "by")
            .and_then(|_| i.checked_sub(2).and_then(|k| ct.get(k)))
            .filter(|w| verb(w));
        // After the name, a verb in the past (`directed`, `wrote`), not a noun (`French
        // director`).
        let past = |w: &&Term| {
            claim.get(w.start..w.end).is_some_and(|x| {
                x.ends_with("ed") && x.chars().next().is_some_and(char::is_lowercase)
            }) || super::terms::verb_of(&w.key).is_some()
        };
        // (Not one followed by `by`: `the Global Ghost Team led by Kevin Mitnick` says
        // who led the team.)
        let active = ct
            .get(j)
            .filter(|w| verb(w))
            .filter(past)
            .filter(|w| ct.get(j - 1).is_some_and(|last| spaced(claim, last, w)))
            .filter(|_| ct.get(j + 1).is_none_or(|t| t.key != "by"));
        let Some(word) = passive.or(active) else {
            continue;
        };
        if name.is_empty() || !name.iter().all(|k| in_source(k)) {
            continue;
        }
        let named = |t: &Term| name.contains(&t.key.as_str());
        let mut other: Option<(&str, &[Term], usize, usize)> = None;
        for &(text, wt) in window {
            let runs = name_token_runs(text, wt);
            for (k, w) in wt.iter().enumerate() {
                if !related(&w.key, &word.key) {
                    continue;
                }
                // `by` right after the word, or after a date or place in function words
                // and numbers (`founded in 1998 by Laura Chen`), in the same clause.
                let by = (k + 1..(k + 5).min(wt.len()))
                    .take_while(|&b| {
                        wt.get(b).is_some_and(|t| {
                            text.get(w.end..t.start)
                                .is_some_and(|g| !g.contains([',', ';', '(']))
                        })
                    })
                    .find(|&b| wt.get(b).is_some_and(|t| t.key == "by"))
                    .filter(|&b| {
                        wt.get(k + 1..b)
                            .is_some_and(|g| g.iter().all(|t| t.stop || t.numeric))
                    });
                // The claim's name within six words after the word (counted from its `by`)
                // or three before it: the sentence joins the two (`directed by Joel and
                // Ethan Coen`, `founded in 1998 by Laura Chen and David Park`, `Zanuck
                // directed`).
                // The words after end where the agents do: at a semicolon, or at a comma
                // before a function word that joins no more of them (`designed by Joseph
                // Strauss, with Irving Morrow responsible for the details`).
                let gap = by.map_or(0, |b| b - (k + 1));
                // Through the whole list of names after `by` (`by John Lennon, Paul
                // McCartney and George Harrison`).
                let list = by.map_or(0, |b| {
                    let mut m = b + 1;
                    while let (Some(p), Some(t)) = (wt.get(m - 1), wt.get(m)) {
                        let joined = text
                            .get(p.end..t.start)
                            .is_some_and(|g| g.trim().is_empty() || g.trim() == ",");
                        if !joined || !(is_name(t) || matches!(t.key.as_str(), "and" | "&")) {
                            break;
                        }
                        m += 1;
                    }
                    m
                });
                let limit = (k + 7 + gap).max(list).min(wt.len());
                let end = (k + 2..limit)
                    .find(|&m| {
                        let (Some(p), Some(t)) = (wt.get(m - 1), wt.get(m)) else {
                            return false;
                        };
                        text.get(p.end..t.start).is_some_and(|g| {
                            g.contains(';')
                                || (g.contains(',')
                                    && t.stop
                                    && !matches!(t.key.as_str(), "and" | "or"))
                        })
                    })
                    .unwrap_or(limit);
                let after = k + 1..end;
                // (Before the word only where it is active: a name before a passive's
                // word is what it was done to, `The Global Ghost Team — led by Kevin
                // Mitnick`.)
                let before = if by.is_some() {
                    k..k
                } else {
                    k.saturating_sub(3)..k
                };
                // The claim's name, not a word of it inside another name (`Eiffel` in `The
                // Eiffel Tower was designed by …` is no `Gustave Eiffel`).
                let own = |m: usize| {
                    wt.get(m).is_some_and(named)
                        && runs
                            .iter()
                            .find(|&&(a, b)| a <= m && m < b)
                            .is_none_or(|&(a, b)| {
                                wt.get(a..b).is_some_and(|r| {
                                    r.iter().all(|t| name.contains(&t.key.as_str()))
                                })
                            })
                };
                if after.chain(before).any(own) {
                    return None;
                }
                if let Some(b) = by.filter(|&b| {
                    super::support::same_word(&w.key, &word.key)
                        && runs.iter().any(|&(a, _)| a == b + 1)
                }) {
                    let (end, theirs) = whole_name(text, wt, &runs, b + 1);
                    // One of the name's words in the other's: the same person
                    // (`Spielberg` / `Steven Spielberg`), unless only the family name
                    // (`Joel Coen` / `Ethan Coen`).
                    if !theirs.iter().any(|t| name.contains(t)) || kin(&name, &theirs) {
                        other.get_or_insert((text, wt, b + 1, end));
                    }
                }
            }
            // Elsewhere in the window, a hyphenated form of the word beside the name
            // (`co-founded`): the two are joined.
            if wt.iter().enumerate().any(|(k, w)| {
                w.key.contains('-')
                    && w.key.split('-').any(|p| related(p, &word.key))
                    && wt
                        .get(k.saturating_sub(4)..(k + 5).min(wt.len()))
                        .is_some_and(|near| near.iter().any(named))
            }) {
                return None;
            }
        }
        if let Some((text, wt, a, b)) = other {
            let (Some(x), Some(y)) = (ct.get(i), ct.get(j.saturating_sub(1))) else {
                continue;
            };
            let (Some(p), Some(q)) = (wt.get(a), wt.get(b.saturating_sub(1))) else {
                continue;
            };
            return Some((
                claim.get(x.start..y.end)?.to_string(),
                text.get(p.start..q.end)?.to_string(),
            ));
        }
    }
    None
}

/// Verbs of playing a part (`Roy Scheider played Martin Brody`), by their keys.
const PLAYED: &[&str] = &["play", "portray", "star", "voic"];

/// A name given the part that the window gives another: the claim writes `<name> played
/// <part>` (or `portrayed`, `voiced`, `starred as`), where the part is a name, not a
/// possessive (`Richard Dreyfuss played police chief Martin Brody`), and a sentence of the
/// window writes `<other name> as <part>` (`It stars Roy Scheider as police chief Martin
/// Brody, … Richard Dreyfuss as oceanographer Matt Hooper`), with the part's last word the
/// same; never where the window writes the claim's name before a part's `as` or right
/// after the part in its clause (`Martin Brody (Roy Scheider)`). Returns the claim's name
/// and the window's, as written.
pub(crate) fn part_replaced(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let runs = name_token_runs(claim, ct);
    for (n, &(i, j)) in runs.iter().enumerate() {
        let Some(verb) = ct.get(j) else { continue };
        if !PLAYED.contains(&verb.key.as_str()) {
            continue;
        }
        // The part: the next name run, over `as` and up to two lower-case words
        // (`played police chief Martin Brody`).
        let Some(&(pa, pb)) = runs.get(n + 1) else {
            continue;
        };
        if pa <= j
            || pa > j + 4
            || ct
                .get(j + 1..pa)
                .is_some_and(|g| g.iter().any(|t| t.capitalised))
        {
            continue;
        }
        let Some(part_last) = ct.get(pb - 1) else {
            continue;
        };
        // A possessive is not the part but its owner (`played Forrest's mother`).
        if claim
            .get(part_last.end..)
            .is_some_and(|r| r.starts_with("'s") || r.starts_with("\u{2019}s"))
        {
            continue;
        }
        let name = run_keys(ct, (i, j));
        if name.is_empty() || !name.iter().all(|k| in_source(k)) {
            continue;
        }
        let mut other: Option<String> = None;
        for &(text, wt) in window {
            let wruns = name_token_runs(text, wt);
            for (k, t) in wt.iter().enumerate() {
                if t.key != part_last.key {
                    continue;
                }
                // The claim's name right after the part (`Forrest Gump (Tom Hanks)`,
                // `Martin Brody, played by Roy Scheider`): the window joins the two.
                // In the same clause: a list of parts (`Tom Hanks as Forrest Gump, Robin
                // Wright as Jenny`) puts the next name after a comma.
                let stop = text
                    .get(t.end..)
                    .and_then(|r| r.find([',', ';', '.', '(']).map(|o| t.end + o))
                    .unwrap_or(text.len());
                let after = wt.get(k + 1..(k + 5).min(wt.len())).unwrap_or(&[]);
                if after
                    .iter()
                    .take_while(|x| x.start < stop)
                    .any(|x| name.contains(&x.key.as_str()))
                {
                    return None;
                }
                // `<other> as … <part>`: the run before the `as` that opens the part.
                let Some(as_at) = (k.saturating_sub(5)..k)
                    .rev()
                    .find(|&a| wt.get(a).is_some_and(|x| x.key == "as"))
                else {
                    continue;
                };
                if let Some(&(ma, mb)) = wruns.iter().find(|&&(_, b)| b == as_at) {
                    let theirs = run_keys(wt, (ma, mb));
                    // The claim's own name before the part's `as`: as the claim says.
                    if theirs.iter().any(|x| name.contains(x)) {
                        return None;
                    }
                    if let Some(written) = wt
                        .get(ma)
                        .zip(wt.get(mb.saturating_sub(1)))
                        .and_then(|(a, b)| text.get(a.start..b.end))
                    {
                        other.get_or_insert_with(|| written.to_string());
                    }
                }
            }
        }
        if let (Some(theirs), Some(a), Some(b)) = (other, ct.get(i), ct.get(j - 1)) {
            return Some((claim.get(a.start..b.end)?.to_string(), theirs));
        }
    }
    None
}

/// The subject of a sentence of the window replaced by another of the source's: the
/// claim opens with words (its subject, one to four content words) that a sentence of
/// the window does not write, and goes on with words that sentence writes, every one of
/// them; that sentence writes, in the clause before the claim's first such word, content
/// words of its own that the claim lacks (its own subject); and the sources write the
/// claim's subject elsewhere. `Analysts blamed supply chain problems for the fall`
/// against `Chief executive Elon Musk blamed supply chain problems for the fall.
/// Analysts said demand had weakened.`, `Residents approved the plan` against `The
/// council approved the plan … Residents had opposed it`. A model that summarises
/// several sentences moves their subjects; each word of such a claim is in the source.
/// The same for the words that end the claim (`The report was written by the mayor`
/// against `… written by the city's auditor, Jane Cole. The mayor rejected …`). Not for
/// a negated claim (the polarity rules'), nor a subject the sentence writes anywhere.
/// Returns the claim's words and the sentence's, as written.
pub(crate) fn subject_moved(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    if window.len() < 2 || ct.iter().any(|t| t.negation) {
        return None;
    }
    // Numbers count: a claim's number must be the sentence's too.
    let content = |t: &Term| !t.stop;
    // Function words are compared as written: their keys are stems (`were` → `wer`).
    let is = |text: &str, t: &Term, words: &[&str]| {
        text.get(t.start..t.end)
            .is_some_and(|w| words.iter().any(|x| w.eq_ignore_ascii_case(x)))
    };
    let joining = |text: &str, t: &Term| {
        is(
            text,
            t,
            &["and", "but", "or", "while", "which", "who", "that", "when"],
        )
    };
    let marked = |text: &str, lo: usize, hi: usize| {
        text.get(lo..hi)
            .is_some_and(|g| g.contains([',', ';', ':', '(', ')', '.', '\u{2014}']))
    };
    // Last words are read only after `by` (a passive's agent).
    let has_by = ct.iter().any(|t| t.key == "by");
    for (si, &(text, ts)) in window.iter().enumerate() {
        let holds = |k: &str| ts.iter().any(|t| related(&t.key, k));
        for front in [true, false].into_iter().filter(|&f| f || has_by) {
            // The claim's words, from the end the moved words stand at.
            let order: Vec<usize> = if front {
                (0..ct.len()).collect()
            } else {
                (0..ct.len()).rev().collect()
            };
            let Some(pos) = order
                .iter()
                .position(|&i| ct.get(i).is_some_and(|t| content(t) && holds(&t.key)))
            else {
                continue;
            };
            let own: Vec<&Term> = order[..pos]
                .iter()
                .filter_map(|&i| ct.get(i))
                .filter(|t| content(t))
                .collect();
            let rest: Vec<&Term> = order[pos..]
                .iter()
                .filter_map(|&i| ct.get(i))
                .filter(|t| content(t))
                .collect();
            if own.is_empty()
                || own.len() > 4
                || rest.len() < 2
                || own
                    .iter()
                    .any(|t| t.numeric || holds(&t.key) || !in_source(&t.key))
                || !rest.iter().all(|t| holds(&t.key))
            {
                continue;
            }
            let first = ct.get(order[pos])?;
            let near = own.last()?;
            let far = own.first()?;
            // The moved words are one phrase right beside the first word the sentence
            // holds (function words between), with no clause mark or joining word.
            let (lo, hi) = if front {
                (far.start, first.end)
            } else {
                (first.start, far.end)
            };
            if ct
                .iter()
                .any(|t| t.start >= lo && t.end <= hi && joining(claim, t))
                || marked(claim, lo, hi)
            {
                continue;
            }
            let between: Vec<&Term> = ct
                .iter()
                .filter(|t| {
                    if front {
                        t.start >= near.end && t.end <= first.start
                    } else {
                        t.start >= first.end && t.end <= near.start
                    }
                })
                .collect();
            // Between the moved words and that word: auxiliaries only before a verb
            // (`Residents had opposed`), `by` and an article before a passive's agent
            // (`written by the mayor`: last words are moved only there).
            let link_ok = |text: &str, xs: &[&Term]| {
                if front {
                    xs.iter().all(|t| is(text, t, LINKING_AUXILIARIES))
                } else {
                    xs.iter().any(|t| t.key == "by")
                        && xs.iter().all(|t| is(text, t, &["by", "the", "a", "an"]))
                }
            };
            if !link_ok(claim, &between) {
                continue;
            }
            // Part of one name with the first word the sentence holds (`Bill Clinton`
            // against `William Clinton`): the name rules read it.
            if front && near.capitalised && first.capitalised && between.is_empty() {
                continue;
            }
            // Another sentence of the window says the claim's words with that word (`Paul
            // Allen co-founded the company`): the claim joins what the source joins.
            let parts = |k: &str, x: &str| k.split('-').any(|p| related(p, x)) || related(k, x);
            let joined_elsewhere = window.iter().enumerate().any(|(j, &(_, us))| {
                j != si
                    && us
                        .iter()
                        .any(|u| own.iter().any(|o| related(&o.key, &u.key)))
                    && us.iter().any(|u| parts(&u.key, &first.key))
            });
            if joined_elsewhere {
                continue;
            }
            let Some(at) = ts.iter().position(|t| related(&t.key, &first.key)) else {
                continue;
            };
            // The sentence's own words right beside that word, in its clause, linked to
            // it as the claim's are.
            let mut theirs: Vec<&Term> = Vec::new();
            let mut link: Vec<&Term> = Vec::new();
            let mut prev = ts.get(at);
            let side: Box<dyn Iterator<Item = &Term>> = if front {
                Box::new(ts[..at].iter().rev())
            } else {
                Box::new(ts.get(at + 1..).unwrap_or(&[]).iter())
            };
            let mut by = false;
            // A subject that opens with an article or a demonstrative, after a verb, is
            // complete there (`Elon Musk said the company would build …`: the company).
            let mut determined = false;
            for t in side {
                if determined && content(t) {
                    break;
                }
                let (x, y) = match prev {
                    Some(p) if front => (t.end, p.start),
                    Some(p) => (p.end, t.start),
                    None => break,
                };
                if marked(text, x, y) || joining(text, t) {
                    break;
                }
                prev = Some(t);
                by |= t.key == "by";
                if content(t) {
                    if ct.iter().any(|c| related(&c.key, &t.key)) {
                        break;
                    }
                    theirs.push(t);
                } else if theirs.is_empty() {
                    link.push(t);
                } else if front {
                    // Function words before the subject end it (`… said that the council`).
                    if !matches!(t.key.as_str(), "the" | "a" | "an" | "of" | "at" | "in") {
                        break;
                    }
                    determined = is(text, t, &["the", "a", "an", "this", "these", "those"]);
                }
            }
            if theirs.is_empty() || (!front && !by) || !link_ok(text, &link) {
                continue;
            }
            // The claim's subject opens a sentence of its own elsewhere in the window (its
            // first content word is that sentence's: `Analysts said …`, `Residents had
            // opposed …`).
            // (Not a sentence that negates: where the sources say the subject's
            // sentence denies what the claim says, `negated_elsewhere` tells so.)
            // The sentence's first words count as its subject's when they run on with
            // spaces only between them, up to four (`Local shop owners had …` opens with
            // the claim's `Shop owners`).
            let opens = window.iter().enumerate().position(|(j, &(ut, us))| {
                j != si
                    && !us.iter().any(|u| u.negation)
                    && us.iter().position(content).is_some_and(|f| {
                        let spaced = |k: usize| {
                            k == f
                                || us.get(k - 1).zip(us.get(k)).is_some_and(|(p, u)| {
                                    ut.get(p.end..u.start)
                                        .is_some_and(|g| g.chars().all(char::is_whitespace))
                                })
                        };
                        us.get(f..)
                            .unwrap_or(&[])
                            .iter()
                            .enumerate()
                            .take(4)
                            .take_while(|&(n, u)| content(u) && spaced(f + n))
                            .any(|(_, u)| own.iter().any(|o| related(&o.key, &u.key)))
                    })
            });
            let opened = match opens {
                Some(j) => j,
                None if front => continue,
                None => usize::MAX,
            };
            // A definite description after the sentence that names the claim's subject
            // may be that subject (`Apple unveiled … The company said …`): the claim
            // names what the sentence calls `the company`.
            let described = theirs.iter().all(|t| !t.capitalised)
                && theirs.last().is_some_and(|t| {
                    ts.iter()
                        .rev()
                        .find(|u| u.end <= t.start)
                        .is_some_and(|u| is(text, u, &["the", "this", "that", "these", "those"]))
                });
            if front && described && opened < si {
                continue;
            }
            let span = |text: &str, xs: &[&Term]| -> Option<String> {
                let lo = xs.iter().map(|t| t.start).min()?;
                let hi = xs.iter().map(|t| t.end).max()?;
                text.get(lo..hi).map(str::to_string)
            };
            return Some((span(claim, &own)?, span(text, &theirs)?));
        }
    }
    None
}

/// Auxiliaries that may stand between a subject and its verb (`Residents had opposed`).
const LINKING_AUXILIARIES: &[&str] = &[
    "am", "are", "be", "been", "can", "could", "did", "do", "does", "had", "has", "have", "is",
    "may", "might", "must", "shall", "should", "was", "were", "will", "would",
];

/// A name of a list that a sentence of the window gives with other names: the claim
/// joins two names (`Steve Jobs and Tim Cook`), a sentence of the window writes the first
/// in a list of names (joined by commas, `and`, `or`) that lacks the second (`Steve
/// Jobs, Steve Wozniak and Ronald Wayne`), and every sentence of the window that writes
/// the second says none of the claim's other content words (`Tim Cook became chief
/// executive`): the source never joins it to what the claim says. Returns the claim's
/// member and the sentence's list, as written.
pub(crate) fn replaced_name_member(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
) -> Option<(String, String)> {
    if window.len() < 2 || !(claim.contains(" and ") || claim.contains(" or ")) {
        return None;
    }
    // Runs of names joined into a list: consecutive runs with only commas, `and`, `or`
    // between.
    let lists = |text: &str, ts: &[Term]| -> Vec<Vec<(usize, usize)>> {
        let mut out: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut prev: Option<(usize, usize)> = None;
        for run in name_token_runs(text, ts) {
            let joined = prev.is_some_and(|(_, b)| {
                let gap_ok = ts
                    .get(b..run.0)
                    .is_some_and(|g| g.iter().all(|t| matches!(t.key.as_str(), "and" | "or")));
                let raw = ts
                    .get(b.wrapping_sub(1))
                    .zip(ts.get(run.0))
                    .and_then(|(x, y)| text.get(x.end..y.start))
                    .unwrap_or("x");
                gap_ok
                    && raw
                        .chars()
                        .all(|c| c == ',' || c.is_alphabetic() || c.is_whitespace())
            });
            match out.last_mut() {
                Some(list) if joined => list.push(run),
                _ => out.push(vec![run]),
            }
            prev = Some(run);
        }
        out
    };
    let writes = |ts: &[Term], keys: &[&str]| keys.iter().all(|k| ts.iter().any(|t| t.key == *k));
    let pairs: Vec<Vec<(usize, usize)>> = lists(claim, ct)
        .into_iter()
        .filter(|l| l.len() == 2)
        .collect();
    if pairs.is_empty() {
        return None;
    }
    // The window's lists of two names or more, read once.
    let window_lists: Vec<Vec<Vec<(usize, usize)>>> = window
        .iter()
        .map(|&(text, ts)| {
            lists(text, ts)
                .into_iter()
                .filter(|l| l.len() >= 2)
                .collect()
        })
        .collect();
    for list in &pairs {
        let (Some(&x), Some(&y)) = (list.first(), list.get(1)) else {
            continue;
        };
        let names = [run_keys(ct, x), run_keys(ct, y)];
        // The claim's other content words: what it says of the two.
        let said: Vec<&str> = ct
            .iter()
            .enumerate()
            .filter(|&(i, t)| {
                !t.stop
                    && !t.numeric
                    && !t.capitalised
                    && !(x.0..x.1).contains(&i)
                    && !(y.0..y.1).contains(&i)
            })
            .map(|(_, t)| t.key.as_str())
            .collect();
        if said.is_empty() {
            continue;
        }
        for (kept, gone, gone_run) in [(&names[0], &names[1], y), (&names[1], &names[0], x)] {
            let listed = window
                .iter()
                .zip(&window_lists)
                .find_map(|(&(text, ts), ls)| {
                    if writes(ts, gone) {
                        return None;
                    }
                    ls.iter()
                        .find(|l| l.iter().any(|&r| run_keys(ts, r) == *kept))
                        .map(|l| (text, ts, l))
                });
            let Some((text, ts, l)) = listed else {
                continue;
            };
            // Where the window writes the other name, it never says what the claim says.
            let elsewhere: Vec<&&[Term]> = window
                .iter()
                .map(|(_, ts)| ts)
                .filter(|ts| writes(ts, gone))
                .collect();
            if elsewhere.is_empty()
                || elsewhere.iter().any(|ts| {
                    // Each part of a hyphenated word too (`co-founder`).
                    said.iter()
                        .any(|k| ts.iter().any(|t| t.key.split('-').any(|p| related(p, k))))
                })
            {
                continue;
            }
            let (Some(&(a, _)), Some(&(_, b))) = (l.first(), l.last()) else {
                continue;
            };
            return Some((
                between_tokens(claim, ct, gone_run.0, gone_run.1.checked_sub(1)?)?.to_string(),
                between_tokens(text, ts, a, b.checked_sub(1)?)?.to_string(),
            ));
        }
    }
    None
}

/// A role given to another name: the evidence sentence writes a lower-case word right
/// before each of two names (`pianist Chris Martin, … drummer Phil Selway`); the claim
/// says the other's word of one of them (right before it, or over a copula: `Chris Martin
/// is the band's drummer`), without its own word and without the other name. Returns the
/// claim's name and the other, as written.
pub(crate) fn apposition_swapped(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
) -> Option<(String, String)> {
    if !ct.iter().any(|t| t.capitalised) {
        return None;
    }
    let et = evidence_terms.get_or_init(|| terms(evidence));
    // Each name of the evidence with the word right before it (over spaces only).
    let appositions: Vec<(&str, Vec<&str>, (usize, usize))> = name_token_runs(evidence, et)
        .into_iter()
        .filter_map(|(a, b)| {
            let role = et.get(a.checked_sub(1)?)?;
            let first = et.get(a)?;
            let last = et.get(b.checked_sub(1)?)?;
            // A name right before a lower-case word qualifies it (`fictional Bengal
            // tiger`): the word before is that noun's, not the name's.
            let qualifies = et
                .get(b)
                .is_some_and(|n| !n.stop && !n.capitalised && spaced(evidence, last, n));
            if !spaced(evidence, role, first)
                || qualifies
                || role.stop
                || role.capitalised
                || role.numeric
            {
                return None;
            }
            let keys = et.get(a..b)?.iter().map(|t| t.key.as_str()).collect();
            Some((role.key.as_str(), keys, (a, b)))
        })
        .collect();
    if appositions.len() < 2 {
        return None;
    }
    let writes = |k: &str| ct.iter().any(|t| t.key == k);
    // The name's own word, in any form (`beat Kim Clijsters` for `had beaten Kim
    // Clijsters`).
    let writes_form = |k: &str| ct.iter().any(|t| super::support::same_word(&t.key, k));
    let copula = |t: &Term| {
        claim.get(t.start..t.end).is_some_and(|w| {
            COPULAS
                .iter()
                .chain(&["as", "became", "becomes", "remains", "remained"])
                .any(|c| w.eq_ignore_ascii_case(c))
        })
    };
    // The claim says `role` of the name at tokens `lo..hi`: right before it (`drummer
    // Chris Martin`), after it over a copula (`Chris Martin is the band's drummer`), or
    // before it over one (`The band's guitarist is Guy Berryman`).
    let says_of = |role: &str, lo: usize, hi: usize| {
        ct.iter().enumerate().any(|(i, t)| {
            t.key == role
                && ((i + 1 == lo && ct.get(lo).is_some_and(|n| spaced(claim, t, n)))
                    || (i >= hi && i - hi <= 4 && ct.get(hi).is_some_and(copula))
                    || (i < lo
                        && lo - i <= 3
                        && ct.get(i + 1..lo).is_some_and(|b| b.iter().any(copula))))
        })
    };
    for (lo, hi) in name_token_runs(claim, ct) {
        let keys: Vec<&str> = ct.get(lo..hi)?.iter().map(|t| t.key.as_str()).collect();
        let Some((own, _, _)) = appositions.iter().find(|(_, n, _)| *n == keys) else {
            continue;
        };
        if writes_form(own) {
            continue;
        }
        let other = appositions.iter().find(|(role, n, _)| {
            // Another name (not the claim's, which may share a word with it: `Jonny
            // Greenwood` / `Colin Greenwood`) that the claim does not write whole.
            !super::support::same_word(role, own)
                && says_of(role, lo, hi)
                && *n != keys
                && !n.iter().all(|k| writes(k))
        });
        if let Some(&(_, _, (a, b))) = other {
            return Some((
                between_tokens(claim, ct, lo, hi.checked_sub(1)?)?.to_string(),
                between_tokens(evidence, et, a, b.checked_sub(1)?)?.to_string(),
            ));
        }
    }
    None
}

/// Prepositions after which [`slot_replaced`] reads a name as the filler of its word's
/// slot: the agent (`funded by the Wellcome Trust`) and the place (`a warehouse in
/// Salford`, `at the Emirates Stadium`). Others name one of many (`names for Germany`,
/// `trade with France`).
const SLOT_PREPOSITIONS: &[&str] = &["at", "by", "in"];

/// Whether token `at` of `ts` is an article.
fn is_article(text: &str, ts: &[Term], at: usize) -> bool {
    ts.get(at)
        .and_then(|t| text.get(t.start..t.end))
        .is_some_and(|w| ["the", "a", "an"].iter().any(|a| w.eq_ignore_ascii_case(a)))
}

/// The name that fills a slot from token `at` of `ts` on (over one article and up to two
/// lower-case words before it): a run of
/// capitalised words, no month or weekday, that ends its noun phrase (not `the EU's
/// agreements`, `a Mexican actor`). Its token range.
fn slot_name(text: &str, ts: &[Term], at: usize) -> Option<(usize, usize)> {
    let mut at = if is_article(text, ts, at) { at + 1 } else { at };
    // Over up to two lower-case words that title or place the name (`by chief executive
    // Tim Cook`, `in central Salford`).
    for _ in 0..2 {
        match (ts.get(at), ts.get(at + 1)) {
            (Some(w), Some(n)) if !w.capitalised && !w.stop && !w.numeric && spaced(text, w, n) => {
                at += 1;
            }
            _ => break,
        }
    }
    let first = ts.get(at)?;
    if !is_name(first) {
        return None;
    }
    let mut end = at + 1;
    while let (Some(last), Some(next)) = (ts.get(end - 1), ts.get(end)) {
        if !is_name(next) || !spaced(text, last, next) {
            break;
        }
        end += 1;
    }
    let last = ts.get(end - 1)?;
    let possessive = text
        .get(last.end..)
        .is_some_and(|r| r.starts_with("'s") || r.starts_with("’s"));
    let qualifies = ts
        .get(end)
        .is_some_and(|n| !n.stop && !n.capitalised && spaced(text, last, n));
    let dated = ts.get(at..end)?.iter().any(|t| {
        text.get(t.start..t.end)
            .is_some_and(super::support::is_calendar_word)
    });
    (!possessive && !qualifies && !dated).then_some((at, end))
}

/// A name of the claim put in the slot that the sources fill with another name: the claim
/// writes a content word, a preposition of [`SLOT_PREPOSITIONS`] and the name (`a blaze
/// at a warehouse in Oldham`, `published by Penguin`); a source writes the same word and
/// preposition before another name (`a warehouse in Salford`, `published by Faber`) and
/// the claim's name elsewhere, and no sentence writes the word, or a form of it, with the
/// claim's name (a name no source writes is the name rule's). Left alone:
/// a claim that writes the other name too (it tells both), a name the sentence writes
/// soon after the other (`in Salford, Greater Manchester`, `by Faber and Penguin`), a
/// short form of the other (`the U.S.`), and two places that one sentence writes (they
/// may nest: `in Cataloochee Valley` and `in the Smoky Mountains`). Returns the claim's
/// name and the other, as written.
pub(crate) fn slot_replaced(
    claim: &str,
    ct: &[Term],
    sources: &[&IndexedSource<'_>],
    in_sources: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    for (lo, hi) in name_token_runs(claim, ct) {
        // The word and preposition before the name (over one article).
        let Some(mut p) = lo.checked_sub(1) else {
            continue;
        };
        if is_article(claim, ct, p) {
            let Some(q) = p.checked_sub(1) else {
                continue;
            };
            p = q;
        }
        let (Some(prep), Some(word)) = (ct.get(p), p.checked_sub(1).and_then(|w| ct.get(w))) else {
            continue;
        };
        let prep_text = claim.get(prep.start..prep.end).unwrap_or("");
        if !SLOT_PREPOSITIONS.contains(&prep_text)
            || word.stop
            || word.capitalised
            || word.numeric
            || !spaced(claim, word, prep)
            || slot_name(claim, ct, p + 1) != Some((lo, hi))
            || ct
                .get(lo..hi)
                .is_none_or(|n| !n.iter().all(|t| in_sources(&t.key)))
        {
            continue;
        }
        let mine = run_keys(ct, (lo, hi));
        let mine_text = between_tokens(claim, ct, lo, hi - 1).unwrap_or("");
        let writes = |k: &str| ct.iter().any(|t| t.capitalised && t.key == k);
        let place = prep_text != "by";
        let mut other: Option<(String, Vec<String>)> = None;
        let mut own = false;
        'sources: for s in sources {
            // A source that fills the slot and writes the claim's name elsewhere (one
            // source's `events in Glasgow` says nothing of another's Edinburgh).
            let Some(id) = s
                .id(&word.key)
                .filter(|_| mine.iter().all(|k| s.id(k).is_some()))
            else {
                continue;
            };
            for &k in s.key_sentences.get(id) {
                let Some((text, ts)) = s.sentence_with_terms(k as usize) else {
                    continue;
                };
                for (i, t) in ts.iter().enumerate() {
                    let followed = t.key == word.key
                        && ts.get(i + 1).is_some_and(|q| {
                            text.get(q.start..q.end) == Some(prep_text) && spaced(text, t, q)
                        });
                    let Some((a, b)) = followed.then(|| slot_name(text, ts, i + 2)).flatten()
                    else {
                        continue;
                    };
                    let theirs = run_keys(ts, (a, b));
                    // The claim's name, a part of it, more of it or a name beside it.
                    let near = ts
                        .get(a..(b + 8).min(ts.len()))
                        .unwrap_or(&[])
                        .iter()
                        .any(|t| t.capitalised && mine.contains(&t.key.as_str()));
                    if near
                        || theirs.iter().any(|k| writes(k))
                        || initials_of(
                            claim,
                            ct.get(lo..hi).unwrap_or(&[]),
                            text,
                            ts.get(a..b).unwrap_or(&[]),
                        )
                    {
                        own = true;
                        break 'sources;
                    }
                    if other.is_none() {
                        other = between_tokens(text, ts, a, b - 1).map(|w| {
                            (
                                w.to_string(),
                                theirs.iter().map(|k| k.to_string()).collect(),
                            )
                        });
                    }
                }
            }
        }
        let Some((theirs, keys)) = other.filter(|_| !own) else {
            continue;
        };
        // A sentence that writes the claim's name with the word, or a form of it (`Paul
        // Allen co-founded the company` beside `founded by Bill Gates`): the two are
        // joined there.
        let joined = sources.iter().any(|s| {
            let Some(first) = mine.first().and_then(|k| s.id(k)) else {
                return false;
            };
            s.key_sentences.get(first).iter().any(|&k| {
                s.sentence_with_terms(k as usize).is_some_and(|(_, ts)| {
                    mine.iter()
                        .all(|m| ts.iter().any(|t| t.capitalised && t.key == *m))
                        && ts.iter().any(|t| {
                            related(&t.key, &word.key)
                                || t.key.split('-').any(|p| related(p, &word.key))
                        })
                })
            })
        });
        if joined {
            continue;
        }
        // Two places that one sentence writes may nest.
        let together = place
            && sources.iter().any(|s| {
                let ids: Option<Vec<u32>> = mine
                    .iter()
                    .copied()
                    .chain(keys.iter().map(String::as_str))
                    .map(|k| s.id(k))
                    .collect();
                ids.is_some_and(|ids| {
                    let Some((first, rest)) = ids.split_first() else {
                        return false;
                    };
                    s.key_sentences
                        .get(*first)
                        .iter()
                        .any(|k| rest.iter().all(|&r| s.key_sentences.get(r).contains(k)))
                })
            });
        if !together {
            return Some((mine_text.to_string(), theirs));
        }
    }
    None
}

/// A name of the claim replaced by the one its sentence gives: a sentence of the window
/// (`window`: each sentence with its terms) states every other content word of the claim
/// (which negates nothing), no such sentence writes the claim's name, and one of them
/// writes another name in its place, with the same word before it (or none: both open
/// a sentence) and the same content word after it over the same function words (or
/// none: both end it): `Ruby was created by Guido van
/// Rossum` against `Python was created by Guido van Rossum. Ruby was created by Yukihiro
/// Matsumoto.`, `Marie Curie was born in Paris` against `Marie Curie was born in Warsaw.
/// … Pierre Curie was born in Paris.`, or in the one sentence of the window
/// (`Rosalind Franklin was a physicist` to a question about her against `Marie Curie was
/// a physicist …`). A name no source writes is the name rule's (`in_source`); a
/// claim whose other words are stated beside its own name too (`The House was designed
/// …` against `The House was meant …`, beside `The Senate was designed …`) is left
/// alone. Returns the claim's name and the sentence's, as written.
pub(crate) fn name_replaced(
    claim: &str,
    ct: &[Term],
    window: &[(&str, &[Term])],
    in_source: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    let runs = name_token_runs(claim, ct);
    if runs.is_empty() {
        return None;
    }
    // A negated claim states the opposite of what a sentence with its words may say
    // (`don't pay for shipping` against `Standard members pay …`): its polarity rules
    // read it, unless that sentence negates too (`James Ortiz said the plan would not
    // raise taxes` against `Mayor Linda Carter said the plan would not raise taxes.`).
    let negated = ct.iter().any(|t| t.negation);
    // Whether a token ends its text (nothing but punctuation after it).
    let ends = |text: &str, ts: &[Term], hi: usize| {
        ts.get(hi).is_none()
            && ts
                .get(hi.wrapping_sub(1))
                .and_then(|t| text.get(t.end..))
                .is_some_and(|rest| !rest.chars().any(char::is_alphanumeric))
    };
    for &(lo, hi) in &runs {
        let Some(keys) = ct
            .get(lo..hi)
            .map(|r| r.iter().map(|t| t.key.as_str()).collect::<Vec<_>>())
        else {
            continue;
        };
        if !keys.iter().all(|k| in_source(k)) {
            continue;
        }
        let mut rest: Vec<&str> = ct
            .iter()
            .enumerate()
            .filter(|&(k, t)| (k < lo || k >= hi) && !t.stop && !t.negation)
            .map(|(_, t)| t.key.as_str())
            .collect();
        rest.sort_unstable();
        rest.dedup();
        if rest.len() < 2 {
            continue;
        }
        // The sentences that state every other content word (stopping at the first one a
        // sentence lacks).
        let full = |wt: &[Term]| rest.iter().all(|k| wt.iter().any(|t| related(&t.key, k)));
        let tops: Vec<&(&str, &[Term])> = window
            .iter()
            .filter(|(_, wt)| full(wt) && (!negated || wt.iter().any(|t| t.negation)))
            .collect();
        if tops.is_empty() {
            continue;
        }
        let has_name = |wt: &[Term]| keys.iter().all(|k| wt.iter().any(|t| related(&t.key, k)));
        let spelled = |text: &str| {
            ct.get(lo..hi)
                .is_some_and(|r| r.iter().all(|x| acronym_written_out(claim, x, text)))
        };
        if tops
            .iter()
            .any(|&&(text, wt)| has_name(wt) || spelled(text))
        {
            continue;
        }
        let mine = place_of(claim, ct, lo, hi);
        let my_end = ends(claim, ct, hi);
        // The claim's name in apposition to a noun (`David Chen, the chief executive,
        // said`, `Its chief executive, David Chen, said`).
        let my_apposition = apposed_either(claim, ct, lo, hi);
        if mine.0.is_none() && mine.1.is_none() && my_apposition.is_none() {
            continue;
        }
        for &&(text, wt) in &tops {
            for (a, b) in name_token_runs(text, wt) {
                let Some(theirs) = wt.get(a..b) else {
                    continue;
                };
                // A name that shares a word with the claim's is the same name written
                // otherwise, unless they share only their first words, a title or a
                // kind, and differ in the rest (`Mayor James Ortiz` / `Mayor Linda
                // Carter`, `Lake Michigan` / `Lake Ontario`).
                let shared = |t: &Term| keys.iter().any(|k| one_word(k, &t.key));
                let lead = theirs.iter().take_while(|t| shared(t)).count();
                let titled = lead > 0
                    && lead < theirs.len()
                    && lead < keys.len()
                    && keys.iter().zip(theirs).take(lead).all(|(k, t)| *k == t.key)
                    && !theirs.get(lead..).unwrap_or(&[]).iter().any(shared);
                // Likewise two names that share only their last words, a family name,
                // and differ in full first names (`Marie Curie` / `Pierre Curie`): not
                // initials (`R. Zanuck`), not one first name the short form of the other
                // (`Steve` / `Steven`).
                let trail = theirs.iter().rev().take_while(|t| shared(t)).count();
                // (A title is no first name: `Mayor Park` is `Linda Park`.)
                let titles_only = |text: &str, r: &[Term]| {
                    r.iter()
                        .all(|t| text.get(t.start..t.end).is_some_and(is_title))
                };
                let kin = trail > 0
                    && trail < theirs.len()
                    && trail < keys.len()
                    && !titles_only(text, theirs.get(..theirs.len() - trail).unwrap_or(&[]))
                    && !titles_only(claim, ct.get(lo..hi - trail).unwrap_or(&[]))
                    && keys
                        .iter()
                        .rev()
                        .zip(theirs.iter().rev())
                        .take(trail)
                        .all(|(k, t)| *k == t.key)
                    && !theirs
                        .get(..theirs.len() - trail)
                        .unwrap_or(&[])
                        .iter()
                        .any(shared)
                    && keys.get(..keys.len() - trail).is_some_and(|mine| {
                        theirs
                            .iter()
                            .take(theirs.len() - trail)
                            .all(|t| t.key.len() > 2)
                            && mine.iter().all(|k| k.len() > 2)
                            && !mine.iter().any(|k| {
                                theirs
                                    .iter()
                                    .take(theirs.len() - trail)
                                    .any(|t| short_form(k, &t.key))
                            })
                    });
                if !titled && !kin && theirs.iter().any(shared) {
                    continue;
                }
                // A name the claim writes too in a list with its name is a member of the
                // list, not the one its name replaced (`offices in Paris, Berlin and
                // London` against `offices in Paris and Berlin. Its London office …`).
                // Written elsewhere in the claim, in another part, the two changed places
                // (`Europe is at the forefront of the revolution in Britain` against
                // `… at the forefront of the revolution in Europe`).
                if theirs
                    .iter()
                    .all(|t| ct.iter().any(|c| c.capitalised && c.key == t.key))
                    && listed_with(claim, ct, lo, hi, theirs)
                {
                    continue;
                }
                // With nothing after, both must end their text (`born in Paris.`).
                let same_end = mine.1.is_some() || my_end == ends(text, wt, b);
                // A name in apposition stands where the claim's stands with nothing or the
                // same noun before it and the same word after it (`Priya Shah said …`,
                // `Council leader Priya Shah said …` against `The council's leader,
                // Martin Cole, said …`).
                let apposed = (mine.1.is_some()
                    && apposed_place(text, wt, a, b).is_some_and(|(noun, next)| {
                        next == mine.1 && (mine.0.is_none() || mine.0 == noun)
                    }))
                    || (my_apposition.is_some() && apposed_either(text, wt, a, b) == my_apposition);
                if (place_of(text, wt, a, b) == mine && same_end) || apposed {
                    let (Some(x0), Some(x1)) = (ct.get(lo), ct.get(hi - 1)) else {
                        continue;
                    };
                    let (Some(y0), Some(y1)) = (theirs.first(), theirs.last()) else {
                        continue;
                    };
                    return Some((
                        claim.get(x0.start..x1.end)?.to_string(),
                        text.get(y0.start..y1.end)?.to_string(),
                    ));
                }
            }
        }
    }
    None
}

/// True when the claim writes the name `theirs` (its words' keys) in one list with its
/// name at `lo..hi`: only names, commas, `and`, `or`, `&` and spaces stand between the two
/// (`Paris, Berlin and London`). A claim that writes it nowhere counts as listing it.
fn listed_with(claim: &str, ct: &[Term], lo: usize, hi: usize, theirs: &[Term]) -> bool {
    let Some(first) = theirs.first() else {
        return true;
    };
    let at: Vec<usize> = ct
        .iter()
        .enumerate()
        .filter(|&(_, c)| c.capitalised && c.key == first.key)
        .map(|(k, _)| k)
        .filter(|&k| k < lo || k >= hi)
        .collect();
    if at.is_empty() {
        return true;
    }
    // The tokens `a..b` names or list words, with only list punctuation between them.
    let joins = |a: usize, b: usize| {
        let words = ct.get(a..b).is_some_and(|r| {
            r.iter()
                .all(|t| t.capitalised || matches!(t.key.as_str(), "and" | "or"))
        });
        let gap = ct
            .get(a)
            .zip(ct.get(b))
            .and_then(|(x, y)| claim.get(x.start..y.start))
            .is_some_and(|g| {
                g.chars().all(|c| {
                    c.is_alphanumeric()
                        || c.is_whitespace()
                        || matches!(c, ',' | '&' | '.' | '\'' | '-')
                })
            });
        words && gap
    };
    at.iter().any(|&k| {
        if k < lo {
            joins(k, lo)
        } else {
            joins(hi - 1, k)
        }
    })
}

/// Common short forms of English given names (`Bill` for `William`; three letters at
/// least, as the family-name rule reads no shorter first name): one person, not two of a
/// family. A form that starts the full name (`Sam`, `Steve`) is one without the
/// table (see [`short_form`]).
const SHORT_FORMS: &[(&str, &str)] = &[
    ("abe", "abraham"),
    ("andy", "andrew"),
    ("beth", "elizabeth"),
    ("betty", "elizabeth"),
    ("bill", "william"),
    ("billy", "william"),
    ("bob", "robert"),
    ("bobby", "robert"),
    ("chuck", "charles"),
    ("dave", "david"),
    ("dick", "richard"),
    ("hank", "henry"),
    ("harry", "henry"),
    ("jack", "john"),
    ("jerry", "gerald"),
    ("jim", "james"),
    ("jimmy", "james"),
    ("joe", "joseph"),
    ("johnny", "john"),
    ("kate", "katherine"),
    ("kathy", "katherine"),
    ("larry", "lawrence"),
    ("liz", "elizabeth"),
    ("maggie", "margaret"),
    ("meg", "margaret"),
    ("mike", "michael"),
    ("ned", "edward"),
    ("nick", "nicholas"),
    ("peggy", "margaret"),
    ("rick", "richard"),
    ("sue", "susan"),
    ("ted", "edward"),
    ("teddy", "theodore"),
    ("tom", "thomas"),
    ("tony", "anthony"),
];

/// True when keys `a` and `b` are a given name and its short form: one the start of the
/// other, three letters at least (`Sam` / `Samuel`, `Steve` / `Steven`), or a pair of
/// [`SHORT_FORMS`].
fn short_form(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.len() >= 3 && long.starts_with(short) {
        return true;
    }
    // The table's stems, computed once.
    static KEYS: OnceLock<Vec<(String, String)>> = OnceLock::new();
    KEYS.get_or_init(|| {
        SHORT_FORMS
            .iter()
            .map(|(s, f)| (stem(s), stem(f)))
            .collect()
    })
    .iter()
    .any(|(s, f)| (a == s && b == f) || (a == f && b == s))
}

/// A member the claim adds to what its evidence sentence states: the claim coordinates
/// two words (`parts and labour`, `in stores and online`), the sentence has one of them
/// (`covers parts`, `sold only online`), and no word of the sources (`in_source`) or of
/// the question (`asked`) is the other. Coverage weighs such a word as one of many; in a
/// list it is a thing the source does not include. Names are left to the name rule; two
/// spellings of one word, or one word inside the other, are one member. Returns the added
/// member and the kept one, as written.
pub(crate) fn added_member(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    evidence_terms: &OnceLock<Vec<Term>>,
    in_source: &dyn Fn(&str) -> bool,
    asked: &dyn Fn(&str) -> bool,
) -> Option<(String, String)> {
    // Most claims join nothing (a quick search before the pairs are read).
    if !(claim.contains(" and ") || claim.contains(" or ")) {
        return None;
    }
    let pairs = coordinated_pairs(claim, ct);
    if pairs.is_empty() {
        return None;
    }
    let et = evidence_terms.get_or_init(|| terms(evidence));
    // (A dimension's noun stands for its adjective: `100 cm in height` for `tall`.)
    let in_sentence = |k: &str| {
        et.iter()
            .any(|t| related(&t.key, k) || same_dimension(&t.key, k))
    };
    for (i, j) in pairs {
        // The second member ends its phrase: a content word right after it (spaces
        // between) is what it qualifies, and which word of the phrase is the member
        // cannot be told (`weak demand and rising battery costs` joins `demand` and
        // `costs`, not `demand` and `rising`).
        let qualifies = ct.get(j).zip(ct.get(j + 1)).is_some_and(|(t, n)| {
            !n.stop
                && !n.numeric
                && claim
                    .get(t.end..n.start)
                    .is_some_and(|g| !g.is_empty() && g.chars().all(|c| c == ' '))
        });
        // A determiner or an object pronoun right after the second member: it is a verb
        // with its object, and the `and` joins two predicates (`the defences were
        // overwhelmed and asked the government to pay`), not two members of a list.
        let takes_object = ct.get(j).zip(ct.get(j + 1)).is_some_and(|(t, n)| {
            OBJECT_OPENERS.contains(&n.key.as_str())
                && claim
                    .get(t.end..n.start)
                    .is_some_and(|g| !g.is_empty() && g.chars().all(|c| c == ' '))
        });
        if qualifies || takes_object {
            continue;
        }
        let (Some(a), Some(b)) = (ct.get(i), ct.get(j)) else {
            continue;
        };
        // Two members of one list, joined by nothing but `and`/`or` and an article (not
        // two clauses: `is bad business and can contradict`).
        let list = ct
            .get(i + 1..j)
            .unwrap_or(&[])
            .iter()
            .all(|t| matches!(t.key.as_str(), "and" | "or" | "the" | "a" | "an"));
        if !list {
            continue;
        }
        if a.capitalised || b.capitalised || a.negation || b.negation {
            continue;
        }
        if one_word(&a.key, &b.key) {
            continue;
        }
        for (kept, added) in [(a, b), (b, a)] {
            // A death the sentence states in its own word (`were killed` against `died`).
            let death_stated = || {
                let word = claim.get(added.start..added.end).unwrap_or("");
                et.iter().any(|t| {
                    super::antonyms::both_deaths(word, evidence.get(t.start..t.end).unwrap_or(""))
                })
            };
            if asked(&added.key)
                || !in_sentence(&kept.key)
                || in_sentence(&added.key)
                || in_source(&added.key)
                || death_stated()
            {
                continue;
            }
            return Some((
                claim.get(added.start..added.end)?.to_string(),
                claim.get(kept.start..kept.end)?.to_string(),
            ));
        }
    }
    None
}

/// Words that open a verb's object (see [`added_member`]): determiners and object
/// pronouns.
const OBJECT_OPENERS: &[&str] = &[
    "a", "an", "her", "him", "his", "it", "its", "me", "my", "our", "that", "the", "their", "them",
    "these", "this", "those", "us", "your",
];

/// Words written before a name without being part of it (`President Obama`, `Lake
/// Michigan`, `Saint Louis`): titles, the common nouns of place names, and the first
/// words that many place names share (`New`, `San`, `Santa`). Sorted.
const NAME_PREFIXES: &[&str] = &[
    "aunt",
    "bishop",
    "brother",
    "cape",
    "captain",
    "cardinal",
    "chancellor",
    "coach",
    "colonel",
    "count",
    "dame",
    "doctor",
    "dr",
    "duchess",
    "duke",
    "emperor",
    "empress",
    "father",
    "fort",
    "general",
    "governor",
    "judge",
    "justice",
    "king",
    "lady",
    "lake",
    "lieutenant",
    "lord",
    "madame",
    "master",
    "minister",
    "miss",
    "mount",
    "mr",
    "mrs",
    "ms",
    "new",
    "pope",
    "port",
    "premier",
    "president",
    "prime",
    "prince",
    "princess",
    "prof",
    "professor",
    "queen",
    "rabbi",
    "rev",
    "reverend",
    "river",
    "saint",
    "san",
    "santa",
    "senator",
    "sergeant",
    "sheikh",
    "sir",
    "sister",
    "speaker",
    "st",
    "sultan",
    "uncle",
];

/// Adverbs that open a sentence before a name (`Today Arsenal won …`) without ending in
/// `-ly` (those are read by their ending). Sorted.
const OPENING_ADVERBS: &[&str] = &[
    "also",
    "earlier",
    "first",
    "here",
    "last",
    "later",
    "meanwhile",
    "next",
    "now",
    "overall",
    "since",
    "still",
    "then",
    "there",
    "thus",
    "today",
    "tomorrow",
    "tonight",
    "yesterday",
];

/// Lower-case words that join two capitalised words into one name: `of` (`Band of
/// Brothers`) and the particles of European names (`Charles de Gaulle`, `Vincent van
/// Gogh`, `Leonardo da Vinci`).
fn is_joiner(word: &str) -> bool {
    matches!(
        word,
        "of" | "da" | "de" | "del" | "der" | "di" | "du" | "van" | "von"
    )
}

/// The words of [`NAME_PREFIXES`] that open place names without being common nouns
/// (`Lake`, `Mount` and `Fort` are written in lower case too) or titles. Sorted.
const PLACE_FIRST_WORDS: &[&str] = &["new", "port", "saint", "san", "santa", "st"];

/// True when `word` is one of [`PLACE_FIRST_WORDS`], in any case.
fn is_place_first_word(word: &str) -> bool {
    PLACE_FIRST_WORDS
        .iter()
        .any(|p| word.eq_ignore_ascii_case(p))
}

/// True when `word` is one of [`NAME_PREFIXES`], in any case.
fn is_name_prefix(word: &str) -> bool {
    word.len() <= 12 && {
        let mut buf = [0u8; 12];
        let lower = &mut buf[..word.len()];
        lower.copy_from_slice(word.as_bytes());
        lower.make_ascii_lowercase();
        std::str::from_utf8(lower).is_ok_and(|l| NAME_PREFIXES.binary_search(&l).is_ok())
    }
}

/// Runs of name words of `text` (tokens `ts`), as token positions: capitalised words one
/// space apart or joined by a word of [`is_joiner`], read without a prefix of
/// [`NAME_PREFIXES`] or an adverb that opens the text; initials (`John C. Reilly`, `B.J.
/// Thomas`) join a run without being members. With `places`, the first words that many
/// place names share ([`PLACE_FIRST_WORDS`]: `New`, `San`) are members.
fn name_word_runs(text: &str, ts: &[Term], places: bool) -> Vec<Vec<usize>> {
    let mut runs: Vec<Vec<usize>> = Vec::new();
    let mut open = false;
    let mut prev_initial = false;
    let mut prev_end = 0;
    for (i, t) in ts.iter().enumerate() {
        let word = text.get(t.start..t.end).unwrap_or_default();
        let mut chars = word.chars();
        let initial = chars.next().is_some_and(char::is_uppercase) && chars.next().is_none();
        let gap = text.get(prev_end..t.start).unwrap_or_default();
        let joined = open && (gap == " " || (prev_initial && (gap == ". " || gap == ".")));
        prev_end = t.end;
        // `of` or a name's particle between two capitalised words joins them (`Band of
        // Brothers`, `University of Vienna`, `Charles de Gaulle`).
        if open && !prev_initial && is_joiner(word) && gap == " " {
            let next = ts.get(i + 1);
            if next.is_some_and(|n| n.capitalised && text.get(t.end..n.start) == Some(" ")) {
                continue;
            }
        }
        // A sentence's first word is read as an ordinary word where it is an adverb
        // (`Recently Google released …`, `Yesterday Microsoft cut …`); other ordinary
        // endings are names' too often there (`United Airlines`).
        let opener = || {
            let lower = word.to_lowercase();
            (lower.ends_with("ly") && lower.chars().count() >= 6)
                || OPENING_ADVERBS.binary_search(&lower.as_str()).is_ok()
        };
        // The tables are read only for capitalised words.
        let name_word = (t.capitalised || initial)
            && !t.numeric
            && !(is_name_prefix(word) && !(places && is_place_first_word(word)))
            && !(i == 0 && t.capitalised && opener());
        if !name_word {
            open = false;
            prev_initial = false;
            continue;
        }
        if !joined {
            runs.push(Vec::new());
        }
        if !initial {
            if let Some(r) = runs.last_mut() {
                r.push(i);
            }
        }
        open = true;
        prev_initial = initial;
    }
    runs.retain(|r| !r.is_empty());
    runs
}

/// Two words that the claim writes in one name (`Toby Billboard`, `Jimmy Robbins`) and the
/// sources write in names of their own but never in one: every name of the sources that
/// holds the first word goes on with another word (`Toby Keith`), or every one that holds
/// the second has another word before it (`Marty Robbins`). A model that confuses two
/// people of its context fuses their names this way. A word the sources also write in
/// lower case binds nothing (`Business Plan` against `Starter Plan` and `business and
/// enterprise plans`). Words that stand in one name of a source, in the claim's order,
/// agree whatever stands between them (`Hillary Clinton` against `Hillary Rodham
/// Clinton`), and a word that some source writes without a neighbour on that side (`Biden`
/// alone, `US` alone) may be joined to anything (`US President Joe Biden`). Returns the
/// claim's two words and the source's name that binds one of them.
///
/// A short answer read with its question (`answer`) is the whole name it gives: two of
/// its words that one name of a source holds agree in either order (`University of
/// Oxford` against `Oxford University`), and a word that a name of the sources binds on
/// the other word's side is bound even where a source also writes it alone (`Faarooq
/// Layfield` against `Faarooq (Ron Simmons)`, `John Layfield` and `John "Bradshaw"
/// Layfield`): the answer names no one else that could stand beside it.
pub(crate) fn name_fused(
    claim: &str,
    ct: &[Term],
    sources: &[&IndexedSource<'_>],
    answer: bool,
) -> Option<(String, String)> {
    // Most claims write no two capitalised words side by side (or joined by `of`): ruled
    // out before any name is read.
    let side_by_side = |x: &Term, y: &Term| claim.get(x.end..y.start) == Some(" ");
    let paired = ct
        .windows(2)
        .any(|w| w[0].capitalised && w[1].capitalised && side_by_side(&w[0], &w[1]))
        || ct.windows(3).any(|w| {
            w[0].capitalised
                && claim.get(w[1].start..w[1].end).is_some_and(is_joiner)
                && w[2].capitalised
                && side_by_side(&w[0], &w[1])
                && side_by_side(&w[1], &w[2])
        });
    if !paired {
        return None;
    }
    // A short answer reads `New` and `San` as its name's words (`New Byzantium` where the
    // sources write `New Jersey` and `Byzantium`); in a statement they may stand before
    // a name that a source writes without them.
    let runs = name_word_runs(claim, ct, answer);
    if !runs.iter().any(|r| r.len() >= 2) {
        return None;
    }
    for run in &runs {
        for w in run.windows(2) {
            let (Some(a), Some(b)) = (ct.get(w[0]), ct.get(w[1])) else {
                continue;
            };
            if a.key == b.key {
                continue;
            }
            // A title joins any name (`Apple CEO Tim Cook` where a source writes `Microsoft
            // CEO Satya Nadella`, `President Joe Biden`): the source's other holder of it
            // fuses nothing.
            let title = |t: &Term| claim.get(t.start..t.end).is_some_and(is_title);
            if title(a) || title(b) {
                continue;
            }
            // The common case first: a source writes the two words side by side, or one
            // of them not at all (the name rule's to read).
            let mut in_sources = (false, false);
            let adjacent = sources.iter().any(|s| {
                let (ia, ib) = (s.id(&a.key), s.id(&b.key));
                in_sources.0 |= ia.is_some();
                in_sources.1 |= ib.is_some();
                let (Some(ia), Some(ib)) = (ia, ib) else {
                    return false;
                };
                s.token_positions
                    .get(ia)
                    .iter()
                    .any(|&p| s.token_ids.get(p as usize + 1) == Some(&ib))
            });
            if adjacent || !in_sources.0 || !in_sources.1 {
                continue;
            }
            let (mut seen_a, mut seen_b, mut free_a, mut free_b) = (false, false, false, false);
            let (mut bound_a, mut bound_b): (Option<String>, Option<String>) = (None, None);
            // A word the sources also write in lower case is a common noun (`plan` of
            // `Starter Plan` and `business plans`): it heads names of many kinds.
            let (mut lower_a, mut lower_b) = (false, false);
            let mut together = false;
            'sources: for s in sources {
                let mut sentences: Vec<u32> = Vec::new();
                for id in [s.id(&a.key), s.id(&b.key)].into_iter().flatten() {
                    sentences.extend_from_slice(s.key_sentences.get(id));
                }
                sentences.sort_unstable();
                sentences.dedup();
                for &k in &sentences {
                    let Some((text, ts)) = s.sentence_with_terms(k as usize) else {
                        continue;
                    };
                    for t in ts.iter().filter(|t| !t.capitalised && !t.stop) {
                        lower_a |= t.key == a.key;
                        lower_b |= t.key == b.key;
                    }
                    let runs = name_word_runs(text, ts, answer);
                    // Two given names before one surname (`Bill and Hillary Clinton`):
                    // the first is the surname's as well.
                    let shared = runs.windows(2).any(|p| {
                        let (r1, r2) = (&p[0], &p[1]);
                        let key = |i: Option<&usize>| i.and_then(|&i| ts.get(i)).map(|t| &t.key);
                        let joint =
                            (|| text.get(ts.get(*r1.last()?)?.end..ts.get(*r2.first()?)?.start))();
                        r1.len() == 1
                            && r2.len() >= 2
                            && key(r1.first()) == Some(&a.key)
                            && key(r2.last()) == Some(&b.key)
                            && matches!(joint.map(str::trim), Some("and" | "&"))
                    });
                    if shared {
                        together = true;
                        break 'sources;
                    }
                    for r in runs {
                        let keys: Vec<&str> = r
                            .iter()
                            .filter_map(|&i| ts.get(i))
                            .map(|t| t.key.as_str())
                            .collect();
                        let pa = keys.iter().position(|k| *k == a.key);
                        let pb = keys.iter().rposition(|k| *k == b.key);
                        if let (Some(x), Some(y)) = (pa, pb) {
                            if x < y || answer {
                                together = true;
                                break 'sources;
                            }
                        }
                        let written = || {
                            let (first, last) = (ts.get(*r.first()?)?, ts.get(*r.last()?)?);
                            text.get(first.start..last.end).map(str::to_string)
                        };
                        if let Some(x) = pa {
                            seen_a = true;
                            if x + 1 < keys.len() {
                                bound_a = bound_a.or_else(written);
                            } else {
                                free_a = true;
                            }
                        }
                        if let Some(y) = pb {
                            seen_b = true;
                            if y > 0 {
                                bound_b = bound_b.or_else(written);
                            } else {
                                free_b = true;
                            }
                        }
                    }
                }
            }
            // (A short answer's word is bound by any name that fills the other word's
            // side of it, even where a source also writes it alone.)
            let binds_a = (if answer { bound_a.is_some() } else { !free_a }) && !lower_a;
            let binds_b = (if answer { bound_b.is_some() } else { !free_b }) && !lower_b;
            if together || !seen_a || !seen_b || !(binds_a || binds_b) {
                continue;
            }
            let mine = between_tokens(claim, ct, w[0], w[1])?;
            let theirs = if binds_a { bound_a } else { bound_b };
            return Some((mine.to_string(), theirs?));
        }
    }
    None
}

/// Names joined by a connector alone (`Albuquerque, New Mexico`, `William of Wykeham`)
/// that the evidence joins the other way round with the same connector (`New Mexico,
/// Albuquerque`); coordinations (`and`, `or`, `&`, `/`, `with`) read the same both ways.
fn compound_swapped(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    a: &Run,
    b: &Run,
) -> Option<(String, String)> {
    let (ta, tb) = (a.written(claim, ct)?, b.written(claim, ct)?);
    let raw_joint = claim.get(ct.get(a.end - 1)?.end..ct.get(b.start)?.start)?;
    // Compared as the snippet check compares text: folded (lower case, one space for any
    // run of spaces, compatibility forms).
    let joint = fold_str(raw_joint);
    let coordinated = joint
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| ["and", "or", "with", "nor", "plus"].contains(&w))
        || joint.contains(['&', '/']);
    if raw_joint.trim().is_empty() || joint.len() > 6 || coordinated {
        return None;
    }
    // A comma between two members of a longer list (`the UK, Australia, India, South
    // Africa`) joins items whose order says nothing, not a place and its region.
    if raw_joint.trim() == "," {
        let before = claim.get(..ct.get(a.start)?.start)?.trim_end();
        let after = fold_str(claim.get(ct.get(b.end - 1)?.end..)?);
        let after = after.trim_start();
        if before.ends_with(',')
            || after.starts_with(',')
            || after.starts_with("and ")
            || after.starts_with("or ")
        {
            return None;
        }
    }
    let hay = fold_str(evidence);
    // The phrase as a whole word run of the evidence.
    let holds = |needle: &str| {
        hay.match_indices(needle).any(|(i, m)| {
            let before = hay.get(..i).and_then(|h| h.chars().next_back());
            let after = hay.get(i + m.len()..).and_then(|h| h.chars().next());
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    };
    let mine = fold_str(&format!("{ta}{raw_joint}{tb}"));
    let reversed = fold_str(&format!("{tb}{raw_joint}{ta}"));
    (holds(&reversed) && !holds(&mine)).then(|| (ta.to_string(), tb.to_string()))
}

/// Names `a` and `b` (in that order in the claim, relation words between them) stand the
/// other way round around every relation word in the evidence `et`.
fn pair_swapped(
    claim: &str,
    ct: &[Term],
    evidence: &str,
    et: &[Term],
    a: &Run,
    b: &Run,
    is_name: &dyn Fn(&Term) -> bool,
) -> Option<(String, String)> {
    let between = ct.get(a.end..b.start)?;
    let relation: Vec<String> = between
        .iter()
        .filter(|t| !t.stop && !t.numeric && !is_name(t))
        .map(|t| t.key.clone())
        .collect();
    if relation.is_empty() {
        return compound_swapped(claim, ct, evidence, a, b);
    }
    if relation.iter().any(|k| is_symmetric(k)) {
        return None;
    }
    let (pa, pb) = (place(et, a)?, place(et, b)?);
    if pb >= pa {
        // The same order as the claim: the same roles, unless one side is passive and
        // the other not (`Microsoft was acquired by LinkedIn` against `Microsoft acquired
        // LinkedIn`).
        let rel_at = positions(et, &relation);
        let theirs = et.get(pa..pb)?;
        let passive = |ts: &[Term]| {
            ts.iter().enumerate().any(|(i, t)| {
                t.key == "by"
                    && i.checked_sub(1)
                        .and_then(|p| ts.get(p))
                        .is_some_and(|v| relation.contains(&v.key))
                    && ts.get(..i).is_some_and(|before| {
                        before.iter().any(|t| AUXILIARIES.contains(&t.key.as_str()))
                    })
            })
        };
        let by = |ts: &[Term]| ts.iter().any(|t| t.key == "by");
        let one_sided = (passive(between) && !by(theirs)) || (passive(theirs) && !by(between));
        if one_sided && !rel_at.is_empty() && rel_at.iter().all(|&r| pa < r && r < pb) {
            return Some((
                a.written(claim, ct)?.to_string(),
                b.written(claim, ct)?.to_string(),
            ));
        }
        return None;
    }
    let rel_at = positions(et, &relation);
    if rel_at.is_empty() || !rel_at.iter().all(|&r| pb < r && r < pa) {
        return None;
    }
    // A name after `with` or `alongside` in the evidence (`Lennon co-wrote many Beatles
    // songs with McCartney`) is the subject's companion, not the verb's object: the two
    // do it together, and the claim that names it first (`McCartney wrote songs for the
    // Beatles`, `McCartney co-wrote songs with Lennon`) gives it no other role. (The
    // evidence may write more of the name before the claim's part: `with Paul
    // McCartney`.)
    let mut first = pa;
    while first > pb + 1 && et.get(first - 1).is_some_and(|t| t.capitalised && !t.stop) {
        first -= 1;
    }
    if first
        .checked_sub(1)
        .and_then(|i| et.get(i))
        .is_some_and(|t| matches!(t.key.as_str(), "with" | "alongside"))
    {
        return None;
    }
    // A passive on one side only reads the same roles the other way round.
    let by = |ts: &[Term]| ts.iter().any(|t| t.key == "by");
    if by(between) != by(et.get(pb..pa)?) {
        return None;
    }
    // So does a verb with a preposition after it on one side only (`David Jason starred
    // in The Colour of Magic` against `The Colour of Magic starred David Jason`).
    let preposition = |ts: &[Term]| -> Option<String> {
        let at = ts.iter().position(|t| relation.contains(&t.key))?;
        ts.get(at + 1)
            .filter(|t| PREPOSITIONS.contains(&t.key.as_str()))
            .map(|t| t.key.clone())
    };
    if preposition(between) != preposition(et.get(pb..pa)?) {
        return None;
    }
    // The genitive the other way round states the same roles: `Daniel Okoro is the chief
    // executive of Brightline` against `Brightline's chief executive is Daniel Okoro`
    // (`the R of B` is `B's R`).
    let of_b = b
        .start
        .checked_sub(1)
        .and_then(|i| ct.get(i))
        .is_some_and(|t| t.key == "of");
    if of_b && possessive_after(evidence, et, pb, b.keys.len()) {
        return None;
    }
    // And the other way: `Solvane's chief executive Marta Ruiz` or `Solvane chief
    // executive Marta Ruiz` against `Marta Ruiz, the chief executive of Solvane` (`A's R`
    // and the compound `A R` are `the R of A`).
    let of_a = pa
        .checked_sub(1)
        .and_then(|i| et.get(i))
        .is_some_and(|t| t.key == "of");
    let compound = between.len() <= 3 && between.iter().all(|t| !t.stop && !t.numeric);
    if of_a && (compound || possessive_after(claim, ct, a.start, a.keys.len())) {
        return None;
    }
    Some((
        a.written(claim, ct)?.to_string(),
        b.written(claim, ct)?.to_string(),
    ))
}

/// True when the name of `len` tokens at token `at` of `text` (tokenised as `ts`) is
/// written as a possessive: `Brightline's`, `Brightline’s`, `the Jones'`.
fn possessive_after(text: &str, ts: &[Term], at: usize, len: usize) -> bool {
    let Some(last) = (at + len).checked_sub(1).and_then(|i| ts.get(i)) else {
        return false;
    };
    let word = text.get(last.start..last.end).unwrap_or("");
    let rest = text.get(last.end..).unwrap_or("");
    ["'s", "’s"]
        .iter()
        .any(|p| word.ends_with(p) || rest.starts_with(p))
        || (word.ends_with('s') && (rest.starts_with('\'') || rest.starts_with('’')))
}

#[cfg(test)]
mod tests {
    #[test]
    fn two_things_in_each_others_roles() {
        use std::sync::OnceLock;
        let swapped = |claim: &str, evidence: &str| {
            super::common_swapped(claim, &super::terms(claim), evidence, &OnceLock::new())
        };
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        let bite = "The dog bit the postman on Tuesday morning.";
        assert_eq!(
            swapped("The postman bit the dog.", bite),
            pair("postman", "dog")
        );
        assert_eq!(swapped("The dog bit the postman.", bite), None);
        assert_eq!(
            swapped(
                "Lung cancer causes smoking.",
                "Smoking causes most cases of lung cancer."
            ),
            pair("cancer", "smoking")
        );
        assert_eq!(
            swapped(
                "Birds are eaten by caterpillars.",
                "Caterpillars feed on leaves and are eaten by birds."
            ),
            pair("Birds", "caterpillars")
        );
        // An order stated from the other end, and from the same end.
        let museum = "The museum closed in March, a month after the library shut its doors.";
        assert_eq!(
            swapped("The library shut a month before the museum closed.", museum),
            None
        );
        assert_eq!(
            swapped("The library shut a month after the museum closed.", museum),
            pair("shut", "museum")
        );
        // The passive, a preposition after the verb on one side, a symmetric relation.
        assert_eq!(swapped("Owls eat mice.", "Mice are eaten by owls."), None);
        assert_eq!(
            swapped("Exercise improves sleep.", "Sleep improves with exercise."),
            None
        );
        assert_eq!(
            swapped(
                "Weight gain is linked to poor sleep.",
                "Poor sleep is linked to weight gain."
            ),
            None
        );
        // A negated claim, an adjunct, two clauses, a subordinate clause.
        assert_eq!(
            swapped(
                "No other river carries as much water as the Amazon.",
                "The Amazon carries more water than any other river."
            ),
            None
        );
        assert_eq!(
            swapped(
                "The crash on Friday injured 14 people.",
                "Fourteen people were injured in the crash on Friday."
            ),
            None
        );
        assert_eq!(
            swapped(
                "The team lost 12 games and won 4.",
                "The team won 4 games and lost 12."
            ),
            None
        );
        assert_eq!(
            swapped(
                "Rising temperatures melt glaciers.",
                "Glaciers melt as temperatures rise."
            ),
            None
        );
        // A word the sentence writes twice says nothing of its place.
        assert_eq!(
            swapped(
                "The dog bit the cat.",
                "The cat bit the dog, and the dog ran."
            ),
            None
        );
    }

    #[test]
    fn a_superlative_given_to_another_name() {
        use crate::claims::terms::with_window;
        let replaced = |claim: &str, sentences: &[&str]| {
            with_window(sentences, |w| {
                super::superlative_holder_replaced(claim, &super::terms(claim), w, &|_| true)
            })
        };
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        let museums = "The British Museum was again the most visited attraction, with 5.8 \
                       million visitors, followed by the Natural History Museum with 5.2 million.";
        assert_eq!(
            replaced(
                "The Natural History Museum was the most visited attraction.",
                &[museums]
            ),
            pair("Natural History Museum", "British Museum")
        );
        let peaks = "Everest is the highest mountain on Earth, ahead of K2, which is about 240 \
                     metres lower.";
        assert_eq!(
            replaced("K2 is the highest mountain on Earth.", &[peaks]),
            pair("K2", "Everest")
        );
        // The claim's own, in full or in part.
        assert_eq!(
            replaced("Mount Everest is the highest mountain on Earth.", &[peaks]),
            None
        );
        assert_eq!(
            replaced("Everest is the highest mountain on Earth.", &[peaks]),
            None
        );
        assert_eq!(
            replaced(
                "The British Museum was the most visited attraction.",
                &[museums]
            ),
            None
        );
        // A comparative of two.
        assert_eq!(
            replaced(
                "The Senate is the larger body.",
                &["The House is the larger body, the Senate the smaller."]
            ),
            pair("Senate", "House")
        );
        // Another scope, another rank, no superlative.
        assert_eq!(
            replaced("K2 is the highest mountain in Pakistan.", &[peaks]),
            None
        );
        assert_eq!(
            replaced(
                "Yokohama is the second largest city in Japan.",
                &["Tokyo is the largest city in Japan, and Yokohama is the second largest."]
            ),
            None
        );
        assert_eq!(
            replaced("Lyon is a city in France.", &["Paris is a city in France."]),
            None
        );
        // A second sentence that gives it to the claim's name.
        assert_eq!(
            replaced(
                "Yokohama is the largest port in Japan.",
                &[
                    "Tokyo is the largest port in Japan by area.",
                    "Yokohama is the largest port in Japan by cargo."
                ]
            ),
            None
        );
    }

    #[test]
    fn a_direction_stated_the_other_way_round() {
        use std::sync::OnceLock;
        let reversed = |claim: &str, evidence: &str| {
            super::direction_reversed(claim, &super::terms(claim), evidence, &OnceLock::new())
        };
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            reversed(
                "It runs from the city centre to the airport.",
                "The train runs from the airport to the city centre every 15 minutes."
            ),
            pair("city", "airport")
        );
        // `to … from` read as `from … to`, a number as a word.
        assert_eq!(
            reversed(
                "Prices went to $5 from $7.",
                "Prices rose from $5 to $7 over the year."
            ),
            pair("7", "5")
        );
        // The same direction in another order of words.
        assert_eq!(
            reversed(
                "It moved to Dallas from Chicago.",
                "It moved from Chicago to Dallas."
            ),
            None
        );
        // What turns into what.
        assert_eq!(
            reversed(
                "The enzyme breaks down sugar into starch.",
                "The enzyme breaks down starch into sugar in the mouth."
            ),
            pair("sugar", "starch")
        );
        assert_eq!(
            reversed(
                "It turns starch into sugar.",
                "The enzyme breaks down starch into sugar."
            ),
            None
        );
        // Both directions stated.
        assert_eq!(
            reversed(
                "It returns from Calais to Dover.",
                "It sails from Dover to Calais and returns from Calais to Dover."
            ),
            None
        );
        // A `to` of another clause, or a verb's.
        assert_eq!(
            reversed(
                "He retired from politics to write.",
                "To write, he retired from politics."
            ),
            None
        );
        assert_eq!(
            reversed("It went from time to time.", "It went from time to time."),
            None
        );
    }

    #[test]
    fn a_superlative_in_another_scope() {
        use super::{superlative_scoped, terms};
        let scoped = |claim: &str, evidence: &str| {
            superlative_scoped(claim, &terms(claim), evidence, &terms(evidence), &|_| false)
        };
        let peak = "At 5,895 metres, it is the highest mountain in Africa.";
        assert_eq!(
            scoped("It is the highest mountain in the world.", peak),
            Some((
                "highest mountain in the world".to_string(),
                "highest mountain in Africa".to_string()
            ))
        );
        assert_eq!(scoped("It is the highest mountain in Africa.", peak), None);
        // No scope in the claim, another noun, another superlative, or the claim's scope
        // written in the sentence: none.
        assert_eq!(scoped("It is the highest mountain.", peak), None);
        assert_eq!(
            scoped("It is the highest volcano in the world.", peak),
            None
        );
        assert_eq!(
            scoped("It is the oldest mountain in the world.", peak),
            None
        );
        let lake = "It is the largest lake in the province, and the third-largest in the country.";
        assert_eq!(scoped("It is the largest lake in the country.", lake), None);
        assert_eq!(
            scoped(
                "It is the most populous city of the region.",
                "It is the most populous city in the state."
            ),
            Some((
                "most populous city of the region".to_string(),
                "most populous city in the state".to_string()
            ))
        );
    }

    #[test]
    fn a_second_bare_and_joins_no_list() {
        use super::{coordinated_pairs, terms};
        let pairs = |t: &str| -> Vec<(String, String)> {
            let ts = terms(t);
            coordinated_pairs(t, &ts)
                .into_iter()
                .map(|(i, j)| (ts[i].key.clone(), ts[j].key.clone()))
                .collect()
        };
        let p = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            pairs("It has roots in blues and ragtime and comes from New Orleans."),
            [p("blu", "ragtim")]
        );
        // A list with its commas keeps its pair, and so does a second `and` after a pair
        // joined otherwise.
        assert_eq!(
            pairs("It mixes blues, ragtime and soul."),
            [p("ragtim", "soul")]
        );
        assert_eq!(
            pairs("It mixes blues or ragtime and soul."),
            [p("blu", "ragtim"), p("ragtim", "soul")]
        );
    }

    #[test]
    fn a_name_and_its_initials_are_one_name() {
        use super::{initials_of, object_taken, terms};
        let one = |a: &str, b: &str| initials_of(a, &terms(a), b, &terms(b));
        assert!(one("US", "United States"));
        assert!(one("United States", "U.S."));
        assert!(one("USA", "United States"));
        assert!(one("EU", "European Union"));
        assert!(!one("UK", "United States"));
        assert!(!one("USA", "United Kingdom"));
        assert!(!one("Paris", "Lyon"));
        // In the object rule: the source's spelled-out name in the claim's slot is the
        // claim's acronym, not another name put there.
        let src = "They are one of the most popular breeds in the United States.";
        let st = terms(src);
        let window = [(src, &st[..])];
        let in_source = |_: &str| true;
        for claim in [
            "They're among the most popular breeds in the US.",
            "They're among the most popular breeds in the USA.",
        ] {
            assert_eq!(
                object_taken(claim, &terms(claim), &window, &in_source),
                None,
                "{claim}"
            );
        }
    }

    #[test]
    fn a_name_in_a_slot_shares_no_function_word_with_the_claim() {
        use super::{object_taken, terms};
        // `Britain` holds `in`, `Kingdom` holds `in`, `States` holds `at`: the
        // claim's function words are no word the two names share.
        let in_source = |_: &str| true;
        for (claim, src, ours, theirs) in [
            (
                "The company is headquartered in France.",
                "The company is headquartered in Britain and has offices in France.",
                "France",
                "Britain",
            ),
            (
                "The company is headquartered in France.",
                "The company is headquartered in the United Kingdom and has a sales office in France.",
                "France",
                "United Kingdom",
            ),
            (
                "China won the most medals at the Games.",
                "The United States won the most medals at the Games, ahead of China.",
                "China",
                "United States",
            ),
        ] {
            let st = terms(src);
            let window = [(src, &st[..])];
            assert_eq!(
                object_taken(claim, &terms(claim), &window, &in_source),
                Some((ours.to_string(), theirs.to_string())),
                "{claim}"
            );
        }
    }

    #[test]
    fn two_names_exchanged_around_a_relation_that_reads_both_ways() {
        use super::{object_taken, terms};
        let in_source = |_: &str| true;
        let taken = |claim: &str, src: &str| {
            let st = terms(src);
            let window = [(src, &st[..])];
            object_taken(claim, &terms(claim), &window, &in_source)
        };
        let songs = "John Lennon co-wrote songs with Paul McCartney.";
        assert_eq!(
            taken("Paul McCartney co-wrote songs with John Lennon.", songs),
            None
        );
        assert_eq!(
            taken(
                "Merkel met Macron in Berlin.",
                "Macron met with Merkel in Berlin on Monday."
            ),
            None
        );
        // Exchanged around a relation of one direction: another name in the slot.
        let film = "The film was directed by Lena Park and stars Omar Haddad.";
        assert_eq!(
            taken(
                "Omar Haddad directed the film, which stars Lena Park.",
                film
            ),
            Some(("Omar Haddad".to_string(), "Lena Park".to_string()))
        );
    }

    #[test]
    fn a_genitive_the_other_way_round_keeps_the_roles() {
        use super::swapped;
        use crate::claims::support::ClaimProfile;
        let swap = |claim: &str, evidence: &str| {
            let p = ClaimProfile::new(
                claim,
                &Default::default(),
                &Default::default(),
                &Default::default(),
            );
            swapped(claim, &p.words, evidence)
        };
        let claim = "Daniel Okoro is the chief executive of Brightline.";
        for evidence in [
            "Brightline's chief executive is Daniel Okoro.",
            "Brightline’s chief executive is Daniel Okoro.",
        ] {
            assert_eq!(swap(claim, evidence), None, "{evidence}");
        }
        assert_eq!(
            swap(
                "Boris Hale is the mentor of Anna Reyes.",
                "Anna Reyes' mentor is Boris Hale."
            ),
            None
        );
        // The genitive in the claim and `of` in the evidence, in apposition.
        assert_eq!(
            swap(
                "Solvane's chief executive Marta Ruiz announced the merger.",
                "Marta Ruiz, the chief executive of Solvane, announced the merger."
            ),
            None
        );
        // Without the genitive, the names in each other's places are still read.
        assert_eq!(
            swap(
                "Boris Hale is the mentor of Anna Reyes.",
                "Anna Reyes is the mentor of Boris Hale."
            ),
            Some(("Boris Hale".to_string(), "Anna Reyes".to_string()))
        );
        assert_eq!(
            swap(
                "Solvane chief executive Marta Ruiz announced the merger.",
                "Marta Ruiz, the chief executive of Solvane, announced the merger."
            ),
            None
        );
    }

    #[test]
    fn short_forms_pair_given_names_both_ways() {
        use super::{short_form, stem};
        assert!(short_form(&stem("bill"), &stem("william")));
        assert!(short_form(&stem("william"), &stem("bill")));
        assert!(short_form(&stem("peggy"), &stem("margaret")));
        assert!(!short_form(&stem("marie"), &stem("pierre")));
        assert!(!short_form(&stem("bill"), &stem("robert")));
        assert!(short_form(&stem("sam"), &stem("samuel")));
        assert!(short_form(&stem("steven"), &stem("steve")));
        assert!(short_form(&stem("tom"), &stem("thomas")));
        // The table is sorted, one pair per short form.
        assert!(super::SHORT_FORMS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn played_keys_are_the_verbs_stems() {
        for (k, forms) in super::PLAYED.iter().zip([
            ["played", "plays"],
            ["portrayed", "portrays"],
            ["starred", "stars"],
            ["voiced", "voices"],
        ]) {
            for f in forms {
                assert_eq!(super::stem(f), *k, "{f}");
            }
        }
    }

    use super::*;
    use crate::claims::terms::with_window;

    fn name(key: &str) -> ClaimWord {
        ClaimWord {
            key: key.to_string(),
            weight: 1.0,
            name: true,
            initial: false,
            surface: key.to_string(),
            in_question: false,
            acronym: None,
            part_acronym: None,
            calendar: false,
            marked: None,
            sensed: false,
        }
    }

    fn names(claim: &str) -> Vec<ClaimWord> {
        let ts = terms(claim);
        ts.iter()
            .filter(|t| t.capitalised)
            .map(|t| name(&t.key))
            .collect()
    }

    fn check(claim: &str, evidence: &str) -> Option<(String, String)> {
        swapped(claim, &names(claim), evidence)
    }

    #[test]
    fn another_form_of_the_same_word_keeps_the_roles() {
        // `had beaten Kim Clijsters` is the frame of `beat Kim Clijsters`: neither the
        // neighbour rule nor the apposition rule reads the two clauses as a swap.
        let ev = "Serena Williams beat Venus Williams in the final; Venus had beaten Kim Clijsters in the semi-final.";
        let claim = "Venus beat Kim Clijsters in the semi-final.";
        assert_eq!(check(claim, ev), None);
        assert_eq!(
            apposition_swapped(claim, &terms(claim), ev, &OnceLock::new()),
            None
        );
        // The pair the other way round is still a swap.
        let swapped = "Kim Clijsters beat Venus in the semi-final.";
        assert!(
            check(swapped, ev).is_some()
                || apposition_swapped(swapped, &terms(swapped), ev, &OnceLock::new()).is_some()
        );
    }

    fn asked(claim: &str, question: &str) -> Option<(String, String)> {
        let asked: Vec<String> = terms(question).into_iter().map(|t| t.key).collect();
        let words: Vec<ClaimWord> = names(claim)
            .into_iter()
            .map(|mut w| {
                w.in_question = asked.contains(&w.key);
                w
            })
            .collect();
        question_swapped(claim, &terms(claim), &words, question, &OnceCell::new())
    }

    #[test]
    fn a_name_in_the_place_the_question_gives_another() {
        let q = "who sang once upon a dream at the end of maleficent";
        assert_eq!(
            asked("Maleficent sang the song at the end of Lana Del Rey.", q),
            Some(("Maleficent".into(), "Lana Del Rey".into()))
        );
        assert_eq!(
            asked("Lana Del Rey sang the song at the end of Maleficent.", q),
            None
        );
        // Other function words, or another token beyond the word: another construction.
        assert_eq!(
            asked(
                "Microsoft's CEO is Satya Nadella.",
                "who is the ceo of microsoft"
            ),
            None
        );
        assert_eq!(
            asked(
                "David Jason starred in The Colour of Magic.",
                "The Colour of Magic starred which star?"
            ),
            None
        );
        assert_eq!(asked("Maleficent sang the song.", ""), None);
    }

    #[test]
    fn a_passive_on_one_side_in_the_same_order_swaps_the_roles() {
        let evidence = "In 2016 Microsoft acquired LinkedIn for $26.2 billion.";
        assert_eq!(
            check("Microsoft was acquired by LinkedIn in 2016.", evidence),
            Some(("Microsoft".into(), "LinkedIn".into()))
        );
        assert_eq!(
            check("LinkedIn was acquired by Microsoft in 2016.", evidence),
            None
        );
        assert_eq!(
            check("Microsoft acquired LinkedIn in 2016.", evidence),
            None
        );
    }

    #[test]
    fn swapped_roles_are_found() {
        assert_eq!(
            check(
                "In 1971 Frazier defeated Ali at Madison Square Garden.",
                "In 1971 Ali defeated Frazier at Madison Square Garden."
            ),
            Some(("Frazier".into(), "Ali".into()))
        );
        assert!(check(
            "The novel by Tolstoy inspired Gandhi's early thinking.",
            "The novel by Gandhi inspired Tolstoy's early thinking."
        )
        .is_some());
    }

    #[test]
    fn same_roles_passives_coordinations_and_symmetric_relations_are_not() {
        let same = "In 1971 Ali defeated Frazier at Madison Square Garden.";
        assert_eq!(check(same, same), None);
        // Passive: the same roles, written the other way round.
        assert_eq!(
            check(
                "In 1971 Ali defeated Frazier.",
                "In 1971 Frazier was defeated by Ali."
            ),
            None
        );
        // Coordination: nothing but function words between the names.
        assert_eq!(
            check(
                "Lennon and McCartney wrote it.",
                "McCartney and Lennon wrote it."
            ),
            None
        );
        // Symmetric relations.
        assert_eq!(
            check("In 1969 Lennon married Ono.", "In 1969 Ono married Lennon."),
            None
        );
        assert_eq!(
            check(
                "Federer played against Nadal.",
                "Nadal played against Federer."
            ),
            None
        );
        // A relation word outside the names is no evidence of a swap.
        assert_eq!(
            check(
                "Ali defeated Frazier.",
                "Frazier and Ali fought; Ali defeated him."
            ),
            None
        );
        // Names joined by a coordination or by a different connector.
        assert_eq!(
            check(
                "Anthony Hopkins and Jessica Lange",
                "Jessica Lange and Anthony Hopkins starred."
            ),
            None
        );
        assert_eq!(check("Austin, Texas", "Texas has Austin."), None);
        // No name, or one name only.
        assert_eq!(
            check("the cat chased the dog", "the dog chased the cat"),
            None
        );
        assert_eq!(
            check("Ali won the fight.", "The fight was won by Ali."),
            None
        );
    }

    /// The neighbour rule alone, as [`swapped_terms`] reaches it.
    fn neighbours(claim: &str, evidence: &str) -> Option<(String, String)> {
        let ct = terms(claim);
        let runs = name_runs(claim, &ct, &names(claim));
        neighbours_swapped(claim, &ct, &runs, evidence, &terms(evidence))
    }

    #[test]
    fn names_that_exchanged_their_neighbours() {
        // What the order rule cannot see: the relation words stand outside the names.
        let captain = "Kane named as captain of England's squad for Euro 2024 in June";
        let swapped = "The captain of England's squad for Kane 2024 was Euro.";
        assert!(neighbours(swapped, captain).is_some());
        assert!(check(swapped, captain).is_some());
        assert_eq!(
            check(
                "The captain of England's squad for Euro 2024 was Kane.",
                captain
            ),
            None
        );
        assert!(neighbours(
            "NBA scored the most points in a game in Wilt Chamberlain history.",
            "Thirty players scored 60 points in NBA history, and Wilt Chamberlain (32 times) leads."
        )
        .is_some());
        // A phrase around both names, a passive, a coordination, the other side.
        for (claim, evidence) in [
            (
                "In 2023, Stephen Curry of the Golden State Warriors is set to earn $48 million.",
                "Golden State Warriors superstar Stephen Curry is set to earn $48 million in 2023.",
            ),
            (
                "Apple bought Beats in 2014.",
                "Beats was bought by Apple in 2014.",
            ),
            (
                "Ariana Grande and John Legend sang the title song.",
                "John Legend and Ariana Grande sang the title song.",
            ),
            (
                "Paris is the capital of France, and Lyon is its second city.",
                "Lyon is the second city of France; Paris is the capital.",
            ),
            ("In 1969 Lennon married Ono.", "In 1969 Ono married Lennon."),
        ] {
            assert_eq!(neighbours(claim, evidence), None, "{claim}");
            assert_eq!(check(claim, evidence), None, "{claim}");
        }
    }

    /// The signature of the window rules ([`slot_taken`], [`name_replaced`]).
    type WindowRule =
        fn(&str, &[Term], &[(&str, &[Term])], &dyn Fn(&str) -> bool) -> Option<(String, String)>;

    /// One of the window rules on `claim` against the sentences `window`, the sources
    /// being those sentences.
    fn in_window(rule: WindowRule, claim: &str, window: &[&str]) -> Option<(String, String)> {
        with_window(window, |pairs| {
            let all: Vec<&str> = pairs
                .iter()
                .flat_map(|(_, ts)| ts.iter().map(|t| t.key.as_str()))
                .collect();
            rule(claim, &terms(claim), pairs, &|k| all.contains(&k))
        })
    }

    #[test]
    fn a_name_in_the_frame_its_window_gives_another() {
        let taken = |claim: &str, window: &[&str]| in_window(object_taken, claim, window);
        let office = ["The company is headquartered in Leeds and has a sales office in London."];
        assert_eq!(
            taken("The company is headquartered in London.", &office),
            Some(("London".to_string(), "Leeds".to_string()))
        );
        // A name that qualifies a noun is not the frame's object; a name in apposition
        // to that noun is.
        let festival = ["The festival began in the Portuguese fishing villages of Macau."];
        assert_eq!(taken("The festival began in Macau.", &festival), None);
        let album = [
            "The album was recorded by the Welsh folk singer Lena Park in Cardiff.",
            "Its cover was designed by Ana Ruiz.",
        ];
        assert_eq!(
            taken("The album was recorded by Ana Ruiz.", &album),
            Some(("Ana Ruiz".to_string(), "Lena Park".to_string()))
        );
        let curie = ["Marie Curie was born in Warsaw and later moved to Paris to study physics."];
        assert_eq!(
            taken("Marie Curie was born in Paris.", &curie),
            Some(("Paris".to_string(), "Warsaw".to_string()))
        );
        // Another name of the claim from another sentence of the window; at least two of
        // the claim's other words from the frame's sentence.
        let derby = [
            "Manchester City beat Arsenal 3-1 on Sunday.",
            "Erling Haaland scored twice before Bukayo Saka pulled one back after the break.",
        ];
        assert_eq!(
            taken("Saka scored twice for Arsenal.", &derby),
            Some(("Saka".to_string(), "Erling Haaland".to_string()))
        );
        assert_eq!(
            taken("Haaland scored twice for Manchester City.", &derby),
            None
        );
        assert_eq!(taken("Saka scored for Arsenal.", &derby), None);
        let film = ["The film was directed by Christopher Nolan and stars Tom Hardy as a soldier."];
        assert_eq!(
            taken("The film was directed by Tom Hardy.", &film),
            Some(("Tom Hardy".to_string(), "Christopher Nolan".to_string()))
        );
        // A subject in the frame of another, and the relation turned round.
        let goal = ["Williams scored the winning goal after a pass from Johnson."];
        assert_eq!(
            taken("Johnson scored the winning goal.", &goal),
            Some(("Johnson".to_string(), "Williams".to_string()))
        );
        assert_eq!(
            taken("The winning goal was scored by Johnson.", &goal),
            Some(("Johnson".to_string(), "Williams".to_string()))
        );
        assert_eq!(
            taken(
                "Johnson scored the winning goal.",
                &["The winning goal was scored by Williams after a pass from Johnson."]
            ),
            Some(("Johnson".to_string(), "Williams".to_string()))
        );
        // A subject that opens its sentence with another verb, a participle that opens
        // the sentence, an article in one frame only.
        assert_eq!(
            taken("Merkel visited Rome.", &["Angela Merkel met Emmanuel Macron in Berlin, a week after Macron visited Rome."]),
            Some(("Merkel".to_string(), "Macron".to_string()))
        );
        assert_eq!(
            taken(
                "The drug was developed by the FDA.",
                &["Developed by Pfizer, the drug was approved by the FDA."]
            ),
            Some(("FDA".to_string(), "Pfizer".to_string()))
        );
        // A passive's agent that the active sentence makes the object.
        assert_eq!(
            taken(
                "The match was won by Arsenal.",
                &["Chelsea won the match against Arsenal 2-1 on Saturday."]
            ),
            Some(("Arsenal".to_string(), "Chelsea".to_string()))
        );
        // Across the window's sentences.
        let two = [
            "The treaty was signed in Versailles.",
            "Its terms were drafted in Paris.",
        ];
        assert_eq!(
            taken("The treaty was signed in Paris.", &two),
            Some(("Paris".to_string(), "Versailles".to_string()))
        );
        for (claim, window) in [
            // Each name in its own frame.
            ("The company is headquartered in Leeds.", &office[..]),
            ("The company has a sales office in London.", &office[..]),
            ("Marie Curie was born in Warsaw.", &curie[..]),
            // A list, an apposition, a clause without its verb, a modifier between.
            (
                "The film was produced by Don Simpson.",
                &["The film was produced by Jerry Bruckheimer and Don Simpson."][..],
            ),
            (
                "She was born in Poland.",
                &["She was born in Warsaw, Poland, in 1867."][..],
            ),
            (
                "Pierre Curie was born in Paris.",
                &["Marie Curie was born in Warsaw, and Pierre Curie in Paris."][..],
            ),
            (
                "She collaborated with Smith.",
                &["She collaborated with Jones on the first album and with Smith on the second."][..],
            ),
            (
                "Both are native to North America.",
                &["One is native to Canada. The other is native to eastern North America."][..],
            ),
            ("Williams scored the winning goal.", &goal[..]),
            ("The match was won by Arsenal.", &["Arsenal won the match against Chelsea."][..]),
            ("The match was won by Arsenal.", &["In the final, the visitors Arsenal won the match against Chelsea."][..]),
            ("The cup was won by Arsenal.", &["Arsenal beat Chelsea; the cup was won by Arsenal."][..]),
            ("Merkel met Macron in Berlin.", &["Angela Merkel met Emmanuel Macron in Berlin, a week after Macron visited Rome."][..]),
            ("Macron visited Rome.", &["Angela Merkel met Emmanuel Macron in Berlin, a week after Macron visited Rome."][..]),
            ("The drug was approved by the FDA.", &["Developed by Pfizer, the drug was approved by the FDA."][..]),
            ("Microsoft bought LinkedIn in 2016.", &["LinkedIn was bought by Microsoft in 2016, two years after Google bought Nest."][..]),
            ("The film was directed by Tom Hardy.", &["The actor Tom Hardy directed the film, which was produced by Emma Thomas."][..]),
            ("Johnson made the pass.", &["Williams scored after a pass from Johnson. Johnson made the pass from the left."][..]),
            ("Johnson scored the second goal.", &["Williams scored the first goal and Johnson the second."][..]),
            ("Students scored higher.", &["Teachers scored higher than students."][..]),
            // A copula's complement: said of the subject, not of the word before it.
            (
                "The secretary of the committee is Tom Reed.",
                &["The chair of the committee is Maria Lopez, and the secretary is Tom Reed."][..],
            ),
            // The same name written shorter, a month, a negated claim, a name no
            // sentence writes (the name rule's).
            ("The film was directed by Nolan.", &film[..]),
            (
                "The store opened in March.",
                &["The store opened in Leeds in March."][..],
            ),
            ("The company is not headquartered in London.", &office[..]),
            ("The company is headquartered in Paris.", &office[..]),
        ] {
            assert_eq!(taken(claim, window), None, "{claim}");
        }
    }

    #[test]
    fn a_subject_moved_from_another_sentence() {
        let moved = |claim: &str, window: &[&str]| in_window(subject_moved, claim, window);
        let musk = [
            "Chief executive Elon Musk blamed supply chain problems for the fall in deliveries.",
            "Analysts said demand in China had also weakened.",
        ];
        assert_eq!(
            moved(
                "Analysts blamed supply chain problems for the fall in deliveries.",
                &musk
            ),
            Some((
                "Analysts".to_string(),
                "Chief executive Elon Musk".to_string()
            ))
        );
        assert_eq!(
            moved(
                "Elon Musk blamed supply chain problems for the fall in deliveries.",
                &musk
            ),
            None
        );
        assert_eq!(
            moved("He blamed supply chain problems for the fall.", &musk),
            None
        );
        // The other sentence may open its subject with a modifier the claim leaves out
        // (`Local shop owners`), within its first words run on with spaces only.
        let lane = [
            "Council leader Marvin Rees said the lane would make the road safer for children.",
            "Local shop owners had campaigned against the plan.",
        ];
        assert_eq!(
            moved(
                "Shop owners said the lane would make the road safer for children.",
                &lane
            ),
            Some((
                "Shop owners".to_string(),
                "Council leader Marvin Rees".to_string()
            ))
        );
        let far = [
            "Council leader Marvin Rees said the lane would make the road safer for children.",
            "Last year, local shop owners had campaigned against the plan.",
        ];
        assert_eq!(
            moved(
                "Shop owners said the lane would make the road safer for children.",
                &far
            ),
            None
        );
        let report = [
            "The report was written by the city's auditor, Jane Cole.",
            "The mayor rejected its findings on Monday.",
        ];
        assert_eq!(
            moved("The report was written by the mayor.", &report),
            Some(("mayor".to_string(), "city's auditor".to_string()))
        );
        assert_eq!(moved("The report was written by Jane Cole.", &report), None);
        // Two clauses, each from its sentence.
        let test = [
            "Scientists at the University of Leeds developed the test.",
            "Doctors in three hospitals will trial it next year.",
        ];
        assert_eq!(
            moved(
                "Scientists at the University of Leeds developed it, and doctors will trial it next year.",
                &test
            ),
            None
        );
        // Modifiers of the sentence's own subject, and a word the sources write only as
        // another's verb, are no moved subject.
        let frog = [
            "The frog, which is about 2 centimetres long, was found in 2022.",
            "Researchers said the species is likely to be classed as endangered.",
        ];
        assert_eq!(
            moved(
                "The new frog species is likely to be classed as endangered.",
                &frog
            ),
            None
        );
        let roof = [
            "Engineers replaced the station's original wooden roof in 1998.",
            "The work took two years and cost 14 million dollars.",
        ];
        assert_eq!(
            moved(
                "The replacement took two years and cost $14 million.",
                &roof
            ),
            None
        );
        // A subject after a verb that opens with an article ends there: `the company`
        // is said to build, not `Elon Musk`, and the claim names what it refers to.
        let tesla = [
            "Tesla was founded in 2003 in California.",
            "Chief executive Elon Musk said the company would build a new factory in Texas.",
        ];
        assert_eq!(
            moved("Tesla would build a new factory in Texas.", &tesla),
            None
        );
        // A co-agent the next sentence gives the verb to, a name's other form.
        let microsoft = [
            "Microsoft was founded by Bill Gates in 1975.",
            "Paul Allen co-founded the company with him.",
        ];
        assert_eq!(
            moved("Microsoft was founded by Paul Allen.", &microsoft),
            None
        );
        let clinton = [
            "Bill Clinton served as president from 1993 to 2001.",
            "William Clinton was born in Hope, Arkansas, in 1946.",
        ];
        assert_eq!(
            moved(
                "Bill Clinton was born in Hope, Arkansas, in 1946.",
                &clinton
            ),
            None
        );
        // An auxiliary whose key is a stem (`were` → `wer`) links a subject as `had` does.
        let vote = [
            "Councillors were asked to approve the plan on Tuesday.",
            "Residents were told of the vote by letter.",
        ];
        assert_eq!(
            moved(
                "Residents were asked to approve the plan on Tuesday.",
                &vote
            ),
            Some(("Residents".to_string(), "Councillors".to_string()))
        );
        // A description of a subject named before (`The company`) may be it.
        let apple = [
            "Apple unveiled a new iPhone on Tuesday.",
            "The company said it would go on sale in March.",
        ];
        assert_eq!(
            moved("Apple said it would go on sale in March.", &apple),
            None
        );
        let council = [
            "The council approved the plan on Tuesday.",
            "Residents had opposed it at a public meeting in March.",
        ];
        assert_eq!(
            moved("Residents approved the plan on Tuesday.", &council),
            Some(("Residents".to_string(), "council".to_string()))
        );
        // A pronoun subject in the sentence: no subject of its own to replace.
        let council = [
            "The council met on Tuesday.",
            "It approved the plan after a long debate.",
        ];
        assert_eq!(
            moved(
                "The council approved the plan after a long debate.",
                &council
            ),
            None
        );
    }

    #[test]
    fn a_name_replaced_by_the_one_its_sentence_gives() {
        let replaced = |claim: &str, window: &[&str]| in_window(name_replaced, claim, window);
        // A title before the family name is no other first name: `Mayor Park` is the
        // claim's `Linda Park` (and the other way round); `Pierre Curie` is not `Marie
        // Curie`.
        let park = [
            "Linda Park is the mayor of Springfield.",
            "Mayor Park said the vote was a victory for residents.",
        ];
        assert_eq!(
            replaced(
                "Linda Park said the vote was a victory for residents.",
                &park
            ),
            None
        );
        let linda = [
            "Park is the mayor of Springfield.",
            "Linda Park said the vote was a victory for residents.",
        ];
        assert_eq!(
            replaced(
                "Mayor Park said the vote was a victory for residents.",
                &linda
            ),
            None
        );
        assert_eq!(
            replaced(
                "Marie Curie was born in Paris.",
                &[
                    "Marie Curie was born in Warsaw.",
                    "Pierre Curie was born in Paris."
                ]
            ),
            Some(("Marie Curie".to_string(), "Pierre Curie".to_string()))
        );
        let langs = [
            "Python was created by Guido van Rossum.",
            "Ruby was created by Yukihiro Matsumoto.",
        ];
        // The sentence that says `created by Guido van Rossum` gives the subject's place
        // to Python.
        assert_eq!(
            replaced("Ruby was created by Guido van Rossum.", &langs),
            Some(("Ruby".to_string(), "Python".to_string()))
        );
        assert_eq!(
            replaced("Python was created by Yukihiro Matsumoto.", &langs),
            Some(("Python".to_string(), "Ruby".to_string()))
        );
        assert_eq!(
            replaced("Ruby was created by Yukihiro Matsumoto.", &langs),
            None
        );
        // A name the claim lists too is no replacement.
        let offices = [
            "The company has offices in Paris and Berlin.",
            "Its London office employs 200 people.",
        ];
        assert_eq!(
            replaced(
                "The company has offices in Paris, Berlin and London.",
                &offices
            ),
            None
        );
        let curies = [
            "Marie Curie was born in Warsaw.",
            "Her husband Pierre Curie was born in Paris.",
        ];
        assert_eq!(
            replaced("Marie Curie was born in Paris.", &curies),
            Some(("Paris".to_string(), "Warsaw".to_string()))
        );
        for claim in [
            "Marie Curie was born in Warsaw.",
            "Pierre Curie was born in Paris.",
            // A name no source writes (the name rule's), and a place the other sentence
            // gives a name in another construction.
            "Marie Curie was born in Lyon.",
            "Marie Curie was born in Warsaw, the capital.",
        ] {
            assert_eq!(replaced(claim, &curies), None, "{claim}");
        }
        // Names with `of` inside are one name: `Declaration of Independence` is not
        // `President of Congress`.
        let hancock = [
            "Signing of the United States Declaration of Independence.",
            "The most famous signature is that of John Hancock, who signed first as President of Congress.",
        ];
        assert_eq!(
            replaced(
                "John Hancock signed first on the Declaration of Independence.",
                &hancock
            ),
            None
        );
        // A name in apposition (`The council's leader, Martin Cole, said`) stands where a
        // name that opens the claim, or follows the same noun, does; not one who speaks
        // for another (`The company's spokesman, Tom Lin, said` is `Acme said`).
        let council = [
            "The council's leader, Martin Cole, said the books would be moved.",
            "Councillor Priya Shah said the decision was short-sighted.",
        ];
        let cole = Some(("Priya Shah".to_string(), "Martin Cole".to_string()));
        assert_eq!(
            replaced("Priya Shah said the books would be moved.", &council),
            cole
        );
        assert_eq!(
            replaced(
                "Council leader Priya Shah said the books would be moved.",
                &council
            ),
            cole
        );
        assert_eq!(
            replaced("Martin Cole said the books would be moved.", &council),
            None
        );
        // The claim's name in apposition too, either way round; not a clause after it.
        for claim in [
            "Priya Shah, the council's leader, said the books would be moved.",
            "The council's leader, Priya Shah, said the books would be moved.",
        ] {
            assert_eq!(replaced(claim, &council), cole, "{claim}");
        }
        assert_eq!(
            replaced(
                "Martin Cole, the council's leader, said the books would be moved.",
                &council
            ),
            None
        );
        assert_eq!(
            apposed_after(
                "Priya Shah, who leads the council, said so.",
                &terms("Priya Shah, who leads the council, said so."),
                2
            ),
            None
        );
        let recall = [
            "The company's spokesman, Tom Lin, said the recall would cost millions.",
            "Acme recalled 5,000 cars in June.",
        ];
        assert_eq!(
            replaced("Acme said the recall would cost millions.", &recall),
            None
        );
        assert!(SPEAKS_FOR.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_name_in_the_slot_another_sentence_gives_another_name() {
        let slot = |claim: &str, window: &[&str]| {
            in_window(
                |c, ct, w, s| slot_taken(c, ct, w, s, &|_| false),
                claim,
                window,
            )
        };
        let lakes = [
            "Lake Superior is the largest of the Great Lakes by surface area, followed by Lake Huron.",
            "Lake Ontario is the smallest.",
            "Lake Michigan is the only Great Lake located entirely within the United States.",
        ];
        assert_eq!(
            slot("Lake Michigan is the smallest of the Great Lakes.", &lakes),
            Some(("Michigan".to_string(), "Ontario".to_string()))
        );
        // Two names exchanged: the other is in the claim, in the first one's place.
        assert_eq!(
            slot(
                "Lake Huron is the largest Great Lake, followed by Lake Superior.",
                &lakes
            ),
            Some(("Huron".to_string(), "Superior".to_string()))
        );
        for claim in [
            "Lake Ontario is the smallest of the Great Lakes.",
            "Lake Superior is the largest Great Lake, followed by Lake Huron.",
            "Lake Michigan is the only Great Lake entirely in the United States.",
        ] {
            assert_eq!(slot(claim, &lakes), None, "{claim}");
        }
        // The name beside the word elsewhere in the window (`Berlin, the capital`), a
        // name the sources never write (the name rule's), or another name that the claim
        // writes elsewhere, not in exchange.
        let capitals = [
            "Paris is the capital of France.",
            "Berlin, the capital of Germany, is larger.",
        ];
        assert_eq!(slot("Berlin is the capital of Germany.", &capitals), None);
        assert_eq!(slot("Madrid is the capital of Spain.", &capitals), None);
        // Four words from the word, but in a clause of its own: the slot is another's.
        let fix = ["Priya will lead the fix, and Daniel will handle the customer emails."];
        assert_eq!(
            slot("Daniel will lead the fix.", &fix),
            Some(("Daniel".to_string(), "Priya".to_string()))
        );
        assert_eq!(slot("Priya will lead the fix.", &fix), None);
        assert!(opens_clause(" fix, and "));
        assert!(opens_clause(" fix; then "));
        assert!(!opens_clause(", the "));
        assert!(!opens_clause(", andrew "));
        let house = [
            "The House was meant to be the most democratic of the national institutions.",
            "The Senate was designed by the framers as an elite body that would act as a check on the House.",
        ];
        assert_eq!(
            slot(
                "The House was designed to be more democratic, while the Senate was intended to act as a check on the House.",
                &house
            ),
            None
        );
    }

    #[test]
    fn a_place_given_in_its_own_sentence_nests() {
        let claim = "Police were called to the house in Fishponds on Sunday.";
        let report = [
            "A woman was found dead at a house in Bristol on Sunday.",
            "Police were called to the property in Fishponds at about 10:00 GMT.",
        ];
        assert!(with_window(&report, |w| placed_alike(
            claim,
            &terms(claim),
            "Fishponds",
            "Bristol",
            w
        )));
        // Two places of one sentence are two slots.
        let singer = ["The singer, who was born in Glasgow, will perform in Dublin next month."];
        let claim = "The singer will perform in Glasgow next month.";
        assert!(!with_window(&singer, |w| placed_alike(
            claim,
            &terms(claim),
            "Glasgow",
            "Dublin",
            w
        )));
    }

    #[test]
    fn a_modifier_of_a_name_in_the_place_of_another() {
        let modifier = |claim: &str, sentences: &[&str]| {
            with_window(sentences, |w| modifier_replaced(claim, &terms(claim), w))
        };
        let marathon = [
            "Kenyan Eliud Kipchoge won the men's race for a fifth time.",
            "The women's race was won by Tigst Assefa of Ethiopia.",
        ];
        assert_eq!(
            modifier("Ethiopian Eliud Kipchoge won the men's race.", &marathon),
            Some((
                "Ethiopian Eliud Kipchoge".to_string(),
                "Kenyan Eliud Kipchoge".to_string()
            ))
        );
        assert_eq!(
            modifier("Kenyan Eliud Kipchoge won the men's race.", &marathon),
            None
        );
        let city = [
            "Manchester City manager Pep Guardiola said he was disappointed.",
            "Everton's Dwight McNeil scored in the first half.",
        ];
        assert_eq!(
            modifier(
                "Everton manager Pep Guardiola said he was disappointed.",
                &city
            ),
            Some((
                "Everton manager Pep Guardiola".to_string(),
                "Manchester City manager Pep Guardiola".to_string()
            ))
        );
        // A modifier with a word of the source's (`City manager`), a title (`Senator`,
        // `President`), and a name the source gives no modifier are not read.
        assert_eq!(
            modifier("City manager Pep Guardiola was disappointed.", &city),
            None
        );
        let senator = ["Democratic Senator Barack Obama spoke in Chicago on Monday."];
        assert_eq!(
            modifier("President Barack Obama spoke in Chicago.", &senator),
            None
        );
        assert_eq!(
            modifier("Senator Barack Obama spoke in Chicago.", &senator),
            None
        );
        let curie = ["Polish physicist Marie Curie discovered polonium."];
        assert_eq!(
            modifier(
                "Polish-born physicist Marie Curie discovered polonium.",
                &curie
            ),
            None
        );
        let plain = ["Eliud Kipchoge won the men's race for a fifth time."];
        assert_eq!(
            modifier("Ethiopian Eliud Kipchoge won the men's race.", &plain),
            None
        );
    }

    #[test]
    fn a_name_after_a_copula_in_the_place_of_another() {
        let copula = |claim: &str, sentences: &[&str]| {
            with_window(sentences, |w| {
                copula_replaced(claim, &terms(claim), w, &|_| true)
            })
        };
        let australia = [
            "Australia's largest city is Sydney.",
            "The capital is Canberra, a planned city chosen as a compromise between Sydney and Melbourne.",
        ];
        assert_eq!(
            copula("The capital of Australia is Sydney.", &australia),
            Some(("Sydney".to_string(), "Canberra".to_string()))
        );
        let committee =
            ["The chair of the committee is Maria Lopez, and the secretary is Tom Reed."];
        assert_eq!(
            copula("The chair of the committee is Tom Reed.", &committee),
            Some(("Tom Reed".to_string(), "Maria Lopez".to_string()))
        );
        // The window the other way round, with another name.
        let france = [
            "Paris is the capital of France.",
            "Lyon is its third-largest city.",
        ];
        assert_eq!(
            copula("The capital of France is Lyon.", &france),
            Some(("Lyon".to_string(), "Paris".to_string()))
        );
        assert_eq!(copula("The capital of France is Paris.", &france), None);
        assert_eq!(
            copula("The capital of Spain is Lyon.", &france),
            None,
            "not the subject's other words"
        );
        // The name beside its head, in either order; another head; a negated claim.
        assert_eq!(
            copula("The secretary of the committee is Tom Reed.", &committee),
            None
        );
        assert_eq!(
            copula(
                "The capital of New South Wales is Sydney.",
                &[
                    "The capital is Canberra.",
                    "Sydney is the capital of New South Wales."
                ]
            ),
            None
        );
        assert_eq!(copula("The largest city is Sydney.", &australia), None);
        assert_eq!(
            copula("The capital of Australia is not Sydney.", &australia),
            None
        );
    }

    #[test]
    fn a_dimension_named_by_its_noun_is_no_other_member() {
        assert!(same_dimension("tall", "height"));
        assert!(same_dimension("length", "long"));
        assert!(!same_dimension("tall", "weight"));
        let evidence = "Adults reach 100 cm in height and weigh from 22 to 45 kg.";
        let claim = "Adults can be 100 cm tall and weigh up to 45 kg.";
        let et = OnceLock::new();
        assert_eq!(
            replaced_member(claim, &terms(claim), evidence, &et, &|_| false),
            None
        );
        assert_eq!(
            added_member(claim, &terms(claim), evidence, &et, &|_| false, &|_| false),
            None
        );
    }

    #[test]
    fn two_words_for_one_death_are_one_member() {
        let evidence = "Two people died and five others were injured when a bus overturned.";
        for claim in [
            "Two people were killed and five injured when a bus overturned.",
            "Two people were killed and five were injured when a bus overturned.",
        ] {
            let et = OnceLock::new();
            assert_eq!(
                replaced_member(claim, &terms(claim), evidence, &et, &|_| false),
                None,
                "{claim}"
            );
            assert_eq!(
                added_member(claim, &terms(claim), evidence, &et, &|_| false, &|_| false),
                None,
                "{claim}"
            );
        }
    }

    #[test]
    fn a_list_member_replaced() {
        let replaced = |claim: &str, evidence: &str| {
            let source = terms(evidence);
            replaced_member(
                claim,
                &terms(claim),
                evidence,
                &OnceLock::new(),
                &|k: &str| source.iter().any(|t| t.key == k),
            )
        };
        let curie = "Marie Curie won two Nobel Prizes, in physics (1903) and in chemistry (1911).";
        assert_eq!(
            replaced(
                "Marie Curie won two Nobel Prizes, in physics and in literature.",
                curie
            ),
            Some(("literature".to_string(), "chemistry".to_string()))
        );
        assert_eq!(
            replaced(
                "Marie Curie won Nobel Prizes in literature and in physics.",
                curie
            ),
            Some(("literature".to_string(), "chemistry".to_string()))
        );
        // Joined by other function words, or parts of an address: not one list.
        assert_eq!(
            replaced(
                "Marie Curie won Nobel Prizes in literature or physics.",
                curie
            ),
            None
        );
        assert_eq!(
            replaced(
                "You can email help@example.com or call us.",
                "You can reach us by email at help@example.com or by phone."
            ),
            None
        );
        // The same members, another spelling, a member the source states elsewhere, a
        // list the evidence does not make, names.
        for claim in [
            "Marie Curie won two Nobel Prizes, in physics and in chemistry.",
            "Marie Curie won two Nobel Prizes, in chemistry and in physics.",
        ] {
            assert_eq!(replaced(claim, curie), None, "{claim}");
        }
        assert_eq!(
            replaced(
                "Serve it cold for maximum flavor and freshness.",
                "Serve it cold for maximum flavour and freshness."
            ),
            None
        );
        assert_eq!(
            replaced(
                "She studied physics and literature.",
                "She studied physics and chemistry. Later she taught literature."
            ),
            None
        );
        assert_eq!(
            replaced(
                "She studied physics, then wrote about literature.",
                "She studied physics and chemistry."
            ),
            None
        );
        assert_eq!(
            replaced("Pierre and Irène shared it.", "Pierre and Marie shared it."),
            None
        );
        // The whole list replaced, after the same word.
        let buns = "The bakery's bestsellers include sourdough loaves and cinnamon buns.";
        assert_eq!(
            replaced(
                "The bakery's bestsellers include croissants and baguettes.",
                buns
            ),
            Some(("croissants".to_string(), "loaves".to_string()))
        );
        // Not after the same word, a member the source states, or the same list.
        for claim in [
            "The bakery sells croissants and baguettes.",
            "The bakery's bestsellers include croissants and buns.",
            "The bakery's bestsellers include cinnamon buns and sourdough loaves.",
        ] {
            assert_eq!(replaced(claim, buns), None, "{claim}");
        }
    }

    #[test]
    fn multi_word_names_keep_together() {
        assert_eq!(
            check(
                "Reilly C. John sings in the film.",
                "John C. Reilly sings in the film."
            ),
            Some(("Reilly C. John".into(), "John C. Reilly".into()))
        );
        assert_eq!(
            check(
                "Reilly, John sings in the film.",
                "John Reilly sings in the film."
            ),
            None
        );
        // Names joined by a connector alone, the other way round, the first word too.
        assert!(check("Nevada, Las Vegas", "He lived in Las Vegas, Nevada.").is_some());
        assert_eq!(
            check(
                "New Mexico, Albuquerque",
                "It was filmed in Albuquerque, New Mexico."
            ),
            Some(("New Mexico".into(), "Albuquerque".into()))
        );
        assert!(check(
            "Wykeham of William",
            "founded by William of Wykeham in 1379"
        )
        .is_some());
        assert_eq!(
            check(
                "Albuquerque, New Mexico",
                "It was filmed in Albuquerque, New Mexico."
            ),
            None
        );
        // Members of a longer list, and a name with its title written apart, are not
        // swapped roles.
        assert_eq!(
            check(
                "They drive on the left in the UK, Australia, India, South Africa and Japan.",
                "They drive on the left in Japan, South Africa, India, Australia and the UK."
            ),
            None
        );
        assert_eq!(
            check(
                "Deputy Chief Justice Philomena Mwilu",
                "Philomena Mwilu - Deputy Chief Justice of Kenya"
            ),
            None
        );
        // Any pair of the claim's names, not only the first two.
        assert!(check(
            "Justin Bieber sings the rap in 'Baby' by Ludacris.",
            "Ludacris sings the rap in 'Baby' by Justin Bieber."
        )
        .is_some());
        assert_eq!(
            check(
                "The Boston Celtics beat the Los Angeles Lakers in the final.",
                "The Los Angeles Lakers beat the Boston Celtics in the final."
            ),
            Some(("Boston Celtics".into(), "Los Angeles Lakers".into()))
        );
    }

    #[test]
    fn an_agent_the_window_gives_another_verb_or_no_verb() {
        let agent = |claim: &str, sentence: &str| {
            let t = terms(sentence);
            let window: Vec<(&str, &[Term])> = vec![(sentence, &t)];
            agent_replaced(claim, &terms(claim), &window, &|_| true)
        };
        // The agents end at a comma before a function word that joins no more of them.
        let bridge = "The bridge was designed by Joseph Strauss, with Irving Morrow responsible \
                      for the Art Deco details.";
        assert_eq!(
            agent("The bridge was designed by Irving Morrow.", bridge),
            Some(("Irving Morrow".to_string(), "Joseph Strauss".to_string()))
        );
        assert_eq!(
            agent("The bridge was designed by Joseph Strauss.", bridge),
            None
        );
        // A word of the claim's name inside another name is not the claim's name.
        let tower = "The Eiffel Tower was designed by Maurice Koechlin and Emile Nouguier, two \
                     engineers of the company of Gustave Eiffel.";
        assert!(agent("Gustave Eiffel designed the Eiffel Tower.", tower).is_some());
        assert_eq!(
            agent("Maurice Koechlin designed the Eiffel Tower.", tower),
            None
        );
        // Two of one family are two people.
        let fargo = "Fargo is a 1996 film directed by Joel Coen and produced by Ethan Coen.";
        assert_eq!(
            agent("Fargo was directed by Ethan Coen.", fargo),
            Some(("Ethan Coen".to_string(), "Joel Coen".to_string()))
        );
        assert_eq!(agent("Fargo was directed by Joel Coen.", fargo), None);
        // A list of names after `by` is read to its end.
        let song = "The song was written by John Lennon, Paul McCartney and George Harrison, \
                    with Ringo Starr on drums.";
        assert_eq!(
            agent("The song was written by George Harrison.", song),
            None
        );
        assert!(agent("The song was written by Ringo Starr.", song).is_some());
        // Before a passive's word stands what was done to, not who did it; and a claim's
        // name before `led by` is what was led.
        let team = "The Red Harbor Team — led by Nora Quinn — performs simulated attacks.";
        assert_eq!(
            agent(
                "Teams such as Nora Quinn led by Red Harbor Team perform attacks.",
                team
            ),
            Some(("Red Harbor Team".to_string(), "Nora Quinn".to_string()))
        );
        assert_eq!(
            agent(
                "Teams such as the Red Harbor Team led by Nora Quinn perform attacks.",
                team
            ),
            None
        );
    }

    #[test]
    fn a_colour_in_the_place_of_another() {
        let replaced = |claim: &str, sentence: &str| {
            replaced_word(claim, &terms(claim), sentence, &OnceLock::new(), &|_| true)
        };
        let met = "The Met Office issued amber warnings for wind across the south coast.";
        assert_eq!(
            replaced("The Met Office issued red warnings for wind.", met),
            Some(("red".to_string(), "amber".to_string()))
        );
        assert_eq!(
            replaced("The Met Office issued amber warnings for wind.", met),
            None
        );
        let medal = "She won a silver medal in the 200 metres.";
        assert_eq!(
            replaced("She won a gold medal in the 200 metres.", medal),
            Some(("gold".to_string(), "silver".to_string()))
        );
        // Not a colour: an open-class word in the same place is left alone.
        assert_eq!(
            replaced("She won a shiny medal in the 200 metres.", medal),
            None
        );
        assert!(is_colour_word("Red") && !is_colour_word("redder") && !is_colour_word("blues"));
    }

    #[test]
    fn a_time_of_day_a_season_or_a_span_in_the_place_of_another() {
        let replaced = |claim: &str, sentence: &str| {
            replaced_word(claim, &terms(claim), sentence, &OnceLock::new(), &|_| true)
        };
        let fire = "A fire broke out at the plant on Tuesday evening, forcing an evacuation.";
        assert_eq!(
            replaced("A fire broke out at the plant on Tuesday morning.", fire),
            Some(("morning".to_string(), "evening".to_string()))
        );
        assert_eq!(
            replaced("A fire broke out at the plant on Tuesday evening.", fire),
            None
        );
        let album = "The band recorded the album in the spring of 1990 in Berlin.";
        assert_eq!(
            replaced("The band recorded the album in the winter of 1990.", album),
            Some(("winter".to_string(), "spring".to_string()))
        );
        // Another kind in the slot is not a replacement of this kind.
        assert_eq!(
            replaced("The band recorded the album in the red of 1990.", album),
            None
        );
        assert_eq!(closed_kind("Night"), Some(2));
        assert_eq!(closed_kind("fall"), None);
        // Spans of time.
        let petition = "The petition gathered 5,000 signatures in a week.";
        assert_eq!(
            replaced("The petition gathered 5,000 signatures in a day.", petition),
            Some(("day".to_string(), "week".to_string()))
        );
        assert_eq!(
            replaced(
                "The petition gathered 5,000 signatures in one week.",
                petition
            ),
            None
        );
        assert_eq!(closed_kind("Years"), Some(4));
        assert_eq!(closed_kind("hour"), Some(4));
        // Kin and parts of the body.
        let search = "Her son reported her missing on Friday evening. She was taken to \
            hospital with a broken ankle and mild hypothermia.";
        assert_eq!(
            replaced(
                "Her husband reported her missing on Friday evening.",
                search
            ),
            Some(("husband".to_string(), "son".to_string()))
        );
        assert_eq!(
            replaced("She was taken to hospital with a broken wrist.", search),
            Some(("wrist".to_string(), "ankle".to_string()))
        );
        assert_eq!(
            replaced("She was taken to hospital with a broken ankle.", search),
            None
        );
        // A word over several kin is no other kin.
        assert_eq!(
            replaced("Her child reported her missing on Friday evening.", search),
            None
        );
        // In any slot, where no source writes the claim's word.
        let injury = "Kante will miss three weeks with a hamstring injury.";
        let nowhere =
            |claim: &str| replaced_word(claim, &terms(claim), injury, &OnceLock::new(), &|_| false);
        assert_eq!(
            nowhere("Kante will be out for three weeks after injuring his knee."),
            Some(("knee".to_string(), "hamstring".to_string()))
        );
        assert_eq!(
            nowhere("Kante hurt his leg and will miss three weeks."),
            None
        );
        assert_eq!(
            nowhere("Kante will be out for three weeks after injuring his hamstring."),
            None
        );
        // Kin that name one tie from its two ends are no replacement.
        let prince = "Prince Andrew is the second son of Queen Elizabeth II.";
        let kin =
            |claim: &str| replaced_word(claim, &terms(claim), prince, &OnceLock::new(), &|_| false);
        assert_eq!(kin("Prince Andrew's mother is Queen Elizabeth II."), None);
        assert_eq!(
            kin("Prince Andrew's uncle is Queen Elizabeth II."),
            Some(("uncle".to_string(), "son".to_string()))
        );
        let tie = |a: &str, b: &str| converse_kin(&stem(a), &stem(b));
        assert!(tie("husband", "wife") && tie("grandson", "grandmother"));
        assert!(tie("uncles", "nieces") && tie("daughters", "fathers"));
        assert!(!tie("stepson", "grandfather"));
        assert!(!converse_kin("husband", "son"));
        assert_eq!(closed_kind("Granddaughter"), Some(5));
        assert_eq!(closed_kind("hamstring"), Some(6));
        assert_eq!(closed_kind("hand"), None);
        assert!(KIN.windows(2).all(|w| w[0] < w[1]));
        assert!(BODY_PARTS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_common_noun_of_a_closed_kind_in_the_place_of_another() {
        let replaced = |claim: &str, sentence: &str| {
            replaced_word(claim, &terms(claim), sentence, &OnceLock::new(), &|_| true)
        };
        let theft = "Police said a van was stolen from outside a bakery in Derby.";
        assert_eq!(
            replaced("A car was stolen from outside a bakery in Derby.", theft),
            Some(("car".to_string(), "van".to_string()))
        );
        assert_eq!(
            replaced("A van was stolen from outside a bakery in Derby.", theft),
            None
        );
        let ban = "The city will ban new diesel cars from its centre.";
        assert_eq!(
            replaced("The city will ban new petrol cars from its centre.", ban),
            Some(("petrol".to_string(), "diesel".to_string()))
        );
        let test = "The saliva test detected the virus in 92% of cases.";
        assert_eq!(
            replaced("The urine test detected the virus in 92% of cases.", test),
            Some(("urine".to_string(), "saliva".to_string()))
        );
        let dinner = "Guests were served a three-course dinner after the ceremony.";
        assert_eq!(
            replaced(
                "Guests were served a three-course lunch after the ceremony.",
                dinner
            ),
            Some(("lunch".to_string(), "dinner".to_string()))
        );
        // Two words of one group say one thing.
        assert_eq!(
            replaced(
                "Guests were served a three-course supper after the ceremony.",
                dinner
            ),
            None
        );
        let flights = "Dozens of flights were cancelled at Gatwick.";
        assert_eq!(
            replaced("Dozens of planes were cancelled at Gatwick.", flights),
            None
        );
        assert_eq!(
            replaced("Dozens of trains were cancelled at Gatwick.", flights),
            Some(("trains".to_string(), "flights".to_string()))
        );
        let lorry = "The lorry spilled its load of timber across two lanes.";
        assert_eq!(
            replaced(
                "The truck spilled its load of wood across two lanes.",
                lorry
            ),
            None
        );
        // Only in the slot of the sentence's word, unlike kin: a word of these kinds
        // elsewhere in the claim is no replacement.
        let nowhere =
            |claim: &str| replaced_word(claim, &terms(claim), ban, &OnceLock::new(), &|_| false);
        assert_eq!(
            nowhere("The city will ban new cars that run on petrol."),
            None
        );
        assert_eq!(closed_kind("Motorcycles"), Some(7));
        assert_eq!(closed_kind("timber"), Some(8));
        assert_eq!(closed_kind("vehicle"), None);
        let flood = "Heavy rain caused flooding in northern Italy.";
        assert_eq!(
            replaced("Heavy snow caused flooding in northern Italy.", flood),
            Some(("snow".to_string(), "rain".to_string()))
        );
        assert_eq!(
            replaced("Heavy downpours caused flooding in northern Italy.", flood),
            None
        );
        let found = "A new species of frog has been found in Chile.";
        assert_eq!(
            replaced("A new species of lizard has been found in Chile.", found),
            Some(("lizard".to_string(), "frog".to_string()))
        );
        let rescue = "Rescue workers used boats to reach stranded residents.";
        assert_eq!(
            replaced(
                "Rescue workers used helicopters to reach stranded residents.",
                rescue
            ),
            Some(("helicopters".to_string(), "boats".to_string()))
        );
        assert_eq!(
            replaced(
                "Rescue workers used ferries to reach stranded residents.",
                rescue
            ),
            None
        );
        assert!(one_thing("Soccer", "football") && !one_thing("rugby", "football"));
        assert!(COMMON_KINDS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn kin_share_only_a_family_name() {
        assert!(kin(&["joel", "coen"], &["ethan", "coen"]));
        assert!(!kin(&["coen"], &["ethan", "coen"]));
        assert!(!kin(&["r", "zanuck"], &["richard", "zanuck"]));
        assert!(!kin(&[&stem("steve"), "jobs"], &[&stem("steven"), "jobs"]));
        assert!(!kin(&["joel", "coen"], &["joel", "coen"]));
    }

    #[test]
    fn the_questions_name_where_a_pronoun_stands_for_another() {
        // A claim that names its subject (the question's, as `asked`), no question read.
        let named = |claim: &str, sentences: &[&str], asked: &dyn Fn(&str) -> bool| {
            with_window(sentences, |w| {
                let no_question = || -> &[Term] { &[] };
                pronoun_subject_replaced(
                    claim,
                    &terms(claim),
                    || w.to_vec(),
                    asked,
                    ("", &no_question),
                    &|_| false,
                )
            })
        };
        let paris = [
            "Paris is the capital of France.",
            "It has about 2.1 million residents.",
        ];
        let claim = "Tokyo has about 2.1 million residents.";
        assert_eq!(
            named(claim, &paris, &|k| k == "tokyo"),
            Some(("Tokyo".to_string(), "Paris".to_string()))
        );
        // A name some source writes is another rule's; the pronoun's own name is no
        // other.
        assert_eq!(named(claim, &paris, &|_| false), None);
        let claim = "Paris has about 2.1 million residents.";
        assert_eq!(named(claim, &paris, &|k| k == "paris"), None);
        // An acronym that the sentence before spells out names the same thing.
        let nyc = [
            "New York City is the largest city in the United States.",
            "It has about 8.3 million residents.",
        ];
        assert_eq!(
            named("NYC has about 8.3 million residents.", &nyc, &|k| k
                == "nyc"),
            None
        );
        // After `the`, with the noun the name qualifies; the pronoun's own name written
        // otherwise is no other.
        let amazon = [
            "The Amazon is the largest rainforest in the world.",
            "It covers about 5.5 million square kilometres.",
        ];
        let claim = "The Congo rainforest covers about 5.5 million square kilometres.";
        assert_eq!(
            named(claim, &amazon, &|k| k == "congo"),
            Some(("Congo".to_string(), "Amazon".to_string()))
        );
        let claim = "The Amazonian rainforest covers about 5.5 million square kilometres.";
        assert_eq!(named(claim, &amazon, &|k| k == "amazonian"), None);
        // A claim that opens with the pronoun, for the question's subject, which no
        // source names; not for a name after a preposition of the question.
        let claim = "It covers about 5.5 million square kilometres.";
        let ask = |q: &'static str| {
            with_window(&amazon, |w| {
                let written: Vec<&str> = w
                    .iter()
                    .flat_map(|(_, ts)| ts.iter().map(|t| t.key.as_str()))
                    .collect();
                let qt = terms(q);
                let question_terms = || qt.as_slice();
                pronoun_subject_replaced(
                    claim,
                    &terms(claim),
                    || w.to_vec(),
                    &|_| false,
                    (q, &question_terms),
                    &|k| written.contains(&k),
                )
            })
        };
        assert_eq!(
            ask("How big is the Congo rainforest?"),
            Some(("Congo".to_string(), "Amazon".to_string()))
        );
        assert_eq!(ask("How big is the Amazon rainforest?"), None);
        assert_eq!(ask("Tell me about the rainforest in Brazil."), None);
        // Said of something else than the pronoun's statement: no slot.
        let claim = "Tokyo is the capital of Japan.";
        assert_eq!(named(claim, &paris, &|k| k == "tokyo"), None);
    }

    #[test]
    fn the_questions_name_opening_the_statement_another_name_opens() {
        let s = "Paris is the capital of France.";
        let t = terms(s);
        let window: Vec<(&str, &[Term])> = vec![(s, &t)];
        let claim = "Tokyo is the capital of France.";
        // No source writes `Tokyo`; the question does.
        let asked = |k: &str| k == "tokyo";
        assert_eq!(
            slot_taken(claim, &terms(claim), &window, &|_| false, &asked),
            Some(("Tokyo".to_string(), "Paris".to_string()))
        );
        assert_eq!(
            slot_taken(claim, &terms(claim), &window, &|_| false, &|_| false),
            None
        );
        // An acronym beside a name of several words: no one word of the sentence stands
        // in its place (the pronoun rule's test reads a spelled-out acronym).
        let s = "New York City has 8.3 million residents.";
        let t = terms(s);
        let window: Vec<(&str, &[Term])> = vec![(s, &t)];
        let claim = "NYC has 8.3 million residents.";
        assert_eq!(
            slot_taken(claim, &terms(claim), &window, &|_| false, &|k| k == "nyc"),
            None
        );
    }

    #[test]
    fn a_name_opening_the_statement_another_name_opens() {
        let s1 = "Marseille is the second-largest city in France, and Lyon is the third-largest.";
        let t1 = terms(s1);
        let window: Vec<(&str, &[Term])> = vec![(s1, &t1)];
        let slot = |claim: &str| slot_taken(claim, &terms(claim), &window, &|_| true, &|_| false);
        assert_eq!(
            slot("Lyon is the second-largest city in France."),
            Some(("Lyon".to_string(), "Marseille".to_string()))
        );
        assert_eq!(slot("Lyon is the third-largest city in France."), None);
        assert_eq!(
            slot("Marseille is the second-largest city in France."),
            None
        );
        // Not a statement's subject (no auxiliary after it): a name of two words.
        let s2 = "Marie Curie won the prize in 1903 together with Pierre Curie.";
        let t2 = terms(s2);
        let window: Vec<(&str, &[Term])> = vec![(s2, &t2)];
        let slot = |claim: &str| slot_taken(claim, &terms(claim), &window, &|_| true, &|_| false);
        assert_eq!(slot("Pierre Curie won the prize in 1903."), None);
        // A capitalised first word the window never writes inside a sentence, or the other
        // word written in lower case somewhere: an ordinary word, no name.
        let s3 = "Teachers are required to attend. Students must pass, and teachers report it.";
        let t3 = terms(s3);
        let window: Vec<(&str, &[Term])> = vec![(s3, &t3)];
        let slot = |claim: &str| slot_taken(claim, &terms(claim), &window, &|_| true, &|_| false);
        assert_eq!(slot("Students are required to attend."), None);
    }

    #[test]
    fn a_rank_in_the_slot_a_window_sentence_gives_another() {
        let s1 = "The council has approved plans for 300 new homes on the edge of Exeter.";
        let s2 = "The development will include a primary school and a community centre.";
        let (t1, t2) = (terms(s1), terms(s2));
        let window: Vec<(&str, &[Term])> = vec![(s1, &t1), (s2, &t2)];
        let slot = |claim: &str| slot_taken(claim, &terms(claim), &window, &|_| false, &|_| false);
        let wrong = "The 300 new homes near Exeter will come with a secondary school.";
        assert_eq!(
            slot(wrong),
            Some(("secondary".to_string(), "primary".to_string()))
        );
        // The rank the window gives, and a name no source writes (the name rule's).
        assert_eq!(
            slot("The 300 new homes near Exeter will come with a primary school."),
            None
        );
        assert_eq!(
            slot("The 300 new homes near Exeter will come with a Steiner school."),
            None
        );
    }

    #[test]
    fn a_superlative_ranked_otherwise() {
        let ranked = |claim: &str, sentence: &str| {
            superlative_ranked_otherwise(claim, &terms(claim), sentence, &OnceLock::new())
        };
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        let tower = "The tower is the second-tallest building in the city.";
        assert_eq!(
            ranked("It is the tallest building in the city.", tower),
            pair("tallest", "second-tallest")
        );
        assert_eq!(
            ranked("It is the city's second-tallest building.", tower),
            None
        );
        assert_eq!(
            ranked("It is the second tallest building in the city.", tower),
            None
        );
        assert_eq!(
            ranked("It is the third-tallest building in the city.", tower),
            pair("third-tallest", "second-tallest")
        );
        // `most` with its adjective, and an ordinal written in figures.
        let city = "Lyon is the most populous city of the region.";
        assert_eq!(
            ranked("Lyon is the 2nd most populous city of the region.", city),
            pair("2nd most populous", "most populous")
        );
        assert_eq!(
            ranked("Lyon is the region's most populous city.", city),
            None
        );
        // A sentence that ranks it both ways confirms either; a group is no rank.
        let both = "Paris is the largest city and Marseille the second-largest.";
        assert_eq!(ranked("Marseille is the largest city.", both), None);
        assert_eq!(
            ranked("It is one of the tallest buildings in the city.", tower),
            None
        );
        assert_eq!(
            ranked("It is among the tallest buildings in the city.", tower),
            None
        );
        assert_eq!(ranked("They are the three tallest buildings.", tower), None);
        // Words in `-est` that are no superlatives.
        let loan = "The bank raised its second interest rate.";
        assert_eq!(ranked("The bank raised its interest rate.", loan), None);
        assert_eq!(
            ranked("He lodged a second request.", "He lodged a request."),
            None
        );
    }

    /// [`name_fused`] of `claim` against `sources`, read as a short answer or not.
    fn fused_in(claim: &str, sources: &[&str], answer: bool) -> Option<(String, String)> {
        crate::claims::support::with_sources(sources, |set| {
            name_fused(claim, &terms(claim), set, answer)
        })
    }

    #[test]
    fn two_names_of_the_sources_fused_into_one() {
        let fused = |claim: &str, sources: &[&str]| fused_in(claim, sources, false);
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        let song =
            "Toby Keith released the single in 1993. It topped the Billboard Hot Country chart.";
        // The first word always goes on with another (`Toby Keith`).
        assert_eq!(
            fused("Toby Billboard sang the single.", &[song]),
            pair("Toby Billboard", "Toby Keith")
        );
        assert_eq!(fused("Toby Keith sang the single.", &[song]), None);
        // The second word always has another before it (`Marty Robbins`), across sources.
        let coat = [
            "Marty Robbins recorded the song.",
            "Jimmy Dean hosted the show.",
        ];
        assert_eq!(
            fused("Jimmy Robbins recorded the song.", &coat),
            pair("Jimmy Robbins", "Jimmy Dean")
        );
        assert_eq!(fused("Marty Robbins recorded the song.", &coat), None);
        // One name of a source with more between its words (middle names, initials).
        let clinton = "Hillary Rodham Clinton served as Secretary of State.";
        assert_eq!(
            fused("Hillary Clinton served as Secretary of State.", &[clinton]),
            None
        );
        let reilly = "John C. Reilly starred in the film. Elvis Presley is parodied in it.";
        assert_eq!(fused("John Reilly starred in the film.", &[reilly]), None);
        assert_eq!(
            fused("John C. Elvis starred in the film.", &[reilly]),
            pair("John C. Elvis", "John C. Reilly")
        );
        // A word some source writes alone on that side joins anything; titles and the
        // common nouns of places are no part of a name.
        let biden = "President Joe Biden met leaders in Paris. The US pledged aid.";
        assert_eq!(fused("US President Joe Biden met leaders.", &[biden]), None);
        let princes = "Prince William and Harry attended the ceremony.";
        assert_eq!(
            fused("Prince Harry attended the ceremony.", &[princes]),
            None
        );
        let house = "Barack Obama hosted the summit at the White House.";
        assert_eq!(
            fused("The Obama White House hosted the summit.", &[house]),
            None
        );
        // A word also written in lower case is a common noun, whatever names it heads.
        let plans = "Phone support comes with the Business and Enterprise plans. The Starter Plan has email only.";
        assert_eq!(
            fused("The Business Plan includes phone support.", &[plans]),
            None
        );
        // A sentence's first word that looks ordinary is no part of a name, in the claim
        // or in a source.
        let news = "Yesterday Microsoft cut prices. Apple announced a phone.";
        assert_eq!(fused("Yesterday Apple announced a phone.", &[news]), None);
        assert_eq!(
            fused(
                "Recently Apple announced a phone.",
                &["Recently Microsoft cut prices. Apple announced a phone."]
            ),
            None
        );
        // The tables are searched by halves.
        assert!(NAME_PREFIXES.windows(2).all(|w| w[0] < w[1]));
        assert!(OPENING_ADVERBS.windows(2).all(|w| w[0] < w[1]));
        assert!(NAME_PREFIXES.iter().all(|w| w.len() <= 12));
        // A name's particle joins its words as `of` does.
        let painter = "Vincent van Gogh painted it. Ludwig van Beethoven composed the score.";
        assert_eq!(
            fused("Vincent van Beethoven painted it.", &[painter]),
            pair("Vincent van Beethoven", "Vincent van Gogh")
        );
        assert_eq!(fused("Vincent van Gogh painted it.", &[painter]), None);
        // Names of one word, or words no source writes, are other rules' to read.
        assert_eq!(fused("Keith sang the single.", &[song]), None);
        assert_eq!(fused("Garth Brooks sang the single.", &[song]), None);
    }

    #[test]
    fn a_short_answer_is_one_name_of_the_sources() {
        let fused = fused_in;
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        // Each word written alone somewhere, one of them bound in another name: in a
        // statement the lone word may be joined to anything, a short answer is one name.
        let tag = "The team was Bradshaw (John Layfield) and Faarooq (Ron Simmons). \
                   Layfield was born in 1966.";
        assert_eq!(
            fused("Faarooq Layfield", &[tag], true),
            pair("Faarooq Layfield", "John Layfield")
        );
        assert_eq!(
            fused("Faarooq Layfield won the title.", &[tag], false),
            None
        );
        assert_eq!(fused("John Layfield", &[tag], true), None);
        assert_eq!(fused("Ron Simmons", &[tag], true), None);
        // Both words alone, or bound only on the side away from the other word (`People's
        // Republic` before `China`): nothing says they belong to other names.
        let film = "The film was directed by Spielberg. Steven, then 27, had made one feature.";
        assert_eq!(fused("Steven Spielberg", &[film], true), None);
        let country = "The city lies in China. The People's Republic was founded in 1949.";
        assert_eq!(fused("People's Republic of China", &[country], true), None);
        // One name of a source holds both words, in either order; a nickname in quotes
        // between them leaves them free.
        let oxford = "The college is part of Oxford University, the oldest in England.";
        assert_eq!(fused("University of Oxford", &[oxford], true), None);
        let nickname = "John \"Bradshaw\" Layfield (born 1966) is a wrestler.";
        assert_eq!(fused("John Layfield", &[nickname], true), None);
        // `New` and `San` are a short answer's name words; `Mount` is not (a common
        // noun), nor are titles.
        let towns = "The capital is New Westbury. Carlton is the second town.";
        assert_eq!(
            fused("New Carlton", &[towns], true),
            pair("New Carlton", "New Westbury")
        );
        assert_eq!(fused("New Carlton is the capital.", &[towns], false), None);
        assert_eq!(fused("New Westbury", &[towns], true), None);
        let peaks = "Kilimanjaro is the highest mountain in Africa. Nearby stands Mount Meru.";
        assert_eq!(fused("Mount Kilimanjaro", &[peaks], true), None);
        assert!(PLACE_FIRST_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(PLACE_FIRST_WORDS.iter().all(|w| NAME_PREFIXES.contains(w)));
    }

    #[test]
    fn a_name_in_the_slot_a_source_fills_with_another() {
        let slot = |claim: &str, texts: &[&str]| {
            super::super::support::with_sources(texts, |set| {
                let in_sources = |k: &str| set.iter().any(|s| s.id(k).is_some());
                slot_replaced(claim, &terms(claim), set, &in_sources)
            })
        };
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        let fire = [
            "Police arrested a man on Tuesday after a fire destroyed a warehouse in \
            Salford. Firefighters from Bolton and Oldham spent six hours tackling the blaze.",
        ];
        assert_eq!(
            slot(
                "Firefighters tackled a blaze at a warehouse in Oldham.",
                &fire
            ),
            pair("Oldham", "Salford")
        );
        assert_eq!(
            slot(
                "Firefighters tackled a blaze at a warehouse in Salford.",
                &fire
            ),
            None
        );
        let novel = [
            "The novel was published by Faber in 2019. Its author once worked for \
            Penguin.",
        ];
        assert_eq!(
            slot("The novel was published by Penguin.", &novel),
            pair("Penguin", "Faber")
        );
        assert_eq!(slot("The novel was published by Faber.", &novel), None);
        // The source's name after lower-case words that title or place it.
        let move_ = [
            "Apple appointed Sarah Kim as head of retail. The move was announced by \
            chief executive Tim Cook on Friday.",
        ];
        assert_eq!(
            slot("The move was announced by Sarah Kim on Friday.", &move_),
            pair("Sarah Kim", "Tim Cook")
        );
        assert_eq!(
            slot("The move was announced by Tim Cook on Friday.", &move_),
            None
        );
        // Left alone: a slot of another preposition (one of many), a name the claim writes
        // beside the other, a name the source writes soon after the other, two places of
        // one sentence (they may nest), and another source's slot.
        assert_eq!(
            slot(
                "The author once worked for Faber.",
                &["The author once worked for Penguin. Faber published the novel."]
            ),
            None
        );
        assert_eq!(
            slot("The novel was published by Faber and Penguin.", &novel),
            None
        );
        assert_eq!(
            slot(
                "The novel was published by Penguin.",
                &["The novel was published by Faber and Penguin in 2019. Penguin sold it."]
            ),
            None
        );
        assert_eq!(
            slot(
                "The fire destroyed a warehouse in Greater Manchester.",
                &["A fire destroyed a warehouse in Salford, Greater Manchester, on Monday."]
            ),
            None
        );
        assert_eq!(
            slot(
                "The festival runs events in Edinburgh.",
                &[
                    "The festival takes place in Edinburgh every August.",
                    "The festival also runs events in Glasgow."
                ]
            ),
            None
        );
        // The claim's name with a form of the word in another sentence.
        assert_eq!(
            slot(
                "Microsoft was founded by Paul Allen.",
                &["Microsoft was founded by Bill Gates in 1975. Paul Allen co-founded the company."]
            ),
            None
        );
        // A short form of the other name, a possessive, a name that qualifies a noun.
        assert_eq!(
            slot(
                "Tariffs were imposed by the US.",
                &["Tariffs were imposed by the United States in May. The US later lifted them."]
            ),
            None
        );
        assert_eq!(
            slot(
                "The deal was signed in Paris's city hall.",
                &["The deal was signed in Berlin. Paris hosted the talks."]
            ),
            None
        );
    }
}
