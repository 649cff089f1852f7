// Minimal edits of a claim for the contrast sets of `npm run contrast` (scripts/contrast.mjs).
// Each edit changes what the claim states so that its references no longer support it: a
// name swapped for a name the references never write, a number changed to one they never
// write (a month, in a date without a number), a negation inserted or removed, a word
// replaced by its antonym, two names' places exchanged, a name replaced by another name the
// references write. Deterministic: the choices come from a seeded generator.

/** mulberry32: a small deterministic generator of floats in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/**
 * General antonym pairs (not taken from any data set). Both directions are used; a word is
 * matched whole and case-insensitively, and its capitalisation is kept.
 */
export const ANTONYMS = [
  ["increase", "decrease"], ["increases", "decreases"], ["increased", "decreased"],
  ["more", "less"], ["higher", "lower"], ["high", "low"], ["highest", "lowest"],
  ["before", "after"], ["first", "last"], ["largest", "smallest"], ["larger", "smaller"],
  ["large", "small"], ["biggest", "smallest"], ["bigger", "smaller"], ["big", "small"],
  ["positive", "negative"], ["true", "false"], ["early", "late"], ["earlier", "later"],
  ["earliest", "latest"], ["rise", "fall"], ["rises", "falls"], ["rose", "fell"],
  ["maximum", "minimum"], ["north", "south"], ["northern", "southern"], ["east", "west"],
  ["eastern", "western"], ["above", "below"], ["success", "failure"], ["successful", "unsuccessful"],
  ["win", "lose"], ["won", "lost"], ["wins", "loses"], ["open", "closed"], ["legal", "illegal"],
  ["possible", "impossible"], ["include", "exclude"], ["includes", "excludes"], ["included", "excluded"],
  ["allow", "prohibit"], ["allows", "prohibits"], ["allowed", "prohibited"], ["strong", "weak"],
  ["stronger", "weaker"], ["old", "young"], ["older", "younger"], ["oldest", "youngest"],
  ["long", "short"], ["longer", "shorter"], ["longest", "shortest"], ["fast", "slow"],
  ["faster", "slower"], ["cheap", "expensive"], ["hot", "cold"], ["warm", "cool"],
  ["safe", "dangerous"], ["same", "different"], ["common", "rare"], ["male", "female"],
  ["internal", "external"], ["upper", "lower"], ["inside", "outside"], ["top", "bottom"],
  ["beginning", "end"], ["start", "finish"], ["accept", "reject"], ["accepted", "rejected"],
  ["agree", "disagree"], ["easy", "difficult"], ["heavy", "light"], ["good", "bad"],
  ["better", "worse"], ["best", "worst"], ["major", "minor"], ["private", "public"],
  ["ancient", "modern"], ["rich", "poor"], ["wet", "dry"], ["full", "empty"],
  ["import", "export"], ["imports", "exports"], ["buy", "sell"], ["bought", "sold"],
  ["gain", "loss"], ["always", "never"], ["many", "few"], ["most", "least"],
  ["increasing", "decreasing"], ["majority", "minority"], ["entrance", "exit"],
  ["arrive", "depart"], ["arrived", "departed"], ["born", "died"], ["birth", "death"],
  ["win", "defeat"], ["present", "absent"], ["voluntary", "mandatory"], ["optional", "required"],
];

const ANTONYM_OF = new Map();
for (const [a, b] of ANTONYMS) {
  if (!ANTONYM_OF.has(a)) ANTONYM_OF.set(a, b);
  if (!ANTONYM_OF.has(b)) ANTONYM_OF.set(b, a);
}

