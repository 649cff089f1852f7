//! A small built-in table of general antonyms: pairs of words that state opposite
//! things about the same subject (`rose` / `fell`, `before` / `after`). A claim that uses
//! one side where its best evidence sentence uses the other, and otherwise matches that
//! sentence, is contradicted (see [`super::support::match_source`]).
//!
//! The table is general English, not taken from any data set. Each row lists the forms
//! of one side and the forms of the other; a word is looked up as written, lower case.
//!
//! | side A | side B |
//! |---|---|
//! | increase, rise, grow, gain, profit, expand, surge | decrease, fall, decline, drop, shrink, loss, reduce, cut, plunge, plummet |
//! | before, earlier, early, earliest | after, later, late, latest |
//! | begin, start (and their forms) | end, finish (and their forms) |
//! | more, most, many, higher, larger, greater, bigger, high, large, big, huge, enormous, giant (and superlatives), raise | less, least, few, fewer, lower, smaller, low, small, tiny, miniature (and superlatives) |
//! | maximum | minimum |
//! | above | below |
//! | front | behind, rear |
//! | allowed, permitted, legal, allow, permit | forbidden, prohibited, banned, illegal, prohibit, forbid |
//! | true | false |
//! | accept, approve | reject |
//! | include, including | exclude, excluding, except |
//! | win, won, victory, beat | lose, lost, defeat |
//! | success | failure |
//! | pass, passes, passed | fail, fails, failed |
//! | careful, harmful, hopeful, meaningful, painful, powerful, thoughtful, useful (each its own row) | careless, harmless, hopeless, meaningless, painless, powerless, thoughtless, useless |
//! | open | closed |
//! | first | last |
//! | oldest, older | youngest, younger |
//! | possible | impossible |
//! | safe (and comparatives) | unsafe, dangerous |
//! | positive | negative |
//! | north, east, northern, eastern, northernmost, easternmost | south, west, southern, western, southernmost, westernmost |
//! | strong, long, fast, cheap, hot, warm (and comparatives; warm's verb forms); heavier, heaviest | weak, short, slow, expensive, cold, cool; lighter, lightest |
//! | same, common, likely, male, internal, inside, majority | different, rare, unlikely, female, external, outside, minority |
//! | man, boy, father, son, king (and plurals) | woman, girl, mother, daughter, queen |
//! | born, birth, present, optional, voluntary, agree | died, death, absent, mandatory, required, disagree |
//! | easy, good, better, best, major, serious, severe, private, ancient | difficult, bad, worse, worst, minor, mild, public, modern |
//! | slightly, slight, marginally, marginal, modestly | dramatically, drastically, significantly, substantially, greatly, sharply, considerably (and adjectives) |
//! | rich, full, wet, entrance, arrive, top | poor, empty, dry, exit, depart, bottom |
//! | convicted, guilty; hired; married; confirm, admit; support; help, benefit; uphold; survived, alive, injured, wounded | acquitted, innocent; fired, dismissed; divorced; deny; oppose; hurt, harm; overturn; killed, dead |
//! | promising, encouraging, optimistic, praise, welcome, delighted, pleased; improve; temporary; urban; deep; wide; thick; love; surplus; winner; ally | disappointing, disappointed, discouraging, pessimistic, criticise, condemn; worsen, deteriorate; permanent; rural; shallow; narrow; thin; hate; deficit; loser; enemy |
//! | arrest, detain, captured; impose; strengthen; adult; domestic; indoor; summer; asleep | release, freed; lift; weaken; child, kids; foreign, international, overseas, abroad; outdoor; winter; awake |
//!
//! Pairs whose sides can state the same fact from the two ends (`bought` / `sold`,
//! `import` / `export`, `husband` / `wife`, `brother` / `sister`) are left out, and so are words with common other senses (`light`,
//! `hard`; `lighter` and `heavier` are in, as degrees of weight).

/// Words of the table read against the best evidence sentence as a whole only, never
/// phrase by phrase: a report of casualties gives both sides in one sentence (`Two
/// people were killed and three others injured`), and the words beside one side are
/// not the other's. So are custody's (`The hostages, captured in March, were freed after
/// two weeks`).
const WHOLE_SENTENCE_ONLY: &[&str] = &[
    "injured", "wounded", "arrest", "arrests", "arrested", "detain", "detains", "detained",
    "captured", "release", "releases", "released", "freed",
];

