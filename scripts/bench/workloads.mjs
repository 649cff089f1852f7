// The workloads of `npm run bench` (issue 14), generated from a fixed seed so every run and
// every machine measures the same text. No dependencies; the same cases feed the wasm
// module (scripts/bench.mjs) and the native binary (examples/bench_native.rs).
//
//   W1          a 2.1 KB answer (16 sentences, ~23 claims, ~17 citations, one quote)
//               against 10 sources of 1.5 KB
//   sources-*   W1's answer against 10 sources totalling 10 KB, 100 KB, 1 MB, 4 MB (W1's
//               sources with their sentences spread through unrelated text)
//   answer-*    answers of 0.5, 2, 8 and 32 KB written the same way against W1's sources
//   misquote    W1's sources, an answer quoting one of them with a changed word and number
//   trivial     one cited sentence against one short source
//   snippets-*  100 snippet/source pairs (a window of the source with one or two typos)
//               with 2 KB and 50 KB sources

/** mulberry32: a small, fast, seedable generator (returns floats in [0, 1)). */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

export const SEED = 14;

const PLACES = ["Aldermoor", "Brightwater", "Caldera Point", "Dunmore", "Eastvale", "Fenwick", "Glenrock", "Harrowgate", "Ironbridge", "Juniper Bay", "Kestrel Hill", "Larkspur"];
const FIRST = ["Maria", "Jonas", "Amelia", "Tobias", "Ingrid", "Rafael", "Helena", "Oskar", "Leonie", "Samuel"];
const LAST = ["Hartmann", "Okafor", "Lindqvist", "Moreau", "Castellanos", "Whitford", "Nakamura", "Brennan", "Albrecht", "Sorensen"];
const THINGS = ["bridge", "reservoir", "observatory", "railway station", "library", "harbour", "lighthouse", "market hall", "power plant", "museum", "canal", "university"];
const NOUNS = ["capacity", "length", "budget", "staff", "annual output", "visitor count", "water level", "fleet", "collection", "membership"];
const UNITS = ["metres", "tonnes", "visitors", "kilometres", "employees", "megawatts", "volumes", "passengers", "litres", "hectares"];
const ADJ = ["modern", "historic", "efficient", "popular", "expensive", "reliable", "crowded", "quiet", "remote", "renovated"];
const VERBS = ["opened", "expanded", "renovated", "inspected", "funded", "redesigned", "extended", "certified"];
const ORGS = ["the regional council", "the transport authority", "the national heritage board", "the city archive", "the engineering society"];
// Unrelated text that pads the large sources: another vocabulary, so it adds words and
// sentences without supporting (or contradicting) the answer.
const FILLER_SUBJ = ["The committee", "A survey of farmers", "The orchestra", "Local fishermen", "The weather service", "A group of students", "The cooperative", "Visiting scholars"];
const FILLER_VERB = ["discussed", "recorded", "compared", "published", "reviewed", "celebrated", "questioned", "catalogued"];
const FILLER_OBJ = ["seasonal rainfall patterns", "the price of wool", "choral arrangements", "migratory bird sightings", "grain storage methods", "folk songs of the valley", "the tides along the coast", "pottery glazes"];
const FILLER_TAIL = ["over several decades", "in great detail", "with mixed results", "for the first time", "at the spring meeting", "in a short pamphlet", "without much debate", "after a long delay"];

/** One topic per source: a place and a thing, with facts the sentences state. */
function topic(r, i) {
  return {
    place: PLACES[i % PLACES.length],
    thing: THINGS[i % THINGS.length],
    person: `${r.pick(FIRST)} ${r.pick(LAST)}`,
    year: 1850 + r.int(160),
    num: 10 + r.int(9000),
    unit: r.pick(UNITS),
    noun: r.pick(NOUNS),
    org: r.pick(ORGS),
  };
}

/** A fact sentence about topic `t` (the sources' sentences, and the answer's copies). */
function fact(r, t) {
  const s = factBody(r, t);
  return r() > 0.3 ? s : `${s.slice(0, -1)}, as recorded by ${r.pick(ORGS)} in its yearly survey.`;
}

