// groundcheck/highlight: a report's UTF-16 spans as segments (for React and friends) or as
// DOM. Every span in a report counts UTF-16 code units, i.e. JavaScript string indices, so
// `answer.slice(start, end)` is exact, emoji and CJK included.
//
//   import { segments, highlight } from "groundcheck/highlight";
//   segments(answer, report)  // [{ text, start, end, findings, claim?, citation? }, ...]
//   highlight(element, answer, report)  // fills `element`; answer text only ever as text nodes
//   highlightHTML(answer, report)  // the same markup as an HTML string (escaped), for reports and servers
//   findingName("UNSUPPORTED_CLAIM")  // "Claim not supported by the sources"
//
// No dependencies and no wasm: it works on any report object (from check(), finish(), the
// Worker or the CLI's --json).

/** Warning kinds drawn as errors (red); every other kind is a caution (amber). */
export const SEVERE_KINDS = Object.freeze([
  "CITATION_OUT_OF_RANGE",
  "PHANTOM_SOURCE",
  "CONTRADICTION",
  "SNIPPET_MISMATCH",
  "STALE_SOURCE",
  "LINE_MISMATCH",
]);
const SEVERE = new Set(SEVERE_KINDS);

/**
 * The colours of `<confidence-badge>`: a severe finding wears the "very low" colours, a
 * caution the "low" ones.
 */
export const COLOURS = Object.freeze({
  severe: Object.freeze({ colour: "#b42318", background: "#ffdcd7" }),
  caution: Object.freeze({ colour: "#b35900", background: "#ffe7cc" }),
});

/**
 * What each warning kind means, in words a reader of the answer understands. The code
 * stays available beside it (`data-kind`, `title`) for people who search for it.
 */
export const FINDING_NAMES = Object.freeze({
  CITATION_OUT_OF_RANGE: "Cites a source that does not exist",
  MISSING_CITATION: "Statement without a citation",
  PHANTOM_SOURCE: "Names a source that was not retrieved",
  SNIPPET_MISMATCH: "Quote not found in the source",
  LINE_MISMATCH: "Line reference does not show this",
  UNVERIFIED_FIELD: "Name not found in the sources",
  UNSUPPORTED_CLAIM: "Claim not supported by the sources",
  CONTRADICTION: "Contradicts the sources",
  STALE_SOURCE: "Source is out of date",
  JUDGE_FAILED: "A model check could not run",
  PIPELINE_ERROR: "Retrieval or generation failed",
  OUT_OF_SCOPE: "Source outside the allowed scope",
  MISATTRIBUTED_CITATION: "Cites a source that does not say this",
});

/** The confidence levels and states in words (`veryLow` → "Very low"). */
export const LEVEL_NAMES = Object.freeze({
  high: "High",
  medium: "Medium",
  low: "Low",
  veryLow: "Very low",
  abstained: "Not in the sources",
  clarify: "Needs clarifying",
});

/** The decisions in words. */
export const DECISION_NAMES = Object.freeze({
  FINAL: "Accepted",
  RETRY: "Needs another try",
  CLARIFY: "Needs clarifying",
  ESCALATE: "Needs a person",
});

/** A warning kind in words; an unknown kind is returned as it is. */
export function findingName(kind) {
  return Object.hasOwn(FINDING_NAMES, kind) ? FINDING_NAMES[kind] : String(kind);
}

/** `"severe"` or `"caution"` for a warning kind. */
export function severityOf(kind) {
  return SEVERE.has(kind) ? "severe" : "caution";
}

/**
 * The findings of a report, numbered from 1 in report order (the order of
 * `report.warnings`, which is how the badge, the demo and the CLI number them), with their
 * severity. Findings without a span (about the whole answer) are included; they cover no
 * segment.
 */
export function findings(report) {
  return (report?.warnings ?? []).map((w, i) => ({ ...w, n: i + 1, severity: severityOf(w.kind) }));
}

function spanIn(span, length) {
  if (!span || typeof span.start !== "number" || typeof span.end !== "number") return null;
  const start = Math.max(0, Math.min(length, span.start));
  const end = Math.max(start, Math.min(length, span.end));
  return end > start ? { start, end } : null;
}

/**
 * Splits `answer` at every boundary of every finding, claim and citation marker of
 * `report`, so nested and overlapping spans become flat runs. Each segment carries the
 * findings that cover it (numbered as in `findings(report)`, innermost first), the claim
 * that covers it (the shortest one, if any) and the citation marker it is part of (with
 * `index`, its position in `report.citations.markers`). The segments cover the whole
 * answer, in order, with no gaps: joining their `text` gives `answer` back.
 */
export function segments(answer, report) {
  if (typeof answer !== "string") throw new TypeError("segments(answer, report): answer must be a string");
  const length = answer.length;
  const spanned = (items) => items.map((item) => ({ item, span: spanIn(item.span ?? item, length) })).filter((x) => x.span);
  const warns = spanned(findings(report));
  const claims = spanned(report?.claims ?? []);
  const markers = spanned((report?.citations?.markers ?? []).map((m, index) => ({ ...m, index })));
  const cuts = new Set([0, length]);
  for (const { span } of [...warns, ...claims, ...markers]) cuts.add(span.start).add(span.end);
  const points = [...cuts].sort((a, b) => a - b);
  const width = (x) => x.span.end - x.span.start;
  const out = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [start, end] = [points[i], points[i + 1]];
    const covers = (x) => x.span.start <= start && x.span.end >= end;
    const seg = {
      text: answer.slice(start, end),
      start,
      end,
      findings: warns.filter(covers).sort((a, b) => width(a) - width(b) || a.item.n - b.item.n).map((x) => x.item),
    };
    const claim = claims.filter(covers).sort((a, b) => width(a) - width(b))[0];
    if (claim) seg.claim = claim.item;
    const marker = markers.find(covers);
    if (marker) seg.citation = marker.item;
    out.push(seg);
  }
  return out;
}