/// True when `word` is read against a whole sentence only ([`WHOLE_SENTENCE_ONLY`]).
pub fn whole_sentence_only(word: &str) -> bool {
    WHOLE_SENTENCE_ONLY
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

/// One row of the table: the forms of side A and the forms of side B.
type Pair = (&'static [&'static str], &'static [&'static str]);

/// The row of a contest's result (see [`PAIRS`]), which `support::converse` reads from
/// both ends.
const CONTEST: Pair = (
    &[
        "win",
        "wins",
        "won",
        "winning",
        "victory",
        "victories",
        "beat",
        "beats",
    ],
    &["lose", "loses", "lost", "losing", "defeat", "defeats"],
);

/// True when `word` (any case) is a form of [`CONTEST`]: a win or a loss.
pub(crate) fn is_contest(word: &str) -> bool {
    CONTEST
        .0
        .iter()
        .chain(CONTEST.1)
        .any(|w| word.eq_ignore_ascii_case(w))
}

/// The table (see the module documentation).
const PAIRS: &[Pair] = &[
    (
        &[
            "increase",
            "increases",
            "increased",
            "increasing",
            "rise",
            "rises",
            "rose",
            "risen",
            "rising",
            "grow",
            "grows",
            "grew",
            "grown",
            "growing",
            "gain",
            "gains",
            "gained",
            "profit",
            "profits",
            "expand",
            "expands",
            "expanded",
            "surge",
            "surges",
            "surged",
        ],
        &[
            "decrease",
            "decreases",
            "decreased",
            "decreasing",
            "fall",
            "falls",
            "fell",
            "fallen",
            "falling",
            "decline",
            "declines",
            "declined",
            "declining",
            "drop",
            "drops",
            "dropped",
            "reduce",
            "reduces",
            "reduced",
            "cut",
            "cuts",
            "shrink",
            "shrinks",
            "shrank",
            "shrunk",
            "loss",
            "losses",
            "plunge",
            "plunges",
            "plunged",
            "plummet",
            "plummets",
            "plummeted",
        ],
    ),
    (
        &["before", "earlier", "early", "earliest"],
        &["after", "later", "late", "latest"],
    ),
    (
        &[
            "begin",
            "begins",
            "began",
            "begun",
            "beginning",
            "start",
            "starts",
            "started",
            "starting",
        ],
        &[
            "end", "ends", "ended", "ending", "finish", "finishes", "finished",
        ],
    ),
    (
        &[
            "more", "most", "many", "higher", "larger", "greater", "bigger", "high", "highest",
            "large", "largest", "big", "biggest", "raise", "raises", "raised", "huge", "enormous",
            "giant", "tall", "taller", "tallest",
        ],
        &[
            "less",
            "least",
            "few",
            "fewer",
            "fewest",
            "lower",
            "smaller",
            "low",
            "lowest",
            "small",
            "smallest",
            "lowers",
            "lowered",
            "tiny",
            "miniature",
        ],
    ),
    (&["maximum"], &["minimum"]),
    (&["above"], &["below"]),
    (&["front"], &["behind", "rear"]),
    (
        &[
            "allowed",
            "permitted",
            "legal",
            "lawful",
            "allow",
            "allows",
            "permit",
            "permits",
        ],
        &[
            "forbidden",
            "prohibited",
            "banned",
            "illegal",
            "unlawful",
            "prohibit",
            "prohibits",
            "forbid",
            "forbids",
        ],
    ),
    (&["true"], &["false"]),
    (
        &[
            "accept", "accepts", "accepted", "approve", "approves", "approved",
        ],
        &["reject", "rejects", "rejected"],
    ),
    (
        &["include", "includes", "included", "including"],
        &["exclude", "excludes", "excluded", "excluding", "except"],
    ),
    // A win and a defeat, as verbs and as nouns (`the 2-1 win over Southampton` / `the
    // 2-1 defeat by Southampton`); not `defeated`, whose subject won, nor `beaten`, whose
    // subject lost in a passive (`was beaten by`); `beat` is a win. Stated from the
    // other end, a result says the same (`Chelsea lost to United` / `United beat
    // Chelsea`: see `support::converse`).
    CONTEST,
    // One exchange from its two ends (`The company bought a stake` against `… sold its
    // stake`); stated from the other end, it says the same (`Google bought YouTube from
    // Chad Hurley` / `Chad Hurley sold YouTube to Google`: see `support::converse`).
    (
        &["buy", "buys", "bought", "buying"],
        &["sell", "sells", "sold", "selling"],
    ),
    (
        &["import", "imports", "imported", "importing"],
        &["export", "exports", "exported", "exporting"],
    ),
    (
        &["lend", "lends", "lent", "lending"],
        &["borrow", "borrows", "borrowed", "borrowing"],
    ),
    (
        &["remember", "remembers", "remembered"],
        &["forget", "forgets", "forgot", "forgotten"],
    ),
    (&["success", "successful"], &["failure", "unsuccessful"]),
    // A test, a review or a vote passed or failed (`passed away` has no `fail` to meet).
    (&["pass", "passes", "passed"], &["fail", "fails", "failed"]),
    // A word in `-ful` and the same word in `-less`, each its own row.
    (&["careful", "carefully"], &["careless", "carelessly"]),
    (&["harmful"], &["harmless"]),
    (&["hopeful"], &["hopeless"]),
    (&["meaningful"], &["meaningless"]),
    (&["painful"], &["painless"]),
    (&["powerful"], &["powerless"]),
    (&["thoughtful"], &["thoughtless"]),
    (&["useful"], &["useless"]),
    (
        &["open", "opened", "opens", "opening"],
        &["closed", "closes", "closing"],
    ),
    (&["first"], &["last"]),
    (&["oldest", "older"], &["youngest", "younger"]),
    (&["possible"], &["impossible"]),
    (&["safe", "safer", "safest"], &["unsafe", "dangerous"]),
    (&["positive"], &["negative"]),
    (
        &[
            "north",
            "east",
            "northern",
            "eastern",
            "northernmost",
            "easternmost",
        ],
        &[
            "south",
            "west",
            "southern",
            "western",
            "southernmost",
            "westernmost",
        ],
    ),
    (
        &["strong", "stronger", "strongest"],
        &["weak", "weaker", "weakest"],
    ),
    (
        &["long", "longer", "longest"],
        &["short", "shorter", "shortest"],
    ),
    (
        &["fast", "faster", "fastest"],
        &["slow", "slower", "slowest"],
    ),
    (&["cheap", "cheaper", "cheapest"], &["expensive"]),
    // Weight, by the comparative and superlative only: `light` and `heavy` have other
    // senses (`light` of a colour or a lamp), their degrees hardly any.
    (&["heavier", "heaviest"], &["lighter", "lightest"]),
    (
        &["hot", "hotter", "hottest"],
        &["cold", "colder", "coldest"],
    ),
    (
        &["warm", "warmer", "warmest", "warms", "warmed", "warming"],
        &["cool", "cooler", "coolest", "cools", "cooled", "cooling"],
    ),
    (&["same"], &["different"]),
    (
        &["common", "commonly", "often", "frequently", "frequent"],
        &["rare", "rarely", "seldom", "infrequently", "infrequent"],
    ),
    (&["likely", "probable"], &["unlikely", "improbable"]),
    (&["friendly"], &["unfriendly", "hostile", "aggressive"]),
    (&["male", "males"], &["female", "females"]),
    (&["man", "men"], &["woman", "women"]),
    (&["boy", "boys"], &["girl", "girls"]),
    (&["father", "fathers"], &["mother", "mothers"]),
    (&["son", "sons"], &["daughter", "daughters"]),
    (&["king", "kings"], &["queen", "queens"]),
    (&["internal"], &["external"]),
    (&["inside"], &["outside"]),
    (&["majority"], &["minority"]),
    (&["born", "birth"], &["died", "death"]),
    (&["present"], &["absent"]),
    (
        &["optional", "voluntary"],
        &["mandatory", "compulsory", "required"],
    ),
    (
        &["agree", "agrees", "agreed"],
        &["disagree", "disagrees", "disagreed"],
    ),
    (&["easy", "easier", "easiest"], &["difficult"]),
    (&["good", "better", "best"], &["bad", "worse", "worst"]),
    (
        &["major", "serious", "severe", "severely"],
        &["minor", "mild", "mildly"],
    ),
    (
        &["slightly", "slight", "marginally", "marginal", "modestly"],
        &[
            "dramatically",
            "dramatic",
            "drastically",
            "drastic",
            "significantly",
            "substantially",
            "substantial",
            "greatly",
            "sharply",
            "considerably",
            "considerable",
        ],
    ),
    (&["private"], &["public"]),
    (&["ancient"], &["modern"]),
    (&["rich", "richest"], &["poor", "poorest"]),
    (&["full"], &["empty"]),
    (&["wet"], &["dry"]),
    (&["entrance"], &["exit"]),
    (
        &["arrive", "arrives", "arrived"],
        &["depart", "departs", "departed"],
    ),
    (&["top"], &["bottom"]),
    (
        &["convicted", "convict", "convicts", "guilty"],
        &["acquitted", "acquit", "acquits", "innocent"],
    ),
    (
        &["hired", "hire", "hires"],
        &["fired", "dismissed", "sacked"],
    ),
    (
        &["married", "marry", "marries"],
        &["divorced", "divorce", "divorces"],
    ),
    (
        &[
            "confirm",
            "confirms",
            "confirmed",
            "admit",
            "admits",
            "admitted",
        ],
        &["deny", "denies", "denied"],
    ),
    (
        &["support", "supports", "supported"],
        &["oppose", "opposes", "opposed"],
    ),
    (
        &[
            "help",
            "helps",
            "helped",
            "helping",
            "benefit",
            "benefits",
            "benefited",
        ],
        &[
            "hurt", "hurts", "hurting", "harm", "harms", "harmed", "harming",
        ],
    ),
    (
        &["uphold", "upholds", "upheld"],
        &["overturn", "overturns", "overturned"],
    ),
    (
        &[
            "survive", "survives", "survived", "alive", "injured", "wounded",
        ],
        &["killed", "dead"],
    ),
    (
        &[
            "promising",
            "encouraging",
            "optimistic",
            "praise",
            "praises",
            "praised",
            "welcome",
            "welcomes",
            "welcomed",
            "delighted",
            "pleased",
        ],
        &[
            "disappointed",
            "disappointing",
            "discouraging",
            "pessimistic",
            "criticise",
            "criticises",
            "criticised",
            "criticize",
            "criticizes",
            "criticized",
            "condemn",
            "condemns",
            "condemned",
        ],
    ),
    (
        &[
            "improve",
            "improves",
            "improved",
            "improving",
            "improvement",
        ],
        &[
            "worsen",
            "worsens",
            "worsened",
            "worsening",
            "deteriorate",
            "deteriorates",
            "deteriorated",
            "deteriorating",
        ],
    ),
    (&["temporary", "temporarily"], &["permanent", "permanently"]),
    (&["urban"], &["rural"]),
    (
        &["deep", "deeper", "deepest"],
        &["shallow", "shallower", "shallowest"],
    ),
    (
        &["wide", "wider", "widest"],
        &["narrow", "narrower", "narrowest"],
    ),
    (&["thick", "thicker"], &["thin", "thinner"]),
    (&["love", "loves", "loved"], &["hate", "hates", "hated"]),
    (&["surplus"], &["deficit"]),
    (&["winner", "winners"], &["loser", "losers"]),
    (&["ally", "allies"], &["enemy", "enemies"]),
    (
        &[
            "arrest", "arrests", "arrested", "detain", "detains", "detained", "captured",
        ],
        &["release", "releases", "released", "freed"],
    ),
    (
        &["impose", "imposes", "imposed"],
        &["lift", "lifts", "lifted"],
    ),
    (
        &["strengthen", "strengthens", "strengthened"],
        &["weaken", "weakens", "weakened"],
    ),
    (&["adult", "adults"], &["child", "children", "kids"]),
    (
        &["domestic", "domestically"],
        &["foreign", "international", "overseas", "abroad"],
    ),
    (&["indoor", "indoors"], &["outdoor", "outdoors"]),
    (&["summer"], &["winter"]),
    (&["asleep"], &["awake"]),
];

