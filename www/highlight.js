// Renders an answer with the report's findings highlighted. Every span in a report is in
// UTF-16 code units, i.e. JavaScript string indices, so `text.slice(start, end)` is exact.

/** Warning kinds shown as errors (red); the rest are cautions (amber). */
export const SEVERE = new Set(["CITATION_OUT_OF_RANGE", "PHANTOM_SOURCE", "CONTRADICTION", "SNIPPET_MISMATCH", "STALE_SOURCE", "LINE_MISMATCH"]);

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
 * The answer as a DocumentFragment: warning spans in <mark data-kind> (numbered like the
 * findings list, so colour is not the only signal), citation markers in focusable
 * <span class="cite" data-marker>.
 */
export function highlightAnswer(doc, text, report) {
  const warnings = (report?.warnings ?? []).map((w, n) => ({ ...w, n: n + 1 })).filter((w) => w.span && w.span.end > w.span.start);
  const markers = report?.citations?.markers ?? [];
  const clamp = (x) => Math.max(0, Math.min(text.length, x));
  const cuts = new Set([0, text.length]);
  for (const w of warnings) cuts.add(clamp(w.span.start)).add(clamp(w.span.end));
  for (const m of markers) cuts.add(clamp(m.start)).add(clamp(m.end));
  const points = [...cuts].sort((a, b) => a - b);
  const frag = doc.createDocumentFragment();
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i], points[i + 1]];
    let node = doc.createTextNode(text.slice(a, b));
    const mi = markers.findIndex((m) => m.start <= a && m.end >= b);
    if (mi >= 0) {
      const m = markers[mi];
      node = el(doc, "span", {
        className: `cite${m.valid ? "" : " invalid"}`,
        tabIndex: 0,
        role: "button",
        "aria-label": `citation ${m.raw}${m.valid ? "" : " (no such source)"}: show the source`,
        dataset: { marker: String(mi) },
      }, node);
    }
    // Innermost first: shorter spans wrap the text before longer ones wrap them.
    const covering = warnings.filter((w) => w.span.start <= a && w.span.end >= b).sort((x, y) => (x.span.end - x.span.start) - (y.span.end - y.span.start));
    for (const w of covering) {
      node = el(doc, "mark", {
        className: `finding ${SEVERE.has(w.kind) ? "severe" : "caution"}`,
        title: `${w.n}. ${w.kind}: ${w.message}`,
        dataset: { kind: w.kind, n: String(w.n) },
      }, node);
    }
    frag.append(node);
    for (const w of warnings.filter((x) => clamp(x.span.end) === b)) {
      frag.append(el(doc, "sup", { className: `ref ${SEVERE.has(w.kind) ? "severe" : "caution"}`, "aria-hidden": "true" }, String(w.n)));
    }
  }
  return frag;
}

/** The findings as <li>s, numbered like the marks in the answer. */
export function findingsList(doc, text, report) {
  return (report?.warnings ?? []).map((w, i) => {
    const quote = w.span ? el(doc, "q", {}, text.slice(w.span.start, w.span.end)) : el(doc, "em", {}, "whole answer");
    return el(
      doc,
      "li",
      { className: SEVERE.has(w.kind) ? "severe" : "caution", dataset: { kind: w.kind } },
      el(doc, "span", { className: "n" }, `${i + 1}`),
      el(doc, "div", { className: "what" }, el(doc, "code", { className: "kind" }, w.kind), " ", quote),
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