function factBody(r, t) {
  const n = () => 10 + r.int(9000);
  switch (r.int(8)) {
    case 0: return `The ${t.thing} in ${t.place} was ${r.pick(VERBS)} in ${t.year} by ${t.person}.`;
    case 1: return `The ${t.thing} in ${t.place} has a ${t.noun} of ${t.num} ${t.unit}.`;
    case 2: return `According to ${t.org}, the ${t.thing} handles about ${n()} ${r.pick(UNITS)} every year.`;
    case 3: return `${t.person} described the ${t.thing} as ${r.pick(ADJ)} and ${r.pick(ADJ)} in a report from ${1900 + r.int(120)}.`;
    case 4: return `The ${t.thing} is not open to the public during the winter months in ${t.place}.`;
    case 5: return `Its ${r.pick(NOUNS)} grew by ${2 + r.int(60)} percent after the ${t.thing} was ${r.pick(VERBS)}.`;
    case 6: return `Engineers from ${t.place} measured the ${t.thing} at ${n()} ${r.pick(UNITS)} in ${1950 + r.int(70)}.`;
    default: return `The ${r.pick(ADJ)} ${t.thing} employs ${n()} people and is run by ${t.org}.`;
  }
}

function filler(r) {
  return `${r.pick(FILLER_SUBJ)} ${r.pick(FILLER_VERB)} ${r.pick(FILLER_OBJ)} ${r.pick(FILLER_TAIL)}, according to notes kept in ${1700 + r.int(300)}.`;
}

/** W1's sources: 10 topics, each source ~1.5 KB of fact sentences about its topic. */
function baseSources(r) {
  const topics = [];
  const sources = [];
  for (let i = 0; i < 10; i++) {
    const t = topic(r, i);
    const sentences = [];
    let len = 0;
    while (len < 1500) {
      const s = fact(r, t);
      sentences.push(s);
      len += s.length + 1;
    }
    topics.push(t);
    sources.push({ id: `doc-${i + 1}`, title: `${t.place} ${t.thing}`, sentences });
  }
  return { topics, sources };
}

const content = (s) => s.sentences.join(" ");

/**
 * Spreads a source's sentences through unrelated filler until it is `bytes` long (or
 * keeps its first sentences up to `bytes` when it is longer than that already).
 */
function grow(r, source, bytes) {
  const out = [];
  if (bytes < content(source).length) {
    let len = 0;
    for (const s of source.sentences) {
      if (out.length && len + s.length + 1 > bytes) break;
      out.push(s);
      len += s.length + 1;
    }
    return out.join(" ");
  }
  const every = Math.max(1, Math.floor(bytes / 1500));
  let len = 0;
  let k = 0;
  while (len < bytes || k < source.sentences.length) {
    let s;
    if (k < source.sentences.length && out.length % every === 0) s = source.sentences[k++];
    else s = filler(r);
    out.push(s);
    len += s.length + 1;
  }
  return out.join(" ");
}

/** A lower-cased first letter for the second half of a `;` sentence. */
const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);
const strip = (s) => s.replace(/[.]$/, "");

/**
 * An answer of about `bytes` bytes against `base`: sentences copied (some slightly
 * reworded) from the sources with their citations, half of them two facts joined by `;`,
 * one in eight citing two sources, one in sixteen uncited, one quotation.
 */
function answerText(r, base, bytes, { quote = true, sentences: count = null } = {}) {
  const parts = [];
  let len = 0;
  let i = 0;
  while (count !== null ? i < count : len < bytes) {
    const si = r.int(base.sources.length);
    const src = base.sources[si];
    const one = () => {
      let s = r.pick(src.sentences);
      if (r() < 0.3) s = s.replace(/\b(is|has|was)\b/, (m) => ({ is: "remains", has: "holds", was: "had been" })[m]);
      return s;
    };
    let body;
    let cite = `[${si + 1}]`;
    if (quote && i === 5) {
      const words = r.pick(src.sentences).replace(/[.]$/, "").split(" ");
      const from = Math.max(0, words.length - 9);
      body = `As ${src.sentences.length > 0 ? "the source" : "it"} puts it, "${words.slice(from).join(" ")}"`;
    } else if (i % 2 === 1) {
      body = `${strip(one())}; ${lowerFirst(strip(one()))}`;
    } else {
      body = strip(one());
    }
    if (i % 8 === 3) cite += `[${((si + 3) % base.sources.length) + 1}]`;
    if (i % 16 === 10) cite = "";
    const s = `${body}${cite ? ` ${cite}` : ""}.`;
    parts.push(s);
    len += s.length + 1;
    i++;
  }
  return parts.join(" ");
}