/// A word's place in the table: the row and the side (`false` for A, `true` for B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pole {
    /// Row of the table.
    pub pair: u16,
    /// Side of the row.
    pub side: bool,
}

/// The pole of a word written `word` (any case), if the table has it.
pub fn pole(word: &str) -> Option<Pole> {
    // A possessive is its noun's (`the men's race`, `women’s rights`), and a compound
    // of two words joined by a hyphen has the pole of its first (`highest-grossing`,
    // `long-term`).
    let word = word
        .strip_suffix("'s")
        .or_else(|| word.strip_suffix("’s"))
        .unwrap_or(word);
    let word = match word.split_once('-') {
        Some((first, rest))
            if !first.is_empty()
                && !rest.is_empty()
                && rest.bytes().all(|b| b.is_ascii_alphabetic()) =>
        {
            first
        }
        _ => word,
    };
    // The forms are at most 16 bytes long (see `PoleIndex::starts`).
    if word.len() > 16 {
        return None;
    }
    let index = pole_index();
    // Most words are in no row: a word whose length and first letter no form has is
    // rejected without a search.
    let seen = index.starts.get(word.len()).copied().unwrap_or(0);
    if seen & start_bit(word.as_bytes().first().map(u8::to_ascii_lowercase)) == 0 {
        return None;
    }
    let key = super::terms::packed_lower(word)?;
    // Packed keys compare as the forms do; the length rules out a word that packs
    // alike (a trailing NUL).
    let at = index.keys.binary_search(&key).ok()?;
    index
        .forms
        .get(at)
        .filter(|(w, _)| w.len() == word.len())
        .map(|(_, p)| *p)
}