/**
 * Renders `answer` with `report`'s findings highlighted into `element` (its children are
 * replaced). Answer text only ever enters the DOM as text nodes, never as HTML.
 *
 * - a finding's span: `<mark class="gc-finding gc-severe|gc-caution" data-kind data-n
 *   title="n. Name in words (KIND): message">`, nested innermost first where spans overlap; its number
 *   follows its end as `<sup class="gc-ref …" aria-hidden="true">n</sup>`, so colour is
 *   not the only signal;
 * - a citation marker: a focusable `<span class="gc-cite" data-marker="index"
 *   role="button">` (`gc-invalid` added when it points at no source).
 *
 * Options: `document` (default `element.ownerDocument`), `classPrefix` (default `"gc-"`),
 * `styles` (default `true`: inline colours from the badge's palette; `false` leaves the
 * look to your CSS). Returns the element.
 */
export function highlight(element, answer, report, options = {}) {
  const doc = options.document ?? element?.ownerDocument;
  if (!doc) throw new TypeError("highlight(element, answer, report): element must be a DOM element (or pass options.document)");
  element.replaceChildren(highlightFragment(doc, answer, report, options));
  return element;
}

/** The same as `highlight()`, as a DocumentFragment of `doc`, for callers that place it themselves. */
export function highlightFragment(doc, answer, report, options = {}) {
  const p = options.classPrefix ?? "gc-";
  const styles = options.styles ?? true;
  const frag = doc.createDocumentFragment();
  const segs = segments(answer, report);
  const seen = new Map(); // finding number → the end of its span, to place its <sup>
  for (const seg of segs) for (const f of seg.findings) seen.set(f.n, Math.max(seen.get(f.n) ?? 0, seg.end));
  for (const seg of segs) {
    let node = doc.createTextNode(seg.text);
    const m = seg.citation;
    if (m) {
      const cite = doc.createElement("span");
      cite.className = `${p}cite${m.valid === false ? ` ${p}invalid` : ""}`;
      cite.tabIndex = 0;
      cite.setAttribute("role", "button");
      cite.setAttribute("aria-label", `citation ${m.raw ?? ""}${m.valid === false ? " (no such source)" : ""}: show the source`);
      cite.dataset.marker = String(m.index);
      cite.append(node);
      node = cite;
    }
    for (const f of seg.findings) {
      const mark = doc.createElement("mark");
      mark.className = `${p}finding ${p}${f.severity}`;
      mark.title = `${f.n}. ${findingName(f.kind)} (${f.kind}): ${f.message ?? ""}`;
      mark.dataset.kind = String(f.kind);
      mark.dataset.n = String(f.n);
      if (styles) {
        const c = COLOURS[f.severity];
        mark.style.backgroundColor = c.background;
        mark.style.color = "inherit";
        mark.style.borderBottom = `2px ${f.severity === "severe" ? "solid" : "dashed"} ${c.colour}`;
      }
      mark.append(node);
      node = mark;
    }
    frag.append(node);
    for (const f of seg.findings.filter((x) => seen.get(x.n) === seg.end).sort((a, b) => a.n - b.n)) {
      const sup = doc.createElement("sup");
      sup.className = `${p}ref ${p}${f.severity}`;
      sup.setAttribute("aria-hidden", "true");
      sup.textContent = String(f.n);
      if (styles) sup.style.color = COLOURS[f.severity].colour;
      frag.append(sup);
    }
  }
  return frag;
}

/**
 * The same markup as `highlightFragment()`, as an HTML string: for a static report, a
 * server-rendered page or an e-mail. Every piece of text and every attribute value is
 * escaped (`&`, `<`, `>`, `"`, `'`), so answer text can never become markup. Options as
 * for `highlight()` (no `document` needed).
 */
export function highlightHTML(answer, report, options = {}) {
  return highlightFragment(stringDocument, answer, report, options).outerHTML;
}

const escapeHTML = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** The few DOM calls highlightFragment makes, building HTML text instead of nodes. */
class StringNode {
  constructor(tag) {
    this.tag = tag;
    this.children = [];
    this.attrs = new Map();
    this.dataset = {};
    this.style = new Proxy({}, { set: (o, k, v) => ((o[k] = v), true) });
    this.className = "";
    this.tabIndex = null;
  }
  setAttribute(name, value) {
    this.attrs.set(name, String(value));
  }
  append(...nodes) {
    this.children.push(...nodes);
  }
  set textContent(text) {
    this.children = [{ outerHTML: escapeHTML(text) }];
  }
  get outerHTML() {
    const inner = this.children.map((c) => (typeof c === "string" ? escapeHTML(c) : c.outerHTML)).join("");
    if (this.tag === null) return inner;
    const attrs = [];
    if (this.className) attrs.push(["class", this.className]);
    if (this.tabIndex !== null) attrs.push(["tabindex", String(this.tabIndex)]);
    attrs.push(...this.attrs);
    for (const [k, v] of Object.entries(this.dataset)) attrs.push([`data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, v]);
    if (this.title) attrs.push(["title", this.title]);
    const css = Object.entries(this.style)
      .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${v}`)
      .join("; ");
    if (css) attrs.push(["style", css]);
    return `<${this.tag}${attrs.map(([k, v]) => ` ${k}="${escapeHTML(v)}"`).join("")}>${inner}</${this.tag}>`;
  }
}

const stringDocument = {
  createElement: (tag) => new StringNode(tag),
  createTextNode: (text) => ({ outerHTML: escapeHTML(text) }),
  createDocumentFragment: () => new StringNode(null),
};