const QUESTION = "What do the sources say about these buildings, their figures and their history?";

/** A `check` case. `config` raises the limits for the large inputs. */
function check(name, answer, sources, config = {}) {
  return { name, kind: "check", config, input: { question: QUESTION, answer, sources } };
}

const BIG = { limits: { maxAnswerLength: 100_000, maxSources: 100, maxSourceLength: 1_000_000 } };

/** A window of `text` of `len` chars with `typos` single-character substitutions. */
function typoWindow(r, text, len, typos) {
  const start = r.int(Math.max(1, text.length - len));
  const chars = [...text.slice(start, start + len)];
  for (let t = 0; t < typos; t++) {
    const at = r.int(chars.length);
    if (/[a-z]/.test(chars[at])) chars[at] = String.fromCharCode(97 + ((chars[at].charCodeAt(0) - 97 + 1 + r.int(24)) % 26));
  }
  return chars.join("");
}

function snippetPairs(r, base, bytes, n) {
  const pairs = [];
  for (let i = 0; i < n; i++) {
    const src = base.sources[i % base.sources.length];
    const text = bytes <= 1500 ? content(src) : grow(r, src, bytes);
    pairs.push([typoWindow(r, text, 80 + r.int(120), 1 + r.int(2)), text]);
  }
  return pairs;
}

/**
 * `input` with each source's content followed by ` <n>`: sources that no check has seen
 * when `n` is new (the `fresh` cases; examples/bench_native.rs does the same).
 */
export function freshSources(input, n) {
  return { ...input, sources: input.sources.map((s) => ({ ...s, content: `${s.content} ${n}` })) };
}

/**
 * Every case of the bench. `quick` leaves out the 1 MB and 4 MB sources and shrinks the
 * snippet sets (for the test that keeps the bench from rotting).
 */
export function workloads({ quick = false, seed = SEED } = {}) {
  const r = rng(seed);
  const base = baseSources(r);
  const w1Sources = base.sources.map((s) => ({ id: s.id, title: s.title, content: content(s) }));
  const w1Answer = answerText(r, base, 0, { sentences: 16 });
  const cases = [];
  cases.push({ name: "trivial", kind: "check", config: {}, input: { question: "Where is Paris?", answer: "Paris is in France [1].", sources: [{ id: "a", content: "Paris is the capital of France." }] } });
  cases.push(check("W1", w1Answer, w1Sources));
  // W1 against sources no check has seen (a new question's, or a Worker request's): each
  // run's sources end with a number of their own, so none is in the prepared-source
  // cache and every run prepares all ten (W1 above re-checks sources prepared already,
  // as a streamed answer does).
  cases.push({ ...check("W1-new-sources", w1Answer, w1Sources), fresh: true });
  for (const [label, total] of [["10KB", 10_000], ["100KB", 100_000], ["1MB", 1_000_000], ["4MB", 4_000_000]]) {
    if (quick && total > 100_000) continue;
    const sources = base.sources.map((s) => ({ id: s.id, title: s.title, content: grow(r, s, total / 10) }));
    cases.push(check(`sources-${label}`, w1Answer, sources, BIG));
  }
  for (const [label, bytes] of [["0.5KB", 500], ["2KB", 2000], ["8KB", 8000], ["32KB", 32_000]]) {
    cases.push(check(`answer-${label}`, answerText(r, base, bytes, { quote: bytes >= 2000 }), w1Sources, BIG));
  }
  const misSrc = base.sources[2].sentences[1].replace(/[.]$/, "");
  const misquote = `As the source puts it, "${misSrc.replace(/\b(\d+)\b/, (m) => String(Number(m) + 7)).replace(/\bthe\b/, "a")}" [3]. ${strip(base.sources[4].sentences[0])} [5].`;
  cases.push(check("misquote", misquote, w1Sources));
  cases.push({ name: "snippets-2KB", kind: "snippet", pairs: snippetPairs(r, base, 1500, quick ? 20 : 100) });
  cases.push({ name: "snippets-50KB", kind: "snippet", pairs: snippetPairs(r, base, 50_000, quick ? 5 : 100) });
  return cases;
}