/// The pole of a word by its key ([`super::terms::stem`]: `ros` for `rose`, `grew` for
/// `grew`), if a form of the table stems to it (the first row's, as in [`pole`]).
pub fn pole_of_key(key: &str) -> Option<Pole> {
    static KEYS: std::sync::OnceLock<Vec<(String, Pole)>> = std::sync::OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        let mut v: Vec<(String, Pole)> = Vec::new();
        for (i, (a, b)) in PAIRS.iter().enumerate() {
            let Ok(pair) = u16::try_from(i) else { continue };
            v.extend(
                a.iter()
                    .map(|w| (super::terms::stem(w), Pole { pair, side: false })),
            );
            v.extend(
                b.iter()
                    .map(|w| (super::terms::stem(w), Pole { pair, side: true })),
            );
        }
        // Stable, so that dedup keeps the first row's pole of a key.
        crate::text::sort::sort_by(&mut v, |x, y| x.0.cmp(&y.0));
        v.dedup_by(|later, first| later.0 == first.0);
        v
    });
    let at = keys.binary_search_by(|(k, _)| k.as_str().cmp(key)).ok()?;
    keys.get(at).map(|(_, p)| *p)
}

/// Every form of the table with its pole, and which first letters the forms of each
/// length have.
struct PoleIndex {
    /// The forms sorted; a form listed in two rows keeps the first (the order [`pole`]
    /// searched the rows in).
    forms: Vec<(&'static str, Pole)>,
    /// [`crate::text::sort::prefix_key`] of each form, in the same order (the forms are
    /// at most 16 bytes long: the key [`super::terms::packed_lower`] gives a word).
    keys: Vec<u128>,
    /// For each length in bytes (up to 16), the [`start_bit`]s of the forms that long.
    starts: [u32; 17],
}

/// One bit for the first byte of a lower-case word: a letter's own, one for the rest.
fn start_bit(first: Option<u8>) -> u32 {
    match first {
        Some(b @ b'a'..=b'z') => 1 << (b - b'a'),
        _ => 1 << 26,
    }
}

/// The [`PoleIndex`], built once.
fn pole_index() -> &'static PoleIndex {
    static INDEX: std::sync::OnceLock<PoleIndex> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut v: Vec<(u128, &'static str, Pole)> = Vec::new();
        let key = |w: &str| crate::text::sort::prefix_key(w.as_bytes());
        for (i, (a, b)) in PAIRS.iter().enumerate() {
            let Ok(pair) = u16::try_from(i) else { continue };
            v.extend(a.iter().map(|w| (key(w), *w, Pole { pair, side: false })));
            v.extend(b.iter().map(|w| (key(w), *w, Pole { pair, side: true })));
        }
        // Stable: among equal forms the first row's stays first, and dedup keeps it. The
        // forms are at most 16 bytes long and hold no NUL, so their keys order them.
        crate::text::sort::sort_by(&mut v, |x, y| x.0.cmp(&y.0));
        v.dedup_by(|later, first| later.0 == first.0);
        let keys = v.iter().map(|e| e.0).collect();
        let v: Vec<(&'static str, Pole)> = v.into_iter().map(|(_, w, p)| (w, p)).collect();
        let mut starts = [0u32; 17];
        for (w, _) in &v {
            // A longer form is never found (`pole` takes words of 16 bytes at most).
            if let Some(s) = starts.get_mut(w.len()) {
                *s |= start_bit(w.as_bytes().first().copied());
            }
        }
        PoleIndex {
            forms: v,
            keys,
            starts,
        }
    })
}

