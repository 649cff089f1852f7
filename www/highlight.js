// Renders an answer with the report's findings highlighted. Every span in a report is in
// UTF-16 code units, i.e. JavaScript string indices, so `text.slice(start, end)` is exact.

import { findingName, highlightFragment, severityOf } from "/js/highlight.mjs";

/** Creates `tag` in `doc` with properties (or attributes) and children. */
export function el(doc, tag, props = {}, ...children) {
  const node = doc.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(node.dataset, v);
    else if (k in node) node[k] = v;
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

/**
 * The answer as a DocumentFragment: groundcheck/highlight's rendering (warning spans in
 * <mark data-kind> numbered like the findings list, citation markers in focusable
 * <span class="cite" data-marker>), with the page's own class names and stylesheet.
 */
export function highlightAnswer(doc, text, report) {
  return highlightFragment(doc, text, report, { classPrefix: "", styles: false });
}

/**
 * The findings as <li>s, numbered like the marks in the answer, each named in words
 * ("Claim not supported by the sources"); the code stays in `data-kind` and the name's
 * `title`.
 */
export function findingsList(doc, text, report) {
  return (report?.warnings ?? []).map((w, i) => {
    const quote = w.span ? el(doc, "q", {}, text.slice(w.span.start, w.span.end)) : el(doc, "em", {}, "whole answer");
    return el(
      doc,
      "li",
      { className: severityOf(w.kind), dataset: { kind: w.kind } },
      el(doc, "span", { className: "n" }, `${i + 1}`),
      el(doc, "div", { className: "what" }, el(doc, "span", { className: "name", title: w.kind }, findingName(w.kind)), " ", quote),
      el(doc, "div", { className: "msg" }, w.message),
    );
  });
}

/**
 * What to show for citation marker `index`: the source(s) it points to and the passage of
 * the source that supports the claim carrying it (from the claim's evidence), if any.
 */
export function citationDetails(report, sources, index) {
  const marker = report?.citations?.markers?.[index];
  if (!marker) return null;
  const claim = (report.claims ?? []).find((c) => c.span.start <= marker.start && c.span.end >= marker.end);
  const targets = marker.sourceIndexes.map((i) => ({ index: i, source: sources[i] })).filter((t) => t.source);
  const ev = claim?.evidence ?? null;
  const evidence = ev && targets.some((t) => String(t.source.id) === String(ev.sourceId)) ? ev : null;
  return { marker, claim, targets, evidence };
}