const AUX = "is|are|was|were|can|could|will|would|should|may|might|must|has|have|had|does|do|did";
const NEGATED = new Map([
  ["isn't", "is"], ["aren't", "are"], ["wasn't", "was"], ["weren't", "were"], ["doesn't", "does"],
  ["don't", "do"], ["didn't", "did"], ["hasn't", "has"], ["haven't", "have"], ["hadn't", "had"],
  ["couldn't", "could"], ["wouldn't", "would"], ["shouldn't", "should"], ["won't", "will"],
  ["can't", "can"], ["cannot", "can"], ["mustn't", "must"],
]);
const MONTHS_DAYS = new Set(
  "january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday".split(" "),
);
const NUMBER_WORDS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** Word tokens of `text` with their offsets (apostrophes and hyphens only inside a word). */
function tokens(text) {
  return [...text.matchAll(/[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}]|['’-](?=[\p{L}\p{N}]))*/gu)].map((m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/**
 * Byte-free spans (string offsets) an edit must not touch: quoted titles ('…', "…", ‘…’,
 * “…”: a song title's capitals are not names, its words not the claim's) and citation
 * markers ([3], [1, 2]).
 */
function frozen(text) {
  const spans = [];
  for (const m of text.matchAll(/(^|[\s(])(['"‘“])(.+?)(['"’”])(?=[\s.,;:!?)]|$)/gu)) {
    const start = m.index + m[1].length;
    spans.push([start, m.index + m[0].length]);
  }
  for (const m of text.matchAll(/\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]/g)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

const free = (spans, start, end) => !spans.some(([a, b]) => start < b && end > a);

const isCapitalised = (w) => /^\p{Lu}/u.test(w) && /\p{L}{2,}/u.test(w);

/** Lower-cased word set of a list of texts. */
export function wordSet(texts) {
  const s = new Set();
  for (const t of texts) for (const w of tokens(t)) s.add(w.text.toLowerCase());
  return s;
}

/**
 * The pool of names of a set of texts: capitalised words that follow a lower-case word
 * somewhere (so that a capital is not merely a sentence start) and are never written in lower
 * case (so not a common word in a title), not stop words, month or day names, sorted.
 */
export function namePool(texts, stop) {
  const pool = new Set();
  const lower = new Set();
  for (const t of texts) for (const w of tokens(t)) if (/^\p{Ll}/u.test(w.text)) lower.add(w.text);
  for (const t of texts) {
    const toks = tokens(t);
    for (let i = 1; i < toks.length; i++) {
      const w = toks[i].text;
      const prev = toks[i - 1].text;
      const between = t.slice(toks[i - 1].end, toks[i].start);
      if (isCapitalised(w) && /^\p{Ll}/u.test(prev) && /^[ ,]+$/.test(between)) {
        const l = w.toLowerCase();
        // A proper noun: never written in lower case in these texts.
        if (!stop.has(l) && !MONTHS_DAYS.has(l) && w.length >= 3 && !lower.has(l) && !/['’]/.test(w)) pool.add(w);
      }
    }
  }
  return [...pool].sort();
}

/** The name tokens of `claim`: capitalised words of the pool, or capitalised words after the first. */
function names(claim, poolSet, stop) {
  const toks = tokens(claim);
  const spans = frozen(claim);
  return toks.filter((t, i) => {
    if (!isCapitalised(t.text) || !free(spans, t.start, t.end)) return false;
    const l = t.text.toLowerCase();
    if (stop.has(l) || MONTHS_DAYS.has(l)) return false;
    return poolSet.has(t.text) || (i > 0 && /^\p{Ll}/u.test(toks[i - 1].text));
  });
}

const splice = (text, start, end, by) => text.slice(0, start) + by + text.slice(end);
const keepCase = (orig, word) => (/^\p{Lu}/u.test(orig) ? word[0].toUpperCase() + word.slice(1) : word);

/** A name of the claim (any position) replaced by a pool name absent from the row's texts. */
export function swapName(row, ctx, random) {
  const found = names(row.claim, ctx.poolSet, ctx.stop);
  if (found.length === 0) return null;
  const t = pick(random, found);
  const known = wordSet([row.claim, row.question, ...row.references]);
  const candidates = ctx.pool.filter((n) => !known.has(n.toLowerCase()));
  if (candidates.length === 0) return null;
  return splice(row.claim, t.start, t.end, pick(random, candidates));
}

/** Month names, for dates without a number to change. */
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A month of the claim (capitalised; `May` only beside a number, where it is not the
 * modal) replaced by another that neither the references nor the question write.
 */
function changeMonth(row, spans, random) {
  const found = tokens(row.claim).filter(
    (t) =>
      MONTHS.includes(t.text) &&
      free(spans, t.start, t.end) &&
      (t.text !== "May" || /^\s*\d/.test(row.claim.slice(t.end)) || /\d\s*$/.test(row.claim.slice(0, t.start))),
  );
  if (found.length === 0) return null;
  const t = pick(random, found);
  const written = new Set([...`${row.references.join("\n")}\n${row.question}`.matchAll(/\p{L}+/gu)].map((m) => m[0]));
  const ok = MONTHS.filter((m) => m !== t.text && !written.has(m));
  if (ok.length === 0) return null;
  return splice(row.claim, t.start, t.end, pick(random, ok));
}

/** The numbers written in digits in `text` (regex matches), not part of a word (4IR, B12). */
function digitNumbers(text) {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].filter(
    (m) => /\d$/.test(m[0]) && !/\p{L}/u.test(text[m.index - 1] ?? "") && !/\p{L}/u.test(text[m.index + m[0].length] ?? ""),
  );
}

/**
 * A number (digits, or a number word from two to twelve) changed to one the references
 * never write; without either, a month changed (see [`changeMonth`]).
 */
export function changeNumber(row, ctx, random) {
  const refs = row.references.join("\n");
  const spans = frozen(row.claim);
  const numbers = digitNumbers(row.claim).filter(
    (m) =>
      free(spans, m.index, m.index + m[0].length) &&
      // Not a list item's number ("4. ...").
      !(/^\s*$/.test(row.claim.slice(0, m.index)) && /^[.)]\s/.test(row.claim.slice(m.index + m[0].length))),
  );
  const absent = (s) => !new RegExp(`(^|[^\\d.,])${s.replace(/[.,]/g, "\\$&")}($|[^\\d])`).test(refs) && !row.question.includes(s);
  if (numbers.length > 0) {
    const m = pick(random, numbers);
    const s = m[0];
    let candidates;
    if (s.includes(".")) {
      const [whole, frac] = s.split(".");
      candidates = [1, 2, 3, 5].map((d) => `${whole}.${String((Number(frac) + d) % 10 ** frac.length).padStart(frac.length, "0")}`);
      candidates.push(`${Number(whole.replace(/,/g, "")) + 1}.${frac}`);
    } else {
      const n = Number(s.replace(/,/g, ""));
      const year = !s.includes(",") && n >= 1000 && n <= 2100;
      const values = year ? [n - 3, n - 2, n - 1, n + 1, n + 2, n + 3] : [n + 1, n * 2, n + 10, n * 3, n - 1, n + 5];
      candidates = values
        .filter((v) => v >= 0 && v !== n)
        .map((v) => (s.includes(",") ? v.toLocaleString("en-US") : String(v)));
    }
    const ok = candidates.filter((c) => c !== s && absent(c));
    if (ok.length === 0) return null;
    return splice(row.claim, m.index, m.index + s.length, pick(random, ok));
  }
  const words = tokens(row.claim).filter((t) => NUMBER_WORDS.includes(t.text.toLowerCase()) && free(spans, t.start, t.end));
  if (words.length === 0) return changeMonth(row, spans, random);
  const t = pick(random, words);
  const refWords = wordSet(row.references);
  const ok = NUMBER_WORDS.filter((w) => w !== t.text.toLowerCase() && !refWords.has(w));
  if (ok.length === 0) return null;
  return splice(row.claim, t.start, t.end, keepCase(t.text, pick(random, ok)));
}

/** A negation removed (`not`, `n't`, `cannot`, `never`, `no longer`), or else inserted after the first auxiliary. */
export function flipNegation(row) {
  const c = row.claim;
  const spans = frozen(c);
  // The first match of `re` outside quotations and markers.
  const first = (re) => [...c.matchAll(re)].find((m) => free(spans, m.index, m.index + m[0].length)) ?? null;
  let m = first(new RegExp(`\\b(${AUX})\\s+not\\b`, "gi"));
  if (m) return splice(c, m.index, m.index + m[0].length, m[1]);
  m = first(/(?<![\p{L}])(\p{L}+n['’]t|cannot)(?![\p{L}])/giu);
  if (m) {
    const positive = NEGATED.get(m[1].toLowerCase().replace("’", "'"));
    if (positive) return splice(c, m.index, m.index + m[1].length, keepCase(m[1], positive));
  }
  m = first(/\b(never|no longer)\s+/gi);
  if (m) return splice(c, m.index, m.index + m[0].length, "");
  // A claim that negates with a word no edit can take out (`had no idea`, `nothing`) would
  // read as a double negative with a `not` added: no edit.
  if (first(/\b(no|not|none|nothing|nobody|neither|nor)\b/gi)) return null;
  // The first auxiliary: lower case (`May 30` is a date), not before a number.
  m = [...c.matchAll(new RegExp(`\\b(${AUX})\\b(?!\\s*\\d)`, "g"))].find((x) => free(spans, x.index, x.index + x[0].length));
  if (m) return splice(c, m.index, m.index + m[0].length, `${m[0]} not`);
  return null;
}

/** A word replaced by its antonym from [`ANTONYMS`]. */
export function antonym(row, _ctx, random) {
  const spans = frozen(row.claim);
  const found = tokens(row.claim).filter((t) => ANTONYM_OF.has(t.text.toLowerCase()) && free(spans, t.start, t.end));
  if (found.length === 0) return null;
  const t = pick(random, found);
  return splice(row.claim, t.start, t.end, keepCase(t.text, ANTONYM_OF.get(t.text.toLowerCase())));
}

/** Two different names (runs of name words) of the claim exchange places. */
export function swapRoles(row, ctx, random) {
  const found = new Set(names(row.claim, ctx.poolSet, ctx.stop).map((t) => t.start));
  const spans = frozen(row.claim);
  // Runs of capitalised words separated by single spaces that hold a name ("Lana Del Rey").
  const runs = [];
  let open = false;
  for (const t of tokens(row.claim)) {
    // An initial (`John C. Reilly`) continues a run; it does not start one.
    const initial = open && /^\p{Lu}$/u.test(t.text) && row.claim[t.end] === ".";
    if ((!isCapitalised(t.text) && !initial) || !free(spans, t.start, t.end)) {
      open = false;
      continue;
    }
    const last = runs[runs.length - 1];
    const gap = row.claim.slice(last?.end ?? 0, t.start);
    if (open && last && (gap === " " || (gap === ". " && /(^|\s)\p{Lu}$/u.test(last.text)))) {
      last.end = t.end;
      last.text = row.claim.slice(last.start, last.end);
      last.name ||= found.has(t.start);
    } else runs.push({ start: t.start, end: t.end, text: t.text, name: found.has(t.start) });
    open = true;
  }
  const distinct = [];
  for (const r of runs.filter((r) => r.name)) if (!distinct.some((d) => d.text.toLowerCase() === r.text.toLowerCase())) distinct.push(r);
  // Two members of one list (`Greece, Rome and India`: nothing but names, commas and
  // `and`/`or` between them) exchange places without changing what the claim states.
  const sameList = (a, b) => {
    let between = row.claim.slice(a.end, b.start);
    for (const r of runs) if (r.start >= a.end && r.end <= b.start) between = between.replace(r.text, " ");
    return /^(?:[\s,;&/]|\band\b|\bor\b)*$/i.test(between);
  };
  const pairs = [];
  for (let i = 0; i < distinct.length; i++)
    for (let j = i + 1; j < distinct.length; j++) if (!sameList(distinct[i], distinct[j])) pairs.push([distinct[i], distinct[j]]);
  if (pairs.length === 0) return null;
  const [a, b] = pick(random, pairs);
  return row.claim.slice(0, a.start) + b.text + row.claim.slice(a.end, b.start) + a.text + row.claim.slice(b.end);
}

/**
 * A name of the claim (any position) replaced by another name that the row's references
 * write, the way a model confuses two entities of its context: the entity-swap edit of
 * FactCC-style contrast sets. A reference name is a capitalised word after a lower-case word
 * (as [`namePool`] reads them), written nowhere in lower case, in neither the claim nor the
 * question, and never in one run of capitalised words with the word it replaces (`Barack`
 * for `Obama` would name the same person).
 */
export function swapSourceName(row, ctx, random) {
  const found = names(row.claim, ctx.poolSet, ctx.stop);
  if (found.length === 0) return null;
  const t = pick(random, found);
  const replaced = t.text.toLowerCase();
  const known = wordSet([row.claim, row.question]);
  // Runs of capitalised words of the references, lower-cased.
  const runs = [];
  for (const text of row.references) {
    let run = [];
    let prevEnd = -1;
    for (const w of tokens(text)) {
      const gap = prevEnd < 0 ? "" : text.slice(prevEnd, w.start);
      if (!isCapitalised(w.text) || (run.length > 0 && gap !== " ")) {
        if (run.length > 0) runs.push(run);
        run = [];
      }
      if (isCapitalised(w.text)) run.push(w.text.toLowerCase());
      prevEnd = w.end;
    }
    if (run.length > 0) runs.push(run);
  }
  const sameName = new Set(runs.filter((r) => r.includes(replaced)).flat());
  const candidates = namePool(row.references, ctx.stop).filter((n) => {
    const l = n.toLowerCase();
    return !known.has(l) && !sameName.has(l);
  });
  if (candidates.length === 0) return null;
  return splice(row.claim, t.start, t.end, pick(random, candidates));
}

/**
 * A number of the claim (digits) replaced by another number that the row's references
 * write, the way a model gives a quantity of its context to the wrong thing (`14,000
 * signatures` where the source has 14,000 books and 3,500 signatures): a year by a year,
 * any other number by a non-year, never a value the claim or the question writes, nor a
 * citation marker's (`[2]`).
 */
export function swapSourceNumber(row, _ctx, random) {
  const spans = frozen(row.claim);
  const digits = (text) => digitNumbers(text).filter((m) => !(text[m.index - 1] === "[" && text[m.index + m[0].length] === "]"));
  const value = (t) => Number(t.replace(/,/g, ""));
  const isYear = (t) => !t.includes(",") && !t.includes(".") && value(t) >= 1000 && value(t) <= 2100;
  const numbers = digits(row.claim).filter((m) => free(spans, m.index, m.index + m[0].length));
  if (numbers.length === 0) return null;
  const m = pick(random, numbers);
  const own = new Set([...digits(row.claim), ...digits(row.question)].map((x) => value(x[0])));
  const seen = new Set();
  const candidates = row.references
    .flatMap((r) => digits(r).map((x) => x[0]))
    .filter((t) => isYear(t) === isYear(m[0]) && !own.has(value(t)) && !seen.has(t) && seen.add(t));
  if (candidates.length === 0) return null;
  return splice(row.claim, m.index, m.index + m[0].length, pick(random, candidates));
}

/** The edit types, in report order: `[key, label, make(row, ctx, random)]`. */
export const EDITS = [
  ["name", "name swapped", swapName],
  ["number", "number changed", changeNumber],
  ["negation", "negation flipped", flipNegation],
  ["antonym", "antonym", antonym],
  ["roles", "roles swapped", swapRoles],
  // Last, so that the generators of the types before it are what they were.
  ["source", "source's name", swapSourceName],
  ["srcnum", "source's number", swapSourceNumber],
];