/// The first pair of poles on which `claim` and `evidence` disagree: a row the claim
/// uses on one side only and the evidence on the other side only. Returns the indexes
/// of the two poles in their slices.
/// Keys ([`super::terms::stem`]) of the verbs of taking a side, after which `for` and
/// `against` are opposites (`voted for` / `voted against`, `argued for`, `campaigned
/// against`, `the court ruled for`). Sorted.
const STANCE_VERBS: &[&str] = &[
    "advocat", "argu", "campaign", "fight", "fought", "lobby", "protest", "rul", "testify", "vot",
];

/// The pole of `word` when it is `for` or `against` right after a verb of taking a side
/// (`previous`: the key of the word before it; see [`STANCE_VERBS`]): a row of its own,
/// outside the table, since either word alone has many other senses (`known for`,
/// `protects against`, `for ten years`).
pub fn stance(previous: &str, word: &str) -> Option<Pole> {
    let side = if word.eq_ignore_ascii_case("for") {
        false
    } else if word.eq_ignore_ascii_case("against") {
        true
    } else {
        return None;
    };
    if STANCE_VERBS.binary_search(&previous).is_err() {
        return None;
    }
    stance_pole(side)
}

/// The pole of a side taken: `for` (false) or `against` (true), a row of its own after
/// the table's.
fn stance_pole(side: bool) -> Option<Pole> {
    let pair = u16::try_from(PAIRS.len()).ok()?;
    Some(Pole { pair, side })
}

