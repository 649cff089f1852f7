//! Swapped roles: a claim that names two entities around a relation in the opposite order
//! of its evidence (`Ali defeated Frazier` against `Frazier defeated Ali`). Word coverage
//! cannot see it (both sentences hold the same words), so the order is compared: the two
//! names and the relation words between them must stand in the evidence sentence with
//! both names on the other side of every relation word. Passives (`… was defeated by
//! Ali`, a `by` on one side only), coordinations (nothing but function words between the
//! names) and symmetric relations (`married`, `met`, `against`) are never judged swapped.

use super::support::{related, ClaimWord};
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
    swapped_terms(claim, &terms(claim), words, evidence)
}

/// [`swapped`] with the claim's terms found already (`ct`: [`terms`] of `claim`, as
/// [`super::support::ClaimProfile::terms`] keeps them).
pub(crate) fn swapped_terms(
    claim: &str,
    ct: &[Term],
    words: &[ClaimWord],
    evidence: &str,
) -> Option<(String, String)> {
    // Any capitalised word counts here, the first included (`Nevada, Las Vegas`): an
    // ordinary word that opens the sentence (`Typically`) joins the name after it, and
    // a name the evidence does not write whole is never judged.
    let is_name = |t: &Term| {
        t.capitalised
            || words
                .iter()
                .any(|w| (w.name || w.initial) && w.key == t.key)
    };
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
    // Nothing to compare: one name of one word.
    if runs.len() < 2 && runs.iter().all(|r| r.keys.len() < 2) {
        return None;
    }
    let et = terms(evidence);
    // A name whose parts the evidence writes in another order (`Reilly C. John` against
    // `John C. Reilly`), neither with a comma inside (`Smith, John`).
    for r in runs.iter().filter(|r| r.keys.len() >= 2) {
        let at = positions(&et, &r.keys);
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
            between_tokens(evidence, &et, first, last),
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
            if let Some(found) = pair_swapped(claim, ct, evidence, &et, a, b, &is_name) {
                return Some(found);
            }
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
    if relation
        .iter()
        .any(|k| SYMMETRIC.iter().any(|s| related(k, &stem(s))))
    {
        return None;
    }
    let (pa, pb) = (place(et, a)?, place(et, b)?);
    if pb >= pa {
        return None; // the same order as the claim
    }
    let rel_at = positions(et, &relation);
    if rel_at.is_empty() || !rel_at.iter().all(|&r| pb < r && r < pa) {
        return None;
    }
    // A passive on one side only reads the same roles the other way round.
    let by = |ts: &[Term]| ts.iter().any(|t| t.key == "by");
    if by(between) != by(et.get(pb..pa)?) {
        return None;
    }
    Some((
        a.written(claim, ct)?.to_string(),
        b.written(claim, ct)?.to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(key: &str) -> ClaimWord {
        ClaimWord {
            key: key.to_string(),
            weight: 1.0,
            name: true,
            initial: false,
            surface: key.to_string(),
            in_question: false,
            acronym: None,
            calendar: false,
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
}