/// Keys of the modals and `to` after which `close` is the verb (`will close 50 stores`,
/// `plans to close`), not the adjective (`close to the station`). Sorted.
const BEFORE_A_VERB: &[&str] = &[
    "can", "could", "may", "might", "must", "not", "shall", "should", "to", "will", "would",
];

/// The pole of `word` read with the key of the word before it (`previous`), where the
/// word alone is no pole: `for` / `against` after a verb of taking a side ([`stance`]),
/// and `close` as a verb after a modal or `to` (the side of `closed`).
pub fn in_context(previous: &str, word: &str) -> Option<Pole> {
    // `in favour (of)` takes the side `for` takes after a verb of taking a side (`voted in
    // favour of` / `voted against`), whatever comes before it.
    if previous == "in"
        && (word.eq_ignore_ascii_case("favour") || word.eq_ignore_ascii_case("favor"))
    {
        return stance_pole(false);
    }
    if word.eq_ignore_ascii_case("close") {
        return BEFORE_A_VERB
            .binary_search(&previous)
            .is_ok()
            .then(|| pole("closed"))
            .flatten();
    }
    stance(previous, word)
}

/// Words that state a death, as written (lower case): `Two people were killed` states
/// what `Two people died` does. They stand in two rows of the table (`killed` against
/// `injured`, `died` against `born`), so each row's side is also stated by the other's.
pub(crate) const DEATH: &[&str] = &[
    "dead",
    "death",
    "deaths",
    "die",
    "died",
    "dies",
    "fatal",
    "fatalities",
    "fatality",
    "fatally",
    "kill",
    "killed",
    "kills",
];

/// True when `a` and `b` both state a death ([`DEATH`]), in any case.
pub fn both_deaths(a: &str, b: &str) -> bool {
    let death = |w: &str| DEATH.iter().any(|d| w.eq_ignore_ascii_case(d));
    death(a) && death(b)
}

/// The poles of `killed` and `died`: each states the other's side.
fn death_poles() -> (Option<Pole>, Option<Pole>) {
    static POLES: std::sync::OnceLock<(Option<Pole>, Option<Pole>)> = std::sync::OnceLock::new();
    *POLES.get_or_init(|| (pole("killed"), pole("died")))
}

pub(crate) fn opposed(claim: &[Pole], evidence: &[Pole]) -> Option<(usize, usize)> {
    let (killed, died) = death_poles();
    for (ci, p) in claim.iter().enumerate() {
        let claim_other = claim.iter().any(|q| q.pair == p.pair && q.side != p.side);
        // A death is stated by either row's word for it (`were killed` by `died`).
        let same_death = |a: Option<Pole>, b: Option<Pole>| {
            a == Some(*p) && b.is_some_and(|b| evidence.contains(&b))
        };
        let evidence_same =
            evidence.contains(p) || same_death(killed, died) || same_death(died, killed);
        if claim_other || evidence_same {
            continue;
        }
        if let Some(ei) = evidence
            .iter()
            .position(|q| q.pair == p.pair && q.side != p.side)
        {
            return Some((ci, ei));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custody_restrictions_ages_and_places_have_two_sides() {
        let opposite = |a: &str, b: &str| {
            let (a, b) = (pole(a), pole(b));
            a.is_some() && a.map(|p| p.pair) == b.map(|p| p.pair) && a != b
        };
        assert!(opposite("arrested", "released") && opposite("detained", "freed"));
        assert!(opposite("imposed", "lifted") && opposite("strengthened", "weakened"));
        assert!(opposite("adults", "children") && opposite("domestic", "international"));
        assert!(opposite("welcomed", "condemned") && opposite("welcomed", "criticised"));
        assert!(opposite("indoor", "outdoor") && opposite("summer", "winter"));
        // Degrees of harm: `serious` and `severe` against `minor` and `mild`.
        assert!(opposite("serious", "minor") && opposite("severe", "mild"));
        assert!(!opposite("serious", "major") && !opposite("minor", "mild"));
        // `beat` is a win; `beaten` and `defeated` are in no row (a passive's subject lost).
        assert!(opposite("beat", "lost") && !opposite("beat", "won"));
        assert!(pole("beaten").is_none() && pole("defeated").is_none());
        assert!(opposite("admitted", "denied") && opposite("delighted", "disappointed"));
        // `were killed` is stated by `died` beside `injured`, and `died` by `killed` beside
        // `born`.
        let (killed, died, injured, born) =
            (pole("killed"), pole("died"), pole("injured"), pole("born"));
        let all = |ps: &[Option<Pole>]| ps.iter().flatten().copied().collect::<Vec<Pole>>();
        assert_eq!(opposed(&all(&[killed]), &all(&[died, injured])), None);
        assert_eq!(opposed(&all(&[died]), &all(&[killed, born])), None);
        assert!(opposed(&all(&[killed]), &all(&[injured])).is_some());
        assert!(both_deaths("killed", "Died") && !both_deaths("killed", "injured"));
        let stem = super::super::terms::stem;
        assert!(super::super::senses::is_death(&stem("killed")));
        assert!(!super::super::senses::is_death(&stem("injured")));
        // A possessive is its noun's.
        assert!(opposite("men's", "women’s") && pole("king's") == pole("king"));
        // A hyphenated compound is its first word's.
        assert!(opposite("highest-grossing", "lowest-grossing") && opposite("long-term", "short"));
        assert!(pole("well-known").is_none() && pole("2-1").is_none());
        // A sentence that tells of an arrest and a release tells of both.
        assert!(whole_sentence_only("captured") && whole_sentence_only("Released"));
    }

    #[test]
    fn casualty_words_are_opposite_to_killed_and_read_per_sentence() {
        let (injured, killed) = (pole("injured"), pole("killed"));
        assert!(injured.is_some() && killed.is_some());
        assert_eq!(injured.map(|p| p.pair), killed.map(|p| p.pair));
        assert_ne!(injured.map(|p| p.side), killed.map(|p| p.side));
        assert_eq!(pole("wounded"), injured);
        assert!(whole_sentence_only("Injured") && whole_sentence_only("wounded"));
        assert!(!whole_sentence_only("killed"));
    }

    #[test]
    fn a_key_has_the_pole_of_the_forms_that_stem_to_it() {
        use crate::claims::terms::stem;
        let of = |w: &str| pole_of_key(&stem(w));
        assert!(of("rose").is_some());
        assert_eq!(of("rose"), of("grew"));
        assert_eq!(of("increased"), of("gains"));
        assert_eq!(of("fell"), of("declined"));
        assert_ne!(of("rose"), of("fell"));
        assert_eq!(of("rose").map(|p| p.pair), of("fell").map(|p| p.pair));
        assert_eq!(of("revenue"), None);
        // Every form's key has the pole its form has, or the first row's of that key.
        for (a, b) in PAIRS {
            for w in a.iter().chain(b.iter()) {
                assert!(of(w).is_some(), "{w}");
            }
        }
    }

    #[test]
    fn the_packed_keys_are_sorted_as_the_forms() {
        let index = pole_index();
        assert_eq!(index.keys.len(), index.forms.len());
        assert!(index.keys.windows(2).all(|w| w[0] < w[1]));
        // Every form is found, in any case (every one is at most 16 bytes long).
        for (w, p) in &index.forms {
            assert!(w.len() <= 16, "{w}");
            assert_eq!(pole(w), Some(*p), "{w}");
            assert_eq!(pole(&w.to_ascii_uppercase()), Some(*p), "{w}");
        }
        assert!(pole("significantly").is_some());
        assert_eq!(pole("significantlyyyyy"), None); // longer than 16 bytes
        assert_eq!(pole("hot\0"), None);
        assert_eq!(pole("hôt"), None);
    }

    #[test]
    fn for_and_against_oppose_after_a_verb_of_taking_sides() {
        let mut sorted = STANCE_VERBS.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, STANCE_VERBS);
        let key = |w: &str| super::super::terms::stem(w);
        let voted_for = stance(&key("voted"), "for").expect("voted for");
        let voted_against = stance(&key("voted"), "against").expect("voted against");
        assert_eq!(voted_for.pair, voted_against.pair);
        assert_ne!(voted_for.side, voted_against.side);
        assert!(stance(&key("argues"), "Against").is_some());
        assert!(stance(&key("campaigned"), "for").is_some());
        // Other senses of either word: no pole.
        assert!(stance(&key("known"), "for").is_none());
        assert!(stance(&key("protects"), "against").is_none());
        // `in favour of` is `for`, after any word.
        assert_eq!(in_context("in", "favour"), stance(&key("voted"), "for"));
        assert_eq!(in_context("in", "Favor"), stance(&key("voted"), "for"));
        assert!(in_context("the", "favour").is_none());
        assert!(in_context("in", "favourite").is_none());
        assert!(stance(&key("voted"), "with").is_none());
        assert!(pole("for").is_none() && pole("against").is_none());
        // `close` is a verb after a modal or `to`, not before `to`.
        let mut sorted = BEFORE_A_VERB.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, BEFORE_A_VERB);
        assert_eq!(in_context("will", "close"), pole("closed"));
        assert_eq!(in_context("to", "close"), pole("closed"));
        assert!(in_context("is", "close").is_none());
        assert!(pole("close").is_none());
        assert_eq!(in_context(&key("voted"), "for"), Some(voted_for));
    }

    #[test]
    fn table_is_consistent() {
        // No word is on two sides or in two rows.
        let mut seen = std::collections::BTreeSet::new();
        for (a, b) in PAIRS {
            for w in a.iter().chain(b.iter()) {
                assert!(seen.insert(*w), "{w} listed twice");
                assert_eq!(w.to_ascii_lowercase(), *w);
            }
        }
    }

    fn poles(ws: &[&str]) -> Vec<Pole> {
        ws.iter().filter_map(|w| pole(w)).collect()
    }

    #[test]
    fn opposite_sides_are_opposed() {
        let c = poles(&["sales", "rose"]);
        let e = poles(&["sales", "fell"]);
        assert_eq!(opposed(&c, &e), Some((0, 0)));
        assert_eq!(pole("Before"), pole("earlier"));
        // The same side, or both sides in the evidence, is no opposition.
        assert_eq!(opposed(&poles(&["rose"]), &poles(&["increased"])), None);
        assert_eq!(opposed(&poles(&["rose"]), &poles(&["fell", "rose"])), None);
        assert_eq!(opposed(&poles(&["rose", "fell"]), &poles(&["fell"])), None);
        assert_eq!(pole("paris"), None);
        assert_eq!(
            opposed(&poles(&["tax", "helps"]), &poles(&["tax", "hurts"])),
            Some((0, 0))
        );
        assert!(pole("help").is_some());
        assert_eq!(pole("benefited"), pole("help"));
        // Where a thing stands: `in front of` against `behind`, `at the rear`.
        assert_eq!(
            opposed(
                &poles(&["front", "building"]),
                &poles(&["behind", "building"])
            ),
            Some((0, 0))
        );
        assert_eq!(pole("behind"), pole("rear"));
        // A review passed or failed.
        assert_eq!(
            opposed(
                &poles(&["module", "passed", "review"]),
                &poles(&["module", "failed", "review"])
            ),
            Some((0, 0))
        );
    }
}
